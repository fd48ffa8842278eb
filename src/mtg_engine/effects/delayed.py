"""The ``delayed_trigger`` effect: "... at the beginning of the next end step" (CR 603.7);
the ``reflexive_trigger`` effect: "When you do, ..." (CR 603.12)."""

from __future__ import annotations

from ..cards.abilities import Amount, Effect, Trigger
from ..game.events import EventKind
from ..rules.delayed import create, create_reflexive
from ..rules.effects_runner import Ctx
from ..rules.support import register
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
    targets = tuple(e.args.get("targets") or ())
    problem = create(ctx, trig, effects, _text(ctx, trig), e.args.get("what"), targets)
    if problem:
        ctx.game.emit(EventKind.UNSUPPORTED, ("603.7",), f"{ctx.obj.name}: {problem}")
    return True


# "When one or more counters are removed from this creature this way, ...": only if
# the instruction before did so much; "that much" is what it did (CR 603.12, 608.2c)
register("arg:reflexive_trigger.that_much_at_least")


@effect("reflexive_trigger")
def reflexive_trigger(ctx: Ctx, e: Effect) -> bool:
    """CR 603.12: the instruction before was done, so the reflexive ability triggers."""
    at_least = e.args.get("that_much_at_least")
    amount = None
    if at_least is not None:
        amount = ctx.amount(Amount("that_much"))
        if amount < int(at_least):
            return True  # it didn't happen "this way": nothing triggers
    else:
        done = (ctx.task.data.get("parent") or {}) if ctx.task is not None else {}
        if "that_much" in done:
            # "Tap any number of untapped artifacts you control. When you do, this
            # Saga deals that much damage": what the instruction before did (608.2c)
            amount = int(done["that_much"])
    text = _sentence(ctx, ("when you do", "this way,"))
    create_reflexive(
        ctx, tuple(e.args.get("effects") or ()), tuple(e.args.get("targets") or ()), text, amount
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
_OPENINGS = (
    "at the beginning of",
    "at end of combat",
    "when you next",
    "when you lose control",
    "dies this turn",
)
