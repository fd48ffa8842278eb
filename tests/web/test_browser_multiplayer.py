"""End-to-end: a free-for-all (CR 806) on the page of ``mtg serve``: every opponent's
side drawn, attacks that choose the player each creature attacks (CR 506.1, 508.1b,
802.2), a target on any player, and a new game with two AI opponents.

Screenshots go to ``build/screenshots/`` (looked at while building the page).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from browser_support import (  # noqa: E402  (after the skips: needs the web extra)
    GamePage,
    browser,
    game_page,
    live_server,
)
from test_browser import _step  # noqa: E402

__all__ = ["browser", "game_page", "live_server"]  # fixtures, used by name

FREE_FOR_ALL = """
name: three players at the page
variant: free_for_all
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Lightning Bolt}]
    battlefield:
      - {card: Mountain}
      - {card: Grizzly Bears}
      - {card: Hill Giant}
      - {card: Raging Goblin}
  B:
    battlefield: [{card: Plains}, {card: Island}, {card: Ajani Goldmane, counters: {loyalty: 4}}]
  C:
    battlefield: [{card: Forest}, {card: Forest}]
    graveyard: [{card: Llanowar Elves}]
"""


def _life(gp: GamePage, slot: int) -> int:
    return int(gp.page.inner_text(f"#life-opponent-{slot}"))


def test_every_opponent_is_drawn_and_each_attacker_attacks_a_chosen_player(
    game_page: GamePage, tmp_path: Path
) -> None:
    gp = game_page
    gp.start_scenario(FREE_FOR_ALL, tmp_path)
    page = gp.page
    # each opponent has a side: name, life, hand and library counts, graveyard, exile
    assert page.inner_text("#player-1 .pname") == "B"
    assert page.inner_text("#player-2 .pname") == "C"
    assert _life(gp, 1) == _life(gp, 2) == 20
    assert page.is_visible('#bf-1-lands .card[data-name="Island"]')
    assert page.is_visible('#bf-2-lands .card[data-name="Forest"]')
    assert "Graveyard 1" in page.inner_text("#player-2")
    page.click("#player-2 .zonebtn:has-text('Graveyard')")
    assert page.is_visible('#modal-body .card[data-name="Llanowar Elves"]')
    page.click("#modal-close")
    gp.shot("ffa-1-board")

    # a target on any player: Lightning Bolt at C, the second opponent
    gp.click('#hand .card[data-name="Lightning Bolt"]')
    assert page.get_attribute("#player-2", "class").count("candidate") == 1
    assert "candidate" in (page.get_attribute("#player-1", "class") or "")
    gp.click("#player-2 .pname")
    assert _life(gp, 2) == 17 and _life(gp, 1) == 20
    assert "Lightning Bolt deals 3 damage to C" in page.inner_text("#log")

    # CR 508.1b: each attacker attacks a chosen player or planeswalker: Grizzly Bears C,
    # Hill Giant B's Ajani Goldmane, Raging Goblin B (the first offered)
    # (nothing else to do in the main phase: the page passes on to the attack)
    d = gp.state()["decision"]
    assert d["kind"] == "attackers"
    assert all(len(ds) == 3 for ds in d["data"]["candidates"].values())
    page.click('#bf-0 .card[data-name="Grizzly Bears"]')
    assert "candidate" in (page.get_attribute("#player-2", "class") or "")
    page.click("#player-2 .pname")
    page.click('#bf-0 .card[data-name="Hill Giant"]')
    page.click('#bf-1 .card[data-name="Ajani Goldmane"]')
    page.click('#bf-0 .card[data-name="Raging Goblin"]')
    badge = '#bf-0 .card[data-name="{}"] .badge.att'
    assert page.inner_text(badge.format("Grizzly Bears")) == "⚔ C"
    assert page.inner_text(badge.format("Hill Giant")) == "⚔ Ajani Goldmane"
    assert page.inner_text(badge.format("Raging Goblin")) == "⚔ B"
    assert page.inner_text("#btn-done") == "Attack with 3"
    gp.shot("ffa-2-attackers-chosen")
    gp.click("#btn-done")
    log = page.inner_text("#log")
    assert "Hill Giant deals 3 combat damage to Ajani Goldmane" in log
    assert "Raging Goblin deals 1 combat damage to B (life 19)" in log
    assert "Grizzly Bears deals 2 combat damage to C (life 15)" in log
    # (B has had a turn since, with Ajani: C, with nothing to gain life, stays at 15)
    assert gp.state()["view"]["players"][2]["life"] == _life(gp, 2) == 15
    gp.shot("ffa-3-after-combat")


def test_a_new_game_against_two_ai_opponents(game_page: GamePage) -> None:
    gp = game_page
    page = gp.page
    page.click("#btn-new")
    page.wait_for_selector("#new-opponents")
    page.select_option("#new-opponents", "2")
    page.fill("#new-seed", "5")
    gp.click("#modal-body button.primary")
    view = gp.state()["view"]
    assert [p["name"] for p in view["players"]] == ["Player", "Opponent 1", "Opponent 2"]
    session = gp.server.app.state.server.sessions[gp.session_id]
    assert sorted(session.agents) == [1, 2]
    for slot, name in ((1, "Opponent 1"), (2, "Opponent 2")):
        assert page.inner_text(f"#player-{slot} .pname") == name
        assert _life(gp, slot) == 20
        assert f"Hand {view['players'][slot]['hand_size']}" in page.inner_text(f"#player-{slot}")
    # play on by clicking (lands, spells, attacks at the first defender) until the opponents have had their turns
    for _ in range(60):
        if gp.state()["view"]["turn"] >= 4 or gp.state()["decision"] is None:
            break
        _step(gp)
    assert gp.state()["view"]["turn"] >= 4
    gp.shot("ffa-4-three-player-game")


def test_watch_a_free_for_all_of_three_ais(game_page: GamePage) -> None:
    """Watch mode with more than two AIs (CR 806): the Opponents choice of the New game
    dialog sets the table; every AI's side is drawn and the game plays on by itself."""
    gp = game_page
    page = gp.page
    page.click("#btn-new")
    page.wait_for_selector("#new-opponents")
    page.select_option("#new-opponents", "2")
    page.fill("#new-seed", "6")
    gp.click("#modal-body button:has-text('Watch')")
    page.select_option("#watch-speed", "20")
    assert "Watching a free-for-all of 3 AIs" in page.inner_text("#prompt")
    view = gp.state()["view"]
    assert [p["name"] for p in view["players"]] == [
        "AI 1 (heuristic)",
        "AI 2 (heuristic)",
        "AI 3 (heuristic)",
    ]
    for slot in (1, 2):
        assert page.inner_text(f"#player-{slot} .pname") == f"AI {slot + 1} (heuristic)"
    page.wait_for_function("S.msg.view.turn >= 5", timeout=60000)
    gp.shot("watch-ffa-3-ais")
    page.evaluate("WATCH.paused = true")  # the page steps no more: a still board
    view = gp.state()["view"]
    assert view["turn"] >= 5 and len(view["players"]) == 3
    assert page.is_visible("#player-2 .pname")
