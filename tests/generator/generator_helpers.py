"""Constants the generator tests share: the small bank and how PDFs are read back."""

from __future__ import annotations

from pathlib import Path

BANK = Path(__file__).parent / "bank"
MM = 72 / 25.4
RED = (0.815686, 0.0, 0.0)  # #D00000 as pdfplumber reports it


def mm(points: float) -> float:
    return points / MM
