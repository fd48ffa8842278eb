"""Replacement effects that change where an object goes (CR 614.1a, 614.6).

Registered with the event pipeline (rules/pipeline.py) for ``zone_change``
events, before the object moves:

* the moving object's own statics: "If this would die, <move it> instead"
  (``replace_die``), "If this would be put into a graveyard from anywhere,
  <move it> instead" (``replace_put_into_graveyard``), "If this would leave
  the battlefield, exile it instead of putting it anywhere else"
  (``replace_leave_exile``);
* a finality counter on the permanent (CR 122.1h);
* a spell cast by an effect that says "if that spell would be put into your
  graveyard, exile it instead" (``cast_exile_instead``; the cast record);
* other permanents' statics: "If a card or token would be put into a
  graveyard from anywhere, exile it instead" (Rest in Peace; Leyline of the
  Void: "... into an opponent's graveyard ...") — ``graveyard_to_exile``;
* "Creature cards in graveyards and libraries can't enter the battlefield"
  (Grafdigger's Cage, 614.17d): a prohibition (CR 101.2), ``cant_enter_battlefield``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import AbilityKind, Filter, StaticEffect
from ..game.events import EventKind
from ..game.hooks import cast_record, condition
from ..game.objects import GameObject, Zone
from .characteristics import chars
from .damage_history import dealt_damage_by_this_turn
from .filters import matches_object
from .multiface import adventure_exile
from .pipeline import (
    Replacement,
    prohibition,
    replacement_finder,
    static_replacement,
    static_sources,
    then_hook,
)
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

_DESTINATIONS: Final[dict[str, int]] = {
    "exile": Zone.EXILE,
    "return_to_hand": Zone.HAND,
    "put_on_library": Zone.LIBRARY,
    "shuffle_into_library": Zone.LIBRARY,
}

_VERBS: Final = {
    Zone.EXILE: "exiles it",
    Zone.HAND: "puts it into its owner's hand",
    Zone.LIBRARY: "puts it into its owner's library",
}


def _to(zone: int, how: str, name: str) -> Any:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["to"] = zone
        if how:
            ev["how"] = how
        verb = "shuffles it into its owner's library" if how == "shuffle" else _VERBS[zone]
        return f"{name} {verb} instead"

    return apply


def _onto_battlefield(name: str) -> Any:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["to"] = Zone.BATTLEFIELD  # under its owner's control (CR 110.2)
        return f"{name} is put onto the battlefield instead"

    return apply


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(Zone.BATTLEFIELD, None), (None, Zone.GRAVEYARD)])
def own_statics(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """The moving object's own "... instead" statics (CR 614.1a, 614.6)."""
    obj = game.objects[ev["obj"]]
    frm, to = ev["from"], ev["to"]
    if frm == Zone.BATTLEFIELD:
        if obj.face_down and not (obj.chosen and "face_down_values" in obj.chosen):
            return []  # CR 708.2a: a plain face-down permanent has no abilities
    elif to != Zone.GRAVEYARD:
        return []
    c = chars(game, obj)
    out: list[Replacement] = []
    for ai, a in enumerate(c.abilities):
        if a.kind is not AbilityKind.STATIC or not a.static:
            continue
        for si, st in enumerate(a.static):
            key = f"own:{ai}:{si}"
            if st.op == "replace_leave_exile":
                if frm == Zone.BATTLEFIELD and to != Zone.EXILE:
                    out.append(
                        Replacement(key, c.name, ("614.1a", "614.6"), _to(Zone.EXILE, "", c.name))
                    )
                continue
            if to != Zone.GRAVEYARD or obj.face_down:
                continue
            if st.op == "replace_discarded":
                # "If a spell or ability an opponent controls causes you to discard this
                # card, put it onto the battlefield instead" (CR 614.1a, 701.9a): only a
                # discard an opponent's spell or ability makes (the event's ``by``)
                by = ev.get("by")
                if frm == Zone.HAND and ev["cause"] == "discard" and by not in (None, obj.owner):
                    out.append(
                        Replacement(key, c.name, ("614.1a", "701.9a"), _onto_battlefield(c.name))
                    )
                continue
            if st.op == "replace_die":
                # CR 700.4: "dies" = put into a graveyard from the battlefield
                if frm != Zone.BATTLEFIELD or "Creature" not in c.types:
                    continue
            elif st.op != "replace_put_into_graveyard":
                continue
            for e in st.args.get("effects") or ():
                dest = _DESTINATIONS.get(e.op)
                if dest is not None:
                    how = "shuffle" if e.op == "shuffle_into_library" else ""
                    out.append(
                        Replacement(key, c.name, ("614.1a", "614.6"), _to(dest, how, c.name))
                    )
                    break
    return out


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(Zone.STACK, Zone.GRAVEYARD)])
def cast_exile_instead(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """ "You may cast target instant card from your graveyard ... If that spell would be
    put into your graveyard, exile it instead." (Torrential Gearhulk; CR 614.1a): the
    spell cast that way is exiled instead, as it resolves or is countered (its cast
    record says so, CR 601.2i)."""
    rec = cast_record(game, ev["obj"])
    by = rec.get("exile_instead") if rec else None
    if not by:
        return []
    name = str(by)
    return [Replacement("cast_exile_instead", name, ("614.1a",), _to(Zone.EXILE, "", name))]


@static_replacement("graveyard_to_exile", EventKind.ZONE_CHANGE)
def graveyard_to_exile(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """Rest in Peace: "If a card or token would be put into a graveyard from
    anywhere, exile it instead"; Leyline of the Void: "... into an opponent's
    graveyard ..." (CR 614.1a, 614.6)."""
    if ev["to"] != Zone.GRAVEYARD:
        return None
    obj = game.objects[ev["obj"]]
    args = st.args
    if obj.is_token and not args.get("tokens"):
        return None
    whose = args.get("whose", "any")
    if whose == "opponent" and not game.is_opponent(src.controller, obj.owner):  # CR 102.3
        return None
    if whose == "you" and obj.owner != src.controller:
        return None
    kind = args.get("card_type")
    if kind and kind not in chars(game, obj).types:
        return None
    if args.get("dies") and ev["from"] != Zone.BATTLEFIELD:
        return None  # CR 700.4: "dies" is from the battlefield
    if args.get("controlled_by") == "opponent" and not game.is_opponent(
        src.controller, obj.controller
    ):  # CR 102.3
        return None
    if args.get("damaged_by_source") and not dealt_damage_by_this_turn(game, src, obj.id):
        return None  # "a creature dealt damage by this creature this turn" (CR 120.3)
    c = chars(game, src)
    name = c.name
    to_exile = _to(Zone.EXILE, "", name)
    if not any("exiled with" in a.text.lower() for a in c.abilities):
        return Replacement(key, name, ("614.1a", "614.6"), to_exile)

    def apply(game: Game, ev: dict[str, Any]) -> str:
        # the card is "exiled with" this object (Gisa, Glorious Resurrector: "put all
        # creature cards exiled with Gisa onto the battlefield", CR 607.2a)
        ev["exiled_by"] = src.id
        ev["then"] = [*(ev.get("then") or ()), "exiled_by"]
        return str(to_exile(game, ev))

    return Replacement(key, name, ("614.1a", "614.6"), apply)


@then_hook("exiled_by")
def _link_exiled(game: Game, ev: dict[str, Any], new: int | None) -> None:
    if new is not None and game.objects[new].zone == Zone.EXILE and not game.objects[new].is_token:
        game.objects[new].links = {"exiled_by": int(ev["exiled_by"])}


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.GRAVEYARD)])
def adventure_finder(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 715.3d: the resolving Adventure spell is exiled instead of going to the
    graveyard; the card remembers it went on an adventure (its owner may cast
    the creature from exile, but not the Adventure again)."""
    if ev["cause"] != "resolved" or ev["to"] != Zone.GRAVEYARD:
        return []
    if not adventure_exile(game.objects[ev["obj"]]):
        return []
    return [Replacement("adventure", "its Adventure", ("715.3d", "614.1a"), _on_adventure)]


def _on_adventure(game: Game, ev: dict[str, Any]) -> str:
    ev["to"] = Zone.EXILE
    ev.setdefault("then", []).append("adventure")
    return "it's exiled instead: it goes on an adventure"


@then_hook("adventure")
def _mark_adventure(game: Game, ev: dict[str, Any], new: int | None) -> None:
    if new is not None:
        o = game.objects[new]
        spell = game.objects.get(ev["obj"])
        # CR 715.3d: the Adventure's controller may play the card while it stays exiled
        player = o.owner if spell is None else spell.controller
        o.chosen = {**(o.chosen or {}), "on_adventure": player}


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.GRAVEYARD)])
def countered_exile(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """ "If that spell is countered this way, exile it instead of putting it into its
    owner's graveyard" (or put it into its owner's hand, on top of or on the bottom
    of its owner's library) — a self-replacement effect of the counterspell,
    applied before any other (CR 614.15, 616.1a)."""
    if ev["cause"] not in _COUNTERED_TO or ev["to"] != Zone.GRAVEYARD:
        return []
    zone, bottom = _COUNTERED_TO[ev["cause"]]

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["to"], ev["bottom"] = zone, bottom
        if zone != Zone.LIBRARY:
            return f"the counterspell {_VERBS[zone]} instead"
        return f"the counterspell puts it on the {'bottom' if bottom else 'top'} of its owner's library instead"

    return [
        Replacement(
            ev["cause"], "the counterspell", ("614.15", "614.1a"), apply, self_replacement=True
        )
    ]


#: where a counterspell's "instead of into its owner's graveyard" puts the spell
#: (rules/effects/stack.counter's cause): zone, and whether on the bottom of a library
_COUNTERED_TO: Final = {
    "countered_exile": (Zone.EXILE, False),
    "countered_hand": (Zone.HAND, False),
    "countered_top": (Zone.LIBRARY, False),
    "countered_bottom": (Zone.LIBRARY, True),
}


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(Zone.BATTLEFIELD, Zone.GRAVEYARD)])
def exile_if_dies(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """ "If a creature dealt damage this way would die this turn, exile it instead"
    (CR 614.1a): an effect of the resolved spell on the creatures it damaged."""
    if ev["from"] != Zone.BATTLEFIELD or ev["to"] != Zone.GRAVEYARD or not game.effects:
        return []
    oid = ev["obj"]
    for e in game.effects:
        if e.op != "exile_if_dies":
            continue
        flt = e.args.get("filter")
        if oid in e.affected or (
            isinstance(flt, Filter)
            and matches_object(game, game.objects[oid], flt, e.controller, None)
        ):
            name = str(e.args.get("by", "an effect"))
            return [
                Replacement(
                    f"exile_if_dies:{e.timestamp}", name, ("614.1a",), _to(Zone.EXILE, "", name)
                )
            ]
    return []


@replacement_finder(
    EventKind.ZONE_CHANGE,
    moves=[
        (Zone.BATTLEFIELD, z)
        for z in (
            Zone.LIBRARY,
            Zone.HAND,
            Zone.BATTLEFIELD,
            Zone.GRAVEYARD,
            Zone.STACK,
            Zone.COMMAND,
        )
    ],
)
def exile_if_leaves(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """ "If it would leave the battlefield, exile it instead of putting it anywhere
    else" (CR 614.1a): an effect of a resolved ability on one permanent (unearth,
    702.84a)."""
    if ev["from"] != Zone.BATTLEFIELD or ev["to"] == Zone.EXILE or not game.effects:
        return []
    oid = ev["obj"]
    for e in game.effects:
        if e.op == "exile_if_leaves" and oid in e.affected:
            name = str(e.args.get("by", "an effect"))
            rule = str(e.args.get("rule") or "")
            return [
                Replacement(
                    f"exile_if_leaves:{e.timestamp}",
                    name,
                    ("614.1a", rule) if rule else ("614.1a",),
                    _to(Zone.EXILE, "", name),
                )
            ]
    return []


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(Zone.BATTLEFIELD, Zone.GRAVEYARD)])
def finality_counter(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 122.1h: one or more finality counters on a permanent create a single
    replacement effect: "If this permanent would be put into a graveyard from the
    battlefield, exile it instead." """
    if ev["from"] != Zone.BATTLEFIELD or ev["to"] != Zone.GRAVEYARD:
        return []
    obj = game.objects[ev["obj"]]
    if not obj.counters.get("finality"):
        return []
    name = f"{obj.name}'s finality counter"
    return [Replacement("finality", name, ("122.1h", "614.1a"), _to(Zone.EXILE, "", name))]


@condition("would_die")
def _would_die(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "If that creature would die this turn": checked by the replacement effect
    as the event happens (CR 614.1a), so the instruction always sets it up."""
    return True


register(
    "arg:exile.instead",
    "condition:would_die",
    "static:replace_die",
    "static:replace_put_into_graveyard",
    "static:replace_discarded",
    "static:replace_leave_exile",
    "static:graveyard_to_exile",
)


@static_replacement("cant_enter_battlefield", "rule:cant_enter_battlefield")
def _cant_enter_rule(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    return None  # a prohibition (CR 101.2), read by cant_enter_battlefield below


@prohibition(EventKind.ZONE_CHANGE, when="rule:cant_enter_battlefield")
def cant_enter_battlefield(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 614.17d, 101.2: "Creature cards in graveyards and libraries can't enter the
    battlefield" (Grafdigger's Cage): the card stays where it is. It is checked with
    the characteristics the card has where it is, those it would have entering."""
    if ev["to"] != Zone.BATTLEFIELD:
        return None
    o = game.objects.get(ev["obj"])
    if o is None:
        return None
    for src, st in static_sources(game, "cant_enter_battlefield"):
        flt = st.args.get("filter")
        if isinstance(flt, Filter) and matches_object(game, o, flt, src.controller, src):
            return f"{chars(game, src).name}: {o.name} can't enter the battlefield"
    return None


register("static:cant_enter_battlefield")
