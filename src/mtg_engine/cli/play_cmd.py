"""``mtg play``: a game against the AI in the terminal."""

from __future__ import annotations

import json
import sys

import click

from ..api import Game
from ..ui.terminal import TerminalGame, load_saved


def _ask(text: str) -> str:
    try:
        return str(click.prompt(text, default="", show_default=False))
    except (click.Abort, EOFError):
        return "q"  # end of input concedes


@click.command()
@click.option(
    "--deck", default="red-green", show_default=True, help="Your deck (file or bundled name)."
)
@click.option(
    "--opponent-deck",
    default="white-blue",
    show_default=True,
    help="The AI's deck (file or bundled name; 'random': the AI picks a bundled deck).",
)
@click.option(
    "--ai", default="heuristic", type=click.Choice(["random", "heuristic"]), show_default=True
)
@click.option(
    "--opponents",
    default=1,
    show_default=True,
    type=click.IntRange(1, 4),
    help="AI opponents (2 or more: a free-for-all, each with the opponent's deck).",
)
@click.option(
    "--two-headed-giant",
    "two_headed_giant",
    is_flag=True,
    help="Two-Headed Giant (CR 810): you and an AI teammate with your deck against two AI "
    "opponents; replaces --opponents.",
)
@click.option("--seed", default=None, type=int, help="Game seed (random if omitted).")
@click.option("--name", default="You", show_default=True)
@click.option(
    "--allow-small-decks", is_flag=True, help="Play decks under 40 cards without a warning."
)
@click.option(
    "--plain",
    is_flag=True,
    help="Draw the board as plain text (the default when output isn't a terminal).",
)
@click.option(
    "--resume",
    "resume",
    default=None,
    type=click.Path(dir_okay=False),
    help="Resume a game saved with 'save FILE'.",
)
def play(
    deck: str,
    opponent_deck: str,
    ai: str,
    opponents: int,
    two_headed_giant: bool,
    seed: int | None,
    name: str,
    allow_small_decks: bool,
    plain: bool,
    resume: str | None,
) -> None:
    """Play a game against the AI: pick numbered options at each decision."""
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    import random

    from ..agents import make_agent
    from ..cards.decks import RANDOM_DECK, pick_bundled
    from ..rules.setup import new_game
    from .deck_loading import load_decks

    show_board = None
    if not plain and sys.stdout.isatty():
        # lazy: loaded only when this subcommand shows a game on a terminal
        from rich.console import Console

        from ..ui.board import board

        console = Console()

        def show_board(game: Game, me: int) -> None:
            console.print(board(game, me))

    if resume is not None:
        try:
            with open(resume, encoding="utf-8") as f:
                tg = load_saved(json.load(f), _ask, click.echo)
        except (OSError, ValueError) as e:
            click.echo(f"mtg play: cannot resume {resume}: {e}", err=True)
            sys.exit(2)
        click.echo(
            f"mtg play · resuming {resume} · turn {tg.game.turn} · AI ({tg.ai}) · "
            "type q to concede, 'stops' to see or change where the game stops for you, "
            "'hold N' to keep priority after option N"
        )
    else:
        if seed is None:
            seed = random.randrange(1 << 30)
        picked = opponent_deck == RANDOM_DECK
        if picked:
            opponent_deck = pick_bundled(seed)  # which one is the AI's secret
        mine, theirs = load_decks([deck, opponent_deck], allow_small_decks, "play")
        decks = [mine.card_defs(), *(theirs.card_defs() for _ in range(opponents))]
        others = ["Opponent"] if opponents == 1 else [f"Opponent {i + 1}" for i in range(opponents)]
        teams = None
        if two_headed_giant:
            # CR 810.1: two teams of two, each team's players adjacent (805.1)
            decks = [mine.card_defs(), mine.card_defs(), theirs.card_defs(), theirs.card_defs()]
            others = ["Teammate", "Opponent 1", "Opponent 2"]
            teams = [0, 0, 1, 1]
        # one AI answers for every other player (an agent decides for the pending player)
        game = new_game(decks, seed=seed, names=[name, *others], teams=teams)
        tg = TerminalGame(
            game, make_agent(ai, seed + 1), ask=_ask, say=click.echo, ai=ai, ai_seed=seed + 1
        )
        click.echo(
            f"mtg play · seed {seed} · you: {mine.name} · AI ({ai}): "
            f"{'a bundled deck it picked' if picked else theirs.name} · "
            "type q to concede, 'stops' to see or change where the game stops for you, "
            "'hold N' to keep priority after option N"
        )
    tg.show_board = show_board
    tg.run()
