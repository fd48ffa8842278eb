"""Replacement effects and prohibitions on players' events (CR 614.1a, 101.2, 104).

Registered with the event pipeline (rules/pipeline.py):

* life gain: "If you would gain life, you gain twice that much life instead"
  (``double_life_gain``), "If a player would gain life, that player gains no
  life instead" (``no_life_gain``), and the prohibition "Players can't gain
  life" (``cant_gain_life``, CR 101.2: "can't" beats "can");
* life loss: "If an opponent would lose life during your turn, they lose twice
  that much life instead" (``double_life_loss``), "You can't lose life" /
  "Your life total can't change" (``cant_lose_life``, CR 119.8, 101.2);
* poison counters: "You can't get poison counters" (``cant_get_poison``, 101.2);
* losing and winning: "You can't lose the game and your opponents can't win
  the game" (``cant_lose_game``, ``cant_win_game``, CR 104.3, 101.2);
* drawing: "Each opponent can't draw more than one card each turn"
  (``cant_draw_more_than_one``, CR 101.2, 121.1); "If you would draw a card while your library has no cards in it,
  you win the game instead" (``draw_empty_win``, CR 614.1a, 104.2b);
* the effects "you win the game" (``win_game``, CR 104.2b) and "target player
  loses the game" (``lose_game``, CR 104.3e);
* the "can't" of resolved spells and abilities on players ("Players can't gain life
  this turn", "You can't lose the game this turn": :func:`restricted_by_effect`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Effect, StaticEffect
from ..game.events import EventKind
from ..game.hooks import effect
from ..game.objects import GameObject
from ..game.records import Outcome, OutcomeReason
from .characteristics import chars
from .conditions import evaluate
from .effects_runner import Ctx
from .game_end import player_loses
from .pipeline import (
    FINDER_GUARDS,
    Replacement,
    affects_player,
    cited,
    performer,
    prohibition,
    propose,
    replacement_finder,
    static_replacement,
    static_sources,
    watched,
    while_effect,
)
from .player_effects import effect_source_name, effects_on
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game


def _life(times: int, verb: str) -> Any:
    @static_replacement(f"{verb}_life_gain", EventKind.GAIN_LIFE)
    def finder(
        game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
    ) -> Replacement | None:
        if ev["amount"] <= 0 or not affects_player(game, st, ev["player"], src.controller):
            return None
        name = chars(game, src).name
        plus = int(st.args.get("plus", 0))

        def apply(game: Game, ev: dict[str, Any]) -> str:
            ev["amount"] = int(ev["amount"]) * times + plus
            if plus:
                return f"{name}: that much plus {plus} instead"
            return f"{name}: twice that much instead" if times else f"{name}: no life instead"

        return Replacement(key, name, ("614.1a",), apply)

    return finder


double_life_gain = _life(2, "double")
no_life_gain = _life(0, "no")
plus_life_gain = _life(1, "plus")


def _rule_only(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    return None  # a prohibition (CR 101.2), read by the checks below


for _op in (
    "cant_gain_life",
    "cant_lose_life",
    "cant_get_poison",
    "cant_lose_game",
    "cant_win_game",
    "cant_draw_more_than_one",
):
    static_replacement(_op, f"rule:{_op}")(_rule_only)


#: CR 810.8a, 810.9g-h, 810.10c: in Two-Headed Giant these say so of the player's team
_TEAM_WIDE: Final = frozenset(
    ("cant_gain_life", "cant_lose_life", "cant_get_poison", "cant_lose_game", "cant_win_game")
)


def _forbidden(game: Game, op: str, player: int) -> str | None:
    team = game.teammates(player) if op in _TEAM_WIDE else ()
    for src, st in static_sources(game, op):
        if affects_player(game, st, player, src.controller) or any(
            affects_player(game, st, q, src.controller) for q in team
        ):
            return chars(game, src).name
    return None


def restricted_by_effect(game: Game, op: str, player: int) -> str | None:
    """The source of a resolved spell's or ability's rules effect ``op`` on ``player``
    ("Players can't gain life this turn": Skullcrack, CR 611.2a, 101.2), or None.
    Such an effect names its players (``args["players"]``), locked in as it began
    (CR 611.2c)."""
    for e in effects_on(game, op, player):
        return effect_source_name(e)
    return None


def _effect_prohibition(op: str, kind: str, text: str) -> None:
    """Register the "can't" of resolved effects of ``op`` on events of ``kind``."""

    def check(game: Game, ev: dict[str, Any]) -> str | None:
        if op == "cant_get_poison" and ev.get("counter") != "poison":
            return None
        name = restricted_by_effect(game, op, ev["player"])
        return None if name is None else f"{name} says they {text}"

    prohibition(kind, when=while_effect(op))(check)


for _op, _kind, _text in (
    ("cant_gain_life", EventKind.GAIN_LIFE, "can't gain life"),  # CR 119.7
    ("cant_lose_life", EventKind.LOSE_LIFE, "can't lose life"),  # CR 119.8
    ("cant_get_poison", EventKind.PLAYER_COUNTERS, "can't get poison counters"),  # 122.1f
    ("cant_lose_game", EventKind.LOSE_GAME, "can't lose the game"),  # CR 104.3
    ("cant_win_game", EventKind.WIN_GAME, "can't win the game"),  # CR 104.2
):
    _effect_prohibition(_op, _kind, _text)


@prohibition(EventKind.GAIN_LIFE, when="rule:cant_gain_life")
def cant_gain_life(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2, 119.7: a player who can't gain life doesn't."""
    name = _forbidden(game, "cant_gain_life", ev["player"])
    return None if name is None else f"{name} says they can't gain life"


@prohibition(EventKind.LOSE_LIFE, when="rule:cant_lose_life")
def cant_lose_life(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2, 119.8: "You can't lose life" (Platinum Emperion: "Your life total
    can't change") — nor pay life (the cost checks ask the same question)."""
    name = _forbidden(game, "cant_lose_life", ev["player"])
    return None if name is None else f"{name} says they can't lose life"


@prohibition(EventKind.DRAW, when="rule:cant_draw_more_than_one")
def cant_draw_more_than_one(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2, 121.1: "Each opponent can't draw more than one card each turn"
    (Narset, Parter of Veils; Spirit of the Labyrinth): a player who has drawn a card
    this turn draws no more; the draw that can't happen simply doesn't (a replacement
    of it doesn't apply either, 614.17c)."""
    player = ev["player"]
    if not game.turn_flags.cards_drawn.get(player):
        return None
    name = _forbidden(game, "cant_draw_more_than_one", player)
    return None if name is None else f"{name} says they can't draw more than one card each turn"


@prohibition(EventKind.PLAYER_COUNTERS, when="rule:cant_get_poison")
def cant_get_poison(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2, 122.1f: "You can't get poison counters" (Melira, Sylvok Outcast)."""
    if ev["counter"] != "poison":
        return None
    name = _forbidden(game, "cant_get_poison", ev["player"])
    return None if name is None else f"{name} says they can't get poison counters"


@static_replacement("double_life_loss", EventKind.LOSE_LIFE)
def double_life_loss(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """Bloodletter of Aclazotz: "If an opponent would lose life during your turn, they
    lose twice that much life instead" (CR 614.1a; damage's life loss too, 120.3a)."""
    if ev["amount"] <= 0 or not affects_player(game, st, ev["player"], src.controller):
        return None
    if st.args.get("during") == "your_turn" and not game.is_active(src.controller):
        return None
    name = chars(game, src).name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["amount"] = int(ev["amount"]) * 2
        return f"{name}: they lose twice that much life ({ev['amount']}) instead"

    return Replacement(key, name, ("614.1a",), apply)


@prohibition(EventKind.LOSE_GAME, when="rule:cant_lose_game")
def cant_lose(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2, 104.3: "You can't lose the game" beats the rule that says you lose."""
    name = _forbidden(game, "cant_lose_game", ev["player"])
    return None if name is None else f"{name} says they can't lose the game"


@prohibition(EventKind.WIN_GAME, when="rule:cant_win_game")
def cant_win(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2: "Your opponents can't win the game"."""
    name = _forbidden(game, "cant_win_game", ev["player"])
    return None if name is None else f"{name} says they can't win the game"


@static_replacement("draw_empty_win", EventKind.DRAW)
def draw_empty_win(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """Laboratory Maniac: "If you would draw a card while your library has no cards
    in it, you win the game instead" (CR 614.1a, 104.2b)."""
    p = ev["player"]
    if p != src.controller or game.players[p].library:
        return None
    name = chars(game, src).name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["kind"] = EventKind.WIN_GAME
        ev["reason"] = f"{name}: a draw from an empty library"
        return f"{name}: {game.players[ev['player']].name} wins the game instead"

    return Replacement(key, name, ("614.1a", "104.2b"), apply)


@static_replacement("skip_step", EventKind.STEP)
def skip_step(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """ "Skip your draw step" (CR 614.1b, 614.10): the step is replaced with nothing."""
    if str(st.args.get("step", "")).removesuffix("_step") != ev["step"]:
        return None
    if not affects_player(game, st, ev["player"], src.controller):
        return None
    if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
        return None  # "Skip your upkeep step if you have no cards in hand" (hellbent)
    name = chars(game, src).name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["cancelled"] = "skipped"
        return f"{name}: {game.players[ev['player']].name} skips their {ev['step']} step"

    return Replacement(key, name, ("614.1b", "614.10"), apply)


#: the op of a resolved "skips their next [step | combat phase]" (effects/turns.py)
SKIP_NEXT: Final = "skip_next"


@replacement_finder(EventKind.STEP)
def skip_next_step(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 614.10, 614.10a: "Target player skips their next draw step": the first
    such step of that player's replaced with nothing, then used up (one effect
    for each step: two skip the next two)."""
    out = []
    for e in game.effects:
        if e.op != SKIP_NEXT or e.controller != ev["player"] or e.args["step"] != ev["step"]:
            continue
        name = str(e.args.get("by") or "a skip effect")

        def apply(game: Game, ev: dict[str, Any], name: str = name) -> str:
            ev["cancelled"] = "skipped"
            what = {"combat_phase": "combat phase", "turn": "turn"}.get(
                ev["step"], f"{ev['step']} step"
            )
            return f"{name}: {game.players[ev['player']].name} skips their next {what}"

        out.append(Replacement(f"{SKIP_NEXT}:{e.timestamp}", name, ("614.1b", "614.10"), apply))
    return out


FINDER_GUARDS[EventKind.STEP] = while_effect(SKIP_NEXT)


def step_skipped(game: Game, step: str) -> bool:
    """Whether the active player skips this step (CR 614.10), logged if so; a
    "next" skip that did it is used up (614.10a)."""
    if not watched(game, EventKind.STEP):
        return False  # (nothing could replace it: no event to build)
    ev = propose(game, {"kind": EventKind.STEP, "player": game.active, "step": step, "what": step})
    if ev is None or not ev.get("cancelled"):
        return False
    use_up_skips(game, ev)
    game.emit(EventKind.SKIP, cited(ev, ()), "; ".join(ev.get("notes") or ()), player=game.active)
    return True


def use_up_skips(game: Game, ev: dict[str, Any]) -> None:
    """CR 614.10a: a "skips their next ..." effect that skipped this step or turn
    (``ev``, a cancelled ``step`` event) is used up."""
    used = {k for k in ev.get("applied") or () if k.startswith(f"{SKIP_NEXT}:")}
    if used:
        game.effects = [e for e in game.effects if f"{SKIP_NEXT}:{e.timestamp}" not in used]


@performer(EventKind.WIN_GAME)
def player_wins(game: Game, ev: dict[str, Any]) -> None:
    """CR 104.2b: an effect states that a player wins the game (proposed first:
    "can't win the game" stops it, 101.2)."""
    p = game.players[ev["player"]]
    if ev.get("cancelled") or p.has_lost or game.outcome is not None:
        if ev.get("cancelled"):
            game.emit(
                EventKind.WIN_PREVENTED,
                ("101.2", "104.2b"),
                f"{p.name} would win the game, but can't: {ev['cancelled']}",
            )
        return
    rules = ("104.2b", *dict.fromkeys(ev.get("rules_added") or ()))
    text = f"{ev['what']}; {'; '.join(ev['notes'])}" if ev.get("notes") else f"{p.name} wins"
    game.outcome = Outcome(p.index, OutcomeReason.WON_BY_EFFECT, "104.2b")
    game.emit(EventKind.WIN_GAME, rules, text + " the game" * (not ev.get("notes")), player=p.index)
    game.pending = None


@effect("win_game")
def win_game(ctx: Ctx, e: Effect) -> bool:
    """CR 104.2b: "you win the game"."""
    for p in ctx.players(e.args.get("player")) or [ctx.controller]:
        ev = propose(
            ctx.game,
            {
                "kind": EventKind.WIN_GAME,
                "player": p,
                "what": f"{ctx.game.players[p].name} would win the game",
                "reason": ctx.source.name,
            },
        )
        if ev is not None:
            player_wins(ctx.game, ev)
    return True


@effect("lose_game")
def lose_game(ctx: Ctx, e: Effect) -> bool:
    """CR 104.3e: "Target player loses the game", "If you don't, you lose the game"
    (a Pact's upkeep trigger). Proposed first: "can't lose the game" stops it (101.2)."""
    for p in ctx.players(e.args.get("player")) or [ctx.controller]:
        player_loses(ctx.game, p, OutcomeReason.LOST_BY_EFFECT, "104.3e")
        if ctx.game.outcome is not None:
            break
    return True


register(
    "effect:lose_game",
    "static:double_life_gain",
    "static:no_life_gain",
    "static:plus_life_gain",
    "static:cant_gain_life",
    "static:cant_lose_life",
    "static:cant_get_poison",
    "static:double_life_loss",
    "static:cant_lose_game",
    "static:cant_win_game",
    "static:cant_draw_more_than_one",
    "static:draw_empty_win",
    "static:skip_step",
)
