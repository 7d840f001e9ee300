"""One writer per session file: the REPL and the web screen each hold a lock while they run; a second
program is refused with a message naming the first, and a killed holder leaves no stale lock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.referee.session import SessionBusy, SessionError, load, lock, lock_path


def test_a_second_holder_is_refused_with_the_first_one_named(tmp_path):
    path = tmp_path / "game.json"
    with lock(path, "веб-экран судьи"):
        with pytest.raises(SessionBusy, match=f"сейчас ведёт другая программа \\(веб-экран судьи, процесс {os.getpid()}, "
                                              "запущен в \\d\\d:\\d\\d\\)") as refused:
            with lock(path, "судья в терминале"):
                pass
        assert "закройте ту программу" in str(refused.value)
    assert not lock_path(path).exists()  # released and tidied away
    with lock(path, "судья в терминале"):
        assert lock_path(path).exists()


def test_a_killed_holder_leaves_no_stale_lock(tmp_path):
    path = tmp_path / "game.json"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom pathlib import Path\nfrom slovariki.referee.session import lock\n"
                               f"with lock(Path({str(path)!r}), 'веб-экран судьи'):\n"
                               "    print('ready', flush=True)\n    time.sleep(60)\n"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "ready\n"
        with pytest.raises(SessionBusy, match=f"процесс {holder.pid}"):
            with lock(path, "судья в терминале"):
                pass
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    assert lock_path(path).exists()  # the killed holder could not tidy up …
    with lock(path, "судья в терминале"):  # … yet its lock went with it
        pass


def test_a_lock_where_a_folder_should_be(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(SessionError, match="в пути есть файл там, где должна быть папка"):
        with lock(tmp_path / "file" / "game.json", "судья в терминале"):
            pass


@pytest.mark.parametrize("command", [["resume"], ["play", "--players", "Аня,Боря", "--trump", "лопата", "--first", "Аня", "--force"]])
def test_the_repl_is_refused_while_the_web_screen_holds_the_session(small_bank, tmp_path, command):
    path = tmp_path / "game.json"
    first = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", "лопата", "--first", "Аня",
                                      "--words", str(small_bank), "--session", str(path)], input="Аня корова\n")
    assert first.exit_code == 0, first.output
    saved = path.read_bytes()
    with lock(path, "веб-экран судьи"):
        result = CliRunner().invoke(main, ["referee", *command, "--session", str(path), "--words", str(small_bank)]
                                    if command[0] == "play" else ["referee", *command, "--session", str(path)],
                                    input="Боря берёт\n")
    assert result.exit_code == 1
    assert f"Ошибка: партию в {path} сейчас ведёт другая программа (веб-экран судьи" in result.output
    assert path.read_bytes() == saved and len(load(path).state.log) == 1


def test_the_web_screen_is_refused_while_the_repl_holds_the_session(tmp_path):
    path = tmp_path / "game.json"
    with lock(path, "судья в терминале"):
        result = CliRunner().invoke(main, ["referee", "web", "--session", str(path), "--port", "0"])
    assert result.exit_code == 1
    assert "сейчас ведёт другая программа (судья в терминале" in result.output
