"""Loyalty abilities (CR 606) and planeswalker loyalty (CR 306.5).

* CR 306.5b: a planeswalker enters with loyalty counters equal to its printed
  loyalty (``rules/replacement.py``, where permanents enter).
* CR 606.3: a loyalty ability of a permanent can be activated only at sorcery
  timing (the compiler gives loyalty abilities ``timing="sorcery"``) and only
  if no loyalty ability of that permanent was activated this turn; the mark is
  kept per permanent in ``game.turn_flags`` (a new object after a zone change
  has a new id, CR 400.7, so it can activate again).
* CR 606.4: the cost is to put on (+N) or remove (−N) loyalty counters; "[0]"
  is a cost of no counters. "−X": X is chosen as the ability is activated
  (CR 601.2b, 602.2b) and at most the number of loyalty counters (CR 606.6).
* CR 606.6: a negative cost can't be paid without that many loyalty counters.
* CR 120.3c (damage removes loyalty, ``rules/damage.py``) and 704.5i
  (a planeswalker with 0 loyalty goes to the graveyard, ``rules/sba.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Cost
from ..game.events import EventKind
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register("cost:loyalty")

LOYALTY = "loyalty"


def is_variable(cost: Cost) -> bool:
    """A loyalty cost with X in it ("[−X]", "[+X]")."""
    return isinstance(cost.loyalty, str) and "X" in cost.loyalty.upper()


def signed_amount(cost: Cost, x: int | None) -> int:
    """The number of loyalty counters the cost puts on (> 0) or removes (< 0) (CR 606.4)."""
    v = cost.loyalty
    if v is None:
        return 0
    if isinstance(v, int):
        return v
    s = v.strip().replace("\u2212", "-").upper()
    n = x or 0
    if s.startswith("-"):
        return -n
    return n


def activation_problem(game: Game, o: GameObject, cost: Cost) -> str | None:
    """Why this loyalty ability of ``o`` can't be activated now (CR 606.3, 606.6), or None."""
    if o.id in game.turn_flags.loyalty_activated:
        return f"a loyalty ability of {o.name} has already been activated this turn (rule 606.3)"
    if not is_variable(cost):
        n = signed_amount(cost, 0)
        if n < 0 and o.counters.get(LOYALTY, 0) < -n:
            return f"{o.name} doesn't have {-n} loyalty counter(s) to remove (rule 606.6)"
    return None


def mark_activated(game: Game, o: GameObject) -> None:
    """CR 606.3: one loyalty ability of this permanent has been activated this turn."""
    game.turn_flags.loyalty_activated.add(o.id)


def max_x(o: GameObject | None, cost: Cost) -> int:
    """The largest X for a "[−X]" cost: the loyalty counters there are (CR 606.6)."""
    if o is None:
        return 0
    s = str(cost.loyalty).replace("\u2212", "-")
    if s.startswith("-"):
        return o.counters.get(LOYALTY, 0)
    return 99  # "[+X]": any number (CR 107.3a)


def pay(game: Game, src: GameObject, cost: Cost, x: int | None) -> bool:
    """CR 606.4: put on or remove the loyalty counters of the cost; False if it
    can't be paid any more (CR 606.6)."""
    n = signed_amount(cost, x)
    have = src.counters.get(LOYALTY, 0)
    if n < 0 and have < -n:
        return False
    if n == 0:
        return True
    left = have + n
    if left > 0:
        src.counters[LOYALTY] = left
    else:
        src.counters.pop(LOYALTY, None)
    game.invalidate()
    verb = f"puts {n} loyalty counter(s) on" if n > 0 else f"removes {-n} loyalty counter(s) from"
    game.emit(
        EventKind.COUNTERS,
        ("606.4", "602.2b"),
        f"{game.players[src.controller].name} {verb} {src.name} to activate its loyalty ability",
        obj=src.id,
        counter=LOYALTY,
        amount=n,
    )
    return True
