"""Sagas (CR 714): lore counters, chapter abilities, and the final chapter.

* CR 714.2a-c: "{rN}—[Effect]" is a chapter ability: "When one or more lore
  counters are put onto this Saga, if the number of lore counters on it was
  less than N and became at least N, [effect]" (the compiler gives these
  triggered abilities ``Trigger("chapter", chapters=(N, ...))``).
* CR 714.2d: the final chapter number is the greatest chapter number among its
  chapter abilities.
* CR 714.3a: as a Saga enters, its controller puts a lore counter on it
  (``rules/replacement.py``, where permanents enter with counters).
* CR 714.3b: as a player's precombat main phase begins, that player puts a lore
  counter on each Saga they control with one or more chapter abilities (a
  turn-based action, :func:`add_lore_counters`, called by ``rules/turn.py``).
* CR 714.4, 704.5s: a Saga whose lore counters are at least its final chapter
  number, and that isn't the source of a chapter ability that has triggered but
  not yet left the stack, is sacrificed (:func:`sagas_to_sacrifice`, checked by
  ``rules/sba.py``).

Read ahead (CR 702.155): the Saga enters with a chosen number of lore counters
(:func:`read_ahead_choice`, asked by ``rules/replacement.py``), and that turn only
the chapter with exactly that number triggers (702.155a).

Lore counters put on by anything (entering with them, the turn-based action,
"put a lore counter on ...") trigger the chapters they pass: the hooks below
read the ``zone_change`` events and the ``counters`` events that name the
object, the counter kind and the amount (``obj``, ``counter``, ``amount``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, AbilityKind
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from .characteristics import chars
from .support import register, register_keywords

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game
    from .char_values import Chars

register("trigger:chapter")
register_keywords("Read ahead")

LORE: Final = "lore"
_ROMAN: Final = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def chapter_abilities(abilities: tuple[Ability, ...]) -> list[Ability]:
    """The chapter abilities among these (CR 714.2a)."""
    return [
        a
        for a in abilities
        if a.kind is AbilityKind.TRIGGERED
        and a.trigger is not None
        and a.trigger.event == "chapter"
    ]


def final_chapter(abilities: tuple[Ability, ...]) -> int:
    """CR 714.2d: the greatest chapter number among its chapter abilities (0 if none)."""
    return max(
        (n for a in chapter_abilities(abilities) for n in a.trigger.chapters),  # type: ignore[union-attr]  # chapter abilities are triggered
        default=0,
    )


def has_chapters(abilities: tuple[Ability, ...]) -> bool:
    return any(
        a.kind is AbilityKind.TRIGGERED and a.trigger is not None and a.trigger.event == "chapter"
        for a in abilities
    )


def read_ahead_choice(
    game: Game, obj: GameObject, entry: dict[str, Any]
) -> tuple[list[str], str] | None:
    """CR 702.155b: as a Saga with read ahead enters, its controller chooses a number
    from one to its final chapter number. The options and the prompt, or None when
    there's nothing to choose (no read ahead, or already chosen)."""
    if "read_ahead" in entry["chosen"] or obj.face_down:
        return None
    abilities = obj.card.compiled[entry.get("face") or 0].abilities
    if not entry.get("read_ahead_granted") and not any(
        a.keyword == "Read ahead" for a in abilities
    ):
        return None  # (granted: rules/etb_choices._read_ahead_granted, CR 614.12)
    final = final_chapter(abilities)
    if final < 1:
        return None
    return (
        [str(n) for n in range(1, final + 1)],
        f"Read ahead: choose how many lore counters {obj.name} enters with (1-{final})",
    )


def entering_lore(entry: dict[str, Any]) -> int:
    """CR 714.3a, 702.155b: one lore counter, or the number chosen for read ahead."""
    chosen = entry["chosen"].get("read_ahead")
    return int(chosen) if chosen is not None else 1


def _read_ahead_blocks(game: Game, saga: GameObject, n: int, after: int) -> bool:
    """CR 702.155a: the turn a read-ahead Saga entered, a chapter ability triggers only
    if the Saga has exactly that chapter's number of lore counters."""
    chosen = saga.chosen or {}
    return "read_ahead" in chosen and chosen.get("entered_turn") == game.turn and n != after


def _roman(n: int) -> str:
    return _ROMAN[n] if 0 <= n < len(_ROMAN) else str(n)


def lore_added(game: Game, saga: GameObject, before: int, after: int) -> None:
    """CR 714.2b: lore counters went from ``before`` to ``after``: each chapter
    ability whose number N was passed (before < N <= after) triggers, once per N."""
    if after <= before or saga.zone != Zone.BATTLEFIELD:
        return
    for a in chapter_abilities(chars(game, saga).abilities):
        assert a.trigger is not None  # a chapter ability is a triggered ability (CR 714.2b)
        for n in a.trigger.chapters:
            if before < n <= after and not _read_ahead_blocks(game, saga, n, after):
                game.emit(
                    EventKind.CHAPTER_TRIGGER,
                    ("714.2b", "603.2"),
                    f"{saga.name}'s chapter {_roman(n)} ability triggers "
                    f"({after} lore counter{'s' if after != 1 else ''})",
                    obj=saga.id,
                    chapter=n,
                )
                game.pending_triggers.append(
                    {
                        "source": saga.id,
                        "source_name": saga.name,
                        "source_token": saga.card.token_spec,
                        "card_uid": saga.card_uid,
                        "controller": saga.controller,
                        "ability": a,
                        "event": {"chapter": n},
                    }
                )


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[(None, "battlefield")])
def _entered_with_lore(game: Game, ev: Event, subject: GameObject | None) -> None:
    """A Saga entered with lore counters (CR 714.3a): its chapters up to that number
    trigger (CR 714.2b)."""
    if ev.data.get("to_zone") != "battlefield":
        return
    o = game.objects.get(ev.data.get("obj", -1))
    if o is None or not o.counters.get(LORE):
        return
    lore_added(game, o, 0, o.counters[LORE])


@on_event(EventKind.COUNTERS, rules=True)
def _lore_put(game: Game, ev: Event, subject: GameObject | None) -> None:
    """Lore counters were put on a permanent (CR 714.2b)."""
    if ev.data.get("counter") != LORE:
        return
    amount = ev.data.get("amount")
    o = game.objects.get(ev.data.get("obj", -1))
    if o is None or not isinstance(amount, int) or amount <= 0:
        return
    now = o.counters.get(LORE, 0)
    lore_added(game, o, now - amount, now)


def add_lore_counters(game: Game) -> None:
    """CR 714.3b: as the active player's precombat main phase begins, they put a lore
    counter on each Saga they control with one or more chapter abilities."""
    player = game.active
    for oid in list(game.battlefield):
        o = game.objects[oid]
        if o.controller != player or o.phased_out:
            continue
        c = chars(game, o)
        if "Saga" not in c.subtypes or not has_chapters(c.abilities):
            continue
        o.counters[LORE] = o.counters.get(LORE, 0) + 1
        game.invalidate()
        game.emit(
            EventKind.COUNTERS,
            ("714.3b", "122.1"),
            f"{game.players[player].name} puts a lore counter on {o.name} "
            f"({o.counters[LORE]} in all)",
            obj=oid,
            counter=LORE,
            amount=1,
        )


def _chapter_pending(game: Game, oid: int) -> bool:
    """Whether a chapter ability of ``oid`` has triggered and not yet left the stack."""
    for t in game.pending_triggers:
        a = t.get("ability")
        if t.get("source") == oid and a is not None and a.trigger and a.trigger.event == "chapter":
            return True
    for sid in game.stack:
        s = game.objects[sid]
        a = s.ability
        if (
            s.stack_kind == "triggered"
            and s.source_id == oid
            and a is not None
            and a.trigger is not None
            and a.trigger.event == "chapter"
        ):
            return True
    return False


def saga_candidates(game: Game) -> list[int]:
    """Sagas whose lore counters reached their final chapter number (CR 714.4),
    whatever is on the stack (this depends only on the permanents)."""
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if LORE not in o.counters or o.phased_out:
            continue
        if is_saga_candidate(o, chars(game, o)):
            out.append(oid)
    return out


def is_saga_candidate(o: GameObject, c: Chars) -> bool:
    """Whether the permanent ``o`` (not phased out, characteristics ``c``) is one of
    :func:`saga_candidates`."""
    lore = o.counters.get(LORE)
    if lore is None or "Saga" not in c.subtypes:
        return False
    final = final_chapter(c.abilities)
    return bool(final) and lore >= final


def sagas_to_sacrifice(game: Game, candidates: list[int] | None = None) -> list[int]:
    """CR 704.5s, 714.4: those Sagas that aren't the source of a chapter ability that
    has triggered but not yet left the stack."""
    if candidates is None:
        candidates = saga_candidates(game)
    return [
        oid
        for oid in candidates
        if oid in game.objects
        and game.objects[oid].zone == Zone.BATTLEFIELD
        and not _chapter_pending(game, oid)
    ]
