"""``mtg fuzz``: random decks from the whole fully compiled card pool, random play,
invariant checks, and failures grouped by signature with a seed that reproduces each."""

from __future__ import annotations

import json
import sys
import time

import click


@click.command()
@click.option(
    "--games", default=100, show_default=True, type=click.IntRange(min=1), help="Number of games."
)
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0), help="Run seed.")
@click.option(
    "--pool",
    default="full",
    show_default=True,
    type=click.Choice(["full"]),
    help="The card pool: every card that compiles fully and runs.",
)
@click.option(
    "--players", default=2, show_default=True, type=click.IntRange(2, 4), help="Players per game."
)
@click.option(
    "--agents",
    default="mixed",
    show_default=True,
    type=click.Choice(["mixed", "random", "heuristic"]),
    help="The agents (mixed: each player random, or heuristic one time in four).",
)
@click.option(
    "--check-every",
    default=5,
    show_default=True,
    type=click.IntRange(min=1),
    help="Check invariants, leaks and round trips every N decisions.",
)
@click.option(
    "--replay",
    type=click.IntRange(min=0),
    default=None,
    help="Replay one game by its seed (as printed): its decks, findings and log.",
)
@click.option(
    "--variant",
    default="",
    type=click.Choice(["", "two_headed_giant"]),
    help="two_headed_giant: four players in two teams (CR 810); needs --players 4.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def fuzz(
    games: int,
    seed: int,
    pool: str,
    players: int,
    agents: str,
    check_every: int,
    replay: int | None,
    variant: str,
    as_json: bool,
) -> None:
    """Play GAMES games with random decks from the whole card pool and check every few decisions:
    card conservation, one zone per object, hidden information, clone and JSON round trips."""
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    from ..fuzz import full_pool, play_fuzz_game, run_fuzz, summarize

    if variant == "two_headed_giant" and players != 4:
        raise click.UsageError("--variant two_headed_giant needs --players 4 (CR 810.1)")
    names = _pool(full_pool)
    if replay is not None:
        _replay(
            play_fuzz_game(
                replay, names, 0, players, agents, check_every, keep_game=True, variant=variant
            ),
            as_json,
        )
        return
    t0 = time.perf_counter()
    if as_json or not sys.stderr.isatty():
        results = run_fuzz(games, seed, names, players, agents, check_every, variant=variant)
    else:
        # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        with Progress(
            TextColumn("[bold]fuzzing"), BarColumn(), MofNCompleteColumn(), transient=True
        ) as progress:
            bar = progress.add_task("games", total=games)
            results = run_fuzz(
                games,
                seed,
                names,
                players,
                agents,
                check_every,
                lambda r: progress.advance(bar),
                variant=variant,
            )
    summary = summarize(results, seed, time.perf_counter() - t0)
    if as_json:
        out = summary.to_json()
        for s in out["signatures"]:
            s.pop("detail", None)
        click.echo(json.dumps(out))
        return
    click.echo(
        f"{summary.games} games ({summary.decisions} decisions, {summary.seconds:.1f} s), run seed {seed}\n"
        f"  crashes: {summary.crashes}   invariant violations: {summary.invariant_violations}   "
        f"leaks: {summary.leaks}   round-trip divergences: {summary.divergences}   "
        f"endless: {summary.endless}\n"
        f"  copies compared: {summary.clones} clones, {summary.json_round_trips} JSON round trips\n"
        f"  slowest decision: {summary.max_decision_seconds:.3f} s ({summary.slowest_decision})\n"
        f"  most CPU time of a decision: {summary.max_decision_cpu_seconds:.3f} s "
        f"({summary.slowest_cpu_decision})"
    )
    if summary.signatures:
        click.echo(
            "\nFailure signatures (games, a seed that reproduces it: mtg fuzz --replay SEED):"
        )
        for s in summary.signatures:
            click.echo(f"  {s['games']:>4}  seed {s['seed']:<20}  {s['signature']}")
    if summary.crashes or summary.invariant_violations or summary.leaks or summary.divergences:
        sys.exit(1)


def _pool(full_pool) -> list[str]:  # noqa: ANN001 - the function from ..fuzz
    """The pool, with a progress line the first time it is computed (about a minute)."""
    click.echo("mtg fuzz: reading the card pool ...", err=True)
    names = full_pool()
    if not names:
        raise click.ClickException("the card pool is empty: no card compiles fully")
    return names


def _replay(r, as_json: bool) -> None:  # noqa: ANN001 - a FuzzGame
    g = r.game
    if as_json:
        click.echo(
            json.dumps(
                {
                    "seed": r.seed,
                    "decks": r.decks,
                    "agents": r.agents,
                    "winner": r.winner,
                    "reason": r.reason,
                    "turns": r.turns,
                    "decisions": r.decisions,
                    "findings": [_finding(f) for f in r.findings],
                    "log": [str(e) for e in g.log] if g is not None else [],
                }
            )
        )
        return
    for i, (deck, agent) in enumerate(zip(r.decks, r.agents, strict=True)):
        click.echo(f"Player {chr(65 + i)} ({agent}):")
        for n, name in deck:
            click.echo(f"  {n} {name}")
    if g is not None:
        click.echo("\nLog:")
        for e in g.log:
            click.echo(f"  T{e.turn} {e}")
    click.echo(
        f"\nseed {r.seed}: {r.reason or 'unfinished'} after {r.turns} turns, {r.decisions} decisions"
    )
    for f in r.findings:
        click.echo(f"\n[{f.kind}] at decision {f.decision}: {f.signature}\n{f.detail}")


def _finding(f) -> dict:  # noqa: ANN001
    return {"kind": f.kind, "signature": f.signature, "detail": f.detail, "decision": f.decision}
