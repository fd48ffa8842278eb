"""State-based actions (CR 704).

Checked whenever a player would receive priority (CR 704.3): all applicable
actions are performed simultaneously as a single event, then the check
repeats. Implemented: 704.5a-d (players losing, tokens), 704.5e (copies of
spells), 704.5f-h (creatures: toughness, lethal damage, deathtouch), 704.5i
(planeswalkers), 704.5j (legend rule), 704.5m-n (Auras, Equipment), 704.5p,
704.5q (+1/+1 and -1/-1 counters), 704.5y (Roles), 704.5s (Sagas, ``rules/saga.py``), 704.5v
(battles, ``rules/battle.py``), 704.5t (dungeons, ``rules/dungeons.py``),
704.5z (speed, ``rules/speed.py``); in a Commander game, 704.6c (21 combat
damage from one commander) and 704.6d (a commander to the command zone,
``rules/commanders.py``, ``rules/command_zone.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Filter
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.keyword_names import Kw
from ..game.objects import Zone
from ..game.records import OutcomeReason
from ..game.tasks import Task, task_handler
from .aura_entry import barred_by_other_aura, enchant_words_filter
from .battle import battle_candidates, battles_to_graveyard, is_battle_candidate
from .bestowed import cease_bestowed, is_bestowed
from .characteristics import chars
from .command_zone import offer_command_zone
from .commanders import (
    commander_damage_losers,
    commander_sba_owed,
    commanders_to_offer,
    has_commanders,
)
from .conditions import evaluate
from .dungeons import complete_dungeon, dungeon_owed, dungeons_to_complete
from .filters import matches_object
from .game_end import can_lose, player_loses
from .permanents import destroy_permanent, sacrifice
from .player_keywords import player_protected_from, players_may_have_keywords
from .prepare import kept_in_exile
from .saga import is_saga_candidate, saga_candidates, sagas_to_sacrifice
from .simultaneous import begin, end
from .speed import speed_owed, start_engines
from .statics import statics_with
from .support import register
from .zones import becomes_unattached, move

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game
    from .char_values import Chars


#: marker in the characteristics cache: object-based SBAs found nothing since
#: the last change (the cache is cleared by every change that matters)
_CLEAN: Final = "sba_clean"
#: its value when, besides, no permanent is attached to anything
UNATTACHED: Final = "unattached"


def _creature_deaths(game: Game) -> list[tuple[int, str, tuple[str, ...], bool]]:
    """(object, reason, rules, destroy?) for creatures and planeswalkers."""
    out: list[tuple[int, str, tuple[str, ...], bool]] = []
    objects = game.objects
    for oid in game.battlefield:
        o = objects[oid]
        if not o.phased_out:
            _death(oid, o, chars(game, o), out)
    return out


def _death(oid: int, o: GameObject, c: Chars, out: list) -> None:
    """Why the creature or planeswalker ``o`` dies now, if it does (CR 704.5f-i)."""
    if "Creature" in c.types:
        t = c.toughness or 0
        if t <= 0:
            out.append((oid, "has toughness 0 or less", ("704.5f",), False))
        elif ((o.damage >= t and o.damage > 0) or o.deathtouch_damage) and (
            Kw.INDESTRUCTIBLE in c.keywords
        ):
            pass  # CR 702.12b: it isn't destroyed, so the check finds nothing to do
        elif o.damage >= t and o.damage > 0:
            out.append((oid, "is destroyed: lethal damage", ("704.5g",), True))
        elif o.deathtouch_damage:
            out.append(
                (
                    oid,
                    "is destroyed: damage from a source with deathtouch",
                    ("704.5h", "702.2b"),
                    True,
                )
            )
    if "Planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
        out.append((oid, "has no loyalty", ("704.5i",), False))


def _object_checks(
    game: Game,
) -> tuple[list, list, list, list[int], tuple[list[int], list[int]]]:
    """The object-based checks in one pass over the permanents (what
    :func:`_creature_deaths`, :func:`_legend_groups`, :func:`_attachment_problems`,
    :func:`_world_rule` and :func:`_waiting` find, in the same order)."""
    deaths: list = []
    seen: dict[tuple[int, str], list[int]] = {}
    attachments: list = []
    worlds: list[GameObject] = []
    roles: dict[tuple[int, int], list[GameObject]] = {}
    sagas: list[int] = []
    battles: list[int] = []
    objects = game.objects
    for oid in game.battlefield:
        o = objects[oid]
        c = chars(game, o)
        if not o.phased_out:
            _death(oid, o, c, deaths)
            supertypes = c.supertypes
            if "Legendary" in supertypes and c.name:
                seen.setdefault((o.controller, c.name), []).append(oid)
            if "World" in supertypes:
                worlds.append(o)
            if o.attached_to is not None and "Role" in c.subtypes:
                roles.setdefault((o.attached_to, o.controller), []).append(o)
            if o.counters and is_saga_candidate(o, c):
                sagas.append(oid)
            if "Battle" in c.types and is_battle_candidate(o, c):
                battles.append(oid)
        _attachment_problem(game, oid, o, c, attachments)
    for group in roles.values():
        for rid in _all_but_newest(group):
            deaths.append((rid, "role rule", ("704.5y", "303.7a"), False))
    return deaths, _groups(game, seen), attachments, _all_but_newest(worlds), (sagas, battles)


def _role_rule(game: Game) -> list[int]:
    """CR 704.5y, 303.7a: of the Roles one player controls attached to the same
    permanent, all but the one with the most recent timestamp."""
    roles: dict[tuple[int, int], list[GameObject]] = {}
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.attached_to is not None and not o.phased_out and "Role" in chars(game, o).subtypes:
            roles.setdefault((o.attached_to, o.controller), []).append(o)
    return [rid for group in roles.values() for rid in _all_but_newest(group)]


def sba_would_apply(game: Game) -> bool:
    """Whether any state-based action would be performed now (for CR 514.3a)."""
    if any(
        (p.life <= 0 or p.drew_from_empty or (p.poison >= 10 and p.poison >= game.poison_to_lose()))
        and can_lose(game, p.index)
        for p in game.players
        if not p.has_lost
    ):
        return True  # (a player who can't lose the game loses nothing, CR 101.2)
    if speed_owed(game):
        return True
    if has_commanders(game) and commander_sba_owed(game):
        return True  # CR 704.6c-d
    if dungeon_owed(game) and dungeons_to_complete(game):
        return True  # CR 704.5t
    if _CLEAN in game._chars or _owed_only_clean(game):
        return False  # the object-based checks found nothing since the last change
    if _creature_deaths(game):
        return True
    sagas, battles = _sagas_and_battles(game, _waiting(game))
    if sagas or battles:
        return True
    return (
        bool(_legend_groups(game))
        or bool(_attachment_problems(game))
        or bool(_role_rule(game))
        or _counter_pairs(game)
    )


def _waiting(game: Game) -> tuple[list[int], list[int]]:
    """Sagas past their final chapter (CR 704.5s) and battles with defense 0
    (CR 704.5v), before looking at the stack."""
    return saga_candidates(game), battle_candidates(game)


def _sagas_and_battles(
    game: Game, waiting: tuple[list[int], list[int]]
) -> tuple[list[int], list[int]]:
    """Those of the waiting ones that aren't the source of a triggered ability that
    hasn't left the stack yet (CR 714.4, 310.7)."""
    sagas, battles = waiting
    return (
        sagas_to_sacrifice(game, sagas) if sagas else [],
        battles_to_graveyard(game, battles) if battles else [],
    )


def check_state_based_actions(game: Game) -> bool:
    """Perform state-based actions once (CR 704.3). True if any happened, or a
    choice is now needed (the caller then checks again)."""
    if _CLEAN in game._chars and game.next_id == game.sba_checked_ids:
        # the usual case, decided without building anything: no object changed since
        # the object-based checks found nothing and no object was made since the
        # last look for tokens; then only a player's loss (CR 704.5a-c) or a
        # completed dungeon (704.5t: a player has one at all, ``dungeon_owed``) may
        # be owed, looked at in one pass over the players
        for p in game.players:
            if (
                p.life <= 0
                or p.drew_from_empty
                or (p.poison >= 10 and p.poison >= game.poison_to_lose())
                or p.dungeon is not None
                or (p.commanders and commander_sba_owed(game))  # CR 704.6c-d
            ) and (p.dungeon is not None or p.commanders or not p.has_lost):
                break
        else:
            return False
    happened = False
    # CR 704.5z: a player with no speed who controls a permanent with start your
    # engines! (performed with the others: it changes no object, CR 704.3)
    engines = speed_owed(game)
    if engines:
        start_engines(game, engines)
        happened = True
    # CR 704.5t: a dungeon whose venture marker is on its bottommost room, with no
    # room ability of it waiting, is removed from the game: completed (309.6-309.7)
    # (performed with the others: it changes no permanent, CR 704.3)
    if dungeon_owed(game):
        for player in dungeons_to_complete(game):
            complete_dungeon(game, player, ("704.5t", "309.6"))
            happened = True
    # CR 704.5a-c: players lose.
    losers = []
    for p in game.players:
        if p.has_lost:
            continue
        if p.life <= 0:
            losers.append((p.index, OutcomeReason.ZERO_LIFE, "704.5a"))
        elif p.drew_from_empty:
            losers.append((p.index, OutcomeReason.EMPTY_LIBRARY, "704.5b"))
        elif p.poison >= 10 and p.poison >= game.poison_to_lose():
            losers.append((p.index, OutcomeReason.POISON, "704.5c"))
    # CR 704.6c, 903.10a: in a Commander game, 21 or more combat damage from one commander
    commanders = has_commanders(game)
    if commanders:
        lost = {x[0] for x in losers}
        for index in commander_damage_losers(game):
            if index not in lost:
                losers.append((index, OutcomeReason.COMMANDER_DAMAGE, "704.6c"))
    # CR 704.6d, 903.9a: commanders put into a graveyard or exile since the last check
    offers = commanders_to_offer(game) if commanders else []
    losers = [x for x in losers if can_lose(game, x[0])]  # CR 101.2: "can't lose the game"
    # CR 704.5d-e: tokens and spell copies outside their zones cease to exist.
    gone = _tokens_gone(game) if _new_token_outside(game) else []
    # Object-based checks depend only on what invalidate() tracks: skip them
    # when nothing changed since the last check found nothing.
    waiting: tuple[list[int], list[int]] = ([], [])
    deaths: list
    legends: list
    attachments: list
    if _CLEAN not in game._chars and _owed_only_clean(game):
        game._chars[_CLEAN] = True if _attached(game) else UNATTACHED
    if _CLEAN in game._chars:
        if not (losers or gone or offers):
            return happened  # the usual case: nothing (more) to do
        deaths, legends, attachments, counters = [], [], [], False
    else:
        deaths, legends, attachments, worlds, waiting = _object_checks(game)
        counters = _counter_pairs(game)
        for oid in worlds:
            deaths.append((oid, "world rule", ("704.5k",), False))
        # Sagas and battles whose own trigger is still waiting keep the check
        # "unclean": they may go once it leaves the stack (CR 714.4, 310.7)
        if not (deaths or legends or attachments or counters or waiting[0] or waiting[1]):
            # with nothing attached, no object-based check reads tapped or combat status
            game._chars[_CLEAN] = True if _attached(game) else UNATTACHED
    for oid, zl in gone:
        name = game.objects[oid].name
        zl.remove(oid)
        del game.objects[oid]
        game.emit(EventKind.CEASE_TO_EXIST, ("704.5d",), f"{name} token ceases to exist")
        happened = True
    # CR 704.5s, 704.5v: checked with the others (CR 704.3), before any is performed
    sagas, battles = _sagas_and_battles(game, waiting)
    # CR 704.3: all of them are performed at the same time, one event for triggers
    # (CR 603.10a: creatures dying together see each other die; a Saga sacrificed
    # by 714.4 leaves in the same event)
    leaving = [d[0] for d in deaths] + [a[0] for a in attachments] + sagas + battles
    batch = begin(game, leaving) if len(leaving) > 1 else None
    if deaths or attachments:
        for oid, reason, rules, destroy in deaths:
            o = game.objects.get(oid)
            if o is None or o.zone != Zone.BATTLEFIELD:
                continue
            if destroy:
                destroy_permanent(game, oid, rules, reason)
            else:
                move(
                    game,
                    oid,
                    Zone.GRAVEYARD,
                    rules,
                    reason=f"is put into its owner's graveyard: {reason}",
                )
        for oid, kind in attachments:
            o = game.objects.get(oid)
            if o is None or o.zone != Zone.BATTLEFIELD:
                continue
            if kind == "aura" and is_bestowed(o):
                # CR 702.103f: a bestowed Aura attached illegally becomes unattached
                # and ceases to be bestowed (an exception to 704.5m)
                o.attached_to = None
                cease_bestowed(game, o)
                game.emit(
                    EventKind.UNATTACH,
                    ("702.103f",),
                    f"{o.name} becomes unattached and is no longer bestowed",
                    obj=oid,
                )
            elif kind == "aura":
                move(
                    game,
                    oid,
                    Zone.GRAVEYARD,
                    ("704.5m",),
                    reason="is put into its owner's graveyard: not legally attached",
                )
            else:
                becomes_unattached(
                    game,
                    o,
                    ("704.5n" if kind == "equipment" else "704.5p",),
                    f"{o.name} becomes unattached",
                )
        happened = True
    if counters:
        # CR 704.3, 704.8: performed simultaneously with the others: a creature put
        # into a graveyard above had its counters as it last existed (undying, 702.93a)
        for oid in game.battlefield:
            o = game.objects[oid]
            plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
            if plus and minus:
                n = min(plus, minus)
                o.counters["+1/+1"] -= n
                o.counters["-1/-1"] -= n
                for k in ("+1/+1", "-1/-1"):
                    if not o.counters[k]:
                        del o.counters[k]
                game.emit(
                    EventKind.COUNTERS_ANNIHILATE,
                    ("704.5q",),
                    f"{n} +1/+1 and -1/-1 counter pairs are removed from {o.name}",
                )
        game.invalidate()
        happened = True
    for oid in sagas:
        o = game.objects.get(oid)
        if o is None or o.zone != Zone.BATTLEFIELD:
            continue
        game.emit(
            EventKind.SAGA_DONE,
            ("704.5s", "714.4"),
            f"{o.name} has {o.counters.get('lore', 0)} lore counters, its final chapter: "
            "its controller sacrifices it",
        )
        # CR 714.4: "that Saga's controller sacrifices it" — a sacrifice that
        # "whenever a player sacrifices ..." abilities see (701.21a)
        sacrifice(game, oid, ("704.5s", "714.4"))
        happened = True
    for oid in battles:
        o = game.objects.get(oid)
        if o is None or o.zone != Zone.BATTLEFIELD:
            continue
        move(
            game,
            oid,
            Zone.GRAVEYARD,
            ("704.5v", "310.7"),
            reason="is put into its owner's graveyard: it has no defense",
        )
        happened = True
    end(game, batch)
    if losers:
        for index, reason, rule in losers:
            player_loses(game, index, reason, rule)
        happened = True
    if legends and game.outcome is None:
        # CR 704.5j: the controller chooses which one to keep.
        player, ids, name = legends[0]
        game.push_task("legend_rule", {"player": player, "ids": ids, "name": name})
        return True
    if offers and game.outcome is None:
        # CR 704.6d, 903.9a: each owner may put their commander into the command zone
        offer_command_zone(game, [o for o in offers if o[1] in game.objects])
        return True
    return happened


def _attached(game: Game) -> bool:
    objects = game.objects
    for oid in game.battlefield:  # (a loop: no generator for the usual none)
        if objects[oid].attached_to is not None:
            return True
    return False


#: cache key (rules/layers.py): since the object-based checks last found nothing,
#: only these permanents changed (damage dealt to them, or they entered without
#: static abilities); every other permanent is as it was
_PENDING: Final = "sba_pending"


def _owed_only_clean(game: Game) -> bool:
    """Whether the object-based checks owed only for the permanents that changed
    since they last found nothing (``_PENDING``) find nothing again: those
    permanents, and what is attached to them, need nothing (CR 704.5f-v). When one
    might, the whole check runs (it then finds the same, in the usual order)."""
    pending = game._chars.get(_PENDING)
    if pending is None:
        return False
    objects = game.objects
    found: list = []
    for oid in pending:
        o = objects.get(oid)
        if o is None or o.zone != Zone.BATTLEFIELD:
            return False
        c = chars(game, o)
        if o.counters and _pair(o.counters):
            return False
        if not o.phased_out:
            _death(oid, o, c, found)
            if found or {"Legendary", "World"} & c.supertypes:
                return False  # (the legend and world rules compare permanents)
            if o.counters and is_saga_candidate(o, c):
                return False
            if "Battle" in c.types and is_battle_candidate(o, c):
                return False
    for oid in game.battlefield:
        o = objects[oid]
        if oid in pending or o.attached_to in pending:
            _attachment_problem(game, oid, o, chars(game, o), found)
            if found:
                return False
    return True


def _pair(counters: dict[str, int]) -> bool:
    """CR 704.5q: both +1/+1 and -1/-1 counters."""
    return bool(counters.get("+1/+1") and counters.get("-1/-1"))


#: zones where a token or a copy of a spell ceases to exist (CR 704.5d-e)
_NOT_THEIR_ZONES: Final = frozenset((Zone.HAND, Zone.GRAVEYARD, Zone.LIBRARY, Zone.EXILE))


def _new_token_outside(game: Game) -> bool:
    """Whether a token may be outside the battlefield and the stack. Every object
    put into a zone is a new object with a new id (CR 400.7), so only the objects
    made since the last check can be such tokens: the check looks at those."""
    mark = getattr(game, "sba_checked_ids", 0)
    end = game.next_id
    game.sba_checked_ids = end
    objects = game.objects
    for oid in range(mark, end):
        o = objects.get(oid)
        if (
            o is not None
            and o.is_token
            and o.zone in _NOT_THEIR_ZONES
            and not kept_in_exile(game, o)
        ):
            return True
    return False


def _tokens_gone(game: Game) -> list[tuple[int, list[int]]]:
    """The tokens outside the battlefield and the stack, zone by zone (CR 704.5d-e)."""
    gone = []
    for p in game.players:
        for zone_list in (p.hand, p.graveyard, p.library):
            for oid in zone_list:
                if game.objects[oid].is_token:
                    gone.append((oid, zone_list))
    for oid in game.exile:
        o = game.objects[oid]
        if o.is_token and not kept_in_exile(game, o):  # (a prepare spell's copy stays)
            gone.append((oid, game.exile))
    return gone


def _legend_groups(game: Game) -> list[tuple[int, list[int], str]]:
    seen: dict[tuple[int, str], list[int]] = {}
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out:
            continue
        c = chars(game, o)
        if "Legendary" in c.supertypes and c.name:
            seen.setdefault((o.controller, c.name), []).append(oid)
    return _groups(game, seen)


#: 'The "legend rule" doesn't apply to permanents you control.' (Mirror Box)
LEGEND_RULE_OFF: Final = "legend_rule_doesnt_apply"
register(f"static:{LEGEND_RULE_OFF}")


def _groups(game: Game, seen: dict[tuple[int, str], list[int]]) -> list[tuple[int, list[int], str]]:
    """Legendary permanents with the same name and controller (CR 704.5j), but for
    those a 'the "legend rule" doesn't apply' ability exempts (CR 101.1, 704.5j)."""
    groups = [(k[0], v, k[1]) for k, v in seen.items() if len(v) > 1]
    if not groups:
        return groups
    exempting = statics_with(game, LEGEND_RULE_OFF)
    if not exempting:
        return groups
    out = []
    for player, ids, name in groups:
        ids = [i for i in ids if not _legend_rule_off(game, game.objects[i], exempting)]
        if len(ids) > 1:
            out.append((player, ids, name))
    return out


def _legend_rule_off(game: Game, o: GameObject, exempting: tuple) -> bool:
    """Whether an ability says the legend rule doesn't apply to ``o``."""
    for src, st in exempting:
        if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
            continue
        if isinstance(st.affected, Filter) and matches_object(
            game, o, st.affected, src.controller, src
        ):
            return True
    return False


def _world_rule(game: Game) -> list[int]:
    """CR 704.5k: all but the newest world permanent go to the graveyard."""
    return _all_but_newest(
        [
            game.objects[oid]
            for oid in game.battlefield
            if "World" in chars(game, game.objects[oid]).supertypes
            and not game.objects[oid].phased_out
        ]
    )


def _all_but_newest(worlds: list[GameObject]) -> list[int]:
    if len(worlds) < 2:
        return []
    newest = max(o.timestamp for o in worlds)
    return [o.id for o in worlds if o.timestamp != newest]


def _attachment_problems(game: Game) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    objects = game.objects
    for oid in game.battlefield:
        o = objects[oid]
        _attachment_problem(game, oid, o, chars(game, o), out)
    return out


def can_be_attached(game: Game, o: GameObject, target: GameObject) -> bool:
    """CR 701.3a-b: whether the Aura, Equipment or Fortification ``o`` could be
    attached to ``target`` (what it could enchant, equip or fortify: the checks of
    704.5m-n, protection included); anything else can't be attached at all."""
    c = chars(game, o)
    if not {"Aura", "Equipment", "Fortification"} & set(c.subtypes):
        return False
    if target.zone != Zone.BATTLEFIELD:
        return False
    was = o.attached_to
    o.attached_to = target.id
    out: list[tuple[int, str]] = []
    try:
        _attachment_problem(game, o.id, o, c, out)
    finally:
        o.attached_to = was
    return not out


def _attachment_problem(game: Game, oid: int, o: GameObject, c: Chars, out: list) -> None:
    """Whether the Aura, Equipment or Fortification ``o`` is illegally attached, or
    another permanent is attached (CR 704.5m-p)."""
    if "Aura" in c.subtypes:
        target = game.objects.get(o.attached_to) if o.attached_to is not None else None
        if o.attached_to is None and not _aura_on_player(o):
            out.append((oid, "aura"))
        elif (
            o.attached_to is None
            and players_may_have_keywords(game)
            and player_protected_from(game, int((o.chosen or {})["attached_player"]), o)
        ):
            out.append((oid, "aura"))  # a Curse on a player with protection (702.16c)
        elif target is not None and (
            target.zone != Zone.BATTLEFIELD or not _aura_legal(game, o, target)
        ):
            out.append((oid, "aura"))
    elif o.attached_to is not None:
        target = game.objects.get(o.attached_to)
        if "Equipment" in c.subtypes:
            if target is None or "Creature" not in chars(game, target).types:
                out.append((oid, "equipment"))
            elif KEYWORD_HOOKS.has_protection_from(game, target, o):
                out.append((oid, "equipment"))  # CR 702.16d, 704.5n
        elif "Fortification" in c.subtypes:
            # CR 301.6, 704.5n: only a land; a Fortification that's a creature
            # can't fortify a land
            tc = chars(game, target) if target is not None else None
            if target is None or tc is None or "Land" not in tc.types or "Creature" in c.types:
                out.append((oid, "equipment"))
            elif KEYWORD_HOOKS.has_protection_from(game, target, o):
                out.append((oid, "equipment"))  # CR 702.16d
        elif "Creature" in c.types or "Battle" in c.types:
            out.append((oid, "other"))


def _aura_on_player(o) -> bool:
    return bool(o.chosen and o.chosen.get("attached_player") is not None)


def _aura_legal(game: Game, aura, target) -> bool:
    """CR 303.4d / 702.5: what the Aura's enchant ability allows."""

    c = chars(game, aura)
    for a in c.abilities:
        if a.keyword == "Enchant":
            flt = a.keyword_args.get("filter")
            if not isinstance(flt, Filter):
                flt = enchant_words_filter(str(a.keyword_args.get("what", "permanent")))
            if not matches_object(game, target, flt, aura.controller, aura):
                return False
    if barred_by_other_aura(game, aura, target):
        return False  # "can't be enchanted by other Auras" (Consecrate Land)
    return not KEYWORD_HOOKS.has_protection_from(game, target, aura)  # CR 702.16c


def _counter_pairs(game: Game) -> bool:
    objects = game.objects
    return any(_pair(c) for oid in game.battlefield if (c := objects[oid].counters))


@task_handler("legend_rule")
def legend_rule_task(game: Game, task: Task) -> None:
    """CR 704.5j: choose one legendary permanent to keep; the rest go to the graveyard."""
    ids = [i for i in task.data["ids"] if i in game.objects]
    if task.answer is None:
        game.ask(
            Decision(
                DecisionKind.CHOOSE_OBJECTS,
                task.data["player"],
                "704.5j",
                f"Legend rule: choose the {task.data['name']} to keep",
                {"candidates": ids, "min": 1, "max": 1, "purpose": DecisionPurpose.LEGEND_RULE},
            )
        )
        return
    keep = task.answer.objects[0]
    task.answer = None
    for oid in ids:
        if oid != keep:
            move(
                game,
                oid,
                Zone.GRAVEYARD,
                ("704.5j",),
                reason="is put into its owner's graveyard (legend rule)",
            )
    game.finish(task)


__all__ = ["Kw"]
