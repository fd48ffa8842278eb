"""Replacement effects that modify how a permanent enters, applied in the event
pipeline (CR 614.1c-d, 614.12, 616.1).

rules/replacement.py proposes the zone change of a permanent entering with its
entering data (``ev["entry"]``). This module's finder offers, for that event:

* the effects that ask something as it enters (rules/etb_choices.py: "enters
  as a copy", 616.1c, 707.5; "as this enters, choose", 614.12a; amplify; read
  ahead; an Aura's attachment, 303.4f);
* the permanent's own "This permanent enters tapped" / "enters with N
  counters" (CR 614.1c), read from the permanent *as it would exist on the
  battlefield* (CR 614.12: its copiable values with the copy effects already
  chosen; a face-down permanent has none, 708.3);
* other permanents' "Creatures your opponents control enter tapped",
  "Each other creature you control enters with an additional +1/+1 counter"
  (CR 614.1d), matched against that prospective permanent.

Each applies once (CR 614.5); "enters tapped" and "enters with counters"
commute, so no one is asked their order (616.1e) unless another effect makes
the results differ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from ..cards.abilities import Filter, SelfRef, StaticEffect
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from .characteristics import chars
from .conditions import evaluate
from .etb_choices import entering_choices
from .filters import matches_object
from .pipeline import STEP_CONTROL, Replacement, replacement_finder
from .prepare import PREPARED, has_prepare_spell
from .replacement import (
    PIPELINE_OPS,
    condition_rules,
    entering_amount,
    etb_sources,
    etb_statics,
    printed_if_plain,
    prospective,
)

if TYPE_CHECKING:
    from ..game.state import Game


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.BATTLEFIELD)])
def entering_replacements(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 614.1c-d, 614.12: the effects that apply to a permanent entering: those
    that ask something as it enters (rules/etb_choices.py), then "enters tapped"
    and "enters with counters"."""
    entry = ev.get("entry")
    if entry is None or ev["to"] != Zone.BATTLEFIELD:
        return []
    plain = printed_if_plain(game, entry)
    if plain is not None and not etb_statics(plain) and not etb_sources(game):
        if "Saga" not in plain.subtypes and "Aura" not in plain.subtypes:
            return []  # the common case: nothing modifies how it enters
        pros, c = prospective(game, entry)
        return entering_choices(game, entry, pros, c)  # read ahead, an Aura's attachment
    pros, c = prospective(game, entry)
    out: list[Replacement] = entering_choices(game, entry, pros, c)
    if not pros.face_down:  # CR 708.3: no abilities as it enters face down
        for ai, si, st, _a in etb_statics(c):
            if st.op in PIPELINE_OPS and (st.affected is None or isinstance(st.affected, SelfRef)):
                r = _replacement(game, entry, f"etb:self:{ai}:{si}", c.name, st, None)
                if r is not None:
                    out.append(r)
    for sid, ai, si, st, _a in etb_sources(game):
        if st.op not in PIPELINE_OPS or sid == entry["obj"]:
            continue
        src = game.objects[sid]
        # etb_sources keeps only statics whose affected is a Filter
        if matches_object(game, pros, cast(Filter, st.affected), src.controller, src, c):
            name = chars(game, src).name
            r = _replacement(game, entry, f"etb:{sid}:{ai}:{si}", name, st, src)
            if r is not None:
                out.append(r)
    return out


def _replacement(
    game: Game,
    entry: dict[str, Any],
    key: str,
    name: str,
    st: StaticEffect,
    src: GameObject | None,
) -> Replacement | None:
    rule = "614.1c" if src is None else "614.1d"
    if st.op == "enters_tapped":
        if entry["tapped"]:
            return None  # already entering tapped: nothing to change
        if st.condition is not None and not evaluate(game, st.condition, entry["controller"], src):
            return None  # "enters tapped unless ...": the exception holds
        return Replacement(key, name, (rule,), _tapped)
    if st.op == "enters_prepared":
        me = game.objects.get(entry["obj"])
        if entry["chosen"].get(PREPARED) or me is None or not has_prepare_spell(me):
            return None  # already entering prepared, or it has no prepare spell
        return Replacement(key, name, (rule,), _prepared)
    extra: tuple[str, ...] = ()
    if st.condition is not None:
        # "If this creature was kicked, it enters with ..." (the spell's record)
        me = game.objects.get(entry["obj"])
        if not evaluate(game, st.condition, entry["controller"], src or me):
            return None
        extra = condition_rules(st.condition.kind)
    kind = str(st.args.get("counter", "+1/+1"))
    n = entering_amount(game, entry, st.args.get("amount", 1), src)
    if n <= 0:
        return None

    def apply(game: Game, ev: dict[str, Any]) -> str:
        counters = ev["entry"]["counters"]
        counters[kind] = counters.get(kind, 0) + n
        return ""

    # "You may have this creature enter with ...": its controller may decline it
    optional = bool(st.args.get("optional"))
    return Replacement(key, name, (*extra, rule), apply, optional=optional)


def _tapped(game: Game, ev: dict[str, Any]) -> str:
    ev["entry"]["tapped"] = True
    return ""


def _prepared(game: Game, ev: dict[str, Any]) -> str:
    """ "This creature enters prepared": the designation it enters with (the copy of its
    spell is made as it enters: rules/prepare.entered_prepared)."""
    ev["entry"]["chosen"][PREPARED] = True
    return ""


__all__ = ["entering_replacements", "printed_if_plain"]


#: a resolved "if a creature would enter the battlefield under an opponent's control
#: this turn, it enters under your control instead" (Gather Specimens)
ENTERS_UNDER_YOUR_CONTROL: Final = "enters_under_your_control"


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.BATTLEFIELD)])
def control_replacements(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 614.1c, 616.1b: effects that change under whose control a permanent enters;
    one of them is chosen before any other effect that modifies how it enters (the
    others then see the permanent under its new controller, 616.1f)."""
    entry = ev.get("entry")
    if entry is None or not game.effects:
        return []
    out: list[Replacement] = []
    for e in game.effects:
        if e.op != ENTERS_UNDER_YOUR_CONTROL or entry["controller"] == e.controller:
            continue
        if game.players[e.controller].has_lost:
            continue
        pros, _ = prospective(game, entry)
        flt = e.args.get("filter")
        src = game.objects.get(e.source) if e.source is not None else None
        if isinstance(flt, Filter) and not matches_object(game, pros, flt, e.controller, src):
            continue
        name = str(e.args.get("by") or "a control effect")

        def apply(game: Game, ev: dict[str, Any], who: int = e.controller, name: str = name) -> str:
            entry = ev["entry"]
            entry["controller"] = who
            ev["player"] = who
            ev["args"][2] = who
            return f"{name}: it enters under {game.players[who].name}'s control instead"

        out.append(
            Replacement(
                f"{ENTERS_UNDER_YOUR_CONTROL}:{e.timestamp}",
                name,
                ("614.1c", "616.1b"),
                apply,
                step=STEP_CONTROL,
            )
        )
    return out


#: a resolved "this turn, each creature you control enters with an additional +1/+1
#: counter on it" (Combine Guildmage) or "that creature enters with an additional
#: +1/+1 counter on it" of a spell (Torgal, A Fine Hound): effects/enters_with.py
ENTERS_WITH_COUNTERS: Final = "enters_with_counters"


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.BATTLEFIELD)])
def resolved_counter_replacements(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 614.1c: "enters with an additional +1/+1 counter on it" made by a resolved
    spell or ability (CR 611.2a). One naming a spell applies to the permanent that
    spell becomes as it resolves (CR 608.3, 400.7: the spell is still on the stack
    as it enters); one naming a kind of permanents ("each creature you control")
    applies to each such permanent entering while it lasts, as it would exist on the
    battlefield (CR 614.12). Each applies once to an event (CR 614.5)."""
    entry = ev.get("entry")
    if entry is None or not game.effects:
        return []
    out: list[Replacement] = []
    for e in game.effects:
        if e.op != ENTERS_WITH_COUNTERS:
            continue
        if e.affected:
            spell = game.objects.get(entry["obj"])
            if entry["obj"] not in e.affected or spell is None or spell.zone != Zone.STACK:
                continue
        else:
            flt = e.args.get("filter")
            pros, _ = prospective(game, entry)
            src = game.objects.get(e.source) if e.source is not None else None
            if not isinstance(flt, Filter) or not matches_object(
                game, pros, flt, e.controller, src
            ):
                continue
        kind = str(e.args.get("counter", "+1/+1"))
        n = int(e.args.get("n", 1))

        def apply(game: Game, ev: dict[str, Any], kind: str = kind, n: int = n) -> str:
            counters = ev["entry"]["counters"]
            counters[kind] = counters.get(kind, 0) + n
            return ""

        name = str(e.args.get("by") or "an effect")
        out.append(Replacement(f"{ENTERS_WITH_COUNTERS}:{e.timestamp}", name, ("614.1c",), apply))
    return out
