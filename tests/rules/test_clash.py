"""Clash (CR 701.30): who wins, and how "If you win" / "that player" compile after it."""

from __future__ import annotations

from mtg_engine.cards.abilities import CLASH_OPPONENT, ParentRef
from mtg_engine.cards.compiler import compile_text
from mtg_engine.rules.clash import clash_winner


def test_the_strictly_highest_mana_value_wins() -> None:
    # CR 701.30d: higher than all other cards revealed
    assert clash_winner({0: 5, 1: 2}) == 0
    assert clash_winner({0: 1, 1: 3}) == 1


def test_a_tie_has_no_winner() -> None:
    assert clash_winner({0: 2, 1: 2}) is None


def test_a_player_who_revealed_nothing_cannot_win() -> None:
    # an empty library reveals no card: the other player's card (even mana value 0)
    # is higher than all other cards revealed
    assert clash_winner({0: 0, 1: None}) == 0
    assert clash_winner({0: None, 1: None}) is None


def test_if_you_win_after_a_clash_is_winning_the_clash() -> None:
    face = compile_text(
        "Draw a card. Clash with an opponent. If you win, return Research the Deep "
        "to its owner's hand.",
        "Research the Deep",
        ("Sorcery",),
    )
    (spell,) = face.abilities
    conds = [e.condition.kind for e in spell.effects if e.condition is not None]
    assert conds == ["won_clash"]


def test_that_player_after_a_clash_is_the_opponent_clashed_with() -> None:
    face = compile_text(
        "At the beginning of your end step, clash with an opponent. If you win, gain "
        "control of enchanted creature. Otherwise, that player gains control of "
        "enchanted creature.",
        "Captivating Glance",
        ("Enchantment",),
    )
    trig = next(a for a in face.abilities if a.trigger is not None)
    last = trig.effects[-1]
    assert last.op == "gain_control"
    assert last.args["player"] == ParentRef(CLASH_OPPONENT)


def test_if_you_win_the_flip_stays_a_flip() -> None:
    face = compile_text("Flip a coin. If you win the flip, draw a card.", "Test Flip", ("Sorcery",))
    (spell,) = face.abilities
    assert [e.condition.kind for e in spell.effects if e.condition is not None] == ["won_flip"]
