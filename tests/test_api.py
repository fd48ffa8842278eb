"""The public API: re-exports, doctests, and what happens to bad answers and bad data.

An answer that isn't an action, has fields of the wrong type, comes from another
game or answers an earlier decision raises ``IllegalActionError`` (never a
``TypeError``/``AttributeError``) and leaves the game exactly as it was; data
that isn't a saved game raises ``GameFormatError`` naming what is wrong.
"""

from __future__ import annotations

import copy
import doctest
import json
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mtg_engine
from mtg_engine import (
    CastSpell,
    ChooseTargets,
    Concede,
    DecisionPurpose,
    DeclareAttackers,
    Game,
    GameFormatError,
    IllegalActionError,
    OutcomeReason,
    PassPriority,
    PlayLand,
    new_game_from_decks,
)
from mtg_engine import api as api_module
from mtg_engine.agents.random_agent import RandomAgent
from mtg_engine.game import actions as actions_module
from mtg_engine.game import serialize as serialize_module
from mtg_engine.game import state as state_module
from mtg_engine.game.actions import ACTION_TYPES
from mtg_engine.game.serialize import encode


@pytest.mark.parametrize(
    "module", [api_module, actions_module, state_module, serialize_module], ids=lambda m: m.__name__
)
def test_docstring_examples_run(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_package_reexports_the_api():
    for name in api_module.__all__:
        assert getattr(mtg_engine, name) is getattr(api_module, name)
    for t in ACTION_TYPES:
        assert getattr(mtg_engine, t.__name__) is t


def _game(seed: int = 5, decisions: int = 40) -> Game:
    game = new_game_from_decks("red-green", "white-blue", seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(decisions):
        game.apply(agents[game.decision.player].choose(game))
    return game


def _rejected(game: Game, action: object) -> IllegalActionError:
    before = encode(game.to_json())
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert encode(game.to_json()) == before
    assert game.is_legal(action) is not None  # type: ignore[arg-type]
    return info.value


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "pass",
        42,
        object(),
        PassPriority,
        PlayLand("Forest"),  # type: ignore[arg-type]
        PlayLand(True),  # a bool isn't an object id
        PlayLand(None),  # type: ignore[arg-type]
        CastSpell(10**9),
        CastSpell(1, payment=[1, 2]),  # type: ignore[arg-type]
        CastSpell(1, kicker=(None,)),  # type: ignore[arg-type]
        ChooseTargets(None),  # type: ignore[arg-type]
        ChooseTargets((1, "x")),  # type: ignore[arg-type]
        DeclareAttackers(((1,),)),  # type: ignore[arg-type]
        Concede(7),
        Concede("A"),  # type: ignore[arg-type]
        PassPriority(decision=3),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_malformed_actions_are_illegal_and_change_nothing(bad):
    e = _rejected(_game(), bad)
    assert str(e)


def test_an_action_of_another_game_is_refused():
    game, other = _game(), _game()
    assert game.decision.kind == other.decision.kind
    e = _rejected(game, other.legal_actions()[0])
    assert "another game" in str(e)
    # the same answer built by hand says only what it does: it is checked on its merits
    assert game.is_legal(other.legal_actions()[0].unbound()) is None


def test_a_stale_action_is_refused():
    game = _game()
    first = game.legal_actions()[0]
    game.apply(first)
    e = _rejected(game, first)
    assert "stale" in str(e)


def test_clones_and_saved_copies_are_the_same_game():
    game = _game()
    action = game.legal_actions()[-1]
    for copy_ in (game.clone(), Game.from_json(json.loads(json.dumps(game.to_json())))):
        assert copy_.decision.id == game.decision.id
        copy_.apply(action)


def test_listed_actions_carry_the_decision_and_compare_by_content():
    game = _game()
    options = game.legal_actions()
    assert all(a.decision == game.decision.id for a in options)
    assert PassPriority() in options or game.decision.kind != "priority"
    assert all(a == a.unbound() and hash(a) == hash(a.unbound()) for a in options)


def test_actions_keep_their_identity_in_json():
    game = _game()
    a = game.legal_actions()[0]
    back = serialize_module.decode(json.loads(json.dumps(encode(a))))
    assert back == a and back.decision == a.decision


def test_every_action_type_has_a_checked_field_type():
    for t in ACTION_TYPES:
        for f in fields(t):
            assert actions_module._field_checks(t)  # raises for a field type it can't check
            assert f.name


def test_outcome_reason_is_an_enum_and_reads_well():
    game = _game(decisions=5)
    game.apply(Concede(game.decision.player))
    assert game.outcome.reason is OutcomeReason.CONCEDED
    assert str(game.outcome.reason) == "conceded"
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.outcome == game.outcome
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(PassPriority())


def test_decision_purpose_is_an_enum():
    assert DecisionPurpose("may") is DecisionPurpose.MAY
    assert DecisionPurpose.MAY == "may"


# ---------------------------------------------------------------------------
# Loading bad data
# ---------------------------------------------------------------------------


def _saved() -> dict:
    return json.loads(json.dumps(_game(decisions=30).to_json()))


def _bad_objects(d: dict) -> None:
    d["objects"][0]["card"] = "No Such Card Anywhere"


def _bad_zone(d: dict) -> None:
    d["battlefield"].append(999_999)


def _bad_enum(d: dict) -> None:
    d["pending"]["id"] = {"__enum__": "mtg_engine.game.state:Step", "v": 1}


def _foreign_class(d: dict) -> None:
    d["tasks"][0]["answer"] = {"__dc__": "os:system", "f": {}}


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d.clear(), "format"),
        (lambda d: d.pop("objects"), "missing 'objects'"),
        (lambda d: d.update(turn="three"), "'turn'"),
        (lambda d: d.update(players=None), "'players'"),
        (lambda d: d["objects"][0].pop("zone"), "missing 'zone'"),
        (_bad_objects, "unknown card 'No Such Card Anywhere'"),
        (_bad_zone, "999999"),
        (_bad_enum, "enum"),
        (_foreign_class, "refusing"),
        (lambda d: d["log"].append(3), "log event"),
    ],
)
def test_bad_saved_games_raise_a_clear_error(mutate, words):
    d = _saved()
    mutate(d)
    with pytest.raises(GameFormatError, match=words.replace("(", r"\(")):
        Game.from_json(d)


def test_non_mappings_and_truncated_text_raise_value_errors():
    for bad in (None, [], "game", 3):
        with pytest.raises(GameFormatError):
            Game.from_json(bad)  # type: ignore[arg-type]
    text = json.dumps(_saved())
    with pytest.raises(ValueError):
        Game.from_json(json.loads(text[: len(text) // 2]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_damage_to_a_saved_game_never_gives_a_traceback(data):
    """Replace one random value anywhere in a saved game by a random JSON value:
    loading either works or raises GameFormatError."""
    d = copy.deepcopy(_SAVED_ONCE)
    node = d
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        k = data.draw(st.sampled_from(keys))
        child = node[k]
        if isinstance(child, dict | list) and child and data.draw(st.booleans()):
            node = child
            continue
        node[k] = data.draw(
            st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers()))
        )
        break
    try:
        Game.from_json(d)
    except GameFormatError:
        pass


_SAVED_ONCE = json.loads(json.dumps(_game(seed=9, decisions=60).to_json()))


def _random_action(draw, game: Game):
    """A well-typed action of a random type with random ids (mostly ones in the game)."""
    ids = st.one_of(st.sampled_from(sorted(game.objects)), st.integers(-3, game.next_id + 2))
    some = st.lists(ids, max_size=3).map(tuple)
    pairs = st.lists(st.tuples(ids, ids), max_size=3).map(tuple)
    small = st.integers(-1, 4)
    return draw(
        st.one_of(
            st.builds(mtg_engine.Keep),
            st.builds(mtg_engine.Mulligan),
            st.builds(PassPriority),
            st.builds(PlayLand, ids),
            st.builds(
                CastSpell,
                ids,
                face=small,
                payment=st.none() | some,
                alt=st.none() | st.sampled_from(["flashback", "evoke", "x"]),
                kicker=st.lists(small, max_size=2).map(tuple),
                convoke=some,
                sacrifice=st.none() | some,
            ),
            st.builds(mtg_engine.ActivateAbility, ids, small, payment=st.none() | some),
            st.builds(mtg_engine.TurnFaceUp, ids),
            st.builds(ChooseTargets, some),
            st.builds(mtg_engine.ChooseModes, st.lists(small, max_size=3).map(tuple)),
            st.builds(mtg_engine.ChooseNumber, st.integers(-2, 30)),
            st.builds(mtg_engine.ChooseDivision, pairs),
            st.builds(DeclareAttackers, pairs),
            st.builds(mtg_engine.DeclareBlockers, pairs),
            st.builds(mtg_engine.AssignDamage, pairs),
            st.builds(mtg_engine.ChooseYesNo, st.booleans()),
            st.builds(mtg_engine.ChooseObjects, some),
            st.builds(mtg_engine.OrderTriggers, st.lists(small, max_size=3).map(tuple)),
            st.builds(mtg_engine.ChooseOption, st.text(max_size=8)),
        )
    )


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), data=st.data())
def test_random_answers_are_refused_cleanly_or_played(seed, data):
    """At random decisions of a random game, a random well-typed action is either
    refused with IllegalActionError (and the game is unchanged) or played; the
    game then goes on (agents answer) without an exception."""
    game = new_game_from_decks("red-green", "white-blue", seed=seed % 1000)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(150):
        if game.outcome is not None:
            break
        if data.draw(st.integers(0, 14)) == 0:
            action = _random_action(data.draw, game)
            before = encode(game.to_json())
            try:
                game.apply(action)
            except IllegalActionError:
                assert encode(game.to_json()) == before
            continue
        game.apply(agents[game.decision.player].choose(game))
