"""The turn: phases, steps and their turn-based actions (CR 500-514).

The ``turn`` task sits at the bottom of the task stack for the whole game.
For each step it performs the turn-based actions (CR 703), then gives
players priority (CR 117.3a) unless the step has none (untap, CR 502.4;
cleanup, CR 514.3), then ends the step: mana empties (CR 500.4) and the next
step begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..game.records import Combat
from ..game.state import Step
from ..game.tasks import Task, task_handler
from ..game.turn_flags import TurnFlags
from . import combat
from .day_night import untap_step_check
from .drawing import draws
from .layers import end_of_turn_cleanup, on_end_of_combat, on_end_step, on_turn_start
from .mana import pool_text
from .phasing import phase_permanents
from .player_limits import max_hand_size
from .player_replacements import step_skipped
from .saga import add_lore_counters
from .sba import check_state_based_actions, sba_would_apply
from .snow_mana import snow_left
from .step_skips import PENDING, SKIPPED, after_skip, optional_skip, skipped
from .tapping import set_tapped
from .triggers import step_triggers
from .unspent_mana import kept_as_step_ends
from .untap_restrictions import held_tapped, next_untap_done, optional_untaps, untapped_by_others
from .zones import move

if TYPE_CHECKING:
    from ..game.state import Game

_STEP_RULES: Final = {
    Step.UNTAP: "502",
    Step.UPKEEP: "503",
    Step.DRAW: "504",
    Step.PRECOMBAT_MAIN: "505",
    Step.BEGINNING_OF_COMBAT: "507",
    Step.DECLARE_ATTACKERS: "508",
    Step.DECLARE_BLOCKERS: "509",
    Step.FIRST_STRIKE_DAMAGE: "510",
    Step.COMBAT_DAMAGE: "510",
    Step.END_OF_COMBAT: "511",
    Step.POSTCOMBAT_MAIN: "505",
    Step.END: "513",
    Step.CLEANUP: "514",
}

#: the log text of each step's beginning ("Precombat main step begins")
_STEP_BEGINS: Final = tuple(f"{n.replace('_', ' ').capitalize()} step begins" for n in Step.NAMES)


@task_handler("turn")
def turn_task(game: Game, task: Task) -> None:
    """Drive the steps of the turn (CR 500.1)."""
    if task.stage == 0:
        if game.step == Step.UNTAP and not task.data.get(_NEXT_CHOSEN):
            task.data[_NEXT_CHOSEN] = True
            _turn_player(game)
        skip = optional_skip(game, task)  # CR 614.10: "you may skip that step instead"
        if skip == PENDING:
            return
        if skip == SKIPPED:
            if game.step == Step.UNTAP:
                task.data.pop(_NEXT_CHOSEN)  # the turn is skipped: the next player's
            else:
                _move_on(game)
            return
        task.data.pop(_NEXT_CHOSEN, None)
        task.stage = 1
        begin_step(game)
        after_skip(game, task)  # CR 614.10b
    elif task.stage == 1:
        task.stage = 2
        if game.step == Step.CLEANUP:
            # CR 514.3: normally no priority in cleanup; 514.3a: if state-based
            # actions would be performed or abilities trigger, players get
            # priority and another cleanup step follows.
            if game.pending_triggers or sba_would_apply(game):
                game.turn_flags.extra_cleanup = True
                game.push_task("priority")
        elif game.step != Step.UNTAP:
            game.priority_player = game.active
            game.passes = 0
            game.push_task("priority")  # CR 117.3a
    else:
        if game.turn_flags.ending_turn:
            # CR 723.1c: state-based actions are checked, no player gets priority
            if check_state_based_actions(game) or game.outcome is not None:
                return
            task.stage = 0
            _end_the_turn(game)
            return
        task.stage = 0
        end_step(game)


def _end_the_turn(game: Game) -> None:
    """CR 723.1d: an effect ended the turn: the current step ends; during combat all
    creatures are removed from combat; the game skips straight to the cleanup step
    (a new one, when the turn is ended during the cleanup step)."""
    game.turn_flags.ending_turn = False
    game.turn_flags.extra_cleanup = False
    _empty_mana_pools(game, game.step)  # CR 500.4: the step ends
    if game.combat is not None:
        combat.end_combat(game)  # CR 723.1d: removed from combat
    game.emit(
        EventKind.SKIP,
        ("723.1d", "723.1e"),
        "The turn ends: the game skips to the cleanup step",
    )
    game.step = Step.CLEANUP


def begin_step(game: Game) -> None:
    step = game.step
    rule = _STEP_RULES[step]
    if step == Step.UNTAP:
        start_turn(game)
        if not step_skipped(game, "untap"):  # CR 614.10: "skips their next untap step"
            untap_step(game)
    else:
        game.emit(EventKind.STEP, (rule,), _STEP_BEGINS[step], step=Step.NAMES[step])
    if step == Step.DRAW:
        # CR 504.1; its replacement effects (dredge 702.52a, "instead you may skip
        # that draw" 614.1a) are the pipeline's (rules/drawing.py)
        # CR 805.4b, 805.6a: with shared team turns each player of the active team
        # draws, in turn order
        draws(game, game.active_players(), 1, ("504.1",), step_draw=True)
    elif step == Step.PRECOMBAT_MAIN:
        add_lore_counters(game)  # CR 714.3b
    elif step == Step.POSTCOMBAT_MAIN:
        game.turn_flags.postcombat_mains += 1  # CR 505.1a
    elif step == Step.BEGINNING_OF_COMBAT:
        game.turn_flags.combat_phases += 1  # CR 506.1: a combat phase begins
        game.combat = Combat()
        game.combat.defending_player = (
            game.opponents(game.active)[0] if game.opponents(game.active) else -1
        )
    elif step == Step.DECLARE_ATTACKERS:
        game.push_task("declare_attackers")
    elif step == Step.DECLARE_BLOCKERS:
        game.push_task("declare_blockers")
    elif step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
        game.push_task("combat_damage", {"first_strike": step == Step.FIRST_STRIKE_DAMAGE})
    elif step == Step.END:
        on_end_step(game)  # "until your next end step" effects end (CR 611.2a, 513.1)
    elif step == Step.CLEANUP:
        game.push_task("cleanup")
    # "At the beginning of ..." triggers (CR 603.6, 503.1a, 513.1a)
    step_triggers(game, step)


#: the turn task's data key: the player of the turn about to begin is chosen
_NEXT_CHOSEN: Final = "next_chosen"


def _turn_player(game: Game) -> None:
    """The next player becomes the active player (CR 500.1), as their turn would
    begin (before "you may skip that turn", 614.10)."""
    if game.turn > 0:
        _next_turn_player(game)
        for _ in range(len(game.players) * 8):
            # CR 614.10, 614.10a: "skip your next turn": the turn doesn't happen, the
            # next one does (each such effect is used up by the turn it skips)
            if not skipped(game, "turn"):
                break
            _next_turn_player(game)


def start_turn(game: Game) -> None:
    """A new turn begins (CR 500.1) for the active player (:func:`_turn_player`)."""
    game.turn += 1
    # a new turn ends summoning sickness (CR 302.6): the cached mana sources, and the
    # offers that read them, are forgotten (an untap step that untaps nothing
    # clears nothing)
    game.invalidate("turn")
    p = game.players[game.active]
    p.last_turn_started = game.turn
    # "last turn" conditions (werewolves: "if no spells were cast last turn",
    # "if a player cast two or more spells last turn") read the counts of the
    # turn that just ended, kept per player for this whole turn
    last_turn_spells = [pl.spells_cast_this_turn for pl in game.players]
    for pl in game.players:
        pl.lands_played = 0
        pl.life_lost_this_turn = 0
        pl.spells_cast_this_turn = 0
    game.turn_flags = TurnFlags(spells_cast_last_turn=last_turn_spells)
    game.emit(EventKind.TURN, ("500.1",), f"Turn {game.turn}: {p.name}'s turn", player=game.active)
    on_turn_start(game)  # "until your next turn" effects end (CR 611.2a)


def _next_turn_player(game: Game) -> None:
    """Make the player whose turn comes next the active player (CR 500.1). After
    extra turns, the turn order goes on from the turn before them, whoever took them
    (CR 500.7: an extra turn is added directly after the current turn)."""
    before = game.active if game.extra_after is None else game.extra_after
    while game.extra_turns:
        # CR 500.7: the most recently created extra turn is taken first (a player
        # who has left the game takes none, CR 800.4a)
        player = game.extra_turns.pop()
        if not game.players[player].has_lost:
            game.active = player
            game.extra_after = before
            return
    game.active = _next_player(game, before)
    game.extra_after = None


def _next_player(game: Game, player: int) -> int:
    """The next player in turn order still in the game (CR 101.4, 800.4k); with shared
    team turns, the first of the next team (CR 805.4: each team takes turns)."""
    n = len(game.players)
    nxt = (player + 1) % n
    while (game.players[nxt].has_lost or not game.is_opponent(player, nxt)) and nxt != player:
        nxt = (nxt + 1) % n
    return nxt


def untap_step(game: Game) -> None:
    """CR 502.3: the active player untaps all their permanents (phasing first, 502.1;
    then day and night, 502.2). First they determine which permanents will untap:
    those they "may choose not to untap" are asked about (the ``untap_choice``
    task), then all untap at once."""
    phase_permanents(game)
    untap_step_check(game)  # CR 502.2, 730.2
    held = _held_tapped(game)  # "doesn't untap during your untap step"
    optional = [o for p in game.active_players() for o in optional_untaps(game, p, held)]
    if optional:
        game.push_task("untap_choice", {"candidates": optional})
        return
    untap_permanents(game, held)


@task_handler("untap_choice")
def untap_choice_task(game: Game, task: Task) -> None:
    """CR 502.3: the active player chooses the permanents they may keep tapped."""
    cands = [i for i in task.data["candidates"] if i in game.objects]
    if task.answer is None:
        game.ask(
            Decision(
                DecisionKind.CHOOSE_OBJECTS,
                game.active,
                "502.3",
                "Untap step: choose the permanents you don't untap (you may choose not to "
                "untap them)",
                {
                    "candidates": cands,
                    "min": 0,
                    "max": len(cands),
                    "purpose": DecisionPurpose.KEEP_TAPPED,
                },
            )
        )
        return
    kept = tuple(task.answer.objects)
    task.answer = None
    game.finish(task)
    held = _held_tapped(game)
    for oid in kept:
        held[oid] = f"{game.players[game.active].name} chooses not to untap it"
    untap_permanents(game, held)


def _held_tapped(game: Game) -> dict[int, str]:
    """The active player's permanents that don't untap now (with shared team turns,
    each active player's, CR 805.4a, 502.3)."""
    if game.teams is None:
        return held_tapped(game, game.active)
    held: dict[int, str] = {}
    for p in game.active_players():
        held.update(held_tapped(game, p))
    return held


def untap_permanents(game: Game, held: dict[int, str]) -> None:
    """CR 502.3: untap the active player's permanents, all but ``held`` (each with why)."""
    to_untap = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if game.is_active(o.controller) and o.tapped and not o.phased_out:  # CR 805.4a
            if oid in held:
                game.emit(
                    EventKind.DOESNT_UNTAP,
                    ("502.3", "604.2"),
                    f"{o.name} doesn't untap ({held[oid]})",
                    obj=oid,
                )
                continue
            to_untap.append(o)
    # "Untap all permanents you control during each other player's untap step"
    # (Seedborn Muse): they untap at the same time (CR 502.3, 604.1)
    others = [o for o in untapped_by_others(game, game.active) if not game.is_active(o.controller)]
    # CR 502.3, 701.26b: each untapping is proposed (CR 614, 101.2)
    # (set_tapped forgets what the untapped permanents' status derived)
    untapped = [o.name for o in set_tapped(game, to_untap, False, ("502.3",), untap_step=True)]
    if others:
        names = [o.name for o in set_tapped(game, others, False, ("502.3", "604.1"))]
        if names:
            game.emit(
                EventKind.UNTAP,
                ("502.3", "604.1"),
                "Untap step: untapped during another player's untap step: " + ", ".join(names),
                player=game.active,
            )
    if held:
        for p in game.active_players():
            next_untap_done(game, p)  # CR 611.2a
        game.invalidate("tapped")
    game.emit(
        EventKind.UNTAP,
        ("502.3",),
        f"Untap step: {game.players[game.active].name} untaps "
        + (", ".join(untapped) if untapped else "nothing"),
        player=game.active,
    )


#: an empty mana pool (CR 106.4): most steps end with one, compared in one go
_NO_MANA: Final = [0, 0, 0, 0, 0, 0]


def end_step(game: Game) -> None:
    """End the current step: empty mana pools (CR 500.4) and move on (CR 500.1)."""
    step = game.step
    _empty_mana_pools(game, step)
    if step == Step.CLEANUP and game.turn_flags.extra_cleanup:
        game.turn_flags.extra_cleanup = False
        return  # CR 514.3a: another cleanup step
    _move_on(game)


def _empty_mana_pools(game: Game, step: int) -> None:
    """CR 500.4: the players' unspent mana empties as a step ends (but for the mana
    an effect says they don't lose, 106.4)."""
    persistent = game.turn_flags.persistent_mana
    in_combat = game.turn_flags.combat_mana
    if in_combat and not Step.BEGINNING_OF_COMBAT <= step < Step.END_OF_COMBAT:
        in_combat.clear()  # "until end of combat" is over (CR 702.189a)
    for p in game.players:
        if (p.mana_pool != _NO_MANA and any(p.mana_pool)) or p.restricted_mana:
            kept = persistent.get(p.index)
            pool = [0, 0, 0, 0, 0, 0]
            if kept is not None:
                # CR 106.4, 500.4: "you don't lose this mana as steps and phases end"
                # (what of it is left: the pool's other mana is spent first)
                pool = [min(have, k) for have, k in zip(p.mana_pool, kept, strict=True)]
                persistent[p.index] = tuple(pool)
            until_end_of_combat = in_combat.get(p.index)
            if until_end_of_combat is not None:
                # "Until end of combat, you don't lose this mana" (firebending, 702.189a)
                more = [
                    min(have - k, c)
                    for have, k, c in zip(p.mana_pool, pool, until_end_of_combat, strict=True)
                ]
                until_end_of_combat[:] = more
                pool = [k + m for k, m in zip(pool, more, strict=True)]
            before = list(pool)
            # "You don't lose unspent mana ..." (restricted mana too, with its
            # restriction, CR 106.6); the rest empties with the other mana
            pool, restricted, changed = kept_as_step_ends(
                game, p.index, p.mana_pool, pool, p.restricted_mana
            )
            if pool == p.mana_pool and restricted == p.restricted_mana:
                continue
            static_kept = pool != before or bool(restricted)
            lost = (
                changed
                or any(m < h for m, h in zip(pool, p.mana_pool, strict=True))
                or len(restricted) < len(p.restricted_mana)
            )
            p.mana_pool = pool
            p.snow_mana = snow_left(p)  # (what is kept keeps its snow mana first)
            p.restricted_mana = restricted  # CR 106.6: restricted mana empties like other mana
            combat_kept = until_end_of_combat is not None and any(until_end_of_combat)
            this_turn = kept is not None and any(persistent[p.index])
            if static_kept:
                game.emit(
                    EventKind.MANA_EMPTIES,
                    ("500.4", "106.4", *(("614.1a",) if changed else ())),
                    f"{p.name} doesn't lose unspent mana as the step ends"
                    + (" (what they would lose changes type instead)" if changed else "")
                    + f"; {p.name}'s pool: {pool_text(pool)}",
                    player=p.index,
                )
                if not lost or changed:
                    continue
            game.emit(
                EventKind.MANA_EMPTIES,
                (
                    "500.4",
                    *(("106.4",) if this_turn else ()),
                    *(("702.189a",) if combat_kept else ()),
                ),
                f"{p.name}'s unspent mana empties"
                + (", but for the mana they don't lose this turn" if this_turn else "")
                + (", but for the mana they don't lose until end of combat" if combat_kept else ""),
                player=p.index,
            )


def _move_on(game: Game) -> None:
    """The next step that actually occurs becomes the current one (CR 500.1, 614.10)."""
    step = game.step
    nxt = _next_step(game, step)
    if Step.BEGINNING_OF_COMBAT <= step <= Step.END_OF_COMBAT and not (
        Step.BEGINNING_OF_COMBAT < nxt <= Step.END_OF_COMBAT
    ):
        combat.end_combat(game)  # CR 511.3 (also before an additional combat, 500.8)
        on_end_of_combat(game)  # CR 500.5a, 511.2: "until end of combat" expires
    game.step = nxt
    if nxt == Step.UNTAP:
        game.step = Step.UNTAP


def _additional_combat(game: Game, step: int) -> int | None:
    """CR 500.8: an additional combat phase created "after this phase" begins once
    ``step``, the last step of that phase, ends; after it, the turn goes on with the
    step that would have followed. None when no such phase comes now."""
    flags = game.turn_flags
    for i in range(len(flags.additional_combats) - 1, -1, -1):
        entry = flags.additional_combats[i]
        after, then = entry[0], entry[1]
        if after == step:
            del flags.additional_combats[i]  # the latest created first (CR 500.8)
            if step == Step.POSTCOMBAT_MAIN:
                # (created in an additional main phase: its "then" already is what
                # followed that main phase)
                flags.additional_main_then = None
            if len(entry) > 2 and entry[2]:
                # "an additional combat phase followed by an additional main phase"
                # (CR 500.8): the main phase comes next, then what would have followed;
                # it is a postcombat main phase (CR 505.1a)
                flags.additional_combat_then = Step.POSTCOMBAT_MAIN
                flags.additional_main_then = then
            else:
                flags.additional_combat_then = then
            return Step.BEGINNING_OF_COMBAT
    if step == Step.END_OF_COMBAT and flags.additional_combat_then is not None:
        then = flags.additional_combat_then
        flags.additional_combat_then = None
        return then
    if step == Step.POSTCOMBAT_MAIN and flags.additional_main_then is not None:
        then = flags.additional_main_then
        flags.additional_main_then = None
        return then
    return None


def _next_step(game: Game, step: int) -> int:
    flags = game.turn_flags
    if (
        flags.additional_combats
        or flags.additional_combat_then is not None
        or flags.additional_main_then is not None
    ):
        extra = _additional_combat(game, step)
        if extra is not None:
            return extra
    if step == Step.CLEANUP:
        return Step.UNTAP
    nxt = step + 1
    if (
        nxt == Step.DRAW
        and game.turn == 1
        and game.active == game.starting_player
        and (len(game.players) == 2 or game.teams is not None)
    ):
        if game.teams is None:
            # CR 103.8a: the starting player skips the draw step of their first turn.
            game.emit(
                EventKind.SKIP, ("103.8a",), "The starting player skips their first draw step"
            )
        else:
            # CR 103.8b, 810.6: in Two-Headed Giant the starting team skips it
            game.emit(
                EventKind.SKIP, ("103.8b", "810.6"), "The starting team skips its first draw step"
            )
        nxt = Step.PRECOMBAT_MAIN
    if nxt == Step.DECLARE_BLOCKERS and not (game.combat and game.combat.attackers):
        # CR 508.8: no attackers → skip declare blockers and combat damage steps.
        nxt = Step.END_OF_COMBAT
    if nxt == Step.FIRST_STRIKE_DAMAGE and not combat.first_strike_step_needed(game):
        nxt = Step.COMBAT_DAMAGE  # CR 510.4
    if nxt == Step.BEGINNING_OF_COMBAT and skipped(game, "combat_phase"):
        return _next_step(game, Step.END_OF_COMBAT)  # CR 614.10: the whole phase (505.1a)
    if nxt not in (Step.UNTAP, Step.CLEANUP) and skipped(game, Step.NAMES[nxt]):
        return _next_step(game, nxt)  # CR 614.1b, 614.10: "skip your draw step"
    return nxt


@task_handler("cleanup")
def cleanup_task(game: Game, task: Task) -> None:
    """CR 514.1: discard to maximum hand size; 514.2: remove damage, end
    "until end of turn" effects."""
    p = game.players[game.active]
    if task.stage == 0:
        limit = max_hand_size(game, game.active)  # CR 402.2: normally seven
        excess = len(p.hand) - limit if limit is not None else 0
        task.stage = 1
        if excess > 0:
            task.data["n"] = excess
            game.ask(
                Decision(
                    DecisionKind.CHOOSE_OBJECTS,
                    game.active,
                    "514.1",
                    f"Discard {excess} card(s) down to maximum hand size",
                    {
                        "candidates": list(p.hand),
                        "min": excess,
                        "max": excess,
                        "purpose": DecisionPurpose.DISCARD,
                    },
                )
            )
            return
    if task.stage == 1:
        if task.answer is not None:
            for oid in task.answer.objects:
                move(
                    game,
                    oid,
                    Zone.GRAVEYARD,
                    ("514.1", "701.9a"),
                    reason="is discarded (hand size)",
                    cause="discard",
                )
            task.answer = None
        # CR 514.2: simultaneously remove damage and end "until end of turn" effects.
        removed = False
        for oid in game.battlefield:
            o = game.objects[oid]
            if o.damage or o.deathtouch_damage or o.regen_shields:
                removed = True
                o.damage = 0
                o.deathtouch_damage = False
                o.regen_shields = 0
        before = len(game.effects)
        end_of_turn_cleanup(game)  # also recomputes control (CR 613.1b)
        if removed or before != len(game.effects):
            game.invalidate("damage")  # a cleanup step with nothing to remove changes nothing
        game.emit(
            EventKind.CLEANUP,
            ("514.2",),
            "Cleanup: damage is removed"
            + (' and "until end of turn" effects end' if before != len(game.effects) else ""),
        )
        game.finish(task)
