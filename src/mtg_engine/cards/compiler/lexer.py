"""A word-level lexer for the Oracle grammar.

Normalized Oracle text is a sequence of words, numbers, mana symbols and a
few punctuation marks. Each word is looked up in the grammar's own literal
terminals (so a word the grammar does not know is an ``UNKNOWN`` token and the
parse fails where it occurs, instead of being silently skipped). A few tokens
need one word of context, which a lexer can see and an LALR(1) parser cannot:

* ``IT_DEVOURED``: "it devoured" ("for each creature it devoured", CR 702.82c).
* ``LIST_COMMA`` / ``AND_LIST``: a comma or "and" between two list words
  ("artifact, creature, or land"; "flying and trample"; "{W}, {U}, or {B}"),
  as opposed to one that joins two clauses;
* ``OR_ACTIVATE``: "or" before "(to) activate" in a mana spending restriction.
* ``OR_EITHER``: "or" before "a"/"an" in one ("to cast an Elemental spell or a
  Chandra planeswalker spell").
* ``OR_ALT``: "or" starting a second alternative after a postfix ("... on it or
  suspended card");
* ``AND_FROM``: "and" before "from" ("protection from X and from Y");
* ``COUNTER_NAME``: the kind of a counter ("a stun counter", CR 122.1);
* ``COPY_EXCEPT``: ", except" opening the exceptions of a copy effect
  (CR 707.9), as opposed to a comma that joins two clauses;
* ``ACT``: put before a paragraph that is an activated ability (it has a
  colon outside quotes before its first period, CR 602.1).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

from lark import Token
from lark.lexer import Lexer, PatternStr

from .normalize import OTHER_NAME_PREFIX
from .tables import CARD_TYPES, COLORS, KEYWORDS, LAND_TYPES, NUMBER_WORDS, SUBTYPES, plural_forms

_TOKEN = re.compile(
    r"""
    (?P<SYM>\{[^}]+\})
  | \[(?P<LOYALTY>[+-]?(?:\d+|x))\]
  | (?P<PT_MOD>[+-](?:\d+|x|\*)/[+-](?:\d+|x|y|\*))
  | (?P<PT>(?:\d+|x|\*)/(?:\d+|x|\*))
  | (?P<SIGNED>[+-](?:\d+|x)\b)
  | (?P<NUMBER>\d+)
  | (?P<WORD>[a-z][a-z0-9'\-!]*[a-z0-9!]|[a-z])
  | (?P<APOS>'s\b|')
  | (?P<PUNCT>[.,:;—•"+\-/])
  | (?P<WS>\s+)
  | (?P<OTHER>.)
    """,
    re.VERBOSE,
)


def _list_words() -> tuple[frozenset[str], frozenset[str]]:
    types = {
        "artifact",
        "battle",
        "creature",
        "enchantment",
        "instant",
        "land",
        "planeswalker",
        "sorcery",
        "permanent",
        "spell",
        "card",
        "token",
        "player",
        "opponent",
        "kindred",
    }
    words: set[str] = set()
    for t in list(types) + [s.lower() for s in SUBTYPES]:
        words.add(t)
        words.update(plural_forms(t))
    words.update(COLORS)
    words.update({"colorless", "multicolored", "monocolored"})
    prev = set(words)
    nxt = set(words)
    for kw in KEYWORDS:
        parts = kw.name.lower().split()
        nxt.add(parts[0])
        prev.add(parts[-1])
    nxt.update({"protection", "hexproof", "ward"})
    # "Creatures and nonbasic lands your opponents control" (Thalia, Heretic Cathar):
    # the second noun with an adjective of its own
    nxt.add("nonbasic")
    # "Counter target spell, activated ability, or triggered ability" (Disallow)
    prev.add("ability")
    nxt.update({"activated", "triggered"})
    return frozenset(prev), frozenset(nxt)


_LIST_PREV, _LIST_NEXT = _list_words()
_KEYWORD_WORDS = frozenset(w for kw in KEYWORDS for w in kw.name.lower().split())
#: card type, subtype and color words (and their plurals): a protection quality
_TYPE_AND_COLOR_WORDS: Final = frozenset(
    {*COLORS, "colorless", "multicolored", "monocolored"}
    | {w for t in (*CARD_TYPES, *SUBTYPES) for w in (t.lower(), *plural_forms(t.lower()))}
)


def _classes() -> dict[str, str]:
    """Word → word-class token type (CR 205.2a card types, 205.3 subtypes, 105.1 colors)."""
    classes: dict[str, str] = {}
    for t in SUBTYPES:
        w = t.lower()
        if " " in w:
            continue
        for form in (w, *plural_forms(w)):
            classes[form] = "SUBTYPE"
        if not w.endswith("'s"):
            classes[w + "cycling"] = "TYPECYCLING_WORD"
    for t in LAND_TYPES:
        classes[t.lower() + "walk"] = "LANDWALK_WORD"
    for t in CARD_TYPES:
        w = t.lower()
        for form in (w, *plural_forms(w)):
            classes[form] = "CARD_TYPE"
    for c in COLORS:
        classes[c] = "COLOR_WORD"
    return classes


_CLASSES = _classes()
#: Words that begin a noun phrase after "and" ("destroy target artifact and target
#: enchantment"), as opposed to a verb ("tap target creature and put ...").
_NP_START = frozenset(
    {"target", "each", "all", "another", "up", "any", "cardname", "grantorname", "this"}
)
_SYMBOL_TYPES = {"{T}": "TAP_SYM", "{Q}": "UNTAP_SYM", "{E}": "ENERGY_SYM"}


#: the end of an alternative-cost sentence (CR 118.9)
_ALT_COST_TAIL = "rather than pay this spell's mana cost."
#: "If you control a commander, you may cast this spell without paying its mana cost."
_FREE_CAST_TAIL = "you may cast this spell without paying its mana cost."


_TOKEN_WORDS = frozenset({"token", "tokens"})
_TOKEN_COUNT_WORDS = frozenset({"a", "an", "x", *NUMBER_WORDS})


def _searching_for(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the word at ``raw[i]`` follows "search ... for" in the same sentence
    ("search your library for a basic land card or a Desert card", CR 701.23a)."""
    seen_for = False
    for j in range(i - 1, -1, -1):
        w = raw[j][1]
        if w in (".", ",", ":"):
            return False
        if w == "for":
            seen_for = True
        elif w in ("search", "searches"):
            return seen_for
    return False


def _sacrifice_cost(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the word at ``raw[i]`` is in a cost item "Sacrifice ..." of an activated
    ability ("Sacrifice another creature or an artifact: ...", CR 602.1a): the item
    begins with "sacrifice" and the cost's colon comes before the sentence ends."""
    j = i - 1
    while j >= 0 and raw[j][1] not in (".", ",", ":", '"'):
        j -= 1
    if j + 1 >= i or raw[j + 1][1] != "sacrifice":
        return False
    for k in range(i + 1, len(raw)):
        w = raw[k][1]
        if w == ":":
            return True
        if w in (".", '"', ","):
            return False
    return False


def _between_tokens(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the comma at ``i`` separates two tokens one "create" instruction makes
    ("create a 1/1 white Cat creature token with lifelink, a 1/1 white Bird creature
    token with flying, and a 2/4 white Ox creature token"; CR 111.1): the words since
    the "create" name a token, and the words after it (past an "and") name another
    one before the sentence or the next comma ends."""
    j = i - 1
    while j >= 0 and raw[j][1] not in (".", '"') and raw[j][1] not in ("create", "creates"):
        j -= 1
    if j < 0 or raw[j][1] not in ("create", "creates"):
        return False
    if not any(w in _TOKEN_WORDS for _, w, _ in raw[j + 1 : i]):
        return False
    k = i + 1
    if k < len(raw) and raw[k][1] == "and":
        k += 1
    if k >= len(raw) or not (raw[k][1] in _TOKEN_COUNT_WORDS or raw[k][1].isdigit()):
        return False
    for _, w, _ in raw[k + 1 :]:
        if w in _TOKEN_WORDS:
            return True
        if w in (",", ".", '"', "then"):
            return False
    return False


def _ends_trigger(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the comma at ``i`` ends a trigger condition rather than joining a list:
    "Whenever you cast a noncreature spell, creatures you control get +1/+1" (the
    word after the comma starts the effect: no list goes on after it), but not
    "Whenever you cast an artifact, creature, or enchantment spell, ..." (CR 603.1).
    After "At the beginning of <step>" the first comma always ends the condition (no
    step is named in a list): "At the beginning of your upkeep, double the number of
    ..." (CR 603.2b)."""
    if not raw or any(v == "," for _, v, _ in raw[:i]):
        return False
    if raw[0][1] == "at" and len(raw) > 2 and raw[2][1] == "beginning":
        return True
    if raw[0][1] not in ("when", "whenever"):
        return False
    after = raw[i + 2][1] if i + 2 < len(raw) else ""
    return after not in (",", "or", "and")


def _comma_out_of_quote(
    raw: list[tuple[str, str, int]], lits: dict[str, str]
) -> list[tuple[str, str, int]]:
    """'gets +1/+1, has "Whenever this creature attacks, you gain 1 life," and is a
    Cleric ...' (Bladed Ambassador): the comma before a closing quote is the outer
    list's, moved inside by punctuation style; the quoted ability ends there
    (a period), and the comma follows the quote."""
    if "," not in lits or "." not in lits:
        return raw
    out: list[tuple[str, str, int]] = []
    in_quote = False
    n = len(raw)
    i = 0
    while i < n:
        kind, value, pos = raw[i]
        if (
            in_quote
            and value == ","
            and i + 2 < n
            and raw[i + 1][1] == '"'
            and raw[i + 2][1] not in (".", '"', ",")
        ):
            out.append((lits["."], ".", pos))
            out.append(raw[i + 1])
            out.append((kind, value, raw[i + 1][2]))
            in_quote = False
            i += 2
            continue
        if value == '"':
            in_quote = not in_quote
        out.append(raw[i])
        i += 1
    return out


def _is_activated(text: str) -> bool:
    """True if a colon outside quotes comes before the first period (CR 602.1)."""
    in_quote = False
    for ch in text:
        if ch == '"':
            in_quote = not in_quote
        elif not in_quote:
            if ch == ":":
                return True
            if ch == ".":
                return False
    return False


#: words after which "cardname" is a name, not a reference to an object
_NAMING_WORDS = frozenset(("named", "into", "with", "is"))


def _quoted_is_activated(rest: str) -> bool:
    """Inside a quoted ability: a colon before its first period or closing quote."""
    for ch in rest:
        if ch == ":":
            return True
        if ch in '."':
            return False
    return False


#: the words after "if" of an explore replacement ("if a creature you control would
#: explore"), read as one token (:meth:`OracleLexer.tokens`)
_YOURS_EXPLORE = ["a", "creature", "you", "control", "would", "explore"]


class OracleLexer(Lexer):
    """Lark lexer: words are looked up in the grammar's literal terminals."""

    def __init__(self, lexer_conf: Any) -> None:
        self.literals: dict[str, str] = {}
        for term in lexer_conf.terminals:
            if isinstance(term.pattern, PatternStr):
                self.literals[term.pattern.value] = term.name

    # -- raw tokens ---------------------------------------------------------
    def _raw(self, text: str) -> list[tuple[str, str, int]]:
        out: list[tuple[str, str, int]] = []
        lits = self.literals
        for m in _TOKEN.finditer(text):
            kind = m.lastgroup
            value = m.group(0)
            pos = m.start()
            if kind == "WS":
                continue
            if kind == "SYM":
                out.append((_SYMBOL_TYPES.get(value, "MANA_SYM"), value, pos))
            elif kind == "LOYALTY":
                # CR 606: "[+1]: ..." is a loyalty ability's cost.
                value = m.group("LOYALTY")
                out.append(("SIGNED" if value[0] in "+-" else "NUMBER", value, pos))
            elif kind in ("PT_MOD", "PT", "NUMBER", "SIGNED"):
                out.append((kind, value, pos))
            elif kind == "WORD":
                out.extend(self._word(value, pos))
            elif kind in ("APOS", "PUNCT"):
                out.append((lits.get(value, "UNKNOWN"), value, pos))
            else:
                out.append(("UNKNOWN", value, pos))
        return out

    def _word(self, word: str, pos: int) -> list[tuple[str, str, int]]:
        lits = self.literals
        cls = _CLASSES.get(word)
        if cls is not None:
            return [(cls, word, pos)]
        if word in lits:
            return [(lits[word], word, pos)]
        if word.endswith("'s") and "'s" in lits:
            base = self._word(word[:-2], pos)
            if base[0][0] != "UNKNOWN":
                return [*base, (lits["'s"], "'s", pos + len(word) - 2)]
        if word.endswith("'re") and "'re" in lits:  # "they're" (copy exceptions)
            base = self._word(word[:-3], pos)
            if base[0][0] != "UNKNOWN":
                return [*base, (lits["'re"], "'re", pos + len(word) - 3)]
        if word.endswith("s'") and "'" in lits:
            base = self._word(word[:-1], pos)
            if base[0][0] != "UNKNOWN":
                return [*base, (lits["'"], "'", pos + len(word) - 1)]
        if word.startswith("non") and "non" in lits:
            rest = word[3:].lstrip("-")
            if rest:
                inner = self._word(rest, pos + len(word) - len(rest))
                if all(t != "UNKNOWN" for t, _, _ in inner):
                    return [(lits["non"], "non", pos), *inner]
        if "-" in word:
            parts = word.split("-")
            if all(p in lits for p in parts):
                out = []
                off = pos
                for p in parts:
                    out.append((lits[p], p, off))
                    off += len(p) + 1
                return out
        return [("UNKNOWN", word, pos)]

    # -- context-dependent tokens -------------------------------------------
    def tokens(self, text: str) -> list[Token]:
        raw = _comma_out_of_quote(self._raw(text), self.literals)
        out: list[Token] = []
        if _is_activated(text):
            out.append(Token("ACT", "", 0, 1, 1))
        elif text.endswith(_ALT_COST_TAIL) or (
            text.lower().startswith("if ") and text.endswith(_FREE_CAST_TAIL)
        ):
            # "[If ...,] you may [cost] rather than pay this spell's mana cost" (CR
            # 118.9): an alternative cost, told apart before its cost is read
            out.append(Token("ALT_COST", "", 0, 1, 1))
        n = len(raw)
        skip = 0
        in_quote = False
        cost_ors = _cost_choice_separators(raw)
        vote_at, vote_drop = _vote_tokens(raw)
        for i, (kind, value, pos) in enumerate(raw):
            if skip:
                skip -= 1
                continue
            if i in vote_drop:
                continue  # ("or" / "," between the choices of a vote: CR 701.38a)
            if i in vote_at:
                vkind, vvalue, width = vote_at[i]
                out.append(Token(vkind, vvalue, pos, 1, pos + 1))
                skip = width - 1
                continue
            if i in cost_ors:
                # "sacrifice a creature or pay {3}": another additional cost, not
                # another noun of the creature's description (CR 601.2b)
                out.append(Token("OR_COST", "or", pos, 1, pos + 1))
                skip = cost_ors[i] - 1
                continue
            if value == "and" and i + 2 < n and raw[i + 1][1] == "/" and raw[i + 2][1] == "or":
                out.append(Token("AND_OR", "and/or", pos, 1, pos + 1))
                skip = 2
                continue
            if value == "and" and [w for _, w, _ in raw[i + 1 : i + 4]] == ["can't", "have", "or"]:
                # "lose flying and can't have or gain flying" (CR 613.1f): an "and" the
                # parser can't tell from the one joining two verb phrases by one token
                out.append(Token("AND_CANT_HAVE", "and", pos, 1, pos + 1))
                continue
            if value == "if" and i == 0 and [w for _, w, _ in raw[1:7]] == _YOURS_EXPLORE:
                # "If a creature you control would explore, instead ..." (Topography
                # Tracker; CR 614.1a): one word, told apart from "if a creature you
                # control would die" only at "explore"
                out.append(
                    Token(
                        "IF_YOURS_EXPLORE",
                        "if a creature you control would explore",
                        pos,
                        1,
                        pos + 1,
                    )
                )
                skip = 6
                continue
            if value == "as" and [w for _, w, _ in raw[i + 1 : i + 4]] == ["you", "cast", "them"]:
                # "spells you cast ... gain evoke {4} as you cast them" (CR 601.2a): one
                # word, told apart from "as long as" after the keywords
                out.append(Token("AS_YOU_CAST", "as you cast them", pos, 1, pos + 1))
                skip = 3
                continue
            if value == "it" and i + 1 < n and raw[i + 1][1] == "devoured":
                # "for each creature it devoured" (CR 702.82c): one word, told apart
                # from a description's "it's blocking" after the noun
                out.append(Token("IT_DEVOURED", "it devoured", pos, 1, pos + 1))
                skip = 1
                continue
            if value == "fight" and [w for _, w, _ in raw[i + 1 : i + 3]] == ["each", "other"]:
                # "those creatures fight each other" (CR 701.14a): one word, told apart
                # from "fight each creature ..." (an "each" description)
                out.append(Token("FIGHT_EACH_OTHER", "fight each other", pos, 1, pos + 1))
                skip = 2
                continue
            if value == "from" and i + 1 < n and raw[i + 1][1] in ("it", "them"):
                out.append(Token("FROM_IT", "from " + raw[i + 1][1], pos, 1, pos + 1))
                skip = 1
                continue
            if (
                value == "as"
                and i > 0
                and raw[i - 1][1] in ("spells", "turn")
                and [w for _, w, _ in raw[i + 1 : i + 5]] == ["though", "they", "had", "flash"]
            ):
                # "you may cast creature spells as though they had flash" (CR 702.8a):
                # one word, told apart from "as long as" after the spells
                out.append(Token("AS_FLASH", "as though they had flash", pos, 1, pos + 1))
                skip = 4
                continue
            if (
                value == "from"
                and i > 0
                and raw[i - 1][1] in ("spells", "lands")
                and [w for _, w, _ in raw[i + 1 : i + 6]] == ["the", "top", "of", "your", "library"]
            ):
                # "you may cast creature spells from the top of your library" (CR
                # 601.2a): one word, not the end of the spells' description
                out.append(Token("FROM_TOP", "from the top of your library", pos, 1, pos + 1))
                skip = 5
                continue
            if value == "lands" and i > 0 and raw[i - 1][1] == "play" and _lands_from_top(raw, i):
                # "you may play lands [and cast spells] from the top of your library"
                # (CR 305.1, 601.2a): the lands of that permission, told apart from
                # "play lands and cast spells from your graveyard"
                out.append(Token("LANDS_TOP", value, pos, 1, pos + 1))
                continue
            if (
                value == "or"
                and [w for _, w, _ in raw[i + 1 : i + 2]] == ["there"]
                and any(w == "control" for _, w, _ in raw[max(0, i - 6) : i])
            ):
                # "if you control a Desert or there is a Desert card in your graveyard":
                # a second condition, not a second noun of the description
                out.append(Token("OR_THERE", value, pos, 1, pos + 1))
                continue
            if (
                i == 0
                and value == "creatures"
                and n > 1
                and raw[1][1] == "with"
                and "can be blocked as though they didn't have" in text
            ):
                # "Creatures with islandwalk can be blocked as though they didn't have
                # islandwalk" (Undertow; CR 702.14c): told apart from a description
                out.append(Token("WALKERS_WITH", "creatures with", pos, 1, pos + 1))
                skip = 1
                continue
            if value == "each" and _each_of_two_players(raw, i):
                # "you and target opponent each draw a card": the two subjects each
                # do it, not a description's "... each player controls"
                out.append(Token("EACH_BOTH", value, pos, 1, pos + 1))
                continue
            if value == "in" and [w for _, w, _ in raw[i + 1 : i + 3]] == ["your", "party"]:
                # "for each creature in your party" (CR 700.8): one word
                out.append(Token("IN_PARTY", "in your party", pos, 1, pos + 1))
                skip = 2
                continue
            if value == "or" and [w for _, w, _ in raw[i + 1 : i + 3]] == ["abilities", "from"]:
                # "can't be the target of black spells or abilities from black
                # sources" (CR 115.1): told apart from a noun phrase's "or"
                out.append(Token("OR_ABILITIES_FROM", "or abilities from", pos, 1, pos + 1))
                skip = 2
                continue
            if value == "if" and _if_desc_deals(raw, i):
                # "If a red spell / another source you control / a creature you control
                # with a +1/+1 counter on it would deal damage ..., it deals ...
                # instead" (CR 614.1a): any description of the source, told apart
                # from a condition's description by one token
                out.append(Token("IF_DESC_DEALS", "if", pos, 1, pos + 1))
                continue
            if value == "if" and _if_kind_deals(raw, i):
                # "If a creature you control would deal damage ...": the kind of
                # source told apart from a condition's "a creature you control"
                # (CR 614.1a) by one token
                out.append(Token("IF_KIND_DEALS", "if", pos, 1, pos + 1))
                continue
            if value.startswith(OTHER_NAME_PREFIX):
                # another card's name (CR 201.2), one word since normalization
                out.append(Token("OTHER_NAME", value, pos, 1, pos + 1))
                continue
            if value == "other" and i + 1 < n and raw[i + 1][1] == "target":
                out.append(Token("OTHER_TARGET", "other target", pos, 1, pos + 1))
                skip = 1
                continue
            prev = raw[i - 1][1] if i > 0 else ""
            prev_kind = raw[i - 1][0] if i > 0 else ""
            nxt = raw[i + 1][1] if i + 1 < n else ""
            nxt_kind = raw[i + 1][0] if i + 1 < n else ""
            if in_quote and value == "cardname" and prev not in _NAMING_WORDS:
                # the card's own name inside a quoted (granted) ability: the card
                # that grants it, not the object that has it (CR 201.5)
                kind, value = self.literals["grantorname"], "grantorname"
            if value == "," and nxt == "where":
                continue  # ", where X is ..." belongs to the whole sentence
            if (
                value == ","
                and ";" in self.literals
                and nxt in _KEYWORD_WORDS
                and nxt not in _TYPE_AND_COLOR_WORDS
                and raw[0][1] in _KEYWORD_WORDS
                and any(w == "protection" for _k, w, _p in raw[:i])
            ):
                # "Flying, protection from spells that are one or more colors,
                # annihilator 6" (Emrakul, the Aeons Torn): the comma ends the
                # protection ability (CR 702.16a) and begins another keyword, not
                # another quality of the protection
                out.append(Token(self.literals[";"], ";", pos, 1, pos + 1))
                continue
            if value == "each" and nxt in ("get", "gain") and _after_plural_target(raw, i):
                # "up to two target creatures each get +2/+0 and gain ...": "each" only
                # says the instruction is for every one of them (CR 608.2c)
                continue
            if value == "that's" and nxt == "attacking" and i + 2 < n and raw[i + 2][1] == "you":
                # "each creature they control that's attacking you" (Ghostly Prison):
                # the same creatures as "attacking you" (CR 508.1h)
                continue
            if value == "," and nxt == "non" and i >= 2 and raw[i - 2][1] == "non":
                continue  # "nonartifact, nonland card": both adjectives apply (no "or")
            if (
                value == ","
                and nxt == "or"
                and raw[0][1] == "whenever"
                and i + 2 < n
                and raw[i + 2][1] in ("a", "an", "another")
            ):
                # "Whenever another creature dies, or a creature card is put into a
                # graveyard ..., or ...": another event with its own subject (CR 603.2)
                out.append(Token("TRIG_OR", ", or", pos, 1, pos + 1))
                skip = 1
                continue
            if value == "," and not in_quote and _between_tokens(raw, i):
                # "create a 2/2 Wolf creature token, a 3/3 Beast creature token, and a
                # 4/4 Beast creature token" (Somberwald Beastmaster): another token of
                # the same instruction, told apart from the comma joining instructions
                out.append(Token("TOKEN_COMMA", ",", pos, 1, pos + 1))
                continue
            if value == "," and nxt == "except":
                # ", except ..." after a copy phrase: its exceptions (CR 707.9)
                out.append(Token("COPY_EXCEPT", ", except", pos, 1, pos + 1))
                skip = 1
                continue
            if value == "," and kind != "UNKNOWN":
                after = raw[i + 2][1] if i + 2 < n else ""
                after_kind = raw[i + 2][0] if i + 2 < n else ""
                if nxt == "and" and after == "/" and i + 4 < n and raw[i + 3][1] == "or":
                    # ", and/or lands": the word after the three-token "and/or"
                    nxt, nxt_kind = raw[i + 4][1], raw[i + 4][0]
                elif nxt in ("or", "and"):
                    nxt, nxt_kind = after, after_kind
                if prev_kind == "MANA_SYM" and nxt_kind == "MANA_SYM":
                    kind = "LIST_COMMA"
                elif prev in _LIST_PREV and nxt in _LIST_NEXT and not _ends_trigger(raw, i):
                    kind = "LIST_COMMA"
            elif (
                value == "or"
                and kind != "UNKNOWN"
                and (
                    nxt == "activate" or (nxt == "to" and i + 2 < n and raw[i + 2][1] == "activate")
                )
                and "spend this mana only" in text
            ):
                # "Spend this mana only to cast artifact spells or activate abilities
                # of artifacts": the second half, not another noun (CR 106.6)
                kind = "OR_ACTIVATE"
            elif (
                value == "or"
                and kind != "UNKNOWN"
                and nxt in ("a", "an")
                and "spend this mana only to cast" in text
            ):
                # "Spend this mana only to cast an Elemental spell or a Chandra
                # planeswalker spell": a second description, not another noun (CR 106.6)
                kind = "OR_EITHER"
            elif (
                value == "or"
                and kind != "UNKNOWN"
                and nxt in ("a", "an")
                and prev == "card"
                and _searching_for(raw, i)
            ):
                # "search your library for a basic land card or a Desert card" (CR
                # 701.23a): a card of either description, not another noun
                kind = "OR_EITHER"
            elif (
                value == "or"
                and kind != "UNKNOWN"
                and nxt in ("a", "an", "another")
                and _sacrifice_cost(raw, i)
            ):
                # "Sacrifice another creature or an artifact: ..." (Mold Folk): one
                # permanent of either description (CR 602.2b)
                kind = "OR_EITHER"
            elif (
                value == "or"
                and kind != "UNKNOWN"
                and nxt in ("cast", "casts", "play", "plays")
                and raw[0][1] in ("when", "whenever")
                and all(w != "," for _, w, _ in raw[1:i])
            ):
                # "Whenever you play a land or cast a spell" (Infernal Sovereign): a
                # second event of the same subject (CR 603.2), not another noun
                kind = "TRIG_OR_VERB"
            elif value == "or" and kind != "UNKNOWN" and nxt == "suspended":
                kind = "OR_ALT"  # "permanent with a time counter on it or suspended card"
            elif (
                value == "and"
                and kind != "UNKNOWN"
                and nxt == "attacking"
                and i >= 2
                and raw[i - 1][1] == "tapped"
                and raw[i - 2][1] in ("enter", "enters")
            ):
                # "The token enters tapped and attacking": one state, not "enters tapped"
                # and another instruction ("... and doesn't untap", CR 508.4)
                kind = "AND_ATTACKING"
            elif value == "and" and kind != "UNKNOWN" and nxt == "from":
                kind = "AND_FROM"  # "protection from instants and from sorceries" (CR 702.16)
            elif (
                value == "and"
                and kind != "UNKNOWN"
                and i > 0
                and raw[i - 1][0] == "MANA_SYM"
                and (nxt.isdigit() or nxt in NUMBER_WORDS)
                and i + 2 < n
                and raw[i + 2][1] == "life"
            ):
                kind = "AND_LIFE"  # "pay {1} and 3 life": one payment of both (CR 119.4)
            elif value == "and" and kind != "UNKNOWN":
                j = i - 1
                while j >= 0 and raw[j][0] == "LIST_COMMA":
                    j -= 1
                if j >= 0 and i > 0 and raw[i - 1][1] == ",":
                    j = i - 2
                pv = raw[j][1] if j >= 0 else ""
                if pv in _LIST_PREV and nxt in _LIST_NEXT:
                    kind = "AND_LIST"
                elif (
                    nxt in _NP_START
                    or _and_other_sharing(raw, i)
                    or _and_other_subject(raw, i)
                    or _you_and_plural(raw, i)
                ):
                    kind = "NP_AND"
                elif nxt == "the" and i + 2 < n and raw[i + 2][1] in ("rest", "other"):
                    kind = "AND_REST"
                elif nxt == '"':
                    kind = "AND_QUOTE"
                elif (
                    (nxt.isdigit() or nxt in NUMBER_WORDS or nxt == "x")
                    and i + 2 < n
                    and raw[i + 2][1] == "damage"
                ):
                    # "deals 3 damage to target creature and 3 damage to that
                    # creature's controller": a second amount of damage, same source
                    kind = "AND_DAMAGE"
            elif (
                nxt in ("counter", "counters")
                and kind not in ("PT_MOD", "NUMBER", "SIGNED")
                and (kind == "UNKNOWN" or value in _KEYWORD_WORDS)
                and value not in NUMBER_WORDS
                # ("a counter": an article, though "a" is a word of a keyword's name,
                # "Choose a background")
                and value not in ("a", "an")
            ):
                kind = "COUNTER_NAME"
            elif kind == "UNKNOWN" and nxt in ("planeswalker", "planeswalkers") and value.isalpha():
                # "you control a Domri planeswalker": a planeswalker type (CR 205.3j)
                kind = "SUBTYPE"
            if (
                value == '"'
                and in_quote
                and prev not in (".", "")
                and nxt == "and"
                and i + 2 < n
                and raw[i + 2][1] == '"'
            ):
                # 'with "... its mana cost" and "...": the first of two quoted
                # abilities ends its last sentence at the closing quote
                out.append(Token(self.literals["."], ".", pos, 1, pos + 1))
            if (
                kind == "COUNTER_NAME"
                and value == "strike"
                and out
                and str(out[-1]) in ("first", "double")
            ):
                # "a first strike counter", "two double strike counters": one kind of
                # keyword counter in two words (CR 122.1b)
                first = out.pop()
                out.append(Token(kind, f"{first} strike", first.start_pos, 1, pos + 1))
                continue
            out.append(Token(kind, value, pos, 1, pos + 1))
            if value == '"' and kind != "UNKNOWN":
                in_quote = not in_quote
                if in_quote and _quoted_is_activated(text[pos + 1 :]):
                    out.append(Token("ACT", "", pos, 1, pos + 1))
                elif not in_quote and prev == "." and nxt not in (".", ","):
                    # 'has "{T}: Add {G}."' ends the sentence too: the period is inside.
                    out.append(Token(self.literals["."], ".", pos, 1, pos + 1))
        return out

    def lex(self, lexer_state: Any, parser_state: Any = None) -> Iterator[Token]:
        # lark calls a custom lexer with the input text (its interface 0).
        text = lexer_state if isinstance(lexer_state, str) else lexer_state.text
        if not isinstance(text, str):
            text = text.text
        yield from self.tokens(text)


#: words that open a vote for objects or players, not for named choices (CR 701.38b)
_VOTE_OBJECT_WORDS: Final = frozenset(("a", "an", "another", "up", "target", "one"))


def _vote_tokens(raw: list[Any]) -> tuple[dict[int, tuple[str, str, int]], set[int]]:
    """The words of a vote for named choices (CR 701.38a-b): "[starting with you,]
    each player [secretly] votes for sickness or psychosis[, then those votes are
    revealed]", and the choices named again later ("if sickness gets more votes",
    "for each death vote", "the number of profit votes", "or the vote is tied").
    Returns index -> (token kind, value, raw tokens covered), and the separators
    between the listed choices, dropped."""
    at: dict[int, tuple[str, str, int]] = {}
    drop: set[int] = set()
    n = len(raw)
    words = [w for _, w, _ in raw]
    choices: set[str] = set()
    for i in range(n - 1):
        if words[i] != "votes" or words[i + 1] != "for" or i == 0:
            continue
        start = i - 1 if words[i - 1] == "secretly" else i
        if words[start - 1] != "player":
            continue
        j = i + 2
        groups: list[list[int]] = [[]]
        seps: list[int] = []
        while (
            j < n and words[j] != "." and not (words[j] == "," and words[j + 1 : j + 2] == ["then"])
        ):
            if words[j] in (",", "or"):
                seps.append(j)
                if groups[-1]:
                    groups.append([])
            else:
                groups[-1].append(j)
            j += 1
        if (
            len(groups) < 2
            or any(len(g) != 1 for g in groups)
            or words[i + 2] in _VOTE_OBJECT_WORDS
            or not all(words[g[0]].isalpha() for g in groups)
        ):
            continue
        at[start] = ("VOTES_FOR", " ".join(words[start : i + 2]), i + 2 - start)
        for g in groups:
            at[g[0]] = ("VOTE_CHOICE", words[g[0]], 1)
            choices.add(words[g[0]])
        drop.update(seps)
        if words[j : j + 6] == [",", "then", "those", "votes", "are", "revealed"]:
            at[j] = ("VOTES_REVEALED", ", then those votes are revealed", 6)
        k = start - 2
        if words[k:start] == ["each", "player"] and words[k - 4 : k] == [
            "starting",
            "with",
            "you",
            ",",
        ]:
            at[k - 4] = ("STARTING_WITH_YOU", "starting with you,", 4)
    if not choices:
        return at, drop
    for i in range(n - 3):
        if (
            words[i : i + 2] == ["for", "each"]
            and words[i + 2] in choices
            and words[i + 3] == "vote"
            and words[i + 4 : i + 5] != [","]
        ):
            # "... for each numbers vote": a verb phrase's own count, told apart from
            # "For each time vote, take an extra turn" (a clause after it)
            at[i] = ("VOTE_EACH", words[i + 2], 4)
    covered = {j for i, (_, _, w) in at.items() for j in range(i, i + w)}
    for i in range(n - 1):
        if i in covered or words[i] not in choices:
            continue
        if words[i + 1 : i + 4] == ["gets", "more", "votes"] or words[i + 1] in ("vote", "votes"):
            at[i] = ("VOTE_CHOICE", words[i], 1)
    for i in range(n - 4):
        if words[i : i + 5] == ["or", "the", "vote", "is", "tied"]:
            at[i] = ("VOTE_TIED", "or the vote is tied", 5)
    return at, drop


#: the verbs a cost starts with (CR 118, 701): "pay {3}", "sacrifice a creature", ...
_COST_VERBS = frozenset(
    (
        "pay",
        "sacrifice",
        "discard",
        "exile",
        "tap",
        "reveal",
        "behold",
        "blight",
        "forage",
        "return",
        "remove",
        "put",
        "mill",
    )
)
_ADDITIONAL_COST = ["as", "an", "additional", "cost", "to", "cast"]


def _cost_choice_separators(raw: list[tuple[str, str, int]]) -> dict[int, int]:
    """ "As an additional cost to cast this spell, sacrifice a creature, discard a
    card, or pay 4 life": where each cost of the choice (CR 601.2b) ends, as the
    index of the separator ("or", ",", ", or") and how many tokens it spans."""
    words = [w for _, w, _ in raw]
    if words[: len(_ADDITIONAL_COST)] != _ADDITIONAL_COST or "," not in words:
        return {}
    start = words.index(",")
    ors = [
        i
        for i in range(start + 1, len(words) - 1)
        if words[i] == "or" and words[i + 1] in _COST_VERBS
    ]
    if len(ors) != 1:
        return {}
    o = ors[0]
    if words[o - 1] != ",":
        return {o: 1}
    seps = {o - 1: 2}  # ", or pay 4 life"
    for i in range(start + 1, o - 1):
        if words[i] == "," and words[i + 1] in _COST_VERBS:
            seps[i] = 1
    return seps


def _if_kind_deals(raw: list[tuple[str, str, int]], i: int) -> bool:
    """ "if a [kind] you control would deal damage": not "a source" (its own rules)."""
    words = [w for _, w, _ in raw[i + 1 : i + 9]]
    if not words or words[0] != "a" or "source" in words:
        return False
    for j in range(2, len(words) - 3):
        if words[j : j + 4] == ["you", "control", "would", "deal"]:
            return True
    return False


#: the shapes "if [the source] would deal [damage ...], it deals ..." whose source
#: the older rules read ("a source", "a [red] source you control", "a creature you
#: control"): left to them
_DEALS_TO_TAILS: Final = (
    ("damage", ","),
    ("damage", "to", "a", "permanent", "or", "player", ","),
    ("noncombat", "damage", "to", "a", "permanent", "or", "player", ","),
    ("damage", "to", "an", "opponent", "or", "a", "permanent", "an", "opponent", "controls", ","),
)


def _if_desc_deals(raw: list[tuple[str, str, int]], i: int) -> bool:
    """ "if a [description] would deal damage [to a permanent or player], it deals
    ... instead" (CR 614.1a) whose description the older rules (``dd_source``,
    ``IF_KIND_DEALS``) don't read."""
    if i + 1 >= len(raw) or raw[i + 1][1] not in ("a", "an", "another"):
        return False
    j = i + 2
    while j < len(raw) and j < i + 18 and raw[j][1] not in ("would", ".", '"'):
        j += 1
    if j >= len(raw) or raw[j][1] != "would" or j + 1 >= len(raw) or raw[j + 1][1] != "deal":
        return False
    rest = [w for _, w, _ in raw[j + 2 :]]
    tail = next((t for t in _DEALS_TO_TAILS if tuple(rest[: len(t)]) == t), None)
    if tail is None or rest[len(tail) : len(tail) + 2] != ["it", "deals"]:
        return False
    phrase = raw[i + 2 : j]
    words = [w for _, w, _ in phrase]
    if raw[i + 1][1] == "a" and (words == ["source"] or words[-3:] == ["source", "you", "control"]):
        # dd_source: "a source", "a [colors] source you control"
        typed = any(
            k in ("SUBTYPE", "CARD_TYPE") and (n == 0 or phrase[n - 1][1] != "non")
            for n, (k, _, _) in enumerate(phrase)
        )
        if not typed and "or" not in words:
            return False
    return not _if_kind_deals(raw, i)


def _and_other_sharing(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the "and" at ``raw[i]`` joins a second subject "other creatures that
    share a creature type with it" (the Crowns of Onslaught)."""
    words = [w for _, w, _ in raw[i + 1 : i + 5]]
    return len(words) == 4 and words[0] == "other" and words[2:] == ["that", "share"]


#: who controls the targets, after "[N] target [plural noun]" ("one or two target
#: creatures you control each get +1/+0")
_TARGET_CONTROLLERS = (("you", "control"), ("an", "opponent", "controls"))


#: verbs that end a sentence's subject (for :func:`_and_other_subject`)
_SUBJECT_ENDS = frozenset(
    {"get", "gets", "have", "has", "gain", "gains", "is", "are", "can't", "can", "deal", "deals"}
)


def _you_and_plural(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the "and" at ``raw[i]`` joins "you" opening a sentence to a plural card
    type, two subjects of one verb: "You and permanents you control gain hexproof
    until end of turn" (CR 702.11b, 702.11c)."""
    if i < 1 or raw[i - 1][1] != "you" or i + 1 >= len(raw):
        return False
    if i >= 2 and raw[i - 2][1] not in (".", ",", ":"):
        return False
    nxt_kind, nxt = raw[i + 1][0], raw[i + 1][1]
    return nxt == "permanents" or (nxt_kind == "CARD_TYPE" and nxt.endswith("s"))


def _and_other_subject(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the "and" at ``raw[i]`` joins a second subject "other [type]s" before the
    sentence's verb: "Saproling creatures and other Treefolk creatures get +1/+1",
    "Skeletons you control and other Zombies you control get +1/+1" (CR 205.3m)."""
    if i + 2 >= len(raw) or raw[i + 1][1] != "other":
        return False
    if raw[i + 2][0] not in ("SUBTYPE", "CARD_TYPE"):
        return False
    j = i - 1
    while j >= 0 and raw[j][1] not in (".", ",", ":"):
        if raw[j][1] in _SUBJECT_ENDS:
            return False
        j -= 1
    return True


def _each_of_two_players(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the "each" at ``raw[i]`` follows two players joined by "and" ("you and
    target opponent", "you and another target player", "you and that player")."""
    before = [w for _, w, _ in raw[max(0, i - 5) : i]]
    if not before or before[-1] not in ("opponent", "player"):
        return False
    if i + 1 < len(raw) and raw[i + 1][1] in ("player", "opponent", "of"):
        return False
    return any(before[k : k + 2] == ["you", "and"] for k in range(len(before) - 1))


def _after_plural_target(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the word at ``raw[i]`` follows "[N] target [plural noun]", or that and
    who controls them."""
    words = tuple(w for _, w, _ in raw[max(0, i - 3) : i])
    for post in _TARGET_CONTROLLERS:
        if words[-len(post) :] == post:
            i -= len(post)
            break
    return i >= 2 and raw[i - 1][1].endswith("s") and raw[i - 2][1] == "target"


def _lands_from_top(raw: list[tuple[str, str, int]], i: int) -> bool:
    """Whether the "lands" at ``raw[i]`` is followed, within its sentence, by
    "from the top of your library" (the FROM_TOP of a play permission)."""
    for j in range(i + 1, min(i + 12, len(raw) - 5)):
        words = [w for _, w, _ in raw[j : j + 6]]
        if words == ["from", "the", "top", "of", "your", "library"]:
            return True
        if raw[j][1] in (".", ",", "from"):
            return False
    return False
