"""The README's facts: two set-up commands, the CI runs its test command, its examples parse."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from slovariki.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def code_blocks(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", text, flags=re.S)


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_test_one():
    quick = README.split("## Быстрый старт", 1)[1].split("\n## ", 1)[0]
    commands = [block.strip() for block in code_blocks(quick)]
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == commands[1]


EXAMPLES = [line.split("#")[0].strip() for block in code_blocks(README) for line in block.splitlines()
            if re.match(r"slovariki (check|words|simulate)\b", line)]


@pytest.mark.parametrize("example", EXAMPLES)
def test_check_words_and_simulate_examples_use_real_options(example):
    name, *args = shlex.split(example)[1:]
    main.commands[name].make_context(name, args)  # raises a usage error on an unknown option or value
