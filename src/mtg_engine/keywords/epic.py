"""Epic (CR 702.50).

702.50a: Epic represents two spell abilities, one of which creates a delayed
triggered ability: "For the rest of the game, you can't cast spells," and "At
the beginning of each of your upkeeps for the rest of the game, copy this
spell except for its epic ability. If the spell has any targets, you may
choose new targets for the copy." 702.50b: effects (the epic ability itself)
can still put copies of spells onto the stack.

The copies the epic ability makes are marked (``paid["epic_copy"]``): they are
copies "except for its epic ability", so their resolution creates nothing; any
other copy of an epic spell (a Fork) has epic and works as the spell does.

The record in ``game.delayed_triggers`` (``{"epic": True, ...}``) is what
:func:`mtg_engine.rules.casting.spell_problem` reads for "you can't cast
spells"; it has no ``step``, so the one-shot delayed triggers of
``rules/delayed.py`` never remove it: it lasts for the rest of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.support import register_keywords
from .common import keyword_instances, keyword_trigger
from .copies import snapshot

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Epic")


@on_event(EventKind.RESOLVE, keywords=("Epic",))
def epic_resolves(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.50a: as the spell resolves, its controller can't cast spells any more and
    the upkeep copy ability is created."""
    obj = game.objects.get(ev.data.get("obj", 0))
    if obj is None or obj.stack_kind != "spell" or (obj.paid or {}).get("epic_copy"):
        return
    if not keyword_instances(game, obj, "Epic"):
        return
    game.delayed_triggers = [
        *game.delayed_triggers,
        {
            "epic": True,
            "step": None,
            "source": obj.id,
            "source_name": obj.name,
            "card_uid": obj.card_uid,
            "controller": obj.controller,
            "snap": snapshot(obj),
            "created_turn": game.turn,
        },
    ]
    game.emit(
        EventKind.EPIC,
        ("702.50a", "603.7a"),
        f"{game.players[obj.controller].name} can't cast spells for the rest of the game; "
        f"{obj.name} will be copied at the beginning of each of their upkeeps (epic)",
        player=obj.controller,
    )


@on_event(EventKind.STEP, watch=[("upkeep",)])
def epic_upkeep(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.50a: "At the beginning of each of your upkeeps ..., copy this spell"."""
    if ev.data.get("step") != "upkeep" or not game.delayed_triggers:
        return
    for rec in game.delayed_triggers:
        if not rec.get("epic") or not game.is_active(rec.get("controller", -1)):
            continue
        ability = keyword_trigger(
            "Epic",
            f"At the beginning of your upkeep, copy {rec['source_name']} except for its epic ability",
            (Effect("copy_spell_n", {"amount": 1, "rule": "702.50a", "keyword": "Epic"}),),
            rule="702.50a",
        )
        event: dict[str, Any] = {"obj": rec["snap"]["obj"], "snap": rec["snap"], "delayed": True}
        game.emit(
            EventKind.KEYWORD_TRIGGER,
            ("603.2", "702.50a"),
            f"{rec['source_name']}'s epic ability triggers",
        )
        game.pending_triggers.append(
            {
                "source": rec["source"],
                "source_name": rec["source_name"],
                "card_uid": rec["card_uid"],
                "controller": rec["controller"],
                "ability": ability,
                "event": event,
            }
        )


@on_event(EventKind.COPY)
def mark_epic_copy(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.50a: the copy made by the epic ability is "except for its epic ability"."""
    if ev.data.get("keyword") != "Epic":
        return
    c = game.objects.get(ev.data.get("obj", 0))
    if c is not None:
        c.paid = {**(c.paid or {}), "epic_copy": True}
