"""Transformer rules for noun phrases, targets (CR 115) and amounts (CR 107)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from ..abilities import (
    ANY_TARGET,
    NOT_HAND,
    Amount,
    ChooseRef,
    ControllerOfRef,
    ControllerRef,
    EachRef,
    Filter,
    GrantorRef,
    OwnerOfRef,
    ParentRef,
    SelfRef,
    TargetSpec,
    TriggerRef,
)
from .filters import _HEADS, Alt, NounWord, build_filter, card_type, either_filter, subtype
from .ir import (
    SUBJ,
    ExiledCard,
    It,
    Rest,
    RevealedCard,
    Some,
    Tgt,
    ThatCard,
    ThatObject,
    ThatPlayer,
    ThatPlayerOr,
    ThatSpell,
    Them,
    TheTarget,
    TheToken,
    Those,
    ZoneOf,
)
from .normalize import other_name
from .tables import BASIC_LAND_TYPES, KEYWORDS_BY_LOWER
from .tx_common import (
    COLOR_OF_CHOICE,
    DESTROYED_THIS_WAY,
    EXPERIENCE_COUNTERS,
    SACRIFICED_THIS_WAY,
    WITHOUT_PAYING,
    CompileError,
    _int,
    _obj,
    _words,
    _zone_owner,
    among_them,
    count_of,
    counters_on,
    domain_amount,
    vote_count,
)

#: "cards from a single graveyard": the filter condition that says every object
#: chosen comes from the same graveyard (rules/single_graveyard.py)
SINGLE_GRAVEYARD = "single_graveyard"
#: "enchanted", "equipped", "fortified" (CR 303.4, 301.5, 301.6)
_ATTACHED_KEYS = frozenset({"enchanted_by", "equipped_by", "fortified_by"})


#: "shares a [card / creature / permanent] type with [it]"
SHARES_TYPE_KINDS = ("card", "creature", "permanent")


class NounRules:
    """Transformer rules for noun phrases, targets (CR 115) and amounts (CR 107)."""

    # -------------------------------------------------------------- noun phrases
    def adj_word(self, c: list[Any]) -> list[tuple[str, Any]]:
        first = c[0]
        if isinstance(first, Token) and str(first) == "non":
            if isinstance(c[1], Token) and str(c[1]) in ("attacking", "blocking"):
                # "nonattacking creature": one that isn't an attacking creature (CR 506.4)
                return [(str(c[1]), False)]
            key, value = c[1]
            return [("not_" + key, value)]
        if isinstance(first, str) and not isinstance(first, Token):
            if first in ("colorless", "multicolored", "monocolored"):
                return [(first, True)]
            return [("color", first)]
        word = _words(c)
        table: dict[str, tuple[str, Any]] = {
            "tapped": ("tapped", True),
            "untapped": ("tapped", False),
            "attacking": ("attacking", True),
            "blocking": ("blocking", True),
            "basic": ("supertype", "Basic"),
            "legendary": ("supertype", "Legendary"),
            "snow": ("supertype", "Snow"),
            "other": ("other", True),
            "enchanted": ("enchanted_by", "self"),
            "equipped": ("equipped_by", "self"),
            "fortified": ("fortified_by", "self"),  # CR 702.67a, 301.6
            "historic": ("historic", True),
            "face down": ("face_down", True),
            "face up": ("face_down", False),
            "outlaw": ("outlaw", True),
            "modified": ("modified", True),
            # its power, toughness or abilities differ from its printed ones (a
            # card's own definition, Louvaq, the Aberrant: cards/compiler/normalize)
            "modified-from-printed": ("differs_from_printed", True),
            "unblocked": ("unblocked", True),
            "blocked": ("blocked", True),
            "nonbasic": ("not_supertype", "Basic"),
            "double faced": ("double_faced", True),
            "activated": ("activated", True),
            "suspended": ("suspended", True),  # CR 702.62b
            "kicked": ("kicked", True),  # "a kicked spell" (CR 702.33d)
            "suspected": ("suspected", True),  # "suspected Skeletons" (CR 701.60b)
            "triggered": ("triggered", True),
            "phased out": ("phased_out", True),  # CR 702.26
        }
        if word in table:
            return [table[word]]
        raise CompileError(f"adjective {word}")

    def non_what(self, c: list[Any]) -> tuple[str, Any]:
        x = c[0]
        if isinstance(x, Token) and x.type == "COLOR_WORD":
            return ("color", str(x))
        if isinstance(x, NounWord):
            return ("type" if x.kind == "type" else "subtype", x.value)
        word = str(x)
        if word in ("white", "blue", "black", "red", "green"):
            return ("color", word)
        if word in ("basic", "legendary", "snow"):
            return ("supertype", word.capitalize())
        if word == "token":
            return ("token", True)
        return ("kind", word)

    def adj(self, c: list[Any]) -> list[tuple[str, Any]]:
        conds = [x for x in c if isinstance(x, list)]
        if len(conds) == 1:
            return conds[0]
        flat = tuple(tuple(x) for x in conds)
        colors = [x[0][1] for x in flat if len(x) == 1 and x[0][0] == "color"]
        if len(colors) == len(flat):
            return [("color_in", tuple(colors))]
        return [("any_of", flat)]

    def adj_or(self, c: list[Any]) -> None:
        return None

    def adjs(self, c: list[Any]) -> list[tuple[str, Any]]:
        return [x for part in c for x in part]

    #: adjectives of kind only ("a snow land", oracle.lark's cond_adj)
    kind_adjs = adjs

    def kind_adj_word(self, c: list[Any]) -> list[tuple[str, Any]]:
        return self.adj_word(c)

    def counter_kind(self, c: list[Any]) -> str:
        # a counter's kind (CR 122.1): "+1/+1", "time", "loyalty", a named kind
        # ("first strike": one token of two words, lexer.py; 122.1b)
        return str(c[0])

    def noun_word(self, c: list[Any]) -> NounWord:
        x = c[0]
        if isinstance(x, NounWord):
            if len(c) > 1:  # "instant and sorcery spells"
                return NounWord("types_and", "Instant|Sorcery")
            return x

        return NounWord("head", _HEADS[str(x)])

    def noun_grp(self, c: list[Any]) -> list[NounWord]:
        out: list[NounWord] = []
        for n in c:
            if n.kind == "types_and":
                out.append(NounWord("type", "Instant"))
                out.append(NounWord("head", "spell"))
                # (marks "instant and sorcery spells" apart from "instant spells")
                out.append(NounWord("types_and", "Sorcery"))
            else:
                out.append(n)
        return out

    def noun_or(self, c: list[Any]) -> str:
        return "or"

    def noun_alt(self, c: list[Any]) -> list[Alt]:
        alts: list[Alt] = []
        pending: list[tuple[str, Any]] = []
        for x in c:
            if isinstance(x, list) and x and isinstance(x[0], NounWord):
                nouns = x
                if (
                    any(n.value == "Instant" for n in nouns)
                    and len(nouns) == 2
                    and nouns[1].kind == "head"
                ):
                    pass
                alts.append(Alt(pending, nouns))
                pending = []
            elif isinstance(x, list):
                pending = x
        return alts

    def posts(self, c: list[Any]) -> list[tuple[str, Any]]:
        return [x for part in c for x in (part if isinstance(part, list) else [part])]

    def desc_or_post(self, c: list[Any]) -> Filter:
        # "target permanent with a time counter on it or suspended card" (Timecrafting):
        # two alternatives, each with its own kind and conditions
        first = next(
            i for i, x in enumerate(c) if isinstance(x, list) and x and isinstance(x[0], Alt)
        )
        return either_filter(self.desc(c[: first + 2]), self.desc(c[first + 2 :]))

    def desc(self, c: list[Any]) -> Filter:
        adjs: list[tuple[str, Any]] = []
        alts: list[Alt] = []
        posts: list[tuple[str, Any]] = []
        for x in c:
            if isinstance(x, list) and x and isinstance(x[0], Alt):
                alts = x
            elif isinstance(x, list) and not alts:
                adjs = x
            elif isinstance(x, list):
                posts = x
        if alts:
            alts[0] = Alt(adjs + alts[0].adjs, alts[0].nouns)
            # "tapped creature or artifact": the adjectives are every alternative's,
            # unless each alternative has a head noun of its own ("basic land cards
            # and/or Desert cards": only the lands are basic)
            own_heads = all(any(n.kind == "head" for n in a.nouns) for a in alts)
            # ... nor when an alternative has adjectives of its own: "blue creatures
            # and black creatures" are two kinds of creature, not blue-and-black ones
            own_adjs = any(a.adjs for a in alts[1:])
            if len(alts) > 1 and adjs and not own_heads and not own_adjs:
                for i in range(1, len(alts)):
                    alts[i] = Alt(adjs + alts[i].adjs, alts[i].nouns)
        if len(alts) == 1 and any(n.kind == "types_and" for n in alts[0].nouns):
            # "instant and sorcery spells" (not "instant spells")
            return build_filter(
                [
                    Alt(alts[0].adjs, [NounWord("type", "Instant"), NounWord("head", "spell")]),
                    Alt(alts[0].adjs, [NounWord("type", "Sorcery"), NounWord("head", "spell")]),
                ],
                posts,
            )
        return build_filter(alts, posts)

    # postfix conditions
    def _post(key: str, value: Any):  # type: ignore[misc,no-untyped-def]  # noqa: N805  (a factory run in the class body)
        def method(self: Any, c: list[Any]) -> tuple[str, Any]:
            return (key, value)

        return method

    post_you_control = _post("controller", "you")
    # "an ability that isn't a mana ability" (CR 605.1a): read by the "activate"
    # trigger (tx_clauses.ev_activate), nowhere else
    post_not_mana_ability = _post("not_mana_ability", True)

    def post_ability_of(self, c: list[Any]) -> tuple[str, Any]:
        """ "an ability of an artifact or creature": the ability's source (CR 113.7a),
        read by the "activate" trigger (tx_clauses.ev_activate)."""
        return ("ability_of", c[-1])

    def post_ability_from(self, c: list[Any]) -> tuple[str, Any]:
        """ "target activated ability from an artifact source" (Brown Ouphe), "... from
        a colorless source" (Abstruse Archaic): the object the ability came from (CR
        113.7a), wherever it is (an ability can come from a card in a graveyard or a
        hand, 113.6) or as it last existed; "source" itself is no further kind."""
        adjs = next((x for x in c if isinstance(x, list)), [])
        kinds = tuple(str(x.value) for x in c if isinstance(x, NounWord) and x.kind == "type")
        return ("ability_of", Filter(kinds, "any", tuple(adjs)))

    def post_attached_to(self, c: list[Any]) -> tuple[str, Any]:
        """ "All Equipment attached to that creature" (CR 301.5, 303.4): the object
        named is resolved with the ability's other pronouns (ir.finalize). Not yet
        "attached to it", which in a static ability or an amount ("+1/+1 for each
        Aura attached to it") names an object no pronoun resolution reaches."""
        ref = c[0]
        if not isinstance(ref, ThatObject | SelfRef) and type(ref) is not It:
            raise CompileError("attached to: not 'that creature'")
        # "for each Equipment attached to Kemba": the source itself (rules/filters.py)
        return ("attached_to", ref)

    post_not_you_control = _post("controller", "not_you")
    #: "a permanent that's one or more colors": a colored object (CR 105.2c)
    post_colored = _post("colorless", False)
    #: "a creature enchanted player controls" (a Curse, CR 303.4e: the player it's attached to)
    post_enchanted_player_controls = _post("controller", "enchanted_player")

    def post_who_controls(self, c: list[Any], controls: bool = True) -> tuple[str, Any]:
        """ "each opponent who doesn't control an Elf" (Thornbow Archer): a player
        who controls at least one permanent of that description, or none
        (rules/filters.matches_player; CR 108.4)."""
        what = next(x for x in c if not isinstance(x, Token))
        flt = what.filter if isinstance(what, Some | EachRef) else what
        if not isinstance(flt, Filter) or (isinstance(what, Some) and what.count != 1):
            raise CompileError("who controls: not a kind of permanent")
        if flt.zone != "battlefield" or any(k == "controller" for k, _ in flt.conditions):
            raise CompileError("who controls: not a permanent they control")
        return ("controls", (flt, controls))

    def post_who_controls_more(self, c: list[Any], more: bool = True) -> tuple[str, Any]:
        """ "each opponent who controls more lands than you" (Priest of the Blessed
        Graf), "... fewer creatures than you" (Voice of Many): a player who controls
        more (fewer) permanents of that description than the ability's controller
        (rules/filters.matches_player; CR 108.4)."""
        flt = next(x for x in c if isinstance(x, Filter))
        if flt.zone != "battlefield" or any(k == "controller" for k, _ in flt.conditions):
            raise CompileError("who controls more: not a permanent they control")
        return ("controls_more" if more else "controls_fewer", flt)

    def post_who_controls_fewer(self, c: list[Any]) -> tuple[str, Any]:
        return self.post_who_controls_more(c, more=False)

    def post_who_doesnt_control(self, c: list[Any]) -> tuple[str, Any]:
        return self.post_who_controls(c, controls=False)

    post_who_controls_no = post_who_doesnt_control

    def post_voted_with_you(self, c: list[Any]) -> tuple[str, Any]:
        # "each opponent who voted for a choice you voted for" (CR 701.38, rules/vote.py)
        return ("voted_for_your_choice", True)

    def post_voted_apart_from_you(self, c: list[Any]) -> tuple[str, Any]:
        # "each opponent who voted for a choice you didn't vote for" (CR 701.38)
        return ("voted_for_choice_you_didnt", True)

    post_opp_controls = _post("controller", "opponent")

    def post_target_player_controls(self, c: list[Any]) -> tuple[str, Any]:
        """ "Creatures target player controls" (CR 115.1): the player is a target of
        the instruction, numbered with its other targets (ir.finalize) and resolved
        as it happens (rules/effects_runner.concrete)."""
        return ("controller", Tgt(TargetSpec(Filter(kinds=("player",)))))

    def post_target_opp_controls(self, c: list[Any]) -> tuple[str, Any]:
        spec = TargetSpec(Filter(kinds=("player",), conditions=(("opponent", True),)))
        return ("controller", Tgt(spec))

    post_that_player_controls = _post("controller", "that_player")
    post_defending_controls = _post("controller", "defending_player")
    post_its_controller_controls = _post("controller", "its_controller")
    post_each_player_controls = _post("controller", "each_player")
    post_you_own = _post("owner", "you")
    post_opp_owns = _post("owner", "opponent")  # "a card an opponent owns" (CR 108.3)
    post_you_own_not_control = _post("owner_not_controller", "you")
    post_chosen_type = _post("chosen_type", True)
    post_not_chosen_type = _post("not_chosen_type", True)  # Crippling Fear
    post_chosen_color = _post("chosen_color", True)
    # "sources of the color of your choice": the color is chosen as the effect
    # begins (CR 608.2d); only a prevention effect reads it (tx_verbs.vp_prevent_np)
    post_color_of_choice = _post(COLOR_OF_CHOICE, True)
    post_named_self = _post("named", "self")

    def post_named_other(self, c: list[Any]) -> tuple[str, Any]:
        """ "a card named Ajani, Valiant Protector": another card's name (CR 201.2)."""
        return ("named", other_name(str(c[0])))

    post_other_than_self = _post("other", True)

    def post_other_than_subtypes(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "creatures other than Werewolves and Wolves" (Moonmist): of none of those
        subtypes (CR 205.3)."""
        return [("not_subtype", subtype(str(t))) for t in c if getattr(t, "type", "") == "SUBTYPE"]

    post_blocking_self = _post("blocking_or_blocked_by", "self")
    post_blocking_this = _post("blocking_this", "self")  # "creatures blocking this creature"

    def post_blocking_it(self, c: list[Any]) -> tuple[str, Any]:
        """ "each creature blocking it": "it" is resolved with the ability's other
        pronouns ("whenever equipped creature becomes blocked, it deals 2 damage to
        each creature blocking it": the trigger's object, CR 603.2, 608.2c); left
        unresolved it is this object (rules/filters.py)."""
        return ("blocking_this", It())

    post_blocked_by_self = _post("blocked_by", "self")
    post_you_cast = _post("caster", "you")
    post_opp_cast = _post("caster", "opponent")
    post_attacking_you = _post("attacking_player", "you")
    post_dealt_damage = _post("dealt_damage_this_turn", True)
    post_who_lost_life = _post("lost_life_this_turn", True)  # a player (CR 119.3)
    post_dealt_damage_as_source = _post("dealt_damage_as_source_this_turn", "any")
    post_dealt_damage_to_you = _post("dealt_damage_as_source_this_turn", "you")
    post_attacked = _post("attacked_this_turn", True)
    post_attacked_or_blocked = _post("attacked_or_blocked_this_turn", True)
    post_blocked_or_was_blocked = _post("blocked_or_was_blocked", True)

    def post_blocked_or_was_blocked_by(self, c: list[Any]) -> tuple[str, Any]:
        # "that blocked or was blocked by a legendary creature this turn" (CR 509.1a)
        return ("blocked_or_was_blocked", next(x for x in c if isinstance(x, Filter)))

    post_died_this_turn = _post("died_this_turn", True)
    post_damaged_by_source = _post("dealt_damage_by_source", True)  # Diseased Vermin
    # "a creature dealt damage by this creature this turn" (Sengir Vampire)
    post_damaged_by_self_this_turn = _post("dealt_damage_by_self_this_turn", True)
    post_crewed_self = _post("crewed_source", True)  # CR 702.122b

    def post_sym_in_cost(self, c: list[Any]) -> tuple[str, Any]:
        """ "with {X} in its mana cost" (CR 107.3, 202.1): the printed mana cost holds
        the symbol {X}; no other symbol is read so."""
        sym = next(str(x) for x in c if isinstance(x, Token) and x.type == "MANA_SYM")
        if sym.upper() != "{X}":
            raise CompileError(f"with {sym} in its mana cost")
        return ("x_in_mana_cost", True)

    post_exiled_with = _post("exiled_with", "self")

    # "cast a spell from among cards exiled with it without paying its mana cost": the
    # words follow the noun's other qualifiers, so they're read as one of them and
    # taken off again by the verb (tx_verbs.free_cast_of)
    post_without_paying = _post(WITHOUT_PAYING, True)

    def post_among_exiled_with(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "a creature spell from among cards exiled with this artifact": a card in
        exile linked to this object (CR 607.2a)."""
        return [("zone", "exile"), ("exiled_with", "self")]

    post_battlefield = _post("zone", "battlefield")
    post_among_them = _post("among", "it")
    post_your_choice = _post("your_choice", True)
    post_their_choice = _post("chooser", "controller")
    # "target creature of an opponent's choice": an opponent chooses it (CR 115.1, 601.2c)
    post_opponent_choice = _post("chooser", "opponent")
    post_this_way = _post("this_way", True)
    post_destroyed_this_way = _post(DESTROYED_THIS_WAY, True)
    post_sacrificed_this_way = _post(SACRIFICED_THIS_WAY, True)
    post_entered_this_turn = _post("entered_this_turn", True)
    post_cast_before_it = _post("cast_before_it", True)  # Thousand-Year Storm
    post_attacking_or_blocking = _post("attacking_or_blocking", True)

    def post_with(self, c: list[Any]) -> Any:
        return c[0]

    def post_without_kw(self, c: list[Any]) -> tuple[str, Any]:
        return ("not_keyword", c[0].keyword)

    def post_not_from_hand(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "a spell [cast] from anywhere other than your hand" (CR 601.2a): the zone
        ``NOT_HAND``."""
        return [("zone", NOT_HAND)]

    def post_zone(self, c: list[Any]) -> list[tuple[str, Any]]:
        zone = c[0][0]
        owner = _zone_owner(c[0])
        out: list[tuple[str, Any]] = [("zone", zone)]
        if owner == SINGLE_GRAVEYARD:
            # "cards from a single graveyard": a rule for the group chosen, not for
            # one card (CR 115.3 for targets, 601.2h for a cost: rules/decisions.py)
            out.append((SINGLE_GRAVEYARD, True))
        elif owner:
            out.append(("owner", owner))
        return out

    def post_thats(self, c: list[Any]) -> Any:
        return c[0]

    def post_thats_either(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "that's green or white" (CR 105.2): either quality, as "a green or white
        creature" reads."""
        return self.adj(c)

    def post_thats_both(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "that's both red and white" (CR 105.2): both qualities."""
        out: list[tuple[str, Any]] = []
        for x in c:
            if isinstance(x, list):
                out.extend(x)
            elif isinstance(x, tuple):
                out.append(x)
        return out

    def post_thats_subtype_or(self, c: list[Any]) -> tuple[str, Any]:
        """ "each other creature you control that's a Werewolf or a Wolf" (CR 205.3):
        either subtype."""
        words = [x for x in c if isinstance(x, NounWord)]
        return ("any_of", tuple(((w.kind, w.value),) for w in words))

    def post_are_enchanted(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "creatures you control that are enchanted": with an Aura attached (CR 303.4)."""
        return [("enchanted_by", "any")]

    def post_are_equipped(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "creatures you control that are equipped": with an Equipment attached
        (CR 301.5)."""
        return [("equipped_by", "any")]

    def post_isnt(self, c: list[Any]) -> list[tuple[str, Any]]:
        return [("not_" + k, v) for k, v in c[0]]

    def post_that_targets(self, c: list[Any]) -> tuple[str, Any]:
        """ "spell that targets a creature you control", "... that targets you", "...
        that targets this creature": what one of its targets is (rules/filters.py)."""
        x = c[-1] if c else None
        if isinstance(x, Some) and isinstance(x.filter, Filter):
            return ("targets", x.filter)
        if isinstance(x, ControllerRef):
            return ("targets", Filter(kinds=("player",), conditions=(("you", True),)))
        if isinstance(x, SelfRef):
            return ("targets", "self")
        return ("targets", "specified")

    def post_that_targets_only(self, c: list[Any]) -> tuple[str, Any]:
        """ "a spell that targets only this creature": every one of its targets is
        that one (rules/filters.py)."""
        return ("targets_only", self.post_that_targets(c)[1])

    def post_spell_could_target(self, c: list[Any]) -> tuple[str, Any]:
        """ "each other creature ... that the spell could target": read by
        "copy that spell for each ..." (tx_verbs.vp_copy_for_each), nowhere else."""
        return ("spell_could_target", True)

    def post_saddled_it(self, c: list[Any]) -> tuple[str, Any]:
        """ "a creature that saddled it this turn" (CR 702.171c)."""
        return ("saddled_source", True)

    def post_shares_type(self, c: list[Any]) -> tuple[str, Any]:
        """ "a permanent that shares a card type with it" (CR 205.2a), "... a creature
        type ..." (205.3m), "... a permanent type ..." (110.4): the types that object
        has as the instruction happens (rules/effects_runner.Ctx._same_name)."""
        kind = str(getattr(c[0], "value", c[0])).lower()
        if kind not in SHARES_TYPE_KINDS:
            return ("shares_type", "specified")
        return (f"shares_{kind}_type_with", c[-1])

    def post_shares_color(self, c: list[Any]) -> tuple[str, Any]:
        """ "each other enchantment that shares a color with it" (CR 105.2)."""
        return ("shares_color_with", c[-1])

    def post_without_counter(self, c: list[Any]) -> tuple[str, Any]:
        return ("not_counter", c[0])

    def with_kw(self, c: list[Any]) -> tuple[str, Any]:
        return ("keyword", c[0].keyword)

    def with_kw_or(self, c: list[Any]) -> tuple[str, Any]:
        """ "creatures with flying or reach": one keyword or the other (CR 109.2)."""
        kws = [x.keyword for x in c if not isinstance(x, Token)]
        return ("any_of", tuple((("keyword", k),) for k in kws))

    def _stat_key(self, s: str) -> str:
        return s.replace(" ", "_")

    def with_lesser_mv(self, c: list[Any]) -> tuple[str, Any]:
        """ "target creature you control with lesser mana value" (Clement, the
        Worrywort): less than the mana value of the object the ability triggered on
        (CR 202.3, 603.2); only a triggered ability with such an object has one
        (compiler/__init__._lesser_than_trigger)."""
        return ("mana_value_lt", Amount("mana_value", ref=TriggerRef("object")))

    def with_stat_le(self, c: list[Any]) -> tuple[str, Any]:
        return (self._stat_key(c[0]) + "_le", c[1])

    def with_stat_ge(self, c: list[Any]) -> tuple[str, Any]:
        return (self._stat_key(c[0]) + "_ge", c[1])

    def with_stat_eq(self, c: list[Any]) -> tuple[str, Any]:
        return (self._stat_key(c[0]) + "_eq", c[1])

    @staticmethod
    def _stat_of(amount: Any, ref_type: type) -> str | None:
        """ "this creature's power", "its power": the stat an amount names (its
        ``kind``) when it is the power or toughness of that one object, else None."""
        if (
            isinstance(amount, Amount)
            and amount.kind in ("power", "toughness")
            and isinstance(amount.ref, ref_type)
            and amount.filter is None
        ):
            return amount.kind
        return None

    def with_stat_lt_expr(self, c: list[Any]) -> tuple[str, Any]:
        key = self._stat_key(c[0])
        amount = c[1]
        source_stat = self._stat_of(amount, SelfRef)
        if key == "power" and source_stat == "power":
            # "with power less than this creature's power" (Aura Gnarlid, mentor:
            # CR 702.134a): compared with the source's power as it is now
            return ("power_lt_source", True)
        if key == "toughness" and source_stat is not None:
            # "with toughness less than this creature's power" (Stone Giant, Thunderkin
            # Awakener): compared with the source's power or toughness as it is now
            return ("toughness_lt_source", source_stat)
        return (key + "_lt", amount)

    def with_stat_gt_expr(self, c: list[Any]) -> tuple[str, Any]:
        key = self._stat_key(c[0])
        amount = c[1]
        if key == "toughness" and self._stat_of(amount, It) == "power":
            # "each creature with toughness greater than its power" (Ancient
            # Lumberknot, Immobilizer Eldrazi): the object's own power (CR 208.1)
            return ("toughness_gt_power", True)
        return (key + "_gt", amount)

    def with_stat_le_expr(self, c: list[Any]) -> tuple[str, Any]:
        # "with mana value less than or equal to the number of lands you control"
        # (Beseech the Queen; CR 202.3): the number computed as the instruction happens
        return (self._stat_key(c[0]) + "_le", c[1])

    def with_stat_ge_expr(self, c: list[Any]) -> tuple[str, Any]:
        return (self._stat_key(c[0]) + "_ge", c[1])

    def with_stat_eq_expr(self, c: list[Any]) -> tuple[str, Any]:
        return (self._stat_key(c[0]) + "_eq", c[1])

    def with_counter(self, c: list[Any]) -> tuple[str, Any]:
        return ("counter", str(c[0]))

    def with_counters(self, c: list[Any]) -> tuple[str, Any]:
        n, kind = c[0]
        return ("counters_ge", (kind, n))

    def with_any_counter(self, c: list[Any]) -> tuple[str, Any]:
        return ("counter", "any")

    def with_greatest(self, c: list[Any]) -> tuple[str, Any]:
        return ("greatest_" + self._stat_key(c[0]), c[1])

    def with_greatest_tied(self, c: list[Any]) -> tuple[str, Any]:
        """ "the creature with the greatest power or tied for the greatest power": no
        object of its card types has a greater one (rules/filters._greatest)."""
        if c[0] != c[-1]:
            raise CompileError("greatest: two different characteristics")
        return ("greatest_" + self._stat_key(c[0]), True)

    def with_lowest(self, c: list[Any]) -> tuple[str, Any]:
        """ "target nonland permanent with the lowest mana value" (Culling Scales): no
        other object of the description has a lower one (ties all qualify)."""
        return ("lowest_" + self._stat_key(c[0]), True)

    def with_same_name(self, c: list[Any]) -> tuple[str, Any]:
        if isinstance(c[0], Some) and c[0].count == 1 and not c[0].up_to:
            # "with the same name as a card in your graveyard / another creature you
            # control": any one of those objects, as it is checked (rules/filters.py,
            # CR 201.2)
            return ("same_name_as", EachRef(c[0].filter))
        return ("same_name_as", c[0])

    def with_different_names(self, c: list[Any]) -> tuple[str, Any]:
        return ("different_names", True)

    def with_different_powers(self, c: list[Any]) -> tuple[str, Any]:
        # "three or more creatures with different powers" (coven): a rule for the
        # group counted (rules/conditions.py), not for one object
        return ("different_powers", True)

    def with_that_name(self, c: list[Any]) -> tuple[str, Any]:
        return ("chosen_name", True)

    def with_activated(self, c: list[Any]) -> tuple[str, Any]:
        return ("has_activated_ability", True)

    def with_mana_ability(self, c: list[Any]) -> tuple[str, Any]:
        return ("has_mana_ability", True)

    def with_basic_land_type(self, c: list[Any]) -> tuple[str, Any]:
        """ "with a basic land type": Plains, Island, Swamp, Mountain or Forest
        (CR 205.3i, 305.6)."""
        if str(c[0]).lower() != "land":
            raise CompileError("with a basic [type] type")
        return ("subtype_in", BASIC_LAND_TYPES)

    def with_single_target(self, c: list[Any]) -> tuple[str, Any]:
        return ("single_target", True)

    # zones
    def _owner_of(self, c: list[Any]) -> str | None:
        words = _words([x for x in c if isinstance(x, Token)])
        if words.startswith("your"):
            return "you"
        if words.startswith("an opponent"):
            return "opponent"
        if words.startswith("a single"):
            return SINGLE_GRAVEYARD  # "from a single graveyard": any one of them
        if words.startswith("a ") or words.startswith("all") or not words:
            return None
        for x in c:
            if isinstance(x, Tgt):
                return "target_player"
        return "that_player"

    def graveyard_of(self, c: list[Any]) -> tuple[str, str | None]:
        return ZoneOf("graveyard", self._owner_of(c), self._player_target(c))

    def hand_of(self, c: list[Any]) -> tuple[str, str | None]:
        return ZoneOf("hand", self._owner_of(c), self._player_target(c))

    def library_of(self, c: list[Any]) -> tuple[str, str | None]:
        theirs = _words([x for x in c if isinstance(x, Token)]).startswith("their")
        return ZoneOf("library", self._owner_of(c), self._player_target(c), theirs)

    @staticmethod
    def _player_target(c: list[Any]) -> Tgt | None:
        """ "target player's hand": the player target in a zone phrase."""
        return next((x for x in c if isinstance(x, Tgt)), None)

    def zone_graveyard(self, c: list[Any]) -> tuple[str, str | None]:
        return c[0]

    zone_hand = zone_library = zone_graveyard

    def zone_hand_or_graveyard(self, c: list[Any]) -> tuple[str, str]:
        return ("hand_or_graveyard", "you")

    def zone_library_or_graveyard(self, c: list[Any]) -> tuple[str, str]:
        return ("library_or_graveyard", "you")

    def zone_exile(self, c: list[Any]) -> tuple[str, None]:
        return ("exile", None)

    def zone_any_graveyard(self, c: list[Any]) -> tuple[str, None]:
        return ("graveyard", None)

    def zone_opp_graveyard(self, c: list[Any]) -> tuple[str, str]:
        return ("graveyard", "opponent")

    def zone_battlefield(self, c: list[Any]) -> tuple[str, None]:
        return ("battlefield", None)

    def zone_stack(self, c: list[Any]) -> tuple[str, None]:
        return ("stack", None)

    def owner_hand(self, c: list[Any]) -> str:
        return "owner"

    def your_hand(self, c: list[Any]) -> str:
        return "you"

    def their_hand(self, c: list[Any]) -> str:
        return "that_player"

    # noun phrase heads
    def self_ref(self, c: list[Any]) -> SelfRef:
        return SelfRef()

    def grantor_ref(self, c: list[Any]) -> GrantorRef:
        # the card's own name inside a quoted ability: the card granting it (CR 201.5)
        return GrantorRef()

    def np_you(self, c: list[Any]) -> ControllerRef:
        return ControllerRef()

    def pron_it(self, c: list[Any]) -> It:
        return It()

    def pron_itself(self, c: list[Any]) -> Any:
        """ "Itself" is the clause's own subject ("each creature deals damage to itself":
        each one to itself; "target creature deals 3 damage to itself"), not an "it"
        read from what was named before (CR 608.2c)."""
        return SUBJ

    def pron_them(self, c: list[Any]) -> Them:
        return Them()

    def pron_those(self, c: list[Any]) -> Any:
        nouns = [x for x in c if isinstance(x, NounWord)]
        if nouns and nouns[0].kind == "head" and nouns[0].value in ("player", "opponent"):
            return ThatPlayer()
        return Those()

    def pron_that(self, c: list[Any]) -> Any:
        nouns = [x for x in c if isinstance(x, NounWord)]
        if nouns and nouns[0].kind == "head" and nouns[0].value in ("player", "opponent"):
            return ThatPlayer()
        if nouns and all(n.kind == "head" and n.value in ("spell", "ability") for n in nouns):
            return ThatSpell()
        if nouns and all(n.kind == "head" and n.value == "card" for n in nouns):
            return ThatCard()
        return ThatObject()

    def pron_player(self, c: list[Any]) -> ThatPlayer:
        return ThatPlayer()

    def np_it(self, c: list[Any]) -> It:
        return It()

    def np_revealed_card(self, c: list[Any]) -> RevealedCard:
        return RevealedCard()

    def np_each_of_them(self, c: list[Any]) -> Them:
        # "Other creatures you control get +2/+2 ... Put an indestructible counter on
        # each of them" (Summon: Knights of Round): a plural pronoun, the objects of
        # the instruction before it (ir.Them, CR 608.2c), never the source itself
        return Them()

    def np_the_token(self, c: list[Any]) -> TheToken:
        # "create a token, then mill two cards. Put a counter on the token": the
        # token made, even after another instruction (ir.finalize, CR 608.2c)
        return TheToken()

    def np_each_of_those(self, c: list[Any]) -> Them:
        # "each of those creatures": plural, the objects of the instruction before
        # (ir.finalize, CR 608.2c)
        return Them()

    def np_each_of_targets(self, c: list[Any]) -> Any:
        # "put a +1/+1 counter on each of up to two target creatures": the targets,
        # each of them (CR 115.1, 608.2b)
        return c[0]

    def np_the_exiled(self, c: list[Any]) -> ExiledCard:
        return ExiledCard()  # CR 607.2a (resolved in ir.finalize)

    def np_its_abilities(self, c: list[Any]) -> It:
        return It()

    def np_possessive_abilities(self, c: list[Any]) -> Any:
        """ "Enchanted creature's activated abilities can't be activated" (Stupefying
        Touch): the restriction is on that object's activated abilities (CR 602.5)."""
        return c[0]

    def np_of_them(self, c: list[Any]) -> ChooseRef:
        """ "One of them", "two of those cards": chosen among what an earlier
        instruction looked at, revealed or exiled (CR 608.2d)."""
        lo, hi = next(x for x in c if isinstance(x, tuple))
        if lo == 0:
            return ChooseRef(among_them(), hi, up_to=True)
        if hi == 99 and lo == 1:
            return ChooseRef(among_them(), "one_or_more")
        return ChooseRef(among_them(), lo)

    def np_the_target(self, c: list[Any]) -> TheTarget:
        """ "The creature you control" / "the creature you don't control" (Joust): the
        target so named, found in :func:`ir.finalize` (CR 115.1, 608.2c)."""
        return TheTarget(card_type(str(c[0])), "you")

    def np_the_target_not_yours(self, c: list[Any]) -> TheTarget:
        return TheTarget(card_type(str(c[0])), "not_you")

    def np_sacrificed(self, c: list[Any]) -> ParentRef:
        return ParentRef("sacrificed")

    def np_abilities_of(self, c: list[Any]) -> EachRef:
        flt = c[0]
        return EachRef(Filter(("ability",), flt.zone, (("activated", True), ("of", flt))))

    def np_keyword_abilities(self, c: list[Any]) -> EachRef:
        """ "Equip abilities you activate" (Bureau Headmaster): the activated
        abilities of that keyword its controller activates (CR 602.2b)."""
        spec = KEYWORDS_BY_LOWER.get(str(c[0]).lower())
        if spec is None:
            raise CompileError("abilities of an unknown keyword")
        kw = spec.name
        conds = (("activated", True), ("caster", "you"), ("keyword", kw))
        return EachRef(Filter(("ability",), "battlefield", conds))

    def np_rest(self, c: list[Any]) -> It:
        return Rest()

    def tgt(self, c: list[Any]) -> Tgt:
        return Tgt(TargetSpec(c[0]))

    def tgt_n(self, c: list[Any]) -> Tgt:
        (lo, hi), flt = c
        return Tgt(TargetSpec(flt, lo, hi))

    def tgt_another(self, c: list[Any]) -> Tgt:
        return Tgt(TargetSpec(c[0].with_condition("other", True)))

    def tgt_n_other(self, c: list[Any]) -> Tgt:
        (lo, hi), flt = c[0], c[-1]
        return Tgt(TargetSpec(flt.with_condition("other", True), lo, hi))

    def tgt_second(self, c: list[Any]) -> Tgt:
        """ "a second target creature": not the object chosen for the earlier target
        (CR 115.3, 601.2c), though it may be the source itself (unlike "another")."""
        return Tgt(TargetSpec(c[-1].with_condition("second_target", True)))

    def tgt_any(self, c: list[Any]) -> Tgt:
        return Tgt(TargetSpec(ANY_TARGET))

    def tgt_any_damaged(self, c: list[Any]) -> Tgt:
        """ "Any target that was dealt damage this turn" (Needle Drop; CR 115.4, 120.3):
        a creature, player, planeswalker or battle dealt damage this turn."""
        return Tgt(TargetSpec(ANY_TARGET.with_condition("dealt_damage_this_turn", True)))

    def tgt_any_other(self, c: list[Any]) -> Tgt:
        return Tgt(TargetSpec(ANY_TARGET.with_condition("other", True)))

    def tgt_n_andor(self, c: list[Any]) -> Tgt:
        n = c[0]
        kinds = tuple(card_type(str(x)) for x in c[1:] if isinstance(x, Token))
        return Tgt(TargetSpec(Filter(kinds=kinds), 0, _int(n)))

    def det_up_to(self, c: list[Any]) -> tuple[int, Any]:
        return (0, c[0])

    def det_n(self, c: list[Any]) -> tuple[Any, Any]:
        return (c[0], c[0])

    def det_that_many(self, c: list[Any]) -> tuple[Amount, Amount]:
        """ "that many permanents": as many as the event or an earlier instruction
        named (CR 608.2c)."""
        return (Amount("that_much"), Amount("that_much"))

    def det_up_to_that_many(self, c: list[Any]) -> tuple[int, Amount]:
        """ "up to that many target cards" (CR 608.2c, 115.1)."""
        return (0, Amount("that_much"))

    def det_any_number(self, c: list[Any]) -> tuple[int, int]:
        return (0, 99)

    def det_one_or_two(self, c: list[Any]) -> tuple[int, int]:
        return (1, 2)

    def det_one_or_more(self, c: list[Any]) -> tuple[int, int]:
        return (1, 99)

    def det_a(self, c: list[Any]) -> tuple[int, int]:
        return (1, 1)

    def det_n_or_more(self, c: list[Any]) -> tuple[Any, int]:
        return (c[0], 99)

    def det_eq_cards(self, c: list[Any]) -> tuple[Any, Any]:
        return (c[0], c[0])

    def np_each(self, c: list[Any]) -> EachRef:
        return EachRef(c[0])

    np_all = np_bare = np_each

    def np_some(self, c: list[Any]) -> Some:
        (lo, hi), flt = c
        if any(k in _ATTACHED_KEYS and v == "self" for k, v in flt.conditions):
            # "an equipped creature", "one or more enchanted creatures": any creature
            # with an Equipment (Aura) attached, not the one this object is attached
            # to (CR 301.5, 303.4)
            flt = Filter(
                flt.kinds,
                flt.zone,
                tuple((k, "any" if k in _ATTACHED_KEYS else v) for k, v in flt.conditions),
            )
        if lo == 0:
            return Some(flt, hi, up_to=True)
        if hi == 99 and lo == 1:
            return Some(flt, "one_or_more")
        return Some(flt, lo)

    def np_another(self, c: list[Any]) -> Some:
        return Some(c[0].with_condition("other", True), 1)

    def np_chosen(self, c: list[Any]) -> It | EachRef:
        if getattr(c[0], "value", c[0]) in ("player", "opponent"):
            # "the chosen player": the player chosen as the permanent entered
            # (CR 607.2a), not a pronoun for the subject
            return EachRef(Filter(kinds=("player",), conditions=(("chosen_player", True),)))
        return It()

    def np_top_cards(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("top", c[0], c[1])

    def np_that_many_top(self, c: list[Any]) -> tuple[str, Any, Any]:
        """ "that many cards from the top of your library" (Gishath, Sun's Avatar):
        "the top that many cards of your library" (CR 401.1, 608.2c)."""
        return ("top", Amount("that_much"), c[0])

    def np_top_card(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("top", 1, c[0])

    def np_bottom_card(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("bottom", 1, c[0])

    def np_opponents(self, c: list[Any]) -> EachRef:
        return EachRef(Filter(kinds=("player",), conditions=(("opponent", True),)))

    def np_each_other_player(self, c: list[Any]) -> EachRef:
        return EachRef(Filter(kinds=("player",), conditions=(("other_than_you", True),)))

    def np_defending(self, c: list[Any]) -> EachRef:
        return EachRef(Filter(kinds=("player",), conditions=(("defending", True),)))

    def np_attacked_by_it(self, c: list[Any]) -> TriggerRef:
        """ "the player or planeswalker it's attacking" (Hellrider, Scorch Spitter):
        the player or planeswalker the creature the trigger is about attacks as the
        ability resolves (CR 506.4, 508.1b); a battle it attacks isn't one of them."""
        if str(c[0]).lower() != "planeswalker":
            raise CompileError(f"attacked: 'the player or {c[0]}'")
        return TriggerRef("attacked")

    def np_enchanted_player(self, c: list[Any]) -> EachRef:
        return EachRef(Filter(kinds=("player",), conditions=(("enchanted_by", "self"),)))

    def np_that_spell_controller(self, c: list[Any]) -> ControllerOfRef:
        return ControllerOfRef(It())  # type: ignore[arg-type]  # ir.It, resolved by the compiler

    def np_source_controller(self, c: list[Any]) -> ControllerOfRef:
        """ "The source's controller" of a prevention effect's additional effect (CR
        615.5): the controller of the source of the damage prevented."""
        return ControllerOfRef(TriggerRef("source"))

    def np_exiled_with(self, c: list[Any]) -> EachRef:
        return EachRef(Filter(kinds=("card",), zone="exile", conditions=(("exiled_with", "self"),)))

    def np_controller_of(self, c: list[Any]) -> ControllerOfRef:
        return ControllerOfRef(c[0])

    def np_owner_of(self, c: list[Any]) -> OwnerOfRef:
        return OwnerOfRef(c[0])

    def np_controller_or_player(self, c: list[Any]) -> ControllerOfRef:
        """ "that permanent's controller or that player" (after "deals damage to any
        target"): the controller of the permanent, or the player, that was the target
        (a player's "controller" is that player, rules/effects_runner.refs)."""
        return ControllerOfRef(It())  # type: ignore[arg-type]  # ir.It, resolved by the compiler

    def np_that_player_or_type(self, c: list[Any]) -> ThatPlayerOr:
        """ "that player or planeswalker": the target named "target player or
        planeswalker" before it (Searing Blaze; CR 115.1, 608.2c)."""
        return ThatPlayerOr(card_type(str(c[-1])))

    def np_its_controller(self, c: list[Any]) -> ControllerOfRef:
        return ControllerOfRef(It())  # type: ignore[arg-type]  # ir.It, resolved by the compiler

    def np_its_owner(self, c: list[Any]) -> OwnerOfRef:
        return OwnerOfRef(It())  # type: ignore[arg-type]  # ir.It, resolved by the compiler

    def np_its_controller_and_you(self, c: list[Any]) -> list[Any]:
        return [ControllerOfRef(It()), ControllerRef()]  # type: ignore[arg-type]  # ir.It, resolved by the compiler

    def np_self_or(self, c: list[Any]) -> tuple[str, Any]:
        return ("self_or", c[1])

    def np_list(self, c: list[Any]) -> list[Any]:
        out: list[Any] = []
        for x in c:
            if isinstance(x, Token):
                continue
            if isinstance(x, list):
                out.extend(x)
            else:
                out.append(x)
        return out

    # ----------------------------------------------------------------- amounts
    def amount_one(self, c: list[Any]) -> int:
        return 1

    def amount_that_much(self, c: list[Any]) -> Amount:
        return Amount("that_much")

    def amount_twice_x(self, c: list[Any]) -> Amount:
        return Amount("x", multiplier=2)

    def amt_stat(self, c: list[Any]) -> Amount:
        return Amount(c[1].replace(" ", "_"), ref=c[0])

    def amt_that_spell_stat(self, c: list[Any]) -> Amount:
        # "where X is that spell's mana value" (a cast trigger's spell, CR 603.2)
        return self.amt_stat([ThatSpell(), c[0]])

    def amt_its_stat(self, c: list[Any]) -> Amount:
        return Amount(c[0].replace(" ", "_"), ref=It())  # type: ignore[arg-type]  # ir.It, resolved by the compiler

    def amt_count(self, c: list[Any]) -> Amount:
        flt = c[0]
        if len(c) > 1:
            zone, owner = c[1][0], _zone_owner(c[1])
            flt = Filter(
                flt.kinds, zone, (*flt.conditions, *((("owner", owner),) if owner else ()))
            )
        return count_of(flt)

    def amt_card_types(self, c: list[Any]) -> Amount:
        # "the number of card types among cards in all graveyards" (CR 205.2a);
        # ``value`` is added to the count ("that number plus 1")
        zone, owner = c[-1]
        conds = (("owner", owner),) if owner else ()
        return Amount("card_types", filter=Filter(("card",), zone, conds))

    def amt_counters(self, c: list[Any]) -> Amount:
        return Amount("counters", ref=c[1], filter=Filter(conditions=(("counter", str(c[0])),)))

    def amt_all_counters(self, c: list[Any]) -> Amount:
        """ "where X is the number of counters on it" (Spider-Man Noir; CR 122.1):
        counters of every kind together."""
        return Amount("counters", ref=c[-1], filter=Filter(conditions=(("counter", "*"),)))

    def amt_counters_removed(self, c: list[Any]) -> Amount:
        """ "the number of pain counters removed this way" (Torture Chamber): how many
        counters the ability's cost removed (CR 602.2b, 122.1), recorded as it was
        paid (rules/activating.py)."""
        return Amount("counters_removed")

    def amt_that_much(self, c: list[Any]) -> Amount:
        return Amount("that_much")

    def amt_prevented(self, c: list[Any]) -> Amount:
        """ "the damage prevented this way" (CR 615.5): known when the prevention
        effect prevents damage (effects/combat.prevent_damage)."""
        return Amount("prevented")

    def amt_damage_to_player(self, c: list[Any]) -> Amount:
        """ "the damage already dealt to that player this turn" (CR 120.3)."""
        return Amount("damage_to_player", ref=_obj(c[-1]))

    def amt_life(self, c: list[Any]) -> Amount:
        return Amount("life", ref=ControllerRef())

    def amt_devotion(self, c: list[Any]) -> Amount:
        """ "your devotion to green" (CR 700.5): the color as the filter's."""
        colors = tuple(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return Amount(
            "devotion", filter=Filter((), "battlefield", tuple(("color", x) for x in colors))
        )

    def amt_life_lost(self, c: list[Any]) -> Amount:
        """ "the life you've lost this turn" (CR 119.3, 120.3a)."""
        return Amount("life_lost_this_turn", ref=ControllerRef())

    def amt_hand(self, c: list[Any]) -> Amount:
        owner = _zone_owner(c[0])
        return Amount("count", filter=Filter(("card",), "hand", (("owner", owner),)))

    def amt_gy(self, c: list[Any]) -> Amount:
        owner = _zone_owner(c[0])
        return Amount("count", filter=Filter(("card",), "graveyard", (("owner", owner),)))

    # CR 107.1: numbers added up ("1 plus the number of ...", "... plus the number
    # of ...", "twice the number of ..."): Amount "sum", counted as it's needed
    def amt_n_plus(self, c: list[Any]) -> Amount:
        n, addend = c[0], c[-1]
        if isinstance(n, int):
            return Amount("sum", terms=(addend,), value=n)
        return Amount("sum", terms=(n, addend))

    def amt_plus(self, c: list[Any]) -> Amount:
        left, addend = c[0], c[-1]
        if isinstance(left, Amount) and left.kind == "sum" and left.multiplier == 1:
            return replace(left, terms=(*left.terms, addend))
        return Amount("sum", terms=(left, addend))

    def amt_minus(self, c: list[Any]) -> Amount:
        """ "A minus B" (CR 107.1): B subtracted; a result below 0 counts as 0 where
        a number of things is meant (107.1b, rules/effects_runner.Ctx.count)."""
        left, sub = c[0], c[-1]
        if isinstance(sub, int):
            return Amount("sum", terms=(left,), value=-sub)
        return Amount("sum", terms=(left, Amount("sum", terms=(sub,), multiplier=-1)))

    def amt_n_minus(self, c: list[Any]) -> Amount:
        """ "3 minus the number of cards in their hand" (Rackling; CR 107.1)."""
        n, sub = c[0], c[-1]
        if not isinstance(n, int):
            raise CompileError("minus: not a number first")
        return Amount("sum", terms=(Amount("sum", terms=(sub,), multiplier=-1),), value=n)

    def amt_twice(self, c: list[Any]) -> Amount:
        return Amount("sum", terms=(c[-1],), multiplier=2)

    def amt_twice_its_stat(self, c: list[Any]) -> Amount:
        # "twice its power": that object's power, doubled (CR 107.1, 208.1)
        return Amount("sum", terms=(self.amt_its_stat(c),), multiplier=2)

    def amt_n_plus_twice(self, c: list[Any]) -> Amount:
        n, addend = c[0], c[-1]
        twice = Amount("sum", terms=(addend,), multiplier=2)
        if isinstance(n, int):
            return Amount("sum", terms=(twice,), value=n)
        return Amount("sum", terms=(n, twice))

    def amt_greatest(self, c: list[Any]) -> Amount:
        return Amount("greatest_" + c[0].replace(" ", "_"), filter=c[1])

    def amt_chosen_number(self, c: list[Any]) -> Amount:
        # "that number", "the chosen number": the number chosen as the effect resolved
        return Amount("chosen_number")

    def amt_stored_same(self, c: list[Any]) -> Amount:
        # CR 706.8: "the greatest number of stored results on it of the same value"
        return Amount("stored_results_same", ref=SelfRef())

    def amt_its_mv(self, c: list[Any]) -> Amount:
        return Amount("mana_value", ref=It())  # type: ignore[arg-type]  # ir.It, resolved by the compiler

    def amt_total_power(self, c: list[Any]) -> Amount:
        """ "the total power of creatures you control" (Ghalta, Primal Hunger)."""
        return Amount("total_power", filter=c[-1])

    def amt_total_toughness(self, c: list[Any]) -> Amount:
        return Amount("total_toughness", filter=c[-1])

    def amt_total_mana_value(self, c: list[Any]) -> Amount:
        """ "the total mana value of noncreature artifacts you control" (CR 202.3)."""
        return Amount("total_mana_value", filter=c[-1])

    def amt_colors_spent(self, c: list[Any]) -> Amount:
        """Converge: "the number of colors of mana spent to cast this spell" (CR 601.2h)."""
        return Amount("colors_spent")

    def amt_colors_among(self, c: list[Any]) -> Amount:
        """ "the number of colors among permanents you control" (CR 105.1)."""
        return Amount("colors_among", filter=c[-1])

    def cards_each_color(self, c: list[Any]) -> Amount:
        # "draw a card for each color among permanents you control" (Soul of Ravnica)
        return Amount("colors_among", filter=c[-1])

    def amt_die_result(self, c: list[Any]) -> Amount:
        """ "equal to the result": of the die that triggered the ability, else of the
        last roll (CR 706.2; rules/chance.py)."""
        return Amount("die_result")

    def amt_cards_drawn(self, c: list[Any]) -> Amount:
        """ "the number of cards you've drawn this turn" (CR 121.2: each card drawn)."""
        return Amount("cards_drawn_this_turn", ref=ControllerRef())

    def amt_life_gained(self, c: list[Any]) -> Amount:
        """ "the amount of life you gained this turn" (CR 119.3)."""
        return Amount("life_gained_this_turn", ref=ControllerRef())

    def amt_domain(self, c: list[Any]) -> Amount:
        # "the number of basic land types among lands you control" (CR 305.6)
        return domain_amount(c)

    def amt_votes(self, c: list[Any]) -> Amount:
        # "the number of security votes" (CR 701.38, effects/vote.py)
        return vote_count(str(c[0]))

    def amt_party(self, c: list[Any]) -> Amount:
        # "the number of creatures in your party" (CR 700.8)
        return Amount("party")

    def amt_times_kicked(self, c: list[Any]) -> Amount:
        # "the number of times it was kicked" (multikicker, CR 702.33d)
        return Amount("times_kicked")

    def amt_mana_spent(self, c: list[Any]) -> Amount:
        return Amount("mana_spent")

    def amt_life_paid_as_entered(self, c: list[Any]) -> Amount:
        """ "the life paid as it entered" (Minion of the Wastes, CR 614.12): the
        number chosen as it entered, kept with the permanent (CR 607.2a)."""
        return Amount("life_paid_as_entered")

    def amt_experience(self, c: list[Any]) -> Amount:
        """ "the number of experience counters you have" (CR 122.1)."""
        return EXPERIENCE_COUNTERS

    def amt_opponents(self, c: list[Any]) -> Amount:
        return Amount("count", filter=Filter(kinds=("player",), conditions=(("opponent", True),)))

    def cards_one(self, c: list[Any]) -> int:
        return 1

    def cards_n(self, c: list[Any]) -> Any:
        return c[0] if c else Amount("x")

    def cards_eq(self, c: list[Any]) -> Any:
        return c[0]

    def cards_difference(self, c: list[Any]) -> Amount:
        """ "draw cards equal to the difference": the difference the condition before
        it names, "if you have fewer than seven cards in hand" (Damia); bound to it by
        the triggered ability (tx_clauses.triggered), else not run."""
        return Amount("difference")

    def cards_that_many_plus(self, c: list[Any]) -> Amount:
        return Amount("that_much", value=_int(c[-1]))

    def cards_that_many(self, c: list[Any]) -> Amount:
        return Amount("that_much")

    def cards_each(self, c: list[Any]) -> Amount:
        return count_of(c[0])

    def cards_each_devoured(self, c: list[Any]) -> Amount:
        # "draw a card for each creature it devoured" (CR 702.82c)
        flt = c[0]
        if not (isinstance(flt, Filter) and flt.kinds == ("Creature",) and not flt.conditions):
            raise CompileError(f"a card for each {flt!r} it devoured")
        return Amount("devoured")

    def cards_each_counter(self, c: list[Any]) -> Amount:
        # "draw a card for each +1/+1 counter on it" (CR 122.1)
        return counters_on(str(c[0]), _obj(c[-1]))

    def counter_one(self, c: list[Any]) -> tuple[Any, str]:
        return (1, str(c[0]))

    def counter_n(self, c: list[Any]) -> tuple[Any, str]:
        return (c[0], str(c[1]))

    def counter_that_many(self, c: list[Any]) -> tuple[Any, str]:
        return (Amount("that_much"), str(c[0]))

    def counter_all(self, c: list[Any]) -> tuple[Any, str]:
        return ("all", str(c[0]))

    def counter_all_any(self, c: list[Any]) -> tuple[Any, str]:
        return ("all", "any")

    def counter_any(self, c: list[Any]) -> tuple[Any, str]:
        return (1, "any")

    def counter_eq(self, c: list[Any]) -> tuple[Any, str]:
        return (c[1], str(c[0]))

    def counter_each(self, c: list[Any]) -> tuple[Any, str]:
        return (count_of(c[1]), str(c[0]))

    def counter_n_each(self, c: list[Any]) -> tuple[Any, str]:
        return (count_of(c[2], _int(c[0])), str(c[1]))

    def times(self, c: list[Any]) -> int:
        return c[0] if c else 2

    def times_that_many(self, c: list[Any]) -> Amount:
        """ "investigate that many times" (CR 608.2c)."""
        return Amount("that_much")
