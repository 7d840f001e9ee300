"""«Собрать» on the page: the print form read into build-deck's options, the build run in the
background with its progress, and the handouts for chosen words.

The build is ``build-deck``'s own: the same check first (an error in the words, or a card that would
print a stress or a spelling not as in the dictionary, stops it, as in the terminal), the same
:func:`build.build_deck`, writing all files or none, into «печать» in her folder. Reprinting chosen
cards writes only them, to cards-only.pdf (build-deck's own rule): the whole deck is never replaced.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from slovariki.studio.workspace import GRADES, StudioError, Workspace
from slovariki.text.russian import listed, plural

FULL_FOLDER = "печать"
HANDOUTS_FOLDER = "листы"
MAX_WORDS = 500


def options_from(data: dict):
    """build-deck's options from the print form; StudioError with the option's message if one is wrong."""
    from slovariki.generator import options

    words = data.get("words") or []
    if not isinstance(words, list) or len(words) > MAX_WORDS or not all(isinstance(w, str) for w in words):
        raise StudioError("bad-request", "список слов для печати не читается")
    try:
        bleed, copies = float(data.get("bleed", 0)), int(data.get("copies", 1))
        return options.DeckOptions(card_size=options.parse_card_size(str(data.get("card_size", "poker"))),
                                   paper=str(data.get("paper", "a4")), backs=str(data.get("backs", "duplex-long")),
                                   bleed=bleed, copies=copies, cmyk=data.get("cmyk") is True,
                                   stress=data.get("stress", True) is not False, only=tuple(words))
    except (TypeError, ValueError) as exc:  # OptionsError is a ValueError
        message = _page_text(exc) if isinstance(exc, options.OptionsError) else "число в настройках печати не читается"
        raise StudioError("bad-request", message) from None


def choices() -> dict:
    """What the print form offers, as build-deck's options define it: the card sizes in mm (as the form
    says them, and as numbers for the previews' size on the page), the papers, the most copies and the
    widest bleed."""
    from slovariki.generator import options

    return {"card_sizes": {key: options.size_text(size) for key, size in options.CARD_SIZES.items()},
            "card_mm": options.CARD_SIZES, "papers": options.PAPER_NAMES, "copies": options.MAX_COPIES,
            "bleed": options.MAX_BLEED_MM}


def preview_options(size: str | None):
    """The options a card's preview is drawn with: build-deck's defaults at the card size the print form
    has chosen (a key of its choices; None: the default size)."""
    from slovariki.generator import options

    if size is None:
        return options.DeckOptions()
    if size not in options.CARD_SIZES:
        known = listed(map(options.size_text, options.CARD_SIZES.values()), "и")
        raise StudioError("bad-request", f"карточку не нарисовать: размера карты «{size[:40]}» нет, есть {known} мм")
    return options.DeckOptions(card_size=options.CARD_SIZES[size])


def _page_text(exc: Exception) -> str:
    """build-deck's refusal as the page says it: without the command line's option before it
    (OptionsError's and BuildError's ``text``: «комплектов можно напечатать от 1 до 20»), the form's
    fields being the options here."""
    return getattr(exc, "text", str(exc))


def grades_from(data: dict) -> tuple[int, ...]:
    grades = data.get("grades") or list(GRADES)
    if not isinstance(grades, list) or not grades or any(g not in GRADES for g in grades):
        raise StudioError("bad-request", "выберите классы: 1, 2, 3 или 4")
    return tuple(sorted(set(grades)))


@dataclass
class Job:
    """One build: its progress (``done`` of ``total`` steps) and, at the end, its files or its message."""

    folder: Path
    state: str = "checking"  # checking, building, done, failed
    done: int = 0
    total: int = 0
    message: str = ""
    code: str = ""  # why it failed, for the page: «printed-wrong» offers to build anyway
    files: list[dict] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)

    def start(self, total: int) -> None:
        self.state, self.total = "building", total

    def advance(self, steps: int) -> None:
        self.done += steps

    def as_json(self) -> dict:
        return {"state": self.state, "done": self.done, "total": self.total, "message": self.message,
                "code": self.code, "files": self.files, "findings": self.findings, "folder": str(self.folder)}


class Printer:
    """At most one build at a time, run in a thread; the page asks for its progress."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self.job: Job | None = None
        self.lock = threading.Lock()

    def start(self, data: dict) -> dict:
        settings = options_from(data)
        grades = grades_from(data)
        force = data.get("force") is True
        out = self.workspace.folder / FULL_FOLDER
        with self.lock:
            if self.job is not None and self.job.state in ("checking", "building"):
                raise StudioError("busy", "колода уже собирается: дождитесь конца сборки")
            self.job = job = Job(out)
        threading.Thread(target=self._run, args=(job, settings, grades, force), daemon=True,
                         name="slovariki-build").start()
        return {"job": job.as_json()}

    def status(self) -> dict:
        return {"job": self.job and self.job.as_json()}

    def _run(self, job: Job, settings, grades: tuple[int, ...], force: bool) -> None:
        from slovariki.generator import build
        from slovariki.generator.writer import OutputError

        try:
            deck = checked_deck(self.workspace, grades, force, settings.only, job.findings)
            result = build.build_deck(deck, settings, job.folder, job)
        except StudioError as exc:
            job.state, job.message, job.code = "failed", exc.message, exc.code
            return
        except (build.BuildError, OutputError) as exc:
            job.state, job.message = "failed", f"Колода не собрана: {_page_text(exc)}"
            return
        except Exception as exc:  # a bug of ours: the page must hear of it, not wait forever
            job.state, job.message = "failed", f"Колода не собрана: внутренняя ошибка ({type(exc).__name__})"
            raise
        job.files = [{"name": f.path.name, "pages": f.pages} for f in result.files]
        job.message = f"{result.summary()}. {result.layout_report(settings)}."
        job.state = "done"

    def file(self, name: str) -> Path:
        """A file of the last finished build, by name: no other file is ever sent."""
        job = self.job
        if job is None or job.state != "done" or name not in {f["name"] for f in job.files}:
            raise StudioError("not-found", "такого файла нет: соберите колоду снова")
        return job.folder / name


def checked_deck(workspace: Workspace, grades: tuple[int, ...], force: bool, words: tuple[str, ...] = (),
                 remarks: list[str] | None = None):
    """The deck of ``grades`` after build-deck's check: errors in the words stop it, and so do cards that
    would print wrong (checker.PRINTED_WRONG) unless ``force``; the deck rules' advice goes to ``remarks``."""
    from slovariki.bank.wordlist import load_bank
    from slovariki.rules_check.checker import PRINTED_WRONG, advice_lines, check_bank

    if not workspace.folder.is_dir():
        raise StudioError("bad-folder", f"папки {workspace.folder} нет")
    report = check_bank(load_bank(workspace.folder).for_deck(grades), grades, deck_rules=not words)  # as build-deck
    if report.word_errors:
        first = report.word_errors[0]
        raise StudioError("bad-words", f"Колода не собрана: в словах есть ошибки ({len(report.word_errors)}), "
                                       f"например: {first.message}. Исправьте их в банке (фильтр «с замечаниями»).")
    wrong = [d for d in report.word_warnings() if d.code in PRINTED_WRONG]
    if wrong and not force:
        raise StudioError("printed-wrong", "Колода не собрана: на карточках было бы ударение или написание не как в "
                                           f"словаре, например: {wrong[0].message}. Исправьте слово или соберите "
                                           "всё равно («Собрать как есть»).")
    if remarks is not None and report.deck_check:  # as build-deck says them: advice, printed anyway
        remarks.extend(f"Совет по колоде (печатается и так): {tip}" for tip in advice_lines(report.deck_check))
    return report.deck


def handouts(workspace: Workspace, data: dict) -> dict:
    """The word list and the dictation for the chosen words (or grades), written into «листы»."""
    from slovariki.generator import build, writer
    from slovariki.generator.palette import Palette
    from slovariki.model import Deck

    settings = options_from(data)
    deck = checked_deck(workspace, grades_from(data), True, settings.only)
    if settings.only and deck:
        try:
            deck = Deck.of(build.chosen(deck, settings))
        except build.BuildError as exc:  # a word deleted in another tab, or of another grade
            raise StudioError("bad-request", f"Листы не собраны: {_page_text(exc)}") from None
    words = build.handout_words(list(deck), settings)  # build-deck's: no game word to learn for a dictation
    if not words:
        raise StudioError("bad-request", "нет ни одного слова для листов: выберите классы или слова")
    out = workspace.folder / FULL_FOLDER / HANDOUTS_FOLDER
    ink = Palette(settings.cmyk)
    try:
        with writer.batch(out) as batch:
            build.write_handouts(batch, words, settings, ink)
    except (build.BuildError, writer.OutputError) as exc:
        raise StudioError("not-saved", f"Листы не записаны: {_page_text(exc)}") from None
    names = (build.WORDLIST_FILE, build.DICTATION_FILE, build.ANSWERS_FILE)
    return {"folder": str(out), "files": [{"name": n} for n in names],
            "said": f"Готово: список слов, диктант и ответы к нему, {len(words)} {plural(len(words), 'слово', 'слова', 'слов')}; папка {out}"}
