"""Replacement effects (CR 614-616): "enters" replacements, choices as a permanent
enters, "would die ... instead", regeneration shields. (Prevention, CR 615, is in
rules/damage.py and effects/combat.py.)"""

from __future__ import annotations

import pytest

from conftest import module_source
from mtg_engine.cards.abilities import (
    Ability,
    AbilityKind,
    CompiledFace,
    Effect,
    SelfRef,
    StaticEffect,
)
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import CastSpell, ChooseOption, PassPriority
from mtg_engine.game.objects import CardDef, Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.permanents import enter_battlefield


def _has(module: str, text: str) -> bool:
    """Whether an engine module another engineer owns has the change this test needs
    (see the issue 4 report: the diffs for those modules)."""
    return text in module_source(module)


def resolve_all(game: Game) -> None:
    while game.stack and game.decision is not None and game.decision.kind == "priority":
        game.apply(PassPriority())


def statics_card(name: str, *statics: StaticEffect, base: str = "Grizzly Bears") -> CardDef:
    ability = Ability(AbilityKind.STATIC, text=name, static=statics)
    return CardDef(name, card_def(base).data, (CompiledFace((ability,)),))


def test_614_1c_enters_tapped_and_with_counters(board):
    """CR 614.1c: "enters tapped", "enters with counters" modify how it enters."""
    card = statics_card(
        "Test Entry",
        StaticEffect("enters_tapped", SelfRef(), {}),
        StaticEffect("enters_with_counters", SelfRef(), {"counter": "+1/+1", "amount": 2}),
    )
    game = board.start()
    o = game.create_card(card, 0, Zone.EXILE)
    new = enter_battlefield(game, o.id, controller=0)
    n = game.objects[new]
    assert n.tapped and n.counters == {"+1/+1": 2}
    assert "614.1c" in game.log[-1].rules


def test_614_1d_other_permanent_makes_it_enter_tapped(board):
    """CR 614.1d, 614.12: "Creatures your opponents control enter tapped"."""
    from mtg_engine.cards.abilities import Filter

    orb = statics_card(
        "Test Orb",
        StaticEffect(
            "enters_tapped",
            Filter(kinds=("Creature",), conditions=(("controller", "opponent"),)),
            {},
        ),
        base="Glorious Anthem",
    )
    game = board.start()
    game.create_card(orb, 0, Zone.BATTLEFIELD)
    mine = game.create_card(card_def("Grizzly Bears"), 0, Zone.EXILE)
    theirs = game.create_card(card_def("Grizzly Bears"), 1, Zone.EXILE)
    a = enter_battlefield(game, mine.id, controller=0)
    b = enter_battlefield(game, theirs.id, controller=1)
    assert not game.objects[a].tapped and game.objects[b].tapped
    assert "614.1d" in game.log[-1].rules


@pytest.mark.skipif(
    not _has("mtg_engine.rules.filters", "chosen_color"), reason="rules/filters.py diff not applied"
)
def test_614_12a_choice_made_as_it_enters(board):
    """CR 614.12a, 607.2: "As this enters, choose a color" — remembered on it."""
    spirit = board.add(0, "Chameleon Spirit", zone=Zone.HAND)
    for _ in range(4):
        board.add(0, "Island")
    board.add(1, "Raging Goblin")
    game = board.start()
    game.apply(CastSpell(spirit))
    resolve_all(game)
    d = game.decision
    assert d.kind == "choose_option" and d.rule == "614.12a" and "red" in d.data["options"]
    game.apply(ChooseOption("red"))
    o = [
        game.objects[x] for x in game.battlefield if game.objects[x].card.name == "Chameleon Spirit"
    ]
    assert o[0].chosen["color"] == "red"


@pytest.mark.skipif(
    not _has("mtg_engine.rules.zones", "redirect"), reason="rules/zones.py diff not applied yet"
)
def test_614_6_would_die_exile_it_instead(board):
    """CR 614.6: "If this creature would die, exile it instead."""
    from mtg_engine.rules.zones import move

    card = statics_card(
        "Test Exiler",
        StaticEffect("replace_die", SelfRef(), {"effects": (Effect("exile", {"instead": True}),)}),
    )
    game = board.start()
    o = game.create_card(card, 0, Zone.BATTLEFIELD)
    new = move(game, o.id, Zone.GRAVEYARD, ("704.5g",), reason="is destroyed")
    assert game.objects[new].zone == Zone.EXILE
    assert "614.6" in game.log[-1].rules


def test_regeneration_shield(board):
    """CR 701.19a: a regeneration shield replaces destruction once."""
    from mtg_engine.rules.permanents import destroy_permanent

    bears = board.add(0, "Grizzly Bears", regen_shields=1)
    game = board.start()
    assert not destroy_permanent(game, bears, ("701.8a",))
    o = game.objects[bears]
    assert o.tapped and o.regen_shields == 0
    assert destroy_permanent(game, bears, ("701.8a",))
    assert chars(game, game.objects[game.uid_to_obj[bears]]).name == "Grizzly Bears"
