""" "Add X mana of any one color, where X is the number of creature cards in your
graveyard" (CR 106.1b, 608.2h): counted now; with X = 0 the ability makes no mana,
so automatic payment doesn't count on it (a whole-pool game once planned to pay
Mind into Matter with it and then couldn't)."""

from __future__ import annotations

from mtg_engine.game.objects import Zone
from mtg_engine.rules.mana import mana_sources


def _ritualist_source(game, ritualist):
    return [s for s in mana_sources(game, 0) if s.obj == ritualist]


def test_x_zero_makes_no_mana_source(board):
    ritualist = board.add(0, "Deathbloom Ritualist")
    game = board.start()
    assert _ritualist_source(game, ritualist) == []


def test_x_counts_the_creature_cards_in_the_graveyard(board):
    ritualist = board.add(0, "Deathbloom Ritualist")
    board.add(0, "Grizzly Bears", Zone.GRAVEYARD)
    board.add(0, "Grizzly Bears", Zone.GRAVEYARD)
    game = board.start()
    (source,) = _ritualist_source(game, ritualist)
    assert ("G", "G") in source.productions and all(len(p) == 2 for p in source.productions)
