"""Keywords that are activated abilities (CR 602): what each one means.

The compiler gives the bare keyword ("Cycling {2}"); :func:`~mtg_engine.game.hooks.full_ability`
turns it into the ability it stands for, once, here:

* 702.29a Cycling: "[Cost], Discard this card: Draw a card." (from hand)
* 702.29e Typecycling: "[Cost], Discard this card: Search your library for a
  [type] card, reveal it, and put it into your hand. Then shuffle."
* 702.53a Transmute: "[Cost], Discard this card: Search your library for a
  card with the same mana value as the discarded card, reveal that card, and
  put it into your hand. Then shuffle. Activate only as a sorcery."
* 702.77a Reinforce N: "[Cost], Discard this card: Put N +1/+1 counters on
  target creature."
* 702.6a Equip: "[Cost]: Attach this permanent to target creature you
  control. Activate only as a sorcery." (702.6c: "Equip [quality]")
* 702.67a Fortify: "[Cost]: Attach this Fortification to target land you
  control. Activate only as a sorcery."

Abilities that work from the hand carry ``keyword_args["from_zone"] = "hand"``
(CR 702.29a: "functions only while the card ... is in a player's hand";
ruling 502.18.5: not from another zone).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards.abilities import (
    Ability,
    AbilityKind,
    Amount,
    ControllerRef,
    Cost,
    Effect,
    Filter,
    SelfRef,
    TargetRef,
    TargetSpec,
)
from ..game.events import EventKind
from ..game.hooks import activated_keyword, on_event
from ..game.objects import GameObject
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.filters import matches_object
from ..rules.support import register, register_keywords
from .common import add_pending_trigger

register_keywords("Cycling", "Typecycling", "Transmute", "Reinforce", "Equip", "Fortify", "Outlast")
register("trigger:cycle")  # CR 702.29c-d, 702.29f: "when you cycle ..." (cycled below)

_SELF = Filter(conditions=(("self", True),))


def _cost(a: Ability) -> Cost:
    c = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    return c if c is not None else Cost()


def _cost_text(a: Ability) -> str:
    c = a.keyword_args.get("cost")
    if isinstance(c, str):
        return c
    return getattr(c, "mana", None) or ""


def _hand_discard(a: Ability, text: str, rule: str, effects: tuple[Effect, ...], **kw) -> Ability:
    cost = replace(_cost(a), discard=_SELF, discard_count=1)
    return Ability(
        AbilityKind.ACTIVATED,
        text=text,
        cost=cost,
        effects=effects,
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "from_zone": "hand", "rule": rule},
        **kw,
    )


@activated_keyword("Cycling")
def cycling(a: Ability) -> Ability:
    return _hand_discard(
        a,
        f"Cycling {_cost_text(a)} ({_cost_text(a)}, Discard this card: Draw a card.)",
        "702.29a",
        (Effect("draw", {"player": ControllerRef(), "amount": 1}),),
    )


def _type_filter(what: str) -> Filter:
    if what == "Basic Land":
        return Filter(kinds=("Land",), conditions=(("supertype", "Basic"),))
    if what in ("Land", "Creature", "Artifact", "Enchantment", "Instant", "Sorcery"):
        return Filter(kinds=(what,))
    return Filter(conditions=(("subtype", what),))


@activated_keyword("Typecycling")
def typecycling(a: Ability) -> Ability:
    what = str(a.keyword_args.get("type") or "Land")
    return _hand_discard(
        a,
        f"{what}cycling {_cost_text(a)}",
        "702.29e",
        (
            Effect(
                "keyword_search",
                {"filter": _type_filter(what), "what": f"a {what} card", "rule": "702.29e"},
            ),
        ),
    )


@activated_keyword("Transmute")
def transmute(a: Ability) -> Ability:
    return _hand_discard(
        a,
        f"Transmute {_cost_text(a)}",
        "702.53a",
        (
            Effect(
                "keyword_search",
                {
                    "same_mv_as_source": True,
                    "what": "a card with the same mana value",
                    "rule": "702.53a",
                },
            ),
        ),
        timing="sorcery",
    )


@activated_keyword("Reinforce")
def reinforce(a: Ability) -> Ability:
    n = a.keyword_args.get("n", 1)
    if isinstance(n, str) and n.upper() == "X":
        n = Amount("x")  # "Reinforce X—{X}{W}{W}": X paid in the cost (CR 107.3m)
    return _hand_discard(
        a,
        f"Reinforce {n if not isinstance(n, Amount) else 'X'}—{_cost_text(a)}",
        "702.77a",
        (Effect("put_counters", {"what": TargetRef(0), "counter": "+1/+1", "amount": n}),),
        targets=(TargetSpec(Filter(kinds=("Creature",))),),
    )


def _attach(a: Ability, kind: str, rule: str, name: str) -> Ability:
    conds: tuple = (("controller", "you"),)
    quality = a.keyword_args.get("filter")
    if isinstance(quality, Filter):
        conds = conds + tuple(quality.conditions)
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"{name} {_cost_text(a)}",
        cost=_cost(a),
        targets=(TargetSpec(Filter(kinds=(kind,), conditions=conds)),),
        effects=(Effect("equip_attach", {"to": TargetRef(0), "rule": rule}),),
        timing="sorcery",
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "rule": rule},
    )


@activated_keyword("Equip")
def equip(a: Ability) -> Ability:
    return _attach(a, "Creature", "702.6a", "Equip")


@activated_keyword("Fortify")
def fortify(a: Ability) -> Ability:
    return _attach(a, "Land", "702.67a", "Fortify")


@activated_keyword("Outlast")
def outlast(a: Ability) -> Ability:
    """CR 702.107a: "Outlast [cost]" means "[Cost], {T}: Put a +1/+1 counter on this
    creature. Activate only as a sorcery." """
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Outlast {_cost_text(a)} ({_cost_text(a)}, {{T}}: Put a +1/+1 counter on this "
        "creature. Activate only as a sorcery.)",
        cost=replace(_cost(a), tap=True),
        effects=(Effect("put_counters", {"what": SelfRef(), "counter": "+1/+1", "amount": 1}),),
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "rule": "702.107a"},
        timing="sorcery",
    )


@on_event(EventKind.ACTIVATE)
def cycled(game, ev, subject) -> None:  # type: ignore[no-untyped-def]
    """CR 702.29c-d, 702.29f: "when you cycle" / "whenever a player cycles a card"
    abilities trigger as the card is discarded to pay a cycling cost."""
    if ev.data.get("keyword") not in ("Cycling", "Typecycling"):
        return
    player = ev.data.get("player")
    uid = ev.data.get("source_uid")
    card_id = game.uid_to_obj.get(uid) if uid else None
    card = game.objects.get(card_id) if card_id is not None else None
    game.emit(
        EventKind.CYCLE,
        ("702.29c",),
        f"{game.players[player].name} cycles {card.name if card else 'a card'}",
        player=player,
        obj=card_id or 0,
    )
    watchers: list[GameObject] = []
    if card is not None:
        watchers.append(card)  # "When you cycle this card": from the zone it went to
    watchers += [game.objects[o] for o in game.battlefield if not game.objects[o].phased_out]
    for w in watchers:
        abilities = w.card.compiled[w.face].abilities if w is card else chars(game, w).abilities
        for ab in abilities:
            t = ab.trigger
            if ab.kind is not AbilityKind.TRIGGERED or t is None or t.event != "cycle":
                continue
            details = dict(t.details)
            if "discard" in (details.get("or_events") or ()):
                # "whenever you cycle or discard a card": cycling discards the card
                # (702.29a), so it triggers once, on the discard (rules/triggers.py)
                continue
            what = details.get("what")
            self_only = isinstance(what, Filter) and ("self", True) in what.conditions
            if self_only and w is not card:
                continue
            if not self_only and w is card:
                continue
            if t.player == "you" and w.controller != player and not self_only:
                continue
            if t.player == "opponent" and w.controller == player:
                continue  # "whenever an opponent cycles a card"
            if (
                not self_only
                and isinstance(what, Filter)
                and not _cycled_card_matches(game, card, what, w)
            ):
                continue  # "whenever you cycle another card", "... a creature card"
            add_pending_trigger(
                game, w, w.controller if w is not card else w.owner, ab, {"player": player}
            )


def _cycled_card_matches(game, card, what: Filter, watcher) -> bool:  # type: ignore[no-untyped-def]
    """Whether the cycled card (now where the cycling cost put it, usually the
    graveyard) fits "a card", "another card", "a creature card" (CR 702.29c)."""
    if card is None:
        return not what.conditions and what.kinds in ((), ("card",))
    conds = tuple(c for c in what.conditions if c[0] != "owner")
    return matches_object(
        game, card, Filter(what.kinds, what.zone, conds), watcher.controller, watcher
    )
