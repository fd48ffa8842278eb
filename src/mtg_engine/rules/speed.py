"""Speed (CR 702.179, "Start your engines!") and max speed (CR 702.178).

* 702.179b: a player has no speed (``Player.speed`` None) until a rule or effect
  sets it; 702.179f: an effect that refers to a player's speed reads 0 then.
* 702.179a / 704.5z: a player who controls a permanent with start your engines!
  and has no speed gets speed 1, a state-based action (:func:`start_engines`,
  called by rules/sba.py).
* 702.179d: the inherent triggered ability of a player with speed 1 or more,
  which has no source: "Whenever one or more opponents lose life during your
  turn, if your speed is less than 4, your speed increases by 1. This ability
  triggers only once each turn." (:func:`_speed_trigger`).
* 702.179c: increasing a player's speed who has none sets it to that value
  (:func:`increase_speed`).
* 702.179e, 702.178a: "Max speed — [ability]" means "As long as your speed is 4,
  this object has [ability]": compiled to a static ability with the condition
  ``max_speed`` (cards/compiler), read by :func:`_max_speed`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, AbilityKind, Condition, ControllerRef, Effect, Trigger
from ..game.events import Event, EventKind
from ..game.hooks import CONDITIONS, on_event
from ..game.objects import Zone
from .characteristics import chars
from .support import register, register_keywords

if TYPE_CHECKING:
    from ..game.objects import CardDef, GameObject
    from ..game.state import Game

register_keywords("Start your engines!")
register("condition:max_speed", "cond:max_speed")

START_YOUR_ENGINES: Final = "Start your engines!"
MAX_SPEED: Final = 4  # CR 702.179d-e

#: CR 702.179d: the inherent triggered ability (it has no source)
SPEED_ABILITY: Final = Ability(
    AbilityKind.TRIGGERED,
    text=(
        "Whenever one or more opponents lose life during your turn, if your speed is "
        "less than 4, your speed increases by 1. This ability triggers only once each turn."
    ),
    effects=(
        Effect(
            "increase_speed",
            {"player": ControllerRef(), "amount": 1},
            condition=Condition("speed_below", {"n": MAX_SPEED}),
        ),
    ),
    trigger=Trigger("lose_life", player="opponent"),
)
#: the key of "triggers only once each turn" in ``turn_flags.triggered_once``
_ONCE: Final = "702.179d"


def speed_of(game: Game, player: int) -> int:
    """CR 702.179f: a player's speed for an effect that refers to it (0 with none)."""
    return game.players[player].speed or 0


def increase_speed(game: Game, player: int, amount: int, rules: tuple[str, ...]) -> None:
    """Increase ``player``'s speed by ``amount`` (CR 702.179c: from no speed, it
    becomes that value). It doesn't go past 4 (702.179d's "if your speed is less
    than 4" is checked by the ability itself)."""
    p = game.players[player]
    if amount <= 0:
        return
    before = p.speed
    p.speed = amount if before is None else before + amount
    game.invalidate()  # "max speed" abilities may now apply (CR 702.178a)
    game.emit(
        EventKind.SPEED,
        rules if before is not None else (*rules, "702.179c"),
        f"{p.name}'s speed increases to {p.speed}",
        player=player,
    )


def _has_engines(game: Game, o: GameObject) -> bool:
    return START_YOUR_ENGINES in chars(game, o).keywords


def speed_owed(game: Game) -> list[int]:
    """CR 704.5z: the players with no speed who control a permanent with start your
    engines!"""
    for p in game.players:
        if p.speed is None and not p.has_lost:
            break
    else:
        return []
    if not _engines_possible(game):
        return []  # (no card in the game has it, nothing grants it: the usual case)
    # who controls a permanent with the keyword is read from the permanents alone:
    # kept in the characteristics cache, cleared by every change (CR 613)
    cached = game._chars.get(_ENGINES_KEY)
    if cached is None:
        cached = game._chars[_ENGINES_KEY] = _engine_controllers(game)
    return [pl for pl in cached if game.players[pl].speed is None and not game.players[pl].has_lost]


_ENGINES_KEY: Final = "start_your_engines_controllers"

#: the game's scan (``Game._seen``): the object ids looked at so far and whether one
#: of them has a card with start your engines! printed (derived data, recomputed for
#: a clone)
_SCAN: Final = "start_your_engines"


def _printed_engines(card: CardDef) -> bool:
    got = card.cache.get(_ENGINES_KEY)
    if got is None:
        got = card.cache[_ENGINES_KEY] = any(
            START_YOUR_ENGINES.lower() in f.text.lower() for f in card.faces
        )
    return bool(got)


def _engines_possible(game: Game) -> bool:
    """Whether any object of the game has start your engines! printed on a face of
    its card, or an effect grants it or copies (CR 707.2). Objects are looked at
    once each (a new object gets a new id, CR 400.7), so this costs a lookup."""
    seen, found = game._seen.get(_SCAN, (0, False))
    if not found and seen < game.next_id:
        objects = game.objects
        found = any(
            _printed_engines(objects[oid].card)
            for oid in range(seen, game.next_id)
            if oid in objects
        )
        game._seen[_SCAN] = (game.next_id, found)
    if found:
        return True
    if not game.effects:
        return False
    return any(
        e.op in ("copy", "set_copiable")
        or (e.op == "grant_keyword" and e.args.get("keyword") == START_YOUR_ENGINES)
        for e in game.effects
    )


def _engine_controllers(game: Game) -> tuple[int, ...]:
    """The players who control a permanent with start your engines! (CR 702.179a)."""
    owed: list[int] = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out or o.controller in owed:
            continue
        if _has_engines(game, o):
            owed.append(o.controller)
    return tuple(owed)


def start_engines(game: Game, players: list[int]) -> None:
    """CR 702.179a, 704.5z: each of those players' speed becomes 1."""
    for p in players:
        pl = game.players[p]
        pl.speed = 1
        game.invalidate()
        game.emit(
            EventKind.SPEED,
            ("704.5z", "702.179a"),
            f"{pl.name} controls a permanent with start your engines!: their speed becomes 1",
            player=p,
        )


@on_event(EventKind.DAMAGE, EventKind.LOSE_LIFE, rules=True)
def _speed_trigger(game: Game, ev: Event, subject: Any) -> None:
    """CR 702.179d: an opponent of the active player lost life during the active
    player's turn: the active player's speed ability triggers, once each turn, if
    their speed is 1 or more (the ability exists) and less than 4 (603.4)."""
    me = game.active
    pl = game.players[me]
    if pl.speed is None or pl.speed < 1 or pl.speed >= MAX_SPEED or pl.has_lost:
        return
    who = ev.data.get("player")
    if not isinstance(who, int) or who == me or not lost_life(ev):
        return
    done = game.turn_flags.triggered_once
    key = (-me - 1, _ONCE)
    if key in done:
        return
    done.add(key)
    game.pending_triggers.append(
        {
            "source": None,  # CR 702.179d: the ability has no source
            "source_name": "Speed",
            "source_token": {"emblem": True, "name": "Speed"},
            "controller": me,
            "ability": SPEED_ABILITY,
            "event": {"player": who},
        }
    )


def lost_life(ev: Event) -> bool:
    """Whether the event is a player losing life (CR 119.3): life loss, damage that
    caused life loss (120.3a: not infect's poison, nor damage whose loss a
    replacement effect changed: that loss is its own event). Life paid, for
    Phyrexian mana too, is a life loss event of its own (CR 119.4)."""
    d = ev.data
    if ev.kind == EventKind.LOSE_LIFE:
        return int(d.get("amount") or 0) > 0
    return ev.kind == EventKind.DAMAGE and bool(d.get("life_lost"))


def _max_speed(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """CR 702.178a, 702.179e: "your speed is 4" — the object's controller's, or
    its owner's when it isn't on the battlefield (the glossary's "Max Speed")."""
    who = controller
    if source is not None and getattr(source, "zone", Zone.BATTLEFIELD) != Zone.BATTLEFIELD:
        who = source.owner
    return speed_of(game, who) == MAX_SPEED


def _speed_below(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "if your speed is less than N" (CR 702.179d, 603.4)."""
    return speed_of(game, controller) < int(cond.args.get("n", MAX_SPEED))


CONDITIONS.setdefault("max_speed", _max_speed)
CONDITIONS.setdefault("speed_below", _speed_below)
