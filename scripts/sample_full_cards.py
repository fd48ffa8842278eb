#!/usr/bin/env python3
"""Draw a seeded random sample of *newly* fully compiled cards, for a judge's audit.

"Newly fully compiled" means: fully compiled today (``mtg cards coverage --list
full``) but not at an earlier revision ``--before`` (a git revision of this
repository). The earlier revision's full list is computed by extracting that
revision's ``src/`` with ``git archive`` into a temporary folder and running its
own ``mtg cards coverage --list full`` (or, at a revision whose CLI has no
``--list``, its coverage API with ``engine=True``), so each side is measured
with its own compiler, engine and card file. The sample is drawn with
``random.Random(seed).sample`` from the sorted difference, so the same revisions
and seed always give the same cards.

    python scripts/sample_full_cards.py --before 78a91ac --seed 1311 --count 50
    python scripts/sample_full_cards.py --before-list old.txt --after-list new.txt

``--before-list`` / ``--after-list`` read ready-made lists (one card name a line,
e.g. saved output of ``mtg cards coverage --list full``) instead of computing them.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: ``mtg cards coverage --list full``, run in either tree: each revision's own CLI
#: (its coverage API's ``engine`` argument was a bool, later a callable)
_FULL = "from mtg_engine.cli.main import main; main(['cards', 'coverage', '--list', 'full'])"

#: for an old revision whose CLI has no ``--list``: its own coverage API, which
#: then took ``engine=True``
_OLD_FULL = """
from mtg_engine.cards.database import CardDatabase
from mtg_engine.cards.coverage import coverage
report = coverage(CardDatabase.default().iter_cards(), engine=True)
for name in sorted(n for n, st in report.cards.items() if st.status == "full"):
    print(name)
"""


def full_at_revision(rev: str) -> list[str]:
    """The fully compiled card names at git revision ``rev`` (its own measure)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
        check=True,
        capture_output=True,
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        env = {"PYTHONPATH": str(Path(tmp) / "src"), "PATH": "/usr/bin:/bin"}
        run = subprocess.run([sys.executable, "-c", _FULL], capture_output=True, text=True, env=env)
        if run.returncode != 0:
            run = subprocess.run(
                [sys.executable, "-c", _OLD_FULL],
                check=True,
                capture_output=True,
                text=True,
                env=env,
            )
    return [ln for ln in run.stdout.splitlines() if ln.strip()]


def full_now() -> list[str]:
    """The fully compiled card names of this working tree (``--list full``)."""
    out = subprocess.run(
        [sys.executable, "-c", _FULL],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    return [ln for ln in out.splitlines() if ln.strip()]


def read_list(path: Path) -> list[str]:
    return [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="78a91ac", help="git revision of the old figure")
    parser.add_argument("--before-list", type=Path, help="old full list instead of --before")
    parser.add_argument("--after-list", type=Path, help="today's full list instead of computing")
    parser.add_argument("--seed", type=int, default=1311)
    parser.add_argument("--count", type=int, default=50)
    args = parser.parse_args()
    before = set(read_list(args.before_list) if args.before_list else full_at_revision(args.before))
    after = read_list(args.after_list) if args.after_list else full_now()
    new = sorted(set(after) - before)
    print(
        f"# full before: {len(before)}  full now: {len(after)}  newly full: {len(new)}  "
        f"seed: {args.seed}  count: {args.count}"
    )
    for name in random.Random(args.seed).sample(new, min(args.count, len(new))):
        print(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
