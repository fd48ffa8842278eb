"""Rules effects of resolving spells and abilities on players (CR 611.2a, 613.11, 101.2).

"Your opponents can't cast spells this turn" (Silence), "Target player can't cast
spells this turn" (Orim's Chant), "That creature's owner can't cast spells with the
same name as that creature until your next turn" (Reflector Mage), "Players can't
gain life this turn" (Skullcrack), "You can't lose the game this turn", "You have no
maximum hand size for the rest of the game" (Praetor's Counsel). Each becomes
a continuous effect naming its players, locked in as it begins (CR 611.2c), with
the spell filter's references resolved then (the name the creature had, 608.2h).
The rules read them: casting (rules/cast_permissions.forbidden, CR 601.3) and the
players' events (rules/player_effects.py, CR 101.2).
"""

from __future__ import annotations

from ..cards.abilities import Effect, Filter
from ..game.events import EventKind
from ..game.records import ContinuousEffect
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect
from .permanents import _UNTIL, duration_holds, duration_of

#: op -> what the players can't do, for the log
_TEXT = {
    "cant_cast": "can't cast spells",
    "cant_play_lands": "can't play lands",
    "cant_gain_life": "can't gain life",
    "cant_lose_life": "can't lose life",
    "cant_get_poison": "can't get poison counters",
    "cant_lose_game": "can't lose the game",
    "cant_win_game": "can't win the game",
    "no_max_hand_size_for_game": "have no maximum hand size for the rest of the game",
}
#: op -> the rule the restriction applies
_RULES = {
    "cant_cast": "601.3",
    "cant_play_lands": "305.1",
    "cant_gain_life": "119.7",
    "cant_lose_life": "119.8",
    "cant_get_poison": "122.1f",
    "cant_lose_game": "104.3",
    "cant_win_game": "104.2",
    "no_max_hand_size_for_game": "402.2",
}


def player_restriction(ctx: Ctx, e: Effect) -> bool:
    """A "can't" on the players the effect names, for its duration (CR 611.2a-c)."""
    g = ctx.game
    players = tuple(p for p in ctx.players(e.args.get("what")) if not g.players[p].has_lost)
    duration = duration_of(e)
    if not players or not duration_holds(ctx, duration):
        return True
    args: dict[str, object] = {"players": players, "by": ctx.source.name}
    flt = e.args.get("filter")
    text = _TEXT[e.op]
    if isinstance(flt, Filter):
        args["filter"] = ctx.concrete(flt)  # CR 611.2c: "with the same name as ..." now
        text = _spells_text(flt) or text
    more = e.args.get("only_more")
    if isinstance(more, int):
        # "You can cast only one more spell this turn" (Irencrag Feat): each player's
        # limit counts from the spells they've cast this turn as it begins (CR 611.2c)
        args["cast_limits"] = tuple((p, g.players[p].spells_cast_this_turn + more) for p in players)
        text = f"can cast only {more} more spell{'s' if more != 1 else ''}"
    ce = ContinuousEffect(
        "r", g.new_timestamp(), ctx.source.id, ctx.controller, (), e.op, args, duration
    )
    g.effects = [*g.effects, ce]
    who = ", ".join(g.players[p].name for p in players)
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("611.2a", _RULES[e.op]),
        f"{who} {text}{_UNTIL.get(duration, '')} ({ctx.source.name})",
    )
    return True


def _spells_text(flt: Filter) -> str:
    conds = dict(flt.conditions)
    if "same_name_as" in conds:
        return "can't cast spells with that name"
    if conds.get("not_type") == "Creature":
        return "can't cast noncreature spells"
    return ""


for _op in _TEXT:
    effect(_op)(player_restriction)

register(*(f"effect:{op}" for op in _TEXT), "arg:cant_cast.filter", "arg:cant_cast.only_more")
