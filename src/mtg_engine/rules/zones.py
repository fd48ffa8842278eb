"""Moving objects between zones (CR 400), shuffling (CR 701.24), milling (CR 701.17).

Drawing (CR 121) is rules/drawing.py.

CR 400.7: an object that moves from one zone to another becomes a new object
with no memory of its previous existence. :func:`move` creates that new
object (new id, same ``card_uid``), resets its status, logs the move with its
rule and lets triggers look back at the object that left (CR 603.10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..game.events import EventKind, ZoneChangeData
from ..game.objects import ABILITY_KINDS, GameObject, Zone
from ..game.records import ContinuousEffect
from .bestowed import cease_bestowed, is_bestowed
from .characteristics import chars, remember_chars
from .layers import source_left
from .pipeline import THEN_HOOKS, cited, move_watched, notes, performer, propose, refused
from .simultaneous import attached_before, last_known, lki_record, simultaneous

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.state import Game


#: the proposed move nothing modified, as :func:`move` reads it (never changed)
_UNMODIFIED: Final[dict[str, Any]] = {}


def move(
    game: Game,
    oid: int,
    to_zone: int,
    rules: tuple[str, ...] = ("400.7",),
    reason: str = "",
    bottom: bool = False,
    controller: int | None = None,
    tapped: bool = False,
    quiet: bool = False,
    cause: str = "",
    event: dict[str, Any] | None = None,
    by: int | None = None,
) -> int | None:
    """Move an object to a zone; returns the new object's id (None if it ceased to
    exist, or when a choice of replacement order is pending, CR 616.1).

    Cards go to their owner's library, hand or graveyard (CR 400.3). ``cause``
    names the keyword action that moves it, for abilities that watch for it:
    "discard" (CR 701.9a), "sacrifice" (701.21a), or "resolved" (a spell put
    into the graveyard as the last step of its resolution, 608.2n). It is the
    event's ``cause``; ``by`` is the player who controls the spell or ability that
    moves it, when one does ("a spell or ability an opponent controls causes you to
    discard this card"). The move is proposed first (CR 614-616,
    rules/pipeline.py): "instead" effects change where it goes before anything moves.
    """
    old = game.objects[oid]
    from_zone = old.zone
    if old.stack_kind in ABILITY_KINDS:
        # CR 112.1, 113.1c: an ability on the stack is an object but not a card: no
        # effect puts it into a hand, a library, a graveyard or exile (it would be a
        # card from nothing); it leaves the stack only by resolving or being removed
        return None
    if event is None:
        if move_watched(game, from_zone, to_zone):
            proposed = zone_event(
                game, old, to_zone, rules, reason, bottom, controller, tapped, quiet, cause
            )
            if by is not None:
                proposed["by"] = by
            event = propose(game, proposed)
            if event is None:
                return None  # CR 616.1: the affected player chooses the order first
        else:
            # nothing could modify or forbid the move (the usual case): the event
            # proposed would come back as it went, so it isn't built
            event = _UNMODIFIED if by is None else {"by": by}
    if event.get("cancelled"):
        if event.get("forbidden"):
            refused(game, event, ("614.17d",), obj=oid)  # CR 101.2: "can't enter"
        return None
    how = event.get("how", "")
    if event.get("applied"):  # CR 614.6: the modified event replaces the original
        to_zone, bottom = event["to"], event["bottom"]
        controller = event["args"][2]  # (under whose control it enters, CR 616.1b)
        rules = cited(event, rules)
        reason = f"would {_would(game, old, event)}; {notes(event)}"
        # a then-hook logs the event it still is ("enters tapped", rules/replacement.py)
        quiet = quiet and bool(event.get("logged_by")) and to_zone == event["orig_to"]
    lki = None
    attached: list[int] = []
    #: "attacking" / "blocking" as it left combat (CR 506.4): "if it was attacking"
    #: of a leaves-the-battlefield trigger looks back (603.10a)
    in_combat = ""
    if from_zone == Zone.BATTLEFIELD:
        combat = game.combat
        if combat is not None:
            in_combat = (
                "attacking"
                if oid in combat.attackers
                else "blocking"
                if oid in combat.blockers
                else ""
            )
        # CR 603.10a: leaves-the-battlefield abilities look back at the permanent as it
        # last existed on the battlefield (before the effects that ended with it, 611.2b)
        # (as it was just before a simultaneous event it leaves in: rules/simultaneous.py)
        lki = last_known(game, old)
        if game.stack:
            _remember_source(game, old)
        # the Auras and Equipment attached to it as it last existed ("whenever equipped
        # creature dies", CR 603.10a); _leave unattaches them
        attached = attached_before(game, oid)
        if attached:
            # "Equipment attached to that creature" after it left: as it last existed (608.2h)
            game.turn_flags.left_attached[oid] = tuple(attached)
        if old.attached_to is not None:
            # what this Aura enchanted as it left: its "enchanted creature" from now on (608.2h)
            game.turn_flags.left_attached_to[oid] = old.attached_to
        game.battlefield.remove(oid)
        leave_battlefield(game, old)
    else:
        game.zone_list(from_zone, old.owner).remove(oid)
        if from_zone == Zone.STACK:
            # the spell as it last existed on the stack, for an instruction that
            # copies it after it's gone (CR 608.2h, 707.10; rules/copy.py)
            game.turn_flags.left_stack[oid] = old
    new_id = game.new_id()
    new = GameObject(new_id, old.card_uid, old.card, old.owner, to_zone)
    new.is_token = old.is_token
    new.timestamp = game.new_timestamp()
    if to_zone == Zone.BATTLEFIELD:
        new.face = old.face
        new.controller = old.owner if controller is None else controller
        new.controlled_since = game.turn
        new.tapped = tapped
    elif to_zone == Zone.STACK:
        new.face = old.face
        new.controller = old.controller if controller is None else controller
    # (elsewhere a double-faced card has its front face up, CR 712.8a: face 0, as made)
    del game.objects[oid]
    game.objects[new_id] = new
    if from_zone == Zone.STACK and to_zone == Zone.BATTLEFIELD and game.effects:
        _follow_permanent_spell(game, oid, new_id)
    game.uid_to_obj[old.card_uid] = new_id
    zl = game.zone_list(to_zone, new.owner)
    if bottom:
        zl.insert(0, new_id)
    else:
        zl.append(new_id)
    game.invalidate(from_zone, to_zone, new_id, oid)
    if lki is not None:
        remember_chars(game, old, lki)  # the old id is never reused (CR 400.7)
    if how == "shuffle":
        shuffle_library(game, new.owner)
    if not quiet:
        text = f"{old.name} moves from {Zone.NAMES[from_zone]} to {Zone.NAMES[to_zone]}"
        if reason:
            text = f"{old.name} {reason}"
        data: ZoneChangeData = {
            "obj": new_id,
            "old": oid,
            "card": old.name,
            "from_zone": Zone.NAMES[from_zone],
            "to_zone": Zone.NAMES[to_zone],
            "controller": old.controller,
        }
        if attached:
            data["attached"] = attached
        if from_zone == Zone.BATTLEFIELD and old.attached_to is not None:
            # what it was attached to as it left: "whenever this Equipment becomes
            # unattached from a permanent" looks back (CR 603.10c)
            data["attached_to"] = old.attached_to
        if cause:
            data["cause"] = cause
        if in_combat:
            data["in_combat"] = in_combat
        if event.get("by") is not None:
            data["by"] = event["by"]
        game.emit(EventKind.ZONE_CHANGE, rules, text, old, **data)
    for name in event.get("then") or ():
        THEN_HOOKS[name](game, event, new_id)  # e.g. madness's trigger (CR 702.35a)
    return new_id


def _remember_source(game: Game, old: GameObject) -> None:
    """CR 113.7a, 608.2h: an ability on the stack whose source leaves the battlefield
    still resolves, and what it says about its source ("damage equal to the number of
    quest counters on it", the lifelink of the source dealing it) uses the source as
    it last existed there: record that on each such ability (plain data, which a
    copy of the game keeps), unless it already looks back at an earlier source."""
    for sid in game.stack:
        so = game.objects.get(sid)
        if so is None or so.source_id != old.id or so.stack_kind not in ABILITY_KINDS:
            continue
        td = so.trigger_data
        if td is not None and "source_lki" in td:
            continue
        so.trigger_data = {**(td or {}), "source_lki": lki_record(game, old)}
        if old.chosen:
            # "return target card of the chosen type" of a source sacrificed to pay
            # the cost (Dawn-Blessed Pennant): the choice as it last existed (CR
            # 607.2a, 608.2h); the ability stands for its gone source (Ctx.source)
            so.chosen = {**old.chosen, **(so.chosen or {})}


def zone_event(
    game: Game,
    old: GameObject,
    to_zone: int,
    rules: tuple[str, ...],
    reason: str,
    bottom: bool,
    controller: int | None,
    tapped: bool,
    quiet: bool,
    cause: str,
) -> dict[str, Any]:
    """The proposed event "``old`` moves to ``to_zone``" (plain data, CR 614.6)."""
    if not cause and reason.startswith("is discarded"):
        cause = "discard"
    return {
        "kind": EventKind.ZONE_CHANGE,
        "obj": old.id,
        "from": old.zone,
        "to": to_zone,
        "orig_to": to_zone,
        "bottom": bottom,
        "cause": cause,
        # CR 616.1: the controller of the affected object chooses (its owner off the
        # battlefield and the stack)
        "player": old.controller if old.zone in (Zone.BATTLEFIELD, Zone.STACK) else old.owner,
        "what": f"{old.name} moves to {Zone.NAMES[to_zone]}",
        "args": [list(rules), reason, controller, tapped, quiet],
    }


@performer(EventKind.ZONE_CHANGE)
def _perform(game: Game, ev: dict[str, Any]) -> int | None:
    """Move an object after its replacement effects were chosen (CR 616.1)."""
    if ev["obj"] not in game.objects:
        return None
    rules, reason, controller, tapped, quiet = ev["args"]
    return move(
        game,
        ev["obj"],
        ev["to"],
        tuple(rules),
        reason,
        ev["bottom"],
        controller,
        tapped,
        quiet,
        ev["cause"],
        event=ev,
    )


def _would(game: Game, old: GameObject, ev: dict[str, Any]) -> str:
    """What the original event was, for the log ("would die", CR 700.4)."""
    reason = ev["args"][1]
    to = ev["orig_to"]
    if (
        ev["from"] == Zone.BATTLEFIELD
        and to == Zone.GRAVEYARD
        and "Creature" in chars(game, old).types
    ):
        return "die"
    if reason.startswith("is "):
        return "be " + reason[3:]
    if ev["from"] == Zone.STACK:
        return f"leave the stack for its owner's {Zone.NAMES[to]}"
    return f"be put into {Zone.NAMES[to]}"


def is_discard(ev: Event) -> bool:
    """A move from hand that is a discard (CR 701.9a): to the graveyard, or to
    exile when madness replaced where it went (702.35a: still a discard)."""
    d = ev.data
    return d.get("from_zone") == "hand" and d.get("cause") == "discard"


def is_mill(ev: Event) -> bool:
    """A move from library to graveyard that is a mill (CR 701.17a); a card a
    replacement effect sent elsewhere wasn't put into the graveyard, so wasn't milled
    (701.17c finds a milled card where it went)."""
    d = ev.data
    return (
        d.get("cause") == "mill"
        and d.get("from_zone") == "library"
        and d.get("to_zone") == "graveyard"
    )


def _follow_permanent_spell(game: Game, old_id: int, new_id: int) -> None:
    """CR 400.7a: effects from spells and abilities that changed the characteristics
    or controller of a permanent spell continue to apply to the permanent it becomes."""

    for i, e in enumerate(game.effects):
        if old_id in e.affected:
            affected = tuple(new_id if x == old_id else x for x in e.affected)
            game.effects[i] = ContinuousEffect(
                e.layer, e.timestamp, e.source, e.controller, affected, e.op, e.args, e.duration
            )


def becomes_unattached(game: Game, o: GameObject, rules: tuple[str, ...], text: str = "") -> None:
    """An Aura, Equipment or Fortification stops being attached to the permanent it
    was attached to, which stays on the battlefield (CR 701.3d: equipped to another,
    moved by an effect, 704.5n): the event "becomes unattached from a permanent"
    triggers on (603.10c), naming that permanent."""
    was = o.attached_to
    o.attached_to = None
    game.invalidate()
    if was is None:
        return
    name = game.objects[was].name if was in game.objects else "a permanent"
    game.emit(
        EventKind.UNATTACH,
        rules,
        text or f"{o.name} becomes unattached from {name}",
        obj=was,
        attachment=o.id,
    )


def leave_battlefield(game: Game, old: GameObject) -> None:
    """Bookkeeping when a permanent leaves the battlefield (CR 400.7, 506.4, 301.5c)."""
    if old.zone != Zone.BATTLEFIELD:
        return
    combat = game.combat
    if combat is not None:
        # CR 506.4: a permanent that leaves the battlefield is removed from combat
        combat.attackers.pop(old.id, None)
        blocking = combat.blockers.pop(old.id, None)
        if blocking:
            combat.left_blocking[old.id] = blocking  # its last known information (113.7a)
    # attached objects become unattached; state-based actions deal with them (CR 704.5m-n)
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.attached_to == old.id:
            o.attached_to = None
            if is_bestowed(o):
                # CR 702.103f: an unattached bestowed Aura ceases to be bestowed
                cease_bestowed(game, o)
                game.emit(
                    EventKind.CONTINUOUS_EFFECT,
                    ("702.103f",),
                    f"{o.name} is no longer bestowed: it's an enchantment creature",
                    obj=oid,
                )
    # effects that affected only this object, or lasted as long as it stayed,
    # end with it (CR 611.2b-c, 400.7); control is recomputed (CR 613.1b)
    source_left(game, old.id)


def shuffle_library(game: Game, player: int) -> None:
    """CR 701.24a: randomize the library, using the game's seeded generator."""
    game.rng.shuffle(game.players[player].library)
    game.emit(
        EventKind.SHUFFLE,
        ("701.24a",),
        f"{game.players[player].name} shuffles their library",
        player=player,
    )


def mill(game: Game, player: int, n: int) -> list[int]:
    """CR 701.17a: put the top ``n`` cards of the library into the graveyard; the
    milled cards' new objects (for "the milled card", 608.2c)."""
    p = game.players[player]
    milled: list[int] = []
    with simultaneous(game):  # the cards milled at once: one event (CR 603.2c)
        for _ in range(n):
            # milling is not drawing (CR 701.17a, 121.1): only the zone change of each
            # card is proposed, by move()
            if not p.library:
                break
            new_id = move(
                game,
                p.library[-1],
                Zone.GRAVEYARD,
                ("701.17a",),
                reason="is milled",
                cause="mill",  # ("whenever a player mills a nonland card": is_mill)
            )
            if new_id is not None:
                milled.append(new_id)
    return milled
