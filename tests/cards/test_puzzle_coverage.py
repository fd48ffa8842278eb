"""The Forge puzzle boards as a target list (scripts/puzzle_coverage.py).

Counts the puzzles in ``../shared/puzzles/forge`` whose every card is fully
compiled (every sentence compiles and the engine runs every construct); skips
when the shared folder is absent.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from mtg_engine.cards.coverage import card_status
from mtg_engine.cards.database import CardDatabase, UnknownCardError
from mtg_engine.rules.support import face_unsupported

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT.parent.parent / "shared" / "puzzles" / "forge"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "puzzle_coverage", ROOT / "scripts" / "puzzle_coverage.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_puzzle_cards_reads_zones_and_skips_tokens_and_modifiers() -> None:
    text = (
        "[metadata]\nName:x\n[state]\nhumanlife=7\n"
        "humanbattlefield=City of Traitors;Isochron Scepter|Id:9|Imprinting:8;t:Saproling,P:1\n"
        "humanexile=Accumulated Knowledge|Id:8|ExiledWith:9\n"
        "aiprecast=Joraga Invocation;Deeproot Waters:TrigToken\n"
        "aihand=\n"
    )
    assert _script().puzzle_cards(text) == {
        "City of Traitors",
        "Isochron Scepter",
        "Accumulated Knowledge",
        "Joraga Invocation",
        "Deeproot Waters",
    }


@pytest.mark.skipif(not PUZZLES.is_dir(), reason="../shared/puzzles/forge is absent")
def test_puzzles_with_every_card_fully_compiled() -> None:
    """Session figure (issue 13): 3 of 83 before the breadth work, 4 after it; the
    floor below only guards against losing ground."""
    puzzle_cards = _script().puzzle_cards
    db = CardDatabase.default()
    status: dict[str, bool] = {}
    complete = 0
    files = sorted(PUZZLES.glob("*.pzl"))
    for path in files:
        ok = True
        for name in puzzle_cards(path.read_text(encoding="utf-8", errors="replace")):
            if name not in status:
                try:
                    st = card_status(db.get(name), engine=face_unsupported)
                    status[name] = st.status == "full"
                except UnknownCardError:
                    status[name] = False
            ok = ok and status[name]
        complete += ok
    assert len(files) == 83
    assert complete >= 4
