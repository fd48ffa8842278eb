"""The Python API, in the spirit of python-chess (architecture "product surface").

>>> from mtg_engine.api import new_game_from_decks
>>> game = new_game_from_decks("red-green", "white-blue", seed=1)
>>> game.decision.kind
'mulligan'
>>> game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

from . import engine as _engine  # noqa: F401  (the wiring)
from .cards.decks import Deck, load_deck
from .game.actions import IllegalActionError
from .game.state import Game, Step
from .rules.setup import new_game, start_at

__all__ = [
    "Game",
    "IllegalActionError",
    "Step",
    "new_game",
    "new_game_from_decks",
    "start_at",
    "load_deck",
]


def new_game_from_decks(
    deck_a: str | Deck, deck_b: str | Deck, seed: int = 0, mulligans: bool = True
) -> Game:
    """A new two-player game between two decks (paths or bundled names)."""
    a = deck_a if isinstance(deck_a, Deck) else load_deck(deck_a)
    b = deck_b if isinstance(deck_b, Deck) else load_deck(deck_b)
    return new_game([a.card_defs(), b.card_defs()], seed=seed, mulligans=mulligans)
