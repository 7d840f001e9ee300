"""Simulated games (full information, random seeds, 2–6 players, all rulesets) replayed through the
protocol: every move accepted with the engine's events and winner; random moves injected between
them are judged as the full-information engine judges them, and a refused one changes nothing."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from referee.conftest import Client
from referee.games import RULES, play

from slovariki.game import Attack, Beat, Pass, Take, TossIn, Transfer
from slovariki.referee.protocol import EVENT_TYPES

# What the referee cannot know: which unseen card is in which hand.
HIDDEN = "card-not-available"


def random_move(state, rng: random.Random):
    cards = state.game.cards
    on_table = [c for pair in state.table for c in pair if c is not None]
    pool = on_table + list(state.discard) if on_table or state.discard_count else list(cards)
    card = rng.choice(pool if rng.random() < 0.3 else cards)
    kind = rng.choice((Attack, Beat, Transfer, TossIn, Pass, Take, TossIn, Beat))
    if kind is Beat:
        target = rng.choice([a for a, _ in state.table]) if state.table and rng.random() < 0.5 else None
        return Beat(card, target)
    return kind() if kind in (Pass, Take) else kind(card)


def inject(client: Client, full, state_before: dict, rng: random.Random) -> None:
    seat = rng.randrange(full.players)
    move = rng.choice(full.legal_moves(seat) or [None]) if rng.random() < 0.2 else None
    move = move or random_move(full, rng)
    command = {"player": full.names[seat], **move.as_json()}
    expected = full.check(seat, move)
    # The referee cannot know which unseen card is in which hand, and so whether a player holds
    # anything to add (R9, D3): the full-information engine passes such a player by, the referee
    # still asks them. Otherwise it judges as the full-information engine does.
    unknowable = expected is not None and (
        expected.code == HIDDEN or (type(move) in (Pass, TossIn) and not full.may_add(seat)))
    answer = client.send(command)
    if answer["ok"]:
        assert expected is None or unknowable, (command, expected)
        assert client.send({"cmd": "undo"})["state"] == state_before
        return
    assert expected is not None, (command, answer)
    assert unknowable or answer["code"] == expected.code, (command, answer, expected)
    assert answer["state"] == state_before


def same_position(state: dict, full) -> None:
    names = full.names
    assert state["hands"] == {names[p]: full.hand_count(p) for p in range(full.players)}
    assert state["stock"] == full.stock_count and state["discard"] == full.discard_count
    assert state["table"] == [{"attack": str(a), "beaten_by": None if d is None else str(d)} for a, d in full.table]
    assert state["to_move"] == (None if full.to_move is None else names[full.to_move])


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(RULES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_simulated_games_replay_through_the_protocol(rules, players, seed):
    played = play(rules, players, seed)
    full = played.start.copy()  # the same game with every hand known, kept in step
    rng = random.Random(seed)
    client = Client()
    state = client.send(played.new_command)["state"]
    names = full.names
    for record, passes in played.steps():
        for _ in range(2):
            inject(client, full, state, rng)
        events = []
        for command in ({"player": names[record.player], **record.move.as_json()}, *passes):
            answer = client.send(command)
            assert answer["ok"], (record, command, answer)
            events += answer["events"]
        assert events == [e.as_json(names) for e in record.events if e.type in EVENT_TYPES]
        full.apply(record.player, record.move)
        state = answer["state"]
        same_position(state, full)
    end = played.end
    assert state["winner"] == (None if end.winner is None else names[end.winner])
    assert state["fool"] == (None if end.fool is None else names[end.fool])
    assert state["draw"] == end.draw
    assert client.send({"cmd": "pass", "player": names[0]})["code"] == "game-over"


def test_a_whole_game_through_the_command(tmp_path):
    """The real process: one line in, one answer out, in order, to the winner."""
    import json
    import subprocess
    import sys

    played = play("slovariki", 4, 7)
    lines = [played.new_command] + played.commands()
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n"
    proc = subprocess.run([sys.executable, "-m", "slovariki", "referee", "--jsonl"], input=text.encode("utf-8"),
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert len(answers) == len(lines) and all(a["ok"] for a in answers)
    assert answers[-1]["state"]["winner"] == played.end.names[played.end.winner]
    assert answers[-1]["events"][-2:] == [{"type": "winner", "player": answers[-1]["state"]["winner"]},
                                          {"type": "game-over"}]
