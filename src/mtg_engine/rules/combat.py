"""Combat (CR 506-511): the turn-based actions of the combat steps.

* Declare attackers (508.1): the decision lists each creature that can attack
  with what it may attack, the restrictions and requirements
  (:mod:`.combat_requirements`); the declaration is checked as a whole
  (508.1c-d), bands are formed (508.1e, :mod:`mtg_engine.keywords.banding`),
  attackers tap (508.1f, vigilance 702.20b), costs are paid (508.1h-j) and
  "whenever ... attacks" abilities trigger (508.1m).
* Declare blockers (509.1): likewise for blockers (509.1a-c); a creature
  blocking one member of a band blocks the whole band (702.22h); attackers
  become blocked or unblocked (509.1h) and blocking abilities trigger (509.1i,
  509.3).
* Combat damage (510): :mod:`.combat_damage` decides who deals damage in
  which step and how it may be divided; the task here asks the choices and
  deals the damage.
* End of combat (511.3): creatures are removed from combat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar

from ..game.actions import (
    Decision,
    DecisionKind,
    DecisionPurpose,
    DeclareAttackers,
    DeclareBlockers,
    ref_player,
)
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.keyword_names import Kw
from ..game.objects import GameObject, Zone
from ..game.tasks import Task, task_handler
from . import combat_damage as cd
from . import combat_requirements as req
from . import pile_blocks as pile_rules
from .characteristics import chars
from .combat_damage import assignment_options, assignment_problem, first_strike_step_needed
from .combat_requirements import is_summoning_sick, possible_defenders
from .combat_rules import defending_player_of
from .exert import exert, may_exert
from .face_down import is_masked
from .face_turning import unmask
from .mana import execute_plan, mana_sources, plan_payment
from .mana_costs import parse_cost
from .naming import named
from .support import register_keywords
from .tapping import became_tapped, pay_tap

if TYPE_CHECKING:
    from ..game.state import Game

register_keywords("Trample over planeswalkers", "Banding", "Bands with other")

__all__ = [
    "assignment_options",
    "assignment_problem",
    "attack_declaration_problem",
    "block_declaration_problem",
    "default_attack",
    "default_block",
    "end_combat",
    "first_strike_step_needed",
    "is_summoning_sick",
    "possible_defenders",
    "remove_from_combat",
]


# ---------------------------------------------------------------------------
# Compatibility helpers (used by agents and older callers)
# ---------------------------------------------------------------------------


def can_attack(game: Game, obj: GameObject) -> tuple[str, str] | None:
    """Why ``obj`` can't attack (reason, rule), or None (CR 508.1a, 508.1c)."""
    return req.attack_problem(game, obj)


def can_block(game: Game, obj: GameObject, defending: int) -> tuple[str, str] | None:
    """Why ``obj`` can't block (reason, rule), or None (CR 509.1a-b)."""
    return req.block_able(game, obj, defending)


def attack_candidates(game: Game) -> dict[int, list[int]]:
    """Each creature that can attack, with what it may attack (CR 508.1a-c)."""
    return req.attack_plan(game).cands


def block_candidates(game: Game) -> dict[int, list[int]]:
    """Each creature that can block, with the attackers it may block (CR 509.1a-b)."""
    if game.combat is None:
        return {}
    return req.block_plan(game).cands


def blocker_subsets_ok(game: Game, attacker: int, blockers: list[int]) -> bool:
    """Whether this many blockers satisfy menace-like restrictions (702.111b)."""
    return len(blockers) == 0 or len(blockers) >= KEYWORD_HOOKS.min_blockers(
        game, game.objects[attacker]
    )


# ---------------------------------------------------------------------------
# Declare attackers (CR 508)
# ---------------------------------------------------------------------------


def attack_declaration_problem(game: Game, action: DeclareAttackers) -> str | None:
    """Check a whole declaration of attackers (CR 508.1a-d, 508.1h, 702.22c-d)."""
    plan = req.attack_plan(game)
    viewer = game.pending.player if game.pending else None
    decl: dict[int, int] = {}
    for creature, defender in action.attackers:
        if creature in decl:
            who = named(game, creature, viewer)
            if decl[creature] == defender:
                return f"{who} is declared twice (rule 508.1a)"
            first, second = named(game, decl[creature], viewer), named(game, defender, viewer)
            return (
                f"{who} can attack only one player, planeswalker or battle: not both "
                f"{first} and {second} (rule 508.1a, 508.1b)"
            )
        o = game.objects.get(creature)
        if o is None or o.zone != Zone.BATTLEFIELD:
            return f"{named(game, creature, viewer)} isn't a permanent on the battlefield (rule 508.1a)"
        if creature not in plan.cands:
            why = req.attack_problem(game, o) or req.defender_problem(game, o, defender)
            why = why or ("it can't attack anything", "508.1b")
            return f"{o.name} can't attack: {why[0]} (rule {why[1]})"
        if defender not in plan.cands[creature]:
            why2 = req.defender_problem(game, o, defender)
            if why2 is not None:
                return f"{o.name} can't attack that: {why2[0]} (rule {why2[1]})"
            return f"{o.name} can't attack that player or permanent (rule 508.1b)"
        decl[creature] = defender
    why3 = req.attack_restriction_problem(game, plan, decl, action.bands)
    if why3 is not None:
        return why3
    if plan.reqs and req.attack_count(plan, decl, game) < plan.best:
        return (
            f"{req.attack_requirements_text(game, plan, decl)} must attack if able: the "
            "declaration must obey as many requirements as possible (rule 508.1d)"
        )
    return None


def default_attack(game: Game) -> DeclareAttackers:
    """The declaration the requirements force and no more (CR 508.1d): the
    scenario default and a legal answer that always exists."""
    return DeclareAttackers(req.attack_plan(game).witness)


def attack_options(game: Game) -> list[DeclareAttackers]:
    """A representative list of legal declarations (the decision accepts any
    legal one): the forced one, none, each single attack, everyone at once."""
    return list(legal_attack_declarations(game))


def legal_attack_declarations(game: Game) -> Iterator[DeclareAttackers]:
    """The declarations :func:`attack_options` lists, each checked only as it is
    taken (CR 508.1): a caller that needs the first few stops early."""
    return _legal(game, _attack_candidates(req.attack_plan(game)), attack_declaration_problem)


_Decl = TypeVar("_Decl", DeclareAttackers, DeclareBlockers)


def _legal(
    game: Game, candidates: Iterator[_Decl], problem: Callable[[Game, _Decl], str | None]
) -> Iterator[_Decl]:
    """The candidate declarations that are legal, each once, checked as they're taken."""
    seen: set[_Decl] = set()
    for o in candidates:
        if o not in seen and problem(game, o) is None:
            seen.add(o)
            yield o


def _attack_candidates(plan: req.AttackPlan) -> Iterator[DeclareAttackers]:
    """The forced declaration, none, everyone at once, and each single attack (alone
    and with the forced ones), in that order, unchecked."""
    yield DeclareAttackers(plan.witness)
    yield DeclareAttackers(())
    if plan.cands:
        yield DeclareAttackers(tuple((c, ds[0]) for c, ds in plan.cands.items()))
        for c, ds in plan.cands.items():
            for d in ds:
                yield DeclareAttackers(((c, d),))
                if plan.witness and c not in dict(plan.witness):
                    yield DeclareAttackers((*plan.witness, (c, d)))


@task_handler("declare_attackers")
def declare_attackers_task(game: Game, task: Task) -> None:
    """CR 508.1: the active player declares attackers (a turn-based action)."""
    exerting = "decl" in task.data
    if task.answer is None and not exerting and game.players[game.active].has_lost:
        # CR 800.4j: a turn whose player left the game goes on without an active
        # player: no one declares attackers
        task.answer = DeclareAttackers(())
    if task.answer is None and not exerting:
        game.ask(
            Decision(
                DecisionKind.ATTACKERS,
                game.active,
                "508.1",
                "Declare attackers",
                req.attack_decision_data(game),
            )
        )
        return
    if not exerting:
        declared: DeclareAttackers = task.answer
        task.answer = None
        task.data["decl"] = [list(p) for p in declared.attackers]
        task.data["bands"] = [list(b) for b in declared.bands]
        task.data["exert_asked"] = may_exert(game, [c for c, _ in declared.attackers])
        task.data["exerted"] = []
        # CR 508.1g, 702.154a-b: enlist, an optional cost to attack
        task.data["enlist_asked"] = KEYWORD_HOOKS.enlisters(
            game, [c for c, _ in declared.attackers]
        )
        task.data["enlisted"] = []
    elif task.answer is not None and task.data["exert_asked"]:
        # CR 508.1g: the answer for the first creature still to decide
        creature = task.data["exert_asked"].pop(0)
        if task.answer.value:
            task.data["exerted"].append(creature)
        task.answer = None
    elif task.answer is not None:
        # CR 508.1g, 702.154a: the creature the first enlist still to decide taps
        creature = task.data["enlist_asked"].pop(0)
        for other in task.answer.objects[:1]:
            task.data["enlisted"].append([creature, int(other)])
        task.answer = None
    if task.data["exert_asked"]:
        creature = task.data["exert_asked"][0]
        game.ask(
            Decision(
                DecisionKind.YES_NO,
                game.objects[creature].controller,  # CR 805.10b: its controller's choice
                "508.1g",
                f"Exert {game.objects[creature].name} as it attacks?",
                {"purpose": DecisionPurpose.MAY, "obj": creature},
            )
        )
        return
    if _ask_enlist(game, task):
        return
    action = DeclareAttackers(
        tuple((int(c), int(d)) for c, d in task.data.pop("decl")),
        tuple(tuple(int(x) for x in b) for b in task.data.pop("bands")),
    )
    exerted = [int(c) for c in task.data.pop("exerted")]
    del task.data["exert_asked"]
    combat = game.combat
    assert combat is not None
    plan = req.attack_plan(game)
    decl = dict(action.attackers)
    costs = (
        req.costs_by_controller(game, ((c, plan.costs.get((c, d), "")) for c, d in decl.items()))
        if plan.costs
        else {}
    )
    tapped_now: list[GameObject] = []
    for creature in decl:
        o = game.objects[creature]
        if o.face_down:
            if is_masked(o) and Kw.VIGILANCE not in chars(game, o).keywords:
                unmask(game, [o], "become tapped")  # Illusionary Mask (CR 614.1a)
        if Kw.VIGILANCE not in chars(game, o).keywords:
            if pay_tap(game, o, ("508.1f",)):  # CR 508.1f (vigilance: 702.20b)
                tapped_now.append(o)
    if tapped_now:
        became_tapped(game, tapped_now, ("508.1f",))
    for player, cost in costs.items():
        _pay_combat_cost(game, player, cost, "508.1h", "attacking")
    for creature in exerted:
        exert(game, creature, game.objects[creature].controller)  # CR 508.1g, 701.43a
    for creature, enlisted in task.data.pop("enlisted", ()):
        KEYWORD_HOOKS.enlist(game, int(creature), int(enlisted))  # CR 508.1j, 702.154a
    task.data.pop("enlist_asked", None)
    for creature, defender in action.attackers:
        combat.attackers[creature] = defender  # CR 508.1k
        combat.blocked[creature] = False
    game.turn_flags.attacks_declared = tuple(action.attackers)
    # pack tactics: "if you attacked with creatures with total power 6 or greater this
    # combat" reads their powers as they were declared as attackers (CR 508.1)
    game.turn_flags.attackers_power = tuple(
        (c, game.objects[c].controller, int(chars(game, game.objects[c]).power or 0))
        for c, _ in action.attackers
    )
    # "if you attacked this turn": creatures were declared as attackers (CR 508.1)
    game.turn_flags.attackers_this_turn += len(action.attackers)
    # "whenever this creature attacks for the first time each turn" (CR 603.2): the
    # creatures declared as attackers for the first time this turn
    firsts = {c for c, _ in action.attackers if c not in game.turn_flags.attacked}
    game.turn_flags.attacked.update(creature for creature, _ in action.attackers)
    if action.attackers or tapped_now or costs:
        game.invalidate("combat")  # no attackers: nothing changed
    KEYWORD_HOOKS.set_bands(game, action.bands)
    active = game.players[game.active].name
    if not action.attackers:
        game.emit(EventKind.DECLARE_ATTACKERS, ("508.1",), f"{active} declares no attackers")
        game.finish(task)
        return
    names = ", ".join(game.objects[c].name for c, _ in action.attackers)
    team: tuple[str, ...] = ()
    verb = "attacks"
    if game.teams is not None:
        # CR 805.10b: the active team's one combined attack, by the players who attack
        who = dict.fromkeys(game.objects[c].controller for c, _ in action.attackers)
        active = " and ".join(game.players[p].name for p in who)
        team = ("805.10b",)
        verb = "attack" if len(who) > 1 else "attacks"
    game.emit(
        EventKind.DECLARE_ATTACKERS,
        ("508.1", "508.1f", *team),
        f"{active} {verb} with {names}",
        attackers=[a for a, _ in action.attackers],
        # the players attacked themselves, not through a planeswalker or battle (CR 508.1b)
        attacked_players=sorted(
            {p for _, d in action.attackers if (p := ref_player(d)) is not None}
        ),
    )
    for creature, defender in action.attackers:
        o = game.objects[creature]
        game.emit(
            EventKind.ATTACKS,
            ("508.1m",),
            f"{o.name} attacks {_defender_name(game, defender)}",
            subject=o,
            obj=creature,
            defender=defender,
            player=defending_player_of(game, defender),
            first=creature in firsts,
        )
    if len(action.attackers) == 1:
        creature = action.attackers[0][0]
        game.emit(
            EventKind.ATTACKS_ALONE,
            ("702.83b",),
            f"{game.objects[creature].name} attacks alone",
            subject=game.objects[creature],
            obj=creature,
            defender=action.attackers[0][1],
            player=defending_player_of(game, action.attackers[0][1]),
        )
    game.finish(task)


def _ask_enlist(game: Game, task: Task) -> bool:
    """CR 508.1g, 702.154a: for each enlist of an attacking creature in turn, the
    active player may choose an untapped creature to tap; True while asking."""
    asked = task.data.setdefault("enlist_asked", [])
    taken = [int(e) for _, e in task.data.setdefault("enlisted", [])]
    attackers = [int(c) for c, _ in task.data["decl"]]
    while asked:
        creature = int(asked[0])
        cands = KEYWORD_HOOKS.enlist_candidates(game, creature, attackers, taken)
        if not cands:
            asked.pop(0)
            continue
        game.ask(
            Decision(
                DecisionKind.CHOOSE_OBJECTS,
                game.active,
                "702.154a",
                f"Enlist: you may tap a creature for {game.objects[creature].name} as it attacks",
                {
                    "candidates": cands,
                    "min": 0,
                    "max": 1,
                    "purpose": DecisionPurpose.ENLIST,
                    "obj": creature,
                },
            )
        )
        return True
    return False


def _pay_combat_cost(game: Game, player: int, cost: str, rule: str, what: str) -> None:
    """CR 508.1h-j, 509.1d-f: the total cost is locked in and paid, mana abilities
    first; attackers just declared are tapped and can't tap for mana."""
    exclude = set(game.combat.attackers) if game.combat and rule == "508.1h" else set()
    mc = parse_cost(cost)
    sources = [s for s in mana_sources(game, player) if s.obj not in exclude]
    plan = plan_payment(game, player, mc, sources)
    if plan is None:  # checked with the declaration
        return
    execute_plan(game, player, mc, plan, f"the cost of {what} (rule {rule})")


def _defender_name(game: Game, ref: int) -> str:
    pl = ref_player(ref)
    if pl is not None:
        return game.players[pl].name
    return game.objects[ref].name if ref in game.objects else "nothing"


# ---------------------------------------------------------------------------
# Declare blockers (CR 509)
# ---------------------------------------------------------------------------


def _block_map(game: Game, action: DeclareBlockers) -> tuple[dict[int, list[int]], str | None]:
    decl: dict[int, list[int]] = {}
    viewer = game.pending.player if game.pending else None
    for blocker, attacker in action.blockers:
        atts = decl.setdefault(blocker, [])
        if attacker in atts:
            pair = f"{named(game, blocker, viewer)} blocks {named(game, attacker, viewer)}"
            return (
                decl,
                f"{pair} twice: a creature can't block the same attacker twice (rule 509.1a)",
            )
        atts.append(attacker)
    return decl, None


def block_declaration_problem(game: Game, action: DeclareBlockers) -> str | None:
    """Check a whole declaration of blockers (CR 509.1a-c, 702.111b)."""
    combat = game.combat
    if combat is None:
        return "there is no combat"
    plan = req.block_plan(game)
    decl, why = _block_map(game, action)
    if why is not None:
        return why
    for blocker, atts in decl.items():
        o = game.objects.get(blocker)
        viewer = game.pending.player if game.pending else None
        if o is None or o.zone != Zone.BATTLEFIELD:
            return (
                f"{named(game, blocker, viewer)} isn't a permanent on the battlefield (rule 509.1a)"
            )
        why2 = req.block_able(game, o, combat.defending_player)
        if why2:
            return f"{o.name} can't block: {why2[0]} (rule {why2[1]})"
        for attacker in atts:
            a = game.objects.get(attacker)
            if a is None or attacker not in combat.attackers:
                what = named(game, attacker, viewer)
                return f"{o.name} can't block {what}: it isn't attacking (rule 509.1a)"
            if attacker not in plan.cands.get(blocker, ()):
                why3 = KEYWORD_HOOKS.block_problem(game, o, a) or (
                    "it isn't attacking its controller",
                    "509.1a",
                )
                return f"{o.name} can't block {a.name}: {why3[0]} (rule {why3[1]})"
    if any(len(atts) > plan.cap.get(b, 1) for b, atts in decl.items()):
        b = next(b for b, atts in decl.items() if len(atts) > plan.cap.get(b, 1))
        if plan.cap.get(b, 1) == 1:
            return f"{game.objects[b].name} blocks more than one creature (rule 509.1a)"
    why4 = req.block_restriction_problem(game, plan, decl)
    if why4 is not None:
        return why4
    if plan.atoms and req.block_count(plan, decl) < plan.best:
        return (
            f"{req.block_requirements_text(game, plan, decl)}: the declaration must obey as "
            "many requirements as possible (rule 509.1c)"
        )
    return None


def default_block(game: Game) -> DeclareBlockers:
    """The blocks the requirements force and no more (CR 509.1c)."""
    return DeclareBlockers(req.block_plan(game).witness)


def block_options(game: Game) -> list[DeclareBlockers]:
    """A representative list of legal declarations of blockers."""
    return list(legal_block_declarations(game))


def legal_block_declarations(game: Game) -> Iterator[DeclareBlockers]:
    """The declarations :func:`block_options` lists, each checked only as it is
    taken (CR 509.1): a caller that needs the first few stops early."""
    return _legal(game, _block_candidates(req.block_plan(game)), block_declaration_problem)


def _block_candidates(plan: req.BlockPlan) -> Iterator[DeclareBlockers]:
    """The forced declaration, none, each single block, and the least blocks that
    satisfy each attacker's minimum (menace, CR 702.111b), in that order, unchecked."""
    yield DeclareBlockers(plan.witness)
    yield DeclareBlockers(())
    for b, atts in plan.cands.items():
        for a in atts:
            yield DeclareBlockers(((b, a),))
    for a, n in plan.minb.items():
        able = [b for b, atts in plan.cands.items() if a in atts]
        if n > 1 and len(able) >= n:
            yield DeclareBlockers(tuple((b, a) for b in able[:n]))


def defending_players(game: Game) -> list[int]:
    """CR 802.2, 802.4: the players being attacked (directly, or through a planeswalker
    they control or a battle they protect) who are still in the game, in APNAP order
    (CR 101.4: from the active player, in turn order)."""
    combat = game.combat
    assert combat is not None
    attacked = {defending_player_of(game, d) for d in combat.attackers.values()}
    order = [p for p in game.turn_order() if p in attacked]
    if game.teams is not None:
        # CR 805.10d: the defending team has one combined block, declared as the first
        # of its attacked players (805.2: its primary player decides)
        return [p for i, p in enumerate(order) if all(game.is_opponent(q, p) for q in order[:i])]
    return order


@task_handler("declare_blockers")
def declare_blockers_task(game: Game, task: Task) -> None:
    """CR 509.1: the defending player declares blockers (a turn-based action); with
    several defending players (CR 802.4), each in APNAP order declares all their
    blocks, then the next."""
    combat = game.combat
    assert combat is not None
    if len(game.players) > 2 and "defenders" not in task.data:
        task.data["defenders"] = defending_players(game)
        task.data["was_defending"] = combat.defending_player
        if _next_defender(game, task):
            game.finish(task)  # no one still in the game is attacked
            return
    via_piles = pile_rules.replaces_declaration(game)
    if via_piles:
        # CR 614.1a: this turn, piles assigned at random instead (Camouflage)
        made = pile_rules.pile_blocks(game, task)
        if made is None:
            return
        task.answer = made
    if task.answer is None:
        game.ask(
            Decision(
                DecisionKind.BLOCKERS,
                combat.defending_player,
                "509.1",
                "Declare blockers",
                req.block_decision_data(game),
            )
        )
        return
    action: DeclareBlockers = task.answer
    task.answer = None
    decl, _ = _block_map(game, action)
    plan = req.block_plan(game)
    if plan.costs:
        costs = ((b, plan.costs.get(b, "")) for b in decl)
        for player, cost in req.costs_by_controller(game, costs).items():
            _pay_combat_cost(game, player, cost, "509.1d", "blocking")
    pairs: list[tuple[int, int, bool]] = []  # (blocker, attacker, through a band)
    for blocker, atts in decl.items():
        blocking = combat.blockers.setdefault(blocker, [])
        for attacker in atts:
            for a, via_band in (
                (attacker, False),
                *((m, True) for m in KEYWORD_HOOKS.band_of(game, attacker)),
            ):
                if a not in blocking:
                    blocking.append(a)
                    pairs.append((blocker, a, via_band))
    newly_blocked: list[int] = []
    # "that blocked or was blocked this turn" (CR 509.1a, 509.1h)
    game.turn_flags.blocks.update((b, a) for b, a, _via in pairs)
    for _b, a, _via in pairs:
        if not combat.blocked.get(a):
            combat.blocked[a] = True  # CR 509.1h
            newly_blocked.append(a)
    game.invalidate("combat")
    defending = game.players[combat.defending_player].name
    several = ("802.4",) if "defenders" in task.data else ()  # one of the defending players
    if game.teams is not None:
        several = ("805.10d",)  # the defending team's one combined block
    if not decl and via_piles:
        game.emit(
            EventKind.DECLARE_BLOCKERS, ("614.1a", "700.3"), "No creature in the piles blocks"
        )
    elif not decl:
        game.emit(
            EventKind.DECLARE_BLOCKERS, ("509.1", *several), f"{defending} declares no blockers"
        )
    else:
        game.emit(
            EventKind.DECLARE_BLOCKERS,
            ("509.1", "509.1g", *several),
            "; ".join(
                f"{game.objects[b].name} blocks {game.objects[a].name}" for b, a in action.blockers
            ),
            blockers=[b for b in decl],
        )
    last = "defenders" not in task.data or _next_defender(game, task)
    _emit_block_events(game, decl, pairs, newly_blocked, last)
    if last:
        game.finish(task)


def _next_defender(game: Game, task: Task) -> bool:
    """CR 802.4: the next defending player declares blockers; True when every one has
    (then the combat's "defending player" is again the one set as combat began)."""
    combat = game.combat
    assert combat is not None
    left: list[int] = task.data["defenders"]
    if left:
        combat.defending_player = left.pop(0)
        game.invalidate("combat")
        return False
    if combat.defending_player != task.data["was_defending"]:
        combat.defending_player = task.data["was_defending"]
        game.invalidate("combat")
    return True


def _emit_block_events(
    game: Game,
    decl: dict[int, list[int]],
    pairs: list[tuple[int, int, bool]],
    newly_blocked: list[int],
    last: bool = True,
) -> None:
    """CR 509.1i, 509.3: the events blocking abilities trigger on."""
    combat = game.combat
    assert combat is not None
    for b, a, via_band in pairs:
        if via_band:
            game.emit(
                EventKind.BAND_BLOCKED,
                ("702.22h",),
                f"{game.objects[a].name} is blocked by {game.objects[b].name} as part of its band",
                obj=a,
                blocker=b,
            )
    for blocker, atts in decl.items():
        game.emit(
            EventKind.BLOCKS,
            ("509.1i", "509.3a"),
            f"{game.objects[blocker].name} blocks {', '.join(game.objects[a].name for a in atts)}",
            subject=game.objects[blocker],
            obj=blocker,
            attacker=atts[0],
        )
    for b, a, _via in pairs:
        game.emit(
            EventKind.BLOCKED_BY,
            ("509.3b", "509.3d"),
            f"{game.objects[a].name} becomes blocked by {game.objects[b].name}",
            subject=game.objects[a],
            obj=a,
            blocker=b,
        )
    for a in newly_blocked:
        game.emit(
            EventKind.BECOMES_BLOCKED,
            ("509.1h", "509.3c"),
            f"{game.objects[a].name} becomes blocked",
            subject=game.objects[a],
            obj=a,
            player=defending_player_of(game, combat.attackers[a]),
        )
    for a in list(combat.attackers) if last else ():
        if not combat.blocked.get(a) and a in game.objects:
            game.emit(
                EventKind.ATTACKS_UNBLOCKED,
                ("509.1h", "509.3g"),
                f"{game.objects[a].name} is unblocked",
                subject=game.objects[a],
                obj=a,
                player=defending_player_of(game, combat.attackers[a]),
            )


# ---------------------------------------------------------------------------
# Combat damage (CR 510)
# ---------------------------------------------------------------------------


@task_handler("combat_damage")
def combat_damage_task(game: Game, task: Task) -> None:
    """CR 510.1-510.2: assign combat damage, then deal it all simultaneously."""
    combat = game.combat
    assert combat is not None
    d = task.data
    if task.stage == 0:
        d.update(cd.plan_step(game, bool(d.get("first_strike"))))
        task.stage = 1
    if task.answer is not None:
        creature = d["todo"].pop(0)
        chosen = [[creature, who, n] for who, n in task.answer.assignment if n]
        d["chosen"].extend(chosen)
        if creature in combat.attackers:
            for _c, who, n in chosen:
                d["assigned"][who] = d["assigned"].get(who, 0) + n
        task.answer = None
    while d["todo"]:
        oid = d["todo"][0]
        o = game.objects.get(oid)
        r = cd.recipients(game, oid) if o is not None else None
        if o is None or r is None or not r.all():
            d["todo"].pop(0)
            continue
        game.ask(
            Decision(
                DecisionKind.ASSIGN_DAMAGE,
                r.chooser,
                r.rules[-1] if r.rules[-1] in ("702.22j", "702.22k") else r.rules[0],
                f"Divide {o.name}'s combat damage",
                {
                    "attacker": oid,
                    "power": cd.damage_amount(game, o),
                    "blockers": list(r.creatures),
                    "defender": r.defender,
                    "recipients": r.all(),
                    "trample": r.trample,
                    # "may assign its combat damage as though it weren't blocked" (510.1c)
                    "as_unblocked": r.as_unblocked,
                    "lethal": {b: cd.lethal_needed(game, b, o, d["assigned"]) for b in r.creatures},
                    "already_assigned": dict(d["assigned"]),
                },
            )
        )
        return
    _log_choices(game, d)
    cd.deal_step(game, d["auto"] + d["chosen"], bool(d.get("first_strike")))
    game.finish(task)


def _log_choices(game: Game, d: dict) -> None:
    """Cite the rules that let a player divide damage (510.1c-d, 702.19b, 702.22j-k)."""
    by_creature: dict[int, list[tuple[int, int]]] = {}
    for c, who, n in d["chosen"]:
        by_creature.setdefault(c, []).append((who, n))
    for c, parts in by_creature.items():
        o = game.objects.get(c)
        if o is None:
            continue
        r = cd.recipients(game, c)
        text = ", ".join(f"{n} to {_recipient_name(game, who)}" for who, n in parts)
        game.emit(
            EventKind.ASSIGN_DAMAGE,
            r.rules,
            f"{game.players[r.chooser].name} assigns {o.name}'s combat damage: {text}",
            obj=c,
        )


def _recipient_name(game: Game, ref: int) -> str:
    pl = ref_player(ref)
    if pl is not None:
        return game.players[pl].name
    return game.objects[ref].name if ref in game.objects else "nothing"


# ---------------------------------------------------------------------------
# Leaving combat (CR 506.4, 511.3)
# ---------------------------------------------------------------------------


def remove_from_combat(game: Game, oid: int, rules: tuple[str, ...] = ("506.4",)) -> None:
    """CR 506.4: the creature stops being attacking, blocking, blocked or
    unblocked; an attacker leaves its band (702.22f)."""
    combat = game.combat
    if combat is None or (oid not in combat.attackers and oid not in combat.blockers):
        return
    combat.attackers.pop(oid, None)
    combat.blockers.pop(oid, None)
    combat.blocked.pop(oid, None)
    game.invalidate("combat")
    if oid in game.objects:
        game.emit(
            EventKind.REMOVED_FROM_COMBAT, rules, f"{game.objects[oid].name} is removed from combat"
        )


def end_combat(game: Game) -> None:
    """CR 511.3: at the end of combat all creatures are removed from combat."""
    fought = game.combat is not None and bool(game.combat.attackers or game.combat.blockers)
    if fought:
        game.emit(
            EventKind.END_COMBAT, ("511.3",), "Combat ends: all creatures are removed from combat"
        )
    game.combat = None
    KEYWORD_HOOKS.clear_bands(game)
    game.turn_flags.attacks_declared = ()
    game.turn_flags.attackers_power = ()
    if fought or game.turn_flags.attackers_this_turn:
        game.invalidate("combat")  # a combat without creatures in it changed nothing
