"""The end of the game (CR 104)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..game.events import EventKind
from ..game.records import Outcome, OutcomeReason
from .leave_game import abandon_gone_casts, leave_game
from .pipeline import forbidden, propose

if TYPE_CHECKING:
    from ..game.state import Game


#: CR 810.8b-d: the Two-Headed Giant rules that say how a team loses in each case
_TEAM_RULES: Final = {"104.3a": "810.8b", "704.5a": "810.8c", "704.5c": "810.8d"}


def can_lose(game: Game, player: int) -> bool:
    """CR 101.2, 104.3: False while an effect says the player can't lose the game
    (CR 810.8a: or their teammate, rules/player_replacements.py)."""
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
    team_rule = _TEAM_RULES.get(rule) if game.teams is not None else None
    game.emit(
        EventKind.LOSE_GAME,
        (rule, team_rule) if team_rule else (rule,),
        f"{p.name} loses the game: {reason}",
        player=player,
    )
    team = game.teammates(player)
    for q in team:  # CR 810.8a-b: players lose only as a team
        if not game.players[q].has_lost:
            game.players[q].has_lost = True
            game.emit(
                EventKind.LOSE_GAME,
                ("810.8a",),
                f"{game.players[q].name} loses the game with their teammate {p.name}",
                player=q,
            )
    alive = [q.index for q in game.players if not q.has_lost]
    if alive and (len(alive) == 1 or len(game.opponents(alive[0])) == 0):
        # CR 104.2a: the last player, or team (810.8a), still in the game wins
        game.outcome = Outcome(alive[0], reason, rule)
        names = " and ".join(game.players[q].name for q in alive)
        game.emit(
            EventKind.WIN_GAME,
            ("104.2a", "810.8a") if len(alive) > 1 else ("104.2a",),
            f"{names} win{'s' * (len(alive) == 1)} the game",
            player=alive[0],
        )
    elif not alive:
        game.outcome = Outcome(None, reason, "104.4a")  # CR 104.4a: all lose at once: a draw
        game.emit(EventKind.DRAW_GAME, ("104.4a",), "The game is a draw")
    if game.outcome is not None:
        game.pending = None
    else:
        for q in (player, *team):
            leave_game(game, q)  # CR 800.4a: the game goes on without them


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
