"""How «Битва пар» games end: random legal play from shuffled deals, the figures docs/bitva-par.md gives.

    python -m slovariki.bitva.simulate --games 300      # 2, 3 and 4 players, 300 games each

The simulator holds the real hands and reserves; each step one player, chosen at random among those
who can lay something, lays a random meld their hand allows, and the referee (``Game``) checks and
records it. A game ends when a player has got rid of every card, or when nobody can lay anything
more: then «конец» is said and the points decide (the end rule of docs/bitva-par.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from slovariki.bitva.game import Finish, Game, Meld
from slovariki.bitva.rules import shuffled_deal
from slovariki.game.cards import PlayingCard

NAMES = ("Аня", "Боря", "Вика", "Гена")


@dataclass(frozen=True)
class Run:
    """One simulated game: how many melds were laid (``longest``: the most by one player, the
    game's length when everybody plays at once), whether somebody went out, and who won."""

    players: int
    melds: int
    longest: int
    laid: int  # cards on the table at the end
    out: bool
    winners: tuple[str, ...]


def candidate_melds(hand: Sequence[PlayingCard]) -> list[tuple[PlayingCard, ...]]:
    """Every pair, triplet and single card a hand holds; the referee says which of them may be laid."""
    by_rank: dict[int, list[PlayingCard]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    return [combo for same in by_rank.values() for size in (1, 2, 3) for combo in combinations(same, size)]


def play_out(players: int, seed: int) -> Run:
    """One game from a shuffled deal (``seed``), played until somebody goes out or nobody can lay."""
    rng = random.Random(seed)
    deal = shuffled_deal(players, rng.randrange(2**32))
    names = NAMES[:players]
    hands = {name: list(hand) for name, hand in zip(names, deal.hands)}
    reserves = {name: list(reserve) for name, reserve in zip(names, deal.reserves)}
    game = Game(names)
    made: Counter[str] = Counter()
    while not game.out:
        options = [(name, cards) for name in names for cards in candidate_melds(hands[name])
                   if game.can(Meld(name, cards))]
        if not options:
            break
        name, cards = rng.choice(options)
        game.play(Meld(name, cards))
        made[name] += 1
        for card in cards:
            hands[name].remove(card)
        drawn = reserves[name][:len(cards)]
        del reserves[name][:len(cards)]
        hands[name].extend(drawn)
    game.play(Finish())
    return Run(players, sum(made.values()), max(made.values(), default=0), len(game.owner), bool(game.out),
               game.winners())


def summary(runs: Sequence[Run]) -> str:
    """A Russian line of figures for one player count."""
    ended = sum(run.out for run in runs)
    ties = sum(len(run.winners) > 1 for run in runs)
    melds = [run.melds for run in runs]
    return (f"{runs[0].players} игрока: партий {len(runs)}; кто-то избавился от всех карт — {ended} "
            f"({100 * ended / len(runs):.0f} %); ничьих по очкам — {ties}; комбинаций за партию — в среднем "
            f"{statistics.mean(melds):.1f} (от {min(melds)} до {max(melds)}), у одного игрока больше всего — в "
            f"среднем {statistics.mean(run.longest for run in runs):.1f}; карт на столе в конце — в среднем "
            f"{statistics.mean(run.laid for run in runs):.1f} из 52.")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Случайные партии «Битвы пар»: как часто и как быстро они кончаются.")
    parser.add_argument("--games", type=int, default=300, help="партий на каждое число игроков")
    parser.add_argument("--seed", type=int, default=0, help="начальное число: тот же набор партий")
    options = parser.parse_args(argv)
    for players in (2, 3, 4):
        print(summary([play_out(players, options.seed * 1_000_003 + players * 100_003 + i)
                       for i in range(options.games)]))


if __name__ == "__main__":
    main()
