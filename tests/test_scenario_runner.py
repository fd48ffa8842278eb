"""Tests of the scenario runner (`mtg scenario run`, scenario-format.md).

Most scenarios here use cards without rules text (Grizzly Bears, basic
lands) so they test the runner, not the Oracle-text compiler; the few that
need a compiled card are skipped until the compiler handles it.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mtg_engine.cli.main import main
from mtg_engine.scenario.builder import build
from mtg_engine.scenario.schema import load_data, load_file
from mtg_engine.scenario.yamlload import load_yaml


def _compiled(name: str) -> bool:
    """Whether the card compiles completely (tests needing its abilities skip otherwise)."""
    try:
        from mtg_engine.cards.definitions import card_def

        return not any(face.unparsed for face in card_def(name).compiled)
    except Exception:
        return False


needs_bolt = pytest.mark.skipif(
    not _compiled("Lightning Bolt"), reason="Lightning Bolt's text doesn't compile yet"
)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, ["scenario", "run", *map(str, args)])


BEARS_ATTACK = """\
    name: Bears attack
    start: {turn: 3, active: A, step: precombat_main}
    players:
      A:
        battlefield:
          - {card: Grizzly Bears, id: bears}
      B: {}
    actions:
      - {player: A, attack: {bears: B}}
      - {player: B, block: {}}
    until: {turn: 3, step: end_of_combat}
    expect:
      life: {B: 18}
      objects:
        bears: {tapped: true}
"""


# ---------------------------------------------------------------------------
# Exit status and output
# ---------------------------------------------------------------------------


def test_passing_scenario_prints_pass_and_summary(tmp_path: Path) -> None:
    path = write(tmp_path, "attack.yaml", BEARS_ATTACK)
    result = run(path)
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines == ["PASS Bears attack", "1 passed, 0 failed"]


def test_failing_expectation_reports_expected_vs_actual(tmp_path: Path) -> None:
    path = write(tmp_path, "attack.yaml", BEARS_ATTACK.replace("B: 18", "B: 17"))
    result = run(path)
    assert result.exit_code == 1
    assert "FAIL Bears attack: expect.life.B: expected 17, got 18" in result.output
    assert result.output.strip().endswith("0 passed, 1 failed")


def test_folder_is_searched_recursively(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", BEARS_ATTACK)
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "b.yml", BEARS_ATTACK.replace("Bears attack", "Again"))
    write(tmp_path, "notes.txt", "not a scenario")
    result = run(tmp_path)
    assert result.exit_code == 0, result.output
    assert "PASS Bears attack" in result.output and "PASS Again" in result.output
    assert "2 passed, 0 failed" in result.output


def test_log_option_prints_the_log_with_citations(tmp_path: Path) -> None:
    result = run("--log", write(tmp_path, "attack.yaml", BEARS_ATTACK))
    assert result.exit_code == 0
    assert "    Grizzly Bears attacks B [508.1m]" in result.output


def test_json_lines_shape(tmp_path: Path) -> None:
    text = """\
        scenarios:
          - name: ok
            players: {A: {}, B: {}}
            expect: {turn: 1}
          - name: wrong
            players: {A: {}, B: {}}
            expect: {life: {A: 3}, turn: 2}
        """
    path = write(tmp_path, "two.yaml", text)
    result = CliRunner().invoke(main, ["scenario", "run", "--json", str(path)])
    assert result.exit_code == 1
    objs = [json.loads(line) for line in result.stdout.strip().splitlines()]
    assert len(objs) == 2
    for obj in objs:
        assert {"name", "file", "passed", "failures", "log"} <= set(obj)
        assert obj["file"] == str(path)
        assert all(isinstance(line, str) for line in obj["log"])
    assert objs[0]["passed"] is True and objs[0]["failures"] == []
    assert objs[1]["passed"] is False
    assert objs[1]["failures"] == [
        {"path": "scenarios[1].expect.life.A", "expected": 3, "actual": 20},
        {"path": "scenarios[1].expect.turn", "expected": 2, "actual": 1},
    ]


# ---------------------------------------------------------------------------
# Malformed files: exit 2, file + key path + what is wrong, others still run
# ---------------------------------------------------------------------------


def test_malformed_value_names_file_key_path_and_problem(tmp_path: Path) -> None:
    text = """\
        name: bad counters
        players:
          A: {}
          B:
            battlefield:
              - Forest
              - {card: Grizzly Bears, counters: [1, 2]}
        """
    path = write(tmp_path, "bad.yaml", text)
    result = run(path)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    line = next(x for x in result.output.splitlines() if x.startswith("ERROR"))
    assert str(path) in line
    assert "players.B.battlefield[1].counters" in line
    assert "expected a mapping" in line and "(line 7)" in line


@pytest.mark.parametrize(
    ("snippet", "path", "problem"),
    [
        ("colour: red", "players.A.battlefield[0].colour", "unknown key 'colour'"),
        ("card: Grizly Bears", "players.A.battlefield[0].card", "did you mean 'Grizzly Bears'"),
        ("tapped: maybe", "players.A.battlefield[0].tapped", "expected true or false"),
        ("damage: -1", "players.A.battlefield[0].damage", "at least 0"),
        ("controller: C", "players.A.battlefield[0].controller", "'C' is not a player"),
    ],
)
def test_malformed_entries(tmp_path: Path, snippet: str, path: str, problem: str) -> None:
    text = f"""\
        name: x
        players:
          A:
            battlefield:
              - {{card: Grizzly Bears, {snippet}}}
        """
    if snippet.startswith("card:"):
        text = text.replace("card: Grizzly Bears, ", "")
    result = run(write(tmp_path, "bad.yaml", text))
    assert result.exit_code == 2, result.output
    assert path in result.output and problem in result.output


@pytest.mark.parametrize(
    ("text", "path", "problem"),
    [
        ("name: x\nactions:\n  - {player: A, fly: bears}\n", "actions[0]", "exactly one verb"),
        (
            "name: x\nactions:\n  - {player: Z, pass: 1}\n",
            "actions[0].player",
            "'Z' is not a player",
        ),
        (
            "name: x\nactions:\n  - {player: A, cast: Fireblast Bolt}\n",
            "actions[0].cast",
            "not an id",
        ),
        (
            "name: x\nactions:\n  - {player: A, concede: true, while_casting: true}\n",
            "actions[0].while_casting",
            "follows that player's 'cast' or 'activate'",
        ),
        (
            "name: x\nactions:\n  - {player: A, pass: 1}\n"
            "  - {player: B, concede: true, while_casting: maybe}\n",
            "actions[1].while_casting",
            "expected true or false",
        ),
        ("name: x\nstart: {step: main}\n", "start.step", "'main' is not a step"),
        ("name: x\nstart: {turn: 3}\nuntil: {turn: 2, step: end}\n", "until", "before the start"),
        ("name: x\nexpect: {zones: {B.grave: []}}\n", "expect.zones.B.grave", "is not a zone"),
        ("name: x\nexpect: {objects: {ghost: {power: 2}}}\n", "expect.objects", "not an id"),
        ("name: x\nexpect_error: 3\n", "expect_error", "expected true"),
        ("players: {A: {}}\n", "name", "no name"),
        ("name: x\nname: y\n", "", "duplicate key 'name'"),
        ("- name: x\n", "", "top-level 'scenarios:'"),
    ],
)
def test_malformed_scenarios(tmp_path: Path, text: str, path: str, problem: str) -> None:
    result = run(write(tmp_path, "bad.yaml", text))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"bad.yaml: {path}" in result.output
    assert problem in result.output


def test_bad_file_does_not_stop_the_other_files(tmp_path: Path) -> None:
    write(tmp_path, "a_bad.yaml", "name: [unclosed\n")
    write(tmp_path, "b_good.yaml", BEARS_ATTACK)
    result = run(tmp_path)
    assert result.exit_code == 2
    assert "ERROR" in result.output and "invalid YAML" in result.output
    assert "PASS Bears attack" in result.output
    assert result.output.strip().endswith("1 passed, 1 failed")


def test_invalid_scenario_in_a_file_keeps_the_valid_ones(tmp_path: Path) -> None:
    text = """\
        scenarios:
          - name: broken
            players: {A: {life: lots}}
          - name: fine
            expect: {turn: 1}
        """
    result = run(write(tmp_path, "mixed.yaml", text))
    assert result.exit_code == 2
    assert "scenarios[0].players.A.life: expected an integer" in result.output
    assert "PASS fine" in result.output


def test_missing_path_is_reported(tmp_path: Path) -> None:
    result = run(tmp_path / "nope.yaml")
    assert result.exit_code == 2
    assert "no such file or directory" in result.output


def test_failures_and_errors_together_exit_2(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", BEARS_ATTACK.replace("B: 18", "B: 1"))
    write(tmp_path, "b.yaml", "name: x\nplayers: 3\n")
    assert run(tmp_path).exit_code == 2


# ---------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------


def _scenario(text: str):
    scenarios, invalid = load_data(load_yaml(textwrap.dedent(text)), "t.yaml")
    assert not invalid, [str(e) for bad in invalid for e in bad.errors]
    return scenarios[0]


def test_setup_timestamps_follow_the_file_and_players_default() -> None:
    sc = _scenario(
        """\
        name: setup
        start: {turn: 3, active: A, step: precombat_main}
        players:
          B:
            battlefield: [{card: Forest, id: b1}]
          A:
            library: [{card: Island, id: top}, Forest]
            battlefield:
              - {card: Grizzly Bears, id: a1, tapped: true, damage: 1, counters: {"+1/+1": 2}}
              - {card: Grizzly Bears, id: a2, sick: true}
        """
    )
    built = build(sc)
    game, labels = built.game, built.labels
    obj = {label: game.objects[game.uid_to_obj[uid]] for label, uid in labels.items()}
    assert [p.name for p in game.players] == ["B", "A"]
    assert obj["b1"].timestamp < obj["a1"].timestamp < obj["a2"].timestamp
    assert obj["a1"].tapped and obj["a1"].damage == 1 and obj["a1"].counters == {"+1/+1": 2}
    assert obj["a1"].controlled_since < 0 and obj["a2"].controlled_since == 3
    a = game.players[1]
    assert game.objects[a.library[-1]] is obj["top"]  # top card first in the file
    assert len(a.library) == 2
    assert len(game.players[0].library) == 20  # no library given: 20 basic lands
    assert game.turn == 3 and game.active == 1


def test_a_second_player_is_implied() -> None:
    sc = _scenario("name: one player\nplayers:\n  A: {hand: [Forest]}\n")
    assert sc.player_names == ["A", "B"]


# ---------------------------------------------------------------------------
# The run: legality, defaults, ids
# ---------------------------------------------------------------------------


def test_expect_error_passes_when_the_action_is_illegal(tmp_path: Path) -> None:
    text = """\
        name: summoning sick
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            battlefield: [{card: Grizzly Bears, id: bears, sick: true}]
        actions:
          - {player: A, attack: {bears: B}}
        expect_error: "302.6"
        """
    assert run(write(tmp_path, "s.yaml", text)).exit_code == 0
    wrong = text.replace('"302.6"', '"702.9b"')
    result = run(write(tmp_path, "s.yaml", wrong))
    assert result.exit_code == 1
    assert "expected a rejection mentioning '702.9b'" in result.output


def test_expect_error_fails_when_nothing_is_rejected(tmp_path: Path) -> None:
    text = BEARS_ATTACK.split("    expect:")[0] + "    expect_error: true\n"
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "expected an illegal action, but none was rejected" in result.output


def test_illegal_action_stops_the_run_with_the_state_before_it(tmp_path: Path) -> None:
    text = """\
        name: two lands
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A: {hand: [Forest, {card: Mountain, id: m}]}
        actions:
          - {player: A, play: Forest}
          - {player: A, play: m}
          - {player: A, play: Forest}
        expect_error: "305.2"
        expect:
          zones: {A.battlefield: [Forest], A.hand: [Mountain]}
          objects: {m: {zone: hand}}
        """
    assert run(write(tmp_path, "s.yaml", text)).exit_code == 0
    text = textwrap.dedent(text).replace('expect_error: "305.2"\n', "")
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "FAIL two lands: action 2 is illegal: you have already played a land" in result.output


def test_ids_follow_cards_across_zone_changes(tmp_path: Path) -> None:
    text = """\
        name: ids
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            hand: [{card: Forest, id: land}]
            battlefield: [{card: Grizzly Bears, id: mine}]
          B:
            battlefield: [{card: Grizzly Bears, id: theirs}]
        actions:
          - {player: A, play: land}
          - {player: A, attack: {mine: B}}
          - {player: B, block: {theirs: mine}}
        until: {turn: 3, step: end_of_combat}
        expect:
          objects:
            land: {zone: battlefield, controller: A}
            mine: {zone: graveyard, damage: 0, tapped: false}
            theirs: {zone: graveyard, owner: B}
          zones: {A.graveyard: [mine], B.graveyard: [Grizzly Bears]}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 0, result.output


def test_a_bare_name_prefers_an_object_that_is_a_legal_answer(tmp_path: Path) -> None:
    text = """\
        name: by name
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            battlefield:
              - {card: Grizzly Bears, id: tapped_one, tapped: true}
              - {card: Grizzly Bears, id: ready}
        actions:
          - {player: A, attack: {Grizzly Bears: B}}
        until: {turn: 3, step: end_of_combat}
        expect:
          life: {B: 18}
          objects: {ready: {tapped: true}}
        """
    assert run(write(tmp_path, "s.yaml", text)).exit_code == 0


def test_unscripted_decision_fails_the_run(tmp_path: Path) -> None:
    text = """\
        name: discard
        start: {turn: 3, active: A, step: end}
        players:
          A:
            hand: [Forest, Island, Swamp, Mountain, Plains, Forest, Island, Grizzly Bears]
        until: {turn: 4, step: upkeep}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "FAIL discard: unscripted decision: Discard 1 card(s)" in result.output
    scripted = textwrap.dedent(text).replace(
        "until:", "actions:\n  - {player: A, choose: [Grizzly Bears]}\nuntil:"
    )
    scripted += "expect:\n  zones: {A.graveyard: [Grizzly Bears]}\n"
    assert run(write(tmp_path, "s.yaml", scripted)).exit_code == 0


def test_action_never_applied(tmp_path: Path) -> None:
    text = """\
        name: nobody attacks
        start: {turn: 3, active: A, step: precombat_main}
        players:
          B:
            battlefield: [{card: Grizzly Bears, id: bears}]
        actions:
          - {player: B, block: {bears: bears}}
        until: {turn: 3, step: end}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "FAIL nobody attacks: action 1 never applied" in result.output


def test_action_at_a_moment_already_past_is_never_applied(tmp_path: Path) -> None:
    text = """\
        name: too late
        start: {turn: 3, active: A, step: postcombat_main}
        players:
          A: {hand: [Forest]}
        actions:
          - {player: A, play: Forest, at: {turn: 3, step: precombat_main}}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "action 1 never applied" in result.output


def test_action_waits_for_its_moment(tmp_path: Path) -> None:
    text = """\
        name: later
        start: {turn: 3, active: A, step: upkeep}
        players:
          A: {hand: [{card: Forest, id: f}]}
        actions:
          - {player: A, play: f, at: {turn: 5, step: postcombat_main}}
        expect:
          objects: {f: {zone: battlefield}}
          turn: 5
          step: postcombat_main
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 0, result.output


def test_run_stops_when_the_game_ends(tmp_path: Path) -> None:
    text = """\
        name: decked
        start: {turn: 4, active: B, step: upkeep}
        players:
          B: {library: []}
        until: {turn: 9, step: end}
        expect:
          winner: A
          turn: 4
          step: draw
          log_cites: ["704.5"]
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 0, result.output


def test_scripted_payment_and_mana_pool(tmp_path: Path) -> None:
    text = """\
        name: pay
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            mana_pool: "{G}"
            hand: [{card: Grizzly Bears, id: bears}]
            battlefield:
              - {card: Forest, id: f1}
              - {card: Forest, id: f2}
        actions:
          - {player: A, cast: bears, tap: [f2]}
        expect:
          objects:
            bears: {zone: battlefield}
            f1: {tapped: false}
            f2: {tapped: true}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 0, result.output


def test_turning_face_up_without_a_morph_cost_is_rejected(tmp_path: Path) -> None:
    """CR 702.37e: a face-down Grizzly Bears has no morph cost: the special action is
    illegal, which satisfies expect_error."""
    text = """\
        name: face up
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            battlefield: [{card: Grizzly Bears, id: bears, face_down: true}]
        actions:
          - {player: A, turn_face_up: bears}
        expect_error: true
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 0, result.output


def test_load_file_reads_multi_scenario_files(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "m.yaml",
        "scenarios:\n  - {name: one}\n  - {name: two, seed: 5}\n",
    )
    scenarios, invalid = load_file(path)
    assert not invalid
    assert [s.name for s in scenarios] == ["one", "two"]
    assert scenarios[1].seed == 5 and scenarios[1].path == "scenarios[1]"


# ---------------------------------------------------------------------------
# Scenarios that need compiled cards
# ---------------------------------------------------------------------------


@needs_bolt
def test_stack_expectation_lists_the_top_first(tmp_path: Path) -> None:
    text = """\
        name: bolts
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            hand:
              - {card: Lightning Bolt, id: first}
              - {card: Lightning Bolt, id: second}
              - Mountain
            battlefield: [{card: Mountain, count: 2}]
          B:
            battlefield: [{card: Grizzly Bears, id: bears}]
        actions:
          - {player: A, cast: first, targets: [bears]}
          - {player: A, cast: second, targets: [B]}
          - {player: A, play: Mountain}
        expect_error: "305.2"
        expect:
          stack: [second, first]
          life: {B: 20}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 0, result.output
    result = run(write(tmp_path, "s.yaml", text.replace("[second, first]", "[first, second]")))
    assert result.exit_code == 1
    assert "expect.stack: expected [first, second], got [Lightning Bolt, Lightning Bolt]" in (
        result.output
    )


@needs_bolt
def test_cast_without_targets_is_unscripted(tmp_path: Path) -> None:
    text = """\
        name: no targets
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            hand: [Lightning Bolt]
            battlefield: [Mountain]
        actions:
          - {player: A, cast: Lightning Bolt}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "unscripted decision: Choose 1 target(s) for Lightning Bolt" in result.output


@pytest.mark.skipif(not _compiled("Fiend Hunter"), reason="Fiend Hunter's text doesn't compile yet")
def test_scripted_answers_follow_the_order_the_rules_ask_them(tmp_path: Path) -> None:
    """Only the next unused action can answer a decision (scenario format, "Actions").
    A "may" trigger's target is chosen as it goes on the stack (CR 603.3d), its
    "may" as it resolves (CR 603.5): a `choose: yes` listed before the `target`
    doesn't fit the target decision, which is then unscripted."""
    text = """\
        name: may then target
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            hand: [{card: Fiend Hunter, id: hunter}]
            battlefield: [{card: Plains, count: 3}]
          B:
            battlefield: [{card: Grizzly Bears, id: bears}, Hill Giant]
        actions:
          - {player: A, cast: hunter}
          - {player: A, choose: yes}
          - {player: A, target: [bears]}
        expect:
          objects: {bears: {zone: exile}}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "unscripted decision: Choose 1 target(s) for Fiend Hunter" in result.output
    in_order = textwrap.dedent(text).replace(
        "  - {player: A, choose: yes}\n  - {player: A, target: [bears]}\n",
        "  - {player: A, target: [bears]}\n  - {player: A, choose: yes}\n",
    )
    result = run(write(tmp_path, "s.yaml", in_order))
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(
    not _compiled("Colossal Dreadmaw"), reason="Colossal Dreadmaw's text doesn't compile yet"
)
def test_a_number_does_not_answer_a_combat_damage_division(tmp_path: Path) -> None:
    """A trampler's damage split (CR 510.1c, 702.19b) has several legal answers and
    no default; `assign_damage` answers it, a `choose: N` doesn't fit it."""
    text = """\
        name: trample split
        start: {turn: 3, active: A, step: declare_attackers}
        players:
          A:
            battlefield: [{card: Colossal Dreadmaw, id: dreadmaw}]
          B:
            battlefield: [{card: Grizzly Bears, id: bears}]
        actions:
          - {player: A, attack: {dreadmaw: B}}
          - {player: B, block: {bears: dreadmaw}}
          - {player: A, choose: 2}
        until: {turn: 3, step: end_of_combat}
        expect:
          life: {B: 16}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "unscripted decision: Divide Colossal Dreadmaw's combat damage" in result.output
    split = textwrap.dedent(text).replace(
        "{player: A, choose: 2}", "{player: A, assign_damage: {dreadmaw: {bears: 2, B: 4}}}"
    )
    result = run(write(tmp_path, "s.yaml", split))
    assert result.exit_code == 0, result.output


@needs_bolt
def test_token_id_refers_to_nothing_after_it_ceases_to_exist(tmp_path: Path) -> None:
    text = """\
        name: token
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            hand: [Lightning Bolt]
            battlefield: [Mountain]
          B:
            battlefield:
              - {token: {name: Soldier, types: [Creature], subtypes: [Soldier], power: 1, toughness: 1}, id: tok}
        actions:
          - {player: A, cast: Lightning Bolt, targets: [tok]}
        expect:
          counts: {B.battlefield: 0, B.graveyard: 0}
          objects:
            tok: {zone: graveyard}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 1
    assert "expect.objects.tok.zone: expected graveyard, got it no longer exists" in result.output


# ---------------------------------------------------------------------------
# Card text the engine can't run (reported with every result)
# ---------------------------------------------------------------------------


def test_card_gaps_name_unparsed_sentences_and_missing_faces() -> None:
    from mtg_engine.cards.compiler import compile_text
    from mtg_engine.cards.model import CardData, CardFace
    from mtg_engine.game.objects import CardDef
    from mtg_engine.scenario.unsupported import card_gaps

    face = CardFace(
        name="Alive",
        mana_cost="{3}{G}",
        type_line="Sorcery",
        supertypes=(),
        types=("Sorcery",),
        subtypes=(),
        text="Frobnicate wildly.",
    )
    data = CardData(name="Alive // Well", layout="split", faces=(face,))
    compiled = (compile_text("Frobnicate wildly.", "Alive", ("Sorcery",)),)
    gaps = card_gaps(CardDef(data.name, data, compiled))
    texts = [g.text for g in gaps]
    assert any("Frobnicate" in t for t in texts)
    assert any("'Well'" in t for t in texts)
    assert [g.missing for g in gaps if "'Well'" in g.text] == [("data:missing_face",)]


def test_a_scenario_of_plain_cards_reports_no_unsupported_text(tmp_path: Path) -> None:
    path = write(tmp_path, "attack.yaml", BEARS_ATTACK)
    result = CliRunner().invoke(main, ["scenario", "run", "--json", str(path)])
    obj = json.loads(result.stdout.strip().splitlines()[0])
    assert obj["unsupported"] == []
    assert "unsupported card text" not in run(path).output


# ---------------------------------------------------------------------------
# expect.battlefield, expect.left_game, variants
# ---------------------------------------------------------------------------


def test_battlefield_and_left_game_expectations_report_each_mismatch(tmp_path: Path) -> None:
    text = """\
        name: wrong
        players: {A: {battlefield: [Plains]}, B: {}}
        expect:
          battlefield:
            - {name: Plains, controller: A, count: 2}
            - {name: Plains, tapped: true}
            - {name: Island}
            - {name: Plains, controller: B, count: 0}
          left_game: [B]
        """
    path = write(tmp_path, "bf.yaml", text)
    result = CliRunner().invoke(main, ["scenario", "run", "--json", str(path)])
    obj = json.loads(result.stdout.strip().splitlines()[0])
    assert obj["failures"] == [
        {"path": "expect.battlefield[0].count", "expected": 2, "actual": 1},
        {"path": "expect.battlefield[1].tapped", "expected": True, "actual": False},
        {"path": "expect.battlefield[2]", "expected": "at least one", "actual": 0},
        {"path": "expect.left_game", "expected": ["B"], "actual": []},
    ]


@pytest.mark.parametrize(
    "snippet, problem",
    [
        (
            "variant: two_headed_giant\nplayers: {A: {}, B: {}, C: {}}",
            "four players in two teams (CR 810.1), 3 listed",
        ),
        (
            "variant: two_headed_giant\nteams: [[A, B], [C, A]]\nplayers: {A: {}, B: {}, C: {}, D: {}}",
            "two teams of two of the players",
        ),
        (
            "variant: two_headed_giant\nplayers: {A: {life: 3}, B: {life: 4}, C: {}, D: {}}",
            "their life is shared (CR 810.9, 810.10), got 3 and 4",
        ),
        (
            "variant: two_headed_giant\nplayers: {A: {}, B: {}, C: {}, D: {}}\nexpect: {winner: [A, C]}",
            "expected a player name or 'draw'",
        ),
        (
            "variant: commander\nplayers: {A: {commander_damage: {Q: 3}}, B: {}}",
            "'Q' is not a player of this scenario",
        ),
        (
            "variant: commander\nplayers: {A: {commander: [Nonexistent Cardzz]}, B: {}}",
            "unknown card 'Nonexistent Cardzz'",
        ),
        (
            "variant: free_for_all\nplayers: {A: {}, B: {}}",
            "3 or more players (CR 806.1), 2 listed",
        ),
        ("players: {A: {}, B: {}, C: {}}", "3 players in a two_player game: it has 2"),
        ("variant: chaos\nplayers: {A: {}, B: {}}", "'chaos' is not a variant"),
        ("teams: [[A], [B]]\nplayers: {A: {}, B: {}}", "only for variant: two_headed_giant"),
        ("players: {A: {commander_casts: 2}, B: {}}", "only for variant: commander"),
        ("players: {A: {}, B: {}}\nexpect: {battlefield: [{count: 1}]}", "give the permanents"),
    ],
)
def test_variant_keys_are_file_errors_until_implemented(
    tmp_path: Path, snippet: str, problem: str
) -> None:
    result = run(write(tmp_path, "v.yaml", "name: v\n" + snippet + "\n"))
    assert result.exit_code == 2
    assert problem in result.output


@pytest.mark.skipif(not _compiled("Mind Rot"), reason="Mind Rot's text doesn't compile yet")
def test_cards_of_one_name_in_a_hand_are_one_answer(tmp_path: Path) -> None:
    """A decision with one legal answer is taken automatically (scenario format,
    "Actions"): discarding two of three Forests has one outcome (nothing tells cards
    in a hand apart, CR 400.2), two of two Forests and an Island has two."""
    text = """\
        name: discard from a hand
        start: {turn: 3, active: A, step: precombat_main}
        players:
          A:
            hand: [Mind Rot]
            battlefield: [{card: Swamp, count: 3}]
          B:
            hand: [{card: Forest, count: 3}]
        actions:
          - {player: A, cast: Mind Rot, targets: [B]}
        expect:
          counts: {B.hand: 1}
        """
    result = run(write(tmp_path, "s.yaml", text))
    assert result.exit_code == 0, result.output
    mixed = textwrap.dedent(text).replace(
        "hand: [{card: Forest, count: 3}]", "hand: [{card: Forest, count: 2}, Island]"
    )
    result = run(write(tmp_path, "s.yaml", mixed))
    assert result.exit_code == 1
    assert "unscripted decision" in result.output
