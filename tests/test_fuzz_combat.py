"""Combat fuzz: whole games between decks full of combat keywords, random and
heuristic players, asserting after every decision that the game's invariants and
combat's invariants hold (attackers, blockers, bands, the damage step).

A few dozen games run in the default suite; ``pytest -m slow`` runs 1,200.
The decks are ``tests/fixtures/decks/combat-*.txt``.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import mtg_engine.effects.combat  # noqa: F401  (registers the combat effect ops)
from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import load_deck
from mtg_engine.game.actions import DecisionKind, DeclareAttackers
from mtg_engine.game.invariants import card_count, check
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules import combat
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.setup import new_game

DECKS = sorted((Path(__file__).parent / "fixtures" / "decks").glob("combat-*.txt"))


class CombatRandomAgent:
    """The random agent, which also forms random bands (CR 702.22c) and falls back on
    combat's own list of legal declarations (``combat.attack_options`` /
    ``block_options``) when none of the listed options fits."""

    name = "random-combat"

    def __init__(self, seed: int) -> None:
        self.inner = make_agent("random", seed)
        self.rng = self.inner.rng

    def choose(self, game: Game):
        d = game.pending
        try:
            action = self.inner.choose(game)
        except (ValueError, IndexError):  # no enumerated option fitted
            opts = (
                combat.attack_options(game)
                if d.kind == DecisionKind.ATTACKERS
                else combat.block_options(game)
            )
            action = opts[self.rng.randrange(len(opts))]
        if d.kind == DecisionKind.ATTACKERS and d.data.get("banding") and self.rng.randrange(2):
            banded = self._band(game, action, d.data["banding"])
            if game.is_legal(banded) is None:
                return banded
        return action

    def _band(self, game: Game, action: DeclareAttackers, banders: list[int]) -> DeclareAttackers:
        """One band: the banding attackers of one defender and up to one other attacker."""
        by_defender: dict[int, list[int]] = {}
        for c, dfd in action.attackers:
            by_defender.setdefault(dfd, []).append(c)
        for members in by_defender.values():
            with_banding = [c for c in members if c in banders]
            others = [c for c in members if c not in banders]
            if with_banding and len(members) > 1:
                band = with_banding + others[: self.rng.randrange(2)]
                if len(band) > 1:
                    return DeclareAttackers(action.attackers, (tuple(band),))
        return action


_DECLARATIONS = (DecisionKind.ATTACKERS, DecisionKind.BLOCKERS)


def combat_problems(game: Game) -> list[str]:
    """Invariants of combat (CR 506-511)."""
    c = game.combat
    if c is None:
        return []
    out = []
    for a in c.attackers:
        o = game.objects.get(a)
        if o is None or o.zone != Zone.BATTLEFIELD:
            out.append(f"attacker {a} isn't on the battlefield (506.4)")
            continue
        if a in c.blockers:
            out.append(f"{o.name} is both attacking and blocking")
        if "Creature" not in chars(game, o).types:
            continue  # it stopped being a creature: removal is the layers' business
    for b, atts in c.blockers.items():
        o = game.objects.get(b)
        if o is None or o.zone != Zone.BATTLEFIELD:
            out.append(f"blocker {b} isn't on the battlefield (506.4)")
            continue
        for a in atts:
            if a in c.attackers and not c.blocked.get(a):
                out.append(f"{game.objects[a].name} is blocked by {o.name} but not marked blocked")
    return out


def play(n_games: int, agents: tuple[str, str], seed0: int = 0, check_every: int = 1) -> int:
    """Play ``n_games``; returns the number of decisions made."""
    decks = {p.stem: load_deck(str(p)).card_defs() for p in DECKS}
    pairs = list(itertools.product(sorted(decks), sorted(decks)))
    decisions = 0
    for i in range(n_games):
        a, b = pairs[i % len(pairs)]
        seed = seed0 + i
        game = new_game([decks[a], decks[b]], seed=seed)
        total = card_count(game)
        players = [_agent(agents[0], seed), _agent(agents[1], seed + 1)]
        steps = 0
        while game.outcome is None and game.turn <= 150:
            game.apply(players[game.pending.player].choose(game))
            steps += 1
            if steps % check_every == 0:
                problems = check(game, total) + combat_problems(game)
                assert not problems, f"game {seed} ({a} vs {b}) step {steps}: {problems}"
        assert not check(game, total), f"game {seed} ({a} vs {b}) at the end"
        decisions += steps
    return decisions


def _agent(kind: str, seed: int):
    return CombatRandomAgent(seed) if kind == "random" else make_agent(kind, seed)


def test_decks_exist():
    assert len(DECKS) >= 4


def test_fuzz_combat_random_quick():
    play(24, ("random", "random"), check_every=3)


def test_fuzz_combat_heuristic_quick():
    play(8, ("heuristic", "heuristic"), seed0=1000, check_every=3)


def test_heuristic_declarations_are_always_legal():
    """The heuristic agent never proposes an illegal declaration (it checks its own,
    and the fallback is the forced declaration)."""
    decks = {p.stem: load_deck(str(p)).card_defs() for p in DECKS}
    names = sorted(decks)
    for seed in range(6):
        game = new_game([decks[names[seed % 4]], decks[names[(seed + 1) % 4]]], seed=seed)
        agents = [make_agent("heuristic", seed), make_agent("heuristic", seed + 1)]
        while game.outcome is None and game.turn <= 60:
            action = agents[game.pending.player].choose(game)
            if game.pending.kind in _DECLARATIONS:
                assert game.is_legal(action) is None, game.is_legal(action)
            game.apply(action)


@pytest.mark.slow
def test_fuzz_combat_1200_games():
    play(800, ("random", "random"), seed0=10_000)
    play(200, ("heuristic", "random"), seed0=20_000)
    play(200, ("heuristic", "heuristic"), seed0=30_000)
