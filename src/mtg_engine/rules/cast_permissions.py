"""Static abilities that change when and how spells may be cast (CR 601.3, 307.1, 702.8a).

* "Creature cards you own that aren't on the battlefield have flash" (Teferi,
  Mage of Zhalfir): those cards may be cast any time their owner could cast an
  instant (CR 702.8a). Op ``grant_flash_to_cards``; the filter's ``owner``
  condition is seen from the controller of the permanent with the ability.
* "You may cast creature spells as though they had flash" (Yeva, Leyline of
  Anticipation): op ``cast_as_though_flash``, its controller's permission;
  ``affected`` describes the spells.
* "Each opponent can cast spells only any time they could cast a sorcery"
  (Teferi): a timing restriction on players (CR 307.1, 601.3). Op
  ``cast_only_as_sorcery``; the ``affected`` filter describes the players.
* "Any player may cast creature spells with mana value 3 or less without paying
  their mana costs and as though they had flash" (Aluren): a permission to cast
  a spell for an alternative cost of nothing (CR 118.9, 118.9a: X is 0) and with
  the timing of an instant (CR 702.8a). It is offered as the alternative cost
  ``free_permission`` (the player chooses it as they cast, CR 601.2b).
* "You may cast spells from your hand without paying their mana costs"
  (Omniscience): the same alternative cost, at the spell's normal timing (op
  ``may_cast_free``); a scenario's ``alt: without_paying`` names it too.
* "Spells with the chosen name can't be cast" (Meddling Mage): op
  ``cant_be_cast``; the spell filter is checked against the card being cast
  (CR 601.3: a player can't begin to cast a spell that can't be cast).

Each check scans the permanents on the battlefield only when one of them has
such an ability (a per-state cached flag), so ordinary casting stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Ability, AbilityKind, Effect, Filter, SelfRef, StaticEffect, Trigger
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.keyword_names import Kw
from ..game.objects import GameObject, Zone
from .characteristics import chars
from .conditions import evaluate
from .costs import CAST_AS_FLASH
from .delayed import BoundRef
from .filters import matches_object, matches_player
from .player_effects import effect_source_name, effects_on
from .statics import any_statics, statics_with
from .support import register

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.state import Game

#: the alternative cost of a "without paying its mana cost" permission (CR 118.9)
FREE: Final = "free_permission"
#: Aluren's permission: without paying the mana cost and as though it had flash
_FREE_FLASH: Final = "may_cast_free_with_flash"
#: the static ops of such permissions; "may_cast_free": "You may cast spells from your
#: hand without paying their mana costs" (Omniscience)
FREE_OPS: Final = (_FREE_FLASH, "may_cast_free")
#: "You may cast creature spells as though they had flash" (Yeva's Forcemage ...):
#: its controller's permission, as long as its condition holds (CR 702.8a, 611.3a)
AS_THOUGH_FLASH: Final = "cast_as_though_flash"


def _statics(game: Game, op: str) -> Iterator[tuple[GameObject, StaticEffect]]:
    return iter(statics_with(game, op))


def _card_matches(
    game: Game,
    card: GameObject,
    c: Any,
    flt: Any,
    src: GameObject | None,
    controller: int | None = None,
) -> bool:
    """The card (in its zone, about to be cast) matches a card filter seen by ``src``
    (or by ``controller``, for a resolved ability's permission that has no source)."""
    if not isinstance(flt, Filter):
        return False
    kinds = tuple(k for k in flt.kinds if k not in ("spell", "card"))
    seen_by = src.controller if src is not None else controller
    assert seen_by is not None
    return matches_object(
        game, card, Filter(kinds, Zone.NAMES[card.zone], flt.conditions), seen_by, src, c
    )


def holds(game: Game, src: GameObject, st: StaticEffect) -> bool:
    """Whether a permission's "as long as ..." condition holds now (CR 611.3a)."""
    return st.condition is None or evaluate(game, st.condition, src.controller, src)


def flash_granted(game: Game) -> bool:
    """Whether some permanent lets cards be cast as though they had flash now."""
    return bool(statics_with(game, "grant_flash_to_cards")) or any(
        holds(game, src, st) for src, st in statics_with(game, AS_THOUGH_FLASH)
    )


def own_flash_statics(c: Any) -> list[StaticEffect]:
    """The card's own "You may cast this spell as though it had flash [if ...]"
    (Armor of Thorns, Illusion Spinners, Rout): an ability that modifies how that
    object can be cast, functioning in any zone it could be cast from (CR 113.6e)."""
    return [
        st
        for a in c.abilities
        if a.kind is AbilityKind.STATIC
        for st in a.static
        if st.op == "grant_keyword"
        and isinstance(st.affected, SelfRef)
        and st.args.get("keyword") == Kw.FLASH
    ]


def own_flash(game: Game, player: int, card: GameObject, c: Any) -> bool:
    """Whether the card's own "as though it had flash" permission lets ``player``
    cast it now: its "if ..." holds (CR 113.6e, 702.8a)."""
    return any(
        st.condition is None or evaluate(game, st.condition, player, card)
        for st in own_flash_statics(c)
    )


_SACRIFICE_TEXT: Final = (
    "At the beginning of the next cleanup step, the controller of this permanent "
    "sacrifices it (it was cast any time a sorcery couldn't have been cast)."
)


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("stack", "battlefield")])
def flash_sacrifice_cleanup(game: Game, ev: Event, subject: GameObject | None) -> None:
    """ "If you cast it any time a sorcery couldn't have been cast, the controller of
    the permanent it becomes sacrifices it at the beginning of the next cleanup step"
    (Armor of Thorns): the permanent knows how its spell was cast (CR 400.7d); cast
    then, a delayed triggered ability is created as it enters (CR 603.7a), which
    triggers in the cleanup step (CR 514.3a)."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None or new.zone != Zone.BATTLEFIELD or not new.paid:
        return
    if not new.paid.get(CAST_AS_FLASH):
        return
    if not any(
        st.op == "flash_sacrifice_cleanup"
        for a in chars(game, new).abilities
        if a.kind is AbilityKind.STATIC
        for st in a.static
    ):
        return
    ability = Ability(
        AbilityKind.TRIGGERED,
        text=_SACRIFICE_TEXT,
        effects=(Effect("sacrifice", {"what": BoundRef((new.id,))}),),
        trigger=Trigger(event="step", step="cleanup_step", player="next"),
    )
    game.delayed_triggers.append(
        {
            "step": "cleanup",
            "source": new.id,
            "source_name": new.name,
            "source_token": None,
            "card_uid": new.card_uid,
            "controller": new.controller,
            "ability": ability,
            "event": {"step": "cleanup", "delayed": True},
            "created_turn": game.turn,
        }
    )
    game.emit(
        EventKind.DELAYED_TRIGGER,
        ("702.8a", "603.7a"),
        f"{new.name} was cast any time a sorcery couldn't have been cast: its controller "
        "sacrifices it at the beginning of the next cleanup step",
        player=new.controller,
    )


register("static:flash_sacrifice_cleanup")


def has_flash(game: Game, player: int, card: GameObject, c: Any) -> str | None:
    """The rule that lets ``player`` cast ``card`` as though it had flash, or None."""
    if card.zone == Zone.BATTLEFIELD:
        return None
    if game.turn_flags.next_cast_flash.get(player) and "Sorcery" in c.types:
        return "702.8a"  # "the next sorcery spell you cast this turn ... flash" (Quicken)
    for flt in game.turn_flags.cast_as_flash.get(player, ()):
        # "you may cast spells this turn as though they had flash" (Alchemist's Refuge)
        if _card_matches(game, card, c, flt, None, player):
            return "702.8a"
    for src, st in _statics(game, "grant_flash_to_cards"):
        if _card_matches(game, card, c, st.affected, src):
            return "702.8a"
    for src, st in _statics(game, AS_THOUGH_FLASH):
        # CR 702.8a: "you may cast creature spells as though they had flash": the
        # permission is its controller's
        if player == src.controller and holds(game, src, st):
            if _card_matches(game, card, c, st.affected, src):
                return "702.8a"
    return None


def sorcery_only(game: Game, player: int) -> str | None:
    """Why ``player`` can cast spells only at sorcery speed now (CR 307.1), or None."""
    for src, st in _statics(game, "cast_only_as_sorcery"):
        flt = st.affected
        if isinstance(flt, Filter) and matches_player(game, player, flt, src.controller, src):
            return f"{src.name}: you can cast spells only any time you could cast a sorcery (rule 307.1)"
    return None


def free_granted(game: Game) -> bool:
    """Whether some permanent lets a player cast spells without paying their mana costs."""
    return any_statics(game, FREE_OPS)


def free_permission(
    game: Game, player: int, card: GameObject, c: Any, ops: tuple[str, ...] = FREE_OPS
) -> GameObject | None:
    """The permanent that lets ``player`` cast ``card`` without paying its mana cost
    (Omniscience; Aluren, also as though it had flash), or None."""
    for op in ops:
        for src, st in _statics(game, op):
            who = st.args.get("player", "you")
            if who not in ("any", "each") and player != src.controller:
                continue
            if _card_matches(game, card, c, st.affected, src):
                return src
    return None


def free_with_flash(game: Game, player: int, card: GameObject, c: Any) -> bool:
    """Whether a free-casting permission also lets ``card`` be cast as though it had
    flash (Aluren, CR 702.8a)."""
    return free_permission(game, player, card, c, (_FREE_FLASH,)) is not None


def forbidden(game: Game, player: int, card: GameObject, c: Any) -> str | None:
    """CR 601.3: why this spell can't be cast ("Spells with the chosen name can't be
    cast"), or None."""
    for src, st in _statics(game, "cant_be_cast"):
        flt = st.affected
        if not isinstance(flt, Filter):
            continue
        conds = tuple(kv for kv in flt.conditions if kv[0] != "caster")
        caster = dict(flt.conditions).get("caster")
        if caster == "you" and player != src.controller:
            continue
        if caster in ("opponent", "opponents") and not game.is_opponent(src.controller, player):
            continue
        if _card_matches(game, card, c, Filter(flt.kinds, flt.zone, conds), src):
            return f"{src.name}: that spell can't be cast (rule 601.3)"
    for src, st in _statics(game, "cant_cast"):
        # "Your opponents can't cast spells with mana value 3 or less." (CR 601.3, 604.1)
        who = st.affected
        if isinstance(who, Filter) and not matches_player(game, player, who, src.controller, src):
            continue
        if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
            continue
        if st.args.get("more_than_one") and not game.players[player].spells_cast_this_turn:
            continue  # "can't cast more than one spell each turn": none cast yet
        flt = st.args.get("filter")
        if flt is None or _card_matches(game, card, c, flt, src):
            return f"{src.name}: you can't cast that spell (rule 601.3)"
    for e in effects_on(game, "cant_cast", player):
        # "Your opponents can't cast spells this turn" (Silence), "... can't cast spells
        # with the same name as that creature until your next turn" (Reflector Mage):
        # a resolved spell's or ability's rules effect on players (CR 611.2a, 601.3)
        if e.args.get("more_than_one") and not game.players[player].spells_cast_this_turn:
            continue
        limits = e.args.get("cast_limits")
        if isinstance(limits, tuple) and game.players[player].spells_cast_this_turn < dict(
            limits
        ).get(player, 0):
            continue  # "you can cast only one more spell this turn": not yet (CR 611.2c)
        flt = e.args.get("filter")
        if not isinstance(flt, Filter) or _spell_matches(game, card, c, flt, e.controller):
            return f"{effect_source_name(e)}: you can't cast that spell (rule 601.3)"
    return None


def _spell_matches(game: Game, card: GameObject, c: Any, flt: Filter, controller: int) -> bool:
    """The card about to be cast matches a resolved effect's spell filter (its
    references were locked in as the effect began, CR 611.2c)."""
    kinds = tuple(k for k in flt.kinds if k not in ("spell", "card"))
    local = Filter(kinds, Zone.NAMES[card.zone], flt.conditions)
    return matches_object(game, card, local, controller, None, c)


def _free_check(game: Game, player: int, card: GameObject, _a: Any) -> str | None:
    if free_permission(game, player, card, chars(game, card)) is None:
        return f"nothing lets you cast {card.name} without paying its mana cost (rule 118.9)"
    return None


# CR 118.9, 118.9a: an alternative cost of nothing, offered by a static permission.
alt_cost(AltCost(FREE, None, "118.9", (Zone.HAND,), lambda a: None, _free_check))


def _register() -> None:
    register(
        "static:grant_flash_to_cards",
        f"static:{AS_THOUGH_FLASH}",
        "static:cast_only_as_sorcery",
        "static:may_cast_free_with_flash",
        "static:may_cast_free",
        "static:cant_be_cast",
        "static:cant_cast",
        "arg:cant_cast.more_than_one",  # Rule of Law (forbidden)
        "cond:chosen_name",
    )


_register()
