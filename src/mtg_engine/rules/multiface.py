"""Cards with more than one face: split (CR 709), flip (710), double-faced (712),
meld (712.4, 701.42) and adventurer cards (715).

Which face's characteristics an object has depends on the card's layout, its
zone and its status (CR 110.5): :func:`printed_key` names the right set and
:func:`build_printed` builds it (once per card and key; the result is cached
in the card definition by :func:`mtg_engine.rules.characteristics.printed`).

* Split cards (CR 709): off the stack, both halves combined — two names,
  combined mana cost (so colors and mana value come from it, 709.4b), every
  type and ability (709.4c); on the stack only the half being cast (709.3b),
  unless fused (709.4d).
* Flip cards (CR 710): the alternative name, text, type line and P/T on the
  battlefield once flipped; mana cost and color stay (710.1c, 710.2).
* Double-faced cards (CR 712.8): the front face except on the stack or the
  battlefield with the back face up; a transformed back face's mana value is
  its front face's (712.8c, 712.8e); a melded permanent's is the sum of its
  front faces' (712.8g).
* Adventurer cards (CR 715.4): the normal characteristics except as an
  Adventure spell on the stack (715.3b); exiled as it resolves (715.3d).

Transforming, flipping and melding, and the characteristics of the face a spell
is cast with, read the full characteristics: they are
:mod:`mtg_engine.rules.multiface_play`.
"""

from __future__ import annotations

import functools
from typing import Any, Final

from ..cards.database import CardDatabase
from ..cards.definitions import card_def
from ..cards.model import COLORS, mana_value_of
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import CardDef, GameObject, Zone
from . import face_down as _face_down  # noqa: F401  (hook order is import order: see below)
from .char_values import Chars, pt_value

#: layouts whose second face is the back of a double-faced card (CR 712)
DFC_LAYOUTS: Final = frozenset(
    ("transform", "modal_dfc", "meld", "double_faced_token", "reversible_card")
)
SPLIT_LAYOUTS: Final = frozenset(("split", "aftermath"))
_ON_STACK_OR_FIELD: Final = (Zone.BATTLEFIELD, Zone.STACK)


def layout(card: CardDef) -> str:
    return card.data.layout


def printed_key(obj: GameObject) -> Any:
    """Which set of printed characteristics ``obj`` has now (a cache key)."""
    card = obj.card
    if len(card.faces) < 2:
        return 0
    lay = card.data.layout
    zone = obj.zone
    if lay in SPLIT_LAYOUTS:
        if zone == Zone.STACK and not (obj.chosen and obj.chosen.get("fused")):
            return obj.face  # CR 709.3b: only the half being cast
        return "split"  # CR 709.4 / 709.4d
    if lay == "flip":
        return 1 if zone == Zone.BATTLEFIELD and obj.face == 1 else 0  # CR 710.2
    if lay in ("adventure", "prepare"):
        return 1 if zone == Zone.STACK and obj.face == 1 else 0  # CR 715.3b-4
    if lay == "meld":
        if zone == Zone.BATTLEFIELD and obj.face == 1:
            partner = (obj.chosen or {}).get("melded_with")
            return ("melded", partner)  # CR 712.8g
        return 0  # CR 712.8b
    if lay in DFC_LAYOUTS:
        if zone in _ON_STACK_OR_FIELD and obj.face == 1:
            return ("back", lay)  # CR 712.8c-f
        return 0  # CR 712.8a
    return obj.face if zone in _ON_STACK_OR_FIELD else 0


def build_printed(card: CardDef, key: Any) -> Chars:
    """The printed characteristics named by ``key`` (before derived abilities)."""

    faces = card.faces
    if key == "split":
        return _combined(card)
    if isinstance(key, tuple) and key and key[0] == "melded":
        c = _face(card, 1)
        front_mv = faces[0].mana_value
        partner = key[1]
        if partner:
            try:
                front_mv += card_def(str(partner)).faces[0].mana_value
            except Exception:  # noqa: BLE001 - an unknown partner adds nothing
                pass
        c.mana_value = front_mv  # CR 712.8g
        return c
    if isinstance(key, tuple) and key and key[0] == "back":
        c = _face(card, 1)
        if key[1] == "transform" or key[1] == "meld":
            c.mana_value = faces[0].mana_value  # CR 712.8c, 712.8e
        return c
    if card.data.layout == "flip" and key == 1:
        c = _face(card, 1)
        front = faces[0]
        c.mana_cost = front.mana_cost  # CR 710.1c: mana cost and color don't change
        c.mana_value = front.mana_value
        c.colors = frozenset(front.colors)
        return c
    if not faces:
        c = Chars()
        c.name = card.name
        return c
    return _face(card, int(key) if isinstance(key, int) and key < len(faces) else 0)


def _face(card: CardDef, i: int) -> Chars:

    face = card.faces[i]
    c = Chars()
    c.name = face.name
    c.colors = frozenset(face.colors)
    c.types = frozenset(face.types)
    c.subtypes = frozenset(face.subtypes)
    c.supertypes = frozenset(face.supertypes)
    c.power = pt_value(face.power)
    c.toughness = pt_value(face.toughness)
    c.loyalty = pt_value(face.loyalty)
    c.defense = pt_value(face.defense)
    c.mana_cost = face.mana_cost
    c.mana_value = face.mana_value
    c.abilities = card.compiled[i].abilities if i < len(card.compiled) else ()
    return c


def _combined(card: CardDef) -> Chars:
    """CR 709.4: a split card's two halves combined."""

    a, b = card.faces[0], card.faces[1]
    c = Chars()
    c.names = (a.name, b.name)
    c.name = f"{a.name} // {b.name}"
    cost = (a.mana_cost or "") + (b.mana_cost or "")
    c.mana_cost = cost or None  # CR 709.4b: the combined mana costs
    c.mana_value = mana_value_of(c.mana_cost)
    colors = set(a.colors) | set(b.colors)
    c.colors = frozenset(x for x in COLORS if x in colors)
    c.types = frozenset(a.types) | frozenset(b.types)  # CR 709.4c
    c.subtypes = frozenset(a.subtypes) | frozenset(b.subtypes)
    c.supertypes = frozenset(a.supertypes) | frozenset(b.supertypes)
    abilities: tuple = ()
    for i in range(min(2, len(card.compiled))):
        abilities = abilities + card.compiled[i].abilities
    c.abilities = abilities
    return c


# ---------------------------------------------------------------------------
# Transforming, converting, flipping, melding
# ---------------------------------------------------------------------------


def note_split_mana_value(game: Any, obj: GameObject, mana_value: int) -> None:
    """Log that an effect used a split card's combined mana value (CR 709.4b), so a
    judge reading the log sees why Assault // Battery counts as 5."""
    if obj.card.data.layout in SPLIT_LAYOUTS and obj.zone != Zone.STACK:
        game.emit(
            EventKind.MANA_VALUE,
            ("709.4b",),
            f"{obj.card.name} has mana value {mana_value} (its halves' combined mana cost)",
        )


def is_double_faced(obj: GameObject) -> bool:
    """CR 712.9: represented by a double-faced card or token (not a meld card)."""
    card = obj.card
    return card.data.layout in DFC_LAYOUTS and card.data.layout != "meld" and len(card.faces) > 1


def adventure_exile(obj: GameObject) -> bool:
    """CR 715.3d: a spell cast as an Adventure is exiled instead of going to the
    graveyard as it resolves (the controller may cast the creature later)."""
    return (
        obj.zone == Zone.STACK
        and obj.card.data.layout == "adventure"
        and len(obj.card.faces) > 1
        and obj.face == 1
        and not (obj.chosen or {}).get("spell_copy")
    )


def meldable(a: GameObject, b: GameObject) -> bool:
    """CR 701.42b-c: only the two cards of one meld pair can be melded (not tokens
    or copies that merely share a name)."""
    return (
        a.card.data.layout == "meld"
        and b.card.data.layout == "meld"
        and not a.is_token
        and not b.is_token
        and len(a.card.faces) > 1
        and a.card.faces[1].name == _meld_result(b)
        and a.card.faces[0].name != b.card.faces[0].name
    )


@functools.lru_cache(maxsize=64)
def meld_partner_name(card_name: str) -> str | None:
    """The front-face name of the other card of ``card_name``'s meld pair (CR 712.4):
    the meld card with the same combined back face, from the card data."""

    db = CardDatabase.default()
    try:
        me = db.get(card_name)
    except KeyError:
        return None
    if me.layout != "meld" or len(me.faces) < 2:
        return None
    back = me.faces[1].name
    front = me.faces[0].name
    for other in db.iter_cards(layouts={"meld"}):
        if len(other.faces) > 1 and other.faces[1].name == back and other.faces[0].name != front:
            return other.faces[0].name
    return None


def _meld_result(card_obj: GameObject) -> str | None:
    faces = card_obj.card.faces
    return faces[1].name if len(faces) > 1 else None


def _on_melded_leaves(game: Any, ev: Any, subject: GameObject | None) -> None:
    """CR 712.4a: a melded permanent is two cards; when it leaves, both go."""
    d = ev.data
    if subject is None or d.get("from_zone") != "battlefield":
        return
    ch = subject.chosen or {}
    partner = ch.get("melded_with")
    if not partner:
        return

    to = Zone.BY_NAME.get(str(d.get("to_zone")), Zone.GRAVEYARD)
    owner = int(ch.get("meld_partner_owner", subject.owner))
    try:
        o = game.create_card(card_def(str(partner)), owner, to)
    except Exception:  # noqa: BLE001 - an unknown partner card
        return
    uid = ch.get("meld_uid")
    if isinstance(uid, int):  # the same physical card as before it was melded (CR 400.7)
        game.uid_to_obj.pop(o.card_uid, None)
        o.card_uid = uid
        game.uid_to_obj[uid] = o.id
    main = game.objects.get(d.get("obj"))
    if main is not None:
        # CR 712.21c: an effect that finds the new object finds both cards
        main.chosen = {**(main.chosen or {}), "left_with": o.id}
    game.emit(
        EventKind.ZONE_CHANGE,
        ("712.4a",),
        f"{o.name} also moves to {Zone.NAMES[to]}",
        obj=o.id,
        card=o.name,
        from_zone="battlefield",
        to_zone=Zone.NAMES[to],
        controller=owner,
    )


# after face_down's (imported above): a face-down melded permanent is revealed (CR 708.9)
# before its other card moves
on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("battlefield", None)])(_on_melded_leaves)


def left_with(game: Any, oid: int) -> list[int]:
    """The other card a melded permanent became as it left the battlefield, when
    ``oid`` is one of them (CR 712.21c: an effect that finds the new object finds
    both cards); none otherwise."""
    o = game.objects.get(oid)
    other = (o.chosen or {}).get("left_with") if o is not None else None
    return [other] if isinstance(other, int) and other in game.objects else []
