"""'If a creature died this turn', 'for each creature that died this turn' (CR 700.4: "dies" means "is put into a graveyard
from the battlefield"): a count of the creatures that died during the turn,
kept with the turn's other records (``TurnFlags.creatures_died``, reset as each
turn begins). Whether a permanent was a creature is read as it last existed on the
battlefield (CR 603.10a, 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Filter
from ..game.events import EventKind
from ..game.hooks import condition, on_event
from .characteristics import chars
from .support import COVERAGE_PROBES, died_this_turn_count, register

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
    c = chars(game, subject)
    if "Creature" in c.types:
        flags = game.turn_flags
        flags.creatures_died += 1
        # as it last existed (CR 603.10a): "for each Zubera that died this turn"
        flags.died_creatures.append(
            (subject.controller, subject.is_token, tuple(sorted(c.subtypes)))
        )


#: "[each] creature that died this turn" (compiler: tx_nouns.post_died_this_turn)
DIED_THIS_TURN: Final = ("died_this_turn", True)


#: (rules/support.died_this_turn_count: "for each Zubera that died this turn")
counts_creatures_died = died_this_turn_count


def creatures_died(game: Game, a: Amount, controller: int) -> int:
    """How many creatures that died this turn ``a`` counts (CR 700.4), each read as
    it last existed on the battlefield (603.10a): of a creature type, tokens or not,
    controlled by you or an opponent; times ``a``'s multiplier."""
    conds = a.filter.conditions if a.filter is not None else ()
    if conds == (DIED_THIS_TURN,):
        return game.turn_flags.creatures_died * a.multiplier
    n = sum(
        all(_died_matches(rec, k, v, controller) for k, v in conds)
        for rec in game.turn_flags.died_creatures
    )
    return n * a.multiplier


def _died_matches(
    rec: tuple[int, bool, tuple[str, ...]], key: str, value: object, you: int
) -> bool:
    who, token, subtypes = rec
    if key == "subtype":
        return value in subtypes
    if key == "not_token":
        return not token
    if key == "token":
        return token == bool(value)
    if key == "controller":
        return (who == you) == (value == "you")
    return key == "died_this_turn"


@condition("died_this_turn")
def a_creature_died(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if a creature died this turn", "if a Phyrexian died under your control this
    turn" (CR 700.4): each creature that died read as it last existed (603.10a);
    rules/support.py flags descriptions not kept (``died_filter_counted``)."""
    flt = cond.args.get("filter")
    conds = flt.conditions if isinstance(flt, Filter) else ()
    if not conds:
        return game.turn_flags.creatures_died > 0
    return any(
        all(_died_matches(rec, k, v, controller) for k, v in conds)
        for rec in game.turn_flags.died_creatures
    )


def died_filter_counted(flt: object) -> bool:
    """Whether "a [description] died this turn" is read from the turn's records: a
    creature, of a creature type, token or nontoken, and whose it was."""
    return (
        isinstance(flt, Filter)
        and all(
            k in ("subtype", "not_token", "token")
            or (k == "controller" and v in ("you", "opponent"))
            for k, v in flt.conditions
        )
        and flt.kinds in (("Creature",), ())
    )


COVERAGE_PROBES.died_filter_counted = died_filter_counted
