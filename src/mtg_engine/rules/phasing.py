"""Phasing (CR 702.26): permanents phase in and out without changing zones.

CR 502.1 / 702.26a: as the untap step begins, the active player's phased-in
permanents with phasing phase out and the permanents that phased out under
their control phase in, simultaneously. A phased-out permanent is treated as
though it does not exist (702.26b): it isn't seen by filters, targets,
static abilities or combat, and continuous effects can't affect it. It stays
on the battlefield with its counters, status, attachments, timestamp and
history (702.26d: no zone change, so nothing triggers on entering or leaving
and it isn't a new object).

Auras, Equipment and Fortifications attached to a permanent that phases out
phase out with it "indirectly" and phase in only with it (702.26g-h); one that
phased out directly phases in attached to what it was attached to if that's
still there, else unattached (702.26i: state-based actions then apply).
"For as long as" effects that track a permanent end when it phases out
(702.26f); effects of resolved spells never include phased-out permanents
(702.26e).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..game.events import EventKind
from ..game.hooks import gate_keywords, keywords_possible
from ..game.objects import GameObject, Zone
from .characteristics import chars
from .layers import end_effects

if TYPE_CHECKING:
    from ..game.state import Game

_INDIRECT: Final = "phased_out_indirectly"


#: the keyword name as :func:`keywords_possible` names it (registered as a gate)
_PHASING: Final = next(iter(gate_keywords(("Phasing",))))


def has_phasing(game: Game, o: GameObject) -> bool:
    return "Phasing" in chars(game, o).keywords  # CR 702.26p: instances are redundant


def phase_permanents(game: Game) -> None:
    """CR 502.1 / 702.26a: the phasing turn-based action of the untap step."""
    out: list[GameObject] = []
    back: list[GameObject] = []
    # (no object of the game can have phasing, the usual case: nothing phases out)
    may_phase = _PHASING in keywords_possible(game)
    for oid in game.battlefield:
        o = game.objects[oid]
        if not game.is_active(o.controller):
            continue
        if o.phased_out:
            if not (o.chosen or {}).get(_INDIRECT):
                back.append(o)  # CR 702.26g: indirectly phased-out ones come with their host
        elif may_phase and has_phasing(game, o):
            out.append(o)
    if not out and not back:
        return
    texts: list[str] = []
    for o in out:
        texts.extend(_phase_out(game, o, indirect=False))
    for o in back:
        texts.extend(_phase_in(game, o))
    game.invalidate()
    game.emit(
        EventKind.PHASING,
        ("502.1", "702.26a"),
        "; ".join(texts),
        **_phased(game, out, back),
    )


def _phased(game: Game, out: list[GameObject], back: list[GameObject]) -> dict[str, Any]:
    """The event's data: the permanents that phased out and in (with those that
    did so indirectly, CR 702.26g), for "whenever this creature phases out / in"
    (603.10b: phasing out looks back)."""
    data: dict[str, Any] = {}
    if out:
        data["phased_out"] = [o.id for o in _with_attached(game, out)]
    if back:
        data["phased_in"] = [o.id for o in _with_attached(game, back)]
    return data


def _with_attached(game: Game, objs: list[GameObject]) -> list[GameObject]:
    ids = {o.id for o in objs}
    extra = [
        game.objects[a]
        for a in game.battlefield
        if a not in ids and game.objects[a].attached_to in ids
    ]
    return [*objs, *extra]


def phase_out(game: Game, objs: list[GameObject], rules: tuple[str, ...] = ("702.26b",)) -> None:
    """Phase permanents out (an effect: "target creature phases out")."""
    texts: list[str] = []
    done = []
    for o in objs:
        if o.zone == Zone.BATTLEFIELD and not o.phased_out:
            texts.extend(_phase_out(game, o, indirect=False))
            done.append(o)
    if texts:
        game.invalidate()
        game.emit(EventKind.PHASING, rules, "; ".join(texts), **_phased(game, done, []))


def phase_in(game: Game, objs: list[GameObject], rules: tuple[str, ...] = ("702.26c",)) -> None:
    """Phase permanents in (an effect: "all phased-out creatures phase in")."""
    texts: list[str] = []
    done = []
    for o in objs:
        if o.zone == Zone.BATTLEFIELD and o.phased_out and not (o.chosen or {}).get(_INDIRECT):
            texts.extend(_phase_in(game, o))
            done.append(o)
    if texts:
        game.invalidate()
        game.emit(EventKind.PHASING, rules, "; ".join(texts), **_phased(game, [], done))


def _phase_out(game: Game, o: GameObject, indirect: bool) -> list[str]:
    o.phased_out = True
    ch = dict(o.chosen or {})
    if indirect:
        ch[_INDIRECT] = True
    else:
        ch.pop(_INDIRECT, None)
    o.chosen = ch
    if game.combat is not None:
        # CR 702.26b / 506.4: a permanent that phases out is removed from combat
        game.combat.attackers.pop(o.id, None)
        game.combat.blockers.pop(o.id, None)
        for atts in game.combat.blockers.values():
            if o.id in atts:
                atts.remove(o.id)
    texts = [f"{_name(o)} phases out" + (" (indirectly, 702.26g)" if indirect else "")]
    # CR 702.26f: "for as long as" effects that track it end
    if game.effects:
        ended = [
            e
            for e in game.effects
            if e.source == o.id
            and e.duration
            in ("source", "while_on_battlefield", "while_controlled", "while_controlled_tapped")
        ]
        end_effects(game, ended, "702.26f", "it phased out")
    # CR 702.26g: what's attached to it phases out indirectly (702.26h: not directly)
    for aid in list(game.battlefield):
        a = game.objects[aid]
        if a.attached_to == o.id and not a.phased_out:
            texts.extend(_phase_out(game, a, indirect=True))
    return texts


def _phase_in(game: Game, o: GameObject) -> list[str]:
    o.phased_out = False
    ch = dict(o.chosen or {})
    ch.pop(_INDIRECT, None)
    o.chosen = ch or None
    texts = [f"{_name(o)} phases in"]
    if o.attached_to is not None:
        host = game.objects.get(o.attached_to)
        if host is None or host.zone != Zone.BATTLEFIELD:
            # CR 702.26i: what it was attached to is gone: it phases in unattached
            o.attached_to = None
            texts.append(f"{_name(o)} is no longer attached (702.26i)")
    # CR 702.26g: the permanents that phased out with it phase in with it
    for aid in list(game.battlefield):
        a = game.objects[aid]
        if a.attached_to == o.id and a.phased_out and (a.chosen or {}).get(_INDIRECT):
            texts.extend(_phase_in(game, a))
    return texts


def _name(o: GameObject) -> str:
    return "a face-down permanent" if o.face_down else o.name
