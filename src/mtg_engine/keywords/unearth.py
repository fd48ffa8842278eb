"""Unearth (CR 702.84).

702.84a: Unearth is an activated ability that functions while the card with
unearth is in a graveyard. "Unearth [cost]" means "[Cost]: Return this card
from your graveyard to the battlefield. It gains haste. Exile it at the
beginning of the next end step. If it would leave the battlefield, exile it
instead of putting it anywhere else. Activate only as a sorcery."

The ability is spelled out in the engine's own instructions, once
(:func:`unearth`): the return (effects/zones.py), haste as a layer-6 effect
(613.1f), a delayed triggered ability (603.7) that exiles the returned
permanent, and a replacement effect on that permanent (614.1a,
``exile_if_leaves``: rules/zone_replacements.py applies it in the event
pipeline, so the permanent goes to exile instead of anywhere else — never to
the graveyard first). The returned permanent is a new object (CR 400.7): if it
left and came back, none of these apply to it any more.
"""

from __future__ import annotations

from ..cards.abilities import Ability, AbilityKind, Effect, ParentRef, SelfRef, Trigger
from ..game.hooks import activated_keyword
from ..rules.costs import as_cost
from ..rules.support import register_keywords

register_keywords("Unearth")

_IT = ParentRef("it")  # the permanent the card became (CR 400.7, 608.2c)

#: CR 702.84a, in the engine's instructions
EFFECTS = (
    Effect("return_to_battlefield", {"what": SelfRef()}),
    Effect("grant_keyword", {"what": _IT, "keyword": "Haste", "duration": None}),
    Effect(
        "delayed_trigger",
        {
            "trigger": Trigger(event="step", step="end_step", player="next"),
            "effects": (Effect("exile", {"what": _IT}),),
        },
    ),
    Effect("exile_if_leaves", {"what": _IT, "rule": "702.84a"}),
)

TEXT = (
    "Return this card from your graveyard to the battlefield. It gains haste. Exile it at "
    "the beginning of the next end step. If it would leave the battlefield, exile it instead "
    "of putting it anywhere else. Activate only as a sorcery."
)


@activated_keyword("Unearth")
def unearth(a: Ability) -> Ability:
    """702.84a: the activated ability "Unearth [cost]" stands for."""
    cost = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    mana = getattr(cost, "mana", None) or ""
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Unearth {mana} ({mana}: {TEXT})",
        cost=cost,
        effects=EFFECTS,
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "from_zone": "graveyard", "rule": "702.84a"},
        timing="sorcery",
    )
