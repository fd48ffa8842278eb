"""Suspend (CR 702.62).

702.62a: "Suspend N—[cost]" means "If you could begin to cast this card by
putting it onto the stack from your hand, you may pay [cost] and exile it
with N time counters on it. This action doesn't use the stack," and "At the
beginning of your upkeep, if this card is suspended, remove a time counter
from it," and "When the last time counter is removed from this card, if it's
exiled, you may play it without paying its mana cost if able. If you don't,
it remains exiled. If you cast a creature spell this way, it gains haste
until you lose control of the spell or the permanent it becomes."
702.62b: a card is suspended if it's in exile, has suspend, and has a time
counter on it. 702.62c: casting it follows the alternative-cost rules.

Suspending is a special action (CR 116.2f), announced as
``CastSpell(card, alt="suspend")`` (the scenario format's ``alt: suspend``):
it checks only the card's timing permissions (ruling 502.59.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS, AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules import mana as mana_rules
from ..rules import mana_costs
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from ..rules.zones import move
from .common import add_pending_trigger, gains_haste, keyword_trigger, printed_instances

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Suspend")


def _suspend_cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


#: the special action of suspending a card from hand (its "cost" is the suspend cost)
alt_cost(AltCost("suspend", "Suspend", "702.62a", (Zone.HAND,), _suspend_cost))
#: casting it when the last time counter is removed: without paying its mana cost
alt_cost(AltCost("suspend_cast", "Suspend", "702.62a", (), lambda a: None))
#: "without paying its mana cost" (CR 118.9a) offered by other effects
alt_cost(AltCost("without_paying", None, "118.9a", (), lambda a: None))

TICK: Final = keyword_trigger(
    "Suspend",
    "At the beginning of your upkeep, if this card is suspended, remove a time counter from it.",
    (Effect("suspend_tick", {}),),
    rule="702.62a",
)
CAST: Final = keyword_trigger(
    "Suspend",
    "When the last time counter is removed from this card, if it's exiled, you may play it "
    "without paying its mana cost if able.",
    (Effect("cast_card", {"alt": "suspend_cast", "optional": True, "rule": "702.62a"}),),
    rule="702.62a",
)


def is_suspended(game: Game, obj: GameObject) -> bool:
    """CR 702.62b."""
    return (
        obj.zone == Zone.EXILE
        and obj.counters.get("time", 0) > 0
        and bool(printed_instances(obj, "Suspend"))
    )


@on_event(EventKind.STEP, watch=[("upkeep",)])
def suspend_upkeep(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.62a: the upkeep trigger of each suspended card its owner... owns."""
    if ev.data.get("step") != "upkeep":
        return
    for oid in list(game.exile):
        o = game.objects[oid]
        if game.is_active(o.owner) and is_suspended(game, o):
            add_pending_trigger(game, o, o.owner, TICK)


def last_counter_removed(game: Game, card: GameObject) -> None:
    """702.62a: "When the last time counter is removed from this card ..." triggers."""
    if card.zone == Zone.EXILE and printed_instances(card, "Suspend"):
        add_pending_trigger(game, card, card.owner, CAST)


def suspend_x_range(game: Game, player: int, card: GameObject) -> tuple[int, int] | None:
    """For "Suspend X" (Aeon Chronicler): the least and greatest X the player may
    choose (CR 107.3; "X can't be 0"); None for a fixed number."""
    inst = printed_instances(card, "Suspend")
    if not inst or inst[0].keyword_args.get("n") != "X":
        return None
    lo = int(inst[0].keyword_args.get("x_min", 0) or 0)
    hi = mana_rules.max_x(game, player, mana_costs.parse_cost(_cost_str(inst[0])))
    return lo, hi


def suspend_card(game: Game, player: int, card_id: int, x: int | None = None) -> int | None:
    """The special action (CR 116.2f): pay the suspend cost, exile the card with N
    time counters (X of them for "Suspend X", with X paid in the cost). Returns the
    exiled card's id, or None if it can't be paid."""
    card = game.objects[card_id]
    inst = printed_instances(card, "Suspend")
    if not inst:
        return None
    n = inst[0].keyword_args.get("n", 0)
    n = int(n) if isinstance(n, int) else (x or 0) if n == "X" else 0
    cost = mana_costs.parse_cost(_cost_str(inst[0])).with_x(x or 0)
    plan = mana_rules.plan_payment(game, player, cost)
    if plan is None:
        return None
    mana_rules.execute_plan(game, player, cost, plan, f"suspending {card.name}")
    new_id = move(game, card_id, Zone.EXILE, ("702.62a", "116.2f"), quiet=True)
    if new_id is None:
        return None
    new = game.objects[new_id]
    if n:
        new.counters["time"] = n
    game.emit(
        EventKind.SUSPEND,
        ("702.62a", "116.2f"),
        f"{game.players[player].name} suspends {new.name} with {n} time counter(s)",
        obj=new_id,
        player=player,
    )
    return new_id


def suspend_problem(game: Game, player: int, card: GameObject) -> str | None:
    """Why the card can't be suspended now (CR 702.62a), or None."""
    inst = printed_instances(card, "Suspend")
    if not inst:
        return f"{card.name} doesn't have suspend (rule 702.62a)"
    if card.zone != Zone.HAND:
        return f"{card.name} can be suspended only from your hand (rule 702.62a)"
    x_range = suspend_x_range(game, player, card)
    least = x_range[0] if x_range is not None else 0
    cost = mana_costs.parse_cost(_cost_str(inst[0])).with_x(least)
    if not mana_rules.can_pay(game, player, cost):
        return f"you can't pay the suspend cost {cost} (rule 702.62a)"
    return None


def _cost_str(a: Ability) -> str | None:
    c = a.keyword_args.get("cost")
    if isinstance(c, str):
        return c
    return getattr(c, "mana", None)


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")], keywords=("Suspend",))
def suspend_haste(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.62a: a creature spell cast this way gains haste while you control it."""
    d = ev.data
    if d.get("from_zone") != "stack" or d.get("to_zone") != "battlefield":
        return
    new = game.objects.get(d.get("obj", 0))
    if new is None or not new.paid or new.paid.get("alt") != "suspend_cast":
        return
    gains_haste(game, new)
    game.emit(EventKind.CONTINUOUS_EFFECT, ("702.62a",), f"{new.name} gains haste (suspend)")


KEYWORD_HOOKS.suspend_problem = suspend_problem
KEYWORD_HOOKS.suspend_card = suspend_card
KEYWORD_HOOKS.suspend_x_range = suspend_x_range


KEYWORD_HOOKS.suspend_last_counter_removed = last_counter_removed
