"""mtg-engine: a Magic: The Gathering rules engine that follows the Comprehensive Rules."""

__version__ = "0.1.0"
