"""Skipping the draw of the draw step for a protection (Island Sanctuary; CR 614.1a, 614.10).

"If you would draw a card during your draw step, instead you may skip that draw.
If you do, until your next turn, you can't be attacked except by creatures with
flying and/or islandwalk."

* The replacement (CR 614.1a, "instead") is an optional replacement effect of
  the draw event in the pipeline (rules/pipeline.py, rules/drawing.py): as
  any draw of its controller during their draw step would happen, the player
  chooses whether to skip it (a "may"; with dredge too, which one, CR 616.1).
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

from ..cards.abilities import StaticEffect
from ..game.actions import DecisionPurpose, ref_player
from ..game.events import EventKind
from ..game.objects import GameObject
from ..game.records import ContinuousEffect
from ..game.state import Step
from .characteristics import chars
from .pipeline import Replacement, cited, performer, static_replacement
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

OP = "skip_draw_for_protection"
EFFECT_OP = "cant_be_attacked_except"
#: the event a skipped draw becomes
SKIP_DRAW = "skip_draw"


@static_replacement(OP, EventKind.DRAW)
def skip_draw(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """CR 614.1a: "If you would draw a card during your draw step, instead you may
    skip that draw" — any draw of its controller during their own draw step."""
    player = int(ev["player"])
    if player != src.controller or not game.is_active(player) or game.step != Step.DRAW:
        return None
    name = chars(game, src).name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["kind"] = SKIP_DRAW
        ev["source"] = src.id
        ev["keywords"] = list(st.args.get("keywords") or ())
        ev["landwalk"] = list(st.args.get("landwalk") or ())
        return f"{name}: the draw is skipped instead"

    return Replacement(key, name, ("614.1a",), apply, optional=True, purpose=DecisionPurpose.MAY)


@performer(SKIP_DRAW)
def perform_skip(game: Game, ev: dict[str, Any]) -> None:
    """The draw is skipped; until the player's next turn, they can't be attacked
    except by creatures with the listed keywords (CR 611.2a, 508.1c)."""
    player = int(ev["player"])
    src = game.objects.get(int(ev["source"]))
    src_name = src.name if src is not None else "an effect"
    name = game.players[player].name
    game.emit(
        EventKind.SKIP,
        cited(ev, ("614.1a", "504.1")),
        f"{name} skips their draw ({src_name})",
        player=player,
    )
    keywords, landwalk = tuple(ev["keywords"]), tuple(ev["landwalk"])
    game.effects = [
        *game.effects,
        ContinuousEffect(
            "rules",
            game.new_timestamp(),
            int(ev["source"]),
            player,
            (),
            EFFECT_OP,
            {"keywords": keywords, "landwalk": landwalk},
            "until_your_next_turn",
        ),
    ]
    game.invalidate()
    game.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("611.2a", "508.1c"),
        f"Until {name}'s next turn, {name} can't be attacked except by creatures with "
        + " and/or ".join(
            [*(k.lower() for k in keywords), *(f"{t.lower()}walk" for t in landwalk)]
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
