"""Running a nested list of effects inside one effect (CR 608.2c): the effects of
a coin flip's result ("if you win the flip, ..."), of a die's results table
(CR 706.3a), of a choice.

Each nested effect gets its own scratch space and may ask for decisions; the
position is kept in the outer effect's scratch, so resolution resumes at the
right place after an answer — also in a cloned or deserialized game.
"""

from __future__ import annotations

from ..cards.abilities import EachRef, Effect, Filter
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..rules.conditions import evaluate
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import REGISTRY, effect

register("arg:repeat.times")  # "for each 1 life you lost, ..." (repeat below)


def run_nested(ctx: Ctx, effects: tuple[Effect, ...], key: str) -> bool:
    """Run ``effects`` in order; False while waiting for a decision."""
    assert ctx.task is not None
    data = ctx.task.data
    outer = data.setdefault("scratch", {})
    st = outer.setdefault(key, {"i": 0, "scratch": {}, "opt": None})
    g = ctx.game
    while st["i"] < len(effects):
        e = effects[st["i"]]
        if e.optional and st["opt"] is None:
            if ctx.answer is None:
                g.ask(
                    Decision(
                        DecisionKind.YES_NO,
                        ctx.controller,
                        "609.3",
                        f"{ctx.obj.name}: you may {e.op.replace('_', ' ')}?",
                        {"purpose": DecisionPurpose.MAY},
                    )
                )
                return False
            st["opt"] = bool(ctx.take_answer().value)
        skip = e.optional and not st["opt"]
        if not skip and e.condition is not None:
            skip = not evaluate(g, e.condition, ctx.controller, ctx.source)
        if not skip:
            handler = REGISTRY.get(e.op)
            if handler is None:
                g.emit(
                    EventKind.UNSUPPORTED,
                    ("608.2c",),
                    f"{ctx.obj.name}: '{e.op}' is not implemented",
                )
            else:
                data["scratch"] = st["scratch"]
                try:
                    done = handler(ctx, e)
                finally:
                    st["scratch"] = data.get("scratch", {})
                    data["scratch"] = outer
                if not done:
                    return False
        st["i"] += 1
        st["scratch"] = {}
        st["opt"] = None
    return True


@effect("repeat")
def repeat(ctx: Ctx, e: Effect) -> bool:
    """ "For each 1 life you lost, sacrifice a permanent other than this enchantment
    unless you discard a card" (Oath of Lim-Dûl): the instructions are done, whole,
    that many times in turn, each time with its own choices (CR 608.2c). The number
    is counted as the instruction begins."""
    st = ctx.scratch
    if "times" not in st:
        st["times"], st["k"] = ctx.count(e.args.get("times", 0)), 0
    effects = tuple(e.args.get("effects") or ())
    while st["k"] < st["times"]:
        if not run_nested(ctx, effects, f"repeat:{st['k']}"):
            return False
        st["k"] += 1
    return True


@effect("for_each")
def for_each(ctx: Ctx, e: Effect) -> bool:
    """ "For each token you control, create a token that's a copy of that
    permanent"; "for each opponent, that player ...": the instructions are done
    once for each object or player the description names as the instruction
    begins, in turn; "that creature", "that player" is the one being done
    (:class:`EachOneRef`, CR 608.2c). The players are taken in turn order from
    the active player's (CR 101.4)."""
    assert ctx.task is not None  # a resolving spell or ability
    data = ctx.task.data
    st = ctx.scratch
    flt = e.args["filter"]
    if "each" not in st:
        each = ctx.refs(EachRef(flt)) if isinstance(flt, Filter) else []
        if each and all(r < 0 for r in each):
            n = len(ctx.game.players)
            each.sort(key=lambda r: (-r - 1 - ctx.game.active) % n)  # APNAP (101.4)
        st["each"], st["k"], st["made"] = each, 0, []
        st["it"] = (data.get("parent") or {}).get("it")
        st["destroyed"] = None
        st["destroyed_before"] = (data.get("parent") or {}).get("destroyed")
    effects = tuple(e.args.get("effects") or ())
    while st["k"] < len(st["each"]):
        one = st["each"][st["k"]]
        data["each_one"] = one
        if one < 0:
            data["that_players"] = [-one - 1]  # "that player", "they" (608.2c)
        if st.get("started") != st["k"]:
            st["started"] = st["k"]
            ctx.set_parent("it", None)
            ctx.set_parent("destroyed", None)
        if not run_nested(ctx, effects, f"each:{st['k']}"):
            return False
        made = (data.get("parent") or {}).get("it")
        st["made"].extend(made if isinstance(made, list) else [])
        destroyed = (data.get("parent") or {}).get("destroyed")
        if destroyed is not None:
            # "for each player, destroy up to one target creature that player
            # controls. If a creature you controlled was destroyed this way, ..."
            # (Demonic Junker): every permanent destroyed in each turn (CR 608.2c)
            st["destroyed"] = [*(st["destroyed"] or []), *destroyed]
        st["k"] += 1
    data.pop("each_one", None)
    destroyed = st.get("destroyed")
    ctx.set_parent("destroyed", destroyed if destroyed is not None else st.get("destroyed_before"))
    # "Those tokens gain haste": what the instructions made, for all of them
    ctx.set_parent("it", list(st["made"]) if st["made"] else st["it"])
    return True
