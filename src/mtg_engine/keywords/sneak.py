"""Sneak (the Teenage Mutant Ninja Turtles keyword; not yet in the shipped rules,
2026-01-16: cited by the rules it follows).

"Sneak [cost]" (its reminder text): "You may cast this spell for [cost] if you also
return an unblocked attacker you control to hand during the declare blockers step."
On a permanent: "It enters tapped and attacking." That is an alternative cost
(CR 118.9, 601.2b, 601.2f-h) with a cost component, returning an unblocked attacking
creature you control (509.1h) to its owner's hand, that may be used only during the
declare blockers step (its own timing, whatever the card's type: a sorcery with
sneak is cast then, 601.3). The permanent a spell cast this way becomes enters
tapped and attacking what the returned creature was attacking (508.4; nothing if
that player or permanent is gone, 508.4a), and unblocked (it was never blocked,
509.1h), as ninjutsu's does (702.49c).

Cast with ``CastSpell(card, alt="sneak")`` (the scenario format's ``alt: sneak``);
the attacker returned is asked as the cost is paid when there's a choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Cost
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..game.state import Step
from ..rules.casting import RETURNED_ATTACKING
from ..rules.characteristics import chars
from ..rules.combat_rules import still_attackable
from ..rules.costs import cost_choices
from ..rules.support import register_keywords
from .common import entered_cast_with, keyword_cost, keyword_cost_returning
from .ninjutsu import UNBLOCKED_ATTACKER

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

SNEAK = "Sneak"
register_keywords(SNEAK)

#: the rules a sneak cast follows (alternative cost, cost components, timing)
RULES = ("118.9", "601.2h")


def _cost(a: Ability | None) -> Cost | None:
    """The sneak cost and "return an unblocked attacker you control to hand"."""
    return keyword_cost_returning(a, UNBLOCKED_ATTACKER)


def _check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    """Why ``obj`` can't be cast for its sneak cost now."""
    if keyword_cost(a) is None:
        return f"{obj.name}'s sneak cost isn't known (rule 118.9)"
    if game.step != Step.DECLARE_BLOCKERS:
        return f"{obj.name} can be cast for its sneak cost only during the declare blockers step"
    if not cost_choices(game, UNBLOCKED_ATTACKER, player, obj, "battlefield"):
        return "sneak needs an unblocked attacking creature you control to return (rule 509.1h)"
    return None


alt_cost(AltCost("sneak", SNEAK, "118.9", (Zone.HAND,), _cost, _check, own_timing=True))


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")], keywords=(SNEAK,))
def sneak_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """The permanent a spell cast for its sneak cost became enters tapped and
    attacking what the returned creature was attacking, unblocked (CR 508.4, 509.1h)."""
    new = entered_cast_with(game, ev, "sneak")
    if new is None or "Creature" not in chars(game, new).types:
        return
    if not new.tapped:
        new.tapped = True  # it enters tapped (not "becomes tapped")
        game.invalidate()
    attacked = [
        d for d in (new.paid or {}).get(RETURNED_ATTACKING) or () if still_attackable(game, d)
    ]
    combat = game.combat
    if combat is None or not attacked:
        game.emit(
            EventKind.NOT_ATTACKING,
            ("508.4a",),
            f"{new.name} enters tapped but isn't attacking: what it would attack is gone",
            obj=new.id,
        )
        return
    combat.attackers[new.id] = attacked[0]  # CR 508.4: attacking, but it never "attacked"
    combat.blocked[new.id] = False  # unblocked (CR 509.1h)
    game.invalidate()
    game.emit(
        EventKind.ENTERS_ATTACKING,
        ("508.4", "509.1h"),
        f"{new.name} enters tapped and attacking, unblocked (sneak)",
        obj=new.id,
    )
