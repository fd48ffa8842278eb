"""Protection (CR 702.16): the DEBT — Damage, Enchanting/Equipping, Blocking, Targeting.

Where each part is enforced: damage from a source with the quality is
prevented (702.16e, :func:`mtg_engine.rules.damage.deal_damage`); it can't be
enchanted or equipped by such permanents (702.16c-d, state-based actions in
``rules/sba.py``); it can't be blocked by such creatures (702.16f,
:mod:`.evasion`); it can't be the target of such spells and abilities
(702.16b, ``rules/targets.py``).

A protection ability's quality is in the ability's ``keyword_args["from"]``,
one value or a tuple of them: a color (``"red"``), ``"everything"``
(702.16j), ``"all colors"``/``"all_colors"``, ``"multicolored"``,
``"monocolored"``, ``"colorless"``, a card type or subtype spelled out
(``"creatures"``, ``"Goblins"``), or a :class:`~mtg_engine.cards.abilities.Filter`
("protection from artifacts", "from Dragons", "from instants").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Filter
from ..cards.model import COLORS
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject
from ..rules.characteristics import chars
from ..rules.filters import matches_object

if TYPE_CHECKING:
    from ..game.state import Game


def protection_qualities(game: Game, obj: GameObject) -> list[Any]:
    """The qualities ``obj`` has protection from (CR 702.16a), each instance's values."""
    out: list[Any] = []
    for a in chars(game, obj).abilities:
        if a.keyword == "Protection":
            q = a.keyword_args.get("from")
            if isinstance(q, list | tuple):
                out.extend(q)
            elif q:
                out.append(q)
    return out


def quality_matches(
    game: Game, quality: Any, source: GameObject, holder: GameObject | None = None
) -> bool:
    """Whether ``source`` has the quality (CR 702.16a)."""
    c = chars(game, source)
    if isinstance(quality, Filter):
        controller = holder.controller if holder is not None else source.controller
        return matches_object(game, source, quality, controller, holder, c)
    q = str(quality).lower().replace("_", " ")
    if q == "everything":
        return True  # CR 702.16j
    if q in COLORS:
        return q in c.colors
    if q in ("all colors", "each color", "colored"):
        return bool(c.colors)
    if q == "multicolored":
        return len(c.colors) > 1
    if q == "monocolored":
        return len(c.colors) == 1
    if q == "colorless":
        return not c.colors
    singular = q[:-1] if q.endswith("s") else q
    types = {t.lower() for t in c.types} | {t.lower() for t in c.subtypes}
    return singular in types or q in types


def has_protection_from(game: Game, obj: GameObject, source: GameObject) -> bool:
    """CR 702.16b-f: ``obj`` has protection from a quality ``source`` has."""
    quals = protection_qualities(game, obj)
    if not quals:
        return False
    return any(quality_matches(game, q, source, obj) for q in quals)


KEYWORD_HOOKS.has_protection_from = has_protection_from
KEYWORD_HOOKS.quality_matches = quality_matches
