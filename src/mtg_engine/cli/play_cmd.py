"""``mtg play``: a game against the AI in the terminal."""

from __future__ import annotations

import click

from ..game.events import EventKind


def _render(game, me: int) -> str:
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    from ..rules.characteristics import chars

    view = game.observe(me)
    lines = []
    opp = [p for p in view["players"] if p["index"] != me][0]
    mine = view["players"][me]
    lines.append(
        f"── Turn {view['turn']} · {game.players[view['active']].name}'s turn · step: {view['step']} ──"
    )
    lines.append(
        f"{opp['name']}: life {opp['life']}  hand {opp['hand_size']}  library {opp['library_size']}  graveyard {len(opp['graveyard'])}"
    )

    def perm(o: dict) -> str:
        s = o["name"] or "face-down"
        if o.get("power") is not None:
            s += f" {o['power']}/{o['toughness']}"
        if o.get("keywords"):
            s += " (" + ", ".join(k.lower() for k in o["keywords"]) + ")"
        if o.get("tapped"):
            s += " [tapped]"
        if o.get("damage"):
            s += f" [{o['damage']} damage]"
        if o.get("counters"):
            s += " [" + ", ".join(f"{n} {k}" for k, n in o["counters"].items()) + "]"
        return s

    for side, who in ((opp["index"], "  them"), (me, "  you ")):
        perms = [perm(o) for o in view["battlefield"] if o["controller"] == side]
        lines.append(f"{who}: " + (" · ".join(perms) if perms else "(nothing)"))
    if view["stack"]:
        lines.append("stack (top first): " + " · ".join(o["name"] for o in view["stack"]))
    lines.append(
        f"{mine['name']} (you): life {mine['life']}  library {mine['library_size']}  mana pool {mine['mana_pool']}"
    )
    hand = [f"{o['name']}" for o in mine["hand"]]
    lines.append("hand: " + (", ".join(hand) if hand else "(empty)"))
    del chars
    return "\n".join(lines)


@click.command()
@click.option(
    "--deck", default="red-green", show_default=True, help="Your deck (file or bundled name)."
)
@click.option("--opponent-deck", default="white-blue", show_default=True, help="The AI's deck.")
@click.option(
    "--ai", default="heuristic", type=click.Choice(["random", "heuristic"]), show_default=True
)
@click.option("--seed", default=None, type=int, help="Game seed (random if omitted).")
@click.option("--name", default="You", show_default=True)
@click.option(
    "--allow-small-decks", is_flag=True, help="Play decks under 40 cards without a warning."
)
def play(
    deck: str, opponent_deck: str, ai: str, seed: int | None, name: str, allow_small_decks: bool
) -> None:
    """Play a game against the AI: pick numbered options at each decision."""
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    import random

    from ..agents import make_agent
    from ..game.actions import IllegalActionError
    from ..rules.setup import new_game
    from ..ui.describe import describe
    from .deck_loading import load_decks

    mine, theirs = load_decks([deck, opponent_deck], allow_small_decks, "play")
    decks = [mine.card_defs(), theirs.card_defs()]
    if seed is None:
        seed = random.randrange(1 << 30)
    game = new_game(decks, seed=seed, names=[name, "AI"])
    bot = make_agent(ai, seed + 1)
    click.echo(
        f"mtg play · seed {seed} · you: {mine.name} · AI ({ai}): {theirs.name} · type q to concede"
    )
    shown = 0
    while game.outcome is None:
        for ev in game.log[shown:]:
            if (
                ev.kind not in (EventKind.STEP, EventKind.SHUFFLE, EventKind.DRAW)
                or ev.data.get("player") == 0
            ):
                click.echo(f"  · {ev}")
        shown = len(game.log)
        d = game.pending
        assert d is not None  # the game isn't over
        if d.player != 0:
            game.apply(bot.choose(game))
            continue
        options = game.legal_actions()
        if d.kind == "priority" and len(options) == 1:
            game.apply(options[0])  # only "pass": don't ask
            continue
        click.echo("")
        click.echo(_render(game, 0))
        click.echo(f"» {d.prompt}  [rule {d.rule}]")
        for i, a in enumerate(options, 1):
            click.echo(f"  {i:>2}. {describe(game, a)}")
        while True:
            try:
                raw = click.prompt("choose", default="1", show_default=True)
            except (click.Abort, EOFError):
                raw = "q"
            raw = raw.strip().lower()
            if raw in ("q", "quit", "concede"):
                # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
                from ..game.actions import Concede

                game.apply(Concede(0))
                break
            if raw.isdigit() and 1 <= int(raw) <= len(options):
                try:
                    game.apply(options[int(raw) - 1])
                except IllegalActionError as e:
                    click.echo(f"  illegal: {e}")
                    continue
                break
            click.echo(f"  please type a number from 1 to {len(options)}, or q to concede")
    for ev in game.log[shown:]:
        click.echo(f"  · {ev}")
    o = game.outcome
    winner = "nobody (a draw)" if o.winner is None else game.players[o.winner].name
    click.echo(f"Game over: {winner} wins — {o.reason} [{o.rule}]")
