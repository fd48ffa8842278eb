"""Invariants every game state must satisfy (used by the fuzz and property tests).

``check(game)`` returns a list of broken invariants (empty when all hold):
every object is in exactly one zone list and its ``zone`` field agrees;
the number of cards (tokens aside) never changes (card conservation);
ids are unique; damage and counters are never negative; a finished game
has no pending decision and an unfinished one has exactly one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .objects import GameObject, Zone

if TYPE_CHECKING:
    from .state import Game


def zone_lists(game: Game) -> list[tuple[int, int, list[int]]]:
    out = [
        (Zone.BATTLEFIELD, -1, game.battlefield),
        (Zone.STACK, -1, game.stack),
        (Zone.EXILE, -1, game.exile),
        (Zone.COMMAND, -1, game.command),
    ]
    for p in game.players:
        out += [
            (Zone.LIBRARY, p.index, p.library),
            (Zone.HAND, p.index, p.hand),
            (Zone.GRAVEYARD, p.index, p.graveyard),
        ]
    return out


def card_count(game: Game) -> int:
    """Cards (not tokens, copies, emblems or abilities on the stack) in all zones."""
    return sum(1 for o in game.objects.values() if is_card(o))


def is_card(o: GameObject) -> bool:
    """A physical card of the game: not a token or copy (CR 111, 707.12), not an
    emblem (114), not an ability on the stack (113.7), not a dungeon card, which is
    brought into the command zone from outside the game as a player ventures (309.2a)."""
    return (
        not o.is_token
        and o.stack_kind not in ("activated", "triggered")
        and o.card.data.layout not in _FROM_OUTSIDE
    )


#: objects that enter the game from outside it, not counted as its cards
_FROM_OUTSIDE = frozenset(("emblem", "dungeon"))


def card_uids(game: Game) -> dict[int, int]:
    """How many objects each physical card is (card conservation: exactly one each)."""
    out: dict[int, int] = {}
    for o in game.objects.values():
        if is_card(o):
            out[o.card_uid] = out.get(o.card_uid, 0) + 1
    return out


def check(game: Game, expected_cards: int | None = None) -> list[str]:
    problems = zone_problems(game)
    if expected_cards is not None and card_count(game) != expected_cards:
        problems.append(f"card count changed: {card_count(game)} != {expected_cards}")
    if game.outcome is None and game.pending is None:
        problems.append("the game is not over but nothing is pending")
    if game.outcome is not None and game.pending is not None:
        problems.append("the game is over but a decision is pending")
    return problems


def zone_problems(game: Game) -> list[str]:
    """Objects and zone lists that disagree (each object in exactly one zone list)."""
    problems: list[str] = []
    seen: dict[int, int] = {}
    for zone, owner, ids in zone_lists(game):
        for oid in ids:
            if oid in seen:
                problems.append(f"object {oid} is in two zones")
            seen[oid] = zone
            o = game.objects.get(oid)
            if o is None:
                problems.append(f"zone {Zone.NAMES[zone]} lists missing object {oid}")
                continue
            if o.zone != zone:
                problems.append(f"{o!r} is listed in {Zone.NAMES[zone]}")
            if owner >= 0 and o.owner != owner:
                problems.append(f"{o!r} is in another player's {Zone.NAMES[zone]}")
            if o.damage < 0 or any(v < 0 for v in o.counters.values()):
                problems.append(f"{o!r} has negative damage or counters")
    for oid in game.objects:
        if oid not in seen:
            problems.append(f"object {oid} is in no zone")
    return problems
