"""Permanents entering and leaving the battlefield (CR 110, 403), destroy (701.8), sacrifice (701.21).

Entering applies "enters tapped" / "enters with counters" replacement effects
(CR 614.1c-d, 614.12) as the permanent enters. Destroying respects
indestructible (CR 702.12b) and regeneration shields (CR 701.19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import AbilityKind
from ..game.objects import Zone
from ..keywords import Kw
from .characteristics import chars
from .zones import move

if TYPE_CHECKING:
    from ..game.state import Game


def enter_battlefield(
    game: Game,
    oid: int,
    controller: int | None = None,
    rules: tuple[str, ...] = ("403.1",),
    tapped: bool = False,
    from_spell: bool = False,
) -> int | None:
    """Put an object onto the battlefield, applying its ETB replacements (CR 614.12)."""
    obj = game.objects[oid]
    abilities = obj.card.compiled[obj.face].abilities if not obj.face_down else ()
    counters: dict[str, int] = {}
    replacement_rules: list[str] = []
    for a in abilities:
        if a.kind is not AbilityKind.STATIC:
            continue
        for st in a.static:
            if st.op == "enters_tapped":
                tapped = True
                replacement_rules.append("614.1c")
            elif st.op == "enters_with_counters":
                kind = st.args.get("counter", "+1/+1")
                counters[kind] = counters.get(kind, 0) + int(st.args.get("amount", 1))
                replacement_rules.append("614.1c")
    face = obj.card.faces[obj.face]
    if "Planeswalker" in face.types and face.loyalty and face.loyalty.isdigit():
        counters["loyalty"] = counters.get("loyalty", 0) + int(face.loyalty)  # CR 306.5b
    if "Battle" in face.types and face.defense and face.defense.isdigit():
        counters["defense"] = counters.get("defense", 0) + int(face.defense)  # CR 310.4b
    verb = "enters the battlefield" + (" tapped" if tapped else "")
    new_id = move(
        game,
        oid,
        Zone.BATTLEFIELD,
        (*rules, *replacement_rules),
        reason=verb,
        controller=controller,
        tapped=tapped,
        quiet=True,
    )
    if new_id is None:
        return None
    new = game.objects[new_id]
    if counters:
        new.counters.update(counters)
    game.invalidate()
    game.emit(
        "zone_change",
        (*rules, *replacement_rules),
        f"{new.name} {verb}" + (f" with {_counters_text(counters)}" if counters else ""),
        subject=new,
        obj=new_id,
        old=oid,
        card=new.name,
        from_zone=Zone.NAMES[obj.zone],
        to_zone="battlefield",
        controller=new.controller,
    )
    return new_id


def _counters_text(counters: dict[str, int]) -> str:
    return ", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in counters.items())


def destroy_permanent(
    game: Game,
    oid: int,
    rules: tuple[str, ...],
    reason: str = "is destroyed",
    can_regenerate: bool = True,
) -> bool:
    """CR 701.8: move a permanent to its owner's graveyard, unless indestructible
    (CR 702.12b) or a regeneration shield replaces it (CR 701.19a)."""
    o = game.objects.get(oid)
    if o is None or o.zone != Zone.BATTLEFIELD:
        return False
    if Kw.INDESTRUCTIBLE in chars(game, o).keywords:
        game.emit(
            "indestructible", (*rules, "702.12b"), f"{o.name} isn't destroyed: it's indestructible"
        )
        return False
    if can_regenerate and o.regen_shields > 0:
        o.regen_shields -= 1
        o.tapped = True
        o.damage = 0
        o.deathtouch_damage = False
        if game.combat is not None:
            game.combat.attackers.pop(oid, None)
            game.combat.blockers.pop(oid, None)
        game.invalidate()
        game.emit(
            "regenerate",
            (*rules, "701.19a"),
            f"{o.name} regenerates: tapped, damage removed, removed from combat",
        )
        return False
    move(game, oid, Zone.GRAVEYARD, rules, reason=reason)
    return True


def sacrifice(game: Game, oid: int, rules: tuple[str, ...] = ("701.21a",)) -> None:
    """CR 701.21a: move a permanent you control to its owner's graveyard."""
    move(game, oid, Zone.GRAVEYARD, rules, reason="is sacrificed")
