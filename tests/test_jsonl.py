import io
import json

from slovariki.jsonl import serve


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
