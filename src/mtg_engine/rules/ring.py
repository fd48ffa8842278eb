"""The Ring tempts you (CR 701.54): the Ring-bearer designation and the emblem The Ring.

* 701.54a: each time the Ring tempts a player, they choose a creature they
  control; it becomes their Ring-bearer until another creature becomes their
  Ring-bearer or another player gains control of it (:func:`choose_ring_bearer`,
  :func:`_control_changed`). The choice itself is the ``ring_tempts`` effect's
  (effects/ring.py).
* 701.54b: Ring-bearer is a designation of a permanent, not a copiable value
  (``Player.ring_bearer``: the object chosen; a new object after a zone change,
  CR 400.7, is no Ring-bearer).
* 701.54c: a player tempted for the first time gets an emblem named The Ring
  (:func:`ring_emblem`) before choosing; its abilities grow with the number of
  times the Ring has tempted that player (:func:`ring_abilities`), and they work
  from the command zone like any emblem's (CR 114.4): the filter condition
  ``("ring_bearer", "you")`` picks its controller's Ring-bearer out.
* 701.54d: "whenever the Ring tempts you" triggers on the
  :attr:`EventKind.RING_TEMPTS` event, emitted once the actions are complete,
  even if no creature could be chosen (:func:`tempted`).
* 701.54e: a creature "is your Ring-bearer" only while it is on the battlefield
  under your control with the designation (:func:`is_ring_bearer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import (
    Ability,
    AbilityKind,
    ControllerOfRef,
    ControllerRef,
    EachRef,
    Effect,
    Filter,
    StaticEffect,
    Trigger,
    TriggerRef,
)
from ..cards.definitions import emblem_def
from ..game.events import Event, EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from .emblems import emblem_ids, give_emblem
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register("trigger:ring_tempts", "trigger:ring_bearer_chosen", "cond:ring_bearer")

#: the emblem's name (CR 701.54c)
RING_NAME = "The Ring"

#: "your Ring-bearer": the Ring-bearer of the controller of the ability (CR 701.54e)
YOUR_RING_BEARER = Filter(kinds=("Creature",), conditions=(("ring_bearer", "you"),))

#: CR 701.54c: the Ring's abilities, in the order it gains them (the first always;
#: the second as it has tempted its owner twice or more; and so on)
RING_ABILITIES: tuple[Ability, ...] = (
    Ability(
        AbilityKind.STATIC,
        text="Your Ring-bearer is legendary and can't be blocked by creatures with greater power.",
        static=(
            StaticEffect("add_types", YOUR_RING_BEARER, {"supertypes": ("Legendary",)}),
            StaticEffect("cant_be_blocked_by_greater_power", YOUR_RING_BEARER),
        ),
    ),
    Ability(
        AbilityKind.TRIGGERED,
        text="Whenever your Ring-bearer attacks, draw a card, then discard a card.",
        effects=(
            Effect("draw", {"player": ControllerRef(), "amount": 1}),
            Effect("discard", {"player": ControllerRef(), "amount": 1}),
        ),
        trigger=Trigger("attacks", subject=YOUR_RING_BEARER),
    ),
    Ability(
        AbilityKind.TRIGGERED,
        text="Whenever your Ring-bearer becomes blocked by a creature, the blocking "
        "creature's controller sacrifices it at end of combat.",
        effects=(
            Effect(
                "delayed_trigger",
                {
                    "trigger": Trigger("step", step="end_of_combat", player="each"),
                    "effects": (
                        Effect(
                            "sacrifice",
                            {
                                "player": ControllerOfRef(TriggerRef(role="other")),
                                "what": TriggerRef(role="other"),
                            },
                        ),
                    ),
                },
            ),
        ),
        trigger=Trigger(
            "becomes_blocked",
            subject=YOUR_RING_BEARER,
            details=(("by", Filter(kinds=("Creature",))),),
        ),
    ),
    Ability(
        AbilityKind.TRIGGERED,
        text="Whenever your Ring-bearer deals combat damage to a player, each opponent "
        "loses 3 life.",
        effects=(
            Effect(
                "lose_life",
                {
                    "player": EachRef(Filter(kinds=("player",), conditions=(("opponent", True),))),
                    "amount": 3,
                },
            ),
        ),
        trigger=Trigger(
            "deals_combat_damage",
            subject=YOUR_RING_BEARER,
            details=(("what", Filter(kinds=("player",))),),
        ),
    ),
)


def ring_abilities(times: int) -> tuple[Ability, ...]:
    """The Ring's abilities once it has tempted its owner ``times`` times (CR 701.54c)."""
    return RING_ABILITIES[: max(1, min(times, len(RING_ABILITIES)))]


def is_ring_bearer(game: Game, obj: GameObject, player: int) -> bool:
    """CR 701.54e: ``obj`` is ``player``'s Ring-bearer: on the battlefield under their
    control with the designation they gave it."""
    return (
        game.players[player].ring_bearer == obj.id
        and obj.zone == Zone.BATTLEFIELD
        and obj.controller == player
    )


def ring_bearer_of(game: Game, player: int) -> int | None:
    """``player``'s Ring-bearer, None when they have none (CR 701.54e)."""
    oid = game.players[player].ring_bearer
    obj = game.objects.get(oid) if oid is not None else None
    return oid if obj is not None and is_ring_bearer(game, obj, player) else None


def ring_emblem(game: Game, player: int) -> GameObject | None:
    """``player``'s emblem named The Ring, None before the Ring first tempts them."""
    for oid in emblem_ids(game):
        o = game.objects[oid]
        if o.controller == player and (o.card.token_spec or {}).get("ring"):
            return o
    return None


def _ring_def(times: int) -> Any:
    return emblem_def(
        {"emblem": True, "ring": True, "name": RING_NAME, "abilities": ring_abilities(times)}
    )


def get_ring(game: Game, player: int) -> None:
    """CR 701.54c: a player without an emblem named The Ring gets one as the Ring
    tempts them, before they choose their Ring-bearer."""
    if ring_emblem(game, player) is not None:
        return
    give_emblem(
        game,
        player,
        _ring_def(game.players[player].ring_tempted + 1),
        ("701.54c", "114.2"),
        f"{game.players[player].name} gets an emblem named {RING_NAME}: {RING_ABILITIES[0].text}",
    )


def choose_ring_bearer(game: Game, player: int, oid: int) -> None:
    """CR 701.54a: the chosen creature becomes ``player``'s Ring-bearer (any other
    creature stops being it)."""
    p = game.players[player]
    before = ring_bearer_of(game, player)
    p.ring_bearer = oid
    game.invalidate()  # its type line and combat restrictions change (701.54c)
    name = game.objects[oid].name
    text = f"{p.name} chooses {name} as their Ring-bearer"
    if before is not None and before != oid:
        text += f" ({game.objects[before].name} is no longer their Ring-bearer)"
    game.emit(EventKind.RING_BEARER, ("701.54a",), text, obj=oid, player=player)


def tempted(game: Game, player: int, chosen: int | None = None) -> None:
    """CR 701.54c-d: the Ring has tempted ``player`` once more: The Ring gains the
    abilities of that count, and "whenever the Ring tempts you" triggers; ``chosen``:
    the creature they chose as their Ring-bearer as it tempted them, if any ("if you
    chose a creature other than Faramir as your Ring-bearer", 603.4)."""
    p = game.players[player]
    p.ring_tempted += 1
    ring = ring_emblem(game, player)
    if ring is not None:
        ring.card = _ring_def(p.ring_tempted)
        game.invalidate()  # the emblem's abilities changed (CR 114.4)
    n = p.ring_tempted
    text = f"The Ring has tempted {p.name} {n} time{'s' if n != 1 else ''}"
    if 2 <= n <= len(RING_ABILITIES):
        text += f"; The Ring gains: {RING_ABILITIES[n - 1].text}"
    game.emit(
        EventKind.RING_TEMPTS,
        ("701.54d", "701.54c"),
        text,
        player=player,
        times=n,
        bearer=-1 if chosen is None else chosen,
    )


@on_event(EventKind.CONTROL, rules=True)
def _control_changed(game: Game, ev: Event, subject: Any) -> None:
    """CR 701.54a: a Ring-bearer stops being its player's Ring-bearer as another
    player gains control of it (for good: regaining control doesn't restore it)."""
    oid = ev.data.get("obj")
    for p in game.players:
        if p.ring_bearer is not None and p.ring_bearer == oid and ev.data.get("player") != p.index:
            p.ring_bearer = None
            game.invalidate()
            game.emit(
                EventKind.RING_BEARER,
                ("701.54a",),
                f"{game.objects[oid].name} is no longer {p.name}'s Ring-bearer "
                "(another player gained control of it)",
                obj=oid,
                player=p.index,
                ended=True,
            )
