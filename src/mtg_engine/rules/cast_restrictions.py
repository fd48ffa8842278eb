"""Restrictions in a card's own text on when it may be cast (CR 601.3).

"Cast this spell only during your declare attackers step." (Camouflage),
"... only during combat before blockers are declared." (Blaze of Glory), "...
only if you control a creature." The compiler gives each as a ``("cast_only",
value)`` restriction on a static ability (or on the spell ability): ``value`` is
a moment spelled with underscores (the keys of :data:`CAST_TIMINGS`) or a
:class:`~mtg_engine.cards.abilities.Condition`.

CR 601.3: a player can begin to cast a spell only if no rule or effect prohibits
it; such a restriction applies however the spell is cast, even while another
ability resolves ("cast it without paying its mana cost").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ..cards.abilities import Condition
from ..game.state import Step
from .combat_rules import defending_player_of
from .conditions import evaluate
from .support import COVERAGE_PROBES, register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game
    from .char_values import Chars

_COMBAT: Final = frozenset(
    (
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.FIRST_STRIKE_DAMAGE,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    )
)
_AFTER_BLOCKERS: Final = frozenset(
    (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
)
_BEFORE_BLOCKERS: Final = frozenset((Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS))
_MAIN: Final = frozenset((Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN))

#: (game, caster, step, caster is the active player) -> whether the moment is now
_Check = Callable[["Game", int, int, bool], bool]

#: the moments a "Cast this spell only ..." restriction names (CR 500-514 steps)
CAST_TIMINGS: dict[str, _Check] = {
    "during_your_turn": lambda g, p, s, yours: yours,
    "during_an_opponents_turn": lambda g, p, s, yours: not yours,
    "during_combat": lambda g, p, s, yours: s in _COMBAT,
    "during_combat_on_your_turn": lambda g, p, s, yours: yours and s in _COMBAT,
    "during_combat_on_an_opponents_turn": lambda g, p, s, yours: not yours and s in _COMBAT,
    "before_attackers_are_declared": lambda g, p, s, yours: s < Step.DECLARE_ATTACKERS,
    "before_blockers_are_declared": lambda g, p, s, yours: s < Step.DECLARE_BLOCKERS,
    "during_combat_before_blockers_are_declared": lambda g, p, s, yours: s in _BEFORE_BLOCKERS,
    "during_combat_on_your_turn_before_blockers_are_declared": lambda g, p, s, yours: (
        yours and s in _BEFORE_BLOCKERS
    ),
    "before_combat_or_during_combat_before_blockers_are_declared": lambda g, p, s, yours: (
        s < Step.DECLARE_BLOCKERS
    ),
    "during_combat_after_blockers_are_declared": lambda g, p, s, yours: s in _AFTER_BLOCKERS,
    "before_the_combat_damage_step": lambda g, p, s, yours: s < Step.FIRST_STRIKE_DAMAGE,
    "after_combat": lambda g, p, s, yours: s > Step.END_OF_COMBAT,
    "during_the_declare_attackers_step": lambda g, p, s, yours: s == Step.DECLARE_ATTACKERS,
    "during_your_declare_attackers_step": lambda g, p, s, yours: (
        yours and s == Step.DECLARE_ATTACKERS
    ),
    "during_the_declare_blockers_step": lambda g, p, s, yours: s == Step.DECLARE_BLOCKERS,
    "during_the_declare_blockers_step_on_an_opponents_turn": lambda g, p, s, yours: (
        not yours and s == Step.DECLARE_BLOCKERS
    ),
    "during_your_upkeep": lambda g, p, s, yours: yours and s == Step.UPKEEP,
    "during_an_opponents_upkeep": lambda g, p, s, yours: not yours and s == Step.UPKEEP,
    "during_your_end_step": lambda g, p, s, yours: yours and s == Step.END,
    "during_your_main_phase": lambda g, p, s, yours: yours and s in _MAIN,
    "during_an_opponents_turn_,_before_attackers_are_declared": lambda g, p, s, yours: (
        not yours and s < Step.DECLARE_ATTACKERS
    ),
    "during_an_opponents_turn_after_their_upkeep_step": lambda g, p, s, yours: (
        not yours and s > Step.UPKEEP
    ),
}

# "Cast this spell only during ..." / "... only if <condition>"
register("restriction:cast_timing", "restriction:cast_only")


def _attacked_this_step(game: Game, player: int, step: int, yours: bool) -> bool:
    """ "only if you've been attacked this step": a creature attacks you or a
    planeswalker or battle of yours in this declare attackers step (CR 508.1)."""
    combat = game.combat
    if combat is None or step != Step.DECLARE_ATTACKERS:
        return False
    return any(defending_player_of(game, d) == player for d in combat.attackers.values())


CAST_TIMINGS["if_you've_been_attacked_this_step"] = _attacked_this_step


def is_known(value: object) -> bool:
    """Whether the engine checks this restriction (for coverage, ``rules/support``)."""
    return isinstance(value, Condition) or value in CAST_TIMINGS


#: what rules/support reports as run (coverage)
COVERAGE_PROBES.cast_timing_known = is_known


def has_cast_restrictions(c: Chars) -> bool:
    """Whether any ability of these characteristics restricts casting (cheap)."""
    return any(a.restrictions and _cast_only(a.restrictions) for a in c.abilities)


def _cast_only(restrictions: tuple) -> bool:
    return any(k == "cast_only" for k, _ in restrictions)


def cast_restriction_problem(game: Game, player: int, o: GameObject, c: Chars) -> str | None:
    """Why the card's own text forbids casting it now, or None (CR 601.3)."""
    for a in c.abilities:
        if not a.restrictions:
            continue
        for key, value in a.restrictions:
            if key != "cast_only":
                continue
            if isinstance(value, Condition):
                if not evaluate(game, value, player, o):
                    return f"{o.name} can be cast only if its condition is met (rule 601.3)"
                continue
            check = CAST_TIMINGS.get(str(value))
            if check is None:
                return f"casting restriction {value!r} isn't implemented (rule 601.3)"
            if not check(game, player, game.step, game.is_active(player)):
                words = (
                    str(value)
                    .replace("_,", ",")
                    .replace("_", " ")
                    .replace("opponents", "opponent's")
                )
                return f"{o.name} can be cast only {words} (rule 601.3)"
    return None
