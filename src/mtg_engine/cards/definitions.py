"""Card definitions for the engine: a card's faces plus its compiled abilities.

:func:`card_def` looks a card up in the card database and compiles each
face's Oracle text once (cached for the process); :func:`token_def` builds
the definition of a token from its characteristics (CR 111.4). Definitions are
immutable and shared by every game and clone.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from typing import Any

from ..game.objects import CardDef
from ..game.serialize import decode, encode
from . import compiled_store
from .abilities import CompiledFace
from .database import CardDatabase
from .model import CardData, CardFace


def compile_card(data: CardData) -> tuple[CompiledFace, ...]:
    """Each face's abilities: from the shipped precompiled store when current,
    otherwise from the compiler (which builds its parser on first use)."""
    out = []
    for f in data.faces:
        compiled = compiled_store.lookup(f)
        if compiled is None:
            # lazy: the Oracle compiler (Lark) is heavy; needed only for a card not in the store
            from .compiler import compile_face

            compiled = compile_face(f)
        out.append(compiled)
    return tuple(out)


@cache
def card_def(name: str) -> CardDef:
    """The definition of the card with this name (raises UnknownCardError)."""

    data = CardDatabase.default().get(name)
    return CardDef(data.name, data, compile_card(data))


def token_def(spec: dict[str, Any]) -> CardDef:
    """A token's definition from its characteristics (CR 111.4)."""
    if spec.get("emblem"):
        return emblem_def(spec)
    # the key is the spec's exact structural encoding (the saved game's): the same
    # characteristics give the same key whatever the order of a mapping's items, and
    # the abilities a spec holds come back as records, not as their text
    return _token_def(json.dumps(encode(spec), sort_keys=True))


def emblem_def(spec: dict[str, Any]) -> CardDef:
    """An emblem's definition (CR 114): a name, no types, no mana cost, colorless
    (CR 114.3), and the abilities the effect gave it (``spec["abilities"]``, compiled
    ability records). ``spec`` round-trips through a saved game like a token's."""
    name = str(spec.get("name") or "Emblem")
    abilities = tuple(spec.get("abilities") or ())
    face = CardFace(
        name=name,
        mana_cost=None,
        type_line="Emblem",
        supertypes=(),
        types=(),
        subtypes=(),
        text="\n".join(a.text for a in abilities if getattr(a, "text", "")),
    )
    data = CardData(name=name, layout="emblem", faces=(face,))
    return CardDef(name, data, (CompiledFace(abilities=abilities),), token_spec=dict(spec))


@lru_cache(maxsize=4096)
def _token_def(key: str) -> CardDef:
    spec = decode(json.loads(key))
    face = _token_face(spec)
    name = face.name
    if isinstance(spec.get("back"), dict):
        # a double-faced token (CR 111.10i, 712.2): the Incubator's back face
        data = CardData(
            name=name, layout="double_faced_token", faces=(face, _token_face(spec["back"]))
        )
    else:
        data = CardData(name=name, layout="token", faces=(face,))
    compiled = compile_card(data)
    given = tuple(spec.get("abilities") or ())
    if given:
        # 'a ... token with "Whenever you gain life, put a +1/+1 counter on this
        # token."': the abilities the effect gives the token, compiled with the
        # effect's text, are printed abilities of the token (CR 111.4)
        front = compiled[0]
        compiled = (CompiledFace(front.abilities + given, front.unparsed), *compiled[1:])
    return CardDef(name, data, compiled, token_spec=spec)


def _token_face(spec: dict[str, Any]) -> CardFace:
    """One face of a token from its characteristics (CR 111.4: a token with no
    name given is named for its subtypes)."""
    types = tuple(spec.get("types") or ("Creature",))
    subtypes = tuple(spec.get("subtypes") or ())
    name = spec.get("name") or " ".join(subtypes) or "Token"
    colors = spec.get("colors") or ()
    letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    keywords = list(spec.get("keywords") or ())
    text_parts = [k for k in keywords]
    if spec.get("abilities_text"):
        text_parts.append(spec["abilities_text"])
    return CardFace(
        name=name,
        mana_cost=None,
        type_line=" ".join((*spec.get("supertypes", ()), *types))
        + (" — " + " ".join(subtypes) if subtypes else ""),
        supertypes=tuple(spec.get("supertypes") or ()),
        types=types,
        subtypes=subtypes,
        text="\n".join(text_parts),
        power=None if spec.get("power") is None else str(spec["power"]),
        toughness=None if spec.get("toughness") is None else str(spec["toughness"]),
        color_indicator=tuple(letters[c] for c in colors if c in letters),
    )
