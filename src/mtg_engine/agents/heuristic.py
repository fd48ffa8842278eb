"""The ``heuristic`` agent: plays lands, casts the best spell it can afford,
attacks and blocks by a simple evaluation, and never makes an illegal choice
(it picks from ``legal_actions`` or checks its own declarations with
``is_legal``).
"""

from __future__ import annotations

from typing import Final

from ..cards.abilities import AbilityKind
from ..game.actions import (
    Action,
    ActivateAbility,
    CastSpell,
    ChooseNumber,
    ChooseObjects,
    ChooseTargets,
    ChooseYesNo,
    DecisionKind,
    DecisionPurpose,
    DeclareAttackers,
    DeclareBlockers,
    Keep,
    Mulligan,
    PassPriority,
    PlayLand,
    ref_player,
)
from ..game.hooks import full_ability
from ..game.keyword_names import Kw
from ..game.objects import Zone
from ..game.rng import Rng
from ..game.state import Game, Step
from ..keywords.crew import crew_decision_data, crew_options, is_saddled
from ..keywords.evasion import block_problem, min_blockers
from ..keywords.protection import has_protection_from
from ..rules.characteristics import chars
from ..rules.combat import default_attack, default_block
from ..rules.combat_requirements import is_summoning_sick
from ..rules.loyalty import is_variable, signed_amount
from ..rules.single_graveyard import SINGLE_GRAVEYARD, pick_from_one_graveyard
from ..rules.targets import candidates
from .keyword_play import keyword_activation, keyword_objects, keyword_yes_no
from .loops import LoopBound

_HARMFUL: Final = {
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


def _offered_pass(options: list[Action]) -> Action:
    """Passing priority (CR 117.3d) as the options offer it: an action taken from
    ``Game.legal_actions()`` is applied without being checked again."""
    for o in options:
        if isinstance(o, PassPriority):
            return o
    return PassPriority()


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0xBEEF)
        self.loops = LoopBound()  # CR 731.2a: optional loops repeat a bounded number of times

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
            if d.data.get("purpose") == DecisionPurpose.LOYALTY and d.data["max"] > 1:
                return ChooseNumber(d.data["max"] - 1)  # "[−X]": keep the planeswalker
            return ChooseNumber(d.data["max"])
        if k in (DecisionKind.BOTTOM, DecisionKind.CHOOSE_OBJECTS):
            return self._choose_objects(game, d)
        if k == DecisionKind.ORDER_CARDS:
            return ChooseObjects(library_order(game, d.player, list(d.data["candidates"])))
        if k == DecisionKind.YES_NO and d.data.get("purpose") == DecisionPurpose.WARD:
            # CR 702.21a: pay to keep the spell, unless the life would leave us too low
            life = int(d.data.get("life") or 0)
            return ChooseYesNo(game.players[d.player].life - life > 5 or not life)
        if k == DecisionKind.YES_NO and d.data.get("purpose") == DecisionPurpose.PAY:
            return pay_upkeep_cost(game, d)  # echo, cumulative upkeep: pay when worth it
        if k == DecisionKind.YES_NO and d.data.get("purpose") == DecisionPurpose.PAIR:
            return ChooseYesNo(True)  # CR 702.95a: a pair shares the soulbond bonus
        if k == DecisionKind.YES_NO and d.data.get("purpose") == DecisionPurpose.RECOVER:
            answer = keyword_yes_no(game, d)  # CR 702.59a
            if answer is not None:
                return answer
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
        if purpose in (
            DecisionPurpose.RETURN,
            DecisionPurpose.AURA_SWAP,
            DecisionPurpose.CAST,
            DecisionPurpose.DREDGE,
        ):
            answer = keyword_objects(game, d)  # ninjutsu, aura swap, ripple, dredge
            if answer is not None:
                return answer
        if purpose == DecisionPurpose.CREW:
            return ChooseObjects(_cheapest_crew(game, d.data))
        if purpose == DecisionPurpose.NEW_TARGETS and n == 0:
            return ChooseObjects(())  # keep the copy's targets
        if purpose == DecisionPurpose.AMPLIFY:
            return ChooseObjects(tuple(cands[: d.data["max"]]))  # reveal all: more counters
        if purpose in (DecisionPurpose.PAIR, DecisionPurpose.ENLIST) and cands:
            # CR 702.95a: pair with the strongest creature (the bonus goes to both);
            # 702.154a: enlist the strongest (its power is added to the attacker's)
            strongest = max(cands, key=lambda c: chars(game, game.objects[c]).power or 0)
            return ChooseObjects((strongest,))
        if purpose == DecisionPurpose.CHAMPION and cands:
            # keep the champion: exile the least valuable other permanent (CR 702.72a)
            weakest = min(
                cands,
                key=lambda c: (
                    chars(game, game.objects[c]).mana_value,
                    chars(game, game.objects[c]).power or 0,
                ),
            )
            return ChooseObjects((weakest,))
        if purpose == DecisionPurpose.HIDEAWAY and cands:
            # hide the best spell for later (CR 702.75a): the highest mana value nonland
            best = max(
                cands,
                key=lambda c: (
                    "Land" not in chars(game, game.objects[c]).types,
                    chars(game, game.objects[c]).mana_value,
                ),
            )
            return ChooseObjects((best,))
        if purpose in (DecisionPurpose.SCRY, DecisionPurpose.SURVEIL):
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
        # (a candidate may be a player, a negative ref: it has no mana value or power)
        def cost(c: int) -> int:
            if ref_player(c) is not None:
                return -2
            ch = chars(game, game.objects[c])
            return -1 if "Land" in ch.types else ch.mana_value

        def weakness(c: int) -> tuple[int, int]:
            if ref_player(c) is not None:
                return (0, 0)
            ch = chars(game, game.objects[c])
            return (ch.power or 0, ch.mana_value)

        if purpose == DecisionPurpose.SACRIFICE:
            cands.sort(key=weakness)
        else:
            cands.sort(key=cost, reverse=True)
        if d.data.get(SINGLE_GRAVEYARD):
            return ChooseObjects(tuple(pick_from_one_graveyard(game, cands, n, n)))
        return ChooseObjects(tuple(cands[:n]))

    # -- priority -----------------------------------------------------------
    def _priority(self, game: Game, player: int) -> Action:
        return self.loops.record(game, self._priority_choice(game, player))

    def _priority_choice(self, game: Game, player: int) -> Action:
        options = self.loops.allowed(game, game.legal_actions())
        if len(options) == 1:
            return options[0]  # only passing is legal (CR 117.3d): nothing to weigh
        lands = [o for o in options if isinstance(o, PlayLand)]
        if lands:
            return lands[0]
        casts = [o for o in options if isinstance(o, CastSpell)]
        opp_stack = [s for s in game.stack if game.is_opponent(player, game.objects[s].controller)]
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
                if not game.is_opponent(player, top.controller) or chars(game, top).mana_value < 2:
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
            score += _cast_choice_bonus(game, c)
            if score > best_score:
                best, best_score = c, score
        if best is not None:
            return best
        acts = [o for o in options if isinstance(o, ActivateAbility)]
        walker = _loyalty_choice(game, player, acts, self._good_harm_target)
        if walker is not None:
            return walker
        crew = _crew_choice(game, player, acts)
        if crew is not None:
            return crew
        cycle = _cycling_choice(game, player, acts)
        if cycle is not None:
            return cycle
        kw = keyword_activation(game, player, acts)  # ninjutsu, forecast, aura swap
        if kw is not None:
            return kw
        for act in acts:
            src = game.objects[act.source]
            ab = full_ability(chars(game, src).abilities[act.ability])
            if ab.keyword_args.get("from_zone") == "hand":
                continue  # cycling and the like: only as chosen by _cycling_choice
            ops = {e.op for e in ab.effects}
            if (
                "draw" in ops
                and not game.is_active(player)
                and game.step == Step.END
                and not game.stack
            ):
                return act
            if (
                "modify_pt" in ops
                and game.combat is not None
                and act.source in game.combat.attackers
                and game.step == Step.DECLARE_BLOCKERS
                and not game.stack
            ):
                if not game.combat.blocked.get(act.source):
                    return act
        return _offered_pass(options)

    def _good_harm_target(self, game: Game, player: int, ability) -> bool:
        if ability is None or not ability.targets:
            return True
        for spec in ability.targets:
            for r in candidates(game, spec, player, None):
                pl = ref_player(r)
                if pl is not None and game.is_opponent(player, pl):
                    return True
                if (
                    pl is None
                    and game.is_opponent(player, game.objects[r].controller)
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
                s = 1.0 if game.is_opponent(me, pl) else -5.0
                if "damage" in ops and game.is_opponent(me, pl) and game.players[pl].life <= amount:
                    s = 100.0
                return s if harmful else -s
            o = game.objects[r]
            mine = not game.is_opponent(me, o.controller)
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
        if d.data.get(SINGLE_GRAVEYARD):
            return ChooseTargets(tuple(pick_from_one_graveyard(game, cands, n, n)))
        return ChooseTargets(tuple(cands[:n]))

    # -- combat -------------------------------------------------------------
    def _attack(self, game: Game, d) -> Action:
        """Attack with what the requirements force (CR 508.1d) plus every creature
        that no untapped potential blocker can profitably block; everything when
        the unblockable damage is lethal. The declaration is checked before it's
        proposed, and the forced one (always legal) is the fallback."""
        cands = d.data["candidates"]
        forced = default_attack(game)
        if not cands:
            return forced
        me = d.player
        opp = game.opponents(me)[0]
        blockers = _potential_blockers(game, opp)
        pairs = dict(forced.attackers)
        evasive_power = 0
        evasive: list[int] = []
        for c, defenders in cands.items():
            if c in pairs:
                continue
            att = game.objects[c]
            able = [b for b in blockers if block_problem(game, b, att) is None]
            if len(able) < min_blockers(game, att):
                able = []
            if not able:
                evasive_power += chars(game, att).power or 0
                evasive.append(c)
            if all(not _bad_for_attacker(game, att, b) for b in able):
                pairs[c] = _player_first(defenders)
        if evasive_power >= game.players[opp].life:
            for c, defenders in cands.items():
                pairs.setdefault(c, _player_first(defenders))
        else:
            _attack_permanents(game, cands, pairs, evasive)
        action = DeclareAttackers(tuple(pairs.items()))
        if game.is_legal(action) is None:
            return action
        return forced

    def _block(self, game: Game, d) -> Action:
        """Blocks that kill the attacker and survive, even trades, double blocks
        on menace, chump blocks when the damage coming is lethal — on top of the
        blocks the requirements force (CR 509.1c). Checked before proposing; the
        forced declaration (always legal) is the fallback."""
        cands = d.data["candidates"]
        combat = game.combat
        forced = default_block(game)
        if not cands or combat is None:
            return forced
        me = d.player
        pairs = list(forced.blockers)
        used = {b for b, _ in pairs}
        covered = {a for _, a in pairs}
        attackers = sorted(
            (a for a in combat.attackers if a not in covered),
            key=lambda a: -(chars(game, game.objects[a]).power or 0),
        )
        unblocked_damage = sum(
            chars(game, game.objects[a]).power or 0 for a in attackers if a in game.objects
        )
        danger = unblocked_damage >= game.players[me].life
        for a in attackers:
            att = game.objects[a]
            able = [b for b, atts in cands.items() if a in atts and b not in used]
            if not able:
                continue
            need = min_blockers(game, att)
            chosen = _choose_blockers(game, att, able, need, danger)
            if chosen:
                for b in chosen:
                    used.add(b)
                    pairs.append((b, a))
                unblocked_damage -= chars(game, att).power or 0
                danger = unblocked_damage >= game.players[me].life
        action = DeclareBlockers(tuple(pairs))
        if game.is_legal(action) is None:
            return action
        for i in range(len(forced.blockers), len(pairs)):
            trial = DeclareBlockers(tuple(p for j, p in enumerate(pairs) if j != i))
            if game.is_legal(trial) is None:
                return trial
        return forced


def library_order(game: Game, player: int, cands: list[int]) -> tuple[int, ...]:
    """CR 401.4: the wanted cards nearest the top. Lands first while the player has
    few (on the battlefield and in hand), otherwise spells by mana value, the
    cheapest first, lands last."""
    p = game.players[player]
    lands = sum(
        1
        for o in (*game.battlefield, *p.hand)
        if (game.objects[o].controller == player or game.objects[o].zone == Zone.HAND)
        and "Land" in chars(game, game.objects[o]).types
    )
    need_lands = lands < 4

    def key(c: int) -> tuple[int, int]:
        ch = chars(game, game.objects[c])
        is_land = "Land" in ch.types
        return (0 if is_land == need_lands else 1, ch.mana_value)

    return tuple(sorted(cands, key=key))


def _cast_choice_bonus(game: Game, c: CastSpell) -> float:
    """Prefer paying optional costs when the variant is affordable (it's only among
    the legal actions then): kicker (702.33), entwine (702.42), buyback (702.27),
    replicate (702.56), squad (702.157), offspring (702.175), fuse (702.102); avoid evoke (702.74) and suspend (702.62) unless nothing else."""
    bonus = 0.0
    if c.kicker:
        bonus += 2.0 * sum(c.kicker)
    if c.entwine:
        bonus += 2.0
    if c.buyback:
        bonus += 1.5
    if c.replicate:
        bonus += 1.0 * c.replicate
    if c.squad:
        bonus += 1.0 * c.squad  # CR 702.157a: a token copy for each payment
    if c.offspring:
        bonus += 1.0  # CR 702.175a: a 1/1 token copy
    if c.conspire:
        bonus += 1.5  # CR 702.78a: a copy of the spell for two creatures tapped
    if c.fuse:
        bonus += 2.5  # CR 702.102a: both halves for one card
    if c.alt == "evoke":
        bonus -= 4.0  # the creature is sacrificed: only for its enters ability
    elif c.alt in ("suspend", "foretell", "plot"):
        bonus -= 5.0  # much later: only when nothing else can be cast (702.62a, 702.143a)
    elif c.alt == "prowl":
        bonus += 1.0  # CR 702.76a: usually cheaper than the mana cost
    if c.convoke or c.improvise or c.delve:
        bonus -= 0.5  # a cost paid with resources other than mana
    return bonus


def _cycling_choice(game: Game, player: int, acts: list[ActivateAbility]) -> Action | None:
    """Cycle a dead card (CR 702.29a): an extra land when we have plenty, or a spell we
    can't hope to cast soon — at the end of the opponent's turn, or in our main phase
    with nothing else to do."""
    if game.stack:
        return None
    if not (
        (not game.is_active(player) and game.step == Step.END)
        or (game.is_active(player) and game.step == Step.POSTCOMBAT_MAIN)
    ):
        return None
    lands = sum(
        1
        for o in game.battlefield
        if game.objects[o].controller == player and "Land" in chars(game, game.objects[o]).types
    )
    for a in acts:
        src = game.objects[a.source]
        if src.zone != Zone.HAND:
            continue
        ab = full_ability(chars(game, src).abilities[a.ability])
        if ab.keyword not in ("Cycling", "Typecycling"):
            continue
        c = chars(game, src)
        if ("Land" in c.types and lands >= 5) or c.mana_value > lands + 2:
            return a
    return None


def _loyalty_choice(
    game: Game, player: int, acts: list[ActivateAbility], good_target
) -> Action | None:
    """At most one loyalty ability per planeswalker each turn (CR 606.3) is free
    value: use the "ultimate" when it leaves the planeswalker alive, a minus
    ability with a worthwhile target, else the plus ability (CR 606.4)."""
    best: ActivateAbility | None = None
    best_score = 0.0
    for a in acts:
        src = game.objects[a.source]
        if src.zone != Zone.BATTLEFIELD:
            continue
        ab = chars(game, src).abilities[a.ability]
        if ab.cost is None or ab.cost.loyalty is None:
            continue
        have = src.counters.get("loyalty", 0)
        n = (
            signed_amount(ab.cost, max(0, have - 1))
            if is_variable(ab.cost)
            else signed_amount(ab.cost, 0)
        )
        left = have + n
        ops = {e.op for e in ab.effects}
        harmful = bool(ops & _HARMFUL)
        if harmful and ab.targets and not good_target(game, player, ab):
            continue
        if n >= 0:
            score = 1.0 + 0.2 * n
        elif left < 1:
            continue  # keep the planeswalker
        elif -n >= 6:
            score = 5.0  # the "ultimate"
        elif harmful:
            score = 2.0 + 0.1 * -n
        else:
            score = 1.5 if left >= 3 else 0.5
        if score > best_score:
            best, best_score = a, score
    return best


def _lost_attack_power(game: Game, creatures: tuple[int, ...]) -> int:
    """The power of the creatures that could have attacked this turn (CR 302.6)."""
    lost = 0
    for oid in creatures:
        o = game.objects[oid]
        c = chars(game, o)
        if not is_summoning_sick(game, o, c) and Kw.DEFENDER not in c.keywords:
            lost += max(0, c.power or 0)
    return lost


def _cheapest_crew(game: Game, data: dict) -> tuple[int, ...]:
    """The way to crew (CR 702.122a) that taps the least attacking power."""
    options = crew_options(data)
    powers = dict(zip(data["candidates"], data["powers"], strict=True))
    return min(
        options, key=lambda s: (_lost_attack_power(game, s), sum(powers[c] for c in s), len(s))
    )


def _crew_choice(game: Game, player: int, acts: list[ActivateAbility]) -> Action | None:
    """Crew a Vehicle at the beginning of our combat (CR 702.122a) when it attacks
    for more than the creatures tapped to crew it could have; saddle a Mount in our
    first main phase (CR 702.171a, sorcery timing) when only creatures that couldn't
    attack anyway are tapped for it."""
    if not game.is_active(player) or game.stack:
        return None
    if game.step not in (Step.BEGINNING_OF_COMBAT, Step.PRECOMBAT_MAIN):
        return None
    for a in acts:
        src = game.objects[a.source]
        c = chars(game, src)
        ab = full_ability(c.abilities[a.ability])
        if ab.keyword not in ("Crew", "Saddle") or src.tapped:
            continue
        if is_summoning_sick(game, src, c):
            continue
        n = int(ab.keyword_args.get("n") or 0)
        crew = _cheapest_crew(game, crew_decision_data(game, player, src, n))
        if ab.keyword == "Crew":
            if game.step != Step.BEGINNING_OF_COMBAT or "Creature" in c.types:
                continue
            if (c.power or 0) > _lost_attack_power(game, crew):
                return a
        elif not is_saddled(game, src) and _lost_attack_power(game, crew) == 0:
            return a
    return None


def pay_upkeep_cost(game: Game, d) -> Action:
    """Echo (702.30a) / cumulative upkeep (702.24a): pay when it's affordable and the
    permanent is worth it (a creature with some power, or a cost still small)."""

    if d.data.get("can_pay") is False:
        return ChooseYesNo(False)
    src = game.objects.get(d.data.get("source")) if d.data.get("source") is not None else None
    if src is None:
        return ChooseYesNo(False)  # it's gone: nothing to keep
    c = chars(game, src)
    cost = int(d.data.get("mana_value") or 0)
    worth = max(c.mana_value, (c.power or 0) + (c.toughness or 0) // 2, 2)
    return ChooseYesNo(cost <= worth)


def _attack_permanents(game: Game, cands: dict, pairs: dict[int, int], evasive: list[int]) -> None:
    """Send unblockable attackers at a planeswalker or battle they can finish off
    (its loyalty or defense, CR 120.3c, 120.3h) when the player isn't dead anyway:
    an opposing planeswalker stops working, a Siege is defeated (CR 310.11b)."""
    free = [c for c in evasive if c in pairs]
    targets = sorted(
        {d for c in free for d in cands[c] if d >= 0},
        key=lambda d: (
            game.objects[d].counters.get("loyalty", 0) + game.objects[d].counters.get("defense", 0)
        ),
    )
    for t in targets:
        o = game.objects[t]
        need = o.counters.get("loyalty", 0) + o.counters.get("defense", 0)
        if need <= 0:
            continue
        able = sorted(
            (c for c in free if t in cands[c]),
            key=lambda c: -(chars(game, game.objects[c]).power or 0),
        )
        chosen: list[int] = []
        total = 0
        for c in able:
            if total >= need:
                break
            chosen.append(c)
            total += chars(game, game.objects[c]).power or 0
        if total >= need:
            for c in chosen:
                pairs[c] = t
                free.remove(c)


def _player_first(defenders: list[int]) -> int:
    """Attack a player rather than a planeswalker or battle when both are possible."""
    for d in defenders:
        if d < 0:
            return d
    return defenders[0]


def _potential_blockers(game: Game, player: int) -> list:
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller == player and not o.tapped and not o.phased_out:
            if "Creature" in chars(game, o).types:
                out.append(o)
    return out


def _kills(game: Game, source, target) -> bool:
    """Whether ``source``'s combat damage would destroy ``target`` (CR 704.5g-h)."""
    sc = chars(game, source)
    tc = chars(game, target)
    power = sc.power or 0
    if power <= 0 or Kw.INDESTRUCTIBLE in tc.keywords or has_protection_from(game, target, source):
        return False
    if Kw.DEATHTOUCH in sc.keywords:
        return True
    return power + target.damage >= (tc.toughness or 0)


def _first(game: Game, o) -> bool:
    return bool(chars(game, o).keywords & {Kw.FIRST_STRIKE, Kw.DOUBLE_STRIKE})


def _outcome(game: Game, att, blk) -> tuple[bool, bool]:
    """(attacker dies, blocker dies) in a one-on-one fight, with first strike (CR 510.4)."""
    a_kills = _kills(game, att, blk)
    b_kills = _kills(game, blk, att)
    fa, fb = _first(game, att), _first(game, blk)
    if fa and not fb and a_kills:
        return False, True
    if fb and not fa and b_kills:
        return True, False
    return b_kills, a_kills


def _value(game: Game, o) -> float:
    c = chars(game, o)
    return (c.power or 0) + (c.toughness or 0) / 2 + c.mana_value / 2 + len(c.keywords) * 0.5


def _bad_for_attacker(game: Game, att, blk) -> bool:
    att_dies, blk_dies = _outcome(game, att, blk)
    return att_dies and (not blk_dies or _value(game, blk) < _value(game, att))


def _choose_blockers(game: Game, att, able: list[int], need: int, danger: bool) -> list[int]:
    objs = [game.objects[b] for b in able]
    if need <= 1:
        best = None
        best_score = 0.0
        for b in objs:
            att_dies, blk_dies = _outcome(game, att, b)
            if att_dies and not blk_dies:
                score = 10 + _value(game, att)
            elif att_dies and _value(game, b) <= _value(game, att):
                score = 5 + _value(game, att) - _value(game, b)
            elif not blk_dies:
                score = 2.0
            elif danger:
                score = 1 / (1 + max(0.0, _value(game, b)))
            else:
                continue
            if score > best_score:
                best, best_score = b, score
        return [best.id] if best is not None else []
    if len(objs) < need:
        return []
    objs.sort(key=lambda b: -(chars(game, b).power or 0))
    group = objs[:need]
    total = sum(chars(game, b).power or 0 for b in group)
    kills = total >= (chars(game, att).toughness or 0) - att.damage
    if kills or danger:
        return [b.id for b in group]
    return []
