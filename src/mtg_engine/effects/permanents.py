"""Effects on permanents: tap/untap (701.26), counters (122), and the continuous
effects of resolving spells and abilities (CR 611.2, 613): P/T (layer 7),
abilities (6), colors (5), types (4), control (2), "becomes ..." (613.6).

The set of affected objects is locked in when the effect begins (CR 611.2c);
phased-out permanents are never part of it (CR 702.26e). Durations: "until end
of turn" (CR 514.2), "until your next turn", "for as long as ..." (611.2b).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final, Literal

from ..cards.abilities import Ability, AbilityKind, EachRef, Effect, Filter, SelfRef, TargetRef
from ..cards.abilities import Ability as _A
from ..cards.model import COLORS
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..game.records import ContinuousEffect
from ..rules.characteristics import chars
from ..rules.copy import copy_effect, copy_values
from ..rules.counters import PLAYER_COUNTERS, put_counters, put_player_counters, remove_counters
from ..rules.effects_runner import Ctx
from ..rules.etb_replacements import ENTERS_UNDER_YOUR_CONTROL
from ..rules.face_down import is_masked
from ..rules.face_turning import unmask
from ..rules.filters import objects_matching
from ..rules.layers import (
    PT_EFFECT,
    WHILE_TAPPED,
    counter_duration_holds,
    creature_types,
    refresh_control,
)
from ..rules.player_keywords import PLAYER_KEYWORD
from ..rules.sba import can_be_attached
from ..rules.support import names_player, register
from ..rules.tapping import became_tapped, set_tapped
from ..rules.zones import becomes_unattached
from . import effect


@effect("tap", "untap")
def tap(ctx: Ctx, e: Effect) -> bool:
    g = ctx.game
    objs = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    if e.op == "tap":
        masked = [o for o in objs if o.face_down and not o.tapped and is_masked(o)]
        if masked:
            unmask(g, masked, "become tapped")  # Illusionary Mask (CR 614.1a)
    # CR 701.26a-b: each one proposed first (CR 614, 101.2)
    changed = set_tapped(g, objs, e.op == "tap", ("701.26a" if e.op == "tap" else "701.26b",))
    newly_tapped = changed if e.op == "tap" else []
    if e.op == "tap" and ctx.task is not None:
        # "for each creature tapped this way": those this instruction tapped, not
        # one that was already tapped (CR 701.26a, 608.2c)
        ctx.set_parent("tapped", [o.id for o in changed])
        # "tap any number of untapped artifacts you control. When you do, ... that
        # much damage": how many it tapped (CR 608.2c)
        ctx.set_parent("that_much", len(changed))
    names = [o.name for o in changed]
    if names:
        g.invalidate()
        kind: Literal[EventKind.TAP, EventKind.UNTAP] = (
            EventKind.TAP if e.op == "tap" else EventKind.UNTAP
        )
        g.emit(
            kind,
            ("701.26a" if e.op == "tap" else "701.26b",),
            f"{', '.join(names)} {'becomes tapped' if e.op == 'tap' else 'untaps'}",
        )
    if newly_tapped:
        became_tapped(g, newly_tapped, ("701.26a",))  # "becomes tapped" triggers
    return True


@effect("tap_or_untap")
def tap_or_untap(ctx: Ctx, e: Effect) -> bool:
    """ "You may tap or untap target permanent": the controller chooses, as the
    effect happens, which of the two to do (CR 608.2d), then taps or untaps it
    (CR 701.26a, 701.26b)."""
    if not any(o.zone == Zone.BATTLEFIELD for o in ctx.objects(e.args.get("what"))):
        return True
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.CHOOSE_OPTION,
            "608.2d",
            f"{ctx.obj.name}: tap or untap?",
            {"options": ["tap", "untap"], "purpose": DecisionPurpose.CHOOSE},
        )
    choice = str(ctx.take_answer().value)
    if choice not in ("tap", "untap"):
        raise ValueError(f"choose 'tap' or 'untap', not {choice!r}")
    return tap(ctx, Effect(choice, e.args, e.optional, e.condition))


@effect("put_counters", "remove_counters")
def counters(ctx: Ctx, e: Effect) -> bool:
    g = ctx.game
    kind = e.args.get("counter", "+1/+1")
    n = ctx.count(e.args.get("amount", 1))
    if e.op == "put_counters" and kind in PLAYER_COUNTERS:
        for r in ctx.refs(e.args.get("what")):
            if r < 0:  # "that player gets N poison counters" (CR 122.1f)
                rules = {"poison": "122.1f", "rad": "727.1"}.get(kind)
                put_player_counters(g, -r - 1, kind, n, ("122.1", rules) if rules else ("122.1",))
    what = e.args.get("what")
    removed = 0
    put_on = 0
    removing_from = 0
    kinds_chosen: dict[str, str] = {}
    if e.op == "remove_counters" and kind == "any" and e.args.get("amount") != "all":
        chosen = _counter_kinds_chosen(ctx, ctx.objects(what))
        if chosen is None:
            return False
        kinds_chosen = chosen
    for o in ctx.objects(what):
        if isinstance(what, SelfRef) and ctx.source is ctx.obj and o.zone != Zone.BATTLEFIELD:
            # "put a +1/+1 counter on this creature" of an ability whose source died:
            # the card in the graveyard is a new object, not the creature (CR 400.7)
            continue
        if e.op == "put_counters":
            put_on += 1
            amount = ctx.obj.division.get(o.id, n) if ctx.obj.division else n
            # CR 122.1, and the keyword action that puts them, if any ("support", 701.41a)
            rule = e.args.get("rule")
            put_counters(g, o, kind, amount, ("122.1", rule) if rule else ("122.1",))
        else:
            removing_from += 1
            every = kind == "any" and e.args.get("amount") == "all"
            # "remove all +1/+1 counters from it"; "remove all counters from target
            # permanent" (Vampire Hexmage): each kind it has
            if kind == "any" and not every:
                # "remove a counter from target permanent": of the kind chosen
                k = kinds_chosen.get(str(o.id))
                if k is not None:
                    had = o.counters.get(k, 0)
                    remove_counters(g, o, k, n)  # CR 122.1
                    removed += had - o.counters.get(k, 0)
                continue
            for k in list(o.counters) if every else [kind]:
                had = o.counters.get(k, 0)
                remove_counters(g, o, k, had if e.args.get("amount") == "all" else n)  # CR 122.1
                removed += had - o.counters.get(k, 0)
    if e.op == "put_counters" and isinstance(what, SelfRef) and not put_on and ctx.task:
        # "put two quest counters on Craig Boone. When you do, ..." with Craig Boone
        # gone: not done, so the reflexive ability doesn't trigger (CR 603.12, 400.7)
        ctx.task.data["short"] = True
    if e.op == "remove_counters" and kinds_chosen is not None and not removed and ctx.task:
        if kind == "any" and e.args.get("amount") != "all":
            # "you may remove a counter from ... . If you do": none could be (608.2c)
            ctx.task.data["short"] = True
    if (
        e.op == "remove_counters"
        and kind != "any"
        and e.args.get("amount") != "all"
        and removed < n * max(removing_from, 1)
        and ctx.task
    ):
        # "remove a hope counter from this enchantment. If you do, draw a card" with
        # no hope counter on it (or it gone): not done, so "if you do" is false (CR
        # 608.2c), as for any instruction that couldn't be done in full
        ctx.task.data["short"] = True
    if e.op == "remove_counters":
        # "remove all +1/+1 counters from it, and it deals that much damage" (608.2c)
        ctx.set_parent("that_much", removed)
        # "Add one mana of any color for each charge counter removed this way"
        # (Coalition Relic): what this instruction removed (CR 122.1)
        ctx.set_parent("counters_removed", removed)
    g.invalidate()
    return True


def _counter_kinds_chosen(ctx: Ctx, objs: list[GameObject]) -> dict[str, str] | None:
    """ "Remove a counter from target permanent": the kind of counter removed from each
    object, chosen by the player removing it when the object has more than one kind
    (CR 122.1, 608.2d), all before any is removed; None while a choice is pending."""
    sc = ctx.scratch
    chosen: dict[str, str] = sc.setdefault("counter_kinds", {})
    for o in objs:
        kinds = sorted(k for k, v in o.counters.items() if v > 0)
        if str(o.id) in chosen or not kinds:
            continue
        if len(kinds) == 1:
            chosen[str(o.id)] = kinds[0]
            continue
        if ctx.answer is None:
            ctx.ask(
                DecisionKind.CHOOSE_OPTION,
                "608.2d",
                f"{ctx.obj.name}: choose the kind of counter to remove from {o.name}",
                {"options": kinds, "purpose": DecisionPurpose.CHOOSE},
            )
            return None
        got = str(ctx.take_answer().value)
        chosen[str(o.id)] = got
        ctx.game.emit(
            EventKind.CHOICE,
            ("122.1", "608.2d"),
            f"{ctx.game.players[ctx.controller].name} chooses to remove a {got} counter "
            f"from {o.name}",
        )
    return chosen


#: how the compiler spells durations -> the engine's (CR 611.2a-b, 514.2)
_DURATIONS: Final = {
    None: "permanent",
    "": "permanent",
    "rest_of_game": "permanent",  # "for the rest of the game" (CR 611.2a)
    "end_of_turn": "end_of_turn",
    "this_turn": "end_of_turn",
    "until_your_next_turn": "until_your_next_turn",
    "next_turn": "until_your_next_turn",
    "while_controlled": "while_controlled",
    "for_as_long_as_you_control": "while_controlled",
    "source": "source",
    "while_on_battlefield": "source",
    "while_tapped": "while_tapped",
    "while_controlled_tapped": "while_controlled_tapped",
}


def duration_of(e: Effect) -> str:
    d = e.args.get("duration")
    return _DURATIONS.get(d, str(d)) if not isinstance(d, dict) else "permanent"


def _affected(ctx: Ctx, e: Effect) -> list:
    """CR 611.2c, 702.26e: the permanents affected, locked in now (phased-out ones
    excluded); or a spell an instruction names ("When you next cast an artifact spell
    this turn, that spell gains sunburst", Solar Array): an effect that changes a
    permanent spell goes on applying to the permanent it becomes (CR 400.7a)."""
    return [
        o
        for o in ctx.objects(e.args.get("what"))
        if o.zone == Zone.BATTLEFIELD
        and not o.phased_out
        or o.zone == Zone.STACK
        and o.stack_kind == "spell"
    ]


def duration_holds(ctx: Ctx, duration: str) -> bool:
    """CR 611.2b: whether a "for as long as ..." duration still holds as the effect
    would begin (if not, the effect does nothing): the source is still on the
    battlefield, under the ability's controller ("as long as you control ..."),
    tapped ("as long as ... remains tapped")."""
    src = ctx.source
    if duration in ("while_controlled", "while_controlled_tapped") and (
        src.zone != Zone.BATTLEFIELD or src.controller != ctx.controller
    ):
        return False
    return duration not in WHILE_TAPPED or (src.zone == Zone.BATTLEFIELD and src.tapped)


def add_continuous(
    ctx: Ctx,
    objs: list,
    layer: str,
    op: str,
    args: dict,
    duration: str,
) -> ContinuousEffect | None:
    """Create a continuous effect from a resolving spell or ability (CR 611.2),
    its timestamp taken now (CR 613.7b)."""
    g = ctx.game
    # CR 611.2b: "for as long as it has a feather counter on it": not those without one
    objs = [o for o in objs if counter_duration_holds(g, duration, o.id)]
    if not objs:
        return None
    if not duration_holds(ctx, duration):
        return None  # CR 611.2b: the duration ended before the effect began
    ce = ContinuousEffect(
        layer,
        g.new_timestamp(),
        ctx.source.id,
        ctx.controller,
        tuple(o.id for o in objs),
        op,
        args,
        duration,
    )
    g.effects = [*g.effects, ce]
    if layer == "7c":
        g.invalidate(PT_EFFECT)  # only the affected permanents' power and toughness
    else:
        g.invalidate()
    return ce


_UNTIL: Final = {
    "end_of_turn": " until end of turn",
    "until_your_next_turn": " until your next turn",
    "while_controlled": " for as long as its source's controller controls it",
    "source": " for as long as its source remains",
    "while_tapped": " for as long as its source remains tapped",
    "while_controlled_tapped": (
        " for as long as its source's controller controls it and it remains tapped"
    ),
}


def _continuous(
    ctx: Ctx,
    e: Effect,
    layer: str,
    op: str,
    args: dict,
    rule: str,
    text: str,
    objs: list | None = None,
) -> bool:
    """CR 611.2c: the affected set (``objs``, else :func:`_affected`) is locked in as
    the effect begins."""
    if objs is None:
        objs = _affected(ctx, e)
    duration = duration_of(e)
    if add_continuous(ctx, objs, layer, op, args, duration) is None:
        return True
    ctx.game.emit(
        EventKind.CONTINUOUS_EFFECT,
        (rule, "611.2c"),
        f"{', '.join(o.name for o in objs)} {text}{_UNTIL.get(duration, '')}",
    )
    return True


@effect("modify_pt")
def modify_pt(ctx: Ctx, e: Effect) -> bool:
    """Layer 7c (CR 613.4c): "gets +N/+N"; X and counts are fixed now (CR 611.2d)."""
    p = ctx.amount(e.args.get("power", 0))
    t = ctx.amount(e.args.get("toughness", 0))
    each = e.args.get("for_each")
    if isinstance(each, Filter) and ("this_way", True) in each.conditions:
        # "for each Plains returned this way": what this resolution moved (608.2c)
        n = len(ctx.refs(EachRef(each)))
        p, t = p * n, t * n
    elif isinstance(each, Filter):
        # "+1/+1 for each creature you control": counted once, as it resolves (608.2h)
        n = len(objects_matching(ctx.game, ctx.concrete(each), ctx.controller, ctx.source))
        p, t = p * n, t * n
    return _continuous(
        ctx, e, "7c", "modify_pt", {"power": p, "toughness": t}, "613.4c", f"gets {p:+d}/{t:+d}"
    )


register("arg:modify_pt_choice.options")  # "gets +1/-1 or -1/+1" (CR 608.2d)


@effect("modify_pt_choice")
def modify_pt_choice(ctx: Ctx, e: Effect) -> bool:
    """ "This creature gets +1/-1 or -1/+1 until end of turn" (Brightling): the
    controller chooses one as the effect begins (CR 608.2d); layer 7c (613.4c)."""
    options = [(int(p), int(t)) for p, t in e.args.get("options") or ()]
    if not options:
        return True
    labels = [f"{p:+d}/{t:+d}" for p, t in options]
    picked = ctx.choose_option(
        ctx.controller,
        labels,
        "608.2d",
        f"{ctx.obj.name}: choose what it gets",
        DecisionPurpose.CHOOSE,
    )
    if picked is None:
        return False
    p, t = options[labels.index(picked)] if picked in labels else options[0]
    ctx.game.emit(
        EventKind.CHOICE,
        ("608.2d",),
        f"{ctx.game.players[ctx.controller].name} chooses {p:+d}/{t:+d}",
    )
    args = {k: v for k, v in e.args.items() if k != "options"}
    return modify_pt(ctx, Effect("modify_pt", {**args, "power": p, "toughness": t}))


@effect("set_pt")
def set_pt(ctx: Ctx, e: Effect) -> bool:
    """Layer 7b (CR 613.4b): "has base power and toughness N/N"."""
    args: dict = {}
    if e.args.get("power") is not None:
        args["power"] = ctx.amount(e.args["power"])
    if e.args.get("toughness") is not None:
        args["toughness"] = ctx.amount(e.args["toughness"])
    shown = f"{args.get('power', '*')}/{args.get('toughness', '*')}"
    return _continuous(
        ctx, e, "7b", "set_pt", args, "613.4b", f"has base power and toughness {shown}"
    )


@effect("switch_pt")
def switch_pt(ctx: Ctx, e: Effect) -> bool:
    """Layer 7d (CR 613.4d): "switch its power and toughness"."""
    return _continuous(
        ctx, e, "7d", "switch_pt", {}, "613.4d", "has its power and toughness switched"
    )


@effect("grant_keyword")
def grant_keyword(ctx: Ctx, e: Effect) -> bool:
    """Layer 6 (CR 613.1f): "gains flying"; a player gaining hexproof, shroud or
    protection for a duration ("you gain protection from everything until your next
    turn", The One Ring): :func:`_grant_player_keyword`."""
    kw = e.args.get("keyword")
    args = {"keyword": kw}
    kw_args = e.args.get("keyword_args")
    if kw_args:
        if kw == "Protection" and "chosen_color" in _qualities(kw_args.get("from")):
            # "protection from the color of your choice": the color is chosen as the
            # effect begins (CR 608.2d, 702.16a); the granted ability names it
            color = _granted_color(ctx, e)
            if color is None:
                return False
            chosen = tuple(color if q == "chosen_color" else q for q in _qualities(kw_args["from"]))
            kw_args = {**kw_args, "from": chosen}
        args["keyword_args"] = kw_args
    if names_player(e.args.get("what")):
        return _grant_player_keyword(ctx, e, args)
    if _names_cards(e.args.get("what")):
        return _grant_card_keyword(ctx, e, args)
    return _continuous(ctx, e, "6", "grant_keyword", args, "613.1f", f"gains {str(kw).lower()}")


#: the zones a card may gain a keyword in from a resolving spell or ability ("target
#: instant or sorcery card in your graveyard gains flashback until end of turn")
_CARD_ZONES: Final = frozenset((Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, Zone.LIBRARY))


def _names_cards(what: Any) -> bool:
    """Whether the objects gaining the keyword are cards outside the battlefield:
    its target or the objects "each [card] in your graveyard" names (CR 115.1)."""
    if isinstance(what, TargetRef):
        return True  # (chosen in the zone its phrase names; still there: CR 608.2b)
    return isinstance(what, EachRef) and what.filter.zone not in ("battlefield", "any", "stack")


def _grant_card_keyword(ctx: Ctx, e: Effect, args: dict[str, Any]) -> bool:
    """ "Target instant or sorcery card in your graveyard gains flashback until end of
    turn" (Snapcaster Mage), "Each instant and sorcery card in your graveyard gains
    flashback ..." (Past in Flames): a continuous effect from a resolving ability on
    the cards it names, locked in as it begins (CR 611.2c, 613.1f); a permanent it
    names is affected as :func:`_continuous` affects it."""
    objs = [o for o in ctx.objects(e.args.get("what")) if o.zone in _CARD_ZONES]
    objs += _affected(ctx, e)  # permanents, and a permanent spell (CR 400.7a)
    kw = str(args["keyword"]).lower()
    return _continuous(ctx, e, "6", "grant_keyword", args, "613.1f", f"gains {kw}", objs)


def _granted_color(ctx: Ctx, e: Effect) -> str | None:
    """ "You and each permanent you control gain protection from the color of your
    choice" (Faith's Shield): one instruction split over its subjects, one color
    chosen for all (CR 608.2d); the next split part (the same keyword, duration and
    condition) reads the color chosen for the one before."""
    key = repr((e.args.get("keyword_args"), e.args.get("duration"), e.condition))
    assert ctx.task is not None  # a choice is made by a resolving spell or ability
    earlier = ctx.task.data.get("granted_color")
    if earlier is not None and earlier[0] == key:
        return str(earlier[1])
    color = chosen_color(ctx, "for protection")
    if color is not None:
        ctx.task.data["granted_color"] = (key, color)
    return color


def _grant_player_keyword(ctx: Ctx, e: Effect, args: dict[str, Any]) -> bool:
    """ "You gain hexproof until your next turn" (Blossoming Calm), "you gain
    protection from everything until your next turn" (The One Ring): a continuous
    effect from a resolving spell or ability on the players it names, locked in as
    it begins (CR 611.2a, 611.2c), that gives them the keyword for its duration;
    the rules read it with the keywords static abilities give players
    (rules/player_keywords.py: 702.11b, 702.18a, 702.16b/c/e)."""
    g = ctx.game
    players = tuple(p for p in ctx.players(e.args.get("what")) if not g.players[p].has_lost)
    duration = duration_of(e)
    if not players or not duration_holds(ctx, duration):
        return True  # CR 611.2b: the duration ended before the effect began
    ce = ContinuousEffect(
        "r",
        g.new_timestamp(),
        ctx.source.id,
        ctx.controller,
        (),
        PLAYER_KEYWORD,
        {**args, "players": players},
        duration,
    )
    g.effects = [*g.effects, ce]
    g.invalidate()
    kw = str(args["keyword"]).lower()
    froms = [q for q in _qualities((args.get("keyword_args") or {}).get("from")) if q]
    shown = f"{kw} from {', '.join(str(q).replace('_', ' ') for q in froms)}" if froms else kw
    who = ", ".join(g.players[p].name for p in players)
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("611.2a", _PLAYER_KEYWORD_RULES.get(str(args["keyword"]), "702.16b")),
        f"{who} gains {shown}{_UNTIL.get(duration, '')} ({ctx.source.name})",
    )
    return True


#: the rule of each keyword a player can have (rules/player_keywords.py)
_PLAYER_KEYWORD_RULES = {"Hexproof": "702.11b", "Shroud": "702.18a", "Protection": "702.16b"}


register("arg:grant_keyword_choice.options")  # "your choice of flying or lifelink" (608.2d)


@effect("grant_keyword_choice")
def grant_keyword_choice(ctx: Ctx, e: Effect) -> bool:
    """ "gains your choice of vigilance, lifelink, or haste until end of turn" (Butcher
    of the Horde): the controller chooses one as the effect begins (CR 608.2d); the
    affected object gains it (layer 6, 613.1f)."""
    options = list(e.args.get("options") or ())
    if not options:
        return True
    labels = [_keyword_label(o) for o in options]
    picked = ctx.choose_option(
        ctx.controller,
        labels,
        "608.2d",
        f"{ctx.obj.name}: choose the ability it gains",
        DecisionPurpose.CHOOSE,
    )
    if picked is None:
        return False
    chosen = options[labels.index(picked)] if picked in labels else options[0]
    ctx.game.emit(
        EventKind.CHOICE,
        ("608.2d",),
        f"{ctx.game.players[ctx.controller].name} chooses {_keyword_label(chosen)}",
    )
    args = {k: v for k, v in e.args.items() if k != "options"}
    return grant_keyword(ctx, Effect("grant_keyword", {**args, **chosen}))


def _keyword_label(option: dict) -> str:
    """How one keyword of "your choice of ..." is offered: "flying", "protection
    from red"."""
    name = str(option.get("keyword", "")).lower()
    frm = (option.get("keyword_args") or {}).get("from")
    if frm is not None:
        name += " from " + " and ".join(str(q).lower() for q in _qualities(frm))
    return name


def _qualities(q: object) -> tuple[object, ...]:
    """A protection ability's qualities as a tuple (one value or several, CR 702.16a)."""
    return tuple(q) if isinstance(q, list | tuple) else (q,)


def chosen_color(ctx: Ctx, why: str) -> str | None:
    """ "The color of your choice": asked of the controller as the effect begins
    (CR 608.2d); None while the decision is pending."""
    sc = ctx.scratch
    parent = (ctx.task.data.get("parent") or {}) if ctx.task is not None else {}
    if "color" not in sc and parent.get("chosen_color"):
        # "Choose a color. ... protection from the chosen color": chosen by an
        # earlier instruction of the same ability (effects/choices.choose, CR 608.2c)
        sc["color"] = str(parent["chosen_color"])
    if "color" not in sc:
        if ctx.answer is None:
            ctx.ask(
                DecisionKind.CHOOSE_OPTION,
                "608.2d",
                f"{ctx.obj.name}: choose a color {why}",
                {"options": list(COLORS), "purpose": DecisionPurpose.COLOR},
            )
            return None
        sc["color"] = str(ctx.take_answer().value)
        ctx.game.emit(
            EventKind.CHOICE,
            ("608.2d",),
            f"{ctx.game.players[ctx.controller].name} chooses {sc['color']}",
        )
    return str(sc["color"])


def _chosen_creature_type(ctx: Ctx) -> str | None:
    """ "The creature type of your choice" (CR 205.3m): asked of the controller as the
    effect begins (CR 608.2d); None while the decision is pending."""
    sc = ctx.scratch
    parent = (ctx.task.data.get("parent") or {}) if ctx.task is not None else {}
    if "creature_type" not in sc and parent.get("chosen_creature_type"):
        # "Choose a creature type other than Wall. Target creature becomes that type":
        # chosen by an earlier instruction of the same ability (effects/choices.choose,
        # CR 608.2c)
        sc["creature_type"] = str(parent["chosen_creature_type"])
    if "creature_type" not in sc:
        if ctx.answer is None:
            ctx.ask(
                DecisionKind.CHOOSE_OPTION,
                "608.2d",
                f"{ctx.obj.name}: choose a creature type",
                {"options": sorted(creature_types()), "purpose": DecisionPurpose.CREATURE_TYPE},
            )
            return None
        sc["creature_type"] = str(ctx.take_answer().value)
        ctx.game.emit(
            EventKind.CHOICE,
            ("608.2d",),
            f"{ctx.game.players[ctx.controller].name} chooses {sc['creature_type']}",
        )
    return str(sc["creature_type"])


#: "the color or colors of your choice": every nonempty set of colors (CR 105.1)
_COLOR_SETS: Final = [combo for n in range(1, len(COLORS) + 1) for combo in combinations(COLORS, n)]


def _chosen_colors(ctx: Ctx) -> tuple[str, ...] | None:
    """ "The color or colors of your choice": one or more colors, asked of the
    controller as the effect begins (CR 608.2d); None while the decision is pending."""
    sc = ctx.scratch
    if "colors" not in sc:
        labels = [" and ".join(combo) for combo in _COLOR_SETS]
        picked = ctx.choose_option(
            ctx.controller,
            labels,
            "608.2d",
            f"{ctx.obj.name}: choose one or more colors",
            DecisionPurpose.COLOR,
        )
        if picked is None:
            return None
        sc["colors"] = list(_COLOR_SETS[labels.index(picked)] if picked in labels else ())
        ctx.game.emit(
            EventKind.CHOICE,
            ("608.2d",),
            f"{ctx.game.players[ctx.controller].name} chooses {picked}",
        )
    return tuple(sc["colors"])


#: CR 205.3i: the basic land types
_BASIC_LAND_TYPES: Final = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _chosen_basic_land_type(ctx: Ctx) -> str | None:
    """ "The basic land type of your choice" (CR 205.3i): asked of the controller as
    the effect begins (CR 608.2d); None while the decision is pending."""
    sc = ctx.scratch
    if "basic_land_type" not in sc:
        picked = ctx.choose_option(
            ctx.controller,
            list(_BASIC_LAND_TYPES),
            "608.2d",
            f"{ctx.obj.name}: choose a basic land type",
            DecisionPurpose.BASIC_LAND_TYPE,
        )
        if picked is None:
            return None
        sc["basic_land_type"] = str(picked)
        ctx.game.emit(
            EventKind.CHOICE,
            ("608.2d",),
            f"{ctx.game.players[ctx.controller].name} chooses {sc['basic_land_type']}",
        )
    return str(sc["basic_land_type"])


@effect("grant_ability")
def grant_ability(ctx: Ctx, e: Effect) -> bool:
    """Layer 6 (CR 613.1f): 'gains "{T}: ..."'."""
    abilities = _abilities(e.args.get("abilities"), e.args.get("ability"))
    if not abilities:
        ctx.game.emit(
            EventKind.UNSUPPORTED,
            ("608.2c",),
            f"{ctx.obj.name}: the granted ability isn't understood",
        )
        return True
    text = "; ".join(a.text for a in abilities if a.text) or "an ability"
    return _continuous(
        ctx, e, "6", "grant_ability", {"abilities": abilities}, "613.1f", f'gains "{text}"'
    )


@effect("gain_activated_abilities")
def gain_activated_abilities(ctx: Ctx, e: Effect) -> bool:
    """Layer 6 (CR 613.1f): "gains all activated abilities of that card until end of
    turn": the activated abilities (mana abilities too, CR 605.1a) the object has as
    this resolves; "this creature" in them is the object that gains them."""
    abilities = tuple(
        a
        for o in ctx.objects(e.args.get("of"))
        for a in chars(ctx.game, o).abilities
        if a.kind in (AbilityKind.ACTIVATED, AbilityKind.MANA) and a.trigger is None
    )
    if not abilities:
        return True
    text = "; ".join(a.text for a in abilities if a.text) or "activated abilities"
    return _continuous(
        ctx, e, "6", "grant_ability", {"abilities": abilities}, "613.1f", f'gains "{text}"'
    )


register("arg:gain_activated_abilities.of")


def _abilities(many: object, one: object) -> tuple[Ability, ...]:
    """The Ability records of a grant (anything else is ignored)."""
    items = many if isinstance(many, tuple | list) else (one,)
    return tuple(a for a in items if isinstance(a, _A))


@effect("lose_keyword")
def lose_keyword(ctx: Ctx, e: Effect) -> bool:
    """Layer 6 (CR 613.1f): "loses flying"."""
    kw = e.args.get("keyword")
    return _continuous(
        ctx, e, "6", "lose_keyword", {"keyword": kw}, "613.1f", f"loses {str(kw).lower()}"
    )


@effect("lose_all_abilities")
def lose_all(ctx: Ctx, e: Effect) -> bool:
    """Layer 6 (CR 613.1f)."""
    return _continuous(ctx, e, "6", "lose_all_abilities", {}, "613.1f", "loses all abilities")


@effect("add_types")
def add_types(ctx: Ctx, e: Effect) -> bool:
    """Layer 4 (CR 613.1d, 205.1b): "... in addition to its other types"."""
    args: dict[str, Any] = {
        "types": tuple(e.args.get("types") or ()),
        "subtypes": tuple(e.args.get("subtypes") or ()),
        "supertypes": tuple(e.args.get("supertypes") or ()),
    }
    if e.args.get("all_creature_types"):
        # "gains all creature types" (CR 205.3m)
        args["all_creature_types"] = True
        return _continuous(ctx, e, "4", "add_types", args, "613.1d", "gains all creature types")
    words = " ".join((*args["supertypes"], *args["subtypes"], *args["types"]))
    return _continuous(
        ctx, e, "4", "add_types", args, "613.1d", f"is a {words} in addition to its other types"
    )


@effect("lose_types")
def lose_types(ctx: Ctx, e: Effect) -> bool:
    """Layer 4 (CR 613.1d, 205.1a): "loses all creature types". A changeling keeps
    its changeling ability but, as the later effect in layer 4 (CR 613.7), this
    takes away the types changeling gives (702.73a, ruling 502.73.1)."""
    args: dict[str, Any] = {
        "types": tuple(e.args.get("types") or ()),
        "subtypes": tuple(e.args.get("subtypes") or ()),
        "supertypes": tuple(e.args.get("supertypes") or ()),
        "all_creature_types": bool(e.args.get("all_creature_types")),
    }
    words = " ".join((*args["supertypes"], *args["subtypes"], *args["types"]))
    text = "loses all creature types" if args["all_creature_types"] else f"loses {words}"
    return _continuous(ctx, e, "4", "lose_types", args, "613.1d", text)


register(
    "arg:add_types.all_creature_types",
    "arg:lose_types.all_creature_types",
    "arg:become.all_creature_types",  # layer 4 "set_types" (rules/layers.py, CR 205.3m)
    "arg:become.retain",  # "It's still a land.", "in addition to its other types" (CR 205.1b)
    "arg:become.add_colors",  # "in addition to its other colors" (layer 5, CR 105.3)
    "arg:become.abilities",  # 'becomes ... with "[quoted ability]"' (layer 6, CR 613.1f)
)


@effect("set_colors", "add_colors")
def set_colors(ctx: Ctx, e: Effect) -> bool:
    """Layer 5 (CR 613.1e, 105.3): "becomes blue"; "is black in addition to its other
    colors" (``add_colors``)."""
    colors = tuple(e.args.get("colors") or ())
    text = f"becomes {'/'.join(colors) or 'colorless'}"
    if e.op == "add_colors":
        text = f"is {'/'.join(colors)} in addition to its other colors"
    return _continuous(ctx, e, "5", e.op, {"colors": colors}, "613.1e", text)


def become_copy(ctx: Ctx, e: Effect) -> bool:
    """CR 707.4: a permanent becomes a copy of another object while it stays on
    the battlefield; it keeps its noncopy effects and doesn't enter again."""
    g = ctx.game
    originals = ctx.objects(e.args.get("copy_of"))
    if not originals:
        g.emit(EventKind.COPY_FAILS, ("707.1",), f"{ctx.obj.name}: there is nothing to copy")
        return True
    original = originals[0]
    exc = e.args.get("except") or None
    duration = duration_of(e)
    for o in ctx.objects(e.args.get("what")):
        if o.zone != Zone.BATTLEFIELD or o.phased_out:
            continue
        values, exc_rules = copy_values(g, original, exc, copier=o, this_ability=ctx.obj.ability)
        was = o.name if not o.face_down else "A face-down permanent"
        copy_effect(g, o, values, ctx.source, ctx.controller, duration)
        what = original.name if not original.face_down else "a face-down creature"
        rules = ("707.2", "707.4", "613.2a", *exc_rules) + (("708.10",) if o.face_down else ())
        if o.card.data.layout == "flip" and o.face == 1:
            rules += ("707.3", "110.5", "710.1b")  # the copy is modified by its flipped status
        g.emit(
            EventKind.BECOMES_COPY,
            rules,
            f"{was} becomes a copy of {what}"
            + (" until end of turn" if duration == "end_of_turn" else "")
            + (" (it stays face down: 708.10)" if o.face_down else ""),
            obj=o.id,
        )
    return True


@effect("become")
def become(ctx: Ctx, e: Effect) -> bool:
    """CR 613.6: "becomes a 3/3 Elemental creature" (types in layer 4, colors in 5,
    abilities in 6, P/T in 7b); "becomes a copy of ..." (layer 1a, CR 707.4)."""
    if e.args.get("copy_of") is not None:
        return become_copy(ctx, e)
    args = {k: v for k, v in e.args.items() if k not in ("what", "duration")}
    if "chosen_color" in (args.get("colors") or ()):
        color = chosen_color(ctx, "for it to become")  # "becomes the color of your choice"
        if color is None:
            return False
        args["colors"] = tuple(color if c == "chosen_color" else c for c in args["colors"])
    if args.get("colors") == ("chosen_colors",):
        # "becomes the color or colors of your choice" (Scuttlemutt; CR 608.2d, 105.3)
        colors = _chosen_colors(ctx)
        if colors is None:
            return False
        args["colors"] = colors
    if "chosen_creature_type" in (args.get("subtypes") or ()):
        # "becomes the creature type of your choice" (Mistform Dreamer, CR 608.2d)
        kind = _chosen_creature_type(ctx)
        if kind is None:
            return False
        args["subtypes"] = tuple(
            kind if s == "chosen_creature_type" else s for s in args["subtypes"]
        )
    if "chosen_basic_land_type" in (args.get("subtypes") or ()):
        # "becomes the basic land type of your choice" (Reef Shaman; CR 608.2d, 305.7)
        land_type = _chosen_basic_land_type(ctx)
        if land_type is None:
            return False
        args["subtypes"] = tuple(
            land_type if s == "chosen_basic_land_type" else s for s in args["subtypes"]
        )
    for k in ("power", "toughness"):
        if args.get(k) is not None:
            args[k] = ctx.amount(args[k])  # CR 611.2d: X is fixed as it resolves
    bits = []
    if args.get("power") is not None:
        bits.append(f"{args['power']}/{args.get('toughness')}")
    if args.get("colors"):
        bits.append(" ".join(args["colors"]))
    bits.extend((*(args.get("subtypes") or ()), *(args.get("types") or ())))
    return _continuous(
        ctx, e, "4", "become", args, "613.6", "becomes a " + " ".join(map(str, bits))
    )


@effect("gain_control", "control")
def gain_control(ctx: Ctx, e: Effect) -> bool:
    """Layer 2 (CR 613.1b): a control-changing effect with its duration; the
    controller is recomputed from all control effects (CR 613.7)."""
    g = ctx.game
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    new = players[0] if players else ctx.controller
    objs = _affected(ctx, e)
    if add_continuous(ctx, objs, "2", "control", {"player": new}, duration_of(e)) is None:
        return True
    g.emit(
        EventKind.CONTROL_EFFECT,
        ("613.1b",),
        f"{g.players[new].name} gains control of {', '.join(o.name for o in objs)}"
        + _UNTIL.get(duration_of(e), ""),
    )
    refresh_control(g)
    return True


register("effect:double_counters", "arg:double_counters.counter")


@effect("double_counters")
def double_counters(ctx: Ctx, e: Effect) -> bool:
    """CR 701.10e: "double the number of +1/+1 counters on it": it's given as many of
    those counters as it already has (put on it: replacement effects apply, 122.6)."""
    kind = str(e.args.get("counter", "+1/+1"))
    for o in ctx.objects(e.args.get("what")):
        if o.zone != Zone.BATTLEFIELD:
            continue
        # "each kind of counter" (Gilder Bairn): every kind it has now, one after another
        kinds = [k for k, n in o.counters.items() if n > 0] if kind == "each_kind" else [kind]
        for k in kinds:
            put_counters(ctx.game, o, k, o.counters.get(k, 0), ("701.10e", "122.1"))
    ctx.game.invalidate()
    return True


@effect("regenerate")
def regenerate(ctx: Ctx, e: Effect) -> bool:
    """CR 701.19a: the next time it would be destroyed this turn, instead ..."""
    for o in ctx.objects(e.args.get("what")):
        o.regen_shields += 1
        ctx.game.emit(
            EventKind.REGENERATION_SHIELD, ("701.19a",), f"{o.name} gets a regeneration shield"
        )
    return True


@effect("attach")
def attach(ctx: Ctx, e: Effect) -> bool:
    """CR 701.3a; 701.3b: to what it can't be attached (protection, an enchant
    restriction), or to what it's already attached to, it doesn't move."""
    g = ctx.game
    what = ctx.objects(e.args.get("what"))
    to = ctx.objects(e.args.get("to"))
    if what and to and what[0].attached_to == to[0].id:
        return True
    if what and to and not can_be_attached(g, what[0], to[0]):
        g.emit(
            EventKind.ATTACH,
            ("701.3b",),
            f"{what[0].name} can't be attached to {to[0].name}: it doesn't move",
        )
        return True
    if what and to:
        if what[0].attached_to not in (None, to[0].id):
            becomes_unattached(g, what[0], ("701.3a",))  # (CR 603.10c)
        what[0].attached_to = to[0].id
        what[0].timestamp = g.new_timestamp()  # CR 613.7e
        g.invalidate()
        g.emit(EventKind.ATTACH, ("701.3a",), f"{what[0].name} becomes attached to {to[0].name}")
    return True


register(
    "arg:become.types",
    "arg:become.subtypes",
    "arg:become.supertypes",
    "arg:become.colors",
    "arg:become.keywords",
    "arg:become.retain",
    "arg:add_types.types",
    "arg:add_types.subtypes",
    "arg:add_types.supertypes",
    "arg:set_colors.colors",
    "arg:add_colors.colors",  # "in addition to its other colors" (CR 105.3)
    "arg:grant_ability.abilities",
    "arg:grant_keyword.keyword_args",
)


@effect(ENTERS_UNDER_YOUR_CONTROL)
def enters_under_your_control(ctx: Ctx, e: Effect) -> bool:
    """ "If a creature would enter the battlefield under an opponent's control this
    turn, it enters under your control instead" (Gather Specimens): a replacement
    effect of a resolved spell (CR 614.1c, 611.2a), applied as a permanent enters
    (rules/etb_replacements.control_replacements, 616.1b)."""
    g = ctx.game
    args = {"filter": e.args.get("filter"), "by": ctx.source.name}
    duration = e.args.get("duration") or "end_of_turn"
    ce = ContinuousEffect(
        "r", g.new_timestamp(), ctx.source.id, ctx.controller, (), e.op, args, duration
    )
    g.effects = [*g.effects, ce]
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("614.1c",),
        f"{ctx.source.name}: this turn, what would enter under an opponent's control "
        f"enters under {g.players[ctx.controller].name}'s control instead",
    )
    return True


register("arg:put_counters.rule")  # the keyword action it stands for, cited
