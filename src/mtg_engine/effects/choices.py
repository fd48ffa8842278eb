"""Choices made as an instruction is followed (CR 608.2d): a number (CR 107.1),
or objects named without targeting.

"Choose a nonlegendary creature on the battlefield. Target creature becomes a
copy of that creature" (Cytoshape): ``choose_objects`` — the objects are chosen
by :func:`mtg_engine.rules.effects_runner.choose_refs` as the instruction begins
and become "that creature" (``parent["it"]``) of the next instructions; the
handler logs the choice.

"Choose a number. Destroy all artifacts and creatures with mana value equal to
that number." (Void): ``choose_number`` asks the player, logs the choice and
keeps it in the resolving task (``parent["number"]``), where the amount
``chosen_number`` ("that number", "the number") reads it for the rest of the
resolution. A split card's mana value is that of its combined halves there
(CR 709.4b), which :mod:`mtg_engine.rules.multiface` computes.
"""

from __future__ import annotations

from ..cards.abilities import Effect, TargetRef
from ..cards.definitions import card_def
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.casting import cast_while_resolving, spell_problem
from ..rules.effects_runner import Ctx
from ..rules.named_choices import choice_data
from ..rules.replacement import CHOICE_KEYS, choice_options
from ..rules.support import register
from . import effect


@effect("choose_number")
def choose_number(ctx: Ctx, e: Effect) -> bool:
    """CR 608.2d: the player chooses a number as the instruction is followed."""
    g = ctx.game
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.CHOOSE_OPTION,
            "608.2d",
            f"{ctx.obj.name}: choose a number",
            {"options": choice_options(g, "number", player), "purpose": DecisionPurpose.NUMBER},
            player=player,
        )
    value = int(str(ctx.take_answer().value))
    ctx.set_parent("number", value)
    g.emit(
        EventKind.CHOOSE,
        ("608.2d",),
        f"{g.players[player].name} chooses the number {value} for {ctx.obj.name}",
        player=player,
        value=value,
    )
    return True


@effect("choose_objects")
def choose_objects(ctx: Ctx, e: Effect) -> bool:
    """CR 608.2d: "choose a nonlegendary creature on the battlefield" (no targeting)."""
    g = ctx.game
    picked = [g.objects[o] for o in ctx.refs(e.args.get("what")) if o in g.objects]
    # the player(s) who chose, as the choice was made (rules/effects_runner.choose_refs):
    # "that player" may name the owner of what was just chosen
    choosers = (ctx.task.data.get("choosers") or {}) if ctx.task is not None else {}
    players = choosers.get(repr(e.args.get("what"))) or (
        ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    )
    player = players[0] if players else ctx.controller
    shown = ", ".join(o.name if not o.face_down else "a face-down permanent" for o in picked)
    if not picked:
        # "choose an opponent", "choose a player at random": the player chosen
        shown = ", ".join(g.players[-r - 1].name for r in ctx.refs(e.args.get("what")) if r < 0)
    g.emit(
        EventKind.CHOOSE,
        ("608.2d",),
        f"{g.players[player].name} chooses {shown or 'nothing'} for {ctx.obj.name}",
        player=player,
    )
    return True


#: the names a permanent's "choose a card name that hasn't been chosen" already took
NAMES_CHOSEN = "names_chosen"


@effect("choose_listed_name")
def choose_listed_name(ctx: Ctx, e: Effect) -> bool:
    """Garth One-Eye: "Choose a card name that hasn't been chosen from among ..."
    (CR 608.2d; the names already chosen are remembered by this permanent, CR 400.7:
    a new object starts afresh). The name is "the chosen name" afterwards."""
    g = ctx.game
    src = ctx.source
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    taken = tuple((src.chosen or {}).get(NAMES_CHOSEN) or ()) if e.args.get("unique") else ()
    names = [card_def(str(n)).name for n in e.args.get("names") or ()]
    options = [n for n in names if n not in taken]
    if not options:
        g.emit(EventKind.NO_CHOICE, ("608.2d",), f"{ctx.obj.name}: every name has been chosen")
        ctx.set_parent("name", None)
        return True
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.CHOOSE_OPTION,
            "608.2d",
            f"{ctx.obj.name}: choose a card name",
            {"options": options, "purpose": DecisionPurpose.CARD_NAME},
            player=player,
        )
    name = str(ctx.take_answer().value)
    if e.args.get("unique") and src.id in g.objects:
        src.chosen = {**(src.chosen or {}), NAMES_CHOSEN: (*taken, name)}
    ctx.set_parent("name", name)
    g.emit(
        EventKind.CHOOSE,
        ("608.2d",),
        f"{g.players[player].name} chooses the card name {name}",
        player=player,
        value=name,
    )
    return True


@effect("create_named_copy")
def create_named_copy(ctx: Ctx, e: Effect) -> bool:
    """CR 707.13: a copy of the card with the chosen name, made from its Oracle text
    "outside of the game" (kept in exile here until it's cast; a copy of a card
    outside the stack and the battlefield ceases to exist, CR 704.5e, so it's marked
    like a spell copy and becomes a token if it resolves as a permanent, 608.3f).
    "You may cast the copy" (``cast``): cast now, paying its costs (CR 707.12)."""
    g = ctx.game
    s = ctx.scratch
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    if "copy" not in s:
        name = ((ctx.task.data.get("parent") or {}) if ctx.task is not None else {}).get("name")
        if not name:
            return True
        copy = g.create_card(card_def(str(name)), player, Zone.EXILE)
        copy.is_token = True  # CR 704.5e: a copy of a card, not a card (see above)
        s["copy"] = copy.id
        ctx.set_parent("it", [copy.id])
        g.emit(
            EventKind.CREATE_COPY,
            ("707.13",),
            f"{g.players[player].name} creates a copy of {copy.name} outside the game",
            player=player,
        )
    return cast_created_copy(
        ctx, e, player, {}, "707.12", "Cast the copy of {name}? (You still pay its costs.)"
    )


def cast_created_copy(
    ctx: Ctx, e: Effect, player: int, opts: dict, rule: str, question: str
) -> bool:
    """The "you may cast the copy" tail of the card-copy effects (CR 707.12): the
    copy made earlier in this resolution (``ctx.scratch["copy"]``) is cast now,
    while the ability resolves (CR 608.2g), if ``e.args["cast"]`` says so ("may":
    its controller is asked; ``question`` names the copy with ``{name}``). Returns
    False while the cast runs; the handler is called again afterwards."""
    g = ctx.game
    s = ctx.scratch
    copy_id = s["copy"]
    mode = e.args.get("cast")
    if not mode or s.get("cast_pushed") or copy_id not in g.objects:
        return True
    copy = g.objects[copy_id]
    problem = spell_problem(g, player, copy, opts, with_priority=False)
    if problem is not None:
        g.emit(EventKind.NOT_PLAYED, ("608.2b",), f"The copy of {copy.name} isn't cast: {problem}")
        _not_cast(ctx)
        return True
    if mode == "may":
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.YES_NO,
                rule,
                question.format(name=copy.name),
                {"purpose": DecisionPurpose.MAY},
                player=player,
            )
        if not ctx.take_answer().value:
            _not_cast(ctx)
            return True
    s["cast_pushed"] = True
    cast_while_resolving(g, copy_id, player, opts)
    return False


def _not_cast(ctx: Ctx) -> None:
    """The copy wasn't cast: a following "If you do, ..." doesn't happen (CR 608.2c)."""
    if ctx.task is not None:
        ctx.task.data["short"] = True


register(
    # "choose a color other than black", "a creature type other than Wall": that one
    # isn't offered (rules/named_choices.choice_data, CR 608.2d)
    "arg:choose.except",
    "effect:choose_number",
    "amount:chosen_number",
    "effect:choose_objects",
    "effect:choose_listed_name",
    "arg:choose_listed_name.names",
    "arg:choose_listed_name.unique",
    "effect:create_named_copy",
    "arg:create_named_copy.cast",
)


@effect("choose")
def choose(ctx: Ctx, e: Effect) -> bool:
    """CR 608.2d: "Choose a color / a creature type / a nonland card name / a number"
    as the instruction is followed; "the chosen color" of the rest of the ability
    reads it from the resolving object (CR 607.2a). "Choose target creature" only
    words the targeting (CR 115.1): the target was chosen as it was put on the stack."""
    what = e.args.get("what")
    if isinstance(what, TargetRef):
        # "choose target nonland permanent you control and up to two target nonland
        # permanents you don't control. Destroy one of them at random." (Capricious
        # Efreet): the targets still legal (CR 608.2b) are "them" of the next
        # instruction, every target the "choose" words named (CR 608.2c)
        named = [*(ctx.task.data.get("chosen_targets", []) if ctx.task else []), *ctx.refs(what)]
        if ctx.task is not None:
            ctx.task.data["chosen_targets"] = named
        ctx.set_parent("it", [i for i in named if i >= 0])
        return True
    g = ctx.game
    kind = str(what)
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    label = kind.replace("_", " ")
    if ctx.answer is None:
        data = choice_data(g, kind, player, e.args.get("except"), e.args.get("among"))
        if not data["options"] and not data.get("card_name"):
            g.emit(
                EventKind.NO_CHOICE, ("608.2d",), f"{ctx.obj.name}: there's no {label} to choose"
            )
            return True
        return ctx.ask(
            DecisionKind.CHOOSE_OPTION,
            "608.2d",
            f"{ctx.obj.name}: choose a {label}",
            data,
            player=player,
        )
    value: object = ctx.take_answer().value
    key = CHOICE_KEYS.get(kind, kind)
    if kind == "number":
        value = int(str(value))
        ctx.set_parent("number", value)
    ctx.set_parent(f"chosen_{key}", value)
    for o in {ctx.obj.id: ctx.obj, ctx.source.id: ctx.source}.values():
        if o.id in g.objects:
            o.chosen = {**(o.chosen or {}), key: value}  # "the chosen ..." (CR 607.2a)
    g.emit(
        EventKind.CHOOSE,
        ("608.2d",),
        f"{g.players[player].name} chooses the {label} {value} for {ctx.obj.name}",
        player=player,
        value=value,
    )
    return True
