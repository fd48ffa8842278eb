"""Devour (CR 702.82).

702.82a: "Devour N" means "As this object enters, you may sacrifice any number of
creatures. This permanent enters with N times that many +1/+1 counters on it."
702.82c: a creature it sacrificed this way is one it "devoured".

It's a replacement effect that modifies how the permanent enters (CR 614.1c,
614.12): the keyword stands for a static "devour" entering replacement, which
``rules/etb_choices.py`` applies with :func:`apply_devour`. The creatures are
sacrificed as part of the entering event, before the permanent is on the
battlefield; it can't devour an object entering at the same time (614.13a), and
the creatures devoured by one permanent are gone before the next one entering with
it chooses (614.13b: the same object can't be chosen twice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Filter
from ..game.actions import DecisionPurpose
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.filters import matches_object
from ..rules.permanents import sacrifice
from ..rules.simultaneous import simultaneous
from .entering import ask_any_number, entering_keyword

if TYPE_CHECKING:
    from ..game.state import Game

# "Devour N": the replacement effect on entering it stands for (CR 702.82a, 614.1c)
entering_keyword(
    "Devour",
    "devour",
    "702.82a",
    lambda n: (
        "As this object enters, you may sacrifice any number of creatures. It "
        f"enters with {n} times that many +1/+1 counters on it."
    ),
)


def devour_candidates(
    game: Game, entry: dict[str, Any], quality: Filter | None = None
) -> list[int]:
    """The creatures (702.82c: the [quality] permanents) the entering permanent's
    controller controls, other than the objects entering the battlefield (CR 702.82a,
    614.13a)."""
    ctl = entry["controller"]
    barred = {entry["obj"], *entry.get("together", ())}
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if oid in barred or o.phased_out or o.controller != ctl:
            continue
        if (
            matches_object(game, o, quality, ctl, game.objects.get(entry["obj"]))
            if quality is not None
            else "Creature" in chars(game, o).types
        ):
            out.append(oid)
    return out


def apply_devour(
    game: Game,
    entry: dict[str, Any],
    n: int,
    answer: Any,
    ask: Any,
    quality: Filter | None = None,
) -> bool:
    """Sacrifice the chosen creatures and add the counters to the entering event
    (CR 702.82a, 614.1c). ``answer`` is the pending answer (or None); ``ask(decision)``
    asks. Returns False while the decision is pending."""
    cands = devour_candidates(game, entry, quality)
    if not cands:
        return True
    if answer is None:
        obj = game.objects[entry["obj"]]
        what = "creatures" if quality is None else "permanents of that quality (702.82c)"
        text = f"Devour {n}: sacrifice any number of {what} as {obj.name} enters"
        return ask_any_number(ask, entry, "702.82a", text, cands, DecisionPurpose.SACRIFICE)
    eaten = [c for c in answer.objects if c in cands]
    if not eaten:
        return True
    with simultaneous(game, eaten):  # one event (CR 603.10a)
        for oid in eaten:
            if game.objects[oid].zone == Zone.BATTLEFIELD:
                sacrifice(game, oid, ("702.82a", "701.21a"))
    entry["counters"]["+1/+1"] = entry["counters"].get("+1/+1", 0) + n * len(eaten)
    chosen = entry["chosen"]
    chosen["devoured"] = int(chosen.get("devoured", 0)) + len(eaten)  # CR 702.82c
    entry["replacement_rules"].extend(["702.82a", *(("702.82c",) if quality else ()), "614.1c"])
    return True


KEYWORD_HOOKS.apply_devour = apply_devour
