"""'If a creature died this turn', 'for each creature that died this turn' (CR 700.4: "dies" means "is put into a graveyard
from the battlefield"): a count of the creatures that died during the turn,
kept with the turn's other records (``TurnFlags.creatures_died``, reset as each
turn begins). Whether a permanent was a creature is read as it last existed on the
battlefield (CR 603.10a, 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import condition, on_event
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Amount, Condition
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register("condition:died_this_turn", "amount:creatures_died")


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("battlefield", "graveyard")])
def count_creature_deaths(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 700.4: a creature put into a graveyard from the battlefield died."""
    d = ev.data
    if subject is None or d.get("from_zone") != "battlefield" or d.get("to_zone") != "graveyard":
        return
    if "Creature" in chars(game, subject).types:
        game.turn_flags.creatures_died += 1


#: "[each] creature that died this turn" (compiler: tx_nouns.post_died_this_turn)
DIED_THIS_TURN = ("died_this_turn", True)


def counts_creatures_died(a: Amount) -> bool:
    """ "draw a card for each creature that died this turn" (CR 700.4): a count of
    the turn's creature deaths, not of objects now somewhere."""
    flt = a.filter
    return (
        a.kind == "count"
        and flt is not None
        and flt.kinds == ("Creature",)
        and flt.conditions == (DIED_THIS_TURN,)
    )


@condition("died_this_turn")
def a_creature_died(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if a creature died this turn" (rules/support.py flags other descriptions)."""
    return game.turn_flags.creatures_died > 0
