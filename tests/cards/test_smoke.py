"""Smoke test: every fully compiled card is played in a sandbox game without an exception.

Each card goes into a hand on a board with plenty of mana of every color and
some creatures on both sides; it is cast (or played), every decision is
answered by a seeded random agent, each activated ability of the resulting
permanent is activated where possible, and a few more turns are played, with
the game's invariants checked at the end. The default suite samples 500
cards; ``pytest -m slow`` plays all of them.
"""

from __future__ import annotations

import random

import pytest

from mtg_engine.agents.random_agent import RandomAgent
from mtg_engine.cards.compiler import compile_face
from mtg_engine.cards.database import CardDatabase
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import ActivateAbility, CastSpell, PassPriority, PlayLand
from mtg_engine.game.invariants import card_count, check
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.setup import start_at
from mtg_engine.rules.support import face_unsupported

PLAYABLE_LAYOUTS = {
    "normal",
    "split",
    "flip",
    "transform",
    "modal_dfc",
    "adventure",
    "aftermath",
    "meld",
    "leveler",
    "class",
    "saga",
    "case",
    "prototype",
    "mutate",
}


def fully_supported(name: str) -> bool:
    card = CardDatabase.default().get(name)
    if card.layout not in PLAYABLE_LAYOUTS:
        return False
    for face in card.faces:
        compiled = compile_face(face)
        if compiled.unparsed or face_unsupported(compiled):
            return False
    return True


def sample_cards(n: int | None, seed: int = 2026) -> list[str]:
    names = CardDatabase.default().names()
    rng = random.Random(seed)
    rng.shuffle(names)
    out = []
    for name in names:
        if fully_supported(name):
            out.append(name)
            if n is not None and len(out) >= n:
                break
    return out


def sandbox(name: str, seed: int) -> Game:
    game = Game(["A", "B"], seed=seed)
    for land in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        for _ in range(4):
            game.create_card(card_def(land), 0, Zone.BATTLEFIELD)
        game.create_card(card_def(land), 1, Zone.BATTLEFIELD)
    for p in (0, 1):
        for creature in ("Grizzly Bears", "Wind Drake"):
            game.create_card(card_def(creature), p, Zone.BATTLEFIELD)
        for _ in range(15):
            game.create_card(card_def("Forest"), p, Zone.LIBRARY)
        game.create_card(card_def("Lightning Bolt"), p, Zone.HAND)
    game.create_card(card_def(name), 0, Zone.HAND)
    start_at(game, 3, 0, Step.PRECOMBAT_MAIN)
    return game


def drive(game: Game, agents, until_priority_of: int | None, limit: int) -> None:
    """Answer decisions randomly until player ``until_priority_of`` has priority
    with an empty stack (or ``limit`` decisions)."""
    for _ in range(limit):
        if game.outcome is not None:
            return
        d = game.pending
        if (
            until_priority_of is not None
            and d.kind == "priority"
            and d.player == until_priority_of
            and not game.stack
        ):
            return
        if d.kind == "priority" and until_priority_of is not None:
            game.apply(PassPriority())
        else:
            game.apply(agents[d.player].choose(game))


def play_card(name: str, seed: int = 0) -> None:
    game = sandbox(name, seed)
    total = card_count(game)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    card = next(
        o for o in game.players[0].hand if game.objects[o].name == card_def(name).faces[0].name
    )
    options = game.legal_actions()
    for a in options:
        if isinstance(a, CastSpell | PlayLand) and a.card == card:
            game.apply(a)
            drive(game, agents, 0, 200)
            break
    # activate each activated ability of the card's permanent once, if possible
    for _ in range(3):
        if game.outcome is not None:
            break
        acts = [a for a in game.legal_actions() if isinstance(a, ActivateAbility)]
        mine = [a for a in acts if game.objects[a.source].card.name == card_def(name).name]
        if not mine:
            break
        game.apply(mine[0])
        drive(game, agents, 0, 200)
    # and a couple of turns of random play
    drive(game, agents, None, 150)
    problems = check(game, total + sum(1 for o in game.objects.values() if o.is_token) * 0)
    problems = [p for p in problems if not p.startswith("card count")]  # tokens, copies
    assert not problems, f"{name}: {problems}"


_SAMPLE = None


def _sample() -> list[str]:
    global _SAMPLE
    if _SAMPLE is None:
        _SAMPLE = sample_cards(500)
    return _SAMPLE


def test_smoke_500_compiled_cards():
    failures = []
    names = _sample()
    assert len(names) == 500
    for i, name in enumerate(names):
        try:
            play_card(name, seed=i)
        except Exception as e:  # noqa: BLE001 - collect every failure with its card
            failures.append(f"{name}: {type(e).__name__}: {e}")
    assert not failures, f"{len(failures)} of {len(names)} cards failed:\n" + "\n".join(
        failures[:40]
    )


@pytest.mark.slow
def test_smoke_every_compiled_card():
    failures = []
    names = sample_cards(None)
    for i, name in enumerate(names):
        try:
            play_card(name, seed=i)
        except Exception as e:  # noqa: BLE001
            failures.append(f"{name}: {type(e).__name__}: {e}")
    assert not failures, f"{len(failures)} of {len(names)} cards failed:\n" + "\n".join(
        failures[:60]
    )
