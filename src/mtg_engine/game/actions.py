"""Decisions and the answers to them (architecture §1).

The engine stops at a :class:`Decision`: who decides, what kind of decision,
and the rule that asks. The answer is one of the frozen, hashable action
records below, given to ``Game.apply``. An illegal answer raises
:class:`IllegalActionError`, naming the rule it breaks, and leaves the game
unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class IllegalActionError(ValueError):
    """An answer that the rules don't allow at this decision (CR 732: illegal actions)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} [{rule}]" if rule else message)
        self.rule = rule


class DecisionKind:
    """The kinds of decisions (string constants, stable across versions)."""

    MULLIGAN = "mulligan"  # CR 103.5: keep or mulligan
    BOTTOM = "bottom"  # CR 103.5: London mulligan, cards to put on the bottom
    PRIORITY = "priority"  # CR 117: cast, activate, play a land, or pass
    MODES = "modes"  # CR 601.2b / 700.2
    X = "x"  # CR 601.2b / 107.3
    TARGETS = "targets"  # CR 601.2c / 115
    DIVIDE = "divide"  # CR 601.2d
    ATTACKERS = "attackers"  # CR 508.1
    BLOCKERS = "blockers"  # CR 509.1
    ASSIGN_DAMAGE = "assign_damage"  # CR 510.1
    YES_NO = "yes_no"  # "you may", pay an optional cost (CR 603.5, 609.3)
    CHOOSE_OBJECTS = "choose_objects"  # discard, sacrifice, legend rule ...
    ORDER_TRIGGERS = "order_triggers"  # CR 603.3b
    ORDER_CARDS = "order_cards"  # CR 401.4: cards put on a library "in any order"
    CHOOSE_OPTION = "choose_option"  # a color, a creature type, a number, a coin call


@dataclass(slots=True)
class Decision:
    """What the engine waits for: ``player`` must answer a ``kind`` decision.

    ``rule`` is the rule that asks. ``data`` holds the constraints of
    set-valued answers: ``candidates`` (object/player refs that may be
    chosen), ``min``/``max`` counts, and per-kind details (attackers: each
    candidate's legal defenders; blockers: each candidate's blockable
    attackers; assign_damage: the attacker, its power and recipients).
    Enumerable options come from ``Game.legal_actions()``.
    """

    kind: str
    player: int
    rule: str
    prompt: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "rule": self.rule,
            "prompt": self.prompt,
            "data": _jsonable(self.data),
        }


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    return v


# ---------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Keep:
    """CR 103.5: keep the opening hand."""


@dataclass(frozen=True, slots=True)
class Mulligan:
    """CR 103.5: shuffle the hand back and draw a new one."""


@dataclass(frozen=True, slots=True)
class PassPriority:
    """CR 117.3d: pass priority."""


@dataclass(frozen=True, slots=True)
class PlayLand:
    """CR 305.1: play a land (a special action, CR 116.2a)."""

    card: int


@dataclass(frozen=True, slots=True)
class CastSpell:
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
    * ``splice``: cards in hand to splice onto the spell (702.47), in order;
    * ``convoke``: untapped creatures tapped to help pay (702.51);
    * ``delve``: graveyard cards exiled to help pay (702.66);
    * ``sacrifice`` / ``discard``: the objects chosen for an additional cost
      such as Fling's "sacrifice a creature" (CR 601.2h), or for offering
      (702.48); when omitted the engine asks if there's a choice;
    * ``fuse``: cast both halves of a split card with fuse from the hand as one
      fused split spell (CR 702.102a).
    """

    card: int
    face: int = 0
    payment: tuple[int, ...] | None = None
    alt: str | None = None
    kicker: tuple[int, ...] = ()
    buyback: bool = False
    entwine: bool = False
    replicate: int = 0
    splice: tuple[int, ...] = ()
    convoke: tuple[int, ...] = ()
    delve: tuple[int, ...] = ()
    face_down: bool = False
    sacrifice: tuple[int, ...] | None = None
    discard: tuple[int, ...] | None = None
    fuse: bool = False


@dataclass(frozen=True, slots=True)
class ActivateAbility:
    """CR 602.2: activate the ``ability``-th ability (index into the object's
    abilities) of a permanent or card."""

    source: int
    ability: int
    payment: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class TurnFaceUp:
    """CR 116.2b: turn a face-down permanent you control face up (a special action)
    by paying its morph or disguise cost (702.37e, 702.168d) or, for a
    manifested or cloaked creature card, its mana cost (701.40b, 701.58b).
    ``via`` picks the way when there are several (``"morph"``, ``"megamorph"``,
    ``"disguise"``, ``"mana_cost"``); ``payment`` as for :class:`CastSpell`."""

    permanent: int
    via: str | None = None
    payment: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class ChooseTargets:
    """CR 601.2c: the chosen targets, as object ids or ``("player", i)`` pairs
    encoded as negative numbers: player ``i`` is ``-(i + 1)``."""

    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseModes:
    """CR 700.2: the chosen mode indices (0-based)."""

    modes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseNumber:
    """A number: X (CR 107.3), or any "choose a number" decision."""

    value: int


@dataclass(frozen=True, slots=True)
class ChooseDivision:
    """CR 601.2d: how damage or counters are divided, as (target, amount) pairs."""

    division: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class DeclareAttackers:
    """CR 508.1: (attacking creature, defender) pairs. A defender is a player
    (negative ref, ``-(i + 1)``) or a planeswalker/battle object id."""

    attackers: tuple[tuple[int, int], ...]
    bands: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class DeclareBlockers:
    """CR 509.1: (blocking creature, attacker) pairs; a creature that may
    block several attackers appears once per attacker it blocks."""

    blockers: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class AssignDamage:
    """CR 510.1: how one creature's combat damage is divided, (recipient, amount)."""

    assignment: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class ChooseYesNo:
    value: bool


@dataclass(frozen=True, slots=True)
class ChooseObjects:
    """A choice of objects (cards to discard, permanents to sacrifice, ...)."""

    objects: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OrderTriggers:
    """CR 603.3b: pending trigger indices, the first goes on the stack first."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseOption:
    """A named choice: a color, a creature type, a card name, heads/tails."""

    value: str


@dataclass(frozen=True, slots=True)
class Concede:
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
