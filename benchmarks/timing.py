"""Timing helpers shared by the benchmark scripts (run them from the repository root)."""

from __future__ import annotations

import gc
import os
import resource
import time

# Subprocesses run with bytecode caches, as an installed package has them (this project's shell sets
# PYTHONDONTWRITEBYTECODE, which would make every fresh process compile the package again).
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


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


def children_cpu() -> float:
    """CPU seconds used so far by the processes this one has waited for."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime
