"""Every command that reads a file the user names reads a bounded amount of a regular file: a device
(«--session /dev/full»), a FIFO or a huge file is refused with a Russian message, at once, without
a traceback and without growing the memory. Run as real processes under a memory limit, so a read
that is not bounded fails the test instead of filling the machine's memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st

from slovariki.bank import spreadsheet_reader, wordlist, wordtable
from slovariki.bitva.record import RecordError, load_record
from slovariki.cli import main
from slovariki.referee import session
from slovariki.referee.table import Setup, Table

resource = pytest.importorskip("resource")  # POSIX: the memory limit of the runs

MEMORY_LIMIT = 1024 * 1024 * 1024


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "XDG_DATA_HOME": str(cwd / "data")}
    return subprocess.run([sys.executable, "-m", "slovariki", *args], cwd=cwd, env=env, input="",
                          capture_output=True, text=True, encoding="utf-8", timeout=30, preexec_fn=limit)


@pytest.fixture
def paths(tmp_path: Path) -> dict[str, str]:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as stream:
        stream.truncate(2 * MEMORY_LIMIT)  # sparse: no disk, but more than the process may hold
    return {"device": "/dev/full" if os.path.exists("/dev/full") else "/dev/zero", "fifo": str(fifo),
            "huge": str(huge)}


REASONS = {"device": "это не файл, а устройство", "fifo": "это не файл, а канал FIFO",
           "huge": "файл больше"}
COMMANDS = {
    "referee log": lambda p, tmp: ["referee", "log", "--session", p],
    "referee resume": lambda p, tmp: ["referee", "resume", "--session", p],
    "referee play": lambda p, tmp: ["referee", "play", "--players", "Аня,Боря", "--trump", "Тч", "--rules",
                               "podkidnoy", "--session", p],
    "referee replay": lambda p, tmp: ["referee", "replay", p],
    "bitva-par score": lambda p, tmp: ["bitva-par", "score", p],
    "bitva-par play --record": lambda p, tmp: ["bitva-par", "play", "--record", p],
    "import": lambda p, tmp: ["import", _link(tmp / "слова.csv", p), "--out", str(tmp / "bank")],
    "export": lambda p, tmp: ["export", str(tmp / "слова.csv"), "--words",
                              str(Path(_link(tmp / "bank" / "grade1.yaml", p)).parent)],
}


def _link(link: Path, target: str) -> str:
    """``target`` under a name a command takes (a spreadsheet's suffix, a grade file's name)."""
    link.parent.mkdir(exist_ok=True)
    link.symlink_to(target)
    return str(link)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("what", list(REASONS))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_file_that_is_no_regular_file_or_too_big_is_refused(command, what, paths, tmp_path):
    done = run(*COMMANDS[command](paths[what], tmp_path), cwd=tmp_path)
    assert done.returncode in (1, 2), done.stderr
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert REASONS[what] in done.stderr, done.stderr


# --- inputs bounded by what they expand to (issue 24 §1) --------------------------------------------------
# Hypothesis builds the families of hostile input the audit found, for each reader: word files (check,
# words, build-deck, the studio's uploads: wordlist.load_text), export's word tables (wordtable), «Битва
# пар» records, a referee session naming a word folder, spreadsheets. Each reader must answer with its
# own error, never a traceback, and refuse what expands past its limit.

WORD_LIMIT = wordlist.MAX_FILE_BYTES
ENTRY = "- word: к[о]р+ова\n  stars: 1\n  definition: {definition}\n"


@st.composite
def alias_bombs(draw) -> str:
    """A word file whose aliases of plain values (or of lists of them, nested) stand for more than a
    word file may hold, though the file itself is a few KB: the alias sits where a word file has text."""
    length = draw(st.integers(1_000, 60_000))
    depth = draw(st.integers(0, 3))  # lists of aliases of lists of aliases …
    width = draw(st.integers(2, 6))
    lines = [f"x0: &a0 {'а' * length}"]
    for level in range(1, depth + 1):
        lines.append(f"x{level}: &a{level} [{', '.join([f'*a{level - 1}'] * width)}]")
    expanded = length * width ** depth
    count = WORD_LIMIT // expanded + draw(st.integers(1, 3))
    where = draw(st.sampled_from(["definition", "note", "word"]))
    entry = ENTRY if where != "note" else ENTRY + "  note: {note}\n"
    value = f"*a{depth}"
    lines += ["grade: 1", "words:"]
    lines += [entry.format(definition=value if where == "definition" else "Животное.", note=value).replace(
        "к[о]р+ова", value if where == "word" else "к[о]р+ова").rstrip("\n") for _ in range(count)]
    return "\n".join(lines) + "\n"


def odd_values() -> st.SearchStrategy[str]:
    """The values every other command reports and export once choked on."""
    return st.sampled_from(["9" * 10_000, "-" + "9" * 5_000, "!!python/name:os.system", "!!python/object:os.system",
                            "!!timestamp 2020-13-45", "!!timestamp 2021-02-31", "!!binary 'не base64'",
                            "!!int 12x", "!!float abc", "[" * 3_000 + "]" * 3_000, "!!set {a, b}"])


@given(alias_bombs())
def test_a_word_file_expanding_past_its_limit_is_one_error_at_the_alias(text):
    word_file = wordlist.load_text(text, "g.yaml")
    assert [d.code for d in word_file.diagnostics] == ["yaml-alias"]
    problem = word_file.diagnostics[0]
    assert "разворачиваются в текст больше 1 МБ" in problem.message
    assert text.splitlines()[problem.line - 1].count("*a")  # the line names the alias that crossed it
    with pytest.raises(wordtable.TableError, match=rf"g.yaml:{problem.line}: ссылки YAML"):
        wordtable.from_yaml(text, "g.yaml")  # export


@given(text=alias_bombs())
def test_a_record_expanding_past_its_limit_is_refused(text, tmp_path_factory):
    path = tmp_path_factory.mktemp("record") / "game.yaml"
    players = "players: [Аня, Боря]\nmoves:\n"
    path.write_text(text.replace("grade: 1\nwords:\n", players).replace("- word:", "- Аня:"), encoding="utf-8")
    with pytest.raises(RecordError, match="разворачиваются в текст больше 1 МБ"):
        load_record(path)


@given(value=odd_values(), key=st.sampled_from(["word", "stars", "definition", "picture", "note"]))
def test_odd_values_are_errors_in_every_reader_never_tracebacks(value, key, tmp_path_factory):
    fields = {"word": "к[о]р+ова", "stars": "1", "definition": "Животное.", "picture": None, "note": None, key: value}
    lines = ["grade: 1", "words:"]
    for number, (name, shown) in enumerate((name, shown) for name, shown in fields.items() if shown is not None):
        lines.append(f"{'  ' if number else '- '}{name}: {shown}")
    text = "\n".join(lines) + "\n"
    word_file = wordlist.load_text(text, "g.yaml")  # check, words, build-deck, the studio
    assert any(problem.is_error for problem in word_file.diagnostics)
    try:
        wordtable.from_yaml(text, "g.yaml")  # export: a table, or a TableError naming the line
    except wordtable.TableError as exc:
        assert str(exc).startswith("g.yaml")
    folder = tmp_path_factory.mktemp("record")
    record = folder / "game.yaml"
    record.write_text(f"players: [Аня, Боря]\nmoves:\n- Аня: {value}\n", encoding="utf-8")
    try:
        load_record(record)  # «Битва пар» score and play --record
    except RecordError as exc:
        assert all(problem.startswith(str(record)) for problem in exc.problems)


@pytest.mark.parametrize("value", ["9" * 10_000, "!!python/name:os.system", "!!timestamp 2020-02-31"])
def test_export_on_values_check_reports_is_an_error_naming_the_line(value, tmp_path):
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "grade1.yaml").write_text(f"grade: 1\nwords:\n- word: к[о]р+ова\n  stars: 1\n  definition: {value}\n",
                                      encoding="utf-8")
    result = CliRunner().invoke(main, ["export", str(tmp_path / "слова.csv"), "--words", str(bank)])
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    assert f"grade1.yaml:5: значение не читается" in result.output
    assert not (tmp_path / "слова.csv").exists()


@pytest.mark.parametrize("text", ["players: [Аня, Боря]\nmoves:\n- " + "[" * 5_000 + "]" * 5_000 + "\n",
                                  "players: [Аня, Боря]\nmoves:\n- " + "- " * 3_000 + "x\n",
                                  f"players: [Аня, Боря]\nmoves:\n- Аня: {'9' * 10_000}\n"])
@pytest.mark.parametrize("command", [["bitva-par", "score"], ["bitva-par", "play", "--record"]])
def test_a_hostile_bitva_record_is_a_russian_error(text, command, tmp_path):
    record = tmp_path / "game.yaml"
    record.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, [*command, str(record)], input="")
    assert result.exit_code in (1, 2) and isinstance(result.exception, SystemExit), result.output
    assert str(record) in result.output


def _session_naming(tmp_path, words: str) -> Path:
    path = tmp_path / "game.json"
    session.save(Table.start(Setup(("Аня", "Боря"), "лопата", "Аня")), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["setup"]["words"] = words
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["resume", "log"])
def test_a_session_naming_an_alias_bomb_or_a_nul_path_is_refused(command, tmp_path):
    bomb = tmp_path / "bomb"
    bomb.mkdir()
    (bomb / "grade1.yaml").write_text("x: &a " + "а" * 100_000 + "\ngrade: 1\nwords:\n" +
                                      ENTRY.format(definition="*a") * 20, encoding="utf-8")
    for words, reason in ((str(bomb), "разворачиваются в текст больше 1 МБ"),
                          ("a\0b", "в имени файла нулевой символ")):
        path = _session_naming(tmp_path, words)
        result = CliRunner().invoke(main, ["referee", command, "--session", str(path)], input="")
        assert isinstance(result.exception, SystemExit) and result.exit_code == 1, result.output
        assert reason in result.output


def test_the_json_lines_new_with_a_nul_path_is_a_bad_setup(tmp_path):
    line = json.dumps({"cmd": "new", "players": ["Аня", "Боря"], "trump": "лопата", "first": "Аня",
                       "words": "a\0b"})
    result = CliRunner().invoke(main, ["referee", "--jsonl"], input=line + "\n")
    answer = json.loads(result.output.splitlines()[0])
    assert answer["code"] == "bad-setup" and "нулевой символ" in answer["message"]


# --- ODS: read bounded by rows × columns -----------------------------------------------------------------
_ODS_HEAD = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
             'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
             'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
             'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
             '<table:table table:name="1 класс">')
_ODS_TITLES = "".join(f'<table:table-cell office:value-type="string"><text:p>{title}</text:p></table:table-cell>'
                      for title in ("Слово", "Звёздочки", "Толкование"))


_ODS_MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                 'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                 '<manifest:file-entry manifest:full-path="/" '
                 'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                 '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                 '</manifest:manifest>')


def ods(path: Path, rows: str) -> Path:
    """An ODS file odfpy reads, of a «1 класс» sheet: the header row, then ``rows``."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml", _ODS_MANIFEST)
        archive.writestr("content.xml", f"{_ODS_HEAD}<table:table-row>{_ODS_TITLES}</table:table-row>{rows}"
                                        "</table:table></office:spreadsheet></office:body></office:document-content>")
    return path


_NOT_COUNTS = st.one_of(st.text("abcxyz .,-+eE٣", min_size=1, max_size=6),
                        st.sampled_from(["999999999", "0", "-1", "1e9", "٣", "1.5", " 2"]))
_NOT_NUMBERS = st.one_of(st.text("abcxyz ,_-", min_size=1, max_size=6).filter(lambda value: not _is_float(value)),
                         st.sampled_from(["1,5", "один", "0x10", "1e"]))


@given(st.one_of(st.tuples(st.sampled_from(["table:number-rows-repeated", "table:number-columns-repeated",
                                            "table:number-rows-spanned", "table:number-columns-spanned"]),
                           _NOT_COUNTS),
                 st.tuples(st.just("office:value"), _NOT_NUMBERS)))
def test_an_ods_count_or_number_that_is_none_is_a_broken_file(tmp_path_factory, case):
    attribute, value = case
    cell = '<table:table-cell office:value-type="{kind}" {extra}><text:p>1</text:p></table:table-cell>'
    on_row = attribute == "table:number-rows-repeated"
    extra = "" if on_row else f'{attribute}="{value}"'
    rows = (f'<table:table-row{f" {attribute}={value!r}" if on_row else ""}>'.replace("'", '"')
            + cell.format(kind="float" if attribute == "office:value" else "string", extra=extra) + "</table:table-row>")
    path = ods(tmp_path_factory.mktemp("ods") / "слова.ods", rows)
    with pytest.raises(spreadsheet_reader.SpreadsheetError, match="файл повреждён: в его XML"):
        spreadsheet_reader.read(path)


def test_the_ods_of_these_tests_is_read(tmp_path):
    path = ods(tmp_path / "слова.ods",
               '<table:table-row><table:table-cell office:value-type="string"><text:p>к[о]р+ова</text:p>'
               '</table:table-cell><table:table-cell office:value-type="float" office:value="1"><text:p>1</text:p>'
               '</table:table-cell><table:table-cell office:value-type="string"><text:p>Животное.</text:p>'
               '</table:table-cell></table:table-row>')
    book = spreadsheet_reader.read(path)
    assert not book.diagnostics and [row.values for row in book.tables[0].table.rows] == [
        {"word": "к[о]р+ова", "stars": 1, "definition": "Животное."}]


def _is_float(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True


def test_an_ods_of_millions_of_cells_is_refused_before_its_tree_is_built(tmp_path):
    path = ods(tmp_path / "слова.ods", "<table:table-row>" + "<table:table-cell/>" * 2_000_000 + "</table:table-row>")
    assert path.stat().st_size < 200_000
    tracemalloc.start()
    with pytest.raises(spreadsheet_reader.SpreadsheetError, match="таблица слишком большая для списка слов"):
        spreadsheet_reader.read(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 200 * 1024 * 1024  # the file unpacks to 38 MB of XML; odfpy's tree of it took gigabytes
