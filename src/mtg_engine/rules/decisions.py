"""Legal answers to each kind of decision, and checking an answer (architecture §1).

:func:`legal_options` lists enumerable answers (lazily, by ``Game.legal_actions``);
for set-valued decisions it lists a representative set and :func:`check_answer`
accepts every answer that satisfies the rules' constraints, so a board with 20
creatures doesn't produce 2^20 options.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement, islice, permutations
from math import comb
from typing import TYPE_CHECKING, Any, Final

from ..game.actions import (
    Action,
    ActivateAbility,
    AssignDamage,
    CastSpell,
    ChooseDivision,
    ChooseModes,
    ChooseNumber,
    ChooseObjects,
    ChooseOption,
    ChooseTargets,
    ChooseYesNo,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Keep,
    Mulligan,
    OrderTriggers,
    PassPriority,
    PlayLand,
    TurnFaceUp,
)
from ..game.hooks import KEYWORD_HOOKS
from .activating import activate_problem
from .casting import cast_problem, land_play_problem
from .chosen_groups import group_problem
from .combat import (
    assignment_options,
    assignment_problem,
    attack_declaration_problem,
    attack_options,
    block_declaration_problem,
    block_options,
    legal_attack_declarations,
    legal_block_declarations,
)
from .face_up_action import turn_face_up_problem
from .library_order import order_options as card_orders
from .library_order import order_problem
from .named_choices import card_name_answer
from .naming import named
from .priority_options import priority_options
from .single_graveyard import SINGLE_GRAVEYARD, graveyard_groups, in_one_graveyard
from .triggers import order_options

if TYPE_CHECKING:
    from ..game.state import Game

_MAX_ENUM: Final = 64


def _subsets(cands: list[Any], lo: int, hi: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    n = len(cands)
    for k in range(lo, hi + 1):
        if comb(n, k) + len(out) > _MAX_ENUM:
            # too many: a representative sample (first combinations of this size)
            for i, c in enumerate(combinations(cands, k)):
                if i >= 8:
                    break
                out.append(c)
            continue
        out.extend(combinations(cands, k))
    return out


def _one_per_name(game: Game, cands: list[Any]) -> list[Any]:
    """The first candidate of each name (CR 201.2), in order."""
    seen: set[str] = set()
    out = []
    for c in cands:
        name = game.objects[c].name
        if name not in seen:
            seen.add(name)
            out.append(c)
    return out


def _grouped(game: Game, data: dict[str, Any], chosen: Sequence[Any]) -> bool:
    """ "From a single graveyard": the objects chosen share one graveyard
    (rules/single_graveyard.py); any other choice has no such rule."""
    return not data.get(SINGLE_GRAVEYARD) or in_one_graveyard(game, chosen)


def _grouped_subsets(
    game: Game, data: dict[str, Any], cands: list[Any], lo: int, hi: int
) -> list[tuple[Any, ...]]:
    """The choices of ``lo`` to ``hi`` candidates; "from a single graveyard":
    those of each graveyard on its own (rules/single_graveyard.py)."""
    if not data.get(SINGLE_GRAVEYARD):
        return _subsets(cands, lo, hi)
    out: list[tuple[Any, ...]] = [()] if lo == 0 else []
    for group in graveyard_groups(game, cands):
        out.extend(c for c in _subsets(group, max(lo, 1), min(hi, len(group))) if c)
    return out


def legal_options(game: Game) -> list[Action]:
    d = game.pending
    assert d is not None
    k = d.kind
    data = d.data
    if k == DecisionKind.PRIORITY:
        return priority_options(game, d.player)
    if k == DecisionKind.MULLIGAN:
        return [Keep(), Mulligan()]
    if k in (DecisionKind.BOTTOM, DecisionKind.CHOOSE_OBJECTS):
        if "min_power" in data:
            return [ChooseObjects(c) for c in KEYWORD_HOOKS.crew_options(data)]  # CR 702.122a
        cands = list(data["candidates"])
        lo, hi = data["min"], data["max"]
        if data.get("different_names"):
            # "up to four Minotaur creature cards with different names": one of each
            # name stands for the others (any answer with distinct names is legal)
            cands = _one_per_name(game, cands)
            hi = min(hi, len(cands))
            lo = min(lo, hi)
        return [
            ChooseObjects(tuple(c))
            for c in _grouped_subsets(game, data, cands, lo, hi)
            if group_problem(game, data, c) is None  # "with different powers" (608.2d)
        ]
    if k == DecisionKind.TARGETS:
        return [
            ChooseTargets(tuple(c))
            for c in _grouped_subsets(
                game, data, list(data["candidates"]), data["min"], data["max"]
            )
        ]
    if k == DecisionKind.MODES:
        legal = list(data["legal"])
        if data.get("repeat"):
            # CR 700.2d: the same mode may be chosen more than once
            return [
                ChooseModes(c)
                for k in range(data["min"], data["max"] + 1)
                for c in islice(combinations_with_replacement(legal, k), _MAX_ENUM)
            ]
        return [ChooseModes(tuple(c)) for c in _subsets(legal, data["min"], data["max"])]
    if k == DecisionKind.X:
        return [ChooseNumber(v) for v in range(data["min"], data["max"] + 1)]
    if k == DecisionKind.DIVIDE:
        return [
            ChooseDivision(tuple(zip(data["targets"], split, strict=True)))
            for split in _splits(data["total"], len(data["targets"]))
        ]
    if k == DecisionKind.ATTACKERS:
        return list(attack_options(game))
    if k == DecisionKind.BLOCKERS:
        return list(block_options(game))
    if k == DecisionKind.ASSIGN_DAMAGE:
        return list(assignment_options(game, game.objects[data["attacker"]]))
    if k == DecisionKind.YES_NO:
        if data.get("can_pay") is False:
            return [ChooseYesNo(False)]  # CR 118.3: a cost that can't be paid can't be chosen
        return [ChooseYesNo(True), ChooseYesNo(False)]
    if k == DecisionKind.ORDER_TRIGGERS:
        return [OrderTriggers(p) for p in order_options(len(data["triggers"]))]
    if k == DecisionKind.ORDER_CARDS:
        return [ChooseObjects(o) for o in card_orders(data["candidates"])]
    if k == DecisionKind.CHOOSE_OPTION:
        return [ChooseOption(o) for o in data["options"]]
    return []


def has_one_option(game: Game) -> bool:
    """Whether :func:`legal_options` would list exactly one answer to the pending
    decision (CR 104.4b counts such decisions: :meth:`Game._count_forced`), found
    without checking every listed declaration of attackers or blockers (an agent
    that declares its own never asks for the list): the first two legal ones tell."""
    d = game.pending
    assert d is not None
    if d.kind == DecisionKind.ATTACKERS:
        return len(list(islice(legal_attack_declarations(game), 2))) == 1
    if d.kind == DecisionKind.BLOCKERS:
        return len(list(islice(legal_block_declarations(game), 2))) == 1
    return len(legal_options(game)) == 1


def _splits(total: int, n: int) -> list[tuple[int, ...]]:
    """Ways to divide ``total`` among ``n`` targets, each at least 1 (CR 601.2d)."""
    if n == 1:
        return [(total,)] if total >= 1 else []
    out = []
    for first in range(1, total - n + 2):
        for rest in _splits(total - first, n - 1):
            out.append((first, *rest))
            if len(out) >= _MAX_ENUM:
                return out
    return out


def check_answer(game: Game, action: Action) -> str | None:
    """None when ``action`` legally answers the pending decision, else why not."""
    d = game.pending
    if d is None:
        return "there is no pending decision"
    k = d.kind
    data = d.data
    if k == DecisionKind.PRIORITY:
        if isinstance(action, PassPriority):
            return None
        if isinstance(action, PlayLand):
            return land_play_problem(game, d.player, action.card, action.face)
        if isinstance(action, CastSpell):
            return cast_problem(game, d.player, action.card, action.face, action)
        if isinstance(action, ActivateAbility):
            return activate_problem(game, d.player, action.source, action.ability)
        if isinstance(action, TurnFaceUp):
            return turn_face_up_problem(
                game, d.player, action.permanent, action.via, action.payment
            )
        return f"{_answer_words(action)} doesn't answer a priority decision (rule 117.1)"
    if k == DecisionKind.MULLIGAN:
        return (
            None
            if isinstance(action, Keep | Mulligan)
            else _wrong(action, "answer Keep or Mulligan (rule 103.5)")
        )
    if k in (DecisionKind.BOTTOM, DecisionKind.CHOOSE_OBJECTS):
        if not isinstance(action, ChooseObjects):
            return _wrong(action, f"choose objects: {d.prompt}")
        problem = _set_problem(game, action.objects, data["candidates"], data["min"], data["max"])
        if problem is None and "min_power" in data:
            problem = KEYWORD_HOOKS.crew_power_problem(data, tuple(action.objects))  # CR 702.122a
        if problem is None and data.get("different_names"):
            names = [game.objects[o].name for o in action.objects]
            if len(set(names)) < len(names):
                problem = "the chosen cards must have different names (rule 201.2)"
        if problem is None and not _grouped(game, data, action.objects):
            problem = "the chosen cards must all come from a single graveyard (rule 601.2h)"
        if problem is None:
            # "with different powers", "with total power 4 or less" (rules/chosen_groups)
            problem = group_problem(game, data, action.objects)
        return problem
    if k == DecisionKind.TARGETS:
        if not isinstance(action, ChooseTargets):
            return _wrong(action, f"choose targets: {d.prompt}")
        problem = _set_problem(
            game, action.targets, data["candidates"], data["min"], data["max"], "115.3"
        )
        if problem is None and not _grouped(game, data, action.targets):
            problem = "the targets must all be in a single graveyard (rules 115.3, 601.2c)"
        return problem
    if k == DecisionKind.MODES:
        if not isinstance(action, ChooseModes):
            return _wrong(action, "choose modes (rule 700.2)")
        if len(set(action.modes)) != len(action.modes) and not data.get("repeat"):
            return "the same mode can't be chosen twice (rule 700.2)"
        if not (data["min"] <= len(action.modes) <= data["max"]):
            return f"choose between {data['min']} and {data['max']} modes (rule 700.2)"
        if any(m in (data.get("taken") or ()) for m in action.modes):
            # "choose one that hasn't been chosen" (Kimoyo Beads)
            return "that mode can't be chosen: it has been chosen before (rule 700.2b)"
        if any(m not in data["legal"] for m in action.modes):
            return "that mode can't be chosen: it has no legal targets (rule 700.2, 601.2c)"
        return None
    if k == DecisionKind.X:
        if not isinstance(action, ChooseNumber):
            return _wrong(action, "choose a number for X (rule 107.3a)")
        if not (data["min"] <= action.value <= data["max"]):
            return f"X must be between {data['min']} and {data['max']} (you can't pay more) (rule 107.3a)"
        return None
    if k == DecisionKind.DIVIDE:
        if not isinstance(action, ChooseDivision):
            return _wrong(action, "divide the amount among the targets (rule 601.2d)")
        div = dict(action.division)
        if set(div) != set(data["targets"]) or any(v < 1 for v in div.values()):
            return "each target must receive at least 1 (rule 601.2d)"
        if sum(div.values()) != data["total"]:
            return f"the division must add up to {data['total']} (rule 601.2d)"
        return None
    if k == DecisionKind.ATTACKERS:
        if not isinstance(action, DeclareAttackers):
            return _wrong(action, "declare attackers (rule 508.1)")

        return attack_declaration_problem(game, action)
    if k == DecisionKind.BLOCKERS:
        if not isinstance(action, DeclareBlockers):
            return _wrong(action, "declare blockers (rule 509.1)")

        return block_declaration_problem(game, action)
    if k == DecisionKind.ASSIGN_DAMAGE:
        if not isinstance(action, AssignDamage):
            return _wrong(action, "assign combat damage (rule 510.1)")

        return assignment_problem(game, game.objects[data["attacker"]], dict(action.assignment))
    if k == DecisionKind.YES_NO:
        if not isinstance(action, ChooseYesNo):
            return _wrong(action, "answer yes or no")
        if action.value and data.get("can_pay") is False:
            return "you can't pay that cost: partial payments aren't allowed (rule 118.3)"
        return None
    if k == DecisionKind.ORDER_TRIGGERS:
        if not isinstance(action, OrderTriggers):
            return _wrong(action, "order the triggered abilities (rule 603.3b)")
        if sorted(action.order) != list(range(len(data["triggers"]))):
            return "give each triggered ability exactly once (rule 603.3b)"
        return None
    if k == DecisionKind.ORDER_CARDS:
        if not isinstance(action, ChooseObjects):
            return _wrong(action, "order the cards: list each once, topmost first (rule 401.4)")

        return order_problem(data["candidates"], tuple(action.objects))
    if k == DecisionKind.CHOOSE_OPTION:
        if isinstance(action, ChooseOption) and data.get("card_name"):
            # CR 201.3: any card name (checked against the card data, not a list)
            if action.value in data["options"]:
                return None

            name, why = card_name_answer(action.value, data["card_name"])
            if name is None:
                return why
            if name != action.value:
                return f"name the card as printed: {name!r}"
            return None
        if not isinstance(action, ChooseOption) or action.value not in data["options"]:
            return f"choose one of: {', '.join(map(str, data['options']))}"
        return None
    return f"unknown decision kind {k}"


#: how a message calls each kind of answer (an answer of the wrong kind is named)
_ANSWER_WORDS: Final[dict[type, str]] = {
    PassPriority: "passing priority",
    PlayLand: "playing a land",
    CastSpell: "casting a spell",
    ActivateAbility: "activating an ability",
    TurnFaceUp: "turning a card face up",
    Keep: "keeping the hand",
    Mulligan: "a mulligan",
    ChooseObjects: "a choice of objects",
    ChooseTargets: "a choice of targets",
    ChooseModes: "a choice of modes",
    ChooseNumber: "a number",
    ChooseDivision: "a division",
    DeclareAttackers: "a declaration of attackers",
    DeclareBlockers: "a declaration of blockers",
    AssignDamage: "a combat damage assignment",
    ChooseYesNo: "a yes or no",
    OrderTriggers: "an order of triggered abilities",
    ChooseOption: "a choice of option",
}


def _answer_words(action: object) -> str:
    return _ANSWER_WORDS.get(type(action), "that answer")


def _wrong(action: object, asked: str) -> str:
    """An answer of the wrong kind: what it is, then what the decision asks."""
    return f"{_answer_words(action)} doesn't answer this decision, which asks: {asked}"


def _set_problem(
    game: Game,
    chosen: Sequence[Any],
    candidates: Iterable[Any],
    lo: int,
    hi: int,
    rule: str = "",
) -> str | None:
    viewer = game.pending.player if game.pending else None
    shown = game.pending.data.get("shown", ()) if game.pending else ()
    if len(set(chosen)) != len(chosen):
        twice = next(c for i, c in enumerate(chosen) if c in chosen[:i])
        who = f" ({named(game, twice, viewer, shown)})"
        return f"the same object or player can't be chosen twice{who}" + (
            f" (rule {rule})" if rule else ""
        )
    cset = set(candidates)
    for c in chosen:
        if c not in cset:
            return f"{named(game, c, viewer, shown)} isn't a legal choice"
    if not (lo <= len(chosen) <= hi):
        wanted = f"exactly {lo}" if lo == hi else f"between {lo} and {hi}"
        return f"choose {wanted}, not {len(chosen)}"
    return None


__all__ = ["permutations"]
