"""The numbered rules in Russian (1–16 of «Словарики», D1–D6 of classic durak), read from one source.

``templates/rulebook.yaml`` holds every rule's number, title, text and clarification; the printed rules
sheet, docs/game-rules.md and the referee's «правило 7» all read it through this module::

    from slovariki.game import rulebook
    rulebook.rule("7").plain()         # «Правило 7. Как побить. Некозырную карточку …»
    rulebook.rules("slovariki")        # the 16 rules of the game, in order
    rulebook.render(text, MARKDOWN)    # inline markup (**, *, ==) for one kind of output

The numbers in the texts (hand size, limit, players) are filled in from the rules engine, so they are
written in one place only. ``python -m slovariki.game.rulebook docs/game-rules.md`` writes the docs page.
"""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from slovariki.game.rulesets import HAND_SIZE, MAX_PLAYERS, MAX_TABLE, MIN_PLAYERS
from slovariki.text.russian import plural

SOURCE = "rulebook.yaml"
VALUES = {"hand": HAND_SIZE, "limit": MAX_TABLE, "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS}
CLARIFICATION = "Уточнение:"
REFEREE = "Судья:"

# Inline markup: **bold**, *italic*, ==red== (the colour of hard letters). A style maps each kind to the
# text put before and after it.
_INLINE = re.compile(r"\*\*(?P<bold>.+?)\*\*|\*(?P<italic>.+?)\*|==(?P<red>.+?)==", re.S)
Style = Mapping[str, tuple[str, str]]
PLAIN: Style = {"bold": ("", ""), "italic": ("", ""), "red": ("", "")}
MARKDOWN: Style = {"bold": ("**", "**"), "italic": ("*", "*"), "red": ("**", "**")}


class UnknownRule(LookupError):
    """A rule number the rulebook does not have; the message says which ones it has."""


@dataclass(frozen=True)
class Rule:
    number: str          # "7", "D4"
    title: str           # «Как побить»
    text: str            # inline markup, numbers filled in
    clarification: str = ""  # our reading of a point the original rules leave open
    referee: str = ""    # what only the referee program does: not on the printed sheet

    @property
    def citation(self) -> str:
        """How messages cite it: «правило 7»."""
        return f"правило {self.number}"

    def plain(self) -> str:
        """The whole rule as one line of plain text, for a terminal (the referee's note too)."""
        return " ".join([f"Правило {self.number}. {self.title}. {render(self.text, PLAIN)}",
                         *(f"{label} {render(note, PLAIN)}" for label, note in self.notes())])

    def notes(self) -> list[tuple[str, str]]:
        """(label, text) of the clarification and the referee's note, those it has."""
        return [(label, note) for label, note in ((CLARIFICATION, self.clarification), (REFEREE, self.referee))
                if note]


@dataclass(frozen=True)
class Section:
    key: str             # "slovariki", "classic"
    title: str
    intro: str
    rules: tuple[Rule, ...]
    borrows: tuple[str, ...] = ()  # numbers of another section's rules this game plays by too


class _Numbers(string.Formatter):
    """``{hand}`` is the number; ``{hand:карточка,карточки,карточек}`` adds the noun that agrees with it."""

    def format_field(self, value, format_spec: str) -> str:
        if "," in format_spec:
            return f"{value} {plural(value, *format_spec.split(','))}"
        return super().format_field(value, format_spec)


def fill(text: str) -> str:
    return _Numbers().vformat(" ".join(text.split()), (), VALUES)


@cache
def _source() -> dict:
    import yaml

    text = (resources.files("slovariki") / "templates" / SOURCE).read_text(encoding="utf-8")
    return yaml.safe_load(text)


@cache
def sections() -> tuple[Section, ...]:
    return tuple(
        Section(s["key"], s["title"], fill(s.get("intro", "")),
                tuple(Rule(str(r["number"]), r["title"], fill(r["text"]), fill(r.get("clarification", "")),
                           fill(r.get("referee", ""))) for r in s["rules"]),
                tuple(s.get("borrows", ())))
        for s in _source()["sections"])


def rules(section: str | None = None) -> tuple[Rule, ...]:
    """Every rule in order, or those of one section («slovariki», «classic»)."""
    return tuple(r for s in sections() if section in (None, s.key) for r in s.rules)


def rule(number: str) -> Rule:
    """The rule «7», «D4» (also written «R7», «правило 7», «д4», «Д 4»)."""
    key = re.sub(r"^(правило|правила|rule)\s*", "", str(number).strip().lower())
    key = key.replace("д", "d").replace(" ", "").removeprefix("r").upper()
    found = {r.number: r for r in rules()}.get(key)
    if found is None:
        first, last = rules("slovariki")[0].number, rules("slovariki")[-1].number
        classic = rules("classic")
        raise UnknownRule(f"нет правила «{number}»: есть правила с {first} по {last} "
                          f"и {classic[0].number}–{classic[-1].number}")
    return found


def render(text: str, style: Style, escape: Callable[[str], str] = str, _outer: tuple[str, ...] = ()) -> str:
    """``text`` with its inline markup turned into ``style``; the rest of the text passes ``escape``.
    Markup may nest (==red== inside **bold**); a wrapping already open around it is not repeated."""
    out, position = [], 0
    for match in _INLINE.finditer(text):
        out.append(escape(text[position:match.start()]))
        kind = match.lastgroup
        before, after = ("", "") if style[kind] in (style[k] for k in _outer) else style[kind]
        out.append(before + render(match[kind], style, escape, (*_outer, kind)) + after)
        position = match.end()
    out.append(escape(text[position:]))
    return "".join(out)


def markdown() -> str:
    """docs/game-rules.md: the rules under their section titles, each clarification marked."""
    import textwrap

    docs = _source()["docs"]

    def paragraph(text: str, indent: str = "") -> str:
        return textwrap.fill(text, 105, initial_indent=indent, subsequent_indent=" " * len(indent),
                             break_on_hyphens=False, break_long_words=False)

    parts = [f"# {docs['title']}", paragraph(fill(docs["intro"])), paragraph(f"*{fill(docs['regenerate'])}*")]
    for section in sections():
        parts.append(f"## {section.title}")
        if section.intro:
            parts.append(paragraph(render(section.intro, MARKDOWN)))
        items = []
        for r in section.rules:
            text = " ".join([f"**{r.number}. {r.title}.** {render(r.text, MARKDOWN)}",
                             *(f"*{label}* {render(note, MARKDOWN)}" for label, note in r.notes())])
            items.append(paragraph(text, "- "))
        parts.append("\n".join(items))
    parts.append(docs["end"].strip())
    return "\n\n".join(parts) + "\n"


def main(argv: list[str]) -> int:
    """``python -m slovariki.game.rulebook [FILE]``: the docs page to FILE, or to stdout."""
    text = markdown()
    if argv:
        from slovariki.files import atomic
        atomic.write_text(Path(argv[0]), text)
    else:
        sys.stdout.buffer.write(text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
