"""Mana a player doesn't lose as steps and phases end (CR 500.4, 106.4).

"You don't lose unspent green mana as steps and phases end" (Omnath, Locus of
Mana), "Players don't lose unspent mana as steps and phases end" (Upwelling): the
static ``keep_unspent_mana`` (``color`` a mana letter, or None for all of it).
"If you would lose unspent mana, that mana becomes colorless instead" (Kruphix,
God of Horizons; a replacement effect, 614.1a): the static
``unspent_mana_becomes`` (``color`` the letter it becomes). rules/turn.py asks
:func:`kept_as_step_ends` as each step's mana empties.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Filter
from .conditions import evaluate
from .filters import matches_player
from .mana_costs import POOL_INDEX
from .statics import statics_with
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

register("static:keep_unspent_mana", "static:unspent_mana_becomes")


def _applying(game: Game, op: str, player: int) -> list[dict[str, Any]]:
    """The args of each ``op`` static that affects ``player`` (its condition holding)."""
    out = []
    for src, st in statics_with(game, op):
        if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
            continue
        flt = st.affected
        if isinstance(flt, Filter) and matches_player(game, player, flt, src.controller, src):
            out.append(st.args)
    return out


def kept_as_step_ends(
    game: Game,
    player: int,
    pool: list[int],
    kept: list[int],
    restricted: list[tuple[int, tuple[Any, ...]]],
) -> tuple[list[int], list[tuple[int, tuple[Any, ...]]], bool]:
    """The mana ``player`` keeps as the step ends, ``kept`` being what other effects
    keep of ``pool`` (CR 500.4, 106.4); the restricted mana they keep (each entry a
    mana of that type, kept with its restriction, 106.6); and whether some of it
    changed type (CR 614.1a). Nothing more is kept when no such static affects them."""
    keeps = _applying(game, "keep_unspent_mana", player)
    out = list(kept)
    colors: set[int] = set()
    for args in keeps:
        color = args.get("color")
        if color is None:
            return list(pool), list(restricted), False  # "don't lose unspent mana"
        colors.add(POOL_INDEX[str(color)])  # "don't lose unspent red mana"
    for i in colors:
        out[i] = pool[i]
    still = [e for e in restricted if e[0] in colors]
    becomes = _applying(game, "unspent_mana_becomes", player)
    if not becomes:
        return out, still, False
    # "If you would lose unspent mana, that mana becomes colorless instead": what
    # would be lost stays, as that type (the first such effect's, CR 616.1)
    to = POOL_INDEX[str(becomes[0].get("color") or "C")]
    lost = sum(have - k for have, k in zip(pool, out, strict=True))
    out[to] += lost
    changed = lost > 0 and out != pool
    # (restricted mana keeps its restriction, CR 106.6)
    moved = [(to, r) for i, r in restricted if i not in colors]
    changed = changed or any(i != to for i, _r in restricted if i not in colors)
    return out, still + moved, changed
