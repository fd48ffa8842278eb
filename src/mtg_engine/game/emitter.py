"""The event emitter of a game, with the payload of each typed kind checked by mypy.

``Game.emit`` is defined here (``Game`` inherits it) so that its overloads, one
per typed payload of :mod:`.events`, don't crowd the state module: emitting a
zone change with a misspelt or missing key, or a kind that isn't an
:class:`EventKind`, is a type error. At run time there is one plain method.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Unpack, overload

from .events import (
    AttacksData,
    BecomesBlockedData,
    BecomesTappedData,
    BlockedByData,
    BlocksData,
    CastData,
    CountersData,
    DamageData,
    DeclareAttackersData,
    DeclareBlockersData,
    DrawData,
    Event,
    EventKind,
    LifeData,
    NoData,
    ObjectData,
    TapData,
    TappedForManaData,
    ZoneChangeData,
)
from .hooks import _LISTENERS_BY_KIND, listeners_for
from .native import mypyc_attr

if TYPE_CHECKING:
    from .objects import GameObject
    from .state import Game

#: the kinds whose payload isn't typed yet (any keyword data)
_Untyped = Literal[
    EventKind.ACTIVATE,
    EventKind.ADD_MANA,
    EventKind.AMASS,
    EventKind.BLIGHT,
    EventKind.ADDITIONAL_TRIGGER,
    EventKind.ASSIGN_DAMAGE,
    EventKind.ATTACH,
    EventKind.ATTACKS_UNBLOCKED,
    EventKind.AURA_STAYS,
    EventKind.BAND,
    EventKind.BAND_BLOCKED,
    EventKind.BECOMES_COPY,
    EventKind.BECOMES_TARGET,
    EventKind.BEGIN_ON_BATTLEFIELD,
    EventKind.BOTTOM,
    EventKind.CANT_BLOCK,
    EventKind.CANT_PAY,
    EventKind.CAST_BEGIN,
    EventKind.CEASE_TO_EXIST,
    EventKind.CHAPTER_TRIGGER,
    EventKind.CHOICE,
    EventKind.CHOOSE,
    EventKind.CLASH,
    EventKind.VOTE,
    EventKind.CLASS_LEVEL,
    EventKind.CLEANUP,
    EventKind.CLOAK,
    EventKind.COIN_FLIP,
    EventKind.COMMIT_CRIME,
    EventKind.CONTINUOUS_EFFECT,
    EventKind.CONTROL,
    EventKind.CONTROL_EFFECT,
    EventKind.CONJURE,
    EventKind.CONVOKE,
    EventKind.COPY,
    EventKind.COPY_FAILS,
    EventKind.COUNTERED,
    EventKind.COUNTERS_ANNIHILATE,
    EventKind.COUNTERS_PREVENTED,
    EventKind.COUNTERS_REMOVED,
    EventKind.CREATE_COPY,
    EventKind.CREATE_TOKENS,
    EventKind.CREWS,
    EventKind.CUMULATIVE_UPKEEP_PAID,
    EventKind.CYCLE,
    EventKind.DAMAGE_PREVENTED,
    EventKind.DAY_NIGHT,
    EventKind.DELAYED_TRIGGER,
    EventKind.DELVE,
    EventKind.DESTROY,
    EventKind.DIE_ROLL,
    EventKind.DISCOVER,
    EventKind.DOESNT_UNTAP,
    EventKind.DRAW_EMPTY,
    EventKind.DRAW_GAME,
    EventKind.DREDGE,
    EventKind.EMBLEM,
    EventKind.END_COMBAT,
    EventKind.ENTERS_ATTACKING,
    EventKind.EPIC,
    EventKind.EXTRA_TURN,
    EventKind.EXTRA_PHASE,
    EventKind.PAIR,
    EventKind.EXERTED,
    EventKind.EXPLORED,
    EventKind.PLAY_LAND,
    EventKind.FACE_UP_IN_EXILE,
    EventKind.FADING,
    EventKind.FIZZLE,
    EventKind.FLIP,
    EventKind.FORETELL,
    EventKind.GAIN_LIFE_PREVENTED,
    EventKind.GAIN_LIFE_REPLACED,
    EventKind.ILLEGAL_ACTIVATION,
    EventKind.ILLEGAL_CAST,
    EventKind.IMPROVISE,
    EventKind.INCUBATE,
    EventKind.INDESTRUCTIBLE,
    EventKind.INVESTIGATE,
    EventKind.KEEP,
    EventKind.KEYWORD_PAID,
    EventKind.KEYWORD_TRIGGER,
    EventKind.KEYWORD_UNPAID,
    EventKind.LIBRARY_BOTTOM,
    EventKind.LOOK,
    EventKind.LOOK_AT,
    EventKind.LOOK_AT_TOP,
    EventKind.LOSE_GAME,
    EventKind.LOSE_LIFE_PREVENTED,
    EventKind.LOSE_LIFE_REPLACED,
    EventKind.MANA_EMPTIES,
    EventKind.MANA_VALUE,
    EventKind.MANIFEST,
    EventKind.MANIFEST_DREAD,
    EventKind.MELDED,
    EventKind.MELEE,
    EventKind.MODES,
    EventKind.MULLIGAN,
    EventKind.NEW_TARGETS,
    EventKind.NO_CHOICE,
    EventKind.NO_EFFECT,
    EventKind.NO_HAUNT,
    EventKind.NOT_ATTACKING,
    EventKind.NOT_CAST,
    EventKind.NOT_COUNTERED,
    EventKind.NOT_PLAYED,
    EventKind.NOTE_NAME,
    EventKind.PAY_MANA,
    EventKind.PHASING,
    EventKind.PILE_ASSIGNED,
    EventKind.PILE_BLOCKS,
    EventKind.PILE_BLOCKS_EFFECT,
    EventKind.PLOT,
    EventKind.PLAYER_COUNTERS_PREVENTED,
    EventKind.PREVENTION,
    EventKind.PROLIFERATE,
    EventKind.RAMPAGE,
    EventKind.REGENERATE,
    EventKind.REGENERATION_SHIELD,
    EventKind.REMOVE_COUNTERS_PREVENTED,
    EventKind.REMOVE_SHIELD_COUNTER,
    EventKind.REMOVED_FROM_COMBAT,
    EventKind.RENOWNED,
    EventKind.MONSTROUS,
    EventKind.PREPARED,
    EventKind.REPLACEMENT,
    EventKind.REVEAL,
    EventKind.SADDLED,
    EventKind.SADDLES,
    EventKind.SOLVED,
    EventKind.SAGA_DONE,
    EventKind.SCRY,
    EventKind.SPEED,
    EventKind.MONARCH,
    EventKind.CITY_BLESSING,
    EventKind.GIFT,
    EventKind.INITIATIVE,
    EventKind.DUNGEON,
    EventKind.RING_TEMPTS,
    EventKind.RING_BEARER,
    EventKind.SEARCH,
    EventKind.SHUFFLE,
    EventKind.SKIP,
    EventKind.SPLICE,
    EventKind.START,
    EventKind.STEP,
    EventKind.STORE_RESULTS,
    EventKind.SURVEIL,
    EventKind.SUSPEND,
    EventKind.TAP_PREVENTED,
    EventKind.TAP_REPLACED,
    EventKind.TOKENS_REPLACED,
    EventKind.TOTAL_COST,
    EventKind.TRANSFORM,
    EventKind.TRIGGER,
    EventKind.TRIGGER_NOTHING,
    EventKind.TRIGGER_REMOVED,
    EventKind.TRIGGER_TARGETS,
    EventKind.TURN,
    EventKind.TURNED_FACE_DOWN,
    EventKind.TURNED_FACE_UP,
    EventKind.UMBRA_ARMOR,
    EventKind.UNATTACH,
    EventKind.UNSUPPORTED,
    EventKind.UNTAP_PREVENTED,
    EventKind.UNTAP_REPLACED,
    EventKind.WARD,
    EventKind.WATERBEND,
    EventKind.AIRBEND,
    EventKind.WIN_GAME,
    EventKind.WIN_PREVENTED,
    EventKind.LOSS_PREVENTED,
    EventKind.X,
    EventKind.ZONE_CHANGE_PREVENTED,
]


@mypyc_attr(allow_interpreted_subclasses=True)  # (Game's base: see game/native.py)
class EventEmitter:
    """What emits events: the log they go to and the turn they happen in."""

    log: list[Event]
    turn: int

    @overload
    def emit(
        self,
        kind: Literal[EventKind.ZONE_CHANGE],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[ZoneChangeData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.DAMAGE],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[DamageData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.GAIN_LIFE, EventKind.LOSE_LIFE],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[LifeData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.COUNTERS],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[CountersData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.RESOLVE],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[ObjectData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.TAP, EventKind.UNTAP],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[TapData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.BECOMES_TAPPED, EventKind.BECOMES_UNTAPPED],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[BecomesTappedData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.TAPPED_FOR_MANA],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[TappedForManaData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.CAST],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[CastData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.DRAW],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[DrawData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.ATTACKS, EventKind.ATTACKS_ALONE],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[AttacksData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.BLOCKS],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[BlocksData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.BLOCKED_BY],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[BlockedByData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.BECOMES_BLOCKED],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[BecomesBlockedData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.DECLARE_ATTACKERS],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[DeclareAttackersData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.DECLARE_BLOCKERS],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[DeclareBlockersData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: Literal[EventKind.CREATE_TOKEN],
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Unpack[NoData],
    ) -> Event: ...

    @overload
    def emit(
        self,
        kind: _Untyped,
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Any,
    ) -> Event: ...

    def emit(
        self,
        kind: EventKind,
        rules: tuple[str, ...],
        text: str,
        subject: GameObject | None = None,
        **data: Any,
    ) -> Event:
        """Log an event with its rule citations, and let triggers see it (CR 603.2)."""
        ev = Event(kind, rules, text, data, self.turn)
        self.log.append(ev)
        game: Game = self  # type: ignore[assignment]  # only Game inherits this
        # (only the listeners that can care about this kind of event, game/hooks.py)
        listeners = _LISTENERS_BY_KIND.get(kind)
        if listeners is None:
            listeners = listeners_for(kind)
        for listener in listeners:
            listener(game, ev, subject)
        return ev
