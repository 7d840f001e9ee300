"""Whatever people type or paste reaches the referee as text it can answer: bytes that are not
UTF-8, control characters, lone surrogates, pasted paragraphs, a word copied with its stress mark."""

from __future__ import annotations

import io
import json

from click.testing import CliRunner

from slovariki.cli import main
from slovariki.referee import words
from slovariki.referee.protocol import run
from slovariki.referee.repl import Repl
from slovariki.referee.session import default_path
from slovariki.referee.table import Setup, Table


def _repl(small_bank) -> tuple[Repl, io.StringIO]:
    out = io.StringIO()
    return Repl(Table.start(Setup(("Аня", "Боря"), "лопата", words=str(small_bank))), default_path(), out), out


def test_bad_bytes_and_control_characters_in_piped_input(small_bank):
    script = b"\xff\n\x00\n\x1b[A\n" + "Аня ".encode() + b"\xff\n" + "Аня корова\n".encode()
    result = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", "лопата",
                                       "--words", str(small_bank), "--first", "Аня"], input=script)
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Нет игрока «�»" in result.output and "Нет такой карты: «�»" in result.output
    assert "\x1b[A" not in result.output and "\x00" not in result.output
    assert "✓ Аня: заходит" in result.output


def test_a_lone_surrogate_is_answered(small_bank):
    repl, out = _repl(small_bank)
    repl.handle("Аня \udcff")
    repl.handle("\ud800 пас")
    assert "Нет такой карты: «�»" in out.getvalue() and "Нет игрока «�»" in out.getvalue()


def test_a_pasted_paragraph_is_quoted_short_and_read_once(small_bank, monkeypatch):
    repl, out = _repl(small_bank)
    calls = []
    by_form = words.CardFinder.by_form
    monkeypatch.setattr(words.CardFinder, "by_form", lambda self, text: calls.append(text) or by_form(self, text))
    repl.handle("Аня бьёт " + "слово " * 2000)
    assert len(calls) < 5  # not one look-up per way to cut the line in two
    said = out.getvalue()
    assert f"«{'слово ' * 6}сло…»" in said and len(said) < 300


def test_a_word_copied_with_its_stress_mark(small_bank):
    repl, out = _repl(small_bank)
    repl.handle("Аня коро\u0301ва")
    assert "✓ Аня: заходит" in out.getvalue()


def test_names_with_unprintable_characters_are_refused(small_bank):
    result = CliRunner().invoke(main, ["referee", "play", "--players", "\udcff,Боря", "--trump", "лопата",
                                       "--words", str(small_bank)])
    assert result.exit_code == 2 and result.exception.code == 2
    assert "в имени «�» есть непечатаемые знаки" in result.output
    assert "непечатаемые" in CliRunner().invoke(
        main, ["referee", "play", "--players", "Аня\tБоря,Вика", "--trump", "лопата"]).output
    result = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", "\udcff",
                                       "--words", str(small_bank)])
    assert result.exit_code == 2 and "козырь: карты" in result.output


def test_the_protocol_quotes_a_lone_surrogate_back_as_json(small_bank):
    out = io.BytesIO()
    new = json.dumps({"cmd": "new", "players": ["Аня", "Боря"], "trump": "\ud800", "words": str(small_bank)})
    run([new.encode()], out)
    answer = json.loads(out.getvalue())
    assert answer["code"] == "bad-setup" and "\ud800" in answer["message"]


def test_a_move_typed_as_a_sentence(small_bank):
    repl, out = _repl(small_bank)
    for line in ["Аня: корова.", "Боря, бьёт собакой!", "да.", "Аня — пас", "?"]:
        repl.handle(line)
    said = out.getvalue()
    assert "✓ Аня: заходит с карты «корова»." in said and "✓ Боря: бьёт карту «корова» картой «собака»." in said
    assert "✓ Аня: пас." in said and "Как записывать ходы" in said
    assert [r.move.cmd for r in repl.table.state.log] == ["attack", "beat", "pass"]
