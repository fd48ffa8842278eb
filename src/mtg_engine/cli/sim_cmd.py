"""``mtg sim``: AI against AI, many games, with win rates and throughput."""

from __future__ import annotations

import json
import sys
import time

import click


@click.command()
@click.option(
    "--deck",
    "decks",
    multiple=True,
    required=True,
    help="A deck file or bundled deck name (give two).",
)
@click.option(
    "--games", default=100, show_default=True, type=click.IntRange(min=1), help="Number of games."
)
@click.option(
    "--agents",
    "agents",
    nargs=2,
    default=("random", "random"),
    show_default=True,
    type=click.Choice(["random", "heuristic"]),
    help="The agent for each deck.",
)
@click.option(
    "--seed", default=0, show_default=True, type=int, help="Run seed (same seed, same results)."
)
@click.option(
    "--workers", default=1, show_default=True, type=click.IntRange(min=1), help="Worker processes."
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option(
    "--allow-small-decks", is_flag=True, help="Play decks under 40 cards without a warning."
)
def sim(
    decks: tuple[str, ...],
    games: int,
    agents: tuple[str, str],
    seed: int,
    workers: int,
    as_json: bool,
    allow_small_decks: bool,
) -> None:
    """Simulate GAMES games between two decks and report win rates and speed."""
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    from ..sim import run_games, summarize
    from .deck_loading import load_decks

    if len(decks) != 2:
        raise click.UsageError("give exactly two --deck options")
    loaded = load_decks(decks, allow_small_decks, "sim")
    t0 = time.perf_counter()
    if as_json or not sys.stderr.isatty():
        results = run_games(loaded, agents, games, seed, workers)
    else:
        # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn("[bold]simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=True,
        ) as progress:
            bar = progress.add_task("games", total=games)
            results = run_games(
                loaded, agents, games, seed, workers, progress=lambda r: progress.advance(bar)
            )
    seconds = time.perf_counter() - t0
    summary = summarize(results, loaded, agents, seconds, seed)
    if as_json:
        click.echo(json.dumps(summary.to_json()))
        return
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"{summary.games} games, seed {seed}")
    for col in ("player", "deck", "agent", "wins", "win rate", "95% CI"):
        table.add_column(col)
    for p in summary.players:
        table.add_row(
            str(p["player"]),
            p["deck"],
            p["agent"],
            str(p["wins"]),
            f"{p['win_rate']:.1%}",
            f"{p['ci95'][0]:.1%} – {p['ci95'][1]:.1%}",
        )
    console.print(table)
    console.print(
        f"draws: {summary.draws} ({summary.capped} stopped by the turn or decision cap)   average turns: {summary.avg_turns:.1f}   "
        f"{summary.games_per_s:.1f} games/s   {summary.decisions_per_s:,.0f} decisions/s   ({seconds:.1f} s, {summary.build})"
    )
