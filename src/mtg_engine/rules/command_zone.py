"""The Commander variant's moves to the command zone (CR 903.9): the state-based
action that offers a commander in a graveyard or exile to the command zone
(903.9a, 704.6d) and the replacement effect that sends one that would go to its
owner's hand or library there instead (903.9b). The designation, the tax and the
commander damage are in rules/commanders.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..game.actions import ChooseYesNo, Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..game.tasks import Task, task_handler
from .commanders import has_commanders, owns_commander
from .pipeline import Replacement, replacement_finder
from .zones import move

if TYPE_CHECKING:
    from ..game.state import Game


def offer_command_zone(game: Game, offers: list[tuple[int, int]]) -> None:
    """CR 903.9a, 704.6d: ask each owner, in turn, whether their commander goes to
    the command zone (the object is offered once: a declined one stays)."""
    for player, oid in offers:
        p = game.players[player]
        p.commander_offered = (*(i for i in p.commander_offered if i in game.objects), oid)
        game.push_task("commander_to_command_zone", {"player": player, "obj": oid})


@task_handler("commander_to_command_zone")
def commander_to_command_zone_task(game: Game, task: Task) -> None:
    """CR 903.9a, 704.6d: the owner of a commander in a graveyard or exile may put it
    into the command zone (a state-based action)."""
    oid = task.data["obj"]
    o = game.objects.get(oid)
    if o is None or o.zone not in (Zone.GRAVEYARD, Zone.EXILE):
        game.finish(task)
        return
    if task.answer is None:
        game.ask(
            Decision(
                DecisionKind.YES_NO,
                task.data["player"],
                "903.9a",
                f"Put your commander {o.name} from {_where(o.zone)} into the command zone?",
                {"purpose": DecisionPurpose.MAY, "obj": oid},
            )
        )
        return
    answer = task.answer
    task.answer = None
    if isinstance(answer, ChooseYesNo) and answer.value:
        move(
            game,
            oid,
            Zone.COMMAND,
            ("903.9a", "704.6d"),
            reason="is put into the command zone by its owner (commander)",
        )
    else:
        game.emit(
            EventKind.CHOICE,
            ("903.9a", "704.6d"),
            f"{game.players[o.owner].name} leaves their commander {o.name} in {_where(o.zone)}",
        )
    game.finish(task)


def _where(zone: int) -> str:
    return "exile" if zone == Zone.EXILE else "their graveyard"


_TO_HAND_OR_LIBRARY: Final = [
    (z, to) for z in range(len(Zone.NAMES)) for to in (Zone.HAND, Zone.LIBRARY) if z != to
]


@replacement_finder(EventKind.ZONE_CHANGE, moves=_TO_HAND_OR_LIBRARY, guard=has_commanders)
def command_zone_instead(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 903.9b: a commander that would be put into its owner's hand or library
    from anywhere may be put into the command zone instead (its owner chooses, 616.1).
    It may apply more than once to the same event (an exception to 614.5): its key
    names the destination it replaces, so it applies again when another effect
    sends the card to the other of the two."""
    if ev["to"] not in (Zone.HAND, Zone.LIBRARY):
        return []
    o = game.objects.get(ev["obj"])
    if o is None or not owns_commander(game, o):
        return []
    return [
        Replacement(
            f"commander:{Zone.NAMES[ev['to']]}",
            o.name,
            ("903.9b", "614.1a"),
            _to_command_zone,
            optional=True,
            purpose=DecisionPurpose.MAY,
            chooser=o.owner,
        )
    ]


def _to_command_zone(game: Game, ev: dict[str, Any]) -> str:
    ev["to"] = Zone.COMMAND
    ev["bottom"] = False
    return "its owner puts it into the command zone instead (commander)"
