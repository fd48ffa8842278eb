"""Magar of the Magic Strings: a noted name (CR 607.2), a face-down permanent with
the characteristics its effect lists (CR 708.2), and "exile it instead of
putting it anywhere else" (CR 614.1a, 614.6)."""

from __future__ import annotations

from mtg_engine.game.actions import ActivateAbility, ChooseTargets, DecisionKind, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.zones import move


def _magar_puts_bolt_face_down(board) -> tuple[Game, int]:
    magar = board.add(0, "Magar of the Magic Strings")
    for land in ("Swamp", "Mountain", "Mountain"):
        board.add(0, land)
    bolt = board.add(0, "Lightning Bolt", Zone.GRAVEYARD)
    game = board.start()
    game.apply(ActivateAbility(magar, 0))
    if game.decision.kind == DecisionKind.TARGETS:
        game.apply(ChooseTargets((bolt,)))
    while game.stack:
        game.apply(PassPriority())
    (fd,) = [o for o in game.battlefield if game.objects[o].face_down]
    return game, fd


def test_face_down_card_has_the_listed_characteristics(board):
    """CR 708.2: a 3/3 creature with the two quoted abilities, no name or color;
    the noted name stays with it (CR 607.2), also through JSON."""
    game, fd = _magar_puts_bolt_face_down(board)
    for g in (game, Game.from_json(game.to_json()), game.clone()):
        o = g.objects[fd]
        c = chars(g, o)
        assert (c.power, c.toughness) == (3, 3)
        assert c.types == frozenset(("Creature",)) and not c.colors and not c.name
        kinds = sorted(a.kind.value for a in c.abilities)
        assert kinds == ["static", "triggered"]
        assert o.chosen["noted_name"] == "Lightning Bolt"
    assert any("607.2" in e.rules for e in game.log)


def test_it_is_exiled_instead_of_going_anywhere_else(board):
    """CR 614.1a, 614.6: bounced or destroyed, it goes to exile."""
    game, fd = _magar_puts_bolt_face_down(board)
    card = game.objects[fd].card
    move(game, fd, Zone.HAND, ("701.7a",))
    assert not game.players[0].hand or all(
        game.objects[h].card is not card for h in game.players[0].hand
    )
    assert any(game.objects[e].card is card for e in game.exile)
