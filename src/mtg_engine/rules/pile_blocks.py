"""Blocks by random piles instead of a declaration of blockers (Camouflage).

"This turn, instead of declaring blockers, each defending player chooses any
number of creatures they control and divides them into a number of piles equal
to the number of attacking creatures for whom that player is the defending
player. Creatures those players control that can block additional creatures may
likewise be put into additional piles. Assign each pile to a different one of
those attacking creatures at random. Each creature in a pile that can block the
creature that pile is assigned to does so."

* The effect (``random_pile_blocks``) lasts for the turn: it is kept in
  ``game.turn_flags`` (CR 611.2a), and replaces the turn-based action of each
  declare blockers step that turn (CR 614.1a, 509.1).
* The defending player makes the piles one at a time (CR 700.3: a pile is a
  temporary grouping; it may be empty, 700.3d). Each creature goes into one
  pile (700.3a), or into as many piles as the number of creatures it can block
  (509.1a "can block an additional creature"), never twice into one pile.
* The piles are assigned to the attacking creatures in a random order drawn
  from the game's generator (CR 700.3, 705-style chance: same seed, same result).
* A creature blocks the creature its pile is assigned to only if it can block
  it: it must be untapped and able to block at all (509.1a-b), the attacker's
  evasion must allow it (509.1b, 702.9b ...), and the blockers of one attacker
  must together satisfy "can't be blocked except by two or more" and "can't be
  blocked by more than ..." (702.111b, 509.1b); a creature with a cost to block
  doesn't block (its controller isn't made to pay, 509.1d). Requirements to
  block (509.1c) don't apply: blockers aren't declared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.actions import Decision, DecisionKind, DecisionPurpose, DeclareBlockers
from ..game.events import EventKind
from ..game.objects import Zone
from . import combat_requirements as req
from .characteristics import chars

if TYPE_CHECKING:
    from ..game.state import Game
    from ..game.tasks import Task


def replaces_declaration(game: Game) -> bool:
    """Whether this turn's declarations of blockers are replaced (CR 614.1a)."""
    return game.turn_flags.random_pile_blocks


def start(game: Game) -> None:
    """The effect begins: it applies to the rest of the turn (CR 611.2a)."""
    game.turn_flags.random_pile_blocks = True


def pile_blocks(game: Game, task: Task) -> DeclareBlockers | None:
    """Run the piles for the declare blockers task ``task``: ask the defending player
    for each pile in turn; when all are made, assign them at random and return
    the blocks that result (None while a pile is being asked for)."""
    combat = game.combat
    assert combat is not None
    player = combat.defending_player
    d = task.data
    if "piles" not in d:
        attackers: list[int] = [a for a in combat.attackers if a in game.objects]
        d["attackers"] = attackers
        d["piles"] = []
        game.emit(
            EventKind.PILE_BLOCKS,
            ("614.1a", "509.1", "700.3"),
            f"Instead of declaring blockers, {game.players[player].name} divides creatures "
            f"into {len(attackers)} pile(s)",
            player=player,
        )
    attackers = d["attackers"]
    piles: list[list[int]] = d["piles"]
    if task.answer is not None:
        chosen = list(task.answer.objects)
        task.answer = None
        piles.append(chosen)
    if len(piles) < len(attackers):
        used: dict[int, int] = {}
        for pile in piles:
            for oid in pile:
                used[oid] = used.get(oid, 0) + 1
        cands = [
            o.id
            for o in (game.objects[oid] for oid in game.battlefield)
            if o.controller == player
            and not o.phased_out
            and "Creature" in chars(game, o).types
            and used.get(o.id, 0) < req.block_capacity(game, o)
        ]
        game.ask(
            Decision(
                DecisionKind.CHOOSE_OBJECTS,
                player,
                "700.3",
                f"Choose the creatures for pile {len(piles) + 1} of {len(attackers)} "
                "(it may be empty)",
                {"candidates": cands, "min": 0, "max": len(cands), "purpose": DecisionPurpose.PILE},
            )
        )
        return None
    return _assign(game, attackers, piles)


def _assign(game: Game, attackers: list[int], piles: list[list[int]]) -> DeclareBlockers:
    """Assign the piles at random and keep the blocks that can be made (509.1a-b)."""
    combat = game.combat
    assert combat is not None
    order = list(attackers)
    game.rng.shuffle(order)  # "at random": the game's seeded generator
    plan = req.block_plan(game)
    pairs: list[tuple[int, int]] = []
    for pile, attacker in zip(piles, order, strict=True):
        a = game.objects.get(attacker)
        if a is None or attacker not in combat.attackers:
            continue
        names = ", ".join(game.objects[o].name for o in pile if o in game.objects) or "no creatures"
        game.emit(
            EventKind.PILE_ASSIGNED,
            ("700.3",),
            f"The pile of {names} is assigned to {a.name} at random",
            obj=attacker,
        )
        able = [
            b
            for b in pile
            if b in game.objects
            and game.objects[b].zone == Zone.BATTLEFIELD
            and attacker in plan.cands.get(b, ())
            and b not in plan.costs
        ]
        for b in pile:
            if b not in able and b in game.objects:
                game.emit(
                    EventKind.CANT_BLOCK,
                    ("509.1a", "509.1b"),
                    f"{game.objects[b].name} can't block {a.name}",
                    obj=b,
                )
        if able and not (plan.minb.get(attacker, 1) <= len(able) <= plan.maxb.get(attacker, 99)):
            game.emit(
                EventKind.CANT_BLOCK,
                ("509.1b", "702.111b"),
                f"The creatures in that pile can't block {a.name} together",
                obj=attacker,
            )
            able = []
        pairs.extend((b, attacker) for b in able)
    blockers = {b for b, _ in pairs}
    if len(blockers) == 1 and next(iter(blockers)) in plan.alone:
        only = next(iter(blockers))
        game.emit(
            EventKind.CANT_BLOCK,
            ("509.1b",),
            f"{game.objects[only].name} can't block alone",
            obj=only,
        )
        pairs = []
    if plan.max_blockers is not None and len(blockers) > plan.max_blockers:
        kept: set[int] = set()
        out: list[tuple[int, int]] = []
        for b, att in pairs:
            if b in kept or len(kept) < plan.max_blockers:
                kept.add(b)
                out.append((b, att))
        pairs = out
    return DeclareBlockers(tuple(pairs))
