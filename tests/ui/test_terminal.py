"""The terminal game (`mtg play`'s loop) driven by a scripted player: stops and
auto-pass, labelled options, subset attacks, no harmful default."""

from __future__ import annotations

import io
import json

from click.testing import CliRunner
from rich.console import Console
from rich.text import Text
from scripted_player import AgentAnswerer, AskEverything, play

from mtg_engine import (
    CastSpell,
    ChooseTargets,
    DecisionKind,
    Game,
    new_game_from_decks,
)
from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import bundled_decks
from mtg_engine.cli.main import main
from mtg_engine.game.events import EventKind
from mtg_engine.game.objects import Zone
from mtg_engine.rules.characteristics import chars
from mtg_engine.scenario.builder import build
from mtg_engine.scenario.schema import load_data
from mtg_engine.scenario.yamlload import load_yaml
from mtg_engine.ui.board import board, mana_text, pool_text
from mtg_engine.ui.describe import describe
from mtg_engine.ui.terminal import ALL_STOPS, TerminalGame, load_saved
from mtg_engine.ui.wording import second_person


def test_default_stops_ask_far_fewer_questions_than_asking_everything():
    """Seed 3, 8 turns, holding Lightning Bolt: 65 questions before, 23 with stops."""
    everywhere, _, _ = play(3, AskEverything)
    default, _, _ = play(3)
    assert default.prompts < everywhere.prompts / 2, (default.prompts, everywhere.prompts)


def test_stops_all_stops_at_every_step_with_something_to_do():
    everywhere, _, _ = play(3, AskEverything)
    game = new_game_from_decks("red-green", "white-blue", seed=3)
    tg = TerminalGame(game, make_agent("heuristic", 4), ask=AgentAnswerer(game), say=lambda s: None)
    tg.stops = set(ALL_STOPS)
    tg.run()
    default, _, _ = play(3)
    assert tg.prompts > default.prompts


def test_priority_is_asked_only_at_stops_or_with_an_opponents_object_on_the_stack():
    seen: list[tuple[int, int, str, bool]] = []
    game = new_game_from_decks("red-green", "white-blue", seed=3)
    agent = make_agent("heuristic", 11)

    def ask(text: str) -> str:
        if game.turn > 8:
            return "q"
        if game.pending.kind == DecisionKind.PRIORITY:
            top = game.objects[game.stack[-1]].controller if game.stack else None
            seen.append((game.active, top, game.step_name, bool(game.stack)))
        options = game.legal_actions()
        return str(options.index(agent.choose(game)) + 1)

    tg = TerminalGame(game, make_agent("heuristic", 4), ask=ask, say=lambda s: None)
    tg.run()
    assert seen
    for active, top, step, stack in seen:
        if stack:
            assert top == 1
        else:
            assert (("you" if active == 0 else "opponent"), step) in tg.stops


def test_options_are_labelled_apart():
    for seed in (3, 5):
        _, answerer, _ = play(seed)
        for _kind, labels in answerer.asked:
            assert len(labels) == len(set(labels)), labels


def test_no_default_answer_for_targets():
    """Pressing Enter at a target prompt does nothing: Lightning Bolt never hits you by default."""
    game = new_game_from_decks("red-green", "white-blue", seed=3, mulligans=False)
    agent = make_agent("heuristic", 1)
    said: list[str] = []
    answers = iter(["", "", "q"])
    while game.outcome is None:
        d = game.pending
        if d.player == 0 and d.kind == DecisionKind.PRIORITY:
            bolt = [
                a
                for a in game.legal_actions()
                if isinstance(a, CastSpell) and game.objects[a.card].name == "Lightning Bolt"
            ]
            if bolt:
                game.apply(bolt[0])
                break
        game.apply(agent.choose(game))
    assert game.pending.kind == DecisionKind.TARGETS
    assert any(isinstance(a, ChooseTargets) for a in game.legal_actions())
    tg = TerminalGame(game, agent, ask=lambda _t: next(answers), say=said.append)
    tg.run()
    assert not any("Lightning Bolt deals" in s and "to You" in s for s in said), (
        "Enter must not pick a target"
    )
    assert tg.prompts == 3  # two empty answers re-asked, then the concession


def test_attack_with_any_subset():
    """CR 508.1a: the player may attack with any of their creatures that can: picking
    the first and third of three by letters declares exactly those two."""
    game = new_game_from_decks("red-green", "white-blue", seed=7, mulligans=False)
    agent = make_agent("heuristic", 1)
    while game.outcome is None:
        d = game.pending
        if d.player == 0 and d.kind == DecisionKind.ATTACKERS and len(d.data["candidates"]) >= 3:
            break
        game.apply(agent.choose(game))
    assert game.outcome is None, "the test needs three possible attackers"
    candidates = list(game.pending.data["candidates"])
    answers = iter(["a c"])

    def ask(_text: str) -> str:
        if game.pending.kind == DecisionKind.ATTACKERS:
            return next(answers)
        return "q"

    tg = TerminalGame(game, agent, ask=ask, say=lambda s: None)
    before = len(game.log)
    tg.run()
    declared = [
        e.data["attackers"]
        for e in game.log[before:]
        if e.kind == EventKind.DECLARE_ATTACKERS and "attackers" in e.data
    ]
    assert declared[0] == [candidates[0], candidates[2]]


def test_show_and_rule_at_any_prompt():
    """``show NAME`` prints a visible card's Oracle text and compiled abilities;
    ``rule N`` the rule's text; neither answers the question."""
    game = new_game_from_decks("red-green", "white-blue", seed=3)
    said: list[str] = []
    answers = iter(["show lightning", "rule 702.19b", "show island", "rule 999.9z", "q"])
    tg = TerminalGame(
        game, make_agent("heuristic", 1), ask=lambda _t: next(answers), say=said.append
    )
    tg.run()
    text = "\n".join(said)
    assert "Lightning Bolt deals 3 damage to any target." in text
    assert "702.19b" in text and "trample" in text.lower()
    # the opponent's hand is hidden (CR 402.3): no Island of theirs is shown
    assert "no card you can see is called 'island'" in text
    assert "no rule '999.9z'" in text
    assert tg.prompts == 5


def test_undo_returns_to_the_previous_decision_and_save_resumes(tmp_path):
    game = new_game_from_decks("red-green", "white-blue", seed=3)
    path = tmp_path / "Game.json"
    answers = iter(["2", "undo", "1", f"save {path}", "q"])
    kinds: list[tuple[int, str]] = []

    def ask(_text: str) -> str:
        kinds.append((tg.game.turn, str(tg.game.pending.kind)))
        return next(answers)

    tg = TerminalGame(game, make_agent("heuristic", 1), ask=ask, say=lambda s: None)
    tg.run()
    # mulligan (2), undone: asked the same mulligan question again, then kept
    assert kinds[0] == kinds[2] == (0, "mulligan")
    saved = Game.from_json(json.loads(path.read_text())["game"])
    assert saved.turn == kinds[3][0] and saved.outcome is None
    # the undone mulligan is gone: the player kept their first seven
    assert any(e.text == f"{saved.players[0].name} keeps 7 cards" for e in saved.log)


def test_resume_restores_the_stops_and_the_ai(tmp_path):
    """``save FILE`` keeps the player's stops and the AI (kind, seed, generator state):
    the resumed game stops where the player asked and its AI answers as the saved
    game's AI would have."""
    game = new_game_from_decks("red-green", "white-blue", seed=5)
    path = tmp_path / "g.json"
    answers = iter(["stops +opponent upkeep", "stops -you postcombat_main", f"save {path}", "q"])
    tg = TerminalGame(
        game,
        make_agent("random", 99),
        ask=lambda _t: next(answers),
        say=lambda s: None,
        ai="random",
        ai_seed=99,
    )
    for _ in range(5):  # the AI has drawn from its generator before the save
        tg.bot.choose(game)
    expected_stops = (set(tg.stops) | {("opponent", "upkeep")}) - {("you", "postcombat_main")}
    tg.run()
    data = json.loads(path.read_text())
    resumed = load_saved(data, ask=lambda _t: "q", say=lambda s: None)
    assert resumed.stops == expected_stops
    assert (resumed.ai, resumed.ai_seed, resumed.bot.name) == ("random", 99, "random")
    # the same AI from here: both copies make the same random choices for a while
    original = Game.from_json(data["game"])
    twin = make_agent("random", 99)
    twin.rng.state = data["ai_rng"]
    for _ in range(300):
        if original.outcome is not None:
            break
        a = resumed.bot.choose(resumed.game) if resumed.game.pending.player == 1 else None
        b = twin.choose(original) if original.pending.player == 1 else None
        assert a == b
        if a is None:
            a = b = original.legal_actions()[0]
        resumed.game.apply(a.unbound())
        original.apply(b.unbound())
    assert resumed.game.log[-1].text == original.log[-1].text
    # a fresh AI of the same seed would not be in the same place: the state matters
    assert data["ai_rng"] != make_agent("random", 99).rng.state


def test_resume_rejects_a_damaged_save(tmp_path):
    game = new_game_from_decks("red-green", "white-blue", seed=3)
    tg = TerminalGame(game, make_agent("heuristic", 1), ask=lambda _t: "q", say=lambda s: None)
    data = tg.save_data()
    for key, bad in (("stops", ["you:teatime"]), ("ai", "oracle"), ("me", 5), ("game", {})):
        broken = dict(data, **{key: bad})
        path = tmp_path / f"{key}.json"
        path.write_text(json.dumps(broken))
        r = CliRunner().invoke(main, ["play", "--resume", str(path)])
        assert r.exit_code == 2 and "cannot resume" in r.output and "damaged" in r.output, r.output
        assert "Traceback" not in r.output


def test_the_log_and_prompts_speak_to_the_player_in_the_second_person():
    """'You draw a card', 'Your turn', 'You have priority', never 'You draws'."""
    _, _, out = play(3)
    text = "\n".join(out)
    game = new_game_from_decks("red-green", "white-blue", seed=3)
    me = game.players[0].name
    assert "You draw a card" in text and ": Your turn" in text
    for wrong in (f"{me} draws", f"{me}'s turn", f"{me} has priority", f"{me} casts", f"{me} pays"):
        assert wrong not in text, wrong
    assert "Opponent draws a card" in text or f"{game.players[1].name} draws a card" in text


def test_second_person_wording():
    assert second_person("You draws a card", "You") == "You draw a card"
    assert second_person("Turn 3: You's turn", "You") == "Turn 3: Your turn"
    assert second_person("Untap step: A untaps Forest", "A") == "Untap step: You untap Forest"
    assert second_person("Youthful Knight attacks You", "You") == "Youthful Knight attacks you"
    assert second_person("A passes; B casts Shock", "A") == "You pass; B casts Shock"
    assert second_person("B has priority", "A") == "B has priority"
    assert second_person("A searches, then A shuffles", "A") == "You search, then you shuffle"
    assert second_person("A has priority", "A") == "You have priority"
    assert second_person("A shuffles their library", "A") == "You shuffle your library"
    assert second_person("you draws a card", "you") == "You draw a card"


def test_the_rich_board_colours_mana_and_marks_tapped_and_attacking():
    game = new_game_from_decks("red-green", "white-blue", seed=3)
    agent = make_agent("heuristic", 1)
    while not (game.combat and game.combat.attackers and game.step_name == "declare_blockers"):
        game.apply(agent.choose(game))
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system="standard")
    console.print(board(game, 0))
    coloured = console.file.getvalue()
    assert "\x1b[" in coloured  # ANSI colours
    plain = Text.from_ansi(coloured).plain
    assert "Creatures" in plain and "Lands" in plain and "Hand" in plain
    assert "attacking" in plain and "tapped" in plain and "mana pool" in plain
    assert "╭" in plain  # panels
    # a hidden card never shows: the opponent's hand is a count only
    opp_hand = {game.objects[i].name for i in game.players[1].hand}
    mine = {game.objects[i].name for i in game.players[0].hand} | {
        game.objects[i].name for i in game.battlefield
    }
    for name in opp_hand - mine:
        assert name not in plain


def test_mana_symbols_in_their_colours():
    t = mana_text("{2}{R}{G}")
    assert t.plain == "{2}{R}{G}"
    styles = {t.plain[s.start : s.end]: str(s.style) for s in t.spans}
    assert "red" in styles["{R}"] and "green" in styles["{G}"]
    assert pool_text([0, 0, 0, 2, 1, 0]).plain == " R ×2  G ×1"
    assert pool_text([0] * 6).plain == "empty"


def test_play_draws_a_plain_board_when_output_is_not_a_terminal():
    r = CliRunner().invoke(main, ["play", "--seed", "3"], input="1\nq\n")
    assert r.exit_code == 0, r.output
    assert "\x1b[" not in r.output and "╭" not in r.output
    assert "── Turn" in r.output


def test_the_ai_picks_a_bundled_deck_and_keeps_it_secret():
    r = CliRunner().invoke(main, ["play", "--seed", "3", "--opponent-deck", "random"], input="q\n")
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    assert "AI (heuristic): a bundled deck it picked" in first
    assert not any(name in first for name in bundled_decks() if name != "red-green")


def test_play_against_two_opponents_shows_each_of_them():
    """CR 806: ``--opponents 2`` is a free-for-all; the board lists every opponent."""
    r = CliRunner().invoke(main, ["play", "--seed", "3", "--opponents", "2"], input="1\n\nq\n")
    assert r.exit_code == 0, r.output
    for name in ("Opponent 1", "Opponent 2"):
        assert f"{name}: life 20" in r.output and f"{name}'s graveyard: (empty)" in r.output
    assert "  you : (nothing)" in r.output


def test_play_resumes_a_saved_game(tmp_path):
    game = new_game_from_decks("red-green", "white-blue", seed=3)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.to_json()))
    r = CliRunner().invoke(main, ["play", "--resume", str(path)], input="q\n")
    assert r.exit_code == 0, r.output
    assert "keep this hand" in r.output
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = CliRunner().invoke(main, ["play", "--resume", str(bad)])
    assert r.exit_code == 2 and "cannot resume" in r.output


def _bears_in_main(board) -> tuple[Game, int]:
    """Player 0 in their precombat main phase (a default stop) with Grizzly Bears in
    hand, three Forests, and Giant Growth with a creature to target: a spell they may
    respond to themselves."""
    bears = board.add(0, "Grizzly Bears", zone=Zone.HAND)
    board.add(0, "Giant Growth", zone=Zone.HAND)
    board.add(0, "Llanowar Elves")
    for _ in range(3):
        board.add(0, "Forest")
    return board.start(), bears


def _run_with(game: Game, answers: list[str]) -> tuple[TerminalGame, list[tuple]]:
    """The player answers ``answers`` in turn (with the option number of "Cast Grizzly
    Bears" for ``BEARS``); each question is recorded as (kind, objects on the stack)."""
    asked: list[tuple] = []
    it = iter(answers)

    def ask(_text: str) -> str:
        g = tg.game
        asked.append((str(g.pending.kind), [g.objects[o].name for o in g.stack]))
        a = next(it, "q")
        if a.endswith("BEARS"):
            options = g.legal_actions()
            n = next(
                i
                for i, x in enumerate(options, 1)
                if isinstance(x, CastSpell) and g.objects[x.card].name == "Grizzly Bears"
            )
            a = a.replace("BEARS", str(n))
        return a

    tg = TerminalGame(game, make_agent("heuristic", 1), ask=ask, say=lambda s: None)
    tg.run()
    return tg, asked


def test_a_cast_spell_resolves_without_asking_unless_priority_is_held(board):
    """CR 117.3c: the caster receives priority after casting; the terminal passes it for
    them (their own spell resolves) unless they typed ``hold N``."""
    game, _ = _bears_in_main(board)
    _, asked = _run_with(game, ["BEARS", "q"])
    assert asked[1] == ("priority", []), asked  # the Bears resolved: asked with an empty stack


def test_hold_n_keeps_priority_once_to_respond_to_ones_own_spell(board):
    game, _ = _bears_in_main(board)
    tg, asked = _run_with(game, ["hold BEARS", "1", "q"])
    assert asked[1] == ("priority", ["Grizzly Bears"]), asked
    # passing there lets it resolve, and the hold is over: the next question has no stack
    assert asked[2] == ("priority", []) and not tg.hold_once, asked


def test_hold_on_keeps_priority_after_every_own_spell_and_is_saved(board, tmp_path):
    game, _ = _bears_in_main(board)
    path = tmp_path / "hold.json"
    tg, asked = _run_with(game, ["hold on", "BEARS", f"save {path}", "q"])
    assert asked[2] == ("priority", ["Grizzly Bears"]), asked
    resumed = load_saved(json.loads(path.read_text()), ask=lambda _t: "q", say=lambda s: None)
    assert resumed.hold_priority is True


def test_hold_is_refused_with_a_message_where_it_means_nothing(board):
    game, _ = _bears_in_main(board)
    said: list[str] = []
    answers = iter(["hold 99", "hold 1 2", "hold", "q"])
    tg = TerminalGame(
        game, make_agent("heuristic", 1), ask=lambda _t: next(answers), say=said.append
    )
    log_before = len(game.log)
    tg.run()
    text = "\n".join(said)
    assert "please type a number from 1 to" in text  # hold 99: no option 99
    assert "'hold N' answers a priority question" in text  # two numbers
    assert "holding priority after your own spells: off" in text
    # nothing was cast: only the concession happened after the three refusals
    assert not any(e.kind == EventKind.CAST for e in game.log[log_before:])


def test_a_modal_double_faced_card_is_played_as_its_land_face(board):
    """CR 712.12: the terminal offers Glasspool Mimic's land face as an option of its own,
    labelled apart from casting the creature; typing its number plays Glasspool Shore."""
    mimic = board.add(0, "Glasspool Mimic", zone=Zone.HAND)
    for _ in range(3):
        board.add(0, "Island")
    game = board.start()
    out: list[str] = []
    label = f"Play Glasspool Shore (back face of Glasspool Mimic #{mimic})"

    def ask(_text: str) -> str:
        options = [describe(game, a, viewer=0) for a in game.legal_actions()]
        return str(options.index(label) + 1) if label in options else "q"

    TerminalGame(game, make_agent("heuristic", 1), ask=ask, say=out.append).run()
    shown = "\n".join(out)
    assert label in shown and f"Cast Glasspool Mimic #{mimic} {{2}}{{U}}" in shown
    mine = [game.objects[o] for o in game.battlefield if game.objects[o].controller == 0]
    assert "Glasspool Shore" in [chars(game, o).name for o in mine]


FREE_FOR_ALL_ATTACK = """
name: A attacks in a free-for-all
variant: free_for_all
start: {turn: 3, active: A, step: beginning_of_combat}
players:
  A:
    battlefield: [{card: Grizzly Bears}, {card: Holy Strength, attached_to: Grizzly Bears}]
  B:
    battlefield: [{card: Plains}]
  C:
    battlefield: [{card: Forest}]
"""


def _ffa_game(text: str) -> Game:
    data = load_yaml(text)
    valid, invalid = load_data(data, "scenario")
    assert valid and not invalid
    return build(valid[0]).game


def test_one_creature_attacking_two_players_is_refused_by_name():
    """CR 508.1a-b: each attacking creature attacks one player, planeswalker or battle.
    Picking Grizzly Bears against B and against C is refused with a message that names
    the creature and both players (no bare object id), and the question is asked again;
    the board names what an Aura is attached to."""
    game = _ffa_game(FREE_FOR_ALL_ATTACK)
    bears = next(o for o in game.battlefield if game.objects[o].name == "Grizzly Bears")
    console = Console(file=io.StringIO(), width=120)
    console.print(board(game, 0))
    assert f"on Grizzly Bears #{bears}" in console.file.getvalue()
    said: list[str] = []
    answers = iter(["a b", "a"])

    def ask(_text: str) -> str:
        if game.pending.kind == DecisionKind.ATTACKERS:
            return next(answers, "q")
        return "q"

    tg = TerminalGame(game, make_agent("heuristic", 1), ask=ask, say=said.append)
    tg.show_board = None
    tg.run()
    text = "\n".join(said)
    assert "a) Grizzly Bears" in text and "attacks B" in text and "attacks C" in text
    refusal = next(s for s in said if "illegal" in s)
    assert "Grizzly Bears can attack only one player" in refusal
    assert "not both B and C" in refusal
    assert str(bears) not in refusal.replace("508.1", "")
    declared = [
        e.data["attackers"]
        for e in tg.game.log
        if e.kind == EventKind.DECLARE_ATTACKERS and "attackers" in e.data
    ]
    assert declared[0] == [bears]  # asked again: "a" alone attacks B


def test_the_header_names_whose_turn_and_says_when_the_game_hasnt_begun():
    """Before the first turn the board says the players are taking mulligans (CR 103.5),
    not "Turn 0"; in a free-for-all the header names the active opponent."""
    game = new_game_from_decks("red-green", "white-blue", seed=2)
    assert game.turn == 0
    console = Console(file=io.StringIO(), width=120)
    console.print(board(game, 0))
    assert "Before the first turn · mulligans" in console.file.getvalue()
    game = _ffa_game(FREE_FOR_ALL_ATTACK.replace("active: A", "active: C"))
    console = Console(file=io.StringIO(), width=120)
    console.print(board(game, 0))
    assert "Turn 3 · C's turn" in console.file.getvalue()


def test_cards_alike_in_hand_are_one_option(board):
    """Three Mountains in hand are "Play Mountain" once, two Grizzly Bears "Cast
    Grizzly Bears" once (the issue saw "Play Mountain" three times); choosing it plays
    one of them."""
    for _ in range(3):
        board.add(0, "Mountain", zone=Zone.HAND)
    for _ in range(2):
        board.add(0, "Grizzly Bears", zone=Zone.HAND)
    board.add(0, "Lightning Bolt", zone=Zone.HAND)
    for _ in range(2):
        board.add(0, "Forest")
    game = board.start()
    said: list[str] = []
    answers = iter(["2"])
    tg = TerminalGame(
        game, make_agent("heuristic", 1), ask=lambda _t: next(answers, "q"), say=said.append
    )
    tg.run()
    start = said.index("   1. Pass priority")
    end = (
        said.index("   1. Pass priority", start + 1)
        if said.count("   1. Pass priority") > 1
        else None
    )
    first = said[start:end]
    mountains = [x for x in first if "Play Mountain" in x]
    bears = [x for x in first if "Cast Grizzly Bears" in x]
    assert len(mountains) == 1 and "(1 of 3 alike in your hand)" in mountains[0]
    assert len(bears) == 1 and "(1 of 2 alike in your hand)" in bears[0]
    assert mountains[0].startswith("   2. Play Mountain")
    played = [e.text for e in game.log if e.kind == EventKind.ZONE_CHANGE]
    assert any("Mountain enters the battlefield" in t for t in played), played[-3:]
