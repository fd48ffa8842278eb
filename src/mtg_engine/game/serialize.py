"""JSON round-trip of a whole game (architecture §2): save, load, replay, network.

Cards are stored by name (tokens and emblems by their characteristics) and
rebuilt from the card database; abilities on the stack or pending, and any
other record, are stored structurally (class name and fields, only classes of
this package are loaded back), so the JSON is deterministic and readable.
Every value comes back with its type: tuples as tuples, enum members as the
same members (a ``StrEnum`` is not left a plain ``str``), dicts with non-string
keys as such. ``Game.from_json(json.loads(json.dumps(g.to_json())))`` gives a
game that continues exactly like ``g``: the same decisions, the same log.

Data that isn't a saved game (truncated, wrong types, an unknown card name)
raises :class:`GameFormatError`, a ``ValueError`` that names what is wrong.
"""

from __future__ import annotations

import importlib
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from .actions import Decision, DecisionId, DecisionKind
from .events import Event, EventKind
from .hooks import PROCEDURES
from .invariants import zone_problems
from .objects import OBJECT_FIELDS, PLAYER_FIELDS, CardDef, GameObject, Player
from .records import (
    COMBAT_FIELDS,
    CONTINUOUS_EFFECT_FIELDS,
    Combat,
    ContinuousEffect,
    Outcome,
    OutcomeReason,
)
from .rng import Rng
from .tasks import Task
from .turn_flags import TurnFlags

if TYPE_CHECKING:
    from .state import Game

#: 2: enum members, emblem abilities, event data and decision identities kept exactly;
#: 3: the turn's flags are a record (TurnFlags), not a mapping
FORMAT = 3


class GameFormatError(ValueError):
    """Data that isn't a saved game this version can load; the message says what's wrong."""


def _card_ref(card: CardDef) -> Any:
    if card.token_spec is not None:
        return {"token": encode(card.token_spec)}
    return card.name


def _card_from(ref: Any) -> CardDef:
    if isinstance(ref, dict) and "token" in ref:
        spec = decode(ref["token"])
        if not isinstance(spec, dict):
            raise GameFormatError(f"a token's characteristics must be a mapping, not {spec!r}")
        ref = {"token": spec}
    elif not isinstance(ref, str):
        raise GameFormatError(f"a card must be named by a string, not {ref!r}")
    try:
        # the card file is above the game layer: the wiring supplies the lookup
        return PROCEDURES.card_from_ref(ref)
    except KeyError:  # UnknownCardError
        raise GameFormatError(f"unknown card {ref!r}") from None


def _is_plain_str(k: Any) -> bool:
    return type(k) is str


#: the types :func:`encode` returns as they are (exactly these: not an enum member,
#: whose type is its enum class, nor any other subclass)
_PLAIN = frozenset({type(None), bool, int, float, str})


def encode(v: Any) -> Any:
    """A JSON-ready value from which :func:`decode` rebuilds ``v`` exactly."""
    t = type(v)
    if t in _PLAIN:
        return v
    if t is list:
        return [encode(x) for x in v]
    if t is dict and all(type(k) is str for k in v):
        return {"__dict__": {k: encode(x) for k, x in v.items()}}
    if isinstance(v, Enum):  # before str/int: a StrEnum or IntEnum must come back as its member
        return {"__enum__": f"{type(v).__module__}:{type(v).__qualname__}", "v": v.value}
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, list):
        return [encode(x) for x in v]
    if isinstance(v, tuple):
        return {"__tuple__": [encode(x) for x in v]}
    if isinstance(v, set | frozenset):
        items = [encode(x) for x in v]
        try:
            items.sort()
        except TypeError:  # mixed or structured members: a canonical order by their text
            items.sort(key=repr)
        return {"__frozenset__" if isinstance(v, frozenset) else "__set__": items}
    if isinstance(v, dict):
        if all(_is_plain_str(k) for k in v):
            return {"__dict__": {k: encode(x) for k, x in v.items()}}
        return {"__items__": [[encode(k), encode(x)] for k, x in v.items()]}
    if isinstance(v, GameObject):
        # an object kept out of the zones: a spell as it last existed on the stack
        # (turn_flags.left_stack, CR 608.2h)
        return {"__object__": _obj_to_json(v)}
    if is_dataclass(v) and not isinstance(v, type):
        # abilities, filters, effects, actions: a structural, deterministic encoding
        return {
            "__dc__": f"{type(v).__module__}:{type(v).__qualname__}",
            "f": {f.name: encode(getattr(v, f.name)) for f in fields(v)},
        }
    raise TypeError(f"can't serialize {type(v).__name__} in a game state")


def _class(path: Any, kind: str) -> Any:
    """A record class by ``module:qualname``, only from this package."""
    if not isinstance(path, str):
        raise GameFormatError(f"a {kind} must be named by a string, not {path!r}")
    module, _, name = path.partition(":")
    if not module.startswith("mtg_engine.") or not name:
        raise GameFormatError(f"refusing to load {path!r} from a game file")
    try:
        obj: Any = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        raise GameFormatError(f"unknown {kind} {path!r}") from None
    ok = issubclass(obj, Enum) if kind == "enum" else is_dataclass(obj)
    if not isinstance(obj, type) or not ok:
        raise GameFormatError(f"{path!r} isn't a {kind}")
    return obj


def decode(v: Any) -> Any:
    """The value :func:`encode` encoded (raises :class:`GameFormatError` on bad data)."""
    if isinstance(v, list):
        return [decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    if len(v) == 1:
        (tag, body), *_ = v.items()
        if tag == "__tuple__":
            return tuple(decode(x) for x in _list(body, tag))
        if tag == "__set__":
            return {decode(x) for x in _list(body, tag)}
        if tag == "__frozenset__":
            return frozenset(decode(x) for x in _list(body, tag))
        if tag == "__dict__":
            if not isinstance(body, dict):
                raise GameFormatError(f"{tag} must hold a mapping, not {body!r}")
            return {k: decode(x) for k, x in body.items()}
        if tag == "__object__":
            return _obj_from_json(body)
        if tag == "__items__":
            out = {}
            for pair in _list(body, tag):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise GameFormatError(f"{tag} must hold [key, value] pairs, not {pair!r}")
                out[decode(pair[0])] = decode(pair[1])
            return out
    if set(v) == {"__enum__", "v"}:
        cls = _class(v["__enum__"], "enum")
        try:
            return cls(v["v"])
        except ValueError:
            raise GameFormatError(f"{v['v']!r} isn't a member of {cls.__name__}") from None
    if set(v) == {"__dc__", "f"}:
        cls = _class(v["__dc__"], "record")
        if not isinstance(v["f"], dict):
            raise GameFormatError(f"the fields of {cls.__name__} must be a mapping")
        try:
            return cls(**{k: decode(x) for k, x in v["f"].items()})
        except TypeError as e:
            raise GameFormatError(f"bad fields for {cls.__name__}: {e}") from None
    raise GameFormatError(f"unknown encoded value {v!r:.80}")


def _list(v: Any, what: str) -> list[Any]:
    if not isinstance(v, list):
        raise GameFormatError(f"{what} must hold a list, not {v!r:.80}")
    return v


def _obj_to_json(o: GameObject) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for s in OBJECT_FIELDS:
        if s == "card":
            d["card"] = _card_ref(o.card)
        else:
            v = getattr(o, s)
            d[s] = v if type(v) in _PLAIN else encode(v)  # most fields are plain (fast path)
    return d


def object_to_data(o: GameObject) -> dict[str, Any]:
    """One object as JSON-ready data (kept in a task: a resolving spell that left
    the stack, rules/priority.py)."""
    return _obj_to_json(o)


def object_from_data(d: Any) -> GameObject:
    """The object :func:`object_to_data` encoded."""
    return _obj_from_json(d)


def _obj_from_json(d: Any) -> GameObject:
    _need_keys(d, OBJECT_FIELDS, "an object")
    o = GameObject.__new__(GameObject)
    for s in OBJECT_FIELDS:
        if s == "card":
            o.card = _card_from(d["card"])
        else:
            setattr(o, s, decode(d[s]))
    if not isinstance(o.id, int) or not isinstance(o.zone, int):
        raise GameFormatError(f"an object's id and zone must be ints: {o.id!r}, {o.zone!r}")
    return o


def _decision_to_json(d: Decision) -> dict[str, Any]:
    return {
        "kind": d.kind,
        "player": d.player,
        "rule": d.rule,
        "prompt": d.prompt,
        "data": encode(d.data),
        "id": encode(d.id),
    }


def game_to_json(g: Game, log: bool = True) -> dict[str, Any]:
    """The whole game as JSON-ready data (see the module docstring); ``log=False``
    leaves the log out (to compare two states without encoding their logs)."""
    data = {
        "format": FORMAT,
        "token": g.token,
        "players": [{s: encode(getattr(p, s)) for s in PLAYER_FIELDS} for p in g.players],
        "objects": [_obj_to_json(o) for o in g.objects.values()],
        "battlefield": list(g.battlefield),
        "stack": list(g.stack),
        "exile": list(g.exile),
        "command": list(g.command),
        "rng": g.rng.state,
        "seed": g.seed,
        "turn": g.turn,
        "active": g.active,
        "starting_player": g.starting_player,
        "step": g.step,
        "priority_player": g.priority_player,
        "passes": g.passes,
        "tasks": [
            {"kind": t.kind, "stage": t.stage, "data": encode(t.data), "answer": encode(t.answer)}
            for t in g.tasks
        ],
        "pending": _decision_to_json(g.pending) if g.pending else None,
        "log": [
            {"kind": e.kind, "rules": list(e.rules), "text": e.text, "data": encode(e.data)}
            | {"turn": e.turn}
            for e in g.log
        ]
        if log
        else None,
        "next_id": g.next_id,
        "next_timestamp": g.next_timestamp,
        "effects": [encode(e.to_json()) for e in g.effects],
        "pending_triggers": encode(g.pending_triggers),
        "delayed_triggers": encode(g.delayed_triggers),
        "extra_turns": list(g.extra_turns),
        "extra_after": g.extra_after,
        "day_night": g.day_night,
        "teams": g.teams,
        "combat": None
        if g.combat is None
        else {
            "attackers": encode(g.combat.attackers),
            "blockers": encode(g.combat.blockers),
            "blocked": encode(g.combat.blocked),
            "first_strike_dealt": sorted(g.combat.first_strike_dealt),
            "defending_player": g.combat.defending_player,
            "left_blocking": encode(g.combat.left_blocking),
        },
        "outcome": None
        if g.outcome is None
        else {
            "winner": g.outcome.winner,
            "reason": g.outcome.reason.name,
            "rule": g.outcome.rule,
        },
        "uid_to_obj": encode(g.uid_to_obj),
        "decisions_made": g.decisions_made,
        "turn_flags": encode(g.turn_flags),
    }
    if not log:
        del data["log"]
    return data


_TOP_LEVEL: dict[str, type | tuple[type, ...]] = {
    "token": str,
    "players": list,
    "objects": list,
    "battlefield": list,
    "stack": list,
    "exile": list,
    "command": list,
    "rng": int,
    "seed": int,
    "turn": int,
    "active": int,
    "starting_player": int,
    "step": int,
    "priority_player": int,
    "passes": int,
    "tasks": list,
    "pending": (dict, type(None)),
    "log": list,
    "next_id": int,
    "next_timestamp": int,
    "effects": list,
    "pending_triggers": (dict, list),
    "delayed_triggers": (dict, list),
    "combat": (dict, type(None)),
    "outcome": (dict, type(None)),
    "uid_to_obj": dict,
    "decisions_made": int,
    "turn_flags": dict,
}


def _need_keys(d: Any, keys: Any, what: str) -> None:
    if not isinstance(d, dict):
        raise GameFormatError(f"{what} must be a mapping, not {type(d).__name__}")
    missing = [k for k in keys if k not in d]
    if missing:
        raise GameFormatError(f"{what} is missing {', '.join(map(repr, missing))}")


def game_from_json(d: Any, cls: type[Game]) -> Game:
    """The game ``game_to_json`` saved, a ``cls`` (:class:`~.state.Game`);
    :class:`GameFormatError` names what's wrong with data that isn't one, and
    nothing of it is half-loaded."""
    if not isinstance(d, dict):
        raise GameFormatError(f"a saved game is a JSON object, not {type(d).__name__}")
    if d.get("format") != FORMAT:
        raise GameFormatError(f"unsupported game format {d.get('format')!r} (expected {FORMAT})")
    _need_keys(d, _TOP_LEVEL, "the saved game")
    for key, types in _TOP_LEVEL.items():
        if not isinstance(d[key], types) or isinstance(d[key], bool):
            raise GameFormatError(f"the saved game's {key!r} has the wrong type: {d[key]!r:.80}")
    try:
        g = _load(d, cls)
        problems = zone_problems(g)
    except GameFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise GameFormatError(f"inconsistent game data: {type(e).__name__}: {e}") from None
    if problems:
        raise GameFormatError(f"inconsistent game data: {'; '.join(problems[:3])}")
    return g


def _load(d: dict[str, Any], cls: type[Game]) -> Game:
    g = cls.__new__(cls)
    g.players = []
    for pd in d["players"]:
        _need_keys(pd, PLAYER_FIELDS, "a player")
        p = Player.__new__(Player)
        for s in PLAYER_FIELDS:
            setattr(p, s, decode(pd[s]))
        g.players.append(p)
    g.objects = {}
    for od in d["objects"]:
        o = _obj_from_json(od)
        g.objects[o.id] = o
    g.battlefield = list(d["battlefield"])
    g.stack = list(d["stack"])
    g.exile = list(d["exile"])
    g.command = list(d["command"])
    g.rng = Rng(0)
    g.rng.state = d["rng"]
    g.seed = d["seed"]
    g.token = d["token"]
    g.turn = d["turn"]
    g.active = d["active"]
    g.starting_player = d["starting_player"]
    g.step = d["step"]
    g.priority_player = d["priority_player"]
    g.passes = d["passes"]
    g.tasks = []
    for td in d["tasks"]:
        _need_keys(td, ("kind", "stage", "data", "answer"), "a task")
        data = decode(td["data"])
        if not isinstance(td["kind"], str) or not isinstance(data, dict):
            raise GameFormatError(f"a task needs a kind and a data mapping: {td!r:.80}")
        t = Task(td["kind"], data, td["stage"])
        t.answer = decode(td["answer"])
        g.tasks.append(t)
    pj = d["pending"]
    if pj is not None:
        _need_keys(pj, ("kind", "player", "rule", "prompt", "data", "id"), "the pending decision")
        ident = decode(pj["id"])
        data = decode(pj["data"])
        if not isinstance(ident, DecisionId | None) or not isinstance(data, dict):
            raise GameFormatError("the pending decision's id or data has the wrong type")
        try:
            dkind = DecisionKind(pj["kind"])
        except ValueError:
            raise GameFormatError(f"unknown decision kind {pj['kind']!r}") from None
        g.pending = Decision(dkind, pj["player"], pj["rule"], pj["prompt"], data, ident)
    else:
        g.pending = None
    g.log = []
    for e in d["log"]:
        _need_keys(e, ("kind", "rules", "text", "data", "turn"), "a log event")
        try:
            kind = EventKind(e["kind"])
        except ValueError:
            raise GameFormatError(f"unknown event kind {e['kind']!r}") from None
        g.log.append(Event(kind, tuple(e["rules"]), e["text"], decode(e["data"]), e["turn"]))
    g.next_id = d["next_id"]
    g.next_timestamp = d["next_timestamp"]
    g.effects = []
    for ej in d["effects"]:
        e = decode(ej)
        _need_keys(e, CONTINUOUS_EFFECT_FIELDS, "a continuous effect")
        g.effects.append(
            ContinuousEffect(
                e["layer"],
                e["timestamp"],
                e["source"],
                e["controller"],
                tuple(e["affected"]),
                e["op"],
                e["args"],
                e["duration"],
            )
        )
    g.pending_triggers = decode(d["pending_triggers"])
    g.delayed_triggers = decode(d["delayed_triggers"])
    g.extra_turns = [int(p) for p in d.get("extra_turns", ())]  # (saved before extra turns)
    after = d.get("extra_after")  # (saved before the order after another player's extra turn)
    g.extra_after = int(after) if after is not None else None
    day_night = d.get("day_night")  # (saved before day and night: neither, CR 730.1)
    if day_night not in (None, "day", "night"):
        raise GameFormatError(f"day_night must be null, 'day' or 'night', not {day_night!r}")
    g.day_night = day_night
    teams = d.get("teams")  # (saved before teams: none, CR 102.3)
    if teams is not None and (
        not isinstance(teams, list) or [type(t) for t in teams] != [int] * len(g.players)
    ):
        raise GameFormatError(f"teams must be null or one integer per player, not {teams!r}")
    g.teams = teams
    if d["combat"] is None:
        g.combat = None
    else:
        cd = d["combat"]
        _need_keys(cd, [k for k in COMBAT_FIELDS if k != "left_blocking"], "the combat")
        c = Combat()
        c.attackers = decode(cd["attackers"])
        c.blockers = decode(cd["blockers"])
        c.blocked = decode(cd["blocked"])
        c.first_strike_dealt = set(cd["first_strike_dealt"])
        c.defending_player = cd["defending_player"]
        c.left_blocking = decode(cd.get("left_blocking", {}))  # (absent in older saves)
        g.combat = c
    od = d["outcome"]
    if od is None:
        g.outcome = None
    else:
        _need_keys(od, ("winner", "reason", "rule"), "the outcome")
        if od["reason"] not in OutcomeReason.__members__:
            raise GameFormatError(f"unknown outcome reason {od['reason']!r}")
        g.outcome = Outcome(od["winner"], OutcomeReason[od["reason"]], od["rule"])
    g.uid_to_obj = decode(d["uid_to_obj"])
    g.decisions_made = d["decisions_made"]
    flags = decode(d["turn_flags"])
    if not isinstance(flags, TurnFlags):
        raise GameFormatError(f"the saved game's turn flags aren't a record: {flags!r:.80}")
    g.turn_flags = flags
    g._chars = {}
    g._perm = {}
    g._perm_stray = []
    g._frames = []
    g._provisional = {}
    g._computed_meanwhile = []
    g._printed = {}
    g._objs = {}
    g._options = None
    g.version = 0
    g._could_act = {}
    g._seen = {}
    return g
