"""Legal declarations of attackers and blockers: restrictions, requirements and
the maximum-requirements rule (CR 508.1a-d, 508.1h, 509.1a-d).

A declaration is checked as a whole (architecture §1: a set-valued decision,
never an enumeration of subsets). A *plan* computed once per decision holds:

* the candidates: each creature that can attack with the players,
  planeswalkers and battles it may attack (508.1a-c), or each creature that
  can block with the attackers it may block (509.1a-b, evasion);
* the restrictions on the whole declaration: "can't attack/block alone",
  "no more than N creatures can attack/block", menace and "can't be blocked
  except by N or more", "can't be blocked by more than one", how many
  creatures each blocker may block (509.1a, "can block an additional
  creature"), bands (702.22c-d), costs to attack or block (508.1h, 509.1d);
* the requirements, as countable atoms: "attacks each combat if able",
  goad's "attacks a player other than you if able" (701.15b), "blocks each
  combat if able", "blocks it if able" (provoke, 702.39a), "All creatures
  able to block it do so" (one requirement per able creature), "must be
  blocked if able";
* the largest number of requirements any legal declaration obeys, found by
  a bounded search that only branches on creatures a requirement concerns
  (the others only fill in "alone" and menace restrictions), and a
  declaration that reaches it (the default answer: what the requirements
  force and no more).

A declaration is legal when it breaks no restriction and obeys that many
requirements (508.1d, 509.1c). Creatures with a cost to attack or block are
exempt from requirements (508.1d, 509.1c).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Filter, SelfRef
from ..game.actions import player_ref, ref_player
from ..game.hooks import KEYWORD_HOOKS
from ..game.keyword_names import Kw
from ..game.objects import GameObject, Zone
from . import combat_rules as cr
from .characteristics import chars
from .draw_skip import attack_restriction
from .filters import matches_object
from .layers import amount as static_amount
from .mana import mana_sources, plan_payment
from .mana_costs import parse_cost
from .summoning_sickness import is_summoning_sick

if TYPE_CHECKING:
    from ..game.state import Game

#: a search visits at most this many leaves before settling for its best find
_LEAF_LIMIT: Final = 4000
#: when a blocker may block several attackers, at most this many are tried at once
_MULTI: Final = 3
_UNLIMITED: Final = 10**6


# ---------------------------------------------------------------------------
# Who can attack, whom, and who can block (CR 508.1a-c, 509.1a-b)
# ---------------------------------------------------------------------------


def attack_problem(game: Game, obj: GameObject) -> tuple[str, str] | None:
    """Why ``obj`` can't attack at all (reason, rule), or None (CR 508.1a, 508.1c)."""
    c = chars(game, obj)
    if obj.zone != Zone.BATTLEFIELD or "Creature" not in c.types or obj.phased_out:
        return ("it isn't a creature on the battlefield", "508.1a")
    if not game.is_active(obj.controller):  # CR 805.10a: a player of the active team
        return ("its controller isn't the active player", "508.1a")
    if obj.tapped:
        return ("it's tapped", "508.1a")
    if "Battle" in c.types:
        return ("a battle can't attack", "508.1a")
    if is_summoning_sick(game, obj, c):
        return ("it hasn't been under its controller's control since the turn began", "302.6")
    if Kw.DEFENDER in c.keywords and "attack_despite_defender" not in c.restrictions:
        # CR 702.3b; "can attack as though it didn't have defender" lifts it
        return ("it has defender", "702.3b")
    for r in cr.rules_of(game, obj):
        if r.op == "cant_attack" and r.condition is None:
            return ("it can't attack", "508.1c")
    return None


def possible_defenders(game: Game, attacking_player: int) -> list[int]:
    """Players, planeswalkers and battles that can be attacked (CR 506.2, 508.1b)."""
    out: list[int] = []
    opps = game.opponents(attacking_player)
    for opp in opps:
        out.append(player_ref(opp))
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out:
            continue
        c = chars(game, o)
        if "Planeswalker" in c.types and o.controller in opps:
            out.append(oid)
        elif "Battle" in c.types and cr.protector_of(game, o) in opps:
            out.append(oid)  # CR 310.8a: a battle its protector's opponents may attack
    return out


def defender_problem(game: Game, obj: GameObject, defender: int) -> tuple[str, str] | None:
    """Restrictions on attacking one particular player or permanent (CR 508.1c)."""
    dp = cr.defending_player_of(game, defender)
    for r in cr.rules_of(game, obj):
        if r.op == "cant_attack" and r.condition is not None:
            if cr.condition_holds(game, r.condition, None, obj, dp, r):
                return ("it can't attack unless a condition is met", "508.1c")
        elif r.op == "cant_attack_you" and cr.defends_for(game, defender, r):
            return ("it can't attack that player or a planeswalker they control", "508.1c")
    if game.effects:
        return attack_restriction(game, obj, defender)  # Island Sanctuary (508.1c)
    return None


def block_able(game: Game, obj: GameObject, defending: int) -> tuple[str, str] | None:
    """Why ``obj`` can't block at all (reason, rule), or None (CR 509.1a-b)."""
    c = chars(game, obj)
    if obj.zone != Zone.BATTLEFIELD or "Creature" not in c.types or obj.phased_out:
        return ("it isn't a creature on the battlefield", "509.1a")
    if game.is_opponent(defending, obj.controller):  # CR 805.10d: or a teammate's
        return ("it isn't controlled by the defending player", "509.1a")
    if obj.tapped:
        return ("it's tapped", "509.1a")
    if "Battle" in c.types:
        return ("a battle can't block", "509.1a")
    if cr.has(game, obj, "cant_block"):
        return ("it can't block", "509.1b")
    return None


def block_capacity(game: Game, obj: GameObject) -> int:
    """CR 509.1a: one attacker, plus "can block an additional creature" effects."""
    n = 1
    for r in cr.find(game, obj, "extra_block"):
        amount = r.args.get("amount", 1)
        if amount == "any":
            return _UNLIMITED
        # "for each Equipment attached to this creature": counted now (CR 604.3)
        src = game.objects.get(r.source) if r.source is not None else None
        n += max(0, static_amount(game, amount, r.controller, src))
    return n


# ---------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------


@dataclass(slots=True, init=False)
class AttackPlan:
    """Everything needed to judge a declaration of attackers (CR 508.1a-d)."""

    cands: dict[int, list[int]]
    alone: set[int]
    max_attackers: int | None
    #: creature -> requirement atoms: ("attack",), ("player_not", p) or ("player", p)
    reqs: dict[int, list[tuple[Any, ...]]]
    #: (creature, defender) -> mana cost string to attack (508.1h)
    costs: dict[tuple[int, int], str]
    best: int = 0
    witness: tuple[tuple[int, int], ...] = ()
    exact: bool = True

    # (written out, not generated by @dataclass: mypyc compiles a method written in
    # the class, while the dataclass-made __init__ would run interpreted; every
    # field is set, tests/test_compiled_inits.py checks it)
    def __init__(
        self,
        cands: dict[int, list[int]],
        alone: set[int],
        max_attackers: int | None,
        reqs: dict[int, list[tuple[Any, ...]]],
        costs: dict[tuple[int, int], str],
        best: int = 0,
        witness: tuple[tuple[int, int], ...] = (),
        exact: bool = True,
    ) -> None:
        self.cands = cands
        self.alone = alone
        self.max_attackers = max_attackers
        self.reqs = reqs
        self.costs = costs
        self.best = best
        self.witness = witness
        self.exact = exact


@dataclass(slots=True, init=False)
class BlockPlan:
    """Everything needed to judge a declaration of blockers (CR 509.1a-d)."""

    defending: int
    cands: dict[int, list[int]]
    cap: dict[int, int]
    minb: dict[int, int]
    maxb: dict[int, int]
    alone: set[int]
    max_blockers: int | None
    #: requirement atoms: ("block_any", b), ("block", b, a), ("blocked", a, blockers):
    #: a must be blocked by one of ``blockers`` (all able ones, or those "by an Eldrazi")
    atoms: list[tuple[Any, ...]]
    costs: dict[int, str] = field(default_factory=dict)
    best: int = 0
    witness: tuple[tuple[int, int], ...] = ()
    exact: bool = True

    # (written out, not generated by @dataclass: mypyc compiles a method written in
    # the class, while the dataclass-made __init__ would run interpreted; every
    # field is set, tests/test_compiled_inits.py checks it)
    def __init__(
        self,
        defending: int,
        cands: dict[int, list[int]],
        cap: dict[int, int],
        minb: dict[int, int],
        maxb: dict[int, int],
        alone: set[int],
        max_blockers: int | None,
        atoms: list[tuple[Any, ...]],
        costs: dict[int, str] | None = None,
        best: int = 0,
        witness: tuple[tuple[int, int], ...] = (),
        exact: bool = True,
    ) -> None:
        self.defending = defending
        self.cands = cands
        self.cap = cap
        self.minb = minb
        self.maxb = maxb
        self.alone = alone
        self.max_blockers = max_blockers
        self.atoms = atoms
        self.costs = {} if costs is None else costs
        self.best = best
        self.witness = witness
        self.exact = exact


_ATTACK_KEY: Final = "attack_plan"
_BLOCK_KEY: Final = "block_plan"


def attack_plan(game: Game) -> AttackPlan:
    """The plan for the current declaration of attackers (cached until a change)."""
    key = (_ATTACK_KEY, game.turn, game.step)
    got = game._chars.get(key)
    if got is None:
        got = _make_attack_plan(game)
        game._chars[key] = got
    return got


def block_plan(game: Game) -> BlockPlan:
    """The plan for the current declaration of blockers (cached until a change)."""
    combat = game.combat
    key = (_BLOCK_KEY, game.turn, game.step, combat.defending_player if combat else -1)
    got = game._chars.get(key)
    if got is None:
        got = _make_block_plan(game)
        game._chars[key] = got
    return got


def _make_attack_plan(game: Game) -> AttackPlan:
    defenders = possible_defenders(game, game.active)
    cands: dict[int, list[int]] = {}
    alone: set[int] = set()
    reqs: dict[int, list[tuple[Any, ...]]] = {}
    costs: dict[tuple[int, int], str] = {}
    cost_rules = _attack_cost_rules(game)
    for oid in game.battlefield:
        o = game.objects[oid]
        if not game.is_active(o.controller) or attack_problem(game, o) is not None:
            continue
        ok = [d for d in defenders if defender_problem(game, o, d) is None]
        if not ok:
            continue
        cands[oid] = ok
        rules = cr.rules_of(game, o)
        ops = {r.op for r in rules}
        if "cant_attack_alone" in ops:
            alone.add(oid)
        for d in ok:
            cost = _attack_cost(game, o, d, cost_rules)
            if cost:
                costs[(oid, d)] = cost
        if any((oid, d) in costs for d in ok):
            continue  # CR 508.1d: a creature with a cost to attack is exempt
        atoms: list[tuple[Any, ...]] = []
        for r in rules:
            if r.op == "must_attack" and (
                r.condition is None
                or any(
                    cr.condition_holds(
                        game, r.condition, None, o, cr.defending_player_of(game, d), r
                    )
                    for d in ok
                )
            ):
                atoms.append(("attack",))
            elif r.op == "goaded":  # CR 701.15b
                atoms.append(("attack",))
                atoms.append(("player_not", r.args.get("by")))
            elif r.op == "must_attack_player":  # "attacks that opponent if able" (508.1d)
                atoms.append(("player", r.args.get("player")))
        if atoms:
            reqs[oid] = atoms
    limits = [int(r.args.get("amount", 1)) for r in cr.global_rules(game, "max_attackers")]
    plan = AttackPlan(cands, alone, min(limits) if limits else None, reqs, costs)
    _solve_attack(game, plan)
    return plan


def _attack_cost_rules(game: Game) -> list[tuple[GameObject, Any]]:
    return [(src, st) for src, st in cr._static_sources(game) if st.op == "attack_cost"]


def _attack_cost(
    game: Game, o: GameObject, defender: int, rules: list[tuple[GameObject, Any]]
) -> str:
    """CR 508.1h: "can't attack you unless their controller pays {2}" (Ghostly Prison)."""
    total = ""
    for src, st in rules:
        if isinstance(st.affected, SelfRef) and o.id != src.id:
            continue  # "this creature can't attack unless you pay {2}" (Qal Sisma Behemoth)
        pl = ref_player(defender)
        if st.args.get("any_defender"):
            pass  # whatever it attacks
        elif pl != src.controller:
            obj = game.objects.get(defender)
            if not (
                st.args.get("planeswalkers")
                and obj is not None
                and obj.controller == src.controller
            ):
                continue
        if isinstance(st.affected, Filter) and not matches_object(
            game, o, st.affected, src.controller, src
        ):
            continue
        total += str(st.args.get("mana", ""))
    return total


def _make_block_plan(game: Game) -> BlockPlan:
    combat = game.combat
    assert combat is not None
    defending = combat.defending_player
    attackers = [game.objects[a] for a in combat.attackers if a in game.objects]
    if len(game.players) > 2:
        # CR 802.4a-b: a defending player blocks only creatures attacking them, their
        # planeswalkers or the battles they protect; the others are ignored
        attackers = [
            a
            for a in attackers
            # CR 805.10d: with shared team turns, creatures attacking the defending team
            if not game.is_opponent(defending, cr.defending_player_of(game, combat.attackers[a.id]))
        ]
    cands: dict[int, list[int]] = {}
    cap: dict[int, int] = {}
    alone: set[int] = set()
    atoms: list[tuple[Any, ...]] = []
    costs: dict[int, str] = {}
    cost_rules = [(src, st) for src, st in cr._static_sources(game) if st.op == "block_cost"]
    for oid in game.battlefield:
        o = game.objects[oid]
        if game.is_opponent(defending, o.controller) or block_able(game, o, defending) is not None:
            continue
        ok = [a.id for a in attackers if KEYWORD_HOOKS.block_problem(game, o, a) is None]
        if not ok:
            continue
        cands[oid] = ok
        cap[oid] = block_capacity(game, o)
        rules = cr.rules_of(game, o)
        if any(r.op == "cant_block_alone" for r in rules):
            alone.add(oid)
        cost = _block_cost(game, o, cost_rules)
        if cost:
            costs[oid] = cost
            continue  # CR 509.1c: a creature with a cost to block is exempt
        if any(r.op == "must_block" for r in rules):
            atoms.append(("block_any", oid))
        for r in rules:
            if r.op == "must_block_attacker" and r.args.get("attacker") in ok:
                atoms.append(("block", oid, r.args["attacker"]))
    minb = {a.id: KEYWORD_HOOKS.min_blockers(game, a) for a in attackers}
    maxb: dict[int, int] = {}
    for a in attackers:
        m = KEYWORD_HOOKS.max_blockers(game, a)
        if m is not None:
            maxb[a.id] = m
        ops = {r.op for r in cr.rules_of(game, a)}
        able = [b for b, atts in cands.items() if a.id in atts]
        if "must_be_blocked_by_all" in ops:
            atoms.extend(("block", b, a.id) for b in able if b not in costs)
        if "must_be_blocked" in ops and able:
            atoms.append(("blocked", a.id, tuple(able)))
        for r in cr.rules_of(game, a):
            if r.op == "must_be_blocked_by" and isinstance(r.args.get("filter"), Filter):
                src = game.objects.get(r.source) if r.source is not None else None
                by = [
                    b
                    for b in able
                    if matches_object(game, game.objects[b], r.args["filter"], r.controller, src)
                ]
                if by:  # "must be blocked by an Eldrazi if able" (CR 509.1c)
                    atoms.append(("blocked", a.id, tuple(by)))
    limits = [int(r.args.get("amount", 1)) for r in cr.global_rules(game, "max_blockers")]
    plan = BlockPlan(
        defending, cands, cap, minb, maxb, alone, min(limits) if limits else None, atoms, costs
    )
    _solve_block(game, plan)
    return plan


def _block_cost(game: Game, o: GameObject, rules: list[tuple[GameObject, Any]]) -> str:
    """CR 509.1d: "creatures can't block unless their controller pays ..."."""
    total = ""
    for src, st in rules:
        if isinstance(st.affected, SelfRef) and o.id != src.id:
            continue  # "this creature can't block unless you pay {2}"
        if isinstance(st.affected, Filter) and not matches_object(
            game, o, st.affected, src.controller, src
        ):
            continue
        total += str(st.args.get("mana", ""))
    return total


def costs_by_controller(game: Game, costs: Iterable[tuple[int, str]]) -> dict[int, str]:
    """CR 508.1h, 509.1d: each player's total cost for the creatures they control
    that attack or block (CR 805.10b, 805.10d: with shared team turns, each player
    of the team pays for their own creatures, 810.5); ``costs``: (creature, cost)."""
    out: dict[int, str] = {}
    for creature, cost in costs:
        if cost:
            player = game.objects[creature].controller
            out[player] = out.get(player, "") + cost
    return out


# ---------------------------------------------------------------------------
# Attackers: restrictions, counting, search
# ---------------------------------------------------------------------------


def attack_restriction_problem(
    game: Game, plan: AttackPlan, decl: dict[int, int], bands: tuple[tuple[int, ...], ...] = ()
) -> str | None:
    """Restrictions on the declaration as a whole (CR 508.1c, 508.1h, 702.22c-d)."""
    n = len(decl)
    if n == 1:
        (only,) = decl
        if only in plan.alone:
            name = game.objects[only].name
            return f"{name} can't attack alone (rule 508.1c)"
    if plan.max_attackers is not None and n > plan.max_attackers:
        return f"no more than {plan.max_attackers} creature(s) can attack each combat (rule 508.1c)"
    if bands:
        why = KEYWORD_HOOKS.band_problem(game, decl, bands)
        if why is not None:
            return why
    if plan.costs:
        costs = ((c, plan.costs.get((c, d), "")) for c, d in decl.items())
        for player, cost in costs_by_controller(game, costs).items():
            if not _can_pay_combat_cost(game, player, cost, set(decl)):
                return f"{game.players[player].name} can't pay {cost} to attack (rule 508.1h)"
    return None


def _can_pay_combat_cost(game: Game, player: int, cost: str, exclude: set[int]) -> bool:
    sources = [s for s in mana_sources(game, player) if s.obj not in exclude]
    return plan_payment(game, player, parse_cost(cost), sources) is not None


def attack_count(plan: AttackPlan, decl: dict[int, int], game: Game) -> int:
    """How many requirements the declaration obeys (CR 508.1d)."""
    n = 0
    for c, atoms in plan.reqs.items():
        d = decl.get(c)
        if d is None:
            continue
        for atom in atoms:
            if atom[0] == "attack":
                n += 1
            elif atom[0] == "player_not":
                pl = ref_player(d)
                if pl is not None and pl != atom[1]:
                    n += 1
            elif atom[0] == "player" and ref_player(d) == atom[1]:
                n += 1
    return n


def _solve_attack(game: Game, plan: AttackPlan) -> None:
    """The maximum number of requirements a legal declaration obeys (CR 508.1d)."""
    variables = sorted(plan.reqs, key=lambda c: -len(plan.reqs[c]))
    if not variables:
        plan.best, plan.witness = 0, ()
        return
    options: dict[int, list[int | None]] = {}
    top: dict[int, int] = {}
    for c in variables:
        seen: dict[int, int] = {}
        for d in plan.cands[c]:
            value = attack_count(plan, {c: d}, game)
            if value not in seen:
                seen[value] = d
        ordered = sorted(seen.items(), key=lambda kv: -kv[0])
        options[c] = [d for _, d in ordered] + [None]
        top[c] = ordered[0][0] if ordered else 0
    variables.sort(key=lambda c: -top[c])
    fillers = [c for c in plan.cands if c not in plan.reqs]
    bound_after = [0] * (len(variables) + 1)
    for i in range(len(variables) - 1, -1, -1):
        bound_after[i] = bound_after[i + 1] + top[variables[i]]
    limit = plan.max_attackers if plan.max_attackers is not None else len(variables)
    best: list[Any] = [-1, ()]  # the best count, and its declaration's items
    leaves = [0]

    def bound(i: int, used: int) -> int:
        """The most the variables from ``i`` on can add, with the slots left
        (508.1c: "no more than N creatures can attack")."""
        slots = max(0, limit - used)
        return bound_after[i] - bound_after[min(len(variables), i + slots)]

    def leaf(decl: dict[int, int]) -> None:
        leaves[0] += 1
        full = _attack_repair(game, plan, decl, fillers)
        if full is None:
            return
        value = attack_count(plan, full, game)
        if value > best[0]:
            best[0] = value
            best[1] = tuple(full.items())

    total = bound(0, 0)

    def dfs(i: int, decl: dict[int, int], value: int) -> bool:
        if best[0] >= total or leaves[0] >= _LEAF_LIMIT:
            return True
        if value + bound(i, len(decl)) <= best[0]:
            return False
        if i == len(variables):
            leaf(decl)
            return False
        c = variables[i]
        for d in options[c]:
            if d is None:
                if dfs(i + 1, decl, value):
                    return True
            elif len(decl) < limit:
                decl[c] = d
                stop = dfs(i + 1, decl, value + attack_count(plan, {c: d}, game))
                del decl[c]
                if stop:
                    return True
        return False

    dfs(0, {}, 0)
    plan.exact = leaves[0] < _LEAF_LIMIT
    plan.best = max(best[0], 0)
    plan.witness = best[1]


def _attack_repair(
    game: Game, plan: AttackPlan, decl: dict[int, int], fillers: list[int]
) -> dict[int, int] | None:
    """Complete a partial declaration so it breaks no restriction: add one
    creature without requirements when one can't attack alone (CR 508.1c)."""
    if attack_restriction_problem(game, plan, decl) is None:
        return dict(decl)
    if len(decl) == 1:
        for f in fillers:
            if f in decl:
                continue
            for d in plan.cands[f]:
                trial = dict(decl)
                trial[f] = d
                if attack_restriction_problem(game, plan, trial) is None:
                    return trial
    return None


def attack_requirements_text(game: Game, plan: AttackPlan, decl: dict[int, int]) -> str:
    missing = []
    for c, atoms in plan.reqs.items():
        if c not in decl:
            missing.append(game.objects[c].name)
        elif any(a[0] == "player_not" for a in atoms) and attack_count(
            plan, {c: decl[c]}, game
        ) < len(atoms):
            missing.append(f"{game.objects[c].name} (a player other than its goader)")
        elif any(a[0] == "player" for a in atoms) and attack_count(plan, {c: decl[c]}, game) < len(
            atoms
        ):
            missing.append(f"{game.objects[c].name} (the player it must attack)")
    return ", ".join(missing) or "the creatures that must attack"


# ---------------------------------------------------------------------------
# Blockers: restrictions, counting, search
# ---------------------------------------------------------------------------


def block_restriction_problem(
    game: Game, plan: BlockPlan, decl: dict[int, list[int]]
) -> str | None:
    """Restrictions on the declaration as a whole (CR 509.1a-b, 702.111b)."""
    per_attacker: dict[int, int] = {}
    for b, atts in decl.items():
        if len(atts) > plan.cap.get(b, 1):
            name = game.objects[b].name
            return f"{name} can't block that many creatures (rule 509.1a)"
        for a in atts:
            per_attacker[a] = per_attacker.get(a, 0) + 1
    for a, n in per_attacker.items():
        need = plan.minb.get(a, 1)
        if n < need:
            name = game.objects[a].name
            if need == 2 and Kw.MENACE in chars(game, game.objects[a]).keywords:
                return f"{name} can't be blocked except by two or more creatures (menace, rule 702.111b)"
            return f"{name} can't be blocked except by {need} or more creatures (rule 509.1b)"
        if a in plan.maxb and n > plan.maxb[a]:
            name = game.objects[a].name
            return f"{name} can't be blocked by more than {plan.maxb[a]} creature(s) (rule 509.1b)"
    if len(decl) == 1:
        (only,) = decl
        if only in plan.alone:
            return f"{game.objects[only].name} can't block alone (rule 509.1b)"
    if plan.max_blockers is not None and len(decl) > plan.max_blockers:
        return f"no more than {plan.max_blockers} creature(s) can block each combat (rule 509.1b)"
    if plan.costs:
        costs = ((b, plan.costs.get(b, "")) for b in decl)
        for player, cost in costs_by_controller(game, costs).items():
            if not _can_pay_combat_cost(game, player, cost, set()):
                return f"{game.players[player].name} can't pay {cost} to block (rule 509.1d)"
    return None


def block_count(plan: BlockPlan, decl: dict[int, list[int]]) -> int:
    """How many requirements the declaration obeys (CR 509.1c)."""
    n = 0
    for atom in plan.atoms:
        k = atom[0]
        if k == "block_any":
            n += bool(decl.get(atom[1]))
        elif k == "block":
            n += atom[2] in decl.get(atom[1], ())
        elif k == "blocked":
            n += any(atom[1] in decl.get(b, ()) for b in atom[2])
    return n


def _solve_block(game: Game, plan: BlockPlan) -> None:
    """The maximum number of requirements a legal declaration obeys (CR 509.1c)."""
    if not plan.atoms:
        plan.best, plan.witness = 0, ()
        return
    relevant_attackers = {atom[2] for atom in plan.atoms if atom[0] == "block"}
    relevant_attackers |= {atom[1] for atom in plan.atoms if atom[0] == "blocked"}
    variables: list[int] = []
    for atom in plan.atoms:
        if atom[0] in ("block_any", "block") and atom[1] not in variables:
            variables.append(atom[1])
    blocked_atoms = [atom for atom in plan.atoms if atom[0] == "blocked"]
    for atom in blocked_atoms:
        for b in atom[2]:
            if b not in variables:
                variables.append(b)
    own: dict[int, list[tuple[Any, ...]]] = {b: [] for b in variables}
    for atom in plan.atoms:
        if atom[0] in ("block_any", "block"):
            own[atom[1]].append(atom)

    def own_value(b: int, atts: tuple[int, ...]) -> int:
        v = 0
        for atom in own[b]:
            if atom[0] == "block_any":
                v += bool(atts)
            elif atom[2] in atts:
                v += 1
        return v

    options: dict[int, list[tuple[int, ...]]] = {}
    top: dict[int, int] = {}
    for b in variables:
        singles = [(a,) for a in plan.cands[b]]
        opts: list[tuple[int, ...]] = list(singles)
        if plan.cap.get(b, 1) > 1:
            rel = [a for a in plan.cands[b] if a in relevant_attackers]
            k = min(plan.cap[b], _MULTI, len(rel))
            if k > 1:
                opts.append(tuple(rel[:k]))
        opts.sort(
            key=lambda atts: (-own_value(b, atts), -sum(a in relevant_attackers for a in atts))
        )
        # a creature that only helps "must be blocked" tries not blocking first, so
        # the declaration found blocks with no more creatures than needed (509.1c)
        options[b] = [*opts, ()] if own[b] else [(), *opts]
        top[b] = max((own_value(b, o) for o in opts), default=0)
    variables.sort(key=lambda b: -top[b])
    bound_after = [0] * (len(variables) + 1)
    for i in range(len(variables) - 1, -1, -1):
        bound_after[i] = bound_after[i + 1] + top[variables[i]]
    total_bound = bound_after[0] + len(blocked_atoms)
    best: list[Any] = [-1, ()]
    leaves = [0]

    def leaf(decl: dict[int, list[int]]) -> None:
        leaves[0] += 1
        full = _block_repair(game, plan, decl)
        if full is None:
            return
        value = block_count(plan, full)
        if value > best[0]:
            best[0] = value
            best[1] = tuple((b, a) for b, atts in full.items() for a in atts)

    def dfs(i: int, decl: dict[int, list[int]], value: int) -> bool:
        if best[0] >= total_bound or leaves[0] >= _LEAF_LIMIT:
            return True
        if value + bound_after[i] + len(blocked_atoms) <= best[0]:
            return False
        if i == len(variables):
            leaf(decl)
            return False
        b = variables[i]
        for atts in options[b]:
            if atts and not _room(plan, decl, atts):
                continue
            if atts:
                decl[b] = list(atts)
            if dfs(i + 1, decl, value + own_value(b, atts)):
                decl.pop(b, None)
                return True
            decl.pop(b, None)
        return False

    dfs(0, {}, 0)
    plan.exact = leaves[0] < _LEAF_LIMIT
    plan.best = max(best[0], 0)
    plan.witness = best[1]


def _room(plan: BlockPlan, decl: dict[int, list[int]], atts: tuple[int, ...]) -> bool:
    """Whether one more blocker fits the limits that only get worse with more
    blockers ("no more than N creatures can block", "can't be blocked by more than
    one creature", CR 509.1b)."""
    if plan.max_blockers is not None and len(decl) >= plan.max_blockers:
        return False
    for a in atts:
        if a in plan.maxb and sum(a in x for x in decl.values()) >= plan.maxb[a]:
            return False
    return True


def _block_repair(
    game: Game, plan: BlockPlan, decl: dict[int, list[int]]
) -> dict[int, list[int]] | None:
    """Complete a partial declaration with creatures no requirement names, so it
    breaks no restriction: more blockers for menace (702.111b, 509.1c example),
    a companion for a creature that can't block alone (509.1b)."""
    full = {b: list(atts) for b, atts in decl.items()}
    count: dict[int, int] = {}
    for atts in full.values():
        for a in atts:
            count[a] = count.get(a, 0) + 1
    free = [b for b in plan.cands if b not in full]
    for a, n in list(count.items()):
        need = plan.minb.get(a, 1)
        while n < need:
            f = next((b for b in free if a in plan.cands[b]), None)
            if f is None:
                return None
            free.remove(f)
            full[f] = [a]
            n += 1
        count[a] = n
    if len(full) == 1 and next(iter(full)) in plan.alone:
        for f in free:
            for a in plan.cands[f]:
                if count.get(a, 0) + 1 >= plan.minb.get(a, 1):
                    trial = dict(full)
                    trial[f] = [a]
                    if block_restriction_problem(game, plan, trial) is None:
                        return trial
        return None
    if block_restriction_problem(game, plan, full) is not None:
        return None
    return full


def block_requirements_text(game: Game, plan: BlockPlan, decl: dict[int, list[int]]) -> str:
    out = []
    for atom in plan.atoms:
        if atom[0] == "block_any" and not decl.get(atom[1]):
            out.append(f"{game.objects[atom[1]].name} blocks each combat if able")
        elif atom[0] == "block" and atom[2] not in decl.get(atom[1], ()):
            out.append(
                f"{game.objects[atom[1]].name} must block {game.objects[atom[2]].name} if able"
            )
        elif atom[0] == "blocked" and not any(atom[1] in decl.get(b, ()) for b in atom[2]):
            out.append(f"{game.objects[atom[1]].name} must be blocked if able")
    return "; ".join(out[:3])


# ---------------------------------------------------------------------------
# Decision data and answers
# ---------------------------------------------------------------------------


def attack_decision_data(game: Game) -> dict[str, Any]:
    """What the declare-attackers decision tells the player (architecture §1):
    candidates with their legal defenders, restrictions, requirements, and a
    legal declaration that obeys the most requirements."""
    plan = attack_plan(game)
    data: dict[str, Any] = {"candidates": {k: list(v) for k, v in plan.cands.items()}}
    if plan.alone:
        data["cant_attack_alone"] = sorted(plan.alone)
    if plan.max_attackers is not None:
        data["max_attackers"] = plan.max_attackers
    if plan.reqs:
        data["requirements"] = {c: [list(a) for a in atoms] for c, atoms in plan.reqs.items()}
        data["max_requirements"] = plan.best
    if plan.costs:
        data["costs"] = {f"{c}:{d}": m for (c, d), m in plan.costs.items()}
    data["default"] = [list(p) for p in plan.witness]
    bands = KEYWORD_HOOKS.banding_candidates(game, plan.cands)
    if bands:
        data["banding"] = bands
    return data


def block_decision_data(game: Game) -> dict[str, Any]:
    """What the declare-blockers decision tells the player (architecture §1)."""
    plan = block_plan(game)
    data: dict[str, Any] = {"candidates": {k: list(v) for k, v in plan.cands.items()}}
    data["menace"] = [a for a, n in plan.minb.items() if n > 1]
    data["min_blockers"] = {a: n for a, n in plan.minb.items() if n > 1}
    if plan.maxb:
        data["max_blockers_per_attacker"] = dict(plan.maxb)
    extra = {b: n for b, n in plan.cap.items() if n > 1}
    if extra:
        data["capacity"] = {b: min(n, 99) for b, n in extra.items()}
    if plan.alone:
        data["cant_block_alone"] = sorted(plan.alone)
    if plan.max_blockers is not None:
        data["max_blockers"] = plan.max_blockers
    if plan.costs:
        data["costs"] = dict(plan.costs)
    if plan.atoms:
        data["requirements"] = [list(a) for a in plan.atoms]
        data["max_requirements"] = plan.best
    data["default"] = [list(p) for p in plan.witness]
    return data
