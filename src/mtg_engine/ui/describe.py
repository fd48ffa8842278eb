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
from ..game.state import Game
from ..rules.characteristics import chars


def name_of(game: Game, ref: int) -> str:
    pl = ref_player(ref)
    if pl is not None:
        return game.players[pl].name
    o = game.objects.get(ref)
    if o is None:
        return f"#{ref}"
    return "a face-down permanent" if o.face_down else o.name


def describe(game: Game, a: Action) -> str:
    if isinstance(a, PassPriority):
        return "Pass priority"
    if isinstance(a, Keep):
        return "Keep this hand"
    if isinstance(a, Mulligan):
        return "Take a mulligan"
    if isinstance(a, PlayLand):
        return f"Play {name_of(game, a.card)}"
    if isinstance(a, CastSpell):
        o = game.objects[a.card]

        return f"Cast {o.name} {chars(game, o).mana_cost or ''}".rstrip()
    if isinstance(a, ActivateAbility):
        o = game.objects[a.source]
        return f"Activate {o.name}: {chars(game, o).abilities[a.ability].text}"
    if isinstance(a, ChooseTargets):
        return "Target " + (", ".join(name_of(game, t) for t in a.targets) or "nothing")
    if isinstance(a, DeclareAttackers):
        if not a.attackers:
            return "Attack with nothing"
        return "Attack: " + ", ".join(
            f"{name_of(game, c)} → {name_of(game, d)}" for c, d in a.attackers
        )
    if isinstance(a, DeclareBlockers):
        if not a.blockers:
            return "Block nothing"
        return "Block: " + ", ".join(
            f"{name_of(game, b)} blocks {name_of(game, x)}" for b, x in a.blockers
        )
    if isinstance(a, AssignDamage):
        return "Damage: " + ", ".join(f"{n} to {name_of(game, r)}" for r, n in a.assignment)
    if isinstance(a, ChooseObjects):
        return "Choose " + (", ".join(name_of(game, o) for o in a.objects) or "nothing")
    if isinstance(a, ChooseNumber):
        return f"X = {a.value}" if game.pending and game.pending.kind == "x" else str(a.value)
    if isinstance(a, ChooseModes):
        d = game.pending
        modes = d.data.get("modes", []) if d else []
        return "Mode: " + "; ".join(modes[m] if m < len(modes) else str(m) for m in a.modes)
    if isinstance(a, ChooseDivision):
        return "Divide: " + ", ".join(f"{n} to {name_of(game, r)}" for r, n in a.division)
    if isinstance(a, ChooseYesNo):
        return "Yes" if a.value else "No"
    if isinstance(a, OrderTriggers):
        trig = game.pending.data.get("triggers", []) if game.pending else []
        return "Order: " + " then ".join(trig[i] if i < len(trig) else str(i) for i in a.order)
    if isinstance(a, ChooseOption):
        return str(a.value)
    return repr(a)
