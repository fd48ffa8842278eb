"""Fuse (CR 702.102) and fused split spells (CR 709.4d).

The shipped card file has only the first half of most split cards, so the
split cards with fuse are built here from their Oracle text, as
``mtg cards import`` builds them from MTGJSON's AtomicCards file.
"""

from __future__ import annotations

import pytest

from mtg_engine.cards.definitions import compile_card
from mtg_engine.cards.model import CardData, CardFace
from mtg_engine.game.actions import (
    CastSpell,
    ChooseTargets,
    IllegalActionError,
    PassPriority,
    player_ref,
)
from mtg_engine.game.objects import CardDef, Zone
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.support import face_unsupported

_FUSE = "Fuse (You may cast one or both halves of this card from your hand.)"


def _split(name: str, halves: list[tuple[str, str, str, str]]) -> CardDef:
    faces = tuple(
        CardFace(
            name=n,
            mana_cost=cost,
            type_line=t,
            types=(t,),
            text=f"{text}\n{_FUSE}",
        )
        for n, cost, t, text in halves
    )
    data = CardData(name=name, layout="split", faces=faces, keywords=("Fuse",))
    return CardDef(name, data, compile_card(data))


FAR_AWAY = _split(
    "Far // Away",
    [
        ("Far", "{1}{U}", "Instant", "Return target creature to its owner's hand."),
        ("Away", "{2}{B}", "Instant", "Target player sacrifices a creature."),
    ],
)


def _setup(board, lands=("Island", "Island", "Swamp", "Swamp", "Swamp"), zone=Zone.HAND):
    for land in lands:
        board.add(0, land)
    bears = board.add(1, "Grizzly Bears")
    elves = board.add(1, "Llanowar Elves")
    game = board.start()
    card = game.create_card(FAR_AWAY, 0, zone)
    return game, card.id, bears, elves


def test_fuse_compiles_and_runs():
    for face in FAR_AWAY.compiled:
        assert not face_unsupported(face)


def test_702_102_fused_cast_follows_left_then_right_half(board):
    """CR 702.102a-d: both halves cast from the hand for their combined cost; Far's
    instruction is followed first (the Bears leave), so Away makes the opponent
    sacrifice the Elves, the only creature left."""
    game, card, bears, elves = _setup(board)
    assert CastSpell(card, fuse=True) in game.legal_actions()
    game.apply(CastSpell(card, fuse=True))
    assert game.decision.kind == "targets"
    spell = game.stack[-1]
    game.apply(ChooseTargets((bears,)))
    if game.decision.kind == "targets":
        game.apply(ChooseTargets((player_ref(1),)))
    assert game.decision.kind == "priority"
    obj = game.objects[spell]
    # CR 601.2c: targets for both halves, numbered across the halves
    assert [list(t) for t in obj.targets] == [[bears], [player_ref(1)]]
    # CR 702.102b, 709.4d: the combined characteristics on the stack
    c = chars(game, obj)
    assert c.name == "Far // Away" and c.names == ("Far", "Away")
    assert c.mana_value == 5 and c.colors == {"blue", "black"}
    # CR 702.102c: the total cost includes both mana costs (all five lands tapped)
    assert all(game.objects[o].tapped for o in game.battlefield if game.objects[o].controller == 0)
    cast = [e for e in game.log if e.kind == "cast"][-1]
    assert "fused" in cast.text and "702.102a" in cast.rules
    while game.stack:
        game.apply(PassPriority())
    names_hand = [game.objects[o].name for o in game.players[1].hand]
    names_grave = [game.objects[o].name for o in game.players[1].graveyard]
    assert names_hand == ["Grizzly Bears"]
    assert names_grave == ["Llanowar Elves"]
    (gone,) = game.players[0].graveyard
    assert chars(game, game.objects[gone]).name == "Far // Away"
    assert "Far // Away" in cast.text


def test_702_102a_not_fused_from_the_graveyard(board):
    """CR 702.102a: fuse applies only while the card is in its owner's hand."""
    game, card, _, _ = _setup(board, zone=Zone.GRAVEYARD)
    assert "only from your hand" in (game.is_legal(CastSpell(card, fuse=True)) or "")
    before = len(game.log)
    with pytest.raises(IllegalActionError):
        game.apply(CastSpell(card, fuse=True))
    assert len(game.log) == before and game.objects[card].zone == Zone.GRAVEYARD


def test_702_102c_fused_cast_needs_both_costs(board):
    """CR 702.102c: with mana for only one half, the fused cast isn't offered."""
    game, card, _, _ = _setup(board, lands=("Island", "Island", "Swamp"))
    acts = game.legal_actions()
    assert CastSpell(card) in acts and CastSpell(card, 1) in acts  # CR 709.3: one half
    assert CastSpell(card, fuse=True) not in acts
    assert "601.2h" in (game.is_legal(CastSpell(card, fuse=True)) or "")


def test_fuse_needs_a_split_card_with_fuse(board):
    bolt = board.add(0, "Lightning Bolt", Zone.HAND)
    board.add(0, "Mountain")
    game = board.start()
    assert "no fuse" in (game.is_legal(CastSpell(bolt, fuse=True)) or "")


def test_one_half_cast_is_not_fused(board):
    """CR 709.3b: cast as one half, only that half exists on the stack."""
    game, card, bears, _ = _setup(board)
    game.apply(CastSpell(card))
    game.apply(ChooseTargets((bears,)))
    c = chars(game, game.objects[game.stack[-1]])
    assert (c.name, c.mana_value) == ("Far", 2)


def test_fused_spell_clones_mid_cast(board):
    """The fused status is plain data: a clone taken at the target choice goes on alike."""
    game, card, bears, _ = _setup(board)
    game.apply(CastSpell(card, fuse=True))
    twin = game.clone()
    for g in (game, twin):
        g.apply(ChooseTargets((bears,)))
        if g.decision.kind == "targets":
            g.apply(ChooseTargets((player_ref(1),)))
        assert chars(g, g.objects[g.stack[-1]]).mana_value == 5


def test_608_2b_fused_spell_with_one_illegal_target_still_resolves(board):
    """CR 608.2b: the left half's target is gone; the right half's instructions are
    still followed."""
    from mtg_engine.rules.zones import move

    game, card, bears, _ = _setup(board)
    game.apply(CastSpell(card, fuse=True))
    game.apply(ChooseTargets((bears,)))
    game.apply(ChooseTargets((player_ref(1),)))
    move(game, bears, Zone.EXILE, ("406.2",))
    while game.stack:
        game.apply(PassPriority())
    assert [game.objects[o].name for o in game.players[1].graveyard] == ["Llanowar Elves"]


def test_707_10_copy_of_a_fused_split_spell_is_fused(board):
    """CR 707.10, 702.102b: a copy of a fused split spell copies the choice to fuse:
    it has both halves' characteristics and instructions."""
    twincast = board.add(1, "Twincast", Zone.HAND)
    board.add(1, "Island")
    board.add(1, "Island")
    game, card, bears, _ = _setup(board)
    game.apply(CastSpell(card, fuse=True))
    game.apply(ChooseTargets((bears,)))
    game.apply(ChooseTargets((player_ref(1),)))
    spell = game.stack[-1]
    game.apply(PassPriority())
    game.apply(CastSpell(twincast))
    game.apply(ChooseTargets((spell,)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    copy = game.objects[game.stack[-1]]
    assert copy.id != spell and copy.is_token
    c = chars(game, copy)
    assert (c.name, c.mana_value) == ("Far // Away", 5)
    assert copy.ability is not None and len(copy.ability.targets) == 2


def test_heuristic_agent_casts_fused_when_it_can_afford_both(board):
    from mtg_engine.agents.heuristic import HeuristicAgent

    game, card, _, _ = _setup(board)
    action = HeuristicAgent(seed=0).choose(game)
    assert action == CastSpell(card, fuse=True)


_SCENARIO = """
scenarios:
  - name: "702.102d: fused Far // Away: Far first, then Away"
    rules: ["702.102a", "702.102d"]
    start: {turn: 3, active: A, step: precombat_main}
    players:
      A:
        hand: [{card: "Far // Away", id: fa}]
        battlefield: [Island, Island, Swamp, Swamp, Swamp]
      B:
        battlefield:
          - {card: Grizzly Bears, id: bears}
          - {card: Llanowar Elves, id: elves}
    actions:
      - {player: A, cast: fa, fuse: true, targets: [bears, B]}
    expect:
      objects:
        bears: {zone: hand}
        elves: {zone: graveyard}
        fa: {zone: graveyard}
"""


def test_scenario_cast_with_fuse_key(monkeypatch):
    """The scenario format's optional ``fuse: true`` key of a ``cast`` entry."""
    import yaml

    from mtg_engine.scenario import builder
    from mtg_engine.scenario.runner import run_scenario
    from mtg_engine.scenario.schema import load_data

    real = builder._card_def
    monkeypatch.setattr(
        builder, "_card_def", lambda e: FAR_AWAY if e.card == "Far // Away" else real(e)
    )
    scenarios, invalid = load_data(yaml.safe_load(_SCENARIO), "fuse.yaml")
    assert not invalid
    result = run_scenario(scenarios[0])
    assert result.passed, result.summary
