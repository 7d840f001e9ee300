"""Session files: atomic saves, resume, undo across a resume, and files that must not be overwritten."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.game import Attack, Take
from slovariki.referee import session
from slovariki.referee.session import SessionError, default_path, load, probe, save
from slovariki.referee.table import Setup, Table, bout_numbers


@pytest.fixture
def table(small_bank):
    return Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)))


def test_default_path_is_in_the_data_folder(data_home):
    assert default_path() == data_home / "slovariki" / "referee-session.json"


def test_save_and_load_replay_every_move(table, tmp_path):
    path = tmp_path / "game.json"
    table.play(0, Attack(table.card("корова")))
    table.play(1, Take())
    save(table, path)
    loaded = load(path)
    assert loaded.state == table.state
    assert loaded.setup == table.setup
    assert [p.name for p in tmp_path.glob("*game.json*")] == ["game.json"]  # no temporary file left behind


def test_undo_works_across_a_resume(table, tmp_path):
    path = tmp_path / "game.json"
    before = table.state.copy()
    table.play(0, Attack(table.card("корова")))
    save(table, path)
    resumed = load(path)
    resumed.undo()
    assert resumed.state == before


def test_a_failed_write_keeps_the_old_file(table, tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save(table, path)
    old = path.read_bytes()
    table.play(0, Attack(table.card("корова")))

    def broken(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session.os, "fsync", broken)
    with pytest.raises(SessionError, match="не удалось сохранить"):
        save(table, path)
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.glob("*game.json*")] == ["game.json"]


@pytest.mark.parametrize("content, words", [
    (b"\x00\x01 not json", "не JSON"),
    (b'{"format": "something-else"}', "не файл партии"),
    (b"[1, 2, 3]", "не файл партии"),
    (json.dumps({"format": session.FORMAT, "version": 99}).encode(), "версии 99"),
    (json.dumps({"format": session.FORMAT, "version": 1}).encode(), "испорчен"),
])
def test_foreign_or_corrupt_files_are_refused(tmp_path, content, words):
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(SessionError, match=words):
        load(path)
    with pytest.raises(SessionError, match="не будет перезаписан"):
        probe(path)


def test_a_move_that_does_not_replay_is_named(table, tmp_path):
    path = tmp_path / "game.json"
    table.play(0, Attack(table.card("корова")))
    save(table, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"].append({"player": "Аня", "cmd": "attack", "card": "ворона"})
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(SessionError, match="ход 2 не проходит проверку"):
        load(path)


def test_play_never_overwrites_a_foreign_file(small_bank, tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("мои заметки", encoding="utf-8")
    args = ["referee", "play", "--players", "Аня,Боря", "--trump", "лопата", "--words", str(small_bank),
            "--session", str(path)]
    for extra in ([], ["--force"]):
        result = CliRunner().invoke(main, args + extra, input="")
        assert result.exit_code == 1
        assert "не будет перезаписан" in result.output
    assert path.read_text(encoding="utf-8") == "мои заметки"


def test_play_asks_before_replacing_an_unfinished_game(small_bank):
    args = ["referee", "play", "--players", "Аня,Боря", "--trump", "лопата", "--words", str(small_bank),
            "--first", "Аня"]
    first = CliRunner().invoke(main, args, input="Аня корова\n")
    assert first.exit_code == 0
    again = CliRunner().invoke(main, args, input="")
    assert again.exit_code == 1 and "незаконченная партия" in again.output and "--force" in again.output
    assert len(load(default_path()).state.log) == 1
    forced = CliRunner().invoke(main, args + ["--force"], input="")
    assert forced.exit_code == 0
    assert len(load(default_path()).state.log) == 0


def test_resume_and_log_without_a_session():
    for command in (["referee", "resume"], ["referee", "log"]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 1
        assert "Ошибка: файл партии" in result.output and "не найден" in result.output and "Traceback" not in result.output


def test_a_step_of_several_moves_is_saved_and_taken_back_whole(tmp_path):
    """«все пас» is one step: Table.undo_step takes it back whole, also after a resume; undo one move."""
    from slovariki.game import Beat, Pass

    table = Table.start(Setup(("Аня", "Боря", "Вика"), "лопата", "Аня"))
    table.play(0, Attack(table.card("корова")))
    table.play(1, Beat(table.card("собака")))
    table.play(0, Pass())
    table.play(2, Pass(), with_previous=True)
    path = tmp_path / "game.json"
    save(table, path)
    assert [m.get("with_previous") for m in json.loads(path.read_text(encoding="utf-8"))["moves"]] == \
        [None, None, None, True]
    resumed = load(path)
    assert [r.move.cmd for r in resumed.undo_step()] == ["pass", "pass"] and len(resumed.state.log) == 2
    assert resumed.bout == 1 and resumed.with_previous == [False, False]
    again = load(path)
    assert again.undo().move.cmd == "pass" and len(again.state.log) == 3


def test_who_holds_the_dealt_trump_card_is_saved_and_old_files_without_it_still_load(tmp_path):
    """Six at durak: ``trump_holder`` goes into the session and comes back; a file written before the
    field existed loads with the trump card in a hand the referee does not know."""
    from slovariki.game import Beat

    names = ("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор")
    table = Table.start(Setup(names, "7ч", "Даша", "podkidnoy", trump_holder="Боря"))
    table.play(4, Attack(table.card("7♠")))
    path = tmp_path / "game.json"
    save(table, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["setup"]["trump_holder"] == "Боря"
    loaded = load(path)
    assert loaded.setup == table.setup and loaded.state == table.state
    assert [str(c) for c in loaded.state.known_cards(1)] == ["7♥"]
    assert not loaded.state.is_legal(5, Beat(loaded.card("7♥")))  # Егор cannot hold Боря's card
    del data["setup"]["trump_holder"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    old = load(path)
    assert old.setup.trump_holder is None and old.state.known_cards(1) == ()
    assert old.state.is_legal(5, Beat(old.card("7♥")))


def test_a_session_file_with_a_bom_is_read(table, tmp_path):
    path = tmp_path / "game.json"
    table.play(0, Attack(table.card("корова")))
    save(table, path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as a Windows editor saves it
    assert load(path).state == table.state


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_a_version_that_only_looks_like_1_is_refused(table, tmp_path, version):
    path = tmp_path / "game.json"
    save(table, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = version
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(SessionError, match=f"файл партии версии {version!r}"):
        load(path)


@pytest.mark.parametrize("command", [["resume"], ["log"], ["play", "--players", "Аня,Боря", "--trump", "Тч",
                                                          "--rules", "podkidnoy"]])
def test_an_empty_session_path_is_an_error_not_the_default_file(command):
    CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", "Тч", "--rules", "podkidnoy",
                              "--first", "Аня"], input="Аня 6п\n")
    before = default_path().read_bytes()
    result = CliRunner().invoke(main, ["referee", *command, "--session", ""], input="")
    assert result.exit_code == 2, result.output
    assert "--session" in result.output and "путь к файлу партии пустой" in result.output
    assert default_path().read_bytes() == before


def _random_game_saved_move_by_move(seed: int, path):
    """A classic game played at random with undos and one Writer saving after every change, as the
    web screen and the REPL save; yields after each save."""
    import random

    rng = random.Random(seed)
    table = Table.start(Setup(("Аня", "Боря", "Вика"), "Тч", "Аня", "podkidnoy"))
    writer = session.Writer()
    for _ in range(120):
        if table.finished():
            break
        if table.state.log and rng.random() < 0.15:
            table.undo()
        else:
            who = rng.choice([p for p in range(3) if table.state.legal_moves(p)])
            table.play(who, rng.choice(table.state.legal_moves(who)))
        writer.save(table, path)
        yield table


@pytest.mark.parametrize("seed", range(4))
def test_the_writer_encodes_each_move_once_and_saves_exactly_the_game(tmp_path, seed):
    """A Writer keeps the lines of the moves it has written: after moves and undos its file is the
    one a fresh save writes, and it loads to the same game."""
    path = tmp_path / "game.json"
    for table in _random_game_saved_move_by_move(seed, path):
        text = path.read_text(encoding="utf-8")
        assert text == session.Writer().text(table)
        loaded = load(path)
        assert loaded.state == table.state and loaded.with_previous == table.with_previous
        assert (loaded.bout, loaded.last_bout) == (table.bout, table.last_bout)
        if table.state.log:  # the bout of the last move, without counting the whole game again
            assert table.last_bout == bout_numbers(table.state.log)[-1]
    data = json.loads(text)
    assert data["format"] == session.FORMAT and data["version"] == 1
    assert text.count("\n") == len(data["moves"]) + (2 if data["moves"] else 1)  # a line per move


def test_the_writer_encodes_only_the_new_moves(table, tmp_path, monkeypatch):
    writer = session.Writer()
    path = tmp_path / "game.json"
    writer.save(table, path)
    table.play(0, Attack(table.card("корова")))
    writer.save(table, path)
    encoded = []
    encode = session._encode
    monkeypatch.setattr(session, "_encode", lambda value: encoded.append(value) or encode(value))
    table.play(1, Take())
    writer.save(table, path)
    assert [value.get("cmd") for value in encoded] == ["take", None]  # the new move, and the set-up


def test_session_files_written_with_indent_by_earlier_versions_still_load(table, tmp_path):
    path = tmp_path / "game.json"
    table.play(0, Attack(table.card("корова")))
    table.play(1, Take())
    save(table, path)
    path.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False, indent=1) + "\n",
                    encoding="utf-8")
    assert path.read_text(encoding="utf-8").startswith('{\n "format": "slovariki-referee-session",\n "version": 1,')
    loaded = load(path)
    assert loaded.state == table.state and loaded.setup == table.setup
