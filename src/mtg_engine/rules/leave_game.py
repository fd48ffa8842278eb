"""A player leaves a multiplayer game (CR 800.4a).

When a player leaves a game that goes on without them (they lost or conceded,
CR 104.3, 800.4), in this order:

1. every object they own leaves the game (from every zone: it isn't a zone
   change, so nothing "dies" or "leaves the battlefield" to another zone);
2. effects that give them control of objects end (CR 613.1b: control reverts);
3. objects they control on the stack that no card represents (abilities, copies
   of spells) cease to exist;
4. whatever they still control (another player's permanents or spells) is exiled.

This isn't a state-based action: it happens as soon as the player leaves.
Priority then skips them (CR 800.4a, rules/priority.py), and they make no more
choices (CR 800.4f-h, :func:`left_player_decision`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.actions import (
    Action,
    ChooseObjects,
    ChooseTargets,
    ChooseYesNo,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Keep,
)
from ..game.events import EventKind
from ..game.invariants import zone_lists
from ..game.objects import Zone
from .initiative import initiative_leaves
from .layers import end_effects, refresh_control
from .monarch import monarch_leaves
from .zones import leave_battlefield, move

if TYPE_CHECKING:
    from ..game.state import Game

RULE = "800.4a"


def leave_game(game: Game, player: int) -> None:
    """CR 800.4a: ``player`` has left the game; their objects and control go with them."""
    name = game.players[player].name
    # 1. the objects they own leave the game
    gone = 0
    for _zone, _owner, ids in zone_lists(game):
        for oid in [i for i in ids if game.objects[i].owner == player]:
            o = game.objects[oid]
            leave_battlefield(game, o)
            ids.remove(oid)
            del game.objects[oid]
            if game.uid_to_obj.get(o.card_uid) == oid:
                del game.uid_to_obj[o.card_uid]
            gone += 1
    if gone:
        game.invalidate()
        # what the rules learned about the objects made so far (game.Game._seen: the
        # keywords some object may have, ...) is looked at again over the objects left,
        # as a copy or a saved game read back does: the game goes on the same either way
        game._seen.clear()
        game.emit(
            EventKind.CEASE_TO_EXIST,
            (RULE,),
            f"{name} left the game: the {gone} object(s) they own leave it too",
            player=player,
        )
    # 2. effects giving them control of objects end (control reverts, 613.1b)
    ended = [e for e in game.effects if e.op == "control" and e.args.get("player") == player]
    end_effects(game, ended, RULE, f"{name} left the game")
    refresh_control(game)  # their control-changing permanents are gone too
    # 3. abilities and spell copies they control on the stack cease to exist
    for oid in list(game.stack):
        o = game.objects[oid]
        if o.controller == player and (o.stack_kind in ("activated", "triggered") or o.is_token):
            game.stack.remove(oid)
            del game.objects[oid]
            game.emit(
                EventKind.CEASE_TO_EXIST,
                (RULE,),
                f"{o.name} ceases to exist: {name} left the game",
            )
    # 4. anything they still control is exiled
    for oid in [*game.stack, *game.battlefield]:
        still = game.objects.get(oid)
        if still is not None and still.controller == player:
            move(game, oid, Zone.EXILE, (RULE,), f"{name} left the game")
    game.invalidate()
    # 5. the monarch designation passes on (CR 724.4)
    monarch_leaves(game, player)
    # 6. so does the initiative (CR 725.4)
    initiative_leaves(game, player)


#: the tasks that put a spell or ability on the stack and make its choices (CR 601.2, 602.2)
_ANNOUNCING = ("cast", "activate", "choices")


def abandon_gone_casts(game: Game) -> None:
    """After a player left the game: a spell being cast or an ability being activated
    that has left the game with them (a card they own, or an ability or copy they
    controlled, CR 800.4a) is cast no further: its casting stops where it is, with
    everything it started (the tasks above it were pushed by it)."""
    objects = game.objects
    for i, task in enumerate(game.tasks):
        if task.kind in _ANNOUNCING and "obj" in task.data:
            o = objects.get(task.data["obj"])
            if o is None or o.zone != Zone.STACK:
                del game.tasks[i:]
                return


#: the answer that chooses nothing, by decision kind: a cost not paid, a "may" not done
#: (800.4f), no attackers or blockers (800.4j), no objects or targets, the hand kept
_NOTHING: dict[str, Action] = {
    DecisionKind.YES_NO: ChooseYesNo(False),
    DecisionKind.ATTACKERS: DeclareAttackers(()),
    DecisionKind.BLOCKERS: DeclareBlockers(()),
    DecisionKind.CHOOSE_OBJECTS: ChooseObjects(()),
    DecisionKind.BOTTOM: ChooseObjects(()),
    DecisionKind.TARGETS: ChooseTargets(()),
    DecisionKind.MULLIGAN: Keep(),
}


def left_player_decision(game: Game) -> None:
    """CR 800.4f-h: the pending decision is asked of a player who has left the game,
    who makes no more choices. When choosing nothing is a legal answer, it is the
    answer (800.4f: a cost they would pay or choose to pay is not paid; 800.4j: with
    no active player no one declares attackers); otherwise the next player in turn
    order still in the game makes the choice (800.4h)."""
    d = game.pending
    assert d is not None
    nothing = _NOTHING.get(d.kind)
    if nothing is not None and game.is_legal(nothing) is None:
        game.pending = None
        game._options = None
        game.tasks[-1].answer = nothing  # the task that asks resumes with it
        return
    left = d.player
    n = len(game.players)
    nxt = next((q for k in range(1, n) if not game.players[q := (left + k) % n].has_lost), left)
    d.player = nxt
    game._options = None
    game.emit(
        EventKind.CHOICE,
        ("800.4h",),
        f"{game.players[left].name} has left the game: {game.players[nxt].name} makes "
        f"their choice ({d.prompt})",
        player=nxt,
    )
