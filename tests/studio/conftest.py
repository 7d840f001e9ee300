"""The studio's tests run in a fresh settings folder (the folder it remembers), on a new word folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from studio_helpers import Page

from slovariki.studio.studio import Studio


@pytest.fixture(autouse=True)
def settings_home(tmp_path, monkeypatch) -> Path:
    """The studio remembers its folder here, not in the tester's home."""
    home = tmp_path / "настройки"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


@pytest.fixture
def page() -> Page:
    return Page(Studio())


@pytest.fixture
def folder(tmp_path, page) -> Path:
    """A new folder with init's examples, opened on the page."""
    path = tmp_path / "мои слова"
    page.ok("api/start", {"folder": str(path), "how": "examples"})
    return path
