"""Compiler coverage: which cards compile fully, partly or not at all.

A card is *fully compiled* only when every paragraph of every face compiled
(``CompiledFace.unparsed`` is empty) and, when ``executable_ops`` is given,
every op its abilities use (effect ops and static-effect ops, nested ones
included) is in that set. Unparsed sentences are counted by *shape* (numbers
→ N, mana symbols → {M}, the card's own name → CARDNAME) so the most common
missing constructs come first: the compiler's to-do list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .abilities import Ability, CompiledFace, Effect, StaticEffect
from .compiler import compile_face
from .compiler.normalize import shape
from .database import missing_faces
from .model import CardData

#: card types seen only on nontraditional Magic cards, which are never in a
#: player's deck (CR 108.2a): planes and phenomena (Planechase, 311.1, 312.1),
#: vanguards (313.1) and schemes (Archenemy, 314.1); and the Hero cards of the Theros
#: block's Hero's Path challenge decks (The General ...: another card back,
#: no rule of their own in the CR)
NONTRADITIONAL_TYPES = frozenset(("Plane", "Phenomenon", "Vanguard", "Scheme", "Hero"))


def nontraditional(card: CardData) -> bool:
    """Whether ``card`` is a nontraditional card, not part of any deck (CR 108.2a)."""
    return any(t in NONTRADITIONAL_TYPES for face in card.faces for t in face.types)


@dataclass(frozen=True, slots=True)
class CardStatus:
    """One card's compile status: ``"full"``, ``"partial"`` or ``"none"``."""

    name: str
    status: str
    unparsed: tuple[str, ...] = ()
    missing_ops: tuple[str, ...] = ()
    missing_keywords: tuple[str, ...] = ()


@dataclass(slots=True)
class CoverageReport:
    """Counts, per-card status and the most frequent unparsed sentence shapes."""

    total: int = 0
    full: int = 0
    partial: int = 0
    none: int = 0
    #: nontraditional cards (planes, phenomena, schemes, vanguards: CR 108.2a) left
    #: out of every count: they are never in a deck
    nontraditional: int = 0
    cards: dict[str, CardStatus] = field(default_factory=dict)
    shapes: Counter[str] = field(default_factory=Counter)
    missing_ops: Counter[str] = field(default_factory=Counter)
    missing_keywords: Counter[str] = field(default_factory=Counter)
    #: cards with more than one face ("Fire // Ice"), and those of them whose card
    #: file has every face (:func:`missing_faces` is empty; the others can't be
    #: played as printed until an MTGJSON import fills them)
    multiface: int = 0
    multiface_complete: int = 0

    def percent(self, n: int) -> float:
        return 100.0 * n / self.total if self.total else 0.0

    def top_shapes(self, n: int = 30) -> list[tuple[str, int]]:
        return self.shapes.most_common(n)

    def summary(self) -> str:
        return (
            f"cards: {self.total}  full: {self.full} ({self.percent(self.full):.1f}%)  "
            f"partial: {self.partial} ({self.percent(self.partial):.1f}%)  "
            f"none: {self.none} ({self.percent(self.none):.1f}%)"
            + (
                f"\n(not counted: {self.nontraditional} nontraditional cards, planes,"
                " phenomena, schemes, vanguards and heroes, which are never in a deck: CR 108.2a)"
                if self.nontraditional
                else ""
            )
            + (
                f"\nmulti-face cards: {self.multiface}  with all faces: "
                f"{self.multiface_complete}  missing a face: "
                f"{self.multiface - self.multiface_complete}"
                " (`mtg cards import` of MTGJSON's AtomicCards fills them)"
                if self.multiface_complete < self.multiface
                else f"\nmulti-face cards: {self.multiface}, all with all faces"
                if self.multiface
                else ""
            )
        )


@dataclass(frozen=True, slots=True)
class SeedPoolReport:
    """Coverage of a named card pool (e.g. the seed documents' cards)."""

    total: int
    full: int
    missing: tuple[str, ...]  # names not in the card data
    not_full: tuple[str, ...]  # present but not fully compiled


def effect_ops(effect: Effect) -> set[str]:
    """The op of an effect and of every effect nested in its arguments."""
    ops = {effect.op}
    for value in effect.args.values():
        ops |= _nested_ops(value)
    return ops


def _nested_ops(value: Any) -> set[str]:
    if isinstance(value, Effect):
        return effect_ops(value)
    if isinstance(value, Ability):
        return ability_ops(value)
    if isinstance(value, StaticEffect):
        return {value.op} | _nested_ops(value.args)
    if isinstance(value, (tuple, list)):
        out: set[str] = set()
        for v in value:
            out |= _nested_ops(v)
        return out
    if isinstance(value, dict):
        out = set()
        for v in value.values():
            out |= _nested_ops(v)
        return out
    return set()


def ability_ops(ability: Ability) -> set[str]:
    """Every effect and static-effect op an ability uses (modes and nested included)."""
    ops: set[str] = set()
    for e in ability.effects:
        ops |= effect_ops(e)
    for m in ability.modes:
        for e in m.effects:
            ops |= effect_ops(e)
    for s in ability.static:
        ops.add(s.op)
        ops |= _nested_ops(s.args)
    return ops


def face_ops(compiled: CompiledFace) -> set[str]:
    ops: set[str] = set()
    for a in compiled.abilities:
        ops |= ability_ops(a)
    return ops


def card_status(
    card: CardData,
    executable_ops: set[str] | None = None,
    executable_keywords: set[str] | None = None,
    engine: Callable[[CompiledFace], Iterable[str]] | None = None,
) -> CardStatus:
    """Compile every face of a card and grade it.

    With ``engine`` (:func:`mtg_engine.rules.support.face_unsupported`, passed in:
    the rules are above the card layer) a card is full only if the engine
    implements every construct its abilities use: the honest measure of "this
    card works".
    """
    unparsed: list[str] = []
    ops: set[str] = set()
    keywords: set[str] = set()
    compiled_any = False
    had_text = False
    engine_missing: set[str] = set()
    for face in card.faces:
        compiled = compile_face(face)
        unparsed.extend(compiled.unparsed)
        ops |= face_ops(compiled)
        keywords |= compiled.keywords
        if engine is not None:
            engine_missing.update(engine(compiled))
            if "Battle" in (face.type_line or "") and face.defense is None:
                # CR 310.4b: a battle enters with its printed defense; a card file
                # without it (the development Oracle data has none) can't play it
                engine_missing.add("data:defense")
        compiled_any = compiled_any or bool(compiled.abilities)
        had_text = had_text or bool((face.text or "").strip())
    if engine is not None and missing_faces(card):
        # a split, aftermath, adventure or double-faced card whose other face isn't in
        # the card file can't be played as printed (CR 709, 712, 715): not full
        engine_missing.add("data:missing_face")
    missing_ops = sorted(ops - executable_ops) if executable_ops is not None else []
    if engine is not None:
        missing_ops = sorted(set(missing_ops) | engine_missing)
    missing_kw = sorted(keywords - executable_keywords) if executable_keywords is not None else []
    if not unparsed and not missing_ops and not missing_kw:
        status = "full"
    elif had_text and not compiled_any:
        status = "none"
    else:
        status = "partial"
    return CardStatus(card.name, status, tuple(unparsed), tuple(missing_ops), tuple(missing_kw))


def coverage(
    cards: Iterable[CardData],
    executable_ops: set[str] | None = None,
    executable_keywords: set[str] | None = None,
    engine: Callable[[CompiledFace], Iterable[str]] | None = None,
) -> CoverageReport:
    """Compile every card and count full / partial / none, with unparsed shapes.

    Nontraditional cards (CR 108.2a: planes, phenomena, schemes, vanguards) are
    counted apart, in ``nontraditional``, not in the total: no deck holds them.
    """
    report = CoverageReport()
    for card in cards:
        if nontraditional(card):
            report.nontraditional += 1
            continue
        st = card_status(card, executable_ops, executable_keywords, engine)
        report.total += 1
        report.cards[card.name] = st
        if " // " in card.name:
            report.multiface += 1
            report.multiface_complete += not missing_faces(card)
        if st.status == "full":
            report.full += 1
        elif st.status == "partial":
            report.partial += 1
        else:
            report.none += 1
        for sentence in st.unparsed:
            report.shapes[shape(sentence, card.name)] += 1
        report.missing_ops.update(st.missing_ops)
        report.missing_keywords.update(st.missing_keywords)
    return report


def seed_pool(report: CoverageReport, names: Iterable[str]) -> SeedPoolReport:
    """How many of ``names`` (e.g. ``spec/seed-card-pool.txt``) compile fully."""
    wanted = [n.strip() for n in names if n.strip() and not n.startswith("#")]
    missing = tuple(n for n in wanted if n not in report.cards)
    present = [report.cards[n] for n in wanted if n in report.cards]
    not_full = tuple(s.name for s in present if s.status != "full")
    return SeedPoolReport(len(wanted), len(present) - len(not_full), missing, not_full)
