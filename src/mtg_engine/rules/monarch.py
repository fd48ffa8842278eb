"""The monarch (CR 724).

* 724.1: a designation a player can have (``Player.monarch``); there is none until
  an effect says a player becomes the monarch (:func:`become_monarch`, run by the
  ``become_monarch`` effect, effects/monarch.py).
* 724.2: two inherent triggered abilities with no source, controlled by the
  monarch as they trigger: "At the beginning of the monarch's end step, that
  player draws a card" (:func:`_end_step_draw`) and "Whenever a creature deals
  combat damage to the monarch, its controller becomes the monarch"
  (:func:`_combat_damage_takes`).
* 724.3: only one player is the monarch at a time: as a player becomes the
  monarch, the current monarch ceases to be.
* 724.4: the monarch leaving the game passes the designation on
  (:func:`monarch_leaves`, called by rules/leave_game.py).
* "if you're the monarch" (condition ``monarch``); "whenever you become the
  monarch" triggers on the :attr:`EventKind.MONARCH` event (rules/triggers.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import (
    Ability,
    AbilityKind,
    ControllerOfRef,
    ControllerRef,
    Effect,
    Filter,
    Trigger,
    TriggerRef,
)
from ..game.events import Event, EventKind
from ..game.hooks import CONDITIONS, on_event
from ..game.state import Step
from .designations import combat_damage_to_player, heir, holder, sourceless_trigger
from .filters import matches_player
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

register(
    "condition:monarch",
    "cond:monarch",
    "condition:opponent_monarch",
    "cond:opponent_monarch",
    "condition:player_monarch",
    "cond:player_monarch",
    "trigger:becomes_monarch",
)

#: CR 724.2: "At the beginning of the monarch's end step, that player draws a card."
END_STEP_ABILITY: Final = Ability(
    AbilityKind.TRIGGERED,
    text="At the beginning of the monarch's end step, that player draws a card.",
    effects=(Effect("draw", {"player": ControllerRef(), "amount": 1}),),
    trigger=Trigger("step", step="end", player="you"),
)
#: CR 724.2: "Whenever a creature deals combat damage to the monarch, its controller
#: becomes the monarch." ("its controller": the creature's, as it last existed if it
#: has left the battlefield, 608.2h)
COMBAT_DAMAGE_ABILITY: Final = Ability(
    AbilityKind.TRIGGERED,
    text="Whenever a creature deals combat damage to the monarch, its controller becomes "
    "the monarch.",
    effects=(Effect("become_monarch", {"player": ControllerOfRef(TriggerRef())}),),
    trigger=Trigger("deals_combat_damage", player="any"),
)
#: the name the stack shows for these sourceless abilities
NAME: Final = "The monarch"


def monarch_of(game: Game) -> int | None:
    """The player who is the monarch, None when there is none (CR 724.1)."""
    return holder(game, "monarch")


def is_monarch(game: Game, player: int) -> bool:
    return game.players[player].monarch


def become_monarch(game: Game, player: int, rules: tuple[str, ...]) -> None:
    """``player`` becomes the monarch; the current monarch ceases to be (CR 724.3).
    A player who is already the monarch doesn't become it again: nothing happens
    and nothing triggers on it."""
    p = game.players[player]
    if p.monarch or p.has_lost:
        return
    before = monarch_of(game)
    if before is not None:
        game.players[before].monarch = False
    p.monarch = True
    game.invalidate()  # "as long as you're the monarch" abilities may now apply
    text = f"{p.name} becomes the monarch"
    if before is not None:
        text += f" ({game.players[before].name} ceases to be the monarch, 724.3)"
    game.emit(
        EventKind.MONARCH,
        (*rules, "724.3") if before is not None else rules,
        text,
        player=player,
        previous=before,
    )


def monarch_leaves(game: Game, player: int) -> None:
    """CR 724.4: the monarch leaves the game: at the same time the active player
    becomes the monarch, or, if the active player is the one leaving, the next
    player in turn order still in the game; with none, there's no monarch."""
    if not game.players[player].monarch:
        return
    game.players[player].monarch = False
    to = heir(game, player)
    if to is None:
        game.invalidate()
        game.emit(
            EventKind.MONARCH,
            ("724.4",),
            f"{game.players[player].name} left the game: there is no monarch",
            player=-1,
            previous=player,
        )
        return
    become_monarch(game, to, ("724.4",))


def _pending(game: Game, ability: Ability, controller: int, event: dict[str, Any]) -> None:
    """CR 724.2: the ability has no source; the monarch controls it (an exception to
    113.8)."""
    sourceless_trigger(
        game,
        NAME,
        ability,
        controller,
        event,
        ("724.2",),
        f'{game.players[controller].name} is the monarch: the ability "{ability.text}" triggers',
    )


@on_event(EventKind.STEP, rules=True, watch=[("end",)])
def _end_step_draw(game: Game, ev: Event, subject: Any) -> None:
    """CR 724.2, 513.1a: the monarch's end step begins: "that player draws a card"
    triggers (the active player, if they are the monarch as it begins)."""
    if game.step != Step.END:
        return
    me = game.active
    if game.players[me].monarch and not game.players[me].has_lost:
        _pending(game, END_STEP_ABILITY, me, {"player": me})


@on_event(EventKind.DAMAGE, rules=True)
def _combat_damage_takes(game: Game, ev: Event, subject: Any) -> None:
    """CR 724.2, 510.2: a creature dealt combat damage to the monarch: "its
    controller becomes the monarch" triggers, controlled by the monarch."""
    hit = combat_damage_to_player(game, ev)
    if hit is None or not game.players[hit[0]].monarch:
        return
    who, src = hit
    _pending(game, COMBAT_DAMAGE_ABILITY, who, {"obj": src.id, "player": who})


def _monarch_condition(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "if you're the monarch", "as long as you're the monarch" (CR 724)."""
    return is_monarch(game, controller)


def _opponent_monarch(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "if an opponent is the monarch" (CR 724, 102.3)."""
    return monarch_of(game) in game.opponents(controller)


def _player_monarch(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "if [a player] is the monarch" (CR 724); "defending player is the monarch" in
    a combat restriction is combat's (rules/combat_rules.condition_holds, 508.5)."""
    who = monarch_of(game)
    flt = cond.args.get("filter")
    return (
        who is not None
        and isinstance(flt, Filter)
        and matches_player(game, who, flt, controller, source)
    )


CONDITIONS.setdefault("monarch", _monarch_condition)
CONDITIONS.setdefault("player_monarch", _player_monarch)
CONDITIONS.setdefault("opponent_monarch", _opponent_monarch)
