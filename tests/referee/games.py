"""Simulated games for the referee's tests: a full-information deal played out with random legal moves."""

from __future__ import annotations

import random
from dataclasses import dataclass

from slovariki.game import Game, GameState, Pass, Record, Take
from slovariki.bank.wordlist import load_bank

NAMES = ("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор")
RULES = ("slovariki", "podkidnoy", "perevodnoy")
_GAMES: dict[str, Game] = {}


def game(rules: str) -> Game:
    if rules not in _GAMES:
        _GAMES[rules] = Game(rules, load_bank(None).deck.cards if rules == "slovariki" else None)
    return _GAMES[rules]


@dataclass
class Played:
    rules: str
    start: GameState  # right after the deal
    end: GameState  # after the last move

    @property
    def new_command(self) -> dict:
        state = self.start
        return {"cmd": "new", "players": list(state.names), "trump": str(state.trump),
                "first": state.names[state.attacker], "rules": self.rules}

    def steps(self) -> list[tuple[Record, list[dict]]]:
        """Each recorded move with the «пас» commands the referee needs after it. The referee cannot
        see hands, so it still asks players whom the full-information engine passed by for having
        nothing to add (rules 9, D3); each of them passes, and the move's events come with the last
        of these commands (the bout ends there at the referee's table)."""
        full, seen = self.start.copy(), self.start.game.table_play(
            self.start.players, self.start.trump, self.start.attacker, self.start.names)
        steps = []
        for record in self.end.log:
            full.apply(record.player, record.move)
            seen.apply(record.player, record.move)
            passes = []
            while not seen.is_over() and (seen.phase, seen.to_move) != (full.phase, full.to_move):
                passes.append({"player": full.names[seen.to_move], "cmd": "pass"})
                seen.apply(seen.to_move, Pass())
            assert seen.is_over() == full.is_over()
            steps.append((record, passes))
        return steps

    def commands(self) -> list[dict]:
        """Every command the referee hears, in order: the moves and the «пас» of ``steps``."""
        names = self.end.names
        return [command for record, passes in self.steps()
                for command in ({"player": names[record.player], **record.move.as_json()}, *passes)]


def play(rules: str, players: int, seed: int, max_moves: int = 3000) -> Played:
    """A dealt game with every hand known, played to the end with random legal moves."""
    rng = random.Random(seed)
    state = game(rules).deal(players, rng, names=NAMES[:players])
    start = state.copy()
    for _ in range(max_moves):
        if state.is_over():
            break
        options = [(p, m) for p in range(players) for m in state.legal_moves(p)]
        takes = [o for o in options if type(o[1]) is Take]
        others = [o for o in options if type(o[1]) is not Take]
        # Taking only now and then keeps random games short, as real ones are.
        player, move = rng.choice(takes if takes and (not others or rng.random() < 0.15) else others)
        state.apply(player, move)
    assert state.is_over(), "a random game did not end"
    return Played(rules, start, state)
