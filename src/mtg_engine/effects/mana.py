"""Adding mana (CR 106.3)."""

from __future__ import annotations

from ..cards.abilities import MANA_COLOR_CHOICE, Amount, ControllerRef, Effect, TriggerRef
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.records import ContinuousEffect
from ..rules.effects_runner import Ctx
from ..rules.mana import parse_mana, pool_text, productions_of
from ..rules.mana_costs import POOL_INDEX
from ..rules.mana_replacements import (
    MANA_INSTEAD_EFFECT,
    color_chosen_instead,
    produce_mana,
)
from ..rules.mana_spending import spend_restriction
from ..rules.mana_triggers import prefer
from ..rules.snow_mana import add_to_pool, is_snow_source
from ..rules.support import register
from . import effect

# "Add three mana in any combination of {R} and/or {G}" (CR 106.1b)
register(
    "arg:add_mana.combination",
    "arg:add_mana.or_mana",  # "Add {B} or one mana of the chosen color" (rules/mana.py)
    # "any color [type] that a land an opponent controls could produce" (CR 106.7;
    # rules/mana.could_produce)
    "arg:add_mana.of",
    "arg:add_mana.colorless",
    f"arg:{MANA_INSTEAD_EFFECT}.you",  # "if you tap" (Deep Water)
    f"arg:{MANA_INSTEAD_EFFECT}.and_amount",  # "instead of any other type and amount"
)


#: amounts read from the resolving ability itself (its X, its trigger event, an
#: earlier instruction), not from the game alone (rules/mana.productions_of)
_RESOLUTION_AMOUNTS = frozenset(("x", "that_much", "chosen_number"))


def _counts_this_way(amount: Amount) -> bool:
    """ "Add {C}{C} for each card revealed this way" (Metalworker): the cards an earlier
    instruction of this resolution revealed (CR 608.2c, 701.20a), known to it only."""
    return (
        amount.kind == "count"
        and amount.filter is not None
        and ("this_way", True) in amount.filter.conditions
    )


@effect("add_mana")
def add_mana(ctx: Ctx, e: Effect) -> bool:
    """CR 106.3: mana is added to the controller's pool."""
    args = e.args
    amount = args.get("amount")
    if isinstance(amount, Amount) and (
        amount.kind in _RESOLUTION_AMOUNTS
        or _reads_trigger_event(amount)
        or _counts_this_way(amount)
    ):
        # "Add X mana": the X announced as the ability was activated (CR 107.3,
        # 601.2b); "add that much mana": what the trigger event counted ("whenever
        # one or more creatures you control attack", 603.2, 608.2c); "equal to the
        # number of creatures you control that share a creature type with it": it is
        # the trigger's object (Mana Echoes, 603.7c), known to this resolution only
        args = {**args, "amount": max(0, ctx.amount(amount))}
    td = ctx.obj.trigger_data
    if args.get("that_produced"):
        # "one mana of any type that land produced" (CR 106.1a, 605.1b): a type the
        # trigger event's permanent just made (rules/mana_triggers.py)
        n = args.get("amount", 1)
        made = str((td or {}).get("produced", ""))
        prods = [(m,) * (n if isinstance(n, int) else 1) for m in dict.fromkeys(made)]
    else:
        prods = productions_of(args, ctx.game, ctx.source)
    if not prods:
        return True
    chosen = prods[0]
    if ctx.task is None:
        if td is not None and len(prods) > 1:
            # a triggered mana ability the automatic payment planned on (CR 605.4a)
            chosen = prods[prefer(td, prods)]
    elif "chosen" in ctx.scratch:
        chosen = tuple(ctx.scratch.pop("chosen"))  # (asked its color since, below)
    elif e.args.get("combination") and ctx.task is not None:
        # "N mana in any combination of colors": each mana's color chosen in turn
        # as the ability resolves (CR 106.1b, 605.3b)
        picked = _combination(ctx, e, len(prods[0]))
        if picked is None:
            return False
        chosen = picked
    elif len(prods) > 1 and ctx.task is not None:
        # CR 106.1b, 605.3b: "one mana of any color" - the player chooses as it resolves
        labels = [_label(m) for m in prods]
        if ctx.answer is None:
            return _ask_mana(ctx, f"{ctx.source.name}: choose the mana to add", labels)
        value = str(ctx.take_answer().value)
        chosen = prods[labels.index(value)] if value in labels else prods[0]
    to = args.get("to")
    who = ctx.controller
    if to is not None and not isinstance(to, ControllerRef):
        # "its controller adds", "that player adds" (CR 605.1b): the player who
        # tapped the permanent, as the trigger event names them
        named = ctx.players(to)
        who = named[0] if named else who
    p = ctx.game.players[who]
    ability = ctx.obj.ability
    tapped = ability is not None and ability.cost is not None and bool(ability.cost.tap)
    color = None
    choice = color_chosen_instead(ctx.game, ctx.source, chosen) if tapped else None
    if choice is not None and ctx.task is not None:
        # "it produces mana of a color of your choice instead" (CR 106.1b, 106.12b)
        by, colors = choice
        labels = [_COLOR_NAMES[m] for m in colors]
        if ctx.answer is None:
            ctx.scratch["chosen"] = list(chosen)
            text = f"{ctx.source.name}: choose the color of the mana it produces ({by})"
            return _ask_mana(ctx, text, labels)
        value = str(ctx.take_answer().value)
        color = colors[labels.index(value)] if value in labels else None
    # CR 106.12b: replacement effects on the mana it produces ("twice as much")
    chosen, more, rules = produce_mana(ctx.game, ctx.controller, ctx.source, chosen, tapped, color)
    why = f" ({'; '.join(more)})" if more else ""
    restriction = spend_restriction(ctx.obj.ability)
    if restriction is not None:
        # CR 106.6: the restriction stays with each mana it applies to
        p.restricted_mana.extend((POOL_INDEX[m], restriction) for m in chosen)
        ctx.game.emit(
            EventKind.ADD_MANA,
            ("106.3", "106.6", "605.3a", *rules),
            f"{ctx.source.name} adds {_label(chosen)} to {p.name}'s pool ({_spend_text(ctx)}){why}",
        )
        return True
    add_to_pool(p, chosen, is_snow_source(ctx.game, ctx.source))  # CR 106.3, 107.4h
    ctx.set_parent("mana_added", tuple(POOL_INDEX[m] for m in chosen))  # ("this mana")
    ctx.game.emit(
        EventKind.ADD_MANA,
        ("106.3", "605.3a", *rules),
        f"{ctx.source.name} adds mana; {p.name}'s pool: {pool_text(p.mana_pool)}{why}",
    )
    return True


def _reads_trigger_event(amount: Amount) -> bool:
    """Whether a counted amount's filter names the trigger event's object or player
    ("that share a creature type with it"), which only the resolving ability knows."""
    f = amount.filter
    return f is not None and any(isinstance(v, TriggerRef) for _k, v in f.conditions)


def _combination(ctx: Ctx, e: Effect, n: int) -> tuple[str, ...] | None:
    """The N mana of "any combination of {R} and/or {G}", one color chosen at a
    time; None while a choice is pending."""
    symbols = [m for choice in e.args["choice"] for m in parse_mana(choice)]
    made: list[str] = ctx.scratch.setdefault("combination", [])
    while len(made) < n:
        if len(symbols) == 1:
            made.append(symbols[0])
            continue
        labels = [_COLOR_NAMES[m] for m in symbols]
        if ctx.answer is None:
            text = f"{ctx.source.name}: choose the color of mana {len(made) + 1} of {n}"
            _ask_mana(ctx, text, labels, {"combination": (len(made) + 1, n)})
            return None
        value = str(ctx.take_answer().value)
        made.append(symbols[labels.index(value)] if value in labels else symbols[0])
    return tuple(made)


def _ask_mana(ctx: Ctx, text: str, labels: list[str], more: dict | None = None) -> bool:
    """CR 106.1b, 605.3b: the player chooses the mana as the ability resolves;
    ``more``: ``{"combination": (k, n)}`` for the k-th of N mana "in any
    combination" (asked one mana at a time)."""
    return ctx.ask(
        DecisionKind.CHOOSE_OPTION,
        "106.1b",
        text,
        {"options": labels, "purpose": DecisionPurpose.MANA, **(more or {})},
    )


_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


def _label(mana: tuple[str, ...]) -> str:
    """How a choice of mana is offered: a color's name for one mana ("red"), else
    the mana symbols ("{R}{R}")."""
    if len(mana) == 1 and mana[0] in _COLOR_NAMES:
        return _COLOR_NAMES[mana[0]]
    return "".join(f"{{{m}}}" for m in mana)


def _spend_text(ctx: Ctx) -> str:
    """The ability's "Spend this mana only ..." sentence, for the log."""
    text = ctx.obj.ability.text if ctx.obj.ability is not None else ""
    start = text.find("Spend this mana only")
    if start < 0:
        return "restricted"
    end = text.find(".", start)
    return text[start : end if end > 0 else len(text)].lower()


@effect(MANA_INSTEAD_EFFECT)
def mana_instead_effect(ctx: Ctx, e: Effect) -> bool:
    """ "Until end of turn, if you tap a land you control for mana, it produces {U}
    instead of any other type" (Deep Water; "if a player taps a nonbasic land",
    Pale Moon): a replacement effect of a resolved spell or ability on mana
    production (CR 106.12b, 614.1a, 611.2a), applied by rules/mana_replacements.py."""
    g = ctx.game
    args = {k: v for k, v in e.args.items() if k != "duration"}
    args["by"] = ctx.source.name
    duration = e.args.get("duration") or "end_of_turn"
    ce = ContinuousEffect(
        "r", g.new_timestamp(), ctx.source.id, ctx.controller, (), e.op, args, duration
    )
    g.effects = [*g.effects, ce]
    g.invalidate()  # (the mana sources planned with: rules/mana.mana_sources)
    who = "you tap" if args.get("you") else "a player taps"
    mana = args["mana"]
    produces = "one mana of a color of your choice" if mana == MANA_COLOR_CHOICE else f"{{{mana}}}"
    amount = " and amount" if args.get("and_amount") else ""
    g.emit(
        EventKind.PREVENTION,
        ("614.1a", "106.12b"),
        f"{ctx.source.name}: until end of turn, if {who} a land for mana, it produces "
        f"{produces} instead of any other type{amount}",
    )
    return True


@effect("mana_persists")
def mana_persists(ctx: Ctx, e: Effect) -> bool:
    """ "Add {G}. Until end of turn, you don't lose this mana as steps and phases end."
    (CR 106.4, 500.4): the mana the instruction before added stays in its player's
    pool when the steps and phases of this turn end, until it's spent (the pool's
    other mana of the same type is spent first: rules/turn.end_step)."""
    g = ctx.game
    added = (ctx.task.data.get("parent") or {}).get("mana_added") if ctx.task else None
    if not added:
        return True
    flags = g.turn_flags
    kept = list(flags.persistent_mana.get(ctx.controller, (0, 0, 0, 0, 0, 0)))
    for i in added:
        kept[int(i)] += 1
    flags.persistent_mana = {**flags.persistent_mana, ctx.controller: tuple(kept)}
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("106.4", "500.4"),
        f"{g.players[ctx.controller].name} doesn't lose this mana as steps and phases end "
        "this turn",
        player=ctx.controller,
    )
    return True
