"""Conditions that count what happened this turn, or what a zone holds now.

* "if you've cast two or more spells this turn", "as long as you've cast an instant
  or sorcery spell this turn" (CR 601.2i: a spell counts once it has been cast;
  copies aren't cast, 707.10): ``spells_cast_ge``;
* "as long as you've drawn two or more cards this turn" (CR 121.2): ``cards_drawn_ge``;
* "as long as an opponent has eight or more cards in their graveyard":
  ``opponent_graveyard_ge``;
* "if there are four or more card types among cards in your graveyard" (delirium,
  CR 205.2a): ``card_types_ge``;
* "if it's the first combat phase of the turn" (CR 506.1, 500.8):
  ``first_combat_phase``;
* "if you have more cards in hand than each opponent" (CR 402):
  ``hand_more_than_each_opponent``;
* "if no creatures attacked this turn" (CR 508.1a): ``no_creatures_attacked_this_turn``;
  "three or more creatures attacked this turn": ``creatures_attacked_ge``;
* "there are five colors among permanents you control" (CR 105.1): ``colors_among_ge``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Condition, Filter
from ..game.hooks import condition
from ..game.objects import GameObject, Zone
from .char_values import Chars
from .characteristics import chars
from .counting import colors_among
from .filters import card_types_among, matches_object, objects_matching
from .support import COVERAGE_PROBES, register

if TYPE_CHECKING:
    from ..game.state import Game

#: the spells whose casts this turn are counted: any spell, or instants and sorceries
#: (``TurnFlags.instants_sorceries_cast``)
_INSTANT_OR_SORCERY: Final = ("Instant", "Sorcery")

register(
    "condition:spells_cast_ge",
    "condition:cards_drawn_ge",
    "condition:opponent_graveyard_ge",
    "condition:card_types_ge",
    "condition:mana_values_ge",
    "condition:first_combat_phase",
    "condition:hand_more_than_each_opponent",
    "condition:no_creatures_attacked_this_turn",
    "condition:creatures_attacked_ge",
    "condition:colors_among_ge",
)


#: what a spell cast this turn is remembered with (``cast_snapshot``): "you've cast a
#: noncreature / historic / blue spell / a spell with mana value 4 or greater"
_SNAPSHOT_KEYS: Final = frozenset(
    {
        "type",
        "not_type",
        "subtype",
        "not_subtype",
        "supertype",
        "color",
        "historic",
        "mana_value_ge",
        "mana_value_le",
        "mana_value_eq",
    }
)


def _simple(flt: object) -> bool:
    """Any spell, or instant and sorcery spells: counted as they are cast."""
    return flt is None or (
        isinstance(flt, Filter)
        and flt.zone in ("", "stack")
        and not flt.conditions
        and tuple(sorted(flt.kinds)) in (_INSTANT_OR_SORCERY, ("spell",))
    )


def counted_spells(flt: object) -> bool:
    """Whether the spells a ``spells_cast_ge`` condition names are counted: any spell,
    instant and sorcery spells, or spells described by what ``cast_snapshot`` keeps."""
    return _simple(flt) or (
        isinstance(flt, Filter)
        and flt.zone in ("", "stack", "hand")
        and all(k in _SNAPSHOT_KEYS and isinstance(v, str | int) for k, v in flt.conditions)
    )


def cast_snapshot(c: Chars) -> dict[str, Any]:
    """A spell's characteristics as it became cast (CR 601.2i), as plain data kept
    with its cast record for the turn."""
    return {
        "types": sorted(c.types),
        "subtypes": sorted(c.subtypes),
        "supertypes": sorted(c.supertypes),
        "colors": sorted(c.colors),
        "mana_value": c.mana_value,
    }


def _spells_cast_matching(
    game: Game,
    flt: Filter,
    controller: int,
    source: GameObject | None,
    exclude: frozenset[int] | None = None,
) -> int:
    """How many spells ``controller`` cast this turn matching ``flt``, as each spell
    was when it became cast (CR 601.2i); copies aren't cast (CR 707.10)."""
    if source is None:
        return 0
    if flt.zone == "hand":
        # "a spell from your hand": the zone it was cast from (CR 601.2a)
        from_hand, flt = True, Filter(flt.kinds, "stack", flt.conditions)
    else:
        from_hand = False
    n = 0
    for stack_id, rec in game.turn_flags.paid.items():
        snap = rec.get("cast_as")
        if rec.get("copy") or rec.get("caster") != controller or not isinstance(snap, dict):
            continue
        if exclude is not None and stack_id in exclude:
            continue  # "another spell": not the spell this ability is on
        if from_hand and rec.get("from_zone") != "hand":
            continue
        c = Chars()
        for attr in ("types", "subtypes", "supertypes", "colors"):
            setattr(c, attr, frozenset(snap[attr]))
        c.mana_value = snap["mana_value"]
        probe = GameObject(0, 0, source.card, controller, Zone.STACK)
        probe.controller = controller
        probe.stack_kind = "spell"
        if matches_object(game, probe, flt, controller, source, c):
            n += 1
    return n


def nth_matching_spell(game: Game, flt: Filter, controller: int, source: GameObject) -> int:
    """Which one, counting from 1, of the spells ``controller`` cast this turn matching
    ``flt`` the spell just cast is: its cast record is kept before the cast event, so
    it counts itself (CR 601.2i; "your first enchantment spell each turn")."""
    return _spells_cast_matching(game, flt, controller, source)


COVERAGE_PROBES.counted_spells = counted_spells


def _own_spell_id(source: GameObject | None) -> frozenset[int] | None:
    """The stack ids under which the spell ``source`` is, or was, cast: its own id on
    the stack, and for a permanent the spell it was (CR 400.7d)."""
    if source is None:
        return None
    ids = {source.id}
    spell_id = (source.paid or {}).get("spell_id")
    if isinstance(spell_id, int):
        ids.add(spell_id)
    return frozenset(ids)


@condition("spells_cast_ge")
def spells_cast_ge(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "you've cast N or more spells this turn" / "an instant or sorcery spell" (601.2i)."""
    n = cond.args.get("n", 1)
    flt = cond.args.get("filter")
    if not isinstance(n, int) or not counted_spells(flt):
        return False
    if cond.args.get("player") == "opponent":
        # "if an opponent cast a blue spell [three or more spells] this turn"
        # (Ricochet Trap, Mindbreak Trap): one opponent cast that many (CR 102.2)
        mine = {k: v for k, v in cond.args.items() if k != "player"}
        one = type(cond)(cond.kind, mine)
        return any(spells_cast_ge(game, one, p, source) for p in game.opponents(controller))
    if cond.args.get("other"):
        # "you've cast another spell this turn": the spells cast this turn but this
        # one (its cast record is kept under its stack id once cast, CR 601.2i)
        what = flt if isinstance(flt, Filter) else Filter(("spell",), "stack")
        # (or, for a permanent, the spell it was: CR 400.7d, keywords/stack_records)
        exclude = _own_spell_id(source)
        return _spells_cast_matching(game, what, controller, source, exclude) >= n
    if isinstance(flt, Filter) and not _simple(flt):
        return _spells_cast_matching(game, flt, controller, source) >= n
    if isinstance(flt, Filter) and "spell" not in flt.kinds:
        return game.turn_flags.instants_sorceries_cast.get(controller, 0) >= n
    return game.players[controller].spells_cast_this_turn >= n


@condition("cards_drawn_ge")
def cards_drawn_ge(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "you've drawn N or more cards this turn" (CR 121.2: each card drawn counts)."""
    n = cond.args.get("n")
    # "if an opponent drew three or more cards this turn" (Runeflare Trap): one of them
    whose = game.opponents(controller) if cond.args.get("player") == "opponent" else (controller,)
    return isinstance(n, int) and any(game.turn_flags.cards_drawn.get(p, 0) >= n for p in whose)


@condition("opponent_graveyard_ge")
def opponent_graveyard_ge(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "an opponent has N or more cards in their graveyard" (one opponent, CR 102.2)."""
    n = cond.args.get("n")
    return isinstance(n, int) and any(
        len(game.players[p].graveyard) >= n for p in game.opponents(controller)
    )


@condition("card_types_ge")
def card_types_ge(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "there are N or more card types among cards in your graveyard" (CR 205.2a)."""
    n = cond.args.get("n")
    flt = cond.args.get("filter")
    if not isinstance(n, int) or not isinstance(flt, Filter):
        return False
    return card_types_among(game, flt, controller, source) >= n


@condition("mana_values_ge")
def mana_values_ge(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "there are N or more mana values among cards in your graveyard" (CR 202.3):
    the number of different mana values the matching cards have."""
    n = cond.args.get("n")
    flt = cond.args.get("filter")
    if not isinstance(n, int) or not isinstance(flt, Filter):
        return False
    values = {chars(game, o).mana_value for o in objects_matching(game, flt, controller, source)}
    return len(values) >= n


@condition("first_combat_phase")
def first_combat_phase(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if it's the first combat phase of the turn" (Genji Glove, Karlach, Fury of
    Avernus; CR 506.1): no combat phase began before this one this turn (an
    additional one, 500.8, is a later one)."""
    return game.turn_flags.combat_phases == 1


@condition("hand_more_than_each_opponent")
def hand_more_than_each_opponent(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if you have more cards in hand than each opponent" (Death of a Thousand
    Stings, Akuta, Born of Ash; CR 402): strictly more than every opponent still in
    the game (CR 800.4a)."""
    mine = len(game.players[controller].hand)
    return all(len(game.players[o].hand) < mine for o in game.opponents(controller))


@condition("no_creatures_attacked_this_turn")
def no_creatures_attacked(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if no creatures attacked this turn" (Charging Cinderhorn; CR 508.1a): no
    creature was declared as an attacker this turn, by any player (one put onto the
    battlefield attacking never attacked, 508.4)."""
    return game.turn_flags.attackers_this_turn == 0


@condition("creatures_attacked_ge")
def creatures_attacked_ge(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if three or more creatures attacked this turn" (Case of the Gateway Express;
    CR 508.1a): at least that many creatures were declared as attackers this turn, by
    any player (one put onto the battlefield attacking never attacked, 508.4)."""
    n = cond.args.get("n")
    return isinstance(n, int) and game.turn_flags.attackers_this_turn >= n


@condition("colors_among_ge")
def colors_among_ge(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if there are five colors among permanents you control" (CR 105.1, 105.2): the
    matching objects have at least that many different colors among them."""
    n = cond.args.get("n")
    flt = cond.args.get("filter")
    if not isinstance(n, int) or not isinstance(flt, Filter):
        return False
    return colors_among(game, flt, controller, source) >= n
