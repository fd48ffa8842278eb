"""The game's third-person texts told to one player in the second person.

The engine's log and prompts name every player ("A draws a card", "A has
priority"). A front end shows them to one player, who reads "You draw a card",
"Your turn", "Opponent attacks you": the viewer's name becomes "you"/"your"
and the verb right after it loses its third-person ending.
"""

from __future__ import annotations

import re

#: third-person forms whose base isn't the form without its final "s"
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
#: words after a player's name that aren't verbs, or verbs that don't change
_UNCHANGED = {"will", "can", "may", "must", "and", "or", "controls'"}


def base_form(verb: str) -> str:
    """``draws`` → ``draw``, ``has`` → ``have``, ``passes`` → ``pass``,
    ``tries`` → ``try``; a word that isn't a third-person verb is unchanged."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _UNCHANGED or not low.endswith("s") or low.endswith(("ss", "us", "is")):
        return verb
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if low.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1]


def second_person(text: str, name: str) -> str:
    """``text`` as the player called ``name`` reads it: their name becomes "you"
    ("You" at the start of a sentence or clause), ``name's`` becomes "your", and
    the verb after the name as a subject takes the second person."""
    if not name:
        return text
    n = re.escape(name)
    # possessive: "Turn 3: A's turn" -> "Turn 3: your turn"
    text = re.sub(rf"(?<![\w#]){n}'s\b", "your", text)
    # subject at the start of a clause: "A draws" -> "You draw"
    # (and "their" later in that clause is theirs: "A shuffles their library")
    subject = re.compile(rf"(^|[:;.!?]\s+|\(|\bthen\s+)(?<![\w#]){n}\s+([A-Za-z]+)\b([^;.]*)")
    for _ in range(text.count(name)):  # one clause at a time: "A searches, then A shuffles"
        m = subject.search(text)
        if m is None:
            break
        rest = re.sub(r"\btheir\b", "your", m.group(3))
        text = f"{text[: m.start()]}{m.group(1)}you {base_form(m.group(2))}{rest}{text[m.end() :]}"
    # anywhere else: "Goblin attacks A" -> "Goblin attacks you"
    text = re.sub(rf"(?<![\w#]){n}(?![\w'])", "you", text)
    # a sentence starts with a capital
    text = re.sub(
        r"(^|[.!?:]\s+)(you|your)\b", lambda m: m.group(1) + m.group(2).capitalize(), text
    )
    return text
