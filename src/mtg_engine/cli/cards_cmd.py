"""``mtg cards``: look at cards and import MTGJSON card data.

* ``mtg cards show NAME`` prints a card's faces (:func:`render_card`).
* ``mtg cards import FILE`` turns MTGJSON's AtomicCards file into a card file
  and says how to use it (``MTG_CARD_FILE=...``).

Other subcommands (e.g. ``coverage``) can reuse :func:`open_card_database`
and the ``--card-file`` option (:func:`card_file_option`); ``show`` can be
extended by adding sections after :func:`render_card`'s output.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from mtg_engine.cards.database import (
    CARD_FILE_ENV,
    CardDatabase,
    CardFileError,
    UnknownCardError,
    missing_faces,
)
from mtg_engine.cards.model import CardData, CardFace

F = TypeVar("F", bound=Callable[..., object])


def default_import_path() -> Path:
    """Where ``mtg cards import`` writes by default: the user's data directory.

    ``$XDG_DATA_HOME/mtg-engine/cards.db`` (``~/.local/share/...``), or
    ``%LOCALAPPDATA%\\mtg-engine\\cards.db`` on Windows.
    """
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "mtg-engine" / "cards.db"


def card_file_option(func: F) -> F:
    """The ``--card-file PATH`` option (default: ``$MTG_CARD_FILE``, else the shipped file)."""
    return click.option(
        "--card-file",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help=f"Card file to read (default: ${CARD_FILE_ENV} if set, else the shipped card file).",
    )(func)


def open_card_database(card_file: Path | None = None) -> CardDatabase:
    """The card database to use, or a :class:`click.ClickException` saying why not."""
    try:
        return CardDatabase(card_file) if card_file else CardDatabase.default()
    except CardFileError as exc:
        hint = (
            f" (set by ${CARD_FILE_ENV})" if not card_file and os.environ.get(CARD_FILE_ENV) else ""
        )
        raise click.ClickException(f"{exc}{hint}") from exc


def lookup_card(db: CardDatabase, name: str) -> CardData:
    """``db.get(name)``, turning an unknown name into a message with suggestions."""
    try:
        return db.get(name)
    except UnknownCardError as exc:
        raise click.ClickException(exc.message[0].upper() + exc.message[1:]) from exc
    except CardFileError as exc:
        raise click.ClickException(str(exc)) from exc


# --------------------------------------------------------------------------- rendering


def render_face(face: CardFace) -> str:
    """One face: name and mana cost, type line, text, then P/T, loyalty or defense."""
    lines = [f"{face.name}    {face.mana_cost}" if face.mana_cost else face.name]
    type_line = face.type_line or "(no type line)"
    if face.color_indicator:
        type_line += f"    [color indicator: {''.join(face.color_indicator)}]"
    lines.append(type_line)
    if face.text:
        lines.extend(face.text.split("\n"))
    if face.power is not None or face.toughness is not None:
        lines.append(f"{face.power or '?'}/{face.toughness or '?'}")
    if face.loyalty is not None:
        lines.append(f"Loyalty: {face.loyalty}")
    if face.defense is not None:
        lines.append(f"Defense: {face.defense}")
    return "\n".join(lines)


def render_card(card: CardData) -> str:
    """A card as plain text: a header line, then each face, indented.

    A single-faced card's header carries its mana cost; a multi-face card
    lists each face with its own name and cost, separated by blank lines.
    Extensions (compiled abilities, coverage) append their own sections to
    this text; the function itself stays free of engine imports.
    """
    single = len(card.faces) == 1 and card.front.name == card.name
    header = card.name
    if single and card.front.mana_cost:
        header += f"    {card.front.mana_cost}"
    if card.layout != "normal":
        header += f"    ({card.layout})"
    faces = []
    for face in card.faces:
        lines = render_face(face).split("\n")
        if single:
            lines = lines[1:]  # the name and cost are in the header
        faces.append("\n".join(f"  {line}" for line in lines))
    parts = [header, "\n\n".join(faces)]
    footer: list[str] = []
    gaps = missing_faces(card)
    if gaps:
        footer.append(
            "  (face " + ", ".join(repr(g) for g in gaps) + " is not in this card file;"
            " `mtg cards import` MTGJSON's AtomicCards for every face)"
        )
    if card.keywords:
        footer.append("  Keywords: " + ", ".join(card.keywords))
    if footer and len(faces) > 1:
        parts.append("")  # keep the footer apart from the last face
    return "\n".join(parts + footer)


# --------------------------------------------------------------------------- commands


@click.group()
def cards() -> None:
    """Look up cards and import MTGJSON card data."""


@cards.command("show", short_help="Print a card's faces.")
@click.argument("name", nargs=-1, required=True)
@card_file_option
def show(name: tuple[str, ...], card_file: Path | None) -> None:
    """Print the card NAME (a full name or a face name; case and accents do not matter).

    The name may be given as several words without quotes: mtg cards show Lightning Bolt
    """
    db = open_card_database(card_file)
    card = lookup_card(db, " ".join(name))
    click.echo(render_card(card))
    click.echo("")
    click.echo(render_compiled(card))


@cards.command("import", short_help="Make a card file from MTGJSON's AtomicCards.")
@click.argument("file", type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Card file to write (default: ~/.local/share/mtg-engine/cards.db).",
)
def import_(file: Path, out: Path | None) -> None:
    """Convert MTGJSON's AtomicCards FILE (.json, .json.gz or .json.xz) into a card file.

    Download it from https://mtgjson.com/downloads/all-files/ (AtomicCards).
    """
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    from mtg_engine.cards.mtgjson import CardImportError, import_atomic_cards

    target = out or default_import_path()
    click.echo(f"Reading {file} ...", err=True)
    try:
        result = import_atomic_cards(file, target)
    except CardImportError as exc:
        raise click.ClickException(f"cannot import: {exc}") from exc
    except (OSError, sqlite3.Error) as exc:
        raise click.ClickException(f"cannot write {target}: {exc}") from exc
    version = f" (MTGJSON {result.mtgjson_version})" if result.mtgjson_version else ""
    click.echo(f"Wrote {result.card_count} cards{version} to {result.path}")
    if result.skipped:
        shown = ", ".join(result.skipped[:5]) + (" ..." if len(result.skipped) > 5 else "")
        click.echo(f"Skipped {len(result.skipped)} duplicate name(s): {shown}")
    click.echo("To use it instead of the shipped card file, set:")
    click.echo(f"  export {CARD_FILE_ENV}={result.path.resolve()}")
    click.echo(f"or pass --card-file {result.path.resolve()} where a command accepts it.")


# --------------------------------------------------------------------------- coverage


def _seed_pool_names() -> list[str]:
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    from importlib import resources

    text = (resources.files("mtg_engine") / "data" / "seed-card-pool.txt").read_text(
        encoding="utf-8"
    )
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


@cards.command("coverage", short_help="How much of the card file compiles and runs.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--top", default=30, show_default=True, help="How many unparsed sentence shapes to list."
)
@click.option("--limit", default=0, type=int, help="Only the first N cards (0: all).")
@click.option(
    "--list",
    "list_status",
    type=click.Choice(["full", "partial", "none"]),
    default=None,
    help="List the cards of that class instead (one name a line; with --json, "
    "each with what doesn't compile or run).",
)
@card_file_option
def coverage_cmd(
    as_json: bool, top: int, limit: int, list_status: str | None, card_file: Path | None
) -> None:
    """Compile every card: fully / partly / not compiled, and what is missing most.

    A card counts as fully compiled only if every sentence of every face compiles
    AND the engine implements every construct the result uses (rules/support.py).
    Nontraditional cards (planes, phenomena, schemes, vanguards: CR 108.2a) are
    never in a deck and are not counted.
    """
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    import json
    import sys
    from itertools import islice

    from mtg_engine.cards.coverage import coverage, seed_pool
    from mtg_engine.rules.support import face_unsupported

    db = open_card_database(card_file)
    total = len(db)
    it = db.iter_cards()
    if limit:
        it = islice(it, limit)
        total = min(total, limit)
    if as_json or not sys.stderr.isatty():
        report = coverage(it, engine=face_unsupported)
    else:
        # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
        from rich.progress import Progress

        with Progress(transient=True) as progress:
            bar = progress.add_task("compiling", total=total)

            def counted():
                for c in it:
                    progress.advance(bar)
                    yield c

            report = coverage(counted(), engine=face_unsupported)
    if list_status is not None:
        listed = sorted(
            (st for st in report.cards.values() if st.status == list_status),
            key=lambda st: st.name,
        )
        if as_json:
            rows = [
                {
                    "name": st.name,
                    "status": st.status,
                    "unparsed": list(st.unparsed),
                    "not_run": sorted({*st.missing_ops, *st.missing_keywords}),
                }
                for st in listed
            ]
            click.echo(json.dumps(rows))
        else:
            for st in listed:
                click.echo(st.name)
        return
    pool = seed_pool(report, _seed_pool_names()) if not limit else None
    top_unparsed = [{"pattern": p, "count": n} for p, n in report.top_shapes(top)]
    top_unsupported = [{"construct": k, "count": n} for k, n in report.missing_ops.most_common(top)]
    if as_json:
        out = {
            "total": report.total,
            "full": report.full,
            "partial": report.partial,
            "none": report.none,
            "nontraditional": report.nontraditional,
            "multiface": report.multiface,
            "multiface_complete": report.multiface_complete,
            "full_share": report.full / report.total if report.total else 0.0,
            "seed_pool": None
            if pool is None
            else {
                "total": pool.total,
                "full": pool.full,
                "missing": list(pool.missing),
                "not_full": list(pool.not_full),
            },
            "top_unparsed": top_unparsed,
            "top_unsupported": top_unsupported,
        }
        click.echo(json.dumps(out))
        return
    click.echo(report.summary())
    if pool is not None:
        click.echo(
            f"seed card pool: {pool.full}/{pool.total} fully compiled"
            + (f"; missing: {', '.join(pool.missing)}" if pool.missing else "")
        )
    click.echo(f"\nTop {len(top_unparsed)} sentence shapes that don't compile yet:")
    for row in top_unparsed:
        click.echo(f"  {row['count']:>6}  {row['pattern']}")
    click.echo(f"\nTop {len(top_unsupported)} compiled constructs the engine doesn't run yet:")
    for row in top_unsupported:
        click.echo(f"  {row['count']:>6}  {row['construct']}")


def render_compiled(card: CardData) -> str:
    """The compiled abilities of each face in words (cli/card_text.py), and what
    doesn't compile or run, and why."""
    # lazy: loaded only when this subcommand runs (keeps `mtg` start-up fast)
    from mtg_engine.cards.compiler import compile_face
    from mtg_engine.cli.card_text import ability_lines
    from mtg_engine.rules.support import unsupported

    lines: list[str] = []
    for face in card.faces:
        compiled = compile_face(face)
        lines.append(f"What the engine compiled for {face.name}:")
        if not compiled.abilities and not compiled.unparsed:
            lines.append("  (no abilities)")
        for a in compiled.abilities:
            lines.extend(ability_lines(a, unsupported(a)))
        for sentence in compiled.unparsed:
            lines.append(f"  [does not compile] {sentence}")
    gaps = missing_faces(card)
    if gaps:
        lines.append(
            "  (can't be played as printed: face "
            + ", ".join(repr(g) for g in gaps)
            + " is not in this card file; rules 709, 712)"
        )
    return "\n".join(lines)
