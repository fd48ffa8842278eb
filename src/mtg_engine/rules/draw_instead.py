"""Draws an opponent makes beyond the first of their draw step, replaced (CR 614.1a).

"If an opponent would draw a card except the first one they draw in each of their
draw steps, instead you create a Treasure token" (Hullbreacher); "..., instead that
player skips that draw and you draw a card" (Notion Thief): a replacement effect
of the draw event in the pipeline (rules/pipeline.py, rules/drawing.py).

* The first card a player draws in their draw step is the one of the draw step's
  turn-based action (CR 504.1: nothing can happen in the step before it).
* The draw is replaced: the player doesn't draw (the event becomes a
  ``draw_replaced`` event), and the effect's controller follows what it does
  instead (its instructions, as the permanent would, with nothing on the stack),
  right after.

Compiled as ``StaticEffect("draw_instead", <opponents>, {"effects": (...)})``.

"If you would draw a card except the first one you draw in each of your draw
steps, draw two cards instead" (Alhammarret's Archive; Thought Reflection,
Phial of Galadriel's "while you have no cards in hand", Blood Scrivener's "and
you lose 1 life"): the draw becomes that many draws, each its own event. The
effect that made them doesn't apply to them again (CR 614.5), but another one
does: with two Archives, a draw becomes four. They are drawn before the rest
of a sequence of draws goes on (CR 614.11a). Compiled as
``StaticEffect("draw_more_instead", <you>, {"n": 2, "except_first": True,
"empty_hand": False, "effects": (...)})``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards.abilities import StaticEffect
from ..game.events import EventKind
from ..game.objects import GameObject
from ..game.state import Step
from ..game.tasks import Task, task_handler
from .characteristics import chars
from .pipeline import (
    Replacement,
    affects_player,
    cited,
    performer,
    replacement_finder,
    static_replacement,
)
from .prevention_then import follow_source_instructions, instead_record
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

OP = "draw_instead"
#: the event a replaced draw becomes
DRAW_REPLACED = "draw_replaced"
MORE_OP = "draw_more_instead"
#: "The next time you would draw a card this turn, ... instead" (a resolved effect's)
NEXT_OP = "next_draw_instead"
#: the event a draw becomes when it is replaced by more draws
DRAW_MORE = "draw_more"


def first_in_draw_step(game: Game, ev: dict[str, Any]) -> bool:
    """CR 504.1: whether this draw is the first card the player draws in their draw
    step (the step's turn-based action)."""
    return game.step == Step.DRAW and game.is_active(ev["player"]) and bool(ev.get("step_draw"))


@static_replacement(OP, EventKind.DRAW)
def draw_instead(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """CR 614.1a: "If an opponent would draw a card except the first one they draw in
    each of their draw steps, instead ..." (Hullbreacher); "If you would draw a card,
    exile the top card of your library face down instead" (Asmodeus)."""
    # (not again on the draws its own instructions make: they carry its key in
    # "applied", CR 614.5, rules/drawing.draw_event)
    if not affects_player(game, st, ev["player"], src.controller):
        return None
    if not st.args.get("every") and first_in_draw_step(game, ev):
        return None
    name = chars(game, src).name
    effects = list(st.args.get("effects") or ())
    replacing = (*game._replacing, key)

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["kind"] = DRAW_REPLACED
        ev["instead"] = instead_record(effects, src.controller, src.id, name, replacing)
        return f"{name}: {game.players[ev['player']].name} doesn't draw; instead its effect happens"

    return Replacement(key, name, ("614.1a",), apply)


@replacement_finder(EventKind.DRAW)
def next_draw_instead(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 614.1a: "The next time you would draw a card this turn, you gain 5 life
    instead" (Words of Worship): a replacement effect made by a resolved ability that
    replaces one draw of that player this turn, then is used up (the turn's flags,
    ``TurnFlags.next_draw_instead``)."""
    waiting = game.turn_flags.next_draw_instead
    if not waiting:
        return []
    player = int(ev["player"])
    return [
        Replacement(f"{NEXT_OP}:{rec['n']}", str(rec["name"]), ("614.1a",), _next_draw_apply(rec))
        for rec in waiting
        if rec["player"] == player
    ]


def _next_draw_apply(rec: dict[str, Any]) -> Callable[[Game, dict[str, Any]], str]:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["kind"] = DRAW_REPLACED
        ev["instead"] = dict(rec["instead"])
        ev["next_draw_used"] = rec["n"]  # used up as the event is performed
        who = game.players[ev["player"]].name
        return f"{rec['name']}: {who} doesn't draw; instead its effect happens"

    return apply


@performer(DRAW_REPLACED)
def perform_replaced(game: Game, ev: dict[str, Any]) -> None:
    """The player doesn't draw (CR 614.1a); what the effect does instead follows."""
    used = ev.get("next_draw_used")
    if used is not None:
        # "the next time": the effect replaced its one draw and is gone (CR 614.1a)
        flags = game.turn_flags
        flags.next_draw_instead = tuple(r for r in flags.next_draw_instead if r["n"] != used)
    game.emit(
        EventKind.SKIP,
        cited(ev, ("121.1",)),
        f"{ev['what']}; " + "; ".join(ev.get("notes") or ()),
        player=int(ev["player"]),
    )
    game.push_task("draw_instead", dict(ev["instead"]))


@task_handler("draw_instead")
def draw_instead_task(game: Game, task: Task) -> None:
    """Follow what the replacement effect does instead of the draw (CR 614.1a)."""
    follow_source_instructions(game, task)


@static_replacement(MORE_OP, EventKind.DRAW)
def draw_more_instead(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """CR 614.1a: "If you would draw a card [except the first one you draw in each
    of your draw steps | while you have no cards in hand], draw two cards
    instead"."""
    player = int(ev["player"])
    if not affects_player(game, st, player, src.controller):
        return None
    if st.args.get("except_first") and first_in_draw_step(game, ev):
        return None
    if st.args.get("empty_hand") and game.players[player].hand:
        return None
    n = int(st.args.get("n", 2))
    name = chars(game, src).name
    effects = list(st.args.get("effects") or ())

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["kind"] = DRAW_MORE
        ev["n"] = n
        if effects:
            ev["instead"] = instead_record(effects, src.controller, src.id, name)
        return f"{name}: {game.players[player].name} draws {n} cards instead"

    return Replacement(key, name, ("614.1a",), apply)


@performer(DRAW_MORE)
def perform_draw_more(game: Game, ev: dict[str, Any]) -> None:
    """The draw becomes ``n`` draws (CR 614.1a), each proposed on its own (CR 121.2)
    and not again to the effects that already applied to this one (CR 614.5);
    what else the effect does follows them ("and you lose 1 life")."""
    player = int(ev["player"])
    game.emit(
        EventKind.SKIP,
        cited(ev, ("614.1a", "614.5")),
        f"{ev['what']}; " + "; ".join(ev.get("notes") or ()),
        player=player,
    )
    if ev.get("instead"):
        game.push_task("draw_instead", dict(ev["instead"]))
    n = int(ev["n"])
    rules = list(ev.get("rules") or ("121.1",))  # (not the step's draw: no step_draw)
    game.push_task(
        "draw",
        {
            "players": [player],
            "n": n,
            "left": n,
            "rules": [*rules, "614.1a"],
            "applied": list(ev.get("applied") or ()),
        },
    )


register(f"static:{OP}", f"static:{MORE_OP}")
