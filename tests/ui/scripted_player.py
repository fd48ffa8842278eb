"""A scripted player of the terminal game (`mtg play`'s loop), shared by
``tests/ui/test_terminal.py`` and ``benchmarks/prompt_count.py``: it answers each
prompt as the heuristic agent would, but holds its instants, as a player keeping
Lightning Bolt for the right moment."""

from __future__ import annotations

from dataclasses import replace

from mtg_engine import Action, CastSpell, Game, PassPriority, PlayLand, new_game_from_decks
from mtg_engine.agents import make_agent
from mtg_engine.rules.characteristics import chars
from mtg_engine.ui.describe import describe
from mtg_engine.ui.terminal import TerminalGame, distinct_options


class AgentAnswerer:
    """Answers each prompt with the number of the option a heuristic agent picks,
    except that it holds its instants (passing instead of casting them), as a
    player keeping Lightning Bolt for the right moment; concedes after ``turns``
    turns."""

    def __init__(self, game: Game, turns: int = 8) -> None:
        self.game = game
        self.agent = make_agent("heuristic", 11)
        self.turns = turns
        self.asked: list[tuple[str, list[str]]] = []

    def __call__(self, text: str) -> str:
        g = self.game
        if g.turn > self.turns:
            return "q"
        options = g.legal_actions()
        self.asked.append((str(g.pending.kind), [describe(g, a, viewer=0) for a in options]))
        choice = self.agent.choose(g)
        if isinstance(choice, CastSpell) and "Instant" in chars(g, g.objects[choice.card]).types:
            choice = PassPriority()
        # the number the terminal shows: cards alike in hand are one option, the first
        shown = [a for a, _ in distinct_options(g, options, 0)]
        if choice not in shown:
            choice = next(a for a in shown if _alike(g, a, choice))
        return str(shown.index(choice) + 1)


def _alike(g: Game, a: Action, b: Action) -> bool:
    """Two plays or casts of cards of the same name, the same way."""
    if not isinstance(a, PlayLand | CastSpell) or type(a) is not type(b):
        return False
    assert isinstance(b, PlayLand | CastSpell)
    same = replace(a, card=b.card) == b
    return same and g.objects[a.card].name == g.objects[b.card].name


class AskEverything(TerminalGame):
    """The loop before stops: every choice of the player's with two or more answers."""

    def wants_decision(self, options: list[Action]) -> bool:
        return len(options) > 1


def play(seed: int, cls: type[TerminalGame] = TerminalGame, turns: int = 8):
    game = new_game_from_decks("red-green", "white-blue", seed=seed)
    answerer = AgentAnswerer(game, turns)
    out: list[str] = []
    tg = cls(game, make_agent("heuristic", seed + 1), ask=answerer, say=out.append)
    tg.run()
    return tg, answerer, out
