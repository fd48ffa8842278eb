"""The end of the game (CR 104)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.records import Outcome, OutcomeReason
from .leave_game import abandon_gone_casts, leave_game
from .pipeline import forbidden, propose

if TYPE_CHECKING:
    from ..game.state import Game


def can_lose(game: Game, player: int) -> bool:
    """CR 101.2, 104.3: False while an effect says the player can't lose the game."""
    return forbidden(game, {"kind": EventKind.LOSE_GAME, "player": player}) is None


def player_loses(game: Game, player: int, reason: OutcomeReason, rule: str) -> None:
    """CR 104.3: a player loses; in a two-player game the other player wins (104.2a).
    Proposed first: "You can't lose the game" beats it (CR 101.2)."""
    p = game.players[player]
    if p.has_lost:
        return
    if rule != "104.3a":  # CR 104.3a: conceding can't be stopped
        ev = propose(game, {"kind": EventKind.LOSE_GAME, "player": player, "what": reason})
        if ev is None or ev.get("cancelled"):
            if ev is not None:
                game.emit(
                    EventKind.LOSS_PREVENTED,
                    ("101.2", rule),
                    f"{p.name} would lose the game ({reason}), but doesn't: {ev['cancelled']}",
                    player=player,
                )
            return
    p.has_lost = True
    game.emit(EventKind.LOSE_GAME, (rule,), f"{p.name} loses the game: {reason}", player=player)
    alive = [q.index for q in game.players if not q.has_lost]
    if len(alive) == 1:
        game.outcome = Outcome(alive[0], reason, rule)
        game.emit(
            EventKind.WIN_GAME,
            ("104.2a",),
            f"{game.players[alive[0]].name} wins the game",
            player=alive[0],
        )
    elif not alive:
        game.outcome = Outcome(None, reason, "104.4a")  # CR 104.4a: all lose at once: a draw
        game.emit(EventKind.DRAW_GAME, ("104.4a",), "The game is a draw")
    if game.outcome is not None:
        game.pending = None
    else:
        leave_game(game, player)  # CR 800.4a: the game goes on without them


def concede(game: Game, player: int) -> None:
    """CR 104.3a: a player can concede at any time. In a game that goes on (CR 800.4a),
    the pending decision is asked again of the game without them: state-based actions
    see it, priority passes on if they had it, the spell or ability they were casting
    or activating is gone with them (:func:`.leave_game.abandon_gone_casts`), and a
    choice that was theirs is made as CR 800.4f-h say."""
    game.players[player].conceded = True
    player_loses(game, player, OutcomeReason.CONCEDED, "104.3a")
    d = game.pending
    if game.outcome is None and d is not None:
        abandon_gone_casts(game)
        game.pending = None
        game.run()
