"""Matching objects and players against :class:`Filter` descriptions (CR 109.2, 115).

"target nonblack creature you don't control" compiles to a Filter; this
module answers "does this object or player match it, from the point of view
of this controller and source?".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import (
    GREATEST_AMONG,
    Amount,
    EachRef,
    Filter,
    SelfRef,
    has_that_player,
    that_player_as,
)
from ..game.actions import player_ref
from ..game.hooks import KEYWORD_HOOKS, RULES_HOOKS
from ..game.objects import ABILITY_KINDS, GameObject, Zone
from .char_values import Chars
from .characteristics import chars, printed
from .chosen_groups import GROUP_KEYS
from .commanders import is_commander
from .copy import copiable_values
from .damage_history import (
    damaged_players,
    dealt_damage_as_source,
    dealt_damage_by_this_turn,
    dealt_damage_this_turn,
    player_dealt_damage_by_this_turn,
)
from .entered_this_turn import entered_this_turn
from .linked import is_exiled_with
from .ring import is_ring_bearer
from .simultaneous import attached_before
from .support import AS_THAT_OBJECT, register
from .vote import voted_choices

register("cond:named", "cond:color_in")  # CR 201.4, 105.2 (_condition below)
register("cond:multicolored", "cond:modified")  # CR 105.4, 700.9
register("cond:second_target")  # CR 115.3: "a second target ..." (rules/casting.py)
register("cond:differs_from_printed")  # a card's own "modified" (rules/layers.py)
register("cond:outlaw")  # CR 700.12: Assassin, Mercenary, Pirate, Rogue, Warlock
register("cond:attacked_this_turn")  # CR 508.1 (turn_flags.attacked)
register("cond:kicked")  # "a kicked spell" (CR 702.33d, _condition)
register("cond:attacking_enchanted")  # "each opponent attacking that player" (matches_player)
register("cond:permanent_card")  # CR 110.4a
register("cond:historic")  # CR 700.6 (_condition below)
register("cond:lowest_mana_value", "cond:lowest_power")  # CR 202.3, 208.1 (_lowest)
# "with the greatest power among creatures they control / on the battlefield" (CR 208.1,
# 202.3: _greatest)
register("cond:greatest_power", "cond:greatest_toughness", "cond:greatest_mana_value")
register("cond:targets")  # "a spell that targets ..." (_targets_one below)
register("cond:saddled_source")  # "a creature that saddled it this turn" (_condition)
register("cond:targets_only")  # "a spell that targets only ..." (_condition below)
register("cond:single_target")  # "a spell with a single target" (_condition below)
register("kind:source")  # CR 609.7a: a permanent or a spell (_kind_ok)
register("cond:monstrous", "cond:renowned")  # CR 701.37b, 702.112b (_condition below)
register("cond:solved")  # CR 719.3b: a Case's designation (_condition below)
register("cond:attacking_or_blocking")  # CR 506.4 (_condition below)
register("cond:power_lt_source")  # "power less than this creature's power" (_condition)

if TYPE_CHECKING:
    from ..game.state import Game
    from .char_values import Chars

_PERMANENT_TYPES: Final = frozenset(
    ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
)
#: (public: "shares a permanent type with it", rules/effects_runner.py)
PERMANENT_TYPES: Final = _PERMANENT_TYPES
#: the card types whose subtypes are creature types (CR 205.3d)
_HAS_CREATURE_TYPES: Final = frozenset(("Creature", "Kindred", "Tribal"))
#: "shares a card / creature / permanent type with it"
_SHARES_TYPE: Final = AS_THAT_OBJECT[2:]


#: filter keys that are rules for the group chosen or counted, not for one object
#: ("cards with different names", "from a single graveyard", "with different powers")
_GROUP_RULE_KEYS: Final = frozenset(GROUP_KEYS) | {"different_names", "single_graveyard"}


def _shares_with_source(game: Game, c: Chars, key: str, source: GameObject | None) -> bool:
    """ "Each other creature with the same name as this creature" (CR 201.2), "that
    share a creature type with this creature" (205.3m), "... a color" (105.2), "... a
    card type" (205.2a), "... a permanent type" (110.4): compared with the source as
    it is now (an ability's source is the permanent it came from, 113.7a; a source
    gone from its zone compares with nothing)."""
    if source is not None and source.zone == Zone.STACK and source.source_id is not None:
        source = game.objects.get(source.source_id)
    if source is None:
        return False
    mine = chars(game, source)
    if key == "same_name_as":
        return bool(mine.name) and c.name == mine.name
    if key == "shares_color_with":
        return bool(c.colors & mine.colors)
    if key == "shares_creature_type_with":
        # creature types are the subtypes of creatures and kindred objects (205.3d)
        return (
            bool(c.types & _HAS_CREATURE_TYPES)
            and bool(mine.types & _HAS_CREATURE_TYPES)
            and bool(c.subtypes & mine.subtypes)
        )
    if key == "shares_permanent_type_with":
        return bool(c.types & mine.types & _PERMANENT_TYPES)
    return bool(c.types & mine.types)


def _toughness_lt_source(
    game: Game, toughness: int | None, source: GameObject | None, stat: str
) -> bool:
    """Whether ``toughness`` is less than the power (``stat`` "power") or toughness of
    the source as it is now; an ability's source is the permanent it came from (CR
    113.7a), and a source no longer on the battlefield compares with nothing."""
    if source is not None and source.zone == Zone.STACK and source.source_id is not None:
        source = game.objects.get(source.source_id)
    if toughness is None or source is None or source.zone != Zone.BATTLEFIELD:
        return False
    sc = chars(game, source)
    mine = sc.power if stat == "power" else sc.toughness
    return mine is not None and toughness < mine


def matches_object(
    game: Game,
    obj: GameObject,
    flt: Filter,
    controller: int,
    source: GameObject | None,
    c: Chars | None = None,
) -> bool:
    """Whether ``obj`` matches ``flt`` as seen by ``controller`` of ``source``."""
    if c is None:
        c = chars(game, obj)
    kinds = flt.kinds
    if kinds and not _kind_ok(obj, c, kinds):
        return False
    conds = flt.conditions
    or_self = ("or_self", True) in conds
    for key, value in conds:
        if key == "other" and or_self:
            continue  # "this creature or another creature"
        if key in _LOWEST:
            if not _lowest(game, obj, c, flt, key, controller, source):
                return False
            continue
        if key in GREATEST_AMONG:
            if not _greatest(game, obj, c, flt, key, value, controller, source):
                return False
            continue
        if not _condition(game, obj, c, key, value, controller, source):
            return False
    return True


def _partner_matches(
    game: Game, oid: int, flt: Filter, controller: int, source: GameObject | None
) -> bool:
    """Whether the creature ``oid`` blocked or was blocked by matches ``flt``: as it
    is on the battlefield; an object that has left it isn't looked back at."""
    o = game.objects.get(oid)
    return (
        o is not None
        and o.zone == Zone.BATTLEFIELD
        and matches_object(game, o, flt, controller, source)
    )


#: "with the lowest [stat]" -> the characteristic compared (CR 208.1, 202.3)
_LOWEST: Final = {"lowest_mana_value": "mana_value", "lowest_power": "power"}


def _lowest(
    game: Game,
    obj: GameObject,
    c: Chars,
    flt: Filter,
    key: str,
    controller: int,
    source: GameObject | None,
) -> bool:
    """ "Target nonland permanent with the lowest mana value" (Culling Scales): of the
    objects the rest of the description matches, none has a lower value (CR 202.3,
    208.1); tied ones all qualify."""
    stat = _LOWEST[key]
    mine = getattr(c, stat)
    if mine is None:
        return False
    rest = Filter(flt.kinds, flt.zone, tuple(x for x in flt.conditions if x[0] != key))
    for o in objects_matching(game, rest, controller, source):
        v = getattr(chars(game, o), stat)
        if v is not None and v < mine:
            return False
    return True


def _greatest(
    game: Game,
    obj: GameObject,
    c: Chars,
    flt: Filter,
    key: str,
    value: Any,
    controller: int,
    source: GameObject | None,
) -> bool:
    """ "Each opponent sacrifices a creature with the greatest power among creatures
    they control" (Crackling Doom), "a nonland card with the greatest mana value among
    cards in their hand", "a creature with the greatest power among creatures on the
    battlefield" (High Score), "the creature with the greatest power or tied for the
    greatest power" (Triumph of Ferocity): the object is one of that group and none of
    the group has a greater power, toughness or mana value (CR 208.1, 202.3); tied ones
    all qualify. ``value`` is the group's description; ``True``: every object of the
    filter's own card types in its zone. A "that player" the instruction hasn't read yet
    is the player whose group the object is in: its controller, or the owner of a card
    not on the battlefield."""
    stat = GREATEST_AMONG[key]
    mine = getattr(c, stat)
    if mine is None:
        return False
    group = value if isinstance(value, Filter) else Filter(flt.kinds, flt.zone)
    if has_that_player(group):
        who = obj.controller if obj.zone == Zone.BATTLEFIELD else obj.owner
        group = that_player_as(group, (who,))
    member = False
    for o in objects_matching(game, group, controller, source):
        if o.id == obj.id:
            member = True
            continue
        v = getattr(chars(game, o), stat)
        if v is not None and v > mine:
            return False
    return member


def enchanted_player(aura: GameObject) -> int | None:
    """The player an Aura with "enchant player" is attached to (CR 303.4e), if any."""
    p = (aura.chosen or {}).get("attached_player")
    return p if isinstance(p, int) else None


def _cast_by(game: Game, obj: GameObject, value: Any, controller: int) -> bool:
    """ "spells you cast" (CR 601.2): a spell on the stack that was cast (or is being
    cast: its record starts as it moves to the stack, 601.2a), not a copy (CR 707.10);
    its caster is its controller."""
    paid = obj.paid
    if obj.zone != Zone.STACK or obj.stack_kind != "spell" or paid is None or paid.get("copy"):
        return False
    if value == "you":
        return obj.controller == controller
    if value == "opponent":  # CR 102.3: not a teammate either
        return game.is_opponent(controller, obj.controller)
    if value == "not_you":
        return obj.controller != controller
    return False  # an unknown value never matches (no silent "yes")


def _targets_one(
    game: Game,
    obj: GameObject,
    value: Any,
    controller: int,
    source: GameObject | None,
    only: bool = False,
) -> bool:
    """ "a spell that targets a creature you control", "... that targets you", "... that
    targets this creature": one of the spell's or ability's targets (CR 115.1) is such
    an object or player now; with ``only`` ("a spell that targets only this
    creature"), it has targets and each of them is."""
    if obj.zone != Zone.STACK or (only and not any(obj.targets)):
        return False
    such = (_is_such_target(game, t, value, controller, source) for s in obj.targets for t in s)
    return all(such) if only else any(such)


def _is_such_target(
    game: Game, t: int, value: Any, controller: int, source: GameObject | None
) -> bool:
    """Whether the target ``t`` (an object, or a player as a negative number) is what
    "that targets [value]" names."""
    if t < 0:
        player = -t - 1
        return (
            isinstance(value, Filter)
            and "player" in value.kinds
            and matches_player(game, player, value, controller, source)
        )
    target = game.objects.get(t)
    if target is None:
        return False
    if value == "self":
        return source is not None and t == source.id
    if isinstance(value, Filter) and "player" not in value.kinds:
        return target.zone == Zone.BATTLEFIELD and matches_object(
            game, target, value, controller, source
        )
    return False


def _lki_matches(
    game: Game,
    ability: GameObject,
    lki: dict[str, Any],
    flt: Filter,
    controller: int,
    source: GameObject | None,
) -> bool:
    """Whether the gone source of ``ability``, as its last known information records
    it (CR 113.7a, 608.2h), fits ``flt``: its card types and the conditions read from
    its characteristics (colors, supertypes, ...)."""
    c = Chars()
    c.types = frozenset(lki.get("types") or ())
    c.subtypes = frozenset(lki.get("subtypes") or ())
    c.supertypes = frozenset(lki.get("supertypes") or ())
    c.colors = frozenset(lki.get("colors") or ())
    c.power = lki.get("power")
    c.toughness = lki.get("toughness")
    c.mana_value = int(lki.get("mana_value") or 0)
    c.keywords = frozenset(lki.get("keywords") or ())
    if flt.kinds and not any(k in c.types for k in flt.kinds):
        return False
    # (a condition the record can't answer never matches: no silent "yes")
    return all(
        k in _LKI_KEYS and _condition(game, ability, c, k, v, controller, source)
        for k, v in flt.conditions
    )


#: the conditions :func:`_lki_matches` reads from last known characteristics alone
_LKI_KEYS: Final = frozenset(
    ("color", "not_color", "colorless", "multicolored", "monocolored", "supertype", "not_supertype")
)


def _kind_ok(obj: GameObject, c: Chars, kinds: tuple[str, ...]) -> bool:
    """Whether the object is one of these kinds: a card type, or "permanent",
    "spell", "ability", "card" (CR 109.2)."""
    for k in kinds:
        if k not in _OBJECT_WORDS:
            # CR 113.1c: an ability on the stack is an object but not a card: it has
            # no card type, whatever its source is ("target spell or creature")
            ok = k in c.types and obj.stack_kind not in ABILITY_KINDS
        elif k == "permanent":
            ok = obj.zone == Zone.BATTLEFIELD
        elif k == "spell":
            ok = obj.zone == Zone.STACK and obj.stack_kind == "spell"
        elif k == "ability":
            ok = obj.zone == Zone.STACK and obj.stack_kind in ABILITY_KINDS
        elif k == "card":
            ok = obj.zone != Zone.BATTLEFIELD and obj.zone != Zone.STACK
        elif k == "source":
            # "a source of your choice": a permanent or a spell (CR 609.7a)
            ok = obj.zone == Zone.BATTLEFIELD or (
                obj.zone == Zone.STACK and obj.stack_kind == "spell"
            )
        elif k == "commander":
            # "target commander", "a commander you control": any object; the
            # ("commander", True) condition that comes with it says which (CR 903.3)
            ok = obj.stack_kind not in ABILITY_KINDS
        else:  # "player"
            ok = False
        if ok:
            return True
    return False


#: the kinds of a filter that aren't card types (:func:`_kind_ok`)
_OBJECT_WORDS: Final = frozenset(
    ("permanent", "spell", "ability", "card", "source", "player", "commander")
)


#: the subtype of the attachments each "enchanted/equipped/fortified" word names
_ATTACHMENT_SUBTYPE: Final = {
    "enchanted_by": "Aura",
    "equipped_by": "Equipment",
    "fortified_by": "Fortification",
}


def _attached_condition(
    game: Game, obj: GameObject, key: str, value: Any, source: GameObject | None
) -> bool:
    """ "Enchanted creature" / "equipped creature" / "fortified land".

    On an Aura, Equipment or Fortification it is the permanent that object is
    attached to (CR 303.4, 301.5a, 301.6); on anything else ("equipped creatures
    you control get +1/+1"), and for the value ``"any"`` ("an equipped creature"),
    it is any permanent with such an object attached:
    an "equipped" creature is one an Equipment is attached to (CR 301.5). The
    printed subtypes are read (and a source that is attached to something is an
    attachment, a copy of one included), so no characteristics are computed here.
    """
    subtype = _ATTACHMENT_SUBTYPE[key]
    if (
        value != "any"
        and source is not None
        and source.zone == Zone.STACK
        and source.stack_kind in ("triggered", "activated")
        and source.source_id is not None
        and source.source_id not in game.objects
    ):
        # an ability of an Aura that has left the battlefield: "enchanted creature" is
        # the one it enchanted as it last existed there (CR 608.2h, 113.7a)
        return game.turn_flags.left_attached_to.get(source.source_id) == obj.id
    if (
        value != "any"
        and source is not None
        and (
            source.attached_to is not None
            or subtype in printed(source).subtypes
            # CR 702.103b, 702.103f: a bestow card's "enchanted creature" is the one
            # it enchants as a bestowed Aura; a creature, unattached, enchants nothing
            or (subtype == "Aura" and "Bestow" in printed(source).keywords)
            # a copy of one (Sculpting Steel as a Greatsword): its copiable values
            # (CR 707.2), so unattached its "equipped creature" is no creature
            or (bool(game.effects) and subtype in copiable_values(game, source).subtypes)
        )
    ):
        # (an attached source is an Aura or Equipment, a copy of one included)
        return source.attached_to == obj.id
    return any(subtype in printed(game.objects[a]).subtypes for a in attached_before(game, obj.id))


#: CR 700.12: the creature types that make an object an outlaw
_OUTLAW_TYPES: Final = frozenset(("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"))


def _modified(game: Game, obj: GameObject) -> bool:
    """CR 700.9: a counter on it, equipped, or enchanted by an Aura its controller
    also controls (the printed subtypes of the attachments are read)."""
    if any(obj.counters.values()):
        return True
    for a in attached_before(game, obj.id):
        sub = printed(game.objects[a]).subtypes
        if "Equipment" in sub or ("Aura" in sub and game.objects[a].controller == obj.controller):
            return True
    return False


def _condition(
    game: Game,
    obj: GameObject,
    c: Chars,
    key: str,
    value: Any,
    controller: int,
    source: GameObject | None,
) -> bool:
    if key == "color":
        return value in c.colors
    if key == "not_color":
        return value not in c.colors
    if key == "colorless":
        return (not c.colors) == bool(value)
    if key == "controller":
        if isinstance(value, tuple):  # players resolved as the effect happens
            return obj.controller in value
        if value == "you":
            return obj.controller == controller
        if value == "opponent":  # CR 102.3: not a teammate either
            return game.is_opponent(controller, obj.controller)
        if value == "not_you":
            return obj.controller != controller
        if value == "enchanted_player":
            # "a creature enchanted player controls": the player the source Aura
            # (a Curse) is attached to (CR 303.4e)
            return source is not None and enchanted_player(source) == obj.controller
        return False  # an unknown value never matches (no silent "yes")
    if key == "subtype_in":
        return bool(c.subtypes & set(value))
    if key == "token":
        return obj.is_token == bool(value)
    if key == "not_token":
        return obj.is_token != bool(value)
    if key == "counter":
        if value == "any":  # "with a counter on it", "with counters on it" (CR 122.1)
            return any(n > 0 for n in obj.counters.values())
        return obj.counters.get(str(value), 0) > 0
    if key == "not_counter":  # "without a +1/+1 counter on it" (CR 122.1)
        if value == "any":
            return not any(n > 0 for n in obj.counters.values())
        return obj.counters.get(str(value), 0) <= 0
    if key == "or_self":
        return True  # handled with "other" in matches_object
    if key == "second_target":
        # "a second target creature": not an earlier target of the same spell or
        # ability (rules/casting.py, CR 115.3); any object otherwise
        return True
    if key == "you":
        return (obj.controller == controller) == bool(value)
    if key == "caster":
        return _cast_by(game, obj, value, controller)
    if key == "entered_this_turn":
        return entered_this_turn(game, obj) == bool(value)
    if key == "targets":
        return _targets_one(game, obj, value, controller, source)
    if key == "targets_only":
        return _targets_one(game, obj, value, controller, source, only=True)
    if key == "saddled_source":
        # "a creature that saddled it this turn" (CR 702.171c): tapped to pay the saddle
        # cost of the Mount the ability comes from, even if that Mount has left since
        # (its last known information, CR 608.2h)
        mount = None if source is None else source.source_id or source.id
        saddlers = game.turn_flags.saddled_by.get(mount, ()) if mount is not None else ()
        return (obj.id in saddlers) == bool(value)
    if key == "single_target":
        # "a spell with a single target": one object or player, however many of
        # its instances of the word "target" name it (CR 115.1, 115.7)
        single = obj.zone == Zone.STACK and len({t for s in obj.targets or () for t in s}) == 1
        return single == bool(value)
    if key == "historic":  # CR 700.6: legendary, artifact or Saga
        historic = "Legendary" in c.supertypes or "Artifact" in c.types or "Saga" in c.subtypes
        return historic == bool(value)
    if key == "opponent":  # CR 102.3: not a teammate either
        return game.is_opponent(controller, obj.controller) == bool(value)
    if key in ("enchanted_by", "equipped_by", "fortified_by"):
        return _attached_condition(game, obj, key, value, source)
    if key == "attached_to":
        # "all Equipment attached to that creature" (CR 301.5, 303.4): the objects
        # named, resolved as the instruction happens (rules/effects_runner.concrete);
        # of one that left the battlefield, those attached to it immediately before
        # it left (CR 608.2h)
        if isinstance(value, SelfRef):  # "Equipment attached to this creature"
            return source is not None and obj.attached_to == source.id
        if not isinstance(value, tuple):
            return False
        if obj.attached_to in value:
            return True
        left = game.turn_flags.left_attached
        return bool(left) and any(obj.id in left.get(h, ()) for h in value)
    if key == "owner":
        if isinstance(value, tuple):  # players resolved as the effect happens
            return obj.owner in value
        return (obj.owner == controller) == (value == "you")
    if key == "type":
        return value in c.types
    if key == "not_type":
        return value not in c.types
    if key == "subtype":
        return value in c.subtypes
    if key == "not_subtype":
        return value not in c.subtypes
    if key == "supertype":
        return value in c.supertypes
    if key == "not_supertype":
        return value not in c.supertypes
    if key == "tapped":
        return obj.tapped == bool(value)
    if key == "keyword":
        return value in c.keywords
    if key == "not_keyword":
        return value not in c.keywords
    if key == "other":
        # "another": not this object, nor the card it became after leaving the
        # battlefield (a leaves-the-battlefield ability looks back, CR 603.10a)
        return source is None or (obj.id != source.id and obj.card_uid != source.card_uid)
    if key == "self":
        return source is not None and obj.id == source.id
    if key == "id":  # one object, bound by id (a granted quote's own name, rules/granted.py)
        return obj.id == value
    if key == "name":
        return c.name == value
    if key == "shares_color_with" and isinstance(value, tuple):
        # "that shares a color with it" (CR 105.2): the colors that object had as
        # the instruction happened (rules/effects_runner.Ctx.concrete)
        return bool(c.colors & set(value))
    if key == "same_name_as" and isinstance(value, EachRef):
        # "spells with the same name as the exiled card" (Ashiok's Erasure): the
        # names of the cards exiled with the source, now (CR 201.2, 607.2a)
        # "the same name as another card in their hand": other than the object
        # checked, too (as well as other than the source)
        other = ("other", True) in value.filter.conditions
        return c.name in {
            chars(game, o).name
            for o in objects_matching(game, value.filter, controller, source)
            if not (other and o.id == obj.id)
        }
    if key in AS_THAT_OBJECT and isinstance(value, SelfRef):
        return _shares_with_source(game, c, key, source)
    if key in _SHARES_TYPE and isinstance(value, tuple):
        # "that shares a card / creature / permanent type with it" (CR 205.2a, 205.3m,
        # 110.4): the types that object had as the instruction happened
        # (rules/effects_runner.Ctx.concrete)
        return bool((c.subtypes if key == "shares_creature_type_with" else c.types) & set(value))
    if key == "same_name_as" and isinstance(value, tuple):
        # "with the same name as that creature": the names it had (CR 201.2, 608.2h),
        # resolved as the instruction happens (rules/effects_runner.concrete)
        return c.name in value
    if key == "counters_ge" and isinstance(value, tuple):
        # "with two or more +1/+1 counters on it", "has a +1/+1 counter on it" (122.1)
        kind, n = value
        if kind == "any":  # "if it has counters on it": of any kind (122.1)
            return isinstance(n, int) and sum(obj.counters.values()) >= n
        return isinstance(n, int) and obj.counters.get(str(kind), 0) >= n
    if key == "not_ids":  # "each other creature with the same name as that creature"
        return obj.id not in value
    if key == "named":
        # "named [this card]" (CR 201.4): its own name, e.g. "cards named Accumulated
        # Knowledge in all graveyards"; a source with no name names nothing (CR 201.4b)
        if value != "self":
            return c.name == value
        # the name printed on the source's face (CR 201.5: it names that card; read
        # without its characteristics, which a static ability is computing now)
        own = source.name if source is not None and not source.face_down else ""
        return bool(own) and c.name == own
    if key == "multicolored":
        return (len(c.colors) >= 2) == bool(value)  # CR 105.4
    if key == "monocolored":
        return (len(c.colors) == 1) == bool(value)  # CR 105.2a
    if key == "dealt_damage_this_turn":
        return dealt_damage_this_turn(game, obj.id) == bool(value)  # CR 120.3
    if key == "dealt_damage_as_source_this_turn":
        # "creature that dealt damage [to you] this turn" (CR 120.3): as the object it
        # is now (400.7)
        return dealt_damage_as_source(game, obj.id, None if value == "any" else controller)
    if key == "dealt_damage_by_self_this_turn":
        # "a creature dealt damage by this creature this turn" (CR 120.3)
        return dealt_damage_by_this_turn(game, source, obj.id) == bool(value)
    if key == "x_in_mana_cost":
        # "a spell with {X} in its mana cost" (CR 107.3, 202.1)
        return ("{X}" in (c.mana_cost or "").upper()) == bool(value)
    if key == "crewed_source":
        # "target creature that crewed it this turn" (CR 702.122b): tapped to pay
        # this Vehicle's crew cost this turn, as the object it is now (400.7)
        crew = () if source is None else game.turn_flags.crewed_by.get(source.id, ())
        return (obj.id in crew) == bool(value)
    if key == "color_in":
        # "a white or black permanent" (CR 105.2): any one of the colors
        return bool(c.colors & set(value))
    if key == "attacking":
        return (game.combat is not None and obj.id in game.combat.attackers) == bool(value)
    if key == "blocking":
        return (game.combat is not None and obj.id in game.combat.blockers) == bool(value)
    if key == "attacking_or_blocking":
        # "target creature that's attacking or blocking" (CR 506.4, 508.1k, 509.1g)
        combat = game.combat
        return (
            combat is not None and (obj.id in combat.attackers or obj.id in combat.blockers)
        ) == bool(value)
    if key == "attacking_player" and value == "you":
        # "creatures attacking you": attacking that player, not a planeswalker or
        # battle (CR 506.2, 508.1b)
        combat = game.combat
        return combat is not None and combat.attackers.get(obj.id) == player_ref(controller)
    if key == "blocking_this" and isinstance(value, tuple):
        # "each creature blocking it", "it" being another object (the trigger's
        # object: "whenever equipped creature becomes blocked", CR 509.1g, 608.2c)
        combat = game.combat
        return combat is not None and any(i in combat.blockers.get(obj.id, ()) for i in value)
    if key in ("blocking_or_blocked_by", "blocked_by", "blocking_this") and (
        value == "self" or key == "blocking_this"
    ):
        # ("blocking_this" with a pronoun no ability resolved: this object)
        # "creatures blocking or blocked by this creature", "target creature blocked
        # by this creature" (CR 509.1g-h: who blocks whom, as combat records it)
        combat = game.combat
        if combat is None or source is None:
            return False
        me = source.id
        blocking = combat.blockers.get(me, ())
        if source.zone == Zone.STACK and source.source_id is not None:
            # an ability whose source has left the battlefield: that creature as it
            # last existed (CR 113.7a, 608.2h)
            me = source.source_id
            blocking = combat.left_blocking.get(me, ())
        blocked_by_it = obj.id in blocking
        if key == "blocked_by":
            return blocked_by_it
        if key == "blocking_this":
            return me in combat.blockers.get(obj.id, ())
        return blocked_by_it or me in combat.blockers.get(obj.id, ())
    if key == "unblocked":
        return is_unblocked(game, obj.id) == bool(value)
    if key == "blocked_or_was_blocked":
        # "that blocked or was blocked [by a legendary creature] this turn" (CR
        # 509.1a, 509.1h): a block declared this turn, with a creature of that kind
        # when the value is a filter (as that creature is now, or was as it last
        # existed on the battlefield)
        partners = [b if a == obj.id else a for b, a in game.turn_flags.blocks if obj.id in (a, b)]
        if not isinstance(value, Filter):
            return bool(partners)
        return any(_partner_matches(game, p, value, controller, source) for p in partners)
    if key == "blocked":  # "target blocked creature" (CR 509.1h)
        return is_blocked(game, obj.id) == bool(value)
    if key == "power_lt_source":
        # "with power less than this creature's power" (mentor, CR 702.134a)
        if source is not None and source.zone == Zone.STACK and source.source_id is not None:
            # an ability's "this creature": its source on the battlefield (CR 113.7a)
            source = game.objects.get(source.source_id)
        if source is None or c.power is None or source.zone != Zone.BATTLEFIELD:
            return False
        mine = chars(game, source).power
        return mine is not None and (c.power < mine) == bool(value)
    if key == "toughness_lt_source":
        # "with toughness less than this creature's power" (Stone Giant)
        return _toughness_lt_source(game, c.toughness, source, str(value))
    if key == "toughness_gt_power":
        # "with toughness greater than its power" (Ancient Lumberknot, CR 208.1)
        return c.toughness is not None and c.power is not None and c.toughness > c.power
    if key == "power_or_toughness_le":
        # "with power or toughness 1 or less" (Tetsuko Umezawa): either one (CR 208.1)
        return isinstance(value, int) and any(
            v is not None and v <= value for v in (c.power, c.toughness)
        )
    if key.startswith("mana_value_"):
        key = "mv_" + key[len("mana_value_") :]
    if key in _COMPARED:
        if isinstance(value, Amount) and value.kind == "player_counters":
            # "with mana value greater than the number of experience counters you
            # have" (Mizzix of the Izmagnus): counted now (CR 122.1)
            value = player_counter_count(game, value, controller)
        if isinstance(value, Amount) and value.kind == "chosen_number":
            # "equal to the chosen number" of a static: the number chosen for its
            # source as it entered (CR 607.2a; none chosen matches nothing, 607.5)
            value = (source.chosen or {}).get("number") if source is not None else None
            if value is None:
                return False
        if (
            isinstance(value, Amount)
            and value.kind == "counters"
            and isinstance(value.ref, SelfRef)
            and source is not None
        ):
            # "a spell with mana value equal to the number of doom counters on this
            # enchantment" (Imminent Doom): the source's counters, now (CR 122.1)
            conds = value.filter.conditions if value.filter is not None else ()
            kind = next((v for k, v in conds if k == "counter"), None)
            on = source.counters
            value = (on.get(str(kind), 0) if kind else sum(on.values())) * value.multiplier
        if isinstance(value, Amount) and value.kind == "x":
            # "sacrifice an artifact or creature with mana value X" (Nahiri's
            # Sacrifice): the X announced for the spell or ability paying the cost
            # (CR 107.3, 601.2b); before it's announced nothing matches
            value = source.x if source is not None else None
            if value is None:
                return False
        if (
            isinstance(value, Amount)
            and value.kind == "counters"
            and isinstance(value.ref, SelfRef)
            and source is not None
        ):
            # "a spell with mana value equal to the number of charge counters on this
            # artifact" (Chalice of the Void): its counters now, none being 0 (CR 122.1)
            kind = next(
                (v for k, v in (value.filter.conditions if value.filter else ()) if k == "counter"),
                None,
            )
            counters = source.counters or {}
            n = sum(counters.values()) if kind in (None, "*") else counters.get(str(kind), 0)
            value = int(n) * value.multiplier
        if (
            isinstance(value, Amount)
            and value.kind in ("power", "toughness")
            and isinstance(value.ref, SelfRef)
            and source is not None
        ):
            # "with mana value less than this creature's power" (Pollywog Prodigy):
            # the source's, now (CR 208.1)
            value = (getattr(chars(game, source), value.kind) or 0) * value.multiplier
        if not isinstance(value, int):
            return False  # a number computed as an effect happens (Ctx.concrete, 608.2c)
        attr = {"power": c.power, "toughness": c.toughness, "mv": c.mana_value}[key.split("_")[0]]
        if attr is None:
            return False
        if key.endswith("_le"):
            return attr <= value
        if key.endswith("_ge"):
            return attr >= value
        if key.endswith("_gt"):
            return attr > value
        if key.endswith("_lt"):
            return attr < value
        return attr == value
    if key == "zone":
        return Zone.NAMES[obj.zone] == value
    if key == "zone_in":  # "cards in graveyards and libraries" (Grafdigger's Cage)
        return Zone.NAMES[obj.zone] in value
    if key in ("chosen_color", "chosen_type", "not_chosen_color", "not_chosen_type"):
        # CR 607.2a-d: "the chosen color/type" of the source, made as it entered
        # (an undefined choice matches nothing, CR 707.6 / 607.5)
        chosen = (source.chosen or {}) if source is not None else {}
        want = chosen.get("color" if key.endswith("color") else "creature_type")
        if want is None:
            return False
        have = c.colors if key.endswith("color") else c.subtypes
        hit = (want in have) != key.startswith("not_")
        return hit == bool(value)
    if key == "chosen_name":
        # "with the chosen name": the name chosen for the source as it entered
        # (CR 607.2a; an undefined choice matches nothing, CR 607.5)
        want = (source.chosen or {}).get("card_name") if source is not None else None
        return want is not None and (c.name == want) == bool(value)
    if key == "face_down":
        return obj.face_down == bool(value)  # CR 708
    if key == "exiled_with":
        return is_exiled_with(obj, source) == bool(value)  # CR 607.2a
    if key == "phased_out":
        return obj.phased_out == bool(value)  # CR 702.26b
    if key in ("monstrous", "renowned", "suspected", "solved"):
        # designations of a permanent (CR 701.37b, 702.112b, 701.60b, 719.3b), kept in its
        # ``chosen``
        return bool((obj.chosen or {}).get(key)) == bool(value)
    if key == "commander":
        return is_commander(game, obj) == bool(value)  # CR 903.3
    if key == "paired":
        # CR 702.95b: paired with another creature by soulbond (keywords/soulbond.py)
        return KEYWORD_HOOKS.is_paired(game, obj) == bool(value)
    if key == "soulbond_pair":
        # "both creatures", "each of those creatures" (CR 702.95b): the source and
        # the creature it's paired with
        return KEYWORD_HOOKS.in_soulbond_pair(game, obj, source) == bool(value)
    if key == "ring_bearer":
        # "your Ring-bearer" (value "you"), "Ring-bearers" (True): CR 701.54e
        if value == "you":
            return is_ring_bearer(game, obj, controller)
        return any(is_ring_bearer(game, obj, p.index) for p in game.players) == bool(value)
    if key == "chooser":
        return True  # "of their choice": says who chooses, not what matches
    if key in _GROUP_RULE_KEYS:
        # "cards with different names": a rule for the group chosen or counted
        # (CR 201.2; rules/decisions.py, rules/conditions.py), not for one object;
        # so is "from a single graveyard" (rules/single_graveyard.py)
        return True
    if key == "permanent_card":
        # CR 110.4a: an artifact, creature, enchantment, land, planeswalker or battle card
        return bool(c.types & _PERMANENT_TYPES) == bool(value)
    if key == "is_kind":
        return _kind_ok(obj, c, tuple(value))  # one alternative's own kind
    if key == "kicked":
        # "a kicked spell" (CR 702.33d): a spell whose kicker cost was paid (its
        # record of the costs paid, keywords/kicker.py)
        counts = (obj.paid or {}).get("kicker") or ()
        return (obj.zone == Zone.STACK and any(int(n) for n in counts)) == bool(value)
    if key == "suspended":
        # CR 702.62b: in exile, with suspend and a time counter on it
        return (
            obj.zone == Zone.EXILE and obj.counters.get("time", 0) > 0 and "Suspend" in c.keywords
        )
    if key == "activated":
        return (obj.stack_kind == "activated") == bool(value)  # CR 113.3b, 602
    if key == "triggered":
        return (obj.stack_kind == "triggered") == bool(value)  # CR 113.3c, 603
    if key == "ability_of":
        # "an ability of a land you control named ..." (CR 113.7a): an ability on the
        # stack whose source, as it is now, fits the description; a source that has
        # left the battlefield is seen as it last existed there (113.7a, 608.2h)
        if obj.stack_kind not in ("activated", "triggered") or not isinstance(value, Filter):
            return False
        src = game.objects.get(obj.source_id) if obj.source_id is not None else None
        if src is not None:
            return matches_object(game, src, value, controller, source)
        lki = (obj.trigger_data or {}).get("source_lki")
        return isinstance(lki, dict) and _lki_matches(game, obj, lki, value, controller, source)
    if key == "historic":
        # CR 700.6: legendary, an artifact, or a Saga
        return (
            "Legendary" in c.supertypes or "Artifact" in c.types or "Saga" in c.subtypes
        ) == bool(value)
    if key == "renowned":
        # CR 702.112b: a designation, kept with the permanent (keywords/renown.py)
        return bool((obj.chosen or {}).get("renowned")) == bool(value)
    if key == "attacked_this_turn":
        # "each creature that attacked this turn": declared as an attacker this turn
        # (CR 508.1; one put onto the battlefield attacking never attacked, 508.4)
        return (obj.id in game.turn_flags.attacked) == bool(value)
    if key == "attacked_or_blocked_this_turn":
        # "each creature that attacked or blocked this turn": declared as an attacker
        # or as a blocker this turn (CR 508.1, 509.1)
        flags = game.turn_flags
        fought = obj.id in flags.attacked or any(b == obj.id for b, _a in flags.blocks)
        return fought == bool(value)
    if key == "outlaw":
        return bool(c.subtypes & _OUTLAW_TYPES) == bool(value)  # CR 700.12
    if key == "modified":
        return _modified(game, obj) == bool(value)
    if key == "differs_from_printed":
        return RULES_HOOKS.differs_from_printed(game, obj) == bool(value)
    if key == "any_of":
        # "A or B": one alternative's conditions all hold (CR 109.2)
        return any(
            all(_condition(game, obj, c, k, v, controller, source) for k, v in alt) for alt in value
        )
    # Unknown conditions never match: better no target than a wrong one.
    return False


def matches_player(
    game: Game, player: int, flt: Filter, controller: int, source: GameObject | None = None
) -> bool:
    """Whether player ``player`` matches ``flt`` ("target player", "target opponent");
    ``source`` answers "previously dealt damage by it" (Diseased Vermin)."""
    if flt.kinds and "player" not in flt.kinds:
        return False
    if game.players[player].has_lost:
        return False
    for key, value in flt.conditions:
        if key == "you":
            if bool(value) != (player == controller):
                return False
        elif key == "opponent":  # CR 102.3: not a teammate either
            if bool(value) != game.is_opponent(controller, player):
                return False
        elif key == "other_than_you":
            # "each other player": every player but you, teammates too (CR 102.3)
            if bool(value) != (player != controller):
                return False
        elif key == "other_than":
            # "each other player" of a trigger about a player: every player but the
            # ones named (rules/effects_runner.py resolves which)
            if not isinstance(value, tuple) or player in value:
                return False
        elif key == "controller" or key == "player":
            if value == "you" and player != controller:
                return False
            if value == "opponent" and player == controller:
                return False
        elif key in ("other",):
            continue
        elif key == "voted_for_your_choice":
            # "each opponent who voted for a choice you voted for" (CR 701.38)
            mine = voted_choices(game, controller)
            if bool(value) != bool(voted_choices(game, player) & mine):
                return False
        elif key == "voted_for_choice_you_didnt":
            # "each opponent who voted for a choice you didn't vote for" (CR 701.38)
            mine = voted_choices(game, controller)
            if bool(value) != bool(voted_choices(game, player) - mine):
                return False
        elif key == "attacking_enchanted":
            # "each opponent attacking that player": controls a creature attacking
            # the player the source Aura enchants (CR 506.3, 303.4e)
            target = enchanted_player(source) if source is not None else None
            combat = game.combat
            attacking = (
                target is not None
                and combat is not None
                and any(
                    d == player_ref(target)
                    and a in game.objects
                    and game.objects[a].controller == player
                    for a, d in combat.attackers.items()
                )
            )
            if attacking != bool(value):
                return False
        elif key == "enchanted_by" and value == "self":
            # "enchanted player": the player the source Aura is attached to (CR 303.4e)
            if source is None or enchanted_player(source) != player:
                return False
        elif key == "chosen_player":
            # CR 607.2a: the player chosen as the source entered; none, no one (607.5a)
            want = (source.chosen or {}).get("player") if source is not None else None
            if (want == player) != bool(value):
                return False
        elif key == "controls":
            # "each opponent who doesn't control an Elf" (CR 108.4): any permanent of
            # that description under this player's control
            what, want = value
            has = any(
                o.controller == player for o in objects_matching(game, what, controller, source)
            )
            if has != bool(want):
                return False
        elif key == "lost_life_this_turn":
            # "each player who lost life this turn" (CR 119.3: life lost this turn)
            if (game.players[player].life_lost_this_turn > 0) != bool(value):
                return False
        elif key in ("controls_more", "controls_fewer"):
            # "each opponent who controls more lands than you" (CR 108.4): more (fewer)
            # permanents of that description than the ability's controller
            found = objects_matching(game, value, controller, source)
            n_theirs = sum(1 for o in found if o.controller == player)
            n_yours = sum(1 for o in found if o.controller == controller)
            if not (n_theirs > n_yours if key == "controls_more" else n_theirs < n_yours):
                return False
        elif key == "dealt_damage_by_source":
            if (player in damaged_players(source)) != bool(value):
                return False
        elif key == "dealt_damage_this_turn":
            # "any target that was dealt damage this turn" (CR 120.3)
            if dealt_damage_this_turn(game, -player - 1) != bool(value):
                return False
        elif key == "dealt_damage_by_self_this_turn":
            # "target player dealt damage by this creature this turn" (CR 120.3)
            if player_dealt_damage_by_this_turn(game, source, player) != bool(value):
                return False
        elif key == "any_of":
            # "target opponent or planeswalker": a player matches a player alternative
            if not any(
                matches_player(game, player, Filter(("player",), flt.zone, alt), controller)
                for alt in value
            ):
                return False
        else:
            return False
    return True


def objects_matching(
    game: Game, flt: Filter, controller: int, source: GameObject | None
) -> list[GameObject]:
    """Every object in the filter's zone that matches (battlefield by default)."""
    zone = Zone.BY_NAME.get(flt.zone, Zone.BATTLEFIELD)
    if flt.kinds == ("source",):
        # a source of damage: on the battlefield or on the stack (CR 609.7a)
        ids: list[int] = [*game.battlefield, *game.stack]
    elif flt.zone == "any":
        # "all creature cards exiled with Gisa": the public zones (CR 400.2)
        ids = [*game.battlefield, *game.exile]
        for p in game.players:
            ids.extend(game.zone_list(Zone.GRAVEYARD, p.index))
    elif zone in (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.COMMAND):
        ids = list(game.zone_list(zone, 0))
    else:
        ids = []
        for p in game.players:
            ids.extend(game.zone_list(zone, p.index))
    # "equipped creature", "enchanted creature": which permanent that is needs no
    # characteristics (_attached_condition), so it is checked first: the others'
    # aren't computed for nothing (a static's condition on its equipped creature,
    # "if it's a Warrior", read while other permanents' are being worked out)
    attached = (
        [(k, v) for k, v in flt.conditions if k in _ATTACHMENT_SUBTYPE]
        if ("or_self", True) not in flt.conditions
        else []
    )
    out = []
    for oid in ids:
        o = game.objects[oid]
        if o.phased_out:
            continue
        if attached and not all(_attached_condition(game, o, k, v, source) for k, v in attached):
            continue
        if matches_object(game, o, flt, controller, source):
            out.append(o)
    return out


def card_types_among(game: Game, flt: Filter, controller: int, source: GameObject | None) -> int:
    """ "The number of card types among cards in all graveyards" (Tarmogoyf):
    how many of the card types of CR 205.2a the matching objects have."""
    seen: set[str] = set()
    for o in objects_matching(game, flt, controller, source):
        seen.update(chars(game, o).types)
    return len(seen)


#: steps in which blockers have been declared (CR 509.1h: "unblocked" exists only then)
_AFTER_BLOCKS: Final = frozenset({6, 7, 8, 9})  # Step.DECLARE_BLOCKERS .. Step.END_OF_COMBAT


def is_blocked(game: Game, oid: int) -> bool:
    """CR 509.1h: an attacking creature that one or more creatures were declared as
    blocking; it stays blocked for the rest of combat, even if they're all removed
    from combat (CR 506.4)."""
    combat = game.combat
    if combat is None or oid not in combat.attackers or game.step not in _AFTER_BLOCKS:
        return False
    return bool(combat.blocked.get(oid, False))


def is_unblocked(game: Game, oid: int) -> bool:
    """CR 509.1h: an attacking creature that no creature blocked, once blockers are
    declared (it stays unblocked for the rest of combat; a creature put onto the
    battlefield attacking after that is unblocked too, CR 506.3, 702.49c)."""
    combat = game.combat
    if combat is None or oid not in combat.attackers:
        return False
    if game.step not in _AFTER_BLOCKS:
        return False
    return not combat.blocked.get(oid, False)


#: the comparisons of a power, toughness or mana value with a number ("with mana
#: value 3 or less", "greater than the number of experience counters you have")
_COMPARED: Final = frozenset(
    f"{stat}_{op}" for stat in ("power", "toughness", "mv") for op in ("le", "ge", "eq", "gt", "lt")
)


def player_counter_count(game: Game, value: Amount, controller: int) -> int:
    """ "the number of experience counters you have": the counters of that kind the
    player has (CR 122.1; players' counters are kept in rules/counters.py)."""
    kind = next(
        (v for k, v in (value.filter.conditions if value.filter else ()) if k == "counter"), ""
    )
    return int(getattr(game.players[controller], str(kind), 0) or 0) * value.multiplier
