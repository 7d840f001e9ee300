"""The one rules engine: «Словарики» (R1–R16) and classic durak (D1–D6) on one state machine.

    from slovariki.game import Game, find_ruleset, Attack, Beat
    game = Game("slovariki", deck)           # a ruleset bound to a deck (tables built once)
    state = game.deal(players=4, seed=1)     # or game.table_play(4, trump_card, first=0)
    state.legal_moves(state.to_move); state.check(p, move); events = state.apply(p, move)
    kind, table = state.step(rng.randrange)    # the simulator's way: a bot picks the move's number

Players are seat numbers 0…n-1, clockwise. See ``state`` for the state machine, ``rulesets`` for
what differs between rulesets, ``moves`` and ``events`` for the values, ``kinds`` for the names of the
moves' kinds (what ``step`` returns), ``cards`` for the 36-card deck.
"""

from importlib import import_module

from slovariki.game.errors import IllegalMove, SetupError
from slovariki.game.rulesets import (
    HAND_SIZE, MAX_TABLE, PEREVODNOY, PODKIDNOY, RULESETS, SLOVARIKI, Ruleset, UnknownRuleset, capacity,
    find_ruleset,
)
from slovariki.game.state import ATTACK, DEFEND, OVER, TAKING, TOSS, Game, GameState, Outcome, card_numbers

# Imported when first named: the simulator and the checker name no moves by value, make no events and deal
# no playing cards, and each module of frozen values costs every command that loads the engine a few
# milliseconds.
_LATER = {
    **dict.fromkeys(("Attack", "Beat", "Move", "Pass", "Take", "TossIn", "Transfer", "move_from_json"), "moves"),
    **dict.fromkeys(("PlayingCard", "Suit", "standard_deck"), "cards"),
    **dict.fromkeys(("Beaten", "Draw", "DrawnGame", "Event", "Fool", "GameOver", "NextBout", "Out", "Refill", "Taken",
                     "Winner", "Record"), "events"),
}


def __getattr__(name: str) -> object:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f"{__name__}.{_LATER[name]}"), name)
    return value


__all__ = [
    "ATTACK", "DEFEND", "HAND_SIZE", "MAX_TABLE", "OVER", "PEREVODNOY", "PODKIDNOY", "RULESETS", "SLOVARIKI",
    "TAKING", "TOSS", "Attack", "Beat", "Beaten", "Draw", "DrawnGame", "Event", "Fool", "Game", "GameOver",
    "GameState", "IllegalMove", "Move", "NextBout", "Out", "Outcome", "Pass", "PlayingCard", "Record", "Refill",
    "Ruleset", "SetupError", "Suit", "Take", "Taken", "TossIn", "Transfer", "UnknownRuleset", "Winner",
    "capacity", "card_numbers", "find_ruleset", "move_from_json", "standard_deck",
]
