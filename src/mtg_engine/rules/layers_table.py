"""The tables of the layer system (CR 613): layer order, which layer each static
ability op works in, what each op changes. No dependencies but the ability
records, so that both :mod:`mtg_engine.rules.characteristics` and
:mod:`mtg_engine.rules.layers` can import it at load time.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from ..cards.abilities import Filter, StaticEffect

#: sort keys of the layers and sublayers (CR 613.1-613.4); "r" = rules effects (CR 613.11)
LAYER_KEY: dict[str, int] = {
    "1a": 10,
    "1b": 11,
    "2": 20,
    "3": 30,
    "4": 40,
    "5": 50,
    "6": 60,
    "7a": 71,
    "7b": 72,
    "7c": 73,
    "7d": 74,
    "6r": 80,
    "r": 80,
}

#: the restriction "[its] activated abilities can't be activated unless they're mana
#: abilities" puts on an object (Faith's Fetters; CR 602.5, 605.1a), from a
#: ``cant_activate_abilities`` static with ``except_mana``
CANT_ACTIVATE_NONMANA = "cant_activate_nonmana_abilities"

_RESTRICTIONS = (
    "cant_block",
    "cant_attack",
    "cant_attack_or_block",
    "cant_be_blocked",
    "must_attack",
    "must_block",
    "cant_block_alone",
    "cant_attack_alone",
    "cant_be_blocked_by_more_than_one",
    "must_be_blocked",
    "doesnt_untap",
    "cant_be_sacrificed",
    "cant_transform",
    "cant_be_regenerated",
    "cant_crew",
    "cant_activate_abilities",
    "assign_damage_by_toughness",
    "assign_no_combat_damage",
    "attack_despite_defender",
)

#: the keywords of which several instances on one object are redundant (CR 702.2f
#: deathtouch, 702.3c defender, 702.4e double strike, 702.7d first strike, 702.8b flash,
#: 702.9c flying, 702.10d haste, 702.11h the same hexproof, 702.12c indestructible,
#: 702.13c intimidate, 702.14e the same landwalk, 702.15f lifelink, 702.16m protection
#: from the same quality, 702.17c reach, 702.18b shroud, 702.19g trample, 702.20c
#: vigilance, 702.22m banding, 702.26p phasing, 702.28c shadow, 702.31c horsemanship,
#: 702.36c fear, 702.51d convoke, 702.61c split second, 702.66c delve, 702.80d wither,
#: 702.88c rebound, 702.90f infect, 702.111c menace, 702.118c skulk, 702.126c improvise,
#: 702.155c read ahead), in lower case. Of any other keyword each instance functions
#: independently (CR 113.2c): a second ward, prowess or exalted triggers too.
REDUNDANT_KEYWORDS: frozenset[str] = frozenset(
    (
        "deathtouch",
        "defender",
        "double strike",
        "first strike",
        "flash",
        "flying",
        "haste",
        "hexproof",
        "indestructible",
        "intimidate",
        "landwalk",
        "lifelink",
        "protection",
        "reach",
        "shroud",
        "trample",
        "vigilance",
        "banding",
        "phasing",
        "shadow",
        "horsemanship",
        "fear",
        "convoke",
        "split second",
        "delve",
        "wither",
        "rebound",
        "infect",
        "menace",
        "skulk",
        "improvise",
        "read ahead",
    )
)

#: static-ability ops that are continuous effects, with their layer (CR 613.1)
STATIC_LAYERS: dict[str, str] = {
    "control": "2",
    "text_change": "3",
    "add_types": "4",
    "set_types": "4",
    "lose_types": "4",
    "set_colors": "5",
    "add_colors": "5",
    "grant_keyword": "6",
    "grant_ability": "6",
    "lose_all_abilities": "6",
    "lose_keyword": "6",
    "cda_pt": "7a",
    "set_pt": "7b",
    "set_base_pt": "7b",
    "modify_pt": "7c",
    "switch_pt": "7d",
    "become": "4",  # several layers, CR 613.6
    **{r: "6r" for r in _RESTRICTIONS},
}

#: which characteristics an op changes (for CR 613.8a dependencies)
_WRITES: dict[str, frozenset[str]] = {
    "text_change": frozenset(("abilities", "colors", "types")),
    "add_types": frozenset(("types",)),
    "set_types": frozenset(("types",)),
    "lose_types": frozenset(("types",)),
    "changeling": frozenset(("types",)),
    "set_colors": frozenset(("colors",)),
    "add_colors": frozenset(("colors",)),
    "devoid": frozenset(("colors",)),
    "grant_keyword": frozenset(("abilities",)),
    "grant_ability": frozenset(("abilities",)),
    "lose_all_abilities": frozenset(("abilities",)),
    "lose_keyword": frozenset(("abilities",)),
    "keyword_counter": frozenset(("abilities",)),
    "cda_pt": frozenset(("pt",)),
    "set_pt": frozenset(("pt",)),
    "set_base_pt": frozenset(("pt",)),
    "modify_pt": frozenset(("pt",)),
    "switch_pt": frozenset(("pt",)),
}

#: ``GameObject.chosen`` key: each keyword counter kind's timestamp (CR 613.7c), set
#: as a counter of that kind is put on the permanent (rules/counters.py)
COUNTER_TIMESTAMPS: Final = "counter_timestamps"

#: CR 122.1b: counters that grant the keyword ability they name (layer 6, CR 613.1f)
KEYWORD_COUNTERS: dict[str, str] = {
    k.lower(): k
    for k in (
        "Flying",
        "First strike",
        "Double strike",
        "Deathtouch",
        "Decayed",
        "Exalted",
        "Haste",
        "Hexproof",
        "Indestructible",
        "Lifelink",
        "Menace",
        "Reach",
        "Shadow",
        "Trample",
        "Vigilance",
    )
}


#: op -> layer sort key, for static abilities ("become" starts in layer 4, CR 613.6)
_STATIC_KEY: dict[str, int] = {
    op: (40 if op == "become" else LAYER_KEY[layer]) for op, layer in STATIC_LAYERS.items()
}


def abilities_of(st: StaticEffect) -> StaticEffect:
    """ "Activated abilities of artifacts [your opponents control] can't be activated"
    (Null Rod, Linvala, Keeper of Silence; CR 602.5): the restriction is put on the
    objects whose abilities those are, as "its activated abilities can't be
    activated" (mana abilities too: they are activated abilities, CR 605.1a). The
    same static ability for any other shape."""
    aff = st.affected
    if st.op != "cant_activate_abilities" or not isinstance(aff, Filter):
        return st
    if aff.kinds != ("ability",):
        return st
    conds = dict(aff.conditions)
    of = conds.get("of")
    if len(conds) != 2 or conds.get("activated") is not True or not isinstance(of, Filter):
        return st
    return dataclasses.replace(st, affected=of)
