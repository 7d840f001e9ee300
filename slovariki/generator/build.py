"""`build-deck` as a library call: check everything that can fail first, then write all files."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from slovariki.generator import fonts, sheet, theme, writer
from slovariki.generator.calibration import render_calibration
from slovariki.generator.faces import Faces, FitError, Front, grade_label
from slovariki.generator.imposition import render_cards
from slovariki.generator.options import DeckOptions
from slovariki.model import Deck

CARDS_FILE = "cards.pdf"
CALIBRATION_FILE = "calibration.pdf"


class BuildError(Exception):
    """A build that cannot start: nothing is written. The message is for the user."""


class Progress(Protocol):
    def start(self, total: int) -> None: ...

    def advance(self, steps: int) -> None: ...


class _Silent:
    def start(self, total: int) -> None:
        pass

    def advance(self, steps: int) -> None:
        pass


@dataclass(frozen=True)
class OutputFile:
    path: Path
    pages: int
    size: int  # bytes


@dataclass(frozen=True)
class BuildResult:
    cards: int
    copies: int
    layout: sheet.SheetLayout
    files: tuple[OutputFile, ...]

    def layout_report(self, options: DeckOptions) -> str:
        width, height = options.card_size
        orientation = "альбомная" if options.landscape else "книжная"
        return (f"Раскладка: {options.paper.upper()} {orientation}, карта {width:g}×{height:g} мм, "
                f"{self.layout.cols}×{self.layout.rows} = {self.layout.per_sheet} на листе, "
                f"рубашки: {options.backs}")

    def summary(self) -> str:
        folder = self.files[0].path.parent if self.files else Path(".")
        parts = ", ".join(f"{f.path.name} ({f.pages} с., {_size(f.size)})" for f in self.files)
        copies = f" × {self.copies} компл." if self.copies > 1 else ""
        return f"Готово: {self.cards} карт{copies}; {parts}; папка {folder}"


def build_deck(deck: Deck, options: DeckOptions, out: Path, progress: Progress | None = None) -> BuildResult:
    progress = progress or _Silent()
    if not len(deck):
        raise BuildError("в выбранных классах нет ни одной карточки")
    try:
        fonts.require(_printed_texts(deck))
        layout = sheet.compute(options)
    except (fonts.FontError, sheet.LayoutError) as exc:
        raise BuildError(str(exc)) from None
    faces = Faces(*layout.card, options.bleed * theme.MM, options.stress)
    fronts = _measure(deck, faces) * options.copies
    progress.start(len(fronts))
    files = []
    with writer.batch(out) as batch:
        with batch.open(CARDS_FILE) as stream:
            pages = render_cards(stream, fronts, layout, faces, progress.advance)
        files.append((CARDS_FILE, pages))
    return BuildResult(len(deck), options.copies, layout,
                       tuple(OutputFile(out / name, pages, (out / name).stat().st_size) for name, pages in files))


def build_calibration(options: DeckOptions, out: Path) -> BuildResult:
    """The duplex test sheet, for the current paper, flip edge and --back-offset."""
    if not options.backs.startswith("duplex"):
        raise BuildError("калибровка нужна только для двусторонней печати: --backs duplex-long или duplex-short")
    layout = sheet.compute(options)
    with writer.batch(out) as batch:
        with batch.open(CALIBRATION_FILE) as stream:
            pages = render_calibration(stream, options)
    path = out / CALIBRATION_FILE
    return BuildResult(0, 1, layout, (OutputFile(path, pages, path.stat().st_size),))


def _measure(deck: Deck, faces: Faces) -> list[Front]:
    """Every card measured; all cards that do not fit are named together."""
    fronts, problems = [], []
    for card in deck:
        try:
            fronts.append(faces.measure(card))
        except FitError as exc:
            problems.append(str(exc))
    if problems:
        raise BuildError("\n".join(problems))
    return fronts


def _printed_texts(deck: Deck) -> list[tuple[str, str]]:
    texts = [(f"{card.source}: «{card.word}»" if card.source else f"«{card.word}»",
              card.word + " " + card.definition) for card in deck]
    texts.append(("оформление карт", " ".join([theme.GAME_NAME, theme.BACK_SUBTITLE,
                                               *(grade_label(g) for g in deck.grades)])))
    return texts


def _size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} МБ" if size >= 1024 * 1024 else f"{max(1, round(size / 1024))} КБ"
