"""Spells that can't be countered (CR 101.2, 701.6).

"This spell can't be countered." is a static ability that works while the spell
is on the stack (CR 113.6b: an ability that states which zones it functions
in); "Creature spells you control can't be countered." is a static ability of
a permanent; "Spells you control can't be countered by blue or black spells this
turn" (Autumn's Veil) a rules effect of a resolved spell (CR 611.2a), which also
applies to spells cast after it began; "by [spells]": only those spells can't. A spell that can't be countered stays on the stack when a spell or
ability tries to counter it (CR 101.2: "can't" beats "can"); the rest of that
effect still happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import AbilityKind, Filter, SelfRef
from ..game.hooks import cast_record
from .characteristics import chars
from .filters import matches_object
from .statics import statics_with
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register("static:cant_be_countered")
register("caster:cant_be_countered")  # "spells you cast ... can't be countered" (filters._cast_by)


def cant_be_countered(game: Game, spell: GameObject, by: GameObject | None = None) -> bool:
    """Whether a static ability or a resolved spell's effect says ``spell`` can't be
    countered (by ``by``, the spell or ability countering it; CR 101.2)."""
    if spell.stack_kind != "spell":
        return False
    for ce in game.effects:
        if ce.op != "cant_be_countered" or ce.layer != "r":
            continue
        flt = ce.args.get("filter")
        if spell.id not in ce.affected and not (
            isinstance(flt, Filter) and matches_object(game, spell, flt, ce.controller, None)
        ):
            continue
        if _by(game, ce.args.get("by"), by, ce.controller, None):
            return True
    rec = cast_record(game, spell.id)
    if rec is not None and rec.get("uncounterable"):
        return True  # "the next spell you cast this turn can't be countered" (next_cast.py)
    for a in chars(game, spell).abilities:
        if a.kind is AbilityKind.STATIC:
            for st in a.static:
                if st.op == "cant_be_countered" and isinstance(st.affected, SelfRef | None):
                    if _by(game, st.args.get("filter"), by, spell.controller, spell):
                        return True
    for src, st in statics_with(game, "cant_be_countered"):
        if isinstance(st.affected, Filter) and matches_object(
            game, spell, st.affected, src.controller, src
        ):
            if _by(game, st.args.get("filter"), by, src.controller, src):
                return True
    return False


def _by(
    game: Game, flt: object, by: GameObject | None, controller: int, src: GameObject | None
) -> bool:
    """Whether a "can't be countered by [spells]" covers ``by`` (no "by": any)."""
    if not isinstance(flt, Filter):
        return True
    return by is not None and matches_object(game, by, flt, controller, src)
