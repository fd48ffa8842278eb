"""JSON round-trip of a whole game (architecture §2): save, load, replay, network.

Cards are stored by name (tokens by their characteristics) and rebuilt from
the card database; abilities on the stack or pending, and any other record,
are stored structurally (class name and fields, only classes of this package
are loaded back), so the JSON is deterministic and readable. ``Game.from_json(g.to_json())``
gives a game that continues exactly like ``g``.
"""

from __future__ import annotations

import importlib
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from .actions import Decision
from .events import Event
from .hooks import PROCEDURES
from .objects import CardDef, GameObject, Player
from .rng import Rng
from .state import Combat, ContinuousEffect, Game, Outcome
from .tasks import Task

FORMAT = 1


def _card_ref(card: CardDef) -> Any:
    if card.token_spec is not None:
        return {"token": card.token_spec}
    return card.name


def _card_from(ref: Any) -> CardDef:
    # the card file is above the game layer: the wiring supplies the lookup
    return PROCEDURES.card_from_ref(ref)


def encode(v: Any) -> Any:
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, list):
        return [encode(x) for x in v]
    if isinstance(v, tuple):
        return {"__tuple__": [encode(x) for x in v]}
    if isinstance(v, set | frozenset):
        return {"__set__": sorted(encode(x) for x in v)}
    if isinstance(v, dict):
        if all(isinstance(k, str) for k in v):
            return {"__dict__": {k: encode(x) for k, x in v.items()}}
        return {"__items__": [[encode(k), encode(x)] for k, x in v.items()]}
    if isinstance(v, Enum):
        return {"__enum__": f"{type(v).__module__}:{type(v).__qualname__}", "v": v.value}
    if is_dataclass(v) and not isinstance(v, type):
        # abilities, filters, effects, actions: a structural, deterministic encoding
        return {
            "__dc__": f"{type(v).__module__}:{type(v).__qualname__}",
            "f": {f.name: encode(getattr(v, f.name)) for f in fields(v)},
        }
    raise TypeError(f"can't serialize {type(v).__name__} in a game state")


def _class(path: str) -> Any:
    """A record class by ``module:qualname``, only from this package."""
    module, _, name = path.partition(":")
    if not module.startswith("mtg_engine."):
        raise ValueError(f"refusing to load {path!r} from a game file")
    obj: Any = importlib.import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def decode(v: Any) -> Any:
    if isinstance(v, list):
        return [decode(x) for x in v]
    if isinstance(v, dict):
        if "__tuple__" in v:
            return tuple(decode(x) for x in v["__tuple__"])
        if "__set__" in v:
            return set(decode(x) for x in v["__set__"])
        if "__dict__" in v:
            return {k: decode(x) for k, x in v["__dict__"].items()}
        if "__items__" in v:
            return {decode(k): decode(x) for k, x in v["__items__"]}
        if "__enum__" in v:
            return _class(v["__enum__"])(v["v"])
        if "__dc__" in v:
            return _class(v["__dc__"])(**{k: decode(x) for k, x in v["f"].items()})
    return v


def _obj_to_json(o: GameObject) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for s in GameObject.__slots__:
        if s == "card":
            d["card"] = _card_ref(o.card)
        else:
            d[s] = encode(getattr(o, s))
    return d


def _obj_from_json(d: dict[str, Any]) -> GameObject:
    o = GameObject.__new__(GameObject)
    for s in GameObject.__slots__:
        if s == "card":
            o.card = _card_from(d["card"])
        else:
            setattr(o, s, decode(d[s]))
    return o


def game_to_json(g: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "players": [{s: encode(getattr(p, s)) for s in Player.__slots__} for p in g.players],
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
        "pending": encode(g.pending.to_json()) if g.pending else None,
        "pending_data": encode(g.pending.data) if g.pending else None,
        "log": [e.to_json() for e in g.log],
        "next_id": g.next_id,
        "next_timestamp": g.next_timestamp,
        "effects": [encode(e.to_json()) for e in g.effects],
        "pending_triggers": encode(g.pending_triggers),
        "delayed_triggers": encode(g.delayed_triggers),
        "combat": None
        if g.combat is None
        else {
            "attackers": encode(g.combat.attackers),
            "blockers": encode(g.combat.blockers),
            "blocked": encode(g.combat.blocked),
            "first_strike_dealt": sorted(g.combat.first_strike_dealt),
            "defending_player": g.combat.defending_player,
        },
        "outcome": None
        if g.outcome is None
        else {"winner": g.outcome.winner, "reason": g.outcome.reason, "rule": g.outcome.rule},
        "uid_to_obj": encode(g.uid_to_obj),
        "decisions_made": g.decisions_made,
        "turn_flags": encode(g.turn_flags),
    }


def game_from_json(d: dict[str, Any]) -> Game:
    if d.get("format") != FORMAT:
        raise ValueError(f"unsupported game format {d.get('format')!r} (expected {FORMAT})")
    g = Game.__new__(Game)
    g.players = []
    for pd in d["players"]:
        p = Player.__new__(Player)
        for s in Player.__slots__:
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
    g.turn = d["turn"]
    g.active = d["active"]
    g.starting_player = d["starting_player"]
    g.step = d["step"]
    g.priority_player = d["priority_player"]
    g.passes = d["passes"]
    g.tasks = []
    for td in d["tasks"]:
        t = Task(td["kind"], decode(td["data"]), td["stage"])
        t.answer = decode(td["answer"])
        g.tasks.append(t)
    if d["pending"]:
        pj = decode(d["pending"])
        g.pending = Decision(
            pj["kind"], pj["player"], pj["rule"], pj["prompt"], decode(d["pending_data"])
        )
    else:
        g.pending = None
    g.log = [Event.from_json(e) for e in d["log"]]
    g.next_id = d["next_id"]
    g.next_timestamp = d["next_timestamp"]
    g.effects = []
    for ej in d["effects"]:
        e = decode(ej)
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
    if d["combat"] is None:
        g.combat = None
    else:
        c = Combat()
        c.attackers = decode(d["combat"]["attackers"])
        c.blockers = decode(d["combat"]["blockers"])
        c.blocked = decode(d["combat"]["blocked"])
        c.first_strike_dealt = set(d["combat"]["first_strike_dealt"])
        c.defending_player = d["combat"]["defending_player"]
        g.combat = c
    g.outcome = None if d["outcome"] is None else Outcome(**d["outcome"])
    g.uid_to_obj = decode(d["uid_to_obj"])
    g.decisions_made = d["decisions_made"]
    g.turn_flags = decode(d["turn_flags"])
    g._chars = {}
    g._options = None
    return g
