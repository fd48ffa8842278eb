"""Conditions: intervening "if" clauses (CR 603.4) and other "if ..." checks.

A :class:`~mtg_engine.cards.abilities.Condition` has a ``kind`` and args;
each kind is evaluated here. Unknown kinds are false (never a silent "yes").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Condition, Filter, SelfRef, TriggerRef
from ..game.hooks import CONDITIONS
from ..game.objects import GameObject, Zone
from ..game.state import Step
from . import cast_from_hand as _cast_from_hand  # noqa: F401  (registers its condition)
from . import descended as _descended  # noqa: F401  (registers its condition)
from . import devotion as _devotion  # noqa: F401  (registers its condition)
from . import died_this_turn as _died_this_turn  # noqa: F401  (registers its condition)
from . import left_this_turn as _left_this_turn  # noqa: F401  (registers its condition)
from . import life_this_turn as _life_this_turn  # noqa: F401  (registers its conditions)
from . import mana_costs
from . import most_common_color as _most_common_color  # noqa: F401  (registers its condition)
from . import turn_counts as _turn_counts  # noqa: F401  (registers its conditions)
from . import turn_records as _turn_records  # noqa: F401  (registers its conditions)
from .cast_from_hand import cast_by
from .characteristics import chars
from .filters import matches_object, matches_player, objects_matching
from .linked import exiled_with, link_owner
from .support import COVERAGE_PROBES, register, your_top_card

if TYPE_CHECKING:
    from ..game.state import Game
    from .effects_runner import Ctx


_KNOWN = frozenset(
    {
        "control",
        "you_control",
        "you_control_both",
        "you_control_n",
        "you_control_le",
        "you_control_exactly",
        "not",
        "all",
        "any",
        "not_control",
        "life_at_least",
        "life_at_most",
        "opponent_life_at_most",
        "hand_size_at_most",
        "graveyard_at_least",
        "no_spells_cast_last_turn",
        "no_spells_last_turn",
        "two_spells_last_turn",
        "nth_resolution",
        "ability_activated_ge",
        "evolves",
        "hand_ge",
        "hand_exactly",
        "own_card_in_exile",
        "player_no_cards_in_hand",
        "player_more_cards_in_hand",
        "player_hand_size",
        "not_players_turn",
        "a_library_le",
        "a_player_life_le",
        "opponents_ge",
        "exiled_with_any",
        "total_power_ge",
        "attacked_total_power_ge",
        "opponent_dealt_damage_ge",
        "your_turn",
        "your_end_step",
        "not_your_turn",
        "source_tapped",
        "source_untapped",
        "self_attacking",
        "has_keyword",
        "mana_spent",
        "spent_more_than_power_or_toughness",
        "spent_on_that_spell_ge",
        "none_on_battlefield",
        "you_control_none",
        "opponent_controls",
        "opponent_controls_more",
        "player_controls_more",
        "life_ge",
        "life_le",
        "no_cards_in_hand",
        "as_long_as",
        "is",
        "lost_life_this_way",
        "player_dealt_damage_this_way",
        "graveyard_count_ge",
        "attacked_this_turn",
        "self_attacked_or_blocked_this_turn",
        "x_ge",
        "player_controls",
        "cast_it",
        "you_control_more",
        "life_over_starting",
        "life_at_most_half_starting",
        "starting_player",
        "destroyed_this_way",
        "opponent_life_le",
        "opponent_poison_ge",
        "more_life",
        "opponent_more_life",
        "power_ge",
    }
)


def is_known(cond: Condition) -> bool:
    if cond.kind == "not":
        inner = cond.args.get("cond")
        return isinstance(inner, Condition) and is_known(inner)
    if cond.kind in ("all", "any"):
        inners = cond.args.get("conds") or ()
        return all(isinstance(c, Condition) and is_known(c) for c in inners)
    return cond.kind in _KNOWN or cond.kind in CONDITIONS


def _controlled(game: Game, flt: Filter, controller: int, source: GameObject | None) -> int:
    """How many permanents matching ``flt`` ``controller`` controls ("you control ...")."""

    found = [
        o for o in objects_matching(game, flt, controller, source) if o.controller == controller
    ]
    if ("different_names", True) in flt.conditions:
        # "if you control ten or more Gates with different names": names counted once
        # (CR 201.2)
        return len({chars(game, o).name for o in found})
    return len(found)


def evaluate(
    game: Game,
    cond: Condition,
    controller: int,
    source: GameObject | None,
    ctx: Ctx | None = None,
) -> bool:
    """Whether ``cond`` holds; ``ctx`` (the resolving spell or ability) resolves
    references such as "that player" in conditions checked as it resolves (608.2c)."""
    k = cond.kind
    a = cond.args
    if k in ("control", "you_control"):
        if "filter" not in a:
            return _you_control_it(game, a.get("arg0"), controller, source, ctx)
        # "if you control a Forest", "if you control N or more creatures"
        return _controlled(game, a["filter"], controller, source) >= int(a.get("at_least", 1))
    if k == "you_control_both":
        # "if you control an Urza's Power-Plant and an Urza's Tower": each of them
        filters = [f for key, f in sorted(a.items()) if key.startswith("filter")]
        return bool(filters) and all(_controlled(game, f, controller, source) for f in filters)
    if k == "you_control_n":
        at_least = int(a.get("n", a.get("at_least", 1)))
        if "except" in a:
            # "if you control at least five other Mountains" (Valakut): other than the
            # object the ability triggered on (CR 603.4), read from the ability
            # (ctx); without one, nothing is excepted
            ids = tuple(ctx.refs(a["except"])) if ctx is not None else ()
            a = {**a, "filter": a["filter"].with_condition("not_ids", ids)}
        if a.get("different_powers"):
            # coven: "three or more creatures with different powers" (CR 208.1)
            found = objects_matching(game, a["filter"], controller, source)
            powers = {chars(game, o).power for o in found if o.controller == controller}
            return len(powers) >= at_least
        return _controlled(game, a["filter"], controller, source) >= at_least
    if k == "you_control_le":  # "two or fewer other lands" (fast lands)
        return _controlled(game, a["filter"], controller, source) <= int(a.get("n", 0))
    if k == "you_control_exactly":  # "if you control exactly one creature"
        return _controlled(game, a["filter"], controller, source) == int(a.get("n", 1))
    if k == "not":
        inner = a.get("cond")
        # "unless"/"not": only for conditions this module knows, never a silent "yes"
        if not isinstance(inner, Condition) or not is_known(inner):
            return False
        # (with the instruction's context: "if it isn't a land card", CR 608.2c)
        return not evaluate(game, inner, controller, source, ctx)
    if k == "all":
        # "destroy that creature if it has mana value 4 or less instead if ..." (Fatal
        # Push): an instruction with two conditions, both checked as it's followed
        # (CR 608.2c)
        conds = a.get("conds") or ()
        return bool(conds) and all(
            is_known(c) and evaluate(game, c, controller, source, ctx) for c in conds
        )
    if k == "any":
        # "Activate only if this land entered this turn or if you control a basic land"
        # (Gathering Place): either of them (CR 602.5b)
        return any(
            is_known(c) and evaluate(game, c, controller, source, ctx) for c in a.get("conds") or ()
        )
    if k == "not_control":
        return not objects_matching(game, a["filter"], controller, source)
    if k == "life_at_least":
        return game.players[controller].life >= int(a["amount"])
    if k == "life_at_most":
        return game.players[controller].life <= int(a["amount"])
    if k == "life_over_starting":
        # "if you have at least 10 life more than your starting life total" (CR 103.4)
        n = a.get("n")
        you = game.players[controller]
        return isinstance(n, int) and you.life >= you.starting_life + n
    if k == "starting_player":
        # "if you were the starting player" (CR 103.1: the player who took the game's
        # first turn)
        return controller == game.starting_player
    if k == "life_at_most_half_starting":
        # "as long as your life total is less than or equal to half your starting life
        # total" (Bhaal, Lord of Murder; CR 103.4, 107.1a: half is not rounded here,
        # so 2 x life <= starting life is the same comparison)
        you = game.players[controller]
        return 2 * you.life <= you.starting_life
    if k == "opponent_poison_ge":
        # corrupted: "if an opponent has three or more poison counters" (CR 122.1f)
        n = a.get("n")
        return isinstance(n, int) and any(
            game.players[o].poison >= n for o in game.opponents(controller)
        )
    if k == "opponent_life_le":  # "as long as an opponent has 10 or less life"
        n = a.get("n")
        return isinstance(n, int) and any(
            game.players[o].life <= n for o in game.opponents(controller)
        )
    if k == "power_ge" and isinstance(a.get("n"), int) and "arg0" in a:
        # "if Cloud has power 7 or greater", "if that creature has power 4 or greater"
        # (CR 208.1): the named object, as the instruction happens (608.2c)
        quality = Filter(conditions=(("power_ge", a["n"]),))
        args = {"ref": a["arg0"], "quality": quality}
        return _is_holds(game, args, controller, source, ctx)
    if k == "opponent_more_life":
        # "if an opponent has more life than you" (CR 119): some opponent still in
        # the game (CR 800.4a) has a greater life total
        mine = game.players[controller].life
        return any(game.players[o].life > mine for o in game.opponents(controller))
    if k == "more_life":  # "if you have more life than an opponent" (CR 119)
        return _more_life(game, a, controller)
    if k == "opponent_life_at_most":
        return any(game.players[o].life <= int(a["amount"]) for o in game.opponents(controller))
    if k == "hand_size_at_most":
        return len(game.players[controller].hand) <= int(a["amount"])
    if k == "graveyard_at_least":  # threshold (CR 702.??: an ability word now)
        return len(game.players[controller].graveyard) >= int(a["amount"])
    if k in ("no_spells_cast_last_turn", "no_spells_last_turn"):
        return not any(game.turn_flags.spells_cast_last_turn)
    if k == "evolves":
        return _evolves(game, source, ctx)
    if k == "nth_resolution":
        # "if this is the third time this ability has resolved this turn": counted as
        # each resolution of it begins (rules/priority.py)
        obj = ctx.obj if ctx is not None else None
        if obj is None or obj.ability is None or obj.source_id is None:
            return False
        done = game.turn_flags.resolutions.get((obj.source_id, obj.ability.text), 0)
        return done == int(a.get("n", 0))
    if k == "ability_activated_ge":
        # "If this ability has been activated four or more times this turn" (Dragon
        # Whelp): counted as each activation begins (rules/activating.py, CR 602.2),
        # this one included
        obj = ctx.obj if ctx is not None else None
        if obj is None or obj.source_id is None or obj.ability_index is None:
            return False
        n = a.get("n")
        done = game.turn_flags.activated.get((obj.source_id, obj.ability_index), 0)
        return isinstance(n, int) and done >= n
    if k == "two_spells_last_turn":  # "if a player cast two or more spells last turn"
        return any(n >= 2 for n in game.turn_flags.spells_cast_last_turn)
    if k == "player_no_cards_in_hand":  # "if that player has no cards in hand"
        if a.get("player") == "opponent":  # "as long as an opponent has no cards in hand"
            return any(not game.players[p].hand for p in game.opponents(controller))
        if ctx is None:
            return False
        ps = ctx.players(a.get("player"))
        return bool(ps) and not game.players[ps[0]].hand
    if k == "not_players_turn":
        # "if it's not their turn" (Glademuse; CR 500, 102.1): the player the trigger
        # refers to isn't the active player
        ps = ctx.players(a.get("player")) if ctx is not None else []
        return bool(ps) and not game.is_active(ps[0])
    if k == "player_hand_size":
        # "if that player has two or fewer [five or more] cards in hand" (Hellfire
        # Mongrel, Misers' Cage; CR 402): the player the trigger refers to (603.4)
        ps = ctx.players(a.get("player")) if ctx is not None else []
        if not ps:
            return False
        size = len(game.players[ps[0]].hand)
        most, least = a.get("at_most"), a.get("at_least")
        return (not isinstance(most, int) or size <= most) and (
            not isinstance(least, int) or size >= least
        )
    if k == "player_more_cards_in_hand":
        # "if defending player [an opponent] has more cards in hand than you" (CR 402)
        mine = len(game.players[controller].hand)
        if a.get("player") == "opponent":
            ps = list(game.opponents(controller))
        else:
            ps = ctx.players(a.get("player")) if ctx is not None else []
        return any(len(game.players[p].hand) > mine for p in ps)
    if k == "hand_ge":  # "if you have N or more cards in hand"
        return len(game.players[controller].hand) >= int(a["n"])
    if k == "own_card_in_exile":  # "Activate only if you own a card in exile" (CR 406.1)
        return any(game.objects[oid].owner == controller for oid in game.exile)
    if k == "hand_exactly":  # "Activate only if you have exactly seven cards in hand"
        return len(game.players[controller].hand) == int(a["n"])
    if k == "total_power_ge":  # "if creatures you control have total power N or greater"
        flt = a.get("filter")
        if flt is None or not isinstance(a.get("n"), int):
            return False
        found = objects_matching(game, flt, controller, source)
        return sum(max(0, chars(game, o).power or 0) for o in found) >= a["n"]
    if k == "opponent_dealt_damage_ge":  # "if an opponent was dealt N or more damage this turn"
        least = a.get("n")
        return isinstance(least, int) and any(
            game.turn_flags.damage_to_player.get(p, 0) >= least for p in game.opponents(controller)
        )
    if k == "exiled_with_any":  # "if there are cards exiled with it" (CR 607.2a)
        return source is not None and bool(exiled_with(game, link_owner(source)))
    if k == "a_library_le":  # "if a library has N or fewer cards in it"
        return any(len(p.library) <= int(a["n"]) for p in game.players if not p.has_lost)
    if k == "a_player_life_le":  # "unless a player has 13 or less life"
        n = a.get("n")
        return isinstance(n, int) and any(p.life <= n for p in game.players if not p.has_lost)
    if k == "opponents_ge":  # "unless you have two or more opponents" (CR 102.2-3)
        n = a.get("n")
        return isinstance(n, int) and len(game.opponents(controller)) >= n
    if k == "your_turn":
        return game.is_active(controller)
    if k == "your_end_step":  # "during your end step" (CR 513.1)
        return game.is_active(controller) and game.step == Step.END
    if k == "not_your_turn":
        return not game.is_active(controller)
    if k == "source_tapped":
        return source is not None and source.tapped
    if k == "source_untapped":
        return source is not None and not source.tapped
    if k == "has_keyword":
        # "if that creature has infect", "as long as enchanted creature has vigilance"
        # (CR 702.1): the keyword abilities it has now
        named = a.get("arg1")  # the keyword's name, or the keyword ability compiled
        kw = str(getattr(named, "keyword", None) or named or "")
        return any(
            kw in chars(game, o).keywords
            for o in _keyword_holders(game, a, controller, source, ctx)
        )
    if k == "self_attacking":
        # "as long as this creature is attacking", "Activate only if this creature is
        # attacking": an attacking creature (CR 506.4, 508.1)
        return source is not None and game.combat is not None and source.id in game.combat.attackers
    if k == "mana_spent":
        return mana_spent_holds(source, a)  # CR 601.2h, 707.10
    if k == "spent_more_than_power_or_toughness":
        return _spent_more_than_pt(game, source, ctx)
    if k == "spent_on_that_spell_ge":
        return _spent_on_that_spell(ctx) >= int(a.get("n", 0))
    if k == "none_on_battlefield":  # "if no creatures are on the battlefield"
        return not objects_matching(game, a["filter"], controller, source)
    if k == "you_control_none":  # "if you control no Islands"
        flt = a["filter"].with_condition("controller", "you")
        return not objects_matching(game, flt, controller, source)
    if k == "opponent_controls":  # "if an opponent controls a Forest"
        flt = a.get("filter")
        if flt is None:
            return False
        flt = flt.with_condition("controller", "opponent")
        found = objects_matching(game, flt, controller, source)
        n = a.get("n", 1)
        if not isinstance(n, int):
            return False
        # "seven or more lands": one opponent controls that many (CR 109.5)
        return any(
            sum(1 for o in found if o.controller == p) >= n for p in game.opponents(controller)
        )
    if k == "opponent_controls_more":
        # "if an opponent controls more lands than you": some opponent's count of
        # them is greater than yours (CR 109.5)
        flt = a["filter"]
        found = objects_matching(game, flt, controller, source)
        mine = sum(1 for o in found if o.controller == controller)
        return any(
            sum(1 for o in found if o.controller == p) > mine for p in game.opponents(controller)
        )
    if k == "player_controls_more":
        # "if defending player [that player] controls more lands than you" (CR 108.4):
        # that player's count of them is greater than yours, the player resolved as
        # the condition is checked (603.4, 608.2c)
        found = objects_matching(game, a["filter"], controller, source)
        mine = sum(1 for o in found if o.controller == controller)
        ps = ctx.players(a.get("player")) if ctx is not None else []
        return any(sum(1 for o in found if o.controller == p) > mine for p in ps)
    if k == "life_ge":
        return game.players[controller].life >= int(a["n"])
    if k == "life_le":
        return game.players[controller].life <= int(a["n"])
    if k == "no_cards_in_hand":  # "if you have no cards in hand"
        return not game.players[controller].hand
    if k == "graveyard_count_ge":
        # threshold-style "seven or more cards in your graveyard" (the filter says
        # which cards and whose graveyard)
        flt = a.get("filter")
        least = a.get("n")
        if flt is None or not isinstance(least, int):
            return False
        return len(objects_matching(game, flt, controller, source)) >= least
    if k == "chose_other_ring_bearer":
        # "Whenever the Ring tempts you, if you chose a creature other than Faramir as
        # your Ring-bearer" (CR 701.54a, 603.4): the creature chosen as it tempted you,
        # recorded by the trigger's event, isn't this object
        td = (ctx.obj.trigger_data or {}) if ctx is not None else {}
        chosen = int(td.get("bearer", -1))
        return chosen >= 0 and (source is None or chosen != source.id)
    if k == "attacked_total_power_ge":
        # pack tactics: "if you attacked with creatures with total power 6 or greater
        # this combat": the attackers you declared in this combat, their powers as
        # they were declared (CR 508.1)
        total = sum(pw for _c, who, pw in game.turn_flags.attackers_power if who == controller)
        return bool(game.turn_flags.attackers_power) and total >= int(a["n"])
    if k == "self_attacked_or_blocked_this_turn":
        # "if this creature attacked or blocked this turn": declared as an attacker or
        # as a blocker this turn (CR 508.1, 509.1)
        flags = game.turn_flags
        return source is not None and (
            source.id in flags.attacked or any(b == source.id for b, _a in flags.blocks)
        )
    if k == "attacked_this_turn":
        # "if you attacked this turn": you declared attackers this turn (CR 508.1)
        declared = game.turn_flags.attackers_this_turn
        if a.get("filter") is not None:
            if not attacked_with_counted(a):
                return False  # "attacked with a [kind]": not tracked yet
            # "if you attacked with N or more creatures this turn" (CR 508.1)
            return game.is_active(controller) and declared >= int(a["n"])
        return game.is_active(controller) and declared > 0
    if k == "player_controls":
        return _player_controls(game, a, controller, source, ctx)
    if k == "x_ge":
        # "If X is 5 or more, ..." (Martial Coup): the value announced for X as the
        # spell was cast or the ability activated (CR 107.3, 601.2b)
        obj = ctx.obj if ctx is not None else source
        n = a.get("n")
        return obj is not None and isinstance(n, int) and (obj.x or 0) >= n
    if k == "as_long_as":
        # a static ability's "as long as ...": its condition, checked continuously
        # (CR 611.3a); an effect's "for as long as ..." duration (CR 611.2b)
        inner = a.get("cond")
        return isinstance(inner, Condition) and evaluate(game, inner, controller, source, ctx)
    if k == "is":
        return _is_holds(game, a, controller, source, ctx)
    if k == "lost_life_this_way":
        # "If you lost life this way, draw that many cards": the instruction before
        # made you lose life (CR 608.2c; exchanging life totals, 701.12c)
        task = ctx.task if ctx is not None else None
        parent = (task.data.get("parent") or {}) if task is not None else {}
        return controller in (parent.get("lost_life") or ())
    if k == "destroyed_this_way":
        return _destroyed_this_way(a, controller, ctx)
    if k == "player_dealt_damage_this_way":
        # "If a player is dealt damage this way, they ..." (CR 608.2c): the damage
        # instruction before dealt damage to a player
        task = ctx.task if ctx is not None else None
        parent = (task.data.get("parent") or {}) if task is not None else {}
        return bool(parent.get("damaged_players"))
    if k == "cast_it":
        return _cast_it(game, controller, source, ctx)
    if k == "you_control_more":
        return _you_control_more(game, a, controller, source, ctx)
    if k == "entered_or_cast_from":
        return _entered_or_cast_from(game, a, controller, ctx)
    if k in CONDITIONS:  # conditions defined by keywords ("if it was kicked")
        return CONDITIONS[k](game, cond, controller, _named_object(game, a, source, ctx))
    return False


def _destroyed_this_way(a: dict, controller: int, ctx: Ctx | None) -> bool:
    """ "If an artifact is destroyed this way", "if a creature you controlled was
    destroyed this way" (CR 701.8a, 608.2c): one of the permanents the destroy
    instruction before it destroyed (a regenerated or indestructible one wasn't,
    701.19a) had the quality as it last existed on the battlefield (608.2h)."""
    quality = a.get("quality")
    task = ctx.task if ctx is not None else None
    if not isinstance(quality, Filter) or task is None:
        return False
    parent = task.data.get("parent") or {}
    whose = dict(quality.conditions).get("controller")
    rest = Filter(
        quality.kinds, quality.zone, tuple(kv for kv in quality.conditions if kv[0] != "controller")
    )
    for info in parent.get("destroyed") or ():
        if whose == "you" and info.get("controller") != controller:
            continue
        if whose not in (None, "you"):
            return False  # a controller this check can't tell: never a silent "yes"
        if _record_has(info, rest):
            return True
    return False


def _more_life(game: Game, a: dict, controller: int) -> bool:
    """ "if you have more life than an opponent": some opponent (one still in the
    game, CR 800.4a) has less life than you; only that shape of "than whom" is read."""
    flt = a.get("filter")
    if not isinstance(flt, Filter) or flt.conditions != (("opponent", True),):
        return False  # never a silent "yes"
    mine = game.players[controller].life
    return any(game.players[o].life < mine for o in game.opponents(controller))


def _you_control_it(
    game: Game, ref: Any, controller: int, source: GameObject | None, ctx: Ctx | None
) -> bool:
    """ "If you control that creature" (Dreamdew Entrancer): the object an
    instruction names, as it exists now (CR 608.2c), is a permanent you control
    (CR 108.4); an object that has left the battlefield is controlled by no one."""
    if ref is None:
        return False  # never a silent "yes"
    objs: list[GameObject | None]
    if isinstance(ref, SelfRef) or ctx is None:
        objs = [source]
    else:
        objs = [game.objects.get(i) for i in ctx.refs(ref) if i >= 0]
    return any(
        o is not None and o.zone == Zone.BATTLEFIELD and o.controller == controller for o in objs
    )


def _named_object(
    game: Game, a: dict, source: GameObject | None, ctx: Ctx | None
) -> GameObject | None:
    """The object a keyword condition is about: the source, or the object its
    ``ref`` names ("counter target spell if it was kicked", "whenever you cast a
    spell, if that spell was kicked": CR 608.2c); None when that object is gone."""
    ref = a.get("ref")
    if ref is None or isinstance(ref, SelfRef) or ctx is None:
        return source
    ids = [i for i in ctx.refs(ref) if i >= 0]
    return game.objects.get(ids[0]) if ids else None


register(
    "condition:self_attacking",
    "condition:has_keyword",
    "condition:cast_it",
    "condition:you_control_more",
    "condition:player_controls_more",  # "if that player controls more lands than you"
    "condition:entered_or_cast_from",
    "condition:attacked_total_power_ge",  # pack tactics (CR 508.1, TurnFlags.attackers_power)
    "condition:chose_other_ring_bearer",  # the RING_TEMPTS event's chosen bearer (701.54a)
)


def _entered_or_cast_from(game: Game, a: dict, controller: int, ctx: Ctx | None) -> bool:
    """ "if it entered from your graveyard or you cast it from your graveyard" (CR
    603.4): the permanent of the triggering event (its zone change, 603.6a) moved
    from that zone, or was a spell cast from it (the record its spell left, 601.2a;
    not a copy, 707.10) by this ability's controller. A card in a graveyard is its
    owner's (CR 404.1). Once that permanent has left the battlefield only the move
    is known."""
    event = ctx.obj.trigger_data if ctx is not None else None
    if not event or event.get("to_zone") != "battlefield":
        return False
    zone, whose = a.get("zone"), a.get("whose")
    new = game.objects.get(event.get("obj", -1))
    owner = new.owner if new is not None else event.get("controller")
    if whose == "you" and owner != controller:
        return False
    if event.get("from_zone") == zone:
        return True
    if new is None or not new.paid:
        return False
    return new.paid.get("from_zone") == zone and cast_by(new) == controller


def more_than_whom(a: dict) -> bool:
    """Whether the other side of "you control more [permanents] than [players]" is
    one this module reads: each other player, the attacking player, or a player an
    instruction names ("that spell's controller")."""
    flt = a.get("filter1")
    if isinstance(flt, Filter):
        return flt.kinds == ("player",) and flt.conditions in (
            (("other_than_you", True),),
            (("attacking", True),),
            (("defending", True),),
        )
    return "arg1" in a


COVERAGE_PROBES.more_than_whom = more_than_whom


def _you_control_more(
    game: Game, a: dict, controller: int, source: GameObject | None, ctx: Ctx | None
) -> bool:
    """ "If you control more creatures of that type than each other player", "can't
    block unless you control more creatures than attacking player", "if you control
    more creatures than that spell's controller" (CR 109.5): your count of them is
    greater than each of those players' (players who left the game aren't counted,
    CR 800.4a)."""
    flt = a.get("filter")
    if not isinstance(flt, Filter) or not more_than_whom(a):
        return False
    other = a.get("filter1")
    if isinstance(other, Filter) and ("attacking", True) in other.conditions:
        players = [game.active]  # the attacking player (CR 506.2)
    elif isinstance(other, Filter) and ("defending", True) in other.conditions:
        # "than defending player" (CR 506.2, 508.5): combat reads it per defending
        # player as attackers are declared (rules/combat_rules.condition_holds)
        combat = game.combat
        d = combat.defending_player if combat is not None else None
        if d is None or d < 0:
            return False
        players = [d]
    elif isinstance(other, Filter):
        players = [p.index for p in game.players if p.index != controller and not p.has_lost]
    elif ctx is not None:
        players = [p for p in ctx.players(a["arg1"]) if p != controller]
    else:
        return False
    found = objects_matching(game, flt, controller, source)
    mine = sum(1 for o in found if o.controller == controller)
    return all(sum(1 for o in found if o.controller == p) < mine for p in players)


def _cast_it(game: Game, controller: int, source: GameObject | None, ctx: Ctx | None) -> bool:
    """ "When this creature enters, if you cast it", "whenever a creature you control
    enters, if you cast it" (CR 603.4): the permanent the trigger names was a spell
    its controller cast (CR 601.2, 400.7d: the permanent remembers the spell it was,
    keywords/stack_records.py); one put onto the battlefield without being cast, or a
    copy of a spell (CR 707.10: not cast), wasn't. A permanent that has left the
    battlefield since is seen as it last existed there (CR 608.2h)."""
    obj = source
    td = (ctx.obj.trigger_data or {}) if ctx is not None else {}
    if isinstance(td.get("obj"), int):
        obj = game.objects.get(td["obj"])
        if obj is None or obj.zone != Zone.BATTLEFIELD:
            info = td.get("obj_lki")
            return isinstance(info, dict) and info.get("cast_by") == controller
    if obj is None or obj.zone != Zone.BATTLEFIELD:
        return False
    return cast_by(obj) == controller


def player_controls_shape(a: dict) -> bool:
    """Whether a "player controls" condition names its players in a way this module
    reads: "that player" of a trigger, or "your opponents" / "you"."""
    who = a.get("arg0")
    if who is not None:
        return isinstance(who, TriggerRef) and who.role == "player"
    pf = a.get("filter")
    return (
        isinstance(pf, Filter)
        and pf.kinds == ("player",)
        and isinstance(a.get("filter1"), Filter)
        and all(k in ("opponent", "you", "defending", "other_than_you") for k, _ in pf.conditions)
    )


def _player_controls(
    game: Game, a: dict, controller: int, source: GameObject | None, ctx: Ctx | None
) -> bool:
    """ "if that player controls a Plains" (Spiritual Sanctuary), "unless your opponents
    control eight or more lands" (the players together, CR 109.5)."""
    if not player_controls_shape(a):
        return False  # never a silent "yes"
    n = a.get("n", 1)
    if not isinstance(n, int):
        return False
    if a.get("arg0") is not None:
        if ctx is None:
            return False
        players = set(ctx.players(a["arg0"]))
        flt = a.get("filter")
    else:
        pf = a["filter"]
        if ("defending", True) in pf.conditions:
            # "only if defending player controls a snow land" (CR 506.2, 508.5)
            combat = game.combat
            d = combat.defending_player if combat is not None else -1
            players = {d} if d is not None and d >= 0 else set()
        else:
            players = {
                p.index
                for p in game.players
                if not p.has_lost and matches_player(game, p.index, pf, controller, source)
            }
        flt = a.get("filter1")
    if not isinstance(flt, Filter) or not players:
        return False
    found = objects_matching(game, flt, controller, source)
    return sum(1 for o in found if o.controller in players) >= n


def _is_holds(
    game: Game, a: dict, controller: int, source: GameObject | None, ctx: Ctx | None
) -> bool:
    """ "as long as enchanted permanent is a creature", "if it's attacking", "if the
    sacrificed permanent was a Vehicle": the object named has the quality (CR 109.2);
    an object that has left its zone is seen through last known information (608.2h)."""
    quality = a.get("quality")
    if not isinstance(quality, Filter):
        return False  # words the compiler has no filter for: never a silent "yes"
    if isinstance(a.get("filter"), Filter):
        objs = objects_matching(game, a["filter"], controller, source)
        return bool(objs) and all(
            matches_object(game, o, quality, controller, source) for o in objs
        )
    ref = a.get("ref")
    if (
        isinstance(ref, SelfRef)
        and ctx is not None
        and source is not None
        and source.zone != Zone.BATTLEFIELD
        and any(k in _COMBAT_KEYS for k, _ in quality.conditions)
    ):
        # "When this creature dies, if it wasn't blocking" (Guildsworn Prowler): as it
        # last existed on the battlefield (CR 603.10a, 608.2h; rules/triggers.py)
        info = ctx.looked_back(ref)
        if info is not None:
            return _record_has(info, quality)
    if isinstance(ref, SelfRef) and (ctx is None or source is not None):
        return source is not None and matches_object(game, source, quality, controller, source)
    if your_top_card(ref):
        # "as long as the top card of your library is a creature card" (CR 401.1:
        # the top card is the last of the library list)
        lib = game.players[controller].library
        return bool(lib) and matches_object(
            game, game.objects[lib[-1]], quality, controller, source
        )
    if ctx is None:
        return False
    if any(k in _COMBAT_KEYS or k == "counters_ge" for k, _ in quality.conditions):
        # "if it had a +1/+1 counter on it" of a creature that died: its counters as
        # it last existed on the battlefield (CR 603.10a, 608.2h); the card in the
        # graveyard has none
        info = ctx.looked_back(ref)
        if info is not None and "counters" in info:
            return _record_has(info, quality)
    ids = ctx.refs(ref)
    if a.get("some"):
        # "If a creature card is discarded this way": one of the cards the instruction
        # before acted on has the quality (CR 608.2c)
        found = [game.objects[oid] for oid in ids if oid in game.objects]
        return any(matches_object(game, o, quality, controller, source) for o in found)
    if not ids:
        # "whenever a creature dies, if it had a +1/+1 counter on it": the object as
        # it last existed on the battlefield (CR 603.10a, 608.2h)
        info = ctx.looked_back(ref)
        return info is not None and _record_has(info, quality)
    for oid in ids:
        o = game.objects.get(oid) if oid >= 0 else None
        if o is not None:
            if not matches_object(game, o, quality, controller, source):
                return False
            continue
        info = ctx.lki(oid) if oid >= 0 else None
        if info is None or not _record_has(info, quality):
            return False
    return True


#: the numbers last known information remembers (rules/priority._lki), as filter keys
_RECORD_STATS = {
    "mv_le": ("mana_value", True),
    "mv_ge": ("mana_value", False),
    "power_le": ("power", True),
    "power_ge": ("power", False),
    "toughness_le": ("toughness", True),
    "toughness_ge": ("toughness", False),
}


def record_has(info: dict, quality: Any) -> bool:
    """Whether last known information (CR 608.2h) shows the quality (see
    :func:`_record_has`): for the amounts that count such records ("for each
    creature destroyed this way", rules/effects_runner.py)."""
    return _record_has(info, quality)


#: the combat statuses last known information remembers (rules/triggers.py)
_COMBAT_KEYS: Final = ("attacking", "blocking")


def _record_has(info: dict, quality: Any) -> bool:
    """Whether last known information (CR 608.2h) shows the quality: card types,
    subtypes, supertypes and colors are remembered."""
    types = set(info.get("types") or ())
    if quality.kinds and not any(k in types or k == "permanent" for k in quality.kinds):
        return False
    for key, value in quality.conditions:
        if key == "subtype":
            ok = value in (info.get("subtypes") or ())
        elif key == "type":
            ok = value in types
        elif key == "supertype":
            ok = value in (info.get("supertypes") or ())
        elif key == "color":
            ok = value in (info.get("colors") or ())
        elif key in ("token", "not_token") and "token" in info:
            # "for each nontoken creature destroyed this way" (CR 111.1)
            ok = bool(info["token"]) == (key == "token")
        elif key in _COMBAT_KEYS and "counters" in info:
            # "if it was attacking / blocking" as it left the battlefield (CR 506.4,
            # 603.10a; rules/zones.py records it)
            ok = bool(info.get(key)) == bool(value)
        elif key == "counters_ge" and "counters" in info:
            kind, n = value  # "if it had a +1/+1 counter on it" (CR 122.1)
            had = info.get("counters") or {}
            # "if it had counters on it": of any kind
            ok = (sum(had.values()) if kind == "any" else int(had.get(kind, 0))) >= n
        elif key in _RECORD_STATS and info.get(_RECORD_STATS[key][0]) is not None:
            # "if its mana value was 2 or less" (CR 202.3), "if its power was 4 or greater"
            stat, at_most = _RECORD_STATS[key]
            have = int(info[stat])
            ok = have <= int(value) if at_most else have >= int(value)
        else:
            return False
        if not ok:
            return False
    return True


_COLOR_LETTERS = {
    "white": "W",
    "blue": "U",
    "black": "B",
    "red": "R",
    "green": "G",
    "colorless": "C",
}


def _keyword_holders(
    game: Game, a: dict, controller: int, source: GameObject | None, ctx: Ctx | None
) -> list[GameObject]:
    """The objects a "[it] has [keyword]" condition is about: those its filter
    describes, the source, or the object its reference names (CR 608.2c)."""
    if isinstance(a.get("filter"), Filter):
        return objects_matching(game, a["filter"], controller, source)
    ref = a.get("arg0")
    if ref is None or isinstance(ref, SelfRef):
        return [source] if source is not None else []
    if ctx is None:
        return []
    return [game.objects[i] for i in ctx.refs(ref) if i >= 0 and i in game.objects]


def _spent_more_than_pt(game: Game, source: GameObject | None, ctx: Ctx | None) -> bool:
    """ "if the amount of mana you spent is greater than this creature's power or
    toughness" (increment): the mana spent to cast the spell the "cast" trigger is
    about (CR 601.2h, 603.4), against the creature's power and toughness now."""
    td = (ctx.obj.trigger_data or {}) if ctx is not None else {}
    spent = int(td.get("mana_spent_after", 0) or 0) - int(td.get("mana_spent_before", 0) or 0)
    if source is None or source.zone != Zone.BATTLEFIELD:
        return False
    c = chars(game, source)
    return spent > int(c.power or 0) or spent > int(c.toughness or 0)


def _spent_on_that_spell(ctx: Ctx | None) -> int:
    """ "if five or more mana was spent to cast that spell" (opus): the mana spent to
    cast the spell a "whenever you cast" trigger is about, as recorded when it was
    cast (CR 601.2h, 603.4); none outside such a trigger."""
    td = (ctx.obj.trigger_data or {}) if ctx is not None else {}
    return int(td.get("mana_spent_after", 0) or 0) - int(td.get("mana_spent_before", 0) or 0)


def mana_spent_holds(source: GameObject | None, args: dict) -> bool:
    """ "if {G} was spent to cast this spell", "if at least three white mana was
    spent ..." (adamant), "if no mana was spent ...": the mana spent to cast the
    spell (CR 601.2h), which the permanent it became remembers (CR 400.7d). A copy
    of a spell wasn't cast, so no mana was spent on it (CR 707.10)."""
    paid = (source.paid or {}) if source is not None else {}
    spent = list(paid.get("mana_spent") or ())
    if args.get("none"):
        return not spent
    if "mana" in args:
        need = mana_costs.parse_cost(str(args["mana"]))
        pool = list(spent)
        for sym in need.colored:
            if sym not in pool:
                return False
            pool.remove(sym)
        return bool(need.colored)
    n = int(args.get("n") or 0)
    color = _COLOR_LETTERS.get(str(args.get("color") or ""))
    if color is None:
        return False  # an unknown color never matches (no silent "yes")
    return sum(1 for m in spent if m == color) >= n


def attacked_with_counted(args: dict) -> bool:
    """ "attacked with N or more creatures": every attacker is a creature (CR 508.1a),
    so the number of attackers declared this turn answers it."""
    flt = args.get("filter")
    return (
        isinstance(flt, Filter)
        and flt.kinds == ("Creature",)
        and not flt.conditions
        and isinstance(args.get("n"), int)
    )


#: what rules/support reports as run (coverage)
COVERAGE_PROBES.attacked_with_counted = attacked_with_counted
COVERAGE_PROBES.player_controls_shape = player_controls_shape


def _evolves(game: Game, source: GameObject | None, ctx: Ctx | None) -> bool:
    """CR 702.100a: evolve's "if that creature's power is greater than this creature's
    power and/or that creature's toughness is greater"; the entering creature as it
    is, or as it last existed if it has left the battlefield (CR 608.2h)."""
    if ctx is None or source is None or source.zone != Zone.BATTLEFIELD:
        return False
    td = ctx.obj.trigger_data or {}
    new = game.objects.get(td.get("obj", -1))
    if new is not None and new.zone == Zone.BATTLEFIELD:
        nc = chars(game, new)
        if "Creature" not in nc.types:
            return False  # CR 702.100c
        pt = (nc.power or 0, nc.toughness or 0)
    else:
        pt = (int(td.get("new_power", 0)), int(td.get("new_toughness", 0)))
    c = chars(game, source)
    if "Creature" not in c.types:
        return False
    return pt[0] > (c.power or 0) or pt[1] > (c.toughness or 0)
