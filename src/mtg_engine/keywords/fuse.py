"""Fuse (CR 702.102) on split cards (CR 709).

702.102a: fuse applies while the split card is in a player's hand: casting it
from there, the player may cast both halves instead of choosing one; the choice
is made before the card is put onto the stack and the result is a fused split
spell. 702.102b / 709.4d: a fused split spell has the two halves' combined
characteristics (two names, combined mana cost and mana value, both colors).
702.102c: its total cost includes each half's mana cost. 702.102d: as it
resolves, its controller follows the left half's instructions, then the right
half's.

Cast with ``CastSpell(card, fuse=True)`` (the scenario format's ``fuse: true``).
On the stack the spell carries ``chosen["fused"]`` (read by
:func:`mtg_engine.rules.multiface.printed_key`) and one spell ability made of
both halves' instructions, the right half's targets numbered after the left
half's (CR 601.2c: targets are chosen for the whole spell).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards.abilities import Ability, AbilityKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import Zone
from ..rules.support import register_keywords
from .splice import _shift as shift_target_refs

if TYPE_CHECKING:
    from ..game.objects import CardDef, GameObject

register_keywords("Fuse")

FUSE = "Fuse"


def has_fuse(card: CardDef) -> bool:
    """Whether the split card has fuse (printed on its halves, CR 702.102a)."""
    key = "has_fuse"
    v = card.cache.get(key)
    if v is None:
        v = (
            card.data.layout == "split"
            and len(card.faces) == 2
            and len(card.compiled) == 2
            and any(a.keyword == FUSE for f in card.compiled for a in f.abilities)
        )
        card.cache[key] = v
    return bool(v)


def _half_spell_ability(card: CardDef, i: int) -> Ability | None:
    for a in card.compiled[i].abilities:
        if a.kind is AbilityKind.SPELL:
            return a
    return None


def fused_ability(card: CardDef) -> Ability | None:
    """CR 702.102d: the spell ability of a fused split spell: the left half's
    instructions, then the right half's; the right half's targets follow the
    left half's (its target references are renumbered). None if a half has no
    spell ability or is modal (no fuse card is)."""
    key = "fused_ability"
    if key in card.cache:
        return card.cache[key]
    left, right = _half_spell_ability(card, 0), _half_spell_ability(card, 1)
    out: Ability | None = None
    if left is not None and right is not None and not left.modes and not right.modes:
        n = len(left.targets)
        out = replace(
            left,
            effects=left.effects + tuple(shift_target_refs(e, n) for e in right.effects),
            targets=left.targets + right.targets,
            text=f"{left.text}\n{right.text}",
        )
    card.cache[key] = out
    return out


def fuse_problem(o: GameObject) -> str | None:
    """Why ``o`` can't be cast as a fused split spell (CR 702.102a), or None."""
    if not has_fuse(o.card):
        return f"{o.name} has no fuse: only split cards with fuse are fused (rule 702.102a)"
    if o.zone != Zone.HAND:
        return f"{o.name} can be cast fused only from your hand (rule 702.102a)"
    if fused_ability(o.card) is None:
        return (
            f"{o.name}'s halves can't be fused: a half has no compiled spell text (rule 702.102d)"
        )
    return None


def mark_fused(game: object, obj: GameObject) -> None:
    """CR 702.102a-b, 709.4d: the spell put on the stack is a fused split spell with
    both halves' combined characteristics and instructions."""
    obj.chosen = {**(obj.chosen or {}), "fused": True}
    game.invalidate()  # type: ignore[attr-defined]
    obj.ability = fused_ability(obj.card)


KEYWORD_HOOKS.fuse_problem = fuse_problem
KEYWORD_HOOKS.fused_ability = fused_ability
KEYWORD_HOOKS.mark_fused = mark_fused
