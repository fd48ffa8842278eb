"""Transformer rules for abilities, triggers (CR 603), bodies, restrictions and conditions."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Final, NamedTuple, cast

from lark import Token

from ..abilities import (
    ALTERNATIVE_COST,
    COST_IS_MANA_COST,
    COST_UNSET,
    KEYWORD_COST_OF,
    MANA_COLOR_CHOICE,
    MODES_UNCHOSEN,
    PREVENTED_THIS_WAY,
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
    OwnerOfRef,
    ParentRef,
    SelfRef,
    StaticEffect,
    TargetSpec,
    Trigger,
    TriggerRef,
    mentions_prevented,
)
from .filters import Alt, build_filter, card_type, is_player_filter, subtype, with_zone
from .ir import (
    EXILED_WITH_SELF,
    SUBJ,
    Body,
    ExiledCard,
    HaveDo,
    It,
    Some,
    Tgt,
    ThatObject,
    ThatPlayer,
    ThatSpell,
    Them,
    TheToken,
    Those,
    ZoneOf,
    finalize,
    substitute_subject,
    walk,
)
from .tables import CARD_TYPES, KEYWORDS_BY_LOWER, ORDINAL_WORDS
from .tx_common import (
    EOT,
    CompileError,
    Parsed,
    _apply_tail,
    _flat,
    _fold_cast_copy,
    _has_copy,
    _mark_new_targets,
    _mark_no_regen,
    _mark_tapped_attacking,
    _mark_unpreventable,
    _merge,
    _obj,
    _with_condition,
    _words,
    _zone_owner,
    as_long_duration,
    count_of,
    counters_on,
    domain_amount,
    of_your_choice,
    prevent_from_chosen,
    this_way_count,
    vote_count,
)


def _cast_permission(e: Effect, duration: Any) -> Effect:
    """ "Until end of turn, you may cast a creature spell from among cards exiled with
    this artifact [without paying its mana cost]" (Serpent's Soul-Jar, Idol of
    Endurance): a permission to cast one of those cards later (for nothing: CR 118.9;
    CR 601.2a, 611.2; rules/play_permissions.py), not a cast as the ability resolves."""
    what = e.args.get("what")
    if not isinstance(what, ChooseRef) or what.count != 1 or what.up_to:
        raise CompileError(f"until ..., cast {what!r}")
    args = {
        "player": e.args.get("player", SUBJ),
        "what": EachRef(what.filter),
        "duration": duration,
        "cast_only": True,
        "free": e.op == "cast_free",
        "once": True,
    }
    return Effect("may_play", args, e.optional, e.condition)


def _int_of(c: list[Any]) -> int:
    """The first number among a rule's children."""
    return next(x for x in c if isinstance(x, int) and not isinstance(x, bool))


#: trigger events compiled only about this object ("whenever this creature phases
#: out", CR 603.10b; "whenever another Spirit you control phases in" compiles)
_SELF_ONLY_EVENTS = frozenset(("phases_out",))

#: trigger events that the rules mark as the first of their kind this turn (CR 603.2):
#: a creature's first attack (rules/combat.py), a player's first life loss and gain
#: (rules/damage.py)
_FIRST_EACH_TURN_EVENTS = frozenset(("attacks", "lose_life", "gain_life"))


def _cost_unset(e: Effect) -> bool:
    kw_args = e.args.get("keyword_args") if e.op == "grant_keyword" else None
    return isinstance(kw_args, dict) and kw_args.get(KEYWORD_COST_OF) == COST_UNSET


def _set_granted_cost(effects: list[Effect], keyword: str) -> None:
    """ "[It] gains flashback until end of turn. The flashback cost is equal to its
    mana cost." (CR 702.34a): the grant before the sentence, of that keyword with no
    cost, gets the mana cost of each object it's granted to (rules/layers.py)."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if _cost_unset(e) and e.args.get("keyword") == keyword:
            args = {**e.args, "keyword_args": {KEYWORD_COST_OF: COST_IS_MANA_COST}}
            effects[i] = Effect(e.op, args, e.optional, e.condition)
            return
    raise CompileError(f"the {keyword.lower()} cost: no {keyword.lower()} granted before")


def _discards_that_many(e: Effect) -> bool:
    """ "discard that many cards" (an amount an earlier instruction or the event names)."""
    return e.op == "discard" and e.args.get("amount") == Amount("that_much")


#: "if [no / at least N] mana was spent to cast it" before it is known to name the
#: spell of a cast trigger: no rule reads this kind, so elsewhere ("counter target
#: spell if no mana was spent to cast it") it isn't run (rules/support.py)
_SPENT_ON_IT = "mana_spent_on_it_unbound"
#: "if you chose a creature other than [this] as your Ring-bearer" outside a "whenever
#: the Ring tempts you" trigger: no event records the choice, so it isn't run
_CHOSE_OTHER_BEARER_UNBOUND = "chose_other_ring_bearer_unbound"


def _spent_on_cast_spell(trigger: Trigger) -> Condition:
    """ "Whenever a player casts a spell, if no mana was spent to cast it, ..."
    (Vexing Bauble), "... if at least four mana was spent to cast it" (Blazing Bomb):
    the mana spent on the spell the cast trigger is about, as the trigger recorded it
    (CR 601.2h, 603.4: checked as it triggers and as it resolves)."""
    assert trigger.condition is not None
    if trigger.event != "cast" or dict(trigger.details).get("or_events"):
        raise CompileError("'mana was spent to cast it' of something other than a spell cast")
    n = int(trigger.condition.args["n"])
    if n == 0:
        return Condition("not", {"cond": Condition("spent_on_that_spell_ge", {"n": 1})})
    return Condition("spent_on_that_spell_ge", {"n": n})


#: a subject's condition "attached to the source": "enchanted Forest", "equipped creature"
_ATTACHED_TO_SOURCE = frozenset(("enchanted_by", "equipped_by", "fortified_by"))


def _chosen_source(c: list[Any], args: dict[str, Any]) -> list[Effect]:
    """CR 609.7a, 615: "a source of your choice would deal damage [to ...]": choose
    the source as it resolves, then the prevention effect ``args`` on its damage
    (to the recipient ``next_time_to`` named, all its damage without one)."""
    flt = next(x for x in c if isinstance(x, Filter))
    if (
        flt.kinds
        and flt.kinds != ("source",)
        and all(k in CARD_TYPES for k in flt.kinds)
        and of_your_choice(flt) is not None
    ):
        # "an artifact source of your choice" (Circle of Protection: Artifacts), "a
        # creature of your choice with shadow": a source (a permanent or a spell, CR
        # 609.7a) of those card types; not "a creature of the chosen type" (Circle of
        # Solace: any such creature, no choice)
        flt = Filter(("source",), flt.zone, (("is_kind", flt.kinds), *flt.conditions))
    if flt.kinds != ("source",):
        raise CompileError("the next time something other than a source deals damage")
    # ("of your choice": who chooses, said by the choice itself)
    flt = of_your_choice(flt) or flt
    whom = next((x for x in c if isinstance(x, dict)), {})
    return prevent_from_chosen(flt, {**whom, **args})


def _names_target(value: Any) -> bool:
    """Whether an instruction names a target anywhere in it (CR 115.1)."""
    if isinstance(value, Tgt):
        return True
    if isinstance(value, Effect):
        return _names_target(value.args) or _names_target(value.condition)
    if isinstance(value, dict):
        return any(_names_target(v) for v in value.values())
    if isinstance(value, tuple | list):
        return any(_names_target(v) for v in value)
    return False


def _counter_mult_args(mult: str) -> dict[str, Any]:
    """The amount a counters replacement puts instead (CR 614.1a): "that many plus
    one", "twice that many", "half that many, rounded down"."""
    if mult == "cm:plus_one":
        return {"plus": 1}
    return {"half": True} if mult == "cm:half" else {"times": 2}


#: instructions that pay a mana string, by the argument holding it: "where X is ..."
#: gives them an ``x`` amount for that string's {X} (effects/payments.py)
_PAID_MANA = {"unless_pays": "cost"}


def x_left(value: Any) -> bool:
    """Whether an "X" that a "where X is ..." didn't replace is left anywhere in
    ``value`` (in a description's "mana value X or less", a target's filter)."""
    if isinstance(value, Amount):
        return value.kind == "x" or any(x_left(t) for t in value.terms)
    if isinstance(value, Effect):
        return x_left(value.args) or x_left(value.condition)
    if isinstance(value, Filter):
        return x_left(value.conditions)
    if isinstance(value, Tgt):
        return x_left(value.spec)
    if isinstance(value, TargetSpec):
        return x_left(value.filter) or x_left((value.min, value.max))
    if isinstance(value, Condition):
        return x_left(value.args)
    if isinstance(value, Some):
        return x_left(value.filter) or x_left(value.count)
    if isinstance(value, dict):
        return any(x_left(v) for v in value.values())
    if isinstance(value, tuple | list):
        return any(x_left(v) for v in value)
    return False


def _signed(amount: Any, x: Amount) -> Any:
    """The amount that X stands for, with X's sign and factor: "gets -X/-X, where X is
    the number of Zombies on the battlefield" is minus that number (CR 107.3)."""
    if x.multiplier == 1 or not isinstance(amount, Amount):
        return amount if x.multiplier == 1 or not isinstance(amount, int) else amount * x.multiplier
    return dataclasses.replace(
        amount, multiplier=amount.multiplier * x.multiplier, value=amount.value * x.multiplier
    )


def _delayed_at(step: tuple[str, str], effects: list[Effect]) -> list[Effect]:
    """ "[instructions] at the beginning of [step]": a delayed triggered ability (CR 603.7a)."""
    trig = Trigger("step", step=step[0], player=step[1])
    return [Effect("delayed_trigger", {"trigger": trig, "effects": tuple(effects)})]


def _under_whose_control(
    subj: Filter, preds: list[tuple[str, Any]]
) -> tuple[Filter, list[tuple[str, Any]]]:
    """ "Whenever a land enters under your control" / "under an opponent's control"
    (CR 603.6a): the entering permanent's controller, a condition of the subject."""
    whose = {d[1] for _, details in preds for d in details if d[0] == "under_control"}
    if len(whose) != 1 or not whose <= {"you", "opponent"}:
        return subj, preds
    mine = whose == {"you"}
    kept = [
        (event, tuple(d for d in details if d[0] != "under_control")) for event, details in preds
    ]
    return Filter(subj.kinds, subj.zone, (*subj.conditions, ("you", mine))), kept


def _combat_tax(effects: list[Effect]) -> list[Effect]:
    """ "Creatures can't attack you unless their controller pays {2} for each ...":
    the cost is one per attacking creature, a cost to attack that a static ability
    imposes (CR 508.1h, assembled with the statics from ``per_attacker``); anywhere
    else (a one-shot "until your next turn") the argument is reported as not run."""
    return [
        Effect(e.op, {**e.args, "per_attacker": True}, e.optional, e.condition)
        if e.op == "unless_pays"
        and any(i.op == "cant_attack_you" for i in e.args.get("effects") or ())
        else e
        for e in effects
    ]


def _with_difference(e: Effect, n: int) -> Effect:
    """ "draw cards equal to the difference" after "if you have fewer than N cards in
    hand": N minus the cards in the controller's hand (CR 402.1)."""
    if e.args.get("amount") != Amount("difference"):
        return e
    return Effect(
        e.op, {**e.args, "amount": Amount("hand_fewer_than", value=n)}, e.optional, e.condition
    )


def _head_of(head: Any) -> tuple[tuple[int, int], list[tuple[str, Any]]]:
    """A modal head's number of modes, and the restriction of "choose one that hasn't
    been chosen [this turn]" (CR 700.2b: rules/casting.choices_task) if it says so."""
    if isinstance(head, tuple) and len(head) == 2 and isinstance(head[1], str):
        return head[0], [(MODES_UNCHOSEN, head[1])]
    return head, []


#: a color word's mana symbol letter (CR 105.1, 106.1a)
_COLOR_LETTERS: Final = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


class _PerEach(NamedTuple):
    """ "pays {N} for each [description]" (CR 118.12): N, and what is counted."""

    n: int
    flt: Any


class _Clause(list):  # type: ignore[type-arg]
    """A clause's effects, with its explicit subject (or None) and, without one, the
    parsed children, so that a clause sequence can give it the previous subject."""

    def __init__(self, effects: list[Effect], subject: Any, children: list[Any]) -> None:
        super().__init__(effects)
        self.subject = subject
        self.children = children


def _each_player(subject: Any) -> bool:
    """ "Each player", "each opponent": a subject later clauses of the sentence share."""
    return isinstance(subject, EachRef) and is_player_filter(subject.filter)


#: instructions only an object can follow ("has first strike", "is a Knight",
#: "gets +1/+1"): a later clause without a subject shares the sentence's object subject
_OBJECT_OPS = frozenset(
    (
        "grant_keyword",
        "modify_pt",
        "add_types",
        "grant_ability",
        "set_pt",
        "add_colors",
        # "this creature gets +1/+1, is black, and has ..." (threshold): only an
        # object has a color (CR 105.1)
        "set_colors",
        # "target creature with defender gains haste, can attack as though it didn't
        # have defender, and assigns combat damage equal to its toughness" (CR
        # 702.3b, 510.1c): what only a creature does
        "attack_despite_defender",
        "assign_damage_by_toughness",
        "assign_no_combat_damage",
        # "target creature gets +2/+2, gains flying, and becomes a Horror enchantment
        # creature": only an object becomes a type, a color or a copy (CR 613.1)
        "become",
        # "enchanted creature gets +2/+2, has menace, and can't attack you or
        # planeswalkers you control" (Vow of Torment): only a creature attacks or
        # blocks (CR 508.1, 509.1)
        "cant_attack",
        "cant_block",
        "cant_attack_or_block",
        "cant_attack_you",
        "cant_be_blocked",
    )
)


def _player_subject(subject: Any) -> bool:
    """A subject that names players ("you", "that player", "target opponent")."""
    if _each_player(subject) or isinstance(subject, ControllerRef | ThatPlayer):
        return True
    return isinstance(subject, Tgt) and is_player_filter(subject.spec.filter)


def _their_for_each(e: Effect, subject: EachRef) -> Effect:
    """ "Each player exiles all creature cards from their graveyard": an instruction
    with no player of its own acts on every such player's objects ("their" is each
    player in turn, so: every player's; each opponent's for "each opponent")."""
    if "player" in e.args:
        return e  # the handler goes through the players one by one
    opp = ("opponent", True) in subject.filter.conditions

    def fix(v: Any) -> Any:
        if isinstance(v, Filter) and any(x == "that_player" for _, x in v.conditions):
            conds = tuple(
                (k, "opponent") if x == "that_player" and opp else (k, x)
                for k, x in v.conditions
                if x != "that_player" or opp
            )
            return Filter(v.kinds, v.zone, conds)
        if isinstance(v, EachRef):
            return EachRef(fix(v.filter))
        return v

    return Effect(e.op, {k: fix(v) for k, v in e.args.items()}, e.optional, e.condition)


#: ops whose handler asks the "may" itself, after checking that it can be done
def _x_min_of_modes(
    modes: list[tuple[Any, ...]],
) -> tuple[list[tuple[str, list[Effect]]], list[tuple[str, Any]]]:
    """The modes as (text, effects), and "X can't be 0" as a rule of the whole
    ability when every mode says it (Marath, Will of the Wild: X is announced after
    the mode is chosen, CR 601.2b, and each mode says so); said by only some
    modes, it isn't read yet."""
    said = [m[2] for m in modes if len(m) > 2]
    if said and len(said) != len(modes):
        raise CompileError("X can't be 0 in some modes only")
    return [(m[0], m[1]) for m in modes], list(said[0]) if said else []


_ASKS_ITSELF = frozenset(("cast_free", "play_free", "reroll_stored"))
#: instructions that cast a card, or let it be cast, that "if that spell would be
#: put into your graveyard, exile it instead" can follow (CR 614.1a)
_CASTS_LATER = frozenset(("cast_free", "cast", "may_play"))
#: ops whose "may" is a permission used later, not a choice now ("You may play an
#: additional land this turn": the player plays it or not, CR 305.2)
_MAY_IS_PERMISSION = frozenset(
    (
        "extra_land_plays_this_turn",
        # "[this creature] can attack as though it didn't have defender" (CR 702.3b)
        "attack_despite_defender",
        # "you may cast creature spells as though they had flash" (CR 702.8a)
        "cast_as_though_flash",
        "cast_as_flash_this_turn",
        # "you may cast creature spells from the top of your library" (CR 601.2a)
        "play_from_library_top",
    )
)


def _either_group(first: Any, second: Any) -> EachRef | None:
    """ "Skeletons you control and other Zombies you control get +1/+1" (Death Baron),
    "Saproling creatures and other Treefolk creatures get +1/+1" (Verdeloth): two
    groups of the same kind of object are one group of those matching either
    description, so a creature of both is affected once (the cards' rulings; CR 109.2,
    613.4c). None when the subjects aren't two such groups, or when a description
    reads another object ("... that share a creature type with it": the Crowns)."""
    if not (isinstance(first, EachRef) and isinstance(second, EachRef)):
        return None
    a, b = first.filter, second.filter
    if a.kinds != b.kinds or a.zone != b.zone or not a.conditions or not b.conditions:
        return None
    if not all(isinstance(v, (str, bool, int)) for _, v in (*a.conditions, *b.conditions)):
        return None
    return EachRef(Filter(a.kinds, a.zone, (("any_of", (a.conditions, b.conditions)),)))


def _mark_mask(effects: list[Effect]) -> None:
    """Illusionary Mask: the creature the face-down spell becomes turns face up instead
    of dealing or being dealt damage or becoming tapped (kind "mask", rules/face_down)."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if e.op == "cast_face_down":
            effects[i] = Effect(e.op, {**e.args, "as": "mask"}, e.optional, e.condition)
            return
    raise CompileError("mask rider without a face-down cast")


class ClauseRules:
    """Transformer rules for abilities, triggers (CR 603), bodies, restrictions and conditions."""

    # -------------------------------------------------------------- abilities
    def start(self, c: list[Any]) -> Parsed:
        return c[0]

    def plain_body(self, c: list[Any]) -> Parsed:
        return Parsed("body", body=c[0])

    def activated(self, c: list[Any]) -> Parsed:
        items = [x for x in c if not isinstance(x, Token)]
        kw = None
        if isinstance(items[0], str):
            kw = items.pop(0)
        cost, body = items
        p = Parsed("activated", body=body, cost=cost)
        if kw:
            spec = KEYWORDS_BY_LOWER.get(kw)
            p.keyword = spec.name if spec else kw.capitalize()
        return p

    def activated_cost_or(self, c: list[Any]) -> Parsed:
        """ "{3}, {T} or {U}, {T}: Return target creature to its owner's hand ..."
        (Crystal Shard): the activating player chooses which of the two costs to pay
        (CR 602.2b, 601.2b); kept as two activated abilities with the same effect,
        one for each cost."""
        first, second, body = (x for x in c if not isinstance(x, Token))
        return Parsed("activated", body=body, cost=first, or_cost=second)

    def alt_cost_rather(self, c: list[Any]) -> Parsed:
        """ "If you control a Plains, you may tap an untapped creature you control
        rather than pay this spell's mana cost" (Lashknife; CR 118.9): an alternative
        cost the card's owner may choose as they cast it (keywords/rather_than.py)."""
        cond = next((x for x in c if isinstance(x, Condition)), None)
        cost = next(x for x in c if isinstance(x, Cost))
        if _mentions_x(cost):
            # "exile a red card with mana value X from your hand" (the Shoals): X
            # taken from the card exiled, not announced
            raise CompileError("alternative cost: X from the cost")
        args: dict[str, Any] = {"cost": cost, "rule": "118.9"}
        if cond is not None:
            args["condition"] = cond
        ability = Ability(AbilityKind.STATIC, keyword=ALTERNATIVE_COST, keyword_args=args)
        return Parsed("keywords", abilities=[ability])

    def alt_cost_free(self, c: list[Any]) -> Parsed:
        """ "If you control a commander, you may cast this spell without paying its mana
        cost" (Deadly Rollick; CR 118.9): an alternative cost of nothing, chosen as the
        card is cast while the condition holds (keywords/rather_than.py)."""
        conds = tuple(x for x in c if isinstance(x, Condition))
        # "If an opponent controls a Plains and you control a Swamp, ..." (Massacre):
        # both must hold as the spell is cast
        cond = conds[0] if len(conds) == 1 else Condition("all_of", {"conds": conds})
        args: dict[str, Any] = {"cost": Cost(), "rule": "118.9", "condition": cond}
        ability = Ability(AbilityKind.STATIC, keyword=ALTERNATIVE_COST, keyword_args=args)
        return Parsed("keywords", abilities=[ability])

    def act_prefix(self, c: list[Any]) -> str:
        return c[0]

    def loyalty(self, c: list[Any]) -> Parsed:
        items = [x for x in c if not (isinstance(x, Token) and x.type == "ACT")]
        raw = str(items[0])
        value: int | str = raw.upper() if "x" in raw else int(raw)
        return Parsed("activated", body=items[1], cost=Cost(loyalty=value), loyalty=True)

    def loyalty_cost(self, c: list[Any]) -> str:
        return str(c[0])

    def triggered(self, c: list[Any]) -> Parsed:
        trigger, body = c
        if body.condition is not None and trigger.condition is None:
            # CR 603.4: "When ..., if ..., ..." is an intervening if clause.
            trigger = Trigger(
                trigger.event,
                trigger.subject,
                trigger.step,
                trigger.player,
                body.condition,
                trigger.chapters,
                trigger.details,
            )
            body.condition = None
        if trigger.condition is not None and trigger.condition.kind == "hand_size_at_most":
            # "if you have fewer than seven cards in hand, draw cards equal to the
            # difference" (Damia): seven minus the cards in hand as it resolves
            n = int(trigger.condition.args["amount"]) + 1
            body.effects = [_with_difference(e, n) for e in body.effects]
        if trigger.condition is not None and trigger.condition.kind == _SPENT_ON_IT:
            trigger = dataclasses.replace(trigger, condition=_spent_on_cast_spell(trigger))
        if (
            trigger.condition is not None
            and trigger.condition.kind == _CHOSE_OTHER_BEARER_UNBOUND
            and trigger.event == "ring_tempts"
        ):
            trigger = dataclasses.replace(trigger, condition=Condition("chose_other_ring_bearer"))
        return Parsed("triggered", body=body, trigger=trigger)

    def triggered_at_end_of_combat(self, c: list[Any]) -> Parsed:
        """ "Whenever this creature attacks, at end of combat, ...": the ability
        creates a delayed triggered ability for the end of this combat (CR 603.7a)."""
        trigger, body = c
        trig = Trigger("step", step="end_of_combat", player="each")
        later = Effect("delayed_trigger", {"trigger": trig, "effects": tuple(body.effects)})
        body.effects = [later]
        return self.triggered([trigger, body])

    def chaos_trigger(self, c: list[Any]) -> Parsed:
        return Parsed("triggered", body=c[-1], trigger=Trigger("chaos_ensues"))

    def chapter(self, c: list[Any]) -> Parsed:
        romans = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7}
        chapters = tuple(romans[x] for x in c if isinstance(x, str))
        body = c[-1]
        return Parsed("triggered", body=body, trigger=Trigger("chapter", chapters=chapters))

    # ---------------------------------------------------------------- triggers
    def when(self, c: list[Any]) -> Trigger:
        return c[0]

    def when_and(self, c: list[Any]) -> Trigger:
        """ "When this creature enters and whenever you cast a party spell, ...",
        "at the beginning of your upkeep and whenever you cast a red spell, ...": one
        ability with two trigger events, each with its own subject, step and player
        (CR 603.2: it triggers whenever any of them occurs), kept as ``or_events``."""
        first, second = (x for x in c if isinstance(x, Trigger))
        if dict(first.details).get("or_events") or dict(second.details).get("or_events"):
            raise CompileError("trigger: nested alternatives")
        if first.condition is not None or second.condition is not None:
            raise CompileError("trigger: a condition in one of two events")
        extra = (*second.details, ("or_subject", second.subject), ("or_player", second.player))
        if second.step is not None:
            extra = (*extra, ("or_step", second.step))
        return Trigger(
            first.event,
            first.subject,
            first.step,
            first.player,
            details=(*first.details, ("or_events", (second.event,)), ("or_details", (extra,))),
        )

    def when_and_step(self, c: list[Any]) -> Trigger:
        return self.when_and([c[0], self.at_step([c[1]])])

    def step_and_when(self, c: list[Any]) -> Trigger:
        return self.when_and([self.at_step([c[0]]), c[1]])

    def ev_cumulative_upkeep_paid(self, c: list[Any]) -> Trigger:
        # "Whenever this creature's cumulative upkeep is paid" (Balduvian Fallen,
        # CR 702.24a): the payment of one instance of the ability
        if not isinstance(c[0], SelfRef):
            raise CompileError("cumulative upkeep paid: not this permanent")
        return Trigger("cumulative_upkeep_paid", SelfRef())

    def ev_damage_prevented_to_you(self, c: list[Any]) -> Trigger:
        # "Whenever damage that would be dealt to you is prevented" (Selfless Squire,
        # CR 615.13): "that many" is the damage prevented
        return Trigger("damage_prevented", Filter(kinds=("player",), conditions=(("you", True),)))

    def ev_finish_voting(self, c: list[Any]) -> Trigger:
        # "Whenever players finish voting" (CR 701.38a): once every vote is cast
        return Trigger("finish_voting")

    def ev_ring_tempts(self, c: list[Any]) -> Trigger:
        # "Whenever the Ring tempts you" (CR 701.54d)
        return Trigger("ring_tempts", player="you")

    def ev_nth_counter_put_on(self, c: list[Any]) -> Trigger:
        """ "When the fourth plan counter is put on this enchantment" (CR 122.1,
        603.2): counters of that kind put on it take their number from below that
        ordinal to it or beyond (``nth``, rules/triggers.py)."""
        nth = [ORDINAL_WORDS[x] for x in c if isinstance(x, str) and x in ORDINAL_WORDS]
        rest = [x for x in c if not (isinstance(x, str) and x in ORDINAL_WORDS)]
        t = self.ev_counters_put_on(rest)
        return Trigger(t.event, t.subject, details=(*t.details, ("nth", nth[0])))

    def ev_state_no_counters(self, c: list[Any]) -> Trigger:
        """ "When Dark Depths has no ice counters on it" (a state trigger, CR 603.8):
        the source has no counters of that kind (rules/state_triggers.py)."""
        kind = next(x for x in c if isinstance(x, str))
        return Trigger("self_counters", SelfRef(), details=(("counter", kind), ("at_most", 0)))

    def ev_state_counters_at_least(self, c: list[Any]) -> Trigger:
        """ "When this artifact has twenty or more charge counters on it", "when there
        are five or more plot counters on this enchantment" (state triggers, CR
        603.8): the source has at least that many counters of that kind."""
        kind = next(x for x in c if isinstance(x, str))
        n = next((x for x in c if isinstance(x, int) and not isinstance(x, bool)), None)
        if n is None:
            raise CompileError("state trigger: a number of counters that isn't fixed")
        return Trigger("self_counters", SelfRef(), details=(("counter", kind), ("at_least", n)))

    def ev_counters_put_on(self, c: list[Any]) -> Trigger:
        """ "Whenever one or more +1/+1 counters are put on this creature", "whenever
        a time counter is put on ..." (CR 122.1, 603.2): once for each permanent
        that counters of that kind are put on at once (CR 603.2c); "that many" is
        how many."""
        kind = next(x for x in c if isinstance(x, str))
        on = c[-1]
        subject: SelfRef | Filter
        if isinstance(on, SelfRef | It):
            subject = SelfRef()
        elif isinstance(on, Some | EachRef) and not is_player_filter(on.filter):
            subject = on.filter
        else:
            raise CompileError(f"counters put on {on!r}")
        return Trigger("counters_put", subject, details=(("counter", kind),))

    def ev_ring_bearer_chosen(self, c: list[Any]) -> Trigger:
        # "Whenever you choose a creature as your Ring-bearer" (CR 701.54a)
        return Trigger("ring_bearer_chosen", player="you")

    def ev_gain_or_lose_life(self, c: list[Any]) -> list[tuple[str, tuple[Any, ...]]]:
        """ "Whenever you gain or lose life during your turn" (Wax-Wane Witness, Moonstone
        Harbinger; CR 119.3, 603.2): two events, either of which triggers it
        (trigger_event reads them as alternatives; trig_in_turn adds the turn)."""
        return [("gain_life", ()), ("lose_life", ())]

    def trigger_event(self, c: list[Any]) -> Trigger:
        subject = c[0]
        # (a list: two events one phrase names, "gain or lose life")
        preds = [
            p for x in c[1:] for p in (x if isinstance(x, list) else [x]) if isinstance(p, tuple)
        ]
        subj: Any
        player = "you"
        if isinstance(subject, SelfRef):
            subj = SelfRef()
        elif isinstance(subject, ControllerRef):
            subj = Filter(kinds=("player",), conditions=(("you", True),))
        elif isinstance(subject, (Some, EachRef)):
            subj = subject.filter
            if is_player_filter(subj):
                player = "opponent" if ("opponent", True) in subj.conditions else "each"
        elif isinstance(subject, Tgt):
            raise CompileError("target in trigger")
        elif isinstance(subject, tuple) and subject[0] == "self_or":
            subj = subject[1].filter if isinstance(subject[1], (Some, EachRef)) else None
            subj = (
                Filter(subj.kinds, subj.zone, (*subj.conditions, ("or_self", True)))
                if subj
                else SelfRef()
            )
        elif isinstance(subject, It):
            subj = SelfRef()
        else:
            raise CompileError(f"trigger subject {subject!r}")
        if any(p[0] == "discarded_by" for p in preds):
            return _discarded_by_trigger(subject, preds)
        preds = _share_blocked_by(preds)
        if isinstance(subj, Filter) and not is_player_filter(subj):
            subj, preds = _under_whose_control(subj, preds)
        if not isinstance(subj, SelfRef) and any(("untapped", True) in p[1] for p in preds):
            # "whenever a creature an opponent controls enters untapped, they may ..."
            # (Charismatic Conqueror): only a permanent's own "enters untapped" is read
            raise CompileError("trigger: another permanent enters untapped")
        if any(p[0] == "attached_put_into_graveyard" for p in preds):
            # "When enchanted Forest is put into a graveyard" (Genju of the Cedars):
            # the permanent the source is attached to is on the battlefield, so this
            # is its being put into a graveyard from there (CR 700.4, 603.6c, 603.10a);
            # of any other subject it could be from anywhere: not compiled
            if not (
                isinstance(subj, Filter)
                and subj.zone == "battlefield"
                and any(v == "self" and k in _ATTACHED_TO_SOURCE for k, v in subj.conditions)
            ):
                raise CompileError("trigger: 'is put into a graveyard' of this subject")
            preds = [("dies", p[1]) if p[0] == "attached_put_into_graveyard" else p for p in preds]
        event, details = preds[0]
        if event == "tap_for_mana" and ("passive", True) in details:
            if len(preds) > 1 or not isinstance(subj, Filter):
                raise CompileError("trigger: 'is tapped for mana' of this subject")
            # "whenever enchanted land is tapped for mana": whoever taps it (CR 106.12a)
            return Trigger(
                event,
                Filter(kinds=("player",), conditions=()),
                player="each",
                details=(("what", subj),),
            )
        if not isinstance(subj, SelfRef) and any(p[0] in _SELF_ONLY_EVENTS for p in preds):
            raise CompileError("another permanent phases out or in")
        if (
            event == "attacks"
            and not details
            and len(preds) == 1
            and isinstance(subj, Filter)
            and is_player_filter(subj)
        ):
            # "whenever you attack": one or more creatures that player controls are
            # declared as attackers (CR 508.3d), once for the declaration
            event, details = "attack_with", (("count", 1),)
        if (
            event == "attacks"
            and isinstance(subj, Filter)
            and is_player_filter(subj)
            and dict(details).get("attack_target") in ("enchanted_player", "battle")
        ):
            # "whenever you attack enchanted player" (Archnemesis): a player's attack
            # on one player, not read
            raise CompileError("trigger: a player attacks enchanted player or a battle")
        if (
            event == "attacks"
            and ("attack_target", "opponent") in details
            and isinstance(subject, Some)
            and subject.count != 1
        ):
            # "whenever one or more creatures attack one of your opponents": one event
            # for each opponent attacked, not one for each creature (CR 603.2c)
            raise CompileError("trigger: one or more creatures attack one of your opponents")
        if (
            event == "attacks"
            and not details
            and len(preds) == 1
            and isinstance(subject, Some)
            and (subject.count == "one_or_more" or isinstance(subject.count, int))
            and subject.count != 1
        ):
            # "whenever two or more creatures attack", "whenever one or more creatures
            # you control attack": one event, the declaration of attackers, and how
            # many of them match (CR 508.1, 603.2c), as "whenever you attack with"
            count = 1 if subject.count == "one_or_more" else subject.count
            return Trigger(
                "attack_with",
                Filter(kinds=("player",), conditions=()),
                player="each",
                details=(("what", subject.filter), ("count", count)),
            )
        if (
            event in ("tapped", "dies", "leaves", "leaves_graveyard", "put_into_graveyard")
            and isinstance(subject, Some)
            and subject.count == "one_or_more"
        ):
            # "whenever one or more Merfolk you control become tapped", "whenever one
            # or more creatures die": once per batch of objects (CR 603.2c,
            # rules/tapping.py, rules/simultaneous.py)
            details = (*details, ("one_or_more", True))
        if (
            event in ("deals_damage", "deals_combat_damage")
            and isinstance(subject, Some)
            and subject.count == "one_or_more"
        ):
            # "whenever one or more creatures you control deal combat damage to a
            # player" (Disa the Restless): once for each player dealt damage in one
            # damage event, however many of the sources dealt it (CR 603.2c, 510.2)
            details = (*details, ("one_or_more_sources", True))
        if {p[0] for p in preds} == {"play", "cast"} and (
            len(
                {
                    v.zone if v.zone not in ("battlefield", "stack") else None
                    for p in preds
                    for k, v in p[1]
                    if k == "what" and isinstance(v, Filter)
                }
            )
            > 1
        ):
            # "whenever you play a land or cast a spell from anywhere other than your
            # hand" (Shadow of the Goblin): the zone is about both events, but only
            # the last one names it; not read ("from exile" twice, Pia Nalaar, is)
            raise CompileError("trigger: play a land or cast a spell from a zone")
        if len(preds) > 1:
            # "whenever X enters or attacks": the other events, each with its own details
            details = (*details, ("or_events", tuple(p[0] for p in preds[1:])))
            if any(p[1] for p in preds[1:]):
                details = (*details, ("or_details", tuple(tuple(p[1]) for p in preds[1:])))
        return Trigger(event, subj, player=player, details=tuple(details))

    def trig_in_turn(self, c: list[Any]) -> Trigger:
        """ "whenever another creature dies during your turn" (Vogar, Necropolis
        Tyrant; CR 603.2): the event, only while it's that player's turn; the turn is
        a detail every trigger event reads (rules/triggers._turn_matches)."""
        *rest, whose = c
        trig = self.trigger_event(rest)
        det = dict(trig.details)
        if any(k in ("turn", "during") for k, _v in trig.details) or (
            "or_events" in det and det["or_events"] != ("lose_life",)
        ):
            raise CompileError("trigger: 'during your turn' of several events")
        if "or_events" in det:
            # "whenever you gain or lose life during your turn" (Wax-Wane Witness): each
            # of the events only in that turn
            others = det.get("or_details") or tuple(() for _ in det["or_events"])
            return dataclasses.replace(
                trig,
                details=(
                    *(kv for kv in trig.details if kv[0] != "or_details"),
                    whose,
                    ("or_details", tuple((*dd, whose) for dd in others)),
                ),
            )
        return dataclasses.replace(trig, details=(*trig.details, whose))

    def trig_your_commander(self, c: list[Any]) -> Trigger:
        """ "Whenever your commander enters or attacks" (Tome of Legends; CR 903.3):
        "your commander" is a commander you own, whoever controls it, read as "a
        commander you own"."""
        yours = Filter(("commander",), "battlefield", (("commander", True), ("owner", "you")))
        return self.trigger_event([Some(yours), *c])

    def trig_first_each_turn(self, c: list[Any]) -> Trigger:
        """ "Whenever this creature attacks for the first time each turn" (Aurelia,
        the Warleader; CR 603.2, 508.1), "whenever you lose life for the first time
        each turn" (Vengeful Warchief; CR 119.3): the event only if no such event
        happened earlier in the turn, whether or not the ability existed then. Only
        events whose firsts the rules record (rules/triggers.py) are compiled."""
        trig = self.trigger_event(c)
        det = dict(trig.details)
        if trig.event not in _FIRST_EACH_TURN_EVENTS or any(
            k in det for k in ("turn", "or_events", "first_each_turn")
        ):
            raise CompileError(f"trigger: '{trig.event}' for the first time each turn")
        if trig.event == "attacks" and (det or not isinstance(trig.subject, SelfRef)):
            # (each creature's own first attack: only "this creature attacks" is read)
            raise CompileError("trigger: another creature attacks for the first time")
        return dataclasses.replace(trig, details=(*trig.details, ("first_each_turn", True)))

    def trig_multi(self, c: list[Any]) -> Trigger:
        """ "Whenever another creature dies, or a creature card is put into a graveyard
        from anywhere other than the battlefield, or a creature card leaves your
        graveyard" (Syr Konrad): events with their own subjects (CR 603.2: any of
        them), kept as ``or_events`` with each one's subject in ``or_details``."""
        groups: list[list[Any]] = [[]]
        for x in c:
            if isinstance(x, Token) and x.type == "TRIG_OR":
                groups.append([])
            else:
                groups[-1].append(x)
        trigs = [self.trigger_event(g) for g in groups]
        first = trigs[0]
        if any(t.player != first.player or dict(t.details).get("or_events") for t in trigs):
            raise CompileError("trigger: alternatives for different players")
        rest = trigs[1:]
        return Trigger(
            first.event,
            first.subject,
            player=first.player,
            details=(
                *first.details,
                ("or_events", tuple(t.event for t in rest)),
                ("or_details", tuple((*t.details, ("or_subject", t.subject)) for t in rest)),
            ),
        )

    def ev_put_into_graveyard_not_bf(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        # "is put into a graveyard from anywhere other than the battlefield" (Syr Konrad)
        name, details = self._put_into_graveyard_base(c)
        return name, (*details, ("not_from", "battlefield"))

    def ev_put_into_graveyard_from_library(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "is put into your graveyard from your library" (Narcomoeba; milled,
        surveilled, ...; CR 603.2): only cards coming from the library."""
        name, details = self._put_into_graveyard_base(c)
        return name, (*details, ("from", "library"))

    def ev_discarded_by(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        # "causes you to discard this card": read with its subject (trigger_event)
        return ("discarded_by", ())

    def trig_or(self, c: list[Any]) -> None:
        return None

    def when_none_on_battlefield(self, c: list[Any]) -> Trigger:
        """ "When no creatures are on the battlefield", "when there are no lands on the
        battlefield" (Last Laugh, Mana Vortex): a state trigger (CR 603.8) on the
        permanents of every player (rules/state_triggers.py)."""
        flt = next(x for x in c if isinstance(x, Filter))
        return Trigger(
            "control_count",
            Filter(kinds=("player",), conditions=()),
            player="each",
            details=(("what", with_zone(flt, "battlefield")), ("at_most", 0)),
        )

    def when_self_power_at_least(self, c: list[Any]) -> Trigger:
        """ "When this creature's power is 7 or greater" (Phyrexian Devourer): a state
        trigger (CR 603.8) on its power (rules/state_triggers.py)."""
        n = next(x for x in c if isinstance(x, int))
        return Trigger("self_power", SelfRef(), details=(("at_least", n),))

    def ev_control_some(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "When you control a Dwarf", "when you control seven or more Thrulls" (CR
        603.8): a state trigger on how many such permanents its players control."""
        flt = next(x for x in c if isinstance(x, Filter))
        n = next((x for x in c if isinstance(x, int)), 1)
        return ("control_count", (("what", with_zone(flt, "battlefield")), ("at_least", n)))

    def when_haunted_dies(self, c: list[Any]) -> Trigger:
        """ "When the creature this card haunts dies" (CR 702.55b-c): it triggers
        from the exile zone (``keywords/haunt.py``)."""
        return Trigger("haunted_dies")

    def ev_haunted_dies(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "... or the creature it haunts dies" (CR 702.55b-c)."""
        return ("haunted_dies", ())

    def _ev(name: str):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
            details: list[tuple[str, Any]] = []
            for x in c:
                if isinstance(x, Some) and x.count == "one_or_more" and name in _ONCE_EVENTS:
                    # "deals damage to one or more creatures": once per damage event
                    # and source; "whenever you discard one or more cards": once per
                    # discarding event (CR 603.2c)
                    details.append(("one_or_more", True))
                if isinstance(x, (Some, EachRef)):
                    details.append(("what", x.filter))
                elif isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str):
                    details.append(x)
                elif isinstance(x, ControllerRef):
                    details.append(("what", Filter(kinds=("player",), conditions=(("you", True),))))
                elif isinstance(x, Tgt):
                    details.append(("what", x.spec.filter))
                elif isinstance(x, SelfRef):
                    details.append(("what", Filter(conditions=(("self", True),))))
                elif isinstance(x, (int, Amount)):
                    details.append(("amount", x))
            return (name, tuple(details))

        return method

    ev_enters = _ev("enters")
    ev_attached_put_into_graveyard = _ev("attached_put_into_graveyard")

    def ev_enters_untapped(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "When this land enters untapped" (Mystic Sanctuary; CR 603.6a): an
        enters-the-battlefield event of a permanent that is untapped as it enters
        (CR 110.5: its status as it arrives, rules/triggers.py)."""
        return ("enters", (("untapped", True),))

    ev_dies = _ev("dies")
    ev_attacks = _ev("attacks")
    ev_blocks = _ev("blocks")
    ev_blocked = _ev("becomes_blocked")
    ev_combat_damage = _ev("deals_combat_damage")
    ev_damage = _ev("deals_damage")
    ev_dealt_damage = _ev("dealt_damage")
    ev_dealt_combat_damage = _ev("dealt_combat_damage")

    def ev_noncombat_damage(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "deals noncombat damage to an opponent" (CR 120.2, 510.2): damage other
        than combat damage (rules/triggers.py)."""
        name, details = self.ev_damage(c)
        return name, (*details, ("noncombat", True))

    def ev_dealt_noncombat_damage(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "whenever an opponent is dealt noncombat damage" (CR 120.2, 510.2)."""
        name, details = self.ev_dealt_damage(c)
        return name, (*details, ("noncombat", True))

    ev_leaves = _ev("leaves")

    def ev_leaves_zone(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever one or more creature cards leave your graveyard" (CR 603.10a:
        it looks back at the cards as they were in the graveyard): ``whose``
        graveyard ("you", "opponent", or None for any)."""
        zone = c[0]
        if zone != ("graveyard", "you"):
            raise CompileError(f"trigger: leaves {zone}")
        if len(c) > 1:  # "... leave your graveyard during your turn"
            return ("leaves_graveyard", (("whose", "you"), ("your_turn", True)))
        return ("leaves_graveyard", (("whose", "you"),))

    def ev_exiled_from_battlefield(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "is put into exile from the battlefield" (God-Eternal Oketra): the zone
        change "is put into a graveyard from the battlefield" is, to exile (CR 603.6c,
        603.10a; rules/triggers._put_into_matches)."""
        return ("dies", (("exile", None),))

    def ev_exiled_from_graveyard(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever one or more cards are put into exile from your graveyard"
        (Rakshasa Vizier): leaving the graveyard for exile (CR 603.10a, 406.2)."""
        if c[0] != ("graveyard", "you"):
            raise CompileError(f"trigger: put into exile from {c[0]}")
        return ("leaves_graveyard", (("whose", "you"), ("to_zone", "exile")))

    def during_your_turn(self, c: list[Any]) -> bool:
        return True

    def turn_yours(self, c: list[Any]) -> tuple[str, str]:
        return ("turn", "you")  # "during your turn" (rules/triggers._turn_matches)

    def turn_combat(self, c: list[Any]) -> tuple[str, str]:
        return ("during", "combat")  # "during combat" (rules/triggers._turn_matches)

    def turn_opponents(self, c: list[Any]) -> tuple[str, str]:
        return ("turn", "opponent")  # "during an opponent's turn"

    def ev_leaves_opp_graveyard(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever a creature card leaves an opponent's graveyard" (CR 603.10a)."""
        return ("leaves_graveyard", (("whose", "opponent"),))

    def ev_championed(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "When a Faerie is championed with this creature" (CR 702.72c): only this
        object's champion ability counts (``keywords/champion.py``)."""
        return ("championed", ())

    ev_cast = _ev("cast")

    def ev_cast_nth(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you cast your second spell each turn" (CR 603.2, 601.2i): the
        ordinal is kept as ``nth``, the cast it triggers on."""
        nth = [ORDINAL_WORDS[x] for x in c if isinstance(x, str) and x in ORDINAL_WORDS]
        return "cast", (("nth", nth[0]),)

    def ev_cast_your_commander(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "When you cast your commander" (Skyfire Phoenix; CR 903.3, 601.2i): a spell
        that is a commander you own, from any zone."""
        what = Filter(("spell",), "stack", (("commander", True), ("owner", "you")))
        return "cast", (("what", what),)

    def ev_cast_nth_opponents_turn(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you cast your first spell during each opponent's turn": the
        ``nth`` spell of the turn, in a turn that isn't its caster's (CR 603.2)."""
        event, details = self.ev_cast_nth(c)
        return event, (*details, ("turn", "opponent"))

    def ev_cast_nth_instant_sorcery(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you cast your first instant or sorcery spell each turn" (Double
        Vision; CR 603.2, 601.2i): an instant or sorcery spell, the ``nth`` of those
        its caster cast this turn (``nth_instant_sorcery``)."""
        types = {str(x).lower() for x in c if isinstance(x, Token) and x.type == "CARD_TYPE"}
        if types != {"instant", "sorcery"}:
            raise CompileError(f"your Nth {' or '.join(sorted(types))} spell each turn")
        nth = [ORDINAL_WORDS[x] for x in c if isinstance(x, str) and x in ORDINAL_WORDS]
        what = Filter(kinds=("Instant", "Sorcery"), zone="stack")
        return "cast", (("what", what), ("nth_instant_sorcery", nth[0]))

    def ev_cast_nth_kind(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you cast your first enchantment spell each turn" (Tuvasa the
        Sunlit; CR 603.2, 601.2i): a spell of that description, the ``nth_kind`` of
        the spells of that description its caster cast this turn."""
        what = next(x for x in c if isinstance(x, Filter))
        nth = [ORDINAL_WORDS[x] for x in c if isinstance(x, str) and x in ORDINAL_WORDS]
        if not nth:
            raise CompileError("your Nth ... spell each turn")
        return "cast", (("what", what), ("nth_kind", nth[0]))

    _ev_draw = _ev("draw")

    def ev_draw(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you draw a card"; "whenever you draw your second card each turn"
        (CR 603.2, 121.2): the ordinal is kept as ``nth``, the draw it triggers on."""
        nth = [ORDINAL_WORDS[x] for x in c if isinstance(x, str) and x in ORDINAL_WORDS]
        event, details = self._ev_draw(
            [x for x in c if not (isinstance(x, str) and x in ORDINAL_WORDS)]
        )
        if nth:
            details = (*details, ("nth", nth[0]))
        return event, details

    ev_gain_life = _ev("gain_life")

    def ev_gain_life_first(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you gain life for the first time each turn" (CR 603.2, 119.3):
        the first life gain event of that player this turn."""
        name, details = self.ev_gain_life(c)
        return name, (*details, ("first_each_turn", True))

    ev_lose_life = _ev("lose_life")
    ev_lose_game = _ev("lose_game")  # CR 603.10f: looks back in time
    ev_tapped = _ev("tapped")
    ev_unattached = _ev("unattached")  # CR 603.10c: looks back in time
    ev_phases_out = _ev("phases_out")  # CR 702.26, 603.10b: looks back in time
    ev_phases_in = _ev("phases_in")
    ev_untapped = _ev("untapped")
    ev_targeted = _ev("becomes_target")

    def ev_targeted_first(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """Valiant: "Whenever this creature becomes the target of a spell or ability
        you control for the first time each turn" (CR 207.2c, 603.2): only the first
        time that player's spells and abilities target it this turn
        (rules/targeted.py)."""
        name, details = self.ev_targeted(c)
        return name, (*details, ("first_each_turn", True))

    ev_sacrifice = _ev("sacrifice")
    ev_cycle = _ev("cycle")
    ev_discard = _ev("discard")
    ev_play = _ev("play")

    def ev_win_flip(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you win a coin flip" (CR 705.2: the player who called it wins
        or loses it; a flip no one called has no winner)."""
        return ("flip_coin", (("won", True),))

    def ev_lose_flip(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you lose a coin flip" (CR 705.2)."""
        return ("flip_coin", (("won", False),))

    def ev_activate(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever a player activates an ability that isn't a mana ability",
        "... an ability of an artifact or creature that isn't a mana ability" (CR
        602.2): the ability put on the stack, by its source (CR 113.7a). A mana
        ability's activation is no such event (it doesn't use the stack, CR 605.3a),
        so an ability that could be one isn't compiled."""
        what = next((x for x in c if isinstance(x, (Some, EachRef))), None)
        if what is None or what.filter.kinds != ("ability",):
            raise CompileError("activating something other than an ability")
        not_mana = False
        source: Filter | None = None
        for k, v in what.filter.conditions:
            if k == "not_mana_ability":
                not_mana = True
            elif k == "ability_of" and isinstance(v, Filter):
                # (the last words may have bound to the source: "of an artifact that
                # isn't a mana ability")
                conds = tuple(x for x in v.conditions if x[0] != "not_mana_ability")
                not_mana = not_mana or len(conds) != len(v.conditions)
                source = Filter(v.kinds, "battlefield", conds)
            else:
                raise CompileError(f"an activated ability described by {k!r}")
        if not not_mana:
            raise CompileError("activating an ability that may be a mana ability")
        details: tuple[tuple[str, Any], ...] = (("not_mana", True),)
        if source is not None:
            details += (("ability_of", source),)
        return ("activate", details)

    def _activate_keyword(self, c: list[Any]) -> tuple[str, Any]:
        kw = next((str(x) for x in c if isinstance(x, str)), "")
        spec = KEYWORDS_BY_LOWER.get(kw.lower())
        if spec is None:
            raise CompileError(f"an ability of an unknown keyword: {kw!r}")
        return ("ability_keyword", spec.name)

    def ev_activate_keyword(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you activate an exhaust ability" (Adrenaline Jockey), "... a
        boast ability" (CR 602.2, 702.142, 702.177): an activated keyword ability,
        never a mana ability."""
        return ("activate", (self._activate_keyword(c),))

    def ev_activate_keyword_self(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you activate this creature's outlast ability" (Herald of
        Anafenza; CR 602.2, 702.107a)."""
        return ("activate", (self._activate_keyword(c), ("ability_of_self", True)))

    def ev_activate_loyalty(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you activate a loyalty ability of a Chandra planeswalker" (Keral
        Keep Disciples), "... of enchanted planeswalker" (CR 602.2, 606.3): a loyalty
        ability is never a mana ability (605.1a)."""
        details: list[tuple[str, Any]] = [("loyalty", True)]
        of = next((x for x in c if not isinstance(x, (str, Token))), None)
        if of is not None:
            flt = of.filter if isinstance(of, (Some, EachRef)) else of
            if not isinstance(flt, Filter):
                raise CompileError(f"a loyalty ability of {of!r}")
            details.append(("ability_of", flt))
        return ("activate", tuple(details))

    def ev_attack_with(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you attack with three or more creatures" (CR 508.1, 603.2): how
        many of the declared attackers must match, kept as ``count``."""
        name, details = self._attack_with_base(c)
        some = next((x for x in c if isinstance(x, Some)), None)
        n = some.count if some is not None else 1
        count = 1 if n == "one_or_more" else n
        if isinstance(count, int):
            details = (*details, ("count", count))
        return name, details

    def ev_self_and_others_attack(self, c: list[Any]) -> Trigger:
        """Battalion: "Whenever this creature and at least two other creatures attack"
        (CR 207.2c): one declaration of attackers (CR 508.1) with this creature among
        them and at least N other attacking creatures (CR 603.2), counted by
        rules/triggers.attack_with_count."""
        if not isinstance(c[0], SelfRef):
            raise CompileError("trigger: another object and others attack")
        n = next(x for x in c if isinstance(x, int))
        kind = card_type(str(c[-1]))
        return Trigger(
            "attack_with",
            Filter(kinds=("player",), conditions=(("you", True),)),
            player="you",
            details=(("what", Filter(kinds=(kind,))), ("count", n + 1), ("with_self", True)),
        )

    _attack_with_base = _ev("attack_with")
    ev_tap_for_mana = _ev("tap_for_mana")

    def ev_is_tapped_for_mana(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever enchanted land is tapped for mana", "whenever a Forest is tapped
        for mana" (CR 106.12a): by any player; the subject is what is tapped, made a
        ``what`` detail in :meth:`trigger_event`."""
        return ("tap_for_mana", (("passive", True),))

    ev_transforms = _ev("transforms")
    ev_turned_face_up = _ev("turned_face_up")
    ev_create = _ev("create")
    ev_mill = _ev("mill")

    def ev_counters_put(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "Whenever you put one or more -1/-1 counters on a creature" (Nest of
        Scarabs), "whenever you put one or more counters on a creature you don't
        control" (Generous Patron): counters that player puts on a matching
        permanent (CR 122.1, 608.2c), or that it enters with (122.6, 122.6a), of the
        named kind (``counter``) or of any kind; once for each permanent (603.2c).
        The subject is who puts them (rules/triggers._counters_put)."""
        kind: str | None = None
        for x in c:
            if isinstance(x, Token) and x.type == "COUNTER_NAME":
                if str(x) != "more":
                    raise CompileError(f"counters put: 'one or {x} counters'")
            elif isinstance(x, str):
                kind = x
        on = c[-1]
        if not isinstance(on, (Some, EachRef, SelfRef, It)):
            raise CompileError(f"counters put on {on!r}")
        if isinstance(on, (Some, EachRef)) and is_player_filter(on.filter):
            raise CompileError("counters put on a player")
        what = (
            on.filter if isinstance(on, (Some, EachRef)) else Filter(conditions=(("self", True),))
        )
        details: list[tuple[str, Any]] = [("what", what), ("by_player", True)]
        if kind is not None:
            details.insert(0, ("counter", kind))
        return ("counters_put", tuple(details))

    ev_expend = _ev("expend")
    ev_crime = _ev("commit_crime")
    ev_complete_dungeon = _ev("complete_dungeon")  # CR 309.7 (rules/triggers._matches_now)
    ev_exert = _ev("exerted")  # CR 701.43a (rules/exert.py)
    ev_surveil = _ev("surveil")
    ev_player_attacked = _ev("player_attacked")  # (rules/triggers._matches_now)
    ev_proliferate = _ev("proliferate")  # CR 701.34a (rules/triggers._matches_now)

    def ev_roll_die(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        # CR 706.1: each die rolled is a roll of its own ("that many": its result)
        return "roll_die", (("each_die", True),)

    def ev_roll_dice(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        # once for the instruction to roll, whatever the number of dice (CR 603.2)
        return "roll_die", ()

    def ev_roll_at_least(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        # CR 706.2: the result after modifiers, of each die
        low = next(x for x in c if isinstance(x, int))
        return "roll_die", (("each_die", True), ("min_result", low))

    def ev_roll_either(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        values = tuple(x for x in c if isinstance(x, int))
        return "roll_die", (("each_die", True), ("results", values))

    ev_scry = _ev("scry")
    ev_explore = _ev("explore")

    def ev_explore_card(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "explores a land card" / "explores a nonland card" (Nicanzil; CR 701.44a):
        whether the card revealed as it explored was a land card."""
        flt = next((x.filter for x in c if isinstance(x, Some)), None)
        if flt is None or flt.kinds not in (("card",), ("Land",)):
            raise CompileError(f"explores {flt!r}")
        if flt.kinds == ("Land",) and not flt.conditions:
            return ("explore", (("revealed_land", True),))
        if flt.kinds == ("card",) and flt.conditions == (("not_type", "Land"),):
            return ("explore", (("revealed_land", False),))
        raise CompileError(f"explores {flt!r}")

    ev_crews = _ev("crews")  # "whenever this creature crews a Vehicle" (CR 702.122b)
    #: "When this creature exploits a creature" (CR 702.110b; keywords/exploit.py)
    ev_exploits = _ev("exploits")
    ev_monarch = _ev("becomes_monarch")

    def ev_fully_unlock(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "whenever you fully unlock a Room" (Eerie): one of the player's Room
        permanents gets its second unlocked designation, or both at once (CR 709.5i)."""
        room = c[-1]
        if not (
            isinstance(room, Some)
            and room.count == 1
            and room.filter.conditions == (("subtype", "Room"),)
        ):
            raise CompileError("fully unlock: not 'a Room'")
        return ("fully_unlock_room", ())

    ev_monstrous = _ev("becomes_monstrous")  # CR 701.37c
    ev_renowned = _ev("becomes_renowned")  # CR 702.112b

    def ev_class_level(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        # "When this Class becomes level 2" (CR 716.2a): effects/class_level.py
        n = next(int(str(x)) for x in c if isinstance(x, Token) and x.type == "NUMBER")
        return ("class_level", (("level", n),))

    ev_search = _ev("search_library")
    ev_countered = _ev("countered")  # "whenever a spell you've cast is countered" (CR 603.10e)
    ev_attacks_unblocked = _ev("attacks_unblocked")

    def ev_attacks_saddled(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "attacks while saddled" (CR 702.171b)."""
        return ("attacks", (("saddled", True),))

    ev_put_into_graveyard = _ev("put_into_graveyard")
    _put_into_graveyard_base = _ev("put_into_graveyard")
    _ev_control_none = _ev("control_none")

    def ev_control_none(self, c: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """ "When you control no Swamps" (a state trigger, CR 603.8): what is counted."""
        name, details = self._ev_control_none(c)
        flt = next((x for x in c if isinstance(x, Filter)), None)
        if flt is not None and not any(k == "what" for k, _ in details):
            details = (*details, ("what", flt))
        return name, details

    def attack_target(self, c: list[Any]) -> tuple[str, Any]:
        # "attacks you" / "attacks a player" (CR 508.1b: whom it attacks), "attacks
        # alone" (CR 506.5), "attacks each combat" (a requirement, 508.1d)
        words = " ".join(str(x) for x in c)
        if words == "alone":
            return ("alone", True)
        if words == "a player":
            return ("attack_target", "player")
        if words == "each combat":
            return ("each_combat", True)
        if words == "enchanted player":
            # "whenever a creature attacks enchanted player" (Curse of Predation): the
            # player this Aura enchants (CR 303.4e, 508.1b)
            return ("attack_target", "enchanted_player")
        if words.startswith("a "):
            if words != "a battle":
                raise CompileError(f"trigger: attacks {words}")
            return ("attack_target", "battle")  # (CR 310, 508.1b)
        if words == "one of your opponents":
            # "whenever a creature attacks one of your opponents" (CR 508.1b, 102.3):
            # the player it attacks is an opponent of this ability's controller
            return ("attack_target", "opponent")
        if words.startswith("you or a "):
            # "attacks you or a planeswalker you control" (CR 508.1b): you, or a
            # permanent of that card type you control
            return ("attack_target", ("you_or", words.split()[3].capitalize()))
        return ("attack_target", "you")

    def by_np(self, c: list[Any]) -> tuple[str, Any]:
        x = c[0]
        return ("by", x.filter if isinstance(x, (Some, EachRef)) else "any")

    def under_control(self, c: list[Any]) -> tuple[str, Any]:
        zone = next((x for x in c if isinstance(x, tuple)), None)
        if zone is not None and zone[0] == "graveyard" and zone[1] in ("you", None, "opponent"):
            # "enters from your graveyard" (CR 603.6a, 400.7): where it came from,
            # and whose graveyard ("a graveyard": anyone's)
            return ("entered_from", ("graveyard", zone[1]))
        return ("under_control", "specified")

    def under_your_control(self, c: list[Any]) -> tuple[str, Any]:
        # "whenever a land enters under your control" (CR 603.6a): who controls it
        # as it enters; trigger_event makes it a condition of the subject
        return ("under_control", "you")

    def under_opponents_control(self, c: list[Any]) -> tuple[str, Any]:
        return ("under_control", "opponent")

    def at_step(self, c: list[Any]) -> Trigger:
        step, player = c[0]
        return Trigger("step", step=step, player=player)

    def at_end_of_combat(self, c: list[Any]) -> Trigger:
        # "At end of combat" triggers as the end of combat step begins (CR 511.2),
        # in every combat phase, whoever's turn it is
        return Trigger("step", step="end_of_combat", player="each")

    def _step(self, c: list[Any], player: str) -> tuple[str, str]:
        name = next((x for x in c if isinstance(x, str)), "combat")
        return (name.replace(" ", "_"), player)

    def step_you(self, c: list[Any]) -> tuple[str, str]:
        return self._step(c, "you")

    def step_each(self, c: list[Any]) -> tuple[str, str]:
        return self._step(c, "each")

    def step_opponent(self, c: list[Any]) -> tuple[str, str]:
        return self._step(c, "opponent")

    def step_that_player(self, c: list[Any]) -> tuple[str, str]:
        return self._step(c, "that_player")

    def step_enchanted_player(self, c: list[Any]) -> tuple[str, str]:
        return self._step(c, "enchanted_player")

    def step_chosen_player(self, c: list[Any]) -> tuple[str, str]:
        return self._step(c, "chosen_player")

    def step_next(self, c: list[Any]) -> tuple[str, str]:
        return self._step(c, "next")

    def step_your_next(self, c: list[Any]) -> tuple[str, str]:
        """ "At the beginning of your next upkeep" (the Pacts): the next such step of
        one of your turns, not an opponent's (CR 603.7a, 503.1a)."""
        return self._step(c, "your_next")

    def step_combat_your(self, c: list[Any]) -> tuple[str, str]:
        return ("combat", "you")

    def step_combat_opponent(self, c: list[Any]) -> tuple[str, str]:
        return ("combat", "opponent")

    def step_combat_each(self, c: list[Any]) -> tuple[str, str]:
        return ("combat", "each")

    def step_other(self, c: list[Any]) -> tuple[str, str]:
        """ "each other player's draw step": any player's but the controller's (CR 102.1)."""
        return self._step(c, "other")

    def step_plural(self, c: list[Any]) -> str:
        # "postcombat main phases" -> the step "postcombat main phase" (CR 505.1a)
        return " ".join(str(x) for x in c).removesuffix("s")

    def step_enchanted_controller(self, c: list[Any]) -> tuple[str, str]:
        """ "At the beginning of the upkeep of enchanted creature's controller"
        (CR 303.4e, 503.1a): that player's step, whoever controls the Aura."""
        return self._step(c, "enchanted_controller")

    # ------------------------------------------------------------------ bodies
    def sent_attackers_do_same(self, c: list[Any]) -> list[Effect]:
        """ "Each opponent attacking that player does the same": the instructions
        before it again, each opponent of the controller who controls a creature
        attacking the enchanted player doing them instead of "you" (CR 508.1, 506.3)."""
        who = EachRef(
            Filter(("player",), conditions=(("opponent", True), ("attacking_enchanted", True)))
        )
        return [Effect("do_same", {"who": who})]

    def sentences(self, c: list[Any]) -> Body:
        body = Body()
        for part in c:
            if isinstance(part, Body):
                _merge(body, part)
            elif isinstance(part, list):
                for e in part:
                    if e.op == "do_same":
                        body.effects.extend(_done_by(x, e.args["who"]) for x in list(body.effects))
                    elif e.op == "choose_new_targets" and any(
                        x.op == "copy_spell" or _has_copy(x) for x in body.effects
                    ):
                        _mark_new_targets(body.effects)
                    elif (
                        e.op == "cant_be_regenerated"
                        and e.args.get("duration") is None
                        and any(x.op == "destroy" for x in body.effects)
                    ):
                        _mark_no_regen(body.effects)
                    elif e.op == "its_card_type":
                        if not body.effects or body.effects[-1].op != "return_to_battlefield":
                            raise CompileError("it's a [card type]: nothing returned before")
                        args = {"what": ParentRef(), **e.args, "subtypes": (), "duration": None}
                        body.effects.append(Effect("become", args))
                    elif e.op == "destroyed_no_regen":
                        if not any(x.op == "destroy" for x in body.effects):
                            raise CompileError("no creature is destroyed this way")
                        _mark_no_regen(body.effects)
                    elif e.op == "damage_unpreventable":
                        _mark_unpreventable(body.effects)
                    elif e.op == "granted_cost_is_mana_cost":
                        _set_granted_cost(body.effects, str(e.args["keyword"]))
                    elif (
                        e.op == "may_play"
                        and e.args.get("once")
                        and isinstance(e.args.get("what"), Those)
                        and sum(x.op in ("exile", "exile_top") for x in body.effects) != 1
                    ):
                        # "one of those cards" after two exiles ("exile it. If you do,
                        # exile the top card ...", Flameskull) names the cards of both;
                        # "those" is only the last one's (CR 608.2c)
                        raise CompileError("one of those cards: exiled by several instructions")
                    elif e.op == "enters_tapped_attacking" and isinstance(
                        e.args.get("what"), TheToken
                    ):
                        # "The token enters tapped and attacking." (CR 508.4)
                        _mark_tapped_attacking(body.effects)
                    elif e.op == "face_down_mask":
                        _mark_mask(body.effects)
                    elif e.op in ("cast_free", "cast") and _fold_cast_copy(body.effects, e):
                        pass
                    elif (
                        e.op == "cast_free"
                        and body.effects
                        and body.effects[-1].op == "create_noted_copy"
                    ):
                        # "You may cast the copy without paying its mana cost." (CR 707.12)
                        last = body.effects[-1]
                        body.effects[-1] = Effect(
                            last.op,
                            {**last.args, "cast": "may" if e.args.get("may") else "must"},
                            last.optional,
                            last.condition,
                        )
                    elif (
                        e.op == "face_down_values"
                        and body.effects
                        and body.effects[-1].op == "return_to_battlefield"
                        and body.effects[-1].args.get("face_down")
                    ):
                        # CR 708.2: the face-down permanent's listed characteristics
                        last = body.effects[-1]
                        body.effects[-1] = Effect(
                            last.op,
                            {**last.args, "face_down_values": e.args["values"]},
                            last.optional,
                            last.condition,
                        )
                    elif (
                        e.op == "excess_damage"
                        and body.effects
                        and body.effects[-1].op == "damage"
                        and isinstance(e.args["to"], ControllerOfRef)
                        and isinstance(e.args["to"].of, It)
                    ):
                        # "Excess damage is dealt to that creature's controller
                        # instead." (CR 120.4a): part of the damage event before it
                        last = body.effects[-1]
                        body.effects[-1] = Effect(
                            last.op,
                            {**last.args, "excess_to": "controller"},
                            last.optional,
                            last.condition,
                        )
                    elif (
                        e.op == "cast_exile_instead"
                        and body.effects
                        and body.effects[-1].op in _CASTS_LATER
                    ):
                        # "If that spell would be put into your graveyard, exile it
                        # instead" (CR 614.1a): the spell cast that way carries it
                        last = body.effects[-1]
                        body.effects[-1] = Effect(
                            last.op,
                            {**last.args, "exile_instead": e.args.get("types") or True},
                            last.optional,
                            last.condition,
                        )
                    elif (
                        e.op == "cast"
                        and body.effects
                        and body.effects[-1].op == "create_named_copy"
                    ):
                        # "You may cast the copy." (CR 707.13, 707.12): asked by the copy
                        last = body.effects[-1]
                        body.effects[-1] = Effect(
                            last.op,
                            {**last.args, "cast": "may" if e.optional else "must"},
                            last.optional,
                            last.condition,
                        )
                    else:
                        body.effects.append(e)
            elif isinstance(part, StaticEffect):
                body.statics.append(part)
            elif isinstance(part, tuple) and part and part[0] == "restriction":
                for key, value in part[1]:
                    if key == "timing":
                        body.timing = value
                    elif key == "limit":
                        body.limit_per_turn = value
                    else:
                        body.restrictions.append((key, value))
            elif isinstance(part, tuple) and part and part[0] == "sent_if":
                cond, effects = part[1], part[2]
                if (
                    not body.effects
                    and not body.condition
                    and cond.kind not in ("you_do", "you_dont", "they_do", "they_dont")
                ):
                    body.condition = cond
                    body.effects.extend(effects)
                else:
                    body.effects.extend(_with_condition(effects, cond))
            elif isinstance(part, tuple) and part and part[0] == "sent_if_instead":
                # (never the body's own condition, even as the first sentence of a
                # spell's paragraph: "Threshold — If ..., instead ..." replaces the
                # paragraph before it)
                if any(e.condition is not None for e in part[2]):
                    raise CompileError("instead: an instruction with its own condition")
                body.effects.extend(_with_condition(part[2], part[1]))
            elif isinstance(part, tuple) and part and part[0] == "no_regen":
                for i in range(len(body.effects) - 1, -1, -1):
                    if body.effects[i].op == "destroy":
                        e = body.effects[i]
                        body.effects[i] = Effect(
                            e.op, {**e.args, "no_regenerate": True}, e.optional, e.condition
                        )
                        break
            elif isinstance(part, tuple) and part and part[0] == "ignore":
                continue
            elif isinstance(part, tuple) and part and part[0] == "same_for":
                # "The same is true for ...": the previous effect, for other objects too
                if not body.effects or not isinstance(body.effects[-1].args.get("what"), EachRef):
                    raise CompileError("the same is true for: no effect before it")
                last = body.effects[-1]
                for flt in part[1]:
                    args = {**last.args, "what": EachRef(flt)}
                    body.effects.append(Effect(last.op, args, last.optional, last.condition))
            elif isinstance(part, tuple) and part and part[0] == "still":
                # "It's still a land." (CR 205.1b): the "becomes" keeps the old types
                for i in range(len(body.effects) - 1, -1, -1):
                    e = body.effects[i]
                    if e.op == "become" and e.args.get("types"):
                        args = {**e.args, "retain": True}
                        body.effects[i] = Effect(e.op, args, e.optional, e.condition)
                        break
            else:
                raise CompileError(f"sentence {part!r}")
        if any(_cost_unset(e) for e in body.effects):
            # "gains flashback" with no sentence saying its cost (CR 702.34a)
            raise CompileError("a keyword granted without its cost")
        if any(
            _discards_that_many(e) and any(x.op == "draw" for x in body.effects[:k])
            for k, e in enumerate(body.effects)
        ):
            # "draw cards equal to its power. If you do, discard that many cards"
            # (Horrid Shadowspinner): the number drawn, which no draw records for a
            # later instruction (CR 608.2c): not compiled
            raise CompileError("'discard that many cards' after a draw")
        return body

    def modal(self, c: list[Any]) -> Body:
        head, unchosen = _head_of(c[0])
        modes, x_min = _x_min_of_modes([m for m in c[1:] if isinstance(m, tuple)])
        return Body(modes=modes, choose=head, restrictions=[*x_min, *unchosen])

    def modal_dot(self, c: list[Any]) -> Body:
        # "Choose one. <restriction or rider sentences>" followed by the modes.
        head, unchosen = _head_of(c[0])
        pre = next((x for x in c[1:] if isinstance(x, Body)), None)
        modes, x_min = _x_min_of_modes([m for m in c[1:] if isinstance(m, tuple)])
        body = Body(modes=modes, choose=head, restrictions=[*x_min, *unchosen])
        if pre is not None:
            body.restrictions = [*pre.restrictions, *x_min, *unchosen]
            body.timing = pre.timing
            body.limit_per_turn = pre.limit_per_turn
            if any(e.op == "modes_repeat" for e in pre.effects):
                # CR 700.2d: "You may choose the same mode more than once."
                body.restrictions = [*body.restrictions, ("modes_repeat", True)]
                pre.effects = [e for e in pre.effects if e.op != "modes_repeat"]
            if any(e.op == "modes_different_players" for e in pre.effects):
                # "Each mode must target a different player." (Vindictive Lich; CR 700.2)
                body.restrictions = [*body.restrictions, ("modes_different_players", True)]
                pre.effects = [e for e in pre.effects if e.op != "modes_different_players"]
            for e in pre.effects:
                cond = e.condition or pre.condition
                if e.op == "modes_instead" and cond is not None:
                    # CR 700.2: "If this spell was kicked, choose any number instead."
                    body.restrictions = [
                        *body.restrictions,
                        ("modes_instead", (cond, e.args["choose"], e.optional)),
                    ]
            pre.effects = [
                e
                for e in pre.effects
                if e.op != "modes_instead" or (e.condition or pre.condition) is None
            ]
            if pre.effects or pre.statics:
                raise CompileError("rider sentence on a modal ability")
        return body

    def modal_after(self, c: list[Any]) -> Body:
        pre: Body = c[0]
        body = self.modal(c[1:])
        body.effects = pre.effects
        body.statics = pre.statics
        body.restrictions = [
            *pre.restrictions,
            *(r for r in body.restrictions if r[0] == MODES_UNCHOSEN),
        ]
        return body

    def choose_head_unchosen(self, c: list[Any]) -> tuple[tuple[int, int], str]:
        """ "choose one that hasn't been chosen —" (Kimoyo Beads): the modes this
        object's ability chose before are out (CR 700.2b; a new object starts afresh,
        400.7)."""
        return (self.choose_head(c), "game")

    def choose_head_unchosen_turn(self, c: list[Any]) -> tuple[tuple[int, int], str]:
        """ "choose one that hasn't been chosen this turn —" (Breeches, Eager
        Pillager): the modes its ability chose earlier this turn are out (CR 700.2b)."""
        return (self.choose_head(c), "turn")

    def choose_head(self, c: list[Any]) -> tuple[int, int]:
        text = next(x for x in c if isinstance(x, str))
        table = {
            "one": (1, 1),
            "two": (2, 2),
            "three": (3, 3),
            "four": (4, 4),
            "five": (5, 5),
            "one or both": (1, 2),
            "one or more": (1, 99),
            "any number": (0, 99),
            "x": (0, 99),
            "one at random": (1, 1),
        }
        if text in table:
            return table[text]
        if text.startswith("up to"):
            n = c[-1] if isinstance(c[-1], int) else 1
            return (0, n)
        return (1, 1)

    def mode(self, c: list[Any]) -> tuple[Any, ...]:
        body: Body = c[0]
        if body.modes or body.statics:
            raise CompileError("nested mode")
        x_min = [r for r in body.restrictions if r[0] == "x_min"]
        if x_min:
            # "• Put X +1/+1 counters on target creature. X can't be 0." (Marath):
            # a rule of the X announced for the ability (see _x_min_of_modes)
            return ("", body.effects, tuple(x_min))
        return ("", body.effects)

    def sent(self, c: list[Any]) -> list[Effect]:
        return c[0]

    def sent_copies_differ(self, c: list[Any]) -> list[Effect]:
        # "Each copy targets a different one of those creatures": how the copies
        # of "copy that spell for each other ..." are made (effects/copy.py)
        return []

    def sent_if(self, c: list[Any]) -> tuple[str, Condition, list[Effect]]:
        return ("sent_if", c[0], c[1])

    def sent_if_no_prevention(self, c: list[Any]) -> tuple[str, Condition, list[Effect]]:
        """ "If [condition], damage can't be prevented this turn." (CR 615.12): the
        effect begins only when the condition holds as the ability resolves."""
        return ("sent_if", c[0], self.no_prevention([]))

    def sent_if_extra_combat(self, c: list[Any]) -> tuple[str, Condition, list[Effect]]:
        """ "If it's the first combat phase of the turn, there is an additional combat
        phase after this phase" (Raiyuu, Storm's Edge; CR 500.8, 608.2c)."""
        cond = next(x for x in c if isinstance(x, Condition))
        return ("sent_if", cond, self.extra_combat([]))

    def sent_if_extra_combat_and_main(self, c: list[Any]) -> tuple[str, Condition, list[Effect]]:
        """ "If it's your main phase, there is an additional combat phase after this
        phase, followed by an additional main phase" (Overpowering Attack; CR 500.8,
        505.1a, 608.2c)."""
        cond = next(x for x in c if isinstance(x, Condition))
        return ("sent_if", cond, self.extra_combat_and_main([]))

    def sent_if_instead(self, c: list[Any]) -> tuple[str, Condition, list[Effect]]:
        """ "If this spell was kicked, instead search your library for ...", "Threshold
        — If ..., instead destroy all creatures, then ...": the sentence's instructions
        happen instead of those before it in the ability when the condition holds
        (CR 608.2c); :func:`.ir.fold_instead` puts the condition on both."""
        flag = {"instead": True, "instead_all": True}
        effects = [Effect(e.op, {**e.args, **flag}, e.optional, e.condition) for e in c[1]]
        return ("sent_if_instead", c[0], effects)

    def sent_if_where(self, c: list[Any]) -> tuple[str, Condition, list[Effect]]:
        """ "If you do, draw X cards, where X is the sacrificed creature's power": the
        conditional sentence's X, as in :meth:`sent_where`."""
        return self.sent_if([c[0], self._where_all(c[1:])])

    def _where_all(self, c: list[Any]) -> list[Effect]:
        effects = self.sent_where(c)
        if x_left(effects):
            # "return target creature card with mana value X or less ..., where X is
            # ...": an X this substitution doesn't reach: not compiled rather than
            # read as the ability's own X (0)
            raise CompileError("where X is: an X left in a description")
        return effects

    def sent_if_instead_where(self, c: list[Any]) -> tuple[str, Condition, list[Effect]]:
        """ "If this spell was cast from a graveyard, instead create X of those tokens,
        where X is ..." (The Final Days): :meth:`sent_if_instead` with its X."""
        return self.sent_if_instead([c[0], self._where_all(c[1:])])

    def sent_each_die_result(self, c: list[Any]) -> list[Effect]:
        # "For each result of 1, ..." (CR 706.3a): folded into the roll by die_table_body
        n = next(x for x in c if isinstance(x, int))
        return [Effect("die_each_result", {"low": n, "high": n, "effects": tuple(c[-1])})]

    def sent_each_other_die_result(self, c: list[Any]) -> list[Effect]:
        return [Effect("die_each_result", {"other": True, "effects": tuple(c[-1])})]

    def die_row(self, c: list[Any]) -> tuple[int, Any]:
        kws = c[-1]
        if len(kws) != 1:
            raise CompileError("die results table: one keyword per row")
        return (int(str(c[0])), kws[0].keyword)

    def die_table_body(self, c: list[Any]) -> Body:
        """CR 706.3a: "roll two six-sided dice. For each result of 1, ... For each other
        result, it gains the indicated ability ... • 2 — menace ..." — the per-die
        instructions and the table become the roll's ``each_result`` rows."""
        body: Body = c[0]
        table = [r for r in c[1:] if isinstance(r, tuple)]
        rolls = [i for i, e in enumerate(body.effects) if e.op == "roll_die"]
        if not rolls:
            raise CompileError("results table without a roll")
        rows: list[tuple[int | None, int | None, tuple[Effect, ...]]] = []
        rest: list[Effect] = []
        for e in body.effects:
            if e.op != "die_each_result":
                rest.append(e)
                continue
            if not e.args.get("other"):
                rows.append((e.args["low"], e.args["high"], e.args["effects"]))
                continue
            for n, kw in table:
                effs = tuple(
                    Effect(x.op, {**x.args, "keyword": kw}, x.optional, x.condition)
                    if x.args.get("keyword") == "indicated"
                    else x
                    for x in e.args["effects"]
                )
                rows.append((n, n, effs))
        i = rolls[0]
        roll = rest[i]
        rest[i] = Effect(
            roll.op, {**roll.args, "each_result": tuple(rows)}, roll.optional, roll.condition
        )
        body.effects = rest
        return body

    def sent_mask(self, c: list[Any]) -> list[Effect]:
        # Illusionary Mask: the face-down creature is turned face up instead of assigning
        # or dealing damage, being dealt damage or becoming tapped (CR 614.1a); folded
        # into the preceding cast_face_down by ``sentences``
        return [Effect("face_down_mask", {})]

    def sent_face_down_values(self, c: list[Any]) -> list[Effect]:
        # "It's a 3/3 creature with "..." and "..."" after "put it onto the battlefield
        # face down": the characteristics the effect lists (CR 708.2); folded into the
        # preceding return_to_battlefield by ``sentences``
        pt = next(x for x in c if isinstance(x, Token) and x.type == "PT")
        power, toughness = (int(v) for v in str(pt).split("/"))
        types = tuple(
            str(x).capitalize().rstrip("s")
            for x in c
            if isinstance(x, Token) and x.type == "CARD_TYPE"
        )
        abilities = tuple(a for x in c if isinstance(x, tuple) for a in x)
        values = {"power": power, "toughness": toughness, "types": types, "abilities": abilities}
        return [Effect("face_down_values", {"values": values})]

    def sent_pile_blocks(self, c: list[Any]) -> list[Effect]:
        # Camouflage: this turn, the declaration of blockers is replaced by piles
        # assigned to attackers at random (CR 614.1a, 509.1, 700.3)
        return [Effect("random_pile_blocks", {"duration": c[0]})]

    def sent_phase_simultaneously(self, c: list[Any]) -> list[Effect]:
        # "Simultaneously, all phased-out creatures phase in and all creatures with
        # phasing phase out" (CR 702.26): both sets are fixed before anything phases.
        nps = [x for x in c if not isinstance(x, Token)]
        effects = (
            substitute_subject([Effect("phase_in", {"what": SUBJ})], nps[0])[0],
            substitute_subject([Effect("phase_out", {"what": SUBJ})], nps[1])[0],
        )
        return [Effect("phase_simultaneously", {"effects": effects})]

    def sent_your_turn(self, c: list[Any]) -> list[Effect]:
        return _with_condition(c[0], Condition("your_turn"))

    def sent_nth_spell_cost_less(self, c: list[Any]) -> list[Effect]:
        """ "The first creature spell you cast each turn costs {2} less to cast." (CR
        601.2f): the cost of a spell of that description is reduced while its caster
        has cast N-1 such spells this turn (the spell being cast is counted only as it
        becomes cast, 601.2i)."""
        what = next(x for x in c if isinstance(x, Filter))
        nth = [ORDINAL_WORDS[x] for x in c if isinstance(x, str) and x in ORDINAL_WORDS]
        mana = next(x for x in c if isinstance(x, str) and x.startswith("{"))
        if not nth or what.zone not in ("", "stack"):
            raise CompileError("the Nth ... spell you cast each turn")
        n = nth[0]
        counted = Filter(what.kinds, "stack", what.conditions)
        before = Condition(
            "not", {"cond": Condition("spells_cast_ge", {"n": n, "filter": counted})}
        )
        if n > 1:
            at_least = Condition("spells_cast_ge", {"n": n - 1, "filter": counted})
            before = Condition("all", {"conds": (at_least, before)})
        spells = Filter(what.kinds, "stack", (*what.conditions, ("caster", "you")))
        args = {"what": spells, "mana": mana, "direction": "less", "duration": None}
        return [Effect("cost_change", args, condition=before)]

    def sent_not_your_turn(self, c: list[Any]) -> list[Effect]:
        """ "During turns other than yours, this artifact is a 2/3 Gargoyle artifact
        creature with flying." (Warden of the Wall; CR 611.3a, 500.1)."""
        return _with_condition(c[0], Condition("not_your_turn"))

    def sent_legend_rule_off(self, c: list[Any]) -> list[Effect]:
        """'The "legend rule" doesn't apply [to permanents you control].' (Mirror
        Gallery, Mirror Box, Sliver Gravemother): those legendary permanents aren't
        put into graveyards by the legend rule (CR 704.5j)."""
        what = next((x for x in c if not isinstance(x, Token)), None)
        if what is None:  # to every permanent
            what = Filter(("permanent",), "battlefield", ())
        flt = what.filter if isinstance(what, (Some, EachRef)) else what
        if not isinstance(flt, Filter):
            raise CompileError(f"the legend rule doesn't apply to {what!r}")
        return [Effect("legend_rule_doesnt_apply", {"what": flt})]

    def sent_cant_cast_your_turn(self, c: list[Any]) -> list[Effect]:
        """ "Your opponents can't cast spells during your turn." (Dragonlord Dromoka,
        Kutzil): the same as "During your turn, your opponents can't cast spells."
        (CR 601.3, 604.1)."""
        spells = Filter(("spell",), "stack", ())
        cant = Effect("cant_cast", {"what": SUBJ, "filter": spells, "duration": None})
        return _with_condition(substitute_subject([cant], c[0]), Condition("your_turn"))

    def sent_as_long(self, c: list[Any]) -> tuple[str, Condition, list[Effect]]:
        return ("sent_if", Condition("as_long_as", {"cond": c[0]}), c[1])

    def sent_duration(self, c: list[Any]) -> list[Effect]:
        duration, effects = c
        return [
            Effect(e.op, {**e.args, "duration": duration}, e.optional, e.condition)
            if "duration" in e.args or e.op in ("grant_keyword", "modify_pt")
            else _cast_permission(e, duration)
            if e.op in ("cast_free", "cast")
            else e
            for e in effects
        ]

    def sent_when_next_cast(self, c: list[Any]) -> list[Effect]:
        """ "When you next cast an instant or sorcery spell this turn, copy that spell."
        (Sword of Wealth and Power): a delayed triggered ability that triggers on an
        event, once (CR 603.7a, 603.7c)."""
        what, effects = c[0], c[-1]
        if not isinstance(what, (Some, EachRef)):
            raise CompileError(f"when you next cast: {what!r}")

        details = (("what", what.filter), ("this_turn", True))
        trig = Trigger("cast", None, player="you", details=details)
        # "that spell": the spell whose casting triggered the delayed ability
        spell = TriggerRef("spell")
        effects = [walk(e, lambda v: spell if isinstance(v, It) else None) for e in effects]
        return [
            Effect(
                "delayed_trigger",
                {"trigger": trig, "effects": tuple(effects)},
            )
        ]

    def sent_whenever_cast_this_turn(self, c: list[Any]) -> list[Effect]:
        """ "Whenever you cast a spell this turn, put a +1/+1 counter on target creature
        you control." (Showdown of the Skalds), "Until end of turn, whenever you cast an
        instant or sorcery spell, copy it." (The Mirari Conjecture): a delayed triggered
        ability with a stated duration, so it triggers each time until the turn ends
        (CR 603.7a, 603.7b); "it" is the spell whose casting triggered it (603.7c), and
        its targets are chosen each time it's put on the stack (603.3d)."""
        who, what, effects = c[0], c[1], c[-1]
        if not isinstance(who, ControllerRef) or not isinstance(what, (Some, EachRef)):
            raise CompileError(f"whenever [someone] cast ... this turn: {who!r}, {what!r}")
        details = (("what", what.filter), ("this_turn", True), ("repeats", True))
        trig = Trigger("cast", None, player="you", details=details)
        spell = TriggerRef("spell")
        effects = [walk(e, lambda v: spell if isinstance(v, It) else None) for e in effects]
        return [Effect("delayed_trigger", {"trigger": trig, "effects": tuple(effects)})]

    def sent_until_whenever_cast(self, c: list[Any]) -> list[Effect]:
        """ "Until end of turn, whenever you cast ..." (CR 603.7b): as "whenever you
        cast ... this turn"; another duration isn't run yet."""
        if c[0] != EOT:
            raise CompileError(f"{c[0]!r}, whenever you cast ...")
        return self.sent_whenever_cast_this_turn(c[1:])

    def sent_when_cast_it(self, c: list[Any]) -> list[Effect]:
        """ "You may cast target creature card in a graveyard this turn. When you cast
        it this turn, ..." (Havengul Lich): a delayed triggered ability that triggers
        when that card is cast, once, this turn (CR 603.7a, 603.7c); "that card" is
        the spell."""
        if not isinstance(c[0], ControllerRef):
            raise CompileError("when a player casts it: not you")
        details = (("this_turn", True), ("that_card", True))
        trig = Trigger("cast", None, player="you", details=details)
        spell = TriggerRef("spell")
        effects = [walk(e, lambda v: spell if isinstance(v, ThatObject) else None) for e in c[-1]]
        return [
            Effect("delayed_trigger", {"trigger": trig, "effects": tuple(effects), "what": It()})
        ]

    def sent_next_cast_to_hand(self, c: list[Any]) -> list[Effect]:
        """ "The next time you cast an instant or sorcery spell from your hand this
        turn, put that card into your hand instead of into your graveyard as it
        resolves." (Soulfire Grand Master): marks that spell as it's cast; as it
        resolves it goes to the hand (CR 608.2n, 614.1a; effects/next_cast.py)."""
        what = c[0]
        flt = what.filter if isinstance(what, (Some, EachRef)) else None
        if (
            flt is None
            or set(flt.kinds) != {"Instant", "Sorcery"}
            or flt.zone != "hand"
            or flt.conditions not in ((), (("owner", "you"),))
        ):
            raise CompileError(f"the next time you cast: {what!r}")
        return [Effect("next_cast_to_hand", {})]

    def sent_next_draw_instead(self, c: list[Any]) -> list[Effect]:
        """ "The next time you would draw a card this turn, create a 2/2 green Bear
        creature token instead." (Words of Wilding): a replacement effect of the
        controller's next draw this turn, used up once it applies (CR 614.1a;
        effects/next_cast.py, rules/draw_instead.py)."""
        effects = next(x for x in c if isinstance(x, list))
        if not effects or not effects[-1].args.get("instead"):
            raise CompileError("the next time you would draw a card, ... (no 'instead')")
        if any(e.optional for e in effects):
            raise CompileError("the next time you would draw a card, you may ... instead")
        if _names_target(effects):
            # "this enchantment deals 2 damage to any target instead" (Words of War):
            # the target is chosen as the replacement applies, not as it's activated
            raise CompileError("the next time you would draw a card, ... target ... instead")
        last = effects[-1]
        args = {k: v for k, v in last.args.items() if k != "instead"}
        done = (*effects[:-1], dataclasses.replace(last, args=args))
        return [Effect("next_draw_instead", {"effects": done})]

    def sent_next_cast_flash(self, c: list[Any]) -> list[Effect]:
        """ "The next sorcery spell you cast this turn can be cast as though it had
        flash." (Quicken): a permission for that one spell (CR 702.8a; effects/
        next_cast.py)."""
        kind = str(c[0]).capitalize()
        if kind != "Sorcery":
            raise CompileError(f"the next {kind.lower()} spell you cast this turn")
        return [Effect("next_cast_flash", {})]

    def sent_modes_different_players(self, c: list[Any]) -> list[Effect]:
        """ "Each mode must target a different player." (Vindictive Lich): a rider of a
        modal ability, made its "modes_different_players" restriction by modal_dot
        (CR 700.2, 601.2c; rules/casting.py)."""
        return [Effect("modes_different_players", {})]

    def sent_next_cast_uncounterable(self, c: list[Any]) -> list[Effect]:
        """ "The next [creature] spell you cast this turn can't be countered."
        (Mistrise Village, Insist, Overmaster): the effect waits for its controller's
        next spell of those card types this turn (CR 101.2, 611.2a; effects/next_cast.py)."""
        kinds = tuple(str(x).capitalize() for x in c)
        return [Effect("next_cast_uncounterable", {"kinds": kinds})]

    def sent_next_cast_less(self, c: list[Any]) -> list[Effect]:
        """ "The next spell you cast this turn costs {1} less to cast." (Peerless
        Samurai), "The next instant or sorcery spell you cast this turn costs {X} less
        to cast, where X is this creature's power as this ability resolves." (Maelstrom
        Muse): a cost reduction that waits for its controller's next spell of those
        card types (or that subtype) this turn (CR 601.2f, 611.2a), X counted as the
        instruction is followed (608.2h; effects/next_cast.py)."""
        kinds = tuple(
            str(x).capitalize() for x in c if isinstance(x, Token) and x.type == "CARD_TYPE"
        )
        subtypes = tuple(subtype(str(x)) for x in c if isinstance(x, Token) and x.type == "SUBTYPE")
        mana = next(str(x) for x in c if isinstance(x, Token) and x.type == "MANA_SYM")
        amount = next(
            (x for x in c if isinstance(x, (int, Amount)) and not isinstance(x, bool)), None
        )
        if mana.upper() == "{X}":
            if amount is None:
                raise CompileError("the next spell costs {X} less, with no X")
            args: dict[str, Any] = {"mana": "{1}", "amount": amount}
        elif amount is not None or not re.fullmatch(r"\{\d+\}", mana):
            raise CompileError(f"the next spell costs {mana} less")
        else:
            args = {"mana": mana, "amount": 1}
        return [Effect("next_cast_less", {**args, "kinds": kinds, "subtypes": subtypes})]

    def sent_when_lose_control(self, c: list[Any]) -> list[Effect]:
        """ "When you lose control of the creature, tap it." (Ray of Command): a
        delayed triggered ability about one object (CR 603.7a, 603.7c)."""
        what, effects = c[0], c[-1]
        trig = Trigger("lose_control", None, player="you")
        return [
            Effect("delayed_trigger", {"trigger": trig, "what": what, "effects": tuple(effects)})
        ]

    def sent_when_dies_this_turn(self, c: list[Any]) -> list[Effect]:
        """ "When that creature dies this turn, Searing Blood deals 3 damage to the
        creature's controller.": a delayed triggered ability about one object that
        triggers once if it dies this turn (CR 603.7a, 603.7c, 700.4)."""
        what, effects = c[0], c[-1]
        if any("what" in e.args for e in effects):
            # "return that card to the battlefield": the card the creature became in
            # the graveyard (CR 400.7), which these instructions don't name yet
            raise CompileError("when that creature dies this turn, [act on] that card")
        trig = Trigger("dies", None, player="you", details=(("this_turn", True),))
        return [
            Effect("delayed_trigger", {"trigger": trig, "what": what, "effects": tuple(effects)})
        ]

    def sent_when_leaves_this_turn(self, c: list[Any]) -> list[Effect]:
        """ "When that creature leaves the battlefield this turn, sacrifice this
        creature." (Kjeldoran Guard): a delayed triggered ability about one object
        that triggers once if it leaves the battlefield this turn, for any zone
        (CR 603.7a, 603.7c, 603.10a)."""
        what, effects = c[0], c[-1]
        trig = Trigger("leaves", None, player="you", details=(("this_turn", True),))
        return [
            Effect("delayed_trigger", {"trigger": trig, "what": what, "effects": tuple(effects)})
        ]

    def sent_whenever_attacks_this_turn(self, c: list[Any]) -> list[Effect]:
        """ "Whenever a creature attacks this turn, it gains lifelink until end of
        turn." (Ondu Rising): a delayed triggered ability with a stated duration, so it
        triggers each time, until the turn ends (CR 603.7a, 603.7b); "it" is the
        attacking creature (603.7c)."""
        what, effects = c[0], c[-1]
        flt = getattr(what, "filter", None)
        if not isinstance(flt, Filter) or not isinstance(what, Some):
            raise CompileError("whenever [that object] attacks this turn")
        effects = [walk(e, _attacker_for_it) for e in effects]
        trig = Trigger("attacks", flt, player="you", details=(("this_turn", True),))
        return [Effect("delayed_trigger", {"trigger": trig, "effects": tuple(effects)})]

    def sent_excess_damage(self, c: list[Any]) -> list[Effect]:
        """ "Excess damage is dealt to that creature's controller instead." (CR 120.4a):
        modifies the damage instruction before it (``sentences``)."""
        return [Effect("excess_damage", {"to": c[-1]})]

    def sent_lure_target(self, c: list[Any]) -> list[Effect]:
        """ "All creatures able to block target creature this turn do so." (Alluring
        Scent, Shinen of Life's Roar's channel): a blocking requirement on the target
        for the turn (CR 509.1c)."""
        if card_type(str(c[0])) != "Creature":
            raise CompileError("all [noncreatures] able to block ... do so")
        return [Effect("must_be_blocked_by_all", {"what": c[1], "duration": c[2]})]

    def lw_it(self, c: list[Any]) -> Any:
        return It()

    def lw_them(self, c: list[Any]) -> Any:
        return Them()

    def sent_exile_if_leaves(self, c: list[Any]) -> list[Effect]:
        """ "If it would leave the battlefield, exile it instead of putting it anywhere
        else." (Kheru Lich Lord, Whip of Erebos, From the Catacombs): a replacement
        effect on the object the instruction before put onto the battlefield, for as
        long as it is that object (CR 614.1a, 400.7, 611.2c)."""
        return [Effect("exile_if_leaves", {"what": c[0]})]

    def sent_exile_if_that_leaves(self, c: list[Any]) -> list[Effect]:
        # "If that creature would leave the battlefield, ..." (From the Catacombs)
        return self.sent_exile_if_leaves([ThatObject()])

    def sent_any_dies_exile(self, c: list[Any]) -> list[Effect]:
        """ "If a creature would die this turn, exile it instead." (Flaying Tendrils;
        CR 614.1a): a replacement effect of the resolved spell on every creature,
        those that enter later too (CR 611.2c: it changes no characteristic)."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        if kind.lower() != "creature":
            raise CompileError(f"a {kind} would die")
        return [Effect("exile_if_dies", {"filter": Filter(kinds=("Creature",)), "duration": EOT})]

    def sent_cast_exile_instead(self, c: list[Any]) -> list[Effect]:
        """ "If that spell would be put into your graveyard, exile it instead." (CR
        614.1a): a replacement effect on the spell the instruction before casts or
        lets be cast (``sentences`` marks that instruction); "if an instant or sorcery
        spell cast this way ..." (Scholar of the Lost Trove) only for such spells."""
        flt = next((x for x in c if isinstance(x, Filter)), None)
        if flt is None:
            return [Effect("cast_exile_instead", {})]
        if flt.conditions or not flt.kinds or not all(k[:1].isupper() for k in flt.kinds):
            raise CompileError(f"if a {flt!r} cast this way would be put into your graveyard")
        return [Effect("cast_exile_instead", {"types": flt.kinds})]

    def sent_its_card_type(self, c: list[Any]) -> list[Effect]:
        """ "It's an enchantment." after the instruction that returned it (Enduring
        Courage): the permanent it became (CR 400.7, 608.2c) becomes an enchantment —
        its card types are replaced, for as long as it stays (CR 205.1a, 613.1d,
        611.2a); sentences() finds the return instruction."""
        try:
            kind = card_type(str(c[-1]))
        except KeyError:
            kind = ""
        if kind not in CARD_TYPES:
            raise CompileError(f"it's a {c[-1]}")
        return [Effect("its_card_type", {"types": (kind,)})]

    def sent_when_you_do(self, c: list[Any]) -> list[Effect]:
        """ "You may sacrifice a creature. When you do, destroy target creature." (CR
        603.12): a reflexive triggered ability, created if the instruction before was
        done; its targets are chosen as it's put on the stack (603.3d), so its
        instructions keep their own targets (cards/compiler/ir.finalize)."""
        return [Effect("reflexive_trigger", {"effects": tuple(c[0])}, False, Condition("you_do"))]

    def sent_when_discard_this_way(self, c: list[Any]) -> list[Effect]:
        """ "Draw a card, then discard a card. When you discard a card this way, put a
        +1/+1 counter on target creature." (Talion's Messenger; CR 603.12): a reflexive
        triggered ability, created if the discard instruction discarded a card with
        that quality (701.9a, 608.2c)."""
        who, what, effects = c[0], c[1], c[-1]
        if not isinstance(who, ControllerRef) or not isinstance(what, Some) or what.count != 1:
            raise CompileError("when ... discard ... this way: not 'you discard a card'")
        if _mentions_it(effects):
            # "that card's mana value" names the discarded card, which the reflexive
            # ability can't see yet: not compiled rather than read as another object
            raise CompileError("when you discard a card this way: 'that card'")
        flt = what.filter
        cond = Condition("is", {"ref": ParentRef("discarded"), "quality": flt, "some": True})
        return [Effect("reflexive_trigger", {"effects": tuple(effects)}, False, cond)]

    def sent_when_you_do_where(self, c: list[Any]) -> list[Effect]:
        """ "When you do, target creature gets -X/-X until end of turn, where X is the
        number of Shrines you control." (CR 603.12, 107.3): the reflexive ability's
        X, as in :meth:`sent_where`."""
        return self.sent_when_you_do([self.sent_where(c)])

    def sent_new_type_not(self, c: list[Any]) -> list[Effect]:
        # "The new creature type can't be Wall." (Artificial Evolution, CR 612): a
        # limit on the choice of the text change before it
        return [Effect("change_text_limit", {"not": subtype(str(c[-1]).lower())})]

    def sent_next_time_prevent(self, c: list[Any]) -> list[Effect]:
        """ "The next time a red source of your choice would deal damage to you this
        turn, prevent that damage" (Circle of Protection: Red; "to target creature",
        Charm Peddler; "to any target", Martyr's Cause; "to you and/or creatures you
        control", Shadowbane): the source is chosen as the ability resolves (CR
        609.7a), then a one-use prevention shield (615.7)."""
        return _chosen_source(c, {"next_time": True, "duration": EOT})

    def sent_next_time_prevent_half(self, c: list[Any]) -> list[Effect]:
        """ "The next time a source of your choice would deal damage to you this turn,
        prevent half that damage, rounded down" (Dark Sphere): the one-use shield of
        :meth:`sent_next_time_prevent`, preventing half of that damage (CR 615.7)."""
        return _chosen_source(c, {"next_time": True, "duration": EOT, "half": True})

    def vp_prevent_chosen_source(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all damage a source of your choice would deal [to you] this turn"
        (Auriok Replica, Pay No Heed): the source is chosen as it resolves (CR 609.7a),
        then a prevention effect on all its damage for the duration (615.1)."""
        return _chosen_source(c, {"duration": c[-1]})

    def sent_next_time_redirect(self, c: list[Any]) -> list[Effect]:
        """ "The next time a source of your choice would deal damage to you this turn,
        that damage is dealt to target creature you control instead" (General's
        Regalia, Beacon of Destiny, Shaman en-Kor): the source is chosen as it
        resolves (CR 609.7a); the whole of its next damage to that recipient (to
        anyone, without one) is dealt to the new recipient instead (614.9), once
        (615.7's "next time")."""
        choose, prevent = _chosen_source(c[:-1], {"next_time": True, "duration": EOT})
        if "yours" in prevent.args:
            raise CompileError("redirect damage to you and your permanents")
        to = c[-1]
        if to == ControllerOfRef(TriggerRef("source")):
            to = ControllerOfRef(ParentRef())  # "that source's controller" (Reflect Damage)
        args = {"source": ParentRef(), "to": to, "next_time": True, "duration": EOT}
        if prevent.args.get("to") is not None:
            args["from"] = prevent.args["to"]
        return [choose, Effect("redirect_next_damage", args)]

    def ntt_np(self, c: list[Any]) -> dict[str, Any]:
        return {"to": _obj(c[0])}

    def ntt_you_and(self, c: list[Any]) -> dict[str, Any]:
        return {"yours": c[-1]}

    def sent_next_damage_redirect(self, c: list[Any]) -> list[Effect]:
        """ "The next 1 damage that would be dealt to this creature this turn is dealt
        to target creature you control instead" (the en-Kor; Daughter of Autumn): a
        one-use redirection of the next N damage to the first (CR 614.9, 615.7)."""
        n = next(x for x in c if isinstance(x, int))
        frm, to = [x for x in c if not isinstance(x, int | Token)]
        args = {"from": frm, "to": to, "amount": n, "duration": EOT}
        return [Effect("redirect_next_damage", args)]

    def sent_next_damage_chosen_redirect(self, c: list[Any]) -> list[Effect]:
        """ "The next 2 damage that a source of your choice would deal to you and/or
        permanents you control this turn is dealt to any target instead" (Harm's Way):
        the source is chosen as it resolves (CR 609.7a); up to N of its damage to
        those recipients is dealt to the new one instead, and the effect is used up
        by that much (614.9, 615.7)."""
        n = next(x for x in c if isinstance(x, int))
        rest = [x for x in c if not isinstance(x, int | Token)]
        choose, prevent = _chosen_source(rest[:-1], {})
        args = {"source": ParentRef(), "to": rest[-1], "amount": n, "duration": EOT}
        if prevent.args.get("to") is not None:
            args["from"] = prevent.args["to"]
        if prevent.args.get("yours") is not None:
            args["yours"] = prevent.args["yours"]
        return [choose, Effect("redirect_next_damage", args)]

    def sent_next_time_by_prevent(self, c: list[Any]) -> list[Effect]:
        """ "The next time target creature would deal damage this turn, prevent that
        damage" (Awe Strike): a one-use prevention effect on the next instance of
        damage from that source, however much it is (CR 615.8)."""
        what = next(x for x in c if isinstance(x, Tgt))
        args = {"what": what, "dealt_by": True, "next_time": True, "duration": EOT}
        return [Effect("prevent_damage", args)]

    def sent_otherwise(self, c: list[Any]) -> list[Effect]:
        return _with_condition(c[0], Condition("otherwise"))

    def sent_where(self, c: list[Any]) -> list[Effect]:
        amount = c[1]

        def fn(v: Any) -> Any:
            if isinstance(v, Amount) and v.kind == "x":
                return _signed(amount, v)
            if (
                isinstance(v, Effect)
                and v.op == "cost_change"
                and v.args.get("mana") == "{X}"
                and "for_each" not in v.args
            ):
                # "This spell costs {X} less to cast, where X is the total power of
                # creatures you control" (Ghalta): {1} less for each one of that
                # number, counted as the total cost is determined (CR 601.2f, 107.3)
                return Effect(v.op, {**v.args, "mana": "{1}", "for_each": amount})
            key = _PAID_MANA.get(v.op) if isinstance(v, Effect) else None
            if key is not None and "{X}" in str(v.args.get(key)) and "x" not in v.args:
                # "Counter target spell unless its controller pays {X}, where X is
                # your devotion to blue" (Thassa's Rebuff): the cost is a mana string,
                # its X is that amount (CR 107.3, 118.12)
                args = {k: walk(a, fn) for k, a in v.args.items()}
                return Effect(v.op, {**args, "x": amount}, v.optional, v.condition)
            if isinstance(v, Some | ChooseRef) and isinstance(v.count, Amount):
                # "choose up to X cards from it, where X is ..." (Discordant Dirge)
                if v.count.kind == "x":
                    return dataclasses.replace(v, count=amount)
            if isinstance(v, Tgt):
                # "destroy up to X target lands, where X is the number of verse
                # counters on this enchantment": the number of targets (CR 601.2c;
                # the phrase itself is kept, one target phrase wherever it's named)
                lo, hi = v.spec.min, v.spec.max
                if isinstance(lo, Amount) and lo.kind == "x":
                    lo = amount
                if isinstance(hi, Amount) and hi.kind == "x":
                    hi = amount
                v.spec = dataclasses.replace(v.spec, min=lo, max=hi)
                return v
            return None

        return [walk(e, fn) for e in c[0]]

    def sent_where_then(self, c: list[Any]) -> list[Effect]:
        """ "Scry X, where X is the greatest mana value among permanents you control,
        then draw three cards." (Ugin's Insight): X is the first instructions'; those
        after the joiner follow them (CR 107.3, 608.2c)."""
        seq1, amount, *rest = c
        return [*self.sent_where([seq1, amount]), *rest[-1]]

    def sent_where_xy(self, c: list[Any]) -> list[Effect]:
        """ "This creature gets +X/+Y, where X is the exiled creature card's power and
        Y is its toughness." (Phyrexian Ingester): "its" in Y's amount is what X's
        amount is about."""
        x, y = c[1], c[2]
        if not isinstance(x, Amount) or not isinstance(y, Amount):
            raise CompileError("where X is ... and Y is ...")
        if isinstance(x.ref, ExiledCard):
            # a static ability's "the exiled card": the card exiled with this
            # permanent (CR 607.2a)
            x = dataclasses.replace(x, ref=EachRef(EXILED_WITH_SELF))
        if isinstance(y.ref, It) and x.ref is not None:
            y = dataclasses.replace(y, ref=x.ref)

        def fn(v: Any) -> Any:
            if isinstance(v, Amount) and v.kind == "x":
                return _signed(x, v)
            if isinstance(v, Amount) and v.kind == "y":
                return _signed(y, v)
            return None

        effects = [walk(e, fn) for e in c[0]]
        if any(isinstance(v, Amount) and v.kind == "y" for e in effects for v in e.args.values()):
            raise CompileError("where X is ... and Y is ...: Y unused")
        return effects

    def clause_seq(self, c: list[Any]) -> list[Effect]:
        out: list[Effect] = []
        each: Any = None
        thing: Any = None
        player: Any = None
        for x in c:
            if isinstance(x, _Clause):
                if x.subject is not None:
                    # "Each player exiles ..., then sacrifices ...": the later clauses
                    # without a subject have the same players as their subject
                    each = x.subject if _each_player(x.subject) else None
                    thing = None if _player_subject(x.subject) else x.subject
                    # "Target player gains 2 life, then searches their library ...":
                    # the same player does the later instructions (CR 608.2c)
                    player = (
                        x.subject
                        if (_player_subject(x.subject) or isinstance(x.subject, ControllerOfRef))
                        and not _each_player(x.subject)
                        and not isinstance(x.subject, ControllerRef)
                        else None
                    )
                elif each is not None:
                    x = self.clause([each, *x.children])
                elif player is not None and x.children:
                    x = self.clause([player, *x.children])
                elif thing is not None and x and all(e.op in _OBJECT_OPS for e in x):
                    # "Enchanted creature gets +2/+2, has first strike, and is a Knight":
                    # what only an object does has the object subject of the sentence
                    x = self.clause([thing, *x.children])
            if isinstance(x, list):
                out.extend(x)
        return out

    def joiner(self, c: list[Any]) -> None:
        return None

    def subject(self, c: list[Any]) -> Any:
        return c[0]

    def subject_self_owner(self, c: list[Any]) -> OwnerOfRef:
        """ "this creature's owner [does ...]" (CR 108.3)."""
        return OwnerOfRef(c[0])

    def may(self, c: list[Any]) -> str:
        return "may"

    def vp_and(self, c: list[Any]) -> None:
        return None

    def vp_with_subject(self, c: list[Any]) -> list[Effect]:
        return substitute_subject(c[1], c[0])

    def vp_list(self, c: list[Any]) -> list[Effect]:
        parts = [x for x in c if isinstance(x, list)]
        for i, part in enumerate(parts):
            if isinstance(part, HaveDo):
                # "you may have target creature get +2/+0 and gain deathtouch": the
                # verb phrases after "have [object] ..." are that object's too, and
                # one "may" covers them all: done only if the first was, not asked
                # again (CR 603.5, 608.2c)
                parts[i + 1 :] = [
                    [
                        e
                        if e.condition is not None
                        else dataclasses.replace(e, condition=Condition("you_do"))
                        for e in substitute_subject(p, part.doer)
                    ]
                    for p in parts[i + 1 :]
                ]
                break
        effects = _flat(parts)
        # A duration at the end applies to every continuous effect of the list.
        durations = [e.args.get("duration") for e in effects if e.args.get("duration")]
        if durations:
            d = durations[-1]
            effects = [
                Effect(e.op, {**e.args, "duration": d}, e.optional, e.condition)
                if "duration" in e.args and e.args["duration"] is None
                else e
                for e in effects
            ]
        return effects

    def clause(self, c: list[Any]) -> list[Effect]:
        items = list(c)
        explicit = None
        if items and not isinstance(items[0], (list, str)) and not isinstance(items[0], tuple):
            explicit = items[0]
        return _Clause(self._clause(c), explicit, [] if explicit is not None else items)

    def clause_unless_pays_each(self, c: list[Any]) -> list[Effect]:
        """ "Counter target spell unless its controller pays {1} for each card in your
        graveyard" (Circular Logic): the cost is {X}, X that many times the count,
        counted as the instruction is followed (CR 118.12, 608.2h)."""
        *head, mana, flt = c
        generic = re.fullmatch(r"\{(\d+)\}", str(mana))
        if generic is None:
            raise CompileError(f"unless pays {mana} for each: not generic mana")
        return _combat_tax(self.clause([*head, _PerEach(int(generic.group(1)), flt)]))

    def clause_unless_pays_each_those(self, c: list[Any]) -> list[Effect]:
        """ "Creatures can't attack you or planeswalkers you control unless their
        controller pays {1} for each of those creatures" (Baird, Steward of Argive):
        {1} for each creature attacking you or a planeswalker you control (CR 508.1h;
        the static reads it per attacker, see the assembly of combat costs)."""
        *head, mana, kind = c
        generic = re.fullmatch(r"\{(\d+)\}", str(mana))
        if generic is None:
            raise CompileError(f"unless pays {mana} for each of those: not generic mana")
        if str(kind).lower() not in ("creature", "creatures"):
            raise CompileError(f"unless pays for each of those {kind}")
        flt = Filter(kinds=("Creature",), conditions=(("attacking_player", "you"),))
        return _combat_tax(self.clause([*head, _PerEach(int(generic.group(1)), flt)]))

    def clause_two_subjects(self, c: list[Any]) -> list[Effect]:
        """ "Target creature and all other creatures with the same name as that
        creature get -2/-2 until end of turn": the instruction for each subject in
        turn, the first one's before the second's (CR 608.2c)."""
        first, _and, second, *rest = c
        # ("you and target opponent each draw a card": the "each" adds nothing)
        rest = [x for x in rest if not (isinstance(x, Token) and x.type == "EACH_BOTH")]
        both = _either_group(first, second)
        if both is not None:
            return _Clause(self._clause([both, *rest]), both, [])
        return _Clause([*self._clause([first, *rest]), *self._clause([second, *rest])], first, [])

    def _clause(self, c: list[Any]) -> list[Effect]:
        subject: Any = None
        optional = False
        effects: list[Effect] = []
        tail: Any = None
        unless: tuple[Any, Any] | None = None
        items = list(c)
        if items and not isinstance(items[0], (list, str)) and not isinstance(items[0], tuple):
            subject = items.pop(0)
        if items and items[0] == "may":
            optional = True
            items.pop(0)
        effects = items.pop(0)
        if items:
            if isinstance(items[0], tuple) and items[0][0] == "tail":
                tail = items[0]
            elif len(items) >= 2:
                unless = (items[0], items[1])
        if subject is None:
            subject = ControllerRef()
        if isinstance(subject, It) and any(e.op == "create_token" for e in effects):
            subject = ThatPlayer()  # "they create ...": only a player creates tokens (111.2)
        if not isinstance(subject, ControllerRef):
            # "target opponent puts a card from their hand on top of their library":
            # that player chooses the card (CR 608.2d), "their" seen as the chooser's
            effects = [_chosen_by_subject(e) for e in effects]
        effects = substitute_subject(effects, subject)
        if isinstance(subject, ControllerOfRef | OwnerOfRef):
            effects = [_have_it_of(e, subject.of) for e in effects]
        if _each_player(subject):
            effects = [_their_for_each(e, subject) for e in effects]
        if optional and effects and _reveal_among(effects[0]):
            # "You may reveal a creature card from among them and put it into your
            # hand": revealing none is declining, so the choice is "up to" that many
            # and the instructions after it move only what was revealed (CR 608.2d)
            first = effects[0]
            ref = first.args["what"]
            up_to = ChooseRef(ref.filter, ref.count, True)
            effects = [Effect(first.op, {**first.args, "what": up_to}), *effects[1:]]
            optional = False
        if optional:
            effects = [
                # "you may play/cast it ...": asked by the handler, only when it's possible
                Effect(e.op, {**e.args, "may": True}, False, e.condition)
                if e.op in _ASKS_ITSELF
                # "each other player may copy that spell": each of them is asked
                # (CR 707.10, 101.4)
                or (e.op == "copy_spell" and isinstance(subject, EachRef))
                else e
                if e.op in _MAY_IS_PERMISSION
                # "you can cast only one more spell this turn": a limit, not a choice
                or (e.op == "cant_cast" and "only_more" in e.args)
                # "you may reveal it and put it into your hand": the second done only
                # if the first was, not asked again (CR 608.2c)
                or (e.condition is not None and e.condition.kind == "you_do")
                else Effect(e.op, e.args, True, e.condition)
                for e in effects
            ]
        if tail is not None:
            effects = _apply_tail(effects, tail)
        if unless is not None:
            payer, cost = unless
            mana = cost.mana if isinstance(cost, Cost) else None
            args = {"effects": tuple(effects), "player": payer, "cost": mana if mana else cost}
            if isinstance(cost, _PerEach):
                # "pays {1} for each ...": {X} (effects/payments.py reads "x")
                args["cost"] = "{X}"
                args["x"] = count_of(cost.flt, cost.n)
            if _each_player(subject) and isinstance(payer, It | ThatPlayer):
                # "each opponent sacrifices a permanent of their choice unless they pay
                # {3}" (Rishadan Brigand): "they" is each of those players, each paying
                # or not for their own instruction, in turn (CR 101.4, 118.12, 608.2c)
                one = EachOneRef()
                inner = {
                    **args,
                    "effects": tuple(
                        walk(e, lambda v: one if v == subject else None) for e in effects
                    ),
                    "player": one,
                }
                return [
                    Effect(
                        "for_each",
                        {"filter": subject.filter, "effects": (Effect("unless_pays", inner),)},
                    )
                ]
            effects = [Effect("unless_pays", args)]
        return effects

    def unless_has_deal(self, c: list[Any]) -> list[Effect]:
        # "... unless that creature's controller has Craig Boone deal that much damage
        # to them" (CR 608.2c): the option is damage from this object to the player
        # ("that much": the amount of the instruction it avoids, filled in below)
        n = next((x for x in c if isinstance(x, int)), None)
        return [Effect("damage", {"source": SelfRef(), "amount": n, "to_payer": True})]

    def unless_remove_counters(self, c: list[Any]) -> list[Effect]:
        (n, kind), word = c
        if str(word) != "from it" or not isinstance(n, int) or kind == "any":
            raise CompileError("unless ... remove counters: from it, a number of one kind")
        return [Effect("remove_counters", {"what": SelfRef(), "counter": kind, "amount": n})]

    def clause_any_player_may(self, c: list[Any]) -> list[Effect]:
        return self._any_may("player", c)

    def clause_any_opponent_may(self, c: list[Any]) -> list[Effect]:
        return self._any_may("opponent", c)

    def _any_may(self, who: str, c: list[Any]) -> list[Effect]:
        """ "any opponent may sacrifice a creature of their choice" (Desecration
        Demon), "any player may sacrifice a land of their choice" (Argothian Wurm):
        each such player in turn order (CR 101.4) may do it, until one does; "If a
        player does, ..." reads whether one did (effects/payments.any_player_may)."""
        inner = next(x for x in c if isinstance(x, list))
        if len(inner) != 1 or inner[0].op != "sacrifice":
            raise CompileError("any player may: only a sacrifice")
        action = substitute_subject(inner, ControllerRef())
        return [Effect("any_player_may", {"who": who, "effects": tuple(action)})]

    def clause_unless_does(self, c: list[Any]) -> list[Effect]:
        # "Its controller loses 3 life unless they sacrifice another nonland permanent
        # of their choice or discard a card." (Torment of Venom): the player may do one
        # of the actions instead (CR 608.2c, 118.12 by analogy with "unless ... pays")
        # "... unless you return an untapped Island you control to its owner's hand"
        # (Coral Atoll): one action
        items = list(c)
        alts: list[Any] = []
        while isinstance(items[-1], list):
            alts.insert(0, items.pop())
        payer = items.pop()
        effects = self.clause(items)
        if isinstance(payer, Them):
            # "that player loses life ... unless they sacrifice a creature" (Tomb Blade):
            # "they" is the player the instruction is about (CR 608.2c)
            named = [e.args.get("player") or e.args.get("to") for e in effects]
            payer = next((x for x in named if isinstance(x, ThatPlayer)), payer)
        options = tuple(substitute_subject([x for alt in alts for x in alt], payer))
        if any(o.op == "remove_counters" for o in options):
            # "... unless you remove a +1/+1 counter from it": "it" is the permanent the
            # instructions act on; only this object is read so far
            if not all(isinstance(e.args.get("what"), SelfRef) for e in effects):
                raise CompileError("unless ... remove counters from it: not this object")
        dealt = next((e.args.get("amount") for e in effects if e.op == "damage"), None)
        options = tuple(
            Effect(o.op, {**o.args, "amount": dealt}, o.optional, o.condition)
            if o.op == "damage" and o.args.get("amount") is None
            else o
            for o in options
        )
        if len(options) == 1 and options[0].op == "pay":
            # "unless target opponent pays 3 life": a payment, as "unless ... pays {3}"
            # (CR 118.12, 119.4)
            life = options[0].args["life"]
            return [
                Effect(
                    "unless_pays",
                    {"effects": tuple(effects), "player": payer, "cost": "", "life": life},
                )
            ]
        return [
            Effect("unless_does", {"effects": tuple(effects), "player": payer, "options": options})
        ]

    def unless_pay_life(self, c: list[Any]) -> list[Effect]:
        # "... unless target opponent pays 3 life" (Athreos, God of Passage): paying life
        # is the action the player may take instead (CR 118.12, 119.4)
        return [Effect("pay", {"player": SUBJ, "life": c[0]})]

    def clause_if_and_if(self, c: list[Any]) -> list[Effect]:
        # "You gain X life if {G} was spent to cast this spell and X life if {W} was
        # spent to cast this spell": the second part repeats the first instruction
        # with its own amount (and recipients) and its own condition.
        items = [x for x in c if not (isinstance(x, Token) and x.type == "AND_DAMAGE")]
        cond2 = items.pop()
        ell = items.pop()
        cond1 = items.pop()
        first = self.clause([*items, ("tail", "if", cond1)])
        if not first:
            return first
        base = first[-1]
        _, changes = ell
        if "to" in changes:
            seconds = [
                Effect(
                    base.op,
                    {**base.args, "amount": changes["amount"], "to": _obj(r)},
                    base.optional,
                    cond2,
                )
                for r in changes["to"]
            ]
        else:
            seconds = [Effect(base.op, {**base.args, **changes}, base.optional, cond2)]
        return [*first, *seconds]

    def ell_life(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        return ("ellipsis", {"amount": c[0]})

    def ell_damage(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        return ("ellipsis", {"amount": c[0], "to": list(c[1])})

    def clause_delayed(self, c: list[Any]) -> list[Effect]:
        items = list(c)
        step = items.pop()
        return _delayed_at(step, self.clause(items))

    def sent_delayed(self, c: list[Any]) -> list[Effect]:
        """ "Exile target creature. At the beginning of the next end step, return that
        card to the battlefield ..." (Otherworldly Journey): the sentence creates a
        delayed triggered ability as the instructions before it are followed (CR
        603.7a); "that card" is the one they moved (400.7, 608.2c)."""
        step, effects = c
        if any(mentions_prevented(e) for e in effects):
            # "... put a +0/+1 counter on that creature for each 1 damage prevented
            # this way" (Sacred Boon): the prevention's record isn't kept that long
            raise CompileError("damage prevented this way, in a later delayed ability")
        return _delayed_at(step, effects)

    def clause_end_of_combat(self, c: list[Any]) -> list[Effect]:
        base = self.clause(list(c))
        trig = Trigger("step", step="end_of_combat", player="each")
        return [Effect("delayed_trigger", {"trigger": trig, "effects": tuple(base)})]

    def clause_life_becomes(self, c: list[Any]) -> list[Effect]:
        """ "your life total becomes 15" (Form of the Dinosaur, Form of the Dragon):
        its controller gains or loses the life that makes it that number (CR 119.5)."""
        return [Effect("set_life", {"player": ControllerRef(), "amount": c[-1]})]

    def clause_each_life_becomes_highest(self, c: list[Any]) -> list[Effect]:
        """ "each player's life total becomes the highest life total among all
        players": the highest total, read once as it resolves, is each player's new
        total (CR 119.5, 608.2c)."""
        players = EachRef(Filter(kinds=("player",), zone="battlefield"))
        return [Effect("set_life", {"player": players, "amount": Amount("highest_life")})]

    def clause_for_each(self, c: list[Any]) -> list[Effect]:
        """ "For each token you control, create a token that's a copy of that
        permanent"; "for each opponent, that player ...": "it", "that creature"
        ("that player" for players) is each one in turn (CR 608.2c)."""
        flt, effects = c
        one = EachOneRef()
        if is_player_filter(flt):
            effects = [
                walk(e, lambda v: one if isinstance(v, ThatPlayer) else None) for e in effects
            ]
        else:
            # ("for each Spirit, return it ... unless that player pays {3}": its controller)
            them = ControllerOfRef(one)

            def fn(v: Any) -> Any:
                return one if isinstance(v, It) else them if isinstance(v, ThatPlayer) else None

            effects = [walk(e, fn) for e in effects]
        return [Effect("for_each", {"filter": flt, "effects": tuple(effects)})]

    def tail_if(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "if", c[0])

    def tail_unless(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "if", Condition("not", {"cond": c[0]}))

    def tail_until_leaves(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "until_leaves", None)

    def tail_until_opp_monarch(self, c: list[Any]) -> tuple[str, str, Any]:
        # Palace Jailer: "exile ... until an opponent becomes the monarch" (CR 610.3, 724)
        return ("tail", "until_opponent_monarch", None)

    def tail_fewer_in_hand(self, c: list[Any]) -> tuple[str, str, Any]:
        # "loses 1 life for each card fewer than three in their hand" (Stabwhisker)
        n = next(x for x in c if isinstance(x, int))
        return ("tail", "fewer_in_hand", n)

    def tail_for_each(self, c: list[Any]) -> tuple[str, str, Any]:
        flt = c[0]
        if isinstance(flt, Filter) and ("cast_before_it", True) in flt.conditions:
            if set(flt.kinds) != {"Instant", "Sorcery"}:
                raise CompileError("spells cast before it: only instants and sorceries")
            # "copy it for each other instant and sorcery spell you've cast before it
            # this turn" (Thousand-Year Storm): counted as that spell was cast
            return ("tail", "for_each_amount", Amount("instants_sorceries_before"))
        moved = this_way_count(flt)
        if moved is not None:
            # "for each creature destroyed this way" (CR 608.2c, 608.2h)
            return ("tail", "for_each_amount", moved)
        return ("tail", "for_each", flt)

    def tail_for_each_domain(self, c: list[Any]) -> tuple[str, str, Any]:
        # "you gain 2 life for each basic land type among lands you control" (domain,
        # CR 305.6): the amount scaled by the count
        return ("tail", "for_each_amount", domain_amount(c))

    def tail_for_each_if(self, c: list[Any]) -> tuple[str, str, Any]:
        """ "Each player loses 1 life for each attacking creature they control if {B}
        was spent to cast this spell" (Batwing Brume): both tails, the count and the
        condition (CR 608.2c)."""
        return ("tail", "then", (self.tail_for_each(c[:1]), ("tail", "if", c[1])))

    def tail_for_each_commander_cast(self, c: list[Any]) -> tuple[str, str, Any]:
        # "copy it for each time you've cast your commander from the command zone this
        # game" (Echo Storm; CR 903.8)
        return ("tail", "for_each_amount", Amount("commander_casts"))

    def tail_for_each_counter(self, c: list[Any]) -> tuple[str, str, Any]:
        # "you gain 2 life for each age counter on it" (CR 122.1)
        return ("tail", "for_each_amount", counters_on(str(c[0]), _obj(c[-1])))

    def tail_for_each_party(self, c: list[Any]) -> tuple[str, str, Any]:
        # "for each creature in your party" (CR 700.8): counted as the effect needs it
        return ("tail", "for_each_amount", Amount("party"))

    def tail_for_each_devoured(self, c: list[Any]) -> tuple[str, str, Any]:
        # "for each creature it devoured" (CR 702.82c): the creatures sacrificed to its
        # devour ability as it entered
        flt = c[0]
        if not (isinstance(flt, Filter) and flt.kinds == ("Creature",) and not flt.conditions):
            raise CompileError(f"for each {flt!r} it devoured")
        return ("tail", "for_each_amount", Amount("devoured"))

    def tail_for_each_kicked(self, c: list[Any]) -> tuple[str, str, Any]:
        # "for each time it was kicked" (multikicker, CR 702.33d): its kicker costs
        # paid as it was cast
        return ("tail", "for_each_amount", Amount("times_kicked"))

    def vp_each_vote(self, c: list[Any]) -> list[Effect]:
        # "create a 1/1 white Soldier creature token for each numbers vote": the votes
        # for that choice in the vote this resolution held (CR 701.38, effects/vote.py)
        return _apply_tail(list(c[0]), ("tail", "for_each_amount", vote_count(str(c[1]))))

    def clause_vote(self, c: list[Any]) -> list[Effect]:
        """ "Starting with you, each player votes for death or taxes"; "Each player
        secretly votes for truth or consequences, then those votes are revealed"
        (CR 701.38a-b: the choices are words tied to the effects that follow)."""
        toks = [t for t in c if isinstance(t, Token)]
        choices = tuple(str(t) for t in toks if t.type == "VOTE_CHOICE")
        secret = any(t.type == "VOTES_FOR" and str(t).startswith("secretly") for t in toks)
        if secret != any(t.type == "VOTES_REVEALED" for t in toks):
            raise CompileError("a secret vote is revealed together (CR 701.38)")
        if len(set(choices)) != len(choices):
            raise CompileError("a vote's choices are different words")
        args: dict[str, Any] = {"choices": choices, "secret": secret}
        if any(t.type == "STARTING_WITH_YOU" for t in toks):
            args["starting"] = "you"
        return [Effect("vote", args)]

    def clause_for_each_vote(self, c: list[Any]) -> list[Effect]:
        """ "For each time vote, take an extra turn after this one" (CR 701.38): the
        instruction scaled by the votes for that choice."""
        return _apply_tail(list(c[-1]), ("tail", "for_each_amount", vote_count(str(c[0]))))

    def tail_for_each_spent(self, c: list[Any]) -> tuple[str, str, Any]:
        # "for each {B} or {R} spent this way": the mana spent on the payment that
        # triggered the ability (CR 603.2, 106.1)
        colors = tuple(str(x).strip("{}").upper() for x in c)
        flt = Filter(conditions=(("mana", colors),))
        return ("tail", "for_each_amount", Amount("mana_spent_this_way", filter=flt))

    def tail_as_long(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "as_long", c[0])

    def tail_instead(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "instead", None)

    def tail_instead_if(self, c: list[Any]) -> tuple[str, str, Any]:
        # "Galvanic Blast deals 4 damage instead if you control three or more
        # artifacts": the same as "If [condition], [instruction] instead" (CR 608.2c)
        return ("tail", "instead_if", c[0])

    def tail_if_instead_if(self, c: list[Any]) -> tuple[str, str, Any]:
        # "Destroy that creature if it has mana value 4 or less instead if a permanent
        # left the battlefield under your control this turn" (Fatal Push's revolt):
        # "instead if" the second condition, and only if the first (CR 608.2c)
        return ("tail", "if_instead_if", (c[0], c[1]))

    def tail_this_way(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "none", None)

    def tail_random(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "random", None)

    def tail_any_order(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "none", None)  # the owner orders them (CR 401.4)

    def tail_random_order(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "random_order", None)

    def eot(self, c: list[Any]) -> str:
        return EOT

    def until_end_of_combat(self, c: list[Any]) -> str:
        """ "until end of combat": the effect ends with the combat phase (CR 500.5a,
        511.2: rules/layers.on_end_of_combat)."""
        return "end_of_combat"

    def until_end_of_your_next_turn(self, c: list[Any]) -> str:
        return "until_end_of_your_next_turn"

    def until_your_next_end_step(self, c: list[Any]) -> str:
        return "until_your_next_end_step"

    def until_your_next_turn(self, c: list[Any]) -> str:
        return "until_your_next_turn"

    def rest_of_game(self, c: list[Any]) -> str:
        """ "for the rest of the game": an effect of a resolving spell or ability
        that never ends (CR 611.2a)."""
        return "rest_of_game"

    def while_on_battlefield(self, c: list[Any]) -> str:
        """ "for as long as this creature remains on the battlefield" (CR 611.2b): the
        effect ends as its source leaves the battlefield (a new object, CR 400.7)."""
        return "while_on_battlefield"

    def while_controlled_tapped(self, c: list[Any]) -> str:
        """ "for as long as you control this creature and this creature remains
        tapped" (CR 611.2b): the effect ends as its source leaves its controller's
        control, untaps, or leaves the battlefield."""
        return "while_controlled_tapped"

    def while_exiled(self, c: list[Any]) -> str:
        """ "for as long as it remains exiled" (CR 611.2b; the card that leaves
        exile is a new object, CR 400.7)."""
        return "while_exiled"

    def for_as_long(self, c: list[Any]) -> str:
        return as_long_duration(next((x for x in c if isinstance(x, Condition)), None))

    # ------------------------------------------------------------- restrictions
    def restriction(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        out: list[tuple[str, Any]] = []
        for x in c:
            if not isinstance(x, str):
                if isinstance(x, Condition):
                    out.append(("condition", x))
                continue
            if x == "as a sorcery":
                out.append(("timing", "sorcery"))
            elif x == "once each turn" or x == "once" or x == "no more than once each turn":
                out.append(("limit", 1))
            elif x in ("twice each turn", "no more than twice each turn"):
                out.append(("limit", 2))
            elif x.startswith("if"):
                continue
            elif x.startswith("no more than"):
                out.append(("limit", 99))
            else:
                out.append(("only", x.replace(" ", "_").replace("_'s", "s")))
        return ("restriction", out)

    def cast_restriction(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        """ "Cast this spell only during combat." (CR 601.3): when the spell may be cast,
        as a moment spelled with underscores or a :class:`Condition`."""
        out: list[tuple[str, Any]] = []
        for x in c:
            if isinstance(x, Condition):
                out.append(("cast_only", x))
            elif isinstance(x, str):
                out.append(("cast_only", x.replace(" ", "_").replace("_'s", "s")))
        return ("restriction", out)

    def vp_modes_instead(self, c: list[Any]) -> list[Effect]:
        """ "[If this spell was kicked,] choose any number instead" (CR 601.2b, 700.2):
        another number of modes while the sentence's condition holds as the modes are
        chosen; modal_dot makes it the "modes_instead" restriction."""
        words = next((str(x) for x in c if isinstance(x, str)), "both")
        head = self.choose_head([words]) if words != "both" else (2, 2)
        return [Effect("modes_instead", {"choose": head})]

    def vp_modes_repeat(self, c: list[Any]) -> list[Effect]:
        # "You may choose the same mode more than once." (CR 700.2d): a rule of the
        # modal ability (modal_dot makes it the "modes_repeat" restriction)
        return [Effect("modes_repeat", {})]

    def spend_only(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        return ("restriction", [("spend_only", c[0])])

    def spend_only_on_x(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        """ "Spend only black mana on X" (Crypt Rats), "... black and/or red mana on X"
        (Soul Burn): the mana paid for {X} is of those colors (CR 107.3, 601.2h)."""
        letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
        colors = tuple(
            letters[str(x)] for x in c if isinstance(x, Token) and x.type == "COLOR_WORD"
        )
        return ("restriction", [("x_mana", colors)])

    def x_not_zero(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        """ "X can't be 0." (Marath, Will of the Wild): the smallest X that may be
        announced is 1 (CR 107.3, 601.2b)."""
        if str(c[-1]) != "0":
            raise CompileError(f"X can't be {c[-1]}")
        return ("restriction", [("x_min", 1)])

    def still_resolves(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        """ "This ability still resolves if its target becomes illegal." (Gilded
        Drake): an exception to CR 608.2b; the illegal target is just unaffected."""
        return ("restriction", [("still_resolves", True)])

    def act_when(self, c: list[Any]) -> Any:
        conds = [x for x in c if isinstance(x, Condition)]
        if conds:
            return conds[0]
        return _words(c)

    act_when2 = act_when

    def act_when_either(self, c: list[Any]) -> Condition:
        """ "Activate only if this land entered this turn or if you control a basic
        land." (Gathering Place): either condition allows it (CR 602.5b)."""
        conds = tuple(x for x in c if isinstance(x, Condition))
        if len(conds) != 2:
            raise CompileError("activate only if ... or if ...: two conditions")
        return Condition("any", {"conds": conds})

    cast_when = act_when

    def trigger_once(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        return ("restriction", [("once_each_turn", True)])

    def any_player_activate(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        return ("restriction", [("any_player", True)])

    def owner_activates(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        """ "Only this creature's owner may activate this ability." (CR 602.2)"""
        return ("restriction", [("activated_by", "owner")])

    def opponents_activate(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        """ "Only your opponents may activate this ability." (CR 602.2)"""
        return ("restriction", [("activated_by", "opponents")])

    def act_once(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        return ("restriction", [("limit", 1)])

    def no_regen(self, c: list[Any]) -> tuple[str]:
        return ("no_regen",)

    def still_type(self, c: list[Any]) -> tuple[str]:
        return ("still",)

    def static_ignored(self, c: list[Any]) -> tuple[str]:
        return ("ignore",)

    # ---------------------------------------------------------- static sentences
    def additional_cost(self, c: list[Any]) -> StaticEffect:
        """ "As an additional cost to cast this spell, sacrifice a creature" (CR 118.8,
        601.2b)."""
        return StaticEffect("additional_cost", SelfRef(), {"cost": c[-1], "optional": False})

    def additional_cost_may(self, c: list[Any]) -> StaticEffect:
        """ "As an additional cost to cast this spell, you may ...": an optional
        additional cost, paid or not as announced (CR 118.8, 601.2b)."""
        return StaticEffect("additional_cost", SelfRef(), {"cost": c[-1], "optional": True})

    def crews_as_though_power(self, c: list[Any]) -> StaticEffect:
        """ "This creature [saddles Mounts and] crews Vehicles as though its power were
        2 greater" (CR 702.122a, 702.171a): the power it counts with as it's tapped
        to pay a crew [or saddle] cost."""
        words = [str(x).lower() for x in c if isinstance(x, Token) and x.type == "SUBTYPE"]
        if words not in (["vehicles"], ["mounts", "vehicles"]):
            raise CompileError(f"crews as though its power were greater: {words}")
        kinds = ("crew", "saddle") if len(words) == 2 else ("crew",)
        return StaticEffect("crew_power_bonus", SelfRef(), {"amount": c[-1], "kinds": kinds})

    def additional_choice(self, c: list[Any]) -> StaticEffect:
        # "As an additional cost to cast this spell, choose a creature type." (CR 601.2b)
        what = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return StaticEffect("additional_choice", SelfRef(), {"what": what})

    def vp_look_top_any_time(self, c: list[Any]) -> list[Effect]:
        return [Effect("look_at_top_any_time", {"what": SUBJ, "duration": None})]

    def vp_top_revealed(self, c: list[Any]) -> list[Effect]:
        """ "Play with the top card of your library revealed" (CR 401.5, 701.18c)."""
        return [Effect("play_with_top_revealed", {"what": SUBJ, "duration": None})]

    def vp_no_max_hand(self, c: list[Any]) -> list[Effect]:
        return [Effect("no_max_hand_size", {"what": SUBJ, "duration": None})]

    def vp_keep_unspent_mana(self, c: list[Any]) -> list[Effect]:
        """ "You don't lose unspent red mana as steps and phases end" (CR 500.4, 106.4):
        the player's mana (of that color) stays in their pool as steps end
        (rules/turn.py)."""
        colors = [
            _COLOR_LETTERS[str(x)] for x in c if isinstance(x, Token) and x.type == "COLOR_WORD"
        ]
        return [Effect("keep_unspent_mana", {"what": SUBJ, "color": colors[0] if colors else None})]

    def vp_no_max_hand_game(self, c: list[Any]) -> list[Effect]:
        """ "You have no maximum hand size for the rest of the game": a resolved
        effect on the player that lasts the game (CR 402.2, 611.2a)."""
        return [Effect("no_max_hand_size_for_game", {"what": SUBJ})]

    def vp_cast_as_flash(self, c: list[Any]) -> list[Effect]:
        """ "You may cast creature spells as though they had flash" (CR 702.8a): the
        controller may cast such spells any time they could cast an instant."""
        what = next(x for x in c if not isinstance(x, Token))
        durations = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
        if durations not in ([], [EOT]):
            raise CompileError("cast as though they had flash: with a duration")
        flt = what.filter if isinstance(what, (Some, EachRef)) else what
        if not isinstance(flt, Filter) or flt.zone not in ("stack", "any"):
            raise CompileError(f"cast {what!r} as though they had flash")
        if durations:
            # "You may cast spells this turn as though they had flash." (Alchemist's
            # Refuge, Borne Upon a Wind): a resolved ability's permission for the
            # turn (CR 611.2a; effects/next_cast.py)
            return [Effect("cast_as_flash_this_turn", {"what": flt})]
        return [Effect("cast_as_though_flash", {"what": flt, "duration": None})]

    def _from_top(self, what: Any, lands: bool) -> list[Effect]:
        flt = what.filter if isinstance(what, (Some, EachRef)) else what
        if what is not None and (not isinstance(flt, Filter) or flt.zone not in ("stack", "any")):
            raise CompileError(f"cast {what!r} from the top of your library")
        args = {"what": SUBJ, "spells": flt, "lands": lands, "duration": None}
        return [Effect("play_from_library_top", args)]

    def vp_cast_from_top(self, c: list[Any]) -> list[Effect]:
        """ "You may cast creature spells from the top of your library" (CR 601.2a,
        401.5): its controller may cast the top card of their library if it's such a
        spell."""
        what = next(x for x in c if not isinstance(x, Token))
        return self._from_top(what, False)

    def vp_play_from_top(self, c: list[Any]) -> list[Effect]:
        """ "You may play lands [and cast spells] from the top of your library" (CR
        305.1, 601.2a)."""
        what = next((x for x in c[1:] if not isinstance(x, Token)), None)
        return self._from_top(what, True)

    def vp_equip_as_instant(self, c: list[Any]) -> list[Effect]:
        """ "You may activate equip abilities any time you could cast an instant"
        (Leonin Shikari): its controller's equip abilities aren't limited to sorcery
        timing (CR 702.6a, 602.5d)."""
        if str(c[-1]).lower() != "instant":
            raise CompileError(f"activate equip abilities as {c[-1]}")
        return [Effect("equip_as_instant", {"what": SUBJ, "duration": None})]

    def vp_self_flash(self, c: list[Any]) -> list[Effect]:
        return [Effect("grant_keyword", {"what": SelfRef(), "keyword": "Flash", "duration": None})]

    def static_special(self, c: list[Any]) -> Any:
        return c[0]

    def enters_tapped_unless(self, c: list[Any]) -> Parsed:
        cond = c[-1]
        return Parsed(
            "static",
            statics=[
                StaticEffect("enters_tapped", SelfRef(), condition=Condition("not", {"cond": cond}))
            ],
        )

    def as_enters(self, c: list[Any]) -> Parsed:
        body = c[-1]
        if body.modes or body.statics:
            raise CompileError("as enters")
        effects = body.effects
        if body.condition is not None:
            # "As this creature enters, if it was kicked, mill four cards": followed
            # only if the condition holds as it enters (CR 614.12)
            effects = _with_condition(effects, body.condition)
        return Parsed(
            "static", statics=[StaticEffect("as_enters", SelfRef(), {"effects": tuple(effects)})]
        )

    as_it_enters = as_enters  # "This land enters tapped. As it enters, ..." (CR 614.12)

    def as_turned_face_up(self, c: list[Any]) -> Parsed:
        """ "As this creature is turned face up, put four +1/+1 counters on it" (CR
        614.1e): a replacement effect on turning it face up; so far counters put on
        itself, a fixed number."""
        body = c[-1]
        effects = body.effects
        if body.modes or body.statics or body.condition is not None or len(effects) != 1:
            raise CompileError("as turned face up: not one instruction")
        e = effects[0]
        amount = e.args.get("amount")
        if (
            e.op != "put_counters"
            or not isinstance(e.args.get("what"), SelfRef | It)
            or not isinstance(amount, int)
        ):
            raise CompileError("as turned face up: not counters on itself")
        args = {"counter": e.args.get("counter"), "amount": amount}
        return Parsed("static", statics=[StaticEffect("as_turned_face_up", SelfRef(), args)])

    def flash_sacrifice_cleanup(self, c: list[Any]) -> StaticEffect:
        """ "If you cast it any time a sorcery couldn't have been cast, the controller
        of the permanent it becomes sacrifices it at the beginning of the next cleanup
        step" (Armor of Thorns): a delayed triggered ability created as the permanent
        enters from the stack (CR 702.8a, 603.7a, 514.3a; rules/cast_permissions.py)."""
        if str(c[0]).lower() != "sorcery":
            raise CompileError(f"any time a {c[0]} couldn't have been cast")
        return StaticEffect("flash_sacrifice_cleanup", SelfRef(), {})

    def replacement_graveyard(self, c: list[Any]) -> Parsed:
        effects = c[-1]
        return Parsed(
            "static",
            statics=[
                StaticEffect("replace_put_into_graveyard", SelfRef(), {"effects": tuple(effects)})
            ],
        )

    def replacement_discarded_to_battlefield(self, c: list[Any]) -> Parsed:
        # "If a spell or ability an opponent controls causes you to discard this card,
        # put it onto the battlefield instead of putting it into your graveyard"
        # (Obstinate Baloth): the card's own replacement effect in hand (CR 614.1a, 701.9a)
        args = {"by": "opponent", "to": "battlefield"}
        return Parsed("static", statics=[StaticEffect("replace_discarded", SelfRef(), args)])

    def extra_trigger(self, c: list[Any]) -> Parsed:
        """ "If an artifact or creature entering causes a triggered ability of a
        permanent you control to trigger, that ability triggers an additional time"
        (Panharmonicon, CR 603.2d); "a creature dying" (Teysa Karlov); "a player
        drawing a card" (Krang, the All-Powerful)."""
        flt = next(x for x in c if isinstance(x, Filter))
        words = str(c[-1])
        event = "dies" if "dying" in words else "draws" if "drawing" in words else "enters"
        args = {"event": event, "what": flt}
        return Parsed("static", statics=[StaticEffect("extra_trigger", SelfRef(), args)])

    def extra_trigger_of_either(self, c: list[Any]) -> Parsed:
        """ "If a triggered ability of a Shaman or another Wizard you control triggers,
        that ability triggers an additional time" (Harmonic Prodigy; CR 603.2d): "you
        control" describes both; "another" only the second."""
        tok = next(x for x in c if isinstance(x, Token) and x.type == "SUBTYPE")
        other = next(x for x in c if isinstance(x, Filter)).with_condition("other", True)
        first = Filter(
            ("Creature",),
            "battlefield",
            (
                ("subtype", subtype(str(tok))),
                *((k, v) for k, v in other.conditions if k == "controller"),
            ),
        )
        args = {"what": first, "or": other}
        return Parsed("static", statics=[StaticEffect("extra_trigger_of", SelfRef(), args)])

    def enter_instead(self, c: list[Any]) -> Parsed:
        """ "If this land would enter, sacrifice a Forest instead. If you do, put this
        land onto the battlefield. If you don't, put it into its owner's graveyard."
        (Heart of Yavimaya; "you may discard a land card", Mox Diamond): the
        permanent's own replacement effect of its entering (CR 614.1c, 614.12;
        rules/enter_instead.py)."""
        args = next(x for x in c if isinstance(x, dict))
        return Parsed("static", statics=[StaticEffect("enter_instead", SelfRef(), args)])

    def enter_instead_each(self, c: list[Any]) -> Parsed:
        """ "If this land would enter, instead sacrifice each other permanent named
        Sheltered Valley you control, then put this land onto the battlefield." (CR
        614.1c): every one described is sacrificed, and it enters."""
        flt = next(x for x in c if isinstance(x, Filter))
        args = {"action": "sacrifice", "what": flt, "each": True}
        return Parsed("static", statics=[StaticEffect("enter_instead", SelfRef(), args)])

    def eia_sacrifice(self, c: list[Any]) -> dict[str, Any]:
        flt = next(x for x in c if isinstance(x, Filter))
        n = next((x for x in c if isinstance(x, int)), 1)
        return {"action": "sacrifice", "what": flt, "count": n}

    def eia_discard(self, c: list[Any]) -> dict[str, Any]:
        flt = next(x for x in c if isinstance(x, Filter))
        # a card in the hand (CR 701.9a), not a permanent
        flt = Filter(flt.kinds, "hand", flt.conditions)
        return {"action": "discard", "what": flt, "count": 1, "optional": True}

    def extra_trigger_of(self, c: list[Any]) -> Parsed:
        """ "If a triggered ability of a Ninja creature you control triggers, that
        ability triggers an additional time" (Splinter, Radical Rat), "... of another
        Elemental you control triggers, it triggers ..." (Twinflame Travelers): the
        abilities of the permanents described (CR 603.2d; rules/extra_triggers.py)."""
        flt = next(x for x in c if isinstance(x, Filter))
        return Parsed(
            "static", statics=[StaticEffect("extra_trigger_of", SelfRef(), {"what": flt})]
        )

    def no_trigger(self, c: list[Any]) -> Parsed:
        """ "Creatures entering don't cause abilities to trigger" (Torpor Orb),
        "Creatures entering or dying ..." (Hushbringer), "Permanents entering don't
        cause abilities of permanents your opponents control to trigger" (Elesh Norn,
        Mother of Machines): a static ability that changes when abilities trigger
        (CR 603.2, 604.1)."""
        flts = [x for x in c if isinstance(x, Filter)]
        words = next(str(x) for x in c if isinstance(x, str) and not isinstance(x, Filter))
        events = tuple(e for e, w in (("enters", "entering"), ("dies", "dying")) if w in words)
        args: dict[str, Any] = {"events": events, "what": flts[0]}
        if len(flts) > 1:
            args["of"] = flts[1]
        return Parsed("static", statics=[StaticEffect("no_trigger", SelfRef(), args)])

    def landwalk_ignored(self, c: list[Any]) -> Parsed:
        """ "Creatures with islandwalk can be blocked as though they didn't have
        islandwalk" (Undertow), "Creatures with landwalk abilities can be blocked as
        though they didn't have those abilities" (Staff of the Ages): a rule for
        blocking every creature (CR 702.14c, 509.1b)."""
        walks = [str(x) for x in c[1:] if isinstance(x, str) and not isinstance(x, Token)]
        if walks and walks[0] != walks[-1]:
            raise CompileError("a landwalk blocked as though it were another")
        args: dict[str, Any] = {"land": None}
        if walks:
            land = walks[0].removesuffix("walk")
            if " " in land or land in ("land", "nonbasic", "legendary"):
                raise CompileError(f"{walks[0]}: not one land type")
            args["land"] = subtype(land)  # as "islandwalk" itself (tx_keywords.kw_landwalk)
        return Parsed(
            "static", statics=[StaticEffect("landwalk_ignored", Filter(("Creature",)), args)]
        )

    def no_trigger_event(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def extra_trigger_event(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def vp_ring_tempts(self, c: list[Any]) -> list[Effect]:
        # "the Ring tempts you" (CR 701.54a): always the ability's controller, whatever
        # the clause's subject
        return [Effect("ring_tempts", {"player": ControllerRef()})]

    def do_once(self, c: list[Any]) -> tuple[str, list[tuple[str, Any]]]:
        # "Do this only once each turn" (CR 603.2h): it triggers only if the action
        # wasn't taken this turn, not only if it didn't trigger
        return ("restriction", [("do_once_each_turn", True)])

    def extra_combat(self, c: list[Any]) -> list[Effect]:
        return [Effect("extra_combat", {"player": ControllerRef()})]

    def extra_combat_and_main(self, c: list[Any]) -> list[Effect]:
        """ "After this main phase, there is an additional combat phase followed by an
        additional main phase" (Relentless Assault; CR 500.8, 505.1a)."""
        return [Effect("extra_combat", {"player": ControllerRef(), "then_main": True})]

    def no_prevention(self, c: list[Any]) -> list[Effect]:
        return [Effect("damage_cant_be_prevented", {"duration": EOT})]

    def deck_rule(self, c: list[Any]) -> StaticEffect:
        return StaticEffect("deck_any_number", SelfRef())

    def max_attackers(self, c: list[Any]) -> StaticEffect:
        # "No more than one creature can attack each combat" (CR 508.1c): a rule
        # about the whole declaration, with no affected object
        return StaticEffect("max_attackers", None, {"amount": _int_of(c)})

    def max_blockers(self, c: list[Any]) -> StaticEffect:
        # "No more than one creature can block each combat" (CR 509.1b)
        return StaticEffect("max_blockers", None, {"amount": _int_of(c)})

    def max_hand_size_change(self, c: list[Any]) -> StaticEffect:
        """ "Each opponent's maximum hand size is reduced by seven" (Jin-Gitaxias,
        Core Augur), "Your maximum hand size is increased by one" (CR 402.2)."""
        whose, change, n = c[0], str(c[1]), c[2]
        if not isinstance(n, int):
            raise CompileError("maximum hand size: a number")
        return StaticEffect(
            "max_hand_size_change", whose, {"amount": -n if change == "reduced" else n}
        )

    def max_hand_size_set(self, c: list[Any]) -> StaticEffect:
        """ "Your maximum hand size is two" (Recycle), "is equal to the number of hour
        counters on this enchantment" (Midnight Oil): the size set, in timestamp order
        with the other effects on it (CR 402.2, 613.11)."""
        return StaticEffect("max_hand_size_set", c[0], {"amount": c[1]})

    def hsw_you(self, c: list[Any]) -> Filter:
        return Filter(kinds=("player",), conditions=(("you", True),))

    def hsw_opponents(self, c: list[Any]) -> Filter:
        return Filter(kinds=("player",), conditions=(("opponent", True),))

    def hsw_players(self, c: list[Any]) -> Filter:
        return Filter(kinds=("player",))

    def hand_size_change(self, c: list[Any]) -> str:
        return str(c[0])

    def opponents_sorcery_speed(self, c: list[Any]) -> StaticEffect:
        # "Each opponent can cast spells only any time they could cast a sorcery" (CR 307.1)
        return StaticEffect(
            "cast_only_as_sorcery", Filter(kinds=("player",), conditions=(("opponent", True),))
        )

    def cards_have_flash(self, c: list[Any]) -> StaticEffect:
        # "Creature cards you own that aren't on the battlefield have flash" (CR 702.8a)
        kind = next((str(x).capitalize() for x in c if isinstance(x, Token)), "Creature")
        return StaticEffect(
            "grant_flash_to_cards",
            Filter(kinds=(kind,), zone="any", conditions=(("owner", "you"),)),
        )

    def same_for_spells_and_cards(self, c: list[Any]) -> tuple[str, tuple[Filter, ...]]:
        """ "The same is true for creature spells you control and creature cards you
        own that aren't on the battlefield." (Arcane Adaptation, CR 611.3): the
        previous static effect also affects those spells and cards."""
        kinds = [str(x).capitalize() for x in c if isinstance(x, Token)]
        spells = Filter(kinds=(kinds[0],), zone="stack", conditions=(("controller", "you"),))
        cards = Filter(kinds=(kinds[-1],), zone="any", conditions=(("owner", "you"),))
        return ("same_for", (spells, cards))

    def free_flash_cast(self, c: list[Any]) -> StaticEffect:
        # Aluren: "Any player may cast creature spells with mana value 3 or less without
        # paying their mana costs and as though they had flash" (CR 118.9, 702.8a)
        kind = next((str(x).capitalize() for x in c if isinstance(x, Token)), "Creature")
        n = next((x for x in c if isinstance(x, int)), 0)
        flt = Filter(kinds=(kind,), zone="hand", conditions=(("mv_le", n),))
        return StaticEffect("may_cast_free_with_flash", flt, {"player": "any"})

    def free_cast_from_hand(self, c: list[Any]) -> StaticEffect:
        # Omniscience: "You may cast spells from your hand without paying their mana
        # costs" (CR 118.9): at the spells' normal timing
        return StaticEffect("may_cast_free", Filter(zone="hand"), {"player": "you"})

    def cast_from_graveyard_once(self, c: list[Any]) -> StaticEffect:
        """ "Once during each of your turns, you may cast a creature spell from your
        graveyard" (Karador, Ghost Chieftain): a permission to cast one such card from
        the graveyard each turn (CR 601.2a, 601.3; rules/play_permissions.py)."""
        what = c[-1]
        if not isinstance(what, Some) or what.count != 1 or what.up_to:
            raise CompileError(f"once during each of your turns, cast {what!r}")
        flt = what.filter
        if flt.zone != "graveyard" or dict(flt.conditions).get("owner") not in ("you", None):
            raise CompileError(f"once during each of your turns, cast from {flt.zone!r}")
        kinds = tuple(k for k in flt.kinds if k not in ("spell", "card"))
        conds = tuple(kv for kv in flt.conditions if kv[0] != "owner")
        if not kinds and not any(k.startswith("subtype") for k, _ in conds):
            # ("a permanent spell" reads as any spell: its kind would be lost)
            raise CompileError("once during each of your turns, cast a spell of no type")
        return StaticEffect("cast_from_graveyard_once", Filter(kinds, "graveyard", conds))

    def lure(self, c: list[Any]) -> StaticEffect:
        return StaticEffect("must_be_blocked_by_all", SelfRef())

    def cda_pt(self, c: list[Any]) -> StaticEffect:
        # CR 604.3: a characteristic-defining ability.
        return StaticEffect("set_pt", SelfRef(), {"power": c[-1], "toughness": c[-1], "cda": True})

    def cda_exiled_total(self, c: list[Any]) -> StaticEffect:
        """ "Sutured Ghoul's power is equal to the total power of the exiled cards and
        its toughness is equal to their total toughness" (CR 604.3, 607.2a): the cards
        exiled with it."""
        args = {
            "power": Amount("power", None, EachRef(EXILED_WITH_SELF)),
            "toughness": Amount("toughness", None, EachRef(EXILED_WITH_SELF)),
            "cda": True,
        }
        return StaticEffect("set_pt", SelfRef(), args)

    def cda_power(self, c: list[Any]) -> StaticEffect:
        return StaticEffect("set_pt", SelfRef(), {"power": c[-1], "cda": True})

    def cda_pt_plus(self, c: list[Any]) -> StaticEffect:
        # "power is equal to N and its toughness is equal to that number plus K" (CR 604.3)
        power, plus = c[-2], c[-1]
        if not isinstance(power, Amount) or not isinstance(plus, int):
            raise CompileError("characteristic-defining P/T")
        toughness = Amount(
            power.kind, power.filter, power.ref, power.value + plus, power.multiplier
        )
        return StaticEffect(
            "set_pt", SelfRef(), {"power": power, "toughness": toughness, "cda": True}
        )

    def cda_toughness(self, c: list[Any]) -> StaticEffect:
        return StaticEffect("set_pt", SelfRef(), {"toughness": c[-1], "cda": True})

    def skip_draw_for_protection(self, c: list[Any]) -> Parsed:
        # Island Sanctuary (CR 614.1a, 508.1c): rules/draw_skip.py
        walk = next((str(x) for x in c if isinstance(x, Token) and x.type == "LANDWALK_WORD"), "")
        land = walk.lower().removesuffix("walk").capitalize()
        args = {"keywords": ("Flying",), "landwalk": (land,) if land else ()}
        return Parsed("static", statics=[StaticEffect("skip_draw_for_protection", SelfRef(), args)])

    def replacement_leave_exile(self, c: list[Any]) -> Parsed:
        # "If this creature would leave the battlefield, exile it instead of putting
        # it anywhere else." (CR 614.1a)
        return Parsed("static", statics=[StaticEffect("replace_leave_exile", SelfRef(), {})])

    def replacement_regenerate(self, c: list[Any]) -> Parsed:
        """ "If this creature would be destroyed, regenerate it." (Clergy of the Holy
        Nimbus, Mossbridge Troll): it regenerates instead each time, with no shield
        used up (CR 614.1a, 701.19a)."""
        return Parsed("static", statics=[StaticEffect("regenerate_instead", SelfRef(), {})])

    def begin_on_battlefield(self, c: list[Any]) -> Parsed:
        # Leylines: "If this card is in your opening hand, you may begin the game with
        # it on the battlefield." (CR 103.6a): used by rules/setup.py
        return Parsed("static", statics=[StaticEffect("begin_on_battlefield", SelfRef(), {})])

    def replacement_extra_coin_flip(self, c: list[Any]) -> Parsed:
        # Krark's Thumb: "If you would flip a coin, instead flip two coins and ignore
        # one." (CR 614.1a, 705): read by effects/chance.py
        return Parsed("static", statics=[StaticEffect("extra_coin_flip", SelfRef(), {})])

    def static_extra_vote(self, c: list[Any]) -> Parsed:
        # Brago's Representative: "While voting, you get an additional vote." (CR
        # 701.38d): read by effects/vote.py
        return Parsed("static", statics=[StaticEffect("extra_vote", SelfRef(), {})])

    def static_extra_vote_may(self, c: list[Any]) -> Parsed:
        # Ballot Broker: "While voting, you may vote an additional time." (CR 701.38d)
        return Parsed("static", statics=[StaticEffect("extra_vote", SelfRef(), {"optional": True})])

    def replacement_additional_spell_copy(self, c: list[Any]) -> Parsed:
        # Twinning Staff: "If you would copy a spell one or more times, instead copy it
        # that many times plus an additional time. You may choose new targets for the
        # additional copy." (CR 614.1a, 707.10, 707.10c): read by effects/copy.py and
        # keywords/copies.py through rules/copy.additional_spell_copies
        return Parsed("static", statics=[StaticEffect("additional_spell_copy", SelfRef(), {})])

    # ---------------------------------------------- replacement effects (CR 614)
    # read by the event pipeline: rules/zone_replacements.py, damage_replacements.py,
    # player_replacements.py, counters.py

    def replacement_graveyard_exile(self, c: list[Any]) -> Parsed:
        # Rest in Peace, Leyline of the Void (CR 614.1a, 614.6)
        tokens = "gyw:token" in c
        whose = next((x for x in c if isinstance(x, str) and x.startswith("gy:")), "gy:any")
        args = {"whose": whose[3:], "tokens": bool(tokens)}
        return Parsed("static", statics=[StaticEffect("graveyard_to_exile", None, args)])

    def gyw_card(self, c: list[Any]) -> str:
        return "gyw:card"

    def gyw_token(self, c: list[Any]) -> str:
        return "gyw:token"

    def dds_any(self, c: list[Any]) -> str:
        return "dds:any"

    def dds_you(self, c: list[Any]) -> str:
        return "dds:you"

    def gy_any(self, c: list[Any]) -> str:
        return "gy:any"

    def gy_opponent(self, c: list[Any]) -> str:
        return "gy:opponent"

    def gy_you(self, c: list[Any]) -> str:
        return "gy:you"

    def replacement_double_damage(self, c: list[Any]) -> Parsed:
        # Furnace of Rath (CR 614.1a); "a source you control" (Fire Servant-like);
        # "triple that damage" (City on Fire)
        if any(isinstance(x, tuple) for x in c):
            raise CompileError("double damage from a source with adjectives")
        args: dict[str, Any] = {
            "recipient": "any",
            "source": "you_control" if "dds:you" in c else "any",
        }
        return Parsed("static", statics=[StaticEffect("double_damage", None, _mult(args, c))])

    def dmg_double(self, c: list[Any]) -> _DamageFactor:
        return _DamageFactor(2)

    def dmg_triple(self, c: list[Any]) -> _DamageFactor:
        return _DamageFactor(3)

    def dmg_noncombat(self, c: list[Any]) -> str:
        return "dmg:noncombat"

    def replacement_mult_damage_opponent(self, c: list[Any]) -> Parsed:
        """ "If a source you control would deal [noncombat] damage to an opponent or a
        permanent an opponent controls, it deals double that damage [to that player or
        permanent] instead" (Twinflame Tyrant, Solphim, Mayhem Dominus; CR 614.1a)."""
        if any(isinstance(x, tuple) for x in c):
            raise CompileError("double damage from a source with adjectives")
        args: dict[str, Any] = {
            "recipient": "opponent",
            "source": "you_control" if "dds:you" in c else "any",
        }
        if "dmg:noncombat" in c:
            args["noncombat_only"] = True
        return Parsed("static", statics=[StaticEffect("double_damage", None, _mult(args, c))])

    def life_floor_static(self, c: list[Any]) -> StaticEffect:
        """ "Damage that would reduce your life total to less than 1 reduces it to 1
        instead" (Ali from Cairo; CR 614.1a): the damage dealt to its controller is
        what leaves them at that life total."""
        less_than, to = [x for x in c if isinstance(x, int)]
        if less_than != to:
            raise CompileError("damage that would reduce your life total below N reduces it to M")
        return StaticEffect("damage_life_floor", None, {"floor": to})

    def replacement_life_floor(self, c: list[Any]) -> Parsed:
        """ "If you control a creature, damage that would reduce ..." (Worship): the
        same replacement while the condition holds."""
        cond = next(x for x in c if isinstance(x, Condition))
        st = self.life_floor_static([x for x in c if not isinstance(x, Condition)])
        return Parsed("static", statics=[dataclasses.replace(st, condition=cond)])

    def replacement_double_damage_by_kind(self, c: list[Any]) -> Parsed:
        """ "If a creature you control would deal damage to a permanent or player, it
        deals double that damage instead" (Gratuitous Violence; CR 614.1a): only
        damage a source of that kind, controlled by this permanent's controller,
        deals."""
        nouns = next(x for x in c if isinstance(x, list))
        args = {
            "recipient": "any",
            "source": "you_control",
            "source_filter": build_filter([Alt([], nouns)], []),
        }
        return Parsed("static", statics=[StaticEffect("double_damage", None, args)])

    def replacement_double_damage_to(self, c: list[Any]) -> Parsed:
        """ "If a source would deal damage to an opponent [you | this creature |
        enchanted player], it deals double that damage to that player instead" (CR
        614.1a): only damage to that recipient (a player, not their permanents)."""
        return self._double_damage_to(_double_damage_recipient(c[1]), c)

    def replacement_double_damage_to_opponent(self, c: list[Any]) -> Parsed:
        return self._double_damage_to("opponent_player", c)

    def replacement_double_damage_to_self(self, c: list[Any]) -> Parsed:
        return self._double_damage_to("self", c)

    def _double_damage_to(self, recipient: str, c: list[Any]) -> Parsed:
        if any(isinstance(x, tuple) for x in c):
            raise CompileError("double damage from a source with adjectives to ...")
        args = {"recipient": recipient, "source": "you_control" if "dds:you" in c else "any"}
        return Parsed("static", statics=[StaticEffect("double_damage", None, args)])

    def replacement_double_combat_damage_by_self(self, c: list[Any]) -> Parsed:
        """ "If this creature would deal combat damage to a player, it deals double that
        damage to that player instead" (CR 614.1a)."""
        args = {"recipient": "player", "source": "self", "combat_only": True}
        return Parsed("static", statics=[StaticEffect("double_damage", None, args)])

    def mhm_any(self, c: list[Any]) -> tuple[str, int]:
        return ("min", 1)

    def mhm_two_or_more(self, c: list[Any]) -> tuple[str, int]:
        return ("min", 2)

    def mi_symbol(self, c: list[Any]) -> tuple[str, str]:
        sym = str(c[0]).strip("{}")
        if sym not in ("W", "U", "B", "R", "G", "C"):
            raise CompileError(f"produces {c[0]} instead: not one mana of a type")
        return ("mana", sym)

    def mi_and_amount(self, c: list[Any]) -> tuple[str, bool]:
        return ("and_amount", True)

    def mi_colorless(self, c: list[Any]) -> tuple[str, str]:
        return ("mana", "C")

    def mi_color_choice(self, c: list[Any]) -> tuple[str, str]:
        # "mana of a color of your choice" (CR 106.1b): chosen as it's produced
        return ("mana", MANA_COLOR_CHOICE)

    def land_type_mana(self, c: list[Any]) -> tuple[str, str]:
        sym = str(c[1]).strip("{}")
        if sym not in ("W", "U", "B", "R", "G", "C"):
            raise CompileError(f"produce {c[1]}: not one mana of a type")
        return subtype(str(c[0]).lower()), sym

    def replacement_unspent_mana_becomes(self, c: list[Any]) -> Parsed:
        """ "If you would lose unspent mana, that mana becomes colorless instead"
        (Kruphix, God of Horizons; CR 500.4, 614.1a): as a step ends, the controller's
        unspent mana stays in their pool, of that type (rules/turn.py)."""
        colors = [
            _COLOR_LETTERS[str(x)] for x in c if isinstance(x, Token) and x.type == "COLOR_WORD"
        ]
        args = {"color": colors[0] if colors else "C"}
        you = Filter(kinds=("player",), conditions=(("you", True),))
        return Parsed("static", statics=[StaticEffect("unspent_mana_becomes", you, args)])

    def replacement_mana_by_land_type(self, c: list[Any]) -> Parsed:
        """ "If tapped for mana, Plains produce {R}, Swamps produce {G}, ... instead of
        any other type" (Reality Twist, Naked Singularity; CR 106.12b, 614.1a)."""
        pairs = tuple(x for x in c if isinstance(x, tuple))
        args = {"mana": "by_type", "by_type": pairs}
        return Parsed("static", statics=[StaticEffect("mana_instead", None, args)])

    def replacement_mana_instead_basic_yours(self, c: list[Any]) -> Parsed:
        """ "If a basic land you control is tapped for mana, it produces mana of a color
        of your choice instead of any other type" (Pulse of Llanowar; CR 106.12b,
        614.1a)."""
        st = self.replacement_mana_instead(c).statics[0]
        args = {**st.args, "basic": True, "yours": True}
        return Parsed("static", statics=[StaticEffect(st.op, st.affected, args)])

    def replacement_mana_instead(self, c: list[Any]) -> Parsed:
        """CR 106.12b, 614.1a: "If a land is tapped for mana, it produces {B} instead of
        any other type [and amount]" (Contamination, Ritual of Subdual, Damping
        Sphere's "for two or more mana")."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        if kind.lower() != "land":
            raise CompileError(f"a {kind} tapped for mana")
        args: dict[str, Any] = dict(x for x in c if isinstance(x, tuple))
        return Parsed("static", statics=[StaticEffect("mana_instead", None, args)])

    def sent_mana_instead(self, c: list[Any]) -> list[Effect]:
        """ "Until end of turn, if you tap a land you control for mana, it produces {U}
        instead of any other type" (Deep Water, Pale Moon; "one mana of a color of your
        choice instead of any other type and amount": Harvest Mage): a replacement effect of the
        resolved spell or ability on mana production (CR 106.12b, 614.1a, 611.2a)."""
        duration, (you, flt) = c[0], c[1]
        if "Land" not in flt.kinds:
            raise CompileError("something other than a land tapped for mana")
        args: dict[str, Any] = dict(
            x for x in c if isinstance(x, tuple) and x[0] in ("mana", "and_amount")
        )
        args.update({"filter": flt, "duration": duration})
        if you:
            args["you"] = True
        return [Effect("mana_instead_effect", args)]

    def sent_enters_under_your_control(self, c: list[Any]) -> list[Effect]:
        """ "If a creature would enter the battlefield under an opponent's control this
        turn, it enters under your control instead" (Gather Specimens): a replacement
        effect that changes under whose control a permanent enters (CR 614.1c, 616.1b)."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        flt = Filter(kinds=(kind.capitalize(),))
        return [Effect("enters_under_your_control", {"filter": flt, "duration": EOT})]

    def mtap_you(self, c: list[Any]) -> tuple[bool, Filter]:
        return True, next(x for x in c if isinstance(x, Filter))

    def mtap_player(self, c: list[Any]) -> tuple[bool, Filter]:
        return False, next(x for x in c if isinstance(x, Filter))

    def mt_permanent(self, c: list[Any]) -> str:
        return "mt:permanent"

    def mt_basic_land(self, c: list[Any]) -> str:
        return "mt:basic_land"

    def mana_times_two(self, c: list[Any]) -> int:
        return 2

    def mana_times_three(self, c: list[Any]) -> int:
        return 3

    def replacement_mana_multiplier(self, c: list[Any]) -> Parsed:
        """CR 106.12b: "If you tap a permanent for mana, it produces twice as much of
        that mana instead" (Mana Reflection, Nyxbloom Ancient)."""
        what = "basic_land" if "mt:basic_land" in c else "permanent"
        factor = next(x for x in c if isinstance(x, int))
        args = {"what": what, "factor": factor}
        return Parsed("static", statics=[StaticEffect("mana_multiplier", None, args)])

    def rdd_any(self, c: list[Any]) -> str:
        return "rdd:any"

    def rdd_combat(self, c: list[Any]) -> str:
        return "rdd:combat"

    def redirect_also(self, c: list[Any]) -> str:
        return "redirect:permanents"

    def redirect_by_unblocked(self, c: list[Any]) -> str:
        return "redirect:unblocked"

    def redirect_by_type(self, c: list[Any]) -> str:
        word = str(c[0]).lower()
        return f"redirect:type:{word[:-1] if word.endswith('s') else word}"

    def redirect_untapped(self, c: list[Any]) -> str:
        return "redirect:untapped"

    def rdest_self(self, c: list[Any]) -> str:
        return "rdest:self"

    def rdest_enchanted(self, c: list[Any]) -> str:
        return "rdest:enchanted"

    def rdest_equipped(self, c: list[Any]) -> str:
        return "rdest:equipped"

    def replacement_redirect(self, c: list[Any]) -> Parsed:
        """CR 614.9: "All damage that would be dealt to you [and other permanents you
        control] [by unblocked creatures] is dealt to [this creature | enchanted
        creature | equipped creature] instead" (Pariah, Palisade Giant)."""
        words = [x for x in c if isinstance(x, str)]
        dest = next(w.split(":")[1] for w in words if w.startswith("rdest:"))
        by = next(
            (
                w.split(":", 1)[1]
                for w in words
                if w.startswith(("redirect:unblocked", "redirect:type:"))
            ),
            None,
        )
        args: dict[str, Any] = {"dest": dest}
        if "redirect:permanents" in words:
            args["permanents"] = True  # "and other permanents you control"
        if by is not None:
            args["by"] = by
        if "rdd:combat" in words:
            args["combat_only"] = True
        if "redirect:untapped" in words:
            args["while_untapped"] = True  # "As long as this creature is untapped, ..."
        return Parsed("static", statics=[StaticEffect("redirect_damage", None, args)])

    def dds_you_adjs(self, c: list[Any]) -> tuple[str, tuple[tuple[str, Any], ...]]:
        # "a red source you control", "a noncreature source you control"
        return ("dds:you", tuple(next(x for x in c if isinstance(x, list))))

    def _damage_plus(self, c: list[Any], recipient: str) -> Parsed:
        """ "If a red source you control would deal damage to an opponent or a
        permanent an opponent controls, it deals that much damage plus 2 instead"
        (Torbran, Thane of Red Fell; CR 614.1a)."""
        args: dict[str, Any] = {"recipient": recipient, "source": "any"}
        for x in c:
            if x == "dds:you":
                args["source"] = "you_control"
            elif isinstance(x, tuple) and x and x[0] == "dds:you":
                args["source"] = "you_control"
                args["source_conditions"] = x[1]
        args["plus"] = next(x for x in c if isinstance(x, int))
        if "dmg:noncombat" in c:
            # "If a source you control would deal noncombat damage ..." (Artist's Talent)
            args["noncombat_only"] = True
        return Parsed("static", statics=[StaticEffect("damage_plus", None, args)])

    def dsrc_a(self, c: list[Any]) -> Filter:
        return cast(Filter, c[0])

    def dsrc_another(self, c: list[Any]) -> Filter:
        # "another red source you control": not the permanent with the effect
        return cast(Filter, c[0]).with_condition("other", True)

    def ddt_any(self, c: list[Any]) -> dict[str, Any]:
        return {"recipient": "any"}

    def ddt_noncombat(self, c: list[Any]) -> dict[str, Any]:
        return {"recipient": "any", "noncombat_only": True}

    def ddt_opponent(self, c: list[Any]) -> dict[str, Any]:
        return {"recipient": "opponent"}

    def dins_double(self, c: list[Any]) -> tuple[str, int]:
        return ("double_damage", 0)

    def dins_plus(self, c: list[Any]) -> tuple[str, int]:
        return ("damage_plus", next(x for x in c if isinstance(x, int)))

    def dins_minus(self, c: list[Any]) -> tuple[str, int]:
        return ("damage_plus", -next(x for x in c if isinstance(x, int)))

    def replacement_damage_by_desc(self, c: list[Any]) -> Parsed:
        """ "If a red spell [another source you control | a creature you control with
        a +1/+1 counter on it] would deal damage to a permanent or player, it deals
        double that damage [that much damage plus 1 | minus 1] instead" (CR 614.1a):
        only damage from a source of that description, as it is when the damage
        would be dealt."""
        flt, which, (op, n) = (x for x in c if not isinstance(x, Token))
        args: dict[str, Any] = {**which, "source": "filter", "source_filter": flt}
        if op == "damage_plus":
            args["plus"] = n
        return Parsed("static", statics=[StaticEffect(op, None, args)])

    def replacement_damage_plus(self, c: list[Any]) -> Parsed:
        return self._damage_plus(c, "any")

    def replacement_damage_plus_opponent(self, c: list[Any]) -> Parsed:
        return self._damage_plus(c, "opponent")

    def replacement_damage_plus_creature_battle_opponent(self, c: list[Any]) -> Parsed:
        kinds = [str(x).lower() for x in c if isinstance(x, Token) and x.type == "CARD_TYPE"]
        if kinds != ["creature", "battle"]:
            raise CompileError(f"damage plus N to {', '.join(kinds)} or opponent")
        return self._damage_plus(c, "creature_battle_opponent")

    def replacement_double_damage_opponent(self, c: list[Any]) -> Parsed:
        args = {"recipient": "opponent", "source": "any"}
        return Parsed("static", statics=[StaticEffect("double_damage", None, args)])

    def countered_exile_instead(self, c: list[Any]) -> list[Effect]:
        # a self-replacement effect of the counterspell (CR 614.15): read by "counter"
        return [Effect("countered_exile_instead", {})]

    def countered_put_instead(self, c: list[Any]) -> list[Effect]:
        """ "If that spell is countered this way, put it into its owner's hand / on top
        of / on the bottom of its owner's library instead of into that player's
        graveyard" (Remand, Memory Lapse, Spell Crumple): a self-replacement effect of
        the counterspell (CR 614.15), read by "counter"."""
        return [Effect("countered_instead", {"to": c[-1]})]

    def cdest_hand(self, c: list[Any]) -> str:
        return "hand"

    def cdest_top(self, c: list[Any]) -> str:
        return "top"

    def cdest_bottom(self, c: list[Any]) -> str:
        return "bottom"

    def sent_damaged_no_regen(self, c: list[Any]) -> list[Effect]:
        """ "A creature dealt damage this way can't be regenerated this turn." (CR
        701.19c): the objects the previous instruction dealt damage to."""
        return [
            Effect("cant_be_regenerated", {"what": ParentRef("damaged"), "duration": "end_of_turn"})
        ]

    def sent_kw_cost_mana_cost(self, c: list[Any]) -> list[Effect]:
        """ "The flashback cost is equal to its mana cost." (Snapcaster Mage; CR
        702.34a): the cost of the keyword the sentence before grants with none
        (sentences() folds it in, :func:`_set_granted_cost`)."""
        kw = next(str(x) for x in c if isinstance(x, str) and not isinstance(x, Token))
        spec = KEYWORDS_BY_LOWER.get(kw.lower())
        if spec is None:
            raise CompileError(f"the {kw} cost: not a keyword")
        return [Effect("granted_cost_is_mana_cost", {"keyword": spec.name})]

    def sent_damage_unpreventable(self, c: list[Any]) -> list[Effect]:
        """ "The damage can't be prevented." (CR 615.12): the damage instruction before
        it is marked (sentences() folds it in, :func:`_mark_unpreventable`)."""
        return [Effect("damage_unpreventable", {})]

    def sent_destroyed_no_regen(self, c: list[Any]) -> list[Effect]:
        """ "A creature destroyed this way can't be regenerated." (CR 701.19c): the
        destroy instructions before it are marked as :func:`_mark_no_regen` marks them
        for "It can't be regenerated." (sentences() folds it in)."""
        return [Effect("destroyed_no_regen", {})]

    def damaged_exile_instead(self, c: list[Any]) -> list[Effect]:
        # "If a creature dealt damage this way would die this turn, exile it instead"
        # (CR 614.1a): the objects the previous instruction dealt damage to
        return [Effect("exile_if_dies", {"what": ParentRef("damaged"), "duration": "end_of_turn"})]

    def static_no_prevention(self, c: list[Any]) -> StaticEffect:
        return StaticEffect("cant_prevent_damage", None)  # CR 615.12

    def replacement_explore_twice(self, c: list[Any]) -> Parsed:
        """ "If a creature you control would explore, instead it explores, then it
        explores again." (Topography Tracker; CR 614.1a, 701.44)."""
        yours = Filter(kinds=("Creature",), conditions=(("controller", "you"),))
        return Parsed("static", statics=[StaticEffect("explore_instead", yours, {"twice": True})])

    def replacement_explore_scry(self, c: list[Any]) -> Parsed:
        """ "If a creature you control would explore, instead you scry 1, then that
        creature explores." (Twists and Turns; CR 614.1a, 701.22, 701.44)."""
        n = next(int(str(x)) for x in c if isinstance(x, Token) and x.type == "NUMBER")
        yours = Filter(kinds=("Creature",), conditions=(("controller", "you"),))
        return Parsed("static", statics=[StaticEffect("explore_instead", yours, {"scry": n})])

    def replacement_double_life(self, c: list[Any]) -> Parsed:
        you = Filter(kinds=("player",), conditions=(("you", True),))
        return Parsed("static", statics=[StaticEffect("double_life_gain", you)])

    def static_life_cant_change(self, c: list[Any]) -> Parsed:
        # Platinum Emperion: you can't gain or lose life (CR 119.7, 119.8, 101.2)
        you = Filter(kinds=("player",), conditions=(("you", True),))
        return Parsed(
            "static",
            statics=[StaticEffect("cant_gain_life", you), StaticEffect("cant_lose_life", you)],
        )

    def replacement_untap_remove(self, c: list[Any]) -> Parsed:
        # Bewitching Leechcraft's granted ability: "If this creature would untap during
        # your untap step, remove a +1/+1 counter from it instead." (CR 614.1a, 502.3)
        kind = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        args = {"counter": kind, "amount": 1, "untap_step": True}
        return Parsed("static", statics=[StaticEffect("untap_instead", SelfRef(), args)])

    def replacement_untap_remove_then(self, c: list[Any]) -> Parsed:
        # Bewitching Leechcraft's granted ability: "If this creature would untap during
        # your untap step, remove a +1/+1 counter from it instead. If you do, untap it."
        # (CR 614.1a, 502.3; with no counter to remove, it doesn't untap)
        kind = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        args = {"counter": kind, "amount": 1, "untap_step": True, "if_you_do": True}
        return Parsed("static", statics=[StaticEffect("untap_instead", SelfRef(), args)])

    def replacement_untap_remove_all(self, c: list[Any]) -> Parsed:
        # Freyalise's Winds: "If a permanent with a wind counter on it would untap during
        # its controller's untap step, remove all wind counters from it instead."
        kind = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        args = {"counter": kind, "amount": "all", "untap_step": True, "with_counter": True}
        flt = Filter(kinds=("permanent",), zone="battlefield")
        return Parsed("static", statics=[StaticEffect("untap_instead", flt, args)])

    def replacement_double_life_loss(self, c: list[Any]) -> Parsed:
        # Bloodletter of Aclazotz (CR 614.1a)
        opp = Filter(kinds=("player",), conditions=(("opponent", True),))
        args = {"during": "your_turn"}
        return Parsed("static", statics=[StaticEffect("double_life_loss", opp, args)])

    def replacement_no_life(self, c: list[Any]) -> Parsed:
        return Parsed("static", statics=[StaticEffect("no_life_gain", Filter(kinds=("player",)))])

    def replacement_counters(self, c: list[Any]) -> Parsed:
        # Hardened Scales ("that many plus one"), Corpsejack Menace ("twice that many")
        # (CR 614.1a): "on a creature you control", "on another creature you control",
        # "on an artifact or creature you control", "on Mowu" (this object)
        kinds = [x for x in c if isinstance(x, str) and not isinstance(x, Token) and x[:3] != "cm:"]
        mult = next(x for x in c if isinstance(x, str) and x.startswith("cm:"))
        args: dict[str, Any] = {"counter": kinds[0]}
        args.update({"plus": 1} if mult == "cm:plus_one" else {"times": 2})
        what = next(x for x in c if isinstance(x, SelfRef | Some | EachRef))
        flt = what if isinstance(what, SelfRef) else what.filter
        if not isinstance(flt, SelfRef | Filter) or (
            isinstance(flt, Filter) and is_player_filter(flt)
        ):
            raise CompileError("counters put on what")
        return Parsed("static", statics=[StaticEffect("counter_multiplier", flt, args)])

    def replacement_counters_each(self, c: list[Any]) -> Parsed:
        # Winding Constrictor, Pir, Loading Zone: "If one or more counters would be put
        # on an artifact or creature you control, that many plus one of each of those
        # kinds of counters are put on that permanent instead." (CR 614.1a, 122.6)
        mult = next(x for x in c if isinstance(x, str) and x.startswith("cm:"))
        what = next(x for x in c if isinstance(x, SelfRef | Some | EachRef))
        flt = what if isinstance(what, SelfRef) else what.filter
        if not isinstance(flt, SelfRef | Filter) or (
            isinstance(flt, Filter) and is_player_filter(flt)
        ):
            raise CompileError("counters put on what")
        args = _counter_mult_args(mult)
        return Parsed("static", statics=[StaticEffect("counter_multiplier", flt, args)])

    def replacement_counters_put_you(self, c: list[Any]) -> Parsed:
        return self._counters_put(c[-1], "you")

    def replacement_counters_put_opponent(self, c: list[Any]) -> Parsed:
        return self._counters_put(c[-1], "opponent")

    def _counters_put(self, c: list[Any], by: str) -> Parsed:
        # Vorinclex, Innkeeper's Talent: "If you would put one or more counters on a
        # permanent or player, put twice that many of each of those kinds of counters
        # on that permanent or player instead"; Halving Season: "If an opponent would
        # put ..., they put half that many ..., rounded down"; Lae'zel: "... on a
        # creature or planeswalker you control or on yourself, put that many plus
        # one ..." (CR 614.1a, 122.6): who puts them is the controller of the
        # instructions that put them
        mult = next(x for x in c if isinstance(x, str) and x.startswith("cm:"))
        onto = next(x for x in c if isinstance(x, tuple))
        flt, players = onto
        args = {**_counter_mult_args(mult), "by": by}
        if players:
            args["players"] = players
        return Parsed("static", statics=[StaticEffect("counter_multiplier", flt, args)])

    def replacement_player_counters(self, c: list[Any]) -> Parsed:
        # Winding Constrictor: "If you would get one or more counters, you get that many
        # plus one of each of those kinds of counters instead"; Aether Refinery: "If you
        # would get one or more {E}, you get twice that many {E} instead" (CR 614.1a,
        # 122.1, 107.14)
        mult = next(x for x in c if isinstance(x, str) and x.startswith("cm:"))
        args = {**_counter_mult_args(mult), "players": "you"}
        return Parsed("static", statics=[StaticEffect("counter_multiplier", None, args)])

    def replacement_energy_counters(self, c: list[Any]) -> Parsed:
        parsed = self.replacement_player_counters(c)
        (st,) = parsed.statics
        args = {**st.args, "counter": "energy"}
        return Parsed("static", statics=[dataclasses.replace(st, args=args)])

    def counters_put_tail(self, c: list[Any]) -> list[Any]:
        return c

    def onto_np(self, c: list[Any]) -> tuple[Filter, str]:
        what = next(x for x in c if isinstance(x, Some | EachRef))
        flt = what.filter
        if flt == Filter(kinds=("permanent", "player")):
            return Filter(kinds=("permanent",)), "any"  # "a permanent or player"
        if not isinstance(flt, Filter) or "player" in flt.kinds:
            raise CompileError("counters put on what")
        return flt, ""

    def onto_np_or_you(self, c: list[Any]) -> tuple[Filter, str]:
        return self.onto_np(c)[0], "you"

    def cm_half(self, c: list[Any]) -> str:
        return "cm:half"

    def counter_mult_each(self, c: list[Any]) -> str:
        return str(c[0])

    def counters_on_it(self, c: list[Any]) -> None:
        return None

    def cm_plus_one(self, c: list[Any]) -> str:
        return "cm:plus_one"

    def cm_twice(self, c: list[Any]) -> str:
        return "cm:twice"

    def replacement_counters_any(self, c: list[Any]) -> Parsed:
        # Doubling Season's second ability (CR 614.1a)
        flt = Filter(kinds=(), conditions=(("controller", "you"),))
        return Parsed("static", statics=[StaticEffect("counter_multiplier", flt, {"times": 2})])

    def replacement_tokens(self, c: list[Any]) -> Parsed:
        # Doubling Season, Parallel Lives (CR 614.1a, 111.1)
        you = Filter(kinds=("player",), conditions=(("you", True),))
        return Parsed("static", statics=[StaticEffect("token_multiplier", you, {"times": 2})])

    def replacement_tokens_any(self, c: list[Any]) -> Parsed:
        """Primal Vigor: "If one or more tokens would be created, twice that many of
        those tokens are created instead" (CR 614.1a, 111.1): whoever creates them."""
        return Parsed("static", statics=[StaticEffect("token_multiplier", None, {"times": 2})])

    def _prevent_static(self, c: list[Any], who: str, direction: str) -> Parsed:
        # static prevention effects (CR 615.1): rules/damage_replacements.py
        args = {"who": who, "dir": direction, "combat_only": False}
        return Parsed("static", statics=[StaticEffect("prevent_static", None, args)])

    def prevent_to_self(self, c: list[Any]) -> Parsed:
        """ "If [noncombat] damage would be dealt to this creature / you / another
        creature you control, prevent that damage" (CR 615.1)."""
        kind = next((x for x in c if isinstance(x, str) and x.startswith("pd:")), "pd:any")
        who = next((x for x in c if not isinstance(x, str)), None)
        if who is None or isinstance(who, SelfRef):
            parsed = self._prevent_static(c, "self", "to")
            st = parsed.statics[0]
        else:
            if isinstance(who, ControllerRef):
                affected = Filter(kinds=("player",), conditions=(("you", True),))
            elif isinstance(who, EachRef) and not is_player_filter(who.filter):
                affected = who.filter
            else:
                raise CompileError("static prevention: whom it protects")
            st = StaticEffect("prevent_static", affected, {"dir": "to", "combat_only": False})
            parsed = Parsed("static", statics=[st])
        if kind == "pd:noncombat":
            parsed.statics[0] = dataclasses.replace(st, args={**st.args, "noncombat_only": True})
        return parsed

    def prevent_n_static(self, c: list[Any]) -> Parsed:
        """ "If a source an opponent controls would deal damage to you, prevent 1 of
        that damage" (Guardian Seraph), "If a creature would deal damage to you,
        prevent 1 ..." (Orbs of Warding), "... to a planeswalker you control"
        (Djeru): a static prevention of N of each such damage event (CR 615.1)."""
        if any(isinstance(x, tuple) for x in c):
            raise CompileError("prevention of damage from sources you control")
        source = next(x for x in c if isinstance(x, str) and x[:4] in ("dds:", "pns:"))
        n = next(x for x in c if isinstance(x, int) and not isinstance(x, bool))
        who = next(x for x in c if not isinstance(x, str | int))
        if isinstance(who, ControllerRef):
            affected = Filter(kinds=("player",), conditions=(("you", True),))
        elif isinstance(who, EachRef | Some) and not is_player_filter(who.filter):
            affected = who.filter
        else:
            raise CompileError("static prevention: whom it protects")
        args: dict[str, Any] = {"dir": "to", "combat_only": False, "amount": n}
        if source == "dds:you":
            raise CompileError("prevention of damage from sources you control")
        if source == "pns:opponent":
            args["sources"] = "not_yours"
        elif source.startswith("pns:type:"):
            args["source_type"] = source.removeprefix("pns:type:")
        return Parsed("static", statics=[StaticEffect("prevent_static", affected, args)])

    def prevent_n_static_opponents(self, c: list[Any]) -> Parsed:
        # "If a source an opponent controls would deal damage to you, prevent 1 ..."
        return self.prevent_n_static(["pns:opponent", *c])

    def prevent_n_static_by_type(self, c: list[Any]) -> Parsed:
        # "If a creature would deal damage to you, prevent 1 of that damage."
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        return self.prevent_n_static(["pns:type:" + kind.capitalize(), *c])

    def prevent_n_static_adjs(self, c: list[Any]) -> Parsed:
        """ "If a red source would deal damage to you, prevent 2 of that damage"
        (Sphere of Law): only damage from a source with those qualities, as it is
        when the damage would be dealt (CR 615.1)."""
        conds = tuple(next(x for x in c if isinstance(x, list)))
        parsed = self.prevent_n_static(["dds:any", *(x for x in c if not isinstance(x, list))])
        st = parsed.statics[0]
        args = {**st.args, "source_conditions": conds}
        return Parsed("static", statics=[dataclasses.replace(st, args=args)])

    def pd_any(self, c: list[Any]) -> str:
        return "pd:any"

    def pd_noncombat(self, c: list[Any]) -> str:
        return "pd:noncombat"

    def prevent_to_self_then(self, c: list[Any]) -> Parsed:
        """ "If damage would be dealt to this creature, prevent that damage. Put a
        -1/-1 counter on it for each 1 damage prevented this way", "... prevent that
        damage. Remove a +1/+1 counter from this creature" (CR 615.5): the rest of
        the paragraph is the effect's additional effect, followed each time it
        prevents damage."""
        body = c[-1]
        if "dds:you" in c:
            raise CompileError("prevention of damage from sources you control")
        if body.modes or body.statics or body.condition or not body.effects:
            raise CompileError("prevention with an additional effect")
        parsed = (
            self.prevent_to_self(c[:-1])
            if not any(x in ("dds:any", "dds:you") for x in c)
            else self._prevent_static(c[:-1], "self", "to")
        )
        st = parsed.statics[0]
        parsed.statics[0] = dataclasses.replace(st, args={**st.args, "then": tuple(body.effects)})
        return parsed

    def prevent_to_self_and(self, c: list[Any]) -> Parsed:
        """ "If damage would be dealt to this creature [while it has a +1/+1 counter
        on it], prevent that damage and remove that many +1/+1 counters from it"
        (Magma Pummeler, Undergrowth Champion; CR 615.1, 615.5): the rest of the
        sentence is the effect's additional effect ("it" is this creature, "that
        many" the damage prevented), and the prevention applies only while the
        condition holds."""
        cond = next((x for x in c if isinstance(x, Condition)), None)
        reflexive = next((x for x in c if isinstance(x, Effect)), None)
        rest = [x for x in c if not isinstance(x, Condition | Effect)]
        if not isinstance(rest[1], SelfRef):
            raise CompileError("prevention with an additional effect: another object")
        parsed = self.prevent_to_self_then([*rest[:-1], self.sentences([rest[-1]])])
        st = parsed.statics[0]
        then = tuple(_it_is_self(e) for e in st.args["then"])
        if reflexive is not None:
            then = (*then, reflexive)
        parsed.statics[0] = dataclasses.replace(st, args={**st.args, "then": then}, condition=cond)
        return parsed

    def removed_this_way(self, c: list[Any]) -> Effect:
        """ "When one or more counters are removed from this creature this way, it
        deals that much damage to any target" (Magma Pummeler; CR 603.12): a
        reflexive triggered ability of the instruction before, only if it removed
        one or more counters; "that much" is how many it removed."""
        if str(c[0]) != "more":  # (the lexer reads "more counters" as a counter kind)
            raise CompileError("when one or N counters are removed")
        # its targets are its own, chosen as it's put on the stack (CR 603.3d)
        effects, targets = finalize([_it_is_self(e) for e in c[-1]])
        return Effect(
            "reflexive_trigger", {"effects": effects, "targets": targets, "that_much_at_least": 1}
        )

    def prevent_while(self, c: list[Any]) -> Condition:
        """ "while it has a +1/+1 counter on it" (CR 122.1): "it" is this object."""
        n, kind = c[-1]
        quality = Filter(conditions=(("counters_ge", (str(kind), n)),))
        return Condition(
            "is", {"ref": SelfRef(), "quality": quality, "adj": f"{n} {kind} counter(s)"}
        )

    def cond_prevented_this_way(self, c: list[Any]) -> Condition:
        """ "If damage is prevented this way, ..." (CR 615.5): followed only after the
        prevention effect prevents damage (rules/prevention_then.py)."""
        return Condition(PREVENTED_THIS_WAY)

    def sent_shuffle_if_searched(self, c: list[Any]) -> list[Effect]:
        """ "If you search your library this way, shuffle." (CR 701.24a): the libraries
        the search before it looked through (effects/search.py) are shuffled."""
        return [Effect("shuffle", {"player": ControllerRef(), "searched": True})]

    def sent_for_each_prevented(self, c: list[Any]) -> list[Effect]:
        """ "For each 1 damage prevented this way, put a +1/+1 counter on that
        creature" (CR 615.5)."""
        return _apply_tail(list(c[-1]), self.tail_for_each_prevented(c[:-1]))

    def sent_for_each_life_lost(self, c: list[Any]) -> list[Effect]:
        """ "Whenever you lose life, for each 1 life you lost, sacrifice a permanent
        ... unless you discard a card" (Oath of Lim-Dûl): the instructions, whole,
        once for each 1 life the event lost (CR 119.3, 608.2c; effects/nested.repeat)."""
        if next((x for x in c if isinstance(x, int)), 1) != 1:
            raise CompileError("for each N life you lost: only 1")
        return [Effect("repeat", {"times": Amount("that_much"), "effects": tuple(c[-1])})]

    def tail_for_each_removed(self, c: list[Any]) -> tuple[str, str, Any]:
        """ "for each elixir counter removed this way" (Essence Bottle): the counters
        the ability's cost removed (CR 602.2b, 122.1)."""
        return ("tail", "for_each_amount", Amount("counters_removed"))

    def tail_for_each_prevented(self, c: list[Any]) -> tuple[str, str, Any]:
        if next((x for x in c if isinstance(x, int)), 1) != 1:
            raise CompileError("for each N damage prevented: only 1")
        return ("tail", "for_each_amount", Amount("prevented"))

    def cant_enter_from_graveyards_libraries(self, c: list[Any]) -> Parsed:
        """ "Creature cards in graveyards and libraries can't enter the battlefield"
        (Grafdigger's Cage; CR 614.17d, 101.2; rules/zone_replacements.py)."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        zones = ("graveyard", "library")
        flt = Filter(kinds=(kind.capitalize(),), conditions=(("zone_in", zones),))
        static = StaticEffect("cant_enter_battlefield", None, {"filter": flt})
        return Parsed("static", statics=[static])

    def replacement_life_plus(self, c: list[Any]) -> Parsed:
        you = Filter(kinds=("player",), conditions=(("you", True),))
        n = next(x for x in c if isinstance(x, int))
        return Parsed("static", statics=[StaticEffect("plus_life_gain", you, {"plus": n})])

    def replacement_opponent_dies_exile(self, c: list[Any]) -> Parsed:
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        args = {"controlled_by": "opponent", "dies": True, "card_type": kind.capitalize()}
        return Parsed(
            "static", statics=[StaticEffect("graveyard_to_exile", None, {**args, "tokens": True})]
        )

    def replacement_damaged_by_self_dies_exile(self, c: list[Any]) -> Parsed:
        """ "If a creature dealt damage by this creature this turn would die, exile it
        instead." (Kumano's Pupils; CR 614.1a, 120.3)."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        args = {"dies": True, "card_type": kind.capitalize(), "damaged_by_source": True}
        return Parsed(
            "static", statics=[StaticEffect("graveyard_to_exile", None, {**args, "tokens": True})]
        )

    def replacement_draw_empty_win(self, c: list[Any]) -> Parsed:
        # Laboratory Maniac (CR 614.1a, 104.2b)
        return Parsed("static", statics=[StaticEffect("draw_empty_win", SelfRef())])

    def may_skip_step(self, c: list[Any], while_tapped: bool = False) -> Parsed:
        """ "If you would begin your draw step, you may skip that step instead. If you
        do, you gain 2 life." (Fasting; "your turn while this artifact is tapped":
        Time Vault): an optional replacement of the step or turn (CR 614.10); what
        follows "if you do" is the first thing of the next step or turn that
        actually occurs (614.10b)."""
        step = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), "turn")
        effects = next((x for x in c if isinstance(x, list)), [])
        args: dict[str, Any] = {"step": step.removesuffix(" step").replace(" ", "_")}
        if effects:
            args["effects"] = tuple(effects)
        if while_tapped:
            args["while_tapped"] = True
        you = Filter(kinds=("player",), conditions=(("you", True),))
        return Parsed("static", statics=[StaticEffect("may_skip_step", you, args)])

    def replacement_draw_more(self, c: list[Any]) -> Parsed:
        """ "If you would draw a card [except the first one you draw in each of your
        draw steps | while you have no cards in hand], draw two cards instead"
        (Alhammarret's Archive, Phial of Galadriel; "instead you draw two cards and
        you lose 1 life": Blood Scrivener; CR 614.1a)."""
        args: dict[str, Any] = {"n": next(x for x in c if isinstance(x, int))}
        for x in c:
            if x in ("except_first", "empty_hand"):
                args[x] = True
            elif isinstance(x, list):
                args["effects"] = tuple(x)
        you = Filter(kinds=("player",), conditions=(("you", True),))
        return Parsed("static", statics=[StaticEffect("draw_more_instead", you, args)])

    def replacement_pay_life_exile(self, c: list[Any]) -> Parsed:
        """Ashiok, Wicked Manipulator (CR 614.1a, 119.4, 614.13c)."""
        you = Filter(kinds=("player",), conditions=(("you", True),))
        return Parsed("static", statics=[StaticEffect("pay_life_exile_instead", you)])

    def draw_except_first(self, c: list[Any]) -> str:
        return "except_first"

    def draw_empty_hand(self, c: list[Any]) -> str:
        return "empty_hand"

    def opponent_draw_instead(self, c: list[Any]) -> Parsed:
        """ "If an opponent would draw a card except the first one they draw in each of
        their draw steps, instead you create a Treasure token" (Hullbreacher; "instead
        that player skips that draw and you draw a card": Notion Thief; CR 614.1a)."""
        effects = next(x for x in c if isinstance(x, list))
        opponents = Filter(kinds=("player",), conditions=(("opponent", True),))
        args = {"effects": tuple(effects)}
        return Parsed("static", statics=[StaticEffect("draw_instead", opponents, args)])

    def you_draw_instead(self, c: list[Any]) -> Parsed:
        """ "If you would draw a card, exile the top card of your library face down
        instead" (Asmodeus; CR 614.1a). ("..., draw two cards instead" is
        :meth:`replacement_draw_more`'s.)"""
        effects = next(x for x in c if isinstance(x, list))
        if any(e.optional for e in effects):
            # "you may ... instead" (Pursuit of Knowledge): declining must leave the
            # draw, which these instructions can't say
            raise CompileError("if you would draw a card, you may ... instead")
        you = Filter(kinds=("player",), conditions=(("you", True),))
        args: dict[str, Any] = {"effects": tuple(effects), "every": True}
        return Parsed("static", statics=[StaticEffect("draw_instead", you, args)])

    def you_draw_then_instead(self, c: list[Any]) -> Parsed:
        # "..., draw two cards instead.": the instruction ends with "instead"
        effects = next(x for x in c if isinstance(x, list))
        if not effects or not effects[-1].args.get("instead"):
            raise CompileError("if you would draw a card, ... (no 'instead')")
        last = effects[-1]
        args = {k: v for k, v in last.args.items() if k != "instead"}
        return self.you_draw_instead([[*effects[:-1], dataclasses.replace(last, args=args)]])

    def may_skip_turn_while_tapped(self, c: list[Any]) -> Parsed:
        return self.may_skip_step(c, while_tapped=True)

    def replacement_die(self, c: list[Any]) -> Parsed:
        effects = c[-1]
        return Parsed(
            "static", statics=[StaticEffect("replace_die", SelfRef(), {"effects": tuple(effects)})]
        )

    # -------------------------------------------------------------- conditions
    def _cond(kind: str):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> Condition:
            args: dict[str, Any] = {}
            for i, x in enumerate(v for v in c if not isinstance(v, Token)):
                if isinstance(x, (Some, EachRef)):
                    args["filter" if "filter" not in args else f"filter{i}"] = x.filter
                elif isinstance(x, (int, Amount)):
                    args["n"] = x
                elif isinstance(x, Filter):
                    args["filter" if "filter" not in args else f"filter{i}"] = x
                elif x is not None:
                    args[f"arg{i}"] = x
            return Condition(kind, args)

        return method

    cond_you_do = _cond("you_do")
    #: "if this card is in your graveyard" (CR 113.6m: the ability works from there)
    cond_self_in_graveyard = _cond("self_in_graveyard")

    def cond_self_in_graveyard_below(self, c: list[Any]) -> Condition:
        """ "If this card is in your graveyard with a creature card directly above
        it" (Death Spark, Krovikan Horror; CR 404.2: a graveyard's order is kept)."""
        flt = next(x for x in c if isinstance(x, Filter))
        above = dataclasses.replace(flt, zone="graveyard")
        return Condition("self_in_graveyard", {"arg0": SelfRef(), "above": above})

    cond_you_dont = _cond("you_dont")
    #: "If you lost life this way, draw that many cards" (Mister Negative, after
    #: exchanging life totals; CR 608.2c, 701.12c)
    cond_lost_life_this_way = _cond("lost_life_this_way")

    def cond_dealt_damage_this_way(self, c: list[Any]) -> Condition:
        """ "If a player is dealt damage this way, they can't gain life for the rest
        of the game" (Screaming Nemesis): the instruction before dealt damage to a
        player (CR 608.2c)."""
        who = next((x for x in c if isinstance(x, Filter)), None)
        if not (isinstance(who, Filter) and who.kinds == ("player",) and not who.conditions):
            raise CompileError("dealt damage this way: only 'a player'")
        return Condition("player_dealt_damage_this_way", {})

    cond_they_do = _cond("they_do")
    cond_they_dont = _cond("they_dont")
    cond_control = _cond("you_control")
    cond_control2 = _cond("you_control_both")

    def cond_np_controls(self, c: list[Any]) -> Condition:
        """ "as long as defending player controls three or more creatures": the
        player, what they control, and how many (rules/combat_rules.condition_holds)."""
        parts = [x for x in c if not isinstance(x, Token)]
        args: dict[str, Any] = {}
        for i, x in enumerate(parts):
            flt = x.filter if isinstance(x, Some | EachRef) else x
            if isinstance(flt, Filter) and "filter" not in args and is_player_filter(flt):
                # "as long as another player controls enchanted creature" (Dog Umbra):
                # a player other than you (CR 102.3)
                flt = dataclasses.replace(
                    flt,
                    conditions=tuple(
                        ("other_than_you", True) if k == "other" else (k, v)
                        for k, v in flt.conditions
                    ),
                )
            if isinstance(flt, Filter):
                args["filter" if "filter" not in args else f"filter{i}"] = flt
            elif x is not None:
                args[f"arg{i}"] = x
        what = parts[-1] if parts else None
        if isinstance(what, Some) and what.count != 1:
            args["n"] = what.count
        return Condition("player_controls", args)

    cond_control_none = _cond("you_control_none")

    def cond_control_greatest(self, c: list[Any]) -> Condition:
        """ "you control the creature with the greatest power or tied for the greatest
        power": you control one of its card type that no other has a greater value
        than (rules/filters._greatest; CR 208.1, 202.3)."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        stats = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
        if len(stats) != 2 or stats[0] != stats[1]:
            raise CompileError("greatest: two different characteristics")
        key = "greatest_" + stats[0].replace(" ", "_")
        return Condition(
            "you_control", {"filter": Filter((card_type(kind),), conditions=((key, True),))}
        )

    cond_control_none_np = _cond("you_control_none")
    cond_none_on_battlefield = _cond("none_on_battlefield")

    def cond_meld_pair(self, c: list[Any]) -> Condition:
        """ "if you both own and control <this> and a creature named <partner>" (the
        meld pair's other card, CR 712.4a): rules/multiface.py."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        return Condition("meld_pair", {"type": kind.capitalize()})

    def cond_opp_controls(self, c: list[Any]) -> Condition:
        # "if an opponent controls seven or more lands": the count matters
        x = next((v for v in c if not isinstance(v, Token)), None)
        if isinstance(x, (Some, EachRef)):
            args: dict[str, Any] = {"filter": x.filter}
            if isinstance(x, Some) and x.count != 1:
                args["n"] = x.count
            return Condition("opponent_controls", args)
        return Condition("opponent_controls", {"arg": x})

    def cond_any_player_controls(self, c: list[Any]) -> Condition:
        """ "as long as any player controls a black permanent" (Knight of Grace): such
        a permanent is on the battlefield, whoever controls it (CR 108.4)."""
        x = next((v for v in c if not isinstance(v, Token)), None)
        if not isinstance(x, Some) or x.count != 1:
            raise CompileError(f"any player controls {x!r}")
        return Condition("not", {"cond": Condition("none_on_battlefield", {"filter": x.filter})})

    def cond_opp_controls_more(self, c: list[Any]) -> Condition:
        # "if an opponent controls more lands than you" (Knight of the White Orchid)
        flt = next(v for v in c if isinstance(v, Filter))
        return Condition("opponent_controls_more", {"filter": flt})

    def cond_no_opponent_controls(self, c: list[Any]) -> Condition:
        """ "as long as no opponent controls a creature" (Vexing Beetle): not "an
        opponent controls a creature" (CR 109.5)."""
        x = next((v for v in c if not isinstance(v, Token)), None)
        if not isinstance(x, Some) or x.count != 1:
            raise CompileError("no opponent controls: one object described")
        return Condition("not", {"cond": Condition("opponent_controls", {"filter": x.filter})})

    def cond_opps_control_none(self, c: list[Any]) -> Condition:
        """ "if your opponents control no creatures" (Kezzerdrix): no opponent controls
        one (CR 109.5)."""
        who, flt = [x for x in c if not isinstance(x, Token)][:2]
        opponents = Filter(kinds=("player",), conditions=(("opponent", True),))
        defending = Filter(kinds=("player",), conditions=(("defending", True),))
        if isinstance(flt, Filter) and who == EachRef(defending):
            # "if defending player controls no black nontoken permanents" (Spectral
            # Bears; CR 506.2, 508.5): rules/conditions._player_controls
            args = {"filter": defending, "filter1": flt}
            return Condition("not", {"cond": Condition("player_controls", args)})
        if not isinstance(flt, Filter) or who != EachRef(opponents):
            raise CompileError("controls no: only 'your opponents' or 'defending player'")
        return Condition("not", {"cond": Condition("opponent_controls", {"filter": flt})})

    cond_your_turn = _cond("your_turn")
    cond_not_your_turn = _cond("not_your_turn")
    cond_kicked = _cond("kicked")
    cond_bargained = _cond("bargained")  # "if this spell was bargained" (CR 702.166b)
    # "if this spell's additional cost was paid": an optional one (CR 601.2b, 118.8)
    cond_additional_cost_paid = _cond("additional_cost_paid")

    def cond_pay_more(self, c: list[Any]) -> Condition:
        """ "You may cast this spell as though it had flash if you pay {2} more to cast
        it" (Rout): the permission's price, a cost increase charged when the spell is
        cast at a time a sorcery couldn't have been cast (CR 601.2f, 702.8a;
        rules/costs.py)."""
        if not isinstance(c[0], ControllerRef):
            raise CompileError("pay more to cast it: only 'you'")
        mana = next(x for x in c if isinstance(x, str))
        return Condition("flash_cost_more", {"mana": str(mana)})

    def cond_not_kicked(self, c: list[Any]) -> Condition:
        """ "if this creature wasn't kicked" (Skizzik; CR 702.33d)."""
        return Condition("not", {"cond": Condition("kicked")})

    def cond_mana_spent(self, c: list[Any]) -> Condition:
        # "if {G} was spent to cast this spell" (CR 601.2h; a copy has none, 707.10)
        mana = next((x for x in c if isinstance(x, str)), "")
        return Condition("mana_spent", {"mana": mana})

    def cond_mana_spent_n(self, c: list[Any]) -> Condition:
        # adamant: "if at least three white mana was spent to cast this spell"
        n = next((x for x in c if isinstance(x, int)), 0)
        color = next(
            (str(x) for x in c if isinstance(x, (str, Token)) and not isinstance(x, int)), ""
        )
        return Condition("mana_spent", {"n": n, "color": color.lower()})

    def cond_spent_on_that_spell(self, c: list[Any]) -> Condition:
        # opus: "if five or more mana was spent to cast that spell" (CR 601.2h)
        n = next(x for x in c if isinstance(x, int))
        return Condition("spent_on_that_spell_ge", {"n": n})

    def cond_no_mana_spent_it(self, c: list[Any]) -> Condition:
        """ "if no mana was spent to cast it": "it" is the spell of a cast trigger,
        bound by :meth:`triggered` (elsewhere it stays unbound: not run)."""
        return Condition(_SPENT_ON_IT, {"n": 0})

    def cond_mana_spent_it_ge(self, c: list[Any]) -> Condition:
        """ "if at least four mana was spent to cast it" (bound by :meth:`triggered`)."""
        return Condition(_SPENT_ON_IT, {"n": next(x for x in c if isinstance(x, int))})

    def cond_no_mana_spent(self, c: list[Any]) -> Condition:
        return Condition("mana_spent", {"none": True})

    def cond_alt_cost_paid(self, c: list[Any]) -> Condition:
        # "if its prowl cost was paid", "if this spell's prowl cost was paid" (CR 702.76a,
        # 702.74a): the alternative cost used.
        kw = [str(x) for x in c if isinstance(x, str) and not isinstance(x, Token)]
        return Condition("alt_cost_paid", {"alt": (kw[0] if kw else _words(c)).lower()})

    def cond_escaped(self, c: list[Any]) -> Condition:
        """ "unless it escaped" (Uro, Titan of Nature's Wrath): the permanent was cast
        with its escape cost (CR 702.138b), the alternative cost its cast record names."""
        return Condition("alt_cost_paid", {"alt": "escape"})

    cond_gift = _cond("gift_promised")

    def cond_no_gift(self, c: list[Any]) -> Condition:
        """ "If the gift wasn't promised, you lose 2 life" (CR 702.174k)."""
        return Condition("not", {"cond": Condition("gift_promised")})

    cond_life_ge = _cond("life_ge")
    # CR 103.4: "at least N life more than your starting life total"
    cond_life_over_start = _cond("life_over_starting")

    def cond_life_gt_start(self, c: list[Any]) -> Condition:
        """ "your life total is greater than your starting life total" (CR 103.4): at
        least 1 life more than it."""
        return Condition("life_over_starting", {"n": 1})

    def cond_life_ge_start(self, c: list[Any]) -> Condition:
        """ "your life total is greater than or equal to your starting life total"."""
        return Condition("life_over_starting", {"n": 0})

    cond_life_le_half_start = _cond("life_at_most_half_starting")
    cond_starting_player = _cond("starting_player")  # CR 103.1

    def cond_not_starting_player(self, c: list[Any]) -> Condition:
        """ "If you weren't the starting player, ..." (CR 103.1)."""
        return Condition("not", {"cond": Condition("starting_player")})

    cond_life_le = _cond("life_le")
    cond_hellbent = _cond("no_cards_in_hand")
    cond_hand_ge = _cond("hand_ge")
    cond_hand_exactly = _cond("hand_exactly")  # "if you have exactly seven cards in hand"
    cond_own_card_in_exile = _cond("own_card_in_exile")  # Dreadlight Monstrosity (CR 406)

    def cond_player_hellbent(self, c: list[Any]) -> Condition:
        # "if that player has no cards in hand" (the player is resolved as the effect runs)
        return Condition("player_no_cards_in_hand", {"player": c[0]})

    def cond_player_more_cards(self, c: list[Any]) -> Condition:
        # "if defending player has more cards in hand than you" (CR 402; the player
        # is resolved as the condition is checked, 603.4, 608.2c)
        return Condition("player_more_cards_in_hand", {"player": c[0]})

    def cond_player_controls_more(self, c: list[Any]) -> Condition:
        """ "if defending player [that player] controls more lands than you" (Aerial
        Surveyor, Archaeomancer's Map; CR 108.4): the player is resolved as the
        condition is checked (603.4, 608.2c)."""
        flt = next(v for v in c[1:] if isinstance(v, Filter))
        if flt.zone != "battlefield" or any(k == "controller" for k, _ in flt.conditions):
            raise CompileError("controls more: not a permanent they control")
        return Condition("player_controls_more", {"player": c[0], "filter": flt})

    def cond_not_their_turn(self, c: list[Any]) -> Condition:
        """ "Whenever a player casts a spell, if it's not their turn, ..." (Glademuse,
        Scytheclaw Raptor; CR 603.4, 500): that player isn't the active player."""
        return Condition("not_players_turn", {"player": ThatPlayer()})

    def cond_player_hand_le(self, c: list[Any]) -> Condition:
        """ "if that player has two or fewer cards in hand" (Hellfire Mongrel, Paupers'
        Cage; CR 402): the player is resolved as the condition is checked (603.4)."""
        return Condition("player_hand_size", {"player": c[0], "at_most": _fixed_number(c[1:])})

    def cond_player_hand_ge(self, c: list[Any]) -> Condition:
        """ "if that player has five or more cards in hand" (Misers' Cage; CR 402)."""
        return Condition("player_hand_size", {"player": c[0], "at_least": _fixed_number(c[1:])})

    def cond_opp_more_cards(self, c: list[Any]) -> Condition:
        # "if an opponent has more cards in hand than you": some opponent (CR 402)
        return Condition("player_more_cards_in_hand", {"player": "opponent"})

    cond_gy_count = _cond("graveyard_count_ge")

    def cond_there_is(self, c: list[Any]) -> Condition:
        """ "as long as there is a land card in your graveyard" (Murasa Behemoth,
        Ramunap Hydra): one or more objects in the zone the description names."""
        flt = next((x.filter for x in c if isinstance(x, (Some, EachRef))), None)
        if flt is None:
            flt = next((x for x in c if isinstance(x, Filter)), None)
        if flt is None:
            raise CompileError("there is a [what]: no description")
        return Condition("graveyard_count_ge", {"n": 1, "filter": flt})

    def cond_control_or_there_is(self, c: list[Any]) -> Condition:
        """ "if you control a Desert or there is a Desert card in your graveyard"
        (Desert's Hold): either condition holds (CR 603.4)."""
        items = [x for x in c if not isinstance(x, Token)]
        if len(items) != 2:
            raise CompileError("you control [what] or there is [what]: two descriptions")
        control = self.cond_control(items[:1])
        return Condition("any", {"conds": (control, self.cond_there_is(items[1:]))})

    def cond_card_in_graveyard(self, c: list[Any]) -> Condition:
        """ "as long as an artifact card is in your graveyard" (Windwright Mage): one or
        more such cards in that graveyard (CR 404)."""
        flt = next((x for x in c if isinstance(x, Filter)), None)
        zone = next((x for x in c if isinstance(x, ZoneOf)), None)
        if flt is None or zone is None or flt.zone not in ("battlefield", "any"):
            raise CompileError("a [card] is in a graveyard: no description")
        owner = _zone_owner(zone)
        conds = (*flt.conditions, *((("owner", owner),) if owner else ()))
        return Condition(
            "graveyard_count_ge", {"n": 1, "filter": Filter(flt.kinds, "graveyard", conds)}
        )

    def cond_there_are_none(self, c: list[Any]) -> Condition:
        """ "as long as there are no cards in your graveyard" (Gorilla Titan), "if there
        are no land cards in your hand" (Forceful Cultivator): not even one."""
        return Condition("not", {"cond": self.cond_there_is(c)})

    def cond_opp_hellbent(self, c: list[Any]) -> Condition:
        """ "as long as an opponent has no cards in hand" (Guul Draz Specter; CR 402):
        some opponent's hand is empty."""
        return Condition("player_no_cards_in_hand", {"player": "opponent"})

    def cond_most_common_color(self, c: list[Any]) -> Condition:
        """ "as long as black is the most common color among all permanents or is tied
        for most common" (Goham Djinn; CR 105.2: a permanent of two colors counts for
        each)."""
        color = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return Condition("most_common_color", {"color": color})

    _cond_attacked = _cond("attacked_this_turn")

    def cond_attacked(self, c: list[Any]) -> Condition:
        """ "if you attacked this turn" / "if you attacked with three or more creatures
        this turn" (Windbrisk Heights): the number is kept as ``n``."""
        cond = self._cond_attacked(c)
        for x in c:
            if isinstance(x, Some) and isinstance(x.count, int) and not x.up_to:
                return Condition(cond.kind, {**cond.args, "n": x.count})  # "N or more"
        return cond

    def cond_attacked_total_power(self, c: list[Any]) -> Condition:
        """Pack tactics: "if you attacked with creatures with total power 6 or greater
        this combat" (CR 508.1): the powers of the attackers you declared in this
        combat, as they were declared (rules/conditions.py)."""
        what = next((x for x in c if isinstance(x, (Some, EachRef, Filter))), None)
        flt = what if isinstance(what, Filter) else what.filter if what is not None else None
        if (
            flt is None
            or flt.kinds != ("Creature",)
            or len(flt.conditions) != 1
            or flt.conditions[0][0] != "total_power_ge"
            or not isinstance(flt.conditions[0][1], int)
        ):
            raise CompileError("if you attacked with [these creatures] this combat")
        return Condition("attacked_total_power_ge", {"n": flt.conditions[0][1]})

    def cond_didnt_attack(self, c: list[Any]) -> Condition:
        """ "if you didn't attack with a creature this turn" (Curious Obsession, See
        Red; CR 508.1a: every attacker is a creature): you declared no attackers."""
        if _described(c).kinds != ("Creature",) or _described(c).conditions:
            raise CompileError("if you didn't attack with a [kind] this turn")
        return Condition("not", {"cond": Condition("attacked_this_turn", {})})

    def cond_none_attacked(self, c: list[Any]) -> Condition:
        """ "if no creatures attacked this turn" (Charging Cinderhorn, Keldon Twilight;
        CR 508.1a): no player declared an attacker this turn."""
        if _described(c).kinds != ("Creature",) or _described(c).conditions:
            raise CompileError("if no [kind] attacked this turn")
        return Condition("no_creatures_attacked_this_turn", {})

    def cond_creatures_attacked_ge(self, c: list[Any]) -> Condition:
        """ "if three or more creatures attacked this turn" (Case of the Gateway Express;
        CR 508.1a): that many creatures were declared as attackers this turn, by any
        player (one put onto the battlefield attacking never attacked, 508.4)."""
        if _described(c).kinds != ("Creature",) or _described(c).conditions:
            raise CompileError("if N or more [kind] attacked this turn")
        n = next(x for x in c if isinstance(x, int))
        return Condition("creatures_attacked_ge", {"n": n})

    def cond_colors_among_ge(self, c: list[Any]) -> Condition:
        """ "if there are five colors among permanents you control" (CR 105.1): the
        permanents have at least that many different colors among them."""
        n = next(x for x in c if isinstance(x, int))
        what = c[-1]
        flt = what.filter if isinstance(what, Some) else what
        if not isinstance(flt, Filter):
            raise CompileError("colors among: not a set of objects")
        return Condition("colors_among_ge", {"n": n, "filter": flt})

    cond_gained_life = _cond("gained_life_this_turn")
    cond_played_land = _cond("played_land_this_turn")  # "if you played a land this turn"

    def cond_had_land_enter(self, c: list[Any]) -> Condition:
        """ "If you had a land enter the battlefield under your control this turn"
        (landfall spells: Groundswell, Searing Blaze; CR 207.2c, 305.4)."""
        if card_type(str(c[0])) != "Land":
            raise CompileError("if you had a [nonland] enter the battlefield this turn")
        return Condition("land_entered_under_you_this_turn", {})

    def cond_celebration(self, c: list[Any]) -> Condition:
        """Celebration (Armory Mice, Gingerbread Hunter): "[if/as long as] two or more
        nonland permanents entered the battlefield under your control this turn"
        (CR 207.2c ability word; each permanent that entered counted once, 400.7).
        "Two or more creatures" (Spider-UK) is counted like any other description."""
        flt = next(x for x in c if isinstance(x, Filter))
        if flt.kinds != ("permanent",) or flt.conditions != (("not_type", "Land"),):
            return _entered_under_you(flt, 2, other=False)
        return Condition("nonland_entered_under_you_this_turn", {"n": 2})

    def cond_entered_under_you(self, c: list[Any]) -> Condition:
        """ "if an artifact [a planeswalker, three or more artifacts] entered the
        battlefield under your control this turn" (Iron Man, Master of Machines; Oath
        of Liliana; Malcator, Purity Overseer; CR 603.4, 400.7)."""
        flt = _described(c)
        n = next((x for x in c if isinstance(x, int) and not isinstance(x, bool)), 1)
        return _entered_under_you(flt, n, other=False)

    def cond_another_entered_under_you(self, c: list[Any]) -> Condition:
        """ "if another creature [Human] entered the battlefield under your control
        this turn" (Wary Farmer, Éowyn, Shieldmaiden; CR 603.4): not this object."""
        return _entered_under_you(_described(c), 1, other=True)

    cond_gained_or_lost_life = _cond("gained_or_lost_life_this_turn")
    cond_you_lost_life = _cond("you_lost_life_this_turn")
    cond_cast_this_turn = _cond("cast_this_turn")
    cond_died = _cond("died_this_turn")

    def cond_died_yours(self, c: list[Any]) -> Condition:
        """ "if a creature died under your control this turn" (CR 700.4, 603.10a):
        the creature's controller as it last existed on the battlefield."""
        cond: Condition = self.cond_died(c)
        flt = cond.args.get("filter")
        if not isinstance(flt, Filter):
            raise CompileError("died under your control: no description")
        mine = dataclasses.replace(flt, conditions=(*flt.conditions, ("controller", "you")))
        return Condition("died_this_turn", {**cond.args, "filter": mine})

    _cond_left_or_warped = _cond("left_or_warped_this_turn")

    def cond_left_or_warped(self, c: list[Any]) -> Condition:
        """ "if a nonland permanent left the battlefield this turn or a spell was warped
        this turn" (void; CR 702.185c): another kind of permanent is kept as a detail."""
        cond = self._cond_left_or_warped(c)
        flt = cond.args.get("filter")
        if (
            isinstance(flt, Filter)
            and flt.kinds == ("permanent",)
            and flt.conditions == (("not_type", "Land"),)
        ):
            return Condition(cond.kind, {})
        return cond

    cond_opponent_lost_life = _cond("opponent_lost_life_this_turn")
    # "if you have more cards in hand than each opponent" (Death of a Thousand Stings)
    cond_hand_more_than_each_opp = _cond("hand_more_than_each_opponent")
    # "if it's the first combat phase of the turn" (Genji Glove; CR 506.1)
    cond_first_combat_phase = _cond("first_combat_phase")

    def cond_first_combat_phase_yours(self, c: list[Any]) -> Condition:
        """ "if it's the first combat phase of your turn" (Tifa, Martial Artist;
        CR 506.1): your turn, and no combat phase began before this one in it."""
        yours = (Condition("first_combat_phase", {}), Condition("your_turn", {}))
        return Condition("all", {"conds": yours})

    # "if it's your main phase" (Grim Reaper's Sprint; CR 505.1)
    cond_your_main_phase = _cond("your_main_phase")

    def cond_ability_activated_ge(self, c: list[Any]) -> Condition:
        """ "If this ability has been activated four or more times this turn" (Dragon
        Whelp; CR 602.1): the activations of this ability of this object this turn,
        the one resolving included."""
        return Condition("ability_activated_ge", {"n": _fixed_number(c)})

    def cond_opponent_lost_life_ge(self, c: list[Any]) -> Condition:
        """ "if an opponent lost 3 or more life this turn" (Sygg, River Cutthroat;
        CR 119.3)."""
        return Condition("opponent_lost_life_this_turn", {"n": _fixed_number(c)})

    def cond_opp_cast(self, c: list[Any]) -> Condition:
        """ "if an opponent cast a blue spell [three or more spells] this turn"
        (Ricochet Trap, Mindbreak Trap; CR 601.2i): the spells one opponent cast."""
        cond = self.cond_spells_cast_ge(c)
        return Condition("spells_cast_ge", {**cond.args, "player": "opponent"})

    def cond_opp_drew(self, c: list[Any]) -> Condition:
        """ "if an opponent drew three or more cards this turn" (Runeflare Trap;
        CR 121.2): the cards one opponent drew."""
        return Condition("cards_drawn_ge", {"n": _fixed_number(c), "player": "opponent"})

    def cond_opp_gained_life(self, c: list[Any]) -> Condition:
        """ "if an opponent gained life this turn" (Needlebite Trap; CR 119.3)."""
        return Condition("gained_life_this_turn", {"player": "opponent"})

    def cond_opp_had_enter(self, c: list[Any]) -> Condition:
        """ "if an opponent had a green creature [two or more lands] enter the
        battlefield under their control this turn" (Permafrost Trap, Lavaball Trap;
        CR 603.4, 400.7): the permanents that entered under one opponent's control."""
        flt = _described(c)
        n = next((x for x in c if isinstance(x, int) and not isinstance(x, bool)), 1)
        cond = _entered_under_you(flt, n, other=False)
        return Condition(cond.kind, {**cond.args, "player": "opponent"})

    def cond_opp_cards_to_graveyard(self, c: list[Any]) -> Condition:
        """ "if an opponent had three or more cards put into their graveyard from
        anywhere this turn" (Ravenous Trap; CR 404.1): cards, not tokens (108.2)."""
        return Condition("cards_to_graveyard_ge", {"n": _fixed_number(c), "player": "opponent"})

    def cond_opp_searched(self, c: list[Any]) -> Condition:
        """ "if an opponent searched their library this turn" (Archive Trap;
        CR 701.23a): that opponent searched their own library."""
        return Condition("searched_library_this_turn", {"player": "opponent"})

    def cond_attacking_ge(self, c: list[Any]) -> Condition:
        """ "if a white creature is attacking", "if three or more creatures are
        attacking" (Nemesis Trap, Lethargy Trap; CR 506.4): the attacking creatures
        now, whoever controls them."""
        flt = _described(c)
        n = next((x for x in c if isinstance(x, int) and not isinstance(x, bool)), 1)
        attacking = flt.with_condition("attacking", True)
        return Condition("graveyard_count_ge", {"n": n, "filter": attacking})

    def cond_attacking_exactly(self, c: list[Any]) -> Condition:
        """ "if exactly one creature is attacking" (Pitfall Trap; CR 506.4): that many
        attacking creatures and no more."""
        at_least = self.cond_attacking_ge(c)
        n = at_least.args["n"]
        more = Condition("graveyard_count_ge", {**at_least.args, "n": n + 1})
        return Condition("all", {"conds": (at_least, Condition("not", {"cond": more}))})

    def cond_player_lost_life_ge(self, c: list[Any]) -> Condition:
        """ "if a player lost 4 or more life this turn" (Knight of the Ebon Legion;
        CR 119.3)."""
        return Condition("player_lost_life_this_turn", {"n": _fixed_number(c)})

    def cond_left_under_you(self, c: list[Any]) -> Condition:
        """Revolt: "if a permanent [creature] left the battlefield under your control
        this turn" (Narnam Renegade, Fatal Push; CR 603.10a)."""
        flt = next(x for x in c if isinstance(x, Filter))
        if flt.conditions:
            raise CompileError(f"if a {flt!r} left the battlefield under your control")
        kinds = tuple(k for k in flt.kinds if k != "permanent")
        return Condition("left_under_your_control_this_turn", {"kinds": kinds})

    def cond_left_your_graveyard(self, c: list[Any]) -> Condition:
        """ "if a card [three or more cards] left your graveyard this turn" (Primary
        Research, Relic Retriever; CR 404.1): any card; what kind of card isn't kept,
        so a narrower description isn't compiled."""
        flt = _described(c)
        if flt.kinds != ("card",) or flt.conditions:
            raise CompileError(f"if a {flt!r} left your graveyard this turn")
        n = next((x for x in c if isinstance(x, int) and not isinstance(x, bool)), 1)
        return Condition("left_your_graveyard_this_turn", {"n": n})

    def cond_left_you_controlled(self, c: list[Any]) -> Condition:
        """ "if a permanent you controlled left the battlefield this turn" (Lulu, Loyal
        Hollyphant, Shortcut to Mushrooms): revolt's condition (CR 603.10a); a
        description not about what you controlled isn't compiled here."""
        flt = _described(c)
        if ("controller", "you") not in flt.conditions:
            raise CompileError(f"if a {flt!r} left the battlefield this turn")
        mine = dataclasses.replace(
            flt, conditions=tuple(x for x in flt.conditions if x != ("controller", "you"))
        )
        return self.cond_left_under_you([mine])

    cond_x_ge = _cond("x_ge")

    def cond_revealed_this_way(self, c: list[Any]) -> Condition:
        """ "You may reveal that card. If an instant or sorcery card is revealed this
        way, ..." (Delver of Secrets): the card was revealed and has the quality."""
        flt = next(x for x in c if isinstance(x, Filter))
        return Condition("revealed_this_way", {"quality": flt})

    def cond_milled_this_way(self, c: list[Any]) -> Condition:
        """ "Mill a card. If a land card was milled this way, ..." (Loafing Giant,
        Aberrant Researcher; CR 701.17a, 608.2c): one of the cards the mill before it
        put into a graveyard has the quality."""
        flt = next(x for x in c if isinstance(x, Filter))
        return Condition("is", {"ref": ParentRef("milled"), "quality": flt, "some": True})

    def cond_discarded_this_way(self, c: list[Any]) -> Condition:
        """ "Draw a card, then discard a card. If a creature card is discarded this
        way, ..." (Civilized Scholar): one of the cards the discard moved has the
        quality (CR 701.9a, 608.2c)."""
        flt = next(x for x in c if isinstance(x, Filter))
        return Condition("is", {"ref": ParentRef("discarded"), "quality": flt, "some": True})

    def cond_exiled_this_way(self, c: list[Any]) -> Condition:
        """ "Exile up to one target card from a graveyard. If a creature card was
        exiled this way, ..." (Diregraf Scavenger, Raven Eagle): one of the cards the
        exile before it moved has the quality, as it is in exile (CR 608.2c, 400.7)."""
        flt = next(x for x in c if isinstance(x, Filter))
        return Condition("is", {"ref": ParentRef("exiled"), "quality": flt, "some": True})

    def cond_destroyed_this_way(self, c: list[Any]) -> Condition:
        """ "Destroy target artifact or land. If an artifact is destroyed this way,
        ..." (Smashing Success; CR 701.8a, 608.2c): one of the permanents the destroy
        instruction before it destroyed had the quality, as it last existed on the
        battlefield (608.2h)."""
        flt = next(x for x in c if isinstance(x, Filter))
        return Condition("destroyed_this_way", {"quality": flt})

    def cond_self_attacked(self, c: list[Any]) -> Condition:
        """ "if this creature attacked this turn": it was declared as an attacker this
        turn (CR 508.1; one put onto the battlefield attacking never attacked, 508.4)."""
        return Condition("self_attacked_this_turn")

    def cond_self_attacked_or_blocked(self, c: list[Any]) -> Condition:
        """ "if this creature attacked or blocked this turn": it was declared as an
        attacker or as a blocker this turn (CR 508.1, 509.1)."""
        return Condition("self_attacked_or_blocked_this_turn")

    def cond_self_didnt_attack(self, c: list[Any]) -> Condition:
        """ "if this creature didn't attack this turn" (Homicidal Brute): it wasn't
        declared as an attacker this turn (CR 508.1; a new object hasn't, 400.7)."""
        return Condition("not", {"cond": Condition("self_attacked_this_turn")})

    def cond_is(self, c: list[Any]) -> Condition:
        """ "as long as enchanted permanent is a creature", "if the sacrificed
        permanent was a Vehicle": the subject (``filter`` for a described object,
        ``ref`` otherwise) and the quality it must have (``quality``, a Filter)."""
        subject = next(x for x in c if not isinstance(x, Token))
        _, quality, text = next(x for x in c if isinstance(x, tuple) and x[:1] == ("quality",))
        if text == "kicked" and isinstance(subject, SelfRef):
            return Condition("kicked")  # "if this spell was kicked" (CR 702.33d)
        if text == "bargained" and isinstance(subject, (SelfRef, It)):
            # "if this spell was bargained", "when this creature enters, if it was
            # bargained" (CR 702.166b-c)
            return Condition("bargained")
        if text == "kicked" and isinstance(subject, It):
            # "if it was kicked": the object "it" names, resolved with the other
            # pronouns (Ertai's Trickery's target spell, Hallar's "that spell", the
            # entering permanent of an enters trigger; CR 702.33d, 608.2c)
            return Condition("kicked", {"ref": subject})
        if text == "kicked twice" and isinstance(subject, (It, SelfRef)):
            # "if it was kicked twice" (Archangel of Wrath): both of its kicker costs,
            # or one of them twice (CR 702.33d)
            return Condition("kicked", {"times": 2})
        with_its = "kicked with its "
        if text.startswith(with_its) and isinstance(subject, (It, SelfRef)):
            # "if it was kicked with its {1}{G} kicker": one of two kicker costs (702.33e)
            cost = text[len(with_its) :].removesuffix(" kicker")
            return Condition("kicked", {"cost": cost})
        args: dict[str, Any] = {"quality": quality, "adj": text}
        if isinstance(subject, (Some, EachRef)):
            args["filter"] = subject.filter
        else:
            args["ref"] = subject
        return Condition("is", args)

    cond_np_power_ge = _cond("power_ge")
    cond_np_power_le = _cond("power_le")
    cond_np_toughness_le = _cond("toughness_le")

    def _cond_its_power(key: str):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> Condition:
            """ "if its power is 2 or less" (Writ of Passage): "it" is resolved with
            the ability's other pronouns (the trigger's object, CR 603.4)."""
            n = next(x for x in c if isinstance(x, int))
            stat, side = key.rsplit("_", 1)
            stat = "mana value" if stat == "mv" else stat
            side = "less" if side == "le" else "greater"
            quality = Filter(conditions=((key, n),))
            return Condition(
                "is", {"ref": It(), "quality": quality, "adj": f"{stat} {n} or {side}"}
            )

        return method

    cond_its_power_le = _cond_its_power("power_le")
    cond_its_power_ge = _cond_its_power("power_ge")
    cond_its_toughness_le = _cond_its_power("toughness_le")
    cond_its_toughness_ge = _cond_its_power("toughness_ge")
    # "If its mana value was 2 or less" (Seedship Impact): the object's last known
    # mana value when it left (CR 608.2h)
    cond_its_mv_le = _cond_its_power("mv_le")
    cond_its_mv_ge = _cond_its_power("mv_ge")

    def _cond_np_power(key: str):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> Condition:
            """ "if this creature's power is 4 or greater" (Bloodshot Trainee), "if
            enchanted creature's power is 4 or greater" (Domestication): an "is"
            condition on that object (CR 208.1, 611.3a)."""
            subject = c[0]
            n = next(x for x in c[1:] if isinstance(x, int))
            side = "less" if key.endswith("_le") else "greater"
            stat = "mana value" if key.startswith("mv_") else "power"
            args: dict[str, Any] = {
                "quality": Filter(conditions=((key, n),)),
                "adj": f"{stat} {n} or {side}",
            }
            if isinstance(subject, (Some, EachRef)):
                args["filter"] = subject.filter
            else:
                args["ref"] = subject
            return Condition("is", args)

        return method

    cond_np_power_is_ge = _cond_np_power("power_ge")
    cond_np_power_is_le = _cond_np_power("power_le")
    # "destroy target creature if it has mana value 2 or less" (Fatal Push): an "is"
    # condition on that object as the instruction is followed (CR 202.3, 608.2c)
    cond_np_mv_le = _cond_np_power("mv_le")
    cond_np_mv_ge = _cond_np_power("mv_ge")

    def cond_that_spell_mv_ge(self, c: list[Any]) -> Condition:
        """ "if that spell's mana value is 5 or greater" (Zaffai; CR 202.3): "that
        spell" read apart from "that spell's controller" by the parser."""
        return self.cond_np_mv_ge([ThatSpell(), *c])

    def cond_that_spell_mv_le(self, c: list[Any]) -> Condition:
        return self.cond_np_mv_le([ThatSpell(), *c])

    cond_has_kw = _cond("has_keyword")

    def cond_has_counters(self, c: list[Any]) -> Condition:
        """ "as long as it has a +1/+1 counter on it", "if that creature has a +1/+1
        counter on it", "if it had a +1/+1 counter on it" (CR 122.1): an "is"
        condition on the object, resolved with the other pronouns (a gone object
        through its last known information, 608.2h)."""
        xs = [x for x in c if not isinstance(x, Token)]
        ref, count = xs[0], xs[-1]
        if not (isinstance(count, tuple) and len(count) == 2 and isinstance(count[0], int)):
            raise CompileError("has counters: count")
        n, kind = count
        if isinstance(ref, Some | EachRef):
            raise CompileError("has counters: a description")
        quality = Filter(conditions=(("counters_ge", (str(kind), n)),))
        return Condition("is", {"ref": ref, "quality": quality, "adj": f"{n} {kind} counter(s)"})

    def cond_has_any_counters(self, c: list[Any]) -> Condition:
        """ "if it had counters on it", "if this artifact has counters on it" (CR 122.1):
        one or more counters of any kind."""
        return self.cond_has_counters([c[0], (1, "any")])

    def cond_has_no_any_counters(self, c: list[Any]) -> Condition:
        """ "if it had no counters on it" (Unstoppable Slasher; CR 122.1): not one
        counter of any kind (a gone object through its last known information)."""
        return Condition("not", {"cond": self.cond_has_any_counters(c)})

    def cond_has_counters_ge(self, c: list[Any]) -> Condition:
        """ "as long as this artifact has eight or more +1/+1 counters on it", "if there
        are three or more brick counters on this artifact" (CR 122.1): the same "is"
        condition, with N or more counters of that kind."""
        xs = [x for x in c if not isinstance(x, Token)]
        n = next(x for x in xs if isinstance(x, int) and not isinstance(x, bool))
        kind = next(x for x in xs if isinstance(x, str))
        ref = next(x for x in xs if x is not n and x is not kind)
        return self.cond_has_counters([ref, (n, kind)])

    def cond_hand_fewer(self, c: list[Any]) -> Condition:
        """ "if you have fewer than seven cards in hand" (CR 402.1): six or fewer."""
        n = next(x for x in c if isinstance(x, int))
        return Condition("hand_size_at_most", {"amount": n - 1})

    def cond_hand_le(self, c: list[Any]) -> Condition:
        """ "as long as you have one or fewer cards in hand" (CR 402.1)."""
        n = next(x for x in c if isinstance(x, int))
        return Condition("hand_size_at_most", {"amount": n})

    def cond_self_cast_from(self, c: list[Any]) -> Condition:
        """ "if this spell was cast from a graveyard / from exile / from anywhere other
        than your hand" (CR 601.2a: the zone it was cast from)."""
        words = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        zone = {"your hand": "hand", "a graveyard": "graveyard", "exile": "exile"}.get(words)
        if zone is None:
            return Condition("not", {"cond": Condition("cast_from", {"zone": "hand"})})
        return Condition("cast_from", {"zone": zone})

    def cond_entered_this_turn(self, c: list[Any]) -> Condition:
        """ "as long as this creature entered this turn" (CR 400.7: this object came
        onto the battlefield this turn): an "is" condition on it."""
        ref = next((x for x in c if not isinstance(x, Token)), It())
        quality = Filter(conditions=(("entered_this_turn", True),))
        return Condition("is", {"ref": ref, "quality": quality, "adj": "entered this turn"})

    def cond_entered_or_cast_from(self, c: list[Any]) -> Condition:
        """ "if it entered from your graveyard or you cast it from your graveyard"
        (Grist, Prized Amalgam; CR 603.4, 400.7, 601.2a): the permanent of the
        triggering event moved onto the battlefield from that graveyard, or was a spell
        its controller cast from it."""
        zones = [x for x in c if isinstance(x, tuple)]
        if len(zones) != 2 or zones[0][:2] != zones[1][:2] or zones[0][1] not in ("you", None):
            raise CompileError("entered or cast from: two different zones")
        return Condition("entered_or_cast_from", {"zone": "graveyard", "whose": zones[0][1]})

    def cast_zone(self, c: list[Any]) -> str:
        return _words(c)

    def cond_devotion_lt(self, c: list[Any]) -> Condition:
        """ "as long as your devotion to black [and green] is less than five" (CR 700.5)."""
        colors = tuple(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        n = next(x for x in c if isinstance(x, int))
        return Condition("devotion_lt", {"colors": colors, "n": n})

    def cond_no_spell_from_hand(self, c: list[Any]) -> Condition:
        """ "if you haven't cast a spell from your hand this turn" (CR 601.2a, 601.2i):
        no spell that player cast this turn was cast from their hand."""
        cast = Filter(kinds=("spell",), zone="hand")
        return Condition("not", {"cond": Condition("spells_cast_ge", {"n": 1, "filter": cast})})

    def cond_no_spell_cast(self, c: list[Any]) -> Condition:
        """ "as long as you haven't cast a spell this turn" (Stoic Sphinx): that player
        has cast no spell this turn (CR 601.2i)."""
        return Condition("not", {"cond": Condition("spells_cast_ge", {"n": 1, "filter": None})})

    def cond_spells_cast_ge(self, c: list[Any]) -> Condition:
        """ "if you've cast two or more spells this turn", "as long as you've cast an
        instant or sorcery spell this turn" (CR 601.2i: a spell is cast once the steps
        of casting are done)."""
        xs = [x for x in c if not isinstance(x, Token)]
        n = next((x for x in xs if isinstance(x, int)), 1)
        what = next((x for x in xs if isinstance(x, (Some, Filter))), None)
        flt = what.filter if isinstance(what, Some) else what
        return Condition("spells_cast_ge", {"n": n, "filter": flt})

    def cond_spells_cast_other(self, c: list[Any]) -> Condition:
        """ "if you've cast another [instant or sorcery] spell this turn": a spell
        cast this turn other than the one this ability is on (CR 601.2i)."""
        cond = self.cond_spells_cast_ge(c)
        return Condition("spells_cast_ge", {**cond.args, "other": True})

    def cond_cards_drawn_ge(self, c: list[Any]) -> Condition:
        """ "as long as you've drawn two or more cards this turn" (CR 121.2)."""
        n = next(x for x in c if isinstance(x, int))
        return Condition("cards_drawn_ge", {"n": n})

    def cond_opp_graveyard_ge(self, c: list[Any]) -> Condition:
        """ "as long as an opponent has eight or more cards in their graveyard"."""
        n = next(x for x in c if isinstance(x, int))
        return Condition("opponent_graveyard_ge", {"n": n})

    def cond_card_types_ge(self, c: list[Any]) -> Condition:
        """ "if there are four or more card types among cards in your graveyard"
        (delirium, CR 205.2a: artifact and creature are two types)."""
        n = next(x for x in c if isinstance(x, int))
        zone, owner = c[-1]
        conds = (("owner", owner),) if owner else ()
        return Condition("card_types_ge", {"n": n, "filter": Filter(("card",), zone, conds)})

    def cond_mana_values_ge(self, c: list[Any]) -> Condition:
        """ "as long as there are five or more mana values among cards in your
        graveyard" (CR 202.3): how many different mana values those cards have."""
        n = next(x for x in c if isinstance(x, int))
        zone, owner = c[-1]
        conds = (("owner", owner),) if owner else ()
        return Condition("mana_values_ge", {"n": n, "filter": Filter(("card",), zone, conds)})

    def cond_spell_targets(self, c: list[Any]) -> Condition:
        """ "This spell costs {2} less to cast if it targets a tapped creature" (CR
        601.2f: the total cost is determined after the targets are chosen, 601.2c):
        one of the spell's targets is such an object."""
        what = next(x for x in c if not isinstance(x, Token))
        if not isinstance(what, Some) or what.count != 1:
            raise CompileError(f"if it targets {what!r}")
        return Condition("spell_targets", {"filter": what.filter})

    def cond_has_no_counters(self, c: list[Any]) -> Condition:
        """ "Then if it has no ice counters on it, transform it" (Thing in the Ice),
        "if it had no time counters on it" (Chronozoa; CR 122.1): the object named,
        resolved with the other pronouns (a gone one through its last known
        information, 608.2h), doesn't have one such counter."""
        xs = [x for x in c if not isinstance(x, Token)]
        has = self.cond_has_counters([xs[0], (1, str(xs[-1]))])
        return Condition("not", {"cond": has})

    def cond_no_counters_on_self(self, c: list[Any]) -> Condition:
        """ "If there are no depletion counters on this land, sacrifice it" (CR 122.1):
        this object doesn't have one such counter."""
        kind = next(x for x in c if isinstance(x, str))
        quality = Filter(conditions=(("counters_ge", (str(kind), 1)),))
        has = Condition("is", {"ref": SelfRef(), "quality": quality, "adj": f"a {kind} counter"})
        return Condition("not", {"cond": has})

    def cond_is_it(self, c: list[Any]) -> Condition:
        """ "if it's attacking": "it" is resolved with the instruction's other pronouns."""
        _, quality, text = next(x for x in c if isinstance(x, tuple) and x[:1] == ("quality",))
        if text == "kicked":
            return Condition("kicked")  # "if it's kicked" (CR 702.33d)
        if text == "bargained":
            return Condition("bargained")  # "if it's bargained" (CR 702.166b)
        return Condition("is", {"ref": It(), "quality": quality, "adj": text})

    def cond_it_shares_type(self, c: list[Any]) -> Condition:
        """ "if it shares a creature type with this creature" (kinship): the object the
        instruction before looked at shares a card, creature or permanent type with
        the object named (CR 205.2a, 205.3m, 110.4), as a filter of that object."""
        key, value = self.post_shares_type(c)  # type: ignore[attr-defined]
        if key == "shares_type":
            raise CompileError("shares a type: which kind of type?")
        quality = Filter((), "any", ((key, value),))
        return Condition("is", {"ref": It(), "quality": quality, "adj": key})

    def cond_wasnt(self, c: list[Any]) -> Condition:
        """ "if it wasn't blocking": not "it was blocking" (CR 603.10a)."""
        return Condition("not", {"cond": self.cond_is([It(), *c])})

    def cond_isnt_it(self, c: list[Any]) -> Condition:
        """ "If it isn't a land card, discard it" (Sindbad): not "it's a land card"."""
        return Condition("not", {"cond": self.cond_is_it(c)})

    cond_would_die = _cond("would_die")
    cond_no_spells_last_turn = _cond("no_spells_last_turn")
    cond_two_spells_last_turn = _cond("two_spells_last_turn")
    cond_cast_from_hand = _cond("cast_from_hand")

    def cond_cast_it(self, c: list[Any]) -> Condition:
        """ "if you cast it" (CR 603.4): the permanent the trigger names (read by
        rules/conditions._cast_it); the pronoun itself isn't kept (a compile-time
        reference, not game data)."""
        what = [x for x in c if not isinstance(x, Token)]
        if not all(isinstance(x, It | ThatObject | SelfRef) for x in what):
            raise CompileError(f"if you cast {what!r}")
        return Condition("cast_it", {})

    def cond_cast_main_phase(self, c: list[Any]) -> Condition:
        # "If you cast this spell during your main phase" (Might of Old Krosa, addendum)
        if not any(isinstance(x, SelfRef) for x in c):
            raise CompileError("if you cast <what> during your main phase")
        return Condition("cast_during_main_phase", {})

    cond_self_attacking = _cond("self_attacking")

    def cond_self_is_a(self, c: list[Any]) -> Condition:
        """ "if this permanent is an enchantment" (Opal Archangel; CR 603.4): the
        source must still have the quality (its card type, CR 205.1a), checked as
        the ability triggers and again as it resolves."""
        subject = next(x for x in c if not isinstance(x, (Token, list)))
        nouns = next(x for x in c if isinstance(x, list))
        quality = build_filter([Alt([], nouns)], [])
        text = "a " + " ".join(str(getattr(w, "value", w)) for w in nouns)
        return Condition("is", {"ref": subject, "quality": quality, "adj": text})

    def _cond_self_attached(word: str):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        key = f"{word}_by"

        def method(self: Any, c: list[Any]) -> Condition:
            """ "as long as this creature is equipped" (Kor Duelist): an Equipment
            (an Aura, for "enchanted") is attached to it (CR 301.5, 303.4)."""
            quality = Filter((), "battlefield", ((key, "any"),))
            return Condition("is", {"ref": SelfRef(), "quality": quality, "adj": word})

        return method

    cond_self_enchanted = _cond_self_attached("enchanted")
    cond_self_equipped = _cond_self_attached("equipped")

    def _cond_self_tapped(tapped: bool):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> Condition:
            """ "if this land is tapped" (a storage land's upkeep trigger, CR 603.4),
            "as long as this creature is untapped" (CR 110.5)."""
            quality = Filter((), "battlefield", (("tapped", tapped),))
            adj = "tapped" if tapped else "untapped"
            return Condition("is", {"ref": SelfRef(), "quality": quality, "adj": adj})

        return method

    def cond_self_monstrous(self, c: list[Any]) -> Condition:
        """ "as long as this creature is monstrous" (CR 701.37b)."""
        quality = Filter((), "battlefield", (("monstrous", True),))
        return Condition("is", {"ref": SelfRef(), "quality": quality, "adj": "monstrous"})

    def cond_self_modified(self, c: list[Any]) -> Condition:
        """ "as long as this creature is modified": a counter on it, equipped, or
        enchanted by an Aura its controller controls (CR 700.9)."""
        quality = Filter((), "battlefield", (("modified", True),))
        return Condition("is", {"ref": SelfRef(), "quality": quality, "adj": "modified"})

    def cond_self_renowned(self, c: list[Any]) -> Condition:
        """ "as long as this creature is renowned" (CR 702.112b)."""
        quality = Filter((), "battlefield", (("renowned", True),))
        return Condition("is", {"ref": SelfRef(), "quality": quality, "adj": "renowned"})

    cond_self_tapped = _cond_self_tapped(True)
    cond_self_untapped = _cond_self_tapped(False)

    def cond_chose_other_ring_bearer(self, c: list[Any]) -> Condition:
        """ "if you chose a creature other than Faramir as your Ring-bearer": the
        creature chosen as the Ring tempted you, which the "whenever the Ring tempts
        you" event records (CR 701.54a, 603.4); bound by :meth:`triggered`."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "CARD_TYPE")
        if kind.lower() != "creature":
            raise CompileError(f"if you chose a {kind} ... as your Ring-bearer")
        return Condition(_CHOSE_OTHER_BEARER_UNBOUND, {})

    def cond_self_ring_bearer(self, c: list[Any]) -> Condition:
        """ "as long as this creature is your Ring-bearer" (CR 701.54e)."""
        quality = Filter((), "battlefield", (("ring_bearer", "you"),))
        return Condition("is", {"ref": SelfRef(), "quality": quality, "adj": "ring-bearer"})

    cond_monarch = _cond("monarch")
    cond_completed_dungeon = _cond("completed_dungeon")
    cond_city_blessing = _cond("city_blessing")  # CR 702.131c

    def cond_no_city_blessing(self, c: list[Any]) -> Condition:
        """ "If you don't have the city's blessing, you lose 1 life" (CR 702.131c)."""
        return Condition("not", {"cond": Condition("city_blessing")})

    cond_initiative = _cond("initiative")  # CR 725.1
    cond_opponent_monarch = _cond("opponent_monarch")
    cond_player_monarch = _cond("player_monarch")  # "unless defending player is the monarch"
    # "for as long as this artifact remains tapped" (CR 611.2b): durations (for_as_long)
    cond_self_remains_tapped = _cond("self_remains_tapped")
    _cond_control_n = _cond("you_control_n")

    def cond_control_n(self, c: list[Any]) -> Condition:
        """ "if you control three or more Gates", "... three or more creatures with
        different powers" (coven: the powers counted once each, CR 208.1)."""
        cond = self._cond_control_n(c)
        flt = cond.args.get("filter")
        mark = ("different_powers", True)
        if isinstance(flt, Filter) and mark in flt.conditions:
            rest = tuple(x for x in flt.conditions if x != mark)
            flt = Filter(flt.kinds, flt.zone, rest)
            return Condition(cond.kind, {**cond.args, "filter": flt, "different_powers": True})
        return cond

    cond_control_le = _cond("you_control_le")
    # "if you control exactly one creature" (Demonic Rising, Deadly Wanderings)
    cond_control_exactly = _cond("you_control_exactly")
    cond_player_life_le = _cond("a_player_life_le")
    cond_a_library_le = _cond("a_library_le")

    def cond_exiled_with_any(self, c: list[Any]) -> Condition:
        """ "if there are cards exiled with it" (CR 607.2a)."""
        return Condition("exiled_with_any", {})

    cond_total_power_ge = _cond("total_power_ge")  # Mosswort Bridge
    cond_opp_dealt_ge = _cond("opponent_dealt_damage_ge")  # Spinerock Knoll

    def cond_opp_dealt_damage(self, c: list[Any]) -> Condition:
        """ "if an opponent was dealt damage this turn" (Skarrgan Firebird; CR 120.3):
        one damage or more."""
        return Condition("opponent_dealt_damage_ge", {"n": 1})

    def cond_self_dealt_damage_opponent(self, c: list[Any]) -> Condition:
        """ "if this creature dealt damage to an opponent this turn" (Whirling Dervish;
        CR 120.3): rules/damage_history.self_dealt_damage_to_opponent."""
        return Condition("self_dealt_damage_to_opponent")

    cond_opponents_ge = _cond("opponents_ge")
    cond_control_more = _cond("you_control_more")
    cond_opp_life_le = _cond("opponent_life_le")
    cond_opp_poison_ge = _cond("opponent_poison_ge")
    cond_more_life = _cond("more_life")
    #: "if an opponent has more life than you" (CR 119)
    cond_opp_more_life = _cond("opponent_more_life")
    cond_won_clash = _cond("won_clash")

    def cond_vote_more(self, c: list[Any]) -> Condition:
        # "if sickness gets more votes" (CR 701.38): more than each other choice
        return Condition("vote_more", {"choice": str(c[0]), "or_tied": False})

    def cond_vote_more_or_tied(self, c: list[Any]) -> Condition:
        # "if psychosis gets more votes or the vote is tied" (CR 701.38)
        return Condition("vote_more", {"choice": str(c[0]), "or_tied": True})

    cond_won_flip = _cond("won_flip")
    cond_rolled_doubles = _cond("rolled_doubles")
    cond_lost_flip = _cond("lost_flip")
    cond_night = _cond("night")
    cond_day = _cond("day")
    cond_commander = _cond("control_commander")

    def cond_nth_resolution(self, c: list[Any]) -> Condition:
        """ "If this is the third time this ability has resolved this turn" (608.2c)."""
        words = [
            str(t).lower()
            for x in c
            for t in (x.scan_values(lambda _: True) if hasattr(x, "scan_values") else [x])
        ]
        word = next((w for w in words if w in ORDINAL_WORDS), None)
        if word is None:
            raise CompileError("nth resolution: ordinal")
        return Condition("nth_resolution", {"n": ORDINAL_WORDS[word]})

    def cond_nth_resolution_either(self, c: list[Any]) -> Condition:
        """ "if this is the first or second time this ability has resolved this turn"
        (Rose Room Treasurer; CR 608.2c): the one resolution or the other."""
        words = [
            str(t).lower()
            for x in c
            for t in (x.scan_values(lambda _: True) if hasattr(x, "scan_values") else [x])
        ]
        ns = [ORDINAL_WORDS[w] for w in words if w in ORDINAL_WORDS]
        if len(ns) != 2:
            raise CompileError("nth or mth resolution: two ordinals")
        return Condition("any", {"conds": tuple(Condition("nth_resolution", {"n": n}) for n in ns)})

    cond_descended = _cond("descended")


def _share_blocked_by(preds: list[Any]) -> list[Any]:
    """ "Whenever this creature blocks or becomes blocked by a non-Wall creature":
    the creature named after "by" is the one of both events, the attacker it blocks
    (CR 509.1) as well as the blocker (509.3d)."""
    if len(preds) != 2 or preds[0] != ("blocks", ()) or preds[1][0] != "becomes_blocked":
        return preds
    by = [v for k, v in preds[1][1] if k == "by"]
    if not by:
        return preds
    return [("blocks", (("what", by[0]),)), preds[1]]


def _reveal_among(e: Effect) -> bool:
    """Whether ``e`` is "reveal a ... card from among them" (a chosen reveal)."""
    what = e.args.get("what")
    return (
        e.op == "reveal"
        and isinstance(what, ChooseRef)
        and bool(what.filter.conditions)
        and what.filter.conditions[0][0] == "from_among"
    )


def _chosen_by_subject(e: Effect) -> Effect:
    """``e`` with the clause's subject as the player who chooses its "a card from
    their hand" object, when it names no chooser of its own."""
    what = e.args.get("what")
    if "player" in e.args or not isinstance(what, ChooseRef):
        return e
    if not any(v == "that_player" for _, v in what.filter.conditions):
        return e
    return Effect(e.op, {**e.args, "player": SUBJ}, e.optional, e.condition)


#: the trigger events of a source dealing damage (CR 603.2c: "to one or more")
_DAMAGE_EVENTS = frozenset({"deals_damage", "deals_combat_damage"})
#: trigger events whose "one or more" object triggers once per event (CR 603.2c)
_ONCE_EVENTS = _DAMAGE_EVENTS | {"discard", "mill"}


def _have_it_of(e: Effect, of: Any) -> Effect:
    """ "Enchanted creature's controller may have it assign its combat damage as
    though it weren't blocked": "it" is the creature whose controller decides
    (CR 510.1c), not this permanent."""
    if e.op == "assign_damage_as_unblocked" and isinstance(e.args.get("what"), It):
        return Effect(e.op, {**e.args, "what": of}, e.optional, e.condition)
    if e.args.get("position") == "owner_choice" and isinstance(e.args.get("what"), It):
        # "Target creature's owner puts it on their choice of the top or bottom of
        # their library": "it" is that creature (CR 608.2c)
        return Effect(e.op, {**e.args, "what": of}, e.optional, e.condition)
    return e


def _it_is_self(e: Effect) -> Effect:
    """``e`` with "it" as this object: in a static ability of a permanent that speaks
    only of itself ("prevent that damage and remove that many +1/+1 counters from
    it", CR 615.5)."""
    return dataclasses.replace(
        e, args={k: SelfRef() if type(v) is It else v for k, v in e.args.items()}
    )


def _attacker_for_it(v: Any) -> Any:
    """ "Whenever a creature attacks this turn, it gains ...": "it" is the creature
    whose attack triggered the delayed ability (CR 603.7c); None: look deeper."""
    return TriggerRef("object") if type(v) is It else None


def _mentions_it(value: Any) -> bool:
    """Whether instructions name an object by a pronoun ("it", "that card") anywhere;
    "that card's mana value" is read as an amount of an object ("its mana value")."""
    if isinstance(value, (It, ThatPlayer)):
        return True
    if isinstance(value, Amount) and value.kind in ("mana_value", "power", "toughness"):
        return True
    if isinstance(value, dict):
        return any(_mentions_it(v) for v in value.values())
    if isinstance(value, (tuple, list)):
        return any(_mentions_it(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_mentions_it(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def _mentions_x(value: Any) -> bool:
    """Whether a cost mentions X anywhere (an amount or a filter's value)."""
    if isinstance(value, Amount):
        return value.kind == "x"
    if isinstance(value, Filter):
        return _mentions_x(value.conditions)
    if isinstance(value, Cost):
        return any(_mentions_x(getattr(value, f)) for f in value.__dataclass_fields__)
    if isinstance(value, (tuple, list)):
        return any(_mentions_x(v) for v in value)
    return False


def _double_damage_recipient(np: Any) -> str:
    """The recipient of "If a source would deal damage to [np], it deals double that
    damage to that player instead": "an opponent", "you", this permanent or
    "enchanted player" (the engine's names, rules/damage_replacements.py)."""
    if isinstance(np, ControllerRef):
        return "you_player"
    if isinstance(np, SelfRef):
        return "self"
    flt = getattr(np, "filter", None)
    if isinstance(flt, Filter) and flt.kinds == ("player",):
        conds = dict(flt.conditions)
        if conds == {"enchanted_by": "self"}:
            return "enchanted_player"
        if conds in ({"opponent": True}, {"controller": "opponent"}):
            return "opponent_player"
    raise CompileError(f"double damage to {np!r}")


@dataclasses.dataclass(frozen=True, slots=True)
class _DamageFactor:
    """ "double" / "triple" that damage (CR 614.1a)."""

    factor: int


def _mult(args: dict[str, Any], c: list[Any]) -> dict[str, Any]:
    """``args`` with the factor "triple that damage" names (double is the default)."""
    f = next((x.factor for x in c if isinstance(x, _DamageFactor)), 2)
    return {**args, "factor": f} if f != 2 else args


def _fixed_number(c: list[Any]) -> int:
    """The printed number of an "N or more" / "N or fewer" condition; a variable one
    (X) isn't compiled here."""
    n = next((x for x in c if isinstance(x, (int, Amount)) and not isinstance(x, bool)), None)
    if not isinstance(n, int):
        raise CompileError(f"condition with a variable number: {n!r}")
    return n


def _described(c: list[Any]) -> Filter:
    """The description of a condition's objects (a bare one, or "some" of them)."""
    for x in c:
        if isinstance(x, (Some, EachRef)):
            return x.filter
        if isinstance(x, Filter):
            return x
    raise CompileError("condition: no description")


def _entered_under_you(flt: Filter, n: Any, *, other: bool) -> Condition:
    """ "[N or more] [another] [description] entered the battlefield under your control
    this turn": the card types and subtype it names are kept as they entered (rules/
    entered_this_turn.py); any other quality (face-down, nontoken, ...) isn't recorded,
    so such a sentence isn't compiled."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise CompileError(f"entered under your control: a variable number {n!r}")
    types = tuple(k for k in flt.kinds if k != "permanent")
    if not flt.kinds or any(k not in CARD_TYPES for k in types):
        raise CompileError(f"entered under your control: {flt!r}")
    subtypes = [v for k, v in flt.conditions if k == "subtype"]
    # "a green creature" (Permafrost Trap): its colors as it entered are kept too
    colors = [v for k, v in flt.conditions if k == "color" and isinstance(v, str)]
    if (
        len(subtypes) + len(colors) != len(flt.conditions)
        or len(subtypes) > 1
        or len(colors) > 1
        or flt.zone not in (None, "battlefield")
    ):
        raise CompileError(f"entered under your control: {flt!r}")
    args: dict[str, Any] = {"types": types, "n": n}
    if subtypes:
        args["subtype"] = subtypes[0]
    if colors:
        args["color"] = colors[0]
    if other:
        args["other"] = True
    return Condition("entered_under_you_this_turn", args)


#: the arguments naming who does an instruction ("you draw a card", "create a token")
_DOER_ARGS = ("player", "controller")


def _done_by(e: Effect, who: Any) -> Effect:
    """``e`` done by ``who`` instead of its controller ("does the same", CR 608.2c)."""
    keys = [k for k in _DOER_ARGS if isinstance(e.args.get(k), ControllerRef)]
    if (
        len(keys) != 1
        or e.condition is not None
        or any(isinstance(v, Tgt) for v in e.args.values())
    ):
        raise CompileError(f"'does the same' of {e.op}")
    return Effect(e.op, {**e.args, keys[0]: who}, e.optional, e.condition)


def _discarded_by_trigger(subject: Any, preds: list[Any]) -> Trigger:
    """ "When a spell or ability an opponent controls causes you to discard this card"
    (Metrognome): this card put into its owner's graveyard from their hand by a
    discard an opponent's spell or ability made (CR 701.9a); it triggers from the
    graveyard, as the card is after the event (603.6c, 603.10). Only that subject is
    read: "a spell or ability an opponent controls"."""
    flt = subject.filter if isinstance(subject, Some) else None
    if (
        len(preds) != 1
        or flt is None
        or set(flt.kinds) != {"spell", "ability"}
        or flt.conditions != (("controller", "opponent"),)
    ):
        raise CompileError("trigger: causes you to discard this card, of this subject")
    return Trigger(
        "put_into_graveyard",
        SelfRef(),
        details=(("from", "hand"), ("discarded_by", "opponent")),
    )
