"""Gift (CR 702.174).

702.174a: "Gift a [something]" is two abilities: "As an additional cost to cast this
spell, you may choose an opponent" (paid as additional costs are, 601.2b, 601.2f-h),
and the gift itself. 702.174k: a spell whose controller declared the intention to pay
its gift cost had its gift promised; "if the gift was promised" reads that, on the
spell and on the permanent it becomes (400.7d: the spell's record of costs paid).

702.174b: on a permanent, the gift is "When this permanent enters, if its gift cost
was paid, [effect]"; on an instant or sorcery, "If this spell's gift cost was paid,
[effect]", which happens before the spell's other abilities (702.174j: it's put first
in the spell ability as the spell is cast, so a spell that doesn't resolve gives no
gift). 702.174d-i: the effect by what is given, done by the chosen player.

Cast with ``CastSpell(card, gift=opponent)`` (the scenario format's ``gift: B``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Condition, ControllerRef, Effect
from ..game.events import EventKind
from ..game.hooks import (
    CAST_TIME_CONDITIONS,
    EFFECT_HANDLERS,
    CostPart,
    additional_cost,
    condition,
    effect,
    on_event,
    spell_instructions,
)
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.delayed import BoundRef
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_trigger, reminder_abilities

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..rules.char_values import Chars
    from ..rules.effects_runner import Ctx

GIFT: Final = "Gift"
register_keywords(GIFT)
register("condition:gift_promised", "effect:give_gift")
#: CR 702.174m: a target of an instruction done only if the gift was promised is
#: chosen only if it was (announced with the cast's ``gift``)
CAST_TIME_CONDITIONS["gift_promised"] = "gift"

#: what is given -> (its rule, the effect the chosen player follows, CR 702.174d-i)
GIFTS: Final[dict[str, tuple[str, str]]] = {
    "food": ("702.174d", "Create a Food token."),
    "card": ("702.174e", "Draw a card."),
    "tapped fish": ("702.174f", "Create a tapped 1/1 blue Fish creature token."),
    "extra turn": ("702.174g", "Take an extra turn after this one."),
    "treasure": ("702.174h", "Create a Treasure token."),
    "octopus": ("702.174i", "Create an 8/8 blue Octopus creature token."),
}


def gift_of(abilities: Any) -> str | None:
    """What the object's gift ability gives ("food", "tapped fish", ...: a key of
    :data:`GIFTS`), or None when it has no gift this module knows."""
    for a in abilities:
        if a.keyword != GIFT:
            continue
        words = (a.text or "").split("(")[0].strip().lower().split()
        if len(words) >= 3 and words[0] == "gift" and words[1] in ("a", "an"):
            what = " ".join(words[2:])
            return what if what in GIFTS else None
    return None


@additional_cost(GIFT)
def gift_cost(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.174a: "you may choose an opponent", announced with the spell's other
    choices (601.2b); nothing to pay but the choice."""
    chosen = opts.get("gift")
    if chosen is None:
        return [], None
    if not abilities:
        return [], f"{obj.name} has no gift (rule 702.174a)"
    if gift_of(abilities) is None:
        return [], f"{obj.name}'s gift isn't one the rules define (rule 702.174d-i)"
    if chosen not in game.opponents(obj.controller):
        return [], "the gift is promised to an opponent in the game (rule 702.174a)"
    return [], None


def gift_promised(obj: GameObject | None) -> bool:
    """CR 702.174k: the spell's (or the permanent's spell's, 400.7d) gift was promised."""
    if obj is None or not obj.paid:
        return False
    return obj.paid.get("gift") is not None


@condition("gift_promised")
def gift_promised_condition(
    game: Game, cond: Any, controller: int, source: GameObject | None
) -> bool:
    """ "if the gift was promised" (CR 702.174k)."""
    return gift_promised(source)


def _give(what: str, rule: str) -> Effect:
    return Effect("give_gift", {"what": what, "rule": rule})


_WITH_GIFT: Final[dict[int, tuple[Ability, Ability]]] = {}


@spell_instructions
def with_gift(c: Chars, ability: Ability) -> Ability:
    """CR 702.174b, 702.174j: an instant's or sorcery's gift, "If this spell's gift cost
    was paid, [effect]", before its other instructions."""
    if GIFT not in c.keywords or not ({"Instant", "Sorcery"} & set(c.types)):
        return ability
    what = gift_of(c.abilities)
    if what is None:
        return ability
    got = _WITH_GIFT.get(id(ability))
    if got is None or got[0] is not ability:
        first = replace(_give(what, GIFTS[what][0]), condition=Condition("gift_promised"))
        got = _WITH_GIFT[id(ability)] = (
            ability,
            replace(ability, effects=(first, *ability.effects)),
        )
    return got[1]


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")], keywords=(GIFT,))
def gift_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.174b: "When this permanent enters, if its gift cost was paid, [effect]"
    (an intervening if, 603.4: it triggers only when the gift was promised)."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None or new.zone != Zone.BATTLEFIELD or not gift_promised(new):
        return
    c = chars(game, new)
    what = gift_of(c.abilities)
    if GIFT not in c.keywords or what is None:
        return
    rule, text = GIFTS[what]
    ability = keyword_trigger(
        GIFT,
        f"Gift a {what} (When this permanent enters, if its gift cost was paid, the chosen "
        f"player: {text})",
        (_give(what, rule),),
        rule="702.174b",
    )
    add_pending_trigger(game, new, new.controller, ability, cause=ev)


@effect("give_gift")
def give_gift(ctx: Ctx, e: Effect) -> bool:
    """CR 702.174d-i: the chosen player gets the gift: the effect for what is given,
    done by that player (recorded on the spell, or on the permanent the spell became)."""
    spell = ctx.obj if ctx.obj.stack_kind == "spell" else ctx.source
    who = (spell.paid or {}).get("gift")
    what = str(e.args.get("what", ""))
    if not isinstance(who, int) or what not in GIFTS or ctx.game.players[who].has_lost:
        return True
    rule, text = GIFTS[what]
    ctx.game.emit(
        EventKind.GIFT,
        (rule, "702.174a"),
        f"{ctx.game.players[who].name} gets the gift of {spell.name}: {text}",
        player=who,
        obj=spell.id,
    )
    sub = reminder_abilities(GIFT, rule, text, ("Sorcery",))[0].effects[0]
    to = BoundRef((-who - 1,))
    sub = replace(sub, args={k: to if v == ControllerRef() else v for k, v in sub.args.items()})
    task = ctx.task
    before = task.data.get("that_players") if task is not None else None
    done = EFFECT_HANDLERS[sub.op](ctx, sub)
    if task is not None:
        # the chosen player isn't "that player" of the spell's own instructions (608.2c)
        if before is None:
            task.data.pop("that_players", None)
        else:
            task.data["that_players"] = before
    return done
