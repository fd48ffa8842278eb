"""Phasing (CR 702.26): the untap-step event, indirect phasing, effects and durations."""

from __future__ import annotations

from mtg_engine.game.actions import DeclareAttackers, DeclareBlockers, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.game.records import ContinuousEffect
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.phasing import phase_in, phase_out


def to_step(game: Game, turn: int, step: int) -> None:
    while not (game.turn == turn and game.step == step):
        k = game.decision.kind
        if k == "attackers":
            game.apply(DeclareAttackers(()))
        elif k == "blockers":
            game.apply(DeclareBlockers(()))
        elif k in ("choose_objects", "bottom"):
            from mtg_engine.game.actions import ChooseObjects

            game.apply(
                ChooseObjects(tuple(game.decision.data["candidates"][: game.decision.data["min"]]))
            )
        else:
            game.apply(PassPriority())


def test_702_26a_phasing_in_the_untap_step_with_attachments(board):
    """CR 502.1, 702.26a, 702.26g: a creature with phasing phases out in its controller's
    untap step with its Aura (indirectly); both phase in together, still attached."""
    bk = board.add(0, "Breezekeeper")
    aura = board.add(0, "Holy Strength", attached_to=bk)
    game = board.start(turn=2, active=1, step=Step.END)
    to_step(game, 3, Step.UPKEEP)
    assert game.objects[bk].phased_out and game.objects[aura].phased_out
    assert game.objects[aura].chosen.get("phased_out_indirectly")
    ev = [e for e in game.log if e.kind == "phasing"][-1]
    assert "702.26a" in ev.rules and "indirectly" in ev.text
    to_step(game, 5, Step.UPKEEP)
    assert not game.objects[bk].phased_out and not game.objects[aura].phased_out
    assert game.objects[aura].attached_to == bk
    c = chars(game, game.objects[bk])
    assert (c.power, c.toughness) == (5, 6)  # 4/4 + Holy Strength: +1/+2


def test_702_26d_phasing_is_not_a_zone_change(board):
    """CR 702.26d: same object, counters kept, nothing leaves or enters."""
    bears = board.add(0, "Grizzly Bears", counters={"+1/+1": 1})
    game = board.start()
    o = game.objects[bears]
    n = len(game.log)
    phase_out(game, [o])
    assert bears in game.battlefield and o.phased_out
    assert not any(e.kind == "zone_change" for e in game.log[n:])
    phase_in(game, [o])
    assert game.objects[bears] is o and o.counters == {"+1/+1": 1}


def test_702_26b_phased_out_is_treated_as_nonexistent(board):
    """CR 702.26b: filters ("each creature you control") don't see it."""
    from mtg_engine.cards.abilities import Filter
    from mtg_engine.rules.filters import objects_matching

    a = board.add(0, "Grizzly Bears")
    board.add(0, "Grizzly Bears")
    game = board.start()
    phase_out(game, [game.objects[a]])
    assert len(objects_matching(game, Filter(kinds=("Creature",)), 0, None)) == 1


def test_702_26f_limited_duration_effects_outlast_phasing(board):
    """CR 702.26f (current rules; seed 502.15g said otherwise): an "until end of turn"
    effect still applies if the permanent phases back in the same turn; "for as long as"
    effects tracking the permanent end when it phases out."""
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    o = game.objects[bears]
    e1 = ContinuousEffect(
        "7c",
        game.new_timestamp(),
        None,
        0,
        (bears,),
        "modify_pt",
        {"power": 3, "toughness": 3},
        "end_of_turn",
    )
    e2 = ContinuousEffect(
        "6",
        game.new_timestamp(),
        bears,
        0,
        (bears,),
        "grant_keyword",
        {"keyword": "Flying"},
        "source",
    )
    game.effects = [e1, e2]
    game.invalidate()
    phase_out(game, [o])
    phase_in(game, [o])
    c = chars(game, o)
    assert (c.power, c.toughness) == (5, 5) and "Flying" not in c.keywords


def test_702_26b_phasing_out_removes_from_combat(board):
    bears = board.add(0, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    while game.decision.kind != "attackers":
        game.apply(PassPriority())
    from mtg_engine.game.actions import player_ref

    game.apply(DeclareAttackers(((bears, player_ref(1)),)))
    phase_out(game, [game.objects[bears]])
    assert bears not in game.combat.attackers
    assert game.objects[bears].zone == Zone.BATTLEFIELD
