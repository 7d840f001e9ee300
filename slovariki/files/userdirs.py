"""The user's own folders for slovariki: data that must be kept (a game in progress, the studio's
settings) and a cache that may be lost at any time."""

from __future__ import annotations

import os
from pathlib import Path

WINDOWS = os.name == "nt"


def data_dir() -> Path:
    """%APPDATA%\\slovariki on Windows, elsewhere $XDG_DATA_HOME/slovariki or ~/.local/share/slovariki."""
    if WINDOWS and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "slovariki"
    return _xdg("XDG_DATA_HOME", ".local", "share") / "slovariki"


def cache_dir() -> Path:
    """%LOCALAPPDATA%\\slovariki\\cache on Windows, elsewhere $XDG_CACHE_HOME/slovariki or ~/.cache/slovariki."""
    if WINDOWS and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "slovariki" / "cache"
    return _xdg("XDG_CACHE_HOME", ".cache") / "slovariki"


def _xdg(variable: str, *under_home: str) -> Path:
    """An XDG base folder: the variable's path if it is absolute (the XDG spec has a relative one ignored:
    it would put her files under whatever folder a command runs in), else the default under home."""
    value = os.environ.get(variable, "")
    return Path(value) if os.path.isabs(value) else Path(os.path.expanduser("~"), *under_home)
