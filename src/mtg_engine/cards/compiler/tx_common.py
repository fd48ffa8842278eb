"""Shared pieces of the transformer: the Parsed record, CompileError and helpers."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from lark import Token

from ..abilities import (
    WHILE_COUNTER,
    Ability,
    Amount,
    ChooseRef,
    Condition,
    ControllerRef,
    Cost,
    EachRef,
    Effect,
    Filter,
    ParentRef,
    SelfRef,
    StaticEffect,
    Trigger,
)
from .filters import NounWord, card_type
from .ir import SUBJ, Body, It, Rest, Some, Tgt, ThatPlayer
from .tables import PREDEFINED_TOKENS, ROLE_TOKENS

EOT = "end_of_turn"
#: "the number of experience counters you have", "for each experience counter you
#: have": the counters of that kind the player has (CR 122.1; rules/filters.py)
EXPERIENCE_COUNTERS = Amount(
    "player_counters", ref=ControllerRef(), filter=Filter(conditions=(("counter", "experience"),))
)
#: "of the color of your choice" in a noun phrase: only a prevention effect reads
#: it (tx_verbs.vp_prevent_np); anywhere else it is left unrun (rules/support.py)
COLOR_OF_CHOICE = "color_of_choice"


def of_color_of_choice(np: Any) -> bool:
    """ "sources of the color of your choice" (CR 608.2d: chosen as the effect begins)."""
    flt = np if isinstance(np, Filter) else getattr(np, "filter", None)
    return isinstance(flt, Filter) and (COLOR_OF_CHOICE, True) in flt.conditions


class CompileError(Exception):
    """A construct the grammar accepts but the compiler cannot represent."""


def vote_count(choice: str) -> Amount:
    """ "for each death vote", "the number of profit votes" (CR 701.38): the votes for
    that choice in the vote held earlier in the resolution (effects/vote.py)."""
    return Amount("votes", filter=Filter(conditions=(("vote_choice", choice),)))


def domain_amount(c: list[Any]) -> Amount:
    """Domain: "for each basic land type among lands you control", the number of
    basic land types among the lands its controller controls, counted when the
    effect needs it (CR 305.6, 604.3). ``c`` holds the adjectives (only "basic")
    and the two card-type words; the adjectives are parsed as those of a description
    so that "for each basic land you control" still reads as one."""
    adjs = [x for x in c if isinstance(x, list)]
    types = [card_type(str(x)) for x in c if isinstance(x, Token)]
    if adjs != [[("supertype", "Basic")]] or types != ["Land", "Land"]:
        raise CompileError("basic types among non-lands")
    return Amount("domain")


def of_your_choice(np: Any) -> Filter | None:
    """ "a source of your choice", "a creature of your choice": the description the
    object is chosen by, without the words (the choice says who chooses); None for
    any other noun phrase."""
    flt = np if isinstance(np, Filter) else getattr(np, "filter", None)
    if not isinstance(flt, Filter) or ("your_choice", True) not in flt.conditions:
        return None
    return Filter(flt.kinds, flt.zone, tuple(x for x in flt.conditions if x[0] != "your_choice"))


def prevent_from_chosen(flt: Filter, args: dict[str, Any]) -> list[Effect]:
    """CR 609.7a, 615: the object chosen as the effect begins, then the prevention
    effect ``args`` on the damage it would deal."""
    return [
        Effect("choose_objects", {"player": ControllerRef(), "what": ChooseRef(flt)}),
        Effect("prevent_damage", {"what": ParentRef(), "dealt_by": True, **args}),
    ]


@dataclass(slots=True)
class Parsed:
    """What one paragraph parsed to, before the face's types decide its kind."""

    kind: str  # "keywords" | "activated" | "triggered" | "body" | "static"
    abilities: list[Ability] = field(default_factory=list)
    body: Body | None = None
    cost: Cost | None = None
    trigger: Trigger | None = None
    statics: list[StaticEffect] = field(default_factory=list)
    loyalty: bool = False
    keyword: str | None = None
    keyword_args: dict[str, Any] = field(default_factory=dict)
    #: "{3}, {T} or {U}, {T}: ...": the other cost of an activated ability with a
    #: choice of two (CR 602.2b)
    or_cost: Cost | None = None


def _words(children: list[Any]) -> str:
    return " ".join(str(c) for c in children if isinstance(c, (Token, str)))


def _flat(items: list[Any]) -> list[Any]:
    out: list[Any] = []
    for it in items:
        if isinstance(it, list):
            out.extend(_flat(it))
        elif it is not None:
            out.append(it)
    return out


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

#: "the rest": the cards an earlier instruction offered but didn't take (ir.finalize)
ParentRefRest = Rest()


def among_them(flt: Filter | None = None, key: str = "it") -> Filter:
    """ "One of them", "a creature card from among them": the objects an earlier
    instruction of the same ability looked at, revealed or exiled (ParentRef
    ``key``), chosen as the instruction is followed (CR 608.2d,
    rules/effects_runner.choose_refs)."""
    kinds: tuple[str, ...] = () if flt is None else tuple(k for k in flt.kinds if k != "card")
    conds = () if flt is None else tuple(c for c in flt.conditions if c[0] != "among")
    return Filter(kinds, "any", (("from_among", key), *conds))


def _int(n: Any) -> int:
    return n if isinstance(n, int) else 99


#: the qualifier "without paying its mana cost" read after a noun (tx_nouns)
WITHOUT_PAYING = "without_paying"


def free_cast_of(ref: Any) -> Some | Tgt | None:
    """The noun of "cast [a spell from among ...] without paying its mana cost" without
    those words, or None when it doesn't end with them (CR 118.9)."""
    spec = ref.spec if isinstance(ref, Tgt) else None
    flt = ref.filter if isinstance(ref, Some) else spec.filter if spec is not None else None
    if flt is None or (WITHOUT_PAYING, True) not in flt.conditions:
        return None
    conds = tuple(kv for kv in flt.conditions if kv != (WITHOUT_PAYING, True))
    flt = dataclasses.replace(flt, conditions=conds)
    if spec is not None:
        return Tgt(dataclasses.replace(spec, filter=flt))
    return dataclasses.replace(ref, filter=flt)


def _obj(ref: Any) -> Any:
    """A noun phrase used as the object of a verb."""
    if isinstance(ref, Some):
        # "destroy a creature" without "target": chosen on resolution (CR 608.2d).
        return (
            EachRef(ref.filter)
            if ref.count == "all"
            else ChooseRef(ref.filter, ref.count, ref.up_to)
        )
    if isinstance(ref, tuple) and ref and ref[0] in ("top", "bottom"):
        return _top_ref(ref)
    if isinstance(ref, tuple) and ref and ref[0] == "self_or":
        raise CompileError("self or")
    return ref


def _owner_ref(zone: tuple[str, str | None]) -> Any:
    tgt = getattr(zone, "tgt", None)
    if tgt is not None:
        return tgt  # "target player's hand": that target (CR 115.1)
    owner = zone[1]
    if owner == "you" or owner is None:
        return ControllerRef()
    if owner == "opponent":
        return EachRef(Filter(kinds=("player",), conditions=(("opponent", True),)))
    return ThatPlayer()


def _top_ref(r: tuple[str, Any, Any]) -> EachRef:
    where, n, zone = r
    owner = zone[1] or "you"
    return EachRef(
        Filter(kinds=("card",), zone="library", conditions=((where, n), ("owner", owner)))
    )


def _pt_value(s: str) -> Any:
    s = s.lstrip("+")
    if s.lstrip("-").isdigit():
        return int(s)
    if s in ("x", "-x"):
        return Amount("x", multiplier=-1 if s.startswith("-") else 1)
    if s == "y":  # "+X/+Y, where X is ... and Y is ..." (sent_where_xy)
        return Amount("y")
    return Amount("star")


def _pt_mod(text: str) -> tuple[Any, Any]:
    p, t = text.split("/")
    return _pt_value(p), _pt_value(t)


def _scale(v: Any, amount: Amount) -> Any:
    if isinstance(v, int):
        # (a sum's terms kept: "+1/+1 for each creature you control and each creature
        # card in your graveyard")
        return (
            Amount(amount.kind, amount.filter, amount.ref, amount.value, v, amount.terms)
            if v
            else 0
        )
    return v


def _cost_dict(cost: Cost) -> dict[str, Any]:
    return {f: getattr(cost, f) for f in cost.__slots__}


#: "for as long as [condition]" -> the engine's duration (CR 611.2b)
_AS_LONG_DURATIONS = {
    "self_remains_tapped": "while_tapped",
}


def as_long_duration(cond: Condition | None) -> str:
    """ "for as long as [condition]" (CR 611.2b): the durations the engine ends when
    their condition stops holding; any other is ``as_long_as``, which the engine
    doesn't run (rules/support.py: its condition isn't kept)."""
    if cond is None:
        return "as_long_as"
    if cond.kind == "you_control" and cond.args == {"arg0": SelfRef()}:
        return "while_controlled"  # "for as long as you control this creature"
    kind = _counter_kind(cond)
    if kind is not None:
        # "... has flying for as long as it has a feather counter on it": the
        # affected object's counters (rules/layers.counters_gone)
        return f"{WHILE_COUNTER}{kind}"
    return _AS_LONG_DURATIONS.get(cond.kind, "as_long_as")


#: counters that also leave by other means than being removed (annihilation, CR
#: 704.5q; damage to a shield, 122.1c; loyalty costs): not such a duration yet
_COUNTERS_NOT_TRACKED = frozenset(("+1/+1", "-1/-1", "shield", "loyalty"))


def _counter_kind(cond: Condition) -> str | None:
    """The counter kind of "it / that creature has a [kind] counter on it"."""
    flt = cond.args.get("quality")
    if cond.kind != "is" or not isinstance(cond.args.get("ref"), It) or not isinstance(flt, Filter):
        return None
    if len(flt.conditions) != 1 or flt.kinds:
        return None
    key, value = flt.conditions[0]
    if key != "counters_ge" or not isinstance(value, tuple) or value[1:] != (1,):
        return None
    kind = value[0]
    return kind if isinstance(kind, str) and kind not in _COUNTERS_NOT_TRACKED else None


def _with_condition(effects: list[Effect], cond: Condition) -> list[Effect]:
    return [Effect(e.op, e.args, e.optional, e.condition or cond) for e in effects]


def _apply_tail(effects: list[Effect], tail: tuple[str, str, Any]) -> list[Effect]:
    _, kind, value = tail
    if kind == "then":  # two tails, applied in order ("for each ... if ...")
        for one in value:
            effects = _apply_tail(effects, one)
        return effects
    if kind == "if":
        return _with_condition(effects, value)
    if kind == "as_long":
        return _with_condition(effects, Condition("as_long_as", {"cond": value}))
    if kind == "for_each":
        could = ("spell_could_target", True)
        if isinstance(value, Filter) and could in value.conditions:
            return [_copy_for_each(e, value, could) for e in effects]
        out = []
        for e in effects:
            amt = e.args.get("amount")
            if isinstance(amt, int):
                e = Effect(
                    e.op,
                    {**e.args, "amount": count_of(value, amt)},
                    e.optional,
                    e.condition,
                )
            else:
                e = Effect(e.op, {**e.args, "for_each": value}, e.optional, e.condition)
            out.append(e)
        return out
    if kind == "for_each_amount":
        # "N for each <counter> on it": the amount scaled by a counted quantity
        out = []
        for e in effects:
            if e.op == "modify_pt":  # "it gets +1/+0 ... for each {B} or {R} spent this way"
                args = {
                    **e.args,
                    "power": _scale(e.args.get("power", 0), value),
                    "toughness": _scale(e.args.get("toughness", 0), value),
                }
                out.append(Effect(e.op, args, e.optional, e.condition))
                continue
            amt = e.args.get("amount", 1 if e.op == "copy_spell" else None)
            if not isinstance(amt, int):
                raise CompileError("for each counter: amount")
            a = Amount(value.kind, value.filter, value.ref, value.value, amt)
            out.append(Effect(e.op, {**e.args, "amount": a}, e.optional, e.condition))
        return out
    if kind == "fewer_in_hand":
        # "N for each card fewer than M in their hand": the subject player's hand
        out = []
        for e in effects:
            amt = e.args.get("amount")
            if not isinstance(amt, int):
                raise CompileError("for each card fewer than: amount")
            a = Amount("hand_fewer_than", ref=e.args.get("player"), value=value, multiplier=amt)
            out.append(Effect(e.op, {**e.args, "amount": a}, e.optional, e.condition))
        return out
    if kind in ("until_leaves", "until_opponent_monarch"):
        key = "until_source_leaves" if kind == "until_leaves" else kind
        return [Effect(e.op, {**e.args, key: True}, e.optional, e.condition) for e in effects]
    if kind == "random":
        return [Effect(e.op, {**e.args, "random": True}, e.optional, e.condition) for e in effects]
    if kind == "instead":
        return [Effect(e.op, {**e.args, "instead": True}, e.optional, e.condition) for e in effects]
    if kind == "instead_if":
        instead = [Effect(e.op, {**e.args, "instead": True}, e.optional) for e in effects]
        return _with_condition(instead, value)
    if kind == "if_instead_if":
        # the instruction's own condition kept with it, apart from the one that makes
        # it replace the instruction before (ir.fold_instead)
        own, replacing = value
        instead = [
            Effect(e.op, {**e.args, "instead": True, "instead_own_if": own}, e.optional)
            for e in effects
        ]
        return _with_condition(instead, replacing)
    if kind == "random_order":
        # "... on the bottom of your library in a random order": not the owner's order
        return [
            Effect(e.op, {**e.args, "order": "random"}, e.optional, e.condition)
            if e.op == "put_on_library"
            else e
            for e in effects
        ]
    return effects


def _copy_for_each(e: Effect, among: Filter, could: tuple[str, Any]) -> Effect:
    """ "copy that spell for each other creature you control that the spell could
    target. Each copy targets a different one of those creatures." (CR 707.10)"""
    if e.op != "copy_spell" or ("other", True) not in among.conditions:
        raise CompileError("for each object the spell could target: not a copy")
    conds = tuple(x for x in among.conditions if x not in (could, ("other", True)))
    among = dataclasses.replace(among, conditions=conds)
    return Effect(
        e.op, {**e.args, "for_each_target": True, "among": among}, e.optional, e.condition
    )


def _mark_new_targets(effects: list[Effect]) -> None:
    """CR 707.10c: "You may choose new targets for the copy." after a copy instruction."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if e.op == "copy_spell":
            effects[i] = Effect(e.op, {**e.args, "new_targets": True}, e.optional, e.condition)
            break
        if e.op == "delayed_trigger" and _has_copy(e):
            # "When you next cast ..., copy that spell. You may choose new targets
            # for the copy." (CR 603.7a): the delayed ability's copy
            inner = list(e.args.get("effects") or ())
            _mark_new_targets(inner)
            effects[i] = Effect(e.op, {**e.args, "effects": tuple(inner)}, e.optional, e.condition)
            break


def _fold_cast_copy(effects: list[Effect], e: Effect) -> bool:
    """ "For each card exiled this way, copy it, and you may cast the copy without
    paying its mana cost" (Mizzix's Mastery; CR 707.12): the cast is part of the copy
    instruction (``cast``, ``free``), done for each copy in turn. Folds ``e`` into the
    last effect of ``effects`` when that copies "it" (alone or for each); says whether
    it did."""
    if not effects or not isinstance(e.args.get("what"), It):
        return False
    last = effects[-1]
    inner = list(last.args.get("effects") or ()) if last.op == "for_each" else [last]
    if not inner or inner[-1].op != "copy_spell" or inner[-1].args.get("cast"):
        return False
    cp = inner[-1]
    cast = "may" if e.args.get("may") or e.optional else "must"
    free = e.op == "cast_free"  # "You may cast the copy." (Kaervek): its costs are paid
    inner[-1] = Effect(cp.op, {**cp.args, "cast": cast, "free": free}, cp.optional, cp.condition)
    if last.op == "for_each":
        effects[-1] = Effect(
            last.op, {**last.args, "effects": tuple(inner)}, last.optional, last.condition
        )
    else:
        effects[-1] = inner[0]
    return True


def _mark_unpreventable(effects: list[Effect]) -> None:
    """CR 615.12: "The damage can't be prevented." after a damage instruction: that
    instruction's damage is dealt whatever prevention effects say."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if e.op == "damage":
            effects[i] = Effect(e.op, {**e.args, "unpreventable": True}, e.optional, e.condition)
            return
    raise CompileError("the damage can't be prevented: no damage dealt before it")


#: the instructions that create one token "the token" can name (CR 111.1, 701.36a)
_TOKEN_MAKERS = ("create_token", "copy_permanent", "populate")


def _mark_tapped_attacking(effects: list[Effect]) -> None:
    """CR 508.4: "The token enters tapped and attacking." after an instruction that
    creates one token: that token enters the battlefield tapped and attacking."""
    if effects and effects[-1].op in _TOKEN_MAKERS:
        e = effects[-1]
        if e.op != "populate" and e.args.get("amount", 1) != 1:
            raise CompileError("the token enters tapped and attacking: more than one token")
        effects[-1] = Effect(e.op, {**e.args, "tapped_attacking": True}, e.optional, e.condition)
        return
    raise CompileError("the token enters tapped and attacking: no token created before it")


def _has_copy(e: Effect) -> bool:
    return any(x.op == "copy_spell" for x in e.args.get("effects") or ())


def _mark_no_regen(effects: list[Effect]) -> None:
    """CR 701.19c: "It can't be regenerated." after a destroy instruction."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if e.op == "destroy":
            effects[i] = Effect(e.op, {**e.args, "no_regenerate": True}, e.optional, e.condition)
            if i == 0 or effects[i - 1].op != "destroy":
                break


def _merge(body: Body, part: Body) -> None:
    body.effects.extend(part.effects)
    body.statics.extend(part.statics)
    body.restrictions.extend(part.restrictions)


#: "[permanents] destroyed this way" / "sacrificed this way" (CR 701.8a, 701.21a): the
#: filter condition the noun carries, and the amount it counts (rules/effects_runner:
#: the permanents as they last existed on the battlefield, CR 608.2h)
DESTROYED_THIS_WAY = "destroyed_this_way"
SACRIFICED_THIS_WAY = "sacrificed_this_way"


_RECORDED = frozenset(("type", "subtype", "supertype", "color"))


def this_way_count(flt: Any, multiplier: int = 1) -> Amount | None:
    """ "for each creature destroyed this way", "the number of creatures sacrificed
    this way": the count of the permanents an earlier instruction (or a cost)
    destroyed or sacrificed that had that description (CR 608.2c, 608.2h); None for
    any other description."""
    if not isinstance(flt, Filter):
        return None
    for key in (DESTROYED_THIS_WAY, SACRIFICED_THIS_WAY):
        if (key, True) in flt.conditions:
            rest = tuple(c for c in flt.conditions if c != (key, True))
            if any(k not in _RECORDED for k, _ in rest):
                # (last known information keeps types, subtypes, supertypes, colors)
                raise CompileError(f"{key}: {rest!r}")
            return Amount(key, filter=Filter(flt.kinds, flt.zone, rest), multiplier=multiplier)
    return None


def count_of(flt: Any, multiplier: int = 1) -> Amount:
    """ "for each [description]", "the number of [description]": counted now, or the
    permanents destroyed or sacrificed this way (:func:`this_way_count`)."""
    if isinstance(flt, Filter) and ("crewed_source", True) in flt.conditions:
        # "for each creature that crewed it this turn" counts the creatures that
        # crewed it, those that have left the battlefield too (CR 702.122b): not a
        # count of permanents now
        raise CompileError("the number of creatures that crewed it this turn")
    return this_way_count(flt, multiplier) or Amount("count", filter=flt, multiplier=multiplier)


def counters_on(kind: str, ref: Any) -> Amount:
    """ "for each +1/+1 counter on it": how many counters of that kind (CR 122.1)."""
    return Amount("counters", filter=Filter(conditions=(("counter", kind),)), ref=ref)


def _token_effect(tok: dict[str, Any]) -> Effect:
    tails = dict(tok.get("tails", []))
    if "copy_of" in tok:
        args: dict[str, Any] = {
            "what": _obj(tok["copy_of"]),
            "amount": tok["count"],
            "controller": SUBJ,
        }
        if tok["tapped"]:
            args["tapped"] = True
        exc = dict(tok.get("except") or {})
        if tails.pop("not_legendary", False):  # "except it isn't legendary" (CR 707.9b)
            exc["remove_supertypes"] = ("Legendary",)
        if exc:
            args["except"] = exc
        args.update(tails)
        return Effect("copy_permanent", args)
    if "role" in tok:
        return _role_token_effect(tok, tails)
    nouns: list[NounWord] = tok.get("nouns", [])
    types = tuple(n.value for n in nouns if n.kind == "type")
    subtypes = tuple(n.value for n in nouns if n.kind == "subtype")
    keywords: list[str] = []
    abilities: list[Ability] = []
    for w in tok.get("with", []):
        if isinstance(w, Ability) and w.keyword and not w.keyword_args:
            keywords.append(w.keyword)
        elif isinstance(w, Ability):
            abilities.append(w)
    spec: dict[str, Any] = {
        "name": " ".join(subtypes) if subtypes else "",
        "colors": tok.get("colors", (("colorless",),))[0]
        if False
        else tuple(c for c in tok.get("colors", ()) if c != "colorless"),
        "types": types,
        "subtypes": subtypes,
        "supertypes": (),
        "power": tok.get("power"),
        "toughness": tok.get("toughness"),
        "keywords": keywords,
        "abilities_text": "",
    }
    if abilities:
        spec["abilities"] = tuple(abilities)
    if tok.get("name"):
        # a token the effect names, "Tiny, a legendary ... token" (CR 111.4)
        spec["name"] = tok["name"]
        spec["supertypes"] = ("Legendary",) if tok.get("legendary") else ()
    if (
        "power" not in tok
        and not tok.get("name")
        and len(subtypes) == 1
        and subtypes[0].lower() in PREDEFINED_TOKENS
    ):
        pre = PREDEFINED_TOKENS[subtypes[0].lower()]
        spec["types"] = pre["types"]
        spec["abilities_text"] = pre["abilities_text"]
        spec["name"] = subtypes[0]
    elif "power" not in tok and not types:
        raise CompileError("token without characteristics")
    args = {"amount": tok["count"], "token": spec, "tapped": tok["tapped"], "controller": SUBJ}
    if "for_each" in tails:
        args["amount"] = count_of(tails.pop("for_each"), _int(tok["count"]))
    args.update(tails)
    return Effect("create_token", args)


def _role_token_effect(tok: dict[str, Any], tails: dict[str, Any]) -> Effect:
    """CR 111.10j-r: a Role token is a colorless Aura Role enchantment token named for
    its role (a "Monster Role token" is named Monster), with enchant creature and its
    ability; "attached to [an object]" says what it enchants as it enters (303.4f)."""
    role = str(tok["role"])
    if role not in ROLE_TOKENS or "attached_to" not in tails:
        raise CompileError(f"role token: {role}")
    name = role.title()
    spec: dict[str, Any] = {
        "name": name,
        "colors": (),
        "types": ("Enchantment",),
        "subtypes": ("Aura", "Role"),
        "supertypes": (),
        "power": None,
        "toughness": None,
        "keywords": [],
        "abilities_text": "Enchant creature\n" + ROLE_TOKENS[role],
    }
    args = {"amount": tok["count"], "token": spec, "tapped": False, "controller": SUBJ}
    args.update(tails)
    return Effect("create_token", args)


def _zone_owner(zone: tuple[str, Any]) -> Any:
    """The owner condition of a zone phrase: "target player's graveyard" names the
    player target itself (CR 115.1), numbered with the ability's other targets
    (ir.finalize); else "you", "opponent", "that_player", ..."""
    tgt = getattr(zone, "tgt", None)
    return tgt if tgt is not None else zone[1]
