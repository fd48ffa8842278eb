"""The effect that replaces this turn's declarations of blockers with random
piles (Camouflage; CR 614.1a, 509.1, 700.3): see :mod:`mtg_engine.rules.pile_blocks`."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..rules import pile_blocks as pile_rules
from ..rules.effects_runner import Ctx
from . import effect


@effect("random_pile_blocks")
def random_pile_blocks(ctx: Ctx, e: Effect) -> bool:
    """CR 611.2a, 614.1a: from now until end of turn, each declare blockers step's
    declaration is replaced by the piles."""
    pile_rules.start(ctx.game)
    ctx.game.emit(
        EventKind.PILE_BLOCKS_EFFECT,
        ("614.1a", "611.2a"),
        "This turn, blockers are chosen by piles assigned at random instead of declared",
    )
    return True
