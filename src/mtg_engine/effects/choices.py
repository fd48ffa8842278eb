"""Choices made as an instruction is followed (CR 608.2d): a number (CR 107.1),
or objects named without targeting.

"Choose a nonlegendary creature on the battlefield. Target creature becomes a
copy of that creature" (Cytoshape): ``choose_objects`` — the objects are chosen
by :func:`mtg_engine.rules.effects_runner.choose_refs` as the instruction begins
and become "that creature" (``parent["it"]``) of the next instructions; the
handler logs the choice.

"Choose a number. Destroy all artifacts and creatures with mana value equal to
that number." (Void): ``choose_number`` asks the player, logs the choice and
keeps it in the resolving task (``parent["number"]``), where the amount
``chosen_number`` ("that number", "the number") reads it for the rest of the
resolution. A split card's mana value is that of its combined halves there
(CR 709.4b), which :mod:`mtg_engine.rules.multiface` computes.
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.actions import DecisionKind
from ..rules.effects_runner import Ctx
from ..rules.replacement import choice_options
from ..rules.support import register
from . import effect


@effect("choose_number")
def choose_number(ctx: Ctx, e: Effect) -> bool:
    """CR 608.2d: the player chooses a number as the instruction is followed."""
    g = ctx.game
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.CHOOSE_OPTION,
            "608.2d",
            f"{ctx.obj.name}: choose a number",
            {"options": choice_options(g, "number", player), "purpose": "number"},
            player=player,
        )
    value = int(str(ctx.take_answer().value))
    ctx.set_parent("number", value)
    g.emit(
        "choose",
        ("608.2d",),
        f"{g.players[player].name} chooses the number {value} for {ctx.obj.name}",
        player=player,
        value=value,
    )
    return True


@effect("choose_objects")
def choose_objects(ctx: Ctx, e: Effect) -> bool:
    """CR 608.2d: "choose a nonlegendary creature on the battlefield" (no targeting)."""
    g = ctx.game
    picked = [g.objects[o] for o in ctx.refs(e.args.get("what")) if o in g.objects]
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    shown = ", ".join(o.name if not o.face_down else "a face-down permanent" for o in picked)
    g.emit(
        "choose",
        ("608.2d",),
        f"{g.players[player].name} chooses {shown or 'nothing'} for {ctx.obj.name}",
        player=player,
    )
    return True


register("effect:choose_number", "amount:chosen_number", "effect:choose_objects")
