"""The most common color among all permanents (CR 105.2).

"As long as black is the most common color among all permanents or is tied for
most common" (the Djinns of Mirage: Goham Djinn, Zanam Djinn): each permanent on
the battlefield counts once for each of its colors (a black-and-green permanent
counts toward both, 105.2), colorless ones toward none, and the color holds when
no other color is counted more often (a tie counts). With no colored permanent at
all, every color is tied at zero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Condition
from ..cards.model import COLORS
from ..game.hooks import condition
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register("condition:most_common_color")


def color_counts(game: Game) -> dict[str, int]:
    """CR 105.2: how many permanents are each color (phased-out ones don't exist, 702.26b)."""
    counts = dict.fromkeys(COLORS, 0)
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out:
            continue
        for color in chars(game, o).colors:
            if color in counts:
                counts[color] += 1
    return counts


@condition("most_common_color")
def most_common_color(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "[color] is the most common color among all permanents or is tied for most
    common" (CR 105.2)."""
    color = cond.args.get("color")
    counts = color_counts(game)
    return color in counts and counts[color] >= max(counts.values())
