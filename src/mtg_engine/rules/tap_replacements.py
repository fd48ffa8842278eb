"""Replacement effects and prohibitions on tapping and untapping (CR 614.1a, 101.2).

Registered with the event pipeline (rules/pipeline.py) for the ``tap`` and
``untap`` events that :mod:`.tapping` proposes, whatever taps or untaps the
permanent (an effect, the untap step, a {T} or {Q} cost, convoke, crew):

* stun counters (CR 122.1d): "If a permanent with a stun counter on it would
  become untapped, instead remove a stun counter from it" — one replacement
  effect however many stun counters it has;
* "If this creature would untap during your untap step, remove a +1/+1 counter
  from it instead. If you do, untap it." (Bewitching Leechcraft), "If a permanent with a wind counter
  on it would untap during its controller's untap step, remove all wind counters
  from it instead" (Freyalise's Winds): static op ``untap_instead``;
* "Enchanted creature can't become untapped" (Frozen in Ice, Blossombind) and
  "... can't become tapped" (static ops ``cant_become_untapped`` /
  ``cant_become_tapped``, CR 101.2: "can't" beats "can").

A cost that taps or untaps a permanent that can't be tapped or untapped can't
be paid (CR 118.3, 602.2b): :func:`tap_forbidden` is what the cost rules ask
({T} and {Q} on the source, "tap an untapped creature you control", convoke,
crew, mana abilities).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Filter, SelfRef, StaticEffect
from ..game.events import EventKind
from ..game.objects import GameObject
from .characteristics import chars
from .filters import matches_object
from .pipeline import (
    FINDER_GUARDS,
    PROHIBITIONS,
    Replacement,
    forbidden,
    prohibition,
    replacement_finder,
    static_replacement,
    static_sources,
    watched,
)
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

STUN: Final = "stun"
#: the static op of "If ... would untap during ... untap step, remove ... instead"
UNTAP_INSTEAD: Final = "untap_instead"
CANT_TAP: Final = "cant_become_tapped"
CANT_UNTAP: Final = "cant_become_untapped"


def _remove_instead(ev: dict[str, Any], counter: str, amount: int, rules: tuple[str, ...]) -> None:
    """Turn the proposed untap into the removal of counters (CR 614.1a: "instead"),
    performed as that event by the counters rules (rules/counters.py)."""
    ev["kind"] = EventKind.REMOVE_COUNTERS
    ev["counter"] = counter
    ev["amount"] = amount
    ev["args"] = [list(rules), ""]


@replacement_finder(EventKind.UNTAP)
def stun_counters(game: Game, ev: dict[str, Any]) -> tuple[Replacement, ...]:
    """CR 122.1d: a permanent with a stun counter that would become untapped has a
    stun counter removed instead (one effect, however many counters)."""
    o = game.objects.get(ev["obj"])
    if o is None or not o.counters.get(STUN):
        return ()

    def apply(game: Game, ev: dict[str, Any]) -> str:
        _remove_instead(ev, STUN, 1, ("122.1d",))
        return "it has a stun counter, so one is removed instead of untapping it"

    return (Replacement(f"stun:{o.id}", "stun counter", ("614.1a",), apply),)


def _stunned(game: Game) -> bool:
    """Whether any permanent has a stun counter (cached until the state changes): an
    untap is proposed to the pipeline only then, or when another effect could apply."""
    got = game._chars.get(_STUNNED)
    if got is None:
        objects = game.objects
        got = any(objects[oid].counters.get(STUN) for oid in game.battlefield)
        game._chars[_STUNNED] = got
    return bool(got)


_STUNNED: Final = "stunned_permanents"
FINDER_GUARDS[EventKind.UNTAP] = _stunned


def _affects(game: Game, o: GameObject, src: GameObject, st: StaticEffect) -> bool:
    flt = st.affected
    if isinstance(flt, SelfRef):
        return o.id == src.id
    return isinstance(flt, Filter) and matches_object(game, o, flt, src.controller, src)


@static_replacement(UNTAP_INSTEAD, EventKind.UNTAP)
def untap_instead(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """ "If <permanent> would untap during <its controller's> untap step, remove
    <N / all> <kind> counter(s) from it instead" (CR 614.1a, 502.3)."""
    if st.args.get("untap_step") and not ev.get("untap_step"):
        return None
    o = game.objects.get(ev["obj"])
    if o is None or not _affects(game, o, src, st):
        return None
    counter = str(st.args["counter"])
    have = o.counters.get(counter, 0)
    if st.args.get("with_counter") and not have:
        return None  # "a permanent with a wind counter on it"
    amount = have if st.args.get("amount") == "all" else int(st.args.get("amount", 1))
    name = chars(game, src).name
    if st.args.get("if_you_do"):
        # "remove a +1/+1 counter from it instead. If you do, untap it."

        def apply_then(game: Game, ev: dict[str, Any]) -> str:
            if have < amount:
                ev["cancelled"] = f"{name}: no {counter} counter to remove"
                return f"{name}: no {counter} counter to remove, so it doesn't untap"
            ev["remove_first"] = [counter, amount]
            return f"{name}: {amount} {counter} counter(s) removed, then it untaps"

        return Replacement(key, name, ("614.1a",), apply_then)

    def apply(game: Game, ev: dict[str, Any]) -> str:
        _remove_instead(ev, counter, amount, ("614.1a",))
        return f"{name}: {'all' if st.args.get('amount') == 'all' else amount} {counter} counter(s) removed instead"

    return Replacement(key, name, ("614.1a",), apply)


def _rule_only(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    return None  # a prohibition (CR 101.2), read by the checks below


static_replacement(CANT_TAP, f"rule:{CANT_TAP}")(_rule_only)
static_replacement(CANT_UNTAP, f"rule:{CANT_UNTAP}")(_rule_only)


def _cant(game: Game, ev: dict[str, Any], op: str, verb: str) -> str | None:
    o = game.objects.get(ev["obj"])
    if o is None:
        return None
    for src, st in static_sources(game, op):
        if _affects(game, o, src, st):
            return f"{chars(game, src).name} says it can't become {verb}"
    return None


@prohibition(EventKind.TAP, when=f"rule:{CANT_TAP}")
def cant_become_tapped(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2, 701.26a: "... can't become tapped"."""
    return _cant(game, ev, CANT_TAP, "tapped")


@prohibition(EventKind.UNTAP, when=f"rule:{CANT_UNTAP}")
def cant_become_untapped(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2, 701.26b: "... can't become untapped" (Frozen in Ice)."""
    return _cant(game, ev, CANT_UNTAP, "untapped")


def tap_forbidden(game: Game, o: GameObject, untap: bool = False) -> str | None:
    """Why ``o`` can't become tapped (``untap``: untapped) now, or None (CR 101.2).
    A cost that would tap (untap) it can't be paid (CR 118.3, 602.2b). A dict
    lookup when nothing could forbid it."""
    kind = EventKind.UNTAP if untap else EventKind.TAP
    if kind not in PROHIBITIONS or not watched(game, kind):
        return None
    return forbidden(game, {"kind": kind, "obj": o.id, "player": o.controller})


def tapping_watched(game: Game) -> bool:
    """Whether anything could forbid a permanent to become tapped now (CR 101.2):
    when not, :func:`tap_forbidden` is None for every permanent."""
    return EventKind.TAP in PROHIBITIONS and watched(game, EventKind.TAP)


register(
    "static:untap_instead",
    "static:cant_become_tapped",
    "static:cant_become_untapped",
)
