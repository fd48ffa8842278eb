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

``--all`` samples from every fully compiled card instead of the newly full ones;
``--exclude FILE`` leaves out the cards named there (e.g. those already audited);
``--weighted`` draws toward cards with several abilities or unusual text: a card's
weight is its number of abilities (lines of rules text, over all faces) plus the
number of its distinct words that occur in fewer than 30 cards of the pool, and the
draw is Efraimidis-Spirakis (the ``count`` largest ``u ** (1 / weight)``, ``u`` from
``random.Random(seed)`` in sorted-name order), so it too is reproducible.

    python scripts/sample_full_cards.py --all --weighted --exclude audited.txt --seed 1616 --count 40
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
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


#: a word used by fewer cards than this counts as unusual text (``--weighted``)
_RARE_WORD_CARDS = 30


def card_weights(names: list[str]) -> dict[str, float]:
    """Each card's weight for ``--weighted``: abilities plus unusual words."""
    # lazy: only --weighted needs the card database
    from mtg_engine.cards.database import CardDatabase

    db = CardDatabase.default()
    words: dict[str, set[str]] = {}
    lines: dict[str, int] = {}
    for name in names:
        texts = [face.text or "" for face in db.get(name).faces]
        lines[name] = sum(len([ln for ln in t.splitlines() if ln.strip()]) for t in texts)
        words[name] = {w for t in texts for w in re.findall(r"[a-z']+", t.lower())}
    freq: Counter[str] = Counter(w for ws in words.values() for w in ws)
    return {
        name: lines[name] + sum(1 for w in words[name] if freq[w] < _RARE_WORD_CARDS)
        for name in names
    }


def weighted_sample(names: list[str], count: int, seed: int) -> list[str]:
    """Efraimidis-Spirakis weighted sampling without replacement, reproducible."""
    weights = card_weights(names)
    rng = random.Random(seed)
    keys = {name: rng.random() ** (1.0 / max(weights[name], 1.0)) for name in sorted(names)}
    return sorted(names, key=lambda n: keys[n], reverse=True)[:count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="78a91ac", help="git revision of the old figure")
    parser.add_argument("--before-list", type=Path, help="old full list instead of --before")
    parser.add_argument("--after-list", type=Path, help="today's full list instead of computing")
    parser.add_argument("--seed", type=int, default=1311)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--all", action="store_true", help="every full card, not newly full")
    parser.add_argument("--exclude", type=Path, help="leave out the card names in this file")
    parser.add_argument("--weighted", action="store_true", help="toward several abilities")
    args = parser.parse_args()
    after = read_list(args.after_list) if args.after_list else full_now()
    if args.all:
        before: set[str] = set()
    else:
        before = set(
            read_list(args.before_list) if args.before_list else full_at_revision(args.before)
        )
    excluded = set(read_list(args.exclude)) if args.exclude else set()
    new = sorted(set(after) - before - excluded)
    print(
        f"# full before: {len(before)}  full now: {len(after)}  pool: {len(new)}  "
        f"excluded: {len(excluded)}  seed: {args.seed}  count: {args.count}"
        + ("  weighted" if args.weighted else "")
    )
    if args.weighted:
        sample = weighted_sample(new, args.count, args.seed)
    else:
        sample = random.Random(args.seed).sample(new, min(args.count, len(new)))
    for name in sample:
        print(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
