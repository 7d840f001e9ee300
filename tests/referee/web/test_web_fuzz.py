"""Nothing a browser sends breaks the server or the session: random requests against a game in
progress always get a JSON answer below 500, and the session file always holds the server's game."""

from __future__ import annotations

import json
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slovariki.referee import session

from .conftest import TOKEN

WORDS = ["корова", "ребята", "сорока", "лопата", "медведь", "Аня", "Боря", "", "жираф", "\udcff", "🙂"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.sampled_from(WORDS),
                    st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                           max_size=4), max_leaves=12)
commands = st.fixed_dictionaries({}, optional={
    "player": st.one_of(st.sampled_from(["Аня", "Боря", "аня", "Гоша"]), values),
    "cmd": st.one_of(st.sampled_from(["attack", "beat", "transfer", "toss", "pass", "take", "undo", "new"]), values),
    "card": st.one_of(st.sampled_from(WORDS), values),
    "target": st.one_of(st.sampled_from(WORDS), values),
    "players": st.one_of(st.lists(st.sampled_from(WORDS), max_size=7), values),
    "trump": st.one_of(st.sampled_from(WORDS), values),
    "first": values, "rules": st.one_of(st.sampled_from(["slovariki", "podkidnoy", "шахматы"]), values),
    "grades": st.one_of(st.lists(st.integers(0, 5), max_size=5), values), "force": values, "words": values,
})
texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)  # what a URL can carry
requests = st.one_of(
    st.tuples(st.sampled_from(["move", "new", "undo"]), commands),
    st.tuples(st.sampled_from(["move", "new"]), st.binary(max_size=200)),
    st.tuples(st.sampled_from(["hand", "find", "deck"]),
              st.dictionaries(st.sampled_from(["player", "text", "rules", "grades"]),
                              st.one_of(st.sampled_from(WORDS[:-2] + ["1,2", "slovariki", "9"]), texts), max_size=4)),
    # A query string of any bytes, percent-encoded: not UTF-8, a field twice, no value at all.
    st.tuples(st.sampled_from(["hand", "find", "deck"]), st.binary(max_size=60).map(lambda b: quote(b, safe="=&"))),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(requests, min_size=1, max_size=12))
def test_random_requests_never_break_the_game(playing, sequence):
    for api, payload in sequence:
        if isinstance(payload, str):
            response = playing.http.get(f"/{TOKEN}/api/{api}?{payload}")
        elif api in ("hand", "find", "deck"):
            response = playing.get(api, **payload)
        elif isinstance(payload, bytes):
            response = playing.post(api, content=payload)
        else:  # as JSON text: a lone surrogate travels as its escape, NaN as the token Python writes
            response = playing.post(api, content=json.dumps(payload))
        assert response.status_code < 500, response.text
        answer = response.json()
        assert answer["ok"] in (True, False)
        if not answer["ok"]:
            assert answer["message"] and answer["code"]
        saved = session.load(playing.path)
        assert saved.state == playing.host.table.state
