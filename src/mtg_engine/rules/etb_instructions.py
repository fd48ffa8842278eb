"""The instructions of "As this enters, ..." other than choices, followed as the
permanent enters (CR 614.1c, 614.12, 616.1).

"As this land enters, you may pay 2 life. If you don't, it enters tapped",
"... you may reveal a Dragon card from your hand. If you don't, this land enters
tapped", "As this enchantment enters, sacrifice all lands you control": the
permanent's controller (the player under whose control it would enter) follows
them as part of the entering event, before it is on the battlefield; nothing
uses the stack and nothing triggers "as" it happens. rules/etb_choices.py runs
the choices of the same ability ("choose a color") and calls
:func:`follow_instruction` for the rest, in printed order.

* "enters tapped" / "enters with N counters" change the event
  (``entry["tapped"]``, ``entry["counters"]``), with their "If you do" / "If
  you don't" read from the optional instruction before (CR 614.1c);
* "you may pay N life" (CR 119.4: only with at least N life) and "you may reveal
  ... from your hand" (CR 701.20a: only a card that matches) are asked of that
  player; revealed cards are "revealed this way" for a count that follows
  ("a +1/+1 counter for each card revealed this way");
* any other instruction (sacrifice, discard, mill, lose life, return to hand,
  put counters) runs through its effect handler, as the permanent would
  follow it (the permanent is "this", its controller is "you"); its questions
  are asked as the event's questions.

Everything kept between questions is plain data in the entry
(``entry["instructions"][key]``), so a pending question survives a clone or a
save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Effect, Filter
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import EFFECT_HANDLERS
from ..game.objects import GameObject, Zone
from ..game.tasks import Task
from .conditions import evaluate
from .damage import life_unpayable, lose_life, payable_life
from .effects_runner import Ctx, choose_refs, settle_choices
from .filters import matches_object
from .replacement import condition_rules, prospective

if TYPE_CHECKING:
    from ..game.state import Game


#: ``decision.data["as_enters"]`` of an optional instruction asked as a permanent
#: enters: what the scenario runner's default answers (docs/scenario-format.md)
AS_ENTERS_REVEAL = "reveal"
AS_ENTERS_PAY = "pay"

#: the per-instruction data dropped when the next instruction begins
_PER_INSTRUCTION = ("chosen_refs", "scratch", "short", "opt", "choosers")


def _state(entry: dict[str, Any], key: str) -> dict[str, Any]:
    """The plain data kept for the ability ``key`` as its instructions are followed."""
    return entry.setdefault("instructions", {}).setdefault(key, {})


def note_player(entry: dict[str, Any], key: str, player: int) -> None:
    """ "Choose an opponent. ... for each creature that player controls": the player
    chosen is "that player" of the instructions that follow (CR 608.2c)."""
    _state(entry, key)["that_players"] = [player]


def _permanent(game: Game, entry: dict[str, Any]) -> GameObject:
    """The permanent as it will enter (its controller is "you", its choices are the
    entry's so far): the object the instructions are followed for."""
    pros, _ = prospective(game, entry)
    pros.chosen = {**(pros.chosen or {}), **entry["chosen"]}
    return pros


def follow_instruction(
    game: Game, entry: dict[str, Any], key: str, e: Effect, answer: Any
) -> Decision | None:
    """Follow one instruction of the "As this enters" ability ``key`` (CR 614.12),
    given the pending answer (None at first). Returns the next question, or None
    once it's done (or skipped)."""
    d = _state(entry, key)
    me = _permanent(game, entry)
    ctl = entry["controller"]
    cond = e.condition
    if cond is not None and "held" not in d:
        if cond.kind in ("you_do", "you_dont", "they_do", "they_dont"):
            # "If you do / If you don't, it enters tapped": whether the optional
            # instruction before was followed
            held = bool(d.get("last_done")) == (cond.kind in ("you_do", "they_do"))
        else:  # "if it was kicked" (the spell's record)
            original = game.objects.get(entry["obj"])
            held = evaluate(game, cond, ctl, original or me)
            entry["replacement_rules"].extend(condition_rules(cond.kind))
        d["held"] = held
    if cond is not None and not d["held"]:
        return _done(d, e, False)
    if e.op == "enters_tapped":
        entry["tapped"] = True
        entry["replacement_rules"].append("614.1c")
        return _done(d, e, True)
    if e.op == "pay_life":
        return _pay_life(game, entry, d, e, me, answer)
    if e.op == "reveal":
        return _reveal(game, entry, d, e, me, answer)
    if e.optional and "opt" not in d:
        if answer is None:
            return Decision(
                DecisionKind.YES_NO,
                ctl,
                "614.12",
                f"As {me.name} enters, you may {e.op.replace('_', ' ')}?",
                {"purpose": DecisionPurpose.MAY},
            )
        d["opt"] = bool(answer.value)
        answer = None
    if e.optional and not d["opt"]:
        return _done(d, e, False)
    # CR 614.13a: what it has its controller choose can't be the card entering, nor
    # any other object entering the battlefield at the same time
    d["not_choosable"] = [entry["obj"], *entry.get("together", ())]
    task = Task("as_enters", d)
    task.answer = answer
    ctx = Ctx(game, me, task)
    if e.op == "enters_with_counters":
        kind = str(e.args.get("counter", "+1/+1"))
        kinds = e.args.get("counter_choice")
        if kinds:
            # "enters with your choice of a flying counter or a first strike counter
            # on it": its controller chooses the kind as it enters (CR 614.1c, 614.12)
            options = [f"{k} counter" for k in kinds]
            if answer is None:
                return Decision(
                    DecisionKind.CHOOSE_OPTION,
                    ctl,
                    "614.12",
                    f"As {me.name} enters, choose " + " or ".join(options),
                    {"options": options, "purpose": DecisionPurpose.CHOOSE},
                )
            kind = str(answer.value).removesuffix(" counter")
            entry["notes"].append(f"{game.players[ctl].name} chose a {kind} counter")
            entry["replacement_rules"].append("614.12")
        n = ctx.amount(e.args.get("amount", 1))
        if n > 0:
            counters = entry["counters"]
            counters[kind] = counters.get(kind, 0) + n
            entry["replacement_rules"].append("614.1c")
        return _done(d, e, True)
    handler = EFFECT_HANDLERS.get(e.op)
    if handler is None:
        return _done(d, e, False)
    # a question of the instruction (what to sacrifice, which permanent to return)
    # is asked as the event's question: taken from the game, returned to the pipeline
    if not choose_refs(ctx, e) or not handler(ctx, e):
        return _taken(game)
    settle_choices(ctx)
    entry["replacement_rules"].append("614.12")
    if e.op == "exile":
        # CR 614.13, 607.2a: cards exiled as it enters ("Imprint — As this Vehicle
        # enters, exile a creature card from a graveyard") are linked to the permanent
        # it becomes (rules/replacement._entered)
        entry["replacement_rules"].append("614.13")
        entry["exiled_linked"] = True
    return _done(d, e, True)


def _taken(game: Game) -> Decision | None:
    decision = game.pending
    game.pending = None
    return decision


def _done(d: dict[str, Any], e: Effect, done: bool) -> Decision | None:
    """The instruction is over: "If you do" of the next one reads whether an
    optional instruction was followed; nothing more to ask."""
    if e.optional:
        d["last_done"] = done
    for k in (*_PER_INSTRUCTION, "held"):
        d.pop(k, None)
    return None


def _pay_life(
    game: Game,
    entry: dict[str, Any],
    d: dict[str, Any],
    e: Effect,
    me: GameObject,
    answer: Any,
) -> Decision | None:
    """ "You may pay N life" (CR 119.4: a player can pay only as much life as they
    have, and not while they can't lose life, 119.8)."""
    ctl = entry["controller"]
    if e.args.get("any_amount"):
        # "As this creature enters, pay any amount of life" (Minion of the Wastes):
        # the amount is chosen, and remembered for "the life paid as it entered"
        # (CR 614.12, 607.2a)
        if answer is None:
            return Decision(
                DecisionKind.CHOOSE_OPTION,
                ctl,
                "614.12",
                f"As {me.name} enters, pay how much life?",
                {
                    "options": [str(k) for k in range(payable_life(game, ctl) + 1)],
                    "purpose": DecisionPurpose.NUMBER,
                },
            )
        paid = int(str(answer.value))
        entry["chosen"]["life_paid"] = paid
        if paid > 0:
            lose_life(
                game,
                ctl,
                paid,
                ("119.4", "614.12"),
                f"paid as {me.name} enters",
                paid=True,
                entering=(me.id,),
            )
        return _done(d, e, True)
    n = Ctx(game, me, None).amount(e.args.get("amount", 1))
    if e.optional:
        if life_unpayable(game, ctl, n) is not None:
            return _done(d, e, False)
        if answer is None:
            return Decision(
                DecisionKind.YES_NO,
                ctl,
                "614.12",
                f"As {me.name} enters, pay {n} life?",
                {"purpose": DecisionPurpose.PAY, "as_enters": AS_ENTERS_PAY},
            )
        if not answer.value:
            entry["notes"].append(f"{game.players[ctl].name} doesn't pay {n} life")
            return _done(d, e, False)
    lose_life(
        game, ctl, n, ("119.4", "614.12"), f"paid as {me.name} enters", paid=True, entering=(me.id,)
    )
    return _done(d, e, True)


def _reveal(
    game: Game,
    entry: dict[str, Any],
    d: dict[str, Any],
    e: Effect,
    me: GameObject,
    answer: Any,
) -> Decision | None:
    """ "You may reveal a Dragon card from your hand" (CR 701.20a): only cards that
    match can be revealed; with none, it isn't done."""
    ctl = entry["controller"]
    flt = e.args.get("filter")
    hand = game.players[ctl].hand
    cands = [
        oid
        for oid in hand
        if oid != entry["obj"]
        and (not isinstance(flt, Filter) or matches_object(game, game.objects[oid], flt, ctl, me))
    ]
    most = min(len(cands), int(e.args.get("amount", 1)))
    if not cands:
        return _done(d, e, False)
    if answer is None:
        return Decision(
            DecisionKind.CHOOSE_OBJECTS,
            ctl,
            "614.12",
            f"As {me.name} enters, you may reveal "
            + ("a card" if most == 1 else f"up to {most} cards")
            + " from your hand (or none)",
            {
                "candidates": cands,
                "min": 0 if e.optional else 1,
                "max": most,
                "purpose": DecisionPurpose.REVEAL,
                "as_enters": AS_ENTERS_REVEAL,
            },
        )
    shown = [o for o in answer.objects if o in cands]
    if not shown:
        entry["notes"].append(f"{game.players[ctl].name} reveals nothing")
        return _done(d, e, False)
    names = ", ".join(game.objects[o].name for o in shown)
    game.emit(
        EventKind.REVEAL,
        ("701.20a", "614.12"),
        f"{game.players[ctl].name} reveals {names} from their hand as {me.name} enters",
        player=ctl,
    )
    # "for each card revealed this way" (CR 608.2c)
    d.setdefault("parent", {})["revealed"] = [o for o in shown if game.objects[o].zone == Zone.HAND]
    return _done(d, e, True)


__all__ = ["follow_instruction", "note_player", "AS_ENTERS_REVEAL", "AS_ENTERS_PAY"]
