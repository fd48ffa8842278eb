"""The ``mtg`` command: each subcommand lives in its own module of this package."""

from __future__ import annotations

import importlib
import os
import sys

import click

from .errors import user_error
from .pipes import silence_stdout

#: subcommand name -> "module:attribute" of its click command (imported lazily,
#: so ``mtg rules`` does not import the engine and ``mtg sim`` starts fast).
SUBCOMMANDS: dict[str, str] = {
    "rules": "mtg_engine.cli.rules_cmd:rules",
    "cards": "mtg_engine.cli.cards_cmd:cards",
    "sim": "mtg_engine.cli.sim_cmd:sim",
    "play": "mtg_engine.cli.play_cmd:play",
    "scenario": "mtg_engine.cli.scenario_cmd:scenario",
    "fuzz": "mtg_engine.cli.fuzz_cmd:fuzz",
    "serve": "mtg_engine.cli.serve_cmd:serve",
}

#: set to show the traceback of an unexpected error (for reporting a bug)
DEBUG_ENV = "MTG_DEBUG"


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            return None
        return getattr(module, attr)

    def invoke(self, ctx: click.Context) -> object:
        """Run the subcommand; an unexpected error is one line, not a traceback. When
        the output's reader stops reading (``mtg ... | head``) it stops quietly, as
        Unix tools do."""
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a closed pipe fails here, not at the interpreter's exit
            return result
        except BrokenPipeError:
            silence_stdout()
            ctx.exit(1)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            raise click.Abort() from None
        except Exception as exc:
            if os.environ.get(DEBUG_ENV):
                raise
            known = user_error(exc)
            if known is not None:
                raise click.ClickException(known) from None
            msg = str(exc).splitlines()[0] if str(exc) else ""
            raise click.ClickException(
                f"internal error: {type(exc).__name__}: {msg} (set {DEBUG_ENV}=1 for the traceback)"
            ) from None


@click.group(cls=LazyGroup)
@click.version_option(package_name="mtg-engine")
def main() -> None:
    """mtg-engine: play, simulate and check Magic: The Gathering by the Comprehensive Rules."""


if __name__ == "__main__":
    main()
