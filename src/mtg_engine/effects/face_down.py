"""Face-down effects (CR 708): manifest (701.40), cloak (701.58), manifest
dread (701.62), "turn ... face down" (708.2a) and "turn ... face up" (708.8)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.actions import DecisionKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.face_down import put_face_down, turn_face_down, turn_face_up
from ..rules.support import register
from . import effect


def _player(ctx: Ctx, e: Effect) -> int:
    ps = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    return ps[0] if ps else ctx.controller


def _top_cards(ctx: Ctx, e: Effect, player: int) -> list[int]:
    """The cards an effect manifests or cloaks: ``what`` (a card), or the top of the library."""
    if e.args.get("what") is not None:
        return [o.id for o in ctx.objects(e.args["what"]) if o.zone != Zone.BATTLEFIELD]
    n = ctx.amount(e.args.get("amount", 1))
    lib = ctx.game.players[player].library
    return list(reversed(lib[-n:])) if n > 0 else []


@effect("manifest", "cloak")
def manifest(ctx: Ctx, e: Effect) -> bool:
    """CR 701.40a / 701.58a: put the card onto the battlefield face down as a 2/2
    (with ward {2} when cloaked), one at a time (701.40e, 701.58e)."""
    g = ctx.game
    player = _player(ctx, e)
    sc = ctx.scratch
    if "cards" not in sc:
        sc["cards"] = _top_cards(ctx, e, player)
        sc["i"] = 0
    kind = e.op
    rule = "701.40a" if kind == "manifest" else "701.58a"
    while sc["i"] < len(sc["cards"]):
        oid = sc["cards"][sc["i"]]
        sc["i"] += 1
        if oid not in g.objects:
            continue
        g.emit(
            kind,
            (rule,),
            f"{g.players[player].name} {'manifests' if kind == 'manifest' else 'cloaks'} "
            "a card face down",
            player=player,
        )
        if put_face_down(g, player, oid, kind, (rule, "708.3")) is None:
            return False
    return True


@effect("manifest_dread")
def manifest_dread(ctx: Ctx, e: Effect) -> bool:
    """CR 701.62a: look at the top two cards, manifest one, the rest into the graveyard."""
    from ..rules.zones import move

    g = ctx.game
    player = _player(ctx, e)
    sc = ctx.scratch
    if "cards" not in sc:
        lib = g.players[player].library
        sc["cards"] = list(reversed(lib[-2:]))
    cards = [c for c in sc["cards"] if c in g.objects]
    if not cards:
        return True
    if "pick" not in sc:
        if len(cards) == 1:
            sc["pick"] = cards[0]
        elif ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "701.62a",
                "Manifest dread: choose the card to manifest",
                {"candidates": cards, "min": 1, "max": 1, "purpose": "manifest"},
                player=player,
            )
        else:
            sc["pick"] = ctx.take_answer().objects[0]
    if not sc.get("done"):
        sc["done"] = True
        for c in cards:
            if c != sc["pick"]:
                move(
                    g,
                    c,
                    Zone.GRAVEYARD,
                    ("701.62a",),
                    reason="is put into the graveyard (manifest dread)",
                )
        g.emit(
            "manifest_dread",
            ("701.62a",),
            f"{g.players[player].name} manifests dread",
            player=player,
        )
        if put_face_down(g, player, sc["pick"], "manifest_dread", ("701.62a", "701.40a")) is None:
            return False
    return True


@effect("turn_face_down")
def turn_down(ctx: Ctx, e: Effect) -> bool:
    """CR 708.2a: "turn target creature face down" (a 2/2 with no text)."""
    for o in ctx.objects(e.args.get("what")):
        turn_face_down(ctx.game, o, str(e.args.get("as") or "effect"))
    return True


@effect("turn_face_up")
def turn_up(ctx: Ctx, e: Effect) -> bool:
    """CR 708.8: an effect turns a face-down permanent face up (no cost; even
    one without morph, 707.3 example)."""
    for o in ctx.objects(e.args.get("what")):
        if o.zone == Zone.BATTLEFIELD:
            turn_face_up(ctx.game, o, ("708.8",))
    return True


register(
    "effect:manifest",
    "effect:cloak",
    "effect:manifest_dread",
    "effect:turn_face_down",
    "effect:turn_face_up",
    "trigger:turned_face_up",
)


@effect("phase_out", "phase_in")
def phasing_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 702.26b-c: "target creature phases out"; "phased-out creatures phase in"
    (phased-out permanents aren't seen by filters, so they're looked for directly)."""
    from ..cards.abilities import EachRef
    from ..rules.phasing import phase_in, phase_out

    g = ctx.game
    # the compiler's generic keyword-action form puts the subject in "player"
    what = e.args.get("what") if e.args.get("what") is not None else e.args.get("player")
    if e.op == "phase_out":
        phase_out(g, [o for o in ctx.objects(what) if o.zone == Zone.BATTLEFIELD])
        return True
    objs = []
    if isinstance(what, EachRef):
        from ..rules.characteristics import chars

        kinds = [k for k in what.filter.kinds if k not in ("permanent",)]
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.phased_out and (not kinds or chars(g, o).types & set(kinds)):
                objs.append(o)
    else:
        objs = [o for o in ctx.objects(what) if o.phased_out]
    phase_in(g, objs)
    return True


register("effect:phase_out", "effect:phase_in")
