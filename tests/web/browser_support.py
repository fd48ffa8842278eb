"""The browser tests' fixtures: the ``mtg serve`` app in a thread, and Debian's Chromium
driven by Playwright (never a downloaded browser: ``executable_path`` is set).

Not a ``conftest.py``: the rules tests import ``Board`` from ``tests/conftest.py`` by
the module name ``conftest``, which a second conftest on the path would shadow."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
#: what Chromium needs on this closed network (no background connections, no sandbox as root)
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


class LiveServer:
    """The app served by uvicorn on a free loopback port, in a daemon thread."""

    def __init__(self, save_dir: Path) -> None:
        import uvicorn

        from mtg_engine.web.app import ServerConfig, create_app

        self.app = create_app(ServerConfig(seed=11, save_dir=save_dir))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server didn't start")
            time.sleep(0.02)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("saves"))
    yield server
    server.stop()


#: the one Playwright and Chromium of the run: each test module that imports the
#: ``browser`` fixture gets a session fixture of its own, and Playwright's sync API
#: can't be started twice at once; so they share it: [context manager, browser, users]
_RUNNING: list[Any] = []


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    if not _RUNNING:
        manager = sync_api.sync_playwright()
        p = manager.__enter__()
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        _RUNNING[:] = [manager, b, 0]
    _RUNNING[2] += 1
    yield _RUNNING[1]
    _RUNNING[2] -= 1
    if _RUNNING[2] == 0:
        manager, b, _ = _RUNNING
        _RUNNING.clear()
        b.close()
        manager.__exit__(None, None, None)


class GamePage:
    """A page of the game, with every WebSocket message the server sent it."""

    def __init__(self, page: Any, server: LiveServer) -> None:
        self.page = page
        self.server = server
        self.frames: list[str] = []
        self.errors: list[str] = []

        def frame(payload: str | bytes) -> None:
            self.frames.append(payload if isinstance(payload, str) else payload.decode())

        page.on("websocket", lambda ws: ws.on("framereceived", frame))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(server.url)
        self.wait_replies(0)

    def replies(self) -> int:
        return int(self.page.evaluate("window.mtgReplies"))

    def wait_replies(self, before: int) -> None:
        self.page.wait_for_function(f"window.mtgReplies > {before}", timeout=15000)

    def click(self, selector: str) -> None:
        """Click, then wait for the server's answer."""
        before = self.replies()
        self.page.click(selector)
        self.wait_replies(before)

    def state(self) -> dict[str, Any]:
        """The last state message, as the page has it (the frames the test records may
        arrive a moment after the page has drawn them)."""
        m = self.page.evaluate("() => S.msg")
        assert isinstance(m, dict), "no state message yet"
        return m

    @property
    def session_id(self) -> str:
        return str(self.page.evaluate("() => sessionStorage.getItem('mtg-session')"))

    def shot(self, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"))

    def start_scenario(self, text: str, tmp_path: Path) -> None:
        """Start a game from a scenario file through the New game dialog."""
        path = tmp_path / "position.yaml"
        path.write_text(text, encoding="utf-8")
        self.page.click("#btn-new")
        self.page.wait_for_selector("#new-scenario")
        self.page.set_input_files("#new-scenario", str(path))
        self.click("#modal-body button.primary")


@pytest.fixture
def game_page(browser: Any, live_server: LiveServer) -> Iterator[GamePage]:
    context = browser.new_context(viewport={"width": 1400, "height": 860})
    page = context.new_page()
    gp = GamePage(page, live_server)
    yield gp
    assert not gp.errors, gp.errors
    context.close()
