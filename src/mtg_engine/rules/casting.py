"""Playing lands (CR 305) and casting spells (CR 601); activating abilities is in
:mod:`.activating` (CR 602, 605), which shares the choice steps below.

Casting is a sequence of steps kept on the task stack so it can stop at each
choice: move the card to the stack (601.2a), choose modes (601.2b), X
(601.2b), targets (601.2c), division (601.2d), determine and pay the total
cost (601.2f-h), and the spell becomes cast (601.2i). Activating an
ability follows the same steps (CR 602.2). Mana abilities don't use the
stack (CR 605.3a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import (
    MODES_UNCHOSEN,
    REVEALED_TO_PAY,
    Ability,
    AbilityKind,
    Amount,
    Filter,
    Mode,
    TargetSpec,
)
from ..game.actions import (
    CastSpell,
    Decision,
    DecisionKind,
    DecisionPurpose,
)
from ..game.events import EventKind
from ..game.hooks import ALT_COSTS, KEYWORD_EXPANSIONS, KEYWORD_HOOKS, AltCost, set_cast_record
from ..game.keyword_names import Kw
from ..game.objects import GameObject, Zone
from ..game.state import Step
from ..game.tasks import Task, task_handler
from . import cast_choices, cast_permissions, costs, mana_costs, play_permissions, waterbend
from . import loyalty as loyalty_rules
from . import mana as mana_rules
from .aura_entry import enchant_words_filter
from .bestowed import BESTOWED, bestowed_values
from .cast_restrictions import cast_restriction_problem, has_cast_restrictions
from .cast_time_targets import required_targets
from .char_values import Chars
from .characteristics import chars, printed
from .commanders import castable_from_command_zone, commander_tax, count_command_zone_cast
from .conditions import evaluate
from .cost_changes import next_cast_less_matches
from .costs import COMMANDER_TAX
from .counters import put_counters
from .damage import life_unpayable, lose_life
from .effects_runner import Ctx
from .face_down import face_down_values
from .granted_as_cast import granted_as_cast
from .layers import TAPPED_FOR_MANA
from .linked_exile import exile_linked
from .mana_spending import Spending, spending
from .multiface import DFC_LAYOUTS
from .multiface_play import cast_chars
from .named_choices import choice_data
from .permanents import enter_battlefield, sacrifice
from .play_permissions import may_play_from, own_permission
from .player_limits import land_play_forbidden, lands_played_problem, may_play_another_land
from .prepare import PREPARE_LAYOUT, prepared_by, restore_prepared, unprepare_for_cast
from .prototyped import PROTOTYPED, prototyped_values
from .simultaneous import simultaneous
from .single_graveyard import SINGLE_GRAVEYARD, from_single_graveyard, most_in_one_graveyard
from .stack_choices import begin_choices
from .statics import statics_with
from .support import register
from .tapping import became_tapped, pay_tap
from .target_refs import shift_target_refs
from .targets import (
    EACH_PLAYER_TARGETS,
    candidates,
    counted_now,
    describe,
    for_player,
    per_player_phrase,
    players_for_phrase,
    target_chooser,
    target_specs,
)
from .timing import has_sorcery_timing
from .turn_counts import cast_snapshot
from .zones import move

register("restriction:modes_repeat")  # CR 700.2d: repeat_modes, rules/decisions.py
register("restriction:modes_instead")  # CR 700.2: modes_count
register(f"restriction:{MODES_UNCHOSEN}")  # CR 700.2b: modes_taken, choices_task
# "Each mode must target a different player." (Vindictive Lich; CR 700.2, 601.2c):
# no more modes than players to target, and each mode's target not another's
register("restriction:modes_different_players")
# "As an additional cost to cast this spell, return a land you control to its owner's
# hand" (Deprive) and "You may return an Island you control to its owner's hand rather
# than pay this spell's mana cost" (Daze): chosen and paid with the other costs
# (CR 601.2h; costs.TotalCost.returns, _pay_return)
register("additional_cost:return", "alt_cost:return")
register("restriction:x_min")  # "X can't be 0." (CR 107.3, 601.2b): the X decision
register(
    "additional_cost:discard_random"
)  # "discard a card at random" (CR 701.9b): costs.TotalCost
# "As an additional cost to cast this spell, sacrifice a creature or pay {3}" (CR 601.2b:
# _announce_cost_choice), "... reveal a Merfolk card from your hand or pay {3}" (CR
# 701.20a: chosen and revealed with the other costs, costs.TotalCost.reveal), the mana
# of such a choice added to the total cost (601.2f)
register("additional_cost:choice", "additional_cost:reveal", "additional_cost:mana")
# "behold a Dragon" (CR 701.4a) and "[you may] blight 1" (CR 701.68a) as a spell's cost
register("additional_cost:behold", "additional_cost:blight")
# "behold a Kithkin and exile it" (CR 701.4a, 601.2h, 607.2q): _pay_total_cost
register("additional_cost:behold_exile")

if TYPE_CHECKING:
    from ..game.state import Game

_PERMANENT_TYPES: Final = frozenset(
    ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
)


# ---------------------------------------------------------------------------
# Lands (CR 305)
# ---------------------------------------------------------------------------


def land_play_problem(game: Game, player: int, oid: int, face: int = 0) -> str | None:
    """Why ``player`` can't play this card as a land now (CR 305.1-2), with ``face`` up
    (CR 712.12: a modal double-faced card is played as one of its faces that's a land)."""
    o = game.objects.get(oid)
    if o is None or not (
        (o.zone == Zone.HAND and o.owner == player) or may_play_from(game, player, o, land=True)
    ):
        return "that card isn't in your hand (rule 305.1)"
    if face:
        if o.card.data.layout != "modal_dfc" or not 0 < face < len(o.card.faces):
            return f"{o.name} has no other face to play (rule 712.12)"
        c = cast_chars(game, o, face)
        if "Land" not in c.types:
            return f"{o.card.faces[face].name} isn't a land (rule 712.12)"
    elif "Land" not in chars(game, o).types:
        return f"{o.name} isn't a land (rule 305.1)"
    if not game.is_active(player):
        return "you can play a land only during your own turn (rule 305.2)"
    if game.step not in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN) or game.stack:
        return "you can play a land only in your main phase with an empty stack (rule 305.2)"
    if not may_play_another_land(game, player):
        return lands_played_problem(game, player)
    return land_play_forbidden(game, player)


def play_land(game: Game, oid: int, face: int = 0) -> None:
    """CR 305.1: a special action: the land enters the battlefield (with ``face`` up:
    the face of a modal double-faced card it was played as, CR 712.12)."""
    o = game.objects[oid]
    # (a land played from exile with a permission is played by that player, 305.1)
    player = o.owner if o.zone == Zone.HAND else game.priority_player
    from_zone = Zone.NAMES[o.zone]  # "whenever you play a card from exile"
    # "you may play one of those cards": a permission for one card is used up (305.1)
    once = (
        play_permissions.one_land_permission(game, player, o)
        if o.zone in play_permissions.ZONES
        else None
    )
    if once is not None:
        play_permissions.spend(game, once)
    game.players[player].lands_played += 1
    if face:
        entered = enter_battlefield(
            game, oid, controller=player, rules=("305.1", "712.12"), face=face
        )
    else:
        entered = enter_battlefield(game, oid, controller=player, rules=("305.1",))
    # "whenever a player plays a land" (City of Traitors, Horn of Greed) triggers on
    # the play, not on the land entering (CR 305.1, 603.2)
    land = entered if isinstance(entered, int) else oid
    game.emit(
        EventKind.PLAY_LAND,
        ("305.1", "603.2"),
        f"{game.players[player].name} played {o.name} as their land",
        player=player,
        obj=land,
        from_zone=from_zone,
    )


# ---------------------------------------------------------------------------
# Spells (CR 601)
# ---------------------------------------------------------------------------


def spell_ability(c: Chars) -> Ability | None:
    """The spell ability of an instant or sorcery (CR 113.3a), or the targeting
    of an Aura spell (CR 303.4a); None for other permanent spells."""
    for a in c.abilities:
        if a.kind is AbilityKind.SPELL:
            return a
    if "Aura" in c.subtypes:
        for a in c.abilities:
            if a.keyword == "Enchant":
                flt = a.keyword_args.get("filter")
                if not isinstance(flt, Filter):
                    flt = enchant_words_filter(str(a.keyword_args.get("what", "permanent")))
                return Ability(
                    AbilityKind.SPELL, text=a.text or "Enchant", targets=(TargetSpec(flt),)
                )
    return None


def cast_problem(
    game: Game, player: int, oid: int, face: int = 0, action: CastSpell | None = None
) -> str | None:
    """Why ``player`` can't cast this card now, or None (CR 601.2, 117.1a, 307.1).

    ``action`` carries the choices announced with the cast (CR 601.2b:
    alternative and additional costs, convoke, improvise and delve); the check covers the
    zone the card is cast from (CR 601.2a, 702.34a), timing (CR 117.1a,
    307.1, 702.61a split second), targets (CR 601.2c) and the total cost
    (CR 601.2f-h).
    """
    o = game.objects.get(oid)
    if o is None or (o.owner != player and not may_play_from(game, player, o, face)):
        return "that card isn't in your hand (rule 601.2a)"
    if face and o.card.data.layout in DFC_LAYOUTS and o.card.data.layout != "modal_dfc":
        # CR 712.11: cast front face up; only a modal double-faced card's caster chooses
        return f"{o.name} is cast with its front face up (rule 712.11)"
    if face and o.card.data.layout == PREPARE_LAYOUT and prepared_by(game, o) is None:
        # a prepare card's spell is cast only as a copy while its creature is prepared
        # (its reminder text; the 2026-01-16 rules have no prepare rule yet)
        return f"{o.name}'s spell is cast only as a copy, while {o.name} is prepared"
    opts = cast_options(action, game)
    face = face or alt_face(opts)  # cast transformed (disturb, CR 702.146a, 712.11a)
    if face:
        opts["face"] = face  # CR 709.3, 712.11b, 715.3: the half or face being cast
    if (
        action is not None
        and action.payment
        and any(mana_rules.sacrifice_source(game, player, oid) for oid in action.payment)
    ):
        # mana abilities chosen to pay that sacrifice their permanent (a Treasure,
        # Blood Pet): activated only when chosen (CR 601.2g, 605.3a)
        opts["payment"] = list(action.payment)
    return spell_problem(game, player, o, opts, with_priority=True)


def cast_options(action: CastSpell | None, game: Game | None = None) -> dict[str, Any]:
    """The announced casting choices of a ``CastSpell`` as plain data (task data).

    ``face_down`` without an alternative cost names the card's own way of being cast
    face down: disguise for a card with disguise and no morph (CR 702.168a), else
    morph (702.37c)."""
    if action is None:
        return {}
    opts: dict[str, Any] = {}
    alt = action.alt
    if action.face_down and alt is None:
        alt = "morph"
        o = game.objects.get(action.card) if game is not None else None
        if game is not None and o is not None:
            kws = chars(game, o).keywords
            if "Disguise" in kws and not kws & {"Morph", "Megamorph"}:
                alt = "disguise"
    if alt:
        opts["alt"] = alt
    if action.kicker:
        opts["kicker"] = list(action.kicker)
    if action.buyback:
        opts["buyback"] = True
    if action.entwine:
        opts["entwine"] = True
    if action.replicate:
        opts["replicate"] = int(action.replicate)
    if action.squad:
        opts["squad"] = int(action.squad)
    if action.offspring:
        opts["offspring"] = True
    if action.conspire:
        opts["conspire"] = True
    if action.splice:
        opts["splice"] = list(action.splice)
    if action.convoke:
        opts["convoke"] = list(action.convoke)
    if action.improvise:
        opts["improvise"] = list(action.improvise)
    if action.delve:
        opts["delve"] = list(action.delve)
    if action.sacrifice is not None:
        opts["sacrifice"] = list(action.sacrifice)
    if action.discard is not None:
        opts["discard"] = list(action.discard)
    if action.fuse:
        opts["fuse"] = True  # CR 702.102a: both halves of a split card
    if action.gift is not None:
        opts["gift"] = int(action.gift)  # CR 702.174a: the opponent chosen
    if action.harmonize is not None:
        opts["harmonize"] = int(action.harmonize)  # CR 702.180b: the creature to tap
    return opts


def alt_face(opts: dict[str, Any]) -> int:
    """The face the announced alternative cost casts the card with (0: as usual; 1:
    transformed, its back face up, CR 712.11a: disturb, 702.146a)."""
    spec = ALT_COSTS.get(opts.get("alt") or "")
    return spec.face if spec is not None else 0


def cast_task_data(game: Game, player: int, action: CastSpell) -> dict[str, Any]:
    """The data of the ``cast`` task for a ``CastSpell`` answer (used by priority)."""
    opts = with_permission(game, player, action.card, cast_options(action, game))
    return {
        "card": action.card,
        "face": action.face or alt_face(opts),
        "payment": list(action.payment) if action.payment is not None else None,
        "player": player,
        "opts": opts,
    }


def with_permission(game: Game, player: int, oid: int, opts: dict[str, Any]) -> dict[str, Any]:
    """The announced choices of a cast, with "without paying its mana cost" when the
    only permission that lets ``player`` cast the card from exile or a graveyard is
    one to cast it that way (CR 118.9, 601.2a: Idol of Endurance)."""
    o = game.objects.get(oid)
    if opts.get("alt") or o is None or not play_permissions.free_only(game, player, o):
        return opts
    return {**opts, "alt": "without_paying"}


def cast_while_resolving(
    game: Game, card: int, player: int, opts: dict[str, Any], face: int = 0
) -> None:
    """Push the ``cast`` task of a spell cast while another spell or ability resolves
    (CR 608.2c, 601.2: "you may cast that card ..."): it runs next, and the resolving
    effect's handler continues after it."""
    game.push_task(
        "cast",
        {
            "card": card,
            "face": face,
            "payment": None,
            "player": player,
            "opts": opts,
            "resolving": True,
        },
    )


def split_second_on_stack(game: Game) -> bool:
    """CR 702.61a: while a spell with split second is on the stack, players
    can't cast spells or activate abilities that aren't mana abilities."""
    for sid in game.stack:
        s = game.objects[sid]
        if s.stack_kind == "spell" and "Split second" in chars(game, s).keywords:
            return True
    return False


def spell_problem(
    game: Game,
    player: int,
    o: GameObject,
    opts: dict[str, Any],
    with_priority: bool = True,
) -> str | None:
    """Why the card ``o`` can't be cast with these choices (see :func:`cast_problem`).

    A card with offering cast without saying what it offers (no ``sacrifice``) may
    be cast when one of the permanents it may offer makes it castable: that choice
    is made as it's cast (CR 702.48b, :func:`cast_task`)."""
    why = _spell_problem(game, player, o, opts, with_priority)
    if why is None or "sacrifice" in opts:
        return why
    for offered in KEYWORD_HOOKS.offering_candidates(game, player, o):
        if _spell_problem(game, player, o, {**opts, "sacrifice": [offered]}, with_priority) is None:
            return None
    return why


def _spell_problem(
    game: Game,
    player: int,
    o: GameObject,
    opts: dict[str, Any],
    with_priority: bool = True,
) -> str | None:
    """Why the card ``o`` can't be cast with these choices, offering as announced.

    ``with_priority`` is False for a spell cast while an ability resolves
    (madness, suspend, ripple: CR 702.35a, 702.62a): then timing permissions
    are ignored (ruling 502.59.2) and the effect has given the permission.
    """
    if with_priority:
        opts = with_permission(game, player, o.id, opts)
    alt = opts.get("alt")
    if alt == "without_paying" and with_priority and o.zone == Zone.HAND:
        # cast "without paying its mana cost" from the hand with priority: only as a
        # static permission allows it (Omniscience, CR 118.9)
        alt = cast_permissions.FREE
    spec = ALT_COSTS.get(alt) if alt else None
    if alt and spec is None:
        return f"there's no alternative cost called {alt!r} (rule 118.9)"
    if spec is not None and spec.special is not None:
        return _special_action_problem(game, player, o, spec)
    if o.face_down and not (spec and (spec.face_down or spec.cast_face_up)):
        return "that card isn't in your hand (rule 601.2a)"
    if spec is not None and spec.face_down:
        # CR 601.3e, 708.4: whether a face-down spell may be cast is decided by the
        # characteristics it will have on the stack (a nameless 2/2 creature spell)
        c = face_down_values(o)
    else:
        c = _cast_chars(game, o, opts)
    if spec is not None and spec.bestowed:
        c = bestowed_values(c)  # CR 702.103d: only the bestowed characteristics count
    if spec is not None and spec.chosen_key == PROTOTYPED:
        c = prototyped_values(c)  # CR 718.3a: only the alternative values count
    if opts.get("fuse"):
        why = KEYWORD_HOOKS.fuse_problem(o)  # CR 702.102a: a split card with fuse, from the hand
        if why:
            return why
    suspending = spec is not None and spec.name == "suspend"  # a special action (116.2f)
    if game.delayed_triggers and not suspending and _epic_resolved(game, player):
        # CR 702.50a-b: no spells at all, even ones an effect lets you cast (copies are fine)
        return "you can't cast spells for the rest of the game: epic (rule 702.50a)"
    aftermath = len(o.card.faces) == 2 and KEYWORD_HOOKS.has_aftermath(
        o.card, int(opts.get("face", 0))
    )
    if aftermath and not opts.get("fuse"):
        why = KEYWORD_HOOKS.aftermath_zone_problem(
            game, player, o, int(opts.get("face", 0))
        )  # CR 702.127a
        if why:
            return why
    if with_priority:
        if (
            o.zone != Zone.HAND
            and not aftermath
            and not (spec is not None and o.zone in spec.zones)
            and not (
                spec is None and may_play_from(game, player, o, int(opts.get("face", 0)))
            )  # CR 601.2a, 715.3d
            and not (
                alt == "without_paying"
                and may_play_from(game, player, o, int(opts.get("face", 0)), free=True)
            )  # CR 118.9: a permission to cast it without paying its mana cost
            # "You may cast this card from your graveyard using its blitz ability"
            and not (spec is not None and own_permission(game, player, o, spec.name))
        ):
            if o.zone == Zone.GRAVEYARD and spec is None:
                return f"{o.name} is in your graveyard: cast it with flashback, if it has it (rule 601.2a)"
            return "that card isn't in your hand (rule 601.2a)"
        if (
            spec is not None
            and o.zone not in spec.zones
            and alt != "without_paying"
            and not own_permission(game, player, o, spec.name)
        ):
            return f"{o.name} can't be cast with its {alt} cost from there ({spec.rule})"
        if "Land" in c.types:
            return f"{o.name} is a land: lands are played, not cast (rule 305.9)"
        if split_second_on_stack(game):
            return "a spell with split second is on the stack (rule 702.61a)"
        instant_speed = (
            "Instant" in c.types
            or Kw.FLASH in c.keywords
            or (  # "as though they had flash" (Aluren)
                alt == cast_permissions.FREE
                and cast_permissions.free_with_flash(game, player, o, c)
            )
            or cast_permissions.has_flash(game, player, o, c) is not None  # CR 702.8a
            or cast_permissions.own_flash(game, player, o, c)  # CR 113.6e
        )
        if instant_speed and cast_permissions.sorcery_only(game, player):
            instant_speed = False  # "can cast spells only any time they could cast a sorcery"
        if not instant_speed and opts.get("sacrifice"):
            instant_speed = KEYWORD_HOOKS.offering_chosen(o, opts)  # CR 702.48a
        if spec is not None and spec.face_down:
            # CR 708.4: a face-down creature spell, which an effect may give flash
            instant_speed = Kw.FLASH in c.keywords or (
                cast_permissions.has_flash(game, player, o, c) is not None
                and not cast_permissions.sorcery_only(game, player)
            )
        if spec is not None and spec.own_timing:
            instant_speed = True  # its check says when (sneak: declare blockers step)
        if not instant_speed and not has_sorcery_timing(game, player):
            return f"{o.name} can be cast only at sorcery speed (rule 307.1)"
    elif "Land" in c.types:
        return f"{o.name} is a land: lands are played, not cast (rule 305.9)"
    forbidden = cast_permissions.forbidden(game, player, o, c)  # CR 601.3
    if forbidden:
        return forbidden
    if not (spec is not None and spec.face_down) and has_cast_restrictions(c):
        # "Cast this spell only during combat." (CR 601.3), however it's cast
        why = cast_restriction_problem(game, player, o, c)
        if why:
            return why
    if spec is not None and spec.name == "suspend":
        # CR 702.62a, 116.2f: the special action checks only that the card could be
        # cast now (timing, ruling 502.59.1) and that the suspend cost is paid.
        return KEYWORD_HOOKS.suspend_problem(game, player, o)
    if spec is not None:
        if (
            spec.keyword is not None
            # as it is where it is cast from: granted ("nonland permanent cards in your
            # graveyard have retrace", Six) or lost ("cards in graveyards lose all
            # abilities", Yixlid Jailer) there (CR 613.1f)
            and spec.keyword not in chars(game, o).keywords
            and spec.keyword not in c.keywords
            # granted to the spell as it's cast (Ashling, the Limitless; CR 601.3e)
            and not granted_as_cast(game, player, o, spec.keyword)
        ):
            return f"{o.name} doesn't have {spec.keyword.lower()} ({spec.rule})"
        if spec.check is not None:
            why = spec.check(game, player, o, alt_ability_of(o, spec.keyword))
            if why:
                return why
    if (
        c.mana_cost is None
        and spec is None
        and not ("Instant" in c.types or "Sorcery" in c.types or c.types & _PERMANENT_TYPES)
    ):
        return f"{o.name} has no mana cost and can't be cast (rule 118.6)"
    ability = spell_ability(c) if not (spec and spec.face_down) else None
    if ability is not None and spec is not None and spec.spell_ability is not None:
        # the text the alternative cost gives it (overload: no targets, CR 702.96b)
        ability = spec.spell_ability(ability, alt_ability_of(o, spec.keyword))
    if opts.get("fuse"):
        ability = KEYWORD_HOOKS.fused_ability(o.card)  # CR 601.2c: targets for both halves
    if ability is not None:
        ability = required_targets(game, o, ability, opts)  # CR 601.2c
    if (
        ability is not None
        and not opts.get("entwine")
        and not _has_legal_choices(game, ability, player, o)
    ):
        return f"{o.name} has no legal targets (rule 601.2c)"
    return _cost_problem(game, player, o, opts)


def _special_action_problem(game: Game, player: int, o: GameObject, spec: AltCost) -> str | None:
    """Why the special action announced like a cast (CR 116.2h: foretelling) can't
    be taken now: the card must be in one of its zones and have the keyword, then
    the keyword's own check (its timing and cost)."""
    if o.zone not in spec.zones:
        zones = " or ".join(f"your {Zone.NAMES[z]}" for z in spec.zones)
        return f"{o.name} must be in {zones} for that ({spec.rule})"
    ability = alt_ability_of(o, spec.keyword)
    if spec.keyword is not None and ability is None:
        return f"{o.name} doesn't have {spec.keyword.lower()} ({spec.rule})"
    return spec.check(game, player, o, ability) if spec.check is not None else None


def _cast_chars(game: Game, o: GameObject, opts: dict[str, Any]) -> Chars:
    """CR 709.3a, 712.11c, 715.3a: only the half or face being cast is evaluated;
    a face-down foretold card, by the face it is cast with (CR 702.143a)."""
    if o.face_down and costs.cast_face_up(opts):
        return printed(o)
    if len(o.card.faces) > 1:
        return cast_chars(game, o, int(opts.get("face", 0)), bool(opts.get("fuse")))
    return chars(game, o)


def alt_ability_of(o: GameObject, keyword: str | None) -> Ability | None:
    if keyword is None:
        return None
    for a in o.card.compiled[o.face].abilities:
        if a.keyword == keyword:
            return a
    return None


def _epic_resolved(game: Game, player: int) -> bool:
    """CR 702.50a: a player who resolved an epic spell can't cast spells (kept
    as a delayed trigger of the epic spell, which lasts for the rest of the game)."""
    return any(t.get("epic") and t.get("controller") == player for t in game.delayed_triggers)


def _cost_problem(
    game: Game, player: int, o: GameObject, opts: dict[str, Any], as_spell: bool = True
) -> str | None:
    """Whether the total cost (CR 601.2f) could be paid now (CR 601.2h), X = 0.
    ``as_spell``: ``o`` is the card, not yet a spell on the stack."""
    alt = opts.get("alt")
    if alt and costs.ALT_CHOICE not in opts and len(costs.alt_abilities(game, o, alt)) > 1:
        # a printed evoke cost and the evoke {4} it gains as it's cast (Ashling, the
        # Limitless), not announced yet: castable if one of them could be paid (CR
        # 601.2b, 601.2h)
        problems = [
            _cost_problem(game, player, o, {**opts, costs.ALT_CHOICE: i}, as_spell)
            for i in range(len(costs.alt_abilities(game, o, alt)))
        ]
        return None if None in problems else problems[0]
    if costs.COST_CHOICE not in opts and _has_cost_abilities(o):
        # "sacrifice a creature or pay {3}" not announced yet: castable if one of
        # them could be paid (CR 601.2b, 601.2h)
        options = costs.cost_options(game, o)
        problems = [
            _cost_problem(game, player, o, {**opts, costs.COST_CHOICE: i}, as_spell)
            for i in range(len(options))
        ]
        if options:
            return None if None in problems else problems[0]
    if (
        not opts
        and not _has_cost_abilities(o)
        and not _cost_may_change(game)
        and o.zone != Zone.COMMAND  # (a commander's tax, CR 903.8: the total cost below)
    ):
        printed_cost = mana_costs.parse_cost(_cast_chars(game, o, opts).mana_cost)
        cost = KEYWORD_HOOKS.assist_most(game, player, o, printed_cost.with_x(0))  # CR 702.132a
        on = spending("spell", o.id, printed_cost.x > 0)  # CR 106.6, 107.3
        if not mana_rules.can_pay(game, player, cost, on=on):
            return f"you can't pay {cost} for {o.name} (rule 601.2h)"
        return None
    total, problem = costs.total_cost(game, player, o, opts, as_spell=as_spell)
    if problem:
        return problem
    mana = total.mana
    sources = mana_rules.mana_sources(game, player)
    if opts.get("payment"):
        sources = mana_rules.sources_from_ids(game, player, tuple(opts["payment"])) or []
    if opts.get("convoke"):
        mana, problem = costs.apply_convoke(game, player, mana, list(opts["convoke"]))
        if problem:
            return problem
        sources = [s for s in sources if s.obj not in opts["convoke"]]
    if opts.get("improvise"):
        x_open = o.x is None and mana_costs.parse_cost(_cast_chars(game, o, opts).mana_cost).x > 0
        mana, problem = costs.apply_improvise(
            game, player, mana, list(opts["improvise"]), x_open=x_open
        )
        if problem:
            return problem
        sources = [s for s in sources if s.obj not in opts["improvise"]]
    if opts.get("delve"):
        feeders = costs.delve_feeders(game, player, list(opts["delve"]))
        x_open = o.x is None and mana_costs.parse_cost(_cast_chars(game, o, opts).mana_cost).x > 0
        mana, problem = costs.apply_delve(
            game, player, mana, list(opts["delve"]), feeders, x_open=x_open
        )
        if problem:
            return problem
        have = {s.obj for s in sources}
        extra = tuple(f for f in feeders if f not in have)
        if extra:  # their mana abilities are activated first (CR 601.2g)
            sources = [*sources, *(mana_rules.sources_from_ids(game, player, extra) or ())]
    life_problem = life_unpayable(game, player, total.life)
    if life_problem:
        return life_problem
    mana = KEYWORD_HOOKS.assist_most(game, player, o, mana)  # CR 702.132a
    # CR 106.6, 107.3: a cost with {X} in it (the mana cost's, or "kicker {X}")
    has_x = total.mana_x or mana_costs.parse_cost(_cast_chars(game, o, opts).mana_cost).x > 0
    on = spending("spell", o.id, has_x)
    if total.waterbend:
        # CR 701.67a: artifacts and creatures may pay the waterbend cost's generic mana
        if not waterbend.payable_with_taps(game, player, mana, total.waterbend, (), on, sources):
            return f"you can't pay {mana} for {o.name}, even waterbending (rule 601.2h)"
        return _extra_cost_problem(game, player, o, total, opts)
    if not mana_rules.can_pay(game, player, mana, sources, on=on):
        what = f" ({', '.join(total.notes)})" if total.notes else ""
        return f"you can't pay {mana} for {o.name}{what} (rule 601.2h)"
    return _extra_cost_problem(game, player, o, total, opts)


def _has_cost_abilities(o: GameObject) -> bool:
    """Does the card itself change its total cost (additional costs, affinity,
    "this spell costs {1} less to cast ...", CR 601.2f; "you may cast this card
    from your graveyard by discarding a card in addition to paying its other
    costs", 118.8)?"""
    key = ("cost_abilities", o.face)
    v = o.card.cache.get(key)
    if v is None:
        printed_abilities = o.card.compiled[o.face].abilities
        # with the abilities keywords stand for (undaunted's reduction, CR 702.125a)
        expanded = [
            x
            for a in printed_abilities
            if a.keyword in KEYWORD_EXPANSIONS
            for x in KEYWORD_EXPANSIONS[a.keyword](a)
        ]
        v = any(
            a.keyword == "Affinity"
            or (
                a.kind is AbilityKind.STATIC
                and any(
                    st.op in ("additional_cost", "cost_change")
                    or (st.op == "may_cast_from" and st.args.get("cost") is not None)
                    for st in a.static
                )
            )
            for a in (*printed_abilities, *expanded)
        )
        o.card.cache[key] = v
    return bool(v)


def _cost_may_change(game: Game) -> bool:
    """Whether some permanent has a static ability that changes costs (CR 601.2f,
    604.1: a phased-out one doesn't count, 702.26b): a look-up in the battlefield's
    index of static effects (fast path). "Artifact creature spells you cast have
    affinity for artifacts" (Mycosynth Golem) changes costs too (CR 702.41a, 611.3)."""
    if game.turn_flags.next_cast_less:
        return True  # "the next spell you cast this turn costs {1} less" (effects/next_cast.py)
    return bool(statics_with(game, "cost_change")) or any(
        st.args.get("keyword") == "Affinity" for _, st in statics_with(game, "grant_keyword")
    )


def _extra_cost_problem(
    game: Game, player: int, o: GameObject, total: Any, opts: dict[str, Any]
) -> str | None:
    """Sacrifice/discard components can be paid (CR 601.2h), and any chosen
    objects are legal choices."""
    for flt, n, rule in total.sacrifice:
        if o.x is None and costs.x_quality(flt):
            flt = costs.without_x(flt)  # "with mana value X": X isn't announced yet (601.2b)
        cands = costs.cost_choices(game, flt, player, o, "battlefield")
        chosen = opts.get("sacrifice")
        if chosen is not None:
            if any(x not in cands for x in chosen) or (len(chosen) != n and not total.x_open):
                return f"you must sacrifice {n} matching permanent(s) you control (rule {rule})"
        elif len(cands) < n:
            return f"you can't sacrifice what the cost asks (rule {rule})"
    for flt, n, rule in total.discard:
        cands = costs.cost_choices(game, flt, player, o, "hand")
        chosen = opts.get("discard")
        if chosen is not None:
            if any(x not in cands for x in chosen) or (len(chosen) != n and not total.x_open):
                return f"you must discard {n} matching card(s) (rule {rule})"
        elif len(cands) < n:
            return f"you can't discard what the cost asks (rule {rule})"
    for flt, n, rule in total.exile:
        if len(costs.cost_choices(game, flt, player, o, _exile_cost_zone(flt))) < n:
            return f"you can't exile what the cost asks (rule {rule})"
    for flt, n, rule in total.tap:
        if len(costs.cost_choices(game, flt, player, o, "battlefield")) < n:
            return f"you don't control {n} untapped permanent(s) the cost asks for (rule {rule})"
    for flt, n, rule in total.returns:
        if len(costs.cost_choices(game, flt, player, o, "battlefield")) < n:
            return f"you can't return what the cost asks (rule {rule})"
    for flt, n, rule in total.reveal:
        if len(costs.cost_choices(game, flt, player, o, "hand")) < n:
            return f"you can't reveal what the cost asks (rule {rule})"
    for flt, n, rule in total.behold:
        seen = costs.cost_choices(game, flt, player, o, "hand")
        if len(seen) + len(costs.cost_choices(game, flt, player, o, "battlefield")) < n:
            return f"you can't behold what the cost asks (rule {rule}, 701.4a)"
    if total.blight and not costs.cost_choices(game, costs.YOUR_CREATURE, player, o, "battlefield"):
        return "you control no creature to blight (rule 701.68b)"
    return None


def modes_count(game: Game, ability: Ability, obj: GameObject) -> tuple[int, int]:
    """How many modes the spell's controller chooses (CR 601.2b, 700.2): the printed
    number, or another one while a condition holds ("If this spell was kicked, choose
    any number instead", read once kicker and the other costs are announced); "you may
    choose both instead" keeps the printed number a choice."""
    for key, value in ability.restrictions:
        if key == "modes_instead" and evaluate(game, value[0], obj.controller, obj):
            cond, (lo, hi), may = value
            lo = min(lo, ability.modes_choose[0]) if may else lo
            game.emit(
                EventKind.MODES,
                ("601.2b", "700.2"),
                f"{obj.name}'s condition holds: choose {lo} to {hi} modes instead",
            )
            return lo, hi
    return ability.modes_choose


def modes_taken(game: Game, ability: Ability, source: GameObject) -> frozenset[int]:
    """ "Choose one that hasn't been chosen [this turn] —" (Kimoyo Beads, Breeches):
    the modes this object's ability chose before (this turn), which can't be chosen
    now (CR 700.2b); the object remembers them, a new object starts afresh (400.7)."""
    scope = next((v for k, v in ability.restrictions if k == MODES_UNCHOSEN), None)
    if scope is None:
        return frozenset()
    seen = (source.chosen or {}).get(f"{MODES_UNCHOSEN}:{ability.text}") or ()
    return frozenset(m for turn, m in seen if scope != "turn" or turn == game.turn)


def _note_modes_chosen(game: Game, ability: Ability, source: GameObject, modes: Any) -> None:
    if not any(k == MODES_UNCHOSEN for k, _ in ability.restrictions):
        return
    if source.id not in game.objects:
        return
    key = f"{MODES_UNCHOSEN}:{ability.text}"
    seen = tuple((source.chosen or {}).get(key) or ())
    source.chosen = {**(source.chosen or {}), key: (*seen, *((game.turn, m) for m in modes))}


def _has_legal_choices(game: Game, ability: Ability, player: int, source: GameObject) -> bool:
    if ability.modes:
        lo = ability.modes_choose[0]
        taken = modes_taken(game, ability, source)  # CR 700.2b: chosen before
        ok = [
            m
            for i, m in enumerate(ability.modes)
            if i not in taken and _specs_satisfiable(game, m.targets, player, source)
        ]
        if ok and any(k == "modes_repeat" for k, _ in ability.restrictions):
            return True  # CR 700.2d: one legal mode may be chosen as many times as needed
        return len(ok) >= max(1, lo)
    return _specs_satisfiable(game, ability.targets, player, source)


def announced_x(game: Game, obj: GameObject) -> int | None:
    """The X of "X target creatures": announced for the spell or activated ability
    (CR 601.2b); for "When this creature becomes monstrous, put a lifelink counter on
    each of up to X target creatures", the X it became monstrous with (701.37c)."""
    if obj.x is not None or obj.stack_kind != "triggered" or obj.source_id is None:
        return obj.x
    src = game.objects.get(obj.source_id)
    became = (src.chosen or {}).get("monstrous_x") if src is not None else None
    return became if isinstance(became, int) else None


def with_x_count(spec: TargetSpec, x: int | None) -> TargetSpec:
    """ "X target creatures", "up to X target creatures": the number of targets with
    X as announced (CR 601.2b comes before 601.2c, 115.1d)."""
    typed: Any = spec  # ``min``/``max`` may be an X ``Amount`` (rules/costs.py, above _is_x)
    lo, hi = typed.min, typed.max
    if isinstance(lo, int) and isinstance(hi, int):
        return spec
    lo = lo if isinstance(lo, int) else max(0, (x or 0) * getattr(lo, "multiplier", 1))
    hi = hi if isinstance(hi, int) else max(0, (x or 0) * getattr(hi, "multiplier", 1))
    return replace(spec, min=lo, max=hi)


def _specs_satisfiable(
    game: Game, specs, player: int, source: GameObject, stack_obj: int | None = None
) -> bool:
    """Whether each target of ``specs`` can be chosen; a spell or ability on the stack
    (``stack_obj``) can't target itself (CR 115.5), so its own id isn't counted."""
    for spec in specs:
        spec = with_x_count(spec, 0)  # X isn't announced yet: X may be 0
        if spec.min > 0 and len(candidates(game, spec, player, source, stack_obj)) < spec.min:
            return False
    return True


def _mode_target_pool(
    game: Game, ability: Ability, obj: GameObject, source: GameObject
) -> set[int]:
    """Every object or player (negative) some target of one of ``ability``'s modes
    could be now: "each mode must target a different player" allows no more modes
    than that (CR 700.2, 601.2c)."""
    return {
        t
        for m in ability.modes
        for spec in m.targets
        for t in candidates(game, with_x_count(spec, 0), obj.controller, source, obj.id)
    }


@task_handler("cast")
def cast_task(game: Game, task: Task) -> None:
    """CR 601.2: casting a spell, one step per stage.

    Stage 0: 601.2a-b (to the stack, splice, face down), then the choices task
    (modes, X, targets, division: 601.2b-d). Stage 1: 601.2f-h (total cost,
    sacrifices and discards chosen, convoke, delve, mana). Stage 2: 601.2i.

    Task data: ``card``, ``face``, ``payment``, ``player``, ``opts`` (the
    announced choices, see :func:`cast_options`) and, for a spell cast while
    an ability resolves, ``resolving: True`` (CR 608.2g).
    """
    d = task.data
    player = d["player"]
    opts: dict[str, Any] = d.setdefault("opts", {})
    if task.stage == 0:
        special = ALT_COSTS[opts["alt"]].special if opts.get("alt") in ALT_COSTS else None
        if special is not None:
            special(game, player, d["card"])  # a special action, not a cast (CR 116.2)
            game.finish(task)
            return
        if opts.get("alt") == "suspend":
            # CR 116.2f: suspending a card is a special action, not a cast.
            x_range = KEYWORD_HOOKS.suspend_x_range(game, player, game.objects[d["card"]])
            if x_range is not None and "x" not in d:
                # "Suspend X": X is chosen as the card is suspended (CR 107.3, 702.62a)
                if task.answer is None:
                    game.ask(
                        Decision(
                            DecisionKind.X,
                            player,
                            "107.3a",
                            f"Choose X for suspending {game.objects[d['card']].name}",
                            {"min": x_range[0], "max": max(x_range)},
                        )
                    )
                    return
                d["x"] = int(task.answer.value)
                task.answer = None
            KEYWORD_HOOKS.suspend_card(game, player, d["card"], d.get("x"))
            game.finish(task)
            return
        if not _offering_chosen(game, task):
            return  # a choice is pending, or the cast turned out illegal
        if not _kicker_announced(game, task):
            return  # a choice is pending
        _cast_to_stack(game, task)
        return
    obj = game.objects[d["obj"]]
    if task.stage == 1:
        if not _pay_total_cost(game, task, obj):
            return  # a choice is pending, or the cast was undone
        task.stage = 2
    # CR 601.2i: the spell becomes cast.
    rec = dict(obj.paid or {})
    if obj.x is not None:
        rec["x"] = obj.x  # the permanent it becomes knows its X (CR 107.3m, 400.7d)
    waiting = game.turn_flags.next_cast_to_hand
    if (
        waiting.get(player)
        and d.get("from_zone") == "hand"
        and chars(game, obj).types & {"Instant", "Sorcery"}
    ):
        # "the next time you cast an instant or sorcery spell from your hand this
        # turn, put that card into your hand ... as it resolves": this is that spell
        # (every such effect waits for the same next spell)
        del waiting[player]
        rec["to_hand"] = True
    if game.turn_flags.next_cast_flash.get(player) and "Sorcery" in chars(game, obj).types:
        # "the next sorcery spell you cast this turn can be cast as though it had
        # flash": this is that spell, however it was cast
        del game.turn_flags.next_cast_flash[player]
    less = game.turn_flags.next_cast_less.get(player)
    if less:
        # "the next [instant or sorcery] spell you cast this turn costs {1} less to
        # cast": this is that spell for each such effect waiting for its card types
        # (CR 601.2f, 611.2a; rules/cost_changes.spell_changes); they are used up
        c_now = chars(game, obj)
        left_less = tuple(
            r for r in less if not next_cast_less_matches(r, c_now.types, c_now.subtypes)
        )
        if left_less:
            game.turn_flags.next_cast_less[player] = left_less
        else:
            del game.turn_flags.next_cast_less[player]
    uncounterable = game.turn_flags.next_cast_uncounterable.get(player)
    if uncounterable:
        # "the next [creature] spell you cast this turn can't be countered": this is
        # that spell for each such effect waiting for its card types (CR 101.2)
        types = chars(game, obj).types
        left = tuple(k for k in uncounterable if k and not types & set(k))
        if len(left) < len(uncounterable):
            rec["uncounterable"] = True
            game.turn_flags.next_cast_uncounterable[player] = left
    if d["opts"].get("exile_instead"):
        # "If that spell would be put into your graveyard, exile it instead" (CR
        # 614.1a): the spell cast this way carries the replacement (zone_replacements)
        rec["exile_instead"] = d["opts"]["exile_instead"]
    if d.get("permission") is not None:
        play_permissions.spend(game, d["permission"])  # CR 601.2i: a permission for one spell
    if d.get("graveyard_source") is not None:
        game.turn_flags.graveyard_casts.add(d["graveyard_source"])  # once each turn (601.2i)
    if COMMANDER_TAX in rec:
        count_command_zone_cast(game, player, obj)  # CR 903.8, 601.2i
    rec["cast_as"] = cast_snapshot(chars(game, obj))  # "if you've cast a ... spell this turn"
    set_cast_record(game, obj.id, rec)
    p = game.players[player]
    p.spells_cast_this_turn += 1
    game.turn_flags.spells_cast += 1
    flags = game.turn_flags
    # "each other instant and sorcery spell you've cast before it this turn"
    before = flags.instants_sorceries_cast.get(player, 0)
    if chars(game, obj).types & {"Instant", "Sorcery"}:
        flags.instants_sorceries_cast[player] = before + 1
    # CR 700.14: the mana spent to cast spells this turn, before and after this one
    spent_before = flags.mana_spent_on_spells.get(player, 0)
    spent_after = spent_before + len((obj.paid or {}).get("mana_spent") or ())
    if spent_after != spent_before:
        flags.mana_spent_on_spells[player] = spent_after
    targets = [describe(game, t) for spec in obj.targets for t in spec]
    how = _cast_how(rec)
    spell_name = obj.card.name if rec.get("fuse") else obj.name  # CR 702.102b: both names
    game.emit(
        EventKind.CAST,
        ("601.2i", *rec.get("rules", ())),
        f"{p.name} casts {spell_name if not obj.face_down else 'a face-down spell'}{how}"
        + (f" targeting {', '.join(targets)}" if targets else ""),
        subject=obj,
        obj=obj.id,
        player=player,
        alt=str(opts.get("alt") or ""),
        from_zone=str(rec.get("from_zone") or "hand"),  # CR 601.2a
        instants_sorceries_before=before,
        nth=p.spells_cast_this_turn,  # "your second spell each turn" (CR 603.2)
        mana_spent_before=spent_before,
        mana_spent_after=spent_after,
    )
    game.finish(task)


def _offering_chosen(game: Game, task: Task) -> bool:
    """CR 702.48b: the permanent a spell with offering offers (or none) is chosen with
    the spell's other choices (601.2b), when the cast didn't announce it. False while
    that choice is pending, or when the answer leaves the cast illegal (then nothing
    has happened yet: the card stays where it was, CR 601.2e)."""
    d = task.data
    opts = d["opts"]
    if "sacrifice" in opts:
        return True
    player = d["player"]
    card = game.objects[d["card"]]
    cands = KEYWORD_HOOKS.offering_candidates(game, player, card)
    if not cands:
        return True
    with_priority = not d.get("resolving")
    if task.answer is None:
        without = _spell_problem(game, player, card, {**opts, "sacrifice": []}, with_priority)
        game.ask(
            Decision(
                DecisionKind.CHOOSE_OBJECTS,
                player,
                "702.48b",
                f"Offering: you may sacrifice a permanent to cast {card.name} (choose none "
                "to pay its full cost)",
                {
                    "candidates": cands,
                    "min": 0 if without is None else 1,
                    "max": 1,
                    "purpose": DecisionPurpose.SACRIFICE,
                    "optional": True,
                },
            )
        )
        return False
    opts["sacrifice"] = list(task.answer.objects)
    task.answer = None
    why = _spell_problem(game, player, card, opts, with_priority)
    if why is not None:
        game.emit(
            EventKind.ILLEGAL_CAST,
            ("601.2e", "702.48b"),
            f"Casting {card.name} that way is illegal: {why}",
        )
        game.finish(task)
        return False
    return True


#: the most times a multikicker cost is offered when a spell is cast as another
#: resolves (CR 702.33c: any number; as the priority options offer it)
MAX_RESOLVING_MULTIKICKS: Final = 20


def _kicker_announced(game: Game, task: Task) -> bool:
    """CR 601.2b, 702.33a: a spell cast while another spell or ability resolves
    ("you may cast that card without paying its mana cost": cascade, discover, ...)
    is still cast, so its caster announces whether to pay its kicker costs (and how
    many times a multikicker cost), which they then pay in full (601.2f: an
    alternative cost doesn't replace additional costs). A spell cast with priority
    announced them in its action. Only choices the player can pay are offered
    (601.2e would otherwise undo the cast). False while a choice is pending."""
    d = task.data
    opts = d["opts"]
    if not d.get("resolving") or "kicker" in opts:
        return True
    card = game.objects[d["card"]]
    kicks = costs.kicker_costs(list(card.card.compiled[int(d.get("face") or 0)].abilities))
    if not kicks:
        return True
    player = d["player"]
    chosen: list[int] = d.setdefault("kicks", [])
    while len(chosen) < len(kicks):
        i = len(chosen)
        if task.answer is not None:
            chosen.append(int(task.answer.value))
            task.answer = None
            continue
        kw, cost = kicks[i]
        most = 1 if kw == "Kicker" else MAX_RESOLVING_MULTIKICKS
        can = 0
        for n in range(1, most + 1):
            test = {**opts, "kicker": [*chosen, n]}
            if _spell_problem(game, player, card, test, False) is not None:
                break
            can = n
        if can == 0:
            chosen.append(0)
            continue
        if kw == "Kicker":
            game.ask(
                Decision(
                    DecisionKind.YES_NO,
                    player,
                    "702.33a",
                    f"Pay the kicker cost {cost} as you cast {card.name}?",
                    {"purpose": DecisionPurpose.PAY, "obj": card.id},
                )
            )
        else:
            game.ask(
                Decision(
                    DecisionKind.X,
                    player,
                    "702.33c",
                    f"How many times do you pay the multikicker cost {cost} as you cast "
                    f"{card.name}?",
                    {"min": 0, "max": can, "purpose": DecisionPurpose.PAY, "obj": card.id},
                )
            )
        return False
    opts["kicker"] = list(chosen)
    return True


def mode_texts(ability: Ability) -> list[str]:
    """The text of each mode of a modal ability (CR 700.2), for the player choosing:
    the compiled mode's own text, else the ability's bullet line of that mode."""
    bullets = [
        line.strip().lstrip("•").strip()
        for line in ability.text.splitlines()
        if line.strip().startswith("•")
    ]
    return [
        m.text or (bullets[i] if i < len(bullets) else f"mode {i + 1}")
        for i, m in enumerate(ability.modes)
    ]


def _cast_how(rec: dict[str, Any]) -> str:
    bits = []
    if rec.get("alt") == "without_paying":
        bits.append("without paying its mana cost")  # CR 118.9
    elif rec.get("alt"):
        bits.append(f"for its {rec['alt']} cost")
    if any(rec.get("kicker") or ()):
        bits.append("kicked" + (f" {sum(rec['kicker'])} times" if sum(rec["kicker"]) > 1 else ""))
    for key in ("buyback", "entwine"):
        if rec.get(key):
            bits.append(f"with {key}")
    if rec.get("replicate"):
        bits.append(f"replicated {rec['replicate']} time(s)")
    if rec.get("squad"):
        bits.append(f"with its squad cost paid {rec['squad']} time(s)")
    if rec.get("offspring"):
        bits.append("with its offspring cost paid")
    if rec.get("conspire"):
        bits.append("conspired")
    if rec.get("splice"):
        bits.append(f"with {len(rec['splice'])} card(s) spliced onto it")
    if rec.get("fuse"):
        bits.append("fused")
    return (" " + ", ".join(bits)) if bits else ""


def _cast_to_stack(game: Game, task: Task) -> None:
    """CR 601.2a: the card moves to the stack; 601.2b: announced choices."""
    d = task.data
    player = d["player"]
    opts = d["opts"]
    oid = d["card"]
    card = game.objects[oid]
    name = card.card.name if opts.get("fuse") else card.name  # CR 702.102a: both halves
    from_zone = card.zone
    d["from_zone"] = Zone.NAMES[from_zone]
    spec = ALT_COSTS.get(opts.get("alt") or "")
    face_down = bool(spec and spec.face_down)
    if from_zone == Zone.EXILE and not d.get("resolving"):
        # "Doing so unprepares it" (rules/prepare.py)
        d["prepared_from"] = unprepare_for_cast(game, card)
    if from_zone in play_permissions.ZONES and not d.get("resolving"):
        d["permission"] = play_permissions.one_spell_permission(
            game, player, card, opts.get("alt") == "without_paying"
        )
        by = play_permissions.exiles_instead(game, player, card)
        if by is not None:
            opts["exile_instead"] = by  # (CR 614.1a; the cast record keeps it, 601.2i)
        if from_zone == Zone.GRAVEYARD and not opts.get("alt"):
            # "once during each of your turns, you may cast ... from your graveyard"
            d["graveyard_source"] = play_permissions.graveyard_permission(game, player, card)
    # CR 702.8a: cast at a time a sorcery couldn't have been cast (not while another
    # spell resolves, 608.2g), by a permission to cast it as though it had flash
    cc = chars(game, card)
    as_flash = (
        not d.get("resolving")
        and not has_sorcery_timing(game, player)
        and "Instant" not in cc.types
        and Kw.FLASH not in cc.keywords
        and cast_permissions.has_flash(game, player, card, cc) is None
    )
    granted_alt = costs.granted_alt_abilities(game, card, opts.get("alt"))
    new_id = move(game, oid, Zone.STACK, ("601.2a",), quiet=True, controller=player)
    assert new_id is not None  # a card put on the stack is there (CR 601.2a)
    obj = game.objects[new_id]
    if granted_alt:
        # CR 601.2b, 400.7: the granted alternative cost announced stays the spell's
        obj.chosen = {**(obj.chosen or {}), costs.GRANTED_ALT: granted_alt}
        game.invalidate()
    obj.controller = player
    obj.stack_kind = "spell"
    obj.face = int(d.get("face") or 0)
    if face_down:
        obj.face_down = True  # CR 702.37c / 708.4: cast as a 2/2 face-down creature spell
        obj.chosen = {**(obj.chosen or {}), "face_down_as": opts.get("alt") or "morph"}
        game.invalidate()
    if spec is not None and spec.bestowed:
        obj.chosen = {**(obj.chosen or {}), BESTOWED: True}  # CR 702.103b
        game.invalidate()
    if spec is not None and spec.chosen_key:
        obj.chosen = {**(obj.chosen or {}), spec.chosen_key: True}  # prototyped (718.3b)
        game.invalidate()
    rules: list[str] = []
    if spec is not None:
        rules.append(spec.rule)
    paid: dict[str, Any] = {
        "from_zone": Zone.NAMES[from_zone],
        "caster": player,  # "if you cast it" (CR 603.4, 400.7d: rules/cast_from_hand.py)
        "alt": opts.get("alt"),
        "kicker": list(opts.get("kicker") or ()),
        "buyback": bool(opts.get("buyback")),
        "entwine": bool(opts.get("entwine")),
        "replicate": int(opts.get("replicate") or 0),
        "squad": int(opts.get("squad") or 0),
        "offspring": bool(opts.get("offspring")),
        "conspire": bool(opts.get("conspire")),
        "gift": opts.get("gift"),  # CR 702.174k: the gift was promised to that player
        "splice": [],
        "rules": rules,
        costs.CAST_AS_FLASH: as_flash,
    }
    if from_zone == Zone.COMMAND and castable_from_command_zone(game, player, card):
        # CR 903.8: the commander tax, {2} for each previous cast from the command zone
        paid[COMMANDER_TAX] = commander_tax(game, player, card)
        rules.append("903.8")
    if from_zone == Zone.GRAVEYARD:
        paid["graveyard_id"] = oid  # it left the graveyard (rules/triggers.py, CR 603.10a)
    if from_zone == Zone.GRAVEYARD and len(card.card.faces) == 2:
        if KEYWORD_HOOKS.has_aftermath(card.card, obj.face):
            paid["aftermath"] = True  # CR 702.127a: exiled whenever it leaves the stack
            rules.append("702.127a")
    if face_down:
        paid["face_down"] = opts.get("alt") or "morph"
    obj.paid = paid
    obj.ability = spell_ability(chars(game, obj)) if not face_down else None
    if obj.ability is not None:
        # "Cipher": "you may exile this card encoded on a creature ..." (CR 702.99a)
        obj.ability = KEYWORD_HOOKS.with_keyword_instructions(chars(game, obj), obj.ability)
    if obj.ability is not None and spec is not None and spec.spell_ability is not None:
        # the text the alternative cost gives it (CR 702.96a-b, 702.113a-b)
        obj.ability = spec.spell_ability(obj.ability, alt_ability_of(card, spec.keyword))
    if not opts.get("fuse"):
        name = chars(game, obj).name  # the half or Adventure cast (CR 709.3b, 715.3b)
    if opts.get("fuse"):
        KEYWORD_HOOKS.mark_fused(game, obj)  # CR 702.102a-b, 709.4d
        paid["fuse"] = True
        rules.append("702.102a")
    if opts.get("splice"):
        KEYWORD_HOOKS.splice_onto(game, obj, list(opts["splice"]))
    d["obj"] = new_id
    game.emit(
        EventKind.CAST_BEGIN,
        ("601.2a",),
        f"{game.players[player].name} begins to cast "
        + (name if not face_down else "a card face down")
        + (
            " from the command zone"
            if from_zone == Zone.COMMAND
            else f" from their {Zone.NAMES[from_zone]}"
            if from_zone != Zone.HAND
            else ""
        ),
        obj=new_id,
    )
    task.stage = 1
    # cards announced for delve and artifacts for improvise can pay {X} (CR 702.66a,
    # 702.126a: generic mana once X is chosen, 107.3)
    generic_payers = len(opts.get("delve") or ()) + len(opts.get("improvise") or ())
    begin_choices(game, new_id, "spell", delve=generic_payers, opts=opts)


def _optional_cost_answer(
    game: Game, task: Task, player: int, obj: GameObject, verb: str
) -> bool | None:
    """Whether ``player`` pays an optional additional cost ("you may waterbend {6}",
    "you may blight 1") as the spell is cast (CR 601.2b); None while asked."""
    if task.answer is None:
        game.ask(
            Decision(
                DecisionKind.YES_NO,
                player,
                "601.2b",
                f"{verb} as you cast {obj.name} (an optional additional cost)?",
                {"purpose": DecisionPurpose.PAY, "obj": obj.id},
            )
        )
        return None
    paid = bool(task.answer.value)
    task.answer = None
    return paid


def _pay_total_cost(game: Game, task: Task, obj: GameObject) -> bool:
    """CR 601.2f-h: determine the total cost, then pay it. False while a choice
    is pending (or when the cast turned out illegal and was undone, CR 601.2e)."""
    d = task.data
    player = d["player"]
    opts = d["opts"]
    if "waterbend" not in opts and costs.has_optional_waterbend(game, obj):
        # "As an additional cost to cast this spell, you may waterbend {6}": paid or
        # not, as announced (CR 601.2b, 701.67a)
        pays = _optional_cost_answer(game, task, player, obj, "Waterbend")
        if pays is None:
            return False
        opts["waterbend"] = pays
    if costs.BLIGHT_PAID not in opts and costs.optional_blight(costs.optional_cost(game, obj)):
        # "As an additional cost to cast this spell, you may blight 1": paid or not, as
        # announced; not without a creature to blight (CR 601.2b, 701.68b)
        if not costs.cost_choices(game, costs.YOUR_CREATURE, player, obj, "battlefield"):
            opts[costs.BLIGHT_PAID] = False
        else:
            pays = _optional_cost_answer(game, task, player, obj, "Blight")
            if pays is None:
                return False
            opts[costs.BLIGHT_PAID] = pays
    if costs.ALT_CHOICE not in opts and not _announce_alt_choice(game, task, obj):
        return False
    if costs.COST_CHOICE not in opts and not _announce_cost_choice(game, task, obj):
        return False
    total, problem = costs.total_cost(game, player, obj, opts)
    if problem:
        _undo_cast(game, obj, d, problem)
        game.finish(task)
        return False
    # Sacrifices, discards and exiled cards chosen as the cost is paid (CR 601.2h).
    for key, zone, parts in (
        ("sacrifice", "battlefield", total.sacrifice),
        ("discard", "hand", total.discard),
        ("exile", "", total.exile),
        ("tap", "battlefield", total.tap),
        ("return", "battlefield", total.returns),
        ("reveal", "hand", total.reveal),
        ("behold", "hand", total.behold),
        ("blight", "battlefield", total.blight),
    ):
        if not parts or key in d:
            continue
        flt, n, rule = parts[0]
        zone = zone or _exile_cost_zone(flt)  # "exile a card from your graveyard"
        # (the creature blighted gets the counters: one creature for each blight)
        n = len(parts) if key == "blight" else sum(p[1] for p in parts)
        cands = costs.cost_choices(game, flt, player, obj, zone)
        if key == "behold":
            # a card in the hand or a permanent you control (CR 701.4a)
            cands += costs.cost_choices(game, flt, player, obj, "battlefield")
        if key == "discard" and total.discard_random:
            # "discard a card at random" (CR 701.9b): the game picks, no one chooses
            pool = list(cands)
            chosen = [pool.pop(game.rng.randrange(len(pool))) for _ in range(min(n, len(pool)))]
        elif opts.get(key) is not None:
            chosen = list(opts[key])
        elif game.real_choice(len(cands), n):
            if task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.CHOOSE_OBJECTS,
                        player,
                        "601.2h",
                        f"Choose {n} {'permanent' if key in ('sacrifice', 'return', 'tap') else 'card'}(s) to "
                        f"{key} to cast {obj.name}",
                        {
                            "candidates": cands,
                            "min": n,
                            "max": n,
                            "purpose": _COST_PURPOSES.get(key) or DecisionPurpose(key),
                        },
                    )
                )
                return False
            chosen = list(task.answer.objects)
            task.answer = None
        else:
            chosen = cands[:n]
        if len(chosen) != n or any(c not in cands for c in chosen):
            _undo_cast(game, obj, d, f"you can't {key} what the cost asks (rule {rule})")
            game.finish(task)
            return False
        d[key] = chosen
    mana = total.mana
    sources = mana_rules.mana_sources(game, player)
    if d.get("tap"):
        # a permanent tapped to pay the cost can't also be tapped for mana (CR 601.2h)
        sources = [s for s in sources if s.obj not in d["tap"]]
    # CR 106.6: what restricted mana may pay for (a cost with {X} in it, 107.3)
    on = Spending("spell", obj.id, _x_cost(game, obj, opts) is not None)
    if total.waterbend and "waterbend" not in d:
        # CR 701.67a-b: artifacts and creatures tapped for the waterbend cost's generic mana
        bent = _waterbend_taps(game, task, obj, mana, total.waterbend, sources, on)
        if bent is None:
            return False
        d["waterbend"] = bent
    if d.get("waterbend"):
        mana = mana_rules.reduce_cost(mana, len(d["waterbend"]))
        sources = waterbend.without_taps(sources, d["waterbend"])
    # CR 702.132a: assist, another player paying some of the generic mana
    assisted = KEYWORD_HOOKS.assist_choice(game, task, obj, mana)
    if assisted is None:
        return False
    mana = assisted
    convoke = list(opts.get("convoke") or ())
    improvise = list(opts.get("improvise") or ())
    delve = list(opts.get("delve") or ())
    if convoke:
        mana, problem = costs.apply_convoke(game, player, mana, convoke)
        sources = [s for s in sources if s.obj not in convoke]
    if improvise and not problem:
        mana, problem = costs.apply_improvise(game, player, mana, improvise)
        sources = [s for s in sources if s.obj not in improvise]
    feeders: tuple[int, ...] = ()
    if delve and not problem:
        # CR 601.2g-h: a permanent whose mana ability (activated before payment)
        # sacrifices it is in the graveyard when delve's cards are exiled
        paying = list(d.get("payment") or ())
        feeders = costs.delve_feeders(game, player, [c for c in delve if c in paying])
        mana, problem = costs.apply_delve(game, player, mana, delve, feeders)
    if d.get("payment") is not None:
        chosen_sources = mana_rules.sources_from_ids(game, player, tuple(d["payment"]))
        sources = chosen_sources if chosen_sources is not None else []
        if chosen_sources is None:
            problem = problem or "those permanents can't pay for it (rule 601.2g)"
        if any(oid in convoke for oid in d["payment"]):
            # CR 702.51a: convoke taps the creature; it can't also be tapped for mana
            problem = (
                problem
                or "a creature tapped for convoke can't also be tapped for mana (rule 702.51a)"
            )
        if any(oid in improvise for oid in d["payment"]):
            # CR 702.126a: improvise taps the artifact; it can't also be tapped for mana
            problem = (
                problem
                or "an artifact tapped for improvise can't also be tapped for mana (rule 702.126a)"
            )
    problem = problem or life_unpayable(game, player, total.life)
    plan = None if problem else mana_rules.plan_payment(game, player, mana, sources, on=on)
    if plan is None:
        _undo_cast(game, obj, d, problem or f"you can't pay {mana} (rule 601.2h)")
        game.finish(task)
        return False
    # Everything can be paid: pay it, in any order (CR 601.2h).
    KEYWORD_HOOKS.assist_pay(game, task, obj)  # CR 702.132a: the other player's part
    what = obj.name if not obj.face_down else "a face-down spell"
    notes = f" ({', '.join(total.notes)})" if total.notes else ""
    rules = ("601.2f", "601.2h", *total.rules)
    if total.notes:
        game.emit(
            EventKind.TOTAL_COST,
            tuple(dict.fromkeys(rules)),
            f"Total cost of {what}: {total.mana}{notes}",
        )
    if total.waterbend:
        waterbend.tap_to_pay(game, player, list(d.get("waterbend") or ()), what, ("601.2h",))
    for oid in convoke:
        c = game.objects[oid]
        convoked = pay_tap(game, c, ("702.51a", "601.2h"))  # CR 702.51a
        game.emit(
            EventKind.CONVOKE, ("702.51a",), f"{c.name} is tapped to help pay for {what} (convoke)"
        )
        if convoked:
            became_tapped(game, (c,), ("702.51a",))
    for oid in improvise:
        c = game.objects[oid]
        improvised = pay_tap(game, c, ("702.126a", "601.2h"))  # CR 702.126a
        game.emit(
            EventKind.IMPROVISE,
            ("702.126a",),
            f"{c.name} is tapped to help pay for {what} (improvise)",
        )
        if improvised:
            became_tapped(game, (c,), ("702.126a",))
    uids = {oid: game.objects[oid].card_uid for oid in feeders}
    if delve:
        with simultaneous(game):  # the cards exiled for delve: one event (CR 603.2c)
            for oid in delve:
                if oid not in feeders:
                    _delve_exile(game, oid, what)
    spent = mana_rules.execute_plan(game, player, mana, plan, what, on)
    if feeders:
        with simultaneous(game):
            for oid in feeders:
                _delve_exile(game, _in_graveyard(game, player, uids[oid]), what)
    if total.life:
        lose_life(game, player, total.life, ("119.4", "601.2h"), "paid as a cost", paid=True)
    sacrificed = []
    # (an empty simultaneous event would do nothing: none is opened for no object)
    if d.get("sacrifice"):
        with simultaneous(game, d["sacrifice"]):  # one event (CR 701.21a, 603.2c)
            for oid in d["sacrifice"]:
                if oid in game.objects:
                    sacrificed.append(_lki_record(game, oid))
                    sacrifice(game, oid, ("601.2h", "701.21a"))
    if d.get("discard"):
        with simultaneous(game):  # the cards discarded: one event (CR 701.9a, 603.2c)
            for oid in d["discard"]:
                if oid in game.objects:
                    move(
                        game,
                        oid,
                        Zone.GRAVEYARD,
                        ("601.2h", "701.9a"),
                        reason="is discarded",
                        cause="discard",
                    )
    if d.get("exile"):
        with simultaneous(game, d["exile"]):  # the cards exiled: one event (CR 603.2c)
            for oid in d["exile"]:
                if oid in game.objects:
                    move(
                        game, oid, Zone.EXILE, ("601.2h", "406.2"), reason="is exiled to pay a cost"
                    )
    if d.get("return"):
        _pay_return(game, obj, d["return"])
    for oid in d.get("behold") or ():
        # CR 701.4a: a card revealed from the hand, or a permanent chosen
        b = game.objects[oid]
        how = "reveals" if b.zone == Zone.HAND else "chooses"
        where = " from their hand" if b.zone == Zone.HAND else ""
        game.emit(
            EventKind.REVEAL if b.zone == Zone.HAND else EventKind.CHOICE,
            ("601.2h", "701.4a"),
            f"{game.players[player].name} {how} {b.name}{where} to behold it for {what}",
            obj=oid,
        )
    if total.behold_exile and d.get("behold"):
        # "behold a Kithkin and exile it": the card revealed or the permanent chosen is
        # exiled as the cost is paid (CR 701.4a, 601.2h), linked to the spell and to
        # the permanent it becomes (607.2q; rules/replacement._entered)
        with simultaneous(game, d["behold"]):  # one event (CR 603.2c)
            for oid in d["behold"]:
                if oid in game.objects:
                    exile_linked(
                        game,
                        oid,
                        obj.id,
                        ("601.2h", "701.4a", "607.2q"),
                        reason="is exiled to pay a cost",
                        paid_for=obj.id,
                    )
    for (_flt, n, _rule), oid in zip(total.blight, d.get("blight") or (), strict=False):
        # CR 701.68a: -1/-1 counters on the creature chosen; 701.68d: "whenever you blight"
        if oid in game.objects and game.objects[oid].zone == Zone.BATTLEFIELD:
            put_counters(game, game.objects[oid], "-1/-1", n, ("601.2h", "701.68a"), " (blight)")
        game.emit(
            EventKind.BLIGHT,
            ("701.68d",),
            f"{game.players[player].name} blighted {n}",
            player=player,
        )
    for oid in d.get("reveal") or ():
        game.emit(
            EventKind.REVEAL,
            ("601.2h", "701.20a"),
            f"{game.players[player].name} reveals {game.objects[oid].name} from their hand "
            "to pay a cost",
            obj=oid,
        )
    tapped = [
        t
        for t in (game.objects[o] for o in d.get("tap") or [] if o in game.objects)
        if pay_tap(game, t, ("601.2h", "701.26a"), logged=f"{t.name} is tapped to pay a cost")
    ]
    if tapped:
        game.invalidate()
        became_tapped(game, tuple(tapped), ("601.2h",))
    paid = dict(obj.paid or {})
    paid["mana_spent"] = spent
    paid["convoked"] = len(convoke)
    paid["improvised"] = len(improvise)
    paid["delved"] = len(delve)
    if total.optional_paid:
        paid["additional_cost_paid"] = True  # "if this spell's additional cost was paid"
    if sacrificed:
        paid["sacrificed"] = sacrificed
    revealed = [_lki_record(game, oid) for oid in d.get("reveal") or () if oid in game.objects]
    if revealed:
        # "As an additional cost ..., reveal a creature card from your hand. ... the
        # revealed card's mana value": that card, as it was revealed if it has left
        # the hand since (CR 601.2h, 608.2h)
        paid[REVEALED_TO_PAY] = revealed
    obj.paid = paid
    # costs paid: creatures tapped for convoke (the moves and the mana payment said
    # so themselves); the spell's own characteristics are forgotten with it
    game.invalidate(TAPPED_FOR_MANA, *convoke, *improvise)
    return True


#: why the caster chooses the objects of a cost with no decision purpose of its own
_COST_PURPOSES: Final = {"behold": DecisionPurpose.REVEAL, "blight": DecisionPurpose.CHOOSE}


def _announced_cost(
    game: Game,
    task: Task,
    obj: GameObject,
    names: list[str],
    legal: list[int],
    auto: int | None,
    what: str,
) -> int | None:
    """The index of the cost the caster announces among ``names`` (CR 601.2b): the
    answer given, else ``auto`` (the one that can be taken without asking), else
    asked. None while it's asked, or when the answer or the lack of a payable cost
    undoes the cast (601.2h, 601.2e)."""
    d = task.data
    if task.answer is not None:
        value = str(task.answer.value)
        task.answer = None
        chosen = next((i for i in legal if names[i] == value), None)
        if chosen is None:
            _undo_cast(game, obj, d, f"{value!r} isn't a cost you can pay (rule 601.2b)")
            game.finish(task)
        return chosen
    if auto is not None:
        return auto
    if not legal:
        _undo_cast(game, obj, d, f"you can't pay any of {obj.name}'s {what}s (rule 601.2h)")
        game.finish(task)
        return None
    game.ask(
        Decision(
            DecisionKind.CHOOSE_OPTION,
            d["player"],
            "601.2b",
            f"Which {what} will you pay to cast {obj.name}?",
            {
                "options": [names[i] for i in legal],
                "purpose": DecisionPurpose.COST_CHOICE,
                "obj": obj.id,
            },
        )
    )
    return None


def _announce_alt_choice(game: Game, task: Task, obj: GameObject) -> bool:
    """A spell cast for an alternative cost that two of its abilities grant (its
    printed evoke cost and the evoke {4} it gains as it's cast, Ashling, the
    Limitless): the caster announces which one they pay (CR 601.2b, 118.9), among
    those they could pay (601.2h); one that could be paid alone is taken without
    asking. Kept in the cast's options; False while it's asked, or when none can be
    paid (the cast is undone, 601.2e)."""
    d = task.data
    opts = d["opts"]
    alt = opts.get("alt")
    n = len(costs.alt_abilities(game, obj, alt)) if alt else 0
    if n < 2:
        return True
    player = d["player"]
    names = [costs.alt_label(game, obj, alt, i) for i in range(n)]
    names = [x if names.count(x) == 1 else f"{x} ({i + 1})" for i, x in enumerate(names)]
    legal = [
        i
        for i in range(n)
        if _cost_problem(game, player, obj, {**opts, costs.ALT_CHOICE: i}, as_spell=False) is None
    ]
    chosen = _announced_cost(
        game, task, obj, names, legal, legal[0] if len(legal) == 1 else None, f"{alt} cost"
    )
    if chosen is None:
        return False
    opts[costs.ALT_CHOICE] = chosen
    game.emit(
        EventKind.CHOICE,
        ("601.2b", "118.9"),
        f"{game.players[player].name} chooses to pay {names[chosen]} to cast {obj.name}",
        obj=obj.id,
    )
    return True


def _announce_cost_choice(game: Game, task: Task, obj: GameObject) -> bool:
    """ "As an additional cost to cast this spell, sacrifice a creature or pay {3}":
    the caster announces which cost they pay (CR 601.2b), among those they could
    pay (601.2h); a cast that gives what it sacrifices or discards (``sacrifice``,
    ``discard``) announces the cost that does. Kept in the cast's options; False
    while it's asked, or when none can be paid (the cast is undone, 601.2e)."""
    d = task.data
    opts = d["opts"]
    options = costs.cost_options(game, obj)
    if not options:
        return True
    player = d["player"]
    names = costs.option_labels(options)
    legal = [
        i
        for i in range(len(options))
        if _cost_problem(game, player, obj, {**opts, costs.COST_CHOICE: i}, as_spell=False) is None
    ]
    given = [
        i
        for i in legal
        if (options[i].sacrifice is not None and opts.get("sacrifice"))
        or (options[i].discard is not None and opts.get("discard"))
    ]
    auto = given[0] if len(given) == 1 else legal[0] if len(legal) == 1 else None
    chosen = _announced_cost(game, task, obj, names, legal, auto, "additional cost")
    if chosen is None:
        return False
    opts[costs.COST_CHOICE] = chosen
    game.emit(
        EventKind.CHOICE,
        ("601.2b", "118.8"),
        f"{game.players[player].name} chooses to {names[chosen]} as an additional cost "
        f"to cast {obj.name}",
        obj=obj.id,
    )
    return True


def _waterbend_x_payers(game: Game, obj: GameObject, ability: Ability) -> int:
    """How many artifacts and creatures could pay for an activated ability's
    "Waterbend {X}" as X is announced (CR 701.67a, 107.3: its generic mana)."""
    if obj.stack_kind != "activated" or obj.source_id is None or ability.cost is None:
        return 0
    if waterbend.waterbend_generic(ability.cost, 1) is None:
        return 0
    exclude = (obj.source_id,) if ability.cost.tap else ()
    return len(waterbend.tap_candidates(game, obj.controller, exclude))


def _waterbend_taps(
    game: Game,
    task: Task,
    obj: GameObject,
    mana: mana_costs.ManaCost,
    generic: int,
    sources: list[mana_rules.Source],
    on: Spending,
) -> list[int] | None:
    """CR 701.67a-b, 601.2h: the artifacts and creatures the caster taps to pay for
    the generic mana of the spell's waterbend cost (at most that much, and never
    more than the generic mana left in the total cost); None while it's asked."""
    player = task.data["player"]
    if task.answer is not None:
        chosen = list(task.answer.objects)
        task.answer = None
        return chosen
    cands = waterbend.tap_candidates(game, player, tuple(task.data.get("tap") or ()))
    most = min(generic, mana.generic)
    fewest = waterbend.fewest_taps(game, player, mana, min(most, len(cands)), sources, on)
    decision = waterbend.tap_decision(game, player, obj.name, cands, fewest, most)
    if decision is None:
        return waterbend.default_taps(cands, fewest, most)
    game.ask(decision)
    return None


def _delve_exile(game: Game, oid: int | None, what: str) -> None:
    """CR 702.66a: exile a card from your graveyard to pay for {1}."""
    if oid is None:
        # a replacement effect put the sacrificed card somewhere else (CR 614.6)
        game.emit(
            EventKind.DELVE, ("702.66a", "601.2h"), "A card chosen for delve isn't in the graveyard"
        )
        return
    move(game, oid, Zone.EXILE, ("702.66a",), reason=f"is exiled to help pay for {what} (delve)")


def _in_graveyard(game: Game, player: int, card_uid: int) -> int | None:
    """The object in ``player``'s graveyard that the card ``card_uid`` became (CR 400.7)."""
    for oid in game.players[player].graveyard:
        if game.objects[oid].card_uid == card_uid:
            return oid
    return None


def _exile_cost_zone(flt: Filter) -> str:
    """Where an "exile ... as a cost" card comes from: the graveyard or the hand
    (CR 601.2h); a permanent to exile is on the battlefield."""
    return flt.zone if flt.zone in ("graveyard", "hand") else "battlefield"


def _lki_record(game: Game, oid: int) -> dict[str, Any]:
    """Last known information about a permanent (or a card revealed from the hand)
    paid as a cost (CR 608.2h)."""
    o = game.objects[oid]
    c = chars(game, o)
    return {
        "id": oid,
        "controller": o.controller,
        "owner": o.owner,
        "name": o.name,
        "power": c.power,
        "toughness": c.toughness,
        "mana_cost": c.mana_cost,
        "mana_value": c.mana_value,
        "types": sorted(c.types),
        "subtypes": sorted(c.subtypes),
        "supertypes": sorted(c.supertypes),
        "colors": sorted(c.colors),
        "counters": dict(o.counters),  # "the number of verse counters on it" (122.1)
    }


def _undo_cast(game: Game, obj: GameObject, d: dict, why: str = "") -> None:
    """CR 601.2e / 732.1: return to the moment before the spell was proposed
    (the card goes back where it came from)."""
    zone = Zone.BY_NAME.get(str(d.get("from_zone") or "hand"), Zone.HAND)
    new_id = move(game, obj.id, zone, ("732.1",), quiet=True)
    if new_id is not None and zone == Zone.EXILE and d.get("exile_counters"):
        game.objects[new_id].counters.update(d["exile_counters"])
    if d.get("prepared_from") is not None:
        restore_prepared(game, d["prepared_from"], new_id)
    game.emit(
        EventKind.ILLEGAL_CAST,
        ("601.2e", "732.1"),
        f"Casting {obj.name} was illegal and is reversed" + (f": {why}" if why else ""),
    )


# ---------------------------------------------------------------------------
# Choices on the stack: modes, X, targets, division (CR 601.2b-d, 602.2b, 603.3d)
# ---------------------------------------------------------------------------


def _x_cost(
    game: Game, obj: GameObject, opts: dict[str, Any] | None = None
) -> mana_costs.ManaCost | None:
    """The mana cost whose {X} the player announces (CR 107.3a, 601.2b), if any;
    ``opts``: a spell's announced choices, whose kicker cost may have {X} ("Kicker
    {X}": its X is the spell's X, 107.3)."""
    if obj.stack_kind == "spell":
        cost = mana_costs.parse_cost(chars(game, obj).mana_cost)
        if not cost.x and opts and any(opts.get("kicker") or ()):
            total, _problem = costs.total_cost(game, obj.controller, obj, opts)
            if total.mana_x:
                return mana_costs.ManaCost(x=1)
    elif obj.stack_kind == "activated" and obj.ability is not None and obj.ability.cost is not None:
        cost = mana_costs.parse_cost(obj.ability.cost.mana)
    else:
        return None
    return cost if cost.x else None


def _max_x_with_cost_changes(
    game: Game, obj: GameObject, opts: dict[str, Any], limit: int = 20
) -> int:
    """The largest X whose total cost (CR 601.2f: with cost increases and reductions,
    "spells cost {1} less") the player could pay (107.3a). ``obj.x`` is restored."""
    sources = mana_rules.mana_sources(game, obj.controller)
    best = 0
    try:
        for x in range(limit + 1):
            obj.x = x
            total, problem = costs.total_cost(game, obj.controller, obj, opts)
            if (
                problem
                or mana_rules.plan_payment(
                    game, obj.controller, total.mana, sources, on=_spending_on(game, obj, opts)
                )
                is None
            ):
                break
            best = x
    finally:
        obj.x = None
    return best


@task_handler("choices")
def choices_task(game: Game, task: Task) -> None:
    d = task.data
    obj = game.objects[d["obj"]]
    ability = obj.ability
    if ability is None:
        needs_x = obj.x is None and _x_cost(game, obj, d.get("opts")) is not None
        if obj.stack_kind != "spell" or not (needs_x or cast_choices.next_choice(game, obj)):
            game.finish(task)
            return
        # CR 601.2b: a permanent spell still has X and its cast choices chosen
        # (Altered Ego: "enters with X additional +1/+1 counters"; Caller of the Hunt)
        ability = Ability(AbilityKind.SPELL)
    source = game.objects.get(obj.source_id, obj) if obj.source_id is not None else obj
    # stage 0: modes (CR 601.2b, 700.2)
    if task.stage == 0:
        if ability.modes and obj.paid and obj.paid.get("entwine") and not obj.modes:
            # CR 702.42a: entwined, the spell uses all its modes.
            obj.modes = tuple(range(len(ability.modes)))
            game.emit(
                EventKind.MODES,
                ("601.2b", "702.42a"),
                f"{obj.name} is entwined: all modes are chosen",
            )
        if ability.modes and not obj.modes:
            if task.answer is None:
                lo, hi = modes_count(game, ability, obj)
                ok = [
                    i
                    for i, m in enumerate(ability.modes)
                    # CR 700.2a: a mode with no legal targets can't be chosen
                    if _specs_satisfiable(game, m.targets, obj.controller, source, obj.id)
                ]
                taken = modes_taken(game, ability, source)
                if taken:
                    # CR 700.2b: "choose one that hasn't been chosen": those are out
                    ok = [i for i in ok if i not in taken]
                repeat = any(k == "modes_repeat" for k, _ in ability.restrictions)
                if any(k == "modes_different_players" for k, _ in ability.restrictions):
                    # "Each mode must target a different player": as many modes at most
                    # as there are players the modes could target (CR 700.2, 601.2c)
                    hi = min(hi, len(_mode_target_pool(game, ability, obj, source)))
                if obj.stack_kind == "triggered" and (
                    not ok if repeat else len(ok) < lo or hi < lo
                ):
                    _remove_from_stack(game, obj, "603.3c", "no mode can be chosen")
                    game.finish(task)
                    return
                game.ask(
                    Decision(
                        DecisionKind.MODES,
                        obj.controller,
                        "700.2",
                        f"Choose {'one mode' if hi == 1 else f'{lo} modes' if lo == hi else f'{lo} to {hi} modes'}"
                        f" for {obj.name}",
                        {
                            "obj": obj.id,
                            "modes": mode_texts(ability),
                            "legal": ok,
                            "min": lo,
                            "max": hi,
                            # CR 700.2d: "You may choose the same mode more than once."
                            "repeat": repeat,
                            # "choose one that hasn't been chosen" (CR 700.2b)
                            "taken": sorted(taken),
                        },
                    )
                )
                return
            obj.modes = tuple(task.answer.modes)
            task.answer = None
            _note_modes_chosen(game, ability, source, obj.modes)
            if len(set(obj.modes)) != len(obj.modes):
                obj.ability, obj.modes = repeat_modes(ability, obj.modes)
                ability = obj.ability
            game.emit(
                EventKind.MODES,
                ("601.2b", "700.2"),
                f"Mode chosen for {obj.name}: "
                + "; ".join(ability.modes[m].text for m in obj.modes),
            )
        task.stage = 1
    if task.stage == 1 and len(obj.modes) > 1 and not d.get("renumbered"):
        # CR 700.2, 702.42b: with several modes chosen, each mode's targets follow
        # those of the modes before it.
        obj.ability = _renumber_mode_targets(ability, obj.modes)
        ability = obj.ability
        d["renumbered"] = True
    # stage 1: choices announced with the costs, then X (CR 107.3, 601.2b)
    if task.stage == 1:
        what = cast_choices.next_choice(game, obj)
        while what is not None:
            if task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.CHOOSE_OPTION,
                        obj.controller,
                        "601.2b",
                        f"As you cast {obj.name}, choose a {what.replace('_', ' ')}",
                        choice_data(game, what, obj.controller),  # card names: CR 201.3
                    )
                )
                return
            cast_choices.record(game, obj, what, task.answer.value)
            task.answer = None
            what = cast_choices.next_choice(game, obj)
        xcost = _x_cost(game, obj, d.get("opts"))
        loyalty_x = (
            obj.stack_kind == "activated"
            and ability.cost is not None
            and loyalty_rules.is_variable(ability.cost)
        )
        # "As an additional cost, pay X life": X announced too (CR 601.2b, 107.3)
        cost_x = (
            costs.additional_x_limit(game, obj, d.get("opts"))
            if obj.stack_kind == "spell"
            else None
        )
        if obj.stack_kind == "activated" and ability.cost is not None:
            # "{T}, Sacrifice X lands: ...": X announced with the ability (CR 602.2b, 601.2b)
            src = game.objects.get(obj.source_id) if obj.source_id is not None else None
            if src is not None:
                cost_x = costs.cost_x_limit(game, obj.controller, src, ability.cost)
        if (xcost is not None or loyalty_x or cost_x is not None) and obj.x is None:
            if task.answer is None:
                if xcost is None and not loyalty_x:
                    assert cost_x is not None
                    hi = cost_x
                elif loyalty_x:
                    # CR 606.6: "[−X]" removes at most the loyalty counters there are.
                    assert obj.source_id is not None and ability.cost is not None  # loyalty_x
                    hi = loyalty_rules.max_x(game.objects.get(obj.source_id), ability.cost)
                    if xcost is not None:
                        hi = min(hi, mana_rules.max_x(game, obj.controller, xcost))
                else:
                    assert xcost is not None  # not loyalty_x
                    hi = mana_rules.max_x(
                        game, obj.controller, xcost, on=_spending_on(game, obj, d.get("opts"))
                    )
                    if obj.stack_kind == "spell":
                        # cost increases and reductions change the total cost X is
                        # paid in (601.2f): "spells cost {1} more" lowers the largest X
                        hi = _max_x_with_cost_changes(game, obj, d.get("opts") or {}, limit=hi + 20)
                    # cards announced for delve and artifacts for improvise pay {X}
                    # as generic mana (CR 702.66a, 702.126a)
                    hi += int(d.get("delve", 0))
                    hi += _waterbend_x_payers(game, obj, ability)
                    if cost_x is not None:
                        hi = min(hi, cost_x)
                # "X can't be 0" (Marath): at least 1; a player who can't pay {1}
                # more finds the payment impossible and the activation is reversed
                # (CR 601.2h, 732.1)
                lo = max((int(v) for k, v in ability.restrictions if k == "x_min"), default=0)
                game.ask(
                    Decision(
                        DecisionKind.X,
                        obj.controller,
                        "107.3a",
                        f"Choose X for {obj.name}",
                        {
                            "min": lo,
                            "max": max(lo, hi),
                            **({"purpose": DecisionPurpose.LOYALTY} if loyalty_x else {}),
                        },
                    )
                )
                return
            obj.x = int(task.answer.value)
            task.answer = None
            game.emit(EventKind.X, ("601.2b", "107.3a"), f"X is {obj.x} for {obj.name}")
        task.stage = 2
    # stage 2: targets, one target phrase at a time (CR 601.2c, 115.1)
    if obj.stack_kind == "spell" and task.stage == 2 and not d.get("required_targets"):
        # CR 601.2c: targets required only if a cost was chosen
        obj.ability = ability = required_targets(game, obj, ability)
        d["required_targets"] = True
    specs = target_specs(ability, obj.modes)
    while task.stage == 2:
        i = d["spec"]
        if i >= len(specs):
            task.stage = 3
            break
        spec = with_x_count(counted_now(game, specs[i], obj), announced_x(game, obj))
        each_flt = per_player_phrase(ability, i)
        if each_flt is not None:
            # "for each opponent, ... target creature that player controls": the
            # phrase is chosen once for each of those players in turn (CR 601.2c, 115.1)
            players = players_for_phrase(game, each_flt, obj.controller, source)
            each = d.setdefault("each", {"players": players, "k": 0, "chosen": []})
            if task.answer is not None:
                p = each["players"][each["k"]]
                each["chosen"].extend([t, p] for t in task.answer.targets)
                each["k"] += 1
                task.answer = None
            if each["k"] >= len(each["players"]):
                _record_per_player_targets(obj, i, each["chosen"])
                del d["each"]
                d["spec"] = i + 1
                continue
            spec = for_player(spec, each["players"][each["k"]])
        if spec.divide and isinstance(spec.max, int) and isinstance(spec.min, int):
            # CR 601.2d: each target gets at least one of what is divided, so "6 damage
            # divided as you choose among any number of targets" has at most 6 targets.
            most = max(1, _divided_amount(game, obj, ability))
            spec = replace(spec, min=min(spec.min, most), max=min(spec.max, most))
        if task.answer is None:
            cands = candidates(game, spec, obj.controller, source, stack_obj=obj.id)
            conds = spec.filter.conditions
            if (("other", True) in conds or ("second_target", True) in conds) and obj.targets:
                # "any other target", "another target creature" after an earlier
                # target: not one already chosen for it (CR 115.3, 601.2c)
                earlier = {t for chosen in obj.targets for t in chosen}
                cands = [t for t in cands if t not in earlier]
            if obj.targets and any(k == "modes_different_players" for k, _ in ability.restrictions):
                # "Each mode must target a different player." (Vindictive Lich): not a
                # player an earlier mode targets (CR 700.2, 601.2c)
                earlier = {t for chosen in obj.targets for t in chosen}
                cands = [t for t in cands if t not in earlier]
            if len(cands) < spec.min and each_flt is None:
                # (a per-player phrase asks for a variable number of targets: a
                # player with nothing it could target gets none, CR 601.2c)
                if obj.stack_kind == "triggered":
                    # CR 603.3d: no legal targets: removed from the stack.
                    _remove_from_stack(game, obj, "603.3d", "it has no legal targets")
                    game.finish(task)
                    return
            if spec.max == 0:
                obj.targets.append(())
                d["spec"] = i + 1
                continue
            one_gy = from_single_graveyard(spec.filter)  # CR 115.3: a rule for the group
            most = most_in_one_graveyard(game, cands) if one_gy else len(cands)
            game.ask(
                Decision(
                    DecisionKind.TARGETS,
                    target_chooser(game, spec, obj.controller),
                    "601.2c"
                    if obj.stack_kind == "spell"
                    else ("603.3d" if obj.stack_kind == "triggered" else "602.2b"),
                    f"Choose {_count_text(spec)} target(s) for {obj.name}",
                    {
                        "candidates": cands,
                        "min": min(spec.min, most),
                        "max": min(spec.max, most),
                        "spec": i,
                        "obj": obj.id,
                        **({SINGLE_GRAVEYARD: True} if one_gy else {}),
                    },
                )
            )
            return
        chosen = tuple(task.answer.targets)
        task.answer = None
        obj.targets.append(chosen)
        d["spec"] = i + 1
    # stage 3: division (CR 601.2d)
    if task.stage == 3:
        for i, spec in enumerate(specs):
            if not spec.divide or i >= len(obj.targets):
                continue
            chosen = obj.targets[i]
            total = _divided_amount(game, obj, ability)
            if len(chosen) == 1:
                obj.division = {**(obj.division or {}), chosen[0]: total}
            elif len(chosen) > 1 and (obj.division is None or chosen[0] not in obj.division):
                if task.answer is None:
                    game.ask(
                        Decision(
                            DecisionKind.DIVIDE,
                            obj.controller,
                            "601.2d",
                            f"Divide {total} among the targets of {obj.name}",
                            {"targets": list(chosen), "total": total},
                        )
                    )
                    return
                division = dict(task.answer.division)
                obj.division = {**(obj.division or {}), **division}
                task.answer = None
                shares = ", ".join(f"{n} to {describe(game, t)}" for t, n in division.items())
                game.emit(
                    EventKind.CHOICE,
                    ("601.2d",),
                    f"{game.players[obj.controller].name} divides {total} among the targets "
                    f"of {obj.name}: {shares}",
                    obj=obj.id,
                )
        if obj.stack_kind == "triggered" and any(obj.targets):
            # CR 603.3d: the triggered ability's targets are chosen ("becomes the
            # target" abilities such as ward, 702.21a, watch this event).
            game.emit(
                EventKind.TRIGGER_TARGETS,
                ("603.3d",),
                f"{obj.name}'s triggered ability targets "
                + ", ".join(describe(game, t) for spec in obj.targets for t in spec),
                obj=obj.id,
            )
        game.finish(task)


#: the cast record's key for what the attackers returned to pay the cost were attacking
RETURNED_ATTACKING: Final = "returned_attacking"


def _pay_return(game: Game, obj: GameObject, chosen: list[int]) -> None:
    """CR 601.2h: "return an unblocked attacker you control to hand" as part of the
    cost (sneak); what each returned attacker was attacking is kept for the spell (the
    permanent it becomes enters attacking that, CR 508.4)."""
    returned = []
    with simultaneous(game, chosen):  # one event (CR 603.2c)
        for oid in chosen:
            o = game.objects.get(oid)
            if o is None or o.zone != Zone.BATTLEFIELD:
                continue
            defender = game.combat.attackers.get(oid) if game.combat is not None else None
            returned.append({"name": o.name, "defender": defender})
            move(game, oid, Zone.HAND, ("601.2h",), reason="is returned to its owner's hand (cost)")
    if returned:
        game.turn_flags.cost_returned[obj.id] = returned
        # (the cast record the permanent keeps, CR 400.7d)
        attacked = [r["defender"] for r in returned if r["defender"] is not None]
        obj.paid = {**(obj.paid or {}), RETURNED_ATTACKING: attacked}


def _record_per_player_targets(obj: GameObject, index: int, chosen: list[list[int]]) -> None:
    """The targets of a phrase chosen once per player, and whom each was chosen for
    (read back by rules/targets.chosen_for, CR 601.2c, 608.2c)."""
    obj.targets.append(tuple(t for t, _ in chosen))
    record = dict((obj.chosen or {}).get(EACH_PLAYER_TARGETS, {}))
    record[str(index)] = [list(pair) for pair in chosen]
    obj.chosen = {**(obj.chosen or {}), EACH_PLAYER_TARGETS: record}


def _renumber_mode_targets(ability: Ability, modes: tuple[int, ...]) -> Ability:
    """Shift the target references of each chosen mode past the targets of the
    modes chosen before it (a mode's text numbers its own targets from 0)."""
    new_modes = list(ability.modes)
    offset = 0
    for m in modes:
        if not 0 <= m < len(new_modes):
            continue
        mode = ability.modes[m]
        if offset:
            new_modes[m] = replace(
                mode, effects=tuple(shift_target_refs(e, offset) for e in mode.effects)
            )
        offset += len(mode.targets)
    return replace(ability, modes=tuple(new_modes))


def repeat_modes(ability: Ability, modes: tuple[int, ...]) -> tuple[Ability, tuple[int, ...]]:
    """CR 700.2d: a mode chosen several times is treated as if it appeared that many
    times in sequence; each instance becomes a mode of its own, next to the printed
    one, so that it has its own targets (any, same or different). Returns the ability
    and the chosen modes, whose indices ascend in printed order (CR 608.2c)."""
    new_modes: list[Mode] = []
    out: list[int] = []
    for i, mode in enumerate(ability.modes):
        times = modes.count(i)
        for _ in range(max(1, times)):
            new_modes.append(mode)
            if times:
                out.append(len(new_modes) - 1)
    return replace(ability, modes=tuple(new_modes)), tuple(out)


def _count_text(spec: TargetSpec) -> str:
    if spec.min == spec.max:
        return str(spec.max)
    return f"{spec.min} to {spec.max}"


def _divided_amount(game: Game, obj: GameObject, ability: Ability) -> int:
    """What is divided among the targets (CR 601.2d): the number of the first
    effect, counted as the spell or ability is put on the stack ("distribute X +1/+1
    counters ..., where X is the number of +1/+1 counters on this creature")."""
    for e in ability.effects:
        amt = e.args.get("amount")
        if isinstance(amt, int):
            return amt
        if isinstance(amt, Amount):
            return Ctx(game, obj, None).amount(amt)
    return 0


def _remove_from_stack(game: Game, obj: GameObject, rule: str, why: str) -> None:
    game.stack.remove(obj.id)
    del game.objects[obj.id]
    game.emit(
        EventKind.TRIGGER_REMOVED,
        (rule,),
        f"{obj.name}'s triggered ability is removed from the stack: {why}",
    )


def _spending_on(game: Game, obj: GameObject, opts: dict[str, Any] | None = None) -> Spending:
    """What the mana paid for the spell or ability ``obj`` on the stack is spent
    on (CR 106.6): the spell, or an ability of its source; ``opts``: a spell's
    announced choices (a kicker cost with {X} makes its cost one with {X})."""
    x = _x_cost(game, obj, opts) is not None  # CR 107.3
    if obj.stack_kind == "spell":
        return Spending("spell", obj.id, x)
    return Spending("ability", obj.source_id if obj.source_id is not None else obj.id, x)
