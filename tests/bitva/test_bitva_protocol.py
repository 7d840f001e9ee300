"""The --jsonl protocol: one answer per line, codes for every refusal, and a live, flushed process."""

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slovariki.bitva.protocol import Session


def ask(session: Session, **request) -> dict:
    return session.answer(json.dumps(request, ensure_ascii=False))


@pytest.fixture
def session() -> Session:
    s = Session()
    assert ask(s, cmd="new", players=["Аня", "Боря"])["ok"]
    return s


def test_a_game_through_the_protocol(session):
    answer = ask(session, cmd="meld", player="Аня", cards=["7ч", "7♠"])
    assert answer == {"ok": True, "events": [{"type": "draw", "player": "Аня", "cards": 2}],
                      "state": session.game.as_json()}
    state = answer["state"]
    assert state["melds"]["Аня"] == [["7♥", "7♠"]] and state["hands"] == {"Аня": 9, "Боря": 9}
    assert state["reserves"] == {"Аня": 15, "Боря": 17} and state["on_table"] == 2
    answer = ask(session, cmd="penalty", player="Боря", reason="начал раньше")
    assert answer["events"] == [{"type": "penalty", "player": "Боря", "points": -10, "reason": "начал раньше"}]
    assert answer["state"]["scores"]["Боря"] == {"cards": 0, "fours": 0, "out": 0, "penalties": -10, "total": -10}
    assert ask(session, cmd="undo")["state"]["scores"]["Боря"]["total"] == 0
    assert ask(session, cmd="meld", player="Аня", cards=["8ч", "8п"], draw=0)["events"] == []
    assert ask(session, cmd="draw", player="Аня", count=2)["events"] == [{"type": "draw", "player": "Аня", "cards": 2}]
    answer = ask(session, cmd="finish")
    assert answer["events"] == [{"type": "winner", "player": "Аня"}, {"type": "game-over"}]  # by points
    assert answer["state"]["over"] is True and answer["state"]["winners"] == ["Аня"]
    assert ask(session, cmd="state")["ok"]


@pytest.mark.parametrize("request_, code", [
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", "8ч"]}, "not-a-meld"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч"]}, "single-not-allowed"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", "7п", "7б", "7к"]}, "one-meld-at-a-time"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", "7ч"]}, "card-not-available"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", "7у"]}, "unknown-card"),
    ({"cmd": "meld", "player": "Гена", "cards": ["7ч", "7п"]}, "unknown-player"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", "7п"], "draw": 3}, "hand-limit"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", "7п"], "draw": 30}, "reserve-too-small"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", "7п"], "draw": -1}, "bad-command"),
    ({"cmd": "meld", "player": "Аня", "cards": "7ч 7п"}, "bad-command"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", 7]}, "bad-command"),
    ({"cmd": "meld", "cards": ["7ч", "7п"]}, "bad-command"),
    ({"cmd": "meld", "player": "Аня", "cards": ["7ч", "7п"], "draw": True}, "bad-command"),
    ({"cmd": "draw", "player": "Аня", "count": 0}, "bad-command"),
    ({"cmd": "draw", "player": "Аня", "count": 1}, "hand-limit"),
    ({"cmd": "penalty", "player": "Аня", "reason": 5}, "bad-command"),
    ({"cmd": "fold"}, "bad-command"),
    ({"players": ["Аня"]}, "bad-command"),
    ({"cmd": "undo"}, "nothing-to-undo"),
    ({"cmd": "new", "players": ["Аня"]}, "bad-setup"),
    ({"cmd": "new", "players": "Аня Боря"}, "bad-command"),
])
def test_refusals(session, request_, code):
    before = session.state()
    answer = session.answer(json.dumps(request_, ensure_ascii=False))
    assert answer["ok"] is False and answer["code"] == code, answer
    assert answer["message"] and answer["state"] == before


@pytest.mark.parametrize("line", ["не json", "[1, 2]", "", "{\"cmd\": 5}"])
def test_malformed_lines(session, line):
    answer = session.answer(line)
    assert (answer["ok"], answer["code"]) == (False, "bad-command")


def test_before_a_game():
    answer = Session().answer('{"cmd": "state"}')
    assert (answer["code"], answer["state"]) == ("no-game", None)


def test_the_process_answers_each_line_at_once():
    """Send a line, read its answer, then send the next: only a flushed answer lets this finish."""
    process = subprocess.Popen([sys.executable, "-m", "slovariki", "bitva-par", "play", "--jsonl"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    try:
        answers = []
        for line in ['{"cmd": "new", "players": ["Аня", "Боря"]}', "{oops",
                     '{"cmd": "meld", "player": "Аня", "cards": ["Тч", "Тп"]}']:
            process.stdin.write(line + "\n")
            process.stdin.flush()
            answers.append(json.loads(process.stdout.readline()))
        assert [a["ok"] for a in answers] == [True, False, True]
        assert answers[2]["state"]["scores"]["Аня"]["total"] == 30
    finally:
        process.stdin.close()
        assert process.wait(timeout=10) == 0


def test_long_names_and_reasons_are_refused_and_no_answer_grows_with_them():
    fresh = Session()
    answer = ask(fresh, cmd="new", players=["Я" * 1_000_000, "Боря"])
    assert answer["code"] == "bad-setup" and "длиннее 40 знаков" in answer["message"]
    assert len(json.dumps(answer, ensure_ascii=False)) < 2000
    assert ask(fresh, cmd="new", players=["Аня", "Боря"])["ok"]
    answer = ask(fresh, cmd="penalty", player="Боря", reason="долго думал " * 10_000)
    assert answer["code"] == "bad-command" and "длиннее 200 знаков" in answer["message"]
    assert len(json.dumps(answer, ensure_ascii=False)) < 4000
    answer = ask(fresh, cmd="meld", player="Я" * 1_000_000, cards=["7ч", "7п"])
    assert not answer["ok"] and len(json.dumps(answer, ensure_ascii=False)) < 4000


_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12)
    | st.sampled_from(["Аня", "Боря", "7ч", "7♠", "Т♦", "\u2028", "\x1b[2J"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
_requests = st.fixed_dictionaries(
    {"cmd": st.sampled_from(["new", "meld", "draw", "penalty", "finish", "undo", "state", "", None])},
    optional={key: _values for key in ("players", "player", "cards", "draw", "count", "reason")})


@given(st.lists(_requests, max_size=6))
def test_random_commands_are_each_answered_on_one_line_without_an_internal_error(requests):
    from slovariki.files.jsonl import encoded

    session = Session()
    ask(session, cmd="new", players=["Аня", "Боря"])
    for request in requests:
        answer = session.answer(json.dumps(request, ensure_ascii=False))
        assert isinstance(answer["ok"], bool) and "внутренняя ошибка" not in answer.get("message", "")
        assert len(encoded(answer).decode("utf-8").splitlines()) == 1
