"""Which cards of a scenario have text the engine can't run yet.

A card works as printed only when the compiler turned every sentence of its
Oracle text into abilities (``CompiledFace.unparsed`` is empty), the engine
implements every construct those abilities use
(:func:`mtg_engine.rules.support.face_unsupported`), and the card file holds
every face its name announces. The runner reports the rest with each result
(text output and ``--json``'s ``unsupported``), so a failure caused by an
unfinished card is told apart from a rules bug.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards.database import missing_faces
from ..cards.decks import Deck
from ..cards.definitions import card_def
from ..game.objects import CardDef
from ..game.state import Game
from ..rules.support import unsupported

#: the construct of a face missing from the card file (coverage counts the card as not full)
_MISSING_FACE = "data:missing_face"


@dataclass(frozen=True, slots=True)
class Gap:
    """One piece of a card the engine can't run: a sentence, an ability's
    constructs, or a face missing from the card file."""

    card: str
    text: str
    missing: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card, "text": self.text}
        if self.missing:
            out["missing"] = list(self.missing)
        return out

    def __str__(self) -> str:
        why = f" ({', '.join(self.missing)})" if self.missing else ""
        return f"{self.card}: {self.text!r}{why}"


def card_gaps(card: CardDef) -> list[Gap]:
    """What of this card's text the engine can't run (empty: the card works fully)."""
    if card.token_spec is not None:
        return []  # a token set up by the scenario: its abilities are given as data
    out = [Gap(card.name, text) for face in card.compiled for text in face.unparsed]
    for face in card.compiled:
        for ability in face.abilities:
            bad = unsupported(ability)
            if bad:
                out.append(Gap(card.name, ability.text or str(ability.keyword or ""), tuple(bad)))
    out.extend(
        Gap(card.name, f"its face {name!r}, not in the card file", (_MISSING_FACE,))
        for name in missing_faces(card.data)
    )
    return out


def game_gaps(game: Game) -> list[Gap]:
    """The gaps of every card in the game, each card once, in object order."""
    seen: set[str] = set()
    out: list[Gap] = []
    for o in game.objects.values():
        card = o.card
        if card.name in seen:
            continue
        seen.add(card.name)
        out.extend(card_gaps(card))
    return out


def unrunnable_sentences(name: str) -> list[str]:
    """The sentences of a card's text that the engine can't fully run (those that
    don't compile, abilities using a construct the engine doesn't implement, and
    faces missing from the card file), once each."""
    return list(dict.fromkeys(gap.text for gap in card_gaps(card_def(name))))


def unrunnable_warnings(deck: Deck) -> list[str]:
    """One line for each card of ``deck`` whose text the engine can't fully run,
    naming the first such sentence, or the face a multi-face card is missing."""
    out: list[str] = []
    for name in dict.fromkeys(n for _, n in deck.played()):
        gaps = list({gap.text: gap for gap in card_gaps(card_def(name))}.values())
        if not gaps:
            continue
        more = f" (and {len(gaps) - 1} more)" if len(gaps) > 1 else ""
        first = gaps[0]
        what = first.text if _MISSING_FACE in first.missing else repr(first.text)
        out.append(f"{deck.name}: {name}: the engine can't fully run {what}{more}")
    return out
