"""Assist (CR 702.132).

702.132a: assist is a static ability that modifies the rules of paying for the
spell with assist (CR 601.2g-h). If the total cost to cast the spell includes a
generic mana component, before you activate mana abilities while casting it,
you may choose another player. That player has a chance to activate mana
abilities; then you do. Before you begin to pay the total cost, the player you
chose may pay for any amount of the generic mana in the spell's total cost.

Casting (rules/casting.py) asks this module through the keyword hooks once the
total cost is locked in: the caster chooses another player or no one
(``DecisionPurpose.ASSIST``), the player chosen the amount of generic mana they pay,
from none to as much as they can (``DecisionPurpose.ASSIST_PAY``); the caster pays
the rest, and the player chosen pays their part with the caster's payment.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..rules.characteristics import chars
from ..rules.mana import execute_plan, mana_sources, max_x, plan_payment
from ..rules.mana_costs import ManaCost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..game.tasks import Task

ASSIST: Final = "Assist"
register_keywords(ASSIST)

#: the caster's answer for choosing no other player
NOBODY: Final = "nobody"

_ANY_GENERIC: Final = ManaCost(x=1)


def _has_assist(game: Game, obj: GameObject) -> bool:
    return any(a.keyword == ASSIST for a in chars(game, obj).abilities)


def _printed_assist(obj: GameObject) -> bool:
    """Whether the card's face has assist (cached on the card: asked for every card
    a player might cast)."""
    key = ("assist", obj.face)
    got = obj.card.cache.get(key)
    if got is None:
        got = obj.card.cache[key] = ASSIST in obj.card.compiled[obj.face].keywords
    return bool(got)


def assist_most(game: Game, player: int, obj: GameObject, mana: ManaCost) -> ManaCost:
    """CR 702.132a: the mana left for the caster if another player paid as much of
    the generic mana as they can (whether the spell can be cast at all)."""
    if mana.generic <= 0 or not _printed_assist(obj):
        return mana
    most = max(
        (
            max_x(game, p.index, _ANY_GENERIC)
            for p in game.players
            if p.index != player and not p.has_lost
        ),
        default=0,
    )
    return replace(mana, generic=mana.generic - min(most, mana.generic))


def assist_choice(game: Game, task: Task, obj: GameObject, mana: ManaCost) -> ManaCost | None:
    """CR 702.132a: the mana the caster still pays once the player they chose has
    said how much of the generic mana they pay; None while a decision is pending."""
    d = task.data
    state = d.get("assist")
    if state is None:
        if mana.generic <= 0 or obj.stack_kind != "spell" or not _has_assist(game, obj):
            return mana
        caster = d["player"]
        others = [p.index for p in game.players if p.index != caster and not p.has_lost]
        if not others:
            return mana
        if task.answer is None:
            game.ask(
                Decision(
                    DecisionKind.CHOOSE_OPTION,
                    caster,
                    "702.132a",
                    f"Assist: choose another player who may pay generic mana for {obj.name}",
                    {
                        "options": [NOBODY, *(game.players[p].name for p in others)],
                        "purpose": DecisionPurpose.ASSIST,
                    },
                )
            )
            return None
        chosen = task.answer.value
        task.answer = None
        helper = next((p for p in others if game.players[p].name == chosen), None)
        state = d["assist"] = {"player": helper, "amount": 0, "asked": True}
        if helper is None:
            return mana
        game.emit(
            EventKind.CHOICE,
            ("702.132a",),
            f"{game.players[caster].name} chooses {game.players[helper].name} to assist with "
            f"{obj.name}",
        )
        most = min(mana.generic, max_x(game, helper, _ANY_GENERIC))
        if most <= 0:
            return mana
        del state["asked"]
        game.ask(
            Decision(
                DecisionKind.CHOOSE_OPTION,
                helper,
                "702.132a",
                f"Assist: how much of the generic mana of {obj.name} do you pay?",
                {
                    "options": [str(n) for n in range(most + 1)],
                    "purpose": DecisionPurpose.ASSIST_PAY,
                },
            )
        )
        return None
    if task.answer is not None and state["player"] is not None and "asked" not in state:
        state["amount"] = int(task.answer.value)
        state["asked"] = True
        task.answer = None
    amount = int(state["amount"])
    return replace(mana, generic=mana.generic - amount) if amount else mana


def assist_pay(game: Game, task: Task, obj: GameObject) -> None:
    """CR 702.132a: the player chosen pays the generic mana they said they would."""
    state = task.data.get("assist")
    if not state or state["player"] is None or not state["amount"] or state.get("paid"):
        return
    helper, amount = int(state["player"]), int(state["amount"])
    state["paid"] = True
    cost = ManaCost(generic=amount)
    plan = plan_payment(game, helper, cost, mana_sources(game, helper))
    if plan is None:
        return
    execute_plan(game, helper, cost, plan, f"{obj.name} (assist, rule 702.132a)")
    game.emit(
        EventKind.CHOICE,
        ("702.132a",),
        f"{game.players[helper].name} pays {{{amount}}} of the cost of {obj.name} (assist)",
    )


KEYWORD_HOOKS.assist_choice = assist_choice
KEYWORD_HOOKS.assist_pay = assist_pay
KEYWORD_HOOKS.assist_most = assist_most
