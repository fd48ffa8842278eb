"""Activating activated abilities (CR 602) and mana abilities (CR 605).

Activating an ability follows the steps of casting a spell (CR 602.2): the
ability goes on the stack (602.2a), its choices are made (601.2b-d, through the
"choices" task of :mod:`.casting`), its total cost is determined and paid
(602.2b, 601.2f-h); a mana ability resolves at once, without the stack (CR
605.3a). Restrictions ("Activate only as a sorcery / once each turn", 602.5b)
and loyalty abilities (606, :mod:`.loyalty`) are checked by
:func:`activate_problem`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, AbilityKind, Cost, Filter
from ..game.actions import (
    Decision,
    DecisionKind,
    DecisionPurpose,
)
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS, full_ability
from ..game.objects import GameObject, Zone
from ..game.state import Step
from ..game.tasks import Task, task_handler
from . import cost_changes, cost_components, counter_costs, mana_costs, waterbend
from . import loyalty as loyalty_rules
from . import mana as mana_rules
from .casting import _has_legal_choices, _lki_record, has_sorcery_timing, split_second_on_stack
from .char_values import Chars
from .characteristics import chars
from .combat import is_summoning_sick
from .conditions import evaluate
from .costs import YOUR_CREATURE, with_x
from .counters import pay_energy, put_counters
from .damage import life_unpayable, lose_life
from .effects_runner import run_mana_ability
from .exert import exert_as_cost
from .filters import matches_object, objects_matching
from .graveyard_abilities import activates_from_graveyard
from .layers_table import CANT_ACTIVATE_NONMANA
from .mana_spending import Spending, spending
from .mana_triggers import resolve_mana_triggers_asking
from .permanents import sacrifice
from .simultaneous import simultaneous
from .single_graveyard import SINGLE_GRAVEYARD, from_single_graveyard
from .stack_choices import begin_choices
from .statics import statics_with
from .support import (
    COVERAGE_PROBES,
    has_variable_amount,
    register,
    register_keywords,
)
from .tap_replacements import tap_forbidden
from .tapping import became_tapped, became_untapped, pay_tap
from .targets import describe
from .zones import mill as mill_cards
from .zones import move

if TYPE_CHECKING:
    from ..game.state import Game


def any_player_may(a: Ability) -> bool:
    """ "Any player may activate this ability." (CR 602.2: otherwise only the object's
    controller may; the player who activates it controls the ability, 602.2a)"""
    return ("any_player", True) in a.restrictions


def activated_by(a: Ability) -> str | None:
    """ "Only this creature's owner may activate this ability" ("owner"), "Only your
    opponents may activate this ability" ("opponents"): who may activate it instead
    of its controller (CR 602.2), or None."""
    for key, value in a.restrictions:
        if key == "activated_by":
            return str(value)
    return None


def _activator_problem(o: GameObject, a: Ability, player: int) -> str | None:
    """Why ``player`` may not activate this ability of a permanent (CR 602.2: only
    its controller, unless the ability says who may), or None."""
    who = activated_by(a)
    if who == "owner":
        if player != o.owner:
            return f"only {o.name}'s owner may activate this ability (rule 602.2)"
        return None
    if who == "opponents":
        if player == o.controller:
            return f"only {o.name}'s controller's opponents may activate this ability (rule 602.2)"
        return None
    if o.controller != player and not any_player_may(a):
        return f"you don't control {o.name} (rule 602.2)"
    return None


def activate_problem(game: Game, player: int, oid: int, index: int) -> str | None:
    """Why this ability can't be activated now, or None (CR 602.1-602.5)."""
    o = game.objects.get(oid)
    if o is None:
        return "no such object"
    c = chars(game, o)
    if index < 0 or index >= len(c.abilities):
        return f"{o.name} has no ability number {index + 1}"
    a = ability_at(c, index)
    if a.kind not in (AbilityKind.ACTIVATED, AbilityKind.MANA) or a.cost is None:
        return f"that ability of {o.name} isn't an activated ability (rule 602.1)"
    if CANT_ACTIVATE in c.restrictions:
        # "its activated abilities can't be activated" (Arrest): mana and loyalty
        # abilities are activated abilities too (CR 602.5, 605.1a, 606.3)
        return f"{o.name}'s activated abilities can't be activated (rule 602.5)"
    if CANT_ACTIVATE_NONMANA in c.restrictions and a.kind is not AbilityKind.MANA:
        # "... unless they're mana abilities" (Faith's Fetters; CR 605.1a)
        return f"{o.name}'s activated abilities that aren't mana abilities can't be activated (rules 602.5, 605.1a)"
    from_zone = a.keyword_args.get("from_zone")
    if from_zone is None:
        # "Exile this card from your graveyard: ..." works from there (CR 113.6)
        from_zone = cost_components.self_exile_zone(a.cost)
    if from_zone is None and activates_from_graveyard(a):
        from_zone = "graveyard"  # "return this card from your graveyard" (CR 113.6k)
    zone_ok = (o.zone == Zone.BATTLEFIELD and from_zone is None) or (
        from_zone is not None and o.zone == Zone.BY_NAME.get(str(from_zone), -1)
    )
    if not zone_ok or o.phased_out:
        if from_zone == "hand":
            # CR 702.29a, 702.49a ...: it works only while the card is in your hand.
            return (
                f"{o.name} isn't in your hand: that ability works only from there ({_kw_rule(a)})"
            )
        if from_zone is not None:
            return f"{o.name} isn't in your {from_zone} ({_kw_rule(a)})"
        return f"{o.name} isn't on the battlefield (rule 602.2)"
    if o.zone == Zone.BATTLEFIELD:
        problem = _activator_problem(o, a, player)
        if problem:
            return problem
    if o.zone != Zone.BATTLEFIELD and o.owner != player:
        return f"{o.name} isn't yours (rule 602.2)"
    if a.kind is not AbilityKind.MANA and split_second_on_stack(game):
        return "a spell with split second is on the stack (rule 702.61a)"
    if (
        a.timing == "sorcery"
        and not has_sorcery_timing(game, player)
        and not (a.keyword == "Equip" and equip_as_instant(game, player))
    ):
        if a.cost.loyalty is not None:
            return "loyalty abilities are activated only as a sorcery (rule 606.3)"
        return f"activate only as a sorcery ({_kw_rule(a) if a.keyword else 'rule 602.5d'})"
    for key, value in a.restrictions:
        if key == "only_during" and value == "your_upkeep":
            if not game.is_active(player) or game.step != Step.UPKEEP:
                return f"activate only during your upkeep ({_kw_rule(a)})"
        elif key == "only":
            problem = _timing_restriction(game, player, str(value))
            if problem:
                return problem
        elif key == "condition":
            if not evaluate(game, value, player, o):
                return "the ability's condition isn't met (rule 602.5b)"
    if a.cost.loyalty is not None:
        problem = loyalty_rules.activation_problem(game, o, a.cost)  # CR 606.3, 606.6
        if problem:
            return problem
    if (
        a.limit_per_turn is not None
        and game.turn_flags.activated.get((o.id, index), 0) >= a.limit_per_turn
    ):
        return "that ability can't be activated again this turn (rule 602.5b)"
    if a.keyword == EXHAUST and a.text in (o.chosen or {}).get(EXHAUSTED, ()):
        return "an exhaust ability can be activated only once (rule 702.177a)"
    cost = a.cost
    if has_variable_amount(cost):
        if not cost_components.only_fixed(cost):
            return "that ability's cost has a variable amount the engine can't pay yet"
        # "Sacrifice X lands": X may be announced as 0 (CR 107.3, 602.2b); "Discard
        # your hand": each card in it
        cost = cost_components.with_all(game, with_x(cost, 0) or cost, player, o)
    if cost.tap or cost.untap:
        if cost.tap and o.tapped:
            return f"{o.name} is already tapped (rule 602.5a)"
        if cost.untap and not o.tapped:
            return f"{o.name} is untapped (rule 602.5a)"
        why = (tap_forbidden(game, o) if cost.tap else None) or (
            tap_forbidden(game, o, untap=True) if cost.untap else None
        )
        if why:
            # CR 101.2, 118.3, 602.2b: a cost that can't be paid can't be paid at all
            return f"you can't pay the cost: {why} (rules 101.2, 118.3)"
        if "Creature" in c.types:
            if is_summoning_sick(game, o, c):
                return f"{o.name} has summoning sickness (rule 302.6)"
    life_problem = life_unpayable(game, player, cost.life)
    if life_problem:
        return life_problem
    if (
        cost.sacrifice is not None
        and len(_cost_choices(game, cost.sacrifice, player, o)) < cost.sacrifice_count
    ):
        return "you can't sacrifice what the cost asks (rule 602.2b)"
    if (
        cost.discard is not None
        and len(_discard_choices(game, cost.discard, player, o)) < cost.discard_count
    ):
        return "you can't discard what the cost asks"
    if cost.exile is not None and not cost_components.exile_payable(game, cost, player, o):
        return "you can't exile what the cost asks (rule 602.2b)"
    craft = cost_components.craft_spec(cost) if cost.other else None
    if craft is not None and len(cost_components.craft_choices(game, cost, player, o)) < craft[1]:
        return "you can't exile the materials craft asks (rules 702.167a, 602.2b)"
    tap = cost_components.tap_spec(cost)
    taps = cost_components.tap_choices(game, cost, player, o) if tap is not None else []
    if tap is not None and len(taps) < cost_components.tap_count(tap, taps):
        return "you can't tap what the cost asks (rule 602.2b)"
    if cost.other:
        energy = _other_cost(cost, "energy")
        if energy is not None and game.players[player].energy < _count(energy):
            # CR 107.14, 118.3: paying {E} removes energy counters the player must have
            return f"you don't have {'{E}' * _count(energy)} to pay (rules 107.14, 118.3)"
        if _other_cost(cost, "put_counters") is not None and (
            o.zone != Zone.BATTLEFIELD or o.phased_out
        ):
            # "Put a -1/-1 counter on this creature": only a permanent can get them
            # (CR 118.3, 122.1)
            return "you can't put counters on it to pay the cost (rules 118.3, 122.1)"
        top = _other_cost(cost, "exile_top")
        if top is not None and len(game.players[player].library) < _count(top):
            # "Exile the top ten cards of your library": a cost that can't be paid
            # without that many cards (CR 118.3, 602.2b)
            return (
                "you don't have enough cards in your library to pay the cost (rules 118.3, 602.2b)"
            )
        shown = _other_cost(cost, "reveal")
        if (
            isinstance(shown, tuple)
            and isinstance(shown[1], int)
            and len(_discard_choices(game, shown[0], player, o)) < shown[1]
        ):
            # "Reveal X red cards from your hand" with X announced (CR 107.3, 602.2b)
            return "you can't reveal the cards the cost asks (rules 118.3, 602.2b)"
        milled = _other_cost(cost, "mill")
        if milled is not None and len(game.players[player].library) < _count(milled):
            # "Mill four cards": a cost that includes milling more cards than the
            # library holds can't be paid (CR 701.17b, 118.3)
            return "you don't have enough cards in your library to mill (rules 701.17b, 118.3)"
        bottom = _other_cost(cost, "graveyard_to_bottom")
        if bottom is not None and len(game.players[player].graveyard) < _count(bottom):
            # "Put three cards from your graveyard on the bottom of your library"
            return "you don't have enough cards in your graveyard to pay the cost (rule 602.2b)"
        ret = _other_cost(cost, "return")
        if ret is not None and len(_cost_choices(game, ret[0], player, o)) < _count(ret[1]):
            return f"you can't return what the cost asks ({_kw_rule(a)}, 602.2b)"
        if isinstance(_other_cost(cost, "blight"), int) and not _cost_choices(
            game, YOUR_CREATURE, player, o
        ):
            return "you control no creature to blight (rules 701.68b, 602.2b)"
        crew_n = KEYWORD_HOOKS.crew_amount(cost)
        if crew_n is not None:
            problem = KEYWORD_HOOKS.crew_problem(game, player, o, crew_n, cost)  # CR 702.122a
            if problem:
                return problem
    for kind, n in cost.remove_counters:
        if kind != counter_costs.ANY and o.counters.get(kind, 0) < n:
            return f"{o.name} doesn't have {n} {kind} counter(s)"
    counters_problem = counter_costs.problem(game, cost, player, o)
    if counters_problem:
        return counters_problem
    # CR 602.2b, 601.2f: the activation cost with cost increases and reductions
    mc, changed = cost_changes.activation_mana_cost(game, player, o, a, 0)
    bend = waterbend.waterbend_generic(cost)
    has_x = mana_costs.parse_cost(cost.mana).x > 0  # a cost with {X} in it (CR 107.3)
    if bend:
        # CR 701.67a: artifacts and creatures may pay the waterbend cost's generic mana
        on = spending("ability", o.id, has_x)  # CR 106.6
        exclude = (o.id,) if cost.tap else ()
        if not waterbend.payable_with_taps(game, player, mc, bend, exclude, on):
            return f"you can't pay {mc}, even waterbending (rules 602.2b, 701.67a)"
    elif cost.mana or changed:
        on = spending("ability", o.id, has_x)  # CR 106.6
        if not mana_rules.can_pay_now(game, player, mc, o.id if cost.tap else None, on=on):
            return f"you can't pay {mc} (rule 602.2b)"
    if a.kind is not AbilityKind.MANA and not _has_legal_choices(game, a, player, o):
        return "that ability has no legal targets (rule 602.2b)"
    return None


#: the restriction a "[its] activated abilities can't be activated" static puts on
#: an object (rules/layers.py, ``Chars.restrictions``)
CANT_ACTIVATE: Final = "cant_activate_abilities"

register("static:cant_activate_abilities")
register("cost:discard_random")  # "Discard a card at random" (CR 701.9a, 602.2b)
register("cost:mill")  # "Mill four cards" (CR 701.17a-b, 602.2b): _pay_return_and_reveal
register("cost:reveal")  # "Reveal X red cards from your hand" (CR 701.20a, 602.2b)
register("cost:blight")  # "Blight 1" (CR 701.68a, 602.2b): _pay_return_and_reveal
register("cost:craft_materials")  # craft's materials (CR 702.167a): cost_components
register("restriction:any_player")  # any_player_may (CR 602.2)
register("restriction:activated_by")  # activated_by (CR 602.2)
#: CR 702.177a: "Exhaust — [Cost]: [Effect]" is "[Cost]: [Effect]. Activate only once."
EXHAUST: Final = "Exhaust"
#: the texts of the exhaust abilities an object has activated (``GameObject.chosen``)
EXHAUSTED: Final = "exhausted"
register_keywords(EXHAUST)


def equip_as_instant(game: Game, player: int) -> bool:
    """ "You may activate equip abilities any time you could cast an instant" (Leonin
    Shikari): a permanent ``player`` controls says so (CR 702.6a, 602.5d)."""
    return any(src.controller == player for src, _st in statics_with(game, EQUIP_AS_INSTANT))


#: the static ability of :func:`equip_as_instant`
EQUIP_AS_INSTANT: Final = "equip_as_instant"
register(f"static:{EQUIP_AS_INSTANT}")


def ability_at(c: Chars, index: int) -> Ability:
    """The ``index``-th ability, with a keyword activated ability (cycling, equip
    ...) replaced by the full ability it stands for (CR 702.6a, 702.29a)."""
    return full_ability(c.abilities[index])


def _kw_rule(a: Ability) -> str:
    rule = a.keyword_args.get("rule")
    return f"rule {rule}" if rule else "rule 602.5"


#: "Activate only during your turn", "... during your upkeep" (CR 602.5b): the
#: restrictions the engine checks, by the compiler's spelling
TIMING_RESTRICTIONS: Final = frozenset(
    {
        "during_your_upkeep",
        "during_your_turn",
        "during_your_turn_,_before_attackers_are_declared",
        "during_any_upkeep_step",
        "during_combat",
        "before_the_combat_damage_step",
        "during_combat_after_blockers_are_declared",
    }
)


#: what rules/support reports as run (coverage)
COVERAGE_PROBES.is_timing_restriction = TIMING_RESTRICTIONS.__contains__


def _timing_restriction(game: Game, player: int, value: str) -> str | None:
    """CR 602.5b: an activation restriction on when the ability may be activated."""
    step = game.step
    yours = game.is_active(player)
    combat_steps = (
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.FIRST_STRIKE_DAMAGE,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    )
    ok = {
        "during_your_upkeep": yours and step == Step.UPKEEP,
        "during_your_turn": yours,
        "during_your_turn_,_before_attackers_are_declared": yours and step < Step.DECLARE_ATTACKERS,
        "during_any_upkeep_step": step == Step.UPKEEP,
        "during_combat": step in combat_steps,
        "before_the_combat_damage_step": step < Step.FIRST_STRIKE_DAMAGE,
        "during_combat_after_blockers_are_declared": step in combat_steps[2:],
    }.get(value)
    if ok is None:
        return f"activation restriction {value!r} isn't implemented (rule 602.5b)"
    if not ok:
        return f"activate only {value.replace('_,', ',').replace('_', ' ')} (rule 602.5b)"
    return None


def _cost_choices(game: Game, flt: Filter, player: int, source: GameObject) -> list[int]:
    if any(k == "self" for k, _ in flt.conditions):
        return [source.id] if source.zone == Zone.BATTLEFIELD else []
    return [
        o.id
        for o in objects_matching(game, flt.with_condition("controller", "you"), player, source)
    ]


def _discard_choices(game: Game, flt: Filter, player: int, source: GameObject) -> list[int]:
    if any(k == "self" for k, _ in flt.conditions):
        return [source.id] if source.zone == Zone.HAND else []
    return [
        oid
        for oid in game.players[player].hand
        if oid != source.id
        and (
            not flt.kinds
            or matches_object(
                game,
                game.objects[oid],
                Filter(kinds=flt.kinds, zone="hand", conditions=flt.conditions),
                player,
                source,
            )
        )
    ]


@task_handler("activate")
def activate_task(game: Game, task: Task) -> None:
    d = task.data
    player = d["player"]
    src: GameObject | None  # the source; None once it has left (CR 113.7a)
    a: Ability | None
    if task.stage == 0:
        src = game.objects[d["source"]]
        c = chars(game, src)
        a = ability_at(c, d["ability"])
        d["source_name"] = src.name
        d["source_zone"] = Zone.NAMES[src.zone]
        d["source_uid"] = src.card_uid
        key = (src.id, d["ability"])
        activated = game.turn_flags.activated
        activated[key] = activated.get(key, 0) + 1
        if a.keyword == EXHAUST:
            # CR 702.177a: "Activate only once" — this object's, for good (a new
            # object after a zone change may again, CR 400.7)
            done = (src.chosen or {}).get(EXHAUSTED, ())
            src.chosen = {**(src.chosen or {}), EXHAUSTED: [*done, a.text]}
        if a.cost is not None and a.cost.loyalty is not None:
            loyalty_rules.mark_activated(game, src)  # CR 606.3
        if a.kind is AbilityKind.MANA and _simple_cost(a.cost):
            # CR 605.3a: a mana ability resolves immediately, without the stack.
            _pay_non_mana_costs_simple(game, src, a.cost, player, for_mana=True)
            task.stage = 4
            _resolve_mana_ability(game, task)
            return
        oid = game.new_id()
        obj = GameObject(oid, oid, src.card, src.owner, Zone.STACK)
        obj.face = src.face
        obj.controller = player
        obj.stack_kind = "activated"
        obj.source_id = src.id
        obj.ability_index = d["ability"]
        obj.ability = a
        obj.timestamp = game.new_timestamp()
        game.objects[oid] = obj
        game.stack.append(oid)  # CR 602.2a
        d["obj"] = oid
        task.stage = 1
        begin_choices(game, oid, "ability")
        return
    if task.stage == 4:
        _resolve_mana_ability(game, task)
        return
    obj = game.objects[d["obj"]]
    a = obj.ability
    assert a is not None  # an activated ability on the stack (CR 602.2a)
    # "Sacrifice X lands", "Exile X cards from your graveyard": the announced X
    # (CR 107.3, 601.2b, 602.2b)
    cost = with_x(a.cost, obj.x or 0) or Cost()
    src = game.objects.get(d["source"])
    if src is not None and has_variable_amount(cost):
        # "Sacrifice enchanted creature", "Discard your hand" (CR 602.2b)
        cost = cost_components.with_all(game, cost, player, src)
    if task.stage == 1:
        # CR 602.2b / 601.2h: pay the total cost.
        if cost.sacrifice is not None and src is not None:
            choices = _cost_choices(game, cost.sacrifice, player, src)
            self_only = any(k == "self" for k, _ in cost.sacrifice.conditions)
            every = _all_of(a.cost, "sacrifice_count")  # "Sacrifice enchanted creature"
            chosen = (
                choices
                if self_only or every
                else _cost_choice(
                    game,
                    task,
                    player,
                    choices,
                    cost.sacrifice_count,
                    "permanent(s) to sacrifice",
                    DecisionPurpose.SACRIFICE,
                )
            )
            if chosen is None:
                return
            d["sacrifice"] = chosen
        task.stage = 2
    if task.stage == 2:
        if cost.discard is not None and src is not None and "discard" not in d:
            choices = _discard_choices(game, cost.discard, player, src)
            chosen = (
                choices  # "Discard your hand": every card in it, no choice
                if _all_of(a.cost, "discard_count")
                else _at_random(game, choices, cost.discard_count)
                if _other_cost(cost, "discard_random")
                else _cost_choice(
                    game,
                    task,
                    player,
                    choices,
                    cost.discard_count,
                    "card(s) to discard",
                    DecisionPurpose.DISCARD,
                    # a card chosen from the hand is always asked (it matters for
                    # madness, CR 702.35a); "discard this card" (cycling) is no choice
                    always=src.id not in choices,
                )
            )
            if chosen is None:
                return
            d["discard"] = chosen
        if cost.exile is not None and src is not None and "exile" not in d:
            # CR 602.2b, 601.2h: the objects exiled to pay the cost
            choices = cost_components.exile_choices(game, cost, player, src)
            self_only = choices == [src.id]  # "exile this card": no choice
            chosen = (
                choices
                if self_only
                else _cost_choice(
                    game,
                    task,
                    player,
                    choices,
                    cost_components.exile_count(cost) or 0,
                    "card(s) to exile",
                    DecisionPurpose.EXILE,
                    one_graveyard=from_single_graveyard(cost.exile),
                )
            )
            if chosen is None:
                return
            d["exile"] = chosen
        craft = cost_components.craft_spec(cost) if cost.other else None
        if craft is not None and src is not None and "craft" not in d:
            # CR 702.167a, 601.2h: the materials exiled with the permanent
            chosen = _cost_choice(
                game,
                task,
                player,
                cost_components.craft_choices(game, cost, player, src),
                craft[1],
                "material(s) to exile for craft",
                DecisionPurpose.EXILE,
            )
            if chosen is None:
                return
            d["craft"] = chosen
        tap = cost_components.tap_spec(cost) if cost.other else None
        if tap is not None and src is not None and "tap_cost" not in d:
            # CR 602.2b: "Tap an untapped creature you control"
            choices = cost_components.tap_choices(game, cost, player, src)
            n = cost_components.tap_count(tap, choices)
            chosen = _cost_choice(
                game,
                task,
                player,
                choices,
                n,
                "untapped permanent(s) to tap",
                DecisionPurpose.TAP,
            )
            if chosen is None:
                return
            d["tap_cost"] = chosen
        shown = _other_cost(cost, "reveal") if cost.other else None
        if (
            isinstance(shown, tuple)
            and isinstance(shown[1], int)
            and src is not None
            and "reveal_cost" not in d
        ):
            # CR 602.2b, 701.20a: "Reveal X red cards from your hand": the cards revealed
            chosen = _cost_choice(
                game,
                task,
                player,
                _discard_choices(game, shown[0], player, src),
                shown[1],
                "card(s) to reveal",
                DecisionPurpose.REVEAL,
            )
            if chosen is None:
                return
            d["reveal_cost"] = chosen
        ret = _other_cost(cost, "return") if cost.other else None
        if ret is not None and src is not None and "return" not in d:
            # CR 602.2b: "Return [a permanent] you control to its owner's hand" (702.49a)
            choices = _cost_choices(game, ret[0], player, src)
            chosen = _cost_choice(
                game,
                task,
                player,
                choices,
                len(choices) if ret[1] == "all" else _count(ret[1]),
                "permanent(s) to return",
                DecisionPurpose.RETURN,
                always=not any(k == "self" for k, _ in ret[0].conditions),
            )
            if chosen is None:
                return
            d["return"] = chosen
        blight = _other_cost(cost, "blight") if cost.other else None
        if isinstance(blight, int) and src is not None and "blight" not in d:
            # "Blight 1" (CR 701.68a, 602.2b): the creature you control that gets the
            # -1/-1 counters, chosen as the cost is paid
            chosen = _cost_choice(
                game,
                task,
                player,
                _cost_choices(game, YOUR_CREATURE, player, src),
                1,
                "creature to blight",
                DecisionPurpose.CHOOSE,
            )
            if chosen is None:
                return
            d["blight"] = chosen
        bottom = _other_cost(cost, "graveyard_to_bottom") if cost.other else None
        if bottom is not None and src is not None and "to_bottom" not in d:
            # CR 602.2b: the cards put from the graveyard on the bottom of the library
            chosen = _cost_choice(
                game,
                task,
                player,
                list(game.players[player].graveyard),
                _count(bottom),
                "card(s) to put on the bottom of your library",
                DecisionPurpose.GRAVEYARD_TO_BOTTOM,
            )
            if chosen is None:
                return
            d["to_bottom"] = chosen
        bend = waterbend.waterbend_generic(cost, obj.x or 0)
        if bend and src is not None and "waterbend" not in d:
            # CR 701.67a: the artifacts and creatures tapped to pay for its generic mana
            chosen = _waterbend_taps(game, task, src, a, bend, obj.x or 0)
            if chosen is None:
                return
            d["waterbend"] = chosen
        if src is not None and not _choose_counters(game, task, player, src, cost, d):
            return
        crew_n = KEYWORD_HOOKS.crew_amount(cost) if cost.other else None
        if crew_n is not None and src is not None and "crew" not in d:
            # CR 702.122a, 702.171a: the creatures tapped to pay the crew/saddle cost
            if task.answer is None:
                game.ask(KEYWORD_HOOKS.crew_decision(game, player, src, cost))
                return
            d["crew"] = list(task.answer.objects)
            task.answer = None
        task.stage = 3
    if task.stage == 3:
        # CR 602.2b, 601.2f: the total activation cost (increases and reductions)
        mc, changed = (
            cost_changes.activation_mana_cost(game, player, src, a, obj.x or 0)
            if src is not None
            else (mana_costs.parse_cost(cost.mana).with_x(obj.x or 0), [])
        )
        if changed:
            game.emit(
                EventKind.TOTAL_COST,
                ("602.2b", "601.2f"),
                f"Total cost of {d['source_name']}'s ability: {mc} ({', '.join(changed)})",
            )
        bent = list(d.get("waterbend") or ())
        if bent:
            # CR 701.67a: each permanent tapped pays for {1} of the waterbend cost
            mc = mana_rules.reduce_cost(mc, len(bent))
        if cost.mana or changed:
            sources = None
            if d.get("payment") is not None:
                sources = mana_rules.sources_from_ids(game, player, tuple(d["payment"]))
            else:
                sources = mana_rules.mana_sources(game, player)
                if cost.tap:
                    sources = [s for s in sources if s.obj != d["source"]]
            if sources is not None and bent:
                sources = waterbend.without_taps(sources, bent)  # CR 601.2h
            # CR 106.6: what restricted mana may pay for (a cost with {X} in it, 107.3)
            on = Spending("ability", d["source"], mana_costs.parse_cost(cost.mana).x > 0)
            plan = (
                mana_rules.plan_payment(game, player, mc, sources, on=on)
                if sources is not None
                else None
            )
            if plan is None:
                game.stack.remove(obj.id)
                del game.objects[obj.id]
                game.emit(
                    EventKind.ILLEGAL_ACTIVATION,
                    ("602.2b", "732.1"),
                    f"Activating {d['source_name']}'s ability was illegal and is reversed",
                )
                game.finish(task)
                return
            if "waterbend" in d:
                what = f"{d['source_name']}'s ability"
                waterbend.tap_to_pay(game, player, bent, what, ("602.2b",))
            spent = mana_rules.execute_plan(
                game, player, mc, plan, f"{d['source_name']}'s ability", on
            )
            # "the mana you spent on {X}" (Illusionary Mask): what paid the cost (602.2b)
            obj.paid = {**(obj.paid or {}), "mana_spent": spent}
        if src is not None and cost.loyalty is not None:
            if not loyalty_rules.pay(game, src, cost, obj.x):  # CR 606.4, 606.6
                game.stack.remove(obj.id)
                del game.objects[obj.id]
                game.emit(
                    EventKind.ILLEGAL_ACTIVATION,
                    ("606.6", "732.1"),
                    f"Activating {d['source_name']}'s ability was illegal and is reversed",
                )
                game.finish(task)
                return
        if src is not None:
            _pay_non_mana_costs_simple(game, src, cost, player)
            removed = sum(n for k, n in cost.remove_counters if k != counter_costs.ANY)
            if removed:
                # "the number of counters removed this way" (CR 602.2b, 122.1)
                obj.paid = {**(obj.paid or {}), "counters_removed": removed}
        sacrificed = []
        with simultaneous(game, d.get("sacrifice") or ()):  # one event (CR 603.2c, 603.10a)
            for oid in d.get("sacrifice") or []:
                if oid in game.objects:
                    sacrificed.append(_lki_record(game, oid))  # CR 608.2h: "the sacrificed ..."
                    sacrifice(game, oid, ("602.2b", "701.21a"))
        if sacrificed:
            obj.paid = {**(obj.paid or {}), "sacrificed": sacrificed}
        for oid in d.get("discard") or []:
            if oid in game.objects:
                move(
                    game,
                    oid,
                    Zone.GRAVEYARD,
                    ("602.2b", "701.9a"),
                    reason="is discarded",
                    cause="discard",
                )
        exiled: list[int] = []
        materials: list[int] = []
        everything = [*(d.get("exile") or ()), *(d.get("craft") or ())]
        with simultaneous(game, everything):  # the cards exiled: one event (603.2c)
            for oid in everything:
                if oid in game.objects:
                    new_id = move(
                        game, oid, Zone.EXILE, ("602.2b", "406.2"), reason="is exiled to pay a cost"
                    )
                    if new_id is not None:
                        (materials if oid in (d.get("craft") or ()) else exiled).append(new_id)
        if exiled:
            # the cards in exile the cost exiled (CR 400.7: new objects), for "a copy of
            # this card" of encore (702.141a), "return this card" of craft (702.167a)
            obj.paid = {**(obj.paid or {}), "exiled": exiled}
        if materials:
            # the cards exiled as craft's materials (CR 702.167a, 702.167c)
            obj.paid = {**(obj.paid or {}), "craft_materials": materials}
        tapped = []
        for oid in d.get("tap_cost") or []:
            t = game.objects.get(oid)
            if t is not None and t.zone == Zone.BATTLEFIELD and not t.tapped:
                text = f"{t.name} is tapped to pay a cost"
                if pay_tap(game, t, ("602.2b", "701.26a"), logged=text):
                    game.invalidate("tapped")
                    became_tapped(game, (t,), ("602.2b",))
                    tapped.append(_lki_record(game, oid))
        if tapped:
            # "the tapped creature's power" (station, CR 702.184a): what the cost tapped
            obj.paid = {**(obj.paid or {}), "tapped": tapped}
        _pay_return_and_reveal(game, obj, src, cost, d)
        counter_costs.pay(game, d, src, ("602.2b",))
        if d.get("crew"):
            KEYWORD_HOOKS.tap_crew(game, d["source_name"], player, d["crew"], cost, obj.source_id)
        if a.kind is AbilityKind.MANA:
            # CR 605.3a: its costs paid ({1}, sacrifice ...), a mana ability resolves
            # at once: it never stays on the stack
            game.stack.remove(obj.id)  # kept in game.objects until it has resolved
            task.stage = 4
            _resolve_mana_ability(game, task)
            return
        targets = [describe(game, t) for spec in obj.targets for t in spec]
        rule = a.keyword_args.get("rule")
        game.emit(
            EventKind.ACTIVATE,
            ("602.2", *((rule,) if rule else ())),
            f"{game.players[player].name} activates {d['source_name']}: {a.text}"
            + (f" targeting {', '.join(targets)}" if targets else ""),
            obj=obj.id,
            source=d["source"],
            player=player,
            keyword=a.keyword or "",
            source_uid=d.get("source_uid", 0),
        )
        game.finish(task)


def _waterbend_taps(
    game: Game, task: Task, src: GameObject, a: Ability, generic: int, x: int
) -> list[int] | None:
    """CR 701.67a, 602.2b: the artifacts and creatures tapped to pay for the generic
    mana of the ability's waterbend cost (a permanent whose {T} is part of the
    cost isn't among them, CR 601.2h); None while it's asked."""
    player = task.data["player"]
    if task.answer is not None:
        chosen = list(task.answer.objects)
        task.answer = None
        return chosen
    cost = a.cost or Cost()
    exclude = (src.id,) if cost.tap else ()
    cands = waterbend.tap_candidates(game, player, exclude)
    mc, _changed = cost_changes.activation_mana_cost(game, player, src, a, x)
    most = min(generic, mc.generic)
    sources = [s for s in mana_rules.mana_sources(game, player) if s.obj not in exclude]
    on = Spending("ability", src.id, mana_costs.parse_cost(cost.mana).x > 0)  # CR 106.6, 107.3
    fewest = waterbend.fewest_taps(game, player, mc, min(most, len(cands)), sources, on)
    decision = waterbend.tap_decision(game, player, f"{src.name}'s ability", cands, fewest, most)
    if decision is None:
        return waterbend.default_taps(cands, fewest, most)
    game.ask(decision)
    return None


def _simple_cost(cost: Cost | None) -> bool:
    """A cost paid without choices or mana: {T}, {Q}, life, removing counters (a
    fixed number: "remove X counters" announces X first, CR 601.2b)."""
    return cost is None or not (
        cost.mana
        or cost.sacrifice
        or cost.discard
        or cost.exile
        or cost.other
        or has_variable_amount(cost)
    )


def _resolve_mana_ability(game: Game, task: Task) -> None:
    """CR 605.3a: the activated mana ability resolves (its source may be gone: a
    sacrificed Chromatic Star still adds its mana, CR 113.7a)."""
    d = task.data
    if "mana_triggers" in d:
        # its triggered mana abilities resolving, a choice answered (CR 605.4a)
        if resolve_mana_triggers_asking(game, task):
            game.finish(task)
        return
    obj = game.objects.get(d["obj"]) if "obj" in d else None
    src = game.objects.get(d["source"])
    ability: Ability | None = None
    if obj is not None:
        ability = obj.ability
        src = src if src is not None and src.zone == Zone.BATTLEFIELD else obj
    elif src is not None:
        ability = ability_at(chars(game, src), d["ability"])
    if src is None or ability is None:
        game.finish(task)
        return
    x = obj.x if obj is not None else None  # announced as it was activated (CR 601.2b)
    p = game.players[d["player"]]
    if game.pending_triggers and "pool_before" not in d:
        # (what the player had, to know what this ability makes: "any type that land
        # produced", CR 605.4a)
        d["pool_before"] = [list(p.mana_pool), len(p.restricted_mana)]
    if run_mana_ability(game, src, ability, d["player"], task, x):
        if obj is not None:
            del game.objects[obj.id]
        before = d.pop("pool_before", None)
        if before is not None and src.zone == Zone.BATTLEFIELD:
            made = [
                mana_costs.POOL_ORDER[i] * (n - before[0][i])
                for i, n in enumerate(p.mana_pool)
                if n > before[0][i]
            ]
            made.extend(mana_costs.POOL_ORDER[i] for i, _r in p.restricted_mana[before[1] :])
            # CR 605.4a: the triggered mana abilities its tapping triggered resolve now
            if not resolve_mana_triggers_asking(game, task, {src.id: tuple("".join(made))}):
                return
        game.finish(task)


def _all_of(cost: Cost | None, count: str) -> bool:
    """Whether the cost's ``count`` is "all": every object its words describe."""
    return cost is not None and getattr(cost, count) == "all"


def _at_random(game: Game, choices: list[int], n: int) -> list[int]:
    """CR 701.9a: "Discard a card at random": the game picks ``n`` of the cards, no
    player chooses them."""
    pool = list(choices)
    return [pool.pop(game.rng.randrange(len(pool))) for _ in range(min(n, len(pool)))]


def _other_cost(cost: Cost, key: str) -> Any:
    """The value of a cost component kept in ``Cost.other`` ("return", "reveal_self")."""
    for k, v in cost.other:
        if k == key:
            return v
    return None


def _count(n: Any) -> int:
    return n if isinstance(n, int) else 1


def _pay_return_and_reveal(
    game: Game, obj: GameObject, src: GameObject | None, cost: Cost, d: dict[str, Any]
) -> None:
    """CR 602.2b: the "Pay {E}" (CR 107.14), "Pay half your life, rounded up", "Reveal
    this card from your hand" and "Return ... to its owner's hand" parts of a cost (forecast 702.57b,
    ninjutsu 702.49a-b). What each returned attacker was attacking is kept for the
    ability (CR 702.49c)."""
    rule = obj.ability.keyword_args.get("rule") if obj.ability is not None else None
    cites = ("602.2b", *((rule,) if rule else ()))
    energy = _other_cost(cost, "energy")
    if energy is not None:
        # "Pay {E}{E}": the player removes that many energy counters (CR 107.14);
        # activation_problem made sure they have them (CR 118.3)
        pay_energy(game, d["player"], _count(energy), ("107.14", *cites), " (cost)")
    put = _other_cost(cost, "put_counters")
    if put is not None and src is not None and src.zone == Zone.BATTLEFIELD:
        # "Put a -1/-1 counter on this creature: ..." (CR 118.1, 122.1): put as the
        # cost is paid (replacement effects on counters apply, 122.6)
        put_counters(game, src, str(put[0]), _count(put[1]), ("122.1", *cites), " (cost)")
    blight = _other_cost(cost, "blight")
    for oid in d.get("blight") or ():
        # "Blight 1" (CR 701.68a): -1/-1 counters on the creature chosen; 701.68d:
        # "whenever you blight"
        if isinstance(blight, int) and oid in game.objects:
            if game.objects[oid].zone == Zone.BATTLEFIELD:
                put_counters(
                    game, game.objects[oid], "-1/-1", blight, ("701.68a", *cites), " (blight)"
                )
            game.emit(
                EventKind.BLIGHT,
                ("701.68d",),
                f"{game.players[d['player']].name} blighted {blight}",
                player=d["player"],
            )
    if _other_cost(cost, "exert") and src is not None and src.zone == Zone.BATTLEFIELD:
        exert_as_cost(game, src.id, d["player"])  # "Exert this creature" (CR 701.43a)
    if _other_cost(cost, "life_half"):
        # "Pay half your life, rounded up" (CR 119.4, 107.1a)
        life = game.players[d["player"]].life
        if life > 0:
            lose_life(
                game, d["player"], (life + 1) // 2, ("119.4", *cites), "paid as a cost", paid=True
            )
    if _other_cost(cost, "reveal_self") and src is not None:
        game.emit(
            EventKind.REVEAL,
            (*cites, "701.20a"),
            f"{game.players[d['player']].name} reveals {src.name} from their hand",
            obj=src.id,
        )
        # it stays revealed while it is in the hand: during this upkeep (forecast,
        # CR 702.57b) or until the ability leaves the stack (ninjutsu, 702.49b)
        until = "upkeep" if rule == "702.57b" else obj.id
        game.turn_flags.revealed[src.id] = until
    top = _other_cost(cost, "exile_top")
    if top is not None:
        # "Exile the top ten cards of your library" (Arc-Slogger): the cards on top as
        # the cost is paid (CR 602.2b, 601.2h), one event (603.2c)
        library = game.players[d["player"]].library
        cards = list(reversed(library[-_count(top) :])) if _count(top) else []
        with simultaneous(game, cards):
            for oid in cards:
                move(game, oid, Zone.EXILE, ("406.2", *cites), reason="is exiled to pay a cost")
    shown = [game.objects[oid] for oid in d.get("reveal_cost") or () if oid in game.objects]
    if shown:
        # "Reveal X red cards from your hand" (Martyr of Ashes): shown to all as the
        # cost is paid (CR 701.20a, 602.2b)
        game.emit(
            EventKind.REVEAL,
            (*cites, "701.20a"),
            f"{game.players[d['player']].name} reveals {', '.join(o.name for o in shown)} "
            "from their hand",
            player=d["player"],
        )
    milled = _other_cost(cost, "mill")
    if milled is not None:
        # "{T}, Mill a card: Add {C}" (Millikin), "Mill four cards: Return this card
        # ..." (Rot Farm Skeleton): the top cards go to the graveyard as the cost is
        # paid (CR 701.17a, 602.2b), one event (603.2c)
        mill_cards(game, d["player"], _count(milled))
    for oid in d.get("to_bottom") or []:
        o = game.objects.get(oid)
        if o is not None and o.zone == Zone.GRAVEYARD:
            move(game, oid, Zone.LIBRARY, cites, bottom=True, reason="is put on the bottom (cost)")
    returned = []
    for oid in d.get("return") or []:
        o = game.objects.get(oid)
        if o is None or o.zone != Zone.BATTLEFIELD:
            continue
        defender = game.combat.attackers.get(oid) if game.combat is not None else None
        returned.append({"name": o.name, "defender": defender})
        move(game, oid, Zone.HAND, cites, reason="is returned to its owner's hand (cost)")
    if returned:
        game.turn_flags.cost_returned[obj.id] = returned


def _choose_counters(
    game: Game, task: Task, player: int, src: GameObject, cost: Cost, d: dict[str, Any]
) -> bool:
    """CR 602.2b, 601.2h: "Remove a +1/+1 counter from a creature you control", "Remove
    a counter from this creature": the permanent (asked when there is a real choice),
    then the kind of counter when it has several (CR 122.1). False while pending."""
    spec = counter_costs.from_spec(cost) if cost.other else None
    n_self = counter_costs.self_any_kind(cost)
    if spec is None and n_self is None:
        return True
    kind, n = (spec[0], spec[1]) if spec is not None else (counter_costs.ANY, n_self or 1)
    if spec is not None and "counters_from" not in d:
        choices = counter_costs.from_choices(game, cost, player, src)
        chosen = _cost_choice(
            game,
            task,
            player,
            choices,
            1,
            f"permanent to remove {n} {'' if kind == counter_costs.ANY else kind + ' '}"
            "counter(s) from",
            DecisionPurpose.REMOVE_COUNTERS,
        )
        if chosen is None:
            return False
        d["counters_from"] = chosen[0] if chosen else None
    if "counter_kind" not in d:
        oid = d.get("counters_from") if spec is not None else src.id
        o = game.objects.get(oid) if oid is not None else None
        kinds = counter_costs.kinds_with(o, kind, n) if o is not None else []
        if len(kinds) > 1:
            if task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.CHOOSE_OPTION,
                        player,
                        "602.2b",
                        f"Choose the kind of counter to remove from {o.name if o else ''}",
                        {"options": kinds, "purpose": DecisionPurpose.CHOOSE},
                    )
                )
                return False
            kinds = [str(task.answer.value)]
            task.answer = None
            game.emit(
                EventKind.CHOICE,
                ("602.2b", "122.1"),
                f"{game.players[player].name} chooses to remove a {kinds[0]} counter "
                f"from {o.name if o else ''}",
            )
        d["counter_kind"] = kinds[0] if kinds else None
        d["counter_n"] = n
    return True


def _cost_choice(
    game: Game,
    task: Task,
    player: int,
    choices: list[int],
    n: int,
    noun: str,
    purpose: DecisionPurpose,
    always: bool = False,
    one_graveyard: bool = False,
) -> list[int] | None:
    """CR 602.2b: the objects a cost sacrifices or discards; asks only when there
    is a real choice. None while the decision is pending. ``one_graveyard``: all
    from a single graveyard (rules/single_graveyard.py)."""
    if task.answer is not None:
        chosen = list(task.answer.objects)
        task.answer = None
        return chosen
    if game.real_choice(len(choices), n) or (always and choices):
        game.ask(
            Decision(
                DecisionKind.CHOOSE_OBJECTS,
                player,
                "602.2b",
                f"Choose {n} {noun}",
                {
                    "candidates": choices,
                    "min": n,
                    "max": n,
                    "purpose": purpose,
                    **({SINGLE_GRAVEYARD: True} if one_graveyard else {}),
                },
            )
        )
        return None
    return choices[:n]


def _pay_non_mana_costs_simple(
    game: Game, src: GameObject, cost: Cost | None, player: int, for_mana: bool = False
) -> None:
    """Tap/untap symbols (CR 107.5-6), life (CR 119.4), counters removed."""
    if cost is None:
        return
    status = False  # the source's tapped status changed
    if cost.tap and pay_tap(game, src, ("602.2b", "107.5")):
        status = True
        became_tapped(game, (src,), ("602.2b", "107.5"), for_mana)  # the {T} cost
    if cost.untap and pay_tap(game, src, ("602.2b", "107.6"), untap=True):  # the {Q} cost
        status = True
        became_untapped(game, (src,), ("602.2b", "107.6"))
    if cost.life:
        lose_life(game, player, cost.life, ("119.4", "602.2b"), "paid as a cost", paid=True)
    for kind, n in cost.remove_counters:
        if kind == counter_costs.ANY:
            continue  # of a kind chosen as it's paid (counter_costs.pay)
        src.counters[kind] = src.counters.get(kind, 0) - n
        if src.counters[kind] <= 0:
            del src.counters[kind]
    # forget what the payment changed (CR 613): life and counters, everything; a
    # {T} or {Q} alone, what reads tapped status; a cost of mana alone, nothing (the
    # payment forgot the tapped sources, rules/mana.py)
    if cost.life or cost.remove_counters:
        game.invalidate()
    elif status:
        game.invalidate("tapped")
