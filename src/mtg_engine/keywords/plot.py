"""Plot (CR 702.170).

702.170a: "Plot [cost]" means "Any time you have priority during your main
phase while the stack is empty, you may exile this card from your hand and pay
[cost]. It becomes a plotted card." 702.170b: plotting is a special action
(CR 116.2k), which doesn't use the stack. 702.170d: a plotted card's owner may
cast it from exile without paying its mana cost during their main phase while
the stack is empty during any turn after the turn in which it became plotted
(an alternative cost, 601.2b, 601.2f-h), even if it doesn't have plot in exile.

Both are announced like casts: ``CastSpell(card_in_hand, alt="plot")`` plots
(the scenario format's ``alt: plot``) and ``CastSpell(plotted_card,
alt="plotted")`` casts it from exile (``alt: plotted``). The exiled card, face
up (CR 406.3), remembers the turn it became plotted in
(``chosen["plotted_turn"]``); a new object elsewhere is no longer plotted (CR
400.7). Effects that make a card plotted (702.170c, "When this card becomes
plotted") aren't implemented.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules import mana as mana_rules
from ..rules.casting import has_sorcery_timing
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from .foretell import ExileEvent, later_turn_problem, pay_and_exile

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

PLOT = "Plot"
register_keywords(PLOT)

#: where the exiled card keeps the turn it became plotted in
PLOTTED_TURN = "plotted_turn"


def plotted_turn(o: GameObject) -> int | None:
    """The turn the exiled card ``o`` became plotted in (CR 702.170a), or None."""
    turn = (o.chosen or {}).get(PLOTTED_TURN)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def _plot_cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def _timing_problem(game: Game, player: int, what: str, rule: str) -> str | None:
    """CR 702.170a, 702.170d: during the player's main phase while the stack is empty."""
    if not has_sorcery_timing(game, player):
        return f"{what} only during your main phase while the stack is empty (rule {rule})"
    return None


def _plot_problem(game: Game, player: int, o: GameObject, a: Ability | None) -> str | None:
    """Why ``player`` can't plot ``o`` now (CR 702.170a, 116.2k)."""
    if o.owner != player:
        return f"{o.name} isn't in your hand (rule 702.170a)"
    why = _timing_problem(game, player, "you may plot a card", "702.170a")
    if why:
        return why
    cost = _plot_cost(a)
    if cost is None or not mana_rules.can_pay(game, player, mana_rules.parse_cost(cost.mana)):
        return f"you can't pay the plot cost of {o.name} (rule 702.170a)"
    return None


def plot(game: Game, player: int, card_id: int) -> None:
    """The special action (CR 116.2k, 702.170a-b): pay the plot cost and exile the card
    from the hand face up; it becomes plotted and remembers the turn."""
    card = game.objects[card_id]
    ability = next((a for a in card.card.compiled[card.face].abilities if a.keyword == PLOT), None)
    cost = _plot_cost(ability)
    if cost is None:
        return  # checked before (the state doesn't change)
    text = f"{game.players[player].name} plots {card.name} (exiles it; it becomes plotted)"
    event: ExileEvent = (EventKind.PLOT, ("702.170a", "702.170b", "116.2k"), text, "plotting")
    pay_and_exile(game, player, card_id, cost.mana or "{0}", PLOTTED_TURN, event)


def _cast_problem(game: Game, player: int, o: GameObject, a: Ability | None) -> str | None:
    """Why the plotted card can't be cast without paying its mana cost now (702.170d)."""
    done = ("a plotted card you own", "it became plotted", "702.170d")
    why = later_turn_problem(game, player, o, plotted_turn(o), done)
    return why or _timing_problem(game, player, "a plotted card may be cast", "702.170d")


#: the special action of plotting (announced as a cast with ``alt="plot"``)
alt_cost(AltCost("plot", PLOT, "116.2k", (Zone.HAND,), _plot_cost, _plot_problem, special=plot))
#: casting the plotted card from exile without paying its mana cost (CR 702.170d:
#: it needn't have plot there, so no keyword is required)
alt_cost(AltCost("plotted", None, "702.170d", (Zone.EXILE,), lambda a: None, _cast_problem))

__all__ = ["PLOTTED_TURN", "plot", "plotted_turn"]
