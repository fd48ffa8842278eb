"""Flashback (CR 702.34).

702.34a: "Flashback [cost]" means "You may cast this card from your graveyard
if the resulting spell is an instant or sorcery spell by paying [cost] rather
than paying its mana cost" and "If the flashback cost was paid, exile this
card instead of putting it anywhere else any time it would leave the stack."
Casting with flashback follows the rules for alternative costs (CR 118.9,
601.2b, 601.2f-h): timing rules still apply (ruling 502.22.1), the mana cost
and mana value don't change (ruling 502.22.4, CR 118.9c), cost increases and
reductions apply (ruling 502.22.5); countered, it's exiled (ruling 502.22.2).

Cast with ``CastSpell(card_in_graveyard, alt="flashback")``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, cast_record
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.pipeline import Replacement, replacement_finder
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Flashback")


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def instant_or_sorcery(
    keyword: str, rule: str
) -> Callable[[Game, int, GameObject, Ability | None], str | None]:
    """The check "if the resulting spell is an instant or sorcery spell" of a keyword
    that casts a card from the graveyard (flashback 702.34a, jump-start 702.133a)."""

    def check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
        types = chars(game, obj).types
        if not ("Instant" in types or "Sorcery" in types):
            return f"{obj.name} isn't an instant or sorcery: no {keyword} (rule {rule})"
        return None

    return check


alt_cost(
    AltCost(
        "flashback",
        "Flashback",
        "702.34a",
        (Zone.GRAVEYARD,),
        _cost,
        instant_or_sorcery("flashback", "702.34a"),
    )
)

#: alt (how the spell was cast) -> the rule that exiles it whenever it would leave the
#: stack: flashback (702.34a), jump-start (702.133a, :mod:`.jump_start`)
EXILED_FROM_STACK: Final[dict[str, str]] = {"flashback": "702.34a"}


@replacement_finder(
    EventKind.ZONE_CHANGE,
    moves=[
        (Zone.STACK, z) for z in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.STACK, Zone.COMMAND)
    ],
)
def flashback_exile(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """702.34a (702.133a): a flashback (jump-start) spell that would leave the stack
    is exiled instead."""
    if ev["from"] != Zone.STACK or ev["to"] in (Zone.EXILE, Zone.BATTLEFIELD):
        return []
    rec = cast_record(game, ev["obj"])
    alt = rec.get("alt") if rec else None
    if not isinstance(alt, str) or alt not in EXILED_FROM_STACK:
        return []
    return [Replacement(alt, alt, (EXILED_FROM_STACK[alt], "614.1a"), _exile_instead(alt))]


def _exile_instead(alt: str) -> Callable[[Game, dict[str, Any]], str]:
    def exile(game: Game, ev: dict[str, Any]) -> str:
        ev["to"] = Zone.EXILE
        return f"it's exiled instead ({alt})"

    return exile
