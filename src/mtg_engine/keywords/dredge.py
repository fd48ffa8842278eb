"""Dredge (CR 702.52).

702.52a: Dredge is a static ability that functions only while the card with
dredge is in a player's graveyard. "Dredge N" means "As long as you have at
least N cards in your library, if you would draw a card, you may instead mill
N cards and return this card from your graveyard to your hand."
702.52b: a player with fewer than N cards in their library can't dredge it.

It is a replacement effect (CR 614.1a) applied to each single draw (CR
121.2): when a player would draw while a card in their graveyard could be
dredged, the draws go through the ``draw`` task, which asks, card by card,
whether to dredge (``choose_objects`` with ``purpose: "dredge"``; choosing
nothing draws normally). :func:`draw_or_dredge` is what the draw step and the
``draw`` effect call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import Zone
from ..game.tasks import Task, task_handler
from ..rules.support import register_keywords
from ..rules.zones import draw, mill, move
from .common import printed_instances

if TYPE_CHECKING:
    from ..game.state import Game

register_keywords("Dredge")


def dredge_n(game: Game, oid: int) -> int:
    """The largest N among the card's dredge abilities (0: none); cached on the card
    definition, since every draw looks through the graveyard."""
    obj = game.objects[oid]
    key = ("dredge_n", obj.face)
    best = obj.card.cache.get(key)
    if best is None:
        best = 0
        for a in printed_instances(obj, "Dredge"):
            n = a.keyword_args.get("n", 0)
            if isinstance(n, int) and n > best:
                best = n
        obj.card.cache[key] = best
    return int(best)


def dredge_options(game: Game, player: int) -> list[int]:
    """Cards in the player's graveyard that could be dredged now (702.52a-b)."""
    p = game.players[player]
    if not p.graveyard:
        return []
    lib = len(p.library)
    out = []
    for oid in p.graveyard:
        n = dredge_n(game, oid)
        if n and lib >= n:
            out.append(oid)
    return out


def draw_or_dredge(
    game: Game, players: list[int], n: int, rules: tuple[str, ...] = ("121.1",)
) -> bool:
    """Draw ``n`` cards for each player, offering dredge (702.52a) when it applies.

    Returns True when the draws are done now; False when a ``draw`` task was
    pushed (a dredge choice may come up) and the caller must let it run first.
    """
    if any(dredge_options(game, p) for p in players):
        game.push_task(
            "draw", {"players": list(players), "n": int(n), "left": int(n), "rules": list(rules)}
        )
        return False
    for p in players:
        draw(game, p, n, rules)
    return True


@task_handler("draw")
def draw_task(game: Game, task: Task) -> None:
    """CR 121.2: the draws one at a time; before each, the dredge replacement may apply."""
    d: dict[str, Any] = task.data
    rules = tuple(d["rules"])
    while d["players"]:
        p = d["players"][0]
        while d["left"] > 0:
            options = dredge_options(game, p)
            chosen: list[int] = []
            if options:
                if task.answer is None:
                    game.ask(
                        Decision(
                            DecisionKind.CHOOSE_OBJECTS,
                            p,
                            "702.52a",
                            "You would draw a card: choose a card to dredge instead (or none)",
                            {
                                "candidates": options,
                                "min": 0,
                                "max": 1,
                                "purpose": DecisionPurpose.DREDGE,
                            },
                        )
                    )
                    return
                chosen = [o for o in task.answer.objects if o in options]
                task.answer = None
            d["left"] -= 1
            if chosen:
                card = game.objects[chosen[0]]
                n = dredge_n(game, card.id)
                game.emit(
                    EventKind.DREDGE,
                    ("702.52a", "614.1a"),
                    f"{game.players[p].name} dredges {card.name}: mills {n} instead of drawing",
                    player=p,
                    obj=card.id,
                )
                mill(game, p, n)
                if card.id in game.objects and card.zone == Zone.GRAVEYARD:
                    move(
                        game,
                        card.id,
                        Zone.HAND,
                        ("702.52a",),
                        reason="is returned to hand (dredge)",
                    )
            else:
                draw(game, p, 1, rules)
        d["players"].pop(0)
        d["left"] = d["n"]
    game.finish(task)


KEYWORD_HOOKS.draw_or_dredge = draw_or_dredge
