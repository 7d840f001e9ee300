"""The studio as the page uses it: its app under Starlette's TestClient; a teacher's spreadsheet."""

from __future__ import annotations

import time
from pathlib import Path

import openpyxl
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from starlette.testclient import TestClient

from slovariki.studio.app import create_app
from slovariki.studio.studio import Studio

TOKEN = "studio-test-token"
ADDRESS = "http://127.0.0.1:8770"


class Page:
    """What the page sends, and the answers as it reads them."""

    def __init__(self, studio: Studio) -> None:
        self.studio = studio
        self.http = TestClient(create_app(studio, TOKEN), base_url=ADDRESS, raise_server_exceptions=False)

    def get(self, path: str, **params):
        return self.http.get(f"/{TOKEN}/{path}", params=params)

    def post(self, path: str, body=None, **kwargs):
        return self.http.post(f"/{TOKEN}/{path}", json=body, **kwargs)

    def ok(self, path: str, body: dict | None = None, **params) -> dict:
        response = self.post(path, body) if body is not None else self.get(path, **params)
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["ok"] is True
        return answer

    def refused(self, response, status: int, code: str) -> str:
        assert response.status_code == status, response.text
        answer = response.json()
        assert answer["ok"] is False and answer["code"] == code, answer
        return answer["message"]

    def versions(self) -> dict:
        return {str(g["grade"]): g["version"] for g in self.ok("api/bank")["grades"]}

    def build(self, body: dict) -> dict:
        self.ok("api/build", body)
        for _ in range(600):
            job = self.ok("api/build")["job"]
            if job["state"] not in ("checking", "building"):
                return job
            time.sleep(0.1)
        raise AssertionError("the build did not end in a minute")


RED = InlineFont(color="FFFF0000")


def rich(text: str) -> CellRichText:
    """A cell as a teacher colours it: «к{о}р{о}ва» with the letters in braces red."""
    parts = [TextBlock(RED, piece) if i % 2 else piece for i, piece in enumerate(text.replace("}", "{").split("{"))]
    return CellRichText([part for part in parts if part])


WORD = {"grade": 2, "word": "п[е]н+ал", "stars": 1, "definition": "Коробочка для ручек и карандашей."}


def workbook(path: Path, rows: list[tuple], sheet: str = "2 класс") -> Path:
    """A teacher's spreadsheet: one sheet, the usual titles, her rows."""
    book = openpyxl.Workbook()
    table = book.active
    table.title = sheet
    table.append(["Слово", "Звёздочки", "Толкование"])
    for row in rows:
        table.append(list(row))
    book.save(path)
    return path
