"""The ``heuristic`` agent: plays lands, casts the best spell it can afford,
attacks and blocks by a simple evaluation, and never makes an illegal choice
(it picks from ``legal_actions`` or checks its own declarations with
``is_legal``).
"""

from __future__ import annotations

from ..cards.abilities import AbilityKind
from ..game.actions import (
    Action,
    ActivateAbility,
    CastSpell,
    ChooseNumber,
    ChooseObjects,
    ChooseTargets,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Keep,
    Mulligan,
    PassPriority,
    PlayLand,
    ref_player,
)
from ..game.objects import Zone
from ..game.rng import Rng
from ..game.state import Game, Step
from ..rules.characteristics import chars
from ..rules.combat import block_problem

_HARMFUL = {
    "damage",
    "destroy",
    "exile",
    "return_to_hand",
    "tap",
    "counter",
    "lose_life",
    "discard",
    "sacrifice",
    "fight",
    "mill",
}


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0xBEEF)

    def choose(self, game: Game) -> Action:
        d = game.pending
        assert d is not None
        k = d.kind
        if k == DecisionKind.MULLIGAN:
            return self._mulligan(game, d.player)
        if k == DecisionKind.PRIORITY:
            return self._priority(game, d.player)
        if k == DecisionKind.ATTACKERS:
            return self._attack(game, d)
        if k == DecisionKind.BLOCKERS:
            return self._block(game, d)
        if k == DecisionKind.TARGETS:
            return self._targets(game, d)
        if k == DecisionKind.X:
            return ChooseNumber(d.data["max"])
        if k in (DecisionKind.BOTTOM, DecisionKind.CHOOSE_OBJECTS):
            return self._choose_objects(game, d)
        options = game.legal_actions()
        return options[0]

    # -- mulligans ----------------------------------------------------------
    def _mulligan(self, game: Game, player: int) -> Action:
        p = game.players[player]
        lands = sum(1 for h in p.hand if "Land" in chars(game, game.objects[h]).types)
        if p.mulligans == 0 and (lands < 2 or lands > 5):
            return Mulligan()
        return Keep()

    def _choose_objects(self, game: Game, d) -> Action:
        n = d.data["min"]
        cands = list(d.data["candidates"])
        purpose = d.data.get("purpose")
        if purpose in ("scry", "surveil"):
            # keep spells, bottom extra lands when we have enough
            p = game.players[d.player]
            lands_in_play = sum(
                1
                for o in game.battlefield
                if game.objects[o].controller == d.player
                and "Land" in chars(game, game.objects[o]).types
            )
            away = [
                c
                for c in cands
                if "Land" in chars(game, game.objects[c]).types and lands_in_play >= 5
            ]
            del p
            return ChooseObjects(tuple(away))

        # discard / bottom: the most expensive cards first, lands if we have many
        def cost(c: int) -> int:
            ch = chars(game, game.objects[c])
            return -1 if "Land" in ch.types else ch.mana_value

        if purpose == "sacrifice":
            cands.sort(
                key=lambda c: (
                    chars(game, game.objects[c]).power or 0,
                    chars(game, game.objects[c]).mana_value,
                )
            )
        else:
            cands.sort(key=cost, reverse=True)
        return ChooseObjects(tuple(cands[:n]))

    # -- priority -----------------------------------------------------------
    def _priority(self, game: Game, player: int) -> Action:
        options = game.legal_actions()
        lands = [o for o in options if isinstance(o, PlayLand)]
        if lands:
            return lands[0]
        casts = [o for o in options if isinstance(o, CastSpell)]
        opp_stack = [s for s in game.stack if game.objects[s].controller != player]
        best = None
        best_score = -1.0
        for c in casts:
            o = game.objects[c.card]
            ch = chars(game, o)
            ability = None
            for a in ch.abilities:
                if a.kind is AbilityKind.SPELL:
                    ability = a
            ops = {e.op for e in ability.effects} if ability else set()
            if ability and ability.modes:
                for m in ability.modes:
                    ops |= {e.op for e in m.effects}
            if "counter" in ops:
                if not opp_stack:
                    continue
                top = game.objects[game.stack[-1]]
                if top.controller == player or chars(game, top).mana_value < 2:
                    continue
                score = 10.0 + chars(game, top).mana_value
            elif ops & _HARMFUL:
                if not self._good_harm_target(game, player, ability):
                    continue
                score = 5.0 + ch.mana_value
            elif "Creature" in ch.types or ch.types & {"Artifact", "Enchantment", "Planeswalker"}:
                if game.stack:
                    continue
                score = 3.0 + ch.mana_value + (ch.power or 0) * 0.1
            else:
                if game.stack and game.step != Step.END:
                    continue
                score = 1.0 + ch.mana_value
            if score > best_score:
                best, best_score = c, score
        if best is not None:
            return best
        acts = [o for o in options if isinstance(o, ActivateAbility)]
        for a in acts:
            src = game.objects[a.source]
            ab = chars(game, src).abilities[a.ability]
            ops = {e.op for e in ab.effects}
            if "draw" in ops and game.active != player and game.step == Step.END and not game.stack:
                return a
            if (
                "modify_pt" in ops
                and game.combat is not None
                and a.source in game.combat.attackers
                and game.step == Step.DECLARE_BLOCKERS
                and not game.stack
            ):
                if not game.combat.blocked.get(a.source):
                    return a
        return PassPriority()

    def _good_harm_target(self, game: Game, player: int, ability) -> bool:
        from ..rules.targets import candidates

        if ability is None or not ability.targets:
            return True
        for spec in ability.targets:
            for r in candidates(game, spec, player, None):
                pl = ref_player(r)
                if pl is not None and pl != player:
                    return True
                if (
                    pl is None
                    and game.objects[r].controller != player
                    and game.objects[r].zone != Zone.STACK
                ):
                    return True
        return False

    # -- targets ------------------------------------------------------------
    def _targets(self, game: Game, d) -> Action:
        cands = list(d.data["candidates"])
        n = max(d.data["min"], min(1, d.data["max"]))
        obj = game.objects.get(d.data.get("obj"))
        ops: set[str] = set()
        amount = 0
        if obj is not None and obj.ability is not None:
            for e in obj.ability.effects:
                ops.add(e.op)
                if isinstance(e.args.get("amount"), int):
                    amount = e.args["amount"]
        harmful = bool(ops & _HARMFUL)
        me = d.player

        def score(r: int) -> float:
            pl = ref_player(r)
            if pl is not None:
                s = 1.0 if pl != me else -5.0
                if "damage" in ops and pl != me and game.players[pl].life <= amount:
                    s = 100.0
                return s if harmful else -s
            o = game.objects[r]
            mine = o.controller == me
            if o.zone == Zone.STACK:
                return (chars(game, o).mana_value + 1.0) * (-1 if mine else 1)
            ch = chars(game, o)
            value = (ch.power or 0) + (ch.toughness or 0) / 2 + ch.mana_value / 2
            if "damage" in ops:
                if (ch.toughness or 0) - o.damage > amount:
                    value = 0.5
                else:
                    value += 2
            return (value * (-1 if mine else 1)) if harmful else (value * (1 if mine else -1))

        cands.sort(key=score, reverse=True)
        return ChooseTargets(tuple(cands[:n]))

    # -- combat -------------------------------------------------------------
    def _attack(self, game: Game, d) -> Action:
        cands = d.data["candidates"]
        if not cands:
            return DeclareAttackers(())
        me = d.player
        opp = game.opponents(me)[0]
        blockers = [
            game.objects[o]
            for o in game.battlefield
            if game.objects[o].controller == opp
            and not game.objects[o].tapped
            and "Creature" in chars(game, game.objects[o]).types
        ]
        pairs = []
        for c, defenders in cands.items():
            att = game.objects[c]
            ac = chars(game, att)
            safe = True
            for b in blockers:
                if block_problem(game, b, att) is not None:
                    continue
                bc = chars(game, b)
                if (bc.power or 0) >= (ac.toughness or 0) and (ac.power or 0) < (bc.toughness or 0):
                    safe = False
                    break
            if safe:
                pairs.append((c, defenders[0]))
        action = DeclareAttackers(tuple(pairs))
        if game.is_legal(action) is None:
            return action
        return game.legal_actions()[0]

    def _block(self, game: Game, d) -> Action:
        cands = d.data["candidates"]
        combat = game.combat
        if not cands or combat is None:
            return DeclareBlockers(())
        me = d.player
        attackers = sorted(
            combat.attackers, key=lambda a: -(chars(game, game.objects[a]).power or 0)
        )
        incoming = sum(chars(game, game.objects[a]).power or 0 for a in attackers)
        danger = incoming >= game.players[me].life
        used: set[int] = set()
        pairs = []
        for a in attackers:
            ac = chars(game, game.objects[a])
            able = [b for b, atts in cands.items() if a in atts and b not in used]
            if not able:
                continue
            best = None
            for b in able:
                bc = chars(game, game.objects[b])
                kills = (bc.power or 0) >= (ac.toughness or 0)
                survives = (bc.toughness or 0) > (ac.power or 0)
                if kills and survives:
                    best = b
                    break
                if survives and best is None:
                    best = b
                if (
                    kills
                    and best is None
                    and (bc.power or 0) + (bc.toughness or 0)
                    <= (ac.power or 0) + (ac.toughness or 0)
                ):
                    best = b
            if best is None and danger:
                best = min(able, key=lambda b: chars(game, game.objects[b]).mana_value)
            if best is not None:
                used.add(best)
                pairs.append((best, a))
        action = DeclareBlockers(tuple(pairs))
        if game.is_legal(action) is None:
            return action
        # menace or other whole-declaration problems: drop offending blocks
        for i in range(len(pairs)):
            trial = DeclareBlockers(tuple(p for j, p in enumerate(pairs) if j != i))
            if game.is_legal(trial) is None:
                return trial
        return DeclareBlockers(())
