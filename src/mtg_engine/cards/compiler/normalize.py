"""Text normalization before parsing (no parsing happens here).

What is done, and why it is safe:

* reminder text (parenthesized, CR 207.2a) is removed: it has no rules meaning;
* ability words and flavor words before an em dash (CR 207.2c, 207.2d) are
  removed for the same reason, also a mode's flavor word after its bullet;
* the card's own name (and the short name of a legendary card, "Urza" for
  "Urza, Lord High Artificer") becomes the word ``cardname`` (CR 201.5);
* text is lowercased outside mana symbols, typographic quotes and minus signs
  become ASCII;
* lines are grouped into paragraphs, one per ability (CR 113.2), with the
  bullet lines of a modal ability (CR 700.2) joined to their "choose" line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_REMINDER = re.compile(r"\s*\([^()]*\)")
#: "Protection from modified creatures (Modified creatures have a power, toughness, or
#: ability different than their printed versions.)" (Louvaq, the Aberrant): the card
#: gives "modified" a meaning of its own, not CR 700.9's, in its reminder text; kept
#: as a word of its own before the reminder text is removed (CR 207.2a)
_MODIFIED_FROM_PRINTED = re.compile(
    r"\bmodified (creatures?|permanents?) \(modified \w+ (?:has|have) a power, toughness, "
    r"or ability different than (?:its|their) printed versions?\.\)",
    re.IGNORECASE,
)
_SYMBOL = re.compile(r"\{[^}]*\}")
#: An ability word or flavor word: a short capitalized phrase, then " — ".
_ABILITY_WORD = re.compile(r"^(?P<word>[A-Z][^—•:\"{}.]{0,60}?) — (?=\S)")
#: Keywords written like ability words ("Boast — {1}{R}: ...") that the grammar reads.
_KEYWORD_PREFIXES = frozenset({"boast", "exhaust", "forecast"})
_CHAPTER = re.compile(r"^(?:[IVX]+)(?:, [IVX]+)* — ")
#: A mode's flavor word: "• Form a Party — Look at the top five cards ..." (You Meet in
#: a Tavern): a name for the mode with no rules meaning (CR 207.2d, 700.2).
_MODE_FLAVOR_WORD = re.compile(r"^• (?P<word>[A-Z][^—•:\"{}.]{0,60}?) — (?=\S)")
_NUMBER = re.compile(r"\b\d+\b")
#: The meld instruction (CR 701.42a, 712.4a): "... and a creature named <partner>, exile
#: them, then meld them into <result>." The two names are those of the meld pair's other
#: card and combined back face (card data, looked up by rules/multiface.py), so they
#: become fixed words; melding exiles both cards (701.42a), hence one verb.
_MELD = re.compile(r"named [^.]+?, exile them, then meld them into [^.]+\.")
#: "you control an Island or a Mountain" (check lands): the second article repeats the
#: first, so it reads as the grammar's "an Island or Mountain" (one permanent of either type)
_EITHER_TYPE = re.compile(r"\bcontrol (an?) ([A-Z][a-z]+) or an? ([A-Z][a-z]+)\b")
#: "Then if there are three or more ribbon counters on this creature, remove those
#: counters and untap it" (Prize Pig), "..., remove all of them and transform it"
#: (Ludevic's Test Subject): the counters the condition counted, all of that kind on
#: that object (CR 122.8), as "remove all ribbon counters from this creature" reads
_REMOVE_THOSE_COUNTERS = re.compile(
    r"\b([Ii]f there are \w+ or more ([\w+/-]+) counters on (it|this \w+|CARDNAME)), "
    r"remove (?:those counters|all of them)\b"
)
#: "You may cast spells from your hand without paying their mana costs" (Omniscience):
#: a static permission, not an instruction. Its opening "you may" would read as the
#: subject of a clause, so the sentence is put in an order no clause begins with.
_FREE_FROM_HAND = (
    "You may cast spells from your hand without paying their mana costs.",
    "Without paying their mana costs, you may cast spells from your hand.",
)
#: "exile an instant or sorcery card at random from your graveyard" (Radiant
#: Scrollwielder): the game picks the cards, not a player (CR 608.2d), as "discard a card
#: at random" does; the words move to the clause's end, where the grammar reads "at
#: random" of any instruction
_AT_RANDOM_FROM = re.compile(r"\b(cards?) at random (from [^.,]*?graveyard)([^.]*)\.")
#: "exile Liliana, then return her to the battlefield transformed under her owner's
#: control": on a card that names itself, "him"/"her" is the card (CR 201.5), read as "it"
_OWN_POSSESSIVE = re.compile(r"\b(?:his|her) owner's\b")
_OWN_PRONOUN = re.compile(r"(?<!his or )(?<!him or )\b(?:him|her)\b(?! or\b)")
#: "Target creature can't block this creature this turn" (Screeching Griffin): "this
#: creature" is the object itself, as its name is (CR 201.5); read as the name, so the
#: grammar needn't tell it from "can't block this turn" with one word of lookahead
_CANT_BLOCK_THIS = re.compile(r"\bcan't block this (?:creature|Vehicle|artifact)\b")
#: "This land enters tapped. As it enters, ..." (its "it" is the permanent itself)
_ENTERS_TAPPED_AS_IT_ENTERS = re.compile(r"^(This \w+ enters tapped\.) (As it enters, .+)$")
#: what follows an instruction's verb: its object ("target creature", "a card")
_AN_OBJECT = r" (?:target|an?|all|each|up to|another) "
_SENTENCE_END = re.compile(r'(?<=[.!?])["”]?\s+(?=[A-Z•"{+\-\d])')
_SENTENCE_END_LOWER = re.compile(r'(?<=[.!?])["”]?\s+(?=[a-z•"{+\-\d])')


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One ability's text: ``raw`` as printed (reminder text removed), ``text`` normalized."""

    raw: str
    text: str


def self_names(card_name: str, legendary: bool = False) -> list[str]:
    """The spellings by which a card's text may refer to itself (CR 201.5).
    A legendary card may use its short name: "Urza" for "Urza, Lord High
    Artificer", "Moritte" for "Moritte of the Frost", "Ashling" for "Ashling the
    Pilgrim" (CR 201.5c)."""
    names: list[str] = []
    for full in card_name.split(" // "):
        full = full.strip()
        if not full:
            continue
        for name in (full, full[2:] if full.startswith("A-") else None):
            if not name:
                continue
            names.append(name)
            if ", " in name:
                names.append(name.split(", ")[0])
            elif legendary and " of " in name:
                names.append(name.split(" of ")[0])
            elif legendary and " the " in name:
                names.append(name.split(" the ")[0])  # "Ashling" for "Ashling the Pilgrim"
    # Longest first so that "Urza, Lord High Artificer" wins over "Urza".
    return sorted(set(n for n in names if len(n) > 2), key=len, reverse=True)


def strip_reminder(text: str) -> str:
    """Remove reminder text (CR 207.2a), repeatedly for nested parentheses."""
    prev = None
    while prev != text:
        prev = text
        text = _REMINDER.sub("", text)
    return text


#: "a card named Ajani, Valiant Protector": another card's name (CR 201.2), capitalized
#: words (with "of", "the" ... between them, and one ", " before a legendary title)
_NAME_WORD = r"(?!CARDNAME\b)[A-Z0-9][\w'\-]*"
_NAME_SMALL = r"(?:of|the|to|a|an|from|in|with|for|on|at|de|du|la|le|von|van|der)"
_OTHER_NAME = re.compile(
    rf"\bnamed ((?>{_NAME_WORD}(?: (?:{_NAME_SMALL} )*{_NAME_WORD})*"
    rf"(?:, {_NAME_WORD}(?: (?:{_NAME_SMALL} )*{_NAME_WORD})*)?))(?!,? (?:and|or) [A-Z]|, (?:and|or)\b)"
)
#: "Partner—[text]" (CR 702.124i) and "Partner with [name]" (702.124j), a whole line
_PARTNER_VARIANT = re.compile(r"^Partner—[A-Z][\w' ]*$")
_PARTNER_WITH = re.compile(r"^Partner with ([^.()\n]+?)\s*$")
#: the word each other card's name becomes, and the name it stands for
OTHER_NAME_PREFIX = "othername-"
_OTHER_NAMES: dict[str, str] = {}


def other_name(word: str) -> str:
    """The card name an ``othername-...`` word stands for (see :func:`normalize_line`)."""
    return _OTHER_NAMES.get(word.lower(), word)


def _other_name_word(m: re.Match[str]) -> str:
    name = m.group(1)
    word = OTHER_NAME_PREFIX + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    _OTHER_NAMES[word] = name
    return "named " + word


#: "create Tuktuk the Returned, a legendary 5/5 ... token": a token given a name
_NAMED_TOKEN = re.compile(
    rf"\bcreate ({_NAME_WORD}(?: (?:{_NAME_SMALL} )*{_NAME_WORD})*), a legendary ([^.\"]*?\btoken)\b"
)


def _named_token_words(m: re.Match[str]) -> str:
    name = m.group(1)
    word = OTHER_NAME_PREFIX + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    _OTHER_NAMES[word] = name
    return f"create a legendary {m.group(2)} named {word}"


#: "... token with defender named Wood", "... tokens named Koma's Coil": the name a
#: token is given, after "token(s)" and the keywords the token has
_TOKEN_NAMED = re.compile(r"(\btokens? (?:with [a-z, ]+ )?)(named [A-Z].*)")


def _token_name_word(m: re.Match[str], names: list[str]) -> str:
    rest = m.group(2)
    n = _OTHER_NAME.match(rest)
    if n is None or n.group(1) in names:
        return m.group(0)
    return m.group(1) + _other_name_word(n) + rest[n.end() :]


def _lower_outside_symbols(text: str) -> str:
    out: list[str] = []
    pos = 0
    for m in _SYMBOL.finditer(text):
        out.append(text[pos : m.start()].lower())
        out.append(m.group(0).upper())
        pos = m.end()
    out.append(text[pos:].lower())
    return "".join(out)


def normalize_line(line: str, names: list[str]) -> str:
    """Normalize one line of already reminder-stripped Oracle text."""
    line = line.replace("’", "'").replace("‘", "'").replace("−", "-").replace("–", "-")
    line = line.replace("“", '"').replace("”", '"')
    m = _ABILITY_WORD.match(line)
    if m and not _CHAPTER.match(line):
        word = m.group("word").strip().lower()
        if word not in _KEYWORD_PREFIXES and not word.startswith("choose"):
            line = line[m.end() :]
    m = _MODE_FLAVOR_WORD.match(line)
    if m:
        line = "• " + line[m.end() :]
    c = _CHAPTER.match(line)
    if c:
        # "IV — Mega Flare — This creature deals damage ..." (a chapter ability with a
        # flavor word, CR 714.2b, 207.2d): the chapter numbers stay, the word goes
        m = _ABILITY_WORD.match(line[c.end() :])
        word = m.group("word").strip().lower() if m else ""
        if m and len(word.split()) <= 3 and word not in _KEYWORD_PREFIXES:
            if not word.startswith("choose"):
                line = line[: c.end()] + line[c.end() + m.end() :]
    if _PARTNER_VARIANT.match(line):
        # "Partner—Friends forever", "Partner—Survivors" (CR 702.124i): a variant of
        # partner with the same meaning apart from which commanders pair; no rule of
        # a game reads the text after the dash
        line = "Partner"
    m = _PARTNER_WITH.match(line)
    if m:
        # "Partner with Impetuous Protege" (CR 702.124j): the other card's whole name
        # (CR 201.2), one word like a "named" one
        line = "Partner with " + _other_name_word(m)[len("named ") :]
    line = _EITHER_TYPE.sub(r"control \1 \2 or \3", line)
    if "counters on " in line:
        line = _REMOVE_THOSE_COUNTERS.sub(r"\1, remove all \2 counters from \3", line)
    if _FREE_FROM_HAND[0] in line:
        line = line.replace(*_FREE_FROM_HAND)
    if " at random from " in line:
        line = _AT_RANDOM_FROM.sub(r"\1 \2\3 at random.", line)
    if "can't block this " in line:
        line = _CANT_BLOCK_THIS.sub("can't block CARDNAME", line)
    if "meld them into" in line:
        line = _MELD.sub("named meldpartner, meld them into meldresult.", line)
    if ", a legendary " in line:
        # "create Tiny, a legendary 2/2 green Dog Detective creature token" (CR 111.4:
        # the token has the name the effect gives it): "create a legendary ... token
        # named [one word]", that word standing for the name as another card's does
        line = _NAMED_TOKEN.sub(_named_token_words, line)
    if "token named " in line or "tokens named " in line:
        # "create a 0/1 red Kobold creature token named Kobolds of Kher Keep" (CR 111.4):
        # the token's name is one word before the card's own name (Kher Keep) is
        # found in it; a token named exactly as the card stays "named CARDNAME"
        line = _TOKEN_NAMED.sub(lambda m: _token_name_word(m, names), line)
    for name in names:
        if name in line:
            # "Regenerate target creature." (Regenerate), "Exile target nonwhite
            # attacking creature." (Exile): a one-word name that is the verb of the
            # sentence it opens, an object after it, isn't the card (CR 201.5)
            verb = r"(?<![\w-])" if " " in name else r"(?<![\w-])(?<!^)"
            line = re.sub(verb + re.escape(name) + r"(?![\w-])", "CARDNAME", line)
            if " " not in name and re.match(re.escape(name) + _AN_OBJECT, line) is None:
                line = re.sub(r"^" + re.escape(name) + r"(?![\w-])", "CARDNAME", line)
    if "named " in line:
        # "search ... for a card named Ajani, Valiant Protector": another card's name
        # (CR 201.2) becomes one word; a list of names ("named A, B, and C") doesn't
        line = _OTHER_NAME.sub(_other_name_word, line)
    if "CARDNAME" in line and re.search(r"\b(?:him|her)\b", line):
        line = _OWN_PRONOUN.sub("it", _OWN_POSSESSIVE.sub("its owner's", line))
    return _lower_outside_symbols(line).strip()


def paragraphs(text: str, card_name: str, legendary: bool = False) -> list[Paragraph]:
    """Split a face's Oracle text into normalized paragraphs, one per ability."""
    names = self_names(card_name, legendary)
    result: list[Paragraph] = []
    for line in (text or "").split("\n"):
        raw = strip_reminder(line).strip()
        if not raw:
            continue
        if "printed version" in line:
            meant = _MODIFIED_FROM_PRINTED.sub(r"modified-from-printed \1", line)
            norm = normalize_line(strip_reminder(meant).strip(), names)
        else:
            norm = normalize_line(raw, names)
        if not norm:
            continue
        if raw.startswith("•") and result:
            prev = result[-1]
            result[-1] = Paragraph(prev.raw + "\n" + raw, prev.text + " " + norm)
            continue
        two = _ENTERS_TAPPED_AS_IT_ENTERS.match(raw)
        if two is not None:
            # "This land enters tapped. As it enters, choose a color." (Thriving
            # Moor): two static abilities printed in one paragraph (CR 614.1c, 614.12)
            for part in two.groups():
                result.append(Paragraph(part, normalize_line(part, names)))
            continue
        result.append(Paragraph(raw, norm))
    return result


def split_sentences(text: str, normalized: bool = False) -> list[str]:
    """Split text into sentences (for reporting what did not compile)."""
    parts: list[str] = []
    splitter = _SENTENCE_END_LOWER if normalized else _SENTENCE_END
    for line in text.split("\n"):
        for piece in splitter.split(line):
            piece = piece.strip()
            if piece:
                parts.append(piece)
    return parts


def shape(sentence: str, card_name: str = "") -> str:
    """A sentence's shape: numbers → N, mana symbols → {M}, own name → CARDNAME."""
    for name in self_names(card_name) if card_name else []:
        sentence = sentence.replace(name, "CARDNAME")
    sentence = _SYMBOL.sub("{M}", sentence)
    sentence = _NUMBER.sub("N", sentence)
    return sentence.strip()
