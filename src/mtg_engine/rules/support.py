"""What the engine can execute: the honest side of ``mtg cards coverage``.

The compiler turns Oracle text into ability records; a card only *works* when
the engine implements every construct those records use. :func:`features`
lists the constructs of an ability as strings (``"effect:damage"``,
``"static:modify_pt"``, ``"cond:controller"``, ``"ref:TargetRef"``,
``"trigger:enters"``, ``"keyword:Flying"``, ``"cost:tap"`` ...) and
:func:`unsupported` returns those the engine doesn't implement. Each entry of
:data:`SUPPORTED` is implemented somewhere under ``rules/``, ``effects/`` or
``keywords/``; adding a construct to the engine means adding it here.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from ..cards.abilities import (
    Ability,
    AbilityKind,
    Amount,
    CompiledFace,
    Condition,
    Cost,
    Effect,
    Filter,
    Mode,
    StaticEffect,
    TargetSpec,
    Trigger,
)

#: keyword abilities the engine implements (CR 702), by their CR names;
#: modules that implement more add them with :func:`register_keywords`.
KEYWORDS: set[str] = set(
    {
        "Flying",
        "Reach",
        "First strike",
        "Double strike",
        "Trample",
        "Deathtouch",
        "Lifelink",
        "Vigilance",
        "Haste",
        "Defender",
        "Menace",
        "Flash",
        "Hexproof",
        "Shroud",
        "Indestructible",
        "Intimidate",
        "Fear",
        "Shadow",
        "Horsemanship",
        "Skulk",
        "Infect",
        "Wither",
        "Protection",
        "Landwalk",
        "Enchant",
        "Phasing",
    }
)


def register_keywords(*names: str) -> None:
    """Declare keyword abilities implemented (call at import of the implementing module)."""
    KEYWORDS.update(names)


def register(*constructs: str) -> None:
    """Declare constructs implemented, e.g. ``register("static:cant_block", "cost:exile")``."""
    SUPPORTED.update(constructs)


_EFFECT_ARG_KEYS = frozenset(
    {
        "amount",
        "to",
        "what",
        "player",
        "source",
        "duration",
        "power",
        "toughness",
        "keyword",
        "counter",
        "token",
        "tapped",
        "controller",
        "a",
        "b",
        "mana",
        "choice",
        "any_color",
        "no_regenerate",
        "position",
        "under",
        "random",
        "filter",
        "reveal",
        "cost",
        "effects",
    }
)

SUPPORTED: set[str] = set(
    {
        # refs (CR 115, 109.5, 603.7c)
        "ref:TargetRef",
        "ref:SelfRef",
        "ref:ControllerRef",
        "ref:TriggerRef",
        "ref:EachRef",
        "ref:ControllerOfRef",
        "ref:OwnerOfRef",
        # amounts
        "amount:x",
        "amount:fixed",
        "amount:count",
        "amount:power",
        "amount:toughness",
        "amount:life",
        "amount:hand_size",
        "amount:that_much",
        # filters (CR 109.2)
        *(
            f"cond:{k}"
            for k in (
                "color",
                "not_color",
                "colorless",
                "controller",
                "owner",
                "type",
                "not_type",
                "subtype",
                "not_subtype",
                "supertype",
                "not_supertype",
                "tapped",
                "keyword",
                "not_keyword",
                "other",
                "self",
                "name",
                "attacking",
                "blocking",
                "power_le",
                "power_ge",
                "toughness_le",
                "toughness_ge",
                "mv_le",
                "mv_ge",
                "mv_eq",
                "zone",
                "enchanted_by",
                "subtype_in",
                "token",
                "not_token",
                "counter",
                "or_self",
                "mana_value_le",
                "mana_value_ge",
                "mana_value_eq",
                "equipped_by",
                "you",
                "opponent",
            )
        ),
        "kind:Creature",
        "kind:Artifact",
        "kind:Enchantment",
        "kind:Land",
        "kind:Planeswalker",
        "kind:Battle",
        "kind:Instant",
        "kind:Sorcery",
        "kind:permanent",
        "kind:spell",
        "kind:player",
        "kind:card",
        "kind:ability",
        # statics (CR 604, 613) and restrictions (CR 508.1c, 509.1b)
        "static:modify_pt",
        "static:set_pt",
        "static:grant_keyword",
        "static:add_types",
        "static:set_colors",
        "static:lose_all_abilities",
        "static:cant_block",
        "static:cant_attack",
        "static:cant_attack_or_block",
        "static:cant_be_blocked",
        "static:must_attack",
        "static:enters_tapped",
        "static:enters_with_counters",
        # triggers (CR 603)
        "trigger:enters",
        "trigger:dies",
        "trigger:leaves",
        "trigger:attacks",
        "trigger:blocks",
        "trigger:becomes_blocked",
        "trigger:deals_damage",
        "trigger:deals_combat_damage",
        "trigger:cast",
        "trigger:step",
        "trigger:draw",
        "trigger:gain_life",
        "trigger:put_into_graveyard",
        # costs (CR 118, 602)
        "cost:mana",
        "cost:tap",
        "cost:untap",
        "cost:life",
        "cost:sacrifice",
        "cost:discard",
        "cost:remove_counters",
        # conditions (CR 603.4)
        *(
            f"condition:{k}"
            for k in (
                "control",
                "you_control",
                "you_control_n",
                "not",
                "you_do",
                "not_control",
                "life_at_least",
                "life_at_most",
                "opponent_life_at_most",
                "hand_size_at_most",
                "graveyard_at_least",
                "your_turn",
                "not_your_turn",
                "source_tapped",
                "source_untapped",
            )
        ),
        "timing:sorcery",
        "limit_per_turn",
        "optional",
        "modes",
        "divide:damage",
        "divide:counters",
    }
)


def _walk_value(v: Any, out: set[str]) -> None:
    if isinstance(v, Filter):
        for k in v.kinds:
            out.add(f"kind:{k}")
        for key, val in v.conditions:
            out.add(f"cond:{key}")
            if key.endswith(("_le", "_ge", "_eq")) and not isinstance(val, int):
                out.add(f"cond_value:{key}")  # "mana value X or less": not run yet
            _walk_value(val, out)
    elif isinstance(v, Amount):
        out.add(f"amount:{v.kind}")
        if v.filter is not None:
            _walk_value(v.filter, out)
        if v.ref is not None:
            _walk_value(v.ref, out)
    elif isinstance(v, Effect):
        out.add(f"effect:{v.op}")
        for k, x in v.args.items():
            if k not in _EFFECT_ARG_KEYS:
                out.add(f"arg:{v.op}.{k}")
            _walk_value(x, out)
        if v.optional:
            out.add("optional")
        if v.condition is not None:
            _walk_value(v.condition, out)
    elif isinstance(v, Condition):
        out.add(f"condition:{v.kind}")
        for x in v.args.values():
            _walk_value(x, out)
    elif isinstance(v, TargetSpec):
        _walk_value(v.filter, out)
        if not isinstance(v.min, int) or not isinstance(v.max, int):
            out.add("targets:variable_count")  # "up to X targets": not run yet
        if v.divide:
            out.add(f"divide:{v.divide}")
    elif isinstance(v, StaticEffect):
        out.add(f"static:{v.op}")
        if v.affected is not None:
            _walk_value(v.affected, out)
        if v.condition is not None:
            _walk_value(v.condition, out)
    elif isinstance(v, Mode):
        for e in v.effects:
            _walk_value(e, out)
        for t in v.targets:
            _walk_value(t, out)
    elif isinstance(v, list | tuple):
        for x in v:
            _walk_value(x, out)
    elif isinstance(v, dict):
        for x in v.values():
            _walk_value(x, out)
    elif is_dataclass(v) and not isinstance(v, type):
        out.add(f"ref:{type(v).__name__}")
        for f in fields(v):
            _walk_value(getattr(v, f.name), out)


def _cost_features(cost: Cost, out: set[str]) -> None:
    if cost.mana:
        out.add("cost:mana")
    if cost.tap:
        out.add("cost:tap")
    if cost.untap:
        out.add("cost:untap")
    if cost.life:
        out.add("cost:life")
    if cost.sacrifice is not None:
        out.add("cost:sacrifice")
        _walk_value(cost.sacrifice, out)
    if cost.discard is not None:
        out.add("cost:discard")
        _walk_value(cost.discard, out)
    if cost.exile is not None:
        out.add("cost:exile")
    if cost.remove_counters:
        out.add("cost:remove_counters")
        if any(not isinstance(n, int) for _, n in cost.remove_counters):
            out.add("cost:variable_counters")  # "remove X counters": not run yet
    if (
        not isinstance(cost.life, int)
        or not isinstance(cost.sacrifice_count, int)
        or not isinstance(cost.discard_count, int)
    ):
        out.add("cost:variable_amount")
    if getattr(cost, "loyalty", None) is not None:
        out.add("cost:loyalty")
    for k, _v in getattr(cost, "other", ()):
        out.add(f"cost:{k}")


def features(ability: Ability) -> set[str]:
    """Every construct this ability uses."""
    out: set[str] = set()
    if ability.keyword:
        out.add(f"keyword:{ability.keyword}")
        if ability.keyword in KEYWORDS:
            return out  # the keyword's own rules live in keywords/
    for e in ability.effects:
        _walk_value(e, out)
    for t in ability.targets:
        _walk_value(t, out)
    if ability.cost is not None:
        _cost_features(ability.cost, out)
    if ability.trigger is not None:
        trig: Trigger = ability.trigger
        out.add(f"trigger:{trig.event}")
        if trig.subject is not None:
            _walk_value(trig.subject, out)
        if trig.condition is not None:
            _walk_value(trig.condition, out)
        for k, _v in getattr(trig, "details", ()):
            if k == "what" and trig.event in ("cast", "deals_damage", "deals_combat_damage"):
                continue  # the spell cast / the damaged recipient (rules/triggers.py)
            if k not in ("graveyard",):
                out.add(f"trigger_detail:{k}")
    for st in ability.static:
        _walk_value(st, out)
    if ability.modes:
        out.add("modes")
        for m in ability.modes:
            _walk_value(m, out)
    if ability.timing:
        out.add(f"timing:{ability.timing}")
    if ability.limit_per_turn is not None:
        out.add("limit_per_turn")
    if ability.optional:
        out.add("optional")
    for k, _v in getattr(ability, "restrictions", ()):
        out.add(f"restriction:{k}")
    if ability.kind is AbilityKind.STATIC and not ability.static and not ability.keyword:
        out.add("static:empty")
    return out


def unsupported(ability: Ability) -> list[str]:
    """The constructs of ``ability`` the engine does not implement (sorted)."""
    from .. import keywords as _keywords  # noqa: F401  (keyword modules register themselves)
    from ..effects import REGISTRY

    bad = []
    for f in features(ability):
        if f.startswith("effect:"):
            if f[7:] not in REGISTRY:
                bad.append(f)
        elif f.startswith("keyword:"):
            if f[8:] not in KEYWORDS:
                bad.append(f)
        elif f not in SUPPORTED:
            bad.append(f)
    return sorted(bad)


def face_unsupported(face: CompiledFace) -> list[str]:
    out: set[str] = set()
    for a in face.abilities:
        out.update(unsupported(a))
    return sorted(out)
