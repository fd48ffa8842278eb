"""Checking a scenario's ``expect`` against the game where the run stopped.

Every listed expectation is checked (the one-line report shows the first
unmet one; ``--json`` lists all). Values are read after all continuous
effects (CR 613) through :func:`mtg_engine.rules.characteristics.chars`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game.objects import GameObject, Zone
from ..game.state import Game, Step
from ..rules.characteristics import chars
from ..rules.dungeons import dungeon_view
from .names import norm
from .refs import Refs, name_matches
from .result import Failure, mismatch


class Checker:
    """Evaluates expectations for one finished run."""

    def __init__(self, game: Game, refs: Refs) -> None:
        self.game = game
        self.refs = refs

    def check(self, expect: list[tuple[str, Any]], prefix: str = "") -> list[Failure]:
        out: list[Failure] = []
        base = f"{prefix}.expect" if prefix else "expect"
        for key, value in expect:
            handler: Callable[[Any, str], list[Failure]] = getattr(self, f"_check_{key}")
            out.extend(handler(value, f"{base}.{key}"))
        return out

    # -- players and the game ---------------------------------------------------

    def _player(self, name: str) -> int:
        return self.refs.player_names.index(name)

    def _check_life(self, value: dict[str, int], path: str) -> list[Failure]:
        g = self.game
        return [
            mismatch(f"{path}.{p}", n, g.players[self._player(p)].life)
            for p, n in value.items()
            if g.players[self._player(p)].life != n
        ]

    def _check_poison(self, value: dict[str, int], path: str) -> list[Failure]:
        g = self.game
        return [
            mismatch(f"{path}.{p}", n, g.players[self._player(p)].poison)
            for p, n in value.items()
            if g.players[self._player(p)].poison != n
        ]

    def _check_speed(self, value: dict[str, int], path: str) -> list[Failure]:
        """CR 702.179f: a player with no speed has speed 0 for this check."""
        g = self.game
        return [
            mismatch(f"{path}.{p}", n, g.players[self._player(p)].speed or 0)
            for p, n in value.items()
            if (g.players[self._player(p)].speed or 0) != n
        ]

    def _check_winner(self, value: str | list[str], path: str) -> list[Failure]:
        o = self.game.outcome
        actual: str | list[str]
        if o is None:
            actual = "the game is not over"
        elif o.winner is None:
            actual = "draw"
        elif isinstance(value, list) or self.game.teams is not None:
            # CR 810.8a: a team wins together, named by its players
            team = [o.winner, *self.game.teammates(o.winner)]
            actual = [self.refs.player_names[q] for q in sorted(team)]
            if isinstance(value, list):
                return [] if sorted(actual) == sorted(value) else [mismatch(path, value, actual)]
            return [] if value in actual else [mismatch(path, value, actual)]
        else:
            actual = self.refs.player_names[o.winner]
        return [] if actual == value else [mismatch(path, value, actual)]

    def _check_monarch(self, value: str, path: str) -> list[Failure]:
        """CR 724.1: the player who is the monarch, ``none`` when no one is."""
        who = [p.name for p in self.game.players if p.monarch]
        actual = who[0] if len(who) == 1 else ("none" if not who else ", ".join(who))
        return [] if actual == value else [mismatch(path, value, actual)]

    def _check_initiative(self, value: str, path: str) -> list[Failure]:
        """CR 725.1: the player who has the initiative, ``none`` when no one does."""
        who = [p.name for p in self.game.players if p.initiative]
        actual = who[0] if len(who) == 1 else ("none" if not who else ", ".join(who))
        return [] if actual == value else [mismatch(path, value, actual)]

    def _check_dungeon(self, value: dict[str, str], path: str) -> list[Failure]:
        """CR 309.4: each player's dungeon card in the command zone and the room their
        venture marker is on, as "Dungeon: Room"; ``none`` when they have none."""
        out = []
        for p, want in value.items():
            got = dungeon_view(self.game, self._player(p))
            actual = "none" if got is None else f"{got['name']}: {got['room_name']}"
            if actual != want:
                out.append(mismatch(f"{path}.{p}", want, actual))
        return out

    def _check_dungeons_completed(self, value: dict[str, int], path: str) -> list[Failure]:
        """CR 309.7: how many dungeons each player completed."""
        g = self.game
        return [
            mismatch(f"{path}.{p}", n, len(g.players[self._player(p)].dungeons_completed))
            for p, n in value.items()
            if len(g.players[self._player(p)].dungeons_completed) != n
        ]

    def _check_left_game(self, value: list[str], path: str) -> list[Failure]:
        """CR 800.4, 104.3: exactly these players have lost or left the game."""
        actual = [p.name for p in self.game.players if p.has_lost]
        if sorted(actual) == sorted(value):
            return []
        return [mismatch(path, value, actual)]

    def _check_turn(self, value: int, path: str) -> list[Failure]:
        return [] if self.game.turn == value else [mismatch(path, value, self.game.turn)]

    def _check_step(self, value: str, path: str) -> list[Failure]:
        actual = Step.NAMES[self.game.step]
        return [] if actual == value else [mismatch(path, value, actual)]

    # -- the log ----------------------------------------------------------------

    def _check_log_cites(self, value: list[str], path: str) -> list[Failure]:
        cited = {r for ev in self.game.log for r in ev.rules}
        out = []
        for rule in value:
            if not any(_cites(c, rule) for c in cited):
                shown = sorted(cited)
                out.append(
                    Failure(
                        path,
                        rule,
                        shown,
                        f"{path}: rule {rule} is not cited in the log "
                        f"(cited: {', '.join(shown[:40])}{' ...' if len(shown) > 40 else ''})",
                    )
                )
        return out

    def _check_log_contains(self, value: list[str], path: str) -> list[Failure]:
        lines = [str(ev) for ev in self.game.log]
        return [
            Failure(path, text, None, f"{path}: no log line contains {text!r}")
            for text in value
            if not any(text in line for line in lines)
        ]

    # -- zones ------------------------------------------------------------------

    def zone_objects(self, key: str) -> list[int]:
        """The objects a zone key names, in order (library and stack: top first)."""
        g = self.game
        if "." in key:
            pname, zone = key.rsplit(".", 1)
            p = self._player(pname)
        else:
            p, zone = None, key
        z = Zone.BY_NAME[zone]
        if z in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD):
            assert p is not None
            ids = list(g.zone_list(z, p))
            return ids[::-1] if z == Zone.LIBRARY else ids
        ids = list(g.zone_list(z, 0))
        if z == Zone.STACK:
            ids.reverse()
        if p is None:
            return ids
        if z in (Zone.BATTLEFIELD, Zone.STACK):
            return [i for i in ids if g.objects[i].controller == p]
        return [i for i in ids if g.objects[i].owner == p]

    def _check_zones(self, value: dict[str, list[str]], path: str) -> list[Failure]:
        out = []
        for key, expected in value.items():
            ids = self.zone_objects(key)
            ordered = key.endswith("library")
            if not self._same(expected, ids, ordered):
                out.append(mismatch(f"{path}.{key}", expected, self._names(ids)))
        return out

    def _check_counts(self, value: dict[str, int], path: str) -> list[Failure]:
        out = []
        for key, n in value.items():
            actual = len(self.zone_objects(key))
            if actual != n:
                out.append(mismatch(f"{path}.{key}", n, actual))
        return out

    def _check_stack(self, value: list[str], path: str) -> list[Failure]:
        ids = self.zone_objects("stack")
        return [] if self._same(value, ids, True) else [mismatch(path, value, self._names(ids))]

    def _names(self, ids: list[int]) -> list[str]:
        return [self.game.objects[i].name for i in ids]

    def _matches(self, ref: str, oid: int) -> bool:
        if ref in self.refs.labels:
            return self.refs.label_object(self.game, ref) == oid
        return name_matches(self.game, self.game.objects[oid], norm(ref))

    def _same(self, expected: list[str], ids: list[int], ordered: bool) -> bool:
        if len(expected) != len(ids):
            return False
        if ordered:
            return all(self._matches(r, i) for r, i in zip(expected, ids, strict=True))
        return _perfect_matching(
            [[j for j, oid in enumerate(ids) if self._matches(r, oid)] for r in expected], len(ids)
        )

    # -- objects ----------------------------------------------------------------

    def find_object(self, ref: str) -> int | None:
        if ref in self.refs.labels:
            return self.refs.label_object(self.game, ref)
        return self.refs.resolve(self.game, ref, 0)

    def _check_objects(self, value: dict[str, dict[str, Any]], path: str) -> list[Failure]:
        out: list[Failure] = []
        for ref, props in value.items():
            opath = f"{path}.{ref}"
            oid = self.find_object(ref)
            if oid is None:
                gone = "it no longer exists" if ref in self.refs.labels else f"there is no {ref}"
                for key, expected in props.items():
                    out.append(mismatch(f"{opath}.{key}", expected, gone))
                continue
            out.extend(self._compare(self.game.objects[oid], props, opath))
        return out

    def _compare(self, o: GameObject, props: dict[str, Any], path: str) -> list[Failure]:
        """A failure for each listed property that differs from the object's value."""
        out = []
        for key, expected in props.items():
            actual = self._property(o, key)
            if key == "attached_to":
                ok = self.equal_attached(expected, actual)
            else:
                ok = _equal(key, expected, actual)
            if not ok:
                out.append(mismatch(f"{path}.{key}", expected, _shown(key, actual)))
        return out

    def _check_battlefield(self, value: list[dict[str, Any]], path: str) -> list[Failure]:
        """Permanents by name (and controller): tokens and copies made during the run."""
        g = self.game
        out: list[Failure] = []
        for i, entry in enumerate(value):
            epath = f"{path}[{i}]"
            props: dict[str, Any] = dict(entry["props"])
            controller = props.pop("controller", None)
            name = norm(entry["name"])
            found = [
                g.objects[oid]
                for oid in g.battlefield
                if norm(chars(g, g.objects[oid]).name) == name
                and (
                    controller is None
                    or self.refs.player_names[g.objects[oid].controller] == controller
                )
            ]
            count = entry.get("count")
            whose = f" controlled by {controller}" if controller is not None else ""
            if count is not None and len(found) != count:
                out.append(
                    Failure(
                        f"{epath}.count",
                        count,
                        len(found),
                        f"{epath}: expected {count} {entry['name']}{whose} on the battlefield, "
                        f"got {len(found)}",
                    )
                )
                continue
            if count is None and not found:
                out.append(
                    Failure(
                        epath,
                        "at least one",
                        0,
                        f"{epath}: expected a {entry['name']}{whose} on the battlefield, got none",
                    )
                )
                continue
            token = entry.get("token")
            for o in found:
                if token is not None and o.is_token != token:
                    out.append(mismatch(f"{epath}.token", token, o.is_token))
                out.extend(self._compare(o, props, epath))
        return out

    def _property(self, o: GameObject, key: str) -> Any:
        g = self.game
        c = chars(g, o)
        if key in ("power", "toughness", "loyalty"):
            return getattr(c, key)
        if key in ("tapped", "damage", "face_down", "phased_out"):
            return getattr(o, key)
        if key == "counters":
            return {k: n for k, n in o.counters.items() if n}
        if key == "controller":
            return self.refs.player_names[o.controller]
        if key == "owner":
            return self.refs.player_names[o.owner]
        if key == "zone":
            return Zone.NAMES[o.zone]
        if key == "name":
            return c.name
        if key in ("types", "subtypes", "supertypes", "colors"):
            return sorted(getattr(c, key))
        if key == "abilities":
            return sorted(c.keywords), [a.text for a in c.abilities]
        if key == "attached_to":
            if o.attached_to is not None:
                target = g.objects.get(o.attached_to)
                return (
                    "object",
                    o.attached_to,
                    self.refs.describe(g, o.attached_to) if target else "",
                )
            if o.chosen and o.chosen.get("attached_player") is not None:
                p = int(o.chosen["attached_player"])
                return ("player", p, self.refs.player_names[p])
            return ("none", None, "")
        raise KeyError(key)

    def equal_attached(self, expected: str, actual: tuple[str, Any, str]) -> bool:
        kind, value, _shown_name = actual
        if expected == "":
            return kind == "none"
        if kind == "player":
            return expected in self.refs.player_names and self._player(expected) == value
        if kind == "object":
            return self._matches(expected, value) if value in self.game.objects else False
        return False


def _cites(citation: str, rule: str) -> bool:
    """A citation ``704.5g`` cites ``704.5g`` and its parents ``704.5`` and ``704``."""
    if citation == rule:
        return True
    return citation.startswith(rule) and not citation[len(rule)].isdigit()


def _perfect_matching(options: list[list[int]], n: int) -> bool:
    """Whether each expected item can take a distinct actual object (small bipartite match)."""
    owner: list[int | None] = [None] * n

    def place(i: int, seen: set[int]) -> bool:
        for j in options[i]:
            if j in seen:
                continue
            seen.add(j)
            if owner[j] is None or place(owner[j], seen):  # type: ignore[arg-type]
                owner[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(options)))


def _equal(key: str, expected: Any, actual: Any) -> bool:
    if key in ("types", "subtypes", "supertypes", "colors"):
        return {norm(x) for x in expected} == {norm(x) for x in actual}
    if key == "abilities":
        keywords, texts = actual
        have = {norm(k) for k in keywords} | {norm(t) for t in texts}
        return all(norm(x) in have for x in expected)
    if key == "name":
        return norm(expected) == norm(actual) if expected or actual else True
    if key == "counters":
        return {k: n for k, n in expected.items() if n} == actual
    return expected == actual


def _shown(key: str, actual: Any) -> Any:
    if key == "abilities":
        return actual[0]
    if key == "attached_to":
        return actual[2] or None
    return actual
