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

from itertools import combinations
from typing import TYPE_CHECKING

from ..cards.abilities import AbilityKind
from ..game.actions import (
    ActivateAbility,
    CastSpell,
    PassPriority,
    PlayLand,
)
from ..game.hooks import ACTIVATED as ACTIVATED_KEYWORDS
from ..game.hooks import KEYWORD_HOOKS
from ..game.keyword_names import Kw
from ..game.objects import GameObject
from . import cast_permissions, cost_components
from . import mana as mana_rules
from .activating import ability_at, activate_problem
from .casting import (
    _cost_may_change,
    _has_cost_abilities,
    cast_problem,
    has_sorcery_timing,
    land_play_problem,
)
from .characteristics import Chars, chars
from .face_down import face_down_permanents_exist, special_actions
from .play_permissions import permitted_cards

if TYPE_CHECKING:
    from ..game.state import Game


def priority_options(game: Game, player: int) -> list:
    """The enumerable actions of a player with priority (CR 117.1): plain casts,
    the optional-cost variants worth listing (kicker, buyback, entwine, evoke,
    flashback from the graveyard, convoke and delve when needed), activated
    abilities of permanents and of cards in hand (cycling ...)."""
    out: list = [PassPriority()]
    p = game.players[player]
    sorcery_ok = has_sorcery_timing(game, player)
    sources = None
    may_change = _cost_may_change(game)
    for oid in p.hand:
        o = game.objects[oid]
        c = chars(game, o)
        if "Land" in c.types:
            if sorcery_ok and p.lands_played < 1:
                out.append(PlayLand(oid))
        elif (
            sorcery_ok
            or "Instant" in c.types
            or Kw.FLASH in c.keywords
            or _has_offering(o)
            or cast_permissions.has_flash(game, player, o, c)
            or cast_permissions.free_permission(game, player, o, c)
        ):
            if sources is None:
                sources = mana_rules.mana_sources(game, player)
            for face, fc in _castable_faces(game, o, c):
                cost = mana_rules.parse_cost(fc.mana_cost).with_x(0)
                if (
                    may_change
                    or _has_cost_abilities(o)
                    or mana_rules.can_pay(game, player, cost, sources)
                ) and cast_problem(game, player, oid, face) is None:
                    out.append(CastSpell(oid, face))
            out.extend(_cast_variants(game, player, o, c))
            if cast_permissions.free_permission(game, player, o, c) is not None:
                free = CastSpell(oid, alt=cast_permissions.FREE)  # Aluren (CR 118.9)
                if cast_problem(game, player, oid, 0, free) is None:
                    out.append(free)
        for i, a in enumerate(c.abilities):
            if a.keyword and a.keyword in ACTIVATED_KEYWORDS:
                full = ability_at(c, i)
                if full.keyword_args.get("from_zone") == "hand" and (
                    activate_problem(game, player, oid, i) is None
                ):
                    out.append(ActivateAbility(oid, i))
    for oid in p.graveyard:
        o = game.objects[oid]
        if o.card.data.layout == "aftermath":
            for face in KEYWORD_HOOKS.aftermath_faces(
                o.card
            ):  # CR 702.127a: cast from the graveyard
                if cast_problem(game, player, oid, face) is None:
                    out.append(CastSpell(oid, face))
        for i, a in enumerate(o.card.compiled[o.face].abilities):
            if a.keyword == "Flashback":
                act = CastSpell(oid, alt="flashback")
                if cast_problem(game, player, oid, 0, act) is None:
                    out.append(act)
            elif (
                a.kind is AbilityKind.ACTIVATED
                and cost_components.self_exile_zone(a.cost) == "graveyard"
                and activate_problem(game, player, oid, i) is None
            ):
                out.append(ActivateAbility(oid, i))  # "Exile this card from your graveyard: ..."
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player or o.phased_out:
            continue
        c = chars(game, o)
        for i, a in enumerate(c.abilities):
            if a.kind is AbilityKind.ACTIVATED and activate_problem(game, player, oid, i) is None:
                out.append(ActivateAbility(oid, i))
    for oid in permitted_cards(game, player):
        # "you may play it this turn": exiled cards with a play permission (601.2a)
        if "Land" in chars(game, game.objects[oid]).types:
            if land_play_problem(game, player, oid) is None:
                out.append(PlayLand(oid))
        elif cast_problem(game, player, oid) is None:
            out.append(CastSpell(oid))
    if face_down_permanents_exist(game):
        out.extend(special_actions(game, player))  # CR 116.2b: turning face up
    return out


def _castable_faces(game: Game, o: GameObject, c: Chars) -> list[tuple[int, Chars]]:
    """The halves of a split card in hand that may be cast on their own, each with the
    characteristics it would have on the stack (CR 709.3, 709.3a: only the chosen
    half's cost is evaluated); for any other card, the card itself."""
    if o.card.data.layout == "split" and len(o.card.faces) == 2:
        from .multiface import cast_chars

        return [(0, cast_chars(game, o, 0)), (1, cast_chars(game, o, 1))]
    return [(0, c)]


def _cast_variants(game: Game, player: int, o: GameObject, c: Chars) -> list[CastSpell]:
    """Casting choices worth enumerating for agents (CR 601.2b): one of each kind."""
    out: list[CastSpell] = []
    kws = {a.keyword for a in o.card.compiled[o.face].abilities if a.keyword}
    if not kws:
        return out
    candidates: list[CastSpell] = []
    if "Kicker" in kws or "Multikicker" in kws:
        n = sum(
            1 for a in o.card.compiled[o.face].abilities if a.keyword in ("Kicker", "Multikicker")
        )
        candidates.append(CastSpell(o.id, kicker=(1,) * max(1, n)))
        if n > 1:
            candidates.append(CastSpell(o.id, kicker=(1,)))
    if "Buyback" in kws:
        candidates.append(CastSpell(o.id, buyback=True))
    if "Entwine" in kws:
        candidates.append(CastSpell(o.id, entwine=True))
    if "Fuse" in kws:
        candidates.append(CastSpell(o.id, fuse=True))  # CR 702.102a
    for alt in ("Evoke", "Prowl", "Morph", "Suspend"):
        if alt in kws:
            candidates.append(CastSpell(o.id, alt=alt.lower()))
    if "Convoke" in kws:
        creatures = [
            x
            for x in game.battlefield
            if game.objects[x].controller == player
            and not game.objects[x].tapped
            and "Creature" in chars(game, game.objects[x]).types
        ]
        if creatures:
            candidates.append(CastSpell(o.id, convoke=tuple(creatures[: c.mana_value])))
    if "Delve" in kws:
        generic = mana_rules.parse_cost(c.mana_cost).generic
        grave = game.players[player].graveyard[:generic]
        if grave:
            candidates.append(CastSpell(o.id, delve=tuple(grave)))
    if "Offering" in kws:
        best = KEYWORD_HOOKS.offering_sacrifice_choice(game, player, o)
        if best is not None:
            candidates.append(CastSpell(o.id, sacrifice=(best,)))
    for act in candidates:
        if cast_problem(game, player, o.id, 0, act) is None:
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
