import io
import json

from slovariki.files.jsonl import encoded, serve

from streams import Endless


class Echo:
    """A session that answers every line, and fails on the line «boom» like a bug would."""

    def answer(self, line: str) -> dict:
        if line.strip() == "boom":
            raise KeyError("oops")
        return {"ok": True, "events": [], "state": {"line": line.strip()}}

    def state(self) -> dict:
        return {"line": None}


def answers(lines: list[bytes]) -> list[dict]:
    out = io.BytesIO()
    serve(lines, out, Echo())
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_every_line_gets_one_answer_even_after_a_bad_byte_or_a_bug(capsys):
    got = answers([b"one\n", b"\xff\xfe\n", b"boom\n", b"two\n"])
    assert [a["ok"] for a in got] == [True, False, False, True]
    assert got[1]["code"] == "bad-command" and "UTF-8" in got[1]["message"]
    assert got[2]["code"] == "bad-command" and "внутренняя ошибка" in got[2]["message"]
    assert got[3]["state"] == {"line": "two"}
    assert "KeyError" in capsys.readouterr().err  # the bug is reported for us, not hidden


def test_a_reader_that_has_gone_ends_the_loop_quietly():
    class Gone(io.BytesIO):
        def write(self, data):
            raise BrokenPipeError

    serve([b"one\n", b"two\n"], Gone(), Echo())  # returns instead of raising


def test_a_line_too_long_is_refused_without_being_held_and_the_next_is_answered():
    import tracemalloc

    stream = io.BufferedReader(Endless(200 * 1024 * 1024, b"\ntwo\n"))
    out = io.BytesIO()
    tracemalloc.start()
    serve(stream, out, Echo())
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    first, second = [json.loads(line) for line in out.getvalue().splitlines()]
    assert first["code"] == "bad-command" and first["message"] == "строка длиннее 64 КБ: это не команда"
    assert second["state"] == {"line": "two"}
    assert peak < 4 * 1024 * 1024


def test_an_answer_is_one_line_for_a_client_that_splits_on_any_line_separator():
    line = encoded({"ok": False, "message": "карты «а\u2028б\u2029в\x85г\x1c\x0bд» нет", "state": None})
    assert len(line.decode("utf-8").splitlines()) == 1
    assert json.loads(line)["message"] == "карты «а\u2028б\u2029в\x85г\x1c\x0bд» нет"
