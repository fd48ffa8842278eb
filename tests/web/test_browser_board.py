"""End-to-end: what the board shows (tapped cards, counters, damage, attachments,
summoning sickness, face-down cards), the opponent's deck chosen or pasted with the
deck's warnings, stops set on the phase bar, undo forbidden, concede and a new game.

Screenshots go to ``build/screenshots/`` (looked at while building the page).
"""

from __future__ import annotations

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

__all__ = ["browser", "game_page", "live_server"]  # fixtures, used by name

BOARD = """
name: a board with everything on it
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    battlefield:
      - {card: Grizzly Bears, id: bears, tapped: true, damage: 1, counters: {"+1/+1": 2}}
      - {card: Holy Strength, attached_to: bears}
      - {card: Hill Giant, sick: true}
      - {card: Exalted Angel, face_down: true}
      - {card: Forest, tapped: true}
      - {card: Plains}
  B:
    battlefield:
      - {card: Serra Angel, tapped: true, counters: {"-1/-1": 1}}
      - {card: Plains, tapped: true}
"""


def _box(handle: Any) -> tuple[float, float, float, float]:
    b = handle.bounding_box()
    assert b is not None
    return b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (
        inner[0] >= outer[0] - 1
        and inner[1] >= outer[1] - 1
        and inner[2] <= outer[2] + 1
        and inner[3] <= outer[3] + 1
    )


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def test_the_board_shows_tapped_cards_counters_damage_attachments_and_face_down(
    game_page: GamePage, tmp_path: Path
) -> None:
    gp = game_page
    gp.start_scenario(BOARD, tmp_path)
    page = gp.page
    bears = page.query_selector('#bf-0-creatures .card[data-name="Grizzly Bears"]')
    assert bears is not None and "tapped" in (bears.get_attribute("class") or "")
    badges = bears.inner_text()
    assert (
        "1 dmg" in badges and "2 +1/+1" in badges and "5/6" in badges
    )  # +1/+1 twice, Holy Strength +1/+2
    assert "+ Holy Strength" in badges
    assert "on Grizzly Bears" in page.inner_text('#bf-0-other .card[data-name="Holy Strength"]')
    assert "sick" in page.inner_text('#bf-0-creatures .card[data-name="Hill Giant"]')
    # CR 708.2: a face-down 2/2 with no name; its controller may look at it (CR 708.5)
    angel = page.query_selector('#bf-0-creatures .card.facedown[data-face-up="Exalted Angel"]')
    assert angel is not None and "Face-down" in angel.inner_text() and "2/2" in angel.inner_text()
    angel.hover()
    page.wait_for_selector("#preview .otext")
    assert "Morph" in page.inner_text("#preview") and "2/2 creature" in page.inner_text("#preview")
    assert "tapped" in (
        page.get_attribute('#bf-1-creatures .card[data-name="Serra Angel"]', "class") or ""
    )
    gp.shot("board-everything")
    # a tapped card lies on its side, its name and badges inside it and clear of each other
    for card in page.query_selector_all("#table .card.tapped"):
        box = _box(card)
        assert box[2] - box[0] > box[3] - box[1], "a tapped card is wider than it is tall"
        name = card.query_selector(".cname")
        assert name is not None and _inside(_box(name), box)
        pt = card.query_selector(".pt")
        for badge in card.query_selector_all(".badge"):
            assert _inside(_box(badge), box), badge.inner_text()
            assert not _overlap(_box(badge), _box(name)), badge.inner_text()
            assert pt is None or not _overlap(_box(badge), _box(pt)), badge.inner_text()
        assert pt is None or not _overlap(_box(pt), _box(name))


def test_the_opponents_deck_pasted_in_the_new_game_dialog_with_its_warnings(
    game_page: GamePage,
) -> None:
    gp = game_page
    page = gp.page
    page.click("#btn-new")
    page.wait_for_selector("#new-opp-text")
    assert page.inner_text("#new-opp option[value='random']") == "the AI picks one"
    page.fill("#new-seed", "5")
    page.fill("#new-deck-text", "20 Plains\n2 Alive // Well\n")
    page.fill("#new-opp-text", "30 Island\n10 Wind Drake\n")
    gp.shot("new-game-dialog")
    gp.click("#modal-body button.primary")
    page.wait_for_selector("#deck-warnings")
    warnings = page.inner_text("#deck-warnings")
    assert "fewer than the 40" in warnings and "Alive // Well" in warnings
    gp.shot("deck-warnings")
    page.click("#modal-body button.primary")  # Play
    assert page.is_hidden("#modal")
    session = gp.server.app.state.server.sessions[gp.session_id]
    g = session.game
    theirs = {g.objects[o].name for o in (*g.players[1].library, *g.players[1].hand)}
    assert theirs == {"Island", "Wind Drake"}


STOPS = """
name: an instant in hand, stops to set
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Giant Growth}]
    battlefield: [{card: Grizzly Bears}, {card: Forest}]
  B:
    battlefield: [{card: Plains}]
"""


def test_stops_on_the_phase_bar_and_undo_forbidden_in_the_settings(
    game_page: GamePage, tmp_path: Path
) -> None:
    gp = game_page
    gp.start_scenario(STOPS, tmp_path)
    page = gp.page
    assert gp.state()["view"]["step"] == "precombat_main"  # a default stop, Giant Growth castable
    assert "you:end" not in gp.state()["settings"]["stops"]
    gp.click('#phasebar .phase[data-step="end"]')
    assert "you:end" in gp.state()["settings"]["stops"]
    page.wait_for_selector('#phasebar .phase.stop[data-step="end"]')
    gp.click("#btn-pass")
    assert gp.state()["decision"]["kind"] == "attackers"
    gp.click("#btn-done")  # no attack
    assert gp.state()["view"]["step"] == "postcombat_main"  # a default stop
    gp.click("#btn-pass")
    assert gp.state()["view"]["step"] == "end"  # the stop set on the phase bar
    assert gp.state()["view"]["active"] == 0
    gp.click('#phasebar .phase[data-step="end"]')  # cleared again
    assert "you:end" not in gp.state()["settings"]["stops"]
    # clearing the stop you are at doesn't pass priority for you
    assert gp.state()["view"]["step"] == "end" and gp.state()["decision"]["kind"] == "priority"
    assert not page.is_disabled("#btn-undo")
    page.click("#btn-settings")
    page.uncheck("#allow-undo")
    page.uncheck("#stop-on-stack")
    gp.shot("settings")
    gp.click("#modal-body button.primary")
    assert gp.state()["settings"]["allow_undo"] is False
    assert gp.state()["settings"]["stop_on_stack"] is False
    assert page.is_disabled("#btn-undo")


def test_concede_then_a_new_game(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(STOPS, tmp_path)
    page = gp.page
    page.once("dialog", lambda dialog: dialog.accept())
    gp.click("#btn-concede")
    page.wait_for_selector("#gameover")
    assert page.inner_text("#gameover") == "You lose"
    assert "concede" in page.inner_text("#log").lower()
    assert page.is_disabled("#btn-concede")
    gp.shot("conceded")
    page.click("#btn-new")
    page.wait_for_selector("#new-seed")
    gp.click("#modal-body button.primary")
    view = gp.state()["view"]
    assert view["outcome"] is None and view["players"][0]["life"] == 20
    assert page.query_selector("#gameover") is None


CHOICES = """
name: choices in dialogs
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Utopia Sprawl}, {card: Cartographer}]
    graveyard: [{card: Island}]
    battlefield:
      - {card: Forest}
      - {card: Forest}
      - {card: Forest}
      - {card: Forest}
  B:
    battlefield: [{card: Plains}]
"""


def test_a_colour_a_may_and_a_target_in_a_graveyard_are_answered_in_dialogs(
    game_page: GamePage, tmp_path: Path
) -> None:
    gp = game_page
    gp.start_scenario(CHOICES, tmp_path)
    page = gp.page
    gp.click('#hand .card[data-name="Utopia Sprawl"]')
    gp.click('#bf-0-lands .card[data-name="Forest"].candidate >> nth=0')
    d = gp.state()["decision"]
    assert d["kind"] == "choose_option" and "color" in d["prompt"]
    page.wait_for_selector("#modal .option")
    gp.shot("choice-1-colour")
    gp.click("#modal .option:has-text('green')")
    assert "green" in page.inner_text("#log")
    # CR 603.3d: the trigger's target is a land card in the graveyard, shown in a dialog
    gp.click('#hand .card[data-name="Cartographer"]')
    assert gp.state()["decision"]["kind"] == "targets"
    page.wait_for_selector('#modal-body .card.candidate[data-name="Island"]')
    assert "graveyard" in page.inner_text('#modal-body .card[data-name="Island"]')
    gp.shot("choice-2-graveyard-target")
    gp.click('#modal-body .card[data-name="Island"]')
    # CR 603.5: "you may" is asked as the ability resolves
    while (d := gp.state()["decision"]) is not None and d["kind"] != "yes_no":
        gp.click("#btn-pass")
    assert d is not None and d["kind"] == "yes_no", d
    page.wait_for_selector("#prompt-buttons .option")
    gp.shot("choice-3-may")
    gp.click("#prompt-buttons .option >> nth=0")
    assert "Island" in [o["name"] for o in gp.state()["view"]["players"][0]["hand"]]
