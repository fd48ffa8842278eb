"""Mana that can be spent only on some things (CR 106.6).

"Add {C}{C}. Spend this mana only to cast creature spells." The restriction
stays with each mana it applies to for as long as the mana is in the pool
(:attr:`Player.restricted_mana`, one entry a mana), and the mana empties with
the rest (CR 106.4, 500.4). A payment says what it pays for (a
:class:`Spending`); restricted mana, and mana a restricted ability of a source
would make, are spent only on what the restriction allows (CR 106.6). A cost
paid while a spell or ability resolves ("you may pay {X}{R}", "unless its
controller pays {X}", ward) is a ``"cost"`` spending: it casts no spell and
activates no ability, so only "costs that contain {X}" mana may pay it, and only
when that cost contains {X}. A payment that doesn't say never uses it.

The compiled restriction is ``("spend", spells, abilities)``: ``spells`` a
filter of the spells the mana may be spent to cast, or None; ``abilities`` a
filter of the sources whose abilities it may pay for, ``"any"``, or None.
``("spend_x_costs",)`` is "Spend this mana only on costs that contain {X}"
(Rosheen Meanderer): a cost with {X} in it, a spell's (its mana cost, or a
kicker cost with {X}) or an activated ability's (CR 106.6, 107.3); the whole
cost, not only the part paid for X.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Filter
from .filters import matches_object
from .snow_mana import take_from_pool
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game

register("restriction:spend_only")
register("restriction:spend_only_x_costs")

#: a compiled "Spend this mana only ..." restriction (see the module docstring)
Restriction = tuple[Any, ...]

#: the restriction "Spend this mana only on costs that contain {X}"
SPEND_X_COSTS: Final = "spend_x_costs"


@dataclass(frozen=True, slots=True)
class Spending:
    """What a payment's mana is spent on (CR 106.6): casting the spell ``obj``
    (``kind`` "spell"), activating an ability of the source ``obj`` ("ability"),
    or a cost paid while ``obj`` resolves ("cost", CR 118.12, 608.2c);
    ``x``: the cost being paid contains {X} (CR 107.3), for mana that may be spent
    only on such costs."""

    kind: str
    obj: int
    x: bool = False


@lru_cache(maxsize=1024)
def spending(kind: str, obj: int, x: bool = False) -> Spending:
    """``Spending(kind, obj, x)``, one shared record per value (it is frozen and
    compared by value): the checks of every priority decision ask for the same ones."""
    return Spending(kind, obj, x)


def spend_restriction(ability: Ability | None) -> Restriction | None:
    """The "Spend this mana only ..." restriction of a mana-adding ability, if it
    has one the engine runs."""
    if ability is None:
        return None
    for key, value in ability.restrictions:
        if (
            key == "spend_only"
            and isinstance(value, tuple)
            and value
            and value[0] in ("spend", SPEND_X_COSTS)
        ):
            return value
    return None


def may_spend(game: Game, player: int, restriction: Restriction, on: Spending | None) -> bool:
    """Whether mana with ``restriction`` may be spent on ``on`` (CR 106.6)."""
    if on is None:
        return False
    if restriction[0] == SPEND_X_COSTS:
        return on.x  # CR 106.6, 107.3: a cost with {X} in it
    if on.kind == "cost":
        return False  # paid as something resolves: no spell cast, no ability activated
    obj = game.objects.get(on.obj)
    if obj is None:
        return False
    _, spells, abilities = restriction
    if on.kind == "spell":
        return isinstance(spells, Filter) and _spell_matches(game, obj, spells, player)
    if abilities == "any":
        return True
    return isinstance(abilities, Filter) and matches_object(game, obj, abilities, player, None)


def _spell_matches(game: Game, obj: GameObject, flt: Filter, player: int) -> bool:
    """The spell being cast matches "creature spells" / "an instant or sorcery
    spell" wherever the card is as the payment is checked (CR 601.2a moves it to
    the stack before it's paid for; a legality check looks at the card in hand)."""
    return matches_object(game, obj, _as_card(flt), player, None)


def _as_card(flt: Filter) -> Filter:
    """The description of a spell without the word "spell" ("creature spells": a
    creature card as it's being cast; "spells": any), in each alternative of "an
    Elemental spell or a Chandra planeswalker spell" as well."""
    kinds = tuple(k for k in flt.kinds if k != "spell")
    conds = tuple(
        ("any_of", tuple(_alt_as_card(alt) for alt in value))
        if key == "any_of" and isinstance(value, tuple)
        else (key, value)
        for key, value in flt.conditions
    )
    if "spell" in flt.kinds and any(
        key == "any_of" and any(not any(k == "is_kind" for k, _ in alt) for alt in value)
        for key, value in conds
    ):
        kinds = ()  # an alternative of any card type: the kinds are the alternatives'
    return replace(flt, kinds=kinds, conditions=conds)


def _alt_as_card(alt: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    """One alternative's conditions, its kind without "spell" ("an Elemental
    spell": of any card type)."""
    out: list[tuple[str, Any]] = []
    for key, v in alt:
        if key == "is_kind" and isinstance(v, tuple):
            v = tuple(k for k in v if k != "spell")
            if not v:
                continue
        out.append((key, v))
    return tuple(out)


def spendable(game: Game, player: int, on: Spending | None) -> list[int] | None:
    """Restricted mana in ``player``'s pool that may be spent on ``on``, counted by
    pool index; None when there is none."""
    entries = game.players[player].restricted_mana
    if not entries or on is None:
        return None
    counts = [0, 0, 0, 0, 0, 0]
    for i, restriction in entries:
        if may_spend(game, player, restriction, on):
            counts[i] += 1
    return counts if any(counts) else None


def spend_from_pool(
    game: Game,
    player: int,
    used: list[int],
    on: Spending | None,
    snow_used: list[int] | None = None,
) -> None:
    """Remove ``used`` mana (by pool index) from ``player``'s pool, restricted mana
    that may be spent on ``on`` first (it can pay for less than other mana); of the
    rest, ``snow_used`` is the snow mana paying {S} (CR 107.4h, rules/snow_mana.py)."""
    p = game.players[player]
    left = list(used)
    if p.restricted_mana and on is not None:
        keep: list[tuple[int, Restriction]] = []
        for i, restriction in p.restricted_mana:
            if left[i] > 0 and may_spend(game, player, restriction, on):
                left[i] -= 1
            else:
                keep.append((i, restriction))
        p.restricted_mana = keep
    take_from_pool(p, left, snow_used)
