"""Dungeons (CR 309) and venturing into the dungeon (CR 701.49).

* 309.1-309.2: dungeon cards begin outside the game; a player who ventures while
  they own no dungeon card in the command zone chooses one of theirs from outside
  the game and puts it into the command zone (:func:`enter_dungeon`). Every player
  has each dungeon card outside the game (:data:`DUNGEONS`); the three of
  Adventures in the Forgotten Realms are chosen by "venture into the dungeon",
  Undercity only by "venture into Undercity" (701.49d, CR 725.2).
* 309.3: one dungeon card a player owns in the command zone at a time
  (``Player.dungeon``, the object's id).
* 309.4, 309.4a: the venture marker (``Player.venture_room``, the index of the room
  in :attr:`Dungeon.rooms`) starts on the topmost room.
* 309.4c: each room has a room ability, "When you move your venture marker into
  this room, [effect]", controlled by the dungeon's owner (:func:`room_ability`,
  put on the stack as the marker moves: :func:`_room_triggers`).
* 309.5a-b, 701.49b-c: venturing moves the marker along an arrow (the
  choice is the ``venture`` effect's, effects/dungeon.py), or, from the bottommost
  room, removes the dungeon (completing it) and starts another.
* 309.6, 704.5t: a dungeon whose marker is on its bottommost room and that isn't
  the source of a room ability still waiting or on the stack is removed from the
  game (:func:`dungeons_to_complete`, checked by rules/sba.py).
* 309.7: the player completes the dungeon as it is removed
  (``Player.dungeons_completed``, the names in order; :func:`complete_dungeon`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Final

from ..cards.abilities import (
    Ability,
    AbilityKind,
    CompiledFace,
    ControllerRef,
    Effect,
    ParentRef,
    Trigger,
)
from ..cards.definitions import compile_card
from ..cards.model import CardData, CardFace
from ..game.events import EventKind
from ..game.hooks import CONDITIONS
from ..game.objects import CardDef, Zone
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register("effect:venture", "trigger:room", "condition:completed_dungeon")


@dataclass(frozen=True, slots=True)
class Room:
    """One room of a dungeon: its name (flavor, 309.4b), its room ability's effect
    (309.4c) and the rooms its arrows point to (indices into the dungeon's rooms)."""

    name: str
    effect: str
    next: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Dungeon:
    """A dungeon card (CR 309): its rooms, topmost first, the bottommost last."""

    name: str
    rooms: tuple[Room, ...]
    #: CR 701.49d: chosen only by "venture into [this quality]" (Undercity)
    only_by_name: bool = False

    @property
    def bottommost(self) -> int:
        return len(self.rooms) - 1


#: the dungeon cards (CR 309.2: outside the game, one of each for every player)
DUNGEONS: Final[dict[str, Dungeon]] = {
    d.name: d
    for d in (
        Dungeon(
            "Lost Mine of Phandelver",
            (
                Room("Cave Entrance", "Scry 1.", (1, 2)),
                Room("Goblin Lair", "Create a 1/1 red Goblin creature token.", (3, 4)),
                Room("Mine Tunnels", "Create a Treasure token.", (4, 5)),
                Room("Storeroom", "Put a +1/+1 counter on target creature.", (6,)),
                Room("Dark Pool", "Each opponent loses 1 life and you gain 1 life.", (6,)),
                Room("Fungi Cavern", "Target creature gets -4/-0 until your next turn.", (6,)),
                Room("Temple of Dumathoin", "Draw a card."),
            ),
        ),
        Dungeon(
            "Dungeon of the Mad Mage",
            (
                Room("Yawning Portal", "You gain 1 life.", (1,)),
                Room("Dungeon Level", "Scry 1.", (2, 3)),
                Room("Goblin Bazaar", "Create a Treasure token.", (4,)),
                Room("Twisted Caverns", "Target creature can't attack until your next turn.", (4,)),
                Room("Lost Level", "Scry 2.", (5, 6)),
                Room(
                    "Runestone Caverns",
                    "Exile the top two cards of your library. You may play them.",
                    (7,),
                ),
                Room("Muiral's Graveyard", "Create two 1/1 black Skeleton creature tokens.", (7,)),
                Room("Deep Mines", "Scry 3.", (8,)),
                Room(
                    "Mad Wizard's Lair",
                    "Draw three cards and reveal them. You may cast one of them without "
                    "paying its mana cost.",
                ),
            ),
        ),
        Dungeon(
            "Tomb of Annihilation",
            (
                Room("Trapped Entry", "Each player loses 1 life.", (1, 3)),
                Room("Veils of Fear", "Each player loses 2 life unless they discard a card.", (2,)),
                Room(
                    "Sandfall Cell",
                    "Each player loses 2 life unless they sacrifice an artifact, creature, or land.",
                    (4,),
                ),
                # "Discard a card and sacrifice an artifact, a creature, and a land.",
                # one instruction after another (CR 608.2c)
                Room(
                    "Oubliette",
                    "Discard a card. Sacrifice an artifact. Sacrifice a creature. "
                    "Sacrifice a land.",
                    (4,),
                ),
                Room(
                    "Cradle of the Death God",
                    "Create a 4/4 black God creature token with deathtouch.",
                ),
            ),
        ),
        Dungeon(
            "Undercity",
            (
                Room(
                    "Secret Entrance",
                    "Search your library for a basic land card, reveal it, put it into your "
                    "hand, then shuffle.",
                    (1, 2),
                ),
                Room("Forge", "Put two +1/+1 counters on target creature.", (3, 4)),
                Room("Lost Well", "Scry 2.", (4, 5)),
                Room("Trap!", "Target player loses 5 life.", (6,)),
                Room("Arena", "Goad target creature.", (6, 7)),
                Room("Stash", "Create a Treasure token.", (7,)),
                Room("Archives", "Draw a card.", (8,)),
                Room("Catacombs", "Create a 4/1 black Skeleton creature token with menace.", (8,)),
                Room(
                    "Throne of the Dead Three",
                    "Reveal the top ten cards of your library. Put a creature card from among "
                    "them onto the battlefield with three +1/+1 counters on it. It gains "
                    "hexproof until your next turn. Then shuffle.",
                ),
            ),
            only_by_name=True,
        ),
    )
}

#: Mad Wizard's Lair: "Draw three cards and reveal them. You may cast one of them
#: without paying its mana cost." ("them", "one of them": the cards drawn, CR 608.2c;
#: the player chooses which as the ability resolves, 608.2d)
_DRAWN: Final = ParentRef("it")
WRITTEN_OUT: Final[dict[tuple[str, str], tuple[Effect, ...]]] = {
    ("Dungeon of the Mad Mage", "Mad Wizard's Lair"): (
        Effect("draw", {"player": ControllerRef(), "amount": 3}),
        Effect("reveal", {"what": _DRAWN}),
        Effect(
            "cast_free",
            {"player": ControllerRef(), "what": _DRAWN, "choose_one": True, "may": True},
        ),
    ),
}

#: CR 725.2: the dungeon "venture into Undercity" chooses
UNDERCITY: Final = "Undercity"

#: the trigger condition every room ability has, not printed (CR 309.4c)
ROOM_TRIGGER: Final = "When you move your venture marker into this room"


def room_faces() -> list[CardFace]:
    """Each room ability's effect as the face the card compiler reads (one spell-like
    paragraph each), for the shipped store of compiled abilities."""
    return [_room_face(d, r) for d in DUNGEONS.values() for r in d.rooms]


def _room_face(d: Dungeon, r: Room) -> CardFace:
    return CardFace(
        name=f"{d.name} ({r.name})",
        type_line="Dungeon",
        types=("Sorcery",),  # (read as instructions followed in order, CR 608.2c)
        text=r.effect,
    )


@cache
def room_ability(name: str, index: int) -> Ability:
    """CR 309.4c: the room ability of room ``index`` of the dungeon ``name``: "When you
    move your venture marker into this room, [effect]"."""
    d = DUNGEONS[name]
    r = d.rooms[index]
    face = _room_face(d, r)
    compiled = compile_card(CardData(name=face.name, layout="normal", faces=(face,)))[0]
    spell = next(a for a in compiled.abilities if a.kind is AbilityKind.SPELL)
    effect = r.effect[0].lower() + r.effect[1:]
    return Ability(
        AbilityKind.TRIGGERED,
        text=f"{r.name} — {ROOM_TRIGGER}, {effect}",
        effects=WRITTEN_OUT.get((name, r.name), spell.effects),
        targets=spell.targets,
        modes=spell.modes,
        modes_choose=spell.modes_choose,
        trigger=Trigger("room"),
    )


def room_unparsed(name: str, index: int) -> tuple[str, ...]:
    """The sentences of a room ability's effect the compiler couldn't read (none, for
    the dungeons here: pinned by a test)."""
    d = DUNGEONS[name]
    face = _room_face(d, d.rooms[index])
    return compile_card(CardData(name=face.name, layout="normal", faces=(face,)))[0].unparsed


@cache
def dungeon_def(name: str) -> CardDef:
    """The card definition of a dungeon (CR 309.1: the card type Dungeon, no mana
    cost, colorless). Its room abilities aren't the object's printed abilities here:
    they trigger only on the venture marker moving (:func:`room_ability`)."""
    d = DUNGEONS[name]
    face = CardFace(
        name=name,
        type_line="Dungeon",
        types=("Dungeon",),
        text="\n".join(f"{r.name} — {r.effect}" for r in d.rooms),
    )
    data = CardData(name=name, layout="dungeon", faces=(face,))
    return CardDef(name, data, (CompiledFace(abilities=()),), token_spec={"dungeon": name})


def dungeon_of(game: Game, player: int) -> GameObject | None:
    """The dungeon card ``player`` owns in the command zone, None when none (309.3)."""
    oid = game.players[player].dungeon
    o = game.objects.get(oid) if oid is not None else None
    return o if o is not None and o.zone == Zone.COMMAND else None


def current_dungeon(game: Game, player: int) -> Dungeon | None:
    o = dungeon_of(game, player)
    return DUNGEONS.get(o.name) if o is not None else None


def choosable(game: Game, player: int, quality: str | None) -> list[str]:
    """CR 309.2a, 701.49a, 701.49d: the dungeon cards ``player`` may bring into the
    game: those with the quality named (Undercity), otherwise those not restricted to
    "venture into [quality]"."""
    if quality is not None:
        return [n for n in DUNGEONS if n == quality]
    return [n for n, d in DUNGEONS.items() if not d.only_by_name]


def next_rooms(game: Game, player: int) -> list[int]:
    """CR 701.49b: the rooms the arrows from the player's current room point to."""
    d = current_dungeon(game, player)
    room = game.players[player].venture_room
    if d is None or room is None:
        return []
    return list(d.rooms[room].next)


def enter_dungeon(game: Game, player: int, name: str, rules: tuple[str, ...]) -> None:
    """CR 309.2a-b, 309.4a: ``player`` puts the dungeon card ``name`` into the command
    zone and their venture marker on its topmost room (whose ability triggers)."""
    p = game.players[player]
    obj = game.create_card(dungeon_def(name), player, Zone.COMMAND)
    obj.controller = player
    p.dungeon = obj.id
    p.venture_room = 0
    game.invalidate()
    game.emit(
        EventKind.DUNGEON,
        (*rules, "309.2b", "309.4a"),
        f"{p.name} puts {name} into the command zone and their venture marker on its "
        f"topmost room, {DUNGEONS[name].rooms[0].name}",
        player=player,
        obj=obj.id,
        room=0,
    )
    _room_triggers(game, player, obj, 0)


def move_marker(game: Game, player: int, room: int, rules: tuple[str, ...]) -> None:
    """CR 309.5a, 701.49b: ``player`` moves their venture marker to ``room``."""
    p = game.players[player]
    obj = dungeon_of(game, player)
    d = current_dungeon(game, player)
    assert obj is not None and d is not None  # (the venture effect checked: 701.49b)
    before = p.venture_room
    p.venture_room = room
    game.emit(
        EventKind.DUNGEON,
        (*rules, "309.5a"),
        f"{p.name} moves their venture marker in {d.name} from "
        f"{d.rooms[before or 0].name} to {d.rooms[room].name}",
        player=player,
        obj=obj.id,
        room=room,
    )
    _room_triggers(game, player, obj, room)


def at_bottommost(game: Game, player: int) -> bool:
    d = current_dungeon(game, player)
    return d is not None and game.players[player].venture_room == d.bottommost


def complete_dungeon(game: Game, player: int, rules: tuple[str, ...]) -> None:
    """CR 309.6-309.7, 701.49c: the dungeon card is removed from the game; its owner
    completes it."""
    p = game.players[player]
    obj = dungeon_of(game, player)
    if obj is None:
        return
    game.command.remove(obj.id)
    del game.objects[obj.id]
    p.dungeon = None
    p.venture_room = None
    p.dungeons_completed = (*p.dungeons_completed, obj.name)
    game.invalidate()
    game.emit(
        EventKind.DUNGEON,
        (*rules, "309.7"),
        f"{p.name} removes {obj.name} from the game: they complete the dungeon "
        f"({len(p.dungeons_completed)} completed)",
        player=player,
        completed=obj.name,
    )


def _room_triggers(game: Game, player: int, obj: GameObject, room: int) -> None:
    """CR 309.4c: the room ability of the room the marker moved into triggers,
    controlled by the dungeon's owner."""
    ability = room_ability(obj.name, room)
    game.pending_triggers.append(
        {
            "source": obj.id,
            "source_name": obj.name,
            "source_token": obj.card.token_spec,
            "card_uid": obj.card_uid,
            "controller": player,
            "ability": ability,
            "event": {"player": player, "room": room},
        }
    )


def _room_pending(game: Game, oid: int) -> bool:
    """Whether a room ability of the dungeon ``oid`` has triggered and not yet left
    the stack (CR 309.6)."""
    if any(t.get("source") == oid for t in game.pending_triggers):
        return True
    return any(
        game.objects[sid].stack_kind == "triggered" and game.objects[sid].source_id == oid
        for sid in game.stack
    )


def dungeons_to_complete(game: Game) -> list[int]:
    """CR 704.5t, 309.6: the players whose venture marker is on the bottommost room of
    their dungeon and whose dungeon isn't the source of a room ability still waiting
    or on the stack."""
    out = []
    for p in game.players:
        if p.dungeon is None or p.has_lost:
            continue
        if at_bottommost(game, p.index) and not _room_pending(game, p.dungeon):
            out.append(p.index)
    return out


def dungeon_owed(game: Game) -> bool:
    """Cheap first look for rules/sba.py: some player has a dungeon at all."""
    return any(p.dungeon is not None for p in game.players)


def dungeon_view(game: Game, player: int) -> dict[str, object] | None:
    """The player's dungeon as observe() shows it (public, in the command zone)."""
    d = current_dungeon(game, player)
    room = game.players[player].venture_room
    if d is None or room is None:
        return None
    return {"name": d.name, "room": room, "room_name": d.rooms[room].name}


def _completed_dungeon(game: Game, cond: object, controller: int, source: object) -> bool:
    """ "if you've completed a dungeon", "as long as you've completed a dungeon"
    (CR 309.7): the player has completed one or more dungeons this game."""
    return bool(game.players[controller].dungeons_completed)


CONDITIONS.setdefault("completed_dungeon", _completed_dungeon)
