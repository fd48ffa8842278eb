"""Combat damage (CR 510, 702.2c, 702.4, 702.7, 702.19, 702.22j-k).

For each combat damage step the engine works out which creatures deal
damage (CR 510.4: first strike and double strike, including creatures that
gain or lose them between the steps, 702.4c-d, 702.7c), then how each one's
damage is assigned:

* an unblocked attacker assigns its damage to the player, planeswalker or
  battle it attacks, if that one is still there (510.1b);
* a blocked attacker divides it among the creatures blocking it, as its
  controller chooses (510.1c: under the current rules the attacking player
  divides freely; there is no damage assignment order); with trample the
  excess over lethal damage may go to what it attacks (702.19b-f, counting
  damage already marked and damage assigned by other creatures in the same
  step, 702.19b; deathtouch makes 1 damage lethal, 702.2c); with no blockers
  left, trample assigns everything to what it attacks (702.19d);
* a blocker divides its damage among the attackers it blocks (510.1d);
* banding gives the division to the other player (702.22j-k).

Decisions are asked one creature at a time — the attacking player's
first, creatures with trample last so that they can count the damage other
creatures assign (510.1e: the total is what must be legal) — and then all
the damage is dealt at once (510.2).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any, Final

from ..game.actions import AssignDamage, player_ref, ref_player
from ..game.hooks import KEYWORD_HOOKS
from ..game.keyword_names import Kw
from ..game.objects import GameObject, Zone
from . import combat_rules as cr
from .characteristics import chars
from .damage import deal_damage, gain_life, lethal_damage
from .face_down import face_down_permanents_exist
from .face_turning import unmask_combat
from .naming import named
from .simultaneous import simultaneous

if TYPE_CHECKING:
    from ..game.state import Game

TRAMPLE_OVER_PLANESWALKERS: Final = "Trample over planeswalkers"
_FS: Final = frozenset((Kw.FIRST_STRIKE, Kw.DOUBLE_STRIKE))


# ---------------------------------------------------------------------------
# Which creatures deal damage in a step (CR 510.4)
# ---------------------------------------------------------------------------


def in_combat(game: Game) -> list[int]:
    combat = game.combat
    if combat is None:
        return []
    return [o for o in (*combat.attackers, *combat.blockers) if o in game.objects]


def first_strike_step_needed(game: Game) -> bool:
    """CR 510.4: a first-strike damage step happens if an attacking or blocking
    creature has first strike or double strike as the combat damage step begins."""
    return any(chars(game, game.objects[o]).keywords & _FS for o in in_combat(game))


def deals_damage_now(game: Game, oid: int, first_strike_step: bool) -> bool:
    """CR 510.4, 702.4b-d, 702.7b-c."""
    kws = chars(game, game.objects[oid]).keywords
    if first_strike_step:
        return bool(kws & _FS)
    combat = game.combat
    assert combat is not None
    had = combat.first_strike_dealt
    return oid not in had or Kw.DOUBLE_STRIKE in kws


def damage_amount(game: Game, o: GameObject) -> int:
    """CR 510.1a: equal to its power, or toughness when an effect says so."""
    c = chars(game, o)
    if cr.has(game, o, "assign_no_combat_damage"):
        return 0  # "this creature assigns no combat damage this turn"
    if cr.has(game, o, "assign_damage_by_toughness"):
        return c.toughness or 0
    return c.power or 0


# ---------------------------------------------------------------------------
# Where a creature's damage can go
# ---------------------------------------------------------------------------


def defender_still_there(game: Game, defender: int | None) -> bool:
    """CR 506.4, 510.1b: a player still in the game, or a planeswalker or battle
    still on the battlefield as one."""
    if defender is None:
        return False
    pl = ref_player(defender)
    if pl is not None:
        return not game.players[pl].has_lost
    o = game.objects.get(defender)
    if o is None or o.zone != Zone.BATTLEFIELD or o.phased_out:
        return False
    return bool(chars(game, o).types & {"Planeswalker", "Battle"})


class Recipients:
    """Who may receive one creature's combat damage, and who decides (CR 510.1)."""

    __slots__ = (
        "creature",
        "chooser",
        "creatures",
        "defender",
        "extra",
        "trample",
        "as_unblocked",
        "free",
        "rules",
    )

    def __init__(self) -> None:
        self.creature = 0
        self.chooser = 0
        #: blockers (for an attacker) or attackers (for a blocker)
        self.creatures: list[int] = []
        #: the player/planeswalker/battle an attacker may assign excess to
        self.defender: int | None = None
        #: trample over planeswalkers: the attacked planeswalker's controller
        self.extra: int | None = None
        self.trample = False
        #: "may assign its combat damage as though it weren't blocked": all of it
        #: to the defender is one more legal assignment
        self.as_unblocked = False
        #: "divided as you choose among defending player and/or any number of creatures
        #: they control": any division among them is legal
        self.free = False
        self.rules: tuple[str, ...] = ("510.1c",)

    def all(self) -> list[int]:
        out = list(self.creatures)
        if self.defender is not None:
            out.append(self.defender)
        if self.extra is not None:
            out.append(self.extra)
        return out


def recipients(game: Game, oid: int) -> Recipients:
    """The recipients of a creature's combat damage (CR 510.1b-d, 702.19, 702.22j-k)."""
    combat = game.combat
    assert combat is not None
    o = game.objects[oid]
    r = Recipients()
    r.creature = oid
    r.chooser = o.controller
    if oid in combat.attackers:
        defender = combat.attackers[oid]
        there = defender_still_there(game, defender)
        kws = chars(game, o).keywords
        top = TRAMPLE_OVER_PLANESWALKERS in kws
        trample = Kw.TRAMPLE in kws or top
        if cr.has(game, o, "assign_among_defenders") and ref_player(defender) is not None:
            # Butcher Orgg: the defending player and/or any creatures they control, in
            # any division, blocked or not (CR 510.1b-c as the ability modifies them)
            r.free = True
            r.rules = ("510.1c",)
            r.defender = defender
            mine = [b for b in combat.blockers_of(oid) if b in game.objects]
            theirs = [
                x
                for x in game.battlefield
                if game.objects[x].controller == ref_player(defender)
                and "Creature" in chars(game, game.objects[x]).types
                and not game.objects[x].phased_out
            ]
            r.creatures = list(dict.fromkeys(mine + theirs))
            return r
        if not combat.blocked.get(oid):
            r.rules = ("510.1b",)
            r.defender = defender if there else None
            return r
        r.creatures = [b for b in combat.blockers_of(oid) if b in game.objects]
        if there and cr.has(game, o, "assign_damage_as_unblocked"):
            r.as_unblocked = True  # Thorn Elemental (510.1c)
            r.defender = defender
        if r.creatures and KEYWORD_HOOKS.blocked_by_banding(game, o, r.creatures):
            r.chooser = combat.defending_player  # CR 702.22j
            r.rules = ("510.1c", "702.22j")
            return r
        if trample:
            r.trample = True
            r.rules = ("510.1c", "702.19b")
            pw_gone = not there and ref_player(defender) is None
            if there:
                r.defender = defender
            if top and ref_player(defender) is None:
                # CR 702.19c, 702.19e: on to the planeswalker's controller
                r.extra = _player_of_planeswalker(game, defender)
                r.rules = ("510.1c", "702.19c" if not pw_gone else "702.19e")
        return r
    # a blocking creature (CR 510.1d)
    r.rules = ("510.1d",)
    r.creatures = [a for a in combat.blockers.get(oid, []) if a in combat.attackers]
    if r.creatures and KEYWORD_HOOKS.blocking_banding(game, o, r.creatures):
        r.chooser = game.active  # CR 702.22k
        r.rules = ("510.1d", "702.22k")
    return r


def _player_of_planeswalker(game: Game, defender: int) -> int | None:
    o = game.objects.get(defender)
    if o is not None:
        return player_ref(o.controller)
    combat = game.combat
    return player_ref(combat.defending_player) if combat is not None else None


# ---------------------------------------------------------------------------
# Lethal damage with what's already assigned (CR 702.19b, 702.2c)
# ---------------------------------------------------------------------------


def lethal_needed(game: Game, target: int, source: GameObject, assigned: dict[int, int]) -> int:
    """Damage ``source`` must assign to ``target`` before excess may go on:
    lethal damage counting damage marked and damage other creatures assign in
    this step (702.19b); any nonzero damage from deathtouch is lethal (702.2c);
    a planeswalker needs damage equal to its loyalty (702.19c)."""
    o = game.objects.get(target)
    if o is None:
        return 0
    c = chars(game, o)
    if "Creature" not in c.types and "Planeswalker" in c.types:
        return max(0, o.counters.get("loyalty", 0) - assigned.get(target, 0))
    left = max(0, lethal_damage(game, o) - assigned.get(target, 0))
    if left and Kw.DEATHTOUCH in chars(game, source).keywords:
        return 1
    return left


def assignment_problem(
    game: Game,
    creature: GameObject,
    assignment: dict[int, int],
    r: Recipients | None = None,
    assigned: dict[int, int] | None = None,
) -> str | None:
    """Whether one creature's damage assignment is legal (CR 510.1a-d, 702.19b-f,
    702.22j-k). ``assigned`` is the damage other creatures assigned earlier in
    this step (read from the pending decision when omitted)."""
    if r is None:
        r = recipients(game, creature.id)
    if assigned is None:
        assigned = _assigned_from_decision(game, creature.id)
    power = damage_amount(game, creature)
    allowed = set(r.all())
    for who, n in assignment.items():
        if n < 0:
            return "damage amounts can't be negative"
        if who not in allowed and n:
            whom = named(game, who, game.pending.player if game.pending else None)
            return f"{creature.name} can't assign combat damage to {whom} (rule {r.rules[0]})"
    if sum(assignment.values()) != power:
        return f"{creature.name} must assign exactly {power} combat damage (rule 510.1a)"
    if r.free:
        return None  # any division among the defending player and their creatures
    if r.as_unblocked and r.defender is not None and assignment.get(r.defender, 0) == power:
        return None  # assigned as though it weren't blocked (510.1b)
    if r.defender is not None and assignment.get(r.defender, 0) and not r.trample:
        return (
            f"{creature.name} assigns its damage as though it weren't blocked only all at once "
            "(rule 510.1b)"
        )
    beyond = sum(assignment.get(x, 0) for x in (r.defender, r.extra) if x is not None)
    if r.trample and beyond:
        for b in r.creatures:
            if assignment.get(b, 0) < lethal_needed(game, b, creature, assigned):
                return (
                    f"{creature.name} must assign lethal damage to {game.objects[b].name} before "
                    "assigning damage to the player or permanent it's attacking (rule 702.19b)"
                )
    if r.extra is not None and assignment.get(r.extra, 0) and r.defender is not None:
        need = lethal_needed(game, r.defender, creature, assigned)
        if assignment.get(r.defender, 0) < need:
            return (
                f"{creature.name} must assign damage equal to the planeswalker's loyalty before "
                "assigning damage to its controller (rule 702.19c)"
            )
    return None


def _assigned_from_decision(game: Game, creature: int) -> dict[int, int]:
    d = game.pending
    if d is not None and d.data.get("attacker") == creature:
        return {int(k): int(v) for k, v in (d.data.get("already_assigned") or {}).items()}
    return {}


def needs_decision(
    game: Game, creature: GameObject, r: Recipients, assigned: dict[int, int]
) -> bool:
    """Whether there is more than one legal way to assign the damage."""
    power = damage_amount(game, creature)
    if power <= 0:
        return False
    targets = r.all()
    if len(targets) <= 1:
        return False
    if len(r.creatures) >= 2 or ((r.as_unblocked or r.free) and r.creatures):
        return True
    # one creature and somewhere to trample over: a choice only if there's excess
    return power > lethal_needed(game, r.creatures[0], creature, assigned) if r.creatures else True


def automatic_assignment(game: Game, creature: GameObject, r: Recipients) -> list[tuple[int, int]]:
    """The only possible assignment (CR 510.1b-d, 702.19d)."""
    power = damage_amount(game, creature)
    if power <= 0:
        return []
    targets = r.all()
    if r.creatures:
        return [(r.creatures[0], power)]
    if targets:
        return [(targets[0], power)]
    return []


def assignment_options(game: Game, creature: GameObject) -> list[AssignDamage]:
    """A representative set of legal assignments (the decision accepts any legal
    one): lethal damage to the blockers in each order with the rest to the last
    one or past them with trample, and everything to one recipient."""
    r = recipients(game, creature.id)
    assigned = _assigned_from_decision(game, creature.id)
    power = damage_amount(game, creature)
    out: list[AssignDamage] = []
    seen: set[tuple[tuple[int, int], ...]] = set()

    def add(assign: dict[int, int]) -> None:
        key = tuple(sorted((k, v) for k, v in assign.items() if v))
        if key not in seen and assignment_problem(game, creature, dict(key), r, assigned) is None:
            seen.add(key)
            out.append(AssignDamage(key))

    cs = r.creatures
    orders = list(permutations(cs)) if len(cs) <= 4 else [tuple(cs)]
    beyond = [x for x in (r.defender, r.extra) if x is not None]
    for order in orders:
        remaining = power
        assign: dict[int, int] = {}
        for b in order:
            n = min(remaining, lethal_needed(game, b, creature, assigned))
            assign[b] = assign.get(b, 0) + n
            remaining -= n
        if remaining:
            last: int | None
            if r.trample and beyond:
                if r.extra is not None and r.defender is not None:
                    n = min(remaining, lethal_needed(game, r.defender, creature, assigned))
                    assign[r.defender] = assign.get(r.defender, 0) + n
                    remaining -= n
                    last = r.extra
                else:
                    last = beyond[0]
            else:
                last = order[-1] if order else (beyond[0] if beyond else None)
            if last is not None:
                assign[last] = assign.get(last, 0) + remaining
        add(assign)
    for who in r.all():
        add({who: power})
    return out


# ---------------------------------------------------------------------------
# Planning a damage step
# ---------------------------------------------------------------------------


def plan_step(game: Game, first_strike_step: bool) -> dict[str, Any]:
    """Work out the dealers of this step, the automatic assignments, and the
    creatures whose division must be chosen (in the order of CR 510.1)."""
    combat = game.combat
    assert combat is not None
    if first_strike_step:
        combat.first_strike_dealt = {
            o for o in in_combat(game) if chars(game, game.objects[o]).keywords & _FS
        }
    dealers = [o for o in in_combat(game) if deals_damage_now(game, o, first_strike_step)]
    if dealers and face_down_permanents_exist(game):
        # Illusionary Mask: turned face up instead of assigning or being dealt damage
        unmask_combat(game, dealers)
        dealers = [o for o in in_combat(game) if deals_damage_now(game, o, first_strike_step)]
    assigned: dict[int, int] = {}
    auto: list[list[int]] = []
    todo_attackers: list[tuple[bool, int]] = []
    todo_blockers: list[int] = []
    later: list[tuple[int, Recipients]] = []

    def take(oid: int, r: Recipients) -> None:
        for who, n in automatic_assignment(game, game.objects[oid], r):
            auto.append([oid, who, n])
            if oid in combat.attackers:
                assigned[who] = assigned.get(who, 0) + n

    for oid in dealers:
        if damage_amount(game, game.objects[oid]) <= 0:
            continue  # CR 510.1a
        r = recipients(game, oid)
        if len(r.all()) <= 1:
            take(oid, r)
        else:
            later.append((oid, r))
    for oid, r in later:
        if not needs_decision(game, game.objects[oid], r, assigned):
            take(oid, r)
        elif oid in combat.attackers:
            todo_attackers.append((r.trample, oid))
        else:
            todo_blockers.append(oid)
    todo_attackers.sort(key=lambda t: t[0])  # trample last (702.19b)
    return {
        "auto": auto,
        "todo": [oid for _, oid in todo_attackers] + todo_blockers,
        "assigned": dict(assigned),
        "chosen": [],
    }


def damage_rules(
    game: Game, source: int, recipient: int, first_strike_step: bool
) -> tuple[str, ...]:
    """The rules that make this combat damage happen, for the log (CR 510.2 and
    the keywords that shaped the assignment)."""
    combat = game.combat
    o = game.objects[source]
    kws = chars(game, o).keywords
    rules: list[str] = ["510.2"]
    if Kw.DOUBLE_STRIKE in kws:
        rules.append("702.4b")
    elif first_strike_step:
        rules.append("702.7b")
    if combat is None or source not in combat.attackers:
        return tuple(rules)
    trample = Kw.TRAMPLE in kws or TRAMPLE_OVER_PLANESWALKERS in kws
    if not combat.blocked.get(source):
        return tuple(rules)
    if trample and (recipient < 0 or recipient == combat.attackers[source]):
        blockers = [b for b in combat.blockers_of(source) if b in game.objects]
        if (
            TRAMPLE_OVER_PLANESWALKERS in kws
            and recipient < 0
            and ref_player(combat.attackers[source]) is None
        ):
            rules.append("702.19c")
        rules.append("702.19b" if blockers else "702.19d")
    elif (
        recipient >= 0 and recipient in game.objects and Kw.DEATHTOUCH in kws and Kw.TRAMPLE in kws
    ):
        if "Creature" in chars(game, game.objects[recipient]).types:
            rules.append("702.2c")
    return tuple(rules)


def deal_step(game: Game, assignments: list[list[int]], first_strike_step: bool = False) -> None:
    """CR 510.2: all assigned combat damage is dealt simultaneously; a source
    with lifelink causes one life gain for all the damage it deals (702.15b)."""
    cited = [
        (s, r, n, damage_rules(game, s, r, first_strike_step))
        for s, r, n in assignments
        if s in game.objects and n > 0
    ]
    per_source: dict[int, int] = {}
    with simultaneous(game):  # one event: "to one or more" triggers once (CR 603.2c)
        for source, recipient, amount, rules in cited:
            o = game.objects.get(source)
            if o is None:
                continue
            dealt = deal_damage(
                game, o, recipient, amount, combat=True, rules=rules, lifelink=False
            )
            if dealt:
                per_source[source] = per_source.get(source, 0) + dealt
    for source, total in per_source.items():
        o = game.objects.get(source)
        if o is not None and Kw.LIFELINK in chars(game, o).keywords:
            gain_life(game, o.controller, total, ("702.15b",), f"lifelink of {o.name}")
