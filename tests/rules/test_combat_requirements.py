"""Legal declarations of attackers and blockers: restrictions, requirements and the
maximum-requirements rule (CR 508.1c-d, 509.1b-c), banding (702.22c-d), costs (508.1h)."""

from __future__ import annotations

import pytest

import mtg_engine.effects.combat  # noqa: F401  (registers the combat effect ops)
from mtg_engine.cards.abilities import Ability, AbilityKind, CompiledFace, Filter, StaticEffect
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import (
    DeclareAttackers,
    DeclareBlockers,
    IllegalActionError,
    PassPriority,
    player_ref,
)
from mtg_engine.game.objects import CardDef, Zone
from mtg_engine.game.records import ContinuousEffect
from mtg_engine.game.state import Game, Step
from mtg_engine.rules import combat
from mtg_engine.rules import combat_requirements as req

B = player_ref(1)


def to_kind(game: Game, kind: str) -> None:
    while game.decision.kind != kind:
        game.apply(PassPriority())


def add_effect(game: Game, op: str, affected: tuple[int, ...], args: dict, controller: int = 1):
    game.effects = [
        *game.effects,
        ContinuousEffect(
            "6r", game.new_timestamp(), None, controller, affected, op, args, "end_of_turn"
        ),
    ]
    game.invalidate()


def custom_card(base: str, *statics: StaticEffect) -> CardDef:
    """A card with extra static abilities (for rules the compiler doesn't emit yet)."""
    d = card_def(base)
    extra = tuple(Ability(AbilityKind.STATIC, text=s.op, static=(s,)) for s in statics)
    face = CompiledFace(d.compiled[0].abilities + extra, ())
    return CardDef(d.name, d.data, (face,))


def add_custom(board, player: int, card: CardDef) -> int:
    return board.game.create_card(card, player, Zone.BATTLEFIELD).id


# ---------------------------------------------------------------------------
# Attacking
# ---------------------------------------------------------------------------


def test_max_attackers_with_a_requirement_only_the_forced_creature_attacks(board):
    """CR 508.1d example: "attacks if able" + vanilla + "no more than one creature can
    attack": the only legal attack is the creature that attacks if able."""
    jugg = board.add(0, "Juggernaut")
    bears = board.add(0, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    add_effect(game, "max_attackers", (), {"amount": 1})
    to_kind(game, "attackers")
    for bad in ((), ((bears, B),), ((jugg, B), (bears, B))):
        assert game.is_legal(DeclareAttackers(bad)) is not None
    assert game.is_legal(DeclareAttackers(((jugg, B),))) is None
    assert combat.default_attack(game) == DeclareAttackers(((jugg, B),))
    assert game.decision.data["max_requirements"] == 1


def test_goaded_creature_must_attack_a_player_other_than_the_goader(board):
    """CR 701.15b: two requirements — attack, and attack a player other than the goader;
    in a two-player game only the first can be obeyed."""
    bears = board.add(0, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    add_effect(game, "goaded", (bears,), {"by": 1, "turn": 2})
    to_kind(game, "attackers")
    assert game.decision.data["max_requirements"] == 1
    with pytest.raises(IllegalActionError, match="508.1d"):
        game.apply(DeclareAttackers(()))
    game.apply(DeclareAttackers(((bears, B),)))


def test_goad_ends_on_the_goaders_turn(board):
    bears = board.add(0, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    add_effect(game, "goaded", (bears,), {"by": 0, "turn": 1})
    to_kind(game, "attackers")
    assert game.is_legal(DeclareAttackers(())) is None


def test_attack_cost_is_paid_and_exempts_from_requirements(board):
    """CR 508.1d: a creature with a cost to attack isn't required to attack; CR
    508.1h-j: the cost is paid as attackers are declared."""
    prison = card_def("Ghostly Prison")  # (its compiled attack cost, {2} per attacker)
    jugg = board.add(0, "Juggernaut")
    board.add(0, "Forest")
    board.add(0, "Forest")
    add_custom(board, 1, prison)
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_kind(game, "attackers")
    assert game.is_legal(DeclareAttackers(())) is None  # exempt
    game.apply(DeclareAttackers(((jugg, B),)))
    forests = [o for o in game.battlefield if game.objects[o].name == "Forest"]
    assert all(game.objects[f].tapped for f in forests)
    assert any("508.1h" in e.text and e.kind == "pay_mana" for e in game.log)


def test_attack_cost_that_cant_be_paid_makes_the_attack_illegal(board):
    prison = card_def("Ghostly Prison")  # (its compiled attack cost, {2} per attacker)
    bears = board.add(0, "Grizzly Bears")
    add_custom(board, 1, prison)
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_kind(game, "attackers")
    with pytest.raises(IllegalActionError, match="508.1h"):
        game.apply(DeclareAttackers(((bears, B),)))


def test_attack_options_are_legal_and_include_the_forced_declaration(board):
    for _ in range(3):
        board.add(0, "Bonded Construct")
    jugg = board.add(0, "Juggernaut")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_kind(game, "attackers")
    opts = combat.attack_options(game)
    assert opts and all(game.is_legal(o) is None for o in opts)
    assert any(dict(o.attackers).get(jugg) for o in opts)


def test_requirement_search_is_fast_on_a_big_board(board):
    """Twenty creatures that attack if able, four that can't attack alone, and a
    limit of three attackers: the search settles on the best plan (speed is measured by the benchmark, not here)."""
    for _ in range(20):
        board.add(0, "Juggernaut")
    for _ in range(4):
        board.add(0, "Bonded Construct")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    add_effect(game, "max_attackers", (), {"amount": 3})
    to_kind(game, "attackers")
    plan = req.attack_plan(game)
    assert plan.best == 3
    assert game.is_legal(combat.default_attack(game)) is None


# ---------------------------------------------------------------------------
# Blocking
# ---------------------------------------------------------------------------


def _attack(game: Game, *pairs: tuple[int, int]) -> None:
    to_kind(game, "attackers")
    game.apply(DeclareAttackers(tuple(pairs)))
    to_kind(game, "blockers")


def test_lure_every_able_creature_blocks(board):
    """CR 509.1c: "All creatures able to block it do so" is one requirement per
    creature able to block it."""
    unicorn = board.add(0, "Prized Unicorn")
    bears = [board.add(1, "Grizzly Bears") for _ in range(10)]
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    _attack(game, (unicorn, B))
    assert game.decision.data["max_requirements"] == 10
    assert game.is_legal(DeclareBlockers(tuple((b, unicorn) for b in bears[:9]))) is not None
    game.apply(DeclareBlockers(tuple((b, unicorn) for b in bears)))
    assert len(game.combat.blockers) == 10


def test_two_lures_each_blocker_obeys_one(board):
    """Each creature can block only one of two lures: obeying one requirement each
    is the maximum."""
    u1 = board.add(0, "Prized Unicorn")
    u2 = board.add(0, "Prized Unicorn")
    bears = [board.add(1, "Grizzly Bears") for _ in range(6)]
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    _attack(game, (u1, B), (u2, B))
    assert game.decision.data["max_requirements"] == 6
    split = tuple((b, u1 if i % 2 else u2) for i, b in enumerate(bears))
    assert game.is_legal(DeclareBlockers(split)) is None
    assert game.is_legal(combat.default_block(game)) is None


def test_lure_with_menace_needs_two_blockers_or_none(board):
    """A lure with menace and a single creature able to block it: blocking alone would
    break the menace restriction, so no block is required."""
    unicorn = board.add(0, "Prized Unicorn")
    bears = board.add(1, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    add_effect(game, "grant_keyword", (unicorn,), {"keyword": "Menace"})
    game.effects[-1].layer = "6"
    game.invalidate()
    _attack(game, (unicorn, B))
    assert game.decision.data["max_requirements"] == 0
    assert game.is_legal(DeclareBlockers(())) is None
    assert game.is_legal(DeclareBlockers(((bears, unicorn),))) is not None


def test_provoked_creature_must_block_the_provoker(board):
    """CR 702.39a via the must_block_attacker effect."""
    elite = board.add(0, "Savannah Lions")
    bears = board.add(1, "Grizzly Bears")
    board.add(1, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    add_effect(game, "must_block_attacker", (bears,), {"attacker": elite}, controller=0)
    _attack(game, (elite, B))
    with pytest.raises(IllegalActionError, match="509.1c"):
        game.apply(DeclareBlockers(()))
    game.apply(DeclareBlockers(((bears, elite),)))


def test_block_options_are_legal_with_requirements(board):
    unicorn = board.add(0, "Prized Unicorn")
    brute = board.add(0, "Boggart Brute")
    for _ in range(3):
        board.add(1, "Grizzly Bears")
    board.add(1, "Razorgrass Screen")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    _attack(game, (unicorn, B), (brute, B))
    opts = combat.block_options(game)
    assert opts and all(game.is_legal(o) is None for o in opts)
    assert combat.default_block(game) in opts


def test_extra_block_capacity(board):
    """CR 509.1a: "can block an additional creature each combat"."""
    a1 = board.add(0, "Grizzly Bears")
    a2 = board.add(0, "Grizzly Bears")
    a3 = board.add(0, "Grizzly Bears")
    board.add(1, "Brave the Sands")
    giant = board.add(1, "Hill Giant")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    _attack(game, (a1, B), (a2, B), (a3, B))
    assert game.decision.data["capacity"] == {giant: 2}
    assert game.is_legal(DeclareBlockers(((giant, a1), (giant, a2), (giant, a3)))) is not None
    game.apply(DeclareBlockers(((giant, a1), (giant, a2))))
    assert sorted(game.combat.blockers[giant]) == sorted([a1, a2])


# ---------------------------------------------------------------------------
# State: clones and JSON mid-combat
# ---------------------------------------------------------------------------


def test_bands_survive_clone_and_json(board):
    hero = board.add(0, "Benalish Hero")
    bears = board.add(0, "Grizzly Bears")
    giant = board.add(1, "Hill Giant")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_kind(game, "attackers")
    game.apply(DeclareAttackers(((hero, B), (bears, B)), ((hero, bears),)))
    to_kind(game, "blockers")
    for g in (game.clone(), Game.from_json(game.to_json())):
        g.apply(DeclareBlockers(((giant, hero),)))
        assert sorted(g.combat.blockers[giant]) == sorted([hero, bears])
        assert g.combat.blocked[bears]
    assert giant not in game.combat.blockers


def _bands_with_other_bears(board, player: int) -> int:
    d = card_def("Grizzly Bears")
    extra = Ability(
        AbilityKind.STATIC, keyword="Bands with other", keyword_args={"quality": "Bears"}
    )
    card = CardDef(d.name, d.data, (CompiledFace((*d.compiled[0].abilities, extra), ()),))
    return add_custom(board, player, card)


def test_bands_with_other(board):
    """CR 702.22c: creatures of the quality, one of which "bands with other
    [quality]", may form a band; a creature without the quality can't join."""
    leader = _bands_with_other_bears(board, 0)
    bears = board.add(0, "Grizzly Bears")
    lions = board.add(0, "Savannah Lions")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_kind(game, "attackers")
    assert game.decision.data["banding"] == [leader]
    attack = ((leader, B), (bears, B), (lions, B))
    assert game.is_legal(DeclareAttackers(attack, ((leader, bears, lions),))) is not None
    game.apply(DeclareAttackers(attack, ((leader, bears),)))


def test_blocked_by_bands_with_other_gives_the_defender_the_division(board):
    """CR 702.22j: blocked by a [quality] creature with "bands with other [quality]"
    and another [quality] creature, the defending player divides the damage."""
    wurm = board.add(0, "Craw Wurm")
    leader = _bands_with_other_bears(board, 1)
    bears = board.add(1, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    _attack(game, (wurm, B))
    game.apply(DeclareBlockers(((leader, wurm), (bears, wurm))))
    to_kind(game, "assign_damage")
    assert game.decision.player == 1 and game.decision.rule == "702.22j"


def test_block_cost_is_paid_and_exempts_from_requirements(board):
    """CR 509.1c-d: a creature with a cost to block needn't block; the cost is paid
    as blockers are declared, and a block that can't be paid for is illegal."""
    toll = custom_card(
        "Ghostly Prison", StaticEffect("block_cost", Filter(("Creature",)), {"mana": "{1}"})
    )
    unicorn = board.add(0, "Prized Unicorn")
    add_custom(board, 0, toll)
    bears = board.add(1, "Grizzly Bears")
    giant = board.add(1, "Hill Giant")
    forest = board.add(1, "Forest")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    _attack(game, (unicorn, B))
    assert game.is_legal(DeclareBlockers(())) is None  # exempt from the lure
    assert "509.1d" in game.is_legal(DeclareBlockers(((bears, unicorn), (giant, unicorn))))
    game.apply(DeclareBlockers(((bears, unicorn),)))
    assert game.objects[forest].tapped
