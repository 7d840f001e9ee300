"""Game records in text and YAML: scoring a finished game and clear errors for bad records."""

import textwrap

import pytest

from slovariki.bitva.record import RecordError, load_game, record_text, save_record, score_record

FINISHED = """\
# Вика не успела
игроки: Аня, Боря, Вика, Гена
Боря 7п 7к 7б
Аня 2п 2к 2б
Аня 3п 3к 3б
штраф Вика подглядывала
Аня 4п 4к 4б
Аня одна 7ч
Аня триплет 5п 5к 5б
"""
YAML = """\
players: [Аня, Боря, Вика, Гена]
moves:
  - Боря: 7п 7к 7б
  - Аня: [2п, 2к, 2б]
  - Аня: 3п 3к 3б
  - штраф: Вика подглядывала
  - Аня: 4п 4к 4б
  - Аня: одна 7ч
  - Аня триплет 5п 5к 5б
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.mark.parametrize("name, text", [("партия.txt", FINISHED), ("партия.yaml", YAML)])
def test_scores_a_finished_game(tmp_path, name, text):
    game = score_record(write(tmp_path, name, text))
    assert game.over and game.out == ["Аня"] and game.winners() == ("Аня",)
    assert {n: s.total for n, s in game.scores().items()} == {"Аня": 13 * 5 + 10, "Боря": 15, "Вика": -10, "Гена": 0}


def test_the_text_of_a_game_reads_back_to_the_same_game(tmp_path):
    game = load_game(write(tmp_path, "a.txt", FINISHED))
    path = tmp_path / "b.txt"
    save_record(path, game)
    assert path.read_text(encoding="utf-8") == record_text(game)
    assert load_game(path).as_json() == game.as_json()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


@pytest.mark.parametrize("text, problems", [
    ("игроки: Аня, Боря\nАня 7ч 7z\n", ["x:2: не понимаю карту «7z»"]),
    ("игроки: Аня, Боря\nАня 7ч 7п\nБоря 7п 7б\n", ["x:3: карта 7♠ уже на столе: её выложили раньше (Аня)"]),
    ("игроки: Аня, Боря\nГена 7ч 7п\nАня Тп Тч\nЖеня 8ч 8п\n",
     ["x:2: «Гена» — не команда и не игрок этой партии", "x:4: «Женя» — не команда"]),
    ("Аня 7ч 7п\n", ["x:1: сначала нужна строка «игроки: Аня, Боря»"]),
    ("# пусто\n", ["x: в записи нет строки «игроки: …»"]),
    ("игроки: Аня\n", ["x:1: в «Битву пар» играют вдвоём"]),
    ("игроки: Аня, Боря\nигроки: Аня, Боря\n", ["x:2: игроки уже названы выше"]),
    ("игроки: Аня, Боря\nсчёт\n", ["x:2: такой команды в записи партии быть не может"]),
    ("игроки: Аня, Боря\nштраф Гена\n", ["x:2: игрока «Гена» в этой партии нет"]),
    ("игроки: Аня, Боря\nконец\nАня 7ч 7п\n", ["x:3: партия уже окончена"]),
])
def test_bad_text_records(tmp_path, text, problems):
    path = write(tmp_path, "x", text)
    with pytest.raises(RecordError) as info:
        score_record(path)
    found = [p.replace(str(path), "x") for p in info.value.problems]
    assert len(found) == len(problems) and not info.value.unreadable
    for got, want in zip(found, problems):
        assert got.startswith(want), got


@pytest.mark.parametrize("text, want", [
    ("players: [Аня, Боря\n", "x.yaml:2: это не YAML"),
    ("- Аня\n", "x.yaml: нужны ключи players"),
    ("players: [Аня, Боря]\nwho: 1\n", "x.yaml: нужны ключи players"),
    ("players: {a: 1}\n", "x.yaml:1: players — список имён"),
    ("players: [Аня, Боря]\nmoves: 5\n", "x.yaml:2: moves — список ходов"),
    ("players: [Аня, Боря]\nmoves:\n  - {Аня: 7ч 7п, Боря: 8ч 8п}\n", "x.yaml:3: ход пишется как"),
    ("players: Аня, Боря\nmoves:\n  - Аня: 7ч 7п\n  - Гена: 8ч 8п\n", "x.yaml:4: «Гена» — не команда и не игрок этой партии"),
    ("players: [Аня, Боря]\nmoves:\n  - Аня: 7ч 7п\n  - Боря: [7п, 7б]\n", "x.yaml:4: карта 7♠ уже на столе"),
])
def test_bad_yaml_records(tmp_path, text, want):
    path = write(tmp_path, "x.yaml", text)
    with pytest.raises(RecordError) as info:
        score_record(path)
    assert info.value.problems[0].replace(str(path), "x.yaml").startswith(want), info.value.problems



def test_messages_about_files_are_russian(tmp_path):
    path = write(tmp_path, "x.yaml", "players: [Аня, Боря\nmoves: [")
    with pytest.raises(RecordError) as info:
        score_record(path)
    assert info.value.problems == (f"{path}:2: это не YAML: проверьте скобки, кавычки, двоеточия и отступы",)
    with pytest.raises(RecordError) as info:
        score_record(tmp_path)
    assert info.value.problems == (f"{tmp_path}: это папка, а нужен файл записи",) and info.value.unreadable


def test_unreadable_files(tmp_path):
    for path in (tmp_path / "нет.txt", write(tmp_path, "bin.txt", "")):
        if path.exists():
            path.write_bytes(b"\xff\xfe\x00")
        with pytest.raises(RecordError) as info:
            score_record(path)
        assert info.value.unreadable and ("файл не найден" in str(info.value) or "UTF-8" in str(info.value))


def test_a_record_that_cannot_be_saved(tmp_path):
    game = load_game(write(tmp_path, "a.txt", FINISHED))
    with pytest.raises(RecordError) as info:
        save_record(tmp_path / "нет-папки" / "b.txt", game)
    assert "не удалось сохранить запись" in str(info.value)
