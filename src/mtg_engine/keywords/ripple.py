"""Ripple (CR 702.60).

702.60a: "Ripple N" means "When you cast this spell, you may reveal the top N
cards of your library, or, if there are fewer than N cards in your library,
you may reveal all the cards in your library. If you reveal cards from your
library this way, you may cast any of those cards with the same name as this
spell without paying their mana costs, then put all revealed cards not cast
this way on the bottom of your library in any order."
702.60b: each instance triggers separately.

The trigger goes on the stack above the spell and resolves first (ruling
502.56.1); the cards cast go on the stack above the original spell, and their
own ripple abilities trigger (ruling 502.56.3); additional costs are paid as
normal (CR 118.9a). Effect: ``ripple_reveal`` (effects/keyword_moves.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Ripple")
register(
    "spell_keyword:Ripple"
)  # granted to spells: "spells you cast have ..." (rules/filters._cast_by)


@on_event(EventKind.CAST, keywords=("Ripple",))
def ripple_trigger(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.60a-b: "When you cast this spell" — one trigger per instance."""
    obj = game.objects.get(ev.data.get("obj", 0))
    if obj is None or obj.stack_kind != "spell":
        return
    for inst in keyword_instances(game, obj, "Ripple"):
        n = inst.keyword_args.get("n", 0)
        n = n if isinstance(n, int) else 0
        ability = keyword_trigger(
            "Ripple",
            f"Ripple {n}: you may reveal the top {n} cards of your library and cast those "
            f"named {obj.name} without paying their mana costs",
            (Effect("ripple_reveal", {"n": n, "name": obj.name}),),
            rule="702.60a",
        )
        add_pending_trigger(game, obj, obj.controller, ability, {"obj": obj.id})
