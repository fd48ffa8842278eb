"""Small helpers shared by the keyword modules (no rules imports at module level)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, Filter, TargetSpec, Trigger
from ..cards.model import CardFace
from ..game.events import EventKind
from ..game.objects import Zone
from ..game.records import ContinuousEffect
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.extra_triggers import add_more, hushed_by

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game


#: "Exile this card from your graveyard", a cost (rules/cost_components.self_exile_zone)
_EXILE_SELF: Final = Filter(zone="graveyard", conditions=(("self", True),))


def keyword_cost(a: Ability | None) -> Cost | None:
    """The cost a keyword ability names ("Blitz {2}{B}", "Escape—{3}{B}, Exile five
    other cards from your graveyard"), for an :class:`AltCost` (CR 118.9)."""
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def keyword_cost_returning(a: Ability | None, what: Filter) -> Cost | None:
    """The keyword's cost plus "return [one of ``what``] to its owner's hand" (sneak's
    unblocked attacker, web-slinging's tapped creature, CR 702.188a), for an
    :class:`AltCost` (CR 118.9)."""
    base = keyword_cost(a)
    if base is None:
        return None
    return replace(base, other=(*base.other, ("return", (what, 1))))


def graveyard_exile_cost(a: Ability) -> Cost:
    """The cost of a keyword ability that works from the graveyard and exiles its own
    card ("[Cost], Exile this card from your graveyard": encore 702.141a, scavenge
    702.97a)."""
    cost = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    return replace(cost or Cost(), exile=_EXILE_SELF, exile_count=1)


def keyword_trigger(
    keyword: str,
    text: str,
    effects: tuple[Effect, ...],
    targets: tuple[TargetSpec, ...] = (),
    optional: bool = False,
    trigger: Trigger | None = None,
    rule: str | None = None,
) -> Ability:
    """The triggered ability a keyword stands for (CR 113.3c, 603); ``rule`` is the
    keyword's rule, cited when it triggers."""
    return Ability(
        AbilityKind.TRIGGERED,
        text=text,
        effects=effects,
        targets=targets,
        trigger=trigger or Trigger("keyword"),
        keyword=keyword,
        keyword_args={"rule": rule} if rule else {},
        optional=optional,
    )


_REMINDERS: Final[dict[tuple[str, str], tuple[Ability, ...]]] = {}


def reminder_abilities(
    keyword: str, rule: str, text: str, types: tuple[str, ...], subtypes: tuple[str, ...] = ()
) -> tuple[Ability, ...]:
    """The abilities a keyword means, compiled once from the rules text that
    defines it (CR 702.x "[keyword] means ..."), each marked with the keyword and
    its rule (cited when it triggers)."""
    key = (keyword, text)
    got = _REMINDERS.get(key)
    if got is None:
        # lazy: the Oracle compiler loads the parser, only when a card with the keyword is seen
        from ..cards.compiler import compile_face

        type_line = " ".join(types) + (" — " + " ".join(subtypes) if subtypes else "")
        face = CardFace(
            name=keyword,
            mana_cost=None,
            type_line=type_line,
            supertypes=(),
            types=types,
            subtypes=subtypes,
            text=text,
        )
        got = tuple(
            replace(ab, keyword=keyword, keyword_args={"rule": rule})
            for ab in compile_face(face).abilities
        )
        _REMINDERS[key] = got
    return got


def add_pending_trigger(
    game: Game,
    source: GameObject,
    controller: int,
    ability: Ability,
    event: dict[str, Any] | None = None,
    *,
    cause: Event | None = None,
    subject: GameObject | None = None,
    left: bool = False,
) -> None:
    """CR 603.2: the ability triggers; it's put on the stack the next time a
    player would receive priority (CR 603.3).

    ``cause``: the event that made it trigger, and ``subject`` the object the event
    is about (as it last existed, for one that left the battlefield): a zone change
    may be one that causes no ability to trigger (Torpor Orb, CR 603.2, 604.1), or
    one that makes abilities trigger an additional time (Teysa Karlov, CR 603.2d).
    ``left``: a leaves-the-battlefield ability of ``subject`` (undying, afterlife),
    ``source`` being the card it became; ``subject`` is looked at as it last existed
    on the battlefield (CR 603.10a)."""
    w = subject if left and subject is not None else source
    if cause is not None and hushed_by(game, cause, subject, w):
        return
    rule = ability.keyword_args.get("rule")
    game.emit(
        EventKind.KEYWORD_TRIGGER,
        ("603.2", *((rule,) if rule else ())),
        f"{source.name}'s {ability.keyword or 'keyword'} ability triggers",
        obj=source.id,
    )
    game.pending_triggers.append(
        {
            "source": source.id,
            "source_name": source.name,
            # a token's characteristics: the ability outlives it (CR 113.7a, 704.5d)
            "source_token": source.card.token_spec if source.is_token else None,
            "card_uid": source.card_uid,
            "controller": controller,
            "ability": ability,
            "event": dict(event or {}),
        }
    )
    if w.zone == Zone.BATTLEFIELD:
        add_more(game, w, game.pending_triggers[-1], cause, subject, left)  # CR 603.2d


def keyword_instances(game: Game, obj: GameObject, keyword: str) -> list[Ability]:
    """The instances of a keyword the object has now (CR 702.1: each works separately)."""
    return [a for a in chars(game, obj).abilities if a.keyword == keyword]


def trigger_on_entering(
    game: Game,
    obj_id: int,
    keyword: str,
    ability_of: Callable[[Ability], Ability],
    cause: Event | None = None,
) -> None:
    """ "When this permanent enters, ..." of a keyword (fabricate 702.123a, exploit
    702.110a): each instance the entering permanent has triggers (702.1); the
    triggered ability of an instance is ``ability_of(instance)``; ``cause``, the
    event of its entering (Torpor Orb, Panharmonicon: CR 603.2, 603.2d)."""
    new = game.objects.get(obj_id)
    if new is None or new.zone != Zone.BATTLEFIELD or new.phased_out:
        return
    for inst in keyword_instances(game, new, keyword):
        add_pending_trigger(game, new, new.controller, ability_of(inst), cause=cause)


def printed_instances(obj: GameObject, keyword: str) -> list[Ability]:
    """Instances of a keyword on the card's face (for cards outside the battlefield)."""
    return [a for a in obj.card.compiled[obj.face].abilities if a.keyword == keyword]


def previous_turn_of(game: Game, player: int) -> int:
    """The number of ``player``'s turn before the current one (for "since the
    beginning of your last upkeep", CR 702.30a). Turns before a set-up game's
    first turn count as alternating (scenario convention)."""
    current = game.turn if game.active == player else None
    for ev in reversed(game.log):
        if ev.kind == EventKind.TURN and ev.data.get("player") == player:
            if current is not None and ev.turn == current:
                continue
            return ev.turn
    n = len(game.players)
    last = game.players[player].last_turn_started
    if game.active == player:
        return last - n
    return last


def entered_cast_with(game: Game, ev: Any, alt: str) -> GameObject | None:
    """The permanent that entered in the zone-change event ``ev`` from a spell cast
    with the alternative cost ``alt`` (CR 400.7d: it knows how its spell was cast;
    dash 702.109a, warp 702.185a), or None."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None or new.zone != Zone.BATTLEFIELD or not new.paid:
        return None
    return new if new.paid.get("alt") == alt else None


def at_next_end_step(
    game: Game, obj: GameObject, text: str, effect: Effect, rules: tuple[str, ...], said: str
) -> None:
    """Create the delayed triggered ability "at the beginning of the next end step,
    [effect]" of the permanent ``obj`` (CR 603.7a: dash 702.109a, warp 702.185a), and
    log ``said`` citing ``rules``."""
    ability = Ability(
        AbilityKind.TRIGGERED,
        text=text,
        effects=(effect,),
        trigger=Trigger(event="step", step="end_step", player="next"),
    )
    game.delayed_triggers.append(
        {
            "step": "end",
            "source": obj.id,
            "source_name": obj.name,
            "source_token": None,
            "card_uid": obj.card_uid,
            "controller": obj.controller,
            "ability": ability,
            "event": {"step": "end", "delayed": True},
            "created_turn": game.turn,
        }
    )
    game.emit(EventKind.DELAYED_TRIGGER, rules, said, player=obj.controller)


def gains_haste(game: Game, obj: GameObject) -> None:
    """The permanent ``obj`` has haste for as long as it is this permanent (a
    layer 6 effect, CR 613.1f): dash (702.109a) and suspend (702.62a)."""
    _has_while_this_permanent(game, obj, "grant_keyword", {"keyword": "Haste"})


def gains_abilities(game: Game, obj: GameObject, abilities: tuple[Ability, ...]) -> None:
    """The permanent ``obj`` has ``abilities`` for as long as it is this permanent
    (layer 6, CR 613.1f): blitz's "When this permanent is put into a graveyard from
    the battlefield, draw a card" (702.152a)."""
    _has_while_this_permanent(game, obj, "grant_ability", {"abilities": abilities})


def _has_while_this_permanent(game: Game, obj: GameObject, op: str, args: dict[str, Any]) -> None:
    granted = ContinuousEffect(
        "6", game.new_timestamp(), obj.id, obj.controller, (obj.id,), op, args, "permanent"
    )
    game.effects = [*game.effects, granted]
    game.invalidate()


def one_sacrifice_announced(
    abilities: list[Ability], opts: dict[str, Any], problem: str
) -> tuple[bool, str | None]:
    """An optional additional cost "you may sacrifice a [permanent]" (casualty,
    702.153a; bargain, 702.166a) announced with the spell's other choices (CR 601.2b,
    the cast's ``sacrifice``): (announced, None), or (False, ``problem``) when more
    than one permanent is named."""
    chosen = list(opts.get("sacrifice") or ())
    if not abilities or not chosen:
        return False, None
    if len(chosen) != 1:
        return False, problem
    return True, None
