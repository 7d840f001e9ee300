"""Shared fixtures: small word banks written into temporary folders."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest


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
