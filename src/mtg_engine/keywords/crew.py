"""Crew (CR 702.122) and saddle (CR 702.171).

CR 702.122a: "Crew N" means "Tap any number of other untapped creatures you
control with total power N or greater: This permanent becomes an artifact
creature until end of turn." The cost is the component ``("crew", N)`` of
``Cost.other``; activation (``rules/activating.py``) asks which creatures to tap
with :func:`crew_decision_data` (one set decision whose answer must reach the
total power, CR 702.122a) and taps them with :func:`tap_crew`.

* Tapping creatures isn't a {T} cost of those creatures, so creatures that
  came under their controller's control this turn can crew (CR 302.6 restricts
  only their own {T} abilities).
* CR 702.122b: a creature "crews a Vehicle" when it's tapped to pay the cost
  (an event ``crews`` is logged for each).
* CR 702.122c: a creature that "can't crew Vehicles" can't be tapped for it.
* The effect is a layer-4 type change (CR 613.1d) until end of turn (CR 514.2);
  a Vehicle that isn't a creature has no power to attack with and can't be
  declared as an attacker (CR 301.7b, 508.1a).

CR 702.171a: "Saddle N" means "Tap any number of other untapped creatures you
control with total power N or greater: This permanent becomes saddled until end
of turn. Activate only as a sorcery." It pays its cost the same way (component
``("saddle", N)``); a creature tapped for it "saddles" the permanent (702.171c).
Saddled (CR 702.171b) is a designation kept in ``chosen["saddled_turn"]``: it lasts
until end of turn or until the permanent leaves the battlefield (a new object,
CR 400.7), and isn't copiable. :func:`is_saddled` reads it ("attacks while
saddled", ``rules/triggers.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, SelfRef
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS, activated_keyword
from ..rules.characteristics import chars
from ..rules.support import register, register_keywords
from ..rules.tap_replacements import tap_forbidden
from ..rules.tapping import became_tapped, pay_tap

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Crew", "Saddle")
register("trigger_detail:saddled")  # "attacks while saddled" (CR 702.171b)
#: "This creature crews Vehicles as though its power were 2 greater" (a static of the
#: creature, read as it's tapped to crew or saddle: :func:`crew_candidates`)
POWER_BONUS = "crew_power_bonus"
register(f"static:{POWER_BONUS}")
#: "whenever this creature crews a Vehicle" (CR 702.122b: the ``crews`` event of
#: :func:`tap_crew`, rules/triggers.py), "that Vehicle" its ``other``
register("trigger:crews")
#: "target creature that crewed it this turn" (CR 702.122b; rules/filters.py reads
#: ``turn_flags.crewed_by``, which :func:`tap_crew` records)
register("cond:crewed_source")

#: cost component -> (keyword rule, "tapped to crew/saddle" rule, verb)
_KINDS = {"crew": ("702.122a", "702.122b", "crew"), "saddle": ("702.171a", "702.171c", "saddle")}

#: at most this many ways to crew are listed for agents (any superset is legal too)
_MAX_OPTIONS = 24


def crew_kind(cost: Cost) -> str | None:
    """``"crew"`` or ``"saddle"`` when the cost taps creatures by total power."""
    for k, _v in cost.other:
        if k in _KINDS:
            return k
    return None


def crew_amount(cost: Cost) -> int | None:
    """N of a "Crew N" / "Saddle N" cost component, or None."""
    for k, v in cost.other:
        if k in _KINDS:
            return int(v) if isinstance(v, int) else 0
    return None


@activated_keyword("Saddle")
def saddle(a: Ability) -> Ability:
    n = a.keyword_args.get("n", 0)
    n = n if isinstance(n, int) else 0
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Saddle {n} (Tap any number of other untapped creatures you control with total "
        f"power {n} or more: This Mount becomes saddled until end of turn. Saddle only as a "
        "sorcery.)",
        cost=Cost(other=(("saddle", n),)),
        effects=(Effect("become_saddled", {"rule": "702.171a"}),),
        timing="sorcery",
        keyword="Saddle",
        keyword_args={**a.keyword_args, "rule": "702.171a"},
    )


def is_saddled(game: Game, o: GameObject) -> bool:
    """CR 702.171b: it became saddled this turn (and hasn't left the battlefield)."""
    return (o.chosen or {}).get("saddled_turn") == game.turn


@activated_keyword("Crew")
def crew(a: Ability) -> Ability:
    n = a.keyword_args.get("n", 0)
    n = n if isinstance(n, int) else 0
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Crew {n} (Tap any number of other untapped creatures you control with total "
        f"power {n} or greater: This permanent becomes an artifact creature until end of turn.)",
        cost=Cost(other=(("crew", n),)),
        effects=(
            Effect(
                "add_types",
                {"what": SelfRef(), "types": ("Artifact", "Creature"), "duration": "end_of_turn"},
            ),
        ),
        keyword="Crew",
        keyword_args={**a.keyword_args, "rule": "702.122a"},
    )


def _cant_crew(game: Game, o: GameObject) -> bool:
    """CR 702.122c: "can't crew Vehicles" (a continuous effect on the creature)."""
    return any(e.op == "cant_crew" and o.id in e.affected for e in game.effects)


def _power_bonus(c: Any, kind: str) -> int:
    """ "This creature [saddles Mounts and] crews Vehicles as though its power were 2
    greater": what it adds to its power as it crews or saddles (``kind``)."""
    return sum(
        int(st.args.get("amount") or 0)
        for a in c.abilities
        if a.kind is AbilityKind.STATIC
        for st in a.static
        if st.op == POWER_BONUS and kind in st.args.get("kinds", ())
    )


def crew_candidates(
    game: Game, player: int, vehicle: GameObject, kind: str = "crew"
) -> list[tuple[int, int]]:
    """(creature, power) for each other untapped creature ``player`` controls that
    can crew (CR 702.122a, 702.122c), or saddle (``kind``, 702.171a); the power it
    counts with ("as though its power were 2 greater")."""
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if oid == vehicle.id or o.controller != player or o.tapped or o.phased_out:
            continue
        c = chars(game, o)
        if "Creature" not in c.types or _cant_crew(game, o):
            continue
        if tap_forbidden(game, o) is not None:
            continue  # CR 101.2, 118.3: it can't be tapped to pay the cost
        out.append((oid, (c.power or 0) + _power_bonus(c, kind)))
    return out


def crew_problem(
    game: Game, player: int, vehicle: GameObject, n: int, cost: Cost | None = None
) -> str | None:
    """Why the crew/saddle cost can't be paid now (CR 702.122a, 702.171a, 602.2b)."""
    rule, _, verb = _KINDS[crew_kind(cost) or "crew"] if cost is not None else _KINDS["crew"]
    kind = (crew_kind(cost) if cost is not None else None) or "crew"
    total = sum(max(0, p) for _, p in crew_candidates(game, player, vehicle, kind))
    if total < n:
        return (
            f"you don't control other untapped creatures with total power {n} or greater "
            f"to {verb} it (rule {rule})"
        )
    return None


def crew_decision(game: Game, player: int, vehicle: GameObject, cost: Cost) -> Decision:
    """The decision of the creatures tapped to pay a crew or saddle cost."""
    rule, _, verb = _KINDS[crew_kind(cost) or "crew"]
    n = crew_amount(cost) or 0
    return Decision(
        DecisionKind.CHOOSE_OBJECTS,
        player,
        rule,
        f"Choose untapped creatures with total power {n} or greater to {verb} {vehicle.name}",
        crew_decision_data(game, player, vehicle, n, crew_kind(cost) or "crew"),
    )


def crew_decision_data(
    game: Game, player: int, vehicle: GameObject, n: int, kind: str = "crew"
) -> dict[str, Any]:
    """The CHOOSE_OBJECTS decision of the creatures to tap: any set of candidates whose
    total power is ``n`` or greater (``min_power``, checked by ``rules/decisions.py``)."""
    cands = crew_candidates(game, player, vehicle, kind)
    return {
        "candidates": [oid for oid, _ in cands],
        "powers": [p for _, p in cands],
        "min": 1 if n > 0 else 0,
        "max": len(cands),
        "min_power": n,
        "purpose": DecisionPurpose.CREW,
    }


def power_problem(data: dict[str, Any], chosen: tuple[int, ...]) -> str | None:
    """CR 702.122a: the tapped creatures' total power must be N or greater."""
    powers = dict(zip(data["candidates"], data["powers"], strict=True))
    total = sum(powers.get(c, 0) for c in chosen)
    if total < data["min_power"]:
        return (
            f"the creatures tapped to crew have total power {total}; "
            f"{data['min_power']} or greater is needed (rule 702.122a)"
        )
    return None


def crew_options(data: dict[str, Any]) -> list[tuple[int, ...]]:
    """Minimal sets of creatures that crew (any superset is legal as well): the
    options listed for agents, strongest creatures first, at most a few dozen."""
    pairs = sorted(zip(data["candidates"], data["powers"], strict=True), key=lambda cp: -cp[1])
    need = data["min_power"]
    if need <= 0:
        return [()]  # "Crew 0": tapping no creature pays it
    out: list[tuple[int, ...]] = []

    def extend(start: int, chosen: list[int], total: int) -> None:
        if len(out) >= _MAX_OPTIONS:
            return
        if total >= need:
            out.append(tuple(chosen))
            return
        for i in range(start, len(pairs)):
            oid, p = pairs[i]
            if p <= 0:
                continue
            chosen.append(oid)
            extend(i + 1, chosen, total + p)
            chosen.pop()
            if len(out) >= _MAX_OPTIONS:
                return

    extend(0, [], 0)
    return out


def tap_crew(
    game: Game,
    vehicle_name: str,
    player: int,
    creatures: list[int],
    cost: Cost | None = None,
    vehicle: int | None = None,
) -> None:
    """Tap the creatures chosen to pay the cost; each crews the Vehicle (CR 702.122b)
    or saddles the Mount (CR 702.171c), which remembers them for this turn."""
    kind = (crew_kind(cost) if cost is not None else None) or "crew"
    _, rule, verb = _KINDS[kind]
    if kind == "saddle" and vehicle is not None:
        flags = game.turn_flags
        flags.saddled_by = {
            **flags.saddled_by,
            vehicle: (*flags.saddled_by.get(vehicle, ()), *creatures),
        }
    elif vehicle is not None:
        # "a creature that crewed it this turn" (CR 702.122b)
        flags = game.turn_flags
        flags.crewed_by = {
            **flags.crewed_by,
            vehicle: (*flags.crewed_by.get(vehicle, ()), *creatures),
        }
    for oid in creatures:
        o = game.objects.get(oid)
        if o is None:
            continue
        tapped = pay_tap(game, o, (rule, "602.2b"))
        game.emit(
            EventKind.CREWS if kind == "crew" else EventKind.SADDLES,
            (rule, "602.2b"),
            f"{o.name} is tapped to {verb} {vehicle_name}",
            obj=oid,
            player=player,
            other=vehicle if vehicle is not None else -1,  # "that Vehicle" (702.122b)
        )
        if tapped:
            became_tapped(game, (o,), (rule,))
    game.invalidate()


KEYWORD_HOOKS.crew_amount = crew_amount
KEYWORD_HOOKS.crew_problem = crew_problem
KEYWORD_HOOKS.crew_decision = crew_decision
KEYWORD_HOOKS.tap_crew = tap_crew
KEYWORD_HOOKS.crew_options = crew_options
KEYWORD_HOOKS.crew_power_problem = power_problem
KEYWORD_HOOKS.is_saddled = is_saddled
