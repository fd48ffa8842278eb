"""Triggered abilities (CR 603).

Every logged event of a kind that can trigger something (:data:`EVENT_KINDS_SEEN`)
is offered to :func:`on_event`; a triggered ability whose
trigger condition matches becomes *pending* (CR 603.2). The next time a
player would receive priority, pending abilities are put on the stack in
APNAP order (CR 603.3b), each controller ordering their own, and targets are
chosen then (CR 603.3d). Leaves-the-battlefield abilities "look back in
time" at the object that left (CR 603.10a).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import (
    Ability,
    AbilityKind,
    Condition,
    Filter,
    SelfRef,
    Trigger,
    TriggerRef,
)
from ..cards.definitions import card_def, token_def
from ..game.actions import Decision, DecisionKind, ref_player
from ..game.events import Event, EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject, Zone
from ..game.state import Game, Step
from ..game.tasks import Task, task_handler
from .cast_from_hand import cast_from_matches
from .char_values import keyword_abilities
from .characteristics import _base, chars, remember_chars
from .conditions import evaluate
from .delayed import EVENT_KINDS as DELAYED_EVENT_KINDS
from .delayed import STEP_NAMES, fire, fire_event
from .effects_runner import Ctx
from .emblems import emblem_ids
from .extra_triggers import add_again, add_more, announce_hushed, silenced, silencer
from .filters import enchanted_player, matches_object, matches_player
from .graveyard_abilities import functions_in_graveyard, graveyard_triggers, graveyard_watchers
from .simultaneous import _FLUSH, Batch, lki_record
from .speed import lost_life
from .stack_choices import begin_choices
from .support import COVERAGE_PROBES, register
from .turn_counts import counted_spells, nth_matching_spell
from .zones import is_discard, is_mill

register("arg:return_to_hand.from_zone", "arg:return_to_battlefield.from_zone")  # CR 113.6m
# "whenever one or more creature cards leave your graveyard" (CR 603.10a, 603.2c)
register(
    "trigger:leaves_graveyard",
    "trigger_detail:whose",
    "trigger_detail:your_turn",
    "trigger_detail:to_zone",  # "put into exile from your graveyard" (_left_graveyard)
    "trigger_detail:not_from",  # "from anywhere other than the battlefield" (_matches_now)
)
register("restriction:do_once_each_turn")  # CR 603.2h (_once_each_turn_ok)
register("trigger:countered")  # "whenever a spell you've cast is countered" (CR 603.10e)
register("trigger:damage_prevented")  # "whenever damage ... to you is prevented" (CR 615.13)
# "whenever this Equipment becomes unattached from a permanent" (CR 603.10c), "whenever
# this creature phases out / in" (603.10b): they look back in time
register("trigger:unattached", "trigger:phases_out", "trigger:phases_in")
register("trigger:fully_unlock_room")  # CR 709.5i (_matches_now)
register("trigger:lose_game")  # "whenever a player loses the game" (CR 603.10f)
register("trigger_detail:nth")  # "whenever you draw your second card each turn" (CR 121.2)
register("trigger_detail:from")
register(
    "trigger_detail:revealed_land"
)  # "explores a land card" (Nicanzil)  # "put into your graveyard from your library" (Narcomoeba)
register("trigger_detail:nth_instant_sorcery")  # "your first instant or sorcery spell each turn"
register("trigger_detail:nth_kind")  # "your first enchantment spell each turn" (CR 603.2)
# "whenever one or more +1/+1 counters are put on this creature" (CR 122.6, _counters_put)
register("trigger:counters_put", "trigger_detail:counter")
register(
    "trigger_detail:turn", "trigger_detail:during"
)  # "during an opponent's turn" (_turn_matches)
# "whenever you activate an exhaust ability / a loyalty ability of ... / an ability of
# an artifact that isn't a mana ability" (CR 602.2, _activated_matches)
register("trigger_detail:noncombat")  # "deals / is dealt noncombat damage" (CR 120.2)
register("trigger:flip_coin", "trigger_detail:won")  # "whenever you win a coin flip" (CR 705.2)
register(
    "trigger:activate",
    "trigger_detail:not_mana",
    "trigger_detail:ability_keyword",
    "trigger_detail:loyalty",
    "trigger_detail:ability_of",
    "trigger_detail:ability_of_self",
)
register("trigger_detail:first_each_turn")  # "gain life for the first time each turn"
register("trigger:finish_voting")  # "whenever players finish voting" (CR 701.38)
register("trigger:proliferate")  # "whenever you proliferate" (CR 701.34a)
register("trigger:player_attacked")
register(
    "trigger:complete_dungeon"
)  # "whenever you complete a dungeon" (CR 309.7)  # "whenever enchanted player is attacked" (CR 508.1)
# "whenever you roll a die / one or more dice / a 4 or higher on a die" (CR 706.1-2,
# dice_matching)
register(
    "amount:die_result",
    "trigger:roll_die",
    "trigger_detail:each_die",
    "trigger_detail:min_result",
    "trigger_detail:results",
)

if TYPE_CHECKING:
    pass

#: game event kinds that can match some trigger event
_TRIGGER_EVENT_KINDS: Final = frozenset(
    (
        EventKind.ZONE_CHANGE,
        EventKind.PROLIFERATE,
        EventKind.VOTE,  # "whenever players finish voting" (CR 701.38a)
        EventKind.ATTACKS,
        EventKind.ATTACKS_UNBLOCKED,
        EventKind.ATTACKS_ALONE,
        EventKind.BLOCKS,
        EventKind.BECOMES_BLOCKED,
        EventKind.BLOCKED_BY,
        EventKind.DAMAGE,
        EventKind.CAST,
        EventKind.DRAW,
        EventKind.GAIN_LIFE,
        EventKind.LOSE_LIFE,
        EventKind.LOSE_GAME,
        EventKind.TAPPED_FOR_MANA,
        EventKind.TURNED_FACE_UP,
        EventKind.TRANSFORM,
        EventKind.COIN_FLIP,
        EventKind.DIE_ROLL,
        EventKind.CUMULATIVE_UPKEEP_PAID,
        EventKind.BECOMES_TAPPED,
        EventKind.BECOMES_UNTAPPED,
        EventKind.CLASS_LEVEL,
        EventKind.DECLARE_ATTACKERS,
        EventKind.EXPLORED,
        EventKind.DAMAGE_PREVENTED,
        EventKind.PLAY_LAND,
        EventKind.MONARCH,
        EventKind.RING_TEMPTS,
        EventKind.FULLY_UNLOCKED,
        EventKind.MONSTROUS,
        EventKind.RENOWNED,
        EventKind.RING_BEARER,
        EventKind.UNATTACH,
        EventKind.PHASING,
        EventKind.COUNTERS,
        EventKind.COMMIT_CRIME,
        EventKind.EXERTED,
        EventKind.SCRY,
        EventKind.SURVEIL,
        EventKind.CREWS,
        EventKind.ACTIVATE,
        EventKind.DUNGEON,  # "whenever you complete a dungeon" (CR 309.7)
    )
)

#: events of a simultaneous batch that trigger an ability once, for their total
#: (the data field added up, and the field the events share): damage prevented by
#: one prevention effect (CR 615.13), life lost by one player through damage
#: (CR 120.3a, 603.2c)
_TOTALED: Final[dict[str, tuple[str, str]]] = {
    EventKind.DAMAGE_PREVENTED: ("amount", "prevention"),
    EventKind.DAMAGE: ("life_lost", "player"),
}

#: the event kinds trigger detection (:func:`on_event`) looks at: those that can match
#: a trigger event, and those a delayed trigger waits for (CR 603.7c); no other kind
#: can trigger anything, nor matter to a simultaneous event's batch (it is given
#: only these, ``game/hooks.add_event_listener``)
EVENT_KINDS_SEEN: Final = _TRIGGER_EVENT_KINDS | DELAYED_EVENT_KINDS


#: trigger event (compiler) -> the game event kinds that can match it (see _matches)
_EVENT_KINDS_OF: Final[dict[str, tuple[EventKind, ...]]] = {
    **dict.fromkeys(
        ("enters", "discard", "mill", "sacrifice", "dies", "leaves", "put_into_graveyard"),
        (EventKind.ZONE_CHANGE,),
    ),
    # a card leaves a graveyard by a zone change, or as it's cast (CR 601.2a)
    "leaves_graveyard": (EventKind.ZONE_CHANGE, EventKind.CAST),
    # a countered spell leaves the stack (CR 701.6a); the trigger looks back (603.10e)
    "countered": (EventKind.ZONE_CHANGE,),
    "attacks": (EventKind.ATTACKS, EventKind.ATTACKS_ALONE),
    "blocks": (EventKind.BLOCKS,),
    "becomes_blocked": (EventKind.BECOMES_BLOCKED, EventKind.BLOCKED_BY),
    # "whenever this creature attacks and isn't blocked" (CR 509.1h, 509.3g)
    "attacks_unblocked": (EventKind.ATTACKS_UNBLOCKED,),
    **dict.fromkeys(
        ("deals_damage", "deals_combat_damage", "dealt_damage", "dealt_combat_damage"),
        (EventKind.DAMAGE,),
    ),
    "attack_with": (EventKind.DECLARE_ATTACKERS,),
    "player_attacked": (EventKind.DECLARE_ATTACKERS,),  # "enchanted player is attacked"
    "proliferate": (EventKind.PROLIFERATE,),  # "whenever you proliferate" (CR 701.34a)
    # CR 119.3: life lost as such, by damage (120.3a) or paid for mana (119.4, 107.4f)
    # (Phyrexian mana paid with life is a lose_life event of its own, CR 119.4)
    "lose_life": (EventKind.LOSE_LIFE, EventKind.DAMAGE),
    "tap_for_mana": (EventKind.TAPPED_FOR_MANA,),
    "tapped": (EventKind.BECOMES_TAPPED,),
    "untapped": (EventKind.BECOMES_UNTAPPED,),
    "transforms": (EventKind.TRANSFORM,),
    "flip_coin": (EventKind.COIN_FLIP,),
    "roll_die": (EventKind.DIE_ROLL,),
    "explore": (EventKind.EXPLORED,),
    # "whenever this creature crews a Vehicle" (CR 702.122b: it was tapped to pay)
    "crews": (EventKind.CREWS,),
    "damage_prevented": (EventKind.DAMAGE_PREVENTED,),
    # "whenever you play a card": a land played or a spell cast (CR 701.18b)
    "play": (EventKind.PLAY_LAND, EventKind.CAST),
    "becomes_monarch": (EventKind.MONARCH,),
    "ring_tempts": (EventKind.RING_TEMPTS,),
    "finish_voting": (EventKind.VOTE,),
    "fully_unlock_room": (EventKind.FULLY_UNLOCKED,),  # "whenever you fully unlock a Room"
    "scry": (EventKind.SCRY,),  # "whenever you scry" (CR 701.22a-b)
    "surveil": (EventKind.SURVEIL,),  # "whenever you surveil" (CR 701.25c-d)
    # "whenever you expend 4": a spell's cost paid crosses that much mana spent to
    # cast spells this turn (CR 700.14)
    "expend": (EventKind.CAST,),
    "becomes_monstrous": (EventKind.MONSTROUS,),
    "becomes_renowned": (EventKind.RENOWNED,),
    "ring_bearer_chosen": (EventKind.RING_BEARER,),
    # CR 603.10c, 701.3d: moved away, or it left the battlefield (looks back)
    "unattached": (EventKind.UNATTACH, EventKind.ZONE_CHANGE),
    # CR 702.26: phasing out looks back in time (603.10b)
    "phases_out": (EventKind.PHASING,),
    "phases_in": (EventKind.PHASING,),
    # CR 603.10f: looks back in time (checked as the player loses, before the
    # objects they own leave the game with them, 800.4a: rules/game_end.py)
    "lose_game": (EventKind.LOSE_GAME,),
    # CR 122.6: counters are put on a permanent, or it enters with them
    "counters_put": (EventKind.COUNTERS, EventKind.ZONE_CHANGE),
    # CR 700.13: "whenever you commit a crime" (rules/crime.py)
    "commit_crime": (EventKind.COMMIT_CRIME,),
    # CR 701.43: "whenever you exert a creature" (rules/exert.py)
    "exerted": (EventKind.EXERTED,),
    # CR 602.2: "whenever you activate an exhaust ability" (_activated_matches)
    "activate": (EventKind.ACTIVATE,),
    # CR 309.7: "whenever you complete a dungeon" (rules/dungeons.complete_dungeon)
    "complete_dungeon": (EventKind.DUNGEON,),
}

_WATCHED_KEY: Final = "trigger_event_kinds"


def _watched_kinds(game: Game) -> frozenset[str]:
    """The game event kinds some ability of a permanent (or emblem) can trigger on,
    indexed once per state version (it lives in the characteristics cache, cleared
    by every change), so an event nothing watches costs a dict lookup. A superset
    is harmless: it's built from each card face's abilities (cached per face), those
    it grants, and the abilities continuous effects grant."""
    got = game._chars.get(_WATCHED_KEY)
    if got is None or got[2] != len(game.battlefield):
        got = _build_index(game, got)
    return got[0]


def may_trigger_on(game: Game, kind: str) -> bool:
    """Whether some ability of a permanent (or emblem) can trigger on events or
    states of ``kind`` (a superset: see :func:`_watched_kinds`); False lets a
    caller skip its scan of the battlefield."""
    return kind in _watched_kinds(game)


def may_trigger_on_any(game: Game, kinds: frozenset[str]) -> bool:
    """Whether some ability of a permanent (or emblem) can trigger on one of ``kinds``
    (one lookup of the index :func:`may_trigger_on` reads)."""
    return not kinds.isdisjoint(_watched_kinds(game))


def _static_grants(game: Game) -> bool:
    """Whether some permanent's static ability grants triggered abilities to others
    ("Enchanted creature has 'Whenever this creature attacks, ...'", CR 613.1f)."""
    got = game._chars.get(_WATCHED_KEY)
    if got is None or got[2] != len(game.battlefield):
        got = _build_index(game, got)
    return got[1]


def _build_index(game: Game, kept: tuple | None = None) -> tuple:
    """The trigger-kind index (:func:`_watched_kinds`, :func:`_static_grants`): the
    kinds, whether a permanent grants triggered abilities, and the battlefield it was
    built for (its length, its ids). ``kept``, an index the characteristics cache
    kept while permanents without static abilities entered (rules/layers.py: the
    resolved effects and the other permanents are as they were), is extended with
    the newcomers, in battlefield order, as a whole rebuild would find them."""
    found: set[str] = set()
    grants = False
    battlefield = game.battlefield
    ids: list[int] = battlefield
    objects = game.objects
    copies = False
    for e in game.effects:
        if e.op in ("copy", "set_copiable"):
            copies = True  # copied abilities (CR 707.2): look at the abilities themselves
        elif kept is not None:
            continue  # (what the effects grant is in the kept index)
        elif e.op == "grant_ability" or (e.op == "become" and e.args.get("abilities")):
            # (a "becomes ... with '[ability]'" effect grants it too, CR 613.1f)
            found.update(_kinds_of(e.args.get("abilities") or ()))
        elif e.op == "grant_keyword" and _keyword_triggers(e.args.get("keyword")):
            # a granted keyword's own triggered abilities (decayed, CR 702.147a)
            found.update(_kinds_of(keyword_abilities(e.args["keyword"])))
    if (
        kept is not None
        and not game.command
        and kept[2] < len(battlefield)
        and tuple(battlefield[: kept[2]]) == kept[3]
    ):
        found.update(kept[0])
        grants = kept[1]
        ids = battlefield[kept[2] :]
    elif kept is not None:
        return _build_index(game)
    elif game.command:
        ids = [*ids, *emblem_ids(game)]
    for oid in ids:
        o = objects[oid]
        if o.phased_out:
            continue
        if copies or (o.face_down and o.chosen):
            found.update(_kinds_of(_triggered(game, o)))
        kinds, gives = _face_kinds(o)
        found |= kinds
        grants = grants or gives
    got = (frozenset(found), grants, len(battlefield), tuple(battlefield))
    game._chars[_WATCHED_KEY] = got
    return got


def _kinds_of(abilities: Any) -> set[str]:
    out: set[str] = set()
    for a in abilities:
        trig = getattr(a, "trigger", None)
        if trig is None or a.kind is not AbilityKind.TRIGGERED:
            continue
        for t in alternatives(trig) or (trig,):
            out.update(_EVENT_KINDS_OF.get(t.event, (t.event,)))
    return out


def _face_kinds(obj: GameObject) -> tuple[frozenset[str], bool]:
    """The event kinds the face's triggered abilities (printed, and those its static
    abilities grant) can trigger on, and whether it grants any, cached per card face."""
    key = ("trigger_kinds", obj.face)
    v = obj.card.cache.get(key)
    if v is None:
        abilities = _base(obj).abilities
        granted = [
            g
            for a in abilities
            for st in a.static
            if st.op == "grant_ability"
            for g in st.args.get("abilities") or ()
            if isinstance(g, Ability)
        ]
        v = (frozenset(_kinds_of([*abilities, *granted])), bool(granted))
        obj.card.cache[key] = v
    return v


def _has_triggers(obj: GameObject) -> bool:
    """Whether the object's face has triggered abilities (printed, from keyword
    expansions, or that its own static abilities may give it: a leveler's level
    symbols, CR 711.2), cached per card face."""
    key = ("has_triggers", obj.face)
    v = obj.card.cache.get(key)
    if v is None:
        abilities = _base(obj).abilities
        v = any(a.kind is AbilityKind.TRIGGERED for a in abilities) or any(
            st.op == "grant_ability"
            and any(
                isinstance(g, Ability) and g.kind is AbilityKind.TRIGGERED
                for g in st.args.get("abilities") or ()
            )
            for a in abilities
            for st in a.static
        )
        obj.card.cache[key] = v
    return v


def _listed_face_down(obj: GameObject) -> bool:
    """A face-down permanent with the abilities the effect that turned it face down
    lists (CR 708.2: "It's a 3/3 creature with ...")."""
    return obj.face_down and "face_down_values" in (obj.chosen or {})


def _cast_self_triggers(game: Game, spell: GameObject) -> list[Ability]:
    """The spell's own "When you cast this spell, ..." abilities (Infusion, the
    Eldrazi titans): they trigger on its casting while it is on the stack (CR
    113.6, 601.2i), the only zone it works from then."""
    out = []
    for a in _triggered(game, spell):
        trig = a.trigger
        if trig is None or trig.event != "cast":
            continue
        what = _detail(trig, "what")
        if isinstance(what, Filter) and ("self", True) in what.conditions:
            out.append(a)
    return out


def _cast_this_spell(game: Game, d: dict[str, Any]) -> GameObject | None:
    """The spell just cast, when it has a "When you cast this spell" ability."""
    spell = game.objects.get(d.get("obj", -1))
    if spell is None or spell.zone != Zone.STACK or not _cast_self_triggers(game, spell):
        return None
    return spell


def _triggered(game: Game, obj: GameObject) -> list[Ability]:
    if obj.face_down and not _listed_face_down(obj):
        return []
    return [a for a in chars(game, obj).abilities if a.kind is AbilityKind.TRIGGERED and a.trigger]


def on_event(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 603.2: check every triggered ability against the event; during a
    simultaneous event, once the whole of it has happened (CR 603.10a)."""
    b = game._batch
    if b is not None:
        b.events.append((ev, subject))
        return
    _check(game, ev, subject, ())


def _flush(game: Game, b: Batch) -> None:
    """CR 603.10a, 603.2c: the events of one simultaneous action, checked after all
    of it happened: leaves-the-battlefield abilities look back at the game just
    before it, the abilities of every permanent that left with it included; a
    "one or more" ability triggers once for the whole batch."""
    left = [
        s
        for ev, s in b.events
        if s is not None
        and ev.kind == EventKind.ZONE_CHANGE
        and ev.data.get("from_zone") == "battlefield"
    ]
    once: set[tuple[int, str, Any]] = set()
    for ev, s in b.events:
        for o in left:
            c = b.lki.get(o.id)
            if c is not None:
                remember_chars(game, o, c)  # the old ids are never reused (CR 400.7)
        _check(game, ev, s, left, once, b.events)


_FLUSH.append(_flush)


#: the event kinds :func:`_check` looks at even when no permanent's ability triggers
#: on them: a zone change (it may look back, CR 603.10a), a spell cast ("when you
#: cast this spell", 601.2i) and phasing out (603.10b)
_LOOKED_AT_ANYWAY: Final = frozenset((EventKind.ZONE_CHANGE, EventKind.CAST, EventKind.PHASING))


def _check(
    game: Game,
    ev: Event,
    subject: GameObject | None,
    left: list[GameObject] | tuple[()],
    once: set[tuple[int, str, Any]] | None = None,
    batch: list[tuple[Event, GameObject | None]] | None = None,
) -> None:
    if game.delayed_triggers and ev.kind in DELAYED_EVENT_KINDS:
        fire_event(game, ev.kind, ev.data, subject)  # CR 603.7c: "when you next ..."
    if ev.kind not in _TRIGGER_EVENT_KINDS:
        return
    d = ev.data
    kinds = _watched_kinds(game)
    in_graveyards = graveyard_watchers(game)  # CR 113.6m
    if ev.kind not in kinds and ev.kind not in _LOOKED_AT_ANYWAY and not in_graveyards:
        return  # (the usual case, decided as below without building anything)
    cast_self = _cast_this_spell(game, d) if ev.kind == EventKind.CAST else None
    if cast_self is not None:
        in_graveyards = [*in_graveyards, cast_self]
    if (
        ev.kind != EventKind.ZONE_CHANGE
        and ev.kind not in kinds
        and not in_graveyards
        # (what just phased out isn't indexed, but looks back: CR 603.10b)
        and not (ev.kind == EventKind.PHASING and d.get("phased_out"))
    ):
        # nothing has an ability this kind of event triggers (a zone change, which
        # changes the state anyway, is checked directly: it may look back, 603.10a)
        return
    watchers: list[GameObject] = []
    if ev.kind != EventKind.ZONE_CHANGE or EventKind.ZONE_CHANGE in kinds:
        # (else no permanent or emblem has an ability a zone change triggers; the
        # objects that left are looked at below, as they last existed, 603.10a)
        watchers = [
            game.objects[oid] for oid in game.battlefield if not game.objects[oid].phased_out
        ]
        if game.command:
            watchers.extend(game.objects[oid] for oid in emblem_ids(game))  # CR 114.4
        if ev.kind == EventKind.PHASING and d.get("phased_out"):
            # CR 603.10b: abilities that trigger when a permanent phases out look back
            # in time: those of the permanents that just phased out too
            watchers.extend(game.objects[oid] for oid in d["phased_out"] if oid in game.objects)
    gone: set[int] = set()
    if (
        ev.kind == EventKind.ZONE_CHANGE
        and d.get("from_zone") == "battlefield"
        and subject is not None
    ):
        _note_left(game, subject)
        new = d.get("obj")
        if isinstance(new, int):
            # CR 603.10a: the game looks back to just before the event: a permanent
            # that entered since (a card exiled "until this leaves the battlefield"
            # returning, 610.3c) wasn't there to see it (ids only grow, 400.7)
            watchers = [w for w in watchers if w.id < new]
        # CR 603.10a: leaves-the-battlefield abilities look back, at the permanent that
        # left and at those that left at the same time
        gone = {subject.id, *(o.id for o in left)}
        watchers.append(subject)
        watchers.extend(o for o in left if o is not subject)
    into_graveyard = _put_into_graveyard_itself(game, ev)
    if into_graveyard is not None:
        watchers.append(into_graveyard)
    granted = (_granted_triggers_possible(game) if game.effects else False) or _static_grants(game)
    quiet = silenced(game, ev, subject) if ev.kind == EventKind.ZONE_CHANGE else []
    n_watchers = len(watchers)
    watchers.extend(in_graveyards)
    for i, w in enumerate(watchers):
        if w is cast_self:
            abilities = _cast_self_triggers(game, w)  # CR 113.6: it works on the stack
        elif w is into_graveyard:
            abilities = [a for a in _triggered(game, w) if _self_into_graveyard(a)]
        elif i >= n_watchers:
            abilities = list(graveyard_triggers(w))  # CR 113.6m: only those work there
        elif (
            not granted
            and w.zone == Zone.BATTLEFIELD
            and w.id not in gone  # (it may have had granted abilities, 603.10a)
            and not _listed_face_down(w)
            # (its face has no triggered ability this kind of event can trigger: the
            # index :func:`_watched_kinds` is built from the same kinds, permanent
            # by permanent)
            and (not _has_triggers(w) or ev.kind not in _face_kinds(w)[0])
        ):
            continue
        else:
            abilities = [a for a in _triggered(game, w) if not functions_in_graveyard(a)]
        hush = silencer(game, quiet, w) if quiet else None
        # a permanent's own abilities (not a spell's, nor a graveyard card's: CR 603.2d)
        own = w is not cast_self and w is not into_graveyard and i < n_watchers
        for ability in abilities:
            assert ability.trigger is not None  # _triggered keeps triggered abilities only
            if not _matches(game, ability.trigger, ev, w, subject):
                continue
            if hush is not None:
                announce_hushed(game, w, hush)
                continue
            how_many: int | None = None
            if ev.kind == EventKind.ZONE_CHANGE and _detail(ability.trigger, "one_or_more"):
                how_many = 1  # "one or more cards", one of them (CR 603.2c)
            totals = _TOTALED.get(ev.kind) if once is not None else None
            if totals is not None and (
                ev.kind != EventKind.DAMAGE or ability.trigger.event == "lose_life"
            ):
                # CR 615.13: once each time a prevention effect is applied to one or
                # more simultaneous damage events, for all the damage it prevented;
                # "whenever you lose life": damage dealt at once by several sources is
                # one loss of life for that player, of the total (CR 120.3a, 603.2c)
                field, same = totals
                key = (w.id, ability.text, d.get(same))
                assert once is not None
                if key in once:
                    continue
                once.add(key)
                if batch:
                    how_many = sum(
                        int(e2.data.get(field) or 0)
                        for e2, s2 in batch
                        if e2.kind == ev.kind
                        and e2.data.get(same) == d.get(same)
                        and _matches(game, ability.trigger, e2, w, s2)
                    )
            elif (
                once is not None
                and ev.kind == EventKind.DAMAGE
                and _detail(ability.trigger, "one_or_more_sources")
            ):
                # "whenever one or more creatures you control deal combat damage to a
                # player": once for each recipient of the simultaneous damage, whichever
                # of the creatures dealt it (CR 603.2c, 510.2)
                key = (w.id, ability.text, ("to", d.get("target")))
                if key in once:
                    continue
                once.add(key)
            elif once is not None and _detail(ability.trigger, "one_or_more"):
                # "whenever a source you control deals damage to one or more ...":
                # once for each source in the event (CR 603.2c)
                key = (w.id, ability.text, d.get("source") if ev.kind == EventKind.DAMAGE else 0)
                if key in once:
                    continue  # CR 603.2c: once for the simultaneous event
                once.add(key)
                if batch and ev.kind == EventKind.ZONE_CHANGE:
                    # "whenever you discard one or more cards, ... that many": how many
                    # of the event's objects it triggered on (CR 603.2c, 608.2c)
                    how_many = sum(
                        1 for e2, s2 in batch if _matches(game, ability.trigger, e2, w, s2)
                    )
            event: dict[str, Any] = {k: v for k, v in d.items() if isinstance(v, int | str | bool)}
            if how_many is not None:
                event["amount"] = how_many
            if ev.kind in (EventKind.BLOCKS, EventKind.BLOCKED_BY):
                # "that creature": the one it blocks / that blocks it (CR 509.3)
                event["other"] = d.get("attacker" if ev.kind == EventKind.BLOCKS else "blocker")
            if ev.kind == EventKind.DAMAGE:
                if d.get("target", 0) < 0:
                    # "that player": the player dealt the damage (CR 603.2)
                    event["player"] = -d["target"] - 1
                elif ability.trigger.event.startswith("dealt_"):
                    # "it", "that creature": the object dealt the damage
                    event["obj"] = d["target"]
                if ability.trigger.event.startswith("deals_") and not isinstance(
                    ability.trigger.subject, SelfRef
                ):
                    # "whenever a creature deals damage to you, destroy it": "it" is
                    # the source of the damage (CR 603.2, 608.2c)
                    event["obj"] = d.get("source")
                dealer = game.objects.get(d.get("source", -1))
                if dealer is not None and dealer.zone == Zone.STACK:
                    # "that source's controller": a spell that dealt the damage leaves
                    # the stack as it finishes resolving, before this ability resolves:
                    # the ability uses its last known information (CR 608.2h)
                    event["damage_source_lki"] = lki_record(game, dealer)
            if ev.kind == EventKind.DECLARE_ATTACKERS:
                # "whenever you attack with one or more creatures, ... that many"
                event["player"] = game.active
                event["amount"] = attack_with_count(game, ability.trigger, d, w)
                if _detail(ability.trigger, "with_self"):
                    # battalion: "whenever this creature and at least two other
                    # creatures attack, put a +1/+1 counter on it": "it" is this
                    # creature, one of the attackers (CR 207.2c, 603.2, 608.2c)
                    event["obj"] = w.id
            if ev.kind == EventKind.ZONE_CHANGE and ability.trigger.event == "counters_put":
                # "that many": the counters it entered with (CR 122.6, 608.2c)
                event["amount"] = _counters_put(game, ability.trigger, d, w)
            if ev.kind == EventKind.ZONE_CHANGE and ability.trigger.event == "unattached":
                event["obj"] = d["attached_to"]  # "that permanent" (CR 603.10c)
            if ev.kind == EventKind.ZONE_CHANGE and _detail(ability.trigger, "discarded_by"):
                # "When a spell or ability an opponent controls causes you to discard
                # this card, that player ...": that spell's or ability's controller
                # (CR 701.9a)
                event["player"] = d.get("by")
            if ev.kind == EventKind.ZONE_CHANGE and "player" not in event and subject is not None:
                # "that player": who discarded or sacrificed it (CR 701.9a, 701.21a)
                event["player"] = subject.controller
            if w is subject and w.zone == Zone.BATTLEFIELD and w.counters:
                # CR 603.10a, 608.2h: the counters it had as it last existed
                event["lki_counters"] = dict(w.counters)
            if (
                ev.kind == EventKind.ZONE_CHANGE
                and d.get("from_zone") == "battlefield"
                and w.id in (d.get("attached") or ())
                and "Aura" in chars(game, w).subtypes
            ):
                # CR 400.7f: an Aura enchanting the permanent that left can be found
                # in its owner's graveyard (put there with it, or by 704.5m)
                event["aura_card"] = w.card_uid
            if w.id in gone:
                # CR 113.7a, 608.2h: the ability uses its source's last known information
                event["source_lki"] = lki_record(game, w)
                if subject is w and d.get("in_combat"):
                    # "When this creature dies, if it wasn't blocking" (CR 603.10a, 506.4)
                    event["source_lki"][d["in_combat"]] = True
            if gone and subject is not None and w is not subject:
                event["obj_lki"] = lki_record(game, subject)  # "its power" (608.2h)
                if d.get("in_combat"):
                    # "draw a card if it was attacking" (CR 603.10a, 506.4)
                    event["obj_lki"][d["in_combat"]] = True
            elif ev.kind == EventKind.CAST and d.get("obj") in game.objects:
                # "where X is that spell's mana value": the spell as it last existed,
                # should it leave the stack first (countered: CR 608.2h)
                event["obj_lki"] = lki_record(game, game.objects[d["obj"]])
                if _mana_value_equal(ability.trigger):
                    # "a spell with mana value equal to the number of doom counters
                    # on this enchantment, ... deals that much damage" (Imminent
                    # Doom): "that much" is that number, the spell's (CR 202.3)
                    event.setdefault("amount", event["obj_lki"].get("mana_value"))
            if ability.trigger.condition is not None and not _condition_on_event(
                game, ability, w, event
            ):
                continue  # CR 603.4: intervening "if" false when it would trigger
            if ability.restrictions and not _once_each_turn_ok(game, ability, w):
                continue  # "This ability triggers only once each turn" (CR 603.2)
            rec = {
                "source": w.id,
                "source_name": w.name,
                "source_token": w.card.token_spec,
                "card_uid": w.card_uid,
                # CR 603.3a: the player who controlled its source when it
                # triggered (as it last existed, 603.10a)
                "controller": w.controller,
                "ability": ability,
                "event": event,
            }
            if ev.kind == EventKind.DIE_ROLL:
                # "whenever you roll a die": once for each die, "that many" its result;
                # "one or more dice": once, for the roll's result (CR 706.2, 603.2)
                if _detail(ability.trigger, "each_die"):
                    for r in dice_matching(ability.trigger, d):
                        game.pending_triggers.append(
                            dict(rec, event=dict(event, amount=r, die_result=r))
                        )
                        if own:
                            add_again(game, w, game.pending_triggers[-1])  # CR 603.2d
                    continue
                event["amount"] = event["die_result"] = d.get("result")
            if ev.kind == EventKind.PHASING and not isinstance(ability.trigger.subject, SelfRef):
                # "whenever another Spirit you control phases in": once for each one
                # that phased in, "it" being that one (CR 603.2, 702.26)
                for i in phased_matching(game, ability.trigger, d, w):
                    game.pending_triggers.append(dict(rec, event=dict(event, obj=i)))
                    if own:
                        add_again(game, w, game.pending_triggers[-1])  # CR 603.2d
                continue
            game.pending_triggers.append(rec)
            if own:
                # "If a triggered ability of a Ninja creature you control triggers",
                # "If a creature dying causes ..." (CR 603.2d; as it last existed if
                # it left, 603.10a); a spell's or a graveyard card's never (603.2d)
                add_more(game, w, rec, ev, subject, left=w.id in gone)


def _self_into_graveyard(a: Ability) -> bool:
    """ "When [this card] is put into a graveyard from anywhere" (CR 603.6c)."""
    trig = a.trigger
    return (
        trig is not None
        and trig.event == "put_into_graveyard"
        and (isinstance(trig.subject, SelfRef) or trig.subject is None)
    )


def _put_into_graveyard_itself(game: Game, ev: Event) -> GameObject | None:
    """The card just put into a graveyard from somewhere other than the battlefield
    (milled, discarded, countered) when it has "when this is put into a graveyard
    from anywhere": it triggers from the graveyard, as it is after the event (CR
    603.6c, 603.10; from the battlefield the permanent's own look back sees it)."""
    d = ev.data
    if (
        ev.kind != EventKind.ZONE_CHANGE
        or d.get("to_zone") != "graveyard"
        or d.get("from_zone") == "battlefield"
    ):
        return None
    new = game.objects.get(d.get("obj", -1))
    if new is None or new.zone != Zone.GRAVEYARD or not _has_triggers(new):
        return None
    return new if any(_self_into_graveyard(a) for a in _triggered(game, new)) else None


def _note_left(game: Game, left: GameObject) -> None:
    """A permanent that triggered abilities waiting to resolve name ("whenever a
    creature enters, you gain life equal to its toughness") left the battlefield:
    they keep its last known information (CR 608.2h, 113.7a)."""
    for oid in game.stack:
        td = game.objects[oid].trigger_data  # (each clone has its own copy)
        if td and td.get("obj") == left.id and "obj_lki" not in td:
            td["obj_lki"] = lki_record(game, left)
    for t in game.pending_triggers:
        td = t.get("event")
        if td and td.get("obj") == left.id and "obj_lki" not in td:
            # a new mapping: clones share the pending records' inner ones
            t["event"] = {**td, "obj_lki": lki_record(game, left)}


def _once_each_turn_ok(game: Game, ability: Ability, source: GameObject) -> bool:
    """ "This ability triggers only once each turn" (CR 603.2): whether it may
    trigger now; records that it did (per object and ability, for this turn). "Do
    this only once each turn" (CR 603.2h): it triggers only if the action wasn't
    taken yet this turn (recorded as it is: rules/effects_runner.py)."""
    key = (source.id, ability.text)
    if any(k == "do_once_each_turn" for k, _ in ability.restrictions):
        return key not in game.turn_flags.did_once
    if not any(k == "once_each_turn" for k, _ in ability.restrictions):
        return True
    done = game.turn_flags.triggered_once
    if key in done:
        return False
    done.add(key)
    return True


def _granted_triggers_possible(game: Game) -> bool:
    """Whether some permanent may have triggered abilities its printed face lacks:
    granted ones (a granted keyword's among them: "they gain decayed"), or copied
    ones (CR 707.2, 707.5)."""
    return any(
        e.op in ("grant_ability", "copy", "set_copiable")
        or (e.op == "become" and bool(e.args.get("abilities")))
        or (e.op == "grant_keyword" and _keyword_triggers(e.args.get("keyword")))
        for e in game.effects
    )


#: keyword -> whether it stands for a triggered ability
_KEYWORD_TRIGGERS: Final[dict[str, bool]] = {}


def _keyword_triggers(keyword: Any) -> bool:
    """Whether a keyword stands for a triggered ability (decayed, CR 702.147a)."""
    if not isinstance(keyword, str):
        return False
    got = _KEYWORD_TRIGGERS.get(keyword)
    if got is None:
        got = any(a.kind is AbilityKind.TRIGGERED for a in keyword_abilities(keyword))
        _KEYWORD_TRIGGERS[keyword] = got
    return got


#: id(trigger) -> (trigger, its alternative events as triggers of their own)
_ALTERNATIVES: Final[dict[int, tuple[Trigger, tuple[Trigger, ...]]]] = {}


#: an alternative event's own parts, not details (tx_clauses.when_and)
#: "becomes monstrous", "becomes renowned": a designation a permanent gets, the
#: event naming it (CR 701.37b, 702.112b)
_BECOMES_DESIGNATION: Final = frozenset(
    ((EventKind.MONSTROUS, "becomes_monstrous"), (EventKind.RENOWNED, "becomes_renowned"))
)
_OWN_PARTS: Final = frozenset(("or_subject", "or_player", "or_step"))


def alternatives(trig: Trigger) -> tuple[Trigger, ...]:
    """ "Whenever X enters or attacks": one trigger per event, each with its own
    details (CR 603.2: the ability triggers whenever any of the events occurs).
    Empty for a trigger with a single event."""
    hit = _ALTERNATIVES.get(id(trig))
    if hit is not None and hit[0] is trig:
        return hit[1]
    det = dict(trig.details)
    events = det.get("or_events") or ()
    out: tuple[Trigger, ...] = ()
    if events:
        own = tuple(kv for kv in trig.details if kv[0] not in ("or_events", "or_details"))
        extra = det.get("or_details") or tuple(() for _ in events)
        out = (
            Trigger(trig.event, trig.subject, trig.step, trig.player, trig.condition, (), own),
            *(
                Trigger(
                    ev,
                    dict(dd).get("or_subject", trig.subject),  # its own subject (Syr Konrad)
                    # "when this enters and at the beginning of your upkeep": its own
                    # step and player
                    dict(dd).get("or_step") if "or_player" in dict(dd) else trig.step,
                    dict(dd).get("or_player", trig.player),
                    trig.condition,
                    (),
                    tuple(kv for kv in dd if kv[0] not in _OWN_PARTS),
                )
                for ev, dd in zip(events, extra, strict=False)
            ),
        )
    _ALTERNATIVES[id(trig)] = (trig, out)
    return out


#: what rules/support reports as run (coverage)
COVERAGE_PROBES.trigger_alternatives = alternatives


def _matches(
    game: Game, trig: Trigger, ev: Event, source: GameObject, subject: GameObject | None
) -> bool:
    if not _turn_matches(game, trig, source):
        # "whenever ... during your turn / an opponent's turn" (CR 603.2), for every
        # trigger event: read here once, not again by each event's branch below
        return False
    if (
        ev.kind == EventKind.ZONE_CHANGE
        and subject is not None
        and source.id in (ev.data.get("attached") or ())
        and source.attached_to is None
    ):
        # CR 603.10a: "whenever enchanted/equipped creature dies" looks back at the
        # permanent as it last existed, when this Aura or Equipment was attached to it
        source.attached_to = subject.id
        try:
            return _matches(game, trig, ev, source, subject)
        finally:
            source.attached_to = None
    if (
        ev.kind == EventKind.ZONE_CHANGE
        and subject is not None
        and isinstance(trig.subject, Filter)
        and any(k in _ATTACHED_KEYS for k, _ in trig.subject.conditions)
    ):
        # CR 603.10a: "whenever an equipped creature you control dies" looks back at
        # the Equipment attached to it as it last existed (_leave unattached them)
        again = [
            a
            for a in ev.data.get("attached") or ()
            if a in game.objects and game.objects[a].attached_to is None
        ]
        for a in again:
            game.objects[a].attached_to = subject.id
        try:
            return _matches_now(game, trig, ev, source, subject)
        finally:
            for a in again:
                game.objects[a].attached_to = None
    return _matches_now(game, trig, ev, source, subject)


#: filter conditions about what is attached to an object (rules/filters.py)
_ATTACHED_KEYS: Final = frozenset({"enchanted_by", "equipped_by", "fortified_by"})


def _attacked_permanent(game: Game, d: dict[str, Any], card_type: str) -> GameObject | None:
    """The permanent an attacking creature attacks (a planeswalker or battle, CR
    508.1b), if it has ``card_type``; None when it attacks a player or another kind."""
    attacked = game.objects.get(d.get("defender", 0))
    return attacked if attacked is not None and card_type in chars(game, attacked).types else None


def _matches_now(
    game: Game, trig: Trigger, ev: Event, source: GameObject, subject: GameObject | None
) -> bool:
    if trig.details and any(k == "or_events" for k, _ in trig.details):
        return any(_matches(game, t, ev, source, subject) for t in alternatives(trig))
    d = ev.data
    kind = trig.event
    if kind == "leaves_graveyard":
        return _left_graveyard(game, trig, ev, source, subject)
    if kind == "unattached":
        # "Whenever this Equipment becomes unattached from a permanent" (CR 603.10c,
        # 701.3d): moved away from it (the event names that permanent), or it left
        # the battlefield while attached to one (as it last existed)
        if ev.kind == EventKind.UNATTACH:
            return d.get("attachment") == source.id and d.get("obj") is not None
        return (
            ev.kind == EventKind.ZONE_CHANGE
            and subject is source
            and d.get("from_zone") == "battlefield"
            and d.get("attached_to") is not None
        )
    if ev.kind == EventKind.ZONE_CHANGE:
        if kind == "enters" and d.get("to_zone") == "battlefield":
            new = game.objects.get(d["obj"])
            if new is None:
                return False
            came = _detail(trig, "entered_from")
            if came is not None and not _entered_from(game, came, d, new, source):
                return False
            if _detail(trig, "untapped") and new.tapped:
                # "enters untapped" (CR 603.6a, 110.5): not if it entered tapped
                return False
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                return new.id == source.id
            return matches_object(game, new, trig.subject, source.controller, source)
        if kind == "discard":
            return _discard_matches(game, trig, ev, source)
        if kind == "mill":
            return _mill_matches(game, trig, ev, source)
        if kind == "counters_put":
            return _counters_put(game, trig, d, source) > 0
        if (
            kind == "put_into_graveyard"
            and d.get("to_zone") == "graveyard"
            and isinstance(trig.subject, Filter)
        ):
            # "whenever another card is put into a graveyard from anywhere", "one or
            # more land cards are put into your graveyard from anywhere": the card it
            # became in the graveyard (CR 400.7; a token isn't a card, 111.1)
            if _detail(trig, "not_from") == d.get("from_zone"):
                return False  # "from anywhere other than the battlefield"
            if _detail(trig, "from") not in (None, d.get("from_zone")):
                return False  # "from your library"
            new = game.objects.get(d.get("obj", -1))
            return (
                new is not None
                and not new.is_token
                and _put_into_matches(game, trig, d, new, source)
                and matches_object(game, new, trig.subject, source.controller, source)
            )
        if kind == "countered":
            return _countered_matches(game, trig, d, source, subject)
        if (
            kind == "put_into_graveyard"
            and d.get("to_zone") == "graveyard"
            and d.get("from_zone") != "battlefield"
            and (isinstance(trig.subject, SelfRef) or trig.subject is None)
        ):
            # "When Emrakul is put into a graveyard from anywhere": the card it became
            # there (CR 603.6c: never a leaves-the-battlefield ability; 400.7); "when
            # this card is put into your graveyard from your library" (Narcomoeba)
            if _detail(trig, "discarded_by") == "opponent" and not (
                is_discard(ev) and d.get("by") not in (None, source.owner)
            ):
                # "When a spell or ability an opponent controls causes you to discard
                # this card" (Metrognome): a discard (CR 701.9a) another player's
                # spell or ability made, not one its owner's own made
                return False
            return d.get("obj") == source.id and _detail(trig, "from") in (
                None,
                d.get("from_zone"),
            )
        if d.get("from_zone") != "battlefield" or subject is None:
            return False
        if kind == "sacrifice":
            # CR 701.21a: "whenever you sacrifice a creature" (a leaves-the-battlefield
            # ability: it looks back at the permanent, CR 603.10a)
            if d.get("cause") != "sacrifice":
                return False
            if not _player_matches(game, trig.player, d.get("controller"), source.controller):
                return False
            what = _detail(trig, "what")
            return not isinstance(what, Filter) or matches_object(
                game, subject, what, source.controller, source
            )
        if kind == "dies":
            if not _put_into_matches(game, trig, d, subject, source) and not (
                d.get("to_zone") == "graveyard"
                and _put_into(trig) is None
                and "Creature" in chars(game, subject).types  # "dies" (CR 700.4)
            ):
                return False
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                return subject.id == source.id
            return matches_object(game, subject, trig.subject, source.controller, source)
        if kind == "leaves":
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                return subject.id == source.id
            return matches_object(game, subject, trig.subject, source.controller, source)
        if kind == "put_into_graveyard" and d.get("to_zone") == "graveyard":
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                return subject.id == source.id
            return matches_object(game, subject, trig.subject, source.controller, source)
        return False
    if source.zone not in (Zone.BATTLEFIELD, Zone.COMMAND, Zone.GRAVEYARD) and not (
        source.zone == Zone.STACK and ev.kind == EventKind.CAST and d.get("obj") == source.id
    ):
        # (CR 114.4: emblems are the only command-zone watchers; a card in a
        # graveyard watches only with its abilities that function there, 113.6m;
        # a spell, only "when you cast this spell" as it is cast, 113.6)
        return False
    if ev.kind == EventKind.CLASS_LEVEL or kind == "class_level":
        # "When this Class becomes level N" (CR 716.2a: effects/class_level.py)
        return (
            ev.kind == kind
            and d.get("obj") == source.id
            and d.get("level") == _detail(trig, "level")
        )
    if ev.kind == EventKind.CUMULATIVE_UPKEEP_PAID or kind == "cumulative_upkeep_paid":
        # "Whenever this creature's cumulative upkeep is paid" (CR 702.24a)
        return ev.kind == kind and d.get("obj") == source.id
    if kind == "attacks" and trig.details:
        # "attacks alone" (CR 506.5, event of 508.1), "attacks you", "attacks a player"
        alone = _detail(trig, "alone")
        if ev.kind != ("attacks_alone" if alone else "attacks"):
            return False
        if _detail(trig, "first_each_turn") and not d.get("first"):
            return False  # "whenever this creature attacks for the first time each turn"
        if _detail(trig, "saddled"):
            # "attacks while saddled" (CR 702.171b)
            att = game.objects.get(d["obj"])
            if att is None or not KEYWORD_HOOKS.is_saddled(game, att):
                return False
        target = _detail(trig, "attack_target")
        if isinstance(target, tuple):
            # "attacks you or a planeswalker you control" (CR 508.1b): you, or a
            # permanent of that card type you control
            if ref_player(d.get("defender", 0)) is not None:
                if d.get("player") != source.controller:
                    return False
            else:
                attacked = _attacked_permanent(game, d, target[1])
                if attacked is None or attacked.controller != source.controller:
                    return False
        elif target == "battle":
            # "whenever this creature attacks a battle" (CR 310.5, 508.1b)
            if _attacked_permanent(game, d, "Battle") is None:
                return False
        elif target is not None:
            if ref_player(d.get("defender", 0)) is None:
                return False  # it attacks a planeswalker or battle, not a player
            if target == "enchanted_player" and d.get("player") != enchanted_player(source):
                return False  # "attacks enchanted player" (CR 303.4e)
            if target == "you" and d.get("player") != source.controller:
                return False
            if target == "opponent" and d.get("player") not in game.opponents(source.controller):
                return False  # "attacks one of your opponents" (CR 102.3)
        o = game.objects.get(d["obj"])
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d["obj"] == source.id
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if (
        ev.kind == EventKind.BLOCKS
        and kind == "blocks"
        and isinstance(_detail(trig, "what"), Filter)
    ):
        # "whenever this creature blocks a creature" (CR 509.1i): the attacker it blocks
        att = game.objects.get(d.get("attacker", -1))
        if att is None or not matches_object(
            game, att, _detail(trig, "what"), source.controller, source
        ):
            return False
    if kind == "becomes_blocked" and isinstance(_detail(trig, "by"), Filter):
        # "whenever this creature becomes blocked by a creature": once for each
        # blocking creature (CR 509.3d)
        if ev.kind != EventKind.BLOCKED_BY:
            return False
        blocker = game.objects.get(d.get("blocker", -1))
        if blocker is None or not matches_object(
            game, blocker, _detail(trig, "by"), source.controller, source
        ):
            return False
        o = game.objects.get(d["obj"])
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d["obj"] == source.id
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if (
        ev.kind
        in (
            EventKind.ATTACKS,
            EventKind.BLOCKS,
            EventKind.BECOMES_BLOCKED,
            EventKind.ATTACKS_UNBLOCKED,
        )
        and kind == ev.kind
    ):
        o = game.objects.get(d["obj"])
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d["obj"] == source.id
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == EventKind.DAMAGE and kind in ("deals_damage", "deals_combat_damage"):
        if kind == "deals_combat_damage" and not d.get("combat"):
            return False
        if d.get("combat") and _detail(trig, "noncombat"):
            return False  # "deals noncombat damage" (CR 120.2, 510.2)
        if trig.player == "to_player" and d.get("target", 0) >= 0:
            return False
        what = _detail(trig, "what")
        if isinstance(what, Filter) and not _damage_recipient_matches(
            game, what, d.get("target", 0), source
        ):
            return False
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d["source"] == source.id
        o = game.objects.get(d["source"])
        if o is None and subject is not None and subject.id == d["source"]:
            # a source that is no longer an object, as it last existed: the spell whose
            # prevention effect deals the damage after it resolved (CR 608.2h, 615.5)
            o = subject
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == EventKind.DAMAGE and kind in ("dealt_damage", "dealt_combat_damage"):
        # "whenever this creature is dealt damage" (CR 120.3, 603.2)
        if kind == "dealt_combat_damage" and not d.get("combat"):
            return False
        if d.get("combat") and _detail(trig, "noncombat"):
            return False  # "is dealt noncombat damage" (CR 120.2, 510.2)
        target = d.get("target", 0)
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return target == source.id
        if target < 0:
            return "player" in trig.subject.kinds and matches_player(
                game, -target - 1, trig.subject, source.controller
            )
        o = game.objects.get(target)
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == EventKind.CAST and kind == "cast":
        if not _player_matches(game, trig.player, d.get("player"), source.controller):
            return False
        nth = _detail(trig, "nth")
        if nth is not None and d.get("nth") != nth:
            return False  # "whenever you cast your second spell each turn" (CR 603.2)
        nth = _detail(trig, "nth_instant_sorcery")
        if nth is not None and d.get("instants_sorceries_before") != nth - 1:
            return False  # "... your first instant or sorcery spell each turn" (603.2)
        spell = game.objects.get(d["obj"])
        if spell is None:
            return False
        nth = _detail(trig, "nth_kind")
        what = _detail(trig, "what")
        if nth is not None and not (
            isinstance(what, Filter)
            and counted_spells(what)
            and nth_matching_spell(game, what, d["player"], source) == nth
        ):
            return False  # "your first enchantment spell each turn" (CR 603.2, 601.2i)
        if isinstance(trig.subject, Filter) and "player" not in trig.subject.kinds:
            if not matches_object(game, spell, trig.subject, source.controller, source):
                return False
        what = _detail(trig, "what")
        if isinstance(what, Filter):
            # "whenever you cast a creature spell": the spell must match; a zone
            # other than the stack means "cast from that zone"
            # ("a spell you don't own", Tasha: its owner isn't its caster, CR 108.3)
            conds = tuple(c for c in what.conditions if c[0] != "owner" or c[1] == "opponent")
            if not matches_object(
                game, spell, Filter(what.kinds, "stack", conds), source.controller, source
            ):
                return False
            if not cast_from_matches(what.zone, d.get("from_zone")):
                return False
        return True
    if ev.kind == EventKind.DECLARE_ATTACKERS and kind == "attack_with":  # CR 508.1, 603.2
        if not _player_matches(game, trig.player, game.active, source.controller):
            return False
        return attack_with_count(game, trig, d, source) > 0
    if ev.kind == EventKind.DUNGEON and kind == "complete_dungeon":
        # "Whenever you complete a dungeon" (CR 309.7): its card is removed from the
        # game as that player completes it (not a venture into a room, 309.5)
        return bool(d.get("completed")) and _player_matches(
            game, trig.player, d.get("player"), source.controller
        )
    if ev.kind == EventKind.PROLIFERATE and kind == "proliferate":
        # "whenever you proliferate" (CR 701.34a): even choosing nothing
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.DECLARE_ATTACKERS and kind == "player_attacked":
        # "Whenever enchanted player is attacked" (CR 508.1, 603.2): once for the
        # declaration, when one or more creatures attack that player (not only their
        # planeswalkers or battles)
        flt = trig.subject
        return isinstance(flt, Filter) and any(
            matches_player(game, p, flt, source.controller, source)
            for p in d.get("attacked_players") or ()
        )
    if ev.kind == EventKind.TAPPED_FOR_MANA and kind == "tap_for_mana":  # CR 106.12a
        # "whenever a player taps a nonbasic land for mana", "whenever you tap this
        # creature for mana" (rules/tapping.became_tapped)
        return _by_player_of(game, trig, d, source)
    if ev.kind == EventKind.BECOMES_TAPPED and kind == "tapped":  # CR 701.26a (rules/tapping.py)
        return _tapped_matches(game, trig, d, source)
    if ev.kind == EventKind.BECOMES_UNTAPPED and kind == "untapped":  # CR 701.26b
        return _tapped_matches(game, trig, d, source)
    if ev.kind == EventKind.TURNED_FACE_UP and kind == "turned_face_up":  # CR 702.37, 708.8
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d.get("obj") == source.id
        o = game.objects.get(d.get("obj", 0))
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == EventKind.TRANSFORM and kind in ("transforms", "transform"):  # CR 701.27e
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d.get("obj") == source.id and (
                not trig.details or dict(trig.details).get("into") in (None, d.get("into"))
            )
        o = game.objects.get(d.get("obj", 0))
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == EventKind.COIN_FLIP and kind in ("flip_coin", "coin_flip"):  # CR 705
        won = _detail(trig, "won")
        if won is not None and d.get("won") is not won:
            return False  # "whenever you win / lose a coin flip" (CR 705.2)
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.DIE_ROLL and kind in ("roll_die", "die_roll"):  # CR 706
        return _player_matches(game, trig.player, d.get("player"), source.controller) and (
            not _detail(trig, "each_die") or bool(dice_matching(trig, d))
        )
    if ev.kind == EventKind.DRAW and kind == "draw":
        # "whenever you draw your second card each turn": only that draw (CR 603.2, 121.2)
        nth = _detail(trig, "nth")
        if nth is not None and d.get("nth") != nth:
            return False
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if (ev.kind == EventKind.EXPLORED and kind == "explore") or (
        ev.kind == EventKind.CREWS and kind == "crews"  # CR 702.122b
    ):
        # "whenever a creature you control explores", "whenever this creature explores",
        # "whenever this creature crews a Vehicle"
        land = _detail(trig, "revealed_land")
        if land is not None and d.get("revealed_land") is not land:
            return False  # "explores a land card" / "a nonland card" (CR 701.44a)
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d.get("obj") == source.id
        o = game.objects.get(d.get("obj", -1))
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if kind == "play" and ev.kind in (EventKind.PLAY_LAND, EventKind.CAST):
        # "whenever a player plays a land", "when you play another land" (CR 305.1),
        # "whenever you play a card from exile" (a land or a spell, 701.18b)
        return _played_matches(game, trig, d, source)
    if ev.kind == EventKind.MONARCH and kind == "becomes_monarch":
        # "whenever you become the monarch", "whenever an opponent becomes the
        # monarch" (CR 724.3); the game left with no monarch is no one's (724.4)
        p = d.get("player")
        return (
            isinstance(p, int)
            and p >= 0
            and _player_matches(game, trig.player, p, source.controller)
        )
    if (ev.kind, kind) in _BECOMES_DESIGNATION:
        # "when this creature becomes monstrous" (CR 701.37c), "whenever a creature
        # you control becomes renowned" (CR 702.112b)
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d.get("obj") == source.id
        o = game.objects.get(d.get("obj", -1))
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == EventKind.VOTE and kind == "finish_voting":
        # "whenever players finish voting": the vote's tally, once every player has
        # voted (CR 701.38a, effects/vote.py)
        return d.get("counts") is not None
    if ev.kind == EventKind.RING_TEMPTS and kind == "ring_tempts":
        # "whenever the Ring tempts you", once the actions are complete (CR 701.54d)
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.FULLY_UNLOCKED and kind == "fully_unlock_room":
        # "whenever you fully unlock a Room" (Eerie): the player who gave one of their
        # Rooms its second unlocked designation, or both (CR 709.5i)
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.RING_BEARER and kind == "ring_bearer_chosen":
        # "whenever you choose a creature as your Ring-bearer" (CR 701.54a): a choice,
        # not the designation ending
        return not d.get("ended") and _player_matches(
            game, trig.player, d.get("player"), source.controller
        )
    if ev.kind == EventKind.CAST and kind == "expend":
        # CR 700.14: less than N spent before paying this spell's cost, N or more after
        n = _detail(trig, "amount")
        return (
            isinstance(n, int)
            and int(d.get("mana_spent_before", 0)) < n <= int(d.get("mana_spent_after", 0))
            and _player_matches(game, trig.player, d.get("player"), source.controller)
        )
    if ev.kind == EventKind.SCRY and kind == "scry":
        # "Whenever you scry" (CR 701.22b: scry 0 is no scry event)
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.SURVEIL and kind == "surveil":
        # "Whenever you surveil": after the surveil is complete (CR 701.25d; surveil 0
        # is no surveil event, 701.25c)
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.GAIN_LIFE and kind == "gain_life":
        if _detail(trig, "first_each_turn") and not d.get("first"):
            return False  # "whenever you gain life for the first time each turn"
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if kind == "lose_life" and ev.kind in (EventKind.LOSE_LIFE, EventKind.DAMAGE):
        # "Whenever you lose life (during your turn)", "whenever an opponent loses
        # life" (CR 119.3, 603.2)
        if not lost_life(ev):
            return False
        if _detail(trig, "first_each_turn") and not d.get("first"):
            return False  # "whenever you lose life for the first time each turn"
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.COMMIT_CRIME and kind == "commit_crime":
        # "Whenever you commit a crime" (CR 700.13): the player who committed it
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.EXERTED and kind == "exerted":
        # "Whenever you exert a creature" (CR 701.43a): the player who exerted it
        return _by_player_of(game, trig, d, source)
    if ev.kind == EventKind.LOSE_GAME and kind == "lose_game":
        # "Whenever a player / an opponent loses the game" (CR 603.10f)
        return _player_matches(game, trig.player, d.get("player"), source.controller)
    if ev.kind == EventKind.PHASING and kind in ("phases_out", "phases_in"):
        # "Whenever this creature phases out / in" (CR 702.26, 603.10b)
        return bool(phased_matching(game, trig, d, source))
    if ev.kind == EventKind.COUNTERS and kind == "counters_put":
        return _counters_put(game, trig, d, source) > 0
    if ev.kind == EventKind.DAMAGE_PREVENTED and kind == "damage_prevented":
        # "Whenever damage that would be dealt to you is prevented" (CR 615.13): each
        # damage event some or all of which a prevention effect prevented
        return ref_player(d.get("target", 0)) == source.controller
    if ev.kind == EventKind.ACTIVATE and kind == "activate":
        return _activated_matches(game, trig, d, source)
    return False


def _activated_matches(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> bool:
    """ "Whenever you activate an exhaust ability", "whenever an opponent activates an
    ability of an artifact, creature, or land that isn't a mana ability", "... a
    loyalty ability of enchanted planeswalker" (CR 602.2, 603.2): the ability just
    put on the stack, its source as it is then (CR 113.7a). A mana ability never
    gets here: it doesn't use the stack (CR 605.3a)."""
    if not _player_matches(game, trig.player, d.get("player"), source.controller):
        return False
    on_stack = game.objects.get(d.get("obj", -1))
    ability = on_stack.ability if on_stack is not None else None
    if ability is None or ability.kind is AbilityKind.MANA:
        return False
    kw = _detail(trig, "ability_keyword")
    if kw is not None and ability.keyword != kw:
        return False  # "an exhaust ability" (CR 702.177a)
    if _detail(trig, "loyalty") and (ability.cost is None or ability.cost.loyalty is None):
        return False  # "a loyalty ability" (CR 606.3)
    src = game.objects.get(d.get("source", -1))
    if _detail(trig, "ability_of_self") and (src is None or src.id != source.id):
        return False  # "this creature's outlast ability"
    of = _detail(trig, "ability_of")
    if isinstance(of, Filter):
        if src is None or Zone.NAMES[src.zone] != of.zone:
            return False
        return matches_object(game, src, of, source.controller, source)
    return True


def _turn_matches(game: Game, trig: Trigger, source: GameObject) -> bool:
    """ "... during your turn", "... during an opponent's turn" (CR 603.2): whose
    turn it is as the event happens; no such words: any turn."""
    if _detail(trig, "during") == "combat":
        # "When this creature dies during combat" (Mongrel Pack): in a combat phase
        # (CR 506.1), whoever's turn it is
        return Step.BEGINNING_OF_COMBAT <= game.step <= Step.END_OF_COMBAT
    whose = _detail(trig, "turn")
    if whose == "you":
        return game.is_active(source.controller)  # CR 805.4a: the team's turn
    if whose == "opponent":  # CR 102.3, 805.4a: a turn of an opposing team
        return not game.is_active(source.controller)
    return True


def _counters_put(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> int:
    """How many counters of the trigger's kind an event put on a permanent its
    "whenever one or more +1/+1 counters are put on ..." matches (0: none). CR 122.6:
    counters put on a permanent, and those it enters the battlefield with."""
    want = _detail(trig, "counter")  # (None: "one or more counters", of any kind)
    if d.get("to_zone") is not None:
        if d.get("to_zone") != "battlefield":
            return 0
        o = game.objects.get(d.get("obj", -1))
        if o is None:
            n = 0
        elif want is None:
            n = sum(o.counters.values())
        else:
            n = o.counters.get(str(want), 0)
        # CR 122.6a: the counters a permanent enters with are put by its controller
        by = o.controller if o is not None else None
    else:
        o = game.objects.get(d.get("obj", -1))  # (a player's counters name no object)
        n = int(d.get("amount") or 0) if want in (None, d.get("counter")) else 0
        by = d.get("by", o.controller if o is not None else None)
    if o is None or n <= 0:
        return 0
    if _detail(trig, "by_player"):
        # "whenever you put one or more counters on a creature you don't control"
        # (CR 122.1, 608.2c): who put them, and on what
        what = _detail(trig, "what")
        if not _player_matches(game, trig.player, by, source.controller):
            return 0
        if isinstance(what, Filter) and not matches_object(
            game, o, what, source.controller, source
        ):
            return 0
        return n
    nth = _detail(trig, "nth")
    if isinstance(nth, int):
        # "when the fourth plan counter is put on this enchantment": the counters put
        # take its number of that kind from below that ordinal to it (CR 122.1)
        now = o.counters.get(str(_detail(trig, "counter")), 0)
        n = 1 if now - n < nth <= now else 0
        if n == 0:
            return 0
    if isinstance(trig.subject, SelfRef) or trig.subject is None:
        return n if o.id == source.id else 0
    return n if matches_object(game, o, trig.subject, source.controller, source) else 0


def phased_matching(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> list[int]:
    """The permanents of a phasing event a "whenever [this creature] / [another Spirit
    you control] phases out / in" ability triggers on (CR 702.26, 603.2; phasing out
    looks back, 603.10b): this object, or the phased-in permanents its filter
    matches, one trigger each."""
    ids = d.get("phased_out" if trig.event == "phases_out" else "phased_in") or ()
    if isinstance(trig.subject, SelfRef):
        return [source.id] if source.id in ids else []
    flt = trig.subject
    if trig.event != "phases_in" or not isinstance(flt, Filter):
        return []
    return [
        i
        for i in ids
        if i in game.objects
        and matches_object(game, game.objects[i], flt, source.controller, source)
    ]


def attack_with_count(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> int:
    """ "Whenever you attack with [N or more] [creatures]" (CR 508.1, 603.2): how many
    of the declared attackers match, or 0 when fewer than N do; with ``with_self``
    (battalion, "this creature and at least two other creatures attack") the source
    must be one of them (it counts toward N)."""
    for t in alternatives(trig) or (trig,):
        if t.event == "attack_with":
            trig = t
            break
    what = _detail(trig, "what")
    need = _detail(trig, "count") or 1
    if _detail(trig, "with_self") and source.id not in (d.get("attackers") or ()):
        return 0  # battalion: "this creature and at least two other creatures attack"
    n = 0
    for oid in d.get("attackers") or ():
        o = game.objects.get(oid)
        if o is not None and (
            not isinstance(what, Filter) or matches_object(game, o, what, source.controller, source)
        ):
            n += 1
    return n if n >= need else 0


def _countered_matches(
    game: Game, trig: Trigger, d: dict[str, Any], source: GameObject, subject: GameObject | None
) -> bool:
    """ "Whenever a spell you've cast is countered" (CR 701.6a): the spell moved off
    the stack by being countered (a spell whose targets all became illegal isn't
    countered, it doesn't resolve: 608.2b). It looks back in time (CR 603.10e): the
    spell is judged as it last existed on the stack (its caster, whether a copy)."""
    if d.get("from_zone") != "stack" or not str(d.get("cause", "")).startswith("countered"):
        return False
    if subject is None:
        return False
    if isinstance(trig.subject, Filter):
        return matches_object(game, subject, trig.subject, source.controller, source)
    return True


def _by_player_of(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> bool:
    """A player's action on an object ("whenever you tap a Swamp for mana", "whenever
    a player plays a land", "whenever you exert a creature", CR 603.2): the player who
    acted, and the object, as the trigger names them."""
    if not _player_matches(game, trig.player, d.get("player"), source.controller):
        return False
    what = _detail(trig, "what")
    o = game.objects.get(d.get("obj", -1))
    return o is not None and (
        not isinstance(what, Filter) or matches_object(game, o, what, source.controller, source)
    )


def _played_matches(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> bool:
    """ "Whenever you play a card [from exile]": to play a card is to play it as a
    land or to cast it as a spell (CR 701.18b); "a card" is whichever was played
    (now a permanent or a spell), "from exile" the zone it was played from (601.2a).
    A copy of a card cast isn't a card (CR 108.2, 707.12)."""
    if not _player_matches(game, trig.player, d.get("player"), source.controller):
        return False
    o = game.objects.get(d.get("obj", -1))
    if o is None or o.is_token:
        return False
    what = _detail(trig, "what")
    if not isinstance(what, Filter):
        return True
    if not cast_from_matches(what.zone, d.get("from_zone")):
        return False
    kinds = tuple(k for k in what.kinds if k != "card")
    return matches_object(game, o, Filter(kinds, "any", what.conditions), source.controller, source)


def _tapped_matches(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> bool:
    """CR 701.26a, 603.2: "whenever this creature becomes tapped", "whenever a
    Merfolk you control becomes tapped"; "one or more ... become tapped" triggers
    once for the permanents tapped at once (CR 603.2c): on the first that matches."""
    if isinstance(trig.subject, SelfRef) or trig.subject is None:
        return d.get("obj") == source.id
    if not _detail(trig, "one_or_more"):
        o = game.objects.get(d.get("obj", -1))
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    for oid in d.get("batch") or ():
        o = game.objects.get(oid)
        if o is not None and matches_object(game, o, trig.subject, source.controller, source):
            return oid == d.get("obj")
    return False


def _discard_matches(game: Game, trig: Trigger, ev: Event, source: GameObject) -> bool:
    """CR 701.9a: "whenever you discard a card", "whenever an opponent discards a
    creature card" (the card as it is in the graveyard it was discarded to)."""
    return is_discard(ev) and _card_put_matches(game, trig, ev, source)


def _mill_matches(game: Game, trig: Trigger, ev: Event, source: GameObject) -> bool:
    """CR 701.17a: "whenever a player mills a nonland card", "whenever an opponent
    mills one or more creature cards" (each card milled, as it is in the graveyard,
    701.17c; "one or more": once for the cards milled at once, 603.2c)."""
    return is_mill(ev) and _card_put_matches(game, trig, ev, source)


def _card_put_matches(game: Game, trig: Trigger, ev: Event, source: GameObject) -> bool:
    """A card a player discarded or milled: that player (its owner) and the card's
    description, read in the graveyard. The source is a permanent, or a card whose
    ability functions in its graveyard ("Whenever an opponent mills a nonland card, if
    this creature is in your graveyard, ...", Infesting Radroach; CR 113.6m)."""
    if source.zone not in (Zone.BATTLEFIELD, Zone.GRAVEYARD):
        return False
    card = game.objects.get(ev.data.get("obj", 0))
    if card is None:
        return False
    if not _player_matches(game, trig.player, card.owner, source.controller):
        return False
    what = _detail(trig, "what")
    if not isinstance(what, Filter):
        return True
    return matches_object(
        game, card, Filter(what.kinds, "graveyard", what.conditions), source.controller, source
    )


#: "is put into <zone> from the battlefield": the compiler's detail keys
_PUT_INTO_ZONES: Final = ("graveyard", "exile", "hand", "library")


def _put_into(trig: Trigger) -> tuple[str, Any] | None:
    for k, v in trig.details:
        if k in _PUT_INTO_ZONES:
            return k, v
    return None


def _put_into_matches(
    game: Game, trig: Trigger, d: dict[str, Any], subject: GameObject, source: GameObject
) -> bool:
    """ "When this artifact is put into a graveyard from the battlefield", "whenever a
    nontoken permanent is put into your graveyard from the battlefield" (CR 603.6c,
    603.10a): any permanent, to that zone; "your graveyard" is its owner's (CR 404.1)."""
    into = _put_into(trig)
    if into is None or d.get("to_zone") != into[0]:
        return False
    owner = into[1]
    if owner == "you":
        return subject.owner == source.controller
    if owner == "opponent":  # CR 102.3: not a teammate either
        return game.is_opponent(source.controller, subject.owner)
    return True


def _left_graveyard(
    game: Game, trig: Trigger, ev: Event, source: GameObject, subject: GameObject | None
) -> bool:
    """ "Whenever one or more creature cards leave your graveyard" (CR 603.10a: it
    looks back at the card as it was in the graveyard, not at what it became). A
    card cast from a graveyard left it as it moved to the stack (CR 601.2a); that
    is checked once the spell is cast (601.2i), as no ability triggers during a
    cast that is undone (732.1)."""
    if source.zone != Zone.BATTLEFIELD and source.zone != Zone.COMMAND:
        return False
    d = ev.data
    card: GameObject | None = None
    if ev.kind == EventKind.ZONE_CHANGE:
        if d.get("from_zone") == "graveyard":
            card = subject  # the object as it was in the graveyard (CR 400.7)
    elif ev.kind == EventKind.CAST:
        spell = game.objects.get(d.get("obj", -1))
        left = (spell.paid or {}).get("graveyard_id") if spell is not None else None
        if spell is not None and left is not None:
            # the card as it was in the graveyard: its front face (CR 712.8a), owned
            # by the spell's owner, under the old object's id (never reused, 400.7)
            card = GameObject(left, spell.card_uid, spell.card, spell.owner, Zone.GRAVEYARD)
    if card is None or card.is_token:  # a token isn't a card (CR 111.1)
        return False
    to_zone = _detail(trig, "to_zone")
    if to_zone is not None and (ev.kind != EventKind.ZONE_CHANGE or d.get("to_zone") != to_zone):
        return False  # "are put into exile from your graveyard"
    if _detail(trig, "your_turn") and not game.is_active(source.controller):
        return False  # "... leave your graveyard during your turn"
    whose = _detail(trig, "whose")
    if whose == "you" and card.owner != source.controller:
        return False
    if whose == "opponent" and not game.is_opponent(source.controller, card.owner):
        return False
    if not isinstance(trig.subject, Filter):
        return False  # "when this card leaves your graveyard": not from the battlefield
    return matches_object(game, card, trig.subject, source.controller, source)


def _entered_from(
    game: Game, came: tuple[str, str | None], d: dict[str, Any], new: GameObject, source: GameObject
) -> bool:
    """ "Whenever another creature enters from your graveyard" (CR 603.6a): the zone
    it moved from, and whose it was (a graveyard is its owner's, CR 404.1)."""
    zone, whose = came
    if d.get("from_zone") != zone:
        return False
    if whose == "you":
        return new.owner == source.controller
    if whose == "opponent":
        return new.owner in game.opponents(source.controller)
    return True


def _mana_value_equal(trig: Trigger) -> bool:
    """ "Whenever you cast a spell with mana value equal to ..." """
    what = _detail(trig, "what")
    return isinstance(what, Filter) and any(k == "mana_value_eq" for k, _ in what.conditions)


def dice_matching(trig: Trigger, d: dict[str, Any]) -> list[int]:
    """ "Whenever you roll a die", "... a 4 or higher on a die", "... a 1 or 2": the
    results of the dice of one roll that each trigger it once (CR 706.1, 706.2)."""
    results = d.get("results") or [d.get("result")]
    low = _detail(trig, "min_result")
    values = _detail(trig, "results")
    return [
        r
        for r in results
        if isinstance(r, int) and (low is None or r >= low) and (values is None or r in values)
    ]


def _detail(trig: Trigger, key: str) -> Any:
    for k, v in trig.details:
        if k == key:
            return v
    return None


def _damage_recipient_matches(game: Game, what: Filter, target: int, source: GameObject) -> bool:
    """ "deals combat damage to a player / to a creature"."""
    if target < 0:
        return "player" in what.kinds and matches_player(game, -target - 1, what, source.controller)
    o = game.objects.get(target)
    if o is None or what.kinds == ("player",):
        return False
    return matches_object(game, o, what, source.controller, source)


def _player_matches(game: Game, who: str, player: Any, controller: int) -> bool:
    if who in ("each", "any", "a player"):
        return True
    if who == "opponent":  # CR 102.3: not a teammate either
        return game.is_opponent(controller, player)
    if who == "other":  # "each other player's draw step" (CR 102.1)
        return player != controller
    return player == controller


def step_triggers(game: Game, step: int) -> None:
    """CR 603.6, 503.1a, 513.1a: "at the beginning of ..." abilities trigger."""
    name = Step.NAMES[step]
    if "step" in _watched_kinds(game) or graveyard_watchers(game):  # (else no scan)
        _step_abilities_trigger(game, name)
    if game.delayed_triggers:
        fire(game, name)  # CR 603.7b: delayed triggered abilities


#: cache key of the "at the beginning of <step>" abilities of permanents and emblems,
#: by step name (kept with the permanents' characteristics, rules/layers.py)
STEP_INDEX_KEY: Final = "step_trigger_index"


def _step_index(game: Game) -> dict[str, list[tuple[int, Ability, Trigger]]]:
    """Each step's "at the beginning of" abilities (CR 603.6, 503.1a, 513.1a), as
    (object, ability) in the order of the permanents and of their abilities, then
    the emblems' (CR 114.4); remembered until the characteristics change."""
    granted = (_granted_triggers_possible(game) if game.effects else False) or _static_grants(game)
    got = game._chars.get(STEP_INDEX_KEY)  # type: ignore[call-overload]
    if got is not None and got[0] == granted:
        return got[1]
    index: dict[str, list[tuple[int, Ability, Trigger]]] = {}
    ids = list(game.battlefield)
    if game.command:
        ids.extend(emblem_ids(game))  # CR 114.4: emblems' abilities work in the command zone
    for oid in ids:
        o = game.objects[oid]
        if o.phased_out or (not granted and not _has_triggers(o)):
            continue
        for ability in _triggered(game, o):
            assert ability.trigger is not None  # _triggered keeps triggered abilities only
            if functions_in_graveyard(ability):
                continue
            for trig in alternatives(ability.trigger) or (ability.trigger,):
                if trig.event == "step":
                    # the compiler's "end_step", "combat" ... are the steps of CR 500.1
                    # ("when this enters and at the beginning of your upkeep": its step)
                    step = STEP_NAMES.get(trig.step or "", trig.step)
                    index.setdefault(str(step), []).append((oid, ability, trig))
    game._chars[STEP_INDEX_KEY] = (granted, index)  # type: ignore[index]
    return index


def _step_abilities_trigger(game: Game, name: str) -> None:
    active = game.active
    in_graveyards = [  # CR 113.6m
        (o.id, a, a.trigger)
        for o in graveyard_watchers(game)
        for a in graveyard_triggers(o)
        if a.trigger is not None
        and a.trigger.event == "step"
        and STEP_NAMES.get(a.trigger.step or "", a.trigger.step) == name
    ]
    for oid, ability, trig in [*_step_index(game).get(name, ()), *in_graveyards]:
        o = game.objects[oid]
        assert trig is not None  # _triggered keeps triggered abilities only
        players: tuple[int, ...] = (active,)
        if game.teams is None:
            if not _step_player_matches(game, trig.player, active, o):
                continue
        else:
            # CR 805.4a, 805.4d: the step is each active player's ("your upkeep" of
            # either player of the active team); "each player's" / "each opponent's"
            # step triggers once for each of them when the ability refers to "that
            # player", once otherwise
            found = tuple(
                p for p in game.active_players() if _step_player_matches(game, trig.player, p, o)
            )
            if not found:
                continue
            refers = _names_that_player((trig.condition, ability.effects))
            players = found if refers else found[:1]
        if trig.step == "second_main_phase" and game.turn_flags.postcombat_mains > 1:
            continue  # an additional main phase isn't the second one (CR 505.1a)
        for player in players:
            event = {"step": name, "player": player}
            if trig.condition is not None and not _condition_on_event(game, ability, o, event):
                continue  # CR 603.4: "if that player has no cards in hand"
            game.pending_triggers.append(
                {
                    "source": oid,
                    "source_name": o.name,
                    "source_token": o.card.token_spec,
                    "card_uid": o.card_uid,
                    "controller": o.controller,
                    "ability": ability,
                    "event": event,
                }
            )
            if o.zone == Zone.BATTLEFIELD:
                add_again(game, o, game.pending_triggers[-1])  # CR 603.2d


def _step_player_matches(game: Game, who: str, active: int, source: GameObject) -> bool:
    """Whose step an "at the beginning of ..." ability triggers at (CR 503.1a, 603.6):
    "enchanted player's upkeep" is the step of the player a Curse is attached to
    (CR 303.4e), "the upkeep of enchanted creature's controller" that of the
    controller of the permanent the Aura is attached to; others as for any event."""
    if who == "enchanted_player":
        return enchanted_player(source) == active
    if who == "chosen_player":
        # "the chosen player's upkeep" (The Rack): the player chosen as it entered
        # (CR 607.2a); none chosen, no one's (607.5a)
        return (source.chosen or {}).get("player") == active
    if who == "enchanted_controller":
        host = game.objects.get(source.attached_to) if source.attached_to is not None else None
        return host is not None and host.controller == active
    return _player_matches(game, who, active, source.controller)


def _names_that_player(x: Any) -> bool:
    """Whether compiled instructions refer to "that player", the player of the event
    (a ``TriggerRef`` to the player, or a filter's ``that_player``; CR 805.4d)."""
    if isinstance(x, TriggerRef):
        return x.role == "player"
    if isinstance(x, str):
        return x == "that_player"
    if isinstance(x, tuple | list):
        return any(_names_that_player(i) for i in x)
    if isinstance(x, dict):
        return any(_names_that_player(v) for v in x.values())
    fields = getattr(x, "__dataclass_fields__", None)
    return fields is not None and any(_names_that_player(getattr(x, f)) for f in fields)


def condition_holds(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """Evaluate a condition (intervening "if", CR 603.4)."""

    return evaluate(game, cond, controller, source)


def _condition_on_event(
    game: Game, ability: Ability, source: GameObject, event: dict[str, Any]
) -> bool:
    """CR 603.4: the intervening "if" as the ability would trigger; "if it was a
    creature" names the event's object, read as the ability would read it."""

    assert ability.trigger is not None
    cond = ability.trigger.condition
    assert cond is not None
    probe = GameObject(0, 0, source.card, source.owner, Zone.STACK)
    probe.controller = source.controller
    probe.source_id = source.id
    probe.ability = ability
    probe.stack_kind = "triggered"
    probe.trigger_data = event

    return evaluate(game, cond, source.controller, source, Ctx(game, probe, None))


def intervening_if_holds(game: Game, obj: GameObject) -> bool:
    ability = obj.ability
    if ability is None or ability.trigger is None or ability.trigger.condition is None:
        return True
    src = game.objects.get(obj.source_id) if obj.source_id is not None else None
    if src is None and obj.source_id is not None:
        # "When you cast this spell, if it was kicked, ..." with the spell countered
        # or resolved since: the spell as it last existed on the stack (CR 608.2h,
        # 113.7a); how it was cast stays true of it
        src = game.turn_flags.left_stack.get(obj.source_id)

    # CR 603.4: checked again as it resolves, references read from the ability
    return evaluate(game, ability.trigger.condition, obj.controller, src, Ctx(game, obj, None))


# ---------------------------------------------------------------------------
# Putting triggered abilities on the stack (CR 603.3)
# ---------------------------------------------------------------------------


@task_handler("put_triggers")
def put_triggers_task(game: Game, task: Task) -> None:
    """CR 603.3b: APNAP order; each player orders their own triggers."""
    if task.stage == 0:
        pending = game.pending_triggers
        game.pending_triggers = []
        # CR 800.4d: a trigger controlled by a player who left the game isn't put
        # on the stack
        order = game.turn_order()
        groups = [[t for t in pending if t["controller"] == p] for p in order]
        task.data["groups"] = [g for g in groups if g]
        task.data["queue"] = []
        task.stage = 1
    while True:
        if task.stage == 1:
            if not task.data["groups"]:
                game.finish(task)
                return
            group = task.data["groups"][0]
            if len(group) > 1 and task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.ORDER_TRIGGERS,
                        group[0]["controller"],
                        "603.3b",
                        "Order your triggered abilities (the first goes on the stack first)",
                        {"triggers": [f"{t['source_name']}: {t['ability'].text}" for t in group]},
                    )
                )
                return
            if task.answer is not None:
                order = list(task.answer.order)
                task.answer = None
                group = [group[i] for i in order]
            task.data["groups"].pop(0)
            task.data["queue"] = group
            task.stage = 2
        if task.stage == 2:
            if not task.data["queue"]:
                task.stage = 1
                continue
            trig = task.data["queue"].pop(0)
            obj = put_trigger_on_stack(game, trig)
            begin_choices(game, obj.id, "trigger")
            return


def put_trigger_on_stack(game: Game, trig: dict[str, Any]) -> GameObject:
    """CR 603.3: the ability is put on the stack as a new object."""
    src = game.objects.get(trig["source"])
    card = src.card if src is not None else None
    if card is None:
        # the source is gone (a token ceases to exist, CR 704.5d; the ability exists
        # independently of it, CR 113.7a): the stack object is named after it
        spec = trig.get("source_token")
        card = token_def(spec) if spec is not None else card_def(trig["source_name"])
    oid = game.new_id()
    obj = GameObject(oid, oid, card, game.players[trig["controller"]].index, Zone.STACK)
    obj.controller = trig["controller"]
    obj.stack_kind = "triggered"
    obj.source_id = trig["source"]
    obj.ability = trig["ability"]
    obj.trigger_data = dict(trig.get("event") or {})
    obj.timestamp = game.new_timestamp()
    if src is not None:
        obj.face = src.face
    else:
        lki = obj.trigger_data.get("source_lki")
        if isinstance(lki, dict) and lki.get("attached_to") is not None:
            # "When Oathkeeper is put into a graveyard from the battlefield, exile
            # equipped creature": the one it was attached to as it last existed
            # (CR 603.10a; the ability's object stands in for its source, 113.7a)
            obj.attached_to = lki["attached_to"]
    game.objects[oid] = obj
    game.stack.append(oid)
    ev = obj.trigger_data
    # (a leaves-the-battlefield ability that looked back in time, CR 603.10a)
    cites = ("603.3", "603.10a") if "source_lki" in ev or "obj_lki" in ev else ("603.3",)
    kw_rule = trig["ability"].keyword_args.get("rule")
    game.emit(
        EventKind.TRIGGER,
        # the ability a keyword stands for cites the keyword's rule (mobilize 702.181a)
        (*cites, kw_rule) if isinstance(kw_rule, str) else cites,
        f"{trig['source_name']}'s triggered ability goes on the stack: {trig['ability'].text}",
        obj=oid,
    )
    return obj


def order_options(n: int) -> list[tuple[int, ...]]:
    return list(permutations(range(n))) if n <= 4 else [tuple(range(n))]


__all__ = ["ref_player", "Zone"]
