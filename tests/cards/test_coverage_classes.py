"""What `mtg cards coverage` counts: nontraditional cards aren't (CR 108.2a), and
the constructs added this session grade a card as the engine runs it."""

from __future__ import annotations

from mtg_engine.cards.abilities import Ability, AbilityKind, Effect, SelfRef, StaticEffect
from mtg_engine.cards.coverage import card_status, coverage, nontraditional
from mtg_engine.cards.database import CardDatabase
from mtg_engine.cards.definitions import card_def
from mtg_engine.rules.support import SUPPORTED, face_unsupported, unsupported
from mtg_engine.scenario.unsupported import card_gaps


def _db() -> CardDatabase:
    return CardDatabase.default()


def test_planes_schemes_vanguards_are_not_counted() -> None:
    """CR 108.2a, 311.1-314.1: nontraditional cards are never in a deck."""
    db = _db()
    names = ["Academy at Tolaria West", "A Display of My Dark Power", "Lightning Bolt"]
    cards = [db.get(n) for n in names]
    assert [nontraditional(c) for c in cards] == [True, True, False]
    report = coverage(cards, engine=face_unsupported)
    assert report.total == 1 and report.nontraditional == 2
    assert "Lightning Bolt" in report.cards and "Academy at Tolaria West" not in report.cards


def test_a_conspiracy_is_still_counted() -> None:
    """Conspiracies are traditional cards of limited play (CR 315.1), not 108.2a's."""
    card = _db().get("Adriana's Valor")
    assert not nontraditional(card)


def test_partner_variants_have_no_in_game_effect_to_run() -> None:
    """CR 702.124a: deck construction only; "Partner with" keeps its trigger."""
    db = _db()
    for name in ("Akiri, Line-Slinger", "Ganax, Astral Hunter", "Sarah Jane Smith"):
        assert card_status(db.get(name), engine=face_unsupported).status == "full", name


def test_energy_cards_grade_full_only_for_what_runs() -> None:
    db = _db()
    assert card_status(db.get("Aethertide Whale"), engine=face_unsupported).status == "full"
    # "Pay X {E}": X announced with the ability, then paid (rules/costs.with_x)
    nightmare = card_status(db.get("Chthonian Nightmare"), engine=face_unsupported)
    assert "cost:energy_variable" not in nightmare.missing_ops
    assert nightmare.status == "full"


def test_as_enters_instructions_grade_full_only_for_what_runs() -> None:
    """CR 614.12, 614.1c: the instructions of "As this enters" that are followed as
    the permanent enters (rules/etb_instructions.py: "you may pay 2 life. If you
    don't, it enters tapped", "sacrifice all lands you control", and "exile a
    creature card from a graveyard", linked to the permanent, CR 614.13, 607.2a)
    count as running; an instruction the entering event doesn't follow is reported."""
    db = _db()
    for name in (
        "Overlaid Terrain",
        "Steam Vents",
        "Choked Estuary",
        "Voice of All",
        "Dermotaxi",
        "Living Lore",
        "Sutured Ghoul",
    ):
        assert card_status(db.get(name), engine=face_unsupported).status == "full", name
    draw = Effect("draw", {"amount": 1})
    entering = Ability(
        AbilityKind.STATIC, static=(StaticEffect("as_enters", SelfRef(), {"effects": (draw,)}),)
    )
    assert "as_enters:draw" in unsupported(entering)


def test_tap_and_untap_replacements_run() -> None:
    """CR 122.1d, 101.2, 614.1a: the cards of the tapping pipeline count as running."""
    db = _db()
    for name in ("Frozen in Ice", "Blossombind", "Bewitching Leechcraft", "Freyalise's Winds"):
        assert card_status(db.get(name), engine=face_unsupported).status == "full", name


def test_multiface_cards_with_all_their_faces_are_counted() -> None:
    """``mtg cards coverage`` says how many multi-face cards have every face: Fire //
    Ice (from the supplement) and Bind // Liberate (its halves are older cards) do,
    Alive // Well (first face only) doesn't; a single-faced card isn't counted."""
    db = CardDatabase.shipped()
    names = ("Fire // Ice", "Bind // Liberate", "Alive // Well", "Lightning Bolt")
    report = coverage([db.get(n) for n in names], engine=face_unsupported)
    assert (report.multiface, report.multiface_complete) == (3, 2)
    assert "multi-face cards: 3  with all faces: 2  missing a face: 1" in report.summary()


def test_hero_cards_are_not_counted() -> None:
    """The Hero's Path cards (type Hero: The General, Axe of the Warmonger) start
    outside any deck (CR 108.2a); a Hero creature (a subtype) is an ordinary card."""
    db = _db()
    assert nontraditional(db.get("The General"))
    assert nontraditional(db.get("Axe of the Warmonger"))
    assert not nontraditional(db.get("Ardenn, Intrepid Archaeologist"))


def test_snow_mana_in_a_cost_is_run() -> None:
    """CR 107.4h: {S} is paid only with mana from a snow source, which the mana pool
    counts (rules/snow_mana.py): an ability or a mana cost with {S} runs."""
    db = _db()
    windform = card_status(db.get("Adarkar Windform"), engine=face_unsupported)
    assert windform.status == "full" and not windform.missing_ops
    assert "cost:snow_mana" in SUPPORTED
    # the scenario runner says so too: Icehide Golem's mana cost {S} is no gap
    assert card_gaps(card_def("Icehide Golem")) == []
