"""mtg-engine: a Magic: The Gathering rules engine that follows the Comprehensive Rules."""

__version__ = "0.1.0"

from . import rules as _rules  # noqa: E402,F401  (registers the rules' task handlers)
