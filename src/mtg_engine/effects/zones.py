"""Effects that move objects: destroy, exile, return to hand, sacrifice (CR 701)."""

from __future__ import annotations

from typing import Final

from ..cards.abilities import (
    Effect,
    Filter,
    ParentRef,
    SelfRef,
    TargetRef,
    TriggerRef,
    has_that_player,
    that_player_as,
)
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import Event, EventKind
from ..game.hooks import on_event
from ..game.objects import GameObject, Zone
from ..game.records import ContinuousEffect
from ..game.state import Game
from ..rules.delayed import BoundRef
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object, objects_matching
from ..rules.library_order import choose_order
from ..rules.linked import exiled_with, link_owner
from ..rules.linked_exile import exile_linked
from ..rules.multiface import left_with
from ..rules.permanents import destroy_permanent, enter_battlefield, sacrifice
from ..rules.simultaneous import lki_record, simultaneous
from ..rules.support import AS_THAT_OBJECT, exiled_with_source, register
from ..rules.zones import move, shuffle_library
from . import effect
from .permanents import _continuous, add_continuous
from .tokens import choose_defenders, enter_attacking

register("cond:exiled_with", "arg:exile.face_down")  # CR 607.2a, 406.3: rules/linked.py
register("arg:return_to_battlefield.counters")  # "with a +1/+1 counter on it" (CR 122.6)
register("arg:return_to_battlefield.transformed")  # CR 712.14a
# "... to the battlefield tapped and attacking" (CR 508.4); "attached to that creature" (303.4f)
register(
    "arg:return_to_battlefield.tapped_attacking",
    "arg:return_to_battlefield.attached_to",
    "arg:put_onto_battlefield.tapped_attacking",
    "arg:put_onto_battlefield.attached_to",
)
# "for each creature destroyed / sacrificed this way" (CR 608.2c, 608.2h): what
# destroy and sacrifice below keep, counted by rules/effects_runner.py
register("amount:destroyed_this_way", "amount:sacrificed_this_way")
register("arg:sacrifice.up_to")  # "sacrifice any number of ..." (CR 701.21a)
register("arg:put_onto_battlefield.up_to")  # "put up to X land cards ..." (CR 608.2d)
register("arg:put_onto_battlefield.counters")  # "with a finality counter on it" (CR 122.6)
register("arg:put_on_library.order")  # "in a random order" (CR 401.4 is the owner's order)


@effect("destroy")
def destroy(ctx: Ctx, e: Effect) -> bool:
    """CR 701.8a; "destroy all creatures" destroys them at the same time: one
    simultaneous event (CR 603.10a, rules/simultaneous.py)."""
    objs = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    destroyed = []
    with simultaneous(ctx.game, [o.id for o in objs]):
        for o in objs:
            # "for each creature destroyed this way": the permanent as it last existed
            # (CR 608.2h); one regenerated or indestructible wasn't destroyed (701.19a)
            rec = lki_record(ctx.game, o)
            if destroy_permanent(
                ctx.game,
                o.id,
                ("701.8a",),
                can_regenerate=not e.args.get("no_regenerate"),
                by_effect=True,
            ):
                destroyed.append(rec)
    ctx.set_parent("destroyed", destroyed)
    return True


@effect("cant_be_regenerated")
def cant_be_regenerated(ctx: Ctx, e: Effect) -> bool:
    """ "A creature dealt damage this way can't be regenerated this turn" (CR 701.19c):
    while the effect lasts, a regeneration shield doesn't replace its destruction."""
    return _continuous(ctx, e, "6r", "cant_be_regenerated", {}, "701.19c", "can't be regenerated")


@effect("exile")
def exile(ctx: Ctx, e: Effect) -> bool:
    """CR 406.2 / 701.13. The exiled cards are linked to the object whose ability
    exiled them, for an ability that refers to "the exiled card" (CR 607.2a)."""

    if e.args.get("instead"):
        # "If that creature would die this turn, exile it instead" (CR 614.1a): a
        # replacement effect on the event, not an exile now
        return exile_if_dies_effect(ctx, e)
    moved = []
    owner = link_owner(ctx.obj)
    face_down = bool(e.args.get("face_down"))  # CR 406.3: "exile ... face down"
    rules = ("406.2", "406.3") if face_down else ("406.2",)
    objs = ctx.objects(e.args.get("what"))
    if e.args.get("from") == "graveyard":
        # "exile that card from your graveyard": not once it has left it (CR 400.7)
        objs = [o for o in objs if o.zone == Zone.GRAVEYARD]
    until_leaves = 0
    if e.args.get("until_source_leaves"):
        # "exile ... until this creature leaves the battlefield" (CR 610.3): if it has
        # already left, nothing is exiled at all (CR 610.3a-b)
        src = ctx.game.objects.get(owner)
        if src is None or src.zone != Zone.BATTLEFIELD:
            objs = []
        until_leaves = 1
        rules = (*rules, "610.3")
    if e.args.get("until_opponent_monarch"):
        # "exile ... until an opponent becomes the monarch" (Palace Jailer, CR 610.3,
        # 724): an opponent of this ability's controller
        rules = (*rules, "610.3")
    pairs = []
    with simultaneous(ctx.game, [o.id for o in objs]):  # "exile all ...": one event
        for o in objs:
            if e.args.get("until_opponent_monarch"):
                nid = exile_linked(ctx.game, o.id, owner, rules, until_monarch_of=ctx.controller)
            elif until_leaves:
                nid = exile_linked(ctx.game, o.id, owner, rules, until_leaves=1)
            else:
                nid = exile_linked(ctx.game, o.id, owner, rules, face_down=face_down)
            moved.append(nid)
            pairs.append([o.id, nid])
            if nid is not None:
                for other in left_with(ctx.game, nid):  # a melded permanent (CR 712.21c)
                    moved.append(other)
                    pairs.append([o.id, other])
    counters = e.args.get("counters")
    if isinstance(counters, tuple) and len(counters) == 2:
        # "Exile Reality Strobe with three time counters on it" (CR 122.1, 406.2; with
        # suspend, it's then suspended, 702.62b)
        kind, n = str(counters[0]), ctx.amount(counters[1])
        for nid in moved:
            card = ctx.game.objects.get(nid) if nid is not None else None
            if card is not None and card.zone == Zone.EXILE and n > 0:
                card.counters[kind] = card.counters.get(kind, 0) + n
                ctx.game.emit(
                    EventKind.COUNTERS,
                    ("122.1", "406.2"),
                    f"{card.name} is exiled with {n} {kind} counter(s) on it",
                    obj=card.id,
                    counter=kind,
                    amount=n,
                )
    if (
        ctx.task is not None
        and isinstance(e.args.get("what"), SelfRef)
        and all(m is None for m in moved)
    ):
        # "exile it. If you do, ..." (Archfiend's Vessel) after it has already left
        # the battlefield: it's a new object (CR 400.7), nothing was exiled, and "if
        # you do" is false (608.2c)
        ctx.task.data["short"] = True
    ctx.set_parent("it", moved)
    ctx.set_parent("exiled_from", pairs)  # which card each object became (CR 400.7)
    if ctx.task is not None:  # "the cards exiled this way" (CR 608.2c), for later instructions
        done = (ctx.task.data.get("parent") or {}).get("exiled") or []
        ctx.set_parent("exiled", [*done, *(m for m in moved if m is not None)])
        # "Exile all attacking creatures target player controls. That player may
        # search their library for that many basic land cards" (Settle the Wreckage):
        # how many this instruction exiled (CR 608.2c)
        ctx.set_parent("that_much", sum(1 for m in moved if m is not None))
    return True


@effect("return_to_hand")
def bounce(ctx: Ctx, e: Effect) -> bool:
    """ "Return ... to its owner's hand" (CR 400.3)."""
    objs = ctx.objects(e.args.get("what"))
    returned: list[int] = []
    with simultaneous(ctx.game, [o.id for o in objs]):  # "return all ...": one event
        for o in objs:
            if o.id in ctx.game.objects:
                new = move(
                    ctx.game, o.id, Zone.HAND, ("400.3",), reason="is returned to its owner's hand"
                )
                if new is not None:
                    returned.append(new)
    if ctx.task is not None:  # "for each Plains returned this way" (CR 608.2c, 400.7)
        done = (ctx.task.data.get("parent") or {}).get("returned") or []
        ctx.set_parent("returned", [*done, *returned])
        # "Return all cards exiled with Asmodeus to their owner's hand and you lose
        # that much life": how many were returned (CR 608.2c)
        ctx.set_parent("that_much", len(returned))
    return True


@effect("put_on_library")
def to_library(ctx: Ctx, e: Effect) -> bool:
    """ "Put ... on the top/bottom of its owner's library" (CR 401.1). Two or more
    cards of one owner put there at the same time go in the order that owner
    chooses (CR 401.4, rules/library_order.py)."""
    bottom = e.args.get("position") == "bottom"
    objs = ctx.objects(e.args.get("what"))
    rules: tuple[str, ...] = ("401.1",)
    if e.args.get("position") in ("owner_choice", "your_choice") and objs:
        # "Its owner puts it on their choice of the top or bottom of their library"
        # (Run Behind): the owner chooses; "put it on your choice of ... of its
        # owner's library" (Arashin Sovereign): the controller chooses (CR 608.2d)
        s = ctx.scratch
        chooser = objs[0].owner if e.args["position"] == "owner_choice" else ctx.controller
        if "where" not in s:
            if ctx.answer is None:
                ctx.ask(
                    DecisionKind.CHOOSE_OPTION,
                    "608.2d",
                    f"{ctx.obj.name}: put {objs[0].name} on the top or the bottom of its owner's library?",
                    {"options": ["top", "bottom"], "purpose": DecisionPurpose.CHOOSE},
                    player=chooser,
                )
                return False
            s["where"] = str(ctx.take_answer().value)
        bottom = s["where"] == "bottom"
        objs = objs[:1]
    if len(objs) > 1 and e.args.get("order") == "random":
        # "... in a random order": shuffled, not arranged by the owner (CR 401.4 doesn't apply)
        objs = list(objs)
        for i in range(len(objs) - 1, 0, -1):
            j = ctx.game.rng.randrange(i + 1)
            objs[i], objs[j] = objs[j], objs[i]
    elif len(objs) > 1 and e.args.get("position") in ("top", "bottom"):
        rules = ("401.1", "401.4")
        s = ctx.scratch if ctx.task is not None else {}
        if "objs" not in s:
            s["objs"] = [o.id for o in objs]
        ids = [i for i in s["objs"] if i in ctx.game.objects]
        owners = sorted({ctx.game.objects[i].owner for i in ids})
        ordered: list[int] = []
        for p in owners:  # (each owner orders their own cards)
            mine = [i for i in ids if ctx.game.objects[i].owner == p]
            got = choose_order(
                ctx, p, mine, "bottom" if bottom else "top", "401.4", key=f"order_{p}"
            )
            if got is None:
                return False
            ordered.extend(got)
        # moved one by one: to the top the bottommost first, to the bottom the topmost first
        objs = [ctx.game.objects[i] for i in (ordered if bottom else reversed(ordered))]
    nth = e.args.get("position")
    if isinstance(nth, int):
        # "second from the top", "third from the top" (CR 401.1): under that many
        # cards less one, or on the bottom of a library with fewer cards
        with simultaneous(ctx.game, [o.id for o in objs]):
            for o in objs:
                _put_nth_from_top(ctx.game, o, nth)
        return True
    with simultaneous(ctx.game, [o.id for o in objs]):  # one event (CR 603.2c, 603.10a)
        for o in objs:
            move(
                ctx.game,
                o.id,
                Zone.LIBRARY,
                rules,
                bottom=bottom,
                reason=f"is put on the {'bottom' if bottom else 'top'} of its owner's library",
            )
    return True


def _put_nth_from_top(game: Game, o: GameObject, nth: int) -> None:
    """CR 401.1: ``o`` becomes the ``nth`` card from the top of its owner's library
    (the library list's end is its top)."""
    library = game.zone_list(Zone.LIBRARY, o.owner)
    below = max(0, len(library) - (nth - 1))  # the cards that stay under it
    nid = move(
        game,
        o.id,
        Zone.LIBRARY,
        ("401.1",),
        reason=f"is put into its owner's library {_ORDINALS.get(nth, str(nth))} from the top",
    )
    if nid is None:
        return
    library = game.zone_list(Zone.LIBRARY, game.objects[nid].owner)
    if nid in library:
        library.remove(nid)
        library.insert(min(below, len(library)), nid)
        game.invalidate()


_ORDINALS: Final = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@effect("return_to_battlefield", "reanimate")
def to_battlefield(ctx: Ctx, e: Effect) -> bool:
    what = e.args.get("what")
    objs = ctx.objects(what)
    came: dict[int, int] = {}  # returned card -> the target it was (608.2c)
    if not objs and isinstance(what, SelfRef):
        # "Exile this Saga, then return it ...": the card this ability just moved
        # (CR 400.7: the ability can find the new object it became)
        objs = ctx.objects(ParentRef())
    elif not objs and isinstance(what, TargetRef) and ctx.task is not None:
        # "Exile target creature you control, then return that card to the
        # battlefield" (Cloudshift): the cards the exile just moved (CR 608.2c, 400.7)
        g = ctx.game
        targets = ctx.obj.targets[what.index] if what.index < len(ctx.obj.targets) else []
        pairs = (ctx.task.data.get("parent") or {}).get("exiled_from") or []
        came = {n: old for old, n in pairs if old in targets}
        objs = [g.objects[n] for n in ctx.exiled_targets(what)]
    elif isinstance(what, TargetRef | TriggerRef):
        # "Return target creature card ... to the battlefield. It gains haste", "return
        # it to the battlefield under your control. That creature is a black Zombie"
        # (Dread Slaver): later instructions find the permanent the card became (CR
        # 400.7j, 608.2c)
        came = {o.id: o.id for o in objs}
    if ctx.task is not None:
        # "Put all creature cards from all graveyards onto the battlefield": the cards
        # are those there as the instruction began; a creature sacrificed as one of
        # them enters (devour, 702.82a) isn't one (CR 608.2c). Resumed after a
        # choice, the ones not yet moved go on.
        g = ctx.game
        first = ctx.scratch.setdefault("objs", [o.id for o in objs])
        objs = [
            g.objects[i] for i in first if i in g.objects and g.objects[i].zone != Zone.BATTLEFIELD
        ]
    how = _how_they_enter(ctx, e, [(_new_controller(ctx, e, o), o.id) for o in objs])
    if how is None:
        return False  # waiting for what one attacks (CR 508.4)
    with simultaneous(ctx.game):  # "return all ...": they enter at once (CR 603.6a)
        return _enter_each(ctx, e, objs, came, how)


@effect("craft_return")
def craft_return(ctx: Ctx, e: Effect) -> bool:
    """ "Return this card to the battlefield transformed under its owner's control"
    (craft, CR 702.167a): the card the permanent became as the cost exiled it (CR
    400.7, ``paid["exiled"]``), with its back face up (712.14a); nothing if it has left
    exile (608.2b)."""
    exiled = [
        i
        for i in (ctx.obj.paid or {}).get("exiled") or ()
        if i in ctx.game.objects and ctx.game.objects[i].zone == Zone.EXILE
    ]
    args = {"what": BoundRef(tuple(exiled[:1])), "transformed": True, "rule": "702.167a"}
    return to_battlefield(ctx, Effect("return_to_battlefield", args))


def _new_controller(ctx: Ctx, e: Effect, o: GameObject) -> int:
    """ "Under your control" or, by default, its owner's (CR 110.2a)."""
    return ctx.controller if e.args.get("under") == "you" else o.owner


def _how_they_enter(ctx: Ctx, e: Effect, entering: list[tuple[int, int]]) -> dict | None:
    """What the instruction says about where the cards ``entering`` (controller, card)
    end up as they enter: "attached to that creature" (CR 303.4f: the object or
    player named as the instruction is followed; nothing when it's gone), and
    "tapped and attacking" (CR 508.4: each one's controller chooses what it attacks,
    before it enters). None while a choice is pending; kept in the scratch space."""
    s = ctx.scratch
    if "how" in s:
        return s["how"]
    how: dict = {"attack": {}}
    to = e.args.get("attached_to")
    if to is not None:
        refs = ctx.refs(to)
        if not refs and isinstance(to, SelfRef):
            # "Return this card ... to the battlefield. You may put an Aura card ...
            # onto the battlefield attached to it" (Evershrike): the permanent it
            # became (CR 400.7, 608.2c)
            refs = ctx.refs(ParentRef())
        how["attach"] = tuple(refs)[:1]
    if e.args.get("tapped_attacking") or e.args.get("attacking"):
        chosen = choose_defenders(ctx, [p for p, _ in entering], 1, noun="creature")
        if chosen is None:
            return None
        how["attack"] = {oid: d for (_, oid), d in zip(entering, chosen, strict=True)}
    s["how"] = how
    return how


def _enter_attacking(ctx: Ctx, how: dict, oid: int, entered: int | None) -> None:
    if entered is not None and oid in how["attack"]:
        enter_attacking(ctx, entered, how["attack"][oid])  # CR 508.4


def _enter_each(
    ctx: Ctx, e: Effect, objs: list[GameObject], came: dict[int, int], how: dict
) -> bool:
    transformed = bool(e.args.get("transformed"))
    tapped = bool(e.args.get("tapped") or e.args.get("tapped_attacking"))
    for o in objs:
        if transformed and (len(o.card.faces) < 2 or o.card.data.layout != "transform"):
            # CR 712.14a: a card that isn't a double-faced card stays where it is
            ctx.game.emit(
                EventKind.NO_EFFECT,
                ("712.14a",),
                f"{o.name} can't be put onto the battlefield transformed",
            )
            continue
        controller = _new_controller(ctx, e, o)
        # CR 712.14a: "transformed": it enters with its back face up
        depth = len(ctx.game.tasks)
        extra: dict = {"face": 1, "rules": ("403.1", "712.14a")} if transformed else {}
        if e.args.get("face_down"):
            extra.update(_face_down_entry(ctx, e))  # CR 708.2, 708.3
        entered = enter_battlefield(
            ctx.game,
            o.id,
            controller=controller,
            tapped=tapped,
            counters=_counters(e.args.get("counters")),
            together=[x.id for x in objs],  # CR 614.13a
            attach=how.get("attach"),
            **extra,
        )
        _enter_attacking(ctx, how, o.id, entered)
        if isinstance(entered, int) and ctx.task is not None:
            ctx.scratch.setdefault("entered", []).append(entered)
            if came:  # "put a +1/+1 counter on it": the returned permanent (608.2c)
                followed = ctx.scratch.setdefault("followed", [])
                followed.append([came[o.id], entered])
                ctx.set_parent("followed", followed)
        if entered is None and len(ctx.game.tasks) > depth:
            # a choice as it enters (amplify, CR 614.12): that task finishes this
            # card; the others follow when this instruction resumes (they're still
            # where they were, so they're found again)
            return False
    if objs and ctx.task is not None:
        # "put all cards exiled with this creature onto the battlefield. They gain
        # haste": the new permanents (CR 400.7, 608.2c)
        ctx.set_parent("it", list(ctx.scratch.get("entered", ())))
    return True


def _face_down_entry(ctx: Ctx, e: Effect) -> dict:
    """ "put it onto the battlefield face down. It's a 3/3 creature with ...": it
    enters face down (CR 708.3) with the characteristics the effect lists, or as a
    2/2 with no text when it lists none (CR 708.2a); a name noted by an earlier
    instruction stays with it (CR 607.2)."""
    chosen: dict = {}
    values = e.args.get("face_down_values")
    if values:
        chosen["face_down_values"] = values
    parent = (ctx.task.data.get("parent") or {}) if ctx.task is not None else {}
    if parent.get("noted_name"):
        chosen["noted_name"] = parent["noted_name"]
    return {"face_down": "effect", "chosen": chosen, "rules": ("403.1", "708.3")}


def _counters(value: object) -> dict[str, int] | None:
    """'with a +1/+1 counter on it': a mapping, or the compiler's ``("+1/+1", 1)``."""
    if isinstance(value, dict):
        return {str(k): int(n) for k, n in value.items()} or None
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], int):
        return {str(value[0]): value[1]}
    return None


def _choose_up_to(
    ctx: Ctx,
    player: int,
    choices: list[int],
    n: int,
    rule: str = "701.21a",
    what: str = "permanent(s) to sacrifice",
    purpose: DecisionPurpose = DecisionPurpose.SACRIFICE,
) -> list[int] | None:
    """ "Sacrifice any number of creatures" (CR 701.21a), "put up to X land cards from
    your hand onto the battlefield" (608.2d): the player chooses from none up to ``n``
    of them; None while the decision is pending."""
    if not choices:
        return []
    if ctx.answer is None:
        ctx.ask(
            DecisionKind.CHOOSE_OBJECTS,
            rule,
            f"Choose up to {min(n, len(choices))} {what}",
            {
                "candidates": choices,
                "min": 0,
                "max": min(n, len(choices)),
                "purpose": purpose,
            },
            player=player,
        )
        return None
    return list(ctx.take_answer().objects)


@effect("sacrifice")
def sacrifice_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 701.21a: each affected player chooses what to sacrifice."""
    g = ctx.game
    if "what" in e.args:
        # "sacrifice this creature", "sacrifice it": those permanents, if their
        # controller is the sacrificing player (CR 701.21a)
        players = set(ctx.players(e.args.get("player"))) or {ctx.controller}
        mine = [
            o.id
            for o in ctx.objects(e.args["what"])
            if o.zone == Zone.BATTLEFIELD and o.controller in players
        ]
        recs = [lki_record(g, g.objects[oid]) for oid in mine]  # (CR 608.2h)
        with simultaneous(g, mine):  # CR 603.10a: one event
            for oid in mine:
                sacrifice(g, oid)
        ctx.set_parent("sacrificed", recs)
        ctx.set_parent("that_much", len(recs))  # "... that many" (CR 608.2c)
        return True
    flt = e.args.get("filter")
    every = e.args.get("amount") == "all"  # "sacrifices all creatures they control"
    n = 0 if every else ctx.count(e.args.get("amount", 1))
    s = ctx.scratch
    if "players" not in s:
        s["players"] = ctx.players(e.args.get("player"))
    if flt is not None and has_that_player(flt):
        # "they control", "the greatest power among creatures they control": as seen
        # by each sacrificing player (CR 608.2c)
        flt = that_player_as(flt, "you")
    if flt is not None and any(k in AS_THAT_OBJECT for k, _ in flt.conditions):
        # "a permanent that shares a card type with it": that object's types now
        flt = ctx.concrete(flt)
    while s["players"]:
        p = s["players"][0]
        choices = (
            [o.id for o in objects_matching(g, flt, p, ctx.source) if o.controller == p]
            if flt
            else []
        )
        if e.args.get("up_to") and not every:
            # "sacrifice any number of permanents", "up to N" (CR 701.21a): any number
            # from none to N of them
            chosen = _choose_up_to(ctx, p, choices, n)
        else:
            chosen = (
                choices
                if every
                else ctx.choose_exactly(
                    p,
                    choices,
                    n,
                    "701.21a",
                    f"Choose {n} permanent(s) to sacrifice",
                    DecisionPurpose.SACRIFICE,
                )
            )
        if chosen is None:
            return False
        s.setdefault("chosen", []).extend(chosen)
        s["players"].pop(0)
    # CR 701.21a, 603.10a: each player chooses, then all are sacrificed at once
    ids = [oid for oid in s.pop("chosen", ()) if oid in g.objects]
    if not every and not e.args.get("up_to") and len(ids) < n and ctx.task is not None:
        ctx.task.data["short"] = True  # not that many to sacrifice: "if you do" is false
    sacrificed = []
    with simultaneous(g, ids):
        for oid in ids:
            if g.objects[oid].zone == Zone.BATTLEFIELD:
                # "for each creature sacrificed this way" (CR 608.2h: as it last existed)
                sacrificed.append(lki_record(g, g.objects[oid]))
                sacrifice(g, oid)
    ctx.set_parent("sacrificed", sacrificed)
    # "Sacrifice any number of lands. Search your library for up to that many land
    # cards" (Scapeshift): how many were sacrificed (CR 608.2c)
    ctx.set_parent("that_much", len(sacrificed))
    return True


@effect("shuffle_into_library")
def shuffle_into(ctx: Ctx, e: Effect) -> bool:
    owners = set()
    objs = ctx.objects(e.args.get("what"))
    shuffled = 0
    with simultaneous(ctx.game, [o.id for o in objs]):  # one event (CR 603.2c, 603.10a)
        for o in objs:
            owners.add(o.owner)
            if (
                move(
                    ctx.game,
                    o.id,
                    Zone.LIBRARY,
                    ("701.24",),
                    reason="is shuffled into its owner's library",
                )
                is not None
            ):
                shuffled += 1
    for p in owners:
        shuffle_library(ctx.game, p)
    if ctx.task is not None:
        # "Shuffle any number of cards from your hand into your library, then draw
        # that many cards" (Credit Voucher): how many were shuffled in (CR 608.2c)
        ctx.set_parent("that_much", shuffled)
    return True


@effect("shuffle_hand_and_graveyard_into_library")
def shuffle_hand_and_graveyard(ctx: Ctx, e: Effect) -> bool:
    """ "Each player shuffles their hand and graveyard into their library"
    (Timetwister): every card of each player's hand and graveyard goes to its
    owner's library at once, then each of those players shuffles (CR 701.24a)."""
    return _shuffle_zones_into_library(ctx, e, with_hand=True)


@effect("shuffle_graveyard_into_library")
def shuffle_graveyard(ctx: Ctx, e: Effect) -> bool:
    """ "Target player shuffles their graveyard into their library" (Reminisce,
    Feldon's Cane, Mnemonic Nexus; CR 701.24a)."""
    return _shuffle_zones_into_library(ctx, e, with_hand=False)


def _shuffle_zones_into_library(ctx: Ctx, e: Effect, with_hand: bool) -> bool:
    g = ctx.game
    players = ctx.players(e.args.get("player"))
    ids = [
        oid
        for p in players
        for oid in (*(g.players[p].hand if with_hand else ()), *g.players[p].graveyard)
    ]
    with simultaneous(g, ids):  # one event (CR 603.2c, 603.10a)
        for oid in ids:
            move(g, oid, Zone.LIBRARY, ("701.24a",), reason="is shuffled into its owner's library")
    for p in players:
        shuffle_library(g, p)
    return True


@effect("exile_if_dies")
def exile_if_dies_effect(ctx: Ctx, e: Effect) -> bool:
    """Create the "exile it instead if it would die this turn" effect (CR 614.1a, 611.2c);
    "if a creature would die this turn" (``filter``): of every creature, as each
    would die (it changes no characteristic, so later ones too, CR 611.2c)."""
    flt = e.args.get("filter")
    if flt is not None:
        g = ctx.game
        args = {"by": ctx.source.name, "filter": flt}
        duration = e.args.get("duration") or "end_of_turn"
        ce = ContinuousEffect(
            "r",
            g.new_timestamp(),
            ctx.source.id,
            ctx.controller,
            (),
            "exile_if_dies",
            args,
            duration,
        )
        g.effects = [*g.effects, ce]
        g.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("614.1a", "611.2c"),
            f"{ctx.source.name}: if a creature would die this turn, it's exiled instead",
        )
        return True
    objs = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    add_continuous(
        ctx,
        objs,
        "r",
        "exile_if_dies",
        {"by": ctx.source.name},
        e.args.get("duration") or "end_of_turn",
    )
    return True


@effect("exile_if_leaves")
def exile_if_leaves_effect(ctx: Ctx, e: Effect) -> bool:
    """ "If it would leave the battlefield, exile it instead of putting it anywhere
    else" (CR 614.1a; unearth 702.84a): a replacement effect on that permanent for
    as long as it is that object (CR 400.7, 611.2c)."""
    objs = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    args = {"by": ctx.source.name, "rule": str(e.args.get("rule") or "")}
    add_continuous(ctx, objs, "r", "exile_if_leaves", args, "permanent")
    return True


#: where "put a ... card from [zone] onto the battlefield" finds its cards
PUT_ZONES: Final[dict[str, tuple[int, ...]]] = {
    "hand": (Zone.HAND,),
    "graveyard": (Zone.GRAVEYARD,),
    "hand_or_graveyard": (Zone.HAND, Zone.GRAVEYARD),
}


@effect("put_onto_battlefield")
def put_onto_battlefield(ctx: Ctx, e: Effect) -> bool:
    """ "You may put a land card from your hand onto the battlefield", "Each player
    puts a creature card from their graveyard onto the battlefield": each player the
    instruction names chooses that many matching cards of their own as it is
    followed (CR 608.2d, in turn order, 101.4), then the chosen cards enter at the
    same time (CR 603.6a) under the control of the player who put them there
    (CR 110.2a). A player with fewer matching cards puts what they have (CR 609.3)."""
    g = ctx.game
    flt: Filter = e.args.get("filter") or Filter()
    zones = PUT_ZONES.get(flt.zone, ())
    n = ctx.count(e.args.get("amount", 1))
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    s = ctx.scratch
    picks: list[list[int]] = s.setdefault("picks", [])
    while len(picks) < len(players):
        p = players[len(picks)]
        # "their graveyard", "that player's hand": the player choosing (CR 608.2c)
        mine = that_player_as(flt, "you")
        mine = Filter(mine.kinds, mine.zone, ctx.concrete(mine).conditions)
        if flt.zone == "any" and exiled_with_source(flt):
            # "put a creature card exiled with this permanent onto the battlefield
            # under your control": the cards in exile linked to the source, whoever
            # owns them (CR 607.2a, 406.6)
            cands = [o.id for o in objects_matching(g, _in_zone(mine, Zone.EXILE), p, ctx.source)]
        else:
            cands = [
                oid
                for z in zones
                for oid in g.zone_list(z, p)
                if matches_object(g, g.objects[oid], _in_zone(mine, z), p, ctx.source)
            ]
        if e.args.get("up_to"):
            got = (
                _choose_up_to(
                    ctx,
                    p,
                    cands,
                    n,
                    "608.2d",
                    "card(s) to put onto the battlefield",
                    DecisionPurpose.CHOOSE,
                )
                if n > 0
                else []
            )
        else:
            got = ctx.choose_exactly(
                p,
                cands,
                min(n, len(cands)),
                "608.2d",
                f"{ctx.obj.name}: choose {n} card(s) to put onto the battlefield",
                DecisionPurpose.CHOOSE,
            )
        if got is None:
            return False
        picks.append([oid for oid in got if oid in cands][:n])
    entered: list[int] = []
    chosen = [(players[i], oid) for i, ids in enumerate(picks) for oid in ids]
    unders = [
        (g.objects[oid].owner if e.args.get("under") == "owner" else p, oid)
        for p, oid in chosen
        if oid in g.objects
    ]
    how = _how_they_enter(ctx, e, unders)
    if how is None:
        return False  # waiting for what one attacks (CR 508.4)
    tapped = bool(e.args.get("tapped") or e.args.get("tapped_attacking"))
    with simultaneous(g, [oid for _, oid in chosen]):
        for under, oid in unders:
            nid = enter_battlefield(
                g,
                oid,
                controller=under,
                rules=("110.2a", "608.2d"),
                tapped=tapped,
                # "with a finality counter on it" (CR 122.6: it enters with them)
                counters=_counters(e.args.get("counters")),
                together=[i for _, i in chosen],  # CR 614.13a
                attach=how.get("attach"),
            )
            _enter_attacking(ctx, how, oid, nid)
            if nid is not None:
                entered.append(nid)
    ctx.set_parent("it", entered)  # "it gains haste" (CR 608.2c)
    return True


def _in_zone(flt: Filter, zone: int) -> Filter:
    """``flt`` looking in one zone (a "hand or graveyard" search looks in each)."""
    return Filter(flt.kinds, Zone.NAMES[zone], flt.conditions)


def _return_when_source_leaves(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 610.3: a card exiled "until [this object] leaves the battlefield" returns
    to its previous zone immediately after that object leaves (a one-shot effect
    with a duration, not a triggered ability): a permanent to the battlefield under
    its owner's control (610.3c), a card from a hand to its owner's hand."""
    if ev.data.get("from_zone") != "battlefield":
        return
    old = ev.data.get("old", -1)
    back = [o for o in exiled_with(game, old) if o.links and o.links.get("until_leaves")]
    for o in back:
        _return_from_exile(game, o, ("610.3",))


def _return_from_exile(game: Game, o: GameObject, rules: tuple[str, ...]) -> None:
    """CR 610.3: the card returns to its previous zone: a permanent to the
    battlefield under its owner's control (610.3c), a card from a hand to its
    owner's hand."""
    if o.id not in game.objects or o.zone != Zone.EXILE:
        return
    came_from = (o.links or {}).get("from_zone", Zone.BATTLEFIELD)
    if came_from == Zone.BATTLEFIELD:
        enter_battlefield(game, o.id, controller=o.owner, rules=(*rules, "610.3c"))
    else:
        where = Zone.NAMES[came_from]
        move(game, o.id, came_from, rules, reason=f"returns from exile to its owner's {where}")


def _return_when_opponent_monarch(game: Game, ev: Event, subject: GameObject | None) -> None:
    """Palace Jailer: a card exiled "until an opponent becomes the monarch" returns
    as an opponent of that ability's controller becomes the monarch (CR 610.3, 724)."""
    who = ev.data.get("player")
    if not isinstance(who, int) or who < 0:
        return
    back = [
        game.objects[oid]
        for oid in game.exile
        if (links := game.objects[oid].links)
        and isinstance(links.get("until_monarch_of"), int)
        and who in game.opponents(links["until_monarch_of"])
    ]
    for o in back:
        _return_from_exile(game, o, ("610.3", "724.3"))


on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("battlefield", None)])(
    _return_when_source_leaves
)
on_event(EventKind.MONARCH, rules=True)(_return_when_opponent_monarch)
register(
    "arg:exile.until_source_leaves",
    "arg:exile.from",
    "arg:exile.until_opponent_monarch",
    "arg:exile.counters",
)
