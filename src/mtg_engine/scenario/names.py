"""Card names in scenarios: normalization and "is this a card at all?" checks."""

from __future__ import annotations

from functools import lru_cache

from ..cards.compiler.tables import PREDEFINED_TOKENS
from ..cards.database import CardDatabase, UnknownCardError, normalize_name

#: the names of tokens that instructions create with fixed characteristics, so a
#: scenario may name one created during the run ("activate: Treasure"): the
#: predefined tokens (CR 111.10) and both faces of the Incubator (111.10i)
CREATED_TOKEN_NAMES = frozenset(
    normalize_name(n) for n in (*PREDEFINED_TOKENS, "Incubator", "Phyrexian Token")
)


def norm(name: str) -> str:
    """The comparison key of a name (case, accents and apostrophe style ignored)."""
    return normalize_name(name)


@lru_cache(maxsize=4096)
def unknown_card_message(name: str) -> str | None:
    """None when some card has this name (or face name), else why not (with suggestions)."""

    try:
        CardDatabase.default().get(name)
    except UnknownCardError as e:
        return e.message
    except Exception as e:  # a broken card file: say so instead of crashing
        return f"the card file can't be read: {e}"
    return None


@lru_cache(maxsize=4096)
def canonical_card_name(name: str) -> str:
    """The card file's spelling of a card name (``"fire"`` → ``"Fire // Ice"``)."""

    return CardDatabase.default().get(name).name
