"""The referee on a disk that fills up mid-game: a real 256 KB tmpfs when this process may mount one
(root, as in a container), else a writer that fails with ENOSPC like a full disk does."""

from __future__ import annotations

import errno
import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from slovariki.files import atomic
from slovariki.referee.repl import Repl
from slovariki.referee.session import load, save
from slovariki.referee.table import Setup, Table


class Disk:
    """A folder whose file system can be filled up and freed again."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder
        self.real = os.geteuid() == 0 and shutil.which("mount") is not None and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)], capture_output=True).returncode == 0
        self.filler = folder / "filler"
        self.full = False
        if not self.real:
            write = atomic.write_text

            def write_unless_full(path: Path, text: str) -> None:
                if self.full and path.parent == folder:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                write(path, text)

            monkeypatch.setattr(atomic, "write_text", write_unless_full)

    def fill(self) -> None:
        self.full = True
        if self.real:
            with self.filler.open("wb", buffering=0) as stream:
                try:
                    while stream.write(b"\0" * 4096):
                        pass
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC

    def free(self) -> None:
        self.full = False
        self.filler.unlink(missing_ok=True)

    def unmount(self) -> None:
        if self.real:
            subprocess.run(["umount", str(self.folder)], check=True)


@pytest.fixture
def disk(tmp_path, monkeypatch):
    folder = tmp_path / "disk"
    folder.mkdir()
    disk = Disk(folder, monkeypatch)
    try:
        yield disk
    finally:
        disk.unmount()


def test_a_disk_that_fills_mid_game_loses_no_move_and_never_says_saved(small_bank, disk):
    path = disk.folder / "game.json"
    table = Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank)), word_forms=True)
    save(table, path)
    out = io.StringIO()
    repl = Repl(table, path, out)
    repl.handle("Аня корова")
    before = path.read_bytes()
    disk.fill()
    for line in ["Боря бьёт ребятами", "Аня подкидывает петуха"]:
        repl.handle(line)
    assert repl.prompt() == "[не сохранено] Боря › "
    assert "на диске нет места" in out.getvalue()
    assert "Партия всё ещё не сохранена: последние 2 хода не записаны в" in out.getvalue()
    said = out.getvalue()  # each failure is said after the move it speaks of (QA2 #17)
    assert said.index("✓ Боря: бьёт") < said.index("Внимание") < said.index("✓ Аня: подкидывает") \
        < said.index("Партия всё ещё не сохранена")
    assert path.read_bytes() == before  # the old file whole
    assert sorted(p.name for p in disk.folder.iterdir()) == sorted(["game.json", *(["filler"] if disk.real else [])])
    repl.handle("выход")
    said = out.getvalue()
    assert "Партия сохранена" not in said and "Партия НЕ сохранена: последние 2 хода не записаны" in said
    assert "3. Аня: подкидывает карту «петух»" in said  # the record on the screen
    assert not repl.done  # a second «выход» is needed to leave without saving
    disk.free()
    repl.handle("Боря бьёт петуха машиной")
    assert "Партия снова сохраняется" in out.getvalue()
    assert len(load(path).state.log) == 4
    repl.handle("выход")
    assert repl.done and out.getvalue().rstrip().endswith(f"Партия сохранена в {path}. Продолжить: "
                                                         f"slovariki referee resume --session {path}")


def test_a_full_disk_at_the_start_names_the_disk_not_the_output(tmp_path, monkeypatch):
    """The lock's note is the first thing written: on a full disk that write says why, not «не удалось
    вывести результат» as if the terminal had failed."""
    from click.testing import CliRunner

    from slovariki.cli import main
    from slovariki.referee import session

    def full(handle: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(session.os, "write", full)
    path = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", "лопата", "--first",
                                       "Аня", "--session", str(path)], input="")
    assert result.exit_code == 1
    assert f"не удалось открыть партию {path}: на диске нет места" in result.output
    assert "вывести результат" not in result.output and not path.exists()
