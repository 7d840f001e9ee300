"""Shared fixtures: small word banks written into temporary folders; the hypothesis profiles.

The fuzzers of what people and files send us (word files, markup, protocol lines) take their number
of examples from the profile: ``ci`` (the default, a few seconds) or ``HYPOTHESIS_PROFILE=thorough``
(10,000 each, for a night's run before a release). Tests that play whole games name a smaller
``max_examples`` of their own and keep it in every profile.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=10_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Session files of every test go to its own temporary folder, never to the user's: a game left
    there by a person would make «referee play» ask for --force."""
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("APPDATA", str(home))
    return home


@pytest.fixture(scope="session")
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def cache_home(shared_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The word files' cache (bank.read_cache) of the whole run, its commands' too, in a temporary
    folder, never the user's: each run starts with none, and its tests share it as a teacher's commands do."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared_cache))
    monkeypatch.setenv("LOCALAPPDATA", str(shared_cache))
    return shared_cache


@pytest.fixture
def bank_dir(tmp_path: Path):
    """Write word files into a fresh folder: bank_dir({"grade1.yaml": "..."}) → the folder."""

    def write(files: dict[str, str | bytes]) -> Path:
        for name, content in files.items():
            path = tmp_path / name
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(textwrap.dedent(content), encoding="utf-8")
        return tmp_path

    return write
