"""The event pipeline: replacement and prevention effects (CR 614, 615, 616).

Every game event is *proposed* before it happens (architecture §7): a small
dict of plain data, ``{"kind": "zone_change", ...}``. :func:`propose` runs it
through the replacement and prevention effects that apply to it, then the
caller performs what is left, and only then records it (the log line, the
triggers). Nothing is done twice: a flashback spell leaving the stack goes to
exile, never to the graveyard first.

* Effects are found by **event kind**: keyword and rules modules register a
  finder for the kinds they modify (:func:`replacement_finder`), and static
  abilities of permanents register their op (:func:`static_replacement`).
  The permanents' statics are indexed by kind once per state version, so an
  event that no effect applies to costs a dict lookup.
* **Order** (CR 616.1): self-replacement effects first (614.15, 616.1a); then
  those that change under whose control a permanent enters (616.1b), then
  those that make it enter as a copy (616.1c), then those that make it enter
  back face up (616.1d) (:attr:`Replacement.step`); then the affected object's
  controller (its owner off the battlefield) or the affected player chooses
  among the rest (616.1e) — a Decision, but only when the results differ.
* **Choices as it applies**: a replacement effect may ask its player something
  as it applies ("As this enters, choose a color", 614.12a; "enter as a copy
  of a creature of your choice", 707.5): its :attr:`Replacement.choose` returns
  the Decision, and the ``replacement_order`` task carries the event until the
  answer comes (the event names the effect being applied, ``ev["choosing"]``). Each effect applies to an event at most once (614.5);
  after one applies, the rest are checked again against the modified event
  (616.1f), which may now be an event of another kind (a draw that becomes a
  win, 614.1a).
* **"Can't" beats "can"** (CR 101.2): prohibitions are checked on the event
  that finally would happen (:func:`prohibition`).
* **Prevention** (CR 615) is a replacement that reduces damage; a shield of
  N (615.7) is used up as the event is performed, not as options are compared.

A pending choice of order is a ``replacement_order`` task holding the event
(plain data), so it survives ``clone()`` and the JSON round-trip; when
answered, the task finishes the event with its kind's performer
(:func:`performer`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from ..cards.abilities import AbilityKind, StaticEffect
from ..game.actions import (
    ChooseObjects,
    ChooseYesNo,
    Decision,
    DecisionKind,
    DecisionPurpose,
)
from ..game.events import EventKind
from ..game.hooks import gate_keywords, keywords_possible
from ..game.objects import GameObject
from ..game.state import Game
from ..game.tasks import Task, _copy_value, task_handler
from .char_values import Chars
from .characteristics import SINGLE_FACE, chars
from .copy import copiable_values
from .layers import static_sources as layer_statics

Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Replacement:
    """One replacement or prevention effect that applies to a proposed event.

    ``apply`` changes the event (plain data only; no other state) and returns
    the words for the log ("Rest in Peace exiles it instead"). ``key`` is
    stable across clones: it is how CR 614.5 ("only once") is kept.
    """

    key: str
    name: str
    rules: tuple[str, ...]
    apply: Callable[[Game, Event], str]
    self_replacement: bool = False
    #: "you may ... instead" (dredge 702.52a, Island Sanctuary): the affected player
    #: may decline it; declined, it doesn't apply to this event (CR 616.1, 614.5)
    optional: bool = False
    #: the card chosen to apply it, when the natural choice is of a card (the card
    #: dredged): with one for each option, the choice is a choice of objects
    card: int | None = None
    #: the decision's purpose, for the agents (default ``replacement_order``)
    purpose: str | None = None
    #: which step of CR 616.1 it is chosen in (:data:`STEP_ANY`, 616.1e, unless it
    #: changes under whose control, 616.1b, or as a copy of what, 616.1c, or with
    #: which face up, 616.1d, a permanent enters)
    step: int = 4
    #: an effect that asks its player something as it applies (CR 614.12a, 707.5):
    #: given the pending answer (None at first), it records what it can in the event
    #: (plain data) and returns the next Decision to ask, or None once it has all it
    #: needs; ``apply`` then finishes it
    choose: Callable[[Game, Event, Any], Decision | None] | None = None
    #: the player who chooses whether it applies, when a rule names one other than
    #: the affected player or object's controller (CR 903.9b: a commander's owner)
    chooser: int | None = None


#: the steps of CR 616.1 (``Replacement.step``); self-replacement effects (616.1a)
#: are marked by ``self_replacement``
STEP_CONTROL: Final = 1  # CR 616.1b: under whose control it enters
STEP_COPY: Final = 2  # CR 616.1c: it enters as a copy of another object
STEP_BACK_FACE: Final = 3  # CR 616.1d: it enters with its back face up
STEP_ANY: Final = 4  # CR 616.1e
_STEP_RULES: Final = {STEP_CONTROL: "616.1b", STEP_COPY: "616.1c", STEP_BACK_FACE: "616.1d"}


def _step(r: Replacement) -> int:
    return 0 if r.self_replacement else r.step


Finder = Callable[["Game", Event], Iterable[Replacement]]
StaticFinder = Callable[["Game", Event, GameObject, StaticEffect, str], "Replacement | None"]
Prohibition = Callable[["Game", Event], "str | None"]
Performer = Callable[["Game", Event], Any]

#: event kind -> finders of replacement effects that aren't static abilities of
#: permanents (keywords of the moving card, effects of resolved spells, shields)
FINDERS: Final[dict[str, list[Finder]]] = {}
#: static op -> (event kinds it modifies, finder for one static of one permanent)
STATIC_FINDERS: Final[dict[str, tuple[tuple[str, ...], StaticFinder]]] = {}
#: the event kinds some static op modifies (the keys the permanents' index can have)
STATIC_KINDS: Final[set[str]] = set()
#: when a "can't" check runs: always (None), while some permanent has a static op
#: (its index kind, ``"rule:cant_lose_life"``), or while a cheap guard on the state
#: holds (a rules effect of a resolved spell among ``game.effects``)
When: TypeAlias = "str | Callable[[Game], bool] | None"
#: event kind -> "can't" checks (CR 101.2); each returns the reason, or None. A
#: check registered ``when`` a static op's index kind runs only while some
#: permanent has that static (so an unwatched event stays a dict lookup)
PROHIBITIONS: Final[dict[str, list[tuple[Prohibition, When]]]] = {}
#: event kind -> a cheap check whether its finders could find anything now (all of
#: them: a kind registers a guard only when every finder of it has one)
FINDER_GUARDS: Final[dict[str, Callable[[Game], bool]]] = {}
#: event kind -> how to perform an event of that kind (for a resumed event)
PERFORMERS: Final[dict[str, Performer]] = {}

#: name -> what to do after an event modified by a replacement happened (plain data
#: in the event names it: "madness" puts madness's trigger on the stack, 702.35a)
THEN_HOOKS: Final[dict[str, Callable[[Game, Event, Any], None]]] = {}

_INDEX: Final = "pipeline_index"


#: zone-change finder -> the moves (from zone, to zone; None: any zone) it can find
#: something for; a finder not listed is asked about every move
_MOVES: Final[dict[Finder, frozenset[tuple[int | None, int | None]]]] = {}
#: (from zone, to zone) -> the zone-change finders asked about that move
_BY_MOVE: Final[dict[tuple[int, int], tuple[Finder, ...]]] = {}
#: finder -> its guard (``replacement_finder(guard=)``)
_MOVE_GUARDS: Final[dict[Finder, Callable[[Game], bool]]] = {}


def replacement_finder(
    *kinds: str,
    moves: Iterable[tuple[int | None, int | None]] | None = None,
    keywords: Iterable[str] = (),
    guard: Check | None = None,
) -> Callable[[Finder], Finder]:
    """Register a finder of replacement effects for events of these kinds.
    ``moves``: for a zone change, the only (from zone, to zone) pairs, None for any
    zone, for which the finder can find anything (it isn't asked about the others:
    no work for a finder that can't care). ``keywords``: the finder can find
    something only for an object with one of these keyword abilities (CR 702): it
    isn't asked in a game no object of which may have one (``keywords_possible``).
    ``guard`` (with ``moves``): a cheap check of the game without which the finder
    can find nothing (a Commander game's, CR 903.9b): a move only such finders
    watch isn't proposed while their guards fail (:func:`move_watched`)."""
    words = gate_keywords(keywords) if keywords else None

    def register(fn: Finder) -> Finder:
        if words is not None:
            _FINDER_GATES[fn] = words
            _KINDS_GATED.update(kinds)
        for k in kinds:
            FINDERS.setdefault(k, []).append(fn)
            finders = FINDERS[k]
            if all(f in _FINDER_GATES for f in finders):
                # every finder of the kind is gated: by these keywords in all
                _GATED_KINDS[k] = frozenset().union(*(_FINDER_GATES[f] for f in finders))
            else:
                _GATED_KINDS.pop(k, None)
        if moves is not None:
            _MOVES[fn] = frozenset(moves)
        if guard is not None:
            _MOVE_GUARDS[fn] = guard
        _BY_MOVE.clear()
        forget_plans()
        return fn

    return register


#: finder -> the keyword names (lowercase) it can find something for
_FINDER_GATES: dict[Finder, frozenset[str]] = {}
#: event kind -> the keyword names its finders are gated by, when all of them are
_GATED_KINDS: dict[str, frozenset[str]] = {}
#: the event kinds some finder of which is gated by keywords
_KINDS_GATED: set[str] = set()


def _finders(game: Game, ev: Event) -> Iterable[Finder]:
    """The finders to ask about ``ev``: of its kind (for a zone change, of its move),
    but those gated by keywords no object of the game may have."""
    kind = ev["kind"]
    found = _move_finders(ev) if kind == EventKind.ZONE_CHANGE else FINDERS.get(kind, ())
    if kind not in _KINDS_GATED:
        return found
    possible = None
    out = []
    for fn in found:
        words = _FINDER_GATES.get(fn)
        if words is not None:
            if possible is None:
                possible = keywords_possible(game)
            if words.isdisjoint(possible):
                continue
        out.append(fn)
    return out


def _move_finders(ev: Event) -> tuple[Finder, ...]:
    """The zone-change finders that can find something for this move (in order)."""
    return _finders_of_move(ev["from"], ev["to"])


def _finders_of_move(from_zone: int, to_zone: int) -> tuple[Finder, ...]:
    """The zone-change finders that can find something for a move from ``from_zone``
    to ``to_zone`` (in order)."""
    move = (from_zone, to_zone)
    got = _BY_MOVE.get(move)
    if got is None:
        frm, to = move
        got = _BY_MOVE[move] = tuple(
            fn
            for fn in FINDERS.get(EventKind.ZONE_CHANGE, ())
            if (w := _MOVES.get(fn)) is None
            or any((f is None or f == frm) and (t is None or t == to) for f, t in w)
        )
    return got


def _some_finder_on(game: Game, found: tuple[Finder, ...]) -> bool:
    """Whether one of these finders could find something now: one without a guard,
    or one whose guard holds (``replacement_finder(guard=)``)."""
    for fn in found:
        guard = _MOVE_GUARDS.get(fn)
        if guard is None or guard(game):
            return True
    return False


def static_replacement(op: str, *kinds: str) -> Callable[[StaticFinder], StaticFinder]:
    """Register the replacement effect of a static ability op (CR 614.1, 615.1)."""

    def register(fn: StaticFinder) -> StaticFinder:
        STATIC_FINDERS[op] = (kinds, fn)
        STATIC_KINDS.update(kinds)
        forget_plans()
        return fn

    return register


def prohibition(*kinds: str, when: When = None) -> Callable[[Prohibition], Prohibition]:
    """Register a "can't" check for events of these kinds (CR 101.2); with ``when``
    (the index kind of a static op, ``"rule:cant_lose_life"``), checked only while
    a permanent has that static; with a guard (a function of the game), only while
    it holds."""

    def register(fn: Prohibition) -> Prohibition:
        for k in kinds:
            PROHIBITIONS.setdefault(k, []).append((fn, when))
        forget_plans()
        return fn

    return register


def then_hook(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        THEN_HOOKS[name] = fn
        return fn

    return register


def performer(kind: str) -> Callable[[Performer], Performer]:
    def register(fn: Performer) -> Performer:
        PERFORMERS[kind] = fn
        return fn

    return register


# ---------------------------------------------------------------------------
# The index of permanents' replacement statics (one dict lookup per event)
# ---------------------------------------------------------------------------


IndexEntry = tuple[int, str, StaticEffect]


#: layer-6 effects that change which abilities a permanent has (CR 613.1f)
_ABILITY_CHANGES: Final = frozenset(("grant_ability", "lose_all_abilities"))


def _index(game: Game) -> dict[str, list[IndexEntry]]:
    """Event kind -> (permanent, key, static) for the permanents' replacement statics.

    Kept in the characteristics cache with the permanents it covers: a permanent
    without static abilities entering keeps it (``rules/layers.py``: the others'
    abilities are as they were), and the permanents appended to the battlefield
    since are added here, in battlefield order, as a whole rebuild would add them."""
    got = game._chars.get(_INDEX)
    battlefield = game.battlefield
    if got is not None and len(got[1]) == len(battlefield):
        return got[0]
    index: dict[str, list[IndexEntry]] = {}
    start = 0
    if got is not None and tuple(battlefield[: len(got[1])]) == got[1]:
        start = len(got[1])
        index = {k: list(v) for k, v in got[0].items()}  # (a caller may be iterating one)
    if STATIC_FINDERS:
        copies = any(e.layer[0] == "1" for e in game.effects)
        # abilities granted in layer 6 (CR 613.1f: "Enchanted creature has 'If this
        # creature would ...'"): then each permanent's abilities as they are now
        # or removed there ("All creatures lose all abilities": Humility, 613.1f)
        granted = any(e.op in _ABILITY_CHANGES for e in game.effects) or any(
            entry[1].op in _ABILITY_CHANGES for entry in layer_statics(game)
        )
        ops = STATIC_FINDERS
        for sid in battlefield[start:]:
            src = game.objects[sid]
            if src.phased_out or (src.face_down and not granted):
                continue
            # the abilities of its copiable values (CR 707.2), as for "enters"
            # replacements (rules/replacement.py): cached per card, so the index
            # costs a loop of dict lookups
            cv = None if copies or granted else src.card.cache.get(SINGLE_FACE)
            if cv is None:
                cv = chars(game, src) if granted else copiable_values(game, src)
            for i, st in _replacement_statics(cv):
                for kind in ops[st.op][0]:
                    index.setdefault(kind, []).append((sid, f"{sid}:{i}", st))
    game._chars[_INDEX] = (index, tuple(battlefield), frozenset(index))
    return index


def _replacement_statics(c: Chars) -> tuple[tuple[int, StaticEffect], ...]:
    got = c.repl
    if got is None:
        ops = STATIC_FINDERS
        got = tuple(
            (i, st)
            for i, st in enumerate(
                st for a in c.abilities if a.kind is AbilityKind.STATIC for st in a.static
            )
            if st.op in ops
        )
        c.repl = got
    return got


def static_sources(game: Game, op: str) -> list[tuple[GameObject, StaticEffect]]:
    """Permanents with a static of ``op`` (for rules that read one directly)."""
    out = []
    kinds = STATIC_FINDERS[op][0]
    for sid, _, st in _index(game).get(kinds[0], ()):
        if st.op == op:
            out.append((game.objects[sid], st))
    return out


def affects_player(game: Game, st: StaticEffect, player: int, controller: int) -> bool:
    """Whether a static's player filter ("you", "your opponents", "players")
    covers ``player``, for a source controlled by ``controller``."""
    flt = st.affected
    conds = dict(getattr(flt, "conditions", ()) or ())
    if conds.get("you"):
        return player == controller
    if conds.get("opponent"):  # CR 102.3: not a teammate either
        return game.is_opponent(controller, player)
    return True


def applicable(game: Game, ev: Event) -> list[Replacement]:
    """The replacement and prevention effects that apply to ``ev`` now and
    haven't applied to it yet (CR 614.5, 616.1)."""
    kind = ev["kind"]
    out: list[Replacement] = []
    for fn in _finders(game, ev):
        out.extend(fn(game, ev))
    for sid, key, st in _index(game).get(kind, ()):
        r = STATIC_FINDERS[st.op][1](game, ev, game.objects[sid], st, key)
        if r is not None:
            out.append(r)
    if out and ev.get("applied"):
        done = ev["applied"]
        out = [r for r in out if r.key not in done]
    return out


def watched(game: Game, kind: str) -> bool:
    """Whether any replacement, prevention or "can't" could apply to an event of
    ``kind`` now: a hot caller proposes its events only then. While no resolved
    effect exists (most of a game), the answer is planned once per kind while the
    permanents are the same (:func:`_planned`): two dict lookups, and the checks
    of the state that neither the permanents nor the resolved effects decide (a
    stun counter) when some could apply."""
    plans = game._chars.get(_PLANS)
    got = None if plans is None or game.effects else plans.get(kind)
    plan = (got if got is not None else _planned(game, kind))[0]
    if isinstance(plan, bool):
        return plan
    for check in plan:
        if check(game):
            return True
    return False


def move_watched(game: Game, from_zone: int, to_zone: int) -> bool:
    """:func:`watched` for a move from ``from_zone`` to ``to_zone`` (CR 614, 101.2):
    whether anything could modify or forbid it. As the kind's answer, but finders
    registered for other moves only (``replacement_finder(moves=)``) can't apply:
    with no finder for this move, no replacement static of a permanent for zone
    changes and no "can't" that could apply, :func:`propose` would give the event
    back as it is (a draw, a card cast, a hand put back for a mulligan)."""
    if not watched(game, EventKind.ZONE_CHANGE):
        return False
    found = _finders_of_move(from_zone, to_zone)
    if found and _some_finder_on(game, found):
        return True
    if EventKind.ZONE_CHANGE in _index(game):
        return True
    plans = game._chars.get(_PLANS)
    got = None if plans is None or game.effects else plans.get(EventKind.ZONE_CHANGE)
    return bool((got if got is not None else _planned(game, EventKind.ZONE_CHANGE))[1])


#: cache key: event kind -> its :class:`Plan` while no resolved effect exists, which
#: reads nothing but the kinds of the permanents' replacement statics (kept, as
#: their index is, while the permanents are the same: ``rules/layers.py``)
_PLANS: Final = "pipeline_watched"

Check = Callable[[Game], bool]

#: what could apply to an event of a kind: :func:`watched`'s answer (True, False, or
#: the checks of the state to make each time) and the "can't" checks that could
#: (:func:`forbidden`), in order
Plan = tuple["bool | tuple[Check, ...]", tuple[tuple[Prohibition, When], ...]]

#: guards that hold only while a resolved effect of some op exists (:func:`while_effect`)
_EFFECT_GUARDS: Final[set[Check]] = set()


def while_effect(*ops: str) -> Check:
    """A guard (``FINDER_GUARDS``, ``prohibition(when=)``) that holds while a
    resolved spell's or ability's effect of one of ``ops`` exists (CR 611.2):
    :func:`watched` knows it can't hold while there is none."""
    names = frozenset(ops)

    def guard(game: Game) -> bool:
        return any(e.op in names for e in game.effects)

    _EFFECT_GUARDS.add(guard)
    return guard


#: the kinds the permanents' replacement statics are indexed by -> event kind -> its
#: plan while no resolved effect exists (a function of the two and of the tables
#: above: shared by the games, forgotten when a finder, a "can't" or a static op
#: registers, :func:`forget_plans`)
_PLAN_MEMO: dict[frozenset[str], dict[str, Plan]] = {}
#: the same while resolved effects exist (the plan then makes no use of their
#: absence, and the checks it holds look at them each time)
_PLAN_MEMO_EFFECTS: dict[frozenset[str], dict[str, Plan]] = {}


def forget_plans() -> None:
    """Forget the plans of every game (:data:`_PLAN_MEMO`), after the tables they are
    made from changed: done by the decorators that register; a table changed
    otherwise (a test's monkeypatch of ``FINDERS``) needs it too."""
    for plans in _PLAN_MEMO.values():
        plans.clear()  # (a game's cache holds the dict itself)
    _PLAN_MEMO.clear()
    _PLAN_MEMO_EFFECTS.clear()


def _planned(game: Game, kind: str) -> Plan:
    """The plan of ``kind`` now (:func:`_plan`) for the kinds the permanents' index
    has, remembered by every game; while no resolved effect exists, the one that
    counts on their absence, which the game's cache holds."""
    idx = _index(game)
    keys = game._chars[_INDEX][2]
    if game.effects:
        plans = _PLAN_MEMO_EFFECTS.get(keys)
        if plans is None:
            plans = _PLAN_MEMO_EFFECTS[keys] = {}
        plan = plans.get(kind)
        if plan is None:
            plan = plans[kind] = _plan(idx, kind, False)
        return plan
    plans = _PLAN_MEMO.get(keys)
    if plans is None:
        plans = _PLAN_MEMO[keys] = {}
    game._chars[_PLANS] = plans
    plan = plans.get(kind)
    if plan is None:
        plan = plans[kind] = _plan(idx, kind, True)
    return plan


def _plan(idx: dict[str, list[IndexEntry]], kind: str, no_effects: bool) -> Plan:
    """What could apply to an event of ``kind`` while the permanents' replacement
    statics are ``idx`` (and, with ``no_effects``, no resolved effect exists):
    whether something could (True: a permanent's static or "can't" of the kind, or
    a finder that could always find something; False: nothing could; else the
    checks of the state to make each time: a finder's guard, the keywords a finder
    is gated by, the guards of "can't" checks), and the "can't" checks that could
    apply (those of a permanent's static op only while one has it, CR 101.2)."""
    checks: list[Check] = []
    cant: list[tuple[Prohibition, When]] = []
    for fn, when in PROHIBITIONS.get(kind, ()):
        if isinstance(when, str):
            if when in idx:
                cant.append((fn, when))
        elif when is None or not (no_effects and when in _EFFECT_GUARDS):
            cant.append((fn, when))
            if when is not None:
                checks.append(when)
    answer: bool | tuple[Check, ...]
    if kind in idx or any(when is None or isinstance(when, str) for _, when in cant):
        answer = True
    elif kind in FINDERS and not (
        no_effects and FINDER_GUARDS.get(kind) in _EFFECT_GUARDS  # (none can find anything)
    ):
        guard = FINDER_GUARDS.get(kind)
        gated = _GATED_KINDS.get(kind)
        answer = True if guard is None and gated is None else (_finder_check(guard, gated), *checks)
    else:
        answer = tuple(checks) if checks else False
    return (answer, tuple(cant))


def _finder_check(guard: Check | None, gated: frozenset[str] | None) -> Check:
    """Whether the finders of a kind could find something now: their guard holds
    and some object of the game may have a keyword they are gated by."""
    if gated is None and guard is not None:
        return guard

    def check(game: Game) -> bool:
        return (guard is None or guard(game)) and (
            gated is None or not gated.isdisjoint(keywords_possible(game))
        )

    return check


# ---------------------------------------------------------------------------
# Proposing an event
# ---------------------------------------------------------------------------


def propose(game: Game, ev: Event, task: Task | None = None) -> Event | None:
    """Run ``ev`` through the replacement and prevention effects (CR 616.1) and
    the prohibitions (CR 101.2). Returns the event to perform (maybe of another
    kind, maybe ``ev["cancelled"]``), or None when a choice of order is pending
    (a ``replacement_order`` task then finishes the event)."""
    if not watched(game, ev["kind"]):
        return ev
    if not ev.get("applied") and _forbid(game, ev):
        # CR 614.17c: an event that can't happen isn't modified by other replacement
        # or prevention effects (a regeneration shield isn't used on an
        # indestructible creature)
        return ev
    while not ev.get("cancelled"):
        opts = applicable(game, ev)
        if not opts:
            break
        r: Replacement | None = _choosing(ev, opts)
        if r is None:
            step = min(_step(o) for o in opts)
            if any(_step(o) != step for o in opts):
                # CR 614.15, 616.1a-d: self-replacement effects first, then those
                # that decide under whose control, as a copy of what, and with which
                # face up a permanent enters
                opts = [o for o in opts if _step(o) == step]
            r = opts[0]
            choosing = [o for o in opts if o.choose is not None]
            if choosing and (len(opts) == 1 or step == STEP_ANY):
                # CR 616.1e: an effect that asks something as the permanent enters
                # (614.12a) comes first; the others don't change what it asks
                r = choosing[0]
            elif any(o.optional for o in opts) or (
                len(opts) > 1 and (choosing or _real_choice(game, ev, opts))
            ):
                if task is None or task.answer is None:
                    _ask(game, ev, opts, task, _STEP_RULES.get(step, "616.1"))
                    return None
                r = _answer(task, opts)
                if r is None:  # CR 616.1: the player declined every optional one
                    ev.setdefault("applied", []).extend(o.key for o in opts if o.optional)
                    continue
                if len(opts) > 1:
                    ev.setdefault("rules_added", []).append("616.1")
        assert r is not None
        if r.choose is not None:
            answer = None
            if ev.get("choosing") == r.key and task is not None:
                answer, task.answer = task.answer, None
            decision = r.choose(game, ev, answer)
            if decision is not None:
                ev["choosing"] = r.key
                _ask_choice(game, ev, decision, task)
                return None
            ev.pop("choosing", None)
        _apply(game, ev, r)
    if not ev.get("cancelled"):
        _forbid(game, ev)  # CR 101.2: the event it became may be one that can't happen
    return ev


def forbidden(game: Game, ev: Event) -> str | None:
    """Why ``ev`` can't happen (CR 101.2), or None; the event isn't changed."""
    kind = ev["kind"]
    if kind not in PROHIBITIONS:
        return None
    plans = game._chars.get(_PLANS)
    got = None if plans is None or game.effects else plans.get(kind)
    for fn, when in (got if got is not None else _planned(game, kind))[1]:
        if callable(when) and not when(game):
            continue
        why = fn(game, ev)
        if why is not None:
            return why
    return None


def _forbid(game: Game, ev: Event) -> bool:
    """CR 101.2, 614.17: mark the event cancelled if something says it can't happen."""
    why = forbidden(game, ev)
    if why is not None:
        ev["cancelled"] = why
        ev["forbidden"] = True  # (logged by the performer as stopped, refused())
        return True
    return False


def _apply(game: Game, ev: Event, r: Replacement) -> None:
    note = r.apply(game, ev)
    ev.setdefault("applied", []).append(r.key)
    ev.setdefault("rules_added", []).extend(r.rules)
    if note:
        ev.setdefault("notes", []).append(note)


_BOOKKEEPING: Final = frozenset(("applied", "rules_added", "notes"))


#: lists of an event whose order doesn't change what happens: the shields used
#: (CR 615.7) and the parts of damage dealt to other recipients (614.9)
_UNORDERED: Final = frozenset(("shields", "split"))


def _result(ev: Event) -> dict[str, Any]:
    return {k: sorted(v) if k in _UNORDERED else v for k, v in ev.items() if k not in _BOOKKEEPING}


def _real_choice(game: Game, ev: Event, opts: list[Replacement]) -> bool:
    """Whether the order matters: applying each option first, then the effects
    that still apply (CR 616.1f), gives different events (CR 616.1e: when they
    commute, as "enters tapped" and "enters with counters" do, no one needs to
    choose)."""
    first = None
    for r in opts:
        trial = _copy_value(ev)
        _apply(game, trial, r)
        for _ in range(len(opts)):
            rest = [o for o in applicable(game, trial) if not o.optional]
            if not rest:
                break
            _apply(game, trial, rest[0])
        res = _result(trial)
        if first is None:
            first = res
        elif res != first:
            return True
    return False


def labels(opts: list[Replacement]) -> list[str]:
    names = [r.name for r in opts]
    return [r.name if names.count(r.name) == 1 else f"{r.name} ({r.key})" for r in opts]


#: the answer that declines every optional replacement effect (CR 616.1)
NONE: Final = "none"


def _answer(task: Task, opts: list[Replacement]) -> Replacement | None:
    """The replacement chosen by the task's answer (None: decline the optional ones)."""
    answer = task.answer
    task.answer = None
    if isinstance(answer, ChooseYesNo):  # the one optional replacement: apply it?
        return opts[0] if answer.value else None
    if isinstance(answer, ChooseObjects):  # by the card that applies it (dredge)
        for r in opts:
            if r.card in answer.objects:
                return r
        return None
    value = getattr(answer, "value", None)
    ls = labels(opts)
    return opts[ls.index(value)] if value in ls else None


def _decision(game: Game, ev: Event, opts: list[Replacement], rule: str = "616.1") -> Decision:
    """CR 616.1: the affected player, or the affected object's controller, chooses
    which replacement effect applies first; with optional ones ("you may ...
    instead"), also whether any applies."""
    player = int(ev.get("player", game.active))
    choosers = {r.chooser for r in opts}
    if len(choosers) == 1 and None not in choosers:
        player = int(choosers.pop() or 0)  # CR 903.9b: "its owner may"
    what = ev.get("what", ev["kind"])
    optional = all(r.optional for r in opts)
    purposes = {r.purpose for r in opts}
    purpose = purposes.pop() if len(purposes) == 1 else None
    purpose = purpose or DecisionPurpose.REPLACEMENT_ORDER
    cards = [r.card for r in opts]
    if None not in cards and len(set(cards)) == len(cards):
        return Decision(
            DecisionKind.CHOOSE_OBJECTS,
            player,
            rule,
            f"{what}: choose the card whose replacement effect applies instead"
            + (" (or none)" if optional else "")
            + " (rule 616.1)",
            {"candidates": cards, "min": 0 if optional else 1, "max": 1, "purpose": purpose},
        )
    if len(opts) == 1:
        return Decision(
            DecisionKind.YES_NO,
            player,
            rule,
            f"{what}: apply {opts[0].name} instead? (rule 616.1)",
            {"purpose": purpose},
        )
    return Decision(
        DecisionKind.CHOOSE_OPTION,
        player,
        rule,
        f"Choose which replacement effect applies first to: {what} (rule {rule})",
        {"options": [*labels(opts), *([NONE] if optional else [])], "purpose": purpose},
    )


def _choosing(ev: Event, opts: list[Replacement]) -> Replacement | None:
    """The effect whose question is pending (``ev["choosing"]``), if it still applies."""
    key = ev.get("choosing")
    if key is None:
        return None
    for r in opts:
        if r.key == key:
            return r
    del ev["choosing"]
    return None


def _ask(
    game: Game, ev: Event, opts: list[Replacement], task: Task | None, rule: str = "616.1"
) -> None:
    ev = _copy_value(ev)
    if task is None:
        # asked when the task runs, after the handler that proposed the event returns
        game.push_task("replacement_order", {"event": ev})
        return
    task.data["event"] = ev
    game.ask(_decision(game, ev, opts, rule))


def _ask_choice(game: Game, ev: Event, decision: Decision, task: Task | None) -> None:
    """Ask what a replacement effect needs as it applies (CR 614.12a, 707.5)."""
    ev = _copy_value(ev)
    if task is None:
        game.push_task("replacement_order", {"event": ev})  # asked when it runs
        return
    task.data["event"] = ev
    game.ask(decision)


@task_handler("replacement_order")
def replacement_order_task(game: Game, task: Task) -> None:
    """Finish an event after its player chose the order of replacement effects
    (CR 616.1e-f)."""
    ev = task.data["event"]
    done = propose(game, ev, task)
    if done is None:
        return
    game.finish(task)
    PERFORMERS[done["kind"]](game, done)


def cited(ev: Event, rules: tuple[str, ...]) -> tuple[str, ...]:
    """The event's own rules plus those of the effects that modified it."""
    added = ev.get("rules_added")
    return (*rules, *dict.fromkeys(added)) if added else rules


PreventedKind = Literal[
    EventKind.GAIN_LIFE_PREVENTED,
    EventKind.LOSE_LIFE_PREVENTED,
    EventKind.COUNTERS_PREVENTED,
    EventKind.PLAYER_COUNTERS_PREVENTED,
    EventKind.REMOVE_COUNTERS_PREVENTED,
    EventKind.TAP_PREVENTED,
    EventKind.UNTAP_PREVENTED,
    EventKind.ZONE_CHANGE_PREVENTED,
]
#: event kind -> the kind logged when a "can't" stops it (CR 101.2)
_PREVENTED: Final[dict[str, PreventedKind]] = {
    EventKind.GAIN_LIFE: EventKind.GAIN_LIFE_PREVENTED,
    EventKind.LOSE_LIFE: EventKind.LOSE_LIFE_PREVENTED,
    EventKind.COUNTERS: EventKind.COUNTERS_PREVENTED,
    EventKind.PLAYER_COUNTERS: EventKind.PLAYER_COUNTERS_PREVENTED,
    EventKind.REMOVE_COUNTERS: EventKind.REMOVE_COUNTERS_PREVENTED,
    EventKind.TAP: EventKind.TAP_PREVENTED,
    EventKind.UNTAP: EventKind.UNTAP_PREVENTED,
    EventKind.ZONE_CHANGE: EventKind.ZONE_CHANGE_PREVENTED,
}


def refused(game: Game, ev: Event, rules: tuple[str, ...], **data: Any) -> bool:
    """Log an event that a "can't" stopped (CR 101.2) as ``<kind>_prevented``;
    True if it was stopped."""
    why = ev.get("cancelled")
    if not why:
        return False
    text = f"{ev['what']}, but can't: {why}"
    game.emit(_PREVENTED[ev["kind"]], ("101.2", *rules), text, **data)
    return True


def notes(ev: Event) -> str:
    return "; ".join(ev.get("notes") or ())


__all__ = [
    "Replacement",
    "STEP_CONTROL",
    "STEP_COPY",
    "STEP_BACK_FACE",
    "STEP_ANY",
    "propose",
    "applicable",
    "replacement_finder",
    "static_replacement",
    "prohibition",
    "forbidden",
    "watched",
    "performer",
    "FINDER_GUARDS",
    "while_effect",
    "forget_plans",
    "then_hook",
    "cited",
    "notes",
    "refused",
    "labels",
    "static_sources",
    "affects_player",
]
