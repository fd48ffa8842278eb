"""Creating tokens (CR 111, 701.7), including tokens that enter attacking (CR 508.4)."""

from __future__ import annotations

from typing import Any

from ..cards.abilities import Amount, ControllerRef, Effect, StaticEffect
from ..cards.definitions import token_def
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..game.state import Game
from ..rules.characteristics import chars
from ..rules.combat_requirements import possible_defenders
from ..rules.effects_runner import Ctx
from ..rules.permanents import enter_battlefield
from ..rules.pipeline import (
    Replacement,
    affects_player,
    cited,
    notes,
    propose,
    static_replacement,
)
from ..rules.support import register
from . import effect

# "create ... tokens that are tapped and attacking" / "that are attacking" (CR 508.4)
register("arg:create_token.tapped_attacking", "arg:create_token.attacking")
# "create a Monster Role token attached to target creature" (CR 303.4f, 111.10j-r)
register("arg:create_token.attached_to")

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
    g = ctx.game
    spec = dict(e.args.get("token") or {})
    for stat in ("power", "toughness"):
        if isinstance(spec.get(stat), Amount):
            # "an X/X token, where X is ...": X is determined once, as the effect
            # creates the token (CR 608.2h); the token's printed value is that number
            spec[stat] = ctx.amount(spec[stat])
    n = ctx.count(e.args.get("amount", 1))
    players = list(ctx.players(e.args.get("controller", ControllerRef())))
    attacking = bool(e.args.get("tapped_attacking") or e.args.get("attacking"))
    # each player's tokens after replacement effects (CR 614.1a, 111.1): how many,
    # of what kind, and the other tokens created with them
    made_for = [token_event(g, p, n, spec) for p in players]
    counts = [m[0] for m in made_for]
    most = max(counts, default=0)
    defenders: list[int | None] = []
    if attacking:
        chosen = choose_defenders(ctx, players, most)
        if chosen is None:
            return False  # CR 508.4: waiting for the controller's choice
        defenders = chosen
    tapped = bool(e.args.get("tapped") or e.args.get("tapped_attacking"))
    cards = [token_def(m[1]) if m[1] is not spec else None for m in made_for]
    card = token_def(spec)
    # "a token that enters with N +1/+1 counters" (incubate, CR 701.53a; 614.1c)
    counters = dict(e.args["with_counters"]) if e.args.get("with_counters") else None
    # "create a Role token attached to it": the object named, as it's followed; none
    # when it's gone (an Aura token that can't enchant it isn't created, CR 303.4f, 303.4i)
    attach = tuple(ctx.refs(e.args["attached_to"]))[:1] if "attached_to" in e.args else None
    created: list[int] = []
    for pi, p in enumerate(players):
        for i in range(counts[pi]):
            k = pi * most + i
            obj = g.create_card(cards[pi] or card, p, Zone.EXILE)
            obj.is_token = True
            # a token is created directly on the battlefield (CR 111.1)
            new_id = enter_battlefield(
                g,
                obj.id,
                controller=p,
                rules=("111.1",),
                tapped=tapped,
                counters=counters,
                attach=attach,
            )
            if new_id is not None:
                created.append(new_id)
                if attacking:
                    enter_attacking(ctx, new_id, defenders[k])
        for extra, k_extra in made_for[pi][2]:
            # "those tokens plus that many 1/1 green Squirrel creature tokens": created
            # as they are, not tapped or attacking (CR 614.1a)
            for _ in range(k_extra):
                obj = g.create_card(token_def(extra), p, Zone.EXILE)
                obj.is_token = True
                new_id = enter_battlefield(g, obj.id, controller=p, rules=("111.1", "614.1a"))
                if new_id is not None:
                    created.append(new_id)
    if not created and ctx.task is not None:
        # nothing was created (an Aura token that can't enchant what it would be
        # attached to isn't created, CR 303.4i): the instruction wasn't done, so "When
        # you do, ..." doesn't trigger (603.12) and "If you do, ..." is false (608.2c)
        ctx.task.data["short"] = True
    ctx.set_parent("it", created)  # "create a token, then attach ... to it"
    # ("destroy all other creatures" of the same spell: not these, rules/effects_runner)
    made = (ctx.task.data.get("parent") or {}).get("created") if ctx.task else None
    ctx.set_parent("created", [*(made or ()), *created])
    return True


def predefined_token(name: str) -> dict[str, Any]:
    """The characteristics of a predefined token by its name (CR 111.10): a
    colorless artifact named for its one subtype, with the ability its name
    stands for ("Clue": "{2}, Sacrifice this token: Draw a card.", 111.10f)."""
    # lazy: the compiler's table, so looking a card up doesn't load the parser
    from ..cards.compiler.tables import PREDEFINED_TOKENS

    pre = PREDEFINED_TOKENS[name.lower()]
    return {
        "name": name,
        "colors": (),
        "types": pre["types"],
        "subtypes": (name,),
        "supertypes": (),
        "power": None,
        "toughness": None,
        "keywords": [],
        "abilities_text": pre["abilities_text"],
    }


@effect("investigate")
def investigate(ctx: Ctx, e: Effect) -> bool:
    """CR 701.16a: to investigate is to create a Clue token (CR 111.10f); "investigate
    twice" creates two, one investigation each."""
    g = ctx.game
    n = ctx.count(e.args.get("amount", 1))
    player = e.args.get("player") or ControllerRef()
    for p in ctx.players(player):
        g.emit(EventKind.INVESTIGATE, ("701.16a",), f"{g.players[p].name} investigates", player=p)
    return create_token(
        ctx,
        Effect(
            "create_token", {"token": predefined_token("Clue"), "amount": n, "controller": player}
        ),
    )


def token_event(
    g: Game, player: int, n: int, spec: dict[str, Any]
) -> tuple[int, dict[str, Any], list[tuple[dict[str, Any], int]]]:
    """The tokens ``player`` gets when ``n`` tokens of ``spec`` would be created,
    after replacement effects ("If an effect would create one or more tokens under
    your control, it creates twice that many of those tokens instead", CR 614.1a,
    111.1), proposed to the event pipeline:
    how many, their characteristics ("that many 4/4 white Angel creature tokens ...
    are created instead") and the other tokens created with them ("those tokens plus
    that many 1/1 green Squirrel creature tokens"), each with its number."""
    if n <= 0:
        return 0, spec, []
    name = spec.get("name") or "token"
    ev: dict[str, Any] = {
        "kind": EventKind.CREATE_TOKENS,
        "player": player,
        "amount": n,
        "token": spec,
        "extra": [],
        "what": f"{n} {name} token(s) would be created for {g.players[player].name}",
    }
    done = propose(g, ev)
    if done is None or done.get("cancelled"):
        return (n, spec, []) if done is None else (0, spec, [])
    if done.get("notes"):
        g.emit(EventKind.TOKENS_REPLACED, cited(done, ("111.1",)), f"{done['what']}; {notes(done)}")
    return int(done["amount"]), done.get("token") or spec, list(done.get("extra") or ())


@static_replacement("token_multiplier", EventKind.CREATE_TOKENS)
def token_multiplier(
    g: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """Doubling Season, Parallel Lives: twice that many tokens (CR 614.1a)."""
    if ev["amount"] <= 0 or not affects_player(g, st, ev["player"], src.controller):
        return None
    name = chars(g, src).name
    times = int(st.args.get("times", 2))

    def apply(g: Game, ev: dict[str, Any]) -> str:
        ev["amount"] = int(ev["amount"]) * times
        return f"{name}: {ev['amount']} instead"

    # CR 614.16: also when a replacement or prevention effect creates the tokens
    return Replacement(key, name, ("614.1a", "614.16") if g._by_replacement else ("614.1a",), apply)


register("static:token_multiplier")


@static_replacement("token_replacement", EventKind.CREATE_TOKENS)
def token_replacement(
    g: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """Chatterfang, Squirrel General: "those tokens plus that many 1/1 green Squirrel
    creature tokens are created instead"; Divine Visitation: "If one or more creature
    tokens would be created under your control, that many 4/4 white Angel creature
    tokens with flying and vigilance are created instead" (CR 614.1a, 111.1)."""
    if ev["amount"] <= 0 or not affects_player(g, st, ev["player"], src.controller):
        return None
    token = ev.get("token") or {}
    kind = st.args.get("kind")
    if kind is not None and kind not in (token.get("types") or ()):
        return None  # "one or more creature tokens": not these
    name = chars(g, src).name
    instead = st.args.get("instead")
    plus = st.args.get("plus")

    def apply(g: Game, ev: dict[str, Any]) -> str:
        n = int(ev["amount"])
        if instead is not None:
            ev["token"] = instead
            return f"{name}: {n} {instead.get('name') or 'other'} token(s) instead"
        if plus is not None:
            ev["extra"] = [*ev.get("extra", ()), (plus, n)]
            return f"{name}: {n} {plus.get('name') or 'other'} token(s) too"
        return name

    rules = ("614.1a", "614.16") if g._by_replacement else ("614.1a",)
    return Replacement(key, name, rules, apply)


register("static:token_replacement")


def choose_defenders(
    ctx: Ctx, players: list[int], n: int, side_of: int | None = None, noun: str = "token"
) -> list[int | None] | None:
    """CR 508.4: for each token (``n`` for each of ``players``; or each card put onto
    the battlefield attacking, ``noun``), what it attacks; None while a choice is pending.

    No choice when the token can't be attacking (no combat, or its controller isn't
    the attacking player: 506.3b) or when only one player/permanent can be attacked.
    ``side_of``: only that player or a planeswalker they control (myriad, 702.116a)."""
    g = ctx.game
    chosen: list[int | None] = ctx.scratch.setdefault("attack_defenders", [])
    slots = [p for p in players for _ in range(n)]
    while len(chosen) < len(slots):
        p = slots[len(chosen)]
        if g.combat is None or not g.is_active(p):
            chosen.append(None)
            continue
        options = possible_defenders(g, p)
        if side_of is not None:
            options = [d for d in options if _on_side_of(g, d, side_of)]
        if len(options) <= 1:
            chosen.append(options[0] if options else None)
            continue
        if ctx.answer is None:
            ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "508.4",
                f"Choose the player, planeswalker or battle {noun} {len(chosen) + 1} of {len(slots)} "
                "is attacking",
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


def _on_side_of(g: Game, defender: int, player: int) -> bool:
    """The player ``player`` or a planeswalker they control (CR 702.116a)."""
    if defender < 0:
        return -defender - 1 == player
    o = g.objects[defender]
    return o.controller == player and "Planeswalker" in chars(g, o).types


def enter_attacking(ctx: Ctx, oid: int, defender: int | None) -> None:
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
            EventKind.NOT_ATTACKING,
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
        EventKind.ENTERS_ATTACKING,
        ("508.4",),
        f"{o.name} enters attacking {_defender_name(g, defender)}",
        obj=oid,
    )


def _defender_name(g: Game, ref: int) -> str:
    if ref < 0:
        return g.players[-ref - 1].name
    return g.objects[ref].name
