"""Targets (CR 115): which objects and players may be chosen, and rechecking them (CR 608.2b).

Players are referred to by negative refs (player 0 is -1, see
:func:`mtg_engine.game.actions.player_ref`). Hexproof (CR 702.11), shroud
(CR 702.18) and protection (CR 702.16b) are checked here, from the point of
view of the spell or ability's controller and source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, Amount, Filter, SelfRef, TargetRef, TargetSpec, TriggerRef
from ..game.actions import player_ref, ref_player
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject, Zone
from .char_values import Chars
from .characteristics import chars
from .combat_rules import defending_player_of
from .conditions import evaluate
from .filters import matches_object, matches_player
from .layers import amount
from .player_keywords import player_can_be_targeted_by, players_may_have_keywords
from .statics import statics_with
from .support import comparison_amount_known, holds, register, target_count_known

if TYPE_CHECKING:
    from ..game.state import Game


register("static:cant_be_targeted")  # "can't be the target of [spells]" (CR 115.1, 611.3)


def target_specs(ability: Ability, modes: tuple[int, ...] = ()) -> list[TargetSpec]:
    """The target phrases of an ability, with those of its chosen modes (CR 700.2)."""
    specs = list(ability.targets)
    for m in modes:
        if 0 <= m < len(ability.modes):
            specs.extend(ability.modes[m].targets)
    return specs


def _zone_ids(game: Game, zone_name: str) -> list[int]:
    if zone_name == "any":
        # "target permanent or suspended card": the public zones (CR 115.1, 400.2)
        out: list[int] = list(game.zone_list(Zone.BATTLEFIELD, 0))
        out += game.zone_list(Zone.EXILE, 0)
        for p in game.players:
            out.extend(game.zone_list(Zone.GRAVEYARD, p.index))
        return out
    zone = Zone.BY_NAME.get(zone_name, Zone.BATTLEFIELD)
    if zone in (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.COMMAND):
        return list(game.zone_list(zone, 0))
    out = []
    for p in game.players:
        out.extend(game.zone_list(zone, p.index))
    return out


def target_chooser(game: Game, spec: TargetSpec, controller: int) -> int:
    """Who chooses a target (CR 601.2c, 602.2b: the spell's or ability's controller);
    "target creature of an opponent's choice" (Nova Pentacle, Volcanic Offering): an
    opponent, the next one in turn order still in the game (CR 101.4)."""
    if ("chooser", "opponent") not in spec.filter.conditions:
        return controller
    return next(iter(game.turn_order(controller)[1:]), controller)


def that_player_spec(game: Game, spec: TargetSpec, stack_obj: GameObject | None) -> TargetSpec:
    """ "Target creature that player controls" (CR 115.1, 608.2c): "that player" is
    a player chosen as an earlier target, else the player the trigger event was
    about. Without the spell or ability (checking beforehand whether it could be
    cast), any player may be meant."""
    flt = spec.filter
    if any(comparison_amount_known(v) for _, v in flt.conditions):
        # "target creature card with mana value less than or equal to this
        # creature's power": the number as the target is chosen (CR 601.2c, 603.3d)
        # and as it is checked again on resolution (608.2b); before the spell or
        # ability exists, any number may be meant
        conds = tuple(
            (k, _compared_now(game, v, stack_obj) if comparison_amount_known(v) else v)
            for k, v in flt.conditions
            if not (comparison_amount_known(v) and stack_obj is None)
        )
        flt = Filter(flt.kinds, flt.zone, conds)
        spec = TargetSpec(flt, spec.min, spec.max, spec.divide)
    if any(isinstance(v, Amount) and v.kind == "x" for _, v in flt.conditions):
        # "target creature with mana value X": X was announced before the targets
        # were chosen (CR 601.2b, 601.2c); before it is announced, any X may be meant
        x = stack_obj.x if stack_obj is not None else None
        conds = tuple(
            (
                k,
                x * v.multiplier
                if isinstance(v, Amount) and v.kind == "x" and x is not None
                else v,
            )
            for k, v in flt.conditions
            if not (isinstance(v, Amount) and v.kind == "x" and x is None)
        )
        flt = Filter(flt.kinds, flt.zone, conds)
        spec = TargetSpec(flt, spec.min, spec.max, spec.divide)
    if any(v == "defending_player" for _, v in flt.conditions):
        # "tap target creature defending player controls" (Elite Scaleguard): the
        # player the attacking creature attacks, else the combat's (CR 506.2, 508.5)
        dps = _defending_players(game, stack_obj)
        conds = tuple((k, dps if v == "defending_player" else v) for k, v in flt.conditions)
        flt = Filter(flt.kinds, flt.zone, conds)
        spec = TargetSpec(flt, spec.min, spec.max, spec.divide)
    if not any(v == "that_player" for _, v in flt.conditions):
        return spec
    players: tuple[int, ...] | None = None
    if stack_obj is not None and ("chooser", "opponent") in flt.conditions:
        # "target creature of an opponent's choice they control" (Evangelize): the
        # opponent who chooses it (CR 115.1)
        players = (target_chooser(game, spec, stack_obj.controller),)
    elif stack_obj is not None:
        chosen = [-t - 1 for ts in stack_obj.targets or () for t in ts if t < 0]
        if not chosen:
            # "target player or planeswalker and ... target creature that player or
            # that planeswalker's controller controls" (Searing Blaze): a planeswalker
            # chosen instead of a player names its controller (CR 115.1, 306.1)
            chosen = _planeswalker_controllers(game, stack_obj)
        td = stack_obj.trigger_data or {}
        if chosen:
            players = tuple(chosen)
        elif isinstance(td.get("player"), int):
            players = (td["player"],)
        else:
            players = ()
    conds = tuple(
        (k, players if v == "that_player" else v)
        for k, v in flt.conditions
        if not (v == "that_player" and players is None)
    )
    return TargetSpec(Filter(flt.kinds, flt.zone, conds), spec.min, spec.max, spec.divide)


def counted_now(game: Game, spec: TargetSpec, stack_obj: GameObject) -> TargetSpec:
    """ "Destroy up to X target lands, where X is the number of verse counters on this
    enchantment": a number of targets known as they are chosen (CR 601.2c, 115.1d;
    :func:`comparison_amount_known`; X announced for a {X} cost is the caller's)."""
    typed: Any = spec  # ``min``/``max`` may be an ``Amount`` (cards/abilities.TargetSpec)
    lo, hi = typed.min, typed.max
    if not (target_count_known(lo) or target_count_known(hi)):
        return spec
    if target_count_known(lo):
        lo = max(0, _compared_now(game, lo, stack_obj))
    if target_count_known(hi):
        hi = max(0, _compared_now(game, hi, stack_obj))
    return TargetSpec(spec.filter, lo, hi, spec.divide)


def _compared_now(game: Game, v: Amount, stack_obj: GameObject | None) -> int:
    """A number a target's description compares with (:func:`comparison_amount_known`),
    now: counted on the battlefield, or read of the source, as it last existed on
    the battlefield if it has left it ("When this creature dies, return another
    target creature card with mana value less than or equal to this creature's
    power", CR 603.10a, 608.2h)."""
    assert stack_obj is not None
    src = game.objects.get(stack_obj.source_id) if stack_obj.source_id is not None else None
    if v.kind == "that_much":
        # "Whenever you gain life, choose up to that many target creatures you
        # control": the amount of the trigger event (CR 603.2, 608.2c)
        return int((stack_obj.trigger_data or {}).get("amount") or 0) * v.multiplier + v.value
    if v.kind == "times_kicked":
        # "return up to X target creature cards ..., where X is the number of times
        # this enchantment was kicked" (CR 702.33d): the kicker costs paid as it was
        # cast, remembered by the permanent it became (400.7d); none if not cast
        paid = (src.paid if src is not None else None) or stack_obj.paid or {}
        return sum(int(n) for n in paid.get("kicker") or ()) * v.multiplier
    if v.kind == "mana_value" and isinstance(v.ref, TriggerRef):
        # "target creature you control with lesser mana value" (Clement, the
        # Worrywort): the mana value of the object the ability triggered on, as it
        # last existed if it has left (CR 202.3, 608.2h)
        td = stack_obj.trigger_data or {}
        obj = game.objects.get(td["obj"]) if isinstance(td.get("obj"), int) else None
        if obj is not None and obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
            return chars(game, obj).mana_value * v.multiplier
        lki = td.get("obj_lki")
        own = td.get("source_lki")
        if (
            lki is None
            and isinstance(own, dict)
            and own.get("id") in (td.get("obj"), td.get("old"))
        ):
            lki = own  # "whenever Orah or another Cleric dies": Orah itself died
        return int(lki.get("mana_value") or 0) * v.multiplier if isinstance(lki, dict) else 0
    if v.kind in ("power", "toughness", "counters") and (
        src is None or src.zone != Zone.BATTLEFIELD
    ):
        lki = (stack_obj.trigger_data or {}).get("source_lki")
        if not isinstance(lki, dict):
            return 0
        if v.kind == "counters":
            kind = next(
                (x for k, x in (v.filter.conditions if v.filter else ()) if k == "counter"), ""
            )
            return int((lki.get("counters") or {}).get(str(kind), 0)) * v.multiplier
        return int(lki.get(v.kind) or 0) * v.multiplier
    if v.kind == "count" and v.filter is not None and v.filter.kinds == ("player",):
        # "where X is the number of opponents you have": players in the game (102.3)
        n = sum(
            matches_player(game, p.index, v.filter, stack_obj.controller, src) for p in game.players
        )
        return n * v.multiplier
    return amount(game, v, stack_obj.controller, src if src is not None else stack_obj)


def _planeswalker_controllers(game: Game, stack_obj: GameObject) -> list[int]:
    """The controllers of the planeswalkers chosen as targets of ``stack_obj``."""
    out: list[int] = []
    for ts in stack_obj.targets or ():
        for t in ts:
            o = game.objects.get(t) if t >= 0 else None
            if (
                o is not None
                and o.zone == Zone.BATTLEFIELD
                and "Planeswalker" in chars(game, o).types
            ):
                out.append(o.controller)
    return out


def _defending_players(game: Game, stack_obj: GameObject | None) -> tuple[int, ...]:
    combat = game.combat
    if combat is None:
        return ()
    td = (stack_obj.trigger_data or {}) if stack_obj is not None else {}
    for oid in (td.get("obj"), stack_obj.source_id if stack_obj is not None else None):
        if isinstance(oid, int) and oid in combat.attackers:
            return (defending_player_of(game, combat.attackers[oid]),)
    if combat.attackers:
        return tuple(sorted({defending_player_of(game, d) for d in combat.attackers.values()}))
    return (combat.defending_player,) if combat.defending_player >= 0 else ()


def candidates(
    game: Game,
    spec: TargetSpec,
    controller: int,
    source: GameObject | None,
    stack_obj: int | None = None,
) -> list[int]:
    """Every object or player that could be chosen for ``spec`` now (CR 115.1, 601.2c)."""
    out: list[int] = []
    by = game.objects.get(stack_obj) if stack_obj is not None else None
    spec = that_player_spec(game, spec, by)
    flt = spec.filter
    kinds = flt.kinds
    object_kinds = [k for k in kinds if k != "player"] if kinds else ["permanent"]
    if object_kinds:
        ids = _zone_ids(game, flt.zone if flt.zone else "battlefield")
        if "spell" in object_kinds and flt.zone in ("", "battlefield"):
            ids += _zone_ids(game, "stack")  # "target spell or permanent" (CR 115.1)
        for oid in ids:
            if oid == stack_obj:
                continue  # CR 115.5: a spell or ability can't target itself
            o = game.objects[oid]
            if o.phased_out:
                continue
            if is_targetable(game, o, spec, controller, source, by):
                out.append(oid)
    if "player" in kinds:
        for p in game.players:
            if matches_player(game, p.index, flt, controller, source) and player_can_be_targeted(
                game, p.index, controller, source
            ):
                out.append(player_ref(p.index))
    return out


def is_targetable(
    game: Game,
    o: GameObject,
    spec: TargetSpec,
    controller: int,
    source: GameObject | None,
    by: GameObject | None = None,
) -> bool:
    """Whether ``o`` can be a target of ``spec`` for the spell or ability ``by`` (on the
    stack; None: checking beforehand whether it could be cast) from ``source``."""
    if not matches_object(game, o, spec.filter, controller, source):
        return False
    if by is not None and statics_with(game, "cant_be_targeted") and _cant_be_targeted(game, o, by):
        return False
    if by is not None and game.effects and _effect_forbids_target(game, o, by):
        return False
    if o.zone == Zone.BATTLEFIELD:
        c = chars(game, o)
        kws = c.keywords
        if "Shroud" in kws:
            return False  # CR 702.18a
        if "Hexproof" in kws and o.controller != controller and _hexproof_against(game, c, source):
            return False  # CR 702.11b, 702.11d
        if source is not None and kws and _protected_from(game, o, source):
            return False  # CR 702.16b
    return True


def _cant_be_targeted(game: Game, o: GameObject, by: GameObject) -> bool:
    """ "This creature can't be the target of blue or black spells", "enchanted
    creature can't be the target of spells or abilities your opponents control"
    (CR 115.1, 611.3): a static ability of a permanent on the battlefield; "your
    opponents" are its controller's."""
    for src, st in statics_with(game, "cant_be_targeted"):
        flt = st.args.get("filter")
        if not isinstance(flt, Filter):
            continue
        if isinstance(st.affected, SelfRef):
            if o.id != src.id:
                continue
        elif not isinstance(st.affected, Filter) or not matches_object(
            game, o, st.affected, src.controller, src
        ):
            continue
        if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
            continue
        if matches_object(game, by, flt, src.controller, src):
            return True
    return False


def _effect_forbids_target(game: Game, o: GameObject, by: GameObject) -> bool:
    """ "Creatures you control can't be the targets of blue or black spells this turn"
    (Autumn's Veil): a rules effect of a resolved spell (CR 611.2a, 115.1,
    effects/spell_shields.py), for the objects it names or describes now."""
    for ce in game.effects:
        if ce.op != "cant_be_targeted" or ce.layer != "r":
            continue
        flt = ce.args.get("filter")
        if o.id not in ce.affected and not (
            isinstance(flt, Filter)
            and o.zone == Zone.BY_NAME.get(flt.zone, Zone.BATTLEFIELD)
            and matches_object(game, o, flt, ce.controller, None)
        ):
            continue
        only = ce.args.get("by")
        if not isinstance(only, Filter) or matches_object(game, by, only, ce.controller, None):
            return True
    return False


def _hexproof_against(game: Game, c: Chars, source: GameObject | None) -> bool:
    """CR 702.11b: plain hexproof stops every opponent's spell or ability;
    702.11d: "hexproof from [quality]" only [quality] spells and abilities from
    [quality] sources (the qualities are read as protection's, 702.16a)."""
    for a in c.abilities:
        if a.keyword != "Hexproof":
            continue
        froms = a.keyword_args.get("from")
        if not froms:
            return True
        if source is None:
            continue
        quals = froms if isinstance(froms, list | tuple) else (froms,)
        if any(KEYWORD_HOOKS.quality_matches(game, q, source) for q in quals):
            return True
    return False


def _protected_from(game: Game, o: GameObject, source: GameObject) -> bool:
    return KEYWORD_HOOKS.has_protection_from(game, o, source)


def player_can_be_targeted(
    game: Game, player: int, controller: int, source: GameObject | None
) -> bool:
    """A player who has left the game can't be targeted (CR 800.4a); nor a player
    whose shroud, hexproof or protection says so (702.18a, 702.11b, 702.16b)."""
    if game.players[player].has_lost:
        return False
    return not players_may_have_keywords(game) or player_can_be_targeted_by(
        game, player, controller, source
    )


def is_still_legal(game: Game, ref: int, spec: TargetSpec, stack_obj: GameObject) -> bool:
    """CR 608.2b: a target is illegal if it left its zone or no longer matches."""
    source = _source_of(game, stack_obj)
    spec = that_player_spec(game, spec, stack_obj)
    pl = ref_player(ref)
    if pl is not None:
        return matches_player(
            game, pl, spec.filter, stack_obj.controller, source
        ) and player_can_be_targeted(game, pl, stack_obj.controller, source)
    o = game.objects.get(ref)
    if o is None or o.phased_out:
        return False  # it changed zones: a new object (CR 400.7)
    return is_targetable(game, o, spec, stack_obj.controller, source, stack_obj)


def _source_of(game: Game, stack_obj: GameObject) -> GameObject:
    """The source of a spell is itself; of an ability, its source (CR 113.7)."""
    if stack_obj.stack_kind == "spell" or stack_obj.source_id is None:
        return stack_obj
    return game.objects.get(stack_obj.source_id, stack_obj)


def legal_targets_now(game: Game, stack_obj: GameObject) -> set[int]:
    """The chosen targets of a spell or ability that are still legal."""
    specs = target_specs(stack_obj.ability, stack_obj.modes) if stack_obj.ability else []
    legal: set[int] = set()
    for i, chosen in enumerate(stack_obj.targets):
        if i >= len(specs):
            break
        each = chosen_for(stack_obj, i) if stack_obj.chosen else None
        for ref in chosen:
            spec = specs[i] if each is None or ref not in each else for_player(specs[i], each[ref])
            if is_still_legal(game, ref, spec, stack_obj):
                legal.add(ref)
    return legal


def describe(game: Game, ref: int) -> str:
    pl = ref_player(ref)
    if pl is not None:
        return game.players[pl].name
    o = game.objects.get(ref)
    return o.name if o is not None else f"#{ref}"


#: where a stack object keeps, for a target phrase chosen once per player ("for each
#: opponent, ... target creature that player controls"), the player each of its
#: targets was chosen for: ``{str(phrase index): [[target, player], ...]}``
EACH_PLAYER_TARGETS: Final = "each_player_targets"


def per_player_phrase(ability: Ability | None, index: int) -> Filter | None:
    """The players a target phrase is chosen once for (CR 601.2c, 115.1): "for each
    opponent, destroy up to one target creature that player controls" asks for up
    to one target for each opponent, "that player" being that opponent. The filter
    of the "for each [player]" whose instructions name the phrase, else None."""
    if ability is None:
        return None
    for e in ability.effects:
        if e.op != "for_each":
            continue
        flt = e.args.get("filter")
        if (
            isinstance(flt, Filter)
            and flt.kinds == ("player",)
            and holds(e.args.get("effects"), lambda x: x == TargetRef(index))
        ):
            return flt
    return None


def players_for_phrase(
    game: Game, flt: Filter, controller: int, source: GameObject | None
) -> list[int]:
    """The players a per-player target phrase is chosen for, in turn order from the
    active player's (CR 101.4), as the instructions will be followed."""
    return [p for p in game.turn_order() if matches_player(game, p, flt, controller, source)]


def for_player(spec: TargetSpec, player: int) -> TargetSpec:
    """The phrase with "that player" bound to ``player`` (CR 608.2c)."""
    flt = spec.filter
    conds = tuple((k, (player,) if v == "that_player" else v) for k, v in flt.conditions)
    return TargetSpec(Filter(flt.kinds, flt.zone, conds), spec.min, spec.max, spec.divide)


def chosen_for(stack_obj: GameObject, index: int) -> dict[int, int] | None:
    """For a per-player target phrase, the player each chosen target was chosen for."""
    pairs = (stack_obj.chosen or {}).get(EACH_PLAYER_TARGETS, {}).get(str(index))
    return None if pairs is None else {t: p for t, p in pairs}
