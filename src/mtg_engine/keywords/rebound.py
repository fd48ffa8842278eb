"""Rebound (CR 702.88).

702.88a: "Rebound" means "If this spell was cast from your hand, instead of
putting it into your graveyard as it resolves, exile it and, at the beginning
of your next upkeep, you may cast this card from exile without paying its mana
cost." 702.88b: that cast follows the rules for alternative costs (601.2b,
601.2f-h). 702.88c: several instances are redundant.

Like flashback (keywords/flashback.py), the "instead" is a replacement effect
of the spell's zone change in the event pipeline (rules/pipeline.py, CR
614.1a): the resolving spell goes to exile, never to the graveyard first.
After the move, a delayed triggered ability (CR 603.7) is created for the
card in exile; it triggers at its owner's next upkeep only (``turn_of``), once
(603.7b), and casts the card if it is still that object in exile (CR 400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, Effect, Trigger
from ..game.events import EventKind
from ..game.hooks import cast_record
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.pipeline import Replacement, replacement_finder, then_hook
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..game.state import Game

register_keywords("Rebound")

#: the delayed triggered ability rebound creates (CR 702.88a, 603.7a)
UPKEEP_CAST = Ability(
    AbilityKind.TRIGGERED,
    text=(
        "At the beginning of your next upkeep, you may cast this card from exile "
        "without paying its mana cost."
    ),
    effects=(Effect("cast_card", {"alt": "without_paying", "optional": True, "rule": "702.88a"}),),
    trigger=Trigger(event="step", step="upkeep", player="you"),
)


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(Zone.STACK, Zone.GRAVEYARD)])
def rebound_exile(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """702.88a: a spell with rebound cast from its controller's hand is exiled
    instead of being put into the graveyard as it resolves (CR 608.2n)."""
    if ev["cause"] != "resolved" or ev["to"] != Zone.GRAVEYARD or ev["from"] != Zone.STACK:
        return []
    obj = game.objects[ev["obj"]]
    if "Rebound" not in chars(game, obj).keywords:
        return []
    rec = cast_record(game, obj.id)
    if not rec or rec.get("from_zone") != "hand":
        return []
    return [Replacement("rebound", "rebound", ("702.88a", "614.1a"), _exile_instead)]


def _exile_instead(game: Game, ev: dict[str, Any]) -> str:
    ev["to"] = Zone.EXILE
    ev.setdefault("then", []).append("rebound")
    return "it's exiled instead (rebound)"


@then_hook("rebound")
def _delayed_cast(game: Game, ev: dict[str, Any], new: int | None) -> None:
    """CR 603.7a: the delayed "at the beginning of your next upkeep" ability."""
    if new is None or game.objects[new].zone != Zone.EXILE:
        return
    card = game.objects[new]
    game.delayed_triggers.append(
        {
            "step": "upkeep",
            "turn_of": card.owner,  # "your next upkeep"
            "source": card.id,
            "source_name": card.name,
            "card_uid": card.card_uid,
            "controller": card.owner,
            "ability": UPKEEP_CAST,
            "event": {"step": "upkeep", "delayed": True},
            "created_turn": game.turn,
        }
    )
    game.emit(
        EventKind.DELAYED_TRIGGER,
        ("603.7a", "702.88a"),
        f"{card.name} creates a delayed triggered ability: {UPKEEP_CAST.text}",
        player=card.owner,
    )
