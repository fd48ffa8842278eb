"""Permissions to play cards from exile: "Exile the top card of your library. You
may play it this turn" (CR 601.2a, 305.1, 611.2).

The effect that gives the permission is a continuous effect from a resolving
spell or ability (CR 611.2) kept in ``game.effects`` (layer ``"rules"``: it
changes no characteristics). Its ``affected`` ids are the exiled cards; a card
that leaves exile is a new object (CR 400.7), so the permission doesn't follow
it. Durations: ``"end_of_turn"`` ends in the cleanup step (CR 514.2) with the
other "this turn" effects; ``"until_end_of_your_next_turn"`` ends in the cleanup
step of the permitted player's next turn (rules/layers.end_of_turn_cleanup).

Playing the card follows the normal rules otherwise: a land uses the player's
land play for the turn and only when they could play a land (CR 305.2), a spell
is cast with its timing and costs (CR 601.2, 307.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.objects import GameObject, Zone
from ..game.records import ContinuousEffect

if TYPE_CHECKING:
    from ..game.state import Game

#: the op of the continuous effect in ``game.effects``
EFFECT_OP = "may_play"

#: the durations a play permission may have
DURATIONS = frozenset(("end_of_turn", "until_end_of_your_next_turn"))


def grant(game: Game, source: int | None, player: int, ids: tuple[int, ...], duration: str) -> None:
    """CR 611.2: ``player`` may play these exiled cards for the duration."""
    game.effects = [
        *game.effects,
        ContinuousEffect(
            "rules",
            game.new_timestamp(),
            source,
            player,
            ids,
            EFFECT_OP,
            {"turn": game.turn},
            duration,
        ),
    ]
    game.invalidate()


def may_play_from(game: Game, player: int, o: GameObject, face: int = 0) -> bool:
    """Whether ``player`` may play the exiled card ``o`` (CR 601.2a, 305.1) with
    ``face`` up: by a permission effect, or as the creature of an adventurer card
    that went on an adventure (CR 715.3d)."""
    if o.zone != Zone.EXILE:
        return False
    if face == 0 and adventurer(o) == player:
        return True
    if not game.effects:
        return False
    return any(
        e.op == EFFECT_OP and e.controller == player and o.id in e.affected for e in game.effects
    )


def adventurer(o: GameObject) -> int | None:
    """CR 715.3d: the player who may play this exiled card because it went on an
    adventure (the controller of the Adventure spell), for as long as it stays
    exiled (a new object elsewhere, CR 400.7); they can't cast it as an Adventure
    that way."""
    chosen = o.chosen
    if not chosen:
        return None
    player = chosen.get("on_adventure")
    return player if isinstance(player, int) and not isinstance(player, bool) else None


def permitted_cards(game: Game, player: int) -> list[int]:
    """The exiled cards ``player`` may play now, in exile order."""
    objects = game.objects
    ids = {
        oid
        for e in game.effects
        if e.op == EFFECT_OP and e.controller == player
        for oid in e.affected
    }
    return [oid for oid in game.exile if oid in ids or adventurer(objects[oid]) == player]


def ends_now(game: Game, e: ContinuousEffect) -> bool:
    """CR 514.2, 611.2a: "until the end of your next turn" ends in the cleanup step
    of the permitted player's first turn after the one it was created in."""
    return (
        e.duration == "until_end_of_your_next_turn"
        and e.controller == game.active
        and game.turn > int(e.args.get("turn", game.turn))
    )
