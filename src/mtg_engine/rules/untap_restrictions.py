"""Permanents that don't untap during the untap step (CR 502.3).

"This creature doesn't untap during your untap step" (Altar Golem), "Enchanted
creature doesn't untap during its controller's untap step" (Apathy), "Equipped
creature doesn't untap ..." (Cement Shoes), "... if you control a Reflection":
static abilities (op ``doesnt_untap``) that stop the untap step's turn-based
action (CR 502.3) from untapping the permanents they affect. A condition on
the ability is checked as the untap step happens (CR 604.2: static abilities
apply while their conditions hold).

"That creature doesn't untap during its controller's next untap step" (an
instruction, op ``doesnt_untap``) creates an effect on those permanents (CR
611.2c: locked in) that lasts until their controller's next untap step has
happened (CR 502.3, 611.2a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Filter, SelfRef
from ..game.records import ContinuousEffect
from .conditions import evaluate
from .filters import objects_matching
from .statics import statics_with
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game


NEXT_UNTAP: Final = "doesnt_untap_next"
#: "doesn't untap during its controller's untap step for as long as this creature
#: remains tapped" (CR 611.2b; ended by rules/layers.source_untapped)
WHILE_UNTAP: Final = "doesnt_untap_while"


def skip_next_untap(
    game: Game,
    ids: list[int],
    source: int | None,
    controller: int,
    exerted_by: int | None = None,
) -> None:
    """ "... doesn't untap during its controller's next untap step" (CR 502.3, 611.2c);
    ``exerted_by``: the untap step of that player instead, whoever controls it then
    ("your next untap step", 701.43a)."""
    args = {} if exerted_by is None else {"player": exerted_by}
    game.effects = [
        *game.effects,
        *(
            ContinuousEffect(
                "rules",
                game.new_timestamp(),
                source,
                controller,
                (oid,),
                NEXT_UNTAP,
                dict(args),
                "next_untap",
            )
            for oid in ids
        ),
    ]
    game.invalidate()


def hold_tapped(game: Game, ids: list[int], source: int, controller: int, duration: str) -> None:
    """ "... doesn't untap during its controller's untap step for as long as [the
    source] remains tapped" (CR 502.3, 611.2b)."""
    game.effects = [
        *game.effects,
        *(
            ContinuousEffect(
                "rules", game.new_timestamp(), source, controller, (oid,), WHILE_UNTAP, {}, duration
            )
            for oid in ids
        ),
    ]
    game.invalidate()


def next_untap_done(game: Game, player: int) -> None:
    """CR 611.2a: the "next untap step" effects on ``player``'s permanents end once
    that untap step has happened."""
    if not any(e.op == NEXT_UNTAP for e in game.effects):
        return
    game.effects = [
        e
        for e in game.effects
        if not (
            e.op == NEXT_UNTAP
            and (
                e.args.get("player") == player
                if "player" in e.args
                else all(
                    game.objects.get(oid) is None or game.objects[oid].controller == player
                    for oid in e.affected
                )
            )
        )
    ]
    game.invalidate()


def held_tapped(game: Game, player: int) -> dict[int, str]:
    """The permanents of ``player`` that don't untap now, each with the name of the
    permanent whose ability says so (CR 502.3)."""
    out: dict[int, str] = {}
    for e in game.effects:
        if e.op in (NEXT_UNTAP, WHILE_UNTAP) and e.args.get("player", player) == player:
            for oid in e.affected:
                o = game.objects.get(oid)
                if o is not None and o.controller == player:
                    src = game.objects.get(e.source) if e.source is not None else None
                    out.setdefault(oid, src.name if src is not None else "an earlier effect")
    for src, o in _affected(game, "doesnt_untap"):
        if o.controller == player:
            out.setdefault(o.id, src.name)
    return out


def _affected(game: Game, op: str) -> list[tuple[GameObject, GameObject]]:
    """(source, permanent) for each permanent a static ability with ``op`` applies
    to now (its condition holds, CR 604.2): "this creature", "enchanted creature"."""
    out: list[tuple[GameObject, GameObject]] = []
    for src, st in statics_with(game, op):
        if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
            continue
        if isinstance(st.affected, SelfRef) or st.affected is None:
            out.append((src, src))
        elif isinstance(st.affected, Filter):
            out.extend((src, o) for o in objects_matching(game, st.affected, src.controller, src))
    return out


def optional_untaps(game: Game, player: int, held: dict[int, str]) -> list[int]:
    """CR 502.3: the tapped permanents of ``player`` that they "may choose not to
    untap during [their] untap step" (Rust Tick: op ``optional_untap``), other than
    those that don't untap anyway."""
    out: list[int] = []
    for _src, o in _affected(game, "optional_untap"):
        if o.controller == player and o.tapped and o.id not in held and o.id not in out:
            out.append(o.id)
    return out


def untapped_by_others(game: Game, active: int) -> list[GameObject]:
    """ "Untap all permanents you control during each other player's untap step"
    (Seedborn Muse; op ``untap_during_others_untap``): the tapped permanents such a
    static ability of a player other than ``active`` affects now (CR 604.2), which
    untap as ``active``'s untap step untaps their permanents (CR 502.3)."""
    out: list[GameObject] = []
    for src, o in _affected(game, "untap_during_others_untap"):
        if (
            src.controller != active
            and o.controller != active
            and o.tapped
            and not o.phased_out
            and o not in out
        ):
            out.append(o)
    return out


def _register() -> None:
    register("static:doesnt_untap", "static:optional_untap", "static:untap_during_others_untap")


_register()
