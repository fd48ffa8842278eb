"""mtg-engine: a Magic: The Gathering rules engine that follows the Comprehensive Rules."""

__version__ = "0.1.0"

from . import engine as _engine  # noqa: E402,F401  (wires the layers together)
