"""A closed output pipe (``mtg ... | head``): stop quietly, as Unix tools do.

Kept apart from ``errors`` so ``mtg rules`` can use it without importing the engine."""

from __future__ import annotations

import os
import sys


def silence_stdout() -> None:
    """Point stdout at /dev/null after its reader went away, so the interpreter's
    final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass
