"""Freerunning (CR 702.173).

702.173a: Freerunning is a static ability that functions on the stack.
"Freerunning [cost]" means "You may pay [cost] rather than pay this spell's mana
cost if a player was dealt combat damage this turn by a creature that, at the time
it dealt that damage, was an Assassin creature or a commander under your
control." It follows the rules for paying alternative costs (601.2b, 601.2f-h).

As combat damage is dealt to a player (510.2), the source's characteristics then
are read: an Assassin creature, or a commander (CR 903.3, 903.3d: a permanent
that is a commander, whoever's it is), records its controller for this turn
(``turn_flags.assassin_damage``). Cast with ``CastSpell(card, alt="freerunning")``
(the scenario format's ``alt: freerunning``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.commanders import is_commander
from ..rules.support import register_keywords
from .common import keyword_cost

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

FREERUNNING = "Freerunning"
register_keywords(FREERUNNING)


@on_event(EventKind.DAMAGE, keywords=(FREERUNNING,))
def assassin_dealt_combat_damage(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.173a: an Assassin creature or a commander (903.3d) dealt combat damage
    to a player."""
    d = ev.data
    if not d.get("combat") or d.get("target", 0) >= 0:
        return
    src = game.objects.get(d.get("source", -1))
    if src is None or src.zone != Zone.BATTLEFIELD:
        return
    c = chars(game, src)
    if ("Creature" in c.types and "Assassin" in c.subtypes) or is_commander(game, src):
        game.turn_flags.assassin_damage.add(src.controller)


def _check(game: Game, player: int, o: GameObject, a: Ability | None) -> str | None:
    """Why the freerunning cost can't be paid now (CR 702.173a)."""
    if player not in game.turn_flags.assassin_damage:
        return (
            "no Assassin or commander you control dealt combat damage to a player this turn "
            "(rule 702.173a)"
        )
    return None


alt_cost(AltCost("freerunning", FREERUNNING, "702.173a", (Zone.HAND,), keyword_cost, _check))
