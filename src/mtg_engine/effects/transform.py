"""Changing which face of a multi-face permanent is up: transform (CR 701.27),
convert (701.28), flip (710.2), meld (701.42)."""

from __future__ import annotations

from ..cards.abilities import Effect, SelfRef
from ..game.actions import DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.multiface import meldable
from ..rules.multiface_play import flip, meld, meld_pair_partners, transform
from ..rules.support import register
from ..rules.zones import move
from . import effect
from .keyword_abilities import _source_here


def _since(ctx: Ctx, e: Effect) -> int | None:
    """CR 701.27f: an ability of the permanent itself transforms it only if it
    hasn't transformed since the ability was put on the stack."""
    what = e.args.get("what")
    if isinstance(what, SelfRef) and ctx.obj.stack_kind in ("activated", "triggered"):
        return ctx.obj.timestamp
    return None


@effect("transform", "convert")
def transform_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 701.27a / 701.28a."""
    rules = ("701.27a",) if e.op == "transform" else ("701.28a",)
    verb = "transforms" if e.op == "transform" else "converts"
    for o in ctx.objects(e.args.get("what")):
        transform(ctx.game, o, rules, since=_since(ctx, e), verb=verb)
    return True


@effect("flip")
def flip_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 710.2: "flip this creature"."""
    for o in ctx.objects(e.args.get("what", SelfRef())):
        flip(ctx.game, o)
    return True


@effect("meld")
def meld_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 701.42a: "exile them, then meld them into <name>"."""
    objs = ctx.objects(e.args.get("what", SelfRef())) + ctx.objects(e.args.get("with"))
    if len(objs) >= 2:
        meld(ctx.game, objs[0], objs[1], ctx.controller)
    return True


@effect("meld_pair")
def meld_pair_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 701.42a, 712.4a: "exile them, then meld them into <result>": this permanent
    and its meld partner (the condition that names the partner was checked by the
    "if" of the same instruction). Objects that can't be melded stay exiled (701.42c)."""
    g = ctx.game
    src = _source_here(ctx)
    partners = meld_pair_partners(g, src, ctx.controller, "")
    chosen = ctx.choose_exactly(
        ctx.controller,
        [o.id for o in partners],
        min(1, len(partners)),
        "701.42a",
        f"Choose the {partners[0].name if partners else 'permanent'} to meld with {ctx.obj.name}",
        DecisionPurpose.CHOOSE,
    )
    if chosen is None:
        return False  # the controller chooses which one (CR 608.2d)
    partner = g.objects.get(chosen[0]) if chosen else None
    if src is None or partner is None:
        g.emit(EventKind.NO_EFFECT, ("701.42a",), f"{ctx.obj.name}: there is no meld pair to meld")
        return True
    if not meldable(src, partner):
        for o in (src, partner):
            move(g, o.id, Zone.EXILE, ("701.42a", "701.42c"), reason="is exiled to meld")
        g.emit(EventKind.NO_EFFECT, ("701.42c",), f"{src.name} and {partner.name} can't be melded")
        return True
    meld(g, src, partner, ctx.controller)
    return True


register(
    "effect:transform",
    "effect:convert",
    "effect:flip",
    "effect:meld",
    "effect:meld_pair",
    "condition:meld_pair",
    "trigger:transforms",
)
