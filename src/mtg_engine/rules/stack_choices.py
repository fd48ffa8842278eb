"""Starting the choices an object put on the stack still needs: modes, X, targets,
division (CR 601.2b-d for a spell, 602.2b for an activated ability, 603.3d for a
triggered ability). The "choices" task that asks them is handled in
:mod:`mtg_engine.rules.casting`; casting, activating and putting triggered
abilities on the stack start it here, through the task table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game.state import Game


def begin_choices(
    game: Game, oid: int, kind: str, delve: int = 0, opts: dict[str, Any] | None = None
) -> None:
    """``delve``: the cards announced for delve and artifacts for improvise, which
    can pay {X} (CR 702.66a, 702.126a). ``opts``: a spell's announced choices
    (601.2b: buyback, kicker, an alternative cost), which the largest X offered
    must leave room for in the total cost (601.2f)."""
    data: dict[str, Any] = {"obj": oid, "kind": kind, "spec": 0}
    if delve:
        data["delve"] = delve
    if opts:
        data["opts"] = dict(opts)
    game.push_task("choices", data)
