"""Choosing a color, a type, a number, a player or a card name (CR 105, 205.3, 201.3).

A "choose a card name" decision (CR 201.3) is *constrained*, not enumerated: the
answer may be the name of any card in the card data, checked lazily against the
database when the answer is given (no list of ~33,000 names is built). So that
enumerating agents still have something sensible to pick, the decision's
``options`` are a sample: the names of the cards the chooser may know of (their
own cards, and cards in public zones), which the constraint accepts too.

``data["card_name"]`` says the decision is constrained: ``"any"`` or
``"nonland"`` ("choose a nonland card name").
"""

from __future__ import annotations

import functools
from typing import Any

from ..cards.database import CardDatabase, UnknownCardError
from ..game.actions import DecisionPurpose
from ..game.objects import Zone
from ..game.state import Game
from .card_names import card_names
from .replacement import choice_options

#: "choose a [nonland] card name" (CR 201.3)
CARD_NAME_CHOICES = frozenset(("card_name", "nonland_card_name"))

#: zones whose cards every player may see (CR 400.2)
_PUBLIC = frozenset((Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.STACK, Zone.EXILE, Zone.COMMAND))

#: at most this many names are offered as enumerated options
_SAMPLE = 40


def choice_data(
    game: Game,
    what: str,
    player: int,
    excluded: str | None = None,
    among: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """The data of a CHOOSE_OPTION decision for "choose a ``what``"; "choose a color
    other than black" leaves out ``excluded`` (CR 608.2d); "choose Elemental, Elf, ...
    or Treefolk" offers only those (``among``)."""
    if what in CARD_NAME_CHOICES:
        nonland = what == "nonland_card_name"
        return {
            "options": name_sample(game, player, nonland),
            "purpose": _purpose(what),
            "card_name": "nonland" if nonland else "any",
        }
    options = [o for o in choice_options(game, what, player) if o != excluded]
    if among is not None:
        options = [o for o in options if o in among]
    return {"options": options, "purpose": _purpose(what)}


def _purpose(what: str) -> DecisionPurpose:
    """The purpose of "choose a ``what``" (a choice the engine has no list for: CHOOSE)."""
    return DecisionPurpose._value2member_map_.get(what, DecisionPurpose.CHOOSE)  # type: ignore[return-value]


def name_sample(game: Game, player: int, nonland: bool) -> list[str]:
    """Names the chooser may know of (hidden information stays hidden, CR 400.2):
    the cards they own, and cards in public zones; a few names from the card data
    if that leaves none."""
    seen: dict[str, None] = {}
    for o in game.objects.values():
        if o.is_token or o.face_down or o.stack_kind not in (None, "spell"):
            continue
        if o.owner != player and o.zone not in _PUBLIC:
            continue
        if nonland and _is_land_card(o.card.name):
            continue
        seen.setdefault(o.card.name, None)
        if len(seen) >= _SAMPLE:
            break
    if not seen:
        return card_names(nonland)[:_SAMPLE]
    return sorted(seen)


def card_name_answer(value: Any, kind: str) -> tuple[str | None, str | None]:
    """(the card name as printed, None) when ``value`` names a card that fits
    ``kind`` (``"any"`` / ``"nonland"``), else (None, why not) (CR 201.3)."""

    if not isinstance(value, str) or not value.strip():
        return None, "name a card (rule 201.3)"
    try:
        card = CardDatabase.default().get(value)
    except UnknownCardError as e:
        return None, f"{e} (rule 201.3)"
    name = card.name
    wanted = value.strip().lower()
    for f in card.faces:
        if f.name.lower() == wanted:
            name = f.name  # one half of a split or adventure card (CR 709.4)
    if kind == "nonland" and _is_land_card(card.name):
        return None, f"{card.name} is a land card: choose a nonland card name (rule 201.3)"
    return name, None


@functools.lru_cache(maxsize=4096)
def _is_land_card(name: str) -> bool:

    try:
        card = CardDatabase.default().get(name)
    except UnknownCardError:
        return False
    return any("Land" in f.types for f in card.faces)
