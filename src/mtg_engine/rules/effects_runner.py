"""Following a spell's or ability's instructions in order (CR 608.2c).

:func:`run_effects` executes the effects of the resolving object one by one,
each through its registered handler (:mod:`mtg_engine.effects`). A handler
that needs a choice asks for it and returns False; the resolve task keeps
its place (``task.data["i"]``) so resolution continues after the answer —
also in a cloned or deserialized game.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import (
    CHOSEN_PLAYER,
    GREATEST_AMONG,
    REVEALED_TO_PAY,
    Ability,
    Amount,
    ChooseRef,
    Condition,
    ControllerOfRef,
    ControllerRef,
    EachOneRef,
    EachRef,
    Effect,
    Filter,
    OwnerOfRef,
    ParentRef,
    SelfRef,
    TargetRef,
    TriggerRef,
    has_that_player,
    that_player_as,
)
from ..game.actions import Decision, DecisionKind, DecisionPurpose, player_ref
from ..game.events import EventKind
from ..game.hooks import EFFECT_HANDLERS
from ..game.objects import GameObject, Zone
from ..game.tasks import Task
from .characteristics import chars
from .chosen_groups import group_data
from .combat_rules import defending_player_of
from .commanders import times_cast_your_commander
from .conditions import evaluate, record_has
from .counting import (
    GREATEST,
    TOTAL,
    colors_among,
    colors_spent,
    domain,
    greatest_among,
    life_gained_this_turn,
    total_of,
)
from .delayed import BoundRef
from .devotion import devotion
from .died_this_turn import counts_creatures_died, creatures_died
from .filters import (
    PERMANENT_TYPES,
    card_types_among,
    matches_object,
    matches_player,
    objects_matching,
)
from .layers import creature_types
from .multiface import note_split_mana_value
from .party import party_size
from .support import AS_THAT_OBJECT, COVERAGE_PROBES, exiled_with_source
from .targets import chosen_for, legal_targets_now
from .vote import votes_for

if TYPE_CHECKING:
    from ..game.state import Game


#: ``ParentRef`` keys naming what the cost was paid with (``GameObject.paid``)
_PAID_WITH: Final = frozenset(("sacrificed", "tapped", "exiled"))


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
        assert self.task is not None  # only effects that asked (and so have a task) take answers
        a = self.task.answer
        self.task.answer = None
        return a

    def ask(
        self,
        kind: DecisionKind,
        rule: str,
        prompt: str,
        data: dict[str, Any],
        player: int | None = None,
    ) -> bool:
        self.game.ask(
            Decision(kind, self.controller if player is None else player, rule, prompt, data)
        )
        return False

    def choose_option(
        self, player: int, options: list[Any], rule: str, prompt: str, purpose: DecisionPurpose
    ) -> Any:
        """One of ``options`` chosen by ``player`` (no question when there's one,
        unless the game asks single answers too; the answer checked against them);
        None while the decision is pending."""
        if not self.game.real_choice(len(options), 1):
            return options[0]
        if self.answer is None:
            self.ask(
                DecisionKind.CHOOSE_OPTION,
                rule,
                prompt,
                {"options": options, "purpose": purpose},
                player=player,
            )
            return None
        chosen = self.take_answer().value
        if chosen not in options:
            raise ValueError(f"choose one of {options} (rule {rule})")
        return chosen

    def choose_exactly(
        self,
        player: int,
        candidates: list[int],
        n: int,
        rule: str,
        prompt: str,
        purpose: DecisionPurpose,
    ) -> list[int] | None:
        """``n`` of ``candidates`` chosen by ``player``: all of them when there is no
        real choice, else the answer; None while the decision is pending."""
        if not self.game.real_choice(len(candidates), n):
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
                self._legal = legal_targets_now(self.game, self.obj)
        return self._legal

    def refs(self, ref: Any) -> list[int]:
        """Resolve a Ref to object ids and player refs (players are negative)."""
        g = self.game
        if isinstance(ref, BoundRef):
            # CR 603.7c: fixed when the delayed ability was created; a phased-out
            # permanent is treated as though it doesn't exist (CR 702.26b)
            objs = g.objects
            return [i for i in ref.ids if i < 0 or i not in objs or not objs[i].phased_out]
        if isinstance(ref, TargetRef):
            if ref.index >= len(self.obj.targets):
                return []
            legal = self.legal_targets()
            targets = self.obj.targets[ref.index]
            chosen = [t for t in targets if t in legal]  # CR 608.2b
            one = self.task.data.get("each_one") if self.task is not None else None
            if isinstance(one, int) and one < 0 and self.obj.chosen:
                each = chosen_for(self.obj, ref.index)
                if each is not None:
                    # "for each opponent, ... target creature that player controls":
                    # the targets chosen for the player being done (CR 601.2c, 608.2c)
                    chosen = [t for t in chosen if each.get(t) == -one - 1]
            parent = self.task.data.get("parent") if self.task is not None else None
            if parent and parent.get("followed"):
                # "exile target creature, then return it ... put a counter on it": the
                # permanent the target became (effects/zones.py, CR 608.2c, 400.7)
                became = {o: n for o, n in parent["followed"] if n in g.objects}
                chosen = [became.get(t, t) if t not in g.objects else t for t in chosen]
            return chosen
        if isinstance(ref, SelfRef):
            src = self.source
            if src is self.obj and self.obj.stack_kind in ("activated", "triggered"):
                # an ability whose source is gone has no "this" object to act on (CR
                # 113.7a: the ability exists independently of its source), except the
                # new object a zone-change trigger's source became (CR 400.7e)
                return self._found_again()
            if src.id in g.objects:
                return [src.id]
            return []
        if isinstance(ref, ControllerRef):
            return [player_ref(self.controller)]
        if isinstance(ref, EachOneRef):
            # "for each creature, ... that creature": the one being done now
            # (effects/nested.for_each, CR 608.2c)
            one = self.task.data.get("each_one") if self.task is not None else None
            if isinstance(one, int) and one >= 0 and one not in g.objects:
                # "for each creature destroyed this way, its controller ...": the
                # permanent as it last existed (CR 608.2h), if that is known
                return [one] if self.lki(one) is not None else []
            return [one] if isinstance(one, int) and (one < 0 or one in g.objects) else []
        if isinstance(ref, TriggerRef):
            td = self.obj.trigger_data or {}
            if ref.role == "player":
                p = td.get("player")
                return [player_ref(p)] if isinstance(p, int) else []
            if ref.role == "source":
                s = td.get("source")
                if s in g.objects:
                    return [s]
                # a source that is gone, known by its last known information (CR
                # 608.2h: "the source's controller", rules/prevention_then.py)
                return [s] if isinstance(s, int) and self.lki(s) is not None else []
            if ref.role == "spell" and "spell" in td:
                # "that spell or ability": the one that targeted (rules/targeted.py)
                return [td["spell"]] if td["spell"] in g.objects else []
            if ref.role == "attacked":
                return self._attacked_by(td.get("obj"))
            if ref.role == "damaged":
                # "deals combat damage to a creature, destroy that creature": the
                # object dealt damage (rules/triggers.py damage events, CR 603.2)
                t = td.get("target")
                return [t] if isinstance(t, int) and t in g.objects else []
            if ref.role == "other":
                # the creature it blocked or was blocked by (rules/triggers.py, CR 509.3)
                s = td.get("other")
                return [s] if s in g.objects else []
            o = td.get("obj")
            if o in g.objects:
                return [o]
            parent = self.task.data.get("parent") if self.task is not None else None
            if parent and parent.get("followed"):
                # "return it to the battlefield ... That creature is a black Zombie":
                # the permanent the card became (effects/zones.py, CR 400.7j, 608.2c)
                found = [n for old, n in parent["followed"] if old == o and n in g.objects]
                if found:
                    return found[:1]
            if isinstance(td.get("target"), int) and td["target"] < 0:
                return [td["target"]]
            return []
        if isinstance(ref, EachRef):
            if ("defending", True) in ref.filter.conditions and ref.filter.kinds == ("player",):
                # "defending player" (CR 506.2, 508.5): the player this source
                # attacks, else the combat's defending player; none outside combat
                rest = Filter(
                    ("player",),
                    ref.filter.zone,
                    tuple(c for c in ref.filter.conditions if c != ("defending", True)),
                )
                return [
                    -p - 1
                    for p in self.defending_players()
                    if matches_player(g, p, rest, self.controller, self.source)
                ]
            moved_key = next(
                (_MOVED_THIS_WAY[k] for k, v in ref.filter.conditions if k in _MOVED_THIS_WAY),
                None,
            )
            if moved_key is not None and ref.filter.zone == "battlefield":
                return self._moved_ones(ref.filter, moved_key)
            if ("this_way", True) in ref.filter.conditions:
                # "all cards they exiled this way": what this resolution's exile moved
                parent = (self.task.data.get("parent") or {}) if self.task else {}
                # what this resolution's exile moved or discarded, else what it
                # looked at or revealed ("all land cards revealed this way")
                # ("all cards revealed this way": every card revealed, not only the
                # one found, while still in the library, CR 701.20a)
                moved = (
                    parent.get("exiled")
                    or parent.get("discarded")
                    or [m for m in parent.get("revealed") or () if m in g.objects]
                    or parent.get("returned")
                    or parent.get("tapped")
                    or parent.get("it")
                )
                flt = dataclasses.replace(
                    ref.filter,
                    # "each permanent exiled this way": it was a permanent; in exile
                    # it is a card (CR 110.1, 400.7), still the object meant
                    kinds=tuple(k for k in ref.filter.kinds if k != "permanent"),
                    conditions=tuple(c for c in ref.filter.conditions if c[0] != "this_way"),
                )
                found = [
                    m
                    for m in moved or ()
                    if m in g.objects
                    and matches_object(g, g.objects[m], flt, self.controller, self.source)
                ]
                self.set_parent("each", found)  # "them" of a later instruction (608.2c)
                # "... and the rest into your graveyard": the others (608.2c)
                self.set_parent("rest", [m for m in moved or () if m not in found])
                return found
            among = next((v for k, v in ref.filter.conditions if k == "among"), None)
            if among is not None:
                return self._all_among(ref.filter, str(among))
            flt = self.concrete(ref.filter)
            out: list[int] = (
                [o.id for o in objects_matching(g, flt, self.controller, self.source)]
                if any(k != "player" for k in ref.filter.kinds or ("permanent",))
                else []
            )
            if out and ("other", True) in flt.conditions and self.obj.zone == Zone.STACK:
                # "Create X 1/1 Soldier tokens. If X is 5 or more, destroy all other
                # creatures." (Martial Coup): a spell isn't a creature; "other" means
                # other than the tokens an earlier instruction of it created (608.2c)
                made = ((self.task.data.get("parent") or {}) if self.task else {}).get("created")
                if made and self.obj.ability is not None and self.obj.source_id is None:
                    out = [oid for oid in out if oid not in made]
            if "player" in ref.filter.kinds:
                pflt = ref.filter
                if ("other_than", "trigger_player") in pflt.conditions:
                    # "whenever a player casts ..., each other player ...": other than
                    # the player the trigger event was about (CR 603.2, 608.2c)
                    about = (self.obj.trigger_data or {}).get("player")
                    pflt = dataclasses.replace(
                        pflt,
                        conditions=tuple(
                            ("other_than", (about,) if isinstance(about, int) else ())
                            if c == ("other_than", "trigger_player")
                            else c
                            for c in pflt.conditions
                        ),
                    )
                named = [
                    p.index
                    for p in g.players
                    if matches_player(g, p.index, pflt, self.controller, self.source)
                ]
                out += [player_ref(p) for p in named]
                if named and self.task is not None:
                    self.task.data["that_players"] = named  # "they" of what follows
            elif self.task is not None:
                # "attacking creatures you control get +X/+0. Sacrifice those
                # creatures ...": the objects this instruction was about (CR 608.2c)
                self.set_parent("each", out)
            return out
        if isinstance(ref, ParentRef):
            if ref.key == "sacrificed":
                # CR 608.2h: "the sacrificed creature" — what was sacrificed to pay the
                # cost of this spell or ability (a copy uses the original's, CR 707.10)
                return [r["id"] for r in (self.obj.paid or {}).get("sacrificed") or ()]
            if ref.key == REVEALED_TO_PAY:
                # CR 601.2h, 608.2c: "the revealed card" of a spell whose additional
                # cost reveals a card from the hand: that card (rules/casting.py)
                return [r["id"] for r in (self.obj.paid or {}).get(REVEALED_TO_PAY) or ()]
            parent = (self.task.data.get("parent") or {}) if self.task else {}
            v = parent.get(ref.key)
            if v is None and ref.key == "rest":
                # "you may put one of them into your hand. Put the rest ...": none
                # was chosen, so the rest is all of them (CR 608.2c)
                v = parent.get("it")
            return list(v) if isinstance(v, list) else ([v] if isinstance(v, int) else [])
        if isinstance(ref, ChooseRef):
            # chosen as the instruction began (CR 608.2d): see choose_refs
            chosen_refs = self.task.data.get("chosen_refs", {}) if self.task is not None else {}
            # (a player chosen is a negative player reference)
            return [oid for oid in chosen_refs.get(repr(ref), ()) if oid < 0 or oid in g.objects]
        if isinstance(ref, ControllerOfRef | OwnerOfRef):
            out = []
            of = self.refs(ref.of)
            if not of and isinstance(ref.of, TriggerRef) and ref.of.role == "object":
                # "that creature's controller" of a creature that has left the
                # battlefield since: its last known information (CR 608.2h)
                gone = (self.obj.trigger_data or {}).get("obj")
                if isinstance(gone, int) and self._last_known(gone) is not None:
                    of = [gone]
            for r in of:
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

    def _all_among(self, flt: Filter, key: str) -> list[int]:
        """ "Put all land cards from among them onto the battlefield" (CR 608.2c): each
        of the cards an earlier instruction of this resolution looked at, revealed,
        exiled or milled (ParentRef ``key``) that matches the rest of the
        description; the others are "the rest" of a later instruction."""
        g = self.game
        parent = (self.task.data.get("parent") or {}) if self.task else {}
        pool = [m for m in parent.get(key) or () if m in g.objects]
        rest = Filter(
            tuple(k for k in flt.kinds if k != "card"),
            "",
            tuple(c for c in flt.conditions if c[0] != "among"),
        )
        found = [
            m
            for m in pool
            if matches_object(g, g.objects[m], self.concrete(rest), self.controller, self.source)
        ]
        self.set_parent("each", found)
        self.set_parent("rest", [m for m in pool if m not in found])
        return found

    def _paid_with_pt(self, key: str, kind: str) -> int:
        """The power or toughness ("power"/"toughness" ``kind``) of the first object
        the cost was paid with (CR 601.2h, 602.2b), ``paid[key]``:

        * "sacrificed": its last known information (CR 608.2h);
        * "tapped" (station, 702.184a): as the ability resolves, or as it was tapped
          if it has left the battlefield since;
        * "exiled" (scavenge, 702.97a): the card in exile the cost made (400.7).
        """
        paid = (self.obj.paid or {}).get(key) or []
        if not paid and key == "sacrificed":
            # "You may sacrifice a creature. If you do, ... the sacrificed creature's
            # toughness": the one the instruction before sacrificed (CR 608.2c, 608.2h)
            paid = self._sacrificed_before()
        if not paid:
            return 0
        first = paid[0]
        if key != "sacrificed":
            o = self.game.objects.get(first if key == "exiled" else first["id"])
            if o is not None and (key == "exiled" or o.zone == Zone.BATTLEFIELD):
                c = chars(self.game, o)
                return (c.power if kind == "power" else c.toughness) or 0
        return (first.get(kind) or 0) if isinstance(first, dict) else 0

    def lki(self, oid: int) -> dict[str, Any] | None:
        """Last known information (CR 608.2h) about an object that is gone: a target
        as resolution began, or a permanent sacrificed to pay the cost."""
        if self.task is not None:
            info = self.task.data.get("lki", {}).get(oid)
            if info is not None:
                return info
        td = self.obj.trigger_data
        if td:
            # a triggered ability's source or event object as it last existed on the
            # battlefield (CR 603.10a, 113.7a; rules/triggers.py)
            for key in ("source_lki", "obj_lki", "damage_source_lki"):
                info = td.get(key)
                if isinstance(info, dict) and info.get("id") == oid:
                    return info
        for key in ("sacrificed", REVEALED_TO_PAY):
            for rec in (self.obj.paid or {}).get(key) or ():
                if rec.get("id") == oid:
                    return rec  # (a revealed card that has left the hand since)
        return None

    def exiled_targets(self, ref: TargetRef) -> list[int]:
        """CR 400.7j: the cards this effect's exile just made of ``ref``'s targets
        ("exile target creature, then return that card", "exile target creature
        card ... create a token that's a copy of that card"), still in exile."""
        if self.task is None or ref.index >= len(self.obj.targets):
            return []
        targets = self.obj.targets[ref.index]
        pairs = (self.task.data.get("parent") or {}).get("exiled_from") or []
        objs = self.game.objects
        return [
            n for old, n in pairs if old in targets and n in objs and objs[n].zone == Zone.EXILE
        ]

    def _found_again(self) -> list[int]:
        """CR 400.7e: "When this Aura is put into a graveyard from the battlefield,
        return it to its owner's hand" finds the new object its source became in the
        public zone it moved to when the ability triggered (603.6e), if still there."""
        td = self.obj.trigger_data
        if td and isinstance(td.get("aura_card"), int):
            return self._aura_found_again(td["aura_card"])
        if not td or td.get("old") != self.obj.source_id or "source_lki" not in td:
            return []
        new = self.game.objects.get(td.get("obj", -1))
        if new is None or new.zone in (Zone.HAND, Zone.LIBRARY):
            return []
        return [new.id]

    def _aura_found_again(self, card_uid: int) -> list[int]:
        """CR 400.7f: "When enchanted Forest is put into a graveyard, you may return
        this card from your graveyard to your hand" (Genju of the Cedars) finds the
        new object the Aura became in its owner's graveyard (put there at the same
        time, or by the state-based action of 704.5m); while it is still on the
        battlefield, it is the same object."""
        src = self.obj.source_id
        if src is not None and src in self.game.objects:
            return [src]
        for p in self.game.players:
            for oid in p.graveyard:
                o = self.game.objects.get(oid)
                if o is not None and o.card_uid == card_uid:
                    return [oid]
        return []

    def _sacrificed_before(self) -> list[dict[str, Any]]:
        """What the instruction before sacrificed ("you may sacrifice a creature"), as
        it last existed on the battlefield (CR 701.21a, 608.2h; effects/zones.py)."""
        parent = (self.task.data.get("parent") or {}) if self.task is not None else {}
        return [r for r in parent.get("sacrificed") or () if isinstance(r, dict)]

    def looked_back(self, ref: Any) -> dict[str, Any] | None:
        """ "its power" of a triggered ability whose source left the battlefield, or
        "that creature's toughness" of an event object that left it: as it last
        existed there (CR 603.10a, 608.2h, 113.7a; recorded by rules/triggers.py); "the
        sacrificed creature" an instruction before sacrificed, with no cost that
        sacrificed one (608.2h)."""
        if (
            isinstance(ref, ParentRef)
            and ref.key == "sacrificed"
            and not (self.obj.paid or {}).get("sacrificed")
        ):
            before = self._sacrificed_before()
            if before:
                return before[0]
        td = self.obj.trigger_data
        if not td:
            return None
        if isinstance(ref, SelfRef) and self.source is self.obj:
            info = td.get("source_lki")
        elif isinstance(ref, TriggerRef) and (
            ref.role == "object" or (ref.role == "spell" and "spell" not in td)
        ):
            # (a cast trigger's "that spell" is its event object: rules/triggers.py)
            info = td.get("obj_lki")
            if isinstance(info, dict) and td.get("from_zone") != "battlefield":
                # an object that entered and has left since: only if it's gone
                info = info if td.get("obj") not in self.game.objects else None
        else:
            return None
        return info if isinstance(info, dict) else None

    def _last_known(self, oid: int) -> GameObject | None:
        """Last known information (CR 608.2h) about an object that left its zone."""
        info = self.lki(oid)
        if info is None or "owner" not in info:
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
            elif isinstance(ref, EachOneRef):
                # "that land's controller ... unless they pay" of a land destroyed this
                # way: its controller as it last existed (CR 608.2h)
                info = self.lki(r)
                if info is not None and isinstance(info.get("controller"), int):
                    out.append(info["controller"])
        if out and self.task is not None and not isinstance(ref, ControllerRef):
            # the players an instruction named: "that player", "they" of the next ones
            self.task.data["that_players"] = list(out)
        return out

    def that_players(self) -> list[int]:
        """ "That player", "they", "their" inside a description (CR 608.2c): the
        players the last instruction named (other than "you"), else the player
        targets, else the player the trigger event was about."""
        if self.task is not None and self.task.data.get("that_players"):
            return list(self.task.data["that_players"])
        targeted = [-t - 1 for spec in self.obj.targets or () for t in spec if t < 0]
        if targeted:
            return targeted
        p = (self.obj.trigger_data or {}).get("player")
        if isinstance(p, int):
            return [p]
        # "target creature an opponent controls deals damage to each other creature
        # that player controls": the controller of the targeted object (CR 608.2c),
        # as it last existed if an earlier instruction destroyed it ("Destroy target
        # creature an opponent controls. Each other creature that player controls
        # gets -2/-0", CR 608.2h)
        g = self.game
        out: list[int] = []
        for spec in self.obj.targets or ():
            for t in spec:
                if t < 0:
                    continue
                if t in g.objects:
                    out.append(g.objects[t].controller)
                else:
                    info = self.lki(t)
                    if info is not None and isinstance(info.get("controller"), int):
                        out.append(int(info["controller"]))
        return out[:1]

    def objects(self, ref: Any) -> list[GameObject]:
        return [self.game.objects[r] for r in self.refs(ref) if r >= 0 and r in self.game.objects]

    def count(self, a: Any) -> int:
        """How many things or times (cards drawn, tokens made, damage, life, counters):
        :meth:`amount`, but never below zero (CR 107.1b: "search for up to X", X
        being a power of -2 after -4/-4, is up to 0). Power and toughness changes
        keep their sign and read :meth:`amount`."""
        n = self.amount(a)
        return n if n > 0 else 0

    def amount(self, a: Any) -> int:
        if isinstance(a, int):
            return a
        if isinstance(a, Amount):
            g = self.game
            if a.kind == "x":
                if self.obj.x is None and self.obj.stack_kind == "triggered":
                    # CR 701.37c: "Monstrosity X": the permanent's other abilities
                    # read the X it became monstrous with ("When this creature becomes
                    # monstrous, create X X/X green Hydra creature tokens")
                    became = (self.source.chosen or {}).get("monstrous_x")
                    if isinstance(became, int):
                        return became * a.multiplier
                    src = self.source
                    if src.zone == Zone.STACK and src.stack_kind == "spell" and src.x is not None:
                        # "When you cast this spell, each player sacrifices X creatures"
                        # (Gluttonous Hellkite): the spell's X, announced as it was cast
                        # (CR 107.3a, 107.3i)
                        return src.x * a.multiplier
                    # CR 107.3m: a permanent's ability reads the X of the spell it was
                    paid_x = (self.source.paid or {}).get("x")
                    if isinstance(paid_x, int) and self.source.zone == Zone.BATTLEFIELD:
                        return paid_x * a.multiplier
                return (self.obj.x or 0) * a.multiplier
            if a.kind == "fixed":
                return a.value
            if a.kind == "sum":  # "2 plus the number of ...", "twice ..." (CR 107.1)
                return sum(self.amount(t) for t in a.terms) * a.multiplier + a.value
            if counts_creatures_died(a):
                # "for each creature that died this turn" (CR 700.4; rules/died_this_turn)
                return creatures_died(g, a, self.controller)
            if a.kind == "count" and a.filter is not None:
                if ("this_way", True) in a.filter.conditions:
                    # "for each card exiled this way": what this resolution moved
                    return len(self.refs(EachRef(a.filter))) * a.multiplier
                if a.filter.kinds == ("player",):
                    # "the number of opponents you have" (CR 102.3): players still in
                    # the game (filters.matches_player)
                    flt = self.concrete(a.filter)
                    n = sum(
                        matches_player(g, p.index, flt, self.controller, self.source)
                        for p in g.players
                    )
                    return n * a.multiplier
                n = len(objects_matching(g, self.concrete(a.filter), self.controller, self.source))
                return n * a.multiplier
            if a.kind in GREATEST and a.filter is not None:
                n = greatest_among(g, a.kind, self.concrete(a.filter), self.controller, self.source)
                return n * a.multiplier + a.value
            if a.kind == "card_types" and a.filter is not None:  # CR 205.2a
                n = card_types_among(g, a.filter, self.controller, self.source)
                return n * a.multiplier + a.value
            if a.kind in TOTAL and a.filter is not None:
                # "the total power of creatures you control" (counted now, CR 608.2h)
                n = total_of(g, a.kind, self.concrete(a.filter), self.controller, self.source)
                return n * a.multiplier
            if a.kind == "cards_drawn_this_turn":  # CR 121.2: each card drawn counts
                ps = self.players(a.ref) if a.ref is not None else [self.controller]
                return (g.turn_flags.cards_drawn.get(ps[0], 0) if ps else 0) * a.multiplier
            if a.kind == "life_gained_this_turn":  # CR 119.3
                ps = self.players(a.ref) if a.ref is not None else [self.controller]
                return (life_gained_this_turn(g, ps[0]) if ps else 0) * a.multiplier
            if a.kind in ("power", "toughness") and a.ref is not None:
                if isinstance(a.ref, ParentRef) and a.ref.key in _PAID_WITH:
                    return self._paid_with_pt(a.ref.key, a.kind) * a.multiplier
                info = self.looked_back(a.ref)
                if info is not None:  # CR 603.10a: its power as it last existed
                    return (info.get(a.kind) or 0) * a.multiplier
                objs = self.objects(a.ref)
                if objs:
                    c = chars(g, objs[0])
                    return ((c.power if a.kind == "power" else c.toughness) or 0) * a.multiplier
                for r in self.refs(a.ref):
                    info = self.lki(r)
                    if info is not None:  # CR 608.2h: last known information
                        return (info.get(a.kind) or 0) * a.multiplier
                return 0
            if a.kind == "counters":
                return self._counters(a) * a.multiplier
            if a.kind in _MOVED_THIS_WAY:
                return self._moved_this_way(a) * a.multiplier
            if a.kind == "mana_spent":
                # "equal to the amount of mana spent to cast it" (Marath): the mana
                # spent on the spell, remembered by the permanent it became (CR
                # 601.2h, 400.7d); none if it wasn't cast (a copy: 707.10)
                paid = self.source.paid or self.obj.paid or {}
                return len(paid.get("mana_spent") or ()) * a.multiplier
            if a.kind == "colors_among" and a.filter is not None:  # CR 105.1
                n = colors_among(g, self.concrete(a.filter), self.controller, self.source)
                return n * a.multiplier
            if a.kind == "commander_casts":  # CR 903.8
                return times_cast_your_commander(g, self.controller) * a.multiplier
            if a.kind == "times_kicked":
                # multikicker: "for each time it was kicked" (CR 702.33d): the kicker
                # costs paid as it was cast, remembered by the permanent it became
                # (CR 400.7d); none if it wasn't cast
                paid = self.source.paid or self.obj.paid or {}
                return sum(int(n) for n in paid.get("kicker") or ()) * a.multiplier
            if a.kind == "devoured":
                # "for each creature it devoured" (CR 702.82c): the creatures sacrificed
                # to its devour ability as it entered, remembered by the permanent
                # (keywords/devour.py); none if it devoured nothing
                chosen = self.source.chosen or {}
                return int(chosen.get("devoured", 0)) * a.multiplier
            if a.kind == "colors_spent":
                # converge: "the number of colors of mana spent to cast this spell"
                # (CR 601.2h); the permanent it became remembers it (400.7d)
                paid = self.source.paid or self.obj.paid or {}
                return colors_spent(paid) * a.multiplier
            if a.kind == "mana_spent_this_way":
                # "for each {B} or {R} spent this way": the payment that triggered it
                spent = str((self.obj.trigger_data or {}).get("spent", ""))
                colors = next(
                    (v for k, v in (a.filter.conditions if a.filter else ()) if k == "mana"), ()
                )
                return sum(1 for m in spent if m in colors) * a.multiplier
            if a.kind == "life":
                return g.players[self.controller].life * a.multiplier
            if a.kind == "highest_life":
                # "the highest life total among all players" (CR 119.1): of the
                # players still in the game (CR 800.4a)
                return max(p.life for p in g.players if not p.has_lost) * a.multiplier
            if a.kind == "life_lost_this_turn":
                # "the life you've lost this turn" (CR 119.3, 120.3a)
                return g.players[self.controller].life_lost_this_turn * a.multiplier
            if a.kind == "devotion" and a.filter is not None:
                # "your devotion to green" (CR 700.5)
                colors = tuple(str(v) for k, v in a.filter.conditions if k == "color")
                return devotion(g, self.controller, colors) * a.multiplier
            if a.kind == "hand_size":
                return len(g.players[self.controller].hand) * a.multiplier
            if a.kind == "damage_to_player":
                # "the damage already dealt to that player this turn" (CR 120.3)
                ps = self.players(a.ref) if a.ref is not None else [self.controller]
                dealt = g.turn_flags.damage_to_player
                return (dealt.get(ps[0], 0) if ps else 0) * a.multiplier
            if a.kind == "mana_value" and a.ref is not None:
                # "the milled card's mana value", "that card's mana value" (CR 202.3)
                objs = self.objects(a.ref)
                if not objs:
                    back = self.looked_back(a.ref)
                    if back is not None and back.get("mana_value") is not None:
                        return int(back["mana_value"]) * a.multiplier  # CR 608.2h
                    for r in self.refs(a.ref):
                        info = self.lki(r) if r >= 0 else None
                        if info is not None and info.get("mana_value") is not None:
                            return int(info["mana_value"]) * a.multiplier  # CR 608.2h
                    return 0
                c = chars(g, objs[0])
                note_split_mana_value(g, objs[0], c.mana_value)
                return c.mana_value * a.multiplier
            if a.kind == "chosen_number":
                # "that number": chosen earlier in this resolution (effects/numbers.py)
                parent = (self.task.data.get("parent") or {}) if self.task is not None else {}
                return int(parent.get("number", 0)) * a.multiplier
            if a.kind == "hand_more_than_yours":
                # "If that player has more cards in hand than you, draw cards equal to
                # the difference" (Sandstone Oracle): counted now (CR 402.1, 608.2c)
                ps = self.players(a.ref)
                mine = len(g.players[self.controller].hand)
                theirs = len(g.players[ps[0]].hand) if ps else mine
                return max(0, theirs - mine) * a.multiplier
            if a.kind == "hand_fewer_than":
                # "for each card fewer than three in their hand" (Stabwhisker the Odious)
                ps = self.players(a.ref) if a.ref is not None else [self.controller]
                n = len(g.players[ps[0]].hand) if ps else a.value
                return max(0, a.value - n) * a.multiplier
            if a.kind == "domain":  # CR 604.3: counted as the effect needs it
                return domain(g, self.controller) * a.multiplier
            if a.kind == "votes":
                # "for each death vote", "the number of profit votes" (CR 701.38)
                choice = next(
                    (v for k, v in (a.filter.conditions if a.filter else ()) if k == "vote_choice"),
                    "",
                )
                return votes_for(g, str(choice)) * a.multiplier
            if a.kind == "party":  # "for each creature in your party" (CR 700.8)
                return party_size(g, self.controller) * a.multiplier
            if a.kind == "instants_sorceries_before":
                # "for each other instant and sorcery spell you've cast before it this
                # turn": counted as the spell was cast (rules/casting.py)
                td = self.obj.trigger_data or {}
                return int(td.get("instants_sorceries_before", 0)) * a.multiplier
            if a.kind == "die_result":
                # "equal to the result" (CR 706.2): the die that triggered the ability
                # ("whenever you roll a die"), else the last roll this resolution made
                td = self.obj.trigger_data or {}
                if "die_result" in td:
                    return int(td["die_result"]) * a.multiplier
                last = g.turn_flags.last_die_roll or {}
                return int(last.get("result") or 0) * a.multiplier
            if a.kind == "counters_removed":
                # "the number of pain counters removed this way": what an instruction of
                # this resolution removed ("remove all charge counters from this
                # artifact", effects/permanents.py), else what the ability's cost
                # removed (CR 602.2b, 122.1; rules/activating.py)
                parent = (self.task.data.get("parent") or {}) if self.task is not None else {}
                removed = parent.get(
                    "counters_removed", (self.obj.paid or {}).get("counters_removed", 0)
                )
                return int(removed) * a.multiplier
            if a.kind == "prevented":
                # "the damage prevented this way" (CR 615.5, rules/prevention_then.py)
                prevented = self.task.data.get("prevented", 0) if self.task is not None else 0
                return int(prevented) * a.multiplier
            if a.kind == "that_much":
                # "that much", "that many": what an earlier instruction did ("discard
                # any number of cards, then draw that many", 608.2c), else the amount
                # of the trigger event
                parent = (self.task.data.get("parent") or {}) if self.task is not None else {}
                # ("that many cards plus one": ``value`` more)
                if "that_much" in parent:
                    return int(parent["that_much"]) * a.multiplier + a.value
                td = self.obj.trigger_data or {}
                paid_removed = (self.obj.paid or {}).get("counters_removed")
                if "amount" not in td and isinstance(paid_removed, int):
                    # "{2}, {T}, Remove all charge counters from this artifact: It deals
                    # that much damage to target creature" (Relic Amulet): the counters
                    # the cost removed (CR 602.2b, 608.2c)
                    return paid_removed * a.multiplier + a.value
                return int(td.get("amount", 0)) * a.multiplier + a.value
        return 0

    def _moved_ones(self, flt: Filter, key: str) -> list[int]:
        """ "For each creature destroyed this way, its controller creates a 1/1 white
        Spirit creature token" (March of Souls), "for each nontoken creature destroyed
        this way" (CR 608.2c): the permanents this resolution's destroy or sacrifice
        instruction moved (``key``: effects/zones.py), else those sacrificed to pay
        its cost, that had the rest of the description as they last existed on the
        battlefield (CR 608.2h). They are gone: each is known by that information,
        kept for what later instructions read of it (its controller)."""
        rest = Filter(
            flt.kinds, flt.zone, tuple(c for c in flt.conditions if c[0] not in _MOVED_THIS_WAY)
        )
        found = [r for r in self._moved_records(key) if record_has(r, rest)]
        if self.task is not None:
            known = self.task.data.setdefault("lki", {})
            for r in found:
                known.setdefault(r["id"], r)
        return [int(r["id"]) for r in found]

    def _moved_this_way(self, a: Amount) -> int:
        """ "for each creature destroyed this way", "for each permanent sacrificed this
        way" (CR 608.2c): the permanents this resolution's destroy or sacrifice
        instruction moved (effects/zones.py), else those sacrificed to pay its cost
        (CR 601.2h, 602.2b), that had the description as they last existed on the
        battlefield (CR 608.2h)."""
        flt = a.filter
        recs = self._moved_records(_MOVED_THIS_WAY[a.kind])
        return sum(1 for r in recs if flt is None or record_has(r, flt))

    def _moved_records(self, key: str) -> list[dict[str, Any]]:
        """The permanents this resolution's destroy or sacrifice instruction moved
        (``key``: "destroyed" / "sacrificed", effects/zones.py), else those sacrificed
        to pay its cost (CR 601.2h, 602.2b), as they last existed (CR 608.2h)."""
        parent = (self.task.data.get("parent") or {}) if self.task is not None else {}
        recs = parent.get(key)
        if recs is None and key == "sacrificed":
            recs = (self.obj.paid or {}).get("sacrificed")
        return [r for r in recs or () if isinstance(r, dict)]

    def _counters(self, a: Amount) -> int:
        """ "for each age counter on it" (CR 122.1): the counters of that kind on the
        object, or on the permanent as it last existed when a leaves-the-battlefield
        ability looks back (CR 603.10a, 608.2h)."""
        kind = next((v for k, v in (a.filter.conditions if a.filter else ()) if k == "counter"), "")
        objs = [o for o in self.objects(a.ref) if o is not self.obj]
        if objs and objs[0].zone == Zone.BATTLEFIELD:
            return _count_of(objs[0].counters, str(kind))
        if isinstance(a.ref, SelfRef):
            # "Then you may sacrifice it. If you do, ... the number of skewer counters
            # on this creature" (Rotisserie Elemental): as it was sacrificed (608.2h)
            gone = self.obj.source_id
            for rec in self._sacrificed_before():
                if rec.get("id") == gone and isinstance(rec.get("counters"), dict):
                    return _count_of(rec["counters"], str(kind))
        td = self.obj.trigger_data or {}
        lki = td.get("lki_counters")
        if isinstance(lki, dict) and isinstance(a.ref, SelfRef | TriggerRef):
            return _count_of(lki, str(kind))
        if isinstance(a.ref, SelfRef) and self.obj.source_id is not None:
            # the source sacrificed to pay the cost (Discordant Dirge): its counters as
            # it last existed on the battlefield (CR 608.2h)
            info = self.lki(self.obj.source_id)
            if info is not None and isinstance(info.get("counters"), dict):
                return _count_of(info["counters"], str(kind))
        return _count_of(objs[0].counters, str(kind)) if objs else 0

    def concrete(self, flt: Filter) -> Filter:
        """``flt`` with its numbers computed now ("with mana value equal to that
        number", CR 608.2c) and "that player" resolved (:meth:`that_players`); the
        same filter when it has neither."""
        if any(k in _AS_THAT_OBJECT and not isinstance(v, tuple) for k, v in flt.conditions):
            flt = self._same_name(flt)
        if not any(
            isinstance(v, Amount | TargetRef)
            or v == "that_player"
            or v == "defending_player"
            or k == "attached_to"
            or (k == "blocking_this" and not isinstance(v, str | tuple))
            or (k in GREATEST_AMONG and isinstance(v, Filter))
            for k, v in flt.conditions
        ):
            return flt
        conds = tuple(
            (
                k,
                # "with the greatest power among creatures that player controls": that
                # group as the instruction happens (CR 608.2c)
                self.concrete(v)
                if k in GREATEST_AMONG and isinstance(v, Filter)
                # "attached to that creature": the objects that reference names now
                else tuple(self.refs(v) or self.gone(v))
                if k == "attached_to" and not isinstance(v, tuple)
                # "each creature blocking it": the object "it" names (the trigger's
                # object, CR 608.2c); "this creature" keeps its own reading
                else ("self" if isinstance(v, SelfRef) else tuple(self.refs(v)))
                if k == "blocking_this" and not isinstance(v, str | tuple)
                # "creatures target player controls": that player (CR 115.1)
                else tuple(self.players(v))
                if isinstance(v, TargetRef)
                else self.amount(v)
                if isinstance(v, Amount)
                # "creatures that player controls": those players (rules/filters.py)
                else (
                    tuple(self.that_players())
                    if v == "that_player"
                    else (self.defending_players() if v == "defending_player" else v)
                ),
            )
            for k, v in flt.conditions
        )
        return dataclasses.replace(flt, conditions=conds)

    def gone(self, ref: Any) -> list[int]:
        """The object a triggered ability's reference named that has left its zone
        since (the creature that blocked, now dead): its old id, for what is read of
        it as it last existed (CR 608.2h); none for other references."""
        if not isinstance(ref, TriggerRef):
            return []
        td = self.obj.trigger_data or {}
        key = {"other": "other", "source": "source", "damaged": "target"}.get(ref.role, "obj")
        oid = td.get(key)
        return [oid] if isinstance(oid, int) and oid >= 0 and oid not in self.game.objects else []

    def _gone_targets(self, ref: Any) -> list[int]:
        """A target this resolution has already moved ("destroy target permanent ...
        that shares a card type with that permanent"): its old id, read as it last
        existed (CR 608.2h, the information kept as resolution began)."""
        if not isinstance(ref, TargetRef) or ref.index >= len(self.obj.targets):
            return []
        g = self.game
        return [
            t
            for t in self.obj.targets[ref.index]
            if t >= 0 and t not in g.objects and self.lki(t) is not None
        ]

    def _same_name(self, flt: Filter) -> Filter:
        """ "All other artifacts with the same name as that artifact" (CR 201.2), "each
        other enchantment that shares a color with it" (CR 105.2): the names (colors)
        the object has, or had as it last existed (CR 608.2h: the first instruction
        may have destroyed it); "other" is other than that object."""
        conds: list[tuple[str, Any]] = []
        named: list[int] = []
        for k, v in flt.conditions:
            if k == "same_name_as" and isinstance(v, EachRef):
                # "with the same name as another card in their hand": any one of those
                # objects other than the one checked (rules/filters.py), "their" now
                conds.append((k, EachRef(self.concrete(v.filter))))
                continue
            if k in _AS_THAT_OBJECT and not isinstance(v, tuple):
                values: list[str] = []
                # (a creature that died: as it last existed, CR 608.2h)
                for r in self.refs(v) or self.gone(v) or self._gone_targets(v):
                    if r < 0:
                        continue
                    named.append(r)
                    o = self.game.objects.get(r)
                    if o is not None:
                        c = chars(self.game, o)
                        values.extend(_compared(k, c.name, c.colors, c.types, c.subtypes))
                    else:
                        info = self.lki(r) or {}
                        values.extend(
                            _compared(
                                k,
                                info.get("name") or "",
                                info.get("colors") or (),
                                info.get("types") or (),
                                info.get("subtypes") or (),
                            )
                        )
                v = tuple(x for x in values if x)
            conds.append((k, v))
        if ("other", True) in conds and named:
            conds.append(("not_ids", tuple(named)))
        return dataclasses.replace(flt, conditions=tuple(conds))

    def _attacked_by(self, creature: Any) -> list[int]:
        """ "The player or planeswalker it's attacking" (Hellrider): what that
        creature attacks as the ability resolves (CR 506.4, 508.1b); none once it's
        removed from combat, nor a battle it attacks, nor a planeswalker gone."""
        g = self.game
        combat = g.combat
        if combat is None or not isinstance(creature, int) or creature not in combat.attackers:
            return []
        defender = combat.attackers[creature]
        if defender < 0:
            return [defender]
        pw = g.objects.get(defender)
        if pw is None or pw.zone != Zone.BATTLEFIELD or "Planeswalker" not in chars(g, pw).types:
            return []
        return [defender]

    def defending_players(self) -> tuple[int, ...]:
        """ "Defending player" (CR 506.2, 508.5): for an attacking source, the player
        it attacks (or who controls or protects the planeswalker or battle it
        attacks, 508.5); else the combat's defending player; none outside combat."""
        combat = self.game.combat
        if combat is None:
            return ()
        sid = self.source.id if self.source is not None else None
        if sid is not None and sid in combat.attackers:
            return (defending_player_of(self.game, combat.attackers[sid]),)
        return (combat.defending_player,) if combat.defending_player >= 0 else ()

    def set_parent(self, key: str, value: Any) -> None:
        if self.task is not None:
            self.task.data.setdefault("parent", {})[key] = value


#: the amounts "[permanents] destroyed / sacrificed this way" and what the
#: instruction before keeps of them (effects/zones.py)
_MOVED_THIS_WAY: Final = {"destroyed_this_way": "destroyed", "sacrificed_this_way": "sacrificed"}

#: (rules/support.AS_THAT_OBJECT)
_AS_THAT_OBJECT: Final = AS_THAT_OBJECT


def _compared(key: str, name: str, colors: Any, types: Any, subtypes: Any) -> list[str]:
    """What a "with the same name as / shares a color with / shares a [card, creature,
    permanent] type with [that object]" condition compares of that object: its name
    (CR 201.2), colors (105.2), card types (205.2a), creature types (205.3m) or
    permanent types (110.4)."""
    if key == "same_name_as":
        return [name]
    if key == "shares_color_with":
        return sorted(colors)
    if key == "shares_creature_type_with":
        return sorted(set(subtypes) & creature_types())
    if key == "shares_permanent_type_with":
        return sorted(set(types) & PERMANENT_TYPES)
    return sorted(types)


def _choose_refs_in(e: Effect) -> list[ChooseRef]:
    """The :class:`ChooseRef` values of an instruction's arguments, in order."""
    out: list[ChooseRef] = []
    for v in e.args.values():
        _add_choose_refs(v, out)
    return out


def _add_choose_refs(v: Any, out: list[ChooseRef]) -> None:
    """Append the :class:`ChooseRef` ``v`` is or refers to, when ``out`` hasn't it yet.
    (A function of its own: a recursive closure made a reference cycle at each call,
    freed only by the cyclic garbage collector, benchmarks/mypyc.md session 28.)"""
    if isinstance(v, ChooseRef):
        if v not in out:
            out.append(v)
    elif isinstance(v, ControllerOfRef | OwnerOfRef):
        _add_choose_refs(v.of, out)
    elif isinstance(v, Amount) and v.ref is not None:
        _add_choose_refs(v.ref, out)


def choose_count(ctx: Ctx, ref: ChooseRef, available: int) -> tuple[int, int]:
    """How many objects a :class:`ChooseRef` takes: (minimum, maximum)."""
    if ref.count == "all":
        return available, available
    if ref.count == "one_or_more":
        return min(1, available), available
    n = max(0, ctx.amount(ref.count))
    if ref.up_to:
        return 0, min(n, available)
    return min(n, available), min(n, available)


def _among_key(flt: Filter) -> str | None:
    """The earlier instruction's objects a "from among them" filter chooses from
    (its first condition ``("from_among", key)``, cards/compiler/tx_common.among_them)."""
    conds = flt.conditions
    if conds and conds[0][0] == "from_among":
        return str(conds[0][1])
    # "mill four cards, then you may return a permanent card from among them"
    # (``("among", "it")``: the cards the instruction before milled, CR 608.2c)
    return next((str(v) for k, v in conds if k == "among"), None)


def _as_chooser(flt: Filter, you: int | None = None) -> Filter:
    """ "Each player chooses a creature they control": the filter as seen by the
    player choosing ("they", "their" = that player). Without "they", "you" is still
    the ability's controller: "that player chooses a creature card in your
    graveyard" (Dawnbreak Reclaimer, CR 109.5)."""
    if not has_that_player(flt):
        if you is None:
            return flt
        conds = tuple(
            (k, (you,)) if k in ("owner", "controller") and v == "you" else (k, v)
            for k, v in flt.conditions
        )
        return Filter(flt.kinds, flt.zone, conds)
    return that_player_as(flt, "you")


#: what rules/support reports as run (coverage)
COVERAGE_PROBES.as_chooser = _as_chooser


def choose_refs(ctx: Ctx, e: Effect) -> bool:
    """CR 608.2d: objects an instruction names without targeting ("return a land
    you control to its owner's hand", "each player chooses a creature they
    control") are chosen as it is followed, by the player(s) who follow it, one
    after another in the order the instruction names them (CR 101.4 for "each
    player"). "At random" picks with the game's random generator instead of a
    player. The choices are kept in the resolve task
    (``chosen_refs``) until the instruction is done, and become the "it"/"those"
    and "the rest" of later instructions. False while a choice is pending."""
    task = ctx.task
    if task is None:
        return True
    chosen: dict[str, list[int]] = task.data.setdefault("chosen_refs", {})
    g = ctx.game
    for ref in _choose_refs_in(e):
        key = repr(ref)
        if key in chosen:
            continue
        players = ctx.players(e.args["player"]) if "player" in e.args else []
        if not players:
            players = [ctx.controller]
        part = task.data.setdefault("choosing", {"i": 0, "picked": [], "rest": []})
        while part["i"] < len(players):
            chooser = players[part["i"]]
            if ref.filter.kinds == ("player",):
                # "choose an opponent", "choose a player at random" (CR 608.2d)
                one = _choose_player(ctx, e, ref.filter, chooser)
                if one is None:
                    return False
                part["picked"].extend(one)
                part["i"] += 1
                continue
            if "player" not in e.args:
                flt = ref.filter
            elif isinstance(e.args["player"], ControllerRef):
                # "you may cast a spell from that player's graveyard": "that player"
                # isn't the chooser but the player named before (CR 608.2c)
                flt = ctx.concrete(ref.filter)
            else:
                flt = _as_chooser(ref.filter, ctx.controller)
            if any(
                isinstance(v, Amount) or (k in _AS_THAT_OBJECT and not isinstance(v, tuple))
                for k, v in flt.conditions
            ):
                # "with mana value X or less": X now (CR 608.2c); "that shares a card
                # type with the sacrificed permanent": that object's types (608.2h)
                flt = ctx.concrete(flt)
            among = _among_key(flt)
            if among is not None:
                # "one of them", "a creature card from among them": the cards an
                # earlier instruction looked at, revealed or exiled (CR 608.2d)
                pool = (task.data.get("parent") or {}).get(among) or []
                rest_flt = Filter(
                    flt.kinds,
                    flt.zone,
                    tuple(c for c in flt.conditions if c[0] not in ("from_among", "among")),
                )
                candidates = [
                    oid
                    for oid in pool
                    if oid in g.objects
                    and matches_object(g, g.objects[oid], rest_flt, chooser, ctx.source)
                ]
                part.setdefault("pool", list(pool))
            elif flt.zone == "any" and exiled_with_source(flt):
                # "a card exiled with this artifact": the cards in exile linked to
                # the source (CR 607.2a, 406.6)
                exile_flt = Filter(flt.kinds, "exile", flt.conditions)
                candidates = [o.id for o in objects_matching(g, exile_flt, chooser, ctx.source)]
            elif flt.zone == "any":
                # "You choose a nonland card from it": the hand just revealed or looked
                # at, of the player the instructions named (CR 701.20a)
                hand_flt = Filter(flt.kinds, "hand", flt.conditions)
                candidates = [
                    oid
                    for p in ctx.that_players()
                    for oid in g.players[p].hand
                    if matches_object(g, g.objects[oid], hand_flt, chooser, ctx.source)
                ]
            else:
                candidates = [o.id for o in objects_matching(g, flt, chooser, ctx.source)]
            barred = task.data.get("not_choosable")
            if barred:
                # CR 614.13a: not the object that will become the entering permanent
                candidates = [oid for oid in candidates if oid not in barred]
            lo, hi = choose_count(ctx, ref, len(candidates))
            if lo == hi == len(candidates) and not g.real_choice(len(candidates), hi):
                picked = list(candidates)  # no real choice
            elif e.args.get("random"):
                pool = list(candidates)
                picked = [pool.pop(g.rng.randrange(len(pool))) for _ in range(hi)]
            elif ctx.answer is None:
                noun = "object" if ref.filter.zone == "battlefield" else "card"
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    "608.2d",
                    f"{ctx.obj.name}: choose {'up to ' if lo < hi else ''}{hi} {noun}(s) "
                    f"for '{e.op.replace('_', ' ')}'",
                    {
                        "candidates": candidates,
                        "min": lo,
                        "max": hi,
                        "purpose": DecisionPurpose.CHOOSE,
                        # the cards the chooser is looking at, chosen from or not
                        **({"shown": list(part["pool"])} if among is not None else {}),
                        # "any number of permanent cards with different names" (201.2)
                        **(
                            {"different_names": True}
                            if ("different_names", True) in flt.conditions
                            else {}
                        ),
                        # "with different powers", "with total power 4 or less"
                        **group_data(flt, ctx.amount),
                    },
                    player=chooser,
                )
            else:
                picked = [oid for oid in ctx.take_answer().objects if oid in candidates]
            if isinstance(ref.count, int) and not ref.up_to and len(picked) < ref.count:
                task.data["short"] = True  # couldn't do all of it ("if you do", CR 608.2c)
            part["picked"].extend(picked)
            others = part.get("pool", candidates)  # "the rest": all the others
            part["rest"].extend(c for c in others if c not in picked and c in g.objects)
            part["i"] += 1
        task.data.pop("choosing", None)
        chosen[key] = list(part["picked"])
        if ref.filter.kinds == ("player",):
            # "that player", "they", "their" of the instructions after it: the player
            # chosen (CR 608.2c)
            ctx.set_parent(CHOSEN_PLAYER, list(part["picked"]))
            task.data["that_players"] = [-r - 1 for r in part["picked"]]
            task.data.setdefault("choosers", {})[key] = list(players)
            continue
        task.data.setdefault("choosers", {})[key] = list(players)  # who chose (the log)
        # "those creatures", "the rest" in a later instruction (a handler that moves
        # them replaces "it" with the new objects, CR 400.7)
        if _reads_it(e):
            # "put it onto the battlefield, attach it to a creature you control":
            # this instruction's "it" is still the earlier object; what was chosen
            # becomes "it" once the instruction is done (CR 608.2c, settle_choices)
            it_was = (task.data.get("parent") or {}).get("it")
            task.data["it_after"] = {"was": it_was, "chosen": list(part["picked"])}
        else:
            ctx.set_parent("it", list(part["picked"]))
        ctx.set_parent("rest", list(part["rest"]))
        # "... then that player chooses a card ... . Return those cards": all of
        # this ability's choices so far (CR 608.2c)
        earlier = (task.data.get("parent") or {}).get("chosen") or []
        ctx.set_parent("chosen", [*earlier, *part["picked"]])
    return True


def _choose_player(ctx: Ctx, e: Effect, flt: Filter, chooser: int) -> list[int] | None:
    """One player chosen by ``chooser`` as the instruction is followed ("choose an
    opponent", "choose another player", CR 608.2d), or by the game's random generator
    for "at random": as a player reference (``[]`` if no player can be chosen). None
    while the decision is pending. "Another player" is a player other than you
    (CR 102.1)."""
    g = ctx.game
    options = [
        str(p.index)
        for p in g.players
        if matches_player(g, p.index, flt, ctx.controller, ctx.source)
        and not (("other", True) in flt.conditions and p.index == ctx.controller)
    ]
    if not options:
        return []
    if e.args.get("random"):
        return [player_ref(int(options[g.rng.randrange(len(options))]))]
    opponents = all(int(o) != ctx.controller for o in options)
    picked = ctx.choose_option(
        chooser,
        options,
        "608.2d",
        f"{ctx.obj.name}: choose {'an opponent' if opponents else 'a player'}",
        DecisionPurpose.OPPONENT if opponents else DecisionPurpose.PLAYER,
    )
    return None if picked is None else [player_ref(int(picked))]


def _reads_it(e: Effect) -> bool:
    """The instruction names "it" of an earlier instruction besides what it chooses."""
    return any(isinstance(v, ParentRef) and v.key == "it" for v in e.args.values())


def settle_choices(ctx: Ctx) -> None:
    """After an instruction that both read "it" and chose objects: the chosen
    objects become "it" of the instructions after it, unless the instruction
    itself replaced "it" (with the new objects of a move, CR 400.7)."""
    task = ctx.task
    after = task.data.pop("it_after", None) if task is not None else None
    if after is not None and task is not None:
        if (task.data.get("parent") or {}).get("it") == after["was"]:
            ctx.set_parent("it", after["chosen"])


def effects_of(obj: GameObject) -> tuple[Effect, ...]:
    ability = obj.ability
    assert ability is not None  # a resolving spell or ability (CR 608.2)
    effects = ability.effects
    # CR 608.2c, 702.42b: the chosen modes' instructions in the order written, whatever
    # the order they were chosen in (repeat_modes keeps repeated ones in that order)
    for m in sorted(obj.modes):
        if 0 <= m < len(ability.modes):
            effects = effects + ability.modes[m].effects
    return effects


def _may_player(ctx: Ctx, e: Effect | None) -> int:
    """Who answers "[player] may [do it]" (CR 603.5, 608.2d): the one player the
    instruction names ("defending player may draw a card"), else the controller."""
    ref = e.args.get("player") if e is not None else None
    if ref is None or isinstance(ref, ControllerRef):
        return ctx.controller
    saved = ctx.task.data.get("that_players") if ctx.task is not None else None
    players = ctx.players(ref)
    if ctx.task is not None:  # only looked at: "that player" is still what it was
        if saved is None:
            ctx.task.data.pop("that_players", None)
        else:
            ctx.task.data["that_players"] = saved
    return players[0] if len(players) == 1 else ctx.controller


def _may_impossible(ctx: Ctx, e: Effect | None) -> bool:
    """ "You may sacrifice this enchantment. If you do, ...": once it has left the
    battlefield it can't be sacrificed (CR 701.21a), so there is no choice to make
    (an impossible instruction is ignored, CR 101.3) and "if you do" is false."""
    if e is not None and e.condition is not None and e.condition.kind == "is":
        # "You may put the exiled card onto the battlefield if it's a creature card":
        # not a creature card, so it can't be put there and there is no choice
        # (CR 608.2c, 101.3)
        obj = ctx.obj
        return not evaluate(ctx.game, e.condition, obj.controller, ctx.source, ctx)
    if e is not None and e.op == "blight":
        # CR 701.68b: a player who controls no creature can't choose to blight
        p = (ctx.players(e.args.get("player")) or [ctx.controller])[0]
        return not objects_matching(ctx.game, _YOUR_CREATURE, p, None)
    if e is None or e.op != "sacrifice" or not isinstance(e.args.get("what"), SelfRef):
        return False
    return not any(o.zone == Zone.BATTLEFIELD for o in ctx.objects(e.args["what"]))


def _reads_past_declined(ability: Ability) -> bool:
    """Whether an instruction after the ability's first, optional one can happen
    when that "may" is declined (CR 603.5, 608.2c): one that happens "if you
    don't" or "otherwise" ("you may pay {1}{G}. If you do, ... Otherwise, ...",
    Spitting Slug), or one with a condition of its own ("Then if you control
    thirteen or more Doctors, you win the game"). Instructions with no condition
    right after the declined one continue it ("you may exile it, then return
    it") and are skipped with it."""
    return any(
        e.condition is not None and e.condition.kind not in _IF_DONE for e in ability.effects[1:]
    )


#: "a creature you control" (blight, CR 701.68b)
_YOUR_CREATURE: Final = Filter(("Creature",), "battlefield", (("controller", "you"),))

#: "If you do, ...", "If they do, ..." (another player's choice or payment, CR 118.12):
#: whether the instruction before was done; and "If you / they don't, ..."
_IF_DONE: Final = frozenset(("you_do", "they_do"))
_IF_NOT_DONE: Final = frozenset(("you_dont", "they_dont"))


def _did_once(game: Game, obj: GameObject, ability: Ability) -> None:
    """ "Do this only once each turn" (CR 603.2h): its controller takes the action
    now, so the ability won't trigger again this turn (rules/triggers.py)."""
    if obj.source_id is not None and any(k == "do_once_each_turn" for k, _ in ability.restrictions):
        game.turn_flags.did_once.add((obj.source_id, ability.text))


def run_effects(game: Game, obj: GameObject, task: Task) -> bool:
    """Run the resolving object's effects from where it stopped. True when done.
    Its controller is the player who follows them (CR 608.2c): who puts the
    counters they put (CR 122.1, "If you would put one or more counters")."""
    acting = game._acting
    game._acting = obj.controller
    try:
        return _run_effects(game, obj, task)
    finally:
        game._acting = acting


def _run_effects(game: Game, obj: GameObject, task: Task) -> bool:
    ability = obj.ability
    assert ability is not None  # a resolving spell or ability (CR 608.2)
    d = task.data
    if (
        ability.restrictions
        and not ability.optional
        and not d.get("optional_done")
        and not any(e.optional for e in ability.effects)
    ):
        d["optional_done"] = True
        _did_once(game, obj, ability)  # a mandatory action, taken as it resolves
    if ability.optional and not d.get("optional_done"):
        # CR 603.5: "you may" — the choice is made as the ability resolves, by the
        # player the "may" names ("defending player may draw a card")
        first = ability.effects[0] if ability.effects else None
        if task.answer is None and _may_impossible(Ctx(game, obj, task), first):
            yes = False  # nothing to choose: it can't be done
        elif task.answer is None:
            game.ask(
                Decision(
                    DecisionKind.YES_NO,
                    _may_player(Ctx(game, obj, task), first),
                    "603.5",
                    f"Use {obj.name}'s ability? ({ability.text})",
                    {"purpose": DecisionPurpose.MAY},
                )
            )
            return False
        else:
            yes = bool(task.answer.value)
            task.answer = None
        d["optional_done"] = True
        if yes and ability.restrictions:
            _did_once(game, obj, ability)
        if not yes and not _reads_past_declined(ability):
            return True
        if not yes:
            # "You may X. If you don't, Y": declining is the choice the rest reads
            d["opt_asked"] = True
            d["opt_yes"] = False
            d["declined"] = True
        elif ability.effects and ability.effects[0].optional and not d.get("i"):
            # the ability's "you may" is its first instruction's: one choice (CR 603.5)
            d["opt_asked"] = True
            d["opt_yes"] = True
    effects = effects_of(obj)
    i = d.get("i", 0)
    while i < len(effects):
        e = effects[i]
        if "deferred" in d and i in d["deferred"]:
            # CR 615.5: followed when the prevention effect before it prevents damage
            i += 1
            d["i"] = i
            continue
        if i > 0 and d.get("declined"):
            if e.condition is None:
                # the declined "may" goes on: "you may exile it, then return it"
                # (CR 603.5): skipped with it
                i += 1
                d["i"] = i
                continue
            del d["declined"]
        ctx = Ctx(game, obj, task)
        if (
            e.optional
            and not d.get("opt_asked")
            and task.answer is None
            and _may_impossible(ctx, e)
        ):
            d["opt_asked"] = True  # nothing to choose: it can't be done
            d["opt_yes"] = False
        if (
            e.optional
            and not d.get("opt_asked")
            and task.answer is None
            and _plain_condition(e.condition)
            and not evaluate(game, e.condition, obj.controller, ctx.source, ctx)
        ):
            # "You may put that card onto the battlefield tapped if you control a
            # land named Wastes": not asked when the condition doesn't hold (608.2c)
            d["opt_asked"] = True
            d["opt_yes"] = False
        if (
            e.optional
            and not d.get("opt_asked")
            and task.answer is None
            and _reads_done_and_fails(d, e)
        ):
            # "If you don't put the card into your hand, you may put it into your
            # graveyard" (Territory Culler): not asked when the instruction before
            # was followed (CR 608.2c)
            d["opt_asked"] = True
            d["opt_yes"] = False
        if e.optional and not d.get("opt_asked"):
            if task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.YES_NO,
                        _may_player(ctx, e),
                        "609.3",
                        f"{obj.name}: you may {e.op.replace('_', ' ')}?",
                        {"purpose": DecisionPurpose.MAY},
                    )
                )
                return False
            d["opt_asked"] = True
            d["opt_yes"] = bool(task.answer.value)
            task.answer = None
            if d["opt_yes"] and ability.restrictions:
                _did_once(game, obj, ability)  # "you may X. Do this only once ..."
        skip = e.optional and not d.get("opt_yes")
        if e.condition is not None and e.condition.kind == "otherwise":
            # "Otherwise, ...": only if the condition of the instruction before didn't
            # hold (CR 608.2c); with no condition before, never
            skip = skip or d.get("last_cond", True)
        elif e.condition is not None and e.condition.kind in _IF_DONE:
            # "If you do, ...": whether the previous optional instruction was done;
            # "When you do, ..." (CR 603.12): whether the instruction before was done
            held = d.get("prev_done" if e.op == "reflexive_trigger" else "last_done", False)
            d["last_cond"] = held
            skip = skip or not held
        elif e.condition is not None and e.condition.kind in _IF_NOT_DONE:
            # "If you don't, ...": the previous optional instruction wasn't
            # done (CR 608.2c); every instruction of that sentence reads the same choice
            held = not d.get("last_done", False)
            d["last_cond"] = held
            skip = skip or not held
        elif e.condition is not None and e.condition.kind == "revealed_this_way":
            # "You may reveal that card. If an instant or sorcery card is revealed
            # this way, ...": revealed (the optional instruction was done), and of
            # that kind (CR 608.2c, 701.20a)
            quality = e.condition.args["quality"]
            is_it = Condition("is", {"quality": quality, "ref": ParentRef()})
            held = d.get("last_done", False) and evaluate(
                game, is_it, obj.controller, ctx.source, ctx
            )
            d["last_cond"] = held
            skip = skip or not held
        elif e.condition is not None:
            if i > 0 and d.get("cond_at") == i - 1 and effects[i - 1].condition == e.condition:
                # "If there are three or more ribbon counters on it, remove those
                # counters and untap it" (Prize Pig): the sentence's one condition,
                # checked as its first instruction begins; what that instruction does
                # doesn't undo the rest (CR 608.2c)
                held = bool(d.get("last_cond"))
            else:
                held = evaluate(game, e.condition, obj.controller, ctx.source, ctx)
            d["last_cond"] = held
            d["cond_at"] = i
            skip = skip or not held
        if not skip and not choose_refs(ctx, e):
            return False
        if not skip and _no_target_chosen(obj, e):
            # "exile up to one target ... . If you do, ...": with no target chosen
            # the instruction did nothing (CR 115.1, 608.2c)
            d["short"] = True
        if not skip:
            handler = EFFECT_HANDLERS.get(e.op)
            if handler is None:
                game.emit(
                    EventKind.UNSUPPORTED,
                    ("608.2c",),
                    f"{obj.name}: the instruction '{e.op}' is not implemented",
                )
            elif not handler(ctx, e):
                return False
            settle_choices(ctx)
            if game.outcome is not None:
                return True
        d["prev_done"] = not skip and not d.get("short")
        if e.optional or e.condition is None or _plain_condition(e.condition):
            # "If you do, ...": whether the instruction before it was done, an
            # optional one ("you may discard a card") or one that may not be possible
            # ("Sacrifice a creature. If you do, ...", Victimize; CR 608.2c), or one
            # of the game state's "if" ("Then if there are three or more collection
            # counters on it, sacrifice it. If you do, draw a card", Charitable Levy)
            d["last_done"] = d["prev_done"]
        i += 1
        d["i"] = i
        d.pop("chosen_refs", None)
        d.pop("short", None)
        d.pop("scratch", None)
        d.pop("opt_asked", None)
        d.pop("opt_yes", None)
    return True


def _no_target_chosen(obj: GameObject, e: Effect) -> bool:
    """Whether the instruction's object is a target of "up to N targets" for which no
    object was chosen (CR 601.2c, 115.1)."""
    what = e.args.get("what")
    return (
        isinstance(what, TargetRef)
        and what.index < len(obj.targets)
        and not obj.targets[what.index]
    )


def _reads_done_and_fails(d: dict[str, Any], e: Effect) -> bool:
    """Whether ``e`` is an "If you do, ..." / "If you don't, ..." instruction whose
    condition doesn't hold: the instruction before was (not) done (CR 608.2c)."""
    cond = e.condition
    if cond is None or e.op == "reflexive_trigger":
        return False
    if cond.kind == "otherwise":
        # "If a land was destroyed this way, its controller may search ...
        # Otherwise, its controller may search ...": the "may" of the branch not
        # taken isn't asked (CR 608.2c)
        return bool(d.get("last_cond", True))
    if cond.kind in _IF_DONE:
        return not d.get("last_done", False)
    if cond.kind in _IF_NOT_DONE:
        return bool(d.get("last_done", False))
    return False


def _plain_condition(cond: Condition | None) -> bool:
    """A condition of the game state ("if you control ..."), not one that reads the
    instructions before it ("otherwise", "if you do", "if ... revealed this way")."""
    return (
        cond is not None
        and cond.kind not in ("otherwise", "revealed_this_way")
        and cond.kind not in _IF_DONE
        and cond.kind not in _IF_NOT_DONE
    )


def run_mana_ability(
    game: Game,
    src: GameObject,
    ability: Ability,
    player: int,
    task: Task | None = None,
    x: int | None = None,
    trigger_data: dict[str, Any] | None = None,
) -> bool:
    """CR 605.3: a mana ability resolves immediately. With the activating ``task``
    its choices (the color of "one mana of any color", CR 106.1b) are asked of the
    player; without one (paying a cost automatically) the first is taken. False
    while a decision is pending: call again with the same task to go on. ``x``: the
    X announced as it was activated ("Remove X storage counters from this land: Add X
    mana", CR 107.3, 601.2b). ``trigger_data``: a triggered mana ability's event
    ("that player", "that land", CR 605.1b, 605.4a)."""
    fake = GameObject(0, 0, src.card, src.owner, Zone.BATTLEFIELD)
    fake.controller = player
    fake.x = x
    fake.trigger_data = trigger_data
    fake.source_id = src.id
    fake.ability = ability
    fake.stack_kind = "mana"
    if task is not None and isinstance(task.data.get("ability"), int):
        # "If this ability has been activated four or more times this turn" (Farrelite
        # Priest): which of its source's abilities this is (CR 602.2, 605.3a)
        fake.ability_index = task.data["ability"]
    i = task.data.get("mana_i", 0) if task is not None else 0
    effects = ability.effects
    done = True  # whether the instruction before was done
    while i < len(effects):
        e = effects[i]
        if e.condition is not None and e.condition.kind in _IF_DONE:
            # "Add {R}. When you do, this creature deals 1 damage to each opponent"
            # (Rubble Rouser): the reflexive ability triggers as the instruction
            # before it is done (CR 603.12a)
            if not done:
                i += 1
                continue
        elif e.condition is not None:
            # "If there are no depletion counters on this land, sacrifice it", "If you
            # played a land this turn, add {B} instead" (River of Tears, activated by
            # hand): the condition is checked as the ability resolves, of its source
            # (CR 608.2c, 605.3a)
            ctx = Ctx(game, fake, task)
            if not evaluate(game, e.condition, player, ctx.source, ctx):
                done = False
                i += 1
                continue
        handler = EFFECT_HANDLERS.get(e.op)
        if handler is not None and not handler(Ctx(game, fake, task), e):
            assert task is not None
            task.data["mana_i"] = i
            return False
        done = True
        i += 1
    return True


def _count_of(counters: dict[str, int], kind: str) -> int:
    """The counters of ``kind`` among ``counters``; ``"*"``: of every kind ("the number
    of counters on it", CR 122.1)."""
    if kind == "*":
        return sum(int(n) for n in counters.values())
    return int(counters.get(kind, 0))
