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
        self.http = TestClient(create_app(host, TOKEN), base_url="http://127.0.0.1:8765", raise_server_exceptions=False)

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


# Pictures as editors give them: names of the shipped set, and their own files in the word folder.
PICTURES = {"к[о]р+ова": "cow", "с[о]б+ака": "dog", "р[е]б+ята": "рисунки/ребята.svg", "л[о]п+ата": "лопата.png"}
OWN_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
           '<circle cx="5" cy="5" r="4" fill="#3a7bd5"/></svg>')


@pytest.fixture
def picture_bank(small_bank) -> Path:
    """The small bank, four of its cards with pictures: two shipped, an editor's SVG and PNG."""
    from PIL import Image

    (small_bank / "рисунки").mkdir()
    (small_bank / "рисунки" / "ребята.svg").write_text(OWN_SVG, encoding="utf-8")
    Image.new("RGB", (40, 30), "#e0a030").save(small_bank / "лопата.png")
    for file in small_bank.glob("grade*.yaml"):
        lines = file.read_text(encoding="utf-8").splitlines()
        for markup, picture in PICTURES.items():
            lines = [line.replace("}", f", picture: {picture}}}") if f'"{markup}"' in line else line for line in lines]
        file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return small_bank


@pytest.fixture
def screen(tmp_path, picture_bank) -> Screen:
    path = tmp_path / "game.json"
    return Screen(Host(path, str(picture_bank)), path)


@pytest.fixture
def playing(screen) -> Screen:
    screen.ok("new", NEW)
    return screen
