"""The hooks through which keyword modules plug into the engine (CR 702).

A keyword is implemented once, in its own module under ``keywords/``, and
every card with it gets it. Besides :data:`mtg_engine.keywords.KEYWORD_EXPANSIONS`
(extra abilities that implement a keyword), a keyword module registers here:

* :data:`ACTIVATED` — for a keyword that *is* an activated ability (cycling,
  equip, ninjutsu, transmute, ... CR 702.6a, 702.29a): the full ability it
  stands for (cost, effects, the zone it works from, timing), built from the
  compiled keyword ability. Activation (CR 602) uses it in place of the bare
  keyword ability, so ability indexes stay those of the printed text.
* :data:`ALT_COSTS` — alternative costs and the casting permissions that come
  with them (CR 118.9: flashback, madness, evoke, prowl, morph ...).
* :data:`ADDITIONAL_COSTS` — optional additional costs chosen while casting
  (CR 118.8, 601.2b: kicker, buyback, entwine, replicate, splice).
* :data:`EVENT_HOOKS` — keyword triggered abilities and replacement effects
  that the generic trigger matcher (``rules/triggers.py``, battlefield
  abilities only, CR 113.6) can't see: abilities that work on the stack
  (storm, replicate, CR 702.40a), from the graveyard or exile (recover,
  suspend, madness), upkeep triggers with keyword conditions (echo,
  vanishing), "enters with counters" replacements (fading, modular, CR
  614.1c), "instead" replacements for a spell leaving the stack (flashback,
  buyback). One game event listener dispatches to them by event kind.

This module imports only data modules, so keyword modules can be imported
from anywhere (the rules modules import them lazily inside functions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..game.state import Game

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
    from ..game.objects import GameObject

#: keyword -> function(compiled keyword ability) -> the activated ability it means
ACTIVATED: dict[str, Callable[[Ability], Ability]] = {}

_ACTIVATED_CACHE: dict[int, Ability] = {}


def activated_keyword(
    name: str,
) -> Callable[[Callable[[Ability], Ability]], Callable[[Ability], Ability]]:
    """Register the activated ability that the keyword ``name`` stands for."""

    def register(fn: Callable[[Ability], Ability]) -> Callable[[Ability], Ability]:
        ACTIVATED[name] = fn
        return fn

    return register


def full_ability(a: Ability) -> Ability:
    """The ability a keyword activated ability stands for (itself for other abilities).

    Cached per ability record (compiled abilities are shared and immutable).
    """
    if a.keyword is None or a.keyword not in ACTIVATED:
        return a
    key = id(a)
    got = _ACTIVATED_CACHE.get(key)
    if got is None or got.keyword_args.get("_of") is not a:
        got = ACTIVATED[a.keyword](a)
        got = _with_origin(got, a)
        _ACTIVATED_CACHE[key] = got
    return got


def _with_origin(full: Ability, raw: Ability) -> Ability:
    from dataclasses import replace

    return replace(full, keyword_args={**full.keyword_args, "_of": raw})


@dataclass(frozen=True, slots=True)
class AltCost:
    """An alternative cost (CR 118.9) and where it lets a card be cast from.

    ``zones`` are the zones (``Zone`` ints) a player with priority may cast the
    card from with this cost; empty when only an effect offers it (madness,
    suspend: the effect casts the card while it resolves). ``cost`` builds the
    cost from the keyword ability (None: no mana, e.g. "without paying its
    mana cost"). ``check`` returns why the cost can't be used now, or None.
    """

    name: str
    keyword: str | None
    rule: str
    zones: tuple[int, ...]
    cost: Callable[[Ability | None], Cost | None]
    check: Callable[[Game, int, GameObject, Ability | None], str | None] | None = None
    #: the spell is cast face down (morph, CR 702.37c)
    face_down: bool = False


#: alt name ("flashback") -> its definition
ALT_COSTS: dict[str, AltCost] = {}


def alt_cost(spec: AltCost) -> AltCost:
    ALT_COSTS[spec.name] = spec
    return spec


@dataclass(slots=True)
class CostPart:
    """One additional or alternative cost component chosen while casting (CR 601.2f)."""

    cost: Cost
    times: int
    rule: str
    label: str
    extra: dict[str, Any] = field(default_factory=dict)


#: keyword -> function(game, spell object, keyword abilities of the card, cast options)
#: -> (cost parts to add, problem or None). ``cast options`` is the task's "opts" dict.
AdditionalCostFn = Callable[
    [Game, "GameObject", list["Ability"], dict[str, Any]], tuple[list[CostPart], str | None]
]
ADDITIONAL_COSTS: dict[str, AdditionalCostFn] = {}


def additional_cost(name: str) -> Callable[[AdditionalCostFn], AdditionalCostFn]:
    def register(fn: AdditionalCostFn) -> AdditionalCostFn:
        ADDITIONAL_COSTS[name] = fn
        return fn

    return register


EventHook = Callable[[Game, "Event", "GameObject | None"], None]

#: event kind -> hooks, called for every logged event of that kind (CR 603.2, 614)
EVENT_HOOKS: dict[str, list[EventHook]] = {}


def on_event(*kinds: str, first: bool = False) -> Callable[[EventHook], EventHook]:
    """Register a keyword hook for events of these kinds; ``first`` hooks run
    before the others (e.g. a permanent learning how its spell was cast, CR 400.7d,
    before "enters" hooks read it)."""

    def register(fn: EventHook) -> EventHook:
        for k in kinds:
            hooks = EVENT_HOOKS.setdefault(k, [])
            if fn not in hooks:
                if first:
                    hooks.insert(0, fn)
                else:
                    hooks.append(fn)
        return fn

    return register


def dispatch(game: Game, ev: Event, subject: GameObject | None) -> None:
    """The one game listener of the keyword hooks."""
    hooks = EVENT_HOOKS.get(ev.kind)
    if hooks:
        for fn in hooks:
            fn(game, ev, subject)


if dispatch not in Game.event_listeners:
    Game.event_listeners.append(dispatch)


# ---------------------------------------------------------------------------
# Per-object keyword state kept in the game (cloned and serialized with it)
# ---------------------------------------------------------------------------


def cast_record(game: Game, stack_id: int) -> dict[str, Any] | None:
    """What was chosen and paid as this spell was cast (CR 601.2b-h, 400.7d)."""
    rec = game.turn_flags.get(("paid", stack_id))
    return rec if isinstance(rec, dict) else None


def set_cast_record(game: Game, stack_id: int, rec: dict[str, Any]) -> None:
    """Records are replaced, never changed in place (clones share them)."""
    game.turn_flags[("paid", stack_id)] = rec


#: condition kind -> evaluator(game, condition, controller, source) for conditions
#: that keywords define ("if it was kicked", CR 702.33d; "if its evoke cost was
#: paid", 702.74a). ``rules/conditions.py`` consults this table for kinds it
#: doesn't know itself.
ConditionFn = Callable[[Game, Any, int, "GameObject | None"], bool]
CONDITIONS: dict[str, ConditionFn] = {}


def condition(kind: str) -> Callable[[ConditionFn], ConditionFn]:
    def register(fn: ConditionFn) -> ConditionFn:
        CONDITIONS[kind] = fn
        return fn

    return register
