"""Card pictures: the shipped set, and the safe reading of a word file's `picture:` value.

A value is either the name of a shipped picture (``cow``) or a path to the editor's own SVG or PNG,
relative to the word file's folder. Only files inside that folder are read, never a URL, and every
read is bounded; an SVG must be well-formed XML without a DOCTYPE (no entities, nothing external).
Nothing here draws: the generator does that.
"""

from __future__ import annotations

import os
import re
import struct
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from slovariki import package_data
from slovariki.files import reading
from slovariki.text.russian import os_error

SUFFIXES = (".svg", ".png")
MAX_SVG_BYTES = 1024 * 1024       # a shipped picture is a few KB; an editor's drawing well under this
MAX_PNG_BYTES = 8 * 1024 * 1024
MAX_PNG_SIDE = 4096               # pixels: a card picture is 3 cm wide, 4096 px is over 3000 dpi
MAX_SVG_ELEMENTS = 2000           # a shipped picture has under 30; each element costs a drawing its time
MAX_SVG_SIDE = 100_000            # the units of an SVG's width, height and viewBox
_SVG_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*")
_SVG_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_URL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:(//)?|^//")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PictureError(Exception):
    """A picture that cannot be used; the message says why, in Russian."""


def shipped_folder() -> Path:
    return package_data("pictures")


@cache
def shipped() -> dict[str, str]:
    """Name → what it shows (Russian), from the set's index, in name order."""
    found = {}
    for line in (shipped_folder() / "index.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, shows = line.partition("\t")
            found[name] = shows
    return dict(sorted(found.items()))


def search(text: str) -> dict[str, str]:
    """The shipped pictures ``text`` names (name → what it shows): a part of a name («ball»), the start
    of what one shows («солн»), or every word of it in any form («яблоки» finds «красное яблоко»), «е»
    for «ё»."""
    from slovariki.text import spoken
    query = spoken.normal(text)
    tokens = [set(spoken.lemmas(token)) for token in re.findall(r"[\w-]+", query)]
    found = {}
    for name, shows in shipped().items():
        said = spoken.normal(shows)
        words = [set(spoken.lemmas(word)) for word in re.findall(r"[\w-]+", said)]
        if query in name or re.search(rf"(?<!\w){re.escape(query)}", said) \
                or tokens and all(any(t & w for w in words) for t in tokens):
            found[name] = shows
    return found


@dataclass(frozen=True)
class Fit:
    """A shipped picture for a word: ``named`` when its description names the word itself (it shows the
    word), else it names a thing the word's definition speaks of (it may fit: look before choosing)."""

    name: str
    shows: str
    named: bool


def fitting(word: str, definition: str = "") -> list[Fit]:
    """The shipped pictures for a card, by meaning: first those whose description names ``word`` (a
    word of the description in the nominative, by lemma: «машина» finds «легковая машина спереди», «человек»
    does not find «сердце человека»), then those that name a thing ``definition`` speaks of in any form
    («кастрюли» finds «кастрюля с едой»). Each list in name order."""
    from slovariki.text import spoken
    asked = {spoken.normal(word), *(lemma for lemma, case in spoken.analyses(word) if case == "nomn")} \
        if " " not in word.strip() else set()
    phrase = spoken.normal(word)
    told = {lemma for token in re.findall(r"\w+", spoken.normal(definition)) for lemma in spoken.lemmas(token)}
    named, related = [], []
    for name, shows in shipped().items():
        things = _things(shows)
        if asked & things or (" " in phrase and re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", spoken.normal(shows))):
            named.append(Fit(name, shows, True))
        elif things & told:
            related.append(Fit(name, shows, False))
    return named + related


@cache
def _things(shows: str) -> frozenset[str]:
    """What a description names: the lemmas of its words in the nominative before «:» («стакан молока» →
    стакан; «морской берег» → берег, not «беречь»), and the card words it lists after «:» as written."""
    from slovariki.text import spoken
    seen, _, words = spoken.normal(shows).partition(":")
    named = {lemma for token in re.findall(r"\w+", seen) if len(token) > 2
             for lemma, case in spoken.analyses(token) if case == "nomn"}
    return frozenset(named | {word.strip() for word in words.split(",") if word.strip()})


def resolve(value: str, folder: Path | None) -> Path:
    """The file a `picture:` value names, checked; ``folder`` is the word file's folder."""
    value = value.strip()
    if not value:
        raise PictureError("картинка не указана: напишите имя картинки (список: slovariki pictures) или путь к файлу")
    if _URL.match(value) and not re.match(r"^[a-zA-Z]:[\\/]", value):
        raise PictureError(f"«{value}»: картинка берётся только из файла рядом со списком слов, не по ссылке")
    if not any(ch in value for ch in "/\\."):  # a shipped name: no folder, no extension
        return _shipped(value)
    if folder is None:
        raise PictureError(f"«{value}»: путь к своей картинке можно указать только в файле со словами")
    path = Path(value)
    if path.is_absolute() or not _inside(folder / path, folder):
        raise PictureError(f"«{value}»: картинка должна лежать в папке со списками слов или глубже в ней")
    if path.suffix.lower() not in SUFFIXES:
        raise PictureError(f"«{value}»: картинка должна быть в формате SVG или PNG")
    check_file(folder / path, value)
    return folder / path


def _shipped(name: str) -> Path:
    if name in shipped():
        return shipped_folder() / f"{name}.svg"
    import difflib  # for a mistaken name only: every reading of the bank comes here

    close = difflib.get_close_matches(name, list(shipped()), n=1, cutoff=0.6)
    hint = f"; может быть, «{close[0]}»?" if close else ""
    raise PictureError(f"встроенной картинки «{name}» нет{hint} (список: slovariki pictures)")


def _inside(path: Path, folder: Path) -> bool:
    try:
        Path(os.path.realpath(path)).relative_to(os.path.realpath(folder))
    except ValueError:
        return False
    return True


def read_own(path: Path, folder: Path) -> bytes:
    """An editor's picture read again to be shown (it may have changed since its word file was
    read): checked as :func:`resolve` checks it, inside ``folder``, and its bytes."""
    if not _inside(path, folder) or path.suffix.lower() not in SUFFIXES:
        raise PictureError(f"«{path.name}»: картинка должна лежать в папке со списками слов или глубже в ней")
    return check_file(path, path.name)


def check_file(path: Path, shown: str) -> bytes:
    """The bytes of ``path``; PictureError unless it is a readable SVG or PNG of sane size."""
    svg = path.suffix.lower() == ".svg"
    limit = MAX_SVG_BYTES if svg else MAX_PNG_BYTES
    try:
        data = reading.read_bytes(path, limit)
    except reading.TooLarge:
        raise PictureError(f"«{shown}»: картинка слишком большая (больше {reading.size_text(limit)})") from None
    except (reading.Unreadable, IsADirectoryError):  # a FIFO, a device or a folder is never read
        raise PictureError(f"«{shown}»: это не файл картинки") from None
    except OSError as exc:
        raise PictureError(f"«{shown}»: картинку не прочитать: {os_error(exc)}") from None
    (_check_svg if svg else _check_png)(data, shown)
    return data


def _check_svg(data: bytes, shown: str) -> None:
    from xml.parsers import expat  # only an editor's own SVG is parsed

    parser = expat.ParserCreate()
    root: list[tuple[str, dict]] = []  # the root element's name and attributes
    elements = 0

    def no_doctype(*args: object) -> None:
        raise PictureError(f"«{shown}»: в SVG есть DOCTYPE или сущности, такой файл не читается")

    def start(name: str, attrs: dict) -> None:
        nonlocal elements
        elements += 1
        if elements > MAX_SVG_ELEMENTS:
            raise PictureError(f"«{shown}»: в SVG больше {MAX_SVG_ELEMENTS} элементов: для картинки на карте "
                               "это слишком сложный рисунок, упростите его")
        if not root:
            root.append((name.rpartition("}")[2].rpartition(":")[2], attrs))

    parser.StartDoctypeDeclHandler = no_doctype
    parser.EntityDeclHandler = no_doctype
    parser.StartElementHandler = start
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise PictureError(f"«{shown}»: файл SVG испорчен: это не XML (строка {exc.lineno})") from None
    if not root or root[0][0] != "svg":
        raise PictureError(f"«{shown}»: это не картинка SVG (нет элемента <svg>)")
    _check_svg_size(root[0][1], shown)


def _check_svg_size(attrs: dict, shown: str) -> None:
    """The root's size, as svglib takes it: width and height, or else the viewBox; each a finite
    positive number (a width of 1e308 or NaN would pass here and break the drawing)."""
    sizes = [attrs.get(key) for key in ("width", "height")]
    box = attrs.get("viewBox")
    for value in sizes:
        match = _SVG_LENGTH.fullmatch(value) if value is not None else None
        if value is not None and not (match and 0 < float(match[1]) <= MAX_SVG_SIDE):
            raise PictureError(f"«{shown}»: размер SVG «{value[:20]}» — не размер картинки")
    if box is not None:
        numbers = [float(n) for n in _SVG_NUMBER.findall(box)]
        if len(numbers) != 4 or _SVG_NUMBER.sub("", box).strip(" ,\t\r\n") \
                or not all(abs(n) <= MAX_SVG_SIDE for n in numbers) or not (numbers[2] > 0 and numbers[3] > 0):
            raise PictureError(f"«{shown}»: viewBox SVG «{box[:40]}» — не размер картинки")
    elif None in sizes or any(value.strip().endswith("%") for value in sizes):
        raise PictureError(f"«{shown}»: у SVG нет размера: укажите width и height или viewBox")


def _check_png(data: bytes, shown: str) -> None:
    if not data.startswith(_PNG_SIGNATURE) or data[12:16] != b"IHDR" or len(data) < 24:
        raise PictureError(f"«{shown}»: файл PNG испорчен или это не PNG")
    width, height = struct.unpack(">II", data[16:24])
    if not (0 < width <= MAX_PNG_SIDE and 0 < height <= MAX_PNG_SIDE):
        raise PictureError(f"«{shown}»: картинка {width}×{height} точек слишком большая "
                           f"(не больше {MAX_PNG_SIDE}×{MAX_PNG_SIDE})")
    _check_png_chunks(data, shown)


def _check_png_chunks(data: bytes, shown: str) -> None:
    """Every chunk whole and as written (its CRC), image data present, up to the end chunk: a file
    cut short (a copy that stopped) is refused here, not first by the build."""
    position, image_data = len(_PNG_SIGNATURE), False
    while True:
        if position + 12 > len(data):
            raise PictureError(f"«{shown}»: файл PNG оборван (скопирован не до конца)")
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        end = position + 12 + length
        if end > len(data):
            raise PictureError(f"«{shown}»: файл PNG оборван (скопирован не до конца)")
        if zlib.crc32(data[position + 4:end - 4]) != int.from_bytes(data[end - 4:end], "big"):
            raise PictureError(f"«{shown}»: файл PNG испорчен (контрольная сумма не сходится)")
        image_data |= kind == b"IDAT"
        if kind == b"IEND":
            break
        position = end
    if not image_data:
        raise PictureError(f"«{shown}»: в файле PNG нет самой картинки")
