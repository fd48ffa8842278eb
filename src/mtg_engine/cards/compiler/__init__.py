"""The Oracle-text compiler: a card face's rules text → ability objects.

Public API:

* :func:`compile_face` — a :class:`~mtg_engine.cards.model.CardFace` →
  :class:`~mtg_engine.cards.abilities.CompiledFace` (cached by name and text);
* :func:`compile_text` — the same from raw text, a card name and its types.

Pipeline: :mod:`.normalize` (reminder text, ability words, own name; no
parsing) → :mod:`.lexer` + ``oracle.lark`` (an LALR(1) grammar, the single
source of parsing) → :mod:`.transformer` (tree → effects, with placeholders)
→ :mod:`.ir` (targets numbered, pronouns resolved) → :class:`Ability` objects
assembled here, where the face's types decide whether a paragraph is a spell
ability (CR 113.3a) or a static ability (CR 113.3d).

Every paragraph either compiles or lands in ``CompiledFace.unparsed`` with the
sentence that failed: nothing is dropped silently.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Final, cast

from lark.exceptions import LarkError, UnexpectedInput, VisitError

from ...game.serialize import encode
from ..abilities import (
    Ability,
    AbilityKind,
    Amount,
    CompiledFace,
    Condition,
    ControllerOfRef,
    ControllerRef,
    EachOneRef,
    EachRef,
    Effect,
    Filter,
    Mode,
    SelfRef,
    StaticEffect,
    Trigger,
    TriggerRef,
)
from ..model import CardFace
from .ir import (
    EXILED_WITH_SELF,
    Body,
    ExiledCard,
    It,
    ThatPlayer,
    finalize,
    walk,
)
from .leveler import (
    PT_BOX,
    STATION_CREATURE,
    STATION_SYMBOL,
    class_level_ability,
    level_condition,
    parse_class_level_bar,
    parse_level_symbol,
    parse_station_symbol,
    station_condition,
    striation_ability,
)
from .normalize import Paragraph, normalize_line, paragraphs, self_names, split_sentences
from .parser import get_parser
from .transformer import CompileError, OracleTransformer, Parsed
from .tx_clauses import x_left

__all__ = ["compile_face", "compile_text", "parse_paragraph", "STATIC_OPS"]

#: Effect ops that describe a continuous effect or rule and so may stand as a
#: static ability when they have no duration (CR 604.1, 611.3).
STATIC_OPS: frozenset[str] = frozenset(
    {
        "modify_pt",
        "set_pt",
        "grant_keyword",
        "grant_ability",
        "lose_keyword",
        "lose_all_abilities",
        "cant_block",
        "cant_attack",
        "cant_attack_or_block",
        "cant_block_alone",
        "cant_attack_alone",
        "cant_attack_or_block_alone",
        "cant_attack_you",
        "cant_be_blocked",
        "cant_be_blocked_except_by",
        "cant_be_blocked_by",
        "cant_be_blocked_by_more_than_one",
        "cant_be_countered",
        "cant_be_regenerated",
        "cant_be_targeted",
        "cant_be_sacrificed",
        "cant_be_enchanted_by_other_auras",
        "cant_block_filter",
        "cant_transform",
        "cant_cast",
        "cant_gain_life",
        "cant_play_lands",  # "You can't play lands" (Aggressive Mining, CR 305.1)
        "cant_lose_life",
        "cant_draw_more_than_one",
        "cant_get_poison",
        "cant_have_counters",
        "cant_lose_game",
        "cant_win_game",
        "cant_crew",
        "doesnt_untap",
        "untap_during_others_untap",
        "cant_become_tapped",
        "cant_become_untapped",
        "extra_block",
        "block_only",
        "must_attack",
        "must_block",
        "attack_despite_defender",
        "cast_as_though_flash",
        "equip_as_instant",
        "play_from_library_top",
        "goaded",
        "lose_types",
        "enters_tapped",
        "enters_prepared",
        "enters_with_counters",
        "enters_as_copy",
        "cost_change",
        "add_types",
        "set_types",
        "set_colors",
        "add_colors",
        "become",
        "assign_damage_by_toughness",
        "assign_no_combat_damage",
        "prevent_damage",
        "extra_land_play",
        "look_at_top_any_time",
        "play_with_top_revealed",
        "no_max_hand_size",
        "keep_unspent_mana",
        "no_op",
        "may_play",
        "can_be_commander",
        "may_exert",
        "may_cast_from",
        "assign_damage_as_unblocked",
        "assign_among_defenders",
        "cant_be_cast",
        "skip_step",
        "control",
        "optional_untap",
        "must_be_blocked",
        "must_be_blocked_by",
        "cant_activate_abilities",
        "legend_rule_doesnt_apply",
    }
)


@functools.lru_cache(maxsize=65536)
def _parse_cached(text: str) -> Parsed | Exception:
    # (outside the ``try``: a grammar the parser can't be built from, an LALR
    # collision, is an error of the project, not a sentence the grammar rejects)
    parser = get_parser()
    try:
        tree = parser.parse(text)
        return _TRANSFORMER.transform(tree)
    except VisitError as exc:
        return exc.orig_exc if isinstance(exc.orig_exc, Exception) else exc
    except (LarkError, CompileError) as exc:
        return exc


def parse_paragraph(text: str) -> Parsed:
    """Parse one normalized paragraph; raises on text the grammar rejects."""
    result = _parse_cached(text)
    if isinstance(result, Exception):
        raise result
    return result


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------


def _affected(ref: Any) -> SelfRef | Filter | None:
    if isinstance(ref, (SelfRef, It)):
        return SelfRef()
    if isinstance(ref, EachRef):
        return ref.filter
    if isinstance(ref, ControllerRef):
        return Filter(kinds=("player",), conditions=(("you", True),))
    if isinstance(ref, Filter):
        return ref
    raise CompileError(f"static affected {ref!r}")


#: "This creature can't attack [or block] unless you pay {2}": the costs to attack
#: and to block it (CR 508.1h, 509.1d)
_COMBAT_COSTS = {
    "cant_attack": ("attack_cost",),
    "cant_block": ("block_cost",),
    "cant_attack_or_block": ("attack_cost", "block_cost"),
}


def _attack_tax(effect: Effect) -> list[StaticEffect] | None:
    """ "Creatures can't attack you [or planeswalkers you control] unless their
    controller pays {2} for each creature they control that's attacking you"
    (Ghostly Prison, Baird, Steward of Argive): {2} to attack that player or those
    planeswalkers with each creature, paid as attackers are declared (CR 508.1h);
    None for any other instruction."""
    inner: tuple[Effect, ...] = tuple(effect.args.get("effects") or ())
    x = effect.args.get("x")
    if (
        effect.op != "unless_pays"
        or len(inner) != 1
        or inner[0].op != "cant_attack_you"
        or inner[0].args.get("duration") is not None
        or inner[0].args.get("filter") is not None
        or not effect.args.get("per_attacker")
        or effect.args.get("cost") != "{X}"
        or not isinstance(x, Amount)
        or x.kind != "count"
        or not isinstance(x.filter, Filter)
        or ("attacking_player", "you") not in x.filter.conditions
        or not isinstance(effect.args.get("player"), ControllerOfRef)
        or type(effect.args["player"].of) is not It
    ):
        return None
    what = inner[0].args.get("what")
    if not isinstance(what, EachRef) or "Creature" not in what.filter.kinds:
        return None
    args: dict[str, Any] = {"mana": f"{{{x.multiplier}}}"}
    if inner[0].args.get("planeswalkers"):
        args["planeswalkers"] = True
    return [StaticEffect("attack_cost", what.filter, args)]


def _combat_costs(effect: Effect) -> list[StaticEffect] | None:
    """ "This creature can't attack or block unless you pay {2}" (Qal Sisma
    Behemoth): its controller may pay {2} as it's declared as an attacker or a
    blocker (CR 508.1h, 509.1d); None for any other instruction."""
    inner: tuple[Effect, ...] = tuple(effect.args.get("effects") or ())
    cost = effect.args.get("cost")
    what = inner[0].args.get("what") if len(inner) == 1 else None
    payer = effect.args.get("player")
    # "Enchanted creature can't attack unless its controller pays {3}" (Brainwash):
    # the creature's controller, who declares it, pays (CR 508.1h, 509.1d)
    attached = (
        isinstance(what, EachRef)
        and any(k in ("enchanted_by", "equipped_by") for k, _ in what.filter.conditions)
        and isinstance(payer, ControllerOfRef)
        and type(payer.of) is It
    )
    if (
        effect.op != "unless_pays"
        or len(inner) != 1
        or inner[0].op not in _COMBAT_COSTS
        or not (isinstance(what, SelfRef) or attached)
        or inner[0].args.get("duration") is not None
        or not (isinstance(payer, ControllerRef) or attached)
        or not isinstance(cost, str)
    ):
        return None
    affected = what.filter if isinstance(what, EachRef) else SelfRef()
    return [
        StaticEffect(
            op,
            affected,
            {"mana": cost, "any_defender": True} if op == "attack_cost" else {"mana": cost},
        )
        for op in _COMBAT_COSTS[inner[0].op]
    ]


def _static_of(effect: Effect, it: Filter | None = None) -> StaticEffect:
    if (
        effect.op in ("cant_block_source", "cant_block_self")
        and effect.args.get("duration") is None
    ):
        # "Creatures with power less than this creature's power can't block it"
        # (Aura Gnarlid): a restriction on this creature as an attacker, "it can't be
        # blocked by those creatures" (CR 509.1b)
        blockers = _affected(effect.args.get("what"))
        if not isinstance(blockers, Filter) or blockers.kinds != ("Creature",):
            raise CompileError("can't block it: not a kind of creatures")
        cond = _it_in_condition(effect.condition, SelfRef())
        return StaticEffect("cant_be_blocked_by", SelfRef(), {"filter": blockers}, cond)
    if effect.op == "enters_with_counters" and effect.args.get("counter_choice"):
        # "enters with your choice of a flying counter or a first strike counter on
        # it" (CR 614.1c): asked as it enters, as an "As this enters" instruction
        # (614.12; rules/etb_instructions.py)
        if _affected(effect.args.get("what")) != SelfRef():
            raise CompileError("a choice of counters for other permanents")
        inner = Effect(
            "enters_with_counters",
            {k: v for k, v in effect.args.items() if k != "what"},
            condition=effect.condition,
        )
        return StaticEffect("as_enters", SelfRef(), {"effects": (inner,)})
    if effect.op not in STATIC_OPS or effect.args.get("duration") is not None:
        raise CompileError(f"not a static effect: {effect.op}")
    args = {k: v for k, v in effect.args.items() if k not in ("what", "duration", "every_type")}
    what = effect.args.get("what")
    # "As long as equipped creature is a Human, it gets +1/+1": "it" is that creature
    affected = it if it is not None and isinstance(what, It) else _affected(what)
    if effect.args.get("every_type") and not isinstance(affected, SelfRef):
        # "Creatures you control are every creature type" (Maskwood Nexus): a
        # type-changing effect on other objects (layer 4, CR 613.1d, 205.3m), not
        # the characteristic-defining changeling of an object itself (702.73a)
        effect = Effect(
            "add_types", {"all_creature_types": True}, effect.optional, effect.condition
        )
        args = {"all_creature_types": True}
    cond = _it_in_condition(effect.condition, affected)
    args = _attached_to_it(args, affected)
    if effect.optional and effect.op == "enters_with_counters":
        # "You may have this creature enter with a +1/+1 counter on it" (unleash,
        # CR 702.98a): a replacement effect its controller may decline (614.1c)
        args = {**args, "optional": True}
    if effect.op == "set_colors" and isinstance(affected, SelfRef) and cond is None:
        # "Ghostfire is colorless.": a characteristic-defining ability, in every zone (604.3)
        args = {**args, "cda": True}
    if effect.op == "prevent_damage":
        return _prevent_static(args, affected, cond)
    return StaticEffect(effect.op, affected, args, cond)


def _attached_to_it(args: dict[str, Any], affected: Any) -> dict[str, Any]:
    """ "This creature gets +1/+1 for each Aura attached to it" (CR 303.4, 301.5): in
    a static ability that affects this object, "it" is this object. Affecting other
    objects ("each creature you control gets +2/+0 for each Equipment attached to
    it", "enchanted creature gets +1/+1 for each Aura and Equipment attached to it"),
    "it" is each affected object in turn: the count is made on that object
    (:class:`EachOneRef`, rules/layers.amount; CR 604.1, 613.4c)."""

    def fix(v: Any) -> Any:
        if isinstance(v, Amount) and v.filter is not None:
            conds = v.filter.conditions
            if any(k == "attached_to" and type(x) is It for k, x in conds):
                if not isinstance(affected, (SelfRef, Filter)) or v.kind != "count":
                    raise CompileError("attached to it: each affected object")
                new = tuple(
                    (k, SelfRef() if k == "attached_to" and type(x) is It else x) for k, x in conds
                )
                counted = replace(v, filter=replace(v.filter, conditions=new))
                if isinstance(affected, Filter):
                    counted = replace(counted, ref=EachOneRef())
                return counted
        return v

    return {k: fix(v) for k, v in args.items()}


def _prevent_static(
    args: dict[str, Any], affected: SelfRef | Filter | None, cond: Condition | None
) -> StaticEffect:
    """ "Prevent all [combat] damage that would be dealt to/by [it]" as a static ability:
    a prevention effect of the event pipeline (CR 615.1; rules/damage_replacements.py)."""
    if affected is None or args.get("amount") is not None:
        raise CompileError("a static prevention effect needs what it protects, and no shield")
    out: dict[str, Any] = {
        "dir": "by" if args.get("dealt_by") else "to",
        "combat_only": bool(args.get("combat_only")),
    }
    if args.get("noncombat_only"):
        out["noncombat_only"] = True  # "Prevent all noncombat damage ..." (CR 615.1)
    if args.get("sources"):
        out["sources"] = args["sources"]  # "by sources you don't control" (CR 615.1)
    to = args.get("to")
    if args.get("dealt_by") and isinstance(to, EachRef) and isinstance(affected, SelfRef):
        if "player" in to.filter.kinds:
            raise CompileError("a static prevention of damage by it to players")
        # "Prevent all damage that this creature would deal to red creatures" (Indentured
        # Oaf): only damage to permanents of that kind (CR 615.1)
        out["to_filter"] = to.filter
        return StaticEffect("prevent_static", affected, out, cond)
    if args.get("dealt_by") and args.get("to") is not None:
        if not isinstance(args["to"], SelfRef):
            raise CompileError("a static prevention of damage by ... to another object")
        # "... dealt to this creature by creatures blocking it" (Armored Transport)
        out["to_self"] = True
    return StaticEffect("prevent_static", affected, out, cond)


def _it_ref(cond: Condition, it: Any) -> Condition:
    """``cond`` with an "is" part's unresolved "it" replaced by ``it``."""
    args = {
        k: (it if k == "ref" and isinstance(v, It) else _it_ref(cast(Condition, v), it))
        if isinstance(v, Condition) or (k == "ref" and isinstance(v, It))
        # "if that player has no cards in hand": the player of the trigger event
        # (CR 603.4: "at the beginning of each player's upkeep")
        else (TriggerRef("player") if isinstance(v, ThatPlayer) else v)
        for k, v in cond.args.items()
    }
    return Condition(cond.kind, args) if args != cond.args else cond


def _is_subject(cond: Condition | None) -> Filter | None:
    """The object an "as long as [object] is ..." condition describes."""
    if cond is not None and cond.kind == "as_long_as":
        cond = cond.args.get("cond")
    if cond is not None and cond.kind == "is" and isinstance(cond.args.get("filter"), Filter):
        return cond.args["filter"]
    if cond is not None and cond.kind == "you_control_exactly" and cond.args.get("n") == 1:
        # "As long as you control exactly one creature, that creature gets +2/+0"
        # (Deadly Wanderings): the one creature you control (CR 109.5)
        flt = cast(Filter, cond.args["filter"])
        return replace(flt, conditions=(*flt.conditions, ("controller", "you")))
    key = {"you_control": "filter", "player_controls": "filter1"}.get(cond.kind if cond else "")
    if cond is not None and key is not None and isinstance(cond.args.get(key), Filter):
        # "As long as you control enchanted creature, it gets +2/+2" (Mishra's
        # Domination), "As long as another player controls enchanted creature, it
        # can't attack or block" (Dog Umbra): the one object the Aura or Equipment is
        # attached to, whoever controls it (an "Otherwise, ..." sentence is about it
        # too; CR 303.4, 611.3a)
        flt = cond.args[key]
        if any(k in ("enchanted_by", "equipped_by") for k, _ in flt.conditions):
            return flt
    return None


def _it_in_condition(cond: Condition | None, affected: Any) -> Condition | None:
    """ "... as long as it's attacking": in a static ability "it" is the object the
    ability affects (this object, or the one a filter such as "enchanted creature"
    describes)."""
    if cond is None:
        return None
    if cond.kind == "as_long_as" and isinstance(cond.args.get("cond"), Condition):
        inner = _it_in_condition(cond.args["cond"], affected)
        return cond if inner is cond.args["cond"] else Condition(cond.kind, {"cond": inner})
    if cond.kind == "not" and isinstance(cond.args.get("cond"), Condition):
        # "This creature can't attack or block unless it has five or more +1/+1
        # counters on it" (Slumbering Dragon): "unless" is "as long as not" (CR 611.3a)
        inner = _it_in_condition(cond.args["cond"], affected)
        if (
            inner is not None
            and inner is not cond.args["cond"]
            and _reads_own_characteristics(inner)
        ):
            # "... unless its power is 6 or greater" (Technodrome): the layer system
            # shows a condition about the affected object its copiable values only
            # (rules/layers.py), not its power after layer 7
            raise CompileError("a static condition on the affected object's characteristics")
        return cond if inner is cond.args["cond"] else Condition("not", {"cond": inner})
    if cond.kind == "is" and isinstance(cond.args.get("ref"), It):
        args = {k: v for k, v in cond.args.items() if k != "ref"}
        if isinstance(affected, Filter):
            args["filter"] = affected
        else:
            args["ref"] = SelfRef()
        return Condition("is", args)
    return cond


def _reads_own_characteristics(cond: Condition) -> bool:
    """Whether an "is" condition about an object reads a characteristic the layer
    system changes (CR 613): counters, tapped and combat status don't."""
    quality = cond.args.get("quality")
    if cond.kind != "is" or not isinstance(quality, Filter):
        return True
    plain = ("counters_ge", "tapped", "attacking", "blocking")
    return bool(quality.kinds) or any(k not in plain for k, _ in quality.conditions)


def _that_player_is_controller(cond: Condition | None, affected: Any) -> Condition | None:
    """ "Enchanted creature doesn't untap during its controller's untap step unless
    that player is the monarch" (Fall from Favor): "that player" is the controller of
    the object the static ability affects (CR 724, 613.1)."""
    if cond is None or not isinstance(affected, Filter):
        return cond
    if cond.kind == "not" and isinstance(cond.args.get("cond"), Condition):
        inner = _that_player_is_controller(cond.args["cond"], affected)
        return cond if inner is cond.args["cond"] else Condition("not", {"cond": inner})
    if cond.kind == "player_monarch" and isinstance(cond.args.get("arg0"), ThatPlayer):
        controls = Filter(("player",), conditions=(("controls", (affected, True)),))
        return Condition("player_monarch", {"filter": controls})
    return cond


def _statics(body: Body) -> list[StaticEffect]:
    if body.modes:
        raise CompileError("modes in a static ability")
    out = list(body.statics)
    it = _is_subject(body.condition)
    prev: StaticEffect | None = None
    for e in body.effects:
        if e.op == "no_op":
            continue
        costs = _combat_costs(e)
        if costs is None:
            costs = _attack_tax(e)
        if costs is not None:
            out.extend(costs)
            prev = costs[-1]
            continue
        if e.op == "reflexive_trigger" and prev is not None and prev.op == "may_exert":
            # "You may exert this creature as it attacks. When you do, ...": the
            # linked triggered ability triggers as it's exerted (CR 701.43d, 607.2h)
            if "targets" not in e.args:  # its own targets (CR 603.3d)
                inner, specs = finalize(list(e.args["effects"]))
                e = Effect(e.op, {"effects": inner, "targets": specs}, e.optional, e.condition)
            prev = StaticEffect(prev.op, prev.affected, {**prev.args, "then": e}, prev.condition)
            out[-1] = prev
            continue
        # "Enchanted creature can't attack or block, and its activated abilities
        # can't be activated": "it"/"its" of a later clause is the earlier clause's
        # object, not this permanent
        antecedent = (
            prev.affected if prev is not None and isinstance(prev.affected, Filter) else None
        )
        s = _static_of(e, it if it is not None else antecedent)
        if e.condition is not None and e.condition.kind == "otherwise":
            # "[A] as long as [condition]. Otherwise, [B]": B applies while the
            # earlier static's condition doesn't hold (CR 611.3a)
            before = prev.condition if prev is not None else None
            if before is None and prev is not None and body.condition is not None:
                # "As long as you control enchanted creature, it gets +2/+2. Otherwise,
                # it can't block." (Mishra's Domination): the sentence's condition
                before = _it_in_condition(body.condition, prev.affected)
            if before is None:
                raise CompileError("'otherwise' with no condition before it")
            s = StaticEffect(s.op, s.affected, s.args, Condition("not", {"cond": before}))
        that = _that_player_is_controller(s.condition, s.affected)
        if that is not s.condition:
            s = StaticEffect(s.op, s.affected, s.args, that)
        if s.args.get("instead") and s.condition is not None:
            s = _static_instead(out, s)
        out.append(s)
        prev = s
    if body.condition is not None:
        # a color set only while a condition holds isn't characteristic-defining
        # (CR 604.3a(5)): "as long as ..., this creature is black" is layer 5 by timestamp
        out = [
            StaticEffect(
                s.op,
                s.affected,
                {k: v for k, v in s.args.items() if k != "cda"},
                s.condition or _it_in_condition(body.condition, s.affected),
            )
            for s in out
        ]
    return [_it_is_self(s) for s in out]


def _static_instead(before: list[StaticEffect], s: StaticEffect) -> StaticEffect:
    """ "Polukranos enters with six +1/+1 counters on it. It escapes with twelve
    +1/+1 counters on it instead.", "Equipped creature gets +1/+1. If it's a Warrior,
    it gets +2/+1 instead.": the static before, of the same kind, applies only while
    this one's condition doesn't (CR 611.3a, 614.1c); this one loses its mark."""
    args = {k: v for k, v in s.args.items() if k != "instead"}
    cond = s.condition
    assert cond is not None
    if before and before[-1].op == s.op and before[-1].condition is None:
        last = before[-1]
        before[-1] = StaticEffect(
            last.op, last.affected, last.args, Condition("not", {"cond": cond})
        )
    return StaticEffect(s.op, s.affected, args, cond)


def _own_amount(v: Any) -> Any:
    """An amount counted on "it"/"them" in a static ability that affects a group:
    counted on each affected object (:class:`EachOneRef`, rules/layers.amount)."""
    if isinstance(v, Amount) and isinstance(v.ref, It) and v.kind == "counters":
        return replace(v, ref=EachOneRef())
    return None


def _it_is_self(s: StaticEffect) -> StaticEffect:
    """In a static ability that affects this object, an "it" left in its instructions
    is this object: "If this creature would die, exile it instead" (CR 614.1a), "As
    this land enters, you may pay 2 life. If you don't, it enters tapped" (614.12),
    "This creature gets +1/+1 for each oil counter on it" (604.1). No compiler
    placeholder is left in a compiled ability (a granted one is game state, saved):
    "the exiled card" is the card exiled with this object (CR 607.2a: "Living Lore's
    power and toughness are each equal to the exiled card's mana value")."""
    args = walk(s.args, lambda v: EachRef(EXILED_WITH_SELF) if type(v) is ExiledCard else None)
    if isinstance(s.affected, SelfRef):
        args = walk(args, lambda v: SelfRef() if type(v) is It else None)
    elif isinstance(s.affected, Filter):
        # "Each creature you control gets +1/+1 for each +1/+1 counter on it"
        # (Clamavus), "Creatures you don't control get -1/-1 for each slime counter
        # on them" (Toxrill): the count is each affected object's own (CR 604.1, 613.4c)
        args = walk(args, _own_amount)
    return s if args == s.args else StaticEffect(s.op, s.affected, args, s.condition)


def _modes(body: Body, trigger: Trigger | None) -> tuple[Mode, ...]:
    modes = []
    for text, effects in body.modes:
        effs, targets = finalize(effects, trigger)
        modes.append(Mode(text, effs, targets))
    return tuple(modes)


def _blocking_it_is_self(v: Any) -> Any:
    """``v`` with each "blocking it" no pronoun resolution reached ("prevent all combat
    damage that would be dealt to this creature by creatures blocking it", "target
    creature blocking it" of this creature's own ability) read as blocking this
    object (CR 509.1g); ``v`` itself when there is none."""
    if isinstance(v, tuple):
        if len(v) == 2 and v[0] == "blocking_this" and isinstance(v[1], It):
            return ("blocking_this", "self")
        items = tuple(_blocking_it_is_self(x) for x in v)
        return items if any(a is not b for a, b in zip(items, v, strict=True)) else v
    if isinstance(v, list):
        new = [_blocking_it_is_self(x) for x in v]
        return new if any(a is not b for a, b in zip(new, v, strict=True)) else v
    if isinstance(v, dict):
        new_d = {k: _blocking_it_is_self(x) for k, x in v.items()}
        return new_d if any(new_d[k] is not v[k] for k in v) else v
    if is_dataclass(v) and not isinstance(v, type):
        changes = {}
        for f in fields(v):
            if not f.init:
                continue
            old = getattr(v, f.name)
            got = _blocking_it_is_self(old)
            if got is not old:
                changes[f.name] = got
        return replace(v, **changes) if changes else v
    return v


def _resolved(a: Ability) -> Ability:
    """The ability, with a "blocking it" left unresolved read as this object's."""
    try:
        encode(a)
    except TypeError:
        return cast(Ability, _blocking_it_is_self(a))
    return a


def _check_resolved(a: Ability) -> None:
    """An ability still holding a reference only the compiler knows (an "it", "that
    creature" or "target creature's" it couldn't tie to an object: Hedron Matrix's "its
    mana value" in a static ability) can't run: it is a sentence the compiler doesn't
    read yet, not a compiled ability. The test is the game state's own: whatever an
    ability holds must be data a saved game can hold (game/serialize.py)."""
    try:
        encode(a)
    except TypeError as exc:
        raise CompileError(f"unresolved reference: {exc}") from exc


def _with_mode_texts(a: Ability, raw: str) -> Ability:
    """Each mode keeps its own Oracle text ("Counter target spell."), for the log of
    the modes chosen (CR 601.2b, 700.2) and UIs: the bulleted parts of the text the
    ability came from, one per mode."""
    if not a.modes or any(m.text for m in a.modes):
        return a
    parts = [p.strip() for p in raw.replace("\n", " ").split("\u2022")[1:]]
    if len(parts) != len(a.modes):
        return a
    return replace(a, modes=tuple(replace(m, text=t) for m, t in zip(a.modes, parts, strict=True)))


def _is_self_static(body: Body) -> bool:
    """A spell's own rule: "This spell can't be countered.", "... costs {1} less"."""
    if body.modes or not body.effects and not body.statics:
        return False
    try:
        statics = _statics(body)
    except CompileError:
        return False
    return all(isinstance(s.affected, SelfRef) or s.op == "additional_cost" for s in statics)


def _restrict(ab: Ability, body: Body) -> Ability:
    return ab


#: instructions a mana ability may have (CR 605.1a, 605.3b)
_MANA_ABILITY_OPS = frozenset(
    (
        "add_mana",
        "damage",
        "lose_life",
        "gain_life",
        "doesnt_untap",
        "draw",
        "put_counters",
        "scry",
        # "Draw a card at the beginning of the next turn's upkeep" (Barbed Sextant),
        # "When you next cast ..." (Chocobo Camp), "When you do, ..." (Rubble Rouser):
        # the delayed or reflexive triggered ability is created as it resolves (603.7a,
        # 603.12a) and goes on the stack later, as any triggered ability does
        "delayed_trigger",
        "reflexive_trigger",
        # "Reveal any number of artifact cards in your hand. Add {C}{C} for each card
        # revealed this way" (Metalworker), "Roll a d20" (Vexing Puzzlebox)
        "reveal",
        "roll_die",
    )
)


def _that_much_is_x(v: Any) -> Any:
    if isinstance(v, Amount) and v.kind == "that_much":
        return Amount("x", multiplier=v.multiplier)
    return None


def _sacrifices_source(e: Effect) -> bool:
    """ "If there are no depletion counters on this land, sacrifice it": a mana
    ability may sacrifice its own source as it resolves (CR 605.1a, 605.3a)."""
    return e.op == "sacrifice" and isinstance(e.args.get("what"), SelfRef)


def _activated(p: Parsed) -> Ability:
    body = p.body
    assert body is not None
    effects, targets = finalize(body.effects)
    kind = AbilityKind.ACTIVATED
    if (
        effects
        and any(e.op == "add_mana" for e in effects)
        # CR 605.1a: other instructions don't stop it being a mana ability; those the
        # engine performs within a mana ability: "This land deals 1 damage to you."
        and all(e.op in _MANA_ABILITY_OPS or _sacrifices_source(e) for e in effects)
        and not targets
        and not body.modes
        and not p.loyalty
    ):
        kind = AbilityKind.MANA  # CR 605.1a
    if body.statics:
        raise CompileError("static sentence in an activated ability")
    # "This ability costs {1} less to activate for each ...": a static ability of the
    # ability itself, read as its total cost is determined (CR 601.2f, 602.2b)
    own_cost = tuple(
        _static_of(e)
        for e in effects
        if e.op == "cost_change"
        and e.args.get("abilities")
        and isinstance(e.args.get("what"), SelfRef)
    )
    if own_cost:
        effects = tuple(e for e in effects if e.op != "cost_change")
    restrictions = list(body.restrictions)
    if body.condition is not None:
        # "{T}: If ..., ..." is checked as the ability resolves (CR 608.2c), not an
        # activation restriction ("Activate only if ...", 602.5b)
        effects = tuple(
            Effect(e.op, e.args, e.optional, e.condition or body.condition) for e in effects
        )
    if p.cost is not None and any(
        isinstance(n, Amount) and n.kind == "x" for _, n in p.cost.remove_counters
    ):
        # "Remove any number of charge counters from this artifact: It deals that much
        # damage": the number removed, chosen as the ability was activated (601.2b)
        effects = tuple(walk(effects, _that_much_is_x))
    timing = body.timing
    if p.loyalty:
        timing = "sorcery"  # CR 606.3
    return Ability(
        kind,
        effects=effects,
        targets=targets,
        cost=p.cost,
        modes=_modes(body, None),
        modes_choose=body.choose,
        timing=timing,
        limit_per_turn=body.limit_per_turn or (1 if p.loyalty else None),
        keyword=p.keyword,
        restrictions=tuple(restrictions),
        static=own_cost,
    )


#: "each other player" (every player but you, CR 102.3)
_EACH_OTHER_PLAYER = EachRef(Filter(kinds=("player",), conditions=(("other_than_you", True),)))


def _other_than_trigger_player(v: Any) -> Any:
    """ "Whenever a player casts an instant or sorcery spell, each other player copies
    that spell" (Hive Mind): every player but the one the trigger event is about
    (CR 603.2, 608.2c), not every player but the ability's controller."""
    if v == _EACH_OTHER_PLAYER:
        return EachRef(Filter(kinds=("player",), conditions=(("other_than", "trigger_player"),)))
    return None


def _triggered(p: Parsed) -> Ability:
    body = p.body
    assert body is not None and p.trigger is not None
    effects, targets = finalize(body.effects, p.trigger)
    if body.statics:
        raise CompileError("static sentence in a triggered ability")
    trigger = p.trigger
    if isinstance(trigger.subject, Filter) and trigger.subject.kinds == ("player",):
        effects = tuple(walk(list(effects), _other_than_trigger_player))
    cond = trigger.condition
    if (
        isinstance(trigger.subject, Filter)
        and cond is not None
        and cond.kind == "you_control_n"
        and isinstance(cond.args.get("filter"), Filter)
        and ("other", True) in cond.args["filter"].conditions
    ):
        # "Whenever a Mountain you control enters, if you control at least five other
        # Mountains" (Valakut): other than the object the ability triggered on (CR
        # 603.4), not other than this object (rules/conditions.evaluate: "except")
        flt = cond.args["filter"]
        flt = replace(flt, conditions=tuple(x for x in flt.conditions if x != ("other", True)))
        cond = Condition(cond.kind, {**cond.args, "filter": flt, "except": TriggerRef("object")})
        trigger = replace(trigger, condition=cond)
    if trigger.event == "cast" and "x_in_mana_cost" in repr(trigger.details) and x_left(effects):
        # "Whenever you cast a spell with {X} in its mana cost, ... put X +1/+1
        # counters on it" (Zaxara): X is the spell's X (CR 107.3e), which the
        # ability's own X (0) isn't: not run yet
        raise CompileError("X of the spell that triggered the ability")
    if trigger.condition is not None:
        # "Whenever equipped creature dies, if it was a Human": "it" is the event's
        # object (CR 603.4); for "this creature", the source itself
        it = TriggerRef("object") if isinstance(trigger.subject, Filter) else SelfRef()
        trigger = replace(trigger, condition=_it_ref(trigger.condition, it))
    restrictions = list(body.restrictions)
    if body.condition is not None:
        effects = tuple(
            Effect(e.op, e.args, e.optional, e.condition or body.condition) for e in effects
        )
    return Ability(
        AbilityKind.TRIGGERED,
        effects=effects,
        targets=targets,
        trigger=trigger,
        modes=_modes(body, trigger),
        modes_choose=body.choose,
        optional=bool(effects) and effects[0].optional,
        restrictions=tuple(restrictions),
    )


#: what "with lesser mana value" compiles to (compiler/tx_nouns.with_lesser_mv)
_LESSER_THAN_TRIGGER = repr(("mana_value_lt", Amount("mana_value", ref=TriggerRef("object"))))
#: trigger events with no object whose mana value "lesser" could compare with
_NO_OBJECT_EVENTS = frozenset(("step", "draw", "gain_life", "lose_life", "chapter"))


def _lesser_than_trigger(p: Parsed) -> None:
    """ "with lesser mana value" means less than the triggering object's (CR 603.2):
    refused in an ability that has no such object."""
    if _LESSER_THAN_TRIGGER not in repr(p):
        return
    if p.kind != "triggered" or p.trigger is None or p.trigger.event in _NO_OBJECT_EVENTS:
        raise CompileError("'with lesser mana value' without a triggering object")


def _keyword_own_cost(ab: Ability, body: Body) -> Ability:
    """ "Equip {3}. This ability costs {1} less to activate for each other Equipment
    you control." / "Equip {2}. This ability costs {2} less to activate if you have one
    or fewer cards in hand.": a static ability of the keyword's activated ability
    itself, read as its total cost is determined (CR 601.2f, 602.2b), as "This ability
    costs ..." within a printed activated ability (:func:`_activated`)."""
    if body.statics or body.modes or body.restrictions or body.timing or body.limit_per_turn:
        raise CompileError("a sentence after a keyword that isn't a cost change")
    effects, targets = finalize(body.effects)
    if targets or not effects:
        raise CompileError("a sentence after a keyword that isn't a cost change")
    own: list[StaticEffect] = []
    for e in effects:
        if not (
            e.op == "cost_change"
            and e.args.get("abilities")
            and isinstance(e.args.get("what"), SelfRef)
        ):
            raise CompileError("a sentence after a keyword that isn't its own cost change")
        own.append(_static_of(Effect(e.op, e.args, e.optional, e.condition or body.condition)))
    return replace(ab, static=(*ab.static, *own))


def _assemble(p: Parsed, is_spell: bool, spell_bodies: list[Body]) -> list[Ability]:
    if p.kind == "keywords":
        if p.body is not None:
            (ab,) = p.abilities
            return [_keyword_own_cost(ab, p.body)]
        return list(p.abilities)
    if p.kind == "activated":
        if p.or_cost is not None:
            # "{3}, {T} or {U}, {T}: ..." (Crystal Shard; CR 602.2b, 601.2b): the
            # choice of cost is the choice of which of the two to activate
            return [_activated(p), _activated(replace(p, cost=p.or_cost, or_cost=None))]
        return [_activated(p)]
    if p.kind == "triggered":
        trig = p.trigger
        if (
            is_spell
            and trig is not None
            and trig.event == "step"
            and trig.player in ("next", "your_next")
        ):
            # CR 603.7a: "At the beginning of your next upkeep, pay {3}{U}{U}. If you
            # don't, you lose the game." on an instant or sorcery (the Pacts) is a
            # delayed triggered ability that the spell creates as it resolves
            body = p.body
            assert body is not None
            if body.statics or body.modes or body.condition is not None:
                raise CompileError("a spell's delayed trigger with more than instructions")
            effects = tuple(body.effects)
            spell_bodies.append(
                Body(effects=[Effect("delayed_trigger", {"trigger": trig, "effects": effects})])
            )
            return []
        return [_triggered(p)]
    if p.kind == "static":
        return [Ability(AbilityKind.STATIC, static=tuple(_it_is_self(s) for s in p.statics))]
    body = p.body
    assert body is not None
    cast_only = tuple(r for r in body.restrictions if r[0] == "cast_only")
    if cast_only and len(cast_only) == len(body.restrictions):
        if not body.effects and not body.modes and not body.statics and not body.timing:
            # "Cast this spell only during combat." (CR 601.3): a rule of the card
            return [Ability(AbilityKind.STATIC, restrictions=cast_only)]
    if is_spell and body.restrictions and all(r[0] == "x_mana" for r in body.restrictions):
        if not body.effects and not body.modes and not body.statics and not body.timing:
            # "Spend only black mana on X." in a paragraph of its own (Consume
            # Spirit): a rule of the spell ability (CR 107.3)
            spell_bodies.append(body)
            return []
    if body.restrictions or body.timing or body.limit_per_turn:
        if not body.effects and not body.modes and not body.statics:
            raise CompileError("restriction without an ability")
    if is_spell and not _is_self_static(body):
        if body.statics and not (body.effects or body.modes):
            return [Ability(AbilityKind.STATIC, static=tuple(body.statics))]
        spell_bodies.append(body)
        return []
    return [Ability(AbilityKind.STATIC, static=tuple(_statics(body)))]


def _spell_ability(bodies: list[Body], text: str) -> Ability:
    effects: list[Effect] = []
    modes: list[tuple[str, list[Effect]]] = []
    statics: list[StaticEffect] = []
    choose = (1, 1)
    cast_only: list[tuple[str, Any]] = []
    for b in bodies:
        cond = b.condition
        # CR 601.3 "Cast this spell only ..."; 700.2d "the same mode more than once"
        # 107.3: "Spend only black mana on X"
        cast_only.extend(
            r
            for r in b.restrictions
            if r[0]
            in ("cast_only", "modes_repeat", "modes_instead", "x_mana", "modes_different_players")
        )
        effects.extend(
            Effect(e.op, e.args, e.optional, e.condition or cond) if cond else e for e in b.effects
        )
        if b.modes:
            modes = b.modes
            choose = b.choose
        statics.extend(b.statics)
    effs, targets = finalize(effects)
    mode_objs = _modes(Body(modes=modes), None)
    return Ability(
        AbilityKind.SPELL,
        text=text,
        effects=effs,
        targets=targets,
        modes=mode_objs,
        modes_choose=choose,
        static=tuple(statics),
        restrictions=tuple(cast_only),
    )


def _failed_sentences(raw: str, norm: str, exc: Exception) -> list[str]:
    raw_s = split_sentences(raw.replace("\n", " "))
    norm_s = split_sentences(norm, normalized=True)
    pos = None
    if isinstance(exc, UnexpectedInput):
        pos = getattr(exc, "pos_in_stream", None)
        tok = getattr(exc, "token", None)
        if tok is not None and getattr(tok, "start_pos", None) is not None:
            pos = tok.start_pos
    if pos is None or len(raw_s) != len(norm_s):
        return [raw.replace("\n", " ")]
    offset = 0
    for i, s in enumerate(norm_s):
        start = norm.find(s, offset)
        end = start + len(s)
        if start <= pos < end + 1:
            return [raw_s[i]]
        offset = end
    return [raw_s[-1]]


#: a mode of a spell with spree, printed with a plus sign and its additional cost
#: (CR 702.172a-b): "+ {2}{B} — Destroy target creature."
_SPREE_MODE = re.compile(r"^\+ ((?:\{[^}]+\})+) — (.+)$")


def _spree_mode(para: Paragraph, names: list[str]) -> tuple[str, str, list[Effect]] | None:
    """CR 702.172a-b: a spree mode line: (its text, its additional cost, its
    instructions); None when the paragraph isn't one. A mode whose instructions
    don't compile raises, so its line is reported."""
    m = _SPREE_MODE.match(para.raw.strip())
    if m is None:
        return None
    cost, text = m.group(1), m.group(2)
    bodies: list[Body] = []
    made = _assemble(parse_paragraph(normalize_line(text, names)), True, bodies)
    if made or len(bodies) != 1:
        raise CompileError("a spree mode that isn't a spell's instructions")
    body = bodies[0]
    if body.modes or body.statics or body.restrictions or body.condition is not None:
        raise CompileError("a spree mode with more than instructions")
    return f"{cost} — {text}", cost, body.effects


def _spree_spell_body(modes: list[tuple[str, str, list[Effect]]]) -> Body:
    """CR 702.172a: "Choose one or more modes": the spell's modal body."""
    return Body(modes=[(label, effects) for label, _cost, effects in modes], choose=(1, len(modes)))


def _with_spree_costs(ability: Ability, modes: list[tuple[str, str, list[Effect]]]) -> Ability:
    """Each spree mode keeps its additional cost (CR 702.172a), paid when chosen."""
    if len(ability.modes) != len(modes):
        raise CompileError("spree modes beside other modes")
    return replace(
        ability,
        modes=tuple(
            replace(m, cost=c) for m, (_t, c, _e) in zip(ability.modes, modes, strict=True)
        ),
    )


#: the static ability of a creature with soulbond (CR 702.95b): "As long as this
#: creature is paired with another creature, both creatures have flying" / "each of
#: those creatures gets +1/+1": the ability read with "this creature" as its subject,
#: then given to the pair and conditioned on the pairing
_SOULBOND_STATIC = re.compile(
    r"^As long as (?:this creature|CARDNAME) is paired with another creature, "
    r"(?:both creatures|each of those creatures) (have|has|gets|get) (.+)$"
)
#: filter conditions: the permanent is paired (CR 702.95b); it is the source or the
#: creature the source is paired with (keywords/soulbond.py)
PAIRED = "paired"
SOULBOND_PAIR = "soulbond_pair"
_PAIRED_QUALITY = Filter((), "battlefield", ((PAIRED, True),))


def _soulbond_static(para: Paragraph, names: list[str]) -> Ability | None:
    """CR 702.95b: "As long as [this creature] is paired with another creature,
    both creatures have [ability]" / "each of those creatures gets [+N/+N]": None
    when the paragraph isn't one."""
    line = para.raw.strip()
    for name in names:
        line = line.replace(f"As long as {name} is", "As long as CARDNAME is", 1)
    m = _SOULBOND_STATIC.match(line)
    if m is None:
        return None
    verb = "gets" if m.group(1).startswith("get") else "has"
    made = _assemble(
        parse_paragraph(normalize_line(f"This creature {verb} {m.group(2)}", names)), False, []
    )
    if len(made) != 1 or made[0].kind is not AbilityKind.STATIC:
        raise CompileError("a soulbond pair's ability that isn't a static ability")
    pair = Filter((), "battlefield", ((SOULBOND_PAIR, True),))
    paired = Condition(
        "as_long_as",
        {
            "cond": Condition(
                "is",
                {
                    "ref": SelfRef(),
                    "quality": _PAIRED_QUALITY,
                    "adj": "paired with another creature",
                },
            )
        },
    )
    statics = []
    for st in made[0].static:
        if not isinstance(st.affected, SelfRef) or st.condition is not None:
            raise CompileError("a soulbond pair's ability with more than its effect")
        statics.append(replace(st, affected=pair, condition=paired))
    return replace(made[0], text=para.raw, static=tuple(statics))


@dataclass(slots=True)
class _Striation:
    """A leveler's level symbol (CR 711.2) or a Class's level bar (716.2a) and what
    its section holds so far."""

    cond: Condition
    raw: list[str]
    pt_box: bool = False  # a leveler's striation has a power/toughness box
    pt: tuple[int, int] | None = None
    abilities: list[Ability] = field(default_factory=list)
    types: tuple[str, ...] = ()  # a station symbol with a P/T box: a creature (721.2b)


def _close_striation(s: _Striation, abilities: list[Ability], unparsed: list[str]) -> None:
    """Assemble a finished section into its static ability (CR 711.2, 716.2a)."""
    if not s.abilities and s.pt is None and not s.pt_box and not s.types:
        return  # a class level bar with nothing under it: only its activated ability
    try:
        abilities.append(
            striation_ability(s.cond, s.pt, s.abilities, " ".join(s.raw), types=s.types)
        )
    except CompileError:
        unparsed.append(s.raw[0])


#: a max speed ability (CR 702.178a), written like an ability word
MAX_SPEED_PREFIX = "Max speed — "
#: a Case's two special keyword abilities (CR 719.3), written like ability words
TO_SOLVE_PREFIX = "To solve — "
SOLVED_PREFIX = "Solved — "


def _to_solve_text(text: str) -> str:
    """CR 719.3a: "To solve — [Condition]" means "At the beginning of your end step,
    if [condition] and this Case is not solved, this Case becomes solved"."""
    cond = text.strip().removesuffix(".")
    return f"at the beginning of your end step, if {cond}, this case becomes solved."


def _unsolved(a: Ability) -> Ability:
    """The "To solve" trigger with "and this Case is not solved" joined to its
    intervening if (CR 719.3a, 603.4)."""
    trig = a.trigger
    if a.kind is not AbilityKind.TRIGGERED or trig is None or trig.condition is None:
        raise CompileError("to solve: not an end step trigger with a condition")
    quality = Filter((), "battlefield", (("solved", True),))
    solved = Condition("is", {"ref": SelfRef(), "quality": quality, "adj": "solved"})
    both = Condition("all_of", {"conds": (trig.condition, Condition("not", {"cond": solved}))})
    return replace(a, trigger=replace(trig, condition=both))


def compile_text(
    text: str, card_name: str, types: Iterable[str] = (), legendary: bool = False
) -> CompiledFace:
    """Compile a face's Oracle text (CR 113: one ability per paragraph); a
    legendary face may call itself by its short name (CR 201.5c)."""
    types = tuple(types)
    is_spell = "Instant" in types or "Sorcery" in types
    abilities: list[Ability] = []
    unparsed: list[str] = []
    spell_bodies: list[Body] = []
    spell_text: list[str] = []
    striation: _Striation | None = None  # the level symbol being read (CR 711.2)
    out = abilities
    station_creature = STATION_CREATURE.search(text)  # (in the reminder text, CR 721.2b)
    spree: list[tuple[str, str, list[Effect]]] = []  # spree modes (CR 702.172a)
    spree_text: list[str] = []
    names = self_names(card_name, legendary)
    for para in paragraphs(text, card_name, legendary):
        station = parse_station_symbol(para.raw)
        opened = station is not None  # (its raw text is the striation's first line)
        if station is not None:
            # CR 721.2: "N+ | [abilities]": what follows, to the next station symbol,
            # is part of its static ability
            if striation is not None:
                _close_striation(striation, abilities, unparsed)
            creature = station_creature is not None and int(station_creature.group(1)) == station
            striation = _Striation(
                station_condition(station),
                [para.raw],
                types=("Creature",) if creature else (),
            )
            out = striation.abilities
            para = Paragraph(
                STATION_SYMBOL.sub("", para.raw.strip(), count=1),
                STATION_SYMBOL.sub("", para.text.strip(), count=1),
            )
            if not para.text:
                continue
        level = parse_level_symbol(para.raw)
        bar = parse_class_level_bar(para.raw) if level is None else None
        if level is not None or bar is not None:
            if striation is not None:
                _close_striation(striation, abilities, unparsed)
            striation = None
            out = abilities
            try:
                if level is not None:
                    striation = _Striation(level_condition(*level), [para.raw], pt_box=True)
                elif bar is not None:
                    # CR 716.2a: the activated ability, then its section's abilities
                    abilities.append(class_level_ability(bar[0], bar[1], para.raw))
                    cond = Condition("class_level_ge", {"n": bar[1]})
                    striation = _Striation(cond, [para.raw])
            except CompileError:
                unparsed.append(para.raw)
                continue
            assert striation is not None  # set by one branch or the other
            out = striation.abilities
            continue
        if striation is not None and not opened:
            striation.raw.append(para.raw)
            pt = PT_BOX.match(para.raw.strip()) if striation.pt_box else None
            if pt is not None and striation.pt is None and not striation.abilities:
                striation.pt = (int(pt.group(1)), int(pt.group(2)))
                continue
        try:
            mode = _spree_mode(para, names) if is_spell else None
            if mode is not None:
                spree.append(mode)
                spree_text.append(para.raw)
                continue
            paired = _soulbond_static(para, names) if not is_spell else None
            if paired is not None:
                out.append(_name_quoted(paired, para.raw))
                continue
            anchored = _anchor_word_abilities(para, card_name, legendary)
            if anchored is not None:
                out.extend(anchored)
                continue
            solving = para.raw.startswith(TO_SOLVE_PREFIX)
            if solving:
                para = Paragraph(para.raw, _to_solve_text(para.text))
            parsed = parse_paragraph(para.text)
            if "lesser mana value" in para.text:
                _lesser_than_trigger(parsed)
            n_before = len(spell_bodies)
            # each ability keeps the Oracle text it came from, for logs and UIs
            made = [
                _with_mode_texts(
                    _name_quoted(
                        a if a.text else replace(a, text=para.raw.replace("\n", " ")), para.raw
                    ),
                    para.raw,
                )
                for a in _assemble(parsed, is_spell, spell_bodies)
            ]
            if para.raw.startswith(MAX_SPEED_PREFIX) and len(spell_bodies) == n_before:
                # CR 702.178a: "Max speed — [ability]" means "As long as your speed is
                # 4, this object has [ability]"
                inner = [replace(a, text=a.text.removeprefix(MAX_SPEED_PREFIX)) for a in made]
                made = [striation_ability(Condition("max_speed"), None, inner, para.raw)]
            if para.raw.startswith(SOLVED_PREFIX) and len(spell_bodies) == n_before:
                # CR 719.3c, 702.169: "Solved — [ability]" functions only while the
                # Case has the solved designation
                inner = [replace(a, text=a.text.removeprefix(SOLVED_PREFIX)) for a in made]
                quality = Filter((), "battlefield", (("solved", True),))
                cond = Condition("is", {"ref": SelfRef(), "quality": quality, "adj": "solved"})
                made = [striation_ability(cond, None, inner, para.raw)]
            if solving:
                made = [_unsolved(a) for a in made]
            made = [_resolved(a) for a in made]
            for a in made:
                _check_resolved(a)
                if _IF_WHERE_X.search(para.text) and x_left(
                    (a.effects, a.targets, [m.effects for m in a.modes])
                ):
                    # "if you gained life this turn, you may pay X life, where X is
                    # .... If you do, create an X/X token" (Tivash): an X the "where"
                    # of a conditional sentence didn't reach (CR 107.3): not compiled
                    # rather than read as the ability's own X (0)
                    raise CompileError("where X is: an X it doesn't define")
            out.extend(made)
            if len(spell_bodies) > n_before:
                spell_text.append(para.raw)
        except (LarkError, CompileError) as exc:
            unparsed.extend(_failed_sentences(para.raw, para.text, exc))
        except (KeyError, ValueError, TypeError, AttributeError, IndexError, StopIteration) as exc:
            unparsed.append(para.raw.replace("\n", " ") + f"  [compiler: {type(exc).__name__}]")
    if striation is not None:
        _close_striation(striation, abilities, unparsed)
    if spree:
        spell_bodies.append(_spree_spell_body(spree))
        spell_text.extend(spree_text)
    if spell_bodies:
        try:
            text = "\n".join(spell_text)
            spell = _spell_ability(spell_bodies, text)
            if spree:
                spell = _with_spree_costs(spell, spree)
            spell = _resolved(spell)
            _check_resolved(spell)
            abilities.insert(0, _with_mode_texts(_name_quoted(spell, text), text))
        except (CompileError, ValueError):
            # (ValueError: a pronoun ir.finalize can't resolve, as for the paragraphs)
            unparsed.extend(spell_text)
    return CompiledFace(abilities=tuple(abilities), unparsed=tuple(unparsed))


#: "if [condition], [instruction], where X is ..." (tx_clauses.sent_if_where)
_IF_WHERE_X: Final = re.compile(r"\bif\b[^.]*, where x is")

_QUOTED = re.compile(r'"([^"]+)"')

#: "As this enchantment enters, choose Khans or Dragons." followed by one bullet per
#: anchor word (CR 614.12c)
_ANCHOR_CHOICE = re.compile(r"^As .+? enters, choose (\w+) or (\w+)\.$")
_ANCHOR_BULLET = re.compile(r"^•\s*(\w+) — (.+)$")

#: the condition of an anchored ability: that anchor word was chosen (rules/etb_choices.py)
ANCHOR_CHOSEN = "anchor_chosen"


def _anchor_word_abilities(
    para: Paragraph, card_name: str, legendary: bool
) -> list[Ability] | None:
    """CR 614.12c: "As this permanent enters, choose [A] or [B]. • [A] — [ability]
    • [B] — [ability]": the choice as it enters (614.12), and each ability, which it
    has as long as its anchor word was chosen (linked abilities, 607.2). None when
    the paragraph isn't one."""
    lines = [x.strip() for x in para.raw.split("\n")]
    m = _ANCHOR_CHOICE.match(lines[0])
    if m is None or len(lines) != 3:
        return None
    words = (m.group(1), m.group(2))
    choose = Effect("choose", {"what": "anchor", "options": words})
    out = [
        Ability(
            AbilityKind.STATIC,
            text=lines[0],
            static=(StaticEffect("as_enters", SelfRef(), {"effects": (choose,)}),),
        )
    ]
    names = self_names(card_name, legendary)
    for word, line in zip(words, lines[1:], strict=True):
        b = _ANCHOR_BULLET.match(line)
        if b is None or b.group(1) != word:
            raise CompileError(f"an anchor word's ability: {line}")
        text = b.group(2)
        parsed = parse_paragraph(normalize_line(text, names))
        inner = [a if a.text else replace(a, text=text) for a in _assemble(parsed, False, [])]
        cond = Condition(ANCHOR_CHOSEN, {"word": word})
        out.append(striation_ability(cond, None, inner, line))
    return out


def _name_quoted(ability: Ability, raw: str) -> Ability:
    """Give each quoted (granted) ability inside ``ability`` its own Oracle text,
    in the order the quotes appear in the paragraph, for logs and UIs (an ability
    granted in quotes is a full ability, CR 113.1a)."""
    if '"' not in raw:
        return ability
    texts = iter(m.group(1).strip() for m in _QUOTED.finditer(raw))

    def fill(v: Any) -> Any:
        if isinstance(v, Ability):
            text = v.text or next(texts, "")
            return replace(
                v,
                text=text,
                effects=fill(v.effects),
                static=fill(v.static),
                modes=fill(v.modes),
            )
        if isinstance(v, Effect | StaticEffect):
            return replace(v, args=fill(v.args))
        if isinstance(v, Mode):
            return replace(v, effects=fill(v.effects))
        if isinstance(v, tuple):
            return tuple(fill(x) for x in v)
        if isinstance(v, list):
            return [fill(x) for x in v]
        if isinstance(v, dict):
            return {k: fill(x) for k, x in v.items()}
        return v

    return replace(
        ability,
        effects=fill(ability.effects),
        static=fill(ability.static),
        modes=fill(ability.modes),
    )


def assemble_quoted(parsed: Parsed) -> tuple[Ability, ...]:
    """Abilities granted in quotes ('has "{T}: Add {G}."'), compiled as a permanent's."""
    return tuple(_assemble(parsed, False, []))


_TRANSFORMER = OracleTransformer(assemble_quoted)


@functools.lru_cache(maxsize=65536)
def _compile_cached(
    name: str, text: str, types: tuple[str, ...], legendary: bool = False
) -> CompiledFace:
    return compile_text(text, name, types, legendary)


def compile_face(face: CardFace) -> CompiledFace:
    """Compile a card face's Oracle text (cached by name and text)."""
    legendary = "Legendary" in (getattr(face, "supertypes", None) or ())
    return _compile_cached(face.name, face.text or "", tuple(face.types), legendary)
