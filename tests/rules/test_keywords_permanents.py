"""Keywords of permanents: upkeep keywords, "enters with" counters, equip (CR 702)."""

from __future__ import annotations

from mtg_engine.game.actions import ActivateAbility, ChooseTargets, ChooseYesNo, PassPriority
from mtg_engine.game.hooks import full_ability
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.characteristics import chars


def to_decision(game: Game, kind: str) -> None:
    """Pass priority until a decision of ``kind`` is pending."""
    while game.decision.kind != kind:
        game.apply(PassPriority() if game.decision.kind == "priority" else game.legal_actions()[0])


def test_echo_triggers_once_and_can_be_paid(board):
    """CR 702.30a: at the upkeep after it came under your control, pay or sacrifice."""
    troll = board.add(0, "Albino Troll", controlled_since=3)
    board.add(0, "Forest")
    board.add(0, "Forest")
    game = board.start(turn=5, step=Step.UPKEEP)
    assert game.decision.kind == "priority" and game.stack  # the echo trigger
    to_decision(game, "yes_no")
    d = game.decision
    assert d.rule == "702.30a" and d.data["can_pay"] is True
    # clone and JSON round trip in the middle of the ability (architecture §2)
    clone = Game.from_json(game.to_json())
    clone.apply(ChooseYesNo(False))
    assert troll not in clone.battlefield
    game.apply(ChooseYesNo(True))
    assert troll in game.battlefield
    assert any("702.30a" in e.rules for e in game.log)


def test_no_echo_for_a_permanent_controlled_since_before_the_last_upkeep(board):
    """CR 702.30a, 603.4: the intervening "if" is false: no trigger."""
    board.add(0, "Albino Troll")
    game = board.start(step=Step.UPKEEP)
    assert not game.stack and not game.pending_triggers


def test_cumulative_upkeep_counts_all_age_counters(board):
    """CR 702.24a: add an age counter, then pay the cost once per age counter."""
    dystopia = board.add(0, "Dystopia", counters={"age": 2})
    game = board.start(step=Step.UPKEEP)
    to_decision(game, "yes_no")
    assert game.objects[dystopia].counters == {"age": 3}
    game.apply(ChooseYesNo(True))
    assert game.players[0].life == 17


def test_cumulative_upkeep_partial_payment_is_not_offered(board):
    """CR 702.24a: "either the entire set of costs is paid, or none of them"."""
    board.add(0, "Arctic Wolves", counters={"age": 1})
    board.add(0, "Forest")
    game = board.start(step=Step.UPKEEP)
    to_decision(game, "yes_no")
    assert game.decision.data["can_pay"] is False


def test_fading_and_vanishing_counters(board):
    """CR 702.32a, 702.63a: enter with counters; remove one each upkeep; then sacrifice."""
    skate = board.add(0, "Cloudskate", Zone.HAND)
    board.add(0, "Island")
    board.add(0, "Island")
    calci = board.add(0, "Calciderm", counters={"time": 1})
    game = board.start()
    game.apply(next(a for a in game.legal_actions() if getattr(a, "card", None) == skate))
    while game.stack:
        game.apply(PassPriority())
    skate_obj = next(
        game.objects[o] for o in game.battlefield if game.objects[o].name == "Cloudskate"
    )
    assert skate_obj.counters == {"fade": 3}
    while not (game.turn == 5 and game.step == Step.DRAW):
        game.apply(PassPriority() if game.decision.kind == "priority" else game.legal_actions()[0])
    assert game.objects[skate_obj.id].counters == {"fade": 2}
    assert calci not in game.battlefield  # its last time counter was removed
    assert any("702.63a" in e.rules for e in game.log)


def test_equip_is_a_sorcery_speed_activated_ability(board):
    """CR 702.6a: "[Cost]: Attach this permanent to target creature you control.
    Activate only as a sorcery.\""""
    axe = board.add(0, "Bonesplitter")
    bears = board.add(0, "Grizzly Bears")
    board.add(0, "Forest")
    game = board.start()
    index = next(
        i for i, a in enumerate(chars(game, game.objects[axe]).abilities) if a.keyword == "Equip"
    )
    full = full_ability(chars(game, game.objects[axe]).abilities[index])
    assert full.timing == "sorcery" and full.targets
    game.apply(ActivateAbility(axe, index))
    game.apply(ChooseTargets((bears,)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.objects[axe].attached_to == bears
    assert chars(game, game.objects[bears]).power == 4


def test_graft_moves_a_counter_to_an_entering_creature(board):
    """CR 702.58a: "you may move a +1/+1 counter from this permanent onto that creature"."""
    initiate = board.add(0, "Simic Initiate", counters={"+1/+1": 2})
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    board.add(0, "Forest")
    board.add(0, "Forest")
    game = board.start()
    game.apply(next(a for a in game.legal_actions() if getattr(a, "card", None) == bears))
    to_decision(game, "yes_no")
    game.apply(ChooseYesNo(True))
    new_bears = next(o for o in game.battlefield if game.objects[o].name == "Grizzly Bears")
    assert game.objects[new_bears].counters == {"+1/+1": 1}
    assert game.objects[initiate].counters == {"+1/+1": 1}
