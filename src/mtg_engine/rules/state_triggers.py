"""State triggers (CR 603.8): "When you control no Swamps, sacrifice this creature."

603.8: a state trigger triggers as soon as the game state matches its condition;
it triggers only once, and doesn't trigger again until the ability has resolved,
been countered, or otherwise left the stack (then, if the state still matches,
it triggers again). Checked each time a player would receive priority, with the
state-based actions (CR 117.5, 704.3), before triggered abilities are put on the
stack.

The trigger event ``control_none`` ("when you control no [desc]") carries what
is counted as the trigger detail ``what``; ``self_counters`` ("when Dark Depths has
no ice counters on it", "when this artifact has twenty or more charge counters on
it") the kind of counter and the bound: ``at_most`` or ``at_least``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Ability, Filter
from ..game.events import EventKind
from .characteristics import chars, triggered_abilities
from .extra_triggers import add_again
from .filters import matches_player, objects_matching
from .support import register
from .triggers import may_trigger_on_any

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register(
    "trigger:control_count",
    "trigger:self_power",
    "trigger:control_none",
    "trigger_detail:what",
    "trigger:self_counters",
    "trigger_detail:counter",
    "trigger_detail:at_most",
    "trigger_detail:at_least",
)

#: the state triggers the engine watches (CR 603.8)
STATE_EVENTS: Final = frozenset(("control_none", "self_counters", "control_count", "self_power"))


def _bounds_hold(d: dict, n: int) -> bool:
    """ "N or more" (``at_least``), "no" (``at_most`` 0)."""
    at_most, at_least = d.get("at_most"), d.get("at_least")
    if isinstance(at_most, int) and n > at_most:
        return False
    return not (isinstance(at_least, int) and n < at_least)


def _counters_hold(a: Ability, source: GameObject) -> bool:
    """ "When this permanent has no [kind] counters on it" / "has N or more [kind]
    counters on it" (CR 603.8, 122.1): the source's counters of that kind."""
    assert a.trigger is not None
    d = dict(a.trigger.details)
    n = source.counters.get(str(d.get("counter")), 0)
    at_most, at_least = d.get("at_most"), d.get("at_least")
    if isinstance(at_most, int) and n > at_most:
        return False
    return not (isinstance(at_least, int) and n < at_least)


def _state_holds(game: Game, a: Ability, controller: int, source: GameObject) -> bool:
    """ "When [players] control no [desc]": no object matching ``what`` is
    controlled by a player the subject names ("you", "your opponents", "the chosen
    player"); "when this has no [kind] counters on it": :func:`_counters_hold`."""
    trig = a.trigger
    assert trig is not None
    if trig.event == "self_counters":
        return _counters_hold(a, source)
    d = dict(trig.details)
    if trig.event == "self_power":
        # "When this creature's power is 7 or greater" (Phyrexian Devourer)
        power = chars(game, source).power
        return power is not None and _bounds_hold(d, power)
    what = d.get("what")
    subject = trig.subject
    if not isinstance(what, Filter) or not isinstance(subject, Filter):
        return False
    players = {
        p.index for p in game.players if matches_player(game, p.index, subject, controller, source)
    }
    if not players:
        return False
    if trig.event == "control_count":
        # "When you control a Dwarf", "when no creatures are on the battlefield"
        n = sum(
            1 for o in objects_matching(game, what, controller, source) if o.controller in players
        )
        return _bounds_hold(d, n)
    return not any(
        o.controller in players for o in objects_matching(game, what, controller, source)
    )


def _waiting(game: Game, oid: int, a: Ability) -> bool:
    """Whether this object's state trigger has triggered and hasn't left the stack
    (pending, or an ability on the stack): CR 603.8."""
    # (the same ability by value: a game read back from JSON has equal records, not
    # the same ones)
    for t in game.pending_triggers:
        if t.get("source") == oid and _same(t.get("ability"), a):
            return True
    for sid in game.stack:
        s = game.objects.get(sid)
        if s is not None and s.source_id == oid and _same(s.ability, a):
            return True
    return False


def _same(b: object, a: Ability) -> bool:
    return b is a or b == a


def check_state_triggers(game: Game) -> bool:
    """CR 603.8: the state triggers whose state matches now trigger. True if any did."""
    if not may_trigger_on_any(game, STATE_EVENTS):
        return False  # (no permanent has one: the usual case costs a lookup)
    fired = False
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out:
            continue
        for a in triggered_abilities(game, o):
            trig = a.trigger
            if trig is None or trig.event not in STATE_EVENTS:
                continue
            if _waiting(game, oid, a) or not _state_holds(game, a, o.controller, o):
                continue
            game.emit(
                EventKind.KEYWORD_TRIGGER,
                ("603.8",),
                f"{o.name}'s state trigger triggers: {a.text}",
                obj=oid,
            )
            game.pending_triggers.append(
                {
                    "source": oid,
                    "source_name": o.name,
                    "source_token": o.card.token_spec if o.is_token else None,
                    "card_uid": o.card_uid,
                    "controller": o.controller,
                    "ability": a,
                    "event": {"state": trig.event},
                }
            )
            add_again(game, o, game.pending_triggers[-1])  # CR 603.2d
            fired = True
    return fired
