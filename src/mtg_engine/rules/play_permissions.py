"""Permissions to play cards from exile: "Exile the top card of your library. You
may play it this turn" (CR 601.2a, 305.1, 611.2), and to cast cards from a
graveyard: "You may cast target creature card in a graveyard this turn" (Havengul
Lich).

The effect that gives the permission is a continuous effect from a resolving
spell or ability (CR 611.2) kept in ``game.effects`` (layer ``"rules"``: it
changes no characteristics). Its ``affected`` ids are the exiled cards; a card
that leaves exile is a new object (CR 400.7), so the permission doesn't follow
it. Durations: ``"end_of_turn"`` ends in the cleanup step (CR 514.2) with the
other "this turn" effects; ``"until_end_of_your_next_turn"`` ends in the cleanup
step of the permitted player's next turn (rules/layers.end_of_turn_cleanup);
``"until_your_next_end_step"`` ends as the permitted player's next end step begins
(rules/layers.on_end_step, CR 513.1);
``"while_exiled"`` ("for as long as it remains exiled") lasts while the card stays
in exile.

A permission may say more (its ``args``): ``cast_only`` (it lets the card be
cast, not played as a land: "you may cast"), ``free`` (the spell is cast without
paying its mana cost, CR 118.9: "until end of turn, you may cast a creature spell
from among cards exiled with this artifact without paying its mana cost", Idol of
Endurance) and ``once`` (it lets one spell be cast: "a creature spell"; used up
as a spell is cast with it, CR 601.2i). "Once during each of your turns, you may cast a creature spell from your
graveyard" (Karador, Ghost Chieftain; op ``cast_from_graveyard_once``) is a static
ability of a permanent: it lets its controller cast one such card from their
graveyard in each of their turns (CR 601.2a), and that permanent's permission is
used as the spell becomes cast (CR 601.2i; another such permanent gives another).
A card may give itself the permission: "You may cast this card from your
graveyard [as long as you control a Zombie]" (Gravecrawler, Skaab Ruinator;
"from exile", Misthollow Griffin), a static ability that works from that zone
(CR 113.6, 601.2a; op ``may_cast_from``).
A permission for "cards exiled with this
artifact" names them by a ``filter`` (with no ``affected`` ids), read as the card
is cast: the effect changes no characteristics, so the cards it applies to aren't
locked in as it begins (CR 611.2c; a card exiled with the artifact later counts).

Playing the card follows the normal rules otherwise: a land uses the player's
land play for the turn and only when they could play a land (CR 305.2), a spell
is cast with its timing and costs (CR 601.2, 307.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import AbilityKind, Filter, SelfRef
from ..game.objects import GameObject, Zone
from ..game.records import ContinuousEffect
from .characteristics import chars
from .commanders import castable_from_command_zone
from .conditions import evaluate
from .filters import matches_object
from .prepare import prepare_caster
from .statics import any_statics, statics_index, statics_with
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

#: the op of the continuous effect in ``game.effects``
EFFECT_OP: Final = "may_play"

#: the durations a play permission may have; "for as long as it remains exiled"
#: (``WHILE_EXILED``) never ends by time: the card that leaves exile is a new object
#: that the permission doesn't name (CR 400.7, 611.2b)
WHILE_EXILED: Final = "while_exiled"
DURATIONS: Final = frozenset(
    ("end_of_turn", "until_end_of_your_next_turn", "until_your_next_end_step", WHILE_EXILED)
)

#: the zones a card may be played from with a permission (CR 601.2a, 305.1)
ZONES: Final = (Zone.EXILE, Zone.GRAVEYARD)

#: what a permission may say about how the card is played (see the module docstring)
FLAGS: Final = ("cast_only", "free", "once", "exile_instead")

#: the static ability "you may cast this card from your graveyard" of the card itself
OWN: Final = "may_cast_from"

#: the static ability "once during each of your turns, you may cast ... from your graveyard"
GRAVEYARD_ONCE: Final = "cast_from_graveyard_once"

#: a permanent's static ability "You may play lands from your graveyard" (Crucible of
#: Worlds), "You may play cards exiled with this enchantment" (CR 601.2a, 305.1)
STATIC_PLAY: Final = "may_play"


def static_play_source(game: Game, player: int, o: GameObject) -> GameObject | None:
    """The permanent whose static ability lets ``player`` play the card ``o`` from the
    zone it's in ("You may play lands from your graveyard": Crucible of Worlds,
    Ramunap Excavator; "Forests": Titania), or None (CR 601.2a, 305.1)."""
    if o.zone not in ZONES:
        return None
    for src, st in statics_with(game, STATIC_PLAY):
        who = st.args.get("player", "you")
        if who in ("you", None) and src.controller != player:
            continue
        flt = st.affected
        if not isinstance(flt, Filter) or not matches_object(game, o, flt, src.controller, src):
            continue
        if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
            continue
        return src
    return None


#: the static ability "you may cast creature spells [play lands] from the top of your
#: library" (args ``spells``: a filter of the spells, or None; ``lands``: True)
FROM_TOP: Final = "play_from_library_top"


def grant(
    game: Game,
    source: int | None,
    player: int,
    ids: tuple[int, ...],
    duration: str,
    flags: tuple[str, ...] = (),
    flt: Filter | None = None,
) -> None:
    """CR 611.2: ``player`` may play these exiled (or graveyard) cards, or the cards
    ``flt`` describes as they're played, for the duration, as ``flags``
    (:data:`FLAGS`) say."""
    more = {"filter": flt} if flt is not None else {}
    game.effects = [
        *game.effects,
        ContinuousEffect(
            "rules",
            game.new_timestamp(),
            source,
            player,
            ids,
            EFFECT_OP,
            {"turn": game.turn, **{f: True for f in flags}, **more},
            duration,
        ),
    ]
    game.invalidate()


def may_play_from(
    game: Game, player: int, o: GameObject, face: int = 0, land: bool = False, free: bool = False
) -> bool:
    """Whether ``player`` may play the exiled or graveyard card ``o`` (CR 601.2a,
    305.1) with ``face`` up: by a permission effect (one that lets it be played as a
    land when ``land``; one that lets it be cast without paying its mana cost when
    ``free``), or as the creature of an adventurer card that went on an adventure
    (CR 715.3d)."""
    if o.zone == Zone.LIBRARY:
        return not free and from_top(game, player, o, land)
    if o.zone not in ZONES:
        # CR 903.8: a player may cast a commander they own from the command zone
        return (
            o.zone == Zone.COMMAND
            and not land
            and not free
            and castable_from_command_zone(game, player, o)
        )
    if face == 0 and not land and not free and o.zone == Zone.EXILE and adventurer(o) == player:
        return True
    if face == 1 and not land and not free and prepare_caster(game, o) == player:
        return True  # the copy of a prepared permanent's spell (rules/prepare.py)
    if not land and not free and graveyard_source(game, player, o) is not None:
        return True
    if not land and not free and own_permission(game, player, o):
        return True
    if not free and static_play_source(game, player, o) is not None:
        return True  # "You may play lands from your graveyard" (Crucible of Worlds)
    if not game.effects:
        return False
    return any(
        not (land and e.args.get("cast_only")) and (not free or e.args.get("free"))
        for e in permissions(game, player, o.id)
    )


def from_top(game: Game, player: int, o: GameObject, land: bool) -> bool:
    """Whether a permanent ``player`` controls lets them play ``o``, the top card of
    their library: "You may cast creature spells from the top of your library"
    (CR 601.2a), "You may play lands from the top of your library" (305.1). The
    card is played from there like any other (CR 305.2, 307.1, 601.2)."""
    lib = game.players[player].library
    if o.owner != player or not lib or lib[-1] != o.id or not any_statics(game, (FROM_TOP,)):
        return False
    is_land = "Land" in chars(game, o).types
    if land != is_land:
        return False  # (a land card isn't cast, CR 305.9; a spell isn't played as a land)
    for src, st in statics_with(game, FROM_TOP):
        if src.controller != player:
            continue
        if st.condition is not None and not evaluate(game, st.condition, player, src):
            continue
        if land:
            if st.args.get("lands"):
                return True
            continue
        flt = st.args.get("spells")
        if isinstance(flt, Filter):
            kinds = tuple(k for k in flt.kinds if k not in ("spell", "card"))
            if matches_object(game, o, Filter(kinds, "library", flt.conditions), player, src):
                return True
    return False


#: ``CardDef.cache`` key: whether the card prints an ``OWN`` permission
_PRINTS_OWN: Final = ("prints", OWN)


def _prints_own_permission(o: GameObject) -> bool:
    """Whether any face of ``o``'s card prints "You may cast this card from ...",
    remembered with the card definition (priority looks at every graveyard card)."""
    got = o.card.cache.get(_PRINTS_OWN)
    if got is None:
        got = any(
            st.op == OWN
            for face in o.card.compiled
            for a in face.abilities
            if a.kind is AbilityKind.STATIC
            for st in a.static
        )
        o.card.cache[_PRINTS_OWN] = got
    return bool(got)


#: ``Game._could_act`` key (with the player): the graveyard last looked at by
#: :func:`_graveyard_prints_own` and whether a card in it prints its own permission
_GRAVEYARD_OWN: Final = "graveyard_prints_own"


def _graveyard_prints_own(game: Game, player: int, graveyard: list[int]) -> bool:
    """Whether a card in the player's graveyard prints "You may cast this card from
    your graveyard" (:func:`_prints_own_permission`), remembered for the same cards:
    an object in a graveyard is never changed in place (a move makes a new object,
    CR 400.7), so the same ids are the same cards. (Derived data: a clone or a game
    read back looks again.)"""
    key = (_GRAVEYARD_OWN, player)
    kept = game._could_act.get(key)
    if kept is not None and kept[0] == graveyard:
        return bool(kept[1])
    objects = game.objects
    got = any(_prints_own_permission(objects[oid]) for oid in graveyard)
    game._could_act[key] = (list(graveyard), got)
    return got


def own_permission(game: Game, player: int, o: GameObject, alt: str | None = None) -> bool:
    """Whether the card ``o`` lets its owner ``player`` cast it from the zone it's in:
    "You may cast this card from your graveyard [as long as ...]" (CR 113.6, 601.2a);
    with ``alt``, one that lets it be cast from there only with that alternative
    cost ("... using its blitz ability": Tenacious Underdog, 601.2b)."""
    if o.owner != player or not _prints_own_permission(o):
        return False  # (the printed abilities first: a cheap look that rules most out)
    zone = Zone.NAMES[o.zone]
    return any(
        st.op == OWN
        and isinstance(st.affected, SelfRef)
        and st.args.get("zone") == zone
        and st.args.get("alt") == alt
        and (st.condition is None or evaluate(game, st.condition, player, o))
        for a in chars(game, o).abilities
        for st in a.static
    )


def graveyard_source(game: Game, player: int, o: GameObject) -> int | None:
    """The permanent whose "once during each of your turns, you may cast a creature
    spell from your graveyard" lets ``player`` cast ``o`` now (unused this turn), or
    None (CR 601.2a)."""
    if o.zone != Zone.GRAVEYARD or o.owner != player or not game.is_active(player):
        return None
    if not any_statics(game, (GRAVEYARD_ONCE,)):
        return None
    used = game.turn_flags.graveyard_casts
    for src, st in statics_with(game, GRAVEYARD_ONCE):
        if src.controller != player or src.id in used or not isinstance(st.affected, Filter):
            continue
        if matches_object(game, o, st.affected, player, src):
            return src.id
    return None


def permissions(game: Game, player: int, oid: int) -> list[ContinuousEffect]:
    """The permission effects that let ``player`` play the card ``oid``."""
    return [
        e
        for e in game.effects
        if e.op == EFFECT_OP
        and e.controller == player
        and (oid in e.affected or _described(game, e, oid))
    ]


def _described(game: Game, e: ContinuousEffect, oid: int) -> bool:
    """Whether the card ``oid`` is one a permission's filter describes now (CR 611.2c)."""
    flt = e.args.get("filter")
    if not isinstance(flt, Filter):
        return False
    o = game.objects[oid]
    source = game.objects.get(e.source) if e.source is not None else None
    return Zone.NAMES[o.zone] == flt.zone and matches_object(game, o, flt, e.controller, source)


def free_only(game: Game, player: int, o: GameObject) -> bool:
    """Whether every permission that lets ``player`` cast ``o`` from where it is casts
    it without paying its mana cost (CR 118.9): then a cast with it is that one."""
    if o.zone not in ZONES or not game.effects:
        return False
    found = permissions(game, player, o.id)
    return bool(found) and all(e.args.get("free") for e in found)


def one_spell_permission(game: Game, player: int, o: GameObject, free: bool) -> int | None:
    """The timestamp of the permission for one spell ("you may cast a creature spell
    from among ...") that casting ``o`` from where it is now uses, or None when a
    lasting permission lets it be cast anyway (read as the cast begins, CR 601.2a)."""
    could = [e for e in permissions(game, player, o.id) if bool(e.args.get("free")) == free]
    if not could or any(not e.args.get("once") for e in could):
        return None
    return could[0].timestamp


def one_land_permission(game: Game, player: int, o: GameObject) -> int | None:
    """The timestamp of the permission for one card ("you may play one of those
    cards") that playing ``o`` as a land from where it is now uses, or None when a
    lasting permission lets it be played anyway (CR 305.1, 611.2)."""
    could = [e for e in permissions(game, player, o.id) if not e.args.get("cast_only")]
    if not could or any(not e.args.get("once") for e in could):
        return None
    return could[0].timestamp


def graveyard_permission(game: Game, player: int, o: GameObject) -> int | None:
    """The permanent whose once-each-turn permission casting ``o`` from the graveyard
    uses: None when a permission effect lets it be cast anyway (CR 601.2a)."""
    if any(not e.args.get("free") for e in permissions(game, player, o.id)):
        return None
    return graveyard_source(game, player, o)


def exiles_instead(game: Game, player: int, o: GameObject) -> str | None:
    """The source of a permission that lets ``player`` cast ``o`` and says "if that
    spell would be put into your graveyard, exile it instead" (CR 614.1a; read as
    the cast begins, 601.2a), or None."""
    for e in permissions(game, player, o.id):
        if e.args.get("exile_instead"):
            src = game.objects.get(e.source) if e.source is not None else None
            return src.name if src is not None else "a play permission"
    return None


def spend(game: Game, timestamp: int) -> None:
    """CR 601.2i: the spell became cast; the permission for one spell it used is gone."""
    game.effects = [e for e in game.effects if not (e.op == EFFECT_OP and e.timestamp == timestamp)]
    game.invalidate()


def adventurer(o: GameObject) -> int | None:
    """CR 715.3d: the player who may play this exiled card because it went on an
    adventure (the controller of the Adventure spell), for as long as it stays
    exiled (a new object elsewhere, CR 400.7); they can't cast it as an Adventure
    that way."""
    chosen = o.chosen
    if not chosen:
        return None
    player = chosen.get("on_adventure")
    return player if isinstance(player, int) and not isinstance(player, bool) else None


def permitted_cards(game: Game, player: int) -> list[int]:
    """The exiled cards ``player`` may play now, in exile order, then the graveyard
    cards they may cast."""
    objects = game.objects
    lib = game.players[player].library
    top = (
        [lib[-1]]
        if lib
        and any_statics(game, (FROM_TOP,))
        and (
            from_top(game, player, objects[lib[-1]], False)
            or from_top(game, player, objects[lib[-1]], True)
        )
        else []
    )
    return _permitted(game, player) + top


#: ``Game._could_act`` key (with the player): the resolved effects, index of statics
#: and graveyard under which :func:`nothing_permitted` last found nothing, and the
#: state version then (a graveyard changes only with a zone move, which moves it)
_NOTHING: Final = "nothing_permitted"


def nothing_permitted(game: Game, player: int) -> bool:
    """Whether :func:`permitted_cards` is empty for ``player`` whatever the moment:
    nothing is exiled, no resolved effect gives them a permission to play a card
    (CR 601.2a), no permanent has a static ability that gives one (from a graveyard
    or the top of a library), and no card in their graveyard prints its own
    (:func:`_graveyard_prints_own`). Remembered for the same records: the list of
    resolved effects (replaced, never changed in place, when one begins or ends),
    the index of statics (built again when a permanent's abilities may have
    changed) and the same graveyard cards. (A priority decision asks this for each
    player with cards in their graveyard: most have nothing to play from there.)"""
    if game.exile:
        return False
    effects = game.effects
    key = (_NOTHING, player)
    kept = game._could_act.get(key)
    if kept is not None and kept[3] == game.version and kept[0] is effects:
        return True  # (the same version: the same index of statics and graveyard)
    statics = statics_index(game)
    graveyard = game.players[player].graveyard
    if kept is not None and kept[0] is effects and kept[1] is statics and kept[2] == graveyard:
        game._could_act[key] = (effects, statics, kept[2], game.version)
        return True
    if (
        STATIC_PLAY in statics
        or FROM_TOP in statics
        or (graveyard and GRAVEYARD_ONCE in statics)
        or any(e.op == EFFECT_OP and e.controller == player for e in effects)
        or _graveyard_prints_own(game, player, graveyard)
    ):
        return False
    game._could_act[key] = (effects, statics, list(graveyard), game.version)
    return True


def _permitted(game: Game, player: int) -> list[int]:
    if nothing_permitted(game, player):
        return []  # (priority asks with every graveyard card: most ask nothing)
    objects = game.objects
    mine = [e for e in game.effects if e.op == EFFECT_OP and e.controller == player]
    graveyard = game.players[player].graveyard
    statics = statics_index(game)
    once = bool(graveyard) and GRAVEYARD_ONCE in statics
    static = STATIC_PLAY in statics
    ids = {oid for e in mine for oid in e.affected}
    described = [e for e in mine if "filter" in e.args]
    if once:
        ids |= {
            oid
            for oid in game.players[player].graveyard
            if graveyard_source(game, player, objects[oid]) is not None
        }
    ids |= {
        oid
        for zone in (game.players[player].graveyard, game.exile)
        for oid in zone
        if own_permission(game, player, objects[oid])
        or (static and static_play_source(game, player, objects[oid]) is not None)
    }
    out = [
        oid
        for oid in game.exile
        if oid in ids
        or adventurer(objects[oid]) == player
        or prepare_caster(game, objects[oid]) == player
        or any(_described(game, e, oid) for e in described)
    ]
    if ids:
        out.extend(oid for p in game.players for oid in p.graveyard if oid in ids)
    return out


def ends_now(game: Game, e: ContinuousEffect) -> bool:
    """CR 514.2, 611.2a: "until the end of your next turn" ends in the cleanup step
    of the permitted player's first turn after the one it was created in."""
    return (
        e.duration == "until_end_of_your_next_turn"
        and game.is_active(e.controller)
        and game.turn > int(e.args.get("turn", game.turn))
    )


register(f"static:{GRAVEYARD_ONCE}", f"static:{OWN}", f"static:{STATIC_PLAY}", f"static:{FROM_TOP}")
