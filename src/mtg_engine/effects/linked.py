"""Effects of linked abilities (CR 607): exiling a card for another ability to
find, and using the card it found: champion (702.72a), hideaway (702.75a),
haunt (702.55a), "play/cast the exiled card without paying its mana cost"
(CR 118.9, 305.1).

The link itself lives in :mod:`mtg_engine.rules.linked`.
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import Effect, Filter
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject, Zone
from ..rules.casting import cast_while_resolving, spell_problem
from ..rules.characteristics import chars
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object
from ..rules.linked import exiled_with, link_owner
from ..rules.linked_exile import exile_linked
from ..rules.permanents import enter_battlefield, sacrifice
from ..rules.player_limits import lands_played_problem, may_play_another_land
from ..rules.support import register
from ..rules.zones import move
from . import effect
from .copy import copy_cards


def _source_on_battlefield(ctx: Ctx) -> GameObject | None:
    """The source permanent, if it's still the same object on the battlefield (CR 400.7)."""
    src = ctx.source
    if src is ctx.obj or src.id not in ctx.game.objects or src.zone != Zone.BATTLEFIELD:
        return None
    return src


# ---------------------------------------------------------------------------
# Champion (CR 702.72a)
# ---------------------------------------------------------------------------


@effect("champion_exile")
def champion_exile(ctx: Ctx, e: Effect) -> bool:
    """CR 702.72a: "sacrifice it unless you exile another [object] you control".

    The exiled card is linked to the champion (702.72b, 607.2k); if the champion
    already left the battlefield, the card can still be exiled but nothing will
    return it (ruling 502.72.1), and there is nothing to sacrifice."""
    g = ctx.game
    s = ctx.scratch
    flt = e.args.get("filter")
    me = link_owner(ctx.obj)
    if "candidates" not in s:
        cands = []
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.phased_out or o.id == me or o.controller != ctx.controller:
                continue
            if not isinstance(flt, Filter) or matches_object(g, o, flt, ctx.controller, o):
                cands.append(oid)
        s["candidates"] = cands
    cands = [c for c in s["candidates"] if c in g.objects]
    chosen: list[int] = []
    if cands:
        if ctx.answer is None:
            what = str(e.args.get("what", "permanent"))
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "702.72a",
                f"Champion: exile another {what} you control, or sacrifice "
                f"{ctx.obj.name.removesuffix(' ability')}",
                {"candidates": cands, "min": 0, "max": 1, "purpose": DecisionPurpose.CHAMPION},
            )
        chosen = [c for c in ctx.take_answer().objects if c in cands][:1]
    if chosen:
        src = _source_on_battlefield(ctx)
        championed = g.objects[chosen[0]]
        if src is not None:
            KEYWORD_HOOKS.championed_triggers(g, src, championed)  # CR 702.72c, before it leaves
        exile_linked(g, chosen[0], me, ("702.72a", "607.2k"), reason="is championed and exiled")
        return True
    src = _source_on_battlefield(ctx)
    if src is not None:
        sacrifice(g, src.id, ("702.72a", "701.21a"))
    return True


@effect("return_linked")
def return_linked(ctx: Ctx, e: Effect) -> bool:
    """Champion's second ability (CR 702.72a): "return the exiled card to the
    battlefield under its owner's control" — only the card its linked ability
    exiled (607.2a), if it's still in exile."""
    g = ctx.game
    rule = str(e.args.get("rule", "607.2a"))
    for card in exiled_with(g, link_owner(ctx.obj)):
        card.face_down = False
        enter_battlefield(g, card.id, controller=card.owner, rules=(rule, "607.2a"))
    return True


# ---------------------------------------------------------------------------
# Hideaway (CR 702.75a)
# ---------------------------------------------------------------------------


@effect("hideaway")
def hideaway(ctx: Ctx, e: Effect) -> bool:
    """CR 702.75a: "look at the top N cards of your library. Exile one of them face
    down and put the rest on the bottom of your library in a random order." The
    exiled card is linked to the permanent (607.2a); its controller may look at it."""
    g = ctx.game
    s = ctx.scratch
    p = g.players[ctx.controller]
    n = ctx.count(e.args.get("amount", 4))
    if "looked" not in s:
        s["looked"] = list(reversed(p.library[-n:])) if n > 0 else []  # top first
        g.emit(
            EventKind.LOOK,
            ("702.75a",),
            f"{p.name} looks at the top {len(s['looked'])} card(s) of their library",
        )
    looked = [c for c in s["looked"] if c in g.objects and g.objects[c].zone == Zone.LIBRARY]
    if not looked:
        return True
    if len(looked) == 1:
        pick = looked[0]
    else:
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "702.75a",
                "Hideaway: choose a card to exile face down",
                {"candidates": looked, "min": 1, "max": 1, "purpose": DecisionPurpose.HIDEAWAY},
            )
        got = [c for c in ctx.take_answer().objects if c in looked]
        pick = got[0] if got else looked[0]
    exile_linked(
        g,
        pick,
        link_owner(ctx.obj),
        ("702.75a", "406.3"),
        reason="is exiled face down",
        face_down=True,
    )
    rest = [c for c in looked if c != pick]
    g.rng.shuffle(rest)  # CR 702.75a: in a random order
    for c in rest:
        move(g, c, Zone.LIBRARY, ("702.75a",), bottom=True, quiet=True)
    if rest:
        g.emit(
            EventKind.LIBRARY_BOTTOM,
            ("702.75a",),
            f"{p.name} puts {len(rest)} card(s) on the bottom of their library in a random order",
        )
    return True


# ---------------------------------------------------------------------------
# "You may play / cast the exiled card without paying its mana cost"
# ---------------------------------------------------------------------------


@effect("play_free", "cast_free", "cast")
def play_free(ctx: Ctx, e: Effect) -> bool:
    """Play (or cast) a card while this ability resolves, without paying its mana
    cost (CR 118.9a, 608.2g). A land is played only if it's your turn and you
    have a land play left, and that uses it (CR 305.2, ruling 502.75.2); a spell
    ignores timing permissions (ruling 502.75.1). With ``may`` the player is
    asked only when it can be done. ``cast`` ("You may cast target instant or
    sorcery card ... from your graveyard", Chandra, Acolyte of Flame): cast the same
    way, its costs paid (CR 608.2g, 601.2f-h)."""
    paying = e.op == "cast"
    g = ctx.game
    s = ctx.scratch
    if s.get("cast_pushed"):
        return True
    player = ctx.controller
    card_id = s.get("card")
    if card_id is None:
        cards = [o for o in ctx.objects(e.args.get("what")) if o.zone != Zone.BATTLEFIELD]
        if not cards:
            g.emit(EventKind.NOT_PLAYED, ("608.2b",), f"{ctx.obj.name}: there's no card to play")
            _done(ctx, False)
            return True
        if e.args.get("choose_one") and len(cards) > 1:
            # "play one of them": the player picks which (as the ability resolves)
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    "608.2d",
                    "Choose the card to play",
                    {
                        "candidates": [o.id for o in cards],
                        "min": 1,
                        "max": 1,
                        "purpose": DecisionPurpose.PLAY,
                    },
                )
            got = [o for o in ctx.take_answer().objects if o in {c.id for c in cards}]
            cards = [g.objects[got[0]]] if got else cards
        card_id = cards[0].id
        s["card"] = card_id
    card = g.objects.get(card_id)
    if card is None:
        return True
    was_face_down = card.face_down
    card.face_down = False  # the card is turned face up as it's played (CR 406.3, 708)
    g.invalidate()
    is_land = "Land" in chars(g, card).types
    if is_land:
        problem = _land_problem(ctx, player, e)
    else:
        problem = spell_problem(
            g, player, card, {} if paying else {"alt": "without_paying"}, with_priority=False
        )
    if problem is None and e.args.get("may"):
        if "yes" not in s:
            if ctx.answer is None:
                card.face_down = was_face_down
                g.invalidate()
                return ctx.ask(
                    DecisionKind.YES_NO,
                    "118.9a",
                    f"{'Play' if is_land else 'Cast'} {card.name}"
                    + ("?" if paying else " without paying its mana cost?"),
                    {"purpose": DecisionPurpose.MAY},
                )
            s["yes"] = bool(ctx.take_answer().value)
        if not s["yes"]:
            problem = "you chose not to"
    if problem is not None:
        card.face_down = was_face_down
        g.invalidate()
        g.emit(EventKind.NOT_PLAYED, ("608.2b",), f"{card.name} isn't played: {problem}")
        _done(ctx, False)
        return True
    _done(ctx, True)
    if is_land:
        g.players[player].lands_played += 1  # CR 305.2: it's the turn's land play
        enter_battlefield(g, card.id, controller=player, rules=("305.1", "118.9a"))
        return True
    s["cast_pushed"] = True
    opts: dict[str, Any] = {} if paying else {"alt": "without_paying"}
    only = e.args.get("exile_instead")
    if only and (not isinstance(only, tuple | list) or chars(g, card).types & set(only)):
        # "If that spell would be put into your graveyard, exile it instead" (614.1a);
        # "if an instant or sorcery spell cast this way ..." only for such a spell
        opts["exile_instead"] = ctx.source.name
    cast_while_resolving(g, card.id, player, opts)
    return False  # the cast task runs now; this handler is called again afterwards


@effect("copy_card")
def copy_card(ctx: Ctx, e: Effect) -> bool:
    """CR 707.12: "copy the exiled card" — a copy of the card is created in the zone the
    card is in, for a later instruction to cast ("you may cast the copy"); a copy of a
    card that isn't cast ceases to exist (CR 704.5e)."""
    ctx.set_parent("it", copy_cards(ctx, ctx.objects(e.args.get("what"))))
    return True


def _done(ctx: Ctx, done: bool) -> None:
    """For a later "If you do, ..." (CR 608.2c): whether the card was played."""
    if ctx.task is not None:
        ctx.task.data["last_done"] = done


def _land_problem(ctx: Ctx, player: int, e: Effect) -> str | None:
    g = ctx.game
    if e.op in ("cast_free", "cast"):
        return "a land can't be cast (rule 305.9)"
    if g.active != player:
        return "a land can be played only during your own turn (rule 305.2)"
    if not may_play_another_land(g, player):
        return lands_played_problem(g, player)
    return None


register(
    "arg:play_free.may",
    "arg:cast_free.may",
    "arg:play_free.choose_one",
    "arg:cast_free.choose_one",
    "arg:cast_free.exile_instead",
    "arg:cast.may",
    "arg:cast.exile_instead",
)


# ---------------------------------------------------------------------------
# Haunt (CR 702.55a)
# ---------------------------------------------------------------------------


@effect("haunt_exile")
def haunt_exile(ctx: Ctx, e: Effect) -> bool:
    """CR 702.55a: "exile it haunting target creature" — "it" is the card the
    trigger saw go to the graveyard (the trigger's event object)."""
    targets = ctx.objects(e.args.get("target"))
    card_id = (ctx.obj.trigger_data or {}).get("obj")
    if not targets or not isinstance(card_id, int):
        return True
    if KEYWORD_HOOKS.haunt_exile(ctx.game, card_id, targets[0].id, link_owner(ctx.obj)) is None:
        ctx.game.emit(
            EventKind.NO_HAUNT,
            ("702.55a", "400.7"),
            f"{ctx.obj.name}: the card isn't in the graveyard any more, so it doesn't haunt",
        )
    return True


# ---------------------------------------------------------------------------
# Cipher (CR 702.99a)
# ---------------------------------------------------------------------------


@effect("cipher_encode")
def cipher_encode(ctx: Ctx, e: Effect) -> bool:
    """CR 702.99a: "If this spell is represented by a card, you may exile this card
    encoded on a creature you control" (the spell's last instruction; a copy isn't a
    card, 707.10). The exiled card keeps the creature in ``links["encoded_on"]``
    (rules/linked_exile.ENCODED_ON, 702.99b-c)."""
    g = ctx.game
    spell = ctx.obj
    if spell.stack_kind != "spell" or spell.is_token or g.objects.get(spell.id) is not spell:
        return True
    if spell.zone != Zone.STACK:
        return True
    creatures = [
        oid
        for oid in g.battlefield
        if g.objects[oid].controller == ctx.controller
        and not g.objects[oid].phased_out
        and "Creature" in chars(g, g.objects[oid]).types
    ]
    if not creatures:
        return True
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.CHOOSE_OBJECTS,
            "702.99a",
            f"{spell.name}: you may exile it encoded on a creature you control",
            {"candidates": creatures, "min": 0, "max": 1, "purpose": DecisionPurpose.CHOOSE},
        )
    chosen = list(ctx.take_answer().objects)
    if not chosen or chosen[0] not in creatures:
        return True
    creature = g.objects[chosen[0]]
    exile_linked(
        g,
        spell.id,
        spell.id,
        ("702.99a", "702.99b"),
        reason=f"is exiled encoded on {creature.name}",
        encoded_on=creature.id,
    )
    return True
