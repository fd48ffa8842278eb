"""The names a player may choose when an effect says "choose a card name" (CR 201.3):
every card's name in the card data. Read by the replacement effects that ask
as a permanent enters (:mod:`mtg_engine.rules.replacement`) and by named choices
(:mod:`mtg_engine.rules.named_choices`).
"""

from __future__ import annotations

import functools

from ..cards.database import CardDatabase


@functools.cache
def _names(nonland: bool) -> tuple[str, ...]:
    db = CardDatabase.default()
    if not nonland:
        return tuple(sorted(db.names()))
    return tuple(
        sorted(c.name for c in db.iter_cards() if not any("Land" in f.types for f in c.faces))
    )


def card_names(nonland: bool = False) -> list[str]:
    """The names a player may choose for "choose a [nonland] card name" (CR 201.3):
    every card's name in the card data, read once per process."""
    return list(_names(nonland))
