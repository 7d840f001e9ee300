"""The terminal: cards as text (hard letters in red, the stress as an accent, colours by grade) and
lines typed by people, read so that no byte they send can break the program."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from slovariki.files import reading
from slovariki.markup import ACUTE
from slovariki.model import Card

# The longest text quoted back in a message: a pasted paragraph is not repeated whole.
QUOTE_LIMIT = 40
TYPED_LIMIT = 4096  # of a longer piped line only the start is read: no move is that long
RED = "\x1b[1;31m"
RESET = "\x1b[0m"


def use_colour(stream: IO[str]) -> bool:
    """Colour only on a terminal that supports it, and never when NO_COLOR is set."""
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def styled_word(card: Card, colour: bool) -> str:
    """The word with its stress; hard letters red on a colour terminal, in brackets otherwise."""
    if not colour:
        return card.markup.render()
    out = []
    for i, ch in enumerate(card.word):
        text = ch + (ACUTE if i in card.stress_positions else "")
        out.append(f"{RED}{text}{RESET}" if i in card.hard_positions else text)
    return "".join(out)


def stars(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


def word_table(cards: Iterable[Card], colour: bool, width: int | None = None) -> str:
    """One line per card: grade, stars, word, hard letters, definition (cut to the width, if one is
    given: a terminal's; a file gets whole definitions)."""
    rows = list(cards)
    if not rows:
        return "Нет карточек с такими условиями."
    def visible(card: Card) -> int:
        return len(card.word) if colour else len(card.markup.render())

    wide = max(visible(c) for c in rows)
    lines = []
    for card in rows:
        word = styled_word(card, colour)
        pad = " " * (wide - visible(card))
        grade = f"{card.grade} кл."
        if colour:
            grade = f"\x1b[{card.colour.terminal}m{grade}{RESET}"
        letters = ", ".join(sorted(card.hard_letters))
        head = f"{grade}  {stars(card.stars)}  {word}{pad}  {letters:<8} "
        definition = ("(для игры) " if card.game_word else "") + shown(card.definition)
        room = max(20, width - 28 - wide) if width else len(definition)
        text = definition if len(definition) <= room else definition[: room - 1] + "…"
        lines.append(head + text)
    lines.append(f"Всего: {len(rows)}")
    lines.extend(list_words_lines(rows))
    return "\n".join(lines)


def list_words_lines(cards: Iterable[Card]) -> list[str]:
    """How many cards of each grade are school list words, the others being game words: «Из школьных
    списков (остальные слова — только для игры):», «  1 класс: 30 из 41»; nothing for a list without
    game words (a teacher's own, most often)."""
    grades: dict[int, list[int]] = {}
    for card in cards:
        counts = grades.setdefault(card.grade, [0, 0])
        counts[0] += not card.game_word
        counts[1] += 1
    if all(listed == total for listed, total in grades.values()):
        return []
    return ["Из школьных списков (остальные слова — только для игры):",
            *(f"  {grade} класс: {listed} из {total}" for grade, (listed, total) in sorted(grades.items()))]


def readable(line: str | bytes, encoding: str | None = None) -> str:
    """A typed line as text: bytes that are not UTF-8 are read in the console's ``encoding`` (cp1251 or
    cp866 on Windows) or else become «�», control characters (an arrow key in piped input, a tab)
    spaces, so nothing a person types can break the code that reads it."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            line = line.decode(encoding or "utf-8", "replace")
    line = line.rstrip("\r\n")
    return "".join(ch if ch.isprintable() else "\ufffd" if "\ud800" <= ch <= "\udfff" else " " for ch in line)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(text: str, lines: bool = False, escape: Callable[[str], str] = _escape) -> str:
    """Text that came from a file or a person, as it may be printed: every character that is not
    printable (an escape sequence that retitles or clears the terminal, a bell, a bidi override that
    reorders the line, a line separator) becomes a visible escape, «\\x1b». With ``lines``, the line
    breaks of a text of several lines stay."""
    if text.isprintable():
        return text
    parts = text.split("\n") if lines else [text]
    return "\n".join(part if part.isprintable() else "".join(ch if ch.isprintable() else escape(ch) for ch in part)
                     for part in parts)


def shorten(text: str) -> str:
    """``text`` as quoted back to the user: cut to QUOTE_LIMIT characters."""
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT - 1] + "…"


def prompt_text(prompt: str, saved: bool) -> str:
    """A REPL's prompt; after a failed save every prompt says so, until a save succeeds again."""
    return prompt if saved else f"[не сохранено] {prompt}"


def typed_lines(prompt: Callable[[], str], stdin: IO[str] | None = None) -> Iterator[str]:
    """Lines typed at the terminal, with line editing and history (readline) and a prompt; or the
    lines of piped input. Ctrl-D and Ctrl-C at the terminal end the input."""
    stdin = sys.stdin if stdin is None else stdin
    if not stdin.isatty():
        stream = getattr(stdin, "buffer", stdin)  # bytes when possible: a bad byte must not stop us
        for raw in reading.lines(stream, TYPED_LIMIT):
            yield readable(raw[:TYPED_LIMIT], getattr(stdin, "encoding", None))
        return
    try:
        import readline  # noqa: F401  (importing it gives input() editing and history)
    except ImportError:
        pass
    while True:
        try:
            line = input(prompt())
        except UnicodeDecodeError:
            line = "\ufffd"
        except (EOFError, KeyboardInterrupt):
            print()
            return
        yield readable(line)
