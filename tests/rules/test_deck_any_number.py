"""CR 100.2a: "A deck can have any number of cards named Shadowborn Apostle" lets a
deck hold more than four copies; the game starts with such a deck as it is."""

from __future__ import annotations

from mtg_engine.cards.decks import parse_deck
from mtg_engine.rules.setup import new_game


def test_a_deck_of_thirty_shadowborn_apostles_is_read_and_played() -> None:
    deck = parse_deck("30 Shadowborn Apostle\n30 Swamp\n")
    assert deck.main == [(30, "Shadowborn Apostle"), (30, "Swamp")]
    cards = deck.card_defs()
    assert sum(1 for c in cards if c.name == "Shadowborn Apostle") == 30
    g = new_game([cards, cards], seed=1, mulligans=False, starting_player=0)
    for p in g.players:
        zone = [*p.library, *p.hand]
        assert len(zone) == 60
        assert sum(1 for o in zone if g.objects[o].name == "Shadowborn Apostle") == 30
