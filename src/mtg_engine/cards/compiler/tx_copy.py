"""Transformer rules for the exceptions of copy effects (CR 707.9).

``copy_except`` turns ", except it's 7/7", ", except it's an enchantment in
addition to its other types", ", except it doesn't copy that creature's color
and it has this ability", ", except that the copy is red" ... into the
exceptions dict that :mod:`mtg_engine.rules.copy` applies while copying
(``Effect.args["except"]`` of ``enters_as_copy``, ``become``, ``copy_spell``
and ``copy_permanent``). Clauses after "and, if it's a creature," go under
``"if_creature"`` (CR 707.9f).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from ..abilities import Ability, Amount
from .filters import NounWord, card_type, subtype
from .tx_common import CompileError, _pt_value

#: supertypes an exception may add (CR 205.4a)
_SUPERTYPES = {"legendary": "Legendary", "snow": "Snow", "basic": "Basic"}


class CopyRules:
    """Transformer rules for copy exceptions (CR 707.9)."""

    def copy_except(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        out: dict[str, Any] = {}
        target = out
        for x in c:
            if isinstance(x, Token):
                continue
            if x == "if_creature":
                target = out.setdefault("if_creature", {})
                continue
            if x is None:
                continue
            pairs = x[1] if x[0] == "multi" else [x]
            for key, value in pairs:
                _put(target, key, value)
        return ("except", exceptions_of(out))

    def exc_is(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        # "it's a 1/1 black Zombie", "it's an enchantment in addition to its other
        # types", "it's 7/7" (CR 707.9b)
        add = next((x for x in c if x in ("add", "add_colors")), None)
        pairs: list[tuple[str, Any]] = []
        words: list[Any] = []
        for x in c:
            if isinstance(x, dict):
                if "pt" in x:
                    pairs.append(("pt", x["pt"]))
                if "colors" in x:
                    pairs.append(("add_colors" if add == "add_colors" else "colors", x["colors"]))
                words.extend(x.get("words", ()))
            elif isinstance(x, list):
                words.extend(x)
        if words:
            pairs.append(("types" if add else "set_types", tuple(words)))
        if not pairs:
            raise CompileError("empty copy exception")
        return ("multi", pairs)

    def exc_set(self, c: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"words": []}
        for x in c:
            if isinstance(x, Token) and x.type == "PT":
                p, t = str(x).split("/")
                power, toughness = _pt_value(p), _pt_value(t)
                if not isinstance(power, int) or not isinstance(toughness, int):
                    raise CompileError("copy exception with a variable power/toughness")
                out["pt"] = (power, toughness)
            elif isinstance(x, tuple) and x and x[0] == "colors":
                if not x[1]:
                    raise CompileError("colorless copy exception")
                out["colors"] = tuple(x[1])
            elif isinstance(x, (NounWord, tuple)):
                out["words"].append(x)
        return out

    def exc_add(self, c: list[Any]) -> str:
        return "add"

    def exc_add_colors(self, c: list[Any]) -> str:
        return "add_colors"

    def exc_keywords_and_abilities(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        kws = next(x for x in c if isinstance(x, list))
        quoted = next(x for x in c if isinstance(x, tuple) and x and isinstance(x[0], Ability))
        return ("multi", [self.exc_keywords([kws]), ("abilities", tuple(quoted))])

    def exc_and(self, c: list[Any]) -> None:
        return None

    def exc_and_if_type(self, c: list[Any]) -> str:
        kind = card_type(str(c[-1]))
        if kind != "Creature":
            raise CompileError(f"copy exception conditional on {kind}")
        return "if_creature"

    def exc_type_words(self, c: list[Any]) -> list[Any]:
        return [x for x in c if isinstance(x, (NounWord, tuple))]

    def exc_type_word(self, c: list[Any]) -> Any:
        tok = c[0]
        word = str(tok)
        if word in _SUPERTYPES:
            return ("supertype", _SUPERTYPES[word])
        if isinstance(tok, Token) and tok.type == "CARD_TYPE":
            return NounWord("type", card_type(word))
        return NounWord("subtype", subtype(word))

    def exc_name_self(self, c: list[Any]) -> tuple[str, Any]:
        # "except its name is Sakashima the Impostor": the copier keeps its own
        # name (CR 707.9b), read from the copying object by rules/copy.py
        return ("name_self", True)

    def exc_not_legendary(self, c: list[Any]) -> tuple[str, Any]:
        return ("remove_supertypes", ("Legendary",))

    def exc_keep_colors(self, c: list[Any]) -> tuple[str, Any]:
        return ("keep_colors", True)  # CR 707.9c

    def exc_this_ability(self, c: list[Any]) -> tuple[str, Any]:
        return ("this_ability", True)  # CR 707.9a

    def exc_abilities(self, c: list[Any]) -> tuple[str, Any]:
        abilities = next(x for x in c if isinstance(x, tuple))
        return ("abilities", tuple(abilities))  # CR 707.9a

    def exc_keywords(self, c: list[Any]) -> tuple[str, Any]:
        kws = next(x for x in c if isinstance(x, list))
        names = tuple(a.keyword for a in kws if isinstance(a, Ability) and a.keyword)
        if len(names) != len(kws):
            raise CompileError("copy exception grants a keyword with parameters")
        return ("add_keywords", names)

    def exc_counters(self, c: list[Any]) -> tuple[str, Any]:
        n, kind = next(x for x in c if isinstance(x, tuple))
        if not isinstance(n, (int, Amount)):
            raise CompileError("copy exception counters")
        return ("counters", (n, kind))  # CR 707.9e: an additional effect

    def exc_counter_count(self, c: list[Any]) -> tuple[Any, str]:
        if len(c) == 1 and isinstance(c[0], tuple):
            return c[0]
        if len(c) != 2 or not isinstance(c[1], str):
            raise CompileError("copy exception counter kind")
        return (c[0], str(c[1]))

    def exc_colors(self, c: list[Any]) -> tuple[str, Any]:
        colors = tuple(str(x) for x in c if isinstance(x, str))
        return ("colors", colors)


def _put(target: dict[str, Any], key: str, value: Any) -> None:
    if key in ("types", "set_types", "abilities", "add_keywords"):
        target[key] = tuple(target.get(key, ())) + tuple(value)
    elif key == "counters":
        counters = dict(target.get("counters") or {})
        n, kind = value
        counters[kind] = n
        target["counters"] = counters
    else:
        target[key] = value


def exceptions_of(raw: dict[str, Any]) -> dict[str, Any]:
    """Normalize the parsed clauses into :func:`mtg_engine.rules.copy.apply_exceptions`
    keys: ``"pt"`` → ``power``/``toughness``; ``"types"`` → ``add_types``,
    ``add_subtypes``, ``add_supertypes``."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "if_creature":
            out[key] = exceptions_of(value)
        elif key == "pt":
            out["power"], out["toughness"] = value
        elif key in ("types", "set_types"):
            # "in addition to its other types" adds; otherwise the new card types
            # and subtypes replace the copied ones (CR 205.1a); supertypes are added
            kind = "add" if key == "types" else "set"
            for w in value:
                if isinstance(w, tuple):
                    out["add_supertypes"] = (*out.get("add_supertypes", ()), w[1])
                elif w.kind == "type":
                    out[f"{kind}_types"] = (*out.get(f"{kind}_types", ()), w.value)
                else:
                    out[f"{kind}_subtypes"] = (*out.get(f"{kind}_subtypes", ()), w.value)
        else:
            out[key] = value
    return out
