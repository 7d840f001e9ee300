"""Consoles that cannot encode every character (cp1251, cp866) and a Windows-like environment:
readable stand-ins, no traceback, paths with spaces and Cyrillic."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from slovariki.files import userdirs
from slovariki.text import console
from slovariki.referee import session

ENCODINGS = ["cp1251", "cp866"]


@pytest.mark.parametrize("char, encoding, shown", [
    ("★", "cp1251", "*"), ("☆", "cp866", "-"), ("×", "cp1251", "x"), ("♠", "cp866", "п"), ("♥", "cp1251", "ч"),
    ("«", "cp866", '"'), ("«", "cp1251", "«"), ("—", "cp866", "-"), ("—", "cp1251", "—"), ("→", "cp1251", "->"),
    ("\u0301", "cp1251", ""), ("é", "cp866", "e"), ("ё", "cp866", "ё"), ("漢", "cp1251", "?"),
])
def test_a_character_the_code_page_lacks_gets_a_readable_stand_in(char, encoding, shown):
    assert (char + "ёж").encode(encoding, console.handler(encoding)).decode(encoding) == shown + "ёж"


def test_the_stress_mark_becomes_the_word_files_plus_where_the_code_page_lacks_it():
    written = io.StringIO()
    console.StressAsPlus(written).write("отмечено «ябло\u0301ко», в словаре «я\u0301блоко», «Москва\u0301», «Е\u0301ва»")
    assert written.getvalue() == "отмечено «ябл+око», в словаре «+яблоко», «Москв+а», «+Ева»"


def quoted(text: str) -> str:
    """Straight quotes (cp866's stand-in) back as «»."""
    return re.sub(r'"([^"]*)"', r"«\1»", text)


def run(args: list[str], encoding: str, cwd: Path, stdin: str = "", env: dict | None = None):
    """The CLI in a subprocess whose console speaks ``encoding``; the output decoded the same way."""
    environment = {**os.environ, "PYTHONIOENCODING": encoding, "COLUMNS": "100", **(env or {})}
    done = subprocess.run([sys.executable, "-m", "slovariki", *args], cwd=cwd, env=environment,
                          input=stdin.encode(encoding), capture_output=True, timeout=300)
    out, err = done.stdout.decode(encoding), done.stderr.decode(encoding)
    assert "Traceback" not in err and "UnicodeEncodeError" not in err, err
    return done.returncode, out, err


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A working folder as on a teacher's Windows machine: a space and Cyrillic in the path."""
    path = tmp_path / "Мои документы" / "Словарики 2 класс"
    path.mkdir(parents=True)
    return path


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_words_and_check_print_stars_and_keep_yo(encoding, folder):
    code, out, _ = run(["words", "--grades", "1"], encoding, folder)
    assert code == 0 and "*--" in out and "Чёрно-белая птица" in out and "★" not in out
    code, out, err = run(["check"], encoding, folder)
    assert code == 0 and "Карточек:" in out and "голубой <-> розовый" in out


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_build_deck_into_a_folder_with_spaces_and_cyrillic(encoding, folder):
    code, out, err = run(["build-deck", "--grades", "1,2", "--out", "печать колоды"], encoding, folder)
    assert code == 0, err
    assert (folder / "печать колоды" / "cards.pdf").is_file()
    assert str(folder / "печать колоды" / "cards.pdf") in out and "63x88" in out


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_referee_with_suits_on_a_code_page_without_them(encoding, folder):
    moves = "Аня 7п\nБоря берёт\nстол\nвыход\n"
    env = {"XDG_DATA_HOME": str(folder / "данные"), "APPDATA": str(folder / "Application Data")}
    code, out, err = run(["referee", "play", "--players", "Аня,Боря", "--trump", "Д♠", "--rules", "podkidnoy",
                          "--first", "Аня"], encoding, folder, moves, env)
    assert code == 0, err
    assert "7п" in out and "♠" not in out
    assert (folder / "данные" / "slovariki" / "referee-session.json").is_file()


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_help_simulate_and_bitva_par_on_the_code_page(encoding, folder):
    for args in (["--help"], ["build-deck", "--help"], ["simulate", "--games", "3", "--grades", "1,2,3,4"],
                 ["bitva-par", "deal", "--players", "3", "--seed", "1"]):
        code, out, err = run(args, encoding, folder)
        assert code == 0, (args, err)
        assert out.strip()


def test_windows_keeps_the_referees_games_under_appdata(monkeypatch, tmp_path):
    appdata = tmp_path / "Roaming данные"
    monkeypatch.setattr(session, "WINDOWS", True)
    monkeypatch.setattr(userdirs, "WINDOWS", True)
    monkeypatch.setenv("APPDATA", str(appdata))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert session.default_path() == appdata / "slovariki" / "referee-session.json"
    own = tmp_path / "Мои партии" / "партия 1.json"
    assert session.resume_command(own) == f'slovariki referee resume --session "{own}"'
    monkeypatch.setattr(session, "WINDOWS", False)
    monkeypatch.setattr(userdirs, "WINDOWS", False)
    assert session.default_path() == tmp_path / "xdg" / "slovariki" / "referee-session.json"
    assert session.resume_command(own) == f"slovariki referee resume --session '{own}'"


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_teachers_commands_on_the_code_page(encoding, folder):
    for args in (["init", "мои слова"], ["export", "мои слова.xlsx", "--words", "мои слова"],
                 ["import", "мои слова.xlsx", "--out", "из таблицы"], ["anki", "мои слова.apkg", "--words", "из таблицы"],
                 ["check", "--words", "мои слова.xlsx", "--no-deck"]):
        code, out, err = run(args, encoding, folder)
        assert code == 0, (args, err)
        assert str(folder) in out or "Карточек: 16" in out
    code, out, err = run(["init", "мои слова"], encoding, folder)
    assert code == 1 and "уже есть grade1.yaml" in err


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_check_and_suggest_keep_the_stress_visible_on_the_code_page(encoding, folder):
    """Without U+0301 the code page would print «отмечено «коридор», в словаре «коридор»»."""
    words = folder / "слова"
    words.mkdir()
    (words / "grade1.yaml").write_text("grade: 1\nwords:\n  - word: к[о]р+ид[о]р\n    stars: 2\n"
                                       "    definition: Длинный проход в здании.\n", encoding="utf-8")
    code, out, _ = run(["check", "--words", "слова", "--no-deck"], encoding, folder)
    assert code == 0 and "отмечено «кор+идор», в словаре «корид+ор»" in quoted(out)
    code, out, _ = run(["suggest", "творог"], encoding, folder)  # cp866 has no «», cp1251 has them
    assert code == 0 and "Ударение (Викисловарь): тв+орог или твор+ог." in out


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_other_commands_on_the_code_page(encoding, folder):
    """preview, the referee's log, resume, replay and JSON lines, «Битва пар», pictures: no traceback, and a
    record saved with «>» from this console (as «referee log > партия.txt» in cmd.exe) replays."""
    env = {"XDG_DATA_HOME": str(folder / "данные"), "APPDATA": str(folder / "Application Data")}
    code, out, err = run(["preview", "корова", "--out", "корова.png"], encoding, folder)
    assert code == 0 and (folder / "корова.png").stat().st_size > 1000, err
    session = ["--session", "партия.json"]
    code, _, err = run(["referee", "play", "--players", "Аня,Боря", "--trump", "Д♠", "--rules", "podkidnoy",
                        "--first", "Аня", *session], encoding, folder, "Аня 7п\nБоря берёт\nвыход\n", env)
    assert code == 0, err
    code, out, err = run(["referee", "resume", *session], encoding, folder, "стол\nвыход\n", env)
    assert code == 0 and "Аня 5, Боря 6" in out, err
    code, record, err = run(["referee", "log", *session], encoding, folder, env=env)
    assert code == 0 and "Боря: берёт" in record
    (folder / "партия.txt").write_bytes(record.encode(encoding))  # in cp866 with its stand-ins ("7п", -)
    code, out, err = run(["referee", "replay", "партия.txt"], encoding, folder)
    assert (code, "все ходы по правилам (2)" in out) == (0, True), out + err
    command = {"cmd": "new", "players": ["Аня", "Боря"], "trump": "Д♠", "rules": "podkidnoy", "first": "Аня"}
    done = subprocess.run([sys.executable, "-m", "slovariki", "referee", "--jsonl"], cwd=folder, capture_output=True,
                          input=json.dumps(command, ensure_ascii=False).encode() + b"\n", timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": encoding})
    answer = json.loads(done.stdout.decode("utf-8"))  # a machine protocol: UTF-8 whatever the console
    assert done.returncode == 0 and answer["ok"] is True and answer["state"]["trump"] == "Д♠"
    code, out, err = run(["bitva-par", "play", "--players", "Аня,Боря,Вика"], encoding, folder, "выход\n")
    assert code == 0 and "Партия: Аня, Боря, Вика" in out, err
    code, out, err = run(["pictures", "яблоко"], encoding, folder)
    assert code == 0 and "red-apple" in out
