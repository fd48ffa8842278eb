"""Effects of resolving spells and abilities that change how creatures attack,
block and deal combat damage (CR 508.1c-d, 509.1b-c, 510.1a, 611.2).

"Target creature can't block this turn", "... attacks this turn if able",
"can't be blocked this turn", goad (701.15), provoke's "blocks it if able"
(702.39a): each becomes a continuous effect whose affected set is locked in
(611.2c). Presence-only ones are applied by the layer system into
``Chars.restrictions``; the others are read by :mod:`mtg_engine.rules.combat_rules`.
Also here: the rampage (702.23a) and melee (702.121a) bonuses, which are
computed as their triggered abilities resolve (702.23b, 702.121b).
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import ChooseRef, Effect, Filter, ParentRef, SelfRef, mentions_prevented
from ..game.actions import ref_player
from ..game.events import EventKind
from ..game.records import ContinuousEffect
from ..rules.combat import remove_from_combat as leave_combat
from ..rules.combat_rules import ARG_OPS, PRESENCE_OPS, defending_player_of
from ..rules.delayed import bind_effect
from ..rules.effects_runner import Ctx, effects_of
from ..rules.support import register
from . import REGISTRY, effect
from .permanents import _continuous, chosen_color

register(
    "effect:detain",  # CR 701.35a
    "effect:remove_from_combat",  # CR 506.4
    # "can't attack you or planeswalkers you control" (rules/combat_rules.defends_for)
    "arg:cant_attack_you.planeswalkers",
    "arg:prevent_damage.dealt_by",
    "arg:prevent_damage.combat_only",
    "arg:prevent_damage.next_time",  # Circle of Protection (CR 615.7)
    "arg:prevent_damage.half",  # Dark Sphere: half of that damage, rounded down
    "amount:prevented",  # "the damage prevented this way" (CR 615.5)
    "arg:prevent_damage.to",
    "arg:prevent_damage.yours",  # "to you and creatures you control" (CR 615.1)
    "arg:prevent_damage.sources",  # "by sources you don't control" (CR 615.1)
    "arg:prevent_damage.source_color",  # "sources of the color of your choice" (608.2d)
    "arg:prevent_damage.source_filter",  # "that other creatures would deal" (CR 615.1)
    "arg:redirect_next_damage.from",  # the en-Kor (CR 614.9)
    "arg:redirect_next_damage.to",
    # "the next time a source of your choice would deal damage ..., that damage is
    # dealt to ... instead" (General's Regalia, CR 614.9, 609.7a)
    "arg:redirect_next_damage.next_time",
    "arg:redirect_next_damage.source",
    "arg:redirect_next_damage.yours",  # Harm's Way: "to you and/or permanents you control"
)

_TEXT = {
    "cant_attack": "can't attack",
    "cant_block": "can't block",
    "cant_attack_or_block": "can't attack or block",
    "cant_be_blocked": "can't be blocked",
    "must_attack": "attacks each combat if able",
    "must_block": "blocks each combat if able",
    "cant_attack_alone": "can't attack alone",
    "cant_block_alone": "can't block alone",
    "cant_be_blocked_by_more_than_one": "can't be blocked by more than one creature",
    "must_be_blocked": "must be blocked if able",
    "assign_damage_by_toughness": "assigns combat damage equal to its toughness",
    "assign_no_combat_damage": "assigns no combat damage",
    "attack_despite_defender": "can attack as though it didn't have defender",
    "cant_be_blocked_by": "can't be blocked by some creatures",
    "cant_be_blocked_except_by": "can't be blocked except by some creatures",
    "extra_block": "can block additional creatures",
    "block_only": "can block only some creatures",
    "cant_attack_you": "can't attack you",
    "min_blockers": "can't be blocked except by several creatures",
    "must_be_blocked_by_all": "must be blocked by all creatures able to block it",
    "must_be_blocked_by": "must be blocked by some creatures if able",
    # "its activated abilities can't be activated" (Deadlock Trap; CR 602.5)
    "cant_activate_abilities": "can't have its activated abilities activated",
}
_RULE = {
    "cant_attack": "508.1c",
    "must_attack": "508.1d",
    "cant_attack_alone": "508.1c",
    "cant_attack_you": "508.1c",
    "must_block": "509.1c",
    "must_be_blocked": "509.1c",
    "must_be_blocked_by_all": "509.1c",
    "must_be_blocked_by": "509.1c",
    "assign_damage_by_toughness": "510.1a",
    "assign_no_combat_damage": "510.1a",
    "attack_despite_defender": "702.3b",
    "cant_activate_abilities": "602.5",
}


def _restriction(ctx: Ctx, e: Effect) -> bool:
    """A rules effect on the affected creatures (CR 613.11: no layer)."""
    args = {k: v for k, v in e.args.items() if k not in ("what", "duration")}
    return _continuous(
        ctx, e, "6r", e.op, args, _RULE.get(e.op, "509.1b"), _TEXT.get(e.op, e.op.replace("_", " "))
    )


for _op in (PRESENCE_OPS | ARG_OPS | {"cant_attack_or_block", "cant_activate_abilities"}) & set(
    _TEXT
):
    if _op not in REGISTRY:
        REGISTRY[_op] = _restriction


@effect("detain")
def detain(ctx: Ctx, e: Effect) -> bool:
    """CR 701.35a: "Until your next turn, that permanent can't attack or block and its
    activated abilities can't be activated" (a rules effect on it, 613.11; the
    affected permanent is locked in as it begins, 611.2c)."""
    held = Effect("detain", {"what": e.args.get("what"), "duration": "until_your_next_turn"})
    _continuous(
        ctx,
        held,
        "6r",
        "cant_attack_or_block",
        {},
        "701.35a",
        "is detained: it can't attack or block",
    )
    return _continuous(
        ctx,
        held,
        "6r",
        "cant_activate_abilities",
        {},
        "701.35a",
        "is detained: its activated abilities can't be activated",
    )


@effect("must_block_attacker")
def must_block_attacker(ctx: Ctx, e: Effect) -> bool:
    """CR 702.39a (provoke): the target blocks the source creature this turn if able."""
    return _continuous(
        ctx,
        Effect(e.op, {"what": e.args.get("what"), "duration": "end_of_turn"}),
        "6r",
        "must_block_attacker",
        {"attacker": ctx.source.id},
        "509.1c",
        f"blocks {ctx.source.name} this turn if able",
    )


@effect("cant_block_self")
def cant_block_self(ctx: Ctx, e: Effect) -> bool:
    """ "Target creature can't block this creature this turn" (Screeching Griffin; CR
    509.1b): a restriction on the affected creatures, locked in as it begins
    (611.2c), naming the source object: a new object it becomes is another one
    (400.7)."""
    return _continuous(
        ctx,
        e,
        "6r",
        "cant_block_attacker",
        {"attacker": ctx.source.id},
        "509.1b",
        f"can't block {ctx.source.name}",
    )


@effect("become_blocked")
def become_blocked(ctx: Ctx, e: Effect) -> bool:
    """CR 509.1h: an effect says an attacking creature becomes blocked; it stays
    blocked (with no creature blocking it) until it's removed from combat or combat
    ends. "Whenever ... becomes blocked" triggers only if it was unblocked (509.3c)."""
    g = ctx.game
    combat = g.combat
    if combat is None:
        return True
    for o in ctx.objects(e.args.get("what")):
        if o.id not in combat.attackers or combat.blocked.get(o.id):
            continue
        combat.blocked[o.id] = True
        g.invalidate("combat")
        g.emit(
            EventKind.BECOMES_BLOCKED,
            ("509.1h", "509.3c"),
            f"{o.name} becomes blocked",
            subject=o,
            obj=o.id,
            player=defending_player_of(g, combat.attackers[o.id]),
        )
    return True


@effect("remove_from_combat")
def remove_from_combat(ctx: Ctx, e: Effect) -> bool:
    """CR 506.4: "remove it from combat": it stops being an attacking, blocking,
    blocked and/or unblocked creature (rules/combat.remove_from_combat)."""
    for o in ctx.objects(e.args.get("what")):
        leave_combat(ctx.game, o.id, ("506.4",))
    return True


@effect("goad")
def goad(ctx: Ctx, e: Effect) -> bool:
    """CR 701.15a-b: until the goading player's next turn, the creature attacks
    each combat if able and attacks a player other than that player if able."""
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    return _continuous(
        ctx,
        Effect(e.op, {"what": e.args.get("what"), "duration": "until_goader_next_turn"}),
        "6r",
        "goaded",
        {"by": players[0], "turn": ctx.game.turn},
        "701.15b",
        "is goaded",
    )


@effect("prevent_damage")
def prevent_damage(ctx: Ctx, e: Effect) -> bool:
    """CR 615: a prevention effect; ``amount`` makes it a shield that prevents the
    next N damage (615.7), ``combat_only`` limits it to combat damage; without
    ``what`` it covers every source and recipient ("Prevent all combat damage that
    would be dealt this turn"). Applied by the event pipeline (rules/damage_replacements.py)."""
    g = ctx.game
    what = e.args.get("what")
    affected = tuple(ctx.refs(what)) if what is not None else ()
    if what is not None and not affected:
        return True
    color = None
    if e.args.get("source_color") == "choice":
        # "sources of the color of your choice": the color is chosen as the effect
        # begins (CR 608.2d); any source of that color, wherever it is, as the
        # damage would be dealt (CR 615.1)
        color = chosen_color(ctx, "for the sources")
        if color is None:
            return False
    amount = e.args.get("amount")
    args: dict[str, Any] = {
        "amount": None if amount is None else ctx.amount(amount),
        "combat_only": bool(e.args.get("combat_only")),
        "noncombat_only": bool(e.args.get("noncombat_only")),
        "by": ctx.source.name,  # named in the log when it prevents damage (CR 615)
    }
    if e.args.get("dealt_by"):
        args["dealt_by"] = True  # "damage that would be dealt by [it]": sources, not recipients
    if e.args.get("sources"):
        args["sources"] = e.args["sources"]  # "by sources you don't control" (CR 615.1)
    if isinstance(e.args.get("yours"), Filter):
        # "to you and creatures you control": read as the damage would be dealt (CR 615.1)
        args["yours"] = e.args["yours"]
    if e.args.get("next_time"):
        # "The next time [that source] would deal damage to you this turn, prevent that
        # damage": one use, only damage to that player (CR 615.7, 609.7a); "the next
        # time target creature would deal damage": its next instance of damage to
        # anyone, however much (615.8)
        args["next_time"] = True
        if e.args.get("half"):
            args["half"] = True  # "prevent half that damage, rounded down" (Dark Sphere)
    if e.args.get("to") is not None:
        # "would deal damage to you / to target creature / to any target": that
        # recipient's damage only (CR 609.7a)
        args["to"] = tuple(ctx.refs(e.args["to"]))
    if e.args.get("next_time"):
        chosen_as = _chosen_source_filter(ctx, what)
        if chosen_as is not None:
            args["source_filter"] = chosen_as  # rechecked as it would prevent (CR 615.9)
    if color is not None:
        args["source_filter"] = Filter(conditions=(("color", color),))
    if isinstance(e.args.get("source_filter"), Filter):
        # "that other creatures would deal": any source of that kind as the damage
        # would be dealt (CR 615.1)
        args["source_filter"] = e.args["source_filter"]
    then = _then_effects(ctx)
    if then:
        # CR 615.5: what it does after preventing damage (rules/prevention_then.py)
        args["then"] = then
        args["then_card"] = ctx.source.card_uid
        if ctx.source.stack_kind == "spell":
            args["then_spell"] = True  # its source is that spell's last known information
    _rule_effect(ctx, e, affected, "prevent_damage", args)
    kind = "combat damage" if args["combat_only"] else "damage"
    how = f"the next {args['amount']} {kind}" if amount is not None else f"all {kind}"
    if args.get("next_time"):
        how = f"the next time {kind}"
    names = ", ".join(g.objects[r].name for r in affected if r in g.objects)
    whom = f" {'by' if args.get('dealt_by') else 'to'} {names}" if names else ""
    if color is not None:
        whom = f" by {color} sources" + (
            f" to {_recipients(g, args['to'])}" if "to" in args else ""
        )
    if "yours" in args:
        kinds = args["yours"].kinds
        kind = "permanents" if kinds == ("permanent",) else f"{kinds[0].lower()}s"
        whom = f" to {g.players[ctx.controller].name} and {kind} they control"
    g.emit(
        EventKind.PREVENTION,
        ("615.1",),
        f"{ctx.source.name}: {how} that would be dealt{whom} is prevented",
    )
    return True


def _recipients(g: Any, refs: tuple[int, ...]) -> str:
    return ", ".join(
        g.players[p].name if (p := ref_player(r)) is not None else g.objects[r].name
        for r in refs
        if ref_player(r) is not None or r in g.objects
    )


@effect("redirect_next_damage")
def redirect_next_damage(ctx: Ctx, e: Effect) -> bool:
    """ "The next 1 damage that would be dealt to this creature this turn is dealt to
    target creature you control instead" (the en-Kor, Daughter of Autumn, Carom): a
    redirection effect (CR 614.9) used up by the damage it redirects, like a
    prevention shield (615.7). Applied by the event pipeline
    (rules/damage_replacements.py)."""
    g = ctx.game
    whose = e.args.get("from")
    frm = tuple(ctx.refs(whose)) if whose is not None else ()
    to = ctx.refs(e.args.get("to"))
    if (whose is not None and not frm) or not to:
        return True  # an illegal target: nothing is redirected (CR 608.2b)
    args: dict[str, Any] = {"to": to[0], "by": ctx.source.name}
    if e.args.get("next_time"):
        # "the next time a source of your choice would deal damage [to you]": all of
        # that source's next damage (to that recipient), once (CR 614.9, 609.7a)
        args["next_time"] = True
        args["sources"] = tuple(ctx.refs(e.args.get("source")))
        n = None
    else:
        n = args["amount"] = ctx.amount(e.args.get("amount", 1))
        if e.args.get("source") is not None:
            # "the next 2 damage that a source of your choice would deal" (Harm's
            # Way): only that source's damage (CR 609.7a)
            args["sources"] = tuple(ctx.refs(e.args["source"]))
    if isinstance(e.args.get("yours"), Filter):
        # "to you and/or permanents you control": read as the damage would be dealt
        args["yours"] = e.args["yours"]
    _rule_effect(ctx, e, frm, "redirect_next_damage", args)

    def name(r: int) -> str:
        pl = ref_player(r)
        if pl is not None:
            return g.players[pl].name
        return g.objects[r].name if r in g.objects else "?"

    whom = f" to {', '.join(name(r) for r in frm)}" if frm else ""
    if "yours" in args:
        whom = f" to {g.players[ctx.controller].name} and permanents they control"
    if n is not None and "sources" in args:
        by = ", ".join(name(r) for r in args["sources"]) or "no source"
        whom = f" by {by}{whom}"
    if n is None:
        by = ", ".join(name(r) for r in args["sources"]) or "no source"
        how = f"the next time {by} would deal damage{whom} this turn, that damage"
    else:
        how = f"the next {n} damage that would be dealt{whom} this turn"
    g.emit(
        EventKind.PREVENTION,
        ("614.9",),
        f"{ctx.source.name}: {how} is dealt to {name(to[0])} instead",
    )
    return True


def _chosen_source_filter(ctx: Ctx, what: Any) -> Filter | None:
    """CR 615.9, 609.7b: "the next time a red source of your choice would deal
    damage": the properties the source was chosen by (the filter of the choice just
    before, without its kinds), rechecked when the source would deal damage."""
    if not isinstance(what, ParentRef) or ctx.task is None:
        return None
    effects = effects_of(ctx.obj)
    i = int(ctx.task.data.get("i") or 0)
    for prev in reversed(effects[:i]):
        ref = prev.args.get("what")
        if prev.op == "choose_objects" and isinstance(ref, ChooseRef):
            flt = ref.filter
            if isinstance(flt, Filter) and flt.conditions:
                return Filter(conditions=flt.conditions)
            return None
    return None


def _then_effects(ctx: Ctx) -> tuple[Effect, ...]:
    """CR 615.5: the instructions after "prevent ..." that refer to the damage
    prevented ("You gain life equal to the damage prevented this way", "For each 1
    damage prevented this way, put a +1/+1 counter on that creature"): followed when
    the effect prevents damage, not as the spell resolves; what they say of the
    spell's targets is fixed now (rules/delayed.py binds it)."""
    effects = effects_of(ctx.obj)
    start = int((ctx.task.data.get("i") or 0) if ctx.task is not None else 0) + 1
    end = start
    while end < len(effects) and mentions_prevented(effects[end]):
        end += 1
    if end == start:
        return ()
    if ctx.task is not None:
        ctx.task.data["deferred"] = list(range(start, end))  # skipped as it resolves
    # ("that source" stays the source of the damage prevented: rules/prevention_then.py)
    return tuple(bind_effect(ctx, e, own_event=True) for e in effects[start:end])


def _rule_effect(
    ctx: Ctx, e: Effect, affected: tuple[int, ...], op: str, args: dict[str, Any]
) -> None:
    """A damage rule effect of a resolved spell or ability, this turn unless it says
    otherwise (CR 611.2a), read by the event pipeline (rules/damage_replacements.py)."""
    g = ctx.game
    duration = e.args.get("duration") or "end_of_turn"
    ce = ContinuousEffect(
        "r", g.new_timestamp(), ctx.source.id, ctx.controller, affected, op, args, duration
    )
    g.effects = [*g.effects, ce]


@effect("damage_cant_be_prevented")
def damage_cant_be_prevented(ctx: Ctx, e: Effect) -> bool:
    """CR 615.12: "Damage can't be prevented this turn"."""
    _rule_effect(ctx, e, (), "damage_cant_be_prevented", {})
    ctx.game.emit(
        EventKind.PREVENTION, ("615.12",), f"{ctx.source.name}: damage can't be prevented this turn"
    )
    return True


@effect("rampage_bonus")
def rampage_bonus(ctx: Ctx, e: Effect) -> bool:
    """CR 702.23a-b: +N/+N for each creature blocking it beyond the first,
    counted as the ability resolves."""
    g = ctx.game
    src = ctx.source
    n = int(e.args.get("n", 1))
    blockers = len(g.combat.blockers_of(src.id)) if g.combat is not None else 0
    bonus = n * max(0, blockers - 1)
    if bonus == 0:
        g.emit(
            EventKind.RAMPAGE,
            ("702.23b",),
            f"{src.name}'s rampage: no creature beyond the first blocks it",
        )
        return True
    g.emit(
        EventKind.RAMPAGE, ("702.23a", "702.23b"), f"{src.name}'s rampage {n}: {blockers} blockers"
    )
    return REGISTRY["modify_pt"](
        ctx,
        Effect(
            "modify_pt",
            {"what": SelfRef(), "power": bonus, "toughness": bonus, "duration": "end_of_turn"},
        ),
    )


@effect("melee_bonus")
def melee_bonus(ctx: Ctx, e: Effect) -> bool:
    """CR 702.121a-b: +1/+1 for each opponent you attacked with a creature this
    combat, counted as the ability resolves."""
    g = ctx.game
    declared = g.turn_flags.attacks_declared
    opponents = {
        ref_player(d)
        for _c, d in declared
        if ref_player(d) is not None and ref_player(d) != ctx.controller
    }
    n = len(opponents)
    g.emit(
        EventKind.MELEE,
        ("702.121a", "702.121b"),
        f"{ctx.source.name}'s melee: {n} opponent(s) attacked",
    )
    if n == 0:
        return True
    return REGISTRY["modify_pt"](
        ctx,
        Effect(
            "modify_pt", {"what": SelfRef(), "power": n, "toughness": n, "duration": "end_of_turn"}
        ),
    )
