"""Transformer rules for words, keyword abilities (CR 702) and costs (CR 118)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from ..abilities import (
    Ability,
    AbilityKind,
    Amount,
    Condition,
    Cost,
    EachRef,
    Effect,
    Filter,
    GrantorRef,
    SelfRef,
    StaticEffect,
)
from .filters import Alt, NounWord, build_filter, card_type, either_filter, subtype, with_zone
from .ir import Body, Some
from .normalize import other_name
from .tables import KEYWORDS_BY_LOWER, NUMBER_WORDS
from .tx_common import (
    CompileError,
    Parsed,
    _cost_dict,
    _pt_value,
    _words,
)

#: "is tapped", "is attacking": adjectives of a condition as filter conditions (CR 109.2)
_ADJ_QUALITIES: dict[str, tuple[tuple[str, Any], ...]] = {
    "tapped": (("tapped", True),),
    "untapped": (("tapped", False),),
    "attacking": (("attacking", True),),
    "blocking": (("blocking", True),),
    "attacking or blocking": (("any_of", ((("attacking", True),), (("blocking", True),))),),
    "legendary": (("supertype", "Legendary"),),
    "face down": (("face_down", True),),
    # "as long as it's enchanted / equipped": an Aura / Equipment is attached to it
    # (CR 303.4, 301.5)
    "enchanted": (("enchanted_by", "any"),),
    "equipped": (("equipped_by", "any"),),
    # designations (CR 701.37b; "if it's renowned": renown's, 702.112b)
    "monstrous": (("monstrous", True),),
    "renowned": (("renowned", True),),
    "suspected": (("suspected", True),),  # CR 701.60b
    "solved": (("solved", True),),  # a Case's designation, CR 719.3b
    # "as long as it's paired with another creature" (soulbond, CR 702.95b)
    "paired with another creature": (("paired", True),),
    # "as long as it's modified": a counter on it, equipped, or enchanted by an Aura
    # its controller controls (CR 700.9)
    "modified": (("modified", True),),
}


class KeywordRules:
    """Transformer rules for words, keyword abilities (CR 702) and costs (CR 118)."""

    # ------------------------------------------------------------------ words
    def _join(self, children: list[Any]) -> str:
        return _words(children)

    kw_simple = kw_n_name = kw_cost_name = kw_act_name = kw_n_cost_name = _join
    landwalk = typecycling = step_name = choose_count = _join
    self_noun = roman = stat = ordinal = _join

    def tied_stat(self, children: list[Any]) -> str:
        # "power or" (of "the greatest power or tied for the greatest power")
        return _words(children[:-1])

    def cond_adj(self, c: list[Any]) -> tuple[str, Any, str]:
        """ "is a Human", "is tapped", "is attacking or blocking", "is red": the
        quality as a Filter the object must match, with the words for messages
        (``("quality", None, text)`` when the words have no filter yet)."""

        text = _words([x for x in c if not isinstance(x, list)])
        lists = [x for x in c if isinstance(x, list)]
        nouns = lists[-1] if lists else None
        # "if that land was a snow land" (Icequake): adjectives before the noun
        adjs = lists[0] if len(lists) == 2 else []
        quality: Filter | None = None
        if nouns:
            words = [str(x) for x in c if isinstance(x, Token)]
            if words in (["a"], ["an"]):
                quality = build_filter([Alt(adjs, nouns)], [])
        else:
            conds = _ADJ_QUALITIES.get(text)
            if conds is not None:
                quality = Filter((), "battlefield", conds)
            elif text in ("white", "blue", "black", "red", "green"):
                quality = Filter((), "battlefield", (("color", text),))
        return ("quality", quality, text)

    def cond_adj_list(self, c: list[Any]) -> tuple[str, Any, str]:
        """ "If that creature is a Bird, Frog, Otter, or Rat" (Splash Portal; CR 205.3):
        a quality any one of the nouns gives."""
        nouns = [x for x in c if isinstance(x, list)]
        text = " or ".join(" ".join(str(getattr(w, "value", w)) for w in n) for n in nouns)
        return ("quality", build_filter([Alt([], n) for n in nouns], []), text)

    def card_type_word(self, c: list[Any]) -> NounWord:
        word = str(c[0])
        kind = card_type(word)
        return NounWord("type", kind, plural=word.lower() != kind.lower())

    def subtype_word(self, c: list[Any]) -> NounWord:
        return NounWord("subtype", subtype(_words(c)))

    def color_word(self, c: list[Any]) -> str:
        return str(c[0])

    def color_adj(self, c: list[Any]) -> str:
        return str(c[0])

    def number_word(self, c: list[Any]) -> int:
        return NUMBER_WORDS[str(c[0])]

    def num(self, c: list[Any]) -> int:
        return int(c[0])

    def num_x(self, c: list[Any]) -> Amount:
        return Amount("x")

    def num_word(self, c: list[Any]) -> int:
        return c[0]

    def mana_cost(self, c: list[Any]) -> str:
        return "".join(str(t) for t in c)

    # --------------------------------------------------------------- keywords
    def _kw(self, name: str, **args: Any) -> Ability:
        spec = KEYWORDS_BY_LOWER.get(name.lower())
        canonical = spec.name if spec else name[:1].upper() + name[1:]
        kind = AbilityKind.ACTIVATED if spec and spec.activated else AbilityKind.STATIC
        cost = None
        c = args.get("cost")
        if kind is AbilityKind.ACTIVATED:
            cost = c if isinstance(c, Cost) else Cost(mana=c if isinstance(c, str) else None)
        timing = (
            "sorcery"
            if canonical
            in (
                "Equip",
                "Reconfigure",
                "Fortify",
                "Outlast",
                "Scavenge",
                "Embalm",
                "Eternalize",
                "Level up",
                "Transmute",
                "Unearth",
                "Craft",
                "Encore",
            )
            else None
        )
        return Ability(kind, keyword=canonical, keyword_args=args, cost=cost, timing=timing)

    def kw_plain(self, c: list[Any]) -> Ability:
        return self._kw(c[0])

    def kw_n(self, c: list[Any]) -> Ability:
        return self._kw(c[0], n=c[1])

    def kw_devour_quality(self, c: list[Any]) -> Ability:
        """ "Devour artifact 1" (CR 702.82c): sacrifice any number of [quality]
        permanents as it enters."""
        word = c[0]
        quality = (
            Filter(kinds=(card_type(str(word).lower()),))
            if word.type == "CARD_TYPE"
            else Filter(kinds=("permanent",), conditions=(("subtype", subtype(str(word).lower())),))
        )
        return self._kw("Devour", n=c[1], quality=quality)

    def kw_cost(self, c: list[Any]) -> Ability:
        if isinstance(c[1], dict):  # Prototype {2}{R} — 3/2 (CR 702.160)
            return self._kw(c[0], **c[1])
        return self._kw(c[0], cost=c[1])

    def kw_cost_pt(self, c: list[Any]) -> dict[str, Any]:
        p, t = str(c[1]).split("/")
        return {"cost": c[0], "power": _pt_value(p), "toughness": _pt_value(t)}

    kw_act = kw_cost

    def kw_act_quality(self, c: list[Any]) -> Ability:
        return self._kw(c[0], cost=c[2], filter=c[1])

    def kw_cost2(self, c: list[Any]) -> Ability:
        # "Kicker {1}{B} and/or {2}": two kicker costs (CR 702.33a-b).
        return self._kw(c[0], cost=c[1], costs=(c[1], c[-1]))

    def kw_x_cost(self, c: list[Any]) -> Ability:
        # "Suspend X—{X}{3}{U}. X can't be 0.": X time counters, X chosen as it's
        # suspended (CR 702.62a, 107.3); the least X allowed
        x_min = int(str(c[2])) + 1 if len(c) > 2 else 0
        return self._kw(c[0], n="X", cost=c[1], x_min=x_min)

    def kw_n_sunburst(self, c: list[Any]) -> Ability:
        # "Modular—Sunburst": N is the number of colors of mana spent (CR 702.44c)
        return self._kw(c[0], sunburst=True)

    def kw_cost_or(self, c: list[Any]) -> Ability:
        # "Cumulative upkeep {G} or {W}": a choice made for each age counter (CR 702.24a)
        return self._kw(c[0], cost=c[1], alternatives=(c[1], c[-1]))

    def kw_cost_mana_life(self, c: list[Any]) -> Cost:
        # "Cumulative upkeep—Pay {B} and 1 life." (CR 702.24a)
        mana, life = (x for x in c if not (isinstance(x, Token) and x.type == "AND_LIFE"))
        return Cost(mana=mana, life=life)

    def kw_gift(self, c: list[Any]) -> Ability:
        return self._kw("Gift", gift=c[-1] if c else "card")

    def gift_what(self, c: list[Any]) -> Any:
        return c[0] if c else "extra_turn"

    def kw_n_cost(self, c: list[Any]) -> Ability:
        return self._kw(c[0], n=c[1], cost=c[2])

    def kw_protection(self, c: list[Any]) -> Ability:
        return self._kw("Protection", **{"from": tuple(x for x in c if x is not None)})

    def kw_hexproof_from(self, c: list[Any]) -> Ability:
        return self._kw("Hexproof", **{"from": tuple(x for x in c if x is not None)})

    def kw_landwalk(self, c: list[Any]) -> Ability:
        text = c[0]
        if text.startswith("nonbasic"):
            return self._kw("Landwalk", land="nonbasic")
        if text.startswith("legendary"):
            return self._kw("Landwalk", land="legendary")
        snow = text.startswith("snow ")
        land = text.removeprefix("snow ").removesuffix("walk")
        args: dict[str, Any] = {"land": subtype(land) if land != "land" else "land"}
        if snow:
            args["snow"] = True
        return self._kw("Landwalk", **args)

    def kw_typecycling(self, c: list[Any]) -> Ability:
        text = c[0]
        if text == "basic landcycling":
            what = "Basic Land"
        else:
            w = text.removesuffix("cycling")
            what = "Land" if w == "land" else subtype(w)
        ab = self._kw("Cycling", cost=c[1])
        args = dict(ab.keyword_args)
        args["type"] = what
        return Ability(
            AbilityKind.ACTIVATED, keyword="Typecycling", keyword_args=args, cost=ab.cost
        )

    def kw_enchant(self, c: list[Any]) -> Ability:
        return self._kw("Enchant", filter=c[0])

    def kw_champion(self, c: list[Any]) -> Ability:
        """ "Champion a Goblin" (CR 702.72a): the quality is a filter."""
        return self._kw("Champion", filter=c[0])

    def kw_affinity(self, c: list[Any]) -> Ability:
        return self._kw("Affinity", filter=c[0])

    def kw_bands_with_other(self, c: list[Any]) -> Ability:
        """ "Bands with other legendary creatures" (CR 702.22b): the quality is a filter."""
        return self._kw("Bands with other", quality=c[0])

    def kw_splice(self, c: list[Any]) -> Ability:
        return self._kw("Splice", onto=c[0].value, cost=c[1])

    def kw_splice_types(self, c: list[Any]) -> Ability:
        """ "Splice onto instant or sorcery [cost]" (CR 702.47a): a spell with either
        card type."""
        types = " or ".join(card_type(str(t).lower()) for t in c[:2])
        return self._kw("Splice", onto=types, cost=c[2])

    def kw_partner_with(self, c: list[Any]) -> Ability:
        """ "Partner with [name]" (CR 702.124j): the other card's name, which its
        triggered ability searches for (keywords/partner.py)."""
        names = [other_name(str(x)) for x in c if isinstance(x, Token) and x.type == "OTHER_NAME"]
        return self._kw("Partner with", partner=names[0]) if names else self._kw("Partner with")

    def kw_craft(self, c: list[Any]) -> Ability:
        """ "Craft with artifact {2}{U}" (CR 702.167a): the materials are a filter of
        permanents you control and cards in your graveyard (702.167b), with a count;
        the ability it stands for is spelled out by keywords/craft.py."""
        materials, n = c[0]
        return self._kw("Craft", cost=c[1], materials=materials, materials_count=n)

    def craft_one(self, c: list[Any]) -> tuple[Filter, int]:
        return (_craft_filter(c[0]), 1)

    def craft_n(self, c: list[Any]) -> tuple[Filter, int]:
        return (_craft_filter(c[1]), int(c[0]))

    def kw_offering(self, c: list[Any]) -> Ability:
        # "[Quality] offering" (CR 702.48a): the quality is a subtype ("Moonfolk offering").
        return self._kw("Offering", subtype=c[0].value)

    def kw_ignored(self, c: list[Any]) -> Ability:
        return self._kw("Companion")

    def kw_cost_mana(self, c: list[Any]) -> str:
        return c[0]

    def kw_cost_full(self, c: list[Any]) -> Cost:
        return c[0]

    def kw_cost_full_mana(self, c: list[Any]) -> Cost:
        cost: Cost = c[1]
        return Cost(**{**_cost_dict(cost), "mana": c[0]})

    def prot_and(self, c: list[Any]) -> None:
        return None

    def prot_from(self, c: list[Any]) -> Any:
        return c[0]

    def prot_everything(self, c: list[Any]) -> str:
        return "everything"

    def prot_choice(self, c: list[Any]) -> str:
        return "chosen_color"

    def prot_chosen_color(self, c: list[Any]) -> str:
        return "chosen_color"

    def prot_all_colors(self, c: list[Any]) -> str:
        return "all_colors"

    def prot_opponents(self, c: list[Any]) -> str:
        return "opponents"

    def prot_desc(self, c: list[Any]) -> Filter:
        return c[0]

    def prot_adjs(self, c: list[Any]) -> Any:
        conds = c[0]
        if len(conds) == 1 and conds[0][0] == "color":
            return conds[0][1]
        if len(conds) == 1 and conds[0][0] in ("colorless", "multicolored", "monocolored"):
            return conds[0][0]
        return Filter(kinds=(), conditions=tuple(conds))

    def kw_sep(self, c: list[Any]) -> None:
        return None

    def keyword_line(self, c: list[Any]) -> Parsed:
        return Parsed("keywords", abilities=[x for x in c if isinstance(x, Ability)])

    def keyword_line_restricted(self, c: list[Any]) -> Parsed:
        """ "Equip {0}. Activate only once each turn." (Leather Armor): the sentence
        after a keyword restricts that keyword's activated ability (CR 602.5b,
        602.5d); a restriction on a keyword that isn't activated doesn't compile."""
        ab = next(x for x in c if isinstance(x, Ability))
        part = next(x for x in c if isinstance(x, tuple) and x and x[0] == "restriction")
        if ab.kind is not AbilityKind.ACTIVATED:
            raise CompileError(f"an activation restriction on {ab.keyword}, not activated")
        timing, limit, rest = ab.timing, ab.limit_per_turn, list(ab.restrictions)
        for key, value in part[1]:
            if key == "timing":
                timing = value
            elif key == "limit":
                limit = value
            elif key in ("condition", "only"):
                rest.append((key, value))
            else:
                raise CompileError(f"keyword restriction {key}")
        ab = replace(ab, timing=timing, limit_per_turn=limit, restrictions=tuple(rest))
        return Parsed("keywords", abilities=[ab])

    def keyword_line_own_cost(self, c: list[Any]) -> Parsed:
        """ "Equip {3}. This ability costs {1} less to activate for each other
        Equipment you control." (Plate Armor), "Equip {2}. This ability costs {2} less
        to activate if you have one or fewer cards in hand." (Arm-Mounted Anchor): a
        cost change of that keyword's activated ability itself (CR 601.2f, 602.2b),
        made a static ability of it by the compiler (compiler._keyword_own_cost)."""
        ab = next(x for x in c if isinstance(x, Ability))
        if ab.kind is not AbilityKind.ACTIVATED:
            raise CompileError(f"a cost change of {ab.keyword}, not activated")
        rest = [x for x in c if x is not ab and not isinstance(x, Token)]
        mana = rest.pop(0)
        cond = rest.pop() if rest and isinstance(rest[-1], Condition) else None
        args: dict[str, Any] = {
            "what": SelfRef(),
            "mana": mana,
            "direction": "less",
            "duration": None,
            "abilities": True,
        }
        if rest:
            args["for_each"] = rest[0]
        body = Body(effects=[Effect("cost_change", args, condition=cond)])
        return Parsed("keywords", abilities=[ab], body=body)

    def kw_list(self, c: list[Any]) -> list[Ability]:
        return [x for x in c if isinstance(x, Ability)]

    def kw_choice(self, c: list[Any]) -> list[Ability]:
        return [x for x in c if isinstance(x, Ability)]

    # ------------------------------------------------------------------ costs
    def cost_list(self, c: list[Any]) -> Cost:
        d: dict[str, Any] = {}
        other: list[tuple[str, Any]] = []
        items = [x for item in c for x in (item if isinstance(item, list) else [item])]
        for item in items:
            if not isinstance(item, tuple):
                continue
            key, value = item
            if key == "mana":
                d["mana"] = (d.get("mana") or "") + value
            elif key == "remove_counters":
                d["remove_counters"] = (*d.get("remove_counters", ()), value)
            elif key in ("sacrifice", "discard", "exile"):
                flt, n = value
                d[key] = flt
                d[key + "_count"] = n
            elif key in ("tap", "untap", "life"):
                d[key] = value
            else:
                other.append((key, value))
        if other:
            d["other"] = tuple(other)
        return Cost(**d)

    def additional_cost_choice(self, c: list[Any]) -> StaticEffect:
        """ "As an additional cost to cast this spell, sacrifice a creature or pay {3}":
        one additional cost of the caster's choice, announced as the spell is cast and
        paid with the rest of the total cost (CR 601.2b, 601.2f-h, 118.8)."""
        items = [x for x in c if isinstance(x, tuple | list)]
        choice = tuple(self.cost_list([x]) for x in items)
        return StaticEffect("additional_cost", SelfRef(), {"choice": choice, "optional": False})

    def cost_mana(self, c: list[Any]) -> tuple[str, Any]:
        return ("mana", c[0])

    def cost_tap(self, c: list[Any]) -> tuple[str, Any]:
        return ("tap", True)

    def cost_untap(self, c: list[Any]) -> tuple[str, Any]:
        return ("untap", True)

    def cost_energy(self, c: list[Any]) -> tuple[str, Any]:
        return ("energy", len(c))

    def cost_energy_n(self, c: list[Any]) -> tuple[str, Any]:
        """ "Pay eight {E}" (CR 107.14); "Pay X {E}" is a variable cost, not run yet."""
        return ("energy", c[0]) if isinstance(c[0], int) else ("energy_variable", c[0])

    def cost_life(self, c: list[Any]) -> tuple[str, Any]:
        return ("life", c[0])

    def cost_life_half(self, c: list[Any]) -> tuple[str, Any]:
        # "Pay half your life, rounded up" (CR 119.4, 107.1a): the amount is fixed on payment
        return ("life_half", True)

    def _cost_obj(self, np: Any, zone: str | None = None) -> tuple[Filter, Any]:
        if isinstance(np, GrantorRef):  # "Sacrifice CARDNAME" in a granted quote
            return Filter(conditions=(("self", "grantor"),)), 1
        if isinstance(np, SelfRef):
            return Filter(conditions=(("self", True),)), 1
        if isinstance(np, Some):
            flt = np.filter if zone is None else with_zone(np.filter, zone)
            return flt, np.count
        if isinstance(np, EachRef):
            return np.filter, "all"
        raise CompileError("cost object")

    def cost_behold(self, c: list[Any]) -> tuple[str, Any]:
        """ "Behold a Dragon": reveal a Dragon card from your hand or choose a Dragon
        permanent you control (CR 701.4a)."""
        return ("behold", self._cost_obj(c[0]))

    def cost_behold_exile(self, c: list[Any]) -> tuple[str, Any]:
        """ "Behold a Kithkin and exile it": behold (CR 701.4a), then exile the card
        revealed or the permanent chosen as the cost is paid (601.2h); the permanent
        the spell becomes refers to it as "the exiled card" (607.2q)."""
        return ("behold_exile", self._cost_obj(c[0]))

    def cost_blight(self, c: list[Any]) -> tuple[str, Any]:
        """ "Blight 2": put two -1/-1 counters on a creature you control (CR 701.68a)."""
        return ("blight", c[0])

    def cost_sacrifice(self, c: list[Any]) -> tuple[str, Any]:
        if isinstance(c[0], Some) and c[0].up_to:
            # "sacrifice any number of creatures" (Vicious Betrayal): the payer picks how
            # many as the cost is paid (CR 601.2b, 601.2h); a sacrifice cost's count is
            # a fixed number, so the cast would be refused: left uncompiled
            raise CompileError("a cost of sacrificing any number of objects: not run yet")
        return ("sacrifice", self._cost_obj(c[0]))

    def cost_sacrifice_either(self, c: list[Any]) -> tuple[str, Any]:
        """ "Sacrifice another creature or an artifact" (Mold Folk), "Sacrifice an
        artifact or another creature" (Malevolent Noble): one permanent of either
        description, each with its own conditions (CR 602.2b)."""
        a, b = (x for x in c if isinstance(x, Some))
        if a.count != 1 or b.count != 1 or a.up_to or b.up_to:
            raise CompileError("sacrifice ... or ...: not one permanent")
        return ("sacrifice", (either_filter(a.filter, b.filter), 1))

    def ger_discard(self, c: list[Any]) -> tuple[str, Any]:
        """ "by discarding a land card", "discarding two cards" (CR 118.8)."""
        count = next((x for x in c if isinstance(x, int)), 1)
        kinds = tuple(
            str(x).capitalize() for x in c if isinstance(x, Token) and x.type == "CARD_TYPE"
        )
        return ("discard", (Filter(kinds=kinds or ("card",), zone="hand"), count))

    def ger_count(self, c: list[Any]) -> int:
        return next((x for x in c if isinstance(x, int)), 1)

    def cost_discard(self, c: list[Any]) -> tuple[str, Any]:
        return ("discard", self._cost_obj(c[0], "hand"))

    def cost_discard_random(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "Discard a card at random" (CR 701.9a): the cards are chosen at random."""
        return [("discard", self._cost_obj(c[0], "hand")), ("discard_random", True)]

    def cost_discard_hand(self, c: list[Any]) -> tuple[str, Any]:
        return ("discard", (Filter(kinds=("card",), zone="hand"), "all"))

    def cost_exile_self(self, c: list[Any]) -> tuple[str, Any]:
        zone = c[-1][0]
        return ("exile", (Filter(zone=zone, conditions=(("self", True),)), 1))

    def cost_exile(self, c: list[Any]) -> tuple[str, Any]:
        top = c[0]
        if isinstance(top, tuple) and top[0] == "top" and tuple(top[2]) == ("library", "you"):
            # "Exile the top ten cards of your library" (Arc-Slogger; CR 602.2b, 118.3):
            # those cards, payable only with that many cards in the library
            if not isinstance(top[1], int):
                raise CompileError("exile the top X cards as a cost")
            return ("exile_top", top[1])
        return ("exile", self._cost_obj(c[0]))

    def cost_remove_counters(self, c: list[Any]) -> tuple[str, Any]:
        n, kind = c[0]
        if not isinstance(c[1], SelfRef):
            # "Remove a +1/+1 counter from a creature you control": another
            # permanent's counters, chosen as the cost is paid (CR 602.2b), a cost
            # of its own kind
            return ("remove_counters_from", (kind, n, self._cost_obj(c[1])))
        return ("remove_counters", (kind, n))

    def cost_remove_and_sacrifice(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "Remove three quest counters from this enchantment and sacrifice it": two
        costs of the one permanent, paid together (CR 602.1a, 601.2h)."""
        return [self.cost_remove_counters(c), self.cost_sacrifice([SelfRef()])]

    def cost_remove_any_counters(self, c: list[Any]) -> tuple[str, Any]:
        # "Remove any number of storage counters from this land" (CR 107.1c, 602.2b):
        # the number is chosen as the ability is activated, like an X (601.2b, 107.3)
        return ("remove_counters", (str(c[0]), Amount("x")))

    def cost_tap_other(self, c: list[Any]) -> tuple[str, Any]:
        return ("tap_permanents", self._cost_obj(c[0]))

    def cost_bounce(self, c: list[Any]) -> tuple[str, Any]:
        return ("return", self._cost_obj(c[0]))

    def cost_reveal(self, c: list[Any]) -> tuple[str, Any]:
        return ("reveal", self._cost_obj(c[0], "hand"))

    def cost_reveal_self(self, c: list[Any]) -> tuple[str, Any]:
        # "Reveal this card from your hand" (forecast, CR 702.57b): no choice to make.
        return ("reveal_self", True)

    def cost_put_counters(self, c: list[Any]) -> tuple[str, Any]:
        n, kind = c[0]
        if len(c) > 1 and isinstance(c[1], SelfRef):
            # "Put a -1/-1 counter on this creature: Untap this creature." (CR 118.1)
            return ("put_counters", (kind, n))
        # "Put a -1/-1 counter on a creature you control": a choice (not run yet)
        return ("put_counters_on", (kind, n, self._cost_obj(c[1])[0] if len(c) > 1 else None))

    def cost_mill(self, c: list[Any]) -> tuple[str, Any]:
        return ("mill", c[0])

    def cost_graveyard_to_bottom(self, c: list[Any]) -> tuple[str, Any]:
        # "Put three cards from your graveyard on the bottom of your library"
        # (Battlefield Scrounger; CR 602.2b)
        return ("graveyard_to_bottom", c[0])

    def cost_exert(self, c: list[Any]) -> tuple[str, Any]:
        return ("exert", True)

    def cost_collect_evidence(self, c: list[Any]) -> tuple[str, Any]:
        return ("collect_evidence", c[0])

    def cost_waterbend(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "Waterbend {3}" (CR 701.67a): pay that mana, its generic part perhaps by
        tapping artifacts and creatures (rules/waterbend.py)."""
        return [("mana", c[0]), ("waterbend", c[0])]


def _craft_filter(word: Token) -> Filter:
    """The [materials] of craft, a card type or a subtype with no "card" (CR 702.167b):
    what is exiled may be a permanent or a card in a graveyard of that type."""
    if word.type == "CARD_TYPE":
        return Filter(kinds=(card_type(str(word).lower()),), zone="any")
    return Filter(zone="any", conditions=(("subtype", subtype(str(word).lower())),))
