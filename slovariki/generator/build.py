"""`build-deck` as a library call: check everything that can fail first, then write all files."""

from __future__ import annotations

import difflib
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from slovariki.text import russian
from slovariki.text import spoken
from slovariki.generator import box, drawings, fonts, handout, print_shop, rules_sheet, sheet, theme, writer
from slovariki.generator.calibration import render_calibration
from slovariki.generator.dictation import render_answers, render_dictation
from slovariki.generator.faces import DeckType, Faces, FitError, grade_label
from slovariki.generator.imposition import Run, render_cards
from slovariki.generator.options import PAPER_NAMES, DeckOptions, size_text
from slovariki.generator.palette import Palette
from slovariki.model import Card, Deck
from slovariki.bank.pictures import PictureError

CARDS_FILE = "cards.pdf"
RULES_FILE = "rules.pdf"
WORDLIST_FILE = "wordlist.pdf"
DICTATION_FILE = "dictation.pdf"
ANSWERS_FILE = "dictation-answers.pdf"
BOX_FILE = "box.pdf"
CALIBRATION_FILE = "calibration.pdf"
SMALL_CARD_MM = 50  # a side below this (mini is 44×63) is small for a child's hand and eyes
BACKS_REPORT = {  # how to print them, as the console says it
    "duplex-long": "на обороте, печать с двух сторон с переворотом по длинному краю",
    "duplex-short": "на обороте, печать с двух сторон с переворотом по короткому краю",
    "fold": "рядом с лицом, согнуть по пунктиру",
    "none": "нет",
}


class BuildError(Exception):
    """A build that cannot start: nothing is written. The message is for the user; ``text`` is the same
    without the command line's option before it («--only: »), for a page."""

    def __init__(self, text: str, option: str | None = None) -> None:
        super().__init__(f"--{option}: {text}" if option else text)
        self.text = text


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
    deck_type: DeckType | None = None  # the definitions' size; None for the calibration sheet
    pngs: int = 0  # --print-shop: the PNG files in the png folder

    def layout_report(self, options: DeckOptions) -> str:
        size = size_text(options.card_size)
        orientation = "альбомная" if options.landscape else "книжная"
        report = (f"Раскладка: {PAPER_NAMES[options.paper]} {orientation}, карта {size} мм, "
                  f"{self.layout.cols}×{self.layout.rows} = {self.layout.per_sheet} на листе, "
                  f"рубашки: {BACKS_REPORT[options.backs]}")
        cost = sheet.bleed_cost(options)  # say why a sheet holds fewer cards than a teacher expects
        if cost:
            report += f" ({cost})"
        if min(options.card_size) < SMALL_CARD_MM:
            report += (f"\nВнимание: карта {size} мм слишком мелкая для детей — толкование печатается мелким "
                       "шрифтом, а маленькие карты трудно держать веером; для класса лучше poker или bridge")
        return report

    def summary(self) -> str:
        folder = self.files[0].path.parent if self.files else Path(".")
        parts = ", ".join(f"{f.path.name} ({f.pages} с., {_size(f.size)})" for f in self.files)
        cards = russian.cards(self.cards)
        if self.copies > 1:
            cards += f", {self.copies} {russian.plural(self.copies, 'комплект', 'комплекта', 'комплектов')}"
        if self.pngs:
            parts += f", {self.pngs} PNG ({print_shop.DPI} dpi) в папке {print_shop.FOLDER}"
        return f"Готово: {cards}; {parts}; папка {folder}" if self.cards else f"Готово: {parts}; папка {folder}"


def build_deck(deck: Deck, options: DeckOptions, out: Path, progress: Progress | None = None,
               rules_template: Path | None = None) -> BuildResult:
    """Write cards.pdf, rules.pdf, wordlist.pdf, dictation.pdf, dictation-answers.pdf and box.pdf (tuck
    boxes, reference cards) into ``out``, all of them or none.

    --only and --stars choose the cards printed (a reprint of lost cards): then only those cards are
    written, to cards-only.pdf, and the handouts of those words to wordlist-only.pdf, dictation-only.pdf and
    dictation-answers-only.pdf; the whole deck's files stay as they were.
    """
    progress = progress or _Silent()
    if not len(deck):
        raise BuildError("в выбранных классах нет ни одной карточки")
    printed = chosen(deck, options)
    # Everything that can fail on the input is done before the first byte is written.
    try:
        layout = sheet.compute(options)
        ink = Palette(options.cmyk)
        rules, rules_text = rules_sheet.prepare(deck, rules_template, options.stress, ink)
        fonts.require([*_printed_texts(deck), ("шаблон правил", rules_text)])
    except (fonts.FontError, sheet.LayoutError, rules_sheet.TemplateError) as exc:
        raise BuildError(str(exc)) from None
    except FitError as exc:
        raise BuildError(f"пример на листе правил: {exc}") from None
    faces = Faces(*layout.card, options.bleed * theme.MM, options.stress, ink, back_bleed=layout.back_bleed)
    deck_type = check_fit(deck, printed, faces)
    runs = sheets(printed, options, layout)
    words = handout_words(printed, options)
    pages = {}
    pngs = 0
    reprint = bool(options.only or options.stars)
    named = chosen_name if reprint else (lambda name: name)
    with writer.batch(out) as batch:
        # Only once the folder is known to be writable.
        progress.start(sum(len(run.cards) for run in runs) + 3 * len(words) + (0 if reprint else 1)
                       + (len(printed) if options.print_shop else 0))
        with batch.open(named(CARDS_FILE)) as stream:
            pdf = io.BytesIO() if options.print_shop else stream  # kept for the PNGs
            pages[named(CARDS_FILE)] = render_cards(pdf, runs, layout, faces, progress.advance)
            if options.print_shop:
                stream.write(pdf.getvalue())
                order = [card for run in runs for card in run.cards][:len(printed)]
                pngs = print_shop.render_pngs(pdf.getvalue(), order, options.backs != "none", out, progress.advance)
        if not reprint:  # the rules and the boxes describe the whole deck
            with batch.open(RULES_FILE) as stream:
                pages[RULES_FILE] = rules_sheet.render_rules(stream, rules, options.paper, ink)
            progress.advance(1)
        pages.update(write_handouts(batch, words, options, ink, named, progress.advance))
        if not reprint:
            with batch.open(BOX_FILE) as stream:
                pages[BOX_FILE] = box.render_box(stream, list(deck), options, ink)
    return BuildResult(len(printed), options.copies, layout, _written(out, pages), deck_type, pngs)


def chosen_name(name: str) -> str:
    """«wordlist-only.pdf»: a file of --only or --stars, beside the whole deck's."""
    return name.removesuffix(".pdf") + "-only.pdf"


def _written(out: Path, pages: dict[str, int]) -> tuple[OutputFile, ...]:
    return tuple(OutputFile(out / name, n, (out / name).stat().st_size) for name, n in pages.items())


def chosen(deck: Deck, options: DeckOptions) -> list[Card]:
    """The cards to print: all, or those --only names (any case, ё or е alike) and --stars keeps."""
    cards = list(deck.select(stars=options.stars))
    if options.only:
        wanted = {word_key(word): word for word in options.only}
        keyed = by_key(deck)
        unknown = [word for key, word in wanted.items() if key not in keyed]
        if unknown:
            raise BuildError(f"в колоде нет {'слов' if len(unknown) > 1 else 'слова'} "
                             + ", ".join(f"«{word}»{nearest(deck, word, ' (', ')')}" for word in unknown), "only")
        cards = [c for c in cards if word_key(c.word) in wanted]
    if not cards:
        stars = f"{options.stars} {'звёздочкой' if options.stars == 1 else 'звёздочками'}"  # 1–3
        raise BuildError(f"среди выбранных слов нет карточек с {stars}" if options.only else
                         f"в колоде нет карточек с {stars}")
    return cards


def write_handouts(batch: writer.Batch, words: list[Card], options: DeckOptions, ink: Palette,
                   named: Callable[[str], str] = lambda name: name,
                   advance: Callable[[int], None] = lambda n: None) -> dict[str, int]:
    """The word list, the dictation and its answers of ``words`` into ``batch`` (under the names ``named``
    gives); their pages by file name."""
    pages = {}
    with batch.open(named(WORDLIST_FILE)) as stream:
        pages[named(WORDLIST_FILE)] = handout.render_handout(stream, words, options.paper, options.stress, advance, ink)
    with batch.open(named(DICTATION_FILE)) as stream:
        pages[named(DICTATION_FILE)] = render_dictation(stream, words, options.paper, advance, ink)
    with batch.open(named(ANSWERS_FILE)) as stream:
        pages[named(ANSWERS_FILE)] = render_answers(stream, words, options.paper, options.stress, advance, ink)
    return pages


def handout_words(printed: list[Card], options: DeckOptions) -> list[Card]:
    """The word list's and the dictation's words: the printed cards that are on their grade's list (game
    words too with --game-words); with --dictation-words N, N of each grade, spread evenly over its list
    from the easiest to the hardest."""
    words = [card for card in printed if options.game_words or not card.game_word]
    if options.dictation_words is None:
        return words
    chosen_words = []
    for _, levels in handout.grades(words):
        listed = [card for level in levels for card in level]
        count = min(options.dictation_words, len(listed))
        chosen_words.extend(listed[(2 * i + 1) * len(listed) // (2 * count)] for i in range(count))
    return chosen_words


# A word as the user may type it: any case, ё as е, spaces squeezed, a stress mark copied from the list ignored.
word_key = spoken.normal


def by_key(deck: Deck) -> dict[str, Card]:
    """The deck's cards by :func:`word_key` (the first card of each key)."""
    keyed: dict[str, Card] = {}
    for card in deck:
        keyed.setdefault(word_key(card.word), card)
    return keyed


def nearest(deck: Deck, word: str, before: str = "; ", after: str = "") -> str:
    """«; может быть, «корова»?» (or between ``before`` and ``after``): the deck's words closest to a word
    it lacks, or nothing."""
    close = difflib.get_close_matches(word_key(word), [word_key(c.word) for c in deck], n=3, cutoff=0.6)
    return f"{before}может быть, " + ", ".join(f"«{w}»" for w in close) + f"?{after}" if close else ""


def sheets(cards: list[Card], options: DeckOptions, layout: sheet.SheetLayout) -> list[Run]:
    """Each set (--copies), and by default each grade within it, starts on a new sheet. Where the cards
    stand apart (bleed or a gap: a mis-cut shows no sliver of a neighbour's colour), the part-filled last
    sheets of a set's grades share sheets where they fit together, so no sheet is printed for one or two
    cards that another grade's last sheet has room for."""
    per_sheet, apart = layout.per_sheet, layout.spacing > 0
    runs = []
    for copy in range(1, options.copies + 1):
        mark = f"{theme.SET_LABEL} {copy}" if options.copies > 1 else ""
        if not options.grade_sheets:
            runs.append(Run(cards, mark))
            continue
        rests: list[list[Card]] = []
        for grade in sorted({c.grade for c in cards}):
            in_grade = [c for c in cards if c.grade == grade]
            full = len(in_grade) - len(in_grade) % per_sheet
            if full:
                runs.append(Run(in_grade[:full], mark))
            if full < len(in_grade):
                rest = in_grade[full:]
                shared = next((r for r in rests if len(r) + len(rest) <= per_sheet), None) if apart else None
                if shared is None:
                    rests.append(rest)
                else:
                    shared.extend(rest)
        runs.extend(Run(rest, mark) for rest in rests)
    return runs


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


def check_fit(deck: Deck, printed: list[Card], faces: Faces, fitted: DeckType | None = None) -> DeckType:
    """Choose the deck's definition size (over the whole deck, so a reprint of a few cards matches it;
    ``fitted``: chosen before for this deck and these options) and read every printed card's picture
    before anything is written; all cards that do not fit or whose picture cannot be drawn are named
    together.

    The measurements are dropped: drawing measures again, so memory does not grow with the deck.
    """
    problems = []
    deck_type = fitted
    if fitted is not None:
        faces.use(fitted)
    else:
        try:
            deck_type = faces.fit_deck(deck)
        except FitError as exc:
            problems.append(str(exc))
    for card in printed:
        try:
            if card.picture is not None:
                drawings.load(card.picture)
        except PictureError as exc:
            where = f"{card.source}: " if card.source else ""
            problems.append(f"{where}картинка слова «{card.word}»: {exc}")
    if problems:
        raise BuildError("\n".join(problems))
    return deck_type


def _printed_texts(deck: Deck) -> list[tuple[str, str]]:
    texts = [(f"{card.source}: «{card.word}»" if card.source else f"«{card.word}»",
              card.word + " " + card.definition) for card in deck]
    texts.append(("оформление карт", " ".join([theme.GAME_NAME, theme.BACK_SUBTITLE,
                                               *(grade_label(g) for g in deck.grades)])))
    return texts


def _size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} МБ".replace(".", ",") if size >= 1024 * 1024 else f"{max(1, round(size / 1024))} КБ"
