"""Short ways to write «Битва пар» cards and melds in tests."""

from __future__ import annotations

import pytest

from slovariki.bitva.errors import Refused
from slovariki.bitva.game import Game, Meld
from slovariki.bitva.notation import parse_card
from slovariki.game.cards import PlayingCard


def cards(text: str) -> tuple[PlayingCard, ...]:
    """cards("7ч 7п") → (7♥, 7♠)."""
    return tuple(parse_card(word) for word in text.split())


def meld(player: str, text: str, draw: int | None = None) -> Meld:
    return Meld(player, cards(text), draw)


def lay(game: Game, player: str, *melds: str) -> None:
    """Play each meld (default draws) for ``player``; they must all be legal."""
    for text in melds:
        game.play(meld(player, text))


# Thirteen cards: everything one of four players holds (7 in hand + 6 in the reserve).
OUT_OF_FOUR = ("2п 2к 2б", "3п 3к 3б", "4п 4к 4б", "5п 5к", "6п 6к")


def refused(game: Game, move, code: str) -> str:
    """Assert ``move`` is refused with ``code`` and changes nothing; return the message."""
    before = game.as_json()
    with pytest.raises(Refused) as info:
        game.play(move)
    assert info.value.code == code, info.value.message
    assert game.as_json() == before
    assert not game.can(move)
    return info.value.message
