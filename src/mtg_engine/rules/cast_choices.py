"""Choices made as a spell is cast that its permanent remembers (CR 601.2b, 607.2a).

"As an additional cost to cast this spell, choose a creature type." (Caller of
the Hunt): the caster chooses while announcing the spell's costs (CR 601.2b);
the choice is kept on the spell (``chosen["cast_choices"]``) and the permanent
the spell becomes has it as its "chosen type" (linked abilities, CR 607.2a). A
copy of that permanent made some other way has no such choice: "the chosen
type" is then undefined (CR 607.5a, 707.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import AbilityKind
from ..game.events import EventKind
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register("static:additional_choice")


def next_choice(game: Game, obj: GameObject) -> str | None:
    """The next "choose a ..." this spell asks for while being cast, if any."""
    if obj.stack_kind != "spell":
        return None
    made = (obj.chosen or {}).get("cast_choices") or {}
    for a in chars(game, obj).abilities:
        if a.kind is not AbilityKind.STATIC:
            continue
        for st in a.static:
            if st.op == "additional_choice":
                what = str(st.args.get("what", ""))
                if what and what not in made:
                    return what
    return None


def record(game: Game, obj: GameObject, what: str, value: Any) -> None:
    """Keep the choice on the spell (CR 601.2b) for the permanent it becomes."""
    made = dict((obj.chosen or {}).get("cast_choices") or {})
    made[what] = value
    obj.chosen = {**(obj.chosen or {}), "cast_choices": made}
    game.emit(
        EventKind.CHOICE,
        ("601.2b",),
        f"{game.players[obj.controller].name} chooses {value} as they cast {obj.name}",
        obj=obj.id,
    )
