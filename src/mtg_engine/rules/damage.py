"""Dealing damage (CR 120) and its keyword modifiers.

Damage to a player causes life loss (CR 120.3a) or poison counters with
infect (120.3b); to a planeswalker, loyalty loss (120.3c); to a creature,
marked damage (120.3e) or -1/-1 counters with wither or infect (120.3d); to a
battle, defense loss (120.3h). Deathtouch (702.2b) and lifelink (702.15b)
apply as the damage is dealt; protection prevents damage (702.16e).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..game.actions import ref_player
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.keyword_names import Kw
from ..game.objects import GameObject, Zone
from ..game.records import ContinuousEffect
from .characteristics import chars
from .commanders import count_commander_damage
from .counters import counters_forbidden, put_player_counters
from .face_down import is_masked
from .face_turning import unmask
from .pipeline import PERFORMERS, cited, forbidden, notes, performer, propose, refused
from .prevention_then import after_prevention
from .support import register
from .triggers import may_trigger_on

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
    event: dict[str, Any] | None = None,
    unpreventable: bool = False,
) -> int:
    """Deal ``amount`` damage from ``source`` to a player ref or object id.

    The damage is proposed first (CR 614-616, rules/pipeline.py): prevention
    (615), doubling (614.1a), shields. Returns the damage actually dealt.
    ``lifelink=False`` lets the caller gain the life once for several
    recipients (combat damage from one source is one life-gain event, CR
    702.15b, 510.2).
    """
    if event is None:
        if amount <= 0:
            return 0
        target_obj = game.objects.get(recipient) if recipient >= 0 else None
        if source.face_down or (target_obj is not None and target_obj.face_down):
            _unmask_for_damage(game, source, recipient)
        proposed = damage_event(game, source, recipient, amount, combat, rules, lifelink)
        if unpreventable:
            proposed["unpreventable"] = True  # "The damage can't be prevented." (CR 615.12)
        event = propose(game, proposed)
        if event is None:
            return 0  # CR 616.1: the affected player chooses the order first
    if event.get("split"):
        # CR 614.9: part of the damage is dealt to another recipient instead ("the
        # next 1 damage ... is dealt to target creature you control instead"): that
        # part is damage from the same source to the new recipient, proposed as such
        split = event.pop("split")
        dealt = deal_damage(game, source, recipient, amount, combat, rules, False, event)
        for dest, k in split:
            dealt += deal_damage(game, source, int(dest), int(k), combat, rules, False)
        if lifelink and dealt > 0 and Kw.LIFELINK in source_keywords(game, source):
            # the parts are dealt at the same time: one life gain (CR 614.9, 702.15b)
            gain_life(game, source.controller, dealt, ("702.15b",), f"lifelink of {source.name}")
        return dealt
    amount = int(event["amount"])
    # CR 614.9: a redirection effect changed who is dealt the damage
    recipient = int(event["to"])
    if event.get("applied"):
        rules = cited(event, rules or (("510.2",) if combat else ()))
        _use_shields(game, event)
        if event.get("prevented_then"):
            after_prevention(game, event)  # CR 615.5: the rest, right after this event
        prevented = int(event.get("prevented_amount", 0))
        if amount <= 0 or event.get("cancelled"):
            game.emit(
                EventKind.DAMAGE_PREVENTED,
                rules,
                f"{event['what']}: {notes(event)}",
                source=source.id,
                target=recipient,
                amount=prevented or int(event["orig"]),
                prevention=" ".join(event["applied"]),  # (which effects: CR 615.13)
            )
            return 0
        if prevented and may_trigger_on(game, EventKind.DAMAGE_PREVENTED):
            # CR 615.13: some of the damage was prevented; "whenever damage that would
            # be dealt to you is prevented" triggers on that part too
            game.emit(
                EventKind.DAMAGE_PREVENTED,
                ("615.13",),
                f"{event['what']}: {prevented} of it is prevented",
                source=source.id,
                target=recipient,
                amount=prevented,
                prevention=" ".join(event["applied"]),
            )
    if amount <= 0 or event.get("cancelled"):
        return 0
    why = f" ({notes(event)})" if event.get("notes") else ""
    skw = source_keywords(game, source)
    base_rules = rules or (("510.2",) if combat else ())
    pl = ref_player(recipient)
    if pl is not None:
        p = game.players[pl]
        if combat and game.players[source.owner].commanders:
            count_commander_damage(game, source, pl, amount)  # CR 903.10a
        if Kw.INFECT in skw:
            game.emit(
                EventKind.DAMAGE,
                (*base_rules, "120.3b", "702.90b"),
                f"{source.name} deals {amount} damage to {p.name} (poison counters from infect){why}",
                subject=source,
                source=source.id,
                target=recipient,
                amount=amount,
                combat=combat,
            )
            # CR 120.3b: the damage gives that many poison counters, an event of its own
            # ("You can't get poison counters", 101.2)
            put_player_counters(
                game, pl, "poison", amount, ("120.3b", "702.90b"), " (infect)", by=source.controller
            )
        else:
            # CR 120.3a, 119.2: the damage causes that much life loss, itself an event
            # that replacement effects and "can't lose life" (119.8) may change
            loss = propose(game, life_loss_event(game, pl, amount, ("120.3a",), source.name))
            plain = loss is not None and not loss.get("applied") and not loss.get("cancelled")
            # "whenever you lose life for the first time each turn" (CR 603.2)
            first = plain and not p.life_lost_this_turn
            if plain:
                p.life -= amount
                game.share_team_totals(pl)  # CR 810.9
                p.life_lost_this_turn += amount
            game.emit(
                EventKind.DAMAGE,
                (*base_rules, "120.3a"),
                f"{source.name} deals {amount} {'combat ' if combat else ''}damage to {p.name}"
                + (f" (life {p.life})" if plain else "")
                + why,
                subject=source,
                source=source.id,
                target=recipient,
                amount=amount,
                combat=combat,
                player=pl,
                life_lost=amount if plain else 0,
                first=first,
            )
            if loss is not None and not plain:
                lose_life(game, pl, amount, ("120.3a",), source.name, event=loss)
    else:
        target = game.objects.get(recipient)
        if target is None or target.zone != Zone.BATTLEFIELD:
            return 0
        tc = chars(game, target)
        if "Absorb" in tc.keywords and not event.get("unpreventable"):
            # CR 702.64a: a prevention effect of the creature (none applies to damage
            # that can't be prevented, 615.12)
            amount = KEYWORD_HOOKS.absorb(game, target, tc, source, amount)
            if amount <= 0:
                return 0
        rules_used: tuple[str, ...]
        if "Creature" in tc.types:
            if Kw.WITHER in skw or Kw.INFECT in skw:
                rules_used = ("120.3d", "702.90c" if Kw.INFECT in skw else "702.80a")
                cant = counters_forbidden(game, target, "-1/-1", amount)
                if cant is None:
                    target.counters["-1/-1"] = target.counters.get("-1/-1", 0) + amount
                else:  # CR 101.2: the damage is dealt, but no counters are put
                    why = f"{why} (no -1/-1 counters: {cant})"
                    rules_used = (*rules_used, "101.2")
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
            EventKind.DAMAGE,
            (*base_rules, *rules_used),
            f"{source.name} deals {amount} {'combat ' if combat else ''}damage to {target.name}{why}",
            subject=source,
            source=source.id,
            target=recipient,
            amount=amount,
            combat=combat,
        )
    if lifelink and Kw.LIFELINK in skw:
        gain_life(game, source.controller, amount, ("702.15b",), f"lifelink of {source.name}")
    return amount


def source_keywords(game: Game, source: GameObject) -> frozenset[str] | list[str]:
    """The keyword abilities of the source of damage (lifelink, deathtouch, infect,
    wither). An ability whose source has left its zone stands in for it and deals
    the damage with its source's last known information (CR 113.7a, 608.2h): a
    delayed ability of a spell that had lifelink on the stack (Soulfire Grand
    Master) still has it."""
    if source.stack_kind in ("activated", "triggered"):
        lki = (source.trigger_data or {}).get("source_lki")
        if isinstance(lki, dict) and "keywords" in lki:
            return list(lki["keywords"])
    return chars(game, source).keywords


def _unmask_for_damage(game: Game, source: GameObject, recipient: int) -> None:
    """Illusionary Mask's face-down creature turns face up instead of dealing or being
    dealt damage (CR 614.1a, rules/face_down.py)."""

    objs = [source] + ([game.objects[recipient]] if recipient in game.objects else [])
    unmask(game, [o for o in objs if is_masked(o)], "deal or be dealt damage")


def damage_event(
    game: Game,
    source: GameObject,
    recipient: int,
    amount: int,
    combat: bool,
    rules: tuple[str, ...],
    lifelink: bool,
) -> dict[str, Any]:
    """The proposed event "``source`` deals ``amount`` damage to ``recipient``"."""
    pl = ref_player(recipient)
    if pl is None:
        target = game.objects.get(recipient)
        whom = target.name if target is not None else "?"
        affected = target.controller if target is not None else source.controller
    else:
        whom, affected = game.players[pl].name, pl
    kind = "combat damage" if combat else "damage"
    return {
        "kind": EventKind.DAMAGE,
        "source": source.id,
        "source_uid": source.card_uid,
        "to": recipient,
        "amount": amount,
        "orig": amount,
        "combat": combat,
        "player": affected,  # CR 616.1: the affected player, or the permanent's controller
        "what": f"{source.name} would deal {amount} {kind} to {whom}",
        "args": [list(rules), lifelink],
    }


#: effects used up by the damage they apply to (CR 615.7, 614.9)
_SHIELD_OPS: Final = frozenset(("prevent_damage", "redirect_next_damage"))


def _use_shields(game: Game, ev: dict[str, Any]) -> None:
    """CR 615.7: a prevention shield of N is used up by what it prevented;
    CR 122.1c: a shield counter is removed."""
    used = ev.get("shields")
    if used:
        left = {int(ts): int(n) for ts, n in used}
        out = []
        for e in game.effects:
            n = left.get(e.timestamp) if e.op in _SHIELD_OPS else None
            if n is not None and e.args.get("next_time"):
                continue  # "the next time ... prevent that damage": used once (615.7)
            if n is not None and e.args.get("amount") is not None:
                rest = int(e.args["amount"]) - n
                if rest <= 0:
                    continue
                e = ContinuousEffect(
                    e.layer,
                    e.timestamp,
                    e.source,
                    e.controller,
                    e.affected,
                    e.op,
                    {**e.args, "amount": rest},
                    e.duration,
                )
            out.append(e)
        game.effects = out
    shield = ev.get("remove_shield_counter")
    if shield is not None and shield in game.objects:
        o = game.objects[shield]
        if o.counters.get("shield", 0) > 0:
            o.counters["shield"] -= 1
            if not o.counters["shield"]:
                del o.counters["shield"]
            game.invalidate()


@performer(EventKind.DAMAGE)
def _perform_damage(game: Game, ev: dict[str, Any]) -> int:
    """Deal damage after its replacement effects were chosen (CR 616.1)."""
    source = game.objects.get(ev["source"])
    if source is None:
        # the spell finished resolving while its player chose (CR 608.2n): the card
        # it became stands in for it, with the same characteristics (CR 608.2h)
        source = game.objects.get(game.uid_to_obj.get(ev["source_uid"], -1))
    if source is None:
        return 0
    rules, lifelink = ev["args"]
    return deal_damage(
        game,
        source,
        ev["to"],
        int(ev["amount"]),
        bool(ev["combat"]),
        tuple(rules),
        bool(lifelink),
        event=ev,
    )


def gain_life(
    game: Game,
    player: int,
    amount: int,
    rules: tuple[str, ...],
    why: str = "",
    event: dict[str, Any] | None = None,
) -> None:
    """CR 119.3: a player gains life — proposed first (CR 614: "If you would gain
    life, ..."; CR 101.2: "can't gain life" wins)."""
    p = game.players[player]
    if event is None:
        if amount <= 0:
            return
        event = propose(
            game,
            {
                "kind": EventKind.GAIN_LIFE,
                "player": player,
                "amount": amount,
                "what": f"{p.name} would gain {amount} life",
                "args": [list(rules), why],
            },
        )
        if event is None:
            return  # CR 616.1: the player chooses the order first
    if refused(game, event, ("119.7",), player=player):
        return
    amount = int(event["amount"])
    if event.get("notes"):
        rules = cited(event, rules)
        why = f"{why}; {notes(event)}" if why else notes(event)
    if amount <= 0:
        game.emit(
            EventKind.GAIN_LIFE_REPLACED, rules, f"{event['what']}: {notes(event)}", player=player
        )
        return
    p.life += amount
    game.share_team_totals(player)  # CR 810.9
    gained = game.turn_flags.life_gained
    first = not gained.get(player, 0)
    gained[player] = gained.get(player, 0) + amount
    game.emit(
        EventKind.GAIN_LIFE,
        ("119.3", *rules),
        f"{p.name} gains {amount} life" + (f" ({why})" if why else "") + f" (life {p.life})",
        player=player,
        amount=amount,
        first=first,
    )


@performer(EventKind.GAIN_LIFE)
def _perform_gain(game: Game, ev: dict[str, Any]) -> None:
    rules, why = ev["args"]
    gain_life(game, ev["player"], int(ev["amount"]), tuple(rules), why, event=ev)


def lose_life(
    game: Game,
    player: int,
    amount: int,
    rules: tuple[str, ...],
    why: str = "",
    event: dict[str, Any] | None = None,
    *,
    paid: bool = False,
    entering: tuple[int, ...] = (),
) -> int:
    """CR 119.3: a player loses life — proposed first ("If an opponent would lose
    life, they lose twice that much life instead", CR 614.1a; "You can't lose
    life", 119.8 and 101.2). ``paid``: the loss is a payment of life (CR 119.4),
    which "if you would pay life" effects replace; ``entering``: the objects
    entering the battlefield as it is paid (CR 614.13c). Returns the life lost."""
    p = game.players[player]
    if event is None:
        if amount <= 0:
            return 0
        event = life_loss_event(game, player, amount, rules, why)
        if paid:
            event["paid"] = True
            event["what"] = f"{p.name} would pay {amount} life"
            if entering:
                event["entering"] = list(entering)
        event = propose(game, event)
        if event is None:
            return 0  # CR 616.1: the player chooses the order first
        if event["kind"] != EventKind.LOSE_LIFE:
            PERFORMERS[event["kind"]](game, event)  # CR 614.1a: replaced by another event
            return 0
    if refused(game, event, ("119.8",), player=player):
        return 0
    amount = int(event["amount"])
    if event.get("notes"):
        rules = cited(event, rules)
        why = f"{why}; {notes(event)}" if why else notes(event)
    if amount <= 0:
        game.emit(
            EventKind.LOSE_LIFE_REPLACED, rules, f"{event['what']}: {notes(event)}", player=player
        )
        return 0
    p.life -= amount
    game.share_team_totals(player)  # CR 810.9
    first = not p.life_lost_this_turn  # "... for the first time each turn" (CR 603.2)
    p.life_lost_this_turn += amount
    game.emit(
        EventKind.LOSE_LIFE,
        tuple(dict.fromkeys(("119.3", *rules))),
        f"{p.name} loses {amount} life" + (f" ({why})" if why else "") + f" (life {p.life})",
        player=player,
        amount=amount,
        first=first,
    )
    return amount


def life_unpayable(game: Game, player: int, amount: int) -> str | None:
    """Why ``player`` can't pay ``amount`` life, or None: not more than they have
    (CR 119.4; 0 is always payable, 119.4b), and not while they can't lose life
    (119.8)."""
    if amount <= 0:
        return None
    if game.players[player].life < amount:
        return f"you can't pay {amount} life (rule 119.4)"
    why = forbidden(game, life_loss_event(game, player, amount, ("119.4",), ""))
    return None if why is None else f"you can't pay life: {why} (rule 119.8)"


def payable_life(game: Game, player: int) -> int:
    """The most life ``player`` can pay now: "pay any amount of life" (CR 119.4,
    107.1b): up to their life total, none while they can't lose life (119.8)."""
    life = game.players[player].life
    return max(0, life) if life > 0 and life_unpayable(game, player, 1) is None else 0


def life_loss_event(
    game: Game, player: int, amount: int, rules: tuple[str, ...], why: str
) -> dict[str, Any]:
    """The proposed event of ``player`` losing ``amount`` life (CR 119.3)."""
    return {
        "kind": EventKind.LOSE_LIFE,
        "player": player,
        "amount": amount,
        "what": f"{game.players[player].name} would lose {amount} life",
        "args": [list(rules), why],
    }


@performer(EventKind.LOSE_LIFE)
def _perform_lose(game: Game, ev: dict[str, Any]) -> None:
    rules, why = ev["args"]
    lose_life(game, ev["player"], int(ev["amount"]), tuple(rules), why, event=ev)


def lethal_damage(game: Game, creature: GameObject, source: GameObject | None = None) -> int:
    """CR 120.4a / 702.2c: damage needed to destroy it, counting damage already marked."""
    c = chars(game, creature)
    normal = max(0, (c.toughness or 0) - creature.damage)
    if source is not None and Kw.DEATHTOUCH in chars(game, source).keywords:
        return min(1, normal)
    return normal
