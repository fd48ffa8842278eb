"""Ninjutsu (702.49), forecast (702.57), recover (702.59), ripple (702.60), dredge
(702.52), prowl (702.76), epic (702.50), offering (702.48), transfigure (702.71) and
aura swap (702.65): compiled forms, state round-trips mid-decision, and the
heuristic agent's use of them. Rules behaviour is pinned by the scenario files in
tests/scenarios/keywords/."""

from __future__ import annotations

from mtg_engine.agents.heuristic import HeuristicAgent
from mtg_engine.cards.abilities import AbilityKind
from mtg_engine.cards.compiler import compile_text
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import (
    ActivateAbility,
    CastSpell,
    ChooseObjects,
    ChooseTargets,
    ChooseYesNo,
    PassPriority,
)
from mtg_engine.game.hooks import full_ability
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.keywords.offering import reduce_by_mana_cost
from mtg_engine.rules.mana_costs import parse_cost
from mtg_engine.rules.support import face_unsupported


def _abilities(name: str):
    return card_def(name).compiled[0].abilities


def _keyword(name: str, keyword: str):
    return next(a for a in _abilities(name) if a.keyword == keyword)


def test_ninjutsu_stands_for_a_hand_ability_returning_an_unblocked_attacker():
    """CR 702.49a: "[Cost], Reveal this card from your hand, Return an unblocked
    attacking creature you control to its owner's hand: Put this card onto the
    battlefield from your hand tapped and attacking."""
    full = full_ability(_keyword("Ninja of the Deep Hours", "Ninjutsu"))
    assert full.kind is AbilityKind.ACTIVATED
    assert full.keyword_args["from_zone"] == "hand"
    assert full.cost.mana == "{1}{U}"
    other = dict(full.cost.other)
    assert other["reveal_self"] is True
    flt, n = other["return"]
    assert n == 1 and ("unblocked", True) in flt.conditions
    assert [e.op for e in full.effects] == ["ninjutsu_enter"]


def test_forecast_compiles_as_a_full_activated_ability_with_its_restrictions():
    """CR 702.57a-b: "Forecast — [Activated ability]": hand only, your upkeep, once a turn;
    the ability's own effects count for coverage."""
    raw = _keyword("Piercing Rays", "Forecast")
    assert raw.kind is AbilityKind.ACTIVATED and raw.effects
    assert ("reveal_self", True) in raw.cost.other
    full = full_ability(raw)
    assert full.keyword_args["from_zone"] == "hand"
    assert ("only_during", "your_upkeep") in full.restrictions
    assert full.limit_per_turn == 1
    assert face_unsupported(card_def("Piercing Rays").compiled[0]) == []


def test_keyword_compiled_forms():
    """Transfigure and aura swap are activated keywords; "Moonfolk offering" names its
    subtype; "if its prowl cost was paid" is a condition on the alternative cost."""
    assert _keyword("Fleshwrither", "Transfigure").kind is AbilityKind.ACTIVATED
    assert _keyword("Arcanum Wings", "Aura swap").kind is AbilityKind.ACTIVATED
    assert _keyword("Patron of the Moon", "Offering").keyword_args["subtype"] == "Moonfolk"
    assert _keyword("Darkblast", "Dredge").keyword_args["n"] == 3
    assert _keyword("Surging Flame", "Ripple").keyword_args["n"] == 4
    face = compile_text(
        "When this creature enters, if its prowl cost was paid, draw a card.",
        "Test Faerie",
        ("Creature",),
    )
    cond = face.abilities[0].trigger.condition
    assert cond.kind == "alt_cost_paid" and cond.args["alt"] == "prowl"


def test_offering_reduction_follows_702_48c():
    """CR 702.48c: generic reduces generic, colored reduces the same color, any excess
    reduces generic mana."""
    patron = parse_cost("{4}{R}{R}")
    assert str(reduce_by_mana_cost(patron, parse_cost("{1}{R}"))) == str(parse_cost("{3}{R}"))
    assert str(reduce_by_mana_cost(patron, parse_cost("{U}"))) == str(parse_cost("{3}{R}{R}"))
    assert str(reduce_by_mana_cost(patron, parse_cost("{7}"))) == str(parse_cost("{R}{R}"))


def test_ripple_choice_survives_json_round_trip(board):
    """CR 702.60a mid-resolution: the game serializes at the ripple decisions and goes
    on the same way (architecture §2)."""
    flame = board.add(0, "Surging Flame", Zone.HAND)
    board.add(0, "Surging Flame", Zone.LIBRARY)
    board.add(0, "Island", Zone.LIBRARY)
    for _ in range(2):
        board.add(0, "Mountain")
    game = board.start()
    game.apply(CastSpell(flame))
    game.apply(ChooseTargets((-2,)))
    while game.decision.kind == "priority":
        game.apply(PassPriority())
    assert game.decision.kind == "yes_no"  # reveal? (702.60a)
    game.apply(ChooseYesNo(True))
    d = game.decision
    assert d.kind == "choose_objects" and d.data["purpose"] == "cast"
    copy = Game.from_json(game.to_json())
    for g in (game, copy):
        g.apply(ChooseObjects(tuple(d.data["candidates"])))
        g.apply(ChooseTargets((-2,)))
        while g.stack or g.decision.kind != "priority":
            g.apply(PassPriority() if g.decision.kind == "priority" else ChooseYesNo(False))
        assert g.players[1].life == 16
    assert [o.name for o in (game.objects[i] for i in game.players[0].library)] == ["Island"]


def test_epic_forbids_casting_in_clones(board):
    """CR 702.50a: "For the rest of the game, you can't cast spells" survives clone()."""
    swarm = board.add(0, "Endless Swarm", Zone.HAND)
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    for _ in range(10):
        board.add(0, "Forest")
    game = board.start()
    game.apply(CastSpell(swarm))
    while game.stack:
        game.apply(PassPriority())
    clone = game.clone()
    assert not any(isinstance(a, CastSpell) for a in clone.legal_actions())
    assert clone.is_legal(CastSpell(bears)) is not None


def _run_agent(game: Game, agent: HeuristicAgent, until) -> None:
    for _ in range(200):
        if until(game) or game.outcome is not None:
            return
        game.apply(agent.choose(game))


def test_heuristic_agent_ninjutsus_a_better_creature_in(board):
    """The agent swaps an unblocked Grizzly Bears for Ninja of the Deep Hours (702.49)."""
    bears = board.add(0, "Grizzly Bears")
    board.add(0, "Ninja of the Deep Hours", Zone.HAND)
    for _ in range(2):
        board.add(0, "Island")
    game = board.start()
    _run_agent(game, HeuristicAgent(0), lambda g: g.step == Step.END_OF_COMBAT)
    names = {game.objects[o].name for o in game.battlefield}
    assert "Ninja of the Deep Hours" in names
    assert bears not in game.objects or game.objects[bears].zone != Zone.BATTLEFIELD
    assert game.players[1].life == 18


def test_heuristic_agent_forecasts_in_its_upkeep(board):
    """The agent activates Piercing Rays' forecast ability in its upkeep (702.57b)."""
    board.add(0, "Piercing Rays", Zone.HAND)
    for _ in range(3):
        board.add(0, "Plains")
    bears = board.add(1, "Grizzly Bears")
    game = board.start(step=Step.UPKEEP)
    _run_agent(game, HeuristicAgent(0), lambda g: g.step == Step.DRAW)
    assert game.objects[bears].tapped
    assert any(game.objects[o].name == "Piercing Rays" for o in game.players[0].hand)


def test_heuristic_agent_dredges_with_a_large_library(board):
    """The agent dredges Darkblast instead of drawing when its library is large and it
    has lands enough (702.52a)."""
    blast = board.add(0, "Darkblast", Zone.GRAVEYARD)
    for _ in range(4):
        board.add(0, "Swamp")
    game = board.start(step=Step.UPKEEP)
    _run_agent(game, HeuristicAgent(0), lambda g: g.step == Step.PRECOMBAT_MAIN)
    assert [game.objects[o].name for o in game.players[0].hand] == ["Darkblast"]
    assert blast not in game.players[0].graveyard
    assert len(game.players[0].graveyard) == 3


def test_heuristic_agent_draws_for_a_land_instead_of_dredging(board):
    """With no land in hand and few lands out, the agent draws rather than dredge a spell."""
    blast = board.add(0, "Darkblast", Zone.GRAVEYARD)
    board.add(0, "Swamp")
    game = board.start(step=Step.UPKEEP)
    _run_agent(game, HeuristicAgent(0), lambda g: g.step == Step.PRECOMBAT_MAIN)
    assert blast in game.players[0].graveyard
    assert [game.objects[o].name for o in game.players[0].hand] == ["Forest"]


def test_heuristic_agent_swaps_for_a_bigger_aura(board):
    """The agent exchanges Arcanum Wings for Serra's Embrace from its hand (702.65a)."""
    bears = board.add(0, "Grizzly Bears")
    board.add(0, "Arcanum Wings", attached_to=bears)
    board.add(0, "Serra's Embrace", Zone.HAND)
    for _ in range(3):
        board.add(0, "Island")
    game = board.start()
    _run_agent(
        game,
        HeuristicAgent(0),
        lambda g: (
            g.step != Step.PRECOMBAT_MAIN
            or any(g.objects[o].name == "Arcanum Wings" for o in g.players[0].hand)
        ),
    )
    attached = [
        game.objects[o].name for o in game.battlefield if game.objects[o].attached_to == bears
    ]
    assert attached == ["Serra's Embrace"]


def test_activated_keywords_are_listed_from_the_hand(board):
    """Legal actions offer ninjutsu only once a creature is unblocked (702.49c)."""
    board.add(0, "Grizzly Bears")
    ninja = board.add(0, "Ninja of the Deep Hours", Zone.HAND)
    for _ in range(2):
        board.add(0, "Island")
    game = board.start()

    def ninjutsu_offered(g: Game) -> bool:
        return any(isinstance(a, ActivateAbility) and a.source == ninja for a in g.legal_actions())

    assert not ninjutsu_offered(game)  # no attacker yet
    _run_agent(
        game,
        HeuristicAgent(0),
        lambda g: (
            g.step == Step.DECLARE_BLOCKERS
            and g.decision.kind == "priority"
            and g.decision.player == 0
        ),
    )
    assert ninjutsu_offered(game)  # the Bears are attacking and unblocked


def test_dredge_decision_round_trips_and_replaces_the_draw(board):
    """CR 702.52a, 121.2: the draw step's draw waits on the dredge choice; the game
    serializes there, and choosing nothing draws normally."""
    blast = board.add(0, "Darkblast", Zone.GRAVEYARD)
    game = board.start(step=Step.UPKEEP)
    while not (game.decision.kind == "choose_objects"):
        game.apply(PassPriority())
    d = game.decision
    assert d.data["purpose"] == "dredge" and d.data["candidates"] == [blast]
    copy = Game.from_json(game.to_json())
    copy.apply(ChooseObjects(()))
    assert [copy.objects[o].name for o in copy.players[0].hand] == ["Forest"]
    game.apply(ChooseObjects((blast,)))
    assert [game.objects[o].name for o in game.players[0].hand] == ["Darkblast"]
    assert len(game.players[0].library) == 17


def test_offering_is_listed_at_instant_speed(board):
    """CR 702.48a: with a Goblin to offer, Patron of the Akki is castable in the
    opponent's turn; the listed variant names the Goblin to sacrifice."""
    patron = board.add(0, "Patron of the Akki", Zone.HAND)
    goblin = board.add(0, "Raging Goblin")
    for _ in range(5):
        board.add(0, "Mountain")
    game = board.start(turn=4, active=1)
    while game.decision.player != 0 or game.decision.kind != "priority":
        game.apply(PassPriority())
    casts = [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == patron]
    assert casts == [CastSpell(patron, sacrifice=(goblin,))]


def test_recover_trigger_asks_even_after_the_card_left(board):
    """Ruling 502.55.2 (702.59a): the second trigger still offers the payment; the
    heuristic agent pays only when the card is still there and it can pay."""
    harvest = board.add(0, "Grim Harvest", Zone.GRAVEYARD)
    wrath = board.add(0, "Wrath of God", Zone.HAND)
    board.add(0, "Grizzly Bears")
    board.add(0, "Llanowar Elves")
    for _ in range(4):
        board.add(0, "Plains")
    for _ in range(3):
        board.add(0, "Swamp")
    game = board.start()
    game.apply(CastSpell(wrath))
    agent = HeuristicAgent(0)
    answers = []
    for _ in range(40):
        if not game.stack and game.decision.kind == "priority":
            break
        d = game.decision
        if d.kind == "yes_no":
            assert d.data["purpose"] == "recover"
            answers.append((d.data["card"] is not None, agent.choose(game)))
            game.apply(answers[-1][1])
        else:
            game.apply(PassPriority() if d.kind == "priority" else agent.choose(game))
    assert [(there, a.value) for there, a in answers] == [(True, True), (False, False)]
    assert harvest not in game.players[0].graveyard
    assert any(game.objects[o].name == "Grim Harvest" for o in game.players[0].hand)


def test_forecast_card_stays_revealed_during_the_upkeep(board):
    """CR 702.57b: the opponent sees the forecast card in the hand until the upkeep ends."""
    rays = board.add(0, "Piercing Rays", Zone.HAND)
    for _ in range(3):
        board.add(0, "Plains")
    bears = board.add(1, "Grizzly Bears")
    game = board.start(step=Step.UPKEEP)
    assert game.observe(1)["players"][0]["revealed"] == []
    game.apply(ActivateAbility(rays, 1))
    if game.decision.kind == "targets":
        game.apply(ChooseTargets((bears,)))
    assert [c["name"] for c in game.observe(1)["players"][0]["revealed"]] == ["Piercing Rays"]
    while game.step == Step.UPKEEP:
        game.apply(PassPriority())
    assert game.observe(1)["players"][0]["revealed"] == []
