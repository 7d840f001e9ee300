"""rules.pdf: a Jinja2 template (editable by teachers) with the facts of this deck, drawn by ReportLab.

The template writes a few block elements, one after another:
``<h1>``, ``<h2>``, ``<p>``, ``<rule n="7">``, ``<note>`` hold text with ReportLab's inline markup
(``<b>``, ``<i>``, ``<font color="…">``); ``<example name="beat" link="бьём">`` holds the caption
drawn beside an example's two small cards; ``<pagebreak/>`` starts a new page. Values from the word files are escaped by Jinja2.
The examples are picked by the rules engine, never by rules of this module's own.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import jinja2
import markupsafe
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, FrameBreak, KeepTogether, NextPageTemplate, PageBreak, PageTemplate,
                                Paragraph, SimpleDocTemplate, Table, TableStyle)

from slovariki.files import reading
from slovariki.game import rulebook
from slovariki.game import rulesets
from slovariki.text.russian import os_error, plural
from slovariki.generator import documents, fit, theme
from slovariki.generator.columns import COLUMN_GAP
from slovariki.generator.faces import Faces, FitError, grade_label
from slovariki.generator.palette import Palette
from slovariki.generator.symbols import SHAPE_NAMES
from slovariki.model import Card, Colour, Deck

TEMPLATE = "rules.xml.j2"
MAX_TEMPLATE_BYTES = 1024 * 1024  # the built-in template is 5 KB
FRAME_PADDING = 6  # ReportLab's frames keep this much inside each edge
_BLOCK = re.compile(
    r"<(?P<tag>h1|h2|p|rule|note|example|box)(?P<attrs>(?:\s+\w+=\"[^\"]*\")*)\s*>(?P<body>.*?)</(?P=tag)>"
    r"|<(?P<empty>pagebreak|columns)\s*/>",
    re.S)
_ATTR = re.compile(r"(\w+)=\"([^\"]*)\"")


class TemplateError(Exception):
    """The rules template cannot be found, rendered or read; the message says where."""


@dataclass(frozen=True)
class Example:
    """Two cards that show one rule; ``letters`` are the hard letters they share (toss-in)."""

    first: Card
    second: Card
    letters: tuple[str, ...] = ()


@dataclass(frozen=True)
class ColourFacts:
    grade: int
    name: str
    shape: str
    cards: int


def pick_examples(deck: Deck, ruleset: rulesets.Ruleset,
                  fits: Callable[[Card], bool] = lambda card: True) -> dict[str, Example | None]:
    """A beat, a transfer and a toss-in, each the first pair in deck order that the engine allows.

    Only cards that ``fits`` (drawn whole on the small example card) are used, and no card twice; of the
    orders in which the three can be chosen, the first that finds the most of them wins.
    """
    cards = _Fitting(list(deck), fits)
    pickers = {"beat": _beat, "transfer": _transfer, "toss": _toss}
    best: dict[str, Example | None] = {}
    for order in itertools.permutations(pickers):
        left, found = cards, {}
        for name in order:
            example = found[name] = pickers[name](left, ruleset)
            if example is not None:
                left = left.without(example.first, example.second)
        if sum(e is not None for e in found.values()) > sum(e is not None for e in best.values()):
            best = found
        if all(e is not None for e in best.values()):
            break
    return {name: best.get(name) for name in pickers}


class _Fitting:
    """The deck's cards that fit, in deck order, less those used: each card is measured only when a
    picker first reaches it (the pickers stop at the first pair), and once."""

    def __init__(self, cards: list[Card], fits: Callable[[Card], bool], used: frozenset[int] = frozenset(),
                 known: dict[int, bool] | None = None) -> None:
        self.cards, self.fits, self.used = cards, fits, used
        self.known = {} if known is None else known  # id(card) → fits

    def __iter__(self) -> Iterator[Card]:
        for card in self.cards:
            if id(card) in self.used:
                continue
            fits = self.known.get(id(card))
            if fits is None:
                fits = self.known[id(card)] = self.fits(card)
            if fits:
                yield card

    def without(self, *cards: Card) -> _Fitting:
        return _Fitting(self.cards, self.fits, self.used | {id(card) for card in cards}, self.known)


def examples_for(deck: Deck, faces: Faces) -> dict[str, Example | None]:
    """The sheet's examples: cards that can be drawn whole on ``faces``, none twice."""
    return pick_examples(deck, rulesets.find_ruleset("slovariki"), lambda card: _fits(faces, card))


def _beat(cards: Iterable[Card], ruleset: rulesets.Ruleset) -> Example | None:
    """A plain (non-trump) beat, with more stars when the deck has such a pair: the clearest case."""
    found = None
    for target in cards:
        trump = next((c for c in Colour if c != target.suit), target.suit)
        for card in cards:
            if card is not target and ruleset.beats(card, target, trump) and card.suit == target.suit:
                if card.rank > target.rank:
                    return Example(target, card)
                found = found or Example(target, card)
    return found


def _transfer(cards: Iterable[Card], ruleset: rulesets.Ruleset) -> Example | None:
    return next((Example(a, b) for a in cards for b in cards if a is not b and ruleset.transfers(b, a)), None)


def _toss(cards: Iterable[Card], ruleset: rulesets.Ruleset) -> Example | None:
    """A toss-in pair, of different colours when possible: any colour may be tossed."""
    found = None
    for last in cards:
        for card in cards:
            shared = ruleset.toss_keys(last) & ruleset.toss_keys(card)
            if card is last or not shared:
                continue
            example = Example(last, card, tuple(sorted(shared)))
            if card.suit != last.suit:
                return example
            found = found or example
    return found


def context(deck: Deck, examples: dict[str, Example | None]) -> dict:
    """Everything the template may use about this deck."""
    colours = [ColourFacts(g, Colour.for_grade(g).russian, SHAPE_NAMES[Colour.for_grade(g)],
                           sum(1 for c in deck if c.grade == g)) for g in deck.grades]
    return {
        "cards": len(deck),
        "colours": colours,
        "players_max": rulesets.capacity(len(deck)),
        "min_players": rulesets.MIN_PLAYERS,
        "max_players": rulesets.MAX_PLAYERS,
        "rules": rulebook.rules("slovariki"),
        "hand": rulesets.HAND_SIZE,
        "limit": rulesets.MAX_TABLE,
        "examples": examples,
        "grade_label": grade_label,
    }


def environment(template: Path | None) -> tuple[jinja2.Environment, str]:
    """A teacher's template file first, when given (read once, bounded, a regular file only);
    otherwise the built-in one."""
    if template is not None:
        source = _read_template(template)
        name = template.name
        loader = jinja2.FunctionLoader(lambda asked: (source, str(template), lambda: True) if asked == name else None)
    else:
        loader = jinja2.PackageLoader("slovariki", "templates")
        name = TEMPLATE
    env = jinja2.Environment(loader=loader, autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["plural"] = lambda n, one, few, many: f"{n} {plural(n, one, few, many)}"
    env.filters["rich"] = rich
    return env, name


def _read_template(path: Path) -> str:
    try:
        return reading.read_bytes(path, MAX_TEMPLATE_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise TemplateError(f"шаблон правил не найден: {path}") from None
    except reading.TooLarge:
        raise TemplateError(f"шаблон правил {path} слишком большой (больше {reading.size_text(MAX_TEMPLATE_BYTES)})") \
            from None
    except (reading.Unreadable, IsADirectoryError):
        raise TemplateError(f"шаблон правил {path}: это не файл") from None
    except OSError as exc:
        raise TemplateError(f"шаблон правил {path} не прочитать: {os_error(exc)}") from None
    except UnicodeDecodeError:
        raise TemplateError(f"шаблон правил {path}: текст не в кодировке UTF-8") from None


# The rulebook's inline markup as ReportLab's: bold, italic, and red as the hard letters are printed.
REPORTLAB: rulebook.Style = {"bold": ("<b>", "</b>"), "italic": ("<i>", "</i>"),
                             "red": (f'<font color="{theme.HARD_RED}"><b>', "</b></font>")}


def rich(text: str) -> markupsafe.Markup:
    """A rule's text (rulebook markup) as the sheet's inline markup, everything else escaped."""
    return markupsafe.Markup(rulebook.render(text, REPORTLAB, lambda part: str(markupsafe.escape(part))))


def render_text(deck: Deck, examples: dict[str, Example | None], template: Path | None = None) -> str:
    env, name = environment(template)
    try:
        compiled = env.get_template(name)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"{exc.filename or name}:{exc.lineno}: ошибка в записи шаблона "
                            f"(сообщение Jinja2: {exc.message})") from None
    try:
        return compiled.render(context(deck, examples))
    except jinja2.TemplateError as exc:
        line = _source_line(exc, compiled.filename)
        where = f"{compiled.filename or name}:{line}" if line else (compiled.filename or name)
        raise TemplateError(f"{where}: ошибка в шаблоне: {_explain(exc)}") from None


def _source_line(exc: Exception, filename: str | None) -> int | None:
    """The template line being run when ``exc`` was raised: Jinja2 puts it into the traceback."""
    line, frame = None, exc.__traceback__
    while frame is not None:
        if filename and frame.tb_frame.f_code.co_filename == filename:
            line = frame.tb_lineno
        frame = frame.tb_next
    return line


def _explain(exc: jinja2.TemplateError) -> str:
    """Jinja2's commonest run-time message in Russian; any other one as it is."""
    text = str(exc)
    if match := re.fullmatch(r"'([^']+)' is undefined", text):
        return f"неизвестное имя «{match[1]}»"
    if match := re.fullmatch(r"'[^']+' has no attribute '([^']+)'", text):
        return f"нет поля «{match[1]}»"
    return text


@dataclass(frozen=True)
class Block:
    tag: str
    attrs: dict[str, str]
    body: str

    def where(self) -> str:
        """The block as a teacher finds it in the template: the rendered text's line numbers differ."""
        attrs = "".join(f' {key}="{value}"' for key, value in self.attrs.items())
        words = " ".join(re.sub(r"<[^>]*>", " ", self.body).split())
        shown = words if len(words) <= 40 else words[:40] + "…"
        return f"шаблон правил, блок <{self.tag}{attrs}>" + (f" «{shown}»" if words else "")


def parse_blocks(text: str) -> list[Block]:
    """The template's output as blocks; any text outside a block is an error naming its line."""
    blocks, position = [], 0
    for match in _BLOCK.finditer(text):
        _only_space(text, position, match.start())
        tag = match["tag"] or match["empty"]
        attrs = dict(_ATTR.findall(match["attrs"] or ""))
        blocks.append(Block(tag, attrs, " ".join((match["body"] or "").split())))
        position = match.end()
    _only_space(text, position, len(text))
    return blocks


def _only_space(text: str, start: int, end: int) -> None:
    stray = text[start:end]
    if stray.strip():
        raise TemplateError("шаблон правил: текст вне блока (<p>, <h1>, <h2>, <rule>, <note>, <example>): "
                            f"«{' '.join(stray.split())[:40]}»")


class ColumnsStart(Flowable):
    """Where the sheet's two columns begin (the template's <columns/>); draws nothing."""

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        pass


def story(blocks: list[Block], examples: dict[str, Example | None], faces: Faces) -> list[Flowable]:
    styles = documents.styles(faces.palette)
    flowables: list[Flowable] = []
    for block in blocks:
        if block.tag == "pagebreak":
            flowables.append(PageBreak())
        elif block.tag == "columns":
            flowables.append(ColumnsStart())
        elif block.tag == "example":
            name = block.attrs.get("name", "")
            if examples.get(name) is None:
                raise TemplateError(f"{block.where()}: в колоде нет примера «{name}» "
                                    "(оберните блок в {% if examples." + name + " %})")
            cards = documents.CardRow([examples[name].first, examples[name].second], [block.attrs.get("link", "")],
                                      faces)  # a card too large for the small example raises FitError, naming it
            flowables.append(KeepTogether([cards, _paragraph(block, block.body, styles["caption"], faces.palette)]))
        elif block.tag == "rule":
            text = f"<b>{block.attrs.get('n', '')}.</b>&nbsp;{block.body}"
            flowables.append(KeepTogether([_paragraph(block, text, styles["rule"], faces.palette)]))  # never split
        elif block.tag == "box":
            flowables.append(_box(block, styles, faces.palette))
        else:
            flowables.append(_paragraph(block, block.body, styles["body" if block.tag == "p" else block.tag],
                                        faces.palette))
    return flowables


def _box(block: Block, styles: dict[str, ParagraphStyle], ink: Palette) -> Flowable:
    """A tinted box with a title: the rules in short, one line of the body after another (<br/>)."""
    lines = [line for line in re.split(r"<br\s*/?>", block.body) if line.strip()]
    rows = [[_paragraph(block, block.attrs.get("title", ""), styles["box_title"], ink)],
            *([_paragraph(block, line.strip(), styles["box"], ink)] for line in lines)]
    table = Table(rows, colWidths=["100%"])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), theme.FONT_REGULAR),  # no unembedded Helvetica
                               ("BACKGROUND", (0, 0), (-1, -1), ink(theme.BOX_FIELD)),
                               ("ROUNDEDCORNERS", [3 * theme.MM] * 4),
                               ("LEFTPADDING", (0, 0), (-1, -1), 4 * theme.MM),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 4 * theme.MM),
                               ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                               ("TOPPADDING", (0, 0), (0, 0), 3 * theme.MM),
                               ("BOTTOMPADDING", (0, -1), (-1, -1), 3 * theme.MM)]))
    table.spaceBefore, table.spaceAfter = 6, 6
    return table


_HEX_COLOUR = re.compile(r'color="(#[0-9A-Fa-f]{6})"')


def _paragraph(block: Block, text: str, style: ParagraphStyle, ink: Palette) -> Paragraph:
    """A paragraph of the template, short words bound to the next, its colours as the palette prints
    them; a markup error (ReportLab raises ValueError) names the block."""
    if ink.cmyk:
        text = _HEX_COLOUR.sub(lambda m: 'color="cmyk({},{},{},{})"'.format(*ink(m[1]).cmyk()), text)
    try:
        return Paragraph(fit.nonbreaking_markup(text), style)
    except ValueError as exc:
        detail = str(exc).strip().rpartition("caused exception ")[2]
        raise TemplateError(f"{block.where()}: неверная разметка: каждый открытый <b>, <i> или <font> "
                            f"нужно закрыть (сообщение ReportLab: {detail})") from None


def prepare(deck: Deck, template: Path | None = None, stress: bool = True,
            ink: Palette | None = None) -> tuple[list[Flowable], str]:
    """The rules sheet's flowables and its plain text (for the glyph check), before any file is written."""
    faces = documents.example_faces(stress, ink)
    examples = examples_for(deck, faces)
    text = render_text(deck, examples, template)
    flowables = story(parse_blocks(text), examples, faces)
    return flowables, re.sub(r"<[^>]+>", " ", text)


def _fits(faces: Faces, card: Card) -> bool:
    try:
        faces.measure(card, balance=False)  # that it fits is enough to choose it
    except FitError:
        return False
    return True


def render_rules(stream: BinaryIO, flowables: list[Flowable], paper: str, ink: Palette | None = None) -> int:
    """One column down to <columns/>, then two; a page of two columns after the first.

    The blocks below <columns/> (a heading goes with what follows it; a rule or an example is never
    split) are set into the columns by ``arrange``: full columns before the last page, the last page's
    two balanced, each column's foot evened out by a little more space between its blocks."""
    split = next((i for i, f in enumerate(flowables) if isinstance(f, ColumnsStart)), None)
    doc = documents.document(stream, paper, "«Словарики»: правила игры",
                             "Правила карточной игры «Словарики» и примеры из этой колоды",
                             SimpleDocTemplate if split is None else BaseDocTemplate)
    on_page = documents.print_settings(ink or Palette())
    if split is None:
        doc.build(flowables, onFirstPage=on_page, onLaterPages=on_page)
        return doc.page
    header, body = flowables[:split], flowables[split + 1:]
    x, y, width, height = doc.leftMargin, doc.bottomMargin, doc.width, doc.height
    inner = width - 2 * FRAME_PADDING
    used = min(height, sum(f.wrap(inner, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in header)
               + 2 * FRAME_PADDING + 2)
    column = (width - COLUMN_GAP) / 2
    columns = [Frame(x + i * (column + COLUMN_GAP), y, column, height - used, id=f"column{i}") for i in range(2)]
    first = PageTemplate("first", [Frame(x, y + height - used, width, used, id="header"), *columns],
                         onPage=on_page)
    later = PageTemplate("later", [Frame(x + i * (column + COLUMN_GAP), y, column, height, id=f"later{i}")
                                   for i in range(2)], onPage=on_page)
    doc.addPageTemplates([first, later])
    doc.build([NextPageTemplate("later"), *header, FrameBreak(),
               *_set_in_columns(body, column - 2 * FRAME_PADDING, height - used - 2 * FRAME_PADDING,
                                height - 2 * FRAME_PADDING)])
    return doc.page


class Stack(Flowable):
    """Flowables kept together one under another, spaced as a frame spaces them: one block of a column."""

    def __init__(self, parts: list[Flowable]) -> None:
        super().__init__()
        self.parts = parts
        self.spaceBefore, self.spaceAfter = parts[0].getSpaceBefore(), parts[-1].getSpaceAfter()
        self._placed: list[tuple[Flowable, float, float, float]] = []

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._placed, top, after = [], 0.0, None
        for part in self.parts:
            w, h = part.wrap(available_width, available_height)
            top += 0.0 if after is None else max(part.getSpaceBefore(), after)
            self._placed.append((part, top, w, h))
            top, after = top + h, part.getSpaceAfter()
        self.width, self.height = available_width, top
        return self.width, self.height

    def draw(self) -> None:
        for part, top, w, h in self._placed:
            part.drawOn(self.canv, 0, self.height - top - h, _sW=self.width - w)


MAX_STRETCH = 14.0  # points a column may add between two of its blocks to end level with its neighbour
FULL = 4.0  # an earlier page's column left short weighs this many times the last page's unevenness


def _set_in_columns(body: list[Flowable], width: float, first: float, later: float) -> list[Flowable]:
    """The body as blocks with the column breaks and the spacing that ``arrange`` chose."""
    blocks = _blocks(body)
    heights = [block.wrap(width, later)[1] for block in blocks]
    gaps = [0.0] + [max(a.spaceAfter, b.spaceBefore) for a, b in zip(blocks, blocks[1:])]
    placed = arrange(heights, gaps, first - 1, later - 1)
    if placed is None:  # a block taller than a column (a teacher's template): let the frames flow it
        return body
    story: list[Flowable] = []
    for number, (start, end, target) in enumerate(placed):
        if number:
            story.append(FrameBreak())
        spare = target - sum(heights[start:end]) - sum(gaps[start + 1:end])
        stretch = min(MAX_STRETCH, spare / (end - start - 1)) if end - start > 1 else 0.0
        for i in range(start, end):
            blocks[i].spaceBefore = 0.0 if i == start else gaps[i] + stretch
            blocks[i].spaceAfter = 0.0
            story.append(blocks[i])
    return story


def _blocks(body: list[Flowable]) -> list[Stack]:
    """Headings joined to what follows them; a KeepTogether's content as one block."""
    blocks, waiting = [], []
    for flowable in body:
        parts = list(flowable._content) if isinstance(flowable, KeepTogether) else [flowable]
        if getattr(flowable, "keepWithNext", False) or getattr(getattr(flowable, "style", None), "keepWithNext", 0):
            waiting.extend(parts)
            continue
        blocks.append(Stack([*waiting, *parts]))
        waiting = []
    if waiting:
        blocks.append(Stack(waiting))
    return blocks


def arrange(heights: list[float], gaps: list[float], first: float, later: float,
            most_pages: int = 20) -> list[tuple[int, int, float]] | None:
    """Blocks (in order, none split) into columns, two a page: the first page's columns ``first`` high,
    the later ones ``later``. The fewest pages; then every column before the last page as full as it can
    be, and the last page's two as even as they can be. ``gaps[i]`` is the space above block ``i`` when
    it does not open a column; a column left short before the last page weighs FULL times more than
    unevenness on it. Returns (first block, end, height to fill) per column; None if a block fits no
    column.
    """
    count = len(heights)
    if any(h > later + 1e-6 for h in heights):
        return None

    def used(start: int, end: int) -> float:
        return sum(heights[start:end]) + sum(gaps[start + 1:end])

    for pages in range(1, most_pages + 1):
        caps = [first, first] + [later] * (2 * pages - 2)
        reached: dict[int, tuple[float, list[int]]] = {0: (0.0, [])}  # blocks set → (cost, column ends)
        for cap in caps[:-2]:
            following: dict[int, tuple[float, list[int]]] = {}
            for start, (cost, ends) in reached.items():
                for end in range(start, count + 1):
                    fill = used(start, end)
                    if fill > cap + 1e-6:
                        break
                    total = cost + FULL * (cap - fill) ** 2
                    if end not in following or total < following[end][0]:
                        following[end] = (total, [*ends, end])
            reached = following
        cap, best = caps[-1], None
        for start, (cost, ends) in reached.items():
            for end in range(start, count + 1):
                left, right = used(start, end), used(end, count)
                if left > cap + 1e-6:
                    break
                if right <= cap + 1e-6 and (best is None or cost + (left - right) ** 2 < best[0]):
                    best = (cost + (left - right) ** 2, [*ends, end, count])
        if best is not None:
            bounds = [0, *best[1]]
            last = max(used(bounds[-3], bounds[-2]), used(bounds[-2], bounds[-1]))
            return [(a, b, caps[k] if k < len(caps) - 2 else last) for k, (a, b) in enumerate(zip(bounds, bounds[1:]))]
    return None
