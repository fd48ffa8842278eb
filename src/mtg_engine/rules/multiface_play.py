"""Multi-face cards in play: transforming (CR 701.27-701.28, 712.8), flipping
(710.2), melding (701.42, 712.4) and the characteristics of the face a spell is
cast with (709.3, 712.11, 715.3).

Which face is up and what it prints is :mod:`mtg_engine.rules.multiface`, which
the characteristics build on; these procedures read the characteristics and
move objects, so they sit above them.
"""

from __future__ import annotations

from typing import Any

from ..game.events import EventKind
from ..game.hooks import CONDITIONS
from ..game.objects import GameObject, Zone
from .characteristics import chars, compute_framed
from .multiface import is_double_faced, meld_partner_name, meldable
from .permanents import enter_battlefield
from .zones import move

#: keywords whose permanents transform only by them (CR 702.145b, 702.145e)
_DAY_NIGHT_BOUND = frozenset(("Daybound", "Nightbound"))


def transform(
    game: Any,
    obj: GameObject,
    rules: tuple[str, ...] = ("701.27a",),
    since: int | None = None,
    verb: str = "transforms",
    day_night: bool = False,
) -> bool:
    """CR 701.27 / 701.28: turn a double-faced permanent to its other face.

    Nothing happens for a permanent that isn't a double-faced card or token
    (701.27c — a Clone copying a double-faced permanent, 712.9 example) or
    when the other face is an instant or sorcery (701.27d, 712.10). A permanent
    with daybound or nightbound transforms only by those abilities (``day_night``,
    CR 702.145b, 702.145e). ``since``:
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
    if not day_night:
        bound = chars(game, obj).keywords & _DAY_NIGHT_BOUND
        if bound:
            game.emit(
                EventKind.NO_EFFECT,
                ("702.145b", "702.145e"),
                f"{obj.name} can't transform except due to its "
                f"{' or '.join(sorted(bound)).lower()} ability",
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
    game.emit(EventKind.FLIP, rules, f"{before} flips into {chars(game, obj).name}", obj=obj.id)
    return True


def meld(
    game: Any, a: GameObject, b: GameObject, controller: int, rules: tuple[str, ...] = ("701.42a",)
) -> int | None:
    """CR 701.42a: exile both and put them onto the battlefield as one melded
    permanent with the combined back face (712.4a, 712.8g). Cards that aren't a
    meld pair stay where they are (701.42b-c)."""
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


CONDITIONS.setdefault("meld_pair", _meld_pair_holds)


def cast_chars(game: Any, obj: GameObject, face: int = 0, fused: bool = False) -> Any:
    """The characteristics ``obj`` would have as a spell cast with ``face`` up: only
    that half of a split card (CR 709.3a-b), the Adventure (715.3a-b), the chosen
    face of a modal double-faced card (712.11b-c); with ``fused``, both halves of a
    split card combined (CR 702.102b, 709.4d). What casting evaluates (costs,
    types, timing, targets) before the card is put on the stack."""
    if len(obj.card.faces) < 2 and obj.zone == Zone.STACK:
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
    c = compute_framed(game, probe)
    game._chars[key] = c
    return c
