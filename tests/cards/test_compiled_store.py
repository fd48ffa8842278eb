"""The shipped precompiled store is current (rebuild: python scripts/build_compiled_store.py)."""

from __future__ import annotations

from mtg_engine.cards import compiled_store
from mtg_engine.cards.compiler import compile_face
from mtg_engine.cards.database import CardDatabase


def test_store_is_current_and_equals_the_compiler():
    store = compiled_store._store()
    assert store, (
        "data/compiled-cards.pickle is stale or missing: run scripts/build_compiled_store.py"
    )
    db = CardDatabase.default()
    for name in ("Lightning Bolt", "Man-o'-War", "Shivan Dragon", "Clone"):
        for face in db.get(name).faces:
            assert compiled_store.lookup(face) == compile_face(face)
