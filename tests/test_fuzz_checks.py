"""Every check of ``mtg fuzz`` can fail: a game made to break each one (a clone that
shares state, a JSON round trip that loses something, an object in two zones, a card
from nowhere, an opponent's hand shown, a game that doesn't end) is reported as such,
whatever schedule the expensive round trips follow."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import compiled
from mtg_engine.fuzz import CLONE_EVERY, JSON_EVERY, full_pool, play_fuzz_game
from mtg_engine.game import objects
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.sim import game_seed

SEED = game_seed(11, 2)


def sample_pool() -> list[str]:
    """The fully compiled cards of a fixed spread of the card file (cached on disk)."""
    return full_pool(sample=1500)


def kinds(r: Any) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in r.findings:
        out.setdefault(f.kind, []).append(f.signature)
    return out


def test_a_clean_game_checks_clones_and_json_round_trips_on_a_seeded_schedule():
    a = play_fuzz_game(SEED, sample_pool())
    b = play_fuzz_game(SEED, sample_pool())
    assert a.findings == []
    assert a.clones > 0 and a.json_round_trips > 0
    # the schedule is the seed's: the same copies again, and fewer JSON round trips
    assert (a.clones, a.json_round_trips) == (b.clones, b.json_round_trips)
    assert JSON_EVERY > CLONE_EVERY and a.json_round_trips < a.clones
    # every check starting both: far more copies, the same game
    c = play_fuzz_game(SEED, sample_pool(), clone_every=1, json_every=1)
    assert c.findings == [] and c.decisions == a.decisions and c.winner == a.winner
    assert c.json_round_trips > a.json_round_trips


def test_a_clone_that_shares_state_with_its_game_is_a_divergence(monkeypatch):
    real = Game.clone

    def leaky_clone(self: Game) -> Game:
        g = real(self)
        g.players = self.players  # shared, not copied: the clone changes the game
        return g

    monkeypatch.setattr(Game, "clone", leaky_clone)
    r = play_fuzz_game(SEED, sample_pool(), clone_every=1)
    assert any(s.startswith("divergence: clone ") for s in kinds(r).get("divergence", []))


def test_a_json_round_trip_that_loses_something_is_a_divergence(monkeypatch):
    real = Game.from_json

    def lossy(data: Any) -> Game:
        g = real(data)
        g.players[0].life += 1  # as if a player's life weren't saved
        return g

    monkeypatch.setattr(Game, "from_json", staticmethod(lossy))
    r = play_fuzz_game(SEED, sample_pool(), json_every=1)
    sigs = kinds(r).get("divergence", [])
    assert any(s.startswith("divergence: JSON round trip ") for s in sigs)
    assert not any(s.startswith("divergence: clone ") for s in sigs)


def _corrupt_after(monkeypatch, n: int, corrupt) -> None:  # noqa: ANN001
    real = Game.apply

    def apply(self: Game, action: Any) -> None:
        real(self, action)
        if self.decisions_made == n:
            corrupt(self)

    monkeypatch.setattr(Game, "apply", apply)


def test_an_object_in_two_zones_is_an_invariant_violation(monkeypatch):
    _corrupt_after(monkeypatch, 12, lambda g: g.exile.append(g.players[0].library[0]))
    r = play_fuzz_game(SEED, sample_pool())
    assert any("in two zones" in s for s in kinds(r)["invariant"])


def test_a_card_from_nowhere_breaks_card_conservation(monkeypatch):
    def make(g: Game) -> None:
        g.create_card(g.objects[g.players[1].library[0]].card, 1, Zone.HAND)

    _corrupt_after(monkeypatch, 12, make)
    r = play_fuzz_game(SEED, sample_pool())
    assert any("card conservation: a card appeared" in s for s in kinds(r)["invariant"])


def test_an_opponents_hand_in_observe_is_a_leak(monkeypatch):
    real = Game.observe

    def observe(self: Game, player: int) -> dict[str, Any]:
        view = real(self, player)
        for p in view["players"]:
            p["hand"] = p["hand"] if p["hand"] is not None else []
        return view

    monkeypatch.setattr(Game, "observe", observe)
    r = play_fuzz_game(SEED, sample_pool())
    assert any("an opponent's hand is shown" in s for s in kinds(r)["leak"])


def test_a_game_that_does_not_end_is_endless():
    r = play_fuzz_game(SEED, sample_pool(), max_decisions=40)
    assert [f.kind for f in r.findings] == ["endless"]
    assert r.findings[0].signature.startswith("endless: decision cap")


def test_each_decision_is_timed():
    r = play_fuzz_game(SEED, sample_pool(), max_decisions=40)
    assert r.max_decision_seconds > 0
    assert r.slowest_decision.startswith("decision ")
    assert 0 < r.max_decision_cpu_seconds and r.slowest_cpu_decision.startswith("decision ")


@pytest.mark.parametrize("every", [0, -1])
def test_a_schedule_needs_a_positive_rate(every: int):
    with pytest.raises(ValueError):
        play_fuzz_game(SEED, sample_pool(), clone_every=every)


@pytest.mark.skipif(compiled(objects), reason="compiled, an object's field takes no object()")
def test_a_game_that_cant_be_saved_is_a_finding_not_a_crash_of_the_fuzz(monkeypatch):
    """A value in the state that isn't game data (as a compiler placeholder left in an
    ability once was) makes the JSON round trip fail: reported with its seed, and the
    run goes on."""

    def unsaveable(g: Game) -> None:
        g.objects[g.players[0].library[0]].chosen = object()

    _corrupt_after(monkeypatch, 12, unsaveable)
    r = play_fuzz_game(SEED, sample_pool(), clone_every=1, json_every=1)
    assert any("can't serialize object" in s for s in kinds(r)["divergence"])
