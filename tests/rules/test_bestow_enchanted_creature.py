"""CR 702.103b, 702.103f, 303.4: "Enchanted creature gets +2/+1" on a bestow card is
the creature it enchants as a bestowed Aura; while it is a creature, unattached, it
enchants nothing and the ability affects no creature, not every creature some other
Aura enchants (mtg fuzz seed 9005230701: a clone computed Ravenous Sailback, enchanted
by Backfire, with Gnarled Scarhide's +2/+1, the game it was cloned from without)."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, ChooseTargets, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.rules.characteristics import chars


def test_an_unattached_bestow_creature_enchants_nothing(board):
    bears = board.add(0, "Grizzly Bears")
    board.add(0, "Backfire", attached_to=bears)
    board.add(0, "Gnarled Scarhide")
    game = board.start()
    c = chars(game, game.objects[bears])
    assert (c.power, c.toughness) == (2, 2)


def test_an_aura_that_enters_attached_is_seen_at_once_and_by_a_clone(board):
    """CR 608.3c: an Aura spell resolves and enters attached; the characteristics the
    game had computed before it entered are not kept (a clone, computing afresh, and
    the game agree)."""
    board.add(0, "Island")
    bears = board.add(0, "Grizzly Bears")
    board.add(0, "Gnarled Scarhide")
    aura = board.add(0, "Backfire", Zone.HAND)
    game = board.start()
    assert chars(game, game.objects[bears]).power == 2  # computed, and cached
    (cast,) = [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == aura]
    game.apply(cast)
    game.apply(ChooseTargets((bears,)))
    while game.stack:
        game.apply(PassPriority())
    (backfire,) = [o for o in game.battlefield if game.objects[o].name == "Backfire"]
    assert game.objects[backfire].attached_to == bears
    copy = game.clone()
    assert chars(game, game.objects[bears]).power == chars(copy, copy.objects[bears]).power == 2
