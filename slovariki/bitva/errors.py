"""Refusals of «Битва пар»: a stable protocol code and a Russian message."""

from __future__ import annotations

BAD_COMMAND = "bad-command"
NO_GAME = "no-game"
BAD_SETUP = "bad-setup"
UNKNOWN_PLAYER = "unknown-player"
UNKNOWN_CARD = "unknown-card"
CARD_NOT_AVAILABLE = "card-not-available"
NOT_A_MELD = "not-a-meld"
ONE_MELD_AT_A_TIME = "one-meld-at-a-time"
SINGLE_NOT_ALLOWED = "single-not-allowed"
NOT_ENOUGH_CARDS = "not-enough-cards"
RESERVE_TOO_SMALL = "reserve-too-small"
HAND_LIMIT = "hand-limit"
FINISHING = "finishing"
GAME_OVER = "game-over"
NOTHING_TO_UNDO = "nothing-to-undo"

CODES = frozenset({
    BAD_COMMAND, NO_GAME, BAD_SETUP, UNKNOWN_PLAYER, UNKNOWN_CARD, CARD_NOT_AVAILABLE, NOT_A_MELD,
    ONE_MELD_AT_A_TIME, SINGLE_NOT_ALLOWED, NOT_ENOUGH_CARDS, RESERVE_TOO_SMALL, HAND_LIMIT, FINISHING,
    GAME_OVER, NOTHING_TO_UNDO,
})


class Refused(ValueError):
    """A command the rules or the syntax refuse; the state it was given to is unchanged."""

    def __init__(self, code: str, message: str) -> None:
        if code not in CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
