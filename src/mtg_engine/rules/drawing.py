"""Drawing cards (CR 121) through the event pipeline (CR 614-616).

Each card drawn is its own event (CR 121.2): "draw two cards" is two draws,
each proposed (rules/pipeline.py) before it happens, so a replacement effect
applies to one draw at a time. Replacement effects of the draw event:

* optional ones, "you may ... instead": dredge (CR 702.52a, keywords/dredge.py)
  and Island Sanctuary's "instead you may skip that draw" (rules/draw_skip.py)
  — the drawing player chooses among them or declines (CR 616.1);
* "If you would draw a card while your library has no cards in it, you win
  the game instead" (rules/player_replacements.py, CR 614.1a).

:func:`draws` is what the draw step (CR 504.1) and the ``draw`` effect call:
when a replacement effect applies, the draws go through a ``draw`` task that
asks before each draw and carries on after the answer (plain data: a pending
draw survives ``clone()`` and the JSON round-trip).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.events import EventKind
from ..game.objects import Zone
from ..game.tasks import Task, task_handler
from .pipeline import PERFORMERS, applicable, cited, performer, propose, watched
from .zones import move

if TYPE_CHECKING:
    from ..game.state import Game

Event = dict[str, Any]


def draw_event(
    game: Game,
    player: int,
    rules: tuple[str, ...],
    step_draw: bool = False,
    applied: Any = (),
) -> Event:
    """The proposed event "``player`` draws a card" (CR 121.2). ``step_draw``: the
    draw step's turn-based draw (CR 504.1). ``applied``: the replacement effects
    that already applied to the event these draws replace, and those whose
    instructions are being followed: they don't apply to it (CR 614.5)."""
    ev: Event = {
        "kind": EventKind.DRAW,
        "player": player,
        "what": f"{game.players[player].name} would draw a card",
        "rules": list(rules),
    }
    if step_draw:
        ev["step_draw"] = True
    if applied or game._replacing:
        ev["applied"] = [*applied, *game._replacing]
    return ev


def draw(
    game: Game,
    player: int,
    n: int = 1,
    rules: tuple[str, ...] = ("121.1",),
    step_draw: bool = False,
) -> int:
    """Draw ``n`` cards one at a time (CR 121.2); drawing from an empty library
    makes the player lose at the next state-based-action check (CR 704.5b).
    Returns how many were drawn now. If the player must first choose among
    replacement effects (CR 616.1), the rest of the draws wait in a ``draw``
    task below that choice."""
    drawn = 0
    for i in range(n):
        if not watched(game, EventKind.DRAW):
            # nothing could replace or forbid the draw (the usual case): it is
            # performed as proposed, without building the proposal's text
            if not _perform_draw(game, {"player": player, "rules": rules}):
                break
            drawn += 1
            continue
        ev = propose(game, draw_event(game, player, rules, step_draw and i == 0))
        if ev is None:
            # CR 616.1: a replacement_order task now asks; the later draws follow it
            left = n - i - 1
            if left:
                data = _task_data(game, [player], left, rules)
                game.tasks.insert(len(game.tasks) - 1, Task("draw", data))
            break
        if ev["kind"] != EventKind.DRAW:  # CR 614.1a: replaced by another event
            depth = len(game.tasks)
            PERFORMERS[ev["kind"]](game, ev)
            if game.outcome is not None:
                break
            left = n - i - 1
            if left and len(game.tasks) > depth:
                # CR 614.11a: what replaced this draw is done before the sequence
                # goes on: the later draws wait below it
                game.tasks.insert(depth, Task("draw", _task_data(game, [player], left, rules)))
                break
            continue
        if not _perform_draw(game, ev):
            break
        drawn += 1
    return drawn


@performer(EventKind.DRAW)
def _perform_draw(game: Game, ev: Event) -> bool:
    """The draw itself (CR 121.1): the top card of the library into the hand.
    False if no card was drawn."""
    if ev.get("cancelled"):
        return False
    player = int(ev["player"])
    p = game.players[player]
    if not p.library:
        p.drew_from_empty = True
        game.emit(
            EventKind.DRAW_EMPTY,
            ("121.4", "704.5b"),
            f"{p.name} can't draw a card: the library is empty",
            player=player,
        )
        return False
    top = p.library[-1]
    name = game.objects[top].name
    rules = cited(ev, tuple(ev["rules"]))
    new = move(game, top, Zone.HAND, rules, quiet=True)
    drawn = game.turn_flags.cards_drawn
    drawn[player] = nth = drawn.get(player, 0) + 1
    game.emit(
        EventKind.DRAW,
        rules,
        f"{p.name} draws a card",
        player=player,
        card=name,
        nth=nth,
        obj=top if new is None else new,
    )
    return True


def draws(
    game: Game,
    players: list[int],
    n: int,
    rules: tuple[str, ...] = ("121.1",),
    step_draw: bool = False,
) -> bool:
    """Each player draws ``n`` cards (CR 121.2), each draw proposed to the
    replacement effects. True when the draws are done now; False when a
    ``draw`` task was pushed (a choice may come up) and the caller must let it
    run first. ``step_draw``: the draw step's turn-based draw (CR 504.1)."""
    if watched(game, EventKind.DRAW) and any(
        applicable(game, draw_event(game, p, rules, step_draw)) for p in players
    ):
        data = _task_data(game, list(players), int(n), rules)
        if step_draw:
            data["step_draw"] = True
        game.push_task("draw", data)
        return False
    for p in players:
        draw(game, p, n, rules, step_draw)
    return True


def _task_data(game: Game, players: list[int], n: int, rules: tuple[str, ...]) -> dict[str, Any]:
    """A ``draw`` task's data; draws left for later while a replacement effect's
    instructions are followed keep that effect out of them (CR 614.5)."""
    data: dict[str, Any] = {"players": players, "n": n, "left": n, "rules": list(rules)}
    if game._replacing:
        data["applied"] = list(game._replacing)
    return data


@task_handler("draw")
def draw_task(game: Game, task: Task) -> None:
    """CR 121.2, 616.1: the draws one at a time; before each, the drawing player
    chooses among the replacement effects that apply to it."""
    d: dict[str, Any] = task.data
    rules = tuple(d["rules"])
    while d["players"]:
        p = d["players"][0]
        while d["left"] > 0:
            ev = d.pop("event", None) or draw_event(
                game, p, rules, bool(d.pop("step_draw", False)), d.get("applied") or ()
            )
            done = propose(game, ev, task)
            if done is None:
                return  # asked; the event waits in task.data["event"]
            d["left"] -= 1
            PERFORMERS[done["kind"]](game, done)
            if game.tasks[-1] is not task:
                return  # CR 614.11a: what replaced the draw first; the rest after
        d["players"].pop(0)
        d["left"] = d["n"]
    game.finish(task)


__all__ = ["draw", "draws", "draw_event"]
