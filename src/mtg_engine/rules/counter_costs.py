"""Removing counters as a cost, of a kind or a permanent chosen as it's paid (CR 602.2b).

* "Remove a +1/+1 counter from a creature you control: ..." (Ghave, Sage of
  Fables): ``Cost.other`` ``("remove_counters_from", (kind, n, (filter, count)))``.
  The player chooses, as the cost is paid (CR 601.2h, 602.2b), a permanent they
  control that the filter describes and that has ``n`` counters of that kind; with
  none, the ability can't be activated (CR 602.2b: a cost that can't be paid).
* "Remove a counter from a creature you control" (Fain, Power Conduit): the kind
  is ``"any"``: the player also chooses which kind of counter, when the chosen
  permanent has more than one (CR 122.1).
* "Remove a counter from this creature" (``Cost.remove_counters`` with kind
  ``"any"``): the source's own counters, the kind chosen the same way.

Removing them is an event a replacement effect may change (CR 122.1, 614):
:func:`mtg_engine.rules.counters.remove_counters`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Cost, Filter
from ..game.objects import GameObject, Zone
from .costs import cost_choices
from .counters import remove_counters
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

#: the kind of a counter the player chooses as the cost is paid
ANY: Final = "any"


def from_spec(cost: Cost | None) -> tuple[str, int, Filter] | None:
    """The "remove N [kind] counters from a [permanent] you control" part of a cost."""
    if cost is None:
        return None
    for k, v in cost.other:
        if k == "remove_counters_from" and isinstance(v, tuple) and len(v) == 3:
            kind, n, obj = v
            if isinstance(obj, tuple) and isinstance(obj[0], Filter) and isinstance(n, int):
                return str(kind), n, obj[0]
    return None


def kinds_with(o: GameObject, kind: str, n: int) -> list[str]:
    """The kinds of counter ``o`` could have ``n`` of removed: ``kind``, or for a
    counter of any kind each kind it has ``n`` of (CR 122.1)."""
    if kind != ANY:
        return [kind] if o.counters.get(kind, 0) >= n else []
    return sorted(k for k, v in o.counters.items() if v >= n)


def from_choices(game: Game, cost: Cost, player: int, source: GameObject) -> list[int]:
    """The permanents the counters could be removed from (CR 601.2h, 602.2b)."""
    spec = from_spec(cost)
    if spec is None:
        return []
    kind, n, flt = spec
    return [
        oid
        for oid in cost_choices(game, flt, player, source, "battlefield")
        if kinds_with(game.objects[oid], kind, n)
    ]


def self_any_kind(cost: Cost | None) -> int | None:
    """How many counters "Remove a counter from this creature" removes (a kind the
    player chooses), or None when the cost names the kind or removes none."""
    if cost is None:
        return None
    for kind, n in cost.remove_counters:
        if kind == ANY and isinstance(n, int):
            return n
    return None


def problem(game: Game, cost: Cost, player: int, source: GameObject) -> str | None:
    """Why the counters can't be removed to pay the cost, if they can't (CR 602.2b)."""
    if from_spec(cost) is not None and not from_choices(game, cost, player, source):
        return "you have no permanent with the counters the cost removes (rule 602.2b)"
    n = self_any_kind(cost)
    if n is not None and not kinds_with(source, ANY, n):
        return f"{source.name} doesn't have {n} counter(s) to remove (rule 602.2b)"
    return None


def pay(game: Game, d: dict[str, Any], src: GameObject | None, cites: tuple[str, ...]) -> None:
    """Remove the counters chosen as the cost was paid: ``d["counters_from"]`` (the
    permanent), ``d["counter_kind"]`` (the kind, for a counter of any kind) and
    ``d["counter_n"]`` (how many) (CR 602.2b, 122.1)."""
    oid = d.get("counters_from")
    if oid is None and d.get("counter_kind") is not None and src is not None:
        oid = src.id  # "remove a counter from this creature"
    o = game.objects.get(oid) if oid is not None else None
    if o is None or o.zone != Zone.BATTLEFIELD or d.get("counter_kind") is None:
        return
    remove_counters(game, o, str(d["counter_kind"]), int(d["counter_n"]), ("122.1", *cites))


register("cost:remove_counters_from", "cost:remove_counter_any_kind")
