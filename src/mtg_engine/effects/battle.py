"""A defeated Siege (CR 310.11b): "exile it, then you may cast it transformed
without paying its mana cost"."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.casting import cast_while_resolving
from ..rules.effects_runner import Ctx
from ..rules.zones import move
from . import effect


@effect("siege_defeated")
def siege_defeated(ctx: Ctx, e: Effect) -> bool:
    """CR 310.11b, 712.14: exile the Siege; its controller may then cast it
    transformed (its back face up) without paying its mana cost (CR 118.9a)."""
    g = ctx.game
    s = ctx.scratch
    if "card" not in s:
        src = ctx.source
        if src.zone != Zone.BATTLEFIELD or src.id != ctx.obj.source_id:
            return True  # it left the battlefield: a new object (CR 400.7)
        new_id = move(g, src.id, Zone.EXILE, ("310.11b",), reason="is exiled (defeated)")
        s["card"] = new_id
    if s.get("cast_pushed"):
        return True
    card = g.objects.get(s["card"]) if s["card"] is not None else None
    if card is None or card.zone != Zone.EXILE or len(card.card.faces) < 2:
        return True
    player = ctx.controller
    if "yes" not in s:
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.YES_NO,
                "310.11b",
                f"Cast {card.card.faces[1].name} (transformed) without paying its mana cost?",
                {"purpose": DecisionPurpose.MAY},
                player=player,
            )
        s["yes"] = bool(ctx.take_answer().value)
    if not s["yes"]:
        g.emit(EventKind.NOT_CAST, ("310.11b",), f"{card.name} isn't cast; it stays in exile")
        return True
    s["cast_pushed"] = True
    cast_while_resolving(g, card.id, player, {"alt": "without_paying", "face": 1}, face=1)
    return False  # the cast task runs now; this handler is called again afterwards
