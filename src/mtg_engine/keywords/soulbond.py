"""Soulbond (CR 702.95).

702.95a: soulbond represents two triggered abilities: "When this creature
enters, if you control both this creature and another creature and both are
unpaired, you may pair this creature with another unpaired creature you control
for as long as both remain creatures on the battlefield under your control" and
"Whenever another creature you control enters, if you control both that creature
and this one and both are unpaired, you may pair that creature with this creature
for as long as both remain creatures on the battlefield under your control."

Both conditions are intervening "if"s (CR 603.4): checked as the creature enters
and again as the ability resolves, when, too, neither creature becomes paired if
either is no longer a creature on the battlefield under the ability's
controller's control (702.95c). A creature is paired with only one other
(702.95d); the pairing is kept with both permanents (``chosen``), and it ends for
good when either leaves the battlefield, changes controller or stops being a
creature (702.95e: checked as control changes, as continuous effects start, at
each step and as permanents leave). The static abilities of the soulbond cards
("As long as this creature is paired with another creature, both creatures have
...", 702.95b) are compiled with a filter of the pair (``soulbond_pair``) and the
condition ``paired``, which this module answers through the keyword hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, Effect, Trigger
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS, effect, on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..rules.effects_runner import Ctx

SOULBOND = "Soulbond"
register_keywords(SOULBOND)

#: the effect of both triggered abilities: pair two creatures (CR 702.95a)
PAIR = "soulbond_pair"
register(f"effect:{PAIR}", "cond:paired", "cond:soulbond_pair")

#: the key of ``GameObject.chosen`` naming the creature a permanent is paired with
PAIRED_WITH = "paired_with"

_AS_LONG = "for as long as both remain creatures on the battlefield under your control."


def _ability(text: str, paired_with: str) -> Ability:
    """One of soulbond's two triggered abilities (CR 702.95a); ``paired_with``: the
    entering creature, or one chosen as it resolves."""
    return keyword_trigger(
        SOULBOND,
        f"Soulbond ({text} {_AS_LONG})",
        (Effect(PAIR, {"with": paired_with}),),
        trigger=Trigger("keyword"),
        rule="702.95a",
    )


_SELF_ENTERS = _ability(
    "When this creature enters, if you control both this creature and another creature "
    "and both are unpaired, you may pair this creature with another unpaired creature you "
    "control",
    "chosen",
)
_OTHER_ENTERS = _ability(
    "Whenever another creature you control enters, if you control both that creature and "
    "this one and both are unpaired, you may pair that creature with this creature",
    "entering",
)


def partner(game: Game, obj: GameObject) -> GameObject | None:
    """The creature ``obj`` is paired with (CR 702.95b), or None: both still on the
    battlefield under one controller, each naming the other."""
    pid = (obj.chosen or {}).get(PAIRED_WITH)
    if pid is None or obj.zone != Zone.BATTLEFIELD:
        return None
    other = game.objects.get(pid)
    if other is None or other.zone != Zone.BATTLEFIELD:
        return None
    if (other.chosen or {}).get(PAIRED_WITH) != obj.id or other.controller != obj.controller:
        return None
    return other


def is_paired(game: Game, obj: GameObject) -> bool:
    """CR 702.95b: "paired"; an "unpaired" creature is one that isn't."""
    return partner(game, obj) is not None


def in_soulbond_pair(game: Game, obj: GameObject, source: GameObject | None) -> bool:
    """ "Both creatures", "each of those creatures" (CR 702.95b): the source, or the
    creature it's paired with, while they are paired."""
    if source is None:
        return False
    other = partner(game, source)
    return other is not None and obj.id in (source.id, other.id)


KEYWORD_HOOKS.is_paired = is_paired
KEYWORD_HOOKS.in_soulbond_pair = in_soulbond_pair


def _can_pair(game: Game, obj: GameObject | None, you: int) -> bool:
    """An unpaired creature on the battlefield under ``you``'s control (CR 702.95a, c)."""
    if obj is None or obj.zone != Zone.BATTLEFIELD or obj.phased_out or obj.controller != you:
        return False
    return "Creature" in chars(game, obj).types and not is_paired(game, obj)


def _unpaired_others(game: Game, obj: GameObject, you: int) -> list[int]:
    return [
        oid for oid in game.battlefield if oid != obj.id and _can_pair(game, game.objects[oid], you)
    ]


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")], keywords=(SOULBOND,))
def _on_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.95a: the entering creature's own soulbond, and that of each other
    creature its controller controls; each instance triggers (702.1), if both are
    unpaired creatures (603.4)."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None:
        return
    you = new.controller
    if not _can_pair(game, new, you):
        return
    if _unpaired_others(game, new, you):
        for _ in keyword_instances(game, new, SOULBOND):
            add_pending_trigger(game, new, you, _SELF_ENTERS, {"obj": new.id}, cause=ev)
    for oid in list(game.battlefield):
        o = game.objects[oid]
        if oid == new.id or not _can_pair(game, o, you):
            continue
        for _ in keyword_instances(game, o, SOULBOND):
            add_pending_trigger(game, o, you, _OTHER_ENTERS, {"obj": new.id}, cause=ev)


@effect(PAIR)
def soulbond_pair(ctx: Ctx, e: Effect) -> bool:
    """CR 702.95a, c: "you may pair ...": the soulbond creature (the source) with the
    creature that entered, or with another unpaired creature its controller chooses;
    nothing happens when either can't be paired now (603.4, 702.95c)."""
    game, you = ctx.game, ctx.controller
    me = ctx.source
    if not _can_pair(game, me, you):
        return True
    if e.args.get("with") == "entering":
        other = game.objects.get((ctx.obj.trigger_data or {}).get("obj", -1))
        if other is None or other.id == me.id or not _can_pair(game, other, you):
            return True
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.YES_NO,
                "702.95a",
                f"Soulbond: pair {other.name} with {me.name}?",
                {"purpose": DecisionPurpose.PAIR},
            )
        if not ctx.take_answer().value:
            return True
    else:
        cands = _unpaired_others(game, me, you)
        if not cands:
            return True
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "702.95a",
                f"Soulbond: you may pair {me.name} with another unpaired creature you control",
                {"candidates": cands, "min": 0, "max": 1, "purpose": DecisionPurpose.PAIR},
            )
        chosen = [c for c in ctx.take_answer().objects if c in cands][:1]
        if not chosen:
            return True
        other = game.objects[chosen[0]]
    me.chosen = {**(me.chosen or {}), PAIRED_WITH: other.id}
    other.chosen = {**(other.chosen or {}), PAIRED_WITH: me.id}
    game.invalidate()  # the pair's abilities apply now (CR 613)
    game.emit(
        EventKind.PAIR,
        ("702.95a", "702.95b"),
        f"{me.name} and {other.name} become paired (soulbond)",
        obj=me.id,
    )
    return True


@on_event(EventKind.ZONE_CHANGE, watch=[("battlefield", None)], keywords=(SOULBOND,))
def _unpair_on_leaving(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.95e: a permanent left the battlefield."""
    _unpair(game, ev, subject)


@on_event(EventKind.STEP, watch=[("cleanup",), ("untap",)], keywords=(SOULBOND,))
def _unpair_on_step(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.95e: "until end of turn" effects end in the cleanup step (514.2)."""
    _unpair(game, ev, subject)


@on_event(EventKind.CONTROL, EventKind.CONTINUOUS_EFFECT, keywords=(SOULBOND,))
def _unpair(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.95e: a paired creature becomes unpaired when another player gains
    control of it or of its partner, when either stops being a creature, or when
    either leaves the battlefield; it stays unpaired."""
    for oid in list(game.battlefield):
        o = game.objects[oid]
        pid = (o.chosen or {}).get(PAIRED_WITH)
        if pid is None:
            continue
        other = partner(game, o)
        if other is not None and all("Creature" in chars(game, x).types for x in (o, other)):
            continue
        o.chosen = {k: v for k, v in (o.chosen or {}).items() if k != PAIRED_WITH}
        gone = game.objects.get(pid)
        names, verb = o.name, "becomes"
        if gone is not None and (gone.chosen or {}).get(PAIRED_WITH) == o.id:
            gone.chosen = {k: v for k, v in (gone.chosen or {}).items() if k != PAIRED_WITH}
            if gone.zone == Zone.BATTLEFIELD:
                names, verb = f"{o.name} and {gone.name}", "become"
        game.invalidate()  # the pair's abilities no longer apply (CR 613)
        game.emit(
            EventKind.PAIR,
            ("702.95e",),
            f"{names} {verb} unpaired (soulbond)",
            obj=o.id,
        )
