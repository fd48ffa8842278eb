"""The Python API, in the spirit of python-chess (architecture "product surface").

Everything here is also importable from :mod:`mtg_engine` itself.

A game stops at a decision; ``legal_actions()`` lists the answers and
``apply`` takes one:

>>> from mtg_engine import DecisionKind, new_game_from_decks
>>> game = new_game_from_decks("red-green", "white-blue", seed=1)
>>> game.decision.kind == DecisionKind.MULLIGAN, game.decision.rule
(True, '103.5')
>>> game.legal_actions()
[Keep(), Mulligan()]
>>> game.apply(game.legal_actions()[0])

An answer that breaks a rule, isn't an action at all, or was listed by another
game or for an earlier decision raises :class:`IllegalActionError`, and the
game is unchanged:

>>> from mtg_engine import IllegalActionError, PlayLand
>>> other = new_game_from_decks("red-green", "white-blue", seed=1)
>>> try:
...     game.apply(other.legal_actions()[0])
... except IllegalActionError as e:
...     print(e)
Keep is an action of another game
>>> stale = game.legal_actions()[0]
>>> game.apply(stale)
>>> try:
...     game.apply(stale)
... except IllegalActionError as e:
...     print(e)
Keep is stale: it answers decision 1, the pending decision is 2
>>> try:
...     game.apply(PlayLand("Forest"))
... except IllegalActionError as e:
...     print(e)
PlayLand.card must be int, not 'Forest'

A saved game, written as JSON text and read back, and a clone both continue
exactly like the original:

>>> import json
>>> from mtg_engine import Game
>>> saved = json.dumps(game.to_json())
>>> loaded, clone = Game.from_json(json.loads(saved)), game.clone()
>>> for g in (game, loaded, clone):
...     while g.outcome is None:
...         g.apply(g.legal_actions()[0])
>>> [str(e) for e in loaded.log] == [str(e) for e in game.log] == [str(e) for e in clone.log]
True
>>> game.outcome.reason in OutcomeReason
True

Data that isn't a saved game raises :class:`GameFormatError` (a ``ValueError``):

>>> Game.from_json({"format": 3, "players": []})
Traceback (most recent call last):
...
mtg_engine.game.serialize.GameFormatError: the saved game is missing 'token', 'objects', ...
"""

from __future__ import annotations

from typing import Any

from . import engine as _engine  # noqa: F401  (the wiring)
from .cards.database import CardDatabase
from .cards.decks import Deck, load_deck
from .game.actions import (
    Action,
    ActivateAbility,
    Answer,
    AssignDamage,
    CastSpell,
    ChooseDivision,
    ChooseModes,
    ChooseNumber,
    ChooseObjects,
    ChooseOption,
    ChooseTargets,
    ChooseYesNo,
    Concede,
    Decision,
    DecisionId,
    DecisionKind,
    DecisionPurpose,
    DeclareAttackers,
    DeclareBlockers,
    IllegalActionError,
    Keep,
    Mulligan,
    OrderTriggers,
    PassPriority,
    PlayLand,
    TurnFaceUp,
    player_ref,
    ref_player,
)
from .game.records import Outcome, OutcomeReason
from .game.serialize import GameFormatError
from .game.state import Game, Step
from .rules.setup import new_game, start_at
from .rules.support import unsupported
from .rules.views import log_view

__all__ = [
    "Action",
    "ActivateAbility",
    "Answer",
    "AssignDamage",
    "card_text",
    "CastSpell",
    "ChooseDivision",
    "ChooseModes",
    "ChooseNumber",
    "ChooseObjects",
    "ChooseOption",
    "ChooseTargets",
    "ChooseYesNo",
    "Concede",
    "Deck",
    "Decision",
    "DecisionId",
    "DecisionKind",
    "DecisionPurpose",
    "DeclareAttackers",
    "DeclareBlockers",
    "Game",
    "GameFormatError",
    "IllegalActionError",
    "Keep",
    "Mulligan",
    "OrderTriggers",
    "Outcome",
    "OutcomeReason",
    "PassPriority",
    "PlayLand",
    "Step",
    "TurnFaceUp",
    "load_deck",
    "new_game",
    "new_game_from_decks",
    "observe_log",
    "player_ref",
    "ref_player",
    "start_at",
]


def new_game_from_decks(
    deck_a: str | Deck, deck_b: str | Deck, seed: int = 0, mulligans: bool = True
) -> Game:
    """A new two-player game between two decks (paths or bundled names), at its
    first decision.

    >>> game = new_game_from_decks("green-stompy", "white-weenie", seed=3, mulligans=False)
    >>> game.decision.kind, game.turn
    (<DecisionKind.PRIORITY: 'priority'>, 1)
    """
    a = deck_a if isinstance(deck_a, Deck) else load_deck(deck_a)
    b = deck_b if isinstance(deck_b, Deck) else load_deck(deck_b)
    return new_game([a.card_defs(), b.card_defs()], seed=seed, mulligans=mulligans)


def observe_log(game: Game, player: int, start: int = 0) -> list[dict[str, Any]]:
    """The game log from event ``start`` on, as ``player`` may read it (the entries
    ``game.observe(player)["log"]`` shows, for any part of the log; CR 401.2, 402.3,
    708.5). A front end keeps ``len(game.log)`` and asks only for what is new.

    >>> game = new_game_from_decks("red-green", "white-blue", seed=1)
    >>> observe_log(game, 0)[0]
    {'text': 'B will take the first turn', 'rules': ['103.1']}
    """
    return log_view(game, player, game.log[start:])


def card_text(name: str) -> dict[str, Any]:
    """A card's printed faces (name, mana cost, type line, Oracle text, P/T, loyalty)
    and what the engine compiled from each face: each ability's kind and text and
    the constructs it doesn't run yet, and the sentences that don't compile.
    Raises ``KeyError`` (``UnknownCardError``) for a name the card file doesn't have.

    >>> info = card_text("Lightning Bolt")
    >>> info["faces"][0]["text"], info["faces"][0]["compiled"][0]["runs"]
    ('Lightning Bolt deals 3 damage to any target.', True)
    """
    # lazy: the Oracle compiler (Lark) loads only when a card is described (cheap start-up)
    from .cards.compiler import compile_face

    card = CardDatabase.default().get(name)
    faces = []
    for face in card.faces:
        compiled = compile_face(face)
        faces.append(
            {
                "name": face.name,
                "mana_cost": face.mana_cost,
                "type_line": face.type_line,
                "text": face.text,
                "power": face.power,
                "toughness": face.toughness,
                "loyalty": face.loyalty,
                "defense": face.defense,
                "compiled": [
                    {
                        "kind": str(a.kind),
                        "keyword": a.keyword,
                        "text": a.text,
                        "effects": [e.op for e in a.effects],
                        "missing": unsupported(a),
                        "runs": not unsupported(a),
                    }
                    for a in compiled.abilities
                ],
                "unparsed": list(compiled.unparsed),
            }
        )
    return {"name": card.name, "layout": card.layout, "faces": faces}
