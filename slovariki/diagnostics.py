"""Diagnostics as values; text and JSON are two renderings of one list."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from slovariki.model import Source, place


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


SAID = {Severity.ERROR: "ошибка", Severity.WARNING: "предупреждение"}


class Diagnostic(NamedTuple):
    """One finding. ``file``, ``line`` and ``column`` are None for deck-level findings; ``sheet`` is set
    for a finding in a spreadsheet (see :class:`Source`)."""

    severity: Severity
    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    sheet: str | None = None

    @classmethod
    def at(cls, source: Source | None, severity: Severity, code: str, message: str) -> Diagnostic:
        if source is None:
            return cls(severity, code, message)
        return cls(severity, code, message, source.file, source.line, source.column, source.sheet)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple:
        return (self.file is None, self.file or "", self.sheet or "", self.line or 0, self.column or 0, self.code)

    def as_text(self) -> str:
        """The line a person reads: where, «ошибка» or «предупреждение», what. The code (``code``) is for
        programs: it is in the JSON, not here."""
        where = ""
        if self.file is not None:
            where = place(self.file, self.line or 0, self.column or 0, self.sheet) + ": "
        return f"{where}{SAID[self.severity]}: {self.message}"

    def as_json(self) -> dict:
        where = {"sheet": self.sheet} if self.sheet is not None else {}  # only in a spreadsheet
        return {
            "file": self.file, **where, "line": self.line, "column": self.column,
            "severity": self.severity.value, "code": self.code, "message": self.message,
        }


def error(source: Source | None, code: str, message: str) -> Diagnostic:
    return Diagnostic.at(source, Severity.ERROR, code, message)


def warning(source: Source | None, code: str, message: str) -> Diagnostic:
    return Diagnostic.at(source, Severity.WARNING, code, message)


def count(diagnostics: Iterable[Diagnostic]) -> tuple[int, int]:
    """(errors, warnings)."""
    items = list(diagnostics)
    errors = sum(d.is_error for d in items)
    return errors, len(items) - errors


def to_json(diagnostics: Iterable[Diagnostic], **extra) -> str:
    items = sorted(diagnostics, key=Diagnostic.sort_key)
    errors, warnings = count(items)
    from slovariki.files import jsonl  # json and traceback: for this report only, not for every reader of diagnostics

    body = {**extra, "errors": errors, "warnings": warnings, "diagnostics": [d.as_json() for d in items]}
    return jsonl.dumps(body, indent=2)
