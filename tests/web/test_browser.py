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
from card_files import ADVENTURE, MODAL_DFC, adventure_cards, modal_dfc_cards  # noqa: E402
from positions import BOLTS, KICKER, MODES, MULTIKICKER, UNICORN, X_SPELL  # noqa: E402

from mtg_engine import rules_text  # noqa: E402
from mtg_engine.game.objects import Zone  # noqa: E402

__all__ = [
    "adventure_cards",
    "browser",
    "game_page",
    "live_server",
    "modal_dfc_cards",
]  # fixtures, used by name

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
    assert _life(gp, "opponent-1") == 12
    # the game passed on (no stops there) to the player's next main phase, a land to play
    assert view["turn"] == 5
    assert "You attack with Grizzly Bears, Craw Wurm" in gp.page.inner_text("#log")
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


SECOND = """
  - name: Shock kills a goblin
    start: {turn: 3, active: A, step: precombat_main}
    players:
      A:
        hand: [{card: Shock}]
        battlefield: [{card: Mountain}]
      B:
        battlefield: [{card: Raging Goblin, id: goblin}]
    actions:
      - {player: A, cast: Shock, targets: [goblin]}
    expect:
      zones:
        B.graveyard: [Raging Goblin]
"""


def test_judge_view_opens_any_scenario_of_a_file(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    path = tmp_path / "two.yaml"
    first = "scenarios:\n  - " + JUDGED.strip().replace("\n", "\n    ") + "\n"
    path.write_text(first + SECOND, encoding="utf-8")
    gp.page.click("#btn-new")
    gp.page.set_input_files("#new-scenario", str(path))
    gp.page.fill("#new-scenario-number", "2")
    gp.click("#modal-body button:has-text('judge')")
    judge = gp.state()["judge"]
    assert judge["scenario"] == "Shock kills a goblin" and judge["index"] == 1
    assert gp.page.is_visible('#hand .card[data-name="Shock"]')
    gp.page.select_option("#judge-scenario", "0")
    gp.page.wait_for_function("() => S.msg.judge.index === 0")
    assert gp.state()["judge"]["scenario"] == "Lightning Bolt kills a bear"
    assert gp.page.is_visible('#hand .card[data-name="Lightning Bolt"]')
    gp.shot("judge-two-scenarios")


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


# ------------------------------------------------------------------ casting choices, damage, holding priority
# (in this module: a second module would launch a second Playwright inside the first)


def _hand(name: str) -> str:
    return f'#hand .card[data-name="{name}"]'


def _their_life(gp: GamePage) -> int:
    return int(gp.state()["view"]["players"][1]["life"])


def test_kicker_from_the_cards_menu(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(KICKER, tmp_path)
    gp.page.click(_hand("Burst Lightning"))  # two ways to cast it: a small menu
    gp.page.wait_for_selector("#menu-pop:not(.hidden)")
    labels = gp.page.locator("#menu-pop button").all_inner_texts()
    assert labels == [
        "Cast Burst Lightning {R}",
        "Cast Burst Lightning {R} with kicker {4}",
        "Cancel",
    ]
    gp.shot("kicker-1-menu")
    gp.click("#menu-pop button:has-text('with kicker')")
    assert gp.state()["decision"]["kind"] == "targets"
    gp.click("#player-1")
    assert _their_life(gp) == 16  # kicked: 4 damage (CR 702.33d)
    assert "kicked" in gp.page.inner_text("#log")
    # a split card: one entry per half, each with its own cost
    gp.page.click(_hand("Fire // Ice"))
    gp.page.wait_for_selector("#menu-pop:not(.hidden)")
    labels = gp.page.locator("#menu-pop button").all_inner_texts()
    assert labels[:2] == ["Cast Fire {1}{R}", "Cast Ice {1}{U}"]
    gp.page.click("#menu-pop button:has-text('Cancel')")
    assert gp.page.is_hidden("#menu-pop")


def test_x_is_a_number_bounded_by_what_can_be_paid(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(X_SPELL, tmp_path)
    gp.click(_hand("Blaze"))
    assert gp.state()["decision"]["kind"] == "x"
    x = gp.page.locator("#x-input")
    assert (x.get_attribute("min"), x.get_attribute("max")) == ("0", "3")  # {X}{R}, 4 lands
    assert gp.page.inner_text("#btn-x") == "Cast with X = 3"
    x.fill("7")
    assert gp.page.is_disabled("#btn-x")
    x.fill("2")
    assert gp.page.inner_text("#btn-x") == "Cast with X = 2"
    gp.shot("x-1-number")
    gp.click("#btn-x")
    assert gp.state()["decision"]["kind"] == "targets"
    gp.click("#player-1")
    assert _their_life(gp) == 18


def test_modes_in_a_menu_with_their_text(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(MODES, tmp_path)
    gp.click(_hand("Cryptic Command"))
    assert gp.state()["decision"]["kind"] == "modes"
    # three legal pairs (CR 700.2a: "Counter target spell" has no target but Cryptic
    # itself): few enough to be the prompt's own buttons
    labels = gp.page.locator("#prompt-buttons button.option").all_inner_texts()
    assert len(labels) == 3 and not any("Counter" in label for label in labels)
    assert "Modes: Tap all creatures your opponents control; Draw a card" in labels
    gp.shot("modes-1-menu")
    hand = len(gp.state()["view"]["players"][0]["hand"])
    gp.click("#prompt-buttons button:has-text('Tap all creatures your opponents control; Draw')")
    view = gp.state()["view"]
    assert len(view["players"][0]["hand"]) == hand + 1  # drew a card (Cryptic was on the stack)
    bears = [o for o in view["battlefield"] if o["name"] == "Grizzly Bears"]
    assert bears and all(o["tapped"] for o in bears)


def test_combat_damage_assignment_dialog(game_page: GamePage, tmp_path: Path) -> None:
    """CR 510.1c: an attacker blocked by two creatures: its controller divides its
    damage among them in a dialog (here 1 and 1, so that neither bear dies)."""
    gp = game_page
    gp.start_scenario(UNICORN, tmp_path)
    assert gp.state()["decision"]["kind"] == "attackers"
    gp.page.click('#bf-0-creatures .card[data-name="Prized Unicorn"]')
    gp.click("#btn-done")  # Prized Unicorn: all creatures able to block it do so
    d = gp.state()["decision"]
    assert d["kind"] == "assign_damage"
    gp.page.wait_for_selector("#modal:not(.hidden) input[type=number]")
    inputs = gp.page.locator("#modal-body .field input")
    assert inputs.count() == 2
    labels = gp.page.locator("#modal-body .field label").all_inner_texts()
    b1, b2 = d["data"]["blockers"]
    assert labels == [f"Grizzly Bears #{b1} (lethal: 2)", f"Grizzly Bears #{b2} (lethal: 2)"]
    inputs.nth(0).fill("1")
    inputs.nth(1).fill("1")
    gp.shot("damage-1-dialog")
    gp.click("#modal-body button.primary:has-text('Assign')")
    log = gp.page.inner_text("#log")
    assert log.count("Prized Unicorn deals 1 combat damage to Grizzly Bears") == 2
    view = gp.state()["view"]
    assert len([o for o in view["battlefield"] if o["name"] == "Grizzly Bears"]) == 2
    assert "Prized Unicorn" in [o["name"] for o in view["players"][0]["graveyard"]]


def test_hold_priority_to_respond_to_your_own_spell(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(BOLTS, tmp_path)
    # Ctrl-click: cast and keep priority (CR 117.3c)
    before = gp.replies()
    gp.page.locator(_hand("Lightning Bolt")).first.click(modifiers=["Control"])
    gp.wait_replies(before)
    gp.click("#player-1")
    state = gp.state()
    assert state["decision"]["kind"] == "priority"
    assert [o["name"] for o in state["view"]["stack"]] == ["Lightning Bolt"]
    assert _their_life(gp) == 20
    gp.shot("hold-1-own-spell-on-stack")
    gp.click(_hand("Lightning Bolt"))  # respond to it with the other one
    gp.click("#player-1")
    assert _their_life(gp) == 14 and not gp.state()["view"]["stack"]


def test_the_hold_priority_toggle(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(BOLTS, tmp_path)
    assert gp.page.inner_text("#btn-hold") == "Hold priority"
    gp.click("#btn-hold")
    assert gp.page.inner_text("#btn-hold") == "Holding priority"
    assert gp.state()["settings"]["hold_priority"] is True
    gp.shot("hold-2-toggle-on")
    gp.click(_hand("Lightning Bolt"))
    gp.click("#player-1")
    assert [o["name"] for o in gp.state()["view"]["stack"]] == ["Lightning Bolt"]
    gp.click("#btn-pass")  # let it resolve
    assert _their_life(gp) == 17


def test_multikicker_count_in_the_cards_menu(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    gp.start_scenario(MULTIKICKER, tmp_path)
    gp.page.click(_hand("Joraga Warcaller"))  # one cast option, but a count to choose
    gp.page.wait_for_selector("#menu-pop:not(.hidden) #multikick-n")
    n = gp.page.locator("#multikick-n")
    assert (n.get_attribute("min"), n.get_attribute("max")) == ("1", "2")
    n.fill("1")
    assert gp.page.inner_text("#btn-multikick") == "with multikicker {1}{G} × 1"
    gp.shot("multikicker-1-menu")
    gp.click("#btn-multikick")
    log = gp.page.inner_text("#log")
    assert "You cast Joraga Warcaller kicked" in log
    assert "Total cost of Joraga Warcaller: {1}{G}{G} (multikicker {1}{G}" in log


def test_an_adventure_from_the_cards_menu(
    game_page: GamePage, tmp_path: Path, adventure_cards: Path
) -> None:
    """CR 715.3: Bonecrusher Giant's menu offers the Giant and its Adventure, Stomp;
    Stomp targets by a click, and the card goes on an adventure (715.3d), shown in exile,
    from where the Giant is cast by clicking it."""
    gp = game_page
    gp.start_scenario(ADVENTURE, tmp_path)
    gp.page.click(_hand("Bonecrusher Giant"))
    gp.page.wait_for_selector("#menu-pop:not(.hidden)")
    labels = gp.page.locator("#menu-pop button").all_inner_texts()
    assert labels == ["Cast Bonecrusher Giant {2}{R}", "Cast Stomp {1}{R}", "Cancel"]
    gp.shot("adventure-1-menu")
    gp.click("#menu-pop button:has-text('Cast Stomp')")
    assert gp.state()["decision"]["kind"] == "targets"
    gp.click("#player-1")
    assert _their_life(gp) == 18
    assert [o["name"] for o in gp.state()["view"]["exile"]] == ["Bonecrusher Giant"]
    assert "on an adventure" in gp.page.inner_text("#log")
    # the exiled card is offered beside the hand, marked with its zone: the Giant, not Stomp
    gp.page.wait_for_selector(_hand("Bonecrusher Giant") + ".playable.elsewhere")
    gp.shot("adventure-2-exiled")
    assert gp.page.inner_text(_hand("Bonecrusher Giant") + " .fromzone") == "from exile"
    gp.click(_hand("Bonecrusher Giant"))  # one option: cast at once, and it resolves
    assert [o["name"] for o in gp.state()["view"]["battlefield"] if o["controller"] == 0][
        -1
    ] == "Bonecrusher Giant"
    assert not gp.state()["view"]["exile"]


def test_modal_double_faced_cards_from_the_cards_menu(
    game_page: GamePage, tmp_path: Path, modal_dfc_cards: Path
) -> None:
    """CR 712.12: Glasspool Mimic's menu offers the creature and its land face, played as
    Glasspool Shore; CR 712.11b: Halvar's only affordable face, Sword of the Realms, is
    named in a menu before it is cast. Hovering shows both faces' text."""
    gp = game_page
    page = gp.page
    gp.start_scenario(MODAL_DFC, tmp_path)
    page.hover(_hand("Glasspool Mimic"))
    page.wait_for_selector("#preview h3:has-text('Glasspool Shore')")
    preview = page.inner_text("#preview")
    assert "Glasspool Mimic" in preview and "enter as a copy of a creature" in preview
    assert "This land enters tapped." in preview
    page.click(_hand("Glasspool Mimic"))
    page.wait_for_selector("#menu-pop:not(.hidden)")
    labels = page.locator("#menu-pop button").all_inner_texts()
    assert labels == [
        "Cast Glasspool Mimic {2}{U}",
        "Play Glasspool Shore (back face of Glasspool Mimic)",
        "Cancel",
    ]
    gp.shot("mdfc-1-menu")
    gp.click("#menu-pop button:has-text('Play Glasspool Shore')")
    page.wait_for_selector('#bf-0-lands .card.tapped[data-name="Glasspool Shore"]')
    page.click(_hand("Halvar, God of Battle"))
    page.wait_for_selector("#menu-pop:not(.hidden)")
    labels = page.locator("#menu-pop button").all_inner_texts()
    assert labels == ["Cast Sword of the Realms {1}{W}", "Cancel"]
    gp.click("#menu-pop button:has-text('Sword of the Realms')")
    page.wait_for_selector('#bf-0-other .card[data-name="Sword of the Realms"]')
    page.hover('#bf-0-other .card[data-name="Sword of the Realms"]')
    page.wait_for_selector("#preview h3:has-text('Halvar, God of Battle')")
    assert "Equip {1}{W}" in page.inner_text("#preview")
    gp.shot("mdfc-2-played")
