"""Invariants over many random games: cards are conserved, every game ends, a refused move changes
nothing, ``legal_moves`` agrees with ``check`` on every move tried, the simulator's unchecked path
(``step``) agrees with the checked one (``legal_moves``, ``apply``) on every move,
nobody who is out is ever asked to move, and in classic durak every player who goes out is announced."""

from __future__ import annotations

import random
import re

from game_helpers import generated_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slovariki.game import Attack, Beat, Game, IllegalMove, Out, Pass, Take, TossIn, Transfer, Winner, kinds

MOVE_BOUND = 20_000
SECOND_PERSON = re.compile(r"\b(вы|вас|вам|ваш\w*)\b|у игрока", re.IGNORECASE)
_GAMES: dict[tuple, Game] = {}


def game_for(rules: str, deck_seed: int, size: int) -> Game:
    key = (rules, deck_seed, size) if rules == "slovariki" else (rules,)
    if key not in _GAMES:
        _GAMES[key] = Game(rules, generated_deck(size, deck_seed) if rules == "slovariki" else None)
    return _GAMES[key]


@st.composite
def games(draw, hidden=st.just(False)):
    rules = draw(st.sampled_from(["slovariki", "slovariki", "podkidnoy", "perevodnoy"]))
    if rules == "slovariki":
        players = draw(st.integers(2, 6))
        size = draw(st.integers(6 * players + 1, 6 * players + 30))
        game = game_for(rules, draw(st.integers(0, 3)), size)
    else:
        players = draw(st.integers(2, 6))  # six share the whole deck
        game = game_for(rules, 0, 36)
    seed = draw(st.integers(0, 2**32 - 1))
    if draw(hidden):
        rng = random.Random(seed)
        holder = rng.choice([None, rng.randrange(players)])
        return game.table_play(players, rng.choice(game.cards), first=rng.randrange(players),
                               trump_holder=holder), seed
    return game.deal(players, seed=seed), seed


def assert_conserved(state) -> None:
    cards = state.game.cards
    held = [c for p in range(state.players) for c in state.known_cards(p)]
    table = [c for pair in state.table for c in pair if c is not None]
    places = held + [c for c in state.stock if c is not None] + table + list(state.discard)
    assert len(places) == len(set(places))  # no card twice
    if state.hidden_hands:
        assert set(places) <= set(cards)
        total = sum(state.hand_count(p) for p in range(state.players)) + state.stock_count + len(table)
        assert total + state.discard_count == len(cards)
    else:
        assert len(places) == len(cards) and set(places) == set(cards)
        assert all(state.hand_count(p) == len(state.known_cards(p)) for p in range(state.players))


def universe(state) -> list:
    cards = state.game.cards
    targets = [a for a, _ in state.table] + [None]
    moves = [kind(c) for c in cards for kind in (Attack, Transfer, TossIn)]
    moves += [Beat(c, t) for c in cards for t in targets]
    return moves + [Pass(), Take()]


def assert_fast_path_agrees(state, player, legal) -> None:
    """For ``to_move``, the simulator's ``step`` choosing move ``i`` leads where
    ``apply(player, legal_moves(player)[i])`` does, and the table it shows the bot is that of the
    legal moves; ``legal_table`` summarises the legal moves of every player."""
    cards = 0
    for move in legal:
        cards |= 0 if isinstance(move, (Pass, Take)) else 1 << state.game.index(move.card)
    assert state.legal_table(player)[:2] == (len(legal), cards)
    if player != state.to_move:
        return
    tosses = sum(1 << state.game.index(m.card) for m in legal if isinstance(m, TossIn))
    for i, move in enumerate(legal):
        checked, stepped = state.copy(), state.copy()
        checked.apply(player, move)
        kind, table = stepped.step(lambda count: i if count == len(legal) else None)
        assert kind is move.cmd and table == state.legal_table(player) and table[5] == tosses
        assert bool(tosses) == (kind in (kinds.TOSS_IN, kinds.PASS))  # the simulator counts toss-in chances so
        assert stepped.position() == checked.position() and stepped.log == state.log


def play(state, seed, every_step=lambda state: None) -> int:
    rng = random.Random(seed)
    moves = 0
    while not state.is_over():
        every_step(state)
        player = state.to_move
        legal = state.legal_moves(player)
        assert legal, "the player to move always has a move"
        state.apply(player, rng.choice(legal))
        moves += 1
        assert moves < MOVE_BOUND, "a game that does not end"
    return moves


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_every_game_ends_with_every_card_in_one_place(start):
    state, seed = start
    play(state, seed, lambda state: (assert_conserved(state), assert_nobody_out_is_asked(state)))
    assert_conserved(state)
    outcome = state.outcome()
    assert state.to_move is None and outcome is not None
    if state.rules.first_out_wins:
        assert state.hand_count(outcome.winner) == 0 and state.stock_count == 0
    else:
        assert outcome.draw or sum(bool(state.hand_count(p)) for p in range(state.players)) == 1
        assert_every_player_out_announced(state)


def assert_nobody_out_is_asked(state) -> None:
    """Whoever must move, and the defender, still hold cards or may draw them; so does everyone in
    the refill and toss orders."""
    assert state.is_active(state.to_move) and state.is_active(state.defender)
    assert all(state.is_active(p) for p in state.refill_order)


def assert_every_player_out_announced(state) -> None:
    """D6: each player who went out was announced once (the first as the winner), then the fool;
    after a draw the last players out together are not announced one by one."""
    announced = [e.player for r in state.log for e in r.events if type(e) in (Winner, Out)]
    assert len(announced) == len(set(announced)) and announced[:1] == [state.winner][:len(announced)]
    if state.draw:
        assert len(announced) <= state.players - 2
    else:
        assert sorted(announced + [state.fool]) == list(range(state.players))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(hidden=st.booleans()), st.integers(3, 12))
def test_legal_moves_agree_with_check_and_refused_moves_change_nothing(start, every):
    state, seed = start
    rng = random.Random(seed)
    steps = [0]

    def compare(state):
        steps[0] += 1
        if steps[0] % every:
            return
        moves = universe(state)
        for player in range(state.players):
            legal = state.legal_moves(player)
            assert len(legal) == len(set(legal))
            verdicts = {m: state.check(player, m) for m in moves}
            accepted = {m for m, illegal in verdicts.items() if illegal is None}
            for illegal in filter(None, verdicts.values()):  # the REPL says «Аня не может …: <reason>»
                assert not SECOND_PERSON.search(illegal.message), illegal
            resolved = {m for m in accepted if not (isinstance(m, Beat) and m.target is None)}
            assert set(legal) == resolved, player
            assert_fast_path_agrees(state, player, legal)
        before = state.copy()
        for move in rng.sample(moves, 8):
            player = rng.randrange(state.players)
            illegal = state.check(player, move)
            if illegal is None:
                continue
            try:
                state.apply(player, move)
            except IllegalMove as raised:
                assert raised == illegal
            else:
                raise AssertionError(f"apply accepted a move that check refused: {move}")
            assert state == before

    play(state, seed, compare)


@settings(max_examples=60, deadline=None)
@given(games(hidden=st.booleans()))
def test_copies_are_independent_and_replay_to_the_same_state(start):
    state, seed = start
    original = state.copy()
    play(state, seed)
    assert original != state and original.log == []
    replayed = original
    for record in state.log:
        assert replayed.apply(record.player, record.move) == record.events
    assert replayed == state
