"""The validated contents of a scenario file, as plain dataclasses.

:mod:`mtg_engine.scenario.schema` turns YAML into these records (or reports
exactly what is wrong); the builder, runner and expectation checker read
only these records, never raw YAML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the zones a player's setup may list, in the order objects are created
#: the starting life total of a variant when it isn't 20 (CR 903.7: Commander)
VARIANT_LIFE: dict[str, int] = {"commander": 40, "two_headed_giant": 30}
SETUP_ZONES: tuple[str, ...] = ("library", "hand", "battlefield", "graveyard", "exile", "command")

#: the action verbs of the format (exactly one per action)
VERBS: tuple[str, ...] = (
    "play",
    "cast",
    "activate",
    "attack",
    "block",
    "assign_damage",
    "choose",
    "order",
    "target",
    "turn_face_up",
    "pass",
    "concede",
)


@dataclass(frozen=True, slots=True)
class ScenarioError:
    """Why a scenario file (or one scenario in it) is not valid."""

    file: str
    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f" (line {self.line})" if self.line else ""
        path = f"{self.path}: " if self.path else ""
        return f"{self.file}: {path}{self.message}{where}"


@dataclass(frozen=True, slots=True)
class Moment:
    """A point of the game: a turn and/or a step (step as ``Step`` int)."""

    turn: int | None
    step: int | None


@dataclass(slots=True)
class EntrySpec:
    """One zone entry of a player's setup."""

    path: str
    card: str | None = None
    token: dict[str, Any] | None = None
    id: str | None = None
    count: int = 1
    tapped: bool = False
    sick: bool = False
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    face_down: bool = False
    face_down_as: str | None = None
    controller: str | None = None
    phased_out: bool = False
    flipped: bool = False
    transformed: bool = False
    chosen: dict[str, Any] = field(default_factory=dict)

    @property
    def display_name(self) -> str:
        if self.card is not None:
            return self.card
        assert self.token is not None
        return str(self.token.get("name") or "token")


@dataclass(slots=True)
class PlayerSpec:
    """A player's starting state; ``zones`` maps zone name to entries (library top first)."""

    name: str
    life: int = 20
    poison: int = 0
    #: CR 702.179b: None, no speed
    speed: int | None = None
    #: CR 724.1: the player is the monarch as the scenario starts
    monarch: bool = False
    #: CR 725.1: the player has the initiative as the scenario starts
    initiative: bool = False
    mana_pool: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    zones: dict[str, list[EntrySpec]] = field(default_factory=dict)
    #: False when the file gives no ``library`` (then 20 basic lands)
    library_given: bool = False
    #: CR 903.3: the names of this player's commanders (a Commander game)
    commanders: list[str] = field(default_factory=list)
    #: CR 903.10a: player name -> the combat damage that player's commander has
    #: already dealt this player
    commander_damage: dict[str, int] = field(default_factory=dict)
    #: CR 903.8: how many times each of this player's commanders has been cast from
    #: the command zone (the commander tax)
    commander_casts: int = 0


@dataclass(slots=True)
class ActionSpec:
    """One scripted decision: ``verb`` and its ``value``, plus the verb's other keys."""

    index: int
    path: str
    player: str
    verb: str
    value: Any
    options: dict[str, Any] = field(default_factory=dict)
    at: Moment | None = None
    text: str = ""

    @property
    def number(self) -> int:
        """The 1-based number used in messages ("action 3 never applied")."""
        return self.index + 1


@dataclass(slots=True)
class Scenario:
    """One validated scenario."""

    name: str
    file: str
    path: str  # "" or "scenarios[2]"
    rules: list[str] = field(default_factory=list)
    seed: int = 0
    start_turn: int = 1
    start_active: str = ""
    start_step: int = 3
    #: the variant (CR 806, 903): ``two_player``, ``free_for_all``, ``commander``
    variant: str = "two_player"
    #: Two-Headed Giant (CR 810.1, 805.1): the teams, players by name, each team's
    #: players adjacent in turn order; empty in other variants
    teams: list[list[str]] = field(default_factory=list)
    players: list[PlayerSpec] = field(default_factory=list)
    actions: list[ActionSpec] = field(default_factory=list)
    until: Moment | None = None
    #: (key, value) pairs in file order; values already validated
    expect: list[tuple[str, Any]] | None = None
    expect_error: bool | str | None = None

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]
