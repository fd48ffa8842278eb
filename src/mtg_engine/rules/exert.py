"""Exert (CR 701.43) as an optional cost to attack (508.1g).

"You may exert this creature as it attacks" is a static ability (op
``may_exert``): as attackers are declared, the active player chooses for each
attacking creature with it whether to exert it (CR 508.1g, 701.43d). To exert a
permanent is to choose to have it not untap during your next untap step
(701.43a): the untap step of the player who exerted it, even if another player
controls it by then (rules/untap_restrictions.py). "When you do, ..." printed
in the same paragraph is a linked triggered ability (701.43d, 607.2h): it
triggers as the creature is exerted (compiled as the static's ``then``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, AbilityKind, Effect
from ..game.events import EventKind
from .characteristics import chars
from .support import register
from .untap_restrictions import skip_next_untap

if TYPE_CHECKING:
    from ..game.state import Game

register("static:may_exert", "trigger:exerted", "cost:exert", "mana_ability_cost:exert")


def _exert_ability(game: Game, oid: int) -> tuple[Ability, Effect | None] | None:
    """The creature's "you may exert it as it attacks" ability and its linked
    "when you do" reflexive ability (CR 701.43d), if it has one."""
    for a in chars(game, game.objects[oid]).abilities:
        if a.kind is not AbilityKind.STATIC:
            continue
        for st in a.static:
            if st.op == "may_exert":
                then = st.args.get("then")
                return a, then if isinstance(then, Effect) else None
    return None


def may_exert(game: Game, attackers: list[int]) -> list[int]:
    """The attacking creatures whose controller may exert them as they attack
    (CR 508.1g): those with "you may exert this creature as it attacks"."""
    return [c for c in attackers if _exert_ability(game, c) is not None]


def exert_as_cost(game: Game, oid: int, player: int) -> None:
    """ "{T}, Exert this creature: ..." (CR 701.43a, 602.2b): exerting it pays that
    part of the cost; it can be exerted even if it's already exerted (701.43b)."""
    _exerted(game, oid, player, ("602.2b", "701.43a"), "to pay a cost")


def _exerted(game: Game, oid: int, player: int, rules: tuple[str, ...], how: str) -> None:
    """CR 701.43a: the permanent won't untap during ``player``'s next untap step;
    "whenever you exert a creature" triggers."""
    o = game.objects[oid]
    skip_next_untap(game, [oid], oid, player, exerted_by=player)
    game.emit(
        EventKind.CONTINUOUS_EFFECT,
        rules,
        f"{game.players[player].name} exerts {o.name} {how}: it won't untap "
        f"during {game.players[player].name}'s next untap step",
        player=player,
    )
    # "whenever you exert a creature" (rules/triggers.py)
    game.emit(
        EventKind.EXERTED,
        ("701.43a",),
        f"{game.players[player].name} exerted {o.name}",
        player=player,
        obj=oid,
    )


def exert(game: Game, oid: int, player: int) -> None:
    """CR 701.43a: ``player`` exerts the creature as it attacks: it doesn't untap
    during their next untap step; its "when you do" ability triggers (701.43d, 603.12)."""
    o = game.objects[oid]
    _exerted(game, oid, player, ("508.1g", "701.43a"), "as it attacks")
    found = _exert_ability(game, oid)
    if found is None:
        return
    ability, then = found
    if then is None:
        return
    effects = tuple(then.args.get("effects") or ())
    targets = tuple(then.args.get("targets") or ())
    text = next(
        (s.strip() for s in ability.text.split(". ") if s.lower().startswith("when you do")),
        ability.text,
    )
    game.pending_triggers.append(
        {
            "source": oid,
            "source_name": o.name,
            "source_token": o.card.token_spec,
            "card_uid": o.card_uid,
            "controller": player,
            "ability": Ability(AbilityKind.TRIGGERED, text=text, effects=effects, targets=targets),
            "event": {},
        }
    )
    game.emit(
        EventKind.TRIGGER,
        ("603.12", "701.43d"),
        f"{o.name}'s reflexive triggered ability triggers: {text}",
        player=player,
    )
