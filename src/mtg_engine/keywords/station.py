"""Station (CR 702.184) and the station symbols of station cards (CR 721).

* 702.184a Station: "Tap another untapped creature you control: Put a number of
  charge counters on this permanent equal to the tapped creature's power.
  Activate only as a sorcery." The cost is the ``tap_permanents`` component
  (``rules/cost_components.py``); activation records the creature it tapped
  (``paid["tapped"]``, ``rules/activating.py``), and the amount reads that
  creature's power as the ability resolves, or as it last existed on the
  battlefield if it has left (CR 608.2h).
* 721.2a "{N+}[abilities]": "As long as this permanent has N or more charge
  counters on it, it has [abilities]"; 721.2b with a power/toughness box, it is
  also a creature in addition to its other types. The compiler
  (``cards/compiler/leveler.py``) assembles each striation into a static ability
  with the ``charge_counters`` condition evaluated here; its printed power and
  toughness are the base ones (the card file writes the box as the card's P/T).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, Amount, Cost, Effect, Filter, ParentRef, SelfRef
from ..game.hooks import activated_keyword, condition
from ..rules.support import register, register_keywords

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Station")
register("condition:charge_counters")

#: the counter station puts and station symbols count (CR 702.184a, 721.2a)
CHARGE_COUNTER = "charge"

#: "another untapped creature you control" (tap_choices keeps the untapped ones)
_ANOTHER_CREATURE = Filter(
    kinds=("Creature",), zone="battlefield", conditions=(("controller", "you"), ("other", True))
)


@activated_keyword("Station")
def station(a: Ability) -> Ability:
    """CR 702.184a: the activated ability the keyword stands for."""
    return Ability(
        AbilityKind.ACTIVATED,
        text="Station (Tap another creature you control: Put charge counters equal to its "
        "power on this permanent. Station only as a sorcery.)",
        cost=Cost(other=(("tap_permanents", (_ANOTHER_CREATURE, 1)),)),
        effects=(
            Effect(
                "put_counters",
                {
                    "what": SelfRef(),
                    "counter": CHARGE_COUNTER,
                    "amount": Amount("power", ref=ParentRef("tapped")),
                    "rule": "702.184a",
                },
            ),
        ),
        timing="sorcery",
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "rule": "702.184a"},
    )


@condition("charge_counters")
def _charge_counters(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """A station symbol's condition: N or more charge counters on the permanent that
    has it (CR 721.2a)."""
    if source is None:
        return False
    return source.counters.get(CHARGE_COUNTER, 0) >= int(cond.args.get("min", 0))
