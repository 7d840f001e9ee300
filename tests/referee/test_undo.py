"""Undo on the referee's table: exactly the game replayed from the deal without the moves taken back,
at the cost of the moves of one bout, not of the whole game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from referee.games import RULES, play

from slovariki.game import GameState
from slovariki.game.moves import move_from_json
from slovariki.referee.table import Setup, Table, bout_numbers


def _table(played) -> tuple[Table, list]:
    """The referee's table of a simulated game (hands unseen) and every move it hears, in order."""
    command = played.new_command
    table = Table.start(Setup(tuple(command["players"]), command["trump"], command["first"], command["rules"]))
    moves = [(table.seat(c["player"]), move_from_json(c, table.card)) for c in played.commands()]
    return table, moves


def _replayed(table: Table, moves: list) -> Table:
    """A fresh table that has heard ``moves``: what the table after an undo must be."""
    fresh = Table.start(table.setup)
    for seat, move in moves:
        fresh.play(seat, move)
    return fresh


@settings(max_examples=10, deadline=None)
@given(rules=st.sampled_from(RULES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_undo_is_the_game_replayed_from_the_deal_without_the_moves_taken_back(rules, players, seed):
    rng = random.Random(seed)
    table, moves = _table(play(rules, players, seed))
    stops = set(rng.sample(range(1, len(moves)), min(6, len(moves) - 1)))
    played = 0
    while played < len(moves):
        if played in stops:  # take back one to a dozen moves, across bouts too, then play them again
            stops.discard(played)
            for _ in range(min(played, rng.randint(1, 12))):
                table.undo()
                played -= 1
            fresh = _replayed(table, moves[:played])
            assert table.state == fresh.state
            assert [(r.player, r.move, r.events) for r in table.state.log] == \
                   [(r.player, r.move, r.events) for r in fresh.state.log]
            assert (table.bout, table.with_previous) == (fresh.bout, fresh.with_previous)
            if played:
                assert table.last_bout == bout_numbers(table.state.log)[-1]
        table.play(*moves[played])
        played += 1
    assert table.finished()


def test_an_undo_replays_only_the_moves_of_its_bout(monkeypatch):
    """Late in a long game, an undo costs the moves since its bout started, not the whole game's."""
    table, moves = _table(play("slovariki", 4, 7))
    for seat, move in moves[:-1]:
        table.play(seat, move)
    bouts = bout_numbers(table.state.log)
    since_bout = bouts.count(bouts[-1])  # the moves of the last bout, the last move among them
    assert len(bouts) > 200 and 1 < since_bout < 30
    applied = []
    real = GameState.apply
    monkeypatch.setattr(GameState, "apply", lambda state, *args: applied.append(args) or real(state, *args))
    table.undo()
    assert len(applied) == since_bout - 1
