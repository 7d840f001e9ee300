"""Timing helpers shared by the benchmark scripts (run them from the repository root)."""

from __future__ import annotations

import gc
import statistics
import subprocess
import time


def timed(function, *args, clock=time.perf_counter) -> float:
    start = clock()
    function(*args)
    return clock() - start


def best_of(runs: int, function, *args) -> float:
    """The fastest of ``runs`` calls, with the garbage collector off as in timeit: the run least
    disturbed by the rest of a shared machine."""
    return interleaved(runs, lambda: function(*args))[0]


def interleaved(runs: int, *functions, clock=time.perf_counter) -> list[float]:
    """The fastest of ``runs`` calls of each function, called in turn (a, b, a, b, …) so that a
    baseline and what is compared with it meet the same load of a shared machine. ``clock``
    ``time.process_time`` counts this process's CPU time only: steadier when others share the cores."""
    times = [[] for _ in functions]
    for _ in range(runs):
        for function, spent in zip(functions, times):
            gc.collect()
            gc.disable()
            try:
                spent.append(timed(function, clock=clock))
            finally:
                gc.enable()
    return [min(spent) for spent in times]


def startup(command: list[str], runs: int = 7) -> float:
    """Median wall time of starting ``command`` (a fresh process each time)."""
    return statistics.median(
        timed(lambda: subprocess.run(command, check=True, capture_output=True)) for _ in range(runs))
