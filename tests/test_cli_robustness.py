"""No tracebacks from the command line: every ``mtg`` subcommand, given generated
arguments, files and environment variables (a missing or corrupt ``$MTG_CARD_FILE``),
answers with a result or a one-line error and a non-zero exit code.

Hypothesis builds the command lines from each subcommand's own options, with
values that are sometimes right and often wrong, and files with generated
contents (deck lists with absurd counts, YAML, binary junk)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_engine.cards.database import CARD_FILE_ENV, CardDatabase, write_card_file
from mtg_engine.cli.main import main

SMALL_POOL = ("Forest", "Mountain", "Grizzly Bears", "Lightning Bolt", "Llanowar Elves")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("cli")
    small = d / "small.db"
    db = CardDatabase.shipped()
    write_card_file([db.get(n) for n in SMALL_POOL], small, source="test")
    junk = d / "junk.db"
    junk.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 4)
    return {"small": small, "junk": junk, "missing": d / "missing.db", "dir": d}


# --------------------------------------------------------------------------- values

deck_lines = st.one_of(
    st.sampled_from(
        [
            "4 Lightning Bolt",
            "100000000 Lightning Bolt",
            "9" * 5000 + " Forest",
            "0 Forest",
            "-3 Forest",
            "20 Mountain",
            "Sideboard",
            "1 No Such Card At All",
            "4x Grizzly Bears (M21) 123",
            "4 Lightning Bolt (M21) 123 *F*",
            "# comment",
            "About",
            "Name My Deck",
            "Companion",
            "Commander",
            "Sideboard (15)",
            "SB: 2 Forest",
            "SB:",
            "x4 Forest",
            "4.5 Mountain",
            "1,000 Forest",
        ]
    ),
    st.text(max_size=40),
)
dek_cards = st.builds(
    lambda q, name, side: f'<Cards Quantity="{q}" Name="{name}" Sideboard="{side}"/>',
    st.sampled_from(["4", "0", "-1", "4x", "", "100000000", "1e3"]),
    st.sampled_from(["Forest", "Lightning Bolt", "Fire/Ice", "Frest", "", '&amp;"']),
    st.sampled_from(["false", "true", "maybe"]),
)
dek_files = st.one_of(
    st.lists(dek_cards, max_size=4).map(
        lambda cs: ('<?xml version="1.0"?><Deck>' + "".join(cs) + "</Deck>").encode()
    ),
    st.sampled_from(
        [
            b'<!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><Deck>&b;</Deck>',
            b'<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Deck>&x;</Deck>',
            b"<Deck><Cards",
            b"<NotADeck/>",
            b"\xef\xbb\xbf<Deck/>",
        ]
    ),
)
file_contents = st.one_of(
    st.lists(deck_lines, max_size=6).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass")),
    dek_files,
    st.sampled_from(
        [
            b"name: x\nstart: {turn: 1}\nplayers: {A: {hand: [Forest]}}\n",
            b"name: x\nplayers: [1, 2]\nactions: 7\n",
            b"- a\n- : b\n  {",
            b"!!python/object/apply:os.system ['true']\n",
            b"{}",
            b"[]",
            b"\xff\xfe\x00junk",
            b'{"data": {"Forest": [{"name": "Forest"}]}}',
        ]
    ),
    st.binary(max_size=200),
)
ints = st.one_of(
    st.integers(-5, 3).map(str),
    st.sampled_from(["x", "", "1e3", "99999999999999999999", "nan"]),
)
texts = st.one_of(st.text(max_size=20), st.sampled_from(["702.19", "trample", "999.9z", "", "-"]))


@st.composite
def file_arg(draw: st.DrawFn) -> tuple[str, bytes | None]:
    """("FILE", contents) for a generated file, or a name that is not a file."""
    if draw(st.booleans()):
        suffix = draw(st.sampled_from(["FILE", "FILE.dek"]))
        return (suffix, draw(file_contents))
    return (draw(st.sampled_from(["red-green", "white-blue", "/nonexistent/x.txt", ".", ""])), None)


def option_values(draw: st.DrawFn, options: dict[str, st.SearchStrategy]) -> list:
    out: list = []
    for name in draw(st.lists(st.sampled_from(sorted(options)), max_size=4)):
        out.append(name)
        value = options[name]
        if value is not None:
            out.append(draw(value))
    return out


FILE = file_arg()
SUBCOMMANDS: dict[str, tuple[list[str], dict[str, st.SearchStrategy | None], st.SearchStrategy]] = {
    # name: (fixed words, options and their values, positional arguments)
    "rules": (
        ["rules"],
        {"--search": texts, "--glossary": texts, "--limit": ints, "--depth": ints, "--json": None},
        st.lists(texts, max_size=2),
    ),
    "cards show": (
        ["cards", "show"],
        {"--card-file": FILE},
        st.lists(texts, min_size=1, max_size=2),
    ),
    "cards coverage": (
        ["cards", "coverage", "--limit", "3"],
        {"--top": ints, "--json": None, "--card-file": FILE},
        st.just([]),
    ),
    "cards import": (
        ["cards", "import"],
        {"--out": st.just("OUT")},
        st.lists(FILE, min_size=1, max_size=1),
    ),
    "sim": (
        ["sim", "--games", "1"],
        {
            "--deck": FILE,
            "--games": st.sampled_from(["0", "-1", "x", "2"]),
            "--seed": ints,
            "--json": None,
            "--agents": st.sampled_from(["random", "heuristic", "nobody"]),
            "--allow-small-decks": None,
        },
        st.just([]),
    ),
    "play": (
        ["play"],
        {
            "--deck": FILE,
            "--opponent-deck": FILE,
            "--ai": st.sampled_from(["random", "heuristic", "x"]),
            "--seed": ints,
            "--name": texts,
            "--allow-small-decks": None,
        },
        st.just([]),
    ),
    "scenario run": (
        ["scenario", "run"],
        {"--json": None, "--log": None, "--timeout": st.sampled_from(["-1", "0", "nan", "x", "5"])},
        st.lists(FILE, min_size=1, max_size=2),
    ),
    "fuzz": (
        ["fuzz", "--games", "1"],
        {
            "--seed": ints,
            "--players": st.sampled_from(["1", "2", "5", "x"]),
            "--check-every": ints,
            "--replay": ints,
            "--pool": st.sampled_from(["full", "none"]),
            "--json": None,
        },
        st.just([]),
    ),
}


@st.composite
def command_lines(draw: st.DrawFn, sub: str) -> tuple[list, str | None, str, bool]:
    words, options, positional = SUBCOMMANDS[sub]
    args = list(words) + option_values(draw, options) + list(draw(positional))
    env = draw(st.sampled_from([None, "small", "junk", "missing", "dir"]))
    if sub == "fuzz" and env is None:
        env = "small"  # the shipped file's whole pool takes a minute to grade the first time
    stdin = draw(st.sampled_from(["", "1\n", "q\n", "x\n99\n-1\n"]))
    # the cache and data directories of $XDG_CACHE_HOME / $XDG_DATA_HOME: usable, or files
    broken_dirs = draw(st.booleans())
    return args, env, stdin, broken_dirs


def run_cli(
    args: list,
    env: str | None,
    stdin: str,
    files: dict[str, Path],
    tmp: Path,
    broken_dirs: bool = False,
):
    argv = []
    for i, a in enumerate(args):
        if isinstance(a, tuple):
            name, contents = a
            if contents is None:
                argv.append(name)
                continue
            path = tmp / (f"arg{i}.dek" if name.endswith(".dek") else f"arg{i}.txt")
            path.write_bytes(contents)
            argv.append(str(path))
        elif a == "OUT":
            argv.append(str(tmp / "out.db"))
        else:
            argv.append(a)
    environ = {CARD_FILE_ENV: str(files[env])} if env else {CARD_FILE_ENV: ""}
    if broken_dirs:
        not_a_dir = tmp / "not-a-dir"
        not_a_dir.write_text("a file where a directory should be")
        environ["XDG_CACHE_HOME"] = environ["XDG_DATA_HOME"] = str(not_a_dir)
    else:
        environ["XDG_CACHE_HOME"] = str(tmp / "cache")
        environ["XDG_DATA_HOME"] = str(tmp / "data")
    return argv, CliRunner().invoke(main, argv, input=stdin, env=environ)


def assert_no_traceback(argv: list[str], result) -> None:  # noqa: ANN001 - click's Result
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        raise AssertionError(f"mtg {' '.join(argv)!r} raised {exc!r}") from exc
    assert "Traceback (most recent call last)" not in result.output, result.output
    if result.exit_code != 0:
        lines = [ln for ln in result.output.splitlines() if ln.startswith("Error")]
        assert len(lines) <= 1, result.output


SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.mark.parametrize("sub", sorted(SUBCOMMANDS))
def test_no_traceback_from_any_subcommand(sub: str, files: dict[str, Path], tmp_path: Path):
    @SETTINGS
    @given(line=command_lines(sub))
    def check(line: tuple[list, str | None, str, bool]) -> None:
        args, env, stdin, broken_dirs = line
        argv, result = run_cli(args, env, stdin, files, tmp_path, broken_dirs)
        assert_no_traceback(argv, result)

    check()


@pytest.mark.parametrize(
    ("argv", "env", "needle"),
    [
        (
            ["sim", "--deck", "red-green", "--deck", "white-blue", "--games", "1"],
            "missing",
            "not found",
        ),
        (
            ["sim", "--deck", "red-green", "--deck", "white-blue", "--games", "1"],
            "junk",
            "not a readable",
        ),
        (["play", "--seed", "1"], "missing", "MTG_CARD_FILE"),
        (["play", "--seed", "1"], "junk", "MTG_CARD_FILE"),
        # the decks are loaded before the server starts: the error comes first
        (["serve", "--port", "0"], "missing", "MTG_CARD_FILE"),
        (["serve", "--port", "0"], "junk", "MTG_CARD_FILE"),
    ],
)
def test_a_bad_card_file_from_the_environment_is_one_line(argv, env, needle, files, tmp_path):
    # card_def caches definitions per process: clear it so the bad file is read
    from mtg_engine.cards.definitions import card_def

    card_def.cache_clear()
    try:
        _, result = run_cli(argv, env, "", files, tmp_path)
    finally:
        card_def.cache_clear()
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert needle in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def test_a_deck_with_an_absurd_count_is_an_error_not_a_memory_error(tmp_path: Path):
    deck = tmp_path / "huge.txt"
    deck.write_text("100000000 Lightning Bolt\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["sim", "--deck", str(deck), "--deck", "red-green"])
    assert result.exit_code == 2
    assert "larger than" in result.output


# --------------------------------------------------------------------------- closed output

CLOSED_OUTPUT_COMMANDS = [
    ["cards", "show", "Grizzly Bears"],
    ["rules", "702.51a"],
    ["scenario", "run", "tests/scenarios/keywords/convoke.yaml"],
    ["--help"],
]


@pytest.mark.parametrize("args", CLOSED_OUTPUT_COMMANDS, ids=lambda a: " ".join(a))
def test_closed_output_exits_quietly(args: list[str]) -> None:
    """`mtg ... | head -1`: when the reader closes the pipe early, the command stops
    without an error message or traceback, as Unix tools do. The pipe's read end is
    closed before the command starts, so its first write fails every time."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-c", "from mtg_engine.cli.main import main; main()", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=Path(__file__).resolve().parent.parent,
            timeout=300,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.stderr.decode() == ""
