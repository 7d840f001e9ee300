"""Issue 21 §6: every game of «Битва пар» ends, with a winner or a tie, whoever holds which cards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from slovariki.bitva.simulate import candidate_melds, main, play_out


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_every_random_game_ends_with_a_result(players, seed):
    run = play_out(players, seed)
    names = ("Аня", "Боря", "Вика", "Гена")[:players]
    assert run.winners and set(run.winners) <= set(names)  # never «Победителя нет»
    assert run.melds <= run.laid <= 52 and run.longest <= run.melds


def test_the_candidates_are_every_pair_triplet_and_single_of_a_hand():
    from slovariki.bitva.notation import parse_card
    hand = [parse_card(t) for t in "7ч 7п 7б Дк".split()]
    found = {tuple(str(c) for c in meld) for meld in candidate_melds(hand)}
    assert len(found) == 8  # the sevens: three singles, three pairs, a triplet; the queen alone
    assert ("7♥", "7♠", "7♦") in found and ("Д♣",) in found


def test_the_figures_command_prints_one_line_per_player_count(capsys):
    main(["--games", "5", "--seed", "3"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["2", "3", "4"] and all("партий 5" in line for line in lines)
