"""The ``mtg`` command: each subcommand lives in its own module of this package."""

from __future__ import annotations

import importlib

import click

#: subcommand name -> "module:attribute" of its click command (imported lazily,
#: so ``mtg rules`` does not import the engine and ``mtg sim`` starts fast).
SUBCOMMANDS: dict[str, str] = {
    "rules": "mtg_engine.cli.rules_cmd:rules",
    "cards": "mtg_engine.cli.cards_cmd:cards",
    "sim": "mtg_engine.cli.sim_cmd:sim",
    "play": "mtg_engine.cli.play_cmd:play",
    "scenario": "mtg_engine.cli.scenario_cmd:scenario",
}


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


@click.group(cls=LazyGroup)
@click.version_option(package_name="mtg-engine")
def main() -> None:
    """mtg-engine: play, simulate and check Magic: The Gathering by the Comprehensive Rules."""


if __name__ == "__main__":
    main()
