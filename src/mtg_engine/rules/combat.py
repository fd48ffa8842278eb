"""Combat (CR 506-511): declaring attackers and blockers, combat damage.

Declarations are set-valued decisions (architecture §1): the decision lists
each candidate with its legal choices, and any declaration is checked as a
whole for restrictions and requirements (CR 508.1c-d, 509.1b-c) instead of
enumerating every subset.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..game.actions import (
    AssignDamage,
    Decision,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    player_ref,
    ref_player,
)
from ..game.objects import GameObject, Zone
from ..game.tasks import Task, task_handler
from ..keywords import Kw
from ..keywords.evasion import block_problem, min_blockers
from .characteristics import Chars, chars
from .damage import deal_damage, lethal_damage

if TYPE_CHECKING:
    from ..game.state import Game


# ---------------------------------------------------------------------------
# Summoning sickness and who can attack or block
# ---------------------------------------------------------------------------


def is_summoning_sick(game: Game, obj: GameObject, c: Chars | None = None) -> bool:
    """CR 302.6 / 702.10b: not continuously controlled since its controller's
    most recent turn began, and no haste."""
    if obj.controlled_since < game.players[obj.controller].last_turn_started:
        return False
    if c is None:
        c = chars(game, obj)
    return Kw.HASTE not in c.keywords


def can_attack(game: Game, obj: GameObject) -> tuple[str, str] | None:
    """Why ``obj`` can't attack (reason, rule), or None (CR 508.1a, 508.1c)."""
    c = chars(game, obj)
    if "Creature" not in c.types or obj.phased_out:
        return ("it isn't a creature", "508.1a")
    if obj.controller != game.active:
        return ("its controller isn't the active player", "508.1a")
    if obj.tapped:
        return ("it's tapped", "508.1a")
    if "Battle" in c.types:
        return ("a battle can't attack", "508.1a")
    if is_summoning_sick(game, obj, c):
        return ("it hasn't been under its controller's control since the turn began", "302.6")
    if Kw.DEFENDER in c.keywords:
        return ("it has defender", "702.3b")
    if "cant_attack" in c.restrictions:
        return ("it can't attack", "508.1c")
    return None


def possible_defenders(game: Game, attacking_player: int) -> list[int]:
    """Players, planeswalkers and battles that can be attacked (CR 508.1b)."""
    out: list[int] = []
    for opp in game.opponents(attacking_player):
        out.append(player_ref(opp))
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out or o.controller == attacking_player:
            continue
        if "Planeswalker" in chars(game, o).types:
            out.append(oid)
    return out


def can_block(game: Game, obj: GameObject, defending: int) -> tuple[str, str] | None:
    c = chars(game, obj)
    if "Creature" not in c.types or obj.phased_out:
        return ("it isn't a creature", "509.1a")
    if obj.controller != defending:
        return ("it isn't controlled by the defending player", "509.1a")
    if obj.tapped:
        return ("it's tapped", "509.1a")
    if "cant_block" in c.restrictions:
        return ("it can't block", "509.1b")
    return None


def must_attack(game: Game, obj: GameObject) -> bool:
    """A requirement: "attacks each combat if able" (CR 508.1d)."""
    return "must_attack" in chars(game, obj).restrictions


# ---------------------------------------------------------------------------
# Declare attackers (CR 508)
# ---------------------------------------------------------------------------


def attack_candidates(game: Game) -> dict[int, list[int]]:
    defenders = possible_defenders(game, game.active)
    out: dict[int, list[int]] = {}
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller == game.active and can_attack(game, o) is None:
            out[oid] = defenders
    return out


def attack_declaration_problem(game: Game, action: DeclareAttackers) -> str | None:
    """Check a whole declaration (CR 508.1a-d)."""
    seen: set[int] = set()
    defenders = set(possible_defenders(game, game.active))
    for creature, defender in action.attackers:
        if creature in seen:
            return f"creature {creature} is declared twice"
        seen.add(creature)
        o = game.objects.get(creature)
        if o is None or o.zone != Zone.BATTLEFIELD:
            return f"{creature} is not a permanent on the battlefield"
        why = can_attack(game, o)
        if why:
            return f"{o.name} can't attack: {why[0]} (rule {why[1]})"
        if defender not in defenders:
            return f"{o.name} can't attack that player or permanent (rule 508.1b)"
    # CR 508.1d: obey as many requirements as possible.
    required = [oid for oid in attack_candidates(game) if must_attack(game, game.objects[oid])]
    if required:
        obeyed = sum(1 for oid in required if oid in seen)
        if obeyed < len(required):
            missing = [game.objects[oid].name for oid in required if oid not in seen]
            return (
                f"{', '.join(missing)} must attack if able: the declaration must obey as many "
                "requirements as possible (rule 508.1d)"
            )
    return None


def default_attack(game: Game) -> DeclareAttackers:
    """The declaration the requirements force and no more (scenario default)."""
    defender = player_ref(game.combat.defending_player) if game.combat else -1
    pairs = tuple(
        (oid, defender) for oid in attack_candidates(game) if must_attack(game, game.objects[oid])
    )
    return DeclareAttackers(pairs)


@task_handler("declare_attackers")
def declare_attackers_task(game: Game, task: Task) -> None:
    """CR 508.1: the active player declares attackers (a turn-based action)."""
    if task.answer is None:
        cands = attack_candidates(game)
        game.ask(
            Decision(
                DecisionKind.ATTACKERS,
                game.active,
                "508.1",
                "Declare attackers",
                {"candidates": {k: list(v) for k, v in cands.items()}},
            )
        )
        return
    action: DeclareAttackers = task.answer
    task.answer = None
    combat = game.combat
    assert combat is not None
    names = []
    for creature, defender in action.attackers:
        o = game.objects[creature]
        c = chars(game, o)
        if Kw.VIGILANCE not in c.keywords:
            o.tapped = True  # CR 508.1f (vigilance: 702.20b)
        combat.attackers[creature] = defender
        combat.blocked[creature] = False
        names.append(o.name)
    game.invalidate()
    if names:
        game.emit(
            "declare_attackers",
            ("508.1",),
            f"{game.players[game.active].name} attacks with {', '.join(names)}",
            attackers=[a for a, _ in action.attackers],
        )
        for creature, defender in action.attackers:
            o = game.objects[creature]
            game.emit(
                "attacks",
                ("508.1m",),
                f"{o.name} attacks {_defender_name(game, defender)}",
                subject=o,
                obj=creature,
                defender=defender,
            )
    else:
        game.emit(
            "declare_attackers",
            ("508.1",),
            f"{game.players[game.active].name} declares no attackers",
        )
    game.finish(task)


def _defender_name(game: Game, ref: int) -> str:
    pl = ref_player(ref)
    if pl is not None:
        return game.players[pl].name
    return game.objects[ref].name if ref in game.objects else "nothing"


# ---------------------------------------------------------------------------
# Declare blockers (CR 509)
# ---------------------------------------------------------------------------


def block_candidates(game: Game) -> dict[int, list[int]]:
    combat = game.combat
    out: dict[int, list[int]] = {}
    if combat is None:
        return out
    defending = combat.defending_player
    attackers = [game.objects[a] for a in combat.attackers if a in game.objects]
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != defending or can_block(game, o, defending) is not None:
            continue
        ok = [a.id for a in attackers if block_problem(game, o, a) is None]
        if ok:
            out[oid] = ok
    return out


def block_declaration_problem(game: Game, action: DeclareBlockers) -> str | None:
    combat = game.combat
    if combat is None:
        return "there is no combat"
    seen: set[int] = set()
    count: dict[int, int] = {}
    for blocker, attacker in action.blockers:
        if blocker in seen:
            return f"creature {blocker} blocks more than one creature (rule 509.1a)"
        seen.add(blocker)
        o = game.objects.get(blocker)
        if o is None or o.zone != Zone.BATTLEFIELD:
            return f"{blocker} is not a permanent on the battlefield"
        why = can_block(game, o, combat.defending_player)
        if why:
            return f"{o.name} can't block: {why[0]} (rule {why[1]})"
        a = game.objects.get(attacker)
        if a is None or attacker not in combat.attackers:
            return f"{o.name} can't block {attacker}: not an attacking creature (rule 509.1a)"
        why = block_problem(game, o, a)
        if why:
            return f"{o.name} can't block {a.name}: {why[0]} (rule {why[1]})"
        count[attacker] = count.get(attacker, 0) + 1
    for attacker, n in count.items():
        need = min_blockers(game, game.objects[attacker])
        if n < need:
            return (
                f"{game.objects[attacker].name} can't be blocked except by two or more creatures "
                "(rule 702.111b)"
            )
    return None


@task_handler("declare_blockers")
def declare_blockers_task(game: Game, task: Task) -> None:
    """CR 509.1: the defending player declares blockers (a turn-based action)."""
    combat = game.combat
    assert combat is not None
    if task.answer is None:
        cands = block_candidates(game)
        game.ask(
            Decision(
                DecisionKind.BLOCKERS,
                combat.defending_player,
                "509.1",
                "Declare blockers",
                {
                    "candidates": {k: list(v) for k, v in cands.items()},
                    "menace": [
                        a for a in combat.attackers if min_blockers(game, game.objects[a]) > 1
                    ],
                },
            )
        )
        return
    action: DeclareBlockers = task.answer
    task.answer = None
    for blocker, attacker in action.blockers:
        combat.blockers.setdefault(blocker, []).append(attacker)
        combat.blocked[attacker] = True  # CR 509.1h
    if action.blockers:
        game.emit(
            "declare_blockers",
            ("509.1",),
            "; ".join(
                f"{game.objects[b].name} blocks {game.objects[a].name}" for b, a in action.blockers
            ),
        )
        for blocker, attacker in action.blockers:
            game.emit(
                "blocks",
                ("509.1i",),
                f"{game.objects[blocker].name} blocks {game.objects[attacker].name}",
                subject=game.objects[blocker],
                obj=blocker,
                attacker=attacker,
            )
        for attacker in {a for _, a in action.blockers}:
            game.emit(
                "becomes_blocked",
                ("509.1h",),
                f"{game.objects[attacker].name} becomes blocked",
                subject=game.objects[attacker],
                obj=attacker,
            )
    else:
        game.emit(
            "declare_blockers",
            ("509.1",),
            f"{game.players[combat.defending_player].name} declares no blockers",
        )
    game.finish(task)


# ---------------------------------------------------------------------------
# Combat damage (CR 510)
# ---------------------------------------------------------------------------


def first_strike_step_needed(game: Game) -> bool:
    """CR 510.4: a first-strike damage step exists if an attacking or blocking
    creature has first strike or double strike."""
    combat = game.combat
    if combat is None:
        return False
    for oid in (*combat.attackers, *combat.blockers):
        o = game.objects.get(oid)
        if o is not None and chars(game, o).keywords & {Kw.FIRST_STRIKE, Kw.DOUBLE_STRIKE}:
            return True
    return False


def _deals_damage_now(game: Game, o: GameObject, first_strike: bool, had_first: set[int]) -> bool:
    kws = chars(game, o).keywords
    if first_strike:
        return bool(kws & {Kw.FIRST_STRIKE, Kw.DOUBLE_STRIKE})  # CR 702.7b, 702.4b
    # CR 510.4: creatures that had neither at the first step, plus double strike now.
    return o.id not in had_first or Kw.DOUBLE_STRIKE in kws


def _recipients(game: Game, attacker: GameObject) -> tuple[list[int], int | None, bool]:
    """Blockers still blocking, the defender, and whether the attacker tramples."""
    combat = game.combat
    assert combat is not None
    blockers = [b for b in combat.blockers_of(attacker.id) if b in game.objects]
    trample = Kw.TRAMPLE in chars(game, attacker).keywords
    return blockers, combat.attackers.get(attacker.id), trample


def needs_assignment(game: Game, attacker: GameObject) -> bool:
    """Whether the attacking player must choose how to divide damage (CR 510.1c, 702.19b)."""
    combat = game.combat
    assert combat is not None
    if not combat.blocked.get(attacker.id):
        return False
    blockers, _defender, trample = _recipients(game, attacker)
    power = chars(game, attacker).power or 0
    if power <= 0 or not blockers:
        return False
    if len(blockers) > 1:
        return True
    if trample:
        return power > lethal_damage(game, game.objects[blockers[0]], attacker)
    return False


def assignment_problem(game: Game, attacker: GameObject, assignment: dict[int, int]) -> str | None:
    """Check one creature's damage assignment (CR 510.1c-d, 702.19b)."""
    blockers, defender, trample = _recipients(game, attacker)
    power = chars(game, attacker).power or 0
    allowed = set(blockers)
    if trample and defender is not None:
        allowed.add(defender)
    if any(v < 0 for v in assignment.values()):
        return "damage amounts can't be negative"
    for r in assignment:
        if r not in allowed:
            return f"{attacker.name} can't assign damage to that recipient (rule 510.1c)"
    if sum(assignment.values()) != power:
        return f"{attacker.name} must assign exactly {power} damage (rule 510.1a)"
    if trample and defender is not None and assignment.get(defender, 0) > 0:
        # CR 702.19b: excess to the player only once every blocker has lethal,
        # counting damage already marked and damage assigned this step.
        for b in blockers:
            if assignment.get(b, 0) < lethal_damage(game, game.objects[b], attacker):
                return (
                    f"{attacker.name} must assign lethal damage to {game.objects[b].name} before "
                    "assigning damage to the player (rule 702.19b)"
                )
    return None


def assignment_options(game: Game, attacker: GameObject) -> list[AssignDamage]:
    """A representative set of legal assignments: lethal damage in each blocker
    order with the rest to the last recipient, and everything to one blocker."""
    blockers, defender, trample = _recipients(game, attacker)
    power = chars(game, attacker).power or 0
    out: list[AssignDamage] = []
    seen: set[tuple] = set()
    from itertools import permutations

    orders = list(permutations(blockers)) if len(blockers) <= 4 else [tuple(blockers)]
    for order in orders:
        remaining = power
        assign: dict[int, int] = {}
        for b in order:
            n = min(remaining, lethal_damage(game, game.objects[b], attacker))
            if n:
                assign[b] = n
                remaining -= n
        if remaining:
            last = defender if trample and defender is not None else order[-1]
            assign[last] = assign.get(last, 0) + remaining
        key = tuple(sorted(assign.items()))
        if key not in seen and assignment_problem(game, attacker, assign) is None:
            seen.add(key)
            out.append(AssignDamage(key))
    if not trample:
        for b in blockers:
            key = ((b, power),)
            if key not in seen:
                seen.add(key)
                out.append(AssignDamage(key))
    return out


@task_handler("combat_damage")
def combat_damage_task(game: Game, task: Task) -> None:
    """CR 510.1-510.2: assign combat damage, then deal it all simultaneously."""
    combat = game.combat
    assert combat is not None
    first = bool(task.data.get("first_strike"))
    if task.stage == 0:
        if first:
            combat.first_strike_dealt = {
                oid
                for oid in (*combat.attackers, *combat.blockers)
                if oid in game.objects
                and chars(game, game.objects[oid]).keywords & {Kw.FIRST_STRIKE, Kw.DOUBLE_STRIKE}
            }
        had_first = combat.first_strike_dealt
        dealers = [
            oid
            for oid in combat.attackers
            if oid in game.objects and _deals_damage_now(game, game.objects[oid], first, had_first)
        ]
        task.data["dealers"] = dealers
        task.data["blocker_dealers"] = [
            oid
            for oid in combat.blockers
            if oid in game.objects and _deals_damage_now(game, game.objects[oid], first, had_first)
        ]
        task.data["todo"] = [a for a in dealers if needs_assignment(game, game.objects[a])]
        task.data["assigned"] = {}
        task.stage = 1
    if task.stage == 1:
        if task.answer is not None:
            attacker = task.data["todo"].pop(0)
            task.data["assigned"][attacker] = [list(p) for p in task.answer.assignment]
            task.answer = None
        if task.data["todo"]:
            attacker = game.objects[task.data["todo"][0]]
            blockers, defender, trample = _recipients(game, attacker)
            game.ask(
                Decision(
                    DecisionKind.ASSIGN_DAMAGE,
                    attacker.controller,
                    "510.1c",
                    f"Divide {attacker.name}'s combat damage",
                    {
                        "attacker": attacker.id,
                        "power": chars(game, attacker).power or 0,
                        "blockers": blockers,
                        "defender": defender if trample else None,
                        "lethal": {
                            b: lethal_damage(game, game.objects[b], attacker) for b in blockers
                        },
                    },
                )
            )
            return
        _deal_combat_damage(game, task)
        game.finish(task)


def _deal_combat_damage(game: Game, task: Task) -> None:
    combat = game.combat
    assert combat is not None
    assignments: list[tuple[int, int, int]] = []  # (source, recipient, amount)
    for a in task.data["dealers"]:
        o = game.objects.get(a)
        if o is None:
            continue
        power = chars(game, o).power or 0
        if power <= 0:
            continue  # CR 510.1a
        if a in task.data["assigned"]:
            for r, n in task.data["assigned"][a]:
                assignments.append((a, r, n))
            continue
        blockers, defender, trample = _recipients(game, o)
        if not combat.blocked.get(a):
            if defender is not None:
                assignments.append((a, defender, power))  # CR 510.1b
        elif blockers:
            assignments.append((a, blockers[0], power))  # CR 510.1c: one blocker
        elif trample and defender is not None:
            assignments.append((a, defender, power))  # CR 702.19d
    for b in task.data["blocker_dealers"]:
        o = game.objects.get(b)
        if o is None:
            continue
        power = chars(game, o).power or 0
        blocking = [x for x in combat.blockers.get(b, []) if x in game.objects]
        if power > 0 and blocking:
            assignments.append((b, blocking[0], power))  # CR 510.1d
    # CR 510.2: all combat damage is dealt simultaneously.
    for source, recipient, amount in assignments:
        if amount > 0:
            deal_damage(
                game, game.objects[source], recipient, amount, combat=True, rules=("510.2",)
            )


def end_combat(game: Game) -> None:
    """CR 511.3: at the end of combat all creatures are removed from combat."""
    if game.combat is not None and (game.combat.attackers or game.combat.blockers):
        game.emit("end_combat", ("511.3",), "Combat ends: all creatures are removed from combat")
    game.combat = None
    game.invalidate()


def blocker_subsets_ok(game: Game, attacker: int, blockers: list[int]) -> bool:
    """Used by agents: whether this set of blockers satisfies menace (702.111b)."""
    return len(blockers) == 0 or len(blockers) >= min_blockers(game, game.objects[attacker])


__all__ = ["combinations"]
