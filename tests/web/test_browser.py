"""End-to-end: the page of ``mtg serve`` in Debian's Chromium, played by clicking.

Screenshots go to ``build/screenshots/`` (looked at while building the page).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from browser_support import (  # noqa: E402  (after the skips: needs the web extra)
    GamePage,
    browser,
    game_page,
    live_server,
)

from mtg_engine import rules_text  # noqa: E402
from mtg_engine.game.objects import Zone  # noqa: E402

__all__ = ["browser", "game_page", "live_server"]  # the fixtures, used by name

BOLT = """
name: cast a spell with a target
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Lightning Bolt}]
    battlefield: [{card: Mountain}]
  B:
    battlefield: [{card: Grizzly Bears}, {card: Plains}]
"""

ATTACK = """
name: attack with a chosen subset
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    battlefield:
      - {card: Grizzly Bears}
      - {card: Hill Giant}
      - {card: Craw Wurm}
  B:
    battlefield: [{card: Plains}]
"""

BLOCK = """
name: block
start: {turn: 3, active: B, step: precombat_main}
players:
  A:
    battlefield: [{card: Grizzly Bears}, {card: Forest}]
  B:
    battlefield: [{card: Hill Giant}, {card: Hill Giant}, {card: Plains}]
"""


def _card(gp: GamePage, name: str, where: str = "") -> str:
    return f'{where} .card[data-name="{name}"]'.strip()


def _life(gp: GamePage, who: str) -> int:
    return int(gp.page.inner_text(f"#life-{who}"))


def test_cast_a_spell_with_a_target(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(BOLT, tmp_path)
    gp.page.wait_for_selector(_card(gp, "Lightning Bolt", "#hand") + ".playable")
    gp.shot("bolt-1-main")
    gp.click(_card(gp, "Lightning Bolt", "#hand"))
    d = gp.state()["decision"]
    assert d["kind"] == "targets"
    gp.page.wait_for_selector(_card(gp, "Grizzly Bears", "#bf-1-creatures") + ".candidate")
    gp.shot("bolt-2-targets")
    gp.click(_card(gp, "Grizzly Bears", "#bf-1-creatures"))
    log = gp.page.inner_text("#log")
    assert "Lightning Bolt deals 3 damage to Grizzly Bears" in log
    assert gp.page.query_selector(_card(gp, "Grizzly Bears", "#bf-1-creatures")) is None
    gp.page.click("#player-1 .zonebtn:has-text('Graveyard')")
    assert gp.page.is_visible(_card(gp, "Grizzly Bears", "#modal-body"))
    gp.shot("bolt-3-graveyard")


def test_attack_with_a_chosen_subset(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(ATTACK, tmp_path)
    # nothing to do in the main phase (only "pass"): the game goes on to the attack
    assert gp.state()["decision"]["kind"] == "attackers"
    gp.page.click(_card(gp, "Grizzly Bears", "#bf-0-creatures"))
    gp.page.click(_card(gp, "Craw Wurm", "#bf-0-creatures"))
    assert gp.page.inner_text("#btn-done") == "Attack with 2"
    gp.shot("attack-1-chosen")
    gp.click("#btn-done")
    view = gp.state()["view"]
    assert view["players"][1]["life"] == 20 - 2 - 6
    assert _life(gp, "opponent") == 12
    # the game passed on (no stops there) to the player's next main phase, a land to play
    assert view["turn"] == 5
    assert "A attacks with Grizzly Bears, Craw Wurm" in gp.page.inner_text("#log")
    gp.shot("attack-2-after")


def test_block(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(BLOCK, tmp_path)
    d = gp.state()["decision"]
    assert d["kind"] == "blockers"
    attackers = [a for a, _ in gp.state()["view"]["combat"]["attackers"]]
    assert len(attackers) == 2
    gp.page.click(_card(gp, "Grizzly Bears", "#bf-0-creatures"))  # the blocker ...
    gp.page.click(f'#bf-1-creatures .card[data-id="{attackers[0]}"]')  # ... of the first
    assert gp.page.inner_text("#btn-done") == "Block (1)"
    gp.shot("block-1-chosen")
    gp.click("#btn-done")
    log = gp.page.inner_text("#log")
    assert "Grizzly Bears blocks Hill Giant" in log or "blocks" in log
    view = gp.state()["view"]
    # one giant was blocked (the bears die), the other dealt 3 to the player
    assert view["players"][0]["life"] == 17
    assert "Grizzly Bears" in [o["name"] for o in view["players"][0]["graveyard"]]


def test_a_citation_opens_the_rule_text(game_page: GamePage) -> None:
    gp = game_page
    cite = gp.page.locator("#log .cite").first
    number = cite.inner_text()
    cite.click()
    gp.page.wait_for_selector(".rulebox")
    rule = rules_text.get_rule(number)
    assert rule is not None
    assert rule.text[:40] in gp.page.inner_text(".rulebox")
    gp.shot("rule-text")


def test_hovering_a_card_shows_its_oracle_text_and_compiled_abilities(
    game_page: GamePage, tmp_path: Path
) -> None:
    gp = game_page
    gp.start_scenario(BOLT, tmp_path)
    gp.page.hover(_card(gp, "Lightning Bolt", "#hand"))
    gp.page.wait_for_selector("#preview .compiled li")
    text = gp.page.inner_text("#preview")
    assert "deals 3 damage to any target" in text
    assert "damage" in gp.page.inner_text("#preview .compiled")


def test_save_and_resume(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(ATTACK, tmp_path)
    gp.page.click(_card(gp, "Hill Giant", "#bf-0-creatures"))
    gp.click("#btn-done")
    saved = gp.state()["view"]
    gp.page.click("#btn-save")
    gp.page.fill("#save-name", "e2e-resume")
    gp.click("#modal-body button.primary")
    gp.page.wait_for_selector("#toast:has-text('Saved')")
    # another game in between
    gp.start_scenario(BOLT, tmp_path)
    assert gp.state()["view"]["players"][1]["life"] == 20
    gp.click("#btn-resume")
    gp.click("#modal-body button:has-text('e2e-resume')")
    resumed = gp.state()["view"]
    assert resumed["players"][1]["life"] == saved["players"][1]["life"] == 17
    assert resumed["battlefield"] == saved["battlefield"]
    assert resumed["turn"] == saved["turn"]


def _public_names(game: Any) -> set[str]:
    """Names of cards that have been where everyone sees them (from the full game)."""
    names = {game.objects[o].name for o in (*game.battlefield, *game.stack, *game.exile)}
    for p in game.players:
        names |= {game.objects[o].name for o in p.graveyard}
    for ev in game.log:
        if ev.kind == "cast" or (
            ev.kind == "zone_change"
            and not {ev.data.get("from_zone"), ev.data.get("to_zone")} <= {"library", "hand"}
        ):
            card = ev.data.get("card")
            if isinstance(card, str):
                names.add(card)
    return names


def _step(gp: GamePage) -> None:
    """One click of a simple player: play a land or a spell, pick the first target or
    option, attack with everything, block nothing, else pass."""
    page = gp.page
    d = gp.state()["decision"]
    if d is None:
        return
    kind = d["kind"]
    if kind == "priority":
        playable = page.query_selector_all("#hand .card.playable")
        lands = [c for c in playable if "Land" in c.inner_text()]
        pick = (lands or playable or [None])[0]
        if pick is not None:
            before = gp.replies()
            pick.click()
            if page.is_visible("#menu-pop"):
                page.click("#menu-pop button >> nth=0")
            gp.wait_replies(before)
        else:
            gp.click("#btn-pass")
    elif kind == "targets":
        cand = page.query_selector_all(".candidate")
        before = gp.replies()
        name = cand[0].query_selector(".pname")  # a player: click their name, not a button
        (name or cand[0]).click()
        if not (d["data"]["min"] == d["data"]["max"] == 1):  # else the click answered
            page.click("#btn-done")
        gp.wait_replies(before)
    elif kind == "attackers":
        ids = [c.get_attribute("data-id") for c in page.query_selector_all("#bf-0 .candidate")]
        for i in ids:  # each click draws the board again
            page.click(f'#bf-0 .card[data-id="{i}"]')
        gp.click("#btn-done")
    elif kind == "blockers":
        gp.click("#btn-done")
    elif page.is_visible("#modal .option"):
        gp.click("#modal .option >> nth=0")
    elif page.is_visible("#prompt-buttons .option"):
        gp.click("#prompt-buttons .option >> nth=0")
    elif page.is_visible("#modal-body button.primary"):
        gp.click("#modal-body button.primary")
    else:
        gp.click("#btn-done")


def test_a_whole_game_by_clicking_shows_no_hidden_information(game_page: GamePage) -> None:
    """Play a game to its end by clicking; every message the page got holds none of the
    opponent's hidden cards (hand, library: CR 402.3, 401.2) nor any library's cards."""
    gp = game_page
    gp.page.click("#btn-new")
    gp.page.wait_for_selector("#new-seed")
    gp.page.fill("#new-seed", "4")
    gp.page.select_option("#new-ai", "easy")
    checked = len(gp.frames)  # the frames before are the page's first game's
    gp.click("#modal-body button.primary")
    session = gp.server.app.state.server.sessions[gp.session_id]
    assert session.ai == "random"
    for n in range(400):
        game = session.game
        if game.outcome is not None:
            break
        # what the page has seen so far may not name a hidden card
        public = _public_names(game) | {game.objects[o].name for o in game.players[0].hand}
        hidden_ids = {o for p in game.players for o in p.library} | set(game.players[1].hand)
        hidden_names = {game.objects[o].name for o in hidden_ids} - public
        for frame in gp.frames[checked:]:
            for name in hidden_names:
                assert f'"{name}"' not in frame and f"{name} " not in frame, (name, frame[:300])
            ids = _ids(json.loads(frame))
            assert not ids & hidden_ids, (ids & hidden_ids, frame[:300])
        checked = len(gp.frames)
        if n == 6:
            gp.shot("game-early")
        _step(gp)
        session = gp.server.app.state.server.sessions[gp.session_id]
    assert session.game.outcome is not None, "the game didn't end"
    gp.page.wait_for_selector("#gameover")
    gp.shot("game-over")
    assert gp.page.inner_text("#gameover") in ("You win!", "You lose", "The game is a draw")


def _ids(m: Any) -> set[int]:
    """Every object id in a message (the "id" of each object, and decision refs)."""
    out: set[int] = set()
    if isinstance(m, dict):
        for k, v in m.items():
            if k in ("id", "card", "attached_to") and isinstance(v, int):
                out.add(v)
            out |= _ids(v)
    elif isinstance(m, list):
        for v in m:
            out |= _ids(v)
    return out


def test_undo_takes_back_the_last_decision(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(BOLT, tmp_path)
    gp.click(_card(gp, "Lightning Bolt", "#hand"))
    gp.click(_card(gp, "Grizzly Bears", "#bf-1-creatures"))
    assert gp.page.query_selector(_card(gp, "Grizzly Bears", "#bf-1-creatures")) is None
    gp.click("#btn-undo")  # back to choosing the target
    assert gp.state()["decision"]["kind"] == "targets"
    gp.click("#btn-undo")  # back to the main phase, Bolt in hand
    assert gp.page.is_visible(_card(gp, "Lightning Bolt", "#hand"))
    assert gp.page.is_visible(_card(gp, "Grizzly Bears", "#bf-1-creatures"))
    zones = {o["name"]: o["zone"] for o in gp.state()["view"]["battlefield"]}
    assert zones["Grizzly Bears"] == Zone.NAMES[Zone.BATTLEFIELD]


JUDGED = """
name: Lightning Bolt kills a bear
rules: ["120.3"]
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Lightning Bolt}]
    battlefield: [{card: Mountain}]
  B:
    battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - {player: A, cast: Lightning Bolt, targets: [bears]}
expect:
  zones:
    B.graveyard: [Grizzly Bears]
"""


def test_judge_view_steps_through_a_scenario(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    path = tmp_path / "judged.yaml"
    path.write_text(JUDGED, encoding="utf-8")
    gp.page.click("#btn-new")
    gp.page.set_input_files("#new-scenario", str(path))
    gp.click("#modal-body button:has-text('judge')")
    judge = gp.state()["judge"]
    assert judge["passed"] and judge["at"] == 0 and judge["count"] >= 2
    assert "Cast Lightning Bolt" in gp.page.inner_text("#judge-step")
    assert gp.page.is_visible('#bf-1-creatures .card[data-name="Grizzly Bears"]')
    gp.click("#judge-last")
    assert gp.page.query_selector('#bf-1-creatures .card[data-name="Grizzly Bears"]') is None
    assert "Lightning Bolt deals 3 damage to Grizzly Bears" in gp.page.inner_text("#log")
    gp.shot("judge-end")
    gp.click("#judge-back")
    assert gp.state()["judge"]["at"] == judge["count"] - 1
    gp.click("#judge-first")
    assert gp.page.is_visible('#hand .card[data-name="Lightning Bolt"]')


def test_watch_an_ai_game(game_page: GamePage) -> None:
    gp = game_page
    gp.page.click("#btn-new")
    gp.page.wait_for_selector("#new-seed")
    gp.page.fill("#new-seed", "3")
    gp.click("#modal-body button:has-text('Watch')")
    gp.page.select_option("#watch-speed", "20")
    gp.page.wait_for_selector("#prompt:has-text('Game over')", timeout=30000)
    gp.shot("watch-over")
    assert gp.state()["view"]["outcome"] is not None
