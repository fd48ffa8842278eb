"""Cost increases and reductions (CR 601.2f, 602.2b, 118.7).

"White spells cost {3} more to cast" (Gloom), "Green spells you cast cost {1}
less to cast" (Emerald Medallion), "This spell costs {1} more to cast for each
target beyond the first" (Fireball, strive), "This spell costs {1} less to cast
for each creature card in your graveyard", "Activated abilities of white
enchantments cost {3} more to activate" (Gloom): static abilities (compiled as
``StaticEffect("cost_change")``) that change the total cost of a spell
(CR 601.2f) or of an activated ability (CR 602.2b: its activation cost is the
analog of the mana cost).

Where they come from:

* static abilities of permanents on the battlefield (CR 604.1), whose
  ``affected`` filter describes the spells (``kinds`` are card types or
  ``"spell"``; zone ``"graveyard"`` etc. means "spells you cast from your
  graveyard"; the ``caster`` condition is "you cast" / "your opponents cast") or
  the activated abilities (``kinds=("ability",)`` with an ``of`` condition for
  the objects whose abilities they are);
* the spell's own static abilities (``affected`` is ``SelfRef``): they function
  while it is on the stack (CR 601.2f), and also when checking beforehand
  whether it could be cast.

A ``condition`` ("if you control a Wizard", "as long as ...") must hold for the
player who controls the ability; ``for_each`` multiplies the change by a count
(objects matching a filter, or ``"target_beyond_first"``, CR 702.112a strive).
All increases are applied, then all reductions (CR 601.2f); reductions never
bring a cost below {0} and generic reductions don't touch colored mana
(CR 118.7, 118.7a-c).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, AbilityKind, Amount, Condition, Filter, SelfRef, StaticEffect
from ..game.hooks import condition
from ..game.objects import GameObject, Zone
from . import mana as mana_rules
from . import mana_costs
from .cast_from_hand import cast_from_matches
from .conditions import evaluate
from .filters import matches_object, matches_player, objects_matching, player_counter_count
from .layers import amount as static_amount
from .party import party_size
from .statics import statics_with
from .support import register
from .targets import candidates, target_specs

if TYPE_CHECKING:
    from ..game.state import Game


@dataclass(frozen=True, slots=True)
class CostChange:
    """One change to apply: ``mana`` ``times`` over, more or less, and from whom."""

    mana: str
    times: int
    less: bool
    source_name: str
    #: the rule of the keyword the change comes from (undaunted's 702.125a), for the log
    rule: str = ""


#: the ``caster`` values: "spells you cast" / "spells your opponents cast"
_CASTER: Final = ("you", "opponent", "opponents")


def _cost_statics(a: Ability) -> tuple[StaticEffect, ...]:
    if a.kind is not AbilityKind.STATIC or not a.static:
        return ()
    return tuple(st for st in a.static if st.op == "cost_change")


def has_own_cost_change(obj: GameObject) -> bool:
    """Does the card itself say "this spell costs ... more/less" (cached per face)?"""
    key = ("own_cost_change", obj.face)
    v = obj.card.cache.get(key)
    if v is None:
        v = any(
            isinstance(st.affected, SelfRef)
            for a in obj.card.compiled[obj.face].abilities
            for st in _cost_statics(a)
        )
        obj.card.cache[key] = v
    return bool(v)


# ---------------------------------------------------------------------------
# Spells (CR 601.2f)
# ---------------------------------------------------------------------------


def spell_changes(
    game: Game, player: int, obj: GameObject, c: Any, from_zone: str | None
) -> list[CostChange]:
    """The cost changes that apply to the spell ``obj`` cast by ``player``.

    ``c`` are the spell's characteristics; ``from_zone`` is the zone it is cast
    from ("hand", "graveyard", ...). ``obj`` is on the stack while it is cast,
    or still the card when checking beforehand.
    """
    out: list[CostChange] = []
    # The spell's own "this spell costs ..." (CR 601.2f).
    for a in c.abilities:
        for st in _cost_statics(a):
            if not isinstance(st.affected, SelfRef):
                continue
            ch = _change(game, st, player, obj, obj.name, obj)
            if ch is not None:
                rule = a.keyword_args.get("rule") if a.keyword else None
                out.append(replace(ch, rule=rule) if isinstance(rule, str) else ch)
    for rec in game.turn_flags.next_cast_less.get(player, ()):
        # "the next [instant or sorcery] spell you cast this turn costs {1} less to
        # cast" (Peerless Samurai; effects/next_cast.py): while it waits for this spell
        if next_cast_less_matches(rec, c.types, c.subtypes) and int(rec["times"]) > 0:
            out.append(CostChange(str(rec["mana"]), int(rec["times"]), True, str(rec["name"])))
    for src, st in statics_with(game, "cost_change"):
        flt = st.affected
        if not isinstance(flt, Filter) or "ability" in flt.kinds:
            continue
        conds = []
        ok = True
        for k, v in flt.conditions:
            if k == "caster":
                mine = player == src.controller
                ok = mine if v == "you" else (not mine if v in _CASTER else False)
            else:
                conds.append((k, v))
            if not ok:
                break
        if not ok:
            continue
        if obj.zone != Zone.STACK or not obj.targets:
            targeting = [cv for cv in conds if cv[0] in ("targets", "targets_only")]
            if targeting and st.args.get("direction") != "less":
                continue  # "spells that target this creature cost {2} more": not yet
            # "... cost {2} less": before the targets are chosen (CR 601.2c, 601.2f),
            # the least the spell could cost
            conds = [cv for cv in conds if cv not in targeting]
        if not cast_from_matches(flt.zone, from_zone):
            continue  # "spells you cast from your graveyard"
        kinds = tuple(k for k in flt.kinds if k != "spell")
        if not _matches_spell(game, obj, Filter(kinds, "stack", tuple(conds)), src, c):
            continue
        ch = _change(game, st, src.controller, src, src.name, obj)
        if ch is not None:
            out.append(ch)
    return out


def next_cast_less_matches(rec: dict[str, Any], types: Any, subtypes: Any) -> bool:
    """Is a spell of these card types and subtypes the one a "the next [instant or
    sorcery] spell you cast this turn costs ... less" effect waits for (CR 611.2a)?"""
    kinds = rec.get("kinds") or ()
    subs = rec.get("subtypes") or ()
    if kinds and not set(kinds) & set(types):
        return False
    return not subs or bool(set(subs) & set(subtypes))


def _matches_spell(game: Game, obj: GameObject, flt: Filter, src: GameObject, c: Any) -> bool:
    """The spell matches (also when ``obj`` is still the card in its zone)."""
    return matches_object(game, obj, flt, src.controller, src, c)


def _change(
    game: Game,
    st: StaticEffect,
    controller: int,
    source: GameObject,
    name: str,
    spell: GameObject | None,
) -> CostChange | None:
    """The change one static ability makes, or None (its condition is false or it counts 0)."""
    if st.condition is not None:
        if not evaluate(game, st.condition, controller, source):
            return None
    times = 1
    each = st.args.get("for_each")
    if each is not None:
        times = count_for_each(game, each, controller, source, spell)
        if times <= 0:
            return None
    mana = str(st.args.get("mana") or "{1}")
    return CostChange(mana, times, st.args.get("direction") == "less", name)


def count_for_each(
    game: Game, each: Any, controller: int, source: GameObject, spell: GameObject | None
) -> int:
    """ "for each target beyond the first" (CR 702.112a), "for each creature card in
    your graveyard", "for each artifact you control" ..."""
    if each == "party":
        return party_size(game, controller)  # CR 700.8
    if isinstance(each, Amount) and each.kind == "player_counters":
        # "for each experience counter you have" (CR 122.1)
        return player_counter_count(game, each, controller)
    if isinstance(each, Amount):
        # "for each basic land type among lands you control" (domain), "for each
        # +1/+1 counter on Animar", "{X} less, where X is the total power of
        # creatures you control": counted as the total cost is determined (601.2f)
        return static_amount(game, each, controller, source)
    if each == "target_beyond_first":
        if spell is None or spell.zone != Zone.STACK:
            return 0  # no targets chosen yet: the least it could cost
        n = sum(len(t) for t in spell.targets)
        return max(0, n - 1)
    if isinstance(each, Filter):
        flt = each
        if flt.kinds == ("player",):
            # "for each opponent" (undaunted, CR 702.125a): players still in the game
            # (702.125b, 800.4a)
            return sum(matches_player(game, p.index, flt, controller, source) for p in game.players)
        if flt.zone == "any":
            n = 0
            for zone in ("battlefield", "graveyard", "hand", "exile", "library", "stack"):
                n += len(
                    objects_matching(
                        game, Filter(flt.kinds, zone, flt.conditions), controller, source
                    )
                )
            return n
        return len(objects_matching(game, flt, controller, source))
    return 0


def apply_changes(
    cost: mana_costs.ManaCost, changes: list[CostChange]
) -> tuple[mana_costs.ManaCost, list[str]]:
    """CR 601.2f: all increases, then all reductions; notes for the log."""
    notes: list[str] = []
    for ch in changes:
        if not ch.less:
            cost = mana_rules.add_costs(cost, mana_costs.parse_cost(ch.mana), ch.times)
            notes.append(
                f"{ch.mana}{' x' + str(ch.times) if ch.times > 1 else ''} more ({ch.source_name})"
            )
    for ch in changes:
        if ch.less:
            red = mana_costs.parse_cost(ch.mana)
            for _ in range(ch.times):
                cost = mana_rules.reduce_cost(cost, red.generic, red.colored)
            notes.append(
                f"{ch.mana}{' x' + str(ch.times) if ch.times > 1 else ''} less ({ch.source_name})"
            )
    return cost, notes


@condition("spell_targets")
def spell_targets(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "This spell costs {3} less to cast if it targets a tapped creature": the total
    cost is determined after the targets are chosen (CR 601.2c, 601.2f), so one of
    the spell's targets must be such an object or player. Before they are chosen
    (checking whether the spell could be cast at all), the least it could cost: some
    object it could target is one."""
    flt = cond.args.get("filter")
    if not isinstance(flt, Filter) or source is None:
        return False
    if source.zone != Zone.STACK or not source.targets:
        # (some object or player it could target now is one: a tapped land isn't,
        # for a spell that targets a creature)
        return any(_is_one(game, t, flt, controller, source) for t in _could_target(game, source))
    return any(_is_one(game, t, flt, controller, source) for spec in source.targets for t in spec)


def _could_target(game: Game, spell: GameObject) -> list[int]:
    """Every object or player (a negative ref) the card's spell ability, in any of
    its modes, could target now (CR 115.1, 601.2c)."""
    out: list[int] = []
    for a in spell.card.compiled[spell.face].abilities:
        if a.kind is not AbilityKind.SPELL:
            continue
        for spec in target_specs(a, tuple(range(len(a.modes)))):
            out.extend(candidates(game, spec, spell.controller, spell))
    return out


def _is_one(game: Game, t: int, flt: Filter, controller: int, source: GameObject) -> bool:
    if t < 0:  # a player (CR 115.1)
        return "player" in flt.kinds and matches_player(game, -t - 1, flt, controller, source)
    o = game.objects.get(t)
    if o is None or "player" in flt.kinds:
        return False
    where = Filter(flt.kinds, Zone.NAMES[o.zone], flt.conditions)
    return matches_object(game, o, where, controller, source)


# ---------------------------------------------------------------------------
# Activated abilities (CR 602.2b)
# ---------------------------------------------------------------------------


def ability_changes(game: Game, player: int, src: GameObject, ability: Ability) -> list[CostChange]:
    """The cost changes for activating ``ability`` of ``src`` ("Activated abilities
    of white enchantments cost {3} more to activate")."""
    if ability.kind is AbilityKind.MANA and ability.cost is None:
        return []
    out: list[CostChange] = []
    # "This ability costs {1} less to activate for each ..." (the ability's own)
    for st in ability.static:
        if st.op == "cost_change" and isinstance(st.affected, SelfRef):
            ch = _change(game, st, player, src, src.name, None)
            if ch is not None:
                out.append(ch)
    for s, st in statics_with(game, "cost_change"):
        flt = st.affected
        if not isinstance(flt, Filter) or "ability" not in flt.kinds:
            continue
        ok = True
        for k, v in flt.conditions:
            if k == "activated":
                ok = bool(v)  # an activated ability is being activated
            elif k == "of" and isinstance(v, Filter):
                zone = v.zone if v.zone != "any" else Zone.NAMES[src.zone]
                if Zone.NAMES[src.zone] != zone and v.zone != "battlefield":
                    ok = False
                else:
                    ok = matches_object(
                        game, src, Filter(v.kinds, zone, v.conditions), s.controller, s
                    )
            elif k == "caster":  # "abilities you activate"
                ok = (player == s.controller) == (v == "you")
            elif k == "keyword":  # "Equip abilities you activate" (its keyword, 702)
                ok = ability.keyword == v
            else:
                ok = False  # an unknown restriction never applies (no silent "yes")
            if not ok:
                break
        if not ok:
            continue
        ch = _change(game, st, s.controller, s, s.name, None)
        if ch is not None:
            out.append(ch)
    return out


def activation_mana_cost(
    game: Game, player: int, src: GameObject, ability: Ability, x: int
) -> tuple[mana_costs.ManaCost, list[str]]:
    """CR 602.2b, 601.2f: the mana part of an ability's total activation cost."""
    cost = ability.cost
    mc = mana_costs.parse_cost(cost.mana if cost is not None else "").with_x(
        x, mana_costs.x_colors(ability.restrictions)
    )
    changes = ability_changes(game, player, src, ability)
    if not changes:
        return mc, []
    return apply_changes(mc, changes)


def _register() -> None:
    register("static:cost_change", "cost_change:caster", "cost_change:of", "cost_change:keyword")
    register("condition:spell_targets")  # "if it targets ..." (spell_targets above)
    # "Spend only black mana on X" (CR 107.3): activation_mana_cost, costs.base_cost
    register("restriction:x_mana")


_register()
