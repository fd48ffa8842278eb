"""Game objects (CR 109) and players (CR 102), as plain slotted records keyed by id.

A :class:`GameObject` is a card, token, copy of a card, spell or ability in
some zone. Following CR 400.7 an object that moves from one zone to another
becomes a new object with a new id; ``card_uid`` stays the same for the
physical card, so a scenario label can follow the card.

A :class:`CardDef` is the immutable, shared definition behind an object
(printed faces plus compiled abilities); objects refer to it and never copy
it, so cloning a game copies only the mutable per-object fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NewType

from .native import mypyc_attr

if TYPE_CHECKING:
    from ..cards.abilities import Ability, CompiledFace
    from ..cards.model import CardData, CardFace

ObjectId = NewType("ObjectId", int)
PlayerId = NewType("PlayerId", int)


class Zone:
    """CR 400.1: the zones. Ints for speed; names for the log and JSON."""

    LIBRARY: Final = 0
    HAND: Final = 1
    BATTLEFIELD: Final = 2
    GRAVEYARD: Final = 3
    STACK: Final = 4
    EXILE: Final = 5
    COMMAND: Final = 6

    NAMES: Final = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
    BY_NAME: Final = {n: i for i, n in enumerate(NAMES)}


#: the ``stack_kind`` of stack objects that are abilities, not spells: objects but
#: not cards (CR 113.1c; mana abilities, 605.3b)
ABILITY_KINDS: Final = ("activated", "triggered", "mana")


class CardDef:
    """The shared, immutable definition of a card or token: faces and abilities."""

    __slots__ = ("name", "data", "faces", "compiled", "token_spec", "cache")

    def __init__(
        self,
        name: str,
        data: CardData,
        compiled: tuple[CompiledFace, ...],
        token_spec: dict[str, Any] | None = None,
    ) -> None:
        self.name = name
        self.data = data
        self.faces: tuple[CardFace, ...] = data.faces
        self.compiled = compiled
        self.token_spec = token_spec
        #: per-face derived data computed once (base characteristics, statics)
        self.cache: dict[Any, Any] = {}

    def abilities(self, face: int = 0) -> tuple[Ability, ...]:
        return self.compiled[face].abilities

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


#: the fields of a :class:`GameObject` (its ``__slots__``; compiled, a class has none)
OBJECT_FIELDS: Final = (
    "id",
    "card_uid",
    "card",
    "face",
    "owner",
    "controller",
    "zone",
    "tapped",
    "damage",
    "deathtouch_damage",
    "counters",
    "attached_to",
    "face_down",
    "phased_out",
    "timestamp",
    "controlled_since",
    "is_token",
    "stack_kind",
    "source_id",
    "ability_index",
    "ability",
    "targets",
    "x",
    "modes",
    "division",
    "trigger_data",
    "regen_shields",
    "chosen",
    "paid",
    "links",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class GameObject:
    """A card, token, spell, or ability on the stack (CR 109.1).

    Fields that are rules state: ``tapped`` (CR 110.5), ``damage`` marked
    (CR 120.3e), ``counters`` (CR 122), ``attached_to`` (CR 301.5, 303.4),
    ``face_down`` (CR 708), ``phased_out`` (CR 702.26), ``timestamp``
    (CR 613.7), ``controlled_since`` (the turn its controller gained control;
    summoning sickness, CR 302.6).
    Stack objects (CR 113.7, 601) also carry ``stack_kind`` ("spell",
    "activated", "triggered"), ``source_id``, ``ability_index``, ``targets``,
    ``x``, ``modes``, ``division``, ``trigger_data``.
    """

    __slots__ = OBJECT_FIELDS

    def __init__(
        self,
        oid: int,
        card_uid: int,
        card: CardDef,
        owner: int,
        zone: int,
    ) -> None:
        self.id = oid
        self.card_uid = card_uid
        self.card = card
        self.face = 0
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.damage = 0
        self.deathtouch_damage = False
        self.counters: dict[str, int] = {}
        self.attached_to: int | None = None
        self.face_down = False
        self.phased_out = False
        self.timestamp = 0
        self.controlled_since = 0
        self.is_token = False
        self.stack_kind: str | None = None
        self.source_id: int | None = None
        self.ability_index: int | None = None
        #: for abilities and spells on the stack: the Ability being resolved
        self.ability: Ability | None = None
        self.targets: list[Any] = []
        self.x: int | None = None
        self.modes: tuple[int, ...] = ()
        self.division: dict[Any, int] | None = None
        self.trigger_data: dict[str, Any] | None = None
        self.regen_shields = 0
        self.chosen: dict[str, Any] | None = None
        self.paid: dict[str, Any] | None = None
        #: how this object is tied to another by a linked ability (CR 607): for an
        #: exiled card, ``"exiled_by"`` (the object whose ability exiled it, 607.2a)
        #: and ``"haunting"`` (the creature it haunts, 702.55b)
        self.links: dict[str, Any] | None = None

    def copy(self) -> GameObject:
        """An independent copy for :meth:`Game.clone` (shares the immutable ``card``)."""
        return _copy_object(self)

    @property
    def name(self) -> str:
        return self.card.faces[self.face].name if self.card.faces else self.card.name

    def __repr__(self) -> str:
        return f"<{self.name}#{self.id} {Zone.NAMES[self.zone]}>"


_MUTABLE_SLOTS: Final = {
    "counters",
    "targets",
    "division",
    "trigger_data",
    "chosen",
    "paid",
    "links",
}


def _slot_copier(
    cls: Any, fields: tuple[str, ...], copied: Callable[[str], str]
) -> Callable[[Any], Any]:
    """An explicit field-by-field copy of a ``__slots__`` class, each slot's value
    given as an expression by ``copied(name)`` (~3x faster than a getattr loop: a
    clone copies every permanent and each player)."""
    lines = ["def _copy(self):", "    o = _new(cls)"]
    lines += [f"    o.{name} = {copied(name)}" for name in fields]
    lines.append("    return o")
    ns: dict[str, Any] = {"cls": cls, "_new": cls.__new__}
    exec("\n".join(lines), ns)  # noqa: S102 - generated from __slots__ only
    copier: Callable[[Any], Any] = ns["_copy"]
    return copier


def _object_slot(name: str) -> str:
    if name in ("counters", "targets"):
        empty = "{}" if name == "counters" else "[]"
        return f"self.{name}.copy() if self.{name} else {empty}"
    if name in _MUTABLE_SLOTS:
        # ``is not None``: an empty dict stays an empty dict (a clone is exact)
        return f"None if self.{name} is None else dict(self.{name})"
    return f"self.{name}"


_copy_object: Callable[[GameObject], GameObject] = _slot_copier(
    GameObject, OBJECT_FIELDS, _object_slot
)


#: the fields of a :class:`Player` (its ``__slots__``; compiled, a class has none)
PLAYER_FIELDS: Final = (
    "index",
    "name",
    "life",
    "starting_life",
    "poison",
    "energy",
    "experience",
    "rad",
    "library",
    "hand",
    "graveyard",
    "mana_pool",
    "snow_mana",
    "restricted_mana",
    "lands_played",
    "drew_from_empty",
    "has_lost",
    "conceded",
    "last_turn_started",
    "mulligans",
    "kept",
    "life_lost_this_turn",
    "spells_cast_this_turn",
    "speed",
    "monarch",
    "city_blessing",
    "ring_tempted",
    "ring_bearer",
    "initiative",
    "dungeon",
    "venture_room",
    "dungeons_completed",
    "commanders",
    "commander_casts",
    "commander_damage",
    "commander_offered",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class Player:
    """A player (CR 102): life (CR 119), poison counters (CR 122.1f), energy and
    experience counters (CR 122.1, 107.14), own zones (CR 400.1).

    ``library`` is ordered bottom → top (the top card is ``library[-1]``) so
    that drawing is a cheap pop. ``mana_pool`` counts mana by type in the
    order W, U, B, R, G, C (CR 106.4).
    """

    __slots__ = PLAYER_FIELDS

    def __init__(self, index: int, name: str, life: int = 20) -> None:
        self.index = index
        self.name = name
        self.life = life
        #: CR 103.4: the starting life total ("N life more than your starting life total")
        self.starting_life = life
        self.poison = 0
        self.energy = 0
        #: experience counters (CR 122.1: a kind of counter a player can have)
        self.experience = 0
        #: rad counters (CR 727.1: a kind of counter a player can have)
        self.rad = 0
        self.library: list[int] = []
        self.hand: list[int] = []
        self.graveyard: list[int] = []
        self.mana_pool = [0, 0, 0, 0, 0, 0]
        #: CR 107.4h: how much of each type of the pool's mana was produced by a snow
        #: source (what pays {S}); never more than ``mana_pool`` holds of that type
        #: (rules/snow_mana.py keeps it so as mana leaves the pool)
        self.snow_mana = [0, 0, 0, 0, 0, 0]
        #: mana that can be spent only on some things (CR 106.6): (pool index,
        #: restriction) for each mana; not counted in ``mana_pool``
        self.restricted_mana: list[tuple[int, tuple[Any, ...]]] = []
        self.lands_played = 0
        self.drew_from_empty = False
        self.has_lost = False
        self.conceded = False
        self.last_turn_started = 0
        self.mulligans = 0
        self.kept = False
        self.life_lost_this_turn = 0
        self.spells_cast_this_turn = 0
        #: CR 702.179b: no speed (None) until a rule or effect sets it
        self.speed: int | None = None
        #: CR 724.1: the monarch designation (one player at most has it, 724.3)
        self.monarch = False
        #: CR 702.131c: the city's blessing, a designation kept for the rest of the
        #: game once gotten (any number of players may have it)
        self.city_blessing = False
        #: CR 701.54c: how many times the Ring has tempted this player this game
        self.ring_tempted = 0
        #: CR 701.54a-b: the permanent (object id) this player chose as their
        #: Ring-bearer, None when none is (it is theirs only while they control it)
        self.ring_bearer: int | None = None
        #: CR 725.1: the initiative designation (one player at most has it, 725.3)
        self.initiative = False
        #: CR 309.3: the dungeon card (object id) this player owns in the command
        #: zone, None when none; CR 309.4: the room their venture marker is on (the
        #: index of the room in rules/dungeons.py's table)
        self.dungeon: int | None = None
        self.venture_room: int | None = None
        #: CR 309.7: the names of the dungeons this player completed, in order
        self.dungeons_completed: tuple[str, ...] = ()
        #: CR 903.3: the cards (``card_uid``) designated as this player's commander
        #: (none outside a Commander game)
        self.commanders: tuple[int, ...] = ()
        #: CR 903.8: (commander ``card_uid``, times this player cast it from the
        #: command zone this game), for the commander tax
        self.commander_casts: tuple[tuple[int, int], ...] = ()
        #: CR 903.10a: (commander ``card_uid``, the combat damage it dealt this player
        #: over the game)
        self.commander_damage: tuple[tuple[int, int], ...] = ()
        #: CR 903.9a, 704.6d: the ids of this player's commander objects in a graveyard
        #: or exile that the state-based action has already offered to the command
        #: zone (a commander put there later is a new object, CR 400.7)
        self.commander_offered: tuple[int, ...] = ()

    def copy(self) -> Player:
        """An independent copy for :meth:`Game.clone` (its zones and mana pool copied)."""
        return _copy_player(self)

    def __repr__(self) -> str:
        return f"<Player {self.name} life={self.life}>"


#: the lists of a player that a copy doesn't share
_PLAYER_LISTS: Final = ("library", "hand", "graveyard", "mana_pool", "snow_mana", "restricted_mana")


_copy_player: Callable[[Player], Player] = _slot_copier(
    Player,
    PLAYER_FIELDS,
    lambda name: f"list(self.{name})" if name in _PLAYER_LISTS else f"self.{name}",
)
