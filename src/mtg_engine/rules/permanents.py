"""Permanents entering and leaving the battlefield (CR 110, 403), destroy (701.8), sacrifice (701.21).

Entering goes through the replacement effects that modify how a permanent
enters (CR 614.1c-d, 614.12, 707.5: :mod:`mtg_engine.rules.replacement`).
Destroying respects indestructible (CR 702.12b) and regeneration shields
(CR 701.19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import AbilityKind
from ..game.events import EventKind
from ..game.keyword_names import Kw
from ..game.objects import Zone
from .characteristics import chars
from .pipeline import (
    PERFORMERS,
    Replacement,
    cited,
    notes,
    performer,
    prohibition,
    propose,
    replacement_finder,
)
from .replacement import enter, new_entry
from .support import register, register_keywords
from .tapping import became_tapped, pay_tap
from .zones import move

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game


def enter_battlefield(
    game: Game,
    oid: int,
    controller: int | None = None,
    rules: tuple[str, ...] = ("403.1",),
    tapped: bool = False,
    from_spell: bool = False,
    face_down: str | None = None,
    face: int | None = None,
    counters: dict[str, int] | None = None,
    chosen: dict | None = None,
    together: list[int] | None = None,
    attach: tuple[int, ...] | None = None,
) -> int | None:
    """Put an object onto the battlefield through the replacement effects that
    modify how it enters (CR 614.1c-d, 614.12, 616.1, 707.5).

    ``face_down`` names how it enters face down (CR 708.3: "manifest",
    "cloak", "morph" ...); ``face`` is the face it enters with (1: transformed,
    CR 712.11a / 701.28); ``together``: the other objects entering the battlefield
    at the same time (CR 614.13a: they can't be chosen by its replacement effects);
    ``attach``: what the effect putting it there says it enters attached to (an
    object or a player ref; none when that is gone; CR 303.4f: no choice is made).
    Returns the new object's id, or None when a choice
    must be made first (the event pipeline's ``replacement_order`` task then
    finishes the job) or it stays where it is (an Aura, CR 303.4g).
    """
    obj = game.objects[oid]
    entry = new_entry(
        game, obj, controller, rules, tapped, from_spell, face_down, face, counters, chosen
    )
    if together:
        entry["together"] = [i for i in together if i != oid]
    if attach is not None:
        entry["attach"], entry["attach_given"] = (attach[0] if attach else None), True
    return enter(game, entry)


def _counters_text(counters: dict[str, int]) -> str:
    return ", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in counters.items())


def destroy_permanent(
    game: Game,
    oid: int,
    rules: tuple[str, ...],
    reason: str = "is destroyed",
    can_regenerate: bool = True,
    event: dict[str, Any] | None = None,
    by_effect: bool = False,
) -> bool:
    """CR 701.8: move a permanent to its owner's graveyard — proposed first:
    indestructible (CR 702.12b, "can't be destroyed") stops it; a regeneration
    shield (701.19a), a shield counter (122.1c) or umbra armor (702.89a) may
    replace it."""
    o = game.objects.get(oid)
    if o is None or o.zone != Zone.BATTLEFIELD:
        return False
    if event is None:
        event = propose(
            game,
            {
                "kind": EventKind.DESTROY,
                "obj": oid,
                "player": o.controller,
                "regen": can_regenerate,
                "by_effect": by_effect,
                "what": f"{o.name} would be destroyed",
                "args": [list(rules), reason],
            },
        )
        if event is None:
            return False  # CR 616.1: its controller chooses the order first
    kind = event["kind"]
    if event.get("cancelled"):
        game.emit(
            EventKind.INDESTRUCTIBLE,
            (*rules, "702.12b"),
            f"{o.name} isn't destroyed: {event['cancelled']}",
        )
        return False
    if kind != "destroy":
        PERFORMERS[kind](game, event)
        return False
    move(game, oid, Zone.GRAVEYARD, rules, reason=reason)
    return True


@performer(EventKind.DESTROY)
def _perform_destroy(game: Game, ev: dict[str, Any]) -> None:
    rules, reason = ev["args"]
    destroy_permanent(
        game,
        ev["obj"],
        tuple(rules),
        reason,
        bool(ev["regen"]),
        event=ev,
        by_effect=ev["by_effect"],
    )


@prohibition(EventKind.DESTROY)
def indestructible(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 702.12b: an indestructible permanent can't be destroyed (101.2)."""
    o = game.objects[ev["obj"]]
    return "it's indestructible" if Kw.INDESTRUCTIBLE in chars(game, o).keywords else None


@replacement_finder(EventKind.DESTROY)
def destroy_replacements(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """Regeneration shields (701.19a), shield counters (122.1c), umbra armor (702.89a)."""
    o = game.objects[ev["obj"]]
    out: list[Replacement] = []
    if (
        ev["regen"]
        and o.regen_shields > 0
        and "cant_be_regenerated" not in chars(game, o).restrictions  # CR 701.19c
    ):
        out.append(Replacement("regenerate", "a regeneration shield", ("701.19a",), _regenerate))
    if ev["regen"] and _regenerates_itself(game, o):
        # "If this creature would be destroyed, regenerate it." (CR 614.1a, 701.19a)
        out.append(Replacement("regenerate_itself", o.name, ("614.1a", "701.19a"), _regen_itself))
    if ev["by_effect"] and o.counters.get("shield"):
        # CR 122.1c: "destroyed as the result of an effect" (not a state-based action)
        out.append(Replacement("shield_counter", "a shield counter", ("122.1c",), _shield))
    for aid in game.battlefield:
        a = game.objects[aid]
        if a.attached_to == o.id and _UMBRA & chars(game, a).keywords:
            out.append(Replacement(f"umbra:{aid}", a.name, ("702.89a",), _umbra(aid, a.name)))
    return out


_UMBRA: Final = frozenset(("Umbra armor", "Totem armor"))


def _regenerate(game: Game, ev: dict[str, Any]) -> str:
    ev["kind"] = EventKind.REGENERATE
    return "it regenerates instead"


def _regenerates_itself(game: Game, o: GameObject) -> bool:
    """Whether the permanent has "If this creature would be destroyed, regenerate
    it." and can be regenerated (CR 701.19c)."""
    c = chars(game, o)
    if "cant_be_regenerated" in c.restrictions:
        return False
    return any(
        st.op == "regenerate_instead"
        for a in c.abilities
        if a.kind is AbilityKind.STATIC
        for st in a.static
    )


def _regen_itself(game: Game, ev: dict[str, Any]) -> str:
    ev["kind"] = EventKind.REGENERATE
    ev["no_shield"] = True  # (its own replacement effect: no shield is used up)
    return "it regenerates instead"


def _shield(game: Game, ev: dict[str, Any]) -> str:
    ev["kind"] = EventKind.REMOVE_SHIELD_COUNTER
    return "a shield counter is removed from it instead"


def _umbra(aid: int, name: str) -> Any:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["kind"] = EventKind.UMBRA_ARMOR
        ev["aura"] = aid
        return f"all damage is removed from it and {name} is destroyed instead (umbra armor)"

    return apply


def _replaced(game: Game, ev: dict[str, Any]) -> tuple[str, ...]:
    """Log the replaced destruction; returns its rules."""
    rules = cited(ev, tuple(ev["args"][0]))
    game.emit(ev["kind"], rules, f"{ev['what']}; {notes(ev)}", obj=ev["obj"])
    return rules


@performer(EventKind.REGENERATE)
def _perform_regenerate(game: Game, ev: dict[str, Any]) -> None:
    """CR 701.19a: tap it, remove all damage from it, remove it from combat."""
    o = game.objects.get(ev["obj"])
    if o is None:
        return
    if not ev.get("no_shield"):
        o.regen_shields -= 1
    was_untapped = pay_tap(game, o, ("701.19a",))
    o.damage = 0
    o.deathtouch_damage = False
    if game.combat is not None:
        game.combat.attackers.pop(o.id, None)
        game.combat.blockers.pop(o.id, None)
    game.invalidate()
    _replaced(game, ev)
    if was_untapped:
        became_tapped(game, (o,), ("701.19a",))


@performer(EventKind.REMOVE_SHIELD_COUNTER)
def _perform_shield(game: Game, ev: dict[str, Any]) -> None:
    """CR 122.1c: remove a shield counter instead."""
    o = game.objects.get(ev["obj"])
    if o is None or not o.counters.get("shield"):
        return
    o.counters["shield"] -= 1
    if not o.counters["shield"]:
        del o.counters["shield"]
    game.invalidate()
    _replaced(game, ev)


@performer(EventKind.UMBRA_ARMOR)
def _perform_umbra(game: Game, ev: dict[str, Any]) -> None:
    """CR 702.89a: remove all damage from the enchanted permanent and destroy the
    Aura instead (a new event, which its own replacement effects may modify)."""
    o = game.objects.get(ev["obj"])
    if o is None:
        return
    o.damage = 0
    o.deathtouch_damage = False
    game.invalidate()
    rules = _replaced(game, ev)
    if ev["aura"] in game.objects:
        destroy_permanent(game, ev["aura"], rules, by_effect=True)


register_keywords("Umbra armor", "Totem armor")
register("static:regenerate_instead")


def sacrifice(
    game: Game, oid: int, rules: tuple[str, ...] = ("701.21a",), cause: str = "sacrifice"
) -> None:
    """CR 701.21a: move a permanent you control to its owner's graveyard."""
    move(game, oid, Zone.GRAVEYARD, rules, reason="is sacrificed", cause=cause)
