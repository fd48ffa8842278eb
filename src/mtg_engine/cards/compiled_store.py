"""A shipped store of precompiled card abilities, so start-up needs no parser build.

Building the Oracle grammar's LALR tables takes a few seconds the first time
on a machine (Lark then caches them). The cards of the bundled decks and of
the seed pool are therefore shipped precompiled in ``data/compiled-cards.pickle``,
keyed by the compiler's source hash and each face's text: a stale entry (the
compiler or the card changed) is simply compiled again. Rebuild with
``python scripts/build_compiled_store.py``.
"""

from __future__ import annotations

import gc
import hashlib
import pickle
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .abilities import CompiledFace
from .model import CardFace

STORE_NAME = "compiled-cards.pickle"


@lru_cache(maxsize=1)
def compiler_hash() -> str:
    """A hash of the compiler's sources and the ability model (what the store depends on)."""
    h = hashlib.sha256()
    here = Path(__file__).parent
    files = sorted((here / "compiler").glob("*.py")) + sorted((here / "compiler").glob("*.lark"))
    files += [here / "abilities.py", here / "ability_kinds.py", here / "model.py"]
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def face_key(face: CardFace) -> tuple[str, str, tuple[str, ...]]:
    return (face.name, face.text or "", tuple(face.types))


@lru_cache(maxsize=1)
def _store() -> dict[Any, CompiledFace]:
    try:
        data = (resources.files("mtg_engine") / "data" / STORE_NAME).read_bytes()
        payload = pickle.loads(data)  # noqa: S301 - our own package data
    except (
        FileNotFoundError,
        OSError,
        pickle.UnpicklingError,
        EOFError,
        AttributeError,
        ImportError,
    ):
        return {}
    if not isinstance(payload, dict) or payload.get("compiler") != compiler_hash():
        return {}
    faces = payload.get("faces", {})
    _freeze_loaded()
    return faces


def _freeze_loaded() -> None:
    """Move the objects alive now (the store just loaded, the modules) out of the
    cyclic garbage collector's reach: they live as long as the process, and each
    full collection would otherwise traverse them all again (about 2% of a game's
    time). The garbage made so far is collected first, so none of it is kept."""
    gc.collect()
    gc.freeze()


def lookup(face: CardFace) -> CompiledFace | None:
    """The precompiled abilities of this face, if the store has a current entry."""
    return _store().get(face_key(face))


def build(faces: list[CardFace], path: Path) -> int:
    """Compile ``faces`` and write the store (used by the build script)."""
    # lazy: the Oracle compiler (Lark) is heavy; needed only for a card not in the store
    from .compiler import compile_face

    out = {face_key(f): compile_face(f) for f in faces}
    path.write_bytes(
        pickle.dumps({"compiler": compiler_hash(), "faces": out}, protocol=pickle.HIGHEST_PROTOCOL)
    )
    return len(out)
