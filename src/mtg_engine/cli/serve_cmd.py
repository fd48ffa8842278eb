"""``mtg serve``: play in the browser (a local web server; needs the ``[web]`` extra)."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click

#: the --ai names (mtg_engine.web.session.AI_CHOICES, kept here so --help needs no import)
AI_CHOICES = ("random", "heuristic", "easy", "medium", "hard")


@click.command()
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (loopback by default: the page is for this machine).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the browser.")
@click.option(
    "--ai",
    default="heuristic",
    show_default=True,
    type=click.Choice(AI_CHOICES),
    help="The opponent: random or heuristic (easy = random; medium and hard = heuristic).",
)
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
    "--opponents",
    default=1,
    show_default=True,
    type=click.IntRange(1, 4),
    help="AI opponents (2 or more: a free-for-all, each with the opponent's deck).",
)
@click.option("--seed", default=None, type=int, help="Seed of the first game (random if omitted).")
@click.option("--no-undo", is_flag=True, help="Forbid undoing decisions.")
@click.option(
    "--allow-small-decks", is_flag=True, help="Play decks under 40 cards without a warning."
)
@click.option(
    "--save-dir",
    default=None,
    type=click.Path(file_okay=False, path_type=Path),
    help="Where saved games go (default ~/.mtg-engine/saves).",
)
def serve(
    port: int,
    host: str,
    open_browser: bool,
    ai: str,
    deck: str,
    opponent_deck: str,
    opponents: int,
    seed: int | None,
    no_undo: bool,
    allow_small_decks: bool,
    save_dir: Path | None,
) -> None:
    """Play against the AI in the browser: starts a local web server with the game page."""
    try:
        # lazy: the [web] extra is optional, imported only when this subcommand runs
        import uvicorn

        from ..web.app import ServerConfig, create_app
    except ModuleNotFoundError as e:
        raise click.ClickException(
            f"mtg serve needs the web extra ({e.name} is not installed): "
            "pip install 'mtg-engine[web]'"
        ) from None
    # lazy: the Oracle compiler, loaded before the first game of this subcommand (a token
    # not in the shipped store would load it mid-game: 0.3 s while the page waits)
    from ..cards import compiler  # noqa: F401
    from ..cards.decks import RANDOM_DECK
    from .deck_loading import load_decks

    # a bad deck is a one-line error now, not in the page later; warnings on stderr
    load_decks([d for d in (deck, opponent_deck) if d != RANDOM_DECK], allow_small_decks, "serve")
    config = ServerConfig(
        deck=deck,
        opponent_deck=opponent_deck,
        ai=ai,
        seed=seed,
        allow_undo=not no_undo,
        allow_small_decks=allow_small_decks,
        opponents=opponents,
    )
    if save_dir is not None:
        config.save_dir = save_dir
    url = f"http://{host}:{port}/"
    click.echo(f"mtg serve: playing at {url} (Ctrl-C to stop)")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.run(create_app(config), host=host, port=port, log_level="warning")
