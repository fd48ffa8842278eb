"""Running a nested list of effects inside one effect (CR 608.2c): the effects of
a coin flip's result ("if you win the flip, ..."), of a die's results table
(CR 706.3a), of a choice.

Each nested effect gets its own scratch space and may ask for decisions; the
position is kept in the outer effect's scratch, so resolution resumes at the
right place after an answer — also in a cloned or deserialized game.
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..rules.conditions import evaluate
from ..rules.effects_runner import Ctx
from . import REGISTRY


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
