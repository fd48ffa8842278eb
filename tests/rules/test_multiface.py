"""Split (CR 709), flip (710), double-faced (712) and meld cards: characteristics by
zone and status, mana value, transforming."""

from __future__ import annotations

from mtg_engine.cards.definitions import card_def
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.copy import copiable_values
from mtg_engine.rules.multiface import adventure_exile
from mtg_engine.rules.multiface_play import flip, transform


def c_of(game: Game, oid: int):
    return chars(game, game.objects[oid])


def test_709_4_split_card_combined_off_the_stack(board):
    """CR 709.4, 709.4b-c: two names, combined mana cost, colors and mana value."""
    ab = board.add(0, "Assault // Battery", zone=Zone.HAND)
    game = board.start()
    c = c_of(game, ab)
    assert c.names == ("Assault", "Battery") and c.has_name("Battery")
    assert c.colors == {"red", "green"}
    assert c.mana_value == 5  # Assault {R} + Battery {3}{G}
    assert c.types == {"Sorcery"}
    assert len(c.abilities) == 2


def test_709_3b_split_card_on_the_stack_has_only_the_cast_half(board):
    """CR 709.3b: on the stack, only the half being cast exists (mana value 1)."""
    ab = board.add(0, "Assault // Battery", zone=Zone.HAND)
    game = board.start()
    o = game.objects[ab]
    from mtg_engine.rules.zones import move

    new = move(game, ab, Zone.STACK, ("601.2a",), quiet=True)
    game.objects[new].face = 0
    game.invalidate()
    c = c_of(game, new)
    assert (c.name, c.colors, c.mana_value) == ("Assault", {"red"}, 1)
    game.objects[new].face = 1
    game.invalidate()
    c = c_of(game, new)
    assert (c.name, c.colors, c.mana_value) == ("Battery", {"green"}, 4)
    assert o.name


def test_710_flipped_flip_card(board):
    """CR 710.2, 710.1c: flipped, it has the alternative name, type line and P/T but
    the same mana cost and color."""
    nezumi = board.add(0, "Nezumi Shortfang")
    game = board.start()
    assert c_of(game, nezumi).name == "Nezumi Shortfang"
    assert flip(game, game.objects[nezumi])
    c = c_of(game, nezumi)
    assert (c.name, c.power, c.toughness) == ("Stabwhisker the Odious", 3, 3)
    assert c.colors == {"black"} and c.mana_cost == "{1}{B}" and c.mana_value == 2
    assert not flip(game, game.objects[nezumi])  # CR 710.4: one way


def test_710_2_flip_card_elsewhere_has_normal_characteristics(board):
    nezumi = board.add(0, "Nezumi Shortfang", zone=Zone.GRAVEYARD, face=1)
    game = board.start()
    assert c_of(game, nezumi).name == "Nezumi Shortfang"


def test_712_8_transforming_and_mana_value(board):
    """CR 701.27a, 712.8d-e, 613.7g: back face characteristics; its mana value is the
    front face's; a new timestamp."""
    deserter = board.add(0, "Afflicted Deserter")
    game = board.start()
    o = game.objects[deserter]
    ts = o.timestamp
    assert transform(game, o)
    c = c_of(game, deserter)
    assert (c.name, c.power, c.toughness, c.colors) == ("Werewolf Ransacker", 5, 4, {"red"})
    assert c.mana_value == 4 and c.mana_cost is None
    assert o.timestamp > ts
    ev = [e for e in game.log if e.kind == "transform"][-1]
    assert "701.27a" in ev.rules and ev.data["into"] == "Werewolf Ransacker"


def test_712_8e_copy_of_a_back_face_has_mana_value_0(board):
    """CR 712.8e: a permanent copying a transformed back face has mana value 0."""
    from mtg_engine.rules.copy import copy_effect, snapshot

    deserter = board.add(1, "Afflicted Deserter", face=1)
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    copy_effect(game, game.objects[bears], snapshot(game, game.objects[deserter]), None, 0)
    c = c_of(game, bears)
    assert c.name == "Werewolf Ransacker" and c.mana_value == 0


def test_712_8a_dfc_elsewhere_has_front_face(board):
    deserter = board.add(0, "Afflicted Deserter", zone=Zone.GRAVEYARD, face=1)
    game = board.start()
    assert c_of(game, deserter).name == "Afflicted Deserter"


def test_701_27c_only_double_faced_permanents_transform(board):
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    assert not transform(game, game.objects[bears])
    assert any("701.27c" in ev.rules for ev in game.log)


def test_701_27f_transform_once_per_ability(board):
    """CR 701.27f: an ability of the permanent transforms it only if it hasn't
    transformed since the ability went on the stack."""
    deserter = board.add(0, "Afflicted Deserter")
    game = board.start()
    since = game.new_timestamp()
    assert transform(game, game.objects[deserter], since=since)
    assert not transform(game, game.objects[deserter], since=since)
    assert c_of(game, deserter).name == "Werewolf Ransacker"


def test_707_8_copy_uses_the_face_that_is_up(board):
    """CR 707.8: copying a transformed permanent copies its back face."""
    deserter = board.add(1, "Afflicted Deserter", face=1)
    game = board.start()
    assert copiable_values(game, game.objects[deserter]).name == "Werewolf Ransacker"


def test_715_adventure_spell_is_exiled(board):
    """CR 715.3d: a spell cast as an Adventure is exiled as it resolves."""
    game = board.start()
    card = card_def("Bonecrusher Giant")
    o = game.create_card(card, 0, Zone.STACK)
    o.stack_kind = "spell"
    o.face = 1
    assert adventure_exile(o) == (len(card.faces) > 1)
    o.face = 0
    assert not adventure_exile(o)
