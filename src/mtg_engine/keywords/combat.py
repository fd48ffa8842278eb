"""The combat keywords (CR 702), imported together so that they register.

Evasion and blocking restrictions: :mod:`.evasion`; protection:
:mod:`.protection`; banding and "bands with other": :mod:`.banding`;
rampage, flanking, provoke, bushido, frenzy, exalted, annihilator, battle
cry, melee and afflict: :mod:`.combat_triggers`; myriad: :mod:`.myriad`. Static combat keywords
without a module of their own (first strike, double strike, trample,
deathtouch, lifelink, vigilance, haste, defender, menace, infect, wither,
indestructible) are read by the combat and damage rules directly
(``rules/combat*.py``, ``rules/damage.py``).
"""

from __future__ import annotations

from . import banding, combat_triggers, evasion, myriad, protection  # noqa: F401
