"""The board as one player sees it (``Game.observe``), drawn with Rich for a
terminal: a phase bar, a panel per player with their permanents grouped into
lands, creatures and other permanents, mana symbols in their colours, tapped
permanents dimmed, attackers and blockers marked, and the stack.

``render.render`` is the same board as plain text, for pipes and tests.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..api import Game, Step
from .render import MANA_SYMBOLS, in_combat, step_label

#: Rich styles of the mana symbols (CR 105.1, 106.1b: white, blue, black, red, green, colorless)
MANA_STYLES = {
    "W": "bold black on bright_white",
    "U": "bold bright_white on blue",
    "B": "bold bright_white on grey23",
    "R": "bold bright_white on red",
    "G": "bold bright_white on green",
    "C": "bold black on grey70",
}
#: the colour a card's name is written in (CR 105.2: its colours; gold for several)
COLOR_STYLES = {
    "white": "bright_white",
    "blue": "bright_blue",
    "black": "magenta",
    "red": "bright_red",
    "green": "bright_green",
}
_SYMBOL = re.compile(r"\{([^}]*)\}")
#: the steps on the phase bar (CR 500.1), without the untap and cleanup steps
BAR_STEPS = tuple(s for s in Step.NAMES if s not in ("untap", "cleanup"))
_BAR_LABELS = {
    "upkeep": "Upkeep",
    "draw": "Draw",
    "precombat_main": "Main 1",
    "beginning_of_combat": "Combat",
    "declare_attackers": "Attack",
    "declare_blockers": "Block",
    "first_strike_damage": "1st strike",
    "combat_damage": "Damage",
    "end_of_combat": "End combat",
    "postcombat_main": "Main 2",
    "end": "End",
}


def mana_text(cost: str | None) -> Text:
    """``{2}{R}{G}`` with each coloured symbol on its colour."""
    out = Text()
    for sym in _SYMBOL.findall(cost or ""):
        out.append(f"{{{sym}}}", style=MANA_STYLES.get(sym, "bold black on grey62"))
    return out


def pool_text(pool: list[int]) -> Text:
    """The mana pool by colour (CR 106.4): ``R×2 G×1``, or ``empty``."""
    out = Text()
    for sym, n in zip(MANA_SYMBOLS, pool, strict=True):
        if n:
            if out:
                out.append(" ")
            out.append(f" {sym} ", style=MANA_STYLES[sym])
            out.append(f"×{n}")
    return out or Text("empty", style="dim")


def _name_style(o: dict[str, Any]) -> str:
    colors = o.get("colors") or []
    if len(colors) > 1:
        return "bold yellow"
    return COLOR_STYLES.get(colors[0], "bold") if colors else "bold"


def card_text(
    o: dict[str, Any],
    attacking: bool = False,
    blocking: bool = False,
    names: dict[int, str] | None = None,
) -> Text:
    """One permanent or card: name and id in its colour, P/T, keywords and state;
    what it's attached to by name (``names``: id -> name of what the view shows)."""
    t = Text()
    name = o["name"] or "face-down"
    t.append(name, style=_name_style(o) + (" dim" if o.get("tapped") else ""))
    t.append(f" #{o['id']}", style="dim")
    if o.get("power") is not None:
        damaged = " bold red" if o.get("damage") else ""
        t.append(f" {o['power']}/{o['toughness']}", style="cyan" + damaged)
    if o.get("keywords"):
        t.append(" " + ", ".join(k.lower() for k in o["keywords"]), style="italic")
    marks = []
    if attacking:
        marks.append(("⚔ attacking", "bold red"))
    if blocking:
        marks.append(("🛡 blocking", "bold blue"))
    if o.get("tapped"):
        marks.append(("tapped", "dim"))
    if o.get("summoning_sick") and "Creature" in o.get("types", ()):
        marks.append(("sick", "dim yellow"))
    if o.get("damage"):
        marks.append((f"{o['damage']} damage", "red"))
    for k, n in (o.get("counters") or {}).items():
        marks.append((f"{n} {k}", "magenta"))
    if o.get("attached_to") is not None:
        host = o["attached_to"]
        where = (names or {}).get(host, "a permanent")
        marks.append((f"on {where}" + (f" #{host}" if host >= 0 else ""), "dim"))
    for label, style in marks:
        t.append(" [")
        t.append(label, style=style)
        t.append("]")
    return t


def phase_bar(view: dict[str, Any], me: int) -> Text:
    """``Turn 5 · Your turn`` and the steps, the current one highlighted."""
    mine = view["active"] == me
    t = Text()
    if view["turn"] == 0:  # CR 103.5: the opening hands, before the first turn
        t.append("Before the first turn · mulligans\n", style="bold")
        return t
    t.append(f"Turn {view['turn']} · ", style="bold")
    active = next(p["name"] for p in view["players"] if p["index"] == view["active"])
    whose = "Your turn" if mine else f"{active}'s turn"
    t.append(whose, style="bold green" if mine else "bold red")
    t.append("\n")
    for s in BAR_STEPS:
        label = _BAR_LABELS.get(s, step_label(s))
        if s == view["step"]:
            t.append(f" {label} ", style="bold black on yellow")
        else:
            t.append(f" {label} ", style="dim")
    if view["step"] not in BAR_STEPS:
        t.append(f" ({step_label(view['step'])})", style="italic")
    return t


def _rows(perms: list[Text], width: int = 3) -> Table:
    grid = Table.grid(padding=(0, 2))
    width = max(1, min(width, len(perms)))
    for _ in range(width):
        grid.add_column()
    for i in range(0, len(perms), width):
        row = perms[i : i + width]
        grid.add_row(*row, *([""] * (width - len(row))))
    return grid


def _battlefield(view: dict[str, Any], side: int, attacking: set[int], blocking: set[int]) -> Table:
    """A player's permanents grouped into creatures, other permanents and lands."""
    groups: dict[str, list[Text]] = {"Creatures": [], "Other": [], "Lands": []}
    names = {x["id"]: x["name"] or "a face-down permanent" for x in view["battlefield"]}
    names |= {-(i + 1): p["name"] for i, p in enumerate(view["players"])}  # player refs
    for o in view["battlefield"]:
        if o["controller"] != side:
            continue
        types = o.get("types") or []
        group = "Creatures" if "Creature" in types else "Lands" if "Land" in types else "Other"
        groups[group].append(card_text(o, o["id"] in attacking, o["id"] in blocking, names))
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold dim", width=9)
    table.add_column()
    for label, cards in groups.items():
        if cards:
            table.add_row(label, _rows(cards, 2 if label == "Creatures" else 3))
    if not any(groups.values()):
        table.add_row("", Text("no permanents", style="dim"))
    return table


def _zones(player: dict[str, Any], exile: list[dict[str, Any]]) -> Text:
    grave = [o["name"] for o in player["graveyard"]]
    exiled = [o["name"] or "face-down" for o in exile if o["owner"] == player["index"]]
    t = Text("graveyard: ", style="dim")
    t.append(", ".join(grave) or "empty")
    t.append("   exile: ", style="dim")
    t.append(", ".join(exiled) or "empty")
    return t


def board(game: Game, me: int) -> RenderableType:
    """The Rich board for player ``me`` (only what ``observe(me)`` shows)."""
    view = game.observe(me)
    attacking, blocking = in_combat(game)
    mine = view["players"][me]
    parts: list[RenderableType] = [phase_bar(view, me)]
    for p in view["players"]:
        if p["index"] == me:
            continue
        title = Text()
        title.append(f"{p['name']}", style="bold red")
        title.append(
            f"  ♥ {p['life']}  poison {p['poison']}  hand {p['hand_size']}"
            f"  library {p['library_size']}"
        )
        if p.get("monarch"):
            title.append("  ♛ the monarch")  # CR 724
        body = Group(_battlefield(view, p["index"], attacking, blocking), _zones(p, view["exile"]))
        parts.append(Panel(body, title=title, title_align="left", border_style="red"))
    if view["stack"]:
        stack = Table.grid(padding=(0, 1))
        for i, o in enumerate(view["stack"]):
            who = "yours" if o["controller"] == me else "opponent's"
            stack.add_row(Text("top" if i == 0 else "", style="dim"), card_text(o), Text(who))
        parts.append(Panel(stack, title="Stack", title_align="left", border_style="yellow"))
    title = Text()
    title.append("You", style="bold green")
    title.append(f"  ♥ {mine['life']}  poison {mine['poison']}  library {mine['library_size']}")
    if mine.get("library_top"):
        title.append(f" (top: {mine['library_top']['name']})")  # CR 401.5
    if mine.get("monarch"):
        title.append("  ♛ the monarch")  # CR 724
    pool = Text("mana pool: ", style="dim")
    pool.append_text(pool_text(mine["mana_pool"]))
    hand = Table.grid(padding=(0, 1))
    hand.add_column(style="bold dim", width=9)
    hand.add_column()
    cards = []
    for o in mine["hand"]:
        t = card_text(o)
        if o.get("mana_cost"):
            t.append(" ")
            t.append_text(mana_text(o["mana_cost"]))
        cards.append(t)
    hand.add_row("Hand", _rows(cards, 2) if cards else Text("empty", style="dim"))
    body = Group(
        _battlefield(view, me, attacking, blocking), hand, _zones(mine, view["exile"]), pool
    )
    parts.append(Panel(body, title=title, title_align="left", border_style="green"))
    return Group(*parts)
