"""Creating tokens (CR 111, 701.7), including tokens that enter attacking (CR 508.4)."""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.objects import Zone
from ..game.state import Game
from ..rules.characteristics import chars
from ..rules.combat_requirements import possible_defenders
from ..rules.effects_runner import Ctx
from ..rules.permanents import enter_battlefield
from ..rules.support import register
from . import effect

# "create ... tokens that are tapped and attacking" / "that are attacking" (CR 508.4)
register("arg:create_token.tapped_attacking", "arg:create_token.attacking")

#: steps once blockers are declared (a creature entering attacking then is unblocked, 509.1h)
_AFTER_BLOCKS = frozenset({6, 7, 8, 9})


@effect("create_token")
def create_token(ctx: Ctx, e: Effect) -> bool:
    """CR 111.1 / 701.7a: create token(s) with the given characteristics.

    "Tapped and attacking" / "attacking" (CR 508.4): as each token enters, its
    controller chooses which defending player, planeswalker or battle it attacks;
    it is attacking but never "attacked" (no attack triggers, 508.4), and it isn't
    attacking at all outside combat or under a non-attacking player's control (506.3b).
    """
    from ..cards.definitions import token_def

    g = ctx.game
    spec = dict(e.args.get("token") or {})
    n = ctx.amount(e.args.get("amount", 1))
    players = list(ctx.players(e.args.get("controller", ControllerRef())))
    attacking = bool(e.args.get("tapped_attacking") or e.args.get("attacking"))
    defenders: list[int | None] = []
    if attacking:
        chosen = _choose_defenders(ctx, players, n)
        if chosen is None:
            return False  # CR 508.4: waiting for the controller's choice
        defenders = chosen
    tapped = bool(e.args.get("tapped") or e.args.get("tapped_attacking"))
    card = token_def(spec)
    created: list[int] = []
    k = 0
    for p in players:
        for _ in range(n):
            obj = g.create_card(card, p, Zone.EXILE)
            obj.is_token = True
            # a token is created directly on the battlefield (CR 111.1)
            new_id = enter_battlefield(g, obj.id, controller=p, rules=("111.1",), tapped=tapped)
            if new_id is not None:
                created.append(new_id)
                if attacking:
                    _enter_attacking(ctx, new_id, defenders[k])
            k += 1
    ctx.set_parent("it", created)  # "create a token, then attach ... to it"
    return True


def _choose_defenders(ctx: Ctx, players: list[int], n: int) -> list[int | None] | None:
    """CR 508.4: for each token, what it attacks; None while a choice is pending.

    No choice when the token can't be attacking (no combat, or its controller isn't
    the attacking player: 506.3b) or when only one player/permanent can be attacked."""
    g = ctx.game
    chosen: list[int | None] = ctx.scratch.setdefault("attack_defenders", [])
    slots = [(p, i) for p in players for i in range(n)]
    while len(chosen) < len(slots):
        p, i = slots[len(chosen)]
        if g.combat is None or p != g.active:
            chosen.append(None)
            continue
        options = possible_defenders(g, p)
        if len(options) <= 1:
            chosen.append(options[0] if options else None)
            continue
        if ctx.answer is None:
            ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "508.4",
                f"Choose the player, planeswalker or battle token {i + 1} of {n} is attacking",
                {
                    "candidates": options,
                    "min": 1,
                    "max": 1,
                    "purpose": DecisionPurpose.ATTACK_DEFENDER,
                },
                player=p,
            )
            return None
        picked = [x for x in ctx.take_answer().objects if x in options]
        if len(picked) != 1:
            raise ValueError("choose exactly one player, planeswalker or battle to attack (508.4)")
        chosen.append(picked[0])
    return list(chosen)


def _enter_attacking(ctx: Ctx, oid: int, defender: int | None) -> None:
    """CR 508.4, 506.3a-b: make the entered token an attacking creature."""
    g = ctx.game
    o = g.objects[oid]
    combat = g.combat
    if (
        combat is None
        or defender is None
        or o.zone != Zone.BATTLEFIELD
        or "Creature" not in chars(g, o).types
    ):
        g.emit(
            "not_attacking",
            ("508.4", "506.3"),
            f"{o.name} enters but isn't attacking (not the attacking player's creature in combat)",
            obj=oid,
        )
        return
    combat.attackers[oid] = defender  # CR 508.4: attacking, but it never "attacked"
    if g.step in _AFTER_BLOCKS:
        combat.blocked[oid] = False  # CR 509.1h: entering after blocks, it is unblocked
    g.invalidate()
    g.emit(
        "enters_attacking",
        ("508.4",),
        f"{o.name} enters attacking {_defender_name(g, defender)}",
        obj=oid,
    )


def _defender_name(g: Game, ref: int) -> str:
    if ref < 0:
        return g.players[-ref - 1].name
    return g.objects[ref].name
