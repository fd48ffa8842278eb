"""Compile the hot rules core with mypyc, in place, or remove the build (issue 12).

    python scripts/build_mypyc.py            # build (5 minutes on 2 idle cores, 20 loaded)
    python scripts/build_mypyc.py --status   # what is built, and whether it is stale
    python scripts/build_mypyc.py --clean    # remove the built .so files

The compiled modules (``MODULES`` in ``build_support/mypyc_modules.py``) are written next to their sources in
``src/mtg_engine`` as ``.so`` files, which Python imports instead of the ``.py``
files; every other module stays interpreted. A ``.py`` file edited after the build
is NOT what runs: build again, or clean. ``pip install .`` stays pure Python; the
``.so`` files and ``build/`` are git-ignored. Needs mypy (a dev dependency; mypyc
ships with it), a C compiler and the Python headers
(``apt-get install build-essential python3-dev``). benchmarks/mypyc.md has the
figures and what is left interpreted, and why.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

# the module list is shared with setup.py (the compiled `pip install`)
sys.path.insert(0, str(ROOT / "build_support"))
from mypyc_modules import GROUP, MODULES  # noqa: E402


def _suffix() -> str:
    return str(sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def _build_dir(src: Path) -> Path:
    """The generated C and object files (git-ignored ``build/``)."""
    return src.parent / "build" / "mypyc"


def built_files(src: Path = SRC) -> list[Path]:
    """The compiled files in ``src``: one per module, and the group's library."""
    pkg = src / "mtg_engine"
    files = [(pkg / m).with_suffix(_suffix()) for m in MODULES]
    files.append(src / f"{GROUP}__mypyc{_suffix()}")
    # any other mypyc output left by a build of a different module list
    files += [p for p in pkg.rglob(f"*{_suffix()}") if p not in files]
    return [p for p in files if p.exists()]


def clean(src: Path = SRC) -> None:
    for p in built_files(src):
        p.unlink()
        print(f"removed {p}")
    if _build_dir(src).exists():
        shutil.rmtree(_build_dir(src))


def status(src: Path = SRC) -> int:
    """Print what is built; 1 when a compiled module's source is newer than the build."""
    files = built_files(src)
    if not files:
        print("no compiled modules: everything runs interpreted")
        return 0
    stale = [
        m
        for m in MODULES
        if (so := (src / "mtg_engine" / m).with_suffix(_suffix())).exists()
        and (src / "mtg_engine" / m).stat().st_mtime > so.stat().st_mtime
    ]
    print(f"{len(files) - 1} compiled modules in {src / 'mtg_engine'}")
    for m in stale:
        print(f"stale: {m} changed after the build (build again, or --clean)")
    return 1 if stale else 0


def build(src: Path, opt_level: str, jobs: int) -> None:
    # mypyc and setuptools are needed only here (a dev-time tool)
    from mypyc.build import mypycify
    from setuptools import setup

    clean(src)
    build_dir = _build_dir(src)
    os.chdir(src)  # module names come from the paths; in-place output lands here
    paths = [f"mtg_engine/{m}" for m in MODULES]
    extensions = mypycify(
        paths, opt_level=opt_level, target_dir=str(build_dir / "c"), group_name=GROUP
    )
    setup(
        name="mtg-engine-mypyc",
        ext_modules=extensions,
        script_args=[
            "build_ext",
            "--inplace",
            "--build-temp",
            str(build_dir / "temp"),
            "--build-lib",
            str(build_dir / "lib"),
            "--parallel",
            str(jobs),
        ],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the built .so files")
    parser.add_argument("--status", action="store_true", help="what is built; stale?")
    parser.add_argument("--opt-level", default="3", help="the C compiler's -O level (3)")
    parser.add_argument("--src", type=Path, default=SRC, help="the tree to build in (src/)")
    parser.add_argument("--jobs", type=int, default=1, help="parallel C compiles (1)")
    args = parser.parse_args()
    if args.clean:
        clean(args.src)
        return 0
    if args.status:
        return status(args.src)
    if shutil.which(os.environ.get("CC", "gcc")) is None:
        print("no C compiler: apt-get install build-essential python3-dev", file=sys.stderr)
        return 2
    build(args.src.resolve(), args.opt_level, args.jobs)
    return status(args.src.resolve())


if __name__ == "__main__":
    sys.exit(main())
