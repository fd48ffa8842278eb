"""Hidden information in ``observe()`` and its log (CR 401.2, 406.3): a card a player
looked at and then exiled face down stays unnamed to the other players."""

from __future__ import annotations

from mtg_engine.game.actions import ActivateAbility, PassPriority
from mtg_engine.game.objects import Zone


def _exile_top_card_face_down(board):
    """A activates Kayla's Music Box ({W}, {T}: look at the top card of your library,
    then exile it face down) with Shock on top of A's library; returns the game."""
    box = board.add(0, "Kayla's Music Box")
    board.add(0, "Plains")
    for _ in range(10):
        board.add(0, "Forest", Zone.LIBRARY)
    board.add(0, "Shock", Zone.LIBRARY)  # the last card added is the top card
    game = board.start()
    ability = next(
        a
        for a in game.legal_actions()
        if isinstance(a, ActivateAbility) and a.source == box and a.ability == 0
    )
    game.apply(ability)
    while game.stack:
        game.apply(PassPriority())
    exiled = [game.objects[o] for o in game.exile]
    assert len(exiled) == 1 and exiled[0].face_down and exiled[0].name == "Shock"
    return game


def test_a_card_looked_at_then_exiled_face_down_is_not_named_to_the_opponent(board):
    game = _exile_top_card_face_down(board)
    theirs = [e["text"] for e in game.observe(1)["log"]]
    assert any("exiles a card face down" in t for t in theirs)
    assert not any("Shock" in t for t in theirs), theirs
    assert game.observe(1)["exile"] == []


def test_the_player_who_looked_still_reads_the_card_in_their_log(board):
    game = _exile_top_card_face_down(board)
    mine = [e["text"] for e in game.observe(0)["log"]]
    assert "A sees Shock" in mine
    (exiled,) = game.observe(0)["exile"]
    assert exiled["face_up"]["name"] == "Shock"
