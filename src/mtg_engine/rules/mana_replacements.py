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

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import MANA_COLOR_CHOICE, Filter, StaticEffect
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
    while_effect,
)
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

#: the five colors' mana, in WUBRG order (CR 105.1, 106.1b)
COLORS: Final[tuple[str, ...]] = ("W", "U", "B", "R", "G")

_TIMES: Final = {2: "twice", 3: "three times"}


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
    game: Game,
    player: int,
    source: GameObject,
    mana: tuple[str, ...],
    tapped: bool,
    color: str | None = None,
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The mana a mana ability of ``source`` produces after the replacement effects
    on its production (CR 106.12b), with the notes and rules for the log.
    ``tapped``: the ability has {T} in its cost (it is "tapped for mana", 106.12).
    ``color``: the color its player chose for "mana of a color of your choice
    instead" (the payment's plan, or the player's answer; CR 106.1b)."""
    if not mana or not watched(game, EventKind.ADD_MANA):
        return mana, (), ()
    proposed: dict[str, Any] = {
        "kind": EventKind.ADD_MANA,
        "player": player,
        "source": source.id,
        "mana": list(mana),
        "tapped": tapped,
        "what": f"{source.name} would produce {''.join('{' + m + '}' for m in mana)}",
    }
    if color is not None:
        proposed["color"] = color
    ev = propose(game, proposed)
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
    if st.args.get("yours") and o.controller != src.controller:
        return None  # "a basic land you control"
    new = _produces_instead(game, st.args, o, tuple(ev["mana"]), ev.get("color"))
    if new is None:
        return None
    name = chars(game, src).name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["mana"] = list(new)
        return f"{name}: it produces {''.join('{' + m + '}' for m in new)} instead"

    return Replacement(key, name, ("106.12b", "614.1a"), apply)


def _options(game: Game, args: dict[str, Any], o: GameObject) -> tuple[str, ...]:
    """The mana types a land ``o`` could produce instead under such an effect, none
    when it doesn't apply (not a land, not a basic one when it says so, not of a
    land type it names): one ("{B}"), the five colors ("mana of a color of your
    choice", CR 106.1b), or those of its land types ("Plains produce {R}, Islands
    produce {G}": a Plains Island may make either)."""
    c = chars(game, o)
    if "Land" not in c.types or (args.get("basic") and "Basic" not in c.supertypes):
        return ()
    by_type = args.get("by_type")
    if by_type:
        return tuple(dict.fromkeys(sym for t, sym in by_type if t in c.subtypes))
    m = str(args["mana"])
    return COLORS if m == MANA_COLOR_CHOICE else (m,)


def _produces_instead(
    game: Game,
    args: dict[str, Any],
    o: GameObject,
    mana: tuple[str, ...],
    color: str | None = None,
) -> tuple[str, ...] | None:
    """What a land tapped for ``mana`` produces instead, or None when the effect
    doesn't apply (:func:`_options`; less mana than it says; already that mana).
    With a choice, of ``color``, the one its player chose (without one, the mana's
    own type when it may, else the first option, in WUBRG order, CR 105.1)."""
    if len(mana) < int(args.get("min", 1)):
        return None
    options = _options(game, args, o)
    if not options:
        return None
    m = color if color in options else (mana[0] if mana[0] in options else options[0])
    new = (m,) if args.get("and_amount") else (m,) * len(mana)
    return None if new == mana else new


def color_chosen_instead(
    game: Game, o: GameObject, mana: tuple[str, ...]
) -> tuple[str, tuple[str, ...]] | None:
    """The name of a permanent whose "it produces mana of a color of your choice
    instead" applies to ``o`` tapped for ``mana``, with the colors its player
    chooses among as the mana is produced (CR 106.1b), or None."""
    if not mana or not watched(game, EventKind.ADD_MANA):
        return None
    for src, st in static_sources(game, "mana_instead"):
        if st.args.get("yours") and o.controller != src.controller:
            continue
        options = _options(game, st.args, o)
        if len(options) > 1 and len(mana) >= int(st.args.get("min", 1)):
            return chars(game, src).name, options
    for e in _resolved(game):  # "until end of turn, ..." (Harvest Mage)
        if not _resolved_applies(game, e, o.controller, o):
            continue
        options = _options(game, e.args, o)
        if len(options) > 1 and len(mana) >= int(e.args.get("min", 1)):
            return str(e.args.get("by") or "a mana effect"), options
    return None


# ---------------------------------------------------------------------------
# "Until end of turn, if a player taps a nonbasic land for mana, it produces
# colorless mana instead of any other type" (Pale Moon; Deep Water): the same
# replacement as an effect of a resolved spell or ability (CR 611.2a, 614.1a)
# ---------------------------------------------------------------------------

MANA_INSTEAD_EFFECT: Final = "mana_instead_effect"


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
        new = _produces_instead(game, e.args, o, tuple(ev["mana"]), ev.get("color"))
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


FINDER_GUARDS[EventKind.ADD_MANA] = while_effect(MANA_INSTEAD_EFFECT)


def changes_mana_type(game: Game) -> bool:
    """Whether some permanent or resolved effect says "it produces {B} instead of any
    other type"."""
    return watched(game, EventKind.ADD_MANA) and (
        bool(static_sources(game, "mana_instead")) or bool(_resolved(game))
    )


def planned_productions(
    game: Game, player: int, o: GameObject, prod: tuple[str, ...]
) -> list[tuple[str, ...]]:
    """What tapping ``o`` for ``prod`` could produce after the replacement effects
    on mana production (CR 106.12b): what the automatic payment plans with, one
    production for each color its player could choose ("mana of a color of your
    choice instead", 106.1b). The multipliers apply first, then the effects that
    change its type."""
    factor = tapped_mana_factor(game, player, o)
    if factor > 1:
        prod = tuple(m for m in prod for _ in range(factor))
    out = [prod]
    for src, st in static_sources(game, "mana_instead"):
        if st.args.get("yours") and o.controller != src.controller:
            continue
        out = _each_instead(game, st.args, o, out)
    for e in _resolved(game):
        if _resolved_applies(game, e, player, o):
            out = _each_instead(game, e.args, o, out)
    return out


def _each_instead(
    game: Game, args: dict[str, Any], o: GameObject, prods: list[tuple[str, ...]]
) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for prod in prods:
        for color in _options(game, args, o) or (None,):
            new = _produces_instead(game, args, o, prod, color)
            got = prod if new is None else new
            if got not in out:
                out.append(got)
    return out


register("static:mana_instead")
