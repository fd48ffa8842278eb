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

from typing import TYPE_CHECKING

from ..game.hooks import AltCost, alt_cost, cast_record, on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from ..rules.zones import move

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Flashback")


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def _check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    types = chars(game, obj).types
    if not ("Instant" in types or "Sorcery" in types):
        return f"{obj.name} isn't an instant or sorcery: no flashback (rule 702.34a)"
    return None


alt_cost(AltCost("flashback", "Flashback", "702.34a", (Zone.GRAVEYARD,), _cost, _check))


@on_event("zone_change")
def flashback_exile(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.34a: a flashback spell leaving the stack is exiled instead."""
    d = ev.data
    if d.get("from_zone") != "stack" or d.get("to_zone") == "exile":
        return
    old = d.get("old")
    rec = cast_record(game, old) if isinstance(old, int) else None
    if not rec or rec.get("alt") != "flashback":
        return
    new = game.objects.get(d.get("obj", 0))
    if new is None or new.zone in (Zone.EXILE, Zone.BATTLEFIELD):
        return
    move(game, new.id, Zone.EXILE, ("702.34a",), reason="is exiled instead (flashback)")
