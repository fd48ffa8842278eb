"""Following a spell's or ability's instructions in order (CR 608.2c).

:func:`run_effects` executes the effects of the resolving object one by one,
each through its registered handler (:mod:`mtg_engine.effects`). A handler
that needs a choice asks for it and returns False; the resolve task keeps
its place (``task.data["i"]``) so resolution continues after the answer —
also in a cloned or deserialized game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import (
    Ability,
    Amount,
    ControllerOfRef,
    ControllerRef,
    EachRef,
    Effect,
    OwnerOfRef,
    ParentRef,
    SelfRef,
    TargetRef,
    TriggerRef,
)
from ..game.actions import Decision, DecisionKind, player_ref
from ..game.objects import GameObject, Zone
from ..game.tasks import Task
from .filters import matches_player, objects_matching

if TYPE_CHECKING:
    from ..game.state import Game


class Ctx:
    """What an effect handler needs: the game, the resolving object, its controller."""

    __slots__ = ("game", "obj", "task", "controller", "source", "_legal")

    def __init__(self, game: Game, obj: GameObject, task: Task | None) -> None:
        self.game = game
        self.obj = obj
        self.task = task
        self.controller = obj.controller
        if obj.source_id is not None:
            self.source = game.objects.get(obj.source_id, obj)
        else:
            self.source = obj
        self._legal: set[int] | None = None

    # -- data kept across decisions -------------------------------------
    @property
    def scratch(self) -> dict[str, Any]:
        assert self.task is not None
        return self.task.data.setdefault("scratch", {})

    @property
    def answer(self) -> Any:
        return self.task.answer if self.task is not None else None

    def take_answer(self) -> Any:
        a = self.task.answer
        self.task.answer = None
        return a

    def ask(
        self, kind: str, rule: str, prompt: str, data: dict[str, Any], player: int | None = None
    ) -> bool:
        self.game.ask(
            Decision(kind, self.controller if player is None else player, rule, prompt, data)
        )
        return False

    def choose_exactly(
        self, player: int, candidates: list[int], n: int, rule: str, prompt: str, purpose: str
    ) -> list[int] | None:
        """``n`` of ``candidates`` chosen by ``player``: all of them when there is no
        real choice, else the answer; None while the decision is pending."""
        if len(candidates) <= n:
            return list(candidates)
        if self.answer is None:
            self.ask(
                DecisionKind.CHOOSE_OBJECTS,
                rule,
                prompt,
                {"candidates": candidates, "min": n, "max": n, "purpose": purpose},
                player=player,
            )
            return None
        return list(self.take_answer().objects)

    # -- references -------------------------------------------------------
    def legal_targets(self) -> set[int]:
        if self._legal is None:
            if self.task is not None and "legal" in self.task.data:
                self._legal = set(self.task.data["legal"])
            else:
                from .targets import legal_targets_now

                self._legal = legal_targets_now(self.game, self.obj)
        return self._legal

    def refs(self, ref: Any) -> list[int]:
        """Resolve a Ref to object ids and player refs (players are negative)."""
        g = self.game
        if isinstance(ref, TargetRef):
            if ref.index >= len(self.obj.targets):
                return []
            legal = self.legal_targets()
            return [t for t in self.obj.targets[ref.index] if t in legal]  # CR 608.2b
        if isinstance(ref, SelfRef):
            src = self.source
            if src is self.obj and self.obj.stack_kind == "spell":
                return [self.obj.id]
            if src.id in g.objects:
                return [src.id]
            return []
        if isinstance(ref, ControllerRef):
            return [player_ref(self.controller)]
        if isinstance(ref, TriggerRef):
            td = self.obj.trigger_data or {}
            if ref.role == "player":
                p = td.get("player")
                return [player_ref(p)] if isinstance(p, int) else []
            if ref.role == "source":
                s = td.get("source")
                return [s] if s in g.objects else []
            o = td.get("obj")
            if o in g.objects:
                return [o]
            if isinstance(td.get("target"), int) and td["target"] < 0:
                return [td["target"]]
            return []
        if isinstance(ref, EachRef):
            out: list[int] = (
                [o.id for o in objects_matching(g, ref.filter, self.controller, self.source)]
                if any(k != "player" for k in ref.filter.kinds or ("permanent",))
                else []
            )
            if "player" in ref.filter.kinds:
                out += [
                    player_ref(p.index)
                    for p in g.players
                    if matches_player(g, p.index, ref.filter, self.controller)
                ]
            return out
        if isinstance(ref, ParentRef):
            v = (self.task.data.get("parent") or {}).get(ref.key) if self.task else None
            return list(v) if isinstance(v, list) else ([v] if isinstance(v, int) else [])
        if isinstance(ref, ControllerOfRef | OwnerOfRef):
            out = []
            for r in self.refs(ref.of):
                if r < 0:
                    out.append(r)
                else:
                    o = g.objects.get(r) or self._last_known(r)
                    if o is not None:
                        out.append(
                            player_ref(
                                o.controller if isinstance(ref, ControllerOfRef) else o.owner
                            )
                        )
            return out
        if isinstance(ref, int):
            return [ref]
        return []

    def _last_known(self, oid: int) -> GameObject | None:
        """Last known information (CR 608.2h) about an object that left its zone."""
        lki = self.task.data.get("lki", {}) if self.task is not None else {}
        info = lki.get(oid)
        if info is None:
            return None
        o = GameObject(oid, oid, self.obj.card, info["owner"], Zone.GRAVEYARD)
        o.controller = info["controller"]
        return o

    def players(self, ref: Any) -> list[int]:
        """Resolve a Ref to player indices ("target player", "you", "each opponent",
        or the controller of a referenced object)."""
        out = []
        for r in self.refs(ref):
            if r < 0:
                out.append(-r - 1)
            elif r in self.game.objects:
                out.append(self.game.objects[r].controller)
        return out

    def objects(self, ref: Any) -> list[GameObject]:
        return [self.game.objects[r] for r in self.refs(ref) if r >= 0 and r in self.game.objects]

    def amount(self, a: Any) -> int:
        if isinstance(a, int):
            return a
        if isinstance(a, Amount):
            g = self.game
            if a.kind == "x":
                return (self.obj.x or 0) * a.multiplier
            if a.kind == "fixed":
                return a.value
            if a.kind == "count" and a.filter is not None:
                n = len(objects_matching(g, a.filter, self.controller, self.source))
                return n * a.multiplier
            if a.kind in ("power", "toughness") and a.ref is not None:
                from .characteristics import chars

                objs = self.objects(a.ref)
                if objs:
                    c = chars(g, objs[0])
                    return ((c.power if a.kind == "power" else c.toughness) or 0) * a.multiplier
                lki = self.task.data.get("lki", {}) if self.task is not None else {}
                for r in self.refs(a.ref):
                    if r in lki:  # CR 608.2h: last known information
                        return (lki[r].get(a.kind) or 0) * a.multiplier
                return 0
            if a.kind == "life":
                return g.players[self.controller].life
            if a.kind == "hand_size":
                return len(g.players[self.controller].hand)
            if a.kind == "that_much":
                # "that much", "that many": the amount of the trigger event
                td = self.obj.trigger_data or {}
                return int(td.get("amount", 0)) * a.multiplier
        return 0

    def set_parent(self, key: str, value: Any) -> None:
        if self.task is not None:
            self.task.data.setdefault("parent", {})[key] = value


def effects_of(obj: GameObject) -> tuple[Effect, ...]:
    ability: Ability = obj.ability
    effects = ability.effects
    for m in obj.modes:
        if 0 <= m < len(ability.modes):
            effects = effects + ability.modes[m].effects
    return effects


def run_effects(game: Game, obj: GameObject, task: Task) -> bool:
    """Run the resolving object's effects from where it stopped. True when done."""
    from ..effects import REGISTRY

    ability = obj.ability
    d = task.data
    if ability.optional and not d.get("optional_done"):
        # CR 603.5: "you may" — the choice is made as the ability resolves.
        if task.answer is None:
            game.ask(
                Decision(
                    DecisionKind.YES_NO,
                    obj.controller,
                    "603.5",
                    f"Use {obj.name}'s ability? ({ability.text})",
                    {"purpose": "may"},
                )
            )
            return False
        yes = bool(task.answer.value)
        task.answer = None
        d["optional_done"] = True
        if not yes:
            return True
    effects = effects_of(obj)
    i = d.get("i", 0)
    while i < len(effects):
        e = effects[i]
        ctx = Ctx(game, obj, task)
        if e.optional and not d.get("opt_asked"):
            if task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.YES_NO,
                        obj.controller,
                        "609.3",
                        f"{obj.name}: you may {e.op.replace('_', ' ')}?",
                        {"purpose": "may"},
                    )
                )
                return False
            d["opt_asked"] = True
            d["opt_yes"] = bool(task.answer.value)
            task.answer = None
        skip = e.optional and not d.get("opt_yes")
        if not skip and e.condition is not None:
            if e.condition.kind == "you_do":
                # "If you do, ...": whether the previous optional instruction was done
                skip = not d.get("last_done", False)
            else:
                from .conditions import evaluate

                skip = not evaluate(game, e.condition, obj.controller, ctx.source)
        if not skip:
            handler = REGISTRY.get(e.op)
            if handler is None:
                game.emit(
                    "unsupported",
                    ("608.2c",),
                    f"{obj.name}: the instruction '{e.op}' is not implemented",
                )
            elif not handler(ctx, e):
                return False
            if game.outcome is not None:
                return True
        if e.optional:
            d["last_done"] = not skip
        i += 1
        d["i"] = i
        d.pop("scratch", None)
        d.pop("opt_asked", None)
        d.pop("opt_yes", None)
    return True


def run_mana_ability(game: Game, src: GameObject, ability: Ability, player: int) -> None:
    """CR 605.3: a mana ability resolves immediately."""
    from ..effects import REGISTRY

    fake = GameObject(0, 0, src.card, src.owner, Zone.BATTLEFIELD)
    fake.controller = player
    fake.source_id = src.id
    fake.ability = ability
    fake.stack_kind = "mana"
    for e in ability.effects:
        handler = REGISTRY.get(e.op)
        if handler is not None:
            handler(Ctx(game, fake, None), e)
