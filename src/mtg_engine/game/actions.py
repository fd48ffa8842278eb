"""Decisions and the answers to them (architecture §1).

The engine stops at a :class:`Decision`: who decides, what kind of decision,
and the rule that asks. The answer is one of the frozen, hashable action
records below, given to ``Game.apply``. An illegal answer raises
:class:`IllegalActionError`, naming the rule it breaks, and leaves the game
unchanged.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, Self, Union, get_args, get_origin, get_type_hints

# re-exported: the kinds and the decision records live in modules the compiled build
# compiles (benchmarks/mypyc.md, sessions 27 and 29)
from .decision_kinds import DecisionKind as DecisionKind
from .decision_kinds import DecisionPurpose as DecisionPurpose
from .decision_records import Decision as Decision
from .decision_records import DecisionId


class IllegalActionError(ValueError):
    """An answer that the rules don't allow at this decision (CR 732: illegal actions),
    an answer to another game's or an earlier decision, or something that isn't an
    answer at all. ``rule`` is the rule broken, when a rule is broken."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} [{rule}]" if rule else message)
        self.rule = rule


# ---------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Answer:
    """The base of every action. ``decision`` is the identity of the decision
    the action answers (:class:`DecisionId`): set on the actions that
    ``Game.legal_actions()`` lists, ``None`` on an action built by hand (which is
    then checked only by what it says). ``Game.apply`` refuses an action whose
    ``decision`` is another game's or an earlier decision's. It takes no part in
    equality: ``PassPriority() == game.legal_actions()[0]`` when that is a pass.
    """

    decision: DecisionId | None = field(default=None, kw_only=True, compare=False, repr=False)

    def unbound(self) -> Self:
        """The same answer without its decision identity: to replay it in another game
        (e.g. a new game with the same seed), where it is checked by what it says."""
        return replace(self, decision=None)


@dataclass(frozen=True, slots=True)
class Keep(Answer):
    """CR 103.5: keep the opening hand."""


@dataclass(frozen=True, slots=True)
class Mulligan(Answer):
    """CR 103.5: shuffle the hand back and draw a new one."""


@dataclass(frozen=True, slots=True)
class PassPriority(Answer):
    """CR 117.3d: pass priority."""


@dataclass(frozen=True, slots=True)
class PlayLand(Answer):
    """CR 305.1: play a land (a special action, CR 116.2a). ``face`` is the face of a
    modal double-faced card played as a land (CR 712.12: one of its faces that's a
    land; it enters with that face up)."""

    card: int
    face: int = 0


@dataclass(frozen=True, slots=True)
class CastSpell(Answer):
    """CR 601.2: cast a spell. ``payment`` optionally names the permanents whose
    mana abilities pay the cost (otherwise the engine pays automatically).
    ``face`` picks a face of a split/adventure card (CR 709.3).

    The optional fields announce the choices of CR 601.2b-f:

    * ``alt``: an alternative cost (CR 118.9) or casting permission:
      ``"flashback"`` (702.34, from the graveyard), ``"madness"`` (702.35),
      ``"evoke"`` (702.74), ``"prowl"`` (702.76), ``"morph"`` (702.37, face down;
      ``face_down=True`` means the same), ``"without_paying"`` (118.9a);
    * ``kicker``: how many times each kicker cost is paid, in the order the
      costs are printed (CR 702.33): ``(1,)`` kicked, ``(3,)`` multikicker paid
      three times, ``(0, 1)`` only the second of two kicker costs;
    * ``buyback`` (702.27), ``entwine`` (702.42): pay that additional cost;
    * ``replicate``: how many times the replicate cost is paid (702.56);
    * ``squad``: how many times the squad cost is paid (702.157a);
    * ``offspring``: pay the offspring cost (702.175a);
    * ``conspire``: pay the conspire cost, tapping two untapped creatures you
      control that share a color with the spell (702.78a; which ones is asked, or
      ``tap``-cost choices of the scenario format);
    * ``splice``: cards in hand to splice onto the spell (702.47), in order;
    * ``convoke``: untapped creatures tapped to help pay (702.51);
    * ``improvise``: untapped artifacts tapped to pay for generic mana (702.126);
    * ``delve``: graveyard cards exiled to help pay (702.66);
    * ``sacrifice`` / ``discard``: the objects chosen for an additional cost
      such as Fling's "sacrifice a creature" (CR 601.2h), or for offering
      (702.48); when omitted the engine asks if there's a choice;
    * ``fuse``: cast both halves of a split card with fuse from the hand as one
      fused split spell (CR 702.102a);
    * ``gift``: the opponent (player index) promised the gift of a spell with gift
      (CR 702.174a, 702.174k); None: no gift promised;
    * ``harmonize``: with ``alt="harmonize"``, the untapped creature you control
      tapped to reduce the cost by its power (CR 702.180a-b); None: none tapped.
    """

    card: int
    face: int = 0
    payment: tuple[int, ...] | None = None
    alt: str | None = None
    kicker: tuple[int, ...] = ()
    buyback: bool = False
    entwine: bool = False
    replicate: int = 0
    squad: int = 0
    offspring: bool = False
    conspire: bool = False
    splice: tuple[int, ...] = ()
    convoke: tuple[int, ...] = ()
    improvise: tuple[int, ...] = ()
    delve: tuple[int, ...] = ()
    face_down: bool = False
    sacrifice: tuple[int, ...] | None = None
    discard: tuple[int, ...] | None = None
    fuse: bool = False
    gift: int | None = None
    harmonize: int | None = None


@dataclass(frozen=True, slots=True)
class ActivateAbility(Answer):
    """CR 602.2: activate the ``ability``-th ability (index into the object's
    abilities) of a permanent or card."""

    source: int
    ability: int
    payment: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class TurnFaceUp(Answer):
    """CR 116.2b: turn a face-down permanent you control face up (a special action)
    by paying its morph or disguise cost (702.37e, 702.168d) or, for a
    manifested or cloaked creature card, its mana cost (701.40b, 701.58b).
    ``via`` picks the way when there are several (``"morph"``, ``"megamorph"``,
    ``"disguise"``, ``"mana_cost"``); ``payment`` as for :class:`CastSpell`."""

    permanent: int
    via: str | None = None
    payment: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class ChooseTargets(Answer):
    """CR 601.2c: the chosen targets, as object ids or ``("player", i)`` pairs
    encoded as negative numbers: player ``i`` is ``-(i + 1)``."""

    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseModes(Answer):
    """CR 700.2: the chosen mode indices (0-based)."""

    modes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseNumber(Answer):
    """A number: X (CR 107.3), or any "choose a number" decision."""

    value: int


@dataclass(frozen=True, slots=True)
class ChooseDivision(Answer):
    """CR 601.2d: how damage or counters are divided, as (target, amount) pairs."""

    division: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class DeclareAttackers(Answer):
    """CR 508.1: (attacking creature, defender) pairs. A defender is a player
    (negative ref, ``-(i + 1)``) or a planeswalker/battle object id."""

    attackers: tuple[tuple[int, int], ...]
    bands: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class DeclareBlockers(Answer):
    """CR 509.1: (blocking creature, attacker) pairs; a creature that may
    block several attackers appears once per attacker it blocks."""

    blockers: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class AssignDamage(Answer):
    """CR 510.1: how one creature's combat damage is divided, (recipient, amount)."""

    assignment: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class ChooseYesNo(Answer):
    value: bool


@dataclass(frozen=True, slots=True)
class ChooseObjects(Answer):
    """A choice of objects (cards to discard, permanents to sacrifice, ...)."""

    objects: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OrderTriggers(Answer):
    """CR 603.3b: pending trigger indices, the first goes on the stack first."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseOption(Answer):
    """A named choice: a color, a creature type, a card name, heads/tails."""

    value: str


@dataclass(frozen=True, slots=True)
class Concede(Answer):
    """CR 104.3a: a player may concede at any time."""

    player: int


Action = (
    Keep
    | Mulligan
    | PassPriority
    | PlayLand
    | CastSpell
    | ActivateAbility
    | TurnFaceUp
    | ChooseTargets
    | ChooseModes
    | ChooseNumber
    | ChooseDivision
    | DeclareAttackers
    | DeclareBlockers
    | AssignDamage
    | ChooseYesNo
    | ChooseObjects
    | OrderTriggers
    | ChooseOption
    | Concede
)


def player_ref(index: int) -> int:
    """Players are referred to as negative ints in targets/defenders: player 0 is -1."""
    return -(index + 1)


def ref_player(ref: int) -> int | None:
    """The player index of a negative ref, or None for an object id."""
    return -ref - 1 if ref < 0 else None


ACTION_TYPES: tuple[type[Answer], ...] = get_args(Action)


def _direct_init(cls: type) -> None:
    """Give a frozen, slotted record an ``__init__`` with the dataclass's own
    parameters and defaults that fills each slot through its descriptor, instead of
    one ``object.__setattr__`` call a field (what a frozen dataclass does): an
    action, and a decision's identity, are built at every decision, and
    :class:`CastSpell` has 16 fields (about half the instructions)."""
    ns: dict[str, Any] = {}
    params: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for f in fields(cls):
        owner = next(k for k in cls.__mro__ if f.name in k.__dict__.get("__slots__", ()))
        ns[f"_set_{f.name}"] = owner.__dict__[f.name].__set__
        param = f.name
        if f.default is not MISSING:
            ns[f"_default_{f.name}"] = f.default
            param = f"{f.name}=_default_{f.name}"
        (keywords if f.kw_only else params).append(param)
        body.append(f"    _set_{f.name}(self, {f.name})")
    signature = ", ".join(["self", *params, *(["*", *keywords] if keywords else [])])
    exec(f"def __init__({signature}):\n" + "\n".join(body), ns)  # noqa: S102 - from the fields only
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = dict(cls.__dict__["__init__"].__annotations__)
    cls.__init__ = init  # type: ignore[misc]


for _cls in ACTION_TYPES:
    _direct_init(_cls)


def _test(hint: Any, v: str, depth: int = 0) -> str:
    """A Python expression that is true when the value named ``v`` has the type
    ``hint`` (the types action fields use): compiled once per action type."""
    if hint is int:
        return f"({v}.__class__ is int or (isinstance({v}, int) and not isinstance({v}, bool)))"
    if hint is bool:
        return f"({v}.__class__ is bool)"
    if hint is str:
        return f"isinstance({v}, str)"
    if hint is type(None):
        return f"({v} is None)"
    if hint is DecisionId:
        return f"({v}.__class__ is DecisionId and {_test(str, v + '.game')} and {_test(int, v + '.seq')})"
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        return "(" + " or ".join(_test(a, v, depth) for a in args) + ")"
    if origin is tuple:
        x = f"x{depth}"
        if len(args) == 2 and args[1] is Ellipsis:
            each = _test(args[0], x, depth + 1)
            return f"({v}.__class__ is tuple and (not {v} or all({each} for {x} in {v})))"
        parts = " and ".join(_test(a, f"{v}[{k}]", depth + 1) for k, a in enumerate(args))
        return f"({v}.__class__ is tuple and len({v}) == {len(args)} and {parts})"
    raise TypeError(f"no check for the action field type {hint!r}")


def _type_name(hint: Any) -> str:
    if isinstance(hint, type):
        return hint.__name__
    return str(hint).replace(f"{__name__}.", "").replace("typing.", "")


#: per action type: a function giving the index of its first ill-typed field (or -1),
#: and each field's name and type name
_FIELD_CHECKS: dict[type[Answer], tuple[Callable[[Any], int], tuple[tuple[str, str], ...]]] = {}


def _field_checks(cls: type[Answer]) -> tuple[Callable[[Any], int], tuple[tuple[str, str], ...]]:
    """The compiled field check of an action type (generated from its type hints:
    one inline test per field, a few times faster than a loop of closures)."""
    checks = _FIELD_CHECKS.get(cls)
    if checks is None:
        hints = get_type_hints(cls)
        names = [f.name for f in fields(cls)]
        lines = ["def first_bad(a):"]
        for k, name in enumerate(names):
            lines += [
                f"    v = a.{name}",
                f"    if not {_test(hints[name], 'v')}:",
                f"        return {k}",
            ]
        lines.append("    return -1")
        ns: dict[str, Any] = {"DecisionId": DecisionId}
        exec("\n".join(lines), ns)  # noqa: S102 - generated from the action's type hints only
        checks = (ns["first_bad"], tuple((n, _type_name(hints[n])) for n in names))
        _FIELD_CHECKS[cls] = checks
    return checks


def malformed(action: object) -> str | None:
    """Why ``action`` isn't an action at all (not one of the action types, or a field
    of the wrong type), or None. Checked before any rule looks at it."""
    if not isinstance(action, ACTION_TYPES):
        return (
            f"{action!r} isn't an action: answer with one of "
            f"{', '.join(t.__name__ for t in ACTION_TYPES)}"
        )
    first_bad, names = _field_checks(type(action))
    bad = first_bad(action)
    if bad < 0:
        return None
    name, expected = names[bad]
    value = getattr(action, name)
    return f"{type(action).__name__}.{name} must be {expected}, not {value!r}"
