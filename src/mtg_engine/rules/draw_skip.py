"""Skipping the draw of the draw step for a protection (Island Sanctuary; CR 614.1a, 614.10).

"If you would draw a card during your draw step, instead you may skip that draw.
If you do, until your next turn, you can't be attacked except by creatures with
flying and/or islandwalk."

* The replacement (CR 614.1a, "instead") is offered as the draw step's draw
  (CR 504.1) would happen: the player chooses whether to skip it (a "may").
* If they do, an effect lasting until their next turn (CR 611.2a) restricts
  attacks (CR 508.1c): only creatures with one of the listed keywords (or the
  listed landwalk) can attack that player. It changes a rule of the game, so it
  applies to creatures that enter later too (CR 611.2c). It is a
  :class:`ContinuousEffect` with op ``cant_be_attacked_except`` and no locked-in
  objects, read by :func:`attack_restriction`.

Compiled as ``StaticEffect("skip_draw_for_protection", SelfRef(), {"keywords":
("Flying",), "landwalk": ("Island",)})``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import AbilityKind
from ..game.actions import Decision, DecisionKind, DecisionPurpose, ref_player
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject
from ..game.state import ContinuousEffect
from ..game.tasks import Task, task_handler
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

OP = "skip_draw_for_protection"
EFFECT_OP = "cant_be_attacked_except"


def _sources(game: Game, player: int) -> list[tuple[GameObject, Any]]:
    out: list[tuple[GameObject, Any]] = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player or o.phased_out or o.face_down:
            continue
        for a in chars(game, o).abilities:
            if a.kind is AbilityKind.STATIC:
                out.extend((o, st) for st in a.static if st.op == OP)
    return out


def skip_offered(game: Game) -> bool:
    """CR 504.1, 614.1a: before the draw step's draw, offer the skip. True when a
    ``draw_skip`` task now decides (and draws, if the player doesn't skip)."""
    if not _sources(game, game.active):
        return False
    game.push_task("draw_skip", {"player": game.active})
    return True


@task_handler("draw_skip")
def draw_skip_task(game: Game, task: Task) -> None:
    player = task.data["player"]
    found = _sources(game, player)
    if found and task.answer is None:
        src = found[0][0]
        game.ask(
            Decision(
                DecisionKind.YES_NO,
                player,
                "614.1a",
                f"{src.name}: skip your draw this draw step?",
                {"purpose": DecisionPurpose.MAY},
            )
        )
        return
    skip = bool(found) and bool(task.answer.value)
    task.answer = None
    game.finish(task)
    if not skip:
        KEYWORD_HOOKS.draw_or_dredge(game, [player], 1, ("504.1",))  # CR 504.1 (dredge: 702.52a)
        return
    src, st = found[0]
    name = game.players[player].name
    game.emit(
        EventKind.SKIP, ("614.1a", "504.1"), f"{name} skips their draw ({src.name})", player=player
    )
    game.effects = [
        *game.effects,
        ContinuousEffect(
            "rules",
            game.new_timestamp(),
            src.id,
            player,
            (),
            EFFECT_OP,
            {
                "keywords": tuple(st.args.get("keywords") or ()),
                "landwalk": tuple(st.args.get("landwalk") or ()),
            },
            "until_your_next_turn",
        ),
    ]
    game.invalidate()
    game.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("611.2a", "508.1c"),
        f"Until {name}'s next turn, {name} can't be attacked except by creatures with "
        + " and/or ".join(
            [
                *(k.lower() for k in st.args.get("keywords") or ()),
                *(f"{t.lower()}walk" for t in st.args.get("landwalk") or ()),
            ]
        ),
    )


def attack_restriction(game: Game, obj: GameObject, defender: int) -> tuple[str, str] | None:
    """CR 508.1c: ``obj`` can't attack ``defender`` (a player ref) because of such an effect."""
    if not game.effects:
        return None
    player = ref_player(defender)
    if player is None:
        return None
    for e in game.effects:
        if e.op != EFFECT_OP or e.controller != player:
            continue
        if not _allowed(obj, chars(game, obj), e.args):
            return (
                "that player can't be attacked except by creatures with "
                + " and/or ".join(
                    [
                        *(k.lower() for k in e.args.get("keywords") or ()),
                        *(f"{t.lower()}walk" for t in e.args.get("landwalk") or ()),
                    ]
                ),
                "508.1c",
            )
    return None


def _allowed(obj: GameObject, c: Any, args: dict[str, Any]) -> bool:
    if any(k in c.keywords for k in args.get("keywords") or ()):
        return True
    walks = [
        str(ab.keyword_args.get("land", ab.keyword_args.get("type")) or "").lower()
        for ab in c.abilities
        if ab.keyword == "Landwalk"
    ]
    return any(t.lower() in walks for t in args.get("landwalk") or ())


def _register() -> None:
    register(f"static:{OP}")


_register()
