"""Validating scenario files into :mod:`mtg_engine.scenario.model` records.

:func:`load_file` reads one file and returns its valid scenarios plus an
error for every problem found: unknown keys, malformed values, unknown card
names, dangling ids. Each error names the file, the key path (such as
``players.B.battlefield[1].counters``) and the line. A file holding several
scenarios keeps its valid ones even if another scenario in it is malformed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ..game.state import Step
from .checker import Checker, describe_value, join, what
from .model import SETUP_ZONES, VARIANT_LIFE, EntrySpec, PlayerSpec, Scenario, ScenarioError
from .names import CREATED_TOKEN_NAMES, norm, unknown_card_message
from .schema_script import check_actions, check_counters, check_expect, check_moment
from .yamlload import YamlError, YMap, line_of, load_yaml

SCENARIO_KEYS = (
    "name",
    "rules",
    "seed",
    "start",
    "players",
    "actions",
    "until",
    "expect",
    "expect_error",
    "variant",
    "teams",
)
PLAYER_KEYS = (
    "life",
    "poison",
    "speed",
    "monarch",
    "initiative",
    "mana_pool",
    *SETUP_ZONES,
    "commander",
    "commander_damage",
    "commander_casts",
)
#: the variants of the format (CR 806, 810, 903) and those this runner plays
VARIANTS = ("two_player", "free_for_all", "two_headed_giant", "commander")
IMPLEMENTED_VARIANTS = ("two_player", "free_for_all", "two_headed_giant", "commander")
#: how many players each variant has: (fewest, most) (CR 806.1, 810.1, 903.2)
_VARIANT_PLAYERS = {
    "two_player": (2, 2),
    "free_for_all": (3, None),
    "two_headed_giant": (4, 4),
    "commander": (2, None),
}
#: player keys that belong to one variant
_VARIANT_PLAYER_KEYS = {
    "commander": "commander",
    "commander_damage": "commander",
    "commander_casts": "commander",
}
ENTRY_KEYS = (
    "card",
    "token",
    "id",
    "count",
    "tapped",
    "sick",
    "damage",
    "counters",
    "attached_to",
    "face_down",
    "face_down_as",
    "controller",
    "phased_out",
    "flipped",
    "transformed",
    "chosen",
)
TOKEN_KEYS = (
    "name",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "power",
    "toughness",
    "abilities",
)
CHOSEN_KEYS = ("color", "creature_type", "card_name", "copy_of", "land_type", "player", "number")
COLORS = ("white", "blue", "black", "red", "green")
FACE_DOWN_KINDS = ("morph", "manifest", "disguise", "mask", "cloak")
#: entry keys that only make sense for permanents
_BATTLEFIELD_ONLY = (
    "tapped",
    "sick",
    "damage",
    "attached_to",
    "controller",
    "phased_out",
    "flipped",
    "transformed",
    "chosen",
    "face_down_as",
)
_MANA_LETTERS = "WUBRGC"
#: a game has two players unless a variant says otherwise; missing ones are added
MIN_PLAYERS = 2


@dataclass
class Invalid:
    """A scenario (or file) that is not valid: its name if readable, and every problem."""

    name: str
    errors: list[ScenarioError]


@dataclass
class Book:
    """What a scenario declares, for checking references: ids, players, token names."""

    players: list[str] = field(default_factory=list)
    #: Two-Headed Giant: the teams, by player name (CR 810.1)
    teams: list[list[str]] = field(default_factory=list)
    ids: dict[str, str] = field(default_factory=dict)  # id -> path where declared
    token_names: set[str] = field(default_factory=set)
    #: (path, line, name, players allowed) to check once everything is declared
    refs: list[tuple[str, int | None, str, bool]] = field(default_factory=list)

    def ref(self, name: str, path: str, line: int | None, players: bool = False) -> None:
        self.refs.append((path, line, name, players))


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------


def load_file(path: Path, display: str | None = None) -> tuple[list[Scenario], list[Invalid]]:
    """Read and validate a scenario file: (valid scenarios, invalid scenarios with errors)."""
    file = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return [], [Invalid("", [ScenarioError(file, "", f"can't read the file: {e}")])]
    try:
        data = load_yaml(text)
    except YamlError as e:
        return [], [Invalid("", [ScenarioError(file, "", e.message, e.line)])]
    return load_data(data, file)


def load_data(data: Any, file: str) -> tuple[list[Scenario], list[Invalid]]:
    """Validate already-parsed YAML (one scenario, or ``scenarios: [...]``)."""
    if data is None:
        return [], [
            Invalid("", [ScenarioError(file, "", "the file is empty: expected a scenario")])
        ]
    if not isinstance(data, dict):
        got = describe_value(data)
        if isinstance(data, list):
            got += " (several scenarios go under a top-level 'scenarios:' key)"
        return [], [
            Invalid("", [ScenarioError(file, "", f"expected a scenario mapping, got {got}")])
        ]
    if "scenarios" not in data:
        return _one(cast(YMap, data), file, "")
    errors: list[ScenarioError] = []
    extra = [k for k in data if k != "scenarios"]
    for k in extra:
        errors.append(
            ScenarioError(
                file,
                str(k),
                f"unknown key {k!r}: a file with 'scenarios:' holds only that list",
                line_of(data, k),
            )
        )
    items = data["scenarios"]
    if not isinstance(items, list) or not items:
        errors.append(
            ScenarioError(
                file,
                "scenarios",
                f"expected a non-empty list of scenarios, got {describe_value(items)}",
                line_of(data, "scenarios"),
            )
        )
        return [], [Invalid("", errors)]
    out: list[Scenario] = []
    invalid: list[Invalid] = [Invalid("", errors)] if errors else []
    for i, item in enumerate(items):
        prefix = f"scenarios[{i}]"
        if not isinstance(item, dict):
            msg = f"expected a scenario mapping, got {describe_value(item)}"
            invalid.append(Invalid("", [ScenarioError(file, prefix, msg, line_of(items, i))]))
            continue
        made, bad = _one(cast(YMap, item), file, prefix)
        out.extend(made)
        invalid.extend(bad)
    return out, invalid


def _one(data: YMap, file: str, prefix: str) -> tuple[list[Scenario], list[Invalid]]:
    ck = Checker(file, prefix)
    sc = check_scenario(data, ck, file, prefix)
    if ck.errors or sc is None:
        errors = sorted(ck.errors, key=lambda e: e.line or 0)
        return [], [Invalid(sc.name if sc is not None else "", errors)]
    return [sc], []


# ---------------------------------------------------------------------------
# One scenario
# ---------------------------------------------------------------------------


def check_scenario(data: YMap, ck: Checker, file: str, prefix: str) -> Scenario | None:
    """Validate one scenario mapping; errors go to ``ck``."""
    if not isinstance(data, YMap):
        data = ck.mapping(data, "", None) or YMap()
    ck.keys(data, SCENARIO_KEYS, "")
    sc = Scenario(name="", file=file, path=prefix)
    if "name" not in data:
        ck.error("name", "the scenario has no name (required)", data.line or None)
    else:
        name = ck.string(data["name"], "name", line_of(data, "name"))
        if name is not None:
            if "\n" in name.strip():
                ck.error("name", "the name must be one line of text", line_of(data, "name"))
            sc.name = name.strip()
    if "rules" in data:
        sc.rules = _rules_list(ck, data["rules"], "rules", line_of(data, "rules"))
    if "seed" in data:
        seed = ck.integer(data["seed"], "seed", line_of(data, "seed"))
        sc.seed = seed if seed is not None else 0
    variant = _check_variant(ck, data)
    if variant is not None:
        sc.variant = variant
    book = Book()
    _check_players(ck, data, sc, book, variant)
    _check_start(ck, data, sc)
    if "actions" in data:
        sc.actions = check_actions(ck, data["actions"], line_of(data, "actions"), book)
    if "until" in data:
        sc.until = check_moment(ck, data["until"], "until", line_of(data, "until"), need_step=True)
        if sc.until is not None:
            turn = sc.until.turn if sc.until.turn is not None else sc.start_turn
            sc.until = type(sc.until)(turn, sc.until.step)
            if (turn, sc.until.step or 0) < (sc.start_turn, sc.start_step):
                ck.error("until", "'until' is before the start of the game", line_of(data, "until"))
    if "expect" in data:
        sc.expect = check_expect(ck, data["expect"], line_of(data, "expect"), book)
    if "expect_error" in data:
        v = data["expect_error"]
        if isinstance(v, bool):
            sc.expect_error = v or None
        elif isinstance(v, str) and v.strip():
            sc.expect_error = v
        else:
            ck.error(
                "expect_error",
                f"expected true or a piece of the error message, got {describe_value(v)}",
                line_of(data, "expect_error"),
            )
    _check_refs(ck, book)
    return sc


def _rules_list(ck: Checker, v: Any, path: str, line: int | None) -> list[str]:
    seq = ck.sequence(v, path, line, "a list of rule numbers", wrap_scalar=True)
    out: list[str] = []
    for i, item in enumerate(seq or []):
        if isinstance(item, str | int | float) and not isinstance(item, bool):
            out.append(str(item))
        else:
            ck.error(join(path, i), f"expected a rule number, got {describe_value(item)}", None)
    return out


def _check_start(ck: Checker, data: YMap, sc: Scenario) -> None:
    sc.start_active = sc.players[0].name if sc.players else ""
    if "start" not in data:
        return
    start = ck.mapping(data["start"], "start", line_of(data, "start"))
    if start is None:
        return
    ck.keys(start, ("turn", "active", "step"), "start")
    if "turn" in start:
        turn = ck.integer(start["turn"], "start.turn", line_of(start, "turn"), minimum=1)
        if turn is not None:
            sc.start_turn = turn
    if "active" in start:
        names = sc.player_names
        active = start["active"]
        if active not in names:
            ck.error(
                "start.active",
                f"{what(active)} is not a player of this scenario (players: {', '.join(names)})",
                line_of(start, "active"),
            )
        else:
            sc.start_active = active
    if "step" in start:
        step = ck.choice(start["step"], Step.NAMES, "start.step", line_of(start, "step"), "step")
        if step is not None:
            sc.start_step = Step.BY_NAME[step]


# ---------------------------------------------------------------------------
# Players and their zones
# ---------------------------------------------------------------------------


def _check_variant(ck: Checker, data: YMap) -> str | None:
    """``variant`` (default two_player) and ``teams``; a variant this runner doesn't
    play yet is a file error naming it. None when the variant isn't valid."""
    variant: str | None = "two_player"
    if "variant" in data:
        variant = ck.choice(
            data["variant"], VARIANTS, "variant", line_of(data, "variant"), "variant"
        )
        if variant is not None and variant not in IMPLEMENTED_VARIANTS:
            ck.error(
                "variant",
                f"the variant {variant!r} is not implemented by this runner yet "
                f"(implemented: {', '.join(IMPLEMENTED_VARIANTS)})",
                line_of(data, "variant"),
            )
            variant = None
    if "teams" in data and variant is not None and variant != "two_headed_giant":
        ck.error("teams", "'teams' is only for variant: two_headed_giant", line_of(data, "teams"))
    return variant


def _check_players(ck: Checker, data: YMap, sc: Scenario, book: Book, variant: str | None) -> None:
    players = ck.mapping(data.get("players"), "players", line_of(data, "players"))
    if players is None:
        return
    for name in players:
        if not isinstance(name, str) or not name.strip():
            ck.error("players", f"a player name must be a string, got {name!r}", players.line)
            return
    book.players = list(players)
    fewest, most = _VARIANT_PLAYERS.get(variant or "", (MIN_PLAYERS, None))
    if most is not None and len(book.players) > most:
        ck.error(
            "players",
            f"{len(book.players)} players in a {variant} game: it has {most}"
            + (" (more players: variant: free_for_all, CR 806)" if variant == "two_player" else ""),
            players.line,
        )
    if variant == "two_headed_giant" and len(book.players) != fewest:
        ck.error(
            "players",
            f"a two_headed_giant game has four players in two teams (CR 810.1), "
            f"{len(book.players)} listed",
            players.line,
        )
        return
    if variant == "free_for_all" and len(book.players) < fewest:
        ck.error(
            "players",
            f"a free_for_all game has {fewest} or more players (CR 806.1), "
            f"{len(book.players)} listed",
            players.line,
        )
    # two players unless a variant says otherwise: the unlisted ones get the defaults
    letters = (chr(c) for c in range(ord("A"), ord("Z") + 1))
    while len(book.players) < MIN_PLAYERS:
        book.players.append(next(n for n in letters if n not in book.players))
    for name in book.players:
        pdata = players.get(name)
        sc.players.append(_check_player(ck, name, pdata, line_of(players, name), book, variant))
    if variant == "two_headed_giant":
        _check_teams(ck, data, sc, book, players)
    monarchs = [p.name for p in sc.players if p.monarch]
    if len(monarchs) > 1:
        # CR 724.3: only one player can be the monarch at a time
        ck.error(
            "players",
            f"only one player can be the monarch (CR 724.3): {', '.join(monarchs)}",
            players.line,
        )
    having = [p.name for p in sc.players if p.initiative]
    if len(having) > 1:
        # CR 725.3: only one player can have the initiative at a time
        ck.error(
            "players",
            f"only one player can have the initiative (CR 725.3): {', '.join(having)}",
            players.line,
        )
    # ids are known now: check what setup entries refer to
    for p in sc.players:
        for zone, entries in p.zones.items():
            for e in entries:
                _check_entry_refs(ck, e, zone, book)


def _check_teams(ck: Checker, data: YMap, sc: Scenario, book: Book, players: YMap) -> None:
    """Two-Headed Giant: ``teams`` (default: the players in listed order, two by two;
    CR 810.1), each team's players made adjacent in turn order (CR 805.1); a team's
    ``life`` and ``poison`` are given on one of its players or as the same value on
    both (CR 810.4, 810.9, 810.10)."""
    names = book.players
    teams = [names[0:2], names[2:4]]
    if "teams" in data:
        line = line_of(data, "teams")
        v = data["teams"]
        if (
            not isinstance(v, list)
            or len(v) != 2
            or not all(isinstance(t, list) and len(t) == 2 for t in v)
            or sorted(str(p) for t in v for p in t) != sorted(names)
        ):
            ck.error(
                "teams",
                f"expected two teams of two of the players [[A, B], [C, D]] naming each "
                f"player once (CR 810.1), got {describe_value(v)}",
                line,
            )
            return
        teams = [[str(p) for p in t] for t in v]
    sc.teams = teams
    book.teams = teams
    by_name = {p.name: p for p in sc.players}
    sc.players = [by_name[n] for t in teams for n in t]  # CR 805.1: adjacent seats
    book.players = [n for t in teams for n in t]
    for team in teams:
        for key in ("life", "poison"):
            given = {
                n: by_name[n].life if key == "life" else by_name[n].poison
                for n in team
                if isinstance(players.get(n), dict) and key in players[n]
            }
            if len(set(given.values())) > 1:
                ck.error(
                    f"players.{team[1]}.{key}",
                    f"{team[0]} and {team[1]} are a team: their {key} is shared "
                    f"(CR 810.9, 810.10), got {given[team[0]]} and {given[team[1]]}",
                    line_of(players, team[1]),
                )
            for n in team:
                for value in given.values():
                    if key == "life":
                        by_name[n].life = value
                    else:
                        by_name[n].poison = value


def _check_player(
    ck: Checker, name: str, v: Any, line: int | None, book: Book, variant: str | None
) -> PlayerSpec:
    path = f"players.{name}"
    spec = PlayerSpec(name=name, life=VARIANT_LIFE.get(variant or "", 20))
    m = ck.mapping(v, path, line)
    if m is None:
        return spec
    ck.keys(m, PLAYER_KEYS, path)
    for key, needs in _VARIANT_PLAYER_KEYS.items():
        if key in m and variant is not None and variant != needs:
            ck.error(f"{path}.{key}", f"'{key}' is only for variant: {needs}", line_of(m, key))
    if "life" in m:
        life = ck.integer(m["life"], f"{path}.life", line_of(m, "life"))
        spec.life = life if life is not None else spec.life
    if "poison" in m:
        poison = ck.integer(m["poison"], f"{path}.poison", line_of(m, "poison"), minimum=0)
        spec.poison = poison or 0
    if "speed" in m:
        # CR 702.179: a player's speed, 1 to 4 (Gomif lets it go past 4)
        spec.speed = ck.integer(m["speed"], f"{path}.speed", line_of(m, "speed"), minimum=1)
    if "monarch" in m:
        # CR 724.1: this player is the monarch (one player at most, 724.3: checked
        # with the players)
        spec.monarch = bool(ck.boolean(m["monarch"], f"{path}.monarch", line_of(m, "monarch")))
    if "initiative" in m:
        # CR 725.1: this player has the initiative (one player at most, 725.3)
        spec.initiative = bool(
            ck.boolean(m["initiative"], f"{path}.initiative", line_of(m, "initiative"))
        )
    if "mana_pool" in m:
        spec.mana_pool = _mana_pool(
            ck, m["mana_pool"], f"{path}.mana_pool", line_of(m, "mana_pool")
        )
    for zone in SETUP_ZONES:
        if zone not in m:
            continue
        zpath = f"{path}.{zone}"
        seq = ck.sequence(m[zone], zpath, line_of(m, zone), f"a list of cards for the {zone}")
        if seq is None:
            continue
        entries = []
        for i, item in enumerate(seq):
            e = _check_entry(ck, item, join(zpath, i), line_of(seq, i), zone, book)
            if e is not None:
                entries.append(e)
        spec.zones[zone] = entries
        if zone == "library":
            spec.library_given = True
    if variant == "commander":
        _check_commander_keys(ck, m, spec, path, book)
    return spec


def _check_commander_keys(ck: Checker, m: YMap, spec: PlayerSpec, path: str, book: Book) -> None:
    """A Commander game's player keys (CR 903): ``commander`` (the commanders, each
    put into the command zone unless the player's setup lists it in a zone, 903.6),
    ``commander_damage`` (903.10a) and ``commander_casts`` (903.8)."""
    if "commander" in m:
        cpath = f"{path}.commander"
        seq = ck.sequence(m["commander"], cpath, line_of(m, "commander"), "a list of card names")
        listed = {norm(e.card) for es in spec.zones.values() for e in es if e.card is not None}
        for i, item in enumerate(seq or ()):
            ipath, iline = join(cpath, i), line_of(seq, i)
            name = ck.string(item, ipath, iline)
            if name is None:
                continue
            msg = unknown_card_message(name)
            if msg:
                ck.error(ipath, msg, iline)
                continue
            spec.commanders.append(name)
            if norm(name) not in listed:
                spec.zones.setdefault("command", []).append(EntrySpec(path=ipath, card=name))
    if "commander_damage" in m:
        dpath = f"{path}.commander_damage"
        dm = ck.mapping(m["commander_damage"], dpath, line_of(m, "commander_damage"))
        for who, n in (dm or {}).items():
            amount = ck.integer(n, f"{dpath}.{who}", line_of(dm, who), minimum=0)
            if not isinstance(who, str) or who not in book.players:
                ck.error(f"{dpath}.{who}", f"{who!r} is not a player of this scenario", None)
            elif amount is not None:
                spec.commander_damage[who] = amount
    if "commander_casts" in m:
        n = ck.integer(
            m["commander_casts"],
            f"{path}.commander_casts",
            line_of(m, "commander_casts"),
            minimum=0,
        )
        spec.commander_casts = n or 0


def _mana_pool(ck: Checker, v: Any, path: str, line: int | None) -> tuple[int, ...]:
    pool = [0] * 6
    if not isinstance(v, str):
        ck.error(
            path, f'expected a mana string such as "{{G}}{{G}}{{C}}", got {describe_value(v)}', line
        )
        return tuple(pool)
    text = v.replace(" ", "")
    i = 0
    while i < len(text):
        j = text.find("}", i)
        if text[i] != "{" or j < 0:
            ck.error(path, f'{v!r} is not a mana string such as "{{G}}{{G}}{{C}}"', line)
            return (0,) * 6
        sym = text[i + 1 : j].upper()
        if len(sym) != 1 or sym not in _MANA_LETTERS:
            ck.error(
                path,
                f"{{{sym}}} is not a type of mana: use {{W}}, {{U}}, {{B}}, {{R}}, {{G}} or "
                "{C} (colorless)",
                line,
            )
            return (0,) * 6
        pool[_MANA_LETTERS.index(sym)] += 1
        i = j + 1
    return tuple(pool)


def _check_entry(
    ck: Checker, v: Any, path: str, line: int | None, zone: str, book: Book
) -> EntrySpec | None:
    if isinstance(v, str):
        if not v.strip():
            ck.error(path, "expected a card name", line)
            return None
        msg = unknown_card_message(v)
        if msg:
            ck.error(path, msg, line)
            return None
        return EntrySpec(path=path, card=v)
    m = ck.mapping(v, path, line, "a card name or a mapping with 'card' or 'token'")
    if m is None:
        return None
    ck.keys(m, ENTRY_KEYS, path)
    e = EntrySpec(path=path)
    has_card, has_token = "card" in m, "token" in m
    if has_card == has_token:
        ck.error(path, "give exactly one of 'card' or 'token'", m.line or line)
        return None
    if has_card:
        name = ck.string(m["card"], f"{path}.card", line_of(m, "card"))
        if name is None:
            return None
        msg = unknown_card_message(name)
        if msg:
            ck.error(f"{path}.card", msg, line_of(m, "card"))
            return None
        e.card = name
    else:
        e.token = _check_token(ck, m["token"], f"{path}.token", line_of(m, "token"))
        if e.token is None:
            return None
        book.token_names.add(norm(e.token["name"]))
    _entry_fields(ck, m, e, path, zone, book)
    return e


def _entry_fields(ck: Checker, m: YMap, e: EntrySpec, path: str, zone: str, book: Book) -> None:
    for key in _BATTLEFIELD_ONLY:
        if key in m and zone != "battlefield":
            ck.error(
                join(path, key), f"'{key}' applies only to battlefield entries", line_of(m, key)
            )
    if "face_down" in m and zone not in ("battlefield", "exile"):
        ck.error(
            join(path, "face_down"),
            "'face_down' applies to the battlefield or exile",
            line_of(m, "face_down"),
        )
    if "id" in m:
        ident = ck.string(m["id"], f"{path}.id", line_of(m, "id"))
        if ident is not None:
            if ident in book.ids:
                ck.error(
                    f"{path}.id",
                    f"the id {ident!r} is already used at {book.ids[ident]}",
                    line_of(m, "id"),
                )
            elif ident in book.players:
                ck.error(f"{path}.id", f"the id {ident!r} is a player's name", line_of(m, "id"))
            else:
                book.ids[ident] = path
                e.id = ident
    if "count" in m:
        e.count = ck.integer(m["count"], f"{path}.count", line_of(m, "count"), minimum=1) or 1
    for key in ("tapped", "sick", "face_down", "phased_out", "flipped", "transformed"):
        if key in m:
            val = ck.boolean(m[key], f"{path}.{key}", line_of(m, key))
            setattr(e, key, bool(val))
    if "damage" in m:
        e.damage = ck.integer(m["damage"], f"{path}.damage", line_of(m, "damage"), minimum=0) or 0
    if "counters" in m:
        e.counters = check_counters(ck, m["counters"], f"{path}.counters", line_of(m, "counters"))
    if "attached_to" in m:
        e.attached_to = ck.string(
            m["attached_to"], f"{path}.attached_to", line_of(m, "attached_to")
        )
    if "face_down_as" in m:
        e.face_down_as = ck.choice(
            m["face_down_as"],
            FACE_DOWN_KINDS,
            f"{path}.face_down_as",
            line_of(m, "face_down_as"),
            "face-down kind",
        )
        if e.face_down_as is not None and not e.face_down:
            ck.error(
                f"{path}.face_down_as",
                "'face_down_as' needs 'face_down: true'",
                line_of(m, "face_down_as"),
            )
    if "controller" in m:
        ctl = m["controller"]
        if ctl not in book.players:
            ck.error(
                f"{path}.controller",
                f"{what(ctl)} is not a player of this scenario",
                line_of(m, "controller"),
            )
        else:
            e.controller = ctl
    if "chosen" in m:
        e.chosen = _check_chosen(ck, m["chosen"], f"{path}.chosen", line_of(m, "chosen"), book)


def _check_token(ck: Checker, v: Any, path: str, line: int | None) -> dict[str, Any] | None:
    m = ck.mapping(v, path, line)
    if m is None:
        return None
    ck.keys(m, TOKEN_KEYS, path)
    spec: dict[str, Any] = {}
    for key in ("types", "subtypes", "supertypes", "abilities"):
        if key in m:
            items = ck.strings(m[key], f"{path}.{key}", line_of(m, key))
            spec[key] = items or []
    spec["types"] = [t[:1].upper() + t[1:] for t in spec.get("types") or ["Creature"]]
    spec["supertypes"] = [t[:1].upper() + t[1:] for t in spec.get("supertypes") or []]
    if "colors" in m:
        colors = ck.strings(m["colors"], f"{path}.colors", line_of(m, "colors")) or []
        spec["colors"] = []
        for c in colors:
            if c.lower() not in COLORS:
                ck.error(
                    f"{path}.colors",
                    f"{c!r} is not a color (expected: {', '.join(COLORS)})",
                    line_of(m, "colors"),
                )
            else:
                spec["colors"].append(c.lower())
    for key in ("power", "toughness"):
        if key in m:
            val = m[key]
            if isinstance(val, bool) or not isinstance(val, int | str):
                ck.error(
                    f"{path}.{key}",
                    f"expected a number, got {describe_value(val)}",
                    line_of(m, key),
                )
            else:
                spec[key] = val
    if "Creature" in spec["types"] and ("power" not in spec or "toughness" not in spec):
        ck.error(path, "a creature token needs 'power' and 'toughness'", m.line or line)
    name = m.get("name")
    if name is not None and not (isinstance(name, str) and name.strip()):
        ck.error(f"{path}.name", f"expected a name, got {describe_value(name)}", line_of(m, "name"))
    spec["name"] = (name if isinstance(name, str) and name.strip() else None) or (
        " ".join(spec.get("subtypes") or []) or "Token"
    )
    return spec


def _check_chosen(ck: Checker, v: Any, path: str, line: int | None, book: Book) -> dict[str, Any]:
    m = ck.mapping(v, path, line)
    out: dict[str, Any] = {}
    if m is None:
        return out
    ck.keys(m, CHOSEN_KEYS, path)
    for key, val in m.items():
        kpath, kline = join(path, key), line_of(m, key)
        if key == "color":
            c = ck.choice(
                str(val).lower() if isinstance(val, str) else val, COLORS, kpath, kline, "color"
            )
            if c is not None:
                out[key] = c
        elif key == "number":
            n = ck.integer(val, kpath, kline)
            if n is not None:
                out[key] = n
        elif key in CHOSEN_KEYS:
            s = ck.string(val, kpath, kline)
            if s is None:
                continue
            out[key] = s
            if key == "card_name":
                msg = unknown_card_message(s)
                if msg:
                    ck.error(kpath, msg, kline)
            elif key == "copy_of":
                book.ref(s, kpath, kline)
            elif key == "player" and s not in book.players:
                ck.error(kpath, f"{s!r} is not a player of this scenario", kline)
    return out


def _check_entry_refs(ck: Checker, e: EntrySpec, zone: str, book: Book) -> None:
    if e.attached_to is not None:
        book.ref(e.attached_to, f"{e.path}.attached_to", None, players=True)


# ---------------------------------------------------------------------------
# References: ids, players, card names
# ---------------------------------------------------------------------------


def _check_refs(ck: Checker, book: Book) -> None:
    for path, line, name, players_ok in book.refs:
        if name in book.ids:
            continue
        if name in book.players:
            if not players_ok:
                ck.error(path, f"{name!r} is a player; a card or permanent is needed here", line)
            continue
        if norm(name) in book.token_names or norm(name) in CREATED_TOKEN_NAMES:
            continue
        msg = unknown_card_message(name)
        if msg:
            ck.error(path, f"{name!r} is not an id, a player or a card name ({msg})", line)
