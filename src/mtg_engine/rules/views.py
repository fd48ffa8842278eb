"""A player's view of the game (architecture §5): only what that player may see.

Hidden: the order and contents of every library (CR 401.2), the opponents'
hands (CR 402.3), and the identity of face-down permanents and spells the
viewer doesn't control (CR 708.5): others see only the face-down
characteristics (708.2); their controller also sees what they are. Public: the battlefield, graveyards,
exile (face-up cards), the stack, life totals, counters, and the log entries
that don't name hidden cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..game.events import Event, EventKind
from ..game.objects import GameObject, Zone
from ..game.state import Game, Step
from .characteristics import chars
from .combat_requirements import is_summoning_sick
from .dungeons import dungeon_view
from .face_turning import face_up_values
from .library_look import top_card_seen
from .ring import ring_bearer_of


def emit_seen_privately(game: Game, viewer: int, ids: Iterable[int], rule: str) -> None:
    """A player looks at hidden cards (CR 401.2, 402.3): one LOOK_AT event per card,
    for ``viewer`` only (:func:`log_entries` shows it to no one else)."""
    name = game.players[viewer].name
    for oid in ids:
        card = game.objects[oid].name
        game.emit(EventKind.LOOK_AT, (rule,), f"{name} sees {card}", player=viewer, card=card)


def _object_view(game: Game, o: GameObject, viewer: int) -> dict[str, Any]:
    hidden = o.face_down and o.controller != viewer
    c = chars(game, o)
    d: dict[str, Any] = {
        "id": o.id,
        "name": "" if hidden else c.name,
        "owner": o.owner,
        "controller": o.controller,
        "zone": Zone.NAMES[o.zone],
        "face_down": o.face_down,
    }
    if not hidden or o.zone in (Zone.BATTLEFIELD, Zone.STACK):
        # a face-down permanent or spell shows only its face-down characteristics (CR 708.2)
        d.update(
            types=sorted(c.types),
            subtypes=sorted(c.subtypes) if not hidden else [],
            colors=sorted(c.colors),
            power=c.power,
            toughness=c.toughness,
            keywords=sorted(c.keywords),
        )
    if not hidden:
        d["mana_cost"] = c.mana_cost
    if o.face_down and not hidden:
        # CR 708.5: you may look at face-down spells and permanents you control
        up = face_up_values(game, o)
        d["face_up"] = {
            "name": up.name,
            "types": sorted(up.types),
            "power": up.power,
            "toughness": up.toughness,
        }
        d["face_down_as"] = (o.chosen or {}).get("face_down_as", "morph")
    if len(o.card.faces) > 1 and not hidden:
        d["face"] = o.face  # which face is up (CR 710, 712)
    if o.zone == Zone.BATTLEFIELD:
        d.update(
            tapped=o.tapped,
            damage=o.damage,
            counters=dict(o.counters),
            attached_to=o.attached_to,
            phased_out=o.phased_out,
            # CR 302.6: a creature its controller hasn't controlled continuously since
            # their most recent turn began can't attack or use {T} abilities (no haste)
            summoning_sick="Creature" in c.types and is_summoning_sick(game, o, c),
        )
    if o.zone == Zone.STACK:
        d.update(kind=o.stack_kind, targets=[list(t) for t in o.targets], x=o.x)
    return d


def _face_down_names(game: Game, viewer: int) -> set[str]:
    """Names of face-down permanents and spells the viewer may not look at (CR 708.5)."""
    out = set()
    for oid in (*game.battlefield, *game.stack):
        o = game.objects[oid]
        if o.face_down and o.controller != viewer:
            for f in o.card.faces:
                out.add(f.name)
    return out


def is_revealed(game: Game, oid: int) -> bool:
    """A card in a hand that its owner revealed and still plays revealed: until the
    upkeep ends (forecast, CR 702.57b) or the ability leaves the stack (ninjutsu,
    702.49b). A card that left the hand is a new object (CR 400.7)."""
    until = game.turn_flags.revealed.get(oid)
    if until is None:
        return False
    if until == "upkeep":
        return game.step == Step.UPKEEP
    return until in game.objects


def observe(game: Game, viewer: int) -> dict[str, Any]:
    """The game as ``viewer`` sees it, as plain JSON-able data."""
    players = []
    for p in game.players:
        mine = p.index == viewer
        players.append(
            {
                "index": p.index,
                "name": p.name,
                "life": p.life,
                "poison": p.poison,
                "energy": p.energy,  # CR 107.14: public, like every counter
                "experience": p.experience,  # CR 122.1
                "rad": p.rad,  # CR 727.1
                "speed": p.speed,  # CR 702.179b: None, no speed
                "monarch": p.monarch,  # CR 724.1: a public designation
                # CR 701.54c: The Ring is an emblem, public like the Ring-bearer
                # designation (701.54b)
                "ring_tempted": p.ring_tempted,
                "ring_bearer": ring_bearer_of(game, p.index),
                "initiative": p.initiative,  # CR 725.1: a public designation
                # CR 309.2b, 309.4: the dungeon card in the command zone and the room
                # the venture marker is on (public), and the dungeons completed (309.7)
                "dungeon": dungeon_view(game, p.index),
                "dungeons_completed": list(p.dungeons_completed),
                "library_size": len(p.library),
                "hand_size": len(p.hand),
                # CR 401.5: "you may look at the top card of your library any time"
                # (only its owner; CR 401.2 hides it from the others), "play with
                # the top card of your library revealed" (every player)
                "library_top": _object_view(game, game.objects[top], viewer)
                if (top := top_card_seen(game, p.index, viewer)) is not None
                else None,
                "hand": [_object_view(game, game.objects[h], viewer) for h in p.hand]
                if mine
                else None,
                "revealed": [
                    _object_view(game, game.objects[h], viewer)
                    for h in p.hand
                    if is_revealed(game, h)
                ],
                "graveyard": [_object_view(game, game.objects[h], viewer) for h in p.graveyard],
                "mana_pool": list(p.mana_pool),
                "has_lost": p.has_lost,
            }
        )
    log = log_view(game, viewer, game.log[-50:])
    pending = game.pending
    return {
        "viewer": viewer,
        "turn": game.turn,
        "active": game.active,
        "step": game.step_name,
        "priority": game.priority_player,
        "players": players,
        "battlefield": [_object_view(game, game.objects[o], viewer) for o in game.battlefield],
        "stack": [_object_view(game, game.objects[o], viewer) for o in reversed(game.stack)],
        "exile": [
            _object_view(game, game.objects[o], viewer)
            for o in game.exile
            if not game.objects[o].face_down or game.objects[o].owner == viewer
        ],
        "decision": None
        if pending is None
        else {
            "kind": pending.kind,
            "player": pending.player,
            "rule": pending.rule,
            "prompt": pending.prompt,
            "yours": pending.player == viewer,
        },
        "combat": None
        if game.combat is None
        else {
            # CR 506.4: attacking and blocking creatures (public: 508.1, 509.1)
            "attackers": [[c, d] for c, d in game.combat.attackers.items()],
            "blockers": [[b, a] for b, atts in game.combat.blockers.items() for a in atts],
        },
        "outcome": None
        if game.outcome is None
        else {"winner": game.outcome.winner, "reason": str(game.outcome.reason)},
        "log": log,
    }


def hidden_move(ev: Event, viewer: int) -> bool:
    """A zone change between two zones whose cards ``viewer`` can't see: another
    player's library (CR 401.2) or hand (402.3). Cards in a hand or library are
    their owner's, so the event's controller is that player."""
    hidden = ("library", "hand")
    return (
        ev.data.get("controller") != viewer
        and ev.data.get("from_zone") in hidden
        and ev.data.get("to_zone") in hidden
    )


def log_view(game: Game, viewer: int, events: Iterable[Event]) -> list[dict[str, Any]]:
    """The log entries of ``events`` as ``viewer`` may read them (CR 401.2, 402.3, 708.5):
    what ``observe`` shows as its log, for any slice of the game's log."""
    return [entry for entry in log_entries(game, viewer, events) if entry is not None]


def log_entries(game: Game, viewer: int, events: Iterable[Event]) -> list[dict[str, Any] | None]:
    """For each event, its log entry as ``viewer`` reads it, or None if hidden."""
    hidden_names = _face_down_names(game, viewer)
    # CR 708.5: the log never names an opponent's face-down permanent or spell
    # (combat and damage lines name objects; this viewer sees "a face-down creature")
    face_down_names = sorted(hidden_names, key=len, reverse=True)
    for p in game.players:
        for oid in p.library:
            hidden_names.add(game.objects[oid].name)
        if p.index != viewer:
            for oid in p.hand:
                hidden_names.add(game.objects[oid].name)
    for oid in game.exile:
        # CR 406.3: a card exiled face down stays hidden from the other players, also
        # in the lines that named it while it was looked at ("look at the top card of
        # your library, then exile it face down")
        o = game.objects[oid]
        if o.face_down and o.owner != viewer:
            hidden_names.update(f.name for f in o.card.faces)
    log: list[dict[str, Any] | None] = []
    for ev in events:
        card = ev.data.get("card")
        if ev.kind == EventKind.DRAW and ev.data.get("player") != viewer:
            log.append({"text": ev.text, "rules": list(ev.rules)})
            continue
        if ev.kind == EventKind.ZONE_CHANGE and hidden_move(ev, viewer):
            # CR 401.2, 402.3: a card going between a library and a hand it isn't
            # the viewer's stays hidden from the viewer ("put one of them into your
            # hand and the rest on the bottom", "put a card from your hand on top")
            log.append(
                {
                    "text": f"a card moves from a {ev.data['from_zone']} to a {ev.data['to_zone']}",
                    "rules": list(ev.rules),
                }
            )
            continue
        if (
            card
            and card in hidden_names
            and ev.data.get("player") not in (viewer, None)
            and ev.kind not in (EventKind.CAST, EventKind.ZONE_CHANGE)
        ):
            log.append(None)
            continue
        text = ev.text
        if ev.kind == EventKind.LOOK_AT and ev.data.get("player") == viewer:
            # "Look at target face-down creature": the viewer sees what it is (CR
            # 701.20e), though it stays face down for everyone else (708.5)
            log.append({"text": text, "rules": list(ev.rules)})
            continue
        for name in face_down_names:
            if name in text:
                text = text.replace(name, "a face-down creature")
        log.append({"text": text, "rules": list(ev.rules)})
    return log
