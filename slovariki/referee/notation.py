"""The game record: a readable text of a refereed game that can be replayed and checked again.

    # Запись партии (slovariki referee)
    правила: slovariki
    игроки: Аня, Боря, Вика
    козырь: лопата
    первым заходит: Аня

    Заход 1: заходит Аня, отбивается Боря.
    1. Аня: заходит с карты «коридор»
    2. Боря: бьёт карту «коридор» картой «орнамент»
    3. Аня: пас
    4. Вика: пас
       → Бито: карты со стола уходят в отбой.
       → Добирают из колоды: Аня 1, Боря 1.

    Заход 2: заходит Боря, отбивается Вика.

Header lines are ``key: value``; a move is ``N. Имя: ход``; the lines after a move (results and the
next bout's header) are what the referee said about it. When replaying, a move's recorded results,
if there are any, must be exactly what the rules give (the next bout's header may be left out; a
line as earlier versions worded it is read in today's words, see ``texts.current_wording``).
Lines starting with ``#`` are comments. The text drives the engine only through
:class:`~slovariki.referee.table.Table`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from slovariki.files import reading
from slovariki.text.console import FALLBACKS
from slovariki.game import Attack, Beat, Move, Pass, Take, TossIn, Transfer
from slovariki.referee.table import Rejected, Setup, Table, bout_numbers
from slovariki.referee.texts import (
    EARLIER_FIRST_REASONS, FIRST_REASONS, PASS_WORDS, bout_header, current_wording, event_lines, record_text, result_text,
    summary_lines,
)
from slovariki.text.russian import os_error, wrap
from slovariki.text.terminal import shorten

TITLE = "# Запись партии (slovariki referee)"
KEYS = {"правила": "rules", "игроки": "players", "козырь": "trump", "держит открытый козырь": "trump_holder",
        "первым заходит": "first", "классы": "grades", "слова": "words"}
RESULT = "   → "
MAX_BYTES = 4 * 1024 * 1024  # a long game's record is a few dozen KB
_MOVE = re.compile(r"^(\d+)\.\s+(.*)$")
# A card's word in «», or in the straight or curly quotes of a keyboard or a console without «».
_WORD = '[«"„“]([^«»"„“”]+)[»"“”]'
# A move: the verb as the record writes it or as the REPL reads it («бьет» for «бьёт», «беру»,
# «бито»), the words before a card («с карты», «карту», «картой») optional, then the cards: quoted,
# or not («Аня: заходит корова», «Боря: бьёт корову собакой»).
_VERBS = [(re.compile(f"^{pattern}(?:\\s+|$)(.*)$", re.IGNORECASE), kind) for pattern, kind in (
    ("заходит(?: с карты| с)?", Attack), ("бь[её]т(?: карту)?", Beat), ("переводит(?: картой)?", Transfer),
    ("подкидывает(?: карту)?", TossIn), (f"(?:{'|'.join(PASS_WORDS)})", Pass), ("(?:бер[её]т|беру)", Take))]
_BY = re.compile(r"\s+картой\s+", re.IGNORECASE)  # «бьёт корову картой собака»


class NotationError(ValueError):
    """A record that cannot be read: ``line`` (1-based) and a Russian message."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"строка {line}: {message}")
        self.line = line
        self.message = message


def render(table: Table) -> str:
    """The game record of a table, every move with its bout and what followed it."""
    setup, state = table.setup, table.state
    names = state.names
    first = names[table.opening[0]]
    if setup.first_by is not None:
        first += f" ({FIRST_REASONS[setup.first_by]})"
    lines = [TITLE, f"правила: {setup.rules}", f"игроки: {', '.join(setup.players)}", f"козырь: {setup.trump}"]
    if setup.trump_holder is not None:  # the hands took the whole deck
        lines.append(f"держит открытый козырь: {setup.trump_holder}")
    lines.append(f"первым заходит: {first}")
    if setup.grades is not None:
        lines.append(f"классы: {', '.join(map(str, setup.grades))}")
    if setup.words is not None:
        lines.append(f"слова: {setup.words}")
    lines += ["", bout_header(1, *(names[p] for p in table.opening))]
    classic = state.rules.classic
    for number, (record, bout) in enumerate(zip(state.log, bout_numbers(state.log)), 1):
        lines.append(f"{number}. {record_text(record, names, state.rules)}")
        for said in event_lines(record.events, names, bout, classic):
            lines.extend(["", said] if said.startswith("Заход ") else [RESULT + said])
    if state.is_over():  # comments: a replay skips them
        lines.append("")
        for said in summary_lines(table.summary(), names, state.rules):
            lines += wrap(said, 100, initial_indent="# ", subsequent_indent="#   ")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class RecordedMove:
    line: int
    number: int
    player: str
    text: str  # the move as written, after the name
    results: tuple[str, ...]
    result_lines: tuple[int, ...] = ()  # the line number of each result


@dataclass(frozen=True)
class Record:
    setup: Setup
    moves: tuple[RecordedMove, ...]


def parse(text: str) -> Record:
    """Read a game record; raises NotationError naming the line."""
    header: dict[str, str] = {}
    moves: list[RecordedMove] = []
    pending: list[tuple[int, str]] = []  # results of the move being read, with their line numbers
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _MOVE.match(line)
        if match:
            if moves:
                moves[-1] = _with_results(moves[-1], pending)
            else:
                _setup(header, number)  # a missing header is reported at the first move
            pending = []
            player, move_text_ = _split_player(match.group(2), number)
            moves.append(RecordedMove(number, int(match.group(1)), player, move_text_, ()))
        elif moves:
            if _unnumbered(line, header):
                raise NotationError(number, f"ход без номера: «{shorten(line)}»; перед ходом пишут его номер: "
                                            f"«{moves[-1].number + 1}. {line.partition(':')[0].strip()}: …»")
            pending.append((number, line.removeprefix("→").removeprefix("->").strip()))
        elif line.startswith("Заход "):
            continue
        else:
            key, sep, value = line.partition(":")
            if not sep or key.strip().lower() not in KEYS:
                raise NotationError(number, f"не понимаю строку «{shorten(line)}»: ждал заголовок "
                                            f"({', '.join(KEYS)}) или ход вида «1. Аня: заходит с карты «коридор»»")
            header[KEYS[key.strip().lower()]] = value.strip()
    if moves:
        moves[-1] = _with_results(moves[-1], pending)
    return Record(_setup(header, 1), tuple(moves))


def _unnumbered(line: str, header: dict[str, str]) -> bool:
    """A move written without its number («Аня: пас»): a player's name, a colon and a move's verb."""
    player, sep, move = line.partition(":")
    players = {p.strip().lower() for p in header.get("players", "").split(",")}
    return bool(sep) and player.strip().lower() in players and any(p.match(move.strip()) for p, _ in _VERBS)


def _with_results(move: RecordedMove, results: list[tuple[int, str]]) -> RecordedMove:
    return replace(move, results=tuple(text for _, text in results),
                   result_lines=tuple(number for number, _ in results))


def _setup(header: dict[str, str], line: int) -> Setup:
    for key in ("players", "trump"):
        if key not in header:
            title = next(k for k, v in KEYS.items() if v == key)
            raise NotationError(line, f"в заголовке записи нет строки «{title}: …»")
    grades = None
    if "grades" in header:
        try:
            grades = tuple(sorted({int(g) for g in header["grades"].split(",") if g.strip()}))
        except ValueError:
            raise NotationError(line, "классы пишутся номерами через запятую: «классы: 1, 2»") from None
    players = tuple(p.strip() for p in header["players"].split(","))
    first, first_by = header.get("first"), None
    if first is not None:  # «Вика (самый младший козырь, правило D1)»
        for reason, key in [*((r, k) for k, r in FIRST_REASONS.items()), *EARLIER_FIRST_REASONS.items()]:
            if first.endswith(f" ({reason})"):
                first, first_by = first.removesuffix(f" ({reason})"), key
    return Setup(players, header["trump"], first, header.get("rules", "slovariki"), grades,
                 header.get("words"), first_by, header.get("trump_holder"))


def _split_player(text: str, line: int) -> tuple[str, str]:
    """«Аня: заходит …» → («Аня», «заходит …»); whether Аня plays in this game, the replay says."""
    player, sep, move = text.partition(":")
    if not sep or not player.strip():
        raise NotationError(line, f"ход должен начинаться с имени игрока и двоеточия: «1. Аня: пас», "
                                  f"а здесь «{shorten(text)}»")
    return player.strip(), move.strip()


def move_of(table: Table, text: str, line: int) -> Move:
    """The move written as ``заходит с карты «коридор»`` (see :func:`texts.move_text`), a pass as «пас»
    or «бито» whatever the ruleset, or as the REPL reads it: a card written by hand in another form
    («картой «Москвой»») or without quotes, «бьет» for «бьёт», «беру»."""
    for pattern, kind in _VERBS:
        match = pattern.match(text.strip())
        if match is None:
            continue
        rest = match.group(1).strip()
        if kind in (Pass, Take):
            if not rest:
                return kind()
            break
        phrases = re.findall(_WORD, rest) or _unquoted(table, rest, kind)
        if len(phrases) != (2 if kind is Beat else 1):
            break
        cards = [table.card(phrase, word_forms=True) for phrase in phrases]
        return Beat(cards[1], cards[0]) if kind is Beat else kind(*cards)
    raise NotationError(line, f"не понимаю ход «{shorten(text)}»: пишите «заходит с карты «слово»», «бьёт карту "
                              "«слово» картой «слово»», «переводит картой «слово»», «подкидывает карту «слово»», "
                              "«пас» или «берёт»")


def _unquoted(table: Table, rest: str, kind: type) -> list[str]:
    """The card phrases of a move written without quotes: one, or for a beat the card beaten and
    the card that beats it («корову картой собака», «корову собакой»: the one split into two cards)."""
    if not rest:
        return []
    if kind is not Beat:
        return [rest]
    parts = _BY.split(rest)
    if len(parts) == 2:
        return parts
    words = rest.split()
    splits = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]
    found = [list(pair) for pair in splits if all(len(table.finder.by_form(p)) == 1 for p in pair)]
    return found[0] if len(found) == 1 else []


@dataclass(frozen=True)
class Verdict:
    """The result of replaying a record: ``problem`` is None when every move was legal."""

    moves: int  # moves checked and accepted
    problem: str | None
    table: Table | None


def replay(record: Record) -> Verdict:
    """Play the record's moves on a fresh table and stop at the first one the rules refuse."""
    try:
        table = Table.start(record.setup, word_forms=True)
    except Rejected as exc:
        return Verdict(0, f"партию нельзя начать: {exc.message}", None)
    classic = table.state.rules.classic
    for done, recorded in enumerate(record.moves):
        where = f"ход {recorded.number} (строка {recorded.line}): {recorded.player}: {recorded.text}"
        try:
            seat = table.seat(recorded.player)
        except Rejected:
            return Verdict(done, f"{where} — в этой партии нет игрока «{recorded.player}»: "
                                 f"играют {', '.join(table.names)}", table)
        try:
            move = move_of(table, recorded.text, recorded.line)
            bout = table.bout
            events = table.play(seat, move)
        except NotationError as exc:
            return Verdict(done, f"{where} — {exc.message}", table)
        except Rejected as exc:
            return Verdict(done, f"{where} — так ходить нельзя: {exc.message}", table)
        said = event_lines(events, table.names, bout, classic)
        if not any(line.startswith("Заход ") for line in recorded.results):  # a header may be left out
            said = [line for line in said if not line.startswith("Заход ")]
        if recorded.results and [_alike(line) for line in recorded.results] != [_alike(line) for line in said]:
            return Verdict(done + 1, _wrong_result(recorded, said), table)
    return Verdict(len(record.moves), None, table)


def _alike(line: str) -> str:
    """A result line as compared: in today's words, and with the stand-ins of a console that lacks a
    character («->» for «→» in a record saved with «>» in cp1251) taken as the character."""
    return "".join(FALLBACKS.get(ch, ch) for ch in current_wording(line))


def _wrong_result(recorded: RecordedMove, said: list[str]) -> str:
    """The first result line of a move that differs from what the rules give, at its own line."""
    written = recorded.results
    at = next(i for i in range(max(len(written), len(said)))
              if i >= len(written) or i >= len(said) or _alike(written[i]) != _alike(said[i]))
    line = recorded.result_lines[min(at, len(written) - 1)]
    where = f"строка {line}, итог хода {recorded.number} ({recorded.player}: {recorded.text})"
    if at >= len(written):
        return f"{where} — в записи не хватает строки: по правилам дальше «{said[at]}»"
    if at >= len(said):
        return f"{where} — в записи сказано «{written[at]}», а по правилам этого не было"
    return f"{where} — в записи сказано «{written[at]}», а по правилам «{said[at]}»"


def check_file(path: str) -> tuple[int, str]:
    """Replay a record file: (exit status, report). 0 every move legal, 1 an illegal move or a
    wrong result, 2 a file that cannot be read as a record."""
    try:
        text = reading.read_text(path, MAX_BYTES)
    except FileNotFoundError:
        return 2, f"Ошибка: файл {path} не найден"
    except UnicodeDecodeError:
        return 2, f"Ошибка: {path}: это не текст: запись партии — текстовый файл (UTF-8)"
    except OSError as exc:
        return 2, f"Ошибка: не удалось прочитать {path}: {os_error(exc)}"
    try:
        record = parse(text)
    except NotationError as exc:
        return 2, f"Ошибка: {path}:{exc.line}: {exc.message}"
    verdict = replay(record)
    if verdict.problem is not None:
        return 1, f"{path}: {verdict.problem}\nДо этого места ходов по правилам: {verdict.moves}."
    state = verdict.table.state
    end = "партия окончена" if state.is_over() else "партия ещё не окончена"
    result = result_text(state)
    return 0, f"{path}: все ходы по правилам ({verdict.moves}), {end}.{' ' + result if result else ''}"
