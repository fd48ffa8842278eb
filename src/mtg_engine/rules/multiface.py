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

Actions: :func:`transform` (CR 701.27, convert 701.28), :func:`flip`
(710.2), :func:`meld` (701.42).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..cards.database import CardDatabase
from ..cards.definitions import card_def
from ..cards.model import COLORS
from ..game.events import EventKind
from ..game.hooks import CONDITIONS, on_event
from ..game.objects import CardDef, GameObject, Zone

if TYPE_CHECKING:
    from .characteristics import Chars

#: layouts whose second face is the back of a double-faced card (CR 712)
DFC_LAYOUTS = frozenset(("transform", "modal_dfc", "meld", "double_faced_token", "reversible_card"))
SPLIT_LAYOUTS = frozenset(("split", "aftermath"))
_ON_STACK_OR_FIELD = (Zone.BATTLEFIELD, Zone.STACK)


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
    # import cycle: rules.characteristics imports this module
    from .characteristics import Chars

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
    # import cycle: rules.characteristics imports this module
    from .characteristics import Chars, pt_value

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
    # import cycle: rules.characteristics imports this module
    from .characteristics import Chars, mana_value_of

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


def transform(
    game: Any,
    obj: GameObject,
    rules: tuple[str, ...] = ("701.27a",),
    since: int | None = None,
    verb: str = "transforms",
) -> bool:
    """CR 701.27 / 701.28: turn a double-faced permanent to its other face.

    Nothing happens for a permanent that isn't a double-faced card or token
    (701.27c — a Clone copying a double-faced permanent, 712.9 example) or
    when the other face is an instant or sorcery (701.27d, 712.10). ``since``:
    the timestamp of the ability doing it; if the permanent has transformed
    since, the instruction is ignored (701.27f). The permanent gets a new
    timestamp (CR 613.7g).
    """
    if obj.zone != Zone.BATTLEFIELD or obj.phased_out:
        return False
    if not is_double_faced(obj):
        game.emit(
            EventKind.NO_EFFECT,
            ("701.27c", "712.9"),
            f"{obj.name} can't transform: it isn't a double-faced card",
        )
        return False
    other = 1 - obj.face if obj.face in (0, 1) else 0
    face = obj.card.faces[other]
    if set(face.types) & {"Instant", "Sorcery"}:
        game.emit(
            EventKind.NO_EFFECT,
            ("701.27d", "712.10"),
            f"{obj.name} can't transform into an instant or sorcery face",
        )
        return False
    last = (obj.chosen or {}).get("transformed_at")
    if since is not None and last is not None and last > since:
        game.emit(
            EventKind.NO_EFFECT, ("701.27f",), f"{obj.name} has already transformed since then"
        )
        return False
    before = obj.name
    obj.face = other
    obj.timestamp = game.new_timestamp()  # CR 613.7g
    obj.chosen = {**(obj.chosen or {}), "transformed_at": obj.timestamp}
    game.invalidate()
    # import cycle: rules.characteristics imports this module
    from .characteristics import chars

    after = chars(game, obj).name or obj.name
    game.emit(
        EventKind.TRANSFORM,
        (*rules, "712.8d" if other == 0 else "712.8e", "613.7g"),
        f"{before} {verb} into {after}",
        subject=obj,
        obj=obj.id,
        into=after,
        card=after,
    )
    return True


def flip(game: Any, obj: GameObject, rules: tuple[str, ...] = ("710.2",)) -> bool:
    """CR 710.2, 710.4: a flip card permanent flips (one way) to its alternative
    characteristics; mana cost and color stay (710.1c)."""
    if obj.zone != Zone.BATTLEFIELD or obj.card.data.layout != "flip" or len(obj.card.faces) < 2:
        return False
    if obj.face == 1:
        return False  # CR 710.4: it can't flip again
    before = obj.name
    obj.face = 1
    game.invalidate()
    # import cycle: rules.characteristics imports this module
    from .characteristics import chars

    game.emit(EventKind.FLIP, rules, f"{before} flips into {chars(game, obj).name}", obj=obj.id)
    return True


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


def meld(
    game: Any, a: GameObject, b: GameObject, controller: int, rules: tuple[str, ...] = ("701.42a",)
) -> int | None:
    """CR 701.42a: exile both and put them onto the battlefield as one melded
    permanent with the combined back face (712.4a, 712.8g). Cards that aren't a
    meld pair stay where they are (701.42b-c)."""
    # import cycle: rules.zones imports this module (via rules.characteristics)
    from .zones import move

    if not meldable(a, b):
        game.emit(
            EventKind.NO_EFFECT, ("701.42b", "701.42c"), f"{a.name} and {b.name} can't be melded"
        )
        return None
    ea = move(game, a.id, Zone.EXILE, rules, reason="is exiled to meld")
    eb = move(game, b.id, Zone.EXILE, rules, reason="is exiled to meld")
    if ea is None or eb is None:
        return None
    pb = game.objects[eb]
    partner = pb.card.name
    game.exile.remove(eb)
    del game.objects[eb]
    # import cycle: rules.permanents imports this module (via rules.characteristics)
    from .permanents import enter_battlefield

    new = enter_battlefield(
        game,
        ea,
        controller=controller,
        rules=rules,
        face=1,
        chosen={"melded_with": partner, "meld_partner_owner": pb.owner, "meld_uid": pb.card_uid},
    )
    if new is not None:
        result = game.objects[new].card.faces[1].name
        game.emit(
            EventKind.MELDED,
            ("701.42a", "712.4a"),
            f"{game.objects[new].card.faces[0].name} and {partner.split(' // ')[0]} are melded into {result}",
            obj=new,
        )
    return new


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


def meld_pair_partner(
    game: Any, source: GameObject | None, controller: int, card_type: str
) -> GameObject | None:
    """CR 712.4a: "if you both own and control <source> and a <type> named <partner>":
    the partner permanent, or None when the condition doesn't hold."""
    found = meld_pair_partners(game, source, controller, card_type)
    return found[0] if found else None


def meld_pair_partners(
    game: Any, source: GameObject | None, controller: int, card_type: str
) -> list[GameObject]:
    """Every permanent that can be ``source``'s partner in "if you both own and
    control <source> and a <type> named <partner>" (CR 712.4a); the controller
    chooses one of them when the ability resolves."""
    # import cycle: rules.characteristics imports this module
    from .characteristics import chars

    if source is None or source.zone != Zone.BATTLEFIELD:
        return []
    if source.owner != controller or source.controller != controller:
        return []
    partner = meld_partner_name(source.card.name)
    if partner is None:
        return []
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o is source or o.owner != controller or o.controller != controller or o.phased_out:
            continue
        c = chars(game, o)
        if c.name == partner and (not card_type or card_type in c.types):
            out.append(o)
    return out


def _meld_pair_holds(game: Any, cond: Any, controller: int, source: Any) -> bool:
    """The condition of a meld ability (CR 712.4a, 603.4)."""
    return (
        meld_pair_partner(game, source, controller, str(cond.args.get("type", "Creature")))
        is not None
    )


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


on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("battlefield", None)])(_on_melded_leaves)
CONDITIONS.setdefault("meld_pair", _meld_pair_holds)


def cast_chars(game: Any, obj: GameObject, face: int = 0, fused: bool = False) -> Any:
    """The characteristics ``obj`` would have as a spell cast with ``face`` up: only
    that half of a split card (CR 709.3a-b), the Adventure (715.3a-b), the chosen
    face of a modal double-faced card (712.11b-c); with ``fused``, both halves of a
    split card combined (CR 702.102b, 709.4d). What casting evaluates (costs,
    types, timing, targets) before the card is put on the stack."""
    # import cycle: rules.layers imports this module (via rules.copy)
    from .layers import compute

    if len(obj.card.faces) < 2 and obj.zone == Zone.STACK:
        # import cycle: rules.characteristics imports this module
        from .characteristics import chars

        return chars(game, obj)
    key = ("cast_chars", obj.id, face, fused)
    got = game._chars.get(key)
    if got is not None:
        return got
    probe = obj.copy()
    probe.zone = Zone.STACK
    probe.face = face if 0 <= face < len(obj.card.faces) else 0
    if fused:
        probe.chosen = {**(probe.chosen or {}), "fused": True}
    saved = game._chars.get(obj.id)
    try:
        c = compute(game, probe)
    finally:
        if saved is None:
            game._chars.pop(obj.id, None)
        else:
            game._chars[obj.id] = saved
    game._chars[key] = c
    return c


def left_with(game: Any, oid: int) -> list[int]:
    """The other card a melded permanent became as it left the battlefield, when
    ``oid`` is one of them (CR 712.21c: an effect that finds the new object finds
    both cards); none otherwise."""
    o = game.objects.get(oid)
    other = (o.chosen or {}).get("left_with") if o is not None else None
    return [other] if isinstance(other, int) and other in game.objects else []
