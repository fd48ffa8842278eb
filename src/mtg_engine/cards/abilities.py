"""The ability objects that Oracle text compiles to (CR 113, 601-609).

These records are pure data: the Oracle-text compiler produces them, hand
definitions may build them, and the engine executes them. An effect is an
``Effect(op, args)`` whose ``op`` names a handler registered in
:mod:`mtg_engine.effects`; a reference to an object or player inside an
effect is one of the ``Ref`` records below, resolved at resolution time.

Conventions for ``Effect.args`` values: ``int`` or :class:`Amount` for
numbers, a ``Ref`` for objects and players, a :class:`Filter` for "each
creature ..." sets, ``str`` for names and choices, ``tuple[Effect, ...]`` for
nested effects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .ability_kinds import AbilityKind

# ---------------------------------------------------------------------------
# References to objects and players (resolved when the effect happens)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TargetRef:
    """The ``index``-th target chosen for the ability (CR 115.1)."""

    index: int = 0


@dataclass(frozen=True, slots=True)
class OuterRef:
    """In a reflexive triggered ability ("Return target creature card to the
    battlefield. When you do, it fights ..."), what the ability that created it
    names: fixed as the reflexive ability triggers (CR 603.12, 608.2c)."""

    ref: TargetRef


@dataclass(frozen=True, slots=True)
class EachOneRef:
    """ "For each creature you control, create a token that's a copy of that
    creature": the one object or player "for each" is doing its instructions for
    now (CR 608.2c)."""


@dataclass(frozen=True, slots=True)
class SelfRef:
    """The object the ability is on: "this creature", "CARDNAME" (CR 201.5)."""


@dataclass(frozen=True, slots=True)
class GrantorRef(SelfRef):
    """The card's own name inside an ability it grants in quotes: the granting
    object (CR 201.5), bound by the layer that grants it (rules/granted.py); an
    ability that isn't granted reads it as :class:`SelfRef`."""


@dataclass(frozen=True, slots=True)
class ControllerRef:
    """ "You": the controller of the spell or ability (CR 109.5)."""


@dataclass(frozen=True, slots=True)
class TriggerRef:
    """The object or player the trigger event was about: "that creature", "it"."""

    role: str = "object"  # "object" | "player" | "source"


@dataclass(frozen=True, slots=True)
class EachRef:
    """Every object or player matching a filter ("each creature", "each opponent")."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class ParentRef:
    """Something an earlier part of the same ability produced ("that card", "it")."""

    key: str = "it"


#: the ``ParentRef`` key (and ``GameObject.paid`` key) of "the revealed card" of a
#: spell whose additional cost reveals a card from its caster's hand (CR 601.2h)
REVEALED_TO_PAY: Final = "revealed_to_pay"


@dataclass(frozen=True, slots=True)
class ControllerOfRef:
    """The controller of another referenced object: "its controller" (CR 108.4)."""

    of: Ref


@dataclass(frozen=True, slots=True)
class OwnerOfRef:
    """The owner of another referenced object: "its owner" (CR 108.3)."""

    of: Ref


@dataclass(frozen=True, slots=True)
class ChooseRef:
    """Objects or players chosen as the effect happens, not targeted (CR 608.2d).

    "Sacrifice a creature", "exile a card from your hand", "return up to two
    creature cards": ``count`` of them (an int, an :class:`Amount`, ``"all"`` or
    ``"one_or_more"``), or up to that many when ``up_to``.
    """

    filter: Filter
    count: Any = 1
    up_to: bool = False


Ref = (
    TargetRef
    | SelfRef
    | ControllerRef
    | TriggerRef
    | EachRef
    | ParentRef
    | ControllerOfRef
    | OwnerOfRef
    | ChooseRef
    | EachOneRef
    | OuterRef
)


@dataclass(frozen=True, slots=True)
class Amount:
    """A number that is computed at resolution: X (CR 107.3), "the number of ..."."""

    kind: str  # "x" | "count" | "power" | "toughness" | "life" | "fixed" | "sum"
    filter: Filter | None = None
    ref: Ref | None = None
    value: int = 0
    multiplier: int = 1
    #: "sum": the numbers added up ("1 plus the number of lands you control", "the
    #: number of Elves you control plus the number of Elf cards in your graveyard",
    #: "twice the number of ...": CR 107.1), times ``multiplier``, plus ``value``
    terms: tuple[Amount, ...] = ()


Number = int | Amount


# ---------------------------------------------------------------------------
# Filters: "target creature you don't control", "each nonblack creature"
# ---------------------------------------------------------------------------


#: filter conditions read from the object a reference names as the instruction
#: happens ("with the same name as that creature" CR 201.2, "that shares a color with
#: it" 105.2, "that shares a card / creature / permanent type with it" 205.2a,
#: 205.3m, 110.4: rules/effects_runner.Ctx.concrete)
AS_THAT_OBJECT = (
    "same_name_as",
    "shares_color_with",
    "shares_card_type_with",
    "shares_creature_type_with",
    "shares_permanent_type_with",
)


@dataclass(frozen=True, slots=True)
class Filter:
    """A description of a set of objects or players (CR 115.2, 109.2).

    ``kinds`` lists what may match, any of: card types (``"Creature"``,
    ``"Land"``, ...), ``"permanent"``, ``"spell"``, ``"player"``, ``"card"``,
    ``"ability"``. "Any target" is ``("Creature", "player", "Planeswalker",
    "Battle")`` (CR 115.4). ``zone`` is where objects are looked for
    (``"battlefield"`` for permanents, ``"stack"`` for spells,
    ``"graveyard"``, ``"hand"`` ...). ``conditions`` are further
    requirements as ``(key, value)`` pairs, e.g. ``("color", "black")``,
    ``("not_color", "black")``, ``("controller", "you")``,
    ``("controller", "opponent")``, ``("subtype", "Goblin")``,
    ``("tapped", True)``, ``("power_le", 2)``, ``("keyword", "Flying")``,
    ``("not_keyword", "Flying")``, ``("other", True)`` ("another"),
    ``("attacking", True)``, ``("blocking", True)``, ``("supertype", "Basic")``.
    """

    kinds: tuple[str, ...] = ()
    zone: str = "battlefield"
    conditions: tuple[tuple[str, Any], ...] = ()

    def with_condition(self, key: str, value: Any) -> Filter:
        return Filter(self.kinds, self.zone, (*self.conditions, (key, value)))


ANY_TARGET = Filter(kinds=("Creature", "player", "Planeswalker", "Battle"))

#: "a creature with the greatest power among creatures that player controls": the
#: condition keys whose value is the group compared with (a :class:`Filter`), and the
#: characteristic each compares (CR 208.1, 202.3; rules/filters.py)
GREATEST_AMONG: Final[dict[str, str]] = {
    "greatest_power": "power",
    "greatest_toughness": "toughness",
    "greatest_mana_value": "mana_value",
}


def has_that_player(flt: Filter) -> bool:
    """Whether ``flt`` says "that player" / "they" / "their", also inside the group
    a "with the greatest ... among [group]" condition compares with."""
    return any(
        v == "that_player" or (k in GREATEST_AMONG and isinstance(v, Filter) and has_that_player(v))
        for k, v in flt.conditions
    )


def that_player_as(flt: Filter, value: Any) -> Filter:
    """``flt`` with "that player" read as ``value`` ("you" as seen by the player
    following the instruction, or the players themselves), also inside the group a
    "with the greatest ... among creatures they control" compares with (CR 608.2c)."""
    if not has_that_player(flt):
        return flt
    conds = tuple(
        (
            k,
            value
            if v == "that_player"
            else that_player_as(v, value)
            if k in GREATEST_AMONG and isinstance(v, Filter)
            else v,
        )
        for k, v in flt.conditions
    )
    return Filter(flt.kinds, flt.zone, conds)


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One "target ..." phrase of an ability (CR 115.1, 601.2c).

    ``min``/``max`` count how many targets the phrase asks for ("up to two
    target creatures" is min 0, max 2). ``divide`` names what is divided
    among the targets as the spell is cast (CR 601.2d): ``"damage"`` or
    ``"counters"``.
    """

    filter: Filter
    min: int = 1
    max: int = 1
    divide: str | None = None


# ---------------------------------------------------------------------------
# Effects, costs, triggers, abilities
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """One instruction of a spell or ability: ``op`` names a registered handler.

    Example: Lightning Bolt is ``Effect("damage", {"amount": 3, "to": TargetRef(0)})``.
    ``optional`` marks "you may ..." (CR 609.3). ``condition`` is an "if ..."
    that is checked as the effect happens.
    """

    op: str
    args: dict[str, Any] = field(default_factory=dict)
    optional: bool = False
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Condition:
    """A game-state condition ("if you control a Forest", an intervening if, CR 603.4)."""

    kind: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Cost:
    """The cost of an activated ability or an additional cost (CR 118, 602.1).

    ``mana`` is a mana-cost string (``"{3}{U}"``); the rest are the other
    cost components in the order the rules pay them (CR 601.2h: any order).
    ``sacrifice``/``discard``/``exile`` describe what must be sacrificed,
    discarded or exiled (``Filter`` with a ``("self", True)`` condition for
    "Sacrifice this creature"), with ``count`` copies of each.
    """

    mana: str | None = None
    tap: bool = False  # {T} (CR 107.5)
    untap: bool = False  # {Q} (CR 107.6)
    life: int = 0
    sacrifice: Filter | None = None
    sacrifice_count: int = 1
    discard: Filter | None = None
    discard_count: int = 1
    exile: Filter | None = None
    exile_count: int = 1
    remove_counters: tuple[tuple[str, int], ...] = ()
    #: CR 606.4: a loyalty ability's cost ("+1", "-3", "-X"), as a signed int or "X"/"-X".
    loyalty: int | str | None = None
    #: Cost components with no field of their own, e.g. ``("tap", Filter)`` for
    #: "Tap an untapped creature you control", ``("return", Filter)``, ``("reveal", Filter)``,
    #: ``("put_counters", (counter, n))``, ``("energy", n)``, ``("exert", True)``, ``("mill", n)``.
    other: tuple[tuple[str, Any], ...] = ()

    @property
    def is_free(self) -> bool:
        return not (
            self.mana
            or self.tap
            or self.untap
            or self.life
            or self.sacrifice
            or self.discard
            or self.exile
            or self.remove_counters
            or self.loyalty is not None
            or self.other
        )


@dataclass(frozen=True, slots=True)
class Trigger:
    """The trigger condition of a triggered ability (CR 603.1).

    ``event`` is one of: ``"enters"`` (CR 603.6a), ``"leaves"``, ``"dies"``,
    ``"attacks"``, ``"blocks"``, ``"becomes_blocked"``, ``"deals_damage"``,
    ``"deals_combat_damage"``, ``"cast"``, ``"step"`` (``"at the beginning
    of ..."``, with ``step``), ``"draw"``, ``"gain_life"``, ``"tapped"``...
    ``subject`` is whose event it is: :class:`SelfRef` or a :class:`Filter`.
    ``step`` names the step for ``"step"`` triggers; ``player`` is
    ``"you"``/``"each"``/``"opponent"`` for "your upkeep" / "each upkeep".
    ``condition`` is an intervening "if" clause (CR 603.4).
    """

    event: str
    subject: SelfRef | Filter | None = None
    step: str | None = None
    player: str = "you"
    condition: Condition | None = None
    #: CR 714.2b: the chapter numbers of a Saga's chapter ability (event ``"chapter"``).
    chapters: tuple[int, ...] = ()
    #: Further details of the event as ``(key, value)`` pairs, e.g. ``("to", Filter)``
    #: for "deals combat damage to a player", ``("what", Filter)`` for "you cast a spell".
    details: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode of a modal spell or ability (CR 700.2); ``cost``: the additional
    cost associated with a mode of a spell with spree, paid when the mode is chosen
    (CR 702.172a), None for any other mode."""

    text: str
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    cost: str | None = None


@dataclass(frozen=True, slots=True)
class StaticEffect:
    """What a static ability does (CR 604, 613): a continuous effect or a rule.

    ``op`` examples: ``"modify_pt"`` (layer 7c, args ``power``/``toughness``),
    ``"grant_keyword"`` (layer 6), ``"cant_block"``, ``"cant_attack"``,
    ``"cost_change"``. ``affected`` is :class:`SelfRef` or a :class:`Filter`.
    """

    op: str
    affected: SelfRef | Filter | None = None
    args: dict[str, Any] = field(default_factory=dict)
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card face, or the spell ability of an instant/sorcery.

    ``keyword`` names the keyword ability it is (``"Flying"``, ``"Kicker"``)
    with ``keyword_args`` for its parameters (``{"cost": "{2}"}``, ``{"n": 3}``);
    a keyword's rules live in :mod:`mtg_engine.keywords`, implemented once.
    ``timing`` is ``"sorcery"`` for "activate only as a sorcery";
    ``limit_per_turn`` for "activate only once each turn".
    """

    kind: AbilityKind
    text: str = ""
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    cost: Cost | None = None
    trigger: Trigger | None = None
    static: tuple[StaticEffect, ...] = ()
    keyword: str | None = None
    keyword_args: dict[str, Any] = field(default_factory=dict)
    modes: tuple[Mode, ...] = ()
    modes_choose: tuple[int, int] = (1, 1)
    timing: str | None = None
    limit_per_turn: int | None = None
    optional: bool = False  # "you may" on the whole ability (CR 603.5)
    #: Other activation/trigger limits: ``("only", "during_your_turn")``, ``("once_each_turn",
    #: True)`` for "This ability triggers only once each turn", ``("any_player", True)``,
    #: ``("condition", Condition)`` for "Activate only if ...".
    restrictions: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class CompiledFace:
    """A card face with the abilities its Oracle text compiled to.

    ``unparsed`` keeps each sentence the compiler could not turn into
    executable abilities, so coverage is honest: a face is *fully compiled*
    only when ``unparsed`` is empty.
    """

    abilities: tuple[Ability, ...] = ()
    unparsed: tuple[str, ...] = ()

    @property
    def keywords(self) -> frozenset[str]:
        return frozenset(a.keyword for a in self.abilities if a.keyword)


#: what a clash's "that player" names: the opponent chosen for it (CR 701.30b),
#: a ``ParentRef`` key (cards/compiler/ir.py, effects/clash.py)
CLASH_OPPONENT = "clash_opponent"
#: ``ParentRef`` key: the player(s) chosen by "choose a player / an opponent [at random]"
#: as the ability resolves, "that player" of the instructions after it (CR 608.2c,
#: 608.2d; rules/effects_runner.choose_refs)
CHOSEN_PLAYER: Final = "chosen_player"

#: the ``keyword_args`` key of a granted keyword whose cost is another value of the
#: object that has it: :data:`COST_IS_MANA_COST` for "gains flashback until end of turn.
#: The flashback cost is equal to its mana cost." (Snapcaster Mage; CR 702.34a), read
#: as the ability is granted (rules/layers.apply_part); :data:`COST_UNSET` while the
#: compiler hasn't read the sentence that gives it
KEYWORD_COST_OF: Final = "cost_of"
COST_IS_MANA_COST: Final = "mana_cost"
COST_UNSET: Final = "unset"

#: a duration "for as long as it has a [kind] counter on it" (CR 611.2b), spelled with
#: the kind (the engine ends it: rules/layers._counters_gone)
WHILE_COUNTER = "while_counter:"

#: the zone of a filter of spells cast "from anywhere other than your hand" (CR
#: 601.2a; rules/cast_from_hand.cast_from_matches reads it)
NOT_HAND = "not_hand"

#: the ``mana`` of "it produces mana of a color of your choice instead of any other
#: type" (CR 106.1b, 106.12b): the color is chosen as the mana is produced
MANA_COLOR_CHOICE = "color_choice"

#: the restriction of "choose one that hasn't been chosen [this turn] —" (Kimoyo Beads,
#: Breeches): its value is "game" or "turn" (CR 700.2b; rules/casting.choices_task)
MODES_UNCHOSEN = "modes_unchosen"

#: the condition of "If damage is prevented this way, ..." (CR 615.5)
PREVENTED_THIS_WAY = "prevented_this_way"

#: the keyword name given to "[If ...,] you may [cost] rather than pay this spell's
#: mana cost" (CR 118.9), an alternative cost with no keyword of its own
ALTERNATIVE_COST = "Alternative cost"


def mentions_prevented(v: Any) -> bool:
    """Whether an instruction refers to the damage a prevention effect prevented
    (CR 615.5): "the damage prevented this way", "for each 1 damage prevented this
    way", "If damage is prevented this way"."""
    if isinstance(v, Amount):
        return v.kind == "prevented"
    if isinstance(v, Condition):
        return v.kind == PREVENTED_THIS_WAY
    if isinstance(v, Effect):
        return mentions_prevented(v.condition) or any(
            mentions_prevented(x) for x in v.args.values()
        )
    if isinstance(v, tuple | list):
        return any(mentions_prevented(x) for x in v)
    return False
