"""The engine's errors: an illegal move carries a stable protocol code and a Russian message."""

from __future__ import annotations

# Codes from referee-protocol.md that the engine itself can give.
GAME_OVER = "game-over"
BAD_COMMAND = "bad-command"
BAD_SETUP = "bad-setup"
UNKNOWN_CARD = "unknown-card"
CARD_NOT_AVAILABLE = "card-not-available"
NOT_YOUR_TURN = "not-your-turn"
CANNOT_BEAT = "cannot-beat"
TRANSFER_NOT_ALLOWED = "transfer-not-allowed"
TOSS_NOT_ALLOWED = "toss-not-allowed"
NO_SHARED_LETTER = "no-shared-letter"
TABLE_FULL = "table-full"
HAND_EMPTY = "hand-empty"

CODES = frozenset({
    GAME_OVER, BAD_COMMAND, BAD_SETUP, UNKNOWN_CARD, CARD_NOT_AVAILABLE, NOT_YOUR_TURN, CANNOT_BEAT,
    TRANSFER_NOT_ALLOWED, TOSS_NOT_ALLOWED, NO_SHARED_LETTER, TABLE_FULL, HAND_EMPTY,
})


class IllegalMove(ValueError):
    """A move the rules refuse: ``code`` is a protocol code, ``message`` a Russian sentence citing the rule."""

    def __init__(self, code: str, message: str) -> None:
        if code not in CODES:
            raise ValueError(f"unknown rejection code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IllegalMove) and (self.code, self.message) == (other.code, other.message)

    def __hash__(self) -> int:
        return hash((self.code, self.message))

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"


class SetupError(ValueError):
    """A game that cannot start (wrong player count, deck too small, unknown trump): code ``bad-setup``."""

    code = BAD_SETUP

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
