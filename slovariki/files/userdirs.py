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
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "slovariki"


def cache_dir() -> Path:
    """%LOCALAPPDATA%\\slovariki\\cache on Windows, elsewhere $XDG_CACHE_HOME/slovariki or ~/.cache/slovariki."""
    if WINDOWS and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "slovariki" / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "slovariki"
