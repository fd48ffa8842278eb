"""The commander designation (CR 903.3) and the conditions that read it: "commander
creatures you control", "if you control your commander", "a commander". In a game
without commanders they match nothing; with one they match it in every zone it
goes to, and only it."""

from __future__ import annotations

from mtg_engine.cards.abilities import Condition
from mtg_engine.game.actions import CastSpell
from mtg_engine.game.objects import Zone
from mtg_engine.game.serialize import game_from_json, game_to_json
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.commanders import (
    color_identity,
    commander_color_identity,
    designate_commander,
    is_commander,
)
from mtg_engine.rules.conditions import evaluate
from mtg_engine.rules.mana import mana_sources, productions_of
from mtg_engine.rules.zones import move

CONTROL_YOUR_COMMANDER = Condition("control_commander")


def test_no_commander_no_match(board) -> None:
    bears = board.add(0, "Grizzly Bears")
    drake = board.add(0, "Loyal Drake")
    board.add(0, "Bastion Protector")
    game = board.start()
    assert not is_commander(game, game.objects[bears])
    assert not evaluate(game, CONTROL_YOUR_COMMANDER, 0, game.objects[drake])
    c = chars(game, game.objects[bears])
    assert (c.power, c.toughness) == (2, 2)


def test_commander_creatures_you_control_get_the_bonus(board) -> None:
    bears = board.add(0, "Grizzly Bears")
    other = board.add(0, "Grizzly Bears")
    board.add(0, "Bastion Protector")
    game = board.start()
    designate_commander(game, 0, game.objects[bears])
    c = chars(game, game.objects[bears])
    assert (c.power, c.toughness) == (4, 4)
    assert "Indestructible" in c.keywords
    c2 = chars(game, game.objects[other])
    assert (c2.power, c2.toughness) == (2, 2)


def test_an_opponents_commander_isnt_yours_to_control_until_you_do(board) -> None:
    theirs = board.add(1, "Grizzly Bears")
    drake = board.add(0, "Loyal Drake")
    game = board.start()
    designate_commander(game, 1, game.objects[theirs])
    assert is_commander(game, game.objects[theirs])
    # "your commander" is one you own (CR 903.3): B's, even under A's control, isn't A's
    game.objects[theirs].controller = 0
    game.invalidate()
    assert not evaluate(game, CONTROL_YOUR_COMMANDER, 0, game.objects[drake])


def test_the_designation_follows_the_card_across_zones_and_saves(board) -> None:
    bears = board.add(0, "Grizzly Bears")
    drake = board.add(0, "Loyal Drake")
    game = board.start()
    designate_commander(game, 0, game.objects[bears])
    assert evaluate(game, CONTROL_YOUR_COMMANDER, 0, game.objects[drake])
    uid = game.objects[bears].card_uid
    move(game, bears, Zone.GRAVEYARD, ("701.8a",))
    assert not evaluate(game, CONTROL_YOUR_COMMANDER, 0, game.objects[drake])
    in_yard = next(o for o in game.objects.values() if o.card_uid == uid)
    assert in_yard.zone == Zone.GRAVEYARD and is_commander(game, in_yard)  # CR 903.3
    for copy in (game.clone(), game_from_json(game_to_json(game), Game)):
        again = next(o for o in copy.objects.values() if o.card_uid == uid)
        assert is_commander(copy, again)


def test_free_cast_if_you_control_a_commander(board) -> None:
    """Deadly Rollick: "If you control a commander, you may cast this spell without
    paying its mana cost" (CR 118.9): the alternative cost is offered only while its
    controller controls a commander; then no mana is paid."""
    bears = board.add(0, "Grizzly Bears")
    swamp = board.add(0, "Swamp")
    elves = board.add(1, "Llanowar Elves")
    rollick = board.add(0, "Deadly Rollick", Zone.HAND)
    game = board.start()
    cast = CastSpell(rollick, alt="rather")
    assert game.is_legal(cast) is not None  # no commander yet
    designate_commander(game, 0, game.objects[bears])
    assert game.is_legal(cast) is None
    assert game.is_legal(CastSpell(rollick)) is not None  # {2}{B} with one Swamp
    assert elves and swamp


def test_color_identity_reads_cost_rules_text_and_every_face(board) -> None:
    """CR 903.4: mana symbols in the mana cost and the rules text (hybrid symbols give
    both colors), reminder text ignored (903.4c)."""
    alesha = board.add(0, "Alesha, Who Smiles at Death")
    niv = board.add(0, "Niv-Mizzet, Parun")
    game = board.start()
    assert color_identity(game.objects[alesha].card.data) == {"R", "W", "B"}
    assert color_identity(game.objects[niv].card.data) == {"U", "R"}


def test_commanders_color_identity_mana(board) -> None:
    """ "Add one mana of any color in your commander's color identity" (Command Tower):
    only those colors; without a commander, no mana at all (CR 903.4f)."""
    tower = board.add(0, "Command Tower")
    niv = board.add(0, "Niv-Mizzet, Parun")
    theirs = board.add(1, "Command Tower")
    game = board.start()
    args = {"choice": "commander_identity", "amount": 1}
    assert productions_of(args, game, game.objects[tower]) == []
    assert commander_color_identity(game, 0) is None
    designate_commander(game, 0, game.objects[niv])
    assert productions_of(args, game, game.objects[tower]) == [("U",), ("R",)]
    # the opponent has no commander: their Tower adds nothing (903.4f)
    assert productions_of(args, game, game.objects[theirs]) == []


def test_the_automatic_payment_sees_the_commanders_colors(board) -> None:
    """The payment planner offers Command Tower's identity colors once there is a
    commander (CR 903.4), and nothing before (903.4f)."""
    tower = board.add(0, "Command Tower")
    niv = board.add(0, "Niv-Mizzet, Parun")
    game = board.start()
    assert not [s for s in mana_sources(game, 0) if s.obj == tower]
    designate_commander(game, 0, game.objects[niv])
    (src,) = [s for s in mana_sources(game, 0) if s.obj == tower]
    assert sorted(src.productions) == [("R",), ("U",)]
