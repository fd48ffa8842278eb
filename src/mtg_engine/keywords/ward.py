"""Ward (CR 702.21).

CR 702.21a: "Ward [cost]" means "Whenever this permanent becomes the target of
a spell or ability an opponent controls, counter that spell or ability unless
that player pays [cost]." The cost may be mana ("Ward {2}"), life ("Ward—Pay 3
life"), discarding or sacrificing ("Ward—Discard a card", "Ward—Sacrifice two
permanents"), a mix of these ("Ward—{2}, Pay 2 life"), or collecting evidence
("Ward—Collect evidence 4", CR 701.59a).

A spell or ability becomes the target of something as its targets are chosen
(CR 601.2c, 602.2b, 603.3d); this module watches the events that finish those
choices (a spell cast, an ability activated, a triggered ability's targets
chosen) and each ward instance of each targeted permanent triggers
(CR 702.21a, 702.1: each instance works separately). Resolution:
``effects/ward.py`` (op ``ward_counter``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, Cost, Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Ward")

#: cost kinds of ``Cost.other`` that the ward resolution can pay
PAYABLE_OTHER = frozenset({"collect_evidence"})

_ABILITY_CACHE: dict[int, tuple[Ability, Ability]] = {}


def ward_cost(a: Ability) -> Cost:
    """The [cost] of a ward instance as a :class:`Cost` ("Ward {2}" gives a mana string)."""
    c = as_cost(a.keyword_args.get("cost"))
    return c if c is not None else Cost()


def _ward_trigger(a: Ability) -> Ability:
    hit = _ABILITY_CACHE.get(id(a))
    if hit is not None and hit[0] is a:
        return hit[1]
    got = keyword_trigger(
        "Ward",
        f"{a.text or 'Ward'} (counter that spell or ability unless its controller pays)",
        (Effect("ward_counter", {"cost": ward_cost(a)}),),
        rule="702.21a",
    )
    _ABILITY_CACHE[id(a)] = (a, got)
    return got


def _targeted_permanents(game: Game, obj: GameObject) -> list[int]:
    """The permanents the spell or ability ``obj`` targets, each once."""
    seen: list[int] = []
    for spec in obj.targets:
        for t in spec:
            if t >= 0 and t not in seen:
                o = game.objects.get(t)
                if o is not None and o.zone == Zone.BATTLEFIELD and not o.phased_out:
                    seen.append(t)
    return seen


# (a face-down permanent put onto the battlefield by disguise or cloak has ward {2},
# CR 702.168a, 701.58a: those name it too)
@on_event(
    EventKind.CAST,
    EventKind.ACTIVATE,
    EventKind.TRIGGER_TARGETS,
    keywords=("Ward", "Disguise", "Cloak"),
)
def ward_triggers(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.21a: a permanent with ward became the target of a spell or ability
    an opponent controls."""
    oid = ev.data.get("obj")
    obj = game.objects.get(oid) if isinstance(oid, int) else None
    if obj is None or not obj.targets:
        return
    for t in _targeted_permanents(game, obj):
        perm = game.objects[t]
        if perm.controller == obj.controller:
            continue  # "an opponent controls" (CR 102.2)
        for a in chars(game, perm).abilities:
            if a.keyword != "Ward":
                continue
            add_pending_trigger(
                game, perm, perm.controller, _ward_trigger(a), {"spell": obj.id, "target": t}
            )
