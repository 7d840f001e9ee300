"""Slovariki: the word bank, its checks, the printed deck and the game's referee (see README.md)."""

from pathlib import Path

HOME = Path(__file__).parent


def package_data(name: str) -> Path:
    """A folder of the package's own data (words, pictures, templates): files beside the code, as pip
    installs them. Not importlib.resources, whose import costs each command more than reading the bank."""
    return HOME / name
