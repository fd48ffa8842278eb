"""Face-down spells and permanents (CR 708) and the abilities that make them:
morph and megamorph (702.37), disguise (702.168), manifest (701.40), cloak
(701.58), manifest dread (701.62), and effects that turn permanents face down.

A face-down object's characteristics are those listed by the ability or rule
that turned it face down (CR 708.2): for morph, megamorph, manifest, manifest
dread and effects that list nothing, a 2/2 creature with no text, name,
subtypes or mana cost (708.2a); disguise and cloak add ward {2} (702.168a,
701.58a). These are its copiable values (layer 1b, CR 613.2b), so a copy of a
face-down permanent is a face-up nameless 2/2 (CR 707.2) and a face-down
permanent that becomes a copy of something stays a face-down 2/2 until it's
turned face up (CR 708.10).

How it was turned face down is kept in ``obj.chosen["face_down_as"]``
(``"morph"`` when absent): ``"morph"``, ``"megamorph"``, ``"disguise"``,
``"manifest"``, ``"manifest_dread"``, ``"cloak"``, ``"effect"``.

Turning a face-down permanent face up (CR 708.8) is
:mod:`mtg_engine.rules.face_turning` (it needs the permanent's full
characteristics, which depend on this module); the special action that pays for
it (CR 116.2b) and putting cards onto the battlefield face down (701.40a) are
:mod:`mtg_engine.rules.face_up_action`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, AbilityKind
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import GameObject, Zone
from .char_values import Chars, Values, finish_abilities
from .support import register_keywords

if TYPE_CHECKING:
    from ..game.state import Game

#: kinds of face-down objects whose listed characteristics include ward {2}
WARD_KINDS: Final = frozenset(("disguise", "cloak"))
#: kinds whose creature card may be turned face up for its mana cost (701.40b, 701.58b)
MANIFEST_KINDS: Final = frozenset(("manifest", "manifest_dread", "cloak"))
#: keyword -> (rule for turning face up, label)
FACE_UP_KEYWORDS: Final[dict[str, str]] = {
    "Morph": "702.37e",
    "Megamorph": "702.37e",
    "Disguise": "702.168d",
}

_WARD_2: Final = Ability(
    AbilityKind.STATIC, text="Ward {2}", keyword="Ward", keyword_args={"cost": "{2}"}
)
_VALUES: Final[dict[bool, Chars]] = {}


def face_down_kind(obj: GameObject) -> str:
    """How the object was turned face down (``"morph"`` if unrecorded)."""
    ch = obj.chosen
    return str(ch.get("face_down_as") or "morph") if ch else "morph"


def face_down_values(obj: GameObject) -> Chars:
    """CR 708.2a: a 2/2 creature with no text, name, subtypes or mana cost
    (plus ward {2} for disguise and cloak, CR 702.168a, 701.58a); shared records."""
    listed = obj.chosen.get("face_down_values") if obj.chosen else None
    if listed:
        return _listed_values(listed)
    ward = face_down_kind(obj) in WARD_KINDS
    c = _VALUES.get(ward)
    if c is None:
        c = Chars()
        c.types = frozenset(("Creature",))
        c.power = 2
        c.toughness = 2
        c.abilities = (_WARD_2,) if ward else ()
        finish_abilities(c)
        _VALUES[ward] = c
    return c


def _listed_values(listed: dict[str, Any]) -> Chars:
    """CR 708.2: the characteristics the effect that put it face down lists
    ("It's a 3/3 creature with ..."): no name, color, subtypes or mana cost."""

    c = Chars()
    c.types = frozenset(listed.get("types") or ("Creature",))
    c.power = int(listed.get("power", 2))
    c.toughness = int(listed.get("toughness", 2))
    c.abilities = tuple(listed.get("abilities") or ())
    finish_abilities(c)
    return c


def face_down_snapshot(obj: GameObject) -> Values:
    """The face-down values as copiable values (CR 708.2, 707.2): what a copy of
    a face-down permanent gets."""

    listed = obj.chosen.get("face_down_values") if obj.chosen else None
    if listed:
        return Values(
            types=frozenset(listed.get("types") or ("Creature",)),
            power=int(listed.get("power", 2)),
            toughness=int(listed.get("toughness", 2)),
            abilities=tuple(listed.get("abilities") or ()),
        )
    ward = face_down_kind(obj) in WARD_KINDS
    return Values(
        types=frozenset(("Creature",)),
        power=2,
        toughness=2,
        abilities=(_WARD_2,) if ward else (),
    )


# ---------------------------------------------------------------------------
# Turning face down and face up
# ---------------------------------------------------------------------------


def set_face_down(obj: GameObject, kind: str) -> None:
    """Mark ``obj`` face down, remembering how (CR 708.2)."""
    obj.face_down = True
    obj.chosen = {**(obj.chosen or {}), "face_down_as": kind}


def turn_face_down(
    game: Game, obj: GameObject, kind: str = "effect", rules: tuple[str, ...] = ("708.2a",)
) -> bool:
    """Turn a face-up permanent face down (CR 708.2a). A face-down permanent
    can't be turned face down again (708.2b). It gets a new timestamp (613.7f)."""
    if obj.face_down or obj.zone != Zone.BATTLEFIELD:
        if obj.face_down:
            game.emit(
                EventKind.NO_EFFECT, ("708.2b",), "A face-down permanent can't be turned face down"
            )
        return False
    name = obj.name
    set_face_down(obj, kind)
    obj.timestamp = game.new_timestamp()  # CR 613.7f
    game.invalidate()
    game.emit(
        EventKind.TURNED_FACE_DOWN, (*rules, "613.7f"), f"{name} is turned face down", obj=obj.id
    )
    return True


def _on_leave(game: Game, ev: Any, subject: GameObject | None) -> None:
    d = ev.data
    if subject is None or not subject.face_down:
        return
    if d.get("from_zone") == "battlefield" or (
        d.get("from_zone") == "stack" and d.get("to_zone") != "battlefield"
    ):
        game.emit(
            EventKind.REVEAL,
            ("708.9",),
            f"The face-down {'permanent' if d.get('from_zone') == 'battlefield' else 'spell'} "
            f"is revealed as it leaves: it's {subject.card.faces[0].name if subject.card.faces else subject.card.name}",
            card=subject.card.name,
        )


def _on_game_end(game: Game, ev: Any, subject: GameObject | None) -> None:
    """CR 708.9: at the end of the game, all face-down permanents and spells are revealed."""
    hidden = [
        game.objects[o] for o in (*game.battlefield, *game.stack) if game.objects[o].face_down
    ]
    for o in hidden:
        game.emit(
            EventKind.REVEAL,
            ("708.9",),
            f"At the end of the game the face-down object is revealed: it's {o.card.faces[0].name}",
            card=o.card.name,
        )


on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("battlefield", None), ("stack", None)])(
    _on_leave
)
on_event(EventKind.WIN_GAME, EventKind.DRAW_GAME, rules=True)(_on_game_end)


def _register_support() -> None:
    register_keywords("Morph", "Megamorph", "Disguise")  # CR 702.37, 702.168 (turning face up)


_register_support()


_FD_KEY: Final = "face_down_present"


def face_down_permanents_exist(game: Game) -> bool:
    """Whether any permanent is face down (cached with the characteristics)."""
    got = game._chars.get(_FD_KEY)
    if got is None:
        got = any(map(_IS_FACE_DOWN, map(game.objects.__getitem__, game.battlefield)))
        game._chars[_FD_KEY] = got
    return bool(got)


_IS_FACE_DOWN: Final = attrgetter("face_down")


# ---------------------------------------------------------------------------
# Illusionary Mask: a face-down creature that turns face up "instead"
# ---------------------------------------------------------------------------

#: the face-down kind of a creature spell cast by Illusionary Mask's ability
MASK: Final = "mask"


def is_masked(obj: GameObject | None) -> bool:
    """A face-down permanent that Illusionary Mask's replacement effect watches: "if the
    creature that spell becomes ... has not been turned face up"."""
    return obj is not None and obj.face_down and face_down_kind(obj) == MASK
