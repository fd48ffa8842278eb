"""Keyword abilities a player has: "You have hexproof" (Leyline of Sanctity, Aegis
of the Gods), "You have shroud" (True Believer), "You have protection from ..."
(CR 702.11b, 702.18a, 702.16b, 702.16e).

A static ability of a permanent grants them (CR 604.1, 611.3), or a resolved spell
or ability for a duration ("You gain hexproof until your next turn", 611.2a); the
player can't be
targeted as each keyword says (:func:`player_can_be_targeted`, read by
``rules/targets.py``), and protection prevents damage to the player
(``rules/damage_replacements.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Filter
from ..game.hooks import KEYWORD_HOOKS
from .conditions import evaluate
from .pipeline import affects_player
from .statics import statics_with

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game


#: the op of a continuous effect from a resolving spell or ability that gives players
#: a keyword for a duration ("you gain hexproof until your next turn", CR 611.2a;
#: effects/permanents.grant_keyword); its args name the ``players``
PLAYER_KEYWORD = "player_keyword"


def players_may_have_keywords(game: Game) -> bool:
    """A quick test before :func:`player_keywords`: whether any static ability grants
    a keyword, or any resolved effect gave players one (CR 611.2a, 611.3)."""
    return bool(statics_with(game, "grant_keyword")) or any(
        ce.op == PLAYER_KEYWORD for ce in game.effects
    )


def player_keywords(game: Game, player: int) -> list[tuple[str, dict[str, Any]]]:
    """The keyword abilities (name, arguments) ``player`` has now: those static
    abilities give (CR 604.1, 611.3) and those resolved spells and abilities gave
    for a duration (CR 611.2a)."""
    out: list[tuple[str, dict[str, Any]]] = [
        (str(ce.args.get("keyword")), ce.args.get("keyword_args") or {})
        for ce in game.effects
        if ce.op == PLAYER_KEYWORD and player in ce.args.get("players", ())
    ]
    for src, st in statics_with(game, "grant_keyword"):
        flt = st.affected
        if not isinstance(flt, Filter) or flt.kinds != ("player",):
            continue
        if not affects_player(game, st, player, src.controller):
            continue
        if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
            continue
        out.append((str(st.args.get("keyword")), st.args.get("keyword_args") or {}))
    return out


#: "protection from each of your opponents" (Absolute Virtue): a quality of the
#: source's controller, relative to the player who has it (CR 702.16a)
_OPPONENTS = frozenset(("opponents", "each of your opponents", "each opponent"))


def _from_quality(game: Game, args: dict[str, Any], source: GameObject, player: int) -> bool:
    """Whether ``source`` has a quality named by "from ..." (CR 702.16a)."""
    froms = args.get("from")
    quals = froms if isinstance(froms, list | tuple) else (froms,)
    for q in quals:
        if not q:
            continue
        if isinstance(q, str) and q.lower().replace("_", " ") in _OPPONENTS:
            if source.controller in game.opponents(player):
                return True
        elif KEYWORD_HOOKS.quality_matches(game, q, source):
            return True
    return False


def player_protected_from(game: Game, player: int, source: GameObject) -> bool:
    """CR 702.16b, 702.16e: the player has protection from a quality ``source`` has."""
    for kw, args in player_keywords(game, player):
        if kw == "Protection" and _from_quality(game, args, source, player):
            return True
    return False


def player_can_be_targeted_by(
    game: Game, player: int, controller: int, source: GameObject | None
) -> bool:
    """Whether the player's keywords let a spell or ability controlled by
    ``controller`` from ``source`` target them: shroud (CR 702.18a), hexproof
    against opponents (702.11b; "hexproof from [quality]", 702.11d), protection
    (702.16b)."""
    for kw, args in player_keywords(game, player):
        if kw == "Shroud":
            return False
        if kw == "Hexproof" and controller != player:
            if not args.get("from") or (
                source is not None and _from_quality(game, args, source, player)
            ):
                return False
        if kw == "Protection" and source is not None and _from_quality(game, args, source, player):
            return False
    return True
