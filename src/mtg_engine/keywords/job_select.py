"""Job select (CR 702.182).

702.182a: "Job select" means "When this Equipment enters, create a 1/1 colorless
Hero creature token, then attach this Equipment to it." The keyword stands for that
ordinary triggered ability (CR 603.6a), as living weapon does (702.92a); the Hero is
an ordinary token and stays when the Equipment moves on.
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

register_keywords("Job select")

#: the ability's text as CR 702.182a words it
TEXT = (
    "When this Equipment enters, create a 1/1 colorless Hero creature token, "
    "then attach this Equipment to it."
)


@expansion("Job select")
def job_select_ability(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Job select" stands for (CR 702.182a)."""
    return reminder_abilities("Job select", "702.182a", TEXT, ("Artifact",), ("Equipment",))
