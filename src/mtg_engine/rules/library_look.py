""" "You may look at the top card of your library any time." (CR 401.5)

A static ability (op ``look_at_top_any_time``, its ``affected`` filter the
players who may look: "you") lets a player see the top card of their own
library, and no one else (CR 401.2: the library stays hidden from the others).
:func:`top_card_seen` is what that player's view of the game shows
(rules/views.py).

CR 401.5: if the top card changes while a spell is being cast or an ability
activated, the new top card can't be looked at until the spell becomes cast or
the ability activated: the ``cast`` and ``activate`` tasks note each library's
top card as they begin (:func:`library_tops`, rules/priority.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Filter
from .conditions import evaluate
from .filters import matches_player
from .statics import statics_with
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

register("static:look_at_top_any_time", "static:play_with_top_revealed")

LOOK: Final = "look_at_top_any_time"
#: "Play with the top card of your library revealed" (CR 401.5): seen by every player
REVEALED: Final = "play_with_top_revealed"
#: the tasks that cast a spell or activate an ability (CR 601.2, 602.2)
_ANNOUNCING: Final = ("cast", "activate")


def may_look_at_top(game: Game, player: int) -> bool:
    """Whether a static ability lets ``player`` look at the top card of their
    library any time (CR 401.5)."""
    return _static_applies(game, player, LOOK)


def plays_top_revealed(game: Game, player: int) -> bool:
    """Whether a static ability has ``player`` play with the top card of their
    library revealed (CR 401.5, 701.18c): every player sees it."""
    return _static_applies(game, player, REVEALED)


def _static_applies(game: Game, player: int, op: str) -> bool:
    for src, st in statics_with(game, op):
        flt = st.affected
        if not isinstance(flt, Filter) or not matches_player(
            game, player, flt, src.controller, src
        ):
            continue
        if st.condition is None or evaluate(game, st.condition, src.controller, src):
            return True
    return False


def library_tops(game: Game) -> list[int | None]:
    """Each player's top library card now (noted as a spell or ability is announced)."""
    return [p.library[-1] if p.library else None for p in game.players]


def top_card_seen(game: Game, player: int, viewer: int | None = None) -> int | None:
    """The top card of ``player``'s library if ``viewer`` (by default the player)
    may see it now: its owner may look at it, or it is played revealed; else None.
    CR 401.5: not a new top card while a spell is being cast or an ability activated."""
    lib = game.players[player].library
    if not lib:
        return None
    own = viewer is None or viewer == player
    if not (own and may_look_at_top(game, player)) and not plays_top_revealed(game, player):
        return None
    top = lib[-1]
    for task in game.tasks:
        if task.kind in _ANNOUNCING:
            tops = task.data.get("library_tops")
            if isinstance(tops, list) and player < len(tops) and tops[player] != top:
                return None
    return top
