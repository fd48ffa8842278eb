"""Mana: costs (CR 107.4, 202), the mana pool (CR 106.4) and paying costs (CR 601.2g-h).

A cost string such as ``"{X}{2}{R/G}{W/P}"`` parses to a
:class:`~mtg_engine.rules.mana_costs.ManaCost` (:mod:`mtg_engine.rules.mana_costs`).
Paying it uses mana in the pool first, then activates mana abilities of
untapped permanents (CR 605) chosen by a small backtracking solver; the
caller may instead name the permanents to tap (the scenario ``tap:`` key).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, AbilityKind, Effect, Filter
from ..cards.model import mana_symbols
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from .char_values import Chars
from .characteristics import chars
from .commanders import commander_color_identity
from .conditions import evaluate
from .damage import lose_life
from .effects_runner import Ctx, run_mana_ability
from .filters import matches_object, objects_matching
from .layers import TAPPED_FOR_MANA
from .linked import entered_choice, exiled_with, link_owner
from .mana_costs import POOL_INDEX, POOL_ORDER, ManaCost, parse_cost
from .mana_replacements import (
    changes_mana_type,
    planned_productions,
    produce_mana,
    tapped_mana_factor,
)
from .mana_spending import (
    Restriction,
    Spending,
    may_spend,
    spend_from_pool,
    spend_restriction,
    spendable,
)
from .mana_triggers import extra_count, extra_productions, resolve_mana_triggers
from .permanents import sacrifice
from .pipeline import watched
from .snow_mana import SNOW, add_to_pool, is_snow_source, snow_left, take_from_pool
from .summoning_sickness import is_summoning_sick
from .tap_replacements import tap_forbidden, tapping_watched
from .tapping import became_tapped, pay_tap
from .triggers import may_trigger_on

if TYPE_CHECKING:
    from ..game.state import Game

_COLOR_ORDER: Final = ("white", "blue", "black", "red", "green")
_COLOR_SYMBOL: Final = dict(zip(_COLOR_ORDER, "WUBRG", strict=True))


#: what the {T} of a mana ability cites as it is paid (CR 605.3a, 602.2b)
_TAP_RULES: Final = ("605.3a", "602.2b")


def least_mana(cost: ManaCost) -> int:
    """The least mana that pays ``cost`` (X already fixed): one for each symbol,
    a Phyrexian symbol none (2 life instead, CR 107.4f), a {2/W} symbol one
    (CR 107.4e), generic mana its number."""
    return cost.generic + cost.snow + len(cost.colored) + len(cost.hybrid)


def most_mana(game: Game, player: int, sources: list[Source]) -> int:
    """The most mana ``player`` could have to pay a cost: the pool and the largest
    production of each source. A cost needing more (:func:`least_mana`) can't be
    paid; :func:`plan_payment` would find no plan."""
    p = game.players[player]
    return sum(p.mana_pool) + len(p.restricted_mana) + _most_from(sources)


#: id of a list of sources -> (the list, the most mana its sources make): sources lists
#: are remembered whole and never changed (:func:`mana_sources`); holding the list
#: keeps its id from being reused while the entry lives
_MOST: Final[dict[int, tuple[list[Source], int]]] = {}


def _most_from(sources: list[Source]) -> int:
    got = _MOST.get(id(sources))
    if got is not None and got[0] is sources:
        return got[1]
    n = sum(max(map(len, s.productions)) for s in sources)
    if len(_MOST) > 64:
        _MOST.clear()
    _MOST[id(sources)] = (sources, n)
    return n


def parse_mana(text: str) -> list[str]:
    """Mana produced or in a pool, as letters: ``"{G}{G}{C}"`` → ``["G","G","C"]``."""
    out: list[str] = []
    for sym in mana_symbols(text):
        if sym.isdigit():
            out.extend("C" * int(sym))
        elif sym in POOL_INDEX:
            out.append(sym)
    return out


def pool_text(pool: list[int]) -> str:
    return "".join(f"{{{c}}}" * pool[i] for i, c in enumerate(POOL_ORDER)) or "nothing"


# ---------------------------------------------------------------------------
# Mana sources
# ---------------------------------------------------------------------------


@dataclass(slots=True, init=False)
class Source:
    """A permanent with a mana ability a payment may use now (untapped, for a {T}
    one), and what it can produce."""

    obj: int
    ability: int
    productions: list[tuple[str, ...]] = field(default_factory=list)
    is_land: bool = True
    #: the ability index of each production when they come from several {T} mana
    #: abilities (a painland's "{T}: Add {C}" and "{T}: Add {R} or {G}. ..."); empty
    #: when every production is ``ability``'s
    abilities: list[int] = field(default_factory=list)
    #: the mana part of the ability's cost beyond {T} (a filter land's "{B/R}, {T}",
    #: Prismatic Lens's "{1}, {T}"): paid from other mana first (CR 605.3a, 601.2g)
    mana_cost: ManaCost | None = None
    #: the ability's cost sacrifices the permanent (a Treasure, Lotus Petal)
    sacrifice: bool = False
    #: "Spend this mana only ..." (CR 106.6): used only for payments it allows
    spend: Restriction | None = None
    #: the permanent whose mana ability ``ability`` is, when it isn't ``obj``: its
    #: cost is "Tap an untapped Druid you control" (Seton, Krosan Protector, CR
    #: 602.1a) and ``obj`` is the permanent tapped to pay it
    via: int | None = None
    #: the list this source is in has one whose production is worked out as it's
    #: asked ("X mana, where X is the number of creature cards in your graveyard"):
    #: it may read any zone, so a move between the other zones doesn't keep the
    #: list (rules/layers.forget_after)
    as_asked: bool = False
    #: the permanent is a snow source: its mana pays {S} (CR 107.4h, 205.4g)
    snow: bool = False
    #: the permanent also has an activated ability that isn't a mana ability with
    #: {T} in its cost (Mistrise Village's "{U}, {T}: The next spell you cast this
    #: turn can't be countered."): tapping it for mana forgoes that ability this
    #: turn (CR 602.5a), so a payment uses it after the plain sources
    rider: bool = False
    #: the ability's cost has {T} (CR 107.5): False for "Sacrifice this land: Add
    #: {B}." (Rain of Filth), which a tapped permanent may still activate, so tapping
    #: the permanent for mana leaves this source as it was (rules/layers.py)
    tap: bool = True

    # (written out, not generated by @dataclass: mypyc compiles a method written in
    # the class, while the dataclass-made __init__ would run interpreted; every
    # field is set, tests/test_compiled_inits.py checks it)
    def __init__(
        self,
        obj: int,
        ability: int,
        productions: list[tuple[str, ...]] | None = None,
        is_land: bool = True,
        abilities: list[int] | None = None,
        mana_cost: ManaCost | None = None,
        sacrifice: bool = False,
        spend: Restriction | None = None,
        via: int | None = None,
        as_asked: bool = False,
        snow: bool = False,
        rider: bool = False,
        tap: bool = True,
    ) -> None:
        self.obj = obj
        self.ability = ability
        self.productions = [] if productions is None else productions
        self.is_land = is_land
        self.abilities = [] if abilities is None else abilities
        self.mana_cost = mana_cost
        self.sacrifice = sacrifice
        self.spend = spend
        self.via = via
        self.as_asked = as_asked
        self.snow = snow
        self.rider = rider
        self.tap = tap

    def __eq__(self, other: object) -> bool:
        """Field by field, as @dataclass compares (written out to be compiled: the
        priority options compare the mana sources they were built from, CR 117.1)."""
        if type(other) is not Source:
            return NotImplemented
        return (
            self.obj == other.obj
            and self.ability == other.ability
            and self.productions == other.productions
            and self.is_land == other.is_land
            and self.abilities == other.abilities
            and self.mana_cost == other.mana_cost
            and self.sacrifice == other.sacrifice
            and self.spend == other.spend
            and self.via == other.via
            and self.as_asked == other.as_asked
            and self.snow == other.snow
            and self.rider == other.rider
            and self.tap == other.tap
        )

    def ability_of(self, prod: tuple[str, ...]) -> int:
        """The index of the mana ability that makes ``prod``."""
        if self.abilities:
            return self.abilities[self.productions.index(prod)]
        return self.ability


#: effects a {T} mana ability may have besides adding mana that the automatic
#: payment performs as the ability resolves (CR 605.3b: "This land deals 1 damage
#: to you", "This land doesn't untap during your next untap step", CR 502.3);
#: abilities with other instructions are activated by hand
_SIDE_EFFECTS: Final = frozenset(("damage", "lose_life", "gain_life", "doesnt_untap"))


def _auto_payable(a: Ability) -> bool:
    """Whether the automatic payment may use the mana ability ``a``: besides adding
    mana it does only :data:`_SIDE_EFFECTS`, or puts counters after adding its mana
    ("Add {W} or {U}. Put a depletion counter on this land.", Land Cap; CR 605.3b):
    counters put first could change the amount it adds ("Put a charge counter on this
    artifact. Add X mana ...") and are left to a payment by hand."""
    seen_mana = False
    for e in a.effects:
        if e.op == "add_mana":
            seen_mana = True
        elif e.op == "put_counters":
            if not seen_mana:
                return False
        elif e.op not in _SIDE_EFFECTS:
            return False
    return True


def productions_of(
    effect_args: dict, game: Game | None = None, source: GameObject | None = None
) -> list[tuple[str, ...]]:
    """What an ``add_mana`` effect can produce: alternatives of mana tuples (CR 106.3).

    "One mana of any of the exiled card's colors" (Chrome Mox) needs the game and
    the source: the colors of the cards exiled with it (CR 607.2a); none, no mana
    (ruling 502.34.2)."""
    if effect_args.get("choice") == "exiled_card_colors":
        if game is None or source is None:
            return []

        colors: set[str] = set()
        for card in exiled_with(game, link_owner(source)):
            colors |= chars(game, card).colors
        n = int(effect_args.get("amount", 1)) if isinstance(effect_args.get("amount"), int) else 1
        return [tuple(_COLOR_SYMBOL[c] * n) for c in _COLOR_ORDER if c in colors]
    if effect_args.get("choice") == "chosen_color":
        # "one mana of the chosen color": the color chosen as the source entered
        # (CR 607.2a); none chosen for this ability (a copy), no mana (607.5a)
        color = entered_choice(game, source, "color") if game and source else None
        n = int(effect_args.get("amount", 1)) if isinstance(effect_args.get("amount"), int) else 1
        chosen = [tuple(_COLOR_SYMBOL[color] * n)] if color in _COLOR_SYMBOL else []
        if effect_args.get("or_mana"):
            # "Add {B} or one mana of the chosen color" (Thriving Moor, CR 106.1b)
            fixed = tuple(parse_mana(effect_args["or_mana"]))
            return [fixed, *(m for m in chosen if m != fixed)]
        return chosen
    if effect_args.get("choice") == "commander_identity":
        # "one mana of any color in your commander's color identity" (Command Tower,
        # CR 903.4); no commander, no mana (903.4f)
        if game is None or source is None:
            return []
        letters = commander_color_identity(game, source.controller)
        n = _mana_amount(effect_args, game, source)
        return [tuple(c * n) for c in "WUBRG" if c in (letters or ())] if n else []
    if effect_args.get("choice") == "could_produce":
        if game is None or source is None:
            return []
        n = _mana_amount(effect_args, game, source)
        return [(m,) * n for m in could_produce(game, source, effect_args)] if n else []
    if effect_args.get("any_color"):
        n = _mana_amount(effect_args, game, source)
        return [tuple(c * n) for c in "WUBRG"] if n else []
    if "choice" in effect_args:
        if isinstance(effect_args["choice"], str):
            return []  # a named choice this function doesn't know gives no mana
        if effect_args.get("combination"):
            return combination_productions(effect_args, game, source)
        if effect_args.get("same_color"):
            # "Add three mana of any one color" (CR 106.1b): one color chosen, every
            # mana of it; a number counted as it resolves is not run yet (support.py)
            n = _mana_amount(effect_args, game, source)
            return [tuple(parse_mana(m)) * n for m in effect_args["choice"]] if n else []
        return [tuple(parse_mana(m)) for m in effect_args["choice"]]
    mana = tuple(parse_mana(effect_args.get("mana", ""))) * _mana_amount(effect_args, game, source)
    # a counted amount of 0 ("Add {G} for each creature you control" with none) adds
    # no mana: no production, so payment never counts on it (CR 106.1b)
    return [mana] if mana else []


def could_produce(game: Game, source: GameObject, effect_args: dict) -> list[str]:
    """CR 106.7: the mana symbols ("W" ... "G", and "C" for "any type") that the
    permanents an ability names ("a land an opponent controls") could produce with
    their mana abilities now, costs aside; abilities that themselves produce "what
    a land could produce" are ignored (the rule's loop guard)."""
    flt = effect_args.get("of")
    if not isinstance(flt, Filter):
        return []
    made: set[str] = set()
    for o in objects_matching(game, flt, source.controller, source):
        for ab in chars(game, o).abilities:
            if ab.kind is not AbilityKind.MANA:
                continue
            for e in ab.effects:
                if e.op != "add_mana" or e.args.get("choice") == "could_produce":
                    continue
                for prod in productions_of(e.args, game, o):
                    made.update(prod)
    order = "WUBRGC" if effect_args.get("colorless") else "WUBRG"
    return [m for m in order if m in made]


#: the most mixes of "N mana in any combination of colors" offered to payment; a
#: larger N is offered as one color (the player activating it by hand chooses
#: each mana, effects/mana.py)
_MOST_COMBINATIONS: Final = 500


def combination_productions(
    effect_args: dict, game: Game | None = None, source: GameObject | None = None
) -> list[tuple[str, ...]]:
    """ "Add three mana in any combination of {R} and/or {G}" / "X mana in any
    combination of colors" (CR 106.1b, 106.3): every mix of N mana of those colors."""
    n = _mana_amount(effect_args, game, source)
    symbols = [m for choice in effect_args["choice"] for m in parse_mana(choice)]
    if not n or not symbols:
        return []
    if comb(n + len(symbols) - 1, n) > _MOST_COMBINATIONS:
        return [(m,) * n for m in symbols]
    return list(combinations_with_replacement(symbols, n))


def _mana_amount(
    effect_args: dict, game: Game | None = None, source: GameObject | None = None
) -> int:
    """How much mana "Add {G} for each creature you control" / "Add X mana of any
    one color, where X is ..." adds: counted now, as the ability resolves (CR
    106.1b, 608.2h), by the source's controller."""
    amount = effect_args.get("amount", 1)
    if isinstance(amount, int):
        return amount
    if game is None or source is None:
        return 1
    fake = GameObject(0, 0, source.card, source.owner, Zone.BATTLEFIELD)
    fake.controller = source.controller
    fake.source_id = source.id
    return max(0, Ctx(game, fake, None).amount(amount))


#: what an ``add_mana`` effect that needs no game state produces, by the effect
#: record's id (compiled effects are immutable and live as long as their card)
_PRODUCTIONS: Final[dict[int, tuple[Effect, list[tuple[str, ...]]]]] = {}


#: ``add_mana`` choices whose productions read the game (CR 607.2a; the commanders'
#: color identity, 903.4; what other lands could produce, 106.7)
_GAME_CHOICES: Final = ("exiled_card_colors", "chosen_color", "commander_identity", "could_produce")


def _effect_productions(e: Effect, game: Game, o: GameObject) -> list[tuple[str, ...]]:
    if e.args.get("choice") in _GAME_CHOICES or not isinstance(e.args.get("amount", 1), int):
        # CR 607.2a: reads the exiled cards, or the color chosen for this object;
        # "for each creature you control": counted on the board as it is now
        return productions_of(e.args, game, o)
    got = _PRODUCTIONS.get(id(e))
    if got is None or got[0] is not e:
        got = (e, productions_of(e.args, game, o))
        _PRODUCTIONS[id(e)] = got
    return got[1]


def mana_sources(game: Game, player: int) -> list[Source]:
    """The untapped permanents ``player`` can tap for mana right now (CR 605, 302.6).

    Cached with the characteristics until the next change; callers must not
    modify the returned list.
    """
    key = ("mana_sources", player)
    cached = game._chars.get(key)
    if cached is None:
        cached = _mana_sources(game, player)
        game._chars[key] = cached
    return cached


def _tap_mana_indices(abilities: tuple[Ability, ...]) -> tuple[int, ...]:
    """The mana abilities a payment may use (CR 605.1a, 601.2g): those whose cost
    is {T}, a mana cost and/or sacrificing the permanent itself ("{T}, Sacrifice
    this artifact", "{B/R}, {T}", "Sacrifice this creature") and that only add mana
    (with damage or life as a side effect)."""
    out = []
    for i, a in enumerate(abilities):
        if a.kind is not AbilityKind.MANA or a.cost is None:
            continue
        cost = a.cost
        if cost.life or cost.discard or cost.exile or cost.other or cost.untap:
            continue
        if cost.remove_counters or cost.loyalty is not None:
            continue
        if cost.sacrifice is not None and not sacrifices_itself(cost):
            continue
        if not (cost.tap or cost.sacrifice is not None):
            continue  # "{1}: Add {R}" alone would pay for itself forever
        if cost.mana and parse_cost(cost.mana).x:
            continue
        if not _auto_payable(a):
            continue
        out.append(i)
    return tuple(out)


def _is_costly(cost: object) -> bool:
    """Whether a mana ability's cost has more than {T}: mana or a sacrifice."""
    return bool(getattr(cost, "mana", None)) or getattr(cost, "sacrifice", None) is not None


#: one {T}/sacrifice mana ability of a characteristics record, as the payment uses it:
#: (ability index, needs {T}, fixed productions or None when they read the game
#: (CR 607.2a), its mana cost beyond {T} parsed, sacrifices the permanent, costly,
#: its spending restriction, CR 106.6, the permanent has a {T} ability that isn't a
#: mana ability, :attr:`Source.rider`)
_Entry = tuple[
    int, bool, "tuple[tuple[str, ...], ...] | None", "ManaCost | None", bool, bool, Any, bool
]


def _activation_allowed(game: Game, a: Ability, player: int, o: GameObject) -> bool:
    """Whether each "Activate only if [condition]" of mana ability ``a`` holds now
    (CR 602.5b: a payment may use only mana abilities that can be activated)."""
    return all(
        evaluate(game, value, player, o) for key, value in a.restrictions if key == "condition"
    )


def _mana_entries(c: Chars) -> tuple[_Entry, ...]:
    """The payment's view of the mana abilities of a characteristics record,
    computed once per record (records are shared and replaced, never changed, when
    the characteristics change, CR 613)."""
    got = c.mana_entries
    if got is not None:
        return got
    indices = c.tap_mana
    if indices is None:
        indices = c.tap_mana = _tap_mana_indices(c.abilities)
    out: list[_Entry] = []
    # CR 602.5a: a {T} ability that isn't a mana ability can't be activated once the
    # permanent is tapped for mana
    rider = any(
        a.kind is AbilityKind.ACTIVATED and a.cost is not None and a.cost.tap for a in c.abilities
    )
    for i in indices:
        a = c.abilities[i]
        cost = a.cost
        adds = [e for e in a.effects if e.op == "add_mana"]
        fixed: list[tuple[str, ...]] | None = None
        if not any(
            e.args.get("choice") in _GAME_CHOICES
            or not isinstance(e.args.get("amount", 1), int)
            or e.condition is not None  # "If you control ..., add {C}{C} instead"
            for e in adds
        ):
            fixed = [p for e in adds for p in productions_of(e.args)]
            if not fixed:
                continue  # makes no mana
        out.append(
            (
                i,
                cost is not None and cost.tap,
                None if fixed is None else tuple(fixed),
                parse_cost(cost.mana) if cost is not None and cost.mana else None,
                cost is not None and cost.sacrifice is not None,
                _is_costly(cost),
                spend_restriction(a),
                rider,
            )
        )
    got = c.mana_entries = tuple(out)
    return got


def _original_production(
    game: Game, player: int, o: GameObject, ability: int, planned: tuple[str, ...]
) -> tuple[str, ...]:
    """The production of ``o``'s mana ability that the payment planned as ``planned``
    after "it produces {B} instead of any other type" (CR 106.12b): what the
    ability makes, proposed to the replacement effects again as it is tapped."""
    c = chars(game, o)
    entries = c.mana_entries if c.mana_entries is not None else _mana_entries(c)
    for i, _needs_tap, fixed, *_rest in entries:
        if i != ability:
            continue
        prods = list(fixed) if fixed is not None else []
        if fixed is None:
            for e in c.abilities[i].effects:
                if e.op == "add_mana":
                    prods.extend(_effect_productions(e, game, o))
        for p in prods:
            if planned in planned_productions(game, player, o, p):
                return p
    return planned


def _mana_sources(game: Game, player: int) -> list[Source]:
    out: list[Source] = []
    costly: list[Source] = []
    restricted: list[Source] = []  # last: see :func:`_allowed_sources`
    objects = game.objects
    # CR 106.12b: "it produces twice as much" (a dict lookup when nothing watches)
    multipliers = watched(game, EventKind.ADD_MANA)
    # CR 605.1b: triggered mana abilities (a dict lookup when nothing watches)
    mana_triggers = may_trigger_on(game, EventKind.TAPPED_FOR_MANA)
    # CR 101.2: whether anything could forbid a permanent to become tapped, once
    may_forbid = tapping_watched(game)
    perm = game._perm  # (the permanents' characteristics chars() remembers)
    tap_others = False  # a "Tap an untapped Druid you control: Add {G}." (Seton)
    as_asked = False  # a production worked out as it's asked (Source.as_asked)
    for oid in game.battlefield:
        o = objects[oid]
        if o.controller != player or o.phased_out:
            continue
        c = perm.get(oid)
        if c is None:
            c = chars(game, o)
        if "cant_activate_abilities" in c.restrictions:
            continue  # CR 602.5: its activated abilities, mana abilities too, can't be
        others = c.tap_others_mana
        if others is None:
            others = c.tap_others_mana = _tap_others_indices(c.abilities)
        if others:
            tap_others = True
        entries = c.mana_entries
        if entries is None:
            entries = _mana_entries(c)
        if not entries:
            continue
        abilities = c.abilities
        for i, needs_tap, fixed, mana_cost, sacrifice_it, is_costly, spend, rider in entries:
            if abilities[i].restrictions and not _activation_allowed(game, abilities[i], player, o):
                continue  # CR 602.5b: "Activate only if ..." not met
            if needs_tap:
                if o.tapped or (may_forbid and tap_forbidden(game, o) is not None):
                    continue  # CR 101.2, 118.3
                if "Creature" in c.types and is_summoning_sick(game, o, c):
                    continue  # CR 302.6: {T} abilities of summoning-sick creatures
            if fixed is None:
                as_asked = True
                prods: list[tuple[str, ...]] = []
                for e in c.abilities[i].effects:
                    if e.op == "add_mana" and (
                        e.condition is None or evaluate(game, e.condition, o.controller, o)
                    ):
                        # (an "if" checked as the mana ability would resolve, CR 605.3a)
                        prods.extend(_effect_productions(e, game, o))
                if not prods:
                    continue
            else:
                prods = list(fixed)
            if needs_tap and multipliers:
                # CR 106.12b: "it produces twice as much of that mana", "it produces {B}
                # instead of any other type"
                prods = list(
                    dict.fromkeys(q for p in prods for q in planned_productions(game, player, o, p))
                )
            if needs_tap and mana_triggers:
                # CR 605.4a: "whenever enchanted land is tapped for mana, its controller
                # adds an additional {G}" (rules/mana_triggers.py)
                prods = extra_productions(game, player, o, prods, productions_of)[0]
            if spend is not None or is_costly:
                # one source per such ability: a costly one is used only when plain
                # ones don't do, a restricted one only where it may be (CR 106.6)
                (restricted if spend is not None else costly).append(
                    Source(
                        oid,
                        i,
                        prods,
                        "Land" in c.types,
                        mana_cost=mana_cost,
                        sacrifice=sacrifice_it,
                        spend=spend,
                        snow=SNOW in c.supertypes,
                        rider=rider,
                        tap=needs_tap,
                    )
                )
            elif out and out[-1].obj == oid:
                # another {T} mana ability of the same permanent (only one can be used)
                src = out[-1]
                if not src.abilities:
                    src.abilities = [src.ability] * len(src.productions)
                for prod in prods:
                    if prod not in src.productions:
                        src.productions.append(prod)
                        src.abilities.append(i)
            else:
                out.append(
                    Source(oid, i, prods, "Land" in c.types, snow=SNOW in c.supertypes, rider=rider)
                )
    if tap_others:
        out.extend(_tap_others_sources(game, player, {s.obj for s in out}))
    found = out + costly + restricted
    if as_asked:
        for src in found:
            src.as_asked = True
    return found


def _tap_others_indices(abilities: tuple[Ability, ...]) -> tuple[int, ...]:
    """The mana abilities whose whole cost is "Tap an untapped [permanent] you
    control" and that only add fixed mana (Seton, Krosan Protector's "Tap an untapped
    Druid you control: Add {G}.", CR 602.1a, 605.1a): a payment may activate one once
    for each such permanent, tapping it."""
    out = []
    for i, a in enumerate(abilities):
        cost = a.cost
        if a.kind is not AbilityKind.MANA or cost is None or _tapped_filter(a) is None:
            continue
        if cost.mana or cost.tap or cost.untap or cost.life or cost.sacrifice is not None:
            continue
        if cost.discard or cost.exile or cost.remove_counters or cost.loyalty is not None:
            continue
        if not a.effects or any(
            e.op != "add_mana"
            or e.condition is not None
            or e.args.get("choice") in _GAME_CHOICES
            or not isinstance(e.args.get("amount", 1), int)
            for e in a.effects
        ):
            continue
        out.append(i)
    return tuple(out)


def _tapped_filter(a: Ability) -> Filter | None:
    """The permanents "Tap an untapped [...] you control" taps, when that is the
    cost's only other part and it taps one."""
    other = a.cost.other if a.cost is not None else ()
    if len(other) != 1 or other[0][0] != "tap_permanents":
        return None
    v = other[0][1]
    if not isinstance(v, tuple) or len(v) != 2 or v[1] != 1 or not isinstance(v[0], Filter):
        return None
    return v[0]


def _tap_others_sources(game: Game, player: int, taken: set[int]) -> list[Source]:
    """One source per untapped permanent that some permanent's "Tap an untapped
    [...] you control: Add ..." could tap (summoning sickness doesn't matter: no
    {T} symbol, CR 302.6). A permanent that has a {T} mana ability of its own is
    left to that (either use taps it once)."""
    out: list[Source] = []
    seen: set[int] = set(taken)
    may_forbid = tapping_watched(game)
    for src_id in game.battlefield:
        s = game.objects[src_id]
        if s.controller != player or s.phased_out:
            continue
        c = chars(game, s)
        if not c.tap_others_mana or "cant_activate_abilities" in c.restrictions:
            continue
        for i in c.tap_others_mana:
            a = c.abilities[i]
            flt = _tapped_filter(a)
            assert flt is not None
            prods = [p for e in a.effects for p in productions_of(e.args)]
            if not prods:
                continue
            for oid in game.battlefield:
                o = game.objects[oid]
                if oid in seen or o.tapped or o.phased_out or o.controller != player:
                    continue
                if may_forbid and tap_forbidden(game, o) is not None:
                    continue
                if not matches_object(game, o, flt, player, s):
                    continue
                seen.add(oid)
                out.append(Source(oid, i, list(prods), False, via=src_id))
    return out


def _allowed_sources(
    game: Game, player: int, sources: list[Source], on: Spending | None
) -> list[Source]:
    """``sources`` less those whose mana can't be spent on ``on`` (CR 106.6); the
    restricted sources come last, so a list without any is returned as it is."""
    if not sources or sources[-1].spend is None:
        return sources
    out = [s for s in sources if s.spend is None or may_spend(game, player, s.spend, on)]
    plain = {s.obj: i for i, s in enumerate(out) if s.spend is None and s.mana_cost is None}
    merged: list[Source] = []
    for s in out:
        i = plain.get(s.obj)
        if s.spend is None or s.mana_cost is not None or i is None:
            merged.append(s)
            continue
        # a permanent with an unrestricted and an allowed restricted {T} mana ability
        # (Eldrazi Temple's {C} and {C}{C}): one source that makes either, so that
        # tapping it for one doesn't rule out the other
        base = out[i]
        k = merged.index(base) if base in merged else -1
        both = Source(
            base.obj,
            base.ability,
            [*base.productions, *s.productions],
            base.is_land,
            [
                *(base.abilities or [base.ability] * len(base.productions)),
                *(s.abilities or [s.ability] * len(s.productions)),
            ],
            snow=base.snow,
        )
        if k >= 0:
            merged[k] = both
        out[i] = both
    return merged


# ---------------------------------------------------------------------------
# Payment planning
# ---------------------------------------------------------------------------


@dataclass(slots=True, init=False)
class Plan:
    """How to pay a cost: mana from the pool, sources to tap (and what each
    makes), and life paid for Phyrexian symbols."""

    from_pool: list[int]
    taps: list[tuple[int, int, tuple[str, ...]]]  # (object, ability index, mana made)
    life: int = 0
    #: a tapped object -> the permanent whose mana ability its tapping pays for
    #: (:attr:`Source.via`)
    via: dict[int, int] = field(default_factory=dict)
    #: of ``from_pool``, the snow mana paying {S} (CR 107.4h)
    from_snow: list[int] | None = None

    # (written out, not generated by @dataclass: mypyc compiles a method written in
    # the class, while the dataclass-made __init__ would run interpreted; every
    # field is set, tests/test_compiled_inits.py checks it)
    def __init__(
        self,
        from_pool: list[int],
        taps: list[tuple[int, int, tuple[str, ...]]],
        life: int = 0,
        via: dict[int, int] | None = None,
        from_snow: list[int] | None = None,
    ) -> None:
        self.from_pool = from_pool
        self.taps = taps
        self.life = life
        self.via = {} if via is None else via
        self.from_snow = from_snow


def plan_payment(
    game: Game,
    player: int,
    cost: ManaCost,
    sources: list[Source] | None = None,
    allow_life: bool = True,
    on: Spending | None = None,
) -> Plan | None:
    """A way to pay ``cost`` (X already fixed), or None if it can't be paid.

    Plain {T} sources are used first (lands before creatures, those making one
    thing first); sources whose ability sacrifices the permanent (a Treasure) only
    when those don't do; then one ability with a mana cost of its own (a filter
    land's "{B/R}, {T}: Add {B}{B}, ...", CR 605.3a), its cost paid from the
    other sources before its mana is made (CR 601.2g). ``on`` is what the mana
    pays for: restricted mana only pays for what it may (CR 106.6)."""
    got = _find_payment(game, player, cost, sources, allow_life, on)
    if got is None or isinstance(got, Plan):
        return got
    pool, srcs, (taps, life_paid, left, snow_after), snow = got
    used_pool = [a - (a if a < b else b) for a, b in zip(pool, left, strict=True)]
    return Plan(used_pool, taps, life_paid, _vias(srcs, taps), _snow_spent(snow, snow_after))


#: how plain sources pay a cost: the pool it was paid from, the sources in the order
#: tried, :func:`_solve`'s answer (the taps, the life paid, the pool left, the snow
#: mana left) and the pool's snow mana before (CR 107.4h; None without {S})
_Solution = tuple[
    list[int],
    list[Source],
    tuple[list[tuple[int, int, tuple[str, ...]]], int, list[int], list[int] | None],
    list[int] | None,
]


def _find_payment(
    game: Game,
    player: int,
    cost: ManaCost,
    sources: list[Source] | None,
    allow_life: bool,
    on: Spending | None,
) -> Plan | _Solution | None:
    """:func:`plan_payment`'s search: how its plain sources pay (the plan is made from
    it only when asked for, :func:`can_pay_now` asks only whether there is one), or
    the plan with a mana ability that has a mana cost of its own, or None."""
    if sources is None:
        sources = mana_sources(game, player)
    sources = _allowed_sources(game, player, sources, on)
    p = game.players[player]
    pool = base = list(p.mana_pool)
    # CR 107.4h: the snow mana in the pool, read only when a {S} asks for it
    snow = snow_left(p) if cost.snow else None
    extra = spendable(game, player, on)
    if extra is not None:
        pool = [a + b for a, b in zip(pool, extra, strict=True)]
    life = p.life if allow_life else 0
    srcs = _plain_in_order(sources)
    result = _solve(cost, pool, srcs, set(), life, snow)
    if result is not None:
        return pool, srcs, result, snow
    for f in sources:
        if f.mana_cost is None:
            continue
        for prod in f.productions:
            # restricted mana doesn't pay a mana ability's own cost (CR 106.6)
            plan = _plan_with_filter(cost, base, srcs, f, prod, life, snow)
            if plan is not None:
                return plan
    return None


def _snow_spent(snow: list[int] | None, snow_after: list[int] | None) -> list[int] | None:
    """The pool's snow mana a payment spends on {S} (CR 107.4h): what it had less
    what is left (exact for a payment from the pool alone, as :func:`execute_plan`
    makes it once the sources are tapped)."""
    if snow is None or snow_after is None:
        return None
    return [max(0, a - b) for a, b in zip(snow, snow_after, strict=True)]


#: id of a list of sources -> (the list, its plain sources in the order payments try
#: them): like :data:`_MOST`, remembered per list (lists are never changed)
_ORDERED: Final[dict[int, tuple[list[Source], list[Source]]]] = {}


def _plain_in_order(sources: list[Source]) -> list[Source]:
    """The sources without a mana cost of their own, in the order a payment uses
    them: not sacrificed first, without another {T} ability first (:attr:`Source.rider`),
    lands first, fewest choices first, then by id."""
    got = _ORDERED.get(id(sources))
    if got is not None and got[0] is sources:
        return got[1]
    srcs = sorted(
        (s for s in sources if s.mana_cost is None),
        key=lambda s: (s.sacrifice, s.rider, not s.is_land, len(s.productions), s.obj),
    )
    if len(_ORDERED) > 64:
        _ORDERED.clear()
    _ORDERED[id(sources)] = (sources, srcs)
    return srcs


def _plan_with_filter(
    cost: ManaCost,
    pool: list[int],
    srcs: list[Source],
    f: Source,
    prod: tuple[str, ...],
    life: int,
    snow: list[int] | None = None,
) -> Plan | None:
    """Pay ``cost`` with one activation of ``f`` (a mana ability with a mana cost)
    making ``prod``: its own cost first from the pool and the other sources, then
    the rest with its mana added (CR 605.3a, 601.2g); ``snow``: the pool's snow
    mana, when the cost has {S} (CR 107.4h)."""
    assert f.mana_cost is not None
    used = {f.obj}
    first = _solve(f.mana_cost, list(pool), srcs, used, 0, snow)
    if first is None:
        return None
    taps, _, after, snow_after = first
    after = list(after)
    if snow is not None and snow_after is None:
        # (its own cost has no {S}: paid with nonsnow mana first, rules/snow_mana.py)
        snow_after = [min(a, b) for a, b in zip(snow, after, strict=True)]
    for m in prod:
        after[POOL_INDEX[m]] += 1
        if snow_after is not None and f.snow:
            snow_after[POOL_INDEX[m]] += 1
    rest = _solve(cost, after, srcs, used, life, snow_after)
    if rest is None:
        return None
    step = (f.obj, f.ability_of(prod), prod)
    used_pool = [max(0, pool[i] - rest[2][i]) for i in range(6)]
    all_taps = [*taps, step, *rest[0]]
    return Plan(used_pool, all_taps, rest[1], _vias(srcs, all_taps), _snow_spent(snow, rest[3]))


def _vias(srcs: list[Source], taps: list[tuple[int, int, tuple[str, ...]]]) -> dict[int, int]:
    """The tapped objects of ``taps`` that pay another permanent's mana ability
    (:attr:`Source.via`)."""
    via = {s.obj: s.via for s in srcs if s.via is not None}
    if not via:
        return {}
    return {oid: via[oid] for oid, _a, _p in taps if oid in via}


class _Payer:
    """The state of one :func:`_solve` search: the pool as it is spent, the snow mana
    in it (CR 107.4h; None when the cost has no {S}), the taps made, the permanents
    used (one mana ability each: shared with the caller, updated), the sources in the
    order tried, and the single-color needs not paid yet (what a mix of colors should
    cover). A record and methods, not closures over the search's locals: those made a
    reference cycle at each search (the closures and their shared cell), which only
    the cyclic garbage collector freed (benchmarks/mypyc.md, session 28)."""

    def __init__(
        self,
        pool: list[int],
        snow: list[int] | None,
        used: set[int],
        srcs: list[Source],
    ) -> None:
        self.pool = pool
        self.snow = snow
        self.taps: list[tuple[int, int, tuple[str, ...]]] = []
        self.used = used
        self.srcs = srcs
        self.left: dict[str, int] = {}

    def tap(self, s: Source, prod: tuple[str, ...]) -> None:
        pool, snow = self.pool, self.snow
        self.used.add(s.obj)
        self.taps.append((s.obj, s.ability_of(prod), prod))
        for m in prod:
            pool[POOL_INDEX[m]] += 1
            if snow is not None and s.snow:
                snow[POOL_INDEX[m]] += 1

    def spend(self, i: int) -> None:
        # one mana of pool index ``i``: nonsnow mana first (snow mana pays {S})
        pool, snow = self.pool, self.snow
        pool[i] -= 1
        if snow is not None and snow[i] > pool[i]:
            snow[i] -= 1

    def take(self, options: tuple[str, ...]) -> bool:
        # pay one symbol that may be any of ``options`` with colored mana
        pool, used = self.pool, self.used
        for opt in options:
            if opt in POOL_INDEX and pool[POOL_INDEX[opt]] > 0:
                self.spend(POOL_INDEX[opt])
                return True
        for opt in options:
            if opt not in POOL_INDEX:
                continue
            for s in self.srcs:
                if s.obj in used:
                    continue
                fits = [prod for prod in s.productions if opt in prod]
                if fits:
                    # several mixes make it ("three mana in any combination of
                    # colors"): the one that pays most of the colored needs left
                    self.tap(s, max(fits, key=self.covers) if len(fits) > 1 else fits[0])
                    self.spend(POOL_INDEX[opt])
                    return True
        return False

    def covers(self, prod: tuple[str, ...]) -> int:
        left = self.left
        return sum(min(prod.count(m), left.get(m, 0)) for m in set(prod))

    def pay_generic(self, n: int) -> bool:
        pool, used = self.pool, self.used
        for _ in range(n):
            for i in (5, 0, 1, 2, 3, 4):  # colorless first
                if pool[i] > 0:
                    self.spend(i)
                    break
            else:
                for s in self.srcs:
                    if s.obj not in used:
                        self.tap(s, max(s.productions, key=len))  # the most mana it makes
                        break
                else:
                    return False
                for i in (5, 0, 1, 2, 3, 4):
                    if pool[i] > 0:
                        self.spend(i)
                        break
        return True

    def pay_snow(self, n: int) -> bool:
        # CR 107.4h: each {S} with one mana a snow source made, of any type
        pool, snow, used = self.pool, self.snow, self.used
        assert snow is not None
        for _ in range(n):
            i = next((i for i in (5, 0, 1, 2, 3, 4) if snow[i] > 0), None)
            if i is None:
                s = next((s for s in self.srcs if s.snow and s.obj not in used), None)
                if s is None:
                    return False
                self.tap(s, max(s.productions, key=len))
                i = next(i for i in (5, 0, 1, 2, 3, 4) if snow[i] > 0)
            pool[i] -= 1
            snow[i] -= 1
        return True


def _solve(
    cost: ManaCost,
    pool: list[int],
    srcs: list[Source],
    used: set[int],
    life: int,
    snow_pool: list[int] | None = None,
) -> tuple[list[tuple[int, int, tuple[str, ...]]], int, list[int], list[int] | None] | None:
    """Greedy over needs, most constrained first: the taps, the life paid, the pool
    left afterwards (mana made beyond a need stays in it, CR 106.4) and, when the
    cost has {S}, the snow mana left of it. ``used`` holds the permanents already
    used (one mana ability each); it is updated.

    CR 107.4h: {S} is paid with mana a snow source made, after the colored symbols
    (paid with nonsnow mana and sources first) and before the generic ones."""
    snow: list[int] | None = None
    if cost.snow:
        snow = list(snow_pool) if snow_pool is not None else [0] * 6
        # nonsnow sources first for everything but {S}
        srcs = sorted(srcs, key=lambda s: s.snow)
    payer = _Payer(list(pool), snow, used, srcs)
    life_paid = 0
    needs: list[tuple[str, ...]] = [(c,) for c in cost.colored]
    needs += list(cost.hybrid)
    # Most constrained needs first: single-color needs, then hybrids. A {2/B} not
    # paid with {B} is paid with two generic at the end with the generic part, so
    # it doesn't spend mana a later {2/U} needs (CR 107.4e)
    deferred = 0
    # the single-color needs not paid yet (what a mix of colors should cover)
    left = payer.left
    for c in (*cost.colored, *cost.phyrexian):
        left[c] = left.get(c, 0) + 1
    for need in sorted(needs, key=len):
        if len(need) == 1:
            left[need[0]] -= 1
        if not payer.take(need):
            digits = [int(o) for o in need if o.isdigit()]
            if not digits:
                return None
            deferred += min(digits)
    for color in cost.phyrexian:
        left[color] -= 1
        if not payer.take((color,)):
            if life - life_paid >= 2:  # CR 119.4: pay life only if you have it
                life_paid += 2
            else:
                return None
    if cost.snow and not payer.pay_snow(cost.snow):
        return None
    if not payer.pay_generic(cost.generic + deferred):
        return None
    return payer.taps, life_paid, payer.pool, snow


def can_pay(
    game: Game,
    player: int,
    cost: ManaCost,
    sources: list[Source] | None = None,
    on: Spending | None = None,
) -> bool:
    if sources is None:
        return can_pay_now(game, player, cost, on=on)
    return _find_payment(game, player, cost, sources, True, on) is not None


def can_pay_now(
    game: Game,
    player: int,
    cost: ManaCost,
    without: int | None = None,
    on: Spending | None = None,
) -> bool:
    """:func:`can_pay` with the player's current mana sources (less the permanent
    ``without``: one whose own {T} is part of the cost, CR 602.2b), remembered with
    those sources (in the characteristics cache) for the pool it was asked with, and
    the life when the cost has Phyrexian symbols (life pays nothing else of a mana
    cost, CR 107.4f: :func:`_solve`)."""
    p = game.players[player]
    cache = game._chars
    memo = cache.get(("can_pay", player))
    sources = mana_sources(game, player)
    if memo is None:
        memo = cache[("can_pay", player)] = _payments_for(game, player, sources)
    key: tuple[Any, ...] = (
        cost,
        tuple(p.mana_pool),
        p.life if cost.phyrexian else 0,
        without,
        tuple(snow_left(p)) if cost.snow else None,
    )
    if p.restricted_mana or (sources and sources[-1].spend is not None):
        # CR 106.6: the answer depends on what the mana pays for
        key = (*key, on, tuple(p.restricted_mana))
    got = memo.get(key)
    if got is None:
        if without is not None:
            sources = [s for s in sources if s.obj != without]
        got = _find_payment(game, player, cost, sources, True, on) is not None
        memo[key] = got
    return bool(got)


def _payments_for(game: Game, player: int, sources: list[Source]) -> dict:
    """The payments found possible with these mana sources: those remembered with
    the last sources of the player the characteristics cache forgot, when they are
    the same (by value: what each source is and makes, all that a payment reads
    besides the pool, life and what it pays for), else none. They are kept apart
    from that cache (with the "could act" indexes, which a clone doesn't copy), as
    most of what clears it changes no mana source (CR 605)."""
    kept = game._could_act
    got = kept.get(("can_pay", player))
    if got is not None and (got[0] is sources or got[0] == sources):
        return got[1]
    memo: dict = {}
    kept[("can_pay", player)] = (sources, memo)
    return memo


def max_x(
    game: Game, player: int, cost: ManaCost, limit: int = 20, on: Spending | None = None
) -> int:
    """The largest X the player could pay for a cost with {X} (CR 107.3)."""
    if cost.x == 0:
        return 0
    sources = mana_sources(game, player)
    best = -1
    for x in range(limit + 1):
        if plan_payment(game, player, cost.with_x(x), sources, on=on) is None:
            break
        best = x
    return best


def execute_plan(
    game: Game, player: int, cost: ManaCost, plan: Plan, what: str, on: Spending | None = None
) -> list[str]:
    """Activate the planned mana abilities and pay (CR 601.2g-h, 605.3); ``on`` is
    what the mana pays for (CR 106.6).

    Returns the mana spent, as letters (``["G", "C"]``): what sunburst
    counts (CR 702.44a) and "mana spent to cast" refers to (CR 601.2h)."""
    p = game.players[player]
    names = []
    side: list[tuple[GameObject, Ability]] = []
    sacrificed: list[int] = []
    untapped_use = False  # a source whose mana ability has no {T} (log wording only)
    tapped_now: list[GameObject] = []
    tapped_for_cost: list[GameObject] = []  # tapped to pay another's mana ability
    extra_rules: list[str] = []  # the replacement effects' on the mana made (CR 106.12b)
    produced: dict[int, tuple[str, ...]] = {}  # what each permanent tapped for mana made
    wanted: dict[int, tuple[str, ...]] = {}  # the triggered mana planned on (CR 605.4a)
    mana_triggers = may_trigger_on(game, EventKind.TAPPED_FOR_MANA)
    for oid, ability, prod in plan.taps:
        o: GameObject = game.objects[oid]
        via = plan.via.get(oid)
        if via is not None:
            # "Tap an untapped Druid you control: Add {G}.": the permanent tapped pays
            # the cost of the other's mana ability (CR 602.2b, 605.3a); that isn't
            # tapping it for mana (106.12: no {T} symbol)
            payer, o = o, game.objects[via]
            pay_tap(game, payer, _TAP_RULES)
            tapped_for_cost.append(payer)
            prod, more, added = produce_mana(game, player, o, prod, False, None)
            extra_rules.extend(r for r in added if r not in extra_rules)
            add_to_pool(p, prod, is_snow_source(game, o))  # CR 106.3, 107.4h
            made = "".join("{" + m + "}" for m in prod)
            names.append(f"{payer.name} (for {o.name}'s ability, {made})")
            continue
        abilities = chars(game, o).abilities
        acost = abilities[ability].cost if 0 <= ability < len(abilities) else None
        if not o.tapped and (acost is None or acost.tap):
            tapped_now.append(o)
        if 0 <= ability < len(abilities) and any(
            e.op != "add_mana" for e in abilities[ability].effects
        ):
            side.append((o, abilities[ability]))
        if acost is not None and acost.mana:
            # "{B/R}, {T}: Add ...": its mana cost is paid from the mana made so far
            # (CR 605.3a, 601.2g; the plan made it first)
            _pay_from_pool(game, player, parse_cost(acost.mana), o.name)
        if acost is not None and sacrifices_itself(acost):
            sacrificed.append(oid)  # "Sacrifice this creature: Add {B}." (CR 605.3a)
            if acost.tap:
                pay_tap(game, o, _TAP_RULES)
        else:
            pay_tap(game, o, _TAP_RULES)
        # CR 106.12b: replacement effects on the mana it produces ("twice as much");
        # the plan counted them in (each mana repeated ``factor`` times)
        tapped_for_mana = acost is None or acost.tap
        if tapped_for_mana and mana_triggers:
            # CR 605.4a: the mana the triggered mana abilities add, planned on, comes
            # after this ability's (resolve_mana_triggers, below)
            k = extra_count(game, player, o, productions_of)
            if k and len(prod) > k:
                prod, wanted[oid] = prod[:-k], prod[-k:]
        factor = tapped_mana_factor(game, player, o) if tapped_for_mana else 1
        base = prod[::factor] if factor > 1 and len(prod) % factor == 0 else prod
        if tapped_for_mana and changes_mana_type(game):
            base = _original_production(game, player, o, ability, prod)
        # (the color the plan chose for "mana of a color of your choice", CR 106.1b)
        color = prod[0] if prod and prod[0] != "C" else None
        prod, more, added = produce_mana(game, player, o, base, tapped_for_mana, color)
        extra_rules.extend(r for r in added if r not in extra_rules)
        if tapped_for_mana:
            produced[oid] = prod
        restriction = (
            spend_restriction(abilities[ability]) if 0 <= ability < len(abilities) else None
        )
        if restriction is not None:
            # CR 106.6: the mana keeps its restriction in the pool
            p.restricted_mana.extend((POOL_INDEX[m], restriction) for m in prod)
        else:
            add_to_pool(p, prod, is_snow_source(game, o))  # CR 106.3, 107.4h
        made = "".join("{" + m + "}" for m in prod)
        how = [made]
        if acost is not None and acost.mana:
            how.append(f"paying {acost.mana}")
        if oid in sacrificed:
            how.append("sacrificed")
        how.extend(more)
        names.append(f"{o.name} ({', '.join(how)})")
        if not tapped_for_mana:
            untapped_use = True  # "Sacrifice this land: Add {B}.": used, not tapped
    if tapped_now:
        became_tapped(game, tapped_now, ("605.3a", "602.2b"), for_mana=True)
        resolve_mana_triggers(game, produced, wanted, productions_of)  # CR 605.4a
    if tapped_for_cost:
        became_tapped(game, tapped_for_cost, ("605.3a", "602.2b"))
    if sacrificed:
        for oid in sacrificed:
            if oid in game.objects:
                sacrifice(game, oid, ("605.3a", "701.21a"))  # the mana ability's cost
    game.invalidate(TAPPED_FOR_MANA, *(oid for oid, _a, _p in plan.taps), *plan.via.values())
    if side:
        # CR 605.3b: the rest of each mana ability's instructions happen as it resolves
        for o, a in side:
            rest = replace(a, effects=tuple(e for e in a.effects if e.op != "add_mana"))
            run_mana_ability(game, o, rest, player)
    # pay from the pool: re-run the solver on the pool alone so the exact
    # symbols are removed (colored needs first).
    pool_plan = plan_payment(game, player, cost, sources=[], allow_life=plan.life > 0, on=on)
    if pool_plan is None:  # pragma: no cover - the plan was checked
        raise RuntimeError(f"mana plan for {what} did not cover {cost}")
    spend_from_pool(game, player, pool_plan.from_pool, on, pool_plan.from_snow)
    if pool_plan.life:
        # CR 107.4f, 119.4: Phyrexian mana paid with life: a payment of life, which
        # is losing it
        lose_life(game, player, pool_plan.life, ("107.4f", "119.4"), f"paid for {what}", paid=True)
    verb = "using" if untapped_use else "tapping"
    tapped = f" {verb} {', '.join(names)}" if names else ""
    life = f" and {pool_plan.life} life" if pool_plan.life else ""
    game.emit(
        EventKind.PAY_MANA,
        (("601.2g", "601.2h", "605.3a", *extra_rules) if names else ("601.2h",))
        # CR 107.4h: each {S} paid with mana from a snow source
        + (("107.4h",) if cost.snow else ()),
        f"{p.name} pays {cost} for {what}{tapped}{life}",
        player=player,
        life_paid=pool_plan.life,
    )
    return [c for i, c in enumerate(POOL_ORDER) for _ in range(pool_plan.from_pool[i])]


def _pay_from_pool(game: Game, player: int, cost: ManaCost, what: str) -> None:
    """Remove mana paying ``cost`` from the pool (CR 601.2h)."""
    plan = plan_payment(game, player, cost, sources=[], allow_life=False)
    if plan is None:  # pragma: no cover - the plan was checked
        raise RuntimeError(f"mana plan for {what} did not cover {cost}")
    take_from_pool(game.players[player], plan.from_pool)


def add_costs(a: ManaCost, b: ManaCost, times: int = 1) -> ManaCost:
    """``a`` plus ``times`` copies of ``b`` (CR 601.2f: additional costs add up)."""
    if times <= 0:
        return a
    return ManaCost(
        a.generic + b.generic * times,
        a.colored + b.colored * times,
        a.hybrid + b.hybrid * times,
        a.phyrexian + b.phyrexian * times,
        a.x + b.x * times,
        a.snow + b.snow * times,
    )


def reduce_cost(cost: ManaCost, generic: int = 0, colored: tuple[str, ...] = ()) -> ManaCost:
    """CR 601.2f: a cost reduction; it can't reduce a cost below {0}. Colored
    reductions ("costs {G} less") take away matching colored symbols; what
    finds no match reduces generic mana (CR 702.48c by analogy, 118.7)."""
    col = list(cost.colored)
    gen = cost.generic - max(0, generic)
    for c in colored:
        if c in col:
            col.remove(c)
        else:
            gen -= 1
    return ManaCost(max(0, gen), tuple(col), cost.hybrid, cost.phyrexian, cost.x, cost.snow)


def sources_from_ids(game: Game, player: int, ids: tuple[int, ...]) -> list[Source] | None:
    """Restrict the sources to the permanents a player chose to tap (scenario ``tap:``).

    A permanent named here may also be one whose mana ability sacrifices it ("Sacrifice
    this creature: Add {B}.", a Treasure): activated only when chosen (CR 605.3a)."""
    by_obj: dict[int, Source] = {}
    for src in mana_sources(game, player):
        if src.mana_cost is None:
            by_obj.setdefault(src.obj, src)
    out = []
    for oid in ids:
        s = by_obj.get(oid)
        if s is None:
            s = sacrifice_source(game, player, oid)
        if s is None:
            return None
        out.append(s)
    return out


def sacrifice_source(game: Game, player: int, oid: int) -> Source | None:
    """A permanent ``player`` controls whose mana ability's cost is to sacrifice it
    (and perhaps {T}), as a payment source (CR 605.3a, 601.2g), or None."""
    o = game.objects.get(oid)
    if o is None or o.zone != Zone.BATTLEFIELD or o.controller != player or o.phased_out:
        return None
    c = chars(game, o)
    for i, a in enumerate(c.abilities):
        if a.kind is not AbilityKind.MANA or a.cost is None or not sacrifices_itself(a.cost):
            continue
        cost = a.cost
        if cost.mana or cost.life or cost.discard or cost.other or cost.untap:
            continue
        if cost.tap and (o.tapped or (c.is_creature() and is_summoning_sick(game, o, c))):
            continue  # CR 302.6
        if cost.tap and tap_forbidden(game, o) is not None:
            continue  # CR 101.2, 118.3
        if not _auto_payable(a):
            continue
        prods = [
            p for e in a.effects if e.op == "add_mana" for p in productions_of(e.args, game, o)
        ]
        if prods and cost.tap:
            # CR 605.4a: as every source tapped for mana (_mana_sources)
            prods = extra_productions(game, player, o, prods, productions_of)[0]
        if prods:
            return Source(oid, i, prods, "Land" in c.types, tap=cost.tap)
    return None


def sacrifices_itself(cost: object) -> bool:
    """Whether a cost is "Sacrifice this permanent" (one object, itself)."""
    flt = getattr(cost, "sacrifice", None)
    return (
        flt is not None
        and getattr(cost, "sacrifice_count", 1) == 1
        and ("self", True) in getattr(flt, "conditions", ())
    )
