"""Cost components paid with objects: exiling and tapping (CR 601.2h, 602.2b).

* Exiling as a cost (CR 406.2): "{1}{U}, Exile this card from your graveyard:
  Draw a card", "{5}, Exile a creature card from your graveyard: ...", "{T},
  Exile this artifact: ...": ``Cost.exile`` (a filter whose zone is where the
  exiled objects are) and ``Cost.exile_count``. An ability whose cost exiles its
  own card from the graveyard or the hand can be activated only while the card
  is there (CR 602.1, 113.6): those zones are where it functions.
* Craft's materials (CR 702.167a): "Exile another artifact you control or an
  artifact card from your graveyard" (``Cost.other`` ``("craft_materials", (filter,
  n))``), exiled with the permanent itself.
* Tapping untapped permanents as a cost: "Tap an untapped creature you control:
  ..." (``Cost.other`` ``("tap_permanents", (filter, n))``). Summoning sickness
  doesn't matter (CR 302.6 restricts only the {T} abilities of the creature
  itself), and a permanent whose own {T} is part of the cost can't also be
  tapped for this part (CR 601.2h: it's already tapped).
* Every object the words describe: "Sacrifice enchanted creature" (``sacrifice_count``
  ``"all"``: at least one, CR 602.2b), "Discard your hand" (``discard_count``
  ``"all"``: the cards in it, none if it's empty), "Remove all +1/+1 counters from
  this creature" (``remove_counters`` ``(kind, "all")``: those it has, none if it has
  none; Molten Hydra's ruling: 0 damage) -- :func:`with_all`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Cost, Filter
from ..game.objects import GameObject, Zone
from .costs import cost_choices, tap_spec
from .filters import matches_object
from .single_graveyard import from_single_graveyard, most_in_one_graveyard
from .support import register
from .tap_replacements import tap_forbidden

if TYPE_CHECKING:
    from ..game.state import Game


def _is_self(flt: Filter) -> bool:
    return any(k == "self" for k, _ in flt.conditions)


def self_exile_zone(cost: Cost | None) -> str | None:
    """The zone an ability works from when its cost exiles its own card from
    there ("Exile this card from your graveyard"): "graveyard" or "hand"; or
    discards it ("Channel — {X}{U}, Discard this card: ..."): "hand" (CR 113.6)."""
    if cost is None:
        return None
    if cost.discard is not None and _is_self(cost.discard):
        return "hand"
    if cost.exile is None or not _is_self(cost.exile):
        return None
    return cost.exile.zone if cost.exile.zone in ("graveyard", "hand") else None


def exile_payable(game: Game, cost: Cost, player: int, source: GameObject) -> bool:
    """Whether enough objects can be exiled to pay the cost (CR 602.2b, 601.2h):
    "from a single graveyard" counts the fullest graveyard alone."""
    n = exile_count(cost)
    choices = exile_choices(game, cost, player, source)
    if from_single_graveyard(cost.exile):
        return n is not None and most_in_one_graveyard(game, choices) >= n
    return n is not None and len(choices) >= n


def exile_count(cost: Cost) -> int | None:
    """How many objects the cost exiles, or None for a variable number ("X cards")."""
    n = cost.exile_count
    return n if isinstance(n, int) else None


def exile_choices(game: Game, cost: Cost, player: int, source: GameObject) -> list[int]:
    """The objects that could be exiled to pay the cost (CR 601.2h)."""
    flt = cost.exile
    if flt is None:
        return []
    if _is_self(flt):
        want = Zone.BY_NAME.get(flt.zone, Zone.BATTLEFIELD)
        return [source.id] if source.zone == want else []
    if flt.zone in ("graveyard", "hand"):
        zone = Zone.BY_NAME[flt.zone]
        ids = (
            game.players[player].graveyard if zone == Zone.GRAVEYARD else game.players[player].hand
        )
        if from_single_graveyard(flt):
            # "Exile two creature cards from a single graveyard" (Night Soil): any
            # graveyard, all from the same one (rules/single_graveyard.py)
            ids = [oid for p in game.players for oid in p.graveyard]
        f = Filter(flt.kinds, flt.zone, flt.conditions)  # "other" excludes the source
        return [oid for oid in ids if matches_object(game, game.objects[oid], f, player, source)]
    if flt.zone == "stack":
        # "Exile an instant or sorcery spell you control" (Nivmagus Elemental): a
        # spell on the stack, removed before it resolves (CR 601.2h, 602.2b)
        return [
            oid
            for oid in game.stack
            if game.objects[oid].stack_kind == "spell"
            and matches_object(game, game.objects[oid], flt, player, source)
        ]
    return cost_choices(game, flt, player, source, "battlefield")


def craft_spec(cost: Cost) -> tuple[Filter, int] | None:
    """The materials a craft ability's cost exiles (CR 702.167a): ``Cost.other``
    ``("craft_materials", (filter, n))``."""
    for k, v in cost.other:
        if k == "craft_materials" and isinstance(v, tuple):
            return (v[0], int(v[1]))
    return None


def craft_choices(game: Game, cost: Cost, player: int, source: GameObject) -> list[int]:
    """The materials that could be exiled to pay a craft cost (CR 702.167a-b): other
    permanents of that description you control and cards of it in your graveyard."""
    spec = craft_spec(cost)
    if spec is None:
        return []
    flt = spec[0]
    on_battlefield = Filter(flt.kinds or ("permanent",), "battlefield", flt.conditions)
    in_graveyard = Filter(flt.kinds or ("card",), "graveyard", flt.conditions)
    permanents = [
        oid
        for oid in game.battlefield
        if oid != source.id
        and game.objects[oid].controller == player
        and not game.objects[oid].phased_out
        and matches_object(game, game.objects[oid], on_battlefield, player, source)
    ]
    cards = [
        oid
        for oid in game.players[player].graveyard
        if matches_object(game, game.objects[oid], in_graveyard, player, source)
    ]
    return permanents + cards


def tap_count(spec: tuple[Filter, int | str], choices: list[int]) -> int:
    """How many permanents the cost taps: N, or for "tap enchanted land" each one
    described, at least one (CR 602.2b: a cost that can't be paid in full can't be paid)."""
    n = spec[1]
    return max(1, len(choices)) if n == "all" else int(n)


def tap_choices(game: Game, cost: Cost, player: int, source: GameObject) -> list[int]:
    """The untapped permanents that could be tapped to pay the cost."""
    spec = tap_spec(cost)
    if spec is None:
        return []
    flt = Filter(spec[0].kinds or ("permanent",), "battlefield", spec[0].conditions)
    return [
        oid
        for oid in game.battlefield
        if not (cost.tap and oid == source.id)
        and game.objects[oid].controller == player
        and not game.objects[oid].tapped
        and not game.objects[oid].phased_out
        and matches_object(game, game.objects[oid], flt, player, source)
        and tap_forbidden(game, game.objects[oid]) is None  # CR 101.2, 118.3
    ]


def with_all(game: Game, cost: Cost, player: int, source: GameObject) -> Cost:
    """``cost`` with its "all" amounts counted now (CR 602.2b, 601.2h): "Sacrifice
    enchanted creature" sacrifices each permanent described, and can't be paid without
    one; "Discard your hand" discards each card in the hand (an empty hand pays it)."""
    typed: Any = cost  # (its counts may be "all": typed Any)
    changes: dict[str, Any] = {}
    if cost.sacrifice is not None and typed.sacrifice_count == "all":
        n = len(cost_choices(game, cost.sacrifice, player, source, "battlefield"))
        changes["sacrifice_count"] = max(1, n)
    if cost.discard is not None and typed.discard_count == "all":
        changes["discard_count"] = len(cost_choices(game, cost.discard, player, source, "hand"))
    if any(n == "all" for _, n in typed.remove_counters):
        # "Remove all pain counters from this artifact": as many as it has now (CR
        # 122.1, 602.2b)
        changes["remove_counters"] = tuple(
            (kind, source.counters.get(kind, 0) if n == "all" else n)
            for kind, n in typed.remove_counters
        )
    return replace(cost, **changes) if changes else cost


def only_fixed(cost: Cost) -> bool:
    """Whether each variable amount of ``cost`` is X or "all" (:func:`with_all`)."""
    typed: Any = cost
    return all(
        isinstance(n, int) or n == "all" or getattr(n, "kind", None) == "x"
        for n in (typed.life, typed.sacrifice_count, typed.discard_count, typed.exile_count)
    ) and all(
        isinstance(n, int) or n == "all" or getattr(n, "kind", None) == "x"
        for _, n in typed.remove_counters
    )


def _register() -> None:
    register("cost:exile", "cost:tap_permanents")


_register()
