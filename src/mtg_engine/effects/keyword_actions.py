"""Keyword actions that grow a creature: explore (CR 701.44), connive (CR 701.50),
bolster (CR 701.39); and the exile-and-cast of cascade (CR 702.85a) and
discover (CR 701.57a).

Each is a fixed sequence of ordinary instructions, performed as the rule
words it; "it explores" / "it connives" name the creature doing it (the
effect's ``player`` reference is that permanent), and it still explores or
connives if it has left the battlefield: only the counter is lost (701.44b,
701.50c).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards.abilities import Effect, Filter
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..rules.casting import cast_while_resolving, spell_problem
from ..rules.characteristics import chars
from ..rules.counters import put_counters
from ..rules.drawing import draw
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object
from ..rules.statics import statics_with
from ..rules.support import register
from ..rules.zones import move
from . import effect
from .nested import run_nested


def _actor(ctx: Ctx, e: Effect) -> GameObject | None:
    """The permanent that explores or connives ("it", "this creature", "target creature")."""
    objs = ctx.objects(e.args.get("what") or e.args.get("player"))
    return objs[0] if objs else None


def _controller(ctx: Ctx, actor: GameObject | None) -> int:
    return actor.controller if actor is not None else ctx.controller


def _explored(ctx: Ctx, actor: GameObject | None, land: bool | None = None) -> bool:
    """CR 701.44b: the permanent "explores" once the process is complete, even if
    some or all of its actions were impossible ("whenever a creature you control
    explores"); ``land``: whether the card revealed was a land card (None: no card
    was revealed), for "explores a land card" (Nicanzil, Current Conductor)."""
    if actor is not None:
        ctx.game.emit(
            EventKind.EXPLORED,
            ("701.44b",),
            f"{actor.name} explored",
            obj=actor.id,
            player=actor.controller,
            revealed_land=land,
        )
    return True


@effect("explore")
def explore(ctx: Ctx, e: Effect) -> bool:
    """CR 701.44a: reveal the top card of your library; a land card goes into your
    hand; otherwise put a +1/+1 counter on the exploring creature, then you may put
    the revealed card into your graveyard (else it stays on top). "It explores X
    times" (Jadelight Spelunker): the whole process that many times in turn, each
    one an exploration of its own (CR 701.44b); the number is counted as
    the instruction begins."""
    st = ctx.scratch
    if "times" not in st:
        st["times"], st["k"] = max(0, ctx.amount(e.args.get("amount", 1))), 0
    while st["k"] < st["times"]:
        key = f"explore:{st['k']}"
        if not _explore_replaced(ctx, e, st.setdefault(key, {}), key):
            return False
        st["k"] += 1
    return True


register("static:explore_instead")  # Topography Tracker, Twists and Turns (CR 614.1a)


class _Ask(Exception):
    """A replacement effect must be chosen before the plan can go on (CR 616.1)."""

    def __init__(self, sources: list[int]) -> None:
        super().__init__()
        self.sources = sources


def _explore_replaced(ctx: Ctx, e: Effect, s: dict[str, Any], key: str) -> bool:
    """One instruction to explore, as the replacement effects that apply to it modify
    it ("instead it explores, then it explores again": Topography Tracker; "instead
    you scry 1, then that creature explores": Twists and Turns; CR 614.1a). With
    several, the exploring creature's controller chooses one to apply, then the others
    are checked against the modified event; each applies once (CR 616.1, 614.5)."""
    if "plan" not in s:
        actor = _actor(ctx, e)
        reps = _explore_replacements(ctx, actor)
        choices: list[int] = s.setdefault("choices", [])
        if ctx.answer is not None and s.get("asked"):
            got = ctx.take_answer().objects
            choices.append(got[0] if got else s["asked"][0])
            s.pop("asked")
        try:
            s["plan"], _ = _expand(reps, frozenset(), choices, 0)
        except _Ask as ask:
            s["asked"] = ask.sources
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "616.1",
                "Choose the replacement effect to apply first to the exploration",
                {
                    "candidates": ask.sources,
                    "min": 1,
                    "max": 1,
                    "purpose": DecisionPurpose.REPLACEMENT_ORDER,
                },
                player=_controller(ctx, actor),
            )
        s["j"] = 0
        if reps and actor is not None:
            g = ctx.game
            steps = ", then ".join(
                f"scry {step[1]}" if step[0] == "scry" else "explore" for step in s["plan"]
            )
            g.emit(
                EventKind.REPLACEMENT,
                ("614.1a", "616.1"),
                f"{actor.name} would explore; instead: {steps} ("
                + ", ".join(g.objects[r[0]].name for r in reps)
                + ")",
            )
    plan: list[tuple[Any, ...]] = s["plan"]
    while s["j"] < len(plan):
        step = plan[s["j"]]
        if step[0] == "scry":
            scry = Effect("scry", {"amount": step[1]})
            if not run_nested(ctx, (scry,), f"{key}:scry:{s['j']}"):
                return False
        elif not _explore_once(ctx, e, s.setdefault(f"step:{s['j']}", {})):
            return False
        s["j"] += 1
    return True


def _explore_replacements(ctx: Ctx, actor: GameObject | None) -> list[tuple[int, dict]]:
    """The replacement effects that apply to ``actor`` exploring: (source, what it
    does), from the static abilities of permanents (CR 614.1a)."""
    if actor is None:
        return []
    g = ctx.game
    return [
        (src.id, dict(st.args))
        for src, st in statics_with(g, "explore_instead")
        if isinstance(st.affected, Filter)
        and matches_object(g, actor, st.affected, src.controller, src)
    ]


def _expand(
    reps: list[tuple[int, dict]], used: frozenset[int], choices: list[int], pos: int
) -> tuple[list[tuple[Any, ...]], int]:
    """What one exploration becomes once the replacement effects not ``used`` yet
    have applied (CR 616.1f): steps ("scry", n) and ("explore",); ``choices`` are
    the sources chosen so far, in order, at each point where several apply."""
    left = [r for r in reps if r[0] not in used]
    if not left:
        return [("explore",)], pos
    if len(left) == 1:
        rep = left[0]
    else:
        if pos >= len(choices):
            raise _Ask([r[0] for r in left])
        rep = next((r for r in left if r[0] == choices[pos]), left[0])
        pos += 1
    now = used | {rep[0]}
    if rep[1].get("twice"):
        first, pos = _expand(reps, now, choices, pos)
        again, pos = _expand(reps, now, choices, pos)
        return first + again, pos
    rest, pos = _expand(reps, now, choices, pos)
    return [("scry", int(rep[1].get("scry", 1))), *rest], pos


def _explore_once(ctx: Ctx, e: Effect, s: dict[str, Any]) -> bool:
    """One exploration (CR 701.44a), its progress kept in ``s``."""
    g = ctx.game
    actor = _actor(ctx, e)
    p = _controller(ctx, actor)
    lib = g.players[p].library
    if "top" not in s:
        if not lib:
            s["top"] = None
            g.emit(
                EventKind.NO_EFFECT,
                ("701.44a",),
                f"{g.players[p].name} explores: no card to reveal",
            )
            s["done"] = True
        else:
            top = lib[-1]
            s["top"] = top
            name = g.objects[top].name
            g.emit(
                EventKind.REVEAL,
                ("701.44a", "701.20a"),
                f"{g.players[p].name} explores, revealing {name}",
            )
            s["land"] = "Land" in chars(g, g.objects[top]).types
            if s["land"]:
                move(g, top, Zone.HAND, ("701.44a",), reason="is put into its owner's hand")
                s["done"] = True
                return _explored(ctx, actor, True)
        if actor is not None and actor.zone == Zone.BATTLEFIELD:
            put_counters(g, actor, "+1/+1", 1, ("701.44a",), why=" (explore)")
    kept = s.get("top")
    if (
        s.get("done")
        or kept is None
        or kept not in g.objects
        or g.objects[kept].zone != Zone.LIBRARY
    ):
        return _explored(ctx, actor, s.get("land"))
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.YES_NO,
            "701.44a",
            f"Put {g.objects[kept].name} into your graveyard?",
            {"purpose": DecisionPurpose.MAY},
            player=p,
        )
    if bool(ctx.take_answer().value):
        move(g, kept, Zone.GRAVEYARD, ("701.44a",), reason="is put into its owner's graveyard")
    return _explored(ctx, actor, s.get("land"))


@effect("connive")
def connive(ctx: Ctx, e: Effect) -> bool:
    """CR 701.50a: draw a card, then discard a card; if a nonland card was discarded
    this way, put a +1/+1 counter on the conniving permanent."""
    g = ctx.game
    s = ctx.scratch
    actor = _actor(ctx, e)
    p = _controller(ctx, actor)
    if "drawn" not in s:
        s["drawn"] = draw(g, p, 1, ("701.50a", "121.1"))
    hand = list(g.players[p].hand)
    picked = ctx.choose_exactly(
        p, hand, min(1, len(hand)), "701.50a", "Choose a card to discard", DecisionPurpose.DISCARD
    )
    if picked is None:
        return False
    nonland = False
    for oid in picked:
        nonland = nonland or "Land" not in chars(g, g.objects[oid]).types
        move(g, oid, Zone.GRAVEYARD, ("701.9a", "701.50a"), reason="is discarded", cause="discard")
    if nonland and actor is not None and actor.zone == Zone.BATTLEFIELD:
        put_counters(g, actor, "+1/+1", 1, ("701.50a",), why=" (connive)")
    return True


@effect("bolster")
def bolster(ctx: Ctx, e: Effect) -> bool:
    """CR 701.39a: choose a creature with the least toughness among creatures you
    control and put N +1/+1 counters on it."""
    g = ctx.game
    n = ctx.count(e.args.get("amount", 1))
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    p = players[0]
    mine = [
        g.objects[oid]
        for oid in g.battlefield
        if g.objects[oid].controller == p and "Creature" in chars(g, g.objects[oid]).types
    ]
    if not mine:
        return True
    least = min(chars(g, o).toughness or 0 for o in mine)
    cands = [o.id for o in mine if (chars(g, o).toughness or 0) == least]
    picked = ctx.choose_exactly(
        p, cands, 1, "701.39a", f"Bolster {n}: choose a creature", DecisionPurpose.CHOOSE
    )
    if picked is None:
        return False
    for oid in picked:
        if oid in g.objects:
            put_counters(g, g.objects[oid], "+1/+1", n, ("701.39a",), why=" (bolster)")
    return True


def _exile_until(
    ctx: Ctx, p: int, rule: str, what: str, hits: Callable[[GameObject], bool]
) -> None:
    """Exile cards from the top of ``p``'s library until one ``hits`` (cascade,
    702.85a; discover, 701.57a): ``scratch["exiled"]`` and ``scratch["hit"]``."""
    g = ctx.game
    s = ctx.scratch
    lib = g.players[p].library
    exiled: list[int] = []
    hit = None
    while lib:
        nid = move(g, lib[-1], Zone.EXILE, (rule,), reason=f"is exiled ({what})")
        if nid is None:
            break
        exiled.append(nid)
        if hits(g.objects[nid]):
            hit = nid
            break
    s["exiled"] = exiled
    s["hit"] = hit


def _rest_on_bottom(ctx: Ctx, rule: str) -> None:
    """The exiled cards still in exile go on the bottom of the library "in a random
    order" (702.85a, 701.57a)."""
    g = ctx.game
    rest = [o for o in ctx.scratch["exiled"] if o in g.objects and g.objects[o].zone == Zone.EXILE]
    for i in range(len(rest) - 1, 0, -1):
        j = g.rng.randrange(i + 1)
        rest[i], rest[j] = rest[j], rest[i]
    for oid in rest:
        move(g, oid, Zone.LIBRARY, (rule,), bottom=True, reason="is put on the bottom")


def _may_cast_free(
    ctx: Ctx, p: int, hit: int, limit: int, strict: bool, rule: str, what: str
) -> bool | None:
    """Offer to cast ``hit`` without paying its mana cost if the resulting spell's
    mana value is less than (``strict``) or at most ``limit``: True when it is
    being cast, False when not, None while the player decides."""
    g = ctx.game
    card = g.objects.get(hit)
    if card is None or card.zone != Zone.EXILE:
        return False
    mv = chars(g, card).mana_value
    if not (mv < limit if strict else mv <= limit):
        return False
    if spell_problem(g, p, card, {"alt": "without_paying"}, with_priority=False) is not None:
        return False
    if ctx.answer is None:
        ctx.ask(
            DecisionKind.YES_NO,
            rule,
            f"{what}: cast {card.name} without paying its mana cost?",
            {"purpose": DecisionPurpose.MAY},
            player=p,
        )
        return None
    if bool(ctx.take_answer().value):
        cast_while_resolving(g, hit, p, {"alt": "without_paying"})
        return True
    return False


@effect("cascade")
def cascade(ctx: Ctx, e: Effect) -> bool:
    """CR 702.85a: exile cards from the top of the library until a nonland card with
    mana value less than the spell's is exiled; its controller may cast it without
    paying its mana cost (if the resulting spell's mana value is also less); then
    the exiled cards not cast go on the bottom of the library in a random order."""
    g = ctx.game
    s = ctx.scratch
    p = ctx.controller
    mv = int(e.args.get("mana_value") or 0)
    if "exiled" not in s:
        _exile_until(
            ctx,
            p,
            "702.85a",
            "cascade",
            lambda o: "Land" not in chars(g, o).types and chars(g, o).mana_value < mv,
        )
    hit = s.get("hit")
    if hit is not None and not s.get("asked"):
        cast = _may_cast_free(ctx, p, hit, mv, True, "702.85a", "Cascade")
        if cast is None:
            return False
        s["asked"] = True
        if cast:
            return False  # the cast task runs now; this handler continues afterwards
    _rest_on_bottom(ctx, "702.85a")
    return True


@effect("discover")
def discover(ctx: Ctx, e: Effect) -> bool:
    """CR 701.57a: "Exile cards from the top of your library until you exile a
    nonland card with mana value N or less. You may cast that card without paying
    its mana cost if the resulting spell's mana value is less than or equal to N.
    If you don't cast it, put that card into your hand. Put the remaining exiled
    cards on the bottom of your library in a random order." 701.57b: the player
    has discovered even if some or all of it was impossible."""
    g = ctx.game
    s = ctx.scratch
    p = (ctx.players(e.args.get("player")) or [ctx.controller])[0]
    n = ctx.count(e.args.get("amount", 0))
    if "exiled" not in s:
        g.emit(EventKind.DISCOVER, ("701.57a",), f"{g.players[p].name} discovers {n}", player=p)
        _exile_until(
            ctx,
            p,
            "701.57a",
            "discover",
            lambda o: "Land" not in chars(g, o).types and chars(g, o).mana_value <= n,
        )
    hit = s.get("hit")
    if hit is not None and not s.get("asked"):
        cast = _may_cast_free(ctx, p, hit, n, False, "701.57a", f"Discover {n}")
        if cast is None:
            return False
        s["asked"] = True
        if cast:
            return False  # the cast task runs now; this handler continues afterwards
    if hit is not None and hit in g.objects and g.objects[hit].zone == Zone.EXILE:
        move(g, hit, Zone.HAND, ("701.57a",), reason="is put into its owner's hand (not cast)")
    _rest_on_bottom(ctx, "701.57a")
    return True
