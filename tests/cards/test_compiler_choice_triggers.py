"""What the compiler keeps for choices and trigger events the engine now runs:
"attack with N or more" (CR 508.1), "one or more ... become tapped" (CR 603.2c),
"choose a nonbasic land type" (CR 205.3i), and which choose forms count as run."""

from __future__ import annotations

from mtg_engine.cards.compiler import compile_face
from mtg_engine.cards.database import CardDatabase
from mtg_engine.rules.support import face_unsupported


def _face(name: str):
    return compile_face(CardDatabase.default().get(name).faces[0])


def _trigger(name: str):
    return next(a.trigger for a in _face(name).abilities if a.trigger is not None)


def test_attack_with_keeps_the_count():
    assert dict(_trigger("Chivalric Alliance").details)["count"] == 2
    assert dict(_trigger("Aurelia, the Law Above").details)["count"] == 3
    assert dict(_trigger("Rabble Rousing").details)["count"] == 1  # "one or more"


def test_one_or_more_become_tapped_is_a_batch_trigger():
    assert dict(_trigger("Deeproot Pilgrimage").details).get("one_or_more") is True
    assert "one_or_more" not in dict(_trigger("Judge of Currents").details)


def test_land_type_choice_is_not_a_creature_type():
    spell = _face("March from Velis Vel").abilities[0]
    assert spell.effects[0].args["what"] == "nonbasic_land_type"
    assert "arg:choose.what" in face_unsupported(_face("March from Velis Vel"))


def test_supported_choose_forms_count_as_run():
    for name in ("Akroma's Blessing", "Cabal Therapy", "Distant Melody", "Deglamer"):
        assert face_unsupported(_face(name)) == [], name
    assert "arg:choose.player" in face_unsupported(_face("Grave Sifter"))
