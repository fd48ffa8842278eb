"""Human-readable descriptions of actions and objects, for any front end."""

from __future__ import annotations

from ..game.actions import (
    Action,
    ActivateAbility,
    AssignDamage,
    CastSpell,
    ChooseDivision,
    ChooseModes,
    ChooseNumber,
    ChooseObjects,
    ChooseOption,
    ChooseTargets,
    ChooseYesNo,
    DeclareAttackers,
    DeclareBlockers,
    Keep,
    Mulligan,
    OrderTriggers,
    PassPriority,
    PlayLand,
    ref_player,
)
from ..game.objects import Zone
from ..game.state import Game
from ..keywords.kicker import kicker_costs
from ..rules.casting import alt_face
from ..rules.characteristics import chars


def name_of(game: Game, ref: int, viewer: int | None = None) -> str:
    """A player's or object's name. Told to a ``viewer``, it tells apart objects
    of the same name: ``Raging Goblin #112 (opponent's, 1/1)``, and calls the
    viewer "you"."""
    pl = ref_player(ref)
    if pl is not None:
        if viewer is None:
            return game.players[pl].name
        return "you" if pl == viewer else game.players[pl].name
    o = game.objects.get(ref)
    if o is None:
        return f"#{ref}"
    hidden = o.face_down and (viewer is None or o.controller != viewer)
    name = "a face-down permanent" if hidden else o.name
    if viewer is None:
        return name
    c = chars(game, o)
    details = ["yours" if o.controller == viewer else f"{game.players[o.controller].name}'s"]
    if c.power is not None and c.toughness is not None:
        details.append(f"{c.power}/{c.toughness}")
    return f"{name} #{o.id} ({', '.join(details)})"


def cast_announcements(game: Game, a: CastSpell) -> list[str]:
    """The choices announced with a spell (CR 601.2b-f), in words: ``with kicker {4}``,
    ``for its flashback cost``, ``with buyback``, ``X`` comes later (601.2b asks it)."""
    out = []
    zone = game.objects[a.card].zone
    if zone == Zone.EXILE:
        out.append("from exile")  # a permission, or back from an Adventure (CR 715.3d)
    elif zone == Zone.GRAVEYARD and a.alt != "flashback":
        out.append("from the graveyard")  # aftermath (702.127a), a permission
    if a.face_down or a.alt in ("morph", "disguise"):
        out.append("face down for {3}")
    elif a.alt == "without_paying":
        out.append("without paying its mana cost")
    elif a.alt:
        out.append(f"for its {a.alt} cost")
        face = alt_face({"alt": a.alt})
        card = game.objects[a.card].card
        if face and face < len(card.faces):
            out.append(f"transformed, as {card.faces[face].name}")  # CR 712.11a: disturb
    costs = kicker_costs(list(chars(game, game.objects[a.card]).abilities))
    for i, n in enumerate(a.kicker):
        if not n:
            continue
        kw, cost = costs[i] if i < len(costs) else ("Kicker", "")
        times = f" ×{n}" if kw == "Multikicker" else ""
        out.append(f"with {kw.lower()} {cost}{times}".replace("  ", " "))
    for flag in ("buyback", "entwine"):
        if getattr(a, flag):
            out.append(f"with {flag}")
    if a.replicate:
        out.append(f"replicated ×{a.replicate}")
    if a.squad:
        out.append(f"with squad ×{a.squad}")
    if a.offspring:
        out.append("with offspring")
    if a.conspire:
        out.append("conspiring")
    if a.harmonize is not None and a.harmonize in game.objects:
        out.append(f"tapping {game.objects[a.harmonize].name}")
    if a.gift is not None and 0 <= a.gift < len(game.players):
        out.append(f"promising a gift to {game.players[a.gift].name}")
    if a.splice:
        out.append("splicing " + ", ".join(game.objects[i].name for i in a.splice))
    if a.fuse:
        out.append("fused")
    return out


def describe(game: Game, a: Action, viewer: int | None = None) -> str:
    """The action in words; for a ``viewer``, objects labelled apart (see ``name_of``)."""
    if isinstance(a, PassPriority):
        return "Pass priority"
    if isinstance(a, Keep):
        return "Keep this hand"
    if isinstance(a, Mulligan):
        return "Take a mulligan"
    if isinstance(a, PlayLand):
        o = game.objects[a.card]
        # a land played from exile or a graveyard by a permission (CR 305.1, 601.2a)
        where = {Zone.EXILE: " from exile", Zone.GRAVEYARD: " from the graveyard"}
        src = where.get(o.zone, "")
        if a.face:  # CR 712.12: a modal double-faced card played as its back face
            tag = f" #{o.id}" if viewer is not None else ""
            return f"Play {o.card.faces[a.face].name} (back face of {o.name}{tag}){src}"
        return f"Play {name_of(game, a.card, viewer)}{src}"
    if isinstance(a, CastSpell):
        o = game.objects[a.card]
        tag = f" #{o.id}" if viewer is not None else ""
        c = chars(game, o)
        name, mana_cost = o.name, c.mana_cost
        faces = o.card.faces
        if len(faces) > 1 and not a.fuse and a.face < len(faces) and o.zone != Zone.BATTLEFIELD:
            # the face cast (CR 709.3): its name and its own cost
            name, mana_cost = faces[a.face].name, faces[a.face].mana_cost or mana_cost
        cost = "" if a.alt or a.face_down else f" {mana_cost or ''}"
        return f"Cast {name}{tag}{cost}".rstrip() + "".join(
            f" {h}" for h in cast_announcements(game, a)
        )
    if isinstance(a, ActivateAbility):
        o = game.objects[a.source]
        return f"Activate {o.name}: {chars(game, o).abilities[a.ability].text}"
    if isinstance(a, ChooseTargets):
        return "Target " + (", ".join(name_of(game, t, viewer) for t in a.targets) or "nothing")
    if isinstance(a, DeclareAttackers):
        if not a.attackers:
            return "Attack with nothing"
        return "Attack: " + ", ".join(
            f"{name_of(game, c, viewer)} → {name_of(game, d, viewer)}" for c, d in a.attackers
        )
    if isinstance(a, DeclareBlockers):
        if not a.blockers:
            return "Block nothing"
        return "Block: " + ", ".join(
            f"{name_of(game, b, viewer)} blocks {name_of(game, x, viewer)}" for b, x in a.blockers
        )
    if isinstance(a, AssignDamage):
        return "Damage: " + ", ".join(f"{n} to {name_of(game, r, viewer)}" for r, n in a.assignment)
    if isinstance(a, ChooseObjects):
        return "Choose " + (", ".join(name_of(game, o, viewer) for o in a.objects) or "nothing")
    if isinstance(a, ChooseNumber):
        return f"X = {a.value}" if game.pending and game.pending.kind == "x" else str(a.value)
    if isinstance(a, ChooseModes):
        d = game.pending
        modes = d.data.get("modes", []) if d else []
        texts = [modes[m].rstrip(".") if m < len(modes) else str(m) for m in a.modes]
        return ("Mode: " if len(texts) == 1 else "Modes: ") + "; ".join(texts)
    if isinstance(a, ChooseDivision):
        return "Divide: " + ", ".join(f"{n} to {name_of(game, r, viewer)}" for r, n in a.division)
    if isinstance(a, ChooseYesNo):
        return "Yes" if a.value else "No"
    if isinstance(a, OrderTriggers):
        trig = game.pending.data.get("triggers", []) if game.pending else []
        return "Order: " + " then ".join(trig[i] if i < len(trig) else str(i) for i in a.order)
    if isinstance(a, ChooseOption):
        return str(a.value)
    return repr(a)
