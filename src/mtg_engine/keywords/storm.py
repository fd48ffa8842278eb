"""Storm (CR 702.40) and gravestorm (CR 702.69).

702.40a: "Storm" means "When you cast this spell, copy it for each other
spell that was cast before it this turn. If the spell has any targets, you
may choose new targets for any of the copies." The count is fixed as the
ability triggers (ruling 502.30.1), counts every player's spells cast from
any zone but not copies (ruling 502.30.3); the copies aren't cast (ruling
502.30.2); countering the spell doesn't stop them (ruling 502.30.5),
countering the trigger does (ruling 502.30.6). 702.40b: each instance triggers.

702.69a: "Gravestorm" means "When you cast this spell, copy it for each
permanent that was put into a graveyard from the battlefield this turn ..."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger
from .copies import snapshot

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Storm", "Gravestorm")
register(
    "spell_keyword:Storm"
)  # granted to spells: "spells you cast have ..." (rules/filters._cast_by)


@on_event(EventKind.CAST, keywords=("Storm", "Gravestorm"))
def storm_trigger(game: Game, ev: Event, subject: GameObject | None) -> None:
    obj = game.objects.get(ev.data.get("obj", 0))
    if obj is None or obj.stack_kind != "spell":
        return
    storms = keyword_instances(game, obj, "Storm")
    graves = keyword_instances(game, obj, "Gravestorm")
    if storms:
        n = max(0, game.turn_flags.spells_cast - 1)
        for _ in storms:
            ability = keyword_trigger(
                "Storm",
                f"Storm: copy {obj.name} for each spell cast before it this turn ({n})",
                (Effect("copy_spell_n", {"amount": n, "rule": "702.40a"}),),
                rule="702.40a",
            )
            add_pending_trigger(
                game, obj, obj.controller, ability, {"obj": obj.id, "snap": snapshot(obj)}
            )
    if graves:
        n = game.turn_flags.died_permanents
        for _ in graves:
            ability = keyword_trigger(
                "Gravestorm",
                f"Gravestorm: copy {obj.name} for each permanent put into a graveyard "
                f"from the battlefield this turn ({n})",
                (Effect("copy_spell_n", {"amount": n, "rule": "702.69a"}),),
                rule="702.69a",
            )
            add_pending_trigger(
                game, obj, obj.controller, ability, {"obj": obj.id, "snap": snapshot(obj)}
            )


@on_event(EventKind.ZONE_CHANGE, watch=[("battlefield", "graveyard")])
def count_dead_permanents(game: Game, ev: Event, subject: GameObject | None) -> None:
    """For gravestorm: permanents put into a graveyard from the battlefield this turn."""
    d = ev.data
    if d.get("from_zone") == "battlefield" and d.get("to_zone") == "graveyard":
        game.turn_flags.died_permanents += 1
