"""Keyword abilities (CR 702) and keyword actions (CR 701), each implemented once.

Where is trample? ``rules/combat_damage.py`` (damage assignment, CR 702.19). Flying, reach, menace and the
other evasion abilities: ``keywords/evasion.py``. Protection:
``keywords/protection.py``. Keyword names are spelled as in CR 702
("First strike", "Double strike"); :class:`Kw` holds them as constants.
"""

from ..game.hooks import KEYWORD_EXPANSIONS, expansion
from ..game.keyword_names import Kw

__all__ = ["KEYWORD_EXPANSIONS", "Kw", "expansion"]

from . import casting as _casting  # noqa: E402,F401  (keyword modules register themselves)
from . import combat as _combat  # noqa: E402,F401
from . import crew as _crew  # noqa: E402,F401
from . import partner as _partner  # noqa: E402,F401
from . import permanents as _permanents  # noqa: E402,F401
