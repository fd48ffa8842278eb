"""Zone-change replacement finders are asked only about the moves they can care
about (``replacement_finder(..., moves=...)``), and ``watched`` remembers, per
index of the permanents' replacement statics, which event kinds something watches."""

from __future__ import annotations

import mtg_engine.engine  # noqa: F401  (every finder registered)
from mtg_engine.game.events import EventKind
from mtg_engine.game.objects import Zone
from mtg_engine.keywords.madness import madness_exile
from mtg_engine.keywords.rebound import rebound_exile
from mtg_engine.rules import pipeline
from mtg_engine.rules.zone_replacements import exile_if_leaves, own_statics


def _finders(frm: int, to: int) -> tuple:
    return pipeline._move_finders({"kind": EventKind.ZONE_CHANGE, "from": frm, "to": to})


def test_a_draw_asks_no_finder_of_leaving_the_stack_or_the_battlefield():
    got = _finders(Zone.LIBRARY, Zone.HAND)
    assert rebound_exile not in got and exile_if_leaves not in got
    assert madness_exile not in got and own_statics not in got


def test_each_finder_is_asked_about_its_own_moves():
    assert rebound_exile in _finders(Zone.STACK, Zone.GRAVEYARD)
    assert madness_exile in _finders(Zone.HAND, Zone.GRAVEYARD)
    assert exile_if_leaves in _finders(Zone.BATTLEFIELD, Zone.HAND)
    assert exile_if_leaves not in _finders(Zone.BATTLEFIELD, Zone.EXILE)
    # own "... instead" statics: leaving the battlefield, or going to a graveyard
    assert own_statics in _finders(Zone.BATTLEFIELD, Zone.EXILE)
    assert own_statics in _finders(Zone.LIBRARY, Zone.GRAVEYARD)


def test_finders_keep_their_registration_order():
    every = pipeline.FINDERS[EventKind.ZONE_CHANGE]
    got = _finders(Zone.BATTLEFIELD, Zone.GRAVEYARD)
    assert list(got) == [fn for fn in every if fn in got]
