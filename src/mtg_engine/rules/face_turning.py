"""Turning face-down permanents face up (CR 708.8) and the face-down rules that
need a permanent's full characteristics: what it would be face up (702.37e,
708.10), the ways it may be turned face up (702.37e, 702.168d, 701.40b, 701.58b),
Illusionary Mask's "turned face up instead" (614.1a) and effects that turn
permanents matching a filter face down (Ixidron, 614.12).

The face-down values themselves (CR 708.2) are :mod:`mtg_engine.rules.face_down`;
the special action that pays for turning face up (CR 116.2b) is
:mod:`mtg_engine.rules.face_up_action`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, EachRef, Filter
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from .char_values import Chars
from .characteristics import chars
from .copy import copiable_values
from .counters import put_counters
from .face_down import (
    FACE_UP_KEYWORDS,
    MANIFEST_KINDS,
    face_down_kind,
    face_down_permanents_exist,
    is_masked,
    turn_face_down,
)
from .filters import objects_matching
from .multiface import build_printed
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game


def turn_face_down_each(game: Game, src: GameObject, effect: Any) -> None:
    """An "as this enters, turn ... face down" effect (Ixidron: all other nontoken
    creatures), from the permanent's own ability (CR 614.12)."""
    what = effect.args.get("what")
    flt = what.filter if isinstance(what, EachRef) else Filter(kinds=("Creature",))
    for o in objects_matching(game, flt, src.controller, src):
        if o.id != src.id:
            turn_face_down(game, o, "effect")


def face_up_values(game: Game, obj: GameObject) -> Chars:
    """What the permanent would be if it were face up (CR 702.37e, 708.10)."""
    return copiable_values(game, obj, face_up=True)


def face_up_options(game: Game, obj: GameObject) -> list[tuple[str, str, str]]:
    """The ways ``obj`` may be turned face up as a special action:
    ``(via, cost, rule)``. Empty when it can't (e.g. a Clone copying a
    face-down creature is face up; a face-down copy of a creature without
    morph has no morph cost, CR 707.3 examples)."""
    if not obj.face_down or obj.zone != Zone.BATTLEFIELD:
        return []
    out: list[tuple[str, str, str]] = []
    for a in _abilities_if_face_up(game, obj):
        rule = FACE_UP_KEYWORDS.get(a.keyword or "")
        if rule is not None and a.keyword_args.get("cost") is not None:
            out.append((a.keyword.lower(), str(a.keyword_args["cost"]), rule))  # type: ignore[union-attr]
    kind = face_down_kind(obj)
    if kind in MANIFEST_KINDS:
        card = build_printed(obj.card, 0)
        if "Creature" in card.types and card.mana_cost:  # CR 701.40b, 701.58b
            out.append(("mana_cost", card.mana_cost, "701.58b" if kind == "cloak" else "701.40b"))
    return out


def _abilities_if_face_up(game: Game, obj: GameObject) -> tuple[Ability, ...]:
    """The abilities the permanent would have if it were face up, continuous effects
    included (CR 702.37e: "what the permanent's morph cost would be if it were face
    up"; Humility removing morph leaves no cost to pay, ruling 502.26.7). Worked out by
    looking at it face up for a moment (the cached characteristics are forgotten before
    and after, so nothing computed meanwhile stays); the answer is cached until the
    characteristics change."""
    key = ("face_up_abilities", obj.id)
    got = game._chars.get(key)
    if got is None:
        obj.face_down = False
        game.invalidate()
        try:
            got = tuple(chars(game, obj).abilities)
        finally:
            obj.face_down = True
            game.invalidate()
        game._chars[key] = got
    return got


def turn_face_up(
    game: Game,
    obj: GameObject,
    rules: tuple[str, ...] = ("708.8",),
    megamorph: bool = False,
) -> bool:
    """CR 708.8: its copiable values revert to its normal ones (including copy
    effects, 708.10); effects on it keep applying; it gets a new timestamp
    (613.7f); enters abilities don't apply. A manifested or cloaked instant or
    sorcery card is revealed and stays face down (701.40g, 701.58g)."""
    if not obj.face_down:
        return False
    kind = face_down_kind(obj)
    if kind in MANIFEST_KINDS:
        card = build_printed(obj.card, 0)
        if card.types & {"Instant", "Sorcery"}:
            game.emit(
                EventKind.REVEAL,
                ("701.40g",),
                f"The face-down permanent is revealed: {card.name} — it stays face down",
                card=card.name,
            )
            return False
    obj.face_down = False
    ch = dict(obj.chosen or {})
    ch.pop("face_down_as", None)
    obj.chosen = ch or None
    obj.timestamp = game.new_timestamp()  # CR 613.7f
    if megamorph:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + 1  # CR 702.37b
    game.invalidate()
    c = chars(game, obj)
    name = c.name or obj.name
    for a in c.abilities:
        for st in a.static:
            if st.op == AS_TURNED_FACE_UP:
                # CR 614.1e: "As this creature is turned face up, put four +1/+1
                # counters on it": it is turned face up with them
                why = f" as {name} is turned face up"
                put_counters(
                    game,
                    obj,
                    str(st.args["counter"]),
                    int(st.args["amount"]),
                    ("614.1e", "122.1"),
                    why,
                )
    game.emit(
        EventKind.TURNED_FACE_UP,
        (*rules, "708.8", "613.7f") + (("702.37b",) if megamorph else ()),
        f"{game.players[obj.controller].name} turns a face-down permanent face up: it's {name}"
        + (" (with a +1/+1 counter)" if megamorph else ""),
        subject=obj,
        obj=obj.id,
        card=name,
        player=obj.controller,
    )
    return True


#: "As this creature is turned face up, ..." (CR 614.1e)
AS_TURNED_FACE_UP = "as_turned_face_up"
register(f"static:{AS_TURNED_FACE_UP}")


def unmask(game: Game, objs: list[GameObject], why: str) -> None:
    """CR 614.1a: "if it would assign or deal damage, be dealt damage, or become tapped,
    instead it's turned face up and assigns or deals damage, is dealt damage, or becomes
    tapped" — it's turned face up (708.8) just before that event, which then happens to
    the face-up creature."""
    for o in objs:
        if is_masked(o) and o.zone == Zone.BATTLEFIELD:
            game.emit(
                EventKind.REPLACEMENT,
                ("614.1a",),
                f"A face-down creature would {why}: it's turned face up instead (Illusionary Mask)",
                obj=o.id,
            )
            turn_face_up(game, o, ("614.1a",))


def unmask_combat(game: Game, dealers: list[int]) -> None:
    """Before combat damage is assigned (CR 510.1): the masked creatures that would
    assign combat damage, and those in combat with them that would be dealt it."""
    if not face_down_permanents_exist(game) or game.combat is None:
        return
    combat = game.combat
    involved: set[int] = set()
    for oid in dealers:
        involved.add(oid)
        if oid in combat.attackers:
            involved.update(b for b, atts in combat.blockers.items() if oid in atts)
        else:
            involved.update(combat.blockers.get(oid, ()))
    objs = [game.objects[o] for o in sorted(involved) if o in game.objects]
    unmask(game, [o for o in objs if is_masked(o)], "assign or be dealt combat damage")
