"""Text-changing effects from resolving spells (CR 612): Sleight of Mind,
Artificial Evolution, Magical Hack.

"Change the text of target spell or permanent by replacing all instances of
one color word with another": as the spell resolves its controller chooses the
word to replace and the new word (CR 608.2d), then a layer-3 continuous effect
(CR 613.1c) rewrites the words used as that kind of word (CR 612.2; the
rewriting itself is :func:`mtg_engine.rules.layers_text.change_text`). The
effect lasts indefinitely unless the text gives a duration (CR 611.2a).
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..cards.model import COLORS
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.layers import creature_types
from ..rules.support import register
from . import effect
from .permanents import add_continuous, duration_of

_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _words(kind: str) -> tuple[str, ...] | None:
    """The words of a kind that may be chosen (CR 612.2; creature types: 205.3m)."""
    if kind == "color":
        return tuple(COLORS)
    if kind == "basic_land_type":
        return _BASIC_LAND_TYPES
    if kind == "creature_type":
        return tuple(sorted(creature_types()))
    return None


_KIND_TEXT = {
    "color": "color word",
    "basic_land_type": "basic land type",
    "creature_type": "creature type",
}

register("arg:change_text.word", "arg:change_text_limit.not")


def _excluded(ctx: Ctx) -> set[str]:
    """Words the new word can't be ("The new creature type can't be Wall.")."""
    ability = ctx.obj.ability
    effects = ability.effects if ability is not None else ()
    return {str(e.args.get("not")) for e in effects if e.op == "change_text_limit"}


@effect("change_text")
def change_text(ctx: Ctx, e: Effect) -> bool:
    """CR 612.1-612.2: replace every instance of one word of a kind with another."""
    g = ctx.game
    kind = str(e.args.get("word", "color"))
    words = _words(kind)
    if words is None:
        g.emit(EventKind.UNSUPPORTED, ("612.2",), f"{ctx.obj.name}: unknown kind of word {kind!r}")
        return True
    objs = [
        o
        for o in ctx.objects(e.args.get("what"))
        if o.zone in (Zone.BATTLEFIELD, Zone.STACK) and not o.phased_out
    ]
    if not objs:
        return True
    sc = ctx.scratch
    what = _KIND_TEXT[kind]
    if "from" not in sc:
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OPTION,
                "612.2",
                f"{ctx.obj.name}: choose the {what} to replace",
                {"options": list(words), "purpose": DecisionPurpose(f"text_change_from_{kind}")},
            )
        sc["from"] = str(ctx.take_answer().value)
    if "to" not in sc:
        excluded = _excluded(ctx) | {sc["from"]}
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OPTION,
                "612.2",
                f"{ctx.obj.name}: choose the new {what} (replacing {sc['from']})",
                {
                    "options": [w for w in words if w not in excluded],
                    "purpose": DecisionPurpose(f"text_change_to_{kind}"),
                },
            )
        sc["to"] = str(ctx.take_answer().value)
    old, new = sc["from"], sc["to"]
    if add_continuous(ctx, objs, "3", "text_change", {"from": old, "to": new}, duration_of(e)):
        g.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("612.1", "612.2", "613.1c"),
            f"The text of {', '.join(o.name for o in objs)} changes: "
            f"every {what} {old} becomes {new}",
        )
    return True


@effect("change_text_limit")
def change_text_limit(ctx: Ctx, e: Effect) -> bool:
    """A limit on the choice of the text change before it (read by :func:`change_text`)."""
    return True
