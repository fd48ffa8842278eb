"""The special action of turning a face-down permanent face up (CR 116.2b,
702.37e, 702.168d, 701.40b): whether it may be taken, and paying its cost; and
putting cards onto the battlefield face down (manifest, cloak: 701.40a, 701.58a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.actions import TurnFaceUp
from ..game.objects import Zone
from . import mana as mana_rules
from . import mana_costs
from .face_turning import face_up_options, turn_face_up
from .permanents import enter_battlefield

if TYPE_CHECKING:
    from ..game.state import Game


def _pick(options: list[tuple[str, str, str]], via: str | None) -> tuple[str, str, str] | None:
    if not options:
        return None
    if via is None:
        return options[0]
    for o in options:
        if o[0] == via.lower():
            return o
    return None


def turn_face_up_problem(
    game: Game,
    player: int,
    oid: int,
    via: str | None = None,
    payment: tuple[int, ...] | None = None,
) -> str | None:
    """Why ``player`` can't turn ``oid`` face up now (CR 116.2b, 702.37e), or None."""
    o = game.objects.get(oid)
    if o is None or o.zone != Zone.BATTLEFIELD or o.phased_out:
        return "that isn't a permanent on the battlefield (rule 702.37e)"
    if not o.face_down:
        return "that permanent isn't face down (rule 702.37e)"
    if o.controller != player:
        return "you don't control that permanent (rule 702.37e)"
    opt = _pick(face_up_options(game, o), via)
    if opt is None:
        return (
            "it wouldn't have a morph or disguise cost if it were face up, and it isn't a "
            "manifested or cloaked creature card (rules 702.37e, 702.168d, 701.40b)"
        )
    cost = mana_costs.parse_cost(opt[1])
    sources = mana_rules.sources_from_ids(game, player, payment) if payment else None
    if payment and sources is None:
        return "those permanents can't pay the cost (rule 601.2h)"
    if not mana_rules.can_pay(game, player, cost, sources):
        return f"you can't pay {opt[1]} (rule {opt[2]})"
    return None


def turn_face_up_action(
    game: Game,
    player: int,
    oid: int,
    via: str | None = None,
    payment: tuple[int, ...] | None = None,
) -> None:
    """CR 116.2b, 702.37e, 702.168d, 701.40b: pay the cost and turn it face up
    (a special action; it doesn't use the stack)."""
    o = game.objects[oid]
    opt = _pick(face_up_options(game, o), via)
    assert opt is not None
    cost = mana_costs.parse_cost(opt[1])
    sources = mana_rules.sources_from_ids(game, player, payment) if payment else None
    plan = mana_rules.plan_payment(game, player, cost, sources)
    assert plan is not None
    mana_rules.execute_plan(game, player, cost, plan, "turning a face-down permanent face up")
    turn_face_up(game, o, ("116.2b", opt[2]), megamorph=opt[0] == "megamorph")


def special_actions(game: Game, player: int) -> list[Any]:
    """The turn-face-up special actions ``player`` may take now (CR 116.2b)."""
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.face_down and o.controller == player and not o.phased_out:
            for via, _cost, _rule in face_up_options(game, o):
                if turn_face_up_problem(game, player, oid, via) is None:
                    out.append(TurnFaceUp(oid, via))
    return out


# ---------------------------------------------------------------------------
# Putting cards onto the battlefield face down (manifest, cloak)
# ---------------------------------------------------------------------------


def put_face_down(
    game: Game, player: int, oid: int, kind: str, rules: tuple[str, ...]
) -> int | None:
    """CR 701.40a, 701.58a: turn the card face down and put it onto the battlefield
    (it's face down before it enters: no enters abilities, 708.3)."""
    return enter_battlefield(game, oid, controller=player, rules=rules, face_down=kind)


def mana_cost_payable_from(cost: str | None, spent: list[str]) -> bool:
    """Whether a mana cost "could be paid by some amount of, or all of" the mana in
    ``spent`` (letters such as ``["G", "G"]``): each colored symbol by mana of its
    color, each hybrid symbol by one of its halves, the generic part by what's left;
    X is 0 (CR 107.3, 107.4)."""
    need = mana_costs.parse_cost(cost)
    pool = list(spent)
    for sym in need.colored:
        if sym not in pool:
            return False
        pool.remove(sym)
    for sym in need.phyrexian:
        if sym not in pool:
            return False
        pool.remove(sym)
    for h in need.hybrid:
        for part in h:
            if part.isdigit() and len(pool) >= int(part):
                del pool[: int(part)]
                break
            if part in pool:
                pool.remove(part)
                break
        else:
            return False
    return len(pool) >= need.generic + need.snow
