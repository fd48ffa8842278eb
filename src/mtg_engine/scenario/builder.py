"""Setting up the game a scenario describes, at the moment it starts.

Objects are created in the order the file lists them (the first player's
entries first) so their timestamps follow the file; then
:func:`mtg_engine.rules.setup.start_at` begins the chosen step. Each ``id``
maps to the card's ``card_uid``, which follows the card across zone changes
(CR 400.7) through ``game.uid_to_obj``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards.definitions import card_def, token_def
from ..game.actions import player_ref
from ..game.objects import CardDef, GameObject, Zone
from ..game.state import Game
from ..rules.commanders import designate_commander, set_command_zone_casts, set_commander_damage
from ..rules.face_down import set_face_down
from ..rules.layers import apply_setup
from ..rules.setup import start_at
from .model import SETUP_ZONES, VARIANT_LIFE, EntrySpec, PlayerSpec, Scenario, ScenarioError
from .names import canonical_card_name, norm

#: how many cards a player without a ``library`` gets (no decking by accident)
DEFAULT_LIBRARY_SIZE = 20
DEFAULT_BASIC = "Plains"
#: ``controlled_since`` of set-up permanents that aren't ``sick``: before turn 1
SETUP_CONTROLLED_SINCE = -1
_BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


class BuildError(Exception):
    """The setup can't be built (e.g. ``attached_to`` names nothing); a file error."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message

    def as_error(self, sc: Scenario) -> ScenarioError:
        path = f"{sc.path}.{self.path}" if sc.path else self.path
        return ScenarioError(sc.file, path, self.message)


@dataclass
class Built:
    """The set-up game and the ids of the scenario (id → card_uid)."""

    game: Game
    labels: dict[str, int]


def build(sc: Scenario) -> Built:
    """Create the game of a scenario and begin its starting step."""
    names = sc.player_names
    game = Game(names, seed=sc.seed)
    if sc.teams:
        # CR 102.3, 810.1: the teams (their players adjacent in turn order, 805.1)
        game.teams = [next(t for t, team in enumerate(sc.teams) if n in team) for n in names]
        for pl in game.players:
            pl.starting_life = VARIANT_LIFE["two_headed_giant"]  # CR 103.4, 810.4
    for i, p in enumerate(sc.players):
        pl = game.players[i]
        pl.life = p.life
        pl.poison = p.poison
        pl.speed = p.speed
        pl.monarch = p.monarch
        pl.initiative = p.initiative
        pl.mana_pool = list(p.mana_pool)
    labels: dict[str, int] = {}
    first_objs: list[tuple[EntrySpec, GameObject, int]] = []
    for i, p in enumerate(sc.players):
        for zone in SETUP_ZONES:
            entries = p.zones.get(zone)
            if zone == "library" and not p.library_given:
                _default_library(game, i, p)
                continue
            if not entries:
                continue
            ordered = list(reversed(entries)) if zone == "library" else entries
            for e in ordered:
                objs = [_create(game, sc, e, i, zone, names) for _ in range(e.count)]
                if e.id is not None:
                    labels[e.id] = objs[0].card_uid
                first_objs.append((e, objs[0], i))
                for o in objs[1:]:
                    first_objs.append((e, o, i))
    for e, obj, _owner in first_objs:
        _links(game, e, obj, labels, names)
    if sc.variant == "commander":
        _commanders(game, sc)

    apply_setup(game)  # copy_of choices become copy effects (CR 707.5); control (613.1b)
    active = names.index(sc.start_active) if sc.start_active in names else 0
    start_at(game, sc.start_turn, active, sc.start_step)
    return Built(game, labels)


def _commanders(game: Game, sc: Scenario) -> None:
    """A Commander game (CR 903): each player's starting life total is 40 (903.7,
    103.4); their commanders are designated (903.3; each was put into the command
    zone unless the setup lists it in another zone, 903.6; one listed in a graveyard
    or exile was put there earlier, so 903.9a doesn't offer it now), with the times each was
    cast from the command zone (903.8) and the combat damage players' commanders
    already dealt them (903.10a)."""
    names = sc.player_names
    for i, p in enumerate(sc.players):
        game.players[i].starting_life = VARIANT_LIFE["commander"]
        taken: set[int] = set()
        for name in p.commanders:
            want = canonical_card_name(name)
            found = next(
                (
                    o
                    for o in sorted(game.objects.values(), key=_command_first)
                    if o.owner == i
                    and not o.is_token
                    and o.card.name == want
                    and o.card_uid not in taken
                ),
                None,
            )
            if found is None:
                raise BuildError(f"players.{p.name}.commander", f"{name} isn't {p.name}'s card")
            taken.add(found.card_uid)
            designate_commander(game, i, found)
            if found.zone in (Zone.GRAVEYARD, Zone.EXILE):
                # listed there, it was put there before the scenario's moment: the
                # state-based action of 903.9a (704.6d) was already checked for it
                pl = game.players[i]
                pl.commander_offered = (*pl.commander_offered, found.id)
            if p.commander_casts:
                set_command_zone_casts(game, i, found.card_uid, p.commander_casts)
    for i, p in enumerate(sc.players):
        for who, amount in p.commander_damage.items():
            theirs = game.players[names.index(who)].commanders
            if not theirs:
                raise BuildError(
                    f"players.{p.name}.commander_damage.{who}", f"{who} has no commander"
                )
            set_commander_damage(game, i, theirs[0], amount)


def _command_first(o: GameObject) -> tuple[int, int]:
    """The command zone's cards first (CR 903.6), then by id."""
    return (0 if o.zone == Zone.COMMAND else 1, o.id)


def _card_def(e: EntrySpec) -> CardDef:

    if e.token is not None:
        spec = dict(e.token)
        abilities = spec.pop("abilities", None) or []
        spec["keywords"] = [a[:1].upper() + a[1:] for a in abilities]
        return token_def(spec)
    assert e.card is not None
    return card_def(canonical_card_name(e.card))


def _create(
    game: Game, sc: Scenario, e: EntrySpec, owner: int, zone: str, names: list[str]
) -> GameObject:
    obj = game.create_card(_card_def(e), owner, Zone.BY_NAME[zone])
    obj.is_token = e.token is not None
    obj.counters = dict(e.counters)
    obj.face_down = e.face_down
    if e.face_down:
        # CR 708.2: how it's face down decides its characteristics (ward {2} for
        # disguise and cloak) and how it may be turned face up;
        # "mask": cast face down by Illusionary Mask (turns face up instead of dealing or
        # being dealt damage or becoming tapped, rules/face_down.py)
        set_face_down(obj, e.face_down_as or "morph")
    if zone == "battlefield":
        obj.tapped = e.tapped
        obj.damage = e.damage
        obj.phased_out = e.phased_out
        if e.controller is not None:
            obj.controller = names.index(e.controller)
        # CR 302.6: "sick" means it came under its controller's control this turn;
        # otherwise since before the game's first turn, so that even the player who
        # hasn't had a turn yet (turn 1) controls it "continuously since their most
        # recent turn began" (0 would make it sick for that player)
        obj.controlled_since = sc.start_turn if e.sick else SETUP_CONTROLLED_SINCE
        if e.flipped or e.transformed:
            if len(obj.card.faces) < 2:
                key = "flipped" if e.flipped else "transformed"
                raise BuildError(f"{e.path}.{key}", f"{obj.card.name} has only one face")
            obj.face = 1
    return obj


def _default_library(game: Game, index: int, p: PlayerSpec) -> None:
    """20 basic lands: of the first basic land type the player's setup names, else Plains."""

    named = [
        canonical_card_name(e.card)
        for entries in p.zones.values()
        for e in entries
        if e.card is not None
    ]
    basic = next((n for n in named if n in _BASICS), DEFAULT_BASIC)
    cdef = card_def(basic)
    for _ in range(DEFAULT_LIBRARY_SIZE):
        game.create_card(cdef, index, Zone.LIBRARY)


def _find_permanent(
    game: Game, ref: str, labels: dict[str, int], exclude: int | None = None
) -> int | None:
    """An id label, or the first battlefield object with that name (listing order)."""
    if ref in labels:
        return game.uid_to_obj.get(labels[ref])
    key = norm(ref)
    for oid in game.battlefield:
        o = game.objects[oid]
        if oid != exclude and key in (norm(o.card.name), norm(o.name)):
            return oid
    return None


def _links(
    game: Game, e: EntrySpec, obj: GameObject, labels: dict[str, int], names: list[str]
) -> None:
    """``attached_to`` and ``chosen`` values, once every object exists."""
    if e.attached_to is not None:
        if e.attached_to in names and e.attached_to not in labels:
            obj.chosen = {**(obj.chosen or {}), "attached_player": names.index(e.attached_to)}
        else:
            target = _find_permanent(game, e.attached_to, labels, exclude=obj.id)
            if target is None or game.objects[target].zone != Zone.BATTLEFIELD:
                raise BuildError(
                    f"{e.path}.attached_to",
                    f"{e.attached_to!r} is not a permanent on the battlefield",
                )
            obj.attached_to = target
    if e.chosen:
        chosen = dict(obj.chosen or {})
        for key, value in e.chosen.items():
            if key == "copy_of":
                target = _find_permanent(game, value, labels, exclude=obj.id)
                if target is None:
                    raise BuildError(
                        f"{e.path}.chosen.copy_of",
                        f"{value!r} is not a permanent on the battlefield",
                    )
                chosen[key] = target
            elif key == "card_name":
                chosen[key] = canonical_card_name(value)
            elif key == "player":
                chosen[key] = names.index(value)
            else:
                chosen[key] = value
        obj.chosen = chosen


__all__ = ["BuildError", "Built", "build", "player_ref"]
