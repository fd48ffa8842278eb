"""Variable amounts in an activated ability's cost (CR 107.3).

"Sacrifice X Squirrels" is paid with the X announced as the ability is activated
(601.2b, 602.2b): the ability is offered even with nothing to sacrifice (X may be
0). "Discard your hand" discards every card in it (rules/cost_components.with_all,
CR 602.2b), an empty hand too."""

from __future__ import annotations

from mtg_engine.game.actions import ActivateAbility
from mtg_engine.game.objects import Zone
from mtg_engine.rules.characteristics import chars


def _index(game, oid: int, part: str) -> int:
    abilities = chars(game, game.objects[oid]).abilities
    return next(i for i, a in enumerate(abilities) if a.cost is not None and getattr(a.cost, part))


def _offered(game, oid: int, index: int) -> list[ActivateAbility]:
    return [
        a
        for a in game.legal_actions()
        if isinstance(a, ActivateAbility) and a.source == oid and a.ability == index
    ]


def test_an_x_sacrifice_cost_is_offered_with_x_announced(board):
    chatterfang = board.add(0, "Chatterfang, Squirrel General")
    board.add(0, "Swamp")
    board.add(1, "Grizzly Bears")
    game = board.start()
    index = _index(game, chatterfang, "sacrifice")
    assert _offered(game, chatterfang, index) != []
    game.apply(ActivateAbility(chatterfang, index))
    assert game.decision.kind.name == "X"
    # the one Squirrel there is to sacrifice: Chatterfang itself (CR 107.3, 601.2b)
    assert game.decision.data["max"] == 1


def test_discard_your_hand_is_paid_with_every_card_in_it(board):
    slate = board.add(0, "Slate of Ancestry")
    for _ in range(4):
        board.add(0, "Island")
    board.add(0, "Grizzly Bears")
    board.add(0, "Shock", Zone.HAND)
    board.add(0, "Forest", Zone.HAND)
    board.add(0, "Island", Zone.LIBRARY)
    game = board.start()
    index = _index(game, slate, "discard")
    assert _offered(game, slate, index) != []
    game.apply(ActivateAbility(slate, index))
    # discarded as the cost is paid, before the ability resolves (CR 602.2b)
    names = sorted(game.objects[o].name for o in game.players[0].graveyard)
    assert names == ["Forest", "Shock"]
