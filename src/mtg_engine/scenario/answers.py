"""Turning scripted actions into answers to the engine's decisions.

A scripted action "fits" a decision when it belongs to the deciding player
and answers that kind of decision (:func:`fits`). Applying it
(:meth:`Script.apply`) may answer several decisions in a row: a ``cast``
answers the priority decision and then the modes, X, targets and division
decisions of that same spell (CR 601.2b-d); ``target`` answers every target
phrase of one triggered ability; ``assign_damage`` answers one decision per
attacker it lists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cards.abilities import AbilityKind
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
    Concede,
    Decision,
    DecisionKind,
    DecisionPurpose,
    DeclareAttackers,
    DeclareBlockers,
    IllegalActionError,
    OrderTriggers,
    PassPriority,
    PlayLand,
    TurnFaceUp,
)
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..game.state import Game
from ..rules.char_values import BASIC_LAND_MANA
from ..rules.characteristics import chars
from ..rules.named_choices import card_name_answer
from .defaults import default_answer
from .model import ActionSpec
from .names import norm
from .refs import Refs

_PRIORITY_VERBS = ("play", "cast", "activate", "turn_face_up", "pass")
#: cast keys that announce choices (false/0 values mean "not used")
_CAST_OPTION_KEYS = (
    "alt",
    "face_down",
    "kicker",
    "buyback",
    "entwine",
    "replicate",
    "squad",
    "offspring",
    "conspire",
    "splice",
    "convoke",
    "improvise",
    "delve",
    "sacrifice",
    "discard",
    "fuse",
    "gift",
    "harmonize",
)
_STACK_TASKS = ("cast", "activate", "choices")
#: the names of the optional fields of this engine's CastSpell (feature detection)
_CAST_FIELDS = frozenset(f.name for f in dataclasses.fields(CastSpell))


class Illegal(Exception):
    """A scripted action that the rules don't allow at this moment."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Unsupported(Exception):
    """A scripted action the engine can't carry out yet (not a rules rejection)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class Progress:
    """How much of a multi-part action has been used."""

    passes_done: int = 0
    assigned: set[int] = field(default_factory=set)  # indices of assign_damage entries used


def yes_no(value: Any) -> bool | None:
    """``yes``/``no`` (YAML booleans or strings); ``same`` (keep a copy's targets) is no."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("yes", "no", "true", "false", "same"):
        return value.lower() in ("yes", "true")
    return None


class Script:
    """Applies scripted actions to one game."""

    def __init__(self, refs: Refs) -> None:
        self.refs = refs
        #: the scripted action after the one being applied (set by the runner)
        self.following: ActionSpec | None = None
        #: a cast or activation stopped at a decision for a ``while_casting`` concession
        self.stopped_mid_cast = False
        #: the scripted actions after the one being applied (set by the runner)
        self.later: list[ActionSpec] = []
        #: how many of :attr:`later` the action just applied used as its continuation
        self.absorbed = 0
        self._current: ActionSpec | None = None
        #: targets named by a ``cast``/``activate`` beyond those it asks for: the new
        #: targets of its "change the target of target spell ..." (CR 115.7), chosen
        #: as it resolves, by the id of that spell or ability on the stack
        self.later_targets: dict[int, list[str]] = {}
        #: the color (index among the offered ones) that the next number answering
        #: "N mana in any combination of colors" counts (:meth:`_combination`)
        self._combination_color = 0
        self._combination_at: object = None  # the decision it was counted at

    # ------------------------------------------------------------------
    # Fitting
    # ------------------------------------------------------------------

    def player_index(self, act: ActionSpec) -> int:
        return self.refs.player_names.index(act.player)

    def fits(self, game: Game, act: ActionSpec, progress: Progress) -> bool:
        """Whether ``act`` answers the pending decision (ignoring ``at``)."""
        d = game.pending
        if d is None:
            return False
        if act.verb == "concede":
            return True
        if d.player != self.player_index(act) and not self._team_declares(game, act):
            return False
        k, verb, value = d.kind, act.verb, act.value
        if verb in _PRIORITY_VERBS:
            return k == DecisionKind.PRIORITY
        if verb == "attack":
            return k == DecisionKind.ATTACKERS
        if verb == "block":
            return k == DecisionKind.BLOCKERS
        if verb == "assign_damage":
            return (
                k == DecisionKind.ASSIGN_DAMAGE
                and self._assign_entry(game, act, progress) is not None
            )
        if verb == "order":
            return k in (DecisionKind.ORDER_TRIGGERS, DecisionKind.ORDER_CARDS)
        if verb == "target":
            return k == DecisionKind.TARGETS
        if verb == "choose":
            return _choose_fits(d, value) or self._yes_then_objects(d, act)
        return False

    def _team_declares(self, game: Game, act: ActionSpec) -> bool:
        """Two-Headed Giant (CR 805.10b, 805.10d): a teammate's ``attack`` or ``block``
        is part of the team's one declaration, which the engine asks of one of them."""
        d = game.pending
        return (
            d is not None
            and game.teams is not None
            and act.verb in ("attack", "block")
            and not game.is_opponent(d.player, self.player_index(act))
        )

    def _team_actions(self, game: Game, act: ActionSpec) -> list[ActionSpec]:
        """``act`` and, with shared team turns, the teammates' actions of the same verb
        right after it: the team's one declaration (CR 805.10b, 805.10d); the ones
        used are counted in :attr:`absorbed`."""
        acts = [act]
        if game.teams is None:
            return acts
        for nxt in self.later:
            if (
                nxt.verb != act.verb
                or nxt.at is not None
                or any(a.player == nxt.player for a in acts)
                or game.is_opponent(self.player_index(act), self.player_index(nxt))
            ):
                break
            acts.append(nxt)
            self.absorbed += 1
        return acts

    def _own(self, game: Game, acting: int, o: int) -> bool:
        """With shared team turns each teammate declares the creatures they control
        (CR 805.10b, 810.5); otherwise the decision's own candidates decide."""
        return game.teams is None or (o in game.objects and game.objects[o].controller == acting)

    def _yes_then_objects(self, d: Decision, act: ActionSpec) -> bool:
        """ "Yes" to an optional choice of objects that the engine asks as one
        decision (paying an "unless" cost such as champion's exile, choosing new
        targets for a copy): the scenario format answers the "may" or "unless" with
        yes/no, and the objects with the next action, a ``choose`` list of the same
        player (which then answers this same decision)."""
        nxt = self.following
        return (
            d.kind == DecisionKind.CHOOSE_OBJECTS
            and (d.data.get("min") == 0 or bool(d.data.get("optional")))
            and yes_no(act.value) is True
            and nxt is not None
            and nxt.verb == "choose"
            and nxt.player == act.player
            and isinstance(nxt.value, list)
        )

    # ------------------------------------------------------------------
    # Applying
    # ------------------------------------------------------------------

    def apply(self, game: Game, act: ActionSpec, progress: Progress) -> bool:
        """Answer the pending decision (and follow-ups) with ``act``; True when it's used up.

        Raises :class:`Illegal`, :class:`Unsupported` or ``Unscripted``.
        """
        verb = act.verb
        acting = self.player_index(act)
        self._current = act
        if verb == "concede":
            if act.options.get("while_casting") and not self.stopped_mid_cast:
                raise Illegal(
                    "the spell or ability before it asked no decision left to concede during"
                )
            self.stopped_mid_cast = False
            game.apply(Concede(acting))
            return True
        if verb == "pass":
            _answer(game, PassPriority())
            progress.passes_done += 1
            return progress.passes_done >= int(act.value)
        if verb == "play":
            half = act.options.get("half")

            def land_face(o: int) -> int:
                # CR 712.12: the face of a modal double-faced card played as a land
                if half is None:
                    return 0
                names = [norm(f.name) for f in game.objects[o].card.faces]
                return names.index(norm(half)) if norm(half) in names else -1

            oid = self._find(
                game,
                act.value,
                acting,
                lambda o: land_face(o) >= 0 and game.is_legal(PlayLand(o, land_face(o))) is None,
                plausible=lambda o: game.objects[o].zone == Zone.HAND,
            )
            _answer(game, PlayLand(oid, land_face(oid)))
            return True
        if verb == "cast":
            self._cast(game, act, acting)
            return True
        if verb == "activate":
            self._activate(game, act, acting)
            return True
        if verb == "turn_face_up":
            self._turn_face_up(game, act, acting, None)
            return True
        if verb == "attack":
            _answer(game, self._attackers(game, act, acting))
            return True
        if verb == "block":
            _answer(game, self._blockers(game, act, acting))
            return True
        if verb == "assign_damage":
            index = self._assign_entry(game, act, progress)
            assert index is not None
            _answer(game, self._assignment(game, act.value[index][1], acting))
            progress.assigned.add(index)
            return len(progress.assigned) == len(act.value)
        if verb == "order":
            if game.pending is not None and game.pending.kind == DecisionKind.ORDER_CARDS:
                _answer(game, self._card_order(game, act.value, acting))
            else:
                n = len(game.pending.data["triggers"]) if game.pending else 0
                refs = self._continued(act, list(act.value), n - 1)
                _answer(game, self._order(game, refs, acting))
            return True
        if verb == "target":
            self._trigger_targets(game, act, acting)
            return True
        if verb == "choose":
            d = game.pending
            if d is not None and self._yes_then_objects(d, act):
                return True  # the next action chooses the objects
            self._choose(game, act.value, acting)
            return True
        raise Unsupported(f"the verb {verb!r} is not supported")

    # -- helpers ----------------------------------------------------------------

    def _continued(self, act: ActionSpec, refs: list[Any], wanted: int) -> list[Any]:
        """A list that names fewer objects than the decision needs (``wanted``: the
        triggers to order but the last, the fewest objects to choose) goes on with
        the next actions of the same verb and player that are lists too, one pick
        each, as a player answers "which one next?" one at a time:
        ``order: [a]`` then ``order: [b]`` is ``order: [a, b]``. The ones used are
        counted in :attr:`absorbed`."""
        for nxt in self.later:
            if len(refs) >= wanted:
                break
            if (
                nxt.verb != act.verb
                or nxt.player != act.player
                or nxt.at is not None
                or not isinstance(nxt.value, list)
                or len(refs) + len(nxt.value) > wanted
            ):
                break
            refs.extend(nxt.value)
            self.absorbed += 1
        return refs

    def _find(
        self,
        game: Game,
        ref: str,
        acting: int,
        legal: Callable[[int], bool] | None = None,
        exclude: tuple[int, ...] | list[int] = (),
        players: bool = False,
        plausible: Callable[[int], bool] | None = None,
    ) -> int:
        found = self.refs.resolve(game, ref, acting, legal, exclude, players, plausible)
        if found is None:
            if ref in self.refs.labels:
                raise Illegal(
                    f"{ref!r} no longer refers to anything (the token has ceased to exist)"
                )
            raise Illegal(f"there is no {ref} in the game")
        return found

    def _name(self, game: Game, ref: int) -> str:
        return self.refs.describe(game, ref)

    # -- casting and activating ------------------------------------------------

    def _cast(self, game: Game, act: ActionSpec, acting: int) -> None:
        opts = self._cast_options(game, act, acting)
        half = act.options.get("half")

        def face_of(oid: int) -> int:
            if half is None:
                return 0
            faces = game.objects[oid].card.faces
            for i, f in enumerate(faces):
                if norm(f.name) == norm(half):
                    return i
            return -1

        def legal(o: int) -> bool:
            face = face_of(o)
            return face >= 0 and game.is_legal(CastSpell(o, face, **opts)) is None

        oid = self._find(
            game,
            act.value,
            acting,
            legal,
            plausible=lambda o: game.objects[o].zone not in (Zone.BATTLEFIELD, Zone.STACK),
        )
        face = face_of(oid)
        if face < 0:
            raise Illegal(f"{game.objects[oid].name} has no half named {half!r}")
        payment = self._payment(game, act, acting)
        self._stack_sequence(game, act, acting, CastSpell(oid, face, payment, **opts))

    def _cast_options(self, game: Game, act: ActionSpec, acting: int) -> dict[str, Any]:
        """The announced choices of a cast (CR 601.2b, 601.2f) as ``CastSpell`` fields."""
        opts: dict[str, Any] = {}
        for key in _CAST_OPTION_KEYS:
            value = act.options.get(key)
            if value is None or value is False or value == 0 or value == []:
                continue
            if key not in _CAST_FIELDS:
                raise Unsupported(f"casting with {key!r} is not supported by the engine yet")
            if key == "alt":
                opts[key] = str(value).lower()
            elif key == "kicker":
                opts[key] = _kicker_counts(value)
            elif key in ("face_down", "buyback", "entwine", "fuse", "offspring", "conspire"):
                opts[key] = bool(value)
            elif key in ("replicate", "squad"):
                opts[key] = int(value)
            elif key == "gift":
                # CR 702.174a: the opponent promised the gift, by name
                names = self.refs.player_names
                if value not in names:
                    raise Illegal(f"gift: there's no player named {value!r}")
                opts[key] = names.index(value)
            elif key == "harmonize":
                # CR 702.180b: the one creature tapped for harmonize
                opts[key] = self._cost_objects(game, key, [str(value)], acting)[0]
            else:
                opts[key] = self._cost_objects(game, key, value, acting)
        return opts

    def _cost_objects(self, game: Game, key: str, refs: list[str], acting: int) -> tuple[int, ...]:
        """Objects named for splice, convoke, improvise, delve, sacrifice or discard."""
        p = game.players[acting]

        def legal(o: int) -> bool:
            obj = game.objects[o]
            if key in ("splice", "discard"):
                return o in p.hand
            if key == "delve":
                return o in p.graveyard
            return obj.zone == Zone.BATTLEFIELD and obj.controller == acting

        chosen: list[int] = []
        for ref in refs:
            chosen.append(self._find(game, ref, acting, legal, chosen))
        return tuple(chosen)

    def _turn_face_up(self, game: Game, act: ActionSpec, acting: int, via: str | None) -> None:
        """CR 116.2b: the special action of turning a face-down permanent face up."""

        oid = self._find(
            game,
            act.value,
            acting,
            lambda o: game.is_legal(TurnFaceUp(o, via)) is None,
            plausible=lambda o: game.objects[o].zone == Zone.BATTLEFIELD,
        )
        _answer(game, TurnFaceUp(oid, via, self._payment(game, act, acting)))

    def _activate(self, game: Game, act: ActionSpec, acting: int) -> None:
        which = act.options.get("ability", 1)
        if isinstance(which, str) and norm(which) in ("morph", "megamorph", "disguise", "manifest"):
            via = None if norm(which) == "manifest" else norm(which)
            self._turn_face_up(game, act, acting, via)
            return

        def usable(o: int) -> int | None:
            # by keyword, the first such ability that can be activated ("equip" of an
            # Equipment that also has "equip Knight {0}" granted, CR 702.6e)
            for i in ability_indices(game, o, which):
                if game.is_legal(ActivateAbility(o, i)) is None:
                    return i
            return None

        def legal(o: int) -> bool:
            return usable(o) is not None

        oid = self._find(
            game,
            act.value,
            acting,
            legal,
            plausible=lambda o: ability_index(game, o, which) is not None,
        )
        index = usable(oid)
        if index is None:
            index = ability_index(game, oid, which)
        if index is None:
            what = (
                f"{which} ability"
                if isinstance(which, str)
                else f"activated ability number {which}"
            )
            raise Illegal(f"{self._name(game, oid)} has no {what}")
        payment = self._payment(game, act, acting)
        self._stack_sequence(game, act, acting, ActivateAbility(oid, index, payment))

    def _payment(self, game: Game, act: ActionSpec, acting: int) -> tuple[int, ...] | None:
        tap = act.options.get("tap")
        if not tap:
            return None
        chosen: list[int] = []
        for ref in tap:
            chosen.append(
                self._find(
                    game, ref, acting, lambda o: game.objects[o].controller == acting, chosen
                )
            )
        return tuple(chosen)

    def _stack_sequence(self, game: Game, act: ActionSpec, acting: int, first: Action) -> None:
        """The priority answer, then every choice of that same spell or ability."""
        depth = len(game.tasks)
        log_start = len(game.log)
        _answer(game, first)

        def in_progress() -> bool:
            return any(t.kind in _STACK_TASKS for t in game.tasks[depth:])

        targets = list(act.options.get("targets") or [])
        left = {k for k in ("x", "modes", "divide") if act.options.get(k) is not None}
        # stop at priority: a trigger created while casting ("when you cycle")
        # is answered by the next scripted actions, not inside this cast
        while (
            game.pending is not None
            and in_progress()
            and game.pending.kind != DecisionKind.PRIORITY
        ):
            d = game.pending
            k = d.kind
            about = game.objects.get(d.data.get("obj", -1)) if isinstance(d.data, dict) else None
            if about is not None and about.stack_kind == "triggered":
                break  # a trigger's choices (one created by a cost): the next actions'
            if k == DecisionKind.TARGETS and d.player != acting:
                break  # "target creature of an opponent's choice" (CR 115.1): theirs
            if k == DecisionKind.MODES and "modes" in left:
                left.discard("modes")
                answer: Action = ChooseModes(tuple(m - 1 for m in act.options["modes"]))
            elif k == DecisionKind.X and "x" in left:
                left.discard("x")
                answer = ChooseNumber(int(act.options["x"]))
            elif k == DecisionKind.X and (number := self._following_number(act)) is not None:
                # an X the cast didn't give, answered by the next action, a number
                # `choose` of the same player (CR 107.3a, 601.2b)
                self.absorbed += 1
                self.following = (
                    self.later[self.absorbed] if self.absorbed < len(self.later) else None
                )
                answer = ChooseNumber(number)
            elif k == DecisionKind.TARGETS and targets:
                answer = self._targets(game, targets, acting)
            elif k == DecisionKind.TARGETS and "targets" in act.options and d.data["min"] == 0:
                answer = ChooseTargets(())
            elif k == DecisionKind.DIVIDE and "divide" in left:
                left.discard("divide")
                answer = self._division(game, act.options["divide"], acting)
            elif k == DecisionKind.CHOOSE_OBJECTS and d.data.get("purpose") in act.options:
                answer = self._objects(game, act.options[d.data["purpose"]], acting)
            elif self._following_answers(game, d):
                break  # the next scripted action ("choose: [...]") answers this cost choice
            elif self._concedes_now(d):
                # CR 104.3a: the player concedes at this decision; the spell or ability
                # leaves with them (800.4a), so what it would still ask is moot
                self.stopped_mid_cast = True
                return
            else:
                answer = default_answer(game)
            _answer(game, answer)
        for ev in game.log[log_start:]:
            if ev.kind in (EventKind.ILLEGAL_CAST, EventKind.ILLEGAL_ACTIVATION):
                how = " with the permanents given in 'tap'" if act.options.get("tap") else ""
                raise Illegal(f"{ev.text}: its cost can't be paid{how} [{', '.join(ev.rules)}]")
        if targets:
            top = game.objects.get(game.stack[-1]) if game.stack else None
            if top is None or top.controller != acting or not _changes_targets(top):
                raise Illegal(
                    f"{', '.join(targets)}: more targets than it asks for, or not legal targets (rule 601.2c)"
                )
            self.later_targets[top.id] = targets
        left.discard("divide")  # a single target gets everything (CR 601.2d)
        if left:
            key = sorted(left)[0]
            raise Illegal(f"'{key}' was given but nothing asked for it")

    def answer_later_targets(self, game: Game) -> bool:
        """Answer the pending choice of new targets (CR 115.7) of a spell or ability
        with the targets its ``cast``/``activate`` named beyond those it asked for;
        False when there are none for it. Naming a current target keeps it."""
        d = game.pending
        if (
            d is None
            or d.kind != DecisionKind.CHOOSE_OBJECTS
            or d.data.get("purpose") != DecisionPurpose.CHANGE_TARGETS
        ):
            return False
        names = self.later_targets.pop(d.data.get("source", -1), None)
        if names is None:
            return False
        cands, current = list(d.data["candidates"]), list(d.data["current"])
        chosen: list[int] = []
        for ref in names[: d.data["max"]]:
            oid = self._find(
                game, ref, d.player, lambda o: o in cands or o in current, chosen, players=True
            )
            if oid not in cands and oid not in current:
                raise Illegal(
                    f"{self._name(game, oid)} isn't a legal target: {d.prompt} (rule {d.rule})"
                )
            chosen.append(oid)
        if all(o in current for o in chosen):
            chosen = []  # the same targets: none changed
        _answer(game, ChooseObjects(tuple(chosen)))
        return True

    def _concedes_now(self, d: Decision) -> bool:
        """Is the next scripted action this player's concession ``while_casting``
        (made at the first decision of the cast that the cast's own keys don't answer)?"""
        nxt = self.following
        return (
            nxt is not None
            and nxt.verb == "concede"
            and bool(nxt.options.get("while_casting"))
            and d.player == self.player_index(nxt)
        )

    def _following_number(self, act: ActionSpec) -> int | None:
        """The number of the next unused action when it's a ``choose: N`` of the same
        player with no ``at``, else None."""
        if self.absorbed >= len(self.later):
            return None
        nxt = self.later[self.absorbed]
        value = nxt.value
        if (
            nxt.verb != "choose"
            or nxt.player != act.player
            or nxt.at is not None
            or not isinstance(value, int)
            or isinstance(value, bool)
        ):
            return None
        return value

    def _following_answers(self, game: Game, d: Any) -> bool:
        """Does the next scripted action answer this choice of objects (a cost
        choice such as "return an unblocked attacker", CR 602.2b) or this choice
        made while casting ("choose a creature type", CR 601.2b)? A choice of
        objects only when every object it names is a candidate: a ``choose``
        meant for a later decision (the card a cycled card searches for) is left
        for that decision."""
        nxt = self.following
        if (
            nxt is not None
            and nxt.at is None
            and len(self.later) > 1
            and self.later[0] is nxt
            and d.kind == DecisionKind.CHOOSE_OBJECTS
            and d.player == self.player_index(nxt)
        ):
            # "yes" to an optional choice of objects made while casting (an offering,
            # CR 702.48b), then the objects (see _yes_then_objects)
            saved = self.following
            self.following = self.later[1]
            try:
                if nxt.verb == "choose" and self._yes_then_objects(d, nxt):
                    return True
            finally:
                self.following = saved
        if not (
            nxt is not None
            # (a yes/no made while casting: "you may waterbend {6}", CR 601.2b; the
            # targets the cast's own `targets` didn't give, such as awaken's land,
            # named by the next action, 601.2c)
            and d.kind
            in (
                DecisionKind.CHOOSE_OBJECTS,
                DecisionKind.CHOOSE_OPTION,
                DecisionKind.YES_NO,
                DecisionKind.TARGETS,
            )
            and nxt.verb == "choose"
            and nxt.at is None
            and d.player == self.player_index(nxt)
            and _choose_fits(d, nxt.value)
        ):
            return False
        if d.kind not in (DecisionKind.CHOOSE_OBJECTS, DecisionKind.TARGETS) or not isinstance(
            nxt.value, list
        ):
            return True
        if d.kind == DecisionKind.TARGETS and not (
            int(d.data["min"]) <= len(nxt.value) <= int(d.data["max"])
        ):
            return False
        cands = set(d.data["candidates"])
        chosen: list[int] = []
        players = d.kind == DecisionKind.TARGETS
        for ref in nxt.value:
            oid = self.refs.resolve(
                game, str(ref), d.player, lambda o: o in cands, chosen, players=players
            )
            if oid is None or oid not in cands:
                return False
            chosen.append(oid)
        return True

    def _targets(self, game: Game, queue: list[str], acting: int) -> ChooseTargets:
        """Take targets from the front of ``queue`` for the pending target phrase."""
        d = game.pending
        assert d is not None
        cands = list(d.data["candidates"])
        lo, hi = d.data["min"], d.data["max"]
        chosen: list[int] = []
        while queue and len(chosen) < max(hi, 1):
            ref = queue[0]
            oid = self._find(
                game, ref, acting, lambda o: o in cands and o not in chosen, chosen, players=True
            )
            if oid not in cands:
                if len(chosen) >= lo and len(chosen) > 0:
                    break  # it belongs to a later target phrase
                raise Illegal(
                    f"{self._name(game, oid)} isn't a legal target: {d.prompt} (rule {d.rule})"
                )
            chosen.append(oid)
            queue.pop(0)
        return ChooseTargets(tuple(chosen))

    def _division(self, game: Game, pairs: list[tuple[str, int]], acting: int) -> ChooseDivision:
        d = game.pending
        assert d is not None
        targets = list(d.data["targets"])
        out: list[tuple[int, int]] = []
        for ref, amount in pairs:
            oid = self._find(
                game, ref, acting, lambda o: o in targets, [o for o, _ in out], players=True
            )
            out.append((oid, amount))
        return ChooseDivision(tuple(out))

    def _objects(self, game: Game, refs: list[str], acting: int) -> ChooseObjects:
        d = game.pending
        assert d is not None
        cands = list(d.data["candidates"])
        chosen: list[int] = []
        for ref in refs:
            chosen.append(self._find(game, ref, acting, lambda o: o in cands, chosen, players=True))
        return ChooseObjects(tuple(chosen))

    # -- combat ---------------------------------------------------------------

    def _attackers(self, game: Game, act: ActionSpec, acting: int) -> DeclareAttackers:
        d = game.pending
        assert d is not None
        cands: dict[int, list[int]] = d.data["candidates"]
        pairs: list[tuple[int, int]] = []
        bands: list[tuple[int, ...]] = []
        for part in self._team_actions(game, act):
            acting = self.player_index(part)
            for creature_ref, defender_ref in part.value:
                used = [c for c, _ in pairs]
                creature = self._find(
                    game,
                    creature_ref,
                    acting,
                    lambda o, p=acting: o in cands and self._own(game, p, o),  # type: ignore[misc]  # mypy can't type a lambda's bound default
                    used,
                )
                if not self._own(game, acting, creature):
                    raise Illegal(
                        f"{part.player} doesn't control {self._name(game, creature)} "
                        "(rules 805.10b, 810.5)"
                    )
                defender = self._find(
                    game,
                    defender_ref,
                    acting,
                    lambda o, c=creature: o in cands.get(c, ()),  # type: ignore[misc]  # mypy can't type a lambda's bound default
                    players=True,
                )
                pairs.append((creature, defender))
            for band in part.options.get("bands") or []:
                ids: list[int] = []
                for ref in band:
                    ids.append(self._find(game, ref, acting, lambda o: o in dict(pairs), ids))
                bands.append(tuple(ids))
        return DeclareAttackers(tuple(pairs), tuple(bands))

    def _blockers(self, game: Game, act: ActionSpec, acting: int) -> DeclareBlockers:
        d = game.pending
        assert d is not None
        cands: dict[int, list[int]] = d.data["candidates"]
        pairs: list[tuple[int, int]] = []
        for part in self._team_actions(game, act):
            acting = self.player_index(part)
            resolved: dict[str, int] = {}
            for blocker_ref, attacker_ref in part.value:
                if blocker_ref not in resolved:
                    resolved[blocker_ref] = self._find(
                        game,
                        blocker_ref,
                        acting,
                        lambda o, p=acting: o in cands and self._own(game, p, o),  # type: ignore[misc]  # mypy can't type a lambda's bound default
                        [b for b, _ in pairs] + list(resolved.values()),
                    )
                blocker = resolved[blocker_ref]
                if not self._own(game, acting, blocker):
                    raise Illegal(
                        f"{part.player} doesn't control {self._name(game, blocker)} "
                        "(rules 805.10d, 810.5)"
                    )
                attacker = self._find(
                    game,
                    attacker_ref,
                    acting,
                    lambda o, b=blocker: o in cands.get(b, ()) and (b, o) not in pairs,  # type: ignore[misc]  # mypy can't type a lambda's bound default
                )
                pairs.append((blocker, attacker))
        return DeclareBlockers(tuple(pairs))

    def _assign_entry(self, game: Game, act: ActionSpec, progress: Progress) -> int | None:
        d = game.pending
        if d is None or d.kind != DecisionKind.ASSIGN_DAMAGE:
            return None
        attacker = d.data["attacker"]
        for i, (ref, _split) in enumerate(act.value):
            if i in progress.assigned:
                continue
            found = self.refs.resolve(game, ref, d.player, lambda o: o == attacker)
            if found == attacker:
                return i
        return None

    def take_automatic(self, game: Game, act: ActionSpec, progress: Progress) -> bool:
        """Use the entries of an ``assign_damage`` action that name creatures whose
        damage this step has only one legal assignment, which the engine made
        without asking (CR 510.1b-d); the scripted split must be that one.
        True if any entry was used. Raises :class:`Illegal` for a different split."""
        task = next((t for t in reversed(game.tasks) if t.kind == "combat_damage"), None)
        if task is None or "auto" not in task.data:
            return False
        auto: dict[int, dict[int, int]] = {}
        for oid, who, n in task.data["auto"]:
            auto.setdefault(oid, {})[who] = auto.get(oid, {}).get(who, 0) + n
        acting = self.player_index(act)
        used = False
        for i, (ref, split) in enumerate(act.value):
            if i in progress.assigned:
                continue
            oid = self.refs.resolve(game, ref, acting, lambda o: o in auto)
            if oid not in auto:
                continue
            made = auto[oid]
            want: dict[int, int] = {}
            for r, n in split:
                rid = self.refs.resolve(game, r, acting, lambda o, m=made: o in m, players=True)  # type: ignore[misc]  # mypy can't type a lambda's bound default
                if rid is not None and int(n):
                    want[rid] = want.get(rid, 0) + int(n)
            if want != made:
                text = ", ".join(f"{n} to {self._name(game, w)}" for w, n in made.items())
                raise Illegal(
                    f"{self._name(game, oid)}'s combat damage has only one legal assignment: "
                    f"{text} (rule 510.1)"
                )
            progress.assigned.add(i)
            used = True
        return used

    def _assignment(self, game: Game, split: list[tuple[str, int]], acting: int) -> AssignDamage:
        d = game.pending
        assert d is not None
        allowed = list(d.data["blockers"])
        if d.data.get("defender") is not None:
            allowed.append(d.data["defender"])
        out: list[tuple[int, int]] = []
        for ref, amount in split:
            rid = self._find(
                game, ref, acting, lambda o: o in allowed, [r for r, _ in out], players=True
            )
            out.append((rid, amount))
        return AssignDamage(tuple(out))

    # -- triggers and choices ---------------------------------------------------

    def _order(self, game: Game, refs: list[str], acting: int) -> OrderTriggers:
        group = pending_trigger_group(game)
        n = len(game.pending.data["triggers"]) if game.pending else 0
        order: list[int] = []
        for ref in refs:
            index = None
            for i, trig in enumerate(group):
                if i in order:
                    continue
                if ref in self.refs.labels:
                    if self._is_source(game, ref, trig):
                        index = i
                        break
                elif norm(ref) == norm(str(trig.get("source_name", ""))):
                    index = i
                    break
            if index is None:
                raise Illegal(f"{ref} has no triggered ability waiting to be put on the stack")
            order.append(index)
        order.extend(i for i in range(n) if i not in order)
        return OrderTriggers(tuple(order))

    def _combination(self, game: Game, count: int, acting: int) -> None:
        """ "Add N mana in any combination of {R} and/or {G}" (CR 106.1b) answered
        with numbers, one per color in the order the text lists them: ``choose: 2``
        then ``choose: 1`` is two red and one green. The engine asks the color of
        each mana in turn; a number answers that many of them with the next color."""
        d = game.pending
        assert d is not None
        first, _total = d.data["combination"]
        if first == 1 and d.id != self._combination_at:
            self._combination_color = 0  # (a count of zero answers nothing)
        color = self._combination_color
        self._combination_color += 1
        self._combination_at = d.id
        for _ in range(count):
            d = game.pending
            if (
                d is None
                or d.player != acting
                or d.kind != DecisionKind.CHOOSE_OPTION
                or "combination" not in d.data
            ):
                raise Illegal(f"{count} is more mana than the ability adds (rule 106.1b)")
            options = list(d.data["options"])
            if color >= len(options):
                raise Illegal(
                    f"a count for each of {', '.join(options)} was given; this one is one too "
                    "many (rule 106.1b)"
                )
            _answer(game, ChooseOption(options[color]))

    def _card_order(self, game: Game, refs: Any, acting: int) -> ChooseObjects:
        """CR 401.4: the cards going to one end of a library, topmost first; cards
        not named keep their current relative order after the named ones."""
        d = game.pending
        assert d is not None
        cands = list(d.data["candidates"])
        named = self._objects(
            game, [str(r) for r in (refs if isinstance(refs, list) else [refs])], acting
        )
        rest = [c for c in cands if c not in named.objects]
        return ChooseObjects((*named.objects, *rest))

    def _is_source(self, game: Game, label: str, trig: dict[str, Any]) -> bool:
        """Whether the card an id names is the source of a pending trigger (its source
        may have left the battlefield since, e.g. for a "dies" trigger)."""
        src = trig.get("source")
        if src is not None and src in game.objects:
            return game.objects[src].card_uid == self.refs.labels[label]
        current = self.refs.label_object(game, label)
        return current is not None and norm(game.objects[current].name) == norm(
            str(trig.get("source_name", ""))
        )

    def _trigger_targets(self, game: Game, act: ActionSpec, acting: int) -> None:
        """Every target phrase of one triggered ability (or a spell cast while resolving)."""
        queue = list(act.value)
        d = game.pending
        assert d is not None
        obj = d.data.get("obj")
        _answer(game, self._targets(game, queue, acting))
        while queue:
            d = game.pending
            if d is None or d.kind != DecisionKind.TARGETS or d.data.get("obj") != obj:
                break
            _answer(game, self._targets(game, queue, acting))
        if queue:
            raise Illegal(
                f"{', '.join(queue)}: more targets than the ability asks for, "
                "or not legal targets (rule 115.1)"
            )
        divide = act.options.get("divide")
        d = game.pending
        if divide is not None and d is not None and d.kind == DecisionKind.DIVIDE:
            # "distribute three +1/+1 counters among one, two, or three target
            # creatures": the division announced with the targets (CR 601.2d, 603.3d)
            _answer(game, self._division(game, divide, acting))

    def _choose(self, game: Game, value: Any, acting: int) -> None:
        d = game.pending
        assert d is not None
        k = d.kind
        if k == DecisionKind.YES_NO:
            yn = yes_no(value)
            _answer(game, ChooseYesNo(True if yn is None else yn))
            follow = game.pending
            if not isinstance(value, list) or follow is None or follow.player != acting:
                return
            # "yes, and these": the objects of the choice the "may" leads to, or the
            # targets of the spell it lets the player cast ("you may cast the copy",
            # CR 601.2c)
            if follow.kind == DecisionKind.CHOOSE_OBJECTS:
                _answer(game, self._objects(game, value, acting))
            elif follow.kind == DecisionKind.TARGETS:
                queue = [str(r) for r in value]
                _answer(game, self._targets(game, queue, acting))
                if queue:
                    raise Illegal(f"{', '.join(queue)}: not legal targets here (rule 115.1)")
            return
        if k in (DecisionKind.CHOOSE_OBJECTS, DecisionKind.BOTTOM):
            if yes_no(value) is False:
                _answer(game, ChooseObjects(()))
                return
            sole = _sole_object(d) if yes_no(value) is True else None
            if sole is not None:
                _answer(game, ChooseObjects((sole,)))
                return
            refs = value if isinstance(value, list) else [value]
            if isinstance(value, list) and self._current is not None:
                refs = self._continued(self._current, list(refs), int(d.data["min"]))
            _answer(game, self._objects(game, [str(r) for r in refs], acting))
            return
        if k == DecisionKind.ORDER_CARDS:
            _answer(game, self._card_order(game, value, acting))
            return
        if k == DecisionKind.ASSIGN_DAMAGE:
            _answer(game, _as_unblocked(d, bool(yes_no(value))))
            return
        if k == DecisionKind.TARGETS:
            queue = [str(r) for r in value]
            _answer(game, self._targets(game, queue, acting))
            if queue:
                raise Illegal(f"{', '.join(queue)}: not legal targets here (rule 115.1)")
            return
        if k == DecisionKind.MODES:
            _answer(game, ChooseModes(tuple(int(m) - 1 for m in value)))
            return
        if k == DecisionKind.X:
            _answer(game, ChooseNumber(int(value)))
            return
        if k == DecisionKind.CHOOSE_OPTION and "combination" in d.data and _is_number(value):
            self._combination(game, int(value), acting)
            return
        if k == DecisionKind.CHOOSE_OPTION and _names_player(d.data):
            # "an opponent you choose" (demonstrate 702.144a, clash 701.30b), "choose a
            # player" as an instruction is followed (608.2d): the player by name,
            # `choose: B` or `choose: [B]`
            named = value[0] if isinstance(value, list) and len(value) == 1 else value
            names = self.refs.player_names
            who = str(names.index(named)) if named in names else None
            if who is None or who not in d.data["options"]:
                raise Illegal(f"{named!r} isn't an opponent that may be chosen here")
            _answer(game, ChooseOption(who))
            return
        if k == DecisionKind.CHOOSE_OPTION:
            options = list(d.data["options"])
            wanted = "yes" if value is True else "no" if value is False else str(value)
            for o in options:
                if str(o).lower() == wanted.lower():
                    _answer(game, ChooseOption(o))
                    return
            paid = _the_one_way_to_pay(options, wanted)
            if paid is not None:
                # "yes" to an "unless" with one way to pay it (scenario format: yes/no
                # answers paying an "unless" cost): that way
                _answer(game, ChooseOption(paid))
                return
            mana = _mana_of_color(options, wanted)
            if mana is not None:
                # "add two mana of any one color" answered with the color (CR 106.1b)
                _answer(game, ChooseOption(mana))
                return
            if d.data.get("card_name"):
                # CR 201.3: any card's name, not only the offered sample
                name, why = card_name_answer(wanted, d.data["card_name"])
                if name is None:
                    raise Illegal(str(why))
                _answer(game, ChooseOption(name))
                return
            raise Illegal(f"{wanted!r} isn't one of the choices: {', '.join(map(str, options))}")
        raise Illegal(f"'choose' doesn't answer this decision: {d.prompt}")


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _changes_targets(obj: GameObject) -> bool:
    """Does this spell or ability change the targets of another (CR 115.7)?"""

    def walk(effects: Any) -> bool:
        return any(e.op == "change_targets" or walk(e.args.get("effects") or ()) for e in effects)

    ability = obj.ability
    return ability is not None and walk(ability.effects)


def _kicker_counts(value: Any) -> tuple[int, ...]:
    """``kicker: true`` → (1,); ``kicker: 3`` (multikicker) → (3,);
    ``kicker: [1, 2]`` (the first and second kicker costs) → (1, 1); ``[2]`` → (0, 1)."""
    if value is True:
        return (1,)
    if isinstance(value, int):
        return (value,)
    counts = [0] * max(value)
    for n in value:
        counts[n - 1] += 1
    return tuple(counts)


def _sole_object(d: Decision) -> int | None:
    """The one object an optional choice of objects can choose ("you may reveal a
    noncreature, nonland card from among them" with one such card), which a "yes"
    names: the scenario format answers a "may" with yes/no, and here yes has only
    one meaning. None when the choice isn't optional or has other objects."""
    cands = list(d.data.get("candidates") or ())
    if d.kind != DecisionKind.CHOOSE_OBJECTS or d.data.get("min") != 0 or len(cands) != 1:
        return None
    return cands[0] if int(d.data.get("max") or 0) >= 1 else None


def _choose_fits(d: Decision, value: Any) -> bool:
    kind = d.kind
    if kind == DecisionKind.YES_NO:
        return yes_no(value) is not None or (
            isinstance(value, list) and bool(value) and isinstance(value[0], str)
        )
    if kind in (DecisionKind.CHOOSE_OBJECTS, DecisionKind.BOTTOM):
        # "no" answers only a choice that may choose nothing; "yes" only one whose
        # single possible object it then names (:func:`_sole_object`)
        return (
            isinstance(value, list | str)
            or (yes_no(value) is False and d.data["min"] == 0)
            or (yes_no(value) is True and _sole_object(d) is not None)
        )
    if kind == DecisionKind.ORDER_CARDS:  # CR 401.4, topmost first
        return isinstance(value, list)
    if kind == DecisionKind.TARGETS:  # new targets for a copy
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == DecisionKind.MODES:
        return isinstance(value, list) and all(isinstance(v, int) for v in value)
    if kind == DecisionKind.X:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == DecisionKind.CHOOSE_OPTION:
        if _names_player(d.data):
            # a player's name, alone or as a one-name list (`choose: [B]`)
            return isinstance(value, str) or (
                isinstance(value, list) and len(value) == 1 and isinstance(value[0], str)
            )
        return not isinstance(value, list)
    if kind == DecisionKind.ASSIGN_DAMAGE:
        # the "may" of "may assign its combat damage as though it weren't blocked"
        return bool(d.data.get("as_unblocked")) and yes_no(value) is not None
    return False


def _names_player(data: dict[str, Any]) -> bool:
    """A choice of a player whose options are player indices (clash, demonstrate,
    "choose a player / an opponent" of an instruction: effects_runner._choose_player)."""
    purpose = data.get("purpose")
    return purpose == DecisionPurpose.OPPONENT or (
        purpose == DecisionPurpose.PLAYER
        and all(str(o).isdigit() for o in data.get("options") or ())
    )


def _answer(game: Game, action: Action) -> None:
    """Apply an answer; an illegal one becomes :class:`Illegal` with the engine's reason."""
    try:
        game.apply(action)
    except IllegalActionError as e:
        raise Illegal(str(e)) from None


def pending_trigger_group(game: Game) -> list[dict[str, Any]]:
    """The triggers being ordered at an ORDER_TRIGGERS decision (read from the task stack)."""
    for t in reversed(game.tasks):
        if t.kind == "put_triggers":
            groups = t.data.get("groups") or []
            return list(groups[0]) if groups else []
    return []


def ability_index(game: Game, oid: int, which: int | str) -> int | None:
    """The engine's index of an object's N-th activated ability (1-based, printed
    order; mana abilities count) or of its activated keyword ability (``equip``)."""
    found = ability_indices(game, oid, which)
    return found[0] if found else None


def ability_indices(game: Game, oid: int, which: int | str) -> list[int]:
    """The engine's indices :func:`ability_index` may mean: the N-th activated
    ability, or every activated ability with that keyword, in order."""
    o = game.objects.get(oid)
    if o is None:
        return []
    abilities = chars(game, o).abilities
    activated = [
        i
        for i, a in enumerate(abilities)
        if a.kind in (AbilityKind.ACTIVATED, AbilityKind.MANA) and a.cost is not None
    ]
    activated = _type_line_order(o, abilities, activated)
    if isinstance(which, int):
        return [activated[which - 1]] if 1 <= which <= len(activated) else []
    key = norm(which)
    return [i for i in activated if (kw := abilities[i].keyword) and norm(kw) == key]


def _type_line_order(o: Any, abilities: tuple[Any, ...], activated: list[int]) -> list[int]:
    """The intrinsic mana abilities of basic land types (CR 305.6) in the order the
    type line prints those types ("Land — Forest Plains": {G} first, then {W}), the
    way a reader numbers them; types the land gained later follow."""
    basic = {f"{{T}}: Add {m}.": t for t, m in BASIC_LAND_MANA.items()}
    intrinsic = [
        i for i in activated if abilities[i].kind is AbilityKind.MANA and abilities[i].text in basic
    ]
    if len(intrinsic) < 2:
        return activated
    face = o.card.faces[o.face] if 0 <= o.face < len(o.card.faces) else o.card.faces[0]
    printed = list(face.subtypes)

    def rank(i: int) -> int:
        t = basic[abilities[i].text]
        return printed.index(t) if t in printed else len(printed)

    ordered = iter(sorted(intrinsic, key=rank))
    return [next(ordered) if i in intrinsic else i for i in activated]


def _the_one_way_to_pay(options: list[Any], wanted: str) -> Any:
    """For ``yes`` among "[a way to pay], no": that way; None when the answer is
    another one or the cost can be paid more than one way."""
    if wanted.lower() != "yes" or not any(str(o).lower() == "no" for o in options):
        return None
    ways = [o for o in options if str(o).lower() != "no"]
    return ways[0] if len(ways) == 1 else None


#: a color's mana symbol (CR 105.1, 106.1b)
_COLOR_SYMBOL = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _mana_of_color(options: list[Any], color: str) -> Any:
    """The option that is mana of one color only ("{W}{W}"), named by that color."""
    sym = _COLOR_SYMBOL.get(color.lower())
    if sym is None:
        return None
    for o in options:
        text = str(o)
        if text and text.replace("{" + sym + "}", "") == "" and text.startswith("{"):
            return o
    return None


def _as_unblocked(d: Decision, yes: bool) -> AssignDamage:
    """ "You may have it assign its combat damage as though it weren't blocked"
    (CR 510.1c) answered yes (all of it to the defender) or no (as blocked: all
    to its one blocker; with more blockers the split needs ``assign_damage``)."""
    power = int(d.data["power"])
    if yes:
        return AssignDamage(((d.data["defender"], power),))
    blockers = list(d.data["blockers"])
    if len(blockers) != 1 or d.data.get("trample"):
        raise Illegal("declining to assign as though unblocked leaves a split to choose")
    return AssignDamage(((blockers[0], power),))
