"""An Aura put onto the battlefield without being cast (CR 303.4f-g).

303.4f: if an Aura is entering the battlefield under a player's control by any
means other than by resolving as an Aura spell, and the effect putting it there
doesn't say what it enchants, that player chooses what it will enchant as it
enters (this doesn't target). 303.4g: if it can't legally be attached to
anything, it stays in the zone it's in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Filter
from ..game.actions import player_ref
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject
from .char_values import Chars
from .filters import matches_object, matches_player
from .player_keywords import player_protected_from
from .statics import statics_with
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game


register("static:cant_be_enchanted_by_other_auras")  # barred_by_other_aura


def barred_by_other_aura(game: Game, aura: GameObject, target: GameObject) -> bool:
    """Whether ``target`` "can't be enchanted by other Auras" than ``aura`` (Consecrate
    Land, Anti-Magic Aura: an Aura attached to it says so), so ``aura`` can't legally
    be attached to it (CR 303.4i, 704.5m)."""
    for src, _st in statics_with(game, "cant_be_enchanted_by_other_auras"):
        if src.attached_to == target.id and src.id != aura.id:
            return True
    return False


def enchant_words_filter(what: str) -> Filter:
    """What "Enchant [words]" allows when the compiler left no filter (CR 702.5a)."""
    w = what.lower()
    if w in ("creature", "land", "artifact", "enchantment", "planeswalker"):
        return Filter(kinds=(w.capitalize(),))
    if w == "player":
        return Filter(kinds=("player",))
    if w.startswith("creature you control"):
        return Filter(kinds=("Creature",), conditions=(("controller", "you"),))
    return Filter(kinds=("permanent",))


def enchant_filter(c: Chars) -> Filter | None:
    """What the Aura's enchant ability allows (CR 702.5a), or None without one."""
    for a in c.abilities:
        if a.keyword == "Enchant":
            flt = a.keyword_args.get("filter")
            if isinstance(flt, Filter):
                return flt
            return enchant_words_filter(str(a.keyword_args.get("what", "permanent")))
    return None


def attach_candidates(game: Game, aura: GameObject, c: Chars) -> list[int]:
    """The objects (and players, as player refs) the entering Aura could enchant."""
    flt = enchant_filter(c)
    if flt is None:
        return []
    out: list[int] = []
    if "player" in flt.kinds:
        out.extend(
            player_ref(p.index)
            for p in game.players
            if not p.has_lost
            and matches_player(game, p.index, flt, aura.controller, aura)
            # CR 702.16c: a player with protection can't be enchanted by it
            and not player_protected_from(game, p.index, aura)
        )
    if flt.kinds == ("player",):
        return out
    for oid in game.battlefield:
        o = game.objects[oid]
        if oid == aura.id or o.phased_out:
            continue
        if not matches_object(game, o, flt, aura.controller, aura):
            continue
        if KEYWORD_HOOKS.has_protection_from(game, o, aura):  # CR 702.16c: it can't be enchanted
            continue
        if barred_by_other_aura(game, aura, o):
            continue
        out.append(oid)
    return out
