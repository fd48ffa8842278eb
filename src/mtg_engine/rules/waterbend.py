"""Waterbend (CR 701.67): a cost whose generic mana may be paid by tapping.

CR 701.67a: "Waterbend [cost]" means "Pay [cost]. For each generic mana in that
cost, you may tap an untapped artifact or creature you control rather than pay
that mana." The compiler gives the cost component ``Cost.other``
``("waterbend", "{3}")`` beside that same mana in ``Cost.mana`` (so the mana is
part of the total cost, CR 601.2f, 602.2b); the permanents tapped instead are
chosen as the cost is paid (CR 601.2h), before the rest is paid with mana.

* An activated ability's cost ("Waterbend {3}: ..."): rules/activating.py asks
  :func:`tap_decision` and pays with :func:`tap_to_pay`.
* A spell's additional cost ("As an additional cost to cast this spell, [you may]
  waterbend {5}"): rules/costs.py counts it in ``TotalCost.waterbend`` and
  rules/casting.py asks and pays the same way. CR 701.67b: the tapped
  permanents pay only for the generic mana of the waterbend cost itself, not for
  the rest of the total cost.
* A ward cost ("Ward—Waterbend {4}", CR 702.21a): effects/ward.py, the same way.
* CR 701.67c: a player waterbends whenever they pay a waterbend cost, however
  they pay it: one ``waterbend`` event for each cost paid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Cost
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from . import mana as mana_rules
from . import mana_costs
from .characteristics import chars
from .mana_spending import Spending
from .support import register
from .tap_replacements import tap_forbidden
from .tapping import became_tapped, pay_tap

if TYPE_CHECKING:
    from ..game.state import Game

#: the ``Cost.other`` key of a waterbend cost (CR 701.67a)
WATERBEND: Final = "waterbend"


def waterbend_generic(cost: Cost | None, x: int = 0) -> int | None:
    """The generic mana of ``cost``'s waterbend part (its {X} is ``x``, CR 107.3),
    or None when the cost doesn't waterbend (CR 701.67a)."""
    if cost is None or not cost.other:
        return None
    found = None
    for key, value in cost.other:
        if key == WATERBEND and isinstance(value, str):
            found = (found or 0) + mana_costs.parse_cost(value).with_x(x).generic
    return found


def tap_candidates(game: Game, player: int, exclude: tuple[int, ...] = ()) -> list[int]:
    """The untapped artifacts and creatures ``player`` controls that can be tapped
    to pay for waterbend's generic mana (CR 701.67a; a permanent that can't become
    tapped can't pay, CR 101.2). ``exclude``: permanents another part of the same
    cost taps ({T}, "tap an untapped creature you control": CR 601.2h)."""
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player or o.tapped or o.phased_out or oid in exclude:
            continue
        if chars(game, o).types & {"Artifact", "Creature"} and not tap_forbidden(game, o):
            out.append(oid)
    return out


def fewest_taps(
    game: Game,
    player: int,
    cost: mana_costs.ManaCost,
    most: int,
    sources: list[mana_rules.Source],
    on: Spending | None,
) -> int:
    """The fewest permanents that must be tapped (at most ``most``) for the rest of
    ``cost`` to be payable with mana from ``sources`` (CR 601.2h): the smallest
    number worth asking for. ``most`` when no number is enough (then the payment
    fails as it is made)."""
    for k in range(most + 1):
        rest = mana_rules.reduce_cost(cost, k)
        if mana_rules.can_pay(game, player, rest, sources, on=on):
            return k
    return most


def payable_with_taps(
    game: Game,
    player: int,
    cost: mana_costs.ManaCost,
    generic: int,
    exclude: tuple[int, ...],
    on: Spending | None,
    sources: list[mana_rules.Source] | None = None,
) -> bool:
    """Whether ``cost`` can be paid with mana once as many of the waterbend cost's
    ``generic`` mana as possible are paid by tapping artifacts and creatures (CR
    701.67a, 601.2h): the check before a spell is cast or an ability activated.
    A permanent tapped to pay can't also be tapped for mana, so the permanents that
    produce no mana are counted first."""
    cands = tap_candidates(game, player, exclude)
    if sources is None:
        sources = [s for s in mana_rules.mana_sources(game, player) if s.obj not in exclude]
    producing = {s.obj for s in sources}
    idle = [o for o in cands if o not in producing]
    busy = [o for o in cands if o in producing]
    for k in range(min(generic, len(cands)), -1, -1):
        tapped = set((idle + busy)[:k])
        rest = mana_rules.reduce_cost(cost, k)
        if mana_rules.can_pay(
            game, player, rest, [s for s in sources if s.obj not in tapped], on=on
        ):
            return True
    return False


def tap_decision(
    game: Game,
    player: int,
    what: str,
    cands: list[int],
    fewest: int,
    most: int,
) -> Decision | None:
    """The choice of the artifacts and creatures tapped to pay for waterbend (CR
    701.67a, 601.2h), between ``fewest`` and ``most`` of ``cands``; None when
    there's nothing to choose from."""
    most = min(most, len(cands))
    fewest = min(fewest, most)
    if most == 0 or (fewest == most == len(cands) and not game.ask_single_answers):
        return None
    return Decision(
        DecisionKind.CHOOSE_OBJECTS,
        player,
        "701.67a",
        f"Waterbend for {what}: choose up to {most} untapped artifact(s) and/or "
        f"creature(s) you control to tap, each paying for {{1}}"
        + (f" (at least {fewest}: not enough mana otherwise)" if fewest else ""),
        {
            "candidates": cands,
            "min": fewest,
            "max": most,
            "purpose": DecisionPurpose.TAP,
            **({"optional": True} if fewest == 0 else {}),
        },
    )


def default_taps(cands: list[int], fewest: int, most: int) -> list[int]:
    """The permanents tapped when no choice is asked: all of them when they must
    all be tapped, else none (CR 701.67a: "you may")."""
    return cands[:fewest] if fewest == min(most, len(cands)) else []


def tap_to_pay(game: Game, player: int, oids: list[int], what: str, rules: tuple[str, ...]) -> int:
    """Tap the chosen permanents to pay for waterbend's generic mana (CR 701.67a,
    601.2h), then record that ``player`` waterbended (CR 701.67c). Returns how
    many were tapped."""
    tapped = []
    for oid in oids:
        o = game.objects.get(oid)
        if o is None or o.zone != Zone.BATTLEFIELD or o.tapped:
            continue
        if pay_tap(
            game,
            o,
            ("701.67a", *rules),
            logged=f"{o.name} is tapped to help pay for {what} (waterbend)",
        ):
            tapped.append(o)
    if tapped:
        game.invalidate("tapped")
        became_tapped(game, tapped, ("701.67a",))
    game.emit(
        EventKind.WATERBEND,
        ("701.67c",),
        f"{game.players[player].name} waterbends for {what}",
        player=player,
    )
    return len(tapped)


def without_taps(sources: list[Any], oids: list[int]) -> list[Any]:
    """The mana sources left once ``oids`` are tapped to pay (CR 601.2h: a permanent
    tapped for waterbend can't also be tapped for mana)."""
    return [s for s in sources if s.obj not in oids]


register("cost:waterbend", "additional_cost:waterbend")
