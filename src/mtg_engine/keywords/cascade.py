"""Cascade (CR 702.85).

702.85a: "Cascade" means "When you cast this spell, exile cards from the top of
your library until you exile a nonland card whose mana value is less than this
spell's mana value. You may cast that card without paying its mana cost if the
resulting spell's mana value is less than this spell's mana value. Then put all
cards exiled this way that weren't cast on the bottom of your library in a
random order." 702.85c: each instance triggers separately.

The trigger resolves before the spell (it is above it on the stack); the spell's
mana value is taken as it was cast (X included, CR 202.3e). Effect: ``cascade``
(effects/keyword_actions.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.characteristics import chars
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Cascade")
register(
    "spell_keyword:Cascade"
)  # granted to spells: "spells you cast have ..." (rules/filters._cast_by)


@on_event(EventKind.CAST, keywords=("Cascade",))
def cascade_trigger(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.85a, 702.85c: "When you cast this spell" — one trigger per instance."""
    obj = game.objects.get(ev.data.get("obj", 0))
    if obj is None or obj.stack_kind != "spell":
        return
    for _inst in keyword_instances(game, obj, "Cascade"):
        mv = chars(game, obj).mana_value
        ability = keyword_trigger(
            "Cascade",
            f"Cascade: exile cards from the top of your library until a nonland card with "
            f"mana value less than {mv}; you may cast it without paying its mana cost",
            (Effect("cascade", {"mana_value": mv}),),
            rule="702.85a",
        )
        add_pending_trigger(game, obj, obj.controller, ability, {"obj": obj.id})
