"""Transformer rules for verb phrases (effects, CR 701) and tokens (CR 111)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations
from typing import Any

from lark import Token

from ..abilities import (
    ANY_TARGET,
    COST_UNSET,
    KEYWORD_COST_OF,
    Ability,
    Amount,
    ChooseRef,
    Condition,
    ControllerOfRef,
    ControllerRef,
    EachRef,
    Effect,
    Filter,
    SelfRef,
    StaticEffect,
    TargetSpec,
)
from .filters import Alt, NounWord, build_filter, card_type, either_filter, subtype, with_zone
from .ir import (
    EXILED_WITH_SELF,
    SUBJ,
    Antecedent,
    EachOther,
    ExiledCard,
    HaveDo,
    It,
    Some,
    Tgt,
    ThatCard,
    ThatObject,
    Those,
    ZoneOf,
    substitute_subject,
    walk,
)
from .normalize import other_name
from .tables import BASIC_LAND_TYPES, COLORS, KEYWORDS_BY_LOWER, ORDINAL_WORDS
from .tx_common import (
    EOT,
    EXPERIENCE_COUNTERS,
    CompileError,
    ParentRefRest,
    Parsed,
    _int,
    _obj,
    _owner_ref,
    _pt_mod,
    _pt_value,
    _scale,
    _token_effect,
    _top_ref,
    _words,
    _zone_owner,
    among_them,
    as_long_duration,
    count_of,
    counters_on,
    domain_amount,
    free_cast_of,
    of_color_of_choice,
    of_your_choice,
    prevent_from_chosen,
)

#: "mills half their library, rounded down / up" (CR 107.1a; effects/cards.py)
HALF_LIBRARY_DOWN = "half_library_rounded_down"
HALF_LIBRARY_UP = "half_library_rounded_up"

#: the kinds of words a text-changing effect replaces (CR 612.2)
_TEXT_WORDS = {
    "color word": "color",
    "basic land type": "basic_land_type",
    "creature type": "creature_type",
}


def _as_card(flt: Filter) -> Filter:
    """ "A spell" among cards not yet cast: a card that would be one, a nonland card
    (CR 305.9: a land can't be cast); "an instant or sorcery spell": such a card."""
    kinds = tuple(k for k in flt.kinds if k != "spell")
    conds = flt.conditions
    if not kinds or kinds == ("card",):
        conds = (*conds, ("not_type", "Land"))
    return Filter(kinds, flt.zone, conds)


def _damage_equal(amount: Any, recipients: list[Any]) -> list[Effect]:
    """ "deals damage equal to N to X" / "deals damage to X equal to N" (CR 120.3): an
    "it" in the amount is the one dealing the damage ("the number of quest counters on
    it", "each creature deals damage to itself equal to its power"; CR 608.2c)."""
    if isinstance(amount, Amount) and type(amount.ref) is It:
        amount = Amount(amount.kind, amount.filter, SUBJ, amount.value, amount.multiplier)
    return [Effect("damage", {"amount": amount, "to": _obj(r), "source": SUBJ}) for r in recipients]


class VerbRules:
    """Transformer rules for verb phrases (effects, CR 701) and tokens (CR 111)."""

    #: quoted abilities -> abilities (set by :class:`~.transformer.OracleTransformer`)
    assemble_quoted: Callable[[Parsed], tuple[Ability, ...]]

    # --------------------------------------------------------------- verb phrases
    def _each(self, op: str, key: str, refs: Any, **args: Any) -> list[Effect]:
        if not isinstance(refs, list):
            refs = [refs]
        out = []
        for r in refs:
            if isinstance(r, tuple) and r and r[0] in ("top", "bottom"):
                out.append(Effect(op, {key: _top_ref(r), **args}))
            else:
                out.append(Effect(op, {key: _obj(r), **args}))
        return out

    def vp_meld_pair(self, c: list[Any]) -> list[Effect]:
        """ "exile them, then meld them into <result>" (CR 701.42a): this object and
        its meld partner; effects/transform.py."""
        return [Effect("meld_pair", {})]

    def vp_damage(self, c: list[Any]) -> list[Effect]:
        amount, recipients = c
        return [
            Effect("damage", {"amount": amount, "to": _obj(r), "source": SUBJ}) for r in recipients
        ]

    def vp_damage_pair(self, c: list[Any]) -> list[Effect]:
        """ "deals 2 damage to any target and 1 damage to any other target", "deals 1
        damage to any target and 1 damage to you": two amounts from one source, in
        the order printed (CR 120.3, 608.2c)."""
        first, second = c[0:2], [x for x in c[2:] if not isinstance(x, Token)]
        also = [
            Effect(e.op, {**e.args, "same_source": True}, e.optional, e.condition)
            for e in self.vp_damage(second)
        ]
        return self.vp_damage(first) + also

    def vp_damage_same(self, c: list[Any]) -> list[Effect]:
        # "it deals 4 damage instead": to the same recipient as the instruction it
        # replaces (folded by ir.finalize)
        return [Effect("damage", {"amount": c[0], "source": SUBJ})]

    def vp_damage_eq(self, c: list[Any]) -> list[Effect]:
        amount, recipients = c
        return _damage_equal(amount, recipients)

    def vp_damage_eq2(self, c: list[Any]) -> list[Effect]:
        recipients, amount = c
        return _damage_equal(amount, recipients)

    vp_damage_eq_after = vp_damage_eq2  # "deals damage to X equal to N": same order

    def vp_damage_divided(self, c: list[Any]) -> list[Effect]:
        amount, spec = c
        # damage divided "among up to N targets" goes to one target at least (CR 601.2d)
        spec = TargetSpec(spec.filter, max(1, spec.min), spec.max, divide="damage")
        return [
            Effect("damage", {"amount": amount, "to": Tgt(spec), "source": SUBJ, "divided": True})
        ]

    def vp_distribute_counters(self, c: list[Any]) -> list[Effect]:
        """ "Distribute three +1/+1 counters among one, two, or three target creatures"
        (Bounty of the Hunt): the division is announced with the targets, each target
        getting at least one (CR 601.2d, 122.1); "among up to two target creatures" may
        have no target at all (CR 601.2c: Court of Garenbrig still doubles counters)."""
        (n, kind), spec = c
        spec = TargetSpec(spec.filter, spec.min, spec.max, divide="counters")
        return [Effect("put_counters", {"what": Tgt(spec), "counter": kind, "amount": n})]

    def vp_damage_evenly(self, c: list[Any]) -> list[Effect]:
        # "X damage divided evenly, rounded down, among any number of targets" (Fireball):
        # each target gets X divided by the number of targets chosen, rounded down
        amount, spec = c
        spec = TargetSpec(spec.filter, max(1, spec.min), spec.max)
        return [
            Effect("damage", {"amount": amount, "to": Tgt(spec), "source": SUBJ, "evenly": True})
        ]

    def div_targets(self, c: list[Any]) -> TargetSpec:
        nums = [x for x in c if isinstance(x, int)]
        return TargetSpec(ANY_TARGET, min(nums), max(nums), divide="damage")

    def div_targets_desc(self, c: list[Any]) -> TargetSpec:
        nums = [x for x in c if isinstance(x, int)]
        return TargetSpec(c[-1], min(nums), max(nums), divide="damage")

    def div_any(self, c: list[Any]) -> TargetSpec:
        return TargetSpec(ANY_TARGET, 1, 99, divide="damage")

    def div_any_desc(self, c: list[Any]) -> TargetSpec:
        return TargetSpec(c[0], 1, 99, divide="damage")

    def div_up_to(self, c: list[Any]) -> TargetSpec:
        return TargetSpec(ANY_TARGET, 0, _int(c[0]), divide="damage")

    def div_up_to_desc(self, c: list[Any]) -> TargetSpec:
        return TargetSpec(c[1], 0, _int(c[0]), divide="damage")

    def div_any_other_desc(self, c: list[Any]) -> TargetSpec:
        # "among any number of other target creatures you control" (Broodlord)
        return TargetSpec(c[-1].with_condition("other", True), 1, 99, divide="damage")

    def div_up_to_other_desc(self, c: list[Any]) -> TargetSpec:
        # "among up to three other target creatures" (Rhino, Terrible Trampler)
        return TargetSpec(c[-1].with_condition("other", True), 0, _int(c[0]), divide="damage")

    def vp_destroy(self, c: list[Any]) -> list[Effect]:
        return self._each("destroy", "what", c[0])

    def vp_exile(self, c: list[Any]) -> list[Effect]:
        refs = c[0] if isinstance(c[0], list) else [c[0]]
        out = []
        for r in refs:
            if isinstance(r, tuple) and r[0] == "top":
                out.append(Effect("exile_top", {"player": _top_owner(r[2]), "amount": r[1]}))
            else:
                out.append(Effect("exile", {"what": _obj(r)}))
        return out

    def vp_exile_top_equal(self, c: list[Any]) -> list[Effect]:
        """ "Exile cards from the top of your library equal to the damage prevented this
        way" (Bone Mask): that many of the top cards (CR 406.2)."""
        return [Effect("exile_top", {"player": _top_owner(c[0]), "amount": c[-1]})]

    def vp_exile_graveyard(self, c: list[Any]) -> list[Effect]:
        """ "exile target player's graveyard", "exile all graveyards": every card in
        that graveyard (in all of them) (CR 404.1, 406.1)."""
        owner = _zone_owner(c[0]) if c and isinstance(c[0], tuple) else None
        conds = (("owner", owner),) if owner else ()
        return [Effect("exile", {"what": EachRef(Filter(("card",), "graveyard", conds))})]

    def vp_exile_from_graveyard(self, c: list[Any]) -> list[Effect]:
        """ "Whenever you discard a card, exile that card from your graveyard"
        (Necropotence): the card, only while it is still in a graveyard (CR 400.7:
        a card that has left it is a new object)."""
        return [Effect("exile", {"what": _obj(c[0]), "from": "graveyard"})]

    def vp_exile_face_down(self, c: list[Any]) -> list[Effect]:
        """ "exile a card from your hand face down", "exile the top card of your
        library face down" (CR 406.3)."""
        return [
            Effect(e.op, {**e.args, "face_down": True}) if e.op in ("exile", "exile_top") else e
            for e in self.vp_exile(c)
        ]

    def vp_bounce(self, c: list[Any]) -> list[Effect]:
        """ "return target nonland permanent you control and target nonland permanent
        you don't control to their owners' hands": each object of the list (CR 608.2c)."""
        refs = [x for x in c if not isinstance(x, (tuple, str))]  # not the hand ("owner")
        if len(refs) == 2:
            _check_object_pair(refs[0], refs[1])
        return self._each("return_to_hand", "what", refs, **_from_graveyard(c))

    def vp_return_bf(self, c: list[Any]) -> list[Effect]:
        what = next(x for x in c if not isinstance(x, (tuple, dict)))
        mods = next((x for x in c if isinstance(x, dict)), {})
        return [Effect("return_to_battlefield", {"what": _obj(what), **mods, **_from_graveyard(c)})]

    def bf_mods(self, c: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"tapped": False}
        for k, v in c:
            out[k] = v
        return out

    def bf_tapped(self, c: list[Any]) -> tuple[str, Any]:
        return ("tapped", True)

    def bf_yours(self, c: list[Any]) -> tuple[str, Any]:
        return ("under", "you")

    def bf_owner(self, c: list[Any]) -> tuple[str, Any]:
        return ("under", "owner")

    def bf_face_down(self, c: list[Any]) -> tuple[str, Any]:
        return ("face_down", True)

    def bf_tapped_attacking(self, c: list[Any]) -> tuple[str, Any]:
        return ("tapped_attacking", True)

    def bf_counters(self, c: list[Any]) -> tuple[str, Any]:
        n, kind = c[0]
        return ("counters", (kind, n))

    def bf_transformed(self, c: list[Any]) -> tuple[str, Any]:
        return ("transformed", True)

    def bf_attached(self, c: list[Any]) -> tuple[str, Any]:
        return ("attached_to", _obj(c[0]))

    def vp_put_bf(self, c: list[Any]) -> list[Effect]:
        what, mods = c[0], c[1]
        if isinstance(what, Some) and ("among", "it") in what.filter.conditions:
            # "put a creature card from among them onto the battlefield" (CR 608.2d):
            # chosen from the cards an earlier instruction looked at or revealed
            ref = ChooseRef(among_them(what.filter), what.count, what.up_to)
            return [Effect("return_to_battlefield", {"what": ref, "under": "you", **mods})]
        if isinstance(what, Some):
            args = {"player": SUBJ, "filter": what.filter, "amount": what.count, **mods}
            if what.up_to:
                # "put up to X land cards from your hand onto the battlefield": any
                # number from none to X (CR 107.1c reads "up to" as a maximum)
                args["up_to"] = True
            return [Effect("put_onto_battlefield", args)]
        if isinstance(what, tuple):
            what = _top_ref(what)
        return [Effect("return_to_battlefield", {"what": _obj(what), **mods})]

    def vp_reveal_put_hand(self, c: list[Any]) -> list[Effect]:
        """ "[You may] reveal it and put it into your hand": both, the one choice of
        the "may" (CR 701.20a, 603.5)."""
        put = self.vp_put_hand([It(), c[-1]])
        # (put into the hand only if it was revealed: the one "may", CR 608.2c)
        return [*self.vp_reveal([It()]), *(replace(e, condition=Condition("you_do")) for e in put)]

    def vp_put_hand(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        if isinstance(what, Some) and ("among", "it") in what.filter.conditions:
            # "put a creature card from among them into your hand" (CR 608.2d)
            what = ChooseRef(among_them(what.filter), what.count, what.up_to)
            return [Effect("return_to_hand", {"what": what})]
        if isinstance(what, Some):
            return [
                Effect(
                    "put_into_hand", {"player": SUBJ, "filter": what.filter, "amount": what.count}
                )
            ]
        if isinstance(what, tuple):
            what = _top_ref(what)
        return [Effect("return_to_hand", {"what": _obj(what)})]

    def vp_put_hand_rest(self, c: list[Any]) -> list[Effect]:
        first = self.vp_put_hand(c[:2])
        return [*first, _rest_to_bottom(c)]

    def vp_put_hand_rest_gy(self, c: list[Any]) -> list[Effect]:
        first = self.vp_put_hand(c[:2])
        return [*first, Effect("put_into_graveyard", {"what": ParentRefRest})]

    def vp_put_n_hand_other_gy(self, c: list[Any]) -> list[Effect]:
        """ "Look at the top two cards of your library. Put one into your hand and the
        other into your graveyard.": "one" is one of the cards looked at (CR 608.2d),
        "the other" the rest of them."""
        return self.vp_put_hand_rest_gy([ChooseRef(among_them(), c[0]), *c[1:]])

    def vp_put_bf_other_hand(self, c: list[Any]) -> list[Effect]:
        """ "Search ... for up to two basic land cards, reveal those cards, put one onto
        the battlefield tapped and the other into your hand" (Cultivate): one of the
        cards found onto the battlefield, the rest into the hand (CR 701.23a, 608.2d)."""
        what = c[0]
        if not isinstance(what, ChooseRef):
            raise CompileError("put ... and the other: not one of them")
        first = self.vp_put_bf(c[:2])
        return [*first, Effect("return_to_hand", {"what": ParentRefRest})]

    def vp_put_n_bf_other_hand(self, c: list[Any]) -> list[Effect]:
        return self.vp_put_bf_other_hand([ChooseRef(among_them(), c[0]), *c[1:]])

    def vp_put_bf_rest(self, c: list[Any]) -> list[Effect]:
        first = self.vp_put_bf(c[:2])
        return [*first, _rest_to_bottom(c)]

    def vp_put_graveyard(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        if isinstance(what, tuple):
            what = _top_ref(what)
        return [Effect("put_into_graveyard", {"what": _obj(what)})]

    def vp_put_top(self, c: list[Any]) -> list[Effect]:
        return [Effect("put_on_library", {"what": _obj(c[0]), "position": "top"})]

    def vp_put_bottom(self, c: list[Any]) -> list[Effect]:
        return [Effect("put_on_library", {"what": _obj(c[0]), "position": "bottom"})]

    def vp_put_nth(self, c: list[Any]) -> list[Effect]:
        return [Effect("put_on_library", {"what": _obj(c[0]), "position": ORDINAL_WORDS[c[1]]})]

    def vp_put_nth_into(self, c: list[Any]) -> list[Effect]:
        # "into its owner's library second from the top": the same place (CR 401.1)
        return self.vp_put_nth([c[0], c[2], c[1]])

    def vp_put_rest_bottom(self, c: list[Any]) -> list[Effect]:
        return [_rest_to_bottom(c)]

    def vp_put_rest_graveyard(self, c: list[Any]) -> list[Effect]:
        return [Effect("put_into_graveyard", {"what": ParentRefRest})]

    def vp_put_counters(self, c: list[Any]) -> list[Effect]:
        (n, kind), refs = c
        return self._each("put_counters", "what", refs, counter=kind, amount=n)

    def vp_put_counters_eq_after(self, c: list[Any]) -> list[Effect]:
        kind, refs, n = c
        if (
            isinstance(n, Amount)
            and isinstance(n.ref, (ThatObject, It))
            and any(isinstance(r, (EachRef, Some)) for r in refs)
        ):
            # "on each other creature you control equal to that creature's toughness"
            # (Canopy Gargantuan): a number for each one, not read yet
            raise CompileError("counters equal to each one's own number")
        return self._each("put_counters", "what", refs, counter=str(kind), amount=n)

    def vp_put_counters2(self, c: list[Any]) -> list[Effect]:
        (n1, k1), (n2, k2), refs = c
        return self._each("put_counters", "what", refs, counter=k1, amount=n1) + self._each(
            "put_counters", "what", refs, counter=k2, amount=n2
        )

    def vp_put_counters_list(self, c: list[Any]) -> list[Effect]:
        """ "Put a flying counter, a first strike counter, and a lifelink counter on
        that creature" (CR 122.1): one instruction per kind, in the order written."""
        *counts, refs = c
        out: list[Effect] = []
        for n, kind in counts:
            out += self._each("put_counters", "what", refs, counter=kind, amount=n)
        return out

    def vp_shuffle_into(self, c: list[Any]) -> list[Effect]:
        # "Target player shuffles up to three target cards from their graveyard into
        # their library": the player (a target chosen first, CR 601.2c) is who shuffles,
        # and "their graveyard" is that player's (CR 115.1)
        return [Effect("shuffle_into_library", {"player": SUBJ, "what": _obj(c[0])})]

    def vp_remove_counters(self, c: list[Any]) -> list[Effect]:
        (n, kind), what = c
        obj = _obj(what)
        if kind == "any" and "player" in repr(obj):
            # "remove a counter from target permanent or opponent": a player's counters
            # (CR 122.1f) aren't chosen from yet
            raise CompileError("remove a counter from a player")
        return [Effect("remove_counters", {"what": obj, "counter": kind, "amount": n})]

    def vp_move_counters(self, c: list[Any]) -> list[Effect]:
        """ "move a +1/+1 counter from this artifact onto target creature", "move all
        counters from target creature onto another target creature" (CR 122.5)."""
        (n, kind), src, dst = c
        return [
            Effect(
                "move_counters",
                {"from": _obj(src), "to": _obj(dst), "counter": kind, "amount": n},
            )
        ]

    def vp_put_those_counters(self, c: list[Any]) -> list[Effect]:
        """ "whenever a creature you control leaves the battlefield, if it had counters
        on it, put those counters on this artifact", "When this creature dies, put its
        counters on target creature you control" (Star Pupil) (CR 122.8): as many of
        each kind as that object last had; "those counters" are its counters."""
        return [Effect("put_counters_it_had", {"from": It(), "what": _obj(c[0])})]

    def vp_remove_counters_it(self, c: list[Any]) -> list[Effect]:
        """ "remove that many +1/+1 counters from it" (CR 122.8): "it" is resolved
        with the other pronouns."""
        (n, kind), word = c
        if str(word) != "from it":
            raise CompileError("remove counters from them")
        return [Effect("remove_counters", {"what": It(), "counter": kind, "amount": n})]

    def vp_draw(self, c: list[Any]) -> list[Effect]:
        return [Effect("draw", {"player": SUBJ, "amount": c[0]})]

    def vp_discard(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        if isinstance(what, Some):
            args: dict[str, Any] = {"player": SUBJ, "amount": what.count}
            if what.up_to:
                args["up_to"] = True  # "discard any number of creature cards" (701.9a)
            flt = what.filter
            if flt.kinds not in (("card",), ()) or flt.conditions:
                args["filter"] = with_zone(flt, "hand")
            return [Effect("discard", args)]
        if isinstance(what, (It, Tgt)):
            return [Effect("discard", {"player": SUBJ, "what": _obj(what)})]
        if isinstance(what, EachRef):  # "discards all nonland cards with ..." (CR 701.9a)
            return [
                Effect(
                    "discard",
                    {"player": SUBJ, "amount": "all", "filter": with_zone(what.filter, "hand")},
                )
            ]
        raise CompileError("discard object")

    def unless_discard_random(self, c: list[Any]) -> list[Effect]:
        """ "... unless you discard a card at random" (Balduvian Horde): the card is
        chosen at random (CR 701.9b)."""
        return [
            Effect(e.op, {**e.args, "random": True}, e.optional, e.condition)
            for e in self.vp_discard(c)
        ]

    def vp_discard_hand(self, c: list[Any]) -> list[Effect]:
        if _words(c).startswith("a card at random") or "random" in repr(c):
            return [Effect("discard", {"player": SUBJ, "amount": 1, "random": True})]
        return [Effect("discard", {"player": SUBJ, "amount": "all"})]

    def vp_mill(self, c: list[Any]) -> list[Effect]:
        return [Effect("mill", {"player": SUBJ, "amount": c[0]})]

    def vp_mill_half_down(self, c: list[Any]) -> list[Effect]:
        """ "Target player mills half their library, rounded down" (Traumatize; CR
        701.17a, 107.1a): half of each milling player's own library, as it happens."""
        return [Effect("mill", {"player": SUBJ, "amount": Amount(HALF_LIBRARY_DOWN)})]

    def vp_mill_half_up(self, c: list[Any]) -> list[Effect]:
        """ "... mills half their library, rounded up" (Kitsune's Technique)."""
        return [Effect("mill", {"player": SUBJ, "amount": Amount(HALF_LIBRARY_UP)})]

    def vp_gain_life(self, c: list[Any]) -> list[Effect]:
        return [Effect("gain_life", {"player": SUBJ, "amount": c[0]})]

    vp_gain_life_eq = vp_gain_life

    def vp_gain_life_that_much(self, c: list[Any]) -> list[Effect]:
        return [Effect("gain_life", {"player": SUBJ, "amount": Amount("that_much")})]

    def vp_lose_life(self, c: list[Any]) -> list[Effect]:
        return [Effect("lose_life", {"player": SUBJ, "amount": c[0]})]

    vp_lose_life_eq = vp_lose_life

    def vp_lose_life_that_much(self, c: list[Any]) -> list[Effect]:
        return [Effect("lose_life", {"player": SUBJ, "amount": Amount("that_much")})]

    def vp_lose_life_half_up(self, c: list[Any]) -> list[Effect]:
        """ "Loses half their life, rounded up" (CR 119.3, 107.1a): each player loses
        half of their own life total, computed as the effect happens."""
        return [Effect("lose_life", {"player": SUBJ, "amount": Amount("half_life_rounded_up")})]

    def vp_lose_life_half_down(self, c: list[Any]) -> list[Effect]:
        """ "Loses half their life, rounded down" (CR 119.3, 107.1a)."""
        return [Effect("lose_life", {"player": SUBJ, "amount": Amount("half_life_rounded_down")})]

    def vp_lose_game(self, c: list[Any]) -> list[Effect]:
        return [Effect("lose_game", {"player": SUBJ})]

    def vp_win_game(self, c: list[Any]) -> list[Effect]:
        return [Effect("win_game", {"player": SUBJ})]

    def vp_pump(self, c: list[Any]) -> list[Effect]:
        p, t = _pt_mod(str(c[0]))
        duration = c[1] if len(c) > 1 else None
        return [
            Effect("modify_pt", {"what": SUBJ, "power": p, "toughness": t, "duration": duration})
        ]

    def vp_pump_choice(self, c: list[Any]) -> list[Effect]:
        """ "gets +1/-1 or -1/+1 until end of turn" (Brightling): the controller picks
        one as the effect begins (CR 608.2d); layer 7c (613.4c)."""
        options = [list(_pt_mod(str(x))) for x in c[:2]]
        if not all(isinstance(v, int) for pt in options for v in pt):
            raise CompileError("gets +X/+X or -X/-X")  # (a number counted: not run here)
        duration = c[2] if len(c) > 2 else None
        return [
            Effect("modify_pt_choice", {"what": SUBJ, "options": options, "duration": duration})
        ]

    def vp_pump_each(self, c: list[Any]) -> list[Effect]:
        p, t = _pt_mod(str(c[0]))
        amount = count_of(c[1])
        duration = c[2] if len(c) > 2 else None
        return [
            Effect(
                "modify_pt",
                {
                    "what": SUBJ,
                    "power": _scale(p, amount),
                    "toughness": _scale(t, amount),
                    "duration": duration,
                },
            )
        ]

    def vp_pump_each_and(self, c: list[Any]) -> list[Effect]:
        """ "This creature gets +1/+1 for each creature you control and each creature
        card in your graveyard" (Moon-Vigil Adherents): one count plus the other,
        each counted as the effect applies (CR 107.1, 613.4c)."""
        c = [x for x in c if not (isinstance(x, Token) and x.type == "NP_AND")]
        p, t = _pt_mod(str(c[0]))
        amount = Amount("sum", terms=(count_of(c[1]), count_of(c[2])))
        duration = c[3] if len(c) > 3 else None
        args = {"what": SUBJ, "power": _scale(p, amount), "toughness": _scale(t, amount)}
        return [Effect("modify_pt", {**args, "duration": duration})]

    def vp_pump_each_color(self, c: list[Any]) -> list[Effect]:
        """ "This creature gets +1/+1 for each color among permanents you control"
        (Faeburrow Elder; CR 105.1)."""
        p, t = _pt_mod(str(c[0]))
        amount = Amount("colors_among", filter=c[1])
        duration = c[2] if len(c) > 2 else None
        args = {"what": SUBJ, "power": _scale(p, amount), "toughness": _scale(t, amount)}
        return [Effect("modify_pt", {**args, "duration": duration})]

    def vp_pump_each_domain(self, c: list[Any]) -> list[Effect]:
        """ "This creature gets +1/+0 for each basic land type among lands you
        control" (Kavu Scout; domain, CR 305.6)."""
        p, t = _pt_mod(str(c[0]))
        amount = domain_amount(c[1:4])
        duration = c[4] if len(c) > 4 else None
        args = {"what": SUBJ, "power": _scale(p, amount), "toughness": _scale(t, amount)}
        return [Effect("modify_pt", {**args, "duration": duration})]

    def vp_pump_commander_casts(self, c: list[Any]) -> list[Effect]:
        """ "Creatures you control get +1/+1 for each time you've cast your commander
        from the command zone this game" (Commander's Insignia; CR 903.8)."""
        p, t = _pt_mod(str(c[0]))
        amount = Amount("commander_casts")
        duration = c[-1] if len(c) > 2 else None
        args = {"what": SUBJ, "power": _scale(p, amount), "toughness": _scale(t, amount)}
        return [Effect("modify_pt", {**args, "duration": duration})]

    def vp_pump_each_counter(self, c: list[Any]) -> list[Effect]:
        p, t = _pt_mod(str(c[0]))
        amount = Amount(
            "counters", ref=_obj(c[2]), filter=Filter(conditions=(("counter", str(c[1])),))
        )
        duration = c[3] if len(c) > 3 else None
        return [
            Effect(
                "modify_pt",
                {
                    "what": SUBJ,
                    "power": _scale(p, amount),
                    "toughness": _scale(t, amount),
                    "duration": duration,
                },
            )
        ]

    def vp_gain_kw_as_cast(self, c: list[Any]) -> list[Effect]:
        """ "[Spells you cast] gain evoke {4} as you cast them" (Ashling, the
        Limitless): the spells have it from the moment they're put on the stack (CR
        601.2a), as "spells you cast have ..." says (rules/granted_as_cast.py)."""
        return self.vp_gain_kw(c[:1])

    def vp_gain_kw(self, c: list[Any]) -> list[Effect]:
        kws: list[Ability] = c[0]
        duration = c[1] if len(c) > 1 else None
        return [
            Effect(
                "grant_keyword",
                {
                    "what": SUBJ,
                    "keyword": k.keyword,
                    **({"keyword_args": k.keyword_args} if k.keyword_args else {}),
                    "duration": duration,
                },
            )
            for k in kws
        ]

    def vp_gain_kw_cost_unset(self, c: list[Any]) -> list[Effect]:
        """ "gains flashback until end of turn" with no cost (Snapcaster Mage): the
        sentence after it says what its cost is ("The flashback cost is equal to its
        mana cost", sentences() folds it in); alone, the grant doesn't compile."""
        name = KEYWORDS_BY_LOWER.get(str(c[0]).lower())
        if name is None:
            raise CompileError(f"gains {c[0]}: not a keyword")
        duration = c[1] if len(c) > 1 else None
        args = {KEYWORD_COST_OF: COST_UNSET}
        return [
            Effect(
                "grant_keyword",
                {"what": SUBJ, "keyword": name.name, "keyword_args": args, "duration": duration},
            )
        ]

    def vp_gain_kw_choice(self, c: list[Any]) -> list[Effect]:
        """ "gains your choice of flying, first strike, or haste until end of turn"
        (Lunar Avenger): the controller picks one of them as the effect begins (CR
        608.2d); it gains that one (layer 6, 613.1f)."""
        kws: list[Ability] = c[0]
        duration = c[1] if len(c) > 1 else None
        options = [
            {"keyword": k.keyword, **({"keyword_args": k.keyword_args} if k.keyword_args else {})}
            for k in kws
        ]
        return [
            Effect("grant_keyword_choice", {"what": SUBJ, "options": options, "duration": duration})
        ]

    def vp_gain_ability(self, c: list[Any]) -> list[Effect]:
        duration = c[1] if len(c) > 1 else None
        return [Effect("grant_ability", {"what": SUBJ, "abilities": c[0], "duration": duration})]

    def vp_lose_kw(self, c: list[Any]) -> list[Effect]:
        duration = c[1] if len(c) > 1 else None
        return [
            Effect("lose_keyword", {"what": SUBJ, "keyword": k.keyword, "duration": duration})
            for k in c[0]
        ]

    def vp_lose_cant_have(self, c: list[Any]) -> list[Effect]:
        """ "Creatures your opponents control lose flying and can't have or gain flying"
        (Archetype of Imagination): the keyword is removed after every effect that
        would grant it, whatever their timestamps (CR 613.1f; rules/layers.py)."""
        lost, barred = c[0], c[-1]  # (between them the AND_CANT_HAVE token)
        if [k.keyword for k in lost] != [k.keyword for k in barred]:
            raise CompileError("'lose X and can't have or gain Y' with different abilities")
        return [
            Effect("lose_keyword", {"what": SUBJ, "keyword": k.keyword, "cant_have": True})
            for k in lost
        ]

    def vp_lose_all(self, c: list[Any]) -> list[Effect]:
        duration = c[0] if c else None
        return [Effect("lose_all_abilities", {"what": SUBJ, "duration": duration})]

    def vp_gain_all_types(self, c: list[Any]) -> list[Effect]:
        """ "gains all creature types" (CR 205.3m; layer 4, 613.1d)."""
        duration = c[1] if len(c) > 1 else None
        what = str(c[0]).capitalize()
        return [
            Effect(
                "add_types", {"what": SUBJ, f"all_{what.lower()}_types": True, "duration": duration}
            )
        ]

    def vp_lose_all_types(self, c: list[Any]) -> list[Effect]:
        """ "loses all creature types" (CR 205.1a; layer 4, 613.1d)."""
        duration = c[1] if len(c) > 1 else None
        what = str(c[0]).capitalize()
        return [
            Effect(
                "lose_types",
                {"what": SUBJ, f"all_{what.lower()}_types": True, "duration": duration},
            )
        ]

    def vp_gain_control(self, c: list[Any]) -> list[Effect]:
        duration = c[1] if len(c) > 1 else None
        # "that player gains control of ...": the clause's subject gains it (CR 613.1b)
        return self._each("gain_control", "what", c[0], duration=duration, player=SUBJ)

    def vp_gain_activated_abilities(self, c: list[Any]) -> list[Effect]:
        """ "this creature gains all activated abilities of target creature until end
        of turn" (layer 6, CR 613.1f): the abilities that object has as this resolves."""
        duration = c[1] if len(c) > 1 else None
        args = {"what": SUBJ, "of": _obj(c[0]), "duration": duration}
        return [Effect("gain_activated_abilities", args)]

    def vp_exchange_control(self, c: list[Any]) -> list[Effect]:
        refs = c[0]
        return [Effect("exchange_control", {"a": _obj(refs[0]), "b": _obj(refs[-1])})]

    def vp_exchange_life(self, c: list[Any]) -> list[Effect]:
        """ "Two target players exchange life totals" (CR 701.12c): the subject names
        both players."""
        return [Effect("exchange_life", {"player": SUBJ})]

    def vp_exchange_life_with(self, c: list[Any]) -> list[Effect]:
        """ "Exchange life totals with target opponent" (CR 701.12c)."""
        return [Effect("exchange_life", {"player": SUBJ, "b": _obj(c[-1])})]

    def vp_tap(self, c: list[Any]) -> list[Effect]:
        return self._each("tap", "what", c[0])

    def vp_untap(self, c: list[Any]) -> list[Effect]:
        return self._each("untap", "what", c[0])

    def vp_untap_others_step(self, c: list[Any]) -> list[Effect]:
        """ "Untap all permanents you control during each other player's untap step"
        (Seedborn Muse): a static ability that untaps them as each other player's
        untap step untaps that player's permanents (CR 502.3, 604.1)."""
        return [Effect("untap_during_others_untap", {"what": _obj(c[0])})]

    def vp_become_blocked(self, c: list[Any]) -> list[Effect]:
        """ "Target unblocked attacking creature becomes blocked" (CR 509.1h)."""
        return [Effect("become_blocked", {"what": SUBJ})]

    def vp_tap_or_untap(self, c: list[Any]) -> list[Effect]:
        return [Effect("tap_or_untap", {"what": _obj(c[0])})]

    def vp_sacrifice(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        if isinstance(what, Some):
            args = {"player": SUBJ, "filter": what.filter, "amount": what.count}
            if what.up_to:
                # "sacrifice any number of creatures", "up to two" (CR 701.21a): the
                # player chooses how many, none at all included
                args["up_to"] = True
            return [Effect("sacrifice", args)]
        if isinstance(what, EachRef):
            return [Effect("sacrifice", {"player": SUBJ, "filter": what.filter, "amount": "all"})]
        return [Effect("sacrifice", {"player": SUBJ, "what": _obj(what)})]

    def vp_counter(self, c: list[Any]) -> list[Effect]:
        return self._each("counter", "what", c[0])

    def vp_create(self, c: list[Any]) -> list[Effect]:
        return [_token_effect(t) for t in c]

    def _replacement_token(self, c: list[Any]) -> dict[str, Any]:
        """The characteristics of the "that many" tokens of a token replacement."""
        tok = next(x for x in c if isinstance(x, dict))
        if tok.get("count") != Amount("that_much") or "nouns" not in tok:
            raise CompileError("a token replacement: not 'that many' of one kind of token")
        spec: dict[str, Any] = _token_effect({**tok, "count": 1}).args["token"]
        return spec

    def replacement_tokens_plus(self, c: list[Any]) -> Parsed:
        """ "If one or more tokens would be created under your control, those tokens
        plus that many 1/1 green Squirrel creature tokens are created instead"
        (Chatterfang, Squirrel General; CR 614.1a, 111.1): effects/tokens.py."""
        you = Filter(kinds=("player",), conditions=(("you", True),))
        args = {"plus": self._replacement_token(c)}
        return Parsed("static", statics=[StaticEffect("token_replacement", you, args)])

    def replacement_tokens_become(self, c: list[Any]) -> Parsed:
        """ "If one or more creature tokens would be created under your control, that
        many 4/4 white Angel creature tokens with flying and vigilance are created
        instead" (Divine Visitation; CR 614.1a, 111.1): effects/tokens.py."""
        nouns = next(x for x in c if isinstance(x, list))
        kinds = [n.value for n in nouns if isinstance(n, NounWord) and n.kind == "type"]
        if len(kinds) != 1 or not any(getattr(n, "value", None) == "token" for n in nouns):
            raise CompileError("a token replacement: not one kind of token")
        kind = kinds[0]
        you = Filter(kinds=("player",), conditions=(("you", True),))
        args = {"instead": self._replacement_token(c), "kind": kind}
        return Parsed("static", statics=[StaticEffect("token_replacement", you, args)])

    vp_create2 = vp_create

    def vp_create_list(self, c: list[Any]) -> list[Effect]:
        """ "create a 2/2 Wolf token, a 3/3 Beast token, and a 4/4 Beast token": one
        instruction that makes each of them (CR 111.1)."""
        return [_token_effect(t) for t in c if not isinstance(t, Token)]

    def vp_create_and(self, c: list[Any]) -> list[Effect]:
        """ "create two 1/1 red Goblin creature tokens and sacrifice this creature": the
        token instruction, then the other one (CR 608.2c: in the order written)."""
        second = c[1] if isinstance(c[1], list) else [c[1]]
        if _names_other_antecedent(second):
            # "... create a 0/0 Germ token and attach that Equipment to it": "that
            # Equipment" names an object before the token, which isn't read here
            raise CompileError("create ... and [verb] that [noun]")
        return [_token_effect(c[0]), *second]

    def vp_create_and_you(self, c: list[Any]) -> list[Effect]:
        """ "target opponent creates a 2/4 white Ox creature token and you draw a card"
        (Ox Drover): the second instruction's player is "you", whoever creates the
        token (CR 608.2c)."""
        second = c[1] if isinstance(c[1], list) else [c[1]]
        return self.vp_create_and([c[0], substitute_subject(second, ControllerRef())])

    def vp_create_those(self, c: list[Any]) -> list[Effect]:
        """ "create five of those tokens [instead]": a number of the tokens the
        instruction before describes; :func:`.ir.fold_instead` puts the number on that
        instruction (CR 608.2c). Left alone (not an "instead" of a token-creating
        instruction) it stays an instruction no runtime performs."""
        return [Effect("create_those_tokens", {"amount": c[-1]})]

    def vp_scry(self, c: list[Any]) -> list[Effect]:
        return [Effect("scry", {"player": SUBJ, "amount": c[0]})]

    def vp_surveil(self, c: list[Any]) -> list[Effect]:
        return [Effect("surveil", {"player": SUBJ, "amount": c[0]})]

    def vp_search(self, c: list[Any]) -> list[Effect]:
        zones = [x for x in c if isinstance(x, tuple)]
        what = c[-1]
        if not isinstance(what, Some):
            raise CompileError("search object")
        flt = with_zone(what.filter, "library")
        args: dict[str, Any] = {
            "player": SUBJ,
            "filter": flt,
            "amount": what.count,
            "to": "hand",
            "tapped": False,
            "reveal": False,
        }
        if what.up_to:
            args["up_to"] = True
        if len(zones) > 1:
            args["also_graveyard"] = True
        if zones and zones[0][1] not in ("you", None) and not getattr(zones[0], "theirs", False):
            # "search target opponent's library", "search that player's library": the
            # subject searches another player's library (CR 701.23a); "their
            # library" is the subject's own
            args["library_of"] = _owner_ref(zones[0])
        return [Effect("search_library", args)]

    def vp_search_either_card(self, c: list[Any]) -> list[Effect]:
        """ "search your library for a basic land card or a Desert card" (CR 701.23a):
        one card that fits either description."""
        a, b = (x for x in c if isinstance(x, Some))
        if a.count != 1 or b.count != 1 or a.up_to or b.up_to:
            raise CompileError("search for ... or ...: not one card each")
        either = Some(either_filter(a.filter, b.filter), 1)
        return self.vp_search([x for x in c if not isinstance(x, (Some, Token))] + [either])

    def vp_put_library_your_choice(self, c: list[Any]) -> list[Effect]:
        """ "Put target card from a graveyard on your choice of the top or bottom of its
        owner's library" (Not Forgotten): the ability's controller chooses (CR 608.2d)."""
        return [Effect("put_on_library", {"what": c[0], "position": "your_choice"})]

    def vp_put_library_choice(self, c: list[Any]) -> list[Effect]:
        """ "[Its owner] puts it on their choice of the top or bottom of their library"
        (Run Behind): the owner chooses as it is followed (CR 401.1, 608.2d)."""
        return [Effect("put_on_library", {"what": c[0], "position": "owner_choice"})]

    def vp_switch_pt(self, c: list[Any]) -> list[Effect]:
        """ "Switch target creature's power and toughness until end of turn" (Inside
        Out): a layer 7d effect (CR 613.4d), applied after the other P/T changes."""
        duration = c[1] if len(c) > 1 else None
        return [Effect("switch_pt", {"what": c[0], "duration": duration})]

    def vp_search_either(self, c: list[Any]) -> list[Effect]:
        """ "Search your library and/or graveyard for a card named ...": the player
        may search either zone or both (CR 701.23a); "if you search your library this
        way, shuffle" follows as its own sentence."""
        out = self.vp_search(c)
        out[0].args["also_graveyard"] = "either"
        return out

    def vp_shuffle(self, c: list[Any]) -> list[Effect]:
        return [Effect("shuffle", {"player": SUBJ})]

    def vp_shuffle_hand_gy(self, c: list[Any]) -> list[Effect]:
        return [Effect("shuffle_hand_and_graveyard_into_library", {"player": SUBJ})]

    def vp_shuffle_gy(self, c: list[Any]) -> list[Effect]:
        return [Effect("shuffle_graveyard_into_library", {"player": SUBJ})]

    def vp_reveal(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        if isinstance(what, tuple) and what[0] == "top":
            return [Effect("reveal_top", {"player": _top_owner(what[2]), "amount": what[1]})]
        if isinstance(what, Some) and ("among", "it") in what.filter.conditions:
            # "reveal a creature card from among them" (CR 608.2d, 701.20a): chosen
            # from the cards looked at; it is the "it" of the next instruction
            ref = ChooseRef(among_them(what.filter), what.count, what.up_to)
            return [Effect("reveal", {"what": ref})]
        if isinstance(what, Some):
            args = {"player": SUBJ, "filter": with_zone(what.filter, "hand"), "amount": what.count}
            if what.up_to:
                # "reveal any number of blue cards in your hand" (CR 701.20a): as many
                # as the player chooses, none included
                args["up_to"] = True
            return [Effect("reveal", args)]
        return [Effect("reveal", {"what": _obj(what)})]

    def vp_reveal_hand(self, c: list[Any]) -> list[Effect]:
        return [Effect("reveal_hand", {"player": SUBJ})]

    def vp_look_hand(self, c: list[Any]) -> list[Effect]:
        zone, owner = c[0]
        return [Effect("look_at_hand", {"player": _owner_ref(c[0])})]

    def vp_reveal_until(self, c: list[Any]) -> list[Effect]:
        zone, what = c[0], c[-1]
        flt = what.filter if isinstance(what, Some) else what
        # "until they reveal four land cards", "until you reveal X creature cards"
        count = what.count if isinstance(what, Some) and what.count != 1 else None
        # "target player reveals cards from the top of their library": the subject
        # reveals, from the library the phrase names ("their": the subject's own)
        owner = zone[1] if len(zone) > 1 else None
        who = _owner_ref(zone) if getattr(zone, "tgt", None) or owner == "opponent" else SUBJ
        args: dict[str, Any] = {"player": who, "filter": flt}
        if count is not None:
            if not isinstance(count, int | Amount):
                raise CompileError("reveal until: count")
            args["amount"] = count
        return [Effect("reveal_until", args)]

    def vp_exile_until(self, c: list[Any]) -> list[Effect]:
        zone, flt = c[0], c[-1]
        flt = flt.filter if isinstance(flt, Some) else flt
        return [Effect("exile_until", {"player": _owner_ref(zone), "filter": flt})]

    def vp_look_at(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        if isinstance(what, tuple) and what[0] == "top":
            return [Effect("look_at_top", {"player": _top_owner(what[2]), "amount": what[1]})]
        return [Effect("look_at", {"what": _obj(what)})]

    def vp_fight(self, c: list[Any]) -> list[Effect]:
        return [Effect("fight", {"a": SUBJ, "b": _obj(c[0])})]

    def vp_fight_each_other(self, c: list[Any]) -> list[Effect]:
        """ "Those creatures fight each other" (CR 701.14a): the two targets named
        before, paired in :func:`ir.finalize`."""
        return [Effect("fight", {"a": SUBJ, "b": EachOther()})]

    def vp_choose_targets(self, c: list[Any]) -> list[Effect]:
        """ "Choose target creature you control and target creature you don't control"
        (Joust): only the words of the targeting (CR 115.1, 601.2c); the instructions
        after it name each target ("the creature you control", "those creatures")."""
        return [Effect("choose", {"player": SUBJ, "what": t}) for t in c if isinstance(t, Tgt)]

    def vp_regenerate(self, c: list[Any]) -> list[Effect]:
        return self._each("regenerate", "what", c[0])

    def vp_add_mana(self, c: list[Any]) -> list[Effect]:
        return [Effect("add_mana", c[0])]

    def vp_add_mana_to(self, c: list[Any]) -> list[Effect]:
        """ "Its controller adds an additional {G}", "that player adds one mana of any
        type that land produced" (CR 605.1b, 106.3): the mana goes to the clause's
        subject (a triggered mana ability's event player), ``to``."""
        spec = next(x for x in c if isinstance(x, dict))
        return [Effect("add_mana", {**spec, "to": SUBJ})]

    def mana_that_produced(self, c: list[Any]) -> dict[str, Any]:
        """ "One mana of any type that land produced" (CR 106.1a, 605.1b): a type the
        trigger event's permanent just produced (rules/mana_triggers.py)."""
        return {"that_produced": True, "amount": c[0]}

    def mana_fixed(self, c: list[Any]) -> dict[str, Any]:
        return {"mana": c[0], "amount": 1}

    def mana_n(self, c: list[Any]) -> dict[str, Any]:
        """ "Add seven {R}" (Irencrag Feat; CR 106.1, 106.4): that many of the printed
        mana, as one mana ability."""
        return {"mana": c[1], "amount": c[0]}

    def mana_choice(self, c: list[Any]) -> dict[str, Any]:
        return {
            "choice": [x for x in c if isinstance(x, str) and not isinstance(x, Token)],
            "amount": 1,
        }

    def mana_any(self, c: list[Any]) -> dict[str, Any]:
        return {"choice": ["{W}", "{U}", "{B}", "{R}", "{G}"], "amount": c[0]}

    def mana_could_produce(self, c: list[Any]) -> dict[str, Any]:
        """ "one mana of any color [type] that a land an opponent controls could
        produce" (Fellwar Stone, Reflecting Pool; CR 106.7): what those permanents'
        mana abilities could make now (rules/mana.py); "type" includes colorless."""
        flt = next(x for x in c if isinstance(x, Filter))
        return {"choice": "could_produce", "of": flt, "amount": c[0]}

    def mana_type_could_produce(self, c: list[Any]) -> dict[str, Any]:
        # "any type": colorless too (CR 106.7)
        return {**self.mana_could_produce(c), "colorless": True}

    def mana_any_one(self, c: list[Any]) -> dict[str, Any]:
        return {"choice": ["{W}", "{U}", "{B}", "{R}", "{G}"], "amount": c[0], "same_color": True}

    def mana_different_colors(self, c: list[Any]) -> dict[str, Any]:
        """ "Add two mana of different colors" (Firemind Vessel; CR 106.1b): each
        choice is a set of that many mana, no two of one color."""
        n = c[0]
        if not isinstance(n, int) or not 2 <= n <= 5:
            raise CompileError("N mana of different colors: N a number from 2 to 5")
        colors = ["{W}", "{U}", "{B}", "{R}", "{G}"]
        return {"choice": ["".join(m) for m in combinations(colors, n)], "amount": 1}

    def mana_any_combo(self, c: list[Any]) -> dict[str, Any]:
        symbols = [x for x in c[1:] if isinstance(x, str) and not isinstance(x, Token)]
        return {
            "choice": symbols or ["{W}", "{U}", "{B}", "{R}", "{G}"],
            "amount": c[0],
            "combination": True,
        }

    def mana_exiled_colors(self, c: list[Any]) -> dict[str, Any]:
        """ "one mana of any of the exiled card's colors" (CR 607.2a: linked)."""
        return {"choice": "exiled_card_colors", "amount": c[0]}

    def mana_commander_identity(self, c: list[Any]) -> dict[str, Any]:
        """ "one mana of any color in your commander's color identity" (Command Tower;
        CR 903.4, 903.4f): rules/mana.py."""
        return {"choice": "commander_identity", "amount": c[0]}

    def mana_chosen(self, c: list[Any]) -> dict[str, Any]:
        return {"choice": "chosen_color", "amount": c[0]}

    def mana_or_chosen(self, c: list[Any]) -> dict[str, Any]:
        # "Add {B} or one mana of the chosen color" (Thriving Moor, CR 106.1b, 607.2a)
        return {"choice": "chosen_color", "amount": c[1], "or_mana": c[0]}

    def mana_each(self, c: list[Any]) -> dict[str, Any]:
        return {"mana": c[0], "amount": count_of(c[1])}

    def mana_any_each(self, c: list[Any]) -> dict[str, Any]:
        return {
            "choice": ["{W}", "{U}", "{B}", "{R}", "{G}"],
            "amount": count_of(c[1]),
            "same_color": True,
        }

    def mana_each_drawn(self, c: list[Any]) -> dict[str, Any]:
        """ "Add {U} for each card you've drawn this turn" (CR 121.2, 106.1): counted
        as the mana ability resolves."""
        return {"mana": c[0], "amount": Amount("cards_drawn_this_turn", ref=ControllerRef())}

    def mana_each_counter(self, c: list[Any]) -> dict[str, Any]:
        """ "Add {C} for each charge counter on this artifact" (Everflowing Chalice;
        CR 106.1, 122.1): counted as the mana ability resolves."""
        kind = next(x for x in c[1:] if not isinstance(x, SelfRef))
        amount = Amount(
            "counters", ref=SelfRef(), filter=Filter(conditions=(("counter", str(kind)),))
        )
        return {"mana": c[0], "amount": amount}

    def mana_each_removed(self, c: list[Any]) -> dict[str, Any]:
        # "Add {B} for each storage counter removed this way", "then add an additional
        # {B} for each charge counter removed this way": the number the cost removed,
        # chosen as the ability was activated (CR 107.3, 601.2b)
        return {"mana": c[0], "amount": Amount("x")}

    def mana_amount(self, c: list[Any]) -> dict[str, Any]:
        return {"mana": c[0], "amount": c[1]}

    def mana_restricted(self, c: list[Any]) -> dict[str, Any]:
        return {**c[0], "spend_only": "restricted"}

    # "Spend this mana only to cast ... or activate abilities of ..." (CR 106.6):
    # what the mana may pay for, (spells, abilities); None: nothing of that kind,
    # "any": every one (rules/mana_restrictions.py)
    def spend_cast(self, c: list[Any]) -> Any:
        return ("spend", _ref_filter(c[0]), None)

    def spend_cast_either(self, c: list[Any]) -> Any:
        """ "Spend this mana only to cast an Elemental spell or a Chandra planeswalker
        spell" (CR 106.6): a spell of either description."""
        a, b = (_ref_filter(x) for x in c if not isinstance(x, Token))
        if a is None or b is None:
            raise CompileError("spend this mana only to cast ... or ...: not descriptions")
        return ("spend", either_filter(a, b), None)

    def spend_cast_or_activate(self, c: list[Any]) -> Any:
        return ("spend", _ref_filter(c[0]), _ref_filter(c[-1]))

    def spend_cast_or_any(self, c: list[Any]) -> Any:
        return ("spend", _ref_filter(c[0]), "any")

    def spend_any_or_cast(self, c: list[Any]) -> Any:
        return ("spend", _ref_filter(c[-1]), "any")

    def spend_activate_any(self, c: list[Any]) -> Any:
        return ("spend", None, "any")

    def spend_x_costs(self, c: list[Any]) -> Any:
        """ "Spend this mana only on costs that contain {X}" (Rosheen Meanderer):
        the mana pays only for a cost with {X} in it (CR 106.6, 107.3)."""
        if str(c[-1]).upper() != "{X}":
            raise CompileError(f"spend only on costs that contain {c[-1]}")
        return ("spend_x_costs",)

    def vp_copy(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        if isinstance(what, ExiledCard):
            # "copy the exiled card" (Isochron Scepter): a copy of a card, to be cast
            # (CR 707.12), not a token on the battlefield
            return [Effect("copy_card", {"what": what})]
        exc = _copy_exceptions(c)  # CR 707.9
        # "each other player copies that spell" (Hive Mind): the subject controls the
        # copies it makes (CR 707.10)
        if isinstance(what, Tgt) and what.spec.filter.zone == "stack":
            args: dict[str, Any] = {
                "what": what,
                "amount": 1,
                "new_targets": False,
                "player": SUBJ,
                **exc,
            }
            return [Effect("copy_spell", args)]
        if isinstance(what, (It, SelfRef)):
            args = {"what": _obj(what), "amount": 1, "new_targets": False, "player": SUBJ, **exc}
            return [Effect("copy_spell", args)]
        return [Effect("copy_permanent", {"what": _obj(what), **exc})]

    def vp_copy_twice(self, c: list[Any]) -> list[Effect]:
        """ "copy that spell twice" (Complete the Circuit): two copies (CR 707.10)."""
        return self._copy_n(c[0], 2)

    def vp_copy_times(self, c: list[Any]) -> list[Effect]:
        """ "copy it three times": that many copies (CR 707.10)."""
        return self._copy_n(c[0], _int(c[1]))

    def _copy_n(self, what: Any, n: int) -> list[Effect]:
        effects = self.vp_copy([what])
        if len(effects) != 1 or effects[0].op != "copy_spell":
            raise CompileError("copy [a permanent] N times")
        e = effects[0]
        return [Effect(e.op, {**e.args, "amount": n}, e.optional, e.condition)]

    def vp_new_targets(self, c: list[Any]) -> list[Effect]:
        return [Effect("choose_new_targets", {})]

    # CR 115.7: "change the target of target spell with a single target" (115.7a),
    # "change a target of target spell or ability to this creature" (115.7b), "you may
    # change any targets of target Arcane spell" (115.7c), "you may choose new targets
    # for target spell" (115.7d); ``to``: the one object each changed target becomes
    def change_to(self, c: list[Any]) -> tuple[str, Any]:
        return ("change_to", _obj(c[0]))

    def _change_targets(self, c: list[Any], how: str) -> list[Effect]:
        args: dict[str, Any] = {"what": _obj(c[0]), "how": how}
        for x in c[1:]:
            if isinstance(x, tuple) and x and x[0] == "change_to":
                args["to"] = x[1]
        return [Effect("change_targets", args)]

    def vp_change_the_targets(self, c: list[Any]) -> list[Effect]:
        return self._change_targets(c, "all")

    def vp_change_a_target(self, c: list[Any]) -> list[Effect]:
        return self._change_targets(c, "one")

    def vp_change_any_targets(self, c: list[Any]) -> list[Effect]:
        return self._change_targets(c, "any")

    def vp_new_targets_for(self, c: list[Any]) -> list[Effect]:
        return self._change_targets(c, "new")

    def vp_attach(self, c: list[Any]) -> list[Effect]:
        return [Effect("attach", {"what": _obj(c[0]), "to": _obj(c[1])})]

    def vp_transform(self, c: list[Any]) -> list[Effect]:
        return [Effect("transform", {"what": _obj(c[0]) if c else SUBJ})]

    def _action(op: str, **fixed: Any):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> list[Effect]:
            args: dict[str, Any] = {"player": SUBJ, **fixed}
            dropped = []
            for x in c:
                if isinstance(x, (int, Amount)):
                    args["amount"] = x
                elif isinstance(x, NounWord):
                    args["subtype"] = x.value
                elif isinstance(x, (Tgt, It, ExiledCard, SelfRef, EachRef, Some, ControllerOfRef)):
                    args["what"] = _obj(x)
                elif x is not None:
                    dropped.append(type(x).__name__)
            if dropped:
                # words the instruction's record has no place for ("seek a non-Shark
                # card": the card's quality): kept as a detail nothing runs, so the
                # card isn't counted as fully compiled (nothing is dropped silently)
                args["unplaced"] = tuple(dropped)
            return [Effect(op, args)]

        return method

    def vp_energy(self, c: list[Any]) -> list[Effect]:
        """ "You get {E}{E}": one energy counter per {E} (CR 107.14, 122.1)."""
        return [Effect("gain_energy", {"player": SUBJ, "amount": len(c)})]

    def vp_get_poison(self, c: list[Any]) -> list[Effect]:
        """ "Defending player gets a poison counter" (CR 122.1f)."""
        n = c[0] if c else 1
        return [Effect("put_counters", {"what": SUBJ, "counter": "poison", "amount": n})]

    def vp_get_player_counters(self, c: list[Any]) -> list[Effect]:
        """ "They get four rad counters" (Glowing One; CR 122.1, 727.1): counters a
        player can have (rules/counters.PLAYER_COUNTERS); only rad counters here."""
        kind = str(c[-1]).lower()
        if kind != "rad":
            raise CompileError(f"players getting {kind} counters")
        n = next((x for x in c if isinstance(x, int | Amount)), 1)
        return [Effect("put_counters", {"what": SUBJ, "counter": kind, "amount": n})]

    def vp_get_player_counters_that_many(self, c: list[Any]) -> list[Effect]:
        """ "They get that many rad counters" (Infesting Radroach): the amount of the
        trigger's event, "that much" (CR 608.2c)."""
        return self.vp_get_player_counters([Amount("that_much"), *c])

    def vp_get_experience(self, c: list[Any]) -> list[Effect]:
        """ "You get an experience counter" (Mizzix of the Izmagnus; CR 122.1)."""
        n = next((x for x in c if isinstance(x, int | Amount)), 1)
        return [Effect("put_counters", {"what": SUBJ, "counter": "experience", "amount": n})]

    def vp_energy_that_many(self, c: list[Any]) -> list[Effect]:
        """ "You get that many {E}" (Empyreal Voyager; CR 107.14): the amount of the
        trigger's event, "that much" (608.2c)."""
        return [Effect("gain_energy", {"player": SUBJ, "amount": Amount("that_much")})]

    def vp_discard_that_many(self, c: list[Any]) -> list[Effect]:
        """ "That player discards that many cards" (Dreamstealer; CR 701.9a): as many
        as the trigger's event names (608.2c), the player choosing them."""
        return [Effect("discard", {"player": SUBJ, "amount": Amount("that_much")})]

    def vp_energy_eq(self, c: list[Any]) -> list[Effect]:
        """ "You get an amount of {E} equal to the greatest power among creatures you
        control" (Peema Aether-Seer; CR 107.14): counted as the instruction is followed."""
        return [Effect("gain_energy", {"player": SUBJ, "amount": c[-1]})]

    def vp_energy_n(self, c: list[Any]) -> list[Effect]:
        """ "You get six {E}" (CR 107.14)."""
        return [Effect("gain_energy", {"player": SUBJ, "amount": c[0]})]

    vp_initiative = _action("take_initiative")
    vp_investigate = _action("investigate")
    vp_proliferate = _action("proliferate")
    vp_populate = _action("populate")
    vp_explore = _action("explore")
    vp_connive = _action("connive")
    vp_extra_turn = _action("extra_turn")
    vp_end_the_turn = _action("end_the_turn")  # CR 723.1
    vp_goad = _action("goad")
    vp_amass = _action("amass")
    vp_venture = _action("venture")
    vp_monarch = _action("become_monarch")
    vp_learn = _action("learn")
    _manifest = _action("manifest")

    def vp_manifest(self, c: list[Any]) -> list[Effect]:
        """ "Manifest the top card of your library" / "Its controller manifests the
        top card of their library" (CR 701.40a): the manifesting player's own
        library; another player's ("that player's library") is kept as a detail
        not run yet."""
        own = [
            x
            for x in c
            if not (isinstance(x, ZoneOf) and x.tgt is None and (x.theirs or x[1] == "you"))
        ]
        return self._manifest(own)

    vp_manifest_dread = _action("manifest_dread")
    vp_incubate = _action("incubate")
    vp_discover = _action("discover")
    vp_bolster = _action("bolster")
    vp_adapt = _action("adapt")

    def vp_support(self, c: list[Any]) -> list[Effect]:
        """CR 701.41a: "Support N" means "Put a +1/+1 counter on each of up to N other
        target creatures" (on an instant or sorcery: "up to N target creatures"; a
        spell is never a creature on the battlefield, so "other" excludes nothing)."""
        n = c[-1]
        if not isinstance(n, int):
            raise CompileError("support with a variable number")
        spec = TargetSpec(Filter(kinds=("Creature",), conditions=(("other", True),)), 0, n)
        return [
            Effect(
                "put_counters",
                {"what": Tgt(spec), "counter": "+1/+1", "amount": 1, "rule": "701.41a"},
            )
        ]

    vp_phase_out = _action("phase_out")
    vp_phase_in = _action("phase_in")
    vp_flip_coin = _action("flip_coin")

    def vp_flip_coin_until_lost(self, c: list[Any]) -> list[Effect]:
        """ "flip a coin until you lose a flip" (CR 705.2): effects/chance.flip_coin."""
        return [Effect("flip_coin", {"player": SUBJ, "until_lost": True})]

    vp_open_attraction = _action("open_attraction")
    vp_endure = _action("endure")
    vp_forage = _action("forage")
    vp_blight = _action("blight")
    _earthbend = _action("earthbend")

    def vp_earthbend(self, c: list[Any]) -> list[Effect]:
        """ "Earthbend N" (CR 701.66a): the instruction targets a land you control."""
        land = Filter(("Land",), conditions=(("controller", "you"),))
        return self._earthbend([*c, Tgt(TargetSpec(land))])

    vp_airbend = _action("airbend")
    vp_suspect = _action("suspect")

    def vp_become_prepared(self, c: list[Any]) -> list[Effect]:
        """ "[it] becomes prepared" (rules/prepare.py)."""
        return [Effect("become_prepared", {"what": SUBJ})]

    vp_detain = _action("detain")

    def vp_untap_remove_from_combat(self, c: list[Any]) -> list[Effect]:
        """ "Untap it and remove it from combat" (Gustcloak Harrier; CR 701.26b,
        506.4): after "you may", one choice for both, the second done only if the
        first was (608.2c)."""
        what = It()
        return [
            *self._each("untap", "what", what),
            Effect("remove_from_combat", {"what": _obj(what)}, condition=Condition("you_do")),
        ]

    vp_clash = _action("clash")

    def vp_roll(self, c: list[Any]) -> list[Effect]:
        # CR 706.1a: "roll a six-sided die", "roll a d20"
        sides = next(x for x in c if isinstance(x, int))
        return [Effect("roll_die", {"player": SUBJ, "sides": sides})]

    def die_name(self, c: list[Any]) -> int:
        return int(str(c[0])[1:])

    def vp_roll_dice(self, c: list[Any]) -> list[Effect]:
        # "roll two six-sided dice" (CR 706.1a): count, then sides
        count, sides = (x for x in c if isinstance(x, int))
        return [Effect("roll_die", {"player": SUBJ, "sides": sides, "count": count})]

    def vp_roll_dice_store(self, c: list[Any]) -> list[Effect]:
        # CR 706.8a: "roll five six-sided dice and store those results on it"
        count, sides = (x for x in c if isinstance(x, int))
        what = _obj(next(x for x in c if not isinstance(x, (int, Token))))
        return [Effect("roll_die", {"player": SUBJ, "sides": sides, "count": count, "store": what})]

    def vp_reroll_stored(self, c: list[Any]) -> list[Effect]:
        # CR 706.8b: "reroll any number of this creature's stored results"
        return [Effect("reroll_stored", {"player": SUBJ, "what": SelfRef()})]

    def vp_gain_indicated(self, c: list[Any]) -> list[Effect]:
        # "it gains the indicated ability" — the keyword comes from a results table (706.3a)
        duration = next((x for x in c if not isinstance(x, Token)), None)
        args = {"what": SUBJ, "keyword": "indicated", "duration": duration}
        return [Effect("grant_keyword", args)]

    def vp_also(self, c: list[Any]) -> list[Effect]:
        return c[0]

    def vp_seek(self, c: list[Any]) -> list[Effect]:
        """ "Seek two nonland cards" (digital-only, Alchemy): put that many cards with
        the quality at random from the player's library into their hand; the cards
        sought are "it" / "them" of the instructions after it ("seek a land card,
        then put it onto the battlefield tapped"). A quality the record has no place
        for is kept as a detail nothing runs (``_action``)."""
        what = c[0] if c else None
        if not isinstance(what, tuple) or what[0] != "card_count":
            return self._seek_unplaced(c)
        _, n, flt = what
        if not isinstance(flt, Filter):
            return self._seek_unplaced(c)
        return [Effect("seek", {"player": SUBJ, "filter": with_zone(flt, "library"), "amount": n})]

    _seek_unplaced = _action("seek")
    vp_conjure_dup = _action("conjure_duplicate")

    def conjured_card(self, c: list[Any]) -> tuple[str, str]:
        return ("conjured", other_name(str(c[-1])))

    def conjure_dest(self, c: list[Any]) -> tuple[str, str]:
        words = [str(x) for x in c]
        zone = "battlefield" if "battlefield" in words else words[-1]
        return ("conjure_to", zone)

    def vp_conjure(self, c: list[Any]) -> list[Effect]:
        """ "conjure a card named Mox Jet into your hand" (digital-only, Alchemy; not in
        the Comprehensive Rules): each card named is made in that zone, one
        instruction per card, in the order printed."""
        names = [x[1] for x in c if isinstance(x, tuple) and x[0] == "conjured"]
        zone = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "conjure_to")
        return [Effect("conjure", {"player": SUBJ, "name": n, "zone": zone}) for n in names]

    _double_counters = _action("double_counters")

    def vp_double_counters(self, c: list[Any]) -> list[Effect]:
        """ "double the number of +1/+1 counters on it" (CR 701.10e): the kind named."""
        kind = next((x for x in c if isinstance(x, str)), "+1/+1")
        rest = [x for x in c if not isinstance(x, str)]
        return [Effect(e.op, {**e.args, "counter": kind}) for e in self._double_counters(rest)]

    def vp_double_each_kind(self, c: list[Any]) -> list[Effect]:
        """ "double the number of each kind of counter on target creature" (Gilder
        Bairn; CR 701.10e): every kind of counter it has, doubled."""
        return [Effect(e.op, {**e.args, "counter": "each_kind"}) for e in self._double_counters(c)]

    vp_fog = _action("prevent_damage", combat_only=True)

    def vp_pay(self, c: list[Any]) -> list[Effect]:
        # "you may pay {2}{U}. If you do, ..." (CR 118.1, 608.2c): the mana to pay
        mana = next((x for x in c if isinstance(x, str)), "")
        args: dict[str, Any] = {"player": SUBJ, "mana": mana}
        if "{X}" in mana:
            args["x_cost"] = True  # X chosen as it's paid: not run yet
        return [Effect("pay", args)]

    vp_pay_life = _action("pay_life")
    # "As this creature enters, pay any amount of life." (Minion of the Wastes): the
    # player chooses how much, up to their life total (CR 119.4, 107.1b)
    vp_pay_any_life = _action("pay_life", any_amount=True)

    def vp_pay_mana_and_life(self, c: list[Any]) -> list[Effect]:
        """ "you may pay {1} and 3 life. If you do, ..." (CR 118.1, 119.4): one payment
        of both, made only if both can be paid."""
        mana = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        life = next(x for x in c if isinstance(x, int) and not isinstance(x, bool))
        if "{X}" in mana:
            raise CompileError("pay {X} and life")
        return [Effect("pay", {"player": SUBJ, "mana": mana, "life": life})]

    def vp_pay_energy(self, c: list[Any]) -> list[Effect]:
        """ "[You may] pay {E}{E}": remove that many energy counters (CR 107.14)."""
        return [Effect("pay_energy", {"player": SUBJ, "amount": len(c)})]

    def vp_pay_energy_n(self, c: list[Any]) -> list[Effect]:
        """ "[You may] pay eight {E}" (CR 107.14)."""
        return [Effect("pay_energy", {"player": SUBJ, "amount": c[0]})]

    vp_monstrosity = _action("monstrosity")
    vp_become_solved = _action("become_solved")  # CR 719.3a

    def vp_play_that(self, c: list[Any]) -> list[Effect]:
        duration = c[1] if len(c) > 1 else None
        return [Effect("may_play", {"player": SUBJ, "what": _obj(c[0]), "duration": duration})]

    def vp_play_one_of_those(self, c: list[Any]) -> list[Effect]:
        """ "[Until end of turn,] you may play one of those cards": a permission to play
        one of the cards the instruction before it exiled, used up as one of them is
        cast or played as a land (CR 601.2a, 601.2i, 305.1, 611.2)."""
        # (the duration comes first: "until end of turn, ...", folded in by the clause)
        args = {"player": SUBJ, "what": Those(), "duration": None, "once": True}
        return [Effect("may_play", args)]

    def vp_cast_that(self, c: list[Any]) -> list[Effect]:
        """ "[You may] cast target creature card in a graveyard this turn" (Havengul
        Lich): a permission to cast that card later (CR 601.2a, 611.2)."""
        if free_cast_of(c[0]) is not None:
            raise CompileError("cast ... without paying its mana cost this turn")
        args = {"player": SUBJ, "what": _obj(c[0]), "duration": c[1], "cast_only": True}
        return [Effect("may_play", args)]

    vp_cast_free = _action("cast_free")
    _vp_cast = _action("cast")

    def vp_cast(self, c: list[Any]) -> list[Effect]:
        """ "[You may] cast a spell from among cards exiled with this artifact without
        paying its mana cost" (CR 118.9a, 608.2g), or another "cast"."""
        free = free_cast_of(c[0]) if c else None
        if isinstance(free, Some) and ("among", "it") in free.filter.conditions:
            # "you may cast a spell from among them without paying its mana cost":
            # one of the cards an earlier instruction looked at, revealed or exiled,
            # chosen as the instruction is followed (CR 608.2d; a "spell" there is a
            # nonland card, CR 305.9), then cast (118.9a)
            if free.count != 1:
                raise CompileError("cast several spells from among them")
            return [
                Effect(
                    "cast_free",
                    {"player": SUBJ, "what": ChooseRef(among_them(_as_card(free.filter)), 1)},
                )
            ]
        if free is not None:
            return self.vp_cast_free([free])
        return self._vp_cast(c)

    vp_play_free = _action("play_free")

    def vp_play_one_exiled(self, c: list[Any]) -> list[Effect]:
        """ "play one of them [the cards exiled with it] without paying its mana cost"
        (Evercoat Ursine; CR 607.2a, 118.9a)."""

        return [
            Effect(
                "play_free",
                {"player": SUBJ, "what": EachRef(EXILED_WITH_SELF), "choose_one": True},
            )
        ]

    vp_mana_persists = _action("mana_persists")

    def card_count_desc(self, c: list[Any]) -> Any:
        """ "a nonland card", "two creature cards": (``"card_count"``, N, filter)."""
        n = next((x for x in c[:-1] if isinstance(x, int | Amount)), 1)
        return ("card_count", n, c[-1])

    def vp_prevent_np(self, c: list[Any], combat: bool = False) -> list[Effect]:
        # "Prevent all damage that would be dealt to/by/to and dealt by [it]" (CR 615)
        direction, what = c[0], c[1]
        # without a duration it can stand as a static ability of a permanent (CR 615.1,
        # 604.1); a resolved spell's effect without one lasts the turn (effects/combat.py)
        duration = c[2] if len(c) > 2 else None
        extra = {"combat_only": True} if combat else {}
        if direction == "by" and of_color_of_choice(what):
            # "Prevent all damage that sources of the color of your choice would deal
            # this turn" (Prismatic Strands): any source of that color (CR 615.1)
            return [
                Effect("prevent_damage", {"source_color": "choice", **extra, "duration": duration})
            ]
        out = []
        if direction in ("to", "to_by"):
            out.append(
                Effect("prevent_damage", {"what": _obj(what), **extra, "duration": duration})
            )
        if direction in ("by", "to_by"):
            out.append(
                Effect(
                    "prevent_damage",
                    {"what": _obj(what), "dealt_by": True, **extra, "duration": duration},
                )
            )
        return out

    def vp_prevent_that_by(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all damage that sources of the color of your choice would deal
        this turn" (CR 615.1)."""
        if not of_color_of_choice(c[0]):
            raise CompileError("prevent all damage that [noun] would deal")
        return self.vp_prevent_np(["by", c[0], c[1]])

    def vp_prevent_target_by(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all damage target creature would deal this turn", "... one or two
        target creatures would deal ..." (CR 615.1): as "... that would be dealt by
        [them] this turn"."""
        return self.vp_prevent_np(["by", c[0], c[1]])

    def vp_prevent_np_late(self, c: list[Any], combat: bool = False) -> list[Effect]:
        """ "Prevent all damage that would be dealt this turn by creatures your opponents
        control" (the duration before the direction; CR 615.1)."""
        return self.vp_prevent_np([c[1], c[2], c[0]], combat)

    def vp_prevent_combat_late(self, c: list[Any]) -> list[Effect]:
        return self.vp_prevent_np_late(c, combat=True)

    def vp_prevent_to_by(self, c: list[Any], combat: bool = False) -> list[Effect]:
        """ "Prevent all damage that would be dealt to you this turn by attacking
        creatures" (CR 615.1): only damage those sources would deal to that
        recipient (the sources are the ones there as it resolves, 611.2c)."""
        direction, to, duration, by = c
        if direction != "to":
            raise CompileError("prevent damage dealt by ... by ...")
        args: dict[str, Any] = {"what": _obj(by), "dealt_by": True, "to": _obj(to)}
        if of_color_of_choice(by):
            # "... to target player this turn by sources of the color of your choice"
            # (Avacyn, Guardian Angel): any source of that color (CR 615.1)
            args = {"source_color": "choice", "to": _obj(to)}
        if combat:
            args["combat_only"] = True
        return [Effect("prevent_damage", {**args, "duration": duration})]

    def vp_prevent_combat_to_by(self, c: list[Any]) -> list[Effect]:
        return self.vp_prevent_to_by(c, combat=True)

    def vp_prevent_combat_to_by_static(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all combat damage that would be dealt to this creature by
        creatures blocking it" (Armored Transport; CR 615.1): a static ability's
        prevention, for as long as it applies."""
        return self.vp_prevent_to_by([c[0], c[1], None, c[2]], combat=True)

    def vp_prevent_that_by_to(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all damage that this creature would deal to red creatures" (CR
        615.1): only damage those sources would deal to those recipients."""
        by, to = c[0], c[1]
        duration = c[2] if len(c) > 2 else None
        return self.vp_prevent_to_by(["to", to, duration, by])

    def vp_prevent_to_by_static(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all damage that would be dealt to this creature by creatures"
        (Champion Lancer; CR 615.1): a static ability's prevention, for as long as
        it applies."""
        by = c[2]
        flt = by.filter if isinstance(by, (Some, EachRef)) else by
        if isinstance(flt, Filter) and ("enchanted_by", "self") in flt.conditions:
            # "... to this creature by enchanted creatures" (Wall of Putrid Flesh): a
            # creature enchants nothing, so these are creatures with an Aura attached
            # (CR 303.4)
            conds = tuple(
                ("enchanted_by", "any") if kv == ("enchanted_by", "self") else kv
                for kv in flt.conditions
            )
            by = EachRef(replace(flt, conditions=conds))
        return self.vp_prevent_to_by([c[0], c[1], None, by])

    def vp_prevent_combat_by(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all combat damage target creature would deal this turn" (CR 615.1)."""
        if isinstance(c[0], ThatObject):
            # "prevent all combat damage that other creatures would deal": "that" is a
            # relative pronoun there, not "that creature"
            raise CompileError("prevent all combat damage that ... would deal")
        chosen = of_your_choice(c[0])
        if chosen is not None:
            # "Prevent all combat damage a creature of your choice would deal this turn"
            # (Ajani's Aid): chosen as it resolves (CR 609.7a, 615.1)
            return prevent_from_chosen(chosen, {"combat_only": True, "duration": c[1]})
        return self.vp_prevent_np(["by", c[0], c[1]], combat=True)

    def vp_prevent_combat_by_others(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all combat damage that other creatures would deal this turn" (Haze
        Frog; CR 615.1): damage from any such source but this one, judged as the damage
        would be dealt (a prevention effect isn't locked to the objects there as it
        resolves: 611.2c is about characteristics and control)."""
        flt = build_filter([Alt([], [c[0]])], []).with_condition("other", True)
        return [
            Effect(
                "prevent_damage",
                {"source_filter": flt, "combat_only": True, "duration": c[1]},
            )
        ]

    def vp_prevent_you_and(self, c: list[Any], combat: bool = False) -> list[Effect]:
        """ "Prevent all damage that would be dealt to you and creatures you control this
        turn" (Safe Passage, Endure; CR 615.1): you, and whatever permanents of that
        kind you control when the damage would be dealt (not locked in: 611.2c is
        about characteristics)."""
        direction, yours, duration = c[0], c[-2], c[-1]
        if direction != "to":
            raise CompileError("prevent damage dealt by you and ...")
        args: dict[str, Any] = {"yours": yours, "duration": duration}
        if combat:
            args["combat_only"] = True
        return [Effect("prevent_damage", args)]

    def vp_prevent_to_from_others(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all damage that would be dealt to you by sources you don't
        control" (Energy Field; CR 615.1): only damage from sources whose controller
        isn't the effect's controller."""
        if c[0] != "to":
            raise CompileError("prevent damage dealt by ... by sources you don't control")
        out = self.vp_prevent_np(c)
        return [Effect(e.op, {**e.args, "sources": "not_yours"}) for e in out]

    def vp_prevent_you_and_from_others(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all damage that would be dealt to you and permanents you control
        this turn by sources you don't control" (Channel Harm, Comeuppance; CR 615.1)."""
        out = self.vp_prevent_you_and(c)
        return [Effect(e.op, {**e.args, "sources": "not_yours"}) for e in out]

    def vp_prevent_combat_you_and(self, c: list[Any]) -> list[Effect]:
        return self.vp_prevent_you_and(c, combat=True)

    def yours_type(self, c: list[Any]) -> Filter:
        word = str(c[0]).lower()
        return Filter(kinds=((word[:-1] if word.endswith("s") else word).capitalize(),))

    def yours_permanents(self, c: list[Any]) -> Filter:
        return Filter(kinds=("permanent",))

    def vp_prevent_noncombat(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all noncombat damage that would be dealt to other creatures you
        control" (Crystal Barricade; CR 615.1): damage other than combat damage (510.2)."""
        if c[0] != "to":
            raise CompileError("prevent noncombat damage dealt by ...")
        return [Effect(e.op, {**e.args, "noncombat_only": True}) for e in self.vp_prevent_np(c)]

    def vp_prevent_noncombat_you_and(self, c: list[Any]) -> list[Effect]:
        """ "Prevent all noncombat damage that would be dealt to you and creatures you
        control" (CR 615.1)."""
        if len(c) < 3:
            c = [*c, None]  # no duration: a static ability's
        out = self.vp_prevent_you_and(c)
        return [Effect(e.op, {**e.args, "noncombat_only": True}) for e in out]

    def vp_prevent_combat(self, c: list[Any]) -> list[Effect]:
        return self.vp_prevent_np(c, combat=True)

    def prevent_dir(self, c: list[Any]) -> str:
        words = [str(x) for x in c]
        return "to_by" if len(words) > 1 else words[0]

    def vp_prevent_next(self, c: list[Any]) -> list[Effect]:
        return [
            Effect(
                "prevent_damage",
                {"what": _obj(c[1]), "amount": c[0], "duration": c[2] if len(c) > 2 else EOT},
            )
        ]

    def vp_extra_land(self, c: list[Any]) -> list[Effect]:
        return [Effect("extra_land_play", {"what": SUBJ, "amount": 1, "duration": None})]

    def vp_extra_land_this_turn(self, c: list[Any]) -> list[Effect]:
        """ "You may play an additional land this turn." / "up to N additional lands":
        more land plays for the rest of the turn (CR 305.2; effects/next_cast.py)."""
        n = c[0] if len(c) > 1 else 1
        if str(c[-1]).lower() not in ("land", "lands") or not isinstance(n, int):
            raise CompileError(f"play additional {c[-1]} this turn")
        return [Effect("extra_land_plays_this_turn", {"what": SUBJ, "amount": n})]

    def vp_emblem(self, c: list[Any]) -> list[Effect]:
        return [Effect("create_emblem", {"player": SUBJ, "abilities": c[0]})]

    # continuous: restrictions and rules for objects (usable as statics)
    def _rule(op: str, **fixed: Any):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> list[Effect]:
            return [Effect(op, {"what": SUBJ, **fixed, "duration": None})]

        return method

    def vp_cant(self, c: list[Any]) -> list[Effect]:
        op, extra = c[0]
        duration = c[1] if len(c) > 1 else None
        if op == "cant_block_or_be_blocked_by":
            # "can't block or be blocked by non-Spirit creatures": it can't block such
            # creatures, and such creatures can't block it (CR 509.1b)
            return [
                Effect(each, {"what": SUBJ, **extra, "duration": duration})
                for each in ("cant_block_filter", "cant_be_blocked_by")
            ]
        return [Effect(op, {"what": SUBJ, **extra, "duration": duration})]

    def vp_cast_only_more(self, c: list[Any]) -> list[Effect]:
        """ "You can cast only one more spell this turn" (Irencrag Feat; CR 601.3): a
        player restriction that begins after that many more spells (counted from the
        spells cast this turn when it begins, CR 611.2c)."""
        n = c[0]
        if not isinstance(n, int):
            raise CompileError("can cast only N more spells: N a number")
        return [Effect("cant_cast", {"what": SUBJ, "only_more": n, "duration": c[1]})]

    def vp_cant_except_after(self, c: list[Any]) -> list[Effect]:
        """ "This creature can't be blocked this turn except by creatures with haste"
        (Gingerbrute; CR 509.1b): "can't be blocked except by [those] this turn"."""
        op, _extra = c[0]
        if op != "cant_be_blocked":
            raise CompileError(f"{op} ... except by")
        _op, extra = self.cant_be_blocked_except([c[2]])
        return [Effect("cant_be_blocked_except_by", {"what": SUBJ, **extra, "duration": c[1]})]

    def _cant(op: str):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> tuple[str, dict[str, Any]]:
            extra: dict[str, Any] = {}
            for x in c:
                if isinstance(x, (Some, EachRef)):
                    extra["filter"] = x.filter
                elif isinstance(x, Tgt):
                    extra["filter"] = x.spec.filter
                elif isinstance(x, Token) and x.type == "CARD_TYPE" and op == "cant_attack_you":
                    # "can't attack you or planeswalkers you control" (CR 508.1c)
                    extra["planeswalkers"] = str(x).lower().startswith("planeswalker")
            return (op, extra)

        return method

    def cant_cast_from_graveyards_libraries(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        # "Players can't cast spells from graveyards or libraries" (Grafdigger's Cage,
        # CR 601.3)
        return (
            "cant_cast",
            {"filter": Filter(conditions=(("zone_in", ("graveyard", "library")),))},
        )

    cant_block = _cant("cant_block")

    def cant_be_targeted_from_sources(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        """ "can't be the target of black spells or abilities from black sources" (CR
        115.1): a spell with those qualities, or an ability whose source has them
        (113.7a)."""
        spell_adjs, source_adjs = (tuple(x) for x in c if isinstance(x, list))
        by = Filter(
            ("spell", "ability"),
            "stack",
            (
                (
                    "any_of",
                    (
                        (("is_kind", ("spell",)), *spell_adjs),
                        (("ability_of", Filter(("source",), "any", source_adjs)),),
                    ),
                ),
            ),
        )
        return ("cant_be_targeted", {"filter": by})

    def cant_play_lands(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        if str(c[0]).lower() != "lands":  # ("can't play [card type]": lands only)
            raise CompileError(f"can't play {c[0]}")
        return ("cant_play_lands", {})

    cant_attack = _cant("cant_attack")
    cant_attack_or_block = _cant("cant_attack_or_block")
    cant_block_alone = _cant("cant_block_alone")
    cant_attack_alone = _cant("cant_attack_alone")
    cant_attack_or_block_alone = _cant("cant_attack_or_block_alone")
    cant_attack_you = _cant("cant_attack_you")
    cant_be_blocked = _cant("cant_be_blocked")
    cant_be_blocked_except = _cant("cant_be_blocked_except_by")
    cant_be_blocked_by = _cant("cant_be_blocked_by")
    cant_be_blocked_by_more = _cant("cant_be_blocked_by_more_than_one")
    cant_be_countered = _cant("cant_be_countered")
    cant_be_regenerated = _cant("cant_be_regenerated")
    cant_be_targeted = _cant("cant_be_targeted")
    cant_be_sacrificed = _cant("cant_be_sacrificed")

    def cant_be_enchanted_by_others(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        # "Enchanted land ... can't be enchanted by other Auras" (Consecrate Land;
        # CR 303.4d, 704.5m): rules/aura_entry.barred_by_other_aura
        if str(c[-1]).lower() not in ("aura", "auras"):
            raise CompileError("can't be enchanted by other [non-Auras]")
        return ("cant_be_enchanted_by_other_auras", {})

    cant_block_np = _cant("cant_block_filter")
    cant_block_or_be_blocked_by = _cant("cant_block_or_be_blocked_by")  # (vp_cant)
    cant_block_source = _cant("cant_block_source")  # "... can't block it": see _static_of
    # "Target creature can't block this creature this turn" (Screeching Griffin; CR
    # 509.1b): effects/combat.py; a static one is read by _static_of as "can't block it"
    cant_block_self = _cant("cant_block_self")
    cant_transform = _cant("cant_transform")
    cant_cast = _cant("cant_cast")
    cant_gain_life = _cant("cant_gain_life")

    def cant_cast_more_than_one(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        # "Each player can't cast more than one spell each turn" (Rule of Law; CR
        # 601.3): a player who has cast a spell this turn can't cast another
        return ("cant_cast", {"more_than_one": True})

    cant_lose_life = _cant("cant_lose_life")
    cant_draw_more_than_one = _cant("cant_draw_more_than_one")  # CR 101.2, 121.1
    cant_get_poison = _cant("cant_get_poison")

    def cant_have_counters(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        # "Creatures you control can't have -1/-1 counters put on them" (CR 101.2, 122.1);
        # "... can't have counters put on it": of any kind
        kind = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), None)
        return ("cant_have_counters", {"counter": kind} if kind else {})

    cant_lose_game = _cant("cant_lose_game")
    cant_win_game = _cant("cant_win_game")
    cant_untap = _cant("doesnt_untap")
    cant_become_untapped = _cant("cant_become_untapped")  # CR 101.2, 701.26b
    cant_become_tapped = _cant("cant_become_tapped")  # CR 101.2, 701.26a
    cant_crew = _cant("cant_crew")
    cant_be_activated = _cant("cant_activate_abilities")

    def cant_be_activated_nonmana(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        """ "... can't be activated unless they're mana abilities" (CR 602.5, 605.1a):
        the restriction spares the mana abilities."""
        op, extra = self.cant_be_activated(c)
        return (op, {**extra, "except_mana": True})

    cant_be_cast = _cant("cant_be_cast")

    vp_extra_block = _rule("extra_block", amount=1)
    vp_extra_block_any = _rule("extra_block", amount="any")
    vp_must_attack = _rule("must_attack")

    def vp_isnt_type(self, c: list[Any]) -> list[Effect]:
        """ "Erebos isn't a creature" (CR 205.1a: it loses that card type)."""
        kind = str(next(x for x in c if isinstance(x, Token) and x.type == "CARD_TYPE"))
        return [
            Effect("lose_types", {"what": SUBJ, "types": (kind.capitalize(),), "duration": None})
        ]

    def vp_is_goaded(self, c: list[Any]) -> list[Effect]:
        """ "Enchanted creature ... is goaded" (CR 701.15b): it attacks each combat if
        able and attacks a player other than the goading player (the controller of the
        ability's source) if able."""
        return [Effect("goaded", {"what": SUBJ, "duration": None})]

    def vp_attack_despite_defender(self, c: list[Any]) -> list[Effect]:
        """ "can attack [this turn] as though it didn't have defender" (CR 702.3b): the
        defender restriction doesn't stop it from attacking."""
        duration = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), None)
        return [Effect("attack_despite_defender", {"what": SUBJ, "duration": duration})]

    vp_must_block = _rule("must_block")

    def vp_extra_block_turn(self, c: list[Any]) -> list[Effect]:
        # "{1}{G}: This creature can block an additional creature this turn" (CR 509.1a)
        return [Effect("extra_block", {"what": SUBJ, "amount": 1, "duration": EOT})]

    def vp_must_attack_or_block(self, c: list[Any]) -> list[Effect]:
        """ "attacks or blocks each combat if able": a creature attacks only in its
        controller's combats and blocks only in another player's (CR 506.2, 508.1a,
        509.1a), so it's both requirements (508.1d, 509.1c)."""
        return [*self.vp_must_attack(c), *self.vp_must_block(c)]

    def vp_must_block_turn(self, c: list[Any]) -> list[Effect]:
        return [Effect("must_block", {"what": SUBJ, "duration": EOT})]

    def vp_must_block_self(self, c: list[Any]) -> list[Effect]:
        """ "Target creature blocks this creature this turn if able" (Torchling; CR
        509.1c): the requirement provoke gives (702.39a), on the source creature."""
        return [Effect("must_block_attacker", {"what": SUBJ})]

    def vp_must_attack_turn(self, c: list[Any]) -> list[Effect]:
        return [Effect("must_attack", {"what": SUBJ, "duration": EOT})]

    def vp_base_pt(self, c: list[Any]) -> list[Effect]:
        p, t = str(c[0]).split("/")
        duration = c[1] if len(c) > 1 else None
        return [
            Effect(
                "set_pt",
                {
                    "what": SUBJ,
                    "power": _pt_value(p),
                    "toughness": _pt_value(t),
                    "duration": duration,
                },
            )
        ]

    def vp_base_pt_each(self, c: list[Any]) -> list[Effect]:
        """ "Each other non-Aura enchantment ... has base power and base toughness each
        equal to its mana value" (Opalescence): each affected object's own mana value
        (layer 7b, CR 613.4b)."""
        amt = c[0]
        if not (isinstance(amt, Amount) and amt.kind == "mana_value" and type(amt.ref) is It):
            raise CompileError("base power and toughness equal to something else")
        own = Amount("own_mana_value")
        return [Effect("set_pt", {"what": SUBJ, "power": own, "toughness": own, "duration": None})]

    def vp_gain_kw_and_ability(self, c: list[Any]) -> list[Effect]:
        """ "has flying and "Whenever this creature attacks, draw a card."" (CR 613.1f):
        the keywords, then the quoted abilities (the AND_QUOTE token between them is
        no part of either), with the same duration if any."""
        kws, quoted, *rest = [x for x in c if not isinstance(x, Token)]
        duration = rest[0] if rest else None
        return self.vp_gain_kw([kws, duration]) + self.vp_gain_ability([quoted, duration])

    def vp_doesnt_untap(self, c: list[Any]) -> list[Effect]:
        """ "doesn't untap during its controller's [next] untap step [for as long as
        ...]" (CR 502.3): the duration of "for as long as" (CR 611.2b), else none."""
        cond = next((x for x in c if isinstance(x, Condition)), None)
        duration = None if cond is None else as_long_duration(cond)
        return [Effect("doesnt_untap", {"what": SUBJ, "duration": duration})]

    vp_enters_tapped = _rule("enters_tapped")
    vp_enters_prepared = _rule("enters_prepared")  # (rules/prepare.py)
    # (only "The token enters tapped and attacking." is folded into the instruction
    # creating it, tx_clauses.sentences; any other subject has no handler)
    vp_enters_tapped_attacking = _rule("enters_tapped_attacking")
    # "is every creature type": changeling, a characteristic-defining ability, of the
    # object itself (CR 702.73a, 604.3); of other objects, a type-changing effect
    # (layer 4, CR 613.1d: compiler/__init__._static_of)
    vp_changeling = _rule("grant_keyword", keyword="Changeling", every_type=True)
    # "Ghostfire is colorless.", "Transguild Courier is all colors.": of the object
    # itself, a characteristic-defining ability (CR 604.3, 105.2c); of others, a
    # color-changing effect (layer 5, CR 613.1e: compiler/__init__._static_of)
    vp_is_colorless = _rule("set_colors", colors=())
    vp_is_all_colors = _rule("set_colors", colors=COLORS)

    def vp_is_color(self, c: list[Any]) -> list[Effect]:
        """ "[This creature] is black": its color becomes that one, replacing its
        others (CR 105.3, layer 5: 613.1e)."""
        color = str(c[-1]).lower()
        if color not in COLORS:
            raise CompileError(f"is {color}")
        return [Effect("set_colors", {"what": SUBJ, "colors": (color,), "duration": None})]

    vp_ignored = _rule("no_op")
    vp_assign_toughness = _rule("assign_damage_by_toughness")

    def vp_assign_no_damage(self, c: list[Any]) -> list[Effect]:
        """ "This creature assigns no combat damage this turn" (CR 510.1a): a rules
        effect on the creature for that long."""
        duration = c[-1] if c else None
        return [Effect("assign_no_combat_damage", {"what": SUBJ, "duration": duration})]

    def untap_owner(self, c: list[Any]) -> None:
        return None

    def vp_skip(self, c: list[Any], nxt: bool = False) -> list[Effect]:
        step = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), "")
        step = step.removesuffix("s") if step.endswith("steps") else step  # "their untap steps"
        return [
            Effect(
                "skip_step",
                {"what": SUBJ, "step": step.replace(" ", "_"), "duration": "next" if nxt else None},
            )
        ]

    def vp_skip_next(self, c: list[Any]) -> list[Effect]:
        """ "Target player skips their next draw step", "You skip your next turn" (CR
        614.10, 614.10a): a one-shot replacement waiting for that step or turn."""
        return self.vp_skip(c, nxt=True)

    def vp_skip_upkeep(self, c: list[Any]) -> list[Effect]:
        # "Skip your upkeep step" (Gibbering Descent; CR 614.10)
        return self.vp_skip(["upkeep"])

    def vp_skip_next_turns(self, c: list[Any]) -> list[Effect]:
        """ "You skip your next two turns" (Eater of Days; CR 614.10a): that many
        "next turn" skips, each used up by the turn it skips."""
        n = next(x for x in c if isinstance(x, int) and not isinstance(x, bool))
        return [Effect("skip_step", {"what": SUBJ, "step": "turn", "duration": "next", "count": n})]

    def vp_control(self, c: list[Any]) -> list[Effect]:
        return [Effect("control", {"what": _obj(c[0]), "player": SUBJ, "duration": None})]

    def vp_optional_untap(self, c: list[Any]) -> list[Effect]:
        return [Effect("optional_untap", {"what": SelfRef(), "duration": None})]

    def vp_must_be_blocked(self, c: list[Any]) -> list[Effect]:
        by = next((x.filter for x in c if isinstance(x, (Some, EachRef))), None)
        if by is not None:  # "must be blocked by an Eldrazi if able" (CR 509.1c)
            return [Effect("must_be_blocked_by", {"what": SUBJ, "filter": by, "duration": None})]
        return [Effect("must_be_blocked", {"what": SUBJ, "duration": None})]

    def vp_must_be_blocked_turn(self, c: list[Any]) -> list[Effect]:
        """ "Target creature must be blocked this turn if able" (CR 509.1c)."""
        return [Effect("must_be_blocked", {"what": SUBJ, "duration": "end_of_turn"})]

    def vp_choose_np(self, c: list[Any]) -> list[Effect]:
        what = _obj(c[0])
        if isinstance(what, ChooseRef):
            # "choose a nonlegendary creature on the battlefield" (no target, 608.2d):
            # the chosen object is "that creature" for the next instructions
            return [Effect("choose_objects", {"player": SUBJ, "what": what})]
        if (
            isinstance(what, EachRef)
            and what.filter.kinds == ("Creature",)
            and len(what.filter.conditions) == 1
            and what.filter.conditions[0][0] == "subtype_in"
        ):
            # "choose Elemental, Elf, Faerie, ... or Treefolk" (Dawn-Blessed Pennant):
            # a creature type among those listed (CR 205.3m)
            among = tuple(what.filter.conditions[0][1])
            return [Effect("choose", {"player": SUBJ, "what": "creature_type", "among": among})]
        return [Effect("choose", {"player": SUBJ, "what": what})]

    def vp_choose_a_card_from_it(self, c: list[Any]) -> list[Effect]:
        """ "You choose a card from it" (Coercion): any card of the hand just revealed
        (CR 701.20a), the same choice as "a nonland card from it" without a filter."""
        what = ChooseRef(Filter(kinds=("card",), zone="any", conditions=()), 1)
        return [Effect("choose_objects", {"player": SUBJ, "what": what})]

    def vp_have_do(self, c: list[Any]) -> list[Effect]:
        # "you may have this creature deal damage ...": the object does the verb
        # (and any verb phrase "and"-joined after it: see ``vp_list``).
        doer = _obj(c[0])
        return HaveDo(substitute_subject(c[1], doer), doer)

    def vp_choose(self, c: list[Any]) -> list[Effect]:
        if c[0] == "number":  # "choose a number" (CR 608.2d), read as "that number"
            return [Effect("choose_number", {"player": SUBJ})]
        if isinstance(c[0], tuple):  # "a color other than black": (kind, the one excluded)
            return [Effect("choose", {"player": SUBJ, "what": c[0][0], "except": c[0][1]})]
        return [Effect("choose", {"player": SUBJ, "what": c[0]})]

    def choose_color_other(self, c: list[Any]) -> tuple[str, str]:
        return ("color", str(c[-1]).lower())

    def _choice(kind: str):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> str:
            return kind

        return method

    def choose_creature_type(self, c: list[Any]) -> str | tuple[str, str]:
        """ "choose a creature type"; "choose a [nonbasic/basic] land type" is another
        choice (CR 205.3i, 205.3m), not a creature type. "Choose a creature type other
        than Wall" (Imagecrafter): that type isn't among the choices (CR 608.2d)."""
        kind = next(
            (str(x).lower() for x in c if isinstance(x, Token) and x.type == "CARD_TYPE"), ""
        )
        other = next((str(x) for x in c if isinstance(x, Token) and x.type == "SUBTYPE"), None)
        if other is not None:
            if kind not in ("", "creature"):
                raise CompileError(f"a {kind} type other than {other}")
            return ("creature_type", subtype(other))
        if kind in ("", "creature"):
            return "creature_type"
        if kind == "land":
            words = repr(c).lower()
            return "nonbasic_land_type" if "not_supertype" in words else "basic_land_type"
        return f"{kind}_type"

    choose_color = _choice("color")
    choose_card_type = _choice("card_type")
    choose_land_type = _choice("basic_land_type")
    choose_number = _choice("number")
    choose_odd_even = _choice("odd_or_even")

    def choose_card_name(self, c: list[Any]) -> str:
        # "choose a nonland card name" (Meddling Mage) names only nonland cards
        return "nonland_card_name" if "land" in repr(c).lower() else "card_name"

    def vp_cast_from(self, c: list[Any]) -> list[Effect]:
        return [Effect("may_cast_from", {"what": SelfRef(), "zone": c[-1][0], "duration": None})]

    def vp_cast_from_using(self, c: list[Any]) -> list[Effect]:
        """ "You may cast this card from your graveyard using its blitz ability"
        (Tenacious Underdog; CR 601.2a, 601.2b): a permission to cast it from there
        only with that alternative cost."""
        zone = next(x for x in c if isinstance(x, tuple))[0]
        name = str(c[-1]).lower()
        args = {"what": SelfRef(), "zone": zone, "alt": name, "duration": None}
        return [Effect("may_cast_from", args)]

    def vp_cast_from_extra(self, c: list[Any]) -> list[Effect]:
        """ "You may cast this card from your graveyard by discarding a card in addition
        to paying its other costs" (CR 601.2a, 118.8): the permission, with an
        additional cost when it's used."""
        zone, cost = c[-2][0], c[-1]
        args = {"what": SelfRef(), "zone": zone, "cost": cost, "duration": None}
        return [Effect("may_cast_from", args)]

    def vp_assign_among(self, c: list[Any]) -> list[Effect]:
        # Butcher Orgg: "You may assign this creature's combat damage divided as you
        # choose among defending player and/or any number of creatures they control."
        return [Effect("assign_among_defenders", {"what": _obj(c[0]), "duration": None})]

    def vp_assign_unblocked(self, c: list[Any]) -> list[Effect]:
        return [Effect("assign_damage_as_unblocked", {"what": SUBJ, "duration": None})]

    def vp_turn_face_down(self, c: list[Any]) -> list[Effect]:
        # CR 708.2a: "turn target creature face down", "turn all other creatures face down"
        return self._each("turn_face_down", "what", c[-1])

    def vp_choose_listed_name(self, c: list[Any]) -> list[Effect]:
        # "choose a card name that hasn't been chosen from among A, B, and C" (Garth)
        names = next(x for x in c if isinstance(x, tuple))
        return [Effect("choose_listed_name", {"player": SUBJ, "names": names, "unique": True})]

    def listed_names(self, c: list[Any]) -> tuple[str, ...]:
        return tuple(x for x in c if isinstance(x, str) and not isinstance(x, Token))

    def listed_name(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def listed_name_word(self, c: list[Any]) -> str:
        return str(c[0])

    def vp_create_named_copy(self, c: list[Any]) -> list[Effect]:
        # CR 707.13: "create a copy of the card with the chosen name"
        return [Effect("create_named_copy", {"player": SUBJ})]

    def vp_create_noted_copy(self, c: list[Any]) -> list[Effect]:
        # CR 707.14: "create a copy of the card with the noted name" (Magar)
        return [Effect("create_noted_copy", {"player": SUBJ})]

    def vp_note_name(self, c: list[Any]) -> list[Effect]:
        # CR 607.2: "note the name of target card" — remembered for the linked text
        return [Effect("note_name", {"what": _obj(c[-1])})]

    def vp_choose_payable(self, c: list[Any]) -> list[Effect]:
        # Illusionary Mask: "choose a creature card in your hand whose mana cost could be
        # paid by some amount of, or all of, the mana you spent on {X}" (CR 608.2d)
        what = next(x for x in c if isinstance(x, Some))
        flt = with_zone(what.filter, "hand")
        return [Effect("choose_payable_card", {"player": SUBJ, "filter": flt})]

    def vp_cast_face_down(self, c: list[Any]) -> list[Effect]:
        # "cast that card face down as a 2/2 creature spell without paying its mana cost"
        # (CR 708.4, 118.9); a following sentence may make it a "mask" (see sentences)
        what = next(x for x in c if not isinstance(x, Token))
        return [Effect("cast_face_down", {"player": SUBJ, "what": _obj(what), "as": "effect"})]

    def vp_turn_face_up(self, c: list[Any]) -> list[Effect]:
        return self._each("turn_face_up", "what", c[-1])  # CR 708.8

    def vp_change_text(self, c: list[Any]) -> list[Effect]:
        # CR 612: "change the text of target spell or permanent by replacing all
        # instances of one color word with another"; lasts indefinitely unless a
        # duration is given
        duration = c[2] if len(c) > 2 else None
        return [Effect("change_text", {"what": _obj(c[0]), "word": c[1], "duration": duration})]

    def text_word(self, c: list[Any]) -> str:
        return _TEXT_WORDS[" ".join(str(x) for x in c)]

    def vp_flip(self, c: list[Any]) -> list[Effect]:
        return [Effect("flip", {"what": _obj(c[0])})]

    def vp_can_be_commander(self, c: list[Any]) -> list[Effect]:
        return [Effect("can_be_commander", {"what": SUBJ, "duration": None})]

    def vp_may_exert(self, c: list[Any]) -> list[Effect]:
        return [Effect("may_exert", {"what": SelfRef(), "duration": None})]

    def vp_exile_with_counters(self, c: list[Any]) -> list[Effect]:
        n, kind = c[1]
        return [Effect("exile", {"what": _obj(c[0]), "counters": (kind, n)})]

    def vp_block_only(self, c: list[Any]) -> list[Effect]:
        return [Effect("block_only", {"what": SUBJ, "keyword": c[-1].keyword, "duration": None})]

    def vp_still(self, c: list[Any]) -> list[Effect]:
        return []

    def vp_is_indestructible(self, c: list[Any]) -> list[Effect]:
        duration = c[0] if c else None
        return [
            Effect(
                "grant_keyword", {"what": SUBJ, "keyword": "Indestructible", "duration": duration}
            )
        ]

    def vp_enters_counters(self, c: list[Any]) -> list[Effect]:
        n, kind = c[0]
        return [
            Effect(
                "enters_with_counters",
                {"what": SUBJ, "counter": kind, "amount": n, "duration": None},
            )
        ]

    def vp_enters_counters_list(self, c: list[Any]) -> list[Effect]:
        """ "This artifact enters with a +1/+1 counter, a flying counter, a deathtouch
        counter, and a shield counter on it" (CR 614.1c): each kind as it enters."""
        out: list[Effect] = []
        for count in c:
            out += self.vp_enters_counters([count])
        return out

    def vp_enters_counters_eq(self, c: list[Any]) -> list[Effect]:
        return self.vp_enters_counters([(c[1], str(c[0]))])

    def vp_escapes_with_counters(self, c: list[Any]) -> list[Effect]:
        """CR 702.138c: "[This permanent] escapes with [counters]" means "If this
        permanent escaped, it enters with [counters]" (a replacement effect, 614.1c);
        it escaped if it was cast with its escape cost (702.138b)."""
        escaped = Condition("alt_cost_paid", {"alt": "escape"})
        return [Effect(e.op, e.args, e.optional, escaped) for e in self.vp_enters_counters(c)]

    def vp_enters_counters_choice(self, c: list[Any]) -> list[Effect]:
        """ "This creature enters with your choice of a flying counter or a first
        strike counter on it." (CR 614.1c, 122.1b): its controller chooses one of the
        kinds as it enters (614.12; _static_of makes it an "As this enters" ability)."""
        (n1, k1), (n2, k2) = c[0], c[1]
        if n1 != n2 or k1 == k2:
            raise CompileError("a choice of counters of different amounts")
        return [
            Effect(
                "enters_with_counters",
                {"what": SUBJ, "counter": k1, "amount": n1, "counter_choice": (k1, k2)},
            )
        ]

    def vp_escapes_counters_choice(self, c: list[Any]) -> list[Effect]:
        """ "This creature escapes with your choice of a +1/+1 counter or a flying
        counter on it." (CR 702.138c): the choice, if it escaped."""
        escaped = Condition("alt_cost_paid", {"alt": "escape"})
        return [
            Effect(e.op, e.args, e.optional, escaped) for e in self.vp_enters_counters_choice(c)
        ]

    def vp_enters_tapped_counters(self, c: list[Any]) -> list[Effect]:
        """ "This land enters tapped with two depletion counters on it" (Saprazzan
        Skerry): both replacement effects of its entering (CR 614.1c, 614.12)."""
        return self.vp_enters_tapped(c) + self.vp_enters_counters(c)

    def vp_enters_counters_kw(self, c: list[Any]) -> list[Effect]:
        # "it enters with three +1/+1 counters on it and with trample" (Kavu Titan):
        # the counters (CR 614.1c) and the keyword it then has (CR 611.3)
        return self.vp_enters_counters(c[:1]) + self.vp_gain_kw([c[1]])

    def vp_enters_counters1(self, c: list[Any]) -> list[Effect]:
        return [
            Effect(
                "enters_with_counters",
                {"what": SUBJ, "counter": str(c[0]), "amount": 1, "duration": None},
            )
        ]

    def vp_enters_counters_each(self, c: list[Any]) -> list[Effect]:
        n, kind = c[0]
        return [
            Effect(
                "enters_with_counters",
                {
                    "what": SUBJ,
                    "counter": kind,
                    "amount": count_of(c[1], _int(n)),
                    "duration": None,
                },
            )
        ]

    def vp_enters_counters_converge(self, c: list[Any]) -> list[Effect]:
        """Converge: "This creature enters with a +1/+1 counter on it for each color of
        mana spent to cast it" (CR 614.1c, 601.2h); none if it wasn't cast."""
        n, kind = c[0]
        amount = Amount("colors_spent", multiplier=_int(n))
        args = {"what": SUBJ, "counter": kind, "amount": amount, "duration": None}
        return [Effect("enters_with_counters", args)]

    def vp_enters_counters_kicked(self, c: list[Any]) -> list[Effect]:
        """ "This creature enters with a +1/+1 counter on it for each time it was
        kicked" (multikicker, CR 702.33c-d, 614.1c): the times its kicker costs were
        paid as it was cast."""
        n, kind = c[0]
        amount = Amount("times_kicked", multiplier=_int(n))
        args = {"what": SUBJ, "counter": kind, "amount": amount, "duration": None}
        return [Effect("enters_with_counters", args)]

    def vp_enters_counters_commander_casts(self, c: list[Any]) -> list[Effect]:
        """ "enters with two +1/+1 counters on it for each time you've cast your
        commander from the command zone this game" (The Swarmlord; CR 903.8, 614.1c)."""
        n, kind = c[0]
        amount = Amount("commander_casts", multiplier=_int(n))
        args = {"what": SUBJ, "counter": kind, "amount": amount, "duration": None}
        return [Effect("enters_with_counters", args)]

    def vp_enters_copy(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        flt = what.filter if isinstance(what, (Some, EachRef)) else None
        if isinstance(what, Filter):  # "any artifact or creature on the battlefield"
            flt = what
        if flt is not None and flt.zone not in ("battlefield", "graveyard"):
            raise CompileError("enters as a copy of a card outside the battlefield")
        args = {"what": SUBJ, "filter": flt, "duration": None, **_copy_exceptions(c)}
        return [Effect("enters_as_copy", args)]

    def _cost_change(self, c: list[Any], direction: str, activate: bool) -> list[Effect]:
        args: dict[str, Any] = {
            "what": SUBJ,
            "mana": c[0],
            "direction": direction,
            "duration": None,
        }
        if activate:
            args["abilities"] = True
        if len(c) > 1:
            args["for_each"] = c[1]
        return [Effect("cost_change", args)]

    def vp_cost_less(self, c: list[Any]) -> list[Effect]:
        return self._cost_change(c, "less", False)

    def vp_cost_less_your_turn(self, c: list[Any]) -> list[Effect]:
        # "costs {1} less to cast during your turn": while you're the active player
        # (CR 500.1, 601.2f)
        (eff,) = self._cost_change(c, "less", False)
        return [Effect(eff.op, eff.args, condition=Condition("your_turn"))]

    def vp_cost_less_your_end_step(self, c: list[Any]) -> list[Effect]:
        # "costs {2} less to cast during your end step" (CR 513.1, 601.2f)
        (eff,) = self._cost_change(c, "less", False)
        return [Effect(eff.op, eff.args, condition=Condition("your_end_step"))]

    def vp_cost_more(self, c: list[Any]) -> list[Effect]:
        return self._cost_change(c, "more", False)

    def vp_cost_less_act(self, c: list[Any]) -> list[Effect]:
        return self._cost_change(c, "less", True)

    def vp_cost_more_act(self, c: list[Any]) -> list[Effect]:
        return self._cost_change(c, "more", True)

    def cost_for(self, c: list[Any]) -> Any:
        return c[0] if c else "target_beyond_first"

    def cost_for_each_and(self, c: list[Any]) -> Any:
        """ "for each artifact you control and each artifact card in your hand"
        (Machinist's Dismissal): one count plus the other, counted as the total cost
        is determined (CR 107.1, 601.2f)."""
        first, _and, second = c
        return Amount("sum", terms=(count_of(first), count_of(second)))

    def cost_for_opponents(self, c: list[Any]) -> Any:
        """ "for each opponent you have": the opponents still in the game, counted as
        the total cost is determined (CR 102.2, 800.4a, 601.2f; as undaunted's)."""
        return Filter(kinds=("player",), conditions=(("opponent", True),))

    def cost_for_counter(self, c: list[Any]) -> Any:
        # "for each +1/+1 counter on Animar", "for each quest counter on this
        # enchantment" (CR 122.1)
        return Amount(
            "counters", ref=_obj(c[-1]), filter=Filter(conditions=(("counter", str(c[0])),))
        )

    def cost_for_colors_among(self, c: list[Any]) -> Any:
        # vivid: "for each color among permanents you control" (CR 105.1)
        return Amount("colors_among", filter=c[-1])

    def cost_for_domain(self, c: list[Any]) -> Any:
        # "for each basic land type among lands you control" (domain, CR 305.6)
        return domain_amount(c)

    def cost_for_party(self, c: list[Any]) -> Any:
        # "for each creature in your party" (CR 700.8)
        return "party"

    def cost_for_experience(self, c: list[Any]) -> Any:
        # "for each experience counter you have" (CR 122.1; rules/cost_changes.py)
        return EXPERIENCE_COUNTERS

    def cost_for_other(self, c: list[Any]) -> Any:
        # "for each other artifact you control": not the object itself (CR 109.1)
        flt = c[0]
        return flt.with_condition("other", True) if isinstance(flt, Filter) else flt

    def vp_add_types(self, c: list[Any]) -> list[Effect]:
        nouns = next(x for x in c if isinstance(x, list))
        duration = c[-1] if isinstance(c[-1], str) and c[-1] != EOT or c[-1] == EOT else None
        return [
            Effect(
                "add_types",
                {
                    "what": SUBJ,
                    "types": tuple(n.value for n in nouns if n.kind == "type"),
                    "subtypes": tuple(n.value for n in nouns if n.kind == "subtype"),
                    "duration": duration if isinstance(duration, str) else None,
                },
            )
        ]

    def vp_every_basic_land_type(self, c: list[Any]) -> list[Effect]:
        """ "Lands you control are every basic land type in addition to their other
        types" (Dryad of the Ilysian Grove): the five basic land types added (CR 205.1b,
        305.7: each gives its intrinsic mana ability, 305.6)."""
        if card_type(str(c[0])) != "Land":
            raise CompileError(f"every basic {c[0]} type")
        return [
            Effect(
                "add_types",
                {"what": SUBJ, "types": (), "subtypes": BASIC_LAND_TYPES, "duration": None},
            )
        ]

    def vp_add_color_types(self, c: list[Any]) -> list[Effect]:
        """ "That creature is a black Zombie in addition to its other colors and types"
        (Rise from the Grave): its color in layer 5 (CR 613.1e, 105.3) and its
        types in layer 4 (613.1d, 205.1b), each added to what it has."""
        colors = next(x[1] for x in c if isinstance(x, tuple) and x and x[0] == "colors")
        duration = c[-1] if isinstance(c[-1], str) else None
        add = Effect("add_colors", {"what": SUBJ, "colors": colors, "duration": duration})
        return [add, *self.vp_add_types([x for x in c if not isinstance(x, tuple)])]

    def vp_add_land_types(self, c: list[Any]) -> list[Effect]:
        """ "Each land is a Swamp in addition to its other land types" (Urborg, CR 305.7),
        "Each creature you control is a Vampire in addition to its other creature types"
        (Mephidross Vampire; CR 205.1b: the creature keeps its other types)."""
        kind = card_type(str(c[-1]))
        nouns = next((x for x in c if isinstance(x, list)), [])
        if kind == "Creature" and nouns and all(n.kind == "subtype" for n in nouns):
            return self.vp_add_types(c[:-1])
        if kind != "Land":
            raise CompileError(f"in addition to its other {c[-1]} types")
        return self.vp_add_types(c[:-1])

    def vp_set_land_type(self, c: list[Any]) -> list[Effect]:
        """ "Nonbasic lands are Mountains" (Blood Moon), "Enchanted land is an Island":
        the land's subtype is set to a basic land type (CR 305.7, layer 4)."""
        nouns = next(x for x in c if isinstance(x, list))
        subs = tuple(n.value for n in nouns if n.kind == "subtype")
        if len(subs) != len(nouns) or not subs or not set(subs) <= set(BASIC_LAND_TYPES):
            raise CompileError("'is a ...': only basic land types are set this way")
        return [Effect("set_types", {"what": SUBJ, "subtypes": subs, "duration": None})]

    def vp_is_pt_type(self, c: list[Any]) -> list[Effect]:
        """ "Enchanted land is a 2/2 blue Elemental creature with flying", "this
        artifact is a 5/5 Golem artifact creature as long as ...": a static ability
        that sets its object's types, P/T, colors and abilities (CR 205.1a, 613.1d-f),
        the same continuous effect as "becomes" with no duration."""
        return [Effect("become", {"what": SUBJ, **self.become_type(c), "duration": None})]

    def vp_chosen_type(self, c: list[Any]) -> list[Effect]:
        # "is the chosen type in addition to its other types" (CR 205.1b, 607.2a)
        args = {"what": SUBJ, "types": (), "subtypes": (), "chosen": "creature_type"}
        return [Effect("add_types", {**args, "duration": None})]

    def vp_become(self, c: list[Any]) -> list[Effect]:
        what = c[0]
        duration = c[1] if len(c) > 1 else None
        return [Effect("become", {"what": SUBJ, **what, "duration": duration})]

    def vp_become_in_addition(self, c: list[Any]) -> list[Effect]:
        """ "It becomes a 0/0 Spirit creature in addition to its other types", "becomes
        a Zombie in addition to its other creature types", "becomes blue in addition to
        its other colors" (CR 205.1b, 105.3): what it becomes is added to what it was,
        not put in its place (layers 4 and 5, CR 613.1d-e)."""
        what: dict[str, Any] = c[0]
        keeps: str = c[1]
        duration = c[2] if len(c) > 2 else None
        if "copy_of" in what or "tapped" in what:
            raise CompileError("in addition to its other types: not a type")
        args: dict[str, Any] = {"what": SUBJ, **what}
        if keeps in ("types", "both", "subtypes"):
            if keeps == "subtypes" and what.get("types"):
                raise CompileError("in addition to its other creature types: a card type")
            if not (what.get("types") or what.get("subtypes")):
                raise CompileError("in addition to its other types: no type")
            args["retain"] = True
        if keeps in ("colors", "both"):
            if not what.get("colors"):
                raise CompileError("in addition to its other colors: no color")
            if keeps == "colors" and (what.get("types") or what.get("subtypes")):
                raise CompileError("in addition to its other colors: a type too")
            args["add_colors"] = True
        return [Effect("become", {**args, "duration": duration})]

    def vp_are_still(self, c: list[Any]) -> list[Effect]:
        """ "All lands are 1/1 creatures that are still lands." (Living Plane): what they
        become is added to their types, the land types kept (CR 205.1b); a static
        ability's effect (layers 4, 5 and 7b, CR 613.1d-e, 613.4b)."""
        what = self.become_type(c[:-1])
        still = c[-1]
        if not what.get("types") or not isinstance(still, NounWord) or still.kind != "type":
            raise CompileError("'that are still': not card types")
        return [Effect("become", {"what": SUBJ, **what, "retain": True, "duration": None})]

    def add_keeps_types(self, c: list[Any]) -> str:
        return "types"

    def add_keeps_subtypes(self, c: list[Any]) -> str:
        if card_type(str(c[-1])) != "Creature":
            raise CompileError(f"in addition to its other {c[-1]} types")
        return "subtypes"

    def add_keeps_colors(self, c: list[Any]) -> str:
        return "colors"

    def add_keeps_both(self, c: list[Any]) -> str:
        return "both"

    def vp_is_type_base_pt(self, c: list[Any]) -> list[Effect]:
        """ "Enchanted creature loses all abilities and is a blue Frog creature with base
        power and toughness 1/1" (layers 4, 5, 7b: CR 613.1d-e, 613.4b): what it
        becomes, for as long as the static ability applies."""
        return self.vp_become([self.become_type(c)])

    def vp_is_type_base_pt_addition(self, c: list[Any]) -> list[Effect]:
        """ "Enchanted artifact is a creature with base power and toughness 5/5 in
        addition to its other types" (Animate Artifact-like Auras): the type added to
        what it was (CR 205.1b), its base power and toughness set (613.4b)."""
        return self.vp_become_in_addition([self.become_type(c[:-1]), c[-1]])

    def become_type(self, c: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for x in c:
            if isinstance(x, Token) and x.type == "PT":
                p, t = str(x).split("/")
                out["power"], out["toughness"] = _pt_value(p), _pt_value(t)
            elif isinstance(x, list) and x and isinstance(x[0], NounWord):
                out["types"] = tuple(n.value for n in x if n.kind == "type")
                out["subtypes"] = tuple(n.value for n in x if n.kind == "subtype")
            elif isinstance(x, list):
                abilities = [a for a in x if isinstance(a, Ability)]
                out["keywords"] = tuple(a.keyword for a in abilities if a.keyword is not None)
                quoted = tuple(a for a in abilities if a.keyword is None)
                if quoted:
                    # 'becomes a Construct artifact creature with "This creature's
                    # power and toughness are each equal to ..."' (layer 6, CR 613.1f)
                    out["abilities"] = quoted
            elif isinstance(x, tuple) and x and x[0] == "colors":
                out["colors"] = x[1]
        return out

    def become_type_all(self, c: list[Any]) -> dict[str, Any]:
        # "becomes a 2/2 creature with all creature types" (CR 205.3m)
        kind = card_type(str(c[-1]))
        if kind != "Creature":
            raise CompileError(f"all {kind} types")
        return {**self.become_type(c[:-1]), "all_creature_types": True}

    def become_color(self, c: list[Any]) -> dict[str, Any]:
        return {"colors": (c[0],)}

    def become_chosen_colors(self, c: list[Any]) -> dict[str, Any]:
        # "becomes the color or colors of your choice": one or more colors chosen as
        # the effect begins (CR 608.2d, 105.3)
        return {"colors": ("chosen_colors",)}

    def become_colorless(self, c: list[Any]) -> dict[str, Any]:
        # "becomes colorless": it has no color (CR 105.2c), layer 5 (613.1e)
        return {"colors": ()}

    def become_chosen_color(self, c: list[Any]) -> dict[str, Any]:
        # "becomes the color of your choice": chosen as the effect begins (CR 608.2d)
        return {"colors": ("chosen_color",)}

    def become_chosen_creature_type(self, c: list[Any]) -> dict[str, Any]:
        """ "becomes the creature type of your choice" (Mistform Dreamer): chosen as
        the effect begins (CR 608.2d); its new creature type replaces its old ones
        (205.1a, layer 4)."""
        if card_type(str(c[0])) != "Creature":
            raise CompileError("the [non-creature] type of your choice")
        return {"subtypes": ("chosen_creature_type",)}

    def become_that_type(self, c: list[Any]) -> dict[str, Any]:
        """ "Choose a creature type other than Wall. Target creature becomes that type
        until end of turn." (Imagecrafter): the creature type the instruction before
        chose (CR 608.2c), replacing its creature types (205.1a, layer 4)."""
        return {"subtypes": ("chosen_creature_type",)}

    def become_chosen_basic_land_type(self, c: list[Any]) -> dict[str, Any]:
        """ "becomes the basic land type of your choice" (Reef Shaman): chosen as the
        effect begins (CR 608.2d); the land's subtype is set to it (305.7, layer 4)."""
        if card_type(str(c[0])) != "Land":
            raise CompileError("the basic [non-land] type of your choice")
        return {"subtypes": ("chosen_basic_land_type",)}

    def become_tapped(self, c: list[Any]) -> dict[str, Any]:
        return {"tapped": True}

    def become_copy(self, c: list[Any]) -> dict[str, Any]:
        of = _obj(c[0])
        if type(of) in (It, ThatObject, ThatCard):  # "a copy of that creature": not its own target
            of = Antecedent()
        return {"copy_of": of, **_copy_exceptions(c)}

    def become_pt(self, c: list[Any]) -> dict[str, Any]:
        p, t = str(c[0]).split("/")
        return {"power": _pt_value(p), "toughness": _pt_value(t)}

    def kw_with(self, c: list[Any]) -> list[Any]:
        out: list[Any] = []
        for x in c:
            if isinstance(x, list):
                out.extend(x)
            elif isinstance(x, tuple) and x and isinstance(x[0], Ability):
                out.extend(x)
        return out

    def quoted(self, c: list[Any]) -> tuple[Ability, ...]:
        return self.assemble_quoted(c[0])

    # ------------------------------------------------------------------ tokens
    def token(self, c: list[Any]) -> dict[str, Any]:
        tok: dict[str, Any] = {"count": 1, "tapped": False}
        for x in c:
            if isinstance(x, Token) and x.type == "PT":
                p, t = str(x).split("/")
                tok["power"], tok["toughness"] = _pt_value(p), _pt_value(t)
            elif isinstance(x, (int, Amount)):
                tok["count"] = x
            elif x == "tapped":
                tok["tapped"] = True
            elif isinstance(x, tuple) and x and x[0] == "colors":
                tok["colors"] = x[1]
            elif isinstance(x, list) and x and isinstance(x[0], NounWord):
                tok["nouns"] = x
            elif isinstance(x, list):
                tok.setdefault("with", []).extend(x)
            elif isinstance(x, tuple) and x[:2] == ("tail", "counters_each"):
                if tok["count"] != 1:
                    raise CompileError("tokens for each counter: not one each")
                tok["count"] = x[2]
            elif isinstance(x, tuple) and x[:2] == ("tail", "equal_to"):
                if tok["count"] != Amount("x"):
                    raise CompileError("tokens equal to ...: not 'a number of'")
                tok["count"] = x[2]  # "create a number of Food tokens equal to ..."
            elif isinstance(x, tuple) and x and x[0] == "tail":
                tok.setdefault("tails", []).append(x[1:])
        return tok

    def token_copy(self, c: list[Any]) -> dict[str, Any]:
        tok: dict[str, Any] = {"count": 1, "copy_of": None, "tapped": False}
        for x in c:
            if isinstance(x, (int, Amount)):
                tok["count"] = x
            elif x == "tapped":
                tok["tapped"] = True
            elif isinstance(x, tuple) and x and x[0] == "tail":
                tok.setdefault("tails", []).append(x[1:])
            elif isinstance(x, tuple) and x and x[0] == "except":
                tok["except"] = x[1]  # CR 707.9
            elif not isinstance(x, Token):
                tok["copy_of"] = x
        return tok

    def role_name(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def token_role(self, c: list[Any]) -> dict[str, Any]:
        """ "create a Monster Role token attached to target creature you control": a
        predefined Role token (CR 111.10j-r), created attached to that object (303.4f)."""
        if str(c[2]) != "role":
            raise CompileError(f"role token: {c[2]}")
        tok: dict[str, Any] = {"count": c[0], "tapped": False, "role": c[1]}
        for x in c[3:]:
            if isinstance(x, tuple) and x and x[0] == "tail":
                tok.setdefault("tails", []).append(x[1:])
        return tok

    def token_legendary_named(self, c: list[Any]) -> dict[str, Any]:
        """ "create Tiny, a legendary 2/2 green Dog Detective creature token with
        trample": a legendary token with the name the effect gives it (CR 111.4)."""
        name = next(x for x in c if isinstance(x, Token) and x.type == "OTHER_NAME")
        tok = self.token([x for x in c if x is not name])
        tok["name"] = other_name(str(name))
        tok["legendary"] = True
        return tok

    def token_named(self, c: list[Any]) -> dict[str, Any]:
        """ "create a 0/1 red Kobold creature token named Kobolds of Kher Keep": a
        token with the name the effect gives it, not its subtypes (CR 111.4)."""
        name = next(x for x in c if isinstance(x, Token) and x.type == "OTHER_NAME")
        tok = self.token([x for x in c if x is not name])
        tok["name"] = other_name(str(name))
        return tok

    def tok_one(self, c: list[Any]) -> int:
        return 1

    def tok_that_many(self, c: list[Any]) -> Amount:
        return Amount("that_much")

    def tok_x(self, c: list[Any]) -> Amount:
        return Amount("x")

    def token_mods(self, c: list[Any]) -> str:
        return "tapped"

    def color_spec(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        colors = tuple(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return ("colors", colors)

    def color_sep(self, c: list[Any]) -> None:
        return None

    def tok_for_each(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "for_each", c[0])

    def tok_for_each_counter(self, c: list[Any]) -> tuple[str, str, Any]:
        # "create a 1/1 Thopter ... for each +1/+1 counter on this creature" (CR 122.1)
        return ("tail", "counters_each", counters_on(str(c[0]), _obj(c[-1])))

    def tok_for_each_domain(self, c: list[Any]) -> tuple[str, str, Any]:
        # "create a 1/1 green Saproling creature token for each basic land type among
        # lands you control" (Spore Burst; domain, CR 305.6)
        return ("tail", "counters_each", domain_amount(c))

    def tok_for_each_kicked(self, c: list[Any]) -> tuple[str, str, Any]:
        # "a 2/2 green Wolf creature token for each time it was kicked" (Wolfbriar
        # Elemental; multikicker, CR 702.33d)
        return ("tail", "counters_each", Amount("times_kicked"))

    def tok_for_each_commander_cast(self, c: list[Any]) -> tuple[str, str, Any]:
        # "create a 1/1 green Forest Dryad land creature token for each time you've
        # cast your commander from the command zone this game" (Jyoti; CR 903.8)
        return ("tail", "counters_each", Amount("commander_casts"))

    def tok_equal_to(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "equal_to", c[0])

    def tok_tapped_attacking(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "tapped_attacking", True)

    def tok_mods_tapped_attacking(self, c: list[Any]) -> tuple[str, str, Any]:
        """ "a tapped and attacking ... token": the same as the trailing "that's
        tapped and attacking" (CR 508.4)."""
        return ("tail", "tapped_attacking", True)

    def tok_attacking(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "attacking", True)

    def tok_attached(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "attached_to", _obj(c[0]))

    def tok_under(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "controller", _obj(c[0]))

    def tok_not_legendary(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "not_legendary", True)

    def tok_except_type(self, c: list[Any]) -> tuple[str, str, Any]:
        return ("tail", "except_type", True)


def _names_other_antecedent(value: Any) -> bool:
    """Whether instructions name an object by "that [noun]" (not a bare "it")."""
    if isinstance(value, It):
        return type(value) is not It
    if isinstance(value, dict):
        return any(_names_other_antecedent(v) for v in value.values())
    if isinstance(value, (tuple, list)):
        return any(_names_other_antecedent(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(
            _names_other_antecedent(getattr(value, f.name)) for f in dataclasses.fields(value)
        )
    return False


def _copy_exceptions(c: list[Any]) -> dict[str, Any]:
    """The ``except`` argument of a copy phrase, if it has exceptions (CR 707.9)."""
    for x in c:
        if isinstance(x, tuple) and len(x) == 2 and x[0] == "except":
            return {"except": x[1]}
    return {}


def _rest_to_bottom(c: list[Any]) -> Effect:
    """ "... and the rest on the bottom of your library [in any order | in a random
    order]": the owner orders them (CR 401.4) unless the order is random."""
    args: dict[str, Any] = {"what": ParentRefRest, "position": "bottom"}
    if any(isinstance(x, tuple) and x[:2] == ("tail", "random_order") for x in c):
        args["order"] = "random"
    return Effect("put_on_library", args)


def _check_object_pair(first: Any, second: Any) -> None:
    """Two objects joined by "and" in one instruction: refuse what the pair can't
    say yet rather than compile it wrong. A zone phrase after the second ("up to one
    target creature card and up to one target noncreature permanent card from your
    graveyard") belongs to both; a pronoun in the second ("enchanted creature and all
    Auras attached to that creature") names the first, which only a target resolves."""
    if isinstance(first, Tgt) and isinstance(second, Tgt):
        if first.spec.filter.zone != second.spec.filter.zone:
            raise CompileError("a zone phrase shared by two targets")
        return
    pronouns: list[Any] = []

    def find(v: Any) -> None:
        if isinstance(v, It):
            pronouns.append(v)
        return None

    walk(second, find)
    if pronouns and not isinstance(first, Tgt):
        raise CompileError("a pronoun naming the first of two objects")


def _from_graveyard(c: list[Any]) -> dict[str, Any]:
    """ "return this card from your graveyard to ...": the zone it moves out of,
    where such an ability functions (CR 113.6m); only for the object itself."""
    what = next((x for x in c if not isinstance(x, (tuple, dict))), None)
    if isinstance(_obj(what), SelfRef) and any(
        isinstance(x, tuple) and x[:1] == ("graveyard",) for x in c
    ):
        return {"from_zone": "graveyard"}
    return {}


def _top_owner(zone: Any) -> Any:
    """Whose library "the top N cards of [zone]" are: "their library" is the
    library of the instruction's subject ("each player reveals the top card of
    their library", CR 608.2c); else the zone's owner."""
    if getattr(zone, "theirs", False):
        return SUBJ
    return _owner_ref(zone)


def _ref_filter(np: Any) -> Filter | None:
    """The filter of a noun phrase ("creature spells", "an artifact source")."""
    if isinstance(np, Filter):
        return np
    flt = getattr(np, "filter", None)
    return flt if isinstance(flt, Filter) else None
