"""Prowl (CR 702.76).

702.76a: "Prowl [cost]" means "You may pay [cost] rather than pay this spell's
mana cost if a player was dealt combat damage this turn by a source that, at
the time it dealt that damage, was under your control and had any of this
spell's creature types." Casting for the prowl cost follows the rules for
alternative costs (CR 118.9, 601.2b, 601.2f-h).

What counts is the source as it was when it dealt the damage (last known
information): it doesn't matter whether it is still on the battlefield or
still has those types (ruling 502.76.1). The spell's creature types are its
current ones (ruling 502.76.2). Each combat damage event to a player records
the source's controller and creature types in ``game.turn_flags.prowl_types`` (cleared as
the turn ends).

Cast with ``CastSpell(card, alt="prowl")``; "if its prowl cost was paid" is
the ``alt_cost_paid`` condition (:mod:`.alt_conditions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Prowl")


@on_event(EventKind.DAMAGE, keywords=("Prowl",))
def record_combat_damage(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.76a: remember the creature types of sources that dealt combat damage to a
    player, by their controller at that time."""
    d = ev.data
    if not d.get("combat"):
        return
    target = d.get("target")
    if not isinstance(target, int) or target >= 0:
        return  # not a player
    src = game.objects.get(d.get("source", 0))
    if src is None:
        return
    types = chars(game, src).subtypes
    prowl_types = game.turn_flags.prowl_types
    seen = prowl_types.get(src.controller, ())
    new = tuple(sorted(set(seen) | set(types)))
    if new != seen:
        prowl_types[src.controller] = new


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def _check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    dealt = set(game.turn_flags.prowl_types.get(player, ()))
    mine = chars(game, obj).subtypes
    if not dealt & set(mine):
        return (
            f"no source of a creature type of {obj.name} you controlled dealt combat damage "
            "to a player this turn (rule 702.76a)"
        )
    return None


alt_cost(AltCost("prowl", "Prowl", "702.76a", (Zone.HAND,), _cost, _check))
