"""Commanders (CR 903): which cards are a player's commander, the conditions that
read it, and the Commander variant's own rules.

* 903.3: the designation is an attribute of the card itself, not a characteristic
  of the object: it follows the card through every zone (``Player.commanders``,
  the ``card_uid`` of each card designated as that player's commander; a game
  that isn't a Commander game has none, and then "if you control your commander"
  is simply false).
* 903.3d: "controlling a commander" refers to a permanent on the battlefield that
  is a commander; "a commander" in another zone, to a card in that zone that is.
* The filter kind ``commander`` and condition ``("commander", True)`` ("commander
  creatures you control", "target commander", "if you control a commander") match
  such objects (rules/filters.py); the condition ``control_commander`` is "if you
  control your commander" (one you own, 903.3).
* 903.6, 408.3: a commander starts the game in the command zone (the scenario
  runner creates it there, then designates it with :func:`designate_commander`).
* 903.8: its owner may cast it from the command zone (rules/play_permissions.py
  asks :func:`castable_from_command_zone`); the commander tax, {2} more for each
  previous time that player cast it from the command zone this game, is an
  additional cost (118.8, 601.2f: rules/costs.py adds :func:`commander_tax`,
  recorded as the spell is put on the stack and counted as it becomes cast,
  601.2i: :func:`count_command_zone_cast`). Counted per commander
  (``Player.commander_casts``).
* 903.9a, 704.6d: a commander put into a graveyard or exile since state-based
  actions were last checked may be put into the command zone by its owner, a
  state-based action (rules/sba.py; :func:`commanders_to_offer`;
  rules/command_zone.py asks the owner).
* 903.9b: a commander that would be put into its owner's hand or library from
  anywhere may be put into the command zone instead: an optional replacement
  effect its owner chooses (616.1; rules/command_zone.py), which may apply more than once to the same
  event (an exception to 614.5).
* 903.10a, 704.6c: combat damage a commander deals a player is counted over the
  game (``Player.commander_damage``, :func:`count_commander_damage`); a player
  dealt 21 or more by the same commander loses (rules/sba.py).

None of this costs anything in a game without commanders: each hook first looks
at the owner's ``commanders``, an empty tuple there.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from ..cards.model import CardData, mana_symbols
from ..game.hooks import CONDITIONS
from ..game.objects import Zone
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register(
    "kind:commander",
    "cond:commander",
    "condition:control_commander",
    "cond:control_commander",
    "amount:commander_casts",  # times_cast_your_commander
)


def is_commander(game: Game, obj: GameObject) -> bool:
    """CR 903.3: the object represents a card designated as a player's commander (a
    token or a copy of a spell is never a card, so never a commander)."""
    if obj.is_token:
        return False
    uid = obj.card_uid
    return any(uid in p.commanders for p in game.players)


_REMINDER = re.compile(r"\([^()]*\)")
_COLOR_LETTERS = "WUBRG"


def color_identity(card: CardData) -> frozenset[str]:
    """CR 903.4: the colors of the mana symbols in a card's mana cost and rules text
    (reminder text ignored, 903.4c), plus its color indicator and the colors a
    characteristic-defining ability gives it ("is all colors"), on every face
    (903.4d-e); as color letters ("W", "U" ...)."""
    letters: set[str] = set()
    for face in card.faces:
        letters |= set(face.color_indicator)
        text = _REMINDER.sub("", face.text or "")
        for sym in (*mana_symbols(face.mana_cost), *mana_symbols(text)):
            letters |= {part for part in sym.split("/") if part in _COLOR_LETTERS}
        if f"{face.name} is all colors" in text or "This card is all colors" in text:
            letters |= set(_COLOR_LETTERS)
    return frozenset(letters)


def commander_color_identity(game: Game, player: int) -> frozenset[str] | None:
    """The combined color identity of ``player``'s commanders (CR 903.4), as color
    letters; None when the player has no commander: the quality is undefined, so
    an ability that refers to it does nothing (903.4f)."""
    mine = game.players[player].commanders
    if not mine:
        return None
    cards = {o.card_uid: o.card.data for o in game.objects.values() if o.card_uid in mine}
    letters: frozenset[str] = frozenset()
    for card in cards.values():
        letters |= color_identity(card)
    return letters


def designate_commander(game: Game, player: int, obj: GameObject) -> None:
    """CR 903.3: the card ``obj`` represents is ``player``'s commander (as the game
    begins)."""
    p = game.players[player]
    if obj.card_uid not in p.commanders:
        p.commanders = (*p.commanders, obj.card_uid)
        game.invalidate()


def has_commanders(game: Game) -> bool:
    """Whether some player has a commander (CR 903.3): a Commander game."""
    for p in game.players:
        if p.commanders:
            return True
    return False


def owns_commander(game: Game, obj: GameObject) -> bool:
    """CR 903.3: ``obj`` is a card designated as its owner's commander."""
    return not obj.is_token and obj.card_uid in game.players[obj.owner].commanders


def castable_from_command_zone(game: Game, player: int, obj: GameObject) -> bool:
    """CR 903.8: ``player`` may cast ``obj`` from the command zone: it is a
    commander they own there."""
    return obj.zone == Zone.COMMAND and obj.owner == player and owns_commander(game, obj)


def commanders_in_command_zone(game: Game, player: int) -> list[int]:
    """The ids of the commanders ``player`` owns in the command zone (CR 903.8)."""
    if not game.players[player].commanders:
        return []
    objects = game.objects
    return [oid for oid in game.command if castable_from_command_zone(game, player, objects[oid])]


def _count(pairs: tuple[tuple[int, int], ...], uid: int) -> int:
    for k, n in pairs:
        if k == uid:
            return n
    return 0


def _with_count(
    pairs: tuple[tuple[int, int], ...], uid: int, n: int
) -> tuple[tuple[int, int], ...]:
    return (*((k, v) for k, v in pairs if k != uid), (uid, n))


def command_zone_casts(game: Game, player: int, card_uid: int) -> int:
    """CR 903.8: how many times ``player`` has cast this commander from the command
    zone this game."""
    return _count(game.players[player].commander_casts, card_uid)


def times_cast_your_commander(game: Game, player: int) -> int:
    """ "for each time you've cast your commander from the command zone this game"
    (Commander's Insignia, Echo Storm; CR 903.8): the casts of each of ``player``'s
    commanders from the command zone, added up (two partner commanders: both count);
    0 outside a Commander game."""
    return sum(n for _uid, n in game.players[player].commander_casts)


def commander_tax(game: Game, player: int, obj: GameObject) -> int:
    """CR 903.8: the commander tax of casting ``obj`` from the command zone: {2} for
    each previous time ``player`` cast it from there this game (the generic mana)."""
    return 2 * command_zone_casts(game, player, obj.card_uid)


def count_command_zone_cast(game: Game, player: int, obj: GameObject) -> None:
    """CR 903.8, 601.2i: ``player`` cast the commander ``obj`` from the command zone."""
    p = game.players[player]
    n = _count(p.commander_casts, obj.card_uid) + 1
    p.commander_casts = _with_count(p.commander_casts, obj.card_uid, n)


def set_command_zone_casts(game: Game, player: int, card_uid: int, n: int) -> None:
    """CR 903.8: ``player`` has cast this commander ``n`` times from the command zone
    (a game set up partway through)."""
    p = game.players[player]
    p.commander_casts = _with_count(p.commander_casts, card_uid, n)


def commander_damage(game: Game, player: int, card_uid: int) -> int:
    """CR 903.10a: the combat damage the commander ``card_uid`` has dealt ``player``
    this game."""
    return _count(game.players[player].commander_damage, card_uid)


def set_commander_damage(game: Game, player: int, card_uid: int, n: int) -> None:
    """CR 903.10a: the commander ``card_uid`` has dealt ``player`` ``n`` combat damage
    this game (a game set up partway through)."""
    p = game.players[player]
    p.commander_damage = _with_count(p.commander_damage, card_uid, n)


def count_commander_damage(game: Game, source: GameObject, player: int, amount: int) -> None:
    """CR 903.10a: ``source`` dealt ``player`` ``amount`` combat damage; counted when
    it is a commander (the caller looks at its owner's ``commanders`` first)."""
    if source.is_token or amount <= 0:
        return
    uid = source.card_uid
    if uid not in game.players[source.owner].commanders:
        return
    set_commander_damage(game, player, uid, commander_damage(game, player, uid) + amount)


#: CR 903.10a, 704.6c: the combat damage from one commander that makes a player lose
COMMANDER_DAMAGE_LIMIT: Final = 21


def commander_damage_losers(game: Game) -> list[int]:
    """CR 704.6c, 903.10a: the players (not yet out) dealt 21 or more combat damage
    by the same commander over the game."""
    return [
        p.index
        for p in game.players
        if p.commander_damage
        and not p.has_lost
        and any(n >= COMMANDER_DAMAGE_LIMIT for _, n in p.commander_damage)
    ]


def commanders_to_offer(game: Game) -> list[tuple[int, int]]:
    """CR 903.9a, 704.6d: (owner, object id) of each commander in a graveyard or in
    exile put there since state-based actions were last checked (an object its
    owner hasn't been offered the command zone for yet, CR 400.7)."""
    out: list[tuple[int, int]] = []
    for p in game.players:
        if not p.commanders or p.has_lost:
            continue
        for uid in p.commanders:
            oid = game.uid_to_obj.get(uid)
            o = game.objects.get(oid) if oid is not None else None
            if o is None or o.zone not in (Zone.GRAVEYARD, Zone.EXILE):
                continue
            if oid not in p.commander_offered:
                out.append((p.index, o.id))
    return out


def commander_sba_owed(game: Game) -> bool:
    """Cheap look for rules/sba.py: a commander state-based action (704.6c-d) is owed."""
    return bool(commanders_to_offer(game)) or bool(commander_damage_losers(game))


def _control_your_commander(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "if you control your commander" (CR 903.3d: a permanent that is a commander
    you own, under your control)."""
    mine = game.players[controller].commanders
    if not mine:
        return False
    return any(
        (o := game.objects[oid]).controller == controller
        and not o.phased_out
        and not o.is_token
        and o.card_uid in mine
        for oid in game.battlefield
    )


CONDITIONS.setdefault("control_commander", _control_your_commander)
