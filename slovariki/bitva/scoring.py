"""Points of «Битва пар»: cards laid, four-of-a-rank and going-out bonuses, penalties; the winner."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from slovariki.bitva.rules import FOUR_OF_A_RANK_BONUS, OUT_BONUS, PENALTY, card_points
from slovariki.game.cards import PlayingCard


@dataclass(frozen=True)
class Score:
    """One player's points: ``cards`` for the cards laid down, ``fours`` ranks of which the player
    laid all four cards, ``out`` when the player got rid of every card, ``penalties`` rule breaks."""

    cards: int = 0
    fours: int = 0
    out: bool = False
    penalties: int = 0

    @property
    def fours_bonus(self) -> int:
        return self.fours * FOUR_OF_A_RANK_BONUS

    @property
    def out_bonus(self) -> int:
        return OUT_BONUS if self.out else 0

    @property
    def penalty_points(self) -> int:
        return self.penalties * PENALTY

    @property
    def total(self) -> int:
        return self.cards + self.fours_bonus + self.out_bonus + self.penalty_points

    def as_json(self) -> dict:
        return {"cards": self.cards, "fours": self.fours_bonus, "out": self.out_bonus,
                "penalties": self.penalty_points, "total": self.total}


def player_score(melds: Iterable[Sequence[PlayingCard]], out: bool, penalties: int) -> Score:
    laid = [card for meld in melds for card in meld]
    ranks = Counter(card.rank for card in laid)
    return Score(cards=sum(card_points(card) for card in laid),
                 fours=sum(1 for n in ranks.values() if n == 4), out=out, penalties=penalties)


def winners(finishers: Sequence[str], totals: Mapping[str, int]) -> tuple[str, ...]:
    """The first player out wins; players who went out together are decided by points, and equal
    points stay a tie (several names). Nobody out (the game was stopped because nobody could lay
    anything more, docs/bitva-par.md): the most points among all the players win, ties as above."""
    pool = finishers or tuple(totals)
    best = max(totals[name] for name in pool)
    return tuple(name for name in pool if totals[name] == best)
