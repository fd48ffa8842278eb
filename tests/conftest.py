"""Shared fixtures: small board builders in the spirit of phase.rs's GameScenario."""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

from mtg_engine.cards.definitions import card_def
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules import pipeline
from mtg_engine.rules.setup import start_at

# CI (``.ci/run`` sets CI=1) draws the same Hypothesis examples on every run, so a
# run's result depends on the commit alone; local runs explore new examples, and a
# failing one found there is pinned with ``@example``.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` runs compiled by mypyc (``scripts/build_mypyc.py``): compiled
    callers call its functions directly (a patched module attribute isn't seen), and
    its classes' fields take values of their declared types only."""
    return not (module.__file__ or "").endswith(".py")


def module_source(module: str) -> str:
    """The source text of an engine module, compiled or not (a compiled module's
    ``.py`` file is next to its ``.so``, where ``inspect.getsource`` doesn't look)."""
    path = Path(importlib.import_module(module).__file__ or "")
    return path.with_name(path.name.split(".")[0] + ".py").read_text()


class Board:
    """Build a game at a chosen step: ``Board().add(0, "Grizzly Bears").start(step=...)``."""

    def __init__(self, seed: int = 0) -> None:
        self.game = Game(["A", "B"], seed=seed)
        self.libraries: dict[int, bool] = {}

    def add(self, player: int, name: str, zone: int = Zone.BATTLEFIELD, **fields) -> int:
        obj = self.game.create_card(card_def(name), player, zone)
        for k, v in fields.items():
            setattr(obj, k, v)
        if zone == Zone.LIBRARY:
            self.libraries[player] = True
        return obj.id

    def start(self, turn: int = 3, active: int = 0, step: int = Step.PRECOMBAT_MAIN) -> Game:
        for p in (0, 1):
            if not self.libraries.get(p):
                for _ in range(20):
                    self.add(p, "Plains" if p else "Forest", Zone.LIBRARY)
        start_at(self.game, turn, active, step)
        return self.game


@pytest.fixture
def board() -> Board:
    return Board()


@pytest.fixture
def fresh_plans():
    """For tests that patch the event pipeline's tables (``FINDERS``, ``PROHIBITIONS``):
    no plan made from them (``pipeline.forget_plans``) is kept from another test, nor
    left to one."""
    pipeline.forget_plans()
    yield
    pipeline.forget_plans()
