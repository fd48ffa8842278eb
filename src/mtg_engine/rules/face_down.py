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

Turning a face-down permanent face up (CR 708.8) is a special action
(CR 116.2b) for a permanent that would have a morph or disguise cost if it
were face up (702.37e, 702.168d), or a manifested or cloaked creature card
(its mana cost, 701.40b, 701.58b): :func:`face_up_options`,
:func:`turn_face_up_problem`, :func:`turn_face_up_action`. Its enters
abilities don't apply (708.8); megamorph adds a +1/+1 counter (702.37b).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, EachRef, Filter
from ..game.actions import TurnFaceUp
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import GameObject, Zone
from .support import register_keywords

if TYPE_CHECKING:
    from ..game.state import Game
    from .characteristics import Chars, Values

#: kinds of face-down objects whose listed characteristics include ward {2}
WARD_KINDS = frozenset(("disguise", "cloak"))
#: kinds whose creature card may be turned face up for its mana cost (701.40b, 701.58b)
MANIFEST_KINDS = frozenset(("manifest", "manifest_dread", "cloak"))
#: keyword -> (rule for turning face up, label)
FACE_UP_KEYWORDS: dict[str, str] = {
    "Morph": "702.37e",
    "Megamorph": "702.37e",
    "Disguise": "702.168d",
}

_WARD_2 = Ability(AbilityKind.STATIC, text="Ward {2}", keyword="Ward", keyword_args={"cost": "{2}"})
_VALUES: dict[bool, Chars] = {}


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
        # import cycle: rules.characteristics imports this module
        from .characteristics import Chars, finish_abilities

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
    # import cycle: rules.characteristics imports this module
    from .characteristics import Chars, finish_abilities

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
    # import cycle: rules.characteristics imports this module
    from .characteristics import Values

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


def turn_face_down_each(game: Game, src: GameObject, effect: Any) -> None:
    """An "as this enters, turn ... face down" effect (Ixidron: all other nontoken
    creatures), from the permanent's own ability (CR 614.12)."""
    # import cycle: rules.filters imports this module (via rules.characteristics)
    from .filters import objects_matching

    what = effect.args.get("what")
    flt = what.filter if isinstance(what, EachRef) else Filter(kinds=("Creature",))
    for o in objects_matching(game, flt, src.controller, src):
        if o.id != src.id:
            turn_face_down(game, o, "effect")


def face_up_values(game: Game, obj: GameObject) -> Chars:
    """What the permanent would be if it were face up (CR 702.37e, 708.10)."""
    # import cycle: rules.characteristics imports this module
    from .characteristics import copiable_values

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
        # imported here: importing multiface first would put its zone-change hook
        # before this module's (their order is behaviour, see engine.py)
        from .multiface import build_printed

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
    # import cycle: rules.characteristics imports this module
    from .characteristics import chars

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


def _pick(options: list[tuple[str, str, str]], via: str | None) -> tuple[str, str, str] | None:
    if not options:
        return None
    if via is None:
        return options[0]
    for o in options:
        if o[0] == via.lower():
            return o
    return None


def turn_face_up_problem(
    game: Game,
    player: int,
    oid: int,
    via: str | None = None,
    payment: tuple[int, ...] | None = None,
) -> str | None:
    """Why ``player`` can't turn ``oid`` face up now (CR 116.2b, 702.37e), or None."""
    # import cycle: rules.mana imports this module (via rules.combat)
    from . import mana as mana_rules

    o = game.objects.get(oid)
    if o is None or o.zone != Zone.BATTLEFIELD or o.phased_out:
        return "that isn't a permanent on the battlefield (rule 702.37e)"
    if not o.face_down:
        return "that permanent isn't face down (rule 702.37e)"
    if o.controller != player:
        return "you don't control that permanent (rule 702.37e)"
    opt = _pick(face_up_options(game, o), via)
    if opt is None:
        return (
            "it wouldn't have a morph or disguise cost if it were face up, and it isn't a "
            "manifested or cloaked creature card (rules 702.37e, 702.168d, 701.40b)"
        )
    cost = mana_rules.parse_cost(opt[1])
    sources = mana_rules.sources_from_ids(game, player, payment) if payment else None
    if payment and sources is None:
        return "those permanents can't pay the cost (rule 601.2h)"
    if not mana_rules.can_pay(game, player, cost, sources):
        return f"you can't pay {opt[1]} (rule {opt[2]})"
    return None


def turn_face_up_action(
    game: Game,
    player: int,
    oid: int,
    via: str | None = None,
    payment: tuple[int, ...] | None = None,
) -> None:
    """CR 116.2b, 702.37e, 702.168d, 701.40b: pay the cost and turn it face up
    (a special action; it doesn't use the stack)."""
    # import cycle: rules.mana imports this module (via rules.combat)
    from . import mana as mana_rules

    o = game.objects[oid]
    opt = _pick(face_up_options(game, o), via)
    assert opt is not None
    cost = mana_rules.parse_cost(opt[1])
    sources = mana_rules.sources_from_ids(game, player, payment) if payment else None
    plan = mana_rules.plan_payment(game, player, cost, sources)
    assert plan is not None
    mana_rules.execute_plan(game, player, cost, plan, "turning a face-down permanent face up")
    turn_face_up(game, o, ("116.2b", opt[2]), megamorph=opt[0] == "megamorph")


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
        # imported here: importing multiface first would put its zone-change hook
        # before this module's (their order is behaviour, see engine.py)
        from .multiface import build_printed

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
    # import cycle: rules.characteristics imports this module
    from .characteristics import chars

    name = chars(game, obj).name or obj.name
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


def special_actions(game: Game, player: int) -> list[Any]:
    """The turn-face-up special actions ``player`` may take now (CR 116.2b)."""
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.face_down and o.controller == player and not o.phased_out:
            for via, _cost, _rule in face_up_options(game, o):
                if turn_face_up_problem(game, player, oid, via) is None:
                    out.append(TurnFaceUp(oid, via))
    return out


# ---------------------------------------------------------------------------
# Putting cards onto the battlefield face down (manifest, cloak)
# ---------------------------------------------------------------------------


def put_face_down(
    game: Game, player: int, oid: int, kind: str, rules: tuple[str, ...]
) -> int | None:
    """CR 701.40a, 701.58a: turn the card face down and put it onto the battlefield
    (it's face down before it enters: no enters abilities, 708.3)."""
    # import cycle: rules.permanents imports this module (via rules.characteristics)
    from .permanents import enter_battlefield

    return enter_battlefield(game, oid, controller=player, rules=rules, face_down=kind)


def reveal_face_down(game: Game, obj: GameObject, rule: str = "708.9") -> None:
    """CR 708.9: a face-down permanent or spell leaving, or at the end of the game,
    is revealed to all players."""
    # import cycle: rules.characteristics imports this module
    from .characteristics import printed

    name = printed(obj).name if obj.zone != Zone.BATTLEFIELD else obj.name
    game.emit(
        EventKind.REVEAL, (rule,), f"The face-down object is revealed: it's {name}", card=name
    )


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


_FD_KEY = "face_down_present"


def face_down_permanents_exist(game: Game) -> bool:
    """Whether any permanent is face down (cached with the characteristics)."""
    got = game._chars.get(_FD_KEY)
    if got is None:
        got = any(map(_IS_FACE_DOWN, map(game.objects.__getitem__, game.battlefield)))
        game._chars[_FD_KEY] = got
    return bool(got)


_IS_FACE_DOWN = attrgetter("face_down")


# ---------------------------------------------------------------------------
# Illusionary Mask: a face-down creature that turns face up "instead"
# ---------------------------------------------------------------------------

#: the face-down kind of a creature spell cast by Illusionary Mask's ability
MASK = "mask"


def is_masked(obj: GameObject | None) -> bool:
    """A face-down permanent that Illusionary Mask's replacement effect watches: "if the
    creature that spell becomes ... has not been turned face up"."""
    return obj is not None and obj.face_down and face_down_kind(obj) == MASK


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


def mana_cost_payable_from(cost: str | None, spent: list[str]) -> bool:
    """Whether a mana cost "could be paid by some amount of, or all of" the mana in
    ``spent`` (letters such as ``["G", "G"]``): each colored symbol by mana of its
    color, each hybrid symbol by one of its halves, the generic part by what's left;
    X is 0 (CR 107.3, 107.4)."""
    # import cycle: rules.mana imports this module (via rules.combat)
    from . import mana as mana_rules

    need = mana_rules.parse_cost(cost)
    pool = list(spent)
    for sym in need.colored:
        if sym not in pool:
            return False
        pool.remove(sym)
    for sym in need.phyrexian:
        if sym not in pool:
            return False
        pool.remove(sym)
    for h in need.hybrid:
        for part in h:
            if part.isdigit() and len(pool) >= int(part):
                del pool[: int(part)]
                break
            if part in pool:
                pool.remove(part)
                break
        else:
            return False
    return len(pool) >= need.generic + need.snow
