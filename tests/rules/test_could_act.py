"""The "could act" index (rules/priority_options.py) gives exactly the priority
options computed from scratch (CR 117.1), in every state of random games.

The index is kept per player across decisions, keyed on the state version and
checked against the records it read; a clone starts with no index and no
characteristics cache, so its options are computed from scratch. Hypothesis
chooses the seeds; the games use the bundled decks and random decks from a
spread of the fully compiled card pool, with random and heuristic play.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mtg_engine.agents.heuristic import HeuristicAgent
from mtg_engine.agents.random_agent import RandomAgent
from mtg_engine.cards.decks import load_deck
from mtg_engine.cards.definitions import card_def
from mtg_engine.fuzz import deck_defs, full_pool, random_deck
from mtg_engine.game.actions import (
    ActivateAbility,
    CastSpell,
    DecisionKind,
    DeclareAttackers,
    PassPriority,
)
from mtg_engine.game.objects import CardDef, Zone
from mtg_engine.game.rng import Rng
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.setup import new_game

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_BUNDLED: list[list[CardDef]] = []
_POOL: list[str] = []


def bundled() -> list[list[CardDef]]:
    if not _BUNDLED:
        _BUNDLED.extend(load_deck(n).card_defs() for n in ("red-green", "white-blue"))
    return _BUNDLED


def pool_decks(seed: int) -> list[list[CardDef]]:
    if not _POOL:
        _POOL.extend(full_pool(sample=1500))
    rng = Rng(seed)
    return [deck_defs(random_deck(rng, _POOL)) for _ in range(2)]


def play_comparing(game: Game, seed: int, heuristic: bool, decisions: int) -> int:
    """Play, comparing at each priority decision the offered options with a clone's
    (computed from scratch) and with the same game's after its JSON round trip.
    Returns how many priority decisions were compared."""
    agent = HeuristicAgent if heuristic else RandomAgent
    agents = [agent(seed), agent(seed + 1)]
    compared = 0
    while game.outcome is None and game.decisions_made < decisions:
        d = game.pending
        assert d is not None
        offered = game.legal_actions()
        if d.kind == DecisionKind.PRIORITY:
            fresh = game.clone().legal_actions()
            assert offered == fresh, (game.turn, game.step_name, offered, fresh)
            compared += 1
            if compared % 25 == 0:
                loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
                assert loaded.legal_actions() == offered
        game.apply(agents[d.player].choose(game))
    return compared


@SETTINGS
@given(seed=st.integers(0, 2**31), heuristic=st.booleans())
def test_index_matches_scratch_on_bundled_decks(seed: int, heuristic: bool) -> None:
    game = new_game(bundled(), seed=seed)
    assert play_comparing(game, seed, heuristic, 600) > 0


@SETTINGS
@given(seed=st.integers(0, 2**31), heuristic=st.booleans())
@example(seed=3434, heuristic=True)  # "X mana of any one color" with X = 0 (no source)
@example(seed=25326, heuristic=True)  # a creature land's sickness ends at a turn start
def test_index_matches_scratch_on_whole_pool_decks(seed: int, heuristic: bool) -> None:
    game = new_game(pool_decks(seed), seed=seed)
    assert play_comparing(game, seed, heuristic, 600) > 0


def test_pass_only_decision_reuses_the_index() -> None:
    """A priority decision where the state didn't change reads the kept index: the
    offers list is the same record (and the options are the same)."""
    game = new_game(bundled(), seed=3)
    agents = [RandomAgent(3), RandomAgent(4)]
    reused = 0
    for _ in range(400):
        if game.outcome is not None:
            break
        d = game.pending
        assert d is not None
        if d.kind == DecisionKind.PRIORITY:
            before = _offers_of(game, d.player)
            game.legal_actions()
            after = _offers_of(game, d.player)
            reused += sum(1 for k, v in after.items() if before.get(k) is v)
        game.apply(agents[d.player].choose(game))
    assert reused > 0


def _offers_of(game: Game, player: int) -> dict:
    """The player's kept indexes (with and without sorcery timing): their offers lists."""
    return {
        k: v[2] for k, v in game._could_act.items() if k[0] == player and isinstance(k[1], bool)
    }


def test_a_conditional_flash_permission_is_read_again(board) -> None:
    """CR 611.3a, 702.8a: "As long as Quicksilver is tapped, you may cast spells as
    though they had flash" starts to hold when Quicksilver attacks and becomes
    tapped, which leaves the statics as they were: the hand's offers follow it."""
    quicksilver = board.add(0, "Quicksilver, Speedster")
    bears = board.add(0, "Grizzly Bears", zone=Zone.HAND)
    for _ in range(2):
        board.add(0, "Forest")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    assert CastSpell(bears) not in game.legal_actions()
    while game.pending is not None and game.pending.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    game.apply(DeclareAttackers(((quicksilver, -2),)))
    while game.pending is not None and game.pending.kind != DecisionKind.PRIORITY:
        game.apply(game.legal_actions()[0])
    assert game.objects[quicksilver].tapped
    assert CastSpell(bears) in game.legal_actions()
    assert game.legal_actions() == game.clone().legal_actions()


def test_a_tapped_land_keeps_a_sacrifice_mana_ability(board) -> None:
    """CR 605.1a, 107.5: after Rain of Filth ("lands you control gain 'Sacrifice this
    land: Add {B}.'"), the lands tapped for mana still have a mana ability without
    {T}: the remembered mana sources keep it, and Dross Ripper's "{2}{B}: +1/+1" is
    offered again, as it is from scratch (the mana sources of tapped permanents were
    all dropped)."""
    ripper = board.add(0, "Dross Ripper")
    for _ in range(4):
        board.add(0, "Swamp")
    rain = board.add(0, "Rain of Filth", zone=Zone.HAND)
    game = board.start()
    game.apply(CastSpell(rain))
    while game.stack or game.pending is None or game.pending.player != 0:
        assert game.pending is not None
        game.apply(PassPriority())
    activate = ActivateAbility(ripper, 0)
    assert activate in game.legal_actions()
    game.apply(activate)
    assert all(game.objects[oid].tapped for oid in game.battlefield if oid != ripper)
    assert activate in game.legal_actions()
    assert game.legal_actions() == game.clone().legal_actions()


#: lands that gain "Sacrifice this land: Add {B}." (Rain of Filth) and mana sinks to
#: spend it on (Dross Ripper's "{2}{B}: +1/+1"), with mana creatures, rituals and tokens
_RAIN_DECK = (
    ["Rain of Filth"] * 8
    + ["Dross Ripper"] * 8
    + ["Swamp"] * 20
    + ["Llanowar Elves"] * 4
    + ["Forest"] * 4
    + ["Dark Ritual"] * 4
    + ["Vampire Nighthawk"] * 4
    + ["Raise the Alarm"] * 4
    + ["Plains"] * 4
)


def test_index_matches_scratch_with_lands_granted_a_mana_ability() -> None:
    """CR 605.1a, 107.5: in this seeded game a land granted "Sacrifice this land: Add
    {B}." is tapped for mana and still offers that ability (the index had dropped it
    with the land's {T} ability, and Dross Ripper's ability wasn't offered)."""
    decks = [[card_def(name) for name in _RAIN_DECK] for _ in range(2)]
    game = new_game(decks, seed=6)
    assert play_comparing(game, 6, True, 600) > 0
