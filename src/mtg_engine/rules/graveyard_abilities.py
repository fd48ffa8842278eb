"""Triggered abilities that function in a graveyard (CR 113.6m).

"Whenever a Swamp you control enters, you may return this card from your
graveyard to your hand" moves the object it's on out of the graveyard, so it
functions only there (CR 113.6m), not on the battlefield: the compiler marks
such an instruction with ``from_zone: "graveyard"``. Unless the trigger
condition itself puts the object into that zone ("when this creature dies,
return it from your graveyard ...": a leaves-the-battlefield ability, 603.10a), or
names the permanent it is attached to ("when enchanted Forest is put into a
graveyard, you may return this card from your graveyard ...": the Aura follows it
there by the state-based action of 704.5m).
"""

from __future__ import annotations

from typing import Final, cast

from ..cards.abilities import Ability, AbilityKind, Condition, Effect, Filter, SelfRef
from ..game.hooks import condition
from ..game.objects import GameObject, Zone
from ..game.state import Game
from .characteristics import _base
from .filters import matches_object
from .support import register

register("condition:self_in_graveyard")

#: the trigger events that put the object itself into its graveyard (CR 113.6m)
_INTO_GRAVEYARD: Final = frozenset({"dies", "put_into_graveyard", "discard", "sacrifice", "leaves"})

_KNOWN: Final[dict[int, tuple[Ability, bool]]] = {}

#: a filter's conditions "attached to this object": "enchanted Forest", "equipped creature"
_ATTACHED_TO_SELF: Final = frozenset({"enchanted_by", "equipped_by", "fortified_by"})


def _attached_to_source(subject: object) -> bool:
    """Whether a trigger's subject is the permanent this Aura or Equipment is attached
    to: "when enchanted Forest is put into a graveyard, you may return this card from
    your graveyard to your hand" (Genju of the Cedars) triggers while this object is on
    the battlefield (a leaves-the-battlefield ability, CR 603.10a), which the
    state-based action of CR 704.5m then puts into the graveyard."""
    return isinstance(subject, Filter) and any(
        k in _ATTACHED_TO_SELF and v == "self" for k, v in subject.conditions
    )


def _moves_self_from_graveyard(e: Effect) -> bool:
    if e.op == "delayed_trigger":
        # "return this card from your graveyard to the battlefield at the beginning of
        # the next end step" (Prized Amalgam): the delayed ability's instruction
        return any(_moves_self_from_graveyard(x) for x in e.args.get("effects") or ())
    return e.args.get("from_zone") == "graveyard" and isinstance(e.args.get("what"), SelfRef)


def functions_in_graveyard(ability: Ability) -> bool:
    """CR 113.6m: whether this triggered ability functions in its object's graveyard
    (and only there); remembered per ability."""
    got = _KNOWN.get(id(ability))
    if got is not None and got[0] is ability:
        return got[1]
    trig = ability.trigger
    v = (
        ability.kind is AbilityKind.TRIGGERED
        and trig is not None
        and not (trig.event in _INTO_GRAVEYARD and isinstance(trig.subject, SelfRef | None))
        and not (trig.event in _INTO_GRAVEYARD and _attached_to_source(trig.subject))
        and (
            # "if this card is in your graveyard, ..." (an intervening "if", CR 603.4)
            (trig.condition is not None and trig.condition.kind == "self_in_graveyard")
            or any(
                _moves_self_from_graveyard(e)
                for e in (*ability.effects, *(e for m in ability.modes for e in m.effects))
            )
        )
    )
    _KNOWN[id(ability)] = (ability, v)
    return v


@condition("self_in_graveyard")
def self_in_graveyard(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "If this card is in your graveyard" (CR 603.4, 113.6m): as the ability
    triggers and as it resolves (a card that left it is a new object, 400.7); "...
    with a creature card directly above it" (Death Spark): the next card on top of it
    (CR 404.2: a graveyard keeps its order; the last card put there is on top)."""
    if source is None or source.zone != Zone.GRAVEYARD or source.owner != controller:
        return False
    above = cond.args.get("above")
    if not isinstance(above, Filter):
        return True
    cards = game.players[controller].graveyard
    i = cards.index(source.id) if source.id in cards else len(cards)
    on_top = game.objects.get(cards[i + 1]) if i + 1 < len(cards) else None
    return on_top is not None and matches_object(game, on_top, above, controller, source)


def activates_from_graveyard(ability: Ability) -> bool:
    """CR 113.6k: an activated ability whose effect moves its object out of the
    graveyard ("{1}{B}: Return this card from your graveyard to the battlefield
    tapped") functions only in the graveyard."""
    return ability.kind is AbilityKind.ACTIVATED and any(
        _moves_self_from_graveyard(e)
        for e in (*ability.effects, *(e for m in ability.modes for e in m.effects))
    )


#: card cache key: face -> its abilities that function in a graveyard
_FACES_KEY: Final = "graveyard_triggers"


def graveyard_triggers(obj: GameObject) -> tuple[Ability, ...]:
    """The triggered abilities of a card that function in its graveyard, cached per
    card face."""
    faces = obj.card.cache.get(_FACES_KEY)
    if faces is None:
        faces = obj.card.cache[_FACES_KEY] = {}
    v = faces.get(obj.face)
    if v is None:
        v = faces[obj.face] = tuple(a for a in _base(obj).abilities if functions_in_graveyard(a))
    return cast(tuple[Ability, ...], v)


#: cache key of the graveyard watchers (kept with the characteristics: every move of
#: an object invalidates it, rules/layers.forget_after keeps only its own keys)
_WATCHERS_KEY: Final = "graveyard_watchers"


#: the game's scan (``Game._seen``): (the next object id not yet looked at, whether
#: any object looked at has a triggered ability that functions in a graveyard).
#: Every object a game makes has a new id (CR 400.7), so looking at each new id once
#: finds every card that could ever be such a watcher; a clone or a game read back
#: looks again.
_SCAN: Final = "graveyard_watchers"


def _may_have_watchers(game: Game) -> bool:
    """Whether any object this game has made so far has a triggered ability that
    functions in a graveyard: if none has, there is no graveyard to look at."""
    start, found = game._seen.get(_SCAN, (1, False))
    end = game.next_id
    if found or start == end:
        return found
    objects = game.objects
    for oid in range(start, end):
        o = objects.get(oid)
        if o is not None and graveyard_triggers(o):
            found = True
            break
    game._seen[_SCAN] = (end, found)
    return found


def graveyard_watchers(game: Game) -> list[GameObject]:
    """The cards in graveyards with a triggered ability that functions there, in
    turn order (CR 113.6m); remembered until the next change of the game state."""
    if not _may_have_watchers(game):
        return []
    got = game._chars.get(_WATCHERS_KEY)
    if got is not None:
        return cast(list[GameObject], got)
    objects = game.objects
    got = []
    for p in game.players:
        for oid in p.graveyard:
            o = objects.get(oid)
            if o is not None and graveyard_triggers(o):
                got.append(o)
    game._chars[_WATCHERS_KEY] = got
    return got
