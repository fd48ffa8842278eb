"""CR 400.7, 603.10a: Merchant of Venom sacrificed to its own enters ability
triggers its "whenever a player sacrifices a permanent" ability (it looks back),
but "put a +1/+1 counter on this creature" then finds no creature: the card in the
graveyard is a new object and gets no counter."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, DecisionKind, PassPriority
from mtg_engine.game.objects import Zone


def test_a_dead_creatures_counter_goes_nowhere(board):
    merchant = board.add(0, "Merchant of Venom", Zone.HAND)
    for _ in range(4):
        board.add(0, "Swamp")
    game = board.start()
    game.apply(CastSpell(merchant))
    for _ in range(30):
        d = game.decision
        if d is None or (d.kind == DecisionKind.PRIORITY and not game.stack):
            break
        game.apply(PassPriority() if d.kind == DecisionKind.PRIORITY else game.legal_actions()[0])
    assert any("sacrifices a permanent" in str(line) for line in game.log)  # it triggered
    card = next(o for o in game.objects.values() if o.name == "Merchant of Venom")
    assert card.zone == Zone.GRAVEYARD
    assert not any(o.counters.get("+1/+1") for o in game.objects.values())
