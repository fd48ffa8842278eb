"""CR 700.2d: "You may choose the same mode more than once." """

from __future__ import annotations

from mtg_engine.cards.compiler import compile_text
from mtg_engine.rules.casting import repeat_modes
from mtg_engine.rules.support import face_unsupported

CONFLUENCE = (
    "Choose three. You may choose the same mode more than once.\n"
    "• Counter target spell unless its controller pays {3}.\n"
    "• Return target creature to its owner's hand.\n"
    "• Draw a card."
)


def test_the_instruction_compiles_onto_the_spell() -> None:
    cf = compile_text(CONFLUENCE, "Mystic Confluence", ("Instant",))
    assert cf.unparsed == ()
    assert not face_unsupported(cf)
    spell = cf.abilities[0]
    assert ("modes_repeat", True) in spell.restrictions
    assert spell.modes_choose == (3, 3) and len(spell.modes) == 3


def test_repeated_modes_become_modes_of_their_own_in_printed_order() -> None:
    spell = compile_text(CONFLUENCE, "Mystic Confluence", ("Instant",)).abilities[0]
    ability, modes = repeat_modes(spell, (2, 1, 1))
    # mode 1 (bounce) twice, then mode 2 (draw): the second bounce is a mode of its own
    # next to the first, so the indices ascend in printed order (CR 608.2c)
    assert modes == (1, 2, 3)
    assert len(ability.modes) == 4
    assert ability.modes[2] == spell.modes[1] and ability.modes[3] == spell.modes[2]
    assert [len(ability.modes[m].targets) for m in modes] == [1, 1, 0]


def test_without_repeats_nothing_changes() -> None:
    spell = compile_text(CONFLUENCE, "Mystic Confluence", ("Instant",)).abilities[0]
    ability, modes = repeat_modes(spell, (0, 1, 2))
    assert modes == (0, 1, 2) and ability.modes == spell.modes
