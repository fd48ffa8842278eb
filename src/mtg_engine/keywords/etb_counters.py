"""Keywords that make a permanent enter with counters (CR 614.1c, 122.6):
fading (702.32a), vanishing (702.63a), modular (702.43a), graft (702.58a),
sunburst (702.44a), bloodthirst (702.54a).

These are replacement effects that modify how the permanent enters: it
enters with the counters (ruling 502.50.2: it doesn't enter and then get
them). They are proposals on the zone-change event in the event pipeline
(rules/pipeline.py, rules/etb_replacements.py), found from the permanent as
it would exist on the battlefield (CR 614.12); each instance works separately
(702.32b-c, 702.43b, 702.44d, 702.54c, 702.58b).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.pipeline import Replacement, replacement_finder
from ..rules.replacement import printed_if_plain, prospective
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..rules.char_values import Chars

register_keywords("Modular", "Graft", "Sunburst", "Bloodthirst")

_COLORS: Final = frozenset("WUBRG")
_KEYWORDS: Final = frozenset(("Fading", "Vanishing", "Modular", "Graft", "Sunburst", "Bloodthirst"))


def _n(a_args: dict, default: int = 0) -> int:
    n = a_args.get("n", default)
    return n if isinstance(n, int) else default


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.BATTLEFIELD)])
def keyword_counters(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """The keywords' "enters with counters" replacement effects (CR 614.1c) for a
    permanent entering, read from it as it would exist on the battlefield
    (CR 614.12); each instance separately."""
    entry = ev.get("entry")
    if entry is None or ev["to"] != Zone.BATTLEFIELD:
        return []
    plain = printed_if_plain(game, entry)
    if plain is not None and not (plain.keywords & _KEYWORDS):
        return []
    pros, c = prospective(game, entry)
    if pros.face_down:
        return []
    out: list[Replacement] = []
    for i, a in enumerate(c.abilities):
        if a.keyword is None:
            continue
        got = _counters(game, ev, pros, c, a)
        if got is not None and got[1] > 0:
            kind, n, rule = got
            name = f"{c.name}'s {a.keyword.lower()}"
            out.append(Replacement(f"kw:{i}", name, (rule, "614.1c"), _add(kind, n)))
    return out


def _counters(
    game: Game, ev: dict[str, Any], pros: GameObject, c: Chars, a: Ability
) -> tuple[str, int, str] | None:
    kw = a.keyword
    if kw == "Fading":
        return ("fade", _n(a.keyword_args), "702.32a")
    if kw == "Vanishing" and "n" in a.keyword_args:
        return ("time", _n(a.keyword_args), "702.63a")
    if kw == "Modular":
        if a.keyword_args.get("sunburst"):
            # "Modular—Sunburst": one counter per color of mana spent (CR 702.44c)
            return ("+1/+1", _sunburst_count(pros, c), "702.44a")
        return ("+1/+1", _n(a.keyword_args), "702.43a")
    if kw == "Graft":
        return ("+1/+1", _n(a.keyword_args), "702.58a")
    if kw == "Sunburst" and ev["from"] == Zone.STACK:
        kind = "+1/+1" if "Creature" in c.types else "charge"
        return (kind, _sunburst_count(pros, c), "702.44a")
    if kw == "Bloodthirst":
        opp_damage = sum(
            game.turn_flags.damage_to_player.get(p, 0) for p in game.opponents(pros.controller)
        )
        if a.keyword_args.get("n") == "X" or a.keyword_args.get("x"):
            return ("+1/+1", opp_damage, "702.54b")
        if opp_damage > 0:
            return ("+1/+1", _n(a.keyword_args), "702.54a")
    return None


def _add(kind: str, n: int) -> Callable[[Game, dict[str, Any]], str]:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        counters = ev["entry"]["counters"]
        counters[kind] = counters.get(kind, 0) + n
        return ""

    return apply


def _sunburst_count(obj: GameObject, c: object) -> int:
    """CR 702.44a: the number of colors of mana spent to cast it (0 if not cast)."""
    spent = (obj.paid or {}).get("mana_spent") or ()
    return len({m for m in spent if m in _COLORS})
