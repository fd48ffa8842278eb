"""Champion (CR 702.72).

702.72a: "Champion an [object]" means "When this permanent enters, sacrifice it
unless you exile another [object] you control" and "When this permanent leaves
the battlefield, return the exiled card to the battlefield under its owner's
control." 702.72b: the two abilities are linked (CR 607.2k): the second returns
only the card the first exiled (the link is kept by ``rules/linked.py``).
702.72c: a permanent is "championed" by another if the latter exiles it as the direct
result of a champion ability ("When a Faerie is championed with this creature").

Both are ordinary triggered abilities of the permanent, so a champion that lost
the ability (Humble) doesn't trigger when it leaves and the card stays exiled
(ruling 502.72.2), and a champion that left before its enters ability resolved
returns nothing: that ability's later exile is linked to an object that's gone
(ruling 502.72.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, AbilityKind, Effect, Filter, SelfRef, Trigger
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..rules.characteristics import chars
from ..rules.filters import matches_object
from ..rules.support import register, register_keywords
from . import expansion

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Champion")
register("trigger:championed")


def _quality(a: Ability) -> tuple[Filter | None, str]:
    flt = a.keyword_args.get("filter")
    if not isinstance(flt, Filter):
        return None, "permanent"
    words = [v for k, v in flt.conditions if k == "subtype"]
    for k, v in flt.conditions:
        if k == "subtype_in":
            words.append(" or ".join(v))
    return flt, " ".join(words) or " or ".join(t.lower() for t in flt.kinds) or "permanent"


@expansion("Champion")
def champion_abilities(a: Ability) -> tuple[Ability, ...]:
    """The two linked triggered abilities of "Champion an [object]" (CR 702.72a)."""
    flt, what = _quality(a)
    enters = Ability(
        AbilityKind.TRIGGERED,
        text=f"When this permanent enters, sacrifice it unless you exile another {what} "
        "you control.",
        effects=(Effect("champion_exile", {"filter": flt, "what": what}),),
        trigger=Trigger("enters", SelfRef()),
        keyword="Champion",
        keyword_args={"rule": "702.72a", "linked": "champion"},
    )
    leaves = Ability(
        AbilityKind.TRIGGERED,
        text="When this permanent leaves the battlefield, return the exiled card to the "
        "battlefield under its owner's control.",
        effects=(Effect("return_linked", {"rule": "702.72a"}),),
        trigger=Trigger("leaves", SelfRef()),
        keyword="Champion",
        keyword_args={"rule": "702.72a", "linked": "champion"},
    )
    return enters, leaves


def championed_triggers(game: Game, champion: GameObject, championed: GameObject) -> None:
    """CR 702.72c: "When a [quality] is championed with this creature" triggers when
    this object's champion ability exiles a matching permanent."""
    for a in chars(game, champion).abilities:
        t = a.trigger
        if a.kind is not AbilityKind.TRIGGERED or t is None or t.event != "championed":
            continue
        if isinstance(t.subject, Filter) and not matches_object(
            game, championed, t.subject, champion.controller, champion
        ):
            continue
        game.emit(
            EventKind.KEYWORD_TRIGGER,
            ("603.2", "702.72c"),
            f"{champion.name}'s ability triggers: {championed.name} is championed with it",
            obj=champion.id,
        )
        game.pending_triggers.append(
            {
                "source": champion.id,
                "source_name": champion.name,
                "card_uid": champion.card_uid,
                "controller": champion.controller,
                "ability": a,
                "event": {"obj": championed.id},
            }
        )


KEYWORD_HOOKS.championed_triggers = championed_triggers
