"""The baseline for ``slovariki simulate``: «Словарики» played by random bots in the plainest Python.

Lists of tuples, no precomputed tables, no bit sets: what a programmer would write first from the
rules sheet (beat R7, transfer R8, toss-in R9, limit R10, take R11, refill R13, the end R16). Every
decision is a uniform choice among the legal moves, as the simulator's ``random`` bots make it.
bench_startup.py times this script and ``slovariki simulate --jobs 1`` on the same deck, each as a
whole process, and prints the ratio of their games per second.

Run: python benchmarks/naive_durak.py DECK.json GAMES PLAYERS SEED
(DECK.json: a list of [colour, stars, "hard letters"], one per card.)
"""

from __future__ import annotations

import json
import random
import sys

HAND = 6
LIMIT = 6


def beats(card, target, trump) -> bool:
    """R7: the same colour with as many stars or more, or any trump; a trump only by a trump."""
    if card[0] == target[0]:
        return card[1] >= target[1]
    return card[0] == trump


def play(deck: list, players: int, rng: random.Random) -> tuple[int | None, int]:
    """One game; (the winner's seat or None, the number of moves)."""
    stock = deck[:]
    rng.shuffle(stock)
    hands = [[stock.pop() for _ in range(HAND)] for _ in range(players)]
    trump = stock[0][0]  # the face-up card lies under the stock and is drawn last
    attacker = rng.randrange(players)
    moves = 0
    while True:
        defender = (attacker + 1) % players
        table = []  # [card, beaten by or None]
        room = min(LIMIT, len(hands[defender]))
        lead = rng.choice(hands[attacker])
        hands[attacker].remove(lead)
        table.append([lead, None])
        moves += 1
        taken = False
        last_beater = None
        while True:
            unbeaten = [pair for pair in table if pair[1] is None]
            if unbeaten:
                options = [("take", None, None)]
                hand = hands[defender]
                if all(pair[1] is None for pair in table):
                    nxt = (defender + 1) % players
                    for card in hand:
                        if (card[0] == lead[0] and card[1] == lead[1]
                                and len(hands[nxt]) >= len(table) + 1 and len(table) + 1 <= LIMIT):
                            options.append(("transfer", card, None))
                for card in hand:
                    for pair in unbeaten:
                        if beats(card, pair[0], trump):
                            options.append(("beat", card, pair))
                kind, card, pair = rng.choice(options)
                moves += 1
                if kind == "take":
                    for pair in table:
                        hand.extend(c for c in pair if c is not None)
                    taken = True
                    break
                hand.remove(card)
                if kind == "transfer":
                    table.append([card, None])
                    attacker, defender = defender, (defender + 1) % players
                    room = min(LIMIT, len(hands[defender]) + 0)
                    continue
                pair[1] = card
                last_beater = card
                continue
            # every card is beaten: toss-ins in turn from the attacker, clockwise, the defender skipped
            tossed = False
            if len(table) < room and hands[defender]:
                for k in range(players):
                    seat = (attacker + k) % players
                    if seat == defender or not hands[seat]:
                        continue
                    fits = [c for c in hands[seat] if set(c[2]) & set(last_beater[2])]
                    if not fits:
                        continue
                    choice = rng.choice(fits + [None])
                    moves += 1
                    if choice is not None:
                        hands[seat].remove(choice)
                        table.append([choice, None])
                        tossed = True
                        break
            if not tossed:
                break
        # R13: the attacker first, then clockwise from the defender's left, the defender last
        order = [attacker] + [(defender + k) % players for k in range(1, players)
                              if (defender + k) % players != attacker] + [defender]
        for seat in order:
            while len(hands[seat]) < HAND and stock:
                hands[seat].append(stock.pop())
        if not stock:
            for seat in order:
                if not hands[seat]:
                    return seat, moves
        if moves > 200 * len(deck):
            return None, moves
        attacker = (defender + 1) % players if taken else defender


def main() -> None:
    deck_file, games, players, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    with open(deck_file, encoding="utf-8") as f:
        deck = [tuple(card) for card in json.load(f)]
    moves = 0
    for index in range(games):
        moves += play(deck, players, random.Random(f"{seed}/{index}"))[1]
    print(json.dumps({"games": games, "moves": moves}))


if __name__ == "__main__":
    main()
