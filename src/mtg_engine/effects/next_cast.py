"""Effects that wait for the next spell a player casts this turn.

* ``next_cast_to_hand``: "The next time you cast an instant or sorcery spell from
  your hand this turn, put that card into your hand instead of into your graveyard
  as it resolves." (Soulfire Grand Master). The effect waits in the turn's flags;
  the spell cast that way is marked as it becomes cast (rules/casting.py, CR
  601.2i), and as it resolves it goes to its owner's hand instead of the graveyard
  (CR 608.2n, 614.1a). A countered spell, or one that doesn't resolve because its
  targets are all illegal (CR 608.2b), goes to the graveyard as usual.
* ``extra_land_plays_this_turn``: "You may play an additional land this turn."
  (Explore), "up to N additional lands": counted in the turn's flags and read by
  rules/player_limits.land_plays (CR 305.2), gone with the turn.
* ``next_cast_flash``: "The next sorcery spell you cast this turn can be cast as
  though it had flash." (Quicken): read by rules/cast_permissions.has_flash and
  used up as that spell becomes cast (rules/casting.py).
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.state import Game
from ..rules.effects_runner import Ctx
from ..rules.pipeline import Replacement, replacement_finder
from ..rules.resolve_to_hand import resolves_to_hand, to_hand
from ..rules.support import register
from . import effect


@effect("next_cast_to_hand")
def next_cast_to_hand(ctx: Ctx, e: Effect) -> bool:
    """The effect starts waiting for its controller's next instant or sorcery spell
    cast from the hand this turn."""
    g = ctx.game
    p = ctx.controller
    waiting = g.turn_flags.next_cast_to_hand
    waiting[p] = waiting.get(p, 0) + 1
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("608.2n", "614.1a"),
        f"The next instant or sorcery spell {g.players[p].name} casts from their hand "
        "this turn goes to their hand as it resolves",
    )
    return True


@effect("next_cast_flash")
def next_cast_flash(ctx: Ctx, e: Effect) -> bool:
    """ "The next sorcery spell you cast this turn can be cast as though it had
    flash": its controller may cast their next sorcery spell this turn any time
    they could cast an instant (CR 702.8a, rules/cast_permissions.has_flash); the
    permission is used up by the next sorcery spell they cast."""
    g = ctx.game
    p = ctx.controller
    waiting = g.turn_flags.next_cast_flash
    waiting[p] = waiting.get(p, 0) + 1
    g.invalidate()  # what the hand may offer changes (rules/priority_options.py)
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("702.8a", "611.2"),
        f"{g.players[p].name} may cast their next sorcery spell this turn as though it had flash",
    )
    return True


@replacement_finder(EventKind.ZONE_CHANGE)
def marked_spell_to_hand(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 614.1a: the marked spell goes to its owner's hand instead of into the
    graveyard as it resolves (not when it's countered or doesn't resolve)."""
    if not resolves_to_hand(game, ev, "to_hand"):
        return []
    return [Replacement("next_cast_to_hand", "that effect", ("608.2n", "614.1a"), _to_hand)]


def _to_hand(game: Game, ev: dict[str, Any]) -> str:
    to_hand(ev)
    return "it goes to its owner's hand instead"


register("effect:next_cast_to_hand", "effect:next_cast_flash")


@effect("extra_land_plays_this_turn")
def extra_land_plays_this_turn(ctx: Ctx, e: Effect) -> bool:
    """ "You may play an additional land this turn" (CR 305.2): its controller may
    play that many more lands this turn."""
    g = ctx.game
    p = ctx.controller
    n = int(e.args.get("amount", 1))
    more = g.turn_flags.extra_land_plays
    more[p] = more.get(p, 0) + n
    g.invalidate()  # what the hand may offer changes (rules/priority_options.py)
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("305.2", "611.2"),
        f"{g.players[p].name} may play {n} additional land{'s' if n != 1 else ''} this turn",
    )
    return True


register("effect:extra_land_plays_this_turn")
