"""The Anki deck read back from the .apkg's SQLite: notes, fields, sub-decks and ids that stay."""

from __future__ import annotations

import json
import sqlite3
import zipfile
from pathlib import Path

from click.testing import CliRunner

from slovariki.cli import main
from slovariki.bank import anki
from slovariki.bank.wordlist import load_bank


def read_apkg(path: Path, tmp_path: Path) -> tuple[dict[str, list[str]], dict[str, str], dict[str, int]]:
    """guid → fields, guid → its card's deck name, note type name → id."""
    with zipfile.ZipFile(path) as archive:
        archive.extract("collection.anki2", tmp_path)
    db = sqlite3.connect(tmp_path / "collection.anki2")
    try:
        decks = {int(k): v["name"] for k, v in json.loads(db.execute("select decks from col").fetchone()[0]).items()}
        models = {v["name"]: int(k) for k, v in json.loads(db.execute("select models from col").fetchone()[0]).items()}
        notes = {guid: fields.split("\x1f") for guid, fields in db.execute("select guid, flds from notes")}
        where = {guid: decks[did] for guid, did in
                 db.execute("select notes.guid, cards.did from cards join notes on cards.nid = notes.id")}
    finally:
        db.close()
    (tmp_path / "collection.anki2").unlink()
    return notes, where, models


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_one_note_per_word_in_a_sub_deck_per_grade(tmp_path):
    result = run("anki", str(tmp_path / "слова.apkg"), "--grades", "1,2")
    assert result.exit_code == 0, result.output
    notes, where, models = read_apkg(tmp_path / "слова.apkg", tmp_path)
    deck = load_bank().select([1, 2]).deck
    assert len(notes) == len(deck) == len(where)
    assert set(where.values()) == {"Словарики::1 класс (зелёный)", "Словарики::2 класс (голубой)"}
    assert models["Словарики: словарное слово"] == anki.MODEL_ID
    by_word = {fields[0]: (guid, fields) for guid, fields in notes.items()}
    guid, fields = by_word["коридор"]
    assert where[guid] == "Словарики::1 класс (зелёный)"
    assert fields[2] == 'к<span class="gap">_</span>р<span class="gap">_</span>дор'
    assert fields[3] == ('к<span class="hard">о</span>р<span class="hard">и</span>до\u0301р')
    assert fields[1] == deck.find("коридор").definition and fields[4:] == ["1 класс", "2 звёздочки"]


def test_a_new_export_keeps_every_id_so_anki_updates_instead_of_duplicating(tmp_path, bank_dir):
    grade1 = "grade: 1\nwords:\n  - word: к[о]р[и]д+ор\n    stars: 2\n    definition: Длинный проход в здании.\n"
    folder = bank_dir({"grade1.yaml": grade1})
    assert run("anki", str(tmp_path / "a.apkg"), "--words", str(folder)).exit_code == 0
    (folder / "grade1.yaml").write_text(grade1.replace("Длинный проход", "Узкий проход"), encoding="utf-8")
    assert run("anki", str(tmp_path / "b.apkg"), "--words", str(folder)).exit_code == 0
    first, first_decks, first_models = read_apkg(tmp_path / "a.apkg", tmp_path)
    second, second_decks, second_models = read_apkg(tmp_path / "b.apkg", tmp_path)
    assert first.keys() == second.keys() and first_decks == second_decks and first_models == second_models
    (guid,) = first
    assert first[guid][1] == "Длинный проход в здании." and second[guid][1] == "Узкий проход в здании."


def test_cards_with_word_errors_are_not_exported(tmp_path, bank_dir):
    folder = bank_dir({"grade1.yaml": "grade: 1\nwords:\n  - word: с[о]б+акой\n    stars: 1\n    definition: Зверь.\n"})
    result = run("anki", str(tmp_path / "a.apkg"), "--words", str(folder))
    assert result.exit_code == 1 and "не собрана" in result.stderr and not (tmp_path / "a.apkg").exists()


def test_a_file_name_without_apkg_is_refused_before_anything_is_written(tmp_path):
    """QA: «anki x.txt» wrote an Anki package named x.txt without a word."""
    result = run("anki", str(tmp_path / "x.txt"))
    assert result.exit_code == 2 and not (tmp_path / "x.txt").exists()
    assert "Ошибка: колода для Anki сохраняется в файл .apkg: имя файла должно кончаться на .apkg" in result.stderr
    assert run("anki", str(tmp_path / "СЛОВА.APKG"), "--grades", "1").exit_code == 0
