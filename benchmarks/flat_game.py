"""A measure of the rules engine's structure, not a second engine: one game of «Словарики» between random
bots written as one function whose state lives in local variables, with the engine's tables (``Game``'s
beaters, partners, links, seating) and the engine's draws, so that it plays the very games
``simulator.play_game`` plays (bench_game checks winner and moves game by game).

The engine keeps its state on a ``GameState`` the referee inspects, copies and changes a move at a time
through methods; this function pays for none of that. bench_game prints how much faster it is than the
naive engine next to the engine's own ratio: the most a redesign of the engine's structure could give
(issue 23's goal for the simulator is ≥ 2x the naive engine as a whole process).

Only what the benchmark's games need: «Словарики» rules (R5–R16), a dealt game, random bots.
"""

from __future__ import annotations

import random

from slovariki.game import Game
from slovariki.game.rulesets import HAND_SIZE, MAX_TABLE
from slovariki.game.state import _shuffle


def draw(getrandbits, n: int) -> int:
    """``randrange(n)`` as Python 3.10–3.13 draw it (the engine's UNIFORM draw)."""
    k = n.bit_length()
    i = getrandbits(k)
    while i >= n:
        i = getrandbits(k)
    return i


def nth(mask: int, i: int) -> int:
    """The number of the ``i``-th card of ``mask``, lowest first."""
    while i:
        mask &= mask - 1
        i -= 1
    return (mask & -mask).bit_length() - 1


def play(game: Game, players: int, rng: random.Random) -> tuple[int, int]:
    """One game; (the winner's seat, the number of moves)."""
    order = list(range(len(game.cards)))
    _shuffle(order, rng)
    dealt = HAND_SIZE * players
    hands = [sum(1 << c for c in order[HAND_SIZE * p:HAND_SIZE * (p + 1)]) for p in range(players)]
    stock = [order[dealt]] + order[:dealt:-1]
    beaters, links, partners = game.beaters(game.suits[order[dealt]]), game.links, game.partners
    seating = game.seating(players, 0)
    count = [HAND_SIZE] * players
    getrandbits = rng.getrandbits
    table = 0

    def out_after(seat: int, card: int) -> bool:
        """The card goes from the seat's hand to the table; True if that hand is now the first empty one
        with the stock empty (R16: the game is won)."""
        nonlocal table
        hands[seat] ^= 1 << card
        count[seat] -= 1
        table |= 1 << card
        return not count[seat] and not stock

    attacker, moves = 0, 0
    while True:  # a bout
        defender, refill, tossers = seating.bouts[attacker]
        limit = min(count[defender], MAX_TABLE)
        table, card = 0, nth(hands[attacker], draw(getrandbits, count[attacker]))  # R5: the lead
        moves += 1
        if out_after(attacker, card):
            return attacker, moves
        lead, played, unbeaten, beaten = card, 1, [card], False
        while True:  # the defender answers (R6)
            hand = hands[defender]
            beats, choices = [], 1
            for target in unbeaten:
                cards = hand & beaters[target]
                beats.append((target, cards, cards.bit_count()))
                choices += beats[-1][2]
            transfers = 0
            if not beaten and (transfers := hand & partners[lead]):  # R8
                if played < MAX_TABLE and count[seating.left[defender]] > played:
                    choices += transfers.bit_count()
                else:
                    transfers = 0
            i = draw(getrandbits, choices)
            moves += 1
            if i == choices - 1:  # R11: take
                hands[defender] |= table
                count[defender] += table.bit_count()
                attacker = seating.left[defender]
                break
            for target, cards, n in beats:
                if i < n:
                    break
                i -= n
            else:
                target, cards = None, transfers
            card = nth(cards, i)
            if out_after(defender, card):
                return defender, moves
            if target is None:  # R8: the transferrer attacks the next player
                unbeaten.append(card)
                played += 1
                attacker = defender
                defender, refill, tossers = seating.bouts[attacker]
                limit = min(count[defender], MAX_TABLE)
                continue
            unbeaten.remove(target)
            beaten = True
            if unbeaten:
                continue
            links_of_beat, passed, tosser = links[card], 0, None  # R9: toss-ins in turn, each may pass
            while played < limit:
                tosser = next((p for p in tossers if not passed >> p & 1 and hands[p] & links_of_beat), None)
                if tosser is None:
                    break
                tosses = hands[tosser] & links_of_beat
                i = draw(getrandbits, tosses.bit_count() + 1)
                moves += 1
                if i == tosses.bit_count():
                    passed |= 1 << tosser
                    tosser = None
                    continue
                card = nth(tosses, i)
                if out_after(tosser, card):
                    return tosser, moves
                unbeaten, played = [card], played + 1
                break
            if tosser is None:  # R12: beaten, the defender attacks next
                attacker = defender
                break
        for p in refill:  # R13
            got = min(HAND_SIZE - count[p], len(stock))
            if got > 0:
                hands[p] |= sum(1 << c for c in stock[-got:])
                del stock[-got:]
                count[p] += got
        if not stock:  # R16
            out = next((p for p in refill if not count[p]), None)
            if out is not None:
                return out, moves
