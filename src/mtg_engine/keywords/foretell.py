"""Foretell (CR 702.143).

702.143a: Foretell functions while the card is in a player's hand. Any time a
player has priority during their turn, they may pay {2} and exile a card with
foretell from their hand face down. They may look at it as long as it remains
in exile, and may cast it after the current turn has ended by paying its
foretell cost rather than its mana cost (the alternative-cost rules, 601.2b,
601.2f-h). 702.143b: foretelling is a special action (CR 116.2h), which
doesn't use the stack.

Both are announced like casts: ``CastSpell(card_in_hand, alt="foretell")``
foretells (the scenario format's ``alt: foretell``) and
``CastSpell(foretold_card, alt="foretold")`` casts it from exile for its
foretell cost (``alt: foretold``). The exiled card remembers the turn it was
foretold in (``chosen["foretold_turn"]``); a new object elsewhere is no longer
foretold (CR 400.7). Cost changes to foretelling (Cosmos Charger) and "if this
spell was foretold" aren't implemented.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules import mana as mana_rules
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from ..rules.zones import move

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Foretell")

#: CR 702.143a, 116.2h: what foretelling a card costs
FORETELL_ACTION_COST = "{2}"
#: where the exiled card keeps the turn it was foretold in
FORETOLD_TURN = "foretold_turn"


def foretold_turn(o: GameObject) -> int | None:
    """The turn the exiled card ``o`` was foretold in (CR 702.143c), or None."""
    turn = (o.chosen or {}).get(FORETOLD_TURN)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def _foretell_problem(game: Game, player: int, o: GameObject, a: Ability | None) -> str | None:
    """Why ``player`` can't foretell ``o`` now (CR 702.143a, 116.2h)."""
    if o.owner != player:
        return f"{o.name} isn't in your hand (rule 702.143a)"
    if not game.is_active(player):  # CR 805.4a: the team's turn
        return "you may foretell a card only during your turn (rule 116.2h)"
    cost = mana_rules.parse_cost(FORETELL_ACTION_COST)
    if not mana_rules.can_pay(game, player, cost):
        return f"you can't pay {FORETELL_ACTION_COST} to foretell {o.name} (rule 702.143a)"
    return None


#: what a special action that exiles a card logs: kind, rules, text, the action's name
ExileEvent = tuple[Literal[EventKind.FORETELL, EventKind.PLOT], tuple[str, ...], str, str]


def pay_and_exile(
    game: Game,
    player: int,
    card_id: int,
    mana: str,
    turn_key: str,
    event: ExileEvent,
    face_down: bool = False,
) -> None:
    """A special action that pays ``mana`` and exiles a card from the hand (CR 116.2h
    foretell, 116.2k plot): the exiled card remembers the turn under ``turn_key``;
    ``event`` is what is logged (kind, rules, text, and the action's name for the
    payment). If the cost can't be paid (checked before) the state doesn't change."""
    kind, rules, text, doing = event
    cost = mana_rules.parse_cost(mana)
    plan = mana_rules.plan_payment(game, player, cost)
    if plan is None:
        return
    mana_rules.execute_plan(game, player, cost, plan, f"{doing} {game.objects[card_id].name}")
    new_id = move(game, card_id, Zone.EXILE, rules, quiet=True)
    if new_id is None or new_id not in game.objects:
        return
    new = game.objects[new_id]
    new.face_down = face_down
    new.chosen = {**(new.chosen or {}), turn_key: game.turn}
    game.invalidate()
    game.emit(kind, rules, text, obj=new_id, player=player)


def foretell(game: Game, player: int, card_id: int) -> None:
    """The special action (CR 116.2h, 702.143a-b): pay {2} and exile the card from
    the hand face down (CR 406.3: its owner may look at it, 702.143a); it remembers
    the turn it was foretold in."""
    text = f"{game.players[player].name} foretells a card (exiles it face down)"
    event: ExileEvent = (
        EventKind.FORETELL,
        ("702.143a", "702.143b", "116.2h"),
        text,
        "foretelling",
    )
    pay_and_exile(game, player, card_id, FORETELL_ACTION_COST, FORETOLD_TURN, event, True)


def _foretell_cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def later_turn_problem(
    game: Game, player: int, o: GameObject, turn: int | None, done: tuple[str, str, str]
) -> str | None:
    """Why the exiled card (exiled on ``turn``, None: not that way) can't be cast now
    from exile: only its owner, after that turn (CR 702.143a foretold, 702.170d plotted).
    ``done``: how the card was exiled, in words ("a card you foretold", "it was
    foretold") and the rule."""
    what, when, rule = done
    if turn is None or o.owner != player:
        return f"{o.name} isn't {what} (rule {rule})"
    if game.turn <= turn:
        return f"{o.name} may be cast only after the turn {when} (rule {rule})"
    return None


def _cast_problem(game: Game, player: int, o: GameObject, a: Ability | None) -> str | None:
    """Why the exiled card can't be cast for its foretell cost now (CR 702.143a)."""
    done = ("a card you foretold", "it was foretold", "702.143a")
    return later_turn_problem(game, player, o, foretold_turn(o), done)


#: the special action of foretelling (announced as a cast with ``alt="foretell"``)
alt_cost(
    AltCost(
        "foretell",
        "Foretell",
        "116.2h",
        (Zone.HAND,),
        lambda a: as_cost(FORETELL_ACTION_COST),
        _foretell_problem,
        special=foretell,
    )
)
#: casting the foretold card from exile for its foretell cost (an alternative cost)
alt_cost(
    AltCost(
        "foretold",
        "Foretell",
        "702.143a",
        (Zone.EXILE,),
        _foretell_cost,
        _cast_problem,
        cast_face_up=True,
    )
)

__all__ = [
    "FORETELL_ACTION_COST",
    "ExileEvent",
    "foretell",
    "foretold_turn",
    "later_turn_problem",
    "pay_and_exile",
]
