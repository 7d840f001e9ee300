"""The files of a build are replaced as one set: a Ctrl-C or SIGTERM that lands during the final
renames waits for the last one, and the message says what the folder holds."""

from __future__ import annotations

import os
import signal

import pytest

from slovariki.generator import writer
from slovariki.text.console import Terminated

NAMES = ("cards.pdf", "rules.pdf", "wordlist.pdf")


def old_folder(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    for name in NAMES:
        (out / name).write_bytes(b"old")
    return out


def write_all(out) -> None:
    with writer.batch(out) as files:
        for name in NAMES:
            with files.open(name) as stream:
                stream.write(b"new")


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="signals are held back where the system can")
def test_sigterm_during_the_renames_replaces_the_whole_set_and_says_so(tmp_path, monkeypatch):
    out = old_folder(tmp_path)
    rename = os.replace

    def rename_then_terminate(source, target):
        rename(source, target)
        if str(target).endswith(NAMES[0]):
            os.kill(os.getpid(), signal.SIGTERM)  # lands between the first rename and the second

    monkeypatch.setattr(writer.os, "replace", rename_then_terminate)
    with pytest.raises(Terminated) as caught:
        write_all(out)
    assert {name: (out / name).read_bytes() for name in NAMES} == dict.fromkeys(NAMES, b"new")
    assert writer.interrupted(caught.value, out) == \
        f"Сборка прервана, когда файлы были уже записаны: все файлы в папке {out} новые."
    assert sorted(os.listdir(out)) == sorted(NAMES)  # no temporary file left


def test_an_interruption_before_the_renames_keeps_every_old_file_and_says_so(tmp_path):
    out = old_folder(tmp_path)
    with pytest.raises(KeyboardInterrupt) as caught:
        with writer.batch(out) as files:
            with files.open(NAMES[0]) as stream:
                stream.write(b"new")
            raise KeyboardInterrupt
    assert {name: (out / name).read_bytes() for name in NAMES} == dict.fromkeys(NAMES, b"old")
    assert writer.interrupted(caught.value, out) == f"Сборка прервана: файлы в папке {out} остались прежними."
    assert sorted(os.listdir(out)) == sorted(NAMES)


@pytest.mark.parametrize("what", ["symlink", "fifo"])
def test_a_build_never_replaces_a_link_or_a_fifo(tmp_path, what):
    out = old_folder(tmp_path)
    target = out / NAMES[1]
    target.unlink()
    if what == "symlink":
        target.symlink_to(tmp_path / "elsewhere.pdf")
    else:
        os.mkfifo(target)
    with pytest.raises(writer.OutputError, match="это не обычный файл, а (символическая ссылка|канал FIFO)"):
        write_all(out)
    assert (out / NAMES[0]).read_bytes() == b"old" and os.path.lexists(target) and not target.is_file()
