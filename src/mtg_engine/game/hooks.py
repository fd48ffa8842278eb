"""The hooks through which keyword modules plug into the engine (CR 702).

A keyword is implemented once, in its own module under ``keywords/``, and
every card with it gets it. A keyword module registers here:

* :data:`KEYWORD_EXPANSIONS` — extra abilities that implement a keyword.

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

The game layer owns these tables (architecture §8): the rules call keywords
and effects only through them, and this module imports only data modules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost, Effect
    from ..rules.char_values import Chars
    from ..rules.effects_runner import Ctx
    from ..rules.mana_costs import ManaCost
    from .actions import Action, Decision
    from .events import Event
    from .objects import CardDef, GameObject
    from .state import Game

#: keyword name -> function(keyword ability) -> extra abilities that implement it
#: (e.g. an echo upkeep trigger, a flanking block trigger). The characteristics
#: code adds these next to the keyword ability itself, so a keyword is
#: implemented once, in its module, and every card with it gets it.
KEYWORD_EXPANSIONS: Final[dict[str, Callable[[Any], tuple[Any, ...]]]] = {}


def expansion(
    keyword: str,
) -> Callable[[Callable[[Any], tuple[Any, ...]]], Callable[[Any], tuple[Any, ...]]]:
    """Register the abilities that implement ``keyword`` (see KEYWORD_EXPANSIONS),
    made once per compiled keyword ability (records are shared and immutable, so the
    same record always stands for the same abilities)."""

    def register(fn: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], tuple[Any, ...]]:
        made: dict[int, tuple[Any, tuple[Any, ...]]] = {}

        def once(a: Any) -> tuple[Any, ...]:
            got = made.get(id(a))
            if got is None or got[0] is not a:
                got = made[id(a)] = (a, fn(a))
            return got[1]

        KEYWORD_EXPANSIONS[keyword] = once
        return fn

    return register


#: keyword -> function(compiled keyword ability) -> the activated ability it means
ACTIVATED: Final[dict[str, Callable[[Ability], Ability]]] = {}

_ACTIVATED_CACHE: Final[dict[int, Ability]] = {}


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
    """The expanded ability, keeping the printed restrictions that follow the keyword
    ("Equip {0}. Activate only once each turn.", CR 602.5b) on top of its own."""
    return replace(
        full,
        keyword_args={**full.keyword_args, "_of": raw},
        limit_per_turn=(
            full.limit_per_turn
            if raw.limit_per_turn is None
            else min(raw.limit_per_turn, full.limit_per_turn or raw.limit_per_turn)
        ),
        timing=full.timing or raw.timing,
        restrictions=(*full.restrictions, *raw.restrictions),
        # "Equip {3}. This ability costs {1} less to activate ..." (CR 602.2b)
        static=(*full.static, *raw.static),
    )


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
    #: not an alternative cost but a permission with an additional cost: the mana
    #: cost is still paid and ``cost`` is added to it (retrace, CR 702.81a)
    keeps_mana_cost: bool = False
    #: not a cast at all but a special action announced like one (CR 116.2h:
    #: foretelling a card): performs it (game, player, card id); ``check`` says
    #: why it can't be taken now, ``zones`` where the card must be
    special: Callable[[Game, int, int], None] | None = None
    #: the card waits face down in exile and is turned face up as it's cast; its
    #: face-up characteristics are checked (a foretold card, CR 702.143a)
    cast_face_up: bool = False
    #: the face the card is cast with: 1 casts a double-faced card transformed, its
    #: back face up (disturb, CR 702.146a, 712.11a)
    face: int = 0
    #: the spell is cast bestowed: an Aura spell with enchant creature (CR 702.103b)
    bestowed: bool = False
    #: the key the spell (and the permanent it becomes) carries in ``chosen`` when
    #: cast this way: prototyped, with its alternative characteristics (CR 718.3b)
    chosen_key: str | None = None
    #: ``check`` alone says when the card may be cast this way: not only at sorcery
    #: speed (sneak: during the declare blockers step)
    own_timing: bool = False
    #: the spell's ability when cast with this cost, from its ability and the
    #: keyword ability: overload's "each" for "target" (CR 702.96a-b), awaken's
    #: added target and instructions (702.113a-b)
    spell_ability: Callable[[Ability, Ability | None], Ability] | None = None


#: alt name ("flashback") -> its definition
ALT_COSTS: Final[dict[str, AltCost]] = {}


def alt_cost(spec: AltCost) -> AltCost:
    ALT_COSTS[spec.name] = spec
    return spec


@dataclass(slots=True)
class CostPart:
    """One additional or alternative cost component chosen while casting (CR 601.2f)."""

    #: a cards.abilities.Cost: typed Any because a dataclass compiled by mypyc looks its
    #: field types up at run time, and game/ imports cards/ for type checking only
    cost: Any
    times: int
    rule: str
    label: str
    extra: dict[str, Any] = field(default_factory=dict)


#: keyword -> function(game, spell object, keyword abilities of the card, cast options)
#: -> (cost parts to add, problem or None). ``cast options`` is the task's "opts" dict.
AdditionalCostFn = Callable[
    ["Game", "GameObject", list["Ability"], dict[str, Any]], tuple[list[CostPart], str | None]
]
ADDITIONAL_COSTS: Final[dict[str, AdditionalCostFn]] = {}


def additional_cost(name: str) -> Callable[[AdditionalCostFn], AdditionalCostFn]:
    def register(fn: AdditionalCostFn) -> AdditionalCostFn:
        ADDITIONAL_COSTS[name] = fn
        return fn

    return register


EventHook = Callable[["Game", "Event", "GameObject | None"], None]

#: event kind -> hooks, called for every logged event of that kind (CR 603.2, 614)
EVENT_HOOKS: Final[dict[str, list[EventHook]]] = {}
#: event kind -> the rules' own hooks (a face-down permanent revealed as it
#: leaves, melded cards, sagas, battles, damage history, "becomes the target"),
#: called after the keyword hooks, whatever the order modules are imported in
RULES_EVENT_HOOKS: Final[dict[str, list[EventHook]]] = {}


#: the event data a hook of these kinds may say it watches (``on_event(watch=...)``):
#: a zone change by its move (from zone, to zone), a step by its name
_WATCHED_DATA: Final[dict[str, tuple[str, ...]]] = {
    "zone_change": ("from_zone", "to_zone"),
    "step": ("step",),
}
#: (event kind, hook) -> the values of the watched data it acts on, None standing
#: for any value: ``("battlefield", None)`` is "leaves the battlefield"
_WATCHES: dict[tuple[str, EventHook], frozenset[tuple[str | None, ...]]] = {}
#: event kind -> the hooks to call, in order; for a kind with watched data, [the
#: data's names, {their values in an event: the hooks to call}] (made on first use,
#: forgotten when a hook registers)
_DISPATCH: dict[str, Any] = {}


def on_event(
    *kinds: str,
    first: bool = False,
    rules: bool = False,
    watch: Iterable[tuple[str | None, ...]] | None = None,
    keywords: Iterable[str] = (),
) -> Callable[[EventHook], EventHook]:
    """Register a keyword hook for events of these kinds; ``first`` hooks run
    before the others (e.g. a permanent learning how its spell was cast, CR 400.7d,
    before "enters" hooks read it). ``rules``: a hook of the rules modules, run
    after every keyword hook. ``watch``: the only values of the kind's watched data
    (:data:`_WATCHED_DATA`) for which the hook can do anything, None for any value
    (``watch=[("stack", "battlefield")]``: a permanent spell resolving); the hook
    isn't called for the others (no work for listeners that can't care).
    ``keywords``: the hook can do something only for an object with one of these
    keyword abilities (CR 702): it isn't called in a game no object of which may
    have one (:func:`keywords_possible`)."""
    table = RULES_EVENT_HOOKS if rules else EVENT_HOOKS
    values = None if watch is None else frozenset(tuple(w) for w in watch)
    if values is not None:
        for k in kinds:
            fields = _WATCHED_DATA.get(k, ())
            if not fields or any(len(v) != len(fields) for v in values):
                raise ValueError(f"watch {k} events by {fields or 'nothing'}")
    words = gate_keywords(keywords) if keywords else None

    def register(fn: EventHook) -> EventHook:
        if words is not None:
            _GATES[fn] = words
        for k in kinds:
            hooks = table.setdefault(k, [])
            if fn not in hooks:
                if first:
                    hooks.insert(0, fn)
                else:
                    hooks.append(fn)
            if values is not None:
                _WATCHES[(k, fn)] = values
        _DISPATCH.clear()
        _LISTENERS_BY_KIND.clear()
        return fn

    return register


def _covers(pattern: tuple[str | None, ...], values: tuple[Any, ...]) -> bool:
    return all(p is None or p == v for p, v in zip(pattern, values, strict=True))


#: the hooks to call for events of a kind (and watched values): the hooks alone when
#: none is gated by keywords (then the list holds them alone); else None, the hooks
#: with their keyword gates, and the keyword names an object may have (as
#: :func:`keywords_possible` last said) with the hooks they leave, worked out again
#: when those names change
HookList = list[Any]


def _hooks_for(
    kind: str, values: tuple[Any, ...]
) -> tuple[tuple[EventHook, frozenset[str] | None], ...]:
    out = []
    for table in (EVENT_HOOKS, RULES_EVENT_HOOKS):
        for fn in table.get(kind, ()):
            watched = _WATCHES.get((kind, fn))
            if watched is None or any(_covers(w, values) for w in watched):
                out.append((fn, _GATES.get(fn)))
    return tuple(out)


def _hook_list(kind: str, values: tuple[Any, ...]) -> HookList:
    """:func:`_hooks_for`, as :func:`dispatch` calls them."""
    hooks = _hooks_for(kind, values)
    if all(words is None for _fn, words in hooks):
        return [tuple(fn for fn, _words in hooks)]
    return [None, hooks, None, ()]


def dispatch(game: Game, ev: Event, subject: GameObject | None) -> None:
    """The one game listener of the keyword hooks: those of the event's kind that
    watch what it says (the keyword hooks, then the rules' own), but those gated by
    keywords no object of the game may have."""
    kind = ev.kind
    hooks = _DISPATCH.get(kind)
    if hooks is None:
        fields = _WATCHED_DATA.get(kind)
        hooks = _DISPATCH[kind] = _hook_list(kind, ()) if fields is None else [fields, {}]
    if len(hooks) == 2:  # [the watched fields, {their values: hooks}]
        fields, by_values = hooks
        d = ev.data
        # (one watched field: its value is the key)
        value: Any = (d.get(fields[0]), d.get(fields[1])) if len(fields) == 2 else d.get(fields[0])
        hooks = by_values.get(value)
        if hooks is None:
            hooks = by_values[value] = _hook_list(kind, value if len(fields) == 2 else (value,))
    plain = hooks[0]
    if plain is None:
        possible = keywords_possible(game)
        if possible is not hooks[2] and possible != hooks[2]:
            hooks[2] = possible
            hooks[3] = tuple(
                fn for fn, words in hooks[1] if words is None or not words.isdisjoint(possible)
            )
        plain = hooks[3]
    for fn in plain:
        fn(game, ev, subject)


# ---------------------------------------------------------------------------
# Keywords an object of the game may have (gating hooks that can't care)
# ---------------------------------------------------------------------------

#: hook -> the keyword names (lowercase) it can do something for (``on_event(keywords=)``)
_GATES: dict[Any, frozenset[str]] = {}
#: every keyword name some hook or finder is gated by (lowercase)
_GATED: Final[set[str]] = set()


def gate_keywords(keywords: Iterable[str]) -> frozenset[str]:
    """Register keyword names (CR 702) that a hook (or a replacement finder) can act
    for; returns them as :func:`keywords_possible` names them (lowercase)."""
    words = frozenset(k.lower() for k in keywords)
    _GATED.update(words)
    return words


#: the game's scan (``Game._seen``): the next object id not yet looked at, and the
#: gated keyword names found on the cards of the objects looked at (derived data: a
#: clone or a game read back looks again)
_KEYWORD_SCAN: Final = "gated_keywords"
#: the scan before it looked at any object
_NONE_SEEN: Final[tuple[int, frozenset[str]]] = (1, frozenset())

#: effect ops that can give an object abilities no card of the game names: a copy
#: (CR 707.2) of an object that may be gone; a keyword granted (CR 613.1f) is named
_COPY_OPS: Final = frozenset(("copy", "set_copiable"))


def keywords_possible(game: Game) -> frozenset[str]:
    """Of the gated keyword names (:func:`gate_keywords`), those some object of the
    game may have: named on a face of the card of an object made so far (its text,
    which names the keywords it has or grants, a token's included, or a keyword of
    its compiled abilities), or granted by a resolved effect; all of them while a
    copy effect exists. Each object is looked at once (a new object gets a new id,
    CR 400.7), so this is a lookup but for the objects made since the last call."""
    start, seen = game._seen.get(_KEYWORD_SCAN, _NONE_SEEN)
    found: frozenset[str] = seen
    end = game.next_id
    if start != end:
        objects = game.objects
        for oid in range(start, end):
            o = objects.get(oid)
            if o is not None:
                words = _card_keywords(o.card)
                if words and not words <= found:
                    found = found | words
        # (the same set when the new objects name nothing new: then :func:`dispatch`
        # knows its hooks by identity)
        game._seen[_KEYWORD_SCAN] = (end, found)
    for e in game.effects:
        if e.op in _COPY_OPS:
            return frozenset(_GATED)
        if e.op == "grant_keyword":
            kw = e.args.get("keyword")
            if isinstance(kw, str) and kw.lower() not in found:
                found = found | {kw.lower()}
    return found


def _card_keywords(card: CardDef) -> frozenset[str]:
    """The gated keyword names a card's faces name, cached on the card."""
    key = ("gated_keywords", len(_GATED))
    got = card.cache.get(key)
    if got is None:
        text = "\n".join(f.text or "" for f in card.faces).lower()
        named = {a.keyword.lower() for c in card.compiled for a in c.abilities if a.keyword}
        got = card.cache[key] = frozenset(w for w in _GATED if w in text or w in named)
    return got  # type: ignore[no-any-return]


EventListener = Callable[["Game", "Event", "GameObject | None"], None]

#: called for every emitted event, in order (CR 603.2): the keyword hooks, then
#: trigger detection (``engine.py`` appends it at import). A table of the engine,
#: filled once at import; no game changes it.
EVENT_LISTENERS: Final[list[EventListener]] = [dispatch]

#: listener -> the only event kinds it can do anything for (:func:`add_event_listener`);
#: a listener not in it sees every kind (the keyword hooks' :func:`dispatch` sees
#: the kinds some hook is registered for)
_LISTENED_KINDS: dict[EventListener, frozenset[str]] = {}
#: event kind -> the listeners to call, in order (made on first use, forgotten when
#: a hook or a listener registers): no call for a listener that can't care
_LISTENERS_BY_KIND: dict[str, tuple[EventListener, ...]] = {}


def add_event_listener(listener: EventListener, kinds: Iterable[str] | None = None) -> None:
    """Call ``listener`` for every emitted event after the ones registered before
    it; with ``kinds``, only for events of those kinds (it can do nothing for the
    others)."""
    if listener not in EVENT_LISTENERS:
        EVENT_LISTENERS.append(listener)
    if kinds is not None:
        _LISTENED_KINDS[listener] = frozenset(kinds)
    _LISTENERS_BY_KIND.clear()


def listeners_for(kind: str) -> tuple[EventListener, ...]:
    """The listeners of :data:`EVENT_LISTENERS` that can care about an event of
    ``kind``, in order (worked out once per kind; ``EventEmitter.emit``)."""
    got = _LISTENERS_BY_KIND.get(kind)
    if got is None:
        got = _LISTENERS_BY_KIND[kind] = tuple(fn for fn in EVENT_LISTENERS if _listens(fn, kind))
    return got


def _listens(listener: EventListener, kind: str) -> bool:
    if listener is dispatch:
        return kind in EVENT_HOOKS or kind in RULES_EVENT_HOOKS
    kinds = _LISTENED_KINDS.get(listener)
    return kinds is None or kind in kinds


#: effect op -> handler(ctx, effect) -> bool, filled by ``mtg_engine.effects``
#: at import: it performs the effect for the resolving spell or ability (``ctx``,
#: a ``rules.effects_runner.Ctx``) and returns False when it asked for a decision
#: and must be called again with the answer.
EffectHandler = Callable[["Ctx", "Effect"], bool]
EFFECT_HANDLERS: Final[dict[str, EffectHandler]] = {}


def effect(*ops: str) -> Callable[[EffectHandler], EffectHandler]:
    """Register a handler for one or more effect ops."""

    def register(fn: EffectHandler) -> EffectHandler:
        for op in ops:
            EFFECT_HANDLERS[op] = fn
        return fn

    return register


# ---------------------------------------------------------------------------
# Per-object keyword state kept in the game (cloned and serialized with it)
# ---------------------------------------------------------------------------


def cast_record(game: Game, stack_id: int) -> dict[str, Any] | None:
    """What was chosen and paid as this spell was cast (CR 601.2b-h, 400.7d)."""
    return game.turn_flags.paid.get(stack_id)


def set_cast_record(game: Game, stack_id: int, rec: dict[str, Any]) -> None:
    """Records are replaced, never changed in place (clones share them)."""
    game.turn_flags.paid[stack_id] = rec


#: condition kind -> evaluator(game, condition, controller, source) for conditions
#: that keywords define ("if it was kicked", CR 702.33d; "if its evoke cost was
#: paid", 702.74a). ``rules/conditions.py`` consults this table for kinds it
#: doesn't know itself.
ConditionFn = Callable[["Game", Any, int, "GameObject | None"], bool]
CONDITIONS: Final[dict[str, ConditionFn]] = {}


def condition(kind: str) -> Callable[[ConditionFn], ConditionFn]:
    def register(fn: ConditionFn) -> ConditionFn:
        CONDITIONS[kind] = fn
        return fn

    return register


# ---------------------------------------------------------------------------
# The rules procedures the game state calls but doesn't own (architecture §8)
# ---------------------------------------------------------------------------


def _unwired(*_: Any) -> Any:
    raise RuntimeError("the rules are not wired in: import mtg_engine.engine first")


#: conditions on how a spell was cast, known once its choices are announced (CR
#: 601.2a-b), before its targets are chosen: condition kind -> the cast option that
#: announces it ("gift_promised" -> "gift", 702.174m). A target phrase used only by
#: instructions gated on such a condition is required only if it holds (601.2c).
CAST_TIME_CONDITIONS: Final[dict[str, str]] = {}

#: the instructions keywords add to a spell's spell ability as it's cast, applied in
#: registration order: each function (the spell's characteristics, its spell ability)
#: -> the spell ability (cipher's encoding last, CR 702.99a; a gift's effect first,
#: 702.174j)
SpellInstructionsFn = Callable[["Chars", "Ability"], "Ability"]
SPELL_INSTRUCTIONS: Final[list[SpellInstructionsFn]] = []


def spell_instructions(fn: SpellInstructionsFn) -> SpellInstructionsFn:
    """Register a keyword's instructions added to a spell's spell ability."""
    SPELL_INSTRUCTIONS.append(fn)
    return fn


def with_keyword_instructions(c: Chars, ability: Ability) -> Ability:
    """The spell ability with every keyword's added instructions (SPELL_INSTRUCTIONS)."""
    for fn in SPELL_INSTRUCTIONS:
        ability = fn(c, ability)
    return ability


def _nothing_kept(*_: Any) -> bool:
    return False


@dataclass(slots=True)
class Procedures:
    """Set once by the wiring (``mtg_engine.engine``) for :class:`~.state.Game`'s
    decision interface, views and saved games."""

    #: the enumerable legal answers to the pending decision (CR 117.1)
    legal_options: Callable[[Game], list[Action]] = _unwired
    #: whether the pending decision has exactly one enumerable legal answer (CR 104.4b)
    has_one_option: Callable[[Game], bool] = _unwired
    #: None if the answer is legal, else the reason
    check_answer: Callable[[Game, Action], str | None] = _unwired
    #: a player concedes (CR 104.3a)
    concede: Callable[[Game, int], None] = _unwired
    #: a decision asked of a player who has left the game (CR 800.4f-h), already
    #: pending: answered for them, or handed to another player
    left_player_decision: Callable[[Game], None] = _unwired
    #: what a player may see (CR 401.2, 402.3, 708.5)
    observe: Callable[[Game, int], dict[str, Any]] = _unwired
    #: a saved card reference (a name, or {"token": spec}) -> its definition
    card_from_ref: Callable[[Any], CardDef] = _unwired
    #: forget from the characteristics cache, in place, what a change that
    #: ``Game.invalidate`` is told of may have changed; False: forget everything
    cache_forget_after: Callable[[Game, tuple[int | str, ...]], bool] = _nothing_kept


PROCEDURES: Final = Procedures()


# ---------------------------------------------------------------------------
# Where the rules recurse (architecture §8)
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class RulesHooks:
    """Calls from a lower rules module up to a higher one, where the rules recurse:
    an object's characteristics (``rules.characteristics``) come from the layers
    (``rules.layers``, CR 613), which read other objects' characteristics. Each
    slot is set at import by the module named, so the lower module doesn't import
    the higher one."""

    #: CR 613.1: the characteristics of an object after all continuous effects
    #: (``rules.layers.compute``), for ``rules.characteristics.chars``
    characteristics: Callable[[Game, GameObject], Chars] = _unwired
    #: whether a permanent's power, toughness or abilities differ from its printed
    #: ones (``rules.layers.differs_from_printed``), for ``rules.filters``
    differs_from_printed: Callable[[Game, GameObject], bool] = _unwired


RULES_HOOKS: Final = RulesHooks()


# ---------------------------------------------------------------------------
# What the generic rules ask particular keywords (architecture §8)
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class KeywordHooks:
    """The questions and steps that generic rules delegate to one keyword's module.

    Each slot is set by that keyword's module at import (``keywords/<name>.py``),
    so the rules never import a keyword module; the rule that asks is named
    at each slot.
    """

    # protection (CR 702.16): damage, targeting, blocking, attachment
    has_protection_from: Callable[[Game, GameObject, GameObject], bool] = _unwired
    quality_matches: Callable[..., bool] = _unwired
    # absorb (CR 702.64a): damage prevention -> the damage left
    absorb: Callable[[Game, GameObject, Chars, GameObject, int], int] = _unwired
    # evasion (CR 509.1b-c): why a creature can't block another; blocker counts
    block_problem: Callable[[Game, GameObject, GameObject], tuple[str, str] | None] = _unwired
    min_blockers: Callable[[Game, GameObject], int] = _unwired
    max_blockers: Callable[[Game, GameObject], int | None] = _unwired
    # banding (CR 702.22): bands of attackers and damage assignment
    set_bands: Callable[[Game, tuple[tuple[int, ...], ...]], None] = _unwired
    band_of: Callable[[Game, int], tuple[int, ...]] = _unwired
    clear_bands: Callable[[Game], None] = _unwired
    blocked_by_banding: Callable[[Game, GameObject, list[int]], bool] = _unwired
    blocking_banding: Callable[[Game, GameObject, list[int]], bool] = _unwired
    band_problem: Callable[[Game, dict[int, int], tuple[tuple[int, ...], ...]], str | None] = (
        _unwired
    )
    banding_candidates: Callable[[Game, dict[int, list[int]]], list[int]] = _unwired
    # crew and saddle (CR 702.122, 702.171): the tap-creatures cost
    crew_amount: Callable[[Cost], int | None] = _unwired
    crew_problem: Callable[..., str | None] = _unwired
    crew_decision: Callable[[Game, int, GameObject, Cost], Decision] = _unwired
    tap_crew: Callable[..., None] = _unwired
    crew_options: Callable[[dict[str, Any]], list[tuple[int, ...]]] = _unwired
    crew_power_problem: Callable[[dict[str, Any], tuple[int, ...]], str | None] = _unwired
    is_saddled: Callable[[Game, GameObject], bool] = _unwired
    # assist (CR 702.132a, 601.2g-h): another player chosen to pay some of the generic
    # mana (the mana the caster still pays; None while asking), and their payment
    assist_choice: Callable[[Game, Any, GameObject, ManaCost], ManaCost | None] = _unwired
    assist_pay: Callable[[Game, Any, GameObject], None] = _unwired
    # ... and, asking whether a spell can be cast, the mana left when another player
    # pays as much generic mana as they can
    assist_most: Callable[[Game, int, GameObject, ManaCost], ManaCost] = _unwired
    # enlist (CR 702.154a, 508.1g): the attackers with enlist (one entry per instance),
    # the creatures one may tap, and tapping it as the cost is paid (508.1j)
    enlisters: Callable[[Game, list[int]], list[int]] = _unwired
    enlist_candidates: Callable[[Game, int, list[int], list[int]], list[int]] = _unwired
    enlist: Callable[[Game, int, int], None] = _unwired
    # soulbond (CR 702.95b): a paired creature, and the pair of a source
    is_paired: Callable[[Game, GameObject], bool] = _unwired
    in_soulbond_pair: Callable[[Game, GameObject, GameObject | None], bool] = _unwired
    # fuse (CR 702.102): casting both halves of a split card
    fuse_problem: Callable[[GameObject], str | None] = _unwired
    fused_ability: Callable[[CardDef], Ability | None] = _unwired
    mark_fused: Callable[[Game, GameObject], None] = _unwired
    # aftermath (CR 702.127): the half cast from the graveyard
    has_aftermath: Callable[[CardDef, int], bool] = _unwired
    aftermath_faces: Callable[[CardDef], list[int]] = _unwired
    aftermath_zone_problem: Callable[[Game, int, GameObject, int], str | None] = _unwired
    # offering (CR 702.48): sacrifice to reduce the cost
    offering_chosen: Callable[[GameObject, dict[str, Any]], bool] = _unwired
    reduce_by_mana_cost: Callable[[ManaCost, ManaCost], ManaCost] = _unwired
    offering_sacrifice_choice: Callable[[Game, int, GameObject], int | None] = _unwired
    offering_candidates: Callable[[Game, int, GameObject], list[int]] = _unwired
    # suspend (CR 702.62): the special action from the hand
    suspend_problem: Callable[[Game, int, GameObject], str | None] = _unwired
    suspend_card: Callable[..., int | None] = _unwired
    suspend_x_range: Callable[[Game, int, GameObject], tuple[int, int] | None] = _unwired
    # splice (CR 702.47): the spliced text joins the spell
    splice_onto: Callable[[Game, GameObject, list[int]], None] = _unwired
    # cipher, gift (CR 702.99a, 702.174j): the instructions keywords add to a spell's
    # spell ability (SPELL_INSTRUCTIONS)
    with_keyword_instructions: Callable[[Chars, Ability], Ability] = with_keyword_instructions
    # amplify (CR 702.38a): reveal cards as the creature enters
    apply_amplify: Callable[..., bool] = _unwired
    # devour (CR 702.82a): sacrifice creatures as the creature enters
    apply_devour: Callable[..., bool] = _unwired
    # the keyword effects' own steps: vanishing's and suspend's last time counter
    # (CR 702.63a, 702.62a), storm-like copies (702.40a), champion (702.72c), haunt (702.55a)
    vanishing_last_counter_removed: Callable[[Game, GameObject], None] = _unwired
    suspend_last_counter_removed: Callable[[Game, GameObject], None] = _unwired
    copy_spell_task: Callable[[Game, GameObject, int, str, str, int | None], None] = _unwired
    championed_triggers: Callable[[Game, GameObject, GameObject], None] = _unwired
    haunt_exile: Callable[[Game, int, int, int], int | None] = _unwired


KEYWORD_HOOKS: Final = KeywordHooks()
