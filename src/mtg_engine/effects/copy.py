"""Copy effects of resolving spells and abilities (CR 707).

* ``become`` with ``copy_of``: "target creature becomes a copy of that
  creature until end of turn" (Cytoshape), "this creature becomes a copy of
  that creature, except it has this ability" (Unstable Shapeshifter): a
  layer-1a effect (CR 707.4: no enters/leaves triggers; other effects on it
  keep applying).
* ``copy_permanent``: "create a token that's a copy of ..." (CR 707.2, 111.1;
  a copy of a double-faced permanent is a double-faced token with the same
  face up, 707.8a); the token enters through the replacement effects that
  apply to it (707.5: a token copy of Clone may copy something).
* ``copy_spell``: "copy target instant or sorcery spell", "copy target
  triggered ability" (CR 707.10): the copy keeps modes, targets, X, division
  and the costs paid, not the mana spent; it is owned and controlled by
  whoever put it on the stack and isn't cast; a copy of an ability is an
  ability with the same source (707.10b).
* ``choose_new_targets``: "you may choose new targets for the copy"
  (CR 707.10c): one ``choose_objects`` decision per target phrase with
  ``purpose: "new_targets"``; choosing nothing keeps the copied targets.

Exceptions to the copying process come in ``args["except"]`` (CR 707.9, see
:mod:`mtg_engine.rules.copy`).
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import (
    ControllerRef,
    Effect,
    Filter,
    ParentRef,
    TargetRef,
    Trigger,
    TriggerRef,
    that_player_as,
)
from ..cards.definitions import token_def
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..rules.casting import with_x_count
from ..rules.characteristics import chars
from ..rules.copy import (
    additional_spell_copies,
    copy_effect,
    copy_values,
    has_copy_effect,
    put_copy_on_stack,
)
from ..rules.delayed import BoundRef, create
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object
from ..rules.permanents import enter_battlefield
from ..rules.prototyped import is_prototyped
from ..rules.support import register
from ..rules.targets import candidates, describe, target_specs
from . import effect
from .choices import cast_created_copy
from .permanents import add_continuous
from .tokens import choose_defenders, enter_attacking, token_event

register("arg:copy_permanent.tapped_attacking")  # CR 508.4 (copy_permanent)
register("arg:populate.tapped_attacking")  # "The token enters tapped and attacking." (508.4)


@effect("copy_permanent")
def copy_permanent(ctx: Ctx, e: Effect) -> bool:
    """CR 707.2, 111.1, 701.7a: create tokens that are copies of a permanent."""
    g = ctx.game
    sc = ctx.scratch
    if "plan" not in sc:
        what = e.args.get("what")
        originals = ctx.objects(what)
        if not originals and isinstance(what, TargetRef):
            # "exile target creature card ... create a token that's a copy of that
            # card": the card in exile (CR 400.7j)
            originals = [g.objects[i] for i in ctx.exiled_targets(what)]
        n = ctx.count(e.args.get("amount", 1))
        players = ctx.players(e.args.get("controller", ControllerRef()))
        # CR 614.1a, 111.1: "twice that many of those tokens" (Doubling Season) is
        # applied to the creation, before each token enters (616.1g)
        plan: list[tuple[int, int]] = []
        extra: list[tuple[dict[str, Any], int, int]] = []
        for o in originals:
            spec = {"name": f"copy of {o.name}", "types": tuple(chars(g, o).types)}
            for p in players:
                count, made, more = token_event(g, p, n, spec)
                if made is not spec:
                    # "that many 4/4 white Angel creature tokens ... are created
                    # instead" (Divine Visitation): not copies (CR 614.1a)
                    extra.append((made, count, p))
                    count = 0
                plan.extend((o.id, p) for _ in range(count))
                # "those tokens plus that many 1/1 green Squirrel creature tokens"
                # (Chatterfang): created with the copies (CR 614.1a)
                extra.extend((tok, k, p) for tok, k in more)
        sc["plan"] = plan
        sc["extra"] = extra
        sc["made"] = []
        sc["i"] = 0
    plan = sc["plan"]
    exc = e.args.get("except") or None
    side = e.args.get("attacking_side")
    defenders: list[int | None] = []
    if side is not None:
        # myriad (CR 702.116a): tapped and attacking that player or a planeswalker they
        # control, chosen as it's created (508.4); nothing if that player has left (800.4a)
        if int(side) not in g.opponents(ctx.controller):
            return True
        chosen = choose_defenders(ctx, [ctx.controller], len(plan), int(side))
        if chosen is None:
            return False
        defenders = chosen
    elif e.args.get("tapped_attacking"):
        # "create a tapped and attacking token that's a copy of ..." (Phantom Steed):
        # what each attacks is chosen as it's created (CR 508.4); it was never
        # declared as an attacker (508.4, "attacks" abilities don't trigger)
        chosen = choose_defenders(ctx, [p for _, p in plan], 1)
        if chosen is None:
            return False
        defenders = chosen
    tapped = bool(e.args.get("tapped") or e.args.get("tapped_attacking"))
    while sc["i"] < len(plan):
        oid, p = plan[sc["i"]]
        sc["i"] += 1
        original = g.objects.get(oid)
        if original is None:
            continue
        tok = g.create_card(original.card, p, Zone.EXILE)
        tok.is_token = True
        copied_copy = original.face_down or has_copy_effect(g, original)
        # CR 718.3d: a copy of a prototyped permanent has its alternative values
        needs_effect = bool(exc) or copied_copy or is_prototyped(original)
        tok.face = original.face if not copied_copy else 0  # CR 707.8a: same face up
        if original.card.data.layout == "flip":
            tok.face = 0  # a flipped status isn't copied (CR 707.2, 710.4)
        exc_rules: tuple[str, ...] = ()
        if needs_effect:
            values, exc_rules = copy_values(
                g, original, exc, copier=tok, this_ability=ctx.obj.ability
            )
            copy_effect(g, tok, values, ctx.source, p)
        sc["made"].append(tok.card_uid)
        g.emit(
            EventKind.CREATE_TOKEN,
            ("111.1", "707.2", *exc_rules) + (("707.8a",) if len(original.card.faces) > 1 else ()),
            f"{g.players[p].name} creates a token that's a copy of "
            + (original.name if not original.face_down else "a face-down creature"),
        )
        new_id = enter_battlefield(
            g,
            tok.id,
            controller=p,
            rules=("111.1",),
            tapped=tapped,
            counters=dict(exc.get("counters") or {}) if exc else None,
        )
        if new_id is None:
            return False  # its entering waits for a choice (CR 614.12a); resume after
        if defenders:
            enter_attacking(ctx, new_id, defenders[sc["i"] - 1])
    for tok_spec, k, p in sc.pop("extra", ()):
        for _ in range(k):
            extra_tok = g.create_card(token_def(tok_spec), p, Zone.EXILE)
            extra_tok.is_token = True
            enter_battlefield(g, extra_tok.id, controller=p, rules=("111.1", "614.1a"))
    _after_tokens(ctx, e)
    return True


def _after_tokens(ctx: Ctx, e: Effect) -> None:
    """What the effect does to the tokens afterwards ("That token gains haste")."""
    g = ctx.game
    ids = [g.uid_to_obj.get(uid) for uid in ctx.scratch.get("made", [])]
    toks = [g.objects[i] for i in ids if i is not None and i in g.objects]
    toks = [t for t in toks if t.zone == Zone.BATTLEFIELD]
    ctx.set_parent("it", [t.id for t in toks])
    collect = e.args.get("collect")
    if collect:
        # the tokens of several instructions together ("exile the tokens", myriad)
        ctx.set_parent(collect, [*ctx.refs(ParentRef(collect)), *(t.id for t in toks)])
    gains = e.args.get("gains") or e.args.get("keywords") or ()
    if e.args.get("haste"):
        gains = (*gains, "Haste")
    if toks and gains:
        for kw in gains:
            add_continuous(ctx, toks, "6", "grant_keyword", {"keyword": kw}, "permanent")
        g.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("613.1f", "611.2c"),
            f"{', '.join(t.name for t in toks)} gains {', '.join(map(str, gains)).lower()}",
        )


@effect("exile_collected_at_end_of_combat")
def exile_collected_at_end_of_combat(ctx: Ctx, e: Effect) -> bool:
    """Myriad (CR 702.116a): "If one or more tokens are created this way, exile the
    tokens at end of combat": one delayed triggered ability (603.7a) for the tokens
    gathered under ``key``, none if there are none."""
    made = ctx.refs(ParentRef(str(e.args.get("key"))))
    if made:
        exile = Effect("exile", {"what": BoundRef(tuple(made))})
        text = "At end of combat, exile the tokens (myriad)."
        create(ctx, Trigger(event="step", step="end_of_combat"), (exile,), text)
    return True


@effect("encore")
def encore(ctx: Ctx, e: Effect) -> bool:
    """CR 702.141a: for each opponent, a token copy of the card exiled to pay the cost
    (its card in exile, 400.7) that attacks that opponent this turn if able; the
    tokens gain haste and are sacrificed at the beginning of the next end step."""
    g = ctx.game
    sc = ctx.scratch
    if "encore_opponents" not in sc:
        exiled = [i for i in (ctx.obj.paid or {}).get("exiled") or () if i in g.objects]
        sc["encore_opponents"] = g.opponents(ctx.controller)
        sc["encore_card"] = exiled[0] if exiled else None
    card = sc["encore_card"]
    opponents = sc["encore_opponents"]
    if card is None or not opponents:
        return True
    copies = Effect(
        "copy_permanent",
        {"what": BoundRef((card,)), "amount": len(opponents), "gains": ("Haste",)},
    )
    if not copy_permanent(ctx, copies):
        return False
    tokens = ctx.objects(ParentRef("it"))
    for tok, opp in zip(tokens, opponents, strict=False):
        add_continuous(ctx, [tok], "6r", "must_attack_player", {"player": opp}, "end_of_turn")
        g.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("702.141a", "508.1d"),
            f"{tok.name} attacks {g.players[opp].name} this turn if able",
        )
    if tokens:
        sac = Effect("sacrifice", {"what": BoundRef(tuple(t.id for t in tokens))})
        text = "At the beginning of the next end step, sacrifice the tokens (encore)."
        create(ctx, Trigger(event="step", step="end_step", player="next"), (sac,), text)
    return True


@effect("copy_cost_exiled")
def copy_cost_exiled(ctx: Ctx, e: Effect) -> bool:
    """ "Create a token that's a copy of this card" of an ability whose cost exiled
    the card from a graveyard (embalm 702.128a, eternalize 702.129a): the card in
    exile (CR 400.7), with the ability's exceptions (``except``, 707.9b)."""
    sc = ctx.scratch
    if "copied_card" not in sc:
        exiled = [i for i in (ctx.obj.paid or {}).get("exiled") or () if i in ctx.game.objects]
        sc["copied_card"] = exiled[0] if exiled else None
    card = sc["copied_card"]
    if card is None:
        return True
    args = {"what": BoundRef((card,)), "amount": 1, "except": e.args.get("except") or {}}
    return copy_permanent(ctx, Effect("copy_permanent", args))


def copy_cards(ctx: Ctx, objs: list[GameObject]) -> list[int]:
    """CR 707.12: a copy of each card (not on the battlefield or the stack, not face
    down) created in the zone the card is in, for a later instruction to cast it ("you
    may cast the copy"); a copy of a card that isn't cast ceases to exist (704.5e)."""
    g = ctx.game
    made = []
    for o in objs:
        if o.zone in (Zone.BATTLEFIELD, Zone.STACK) or o.face_down:
            continue
        copy = g.create_card(o.card, ctx.controller, o.zone)
        copy.is_token = True  # a copy, not a card (CR 707.12, 704.5e)
        copy.face = o.face
        made.append(copy.id)
        g.emit(
            EventKind.COPY,
            ("707.12",),
            f"{g.players[ctx.controller].name} copies {o.name}",
            obj=copy.id,
        )
    return made


@effect("copy_spell")
def copy_spell(ctx: Ctx, e: Effect) -> bool:
    """CR 707.10: put copies of a spell on the stack with all its choices; "copy it"
    of a card in another zone ("for each card exiled this way, copy it") copies the
    card where it is (707.12), and "you may cast the copy" (``cast``) casts it."""
    g = ctx.game
    sc = ctx.scratch
    if "copies" not in sc and "copy" not in sc:
        what = e.args.get("what")
        objs = ctx.objects(what) if e.args.get("cast") else []
        if e.args.get("cast") and not objs and isinstance(what, TargetRef):
            # "exile up to one target black card from your graveyard and copy it"
            # (Kaervek, the Punisher): the card the exile just moved (CR 608.2c, 400.7)
            objs = [ctx.game.objects[n] for n in ctx.exiled_targets(what)]
        cards = copy_cards(ctx, [o for o in objs if o.zone != Zone.STACK])
        if cards:
            sc["copy"] = cards[0]
            ctx.set_parent("it", cards)  # "the copy" (CR 608.2c)
    if "copy" in sc:
        return cast_created_copy(
            ctx,
            e,
            ctx.controller,
            {"alt": "without_paying"} if e.args.get("free") else {},
            "707.12",
            "Cast the copy of {name}"
            + (" without paying its mana cost?" if e.args.get("free") else "?"),
        )
    if "copies" not in sc:
        spells = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.STACK]
        what = e.args.get("what")
        td = ctx.obj.trigger_data or {}
        gone = td.get("obj")
        if (
            not spells
            and isinstance(what, TriggerRef)
            and what.role in ("object", "spell")
            and "spell" not in td
            and gone in g.turn_flags.left_stack
        ):
            # "each other player copies that spell" after it was countered (Hive
            # Mind): it's copied as it last existed on the stack (CR 608.2h, 707.10)
            spells = [g.turn_flags.left_stack[gone]]
        copiers = _copiers(ctx, e, spells)
        if copiers is None:
            return False  # a player is asking whether to copy it
        n = ctx.count(e.args.get("amount", 1))
        exc = e.args.get("except") or None
        copies = []
        choosing = []  # the copies whose controller may choose new targets (707.10c)
        for spell in spells:
            for who in copiers:
                if e.args.get("for_each_target"):
                    made = _copy_for_each(ctx, spell, exc, e.args.get("among"), who)
                else:
                    made = [
                        put_copy_on_stack(g, spell, who, exc, ("707.10",)).id
                        for _ in range(max(0, n))
                    ]
                # "instead copy it that many times plus an additional time. You may
                # choose new targets for the additional copy" (Twinning Staff, 614.1a)
                extra = [
                    put_copy_on_stack(g, spell, who, exc, ("614.1a", "707.10")).id
                    for _ in range(additional_spell_copies(g, who, spell, len(made)))
                ]
                copies += made + extra
                choosing += (made if e.args.get("new_targets") else []) + extra
        sc["copies"] = copies
        sc["choosing"] = choosing
        sc["spec"] = [0, 0]
        ctx.set_parent("copies", list(copies))
        ctx.set_parent("it", list(copies))  # "the copy" (CR 608.2c)
    if sc["choosing"]:
        return _new_targets(ctx, sc["choosing"], sc)
    return True


def _copiers(ctx: Ctx, e: Effect, spells: list[GameObject]) -> list[int] | None:
    """Who copies the spell, each controlling their copy (CR 707.10): the player the
    instruction names ("each other player copies that spell", Hive Mind), else the
    controller. "Each other player may copy that spell" (Curse of Echoes): each of
    them chooses in turn order (CR 101.4) whether to; None while one is asked."""
    ref = e.args.get("player")
    players = (
        [ctx.controller] if ref is None or isinstance(ref, ControllerRef) else ctx.players(ref)
    )
    if not e.args.get("may") or not spells:
        return players
    sc = ctx.scratch
    said: list[bool] = sc.setdefault("copy_yes", [])
    while len(said) < len(players):
        answer = ctx.take_answer() if ctx.answer is not None else None
        if answer is None:
            ctx.ask(
                DecisionKind.YES_NO,
                "707.10",
                f"Copy {spells[0].name}?",
                {"purpose": DecisionPurpose.MAY},
                player=players[len(said)],
            )
            return None
        said.append(bool(answer.value))
    return [p for p, yes in zip(players, said, strict=True) if yes]


def _copy_for_each(
    ctx: Ctx,
    spell: GameObject,
    exc: dict[str, Any] | None,
    among: Filter | None,
    who: int,
) -> list[int]:
    """CR 707.10d: a copy for each other object or player the spell could target;
    each copy targets that one for every instance of "target" (a copy isn't made
    for one that isn't a legal target for each). The copies are the copying
    player's (``who``: "that player copies that spell for each other creature they
    control", CR 707.10), the targets legal for that player's copy."""
    g = ctx.game
    specs = target_specs(spell.ability, spell.modes) if spell.ability else []
    if not specs:
        return []
    current = {t for spec in spell.targets for t in spec}
    pools = [set(candidates(g, sp, who, spell, stack_obj=spell.id)) for sp in specs]
    common = set.intersection(*pools) - current
    if among is not None:
        # "for each other creature you control / they control that the spell could
        # target": "they" is the copying player (CR 608.2c)
        theirs = that_player_as(among, "you")
        common = {
            t for t in common if t >= 0 and matches_object(g, g.objects[t], theirs, who, ctx.source)
        }
    out = []
    for t in sorted(common, key=lambda r: (r < 0, abs(r))):
        c = put_copy_on_stack(g, spell, who, exc, ("707.10", "707.10d"))
        c.targets = [(t,) for _ in specs]
        out.append(c.id)
    return out


@effect("choose_new_targets")
def choose_new_targets(ctx: Ctx, e: Effect) -> bool:
    """CR 707.10c: the copy's controller may choose new targets for it."""
    parent = (ctx.task.data.get("parent") or {}) if ctx.task is not None else {}
    copies = list(parent.get("copies") or ())
    sc = ctx.scratch
    sc.setdefault("spec", [0, 0])
    return _new_targets(ctx, copies, sc)


def _new_targets(ctx: Ctx, copies: list[int], sc: dict[str, Any]) -> bool:
    g = ctx.game
    ci, si = sc["spec"]
    while ci < len(copies):
        c = g.objects.get(copies[ci])
        specs = target_specs(c.ability, c.modes) if c is not None and c.ability else []
        if c is None or c.zone != Zone.STACK or si >= len(specs) or si >= len(c.targets):
            ci, si = ci + 1, 0
            sc["spec"] = [ci, si]
            continue
        answer = ctx.take_answer() if ctx.answer is not None else None
        if answer is None:
            cands = candidates(g, specs[si], c.controller, c, stack_obj=c.id)
            if not cands:
                si += 1
                sc["spec"] = [ci, si]
                continue
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "707.10c",
                f"You may choose new targets for the copy of {c.name} (none: keep the same)",
                {
                    "candidates": cands,
                    "min": 0,
                    # "X target ...": the number the copy was made with (CR 707.10)
                    "max": min(int(with_x_count(specs[si], c.x).max), len(cands)),
                    "purpose": DecisionPurpose.NEW_TARGETS,
                    "current": list(c.targets[si]),
                    "obj": c.id,
                },
                player=c.controller,
            )
        chosen = tuple(getattr(answer, "objects", ()) or ())
        if chosen:
            c.targets[si] = chosen
            g.emit(
                EventKind.NEW_TARGETS,
                ("707.10c",),
                f"The copy of {c.name} now targets {', '.join(describe(g, t) for t in chosen)}",
            )
        si += 1
        sc["spec"] = [ci, si]
    return True


register(
    "effect:become",
    "effect:copy_permanent",
    "effect:copy_spell",
    "effect:choose_new_targets",
    "static:enters_as_copy",
    "arg:become.copy_of",
    "arg:become.except",
    "arg:become.types",
    "arg:become.subtypes",
    "arg:become.colors",
    "arg:become.keywords",
    "arg:copy_spell.new_targets",
    "arg:copy_spell.player",
    "arg:copy_spell.may",
    "arg:copy_spell.for_each_target",
    "arg:copy_spell.among",
    "arg:copy_spell.except",
    "arg:copy_spell.cast",
    "arg:copy_spell.free",
    "arg:copy_permanent.except",
    "arg:copy_permanent.gains",
)

__all__ = ["Decision", "put_copy_on_stack"]


@effect("populate")
def populate(ctx: Ctx, e: Effect) -> bool:
    """CR 701.36a: choose a creature token you control and create a token that's a
    copy of it; 701.36b: with no creature token, no token is created."""
    g = ctx.game
    sc = ctx.scratch
    if "chosen" not in sc:
        tokens = [
            oid
            for oid in g.battlefield
            if g.objects[oid].is_token
            and g.objects[oid].controller == ctx.controller
            and not g.objects[oid].phased_out
            and "Creature" in chars(g, g.objects[oid]).types
        ]
        if not tokens:
            g.emit(EventKind.NO_EFFECT, ("701.36b",), "No creature token to populate")
            return True
        chosen = ctx.choose_exactly(
            ctx.controller,
            tokens,
            1,
            "701.36a",
            "Populate: choose a creature token you control to copy",
            DecisionPurpose.CHOOSE,
        )
        if chosen is None:
            return False
        sc["chosen"] = chosen
        g.emit(
            EventKind.CHOOSE,
            ("701.36a",),
            f"{g.players[ctx.controller].name} populates: {g.objects[chosen[0]].name} is copied",
        )
    # the copy is created as "create a token that's a copy of" it (CR 707.2, 111.1);
    # "The token enters tapped and attacking." (Ghired, CR 508.4)
    args: dict[str, Any] = {"what": BoundRef(tuple(sc["chosen"]))}
    if e.args.get("tapped_attacking"):
        args["tapped_attacking"] = True
    return copy_permanent(ctx, Effect("copy_permanent", args))
