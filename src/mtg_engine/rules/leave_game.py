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
Priority then skips them (CR 800.4a, rules/priority.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.invariants import zone_lists
from ..game.objects import Zone
from .layers import end_effects, refresh_control
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
