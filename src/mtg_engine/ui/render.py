"""The board as one player sees it (``Game.observe``), as text for the terminal."""

from __future__ import annotations

from typing import Any

from ..api import Game

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


def render(game: Game, me: int) -> str:
    view = game.observe(me)
    combat = game.combat
    attacking = set(combat.attackers) if combat else set()
    blocking = set(combat.blockers) if combat else set()
    opp = next(p for p in view["players"] if p["index"] != me)
    mine = view["players"][me]
    whose = "Your turn" if view["active"] == me else f"{opp['name']}'s turn"
    lines = [f"── Turn {view['turn']} · {whose} · {step_label(view['step'])} ──"]
    lines.append(
        f"{opp['name']}: life {opp['life']}  poison {opp['poison']}  hand {opp['hand_size']}"
        f"  library {opp['library_size']}"
    )
    for side, who in ((opp["index"], "  them"), (me, "  you ")):
        perms = [
            permanent_text(o, o["id"] in attacking, o["id"] in blocking)
            for o in view["battlefield"]
            if o["controller"] == side
        ]
        lines.append(f"{who}: " + (" · ".join(perms) if perms else "(nothing)"))
    if view["stack"]:
        lines.append(
            "stack (top first): " + " · ".join(f"{o['name']} #{o['id']}" for o in view["stack"])
        )
    for p, who in ((opp, "their"), (mine, "your")):
        exiled = [o["name"] or "face-down" for o in view["exile"] if o["owner"] == p["index"]]
        lines.append(
            f"{who} graveyard: "
            + (", ".join(o["name"] for o in p["graveyard"]) or "(empty)")
            + f"   {who} exile: "
            + (", ".join(exiled) or "(empty)")
        )
    lines.append(
        f"You: life {mine['life']}  poison {mine['poison']}  library {mine['library_size']}"
        f"  mana pool {mana_pool_text(mine['mana_pool'])}"
    )
    hand = [f"{o['name']} #{o['id']}" for o in mine["hand"]]
    lines.append("hand: " + (", ".join(hand) if hand else "(empty)"))
    return "\n".join(lines)
