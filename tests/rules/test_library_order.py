"""Cards put on the top or the bottom of a library "in any order" (CR 401.4,
701.22a scry, 701.25a surveil): the owner orders them with an ``order_cards``
decision answered by a permutation, topmost first."""

from __future__ import annotations

import pytest

from mtg_engine.agents.heuristic import HeuristicAgent
from mtg_engine.agents.random_agent import RandomAgent
from mtg_engine.game.actions import (
    CastSpell,
    ChooseObjects,
    DecisionKind,
    IllegalActionError,
    PassPriority,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.library_order import order_options, order_problem


def _resolve(game: Game, oid: int) -> None:
    game.apply(CastSpell(oid))
    while game.stack and game.decision is not None and game.decision.kind == "priority":
        game.apply(PassPriority())


def _names(game: Game, ids) -> list[str]:
    return [game.objects[o].name for o in ids]


def _library_top_first(game: Game, player: int = 0) -> list[str]:
    return _names(game, reversed(game.players[player].library))


def _impulse_at_order(board) -> Game:
    """Impulse resolved, Shock taken: the other three go to the bottom in any order."""
    for n in ("Swamp", "Hill Giant", "Shock", "Forest"):  # Forest is the top card
        board.add(0, n, Zone.LIBRARY)
    impulse = board.add(0, "Impulse", Zone.HAND)
    for _ in range(2):
        board.add(0, "Island")
    game = board.start()
    _resolve(game, impulse)
    d = game.decision
    shock = [o for o in d.data["candidates"] if game.objects[o].name == "Shock"]
    game.apply(ChooseObjects(tuple(shock)))
    return game


def _by_name(game: Game, names: list[str]) -> tuple[int, ...]:
    cands = list(game.decision.data["candidates"])
    return tuple(next(o for o in cands if game.objects[o].name == n) for n in names)


def test_the_rest_on_the_bottom_in_the_order_the_player_chooses(board):
    """CR 401.4: "the rest on the bottom of your library in any order"."""
    game = _impulse_at_order(board)
    d = game.decision
    assert d.kind == DecisionKind.ORDER_CARDS and d.player == 0 and d.rule == "401.4"
    assert sorted(_names(game, d.data["candidates"])) == ["Forest", "Hill Giant", "Swamp"]
    assert d.data["position"] == "bottom"
    assert len(game.legal_actions()) == 6  # 3! orders of a small group
    game.apply(ChooseObjects(_by_name(game, ["Hill Giant", "Forest", "Swamp"])))
    assert game.decision is None or game.decision.kind != DecisionKind.ORDER_CARDS
    assert _library_top_first(game) == ["Hill Giant", "Forest", "Swamp"]
    assert _names(game, game.players[0].hand) == ["Shock"]


def test_the_order_decision_is_hidden_from_the_opponent(board):
    """CR 401.4 / architecture §5: the opponent sees that a decision is pending,
    not which cards are being ordered."""
    game = _impulse_at_order(board)
    view = game.observe(1)["decision"]
    assert view["kind"] == DecisionKind.ORDER_CARDS and not view["yours"]
    assert not any(n in view["prompt"] for n in ("Forest", "Hill Giant", "Swamp"))
    assert "data" not in view


@pytest.mark.parametrize(
    "names",
    [["Forest", "Swamp"], ["Forest", "Forest", "Swamp"], ["Forest", "Swamp", "Hill Giant", "X"]],
)
def test_an_order_that_is_not_a_permutation_is_refused(board, names):
    """CR 401.4: every card exactly once; the state is untouched."""
    game = _impulse_at_order(board)
    before = list(game.players[0].library)
    cands = list(game.decision.data["candidates"])
    ids = [
        next((o for o in cands if game.objects[o].name == n), game.battlefield[0]) for n in names
    ]
    with pytest.raises(IllegalActionError, match="401.4"):
        game.apply(ChooseObjects(tuple(ids)))
    assert game.decision.kind == DecisionKind.ORDER_CARDS
    assert game.players[0].library == before


def test_big_orders_are_checked_not_enumerated():
    """A dozen cards: two representative orders are listed, any permutation passes."""
    cands = list(range(100, 112))
    assert len(order_options(cands)) == 2
    assert order_problem(cands, tuple(reversed(cands[3:] + cands[:3]))) is None
    assert order_problem(cands, tuple(cands[:-1])) is not None
    assert order_problem(cands, (*cands[:-1], cands[0])) is not None


def _preordain(board, library: list[str]) -> Game:
    for n in reversed(library):  # listed top first
        board.add(0, n, Zone.LIBRARY)
    spell = board.add(0, "Preordain", Zone.HAND)
    board.add(0, "Island")
    game = board.start()
    _resolve(game, spell)
    return game


def test_scry_orders_the_kept_cards_and_the_bottom_cards(board):
    """CR 701.22a: "on the bottom of your library in any order and the rest on top
    of your library in any order"."""
    game = _preordain(board, ["Island", "Forest", "Mountain", "Plains", "Swamp"])
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OBJECTS and d.data["purpose"] == "scry"
    game.apply(ChooseObjects(()))  # keep both
    assert game.decision.kind == DecisionKind.ORDER_CARDS
    assert game.decision.data["position"] == "top" and game.decision.rule == "701.22a"
    game.apply(ChooseObjects(_by_name(game, ["Forest", "Island"])))
    assert _names(game, game.players[0].hand) == ["Forest"]  # then draw a card
    assert _library_top_first(game) == ["Island", "Mountain", "Plains", "Swamp"]


def test_scry_to_the_bottom_in_order(board):
    game = _preordain(board, ["Island", "Forest", "Mountain", "Plains", "Swamp"])
    game.apply(ChooseObjects(_by_name(game, ["Island", "Forest"])))
    assert game.decision.data["position"] == "bottom"
    game.apply(ChooseObjects(_by_name(game, ["Forest", "Island"])))
    assert _names(game, game.players[0].hand) == ["Mountain"]
    assert _library_top_first(game) == ["Plains", "Swamp", "Forest", "Island"]


def test_no_order_is_asked_for_one_card_or_copies_of_one_card(board):
    """Nothing to arrange: one card to each end, or two cards with the same name."""
    game = _preordain(board, ["Island", "Forest", "Mountain"])
    game.apply(ChooseObjects(_by_name(game, ["Island"])))  # one to each end
    assert game.decision is None or game.decision.kind != DecisionKind.ORDER_CARDS
    assert _names(game, game.players[0].hand) == ["Forest"]
    assert _library_top_first(game) == ["Mountain", "Island"]

    from conftest import Board

    game = _preordain(Board(), ["Island", "Island", "Mountain"])
    game.apply(ChooseObjects(()))
    assert game.decision is None or game.decision.kind != DecisionKind.ORDER_CARDS
    assert _library_top_first(game) == ["Island", "Mountain"]


def test_the_order_decision_survives_clone_and_json(board):
    """Architecture §2: a game paused at the order decision clones and round-trips."""
    game = _impulse_at_order(board)
    order = _by_name(game, ["Swamp", "Hill Giant", "Forest"])
    copy = Game.from_json(game.to_json())
    twin = game.clone()
    for g in (copy, twin):
        assert g.decision.kind == DecisionKind.ORDER_CARDS
        g.apply(ChooseObjects(order))
        assert _library_top_first(g) == ["Swamp", "Hill Giant", "Forest"]
    assert game.decision.kind == DecisionKind.ORDER_CARDS  # the original is untouched


@pytest.mark.parametrize("agent", [RandomAgent(3), HeuristicAgent(3)])
def test_agents_answer_an_order_legally(board, agent):
    game = _impulse_at_order(board)
    action = agent.choose(game)
    assert isinstance(action, ChooseObjects)
    assert game.is_legal(action) is None


def test_heuristic_puts_lands_on_top_when_it_needs_lands(board):
    """Two lands in play: the land first; with plenty of lands, the cheapest spell first."""
    game = _impulse_at_order(board)
    agent = HeuristicAgent(0)
    first = game.objects[agent.choose(game).objects[0]]
    assert first.name in ("Forest", "Swamp")
    for _ in range(4):
        game.create_card(game.objects[game.battlefield[0]].card, 0, Zone.BATTLEFIELD)
    game.invalidate()
    order = agent.choose(game).objects
    assert [game.objects[o].name for o in order][0] == "Hill Giant"


def test_in_a_random_order_is_not_the_players_order(board):
    """ "... the rest on the bottom of your library in a random order" (Creative
    Outburst): no order decision (CR 401.4 is replaced by the card's instruction);
    the same seed gives the same order."""
    from mtg_engine.cards.compiler import parse_paragraph

    text = (
        "look at the top five cards of your library. put one of them into your hand and "
        "the rest on the bottom of your library in a random order."
    )
    put = parse_paragraph(text).body.effects[-1]
    assert put.op == "put_on_library" and put.args["order"] == "random"

    def run(b) -> list[str]:
        names = ["Swamp", "Hill Giant", "Shock", "Forest", "Island", "Mountain"]
        for n in names:  # Mountain is the top card
            b.add(0, n, Zone.LIBRARY)
        spell = b.add(0, "Creative Outburst", Zone.HAND)
        for n in ("Island", "Island", "Mountain", "Mountain", "Mountain", "Forest", "Forest"):
            b.add(0, n)
        game = b.start()
        game.apply(CastSpell(spell))
        while game.decision.kind != DecisionKind.CHOOSE_OBJECTS:
            d = game.decision
            if d.kind == DecisionKind.TARGETS:
                game.apply(game.legal_actions()[-1])
            else:
                game.apply(PassPriority())
        assert game.decision.rule == "608.2d"
        game.apply(ChooseObjects(_by_name(game, ["Shock"])))
        assert game.decision is None or game.decision.kind != DecisionKind.ORDER_CARDS
        lib = _library_top_first(game)
        assert lib[0] == "Swamp" and sorted(lib[1:]) == [
            "Forest",
            "Hill Giant",
            "Island",
            "Mountain",
        ]
        return lib

    from conftest import Board

    assert run(board) == run(Board())
