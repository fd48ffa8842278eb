"""What the engine can execute: the honest side of ``mtg cards coverage``.

The compiler turns Oracle text into ability records; a card only *works* when
the engine implements every construct those records use. :func:`features`
lists the constructs of an ability as strings (``"effect:damage"``,
``"static:modify_pt"``, ``"cond:controller"``, ``"ref:TargetRef"``,
``"trigger:enters"``, ``"keyword:Flying"``, ``"cost:tap"`` ...) and
:func:`unsupported` returns those the engine doesn't implement. Each entry of
:data:`SUPPORTED` is implemented somewhere under ``rules/``, ``effects/`` or
``keywords/``; adding a construct to the engine means adding it here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from types import NoneType
from typing import Any

from ..cards.abilities import (
    ALTERNATIVE_COST,
    AS_THAT_OBJECT,
    CHOSEN_PLAYER,
    GREATEST_AMONG,
    NOT_HAND,
    Ability,
    AbilityKind,
    Amount,
    ChooseRef,
    CompiledFace,
    Condition,
    ControllerOfRef,
    ControllerRef,
    Cost,
    EachOneRef,
    EachRef,
    Effect,
    Filter,
    Mode,
    OwnerOfRef,
    ParentRef,
    SelfRef,
    StaticEffect,
    TargetRef,
    TargetSpec,
    Trigger,
    TriggerRef,
    that_player_as,
)
from ..game.hooks import ALT_COSTS, EFFECT_HANDLERS
from .layers_table import abilities_of


def _unregistered(*_args: object) -> Any:
    raise RuntimeError(
        "rules/support: a rules module that tells coverage what it runs isn't imported "
        "(import mtg_engine.engine first)"
    )


@dataclass(slots=True)
class CoverageProbes:
    """What higher rules modules tell coverage about the constructs they run.
    Each sets its field when imported (as every module that implements a
    construct calls :func:`register`), so this module, which every rules area
    imports, imports none of them (issue 12, one-way layers)."""

    #: "choose a ..." filters as the chooser sees them (rules/effects_runner)
    as_chooser: Callable[[Filter], Filter] = _unregistered
    #: whether combat evaluates a "[player] controls" condition (rules/combat_rules)
    combat_evaluates: Callable[[str, Any], bool] = _unregistered
    #: whether "attacked with ..." is counted (rules/conditions)
    attacked_with_counted: Callable[[dict[str, Any]], bool] = _unregistered
    #: whether a "[player] controls" condition's players are read (rules/conditions)
    player_controls_shape: Callable[[dict[str, Any]], bool] = _unregistered
    #: "you've cast [spells] this turn": whether those spells are counted (rules/turn_counts)
    counted_spells: Callable[[Any], bool] = _unregistered
    died_filter_counted: Callable[[Any], bool] = _unregistered
    #: a trigger's "or" alternatives (rules/triggers, CR 603.2)
    trigger_alternatives: Callable[[Trigger], tuple[Trigger, ...]] = _unregistered
    #: whether "you control more ... than [players]" names players it reads (rules/conditions)
    more_than_whom: Callable[[dict[str, Any]], bool] = _unregistered
    #: whether an "Activate only ..." restriction is a timing one (rules/activating)
    is_timing_restriction: Callable[[Any], bool] = _unregistered
    #: whether a "Cast this spell only ..." restriction is checked (rules/cast_restrictions)
    cast_timing_known: Callable[[object], bool] = _unregistered


COVERAGE_PROBES = CoverageProbes()


#: what a resolving "choose a ..." asks (CR 608.2d) whose later "the chosen ..."
#: the engine reads: the source's color / creature type / card name (rules/filters.py,
#: CR 607.2a), "the number" (amount ``chosen_number``)
CHOOSE_WHAT = frozenset(
    ("color", "creature_type", "card_name", "nonland_card_name", "number", "anchor")
)

#: the instructions of "As this enters, ..." other than choices that
#: rules/etb_instructions.py follows as the permanent enters (CR 614.1c, 614.12)
AS_ENTERS_FOLLOWED = frozenset(
    (
        "enters_tapped",
        "enters_with_counters",
        "pay_life",
        "reveal",
        "sacrifice",
        "discard",
        "mill",
        "lose_life",
        "return_to_hand",
        "put_counters",
        "exile",
    )
)
#: the instructions of "As this enters, ..." the engine performs (CR 614.12): the
#: choices (rules/etb_choices.py) and the rest
AS_ENTERS_OPS = AS_ENTERS_FOLLOWED | {"choose", "choose_objects", "choose_number", "turn_face_down"}


#: keyword abilities the engine implements (CR 702), by their CR names;
#: modules that implement more add them with :func:`register_keywords`.
KEYWORDS: set[str] = set(
    {
        "Flying",
        "Reach",
        "First strike",
        "Double strike",
        "Trample",
        "Deathtouch",
        "Lifelink",
        "Vigilance",
        "Haste",
        "Defender",
        "Menace",
        "Flash",
        "Hexproof",
        "Shroud",
        "Indestructible",
        "Intimidate",
        "Fear",
        "Shadow",
        "Horsemanship",
        "Skulk",
        "Infect",
        "Wither",
        "Protection",
        "Landwalk",
        "Enchant",
        "Phasing",
    }
)


#: the snow mana symbol (CR 107.4h) and the construct a cost with it uses (paid
#: with mana from a snow source: rules/snow_mana.py registers it)
SNOW_MANA = "{S}"
SNOW_MANA_FEATURE = "cost:snow_mana"


def register_keywords(*names: str) -> None:
    """Declare keyword abilities implemented (call at import of the implementing module)."""
    KEYWORDS.update(names)


def register(*constructs: str) -> None:
    """Declare constructs implemented, e.g. ``register("static:cant_block", "cost:exile")``."""
    SUPPORTED.update(constructs)


#: the ``Cost.other`` parts a mana ability activated by hand pays (rules/activating.py)
#: (and "{T}, Pay {E}: Add one mana of any color", CR 107.14: Aether Hub)
#: and "{T}, Mill a card: Add {C}" (Millikin, CR 701.17a)
_MANA_ABILITY_OTHER_COSTS = frozenset(("tap_permanents", "energy", "mill"))

_EFFECT_ARG_KEYS = frozenset(
    {
        "amount",
        "to",
        "what",
        "player",
        "source",
        "duration",
        "power",
        "toughness",
        "keyword",
        "counter",
        "token",
        "tapped",
        "controller",
        "a",
        "b",
        "mana",
        "choice",
        "any_color",
        "no_regenerate",
        "position",
        "under",
        "random",
        "filter",
        "reveal",
        "cost",
        "effects",
        "targets",
    }
)

SUPPORTED: set[str] = set(
    {
        # refs (CR 115, 109.5, 603.7c)
        "ref:TargetRef",
        "ref:OuterRef",
        # "that creature" inside "for each creature, ..." (effects/nested.for_each)
        "ref:EachOneRef",  # a reflexive ability's reference to its creator's target (603.12)
        "ref:SelfRef",
        "ref:ControllerRef",
        "ref:TriggerRef",
        "ref:EachRef",
        "ref:ControllerOfRef",
        "ref:OwnerOfRef",
        "ref:ParentRef.sacrificed",
        # "it", "that card", "the token": what an earlier instruction of the same
        # ability produced (CR 608.2c; producers call Ctx.set_parent)
        "ref:ParentRef",
        "ref:ChooseRef",
        # "as long as ..." (CR 611.3a) and "[object] is [quality]" (rules/conditions.py)
        "condition:as_long_as",
        "condition:is",
        "condition:graveyard_count_ge",
        "condition:attacked_this_turn",
        "condition:self_attacked_or_blocked_this_turn",  # rules/conditions.evaluate
        "condition:x_ge",
        # "Activate only if ..." (CR 602.5b: rules/activating.activate_problem)
        "restriction:condition",
        "restriction:trigger_once_each_turn",
        "restriction:timing",
        # amounts
        "amount:x",
        "amount:fixed",
        "amount:sum",  # numbers added up (CR 107.1): each term is walked
        "amount:count",
        "amount:cards_drawn_this_turn",  # rules/effects_runner (TurnFlags.cards_drawn)
        "amount:power",
        "amount:toughness",
        "amount:life",
        "amount:highest_life",  # "the highest life total among all players" (CR 119.1)
        "amount:hand_size",
        "amount:hand_fewer_than",
        # "draw cards equal to the difference" after "if that player has more cards
        # in hand than you" (rules/effects_runner.Ctx.amount, CR 402.1)
        "amount:hand_more_than_yours",
        "amount:mana_value",
        "amount:that_much",
        # "the number of counters removed this way": what the cost removed (CR 602.2b;
        # rules/activating.py records it, rules/effects_runner.py reads it)
        "amount:counters_removed",
        "amount:player_counters",  # "the number of experience counters you have" (122.1)
        "amount:instants_sorceries_before",  # Thousand-Year Storm (rules/effects_runner.py)
        "amount:counters",
        "amount:mana_spent_this_way",
        "amount:mana_spent",  # "the amount of mana spent to cast it" (CR 601.2h)
        "amount:life_paid_as_entered",  # Minion of the Wastes (rules/layers.py, 614.12)
        "amount:damage_to_player",  # Final Punishment (rules/effects_runner.py)
        "amount:devotion",  # "your devotion to green" (CR 700.5)
        "amount:party",  # "for each creature in your party" (CR 700.8)
        "amount:times_kicked",  # multikicker, "for each time it was kicked" (702.33d)
        "amount:devoured",  # "for each creature it devoured" (702.82c)
        "amount:life_lost_this_turn",  # Children of Korlis (CR 119.3)
        # filters (CR 109.2)
        *(
            f"cond:{k}"
            for k in (
                "color",
                "not_color",
                "colorless",
                "monocolored",  # CR 105.2a (rules/filters.py)
                "x_in_mana_cost",  # "with {X} in its mana cost" (CR 107.3, rules/filters.py)
                "ability_of",  # "an ability of a land you control" (CR 113.7a, rules/filters.py)
                "controller",
                "owner",
                "type",
                "not_type",
                "subtype",
                "not_subtype",
                "supertype",
                "not_supertype",
                "tapped",
                "keyword",
                "not_keyword",
                "other",
                "self",
                "name",
                "attacking",
                "blocking",
                "power_le",
                "power_ge",
                "toughness_le",
                "toughness_ge",
                "toughness_lt_source",  # Stone Giant (rules/filters.py)
                "toughness_gt_power",  # Ancient Lumberknot
                "power_or_toughness_le",  # Tetsuko Umezawa
                "not_counter",  # "without a +1/+1 counter on it"
                "attacking_player",  # "creatures attacking you" (only "you")
                "mv_le",
                "mv_ge",
                "mv_eq",
                "zone",
                "enchanted_by",
                "attached_to",  # "Equipment attached to that creature" (Ctx.concrete)
                "subtype_in",
                "token",
                "not_token",
                "counter",
                "or_self",
                "mana_value_le",
                "mana_value_ge",
                "mana_value_eq",
                # "with mana value greater than [a number]" (rules/filters.py)
                "mana_value_gt",
                "mana_value_lt",
                "power_gt",
                "power_lt",
                "toughness_gt",
                "toughness_lt",
                "equipped_by",
                "fortified_by",
                "you",
                "opponent",
                "other_than_you",  # "each other player" (rules/filters.matches_player)
                # "each other player" of a trigger about a player (rules/effects_runner.py)
                "other_than",
                "any_of",
                "activated",
                "triggered",
                "is_kind",
                "suspended",
                "chooser",
                "this_way",
                "mana",
                # "defending player" as the player an instruction names (CR 506.2,
                # 508.5: rules/effects_runner.Ctx.refs)
                "defending",
                # "creatures blocking or blocked by this creature" (rules/filters.py)
                "blocking_or_blocked_by",
                "blocked_by",
                "blocking_this",  # "creatures blocking this creature" (CR 509.1a)
                "blocked",  # "target blocked creature" (CR 509.1h, rules/filters.py)
                "blocked_or_was_blocked",  # "... this turn" (turn_flags.blocks, 509.1a)
                "same_name_as",
                "shares_color_with",  # CR 105.2 (rules/effects_runner.Ctx._same_name)
                # CR 205.2a, 205.3m, 110.4 (rules/effects_runner.Ctx._same_name)
                "shares_card_type_with",
                "shares_creature_type_with",
                "shares_permanent_type_with",
                "counters_ge",
                # "each opponent who controls an Elf" (rules/filters.matches_player)
                "controls",
                # "each opponent who controls more / fewer lands than you"
                "controls_more",
                "controls_fewer",
                "lost_life_this_turn",  # "each player who lost life this turn"
                "renowned",  # CR 702.112b (rules/filters.py)
                "suspected",  # CR 701.60b (effects/creature_actions.py)
                # "with different names": searches, choices and counts (CR 201.2)
                "different_names",
            )
        ),
        "kind:Creature",
        "kind:Artifact",
        "kind:Enchantment",
        "kind:Land",
        "kind:Planeswalker",
        "kind:Battle",
        "kind:Instant",
        "kind:Sorcery",
        "kind:permanent",
        "kind:spell",
        "kind:player",
        "kind:card",
        "kind:ability",
        # statics (CR 604, 613) and restrictions (CR 508.1c, 509.1b)
        "static:modify_pt",
        "static:set_pt",
        "static:grant_keyword",
        "static:add_types",
        "static:set_colors",
        "static:lose_all_abilities",
        "static:cant_block",
        "static:cant_attack",
        "static:cant_attack_or_block",
        "static:cant_be_blocked",
        "static:must_attack",
        # "[This card] can be your commander" only matters for deck construction
        # (CR 903.3a): it has no effect during a game
        "static:can_be_commander",
        "static:enters_tapped",
        "static:enters_with_counters",
        # triggers (CR 603)
        "trigger:enters",
        "trigger:dies",
        "trigger:leaves",
        "trigger:attacks",
        "trigger:blocks",
        "trigger:becomes_blocked",
        "trigger:attacks_unblocked",
        "trigger:deals_damage",
        "trigger:deals_combat_damage",
        "trigger:cast",
        "trigger:step",
        "trigger:draw",
        "trigger:gain_life",
        "trigger:lose_life",
        "trigger:expend",
        "trigger:surveil",  # CR 701.25c-d (effects/cards.py, rules/triggers.py)
        "trigger:scry",  # CR 701.22 (effects/cards.py, rules/triggers.py)  # CR 700.14 (rules/casting.py counts, rules/triggers.py)
        "trigger_detail:amount",  # expend's N (the only trigger with that detail)
        "trigger:play",  # CR 305.1 (rules/casting.play_land, rules/triggers.py)
        "trigger:put_into_graveyard",
        "trigger:cumulative_upkeep_paid",
        "trigger:explore",  # CR 701.44b (effects/keyword_actions.py, rules/triggers.py)
        "trigger:attack_with",  # "whenever you attack with ..." (CR 508.1, rules/triggers.py)
        "trigger_detail:or_events",  # "enters or attacks" (rules/triggers.alternatives)
        "trigger_detail:alone",  # "attacks alone" (CR 506.5, rules/triggers.py)
        "trigger_detail:attack_target",  # "attacks you", "attacks a player" (CR 508.1b)
        "trigger_detail:entered_from",  # "enters from your graveyard" (rules/triggers.py)
        "trigger_detail:untapped",  # "enters untapped" (CR 110.5, rules/triggers.py)
        # "whenever you put one or more counters on ..." (CR 122.1, 122.6a: who puts
        # them, rules/triggers._counters_put)
        "trigger_detail:by_player",
        # "when a spell or ability an opponent controls causes you to discard this
        # card" (CR 701.9a, rules/triggers.py)
        "trigger_detail:discarded_by",
        "trigger:dealt_damage",  # CR 120.3 (rules/triggers.py)
        "trigger:dealt_combat_damage",
        "trigger:sacrifice",  # CR 701.21a (rules/triggers.py)
        "trigger:discard",  # CR 701.9a (rules/triggers.py)
        "trigger:mill",  # CR 701.17a (rules/triggers.py)
        # costs (CR 118, 602)
        "cost:mana",
        "cost:tap",
        "cost:untap",
        "cost:life",
        "cost:sacrifice",
        "cost:discard",
        "cost:remove_counters",
        "cost:put_counters",  # "Put a -1/-1 counter on this creature" (rules/activating.py)
        "cost:graveyard_to_bottom",  # Battlefield Scrounger (rules/activating.py)
        "cost:exile_top",  # "Exile the top ten cards of your library" (rules/activating.py)
        # conditions (CR 603.4)
        *(
            f"condition:{k}"
            for k in (
                "nth_resolution",  # rules/priority.py counts resolutions (CR 608.2c)
                "ability_activated_ge",  # rules/activating.py counts activations (CR 602.2)
                "control",
                "you_control",
                "you_control_both",
                "player_controls",  # rules/conditions._player_controls
                "you_control_n",
                "you_control_le",
                "you_control_exactly",  # "if you control exactly one creature"
                "not",
                "all",  # both conditions (rules/conditions.evaluate)
                "any",  # either condition (rules/conditions.evaluate)
                "you_do",
                "you_dont",  # rules/effects_runner.run_effects: the previous choice not made
                "they_do",  # the same, of another player's choice or payment (CR 118.12)
                "they_dont",
                "revealed_this_way",  # rules/effects_runner.run_effects (Delver of Secrets)
                "lost_life_this_way",  # rules/conditions.py: the instruction before (608.2c)
                "player_dealt_damage_this_way",  # rules/conditions.py (608.2c)
                "not_control",
                "life_at_least",
                "life_at_most",
                "opponent_life_at_most",
                "hand_size_at_most",
                "graveyard_at_least",
                "your_turn",
                "your_end_step",
                "not_your_turn",
                "source_tapped",
                "source_untapped",
                "no_spells_last_turn",
                "two_spells_last_turn",
                "hand_ge",
                "hand_exactly",  # rules/conditions.evaluate (CR 402.1)
                "own_card_in_exile",  # rules/conditions.evaluate (CR 406.1)
                # rules/conditions.py: mana spent (CR 601.2h, 707.10) and board/life checks
                "mana_spent",
                "spent_on_that_spell_ge",  # opus: the cast trigger's spell (CR 601.2h)
                "none_on_battlefield",
                "you_control_none",
                "opponent_controls",
                "opponent_controls_more",  # "an opponent controls more lands than you"
                "life_ge",
                "life_le",
                "no_cards_in_hand",
                "a_library_le",
                "a_player_life_le",  # "unless a player has 13 or less life"
                "opponents_ge",  # "unless you have two or more opponents"
                "exiled_with_any",
                "total_power_ge",
                "opponent_dealt_damage_ge",
                "player_no_cards_in_hand",
                "player_more_cards_in_hand",  # "has more cards in hand than you"
                "player_hand_size",  # "if that player has two or fewer cards in hand"
                "not_players_turn",  # "if it's not their turn"
                "life_over_starting",  # CR 103.4 (Player.starting_life)
                "life_at_most_half_starting",  # CR 103.4 (rules/conditions.py)
                "starting_player",  # CR 103.1 (rules/conditions.py)
                "destroyed_this_way",  # CR 701.8a, 608.2c (rules/conditions.py)
                "opponent_life_le",
                "opponent_poison_ge",  # corrupted (CR 122.1f)
                "more_life",  # "if you have more life than an opponent"
                "opponent_more_life",  # "if an opponent has more life than you"
                "power_ge",  # "if that creature has power 4 or greater"
                # "Otherwise, ..." after a conditional instruction (CR 608.2c:
                # rules/effects_runner.run_effects; statics: compiler, 611.3a)
                "otherwise",
            )
        ),
        # the spell's own additional costs (CR 118.8, 601.2b, 601.2f-h: rules/costs.py,
        # rules/casting.py); each cost component is a construct of its own
        "static:additional_cost",
        "additional_cost:sacrifice",
        "additional_cost:discard",
        # "tap three untapped white creatures you control", "return a land you control
        # to its owner's hand" (rules/casting.py: chosen and paid with the cost, 601.2h)
        "additional_cost:tap_permanents",
        "additional_cost:return",
        "additional_cost:exile",
        "additional_cost:life",
        "additional_cost:x_amount",
        "cost:x_amount",
        "timing:sorcery",
        "limit_per_turn",
        "optional",
        "modes",
        "divide:damage",
        "divide:counters",
    }
)


#: how the compiler writes "any number of" (cards/compiler/tx_nouns.py)
_ANY_NUMBER = 99


def _resolved_that_player(flt: Filter) -> Filter:
    """The filter as the engine sees it once "that player" is resolved."""
    return that_player_as(flt, "you")


def _amounts_resolved(flt: Filter, out: set[str]) -> Filter:
    """The filter as the engine sees it once its amounts are computed as the effect
    happens (rules/effects_runner.Ctx.concrete, CR 608.2c); each amount's own
    constructs are counted."""
    if not any(isinstance(val, Amount) for _, val in flt.conditions):
        return flt
    conds = []
    for key, val in flt.conditions:
        if isinstance(val, Amount):
            _walk_value(val, out)
            val = 0
        conds.append((key, val))
    return Filter(flt.kinds, flt.zone, tuple(conds))


#: the players a combat condition "[player] controls ..." may name
#: (rules/combat_rules._players_of)
_COMBAT_PLAYERS = frozenset((("defending", True), ("opponent", True)))


def _combat_player_controls(st: StaticEffect) -> bool:
    """ "This creature can't attack unless defending player controls an Island":
    a "[player] controls" condition combat evaluates itself, per defending player
    (rules/combat_rules.condition_holds, CR 508.5), of a player it knows."""
    if not COVERAGE_PROBES.combat_evaluates(st.op, st.condition):
        return False

    def ok(c: Any) -> bool:
        if not isinstance(c, Condition):
            return True
        if c.kind == "player_controls":
            who = c.args.get("filter")
            return (
                isinstance(who, Filter)
                and who.kinds == ("player",)
                and bool(who.conditions)
                and set(who.conditions) <= _COMBAT_PLAYERS
                and isinstance(c.args.get("filter1"), Filter)
                and isinstance(c.args.get("n", 1), int)
            )
        return all(ok(x) for x in c.args.values())

    return ok(st.condition)


def holds(v: Any, found: Callable[[Any], bool]) -> bool:
    """Whether a compiled value (an effect, its arguments, a filter...) holds a
    value for which ``found`` is true anywhere inside it."""
    if found(v):
        return True
    if isinstance(v, Effect):
        return any(holds(x, found) for x in v.args.values())
    if isinstance(v, list | tuple):
        return any(holds(x, found) for x in v)
    if isinstance(v, dict):
        return any(holds(x, found) for x in v.values())
    if is_dataclass(v) and not isinstance(v, type):
        return any(holds(getattr(v, f.name), found) for f in fields(v))
    return False


def _names_target(v: Any) -> bool:
    """Whether a value holds a :class:`TargetRef` or a choice as the instruction
    is followed (:class:`ChooseRef`) anywhere inside it."""
    return holds(v, lambda x: isinstance(x, TargetRef | ChooseRef))


#: what a count of "creatures that died this turn" may say of them besides (their
#: creature type, token or not, whose: rules/died_this_turn.died_matches)
DIED_QUALITIES = frozenset(("subtype", "not_token", "token", "controller"))


def died_this_turn_count(a: Amount) -> bool:
    """ "For each creature that died this turn", "for each Zubera that died this
    turn", "the number of nontoken creatures that died this turn" (CR 700.4): a count
    of the turn's creature deaths, not of objects now somewhere."""
    flt = a.filter
    return (
        a.kind == "count"
        and flt is not None
        and flt.kinds == ("Creature",)
        and ("died_this_turn", True) in flt.conditions
        and all(
            k == "died_this_turn"
            or (k in DIED_QUALITIES and (k != "controller" or v in ("you", "opponent")))
            for k, v in flt.conditions
        )
    )


#: the keyword abilities a static ability can give a player that the engine reads
#: (rules/player_keywords.py): CR 702.11b, 702.18a, 702.16b, 702.16e
PLAYER_KEYWORDS = frozenset(("Hexproof", "Shroud", "Protection"))


def names_player(what: Any) -> bool:
    """Whether an instruction's ``what`` names a player ("you", "target player")."""
    if isinstance(what, ControllerRef):
        return True
    flt = getattr(what, "filter", None)
    return isinstance(flt, Filter) and "player" in flt.kinds


#: "[permanents] destroyed / sacrificed this way" (rules/effects_runner._MOVED_THIS_WAY)
MOVED_THIS_WAY = frozenset(("destroyed_this_way", "sacrificed_this_way"))


def _uses_gone_one(v: Any, key: str = "") -> bool:
    """Whether instructions done "for each permanent destroyed this way" read "that
    one" other than as its controller or owner ("its controller creates a token",
    "that land's controller", "unless they pay"): the permanent is gone, and only
    that is read of its last known information (CR 608.2h)."""
    if isinstance(v, EachOneRef):
        return key != "player"
    if isinstance(v, ControllerOfRef | OwnerOfRef):
        return False
    if isinstance(v, Effect):
        return any(_uses_gone_one(x, k) for k, x in v.args.items()) or _uses_gone_one(v.condition)
    if isinstance(v, list | tuple):
        return any(_uses_gone_one(x, key) for x in v)
    if isinstance(v, dict):
        return any(_uses_gone_one(x, k) for k, x in v.items())
    if is_dataclass(v) and not isinstance(v, type):
        return any(_uses_gone_one(getattr(v, f.name), key) for f in fields(v))
    return False


def _walk_value(v: Any, out: set[str]) -> None:
    if isinstance(v, Filter):
        if v.zone == NOT_HAND:
            out.add("zone:not_hand")  # read only where a spell was cast from (_not_hand_read)
        for k in v.kinds:
            out.add(f"kind:{k}")
        for key, val in v.conditions:
            out.add(f"cond:{key}")
            if val == "that_player":
                # "creatures they control": which player the compiler lost (filters
                # never match it, rules/filters.py)
                out.add("cond_value:that_player")
            if key == "controller" and val == "its_controller":
                # "... its controller controls": whose "its" is isn't resolved (filters
                # never match it, rules/filters.py)
                out.add("cond_value:controller.its_controller")
            if key == "attacking_player" and val != "you":
                out.add("cond_value:attacking_player")  # only "attacking you" is read
            if key in ("targets", "targets_only"):
                if isinstance(val, Filter):
                    _walk_value(val, out)  # "a spell that targets a creature you control"
                elif val != "self":
                    out.add("cond_value:targets")  # what it targets wasn't understood
            if key == "controls":  # "a player who controls [a permanent]"
                _walk_value(val[0], out)
            if key in ("controls_more", "controls_fewer"):  # "... more lands than you"
                _walk_value(val, out)
            if key == "any_of":  # "A or B": each alternative's conditions count too
                for alt in val:
                    out.update(f"cond:{k}" for k, _ in alt)
            if key in AS_THAT_OBJECT and not (
                isinstance(val, TargetRef | TriggerRef | EachOneRef)
                # "... as this creature" of a static ability or a target: the source,
                # now (rules/filters._shares_with_source); not an instruction's (below)
                or isinstance(val, SelfRef)
                # "... with the sacrificed creature": as it last existed (CR 608.2h,
                # rules/effects_runner.Ctx.refs and lki)
                or (isinstance(val, ParentRef) and val.key == "sacrificed")
                or (key == "same_name_as" and isinstance(val, EachRef))
                # "... and other creatures that share a creature type with it": the
                # objects of the instruction before (the Crowns, CR 608.2c)
                or (isinstance(val, ParentRef) and val.key == "each")
            ):
                # only "the same name as [a target / the object the trigger named /
                # each one of a 'for each' / the cards exiled with it]" is resolved as
                # the instruction happens (rules/effects_runner.Ctx._same_name); see
                # also _resolved_late
                out.add("cond_value:same_name_as")
            if key == "attached_to" and not isinstance(val, TargetRef | TriggerRef | SelfRef):
                # a pronoun the compiler couldn't resolve (a target's own filter)
                out.add("cond_value:attached_to")
            if key in ("controller", "owner") and (
                val == "target_player" or not isinstance(val, str | tuple | TargetRef)
            ):
                # "target cards from target player's graveyard": a player target inside
                # another target's description, or one no instruction numbered: not run
                # yet ("creatures target player controls" is a TargetRef, resolved as
                # the instruction happens: rules/effects_runner.Ctx.concrete)
                out.add(f"cond_value:{key}.target_player")
            if (
                key.endswith(("_le", "_ge", "_eq", "_gt", "_lt"))
                and not isinstance(val, int)
                # "with two or more +1/+1 counters on it": (kind, n) (rules/filters.py)
                and not (
                    key == "counters_ge" and isinstance(val, tuple) and isinstance(val[1], int)
                )
                # "equal to that number": computed as the effect resolves (Ctx.concrete)
                # and X (CR 107.3): "with mana value X or less"
                # and "the number of experience counters you have" (counted as it's read)
                and not (
                    isinstance(val, Amount)
                    and val.kind in ("chosen_number", "x", "player_counters")
                )
            ):
                out.add(f"cond_value:{key}")  # "mana value X or less": not run yet
            if key in GREATEST_AMONG and isinstance(val, Filter):
                # "the greatest power among creatures they control": "they" is the
                # player following the instruction, else the object's own player
                # (rules/filters._greatest, effects_runner.Ctx.concrete)
                val = that_player_as(val, "you")
            _walk_value(val, out)
    elif isinstance(v, Amount):
        out.add(f"amount:{v.kind}")
        if v.kind.startswith("total_") and v.filter is None:
            # "their total power" (Angrath's destroyed creatures, Witch-king's
            # attackers): a group named by a reference isn't counted yet
            out.discard(f"amount:{v.kind}")
            out.add(f"amount:{v.kind}.of_ref")
        if v.kind == "count" and died_this_turn_count(v):
            # "for each creature that died this turn": the turn's count of deaths
            # (rules/died_this_turn.counts_creatures_died)
            out.discard("amount:count")
            out.add("amount:creatures_died")
        elif v.filter is not None:
            # "the number of artifacts that player controls": resolved as the
            # effect happens (rules/effects_runner.Ctx.concrete)
            _walk_value(_resolved_that_player(v.filter), out)
        if v.ref is not None:
            _walk_value(v.ref, out)
        for term in v.terms:  # "1 plus the number of ...": each number must be run
            _walk_value(term, out)
    elif isinstance(v, Effect):
        out.add(f"effect:{v.op}")
        if holds(v.args, _compared_with_self):
            # an instruction's "with the same name as that card", "that share a
            # creature type with it" read as this object: the compiler's fallback for
            # a pronoun it didn't resolve (Assembly Hall's revealed card, Crown of
            # Fury's enchanted creature), so not run as printed
            out.add("cond_value:same_name_as")
        what = v.args.get("what")
        if (
            v.op == "put_into_hand"
            and isinstance(v.args.get("filter"), Filter)
            and exiled_with_source(v.args["filter"])
        ):
            # "put a card you own exiled with this enchantment into your hand" (Endless
            # Horizons): its cards exiled by a search aren't found as linked yet
            out.add("arg:put_into_hand.exiled_with")
        if v.op == "enters_with_counters" and not (
            what is None  # "As this enters, ..." (rules/etb_instructions.py)
            # "that creature [spell] enters with ...", "this creature" of "when you cast
            # this spell" (checked with the ability: _enters_with_self), "this turn, each
            # creature you control enters with ..." (effects/enters_with.py)
            or (isinstance(what, TriggerRef) and what.role == "spell")
            or isinstance(what, SelfRef)
            or (isinstance(what, EachRef) and v.args.get("duration") is not None)
        ):
            # "Return target creature card ... . That creature enters with ...": the
            # object has entered by the time the instruction is followed; not run yet
            out.add("arg:enters_with_counters.what")
        if (
            v.op in ("grant_keyword", "grant_keyword_choice")
            and names_player(what)
            and (v.op != "grant_keyword" or v.args.get("keyword") not in PLAYER_KEYWORDS)
        ):
            # "you gain protection from the color of your choice until end of turn"
            # (Seht's Tiger) is run (effects/permanents.grant_keyword, CR 611.2a); a
            # player gaining another keyword, or a choice of keywords, isn't yet:
            # only hexproof, shroud and protection are read on players
            # (rules/player_keywords.py)
            out.add("arg:grant_keyword.player")
        if v.op == "choose":
            # "choose a color / creature type / card name / number" (CR 608.2d) and
            # "choose target ..." (targeting words) by the controller: effects/choices.py
            if not isinstance(what, TargetRef) and what not in CHOOSE_WHAT:
                out.add("arg:choose.what")
            if not isinstance(v.args.get("player"), ControllerRef | NoneType):
                out.add("arg:choose.player")
        if v.op == "for_each" and _names_target(v.args.get("effects")):
            flt = v.args.get("filter")
            if not (isinstance(flt, Filter) and flt.kinds == ("player",)) or holds(
                v.args.get("effects"), lambda x: isinstance(x, ChooseRef)
            ):
                # a target or choice inside "for each [object]": not run yet ("for
                # each opponent, ... target creature that player controls" is chosen
                # once per player, rules/targets.per_player_phrase, CR 601.2c)
                out.add("arg:for_each.targets")
        flt = v.args.get("filter")
        if (
            v.op == "for_each"
            and isinstance(flt, Filter)
            and flt.zone == "battlefield"
            and any(k in MOVED_THIS_WAY for k, _ in flt.conditions)
            and not _uses_gone_one(v.args.get("effects"))
        ):
            # "for each creature destroyed this way, its controller creates ...": the
            # permanents the instruction before moved, as they last existed (CR
            # 608.2h: rules/effects_runner.Ctx._moved_ones), known by their
            # controller
            flt = Filter(
                flt.kinds, flt.zone, tuple(c for c in flt.conditions if c[0] not in MOVED_THIS_WAY)
            )
            v = Effect(v.op, {**v.args, "filter": flt}, v.optional, v.condition)
        if "attached_to" in v.args and v.args["attached_to"] == what:
            # "return up to two target Aura cards ... attached to that creature" read
            # as attached to themselves: "that creature" wasn't understood
            out.add(f"arg:{v.op}.attached_to_itself")
        if v.op == "choose_objects" and not isinstance(what, ChooseRef):
            out.add("arg:choose_objects.what")  # not objects: not run yet (effects/choices.py)
        if isinstance(what, ChooseRef) and "player" in v.args:
            # "each player chooses a creature they control": "they" is the chooser
            # (rules/effects_runner._as_chooser)
            what = ChooseRef(COVERAGE_PROBES.as_chooser(what.filter), what.count, what.up_to)
            v = Effect(v.op, {**v.args, "what": what}, v.optional, v.condition)
        if v.op == "sacrifice" and "player" in v.args and isinstance(v.args.get("filter"), Filter):
            # "each player sacrifices all creatures they control": "they" is each
            # sacrificing player (effects/zones.sacrifice_effect)
            flt = _resolved_that_player(v.args["filter"])
            v = Effect(v.op, {**v.args, "filter": flt}, v.optional, v.condition)
        if v.op == "modify_pt" and isinstance(v.args.get("for_each"), Filter):
            # "gets -1/-1 for each Zombie that player controls": counted as it resolves,
            # "that player" the player the instruction before named (effects/permanents
            # .modify_pt, rules/effects_runner.Ctx.concrete, CR 608.2c)
            per = _resolved_that_player(v.args["for_each"])
            v = Effect(v.op, {**v.args, "for_each": per}, v.optional, v.condition)
        if v.op == "copy_spell" and isinstance(v.args.get("among"), Filter):
            # "that player copies that spell for each other creature they control":
            # "they" is the copying player (effects/copy._copy_for_each, CR 608.2c)
            among = _resolved_that_player(v.args["among"])
            v = Effect(v.op, {**v.args, "among": among}, v.optional, v.condition)
        if v.op == "reveal" and isinstance(v.args.get("filter"), Filter):
            # "target player reveals three cards from their hand": "their" is the
            # revealing player's (effects/search._reveal_from_hand, Ctx.concrete)
            flt = _resolved_that_player(v.args["filter"])
            v = Effect(v.op, {**v.args, "filter": flt}, v.optional, v.condition)
        if v.op == "put_onto_battlefield" and isinstance(v.args.get("filter"), Filter):
            # "put a card from your hand / their graveyard onto the battlefield"
            # (effects/zones.put_onto_battlefield): "their" is each player choosing
            flt = v.args["filter"]
            if flt.zone not in ("hand", "graveyard", "hand_or_graveyard") and not (
                # "a creature card exiled with this permanent" (CR 607.2a)
                flt.zone == "any" and exiled_with_source(flt)
            ):
                out.add("arg:put_onto_battlefield.zone")  # exile, "from among": not run yet
            v = Effect(
                v.op, {**v.args, "filter": _resolved_that_player(flt)}, v.optional, v.condition
            )
        if v.op in ("put_onto_battlefield", "search_library", "seek") and isinstance(
            v.args.get("filter"), Filter
        ):
            # "with mana value X or less": computed as the effect happens (Ctx.concrete)
            flt = _amounts_resolved(v.args["filter"], out)
            if v.op == "search_library":
                # "a card with the same name as that card" (the card revealed before):
                # that object's name as the search happens (Ctx.concrete, _same_name;
                # CR 201.2, 608.2c)
                flt = Filter(
                    flt.kinds,
                    flt.zone,
                    tuple(
                        c
                        for c in flt.conditions
                        if not (c[0] in AS_THAT_OBJECT and c[1] == ParentRef())
                    ),
                )
            v = Effect(v.op, {**v.args, "filter": flt}, v.optional, v.condition)
        if (
            v.op == "damage"
            and v.args.get("divided")
            and not isinstance(v.args.get("to"), TargetRef)
        ):
            # the division is announced with the targets (CR 601.2d, effects/damage_life.py);
            # damage divided among objects that aren't targeted: not run yet
            out.add("arg:damage.divided_untargeted")
        if v.op == "add_mana" and v.args.get("to") == ParentRef(CHOSEN_PLAYER):
            # "Choose a player. That player adds {G}{G}{G}" (Valleymaker): a mana ability
            # (CR 605.1a) with a choice the mana-ability runner doesn't make yet
            out.add("arg:add_mana.to_chosen_player")
        if v.op == "add_mana" and v.args.get("same_color"):
            # "Add three mana of any one color", "Add X mana of any one color, where X
            # is ..." (rules/mana.productions_of, CR 106.1b: counted as it resolves)
            v = Effect(
                v.op,
                {k: x for k, x in v.args.items() if k != "same_color"},
                v.optional,
                v.condition,
            )
        if v.args.get("duration") == "as_long_as":
            # "for as long as [a condition the compiler doesn't keep]" (CR 611.2b)
            out.add("arg:duration.as_long_as")
        if v.args.get("duration") == "until_your_next_end_step" and (
            v.op != "may_play" or v.args.get("player") not in (None, ControllerRef())
        ):
            # ended only for a play permission of "you" (rules/layers.on_end_step)
            out.add("arg:duration.until_your_next_end_step")
        if v.op == "may_play" and v.args.get("duration") not in (
            None,
            "end_of_turn",
            "until_end_of_your_next_turn",
            "until_your_next_end_step",
            "while_exiled",
        ):
            out.add("arg:may_play.duration")  # rules/play_permissions.DURATIONS
        if isinstance(v.args.get("what"), ParentRef) and v.args["what"].key == "rest":
            if v.op in ("sacrifice", "discard") and "player" not in v.args:
                # "sacrifices the rest": who sacrifices is lost (with the player, each
                # one's own that they didn't choose: effects/zones.sacrifice_effect)
                out.add("arg:sacrifice.rest")
        if v.op == "create_emblem" and any(
            isinstance(a, Ability) and a.kind is not AbilityKind.TRIGGERED and not a.static
            for a in v.args.get("abilities") or ()
        ):
            out.add("emblem:activated")  # only static and triggered emblem abilities run (114.4)
        for k, x in v.args.items():
            if k == "trigger" and v.op == "delayed_trigger" and isinstance(x, Trigger):
                # CR 603.7: when the delayed ability triggers (rules/delayed.py)
                out.add(f"delayed:{x.event}:{x.step}")
                if x.condition is not None:
                    _walk_value(x.condition, out)
                continue
            if k not in _EFFECT_ARG_KEYS:
                out.add(f"arg:{v.op}.{k}")
            if k == "except" and isinstance(x, dict):
                _exception_features(x, out)
                continue
            _walk_value(x, out)
        if v.optional:
            out.add("optional")
        if v.condition is not None:
            _walk_value(v.condition, out)
    elif isinstance(v, Condition):
        out.add(f"condition:{v.kind}")
        died = v.args.get("filter") if v.kind == "died_this_turn" else None
        if isinstance(died, Filter) and not COVERAGE_PROBES.died_filter_counted(died):
            out.add("condition:died_this_turn.filter")  # "a nontoken creature died": not counted
        if v.kind == "left_or_warped_this_turn" and v.args:
            out.add("condition:left_or_warped_this_turn.filter")  # only "a nonland permanent"
        if v.kind == "attacked_this_turn" and v.args.get("filter") is not None:
            if not COVERAGE_PROBES.attacked_with_counted(v.args):
                out.add("condition:attacked_this_turn.with")  # "attacked with a ...": not tracked
        if v.kind == "power_ge" and not ("arg0" in v.args and isinstance(v.args.get("n"), int)):
            out.add("condition:power_ge.subject")  # only a named object's power is read
        if v.kind == "player_controls" and not COVERAGE_PROBES.player_controls_shape(v.args):
            out.add("condition:player_controls.players")  # whose permanents: not read yet
        if v.kind == "you_control_more" and not COVERAGE_PROBES.more_than_whom(v.args):
            out.add("condition:you_control_more.than")  # "than defending player": not read
        if v.kind == "spells_cast_ge" and not COVERAGE_PROBES.counted_spells(v.args.get("filter")):
            out.add("condition:spells_cast_ge.filter")  # "noncreature spells": not counted
        if v.kind == "is":
            # "[object] is [quality]" (rules/conditions._is_holds)
            if not isinstance(v.args.get("quality"), Filter):
                out.add("condition:is.quality")  # words with no filter yet
            ref = v.args.get("ref")
            if (
                "filter" not in v.args
                and not isinstance(ref, SelfRef | TargetRef | TriggerRef | ParentRef | EachRef)
                and not your_top_card(ref)
            ):
                out.add("condition:is.subject")
        for x in v.args.values():
            _walk_value(x, out)
    elif isinstance(v, TargetSpec):
        # "target creature that player controls": resolved per spell or ability
        # (rules/targets.that_player_spec)
        _walk_value(_resolved_that_player(v.filter), out)
        if not isinstance(v.min, int) or not isinstance(v.max, int):
            out.add("targets:variable_count")  # "up to X targets": not run yet
        if v.divide:
            out.add(f"divide:{v.divide}")
    elif isinstance(v, StaticEffect) and v.op == "cost_change":
        # CR 601.2f, 602.2b (rules/cost_changes.py): "spells you cast", "abilities of
        # white enchantments" are cost-change notions, not general filter conditions
        out.add("static:cost_change")
        parts: set[str] = set()
        each = v.args.get("for_each")
        counted = isinstance(each, Filter) or _counted_now(each)
        for x in (v.affected, each if counted else None, v.condition):
            if x is not None:
                _walk_value(x, parts)
        if (
            each is not None
            and not counted
            # "for each experience counter you have" (rules/cost_changes.py)
            and not (isinstance(each, Amount) and each.kind == "player_counters")
            and each
            not in (
                "target_beyond_first",
                "party",  # CR 700.8 (rules/party.py)
            )
        ):
            out.add("cost_change:for_each")
        renamed = {
            "cond:caster": "cost_change:caster",
            "cond:of": "cost_change:of",
            "cond:keyword": "cost_change:keyword",
        }
        out.update(renamed.get(p, p) for p in parts)
    elif isinstance(v, StaticEffect):
        out.add(f"static:{v.op}")
        if v.op == "additional_cost" and isinstance(v.args.get("cost"), Cost):
            _additional_cost_features(v.args["cost"], out)
            if any(k == "behold" for k, _ in v.args["cost"].other):
                # "As an additional cost to cast this spell, behold a Dragon": the card
                # beheld isn't remembered for the spell's instructions yet (CR 608.2h);
                # a card revealed is ("the revealed card", rules/casting.py, 601.2h)
                out.add("additional_cost:revealed_card")
        if v.op == "additional_cost" and v.args.get("choice"):
            # "sacrifice a creature or pay {3}": one of them, announced (CR 601.2b;
            # rules/casting._announce_cost_choice), each with its own components
            out.add("additional_cost:choice")
            for cost in v.args["choice"]:
                _additional_cost_features(cost, out)
        if isinstance(v.args.get("except"), dict):
            _exception_features(v.args["except"], out)
        if (
            v.op == "grant_keyword"
            and isinstance(v.affected, Filter)
            and "player" in v.affected.kinds
            and v.args.get("keyword") not in PLAYER_KEYWORDS
        ):
            # "You have [keyword]": only hexproof, shroud and protection are read on
            # players (rules/player_keywords.py, CR 702.11b, 702.18a, 702.16b)
            out.add("static:grant_keyword.player_keyword")
        if v.op == "grant_ability":
            # the granted abilities' own constructs (CR 613.1f; level symbols, 711.2)
            _walk_value(v.args.get("abilities") or v.args.get("ability"), out)
        if v.affected is not None:
            parts = set()
            # "activated abilities of artifacts ...": a restriction on the artifacts
            # (rules/layers_table.abilities_of)
            _walk_value(abilities_of(v).affected, parts)
            if "cond:caster" in parts:
                # "Artifact spells you cast have cascade", "Spells you cast with mana
                # value 5 or greater can't be countered" (rules/filters._cast_by): each
                # keyword and each op is supported once it is known to work for spells
                parts.discard("cond:caster")
                if v.op == "grant_keyword":
                    parts.add(f"spell_keyword:{v.args.get('keyword')}")
                    affected = v.affected
                    if (
                        v.args.get("keyword") == "Convoke"
                        and isinstance(affected, Filter)
                        and affected.zone != "stack"
                    ):
                        # "Spells you cast from exile have convoke": not checked as
                        # the cast is proposed yet (keywords/cost_keywords.granted_as_cast)
                        parts.add("spell_keyword:Convoke.cast_from")
                else:
                    parts.add(f"caster:{v.op}")
            out.update(parts)
        if v.condition is not None:
            parts = set()
            _walk_value(v.condition, parts)
            if "condition:player_controls" in parts and _combat_player_controls(v):
                parts.discard("condition:player_controls")
            out.update(parts)
    elif isinstance(v, Mode):
        for e in v.effects:
            _walk_value(e, out)
        for t in v.targets:
            _walk_value(_x_announced(t, out), out)
    elif isinstance(v, list | tuple):
        for x in v:
            _walk_value(x, out)
    elif isinstance(v, dict):
        for x in v.values():
            _walk_value(x, out)
    elif isinstance(v, Ability):
        # an ability granted or given to a token ("It has 'When this token dies, ...'"):
        # the constructs it uses, like a printed one's (CR 113.3, 613.1f)
        out.update(features(v))
    elif isinstance(v, EachRef):
        out.add("ref:EachRef")
        flt = v.filter
        if ("among", "it") in flt.conditions:
            # "all land cards from among them": of the cards the instruction before
            # looked at, revealed, exiled or milled (rules/effects_runner.Ctx._all_among)
            flt = Filter(flt.kinds, flt.zone, tuple(c for c in flt.conditions if c[0] != "among"))
        # Ctx.concrete resolves "that player" and amounts ("mana value X or less")
        _walk_value(_amounts_resolved(_resolved_that_player(flt), out), out)
    elif isinstance(v, ChooseRef) and ("among", "it") in v.filter.conditions:
        # "mill four cards, then you may return a permanent card from among them":
        # chosen among the cards the instruction before moved (CR 608.2c, 608.2d:
        # rules/effects_runner.choose_refs); which instruction that is, is checked
        # with the ability (:func:`_among_named_before`)
        out.add("ref:ChooseRef")
        out.add("ref:ChooseRef.among_it")
        rest = Filter(
            tuple(k for k in v.filter.kinds if k != "card"),
            "battlefield",
            tuple(c for c in v.filter.conditions if c[0] != "among"),
        )
        _walk_value(_known_amounts(rest, out), out)
        _walk_value(v.count, out)
    elif isinstance(v, ChooseRef) and any(k in _GROUP_RULES for k, _ in v.filter.conditions):
        # "choose any number of creatures with different powers": a rule for the group
        # chosen (rules/chosen_groups.py), kept by the choice; the rest of the
        # description as any other choice's
        others = ChooseRef(
            Filter(
                v.filter.kinds,
                v.filter.zone,
                tuple(c for c in v.filter.conditions if c[0] not in _GROUP_RULES),
            ),
            v.count,
            v.up_to,
        )
        _walk_value(others, out)
    elif isinstance(v, ChooseRef):
        if "player" in v.filter.kinds and v.filter.kinds != ("player",):
            out.add("ref:ChooseRef.player")  # a player or an object: not run yet
        # objects chosen, not targeted, as the instruction is followed (CR 608.2d:
        # rules/effects_runner.choose_refs), by the controller or the effect's player
        out.add("ref:ChooseRef")
        if (
            v.filter.zone == "any"
            and not (v.filter.conditions and v.filter.conditions[0][0] == "from_among")
            # "a card exiled with this artifact": chosen in exile (effects_runner)
            and not exiled_with_source(v.filter)
        ):
            out.add("ref:ChooseRef.zone_any")  # "a card from it" (a revealed hand)
        if any(val == "that_player" for _, val in v.filter.conditions):
            out.add("ref:ChooseRef.that_player")  # the compiler lost who chooses
        # "with mana value less than or equal to this creature's power": computed as
        # the choice is made (rules/effects_runner.choose_refs, Ctx.concrete)
        _walk_value(_known_amounts(v.filter, out), out)
        _walk_value(v.count, out)
    elif isinstance(v, ParentRef) and v.key == "sacrificed":
        out.add("ref:ParentRef.sacrificed")  # the cost's LKI record (rules/effects_runner.py)
    elif is_dataclass(v) and not isinstance(v, type):
        out.add(f"ref:{type(v).__name__}")
        for f in fields(v):
            _walk_value(getattr(v, f.name), out)


#: the conditions of a choice that are rules for the group chosen (CR 608.2d;
#: rules/chosen_groups.py), run only as a choice of objects. ("With total power 4 or
#: less" is kept by the choice too, but the "then sacrifices all other creatures"
#: that follows it (Slaughter the Strong) reads "other" as other than the source,
#: not than the chosen: not counted as run yet.)
_GROUP_RULES = frozenset(("different_powers",))


def _exception_features(exc: dict[str, Any], out: set[str]) -> None:
    """The constructs of a copy effect's exceptions (CR 707.9): the abilities it
    adds must run too (rules/copy.py applies the rest)."""
    for key, x in exc.items():
        out.add(f"copy_except:{key}")
        if key == "abilities":
            for a in x:
                out.update(features(a))
        elif key == "add_keywords":
            out.update(f"keyword:{kw}" for kw in x)
        elif key == "if_creature" and isinstance(x, dict):
            _exception_features(x, out)
        elif key == "counters" and isinstance(x, dict):
            for n in x.values():
                _walk_value(n, out)


def _additional_cost_features(cost: Cost, out: set[str]) -> None:
    """CR 118.8 / 601.2f-h: each component of the spell's own additional cost
    ("additional_cost:sacrifice", "additional_cost:discard", ...)."""
    parts: set[str] = set()
    _cost_features(cost, parts)
    if "cost:variable_amount" in parts and only_x(cost):
        # "As an additional cost, sacrifice X creatures": X is announced as
        # the spell is cast (CR 601.2b; rules/costs.with_x, rules/casting.py)
        parts.discard("cost:variable_amount")
        parts.add("cost:x_amount")
    for k, val in cost.other:
        n = (
            val[1]
            if k in ("tap_permanents", "return", "reveal", "behold") and isinstance(val, tuple)
            else val
            if k == "blight"
            else 1
        )
        if not isinstance(n, int) or n >= _ANY_NUMBER:
            # "you may tap any number of untapped creatures", "return X Swamps
            # you control": not paid yet (rules/costs.TotalCost.add)
            parts.add(f"cost:{k}_variable")
    if "cost:waterbend" in parts:
        # "waterbend {5}": its mana is the waterbend cost's own (CR 701.67a;
        # rules/waterbend.py), not a mana additional cost of its own;
        # "waterbend {X}" (X announced for the additional cost alone, 601.2b)
        # isn't run yet
        parts.discard("cost:mana")
        if "X" in str(cost.mana or ""):
            parts.add("cost:waterbend_x")
    out.update(f"additional_{p}" if p.startswith("cost:") else p for p in parts)


def _cost_features(cost: Cost, out: set[str]) -> None:
    if cost.mana:
        out.add("cost:mana")
        if SNOW_MANA in cost.mana:
            # CR 107.4h: {S} is paid only with mana from a snow source (the pool
            # counts its snow mana: rules/snow_mana.py)
            out.add(SNOW_MANA_FEATURE)
    if cost.tap:
        out.add("cost:tap")
    if cost.untap:
        out.add("cost:untap")
    if cost.life:
        out.add("cost:life")
    if cost.sacrifice is not None:
        out.add("cost:sacrifice")
        _walk_value(cost.sacrifice, out)
    if cost.discard is not None:
        out.add("cost:discard")
        _walk_value(cost.discard, out)
    if cost.exile is not None:
        out.add("cost:exile")
    if cost.remove_counters:
        out.add("cost:remove_counters")
        if any(
            not isinstance(n, int) and not (isinstance(n, Amount) and n.kind == "x") and n != "all"
            for _, n in cost.remove_counters
        ):
            out.add("cost:variable_counters")  # "remove any number of counters": not run yet
        if any(kind == "any" for kind, _ in cost.remove_counters):
            # "Remove a counter from this creature": the kind isn't chosen as the cost
            # is paid yet (CR 602.2b)
            out.add("cost:remove_counter_any_kind")
    if has_variable_amount(cost):
        out.add("cost:variable_amount")
    if getattr(cost, "loyalty", None) is not None:
        out.add("cost:loyalty")
    for k, _v in getattr(cost, "other", ()):
        out.add(f"cost:{k}")
        if k == "blight" and not isinstance(_v, int):
            out.add("cost:blight_variable")  # "Blight X": not paid yet
        if k == "reveal" and not (
            isinstance(_v, tuple)
            and (isinstance(_v[1], int) or (isinstance(_v[1], Amount) and _v[1].kind == "x"))
        ):
            # "Reveal your hand" as a cost: only N or X cards are revealed yet
            # (rules/activating.py)
            out.add("cost:reveal_all")
        if k == "remove_counters_from" and isinstance(_v, tuple) and _v[0] == "any":
            # "Remove a counter from a creature you control": the kind isn't chosen
            # as the cost is paid yet (CR 602.2b)
            out.add("cost:remove_counter_any_kind")
        if k == "remove_counters_from" and isinstance(_v, tuple) and _v[1] != 1:
            out.add("cost:variable_counters")  # more than one counter: not run yet


def your_top_card(ref: Any) -> bool:
    """Whether a condition's object is "the top card of your library" (``("top", 1,
    ("library", "you"))``), read as the condition is checked (rules/conditions.py)."""
    return (
        isinstance(ref, tuple)
        and len(ref) == 3
        and ref[:2] == ("top", 1)
        and isinstance(ref[2], tuple)
        and tuple(ref[2]) == ("library", "you")
    )


def _is_with_ref(cond: Condition, ok: tuple[type, ...] = (SelfRef,)) -> bool:
    """Whether a condition has an "[object] is ..." part naming, by a reference
    other than ``ok``, an object the check can't see."""
    if cond.kind == "is":
        return "filter" not in cond.args and not isinstance(cond.args.get("ref"), ok)
    return any(isinstance(v, Condition) and _is_with_ref(v, ok) for v in cond.args.values())


#: the trigger events of leaves-the-battlefield abilities, which look back in time
#: (CR 603.10a)
_LOOKS_BACK = frozenset(("dies", "leaves", "put_into_graveyard", "sacrifice"))


def _trigger_features(trig: Trigger, out: set[str]) -> None:
    """The constructs of one trigger event (CR 603.1-603.2) and its details."""
    out.add(f"trigger:{trig.event}")
    if trig.event == "leaves_graveyard" and not isinstance(trig.subject, Filter):
        # "when this card leaves your graveyard" triggers from the graveyard: not yet
        out.add("trigger:leaves_graveyard.self")
    if trig.event == "exploits" and not isinstance(trig.subject, SelfRef):
        # "whenever a creature you control exploits a creature": only a creature's
        # own "when this creature exploits" is run (keywords/exploit.py)
        out.add("trigger:exploits.other")
    if trig.subject is not None:
        parts: set[str] = set()
        _walk_value(trig.subject, parts)
        if trig.event in _LOOKS_BACK and holds(
            trig.subject,
            lambda x: isinstance(x, tuple) and len(x) == 2 and x[0] in GREATEST_AMONG,
        ):
            # "whenever a creature ... with the greatest power among creatures that
            # player controls dies": the group as it was before the event (CR
            # 603.10a) isn't kept, only the creature's own last known information
            parts.add("trigger_detail:greatest_looks_back")
        if trig.event == "countered":
            # "a spell you've cast is countered": the spell as it last existed on the
            # stack (rules/triggers._countered_matches, CR 603.10e, filters._cast_by)
            parts.discard("cond:caster")
        out.update(parts)
    if trig.condition is not None:
        _walk_value(trig.condition, out)
        if _is_with_ref(trig.condition, (SelfRef, TriggerRef)):
            # an intervening "if" naming something other than the source or the
            # event's object (rules/triggers._condition_on_event): not run yet
            out.add("condition:is.trigger_ref")
    for k, _v in getattr(trig, "details", ()):
        if k == "nth_kind" and not COVERAGE_PROBES.counted_spells(dict(trig.details).get("what")):
            out.add("trigger_detail:nth_kind.what")  # "your first outlaw spell": not counted
        if k == "what" and trig.event in (
            "cast",
            "deals_damage",
            "deals_combat_damage",
            "becomes_target",  # the targeting spell or ability (rules/targeted.py)
            "sacrifice",  # the permanent sacrificed (rules/triggers.py, CR 701.21a)
            "discard",  # the card discarded (rules/triggers.py, CR 701.9a)
            "cycle",  # the card cycled (keywords/activated.cycled, CR 702.29c)
            "attack_with",  # the attackers counted (rules/triggers.attack_with_count)
            "tap_for_mana",  # the permanent tapped for mana (CR 106.12a, rules/triggers.py)
        ):
            continue  # the spell cast / the damaged recipient (rules/triggers.py)
        if trig.event in ("blocks", "becomes_blocked") and k in ("what", "by"):
            continue  # "blocks a creature", "becomes blocked by a creature" (CR 509.3)
        if trig.event == "attack_with" and k in ("count", "with_self"):
            continue  # "with three or more creatures" (rules/triggers.attack_with_count)
        if trig.event == "class_level" and k == "level":
            continue  # "becomes level N" (rules/triggers.py, CR 716.2a)
        if trig.event in ("tapped", "untapped") and k == "one_or_more":
            continue  # once per batch tapped at once (CR 603.2c, rules/tapping.py)
        if trig.event in ("deals_damage", "deals_combat_damage") and k == "one_or_more":
            continue  # once per source for one damage event (CR 603.2c, rules/triggers.py)
        if trig.event in ("deals_damage", "deals_combat_damage") and k == "one_or_more_sources":
            continue  # once per recipient for one damage event (CR 603.2c, rules/triggers.py)
        if trig.event in ("discard", "mill") and k == "one_or_more":
            continue  # once per discarding or milling event, "that many" (rules/triggers._check)
        if trig.event in ("leaves_graveyard", "dies", "put_into_graveyard") and k == "one_or_more":
            continue  # once per simultaneous event (CR 603.2c, rules/simultaneous.py)
        if trig.event == "activate" and k == "ability_of":
            _walk_value(_v, out)  # the source's description (rules/triggers.py)
        if trig.event == "dies" and k == "exile":
            continue  # "is put into exile from the battlefield" (triggers._put_into_matches)
        if k not in ("graveyard",):
            out.add(f"trigger_detail:{k}")


def _enters_with_self(v: Any) -> bool:
    return (
        isinstance(v, Effect)
        and v.op == "enters_with_counters"
        and isinstance(v.args.get("what"), SelfRef)
    )


def _cast_this_spell(trig: Trigger | None) -> bool:
    """ "When you cast this spell" (CR 603.2, 601.2i): its source is the spell."""
    return (
        trig is not None
        and trig.event == "cast"
        and any(
            k == "what" and isinstance(v, Filter) and ("self", True) in v.conditions
            for k, v in trig.details
        )
    )


def _resolved_late(value: Any) -> bool:
    """Whether ``value`` (what isn't an instruction: targets, static abilities, trigger
    conditions, costs) holds "the same name as [the object a trigger named / each
    one]", which only an instruction resolves as it happens (CR 608.2c,
    rules/effects_runner.Ctx._same_name): elsewhere it matches nothing."""
    if isinstance(value, Filter):
        return any(
            (k in AS_THAT_OBJECT and isinstance(v, TriggerRef | EachOneRef)) or _resolved_late(v)
            for k, v in value.conditions
        )
    if isinstance(value, dict):
        return any(_resolved_late(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_resolved_late(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_resolved_late(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


#: the ``Cost.other`` parts a spell's cast pays (rules/costs.TotalCost.add): "return a
#: land you control to its owner's hand", "waterbend {N}", "tap N untapped creatures"
_CAST_PAYS_OTHER = frozenset(("return", "waterbend", "tap_permanents"))


def features(ability: Ability) -> set[str]:
    """Every construct this ability uses."""
    out: set[str] = set()
    for e in ability.effects:
        what = e.args.get("what")
        if (
            e.op == "cant_activate_abilities"
            and isinstance(what, TargetRef)
            and what.index < len(ability.targets)
            and ability.targets[what.index].filter.kinds == ("ability",)
        ):
            # "Counter target activated ability ... . That permanent's activated
            # abilities can't be activated this turn" (Interdict): the ability's
            # source, which the target isn't, isn't followed yet (CR 113.7a)
            out.add("arg:cant_activate_abilities.ability_source")
        amount = e.args.get("amount")
        if e.op == "add_mana" and isinstance(amount, Amount) and amount.kind == "counters_removed":
            # "Add one mana of any color for each charge counter removed this way"
            # (Coalition Relic): a color for each mana isn't asked yet (CR 106.1b)
            out.add("arg:add_mana.counters_removed")
    if ability.keyword:
        out.add(f"keyword:{ability.keyword}")
        kc = ability.keyword_args.get("cost")
        if isinstance(kc, Cost):
            parts: set[str] = set()
            _cost_features(kc, parts)
            if "cost:variable_amount" in parts:
                if only_x(kc) and any(
                    spec.keyword == ability.keyword and not spec.face_down
                    for spec in ALT_COSTS.values()
                ):
                    # "Flashback—{R}{R}, Sacrifice X Mountains": the spell's X, announced
                    # as it's cast and bounded by what can be paid (CR 107.3, 601.2b;
                    # rules/costs.total_cost, additional_x_limit)
                    out.add("cost:x_amount")
                else:
                    out.add("cost:variable_amount")
            if ability.keyword == "Ward":
                # "Ward—Blight 2": the parts of a ward cost other than mana, life,
                # sacrifice, discard and collect evidence aren't paid yet (effects/ward.py)
                out.update(
                    f"ward_cost:{k}"
                    for k, _ in kc.other
                    if k not in ("collect_evidence", "discard_random", "waterbend")
                )
            if ("discard_random", True) in kc.other and ability.keyword != "Ward":
                # "Buyback—Pay 3 life, Discard a card at random" (Flowstone Flood): a
                # cast doesn't discard at random yet (CR 701.9a, 601.2h); ward does
                out.add("cast_cost:discard_random")
            if any(
                spec.keyword == ability.keyword and not spec.face_down
                for spec in ALT_COSTS.values()
            ):
                # "Bestow—{R}, Collect evidence 6": the parts of an alternative cost
                # other than mana, life, sacrifice, discard, exile that a cast pays
                # (rules/costs.TotalCost.add; a morph cost is paid as the card is
                # turned face up, not as it's cast, CR 702.37c)
                out.update(f"alt_cost:{k}" for k, _ in kc.other if k not in _CAST_PAYS_OTHER)
            if ability.keyword == ALTERNATIVE_COST:
                # "you may return an Island you control to its owner's hand rather than
                # pay this spell's mana cost": the cast pays sacrifice, discard, exile,
                # life and "tap an untapped creature" parts (rules/costs.base_cost)
                # and "return N Islands you control to their owner's hand" (Daze, Gush)
                out.update(
                    f"alt_cost:{k}"
                    for k, v in kc.other
                    if not (
                        k in ("tap_permanents", "return")
                        and isinstance(v, tuple)
                        and isinstance(v[1], int)
                        and v[1] < _ANY_NUMBER
                    )
                )
                cond = ability.keyword_args.get("condition")
                if isinstance(cond, Condition):
                    _walk_value(cond, out)  # "If you control a Plains, ..."
        if ability.keyword in KEYWORDS and not (ability.effects or ability.modes):
            return out  # the keyword's own rules live in keywords/
        # a keyword that prefixes a full ability ("Forecast — [cost]: [effect]", CR
        # 702.57a): the ability's own constructs count too
    for e in ability.effects:
        _walk_value(e, out)
        if (
            ability.kind is AbilityKind.SPELL
            and e.op == "cast_free"
            and isinstance(e.args.get("what"), SelfRef)
        ):
            # "If you control a commander, you may cast this spell without paying its
            # mana cost" is a permission to cast it (CR 118.9, 601.2f), read here as
            # an instruction of the resolving spell: not run as printed
            out.add("arg:cast_free.this_spell")
    if (
        ability.kind is AbilityKind.ACTIVATED
        and any(e.op == "add_mana" for e in ability.effects)
        and not ability.targets
        and not ability.modes
        and (ability.cost is None or ability.cost.loyalty is None)
    ):
        # "Add one mana of any color. Draw a card at the beginning of the next turn's
        # upkeep" (Barbed Sextant), "Reveal any number of artifact cards ... Add {C}{C}
        # for each" (Metalworker): a mana ability (CR 605.1a) the compiler left as an
        # ability that uses the stack: not run as printed (605.3a)
        out.add("mana_ability:on_the_stack")
    if holds(ability.effects, _enters_with_self) and not _cast_this_spell(ability.trigger):
        # "this creature enters with ..." as an instruction is run only for the spell
        # a "when you cast this spell" trigger names (effects/enters_with.py)
        out.add("arg:enters_with_counters.what")
    if "arg:pay.x_cost" in out and _x_chosen_as_paid(ability):
        # "you may pay {X}. If you do, ... X ...": X chosen by the payer as the
        # ability resolves (effects/payments.pay)
        out.discard("arg:pay.x_cost")
        out.add("pay:x_chosen")
    for t in ability.targets:
        _walk_value(_x_announced(t, out), out)
    if _resolved_late(
        (ability.targets, ability.static, ability.trigger, ability.cost, ability.keyword_args)
    ):
        out.add("cond_value:same_name_as")
    if ability.cost is not None:
        _cost_features(ability.cost, out)
        if (
            ability.kind in (AbilityKind.ACTIVATED, AbilityKind.MANA)
            and "cost:variable_amount" in out
            and _every_described(ability.cost)
        ):
            # "Sacrifice enchanted creature", "Discard your hand": each object the
            # words describe, counted as the cost is paid (CR 602.2b;
            # rules/cost_components.with_all)
            out.discard("cost:variable_amount")
        if (
            ability.kind in (AbilityKind.ACTIVATED, AbilityKind.MANA)
            and "cost:variable_amount" in out
            and only_x(ability.cost)
        ):
            # "{T}, Sacrifice X lands: ...", "{1}, Remove X storage counters from this
            # land: Add X mana ...": X announced as the ability is activated (CR 107.3,
            # 601.2b, 602.2b; rules/casting.py, rules/activating.py; a mana ability's X
            # reaches its effect through rules/effects_runner.run_mana_ability)
            out.discard("cost:variable_amount")
            out.add("cost:x_amount")
        if ability.kind is AbilityKind.MANA and ability.cost.other:
            # a mana ability with a cost choice is activated like any other (CR 605.3a,
            # 602.2b: rules/activating.py pays "Tap an untapped creature you control",
            # then it resolves at once); other such costs aren't paid there yet
            out.update(
                f"mana_ability_cost:{k}"
                for k, _ in ability.cost.other
                if k not in _MANA_ABILITY_OTHER_COSTS
            )
    if ability.trigger is not None and out & {"cond:blocking_or_blocked_by", "cond:blocked_by"}:
        if ability.trigger.event in ("dies", "leaves") or isinstance(
            ability.trigger.subject, Filter
        ):
            # "when this creature dies, destroy all creatures blocking or blocked by
            # it": it's out of combat by then (506.4); "whenever a Beast becomes
            # blocked, ... each creature blocking it": that Beast, not this one
            out.add("cond_value:blocking_or_blocked_by")
    if ability.trigger is not None:
        alts = COVERAGE_PROBES.trigger_alternatives(ability.trigger)
        if alts:
            out.add("trigger_detail:or_events")  # CR 603.2: any of the events
        for trig in alts or (ability.trigger,):
            _trigger_features(trig, out)
        if ability.trigger.event == "tap_for_mana" and any(
            e.op == "add_mana" for e in ability.effects
        ):
            # "whenever you tap a land for mana, add {G}": a triggered mana ability
            # resolves at once (CR 605.1b, 605.4a; rules/mana_triggers.py)
            out.add("trigger:mana_ability")
    for st in ability.static:
        _walk_value(st, out)
        if st.op == "as_enters":
            # "As this enters, ...": the choices and the instructions made as it
            # enters (rules/etb_choices.py, rules/etb_instructions.py); any other
            # ("exile a creature card from a graveyard", linked to it) isn't yet
            for e in st.args.get("effects") or ():
                if e.op not in AS_ENTERS_OPS:
                    out.add(f"as_enters:{e.op}")
    if ability.modes:
        out.add("modes")
        for m in ability.modes:
            _walk_value(m, out)
    if ability.timing:
        out.add(f"timing:{ability.timing}")
    if ability.limit_per_turn is not None:
        out.add("limit_per_turn")
    if ability.optional:
        out.add("optional")
    for k, v in getattr(ability, "restrictions", ()):
        if k == "once_each_turn" and ability.kind is AbilityKind.TRIGGERED:
            out.add("restriction:trigger_once_each_turn")  # rules/triggers.py (CR 603.2)
            continue
        if k == "do_once_each_turn" and ability.kind is AbilityKind.TRIGGERED:
            out.add("restriction:do_once_each_turn")  # rules/triggers.py (CR 603.2h)
            continue
        if k == "only":
            # "Activate only during your turn" (CR 602.5b: rules/activating.py)
            timing = COVERAGE_PROBES.is_timing_restriction(v)
            out.add("restriction:timing" if timing else "restriction:only")
            continue
        if k == "spend_only":
            # "Spend this mana only to cast creature spells" (CR 106.6:
            # rules/mana_spending.py); "only on costs that contain {X}" as well
            if isinstance(v, tuple) and v and v[0] == "spend":
                out.add("restriction:spend_only")
                for flt in v[1:]:
                    _walk_value(flt, out)
                if "('kicked', True)" in repr(v):
                    # "Spend this mana only to cast kicked spells": the spell's kicker
                    # is announced (CR 601.2b) but not yet on it when the payment's
                    # legality is checked from the hand: not run yet
                    out.add("restriction:spend_only_kicked")
            else:
                out.add("restriction:spend_only_x_costs")
            continue
        if k == "modes_instead":
            # "If this spell was kicked, choose any number instead" (CR 700.2:
            # rules/casting.modes_count), with its condition's own constructs
            out.add("restriction:modes_instead")
            _walk_value(v[0], out)
            continue
        if k == "x_min":
            # "X can't be 0" (CR 107.3): the least X announced (rules/casting.py)
            out.add("restriction:x_min")
            continue
        if k == "x_mana":
            # "Spend only black mana on X" (CR 107.3): X paid as mana of those
            # colors (rules/mana_costs.ManaCost.with_x)
            out.add("restriction:x_mana")
            continue
        if k == "cast_only" and not isinstance(v, Condition):
            # "Cast this spell only during combat" (CR 601.3: rules/cast_restrictions.py)
            known = COVERAGE_PROBES.cast_timing_known(v)
            out.add("restriction:cast_timing" if known else "restriction:cast_timing_unknown")
            continue
        out.add(f"restriction:{k}")
        if isinstance(v, Condition):
            _walk_value(v, out)  # the condition's own constructs
            if _is_with_ref(v):
                out.add("condition:is.restriction_ref")  # no resolving ability to ask
    if (
        ability.kind is AbilityKind.STATIC
        and not ability.static
        and not ability.keyword
        and not ability.restrictions
    ):
        out.add("static:empty")
    if "targets:variable_count" in out and _x_targets_announced(ability):
        # "X target creatures" of a spell or an ability with {X} in its cost: X is
        # announced before targets (CR 601.2b, 601.2c: rules/casting.with_x_count)
        out.discard("targets:variable_count")
    if _found_card_read_as_self(ability.effects):
        # "exile cards ... until you exile a nonland card. [This] deals damage equal to
        # that card's mana value": the compiler read "that card" as this object
        out.add("amount:found_card_as_self")
    if (
        "ref:ChooseRef.among_it" in out
        and _among_named_before(ability.effects)
        and not (ability.kind is AbilityKind.TRIGGERED and _x_in_choice(ability.effects))
    ):
        out.discard("ref:ChooseRef.among_it")
    if "zone:not_hand" in out and _not_hand_read(ability):
        out.discard("zone:not_hand")
    if "ref:ChooseRef.zone_any" in out:
        ops = [e.op for e in ability.effects] + [e.op for m in ability.modes for e in m.effects]
        if any(op in ("reveal_hand", "look_at_hand") for op in ops):
            # "reveals their hand. You choose a card from it": that hand
            # (rules/effects_runner.choose_refs)
            out.discard("ref:ChooseRef.zone_any")
    return out


#: the instructions that keep the cards they moved or looked at as "them" of the next
#: one (``parent["it"]``: effects/cards.mill, CR 701.17a; effects/library_top.look_at_top,
#: CR 401.2)
_KEEPS_THEM = frozenset(("mill", "look_at_top"))


def _x_in_choice(effects: tuple[Effect, ...]) -> bool:
    """Whether a "from among them" choice holds an X: in a triggered ability, the X
    of "..., where X is this creature's power" of the sentence before (Keldon
    Flamesage), which the compiler binds in that sentence only: not read yet."""
    return any(
        holds(
            e.args,
            lambda x: (
                isinstance(x, ChooseRef)
                and ("among", "it") in x.filter.conditions
                and holds(x.filter.conditions, lambda y: isinstance(y, Amount) and y.kind == "x")
            ),
        )
        for e in effects
    )


def _among_named_before(effects: tuple[Effect, ...]) -> bool:
    """Whether each "a [card] from among them" choice of these instructions comes
    right after an instruction that keeps the cards it moved ("mill four cards, then
    you may return a permanent card from among them", CR 608.2c)."""
    found = False
    for i, e in enumerate(effects):
        if holds(
            e.args,
            lambda x: isinstance(x, ChooseRef) and ("among", "it") in x.filter.conditions,
        ):
            if i == 0 or effects[i - 1].op not in _KEEPS_THEM:
                return False
            found = True
    return found


def _found_card_read_as_self(effects: tuple[Effect, ...]) -> bool:
    """Whether an instruction after "... until you exile/reveal a [card]" reads an
    amount of this object (Undying Flames: "that card's mana value")."""
    seen = False
    for e in effects:
        if seen and holds(e.args, lambda x: isinstance(x, Amount) and isinstance(x.ref, SelfRef)):
            return True
        seen = seen or e.op in ("exile_until", "reveal_until")
    return False


def _not_hand_read(ability: Ability) -> bool:
    """Whether "from anywhere other than your hand" stands where the engine reads
    the zone a spell was cast from (rules/cast_from_hand.cast_from_matches): the
    spells of a cost change ("Spells you cast from anywhere other than your hand
    cost {2} less to cast") or of a cast trigger ("Whenever you cast a spell from
    anywhere other than your hand"), and nowhere else in the ability (CR 601.2a)."""
    trig = ability.trigger
    what = dict(trig.details).get("what") if trig is not None and trig.event == "cast" else None
    read = [what] if isinstance(what, Filter) and what.zone == NOT_HAND else []
    read += [
        st.affected
        for st in ability.static
        if st.op == "cost_change" and isinstance(st.affected, Filter)
    ]
    rest: set[str] = set()
    for e in ability.effects:
        _walk_value(e, rest)
    for m in ability.modes:
        for e in m.effects:
            _walk_value(e, rest)
    return bool(read) and "zone:not_hand" not in rest


#: the numbers a static ability counts as it applies (rules/layers.amount): "for each
#: basic land type among lands you control", "where X is the total power of creatures
#: you control" in a cost change (CR 601.2f)
_STATIC_AMOUNTS = frozenset(
    {
        "count",
        "domain",
        "card_types",
        "greatest_power",
        "greatest_toughness",
        "greatest_mana_value",
        "total_power",
        "total_toughness",
        "total_mana_value",
        "life_gained_this_turn",
        "hand_size",
        "devotion",
        "colors_among",
    }
)


def _counted_now(v: Any) -> bool:
    """Whether ``v`` is a number the engine counts from the game as a static ability
    applies: one of :data:`_STATIC_AMOUNTS` (of the ability's controller, on the
    battlefield or in a zone its filter names) or counters / power on the object
    itself."""
    if isinstance(v, Amount) and v.kind == "sum":
        # "1 plus the number of lands you control" (CR 107.1): each term counted now
        return bool(v.terms) and all(_counted_now(t) for t in v.terms)
    if not isinstance(v, Amount) or v.value:
        return False
    if v.kind in ("counters", "power", "toughness"):
        return isinstance(v.ref, SelfRef)
    if v.kind == "hand_size" or v.kind == "life_gained_this_turn":
        return v.ref is None or isinstance(v.ref, ControllerRef)
    if v.kind not in _STATIC_AMOUNTS or v.ref is not None:
        return False
    flt = v.filter
    if flt is None:
        return v.kind == "domain"
    return "player" not in flt.kinds and not _filter_names_others(flt)


def comparison_amount_known(v: Any) -> bool:
    """Whether ``v`` is a number a description compares with ("with mana value less
    than or equal to this creature's power / the number of Vampires you control /
    the number of quest counters on it") that is known without the resolving
    instruction: of the source itself (:class:`SelfRef`), or counted on the
    battlefield (rules/targets._compared_now, rules/layers.amount; CR 601.2c)."""
    if not isinstance(v, Amount):
        return False
    if v.kind in ("power", "toughness", "counters"):
        return isinstance(v.ref, SelfRef)
    if v.kind in ("count", "greatest_power", "greatest_toughness", "greatest_mana_value"):
        return v.ref is None and v.filter is not None and not _filter_names_others(v.filter)
    if v.kind == "mana_value":
        # "with lesser mana value": the triggering object's (rules/targets._compared_now)
        return isinstance(v.ref, TriggerRef) and v.ref.role == "object"
    return False


def target_count_known(v: Any) -> bool:
    """Whether ``v``, the number of targets of a phrase ("up to X target creatures,
    where X is your devotion to black"), is known as the targets are chosen (CR
    601.2c, 115.1d: rules/targets.counted_now): a number counted now
    (:func:`comparison_amount_known`), your devotion (700.5), the number of colors
    among permanents you control (105.1), or the number of times
    the source was kicked as it was cast (702.33d, remembered by the permanent it
    became, 400.7d)."""
    if isinstance(v, Amount) and v.ref is None and not v.terms:
        if v.kind in ("devotion", "colors_among") and v.filter is not None:
            return True  # (rules/layers.amount)
        if v.kind == "that_much" and v.filter is None:
            # "return up to that many target permanents": the amount of the trigger
            # event, known as the triggered ability is put on the stack (CR 603.3d,
            # 608.2c; only a triggered ability's: :func:`_x_targets_announced`)
            return True
        if v.kind == "times_kicked":
            return True
    return comparison_amount_known(v)


def _compared_with_self(v: Any) -> bool:
    """Whether ``v`` is a description compared with this object ("with the same name
    as it", :data:`AS_THAT_OBJECT` with :class:`SelfRef`)."""
    return isinstance(v, Filter) and any(
        k in AS_THAT_OBJECT and isinstance(val, SelfRef) for k, val in v.conditions
    )


def _known_amounts(flt: Filter, out: set[str]) -> Filter:
    """The filter as the engine sees it once the numbers it compares with that are
    known as it is used (:func:`comparison_amount_known`) are counted; each amount's
    own constructs count."""
    if not any(comparison_amount_known(v) for _, v in flt.conditions):
        return flt
    conds = []
    for k, v in flt.conditions:
        if comparison_amount_known(v):
            _walk_value(v, out)
            v = 0
        conds.append((k, v))
    return Filter(flt.kinds, flt.zone, tuple(conds))


def _filter_names_others(flt: Filter) -> bool:
    """Whether a counted description names something only a resolving instruction
    knows (a target, "that player", an earlier object)."""
    return any(
        not isinstance(val, str | int | bool | tuple) or val == "that_player"
        for _, val in flt.conditions
    )


def _x_announced(spec: Any, out: set[str]) -> Any:
    """A target description as the engine sees it once X is announced: "target
    creature with mana value X" (CR 601.2b comes before 601.2c:
    rules/targets.that_player_spec), and once the numbers it compares with that are
    known as it is chosen are counted (:func:`comparison_amount_known`; their own
    constructs count)."""
    if isinstance(spec, TargetSpec):
        spec = TargetSpec(_known_amounts(spec.filter, out), spec.min, spec.max, spec.divide)
    if not isinstance(spec, TargetSpec) or not any(
        isinstance(v, Amount) and v.kind == "x" for _, v in spec.filter.conditions
    ):
        return spec
    flt = spec.filter
    conds = tuple(
        (k, 0 if isinstance(v, Amount) and v.kind == "x" else v) for k, v in flt.conditions
    )
    return TargetSpec(Filter(flt.kinds, flt.zone, conds), spec.min, spec.max, spec.divide)


def _x_chosen_as_paid(ability: Ability) -> bool:
    """Whether the X of an ability's "pay {X}" is the one its payer chooses as it
    resolves: a triggered or activated ability with no X of its own cost, X not
    defined by the text ("where X is ..."), and no target chosen earlier by X."""
    if ability.kind not in (AbilityKind.TRIGGERED, AbilityKind.ACTIVATED):
        return False
    if "where X is" in ability.text or "{X}" in str(getattr(ability.cost, "mana", "") or ""):
        return False
    return not any(
        isinstance(v, Amount) and v.kind == "x"
        for t in ability.targets
        for _, v in t.filter.conditions
    )


def _x_targets_announced(ability: Ability) -> bool:
    """Whether every variable number of targets of ``ability`` is X, announced as
    the spell is cast or the ability activated (a {X} cost), or a number known as
    the targets are chosen (:func:`comparison_amount_known`)."""
    specs = list(ability.targets) + [t for m in ability.modes for t in m.targets]
    variable = [
        n
        for t in specs
        for n in (t.min, t.max)
        # (a number known as the targets are chosen: rules/targets.counted_now)
        if not isinstance(n, int)
        and not (
            target_count_known(n)
            and (n.kind != "that_much" or ability.kind is AbilityKind.TRIGGERED)
        )
    ]
    if not variable:
        return True
    if not all(isinstance(n, Amount) and n.kind == "x" for n in variable):
        return False
    if ability.kind is AbilityKind.SPELL:
        return True
    trig = ability.trigger
    if (
        ability.kind is AbilityKind.TRIGGERED
        and trig is not None
        and trig.event == "becomes_monstrous"
        and isinstance(trig.subject, SelfRef)
    ):
        # "When this creature becomes monstrous, ... up to X target creatures": the X
        # it became monstrous with (CR 701.37c: rules/casting.announced_x)
        return True
    cost = ability.cost
    return (
        ability.kind is AbilityKind.ACTIVATED
        and cost is not None
        and (
            "{X}" in str(cost.mana or "")
            # "Remove X ki counters from this creature: Tap X target creatures": X is
            # announced for the cost (CR 601.2b) before the targets (601.2c)
            or (has_variable_amount(cost) and only_x(cost))
        )
    )


def only_x(cost: Cost) -> bool:
    """Whether every variable amount of ``cost`` is X ("pay X life")."""
    return all(
        isinstance(n, int) or (isinstance(n, Amount) and n.kind == "x")
        for n in (
            cost.life,
            cost.sacrifice_count,
            cost.discard_count,
            cost.exile_count,
            *(k for _, k in cost.remove_counters),
        )
    )


def exiled_with_source(flt: Filter) -> bool:
    """Whether a filter describes "a card exiled with [this object]" (CR 607.2a)."""
    return any(k == "exiled_with" and bool(v) for k, v in flt.conditions)


def _every_described(cost: Cost) -> bool:
    """Whether each variable amount of ``cost`` is "all" of a sacrifice or a discard."""
    typed: Any = cost
    counts = (typed.sacrifice_count, typed.discard_count)
    return (
        isinstance(typed.life, int)
        and isinstance(typed.exile_count, int)
        and all(isinstance(n, int) or n == "all" for _, n in typed.remove_counters)
        and all(isinstance(n, int) or n == "all" for n in counts)
    )


def has_variable_amount(cost: Cost) -> bool:
    """Whether a cost pays a variable amount ("Sacrifice X Squirrels", "Pay X life",
    CR 107.3): compiled, but not run yet."""
    return not (
        isinstance(cost.life, int)
        and isinstance(cost.sacrifice_count, int)
        and isinstance(cost.discard_count, int)
        and isinstance(cost.exile_count, int)
        and all(isinstance(n, int) for _, n in cost.remove_counters)
    )


def unsupported(ability: Ability) -> list[str]:
    """The constructs of ``ability`` the engine does not implement (sorted)."""

    bad = []
    for f in features(ability):
        if f.startswith("effect:"):
            if f[7:] not in EFFECT_HANDLERS:
                bad.append(f)
        elif f.startswith("keyword:"):
            if f[8:] not in KEYWORDS:
                bad.append(f)
        elif f not in SUPPORTED:
            bad.append(f)
    return sorted(bad)


def face_unsupported(face: CompiledFace) -> list[str]:
    out: set[str] = set()
    for a in face.abilities:
        out.update(unsupported(a))
    return sorted(out)
