"""Ctrl-C and SIGTERM stop a long simulation at once, workers and all, with a Russian line and the
shell's exit code (130, 143), not a traceback and not after every queued game is played."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _children(pid: int) -> list[int]:
    tasks = Path(f"/proc/{pid}/task")
    found = []
    for task in tasks.iterdir():
        text = (task / "children").read_text().split()
        found.extend(int(child) for child in text)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize(("signum", "code", "message", "group", "wait_for"), [
    (signal.SIGTERM, 143, "Прервано: программу попросили завершиться (SIGTERM).", False, 2),
    (signal.SIGINT, 130, "Прервано (Ctrl+C).", False, 2),
    (signal.SIGINT, 130, "Прервано (Ctrl+C).", True, 2),  # a terminal's Ctrl-C reaches the workers too
    (signal.SIGTERM, 143, "Прервано: программу попросили завершиться (SIGTERM).", False, 1),  # the pool half made
], ids=["SIGTERM", "Ctrl-C", "Ctrl-C-at-a-terminal", "SIGTERM-while-forking"])
def test_a_signal_stops_the_simulation_and_its_workers(signum, code, message, group, wait_for):
    process = subprocess.Popen([sys.executable, "-m", "slovariki", "simulate", "--games", "500000", "--jobs", "2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < wait_for and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.005)
        workers = _children(process.pid)
    assert len(workers) >= wait_for, "the simulation never started its workers"
    if group:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    try:
        _, err = process.communicate(timeout=30)  # also waits for every copy of its stdout to close
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("the simulation went on after the signal")
    assert process.returncode == code
    assert err.strip().splitlines()[-1] == message
    assert "Traceback" not in err
    time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)]
