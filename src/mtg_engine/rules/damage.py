"""Dealing damage (CR 120) and its keyword modifiers.

Damage to a player causes life loss (CR 120.3a) or poison counters with
infect (120.3b); to a planeswalker, loyalty loss (120.3c); to a creature,
marked damage (120.3e) or -1/-1 counters with wither or infect (120.3d); to a
battle, defense loss (120.3h). Deathtouch (702.2b) and lifelink (702.15b)
apply as the damage is dealt; protection prevents damage (702.16e).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.actions import ref_player
from ..game.hooks import KEYWORD_HOOKS
from ..game.keyword_names import Kw
from ..game.objects import GameObject, Zone
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game


register("arg:prevent_damage.combat_only")


def deal_damage(
    game: Game,
    source: GameObject,
    recipient: int,
    amount: int,
    combat: bool = False,
    rules: tuple[str, ...] = (),
    lifelink: bool = True,
) -> int:
    """Deal ``amount`` damage from ``source`` to a player ref or object id.

    Returns the damage actually dealt (after prevention). ``lifelink=False``
    lets the caller gain the life once for several recipients (combat damage
    from one source is one life-gain event, CR 702.15b, 510.2).
    """
    if amount <= 0:
        return 0
    target_obj = game.objects.get(recipient) if recipient >= 0 else None
    if source.face_down or (target_obj is not None and target_obj.face_down):
        _unmask_for_damage(game, source, recipient)
    if game.effects:
        amount = prevent(game, source, recipient, amount, combat)
        if amount <= 0:
            return 0
    sc = chars(game, source)
    skw = sc.keywords
    base_rules = rules or (("510.2",) if combat else ())
    pl = ref_player(recipient)
    if pl is not None:
        p = game.players[pl]
        if Kw.INFECT in skw:
            p.poison += amount  # CR 120.3b
            game.emit(
                "damage",
                (*base_rules, "120.3b", "702.90b"),
                f"{source.name} deals {amount} damage to {p.name} (poison counters from infect)",
                subject=source,
                source=source.id,
                target=recipient,
                amount=amount,
                combat=combat,
            )
        else:
            p.life -= amount  # CR 120.3a
            p.life_lost_this_turn += amount
            game.emit(
                "damage",
                (*base_rules, "120.3a"),
                f"{source.name} deals {amount} {'combat ' if combat else ''}damage to {p.name} (life {p.life})",
                subject=source,
                source=source.id,
                target=recipient,
                amount=amount,
                combat=combat,
                player=pl,
            )
    else:
        target = game.objects.get(recipient)
        if target is None or target.zone != Zone.BATTLEFIELD:
            return 0
        if KEYWORD_HOOKS.has_protection_from(game, target, source):
            game.emit(
                "damage_prevented",
                ("702.16e", "615"),
                f"Damage from {source.name} to {target.name} is prevented (protection)",
            )
            return 0
        tc = chars(game, target)
        if "Absorb" in tc.keywords:  # CR 702.64a: a prevention effect of the creature
            amount = KEYWORD_HOOKS.absorb(game, target, tc, source, amount)
            if amount <= 0:
                return 0
        rules_used: tuple[str, ...]
        if "Creature" in tc.types:
            if Kw.WITHER in skw or Kw.INFECT in skw:
                target.counters["-1/-1"] = target.counters.get("-1/-1", 0) + amount
                rules_used = ("120.3d", "702.90c" if Kw.INFECT in skw else "702.80a")
            else:
                target.damage += amount
                rules_used = ("120.3e",)
            if Kw.DEATHTOUCH in skw:
                target.deathtouch_damage = True
                rules_used = (*rules_used, "702.2b")
        elif "Planeswalker" in tc.types:
            target.counters["loyalty"] = max(0, target.counters.get("loyalty", 0) - amount)
            rules_used = ("120.3c",)
        elif "Battle" in tc.types:
            target.counters["defense"] = max(0, target.counters.get("defense", 0) - amount)
            rules_used = ("120.3h",)
        else:
            return 0
        game.invalidate("damage", target.id)
        game.emit(
            "damage",
            (*base_rules, *rules_used),
            f"{source.name} deals {amount} {'combat ' if combat else ''}damage to {target.name}",
            subject=source,
            source=source.id,
            target=recipient,
            amount=amount,
            combat=combat,
        )
    if lifelink and Kw.LIFELINK in skw:
        gain_life(game, source.controller, amount, ("702.15b",), f"lifelink of {source.name}")
    return amount


def _unmask_for_damage(game: Game, source: GameObject, recipient: int) -> None:
    """Illusionary Mask's face-down creature turns face up instead of dealing or being
    dealt damage (CR 614.1a, rules/face_down.py)."""
    from .face_down import is_masked, unmask

    objs = [source] + ([game.objects[recipient]] if recipient in game.objects else [])
    unmask(game, [o for o in objs if is_masked(o)], "deal or be dealt damage")


def prevent(game: Game, source: GameObject, recipient: int, amount: int, combat: bool) -> int:
    """CR 615: prevention effects from resolved spells and abilities ("Prevent all
    combat damage that would be dealt this turn", "Prevent the next 1 damage that
    would be dealt to any target this turn"). A shield of N (615.7) is used up
    as it prevents damage. Returns the damage left to deal."""
    from ..game.state import ContinuousEffect

    effects = game.effects
    changed = False
    for i, e in enumerate(effects):
        if e.op != "prevent_damage" or amount <= 0:
            continue
        if e.affected:
            if e.args.get("dealt_by"):
                if source.id not in e.affected:
                    continue  # CR 615: it prevents damage from these sources only
            elif recipient not in e.affected:
                continue
        if e.args.get("combat_only") and not combat:
            continue
        shield = e.args.get("amount")
        n = amount if shield is None else min(amount, int(shield))
        if n <= 0:
            continue
        amount -= n
        if shield is not None:  # CR 615.7: the shield is reduced
            args = {**e.args, "amount": int(shield) - n}
            effects[i] = ContinuousEffect(
                e.layer, e.timestamp, e.source, e.controller, e.affected, e.op, args, e.duration
            )
            changed = True
        game.emit(
            "damage_prevented",
            ("615.1", "615.7") if shield is not None else ("615.1",),
            f"{n} damage from {source.name} is prevented",
            source=source.id,
            target=recipient,
            amount=n,
        )
    if changed:
        game.effects = [
            e for e in effects if not (e.op == "prevent_damage" and e.args.get("amount") == 0)
        ]
    return amount


def gain_life(game: Game, player: int, amount: int, rules: tuple[str, ...], why: str = "") -> None:
    """CR 119.3: a player gains life."""
    if amount <= 0:
        return
    p = game.players[player]
    p.life += amount
    game.emit(
        "gain_life",
        ("119.3", *rules),
        f"{p.name} gains {amount} life" + (f" ({why})" if why else "") + f" (life {p.life})",
        player=player,
        amount=amount,
    )


def lose_life(game: Game, player: int, amount: int, rules: tuple[str, ...], why: str = "") -> None:
    """CR 119.3: a player loses life."""
    if amount <= 0:
        return
    p = game.players[player]
    p.life -= amount
    p.life_lost_this_turn += amount
    game.emit(
        "lose_life",
        ("119.3", *rules),
        f"{p.name} loses {amount} life" + (f" ({why})" if why else "") + f" (life {p.life})",
        player=player,
        amount=amount,
    )


def lethal_damage(game: Game, creature: GameObject, source: GameObject | None = None) -> int:
    """CR 120.4a / 702.2c: damage needed to destroy it, counting damage already marked."""
    c = chars(game, creature)
    normal = max(0, (c.toughness or 0) - creature.damage)
    if source is not None and Kw.DEATHTOUCH in chars(game, source).keywords:
        return min(1, normal)
    return normal
