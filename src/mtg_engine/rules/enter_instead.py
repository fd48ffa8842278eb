"""CR 614.1c, 614.12: "If this land would enter, sacrifice a Forest instead. If you
do, put this land onto the battlefield. If you don't, put it into its owner's
graveyard." (Heart of Yavimaya, Lotus Vale: "sacrifice two untapped lands"), "If
this artifact would enter, you may discard a land card instead. ..." (Mox Diamond).

The permanent's own replacement effect of its entering (op ``enter_instead``, found
with the other "as it enters" effects by rules/etb_choices.py): as it would enter,
its controller sacrifices the permanents (or discards the card) described; if they
do, it enters; if they don't (they can't, or they choose not to for "you may"), it
is put into its owner's graveyard instead (CR 614.6: the modified event replaces
the original one; it never enters, so nothing sees it enter).
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import Filter, StaticEffect
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.objects import Zone
from ..game.state import Game
from .filters import matches_object
from .permanents import sacrifice
from .simultaneous import simultaneous
from .support import register
from .zones import move

register("static:enter_instead")


def _candidates(game: Game, entry: dict[str, Any], st: StaticEffect) -> list[int]:
    """What its controller may sacrifice (permanents they control) or discard (cards
    in their hand) for it to enter, as it would enter."""
    player = int(entry["controller"])
    me = game.objects[entry["obj"]]
    what = st.args["what"]
    assert isinstance(what, Filter)
    if st.args["action"] == "discard":
        pool = [game.objects[i] for i in game.players[player].hand]
    else:
        pool = [
            game.objects[i]
            for i in game.battlefield
            if game.objects[i].controller == player and not game.objects[i].phased_out
        ]
    return [o.id for o in pool if o.id != me.id and matches_object(game, o, what, player, me)]


def enter_instead(game: Game, ev: dict[str, Any], st: StaticEffect, answer: Any) -> Decision | None:
    """Apply the replacement to the entering event ``ev``: ask which permanents are
    sacrificed (or which card is discarded), do it, or send the permanent to its
    owner's graveyard when it isn't done (CR 614.1c, 614.6, 701.21a, 701.9a).
    Returns the Decision to ask, or None once it has applied."""
    entry = ev["entry"]
    action = str(st.args["action"])
    n = int(st.args.get("count", 1))
    optional = bool(st.args.get("optional"))
    cands = _candidates(game, entry, st)
    name = game.objects[entry["obj"]].name
    chosen: list[int]
    if st.args.get("each"):
        # "instead sacrifice each other permanent named Sheltered Valley you control,
        # then put this land onto the battlefield": all of them (maybe none); it enters
        n = len(cands)
    if answer is None and (optional or len(cands) > n) and len(cands) >= n:
        verb = "discard" if action == "discard" else "sacrifice"
        return Decision(
            DecisionKind.CHOOSE_OBJECTS,
            int(entry["controller"]),
            "614.1c",
            f"Choose {n} to {verb} as {name} would enter"
            + (" (or none: it's put into its owner's graveyard)" if optional else ""),
            {
                "candidates": cands,
                "min": 0 if optional else n,
                "max": n,
                "purpose": DecisionPurpose.DISCARD
                if action == "discard"
                else DecisionPurpose.SACRIFICE,
                "obj": entry["obj"],
            },
        )
    if answer is None:
        chosen = cands if len(cands) == n else []
    else:
        chosen = [o for o in answer.objects if o in cands][:n]
    if len(chosen) < n:
        # "If you don't, put it into its owner's graveyard" (CR 614.6)
        ev["to"] = Zone.GRAVEYARD
        return None
    with simultaneous(game, chosen):  # one event (CR 603.10a)
        for oid in chosen:
            if action == "discard":
                move(
                    game,
                    oid,
                    Zone.GRAVEYARD,
                    ("701.9a", "614.1c"),
                    reason="is discarded",
                    cause="discard",
                )
            elif game.objects[oid].zone == Zone.BATTLEFIELD:
                sacrifice(game, oid, ("701.21a", "614.1c"))
    entry["replacement_rules"].extend(["614.1c"])
    return None


def enter_instead_done(game: Game, ev: dict[str, Any]) -> str:
    """The words for the log once it applied (rules/pipeline.py ``Replacement.apply``)."""
    if ev["to"] == Zone.GRAVEYARD:
        name = game.objects[ev["entry"]["obj"]].name
        return f"it isn't done: {name} is put into its owner's graveyard instead"
    return ""
