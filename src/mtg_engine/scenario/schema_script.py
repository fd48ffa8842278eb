"""Validating the script of a scenario: ``actions``, ``until``/``at`` and ``expect``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.objects import Zone
from ..game.state import Step
from .checker import Checker, describe_value, join, what
from .model import VERBS, ActionSpec, Moment
from .yamlload import YList, YMap, line_of

if TYPE_CHECKING:
    from .schema import Book

#: the keys each verb may carry besides ``player``, the verb itself and ``at``
VERB_OPTIONS: dict[str, tuple[str, ...]] = {
    "play": ("half",),
    "cast": (
        "x",
        "targets",
        "divide",
        "modes",
        "alt",
        "face_down",
        "half",
        "tap",
        "kicker",
        "buyback",
        "entwine",
        "replicate",
        "squad",
        "offspring",
        "conspire",
        "splice",
        "convoke",
        "improvise",
        "delve",
        "sacrifice",
        "discard",
        "fuse",
        "gift",
        "harmonize",
    ),
    "activate": ("ability", "x", "targets", "divide", "modes", "tap", "sacrifice", "discard"),
    "attack": ("bands",),
    "block": (),
    "assign_damage": (),
    "choose": (),
    "order": (),
    "target": ("divide",),
    "turn_face_up": (),
    "pass": (),
    "concede": ("while_casting",),
}
#: cast/activate keys whose value is a list of cards or permanents
_REF_LISTS = ("tap", "splice", "convoke", "improvise", "delve", "sacrifice", "discard")
EXPECT_KEYS = (
    "life",
    "poison",
    "speed",
    "monarch",
    "initiative",
    "dungeon",
    "dungeons_completed",
    "zones",
    "counts",
    "objects",
    "stack",
    "winner",
    "turn",
    "step",
    "log_cites",
    "log_contains",
    "battlefield",
    "left_game",
)
OBJECT_PROPS = (
    "power",
    "toughness",
    "loyalty",
    "tapped",
    "damage",
    "counters",
    "controller",
    "owner",
    "zone",
    "face_down",
    "name",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "abilities",
    "attached_to",
    "phased_out",
)
SHARED_ZONES = ("battlefield", "stack", "exile", "command")


# ---------------------------------------------------------------------------
# Moments
# ---------------------------------------------------------------------------


def check_moment(
    ck: Checker, v: Any, path: str, line: int | None, need_step: bool = False
) -> Moment | None:
    """``{turn: 3, step: end}``; either key may be left out unless ``need_step``."""
    m = ck.mapping(v, path, line, "a mapping {turn, step}")
    if m is None:
        return None
    ck.keys(m, ("turn", "step"), path)
    turn = step = None
    if "turn" in m:
        turn = ck.integer(m["turn"], f"{path}.turn", line_of(m, "turn"), minimum=1)
    if "step" in m:
        name = ck.choice(m["step"], Step.NAMES, f"{path}.step", line_of(m, "step"), "step")
        step = Step.BY_NAME[name] if name is not None else None
    elif need_step:
        ck.error(path, "give the step ('step: end_of_combat', ...)", m.line or line)
        return None
    if "turn" not in m and "step" not in m:
        ck.error(path, "give a turn, a step, or both", m.line or line)
        return None
    return Moment(turn, step)


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------


def check_actions(ck: Checker, v: Any, line: int | None, book: Book) -> list[ActionSpec]:
    seq = ck.sequence(v, "actions", line, "a list of actions")
    out: list[ActionSpec] = []
    for i, item in enumerate(seq or []):
        a = _check_action(ck, item, i, line_of(seq, i), book)
        if a is None:
            continue
        if a.options.get("while_casting"):
            before = out[-1] if out and out[-1].index == i - 1 else None
            if (
                before is None
                or before.verb not in ("cast", "activate")
                or before.player != a.player
            ):
                ck.error(
                    f"{a.path}.while_casting",
                    "a concession while casting follows that player's 'cast' or 'activate' action",
                    line_of(seq, i),
                )
        out.append(a)
    return out


def _check_action(ck: Checker, v: Any, i: int, line: int | None, book: Book) -> ActionSpec | None:
    path = f"actions[{i}]"
    m = ck.mapping(v, path, line, "an action mapping such as {player: A, cast: Lightning Bolt}")
    if m is None:
        return None
    verbs = [k for k in m if k in VERBS]
    if len(verbs) != 1:
        found = "no verb" if not verbs else f"several verbs ({', '.join(verbs)})"
        ck.error(
            path,
            f"an action needs exactly one verb ({', '.join(VERBS)}); found {found}",
            m.line or line,
        )
        return None
    verb = verbs[0]
    ck.keys(m, ("player", verb, "at", *VERB_OPTIONS[verb]), path)
    player = m.get("player")
    if "player" not in m:
        ck.error(path, "the action has no 'player'", m.line or line)
    elif player not in book.players:
        ck.error(
            f"{path}.player",
            f"{what(player)} is not a player of this scenario (players: {', '.join(book.players)})",
            line_of(m, "player"),
        )
    a = ActionSpec(index=i, path=path, player=str(player), verb=verb, value=None, text=_flow(m))
    vline = line_of(m, verb)
    a.value = _verb_value(ck, verb, m[verb], f"{path}.{verb}", vline, book)
    for key in VERB_OPTIONS[verb]:
        if key in m:
            a.options[key] = _option_value(ck, key, m[key], f"{path}.{key}", line_of(m, key), book)
    if "at" in m:
        a.at = check_moment(ck, m["at"], f"{path}.at", line_of(m, "at"))
    return a


def _ref(
    ck: Checker, v: Any, path: str, line: int | None, book: Book, players: bool = False
) -> str | None:
    if not isinstance(v, str) or not v.strip():
        kind = "a card, id or player" if players else "a card or id"
        ck.error(path, f"expected {kind}, got {describe_value(v)}", line)
        return None
    book.ref(v, path, line, players=players)
    return v


def _ref_list(
    ck: Checker, v: Any, path: str, line: int | None, book: Book, players: bool = False
) -> list[str]:
    seq = ck.sequence(v, path, line, "a list of cards or ids", wrap_scalar=True)
    out: list[str] = []
    for i, item in enumerate(seq or []):
        r = _ref(ck, item, join(path, i), line_of(seq, i), book, players)
        if r is not None:
            out.append(r)
    return out


def _verb_value(ck: Checker, verb: str, v: Any, path: str, line: int | None, book: Book) -> Any:
    if verb in ("play", "cast", "activate", "turn_face_up"):
        return _ref(ck, v, path, line, book)
    if verb == "attack":
        m = ck.mapping(v, path, line, "a mapping of attacking creature to player or planeswalker")
        out: list[tuple[str, str]] = []
        for k, val in (m or {}).items():
            a = _ref(ck, k, path, line_of(m, k), book)
            d = _ref(ck, val, join(path, k), line_of(m, k), book, players=True)
            if a is not None and d is not None:
                out.append((a, d))
        return out
    if verb == "block":
        m = ck.mapping(v, path, line, "a mapping of blocking creature to attacker(s)")
        pairs: list[tuple[str, str]] = []
        for k, val in (m or {}).items():
            b = _ref(ck, k, path, line_of(m, k), book)
            for att in _ref_list(ck, val, join(path, k), line_of(m, k), book):
                if b is not None:
                    pairs.append((b, att))
        return pairs
    if verb == "assign_damage":
        m = ck.mapping(v, path, line, "a mapping of creature to {recipient: amount}")
        entries: list[tuple[str, list[tuple[str, int]]]] = []
        for k, val in (m or {}).items():
            src = _ref(ck, k, path, line_of(m, k), book)
            sub = ck.mapping(val, join(path, k), line_of(m, k), "a mapping of recipient to amount")
            split: list[tuple[str, int]] = []
            for r, n in (sub or {}).items():
                rr = _ref(ck, r, join(path, k), line_of(sub, r), book, players=True)
                amount = ck.integer(n, join(join(path, k), r), line_of(sub, r), minimum=0)
                if rr is not None and amount is not None:
                    split.append((rr, amount))
            if src is not None:
                entries.append((src, split))
        return entries
    if verb == "choose":
        return _choose_value(ck, v, path, line, book)
    if verb == "order":
        return _ref_list(ck, v, path, line, book)
    if verb == "target":
        return _ref_list(ck, v, path, line, book, players=True)
    if verb == "pass":
        if v is True or v is None:
            return 1
        return ck.integer(v, path, line, minimum=1) or 1
    if verb == "concede":
        if v is not True:
            ck.error(path, f"expected 'concede: true', got {describe_value(v)}", line)
        return True
    return v


def _choose_value(ck: Checker, v: Any, path: str, line: int | None, book: Book) -> Any:
    if isinstance(v, bool | int | str) and not (isinstance(v, str) and not v.strip()):
        return v
    if isinstance(v, list):
        if v and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            return list(v)
        return _ref_list(ck, v, path, line, book, players=True)
    ck.error(path, f"expected yes/no, a list of cards, or a value, got {describe_value(v)}", line)
    return None


def _option_value(ck: Checker, key: str, v: Any, path: str, line: int | None, book: Book) -> Any:
    if key == "x":
        return ck.integer(v, path, line, minimum=0)
    if key == "targets":
        return _ref_list(ck, v, path, line, book, players=True)
    if key == "divide":
        m = ck.mapping(v, path, line, "a mapping of target to amount")
        out: list[tuple[str, int]] = []
        for k, n in (m or {}).items():
            r = _ref(ck, k, path, line_of(m, k), book, players=True)
            amount = ck.integer(n, join(path, k), line_of(m, k), minimum=1)
            if r is not None and amount is not None:
                out.append((r, amount))
        return out
    if key == "modes":
        seq = ck.sequence(v, path, line, "a list of mode numbers (1-based)", wrap_scalar=True)
        modes = []
        for i, item in enumerate(seq or []):
            n = ck.integer(item, join(path, i), line_of(seq, i), minimum=1)
            if n is not None:
                modes.append(n)
        return modes
    if key == "ability":
        if isinstance(v, str) and v.strip():
            return v.strip()
        return ck.integer(v, path, line, minimum=1)
    if key in ("face_down", "buyback", "entwine", "fuse", "offspring", "conspire", "while_casting"):
        return ck.boolean(v, path, line)
    if key in ("alt", "half", "gift", "harmonize"):
        return ck.string(v, path, line)
    if key == "kicker":
        if isinstance(v, bool) or (isinstance(v, int) and v >= 0):
            return v
        if (
            isinstance(v, list)
            and v
            and all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in v)
        ):
            return list(v)
        ck.error(
            path,
            f"expected true, a number, or a list of kicker numbers, got {describe_value(v)}",
            line,
        )
        return None
    if key in ("replicate", "squad"):
        return ck.integer(v, path, line, minimum=0)
    if key == "bands":
        seq = ck.sequence(v, path, line, "a list of bands (lists of attackers)")
        return [
            _ref_list(ck, b, join(path, i), line_of(seq, i), book) for i, b in enumerate(seq or [])
        ]
    if key in _REF_LISTS:
        return _ref_list(ck, v, path, line, book)
    return v


def _flow(m: Any) -> str:
    """A one-line rendering of an action for messages: ``{player: A, cast: Shock}``."""
    if isinstance(m, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in m.items()) + "}"
    if isinstance(m, list):
        return "[" + ", ".join(_flow(v) for v in m) + "]"
    if m is True:
        return "true"
    if m is False:
        return "false"
    return str(m)


# ---------------------------------------------------------------------------
# Expectations
# ---------------------------------------------------------------------------


def check_expect(ck: Checker, v: Any, line: int | None, book: Book) -> list[tuple[str, Any]] | None:
    m = ck.mapping(v, "expect", line)
    if m is None:
        return None
    ck.keys(m, EXPECT_KEYS, "expect")
    out: list[tuple[str, Any]] = []
    for key, val in m.items():
        if key not in EXPECT_KEYS:
            continue
        path, kline = f"expect.{key}", line_of(m, key)
        got = _expect_value(ck, key, val, path, kline, book)
        if got is not None:
            out.append((key, got))
    return out


def _expect_value(ck: Checker, key: str, v: Any, path: str, line: int | None, book: Book) -> Any:
    if key in ("life", "poison", "speed", "dungeons_completed"):
        m = ck.mapping(v, path, line, "a mapping of player to number")
        out: dict[str, int] = {}
        for p, n in (m or {}).items():
            if p not in book.players:
                ck.error(join(path, p), f"{p!r} is not a player of this scenario", line_of(m, p))
                continue
            k = ck.integer(n, join(path, p), line_of(m, p))
            if k is not None:
                out[p] = k
        return out
    if key in ("zones", "counts"):
        m = ck.mapping(v, path, line, "a mapping of zone (such as B.graveyard) to cards")
        zones: dict[str, Any] = {}
        for z, val in (m or {}).items():
            zpath, zline = join(path, z), line_of(m, z)
            if not _zone_key_ok(ck, z, zpath, zline, book):
                continue
            if key == "zones":
                zones[z] = _ref_list(ck, val, zpath, zline, book)
            else:
                n = ck.integer(val, zpath, zline, minimum=0)
                if n is not None:
                    zones[z] = n
        return zones
    if key == "objects":
        m = ck.mapping(v, path, line, "a mapping of id or card to properties")
        objs: dict[str, dict[str, Any]] = {}
        for ref, props in (m or {}).items():
            opath, oline = join(path, ref), line_of(m, ref)
            if _ref(ck, ref, path, oline, book) is None:
                continue
            pm = ck.mapping(props, opath, oline, "a mapping of property to value")
            if pm is not None:
                objs[ref] = _object_props(ck, pm, opath, book)
        return objs
    if key == "stack":
        return _ref_list(ck, v, path, line, book)
    if key == "dungeon":
        # CR 309.4: each named player's dungeon and the room of their venture marker
        # ("Dungeon: Room"), or none
        dm = ck.mapping(v, path, line, "a mapping of player to 'Dungeon: Room' or none")
        rooms: dict[str, str] = {}
        for p, where in (dm or {}).items():
            if p not in book.players:
                ck.error(join(path, p), f"{p!r} is not a player of this scenario", line_of(dm, p))
            elif not isinstance(where, str):
                ck.error(
                    join(path, p),
                    f"expected 'Dungeon: Room' or none, got {describe_value(where)}",
                    line_of(dm, p),
                )
            else:
                rooms[p] = where
        return rooms
    if key == "initiative":
        # CR 725.1: who has the initiative, or none
        if v == "none" or v in book.players:
            return v
        ck.error(path, f"expected a player name or 'none', got {describe_value(v)}", line)
        return None
    if key == "monarch":
        # CR 724.1: who is the monarch, or none
        if v == "none" or v in book.players:
            return v
        ck.error(path, f"expected a player name or 'none', got {describe_value(v)}", line)
        return None
    if key == "winner":
        if v == "draw" or v in book.players:
            return v
        if book.teams and isinstance(v, list) and sorted(map(str, v)) in map(sorted, book.teams):
            return [str(p) for p in v]  # a team in Two-Headed Giant (CR 810.8a)
        ck.error(path, f"expected a player name or 'draw', got {describe_value(v)}", line)
        return None
    if key == "turn":
        return ck.integer(v, path, line, minimum=1)
    if key == "step":
        return ck.choice(v, Step.NAMES, path, line, "step")
    if key == "log_cites":
        seq = ck.sequence(v, path, line, "a list of rule numbers", wrap_scalar=True)
        cites = []
        for i, item in enumerate(seq or []):
            if (
                isinstance(item, str | int | float)
                and not isinstance(item, bool)
                and str(item).strip()
            ):
                cites.append(str(item).strip())
            else:
                ck.error(
                    join(path, i),
                    f"expected a rule number, got {describe_value(item)}",
                    line_of(seq, i),
                )
        return cites
    if key == "log_contains":
        return ck.strings(v, path, line)
    if key == "left_game":
        names = ck.strings(v, path, line) if v else []
        for i, p in enumerate(names or []):
            if p not in book.players:
                ck.error(join(path, i), f"{p!r} is not a player of this scenario", line)
        return names
    if key == "battlefield":
        return _battlefield_entries(ck, v, path, line, book)
    return None


#: the keys of an ``expect.battlefield`` entry besides the object properties
BATTLEFIELD_KEYS = ("name", "count", "token")


def _battlefield_entries(
    ck: Checker, v: Any, path: str, line: int | None, book: Book
) -> list[dict[str, Any]] | None:
    """``[{name: Soldier, controller: A, count: 2, token: true, power: 1, ...}]``."""
    seq = ck.sequence(v, path, line, "a list of {name, controller, count, ...} entries")
    if seq is None:
        return None
    out: list[dict[str, Any]] = []
    for i, item in enumerate(seq):
        ipath, iline = join(path, i), line_of(seq, i)
        m = ck.mapping(item, ipath, iline, "a mapping {name, controller, count, ...}")
        if m is None:
            continue
        if "name" not in m:
            ck.error(ipath, "give the permanents' name ('name: Soldier')", m.line or iline)
            continue
        name = ck.string(m["name"], join(ipath, "name"), line_of(m, "name"))
        if name is None:
            continue
        props = _object_props(ck, m, ipath, book, (*BATTLEFIELD_KEYS, *OBJECT_PROPS))
        props.pop("name", None)
        entry: dict[str, Any] = {"name": name, "props": props}
        if "count" in m:
            entry["count"] = ck.integer(m["count"], join(ipath, "count"), line_of(m, "count"), 0)
        if "token" in m:
            entry["token"] = ck.boolean(m["token"], join(ipath, "token"), line_of(m, "token"))
        out.append(entry)
    return out


def _zone_key_ok(ck: Checker, z: Any, path: str, line: int | None, book: Book) -> bool:
    if isinstance(z, str) and z in SHARED_ZONES:
        return True
    if isinstance(z, str) and "." in z:
        player, zone = z.rsplit(".", 1)
        if player in book.players and zone in Zone.NAMES:
            return True
    ck.error(
        path,
        f"{z!r} is not a zone: write PLAYER.ZONE (such as B.graveyard; zones: "
        f"{', '.join(Zone.NAMES)}) or one of {', '.join(SHARED_ZONES)}",
        line,
    )
    return False


def _object_props(
    ck: Checker, m: YMap, path: str, book: Book, allowed: tuple[str, ...] = OBJECT_PROPS
) -> dict[str, Any]:
    ck.keys(m, allowed, path)
    out: dict[str, Any] = {}
    val: Any
    for key, v in m.items():
        kpath, kline = join(path, key), line_of(m, key)
        if key in ("power", "toughness", "loyalty"):
            val = ck.integer(v, kpath, kline)
        elif key == "damage":
            val = ck.integer(v, kpath, kline, minimum=0)
        elif key in ("tapped", "face_down", "phased_out"):
            val = ck.boolean(v, kpath, kline)
        elif key == "counters":
            val = check_counters(ck, v, kpath, kline)
        elif key in ("controller", "owner"):
            val = v if v in book.players else None
            if val is None:
                ck.error(kpath, f"{what(v)} is not a player of this scenario", kline)
        elif key == "zone":
            val = ck.choice(v, Zone.NAMES, kpath, kline, "zone")
        elif key == "name":
            val = "" if v is None else ck.string(v, kpath, kline, allow_empty=True)
        elif key in ("types", "subtypes", "supertypes", "colors", "abilities"):
            val = (
                [] if v is None or (isinstance(v, YList) and not v) else ck.strings(v, kpath, kline)
            )
        elif key == "attached_to":
            val = "" if v is None else _ref(ck, v, kpath, kline, book, players=True)
        else:
            continue
        if val is not None:
            out[key] = val
    return out


def check_counters(ck: Checker, v: Any, path: str, line: int | None) -> dict[str, int]:
    """``{"+1/+1": 2, age: 3}``: counter kinds to non-negative numbers."""
    m = ck.mapping(v, path, line, 'a mapping of counter kind to number, such as {"+1/+1": 2}')
    out: dict[str, int] = {}
    if m is None:
        return out
    for kind, n in m.items():
        if not isinstance(kind, str) or not kind.strip():
            ck.error(path, f"a counter kind must be a string, got {kind!r}", line_of(m, kind))
            continue
        k = ck.integer(n, join(path, kind), line_of(m, kind), minimum=0)
        if k:
            out[kind.strip()] = k
    return out
