"""Noting a card's name and copying the card with the noted name (CR 607.2,
707.14): "Note the name of target instant or sorcery card in your graveyard and
put it onto the battlefield face down. It's a 3/3 creature with "Whenever this
creature deals combat damage to a player, you may create a copy of the card
with the noted name. You may cast the copy without paying its mana cost" ..."
(Magar of the Magic Strings).

The noted name travels with the instruction (``parent["noted_name"]``) and is
kept on the permanent the same ability puts onto the battlefield
(``obj.chosen["noted_name"]``), where the granted text refers to it.
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..cards.definitions import card_def
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect
from .choices import cast_created_copy


@effect("note_name")
def note_name(ctx: Ctx, e: Effect) -> bool:
    """CR 607.2: note the name of the object (its name as it is now)."""
    objs = ctx.objects(e.args.get("what"))
    if not objs:
        return True
    name = objs[0].name
    ctx.set_parent("noted_name", name)
    ctx.game.emit(
        EventKind.NOTE_NAME,
        ("607.2",),
        f"{ctx.game.players[ctx.controller].name} notes the name {name}",
        player=ctx.controller,
        value=name,
    )
    return True


@effect("create_noted_copy")
def create_noted_copy(ctx: Ctx, e: Effect) -> bool:
    """CR 707.14: a copy of the card with the noted name, with the copiable values
    of that card as it last existed in the graveyard (its printed characteristics);
    it's created in exile and, not being cast, ceases to exist (CR 704.5e).
    ``cast``: "you may cast the copy without paying its mana cost" (CR 707.12,
    118.9a; timing permissions are ignored while an ability resolves, 608.2g)."""
    g = ctx.game
    s = ctx.scratch
    player = ctx.controller
    if "copy" not in s:
        src = ctx.source
        name = src.chosen.get("noted_name") if src.chosen else None
        if not name:
            g.emit(EventKind.NO_EFFECT, ("607.2",), f"{src.name or 'It'} has no noted name")
            return True
        copy = g.create_card(card_def(str(name)), player, Zone.EXILE)
        copy.is_token = True  # a copy of a card, not a card (CR 704.5e, 707.12)
        s["copy"] = copy.id
        ctx.set_parent("it", [copy.id])
        g.emit(
            EventKind.CREATE_COPY,
            ("707.14", "707.12"),
            f"{g.players[player].name} creates a copy of {copy.name}",
            player=player,
            obj=copy.id,
        )
    return cast_created_copy(
        ctx,
        e,
        player,
        {"alt": "without_paying"},
        "118.9a",
        "Cast the copy of {name} without paying its mana cost?",
    )


register(
    "effect:note_name",
    "effect:create_noted_copy",
    "arg:create_noted_copy.cast",
    "arg:return_to_battlefield.face_down",
    "arg:return_to_battlefield.face_down_values",
)
