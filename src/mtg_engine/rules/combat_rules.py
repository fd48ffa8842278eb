"""The restrictions and requirements that shape combat (CR 508.1c-d, 509.1b-c).

Rules-changing effects about attacking and blocking come from two places:

* presence-only effects ("can't block", "attacks each combat if able",
  "can't attack alone" ...) are applied by the layer system and read from
  ``chars(game, obj).restrictions`` (CR 613.11 rules effects);
* effects that carry arguments ("can't be blocked except by Walls", "can
  block an additional creature", "can't attack you", "no more than one
  creature can attack each combat", provoke's "blocks it if able", goad)
  are gathered here from the static abilities of permanents (CR 604.2,
  611.3) and from resolved effects (``game.effects``, CR 611.2).

:func:`rules_of` returns both kinds for one object, cached until the next
change of the game state. Conditions that mention "defending player"
("can't attack unless defending player controls an Island") are evaluated
for a given defending player by :func:`condition_holds` (CR 508.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..cards.abilities import AbilityKind, Condition, Filter, SelfRef
from ..game.actions import ref_player
from ..game.objects import GameObject, Zone
from .characteristics import chars
from .conditions import evaluate
from .emblems import emblem_ids
from .filters import matches_object
from .monarch import monarch_of
from .support import COVERAGE_PROBES, register

if TYPE_CHECKING:
    from ..game.state import Game


class CombatRule(NamedTuple):
    """One restriction or requirement that applies to an object.

    ``op`` names it (see :data:`ARG_OPS` and :data:`PRESENCE_OPS`); ``args``
    its parameters; ``source`` the id of the permanent or effect source;
    ``controller`` the controller of that source ("you" in "can't attack
    you"); ``condition`` an "as long as" condition still to be evaluated
    (only conditions that need a defending player are left for later).
    """

    op: str
    args: dict[str, Any]
    source: int | None
    controller: int
    condition: Condition | None = None


#: presence-only ops that the layer system puts in ``Chars.restrictions``
PRESENCE_OPS: Final = frozenset(
    (
        "cant_attack",  # CR 508.1c
        "cant_block",  # CR 509.1b
        "cant_be_blocked",  # CR 509.1b
        "must_attack",  # CR 508.1d
        "must_block",  # CR 509.1c
        "cant_attack_alone",  # CR 508.1c
        "cant_block_alone",  # CR 509.1b
        "cant_be_blocked_by_more_than_one",  # CR 509.1b
        "must_be_blocked",  # CR 509.1c
        "assign_damage_by_toughness",  # CR 510.1a
        "assign_no_combat_damage",  # "assigns no combat damage this turn" (CR 510.1a)
        "attack_despite_defender",  # "can attack as though it didn't have defender" (702.3b)
    )
)

#: ops gathered here: they carry arguments, or depend on the defending player
ARG_OPS: Final = frozenset(
    (
        "cant_be_blocked_by",  # args filter: blockers that can't block it (509.1b)
        # "can't be blocked by creatures with greater power" (the Ring, 701.54c)
        "cant_be_blocked_by_greater_power",
        "cant_be_blocked_except_by",  # args filter: the only blockers allowed (509.1b)
        "cant_block_filter",  # args filter: attackers it can't block (509.1b)
        "block_only",  # args keyword / filter: attackers it may block (509.1b)
        "extra_block",  # args amount (int or "any"): more attackers it may block (509.1a)
        "min_blockers",  # args amount: "can't be blocked except by N or more creatures"
        "must_be_blocked_by_all",  # "All creatures able to block it do so" (509.1c)
        "must_be_blocked_by",  # args filter: "must be blocked by an Eldrazi if able" (509.1c)
        "must_block_attacker",  # args attacker: provoke's "blocks it if able" (702.39a)
        "cant_block_attacker",  # args attacker: "can't block this creature this turn" (509.1b)
        "cant_attack_you",  # can't attack the source's controller (508.1c)
        "cant_attack_or_block_alone",  # both "alone" restrictions (508.1c, 509.1b)
        "goaded",  # args by: goad (701.15b)
        "must_attack_player",  # args player: "attacks that opponent this turn if able" (508.1d)
        "max_attackers",  # global: "No more than N creatures can attack each combat"
        "max_blockers",  # global: "No more than N creatures can block each combat"
        "attack_cost",  # args mana, defender: "can't attack you unless ... pays" (508.1h)
        "block_cost",  # args mana: "can't block unless their controller pays" (509.1d)
        "assign_damage_as_unblocked",  # "may assign its combat damage as though it weren't blocked"
        "assign_among_defenders",  # "... divided as you choose among defending player and/or
        # any number of creatures they control" (Butcher Orgg, CR 510.1c)
        # args land (None: every landwalk): "Creatures with islandwalk can be blocked as
        # though they didn't have islandwalk" (Undertow; CR 702.14c, 509.1b)
        "landwalk_ignored",
    )
)

#: conditions on these presence ops that mention the defending player are
#: evaluated here per defender, not by the layer system
_DEFENDER_SENSITIVE: Final = frozenset(("cant_attack", "cant_be_blocked", "must_attack"))

#: statics scanned here: those with arguments, and the presence ones (to tell which
#: presence restrictions come from conditions on the defending player)
_GATHERED: Final = ARG_OPS | PRESENCE_OPS | {"cant_attack_or_block"}

#: rules about a whole declaration rather than one creature
_GLOBAL: Final = frozenset(("max_attackers", "max_blockers"))

_STATICS_KEY: Final = "combat_statics"
_RULES_KEY: Final = "combat_rules"

register(*(f"static:{op}" for op in ARG_OPS | PRESENCE_OPS), "static:cant_attack_or_block")


def still_attackable(game: Game, defender: int) -> bool:
    """CR 508.4a: what a creature put onto the battlefield attacking would attack is
    still there: the player is in the game, the planeswalker or battle on the
    battlefield (player refs are negative: -1 - player index)."""
    if defender < 0:
        i = -defender - 1
        return 0 <= i < len(game.players) and not game.players[i].has_lost
    o = game.objects.get(defender)
    return o is not None and o.zone == Zone.BATTLEFIELD


def evaluates_condition(op: str, cond: Any) -> bool:
    """Whether combat evaluates the condition of a static ability with ``op`` itself
    (:func:`condition_holds`, per defending player, CR 508.5), not the layer system."""
    return op in ARG_OPS or (op in _DEFENDER_SENSITIVE and _mentions_defending(cond))


#: what rules/support reports as run (coverage)
COVERAGE_PROBES.combat_evaluates = evaluates_condition


def _mentions_defending(cond: Any) -> bool:
    if isinstance(cond, Filter):
        return any(k == "defending" for k, _ in cond.conditions)
    if isinstance(cond, Condition):
        return any(_mentions_defending(v) for v in cond.args.values())
    if isinstance(cond, tuple | list):
        return any(_mentions_defending(v) for v in cond)
    return False


def _static_sources(game: Game) -> list[tuple[GameObject, Any]]:
    """(source permanent or emblem, StaticEffect) for every combat static on the
    battlefield or in the command zone."""
    cache = game._chars
    got = cache.get(_STATICS_KEY)
    if got is not None:
        return got  # type: ignore[no-any-return]
    out: list[tuple[GameObject, Any]] = []
    # CR 114.4: an emblem's static abilities work from the command zone (The Ring's)
    for oid in (*game.battlefield, *emblem_ids(game)):
        src = game.objects[oid]
        if src.phased_out:
            continue
        for a in chars(game, src).abilities:
            if a.kind is not AbilityKind.STATIC or not a.static:
                continue
            for st in a.static:
                if st.op in _GATHERED:
                    out.append((src, st))
    cache[_STATICS_KEY] = out
    return out


def rules_of(game: Game, obj: GameObject) -> tuple[CombatRule, ...]:
    """Every combat restriction and requirement that applies to ``obj`` now."""
    cache = game._chars.get(_RULES_KEY)
    if cache is None:
        cache = {}
        game._chars[_RULES_KEY] = cache
    got = cache.get(obj.id)
    if got is not None:
        return got  # type: ignore[no-any-return]
    out: list[CombatRule] = []
    c = chars(game, obj)
    statics = _static_sources(game)
    for op in c.restrictions:
        if op in PRESENCE_OPS and not _only_from_defender_conditions(game, obj, c, op, statics):
            out.append(CombatRule(op, {}, None, obj.controller))
    for src, st in statics:
        if st.op not in ARG_OPS and not (
            st.op in _DEFENDER_SENSITIVE and _mentions_defending(st.condition)
        ):
            continue
        if st.affected is None and st.op in _GLOBAL:
            continue  # rules about the whole declaration: see global_rules()
        if not _affects(game, src, st, obj, c):
            continue
        cond = st.condition
        if cond is not None and not _mentions_defending(cond):
            if not condition_holds(game, cond, src, obj, None):
                continue
            cond = None
        args = dict(st.args)
        if st.op == "goaded":
            # "enchanted creature is goaded": by the source's controller (CR 701.15b)
            args.setdefault("by", src.controller)
        out.append(CombatRule(st.op, args, src.id, src.controller, cond))
    for e in game.effects:
        if e.op in ARG_OPS and obj.id in e.affected:
            if e.op == "goaded" and not _goad_lasts(game, e.args):
                continue
            out.append(CombatRule(e.op, dict(e.args), e.source, e.controller))
    got = tuple(_expand(out))
    cache[obj.id] = got
    return got


def _affects(game: Game, src: GameObject, st: Any, obj: GameObject, c: Any) -> bool:
    aff = st.affected
    if isinstance(aff, SelfRef) or aff is None:
        return src.id == obj.id
    return isinstance(aff, Filter) and matches_object(game, obj, aff, src.controller, src, c)


def _only_from_defender_conditions(
    game: Game, obj: GameObject, c: Any, op: str, statics: list[tuple[GameObject, Any]]
) -> bool:
    """Whether presence restriction ``op`` reached ``Chars.restrictions`` only from
    statics whose condition names the defending player ("can't attack unless
    defending player controls an Island"): the layer system can't know the
    defending player, so combat evaluates those itself (CR 508.5)."""
    if op not in _DEFENDER_SENSITIVE:
        return False
    ops = (op, "cant_attack_or_block") if op == "cant_attack" else (op,)
    sensitive = False
    for src, st in statics:
        if st.op in ops and _affects(game, src, st, obj, c):
            if st.condition is not None and _mentions_defending(st.condition):
                sensitive = True
            else:
                return False
    if not sensitive:
        return False
    return not any(e.op in ops and obj.id in e.affected for e in game.effects)


def _expand(rules: list[CombatRule]) -> list[CombatRule]:
    out = []
    for r in rules:
        if r.op == "cant_attack_or_block_alone":
            out.append(r._replace(op="cant_attack_alone"))
            out.append(r._replace(op="cant_block_alone"))
        else:
            out.append(r)
    return out


def _goad_lasts(game: Game, args: dict[str, Any]) -> bool:
    """CR 701.15a: goaded until the goading player's next turn."""
    by = args.get("by")
    turn = int(args.get("turn", 0))
    return not (isinstance(by, int) and game.is_active(by) and game.turn > turn)


def global_rules(game: Game, op: str) -> list[CombatRule]:
    """Rules that affect the whole declaration ("No more than one creature can
    attack each combat", CR 508.1c), from statics without an affected object."""
    out = []
    for src, st in _static_sources(game):
        if st.op == op and st.affected is None and op in _GLOBAL:
            if st.condition is None or condition_holds(game, st.condition, src, None, None):
                out.append(CombatRule(op, dict(st.args), src.id, src.controller))
    for e in game.effects:
        if e.op == op and not e.affected:
            out.append(CombatRule(op, dict(e.args), e.source, e.controller))
    return out


def has(game: Game, obj: GameObject, op: str, defending: int | None = None) -> bool:
    """Whether a rule ``op`` applies to ``obj`` (against ``defending``, if it matters)."""
    rules = rules_of(game, obj)
    if not rules:
        return False  # (most creatures: no combat rule at all)
    for r in rules:
        if r.op == op and (
            r.condition is None or condition_holds(game, r.condition, None, obj, defending, r)
        ):
            return True
    return False


def find(game: Game, obj: GameObject, op: str, defending: int | None = None) -> list[CombatRule]:
    """The rules ``op`` that apply to ``obj`` (conditions checked against ``defending``)."""
    rules = rules_of(game, obj)
    if not rules:
        return []  # (most creatures: no combat rule at all)
    return [
        r
        for r in rules
        if r.op == op
        and (r.condition is None or condition_holds(game, r.condition, None, obj, defending, r))
    ]


# ---------------------------------------------------------------------------
# Conditions (CR 611.3a) that combat can evaluate: "as long as defending
# player controls ...", "as long as it's attacking"
# ---------------------------------------------------------------------------


def condition_holds(
    game: Game,
    cond: Condition,
    src: GameObject | None,
    obj: GameObject | None,
    defending: int | None,
    rule: CombatRule | None = None,
) -> bool:
    """Evaluate a static ability's condition; ``defending`` is the defending
    player (CR 508.5) or None when unknown (then any opponent of the
    controller may be it)."""
    if src is None and rule is not None and rule.source is not None:
        src = game.objects.get(rule.source)
    controller = src.controller if src is not None else (rule.controller if rule else 0)
    k = cond.kind
    a = cond.args
    if k == "as_long_as" and isinstance(a.get("cond"), Condition):
        return condition_holds(game, a["cond"], src, obj, defending, rule)
    if k == "not" and isinstance(a.get("cond"), Condition):
        return not condition_holds(game, a["cond"], src, obj, defending, rule)
    if k == "player_controls" and isinstance(a.get("filter"), Filter):
        who = _players_of(game, a["filter"], controller, obj, defending)
        what = a.get("filter1")
        n = a.get("n", 1)
        if not isinstance(what, Filter) or not isinstance(n, int):
            return False
        # "defending player controls three or more creatures": one player has them
        counted = dict.fromkeys(who, 0)
        for oid in game.battlefield:
            o = game.objects[oid]
            if o.controller in who and not o.phased_out:
                if matches_object(game, o, what, controller, src):
                    counted[o.controller] += 1
        return any(k >= n for k in counted.values())
    if (
        k == "you_control_more"
        and isinstance(a.get("filter"), Filter)
        and isinstance(a.get("filter1"), Filter)
        and ("defending", True) in a["filter1"].conditions
    ):
        # "can't attack unless you control more creatures than defending player"
        # (Goblin Goon; CR 508.1c, 508.5): more than the player it would attack
        who = _players_of(game, a["filter1"], controller, obj, defending)
        counted = dict.fromkeys(who, 0)
        mine = 0
        for oid in game.battlefield:
            o = game.objects[oid]
            if o.phased_out or not matches_object(game, o, a["filter"], controller, src):
                continue
            if o.controller == controller:
                mine += 1
            elif o.controller in counted:
                counted[o.controller] += 1
        return any(n < mine for n in counted.values())
    if k == "player_monarch" and isinstance(a.get("filter"), Filter):
        # "can't attack unless defending player is the monarch" (CR 724, 508.5)
        return monarch_of(game) in _players_of(game, a["filter"], controller, obj, defending)
    if k == "is" and obj is not None:
        state = a.get("arg0") or a.get("arg1")
        combat = game.combat
        if state == "attacking":
            return combat is not None and obj.id in combat.attackers
        if state == "blocking":
            return combat is not None and obj.id in combat.blockers
    return evaluate(game, cond, controller, src)


def _players_of(
    game: Game, flt: Filter, controller: int, obj: GameObject | None, defending: int | None
) -> set[int]:
    for key, value in flt.conditions:
        if key == "defending" and value:
            if defending is not None:
                return {defending}
            if obj is not None and game.combat is not None and obj.id in game.combat.attackers:
                return {defending_player_of(game, game.combat.attackers[obj.id])}
            return set(game.opponents(controller))
        if key in ("you", "controller") and value in (True, "you"):
            return {controller}
        if key in ("opponent",) and value:
            return set(game.opponents(controller))
    return {p.index for p in game.players}


def defends_for(game: Game, defender: int, rule: CombatRule) -> bool:
    """Whether "can't attack you [or planeswalkers you control]" forbids attacking
    ``defender``: the rule's controller, or a planeswalker they control (CR 508.1c)."""
    if ref_player(defender) is not None:
        return ref_player(defender) == rule.controller
    o = game.objects.get(defender)
    return (
        bool(rule.args.get("planeswalkers"))
        and o is not None
        and o.controller == rule.controller
        and "Planeswalker" in chars(game, o).types
    )


def defending_player_of(game: Game, defender: int) -> int:
    """CR 508.5: the player attacked, the controller of the planeswalker attacked,
    or the protector of the battle attacked."""
    pl = ref_player(defender)
    if pl is not None:
        return pl
    o = game.objects.get(defender)
    if o is None:
        return game.combat.defending_player if game.combat else -1
    return protector_of(game, o) if "Battle" in chars(game, o).types else o.controller


def protector_of(game: Game, battle: GameObject) -> int:
    """CR 310.8: a battle's protector (a Siege is protected by an opponent of
    its controller, chosen as it enters)."""
    chosen = battle.chosen or {}
    p = chosen.get("protector")
    if isinstance(p, int):
        return p
    opps = game.opponents(battle.controller)
    return opps[0] if opps else battle.controller
