"""Combat keywords that are triggered abilities, each implemented once (CR 702).

========================  ==========  ==========================================
keyword                   rule        triggers on (events emitted by combat)
========================  ==========  ==========================================
Rampage N                 702.23      ``becomes_blocked``: +N/+N per blocker beyond
                                      the first, counted on resolution (702.23b)
Flanking                  702.25      ``blocked_by`` a creature without flanking:
                                      it gets -1/-1 until end of turn
Provoke                   702.39      ``attacks``: you may have target creature
                                      defending player controls untap and block it
                                      if able
Bushido N                 702.45      ``blocks`` / ``becomes_blocked``: +N/+N
Frenzy N                  702.68      ``attacks_unblocked``: +N/+0
Exalted                   702.83      ``attacks_alone``: that creature gets +1/+1
                                      (every instance on every permanent you
                                      control triggers, 702.83b)
Annihilator N             702.86      ``attacks``: defending player sacrifices N
                                      permanents
Battle cry                702.91      ``attacks``: each other attacking creature
                                      gets +1/+0
Melee                     702.121     ``attacks``: +1/+1 per opponent you attacked
                                      this combat (702.121b)
Afflict N                 702.130     ``becomes_blocked``: defending player loses
                                      N life
Poisonous N               702.70      ``damage`` (combat, to a player): that
                                      player gets N poison counters
Mentor                    702.134     ``attacks``: a +1/+1 counter on target
                                      attacking creature with less power
Ingest                    702.115     ``damage`` (combat, to a player): that
                                      player exiles the top card of their library
Dethrone                  702.105     ``attacks`` the player with the most life or
                                      tied for most life: a +1/+1 counter on it
Training                  702.149     ``attacks`` with another attacking creature
                                      with greater power: a +1/+1 counter on it
========================  ==========  ==========================================

Each instance of a keyword triggers separately (702.23c, 702.25b, 702.45b, 702.105b, 702.149b,
702.68b, 702.70b, 702.83b, 702.86b, 702.121b, 702.130b); the abilities are only what
the keywords say, so a creature that gains a keyword before the event
triggers, one that gains it afterwards doesn't (509.3f, flanking ruling).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import (
    EachRef,
    Effect,
    Filter,
    SelfRef,
    TargetRef,
    TargetSpec,
    TriggerRef,
)
from ..game.actions import ref_player
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.characteristics import chars
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

RAMPAGE = "Rampage"
FLANKING = "Flanking"
PROVOKE = "Provoke"
BUSHIDO = "Bushido"
FRENZY = "Frenzy"
EXALTED = "Exalted"
ANNIHILATOR = "Annihilator"
BATTLE_CRY = "Battle cry"
MELEE = "Melee"
AFFLICT = "Afflict"
POISONOUS = "Poisonous"
MENTOR = "Mentor"
INGEST = "Ingest"
DETHRONE = "Dethrone"
TRAINING = "Training"

register_keywords(
    RAMPAGE,
    FLANKING,
    PROVOKE,
    BUSHIDO,
    FRENZY,
    EXALTED,
    ANNIHILATOR,
    BATTLE_CRY,
    MELEE,
    AFFLICT,
    POISONOUS,
    MENTOR,
    INGEST,
    DETHRONE,
    TRAINING,
)

#: the rule that defines each keyword's triggered ability
RULES = {
    RAMPAGE: "702.23a",
    FLANKING: "702.25a",
    PROVOKE: "702.39a",
    BUSHIDO: "702.45a",
    FRENZY: "702.68a",
    EXALTED: "702.83a",
    ANNIHILATOR: "702.86a",
    BATTLE_CRY: "702.91a",
    MELEE: "702.121a",
    AFFLICT: "702.130a",
    POISONOUS: "702.70a",
    MENTOR: "702.134a",
    INGEST: "702.115a",
    DETHRONE: "702.105a",
    TRAINING: "702.149a",
}

_CACHE: dict[tuple[str, int], Ability] = {}


def _eot(what: Any, p: int, t: int) -> Effect:
    return Effect(
        "modify_pt", {"what": what, "power": p, "toughness": t, "duration": "end_of_turn"}
    )


def _n(a: Ability) -> int:
    try:
        return int(a.keyword_args.get("n", 1))
    except (TypeError, ValueError):
        return 1


def ability(keyword: str, n: int = 1) -> Ability:
    """The triggered ability ``keyword`` N stands for (shared, immutable)."""
    key = (keyword, n)
    got = _CACHE.get(key)
    if got is None:
        got = _build(keyword, n)
        _CACHE[key] = got
    return got


def _build(keyword: str, n: int) -> Ability:
    return _with_rule(_build_ability(keyword, n), RULES[keyword])


def _with_rule(a: Ability, rule: str) -> Ability:
    """The rule the keyword_trigger event cites (see ``common.add_pending_trigger``)."""
    return replace(a, keyword_args={**a.keyword_args, "rule": rule})


def _build_ability(keyword: str, n: int) -> Ability:
    if keyword == RAMPAGE:
        return keyword_trigger(
            keyword,
            f"Rampage {n} (Whenever this creature becomes blocked, it gets +{n}/+{n} until end "
            "of turn for each creature blocking it beyond the first.)",
            (Effect("rampage_bonus", {"n": n}),),
        )
    if keyword == FLANKING:
        return keyword_trigger(
            keyword,
            "Flanking (Whenever a creature without flanking blocks this creature, the blocking "
            "creature gets -1/-1 until end of turn.)",
            (_eot(TriggerRef(), -1, -1),),
        )
    if keyword == PROVOKE:
        return keyword_trigger(
            keyword,
            "Provoke (Whenever this creature attacks, you may have target creature defending "
            "player controls untap and block it if able.)",
            (
                Effect("untap", {"what": TargetRef(0)}),
                Effect("must_block_attacker", {"what": TargetRef(0)}),
            ),
            targets=(TargetSpec(Filter(("Creature",), conditions=(("controller", "opponent"),))),),
            optional=True,
        )
    if keyword == BUSHIDO:
        return keyword_trigger(
            keyword,
            f"Bushido {n} (Whenever this creature blocks or becomes blocked, it gets +{n}/+{n} "
            "until end of turn.)",
            (_eot(SelfRef(), n, n),),
        )
    if keyword == FRENZY:
        return keyword_trigger(
            keyword,
            f"Frenzy {n} (Whenever this creature attacks and isn't blocked, it gets +{n}/+0 "
            "until end of turn.)",
            (_eot(SelfRef(), n, 0),),
        )
    if keyword == EXALTED:
        return keyword_trigger(
            keyword,
            "Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1 "
            "until end of turn.)",
            (_eot(TriggerRef(), 1, 1),),
        )
    if keyword == ANNIHILATOR:
        return keyword_trigger(
            keyword,
            f"Annihilator {n} (Whenever this creature attacks, defending player sacrifices {n} "
            "permanent(s) of their choice.)",
            (
                Effect(
                    "sacrifice",
                    {
                        "player": TriggerRef("player"),
                        "filter": Filter(("permanent",)),
                        "amount": n,
                    },
                ),
            ),
        )
    if keyword == BATTLE_CRY:
        return keyword_trigger(
            keyword,
            "Battle cry (Whenever this creature attacks, each other attacking creature gets "
            "+1/+0 until end of turn.)",
            (
                _eot(
                    _each_other_attacker(),
                    1,
                    0,
                ),
            ),
        )
    if keyword == MELEE:
        return keyword_trigger(
            keyword,
            "Melee (Whenever this creature attacks, it gets +1/+1 until end of turn for each "
            "opponent you attacked this combat.)",
            (Effect("melee_bonus", {}),),
        )
    if keyword == AFFLICT:
        return keyword_trigger(
            keyword,
            f"Afflict {n} (Whenever this creature becomes blocked, defending player loses {n} "
            "life.)",
            (Effect("lose_life", {"player": TriggerRef("player"), "amount": n}),),
        )
    if keyword == POISONOUS:
        return keyword_trigger(
            keyword,
            f"Poisonous {n} (Whenever this creature deals combat damage to a player, that "
            f"player gets {n} poison counter{'s' if n != 1 else ''}.)",
            (
                Effect(
                    "put_counters",
                    {"what": TriggerRef("player"), "counter": "poison", "amount": n},
                ),
            ),
        )
    if keyword == INGEST:
        return keyword_trigger(
            keyword,
            "Ingest (Whenever this creature deals combat damage to a player, that player exiles "
            "the top card of their library.)",
            (Effect("exile_top", {"player": TriggerRef("player"), "amount": 1}),),
        )
    if keyword == MENTOR:
        lesser = Filter(("Creature",), conditions=(("attacking", True), ("power_lt_source", True)))
        return keyword_trigger(
            keyword,
            "Mentor (Whenever this creature attacks, put a +1/+1 counter on target attacking "
            "creature with lesser power.)",
            (Effect("put_counters", {"what": TargetRef(0), "counter": "+1/+1", "amount": 1}),),
            targets=(TargetSpec(lesser),),
        )
    if keyword == DETHRONE:
        when = "attacks the player with the most life or tied for most life"
        return _counter_on_itself(keyword, when)
    if keyword == TRAINING:
        when = (
            "and at least one other creature with power greater than this creature's power attack"
        )
        return _counter_on_itself(keyword, when)
    raise KeyError(keyword)


def _counter_on_itself(keyword: str, when: str) -> Ability:
    """ "Whenever this creature [when], put a +1/+1 counter on this creature" (dethrone
    702.105a, training 702.149a)."""
    return keyword_trigger(
        keyword,
        f"{keyword} (Whenever this creature {when}, put a +1/+1 counter on this creature.)",
        (Effect("put_counters", {"what": SelfRef(), "counter": "+1/+1", "amount": 1}),),
    )


def _each_other_attacker() -> Any:
    return EachRef(Filter(("Creature",), conditions=(("attacking", True), ("other", True))))


def _fire(game: Game, obj: GameObject, keyword: str, event: dict[str, Any]) -> None:
    """One trigger per instance of the keyword on ``obj`` (CR 702.x "each triggers
    separately")."""
    for inst in keyword_instances(game, obj, keyword):
        if inst.trigger is not None:
            continue  # the triggered ability itself, not an instance of the keyword
        n = _n(inst)
        add_pending_trigger(game, obj, obj.controller, ability(keyword, n), event)


def _obj(game: Game, ev: Event) -> GameObject | None:
    o = game.objects.get(ev.data.get("obj", -1))
    return o if o is not None and not o.phased_out else None


def _data(ev: Event) -> dict[str, Any]:
    return {k: v for k, v in ev.data.items() if isinstance(v, int | str | bool)}


@on_event(
    EventKind.ATTACKS,
    keywords=(PROVOKE, ANNIHILATOR, BATTLE_CRY, MELEE, MENTOR, DETHRONE, TRAINING),
)
def _on_attacks(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 508.1m: provoke, annihilator, battle cry, melee, mentor, dethrone, training."""
    o = _obj(game, ev)
    if o is None:
        return
    data = _data(ev)
    for kw in (PROVOKE, ANNIHILATOR, BATTLE_CRY, MELEE, MENTOR):
        _fire(game, o, kw, data)
    if _attacks_the_most_life(game, ev.data.get("defender")):
        _fire(game, o, DETHRONE, data)
    if _attacks_with_greater_power(game, o):
        _fire(game, o, TRAINING, data)


def _attacks_with_greater_power(game: Game, o: GameObject) -> bool:
    """CR 702.149a: another creature declared as an attacker with it has greater power."""
    mine = chars(game, o).power or 0
    for other, _ in game.turn_flags.attacks_declared:
        x = game.objects.get(other)
        if other != o.id and x is not None and (chars(game, x).power or 0) > mine:
            return True
    return False


def _attacks_the_most_life(game: Game, defender: Any) -> bool:
    """CR 702.105a: the creature attacks a player (not a planeswalker or battle) with
    the most life or tied for most life."""
    player = ref_player(defender) if isinstance(defender, int) else None
    if player is None:
        return False
    most = max(p.life for p in game.players if not p.has_lost)
    return game.players[player].life >= most


@on_event(EventKind.ATTACKS_ALONE, keywords=(EXALTED,))
def _on_attacks_alone(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.83a-b: exalted on every permanent the attacking player controls."""
    o = _obj(game, ev)
    if o is None:
        return
    data = _data(ev)
    for oid in list(game.battlefield):
        p = game.objects[oid]
        if p.controller == o.controller and not p.phased_out:
            _fire(game, p, EXALTED, data)


@on_event(EventKind.BLOCKS, keywords=(BUSHIDO,))
def _on_blocks(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.45a: bushido of a blocking creature."""
    o = _obj(game, ev)
    if o is not None:
        _fire(game, o, BUSHIDO, _data(ev))


@on_event(EventKind.BECOMES_BLOCKED, keywords=(RAMPAGE, BUSHIDO, AFFLICT))
def _on_becomes_blocked(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 509.3c: rampage, bushido, afflict of a creature that becomes blocked."""
    o = _obj(game, ev)
    if o is None:
        return
    data = _data(ev)
    for kw in (RAMPAGE, BUSHIDO, AFFLICT):
        _fire(game, o, kw, data)


@on_event(EventKind.BLOCKED_BY, keywords=(FLANKING,))
def _on_blocked_by(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.25a: flanking, once per creature without flanking that blocks it
    (509.3d; also through a band, 702.22h)."""
    o = _obj(game, ev)
    blocker = game.objects.get(ev.data.get("blocker", -1))
    if o is None or blocker is None:
        return
    if keyword_instances(game, blocker, FLANKING):
        return  # CR 702.25a: only creatures without flanking
    _fire(game, o, FLANKING, {"obj": blocker.id, "attacker": o.id})


@on_event(EventKind.ATTACKS_UNBLOCKED, keywords=(FRENZY,))
def _on_unblocked(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.68a, 509.3g: frenzy."""
    o = _obj(game, ev)
    if o is not None:
        _fire(game, o, FRENZY, _data(ev))


@on_event("damage", keywords=(POISONOUS, INGEST))
def _on_combat_damage(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.70a, 702.115a: poisonous and ingest of a creature that dealt combat
    damage to a player."""
    d = ev.data
    target = d.get("target")
    if not d.get("combat") or not isinstance(target, int) or target >= 0:
        return
    o = game.objects.get(d.get("source", -1))
    if o is not None and not o.phased_out:
        for kw in (POISONOUS, INGEST):
            _fire(game, o, kw, {"player": -target - 1, "obj": o.id})
