"""Whole-pool fuzzing: random decks from every fully compiled card, random play,
and invariant checks (the engine behind ``mtg fuzz``; OpenSpiel's random_sim_test
over the whole card pool).

Game ``i`` of a run with seed ``S`` has its own seed :func:`~mtg_engine.sim.game_seed`
``(S, i)``: its decks, agents and every random choice follow from it, so
``mtg fuzz --replay SEED`` replays that one game. Every ``check_every``
decisions a game is checked for:

* the state invariants of :mod:`mtg_engine.game.invariants`, card conservation
  by physical card (tokens, copies and emblems aside);
* leaks: ``observe(player)`` (its log included) naming a card the player may not see;
* clone and JSON-text round trip equivalence: a clone and a game loaded back from
  the JSON text continue with the same decisions to the same log and the same JSON.
  These cost far more than the other checks (a JSON round trip late in a game
  about a hundred times a decision), so they follow a schedule drawn from the
  game's seed (its own generator: the game plays the same with or without them):
  at a check, a clone starts one time in :data:`CLONE_EVERY` and a JSON round
  trip one time in :data:`JSON_EVERY`, each continued for 1 to
  :data:`WINDOW_CHECKS` checks and then compared. Every game has both kinds at
  places that differ from game to game, and over many games they land on every
  kind of moment; the game's own saved state is encoded once per check however
  many copies it is compared with or started from;
* the time of each decision (agent and engine together).

A failure has a *signature* (the exception type and where it was raised, or
the shape of the broken invariant) so that many games failing for one reason
show as one line with one reproducing seed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .agents import make_agent
from .cards.compiled_store import compiler_hash
from .cards.database import CardDatabase
from .cards.definitions import card_def
from .cards.model import CardData
from .game.actions import Action
from .game.events import EventKind
from .game.invariants import card_uids, check
from .game.objects import CardDef, Zone
from .game.rng import Rng
from .game.state import Game
from .rules import support
from .rules.layers import creature_types
from .rules.setup import new_game
from .rules.views import log_entries
from .scenario.runner import ScenarioTimeout, time_limit
from .sim import MAX_DECISIONS, MAX_TURNS, game_seed

#: deck size and how many of those are basic lands of the deck's colors
DECK_SIZE = 40
BASIC_LANDS = 17
#: a decision (agent and engine) slower than this is stopped and reported as a hang
HANG_SECONDS = 60.0
#: the card types a card needs to go in a deck (not a vanguard, conspiracy, hero, ...)
DECK_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery"}
)
_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}

#: of the checks, about one in this many starts a clone of the game (seeded per game)
CLONE_EVERY = 4
#: of the checks, about one in this many starts a JSON-text round trip (seeded per game)
JSON_EVERY = 16
#: a copy is continued alongside the game for 1 to this many checks, then compared
WINDOW_CHECKS = 4
#: mixed into a game's seed for the generator of its check schedule
_SCHEDULE_SALT = 0x5C4ED
_CLONE = "clone"
_JSON = "JSON round trip"

KINDS = ("crash", "invariant", "leak", "divergence", "endless")


# --------------------------------------------------------------------------- the card pool


def _pool_key(db: CardDatabase) -> str:
    """What the fully compiled pool depends on: the card file, the compiler, and
    what the engine runs (:mod:`mtg_engine.rules.support`)."""
    h = hashlib.sha256()
    path = Path(db.path)
    st = path.stat()
    h.update(f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode())
    h.update(compiler_hash().encode())
    h.update(Path(support.__file__).read_bytes())
    h.update("\n".join(sorted(support.SUPPORTED) + sorted(support.KEYWORDS)).encode())
    return h.hexdigest()[:20]


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/mtg-engine`` (``~/.cache/mtg-engine``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-engine"


def full_pool(
    db: CardDatabase | None = None,
    progress: Callable[[], None] | None = None,
    sample: int | None = None,
) -> list[str]:
    """The names of every card that compiles fully and runs on the engine and can be
    in a deck, sorted. Computed once per card file and engine version (about a
    minute for the whole file) and kept in the cache directory. ``sample``: grade
    only that many cards of the file, a fixed spread (for quick runs and tests)."""
    # lazy: cards.coverage loads the Oracle compiler (Lark), heavy; only the full pool needs it
    from .cards.coverage import card_status

    db = db or CardDatabase.default()
    suffix = f"-sample{sample}" if sample else ""
    cache = cache_dir() / f"full-pool-{_pool_key(db)}{suffix}.txt"
    try:
        return [n for n in cache.read_text(encoding="utf-8").splitlines() if n]
    except OSError:
        pass
    cards: Iterable[CardData]
    if sample:
        all_names = sorted(db.names())
        step = max(1, len(all_names) // sample)
        cards = (db.get(n) for n in all_names[::step][:sample])
    else:
        cards = db.iter_cards()
    names = []
    for card in cards:
        if progress:
            progress()
        if card.layout in ("vanguard", "token", "emblem", "planar", "scheme", "art_series"):
            continue
        if not DECK_TYPES & set(card.front.types):
            continue
        if card_status(card, engine=support.face_unsupported).status == "full":
            names.append(card.name)
    names.sort()
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(".tmp")
        tmp.write_text("\n".join(names) + "\n", encoding="utf-8")
        tmp.replace(cache)
    except OSError:
        pass  # no cache: computed again next time
    return names


def random_deck(rng: Rng, pool: Sequence[str]) -> list[tuple[int, str]]:
    """A 40-card deck: 23 cards drawn uniformly from ``pool`` and 17 basic lands
    of the colors of their mana costs (any basics for a colorless draw)."""
    picks = [pool[rng.randrange(len(pool))] for _ in range(DECK_SIZE - BASIC_LANDS)]
    colors: list[str] = []
    for name in picks:
        cost = card_def(name).faces[0].mana_cost or ""
        colors += [c for c in "WUBRG" if f"{{{c}" in cost or f"/{c}}}" in cost]
    if not colors:
        colors = list("WUBRG")
    lands = [_BASICS[colors[rng.randrange(len(colors))]] for _ in range(BASIC_LANDS)]
    counts: dict[str, int] = {}
    for name in picks + lands:
        counts[name] = counts.get(name, 0) + 1
    return [(n, name) for name, n in counts.items()]


def deck_defs(deck: list[tuple[int, str]]) -> list[CardDef]:
    return [card_def(name) for n, name in deck for _ in range(n)]


# --------------------------------------------------------------------------- findings


@dataclass(slots=True)
class Finding:
    """One thing that went wrong in a game."""

    kind: str  # one of KINDS
    signature: str
    detail: str
    decision: int


@dataclass(slots=True)
class FuzzGame:
    """One fuzzed game: its seed, decks, agents, end, and what went wrong."""

    index: int
    seed: int
    decks: list[list[tuple[int, str]]]
    agents: list[str]
    winner: int | None = None
    reason: str = ""
    turns: int = 0
    decisions: int = 0
    max_decision_seconds: float = 0.0
    slowest_decision: str = ""
    #: the most CPU time of one decision (wall time on a busy machine counts other jobs too)
    max_decision_cpu_seconds: float = 0.0
    slowest_cpu_decision: str = ""
    #: how many clones and JSON-text round trips were continued and compared
    clones: int = 0
    json_round_trips: int = 0
    findings: list[Finding] = field(default_factory=list)
    game: Game | None = None

    def first(self, kind: str) -> Finding | None:
        return next((f for f in self.findings if f.kind == kind), None)


_NUM = re.compile(r"\d+")
_OBJ = re.compile(r"<[^<>#]*#\d+ (\w+)>")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def shape(text: str) -> str:
    """A message with its object names, ids and numbers taken out (for grouping)."""
    text = _OBJ.sub(r"<obj \1>", text)
    text = _QUOTED.sub("'…'", text)
    return _NUM.sub("N", text)[:160]


def crash_signature(exc: BaseException) -> str:
    """The exception's type and message shape and the engine frame that raised it
    (a decision that takes longer than :data:`HANG_SECONDS` is a ``ScenarioTimeout``)."""
    where = ""
    for frame in traceback.extract_tb(exc.__traceback__):
        if "mtg_engine" in frame.filename and not frame.filename.endswith("fuzz.py"):
            where = f"{frame.filename.split('mtg_engine/')[-1]}:{frame.name}"
    msg = re.sub(r"\{[^{}]*\}", "{…}", str(exc))
    return f"{type(exc).__name__} in {where}: {shape(msg)}"


# --------------------------------------------------------------------------- checks


def conservation_problems(
    game: Game, cards: dict[int, int], owners: dict[int, int] | None = None
) -> list[str]:
    """Every physical card of the game's start is in exactly one place, and no card
    appeared from nowhere (tokens, copies and emblems aside). The cards of a player
    who left a multiplayer game have left it with them (CR 800.4a): ``owners`` (card
    uid -> owner at the start) says whose each card is."""
    now = card_uids(game)
    if now == cards:
        return []
    out = []
    left = {p.index for p in game.players if p.has_lost}
    for uid in sorted(set(cards) | set(now)):
        a, b = cards.get(uid, 0), now.get(uid, 0)
        if b == 0 and owners is not None and owners.get(uid) in left:
            continue  # CR 800.4a: it left the game with its owner
        if a != b:
            objs = [o for o in game.objects.values() if o.card_uid == uid]
            where = ", ".join(f"{o.name} in {Zone.NAMES[o.zone]}" for o in objs) or "nowhere"
            verb = "appeared" if b > a else "vanished"
            out.append(f"card conservation: a card {verb} (card {uid}: {where}; {a} -> {b})")
    return out


def leak_problems(game: Game, viewer: int, events: Sequence[Any]) -> list[str]:
    """What ``observe(viewer)`` shows that ``viewer`` may not see (CR 401.2, 402.3, 406.3, 708.5)."""
    out: list[str] = []
    view = game.observe(viewer)
    for p in view["players"]:
        if p["index"] != viewer and p["hand"] is not None:
            out.append("leak: an opponent's hand is shown")
    for zone in ("battlefield", "stack", "exile"):
        for o in view[zone]:
            obj = game.objects.get(o["id"])
            if obj is None or not obj.face_down:
                continue
            if zone == "exile" and obj.owner != viewer:
                out.append("leak: another player's face-down exiled card is shown")
            if zone != "exile" and obj.controller != viewer and (o["name"] or "face_up" in o):
                out.append(f"leak: an opponent's face-down {zone} object is named")
    # log lines: a card moving between zones the viewer can't see is not named
    entries = log_entries(game, viewer, events)
    revealed = " ".join(e.text for e in events if e.kind in (EventKind.REVEAL, EventKind.LOOK_AT))
    for ev, entry in zip(events, entries, strict=True):
        if entry is None or ev.kind != EventKind.ZONE_CHANGE:
            continue
        name = ev.data.get("card") or ""
        if not name or name in revealed:
            continue
        theirs = ev.data.get("controller") != viewer
        from_hidden = theirs and ev.data.get("from_zone") in ("library", "hand")
        if from_hidden and _hidden_after(game, ev, viewer) and name in entry["text"]:
            out.append(
                f"leak: the log names a card moved {ev.data.get('from_zone')} -> "
                f"{ev.data.get('to_zone')} that {game.players[viewer].name} can't see"
            )
    return out


def _hidden_after(game: Game, ev: Any, viewer: int) -> bool:
    to = ev.data.get("to_zone")
    obj = game.objects.get(ev.data.get("obj", -1))
    if to in ("library", "hand"):
        return ev.data.get("controller") != viewer
    if to == "exile" and obj is not None and obj.zone == Zone.EXILE:
        return obj.face_down and obj.owner != viewer
    return False


def _log_texts(game: Game, start: int) -> list[str]:
    return [str(e) for e in game.log[start:]]


def _json_text(data: dict[str, Any]) -> str:
    """A saved game's JSON text, its mappings' keys sorted (a loaded game must not
    depend on the order of a mapping's items)."""
    return json.dumps(data, sort_keys=True, default=str)


def _canonical(value: Any) -> Any:
    """JSON data with the order of a saved mapping's items (``__items__``, insertion
    order, which a loaded game may not keep) taken out: for comparing two states."""
    if isinstance(value, dict):
        out = {k: _canonical(v) for k, v in value.items()}
        if isinstance(out.get("__items__"), list):
            out["__items__"] = sorted(out["__items__"], key=repr)
        return out
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    return value


def _state(game: Game) -> dict[str, Any]:
    """The saved state without its log (logs are compared line by line)."""
    return game.to_json(log=False)


def _same_saved(sa: dict[str, Any], sb: dict[str, Any]) -> bool:
    """Whether two saved states are the same (a mapping's item order aside)."""
    return sa == sb or _canonical(sa) == _canonical(sb)


@dataclass(slots=True, eq=False)
class _Copy:
    """A copy of the game being checked: made at log length ``log_start``, given
    the game's decisions since (``actions``), compared at check number ``until``."""

    label: str
    game: Game
    log_start: int
    until: int
    actions: list[Action] = field(default_factory=list)


class _SavedState:
    """The game's saved state at one check, encoded at most once: with its log
    (the text a JSON round trip loads) or without (what copies are compared with)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._full: dict[str, Any] | None = None
        self._state: dict[str, Any] | None = None

    def full(self) -> dict[str, Any]:
        if self._full is None:
            self._full = self.game.to_json()
        return self._full

    def state(self) -> dict[str, Any]:
        if self._state is None:
            if self._full is not None:
                # the same as to_json(log=False): the whole state but its log
                self._state = {k: v for k, v in self._full.items() if k != "log"}
            else:
                self._state = _state(self.game)
        return self._state


# --------------------------------------------------------------------------- one game


def game_setup(
    seed: int, pool: Sequence[str], players: int = 2, agents: str = "mixed"
) -> tuple[list[list[tuple[int, str]]], list[str]]:
    """The decks and agent kinds of the game with this seed."""
    rng = Rng(seed ^ 0xF022)
    decks = [random_deck(rng, pool) for _ in range(players)]
    if agents == "mixed":
        kinds = ["heuristic" if rng.randrange(4) == 0 else "random" for _ in range(players)]
    else:
        kinds = [agents] * players
    return decks, kinds


def warm_up() -> None:
    """Load, before any decision is timed, what the engine loads once per process the
    first time a game needs it: the Comprehensive Rules text, parsed for the list of
    creature types (CR 205.3m; changeling), 0.1 s; the Oracle compiler, for a token
    whose definition isn't in the shipped store, 0.3 s. Start-up costs, not the cost
    of the decision that happens to need them first."""
    creature_types()
    # lazy: the Oracle compiler, loaded here: importing the fuzz module stays light (tests)
    from .cards import compiler  # noqa: F401


def play_fuzz_game(
    seed: int,
    pool: Sequence[str],
    index: int = 0,
    players: int = 2,
    agents: str = "mixed",
    check_every: int = 5,
    max_decisions: int = MAX_DECISIONS,
    max_turns: int = MAX_TURNS,
    keep_game: bool = False,
    clone_every: int = CLONE_EVERY,
    json_every: int = JSON_EVERY,
    variant: str = "",
) -> FuzzGame:
    """Play one game of the fuzz and check it; never raises for an engine failure.
    ``clone_every`` / ``json_every``: of the checks, about one in this many starts a
    clone / a JSON-text round trip (1: every check that has none running).
    ``variant``: ``two_headed_giant`` plays four players in two teams (CR 810)."""
    if clone_every < 1 or json_every < 1:
        raise ValueError(
            f"clone_every and json_every must be 1 or more: {clone_every}, {json_every}"
        )
    decks, kinds = game_setup(seed, pool, players, agents)
    result = FuzzGame(index, seed, decks, kinds)
    warm_up()
    try:
        with time_limit(HANG_SECONDS):
            game = new_game(
                [deck_defs(d) for d in decks],
                seed=seed,
                teams=[i // 2 for i in range(players)] if variant == "two_headed_giant" else None,
            )
    except (Exception, ScenarioTimeout) as exc:  # noqa: BLE001 - a crash is a finding
        result.findings.append(Finding("crash", crash_signature(exc), _tb(exc), 0))
        return result
    if keep_game:
        result.game = game
    agent_objs = [make_agent(k, seed + i) for i, k in enumerate(kinds)]
    cards = card_uids(game)
    owners = {o.card_uid: o.owner for o in game.objects.values()}
    seen: set[str] = set()

    def report(kind: str, problem: str) -> None:
        sig = f"{kind}: {shape(problem)}" if kind != "crash" else problem
        if sig not in seen:
            seen.add(sig)
            result.findings.append(Finding(kind, sig, problem, game.decisions_made))

    # the copies being checked: clones and JSON-text round trips of earlier states,
    # started and compared on a schedule of the game's own (see the module docstring)
    schedule = Rng(seed ^ _SCHEDULE_SALT)
    copies: list[_Copy] = []
    checked_log = 0
    checks = 0
    while game.outcome is None:
        if game.decisions_made >= max_decisions or game.turn > max_turns:
            result.findings.append(_endless(game, max_decisions, max_turns))
            break
        d = game.pending
        if d is None:
            report("invariant", "the game is not over but nothing is pending")
            break
        if game.players[d.player].has_lost:
            # CR 800.4a, 800.4h: a player who left the game makes no more choices
            report("invariant", f"a {d.kind} decision is asked of a player who left the game")
        t0, c0 = time.perf_counter(), time.thread_time()
        try:
            with time_limit(HANG_SECONDS):
                action = agent_objs[d.player].choose(game)
                game.apply(action)
        except (Exception, ScenarioTimeout) as exc:  # noqa: BLE001 - a crash is a finding
            report("crash", crash_signature(exc))
            result.findings[-1].detail = _tb(exc)
            break
        dt, dc = time.perf_counter() - t0, time.thread_time() - c0
        if dt > result.max_decision_seconds:
            result.max_decision_seconds = dt
            result.slowest_decision = f"decision {game.decisions_made} ({d.kind}): {action!r}"[:200]
        if dc > result.max_decision_cpu_seconds:
            result.max_decision_cpu_seconds = dc
            result.slowest_cpu_decision = f"decision {game.decisions_made} ({d.kind}): {action!r}"[
                :200
            ]
        for c in copies:
            c.actions.append(action)
        if game.decisions_made % check_every and game.outcome is None:
            continue
        new_events = game.log[checked_log:]
        checked_log = len(game.log)
        for ev in new_events:
            if ev.kind is EventKind.CONJURE:
                # a conjured card is a new card of the game (digital-only), not one that
                # appeared from nowhere: conservation counts it from here
                uid = ev.data["card_uid"]
                cards[uid] = cards.get(uid, 0) + 1
                if owners is not None:
                    owners[uid] = ev.data["player"]
        try:
            for problem in check(game) + conservation_problems(game, cards, owners):
                report("invariant", problem)
            for viewer in range(len(game.players)):
                for problem in leak_problems(game, viewer, new_events):
                    report("leak", problem)
        except Exception as exc:  # noqa: BLE001 - a state the checks can't read is a finding
            # (a copy that shared state with the game may have broken it: the findings
            # so far, its divergence among them, are kept)
            report("crash", crash_signature(exc))
            result.findings[-1].detail = _tb(exc)
            break
        checks += 1
        saved = _SavedState(game)
        # drawn at every check, whatever happens, so the schedule is the seed's alone
        start_clone = schedule.randrange(clone_every) == 0
        start_json = schedule.randrange(json_every) == 0
        length = 1 + schedule.randrange(WINDOW_CHECKS)
        over = game.outcome is not None
        ending = [c for c in copies if over or c.until <= checks]
        copies = [c for c in copies if c not in ending]
        start_clone &= not over and all(c.label != _CLONE for c in copies)
        start_json &= not over and all(c.label != _JSON for c in copies)
        if start_json:
            try:
                saved.full()  # encoded once: loaded by the new copy, compared with the old
            except Exception as exc:  # noqa: BLE001 - a game that can't be saved is a finding
                report("divergence", f"clone/JSON: {crash_signature(exc)}")
                start_json = False
        for c in ending:
            if c.label == _CLONE:
                result.clones += 1
            else:
                result.json_round_trips += 1
            diverged = _replay_copy(c.game, c.actions, game, c.log_start, saved.state)
            if diverged:
                report("divergence", f"{c.label} {diverged}")
        if any(f.kind in ("crash", "invariant") for f in result.findings):
            break  # one broken state makes everything after it noise
        try:
            if start_clone:
                copies.append(_Copy(_CLONE, game.clone(), len(game.log), checks + length))
            if start_json:
                loaded = Game.from_json(json.loads(_json_text(saved.full())))
                copies.append(_Copy(_JSON, loaded, len(game.log), checks + length))
        except Exception as exc:  # noqa: BLE001
            report("divergence", f"clone/JSON: {crash_signature(exc)}")
    result.turns = game.turn
    result.decisions = game.decisions_made
    if game.outcome is not None:
        result.winner = game.outcome.winner
        result.reason = game.outcome.reason
    elif result.findings:
        result.reason = result.findings[-1].kind
    return result


def _replay_copy(
    copy: Game,
    actions: list[Action],
    game: Game,
    log_start: int,
    game_state: Callable[[], dict[str, Any]] | None = None,
) -> str | None:
    """Apply ``actions`` to ``copy`` and say how it ended unlike ``game`` (None: identically).
    ``game_state``: the saved state of ``game`` (without its log), if already at hand."""
    try:
        for a in actions:
            copy.apply(a)
    except Exception as exc:  # noqa: BLE001
        return f"continued differently: {crash_signature(exc)}"
    mine, theirs = _log_texts(copy, log_start), _log_texts(game, log_start)
    if mine != theirs:
        i = next(
            (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)),
        )
        got = mine[i] if i < len(mine) else "(end)"
        want = theirs[i] if i < len(theirs) else "(end)"
        return f"continued differently: {got!r} instead of {want!r}"
    try:
        same = _same_saved(_state(copy), game_state() if game_state else _state(game))
    except Exception as exc:  # noqa: BLE001 - a game that can't be saved is a finding
        return f"could not be saved: {crash_signature(exc)}"
    if not same:
        return "continued to a different JSON state"
    return None


def _endless(game: Game, max_decisions: int, max_turns: int) -> Finding:
    """A game stopped by the decision cap or the turn limit: what it was doing."""
    recent = [e.kind for e in game.log[-300:]]
    common = max(set(recent), key=recent.count) if recent else "nothing"
    src = ""
    for e in reversed(game.log[-300:]):
        if e.kind == common:
            src = e.text
            break
    why = "decision cap" if game.decisions_made >= max_decisions else "turn limit"
    return Finding(
        "endless",
        f"endless: {why}; most frequent recent event {common!r}: {shape(src)}",
        f"turn {game.turn}, {game.decisions_made} decisions; last: {src}",
        game.decisions_made,
    )


def _tb(exc: BaseException) -> str:
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))[-4000:]


# --------------------------------------------------------------------------- a run


@dataclass
class FuzzSummary:
    games: int
    seed: int
    seconds: float
    decisions: int
    crashes: int
    invariant_violations: int
    leaks: int
    divergences: int
    endless: int
    clones: int
    json_round_trips: int
    draws: int
    max_decision_seconds: float
    slowest_decision: str
    max_decision_cpu_seconds: float
    slowest_cpu_decision: str
    signatures: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def summarize(results: Sequence[FuzzGame], seed: int, seconds: float) -> FuzzSummary:
    """Games with each kind of failure, and each signature once with a seed that shows it."""
    sigs: dict[str, dict[str, Any]] = {}
    for r in results:
        for f in r.findings:
            s = sigs.setdefault(
                f.signature,
                {
                    "kind": f.kind,
                    "signature": f.signature,
                    "games": 0,
                    "seed": r.seed,
                    "detail": f.detail,
                },
            )
            s["games"] += 1

    def count(kind: str) -> int:
        return sum(1 for r in results if r.first(kind))

    slowest = max(results, key=lambda r: r.max_decision_seconds, default=None)
    slowest_cpu = max(results, key=lambda r: r.max_decision_cpu_seconds, default=None)
    return FuzzSummary(
        games=len(results),
        seed=seed,
        seconds=seconds,
        decisions=sum(r.decisions for r in results),
        crashes=count("crash"),
        invariant_violations=count("invariant"),
        leaks=count("leak"),
        divergences=count("divergence"),
        endless=count("endless"),
        clones=sum(r.clones for r in results),
        json_round_trips=sum(r.json_round_trips for r in results),
        draws=sum(1 for r in results if not r.findings and r.winner is None),
        max_decision_seconds=slowest.max_decision_seconds if slowest else 0.0,
        slowest_decision=f"seed {slowest.seed}: {slowest.slowest_decision}" if slowest else "",
        max_decision_cpu_seconds=slowest_cpu.max_decision_cpu_seconds if slowest_cpu else 0.0,
        slowest_cpu_decision=f"seed {slowest_cpu.seed}: {slowest_cpu.slowest_cpu_decision}"
        if slowest_cpu
        else "",
        signatures=sorted(sigs.values(), key=lambda s: (-s["games"], s["signature"])),
    )


def run_fuzz(
    games: int,
    seed: int = 0,
    pool: Sequence[str] | None = None,
    players: int = 2,
    agents: str = "mixed",
    check_every: int = 5,
    progress: Callable[[FuzzGame], None] | None = None,
    variant: str = "",
) -> list[FuzzGame]:
    """Fuzz ``games`` games; game ``i`` has seed ``game_seed(seed, i)``."""
    pool = pool if pool is not None else full_pool()
    out = []
    for i in range(games):
        r = play_fuzz_game(
            game_seed(seed, i), pool, i, players, agents, check_every, variant=variant
        )
        out.append(r)
        if progress:
            progress(r)
    return out
