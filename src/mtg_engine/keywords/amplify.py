"""Amplify (CR 702.38).

702.38a: "Amplify N" means "As this object enters, reveal any number of cards from
your hand that share a creature type with it. This permanent enters with N +1/+1
counters on it for each card revealed this way. You can't reveal this card or any
other cards that are entering the battlefield at the same time as this card."
702.38b: each instance works separately.

It's a replacement effect that modifies how the permanent enters (CR 614.1c,
614.12): the keyword stands for a static "amplify" entering replacement, which
``rules/etb_choices.py`` applies with :func:`apply_amplify`. The creature types
are those of the permanent as it would exist on the battlefield (CR 614.12), so
a Clone entering as a copy of an amplify creature amplifies with the copied
types (ruling 502.27.3), and a changeling shares every creature type (702.73a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.actions import DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.layers import creature_types
from .entering import ask_any_number, entering_keyword

if TYPE_CHECKING:
    from ..game.state import Game

# "Amplify N": the replacement effect on entering it stands for (CR 702.38a, 614.1c)
entering_keyword(
    "Amplify",
    "amplify",
    "702.38a",
    lambda n: (
        "As this object enters, reveal any number of cards from your hand that "
        f"share a creature type with it. It enters with {n} +1/+1 counter(s) on it for "
        "each card revealed this way."
    ),
)


def amplify_candidates(game: Game, entry: dict[str, Any], subtypes: frozenset[str]) -> list[int]:
    """Cards in the controller's hand that share a creature type with the entering
    permanent (CR 702.38a); the entering card itself is never in the hand."""
    mine = subtypes & creature_types()
    if not mine:
        return []
    p = game.players[entry["controller"]]
    out = []
    for oid in p.hand:
        o = game.objects[oid]
        if oid == entry["obj"] or o.zone != Zone.HAND:
            continue
        if chars(game, o).subtypes & mine:
            out.append(oid)
    return out


def apply_amplify(
    game: Game,
    entry: dict[str, Any],
    n: int,
    subtypes: frozenset[str],
    answer: Any,
    ask: Any,
) -> bool:
    """Reveal cards and add the counters to the entering event (CR 702.38a, 614.1c).
    ``answer`` is the pending answer (or None); ``ask(decision)`` asks. Returns False
    while the decision is pending."""
    cands = amplify_candidates(game, entry, subtypes)
    if not cands:
        return True
    if answer is None:
        obj = game.objects[entry["obj"]]
        text = (
            f"Amplify {n}: reveal any number of cards from your hand that share a "
            f"creature type with {obj.name}"
        )
        return ask_any_number(ask, entry, "702.38a", text, cands, DecisionPurpose.AMPLIFY)
    shown = [c for c in answer.objects if c in cands]
    if shown:
        names = ", ".join(game.objects[c].name for c in shown)
        game.emit(
            EventKind.REVEAL,
            ("702.38a", "701.20a"),
            f"{game.players[entry['controller']].name} reveals {names} (amplify)",
        )
        entry["counters"]["+1/+1"] = entry["counters"].get("+1/+1", 0) + n * len(shown)
        entry["replacement_rules"].extend(["702.38a", "614.1c"])
    return True


KEYWORD_HOOKS.apply_amplify = apply_amplify
