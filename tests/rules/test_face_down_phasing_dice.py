"""Unit tests for Illusionary Mask's face-down casting (CR 708.4, 614.1a), Humility and
the morph cost "if it were face up" (702.37e), damage history kept through phasing
(702.26d), stored die results (706.8) and doubles (706.5)."""

from __future__ import annotations

from mtg_engine.game.state import Game
from mtg_engine.rules.chance import greatest_same_stored, store_results
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.damage import deal_damage
from mtg_engine.rules.damage_history import damaged_players
from mtg_engine.rules.face_down import is_masked, set_face_down
from mtg_engine.rules.face_turning import face_up_options
from mtg_engine.rules.face_up_action import mana_cost_payable_from
from mtg_engine.rules.phasing import phase_in, phase_out


def test_mana_cost_payable_from_some_or_all_of_the_mana():
    """Illusionary Mask: "could be paid by some amount of, or all of, the mana"."""
    assert mana_cost_payable_from("{1}{G}", ["G", "G"])
    assert mana_cost_payable_from("{G}", ["G", "U", "U"])  # some of it
    assert not mana_cost_payable_from("{1}{G}", ["U", "U"])  # no green
    assert not mana_cost_payable_from("{2}{G}", ["G", "G"])  # not enough
    assert mana_cost_payable_from("{X}{R}", ["R"])  # X is 0 (CR 107.3)
    assert mana_cost_payable_from("{R/G}", ["G"])  # hybrid: either half (107.4e)
    assert not mana_cost_payable_from("{W}", [])


def test_masked_creature_turns_face_up_before_it_deals_damage(board):
    """CR 614.1a: it's turned face up instead, then deals damage as itself (power 5)."""
    fon = board.add(0, "Force of Nature")
    game = board.start()
    set_face_down(game.objects[fon], "mask")
    game.invalidate()
    assert is_masked(game.objects[fon]) and chars(game, game.objects[fon]).power == 2
    deal_damage(game, game.objects[fon], -2, 1)
    assert not game.objects[fon].face_down
    assert chars(game, game.objects[fon]).name == "Force of Nature"


def test_other_face_down_kinds_are_not_masked(board):
    fon = board.add(0, "Force of Nature")
    game = board.start()
    set_face_down(game.objects[fon], "manifest")
    game.invalidate()
    deal_damage(game, game.objects[fon], -2, 2)
    assert game.objects[fon].face_down


def test_humility_leaves_no_morph_cost_to_pay(board):
    """Ruling 502.26.7 / CR 702.37e: the morph cost is what it would be face up."""
    demon = board.add(0, "Grinning Demon")
    game = board.start()
    set_face_down(game.objects[demon], "morph")
    game.invalidate()
    assert face_up_options(game, game.objects[demon])
    board2_humility = board.add(0, "Humility")
    game = board.start()
    set_face_down(game.objects[demon], "morph")
    game.invalidate()
    assert board2_humility in game.objects
    assert face_up_options(game, game.objects[demon]) == []
    assert game.objects[demon].face_down  # looking at it face up changed nothing


def test_damage_history_survives_phasing_clone_and_json(board):
    """CR 702.26d: phasing isn't a zone change; the object remembers whom it damaged."""
    vermin = board.add(0, "Diseased Vermin")
    game = board.start()
    deal_damage(game, game.objects[vermin], -2, 1)  # player B is ref -2
    assert damaged_players(game.objects[vermin]) == (1,)
    phase_out(game, [game.objects[vermin]])
    phase_in(game, [game.objects[vermin]])
    assert damaged_players(game.objects[vermin]) == (1,)
    g2 = Game.from_json(game.to_json())
    assert damaged_players(g2.objects[vermin]) == (1,)
    g3 = game.clone()
    deal_damage(g3, g3.objects[vermin], -1, 1)
    assert damaged_players(g3.objects[vermin]) == (1, 0)
    assert damaged_players(game.objects[vermin]) == (1,)  # the clone is independent


def test_stored_results_greatest_same_value(board):
    """CR 706.8: "the greatest number of stored results on it of the same value"."""
    centaur = board.add(0, "Centaur of Attention")
    game = board.start()
    obj = game.objects[centaur]
    assert greatest_same_stored(obj) == 0
    assert chars(game, obj).power == 3
    store_results(game, obj, [[6, 4], [6, 4], [6, 1], [6, 4], [6, 2]])
    assert greatest_same_stored(obj) == 3
    assert chars(game, obj).power == 6 and chars(game, obj).toughness == 6
    g2 = game.clone()
    store_results(g2, g2.objects[centaur], [[6, 5]] * 5)
    assert greatest_same_stored(g2.objects[centaur]) == 5
    assert greatest_same_stored(game.objects[centaur]) == 3


def test_rolled_doubles(board):
    """CR 706.5: doubles when each of the dice shows the same result."""
    from mtg_engine.game.hooks import CONDITIONS

    game = board.start()
    check = CONDITIONS["rolled_doubles"]
    game.turn_flags.last_die_roll = {"natural": [3, 3]}
    assert check(game, None, 0, None)
    game.turn_flags.last_die_roll = {"natural": [3, 4]}
    assert not check(game, None, 0, None)
    game.turn_flags.last_die_roll = {"natural": [3]}
    assert not check(game, None, 0, None)


def test_log_never_names_an_opponents_face_down_creature(board):
    """CR 708.5 / architecture §5: the opponent's view of the log hides the identity."""
    from mtg_engine.rules.damage import deal_damage as deal

    knight = board.add(0, "White Knight")
    game = board.start()
    set_face_down(game.objects[knight], "morph")
    game.invalidate()
    deal(game, game.objects[knight], -2, 1)
    assert any("White Knight" in ev.text for ev in game.log)  # the full log is the judge's
    seen = [e["text"] for e in game.observe(1)["log"]]
    assert not any("White Knight" in t for t in seen)
    assert any("a face-down creature deals 1 damage" in t for t in seen)
    assert any("White Knight" in e["text"] for e in game.observe(0)["log"])
