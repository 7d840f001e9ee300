"""A build stopped half-way: kill -9 at random moments and SIGTERM leave the old PDFs byte for byte,
SIGTERM cleans up like Ctrl-C, and the next build removes what a killed one left behind."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from slovariki.generator.build import build_deck
from slovariki.generator.options import DeckOptions

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")

ARGS = ["-m", "slovariki", "build-deck", "--copies", "4"]  # the bundled bank: a few seconds of writing


def start(out: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *ARGS, "--out", str(out)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONIOENCODING": "utf-8"})


def pdfs(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.glob("*.pdf"))}


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.endswith(".part"))


def wait_for_writing(proc: subprocess.Popen, out: Path) -> bool:
    """Until the build has begun its temporary files (True), or has ended (False)."""
    while proc.poll() is None:
        if leftovers(out):
            return True
        time.sleep(0.005)
    return False


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    done = subprocess.run([sys.executable, *ARGS, "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture
def out(built, tmp_path) -> Path:
    """An output folder holding the PDFs of an earlier build."""
    folder = tmp_path / "out"
    folder.mkdir()
    for path in built.glob("*.pdf"):
        (folder / path.name).write_bytes(path.read_bytes())
    return folder


def build_deck_in(out: Path) -> None:
    from slovariki.bank.wordlist import load_bank

    build_deck(load_bank().deck, DeckOptions(), out)


def test_kill_9_at_random_moments_leaves_the_old_pdfs_and_the_next_build_cleans_up(out):
    old = pdfs(out)
    rng = random.Random(14)
    killed_writing = 0
    for attempt in range(4):
        proc = start(out)
        if attempt == 0:
            time.sleep(rng.uniform(0.05, 0.6))  # early: loading, checking, or the first pages
        elif wait_for_writing(proc, out):
            time.sleep(rng.uniform(0, 0.3))
        if proc.poll() is None:
            killed_writing += bool(leftovers(out))
            proc.kill()
        proc.wait()
        if proc.returncode == -signal.SIGKILL:
            assert pdfs(out) == old
        else:  # it finished before the kill: these are the files to keep now
            old = pdfs(out)
    assert killed_writing >= 2 and leftovers(out)  # what kill -9 leaves behind …
    build_deck_in(out)
    assert leftovers(out) == []  # … the next build removes


def test_sigterm_cleans_up_like_ctrl_c_and_keeps_the_old_pdfs(out):
    old = pdfs(out)
    proc = start(out)
    assert wait_for_writing(proc, out), proc.stderr.read()
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "Traceback" not in err and "Сборка прервана" in err
    assert leftovers(out) == [] and pdfs(out) == old


def test_only_temporary_files_of_our_own_naming_are_removed(out):
    ours = [".cards.pdf.k3j_x9a2.part", ".rules.pdf.00000000.part", ".wordlist.pdf.abcdefgh.part"]
    theirs = [".cards.pdf.part", "cards.pdf.abcdefgh.part", ".notes.txt.abcdefgh.part", ".cards.pdf.abc.part",
              "мои заметки.part"]
    for name in ours + theirs:
        (out / name).write_bytes(b"%PDF-1.4 half")
    build_deck_in(out)
    assert leftovers(out) == sorted(theirs)


def test_a_second_build_into_a_folder_being_written_is_refused(tmp_path):
    import fcntl

    from slovariki.generator.writer import OutputError

    handle = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a build in another process holds it
        with pytest.raises(OutputError, match="сейчас пишет другая сборка"):
            build_deck_in(tmp_path)
    finally:
        os.close(handle)
    assert list(tmp_path.iterdir()) == []


def test_an_interrupt_between_creating_a_temporary_file_and_noting_it_leaves_nothing(tmp_path, monkeypatch):
    """SIGTERM can arrive right after mkstemp made the file, before the batch knows its name."""
    from slovariki.files import atomic
    from slovariki.text.console import Terminated
    from slovariki.generator import writer

    def interrupted_chmod(path, mode):
        raise Terminated()

    monkeypatch.setattr(atomic.os, "chmod", interrupted_chmod)
    with pytest.raises(Terminated):
        with writer.batch(tmp_path) as files:
            files.open("cards.pdf")
    assert leftovers(tmp_path) == []
