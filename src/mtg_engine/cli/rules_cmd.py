"""``mtg rules``: look up the Comprehensive Rules shipped with mtg-engine.

Prints rules with their subrules and examples, searches the rule text, and shows Glossary
entries, all from :mod:`mtg_engine.rules_text`.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from typing import NoReturn

import click
from rich.console import Console
from rich.text import Text

from mtg_engine import rules_text
from mtg_engine.rules_text import Rule

from .pipes import silence_stdout

#: Longest search-result line (number + first line of text) when output is not a terminal.
PLAIN_WIDTH = 120


def _console() -> Console:
    """A console on the current stdout: styled on a terminal, plain and unwrapped otherwise."""
    console = Console(highlight=False, emoji=False, markup=False)
    console.soft_wrap = not console.is_terminal
    return console


def _fail(ctx: click.Context, message: str) -> NoReturn:
    """Report a bad lookup on stderr in one line and exit with status 1."""
    click.echo(f"mtg rules: {message}", err=True)
    ctx.exit(1)


def _print_rule(console: Console, rule: Rule) -> None:
    heading = Text.assemble((rule.label, "bold"), " ", rule.text)
    console.print(heading)
    for example in rule.examples:
        console.print(Text.assemble(("Example: ", "italic"), example, style="dim"))


def _missing_rule_message(number: str) -> str:
    key = rules_text.normalize_number(number)
    if key is None:
        return f"{number!r} is not a rule number (expected something like 702.19 or 702.19b)"
    message = f"no rule {key} in the Comprehensive Rules ({_effective()})"
    parent_key = key.rstrip("abcdefghijklmnopqrstuvwxyz")
    if parent_key == key:
        parent_key = key.split(".")[0]
    parent = rules_text.get_rule(parent_key)
    if parent is not None and parent.number != key and parent.subrule_numbers:
        first, last = parent.subrule_numbers[0], parent.subrule_numbers[-1]
        message += f"; {parent.number} has subrules {first}-{last}"
    return message


def _effective() -> str:
    date = rules_text.effective_date()
    return f"effective {date:%B} {date.day}, {date.year}" if date else rules_text.version()


def _show_rules(
    ctx: click.Context, numbers: Sequence[str], depth: int | None, as_json: bool
) -> None:
    console = _console()
    found: list[Rule] = []
    missing: list[str] = []
    for number in numbers:
        rule = rules_text.get_rule(number)
        if rule is None:
            missing.append(number)
            continue
        found.append(rule)
        found.extend(_descendants(rule, depth))
    if as_json:
        click.echo(
            json.dumps(
                {"version": rules_text.version(), "rules": [r.to_dict() for r in found]},
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        for index, rule in enumerate(found):
            if index:
                console.print()
            _print_rule(console, rule)
    for number in missing:
        click.echo(f"mtg rules: {_missing_rule_message(number)}", err=True)
    if missing:
        ctx.exit(1)


def _descendants(rule: Rule, depth: int | None) -> list[Rule]:
    if depth is not None and depth <= 0:
        return []
    found: list[Rule] = []
    for child in rules_text.subrules(rule.number):
        found.append(child)
        found.extend(_descendants(child, None if depth is None else depth - 1))
    return found


def _show_search(ctx: click.Context, words: str, limit: int, as_json: bool) -> None:
    matches = rules_text.search(words, limit=None)
    shown = matches[:limit]
    if as_json:
        payload = {
            "query": words,
            "total": len(matches),
            "results": [
                {"number": r.number, "label": r.label, "first_line": r.first_line} for r in shown
            ],
        }
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    if not matches:
        _fail(ctx, f"no rules contain all of: {words}")
    if as_json:
        return
    console = _console()
    for rule in shown:
        width = (console.width if console.is_terminal else PLAIN_WIDTH) - len(rule.label) - 1
        snippet = textwrap.shorten(rule.first_line, width=max(width, 20), placeholder=" ...")
        console.print(Text.assemble((rule.label, "bold"), " ", snippet), soft_wrap=True)
    if len(matches) > limit:
        more = len(matches) - limit
        console.print(Text(f"... {more} more (use --limit to see more)", style="dim"))


def _show_glossary(ctx: click.Context, term: str, limit: int, as_json: bool) -> None:
    entries = rules_text.glossary(term)
    shown = entries[:limit]
    if as_json:
        payload = {
            "query": term,
            "total": len(entries),
            "results": [{"term": t, "definition": d} for t, d in shown],
        }
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    if not entries:
        _fail(ctx, f"no glossary entry for {term!r} (try: mtg rules --search {term!r})")
    if as_json:
        return
    console = _console()
    for index, (headword, definition) in enumerate(shown):
        if index:
            console.print()
        console.print(Text(headword, style="bold"))
        for line in definition.split("\n"):
            console.print(Text("  " + line))
    if len(entries) > limit:
        console.print()
        console.print(
            Text(f"... {len(entries) - limit} more (use --limit to see more)", style="dim")
        )


def _show_contents(as_json: bool) -> None:
    sections = rules_text.sections()
    if as_json:
        payload = {"version": rules_text.version(), "sections": [s.to_dict() for s in sections]}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    console = _console()
    console.print(Text(f"Magic: The Gathering Comprehensive Rules, {_effective()}"))
    console.print()
    for section in sections:
        console.print(Text.assemble((section.label, "bold"), " ", section.text))
    console.print(
        Text.assemble(("Glossary", "bold"), f" ({len(rules_text.load().glossary_entries)} terms)")
    )
    console.print()
    console.print(
        Text(
            "Try: mtg rules 702.19 | mtg rules --search 'first strike' | mtg rules --glossary 'mana value'",
            style="dim",
        )
    )


@click.command(name="rules")
@click.argument("numbers", nargs=-1, metavar="[NUMBER]...")
@click.option(
    "-s", "--search", "search_words", metavar="WORDS", help="List rules containing all these words."
)
@click.option(
    "-g",
    "--glossary",
    "glossary_term",
    metavar="TERM",
    help="Show the Glossary entry for TERM (and terms containing it).",
)
@click.option(
    "-n",
    "--limit",
    type=click.IntRange(min=1),
    default=25,
    show_default=True,
    help="Most search or glossary results to list.",
)
@click.option(
    "-d",
    "--depth",
    type=click.IntRange(min=0),
    default=None,
    help="Levels of subrules to print (0: the rule alone). Default: all.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.pass_context
def rules(
    ctx: click.Context,
    numbers: tuple[str, ...],
    search_words: str | None,
    glossary_term: str | None,
    limit: int,
    depth: int | None,
    as_json: bool,
) -> None:
    """Look up the Magic: The Gathering Comprehensive Rules.

    \b
    mtg rules 702.19              rule 702.19 (Trample) and its subrules
    mtg rules 702.19b 104.3a      several rules
    mtg rules 702 --depth 1       rule 702 and the headings under it
    mtg rules --search "first strike"
    mtg rules --glossary "mana value"
    """
    if search_words is not None and glossary_term is not None:
        raise click.UsageError("use either --search or --glossary, not both")
    try:
        if search_words is not None:
            # `mtg rules --search first strike` means the words "first strike".
            words = " ".join((search_words, *numbers)).strip()
            if not words:
                raise click.UsageError("--search needs at least one word")
            _show_search(ctx, words, limit, as_json)
        elif glossary_term is not None:
            term = " ".join((glossary_term, *numbers)).strip()
            if not term:
                raise click.UsageError("--glossary needs a term")
            _show_glossary(ctx, term, limit, as_json)
        elif numbers:
            _show_rules(ctx, numbers, depth, as_json)
        else:
            _show_contents(as_json)
    except BrokenPipeError:
        # Output piped into e.g. `head`, which stopped reading: stop quietly.
        silence_stdout()
        ctx.exit(1)
