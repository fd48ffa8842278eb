"""Unearth (CR 702.84a): the activated ability it stands for, and its "exile it
instead" replacement effect that applies only to the permanent it returned."""

from __future__ import annotations

from mtg_engine.cards.abilities import AbilityKind
from mtg_engine.game.actions import ActivateAbility, DecisionKind, PassPriority
from mtg_engine.game.hooks import full_ability
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.zones import move


def _unearth_index(game: Game, oid: int) -> int:
    abilities = chars(game, game.objects[oid]).abilities
    return next(i for i, a in enumerate(abilities) if a.keyword == "Unearth")


def test_unearth_stands_for_a_sorcery_speed_ability_from_the_graveyard(board):
    zombie = board.add(0, "Dregscape Zombie", Zone.GRAVEYARD)
    game = board.start()
    a = full_ability(chars(game, game.objects[zombie]).abilities[_unearth_index(game, zombie)])
    assert a.kind is AbilityKind.ACTIVATED and a.timing == "sorcery"
    assert a.keyword_args["from_zone"] == "graveyard"
    assert a.cost is not None and a.cost.mana == "{B}"


def _unearthed(board) -> tuple[Game, int]:
    zombie = board.add(0, "Dregscape Zombie", Zone.GRAVEYARD)
    board.add(0, "Swamp")
    game = board.start()
    game.apply(ActivateAbility(zombie, _unearth_index(game, zombie)))
    while game.stack and game.decision.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    new = next(o.id for o in game.objects.values() if o.name == "Dregscape Zombie")
    assert game.objects[new].zone == Zone.BATTLEFIELD
    return game, new


def test_leaving_the_battlefield_for_the_graveyard_becomes_exile(board):
    game, zombie = _unearthed(board)
    new = move(game, zombie, Zone.GRAVEYARD, ("701.8a",), reason="is destroyed")
    assert new is not None and game.objects[new].zone == Zone.EXILE
    assert "702.84a" in game.log[-1].rules


def test_the_replacement_ends_with_the_object_it_applied_to(board):
    """CR 400.7: once it left, the card is a new object the effect doesn't know."""
    game, zombie = _unearthed(board)
    exiled = move(game, zombie, Zone.EXILE, ("406.2",))
    assert exiled is not None
    back = move(game, exiled, Zone.BATTLEFIELD, ("400.7",))
    assert back is not None
    gone = move(game, back, Zone.GRAVEYARD, ("701.8a",), reason="is destroyed")
    assert gone is not None and game.objects[gone].zone == Zone.GRAVEYARD
