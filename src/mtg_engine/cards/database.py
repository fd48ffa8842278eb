"""The card file: a read-only SQLite database of :class:`CardData` records.

The package ships one card file (``mtg_engine/data/cards.db``, built by
``scripts/build_card_file.py``); ``mtg cards import`` writes another in the
same format from MTGJSON's AtomicCards file. :class:`CardDatabase` reads
either lazily: opening a file reads only its ``meta`` table, and a lookup by
name reads one index row and one card row, so start-up time and memory do not
depend on how many cards the file holds.

Format (``format_version`` 1)::

    meta  (key TEXT PRIMARY KEY, value)          -- format_version, card_count,
                                                 -- source, zdict, ...
    cards (id INTEGER PRIMARY KEY, name TEXT, layout TEXT, data BLOB)
    names (key TEXT PRIMARY KEY, card_id INTEGER, rank INTEGER) WITHOUT ROWID

``cards.id`` follows the order of the names (case-insensitive), so
``names()`` and ``iter_cards()`` come out sorted. ``cards.data`` is the card
as compact JSON (see :func:`card_to_json`), raw-deflate compressed with the
preset dictionary stored in ``meta.zdict`` (a sample of the cards' own JSON;
it lets each small record compress about as well as the whole file would).
``names.key`` is a normalized name (:func:`normalize_name`: case-, accent-
and apostrophe-insensitive); every card is indexed by its full name (rank 0),
its first face's name (rank 1) and its other faces' names (rank 2), so
"Assault" and "Battery" both find "Assault // Battery". When two cards claim
the same key the lower rank wins, so a card's own name always beats another
card's face name ("Ancestral Recall" is not the back of "Emeritus of
Ideation // Ancestral Recall").

A multi-face card may hold fewer faces than its name has parts when the data
it was built from lacked them (see :func:`missing_faces`).
"""

from __future__ import annotations

import difflib
import functools
import json
import os
import random
import re
import sqlite3
import threading
import unicodedata
import zlib
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from mtg_engine.cards.model import CardData, CardFace

__all__ = [
    "CARD_FILE_ENV",
    "FORMAT_VERSION",
    "CardDatabase",
    "CardFileError",
    "UnknownCardError",
    "card_from_json",
    "card_to_json",
    "missing_faces",
    "normalize_name",
    "shipped_card_file",
    "write_card_file",
]

#: Environment variable naming a card file to use instead of the shipped one.
CARD_FILE_ENV = "MTG_CARD_FILE"
#: Version of the card-file layout described in this module's docstring.
FORMAT_VERSION = 1
#: File name of the shipped card file inside ``mtg_engine/data``.
SHIPPED_FILE_NAME = "cards.db"

_ZDICT_SIZE = 32 * 1024  # deflate's window: a longer preset dictionary is not used
_ZDICT_SAMPLE_SEED = 0
_WBITS = -15  # raw deflate: no zlib header or checksum per record
_ITER_CHUNK = 512

_APOSTROPHES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u00e6": "ae",  # "Æther" (casefolded)
        "\u0153": "oe",
        "\u00df": "ss",
        "\ua789": ":",  # MODIFIER LETTER COLON, used in one card name
    }
)
_SPACES = re.compile(r"\s+")
_SLASHES = re.compile(r"\s*//\s*")


class CardFileError(Exception):
    """A card file is missing, unreadable or not in the expected format."""


class UnknownCardError(KeyError):
    """No card of the card file has this name (nor a face with this name)."""

    def __init__(self, name: str, suggestions: Iterable[str] = ()) -> None:
        self.name = name
        self.suggestions: tuple[str, ...] = tuple(suggestions)
        super().__init__(name)

    @property
    def message(self) -> str:
        """A sentence for people: the unknown name and the closest known names."""
        text = f"unknown card {self.name!r}"
        if self.suggestions:
            text += "; did you mean " + ", ".join(repr(s) for s in self.suggestions) + "?"
        return text

    def __str__(self) -> str:  # KeyError would print the repr of the name only
        return self.message


def normalize_name(name: str) -> str:
    """The lookup key of a card name: case-, accent- and quote-style-insensitive.

    ``"Lim-Dûl's Vault"``, ``"lim-dul's vault"`` and ``"Lim-Dul’s Vault"`` all
    give ``"lim-dul's vault"``; runs of spaces collapse and ``"Fire//Ice"``
    becomes ``"fire // ice"``.
    """
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = stripped.casefold().translate(_APOSTROPHES)
    folded = _SLASHES.sub(" // ", folded)
    return _SPACES.sub(" ", folded).strip()


def missing_faces(card: CardData) -> tuple[str, ...]:
    """Names of faces the card's name announces but its record lacks.

    The shipped file was built from data that holds only the first face of
    most multi-face cards (e.g. "Alive // Well" has no "Well" face); such a
    card returns ``("Well",)``. Cards whose faces are complete return ``()``.
    """
    parts = card.name.split(" // ")
    if len(parts) <= 1 or len(card.faces) >= len(parts):
        return ()
    have = {face.name for face in card.faces}
    missing = [part for part in parts if part not in have]
    return tuple(missing[: len(parts) - len(card.faces)])


# --------------------------------------------------------------------------- JSON form

_FACE_STR_FIELDS = ("mana_cost", "type_line", "text", "power", "toughness", "loyalty", "defense")
_FACE_TUPLE_FIELDS = ("supertypes", "types", "subtypes", "color_indicator")


def card_to_json(card: CardData) -> dict[str, Any]:
    """The JSON-able form of a card stored in a card file (defaults omitted).

    Keys are the :class:`CardData`/:class:`CardFace` field names; a face's
    ``name`` is omitted when it equals the card's name.
    """
    faces: list[dict[str, Any]] = []
    for face in card.faces:
        out: dict[str, Any] = {}
        if face.name != card.name:
            out["name"] = face.name
        for key in _FACE_STR_FIELDS:
            value = getattr(face, key)
            if value:
                out[key] = value
        for key in _FACE_TUPLE_FIELDS:
            value = getattr(face, key)
            if value:
                out[key] = list(value)
        faces.append(out)
    obj: dict[str, Any] = {"name": card.name, "layout": card.layout, "faces": faces}
    if card.keywords:
        obj["keywords"] = list(card.keywords)
    return obj


def card_from_json(obj: Mapping[str, Any]) -> CardData:
    """The :class:`CardData` stored as ``obj`` (the inverse of :func:`card_to_json`)."""
    name = obj["name"]
    faces = []
    for face in obj.get("faces", ()):
        faces.append(
            CardFace(
                name=face.get("name", name),
                mana_cost=face.get("mana_cost"),
                type_line=face.get("type_line", ""),
                supertypes=tuple(face.get("supertypes", ())),
                types=tuple(face.get("types", ())),
                subtypes=tuple(face.get("subtypes", ())),
                text=face.get("text", ""),
                power=face.get("power"),
                toughness=face.get("toughness"),
                loyalty=face.get("loyalty"),
                defense=face.get("defense"),
                color_indicator=tuple(face.get("color_indicator", ())),
            )
        )
    return CardData(
        name=name,
        layout=obj.get("layout", "normal"),
        faces=tuple(faces),
        keywords=tuple(obj.get("keywords", ())),
    )


def _encode(card: CardData) -> bytes:
    return json.dumps(card_to_json(card), ensure_ascii=False, separators=(",", ":")).encode()


def _compress(data: bytes, zdict: bytes) -> bytes:
    comp = zlib.compressobj(9, zlib.DEFLATED, _WBITS, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
    return comp.compress(data) + comp.flush()


def _decompress(blob: bytes, zdict: bytes) -> bytes:
    decomp = zlib.decompressobj(_WBITS, zdict)
    return decomp.decompress(blob) + decomp.flush()


# --------------------------------------------------------------------------- writing


def write_card_file(
    cards: Iterable[CardData],
    path: str | os.PathLike[str],
    *,
    source: str,
    meta: Mapping[str, str | int] | None = None,
) -> int:
    """Write ``cards`` as a card file at ``path``; return the number of cards.

    The file is written next to ``path`` and renamed into place, so a reader
    never sees half a file. ``source`` (free text) says where the cards came
    from; ``meta`` adds entries to the ``meta`` table. Output is
    deterministic: the same cards give the same bytes.

    Raises :class:`ValueError` if two cards have the same normalized name or
    a card has no face.
    """
    by_key: dict[str, CardData] = {}
    for card in cards:
        if not card.faces:
            raise ValueError(f"card {card.name!r} has no face")
        key = normalize_name(card.name)
        if key in by_key:
            raise ValueError(f"two cards named {by_key[key].name!r} and {card.name!r}")
        by_key[key] = card
    ordered = sorted(by_key.values(), key=lambda c: (normalize_name(c.name), c.name))
    blobs = [_encode(card) for card in ordered]
    zdict = _train_zdict(blobs)

    index: dict[str, tuple[int, int]] = {}  # key -> (rank, card id)
    for card_id, card in enumerate(ordered, start=1):
        parts = card.name.split(" // ")
        face_names = [face.name for face in card.faces]
        candidates = [(0, card.name)] + [(1, parts[0]), (1, face_names[0])]
        candidates += [(2, n) for n in parts[1:] + face_names[1:]]
        for rank, name in candidates:
            key = normalize_name(name)
            if key and (key not in index or index[key] > (rank, card_id)):
                index[key] = (rank, card_id)

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp)
    ok = False
    try:
        conn.executescript(
            """
            PRAGMA journal_mode = OFF;
            PRAGMA page_size = 4096;
            CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
            CREATE TABLE cards (
                id INTEGER PRIMARY KEY, name TEXT NOT NULL, layout TEXT NOT NULL,
                data BLOB NOT NULL
            );
            CREATE TABLE names (
                key TEXT PRIMARY KEY, card_id INTEGER NOT NULL, rank INTEGER NOT NULL
            ) WITHOUT ROWID;
            """
        )
        entries: dict[str, Any] = {
            "format_version": FORMAT_VERSION,
            "card_count": len(ordered),
            "source": source,
            "zdict": zdict,
        }
        entries.update(meta or {})
        with conn:
            conn.executemany("INSERT INTO meta VALUES (?, ?)", sorted(entries.items()))
            conn.executemany(
                "INSERT INTO cards VALUES (?, ?, ?, ?)",
                (
                    (card_id, card.name, card.layout, _compress(blob, zdict))
                    for card_id, (card, blob) in enumerate(zip(ordered, blobs, strict=True), 1)
                ),
            )
            conn.executemany(
                "INSERT INTO names VALUES (?, ?, ?)",
                ((key, cid, rank) for key, (rank, cid) in sorted(index.items())),
            )
        conn.execute("VACUUM")
        ok = True
    finally:
        conn.close()
        if not ok:
            tmp.unlink(missing_ok=True)
    os.replace(tmp, target)
    return len(ordered)


def _train_zdict(blobs: list[bytes]) -> bytes:
    """A preset deflate dictionary: a fixed pseudo-random sample of the records."""
    if not blobs:
        return b""
    rng = random.Random(_ZDICT_SAMPLE_SEED)
    order = list(range(len(blobs)))
    rng.shuffle(order)
    sample = bytearray()
    for i in order:
        if len(sample) >= _ZDICT_SIZE:
            break
        sample += blobs[i]
    return bytes(sample[-_ZDICT_SIZE:])


# --------------------------------------------------------------------------- reading


def shipped_card_file() -> Path:
    """Path of the card file shipped in the package (``mtg_engine/data/cards.db``)."""
    return Path(__file__).resolve().parent.parent / "data" / SHIPPED_FILE_NAME


class CardDatabase:
    """Read-only, lazy access to a card file: look cards up by name.

    ``CardDatabase.default()`` is the card file to use (``$MTG_CARD_FILE`` or
    the shipped file), ``CardDatabase.shipped()`` always the shipped file,
    ``CardDatabase(path)`` any card file. Loaded cards are kept in an LRU
    cache of ``cache_size`` entries; the same name gives the same object while
    it stays cached. Safe to share between threads; after ``fork`` the child
    opens its own connection.
    """

    _instances: dict[Path, CardDatabase] = {}
    _instances_lock = threading.Lock()

    def __init__(self, path: str | os.PathLike[str], *, cache_size: int = 4096) -> None:
        self.path = Path(path).expanduser().resolve()
        if not self.path.is_file():
            raise CardFileError(f"card file not found: {self.path}")
        self._immutable = self.path == shipped_card_file().resolve()
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._pid = -1
        meta = dict(self._query("SELECT key, value FROM meta", what="its meta table"))
        version = meta.get("format_version")
        if version != FORMAT_VERSION:
            raise CardFileError(
                f"{self.path}: card-file format version {version!r}, expected {FORMAT_VERSION}"
                " (rebuild it with `mtg cards import`)"
            )
        self._zdict: bytes = meta.pop("zdict", b"")
        self.meta: dict[str, Any] = meta
        self._count = int(meta.get("card_count", 0))
        self._card_by_id = functools.lru_cache(maxsize=cache_size)(self._load_card)
        self._resolve = functools.lru_cache(maxsize=cache_size)(self._lookup_key)

    # -- construction ------------------------------------------------------------

    @classmethod
    def default(cls) -> CardDatabase:
        """The card file in use: ``$MTG_CARD_FILE`` if set, else the shipped one (cached)."""
        override = os.environ.get(CARD_FILE_ENV)
        if override:
            return cls._cached(Path(override))
        return cls.shipped()

    @classmethod
    def shipped(cls) -> CardDatabase:
        """The card file shipped in the package (cached)."""
        return cls._cached(shipped_card_file())

    @classmethod
    def _cached(cls, path: Path) -> CardDatabase:
        resolved = path.expanduser().resolve()
        with cls._instances_lock:
            db = cls._instances.get(resolved)
            if db is None:
                db = cls._instances[resolved] = cls(resolved)
            return db

    # -- SQLite access ---------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None or self._pid != os.getpid():
            uri = self.path.as_uri() + ("?immutable=1" if self._immutable else "?mode=ro")
            self._conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
            self._pid = os.getpid()
        return self._conn

    def _query(self, sql: str, params: tuple[Any, ...] = (), *, what: str) -> list[Any]:
        with self._lock:
            try:
                return self._connection().execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                raise CardFileError(
                    f"{self.path} is not a readable card file (reading {what}: {exc})"
                ) from exc

    def close(self) -> None:
        """Close the underlying connection (it reopens on next use)."""
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn = None

    # -- lookups ---------------------------------------------------------------------

    def _lookup_key(self, key: str) -> int | None:
        rows = self._query("SELECT card_id FROM names WHERE key = ?", (key,), what="the names")
        return rows[0][0] if rows else None

    def _load_card(self, card_id: int) -> CardData:
        rows = self._query("SELECT data FROM cards WHERE id = ?", (card_id,), what="a card")
        if not rows:
            raise CardFileError(f"{self.path}: name index points at missing card {card_id}")
        return self._decode(rows[0][0])

    def _decode(self, blob: bytes) -> CardData:
        try:
            return card_from_json(json.loads(_decompress(blob, self._zdict)))
        except (zlib.error, ValueError, KeyError, TypeError) as exc:
            raise CardFileError(f"{self.path}: corrupt card record ({exc})") from exc

    def get(self, name: str) -> CardData:
        """The card with this name or face name; raises :class:`UnknownCardError`.

        Case, accents and apostrophe style do not matter: ``get("fire")`` and
        ``get("FIRE // ICE")`` both give "Fire // Ice".
        """
        if not isinstance(name, str):
            raise TypeError(f"card name must be a str, not {type(name).__name__}")
        card_id = self._resolve(normalize_name(name))
        if card_id is None:
            raise UnknownCardError(name, self.suggest(name))
        return self._card_by_id(card_id)

    def __getitem__(self, name: str) -> CardData:
        return self.get(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._resolve(normalize_name(name)) is not None

    def __len__(self) -> int:
        return self._count

    def names(self) -> list[str]:
        """The full name of every card, in name order (reads no card data)."""
        return [row[0] for row in self._query("SELECT name FROM cards ORDER BY id", what="names")]

    def iter_cards(self, *, layouts: Iterable[str] | None = None) -> Iterator[CardData]:
        """Every card, in name order, decoded in chunks (not cached: memory stays flat).

        ``layouts`` keeps only cards of those layouts (e.g. ``{"normal"}``).
        """
        wanted = None if layouts is None else set(layouts)
        last = 0
        while True:
            rows = self._query(
                "SELECT id, layout, data FROM cards WHERE id > ? ORDER BY id LIMIT ?",
                (last, _ITER_CHUNK),
                what="the cards",
            )
            if not rows:
                return
            for card_id, layout, blob in rows:
                last = card_id
                if wanted is None or layout in wanted:
                    yield self._decode(blob)

    def __iter__(self) -> Iterator[CardData]:
        return self.iter_cards()

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        """Card names close to ``name``, best first (reads names only, no card data).

        Near-identical spellings come first ("Lightnig Bolt"), then names that
        contain ``name`` as whole words, prefixes first ("Delver" → "Delver of
        Secrets // ..."), then looser spellings and plain substrings.
        """
        key = normalize_name(name)
        if not key:
            return []
        # Read afresh on each miss (a miss is rare): memory stays flat.
        display: dict[str, str] = dict(
            self._query(
                "SELECT n.key, c.name FROM names n JOIN cards c ON c.id = n.card_id",
                what="the names",
            )
        )
        close = difflib.get_close_matches(key, display, n=limit * 2, cutoff=0.7)
        matcher = difflib.SequenceMatcher(b=key)
        strong: list[str] = []
        weak: list[str] = []
        for match in close:
            matcher.set_seq1(match)
            (strong if matcher.ratio() >= 0.85 else weak).append(match)
        words = re.compile(rf"(?<![\w']){re.escape(key)}(?![\w'])")
        by_word = sorted(
            (k for k in display if words.search(k)),
            key=lambda k: (not k.startswith(key), len(k), k),
        )
        contains = sorted((k for k in display if key in k), key=lambda k: (len(k), k))
        ranked = strong + by_word[:limit] + weak + (contains[:limit] if len(key) >= 3 else [])
        return list(dict.fromkeys(display[k] for k in ranked))[:limit]

    def cache_info(self) -> functools._CacheInfo:
        """Hits, misses and size of the cache of loaded cards."""
        return self._card_by_id.cache_info()

    def __repr__(self) -> str:
        return f"CardDatabase({str(self.path)!r}, cards={self._count})"
