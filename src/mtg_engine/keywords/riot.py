"""Riot (CR 702.136).

702.136a: Riot is a static ability. "Riot" means "You may have this permanent
enter with an additional +1/+1 counter on it. If you don't, it gains haste."
702.136b: if a permanent has multiple instances of riot, each works separately.

Each instance is a replacement effect that modifies how the permanent enters
(614.1c), found from the permanent as it would exist on the battlefield
(614.12): its controller chooses, as it enters, the counter or haste. The choice
is kept in the entering event (plain data, so a pending choice survives a clone);
the counter is added to the event, and an instance that gave no counter is
remembered on the permanent (``chosen["riot_haste"]``: how many), which then has
haste for as long as it is that object (layer 6, 613.1f; 400.7).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from ..rules.pipeline import Event, Replacement, replacement_finder
from ..rules.replacement import printed_if_plain, prospective
from ..rules.support import register_keywords
from .common import gains_haste

if TYPE_CHECKING:
    from ..game.events import Event as GameEvent
    from ..game.objects import GameObject
    from ..game.state import Game

RIOT: Final = "Riot"
register_keywords(RIOT)

#: where the entering permanent keeps how many riot instances gave it haste
RIOT_HASTE: Final = "riot_haste"


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.BATTLEFIELD)])
def riot_replacements(game: Game, ev: Event) -> list[Replacement]:
    """CR 702.136a-b, 614.1c: each riot instance of the permanent entering."""
    entry = ev.get("entry")
    if entry is None or ev["to"] != Zone.BATTLEFIELD:
        return []
    plain = printed_if_plain(game, entry)
    if plain is not None and RIOT not in plain.keywords:
        return []
    pros, c = prospective(game, entry)
    if pros.face_down:  # CR 708.3: no abilities as it enters face down
        return []
    out: list[Replacement] = []
    for i, a in enumerate(c.abilities):
        if a.keyword == RIOT:
            key = f"riot:{entry['gen']}:{i}"
            out.append(
                Replacement(
                    key,
                    f"{c.name}'s riot",
                    ("702.136a", "614.1c"),
                    _apply(key),
                    choose=_choose(key, c.name),
                )
            )
    return out


def _choose(key: str, name: str) -> Callable[[Game, Event, Any], Decision | None]:
    def choose(game: Game, ev: Event, answer: Any) -> Decision | None:
        """CR 702.136a: the counter, or haste."""
        entry = ev["entry"]
        if answer is None:
            return Decision(
                DecisionKind.YES_NO,
                entry["controller"],
                "702.136a",
                f"Riot: have {name} enter with an additional +1/+1 counter on it? "
                "(If you don't, it gains haste.)",
                {"purpose": DecisionPurpose.MAY},
            )
        entry["chosen"][key] = bool(answer.value)
        return None

    return choose


def _apply(key: str) -> Callable[[Game, Event], str]:
    def apply(game: Game, ev: Event) -> str:
        entry = ev["entry"]
        chosen = entry["chosen"]
        if chosen.pop(key, False):
            counters = entry["counters"]
            counters["+1/+1"] = counters.get("+1/+1", 0) + 1
            return "it enters with an additional +1/+1 counter (riot)"
        chosen[RIOT_HASTE] = chosen.get(RIOT_HASTE, 0) + 1
        return "it gains haste (riot)"

    return apply


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")], keywords=(RIOT,))
def riot_entered(game: Game, ev: GameEvent, subject: GameObject | None) -> None:
    """CR 702.136a: "If you don't, it gains haste" for the permanent that entered."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None or new.zone != Zone.BATTLEFIELD or not new.chosen:
        return
    if new.chosen.get(RIOT_HASTE):
        new.chosen = {k: v for k, v in new.chosen.items() if k != RIOT_HASTE}
        gains_haste(game, new)
