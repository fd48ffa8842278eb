"""One-line errors for the ``mtg`` command: bad files, options and environment
variables give a message naming what is wrong and a non-zero exit, never a traceback."""

from __future__ import annotations

import os

from mtg_engine.cards.database import CARD_FILE_ENV, CardFileError, UnknownCardError
from mtg_engine.cards.decks import DeckError


def user_error(exc: BaseException) -> str | None:
    """The message for an error the user's input caused (a file, an option, an
    environment variable), or None for an error of the engine itself.

    A card file given with ``$MTG_CARD_FILE`` that is missing or corrupt is named
    with the variable that chose it."""
    if isinstance(exc, CardFileError):
        hint = f" (set by ${CARD_FILE_ENV})" if os.environ.get(CARD_FILE_ENV) else ""
        return f"{exc}{hint}"
    if isinstance(exc, (DeckError, UnknownCardError)):
        return str(exc)
    if isinstance(exc, MemoryError):
        return "out of memory"
    if isinstance(exc, OSError):
        what = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror or exc}{what}"
    return None
