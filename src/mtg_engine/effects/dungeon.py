"""Venturing into the dungeon (CR 701.49) and taking the initiative (CR 725).

``venture``: ``player`` (who ventures: "venture into the dungeon"), ``into``
(optional: "venture into Undercity", the quality of 701.49d). With no dungeon in
the command zone the player chooses a dungeon card (701.49a, 309.2a); with the
marker on the bottommost room they complete that dungeon and choose another
(701.49c); otherwise they move the marker along an arrow they choose (701.49b).
The dungeons, the marker and completing are rules/dungeons.py's.

``take_initiative``: ``player`` (who takes it, CR 725); the designation and its
inherent triggered abilities are rules/initiative.py's.
"""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..game.actions import DecisionPurpose
from ..rules.dungeons import (
    DUNGEONS,
    at_bottommost,
    choosable,
    complete_dungeon,
    current_dungeon,
    dungeon_of,
    enter_dungeon,
    move_marker,
    next_rooms,
)
from ..rules.effects_runner import Ctx
from ..rules.initiative import take_initiative
from . import effect


def _choose(
    ctx: Ctx, player: int, options: list[str], rule: str, prompt: str, purpose: DecisionPurpose
) -> str | None:
    """One of ``options`` chosen by ``player`` (no question when there's one)."""
    chosen = ctx.choose_option(player, options, rule, prompt, purpose)
    return None if chosen is None else str(chosen)


def _venture_once(ctx: Ctx, player: int, quality: str | None) -> bool:
    """CR 701.49a-d: ``player`` ventures once; False while a choice is pending."""
    g = ctx.game
    s = ctx.scratch
    if dungeon_of(g, player) is not None and not s.get("venture_new"):
        if not at_bottommost(g, player):
            d = current_dungeon(g, player)
            assert d is not None  # (the player has a dungeon in the command zone)
            rooms = next_rooms(g, player)
            names = [d.rooms[r].name for r in rooms]
            picked = _choose(
                ctx,
                player,
                names,
                "701.49b",
                f"Venture into the dungeon: choose the next room of {d.name}",
                DecisionPurpose.ROOM,
            )
            if picked is None:
                return False
            move_marker(g, player, rooms[names.index(picked)], ("701.49b",))
            return True
        # CR 701.49c: from the bottommost room, the dungeon is completed first
        complete_dungeon(g, player, ("701.49c",))
        s["venture_new"] = True
    name = _choose(
        ctx,
        player,
        choosable(g, player, quality),
        "701.49a",
        "Venture into "
        + (quality if quality is not None else "the dungeon")
        + ": choose a dungeon card to put into the command zone",
        DecisionPurpose.DUNGEON,
    )
    if name is None:
        return False
    enter_dungeon(g, player, name, ("701.49a", "701.49d") if quality else ("701.49a",))
    s["venture_new"] = False
    return True


@effect("venture")
def venture(ctx: Ctx, e: Effect) -> bool:
    """CR 701.49: each named player ventures into the dungeon, one after another."""
    s = ctx.scratch
    players = ctx.players(e.args.get("player", ControllerRef()))
    quality = e.args.get("into")
    if quality is not None and quality not in DUNGEONS:
        quality = None  # (a quality with no dungeon card: the dungeon of one's choice)
    i = int(s.get("venture_i", 0))
    while i < len(players):
        if not ctx.game.players[players[i]].has_lost and not _venture_once(
            ctx, players[i], quality
        ):
            return False
        i += 1
        s["venture_i"] = i
    return True


@effect("take_initiative")
def take_initiative_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 725.1, 725.3: the named player takes the initiative."""
    for p in ctx.players(e.args.get("player", ControllerRef())):
        take_initiative(ctx.game, p, ("725.1",))
    return True
