"""Toxic (CR 702.164).

702.164a: "Toxic N" is a static ability. 702.164b: a creature's total toxic
value is the sum of the N of its toxic abilities. 702.164c / 120.3g: combat
damage dealt to a player by a creature with toxic also gives that player poison
counters equal to its total toxic value, in addition to the damage's other
results (not a triggered ability: nothing uses the stack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.actions import ref_player
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.characteristics import chars
from ..rules.counters import put_player_counters
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Toxic")


def total_toxic(game: Game, creature: GameObject) -> int:
    """CR 702.164b: the sum of the N of the creature's toxic abilities."""
    total = 0
    for a in chars(game, creature).abilities:
        n = a.keyword_args.get("n") if a.keyword == "Toxic" else None
        if isinstance(n, int):
            total += n
    return total


@on_event(EventKind.DAMAGE, keywords=("Toxic",))
def toxic_poison(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.164c: combat damage to a player from a creature with toxic."""
    d = ev.data
    if not d.get("combat") or subject is None:
        return
    player = ref_player(int(d.get("target", 0)))
    if player is None:
        return
    n = total_toxic(game, subject)
    if n > 0:
        put_player_counters(
            game,
            player,
            "poison",
            n,
            ("702.164c", "120.3g"),
            why=f" (toxic of {subject.name})",
            by=subject.controller,
        )
