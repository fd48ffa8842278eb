"""Cost changes (CR 601.2f, 118.7), mana-spent conditions (CR 601.2h, 707.10) and
the end-step trigger names (CR 513.1a)."""

from __future__ import annotations

from mtg_engine.cards.abilities import Condition, Filter
from mtg_engine.game.actions import ActivateAbility, CastSpell, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules import mana_costs
from mtg_engine.rules.casting import cast_problem
from mtg_engine.rules.conditions import evaluate, mana_spent_holds
from mtg_engine.rules.cost_changes import CostChange, apply_changes
from mtg_engine.rules.delayed import STEP_NAMES


def test_increases_then_reductions_never_below_zero():
    """CR 601.2f: increases, then reductions; the cost can't go below {0} and a
    generic reduction doesn't touch colored mana (CR 118.7a)."""
    cost = mana_costs.parse_cost("{G}")
    out, notes = apply_changes(
        cost, [CostChange("{2}", 1, True, "Medallion"), CostChange("{1}", 1, False, "Thalia")]
    )
    assert str(out) == "{G}"
    assert notes == ["{1} more (Thalia)", "{2} less (Medallion)"]


def test_colored_reduction_removes_a_matching_symbol():
    """CR 118.7c: "{U} less" removes a {U}; without one it reduces generic mana."""
    out, _ = apply_changes(mana_costs.parse_cost("{2}{U}"), [CostChange("{U}", 1, True, "x")])
    assert str(out) == "{2}"
    out, _ = apply_changes(mana_costs.parse_cost("{2}{R}"), [CostChange("{U}", 1, True, "x")])
    assert str(out) == "{1}{R}"


def test_for_each_multiplies_the_change():
    out, notes = apply_changes(
        mana_costs.parse_cost("{X}{R}").with_x(3), [CostChange("{1}", 2, False, "Fireball")]
    )
    assert str(out) == "{5}{R}" and notes == ["{1} x2 more (Fireball)"]


class _Spent:
    def __init__(self, spent):
        self.paid = {"mana_spent": spent} if spent is not None else {}


def test_mana_spent_conditions():
    """CR 601.2h: "if {G} was spent", adamant, "no mana"; a copy has none (707.10)."""
    assert mana_spent_holds(_Spent(["G", "W"]), {"mana": "{G}"})
    assert not mana_spent_holds(_Spent(["R", "R"]), {"mana": "{G}"})
    assert mana_spent_holds(_Spent(["U", "U", "B"]), {"mana": "{U}{U}"})
    assert not mana_spent_holds(_Spent(["U", "B"]), {"mana": "{U}{U}"})
    assert mana_spent_holds(_Spent(["W", "W", "W", "G"]), {"n": 3, "color": "white"})
    assert not mana_spent_holds(_Spent(["W", "W", "G"]), {"n": 3, "color": "white"})
    assert mana_spent_holds(_Spent(None), {"none": True})
    assert not mana_spent_holds(_Spent(None), {"mana": "{G}"})  # a copy (CR 707.10)


def test_board_conditions(board):
    """CR 603.4: "if no creatures are on the battlefield", "if an opponent controls
    seven or more lands", "if you control no artifacts"."""
    board.add(1, "Grizzly Bears")
    for _ in range(6):
        board.add(1, "Forest")
    game = board.start()
    creature = Filter(kinds=("Creature",))
    land = Filter(kinds=("Land",))
    assert not evaluate(game, Condition("none_on_battlefield", {"filter": creature}), 0, None)
    assert evaluate(game, Condition("you_control_none", {"filter": creature}), 0, None)
    assert evaluate(game, Condition("opponent_controls", {"filter": land, "n": 6}), 0, None)
    assert not evaluate(game, Condition("opponent_controls", {"filter": land, "n": 7}), 0, None)


def test_end_step_trigger_names_are_the_turn_structure_steps():
    """CR 513.1a, 503.1a, 507.1: the compiler's step names map to the real steps."""
    assert STEP_NAMES["end_step"] == "end" and "end" in Step.NAMES
    assert STEP_NAMES["combat"] == "beginning_of_combat"
    assert all(v in Step.NAMES for v in STEP_NAMES.values())


def test_gloom_raises_activation_cost_and_the_check_sees_it(board):
    """CR 602.2b: the activation cost of a white enchantment's ability under Gloom."""
    bears = board.add(0, "Grizzly Bears")
    blessing = board.add(0, "Blessing", attached_to=bears)
    for _ in range(3):
        board.add(0, "Plains")
    board.add(1, "Gloom")
    game = board.start()
    actions = [a for a in game.legal_actions() if isinstance(a, ActivateAbility)]
    assert all(a.source != blessing for a in actions)  # {W} + {3}: only 3 Plains


def test_state_round_trips_with_a_delayed_trigger(board):
    """Architecture §2: the delayed ability's bound references survive JSON."""
    armodon = board.add(0, "Crazed Armodon")
    board.add(0, "Forest")
    game = board.start()
    game.apply(ActivateAbility(armodon, 0))
    while game.stack:
        game.apply(PassPriority())
    again = Game.from_json(game.to_json())
    assert again.delayed_triggers == game.delayed_triggers


def test_cast_problem_reports_the_total_cost(board):
    """CR 601.2f: a white spell costs {3} more under Gloom."""
    lions = board.add(0, "Savannah Lions", Zone.HAND)
    board.add(0, "Plains")
    board.add(1, "Gloom")
    game = board.start()
    problem = cast_problem(game, 0, lions)
    assert problem is not None and "601.2h" in problem
    assert CastSpell(lions) not in game.legal_actions()
