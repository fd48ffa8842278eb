"""Triggered abilities (CR 603).

Every logged event is offered to :func:`on_event`; a triggered ability whose
trigger condition matches becomes *pending* (CR 603.2). The next time a
player would receive priority, pending abilities are put on the stack in
APNAP order (CR 603.3b), each controller ordering their own, and targets are
chosen then (CR 603.3d). Leaves-the-battlefield abilities "look back in
time" at the object that left (CR 603.10a).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, Condition, Filter, SelfRef, Trigger
from ..game.actions import Decision, DecisionKind, ref_player
from ..game.events import Event
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject, Zone
from ..game.state import Game, Step
from ..game.tasks import Task, task_handler
from .characteristics import chars
from .delayed import EVENT_KINDS as DELAYED_EVENT_KINDS
from .delayed import STEP_NAMES, fire, fire_event
from .filters import matches_object, matches_player
from .zones import is_discard

if TYPE_CHECKING:
    pass

#: game event kinds that can match some trigger event
_TRIGGER_EVENT_KINDS = frozenset(
    (
        "zone_change",
        "attacks",
        "attacks_alone",
        "blocks",
        "becomes_blocked",
        "blocked_by",
        "damage",
        "cast",
        "draw",
        "gain_life",
        "tapped_for_mana",
        "turned_face_up",
        "transform",
        "coin_flip",
        "die_roll",
        "cumulative_upkeep_paid",
        "becomes_tapped",
        "class_level",
        "declare_attackers",
    )
)


def _has_triggers(obj: GameObject) -> bool:
    """Whether the object's face has triggered abilities (printed, from keyword
    expansions, or that its own static abilities may give it: a leveler's level
    symbols, CR 711.2), cached per card face."""
    key = ("has_triggers", obj.face)
    v = obj.card.cache.get(key)
    if v is None:
        from .characteristics import _base

        abilities = _base(obj).abilities
        v = any(a.kind is AbilityKind.TRIGGERED for a in abilities) or any(
            st.op == "grant_ability"
            and any(
                isinstance(g, Ability) and g.kind is AbilityKind.TRIGGERED
                for g in st.args.get("abilities") or ()
            )
            for a in abilities
            for st in a.static
        )
        obj.card.cache[key] = v
    return v


def _listed_face_down(obj: GameObject) -> bool:
    """A face-down permanent with the abilities the effect that turned it face down
    lists (CR 708.2: "It's a 3/3 creature with ...")."""
    return obj.face_down and "face_down_values" in (obj.chosen or {})


def _triggered(game: Game, obj: GameObject) -> list[Ability]:
    if obj.face_down and not _listed_face_down(obj):
        return []
    return [a for a in chars(game, obj).abilities if a.kind is AbilityKind.TRIGGERED and a.trigger]


def on_event(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 603.2: check every triggered ability against the event."""
    if game.delayed_triggers and ev.kind in DELAYED_EVENT_KINDS:
        fire_event(game, ev.kind, ev.data, subject)  # CR 603.7c: "when you next ..."
    if ev.kind not in _TRIGGER_EVENT_KINDS:
        return
    d = ev.data
    watchers: list[GameObject] = [
        game.objects[oid] for oid in game.battlefield if not game.objects[oid].phased_out
    ]
    if game.command:
        from .emblems import emblem_ids

        watchers.extend(game.objects[oid] for oid in emblem_ids(game))  # CR 114.4
    if ev.kind == "zone_change" and d.get("from_zone") == "battlefield" and subject is not None:
        watchers.append(subject)  # CR 603.10a: leaves-the-battlefield abilities look back
    granted = _granted_triggers_possible(game) if game.effects else False
    for w in watchers:
        if (
            not granted
            and not _has_triggers(w)
            and w.zone == Zone.BATTLEFIELD
            and not _listed_face_down(w)
        ):
            continue
        for ability in _triggered(game, w):
            assert ability.trigger is not None  # _triggered keeps triggered abilities only
            if _matches(game, ability.trigger, ev, w, subject):
                event: dict[str, Any] = {
                    k: v for k, v in d.items() if isinstance(v, int | str | bool)
                }
                if ev.kind in ("blocks", "blocked_by"):
                    # "that creature": the one it blocks / that blocks it (CR 509.3)
                    event["other"] = d.get("attacker" if ev.kind == "blocks" else "blocker")
                if ev.kind == "damage":
                    if d.get("target", 0) < 0:
                        # "that player": the player dealt the damage (CR 603.2)
                        event["player"] = -d["target"] - 1
                    elif ability.trigger.event.startswith("dealt_"):
                        # "it", "that creature": the object dealt the damage
                        event["obj"] = d["target"]
                if ev.kind == "declare_attackers":
                    # "whenever you attack with one or more creatures, ... that many"
                    event["player"] = game.active
                    event["amount"] = attack_with_count(game, ability.trigger, d, w)
                if ev.kind == "zone_change" and "player" not in event and subject is not None:
                    # "that player": who discarded or sacrificed it (CR 701.9a, 701.21a)
                    event["player"] = subject.controller
                if w is subject and w.zone == Zone.BATTLEFIELD and w.counters:
                    # CR 603.10a, 608.2h: the counters it had as it last existed
                    event["lki_counters"] = dict(w.counters)
                if ability.trigger.condition is not None and not _condition_on_event(
                    game, ability, w, event
                ):
                    continue  # CR 603.4: intervening "if" false when it would trigger
                if ability.restrictions and not _once_each_turn_ok(game, ability, w):
                    continue  # "This ability triggers only once each turn" (CR 603.2)
                game.pending_triggers.append(
                    {
                        "source": w.id,
                        "source_name": w.name,
                        "source_token": w.card.token_spec,
                        "card_uid": w.card_uid,
                        "controller": w.controller,
                        "ability": ability,
                        "event": event,
                    }
                )


def _once_each_turn_ok(game: Game, ability: Ability, source: GameObject) -> bool:
    """ "This ability triggers only once each turn" (CR 603.2): whether it may
    trigger now; records that it did (per object and ability, for this turn)."""
    if not any(k == "once_each_turn" for k, _ in ability.restrictions):
        return True
    key = ("triggered_once", source.id, ability.text)
    if game.turn_flags.get(key):
        return False
    game.turn_flags[key] = 1
    return True


def _granted_triggers_possible(game: Game) -> bool:
    """Whether some permanent may have triggered abilities its printed face lacks:
    granted ones, or copied ones (CR 707.2, 707.5)."""
    return any(e.op in ("grant_ability", "copy", "set_copiable") for e in game.effects)


#: id(trigger) -> (trigger, its alternative events as triggers of their own)
_ALTERNATIVES: dict[int, tuple[Trigger, tuple[Trigger, ...]]] = {}


def alternatives(trig: Trigger) -> tuple[Trigger, ...]:
    """ "Whenever X enters or attacks": one trigger per event, each with its own
    details (CR 603.2: the ability triggers whenever any of the events occurs).
    Empty for a trigger with a single event."""
    hit = _ALTERNATIVES.get(id(trig))
    if hit is not None and hit[0] is trig:
        return hit[1]
    det = dict(trig.details)
    events = det.get("or_events") or ()
    out: tuple[Trigger, ...] = ()
    if events:
        own = tuple(kv for kv in trig.details if kv[0] not in ("or_events", "or_details"))
        extra = det.get("or_details") or tuple(() for _ in events)
        out = (
            Trigger(trig.event, trig.subject, trig.step, trig.player, trig.condition, (), own),
            *(
                Trigger(ev, trig.subject, trig.step, trig.player, trig.condition, (), tuple(dd))
                for ev, dd in zip(events, extra, strict=False)
            ),
        )
    _ALTERNATIVES[id(trig)] = (trig, out)
    return out


def _matches(
    game: Game, trig: Trigger, ev: Event, source: GameObject, subject: GameObject | None
) -> bool:
    if (
        ev.kind == "zone_change"
        and subject is not None
        and source.id in (ev.data.get("attached") or ())
        and source.attached_to is None
    ):
        # CR 603.10a: "whenever enchanted/equipped creature dies" looks back at the
        # permanent as it last existed, when this Aura or Equipment was attached to it
        source.attached_to = subject.id
        try:
            return _matches(game, trig, ev, source, subject)
        finally:
            source.attached_to = None
    if trig.details and any(k == "or_events" for k, _ in trig.details):
        return any(_matches(game, t, ev, source, subject) for t in alternatives(trig))
    d = ev.data
    kind = trig.event
    if ev.kind == "zone_change":
        if kind == "enters" and d.get("to_zone") == "battlefield":
            new = game.objects.get(d["obj"])
            if new is None:
                return False
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                return new.id == source.id
            return matches_object(game, new, trig.subject, source.controller, source)
        if kind == "discard":
            return _discard_matches(game, trig, ev, source)
        if d.get("from_zone") != "battlefield" or subject is None:
            return False
        if kind == "sacrifice":
            # CR 701.21a: "whenever you sacrifice a creature" (a leaves-the-battlefield
            # ability: it looks back at the permanent, CR 603.10a)
            if d.get("cause") != "sacrifice":
                return False
            if not _player_matches(trig.player, d.get("controller"), source.controller):
                return False
            what = _detail(trig, "what")
            return not isinstance(what, Filter) or matches_object(
                game, subject, what, source.controller, source
            )
        if kind == "dies" and d.get("to_zone") == "graveyard":
            if "Creature" not in chars(game, subject).types:
                return False
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                return subject.id == source.id
            return matches_object(game, subject, trig.subject, source.controller, source)
        if kind == "leaves":
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                return subject.id == source.id
            return matches_object(game, subject, trig.subject, source.controller, source)
        if kind == "put_into_graveyard" and d.get("to_zone") == "graveyard":
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                return subject.id == source.id
            return matches_object(game, subject, trig.subject, source.controller, source)
        return False
    if source.zone != Zone.BATTLEFIELD and source.zone != Zone.COMMAND:
        return False  # (CR 114.4: emblems are the only command-zone watchers)
    if ev.kind == "class_level" or kind == "class_level":
        # "When this Class becomes level N" (CR 716.2a: effects/class_level.py)
        return (
            ev.kind == kind
            and d.get("obj") == source.id
            and d.get("level") == _detail(trig, "level")
        )
    if ev.kind == "cumulative_upkeep_paid" or kind == "cumulative_upkeep_paid":
        # "Whenever this creature's cumulative upkeep is paid" (CR 702.24a)
        return ev.kind == kind and d.get("obj") == source.id
    if kind == "attacks" and trig.details:
        # "attacks alone" (CR 506.5, event of 508.1), "attacks you", "attacks a player"
        alone = _detail(trig, "alone")
        if ev.kind != ("attacks_alone" if alone else "attacks"):
            return False
        if _detail(trig, "saddled"):
            # "attacks while saddled" (CR 702.171b)
            att = game.objects.get(d["obj"])
            if att is None or not KEYWORD_HOOKS.is_saddled(game, att):
                return False
        target = _detail(trig, "attack_target")
        if target is not None:
            if ref_player(d.get("defender", 0)) is None:
                return False  # it attacks a planeswalker or battle, not a player
            if target == "you" and d.get("player") != source.controller:
                return False
        o = game.objects.get(d["obj"])
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d["obj"] == source.id
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == "blocks" and kind == "blocks" and isinstance(_detail(trig, "what"), Filter):
        # "whenever this creature blocks a creature" (CR 509.1i): the attacker it blocks
        att = game.objects.get(d.get("attacker", -1))
        if att is None or not matches_object(
            game, att, _detail(trig, "what"), source.controller, source
        ):
            return False
    if kind == "becomes_blocked" and isinstance(_detail(trig, "by"), Filter):
        # "whenever this creature becomes blocked by a creature": once for each
        # blocking creature (CR 509.3d)
        if ev.kind != "blocked_by":
            return False
        blocker = game.objects.get(d.get("blocker", -1))
        if blocker is None or not matches_object(
            game, blocker, _detail(trig, "by"), source.controller, source
        ):
            return False
        o = game.objects.get(d["obj"])
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d["obj"] == source.id
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind in ("attacks", "blocks", "becomes_blocked") and kind == ev.kind:
        o = game.objects.get(d["obj"])
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d["obj"] == source.id
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == "damage" and kind in ("deals_damage", "deals_combat_damage"):
        if kind == "deals_combat_damage" and not d.get("combat"):
            return False
        if trig.player == "to_player" and d.get("target", 0) >= 0:
            return False
        what = _detail(trig, "what")
        if isinstance(what, Filter) and not _damage_recipient_matches(
            game, what, d.get("target", 0), source
        ):
            return False
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d["source"] == source.id
        o = game.objects.get(d["source"])
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == "damage" and kind in ("dealt_damage", "dealt_combat_damage"):
        # "whenever this creature is dealt damage" (CR 120.3, 603.2)
        if kind == "dealt_combat_damage" and not d.get("combat"):
            return False
        target = d.get("target", 0)
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return target == source.id
        if target < 0:
            return "player" in trig.subject.kinds and matches_player(
                game, -target - 1, trig.subject, source.controller
            )
        o = game.objects.get(target)
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == "cast" and kind == "cast":
        if not _player_matches(trig.player, d.get("player"), source.controller):
            return False
        spell = game.objects.get(d["obj"])
        if spell is None:
            return False
        if isinstance(trig.subject, Filter) and "player" not in trig.subject.kinds:
            if not matches_object(game, spell, trig.subject, source.controller, source):
                return False
        what = _detail(trig, "what")
        if isinstance(what, Filter):
            # "whenever you cast a creature spell": the spell must match; a zone
            # other than the stack means "cast from that zone"
            conds = tuple(c for c in what.conditions if c[0] != "owner")
            if not matches_object(
                game, spell, Filter(what.kinds, "stack", conds), source.controller, source
            ):
                return False
            if what.zone not in ("battlefield", "stack", "any") and d.get("from_zone") != what.zone:
                return False
        return True
    if ev.kind == "declare_attackers" and kind == "attack_with":  # CR 508.1, 603.2
        if not _player_matches(trig.player, game.active, source.controller):
            return False
        return attack_with_count(game, trig, d, source) > 0
    if ev.kind == "tapped_for_mana" and kind == "tap_for_mana":  # CR 106.12a
        # "whenever a player taps a nonbasic land for mana", "whenever you tap this
        # creature for mana" (rules/tapping.became_tapped)
        if not _player_matches(trig.player, d.get("player"), source.controller):
            return False
        what = _detail(trig, "what")
        o = game.objects.get(d.get("obj", -1))
        return o is not None and (
            not isinstance(what, Filter) or matches_object(game, o, what, source.controller, source)
        )
    if ev.kind == "becomes_tapped" and kind == "tapped":  # CR 701.26a (rules/tapping.py)
        return _tapped_matches(game, trig, d, source)
    if ev.kind == "turned_face_up" and kind == "turned_face_up":  # CR 702.37, 708.8
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d.get("obj") == source.id
        o = game.objects.get(d.get("obj", 0))
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == "transform" and kind in ("transforms", "transform"):  # CR 701.27e
        if isinstance(trig.subject, SelfRef) or trig.subject is None:
            return d.get("obj") == source.id and (
                not trig.details or dict(trig.details).get("into") in (None, d.get("into"))
            )
        o = game.objects.get(d.get("obj", 0))
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    if ev.kind == "coin_flip" and kind in ("flip_coin", "coin_flip"):  # CR 705
        return _player_matches(trig.player, d.get("player"), source.controller)
    if ev.kind == "die_roll" and kind in ("roll_die", "die_roll"):  # CR 706
        return _player_matches(trig.player, d.get("player"), source.controller)
    if ev.kind == "draw" and kind == "draw":
        return _player_matches(trig.player, d.get("player"), source.controller)
    if ev.kind == "gain_life" and kind == "gain_life":
        return _player_matches(trig.player, d.get("player"), source.controller)
    return False


def attack_with_count(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> int:
    """ "Whenever you attack with [N or more] [creatures]" (CR 508.1, 603.2): how many
    of the declared attackers match, or 0 when fewer than N do."""
    for t in alternatives(trig) or (trig,):
        if t.event == "attack_with":
            trig = t
            break
    what = _detail(trig, "what")
    need = _detail(trig, "count") or 1
    n = 0
    for oid in d.get("attackers") or ():
        o = game.objects.get(oid)
        if o is not None and (
            not isinstance(what, Filter) or matches_object(game, o, what, source.controller, source)
        ):
            n += 1
    return n if n >= need else 0


def _tapped_matches(game: Game, trig: Trigger, d: dict[str, Any], source: GameObject) -> bool:
    """CR 701.26a, 603.2: "whenever this creature becomes tapped", "whenever a
    Merfolk you control becomes tapped"; "one or more ... become tapped" triggers
    once for the permanents tapped at once (CR 603.2c): on the first that matches."""
    if isinstance(trig.subject, SelfRef) or trig.subject is None:
        return d.get("obj") == source.id
    if not _detail(trig, "one_or_more"):
        o = game.objects.get(d.get("obj", -1))
        return o is not None and matches_object(game, o, trig.subject, source.controller, source)
    for oid in d.get("batch") or ():
        o = game.objects.get(oid)
        if o is not None and matches_object(game, o, trig.subject, source.controller, source):
            return oid == d.get("obj")
    return False


def _discard_matches(game: Game, trig: Trigger, ev: Event, source: GameObject) -> bool:
    """CR 701.9a: "whenever you discard a card", "whenever an opponent discards a
    creature card" (the card as it is in the graveyard it was discarded to)."""
    if source.zone != Zone.BATTLEFIELD or not is_discard(ev):
        return False
    card = game.objects.get(ev.data.get("obj", 0))
    if card is None:
        return False
    if not _player_matches(trig.player, card.owner, source.controller):
        return False
    what = _detail(trig, "what")
    if not isinstance(what, Filter):
        return True
    return matches_object(
        game, card, Filter(what.kinds, "graveyard", what.conditions), source.controller, source
    )


def _detail(trig: Trigger, key: str) -> Any:
    for k, v in trig.details:
        if k == key:
            return v
    return None


def _damage_recipient_matches(game: Game, what: Filter, target: int, source: GameObject) -> bool:
    """ "deals combat damage to a player / to a creature"."""
    if target < 0:
        return "player" in what.kinds and matches_player(game, -target - 1, what, source.controller)
    o = game.objects.get(target)
    if o is None or what.kinds == ("player",):
        return False
    return matches_object(game, o, what, source.controller, source)


def _player_matches(who: str, player: Any, controller: int) -> bool:
    if who in ("each", "any", "a player"):
        return True
    if who == "opponent":
        return player != controller
    return player == controller


def step_triggers(game: Game, step: int) -> None:
    """CR 603.6, 503.1a, 513.1a: "at the beginning of ..." abilities trigger."""
    name = Step.NAMES[step]
    granted = _granted_triggers_possible(game) if game.effects else False
    ids = list(game.battlefield)
    if game.command:
        from .emblems import emblem_ids

        ids.extend(emblem_ids(game))  # CR 114.4: emblems' abilities work in the command zone
    for oid in ids:
        o = game.objects[oid]
        if o.phased_out or (not granted and not _has_triggers(o)):
            continue
        for ability in _triggered(game, o):
            trig = ability.trigger
            assert trig is not None  # _triggered keeps triggered abilities only
            # the compiler's "end_step", "combat" ... are the steps of CR 500.1
            if trig.event != "step" or STEP_NAMES.get(trig.step or "", trig.step) != name:
                continue
            if not _player_matches(trig.player, game.active, o.controller):
                continue
            if trig.condition is not None and not condition_holds(
                game, trig.condition, o.controller, o
            ):
                continue
            game.pending_triggers.append(
                {
                    "source": oid,
                    "source_name": o.name,
                    "source_token": o.card.token_spec,
                    "card_uid": o.card_uid,
                    "controller": o.controller,
                    "ability": ability,
                    "event": {"step": name, "player": game.active},
                }
            )
    if game.delayed_triggers:
        fire(game, name)  # CR 603.7b: delayed triggered abilities


def condition_holds(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """Evaluate a condition (intervening "if", CR 603.4)."""
    from .conditions import evaluate

    return evaluate(game, cond, controller, source)


def _condition_on_event(
    game: Game, ability: Ability, source: GameObject, event: dict[str, Any]
) -> bool:
    """CR 603.4: the intervening "if" as the ability would trigger; "if it was a
    creature" names the event's object, read as the ability would read it."""
    from .effects_runner import Ctx

    assert ability.trigger is not None
    cond = ability.trigger.condition
    assert cond is not None
    probe = GameObject(0, 0, source.card, source.owner, Zone.STACK)
    probe.controller = source.controller
    probe.source_id = source.id
    probe.ability = ability
    probe.stack_kind = "triggered"
    probe.trigger_data = event
    from .conditions import evaluate

    return evaluate(game, cond, source.controller, source, Ctx(game, probe, None))


def intervening_if_holds(game: Game, obj: GameObject) -> bool:
    ability = obj.ability
    if ability is None or ability.trigger is None or ability.trigger.condition is None:
        return True
    src = game.objects.get(obj.source_id) if obj.source_id is not None else None
    from .conditions import evaluate
    from .effects_runner import Ctx

    # CR 603.4: checked again as it resolves, references read from the ability
    return evaluate(game, ability.trigger.condition, obj.controller, src, Ctx(game, obj, None))


# ---------------------------------------------------------------------------
# Putting triggered abilities on the stack (CR 603.3)
# ---------------------------------------------------------------------------


@task_handler("put_triggers")
def put_triggers_task(game: Game, task: Task) -> None:
    """CR 603.3b: APNAP order; each player orders their own triggers."""
    if task.stage == 0:
        pending = game.pending_triggers
        game.pending_triggers = []
        order = _apnap(game)
        groups = [[t for t in pending if t["controller"] == p] for p in order]
        task.data["groups"] = [g for g in groups if g]
        task.data["queue"] = []
        task.stage = 1
    while True:
        if task.stage == 1:
            if not task.data["groups"]:
                game.finish(task)
                return
            group = task.data["groups"][0]
            if len(group) > 1 and task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.ORDER_TRIGGERS,
                        group[0]["controller"],
                        "603.3b",
                        "Order your triggered abilities (the first goes on the stack first)",
                        {"triggers": [f"{t['source_name']}: {t['ability'].text}" for t in group]},
                    )
                )
                return
            if task.answer is not None:
                order = list(task.answer.order)
                task.answer = None
                group = [group[i] for i in order]
            task.data["groups"].pop(0)
            task.data["queue"] = group
            task.stage = 2
        if task.stage == 2:
            if not task.data["queue"]:
                task.stage = 1
                continue
            trig = task.data["queue"].pop(0)
            obj = put_trigger_on_stack(game, trig)
            from .casting import begin_choices

            begin_choices(game, obj.id, "trigger")
            return


def put_trigger_on_stack(game: Game, trig: dict[str, Any]) -> GameObject:
    """CR 603.3: the ability is put on the stack as a new object."""
    src = game.objects.get(trig["source"])
    card = src.card if src is not None else None
    if card is None:
        # the source is gone (a token ceases to exist, CR 704.5d; the ability exists
        # independently of it, CR 113.7a): the stack object is named after it
        from ..cards.definitions import card_def, token_def

        spec = trig.get("source_token")
        card = token_def(spec) if spec is not None else card_def(trig["source_name"])
    oid = game.new_id()
    obj = GameObject(oid, oid, card, game.players[trig["controller"]].index, Zone.STACK)
    obj.controller = trig["controller"]
    obj.stack_kind = "triggered"
    obj.source_id = trig["source"]
    obj.ability = trig["ability"]
    obj.trigger_data = dict(trig.get("event") or {})
    obj.timestamp = game.new_timestamp()
    if src is not None:
        obj.face = src.face
    game.objects[oid] = obj
    game.stack.append(oid)
    game.emit(
        "trigger",
        ("603.3",),
        f"{trig['source_name']}'s triggered ability goes on the stack: {trig['ability'].text}",
        obj=oid,
    )
    return obj


def _apnap(game: Game) -> list[int]:
    """CR 101.4: active player, then the others in turn order."""
    n = len(game.players)
    return [(game.active + i) % n for i in range(n)]


def order_options(n: int) -> list[tuple[int, ...]]:
    return list(permutations(range(n))) if n <= 4 else [tuple(range(n))]


__all__ = ["ref_player", "Zone"]
