"""A referee killed outright in the middle of a save (kill -9 between writing the temporary file and
renaming it) leaves the old session file whole, and its temporary file is removed the next time the
session is opened under its lock; files of other names are left alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.referee.session import load, lock

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")

# The REPL as a user runs it, except that its second save stops (announced on stderr) once the
# temporary file is written, before fsync and the rename: that is where it is killed.
STOPPED_SAVE = """
import os, sys, time
saves = 0
real = os.fsync
def fsync(handle):
    global saves
    saves += 1
    if saves == 2:
        print("saving", file=sys.stderr, flush=True)
        time.sleep(60)
    real(handle)
os.fsync = fsync
from slovariki.cli import main
main(sys.argv[1:])
"""


def test_a_save_killed_half_way_leaves_the_old_file_and_its_leftover_is_removed(small_bank, tmp_path):
    path = tmp_path / "game.json"
    referee = subprocess.Popen(
        [sys.executable, "-c", STOPPED_SAVE, "referee", "play", "--players", "Аня,Боря", "--trump", "лопата",
         "--first", "Аня", "--words", str(small_bank), "--session", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    try:
        referee.stdin.write("Аня корова\n")
        referee.stdin.flush()
        assert referee.stderr.readline() == "saving\n"
    finally:
        referee.kill()
        referee.wait()
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")]
    assert len(left) == 1 and left[0].startswith(".game.json.")  # the save that was killed
    assert load(path).state.log == []  # the file holds the game as it was before that save
    others = [tmp_path / ".other.json.abcd1234.part", tmp_path / ".game.json.part", tmp_path / "game.json.part"]
    for other in others:
        other.write_text("not ours", encoding="utf-8")

    resumed = CliRunner().invoke(main, ["referee", "resume", "--session", str(path)], input="Аня корова\n")
    assert resumed.exit_code == 0, resumed.output
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".part")) == sorted(o.name for o in others)
    assert len(load(path).state.log) == 1


def test_a_leftover_is_removed_when_the_web_screen_or_any_holder_opens_the_session(tmp_path):
    path = tmp_path / "game.json"
    planted = tmp_path / ".game.json.x7_k2q9z.part"
    planted.write_text("{", encoding="utf-8")
    folder = tmp_path / ".game.json.abcdefgh.part"  # a folder of that name is not a file we wrote
    folder.mkdir()
    with lock(path, "веб-экран судьи"):
        assert not planted.exists()
    assert folder.is_dir()
