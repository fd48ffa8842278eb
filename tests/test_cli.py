"""The `mtg` command: sim, play and deck errors (through click's CliRunner)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mtg_engine.cards.abilities import Filter
from mtg_engine.cli.card_text import filter_text
from mtg_engine.cli.main import main


def test_sim_json_has_the_documented_keys():
    r = CliRunner().invoke(
        main, ["sim", "--deck", "red-green", "--deck", "white-blue", "--games", "3", "--json"]
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    for key in (
        "games",
        "seconds",
        "games_per_s",
        "decisions",
        "decisions_per_s",
        "avg_turns",
        "winners",
        "seed",
    ):
        assert key in data
    assert data["games"] == 3
    assert sum(data["winners"].values()) + data["draws"] == 3


def test_sim_same_seed_same_results_with_workers():
    args = [
        "sim",
        "--deck",
        "red-green",
        "--deck",
        "white-blue",
        "--games",
        "6",
        "--json",
        "--seed",
        "5",
    ]
    one = json.loads(CliRunner().invoke(main, args).output)
    two = json.loads(CliRunner().invoke(main, [*args, "--workers", "2"]).output)
    assert one["winners"] == two["winners"] and one["decisions"] == two["decisions"]


def test_sim_unknown_deck_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Lightning Bolt\n3 Lightnig Bolt\n")
    r = CliRunner().invoke(
        main, ["sim", "--deck", str(bad), "--deck", "white-blue", "--games", "1"]
    )
    assert r.exit_code == 2
    assert "line 2" in r.output and "Lightnig Bolt" in r.output
    assert "Traceback" not in r.output


def test_play_handles_bad_input_and_concedes():
    r = CliRunner().invoke(main, ["play", "--seed", "3"], input="banana\n99\nq\n")
    assert r.exit_code == 0, r.output
    assert "please type a number" in r.output
    assert "Game over" in r.output


def test_scenario_run_on_a_folder_without_scenarios_is_an_error(tmp_path):
    (tmp_path / "notes.txt").write_text("not a scenario\n")
    r = CliRunner().invoke(main, ["scenario", "run", str(tmp_path)])
    assert r.exit_code == 2
    assert "no scenario files" in r.output and str(tmp_path) in r.output
    assert "Traceback" not in r.output


def test_card_text_says_which_way_a_yes_no_condition_goes() -> None:
    """`mtg cards show` printed "tap two untapped creatures" as "(tapped, ...)": a
    condition that must be false reads "not ..."."""
    untapped = Filter(("Creature",), "battlefield", (("tapped", False), ("controller", "you")))
    assert filter_text(untapped) == "Creature (not tapped, controller you)"
    attacking = Filter(("Creature",), "battlefield", (("attacking", True),))
    assert filter_text(attacking) == "Creature (attacking)"


def test_cards_show_prints_trigger_details_and_activation_limits() -> None:
    """`mtg cards show` left out what narrows a trigger ("a green spell", "a spell
    that targets Cleon", "for the first time each turn"), the step of an "at the
    beginning of" trigger, "Activate only as a sorcery", and printed a delayed
    trigger's event as a bare class name: each is now said in words."""
    runner = CliRunner()

    def show(name: str) -> str:
        r = runner.invoke(main, ["cards", "show", name])
        assert r.exit_code == 0, r.output
        return r.output

    assert "what: spell (color green) in stack" in show("Ant-Man, Reformed Rogue")
    assert "what: spell (targets self) in stack" in show("Cleon, Merry Champion")
    assert "first each turn: yes" in show("Seedglaive Mentor")
    assert "when: the beginning of your end step; if you control none" in show(
        "Jadar, Ghoulcaller of Nephalia"
    )
    assert "limits: only as a sorcery [602.5d]" in show("Yggdrasil, Rebirth Engine")
    saga = show("Rediscover the Way")
    assert "trigger: cast; what: spell (not type Creature) in stack, this turn: yes" in saga
    assert "Trigger," not in saga and "TargetSpec" not in saga
    assert "cost: exile 1 Creature (owner you) in graveyard" in show("Cobbled Lancer")
    jadar = show("Jadar, Ghoulcaller of Nephalia")
    assert "token: name Zombie, colors black, types Creature, subtypes Zombie, power 2" in jadar
    assert "supertypes ," not in jadar and "abilities text ," not in jadar
