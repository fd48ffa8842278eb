"""Finding the object or player a scenario names, at the moment it is needed.

An ``id`` follows its card through zone changes (CR 400.7) via
``game.uid_to_obj``; a token's id refers to nothing once the token has
ceased to exist. A bare name is looked up in the order the format defines:
the acting player's own zones (battlefield, hand, graveyard, exile,
command), the stack from the top, then every other player's zones in turn
order (libraries last); among those, objects that are a legal answer come
first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..game.actions import player_ref, ref_player
from ..game.objects import GameObject, Zone
from ..game.state import Game
from ..rules.characteristics import chars
from .names import norm


class Refs:
    """Resolves scenario references (ids, player names, card names) in one game."""

    def __init__(self, labels: dict[str, int], player_names: list[str]) -> None:
        self.labels = labels
        self.player_names = player_names
        self._label_of_uid = {uid: label for label, uid in labels.items()}

    # -- ids ------------------------------------------------------------------

    def label_object(self, game: Game, label: str) -> int | None:
        """The current object of an id (None once a token has ceased to exist)."""
        uid = self.labels.get(label)
        if uid is None:
            return None
        oid = game.uid_to_obj.get(uid)
        return oid if oid is not None and oid in game.objects else None

    def label_of(self, obj: GameObject) -> str | None:
        return self._label_of_uid.get(obj.card_uid)

    # -- search order ---------------------------------------------------------

    def search_order(self, game: Game, acting: int) -> list[int]:
        """Object ids in the format's lookup order for ``acting`` (libraries last)."""
        order = [acting] + [p.index for p in game.players if p.index != acting]
        out: list[int] = []
        for i, p in enumerate(order):
            out.extend(_own_zones(game, p))
            if i == 0:
                out.extend(reversed(game.stack))
        for p in order:
            out.extend(reversed(game.players[p].library))
        return out

    # -- resolution -----------------------------------------------------------

    def resolve(
        self,
        game: Game,
        ref: str,
        acting: int,
        legal: Callable[[int], bool] | None = None,
        exclude: Iterable[int] = (),
        players: bool = False,
        plausible: Callable[[int], bool] | None = None,
    ) -> int | None:
        """An object id, or a player ref (negative) when ``players``; None if nothing matches.

        A name takes the first object of that name that is a legal answer
        (``legal``) and not in ``exclude``; failing that the first object of
        that name (so the action is then illegal), preferring one for which
        ``plausible`` holds (a card in hand for ``play``) so the message about
        why it is illegal is the useful one.
        """
        if ref in self.labels:
            return self.label_object(game, ref)
        if players and ref in self.player_names:
            return player_ref(self.player_names.index(ref))
        key = norm(ref)
        excluded = set(exclude)
        first: int | None = None
        likely: int | None = None
        for oid in self.search_order(game, acting):
            if oid in excluded or not name_matches(game, game.objects[oid], key):
                continue
            if legal is None or legal(oid):
                return oid
            if first is None:
                first = oid
            if likely is None and plausible is not None and plausible(oid):
                likely = oid
        return likely if likely is not None else first

    def describe(self, game: Game, ref: int | None) -> str:
        """A readable name for an object id or player ref (the id label when it has one)."""
        if ref is None:
            return "nothing"
        p = ref_player(ref)
        if p is not None:
            return self.player_names[p] if p < len(self.player_names) else f"player {p}"
        o = game.objects.get(ref)
        if o is None:
            return f"object {ref}"
        label = self.label_of(o)
        return f"{o.name} ({label})" if label else o.name


def _own_zones(game: Game, p: int) -> list[int]:
    pl = game.players[p]
    out = [oid for oid in game.battlefield if game.objects[oid].controller == p]
    out.extend(pl.hand)
    out.extend(pl.graveyard)
    out.extend(oid for oid in game.exile if game.objects[oid].owner == p)
    out.extend(oid for oid in game.command if game.objects[oid].owner == p)
    return out


def name_matches(game: Game, o: GameObject, key: str) -> bool:
    """Whether a normalized name names this object: its card, a face, or its current name."""
    if key == norm(o.card.name) or key == norm(o.name):
        return True
    if any(key == norm(f.name) for f in o.card.faces):
        return True
    if o.zone in (Zone.BATTLEFIELD, Zone.STACK):
        current = chars(game, o).name
        return bool(current) and key == norm(current)
    return False
