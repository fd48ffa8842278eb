"""Intermediate values of the transformer, resolved before abilities are built.

The grammar is context-free, but "it", "that player" and "target" indices
depend on the rest of the ability. The transformer leaves placeholders
(:class:`Tgt`, :class:`It`, :class:`ThatPlayer`, :data:`SUBJ`) inside effect
arguments; :func:`finalize` replaces them in text order (CR 115.1: targets
are numbered in the order the text names them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from ..abilities import (
    AS_THAT_OBJECT,
    CHOSEN_PLAYER,
    CLASH_OPPONENT,
    REVEALED_TO_PAY,
    Ability,
    Amount,
    ChooseRef,
    Condition,
    ControllerOfRef,
    ControllerRef,
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


class Tgt:
    """A "target ..." phrase; becomes a TargetRef with the next index."""

    __slots__ = ("spec",)

    def __init__(self, spec: TargetSpec) -> None:
        self.spec = spec

    def __repr__(self) -> str:
        return f"Tgt({self.spec!r})"


class It:
    """ "It", "them", "that creature": resolved from context."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "It()"


class RevealedCard(It):
    """ "The revealed card": "it" after an instruction that reveals (Cerebral
    Eruption), else the card revealed to pay the spell's additional cost ("As an
    additional cost to cast this spell, reveal a creature card from your hand. You
    gain life equal to the revealed card's mana value", CR 601.2h, 608.2c)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "RevealedCard()"


class TheToken(It):
    """ "The token(s)": "it", but after another instruction of the ability the
    tokens its token-creating instruction made (CR 608.2c)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "TheToken()"


class ZoneOf(tuple):  # type: ignore[type-arg]
    """A zone phrase, ``(zone, owner)``: ``("hand", "target_player")`` for "target
    player's hand", carrying the player target itself (``tgt``) so that the
    instruction that names this zone targets that player (CR 115.1)."""

    tgt: Tgt | None
    #: "their library": the library of the instruction's subject ("each player
    #: reveals the top card of their library", CR 608.2c)
    theirs: bool

    def __new__(
        cls, zone: str, owner: str | None, tgt: Tgt | None = None, theirs: bool = False
    ) -> ZoneOf:
        obj = super().__new__(cls, (zone, owner))
        obj.tgt = tgt
        obj.theirs = theirs
        return obj


class Rest(It):
    """ "The rest": the objects an earlier instruction offered but didn't take
    ("choose a creature, then destroy the rest"); like "it" otherwise."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Rest()"


#: the permanent this Aura enchants (CR 303.4e)
ENCHANTED_BY_SELF = Filter(zone="battlefield", conditions=(("enchanted_by", "self"),))


class ThatObject(It):
    """ "That creature", "that card" (not "it"): in a block trigger with a creature
    named ("blocks or becomes blocked by a creature"), the other creature."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ThatObject()"


class ThatSpell(It):
    """ "That spell", "that ability", "that spell or ability": in a "becomes the
    target of a spell or ability" trigger, the targeting spell or ability."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ThatSpell()"


class Them(It):
    """ "Them", "they": a plural pronoun. After an instruction about every object of
    a kind ("attacking creatures you control get +X/+0. Sacrifice them ..."), the
    objects that instruction was about, not this object."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Them()"


class ThatCard(ThatObject):
    """ "That card": an object named as a card (one revealed, milled, exiled ...),
    never the permanent an Aura enchants."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ThatCard()"


class Those(ThatObject):
    """ "Those creatures", "those cards": plural, like :class:`Them`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Those()"


class Antecedent(It):
    """ "That creature" naming something from before the current instruction, not a
    target of that instruction: "Target creature becomes a copy of that creature"
    after "Choose a nonlegendary creature" (Cytoshape)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Antecedent()"


class TheTarget:
    """ "The creature you control" after "choose target creature you control and
    target creature you don't control" (Joust): the target of the ability named by
    its card type and controller (CR 115.1, 608.2c)."""

    __slots__ = ("kind", "controller")

    def __init__(self, kind: str, controller: str) -> None:
        self.kind = kind
        self.controller = controller

    def __repr__(self) -> str:
        return f"TheTarget({self.kind!r}, {self.controller!r})"


class EachOther:
    """ "Each other" in "those creatures fight each other" (CR 701.14a): the other of
    the two objects the ability targets."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "EachOther()"


class ExiledCard:
    """ "The exiled card": a card exiled earlier by this same ability ("it"), or else
    the card exiled by the ability linked to this one (CR 607.2a)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ExiledCard()"


#: "the exiled card" of a linked ability (CR 607.2a)
EXILED_WITH_SELF = Filter(kinds=("card",), zone="exile", conditions=(("exiled_with", "self"),))


class ThatPlayer:
    """ "That player", "he or she": resolved from context."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ThatPlayer()"


class ThatPlayerOr:
    """ "That player or planeswalker" (Searing Blaze): the target chosen as "target
    player or planeswalker" before it, whichever of the two it is (CR 115.1, 608.2c)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"ThatPlayerOr({self.kind!r})"


class _Subject:
    __slots__ = ()

    def __repr__(self) -> str:
        return "SUBJ"


#: The subject of a clause, filled in when the clause is reduced.
SUBJ = _Subject()


@dataclass(frozen=True, slots=True)
class Some:
    """A non-targeted choice: "a creature", "two cards" (chosen on resolution)."""

    filter: Filter
    count: Any = 1
    up_to: bool = False


@dataclass(slots=True)
class Body:
    """The instructions of an ability: effects, or modes, plus side sentences."""

    effects: list[Effect] = field(default_factory=list)
    modes: list[tuple[str, list[Effect]]] = field(default_factory=list)
    choose: tuple[int, int] = (1, 1)
    statics: list[StaticEffect] = field(default_factory=list)
    restrictions: list[tuple[str, Any]] = field(default_factory=list)
    timing: str | None = None
    limit_per_turn: int | None = None
    condition: Condition | None = None


# ---------------------------------------------------------------------------
# Walking nested values
# ---------------------------------------------------------------------------

_LEAVES = (str, int, float, bool, type(None), Filter, Ability, TargetRef, SelfRef, ControllerRef)


def _names_in_filter(flt: Filter) -> bool:
    """Whether a filter names an object or a target of its own ability: "attached
    to that creature", "[creatures] target player controls"."""
    return any(
        k == "attached_to"
        or (k in AS_THAT_OBJECT and isinstance(v, It | ExiledCard))
        or (k == "blocking_this" and isinstance(v, It))
        or isinstance(v, Tgt)
        for k, v in flt.conditions
    )


def walk(value: Any, fn: Callable[[Any], Any]) -> Any:
    """Rebuild ``value`` with ``fn`` applied to every placeholder-like leaf.

    ``fn`` returns a replacement or ``None`` to keep descending.
    """
    rep = fn(value)
    if rep is not None:
        return rep
    if isinstance(value, Filter) and _names_in_filter(value):
        # "all Equipment attached to that creature", "creatures target player
        # controls": the pronoun or the target in the filter
        return Filter(value.kinds, value.zone, walk(value.conditions, fn))
    if isinstance(value, EachRef) and _names_in_filter(value.filter):
        return EachRef(walk(value.filter, fn))
    if isinstance(value, _LEAVES):
        return value
    if isinstance(value, Effect):
        args = {k: walk(v, fn) for k, v in value.args.items()}
        cond = walk(value.condition, fn) if value.condition else None
        return Effect(value.op, args, value.optional, cond)
    if isinstance(value, dict):
        return {k: walk(v, fn) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(walk(v, fn) for v in value)
    if isinstance(value, list):
        return [walk(v, fn) for v in value]
    if isinstance(value, (ControllerOfRef, OwnerOfRef)):
        return type(value)(walk(value.of, fn))
    if isinstance(value, Amount):
        if value.filter is not None and _names_in_filter(value.filter):
            # "for each creature target player controls"
            value = dataclasses.replace(value, filter=walk(value.filter, fn))
        if value.terms:  # "1 plus twice the number of age counters on it" (CR 107.1)
            value = dataclasses.replace(value, terms=walk(value.terms, fn))
        return dataclasses.replace(value, ref=walk(value.ref, fn)) if value.ref else value
    if isinstance(value, Condition):
        return Condition(value.kind, {k: walk(v, fn) for k, v in value.args.items()})
    if isinstance(value, Some):
        return value
    return value


class HaveDo(list[Effect]):
    """The instructions of "have [object] [verb phrase]" (``vp_have_do``), with the
    object that does them: a verb phrase joined after it by "and" without a subject
    of its own ("you may have target creature get +2/+0 and gain deathtouch",
    Painsmith) is done by that object too, not by the clause's subject."""

    def __init__(self, effects: list[Effect], doer: Any) -> None:
        super().__init__(effects)
        self.doer = doer


def substitute_subject(effects: list[Effect], subject: Any) -> list[Effect]:
    """Put the clause's subject where its verb phrase left :data:`SUBJ`."""

    def fn(v: Any) -> Any:
        return subject if v is SUBJ else None

    return [walk(e, fn) for e in effects]


_PRODUCERS = frozenset(
    {
        "create_token",
        "copy_card",
        "search_library",
        "seek",
        "conjure",
        "exile_top",
        "reveal_top",
        "look_at_top",
        "copy_spell",
        "copy_permanent",
        "reveal_until",
        "exile_until",
        "mill",
        "choose_payable_card",
        "choose_objects",
        # "put a creature card exiled with Yggdrasil onto the battlefield under your
        # control. It gains haste": the permanent put there (effects/zones.py, 608.2c)
        "put_onto_battlefield",
    }
)


#: conditions on what a "for each" instruction just did for one object ("flip a
#: coin. If you win the flip, ..."): the sentence is part of each repetition
_PER_ONE_CONDITIONS = frozenset(("won_flip", "lost_flip", "flip_heads", "flip_tails", "rolled"))


def fold_for_each(effects: list[Effect]) -> list[Effect]:
    """ "For each blocking creature, flip a coin. If you win the flip, prevent all
    combat damage that would be dealt by that creature this turn" (Fighting
    Chance): the sentences after "for each" that depend on its instruction's
    result are done with it for each one, "that creature" being that one (CR
    608.2c)."""
    out: list[Effect] = []
    for e in effects:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.op == "for_each"
            and e.condition is not None
            and e.condition.kind in _PER_ONE_CONDITIONS
        ):
            e = walk(e, lambda v: EachOneRef() if isinstance(v, It) else None)
            args = {**prev.args, "effects": (*prev.args["effects"], e)}
            out[-1] = Effect(prev.op, args, prev.optional, prev.condition)
            continue
        out.append(e)
    return out


def fold_delayed_flip(effects: list[Effect]) -> list[Effect]:
    """ "Flip a coin at end of combat. If you lose the flip, an opponent gains control
    of this creature" (Fickle Efreet): the instructions that read the flip belong to
    the delayed ability that flips it, followed as it resolves (CR 603.7, 705)."""
    out: list[Effect] = []
    for e in effects:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.op == "delayed_trigger"
            and prev.args["effects"]
            and any(x.op == "flip_coin" for x in prev.args["effects"])
            and e.condition is not None
            and e.condition.kind in ("won_flip", "lost_flip")
        ):
            args = {**prev.args, "effects": (*prev.args["effects"], e)}
            out[-1] = Effect(prev.op, args, prev.optional, prev.condition)
            continue
        out.append(e)
    return out


def fold_clash_win(effects: list[Effect]) -> list[Effect]:
    """ "Clash with an opponent. If you win, ...": the grammar reads "if you win" as
    winning a coin flip; after a clash (and no flip since) it is winning the clash
    (CR 701.30d)."""
    out: list[Effect] = []
    after_clash = False
    for e in effects:
        if e.op == "clash":
            after_clash = True
        elif e.op == "flip_coin":
            after_clash = False
        elif after_clash and e.condition is not None and e.condition.kind == "won_flip":
            e = Effect(e.op, e.args, e.optional, Condition("won_clash", dict(e.condition.args)))
        out.append(e)
    return out


def fold_search(effects: list[Effect]) -> list[Effect]:
    """Fold "search ..., reveal it, put it into your hand, then shuffle" into one op.

    CR 701.23: the search instruction names where the found card goes; the
    following "it" instructions and the shuffle belong to it.
    """
    out: list[Effect] = []
    i = 0
    while i < len(effects):
        eff = effects[i]
        i += 1
        if eff.op != "search_library":
            out.append(eff)
            continue
        args = dict(eff.args)
        while i < len(effects):
            nxt = effects[i]
            what = nxt.args.get("what")
            if (
                nxt.op in ("return_to_battlefield", "put_onto_battlefield")
                and nxt.args.get("instead")
                and nxt.condition is not None
                and not nxt.optional
                and isinstance(what, It)
            ):
                # "... put that card on top. If you control a Dragon, put that card onto
                # the battlefield tapped instead." (Embermouth Sentinel): where the found
                # card goes when the condition holds as the search is followed (608.2c)
                args["instead_to"] = "battlefield"
                args["instead_tapped"] = bool(nxt.args.get("tapped"))
                args["instead_if"] = nxt.condition
                i += 1
                continue
            if (nxt.condition is not None or nxt.optional) and isinstance(what, It):
                # "You may put that card onto the battlefield tapped if you control a
                # land named Wastes. Otherwise, put that card into your hand." (Ruin in
                # Their Wake): a move that may not happen isn't where the search puts
                # the card; it stays where it was found for the instructions that
                # follow, each with its condition (CR 608.2c, 701.23a)
                args["to"] = "library"
                break
            if (
                isinstance(what, ChooseRef)
                and isinstance(what.filter, Filter)
                and ("from_among", "it") in what.filter.conditions
            ):
                # "..., reveal those cards, put one onto the battlefield tapped and the
                # other into your hand" (Cultivate): the cards found stay where they
                # were found and the instructions that follow each move some of them
                # (CR 701.23a, 608.2d); "then shuffle" comes after them
                args["to"] = "library"
                break
            if nxt.op == "reveal" and isinstance(what, It):
                args["reveal"] = True
            elif nxt.op in ("return_to_battlefield", "put_onto_battlefield") and isinstance(
                what, It
            ):
                args["to"] = "battlefield"
                args["tapped"] = bool(nxt.args.get("tapped"))
            elif nxt.op == "return_to_hand" and isinstance(what, It):
                args["to"] = "hand"
            elif nxt.op == "put_on_library" and isinstance(what, It):
                args["to"] = "top" if nxt.args.get("position") == "top" else "bottom"
            elif nxt.op == "put_into_graveyard" and isinstance(what, It):
                args["to"] = "graveyard"
            elif nxt.op == "exile" and isinstance(what, It) and set(nxt.args) == {"what"}:
                args["to"] = "exile"  # "search ... for three cards and exile them"
            elif nxt.op == "cast_free" and isinstance(what, It):
                # "search ... for an instant card. You may cast that card": it is
                # cast from the library, where it was found
                args["to"] = "library"
                out.append(Effect(eff.op, args, eff.optional, eff.condition))
                eff, args = nxt, dict(nxt.args)
                i += 1
                break
            elif nxt.op == "shuffle":
                args["shuffle"] = True  # the searched library (CR 701.24a)
            else:
                break
            i += 1
        out.append(Effect(eff.op, args, eff.optional, eff.condition))
    return out


def _damages_a_player(trigger: Trigger) -> bool:
    """ "Whenever this creature deals (combat) damage to a player"."""
    if trigger.event not in ("deals_damage", "deals_combat_damage"):
        return False
    what = dict(trigger.details).get("what")
    return trigger.player == "to_player" or (isinstance(what, Filter) and what.kinds == ("player",))


def _attacks_a_player(trigger: Trigger) -> bool:
    """ "Whenever a creature attacks a player / one of your opponents": "that player"
    is the player it attacks (CR 508.1b; the event's defending player)."""
    return trigger.event == "attacks" and dict(trigger.details).get("attack_target") in (
        "player",
        "opponent",
    )


def _damages_a_creature(trigger: Trigger) -> bool:
    """ "Whenever this creature deals (combat) damage to a creature": "that creature"
    is the creature dealt damage."""
    if trigger.event not in ("deals_damage", "deals_combat_damage"):
        return False
    what = dict(trigger.details).get("what")
    return isinstance(what, Filter) and "player" not in what.kinds


def _recipient_unlike_subject(trigger: Trigger) -> bool:
    """ "Whenever a creature you control with deathtouch deals damage to a
    planeswalker, destroy that planeswalker": the object dealt damage is of
    another kind than the one dealing it, so "that planeswalker" names it."""
    what = dict(trigger.details).get("what")
    subject = trigger.subject
    return (
        isinstance(what, Filter)
        and isinstance(subject, Filter)
        and bool(what.kinds)
        and bool(subject.kinds)
        and not set(what.kinds) & set(subject.kinds)
    )


#: instructions that move the objects they name; "them" after one is the new
#: objects (the handler records them as "it", CR 400.7)
_MOVERS = frozenset({"exile", "return_to_battlefield", "reanimate"})

#: "equipped creature", "enchanted creature": one object, which a later "it" names
_ATTACHED_TO_SELF = frozenset({"equipped_by", "enchanted_by", "fortified_by"})


def _names_other_creature(trigger: Trigger) -> bool:
    """ "Whenever this creature blocks a creature / becomes blocked by a creature":
    the trigger names a second creature (CR 509.3)."""
    events = [(trigger.event, trigger.details)]
    det = dict(trigger.details)
    for ev, dd in zip(det.get("or_events") or (), det.get("or_details") or (), strict=False):
        events.append((ev, dd))
    return any(
        (ev in ("blocks", "becomes_blocked") and any(k in ("by", "what") for k, _ in dd))
        or ev == "crews"  # "whenever this creature crews a Vehicle, that Vehicle ..."
        for ev, dd in events
    )


def _about_source(cond: Condition | None) -> bool:
    """An intervening "if this permanent is a ..." condition (CR 603.4), or "if this
    creature is in your graveyard" (Infesting Radroach: "... you may return it to your
    hand", CR 113.6m)."""
    if cond is not None and cond.kind == "self_in_graveyard":
        return isinstance(cond.args.get("arg0", SelfRef()), SelfRef)
    return (
        cond is not None
        and cond.kind == "is"
        and isinstance(cond.args.get("ref"), SelfRef)
        and isinstance(cond.args.get("quality"), Filter)
        and bool(cond.args["quality"].kinds)
    )


def _some_player(e: Effect) -> Some | None:
    """ "An opponent gains control of it": the one player an instruction's subject
    names without targeting, chosen as it is followed (CR 608.2d)."""
    some = e.args.get("player")
    if (
        isinstance(some, Some)
        and some.filter.kinds == ("player",)
        and some.count == 1
        and not some.up_to
        # "an opponent may gain control of ...": whose "may" it is, the choice first
        and not e.optional
    ):
        return some
    return None


def choose_players_first(effects: list[Effect]) -> list[Effect]:
    """ "An opponent gains control of it" (Akroan Horse), "an opponent chooses a
    permanent you control" (Wormfang Crab): the ability's controller chooses that
    opponent as the instruction is followed (CR 608.2d), then the instruction is
    that player's (608.2c). A delayed ability's instructions are its own: its
    opponent is chosen as it resolves (CR 603.7)."""
    out: list[Effect] = []
    for e in effects:
        if e.op == "delayed_trigger" and any(_some_player(x) for x in e.args["effects"]):
            inner = tuple(choose_players_first(list(e.args["effects"])))
            e = Effect(e.op, {**e.args, "effects": inner}, e.optional, e.condition)
        some = _some_player(e)
        if some is not None:
            out.append(
                Effect(
                    "choose_objects",
                    {"player": ControllerRef(), "what": ChooseRef(some.filter)},
                    False,
                    e.condition,
                )
            )
            e = Effect(
                e.op, {**e.args, "player": ParentRef(CHOSEN_PLAYER)}, e.optional, e.condition
            )
        out.append(e)
    return out


def _player_subject(trigger: Trigger | None) -> bool:
    """Whether the trigger is about a player ("whenever you gain life"), not an object."""
    return (
        trigger is not None
        and isinstance(trigger.subject, Filter)
        and (trigger.subject.kinds == ("player",))
    )


def finalize(
    effects: list[Effect],
    trigger: Trigger | None = None,
    last: str | None = None,
    outer: TargetRef | None = None,
) -> tuple[tuple[Effect, ...], tuple[TargetSpec, ...]]:
    """Number the targets in text order and resolve pronouns (CR 115.1, 608.2c).

    ``last`` is what an "it" with no antecedent of its own names, for the
    instructions of a reflexive ability: the enclosing ability's last noun, and
    ``outer`` its last target."""
    if any(e.op == "search_library" for e in effects):
        effects = fold_search(effects)
    if any(e.op == "for_each" for e in effects):
        effects = fold_for_each(effects)
    if any(e.op == "clash" for e in effects):
        effects = fold_clash_win(effects)
    if any(e.op == "delayed_trigger" for e in effects):
        effects = fold_delayed_flip(effects)
    if any(_some_player(e) is not None or e.op == "delayed_trigger" for e in effects):
        effects = choose_players_first(effects)
    targets: list[TargetSpec] = []
    index: dict[int, int] = {}
    state: dict[str, Any] = {"last": last}  # "target" | "parent"
    if last is None and trigger is not None and _about_source(trigger.condition):
        # "When an opponent casts a spell, if this permanent is an enchantment, it
        # becomes ...": the intervening "if" names the source, the antecedent of the
        # "it" after it (CR 603.4, 608.2c), not the spell the trigger is about
        state["last"] = "self"
    last_target: list[int] = []
    trigger_about_other = trigger is not None and (
        isinstance(trigger.subject, Filter)
        # "whenever this Equipment becomes unattached from a permanent, sacrifice that
        # permanent": the permanent it was attached to (CR 603.10c)
        or trigger.event == "unattached"
    )
    other_creature = trigger is not None and _names_other_creature(trigger)
    # (with a trigger about another object, "that creature" may be either one)
    damaged_creature = (
        trigger is not None
        and _damages_a_creature(trigger)
        and (not trigger_about_other or _recipient_unlike_subject(trigger))
    )
    # "whenever ... becomes the target of a spell or ability an opponent controls,
    # ... that player": the controller of that spell or ability (CR 603.2)
    becomes_target = trigger is not None and trigger.event == "becomes_target"
    trigger_player = trigger is not None and (
        trigger.event in ("cast", "draw", "gain_life", "lose_life", "discard", "step")
        or (isinstance(trigger.subject, Filter) and trigger.subject.kinds == ("player",))
    )

    # "at the beginning of the upkeep of enchanted creature's controller" (CR 303.4e)
    enchanted_host = trigger is not None and trigger.player == "enchanted_controller"

    def resolve_it() -> Any:
        if state["last"] == "host":
            return EachRef(ENCHANTED_BY_SELF)  # "destroy that creature. Otherwise, it ..."
        if state["last"] == "target" and not last_target and outer is not None:
            return OuterRef(outer)  # the enclosing ability's target (CR 603.12)
        if state["last"] == "parent":
            return ParentRef()
        if state["last"] == "sacrificed":
            return ParentRef("sacrificed")  # "the sacrificed creature's power ... its"
        if state["last"] == "spell":
            return TriggerRef("spell")
        if state["last"] == "self":
            return SelfRef()  # "untap this creature. It gains ..." (a cast trigger's)
        if state["last"] == "exiled":
            return EachRef(EXILED_WITH_SELF)  # "turn the exiled card face up. If it's ..."
        if last_target:
            # "target player gains control of up to three target creatures ... Untap
            # those creatures": an object's pronoun names the last target that can be
            # an object, not a player target named after it (CR 608.2c)
            objects = [i for i in last_target if targets[i].filter.kinds != ("player",)]
            if objects and objects[-1] != last_target[-1]:
                return TargetRef(objects[-1])
            return TargetRef(last_target[-1])
        if trigger_about_other and trigger is not None and trigger.event != "cast":
            return TriggerRef("object")
        if trigger is not None and trigger.event == "cast":
            return TriggerRef("spell")
        if enchanted_host:
            # "At the beginning of the upkeep of enchanted creature's controller, put
            # a -1/-1 counter on that creature": the permanent it enchants (CR 303.4e)
            return EachRef(ENCHANTED_BY_SELF)
        return SelfRef()

    def resolve_player() -> Any:
        if state.get("clashed"):
            # "Clash with an opponent. If you win, ... Otherwise, that player ...":
            # the opponent chosen for the clash (CR 701.30b; effects/clash.py)
            return ParentRef(CLASH_OPPONENT)
        if state.get("chose_player"):
            # "Choose an opponent at random. ... deals 3 damage to that player": the
            # player just chosen (CR 608.2c, 608.2d), not a target named before it
            return ParentRef(CHOSEN_PLAYER)
        if state["last"] == "parent" and state.get("chose_opponents"):
            # "choose a creature card in an opponent's graveyard, then that player
            # chooses ...": the owner of the card just chosen (CR 608.2c)
            return OwnerOfRef(ParentRef())
        if last_target:
            spec = targets[last_target[-1]]
            if "player" in spec.filter.kinds:
                return TargetRef(last_target[-1])
        if becomes_target and not last_target:
            return TriggerRef("player")  # the targeting spell's or ability's controller
        if (
            trigger is not None
            and not last_target
            and any(k == "discarded_by" for k, _ in trigger.details)
        ):
            # "When a spell or ability an opponent controls causes you to discard this
            # card, that player loses 5 life" (Psychic Purge): that opponent (701.9a)
            return TriggerRef("player")
        if trigger_player or (trigger is not None and trigger.event == "step"):
            return TriggerRef("player")
        if trigger is not None and _damages_a_player(trigger):
            return TriggerRef("player")  # "deals combat damage to a player, that player ..."
        if trigger is not None and not last_target and _attacks_a_player(trigger):
            return TriggerRef("player")  # "attacks one of your opponents, that player ..."
        if last_target:
            return ControllerOfRef(TargetRef(last_target[-1]))
        if trigger_about_other:
            return ControllerOfRef(TriggerRef("object"))
        if state.get("after_each_player"):
            # "For each opponent, you mill a card, then return that card ... unless that
            # player pays 3 life" (Sivriss): the player of each repetition, which an
            # instruction after the "for each" isn't part of yet (CR 608.2c)
            raise ValueError("that player after 'for each player': not bound to it")
        return ControllerRef()

    def fn(v: Any) -> Any:
        if isinstance(v, Those) and state.get("exiles", 0) > 1:
            # "exile it and up to one creature ..., then return those cards": every
            # card the exiling instructions just before exiled (CR 608.2c)
            return ParentRef("exiled")
        if isinstance(v, Those) and state["last"] == "parent" and state.get("chooses", 0) > 1:
            # "choose a card ..., then that player chooses a card ... . You may return
            # those cards": every object the choices named (CR 608.2c)
            return ParentRef("chosen")
        if isinstance(v, Those) and state["last"] == "parent" and state.get("op") == "reveal_until":
            # "reveal cards ... until they reveal a land card, then puts those cards
            # into their graveyard": every card revealed (CR 701.20a)
            return ParentRef("revealed")
        if isinstance(v, Them | Those) and state["last"] == "each":
            # "attacking creatures you control get +X/+0. Sacrifice those creatures at
            # the beginning of the next end step": the objects of that instruction,
            # fixed as the delayed ability is created (CR 603.7c, 608.2c)
            return ParentRef("it" if state.get("each_op") in _MOVERS else "each")
        if type(v) is It and state["last"] == "each" and state.get("each_one"):
            # "Equipped creature can't be blocked this turn. Sacrifice it at the
            # beginning of the next end step" (Wings of Hubris): that creature
            return ParentRef("it" if state.get("each_op") in _MOVERS else "each")
        if isinstance(v, ThatSpell) and becomes_target and not last_target:
            state["last"] = "spell"  # "its controller" next: that spell's (CR 603.2)
            return TriggerRef("spell")
        if (
            isinstance(v, ThatSpell)
            and trigger is not None
            and trigger.event == "cast"
            and not last_target
        ):
            # "Whenever you cast an instant or sorcery spell, create a token. If that
            # spell's mana value is 5 or greater, ...": the spell cast, whatever the
            # instruction before made (CR 603.2, 608.2c)
            return TriggerRef("spell")
        if type(v) is ThatObject and state.get("sacrificed_one") and not last_target:
            return ParentRef("sacrificed")  # (set after a "sacrifice a creature")
        if isinstance(v, ThatObject) and other_creature and not last_target:
            return TriggerRef("other")  # the creature it blocked or was blocked by
        if isinstance(v, ThatObject) and damaged_creature and not last_target:
            return TriggerRef("damaged")  # the creature dealt damage (CR 603.2)
        if (
            isinstance(v, ThatObject)
            and not isinstance(v, ThatCard | Those)
            and enchanted_host
            and not last_target
        ):
            # "... reveals the top card of their library. If it's a land card, destroy
            # that creature": the creature this Aura enchants (CR 303.4e)
            state["before_host"], state["last"] = state["last"], "host"
            return EachRef(ENCHANTED_BY_SELF)
        if (
            type(v) is ThatObject
            and state["last"] == "parent"
            and state.get("host") is not None
            and state.get("op") == "create_token"
        ):
            # "create a Role token attached to target creature. That creature ...": the
            # creature it was attached to, not the token (CR 608.2c)
            return state["host"]
        if isinstance(v, ThatCard) and state["last"] == "host":
            # "... destroy that creature" named the host, but "that card" is still
            # what the instruction before it named (the card revealed)
            state["last"] = state["before_host"]
            try:
                return resolve_it()
            finally:
                state["last"] = "host"
        if isinstance(v, Antecedent):
            if start["last"] == "parent":
                return ParentRef()
            if start["targets"]:
                return TargetRef(start["targets"][-1])
            return resolve_it()
        if isinstance(v, TheTarget):
            # "the creature you control": the one target named so (CR 115.1, 608.2c)
            found = [
                i
                for i, spec in enumerate(targets)
                if v.kind in spec.filter.kinds
                and ("controller", v.controller) in spec.filter.conditions
            ]
            if len(found) != 1:
                raise ValueError(f"the {v.kind.lower()} {v.controller}: not one target so named")
            last_target.append(found[0])
            state["last"] = "target"
            return TargetRef(found[0])
        if isinstance(v, Tgt):
            key = id(v)
            if key not in index:
                index[key] = len(targets)
                targets.append(v.spec)
            last_target.append(index[key])
            state["last"] = "target"
            if "player" in v.spec.filter.kinds:
                state["chose_player"] = False  # "that player" next: this target
            return TargetRef(index[key])
        if isinstance(v, Rest) and state["last"] in ("parent", "each"):
            # "put all land cards revealed this way into your hand and the rest into
            # your graveyard": the cards not taken (rules/effects_runner.py)
            return ParentRef("rest")
        made_at = state.get("made_at")
        if (
            isinstance(v, TheToken)
            and state["last"] == "parent"
            and made_at is not None
            and state["pos"] > made_at + 1
        ):
            # "create a 1/1 Insect token, then mill two cards. Put a deathtouch counter
            # on the token": not the milled cards (CR 608.2c)
            return ParentRef("created")
        if isinstance(v, It):
            return resolve_it()
        if isinstance(v, ExiledCard):
            if state.get("exiled_here") and state["last"] == "each":
                # "exile all nonland permanents target player controls. Return the
                # exiled cards ...": the objects that instruction moved (CR 608.2c)
                return ParentRef("it" if state.get("each_op") in _MOVERS else "each")
            if state.get("exiled_here"):
                return resolve_it()
            state["last"] = "exiled"
            return EachRef(EXILED_WITH_SELF)  # CR 607.2a: linked to the exiling ability
        if isinstance(v, ThatPlayer):
            return resolve_player()
        if isinstance(v, ThatPlayerOr):
            for i in reversed(last_target):
                kinds = targets[i].filter.kinds
                if "player" in kinds and v.kind in kinds:
                    return TargetRef(i)
            raise ValueError(f"that player or {v.kind.lower()}: no such target before it")
        return None

    out: list[Effect] = []
    start: dict[str, Any] = {}
    branch_from: tuple[str, list[int]] | None = None
    for pos, eff in enumerate(effects):
        eff = _the_revealed_card(eff, state.get("revealed", False))
        if "reveal" in eff.op:
            state["revealed"] = True  # "the revealed card" next: the card it revealed
        flt = eff.args.get("filter") if eff.op == "for_each" else None
        if isinstance(flt, Filter) and flt.kinds == ("player",):
            state["after_each_player"] = True
        if eff.op == "reflexive_trigger":
            # "When you do, destroy target creature" (CR 603.12): the reflexive ability's
            # targets are its own, chosen as it's put on the stack (603.3d)
            their = TargetRef(last_target[-1]) if last_target else None
            last_inner = state["last"]
            if state["last"] == "parent" and state.get("host") is not None:
                # "Create a Monster Role token attached to target creature you control.
                # When you do, that creature fights ...": the creature the Aura token
                # was attached to, not the token (CR 608.2c)
                their, last_inner = state["host"], "target"
            inner, specs = finalize(list(eff.args["effects"]), trigger, last_inner, their)
            args = {"effects": inner, "targets": specs}
            out.append(Effect(eff.op, args, eff.optional, eff.condition))
            continue
        if eff.op == "delayed_trigger" and ("repeats", True) in eff.args["trigger"].details:
            # "Whenever you cast a spell this turn, put a +1/+1 counter on target
            # creature you control": the delayed ability's targets are its own, chosen
            # each time it's put on the stack (CR 603.7a, 603.3d)
            inner, specs = finalize(list(eff.args["effects"]), trigger, state["last"])
            args = {**eff.args, "effects": inner, **({"targets": specs} if specs else {})}
            out.append(Effect(eff.op, args, eff.optional, eff.condition))
            continue
        state["pos"] = pos
        c = eff.condition
        before = effects[pos - 1].condition if pos else None
        if c is not None and c.kind != "otherwise" and c != before:
            # the pronouns as a conditional sentence begins ...
            branch_from = (state["last"], list(last_target))
        elif c is not None and c.kind == "otherwise" and before is not None:
            # ... are those of the "Otherwise, ..." sentence after it: "If a land was
            # destroyed this way, its controller may search ... Otherwise, its
            # controller ...": the same object, not what the branch not taken made
            # (CR 608.2c)
            if (
                before.kind != "otherwise"
                and branch_from is not None
                and state["last"] == "parent"
                and branch_from[0] != "parent"
            ):
                # (only what the branch not taken produced is forgotten: "destroy that
                # creature. Otherwise, it gets +3/+3" still names that creature)
                state["last"], last_target[:] = branch_from[0], branch_from[1]
        start["last"] = state["last"]  # what "that creature" (Antecedent) may name
        start["targets"] = list(last_target)
        c = eff.condition
        if (
            c is not None
            and c.kind == "is"
            and isinstance(c.args.get("ref"), It)
            and isinstance(eff.args.get("what"), EachRef)
        ):
            # "put a +1/+1 counter on equipped creature if it's black": "it" is the
            # object of the same instruction
            args = {k: v for k, v in c.args.items() if k != "ref"}
            args["filter"] = eff.args["what"].filter
            eff = Effect(eff.op, eff.args, eff.optional, Condition("is", args))
        if "source" in eff.args and next(iter(eff.args)) != "source":
            # "have it deal that much damage to target creature": the source comes
            # first in the text, so its pronoun is resolved first
            args = {"source": eff.args["source"]}
            args.update((k, v) for k, v in eff.args.items() if k != "source")
            eff = Effect(eff.op, args, eff.optional, eff.condition)
        amt = eff.args.get("amount")
        if (
            eff.op == "damage"
            and isinstance(eff.args.get("source"), Them)
            and isinstance(amt, Amount)
            and type(amt.ref) is It
        ):
            # "each of those creatures deals damage equal to its power to ...": each
            # source's own power (effects/damage_life.py, CR 120.3)
            src = eff.args["source"]
            args = {**eff.args, "amount": dataclasses.replace(amt, ref=src)}
            eff = Effect(eff.op, args, eff.optional, eff.condition)
        if trigger_player and state["last"] not in ("each", "parent") and not last_target:
            eff = _they_the_player(eff)
        elif (
            trigger is not None
            and _damages_a_player(trigger)
            and state["last"] not in ("each", "parent")
            and not last_target
        ):
            eff = _they_the_damaged_player(eff)
        if eff.op == "may_play" and eff.optional:
            # "you may play it this turn": a permission used later, not a choice made
            # as the ability resolves (CR 601.2a, 611.2)
            eff = Effect(eff.op, eff.args, False, eff.condition)
        if eff.op == "delayed_trigger":
            eff = _walk_delayed(eff, fn, state)
        if eff.op == "fight" and isinstance(eff.args.get("b"), EachOther):
            # "Then those creatures fight each other" (Joust; CR 701.14a): the two
            # objects the ability targets, in the order the text names them
            objects = [i for i, spec in enumerate(targets) if spec.filter.kinds != ("player",)]
            if len(objects) != 2 or not isinstance(eff.args.get("a"), Them | Those):
                raise ValueError("fight each other: not two targets named before")
            pair: dict[str, Any] = {"a": TargetRef(objects[0]), "b": TargetRef(objects[1])}
            eff = Effect(eff.op, pair, eff.optional, eff.condition)
        who = eff.args.get("player")
        if (
            type(eff.args.get("what")) is It
            and isinstance(who, ControllerOfRef)
            and isinstance(who.of, EachRef)
            and any(k in _ATTACHED_TO_SELF and v == "self" for k, v in who.of.filter.conditions)
            and not last_target
            and state["last"] not in ("parent", "each", "target", "self")
        ):
            # "enchanted creature's controller sacrifices it" (Parasitic Implant): with
            # nothing named before, "it" is the permanent the subject names (CR 608.2c)
            eff = Effect(eff.op, {**eff.args, "what": who.of}, eff.optional, eff.condition)
        if (
            eff.op == "transform"
            and type(eff.args.get("what")) is It
            and out
            and out[-1].op in ("exile", "destroy", "return_to_hand")
            and isinstance(out[-1].args.get("what"), TargetRef)
        ):
            # "Exile target creature. Then if there are three or more cards exiled with
            # Profane Procession, transform it": not the card just exiled (a new object,
            # CR 400.7) but this permanent: only a permanent transforms (CR 701.28a)
            eff = Effect(eff.op, {**eff.args, "what": SelfRef()}, eff.optional, eff.condition)
        # "and all Equipment attached to that creature" after that creature left: what
        # was attached to it immediately before it left (CR 608.2h, turn_flags.left_attached)
        if eff.condition is not None and isinstance(eff.condition.args.get("ref"), TheTarget):
            # "If the creature you control entered this turn, put a +1/+1 counter on
            # it" (Malamet Battle Glyph): the condition comes first in the text, so its
            # target is the antecedent of the instruction's "it" (CR 608.2c)
            cond = walk(eff.condition, fn)
            new = walk(Effect(eff.op, eff.args, eff.optional), fn)
            new = Effect(new.op, new.args, new.optional, cond)
        else:
            new = walk(eff, fn)
        if new.args.get("same_source") and out and "source" in out[-1].args:
            # "it deals 3 damage to target opponent and 3 damage to up to one target
            # creature": the second amount comes from the same source, not from
            # whatever "it" would name after the first target (CR 608.2c)
            args = {k: v for k, v in new.args.items() if k != "same_source"}
            args["source"] = out[-1].args["source"]
            new = Effect(new.op, args, new.optional, new.condition)
        if new.args.get("what") == ParentRef("each") and state.get("each_with") is not None:
            # "Untap target creature and each other creature that shares a color with
            # it. Those creatures get +2/+0" (Rally the Righteous): the target too
            out.append(
                Effect(
                    new.op, {**new.args, "what": state["each_with"]}, new.optional, new.condition
                )
            )
        out.append(new)
        chose = eff.op == "choose_objects" and isinstance(eff.args.get("what"), ChooseRef)
        chose_player = chose and eff.args["what"].filter.kinds == ("player",)
        state["chooses"] = state.get("chooses", 0) + 1 if chose else 0
        state["chose_opponents"] = (
            chose and ("owner", "opponent") in eff.args["what"].filter.conditions
        )
        if chose_player:
            state["chose_player"] = True  # "that player" next: the one chosen
        made = eff.op == "for_each" and any(x.op in _PRODUCERS for x in eff.args["effects"])
        # "draw a card and reveal it" (Sindbad): "it" is the card drawn (CR 614.11b)
        made = made or (
            eff.op == "draw"
            and eff.args.get("amount") == 1
            and pos + 1 < len(effects)
            and effects[pos + 1].op == "reveal"
            and type(effects[pos + 1].args.get("what")) is It
        )
        # "Reveal a card from your hand. Search your library for a card with the same
        # name as that card": the card revealed (effects/search._reveal_from_hand, CR
        # 701.20a, 608.2c)
        made = made or (eff.op == "reveal" and isinstance(eff.args.get("filter"), Filter))
        if eff.op == "create_token" and sum(e.op == "create_token" for e in effects) == 1:
            state["made_at"] = pos  # the only token-creating instruction ("the token")
        elif eff.op.startswith("copy"):
            state["made_at"] = None  # a copy may be a token too
        if chose_player:
            pass  # a player chosen: "it", "them" still name what they named before
        elif (
            made or eff.op in _PRODUCERS or any(isinstance(v, ChooseRef) for v in eff.args.values())
        ):
            # "those creatures", "that card": what this instruction produced or chose
            state["last"] = "parent"
            state["op"] = eff.op
            # a noncreature token (a Role, an Aura) created attached to a target: what
            # "that creature" names after it (CR 303.4, 608.2c)
            host = new.args.get("attached_to") if eff.op == "create_token" else None
            types = (new.args.get("token") or {}).get("types") or ()
            state["host"] = (
                host if isinstance(host, TargetRef) and "Creature" not in types else None
            )
        elif _about_each(eff):
            state["last"] = "each"  # "them": the objects this instruction was about
            state["each_op"] = eff.op
            # "[instruction] target creature and each other creature ...": the two
            # halves of one instruction, "those creatures" next names both (608.2c)
            paired = len(out) > 1 and out[-2].op == new.op
            first = out[-2].args.get("what") if paired else None
            other = ("other", True) in _each_of(new).filter.conditions
            # "tap Rohgahh and all creatures named Kobolds of Kher Keep, then an opponent
            # gains control of them": this object too (another name than its own, which
            # reads as this object, CR 201.5)
            named = any(k == "named" for k, _ in _each_of(new).filter.conditions)
            state["each_with"] = (
                first
                if (isinstance(first, TargetRef) and other)
                or (isinstance(first, SelfRef) and (other or named))
                else None
            )
            state["each_one"] = any(
                k in _ATTACHED_TO_SELF and v == "self" for k, v in _each_of(eff).filter.conditions
            )
        elif (
            (trigger is not None and trigger.event == "cast")
            or (trigger_about_other and eff.op == "exile")
            # "put a bloodline counter on Edgar Markov's Coffin. Then if there are three
            # or more bloodline counters on it, ..." (after "create a ... token"), "put
            # that many ribbon counters on this creature. Then if there are three or more
            # ribbon counters on it" (a life gain trigger): the object an unconditional
            # instruction put the counters on, when no other object triggered it
            or (
                eff.op == "put_counters"
                and eff.condition is None
                and not (trigger_about_other and not _player_subject(trigger))
            )
        ) and isinstance(eff.args.get("what"), SelfRef):
            # "whenever another creature you control enters, ... exile Grist, then return
            # it to the battlefield transformed": "it" is this object, named last, not the
            # triggering one (CR 608.2c)
            # "whenever you cast ..., put two +1/+1 counters on this creature. It gains
            # menace": "it" is this creature, not the spell (CR 608.2c)
            state["last"] = "self"
        if eff.op.startswith("exile"):
            state["exiled_here"] = True
        state["exiles"] = state.get("exiles", 0) + 1 if eff.op == "exile" else 0
        if eff.op == "clash":
            state["clashed"] = True
        # "you may sacrifice a creature. If you do, look at the top X cards of your
        # library, where X is that creature's mana value" (Industrial Advancement):
        # "that creature" is the one sacrificed, as it last existed (CR 608.2c, 608.2h)
        state["sacrificed_one"] = (
            eff.op == "sacrifice" and "filter" in eff.args and eff.args.get("amount") == 1
        ) or (state.get("sacrificed_one", False) and eff.op not in _PRODUCERS)
        if _names_sacrificed(new):
            # "you draw cards equal to the sacrificed creature's power, then you gain
            # life equal to its toughness": "its" is the sacrificed creature (608.2c)
            state["last"] = "sacrificed"
    if any(e.args.get("instead") for e in out):
        out = fold_instead(out)
    _check_exiled_this_way(out)
    if any(e.args.get("amount") == _DIFFERENCE for e in out):
        out = [_difference_of(e) for e in out]
    return tuple(out), tuple(targets)


#: "draw cards equal to the difference" (CR 402.1): of the condition before it
_DIFFERENCE: Final = Amount("difference")


def _difference_of(e: Effect) -> Effect:
    """ "If target opponent has more cards in hand than you, draw cards equal to the
    difference" (Balance of Power): their hand size minus yours; "if you have fewer
    than three cards in hand, draw cards equal to the difference" (Iymrith): three
    minus your hand size, each counted as the instruction happens (CR 402.1, 608.2c).
    A difference no condition names stays as it is (not run)."""
    cond = e.condition
    if e.args.get("amount") != _DIFFERENCE or cond is None:
        return e
    if cond.kind == "player_more_cards_in_hand" and cond.args.get("player") not in (
        None,
        "opponent",
    ):
        amount = Amount("hand_more_than_yours", ref=cond.args["player"])
    elif cond.kind == "hand_size_at_most" and isinstance(cond.args.get("amount"), int):
        amount = Amount("hand_fewer_than", value=int(cond.args["amount"]) + 1)
    else:
        return e
    return Effect(e.op, {**e.args, "amount": amount}, e.optional, cond)


def _exiled_this_way(cond: Condition | None) -> bool:
    """Whether a condition is "if a [card] was exiled this way" (CR 608.2c)."""
    return (
        cond is not None
        and cond.kind == "is"
        and cond.args.get("ref") == ParentRef("exiled")
        and bool(cond.args.get("some"))
    )


def _check_exiled_this_way(effects: list[Effect]) -> None:
    """ "Exile target creature you control, then return that card to the battlefield
    ... If a Pirate was exiled this way, draw a card." (Siren's Ruse): the card has
    left exile before the condition is read, and what it was in exile isn't kept
    (CR 608.2h); only "if a [card] was exiled this way" right after the exile (and
    its other such sentences) is read."""
    for i, e in enumerate(effects):
        if e.op == "exile_if_leaves" and isinstance(e.args.get("what"), SelfRef):
            # "When you do, return target creature card ... If that creature would leave
            # the battlefield, exile it ..." (Isareth the Awakener): the creature is
            # named inside the reflexive ability, not this object (CR 603.12)
            raise ValueError("'if it would leave the battlefield': not this object")
        if not _exiled_this_way(e.condition):
            continue
        j = i - 1
        while j >= 0 and _exiled_this_way(effects[j].condition):
            j -= 1
        if j < 0 or not effects[j].op.startswith("exile"):
            raise ValueError("'exiled this way' not right after the exile")


def _walk_delayed(eff: Effect, fn: Callable[[Any], Any], state: dict[str, Any]) -> Effect:
    """The instructions of a delayed triggered ability ("at end of combat, exile it
    and ..., then return those cards"), their pronouns resolved one instruction at a
    time, as :func:`finalize` does for an ability's own (CR 603.7, 608.2c)."""
    outer = state.get("exiles", 0)
    state["exiles"] = 0  # the delayed ability's own instructions, from the first
    inner = []
    for x in eff.args.get("effects") or ():
        done = walk(x, fn)
        if type(x.args.get("what")) in (ThatObject, ThatCard) and isinstance(
            done.args.get("what"), SelfRef
        ):
            # "You may put a creature card from your hand onto the battlefield. At the
            # beginning of the next end step, return that creature to your hand": not
            # this object, but nothing before it names that creature (CR 608.2c)
            raise ValueError("that creature: nothing before the delayed ability names it")
        inner.append(done)
        state["exiles"] = state.get("exiles", 0) + 1 if x.op == "exile" else 0
    state["exiles"] = outer
    return Effect(eff.op, {**eff.args, "effects": tuple(inner)}, eff.optional, eff.condition)


def _the_revealed_card(eff: Effect, revealed: bool) -> Effect:
    """ "The revealed card" in ``eff``: "it" when an instruction before it revealed
    a card (CR 701.20a, 608.2c), else the card revealed to pay the spell's cost
    (CR 601.2h; rules/casting.py records it)."""

    def fn(v: Any) -> Any:
        if type(v) is RevealedCard:
            return It() if revealed else ParentRef(REVEALED_TO_PAY)
        return None

    out: Effect = walk(eff, fn)
    return out


def _names_sacrificed(eff: Effect) -> bool:
    """Whether an instruction names the creature sacrificed to pay the cost."""
    found = False

    def fn(v: Any) -> Any:
        nonlocal found
        if isinstance(v, ParentRef) and v.key == "sacrificed":
            found = True
        return None

    walk(eff, fn)
    return found


def _about_each(eff: Effect) -> bool:
    """Whether an instruction is about every object of a kind ("attacking creatures
    you control get +X/+0", "put all cards exiled with this creature onto the
    battlefield"): its objects are recorded as it happens (Ctx.refs, "each")."""
    what = _each_of(eff)
    return isinstance(what, EachRef) and not any("player" in k for k in what.filter.kinds)


def _each_of(eff: Effect) -> Any:
    """The objects an instruction is about: its ``what``, or the recipients of damage
    ("deals damage ... to each other creature that player controls, then each of
    those creatures ...", CR 608.2c)."""
    return eff.args.get("what") if eff.op != "damage" else eff.args.get("to")


def _may_instead(before: list[Effect], group: list[Effect], cond: Condition) -> bool:
    """ "[Instruction on X]. If [condition], you may [another instruction on X]
    instead": one optional instruction in place of one unconditional instruction on
    the same object (not a replacement effect on a later event, "would")."""
    if len(group) != 1 or len(before) != 1 or cond.kind.startswith("would"):
        return False
    b, g = before[0], group[0]
    return (
        g.optional
        and not b.optional
        and b.condition is None
        and b.op != g.op
        and "instead_own_if" not in g.args
        and b.args.get("what") is not None
        and b.args.get("what") == g.args.get("what")
    )


def fold_instead(effects: list[Effect]) -> list[Effect]:
    """ "X. If [condition], [X with other numbers] instead." (Burst Lightning): the
    first instructions happen only if the condition is false, the replacing ones,
    with the first ones' recipients and sources where they name none, only if it's
    true."""
    out: list[Effect] = []
    i = 0
    while i < len(effects):
        e = effects[i]
        cond = e.condition
        if not e.args.get("instead") or cond is None:
            out.append(e)
            i += 1
            continue
        # the instead sentence's instructions ("it deals 4 damage to each creature
        # without flying and each player instead"): a run with the same condition
        j = i
        while j < len(effects) and effects[j].args.get("instead") and effects[j].condition == cond:
            j += 1
        group = effects[i:j]
        if group[0].args.get("instead_all"):
            out = _instead_of_all(out, group, cond)
            i = j
            continue
        before = out[-len(group) :] if len(out) >= len(group) else []
        if _may_instead(before, group, cond):
            # "Return target creature to its owner's hand. If that creature is
            # attacking, you may put it on top of its owner's library instead" (Sweep
            # Away): the choice first, where the condition holds; the first instruction
            # only if it wasn't taken (CR 608.2c)
            b, g = out.pop(), group[0]
            args = {k: v for k, v in g.args.items() if k not in ("instead", "instead_own_if")}
            out.append(Effect(g.op, args, True, cond))
            out.append(Effect(b.op, b.args, False, Condition("you_dont")))
            i = j
            continue
        group = [_those_tokens(b, g) for b, g in zip(before, group, strict=False)] or group
        if (_replaces_other(before, group) and not cond.kind.startswith("would")) or (
            _replaces_the_only_one(out, before, group, cond)
        ):
            # ("If that creature would die this turn, exile it instead", Lava Coil: a
            # replacement effect on a later event, CR 614.1a, not a choice between two
            # instructions)
            # "Dark Temper deals 2 damage to target creature. If you control a black
            # permanent, destroy the creature instead.": another instruction in place
            # of the one before (CR 608.2c)
            b, g = before[0], group[0]
            out[-1] = Effect(b.op, b.args, b.optional, negated_of(cond))
            args = {k: v for k, v in g.args.items() if k not in ("instead", "instead_own_if")}
            out.append(Effect(g.op, args, g.optional, _both(g.args.get("instead_own_if"), cond)))
            i = j
            continue
        if len(before) != len(group) or any(
            b.op != g.op or (b.condition is not None and "instead_own_if" not in g.args)
            for b, g in zip(before, group, strict=True)
        ):
            out.extend(group)
            i = j
            continue
        del out[-len(group) :]
        negated = negated_of(cond)
        out.extend(
            Effect(b.op, _copy_new_targets(b, g), b.optional, _both(b.condition, negated))
            for b, g in zip(before, group, strict=True)
        )
        for b, g in zip(before, group, strict=True):
            args = {
                **b.args,
                **{
                    key: v
                    for key, v in g.args.items()
                    # "they get +2/+1 instead": the first instruction's objects
                    if key not in ("instead", "instead_own_if")
                    and not (key == "what" and v == ParentRef("each"))
                },
            }
            if g.op == "damage":
                args["source"] = b.args.get("source")  # "it deals": the same source
            out.append(Effect(g.op, args, g.optional, _both(g.args.get("instead_own_if"), cond)))
        i = j
    return out


#: the instructions that create tokens "those tokens" can be more of (CR 111.1)
_TOKEN_OPS = ("create_token", "copy_permanent")


def _those_tokens(before: Effect, g: Effect) -> Effect:
    """ "Create a token that's a copy of target creature. If this spell was kicked,
    create five of those tokens instead." (Rite of Replication): the same
    instruction as the one before, with another number of tokens (CR 608.2c)."""
    if g.op != "create_those_tokens" or before.op not in _TOKEN_OPS:
        return g
    return Effect(before.op, {k: v for k, v in g.args.items()}, g.optional, g.condition)


def negated_of(cond: Condition) -> Condition:
    """ "[instruction]. If [condition], [other instruction] instead": the first one
    happens only if the condition is false (CR 608.2c)."""
    return Condition("not", {"cond": cond})


def _copy_new_targets(b: Effect, g: Effect) -> dict[str, Any]:
    """ "Copy target instant or sorcery spell you control. If ..., copy that spell twice
    instead. You may choose new targets for the copies." (Increasing Vengeance): the
    last sentence is about the copy the "instead" replaces too (CR 707.10c)."""
    if b.op == g.op == "copy_spell" and g.args.get("new_targets"):
        return {**b.args, "new_targets": True}
    return b.args


def _replaces_the_only_one(
    out: list[Effect], before: list[Effect], group: list[Effect], cond: Condition
) -> bool:
    """ "This creature gets +3/+0 until end of turn. If five or more mana was spent to
    cast that spell, put three +1/+1 counters on this creature instead." (Spectacular
    Skywhale): one instruction of another kind in place of the only one before it
    (CR 608.2c)."""
    return (
        len(group) == 1
        # (only the one instruction before: a sentence of several, "put one of those
        # cards into your hand and the rest on the bottom ... put each of those cards
        # into your hand instead" (Accumulate Wisdom), isn't read)
        and len(out) == 1
        and len(before) == 1
        and before[0].op != group[0].op
        # ("you may put it on top of its owner's library instead": declined, the first
        # instruction still happens, Sweep Away; not read here)
        and not group[0].optional
        and before[0].condition is None
        and "instead_own_if" not in group[0].args
        # "If that creature would die this turn, exile it instead." (Lava Coil): a
        # replacement effect the exile sets up (CR 614.1a), not another instruction in
        # place of the one before
        and cond.kind != "would_die"
        and not _target_indices(group) - _target_indices(before)
    )


def _instead_subject(e: Effect) -> Any:
    """What an instruction is about, for :func:`_replaces_other`: the object it acts
    on ("what"; the recipient of damage, "to"), else the player who does it."""
    if e.op == "damage":
        return e.args.get("to")
    return e.args.get("what", e.args.get("player"))


def _replaces_other(before: list[Effect], group: list[Effect]) -> bool:
    """Whether one "[other instruction] instead" sentence replaces the one
    unconditional instruction just before it, of another kind but about the same
    object or player ("deals 2 damage to target creature ... destroy the creature
    instead"; "return target creature card ... to your hand ... return that card to
    the battlefield instead"; "Draw two cards. ... seek two nonland cards instead")."""
    if len(before) != 1 or len(group) != 1:
        return False
    b, g = before[0], group[0]
    if b.op == g.op or b.condition is not None or "instead_own_if" in g.args:
        return False
    if g.optional or b.optional:
        # "If you have the city's blessing, you may put that permanent on top of its
        # owner's library instead": declining leaves the first instruction to do,
        # which two conditions can't say
        return False
    subject = _instead_subject(b)
    return subject is not None and _same_subject(subject, _instead_subject(g))


def _same_subject(a: Any, b: Any) -> bool:
    """The same object or player: equal references (a pronoun resolved to the
    target named before is that target, "destroy the creature instead")."""
    return bool(a == b)


def _both(first: Condition | None, second: Condition) -> Condition:
    """An instruction's own condition and the one an "instead" sentence adds (Fatal
    Push: "destroy target creature if it has mana value 2 or less", unless revolt
    replaced it; CR 608.2c)."""
    return second if first is None else Condition("all", {"conds": (first, second)})


def _target_indices(value: Any) -> set[int]:
    """The targets an instruction names (their indices, CR 115.1)."""
    found: set[int] = set()

    def fn(v: Any) -> Any:
        if isinstance(v, TargetRef):
            found.add(v.index)
        return None

    walk(value, fn)
    return found


def _instead_of_all(before: list[Effect], group: list[Effect], cond: Condition) -> list[Effect]:
    """ "If this spell was kicked, instead search your library for two basic land
    cards ...": the instructions before happen only if the condition is false, the
    sentence's own only if it's true (CR 608.2c). A sentence that would name targets
    of its own is refused: those are chosen only if the condition held as the spell
    was cast (CR 601.2c), which two lists of targets can't say."""
    if not before or any(b.condition is not None for b in before):
        raise ValueError("instead: no unconditional instructions before it")
    if _target_indices(group) - _target_indices(before):
        raise ValueError("instead: targets of its own")
    negated = Condition("not", {"cond": cond})
    out = [Effect(b.op, b.args, b.optional, negated) for b in before]
    for g in group:
        args = {k: v for k, v in g.args.items() if k not in ("instead", "instead_all")}
        out.append(Effect(g.op, args, g.optional, g.condition))
    return out


#: the counters "they get ... counters" gives a player (CR 122.1f, 727.1)
_PLAYER_COUNTER_KINDS: Final = frozenset(("poison", "rad"))


def _they_the_damaged_player(eff: Effect) -> Effect:
    """ "Whenever this creature deals combat damage to a player, they get four rad
    counters" (Glowing One): "they", the subject of what only a player does, is the
    player dealt damage (CR 603.2, 608.2c), not this creature."""
    args = eff.args
    if type(args.get("player")) is Them:
        args = {**args, "player": ThatPlayer()}
    if (
        eff.op == "put_counters"
        and type(args.get("what")) is Them
        and args.get("counter") in _PLAYER_COUNTER_KINDS
    ):
        args = {**args, "what": ThatPlayer()}
    return eff if args is eff.args else Effect(eff.op, args, eff.optional, eff.condition)


def _they_the_player(eff: Effect) -> Effect:
    """ "At the beginning of each player's upkeep, if that player controls a Plains,
    they gain 1 life": in an ability that triggers on a player's event, "they" as the
    player an instruction names, is dealt damage (or whose permanents a condition
    counts) is that player (CR 603.2, 608.2c), not this object."""
    args = eff.args
    if type(args.get("player")) is Them:
        args = {**args, "player": ThatPlayer()}
    if eff.op == "damage" and type(args.get("to")) is Them:
        # "At the beginning of each opponent's upkeep, if that player has one or fewer
        # cards in hand, Davriel deals 2 damage to them": that player (CR 120.3)
        args = {**args, "to": ThatPlayer()}
    cond = eff.condition
    inner = cond.args.get("cond") if cond is not None and cond.kind == "not" else cond
    if (
        inner is not None
        and inner.kind == "player_controls"
        and type(inner.args.get("arg0")) is Them
    ):
        fixed = Condition(inner.kind, {**inner.args, "arg0": ThatPlayer()})
        if cond is not None and cond is not inner:
            cond = Condition("not", {**cond.args, "cond": fixed})
        else:
            cond = fixed
    if args is eff.args and cond is eff.condition:
        return eff
    return Effect(eff.op, args, eff.optional, cond)
