"""setuptools' entry point. Pure Python by default; ``MTG_ENGINE_COMPILE=1 pip install .``
compiles the hot rules core with mypyc (issue 12; ``benchmarks/mypyc.md``). The
project's metadata is in ``pyproject.toml``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "build_support"))
from mypyc_modules import COMPILE_ENV, GROUP, MODULES, compile_requested  # noqa: E402

ext_modules = []
# editable installs stay pure Python: compiled modules would hide the edited sources
if compile_requested() and "editable_wheel" not in sys.argv:
    try:
        # mypyc comes with mypy, which build_support/backend.py adds to the build
        # requirements; it is missing only while pip asks for those requirements
        from mypyc.build import mypycify
    except ImportError:
        if "bdist_wheel" in sys.argv:
            sys.exit(f"{COMPILE_ENV} is set, but mypyc (part of mypy) can't be imported")
    else:
        ext_modules = mypycify(
            [f"src/mtg_engine/{m}" for m in MODULES], opt_level="3", group_name=GROUP
        )

setup(ext_modules=ext_modules)
