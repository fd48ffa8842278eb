"""Splice (CR 702.47).

702.47a: "Splice onto [quality] [cost]" means "You may reveal this card from
your hand as you cast a [quality] spell. If you do, that spell gains the
text of this card's rules text and you pay [cost] as an additional cost to
cast that spell." 702.47b: you can't splice a card whose choices (targets)
can't be made; a card can be spliced onto a spell only once; the main
spell's instructions are followed first, then each spliced card's in the
order chosen. 702.47c: the spell keeps its own characteristics (a blue spell
with Glacial Ray spliced onto it is still blue, and the spell deals the
damage). 702.47d: targets for the added text are chosen normally. 702.47e:
the spell loses the splice changes when it leaves the stack.

Cast with ``CastSpell(card, splice=(card_in_hand, ...))``; the spliced cards
stay in the hand (the example of 502.40a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from ..cards.abilities import Ability, Cost
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS, CostPart, additional_cost
from ..game.objects import Zone
from ..rules.casting import spell_ability
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from ..rules.target_refs import shift_target_refs as _shift

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Splice")


def _splice_ability(card: GameObject) -> Ability | None:
    for a in card.card.compiled[card.face].abilities:
        if a.keyword == "Splice":
            return a
    return None


def splice_problem(game: Game, player: int, spell: GameObject, cards: list[int]) -> str | None:
    """702.47a-b: each card is in your hand, has splice onto a quality the spell has,
    and is spliced once."""
    if len(set(cards)) != len(cards):
        return "a card can be spliced onto a spell only once (rule 702.47b)"
    c = chars(game, spell)
    for oid in cards:
        o = game.objects.get(oid)
        if o is None or o.zone != Zone.HAND or o.owner != player or oid == spell.id:
            return "spliced cards are revealed from your hand (rule 702.47a)"
        a = _splice_ability(o)
        if a is None:
            return f"{o.name} has no splice ability (rule 702.47a)"
        onto = str(a.keyword_args.get("onto") or "")
        # "onto Arcane", "onto instant or sorcery": a spell with any of those qualities
        qualities = onto.split(" or ") if onto else []
        if qualities and not any(q in c.subtypes or q in c.types for q in qualities):
            return f"{o.name} can be spliced only onto {onto} spells (rule 702.47a)"
    return None


@additional_cost("Splice")
def splice_additional(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    cards = [int(x) for x in opts.get("splice") or ()]
    if not cards:
        return [], None
    player = obj.controller if obj.zone == Zone.STACK else obj.owner
    problem = splice_problem(game, player, obj, cards)
    if problem:
        return [], problem
    parts = []
    for oid in cards:
        a = _splice_ability(game.objects[oid])
        assert a is not None
        cost = a.keyword_args.get("cost")
        parts.append(
            CostPart(
                cast(Cost, as_cost(cost)), 1, "702.47a", f"splice {game.objects[oid].name} {cost}"
            )
        )
    return parts, None


def splice_onto(game: Game, spell: GameObject, cards: list[int]) -> None:
    """702.47a, 702.47c: reveal the cards; the spell gains their rules text (their
    spell abilities' effects and targets, after its own)."""
    base = spell.ability
    if base is None:
        return
    effects = list(base.effects)
    targets = list(base.targets)
    names = []
    for oid in cards:
        o = game.objects[oid]
        extra = spell_ability(chars(game, o))
        if extra is None:
            continue
        n = len(targets)
        effects += [_shift(e, n) for e in extra.effects]
        targets += list(extra.targets)
        names.append(o.name)
    spell.ability = replace(
        base,
        effects=tuple(effects),
        targets=tuple(targets),
        text=base.text + "".join(f"\n[spliced: {nm}]" for nm in names),
    )
    spell.paid = {**(spell.paid or {}), "splice": list(cards)}
    game.emit(
        EventKind.SPLICE,
        ("702.47a", "702.47c"),
        f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} revealed and spliced onto {spell.name}",
    )


KEYWORD_HOOKS.splice_onto = splice_onto
