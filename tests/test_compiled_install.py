"""The compiled install (``MTG_ENGINE_COMPILE=1 pip install .``, issue 12): the build
backend asks for mypy only when compiling, and the wheel it builds holds every module
of the compiled list as an extension (slow: 5-10 minutes of C compilation)."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def backend(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(ROOT / "build_support"))
    pytest.importorskip("setuptools")
    return importlib.import_module("backend")


def test_a_pure_build_needs_nothing_more_than_setuptools(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MTG_ENGINE_COMPILE", raising=False)
    assert not any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())
    monkeypatch.setenv("MTG_ENGINE_COMPILE", "0")
    assert not any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())


def test_a_compiled_build_asks_for_mypy_and_the_imported_packages(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MTG_ENGINE_COMPILE", "1")
    requires = backend.get_requires_for_build_wheel()
    assert any(r.startswith("mypy") for r in requires)
    assert any(r.startswith("lark") for r in requires)


def test_every_compiled_module_exists() -> None:
    sys.path.insert(0, str(ROOT / "build_support"))
    try:
        modules = importlib.import_module("mypyc_modules").MODULES
    finally:
        sys.path.remove(str(ROOT / "build_support"))
    missing = [m for m in modules if not (ROOT / "src" / "mtg_engine" / m).exists()]
    assert not missing
    assert len(set(modules)) == len(modules)


@pytest.mark.slow
def test_the_compiled_wheel_holds_every_listed_module(tmp_path: Path) -> None:
    if shutil.which(os.environ.get("CC", "gcc")) is None:
        pytest.skip("no C compiler (apt-get install build-essential)")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        pytest.skip("no Python headers (apt-get install python3-dev)")
    tree = tmp_path / "tree"
    shutil.copytree(
        ROOT,
        tree,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "__pycache__", "*.so", "*.egg-info", "node_modules"
        ),
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(tree)],
        env={**os.environ, "MTG_ENGINE_COMPILE": "1"},
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("mtg_engine-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    sys.path.insert(0, str(ROOT / "build_support"))
    try:
        modules = importlib.import_module("mypyc_modules").MODULES
    finally:
        sys.path.remove(str(ROOT / "build_support"))
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    for m in modules:
        assert f"mtg_engine/{m[:-3]}{suffix}" in names, m


def test_the_hot_enums_are_defined_in_compiled_modules() -> None:
    """mypyc keeps the members of an enum whose class body it compiles in C statics;
    an enum of an interpreted module costs compiled code a globals look-up and an
    attribute look-up at every use (benchmarks/mypyc.md, session 27)."""
    sys.path.insert(0, str(ROOT / "build_support"))
    try:
        modules = importlib.import_module("mypyc_modules").MODULES
    finally:
        sys.path.remove(str(ROOT / "build_support"))
    from_actions = importlib.import_module("mtg_engine.game.actions")
    from_abilities = importlib.import_module("mtg_engine.cards.abilities")
    from_events = importlib.import_module("mtg_engine.game.events")
    for enum in (
        from_actions.DecisionKind,
        from_actions.DecisionPurpose,
        from_abilities.AbilityKind,
        from_events.EventKind,
    ):
        path = enum.__module__.removeprefix("mtg_engine.").replace(".", "/") + ".py"
        assert path in modules, enum
