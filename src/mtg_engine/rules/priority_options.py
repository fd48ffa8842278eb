"""What a player may do with priority (CR 117.1): the legal actions offered
to agents and front ends — playing a land (CR 305.1), casting a spell from
each zone it may be cast from (CR 601.2a, 702.34a, 702.127a) with the casting
choices worth enumerating (kicker, buyback, fuse, alternative costs, ...),
activating abilities (CR 602.2) and special actions (CR 116.2).

Each option is checked with the same functions that check an answer
(:func:`.casting.cast_problem`, :func:`.activating.activate_problem`), so an
offered action is always legal.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import AbilityKind
from ..game.actions import (
    ActivateAbility,
    CastSpell,
    PassPriority,
    PlayLand,
)
from ..game.hooks import ACTIVATED as ACTIVATED_KEYWORDS
from ..game.hooks import ALT_COSTS, KEYWORD_HOOKS
from ..game.keyword_names import Kw
from ..game.objects import GameObject, Zone
from . import cast_permissions, cost_components, mana_costs
from . import mana as mana_rules
from .activating import ability_at, activate_problem, activated_by, any_player_may
from .casting import (
    _cost_may_change,
    _has_cost_abilities,
    cast_problem,
    has_sorcery_timing,
    land_play_problem,
    spell_ability,
)
from .char_values import Chars
from .characteristics import SINGLE_FACE, chars
from .commanders import commanders_in_command_zone
from .face_down import face_down_permanents_exist
from .face_up_action import special_actions
from .graveyard_abilities import activates_from_graveyard
from .mana_spending import spending
from .multiface_play import cast_chars
from .play_permissions import nothing_permitted, permitted_cards
from .player_limits import land_play_forbidden, may_play_another_land
from .statics import statics_index
from .tap_replacements import tap_forbidden

if TYPE_CHECKING:
    from ..game.state import Game


def priority_options(game: Game, player: int) -> list:
    """The enumerable actions of a player with priority (CR 117.1): plain casts,
    the optional-cost variants worth listing (kicker, buyback, entwine, evoke,
    flashback from the graveyard, convoke and delve when needed), activated
    abilities of permanents and of cards in hand (cycling ...).

    What the player could possibly do is kept in an index (:func:`could_act`)
    until the state changes; each offer in it is checked now with the same
    functions that check an answer, so a decision where only passing is legal
    costs a look-up.
    """
    p = game.players[player]
    sorcery_ok = has_sorcery_timing(game, player)
    # CR 106.6: restricted mana pays only for some spells (the land play and life are
    # not in the key: lands are offered by the index whenever sorcery timing holds and
    # checked here, and life is one of its reads when a cost may be paid with it)
    key = (
        (tuple(p.mana_pool), tuple(p.restricted_mana), tuple(p.snow_mana))
        if p.restricted_mana or any(p.snow_mana)
        else tuple(p.mana_pool)
    )
    version = game.version
    slot = (player, sorcery_ok)
    got = game._could_act.get(slot)
    if got is None or got[1] != key:
        got = _index(game, slot, key)
    elif got[0] != version:
        if _reads_hold(game, player, got[3]):
            got = (version, key, got[2], got[3])  # CR 117.1: nothing it reads changed
            game._could_act[slot] = got
        else:
            got = _index(game, slot, key)
    out: list = [PassPriority()]
    offers = got[2]
    if offers:
        land_ok = (
            sorcery_ok
            and may_play_another_land(game, player)
            and land_play_forbidden(game, player) is None  # CR 101.2: Aggressive Mining
        )
        _check_offers(game, player, offers, out, land_ok)
    if not nothing_permitted(game, player):
        objects = game.objects
        for oid in permitted_cards(game, player):
            # "you may play it this turn": exiled cards with a play permission (601.2a)
            if "Land" in chars(game, objects[oid]).types:
                if land_play_problem(game, player, oid) is None:
                    out.append(PlayLand(oid))
            elif cast_problem(game, player, oid) is None:
                out.append(CastSpell(oid))
            out.extend(_other_faces_from_exile(game, player, objects[oid]))
        if game.exile:
            out.extend(_exile_alt_casts(game, player))
    if p.commanders and game.command:
        # CR 903.8: the commanders the player may cast from the command zone
        for oid in commanders_in_command_zone(game, player):
            if cast_problem(game, player, oid) is None:
                out.append(CastSpell(oid))
    if face_down_permanents_exist(game):
        out.extend(special_actions(game, player))  # CR 116.2b: turning face up
    return out


def _exile_alt_casts(game: Game, player: int) -> list[CastSpell]:
    """The player's exiled cards castable now with an alternative cost that works from
    exile (CR 601.2a, 702.143a: a foretold card for its foretell cost)."""
    out: list[CastSpell] = []
    objects = game.objects
    alts: list[str] | None = None
    for oid in game.exile:
        o = objects[oid]
        if o.owner != player or not o.chosen:
            continue  # (such a card carries a record of how it was exiled)
        if alts is None:
            alts = [name for name, spec in ALT_COSTS.items() if Zone.EXILE in spec.zones]
        for alt in alts:
            act = CastSpell(oid, alt=alt)
            if cast_problem(game, player, oid, 0, act) is None:
                out.append(act)
    return out


#: kinds of offers in the "could act" index: each is checked when the player has priority
_PLAY: Final = 0  # a land in hand, when a land may be played (CR 305.1, 305.2)
_CAST: Final = 1  # a face of a card in hand (CR 601.2a)
_VARIANTS: Final = 2  # the casting choices worth listing of a card in hand (CR 601.2b)
_FREE: Final = 3  # a card in hand cast without paying its mana cost (CR 118.9)
_ACTIVATE: Final = 4  # an activated ability of a card or permanent (CR 602.2)
_AFTERMATH_HALF: Final = 5  # the aftermath half of a card in a graveyard (CR 702.127a)
_GRAVEYARD_ALT_CAST: Final = (
    6  # a card in a graveyard cast with flashback or disturb (702.34a, 702.146a)
)

#: keyword -> the alternative cost it offers a card in its owner's graveyard
#: (CR 702.34a flashback, 702.146a disturb: cast transformed, 702.138a escape,
#: 702.187b mayhem, 702.133a jump-start)
_GRAVEYARD_ALTS: Final = {
    "Flashback": "flashback",
    "Disturb": "disturb",
    "Escape": "escape",
    "Mayhem": "mayhem",
    "Jump-start": "jump-start",
}


def _index(game: Game, slot: tuple[int, bool], key: tuple) -> tuple:
    """Build and keep a player's "could act" index, with or without sorcery timing
    (``slot``): (state version, key, offers, reads)."""
    reads: list[tuple[int, Any]] = []
    got = (game.version, key, could_act(game, slot[0], slot[1], reads), tuple(reads))
    game._could_act[slot] = got
    return got


def could_act(
    game: Game, player: int, sorcery_ok: bool, reads: list[tuple[int, Any]] | None = None
) -> list[tuple]:
    """Everything ``player`` could possibly do with priority in this state (CR 117.1),
    in the order it is offered: lands to play, faces of cards in hand whose mana
    they could pay (or whose cost may change), casting variants, abilities of cards
    in hand, graveyards and permanents. What depends only on the state is decided
    here; what depends on the moment (timing permissions and restrictions, targets,
    the rest of the cost) is checked by :func:`_check_offers` at each decision.

    It is a function of the timing and the mana pool (the key :func:`priority_options`
    keeps it under; lands are offered whenever the timing allows, and checked against
    the land play at each decision) and of the derived records it reads (the hand's
    summary, the mana sources, the graveyard's offers, the permanents with activated
    abilities, whether costs may change, life where a cost has Phyrexian symbols
    ...), which it lists in
    ``reads``: while the state version is the same, or each of those is still the
    same record (:func:`_reads_hold`), the offers are the same."""
    offers: list[tuple] = []
    if reads is None:
        reads = []
    p = game.players[player]
    summary = _hand_summary(game, player, p.hand) if p.hand else None
    reads.append((_R_SUMMARY, summary))
    if summary is not None:
        _hand_offers(game, player, summary, sorcery_ok, offers, reads)
    graveyard = _graveyard_offers(game, player, p.graveyard)
    reads.append((_R_GRAVEYARD, graveyard))
    for oid, entries in graveyard:
        for kind, i in entries:
            if kind == _AFTERMATH:
                offers.append((_AFTERMATH_HALF, oid, i))
            elif kind == _GRAVEYARD_ALT:
                offers.append((_GRAVEYARD_ALT_CAST, oid, i))
            else:
                offers.append((_ACTIVATE, oid, i))  # "Exile this card from your graveyard: ..."
    activated = activated_sources(game, player)
    reads.append((_R_ACTIVATED, activated))
    if activated:
        _activated_offers(game, player, activated, offers, reads)
    return offers


def _activated_offers(
    game: Game,
    player: int,
    activated: list[tuple[int, tuple[int, ...]]],
    offers: list[tuple],
    reads: list[tuple[int, Any]],
) -> None:
    """The activated abilities of the player's permanents that may be activated: one
    whose mana cost needs more mana than the player could have, while no cost-changing
    ability is in play, can't be (CR 602.2b, 601.2g: :func:`.mana.most_mana`)."""
    may_change = _cost_may_change(game)
    reads.append((_R_MAY_CHANGE, may_change))
    budget: int | None = None
    objects = game.objects
    records: list[Chars] = []
    for oid, indices in activated:
        c = chars(game, objects[oid])
        records.append(c)
        for i in indices:
            cost = ability_at(c, i).cost
            if not may_change and cost is not None and cost.mana:
                if budget is None:
                    sources = mana_rules.mana_sources(game, player)
                    reads.append((_R_SOURCES, sources))
                    budget = mana_rules.most_mana(game, player, sources)
                if mana_rules.least_mana(mana_costs.parse_cost(cost.mana)) > budget:
                    continue
            offers.append((_ACTIVATE, oid, i))
    reads.append((_R_PERMANENTS, tuple(records)))


#: the derived records :func:`could_act` reads, each compared by value (the cards of
#: the hand summary and the permanents by identity: the same objects with the same
#: characteristics records; the mana sources by what they are and make, all that a
#: payment plan reads besides the pool and life, :func:`.mana.plan_payment`)
_R_SUMMARY: Final = 0
_R_FREE: Final = 1
_R_SOURCES: Final = 2
_R_MAY_CHANGE: Final = 3
_R_GRAVEYARD: Final = 4
_R_ACTIVATED: Final = 5
_R_PERMANENTS: Final = 6  # the characteristics records of the permanents with activated abilities
_R_LIFE: Final = 7  # the player's life, read when a mana cost has Phyrexian symbols (CR 107.4f)


def _reads_hold(game: Game, player: int, reads: tuple[tuple[int, Any], ...]) -> bool:
    """Whether each record :func:`could_act` read is still the same (then it would
    build the same offers again: it reads nothing else of the state). A record the
    caches still hold, for the same hand or graveyard, is taken as it is (what each
    function that gives it would return) before it is asked for."""
    p = game.players[player]
    cache = game._chars
    for kind, value in reads:
        if kind == _R_SUMMARY:
            if value is None or value[2] != p.hand:
                # a summary describes the hand it was built for (its third item): a
                # new hand has another one, no summary an empty hand
                if value is not None or p.hand:
                    return False
                continue
            # (the record :func:`_hand_summary` would return as it is)
            index = statics_index(game)
            held = (
                value[6][0] is index
                and cache.get((_HAND_KEY, player)) is value
                and not _conditional_permissions(index)
            )
            if not held and (_hand_summary(game, player, p.hand) if p.hand else None) != value:
                return False
        elif kind == _R_SOURCES:
            if (
                cache.get((_MANA_SOURCES_KEY, player)) is not value
                and mana_rules.mana_sources(game, player) != value
            ):
                return False
        elif kind == _R_GRAVEYARD:
            kept = game._could_act.get((_GRAVEYARD_KEY, player))
            if kept is None or kept[1] is not value or kept[0] != p.graveyard:
                if _graveyard_offers(game, player, p.graveyard) is not value:
                    return False
        elif kind == _R_ACTIVATED:
            sources = cache.get(ACTIVATED_KEY)
            if sources is None or sources.get(player, _NO_SOURCES) is not value:
                if activated_sources(game, player) != value:
                    return False
        elif kind == _R_PERMANENTS:
            activated = activated_sources(game, player)
            if len(activated) != len(value):
                return False
            objects = game.objects
            perm = game._perm
            for (oid, _), c in zip(activated, value, strict=True):
                # (a permanent's characteristics are remembered in ``_perm``: chars())
                if perm.get(oid) is not c and chars(game, objects[oid]) is not c:
                    return False
        elif kind == _R_FREE:
            if cast_permissions.free_granted(game) != value:
                return False
        elif kind == _R_LIFE:
            if p.life != value:
                return False
        elif _cost_may_change(game) != value:  # _R_MAY_CHANGE
            return False
    return True


#: the key of a player's mana sources in the characteristics cache (rules/mana.py)
_MANA_SOURCES_KEY: Final = "mana_sources"


def _check_offers(game: Game, player: int, offers: list[tuple], out: list, land_ok: bool) -> None:
    """The offers of the index that are legal now (CR 117.1), appended to ``out``;
    ``land_ok``: whether the player may play a land now (CR 305.1, 305.2)."""
    objects = game.objects
    stack = game.stack
    for kind, oid, arg in offers:
        if kind == _ACTIVATE:
            if activate_problem(game, player, oid, arg) is None:
                out.append(ActivateAbility(oid, arg))
        elif kind == _CAST:
            if not (stack or arg) and _needs_stack_target(game, objects[oid]):
                continue  # CR 601.2c: "counter target spell" with nothing on the stack
            if cast_problem(game, player, oid, arg) is None:
                out.append(CastSpell(oid, arg))
        elif kind == _PLAY:
            if land_ok:
                out.append(PlayLand(oid, arg))
        elif kind == _VARIANTS:
            out.extend(_cast_variants(game, player, objects[oid], arg))
        elif kind == _FREE:
            o = objects[oid]
            if cast_permissions.free_permission(game, player, o, arg) is not None:
                free = CastSpell(oid, alt=cast_permissions.FREE)  # Aluren (CR 118.9)
                if cast_problem(game, player, oid, 0, free) is None:
                    out.append(free)
        elif kind == _AFTERMATH_HALF:
            for face in KEYWORD_HOOKS.aftermath_faces(objects[oid].card):  # CR 702.127a
                if cast_problem(game, player, oid, face) is None:
                    out.append(CastSpell(oid, face))
        else:  # _GRAVEYARD_ALT_CAST
            keyword = objects[oid].card.compiled[objects[oid].face].abilities[arg].keyword
            act = CastSpell(oid, alt=_GRAVEYARD_ALTS[keyword or ""])
            if cast_problem(game, player, oid, 0, act) is None:
                out.append(act)


def _needs_stack_target(game: Game, o: GameObject) -> bool:
    """Whether the spell of a single-faced card needs a target that only the stack
    holds ("counter target spell"): with an empty stack it has no legal targets and
    can't be cast (CR 601.2c, 115.1); decided from its characteristics record."""
    if len(o.card.faces) > 1:
        return False  # a half or face is cast with its own characteristics (CR 709.3a)
    c = chars(game, o)
    got = c.stack_targets
    if got is None:
        ability = spell_ability(c)
        specs: Any = () if ability is None else ability.targets  # (min: X, rules/costs.py)
        got = (
            ability is not None
            and not ability.modes
            and any(
                type(spec.min) is int
                and spec.min > 0
                and spec.filter.zone == "stack"
                and "player" not in spec.filter.kinds
                for spec in specs
            )
        )
        c.stack_targets = got
    return got


def _hand_offers(
    game: Game,
    player: int,
    summary: tuple,
    sorcery_ok: bool,
    offers: list[tuple],
    reads: list[tuple[int, Any]],
) -> None:
    """Lands to play, spells to cast and abilities that work from the hand (CR 305.1,
    601.2a, 702.29a), from the hand's summary (:func:`_hand_summary`)."""
    if not sorcery_ok and not summary[0]:
        return  # only sorcery-speed cards, and no abilities that work from the hand
    free_granted = cast_permissions.free_granted(game)
    reads.append((_R_FREE, free_granted))
    sources = None
    budget = 0
    may_change: bool | None = None
    life_read = False
    for oid, o, c, kind, from_hand, faces in summary[1]:
        if kind == _LAND:
            if sorcery_ok:
                offers.append((_PLAY, oid, 0))  # checked with the land play
        elif kind == _ANY_TIME or sorcery_ok:
            if sources is None:
                sources = mana_rules.mana_sources(game, player)
                reads.append((_R_SOURCES, sources))
                budget = mana_rules.most_mana(game, player, sources)
            for face, cost, least in faces:
                if cost.phyrexian and not life_read:
                    life_read = True  # CR 107.4f: paid with 2 life each
                    reads.append((_R_LIFE, game.players[player].life))
                on = spending("spell", oid, "{X}" in (c.mana_cost or ""))  # CR 106.6, 107.3
                if not (least <= budget and mana_rules.can_pay_now(game, player, cost, on=on)):
                    if may_change is None:
                        may_change = _cost_may_change(game)
                        reads.append((_R_MAY_CHANGE, may_change))
                    if not (may_change or _has_cost_abilities(o)):
                        continue
                offers.append((_CAST, oid, face))
            if _casting_variant_keywords(o):
                offers.append((_VARIANTS, oid, c))
            if free_granted:
                offers.append((_FREE, oid, c))
        if sorcery_ok and o.card.data.layout == "modal_dfc":
            for face in _land_back_faces(o):
                offers.append((_PLAY, oid, face))  # CR 712.12, checked with the land play
        for i in from_hand:
            offers.append((_ACTIVATE, oid, i))


_LAND: Final = 0
_SORCERY_TIME: Final = 1
_ANY_TIME: Final = 2
#: a card with sneak may be cast for its sneak cost in the declare blockers step
#: (keywords/sneak.py), whatever its type
_SNEAK: Final = "Sneak"
#: cache key of each player's hand summary (forgotten with the characteristics)
_HAND_KEY: Final = "hand_summary"
#: cache key of the permanents with activated abilities, by controller (rules/layers.py
#: keeps it with the permanents' characteristics)
ACTIVATED_KEY: Final = "activated_sources"


def _hand_summary(game: Game, player: int, hand: list[int]) -> tuple:
    """Each card in the hand with what it may offer, remembered until the next change:
    (id, object, characteristics, land / castable only at sorcery speed / castable any
    time it has priority (an instant, flash, offering, a permission of a permanent,
    CR 117.1a, 702.8a, 702.48a), the abilities it activates from the hand, and for a
    spell each face that may be cast with its mana cost (X = 0) and the least mana
    that pays it); first, whether any card may offer something without sorcery timing.
    Then the hand it describes, whether every card has its printed
    characteristics (then ``rules/layers.py`` may keep the summary through changes
    that keep those; it is used only for the same hand), and whether a permanent
    grants flash or free casting (then no entry is reused for the next hand: a
    split card's halves aren't either), and the permissions to cast from the hand it
    was built under (:func:`_permissions`) with the index of statics they were read
    from (in a list, updated when the permissions read from a new index are the same
    records): a permanent entering or leaving keeps the summary, which is built again
    when they aren't the same records (compared only when the index was built again)."""
    cache = game._chars
    key = (_HAND_KEY, player)
    got = cache.get(key)
    index = statics_index(game)
    if (
        got is not None
        and (got[6][0] is not index or _conditional_permissions(index))
        and got[2] == hand
    ):
        if _same_permissions(got[5], _permissions(game, index)):
            got[6][0] = index  # (the same permissions: not compared again with this index)
        else:
            got = None
    if got is None or got[2] != hand:
        permissions: tuple | None = None
        if (
            got is not None
            and not got[4]
            and got[6][0] is index
            and not _conditional_permissions(index)
        ):
            # the previous hand's summary was built under this index of statics, which
            # grants no flash nor free casting (what it grants depends on it alone)
            statics_grant = free_granted = False
            permissions = got[5]
        else:
            statics_grant = cast_permissions.flash_granted(game)
            free_granted = cast_permissions.free_granted(game)
        flash_granted = (
            statics_grant
            or bool(game.turn_flags.next_cast_flash.get(player))  # Quicken (CR 702.8a)
            or bool(game.turn_flags.cast_as_flash.get(player))  # Alchemist's Refuge
        )
        cards: list[tuple] = []
        any_time = False
        all_printed = True
        objects = game.objects
        # a card still described by the previous summary, with the same characteristics
        # record and no permission granted since, keeps its entry (a draw adds one card)
        before = (
            {e[0]: e for e in got[1] if len(e[5]) < 2}
            if got is not None and not (flash_granted or free_granted or got[4])
            else {}
        )
        printed = game._printed  # (a card in hand with its printed characteristics)
        for oid in hand:
            o = objects[oid]
            c = printed.get(oid)
            if c is None:
                c = chars(game, o)
                all_printed = all_printed and c is o.card.cache.get(SINGLE_FACE)
            e = before.get(oid)
            if e is not None and e[2] is c and e[1] is o:
                cards.append(e)
                if not any_time and (e[3] == _ANY_TIME or e[4]):
                    any_time = True
                continue
            types = c.types
            if "Land" in types:
                kind = _LAND
            elif (
                "Instant" in types
                or Kw.FLASH in c.keywords
                or _has_offering(o)
                or _SNEAK in _variant_keywords(o)  # cast in the declare blockers step
                or (flash_granted and cast_permissions.has_flash(game, player, o, c))
                or bool(c.abilities and cast_permissions.own_flash_statics(c))  # CR 113.6e
                or (free_granted and cast_permissions.free_permission(game, player, o, c))
            ):
                kind = _ANY_TIME
            else:
                kind = _SORCERY_TIME
            faces: tuple = ()
            if kind != _LAND:
                castable = _castable_faces(game, o, c)
                if kind == _SORCERY_TIME and any(
                    "Instant" in fc.types or Kw.FLASH in fc.keywords for _f, fc in castable[1:]
                ):
                    kind = _ANY_TIME  # an instant Adventure (CR 715.3a: its own characteristics)
                faces = tuple(
                    (face, cost, mana_rules.least_mana(cost))
                    for face, fc in castable
                    for cost in (mana_costs.cost_at_x0(fc.mana_cost),)
                )
            from_hand = hand_activated_indices(c)
            cards.append((oid, o, c, kind, from_hand, faces))
            any_time = any_time or kind == _ANY_TIME or bool(from_hand)
        got = (
            any_time,
            cards,
            list(hand),
            all_printed,
            flash_granted or free_granted,
            _permissions(game, index) if permissions is None else permissions,
            [index],
        )
        cache[key] = got
    return got


#: the static ops that let a card in hand be cast at another time or for another cost
#: than its own (CR 702.8a "as though it had flash", 118.9 "without paying its mana cost")
_PERMISSION_OPS: Final = (
    "grant_flash_to_cards",
    cast_permissions.AS_THOUGH_FLASH,
    *cast_permissions.FREE_OPS,
)


def _permissions(game: Game, index: dict[str, tuple]) -> tuple:
    """The permanents' static abilities that change what a hand may cast (Aluren,
    Omniscience, Teferi's flash: CR 601.3, 702.8a, 118.9), from the index of the
    battlefield's statics, each with its source and the source's controller (whose
    cards a permission names, CR 109.5); one with an "as long as" condition only
    while that holds (CR 611.3a)."""
    found: tuple = ()
    for op in _PERMISSION_OPS:
        entries = index.get(op)
        if entries:
            found += tuple(
                (src, st, src.controller)
                for src, st in entries
                if st.condition is None or cast_permissions.holds(game, src, st)
            )
    return found


def _conditional_permissions(index: dict[str, tuple]) -> bool:
    """Whether a permission in the index of statics holds only "as long as" something
    (Quicksilver, Speedster: "As long as Quicksilver is tapped, you may cast spells as
    though they had flash", CR 611.3a): whether it holds can change while the index
    stays the same (the permanent becomes tapped), so it is read again each time.
    Remembered for the last index asked about (an index is built again, never
    changed, when the battlefield's statics change: the same record says the same)."""
    last = _CONDITIONAL
    if last[0] is index:
        return last[1]
    found = False
    for op in _PERMISSION_OPS:
        entries = index.get(op)
        if entries and any(st.condition is not None for _src, st in entries):
            found = True
            break
    _CONDITIONAL[:] = (index, found)
    return found


#: the index of statics :func:`_conditional_permissions` was last asked about, and
#: its answer (holding the index keeps its identity from being reused)
_CONDITIONAL: Final[list[Any]] = [None, False]


def _same_permissions(before: tuple, now: tuple) -> bool:
    """Whether two lists of :func:`_permissions` are the same records (by identity)."""
    if len(before) != len(now):
        return False
    for (src, st, controller), (src2, st2, controller2) in zip(before, now, strict=True):
        if src is not src2 or st is not st2 or controller != controller2:
            return False
    return True


def activated_sources(game: Game, player: int) -> list[tuple[int, tuple[int, ...]]]:
    """The permanents ``player`` controls that have activated abilities (not mana
    abilities, CR 602), in battlefield order, with those abilities' indices;
    remembered with the permanents' characteristics."""
    cache = game._chars
    index = cache.get(ACTIVATED_KEY)
    if index is None:
        index = {}
        objects = game.objects
        perm = game._perm  # (the permanents' characteristics chars() remembers)
        for oid in game.battlefield:
            o = objects[oid]
            if o.phased_out:
                continue  # CR 702.26b
            c = perm.get(oid)
            if c is None:
                c = chars(game, o)
            indices = c.activated
            if indices is None:
                indices = activated_indices(c)
            if indices:
                index.setdefault(o.controller, []).append((oid, indices))
                anyone = tuple(
                    i
                    for i in indices
                    if any_player_may(c.abilities[i]) or activated_by(c.abilities[i])
                )
                for p in range(len(game.players)) if anyone else ():
                    # "Any player may activate this ability.", "Only this creature's
                    # owner / your opponents may ..." (activating.activate_problem checks)
                    if p != o.controller:
                        index.setdefault(p, []).append((oid, anyone))
        cache[ACTIVATED_KEY] = index
    return index.get(player, _NO_SOURCES)


#: what :func:`activated_sources` gives a player without such permanents (one list,
#: never changed: the same record while the index is kept, as a player's own list is)
_NO_SOURCES: Final[list[tuple[int, tuple[int, ...]]]] = []


def activated_indices(c: Chars) -> tuple[int, ...]:
    """The indices of the activated abilities (not mana abilities) among
    ``c.abilities`` (CR 602), cached in the characteristics record."""
    got = c.activated
    if got is None:
        got = tuple(i for i, a in enumerate(c.abilities) if a.kind is AbilityKind.ACTIVATED)
        c.activated = got
    return got


def hand_activated_indices(c: Chars) -> tuple[int, ...]:
    """The abilities among ``c.abilities`` that are activated from the hand: keyword
    ones (cycling, ninjutsu ..., CR 702.29a) and those whose cost discards or exiles
    the card itself from there ("Channel — {X}{U}, Discard this card", CR 113.6),
    cached in the characteristics record."""
    got = c.from_hand
    if got is None:
        got = tuple(
            i
            for i, a in enumerate(c.abilities)
            if (
                a.keyword
                and a.keyword in ACTIVATED_KEYWORDS
                and ability_at(c, i).keyword_args.get("from_zone") == "hand"
            )
            or (
                not a.keyword
                and a.kind is AbilityKind.ACTIVATED
                and cost_components.self_exile_zone(a.cost) == "hand"
            )
        )
        c.from_hand = got
    return got


_AFTERMATH: Final = 0
_GRAVEYARD_ALT: Final = 1
_SELF_EXILE: Final = 2
#: cache key of each player's graveyard cards that may offer something
_GRAVEYARD_KEY: Final = "graveyard_offers"


def _graveyard_offers(
    game: Game, player: int, graveyard: list[int]
) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """The cards of a graveyard that may offer something (:func:`_graveyard_entries`),
    in graveyard order, with their entries; remembered for the same graveyard (what a
    card in a graveyard offers depends on its face alone, and it stays the same
    object while it is there, CR 400.7: so it is kept through changes of other
    things, beside the "could act" index)."""
    cache = game._could_act
    key = (_GRAVEYARD_KEY, player)
    got = cache.get(key)
    if got is None or got[0] != graveyard:
        objects = game.objects
        offers = [
            (oid, entries) for oid in graveyard if (entries := _graveyard_entries(objects[oid]))
        ]
        got = (list(graveyard), offers)
        cache[key] = got
    return got[1]


def _graveyard_entries(o: GameObject) -> tuple[tuple[int, int], ...]:
    """What a card in a graveyard may offer, cached per card face: its aftermath
    half (CR 702.127a), flashback or disturb (CR 702.34a, 702.146a), abilities whose cost exiles it from
    there (CR 113.6), as (kind, ability index) in the order they are offered."""
    key = ("graveyard_entries", o.face)
    got = o.card.cache.get(key)
    if got is None:
        entries: list[tuple[int, int]] = []
        if o.card.data.layout == "aftermath":
            entries.append((_AFTERMATH, -1))
        for i, a in enumerate(o.card.compiled[o.face].abilities):
            if a.keyword in _GRAVEYARD_ALTS:
                entries.append((_GRAVEYARD_ALT, i))
            elif a.kind is AbilityKind.ACTIVATED and (
                cost_components.self_exile_zone(a.cost) == "graveyard"
                or activates_from_graveyard(a)
            ):
                entries.append((_SELF_EXILE, i))
        got = tuple(entries)
        o.card.cache[key] = got
    return got


def _variant_keywords(o: GameObject) -> frozenset[str]:
    """The keywords of the card's face that are up, cached per card face."""
    key = ("keywords", o.face)
    got = o.card.cache.get(key)
    if got is None:
        got = frozenset(a.keyword for a in o.card.compiled[o.face].abilities if a.keyword)
        o.card.cache[key] = got
    return got


#: the keywords that give a card in hand a casting choice worth listing
#: (:func:`_cast_variants`: CR 601.2b optional and alternative costs, 702.51a convoke,
#: 702.126a improvise, 702.66a delve, 702.48a offering)
_ALT_VARIANTS: Final = (
    "Evoke",
    "Prowl",
    "Morph",
    "Disguise",
    "Suspend",
    "Foretell",
    "Plot",
    "Bestow",
    "Dash",
    "Blitz",
    "Awaken",
    "Freerunning",
    "Warp",
    "Surge",
    "Spectacle",
    "Prototype",
    "Web-slinging",
    "Harmonize",
    _SNEAK,
)
_CASTING_VARIANTS: Final = frozenset(
    (
        "Kicker",
        "Multikicker",
        "Buyback",
        "Entwine",
        "Squad",
        "Offspring",
        "Conspire",
        "Fuse",
        "Convoke",
        "Improvise",
        "Delve",
        "Offering",
        "Gift",
        *_ALT_VARIANTS,
    )
)


def _casting_variant_keywords(o: GameObject) -> frozenset[str]:
    """The keywords of the card's face that is up that give it a casting choice worth
    listing (:data:`_CASTING_VARIANTS`), cached per card face: a card with none
    (flying, trample ...) offers no variant, and the "could act" index lists none."""
    key = ("casting_variants", o.face)
    got = o.card.cache.get(key)
    if got is None:
        got = _variant_keywords(o) & _CASTING_VARIANTS
        o.card.cache[key] = got
    return got


def _castable_faces(game: Game, o: GameObject, c: Chars) -> list[tuple[int, Chars]]:
    """The halves of a split card in hand that may be cast on their own, each with the
    characteristics it would have on the stack (CR 709.3, 709.3a: only the chosen
    half's cost is evaluated); an adventurer card and its Adventure (CR 715.3, 715.3a:
    only the Adventure's characteristics are evaluated); a modal double-faced card's
    faces that aren't lands (CR 712.11b-c: only the face cast is evaluated; a land
    face is played, 712.12); for any other card, the card itself."""
    layout = o.card.data.layout
    if len(o.card.faces) == 2:
        if layout == "split":
            return [(0, cast_chars(game, o, 0)), (1, cast_chars(game, o, 1))]
        if layout in _ADVENTURER_LAYOUTS:
            return [(0, c), (1, cast_chars(game, o, 1))]
        if layout == "modal_dfc" and "Land" not in o.card.faces[1].types:
            return [(0, c), (1, cast_chars(game, o, 1))]
    return [(0, c)]


#: layouts whose faces after the first may be played or cast on their own from where
#: the card is (CR 709.3 split halves, 712.11b-712.12 modal double-faced cards, 715.3
#: Adventures); aftermath halves have rules of their own (702.127a)
_OTHER_FACE_LAYOUTS: Final = frozenset(("split", "modal_dfc", "adventure", "prepare"))


def _other_faces_from_exile(game: Game, player: int, o: GameObject) -> list[PlayLand | CastSpell]:
    """The faces after the first of an exiled card ``player`` may play (CR 601.2a,
    305.1): a modal double-faced card's land face is played (712.12), its other faces
    cast (712.11b); a split card's second half (709.3); an Adventure (715.3)."""
    out: list[PlayLand | CastSpell] = []
    if o.card.data.layout not in _OTHER_FACE_LAYOUTS:
        return out
    lands = _land_back_faces(o) if o.card.data.layout == "modal_dfc" else ()
    for face in range(1, len(o.card.faces)):
        if face in lands:
            if land_play_problem(game, player, o.id, face) is None:
                out.append(PlayLand(o.id, face))
        elif cast_problem(game, player, o.id, face) is None:
            out.append(CastSpell(o.id, face=face))
    return out


def _land_back_faces(o: GameObject) -> tuple[int, ...]:
    """The faces after the front of a modal double-faced card that are lands (CR 712.12:
    it may be played as any of its faces that's a land), cached in the card."""
    got = o.card.cache.get("land_back_faces")
    if got is None:
        got = tuple(i for i, f in enumerate(o.card.faces) if i and "Land" in f.types)
        o.card.cache["land_back_faces"] = got
    return got


#: the layouts of adventurer cards (CR 715.2); not "prepare": a prepare card's spell
#: is cast only as a copy while the creature is prepared (its reminder text)
_ADVENTURER_LAYOUTS: Final = frozenset(("adventure",))


def _cast_variants(game: Game, player: int, o: GameObject, c: Chars) -> list[CastSpell]:
    """Casting choices worth enumerating for agents (CR 601.2b): one of each kind."""
    out: list[CastSpell] = []
    kws = _casting_variant_keywords(o)
    if not kws:
        return out
    candidates: list[CastSpell] = []
    kicks: list[str] = []
    if "Kicker" in kws or "Multikicker" in kws:
        kicks = [
            a.keyword
            for a in o.card.compiled[o.face].abilities
            if a.keyword in ("Kicker", "Multikicker")
        ]
        candidates.append(CastSpell(o.id, kicker=(1,) * max(1, len(kicks))))
        if len(kicks) > 1:
            candidates.append(CastSpell(o.id, kicker=(1,)))
    if "Buyback" in kws:
        candidates.append(CastSpell(o.id, buyback=True))
    if "Entwine" in kws:
        candidates.append(CastSpell(o.id, entwine=True))
    if "Squad" in kws:
        candidates.append(CastSpell(o.id, squad=1))  # CR 702.157a; more below
    if "Offspring" in kws:
        candidates.append(CastSpell(o.id, offspring=True))  # CR 702.175a
    if "Conspire" in kws:
        candidates.append(CastSpell(o.id, conspire=True))  # CR 702.78a
    if "Fuse" in kws:
        candidates.append(CastSpell(o.id, fuse=True))  # CR 702.102a
    if "Gift" in kws:
        # CR 702.174a: the gift promised to each opponent in turn
        candidates.extend(CastSpell(o.id, gift=q) for q in game.opponents(player))
    for alt in _ALT_VARIANTS:
        if alt in kws:
            candidates.append(CastSpell(o.id, alt=alt.lower()))
    if "Convoke" in kws:
        creatures = _untapped_creatures(game, player)
        if creatures:
            candidates.append(CastSpell(o.id, convoke=tuple(creatures[: c.mana_value])))
    if "Improvise" in kws:
        generic = mana_costs.parse_cost(c.mana_cost).generic
        artifacts = [
            x
            for x in game.battlefield
            if game.objects[x].controller == player
            and not game.objects[x].tapped
            and "Artifact" in chars(game, game.objects[x]).types
            and tap_forbidden(game, game.objects[x]) is None  # CR 101.2
        ]
        if artifacts and generic:
            candidates.append(CastSpell(o.id, improvise=tuple(artifacts[:generic])))
    if "Delve" in kws:
        generic = mana_costs.parse_cost(c.mana_cost).generic
        grave = game.players[player].graveyard[:generic]
        if grave:
            candidates.append(CastSpell(o.id, delve=tuple(grave)))
    if "Harmonize" in kws:
        # CR 702.180a-b: tapping the untapped creature with the greatest power
        mine = _untapped_creatures(game, player)
        if mine:
            strongest = max(mine, key=lambda x: chars(game, game.objects[x]).power or 0)
            candidates.append(CastSpell(o.id, alt="harmonize", harmonize=strongest))
    if "Offering" in kws:
        best = KEYWORD_HOOKS.offering_sacrifice_choice(game, player, o)
        if best is not None:
            candidates.append(CastSpell(o.id, sacrifice=(best,)))
    for act in candidates:
        if cast_problem(game, player, o.id, 0, act) is None:
            out.append(act)
            if act.kicker and "Multikicker" in kicks:
                out.extend(_multikicks(game, player, act, kicks))
            if act.squad:
                out.extend(_squads(game, player, act))
    return out


def _untapped_creatures(game: Game, player: int) -> list[int]:
    """The untapped creatures ``player`` controls that may be tapped (CR 101.2): for
    convoke (702.51a) and harmonize (702.180a)."""
    return [
        x
        for x in game.battlefield
        if game.objects[x].controller == player
        and not game.objects[x].tapped
        and "Creature" in chars(game, game.objects[x]).types
        and tap_forbidden(game, game.objects[x]) is None  # CR 101.2
    ]


def _squads(game: Game, player: int, once: CastSpell) -> list[CastSpell]:
    """CR 702.157a: a squad cost may be paid any number of times; after the cast that
    pays it once, each further count the player can pay now, up to
    :data:`MAX_MULTIKICKS`."""
    out: list[CastSpell] = []
    for n in range(2, MAX_MULTIKICKS + 1):
        act = replace(once, squad=n)
        if cast_problem(game, player, act.card, 0, act) is not None:
            break
        out.append(act)
    return out


#: the most times the options offer to pay a multikicker cost (CR 702.33c: any number)
MAX_MULTIKICKS: Final = 20


def _multikicks(game: Game, player: int, kicked: CastSpell, kicks: list[str]) -> list[CastSpell]:
    """CR 702.33c: a multikicker cost may be paid any number of times; after the cast
    that pays it once (``kicked``), each further count the player can pay now, up to
    :data:`MAX_MULTIKICKS`, so that an agent or a player chooses how many."""
    out: list[CastSpell] = []
    for j, kw in enumerate(kicks):
        if kw != "Multikicker" or j >= len(kicked.kicker):
            continue
        for n in range(2, MAX_MULTIKICKS + 1):
            act = replace(kicked, kicker=kicked.kicker[:j] + (n,) + kicked.kicker[j + 1 :])
            if cast_problem(game, player, act.card, 0, act) is not None:
                break
            out.append(act)
    return out


def _has_offering(o: GameObject) -> bool:
    """CR 702.48a: a card with offering may be cast at instant speed (with the offering)."""
    key = ("has_offering", o.face)
    v = o.card.cache.get(key)
    if v is None:
        v = any(a.keyword == "Offering" for a in o.card.compiled[o.face].abilities)
        o.card.cache[key] = v
    return bool(v)


__all__ = ["combinations"]
