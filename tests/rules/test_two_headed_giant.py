"""Two-Headed Giant in the game state (CR 102.3, 805, 810): the team queries, a new
game between teams, and a game between teams saved and cloned."""

from __future__ import annotations

from mtg_engine.cards.decks import load_deck
from mtg_engine.game.state import Game
from mtg_engine.rules.setup import new_game


def _teams_game() -> Game:
    g = Game(["A", "B", "C", "D"])
    g.teams = [0, 0, 1, 1]
    return g


def test_teammates_are_not_opponents() -> None:
    """CR 102.3: a player's opponents are the players not on their team."""
    g = _teams_game()
    assert g.opponents(0) == [2, 3]
    assert g.teammates(0) == [1]
    assert not g.is_opponent(0, 1)
    assert g.is_opponent(1, 2)
    free = Game(["A", "B", "C", "D"])
    assert free.opponents(0) == [1, 2, 3] and free.teammates(0) == []
    assert free.is_opponent(0, 1) and not free.is_opponent(2, 2)


def test_the_active_team() -> None:
    """CR 805.4a: both players of the active team are active ("your turn")."""
    g = _teams_game()
    g.active = 0
    assert g.is_active(0) and g.is_active(1)
    assert not g.is_active(2) and not g.is_active(3)
    assert g.active_players() == [0, 1]
    g.active = 2
    assert g.active_players() == [2, 3]
    free = Game(["A", "B", "C"])
    assert free.is_active(0) and not free.is_active(1) and free.active_players() == [0]


def test_shared_totals_and_poison_to_lose() -> None:
    """CR 810.9, 810.10: the team's life and poison are shared; 810.8d: fifteen
    poison counters make a team of two lose (104.3d: ten otherwise)."""
    g = _teams_game()
    g.players[2].life = 12
    g.players[2].poison = 4
    g.share_team_totals(2)
    assert (g.players[3].life, g.players[3].poison) == (12, 4)
    assert (g.players[0].life, g.players[1].life) == (20, 20)
    assert g.poison_to_lose() == 15
    assert Game(["A", "B"]).poison_to_lose() == 10


def test_new_game_between_teams() -> None:
    """CR 810.4: each team starts at 30 life; 805.3, 805.2: the starting player is
    the first player of the starting team; the game saves and clones its teams."""
    deck = load_deck("red-green").card_defs()
    for seed in range(4):
        g = new_game([deck] * 4, seed=seed, mulligans=False, teams=[0, 0, 1, 1])
        assert [p.life for p in g.players] == [30] * 4
        assert g.starting_player in (0, 2)
        assert g.clone().teams == [0, 0, 1, 1]
        back = Game.from_json(g.to_json())
        assert back.teams == [0, 0, 1, 1]
        assert back.to_json(log=False) == g.to_json(log=False)
    two = new_game([deck] * 2, seed=1, mulligans=False)
    assert two.teams is None and Game.from_json(two.to_json()).teams is None
