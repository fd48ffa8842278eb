"""The answers a scenario gives when no scripted action fits the decision.

Pass priority; declare the attackers that requirements force (CR 508.1d) and
no blockers; keep the default order of simultaneous triggers (APNAP, then
the order they triggered, CR 603.3b); take a decision that has exactly one
legal answer; untap the permanents one "may choose not to untap" (CR 502.3);
as a permanent enters (CR 614.12), reveal the cards "you may
reveal" (revealing costs nothing) and don't pay the life "you may pay".
Anything else (targets, modes, X, a "may", a card to discard,
a damage split with several legal ways) has no sensible default:
:class:`Unscripted` stops the run.
"""

from __future__ import annotations

from math import comb

from ..game.actions import (
    Action,
    AssignDamage,
    ChooseObjects,
    ChooseYesNo,
    DecisionKind,
    DecisionPurpose,
    Keep,
    OrderTriggers,
    PassPriority,
)
from ..game.objects import Zone
from ..game.state import Game
from ..rules.combat import assignment_problem, default_attack, default_block
from ..rules.etb_instructions import AS_ENTERS_PAY, AS_ENTERS_REVEAL


class Unscripted(Exception):
    """A decision with no sensible default and no scripted answer."""

    def __init__(self, prompt: str) -> None:
        super().__init__(prompt)
        self.prompt = prompt


def default_answer(game: Game) -> Action:
    """The default answer to the pending decision, or raise :class:`Unscripted`."""
    d = game.pending
    assert d is not None
    k = d.kind
    if k == DecisionKind.PRIORITY:
        return PassPriority()
    if k == DecisionKind.MULLIGAN:
        return Keep()
    if k == DecisionKind.ORDER_TRIGGERS:
        return OrderTriggers(tuple(range(len(d.data["triggers"]))))
    if k == DecisionKind.ORDER_CARDS:
        return ChooseObjects(tuple(d.data["candidates"]))  # CR 401.4: as they are
    if k == DecisionKind.ATTACKERS:
        action: Action = default_attack(game)
        if game.is_legal(action) is None:
            return action
        raise Unscripted(d.prompt)
    if k == DecisionKind.BLOCKERS:
        action = default_block(game)
        if game.is_legal(action) is None:
            return action
        raise Unscripted(d.prompt)
    if d.data.get("purpose") == DecisionPurpose.KEEP_TAPPED:
        return ChooseObjects(())  # CR 502.3: "you may choose not to untap": untap them
    as_enters = d.data.get("as_enters")
    if as_enters == AS_ENTERS_REVEAL:
        # "As this land enters, you may reveal ...": the first cards it may reveal
        return ChooseObjects(tuple(d.data["candidates"][: d.data["max"]]))
    if as_enters == AS_ENTERS_PAY:
        return ChooseYesNo(False)  # "you may pay 2 life. If you don't, ...": not paid
    only = single_answer(game)
    if only is not None:
        return only
    raise Unscripted(d.prompt)


def answer_count(game: Game, limit: int = 2) -> int:
    """How many legal answers the pending decision has (counting stops at ``limit``)."""
    d = game.pending
    assert d is not None
    k, data = d.kind, d.data
    if k == DecisionKind.CHOOSE_OBJECTS and _scry_changes_nothing(game, d.player, data):
        return 1
    if k == DecisionKind.CHOOSE_OBJECTS:
        return len(_outcomes(_interchangeable(game, data["candidates"]), data, limit))
    if k in (DecisionKind.TARGETS, DecisionKind.BOTTOM):
        n = len(data["candidates"])
        return sum(comb(n, i) for i in range(data["min"], min(data["max"], n) + 1))
    if k == DecisionKind.MODES:
        n = len(data["legal"])
        return sum(comb(n, i) for i in range(max(1, data["min"]), min(data["max"], n) + 1))
    if k == DecisionKind.X:
        return max(0, data["max"] - data["min"] + 1)
    if k == DecisionKind.DIVIDE:
        total, n = data["total"], len(data["targets"])
        return comb(total - 1, n - 1) if total >= n >= 1 else 0
    if k == DecisionKind.CHOOSE_OPTION:
        return len(data["options"])
    if k == DecisionKind.ASSIGN_DAMAGE:
        return len(_assignments(game, limit))
    if k == DecisionKind.YES_NO:
        return 2
    return limit


def single_answer(game: Game) -> Action | None:
    """The only legal answer of the pending decision, if it has exactly one."""
    d = game.pending
    assert d is not None
    if answer_count(game) != 1:
        return None
    if d.kind == DecisionKind.ASSIGN_DAMAGE:
        return _assignments(game, 2)[0]
    if d.kind == DecisionKind.CHOOSE_OBJECTS and _scry_changes_nothing(game, d.player, d.data):
        return ChooseObjects(())  # all stay on top
    if d.kind == DecisionKind.CHOOSE_OBJECTS:
        groups = _interchangeable(game, d.data["candidates"])
        (counts,) = _outcomes(groups, d.data, 2)
        return ChooseObjects(tuple(o for g, n in zip(groups, counts, strict=True) for o in g[:n]))
    options = game.legal_actions()
    return options[0] if len(options) == 1 else None


def _interchangeable(game: Game, candidates: list[int]) -> list[list[int]]:
    """The candidates of a choice of objects in groups that make the same outcome:
    cards of the same name in the same player's hand (a hidden zone, CR 400.2:
    nothing tells such cards apart, so choosing two of five Silvercoat Lions in a
    hand is one outcome), or in a library whose cards all have that name (elsewhere
    in a library, which copy is taken changes the order of what stays); any other
    object is a group of its own."""
    groups: dict[object, list[int]] = {}
    for oid in candidates:
        o = game.objects.get(oid) if oid >= 0 else None
        key: object = oid
        if o is not None and (
            o.zone == Zone.HAND or (o.zone == Zone.LIBRARY and _one_name(game, o.owner))
        ):
            key = (o.zone, o.owner, o.name)
        groups.setdefault(key, []).append(oid)
    return list(groups.values())


def _one_name(game: Game, player: int) -> bool:
    """Do all the cards in the player's library have the same name?"""
    lib = game.players[player].library
    return len({game.objects[o].name for o in lib if o in game.objects}) <= 1


def _scry_changes_nothing(game: Game, player: int, data: dict) -> bool:
    """Scrying (CR 701.22a) a library whose cards all have the same name: whichever
    cards go to the bottom, in whatever order, the library is the same (its cards
    are interchangeable, CR 400.2), so the choice has one outcome."""
    return data.get("purpose") == DecisionPurpose.SCRY and _one_name(game, player)


def _outcomes(groups: list[list[int]], data: dict, limit: int) -> list[tuple[int, ...]]:
    """The different outcomes of a choice of objects (how many of each group are
    chosen, between ``min`` and ``max`` in all), up to ``limit`` of them."""
    lo, hi = int(data["min"]), int(data["max"])
    out: list[tuple[int, ...]] = []

    def walk(i: int, taken: tuple[int, ...], total: int) -> None:
        if len(out) >= limit or total > hi:
            return
        if i == len(groups):
            if total >= lo:
                out.append(taken)
            return
        for n in range(len(groups[i]) + 1):
            walk(i + 1, (*taken, n), total + n)

    walk(0, (), 0)
    return out


def _assignments(game: Game, limit: int) -> list[AssignDamage]:
    """Legal damage assignments of the pending ASSIGN_DAMAGE decision (up to ``limit``)."""

    d = game.pending
    assert d is not None
    attacker = game.objects[d.data["attacker"]]
    recipients = list(d.data["blockers"])
    if d.data.get("defender") is not None:
        recipients.append(d.data["defender"])
    power = int(d.data["power"])
    out: list[AssignDamage] = []
    budget = [20000]
    for split in _compositions(power, len(recipients), budget):
        assignment = dict(zip(recipients, split, strict=True))
        if assignment_problem(game, attacker, assignment) is None:
            out.append(AssignDamage(tuple((r, n) for r, n in assignment.items() if n)))
            if len(out) >= limit:
                break
    return out


def _compositions(total: int, n: int, budget: list[int]):
    """Every way to split ``total`` into ``n`` non-negative parts (bounded by ``budget``)."""
    if n == 0:
        if total == 0:
            yield ()
        return
    if n == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        budget[0] -= 1
        if budget[0] < 0:
            return
        for rest in _compositions(total - first, n - 1, budget):
            yield (first, *rest)
