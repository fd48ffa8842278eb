"""Class levels (CR 716).

A class level bar "[Cost]: Level N — [Abilities]" means "[Cost]: This Class's
level becomes N. Activate only if this Class is level N-1 and only as a
sorcery" and "As long as this Class is level N or greater, it has [abilities]"
(716.2a). The compiler (``cards/compiler/leveler.py``) builds both abilities;
this module holds what they run: the ``class_level`` instruction, the
``class_level_is`` / ``class_level_ge`` conditions and the event that "When
this Class becomes level N" triggers on (rules/triggers.py).

A level is a designation, not a counter and not a copiable value (716.2b); it
is kept in the permanent's ``chosen`` record, so a new object (CR 400.7) has
none, and a permanent without a level is level 1 (716.2d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import condition
from ..game.objects import GameObject, Zone
from ..rules.support import register
from . import effect

if TYPE_CHECKING:
    from ..game.state import Game
    from ..rules.effects_runner import Ctx

register(
    "effect:class_level",
    "arg:class_level.level",
    "condition:class_level_is",
    "condition:class_level_ge",
    "trigger:class_level",
)

#: the key of a permanent's level in ``GameObject.chosen`` (CR 716.2b)
CLASS_LEVEL = "class_level"


def class_level(obj: GameObject) -> int:
    """The permanent's level; level 1 when it has none (CR 716.2d)."""
    v = (obj.chosen or {}).get(CLASS_LEVEL)
    return v if isinstance(v, int) else 1


@effect("class_level")
def gain_level(ctx: Ctx, e: Effect) -> bool:
    """ "This Class's level becomes N." (CR 716.2a)"""
    src = ctx.source
    n = int(e.args["level"])
    if src is None or src.zone != Zone.BATTLEFIELD or src.id not in ctx.game.objects:
        return True  # the Class has left the battlefield: no level to set (CR 400.7)
    src.chosen = {**(src.chosen or {}), CLASS_LEVEL: n}
    ctx.game.invalidate()
    ctx.game.emit(
        EventKind.CLASS_LEVEL,
        ("716.2a",),
        f"{src.name} becomes level {n}",
        src,
        obj=src.id,
        level=n,
    )
    return True


@condition("class_level_is")
def _level_is(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "Activate only if this Class is level N-1" (CR 716.2a)."""
    return source is not None and class_level(source) == int(cond.args["n"])


@condition("class_level_ge")
def _level_ge(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "As long as this Class is level N or greater" (CR 716.2a)."""
    return source is not None and class_level(source) >= int(cond.args["n"])
