"""Keywords that make a permanent enter with counters (CR 614.1c, 122.6):
fading (702.32a), vanishing (702.63a), modular (702.43a), graft (702.58a),
sunburst (702.44a), bloodthirst (702.54a).

These are replacement effects that modify how the permanent enters: it
enters with the counters (ruling 502.50.2: it doesn't enter and then get
them). They are applied as the "enters" event is announced, before any
ability can see the permanent (CR 614.12); each instance works separately
(702.32b-c, 702.43b, 702.44d, 702.54c, 702.58b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.characteristics import chars
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Modular", "Graft", "Sunburst", "Bloodthirst")

_COLORS = frozenset("WUBRG")


def _n(a_args: dict, default: int = 0) -> int:
    n = a_args.get("n", default)
    return n if isinstance(n, int) else default


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")])
def enters_with_counters(game: Game, ev: Event, subject: GameObject | None) -> None:
    d = ev.data
    if d.get("to_zone") != "battlefield":
        return
    new = game.objects.get(d.get("obj", 0))
    if new is None or new.face_down:
        return
    c = chars(game, new)
    added: list[tuple[str, int, str]] = []
    for a in c.abilities:
        kw = a.keyword
        if kw == "Fading":
            added.append(("fade", _n(a.keyword_args), "702.32a"))
        elif kw == "Vanishing" and "n" in a.keyword_args:
            added.append(("time", _n(a.keyword_args), "702.63a"))
        elif kw == "Modular":
            if a.keyword_args.get("sunburst"):
                # "Modular—Sunburst": one counter per color of mana spent (CR 702.44c)
                added.append(("+1/+1", _sunburst_count(new, c), "702.44a"))
            else:
                added.append(("+1/+1", _n(a.keyword_args), "702.43a"))
        elif kw == "Graft":
            added.append(("+1/+1", _n(a.keyword_args), "702.58a"))
        elif kw == "Sunburst" and d.get("from_zone") == "stack":
            kind = "+1/+1" if "Creature" in c.types else "charge"
            added.append((kind, _sunburst_count(new, c), "702.44a"))
        elif kw == "Bloodthirst":
            opp_damage = sum(
                game.turn_flags.damage_to_player.get(p, 0) for p in game.opponents(new.controller)
            )
            if a.keyword_args.get("n") == "X" or a.keyword_args.get("x"):
                added.append(("+1/+1", opp_damage, "702.54b"))
            elif opp_damage > 0:
                added.append(("+1/+1", _n(a.keyword_args), "702.54a"))
    added = [x for x in added if x[1] > 0]
    if not added:
        return
    for kind, n, _rule in added:
        new.counters[kind] = new.counters.get(kind, 0) + n
    game.invalidate()
    game.emit(
        EventKind.COUNTERS,
        tuple(dict.fromkeys(r for _, _, r in added)) + ("614.1c",),
        f"{new.name} enters with "
        + ", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n, _ in added),
    )


def _sunburst_count(obj: GameObject, c: object) -> int:
    """CR 702.44a: the number of colors of mana spent to cast it (0 if not cast)."""
    spent = (obj.paid or {}).get("mana_spent") or ()
    return len({m for m in spent if m in _COLORS})
