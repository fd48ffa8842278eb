"""The combat keywords (CR 702), imported together so that they register.

Evasion and blocking restrictions: :mod:`.evasion`; protection:
:mod:`.protection`; banding and "bands with other": :mod:`.banding`;
rampage, flanking, provoke, bushido, frenzy, exalted, annihilator, battle
cry, melee and afflict: :mod:`.combat_triggers`. Static combat keywords
without a module of their own (first strike, double strike, trample,
deathtouch, lifelink, vigilance, haste, defender, menace, infect, wither,
indestructible) are read by the combat and damage rules directly
(``rules/combat*.py``, ``rules/damage.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import banding, combat_triggers, evasion, protection  # noqa: F401
from .registry import on_event

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game


@on_event("cast", "activate", "trigger")
def _combat_effects(game: Game, ev: Event, subject: GameObject | None) -> None:
    """Make sure the combat effect ops ("can't block this turn", provoke's
    requirement, rampage's bonus ... ``rules/combat_effects.py``) are registered
    before anything resolves. They import the effects package, which can't be
    imported while the rules package is still loading, so they register on the
    first spell, ability or trigger (a no-op afterwards)."""
    from ..rules import combat_effects  # noqa: F401
