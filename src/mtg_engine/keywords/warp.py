"""Warp (CR 702.185).

702.185a: "Warp [cost]" means "You may cast this card from your hand by paying
[cost] rather than its mana cost" and "If this spell's warp cost was paid,
exile the permanent this spell becomes at the beginning of the next end step.
Its owner may cast this card after the current turn has ended for as long as it
remains exiled." Casting a spell for its warp cost follows the rules for
alternative costs (601.2b, 601.2f-h). 702.185b: a card exiled by that delayed
triggered ability is a "warped" card in exile.

Cast with ``CastSpell(card, alt="warp")`` (the scenario format's ``alt: warp``).
As the permanent enters from the stack with its warp cost paid, the delayed
ability is created (603.7a); it exiles that permanent, not a new object it may
have become (603.7c, 400.7). The exiled card remembers the turn it was warped
in (``chosen["warped_turn"]``); on a later turn its owner may cast it from exile
with ``CastSpell(card, alt="warped")``, paying its mana cost (it's a permission,
not an alternative cost, so the card's other costs may still apply). A new object
elsewhere is no longer warped (400.7). "A spell was warped this turn" (702.185c)
and casting from other zones with the warp ability (Timeline Culler) aren't
implemented.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, Cost, Effect
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, effect, on_event
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.delayed import BoundRef
from ..rules.support import register_keywords
from ..rules.zones import move
from .common import at_next_end_step, entered_cast_with
from .foretell import later_turn_problem

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..rules.effects_runner import Ctx

WARP = "Warp"
register_keywords(WARP)

#: where the exiled card keeps the turn it was warped in (CR 702.185b)
WARPED_TURN = "warped_turn"
#: the effect op of the delayed ability (registered below)
WARP_EXILE = "warp_exile"


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


alt_cost(AltCost("warp", WARP, "702.185a", (Zone.HAND,), _cost))


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")], keywords=(WARP,))
def warp_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.185a, 603.7a: the permanent a spell cast for its warp cost became."""
    new = entered_cast_with(game, ev, "warp")
    if new is None:
        return
    at_next_end_step(
        game,
        new,
        "At the beginning of the next end step, exile the warped permanent (warp).",
        Effect(WARP_EXILE, {"what": BoundRef((new.id,))}),
        ("702.185a", "603.7a"),
        f"{new.name} was warped: it is exiled at the beginning of the next end step",
    )


@effect(WARP_EXILE)
def warp_exile(ctx: Ctx, e: Effect) -> bool:
    """CR 702.185a-b: exile the permanent the warped spell became, if it's still that
    permanent (603.7c); the card in exile is warped, castable by its owner after
    this turn."""
    game = ctx.game
    for oid in ctx.refs(e.args.get("what")):
        o = game.objects.get(oid)
        if o is None or o.zone != Zone.BATTLEFIELD:
            continue
        new_id = move(game, oid, Zone.EXILE, ("702.185a", "406.3"), reason="is exiled (warp)")
        new = game.objects.get(new_id) if new_id is not None else None
        if new is not None and new.zone == Zone.EXILE:
            new.chosen = {**(new.chosen or {}), WARPED_TURN: game.turn}
    return True


def warped_turn(o: GameObject) -> int | None:
    """The turn the exiled card ``o`` was warped in (CR 702.185b), or None."""
    turn = (o.chosen or {}).get(WARPED_TURN)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def _cast_problem(game: Game, player: int, o: GameObject, a: Ability | None) -> str | None:
    """Why the warped card can't be cast from exile now (CR 702.185a)."""
    done = ("a warped card you own", "it was warped", "702.185a")
    return later_turn_problem(game, player, o, warped_turn(o), done)


#: casting a warped card from exile: a permission (its mana cost is paid, CR 702.185a)
alt_cost(
    AltCost(
        "warped",
        None,
        "702.185a",
        (Zone.EXILE,),
        lambda a: Cost(),
        _cast_problem,
        keeps_mana_cost=True,
    )
)

__all__ = ["WARPED_TURN", "warped_turn"]
