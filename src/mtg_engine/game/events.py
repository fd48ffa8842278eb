"""Game events: every change the engine makes is logged with the rules that caused it.

An :class:`Event` has a ``kind`` (an :class:`EventKind`, a ``StrEnum`` such as
``EventKind.ZONE_CHANGE``, whose value ``"zone_change"`` is what a saved game
holds), the rule numbers that made it happen, a readable text,
and a small data mapping. The log is a list of events; ``str(event)`` is the
readable line ``"Grizzly Bears is destroyed: lethal damage [704.5g]"``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NotRequired, TypedDict

from .fast_enum import FastEnumType


class EventKind(StrEnum, metaclass=FastEnumType):
    """Every kind of logged or proposed game event (architecture §7).

    A ``StrEnum``: a member equals its value (``EventKind.DRAW == "draw"``), so
    the JSON of a saved game and the trigger kinds of compiled cards (plain
    strings) compare with it directly; code that emits or proposes an event
    names the member, so a misspelt kind is a type error.
    """

    ACTIVATE = "activate"
    ADD_MANA = "add_mana"
    ADDITIONAL_TRIGGER = "additional_trigger"
    AMASS = "amass"  # CR 701.47b
    BLIGHT = "blight"  # CR 701.68d
    ASSIGN_DAMAGE = "assign_damage"
    ATTACH = "attach"
    ATTACKS = "attacks"
    ATTACKS_ALONE = "attacks_alone"
    ATTACKS_UNBLOCKED = "attacks_unblocked"
    AURA_STAYS = "aura_stays"
    BAND = "band"
    BAND_BLOCKED = "band_blocked"
    BECOMES_BLOCKED = "becomes_blocked"
    BECOMES_COPY = "becomes_copy"
    BECOMES_TAPPED = "becomes_tapped"
    BECOMES_UNTAPPED = "becomes_untapped"
    BECOMES_TARGET = "becomes_target"
    BEGIN_ON_BATTLEFIELD = "begin_on_battlefield"
    BLOCKED_BY = "blocked_by"
    BLOCKS = "blocks"
    BOTTOM = "bottom"
    CANT_BLOCK = "cant_block"
    CANT_PAY = "cant_pay"
    CAST = "cast"
    CAST_BEGIN = "cast_begin"
    CEASE_TO_EXIST = "cease_to_exist"
    CHAPTER_TRIGGER = "chapter_trigger"
    CHOICE = "choice"
    CHOOSE = "choose"
    CLASH = "clash"
    VOTE = "vote"  # CR 701.38a
    CLASS_LEVEL = "class_level"
    CLEANUP = "cleanup"
    CLOAK = "cloak"
    COIN_FLIP = "coin_flip"
    COMMIT_CRIME = "commit_crime"
    CONTINUOUS_EFFECT = "continuous_effect"
    CONTROL = "control"
    CONTROL_EFFECT = "control_effect"
    CONJURE = "conjure"  # digital-only (Alchemy): a card made in a zone by its name
    CONVOKE = "convoke"
    COPY = "copy"
    COPY_FAILS = "copy_fails"
    COUNTERED = "countered"
    COUNTERS = "counters"
    COUNTERS_ANNIHILATE = "counters_annihilate"
    COUNTERS_PREVENTED = "counters_prevented"
    COUNTERS_REMOVED = "counters_removed"
    CREATE_COPY = "create_copy"
    CREATE_TOKEN = "create_token"
    CREATE_TOKENS = "create_tokens"
    CREWS = "crews"
    CUMULATIVE_UPKEEP_PAID = "cumulative_upkeep_paid"
    CYCLE = "cycle"
    DAMAGE = "damage"
    DAY_NIGHT = "day_night"  # CR 730.1
    DAMAGE_PREVENTED = "damage_prevented"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    DELAYED_TRIGGER = "delayed_trigger"
    DELVE = "delve"
    DESTROY = "destroy"
    DIE_ROLL = "die_roll"
    DISCOVER = "discover"  # CR 701.57a
    DOESNT_UNTAP = "doesnt_untap"
    DRAW = "draw"
    DRAW_EMPTY = "draw_empty"
    DRAW_GAME = "draw_game"
    DREDGE = "dredge"
    EMBLEM = "emblem"
    END_COMBAT = "end_combat"
    ENTERS_ATTACKING = "enters_attacking"
    EPIC = "epic"
    EXTRA_TURN = "extra_turn"
    EXTRA_PHASE = "extra_phase"  # CR 500.8: an additional combat phase is created
    PAIR = "pair"  # CR 702.95: two creatures become paired, or unpaired
    EXERTED = "exerted"
    EXPLORED = "explored"
    FACE_UP_IN_EXILE = "face_up_in_exile"
    FADING = "fading"
    FIZZLE = "fizzle"
    FLIP = "flip"
    FORETELL = "foretell"
    GAIN_LIFE = "gain_life"
    GAIN_LIFE_PREVENTED = "gain_life_prevented"
    GAIN_LIFE_REPLACED = "gain_life_replaced"
    ILLEGAL_ACTIVATION = "illegal_activation"
    ILLEGAL_CAST = "illegal_cast"
    IMPROVISE = "improvise"
    INDESTRUCTIBLE = "indestructible"
    INCUBATE = "incubate"  # CR 701.53a
    INVESTIGATE = "investigate"  # CR 701.16a
    KEEP = "keep"
    KEYWORD_PAID = "keyword_paid"
    KEYWORD_TRIGGER = "keyword_trigger"
    KEYWORD_UNPAID = "keyword_unpaid"
    LIBRARY_BOTTOM = "library_bottom"
    LOOK = "look"
    LOOK_AT = "look_at"
    LOOK_AT_TOP = "look_at_top"
    LOSE_GAME = "lose_game"
    LOSE_LIFE = "lose_life"
    LOSE_LIFE_PREVENTED = "lose_life_prevented"
    LOSE_LIFE_REPLACED = "lose_life_replaced"
    MANA_EMPTIES = "mana_empties"
    MANA_VALUE = "mana_value"
    MANIFEST = "manifest"
    MANIFEST_DREAD = "manifest_dread"
    MELDED = "melded"
    MELEE = "melee"
    MODES = "modes"
    MULLIGAN = "mulligan"
    NEW_TARGETS = "new_targets"
    NO_CHOICE = "no_choice"
    NO_EFFECT = "no_effect"
    NO_HAUNT = "no_haunt"
    NOT_ATTACKING = "not_attacking"
    NOT_CAST = "not_cast"
    NOT_COUNTERED = "not_countered"
    NOT_PLAYED = "not_played"
    NOTE_NAME = "note_name"
    PAY_MANA = "pay_mana"
    PHASING = "phasing"
    PILE_ASSIGNED = "pile_assigned"
    PILE_BLOCKS = "pile_blocks"
    PILE_BLOCKS_EFFECT = "pile_blocks_effect"
    PLAY_LAND = "play_land"
    PLAYER_COUNTERS = "player_counters"
    PLOT = "plot"  # CR 702.170a, 116.2k
    PLAYER_COUNTERS_PREVENTED = "player_counters_prevented"
    PREVENTION = "prevention"
    PROLIFERATE = "proliferate"
    RAMPAGE = "rampage"
    REGENERATE = "regenerate"
    REGENERATION_SHIELD = "regeneration_shield"
    REMOVE_COUNTERS = "remove_counters"
    REMOVE_COUNTERS_PREVENTED = "remove_counters_prevented"
    REMOVE_SHIELD_COUNTER = "remove_shield_counter"
    REMOVED_FROM_COMBAT = "removed_from_combat"
    RENOWNED = "renowned"
    MONSTROUS = "monstrous"
    PREPARED = "prepared"  # a permanent becomes prepared, or stops being (rules/prepare.py)
    REPLACEMENT = "replacement"
    RESOLVE = "resolve"
    REVEAL = "reveal"
    SADDLED = "saddled"
    SADDLES = "saddles"
    SOLVED = "solved"  # CR 719.3a-b: a Case becomes solved
    SAGA_DONE = "saga_done"
    SCRY = "scry"
    SPEED = "speed"
    MONARCH = "monarch"
    CITY_BLESSING = "city_blessing"  # CR 702.131: a player gets the city's blessing
    GIFT = "gift"  # CR 702.174: a promised gift is given
    INITIATIVE = "initiative"  # CR 725.1, 725.3: a player takes the initiative
    DUNGEON = "dungeon"  # CR 309, 701.49: a dungeon card and its venture marker
    RING_TEMPTS = "ring_tempts"
    # CR 709.5i: a player fully unlocks a Room (a permanent with a shared type line
    # gets its second unlocked designation, or both at once); no rules module gives
    # the unlocked designations yet (CR 709.5c-f), so no game emits it so far
    FULLY_UNLOCKED = "fully_unlocked"
    RING_BEARER = "ring_bearer"
    SEARCH = "search"
    SHUFFLE = "shuffle"
    SKIP = "skip"
    SPLICE = "splice"
    START = "start"
    STEP = "step"
    STORE_RESULTS = "store_results"
    SURVEIL = "surveil"
    SUSPEND = "suspend"
    TAP = "tap"
    TAP_PREVENTED = "tap_prevented"
    TAP_REPLACED = "tap_replaced"
    TAPPED_FOR_MANA = "tapped_for_mana"
    TOKENS_REPLACED = "tokens_replaced"
    TOTAL_COST = "total_cost"
    TRANSFORM = "transform"
    TRIGGER = "trigger"
    TRIGGER_NOTHING = "trigger_nothing"
    TRIGGER_REMOVED = "trigger_removed"
    TRIGGER_TARGETS = "trigger_targets"
    TURN = "turn"
    TURNED_FACE_DOWN = "turned_face_down"
    TURNED_FACE_UP = "turned_face_up"
    UMBRA_ARMOR = "umbra_armor"
    UNATTACH = "unattach"
    UNSUPPORTED = "unsupported"
    UNTAP = "untap"
    UNTAP_PREVENTED = "untap_prevented"
    UNTAP_REPLACED = "untap_replaced"
    WARD = "ward"
    WATERBEND = "waterbend"
    AIRBEND = "airbend"  # CR 701.65a-b: a player airbends
    WIN_GAME = "win_game"
    WIN_PREVENTED = "win_prevented"
    LOSS_PREVENTED = "loss_prevented"
    X = "x"
    ZONE_CHANGE = "zone_change"
    ZONE_CHANGE_PREVENTED = "zone_change_prevented"


# ---------------------------------------------------------------------------
# Typed payloads of the kinds that triggers and replacement effects read most.
# An event's ``data`` is a plain dict at run time (the log, ``repr`` and the
# saved JSON are unchanged); these say, for mypy, which keys each kind carries:
# ``Game.emit`` of one of these kinds checks its keyword arguments against them
# (``game/emit_types.py``). Object ids are ints, players are indexes, a damage
# target is a ref (``game.actions.ref_player``), zones are ``Zone.NAMES``.
# ---------------------------------------------------------------------------


class ZoneChangeData(TypedDict):
    """CR 400.7, 603.6, 603.10a: an object moved; ``obj`` is the new object, ``old``
    the one that left (its id is never reused)."""

    obj: int
    card: str
    from_zone: str
    to_zone: str
    controller: int
    old: NotRequired[int]
    attached: NotRequired[list[int]]  # Auras/Equipment attached as it left (603.10a)
    attached_to: NotRequired[int]  # what it was attached to as it left (603.10c)
    cause: NotRequired[str]  # what moved it ("sacrifice", "discard", ...)
    by: NotRequired[int]  # who controls the spell or ability that moved it
    in_combat: NotRequired[str]  # "attacking" / "blocking" as it left the battlefield


class DamageData(TypedDict):
    """CR 120.3: ``source`` dealt ``amount`` damage to ``target`` (a ref)."""

    source: int
    target: int
    amount: int
    combat: bool
    player: NotRequired[int]  # the player dealt damage
    life_lost: NotRequired[int]  # the life that damage made them lose (CR 120.3a)
    # that loss is the player's first this turn ("whenever you lose life for the first
    # time each turn", CR 603.2)
    first: NotRequired[bool]


class LifeData(TypedDict):
    """CR 119.3: ``player`` gains or loses ``amount`` life; ``first``: the first life
    the player gained this turn ("whenever you gain life for the first time each
    turn", rules/triggers.py)."""

    player: int
    amount: int
    first: NotRequired[bool]


class CountersData(TypedDict, total=False):
    """CR 122.1: counters put on an object (``obj``) or given to a player (``player``)."""

    obj: int
    player: int
    counter: str
    amount: int
    by: int  # the player who puts them (CR 122.1, 608.2c: rules/counters.putter)


class ObjectData(TypedDict):
    """An event about one object (a spell or ability resolves): its id."""

    obj: int


class TapData(TypedDict, total=False):
    """CR 701.26: ``obj`` is tapped (as a cost), or ``player``'s permanents untap
    (502.3); an effect that taps or untaps several names them in the text only."""

    obj: int
    player: int


class BecomesTappedData(TypedDict):
    """CR 701.26a: ``obj`` becomes tapped, one of ``batch`` tapped at once."""

    obj: int
    controller: int
    batch: list[int]


class TappedForManaData(TypedDict):
    """CR 106.12a: ``player`` tapped ``obj`` for mana."""

    obj: int
    player: int


class CastData(TypedDict):
    """CR 601.2i: ``player`` cast the spell ``obj`` (``alt``: the alternative cost, or "");
    ``instants_sorceries_before``: the instant and sorcery spells that player cast
    earlier this turn (Thousand-Year Storm); ``nth``: the spells that player has cast
    this turn, this one included ("your second spell each turn", CR 603.2);
    ``mana_spent_before`` / ``mana_spent_after``: the mana that player had spent to
    cast spells this turn before and after paying this spell's cost (expend, CR 700.14);
    ``from_zone``: the zone it was cast from ("whenever you cast a spell from your
    library", CR 601.2a)."""

    obj: int
    player: int
    alt: str
    from_zone: NotRequired[str]
    instants_sorceries_before: NotRequired[int]
    nth: NotRequired[int]
    mana_spent_before: NotRequired[int]
    mana_spent_after: NotRequired[int]


class DrawData(TypedDict):
    """CR 121.1: ``player`` drew the card named ``card`` (now the object ``obj`` in
    their hand), their ``nth`` card drawn this turn (CR 121.2: cards are drawn one
    at a time)."""

    player: int
    card: str
    nth: int
    obj: int


class AttacksData(TypedDict):
    """CR 508.1, 508.3a: ``obj`` attacks ``defender`` (a ref), controlled by ``player``."""

    obj: int
    defender: int
    player: int
    # the creature's first attack this turn ("whenever this creature attacks for the
    # first time each turn", CR 603.2; only on ATTACKS)
    first: NotRequired[bool]


class BlocksData(TypedDict):
    """CR 509.1, 509.3c: ``obj`` blocks ``attacker``."""

    obj: int
    attacker: int


class BlockedByData(TypedDict):
    """CR 509.3: ``obj`` (an attacker) is blocked by ``blocker``."""

    obj: int
    blocker: int


class BecomesBlockedData(TypedDict):
    """CR 509.3d: the attacker ``obj`` becomes blocked; ``player`` defends."""

    obj: int
    player: int


class DeclareAttackersData(TypedDict, total=False):
    """CR 508.1: the attacking creatures (none: no attackers were declared), and the
    players they attack themselves (CR 508.1b: not through a planeswalker or battle)."""

    attackers: list[int]
    attacked_players: list[int]


class DeclareBlockersData(TypedDict, total=False):
    """CR 509.1: the blocking creatures."""

    blockers: list[int]


class NoData(TypedDict):
    """An event whose text says everything (a token created by a copy effect)."""


class Event:
    """One logged game event (immutable once created)."""

    __slots__ = ("kind", "rules", "text", "data", "turn")

    def __init__(
        self,
        kind: EventKind,
        rules: tuple[str, ...],
        text: str,
        data: dict[str, Any] | None = None,
        turn: int = 0,
    ) -> None:
        self.kind = kind
        self.rules = rules
        self.text = text
        self.data = data if data is not None else {}
        self.turn = turn

    def __str__(self) -> str:
        if self.rules:
            return f"{self.text} [{', '.join(self.rules)}]"
        return self.text

    def __repr__(self) -> str:
        return f"Event({self.kind.value!r}, {self.rules!r}, {self.text!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and self.kind == other.kind
            and self.rules == other.rules
            and self.text == other.text
            and self.data == other.data
            and self.turn == other.turn
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.rules, self.text))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rules": list(self.rules),
            "text": self.text,
            "data": self.data,
            "turn": self.turn,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        return cls(
            EventKind(d["kind"]),
            tuple(d["rules"]),
            d["text"],
            d.get("data") or {},
            d.get("turn", 0),
        )
