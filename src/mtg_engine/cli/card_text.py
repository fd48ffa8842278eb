"""``mtg cards show``: what the engine compiled for a card, in plain words.

Each compiled ability is printed as its kind (with the rule that defines it),
its cost, trigger and targets, then one line per instruction or continuous
effect, each in words ("deal 3 damage to target 1 (any target)") with the rule
the effect vocabulary names for it (``effects/vocabulary.py``), then whether the
engine runs it: "runs", or "doesn't run yet:" and the constructs it lacks
(``rules/support.py``), in words too. Nothing here is an internal record dump.
"""

from __future__ import annotations

import re
from typing import Any

from mtg_engine.cards.abilities import (
    REVEALED_TO_PAY,
    Ability,
    AbilityKind,
    Amount,
    ChooseRef,
    Condition,
    ControllerOfRef,
    ControllerRef,
    Cost,
    EachOneRef,
    EachRef,
    Effect,
    Filter,
    OuterRef,
    OwnerOfRef,
    ParentRef,
    SelfRef,
    StaticEffect,
    TargetRef,
    TargetSpec,
    Trigger,
    TriggerRef,
)
from mtg_engine.effects.vocabulary import OP_SPECS, STATIC_OP_SPECS

#: the rule defining each kind of ability (CR 113.3)
KIND_RULES = {
    AbilityKind.SPELL: ("spell ability", "113.3a"),
    AbilityKind.ACTIVATED: ("activated ability", "113.3b, 602"),
    AbilityKind.TRIGGERED: ("triggered ability", "113.3c, 603"),
    AbilityKind.STATIC: ("static ability", "113.3d, 604"),
    AbilityKind.MANA: ("mana ability", "605"),
}

_CR = re.compile(r"CR (\d{3}(?:\.\d+[a-z]?)?(?:\s*/\s*\d{3}(?:\.\d+[a-z]?)?)*)")

_CONSTRUCT_WORDS = {
    "effect": "the instruction",
    "static": "the continuous effect",
    "keyword": "the keyword ability",
    "cond": "the condition on objects",
    "condition": "the condition",
    "trigger": "the trigger event",
    "trigger_detail": "the trigger detail",
    "cost": "the cost",
    "arg": "the detail",
    "ref": "the reference",
    "data": "card data",
    "restriction": "the restriction",
    "targets": "the targets",
    "amount": "the number",
    "kind": "the object kind",
}


def op_rule(op: str) -> str:
    """The rule the effect vocabulary cites for ``op`` ("" when it cites none)."""
    spec = OP_SPECS.get(op) or STATIC_OP_SPECS.get(op) or ""
    m = _CR.search(spec)
    return m.group(1) if m else ""


def words(op: str) -> str:
    return op.replace("_", " ")


def filter_text(flt: Filter) -> str:
    """A filter in words: "Creature [controller: you, power ≥ 2] on the battlefield"."""
    kinds = " or ".join(flt.kinds) if flt.kinds else "object"
    conds = []
    for key, value in flt.conditions:
        if key == "any_of":
            conds.append("one of several descriptions")
            continue
        if isinstance(value, bool):
            # ("tapped", False) is "untapped", ("attacking", False) "nonattacking"
            conds.append(("" if value else "not ") + words(key))
            continue
        shown = value_text(value)
        conds.append(words(key) + (f" {shown}" if shown else ""))
    out = kinds + (f" ({', '.join(conds)})" if conds else "")
    if flt.zone and flt.zone not in ("battlefield", "any"):
        out += f" in {words(flt.zone)}"
    return out


def value_text(v: Any) -> str:
    """A reference, number, filter or value in words."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (int, str)):
        return words(str(v)) if isinstance(v, str) else str(v)
    if isinstance(v, TargetRef):
        return f"target {v.index + 1}"
    if isinstance(v, EachOneRef):
        return "that one"
    if isinstance(v, OuterRef):
        return f"the first ability's target {v.ref.index + 1}"
    if isinstance(v, SelfRef):
        return "this object"
    if isinstance(v, ControllerRef):
        return "you"
    if isinstance(v, TriggerRef):
        if v.role == "attacked":
            return "the player or planeswalker the trigger's creature attacks"
        return f"the trigger's {words(v.role)}"
    if isinstance(v, ParentRef):
        return {
            "it": "that object",
            "rest": "the rest",
            REVEALED_TO_PAY: "the card revealed to pay the cost",
        }.get(v.key, f"the {words(v.key)}")
    if isinstance(v, ControllerOfRef):
        return f"the controller of {value_text(v.of)}"
    if isinstance(v, OwnerOfRef):
        return f"the owner of {value_text(v.of)}"
    if isinstance(v, EachRef):
        return f"each {filter_text(v.filter)}"
    if isinstance(v, ChooseRef):
        n = value_text(v.count)
        return f"{'up to ' if v.up_to else ''}{n} chosen {filter_text(v.filter)}"
    if isinstance(v, Filter):
        return filter_text(v)
    if isinstance(v, Amount):
        return amount_text(v)
    if isinstance(v, Condition):
        return condition_text(v)
    if isinstance(v, Effect):
        return effect_text(v)
    if isinstance(v, Cost):
        return cost_text(v)
    if isinstance(v, Trigger):
        # a delayed triggered ability's trigger event (CR 603.7)
        return trigger_event_text(v)
    if isinstance(v, TargetSpec):
        lo, hi = value_text(v.min), value_text(v.max)
        return f"{lo if lo == hi else f'{lo} to {hi}'} target {filter_text(v.filter)}"
    if isinstance(v, Ability):
        # a granted ability (layer 6, CR 613.1f): its Oracle text in quotes
        return f'"{v.text}"' if v.text else (v.keyword or words(v.kind.value) + " ability")
    if isinstance(v, (list, tuple)):
        return ", ".join(value_text(x) for x in v)
    if isinstance(v, dict):
        # (a token's values: its empty ones, "supertypes: none", are left out)
        return ", ".join(
            f"{words(str(k))} {value_text(x)}"
            for k, x in v.items()
            if x not in (None, "", (), [], {})
        )
    return type(v).__name__


def amount_text(a: Amount) -> str:
    if a.kind == "fixed":
        base = str(a.value)
    elif a.kind == "x":
        base = "X"
    elif a.kind == "sum":  # numbers added up (CR 107.1)
        parts = [amount_text(t) for t in a.terms] + ([str(a.value)] if a.value else [])
        base = "(" + " + ".join(parts) + ")"
    elif a.filter is not None:
        base = f"the {words(a.kind)} of {filter_text(a.filter)}"
    elif a.ref is not None:
        base = f"the {words(a.kind)} of {value_text(a.ref)}"
    else:
        base = f"the {words(a.kind)}"
    return base if a.multiplier == 1 else f"{a.multiplier} × {base}"


def condition_text(c: Condition) -> str:
    if c.kind == "not" and isinstance(c.args.get("cond"), Condition):
        return f"not ({condition_text(c.args['cond'])})"
    if c.kind == "as_long_as" and isinstance(c.args.get("cond"), Condition):
        return f"as long as {condition_text(c.args['cond'])}"
    parts = [f"{words(str(k))} {value_text(v)}" for k, v in c.args.items()]
    return words(c.kind) + (f" ({'; '.join(parts)})" if parts else "")


def effect_text(e: Effect) -> str:
    """One instruction in words, with its rule."""
    if e.op == "reflexive_trigger":
        # "When you do, ..." (CR 603.12): the reflexive ability's own targets and
        # instructions
        body = [target_text(spec, i) for i, spec in enumerate(e.args.get("targets") or ())]
        body += [effect_text(x) for x in e.args.get("effects") or ()]
        return "when you do (reflexive triggered ability): " + "; ".join(body) + " [603.12]"
    args = ", ".join(f"{words(k)}: {value_text(v)}" for k, v in e.args.items())
    out = ("you may " if e.optional else "") + words(e.op) + (f" — {args}" if args else "")
    if e.condition is not None:
        out += f"; only if {condition_text(e.condition)}"
    rule = op_rule(e.op)
    return out + (f" [{rule}]" if rule else "")


def static_text(s: StaticEffect) -> str:
    """One continuous effect of a static ability in words (CR 604, 611.3)."""
    who = value_text(s.affected) if s.affected is not None else "the game"
    args = ", ".join(f"{words(k)}: {value_text(v)}" for k, v in s.args.items())
    out = f"{words(s.op)} — affects {who}" + (f"; {args}" if args else "")
    if s.condition is not None:
        cond = condition_text(s.condition)
        out += f"; {cond}" if cond.startswith("as long as") else f"; while {cond}"
    rule = op_rule(s.op)
    return out + f" [{rule or '611.3'}]"


def cost_text(cost: Cost) -> str:
    """A compiled activation cost in words ("{2}, {T}, pay {E}{E}", CR 118, 602.1a)."""
    parts: list[str] = []
    if cost.mana:
        parts.append(str(cost.mana))
    if cost.tap:
        parts.append("{T}")
    if cost.untap:
        parts.append("{Q}")
    if cost.life:
        parts.append(f"pay {value_text(cost.life)} life")
    for noun, flt, n in (
        ("sacrifice", cost.sacrifice, cost.sacrifice_count),
        ("discard", cost.discard, cost.discard_count),
        ("exile", cost.exile, cost.exile_count),
    ):
        if flt is not None:
            parts.append(f"{noun} {value_text(n)} {value_text(flt)}")
    for kind, n in cost.remove_counters:
        parts.append(f"remove {value_text(n)} {kind} counter(s)")
    if cost.loyalty is not None:
        parts.append(f"loyalty {value_text(cost.loyalty)}")
    for key, value in cost.other:
        if key == "energy" and isinstance(value, int):
            parts.append("pay " + "{E}" * value)
        else:
            parts.append(f"{words(key)} {value_text(value)}".rstrip())
    return ", ".join(parts) or "no cost"


def trigger_event_text(t: Trigger) -> str:
    """A trigger event in words, with whose event it is and its details ("cast —
    player you; what: Spell (color green)"), and an intervening "if" (CR 603.4)."""
    out = words(t.event)
    if t.chapters:
        out += " " + ", ".join(str(n) for n in t.chapters)
    if t.step is not None:
        whose = {"you": "your", "each": "each player's", "opponent": "each opponent's"}
        out = f"the beginning of {whose.get(t.player, words(t.player))} {words(t.step)}"
    if t.subject is not None:
        out += f" — {value_text(t.subject)}"
    details = [
        f"{words(k)}: you or a {str(v[1]).lower()} you control"
        if k == "attack_target" and isinstance(v, tuple)
        else f"{words(k)}: {value_text(v)}"
        for k, v in t.details
    ]
    if details:
        out += "; " + ", ".join(details)
    if t.condition is not None:
        out += f"; if {condition_text(t.condition)}"
    return out


def trigger_text(t: Trigger) -> str:
    return f"when: {trigger_event_text(t)} [603.1]"


def restriction_lines(a: Ability) -> list[str]:
    """The limits on when an ability may be activated or triggers (CR 602.5b,
    602.5d, 603.2h-style "only once each turn"), in words."""
    out: list[str] = []
    if a.timing is not None:
        out.append(f"only as a {words(a.timing)} [602.5d]")
    if a.limit_per_turn is not None:
        out.append(f"at most {a.limit_per_turn} time(s) each turn [602.5b]")
    for key, value in a.restrictions:
        shown = "" if value is True else value_text(value)
        out.append(words(key) + (f" {shown}" if shown else ""))
    return out


def target_text(spec: TargetSpec, i: int) -> str:
    lo, hi = value_text(spec.min), value_text(spec.max)
    n = lo if lo == hi else f"{lo} to {hi}"
    return f"target {i + 1}: {n} {filter_text(spec.filter)} [115.1]"


def construct_text(construct: str) -> str:
    """A construct of rules/support.py in words: "the instruction 'gain energy'"."""
    family, _, name = construct.partition(":")
    return f"{_CONSTRUCT_WORDS.get(family, words(family))} '{words(name)}'"


def ability_lines(a: Ability, missing: list[str]) -> list[str]:
    """The lines ``mtg cards show`` prints for one compiled ability."""
    label, rule = KIND_RULES.get(a.kind, (words(a.kind.value), "113.3"))
    if a.keyword:
        label = f"keyword {a.keyword}"
        rule = str(a.keyword_args.get("rule") or "702")
    text = (a.text or "").replace("\n", " ")
    lines = [f"  [{label}, rule {rule}] {text}".rstrip()]
    if a.cost is not None and not a.cost.is_free:
        lines.append(f"      cost: {cost_text(a.cost)} [602.1a]")
    if a.trigger is not None:
        lines.append(f"      {trigger_text(a.trigger)}")
    if a.optional:
        lines.append("      optional: you may [603.5]")
    limits = restriction_lines(a)
    if limits:
        lines.append("      limits: " + "; ".join(limits))
    lines.extend(_body_lines(a.targets, a.effects, "      "))
    for m in a.modes:
        lines.append(f"      mode: {m.text}")
        lines.extend(_body_lines(m.targets, m.effects, "          "))
    for st in a.static:
        lines.append(f"      effect: {static_text(st)}")
    if missing:
        lines.append("      doesn't run yet: " + "; ".join(construct_text(m) for m in missing))
    else:
        lines.append("      runs")
    return lines


def _body_lines(targets: Any, effects: Any, indent: str) -> list[str]:
    """An ability's (or a mode's) targets and instructions, a line each."""
    return [f"{indent}{target_text(spec, i)}" for i, spec in enumerate(targets)] + [
        f"{indent}does: {effect_text(e)}" for e in effects
    ]
