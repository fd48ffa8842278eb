"""The ``delayed_trigger`` effect: "... at the beginning of the next end step" (CR 603.7);
the ``reflexive_trigger`` effect: "When you do, ..." (CR 603.12)."""

from __future__ import annotations

from ..cards.abilities import Effect, Trigger
from ..game.events import EventKind
from ..rules.delayed import create, create_reflexive
from ..rules.effects_runner import Ctx
from . import effect


@effect("delayed_trigger")
def delayed_trigger(ctx: Ctx, e: Effect) -> bool:
    """CR 603.7a: create a delayed triggered ability; it triggers once (CR 603.7b)."""
    trig = e.args.get("trigger")
    effects = tuple(e.args.get("effects") or ())
    if not isinstance(trig, Trigger):
        ctx.game.emit(
            EventKind.UNSUPPORTED, ("603.7",), f"{ctx.obj.name}: a delayed trigger without a time"
        )
        return True
    problem = create(ctx, trig, effects, _text(ctx, trig), e.args.get("what"))
    if problem:
        ctx.game.emit(EventKind.UNSUPPORTED, ("603.7",), f"{ctx.obj.name}: {problem}")
    return True


@effect("reflexive_trigger")
def reflexive_trigger(ctx: Ctx, e: Effect) -> bool:
    """CR 603.12: the instruction before was done, so the reflexive ability triggers."""
    text = _sentence(ctx, ("when you do",))
    create_reflexive(
        ctx, tuple(e.args.get("effects") or ()), tuple(e.args.get("targets") or ()), text
    )
    return True


def _text(ctx: Ctx, trig: Trigger) -> str:
    return _sentence(ctx, _OPENINGS)


def _sentence(ctx: Ctx, openings: tuple[str, ...]) -> str:
    """The ability's text for the log: the sentence of the card that created it."""
    ability = ctx.obj.ability
    text = ability.text if ability is not None else ""
    for sentence in text.replace("\n", " ").split(". "):
        low = sentence.lower()
        if any(w in low for w in openings):
            return sentence.rstrip(".") + "."
    return text


#: how the sentence that creates a delayed triggered ability starts (CR 603.7a)
_OPENINGS = ("at the beginning of", "at end of combat", "when you next", "when you lose control")
