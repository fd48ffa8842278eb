"""Myriad (CR 702.116).

702.116a: "Myriad" means "Whenever this creature attacks, for each opponent other
than defending player, you may create a token that's a copy of this creature
that's tapped and attacking that player or a planeswalker they control. If one
or more tokens are created this way, exile the tokens at end of combat."
702.116b: each instance triggers separately.

The opponents are those of the moment it triggers, each checked again as the
ability resolves (a player who has left the game is skipped, CR 800.4a); for each,
a "may" (yes or no), then the token's controller chooses that player or one of
their planeswalkers for it to attack (508.4: it never "attacked"). With two
players there is no such opponent: the ability triggers and does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import ControllerRef, Effect, SelfRef
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

MYRIAD = "Myriad"
register_keywords(MYRIAD)

#: where the resolving ability gathers the tokens it created
_TOKENS = "myriad_tokens"

_TEXT = (
    "Myriad (Whenever this creature attacks, for each opponent other than defending "
    "player, you may create a token that's a copy of this creature that's tapped and "
    "attacking that player or a planeswalker they control. Exile the tokens at end of "
    "combat.)"
)


def _copy_attacking(player: int) -> Effect:
    args = {
        "what": SelfRef(),
        "amount": 1,
        "controller": ControllerRef(),
        "tapped": True,
        "attacking_side": player,
        "collect": _TOKENS,
    }
    return Effect("copy_permanent", args, optional=True)


@on_event(EventKind.ATTACKS, keywords=(MYRIAD,))
def _on_attacks(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.116a-b, 508.1m: each instance of myriad of the attacking creature."""
    o = game.objects.get(ev.data.get("obj", -1))
    if o is None or o.phased_out:
        return
    instances = [a for a in keyword_instances(game, o, MYRIAD) if a.trigger is None]
    if not instances:
        return
    defending = ev.data.get("player")
    others = [p for p in game.opponents(o.controller) if p != defending]
    effects = (
        *(_copy_attacking(p) for p in others),
        Effect("exile_collected_at_end_of_combat", {"key": _TOKENS}),
    )
    ability = keyword_trigger(MYRIAD, _TEXT, effects, rule="702.116a")
    data = {k: v for k, v in ev.data.items() if isinstance(v, int | str | bool)}
    for _ in instances:
        add_pending_trigger(game, o, o.controller, ability, data)
