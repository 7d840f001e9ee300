"""The answer lines of the machine protocols (``referee --jsonl``, ``bitva-par play --jsonl``)."""

from __future__ import annotations

import json


def encoded(answer: dict) -> bytes:
    """One answer line in UTF-8. A lone surrogate sent to us as ``\\udcff`` and quoted back in a
    message goes out as the same JSON escape: it cannot be written as UTF-8."""
    return json.dumps(answer, ensure_ascii=False).encode("utf-8", "backslashreplace")
