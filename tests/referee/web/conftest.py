"""The web screen's app under Starlette's TestClient, over the small word bank and a session file."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from slovariki.referee import session
from slovariki.referee.web.app import create_app
from slovariki.referee.web.host import Host

TOKEN = "test-token-123"
# The REPL tests' game: Аня and Боря, trump «лопата» (blue); the small bank has 16 cards, the stock 4.
NEW = {"players": ["Аня", "Боря"], "trump": "лопата", "first": "Аня", "rules": "slovariki"}


class Screen:
    """What the page does, as HTTP requests, and what the session file holds afterwards."""

    def __init__(self, host: Host, path: Path) -> None:
        self.host = host
        self.path = path
        self.http = TestClient(create_app(host, TOKEN), raise_server_exceptions=False)

    def get(self, api: str, **params):
        return self.http.get(f"/{TOKEN}/api/{api}", params=params)

    def post(self, api: str, body=None, **kwargs):
        if body is not None:
            kwargs["json"] = body
        return self.http.post(f"/{TOKEN}/api/{api}", **kwargs)

    def ok(self, api: str, body: dict | None = None) -> dict:
        response = self.post(api, {} if body is None else body)
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["ok"] is True
        self.assert_saved()
        return answer

    def move(self, player: str, cmd: str, card: str | None = None, target: str | None = None) -> dict:
        body = {"player": player, "cmd": cmd}
        if card is not None:
            body["card"] = card
        if target is not None:
            body["target"] = target
        return self.ok("move", body)

    def refused(self, response, status: int, code: str) -> dict:
        assert response.status_code == status, response.text
        answer = response.json()
        assert answer["ok"] is False and answer["code"] == code, answer
        assert answer["message"]
        return answer

    def assert_saved(self) -> None:
        """The session file holds exactly the game the server holds."""
        saved = session.load(self.path)
        assert saved.state == self.host.table.state
        assert saved.setup == self.host.table.setup


@pytest.fixture
def screen(tmp_path, small_bank) -> Screen:
    path = tmp_path / "game.json"
    return Screen(Host(path, str(small_bank)), path)


@pytest.fixture
def playing(screen) -> Screen:
    screen.ok("new", NEW)
    return screen
