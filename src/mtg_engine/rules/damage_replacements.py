"""Replacement and prevention effects on damage (CR 614.1a, 615, 122.1c, 702.16e).

Registered with the event pipeline (rules/pipeline.py) for ``damage`` events:

* prevention effects of resolved spells and abilities ("Prevent all combat
  damage that would be dealt this turn", "Prevent the next 3 damage that would
  be dealt to any target this turn"): a shield of N is used up by what it
  prevents (615.7);
* protection: damage from a source with the stated quality is prevented
  (702.16e);
* a shield counter: "If damage would be dealt to this permanent, prevent that
  damage and remove a shield counter from it" (122.1c, a prevention effect);
* "If a source would deal damage to a permanent or player, it deals double
  that damage to that permanent or player instead" (Furnace of Rath;
  ``double_damage``, 614.1a), and "it deals that much damage plus 2 instead"
  (Torbran; ``damage_plus``);
* redirection (614.9): "All damage that would be dealt to you [and other
  permanents you control] is dealt to [this creature | enchanted creature]
  instead" (Pariah, Palisade Giant; ``redirect_damage``);
* "Damage can't be prevented" (615.12): prevention effects don't apply — a
  static ability (``cant_prevent_damage``) or an effect lasting this turn
  (``damage_cant_be_prevented``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Filter, SelfRef, StaticEffect
from ..game.actions import ref_player
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject, Zone
from .characteristics import chars
from .conditions import evaluate
from .damage import source_keywords
from .filters import enchanted_player, is_unblocked, matches_object
from .pipeline import (
    Replacement,
    affects_player,
    replacement_finder,
    static_replacement,
    static_sources,
)
from .player_keywords import player_protected_from, players_may_have_keywords
from .prevention_then import then_record
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game


def prevention_disabled(game: Game, ev: dict[str, Any] | None = None) -> bool:
    """CR 615.12: "damage can't be prevented" — prevention effects don't apply; to
    all damage, or to the damage of one instruction ("The damage can't be
    prevented.", the event's ``unpreventable``)."""
    if ev is not None and ev.get("unpreventable"):
        return True
    if any(e.op == "damage_cant_be_prevented" for e in game.effects):
        return True
    return bool(static_sources(game, "cant_prevent_damage"))


def _prevent(
    n: int | None,
    name: str,
    shield_ts: int | None = None,
    then: dict[str, Any] | None = None,
    half: bool = False,
) -> Any:
    """Prevent ``n`` of the damage (all with None; with ``half``, half of it rounded
    down); ``then``: what the effect does afterward with the damage it prevented (CR
    615.5, rules/prevention_then.py)."""

    def apply(game: Game, ev: dict[str, Any]) -> str:
        amount = int(ev["amount"])
        k = amount if n is None else min(amount, n)
        if half:
            k = amount // 2  # "prevent half that damage, rounded down"
        ev["amount"] = amount - k
        ev["prevented_amount"] = int(ev.get("prevented_amount", 0)) + k  # (CR 615.13)
        if shield_ts is not None:
            ev.setdefault("shields", []).append([shield_ts, k])
        if then is not None and k > 0:
            ev.setdefault("prevented_then", []).append({**then, "prevented": k})
        return f"{name} prevents {k} damage"

    return apply


@replacement_finder(EventKind.DAMAGE)
def prevention_effects(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 615.1, 615.7: prevention effects from resolved spells and abilities,
    and protection (702.16e)."""
    out: list[Replacement] = []
    if ev["amount"] <= 0:
        return out
    src, to = ev["source"], ev["to"]
    target = game.objects.get(to) if to >= 0 else None
    if prevention_disabled(game, ev):
        return out
    if target is not None and target.counters.get("shield"):
        # CR 122.1c: "prevent that damage and remove a shield counter from it"
        out.append(
            Replacement(
                "shield_counter", "a shield counter", ("122.1c", "615.1"), _shield_counter(to)
            )
        )
    if target is not None:
        source = game.objects.get(src)
        if source is not None and KEYWORD_HOOKS.has_protection_from(game, target, source):
            name = f"{target.name}'s protection"
            out.append(Replacement("protection", name, ("702.16e", "615.1"), _prevent(None, name)))
    elif players_may_have_keywords(game):
        # a player's protection ("you have protection from red", CR 702.16e)
        source = game.objects.get(src)
        pl = ref_player(to)
        if source is not None and pl is not None and player_protected_from(game, pl, source):
            name = f"{game.players[pl].name}'s protection"
            out.append(Replacement("protection", name, ("702.16e", "615.1"), _prevent(None, name)))
    for e in game.effects:
        if e.op != "prevent_damage":
            continue
        yours = e.args.get("yours")
        if isinstance(yours, Filter) and not _yours(game, yours, e.controller, to):
            continue  # "to you and creatures you control" (CR 615.1)
        if e.affected:
            if e.args.get("dealt_by"):
                if src not in e.affected:
                    continue  # CR 615: damage from these sources only
            elif to not in e.affected:
                continue
        if e.args.get("combat_only") and not ev["combat"]:
            continue
        if e.args.get("noncombat_only") and ev["combat"]:
            continue  # "Prevent all noncombat damage that would be dealt to ..." (CR 615.1)
        if not _from_covered_source(game, e.args, src, e.controller):
            continue  # "by sources you don't control" (CR 615.1)
        if to not in e.args.get("to", (to,)):
            continue  # "would deal damage to you": that player only (CR 609.7a)
        shield = e.args.get("amount")
        if shield is not None and int(shield) <= 0:
            continue
        s = game.objects.get(e.source) if e.source is not None else None
        recheck = e.args.get("source_filter")
        source = game.objects.get(src)
        if (
            isinstance(recheck, Filter)
            and source is not None
            and not matches_object(game, source, recheck, e.controller, s)
        ):
            continue  # CR 615.9: no longer the chosen kind of source; the shield stays
        name = e.args.get("by") or (s.name if s is not None else "a prevention effect")
        rules: tuple[str, ...] = ("615.1", "615.7") if shield is not None else ("615.1",)
        if e.args.get("next_time") and e.args.get("dealt_by"):
            rules = (*rules, "615.8")  # the next instance of damage from that source
        n = None if shield is None else int(shield)
        then = None
        if e.args.get("then"):
            rules = (*rules, "615.5")
            then = then_record(
                e.args["then"],
                e.controller,
                e.args["then_card"],
                None,
                name,
                bool(e.args.get("then_spell")),
            )
        out.append(
            Replacement(
                f"prevent:{e.timestamp}",
                name,
                rules,
                _prevent(
                    n,
                    name,
                    e.timestamp if _counted(e.args) else None,
                    then,
                    bool(e.args.get("half")),
                ),
            )
        )
    return out


@replacement_finder(EventKind.DAMAGE)
def next_damage_redirections(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 614.9, 615.7: "the next 1 damage that would be dealt to this creature this
    turn is dealt to target creature you control instead" (the en-Kor): up to N of the
    damage is dealt to the new recipient instead, as damage of its own from the same
    source (``ev["split"]``, rules/damage.py), and the effect is used up by that much.
    A new recipient that is no longer a creature, planeswalker or battle on the
    battlefield (or a player no longer in the game) gets nothing: the effect does
    nothing (614.9)."""
    out: list[Replacement] = []
    if ev["amount"] <= 0 or not game.effects:
        return out
    to = ev["to"]
    for e in game.effects:
        if e.op != "redirect_next_damage" or (e.affected and to not in e.affected):
            continue
        if e.args.get("next_time"):
            # "the next time a source of your choice would deal damage": all of it,
            # from that source only (CR 609.7a)
            if ev["source"] not in e.args["sources"]:
                continue
            left = int(ev["amount"])
        else:
            if "sources" in e.args and ev["source"] not in e.args["sources"]:
                continue  # "the next 2 damage that a source of your choice would deal"
            left = int(e.args["amount"])
        yours = e.args.get("yours")
        if isinstance(yours, Filter) and not _yours(game, yours, e.controller, to):
            continue  # "to you and/or permanents you control" (Harm's Way)
        dest = int(e.args["to"])
        if left <= 0 or dest == to or not _can_be_dealt_damage(game, dest):
            continue
        name = str(e.args.get("by") or "a redirection effect")
        out.append(
            Replacement(
                f"redirect_next:{e.timestamp}",
                name,
                ("614.9",) if e.args.get("next_time") else ("614.9", "615.7"),
                _redirect_part(left, dest, e.timestamp, name),
            )
        )
    return out


def _can_be_dealt_damage(game: Game, ref: int) -> bool:
    pl = ref_player(ref)
    if pl is not None:
        return pl < len(game.players) and not game.players[pl].has_lost
    o = game.objects.get(ref)
    return (
        o is not None
        and o.zone == Zone.BATTLEFIELD
        and any(t in chars(game, o).types for t in _DAMAGEABLE)
    )


def _redirect_part(left: int, dest: int, ts: int, name: str) -> Any:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        amount = int(ev["amount"])
        k = min(amount, left)
        ev.setdefault("shields", []).append([ts, k])
        pl = ref_player(dest)
        whom = game.players[pl].name if pl is not None else game.objects[dest].name
        if k == amount:
            ev["to"] = dest
            ev["player"] = pl if pl is not None else game.objects[dest].controller
            return f"{name} redirects it to {whom}"
        ev["amount"] = amount - k
        ev.setdefault("split", []).append([dest, k])
        return f"{name} redirects {k} of it to {whom}"

    return apply


def _yours(game: Game, yours: Filter, controller: int, to: int) -> bool:
    """Whether damage to ``to`` is damage to the effect's controller or to a
    permanent of that kind they control now."""
    pl = ref_player(to)
    if pl is not None:
        return pl == controller
    o = game.objects.get(to)
    return (
        o is not None
        and o.zone == Zone.BATTLEFIELD
        and o.controller == controller
        and matches_object(game, o, yours, controller, None)
    )


def _counted(args: dict[str, Any]) -> bool:
    """Whether what a prevention effect prevents is counted as it is performed: a
    shield (CR 615.7) or a one-use "next time"."""
    return args.get("amount") is not None or bool(args.get("next_time"))


def _shield_counter(oid: int) -> Any:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["prevented_amount"] = int(ev.get("prevented_amount", 0)) + int(ev["amount"])
        ev["amount"] = 0
        ev["remove_shield_counter"] = oid
        return "a shield counter prevents it and is removed"

    return apply


def damage_source(game: Game, ev: dict[str, Any]) -> GameObject | None:
    """The source of a proposed damage event. A spell that finished resolving while
    its damage waited for a choice of order (CR 616.1, 608.2n) is stood in for by
    the card it became, with the same characteristics (CR 608.2h)."""
    s = game.objects.get(ev["source"])
    if s is None:
        s = game.objects.get(game.uid_to_obj.get(ev["source_uid"], -1))
    return s


def _recipient_matches(game: Game, ev: dict[str, Any], src: GameObject, who: str) -> bool:
    """``who``: "any", "opponent" (an opponent or a permanent an opponent controls),
    "you" (you or a permanent you control); "player", "opponent_player",
    "you_player", "enchanted_player" (only a player: not their permanents); "self"
    (``src`` itself)."""
    if who == "any":
        return True
    if who == "self":
        return bool(ev["to"] == src.id)
    pl = ref_player(ev["to"])
    if who.endswith("player"):
        if pl is None:
            return False
        if who == "opponent_player":
            return pl != src.controller
        if who == "you_player":
            return pl == src.controller
        if who == "enchanted_player":
            return pl == enchanted_player(src)
        return True
    if pl is None:
        o = game.objects.get(ev["to"])
        if o is None:
            return False
        pl = o.controller
    if who == "opponent":  # CR 102.3: not a teammate either
        return game.is_opponent(src.controller, pl)
    return pl == src.controller


def _source_described(game: Game, ev: dict[str, Any], src: GameObject, args: Any) -> bool:
    """For a damage replacement compiled from "If a red spell [another source you
    control, ...] would deal [noncombat] damage ..." (``"source": "filter"``):
    whether the damage's source matches that description as the damage would be
    dealt (CR 614.1a); any other replacement is not limited here."""
    if args.get("source") != "filter":
        return True
    if args.get("noncombat_only") and ev.get("combat"):
        return False
    s = damage_source(game, ev)
    flt = args.get("source_filter")
    return (
        s is not None
        and isinstance(flt, Filter)
        and matches_object(game, s, flt, src.controller, src)
    )


@static_replacement("double_damage", EventKind.DAMAGE)
def double_damage(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """ "If a source would deal damage to ..., it deals double that damage ...
    instead" (CR 614.1a)."""
    if ev["amount"] <= 0:
        return None
    args = st.args
    if not _recipient_matches(game, ev, src, str(args.get("recipient", "any"))):
        return None
    if args.get("combat_only") and not ev.get("combat"):
        return None
    if args.get("noncombat_only") and ev.get("combat"):
        return None  # "would deal noncombat damage" (Solphim, Mayhem Dominus)
    source = args.get("source")
    if source == "you_control":
        s = damage_source(game, ev)
        if s is None or s.controller != src.controller:
            return None
        flt = args.get("source_filter")
        # "If a creature you control would deal damage ...": a source of that kind
        if flt is not None and not matches_object(game, s, flt, src.controller, src):
            return None
    elif source == "self":
        # "If this creature would deal combat damage to a player, ..."
        s = damage_source(game, ev)
        if s is None or s.id != src.id:
            return None
    elif not _source_described(game, ev, src, args):
        return None
    name = chars(game, src).name
    # "it deals triple that damage instead" (City on Fire)
    factor = args.get("factor", 2)
    times = factor if isinstance(factor, int) and not isinstance(factor, bool) else 2

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["amount"] = int(ev["amount"]) * times
        verb = "doubles" if times == 2 else "triples" if times == 3 else f"multiplies by {times}"
        return f"{name} {verb} it to {ev['amount']}"

    return Replacement(key, name, ("614.1a",), apply)


@static_replacement("damage_life_floor", EventKind.DAMAGE)
def damage_life_floor(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """ "[If you control a creature,] damage that would reduce your life total to
    less than 1 reduces it to 1 instead" (Worship; CR 614.1a): damage to this
    permanent's controller is reduced to what leaves them at that life total.
    Damage from a source with infect causes no life loss (CR 120.3b), so it is
    left as it is."""
    if ev["amount"] <= 0 or ref_player(ev["to"]) != src.controller:
        return None
    floor = int(st.args["floor"])
    if game.players[src.controller].life - int(ev["amount"]) >= floor:
        return None
    s = damage_source(game, ev)
    if s is not None and "Infect" in source_keywords(game, s):
        return None
    if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
        return None
    name = chars(game, src).name
    who = src.controller

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["amount"] = max(0, min(int(ev["amount"]), game.players[who].life - floor))
        return f"{name} reduces it to {ev['amount']}"

    return Replacement(key, name, ("614.1a",), apply)


@static_replacement("damage_plus", EventKind.DAMAGE)
def damage_plus(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """ "If a red source you control would deal damage to an opponent or a permanent
    an opponent controls, it deals that much damage plus 2 instead" (Torbran, Thane
    of Red Fell; CR 614.1a). Damage already reduced to 0 is not dealt, so nothing is
    added to it (CR 615.1: a prevented event has nothing left to modify)."""
    if ev["amount"] <= 0:
        return None
    args = st.args
    recipient = str(args.get("recipient", "any"))
    if recipient == "creature_battle_opponent":
        if ref_player(ev["to"]) is None:
            o = game.objects.get(ev["to"])
            if o is None or not {"Creature", "Battle"} & set(chars(game, o).types):
                return None
        elif not _recipient_matches(game, ev, src, "opponent"):
            return None
    elif not _recipient_matches(game, ev, src, recipient):
        return None
    if args.get("noncombat_only") and ev.get("combat"):
        return None  # "would deal noncombat damage" (Artist's Talent)
    if args.get("source") == "you_control":
        s = damage_source(game, ev)
        if s is None or s.controller != src.controller:
            return None
        conds = args.get("source_conditions")
        if conds and not matches_object(game, s, Filter((), "any", conds), src.controller, src):
            return None
    elif not _source_described(game, ev, src, args):
        return None
    name = chars(game, src).name
    plus = int(args["plus"])

    def apply(game: Game, ev: dict[str, Any]) -> str:
        # "that much damage minus 1" (Benevolent Unicorn): never below 0
        ev["amount"] = max(0, int(ev["amount"]) + plus)
        if plus < 0:
            return f"{name} subtracts {-plus}, to {ev['amount']}"
        return f"{name} adds {plus}, to {ev['amount']}"

    return Replacement(key, name, ("614.1a",), apply)


@static_replacement("prevent_static", EventKind.DAMAGE)
def prevent_static(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """Static prevention effects (CR 615.1): "Prevent all damage that would be dealt
    to this creature", "... dealt by enchanted creature", "... to and dealt by
    enchanted creature" (``combat_only`` for combat damage)."""
    args = st.args
    if ev["amount"] <= 0 or (args.get("combat_only") and not ev["combat"]):
        return None
    if args.get("noncombat_only") and ev["combat"]:
        return None  # "If noncombat damage would be dealt to ..."
    d = args.get("dir", "to")
    if "who" in args:
        who = src.id if args.get("who") == "self" else src.attached_to
        if who is None:
            return None
        hit = (d in ("to", "both") and ev["to"] == who) or (
            d in ("by", "both") and ev["source"] == who
        )
    else:
        # compiled from "Prevent all damage that would be dealt to/by [it]": the
        # static's affected objects or players (CR 615.1)
        hit = (d in ("to", "both") and _covers(game, st, src, ev["to"])) or (
            d in ("by", "both") and _covers(game, st, src, ev["source"])
        )
    if args.get("to_self") and ev["to"] != src.id:
        return None  # "... dealt to this creature by creatures blocking it" (CR 615.1)
    to_filter = args.get("to_filter")
    if isinstance(to_filter, Filter):
        # "... damage that this creature would deal to red creatures" (CR 615.1): only
        # damage to a permanent of that kind, as the damage would be dealt
        dealt_to = game.objects.get(ev["to"]) if ref_player(ev["to"]) is None else None
        if dealt_to is None or not matches_object(game, dealt_to, to_filter, src.controller, src):
            return None
    if not hit or prevention_disabled(game, ev):
        return None
    if not _from_covered_source(game, args, ev["source"], src.controller):
        return None  # "by sources you don't control" (CR 615.1)
    if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
        return None  # "while it has a +1/+1 counter on it" (CR 615.1)
    kind = args.get("source_type")
    if kind is not None:
        # "If a creature would deal damage to you": of what the source is now
        dealer = game.objects.get(ev["source"])
        if dealer is None or kind not in chars(game, dealer).types:
            return None
    conds = args.get("source_conditions")
    if conds:
        # "If a red source would deal damage to you" (Sphere of Law): of what the
        # source is as the damage would be dealt (CR 615.1)
        dealer = damage_source(game, ev)
        if dealer is None or not matches_object(
            game, dealer, Filter((), "any", conds), src.controller, src
        ):
            return None
    name = chars(game, src).name
    then_effects = args.get("then")
    if then_effects:
        # "... prevent that damage. Put a -1/-1 counter on this creature for each 1
        # damage prevented this way" (CR 615.5)
        then = then_record(then_effects, src.controller, src.card_uid, src.id, name)
        return Replacement(key, name, ("615.1", "615.5"), _prevent(None, name, None, then))
    # "prevent 1 of that damage" (``amount``), else all of it
    return Replacement(key, name, ("615.1",), _prevent(args.get("amount"), name))


def _from_covered_source(game: Game, args: Any, source: int, controller: int) -> bool:
    """Whether the damage's source is one a prevention effect covers: with
    "sources": "not_yours" ("by sources you don't control", CR 615.1), only sources
    controlled by another player than the effect's controller (an object not on the
    battlefield or the stack is controlled by its owner, 108.4a)."""
    if args.get("sources") != "not_yours":
        return True
    o = game.objects.get(source)
    return o is not None and o.controller != controller


def _covers(game: Game, st: StaticEffect, src: GameObject, ref: int) -> bool:
    """Whether the object or player ``ref`` is one the static ability affects."""
    flt = st.affected
    if isinstance(flt, SelfRef):
        return ref == src.id
    if not isinstance(flt, Filter):
        return False
    pl = ref_player(ref)
    if pl is not None:
        return "player" in flt.kinds and affects_player(game, st, pl, src.controller)
    o = game.objects.get(ref)
    if o is None or "player" in flt.kinds:
        return False
    return matches_object(game, o, flt, src.controller, src)


#: the kinds of permanent damage can be redirected to (CR 614.9)
_DAMAGEABLE: Final = ("Creature", "Planeswalker", "Battle")


@static_replacement("redirect_damage", EventKind.DAMAGE)
def redirect_damage(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """CR 614.9: a redirection effect: "All damage that would be dealt to you [and
    other permanents you control] [by unblocked creatures] is dealt to [this
    creature | enchanted creature | equipped creature] instead". It does nothing
    when that permanent is no longer a creature, planeswalker or battle on the
    battlefield; it applies once to an event (614.5), so the damage redirected to a
    permanent isn't redirected again by the same effect."""
    args = st.args
    if ev["amount"] <= 0 or (args.get("combat_only") and not ev["combat"]):
        return None
    if args.get("while_untapped") and src.tapped:
        return None
    dest_id = src.id if args.get("dest") == "self" else src.attached_to
    dest = game.objects.get(dest_id) if dest_id is not None and dest_id >= 0 else None
    to = ev["to"]
    if dest is None or to == dest.id:
        return None
    pl = ref_player(to)
    if pl is None:
        hit_obj = game.objects.get(to)
        if not args.get("permanents") or hit_obj is None or hit_obj.controller != src.controller:
            return None  # "and other permanents you control"
    elif pl != src.controller:
        return None
    by = args.get("by")
    if by is not None:
        source = game.objects.get(ev["source"])
        if source is None:
            return None
        if by == "unblocked":
            if not ev["combat"] or not is_unblocked(game, source.id):
                return None
        elif by.startswith("type:") and by[5:].capitalize() not in chars(game, source).types:
            return None
    dc = chars(game, dest)
    if dest.zone != Zone.BATTLEFIELD or not any(t in dc.types for t in _DAMAGEABLE):
        return None  # CR 614.9: the effect does nothing
    name = chars(game, src).name
    orig = game.players[pl].name if pl is not None else game.objects[to].name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["to"] = dest.id
        ev["player"] = dest.controller  # the affected object's controller now (CR 616.1)
        return f"redirected from {orig} by {name}"

    return Replacement(key, name, ("614.9", "614.1a"), apply)


@static_replacement("cant_prevent_damage", "damage_rule")
def _no_replacement(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    return None  # a rule read by prevention_disabled (CR 615.12), not a replacement


register(
    "static:prevent_static",
    "static:double_damage",
    "static:damage_plus",
    "static:damage_life_floor",
    "static:redirect_damage",
    "static:cant_prevent_damage",
)
