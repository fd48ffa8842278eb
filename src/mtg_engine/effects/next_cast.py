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
* ``next_cast_uncounterable``: "The next creature spell you cast this turn can't be
  countered." (Insist, Mistrise Village): waits in the turn's flags; the spell cast
  that way is marked as it becomes cast (rules/casting.py) and
  rules/uncounterable.cant_be_countered reads the mark (CR 101.2).
* ``cast_as_flash_this_turn``: "You may cast spells this turn as though they had
  flash." (Alchemist's Refuge): the spells' filter waits in the turn's flags, read
  by rules/cast_permissions.has_flash (CR 702.8a, 611.2a).
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import Effect, Filter
from ..game.events import EventKind
from ..game.objects import Zone
from ..game.state import Game
from ..rules.effects_runner import Ctx
from ..rules.pipeline import Replacement, replacement_finder
from ..rules.prevention_then import instead_record
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


def _announce(ctx: Ctx, rules: tuple[str, ...], text: str) -> bool:
    """Log an effect that now waits in the turn's flags; what the hand may offer may
    have changed (rules/priority_options.py)."""
    ctx.game.invalidate()
    ctx.game.emit(EventKind.CONTINUOUS_EFFECT, rules, text)
    return True


@effect("next_cast_uncounterable")
def next_cast_uncounterable(ctx: Ctx, e: Effect) -> bool:
    """ "The next [creature] spell you cast this turn can't be countered." (Mistrise
    Village, Insist, Overmaster): the effect waits for its controller's next spell of
    those card types this turn, which can't be countered (CR 101.2, 611.2a)."""
    p = ctx.controller
    kinds: tuple[str, ...] = tuple(e.args.get("kinds") or ())
    waiting = ctx.game.turn_flags.next_cast_uncounterable
    waiting[p] = (*waiting.get(p, ()), kinds)
    what = " or ".join(k.lower() for k in kinds) + " spell" if kinds else "spell"
    who = ctx.game.players[p].name
    return _announce(
        ctx, ("101.2", "611.2a"), f"The next {what} {who} casts this turn can't be countered"
    )


@effect("next_cast_less")
def next_cast_less(ctx: Ctx, e: Effect) -> bool:
    """ "The next [instant or sorcery] spell you cast this turn costs {1} less to
    cast." (Peerless Samurai, Maelstrom Muse): the reduction waits for its
    controller's next spell of those card types (or that subtype) this turn; X is
    counted now (CR 608.2h). rules/cost_changes.spell_changes applies it as that
    spell's total cost is determined (601.2f) and rules/casting uses it up as the
    spell becomes cast (601.2i)."""
    p = ctx.controller
    times = ctx.amount(e.args.get("amount", 1))
    kinds: tuple[str, ...] = tuple(e.args.get("kinds") or ())
    subtypes: tuple[str, ...] = tuple(e.args.get("subtypes") or ())
    mana = str(e.args.get("mana") or "{1}")
    rec = {
        "kinds": kinds,
        "subtypes": subtypes,
        "mana": mana,
        "times": max(0, times),
        "name": ctx.source.name,
    }
    waiting = ctx.game.turn_flags.next_cast_less
    waiting[p] = (*waiting.get(p, ()), rec)
    what = " or ".join(k.lower() for k in (*kinds, *subtypes))
    who = ctx.game.players[p].name
    less = mana if times == 1 else f"{mana} x{times}"
    return _announce(
        ctx,
        ("601.2f", "611.2a"),
        f"The next {what + ' ' if what else ''}spell {who} casts this turn costs {less} less",
    )


register("effect:next_cast_less", "arg:next_cast_less.kinds", "arg:next_cast_less.subtypes")
register("arg:next_cast_less.mana", "arg:next_cast_less.amount")


@effect("cast_as_flash_this_turn")
def cast_as_flash_this_turn(ctx: Ctx, e: Effect) -> bool:
    """ "You may cast [creature] spells this turn as though they had flash."
    (Alchemist's Refuge, Borne Upon a Wind, Winding Canyons): its controller may cast
    such spells any time they could cast an instant this turn (CR 702.8a, 611.2a;
    rules/cast_permissions.has_flash)."""
    p = ctx.controller
    flt = e.args.get("what")
    if not isinstance(flt, Filter):
        return True
    allowed = ctx.game.turn_flags.cast_as_flash
    allowed[p] = (*allowed.get(p, ()), ctx.concrete(flt))
    kinds = " or ".join(k.lower() for k in flt.kinds if k != "spell")
    kinds += " " if kinds else ""
    who = ctx.game.players[p].name
    return _announce(
        ctx,
        ("702.8a", "611.2a"),
        f"{who} may cast {kinds}spells this turn as though they had flash",
    )


@effect("next_draw_instead")
def next_draw_instead(ctx: Ctx, e: Effect) -> bool:
    """ "The next time you would draw a card this turn, you gain 5 life instead"
    (Words of Worship): a replacement effect that waits in the turn's flags for its
    controller's next draw this turn, replaces it, and is used up (CR 614.1a;
    rules/draw_instead.next_draw_instead). What it does instead is done as its source
    would, or as the card it was if it has left the battlefield since."""
    g = ctx.game
    p = ctx.controller
    src = ctx.source
    waiting = g.turn_flags.next_draw_instead
    rec = instead_record(tuple(e.args.get("effects") or ()), p, src.id, src.name)
    rec["card_uid"] = src.card_uid
    n = 1 + max((int(r["n"]) for r in waiting), default=0)
    g.turn_flags.next_draw_instead = (
        *waiting,
        {"player": p, "n": n, "name": src.name, "instead": rec},
    )
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("614.1a",),
        f"The next time {g.players[p].name} would draw a card this turn, {src.name}'s "
        "effect happens instead",
    )
    return True


@replacement_finder(EventKind.ZONE_CHANGE, moves=((None, Zone.GRAVEYARD),))
def marked_spell_to_hand(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 614.1a: the marked spell goes to its owner's hand instead of into the
    graveyard as it resolves (not when it's countered or doesn't resolve)."""
    if not resolves_to_hand(game, ev, "to_hand"):
        return []
    return [Replacement("next_cast_to_hand", "that effect", ("608.2n", "614.1a"), _to_hand)]


def _to_hand(game: Game, ev: dict[str, Any]) -> str:
    to_hand(ev)
    return "it goes to its owner's hand instead"


register("effect:next_cast_to_hand", "effect:next_cast_flash", "effect:next_cast_uncounterable")
register("effect:next_draw_instead", "arg:next_draw_instead.effects")
register("arg:next_cast_uncounterable.kinds", "effect:cast_as_flash_this_turn")


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
