"""``mtg scenario``: run rules scenarios (see the scenario-format spec).

* ``mtg scenario run PATH...`` runs scenario files or folders (``*.yaml``,
  ``*.yml``, recursively): ``PASS name`` / ``FAIL name: ...`` per scenario,
  then ``N passed, M failed``.
* ``--json`` prints JSON Lines, one object per scenario.
* ``--log`` also prints each game's log with its rule citations.

Exit status: 0 when every scenario passed, 1 when any failed, 2 when a file
is not a valid scenario or no scenario file was found.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.group()
def scenario() -> None:
    """Rules scenarios: a set-up game, a script of decisions, expectations."""


@scenario.command("run")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON Lines, one object per scenario.")
@click.option(
    "--log", "show_log", is_flag=True, help="Also print each game's log with rule citations."
)
@click.option(
    "--timeout",
    type=float,
    default=30.0,
    show_default=True,
    help="Fail a scenario whose run takes longer than this many seconds (0: no limit).",
)
def run(paths: tuple[Path, ...], as_json: bool, show_log: bool, timeout: float) -> None:
    """Run scenario files or folders (recursively *.yaml, *.yml)."""
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    from mtg_engine.scenario.report import report, run_paths, scenario_files

    def out(line: str) -> None:
        click.echo(line)
        sys.stdout.flush()

    def err(line: str) -> None:
        click.echo(line, err=True)

    if next(iter(scenario_files(paths)), None) is None:
        where = ", ".join(str(p) for p in paths)
        err(f"mtg scenario run: no scenario files (*.yaml, *.yml) found in {where}")
        click.get_current_context().exit(2)
    results = run_paths(paths, timeout or None)
    code = report(results, out, err, as_json=as_json, show_log=show_log)
    click.get_current_context().exit(code)
