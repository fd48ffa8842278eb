"""Battles (CR 310): defense, protectors, defeat.

Already elsewhere: a battle enters with defense counters (CR 310.4b,
``rules/replacement.py``), damage removes them (CR 310.6, 120.3h,
``rules/damage.py``), battles are attacked (CR 310.5, 508.1b) and protected
(CR 310.8, ``rules/combat_rules.protector_of``). Here:

* CR 310.7, 704.5v: a battle with defense 0 that isn't the source of a
  triggered ability that has triggered but not yet left the stack is put into
  its owner's graveyard (:func:`battles_to_graveyard`, checked by ``rules/sba.py``);
* CR 310.11b: a Siege has "When the last defense counter is removed from this
  permanent, exile it, then you may cast it transformed without paying its
  mana cost." (:func:`_last_defense_counter`; resolution: ``effects/battle.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Ability, AbilityKind, Effect, Trigger
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from .characteristics import chars

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game
    from .char_values import Chars

DEFENSE: Final = "defense"

#: CR 310.11b: the Sieges' intrinsic triggered ability
SIEGE_ABILITY: Final = Ability(
    AbilityKind.TRIGGERED,
    text="When the last defense counter is removed from this permanent, exile it, then you "
    "may cast it transformed without paying its mana cost.",
    effects=(Effect("siege_defeated", {}),),
    trigger=Trigger("defeated"),
    keyword_args={"rule": "310.11b"},
)


def _source_of_pending_trigger(game: Game, oid: int) -> bool:
    if any(t.get("source") == oid for t in game.pending_triggers):
        return True
    for sid in game.stack:
        s = game.objects[sid]
        if s.stack_kind == "triggered" and s.source_id == oid:
            return True
    return False


def _printed_defense(o: GameObject) -> bool:
    """Whether the face up has a printed defense (cached per card face)."""
    key = (DEFENSE, o.face)
    got = o.card.cache.get(key)
    if got is None:
        faces = o.card.faces
        got = 0 <= o.face < len(faces) and faces[o.face].defense is not None
        o.card.cache[key] = got
    return got


def battle_candidates(game: Game) -> list[int]:
    """Battles with defense 0 (CR 704.5v), whatever is on the stack."""
    out = []
    objects = game.objects
    for oid in game.battlefield:
        o = objects[oid]
        if o.phased_out or (DEFENSE not in o.counters and not _printed_defense(o)):
            continue  # not a battle, or no defense known (card data without one)
        if is_battle_candidate(o, chars(game, o)):
            out.append(oid)
    return out


def is_battle_candidate(o: GameObject, c: Chars) -> bool:
    """Whether the permanent ``o`` (not phased out, characteristics ``c``) is one of
    :func:`battle_candidates`: a battle with defense 0, or with no defense counter
    though its card has a defense."""
    if "Battle" not in c.types:
        return False
    d = o.counters.get(DEFENSE)
    return d <= 0 if d is not None else _printed_defense(o)


def battles_to_graveyard(game: Game, candidates: list[int] | None = None) -> list[int]:
    """CR 704.5v: those battles that aren't the source of an ability that has
    triggered but not yet left the stack."""
    if candidates is None:
        candidates = battle_candidates(game)
    return [
        oid
        for oid in candidates
        if oid in game.objects
        and game.objects[oid].zone == Zone.BATTLEFIELD
        and not _source_of_pending_trigger(game, oid)
    ]


@on_event(EventKind.DAMAGE, rules=True)
def _last_defense_counter(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 310.11b: the last defense counter of a Siege was removed by damage (CR 310.6)."""
    target = ev.data.get("target")
    o = game.objects.get(target) if isinstance(target, int) and target >= 0 else None
    if o is None or o.zone != Zone.BATTLEFIELD or o.counters.get(DEFENSE, 0) > 0:
        return
    if DEFENSE not in o.counters or (o.chosen or {}).get("defeated"):
        return
    c = chars(game, o)
    if "Battle" not in c.types or "Siege" not in c.subtypes:
        return
    o.chosen = {**(o.chosen or {}), "defeated": True}
    game.emit(
        EventKind.KEYWORD_TRIGGER,
        ("310.11b", "603.2"),
        f"The last defense counter is removed from {o.name}: its Siege ability triggers",
        obj=o.id,
    )
    game.pending_triggers.append(
        {
            "source": o.id,
            "source_name": o.name,
            "source_token": o.card.token_spec,
            "card_uid": o.card_uid,
            "controller": o.controller,
            "ability": SIEGE_ABILITY,
            "event": {},
        }
    )
