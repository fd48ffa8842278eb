"""How many lands a player may play each turn, and their maximum hand size.

CR 305.2: a player may normally play one land during each of their turns;
continuous effects may increase that number ("You may play an additional land
on each of your turns", Exploration; CR 305.2a). CR 402.2: each player's
maximum hand size is normally seven; "You have no maximum hand size"
(Spellbook) removes it, and the cleanup step's discard (CR 514.1) then doesn't
happen; "Each opponent's maximum hand size is reduced by seven" changes it. Both are read from the static abilities of permanents on the
battlefield (CR 604.1), with the static's own condition ("as long as ...").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Filter, StaticEffect
from ..game.hooks import condition
from .conditions import evaluate
from .filters import matches_player
from .layers import amount as static_amount
from .player_effects import effects_on
from .statics import statics_with
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.objects import GameObject
    from ..game.state import Game

#: CR 305.2: lands a player may play each turn without effects
BASE_LAND_PLAYS: Final = 1
#: CR 402.2: the normal maximum hand size
BASE_HAND_SIZE: Final = 7

register("static:extra_land_play", "static:no_max_hand_size", "static:max_hand_size_change")
register("static:max_hand_size_set")
register("static:cant_play_lands")  # "You can't play lands" (Aggressive Mining)
register("condition:played_land_this_turn")


def _applies(game: Game, src: GameObject, st: StaticEffect, player: int) -> bool:
    """The static affects ``player`` ("you", "each player") and its condition holds."""
    if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
        return False
    flt = st.affected
    return isinstance(flt, Filter) and matches_player(game, player, flt, src.controller, src)


def land_plays(game: Game, player: int) -> int:
    """How many lands ``player`` may play this turn (CR 305.2, 305.2a)."""
    entries = statics_with(game, "extra_land_play")
    extra = game.turn_flags.extra_land_plays.get(player, 0)  # resolved effects, this turn
    if not entries:
        return BASE_LAND_PLAYS + extra
    for src, st in entries:
        if _applies(game, src, st, player):
            amount = st.args.get("amount", 1)
            extra += amount if isinstance(amount, int) else 1
    return BASE_LAND_PLAYS + extra


def may_play_another_land(game: Game, player: int) -> bool:
    """Whether ``player`` hasn't yet played all the lands they may this turn (CR 305.2)."""
    played = game.players[player].lands_played
    return played < BASE_LAND_PLAYS or played < land_plays(game, player)


@condition("played_land_this_turn")
def played_land(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "If you played a land this turn" (River of Tears): the player took a land
    play this turn (CR 305.2); a land put onto the battlefield by an effect wasn't
    played (CR 305.4)."""
    return game.players[controller].lands_played > 0


def lands_played_problem(game: Game, player: int) -> str:
    """Why ``player`` can't play another land this turn (CR 305.2)."""
    n = game.players[player].lands_played
    if n == 1:
        return "you have already played a land this turn (rule 305.2)"
    return f"you have already played {n} lands this turn (rule 305.2)"


def land_play_forbidden(game: Game, player: int) -> str | None:
    """Why an effect says ``player`` can't play lands ("Target player can't play lands
    this turn", Solfatara; "You can't play lands", Aggressive Mining): "can't" beats
    any permission (CR 101.2, 305.1); None when none does."""
    for e in effects_on(game, "cant_play_lands", player):
        return f"{e.args.get('by') or 'an effect'} says you can't play lands (rule 101.2)"
    for src, st in statics_with(game, "cant_play_lands"):
        if _applies(game, src, st, player):
            return f"{src.name} says you can't play lands (rule 101.2)"
    return None


def max_hand_size(game: Game, player: int) -> int | None:
    """``player``'s maximum hand size (CR 402.2); None when they have none."""
    for src, st in statics_with(game, "no_max_hand_size"):
        if _applies(game, src, st, player):
            return None
    if any(effects_on(game, "no_max_hand_size_for_game", player)):
        return None  # "You have no maximum hand size for the rest of the game" (611.2a)
    size = BASE_HAND_SIZE
    # "Each opponent's maximum hand size is reduced by seven" (Jin-Gitaxias, Core
    # Augur), "Your maximum hand size is increased by one": each such effect adds
    # or removes; "Your maximum hand size is two" (Recycle) sets it. They apply in
    # timestamp order (CR 613.11); a hand holds no fewer than zero cards (CR 402.2,
    # 514.1)
    changes: list[tuple[int, int, bool, int]] = []
    for op in ("max_hand_size_change", "max_hand_size_set"):
        for i, (src, st) in enumerate(statics_with(game, op)):
            if not _applies(game, src, st, player):
                continue
            value = st.args.get("amount", 0)
            n = value if isinstance(value, int) else static_amount(game, value, src.controller, src)
            changes.append((src.timestamp, i, op == "max_hand_size_set", n))
    for _ts, _i, sets, n in sorted(changes):
        size = n if sets else size + n
    return max(size, 0)
