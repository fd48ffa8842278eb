""" "Look at target face-down creature" (Smoke Teller): the looker's log names the
permanent (CR 701.20e); the permanent stays face down, and every other line that
names it still reads "a face-down creature" to a player who doesn't control it
(CR 708.5)."""

from __future__ import annotations

from mtg_engine.game.events import EventKind
from mtg_engine.rules.views import emit_seen_privately, log_view


def test_the_looker_sees_the_face_down_creature_and_other_lines_stay_masked(board) -> None:
    fd = board.add(1, "Grizzly Bears", face_down=True)
    game = board.start()
    start = len(game.log)
    game.emit(EventKind.ACTIVATE, ("602.2",), "Smoke Teller targets Grizzly Bears")
    emit_seen_privately(game, 0, [fd], "701.20e")
    seen = [e["text"] for e in log_view(game, 0, game.log[start:])]
    assert seen == ["Smoke Teller targets a face-down creature", "A sees Grizzly Bears"]
    assert game.objects[fd].face_down
