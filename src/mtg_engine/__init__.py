"""mtg-engine: a Magic: The Gathering rules engine that follows the Comprehensive Rules.

The public API (see :mod:`mtg_engine.api`): ``Game``, its ``Decision`` (with
``DecisionKind`` and ``DecisionPurpose``), the action types, ``Outcome`` (with
``OutcomeReason``), ``IllegalActionError`` and ``GameFormatError``, and
``new_game_from_decks``.
"""

__version__ = "0.1.0"

from . import engine as _engine  # noqa: E402,F401  (wires the layers together)
from .api import *  # noqa: E402,F403  (the public API)
from .api import __all__ as _api_all  # noqa: E402

__all__ = list(_api_all)
