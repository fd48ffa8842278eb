"""The optional mypyc build (scripts/build_mypyc.py) plays exactly as the interpreted
engine does: same seeds, same games, to the last logged event.

Slow (a build takes 8-10 minutes on 2 cores): ``python -m pytest -m slow
tests/test_mypyc_build.py``. The build is made in a copy of ``src/``, never in the
working tree. Skipped when mypyc, a C compiler or the Python headers are missing.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: plays a few games in a fresh process; prints, per game, the result and a digest
#: of the final state (its JSON form, log included, but its random token), and where
#: the engine came from
_PLAY = """
import hashlib, json, sys
from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import load_deck
from mtg_engine.game import state
from mtg_engine.rules.setup import new_game
from mtg_engine.sim import game_seed
decks = [load_deck(n).card_defs() for n in ("red-green", "white-blue")]
out = {"state_module": state.__file__, "games": []}
for kind in ("random", "heuristic"):
    for i in range(int(sys.argv[1])):
        seed = game_seed(5, i)
        game = new_game(decks, seed=seed)
        agents = [make_agent(kind, seed + p) for p in (0, 1)]
        while game.outcome is None and game.turn <= 60:
            game.apply(agents[game.pending.player].choose(game))
        final = json.dumps(game.to_json(), sort_keys=True, default=str)
        final = final.replace(game.token, "")  # (random in every game: secrets.token_hex)
        out["games"].append([kind, seed, game.turn, game.decisions_made,
                             str(game.outcome), hashlib.sha256(final.encode()).hexdigest()])
print(json.dumps(out))
"""


def _missing() -> str | None:
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (pip install mypy)"
    if shutil.which(os.environ.get("CC", "gcc")) is None:
        return "no C compiler (apt-get install build-essential)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (apt-get install python3-dev)"
    return None


def _play(src: Path, games: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=src,
    )
    result: dict = json.loads(done.stdout)
    return result


@pytest.mark.slow
def test_compiled_games_equal_interpreted_games(tmp_path: Path) -> None:
    missing = _missing()
    if missing:
        pytest.skip(missing)
    src = tmp_path / "src"
    shutil.copytree(
        ROOT / "src",
        src,
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"),
    )
    interpreted = _play(src, 3)
    assert interpreted["state_module"].endswith("state.py")
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_mypyc.py"), "--src", str(src)],
        check=True,
        capture_output=True,
    )
    compiled = _play(src, 3)
    assert not compiled["state_module"].endswith(".py"), compiled["state_module"]
    assert compiled["games"] == interpreted["games"]
