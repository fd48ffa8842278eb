"""The total cost of a spell (CR 601.2f) and paying it (CR 601.2g-h).

CR 601.2f: "The total cost is the mana cost or alternative cost (as
determined in rule 601.2b), plus all additional costs and cost increases,
and minus all cost reductions." This module computes that total:

* the base: the mana cost (CR 202.1), or an alternative cost (CR 118.9:
  flashback, madness, evoke, prowl, morph's {3}, "without paying its mana
  cost") from :data:`mtg_engine.game.hooks.ALT_COSTS`;
* additional costs (CR 118.8): the spell's own ("As an additional cost to
  cast this spell, sacrifice a creature"), and the optional ones chosen as
  it was cast (kicker, buyback, entwine, replicate, splice) from
  :data:`~mtg_engine.game.hooks.ADDITIONAL_COSTS`;
* cost increases and reductions: "cost {1} more/less" static abilities of
  permanents (CR 601.2f, e.g. Thalia, Emerald Medallion) and affinity
  (CR 702.41a). They apply to the total cost whichever cost it started from
  (rulings 502.16.2, 502.21.4, 502.22.5, 502.24.5), but not to costs paid
  while something resolves, such as echo (ruling 502.19.4).

Convoke (CR 702.51a), improvise (CR 702.126a) and delve (CR 702.66a) don't
change the total cost: they are ways to pay parts of it (tapping creatures or
artifacts, exiling graveyard cards) and are applied by :func:`apply_convoke`,
:func:`apply_improvise` and :func:`apply_delve`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, Amount, Cost, Filter
from ..game.hooks import ADDITIONAL_COSTS, ALT_COSTS, KEYWORD_HOOKS, condition
from ..game.objects import GameObject, Zone
from . import mana as mana_rules
from . import mana_costs
from .characteristics import chars, printed
from .cost_changes import apply_changes, spell_changes
from .filters import matches_object
from .granted_as_cast import abilities_granted_as_cast
from .multiface_play import cast_chars
from .support import register
from .tap_replacements import tap_forbidden
from .timing import has_sorcery_timing

if TYPE_CHECKING:
    from ..game.state import Game
    from .char_values import Chars


@dataclass(slots=True)
class TotalCost:
    """A spell's locked-in total cost (CR 601.2f), split into its components."""

    mana: mana_costs.ManaCost
    life: int = 0
    #: (what, how many, rule) to sacrifice / discard / exile as part of the cost
    sacrifice: list[tuple[Filter, int, str]] = field(default_factory=list)
    discard: list[tuple[Filter, int, str]] = field(default_factory=list)
    exile: list[tuple[Filter, int, str]] = field(default_factory=list)
    #: "Tap three untapped white creatures you control" (Battle Screech's flashback)
    tap: list[tuple[Filter, int, str]] = field(default_factory=list)
    #: "return an unblocked attacker you control to hand" (sneak)
    returns: list[tuple[Filter, int, str]] = field(default_factory=list)
    #: "reveal a Merfolk card from your hand" (Silvergill Adept, CR 701.20a)
    reveal: list[tuple[Filter, int, str]] = field(default_factory=list)
    #: "behold a Dragon": a Dragon card in the hand or a Dragon permanent (CR 701.4a)
    behold: list[tuple[Filter, int, str]] = field(default_factory=list)
    #: "blight 2": -1/-1 counters on a creature you control (CR 701.68a), as
    #: (your creatures, how many counters, rule)
    blight: list[tuple[Filter, int, str]] = field(default_factory=list)
    #: the generic mana of waterbend costs, which tapped artifacts and creatures may
    #: pay instead (CR 701.67a-b; rules/waterbend.py)
    waterbend: int = 0
    #: an optional additional cost of the spell's own is paid ("if this spell's
    #: additional cost was paid", CR 601.2b, 118.8)
    optional_paid: bool = False
    #: readable parts for the log ("kicker {2}{G}") and the rules they come from
    notes: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    #: why the cost can't be paid by this engine yet ("Sacrifice X Mountains")
    problem: str | None = None
    #: an additional cost's X isn't announced yet (a cast being proposed): the
    #: counts above are for X = 0 (CR 601.2b comes first when it is cast)
    x_open: bool = False
    #: an announced additional cost has {X} in its mana cost ("Kicker {X}", CR 107.3)
    mana_x: bool = False

    def add(self, cost: Cost | None, times: int, rule: str, label: str) -> None:
        """Add ``times`` copies of a cost component (CR 601.2f)."""
        if cost is None or times <= 0:
            return
        typed: Any = cost  # (its X amounts: typed Any, see above _is_x)
        counts = (typed.life, typed.sacrifice_count, typed.discard_count, typed.exile_count)
        if not all(isinstance(n, int) for n in counts):
            # "Sacrifice X Mountains": a variable amount isn't paid yet (no silent guess)
            self.problem = (
                self.problem or f"a cost with a variable amount can't be paid yet ({rule})"
            )
            return
        if cost.mana:
            self.mana = mana_rules.add_costs(self.mana, mana_costs.parse_cost(cost.mana), times)
        self.life += cost.life * times
        if cost.sacrifice is not None:
            self.sacrifice.append((cost.sacrifice, cost.sacrifice_count * times, rule))
        if cost.discard is not None:
            self.discard.append((cost.discard, cost.discard_count * times, rule))
        if cost.exile is not None:
            self.exile.append((cost.exile, cost.exile_count * times, rule))
        tap = tap_spec(cost)
        if tap is not None and isinstance(tap[1], int):
            self.tap.append((tap[0], tap[1] * times, rule))
        for k, v in cost.other:
            if k == "return" and isinstance(v, tuple) and isinstance(v[1], int):
                self.returns.append((v[0], v[1] * times, rule))
            elif k == "reveal" and isinstance(v, tuple) and isinstance(v[1], int):
                self.reveal.append((v[0], v[1] * times, rule))
            elif k == "behold" and isinstance(v, tuple) and isinstance(v[1], int):
                self.behold.append((v[0], v[1] * times, rule))
            elif k == "blight" and isinstance(v, int):
                self.blight.append((YOUR_CREATURE, v * times, rule))
            elif k == "blight":
                # "blight X": not run yet (no silent guess)
                self.problem = self.problem or f"a blight X cost can't be paid yet ({rule})"
            elif k == "waterbend" and isinstance(v, str):
                generic = mana_costs.parse_cost(v)
                if generic.x:
                    # "waterbend {X}" as a spell's additional cost: not run yet
                    self.problem = (
                        self.problem or f"a waterbend {{X}} cost can't be paid yet ({rule})"
                    )
                self.waterbend += generic.generic * times
        if label:
            self.notes.append(label + (f" x{times}" if times > 1 else ""))
        if rule and rule not in self.rules:
            self.rules.append(rule)


def tap_spec(cost: Cost | None) -> tuple[Filter, int | str] | None:
    """The "tap N untapped [permanents] you control" part of a cost, if any; N is
    ``"all"`` for "tap enchanted land" (every permanent the words describe)."""
    if cost is None:
        return None
    for k, v in cost.other:
        if k == "tap_permanents" and isinstance(v, tuple) and len(v) == 2:
            flt, n = v
            if isinstance(flt, Filter) and (isinstance(n, int) or n == "all"):
                return flt, n
    return None


def as_cost(value: Any) -> Cost | None:
    """A keyword's cost argument as a :class:`Cost` (the compiler gives a mana
    string for "Kicker {2}{G}" and a Cost for "Flashback—{1}{U}, Pay 3 life")."""
    if value is None:
        return None
    if isinstance(value, Cost):
        return value
    if isinstance(value, str):
        return Cost(mana=value)
    return None


#: keywords whose variants pay the same kind of cost (CR 702.33c: multikicker is a
#: kicker that may be paid any number of times)
_KEYWORD_VARIANTS = {"Kicker": ("Kicker", "Multikicker")}


def keyword_abilities(c_abilities: tuple[Ability, ...], keyword: str) -> list[Ability]:
    names = _KEYWORD_VARIANTS.get(keyword, (keyword,))
    return [a for a in c_abilities if a.keyword in names]


def alt_abilities(game: Game, obj: GameObject, alt: str | None) -> list[Ability]:
    """Every keyword ability that grants the alternative cost ``alt``: a printed
    evoke cost and the evoke {4} a spell gains as it's cast (Ashling, the
    Limitless) are two alternative costs, of which the caster chooses one (CR
    601.2b, 118.9)."""
    spec = ALT_COSTS.get(alt or "")
    if spec is None or spec.keyword is None:
        return []
    found = [a for a in _printed_abilities(game, obj) if a.keyword == spec.keyword]
    if obj.zone != Zone.STACK:
        # a card about to be cast: what it would gain as it's cast (CR 601.3e); on
        # the stack, the spell has it (rules/layers.py)
        found += abilities_granted_as_cast(game, obj.controller, obj, spec.keyword)
    return found


def alt_ability(game: Game, obj: GameObject, alt: str | None, which: int = 0) -> Ability | None:
    """The keyword ability that grants the alternative cost ``alt`` (e.g. Flashback);
    ``which``: the one announced among several (:data:`ALT_CHOICE`)."""
    spec = ALT_COSTS.get(alt or "")
    if spec is None or spec.keyword is None:
        return None
    found = alt_abilities(game, obj, alt)
    if found:
        return found[which] if 0 <= which < len(found) else found[0]
    if obj.face and spec.face:
        # cast transformed: the front face's ability that allows it (CR 712.11d, 702.146a)
        for a in obj.card.compiled[0].abilities:
            if a.keyword == spec.keyword:
                return a
    return None


def _printed_abilities(game: Game, obj: GameObject) -> tuple[Ability, ...]:
    """The abilities of the card's face, also for a face-down spell (CR 708.2:
    the face-down object has none, but its morph cost is still the card's)."""
    if obj.face_down:
        return obj.card.compiled[obj.face].abilities
    return chars(game, obj).abilities


def base_cost(
    game: Game, obj: GameObject, alt: str | None, x: int, c: Chars | None = None, which: int = 0
) -> tuple[mana_costs.ManaCost, Cost | None, str | None]:
    """CR 601.2f: the mana cost, or the alternative cost chosen in 601.2b.

    Returns the mana part, the non-mana part of an alternative cost (Deep
    Analysis: "Flashback—{1}{U}, Pay 3 life"), and the rule of the alternative cost.
    ``c``: the characteristics the spell will have (a split card's half, CR 709.3a).
    """
    spec = ALT_COSTS.get(alt or "")
    if c is None:
        c = chars(game, obj)
    # "Spend only black mana on X" (CR 107.3): a rule of the spell ability
    colors = next(
        (
            mana_costs.x_colors(a.restrictions)
            for a in c.abilities
            if a.kind is AbilityKind.SPELL and a.restrictions
        ),
        (),
    )
    if spec is None:
        return mana_costs.parse_cost(c.mana_cost).with_x(x, colors), None, None
    cost: Any = spec.cost(alt_ability(game, obj, alt, which))  # (X amounts: above _is_x)
    if cost is None:
        return mana_costs.ManaCost(), None, spec.rule  # CR 118.9a: X is 0
    if spec.keeps_mana_cost:
        # retrace (CR 702.81a): the mana cost and an additional cost (601.2f)
        mana = mana_costs.parse_cost(c.mana_cost).with_x(x, colors)
    else:
        mana = mana_costs.parse_cost(cost.mana).with_x(x, colors)
    rest = Cost(
        life=cost.life,
        sacrifice=cost.sacrifice,
        sacrifice_count=cost.sacrifice_count,
        discard=cost.discard,
        discard_count=cost.discard_count,
        exile=cost.exile,
        exile_count=cost.exile_count,
        other=cost.other,  # "Tap three untapped white creatures you control"
    )
    return mana, rest, spec.rule


def cast_face_up(opts: dict[str, Any]) -> bool:
    """Whether the announced alternative cost casts a face-down exiled card face up
    (a foretold card, CR 702.143a): its face-up characteristics are checked."""
    spec = ALT_COSTS.get(opts.get("alt") or "")
    return spec is not None and spec.cast_face_up


def _spell_chars(game: Game, obj: GameObject, opts: dict[str, Any]) -> Chars:
    """The characteristics the spell has (on the stack) or will have (a card being
    checked before it's cast): only the half being cast of a split card (CR 709.3a),
    or both halves of a fused split spell (CR 702.102b); a face-down foretold card's
    face-up characteristics (CR 702.143a)."""
    if obj.face_down and obj.zone != Zone.STACK and cast_face_up(opts):
        return printed(obj)
    if obj.zone != Zone.STACK and len(obj.card.faces) > 1:
        return cast_chars(game, obj, int(opts.get("face", 0)), bool(opts.get("fuse")))
    return chars(game, obj)


def total_cost(
    game: Game, player: int, obj: GameObject, opts: dict[str, Any], as_spell: bool = False
) -> tuple[TotalCost, str | None]:
    """CR 601.2f: the total cost of the spell ``obj`` (on the stack, choices made).

    ``opts`` holds the choices announced in 601.2b (see ``CastSpell``). Returns
    the total and a problem (why the announced choices are illegal) or None.
    ``as_spell``: ``obj`` is still the card (checking a cast before it's
    proposed); cost effects that apply to spells apply to it.
    """
    alt = opts.get("alt")
    c = _spell_chars(game, obj, opts)
    which = opts.get(ALT_CHOICE, 0)
    mana, alt_rest, alt_rule = base_cost(
        game, obj, alt, obj.x or 0, c, which if isinstance(which, int) else 0
    )
    total = TotalCost(mana)
    if alt_rule is not None:
        total.rules.append(alt_rule)
        total.notes.append(f"{alt} cost {mana}")
        total.add(alt_rest, 1, alt_rule, "")
    abilities = _printed_abilities(game, obj)
    # The spell's own additional costs (CR 118.8, 601.2b).
    for a in abilities:
        if a.kind is not AbilityKind.STATIC:
            continue
        for st in a.static:
            if st.op != "additional_cost":
                continue
            if st.args.get("choice"):
                # "sacrifice a creature or pay {3}": the cost announced (601.2b), once
                # it is (a cast being proposed has none yet: rules/casting.py tries each)
                chosen = opts.get(COST_CHOICE)
                options = st.args["choice"]
                if isinstance(chosen, int) and 0 <= chosen < len(options):
                    total.add(
                        options[chosen], 1, "601.2b", f"additional cost: {label(options[chosen])}"
                    )
                continue
            cost = as_cost(st.args.get("cost"))
            if st.args.get("optional"):
                if not _optional_paid(cost, opts):
                    continue
                total.optional_paid = True
            # "As an additional cost, sacrifice X creatures": the X announced (601.2b)
            fixed = with_x(cost, obj.x or 0)
            total.x_open = total.x_open or (obj.x is None and fixed is not cost)
            total.add(fixed, 1, "118.8", "additional cost")
    # "You may cast this spell as though it had flash if you pay {2} more to cast it"
    # (Rout): cast at a time a sorcery couldn't have been cast, a cost increase (601.2f)
    more = _flash_cost_more(abilities)
    if more and _cast_as_flash(game, player, obj, as_spell):
        total.add(Cost(mana=more), 1, "601.2f", "as though it had flash")
        total.notes.append(f"{more} more to cast it as though it had flash")
        total.rules.append("702.8a")
    # "You may cast this card from your graveyard by discarding a card in addition to
    # paying its other costs" (CR 601.2a, 118.8): cast from that zone without an
    # alternative cost, the permission's own additional cost
    zone = (obj.paid or {}).get("from_zone") if obj.zone == Zone.STACK else Zone.NAMES[obj.zone]
    if alt is None and zone in ("graveyard", "exile"):
        for a in abilities:
            for st in a.static if a.kind is AbilityKind.STATIC else ():
                if st.op == "may_cast_from" and st.args.get("zone") == zone:
                    extra = as_cost(st.args.get("cost"))
                    if extra is not None:
                        total.add(extra, 1, "118.8", "additional cost")
    # Optional additional costs announced in 601.2b (kicker, buyback, ...).
    for keyword, fn in ADDITIONAL_COSTS.items():
        parts, problem = fn(game, obj, keyword_abilities(abilities, keyword), opts)
        if problem:
            return total, problem
        for part in parts:
            total.add(part.cost, part.times, part.rule, part.label)
            if part.extra.get("reduce_by"):
                # offering (CR 702.48a, 702.48c): reduced by the sacrificed permanent's mana cost
                by = mana_costs.parse_cost(part.extra["reduce_by"]).with_x(0)
                total.mana = KEYWORD_HOOKS.reduce_by_mana_cost(total.mana, by)
    if total.mana.x:
        # "Kicker {X}" (Verdeloth the Ancient): the X of an announced additional cost
        # is the spell's X, announced with it (CR 107.3, 601.2b); until then it is 0
        total.mana_x = True
        total.x_open = total.x_open or obj.x is None
        total.mana = total.mana.with_x(obj.x or 0)
    # Cost increases, then reductions (CR 601.2f).
    spec = ALT_COSTS.get(alt or "")
    face_down = obj.face_down and not (spec is not None and spec.cast_face_up)
    if not face_down and not (spec is not None and spec.face_down):
        # (a face-down spell has no color or name for cost effects to see, CR 708.4)
        _apply_cost_changes(game, player, obj, c, total, as_spell)
    if alt is not None and alt not in ALT_COSTS:
        return total, f"there's no alternative cost called {alt!r} (rule 118.9)"
    return total, total.problem


#: "a creature you control", the creature blighted (CR 701.68a)
YOUR_CREATURE = Filter(("Creature",), "battlefield", (("controller", "you"),))


#: the cast option saying whether "you may blight 1" is paid (CR 601.2b)
BLIGHT_PAID = "blight_paid"


def optional_blight(cost: Cost | None) -> bool:
    """Whether an optional additional cost is "you may blight 1" (CR 701.68a-b),
    paid or not as the spell is cast (601.2b)."""
    return cost is not None and any(k == "blight" for k, _ in cost.other)


#: the cast option holding which of a spell's "[cost] or [cost]" additional costs its
#: caster announced (an index into the choice, CR 601.2b)
COST_CHOICE = "cost_choice"

#: the cast option holding which of several abilities granting the same alternative
#: cost (a printed evoke cost and a granted one) its caster announced (an index into
#: :func:`alt_abilities`, CR 601.2b, 118.9)
ALT_CHOICE = "alt_choice"


def alt_label(game: Game, obj: GameObject, alt: str, which: int) -> str:
    """How the caster is asked for and names one of several alternative costs of the
    same kind: "evoke {4}", "evoke: exile a card" (CR 601.2b)."""
    spec = ALT_COSTS[alt]
    cost = spec.cost(alt_ability(game, obj, alt, which))
    if cost is None:
        return alt
    return (
        f"{alt} {cost.mana}"
        if cost.mana and label(cost) == f"pay {cost.mana}"
        else (f"{alt}: {label(cost)}")
    )


def cost_options(game: Game, obj: GameObject) -> tuple[Cost, ...]:
    """The costs of the spell's own "As an additional cost to cast this spell,
    sacrifice a creature or pay {3}", of which its caster pays one (CR 601.2b,
    118.8), or () when it has no such choice."""
    for a in _printed_abilities(game, obj):
        if a.kind is not AbilityKind.STATIC:
            continue
        for st in a.static:
            if st.op == "additional_cost" and st.args.get("choice"):
                return tuple(st.args["choice"])
    return ()


def label(cost: Cost) -> str:
    """A short name of one cost of a choice, as the caster is asked and answers it:
    "pay {3}", "pay 3 life", "sacrifice", "discard", "reveal", ... (CR 601.2b)."""
    parts = []
    if cost.mana:
        parts.append(f"pay {cost.mana}")
    if cost.life:
        parts.append(f"pay {cost.life} life")
    for name, part in (("sacrifice", cost.sacrifice), ("discard", cost.discard)):
        if part is not None:
            parts.append(name)
    if cost.exile is not None:
        parts.append("exile")
    parts.extend("tap" if k == "tap_permanents" else k for k, _ in cost.other)
    return " and ".join(parts) or "nothing"


def option_labels(options: tuple[Cost, ...]) -> list[str]:
    """:func:`label` of each option, numbered where two would read alike."""
    names = [label(c) for c in options]
    return [n if names.count(n) == 1 else f"{n} ({i + 1})" for i, n in enumerate(names)]


#: ``obj.paid`` of a spell cast at a time a sorcery couldn't have been cast, by a
#: permission to cast it as though it had flash (rules/casting.py, CR 702.8a)
CAST_AS_FLASH = "cast_as_flash"


def _flash_cost_more(abilities: tuple[Ability, ...]) -> str:
    """The price of the spell's own "You may cast this spell as though it had flash
    if you pay {2} more to cast it" (CR 601.2f, 702.8a), or ""."""
    for a in abilities:
        for st in a.static if a.kind is AbilityKind.STATIC else ():
            cond = st.condition
            if st.op == "grant_keyword" and cond is not None and cond.kind == "flash_cost_more":
                return str(cond.args.get("mana") or "")
    return ""


def _cast_as_flash(game: Game, player: int, obj: GameObject, as_spell: bool) -> bool:
    """Whether the spell is (or, proposed now, would be) cast at a time a sorcery
    couldn't have been cast (CR 307.1, 702.8a): recorded as it was put on the stack."""
    if obj.zone == Zone.STACK and not as_spell:
        return bool((obj.paid or {}).get(CAST_AS_FLASH))
    return not has_sorcery_timing(game, player)


@condition("flash_cost_more")
def flash_cost_more(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "... as though it had flash if you pay {2} more to cast it": the permission
    is always there; its price is a cost increase of the spell cast at an instant's
    timing (CR 601.2f, 702.8a; ``total_cost``)."""
    return True


register("condition:flash_cost_more")


def optional_waterbend(cost: Cost | None) -> bool:
    """Whether an optional additional cost is a waterbend cost ("you may waterbend
    {6}"), paid or not as the spell is cast (CR 601.2b, 701.67a)."""
    return cost is not None and any(k == "waterbend" for k, _ in cost.other)


def optional_cost(game: Game, obj: GameObject) -> Cost | None:
    """The spell's own optional additional cost ("As an additional cost to cast this
    spell, you may blight 1", CR 118.8), if any."""
    for a in _printed_abilities(game, obj):
        for st in a.static if a.kind is AbilityKind.STATIC else ():
            if st.op == "additional_cost" and st.args.get("optional"):
                return as_cost(st.args.get("cost"))
    return None


def has_optional_waterbend(game: Game, obj: GameObject) -> bool:
    """Whether the spell has an optional waterbend additional cost ("As an
    additional cost to cast this spell, you may waterbend {6}", CR 701.67a)."""
    return any(
        st.op == "additional_cost"
        and st.args.get("optional")
        and optional_waterbend(as_cost(st.args.get("cost")))
        for a in _printed_abilities(game, obj)
        if a.kind is AbilityKind.STATIC
        for st in a.static
    )


def _optional_paid(cost: Cost | None, opts: dict[str, Any]) -> bool:
    """Whether the caster announced paying an optional additional cost (CR 601.2b):
    the objects it sacrifices or discards, or "yes" to "you may waterbend"."""
    if optional_waterbend(cost):
        return bool(opts.get("waterbend"))
    if optional_blight(cost):
        return bool(opts.get(BLIGHT_PAID))
    return bool(opts.get("sacrifice") or opts.get("discard"))


@condition("additional_cost_paid")
def additional_cost_paid(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "If this spell's additional cost was paid" / "unless her additional cost was
    paid": the spell (or the permanent it became, CR 400.7d) was cast with its
    optional additional cost paid (CR 601.2b, 118.8)."""
    return bool(source is not None and source.paid and source.paid.get("additional_cost_paid"))


register("condition:additional_cost_paid")


def _apply_cost_changes(
    game: Game, player: int, obj: GameObject, c: Any, total: TotalCost, as_spell: bool
) -> None:
    """CR 601.2f: "cost {N} more/less" effects (rules/cost_changes.py), then
    affinity (CR 702.41a)."""
    if obj.zone == Zone.STACK:
        from_zone = str((obj.paid or {}).get("from_zone") or "hand")
    else:
        from_zone = Zone.NAMES[obj.zone]
    changes = spell_changes(game, player, obj, c, from_zone)
    if changes:
        total.mana, notes = apply_changes(total.mana, changes)
        total.notes.extend(notes)
        total.rules.append("601.2f")
        total.rules.extend(ch.rule for ch in changes if ch.rule)  # (a keyword's, for the log)
    for a in c.abilities:
        if a.keyword == "Affinity":
            flt = a.keyword_args.get("filter")
            n = _count_controlled(game, player, flt, obj)
            if n:
                total.mana = mana_rules.reduce_cost(total.mana, n)
                total.notes.append(f"affinity: {n} less")
                total.rules.append("702.41a")


def _count_controlled(game: Game, player: int, flt: Any, source: GameObject) -> int:
    if not isinstance(flt, Filter):
        return 0
    f = Filter(flt.kinds or ("permanent",), "battlefield", flt.conditions)
    n = 0
    for oid in game.battlefield:
        o = game.objects[oid]
        if (
            o.controller == player
            and not o.phased_out
            and matches_object(game, o, f, player, source)
        ):
            n += 1
    return n


# ---------------------------------------------------------------------------
# Ways to pay: convoke (CR 702.51), improvise (CR 702.126) and delve (CR 702.66)
# ---------------------------------------------------------------------------


def _tapped_to_pay(
    game: Game, player: int, oid: int, seen: set[int], kind: str, keyword: str, rule: str
) -> str | None:
    """Why ``oid`` can't be tapped to help pay for a spell with convoke or improvise
    (an untapped ``kind`` its caster controls, each once, CR 702.51a, 702.126a;
    a permanent that can't be tapped can't pay, CR 101.2, 118.3); None if it can.
    Adds it to ``seen``."""
    o = game.objects.get(oid)
    article = "an" if kind[0] in "AEIOU" else "a"
    if oid in seen:
        return f"{article} {kind.lower()} can be tapped for {keyword} only once (rule {rule})"
    seen.add(oid)
    if o is None or o.zone != Zone.BATTLEFIELD or o.controller != player or o.phased_out:
        return f"{keyword} taps untapped {kind.lower()}s you control (rule {rule})"
    if kind not in chars(game, o).types or o.tapped:
        return f"{o.name} isn't an untapped {kind.lower()} you control (rule {rule})"
    why = tap_forbidden(game, o)
    if why:
        return f"{o.name} can't be tapped for {keyword}: {why} (rules 101.2, {rule})"
    return None


def apply_convoke(
    game: Game, player: int, cost: mana_costs.ManaCost, creatures: list[int]
) -> tuple[mana_costs.ManaCost, str | None]:
    """CR 702.51a: each creature tapped pays for {1} or one mana of its color.

    Colored symbols are paid first by creatures of that color, the rest pay
    generic mana. Returns what is left to pay with mana, or a problem.
    """
    colored = list(cost.colored)
    hybrid = list(cost.hybrid)
    generic = cost.generic
    letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    seen: set[int] = set()
    for oid in creatures:
        why = _tapped_to_pay(game, player, oid, seen, "Creature", "convoke", "702.51a")
        if why:
            return cost, why
        o = game.objects[oid]
        mine = {letters[col] for col in chars(game, o).colors if col in letters}
        hit = next((s for s in colored if s in mine), None)
        if hit is not None:
            colored.remove(hit)
            continue
        hyb = next((h for h in hybrid if set(h) & mine), None)
        if hyb is not None:
            hybrid.remove(hyb)
            continue
        if generic > 0:
            generic -= 1
            continue
        return cost, f"{o.name} has nothing left to pay for with convoke (rule 702.51a)"
    return (
        mana_costs.ManaCost(generic, tuple(colored), tuple(hybrid), cost.phyrexian, 0, cost.snow),
        None,
    )


def apply_improvise(
    game: Game,
    player: int,
    cost: mana_costs.ManaCost,
    artifacts: list[int],
    x_open: bool = False,
) -> tuple[mana_costs.ManaCost, str | None]:
    """CR 702.126a: each untapped artifact you control tapped pays for {1} of the
    generic mana (702.126b: after the total cost is determined). ``x_open``: the
    cast is checked before X is announced ({X} is generic once chosen, 107.3)."""
    seen: set[int] = set()
    for oid in artifacts:
        why = _tapped_to_pay(game, player, oid, seen, "Artifact", "improvise", "702.126a")
        if why:
            return cost, why
    if len(artifacts) > cost.generic and not x_open:
        return cost, "improvise pays only for generic mana (rule 702.126a)"
    return mana_rules.reduce_cost(cost, len(artifacts)), None


def apply_delve(
    game: Game,
    player: int,
    cost: mana_costs.ManaCost,
    cards: list[int],
    feeders: tuple[int, ...] = (),
    x_open: bool = False,
) -> tuple[mana_costs.ManaCost, str | None]:
    """CR 702.66a: each card exiled from your graveyard pays for {1} (generic only,
    ruling 502.64.1). ``feeders`` are permanents you own that the mana abilities
    activated before payment put into your graveyard (CR 601.2g-h: Blood Pet
    sacrificed for {B}, then exiled by delve, ruling 502.64.2)."""
    grave = game.players[player].graveyard
    if len(set(cards)) != len(cards) or any(
        oid not in grave and oid not in feeders for oid in cards
    ):
        return cost, "delve exiles cards from your own graveyard (rule 702.66a)"
    if len(cards) > cost.generic and not x_open:
        # {X} is generic mana once X is chosen (CR 107.3, 601.2f): ``x_open`` when
        # checking a cast before X is announced, so any number of cards may pay it
        return cost, "delve can pay only the generic part of the cost (rule 702.66a)"
    return mana_rules.reduce_cost(cost, len(cards)), None


def delve_feeders(game: Game, player: int, ids: list[int]) -> tuple[int, ...]:
    """Of ``ids``, the permanents ``player`` owns and controls whose mana ability
    sacrifices them: activated during 601.2g, they are in the graveyard by the time
    delve's cards are exiled (CR 601.2h)."""
    out = []
    for oid in ids:
        o = game.objects.get(oid)
        if o is not None and o.owner == player and mana_rules.sacrifice_source(game, player, oid):
            out.append(oid)
    return tuple(out)


def cost_choices(game: Game, flt: Filter, player: int, source: GameObject, zone: str) -> list[int]:
    """The objects that could be sacrificed (``zone="battlefield"``) or discarded
    (``"hand"``) to pay a cost component (CR 601.2h). The spell itself is on
    the stack, so it's never among them."""
    if zone == "battlefield":
        f = Filter(flt.kinds or ("permanent",), "battlefield", flt.conditions)
        return [
            oid
            for oid in game.battlefield
            if game.objects[oid].controller == player
            and not game.objects[oid].phased_out
            and matches_object(game, game.objects[oid], f, player, source)
        ]
    ids = game.players[player].hand if zone == "hand" else game.players[player].graveyard
    f = Filter(flt.kinds, zone, flt.conditions)
    return [
        oid
        for oid in ids
        if oid != source.id
        and (not flt.kinds or matches_object(game, game.objects[oid], f, player, source))
    ]


def _is_x(n: Any) -> bool:
    return isinstance(n, Amount) and n.kind == "x"


# A cost's counts (``life``, ``sacrifice_count``, ..., ``remove_counters``) and a
# target spec's ``min``/``max`` are typed ``int`` but hold an ``Amount`` for "X": the
# functions that look for one read them through a name typed ``Any`` (compiled by
# mypyc, scripts/build_mypyc.py, a read typed ``int`` is checked to be one).


def with_x(cost: Cost | None, x: int) -> Cost | None:
    """``cost`` with its "X" amounts ("pay X life", "sacrifice X creatures", "discard
    X cards", "exile X cards from your graveyard") set to the announced X (CR 107.3,
    601.2b); other variable amounts are left as they are (not payable yet)."""
    if cost is None:
        return None
    changes: dict[str, Any] = {
        f: getattr(cost, f).multiplier * x
        for f in ("life", "sacrifice_count", "discard_count", "exile_count")
        if _is_x(getattr(cost, f))
    }
    counters: Any = cost.remove_counters  # (X amounts among them: typed Any, above)
    if any(_is_x(n) for _, n in counters):
        # "Remove X storage counters from this land" (CR 107.3, 602.2b)
        changes["remove_counters"] = tuple(
            (kind, n.multiplier * x if isinstance(n, Amount) and n.kind == "x" else n)
            for kind, n in counters
        )
    return replace(cost, **changes) if changes else cost


def additional_x_limit(game: Game, obj: GameObject) -> int | None:
    """The largest X the spell's own additional cost lets its controller pay ("pay
    X life": their life total, CR 119.4; "sacrifice X creatures": the creatures they
    control; "discard X cards": the other cards in their hand; "exile X cards from
    your graveyard": those cards), or None when that cost has no X (CR 601.2b)."""
    limit: int | None = None
    for a in _printed_abilities(game, obj):
        if a.kind is not AbilityKind.STATIC:
            continue
        for st in a.static:
            cost = as_cost(st.args.get("cost")) if st.op == "additional_cost" else None
            if cost is None:
                continue
            bound = cost_x_limit(game, obj.controller, obj, cost)
            if bound is not None:
                limit = bound if limit is None else min(limit, bound)
    return limit


def cost_x_limit(game: Game, player: int, obj: GameObject, typed: Cost) -> int | None:
    """The largest X ``player`` can pay in ``cost``'s X amounts ("Sacrifice X lands",
    "Exile X cards from your graveyard", "Pay X life"), or None when it has none
    (CR 107.3, 601.2b, 602.2b)."""
    cost: Any = typed  # (its X amounts: typed Any, above _is_x)
    bounds = []
    if isinstance(cost.life, Amount) and cost.life.kind == "x":
        bounds.append(max(0, game.players[player].life) // max(1, cost.life.multiplier))
    for flt, n, zone in (
        (cost.sacrifice, cost.sacrifice_count, "battlefield"),
        (cost.discard, cost.discard_count, "hand"),
        (cost.exile, cost.exile_count, "graveyard"),
    ):
        if flt is not None and _is_x(n):
            mult = max(1, n.multiplier) if isinstance(n, Amount) else 1
            bounds.append(len(cost_choices(game, flt, player, obj, zone)) // mult)
    for kind, n in cost.remove_counters:
        if isinstance(n, Amount) and n.kind == "x":
            # "Remove X storage counters from this land": at most those it has (CR 122.8)
            bounds.append(obj.counters.get(kind, 0) // max(1, n.multiplier))
    if cost.sacrifice is not None and x_quality(cost.sacrifice):
        # "sacrifice an artifact or creature with mana value X": at most the largest
        # mana value among the permanents that could be sacrificed (CR 107.3, 601.2b)
        values = [
            chars(game, game.objects[oid]).mana_value
            for oid in cost_choices(game, without_x(cost.sacrifice), player, obj, "battlefield")
        ]
        bounds.append(max(values, default=0))
    return min(bounds) if bounds else None


def x_quality(flt: Filter) -> bool:
    """Whether a cost's filter has a quality with the announced X ("with mana value
    X", CR 107.3)."""
    return any(_is_x(v) for _k, v in flt.conditions)


def without_x(flt: Filter) -> Filter:
    """``flt`` without its qualities in X: what could match once X is announced."""
    return Filter(flt.kinds, flt.zone, tuple(c for c in flt.conditions if not _is_x(c[1])))
