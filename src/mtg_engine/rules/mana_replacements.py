"""Replacement effects on mana production (CR 106.12b, 614.1a).

A mana ability that resolves and produces mana is a mana production event: it
is proposed to the event pipeline (rules/pipeline.py) when some permanent's
static ability watches it, so with none it costs a dict lookup.

* "If you tap a permanent for mana, it produces twice (three times) as much of
  that mana instead" (Mana Reflection, Nyxbloom Ancient; "a basic land": Virtue
  of Strength): ``mana_multiplier``. Multipliers commute, so two of them need no
  choice of order (CR 616.1e): the production is multiplied by each once (614.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Filter, StaticEffect
from ..game.events import EventKind
from ..game.objects import GameObject
from ..game.records import ContinuousEffect
from .characteristics import chars
from .filters import matches_object
from .pipeline import (
    FINDER_GUARDS,
    Replacement,
    propose,
    replacement_finder,
    static_replacement,
    static_sources,
    watched,
)
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

_TIMES = {2: "twice", 3: "three times"}


@static_replacement("mana_multiplier", EventKind.ADD_MANA)
def mana_multiplier(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """CR 106.12b: "If you tap a permanent for mana, it produces N times as much of
    that mana instead"."""
    o = game.objects.get(ev["source"])
    if not ev.get("tapped") or not ev["mana"] or o is None:
        return None
    if not _multiplies(game, st, src, ev["player"], o):
        return None
    factor = int(st.args.get("factor", 2))
    name = chars(game, src).name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["mana"] = [m for m in ev["mana"] for _ in range(factor)]
        return f"{name}: {_TIMES.get(factor, f'{factor} times')} as much"

    return Replacement(key, name, ("106.12b", "614.1a"), apply)


def _multiplies(game: Game, st: StaticEffect, src: GameObject, player: int, o: GameObject) -> bool:
    if player != src.controller:
        return False  # "If you tap ..."
    if st.args.get("what") == "basic_land":
        c = chars(game, o)
        return "Land" in c.types and "Basic" in c.supertypes
    return True


def tapped_mana_factor(game: Game, player: int, o: GameObject) -> int:
    """How many times as much mana ``o`` produces when ``player`` taps it for mana
    now (the product of the multipliers that would apply, CR 106.12b): what the
    automatic payment plans with, before the event is proposed."""
    if not watched(game, EventKind.ADD_MANA):
        return 1
    f = 1
    for src, st in static_sources(game, "mana_multiplier"):
        if _multiplies(game, st, src, player, o):
            f *= int(st.args.get("factor", 2))
    return f


def produce_mana(
    game: Game, player: int, source: GameObject, mana: tuple[str, ...], tapped: bool
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The mana a mana ability of ``source`` produces after the replacement effects
    on its production (CR 106.12b), with the notes and rules for the log.
    ``tapped``: the ability has {T} in its cost (it is "tapped for mana", 106.12)."""
    if not mana or not watched(game, EventKind.ADD_MANA):
        return mana, (), ()
    ev = propose(
        game,
        {
            "kind": EventKind.ADD_MANA,
            "player": player,
            "source": source.id,
            "mana": list(mana),
            "tapped": tapped,
            "what": f"{source.name} would produce {''.join('{' + m + '}' for m in mana)}",
        },
    )
    # the multipliers commute: no choice of order is asked (CR 616.1e)
    if ev is None or ev.get("cancelled"):
        return mana, (), ()
    return (
        tuple(ev["mana"]),
        tuple(ev.get("notes") or ()),
        tuple(ev.get("rules_added") or ()),
    )


register("static:mana_multiplier")


@static_replacement("mana_instead", EventKind.ADD_MANA)
def mana_instead(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """CR 106.12b, 614.1a: "If a land is tapped for mana, it produces {B} instead of
    any other type [and amount]" (Contamination, Ritual of Subdual; "for two or more
    mana": Damping Sphere). Each mana of the production becomes that type; with "and
    amount" the whole production is one mana of it."""
    o = game.objects.get(ev["source"])
    if not ev.get("tapped") or not ev["mana"] or o is None:
        return None
    new = _instead(game, st, o, tuple(ev["mana"]))
    if new is None:
        return None
    name = chars(game, src).name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["mana"] = list(new)
        return f"{name}: it produces {''.join('{' + m + '}' for m in new)} instead"

    return Replacement(key, name, ("106.12b", "614.1a"), apply)


def _instead(
    game: Game, st: StaticEffect, o: GameObject, mana: tuple[str, ...]
) -> tuple[str, ...] | None:
    """What a land tapped for ``mana`` produces instead, or None when the effect
    doesn't apply (not a land, less mana than it says, already that mana)."""
    return _produces_instead(game, st.args, o, mana)


def _produces_instead(
    game: Game, args: dict[str, Any], o: GameObject, mana: tuple[str, ...]
) -> tuple[str, ...] | None:
    if len(mana) < int(args.get("min", 1)) or "Land" not in chars(game, o).types:
        return None
    m = str(args["mana"])
    new = (m,) if args.get("and_amount") else (m,) * len(mana)
    return None if new == mana else new


# ---------------------------------------------------------------------------
# "Until end of turn, if a player taps a nonbasic land for mana, it produces
# colorless mana instead of any other type" (Pale Moon; Deep Water): the same
# replacement as an effect of a resolved spell or ability (CR 611.2a, 614.1a)
# ---------------------------------------------------------------------------

MANA_INSTEAD_EFFECT = "mana_instead_effect"


def _resolved(game: Game) -> list[ContinuousEffect]:
    """The resolved "produces ... instead" effects (a scan of the few continuous
    effects; none in most games)."""
    return [e for e in game.effects if e.op == MANA_INSTEAD_EFFECT] if game.effects else []


def _resolved_applies(game: Game, e: ContinuousEffect, player: int, o: GameObject) -> bool:
    """Whether a resolved effect covers ``player`` tapping ``o`` ("if you tap a land
    you control", "if a player taps a nonbasic land")."""
    if e.args.get("you") and player != e.controller:
        return False
    flt = e.args.get("filter")
    src = game.objects.get(e.source) if e.source is not None else None
    return not isinstance(flt, Filter) or matches_object(game, o, flt, e.controller, src)


@replacement_finder(EventKind.ADD_MANA)
def resolved_mana_instead(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 106.12b, 614.1a: a resolved "it produces {U} instead of any other type"."""
    o = game.objects.get(ev["source"])
    if not ev.get("tapped") or not ev["mana"] or o is None:
        return []
    out = []
    for e in _resolved(game):
        if not _resolved_applies(game, e, ev["player"], o):
            continue
        new = _produces_instead(game, e.args, o, tuple(ev["mana"]))
        if new is None:
            continue
        name = str(e.args.get("by") or "a mana effect")

        def apply(
            game: Game, ev: dict[str, Any], new: tuple[str, ...] = new, name: str = name
        ) -> str:
            ev["mana"] = list(new)
            return f"{name}: it produces {''.join('{' + m + '}' for m in new)} instead"

        out.append(
            Replacement(f"{MANA_INSTEAD_EFFECT}:{e.timestamp}", name, ("106.12b", "614.1a"), apply)
        )
    return out


def _any_resolved(game: Game) -> bool:
    return any(e.op == MANA_INSTEAD_EFFECT for e in game.effects)


FINDER_GUARDS[EventKind.ADD_MANA] = _any_resolved


def changes_mana_type(game: Game) -> bool:
    """Whether some permanent or resolved effect says "it produces {B} instead of any
    other type"."""
    return watched(game, EventKind.ADD_MANA) and (
        bool(static_sources(game, "mana_instead")) or bool(_resolved(game))
    )


def planned_production(
    game: Game, player: int, o: GameObject, prod: tuple[str, ...]
) -> tuple[str, ...]:
    """What tapping ``o`` for ``prod`` would produce after the replacement effects
    on mana production (CR 106.12b): what the automatic payment plans with. The
    multipliers apply first, then the effects that change its type."""
    factor = tapped_mana_factor(game, player, o)
    if factor > 1:
        prod = tuple(m for m in prod for _ in range(factor))
    for _src, st in static_sources(game, "mana_instead"):
        new = _instead(game, st, o, prod)
        if new is not None:
            prod = new
    for e in _resolved(game):
        if _resolved_applies(game, e, player, o):
            new = _produces_instead(game, e.args, o, prod)
            if new is not None:
                prod = new
    return prod


register("static:mana_instead")
