"""The server side of the page: answers, stops, undo, saves, what a page is sent."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from browser_support import live_server  # noqa: E402  (a fixture, used by name)

from mtg_engine.cards.decks import bundled_decks  # noqa: E402
from mtg_engine.web.app import Server, ServerConfig  # noqa: E402
from mtg_engine.web.session import Session, SessionError, Settings, load_scenario  # noqa: E402
from mtg_engine.web.watch import JudgeSession, WatchSession  # noqa: E402

__all__ = ["live_server"]

RESPOND = """
name: the opponent casts a spell; you can respond
start: {turn: 3, active: B, step: precombat_main}
players:
  A:
    hand: [{card: Giant Growth}]
    battlefield: [{card: Grizzly Bears}, {card: Forest}]
  B:
    hand: [{card: Lightning Bolt}]
    battlefield: [{card: Mountain}]
"""


def test_bad_answers_are_refused_and_change_nothing() -> None:
    s = Session.new(seed=3)
    before = (len(s.game.log), s.game.pending.id)
    seq = s.message()["decision"]["seq"]
    for bad in (
        {"i": 999},
        {"i": "0"},
        {"targets": "bears"},
        {"attackers": [[1]]},
        {"number": True},
        {},
        {"i": 0, "seq": seq - 1},
    ):
        with pytest.raises(SessionError):
            s.answer(bad)
    assert (len(s.game.log), s.game.pending.id) == before


def test_the_game_stops_when_the_opponent_puts_a_spell_on_the_stack() -> None:
    s = Session.from_scenario(RESPOND, "heuristic")
    m = s.message()
    assert m["decision"]["kind"] == "priority"
    assert [o["name"] for o in m["view"]["stack"]] == ["Lightning Bolt"]
    assert any(o["label"].startswith("Cast Giant Growth") for o in m["decision"]["options"])


NO_ANSWER = """
name: the opponent casts a spell; you have no response
start: {turn: 3, active: B, step: precombat_main}
players:
  A:
    battlefield: [{card: Grizzly Bears}]
  B:
    hand: [{card: Lightning Bolt}]
    battlefield: [{card: Mountain}]
"""


def test_a_setting_stops_for_every_opponents_spell_even_without_a_response() -> None:
    # turned off (as Arena) a spell you can't answer doesn't stop the game: it resolves
    built = load_scenario(NO_ANSWER)[1]
    s = Session(built.game, "heuristic", 0, Settings(stop_on_stack=False))
    assert not s.message()["view"]["stack"]
    assert "Lightning Bolt" in [o["name"] for o in s.message()["view"]["players"][1]["graveyard"]]
    # by default the game stops so the player sees the spell before it resolves
    stopped = Session.from_scenario(NO_ANSWER)
    m = stopped.message()
    assert [o["name"] for o in m["view"]["stack"]] == ["Lightning Bolt"]
    assert [o["type"] for o in m["decision"]["options"]] == ["PassPriority"]
    assert m["settings"]["stop_on_stack"] is True


def test_without_stops_the_game_passes_for_you() -> None:
    s = Session.new(seed=5, settings=Settings(stops=set()))
    s.answer({"i": 0})  # keep
    d = s.game.pending
    # with no stops, the game goes on until something is the player's to decide
    # other than a priority pass with nothing on the stack
    assert d is None or d.player != 0 or d.kind != "priority" or s.game.stack


def test_settings_refuse_unknown_stops() -> None:
    with pytest.raises(SessionError, match="unknown stop"):
        Settings().update({"stops": ["you:lunch"]})
    with pytest.raises(SessionError):
        Settings().update({"stops": "you:upkeep"})


def test_undo_and_forbidding_it() -> None:
    s = Session.new(seed=3)
    first = s.game.pending.id
    s.answer({"i": 0})
    s.undo()
    assert s.game.pending.id == first
    with pytest.raises(SessionError, match="nothing to undo"):
        s.undo()
    s.settings.allow_undo = False
    s.answer({"i": 0})
    with pytest.raises(SessionError, match="turned off"):
        s.undo()


def test_saves_stay_on_the_server_and_resume(tmp_path: Path) -> None:
    s = Session.new(seed=3)
    s.answer({"i": 0})
    for bad in ("../escape", "", "a/b"):
        with pytest.raises(SessionError):
            s.save(tmp_path, bad)
    s.save(tmp_path, "mine")
    assert Session.saves(tmp_path) == ["mine"]
    back = Session.resume(tmp_path, "mine")
    assert back.message()["view"] == s.message()["view"]
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    with pytest.raises(SessionError, match="can't read"):
        Session.resume(tmp_path, "broken")
    with pytest.raises(SessionError, match="no saved game"):
        Session.resume(tmp_path, "missing")


def test_a_message_names_only_what_the_player_may_see() -> None:
    s = Session.new(seed=7)
    text = json.dumps(s.message())
    g = s.game
    hidden = {g.objects[o].name for p in g.players for o in p.library}
    hidden |= {g.objects[o].name for o in g.players[1].hand}
    hidden -= {g.objects[o].name for o in g.players[0].hand}
    assert hidden and not [n for n in hidden if f'"{n}"' in text]


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from click.testing import CliRunner

    from mtg_engine.cli.main import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the extra weren't installed
    result = CliRunner().invoke(main, ["serve", "--port", "0"])
    assert result.exit_code != 0
    assert "pip install 'mtg-engine[web]'" in result.output
    assert "Traceback" not in result.output


def test_serve_refuses_an_unknown_deck_in_one_line() -> None:
    from click.testing import CliRunner

    from mtg_engine.cli.main import main

    result = CliRunner().invoke(main, ["serve", "--deck", "no-such-deck", "--port", "0"])
    assert result.exit_code != 0
    assert "no-such-deck" in result.output and "Traceback" not in result.output


def test_a_page_may_paste_a_deck_but_not_name_a_server_file(tmp_path: Path) -> None:
    from mtg_engine.web.app import Server, ServerConfig

    server = Server(ServerConfig(seed=1, save_dir=tmp_path))
    [reply] = server.handle("p", {"type": "new_game", "deck": "/etc/passwd"})
    assert reply["type"] == "error" and "unknown deck" in reply["message"]
    [reply] = server.handle("p", {"type": "new_game", "deck_text": "40 Mountain"})
    assert reply["type"] == "state"
    assert server.sessions["p"].deck == "your pasted deck"
    [reply] = server.handle("p", {"type": "new_game", "deck_text": "4 Not A Card"})
    assert reply["type"] == "error" and "line 1" in reply["message"]
    [reply] = server.handle("p", {"type": "judge_goto", "k": "x"})
    assert reply["type"] == "error"


def _library_names(session: Any, player: int) -> set[str]:
    g = session.game
    p = g.players[player]
    return {g.objects[o].name for o in (*p.library, *p.hand)}


def test_the_opponents_deck_is_pasted_chosen_or_picked_by_the_ai(tmp_path: Path) -> None:
    server = Server(ServerConfig(seed=1, save_dir=tmp_path))
    [reply] = server.handle(
        "p", {"type": "new_game", "opponent_deck_text": "30 Island\n10 Wind Drake\n"}
    )
    assert reply["type"] == "state"
    assert _library_names(server.sessions["p"], 1) == {"Island", "Wind Drake"}
    server.handle("p", {"type": "new_game", "opponent_deck": "red-green"})
    assert "Mountain" in _library_names(server.sessions["p"], 1)
    # "random": the AI picks a bundled deck by the game's seed, and the page isn't told which
    picked = set()
    for seed in range(12):
        [reply] = server.handle("p", {"type": "new_game", "opponent_deck": "random", "seed": seed})
        session = server.sessions["p"]
        picked.add(session.opponent_deck)
        assert session.opponent_deck not in json.dumps(reply)
    assert len(picked) > 1 and picked <= set(bundled_decks())
    [reply] = server.handle("p", {"type": "new_game", "opponent_deck_text": "4 Not A Card"})
    assert reply["type"] == "error" and "the opponent's pasted deck, line 1" in reply["message"]


def test_a_pasted_decks_warnings_are_sent_once(tmp_path: Path) -> None:
    """A deck under 40 cards (CR 100.2b) and a multi-face card missing a face from the
    card file get a warning on the page; the game is played anyway."""
    server = Server(ServerConfig(seed=1, save_dir=tmp_path))
    [reply] = server.handle(
        "p", {"type": "new_game", "deck_text": "20 Plains\n2 Alive // Well\n", "seed": 3}
    )
    assert reply["type"] == "state"
    assert reply["warnings"] == [
        "your pasted deck: 22 cards, fewer than the 40 of the smallest format (CR 100.2b): "
        "playing it anyway",
        "your pasted deck: Alive // Well: the engine can't fully run its face 'Well', "
        "not in the card file",
    ]
    [again] = server.handle("p", {"type": "hello"})
    assert again["warnings"] == []
    [bundled] = server.handle("p", {"type": "new_game"})
    assert bundled["warnings"] == []
    quiet = Server(ServerConfig(seed=1, save_dir=tmp_path, allow_small_decks=True))
    [reply] = quiet.handle("p", {"type": "new_game", "deck_text": "20 Plains\n2 Alive // Well\n"})
    assert [w for w in reply["warnings"] if "fewer than" in w] == []
    assert len(reply["warnings"]) == 1


def test_serve_warns_about_its_decks_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn
    from click.testing import CliRunner

    from mtg_engine.cli.main import main

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.append(app.state.server))
    path = tmp_path / "small.txt"
    path.write_text("20 Mountain\n", encoding="utf-8")
    argv = ["serve", "--port", "0", "--deck", str(path), "--opponent-deck", "random"]
    result = CliRunner().invoke(main, argv)
    assert result.exit_code == 0, result.output
    assert "mtg serve: warning: " in result.stderr and "fewer than the 40" in result.stderr
    assert started and started[0].config.opponent_deck == "random"
    result = CliRunner().invoke(main, [*argv, "--allow-small-decks"])
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert started[-1].config.allow_small_decks


def test_the_websocket_answers_garbage_with_an_error(live_server: Any) -> None:
    from websockets.sync.client import connect

    with connect(live_server.url.replace("http", "ws") + "ws") as ws:
        assert json.loads(ws.recv())["type"] == "session"
        ws.send("not json")
        assert json.loads(ws.recv())["type"] == "error"
        ws.send(json.dumps({"type": "hello"}))
        state = json.loads(ws.recv())
        assert state["type"] == "state" and state["decision"]["kind"] == "mulligan"

    def get(path: str) -> tuple[int, Any]:
        try:
            with urlopen(live_server.url + path) as r:
                return r.status, json.loads(r.read())
        except HTTPError as e:
            return e.code, None

    status, rule = get("api/rule/702.19b")
    assert status == 200 and rule["number"] == "702.19b" and "trample" in rule["text"].lower()
    assert get("api/rule/999.9")[0] == 404
    assert get("api/card?name=Nope%20Nope")[0] == 404
    status, card = get("api/card?name=Lightning%20Bolt")
    assert card["faces"][0]["compiled"][0]["effects"] == ["damage"]


FREE_FOR_ALL = """
name: three players
variant: free_for_all
players: {A: {}, B: {}, C: {}}
"""

SIX_PLAYERS = """
name: six players
variant: free_for_all
players: {A: {}, B: {}, C: {}, D: {}, E: {}, F: {}}
"""


def test_a_free_for_all_scenario_starts_with_an_ai_for_each_opponent() -> None:
    """CR 806: a free-for-all scenario is played on the page, each opponent an AI; more
    players than the page draws (five) are refused with a message saying where it runs."""
    s = Session.from_scenario(FREE_FOR_ALL)
    assert len(s.message()["view"]["players"]) == 3
    assert sorted(s.agents) == [1, 2]
    JudgeSession(FREE_FOR_ALL)
    for start in (Session.from_scenario, JudgeSession):
        with pytest.raises(SessionError, match="has 6: run it with 'mtg scenario run'"):
            start(SIX_PLAYERS)


def test_a_new_game_against_several_opponents_plays_to_the_end() -> None:
    """Three AI opponents with the opponent's deck; the game is theirs to play out when
    the human concedes, and the number of opponents is bounded."""
    s = Session.new("red-green", "white-blue", "random", seed=2, opponents=3)
    names = [p["name"] for p in s.message()["view"]["players"]]
    assert names == ["Player", "Opponent 1", "Opponent 2", "Opponent 3"]
    s.concede()
    s.advance()
    assert s.game.outcome is not None and s.game.outcome.winner != 0
    with pytest.raises(SessionError, match="1 to 4 opponents, not 5"):
        Session.new(opponents=5)


FREE_FOR_ALL_BLOCKS = """
name: B attacks A in a free-for-all; A blocks
variant: free_for_all
start: {turn: 3, active: B, step: precombat_main}
players:
  A:
    battlefield: [{card: Grizzly Bears}, {card: Forest}]
  B:
    battlefield: [{card: Raging Goblin}, {card: Hill Giant}]
  C:
    battlefield: [{card: Llanowar Elves}]
"""


def test_illegal_blocks_are_refused_naming_the_cards_and_change_nothing() -> None:
    """CR 509.1a: messages for illegal answers name the cards (never a bare object id)
    and the game is unchanged after each."""
    s = Session.from_scenario(FREE_FOR_ALL_BLOCKS, "heuristic")
    for _ in range(20):
        d = s.message()["decision"]
        if d["kind"] == "blockers":
            break
        s.answer({"i": next(o["i"] for o in d["options"] if o["type"] == "PassPriority")})
    assert d["kind"] == "blockers", "the AI attacks with Hill Giant"
    g = s.game
    ids = {g.objects[o].name: o for o in g.battlefield}
    bears, giant, goblin, elves = (
        ids[n] for n in ("Grizzly Bears", "Hill Giant", "Raging Goblin", "Llanowar Elves")
    )
    before = (len(g.log), g.pending.id)
    cases = {
        "Grizzly Bears can't block Raging Goblin: it isn't attacking": [[bears, goblin]],
        "Grizzly Bears blocks Hill Giant twice": [[bears, giant], [bears, giant]],
        "Llanowar Elves can't block": [[elves, giant]],
        "an unknown object (id 99999)": [[99999, giant]],
    }
    for message, pairs in cases.items():
        with pytest.raises(SessionError) as err:
            s.answer({"blockers": pairs})
        assert message in str(err.value)
        assert not any(str(i) in str(err.value) for i in (bears, giant, goblin, elves))
    with pytest.raises(SessionError, match="a choice of targets doesn't answer this decision"):
        s.answer({"targets": [giant]})
    assert (len(g.log), g.pending.id) == before
    s.answer({"blockers": [[bears, giant]]})
    assert any("Grizzly Bears blocks Hill Giant" in e.text for e in g.log[before[0] :])


def test_watching_a_free_for_all_of_three_ais_to_its_end() -> None:
    """CR 806: three AIs, each with its own agent, play until one is left (104.2a);
    the page sees the game from the first seat only (no other player's hand)."""
    w = WatchSession("red-green", "white-blue", ["heuristic", "random"], seed=4, players=3)
    assert [p.name for p in w.game.players] == [
        "AI 1 (heuristic)",
        "AI 2 (random)",
        "AI 3 (random)",
    ]
    assert len(w.agents) == 3
    m = w.message()
    assert len(m["view"]["players"]) == 3
    assert all(p["hand"] is None for p in m["view"]["players"][1:])
    for _ in range(400):
        if w.game.outcome is not None:
            break
        w.step(25)
    assert w.game.outcome is not None
    assert w.message()["view"]["outcome"] is not None


def test_a_watch_with_a_bad_table_is_refused() -> None:
    for players, ais, message in (
        (1, ["heuristic"], "2 to 5 players"),
        (6, ["heuristic"], "2 to 5 players"),
        (3, [], "name the AIs"),
        (3, ["heuristic", "nobody"], "unknown AI 'nobody'"),
    ):
        with pytest.raises(SessionError, match=message):
            WatchSession("red-green", "white-blue", ais, seed=1, players=players)


def test_malformed_page_messages_get_a_message_not_a_traceback() -> None:
    """Every message a page may send is checked: a JSON ``true`` isn't an object id, an
    unknown message type is named (also on a watching page), bad watch tables refused;
    the game is unchanged after each."""
    server = Server(ServerConfig())
    server.handle("p", {"type": "hello"})
    game = server.sessions["p"].game
    before = (len(game.log), game.pending.id)
    for msg, message in (
        ({"type": "answer", "attackers": [[True, 1]]}, "expected a list of [id, id] pairs"),
        ({"type": "answer", "targets": [False]}, "expected a list of ids"),
        ({"type": "nonsense"}, "unknown message type 'nonsense'"),
        ({"type": "watch", "players": "3"}, "players must be a whole number"),
        ({"type": "watch", "ais": "heuristic"}, "ais must be a list of AI names"),
    ):
        (reply,) = server.handle("p", msg)
        assert reply["type"] == "error" and message in reply["message"]
    assert server.sessions["p"].game is game and (len(game.log), game.pending.id) == before
    server.handle("p", {"type": "watch", "players": 4, "seed": 2})
    (reply,) = server.handle("p", {"type": "nonsense"})
    assert reply["message"] == "unknown message type 'nonsense'"
