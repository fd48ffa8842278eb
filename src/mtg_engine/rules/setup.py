"""Starting the game (CR 103): decks, the starting player, opening hands, mulligans.

CR 103.1: the starting player is chosen at random (by the game's seeded
generator). CR 103.3: decks are shuffled. CR 103.4: starting life 20.
CR 103.5: each player draws seven cards and, in turn order, keeps or takes a
London mulligan: shuffle the hand back, draw seven, and after keeping put one
card on the bottom for each mulligan taken. CR 103.6: then, starting with the
starting player, each player may begin the game with the cards of their
opening hand that allow it on the battlefield (103.6a: Leylines).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards.abilities import AbilityKind
from ..game.actions import Decision, DecisionKind, Mulligan
from ..game.events import EventKind
from ..game.objects import CardDef, Zone
from ..game.records import Combat
from ..game.state import Game, Step
from ..game.tasks import Task, task_handler
from .characteristics import chars
from .drawing import draw
from .permanents import enter_battlefield
from .support import register
from .zones import move, shuffle_library

register("static:begin_on_battlefield")  # CR 103.6a: _opening_hand_actions
# "A deck can have any number of cards named ..." (CR 100.2a): a deck-construction
# rule with nothing to do once the game begins; new_game takes any number of copies
# of every card (the engine checks no format's copy limit), so the deck it allows is
# played as it is (tests/rules/test_deck_any_number.py)
register("static:deck_any_number")


def new_game(
    decks: Sequence[Sequence[CardDef]],
    seed: int = 0,
    names: Sequence[str] | None = None,
    mulligans: bool = True,
    starting_player: int | None = None,
    teams: Sequence[int] | None = None,
) -> Game:
    """Create a game from decks (lists of card definitions) and advance to the
    first decision. ``teams``: each player's team, for a Two-Headed Giant game (CR
    810.1: two teams of two, each team's players adjacent in turn order, 805.1),
    where each team starts at 30 life (810.4)."""
    names = list(names) if names else [chr(ord("A") + i) for i in range(len(decks))]
    game = Game(names, seed=seed)
    if teams is not None:
        game.teams = list(teams)
        for p in game.players:
            p.life = p.starting_life = TEAM_LIFE  # CR 103.4, 810.4
    for i, deck in enumerate(decks):
        for card in deck:
            game.create_card(card, i, Zone.LIBRARY)
    game.push_task("turn")
    game.push_task(
        "game_start",
        {"mulligans": mulligans, "starting_player": starting_player},
    )
    game.run()
    return game


#: CR 810.4: a Two-Headed Giant team's starting life total
TEAM_LIFE: Final = 30


@task_handler("game_start")
def game_start_task(game: Game, task: Task) -> None:
    d = task.data
    n = len(game.players)
    if task.stage == 0:
        sp = d.get("starting_player")
        game.starting_player = sp if sp is not None else game.rng.randrange(n)  # CR 103.1
        if game.teams is not None:
            # CR 805.3, 805.2: the starting team, its first player in turn order
            game.starting_player = game.teams.index(game.teams[game.starting_player])
        game.active = game.starting_player
        game.emit(
            EventKind.START,
            ("103.1",),
            f"{game.players[game.starting_player].name} will take the first turn",
        )
        for player in game.players:
            shuffle_library(game, player.index)  # CR 103.3
            draw(game, player.index, 7, ("103.5",))
        d["order"] = [(game.starting_player + i) % n for i in range(n)]
        d["kept"] = []
        task.stage = 1 if d.get("mulligans", True) else 3
    if task.stage == 1:
        # CR 103.5: in turn order, each player declares keep or mulligan.
        while d["order"]:
            p = d["order"][0]
            if task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.MULLIGAN,
                        p,
                        "103.5",
                        f"{game.players[p].name}: keep this hand of {len(game.players[p].hand)}? (mulligans so far: {game.players[p].mulligans})",
                        {"mulligans": game.players[p].mulligans},
                    )
                )
                return
            answer = task.answer
            task.answer = None
            pl = game.players[p]
            if isinstance(answer, Mulligan) and pl.mulligans < 7:
                pl.mulligans += 1
                for oid in list(pl.hand):
                    move(game, oid, Zone.LIBRARY, ("103.5",), quiet=True)
                shuffle_library(game, p)
                draw(game, p, 7, ("103.5",))
                game.emit(
                    EventKind.MULLIGAN,
                    ("103.5",),
                    f"{pl.name} takes a mulligan ({pl.mulligans})",
                    player=p,
                )
                # London mulligan: the same player decides again
            else:
                game.emit(
                    EventKind.KEEP, ("103.5",), f"{pl.name} keeps {len(pl.hand)} cards", player=p
                )
                d["order"].pop(0)
                if pl.mulligans:
                    d["kept"].append(p)
        task.stage = 2
    if task.stage == 2:
        while d["kept"]:
            p = d["kept"][0]
            pl = game.players[p]
            k = min(pl.mulligans, len(pl.hand))
            if task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.BOTTOM,
                        p,
                        "103.5",
                        f"{pl.name}: put {k} card(s) on the bottom of your library",
                        {"candidates": list(pl.hand), "min": k, "max": k},
                    )
                )
                return
            chosen = task.answer.objects
            task.answer = None
            for oid in chosen:
                move(game, oid, Zone.LIBRARY, ("103.5",), bottom=True, quiet=True)
            game.emit(
                EventKind.BOTTOM,
                ("103.5",),
                f"{pl.name} puts {k} card(s) on the bottom of their library",
                player=p,
            )
            d["kept"].pop(0)
        task.stage = 3
    if task.stage == 3:
        if not _opening_hand_actions(game, task):
            return  # a decision, or a choice as a card enters (CR 614.12)
        task.stage = 4
    # The first turn begins (CR 103.8, 500.1).
    game.step = Step.UNTAP
    game.finish(task)


def begins_on_battlefield(game: Game, oid: int) -> bool:
    """Whether a card in an opening hand says "you may begin the game with it on the
    battlefield" (CR 103.6a: Leylines)."""
    return any(
        st.op == "begin_on_battlefield"
        for a in chars(game, game.objects[oid]).abilities
        if a.kind is AbilityKind.STATIC
        for st in a.static
    )


def _opening_hand_actions(game: Game, task: Task) -> bool:
    """CR 103.6: after mulligans, the starting player and then each other player in
    turn order may take the actions their opening hands allow: put the cards that
    say so onto the battlefield (103.6a). False while waiting for a decision."""
    d = task.data
    if "opening" not in d:
        n = len(game.players)
        d["opening"] = [(game.starting_player + i) % n for i in range(n)]
        d["to_enter"] = []
    while True:
        if d["to_enter"]:
            oid = d["to_enter"].pop(0)
            o = game.objects.get(oid)
            if o is None or o.zone != Zone.HAND:
                continue
            game.emit(
                EventKind.BEGIN_ON_BATTLEFIELD,
                ("103.6a",),
                f"{game.players[o.owner].name} begins the game with {o.name} on the battlefield",
                player=o.owner,
            )
            if enter_battlefield(game, oid, o.owner, ("103.6a",)) is None:
                return False  # a choice as it enters: continue after it (CR 614.12)
            continue
        if not d["opening"]:
            return True
        p = d["opening"][0]
        cands = [oid for oid in game.players[p].hand if begins_on_battlefield(game, oid)]
        if not cands:
            d["opening"].pop(0)
            continue
        if task.answer is None:
            game.ask(
                Decision(
                    DecisionKind.CHOOSE_OBJECTS,
                    p,
                    "103.6a",
                    f"{game.players[p].name}: begin the game with any of these cards on the "
                    "battlefield?",
                    {"candidates": cands, "min": 0, "max": len(cands)},
                )
            )
            return False
        chosen = list(task.answer.objects)
        task.answer = None
        d["opening"].pop(0)
        d["to_enter"] = chosen


def start_at(game: Game, turn: int = 1, active: int = 0, step: int = Step.PRECOMBAT_MAIN) -> None:
    """Begin a set-up game at the beginning of ``step`` of ``turn`` (scenarios).

    Earlier turns count as having happened (CR 103.8a: the starting player is
    whoever was active on turn 1); permanents already on the battlefield have
    been controlled since before this turn unless their ``controlled_since``
    equals ``turn`` (summoning sick, CR 302.6). The step's turn-based actions
    and "at the beginning of" triggers happen, then priority as usual.
    """
    n = len(game.players)
    # the players who take turns: each player, or with shared team turns each team,
    # as its first player in turn order (CR 805.4, 805.2)
    teams = game.teams
    firsts = list(range(n)) if teams is None else [teams.index(teams[q]) for q in range(n)]
    takers = sorted(set(firsts))
    k = len(takers)
    active = firsts[active]
    seat = takers.index(active)
    game.starting_player = takers[(seat - (turn - 1)) % k]
    for p in game.players:
        # each player's most recent turn began at or before this one
        offset = (seat - takers.index(firsts[p.index])) % k
        p.last_turn_started = max(0, turn - offset)
    if step == Step.UNTAP:
        # start_turn() advances to the next player, except before turn 1
        game.turn = turn - 1
        game.active = takers[(seat - 1) % k] if turn > 1 else active
    else:
        game.turn = turn
        game.active = active
    game.step = step
    game.priority_player = active
    if Step.BEGINNING_OF_COMBAT < step <= Step.END_OF_COMBAT:
        # the beginning of combat step has happened (CR 507.1): there is a combat
        # phase, with no attackers declared yet
        game.combat = Combat()
        opponents = game.opponents(active)
        game.combat.defending_player = opponents[0] if opponents else -1
    game.tasks = []
    game.push_task("turn")
    game.run()
