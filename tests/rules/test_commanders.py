"""The commander designation (CR 903.3) and the conditions that read it: "commander
creatures you control", "if you control your commander", "a commander". In a game
without commanders they match nothing; with one they match it in every zone it
goes to, and only it."""

from __future__ import annotations

from mtg_engine.cards.abilities import Condition
from mtg_engine.game.actions import (
    CastSpell,
    ChooseObjects,
    DecisionKind,
    DeclareAttackers,
    PassPriority,
    player_ref,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.serialize import game_from_json, game_to_json
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.commanders import (
    color_identity,
    command_zone_casts,
    commander_color_identity,
    commander_damage,
    commander_tax,
    designate_commander,
    is_commander,
    set_command_zone_casts,
    set_commander_damage,
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


def _names_in(game: Game, ids) -> list[str]:
    return sorted(game.objects[o].name for o in ids)


def test_search_for_dagger_your_commander_entering(board) -> None:
    """Search for Dagger (audit 28): "Whenever your commander enters or attacks, look
    at the top six cards of your library. You may reveal a legendary creature card from
    among them and put it into your hand. Put the rest on the bottom of your library in
    a random order." Cast the commander: only the legendary creature card among the top
    six may be taken (CR 903.3, 701.20a); the five others go to the bottom (401.4)."""
    # added bottom first: top first, Forest x3, Isamaru, Hill Giant, Island | Island, Kiki-Jiki
    for n in ("Kiki-Jiki, Mirror Breaker", "Island", "Island", "Hill Giant"):
        board.add(0, n, Zone.LIBRARY)
    for n in ("Isamaru, Hound of Konda", "Forest", "Forest", "Forest"):
        board.add(0, n, Zone.LIBRARY)
    board.add(0, "Search for Dagger")
    board.add(0, "Plains")
    cmd = board.add(0, "Isamaru, Hound of Konda", Zone.HAND)
    game = board.start()
    designate_commander(game, 0, game.objects[cmd])
    game.apply(CastSpell(cmd))
    while game.decision is not None and game.decision.kind == "priority" and game.stack:
        game.apply(PassPriority())
    d = game.decision
    assert d is not None and d.kind == DecisionKind.CHOOSE_OBJECTS
    # Kiki-Jiki is eighth from the top: not looked at; Hill Giant isn't legendary
    assert _names_in(game, d.data["candidates"]) == ["Isamaru, Hound of Konda"]
    game.apply(ChooseObjects(tuple(d.data["candidates"])))
    while game.decision is not None and game.decision.kind == "priority" and game.stack:
        game.apply(PassPriority())
    hand = game.players[0].hand
    assert _names_in(game, hand) == ["Isamaru, Hound of Konda"]
    lib = [game.objects[o].name for o in reversed(game.players[0].library)]  # top first
    assert lib[:2] == ["Island", "Kiki-Jiki, Mirror Breaker"] and len(lib) == 7


def test_search_for_dagger_your_commander_attacking(board) -> None:
    """Search for Dagger: the commander attacking triggers it too (CR 508.1, 903.3);
    another creature attacking doesn't."""
    for n in ("Island", "Isamaru, Hound of Konda", "Forest"):
        board.add(0, n, Zone.LIBRARY)
    board.add(0, "Search for Dagger")
    cmd = board.add(0, "Isamaru, Hound of Konda")
    game = board.start(step=Step.DECLARE_ATTACKERS)
    designate_commander(game, 0, game.objects[cmd])
    d = game.decision
    assert d is not None and d.kind == DecisionKind.ATTACKERS
    game.apply(DeclareAttackers(((cmd, player_ref(1)),)))
    while game.decision is not None and game.decision.kind == "priority" and game.stack:
        game.apply(PassPriority())
    d = game.decision
    assert d is not None and d.kind == DecisionKind.CHOOSE_OBJECTS
    assert _names_in(game, d.data["candidates"]) == ["Isamaru, Hound of Konda"]


def test_a_commander_in_the_command_zone_is_among_the_priority_options(board) -> None:
    """CR 903.8: the owner of a commander in the command zone may cast it: the cast is
    listed with the player's options (for the agents), another player's isn't, and the
    tax, counts and damage are kept by clones and saved games."""
    board.add(0, "Plains")
    board.add(0, "Plains")
    board.add(0, "Plains")
    isamaru = board.add(0, "Isamaru, Hound of Konda", Zone.COMMAND)
    game = board.start()
    assert game.is_legal(CastSpell(isamaru)) is not None  # not a commander yet
    designate_commander(game, 0, game.objects[isamaru])
    assert CastSpell(isamaru) in [a for a in game.legal_actions() if isinstance(a, CastSpell)]
    assert game.is_legal(CastSpell(isamaru)) is None
    uid = game.objects[isamaru].card_uid
    set_command_zone_casts(game, 0, uid, 1)
    set_commander_damage(game, 1, uid, 9)
    for copy in (game.clone(), game_from_json(game_to_json(game), Game)):
        assert command_zone_casts(copy, 0, uid) == 1
        assert commander_tax(copy, 0, copy.objects[isamaru]) == 2
        assert commander_damage(copy, 1, uid) == 9
    set_command_zone_casts(game, 0, uid, 2)  # {W} + {4} with three Plains: not payable
    game.invalidate()
    assert game.is_legal(CastSpell(isamaru)) is not None
