"""The studio's one word folder: her bank as the page shows it, a word's draft checked as she types,
saving, undo, and the folder remembered for next time.

Every answer is a plain dict for the page; every refusal is a :class:`StudioError` with a Russian
message. Nothing here decides what the library decides: the entries are checked by ``check``
(:func:`checker.check_bank`), proposed by ``suggest`` (:class:`Assistant`), written by
:mod:`slovariki.bank.editing`.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path

from slovariki.bank import editing, pictures, starter, wordlist, wordtable
from slovariki.diagnostics import Diagnostic, error
from slovariki.files import atomic
from slovariki.model import Card
from slovariki.text import spoken
from slovariki.text.russian import os_error

GRADES = (1, 2, 3, 4)
FIELDS = tuple(key for key, _ in wordtable.COLUMNS)
MAX_FIELD = 400  # characters: a definition is «до 110 знаков», a note a line or two
MAX_UNDO = 50
MAX_PICTURES = 8  # choices shown under the form
SETTINGS_FILE = "studio.json"


class StudioError(Exception):
    """A request the studio refuses; ``code`` picks the HTTP status, the message is for the teacher."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# --- the folder remembered ------------------------------------------------------------------------------
def settings_file() -> Path:
    """Where the studio keeps the folder it opened last: in the user's data folder, beside the referee's game."""
    from slovariki.files.userdirs import data_dir

    return data_dir() / SETTINGS_FILE


def remembered() -> Path | None:
    try:
        data = json.loads(settings_file().read_text(encoding="utf-8"))
        return Path(data["folder"]) if isinstance(data.get("folder"), str) else None
    except (OSError, ValueError, AttributeError):
        return None


def remember(folder: Path) -> bool:
    """Keep ``folder`` for the next start; False when it could not be kept (the page says so)."""
    try:
        settings_file().parent.mkdir(parents=True, exist_ok=True)
        atomic.write_text(settings_file(), json.dumps({"folder": str(folder)}, ensure_ascii=False))
        return True
    except OSError:
        return False


# --- one change, for undo ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Change:
    """What one save did to the files: each file's text before (None: it did not exist) and its
    version after, and what to call the change («добавлено слово «малина»»)."""

    said: str
    files: tuple[tuple[Path, str | None, str], ...]


class Workspace:
    """One word folder, changed only through these methods (one at a time)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.RLock()
        self.undo_stack: list[Change] = []
        self._cache: tuple[tuple, object] | None = None  # (the files' versions, the bank's check report)
        self.pending_import: tuple[str, str, list[dict]] | None = None  # (token, file name, rows to add)

    # --- reading --------------------------------------------------------------------------------------
    def path(self, grade: int) -> Path:
        return self.folder / f"grade{grade}.yaml"

    def versions(self) -> dict[int, str | None]:
        """Each grade file's version as it is on disk now (None: no file)."""
        found = {}
        for grade in GRADES:
            try:
                found[grade] = editing.read(self.path(grade)).version if self.path(grade).exists() else None
            except editing.EditError:
                found[grade] = "unreadable"
        return found

    def checked(self):  # -> CheckReport (its deck: her words)
        """The bank's check report (``deck``: her words), read again only when a file changed."""
        from slovariki.rules_check.checker import check_bank

        with self.lock:
            key = tuple(sorted(self.versions().items()))
            if self._cache is None or self._cache[0] != key:
                try:
                    bank = wordlist.load_bank(self.folder) if wordlist.has_grade_files(self.folder) else wordlist.WordBank((), ())
                except wordlist.WordBankError as exc:
                    raise StudioError("bad-folder", str(exc)) from None
                self._cache = (key, check_bank(bank))
            return self._cache[1]

    def bank_view(self, text: str = "", stars: int | None = None, letter: str = "", no_picture: bool = False,
                  findings: bool = False) -> dict:
        """Her words per grade, as the bank's table shows them, with the filters applied; ``problems``
        are the errors that belong to no entry (a file that does not read)."""
        report = self.checked()
        deck = report.deck
        by_entry, elsewhere = self._findings_by_entry(report.diagnostics)
        wanted = _search_key(text)
        versions = self.versions()
        grades = []
        for grade in GRADES:
            rows = []
            for card in (c for c in deck if c.grade == grade):
                found = by_entry.get((card.source.file, card.source.line), []) if card.source else []
                if stars and card.stars != stars or letter and letter.lower() not in card.hard_letters \
                        or no_picture and card.picture is not None or findings and not found \
                        or wanted and not _matches(card, wanted):
                    continue
                rows.append({**card_json(card), "findings": [finding_json(d) for d in found]})
            grades.append({"grade": grade, "rows": rows, "file": str(self.path(grade)), "version": versions[grade]})
        problems = [{**finding_json(d), "message": d.as_text()} for d in elsewhere if d.is_error]
        return {"grades": grades, "total": len(deck), "problems": problems}

    def _findings_by_entry(self, diagnostics) -> tuple[dict[tuple[str, int], list[Diagnostic]], list[Diagnostic]]:
        """Each finding under the entry its line is in (keyed by file and the entry's first line), and
        those in no entry."""
        spans: dict[str, list[editing.Span]] = {}
        found: dict[tuple[str, int], list[Diagnostic]] = {}
        elsewhere = []
        for d in diagnostics:
            if d.file is not None and d.file not in spans:
                try:
                    spans[d.file] = editing.entries(editing.read(Path(d.file)).text, d.file)
                except editing.EditError:
                    spans[d.file] = []
            span = next((s for s in spans.get(d.file, ()) if d.line and s.first < d.line <= s.last + 1), None)
            if span is None:
                elsewhere.append(d)
            else:
                found.setdefault((d.file, span.first + 1), []).append(d)
        return found, elsewhere

    def entry(self, word: str) -> dict:
        """One entry's values for the form, and the version of its file."""
        deck = self.checked().deck
        card = deck.find(word)
        if card is None or card.source is None:
            raise StudioError("not-found", f"слова «{word}» нет в банке: возможно, его удалили в другой вкладке")
        snapshot = editing.read(Path(card.source.file))
        span = editing.find(snapshot.text, card.source.file, word)
        values = _values_at(snapshot.text, span)
        return {"grade": card.grade, "values": values}

    # --- a draft ----------------------------------------------------------------------------------------
    def draft(self, data: dict) -> tuple[int, dict, Card | None, list[Diagnostic]]:
        """A form's entry as check sees it: grade, values, the card (None if it cannot be made) and the
        findings, each naming its field (``Diagnostic.column`` is unused: ``code`` and the key)."""
        grade, values = read_form(data)
        lines = editing.entry_lines(values)
        text = "\n".join([f"grade: {grade}", "words:", *lines]) + "\n"
        name = self.path(grade).name
        file = wordlist.load_text(text, name, folder=self.folder)
        from slovariki.rules_check.checker import check_bank

        report = check_bank(wordlist.WordBank((file,), file.diagnostics))
        card = file.cards[0] if file.cards else None
        keys = [key for key in FIELDS if values.get(key) not in (None, "")]
        findings = []
        for d in report.diagnostics:
            if d.code == "no-cards":
                continue
            key = keys[d.line - 3] if d.line and 3 <= d.line < 3 + len(keys) else "word"
            findings.append((key, d))
        original = data.get("original")
        deck = self.checked().deck
        if card is not None:
            same = deck.find(card.word)
            if same is not None and card.word != original:
                findings.append(("word", error(None, "duplicate-word",
                                                        f"«{card.word}» уже есть в банке ({same.grade} класс): вторая "
                                                        "такая карточка не нужна")))
        return grade, values, card, findings

    def findings(self, data: dict) -> dict:
        grade, values, card, found = self.draft(data)
        return {"findings": [{**finding_json(d), "field": key} for key, d in found], "card": card and card_json(card)}

    # --- changes ----------------------------------------------------------------------------------------
    def save(self, data: dict) -> dict:
        """Add a word (no ``original``) or change one (``original``: its word when the page read it).
        ``versions`` are the files' versions the page read; a file changed since is not written."""
        with self.lock:
            grade, values, card, found = self.draft(data)
            errors = [d for _, d in found if d.is_error]  # as check: an entry with an error is not printed
            if card is None or errors:
                raise StudioError("bad-entry", f"не сохранено: {errors[0].message if errors else 'запись не читается'}")
            original = data.get("original")
            seen = _versions(data)
            changes: dict[Path, tuple[editing.Snapshot, str]] = {}

            def change(path: Path, edit) -> None:  # noqa: ANN001 - a function of the text
                current = self._current(path, changes)
                if grade_of(path) in seen and seen[grade_of(path)] != (current.version if path.exists() else None):
                    raise editing.Conflict(f"файл {path} изменился с тех пор, как страница его показала (в другой "
                                           "вкладке или в редакторе); ничего не записано: обновите страницу и "
                                           "внесите правку снова")
                changes[path] = (current, edit(current.text, path.name))

            try:
                old = None
                if original:
                    deck = self.checked().deck
                    old = deck.find(original)
                    if old is None or old.source is None:
                        raise StudioError("conflict", f"Не сохранено: слова «{original}» больше нет в банке (его "
                                                      "удалили или изменили в другом месте): обновите страницу")
                    if old.grade == grade:
                        change(Path(old.source.file), lambda text, name: editing.replace_entry(text, name, original, values))
                    else:
                        change(Path(old.source.file), lambda text, name: editing.remove_entry(text, name, original))
                if old is None or old.grade != grade:
                    change(self.path(grade), lambda text, name: editing.add_entry(text, name, values))
                said = f"изменено слово «{card.word}»" if original else f"добавлено слово «{card.word}»"
                self._write(said, changes)
            except editing.Conflict as exc:
                raise StudioError("conflict", f"Не сохранено: {exc}") from None
            except editing.EditError as exc:
                raise StudioError("not-saved", f"Не сохранено: {exc}") from None
            return {"said": f"Сохранено: {said}", "word": card.word}

    def add_entries(self, said: str, by_grade: dict[int, list[dict]]) -> dict:
        """Several new entries (an import), written as one change."""
        with self.lock:
            changes: dict[Path, tuple[editing.Snapshot, str]] = {}
            try:
                for grade, entries in sorted(by_grade.items()):
                    current = self._current(self.path(grade), changes)
                    text = current.text
                    for values in entries:
                        text = editing.add_entry(text, self.path(grade).name, values)
                    changes[self.path(grade)] = (current, text)
                self._write(said, changes)
            except editing.EditError as exc:
                raise StudioError("not-saved", f"Не добавлено: {exc}") from None
            return {"said": f"Сохранено: {said} ({sum(map(len, by_grade.values()))})"}

    def _current(self, path: Path, changes: dict[Path, tuple[editing.Snapshot, str]]) -> editing.Snapshot:
        """The file as it is (or as this change has it already); a new grade file starts with the header."""
        if path in changes:
            return changes[path][0]
        if not path.exists():
            header = starter.header(grade_of(path), str(self.folder))
            text = wordtable.to_yaml(wordtable.Table(grade_of(path), [], header))[0]
            return editing.Snapshot(path, text, editing.version_of(b""))
        return editing.read(path)

    def remove(self, data: dict) -> dict:
        with self.lock:
            word = _text(data, "word")
            deck = self.checked().deck
            card = deck.find(word)
            if card is None or card.source is None:
                raise StudioError("conflict", f"слова «{word}» уже нет в банке: обновите страницу")
            path = Path(card.source.file)
            try:
                current = editing.read(path)
                if _versions(data).get(card.grade, current.version) != current.version:
                    raise editing.Conflict(f"файл {path} изменился с тех пор, как страница его показала; ничего не "
                                           "удалено: обновите страницу")
                self._write(f"удалено слово «{word}»", {path: (current, editing.remove_entry(current.text, path.name, word))})
            except editing.Conflict as exc:
                raise StudioError("conflict", f"Не удалено: {exc}") from None
            except editing.EditError as exc:
                raise StudioError("not-saved", f"Не удалено: {exc}") from None
            return {"said": f"Удалено слово «{word}»"}

    def _write(self, said: str, changes: dict[Path, tuple[editing.Snapshot, str]]) -> None:
        """Write every changed file; if a later one fails, the earlier ones are put back."""
        done: list[tuple[Path, str | None, str]] = []
        try:
            for path, (before, text) in changes.items():
                existed = path.exists()
                after = editing.save(before, text)
                done.append((path, before.text if existed else None, after.version))
        except (editing.EditError, OSError) as exc:
            self._put_back(done)
            if isinstance(exc, OSError):
                raise editing.EditError(f"не удалось записать в папку {self.folder}: {os_error(exc)}") from None
            raise
        self.undo_stack = [*self.undo_stack[-MAX_UNDO + 1:], Change(said, tuple(done))]

    def _put_back(self, done: list[tuple[Path, str | None, str]]) -> None:
        for path, before, version in reversed(done):
            current = editing.read(path)
            if current.version != version:
                raise editing.Conflict(f"файл {path} изменился после правки; он не тронут")
            if before is None:
                path.unlink()
            else:
                editing.save(current, before)

    def undo(self) -> dict:
        with self.lock:
            if not self.undo_stack:
                raise StudioError("nothing-to-undo", "отменять нечего: в этот раз в студии ничего не меняли")
            change = self.undo_stack[-1]
            try:
                self._put_back(list(change.files))
            except editing.Conflict as exc:
                raise StudioError("conflict", f"Не отменено: {exc} (его поправили в другом месте)") from None
            except (editing.EditError, OSError) as exc:
                reason = os_error(exc) if isinstance(exc, OSError) else str(exc)
                raise StudioError("not-saved", f"Не отменено: {reason}") from None
            self.undo_stack.pop()
            return {"said": f"Отменено: {change.said}"}

    def undo_label(self) -> str | None:
        return self.undo_stack[-1].said if self.undo_stack else None


# --- what the page shows -------------------------------------------------------------------------------

def card_json(card: Card) -> dict:
    return {"word": card.word, "markup": card.markup.render(), "stars": card.stars,
            "definition": card.definition, "picture": card.picture is not None, "game_word": card.game_word,
            "hard": sorted(card.hard_letters)}


def finding_json(d: Diagnostic) -> dict:
    return {"code": d.code, "message": d.message, "error": d.is_error}


def read_form(data: dict) -> tuple[int, dict[str, str | int]]:
    """The grade and the entry's values from the page's form; StudioError naming a field it cannot use."""
    grade = data.get("grade")
    if grade not in GRADES:
        raise StudioError("bad-request", "выберите класс: 1, 2, 3 или 4")
    values: dict[str, str | int] = {}
    for key in FIELDS:
        value = data.get(key)
        if value is None:
            continue
        if key == "stars":
            if value not in (1, 2, 3):
                raise StudioError("bad-request", "звёздочек бывает 1, 2 или 3")
            values[key] = value
            continue
        if key == "game_word":  # a tick on the page; written only when set, as in the bank's files
            if value is True:
                values[key] = wordtable.FLAG_CELLS[True]
            continue
        if not isinstance(value, str) or len(value) > MAX_FIELD:
            raise StudioError("bad-request", f"поле «{wordtable.TITLES[key]}»: нужен текст не длиннее {MAX_FIELD} знаков")
        if value.strip():
            values[key] = " ".join(value.split())
    for key in wordtable.REQUIRED:
        if key not in values:
            raise StudioError("bad-request", f"заполните поле «{wordtable.TITLES[key]}»")
    return grade, values


def grade_of(path: Path) -> int:
    return int(path.stem[-1])


def _text(data: dict, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_FIELD:
        raise StudioError("bad-request", f"в запросе нет поля {key}")
    return value


def _versions(data: dict) -> dict[int, str | None]:
    versions = data.get("versions") or {}
    if not isinstance(versions, dict):
        raise StudioError("bad-request", "поле versions должно быть словарём")
    return {int(k): v for k, v in versions.items() if str(k) in ("1", "2", "3", "4")}


def _values_at(text: str, span: editing.Span) -> dict:
    """The entry's values as YAML reads them (a block scalar folded into one line)."""
    import yaml

    block = "\n".join(line[span.column:] for line in text.splitlines()[span.first:span.last + 1])
    loaded = yaml.safe_load(block)
    entry = loaded[0] if isinstance(loaded, list) and loaded and isinstance(loaded[0], dict) else {}
    return {key: entry[key] for key in FIELDS if key in entry}


def _search_key(text: str) -> frozenset[str]:
    text = spoken.normal(text or "")
    return frozenset(spoken.lemmas(text)) | {text} if text else frozenset()


def _matches(card: Card, wanted: frozenset[str]) -> bool:
    """The card's word is the searched word in any form, or contains what was typed."""
    word = spoken.normal(card.word)
    return bool(wanted & set(spoken.lemmas(word))) or any(w in word for w in wanted)


def start_folder(folder: Path, how: str) -> Path:
    """Open ``folder`` as it is («open»), or make it first: «examples» (init's examples), «copy» (the
    bundled bank), «empty» (no words yet: the first word saved makes its grade's file)."""
    if how not in ("open", "examples", "copy", "empty"):
        raise StudioError("bad-request", "неизвестный способ начать")
    folder = folder.expanduser()
    if not folder.is_absolute():
        raise StudioError("bad-request", f"нужен полный путь к папке, например {Path.home() / 'Словарики'}")
    if how in ("examples", "copy"):
        try:
            starter.start(folder, copy=how == "copy")
        except starter.StarterError as exc:
            raise StudioError("bad-folder", str(exc)) from None
    elif folder.exists() and not folder.is_dir():
        raise StudioError("bad-folder", f"{folder} — файл, а нужна папка")
    elif how == "open" and not folder.is_dir():
        raise StudioError("bad-folder", f"папки {folder} нет: выберите другую или создайте новую")
    elif how == "empty":
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StudioError("bad-folder", f"не удалось создать папку {folder}: {os_error(exc)}") from None
    return folder


def picture_choices(word: str, definition: str = "") -> list[dict]:
    """The shipped pictures for a card, by meaning (:func:`pictures.fitting`): first those that show the
    word, then those of a thing its definition speaks of («named» false: look before choosing)."""
    return [{"name": fit.name, "shows": fit.shows, "named": fit.named}
            for fit in pictures.fitting(word, definition)[:MAX_PICTURES]]
