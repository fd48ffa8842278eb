"""Void's condition: "if a nonland permanent left the battlefield this turn or a spell
was warped this turn" (CR 702.185c: a spell was cast for its warp cost this turn), and
revolt's: "if a permanent left the battlefield under your control this turn"; and
"if a card left your graveyard this turn" (``TurnFlags.left_graveyard``).

Both are kept with the turn's other records (``TurnFlags.nonland_left`` and
``TurnFlags.warped``, reset as each turn begins). Whether a permanent that left was
a land is read as it last existed on the battlefield (CR 603.10a, 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import condition, on_event
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register(
    "condition:left_or_warped_this_turn",
    "condition:left_under_your_control_this_turn",
    "condition:left_your_graveyard_this_turn",
)


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("battlefield", None)])
def nonland_left(game: Game, ev: Event, subject: GameObject | None) -> None:
    """A permanent left the battlefield (to any zone): whether it was a nonland one,
    and under whose control it left, with its card types."""
    if subject is None or ev.data.get("from_zone") != "battlefield":
        return
    if ev.data.get("to_zone") == "battlefield":
        return
    types = chars(game, subject).types
    flags = game.turn_flags
    if "Land" not in types:
        flags.nonland_left = True
    controller = ev.data.get("controller")
    if isinstance(controller, int):
        flags.left_under_control[controller] = (
            flags.left_under_control.get(controller, frozenset()) | types
        )


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("graveyard", None)])
def left_graveyard(game: Game, ev: Event, subject: GameObject | None) -> None:
    """A card left a graveyard (to any zone, cast from it too): counted for the player
    whose graveyard it was, its owner (CR 404.2, 400.3)."""
    if subject is None or ev.data.get("from_zone") != "graveyard":
        return
    if ev.data.get("to_zone") == "graveyard":
        return
    counts = game.turn_flags.left_graveyard
    counts[subject.owner] = counts.get(subject.owner, 0) + 1


@condition("left_your_graveyard_this_turn")
def left_your_graveyard(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if a card [three or more cards] left your graveyard this turn" (Primary
    Research, Relic Retriever; CR 404.1)."""
    n = cond.args.get("n", 1)
    least = n if isinstance(n, int) and not isinstance(n, bool) else 1
    return game.turn_flags.left_graveyard.get(controller, 0) >= least


@on_event(EventKind.CAST, rules=True)
def spell_warped(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.185c: a spell was cast for its warp cost. A spell cast from a graveyard
    left it as it was put on the stack (CR 601.2a; that move makes no event of its
    own): counted for its owner like any card leaving a graveyard."""
    if ev.data.get("alt") == "warp":
        game.turn_flags.warped = True
    if ev.data.get("from_zone") == "graveyard" and subject is not None:
        counts = game.turn_flags.left_graveyard
        counts[subject.owner] = counts.get(subject.owner, 0) + 1


@condition("left_or_warped_this_turn")
def left_or_warped(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "if a nonland permanent left the battlefield this turn or a spell was warped
    this turn" (the compiler keeps any other description as a detail not run)."""
    return game.turn_flags.nonland_left or game.turn_flags.warped


@condition("left_under_your_control_this_turn")
def left_under_your_control(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """Revolt (Narnam Renegade, Fatal Push): "if a permanent [creature] left the
    battlefield under your control this turn", whatever zone it went to (CR 603.10a:
    its card types as it last existed on the battlefield)."""
    left = game.turn_flags.left_under_control.get(controller)
    if not left:
        return False
    kinds = cond.args.get("kinds") or ()
    return not kinds or any(k in left for k in kinds)
