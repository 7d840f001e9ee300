"""Every command that reads a file the user names reads a bounded amount of a regular file: a device
(«--session /dev/full»), a FIFO or a huge file is refused with a Russian message, at once, without
a traceback and without growing the memory. Run as real processes under a memory limit, so a read
that is not bounded fails the test instead of filling the machine's memory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

resource = pytest.importorskip("resource")  # POSIX: the memory limit of the runs

MEMORY_LIMIT = 1024 * 1024 * 1024


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "XDG_DATA_HOME": str(cwd / "data")}
    return subprocess.run([sys.executable, "-m", "slovariki", *args], cwd=cwd, env=env, input="",
                          capture_output=True, text=True, encoding="utf-8", timeout=30, preexec_fn=limit)


@pytest.fixture
def paths(tmp_path: Path) -> dict[str, str]:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as stream:
        stream.truncate(2 * MEMORY_LIMIT)  # sparse: no disk, but more than the process may hold
    return {"device": "/dev/full" if os.path.exists("/dev/full") else "/dev/zero", "fifo": str(fifo),
            "huge": str(huge)}


REASONS = {"device": "это не файл, а устройство", "fifo": "это не файл, а канал FIFO",
           "huge": "файл больше"}
COMMANDS = {
    "referee log": lambda p, tmp: ["referee", "log", "--session", p],
    "referee resume": lambda p, tmp: ["referee", "resume", "--session", p],
    "referee play": lambda p, tmp: ["referee", "play", "--players", "Аня,Боря", "--trump", "Тч", "--rules",
                               "podkidnoy", "--session", p],
    "referee replay": lambda p, tmp: ["referee", "replay", p],
    "bitva-par score": lambda p, tmp: ["bitva-par", "score", p],
    "bitva-par play --record": lambda p, tmp: ["bitva-par", "play", "--record", p],
    "import": lambda p, tmp: ["import", _link(tmp / "слова.csv", p), "--out", str(tmp / "bank")],
    "export": lambda p, tmp: ["export", str(tmp / "слова.csv"), "--words",
                              str(Path(_link(tmp / "bank" / "grade1.yaml", p)).parent)],
}


def _link(link: Path, target: str) -> str:
    """``target`` under a name a command takes (a spreadsheet's suffix, a grade file's name)."""
    link.parent.mkdir(exist_ok=True)
    link.symlink_to(target)
    return str(link)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("what", list(REASONS))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_file_that_is_no_regular_file_or_too_big_is_refused(command, what, paths, tmp_path):
    done = run(*COMMANDS[command](paths[what], tmp_path), cwd=tmp_path)
    assert done.returncode in (1, 2), done.stderr
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert REASONS[what] in done.stderr, done.stderr
