"""Priority and the stack (CR 117, 405, 608).

The ``priority`` task gives priority round the table until all players pass
in succession (CR 117.4): then the top object of the stack resolves
(CR 608.1) and the active player receives priority (CR 117.3b), or, with an
empty stack, the step ends (CR 500.2). Before anyone receives priority,
state-based actions are checked and triggered abilities are put on the stack
(CR 117.5, 704.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import SelfRef
from ..game.actions import (
    ActivateAbility,
    CastSpell,
    Decision,
    DecisionKind,
    PassPriority,
    PlayLand,
    TurnFaceUp,
)
from ..game.events import EventKind
from ..game.objects import Zone
from ..game.serialize import object_from_data, object_to_data
from ..game.tasks import Task, task_handler
from .bestowed import cease_bestowed, is_bestowed
from .casting import cast_task_data, play_land
from .characteristics import chars
from .delayed import BoundRef
from .effects_runner import run_effects
from .face_up_action import turn_face_up_action
from .library_look import library_tops
from .permanents import enter_battlefield
from .sba import check_state_based_actions
from .state_triggers import check_state_triggers
from .support import register
from .targets import legal_targets_now
from .triggers import intervening_if_holds
from .zones import move

#: "This ability still resolves if its target becomes illegal" (Gilded Drake)
register("restriction:still_resolves")

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game


@task_handler("priority")
def priority_task(game: Game, task: Task) -> None:
    """CR 117: a round of priority within a step."""
    if game.turn_flags.ending_turn:
        game.finish(task)  # CR 723.1c-d: no player gets priority; the turn ends
        return
    action = task.answer
    if action is not None:
        task.answer = None
        if type(action) is not PassPriority:
            _take_action(game, action)
            return  # CR 117.3c: the player who acted receives priority again
        game.passes += 1
        alive = len(game.players)
        for pl in game.players:
            alive -= pl.has_lost
        if game.passes >= alive:
            game.passes = 0
            if game.stack:
                game.push_task("resolve")  # CR 117.4 / 608.1
            else:
                game.finish(task)  # CR 500.2: the step ends
            return
        # CR 117.3d: the next player receives priority (this task is still the topmost
        # one: asked now rather than at the run loop's next round)
        game.priority_player = _next_in_turn_order(game, game.priority_player)
    # CR 117.5 / 704.3: state-based actions, then triggered abilities, repeat.
    if check_state_based_actions(game):
        return  # something happened (or a choice is needed): check again
    if game.outcome is not None:
        return
    check_state_triggers(game)  # CR 603.8
    if game.pending_triggers:
        game.push_task("put_triggers")
        return
    p = game.priority_player
    if game.players[p].has_lost:
        # CR 800.4a, 800.4j: a player who left the game (the active player, or
        # one who lost while holding priority) doesn't receive priority; the
        # next player in turn order still in the game does
        p = game.priority_player = _next_in_turn_order(game, p)
    game.ask(
        Decision(
            DecisionKind.PRIORITY,
            p,
            "117.1",
            f"{game.players[p].name} has priority",
        )
    )


def _take_action(game: Game, action: object) -> None:
    """CR 117.1: the player with priority plays a land, casts a spell, activates an
    ability or takes a special action."""
    game.passes = 0
    if isinstance(action, PlayLand):
        play_land(game, action.card, action.face)
    elif isinstance(action, CastSpell):
        # CR 401.5: the top cards as the spell is announced
        data = cast_task_data(game, game.priority_player, action)
        game.push_task("cast", {**data, "library_tops": library_tops(game)})
    elif isinstance(action, ActivateAbility):
        game.push_task(
            "activate",
            {
                "source": action.source,
                "ability": action.ability,
                "payment": list(action.payment) if action.payment is not None else None,
                "player": game.priority_player,
                "library_tops": library_tops(game),  # CR 401.5
            },
        )
    elif isinstance(action, TurnFaceUp):
        # CR 116.2b: a special action; it doesn't use the stack.
        turn_face_up_action(
            game, game.priority_player, action.permanent, action.via, action.payment
        )


def _next_in_turn_order(game: Game, player: int) -> int:
    n = len(game.players)
    nxt = (player + 1) % n
    while game.players[nxt].has_lost:
        nxt = (nxt + 1) % n
    return nxt


@task_handler("resolve")
def resolve_task(game: Game, task: Task) -> None:
    """CR 608.2: resolve the top object of the stack."""
    if task.stage == 0:
        oid = game.stack[-1]
        obj: GameObject | None
        obj = game.objects[oid]
        task.data["obj"] = oid
        task.stage = 1
        if (
            obj.ability is not None
            and obj.targets is not None
            and any(spec_targets for spec_targets in obj.targets)
        ):
            legal = legal_targets_now(game, obj)
            all_targets = [t for spec in obj.targets for t in spec]
            if all_targets and not legal and is_bestowed(obj):
                # CR 702.103e: its target is illegal: it ceases to be bestowed and
                # continues resolving as a creature spell (not countered, 608.3b)
                cease_bestowed(game, obj)
                obj.targets = []
                obj.ability = None
                game.emit(
                    EventKind.CONTINUOUS_EFFECT,
                    ("702.103e", "608.3b"),
                    f"{obj.name}'s target is illegal: it resolves as a creature spell",
                    obj=oid,
                )
            elif (
                all_targets
                and not any(t in legal for t in all_targets)
                and ("still_resolves", True) not in obj.ability.restrictions
            ):
                # ("This ability still resolves if its target becomes illegal": the
                # card says otherwise, CR 101.1; the target is just unaffected)
                # CR 608.2b: every target is illegal: it doesn't resolve.
                game.emit(
                    EventKind.FIZZLE,
                    ("608.2b",),
                    f"{_stack_name(obj)} doesn't resolve: all its targets are illegal",
                    obj=oid,
                )
                _finish_resolution(game, obj, countered=True)
                game.finish(task)
                return
        if obj.ability is not None and obj.stack_kind == "triggered":
            if not intervening_if_holds(game, obj):
                # CR 603.4 / 608.2a: the intervening "if" is checked again.
                game.emit(
                    EventKind.TRIGGER_REMOVED,
                    ("603.4", "608.2a"),
                    f"{_stack_name(obj)} does nothing: its condition is no longer true",
                )
                _finish_resolution(game, obj)
                game.finish(task)
                return
        if obj.targets:
            # CR 608.2b: legality is decided as resolution begins; keep last known
            # information (CR 608.2h) about each target for "its controller", "its power".
            legal = legal_targets_now(game, obj)
            task.data["legal"] = sorted(legal)
            task.data["lki"] = {t: _lki(game, t) for t in legal if t >= 0}
        rules = ("608.2", *_tracks_renamed_source(game, obj))
        if obj.ability is not None and obj.source_id is not None:
            # "if this is the third time this ability has resolved this turn"
            key = (obj.source_id, obj.ability.text)
            done = game.turn_flags.resolutions
            done[key] = done.get(key, 0) + 1
        game.emit(EventKind.RESOLVE, rules, f"{_stack_name(obj)} resolves", obj=oid)
    oid = task.data["obj"]
    obj = game.objects.get(oid)
    if obj is None and "moved_itself" in task.data:
        # it moved itself earlier in its resolution ("Exile Ill-Gotten Gains. Each
        # player discards ..."): its later instructions are still followed (CR 608.2c)
        obj = object_from_data(task.data["moved_itself"])
    elif obj is None or obj.zone != Zone.STACK:
        game.finish(task)
        game.priority_player = game.active
        return
    if obj.ability is not None:
        if not run_effects(game, obj, task):
            if obj.id not in game.objects and "moved_itself" not in task.data:
                task.data["moved_itself"] = object_to_data(obj)
            return  # waiting for a decision
    _finish_resolution(game, obj)
    game.finish(task)


def _lki(game: Game, oid: int) -> dict:
    o = game.objects[oid]
    c = chars(game, o)
    return {
        "controller": o.controller,
        "owner": o.owner,
        "name": c.name,  # "with the same name as that creature" (CR 608.2h)
        "power": c.power,
        "toughness": c.toughness,
        "mana_value": c.mana_value,
        "types": sorted(c.types),
        "subtypes": sorted(c.subtypes),
        "supertypes": sorted(c.supertypes),
        "colors": sorted(c.colors),
    }


def _finish_resolution(game: Game, obj, countered: bool = False) -> None:
    """CR 608.2n / 608.3: the spell goes to its owner's graveyard, a permanent
    spell enters the battlefield, an ability ceases to exist."""
    game.priority_player = game.active  # CR 117.3b
    if obj.id not in game.objects or obj.zone != Zone.STACK:
        return
    if obj.stack_kind in ("activated", "triggered"):
        game.stack.remove(obj.id)
        del game.objects[obj.id]
        return
    c = chars(game, obj)
    if not countered and c.types & {
        "Artifact",
        "Creature",
        "Enchantment",
        "Land",
        "Planeswalker",
        "Battle",
    }:
        enter_battlefield(
            game, obj.id, controller=obj.controller, rules=("608.3",), from_spell=True
        )
    else:
        rule = ("608.2b",) if countered else ("608.2n",)
        move(
            game,
            obj.id,
            Zone.GRAVEYARD,
            rule,
            reason="is put into its owner's graveyard",
            cause="" if countered else "resolved",
        )


def _tracks_renamed_source(game: Game, obj: GameObject) -> tuple[str, ...]:
    """CR 201.5, 707.11: an ability that refers to its source by name ("this
    creature") still means that permanent after it changed names or became a
    copy of something else (cited when the source's name is no longer its card's)."""
    if obj.stack_kind == "spell" or obj.ability is None or obj.source_id is None:
        return ()
    src = game.objects.get(obj.source_id)
    if src is None or src.zone != Zone.BATTLEFIELD:
        return ()
    if chars(game, src).name == obj.name:
        return ()
    for e in obj.ability.effects:
        for v in e.args.values():
            # "this creature", or the source bound into a delayed ability (CR 603.7c)
            if isinstance(v, SelfRef) or (isinstance(v, BoundRef) and src.id in v.ids):
                return ("201.5", "707.11")
    return ()


def _stack_name(obj) -> str:
    if obj.stack_kind == "spell":
        return obj.name
    kind = "Triggered ability" if obj.stack_kind == "triggered" else "Activated ability"
    return f"{kind} of {obj.name}"
