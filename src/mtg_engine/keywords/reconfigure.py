"""Reconfigure (CR 702.151).

702.151a: Reconfigure represents two activated abilities. "Reconfigure [cost]"
means "[Cost]: Attach this permanent to another target creature you control.
Activate only as a sorcery" and "[Cost]: Unattach this permanent. Activate only
if this permanent is attached to a creature and only as a sorcery." 702.151b:
attaching an Equipment with reconfigure to another creature causes the Equipment
to stop being a creature until it becomes unattached from that creature.

The compiled keyword ability becomes the first (attach, like equip's, 701.3a);
the second and the "stops being a creature" part (a layer 4 effect, 613.1d: it
loses the card type creature and with it its creature types, 205.3d) are the
abilities the keyword also stands for. An Equipment stays attached only to a
creature (704.5n), so "attached to a creature" is read as "attached".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import (
    Ability,
    AbilityKind,
    Condition,
    Cost,
    Effect,
    Filter,
    SelfRef,
    StaticEffect,
    TargetRef,
    TargetSpec,
)
from ..game.hooks import activated_keyword, condition, effect, expansion
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.support import register, register_keywords
from ..rules.zones import becomes_unattached

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..rules.effects_runner import Ctx

RECONFIGURE = "Reconfigure"
register_keywords(RECONFIGURE)

#: "this permanent is attached to a creature" (CR 702.151a-b)
ATTACHED = "reconfigure_attached"
#: the effect of the second ability: "Unattach this permanent"
UNATTACH = "reconfigure_unattach"
register(f"condition:{ATTACHED}", f"effect:{UNATTACH}")

_ATTACHED = Condition(ATTACHED)


@condition(ATTACHED)
def _is_attached(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    if source is None or source.attached_to is None:
        return False
    host = game.objects.get(source.attached_to)
    return host is not None and host.zone == Zone.BATTLEFIELD


def _cost(a: Ability) -> tuple[Cost, str]:
    cost = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    cost = cost if cost is not None else Cost()
    return cost, cost.mana or ""


@activated_keyword(RECONFIGURE)
def reconfigure_attach(a: Ability) -> Ability:
    """702.151a: "[Cost]: Attach this permanent to another target creature you
    control. Activate only as a sorcery." """
    cost, mana = _cost(a)
    you_other = (("controller", "you"), ("other", True))
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Reconfigure {mana} ({mana}: Attach this permanent to another target creature "
        "you control. Activate only as a sorcery.)",
        cost=cost,
        targets=(TargetSpec(Filter(kinds=("Creature",), conditions=you_other)),),
        effects=(Effect("equip_attach", {"to": TargetRef(0), "rule": "702.151a"}),),
        timing="sorcery",
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "rule": "702.151a"},
    )


@expansion(RECONFIGURE)
def reconfigure_abilities(a: Ability) -> tuple[Ability, ...]:
    """702.151a-b: the unattach ability, and "isn't a creature while attached"."""
    cost, mana = _cost(a)
    unattach = Ability(
        AbilityKind.ACTIVATED,
        text=f"Reconfigure {mana} ({mana}: Unattach this permanent. Activate only if this "
        "permanent is attached to a creature and only as a sorcery.)",
        cost=cost,
        effects=(Effect(UNATTACH, {}),),
        timing="sorcery",
        restrictions=(("condition", _ATTACHED),),
        keyword_args={"rule": "702.151a"},
    )
    not_creature = Ability(
        AbilityKind.STATIC,
        text="As long as this permanent is attached to a creature, it isn't a creature.",
        static=(
            StaticEffect(
                "lose_types",
                SelfRef(),
                {"types": ("Creature",), "all_creature_types": True},
                condition=_ATTACHED,
            ),
        ),
        keyword_args={"rule": "702.151b"},
    )
    return (unattach, not_creature)


@effect(UNATTACH)
def reconfigure_unattach(ctx: Ctx, e: Effect) -> bool:
    """702.151a: "Unattach this permanent" (701.3d); it's a creature again (702.151b)."""
    src = ctx.source
    here = src is not ctx.obj and ctx.game.objects.get(src.id) is src
    if here and src.zone == Zone.BATTLEFIELD and src.attached_to is not None:
        becomes_unattached(ctx.game, src, ("702.151a", "701.3d"))
    return True
