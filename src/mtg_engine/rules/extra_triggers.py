"""CR 603.2d: "If a triggered ability of a Ninja creature you control triggers, that
ability triggers an additional time" (Splinter, Radical Rat; Twinflame Travelers,
Delney, Streetwise Lookout, Roaming Throne).

The static ability is read where a permanent's triggered ability triggers (rules/
triggers.py for events and "at the beginning of" steps, rules/state_triggers.py,
rules/targeted.py, keywords/common.py for keyword triggers such as prowess): it
says how many more times that ability triggers. It looks at the ability's source
only, as it is when the ability triggers (or as it last existed on the battlefield
for a leaves-the-battlefield ability, CR 603.10a); delayed and reflexive triggered
abilities are not the source's (CR 603.2d, 603.7, 603.12), nor are those of cards
in a graveyard or of spells (the filters describe permanents).
"""

from __future__ import annotations

from typing import Any

from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..game.state import Game
from .filters import matches_object
from .statics import statics_with
from .support import register

register("static:extra_trigger_of")  # CR 603.2d


def extra_times_of_source(game: Game, w: GameObject, left: bool = False) -> int:
    """How many additional times a triggered ability of the permanent ``w`` triggers:
    one for each "If a triggered ability of [a described permanent] you control
    triggers, that ability triggers an additional time" that describes ``w`` (none of
    them applies to another one's doing, CR 603.2d). ``left``: ``w`` is looked at as
    it last existed on the battlefield (a leaves-the-battlefield ability, 603.10a)."""
    entries = statics_with(game, "extra_trigger_of")
    if not entries or (w.zone != Zone.BATTLEFIELD and not left):
        return 0
    n = 0
    for src, st in entries:
        # "a Shaman or another Wizard you control" (Harmonic Prodigy): either one
        flts: tuple[Any, ...] = (st.args["what"], *((st.args["or"],) if "or" in st.args else ()))
        if any(matches_object(game, w, flt, src.controller, src) for flt in flts):
            n += 1
    announce_additional(game, w, n)
    return n


def announce_additional(game: Game, w: GameObject, n: int) -> None:
    """Log that ``w``'s triggered ability triggers ``n`` additional times (CR 603.2d)."""
    if n:
        game.emit(
            EventKind.ADDITIONAL_TRIGGER,
            ("603.2d",),
            f"{w.name}'s triggered ability triggers {n} additional time{'s' if n > 1 else ''}",
            obj=w.id,
        )


def add_again(game: Game, w: GameObject, rec: dict[str, Any], left: bool = False) -> None:
    """Put the pending trigger ``rec`` of ``w``'s ability that many more times (each
    with its own copy of the event, CR 603.2d)."""
    for _ in range(extra_times_of_source(game, w, left)):
        game.pending_triggers.append(dict(rec, event=dict(rec.get("event") or {})))
