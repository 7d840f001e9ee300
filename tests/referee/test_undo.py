"""Undo on the referee's table: exactly the game replayed from the deal without the moves taken back,
at the cost of the moves of one bout, not of the whole game; «все пас» as one step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referee.games import RULES, play

from slovariki.game import Attack, Beat, GameState, Pass
from slovariki.game.moves import move_from_json
from slovariki.referee.table import Rejected, Setup, Table, bout_numbers


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


def test_all_pass_is_one_step_taken_back_whole_and_all_or_nothing(monkeypatch):
    """«все пас» (Table.pass_all, the REPL's and the web screen's): the passes to the bout's end as
    one step; one undo_step takes them back; a pass refused midway takes back those before it."""
    table = Table.start(Setup(("Аня", "Боря", "Вика"), "Тч", "Аня", "podkidnoy"))
    table.play(0, Attack(table.card("6п")))
    with pytest.raises(Rejected, match="«Все бито» — это когда все карты побиты"):
        table.pass_all()
    table.play(1, Beat(table.card("7п")))
    before, flags = table.state.copy(), list(table.with_previous)
    records = table.pass_all()
    assert [(r.player, type(r.move)) for r in records] == [(0, Pass), (2, Pass)]  # Вика after Аня (D3)
    assert table.with_previous[-2:] == [False, True] and table.bout == 2
    assert table.undo_step() == records and table.state == before and table.bout == 1

    real, played = Table.play, []

    def refused_the_second_time(self, seat, move, with_previous=False):
        if played:
            raise Rejected("not-your-turn", "не сейчас")
        played.append(seat)
        return real(self, seat, move, with_previous)

    monkeypatch.setattr(Table, "play", refused_the_second_time)
    with pytest.raises(Rejected, match="не сейчас"):
        table.pass_all()
    assert played == [0] and table.state == before and table.with_previous == flags
