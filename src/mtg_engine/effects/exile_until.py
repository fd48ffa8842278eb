"""Exiling cards from the top of a library until a card of a kind is exiled (CR 406.2).

"Exile cards from the top of your library until you exile a nonland card. You may
cast that card without paying its mana cost." (Nico Minoru, Territorial Bruntar,
Venture Forth): the cards are exiled one at a time from the top until one matching
the description is exiled, or the library runs out. Each is exiled by the
instruction of the ability (linked to it, CR 607.2a). Afterwards "that card" is the
card found (``ParentRef("it")``), "the rest" the other cards exiled this way, and
"the cards exiled this way" all of them (``ParentRef("exiled")``).
"""

from __future__ import annotations

from ..cards.abilities import Effect, Filter
from ..game.events import EventKind
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object
from ..rules.linked import link_owner
from ..rules.linked_exile import exile_linked
from . import effect


@effect("exile_until")
def exile_until(ctx: Ctx, e: Effect) -> bool:
    """CR 406.2: exile from the top, one card at a time, until a matching card is exiled."""
    g = ctx.game
    p = (ctx.players(e.args.get("player")) or [ctx.controller])[0]
    flt = ctx.concrete(e.args.get("filter") or Filter())
    flt = Filter(flt.kinds if flt.kinds != ("card",) else (), "library", flt.conditions)
    owner = link_owner(ctx.obj)
    lib = g.players[p].library
    exiled: list[int] = []
    found: list[int] = []
    while lib and not found:
        oid = lib[-1]  # the top card (CR 401.1)
        hit = matches_object(g, g.objects[oid], flt, ctx.controller, ctx.source)
        nid = exile_linked(g, oid, owner, ("406.2",))
        if nid is None:
            break
        exiled.append(nid)
        if hit:
            found.append(nid)
    g.emit(
        EventKind.REVEAL,
        ("406.2",),
        f"{g.players[p].name} exiles {len(exiled)} card(s) from the top of their library"
        + (f" until {g.objects[found[0]].name}" if found and found[0] in g.objects else ""),
        player=p,
    )
    ctx.set_parent("it", found)
    ctx.set_parent("rest", [oid for oid in exiled if oid not in found])
    if ctx.task is not None:
        done = (ctx.task.data.get("parent") or {}).get("exiled") or []
        ctx.set_parent("exiled", [*done, *exiled])
    return True
