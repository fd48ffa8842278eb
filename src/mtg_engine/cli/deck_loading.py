"""Loading the decks a command plays, with the warnings a player needs: a deck
smaller than the smallest format's minimum (CR 100.2b), and one warning per card
whose text the engine can't fully run, naming the sentence."""

from __future__ import annotations

from collections.abc import Sequence

import click

from mtg_engine.cards.decks import Deck, DeckError, load_deck
from mtg_engine.scenario.unsupported import unrunnable_warnings


def deck_warnings(deck: Deck, allow_small: bool = False) -> list[str]:
    """What a player should know before playing ``deck`` (one line each)."""
    out: list[str] = []
    small = None if allow_small else deck.size_warning()
    if small:
        out.append(f"{small}; playing it anyway (--allow-small-decks: no warning)")
    out.extend(unrunnable_warnings(deck))
    return out


class BadDeck(click.ClickException):
    """A deck that can't be played: exit status 2, as for a bad option."""

    exit_code = 2


def load_decks(specs: Sequence[str], allow_small: bool, command: str) -> list[Deck]:
    """Load each deck (a file or a bundled name), print its warnings on stderr,
    and compile its cards; a deck that can't be played is a one-line error."""
    decks: list[Deck] = []
    try:
        for spec in specs:
            deck = load_deck(spec)
            for warning in deck_warnings(deck, allow_small):
                click.echo(f"mtg {command}: warning: {warning}", err=True)
            deck.card_defs()
            decks.append(deck)
    except DeckError as e:
        raise BadDeck(str(e)) from None
    return decks
