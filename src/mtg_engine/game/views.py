"""A player's view of the game (architecture §5): only what that player may see.

Hidden: the order and contents of every library (CR 401.2), the opponents'
hands (CR 402.3), and the identity of face-down permanents and spells the
viewer doesn't control (CR 708.5-708.6). Public: the battlefield, graveyards,
exile (face-up cards), the stack, life totals, counters, and the log entries
that don't name hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .objects import GameObject, Zone

if TYPE_CHECKING:
    from .state import Game


def _object_view(game: Game, o: GameObject, viewer: int) -> dict[str, Any]:
    from ..rules.characteristics import chars

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
    if not hidden or o.zone == Zone.BATTLEFIELD:
        d.update(
            types=sorted(c.types),
            subtypes=sorted(c.subtypes) if not hidden else [],
            colors=sorted(c.colors),
            power=c.power,
            toughness=c.toughness,
            keywords=sorted(c.keywords),
        )
    if o.zone == Zone.BATTLEFIELD:
        d.update(
            tapped=o.tapped,
            damage=o.damage,
            counters=dict(o.counters),
            attached_to=o.attached_to,
            phased_out=o.phased_out,
        )
    if o.zone == Zone.STACK:
        d.update(kind=o.stack_kind, targets=[list(t) for t in o.targets], x=o.x)
    return d


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
                "library_size": len(p.library),
                "hand_size": len(p.hand),
                "hand": [_object_view(game, game.objects[h], viewer) for h in p.hand]
                if mine
                else None,
                "graveyard": [_object_view(game, game.objects[h], viewer) for h in p.graveyard],
                "mana_pool": list(p.mana_pool),
                "has_lost": p.has_lost,
            }
        )
    hidden_names = set()
    for p in game.players:
        for oid in p.library:
            hidden_names.add(game.objects[oid].name)
        if p.index != viewer:
            for oid in p.hand:
                hidden_names.add(game.objects[oid].name)
    log = []
    for ev in game.log[-50:]:
        card = ev.data.get("card")
        if ev.kind == "draw" and ev.data.get("player") != viewer:
            log.append({"text": ev.text, "rules": list(ev.rules)})
            continue
        if (
            card
            and card in hidden_names
            and ev.data.get("player") not in (viewer, None)
            and ev.kind not in ("cast", "zone_change")
        ):
            continue
        log.append({"text": ev.text, "rules": list(ev.rules)})
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
        "outcome": None
        if game.outcome is None
        else {"winner": game.outcome.winner, "reason": game.outcome.reason},
        "log": log,
    }
