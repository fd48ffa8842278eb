"""Applying continuous effects in layers (CR 613), after the copiable values.

:func:`compute` is called by :func:`mtg_engine.rules.characteristics.chars`
when an object's characteristics aren't cached, through the hook
``RULES_HOOKS.characteristics`` that this module sets (the layers read other
objects' characteristics, so ``characteristics`` can't import them). It
starts from the object's copiable values (layer 1, CR 613.2) and applies,
layer by layer (CR 613.1b-g) and sublayer by sublayer (7a-7d, CR 613.4):

* effects of resolved spells and abilities (``game.effects``; the set of
  affected objects was locked in when the effect began, CR 611.2c);
* effects of static abilities of permanents (CR 611.3: not locked in — each
  static ability's filter is checked against the object's characteristics as
  they are when that layer is applied, CR 613.5-613.6), including abilities
  that copy effects gave the permanent (CR 707.2);
* characteristic-defining abilities, in every zone and first within their
  layer (CR 604.3, 613.3, 613.4a);
* counters: +1/+1 and -1/-1 counters in 7c (CR 613.4c), keyword counters in
  layer 6 (CR 613.1f, 122.1b).

Within a layer, effects apply in timestamp order (CR 613.7) unless one
depends on another (CR 613.8): an effect whose filter would match differently
once another effect of the same layer is applied waits for it (613.8b), and
a dependency loop falls back to timestamp order.

Layer 2 (control, CR 613.1b) is kept in ``GameObject.controller``:
:func:`refresh_control` recomputes it when control effects begin or end.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from operator import is_
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import (
    COST_IS_MANA_COST,
    KEYWORD_COST_OF,
    WHILE_COUNTER,
    Ability,
    AbilityKind,
    Amount,
    EachOneRef,
    EachRef,
    Filter,
    SelfRef,
    StaticEffect,
)
from ..game.actions import ref_player
from ..game.events import Event, EventKind
from ..game.hooks import RULES_HOOKS, on_event
from ..game.objects import GameObject, Zone
from ..rules_text import get_rule
from .bestowed import BESTOWED, bestowed_values
from .chance import greatest_same_stored
from .char_values import Chars, finish_abilities, gain_land_types, keyword_abilities_with
from .characteristics import (
    SINGLE_FACE,
    chars,
    printed,
    provisional,
    static_effects,
    statics_in,
)
from .commanders import times_cast_your_commander
from .conditions import evaluate
from .copy import apply_setup_copies, layer1
from .counting import (
    GREATEST,
    TOTAL,
    colors_among,
    domain,
    greatest_among,
    life_gained_this_turn,
    total_of,
)
from .devotion import devotion
from .died_this_turn import counts_creatures_died, creatures_died
from .emblems import emblem_ids
from .face_down import face_down_values
from .filters import card_types_among, matches_object, objects_matching
from .granted import bind_grantor
from .granted_as_cast import cast_from_filter, spell_cast_from_matches
from .layers_table import (
    _RESTRICTIONS,
    _STATIC_KEY,
    _WRITES,
    CANT_ACTIVATE_NONMANA,
    COUNTER_TIMESTAMPS,
    KEYWORD_COUNTERS,
    LAYER_KEY,
    REDUNDANT_KEYWORDS,
    STATIC_LAYERS,
    abilities_of,
)
from .layers_text import change_text, changed_abilities
from .play_permissions import ends_now
from .prototyped import PROTOTYPED, prototyped_values
from .statics import without_newcomer
from .support import register, register_keywords

if TYPE_CHECKING:
    from ..game.records import ContinuousEffect
    from ..game.state import Game

# A "part" is one layer's worth of one continuous effect, ready to apply to one
# object: a tuple (layer, order, timestamp, seq, op, args, source, filter,
# controller, group). ``order`` is 0 for characteristic-defining abilities
# (applied first, CR 613.3), 2 for "can't have or gain [a keyword]" (applied last in
# its layer, CR 101.2) and 1 otherwise; ``seq`` makes the sort key unique.
# ``filter`` is None when the effect's affected set is already decided (locked
# in, CR 611.2c, "this permanent", or checked already); otherwise the static
# ability's filter, checked as the layer is applied (CR 611.3a, 613.5).
# ``group`` ties the parts of one effect together: once it applies in one layer
# it applies in the later ones (CR 613.6).
P_LAYER, P_ORDER, P_TS, P_SEQ, P_OP, P_ARGS, P_SRC, P_FLT, P_CTL, P_GROUP = range(10)
Part = tuple


def _become_parts(
    args: dict[str, Any],
    ts: int,
    src: GameObject | None,
    flt: Filter | None,
    ctl: int,
    group: int,
) -> list[tuple]:
    """A "becomes ..." effect: types in 4, colors in 5, abilities in 6, P/T in 7b (CR 613.6)."""
    out: list[tuple] = []
    if args.get("types") or args.get("subtypes") or args.get("supertypes"):
        out.append((40, 1, ts, group, "set_types", args, src, flt, ctl, group))
    if args.get("colors") is not None:
        # "becomes a colorless artifact" sets no color (CR 105.2c); "becomes blue in
        # addition to its other colors" adds (CR 105.3)
        op = "add_colors" if args.get("add_colors") else "set_colors"
        out.append((50, 1, ts, group, op, {"colors": args["colors"]}, src, flt, ctl, group))
    if args.get("lose_abilities"):
        out.append((60, 1, ts, group, "lose_all_abilities", {}, src, flt, ctl, group))
    for kw in args.get("keywords") or ():
        out.append((60, 1, ts, group, "grant_keyword", {"keyword": kw}, src, flt, ctl, group))
    if args.get("abilities"):
        out.append(
            (
                60,
                1,
                ts,
                group,
                "grant_ability",
                {"abilities": args["abilities"]},
                src,
                flt,
                ctl,
                group,
            )
        )
    if args.get("power") is not None or args.get("toughness") is not None:
        out.append((72, 1, ts, group, "set_pt", args, src, flt, ctl, group))
    return out


def _effect_parts(e: ContinuousEffect, group: int) -> list[tuple]:
    """Parts of an effect from a resolved spell or ability (CR 611.2)."""
    if e.op == "become":
        return _become_parts(e.args, e.timestamp, None, None, e.controller, group)
    layer = LAYER_KEY.get(e.layer, 80)
    return [(layer, 1, e.timestamp, group, e.op, e.args, None, None, e.controller, group)]


def _static_parts(
    src: GameObject, st: StaticEffect, ts: int, flt: Filter | None, group: int
) -> list[tuple]:
    op = st.op
    ctl = src.controller
    if op == "become":
        return _become_parts(st.args, ts, src, flt, ctl, group)
    layer = _STATIC_KEY[op]
    cda = bool(st.args.get("cda"))
    if op == "set_pt" and cda:
        layer = 71  # CR 613.4a / 604.3: a P/T-defining ability is layer 7a
    order = 0 if cda else 1
    if op == "lose_keyword" and st.args.get("cant_have"):
        # "lose flying and can't have or gain flying": after every effect of the layer
        # that would grant it, whatever its timestamp (CR 613.1f, 101.2)
        order = 2
    return [(layer, order, ts, group, op, st.args, src, flt, ctl, group)]


# ---------------------------------------------------------------------------
# Static-ability sources (cached until the next change)
# ---------------------------------------------------------------------------

_SOURCES_KEY: Final = -1
#: cache key of the static abilities of permanents that affect objects in other zones
_ELSEWHERE_KEY: Final = "layers_elsewhere"
#: set in the cache when some static ability works in layers 2-5 (types, colors ...)
_LOW_KEY: Final = "layers_low_statics"
_BUILDING: Final = "layers_building"

_EARLY_READS: Final = frozenset(("abilities", "pt"))

#: a static ability as the layer code uses it:
#: (source, static, source id, filter or None for "this permanent", layer key,
#:  decidable early, timestamp, abilities removed)
StaticEntry = tuple


def static_sources(game: Game) -> list[StaticEntry]:
    """The continuous-effect static abilities of permanents (CR 604.2, 611.3).

    They are those of each permanent's current abilities before layer 6 — its
    copiable values (so a Clone has what it copied, a face-down permanent
    nothing, CR 707.2, 708.2) plus static abilities granted by resolved
    effects. When a layer-6 effect removes a permanent's abilities, its statics
    generate no effects in layers 6 and 7 (CR 613.8a: the granting effect
    depends on the removing one, and by layer 7 the ability no longer exists).
    """
    cached = game._chars.get(_SOURCES_KEY)
    if cached is not None:
        return cached
    if game._chars.get(_BUILDING):
        return []  # re-entered while building: no static effects (see below)
    cache = game._chars
    cache[_BUILDING] = True
    n_before = len(cache)
    objs = (game._perm, game._printed, game._objs)
    n_objs = [len(d) for d in objs]
    elsewhere: list[StaticEntry] = []
    try:
        out = _build_sources(game, elsewhere)
    finally:
        if len(cache) > n_before:
            # what was computed while building saw no static effects: forget it
            for k in list(cache)[n_before:]:
                if k != _LOW_KEY:  # a fact about the sources themselves: kept
                    del cache[k]
        for d, n in zip(objs, n_objs, strict=True):
            if len(d) > n:
                for k in list(d)[n:]:
                    del d[k]
        cache.pop(_BUILDING, None)
    cache[_SOURCES_KEY] = out
    if elsewhere:
        cache[_ELSEWHERE_KEY] = elsewhere
    if _battlefield_only(game, out, elsewhere):
        cache[_QUIET_KEY] = tuple(game.effects)
    return out


# ---------------------------------------------------------------------------
# What a move between zones other than the battlefield leaves valid
# ---------------------------------------------------------------------------

#: cache key, set when the characteristics of permanents depend on nothing but the
#: permanents and ``game.effects`` (whose records it holds, to see that they are
#: still the same)
_QUIET_KEY: Final = "layers_battlefield_only"

#: zones whose contents no characteristic of a permanent reads when
#: :func:`_battlefield_only` holds (exile is left out: linked abilities, CR 607)
_QUIET_ZONES: Final = frozenset((Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.STACK))

#: filter conditions decided by the object's own characteristics, controller,
#: owner or identity (not by its tapped, combat or counter state, nor by other zones),
#: or by what is attached to it ("enchanted creature", CR 303.4e, 301.5c: attaching
#: and unattaching forget everything, and a permanent leaving is a change of the
#: permanents)
_STILL_CONDITIONS: Final = frozenset(
    (
        "enchanted_by",
        "equipped_by",
        "fortified_by",
        "color",
        "not_color",
        "colorless",
        "controller",
        "subtype_in",
        "token",
        "not_token",
        "or_self",
        "you",
        "opponent",
        "owner",
        "type",
        "not_type",
        "subtype",
        "not_subtype",
        "supertype",
        "not_supertype",
        "keyword",
        "not_keyword",
        "other",
        "self",
        "name",
    )
)

#: indexes of the permanents built permanent by permanent (``rules/statics.per_permanent``):
#: a permanent entering or leaving while the others' characteristics stay as they
#: were brings them up to date with its own entries, looked at on the next read
_PER_PERMANENT_KEYS: Final = (
    "battlefield_statics_entries",  # rules/statics.py
    "etb_battlefield",  # rules/replacement.py: "enters" replacement statics
)

#: cache entries derived from the permanents alone (kept with the characteristics)
_PERMANENT_KEYS: Final = frozenset(
    (
        _SOURCES_KEY,
        _LOW_KEY,
        _ELSEWHERE_KEY,
        _QUIET_KEY,
        "battlefield_statics_by_op",  # rules/statics.py
        *_PER_PERMANENT_KEYS,
        "face_down_present",  # rules/face_down.py
        "sba_clean",  # rules/sba.py: object-based checks read only the permanents
        "activated_sources",  # rules/priority_options.py
        "trigger_event_kinds",  # rules/triggers.py: from the permanents' faces and effects
        "step_trigger_index",  # rules/triggers.py: the permanents' "at the beginning of"
        "pipeline_index",  # rules/pipeline.py: the permanents' replacement statics
        "pipeline_watched",  # rules/pipeline.py: what could apply to events, from them
        "combat_statics",  # rules/combat_rules.py: the permanents' combat statics
    )
)


#: what a change of status keeps: not the state-based-action check's result
_STATUS_KEYS: Final = _PERMANENT_KEYS - {"sba_clean"}

#: what a permanent without static abilities entering the battlefield keeps: the
#: static-ability sources (it adds none), not what is read from the permanents,
#: but the index of replacement statics (rules/pipeline.py adds the newcomer's) and
#: whether a permanent is face down (it isn't)
_SOURCE_KEYS: Final = frozenset(
    (
        _SOURCES_KEY,
        _LOW_KEY,
        _ELSEWHERE_KEY,
        _QUIET_KEY,
        "pipeline_index",
        "face_down_present",  # rules/face_down.py: the newcomer is face up (``_inert``)
        "trigger_event_kinds",  # rules/triggers.py adds the newcomer's
        *_PER_PERMANENT_KEYS,
    )
)


#: what a permanent that was the source of no static ability leaving the battlefield
#: for a library, hand or graveyard keeps: the static-ability sources, which it
#: wasn't among (not what is read from the permanents: their set changed), and the
#: indexes that drop its entries
_LEFT_KEYS: Final = frozenset(
    (_SOURCES_KEY, _LOW_KEY, _ELSEWHERE_KEY, _QUIET_KEY, *_PER_PERMANENT_KEYS)
)


def _left_inert(game: Game, oid: int) -> bool:
    """Whether the permanent ``oid`` that just left the battlefield was the source of
    no entry of the static-ability sources :func:`static_sources` remembers, on the
    battlefield or elsewhere (CR 604.2), while no static ability grants abilities: then the other permanents'
    characteristics are as they were (CR 613: nothing that applied to them came from
    it, and :func:`_battlefield_only` holds, so none counted or looked at it)."""
    cache = game._chars
    sources = cache.get(_SOURCES_KEY)
    if sources is None:
        return False
    for entry in sources:
        if entry[2] == oid or entry[1].op == "grant_ability":
            return False
    # nor of those that reach other zones ("Instant and sorcery spells you control
    # have lifelink", CR 611.3)
    return not any(entry[2] == oid for entry in cache.get(_ELSEWHERE_KEY) or ())


def _inert(game: Game, oid: int) -> bool:
    """Whether the permanent ``oid`` that just entered the battlefield adds no static
    ability (CR 604.2) to the sources :func:`static_sources` remembers, so that the
    other permanents' characteristics stay as they were: its face up has none (as
    ``_build_sources`` reads it), it isn't face down (CR 708.2) and no static
    ability of another permanent grants abilities."""
    o = game.objects.get(oid)
    sources = game._chars.get(_SOURCES_KEY)
    if o is None or sources is None or o.face_down or o.phased_out:
        return False
    if statics_in(_printed_values(o)):
        return False
    return not any(entry[1].op == "grant_ability" for entry in sources)


def _printed_values(o: GameObject) -> Chars:
    """The printed values of the face up (CR 613.2a), shared by every object of the card."""
    cv = o.card.cache.get(SINGLE_FACE)
    return printed(o) if cv is None else cv


def _battlefield_only(game: Game, entries: list, elsewhere: list) -> bool:
    """Whether the static abilities of permanents and the resolved effects read
    nothing outside the permanents' own characteristics: no condition (CR 611.3a
    "as long as"), no number counted as they apply ("for each ..."), filters that
    look only at the object itself."""
    for e in game.effects:
        if _dynamic(e.args):
            return False
    for entry in (*entries, *elsewhere):
        st = entry[1]
        if st.condition is not None or _dynamic(st.args):
            return False
        flt = entry[3]
        if flt is not None and any(k not in _STILL_CONDITIONS for k, _v in flt.conditions):
            return False
    return True


def _dynamic(args: Any) -> bool:
    """Does an effect's argument hold a number computed as it applies (or a filter
    that something may be counted by, "for each ...")?"""
    if isinstance(args, Amount):
        return args.kind != "fixed"
    if isinstance(args, Filter):
        return True
    if isinstance(args, dict):
        return any(_dynamic(v) for v in args.values())
    if isinstance(args, list | tuple):
        return any(_dynamic(v) for v in args)
    return False


#: changes of permanents that no characteristic reads when :func:`_battlefield_only`
#: holds (its filters don't look at tapped, combat or damage status; "turn": a new
#: turn ends summoning sickness, CR 302.6, which the mana sources read)
_STATUS_CHANGES: Final = frozenset(("tapped", "combat", "damage", "turn"))


def forget_after(game: Game, change: tuple[int | str, ...]) -> bool:
    """Forget from the characteristics cache what ``change`` may have changed, in
    place, keeping what stays valid (the rule :meth:`Game.invalidate` consults);
    False when everything must be forgotten (the cache is then left as it was).

    When the permanents' characteristics read nothing but the permanents'
    characteristics (:func:`_battlefield_only`) and the resolved effects are the
    same records:

    * after a move between libraries, hands, graveyards and the stack
      (``(from_zone, to_zone)``: drawing, casting, a spell finishing), which changes
      no permanent, the permanents' characteristics and what derives from them are
      kept, and the object-based state-based-action check's "nothing to do";
    * after a change of tapped, combat or damage status (``("tapped",)``, ...)
      or a new turn (``("turn",)``),
      the characteristics are kept, but not the mana sources or the state-based
      action check; ``("damage", object)`` forgets that object's (its loyalty or
      defense may have changed, CR 306.8, 310.6);
    * after a permanent without static abilities entered the battlefield from one
      of those zones (``(from_zone, BATTLEFIELD, object)``, :func:`_inert`), the
      other permanents' characteristics and the static-ability sources are kept,
      nothing derived from the permanents.

    Cards that have just their printed characteristics are kept too, when no
    permanent's static ability reaches other zones.

    What is kept stays where it is: only the entries that aren't are deleted (most
    of the cache is the permanents' characteristics, which most changes keep).
    """
    cache = game._chars
    snap = cache.get(_QUIET_KEY)
    if snap is None:
        return False
    effects = game.effects
    kind = change[0]
    if kind == PT_EFFECT:
        after = _kept_after_pt_effect(game, snap)
        if after is None:
            return False
        cache.clear()
        cache.update(after)
        _forget_strays(game)
        return True
    if len(effects) != len(snap) or (snap and not all(map(is_, effects, snap))):
        return False
    forget = None
    if type(kind) is int:
        if kind not in _QUIET_ZONES:
            if not (
                kind == Zone.BATTLEFIELD
                and change[1] in _QUIET_ZONES
                and len(change) > 3
                and _left_inert(game, int(change[3]))
            ):
                return False
            keys = _LEFT_KEYS  # an inert permanent left: the others are as they were
        elif change[1] in _QUIET_ZONES:
            keys = _PERMANENT_KEYS
        elif change[1] == Zone.BATTLEFIELD and len(change) > 2 and _inert(game, int(change[2])):
            keys = _SOURCE_KEYS
            forget = change[2]
        else:
            return False
    elif kind in _STATUS_CHANGES:
        keys = _STATUS_KEYS
        forget = change[1] if len(change) > 1 else None
    elif kind == TAPPED_FOR_MANA:
        keys = _STATUS_KEYS
    else:
        return False
    get = cache.get
    printed_hands = _ELSEWHERE_KEY not in cache
    # the named records kept besides ``keys`` with values of their own, read before
    # anything is deleted
    kept: dict = {}
    if keys is not _PERMANENT_KEYS and kind in _NOT_MANA_CHANGES:
        _keep_untapped_sources(game, kept)
    if keys is _STATUS_KEYS and kind != "damage" and get("sba_clean") == "unattached":
        kept["sba_clean"] = "unattached"  # rules/sba.py: then no SBA reads this status
    if forget is not None:
        _owe_sba_check(cache, kept, forget)
    elif keys is _PERMANENT_KEYS and _SBA_PENDING in cache:
        kept[_SBA_PENDING] = cache[_SBA_PENDING]
    if kind == TAPPED_FOR_MANA:
        _keep_mana_sources(game, kept, frozenset(change[1:]))
    # the permanents' characteristics (but ``forget``'s) and those of the cards in
    # hand with their printed ones stay where they are; of the named entries, ``keys``
    # and the per-player records below
    # mana sources with a production worked out as it's asked may read any zone
    # (each source of such a list is marked: its first one tells)
    # (worked out when a mana record is met: None until then)
    mana_kept: bool | None = None if keys is _PERMANENT_KEYS else False
    # (the keys not kept, listed first: a list costs less than the set difference)
    for k in [k for k in cache if k not in keys]:
        if type(k) is tuple:
            name = k[0]
            if name == "hand_summary":  # rules/priority_options.py
                # cards with their printed characteristics only (also when a permanent
                # entered or left: the summary remembers the permissions to cast from
                # the hand it was built under, Aluren's "as though they had flash",
                # and is built again when they aren't the same)
                if printed_hands and cache[k][3]:
                    continue
            elif name == "mana_sources" or name == "can_pay":
                if mana_kept is None:
                    mana_kept = not any(
                        srcs[0].as_asked
                        for p in game.players
                        if (srcs := get(("mana_sources", p.index)))
                    )
                if mana_kept:
                    continue  # these mana sources read no library, hand, graveyard or stack
        del cache[k]
    if kept:
        cache.update(kept)
    game._objs.clear()
    if not printed_hands:
        game._printed.clear()
    if forget is not None:
        game._perm.pop(int(forget), None)
        if keys is _SOURCE_KEYS:
            # (its entries in an index read while it was entering: looked at again)
            for key in _PER_PERMANENT_KEYS:
                record = cache.get(key)
                if record is not None and forget in record[1]:
                    cache[key] = without_newcomer(record, int(forget))
    if game._perm_stray:
        _forget_strays(game)
    return True


def _forget_strays(game: Game) -> None:
    """Forget the remembered characteristics of objects that aren't permanents now
    (the last known information of those that left, CR 608.2h)."""
    stray = game._perm_stray
    if stray:
        perm = game._perm
        for k in stray:
            perm.pop(k, None)
        stray.clear()


#: the change (``game.invalidate(PT_EFFECT)``) of resolved effects that modify the
#: power and toughness of permanents (layer 7c, CR 613.4c) having just begun or ended
PT_EFFECT: Final = "pt_effect"


def _kept_after_pt_effect(game: Game, snap: tuple) -> dict | None:
    """What stays valid after layer-7c effects with fixed amounts began for a locked-in
    set of permanents (CR 611.2c, 613.4c) or ended (CR 514.2), when the other resolved
    effects are the records the cache was computed with, in the same order, and the
    permanents' characteristics read nothing but the permanents
    (:func:`_battlefield_only`, which such effects keep, as their amounts are fixed):
    only the affected permanents' characteristics changed, and only their power and
    toughness. The rest is kept as after a change of damage status; the
    state-based-action check owes those permanents a look (CR 704.5f-g)."""
    effects = game.effects
    before = {id(e) for e in snap}
    now = {id(e) for e in effects}
    changed = [e for e in effects if id(e) not in before]
    began = len(changed)
    changed += [e for e in snap if id(e) not in now]
    if not changed or any(e.layer != "7c" or _dynamic(e.args) for e in changed):
        return None
    stayed = [e for e in effects if id(e) in before]
    if any(a is not b for a, b in zip(stayed, (e for e in snap if id(e) in now), strict=True)):
        return None
    objects = game.objects
    affected: list[int] = []
    for i, e in enumerate(changed):
        for oid in e.affected:
            o = objects.get(oid)
            if o is not None and o.zone == Zone.BATTLEFIELD:
                affected.append(oid)
            elif i < began:
                return None  # (a new effect on something else: not only permanents changed)
    cache = game._chars
    get = cache.get
    perm = game._perm
    for oid in affected:
        perm.pop(oid, None)
    game._objs.clear()
    kept: dict = {}
    if _ELSEWHERE_KEY in cache:
        game._printed.clear()
    else:
        for p in game.players:
            summary = ("hand_summary", p.index)  # rules/priority_options.py
            v = get(summary)
            if v is not None and v[3]:
                kept[summary] = v
    for key in _STATUS_KEYS:
        v = get(key)
        if v is not None:
            kept[key] = v
    kept[_QUIET_KEY] = tuple(effects)  # (such effects keep the battlefield-only reading)
    _keep_untapped_sources(game, kept)  # (no mana ability reads power or toughness)
    for oid in affected:
        _owe_sba_check(cache, kept, oid)
        cache = kept  # (the next one adds to the look owed)
    return kept


#: cache key (rules/sba.py): the object-based state-based-action check found nothing,
#: and since then only these permanents changed (damage dealt to them, or they
#: entered without static abilities): the check looks at them alone
_SBA_PENDING: Final = "sba_pending"


def _owe_sba_check(cache: dict, kept: dict, changed: int | str) -> None:
    """After a change of one permanent alone (``("damage", object)``, or an inert
    permanent entering), no other permanent's characteristics, damage or
    attachments changed (:func:`forget_after` kept them): if the object-based
    state-based-action check had found nothing, or nothing but the permanents it
    still owes a look at, it owes a look at this one too (CR 704.3)."""
    if "sba_clean" in cache:
        kept[_SBA_PENDING] = frozenset((changed,))
    elif _SBA_PENDING in cache:
        kept[_SBA_PENDING] = cache[_SBA_PENDING] | {changed}


#: status changes that leave every player's mana sources as they are
_NOT_MANA_CHANGES: Final = frozenset(("combat", "damage"))


#: the change (``game.invalidate(TAPPED_FOR_MANA, *ids)``) of permanents tapped to pay
#: mana (rules/mana.py): only those stop being mana sources (CR 605, 106.4)
TAPPED_FOR_MANA: Final = "tapped_for_mana"


def _keep_mana_sources(game: Game, kept: dict, tapped: frozenset[int | str]) -> None:
    """After permanents were tapped for mana, each player's mana sources are the same
    less the {T} abilities of the tapped ones (a tapped permanent can't pay its {T}
    cost, CR 106.4, 107.5, 605.1a; "Sacrifice this land: Add {B}." doesn't need it
    untapped); nothing else a source depends on changed (the characteristics are
    kept). A player none of whose sources was tapped keeps the payments found
    possible too."""
    get = game._chars.get
    for p in game.players:
        key = ("mana_sources", p.index)  # rules/mana.py
        sources = get(key)
        if sources is None:
            continue
        left = [s for s in sources if not s.tap or s.obj not in tapped]
        if len(left) == len(sources):
            kept[key] = sources
            memo = get(("can_pay", p.index))
            if memo is not None:
                kept[("can_pay", p.index)] = memo
        else:
            kept[key] = left


def _keep_untapped_sources(game: Game, kept: dict) -> None:
    """After a change of combat or damage status, which no mana ability reads
    (CR 605.1a, 302.6), each player's mana sources and payments found possible
    stay, unless one of the sources with {T} in its cost became tapped meanwhile
    (attackers tap as they're declared, CR 508.1f): then that player's are computed
    again."""
    get = game._chars.get
    objects = game.objects
    for p in game.players:
        key = ("mana_sources", p.index)  # rules/mana.py
        sources = get(key)
        if sources is None or any(
            (o := objects.get(s.obj)) is None or (o.tapped and s.tap) for s in sources
        ):
            continue
        kept[key] = sources
        memo = get(("can_pay", p.index))
        if memo is not None:
            kept[("can_pay", p.index)] = memo


#: static effects applied to objects outside the battlefield ("The same is true for
#: creature spells you control and creature cards you own that aren't on the
#: battlefield", Arcane Adaptation; CR 611.3, 613.1d), keywords granted to cards
#: there ("nonland permanent cards in your graveyard have retrace", Six; 613.1f) and
#: abilities they lose ("Cards in graveyards lose all abilities", Yixlid Jailer; 613.1f)
_ELSEWHERE_OPS: Final = frozenset(("add_types", "grant_keyword", "lose_all_abilities"))


def _build_sources(game: Game, elsewhere: list[StaticEntry]) -> list[StaticEntry]:
    granted: dict[int, list[tuple[Ability, int]]] = {}
    removed_by_effect: set[int] = set()
    l1: dict[int, list] = {}
    texts: dict[int, list[tuple[str, str]]] = {}  # CR 612: layer-3 text changes
    for e in game.effects:
        if e.layer[0] == "1":
            for oid in e.affected:
                l1.setdefault(oid, []).append(e)
        elif e.op == "grant_ability" or (e.op == "become" and e.args.get("abilities")):
            # (a "becomes ... with '[ability]'" effect grants it too, CR 613.6)
            got = e.args.get("abilities")
            for a in got if isinstance(got, tuple | list) else (e.args.get("ability"),):
                if isinstance(a, Ability) and a.kind is AbilityKind.STATIC:
                    for oid in e.affected:
                        granted.setdefault(oid, []).append((a, e.timestamp))
        elif e.op == "grant_keyword":
            # the static abilities a granted keyword stands for ("they gain decayed":
            # "this creature can't block", CR 702.147a) work as printed ones do
            for a in _keyword_statics(e.args):
                for oid in e.affected:
                    granted.setdefault(oid, []).append((a, e.timestamp))
        if e.op == "lose_all_abilities" or (e.op == "become" and e.args.get("lose_abilities")):
            removed_by_effect.update(e.affected)
        elif e.op == "text_change":
            for oid in e.affected:
                texts.setdefault(oid, []).append((str(e.args["from"]), str(e.args["to"])))
    out: list[StaticEntry] = []
    removers: list[tuple[GameObject, StaticEffect]] = []
    land_setters: list[tuple[GameObject, StaticEffect]] = []
    low = False
    objects = game.objects
    sources = game.battlefield
    if game.command:
        sources = [*sources, *emblem_ids(game)]  # CR 114.4: emblems' abilities work there
    for source_id in sources:
        src = objects[source_id]
        if src.phased_out:
            continue
        cv: Chars | None
        if src.face_down or source_id in l1:
            cv = layer1(src, l1.get(source_id, []))
        else:
            cv = _printed_values(src)
        statics = cv.statics
        if statics is None:
            statics = statics_in(cv)
        if source_id in texts:
            # CR 612.1, 613.1c: the static abilities as their text was changed
            statics = static_effects(changed_abilities(cv.abilities, texts[source_id]))
        ts = src.timestamp
        extra = granted.get(source_id)
        if extra:
            statics = statics + tuple(
                s for a, _t in extra for s in a.static if s.op in STATIC_LAYERS
            )
            ts = max([ts, *(t for _a, t in extra)])  # CR 613.7a
        if not statics:
            continue
        removed = source_id in removed_by_effect
        for st in statics:
            st = abilities_of(st)  # "activated abilities of artifacts ..." (CR 602.5)
            aff = st.affected
            lk = _STATIC_KEY.get(st.op, 80)
            if lk < 60:
                low = True
            if aff is None or isinstance(aff, SelfRef):
                out.append((src, st, source_id, None, lk, False, ts, removed))
            elif isinstance(aff, Filter):
                if aff.zone and aff.zone != "battlefield":
                    if st.op in _ELSEWHERE_OPS:
                        elsewhere.append((src, st, source_id, aff, lk, False, ts, removed))
                    continue
                early = lk >= 60 and not (_reads(aff) & _EARLY_READS)
                out.append((src, st, source_id, aff, lk, early, ts, removed))
                if st.op == "lose_all_abilities":
                    removers.append((src, st))
                elif st.op == "set_types" and _sets_basic_land_type(st.args):
                    land_setters.append((src, st))
    if land_setters:
        out = _without_land_abilities(game, out, land_setters)
    out.extend(_statics_granted_by_statics(game, out))
    if low:
        game._chars[_LOW_KEY] = True  # some static changes types, colors or control
    if removers:
        # A static "lose all abilities" (CR 613.1f): which sources does it strip?
        # Checked with the sources' characteristics before static effects apply.
        stripped: set[int] = set()
        for entry in out:
            src = entry[0]
            if entry[7] or src.id in stripped:
                continue
            for rsrc, st in removers:
                if rsrc is not src and isinstance(st.affected, Filter):
                    if matches_object(game, src, st.affected, rsrc.controller, rsrc):
                        stripped.add(src.id)
                        break
        if stripped:
            out = [(*e[:7], True) if e[2] in stripped else e for e in out]
    return out


def _sets_basic_land_type(args: dict[str, Any]) -> bool:
    return not args.get("retain") and bool(set(args.get("subtypes") or ()) & _BASIC_TYPES)


def _without_land_abilities(
    game: Game, out: list[StaticEntry], setters: list[tuple[GameObject, StaticEffect]]
) -> list[StaticEntry]:
    """CR 305.7, 613.8a: a land whose subtype an effect sets to a basic land type
    ("Nonbasic lands are Mountains") loses the abilities of its rules text; the
    effects of those abilities depend on that effect (applying it removes them), so
    it applies first and they never apply (Blood Moon and Urborg, Tomb of Yawgmoth,
    in either timestamp order). Checked with the lands' characteristics before
    static effects apply."""
    gone: set[int] = set()
    for entry in out:
        src = entry[0]
        if src.id in gone or src.zone != Zone.BATTLEFIELD:
            continue
        for ssrc, st in setters:
            if ssrc is src or not isinstance(st.affected, Filter):
                continue
            if "Land" in _printed_values(src).types and matches_object(
                game, src, st.affected, ssrc.controller, ssrc
            ):
                gone.add(src.id)
                break
    return [e for e in out if e[0].id not in gone]


def _statics_granted_by_statics(game: Game, out: list[StaticEntry]) -> list[StaticEntry]:
    """The static abilities a static ability grants to permanents (Rune of Flight:
    an Equipment "has 'Equipped creature has flying'"): each works as that
    permanent's own ability (CR 613.1f, 604.1), with the later timestamp of the
    two (CR 613.7a). Which permanents have it is read as the sources are built,
    from characteristics without static effects (the granting ability's own
    layer-6 effect decides that, CR 613.8)."""
    extra: list[StaticEntry] = []
    for entry in out:
        src, st, aff = entry[0], entry[1], entry[3]
        if st.op not in ("grant_ability", "grant_keyword") or entry[7]:
            continue
        got = st.args.get("abilities") if st.op == "grant_ability" else _keyword_statics(st.args)
        granted = [
            s
            for a in (got if isinstance(got, tuple | list) else ())
            if isinstance(a, Ability) and a.kind is AbilityKind.STATIC
            for s in a.static
            if s.op in STATIC_LAYERS
        ]
        if not granted or (st.condition is not None and not _condition(game, st, src)):
            continue
        if aff is None:
            holders = [src]
        else:
            holders = [
                game.objects[o]
                for o in game.battlefield
                if matches_object(game, game.objects[o], aff, src.controller, src)
            ]
        for holder in holders:
            ts = max(entry[6], holder.timestamp)
            for g in granted:
                lk = _STATIC_KEY.get(g.op, 80)
                flt = g.affected if isinstance(g.affected, Filter) else None
                if flt is not None and flt.zone and flt.zone != "battlefield":
                    continue
                early = flt is not None and lk >= 60 and not (_reads(flt) & _EARLY_READS)
                extra.append((holder, g, holder.id, flt, lk, early, ts, False))
    return extra


# ---------------------------------------------------------------------------
# Computing characteristics
# ---------------------------------------------------------------------------


def compute(game: Game, obj: GameObject) -> Chars:
    """The characteristics of ``obj``: copiable values, then layers 2-7 (CR 613.1)."""
    oid = obj.id
    l1: list | None = None
    own: list | None = None
    for e in game.effects:
        if oid in e.affected:
            if e.layer[0] == "1":
                if l1 is None:
                    l1 = []
                l1.append(e)
            else:
                if own is None:
                    own = []
                own.append(e)
    base: Chars | None
    if obj.face_down:
        base = face_down_values(obj)  # CR 613.2b
    elif l1:
        base = layer1(obj, l1)
    else:
        base = obj.card.cache.get(SINGLE_FACE)
        if base is None:
            base = printed(obj)
    if obj.chosen:
        if obj.chosen.get(BESTOWED):
            base = bestowed_values(base)  # CR 702.103b: an Aura with enchant creature
        if obj.chosen.get(PROTOTYPED) and not l1 and not obj.face_down:
            # CR 718.3b: its alternative characteristics (copiable values, 718.2a:
            # rules/copy.layer1 with copy effects)
            base = prototyped_values(base)
    parts: list[tuple] = []
    group = 0
    if own:
        for e in own:
            group += 1
            parts.extend(_effect_parts(e, group))
    kw = base.keywords
    if kw and ("Changeling" in kw or "Devoid" in kw):
        # CR 702.73a changeling, 702.114a devoid: characteristic-defining abilities
        ts = obj.timestamp
        if "Changeling" in kw:
            group += 1
            parts.append((40, 0, ts, group, "changeling", {}, obj, None, obj.controller, group))
        if "Devoid" in kw:
            group += 1
            parts.append((50, 0, ts, group, "devoid", {}, obj, None, obj.controller, group))
    zone = obj.zone
    if zone == Zone.BATTLEFIELD:
        if obj.phased_out:
            return base  # CR 702.26b: it can't be affected by anything
        entries = game._chars.get(_SOURCES_KEY)
        if entries is None:
            entries = static_sources(game)
        if entries:
            # When nothing changes this object's types, colors or control (no effect in
            # layers 2-5), a filter that reads only those is decided now, against the
            # copiable values: what it would see in its own layer (CR 613.5).
            early = not game._chars.get(_LOW_KEY) and not (parts and any(p[0] < 60 for p in parts))
            for src, st, sid, flt, _lk, early_ok, ts, removed in entries:
                if flt is None:
                    if sid != oid:
                        continue
                elif early and early_ok:
                    if not matches_object(game, obj, flt, src.controller, src, base):
                        continue
                    flt = None
                if st.condition is not None:
                    # a condition that looks at this object meanwhile sees its
                    # copiable values (no infinite regress), with its own
                    # characteristic-defining abilities: a changeling is a Zombie
                    # (CR 604.3, 613.3, 702.73a)
                    provisional(game, obj, with_own_cdas(base))
                    if not _condition(game, st, src):
                        continue
                group += 1
                for p in _static_parts(src, st, ts, flt, group):
                    if removed and p[0] >= 60 and p[1]:
                        continue  # CR 613.8a: its ability was removed in layer 6
                    parts.append(p)
    else:
        if base.abilities:
            # CR 604.3: characteristic-defining abilities work in every zone.
            for st in statics_in(base):
                if st.args.get("cda") and (st.affected is None or isinstance(st.affected, SelfRef)):
                    group += 1
                    parts.extend(_static_parts(obj, st, obj.timestamp, None, group))
        if game._chars.get(_SOURCES_KEY) is None:
            static_sources(game)
        others = game._chars.get(_ELSEWHERE_KEY)
        if others:
            group = _elsewhere_parts(game, obj, base, others, parts, group)
    counters = obj.counters if zone == Zone.BATTLEFIELD else None
    if counters:
        stamps = (obj.chosen or {}).get(COUNTER_TIMESTAMPS) or {}
        for name in counters:
            kwname = KEYWORD_COUNTERS.get(name.lower())
            if kwname is not None:
                group += 1
                parts.append(
                    (
                        60,
                        1,
                        # CR 613.7c: the counter's own timestamp (one put on as the
                        # permanent entered has the permanent's)
                        int(stamps.get(name, obj.timestamp)),
                        group,
                        "grant_keyword",
                        {"keyword": kwname},
                        None,
                        None,
                        obj.controller,
                        group,
                    )
                )
    if not parts and not counters:
        return base  # nothing applies: the shared copiable values
    c = base.copy()
    switches = 0
    if parts:
        provisional(game, obj, c)  # what a self-referring filter or count sees meanwhile
        switches = _apply_all(game, obj, c, parts)
    if counters and c.power is not None:
        # CR 613.4c: counters that modify power and toughness apply in layer 7c;
        # 7c changes commute, so they are added after the 7c effects, before 7d.
        plus = counters.get("+1/+1", 0)
        minus = counters.get("-1/-1", 0)
        if plus or minus:
            c.power += plus - minus
            c.toughness = (c.toughness or 0) + plus - minus
    if switches % 2:
        c.power, c.toughness = c.toughness, c.power  # CR 613.4d
    if zone == Zone.BATTLEFIELD:
        if "Planeswalker" in c.types:
            c.loyalty = obj.counters.get("loyalty", 0)  # CR 306.5b
        if "Battle" in c.types:
            c.defense = obj.counters.get("defense", 0)  # CR 310.4b
    if c.abilities is not base.abilities:
        c.abilities_changed()
    return c


def _elsewhere_parts(
    game: Game, obj: GameObject, base: Chars, entries: list, parts: list[tuple], group: int
) -> int:
    """CR 611.3, 613.1d: static abilities of permanents that affect spells and cards
    outside the battlefield ("creature cards you own that aren't on the battlefield");
    the filter's zone says where: ``stack`` (spells), ``any`` (every other zone)."""
    zone = obj.zone
    for src, st, _sid, flt, _lk, _early, ts, removed in entries:
        if removed:
            continue
        if flt.zone == "stack":
            if zone != Zone.STACK or obj.stack_kind != "spell":
                continue
        elif cast_from_filter(flt):
            # "spells you cast from your hand" (CR 601.2a): by where they were cast from
            if not spell_cast_from_matches(obj, flt):
                continue
        elif flt.zone != "any" and Zone.BY_NAME.get(flt.zone) != zone:
            continue
        if not matches_object(game, obj, flt, src.controller, src, base):
            continue
        if st.condition is not None and not _condition(game, st, src):
            continue
        group += 1
        parts.extend(_static_parts(src, st, ts, None, group))
    return group


def _condition(game: Game, st: StaticEffect, src: GameObject) -> bool:
    """A static ability's condition ("as long as ...", CR 611.3a)."""
    cond = st.condition
    assert cond is not None
    if cond.kind == "as_long_as" and "cond" in cond.args:
        cond = cond.args["cond"]
    return evaluate(game, cond, src.controller, src)


def _apply_all(game: Game, obj: GameObject, c: Chars, parts: list[tuple]) -> int:
    """Apply the parts layer by layer; returns how many switches apply (7d, CR 613.4d)."""
    if len(parts) > 1:
        # layer, characteristic-defining abilities first (CR 613.3), then
        # timestamp (CR 613.7): resolved effects and static abilities are
        # gathered separately, so their order here is not yet timestamp order;
        # ties keep their order (stable sort), never comparing argument dicts
        parts.sort(key=lambda part: (part[P_LAYER], part[P_ORDER], part[P_TS]))
    decided: dict[int, bool] = {}
    switches = 0
    i = 0
    n = len(parts)
    while i < n:
        layer = parts[i][0]
        j = i + 1
        while j < n and parts[j][0] == layer:
            j += 1
        if layer == 74:  # CR 613.4d: switching is done after the other P/T changes
            for p in parts[i:j]:
                if _applies(game, obj, c, p, decided):
                    switches += 1
        elif j - i > 1 and any(p[P_FLT] is not None for p in parts[i:j]):
            _apply_with_dependencies(game, obj, c, parts[i:j], decided)
        else:
            for p in parts[i:j]:
                if p[P_FLT] is None or _applies(game, obj, c, p, decided):
                    apply_part(game, obj, c, p)
        i = j
    return switches


def _applies(game: Game, obj: GameObject, c: Chars, p: tuple, decided: dict[int, bool]) -> bool:
    g = p[P_GROUP]
    got = decided.get(g)
    if got is None:
        got = p[P_FLT] is None or _matches(game, obj, c, p)
        decided[g] = got  # CR 613.6: the same set in the later layers
    return got


def _matches(game: Game, obj: GameObject, c: Chars, p: tuple) -> bool:
    return matches_object(game, obj, p[P_FLT], p[P_CTL], p[P_SRC], c)


def _apply_with_dependencies(
    game: Game, obj: GameObject, c: Chars, bucket: list[tuple], decided: dict[int, bool]
) -> None:
    """CR 613.8b: an effect that depends on others waits until they have been
    applied; a dependency loop is applied in timestamp order; the order is
    reevaluated after each effect (613.8c)."""
    remaining = list(bucket)  # already in (CDA first, timestamp) order, CR 613.3
    while remaining:
        pick = remaining[0]
        if len(remaining) > 1:
            for a in remaining:
                if not any(b is not a and _depends(game, obj, c, a, b, decided) for b in remaining):
                    pick = a
                    break
        remaining.remove(pick)
        if _applies(game, obj, c, pick, decided):
            apply_part(game, obj, c, pick)


def _depends(
    game: Game, obj: GameObject, c: Chars, a: tuple, b: tuple, decided: dict[int, bool]
) -> bool:
    """CR 613.8a: whether applying ``b`` would change whether ``a`` applies to ``obj``
    (same layer, neither or both from characteristic-defining abilities)."""
    flt = a[P_FLT]
    if flt is None or a[P_GROUP] in decided or a[P_ORDER] != b[P_ORDER]:
        return False
    if not (_reads(flt) & _WRITES.get(b[P_OP], frozenset())):
        return False
    before = _matches(game, obj, c, a)
    c2 = c.copy()
    if b[P_FLT] is None or _matches(game, obj, c, b):
        apply_part(game, obj, c2, b)
    return _matches(game, obj, c2, a) != before


_CONDITION_READS: Final[dict[str, str]] = {
    "color": "colors",
    "not_color": "colors",
    "colorless": "colors",
    "multicolored": "colors",
    "chosen_color": "colors",
    "type": "types",
    "not_type": "types",
    "subtype": "types",
    "not_subtype": "types",
    "supertype": "types",
    "not_supertype": "types",
    "chosen_type": "types",
    "keyword": "abilities",
    "not_keyword": "abilities",
    "power_le": "pt",
    "power_ge": "pt",
    "toughness_le": "pt",
    "toughness_ge": "pt",
    "name": "name",
}

_READS: Final[dict[int, tuple[Filter, frozenset[str]]]] = {}


def _reads(flt: Filter) -> frozenset[str]:
    """Which characteristics a filter looks at (cached per filter record)."""
    hit = _READS.get(id(flt))
    if hit is not None and hit[0] is flt:
        return hit[1]
    out = set()
    if any(k not in ("permanent", "spell", "card", "player", "ability") for k in flt.kinds):
        out.add("types")
    for key, _v in flt.conditions:
        r = _CONDITION_READS.get(key)
        if r is not None:
            out.add(r)
    got = frozenset(out)
    if len(_READS) > 16384:
        _READS.clear()
    _READS[id(flt)] = (flt, got)
    return got


# ---------------------------------------------------------------------------
# Applying one part
# ---------------------------------------------------------------------------


#: "the greatest power / toughness / mana value among ..." -> the characteristic
_GREATEST: Final = {
    "greatest_power": "power",
    "greatest_toughness": "toughness",
    "greatest_mana_value": "mana_value",
}


def amount(
    game: Game, value: Any, controller: int, src: GameObject | None, each: GameObject | None = None
) -> int:
    """A number in a static ability, computed now (CR 604.3: "equal to the number of
    ..."); ``each``: the object being affected, for an amount counted on it
    ("+1/+1 for each +1/+1 counter on it", :class:`EachOneRef`)."""
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return 0
    if isinstance(value, Amount):
        k = value.kind
        if k == "fixed":
            return value.value
        if k == "sum":  # "1 plus the number of lands you control" (CR 107.1)
            total = sum(amount(game, t, controller, src, each) for t in value.terms)
            return total * value.multiplier + value.value
        if k == "life_paid_as_entered":
            # "the life paid as it entered" (Minion of the Wastes): kept with the
            # permanent (CR 614.12, 607.2a); 0 if none was paid
            paid = (src.chosen or {}).get("life_paid") if src is not None else None
            return int(paid or 0) * value.multiplier
        if isinstance(value.ref, EachOneRef):
            src = each  # counted on the affected object itself (CR 604.1)
        if counts_creatures_died(value):  # "for each creature that died this turn" (700.4)
            return creatures_died(game, value, controller)
        if k == "count" and value.filter is not None:
            return len(objects_matching(game, value.filter, controller, src)) * value.multiplier
        if k in GREATEST and value.filter is not None:
            n = greatest_among(game, k, value.filter, controller, src)
            return n * value.multiplier + value.value
        if k == "card_types" and value.filter is not None:  # CR 205.2a ("plus 1": value)
            n = card_types_among(game, value.filter, controller, src)
            return n * value.multiplier + value.value
        if k == "colors_among" and value.filter is not None:  # CR 105.1
            return colors_among(game, value.filter, controller, src) * value.multiplier
        if k in TOTAL and value.filter is not None:  # "the total power of ..."
            return total_of(game, k, value.filter, controller, src) * value.multiplier
        if k == "devotion" and value.filter is not None:  # "your devotion to black" (700.5)
            colors = tuple(str(v) for key, v in value.filter.conditions if key == "color")
            return devotion(game, controller, colors) * value.multiplier
        if k == "life_gained_this_turn":  # CR 119.3
            return life_gained_this_turn(game, controller) * value.multiplier
        if k == "commander_casts":  # "for each time you've cast your commander" (903.8)
            return times_cast_your_commander(game, controller) * value.multiplier
        if k == "cards_drawn_this_turn":  # CR 121.2: each card drawn counts
            return game.turn_flags.cards_drawn.get(controller, 0) * value.multiplier
        if k in ("power", "toughness", "mana_value") and isinstance(value.ref, EachRef):
            # "the exiled creature card's power" (Phyrexian Ingester), "the exiled
            # card's mana value" (Living Lore): the card exiled with this permanent
            # (CR 607.2a), none: 0
            return (
                sum(
                    getattr(chars(game, o), k) or 0
                    for o in objects_matching(game, value.ref.filter, controller, src)
                )
                * value.multiplier
            )
        if k in ("power", "toughness") and src is not None:
            c = chars(game, src)
            v = c.power if k == "power" else c.toughness
            return (v or 0) * value.multiplier
        if k == "life":
            return game.players[controller].life * value.multiplier
        if k == "hand_size":
            return len(game.players[controller].hand) * value.multiplier
        if k == "domain":  # "for each basic land type among lands you control"
            return domain(game, controller) * value.multiplier
        if k in _GREATEST and value.filter is not None:
            # "the greatest mana value among cards in your graveyard" (0 with none)
            stat = _GREATEST[k]
            vals = [
                getattr(chars(game, o), stat) or 0
                for o in objects_matching(game, value.filter, controller, src)
            ]
            return max(vals, default=0) * value.multiplier
        if k == "stored_results_same" and src is not None:
            return greatest_same_stored(src) * value.multiplier  # CR 706.8
        if k == "counters" and src is not None:
            kind = value.value or next(
                (
                    v
                    for key, v in (value.filter.conditions if value.filter else ())
                    if key == "counter"
                ),
                "",
            )
            if kind == "*":  # "the number of counters on it": every kind (CR 122.1)
                return sum(src.counters.values()) * value.multiplier
            return src.counters.get(str(kind), 0) * value.multiplier
    return 0


def _own_mana_value(args: dict[str, Any]) -> bool:
    p = args.get("power")
    return isinstance(p, Amount) and p.kind == "own_mana_value"


def apply_part(game: Game, obj: GameObject, c: Chars, p: tuple) -> None:
    """Apply one layer's effect to the characteristics being computed."""
    op = p[P_OP]
    args = p[P_ARGS]
    ctl = p[P_CTL]
    src = p[P_SRC]
    if op == "modify_pt":  # CR 613.4c
        if c.power is not None:
            c.power += amount(game, args.get("power", 0), ctl, src, obj)
            c.toughness = (c.toughness or 0) + amount(game, args.get("toughness", 0), ctl, src, obj)
    elif op in ("set_pt", "cda_pt", "set_base_pt") and _own_mana_value(args):
        # "base power and base toughness each equal to its mana value" (Opalescence):
        # the affected object's own (CR 613.4b, 202.3)
        c.power = c.toughness = c.mana_value
    elif op in ("set_pt", "cda_pt", "set_base_pt"):  # CR 613.4a-b
        if args.get("power") is not None:
            c.power = amount(game, args["power"], ctl, src)
        if args.get("toughness") is not None:
            c.toughness = amount(game, args["toughness"], ctl, src)
    elif op == "grant_keyword":  # CR 613.1f
        kw = args.get("keyword")
        kw_args = args.get("keyword_args") or {}
        if kw_args.get(KEYWORD_COST_OF) == COST_IS_MANA_COST:
            # "The flashback cost is equal to its mana cost." (Snapcaster Mage; CR
            # 702.34a): each object's own; one with no mana cost can't be cast this way
            # (CR 118.6, ruling on Snapcaster Mage), so it gains none
            if c.mana_cost is None:
                return
            args = {**args, "keyword_args": {"cost": c.mana_cost}}
        if kw and not _has_keyword_instance(c, str(kw), args.get("keyword_args") or {}):
            c.abilities = (*c.abilities, *keyword_abilities_with(str(kw), args))
    elif op == "grant_ability":
        new = args.get("abilities")
        if not isinstance(new, tuple | list):
            new = (args["ability"],) if args.get("ability") is not None else ()
        c.abilities = (
            *c.abilities,
            *(
                bind_grantor(a, src.id) if src is not None and src.id != obj.id else a
                for a in new
                if isinstance(a, Ability)
            ),
        )
    elif op == "lose_all_abilities":
        c.abilities = ()
    elif op == "lose_keyword":
        kw = args.get("keyword")
        c.abilities = tuple(a for a in c.abilities if a.keyword != kw)
    elif op == "add_types":  # CR 205.1b: "in addition to its other types"
        c.types = c.types | frozenset(args.get("types", ()))
        gain_land_types(c, frozenset(args.get("subtypes", ())))  # (and their mana, 305.7)
        c.supertypes = c.supertypes | frozenset(args.get("supertypes", ()))
        if args.get("all_creature_types"):
            c.subtypes = c.subtypes | creature_types()
        if args.get("chosen"):
            # "is the chosen type in addition to its other types" (CR 607.2a, 614.12)
            got = (src.chosen or {}).get(str(args["chosen"])) if src is not None else None
            if isinstance(got, str):
                c.subtypes = c.subtypes | {got}
    elif op == "set_types":
        _set_types(c, args)
    elif op == "lose_types":
        c.types = c.types - frozenset(args.get("types", ()))
        c.subtypes = c.subtypes - frozenset(args.get("subtypes", ()))
        c.supertypes = c.supertypes - frozenset(args.get("supertypes", ()))
        if args.get("all_creature_types"):  # "loses all creature types" (CR 205.3m)
            c.subtypes = c.subtypes - creature_types()
    elif op == "changeling":  # CR 702.73a
        c.subtypes = c.subtypes | creature_types()
    elif op == "set_colors":  # CR 105.3
        if args.get("chosen"):
            got = (src.chosen or {}).get("color") if src is not None else None
            c.colors = frozenset((got,)) if isinstance(got, str) else frozenset()
        else:
            c.colors = frozenset(args["colors"])
    elif op == "add_colors":
        c.colors = c.colors | frozenset(args["colors"])
    elif op == "devoid":  # CR 702.114a
        c.colors = frozenset()
    elif op == "text_change":  # CR 612
        change_text(c, str(args["from"]), str(args["to"]))
    elif op in _RESTRICTIONS:
        if op == "cant_attack_or_block":
            c.restrictions = c.restrictions | {"cant_attack", "cant_block"}
        elif op == "cant_activate_abilities" and args.get("except_mana"):
            # "... unless they're mana abilities" (CR 602.5, 605.1a)
            c.restrictions = c.restrictions | {CANT_ACTIVATE_NONMANA}
        else:
            c.restrictions = c.restrictions | {op}


def _set_types(c: Chars, args: dict[str, Any]) -> None:
    """CR 205.1a: new card types replace the old ones (and new subtypes the old
    ones) unless the effect says the object keeps them (205.1b: "in addition
    to its other types", "it's still a land"). Setting a land's subtype to
    basic land types removes its rules-text abilities (CR 305.7)."""
    types = frozenset(args.get("types") or ())
    subtypes = frozenset(args.get("subtypes") or ())
    supertypes = frozenset(args.get("supertypes") or ())
    if args.get("all_creature_types"):
        subtypes = subtypes | creature_types()
    keep = bool(args.get("retain"))
    if keep:
        c.types = c.types | types
        gain_land_types(c, subtypes)  # CR 305.7: and their mana abilities
    elif types == _ARTIFACT_CREATURE:
        # CR 205.1b: "becomes an artifact creature" keeps all its prior card types and
        # subtypes; "becomes a [creature types] artifact creature" replaces only its
        # creature types
        c.types = c.types | types
        if subtypes:
            c.subtypes = (c.subtypes - creature_types()) | subtypes
    else:
        if types:
            c.types = types
        if subtypes or types:
            c.subtypes = subtypes
            if "Land" in c.types and subtypes & _BASIC_TYPES:
                # CR 305.7: it loses its rules-text abilities and has its new
                # basic land types' intrinsic mana abilities instead
                tmp = Chars()
                tmp.types = c.types
                tmp.subtypes = c.subtypes
                c.abilities = finish_abilities(tmp).abilities
    c.supertypes = c.supertypes | supertypes


_BASIC_TYPES: Final = frozenset(("Plains", "Island", "Swamp", "Mountain", "Forest"))
#: "becomes an artifact creature" (CR 205.1b)
_ARTIFACT_CREATURE: Final = frozenset(("Artifact", "Creature"))


def _has_keyword_instance(c: Chars, keyword: str, kwargs: dict[str, Any]) -> bool:
    """Whether granting this keyword adds nothing: a keyword of which several
    instances are redundant (a second flying, CR 702.9c ...: ``REDUNDANT_KEYWORDS``)
    already there, without parameters or as the same instance ("protection from
    red" twice, 702.16m; protection from another quality is another protection).
    Any other keyword granted is another instance, which works independently (CR
    113.2c): a second ward {1} triggers too (702.21a), as "Equip Knight {0}" granted to
    an Equipment with equip {3} is a second equip ability (702.6e)."""
    name = keyword.lower()
    if name not in REDUNDANT_KEYWORDS and not name.endswith("walk"):
        return False
    for a in c.abilities:
        if a.keyword != keyword:
            continue
        if not kwargs:
            return True
        own = {k: v for k, v in a.keyword_args.items() if k != "rule"}
        if own == kwargs:
            return True
    return False


def _keyword_statics(args: dict[str, Any]) -> tuple[Ability, ...]:
    """The static abilities with effects that a granted keyword stands for."""
    kw = args.get("keyword")
    if not kw:
        return ()
    return tuple(
        a
        for a in keyword_abilities_with(str(kw), args)
        if a.kind is AbilityKind.STATIC and any(s.op in STATIC_LAYERS for s in a.static)
    )


def with_own_cdas(c: Chars) -> Chars:
    """``c`` (copiable values) with the characteristic-defining abilities it has
    itself applied: changeling is every creature type (702.73a), devoid colorless
    (702.114a). They apply in every zone (CR 604.3), so a permanent about to enter
    already has them (CR 614.12). ``c`` is left unchanged."""
    kw = c.keywords
    if not kw or not ("Changeling" in kw or "Devoid" in kw):
        return c
    c = c.copy()
    if "Changeling" in kw:
        c.subtypes = c.subtypes | creature_types()
    if "Devoid" in kw:
        c.colors = frozenset()
    return c


@lru_cache(maxsize=1)
def creature_types() -> frozenset[str]:
    """CR 205.3m: every creature type (for changeling, 702.73a, and "all creature types")."""

    rule = get_rule("205.3m")
    text = rule.text if rule is not None else ""
    _, _, rest = text.partition("All other creature types are one word long:")
    words = [w.strip().strip(".") for w in rest.replace(" and ", " ").split(",")]
    out = {w for w in words if w and " " not in w}
    out.add("Time Lord")
    return frozenset(out)


# ---------------------------------------------------------------------------
# Layer 2: control (CR 613.1b)
# ---------------------------------------------------------------------------


def refresh_control(game: Game) -> None:
    """Recompute who controls each permanent under control-changing effects
    (layer 2, CR 613.1b), in timestamp order (CR 613.7); a permanent with none
    is controlled by the player under whose control it entered (CR 110.2).

    Called when a control effect begins or ends. A permanent that changes
    controller is removed from combat (CR 506.4) and its controller's
    "since the start of the turn" clock restarts (CR 302.6).
    """
    game.invalidate()  # what the static abilities apply to may have just changed
    timed: dict[int, list[tuple[int, int]]] = {}
    for e in game.effects:
        if e.op == "control":
            p = e.args.get("player")
            if isinstance(p, int):
                for oid in e.affected:
                    timed.setdefault(oid, []).append((e.timestamp, p))
    statics = []
    for src, st, _sid, _flt, _lk, _early, ts, removed in static_sources(game):
        if st.op == "control" and not removed:
            statics.append((src, st, ts))
    changed: list[int] = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out:
            continue
        base = (o.chosen or {}).get("_base_controller")
        candidates = list(timed.get(oid, ()))
        for src, st, ts in statics:
            aff = st.affected
            hit = (
                src.id == oid
                if aff is None or isinstance(aff, SelfRef)
                else isinstance(aff, Filter) and _static_matches(game, o, aff, src)
            )
            if hit:
                candidates.append((ts, src.controller))
        if base is None and not candidates:
            continue
        if base is None:
            o.chosen = {**(o.chosen or {}), "_base_controller": o.controller}
            base = o.controller
        new = max(candidates)[1] if candidates else base
        if isinstance(new, int) and new < 0:
            new = ref_player(new)
        if new != o.controller:
            old = o.controller
            o.controller = new
            o.controlled_since = game.turn
            if game.combat is not None:
                game.combat.attackers.pop(oid, None)  # CR 506.4
                game.combat.blockers.pop(oid, None)
            game.invalidate()
            game.emit(
                EventKind.CONTROL,
                ("613.1b", "108.4"),
                f"{game.players[new].name} now controls {o.name} (was {game.players[old].name})",
                obj=oid,
                player=new,
            )
            changed.append(oid)
    for oid in changed:
        # CR 611.2b: "for as long as you control [it]" effects of a permanent whose
        # controller changed end (after every control is settled: ending one
        # recomputes control from the effects left)
        control_changed(game, oid)


def control_effects_exist(game: Game) -> bool:
    """Whether any control-changing effect (layer 2) exists now."""
    if any(e.op == "control" for e in game.effects):
        return True
    return any(entry[1].op == "control" for entry in static_sources(game))


def _static_matches(game: Game, o: GameObject, flt: Filter, src: GameObject) -> bool:
    return matches_object(game, o, flt, src.controller, src)


# ---------------------------------------------------------------------------
# Durations (CR 611.2a-b, 514.2)
# ---------------------------------------------------------------------------


def end_effects(game: Game, ended: list[ContinuousEffect], rule: str, why: str) -> None:
    """Remove ended effects, recompute control and log it."""
    if not ended:
        return
    gone = set(map(id, ended))
    game.effects = [e for e in game.effects if id(e) not in gone]
    if all(e.layer == "7c" for e in ended):
        game.invalidate(PT_EFFECT)  # only the affected permanents' power and toughness
    else:
        game.invalidate()
    if any(e.op == "control" for e in ended):
        refresh_control(game)


def end_of_turn_cleanup(game: Game) -> bool:
    """CR 514.2: "until end of turn" and "this turn" effects end. True if any did."""
    ended = [
        e
        for e in game.effects
        if e.duration in ("end_of_turn", "this_turn")
        or (e.duration == "until_end_of_your_next_turn" and ends_now(game, e))
    ]
    end_effects(game, ended, "514.2", "until end of turn")
    return bool(ended)


def on_turn_start(game: Game) -> None:
    """Effects lasting "until your next turn" end as that turn begins (CR 611.2a, 500.1)."""
    ended = [
        e
        for e in game.effects
        if e.duration == "until_your_next_turn" and game.is_active(e.controller)
    ]
    end_effects(game, ended, "611.2a", "until your next turn")


def on_end_of_combat(game: Game) -> None:
    """Effects lasting "until end of combat" expire at the end of the combat phase
    (CR 500.5a, 511.2)."""
    ended = [e for e in game.effects if e.duration == "end_of_combat"]
    end_effects(game, ended, "511.2", "until end of combat")


def on_end_step(game: Game) -> None:
    """Effects lasting "until your next end step" end as that player's end step begins
    (CR 611.2a, 513.1); one created during that end step lasts until the next one."""
    ended = [
        e
        for e in game.effects
        if e.duration == "until_your_next_end_step" and game.is_active(e.controller)
    ]
    end_effects(game, ended, "611.2a", "until your next end step")


def source_left(game: Game, old_id: int) -> None:
    """A permanent left the battlefield (CR 400.7): effects that affected only it,
    and effects lasting "for as long as" it stays, end (CR 611.2b); if it had
    a control-changing static ability, control is recomputed (CR 613.1b)."""
    old = game.objects.get(old_id)
    if game.effects:
        ended = [
            e
            for e in game.effects
            if e.affected == (old_id,) or (e.duration in _WHILE_SOURCE_STAYS and e.source == old_id)
        ]
        end_effects(game, ended, "611.2b", "its source left the battlefield")
    if old is not None and old.zone == Zone.BATTLEFIELD and not old.face_down:
        if any(st.op == "control" for st in statics_in(chars(game, old))):
            refresh_control(game)


#: "for as long as this artifact remains tapped" (CR 611.2b)
#: and "for as long as you control this creature and it remains tapped" (Willow Satyr)
WHILE_TAPPED: Final = ("while_tapped", "while_controlled_tapped")
#: durations that end as their source leaves the battlefield (CR 611.2b)
_WHILE_SOURCE_STAYS: Final = ("source", "while_on_battlefield", "while_controlled", *WHILE_TAPPED)


def source_untapped(game: Game, ids: Iterable[int]) -> None:
    """CR 611.2b: effects lasting "for as long as [this] remains tapped" end as their
    source becomes untapped."""
    if not game.effects:
        return
    gone = set(ids)
    ended = [e for e in game.effects if e.duration in WHILE_TAPPED and e.source in gone]
    end_effects(game, ended, "611.2b", "its source became untapped")
    for src in dict.fromkeys(e.source for e in ended):
        o = game.objects.get(src) if src is not None else None
        game.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("611.2b",),
            f"{o.name if o is not None else 'Its source'} became untapped: its effects "
            "'for as long as it remains tapped' end",
        )


def counter_duration_holds(game: Game, duration: str, oid: int) -> bool:
    """Whether the object still has a counter of the kind a "while_counter:"
    duration names (any other duration: True)."""
    if not duration.startswith(WHILE_COUNTER):
        return True
    o = game.objects.get(oid)
    return o is not None and o.counters.get(duration[len(WHILE_COUNTER) :], 0) > 0


def _counters_gone(game: Game, ev: Event, subject: Any) -> None:
    """CR 611.2b: effects lasting "for as long as it has a [kind] counter on it" end
    once the last such counter is removed from the object."""
    oid = ev.data.get("obj")
    if not isinstance(oid, int) or not game.effects:
        return
    ended = [
        e
        for e in game.effects
        if e.duration.startswith(WHILE_COUNTER)
        and oid in e.affected
        and not any(counter_duration_holds(game, e.duration, a) for a in e.affected)
    ]
    if ended:
        end_effects(game, ended, "611.2b", "its counter was removed")
        name = game.objects[oid].name if oid in game.objects else "it"
        game.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("611.2b",),
            f"The last {ended[0].duration[len(WHILE_COUNTER) :]} counter left {name}: "
            "the effects lasting as long as it had one end",
        )


on_event(EventKind.COUNTERS_REMOVED, rules=True)(_counters_gone)


def control_changed(game: Game, oid: int) -> None:
    """CR 611.2b: "for as long as you control ..." effects end when control changes."""
    o = game.objects.get(oid)
    ended = [
        e
        for e in game.effects
        if e.duration in ("while_controlled", "while_controlled_tapped")
        and e.source == oid
        and (o is None or o.controller != e.controller)
    ]
    end_effects(game, ended, "611.2b", "control changed")


__all__ = [
    "LAYER_KEY",
    "STATIC_LAYERS",
    "KEYWORD_COUNTERS",
    "compute",
    "refresh_control",
    "static_sources",
]


def _register_support() -> None:
    register_keywords("Changeling", "Devoid")  # CR 702.73a, 702.114a: CDAs (layers 4, 5)
    register(
        *(f"static:{op}" for op in STATIC_LAYERS if op not in _RESTRICTIONS),
        "cond:chosen_color",
        "cond:chosen_type",
        "cond:not_chosen_type",  # "creatures that aren't of the chosen type"
        "cond:chosen_player",  # filters.matches_player: the player chosen as it entered
        "cond:face_down",
        "amount:card_types",
        "amount:own_mana_value",  # Opalescence (apply_part)
    )


_register_support()


def apply_setup(game: Game) -> None:
    """For a game set up mid-way (scenarios, tests): permanents listed as copying
    something become copies (``chosen: {copy_of: ...}``, CR 707.5), and a permanent
    controlled by a player other than its owner because of a control-changing
    effect that applies now reverts to its owner when that effect ends (CR 613.1b)."""
    apply_setup_copies(game)
    if not control_effects_exist(game):
        return
    game.invalidate()
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != o.owner and "_base_controller" not in (o.chosen or {}):
            o.chosen = {**(o.chosen or {}), "_base_controller": o.owner}
    refresh_control(game)


# CR 613: the characteristics of an object not cached (rules.characteristics.chars)
RULES_HOOKS.characteristics = compute
