"""The ASGI app of ``mtg serve`` (Starlette): the page, its WebSocket, rules and cards.

* ``GET /`` the page; ``/static/...`` its CSS and JavaScript (package data, no build).
* ``WS /ws?session=ID`` one game per session id (the page keeps its id, so a reload
  resumes). The server sends only :meth:`Session.message`: the player's
  ``observe`` view, their log, their own decision (architecture §5).
* ``GET /api/rule/{number}`` a rule's text and subrules from the shipped
  Comprehensive Rules; ``GET /api/card?name=`` a card's Oracle text and what
  the engine compiled; ``GET /api/decks`` the bundled decks.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import rules_text
from ..api import card_text
from ..cards.decks import RANDOM_DECK, Deck, bundled_decks, parse_deck, pick_bundled
from .session import MAX_OPPONENTS, Session, SessionError, Settings
from .watch import JudgeSession, WatchSession

STATIC = Path(str(resources.files("mtg_engine.web") / "static"))


@dataclass
class ServerConfig:
    """What ``mtg serve`` was started with: the defaults of a new game."""

    deck: str = "red-green"
    opponent_deck: str = "white-blue"
    ai: str = "heuristic"
    seed: int | None = None
    allow_undo: bool = True
    #: no warning for a deck under 40 cards (``--allow-small-decks``)
    allow_small_decks: bool = False
    #: AI opponents of a new game (2 or more: a free-for-all, CR 806)
    opponents: int = 1
    save_dir: Path = field(default_factory=lambda: Path.home() / ".mtg-engine" / "saves")


class Server:
    """The games of the page's sessions, by session id."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.sessions: dict[str, Session | WatchSession | JudgeSession] = {}
        self.locks: dict[str, asyncio.Lock] = {}

    def new_session(self, msg: dict[str, Any]) -> Session:
        c = self.config
        ai = str(msg.get("ai") or c.ai)
        settings = Settings(allow_undo=c.allow_undo)
        scenario = msg.get("scenario")
        if isinstance(scenario, str) and scenario.strip():
            s = Session.from_scenario(scenario, ai, _int(msg, "index"))
            s.settings.allow_undo = c.allow_undo
            return s
        seed = msg.get("seed")
        if not isinstance(seed, int):
            seed = c.seed if c.seed is not None else secrets.randbelow(1 << 30)
        return Session.new(
            self.deck(msg, "deck", c.deck),
            self.deck(msg, "opponent_deck", c.opponent_deck, seed),
            ai,
            seed,
            settings,
            _int(msg, "opponents", c.opponents),
            c.allow_small_decks,
        )

    def deck(self, msg: dict[str, Any], key: str, default: str, seed: int = 0) -> str | Deck:
        """The deck a page asks for: pasted text (``KEY_text``), a bundled deck, one the
        AI picks among them (``"random"``, by the game's seed), or the one ``mtg serve``
        was given; never another path on the server."""
        text = msg.get(f"{key}_text")
        if isinstance(text, str) and text.strip():
            source = "your pasted deck" if key == "deck" else "the opponent's pasted deck"
            try:
                return parse_deck(text, source)
            except ValueError as e:
                raise SessionError(str(e)) from None
        name = msg.get(key) or default
        if name == RANDOM_DECK:
            return pick_bundled(seed)
        allowed = {*bundled_decks(), self.config.deck, self.config.opponent_deck}
        if name not in allowed:
            raise SessionError(f"unknown deck {name!r}: choose a bundled deck or paste a list")
        return str(name)

    def handle(self, sid: str, msg: dict[str, Any]) -> list[dict[str, Any]]:
        """Carry out one message of the page; the replies to send back."""
        kind = msg.get("type")
        try:
            if kind == "new_game":
                self.sessions[sid] = self.new_session(msg)
                return [self.sessions[sid].message()]
            if kind == "saves":
                return [{"type": "saves", "names": Session.saves(self.config.save_dir)}]
            if kind == "load":
                self.sessions[sid] = Session.resume(self.config.save_dir, str(msg.get("name")))
                return [self.sessions[sid].message()]
            if kind == "watch":
                ais = msg.get("ais") or [self.config.ai]
                if not isinstance(ais, list):
                    raise SessionError("ais must be a list of AI names")
                seed = msg.get("seed")
                if not isinstance(seed, int):
                    seed = secrets.randbelow(1 << 30)
                self.sessions[sid] = WatchSession(
                    self.deck(msg, "deck", self.config.deck, seed),
                    self.deck(msg, "opponent_deck", self.config.opponent_deck, seed + 1),
                    [str(a) for a in ais],
                    seed,
                    _int(msg, "players", 2),
                )
                return [self.sessions[sid].message()]
            if kind == "judge":
                self.sessions[sid] = JudgeSession(
                    str(msg.get("scenario") or ""), _int(msg, "index")
                )
                return [self.sessions[sid].message()]
            current = self.sessions.get(sid)
            if current is None:
                current = self.sessions[sid] = self.new_session({})
            if kind == "hello":
                if not isinstance(current, JudgeSession):
                    current.log_sent = 0  # a (re)loaded page rebuilds its log
                return [current.message()]
            if kind not in _PAGE_MESSAGES:
                raise SessionError(f"unknown message type {kind!r}")
            if isinstance(current, WatchSession):
                if kind != "watch_step":
                    raise SessionError("this page is watching a game: start a new game to play")
                current.step(_int(msg, "n", 1))
                return [current.message()]
            if isinstance(current, JudgeSession):
                if kind != "judge_goto":
                    raise SessionError("this page is a judge's view: start a new game to play")
                current.goto(_int(msg, "k"))
                return [current.message()]
            session = current
            if kind == "answer":
                session.answer(msg)
            elif kind == "undo":
                session.undo()
            elif kind == "concede":
                session.concede()
            elif kind == "settings":
                # the player keeps the decision they have: clearing the stop they are at
                # doesn't pass priority for them (they pass it when they are done)
                session.settings.update(msg)
            elif kind == "save":
                path = session.save(self.config.save_dir, str(msg.get("name") or ""))
                return [{"type": "saved", "name": path.stem}]
            else:
                raise SessionError(f"unknown message type {kind!r}")
            return [session.message()]
        except SessionError as e:
            return [{"type": "error", "message": str(e)}]


#: the messages a page sends once it has a game (the others start one)
_PAGE_MESSAGES = frozenset(
    ("hello", "watch_step", "judge_goto", "answer", "undo", "concede", "settings", "save")
)


def _int(msg: dict[str, Any], key: str, default: int = 0) -> int:
    v = msg.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise SessionError(f"{key} must be a whole number, not {v!r}")
    return v


def create_app(config: ServerConfig | None = None) -> Starlette:
    """The ASGI app (``uvicorn`` runs it for ``mtg serve``; tests start it in a thread)."""
    server = Server(config or ServerConfig())

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def rule(request: Request) -> Response:
        number = request.path_params["number"]
        r = rules_text.get_rule(number)
        if r is None:
            return JSONResponse({"error": f"there is no rule {number}"}, status_code=404)
        return JSONResponse(
            {
                **r.to_dict(),
                "subrules": [s.to_dict() for s in rules_text.subrules(r.number)],
                "version": rules_text.version(),
            }
        )

    async def card(request: Request) -> Response:
        name = request.query_params.get("name", "")
        try:
            info = await run_in_threadpool(card_text, name)
        except KeyError as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        return JSONResponse(info)

    async def decks(request: Request) -> Response:
        return JSONResponse(
            {
                "decks": bundled_decks(),
                "deck": server.config.deck,
                "opponent_deck": server.config.opponent_deck,
                "ai": server.config.ai,
                "opponents": server.config.opponents,
                "max_opponents": MAX_OPPONENTS,
            }
        )

    async def ws(websocket: WebSocket) -> None:
        await websocket.accept()
        sid = websocket.query_params.get("session") or secrets.token_hex(8)
        lock = server.locks.setdefault(sid, asyncio.Lock())
        await websocket.send_json({"type": "session", "id": sid})
        try:
            while True:
                try:
                    msg = json.loads(await websocket.receive_text())
                except ValueError:
                    msg = None
                if not isinstance(msg, dict):
                    await websocket.send_json({"type": "error", "message": "not a message"})
                    continue
                async with lock:
                    replies = await run_in_threadpool(server.handle, sid, msg)
                for reply in replies:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            return

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/rule/{number}", rule),
            Route("/api/card", card),
            Route("/api/decks", decks),
            WebSocketRoute("/ws", ws),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )
    app.state.server = server  # the games, for tests that compare the page with the full state
    return app
