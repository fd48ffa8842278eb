"""Meld (CR 701.42, 712.4, 712.8g), tokens entering attacking (508.4, 506.3b) and
Krark's Thumb (614.1a on coin flips, 705)."""

from __future__ import annotations

from mtg_engine.cards.abilities import ControllerRef, Effect
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.multiface import meld_partner_name, meldable
from mtg_engine.rules.multiface_play import meld, meld_pair_partner
from mtg_engine.rules.support import face_unsupported


def test_meld_partner_names_come_from_the_card_data():
    assert meld_partner_name("Hanweir Battlements") == "Hanweir Garrison"
    assert meld_partner_name("Bruna, the Fading Light") == "Gisela, the Broken Blade"
    assert meld_partner_name("Grizzly Bears") is None


def test_712_8g_melded_permanent_mana_value_is_the_sum_of_the_front_faces(board):
    """CR 712.8g: Hanweir Battlements (0) + Hanweir Garrison ({2}{R}: 3) = 3;
    Bruna ({5}{W}{W}: 7) + Gisela ({2}{W}{W}: 4) = 11."""
    hb = board.add(0, "Hanweir Battlements")
    hg = board.add(0, "Hanweir Garrison")
    br = board.add(0, "Bruna, the Fading Light")
    gi = board.add(0, "Gisela, the Broken Blade")
    game = board.start()
    m1 = meld(game, game.objects[hb], game.objects[hg], 0)
    m2 = meld(game, game.objects[gi], game.objects[br], 0)
    assert m1 is not None and m2 is not None
    c1, c2 = chars(game, game.objects[m1]), chars(game, game.objects[m2])
    assert (c1.name, c1.power, c1.toughness, c1.mana_value) == (
        "Hanweir, the Writhing Township",
        7,
        4,
        3,
    )
    assert (c2.name, c2.power, c2.toughness, c2.mana_value) == (
        "Brisela, Voice of Nightmares",
        9,
        10,
        11,
    )
    assert len(game.battlefield) == 2


def test_meld_pair_condition_needs_owner_and_controller(board):
    """CR 712.4a: "if you both own and control this land and a creature named ...\""""
    hb = board.add(0, "Hanweir Battlements")
    hg = board.add(1, "Hanweir Garrison")
    game = board.start()
    assert meld_pair_partner(game, game.objects[hb], 0, "Creature") is None
    game.objects[hg].controller = 0  # controlled, but not owned
    game.invalidate()
    assert meld_pair_partner(game, game.objects[hb], 0, "Creature") is None
    game.objects[hg].owner = 0
    game.invalidate()
    assert meld_pair_partner(game, game.objects[hb], 0, "Creature") is game.objects[hg]
    assert meld_pair_partner(game, game.objects[hb], 0, "Artifact") is None


def test_701_42b_cards_of_different_pairs_or_tokens_cant_meld(board):
    hb = board.add(0, "Hanweir Battlements")
    gi = board.add(0, "Gisela, the Broken Blade")
    hg = board.add(0, "Hanweir Garrison")
    game = board.start()
    assert not meldable(game.objects[hb], game.objects[gi])
    assert meldable(game.objects[hb], game.objects[hg])
    game.objects[hg].is_token = True
    assert not meldable(game.objects[hb], game.objects[hg])


def _run(game: Game, source: int, e: Effect) -> None:
    from mtg_engine.effects import REGISTRY
    from mtg_engine.game.tasks import Task
    from mtg_engine.rules.effects_runner import Ctx

    task = Task("test", {})
    ctx = Ctx(game, game.objects[source], task)
    done = REGISTRY[e.op](ctx, e)
    assert done


def test_506_3b_token_created_attacking_outside_combat_is_only_tapped(board):
    """CR 506.3b / 508.4: with no combat, "tapped and attacking" tokens enter tapped."""
    hg = board.add(0, "Hanweir Garrison")
    game = board.start()
    spec = {
        "name": "Human",
        "types": ("Creature",),
        "subtypes": ("Human",),
        "power": 1,
        "toughness": 1,
        "colors": ("red",),
    }
    e = Effect(
        "create_token",
        {"amount": 2, "token": spec, "controller": ControllerRef(), "tapped_attacking": True},
    )
    _run(game, hg, e)
    tokens = [o for o in game.objects.values() if o.is_token and o.zone == Zone.BATTLEFIELD]
    assert len(tokens) == 2 and all(t.tapped for t in tokens)
    assert game.combat is None or not game.combat.attackers


def test_coverage_counts_cards_with_a_missing_face_as_not_full():
    """Engine-honest coverage: "Cut // Ribbons" lacks its Ribbons half in the card file;
    the meld cards carry their back faces and compile fully."""
    from mtg_engine.cards.coverage import card_status
    from mtg_engine.cards.database import CardDatabase

    db = CardDatabase.default()
    cut = card_status(db.get("Cut // Ribbons"), engine=face_unsupported)
    assert cut.status != "full" and "data:missing_face" in cut.missing_ops
    for name in ("Hanweir Battlements", "Gisela, the Broken Blade", "Krark's Thumb"):
        st = card_status(db.get(name), engine=face_unsupported)
        assert st.status == "full", (name, st)


def _flip_until_done(game: Game, source: int, e: Effect, keep: str | None) -> tuple[dict, list]:
    """Run a flip_coin effect, answering a 'which result to keep' question with ``keep``."""
    from mtg_engine.effects import REGISTRY
    from mtg_engine.game.actions import ChooseOption
    from mtg_engine.game.tasks import Task
    from mtg_engine.rules.effects_runner import Ctx

    task = Task("test", {})
    asked: list = []
    for _ in range(3):
        ctx = Ctx(game, game.objects[source], task)
        if REGISTRY[e.op](ctx, e):
            return game.turn_flags.last_coin_flip, asked
        asked.append(game.pending)
        task.answer = ChooseOption(keep)
    raise AssertionError("flip_coin never finished")


def test_614_krarks_thumb_doubles_the_coins_and_the_flipper_keeps_one(board):
    """Krark's Thumb (CR 614.1a): two coins are flipped; for a flip that only cares
    about heads or tails, the player chooses which result to keep."""
    thumb = board.add(0, "Krark's Thumb")
    game = board.start()
    e = Effect("flip_coin", {"call": False})
    for seed in range(20):
        from mtg_engine.game.rng import Rng

        g = game.clone()
        g.rng = Rng(seed)
        rec, asked = _flip_until_done(g, thumb, e, "tails")
        assert len(rec["flips"]) == 2
        if len(set(rec["flips"])) == 2:
            assert asked and rec["result"] == "tails"
            break
    else:
        raise AssertionError("no seed gave different flips")
