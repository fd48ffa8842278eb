"""The initiative (CR 725).

* 725.1: a designation a player can have (``Player.initiative``); there is none
  until an effect instructs a player to take it (:func:`take_initiative`, run by the
  ``take_initiative`` effect, effects/dungeon.py).
* 725.2: three inherent triggered abilities with no source, controlled by the
  player who had the initiative as they triggered: "At the beginning of the upkeep
  of the player who has the initiative, that player ventures into Undercity"
  (:func:`_upkeep_venture`), "Whenever one or more creatures a player controls deal
  combat damage to the player who has the initiative, the controller of those
  creatures takes the initiative" (:func:`_combat_damage_takes`), and "Whenever a
  player takes the initiative, that player ventures into Undercity"
  (:func:`take_initiative`).
* 725.3: only one player has the initiative at a time.
* 725.4: the player with the initiative leaving the game passes it on
  (:func:`initiative_leaves`).
* 725.5: a player who has the initiative and is told to take it again gets the
  last ability of 725.2 triggered, and no second designation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import (
    Ability,
    AbilityKind,
    ControllerOfRef,
    ControllerRef,
    Effect,
    Trigger,
    TriggerRef,
)
from ..game.events import Event, EventKind
from ..game.hooks import CONDITIONS, on_event
from ..game.state import Step
from .designations import combat_damage_to_player, heir, holder, sourceless_trigger
from .dungeons import UNDERCITY
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

register("effect:take_initiative", "cond:initiative", "condition:initiative")

_VENTURE: Final = (Effect("venture", {"player": ControllerRef(), "into": UNDERCITY}),)

#: CR 725.2, the first inherent triggered ability
UPKEEP_ABILITY: Final = Ability(
    AbilityKind.TRIGGERED,
    text="At the beginning of the upkeep of the player who has the initiative, that player "
    "ventures into Undercity.",
    effects=_VENTURE,
    trigger=Trigger("step", step="upkeep", player="you"),
)
#: CR 725.2, the second
COMBAT_DAMAGE_ABILITY: Final = Ability(
    AbilityKind.TRIGGERED,
    text="Whenever one or more creatures a player controls deal combat damage to the player "
    "who has the initiative, the controller of those creatures takes the initiative.",
    effects=(Effect("take_initiative", {"player": ControllerOfRef(TriggerRef())}),),
    trigger=Trigger("deals_combat_damage", player="any"),
)
#: CR 725.2, the third
TAKES_ABILITY: Final = Ability(
    AbilityKind.TRIGGERED,
    text="Whenever a player takes the initiative, that player ventures into Undercity.",
    effects=_VENTURE,
    trigger=Trigger("takes_initiative", player="any"),
)
#: the name the stack shows for these sourceless abilities
NAME: Final = "The initiative"


def initiative_of(game: Game) -> int | None:
    """The player who has the initiative, None when no one does (CR 725.1)."""
    return holder(game, "initiative")


def take_initiative(game: Game, player: int, rules: tuple[str, ...]) -> None:
    """``player`` takes the initiative; whoever had it ceases to (CR 725.3); "Whenever a
    player takes the initiative, that player ventures into Undercity" triggers, also
    for a player who already had it (725.5)."""
    p = game.players[player]
    if p.has_lost:
        return
    before = initiative_of(game)
    if before != player:
        if before is not None:
            game.players[before].initiative = False
        p.initiative = True
        game.invalidate()  # "if you have the initiative" may now hold
    text = f"{p.name} takes the initiative"
    cited = rules
    if before == player:
        text += " (they already have it: no second initiative, 725.5)"
        cited = (*rules, "725.5")
    elif before is not None:
        text += f" ({game.players[before].name} ceases to have it, 725.3)"
        cited = (*rules, "725.3")
    game.emit(EventKind.INITIATIVE, cited, text, player=player, previous=before)
    _pending(game, TAKES_ABILITY, player, {"player": player})


def initiative_leaves(game: Game, player: int) -> None:
    """CR 725.4: the player with the initiative leaves the game: the active player
    takes it, or, if the active player is the one leaving, the next player in turn
    order still in the game."""
    if not game.players[player].initiative:
        return
    game.players[player].initiative = False
    game.invalidate()
    to = heir(game, player)
    if to is not None:
        take_initiative(game, to, ("725.4",))


def _pending(game: Game, ability: Ability, controller: int, event: dict[str, Any]) -> None:
    """CR 725.2: the ability has no source; the player who had the initiative as it
    triggered controls it (an exception to 113.8)."""
    sourceless_trigger(
        game,
        NAME,
        ability,
        controller,
        event,
        ("725.2",),
        f'{game.players[controller].name} has the initiative: the ability "{ability.text}" '
        "triggers",
    )


@on_event(EventKind.STEP, rules=True, watch=[("upkeep",)])
def _upkeep_venture(game: Game, ev: Event, subject: Any) -> None:
    """CR 725.2, 503.1: the upkeep of the player with the initiative begins: "that
    player ventures into Undercity" triggers."""
    if game.step != Step.UPKEEP:
        return
    me = game.active
    if game.players[me].initiative and not game.players[me].has_lost:
        _pending(game, UPKEEP_ABILITY, me, {"player": me})


@on_event(EventKind.DAMAGE, rules=True)
def _combat_damage_takes(game: Game, ev: Event, subject: Any) -> None:
    """CR 725.2, 510.2: creatures a player controls dealt combat damage to the player
    with the initiative: "the controller of those creatures takes the initiative"
    triggers once per player whose creatures did (one or more creatures)."""
    hit = combat_damage_to_player(game, ev)
    if hit is None or not game.players[hit[0]].initiative:
        return
    who, src = hit
    taker = src.controller
    if any(
        t.get("ability") is COMBAT_DAMAGE_ABILITY and t["event"].get("taker") == taker
        for t in game.pending_triggers
    ):
        return  # (one trigger for one or more creatures dealing damage at once)
    _pending(game, COMBAT_DAMAGE_ABILITY, who, {"obj": src.id, "player": who, "taker": taker})


def _initiative_condition(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "if you have the initiative" (CR 725.1)."""
    return game.players[controller].initiative


CONDITIONS.setdefault("initiative", _initiative_condition)
