"""The description "creature ... that attacked or blocked this turn" (Gideon's
Triumph): declared as an attacker or as a blocker this turn (CR 508.1, 509.1)."""

from __future__ import annotations

from mtg_engine.cards.abilities import Filter
from mtg_engine.cards.compiler import compile_text
from mtg_engine.rules.filters import matches_object

_THAT_ATTACKED_OR_BLOCKED = Filter(
    ("Creature",), "battlefield", (("attacked_or_blocked_this_turn", True),)
)
_THAT_ATTACKED = Filter(("Creature",), "battlefield", (("attacked_this_turn", True),))


def test_a_blocker_attacked_or_blocked_but_did_not_attack(board) -> None:
    attacker = board.add(0, "Grizzly Bears")
    blocker = board.add(1, "Grizzly Bears")
    idle = board.add(1, "Grizzly Bears")
    game = board.game
    game.turn_flags.attacked.add(attacker)
    game.turn_flags.blocks.add((blocker, attacker))

    def fits(oid: int, flt: Filter) -> bool:
        return matches_object(game, game.objects[oid], flt, 0, None)

    assert fits(attacker, _THAT_ATTACKED_OR_BLOCKED)
    assert fits(blocker, _THAT_ATTACKED_OR_BLOCKED)
    assert not fits(idle, _THAT_ATTACKED_OR_BLOCKED)
    assert fits(attacker, _THAT_ATTACKED)
    assert not fits(blocker, _THAT_ATTACKED)  # it blocked; it didn't attack


def test_the_phrase_compiles_to_attacked_or_blocked() -> None:
    cf = compile_text(
        "Destroy each creature that attacked or blocked this turn.", "Test Sweep", ("Sorcery",)
    )
    assert "attacked_or_blocked_this_turn" in repr(cf.abilities)
