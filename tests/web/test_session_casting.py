"""The page's casting choices on the server side: labelled kicker and alternative costs,
modes with their text, X bounded by what can be paid, holding priority, and the
combat damage assignment's options told apart."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from card_files import ADVENTURE, MODAL_DFC, adventure_cards, modal_dfc_cards  # noqa: E402
from positions import BOLTS, MULTIKICKER, SPELLS, UNICORN  # noqa: E402

from mtg_engine.web.session import Session, SessionError  # noqa: E402

__all__ = ["adventure_cards", "modal_dfc_cards"]  # the fixtures, used by name


def _options(s: Session) -> list[dict]:
    d = s.message()["decision"]
    assert d is not None
    return d["options"]


def _option(s: Session, label: str) -> int:
    found = [o["i"] for o in _options(s) if o["label"] == label]
    assert len(found) == 1, [o["label"] for o in _options(s)]
    return found[0]


def test_kicker_flashback_and_split_faces_are_labelled_apart() -> None:
    s = Session.from_scenario(SPELLS)
    labels = [o["label"] for o in _options(s)]
    assert len(labels) == len(set(labels)), labels
    assert "Cast Burst Lightning {R}" in labels
    assert "Cast Burst Lightning {R} with kicker {4}" in labels
    assert "Cast Think Twice for its flashback cost" in labels
    assert "Cast Fire {1}{R}" in labels and "Cast Ice {1}{U}" in labels
    # the kicked one is kicked (CR 702.33d): 4 damage to the opponent
    s.answer({"i": _option(s, "Cast Burst Lightning {R} with kicker {4}")})
    s.answer({"targets": [-2]})
    assert s.game.players[1].life == 16


def test_modes_are_offered_with_their_text() -> None:
    s = Session.from_scenario(SPELLS)
    s.answer({"i": _option(s, "Cast Cryptic Command {1}{U}{U}{U}")})
    d = s.message()["decision"]
    assert d["kind"] == "modes"
    assert d["data"]["modes"][3] == "Draw a card."
    # CR 700.2a, 115.5: "Counter target spell" has no target but Cryptic itself: not offered
    assert d["data"]["legal"] == [1, 2, 3]
    assert not any("Counter target spell" in o["label"] for o in d["options"])
    hand = len(s.game.players[0].hand)
    s.answer({"i": _option(s, "Modes: Tap all creatures your opponents control; Draw a card")})
    assert len(s.game.players[0].hand) == hand + 1
    bears = [o for o in s.game.battlefield if s.game.objects[o].name == "Grizzly Bears"]
    assert bears and all(s.game.objects[o].tapped for o in bears)


def test_x_is_bounded_by_what_can_be_paid() -> None:
    """CR 107.3, 601.2b: with six lands and {R} to pay besides, X is at most 5; a
    larger X is refused and the game is unchanged."""
    s = Session.from_scenario(SPELLS)
    s.answer({"i": _option(s, "Cast Blaze {X}{R}")})
    d = s.message()["decision"]
    assert d["kind"] == "x" and (d["data"]["min"], d["data"]["max"]) == (0, 5)
    before = (len(s.game.log), s.game.pending.id)
    for bad in (6, -1):
        with pytest.raises(SessionError):
            s.answer({"number": bad})
    assert (len(s.game.log), s.game.pending.id) == before
    s.answer({"number": 4})
    s.answer({"targets": [-2]})
    assert s.game.players[1].life == 16


def test_holding_priority_lets_you_respond_to_your_own_spell() -> None:
    """CR 117.3c: the caster receives priority after casting. Without holding it the
    page passes (the spell resolves); held once (Ctrl-click) or with the setting on,
    the game stops with the player's own spell on the stack."""
    s = Session.from_scenario(BOLTS)
    bolt = [o["i"] for o in _options(s) if o["label"].startswith("Cast Lightning Bolt")][0]
    s.answer({"i": bolt})
    s.answer({"targets": [-2]})
    assert s.game.players[1].life == 17 and not s.game.stack

    s = Session.from_scenario(BOLTS)
    s.answer({"i": bolt, "hold": True})
    s.answer({"targets": [-2]})  # the hold lasts through the targets
    m = s.message()
    assert m["decision"]["kind"] == "priority"
    assert [o["name"] for o in m["view"]["stack"]] == ["Lightning Bolt"]
    assert s.game.players[1].life == 20
    # respond with the second bolt: both resolve, the last one first
    second = [o["i"] for o in m["decision"]["options"] if o["label"].startswith("Cast Lightning")]
    s.answer({"i": second[0]})
    s.answer({"targets": [-2]})
    assert s.game.players[1].life == 14 and not s.game.stack

    s = Session.from_scenario(BOLTS)
    s.settings.update({"hold_priority": True})
    s.answer({"i": bolt})
    s.answer({"targets": [-2]})
    assert s.message()["view"]["stack"] and s.message()["settings"]["hold_priority"] is True


def test_damage_assignment_options_name_each_blocker_apart() -> None:
    s = Session.from_scenario(UNICORN)
    d = s.message()["decision"]
    unicorn = int(next(iter(d["data"]["candidates"])))
    s.answer({"attackers": [[unicorn, -2]]})
    d = s.message()["decision"]
    assert d["kind"] == "assign_damage" and len(d["data"]["blockers"]) == 2
    labels = [o["label"] for o in d["options"]]
    assert len(labels) == len(set(labels)), labels
    b1, b2 = d["data"]["blockers"]
    before = len(s.game.log)
    s.answer({"assignment": [[b1, 1], [b2, 1]]})
    dealt = [e for e in s.game.log[before:] if e.text.startswith("Prized Unicorn deals 1 combat")]
    assert len(dealt) == 2
    assert b1 in s.game.battlefield and b2 in s.game.battlefield  # 1 damage each: both live


def test_multikicker_any_number_of_times_bounded_by_the_mana() -> None:
    """CR 702.33c: the page may pay multikicker any number of times; it offers up to
    what the lands pay ({G} + 2 x {1}{G} with six Forests); more is refused."""
    s = Session.from_scenario(MULTIKICKER)
    (cast,) = [o for o in _options(s) if o["label"] == "Cast Joraga Warcaller {G}"]
    assert cast["multikicker"] == {"index": 0, "cost": "{1}{G}", "max": 2}
    before = (len(s.game.log), s.game.pending.id)
    for bad in ([3], "two", [True]):
        with pytest.raises(SessionError):
            s.answer({"i": cast["i"], "kicker": bad})
    assert (len(s.game.log), s.game.pending.id) == before
    s.answer({"i": cast["i"], "kicker": [2]})
    assert any(e.text.endswith("casts Joraga Warcaller kicked 2 times") for e in s.game.log)


def test_an_adventure_is_offered_on_the_cards_menu(adventure_cards) -> None:
    """CR 715.3: the player casts an adventurer card normally or as an Adventure: both
    are options on the card; Stomp (an instant, 715.3a) targets, deals 2 and the card
    goes on an adventure (715.3d), from where the Giant is offered."""
    s = Session.from_scenario(ADVENTURE)
    giant = next(o for o in _options(s) if o["label"] == "Cast Bonecrusher Giant {2}{R}")
    stomp = next(o for o in _options(s) if o["label"] == "Cast Stomp {1}{R}")
    assert giant["card"] == stomp["card"]  # one card, two choices on its menu
    s.answer({"i": stomp["i"]})
    assert s.message()["decision"]["kind"] == "targets"
    s.answer({"targets": [-2]})
    assert s.message()["view"]["players"][1]["life"] == 18
    assert [o["name"] for o in s.message()["view"]["exile"]] == ["Bonecrusher Giant"]
    labels = [o["label"] for o in _options(s)]
    assert "Cast Bonecrusher Giant {2}{R} from exile" in labels
    assert not any(label.startswith("Cast Stomp") for label in labels)


def test_modal_double_faced_cards_offer_their_back_faces(modal_dfc_cards) -> None:
    """CR 712.12: Glasspool Mimic is played as its land face, Glasspool Shore, and enters
    with it up (tapped, as that face says); CR 712.11b-c: Halvar's back face, Sword of the
    Realms, is cast for its own cost (the front's {2}{W}{W} isn't offered with three
    lands) and enters with that face up (712.13)."""
    s = Session.from_scenario(MODAL_DFC)
    labels = [o["label"] for o in _options(s)]
    assert "Play Glasspool Shore (back face of Glasspool Mimic)" in labels
    assert "Cast Sword of the Realms {1}{W}" in labels
    assert "Cast Glasspool Mimic {2}{U}" in labels
    assert not any(x.startswith(("Cast Halvar", "Play Glasspool Mimic")) for x in labels)
    s.answer({"i": _option(s, "Play Glasspool Shore (back face of Glasspool Mimic)")})
    shore = next(o for o in s.message()["view"]["battlefield"] if o["name"] == "Glasspool Shore")
    assert shore["types"] == ["Land"] and shore["tapped"]
    s.answer({"i": _option(s, "Cast Sword of the Realms {1}{W}")})
    sword = next(
        o for o in s.message()["view"]["battlefield"] if o["name"] == "Sword of the Realms"
    )
    assert "Artifact" in sword["types"] and "Equipment" in sword["subtypes"]
