"""A small word bank whose cards the referee's tests can reason about, and a private data folder."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from slovariki.referee.protocol import Session

# Hard letters in brackets. Colour = grade: 1 green, 2 blue, 3 yellow, 4 pink.
BANK = {
    "grade1.yaml": """\
        grade: 1
        words:
          - {word: "к[о]р+ова", stars: 1, definition: Домашнее животное.}
          - {word: "р[е]б+ята", stars: 1, definition: Дети.}
          - {word: "с[о]р+ока", stars: 1, definition: Птица.}
          - {word: "в[о]р+она", stars: 1, definition: Птица.}
          - {word: "п[е]т+ух", stars: 1, definition: Птица.}
          - {word: "м[а]ш+ина", stars: 1, definition: Транспорт.}
          - {word: "с[о]б+ака", stars: 2, definition: Животное.}
          - {word: "м[е]дв+едь", stars: 2, definition: Зверь.}
        """,
    "grade2.yaml": """\
        grade: 2
        words:
          - {word: "л[о]п+ата", stars: 1, definition: Инструмент.}
          - {word: "д+ев[о]чка", stars: 1, definition: Ребёнок.}
          - {word: "м[о]рк+овь", stars: 2, definition: Овощ.}
          - {word: "к[а]п+уста", stars: 2, definition: Овощ.}
        """,
    "grade3.yaml": """\
        grade: 3
        words:
          - {word: "в[о]кз+ал", stars: 1, definition: Здание.}
          - {word: "эск[а]л+атор", stars: 3, definition: Лестница.}
          - {word: "[о]рн+амент", stars: 3, definition: Узор.}
        """,
    "grade4.yaml": """\
        grade: 4
        words:
          - {word: "п[е]йз+аж", stars: 2, definition: Картина.}
        """,
}


@pytest.fixture
def small_bank(tmp_path: Path) -> Path:
    folder = tmp_path / "bank"
    folder.mkdir()
    for name, text in BANK.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


class Client:
    """Drives the protocol in-process, one command (dict or raw line) at a time."""

    def __init__(self) -> None:
        self.session = Session()

    def send(self, command: dict | str) -> dict:
        line = command if isinstance(command, str) else json.dumps(command, ensure_ascii=False)
        return self.session.answer(line)

    def ok(self, command: dict) -> dict:
        answer = self.send(command)
        assert answer["ok"], answer
        return answer

    def refused(self, command: dict | str, code: str) -> dict:
        before = self.send({"cmd": "state"}).get("state")
        answer = self.send(command)
        assert not answer["ok"] and answer["code"] == code, answer
        assert answer["state"] == before  # a rejected command changes nothing
        return answer


@pytest.fixture
def client() -> Client:
    return Client()
