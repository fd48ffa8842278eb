"""The PEP 517 build backend of mtg-engine: setuptools, and mypy in the build
environment when the compiled build is asked for (``MTG_ENGINE_COMPILE=1``).

``pyproject.toml`` points here (``backend-path = ["build_support"]``). Everything is
setuptools' own; only the wheel's build requirements grow when compiling, so a pure
install (the default, and every editable install) downloads nothing more.
"""

from __future__ import annotations

from typing import Any

from mypyc_modules import BUILD_REQUIRES, compile_requested
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the rest of the backend, unchanged)


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    requires = list(_setuptools.get_requires_for_build_wheel(config_settings))
    if compile_requested():
        requires += BUILD_REQUIRES
    return requires
