"""The board as one player sees it (``Game.observe``), as text for the terminal."""

from __future__ import annotations

from typing import Any

from .. import rules_text
from ..api import Game
from ..rules.characteristics import chars

MANA_SYMBOLS = "WUBRGC"  # the order of a mana pool (CR 106.4)


def step_label(step: str) -> str:
    """``precombat_main`` → ``Precombat main``."""
    return step.replace("_", " ").capitalize()


def mana_pool_text(pool: list[int]) -> str:
    """``[0, 0, 0, 2, 1, 0]`` → ``{R}{R}{G}``; an empty pool is ``empty``."""
    text = "".join(f"{{{s}}}" * n for s, n in zip(MANA_SYMBOLS, pool, strict=True))
    return text or "empty"


def permanent_text(o: dict[str, Any], attacking: bool, blocking: bool) -> str:
    s = f"{o['name'] or 'face-down'} #{o['id']}"
    if o.get("power") is not None:
        s += f" {o['power']}/{o['toughness']}"
    if o.get("keywords"):
        s += " (" + ", ".join(k.lower() for k in o["keywords"]) + ")"
    if attacking:
        s += " [ATTACKING]"
    if blocking:
        s += " [BLOCKING]"
    if o.get("tapped"):
        s += " [tapped]"
    if o.get("damage"):
        s += f" [{o['damage']} damage]"
    if o.get("counters"):
        s += " [" + ", ".join(f"{n} {k}" for k, n in o["counters"].items()) + "]"
    return s


def in_combat(game: Game) -> tuple[set[int], set[int]]:
    """The attacking and the blocking creatures (CR 506.4), for marking them."""
    combat = game.combat
    if combat is None:
        return set(), set()
    return set(combat.attackers), set(combat.blockers)


def render(game: Game, me: int) -> str:
    """The board as ``me`` sees it, as plain text: each opponent (every player of a
    free-for-all, CR 806) with their permanents, then you."""
    view = game.observe(me)
    attacking, blocking = in_combat(game)
    opps = [p for p in view["players"] if p["index"] != me]
    mine = view["players"][me]
    names = {p["index"]: p["name"] for p in view["players"]}
    whose = "Your turn" if view["active"] == me else f"{names[view['active']]}'s turn"
    lines = [f"── Turn {view['turn']} · {whose} · {step_label(view['step'])} ──"]
    if view["turn"] == 0:  # CR 103.5: the opening hands, before the first turn
        lines = ["── Before the first turn · mulligans ──"]

    def perms(side: int) -> str:
        shown = [
            permanent_text(o, o["id"] in attacking, o["id"] in blocking)
            for o in view["battlefield"]
            if o["controller"] == side
        ]
        return " · ".join(shown) if shown else "(nothing)"

    for opp in opps:
        lines.append(
            f"{opp['name']}: life {opp['life']}  poison {opp['poison']}  hand {opp['hand_size']}"
            f"  library {opp['library_size']}" + (" (the monarch)" if opp.get("monarch") else "")
        )
        lines.append(f"  them: {perms(opp['index'])}")
    lines.append(f"  you : {perms(me)}")
    if view["stack"]:
        lines.append(
            "stack (top first): " + " · ".join(f"{o['name']} #{o['id']}" for o in view["stack"])
        )
    single = len(opps) == 1
    for p in [*opps, mine]:
        who = "your" if p is mine else "their" if single else f"{p['name']}'s"
        exiled = [o["name"] or "face-down" for o in view["exile"] if o["owner"] == p["index"]]
        lines.append(
            f"{who} graveyard: "
            + (", ".join(o["name"] for o in p["graveyard"]) or "(empty)")
            + f"   {who} exile: "
            + (", ".join(exiled) or "(empty)")
        )
    lines.append(
        f"You: life {mine['life']}  poison {mine['poison']}  library {mine['library_size']}"
        + (f" (top: {mine['library_top']['name']})" if mine.get("library_top") else "")
        + (" (the monarch)" if mine.get("monarch") else "")
        + f"  mana pool {mana_pool_text(mine['mana_pool'])}"
    )
    hand = [f"{o['name']} #{o['id']}" for o in mine["hand"]]
    lines.append("hand: " + (", ".join(hand) if hand else "(empty)"))
    return "\n".join(lines)


def visible_ids(game: Game, me: int) -> list[int]:
    """The objects ``me`` may look at (CR 401.2, 402.3, 708.5): their own hand, and
    the battlefield, stack, graveyards and exile (face-down ones only if theirs)."""
    ids = [*game.players[me].hand, *game.battlefield, *game.stack, *game.exile]
    for p in game.players:
        ids.extend(p.graveyard)
    return [i for i in ids if not game.objects[i].face_down or game.objects[i].controller == me]


def card_text(game: Game, me: int, query: str) -> str:
    """``show NAME`` (or ``show #ID``): the Oracle text of a card ``me`` can see and
    the abilities the engine compiled from it."""
    query = query.strip().lower().lstrip("#")
    ids = visible_ids(game, me)
    found = [i for i in ids if str(i) == query] or [
        i for i in ids if game.objects[i].name.lower().startswith(query)
    ]
    if not query or not found:
        return f"  no card you can see is called {query!r}"
    o = game.objects[found[0]]
    c = chars(game, o)
    lines = [f"  {o.name} #{o.id} {c.mana_cost or ''}".rstrip()]
    for face in o.card.faces:
        lines.append(f"  {face.type_line}")
        lines.extend(f"    {line}" for line in face.text.splitlines())
        if face.power is not None:
            lines.append(f"    {face.power}/{face.toughness}")
    if c.abilities:
        lines.append("  the engine runs:")
        lines.extend(f"    - {a.text}" for a in c.abilities)
    if c.keywords:
        lines.append("  keywords: " + ", ".join(sorted(k.lower() for k in c.keywords)))
    return "\n".join(lines)


def rule_text(number: str) -> str:
    """``rule N``: a Comprehensive Rules entry with its direct subrules."""
    rule = rules_text.get_rule(number.strip())
    if rule is None:
        return f"  no rule {number.strip()!r} in the Comprehensive Rules"
    lines = [f"  {rule.number} {rule.text}"]
    lines.extend(f"  {r.number} {r.text}" for r in rules_text.subrules(rule.number))
    lines.extend(f"  Example: {e}" for e in rule.examples)
    return "\n".join(lines)
