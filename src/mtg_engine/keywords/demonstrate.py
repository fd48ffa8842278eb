"""Demonstrate (CR 702.144).

702.144a: Demonstrate is a triggered ability. "Demonstrate" means "When you cast
this spell, you may copy it and you may choose new targets for the copy. If you
copy the spell, choose an opponent. That player copies the spell and may choose
new targets for that copy."

The trigger is optional (answered yes/no as it resolves). Both copies are made as
it resolves, yours first, then the chosen opponent's, which that opponent controls
(CR 707.10, 707.10c). With one opponent, that opponent is chosen without a
decision (as clash chooses, 701.30b). The copies aren't cast (707.10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger, printed_instances
from .copies import snapshot

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

DEMONSTRATE = "Demonstrate"
register_keywords(DEMONSTRATE)

_RULE = "702.144a"


@on_event(EventKind.CAST, keywords=(DEMONSTRATE,))
def demonstrate_trigger(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.144a: "When you cast this spell, you may copy it ... If you copy the
    spell, choose an opponent. That player copies the spell"; each instance
    triggers on its own."""
    obj = game.objects.get(ev.data.get("obj", 0))
    if obj is None:
        return
    for _ in printed_instances(obj, DEMONSTRATE):
        ability = keyword_trigger(
            DEMONSTRATE,
            f"Demonstrate: you may copy {obj.name}; if you do, an opponent you choose "
            "also copies it (each may choose new targets)",
            (
                Effect("copy_spell_n", {"amount": 1, "rule": _RULE}),
                Effect("copy_spell_n", {"amount": 1, "rule": _RULE, "by": "chosen_opponent"}),
            ),
            optional=True,
            rule=_RULE,
        )
        add_pending_trigger(
            game, obj, obj.controller, ability, {"obj": obj.id, "snap": snapshot(obj)}
        )
