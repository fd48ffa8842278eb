"""How the heuristic agent uses keyword abilities that are activated from the hand
or offered as options (CR 702): ninjutsu (702.49), forecast (702.57), aura swap
(702.65), transfigure (702.71), dredge (702.52), recover (702.59), ripple (702.60).

Each function looks only at what the agent may know (its hand, the board, the
public graveyards and library sizes), never at the order of a library.
"""

from __future__ import annotations

from typing import Any

from ..game.actions import Action, ActivateAbility, ChooseObjects, ChooseYesNo, DecisionPurpose
from ..game.hooks import full_ability
from ..game.objects import Zone
from ..game.state import Game, Step
from ..keywords.dredge import dredge_n
from ..rules.characteristics import chars
from ..rules.filters import is_unblocked


def _value(game: Game, oid: int) -> float:
    c = chars(game, game.objects[oid])
    return c.mana_value + (c.power or 0) * 0.5 + (c.toughness or 0) * 0.25


def keyword_activation(game: Game, player: int, acts: list[ActivateAbility]) -> Action | None:
    """An activation worth making now, or None: ninjutsu in the declare blockers step
    of our turn (swap in a better creature for an unblocked one), forecast in our
    upkeep, aura swap for a more expensive Aura in hand."""
    if game.stack:
        return None
    for a in acts:
        src = game.objects[a.source]
        ab = full_ability(chars(game, src).abilities[a.ability])
        kw = ab.keyword
        if kw == "Ninjutsu" and game.active == player and game.step == Step.DECLARE_BLOCKERS:
            if _weakest_unblocked(game, player, _value(game, src.id)) is not None:
                return a
        elif kw == "Forecast" and game.step == Step.UPKEEP and game.active == player:
            return a
        elif kw == "Aura swap" and src.zone == Zone.BATTLEFIELD and src.owner == player:
            mv = chars(game, src).mana_value
            if _best_aura_in_hand(game, player, mv) is not None:
                return a
    return None


def _weakest_unblocked(game: Game, player: int, than: float) -> int | None:
    combat = game.combat
    if combat is None:
        return None
    mine = [
        o
        for o in combat.attackers
        if o in game.objects
        and game.objects[o].controller == player
        and is_unblocked(game, o)
        and _value(game, o) < than
    ]
    return min(mine, key=lambda o: _value(game, o)) if mine else None


def _best_aura_in_hand(game: Game, player: int, above: int) -> int | None:
    best, best_mv = None, above
    for oid in game.players[player].hand:
        c = chars(game, game.objects[oid])
        if "Aura" in c.subtypes and c.mana_value > best_mv:
            best, best_mv = oid, c.mana_value
    return best


def keyword_objects(game: Game, d: Any) -> Action | None:
    """Answers to keyword choices of objects, or None for the agent's usual rules."""
    purpose = d.data.get("purpose")
    cands = list(d.data["candidates"])
    if purpose == DecisionPurpose.RETURN:  # ninjutsu's cost: the least valuable unblocked attacker
        cands.sort(key=lambda o: _value(game, o))
        return ChooseObjects(tuple(cands[: d.data["min"]]))
    if purpose == DecisionPurpose.AURA_SWAP:
        best = max(cands, key=lambda o: chars(game, game.objects[o]).mana_value, default=None)
        return ChooseObjects((best,) if best is not None else ())
    if purpose == DecisionPurpose.CAST:  # ripple: cast every free copy
        return ChooseObjects(tuple(cands[: d.data["max"]]))
    if purpose == DecisionPurpose.DREDGE:
        return ChooseObjects(_dredge_choice(game, d.player, cands))
    return None


def _dredge_choice(game: Game, player: int, cands: list[int]) -> tuple[int, ...]:
    """702.52a: dredge the best card while the library stays comfortably large, except
    when a land draw is needed (no land in hand, few lands out) and the card isn't one."""
    p = game.players[player]
    best = max(cands, key=lambda o: _value(game, o))
    if len(p.library) < dredge_n(game, best) + 10:
        return ()
    lands_out = sum(
        1
        for o in game.battlefield
        if game.objects[o].controller == player and "Land" in chars(game, game.objects[o]).types
    )
    lands_in_hand = any("Land" in chars(game, game.objects[o]).types for o in p.hand)
    if not lands_in_hand and lands_out < 4 and "Land" not in chars(game, game.objects[best]).types:
        return ()  # draw: a land is likelier to help than a spell we can't cast
    return (best,)


def keyword_yes_no(game: Game, d: Any) -> Action | None:
    """Recover (702.59a): pay when affordable to get the card back."""
    if d.data.get("purpose") == DecisionPurpose.RECOVER:
        return ChooseYesNo(bool(d.data.get("can_pay")) and d.data.get("card") is not None)
    return None
