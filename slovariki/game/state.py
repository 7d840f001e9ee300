"""The one state machine for every ruleset: deal, moves, bouts, toss-in priority, refill, the end.

A :class:`Game` binds a ruleset to a deck, numbering the cards and building the rule tables once
(which card beats which, transfer partners, toss-in links). It starts games two ways:

- :meth:`Game.deal`: a shuffled deal with every hand known (simulation, tests);
- :meth:`Game.table_play`: a game watched at a real table (the referee), where a hand is known only
  by its size plus the cards seen going into it (taken from the table, or the face-up trump drawn
  last). A player whose hand is not fully known may play any card whose place is unknown.

:class:`GameState` answers ``legal_moves(player)``, ``check(player, move)`` and ``to_move``; it
changes only through ``apply(player, move)``, which returns the events and appends a
:class:`Record` to ``log``. ``copy()`` is cheap, so undo is "keep the previous copy".

The simulator takes a shorter way through the same rules: ``step(choose)`` finds the legal moves of
``to_move`` as masks (``legal_table``, the same that ``legal_moves`` turns into Move values), lets
the bot choose one by its number and makes it without checking it again, building no Move values,
no events and no log. Both ways change the state only in ``_play``, ``_pass`` and ``_take`` (by
kind of move), and the tests hold them equal move by move.

Players are seat numbers 0…n-1 in clockwise order. Cards inside are numbered by their place in the
deck and sets of cards are bit masks; the public API speaks in the deck's card objects.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from slovariki.game import errors, kinds
from slovariki.game.errors import IllegalMove, SetupError
from slovariki.game.names import genitive
from slovariki.game.kinds import BEAT, PASS, TAKE, TOSS_IN, TRANSFER
from slovariki.game.rulesets import (
    HAND_SIZE, MAX_PLAYERS, MAX_TABLE, MIN_PLAYERS, Ruleset, capacity, cards_needed, find_ruleset, too_small_message,
)
from slovariki.text.russian import cards as n_cards
from slovariki.text.russian import cards_genitive

if TYPE_CHECKING:
    from slovariki.game.moves import Attack, Beat, Move, Pass, Take, TossIn, Transfer

# Phases of a bout.
ATTACK = "attack"  # the attacker must lead (R5)
DEFEND = "defend"  # unbeaten cards lie on the table: the defender must answer (R6)
TOSS = "toss"  # every card is beaten: the others may toss in or pass (R9, D3)
TAKING = "taking"  # classic durak: the defender said «беру», the others may still add (D5)
OVER = "over"
# How the last bout ended (_last_end), for a refused toss-in's message.
TAKEN = "taken"
BEATEN = "beaten"

_NO_MOVES = (0, 0, 0, (), 0, 0, False, False)  # see GameState.legal_table
# ``GameState.step(choose, looks=UNIFORM)``: ``choose`` is a random.Random's ``getrandbits`` and the move
# is drawn as ``randrange(count)`` draws it, without a call to the bot at every move of a simulation.
UNIFORM = "uniform"


class Outcome(NamedTuple):
    """How a game ended. «Словарики»: ``winner``. Classic durak: ``fool`` or ``draw``, and
    ``winner`` is the first player who ran out of cards."""

    winner: int | None
    fool: int | None = None
    draw: bool = False


def card_numbers(mask: int) -> list[int]:
    """The card numbers in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lead_moves(hand: int) -> tuple:
    """R5: the attacker leads with any card (see GameState.legal_table)."""
    return hand.bit_count(), hand, hand, (), 0, 0, False, False


_SEAT_NAMES = tuple(tuple(f"игрок {p + 1}" for p in range(n)) for n in range(MAX_PLAYERS + 1))  # by player count


def _check_player_count(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"правило 2: играют от {MIN_PLAYERS} до {MAX_PLAYERS} человек, а не {players}")


class Seating:
    """Who sits to the left of whom when the players in mask ``out`` are out and passed by (D6), and
    for each attacker the refill order of a bout against that neighbour (R13: the attacker, then
    clockwise from the defender's left, the defender last) and its toss order (R9: the same without
    the defender), as ``bouts[attacker]``: (defender, refill order, toss order), read in one go at every
    bout. ``None`` where nobody else is left."""

    __slots__ = ("left", "bouts")

    def __init__(self, players: int, out: int) -> None:
        def still_in(seat: int) -> bool:
            return not out >> seat & 1

        self.left = tuple(next((nxt for k in range(1, players) if still_in(nxt := (seat + k) % players)), None)
                          for seat in range(players))
        bouts = []
        for attacker, defender in enumerate(self.left):
            if defender is None:
                bouts.append(None)
                continue
            middle = ((defender + k) % players for k in range(1, players))
            order = (attacker, *(p for p in middle if p != attacker and still_in(p)), defender)
            bouts.append((defender, order, order[:-1]))
        self.bouts = tuple(bouts)


def _shuffle(order: list[int], rng: random.Random) -> None:
    """``rng.shuffle(order)`` without a call per card (a simulation deals thousands of times): the
    same swaps from the same bits, as Python 3.10 to 3.13 draw ``randbelow(i + 1)`` by rejecting
    ``getrandbits`` above ``i``. A subclass of Random may draw its own way: it shuffles itself."""
    if type(rng) is not random.Random:
        rng.shuffle(order)
        return
    getrandbits = rng.getrandbits
    for i in range(len(order) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]


_BIT_TABLE = 4096  # the most cards whose bits are tabled (a table of 4,096 takes 1 MB)


def _bit(card: int) -> int:
    return 1 << card if card >= 0 else 0


class Game:
    """A ruleset bound to a deck: card numbering, move values and rule tables, built once."""

    def __init__(self, rules: Ruleset | str, cards: Iterable[Any] | None = None) -> None:
        self.rules = find_ruleset(rules)
        if cards is None:
            cards = self.rules.standard_deck()
            if cards is None:
                raise SetupError(f"для игры «{self.rules.title}» нужна колода слов")
        self.cards: tuple[Any, ...] = tuple(cards)
        self.suits = tuple(card.suit for card in self.cards)  # a suit may be computed: read once per deal
        self._by_value = {card: i for i, card in enumerate(self.cards)}
        if len(self._by_value) != len(self.cards):
            raise SetupError("в колоде есть одинаковые карты")
        # Identity first: the deck's own card objects are found without hashing them.
        self._by_identity = {id(card): i for i, card in enumerate(self.cards)}
        # bit(i): card i's bit, 0 for -1 (a card nobody has seen). A table for the decks games are played
        # with (the simulator's refills look it up); computed for a bank of thousands of cards, where a
        # table would need n²/16 bytes (600 MB for 100,000 words checked by «check»).
        self.bit = (*(1 << i for i in range(len(self.cards))), 0).__getitem__ if len(self.cards) <= _BIT_TABLE \
            else _bit
        self._beats: list[list[Beat | None] | None] = [None] * len(self.cards)
        self._groups = self._group_masks()
        self.links = self._link_masks()
        self.partners = self._partner_masks()
        self._beaters: dict[Any, list[int]] = {}
        self._seatings: dict[tuple[int, int], Seating] = {}

    def __len__(self) -> int:
        return len(self.cards)

    # The move values of each card, made when first asked for (legal_moves, apply): a simulation names
    # moves by card numbers and never needs them.
    @cached_property
    def attacks(self) -> tuple[Attack, ...]:
        return tuple(map(_moves().Attack, self.cards))

    @cached_property
    def transfers(self) -> tuple[Transfer, ...]:
        return tuple(map(_moves().Transfer, self.cards))

    @cached_property
    def tosses(self) -> tuple[TossIn, ...]:
        return tuple(map(_moves().TossIn, self.cards))

    @property
    def capacity(self) -> int:
        """R2: the most players this deck supports."""
        return capacity(len(self.cards), self.rules.spare_cards)

    def index(self, card: Any) -> int | None:
        """The card's number in this deck, or None when it is not in the deck."""
        i = self._by_identity.get(id(card))
        if i is not None:
            return i
        try:
            return self._by_value.get(card)
        except TypeError:  # unhashable: certainly not a card of ours
            return None

    def beat_row(self, target: int) -> list[Beat | None]:
        """The Beat moves against card ``target``, by beating card, made as they are needed."""
        row = self._beats[target]
        if row is None:
            row = self._beats[target] = [None] * len(self.cards)
        return row

    def beat_move(self, card: int, target: int) -> Beat:
        row = self.beat_row(target)
        move = row[card]
        if move is None:
            move = row[card] = _moves().Beat(self.cards[card], self.cards[target])
        return move

    def _group_masks(self) -> dict[tuple[Any, int], int]:
        """Cards by (suit, rank): the rules of beating and transferring look at nothing else."""
        groups: dict[tuple[Any, int], int] = {}
        for i, key in enumerate(zip(self.suits, (card.rank for card in self.cards))):
            groups[key] = groups.get(key, 0) | (1 << i)
        return groups

    def _link_masks(self) -> list[int]:
        """For each card, the mask of the cards it links with for a toss-in (R9, D3). Cards with the
        same keys share one mask: a deck has few sets of hard letters, so a bank of 100,000 words
        needs megabytes here, not the gigabytes of a mask per card."""
        by_key: dict[Any, int] = {}
        keys = [self.rules.toss_keys(card) for card in self.cards]
        for i, card_keys in enumerate(keys):
            for key in card_keys:
                by_key[key] = by_key.get(key, 0) | (1 << i)
        shared: dict[frozenset, int] = {}
        for card_keys in keys:
            if card_keys not in shared:
                mask = 0
                for key in card_keys:
                    mask |= by_key[key]
                shared[card_keys] = mask
        return [shared[card_keys] for card_keys in keys]

    def _partner_masks(self) -> list[int]:
        return self._group_masks_where(self.rules.transfers)

    def beaters(self, trump: Any) -> list[int]:
        """For each card, the mask of cards that beat it when ``trump`` is the trump suit (R7, D2)."""
        table = self._beaters.get(trump)
        if table is None:
            table = self._beaters[trump] = self._group_masks_where(
                lambda card, target: self.rules.beats(card, target, trump))
        return table

    def seating(self, players: int, out: int) -> Seating:
        """The seating of ``players`` when the players in mask ``out`` are out, made once."""
        found = self._seatings.get((players, out))
        if found is None:
            found = self._seatings[players, out] = Seating(players, out)
        return found

    def _group_masks_where(self, relates: Callable[[Any, Any], bool]) -> list[int]:
        """For each card, the mask of cards ``c`` with ``relates(c, card)``, asked once per (suit, rank)
        group: a group's cards are alike to the rules."""
        first = {key: self.cards[(mask & -mask).bit_length() - 1] for key, mask in self._groups.items()}
        by_group = {key: 0 for key in first}
        for key, card in first.items():
            for other, candidate in first.items():
                if relates(candidate, card):
                    by_group[key] |= self._groups[other]
        return [by_group[key] for key in zip(self.suits, (card.rank for card in self.cards))]

    # --- starting a game ----------------------------------------------------------------------
    def _check_players(self, players: int) -> None:
        _check_player_count(players)
        if cards_needed(players, self.rules.spare_cards) > len(self.cards):
            raise SetupError(too_small_message(len(self.cards), players))

    def deal(self, players: int, seed: int | random.Random | None = None, first: int | None = None,
             names: Sequence[str] | None = None) -> GameState:
        """R3: shuffle, deal 6 to each seat in turn, turn up the next card as trump, drawn last.
        When the hands take the whole deck (classic durak, six players), the last card dealt is
        shown and sets the trump; it stays in the last hand.

        ``first`` is the first attacker (R4, the youngest); None lets the ruleset decide (D1: the
        lowest trump) and falls back to seat 0.
        """
        self._check_players(players)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        order = list(range(len(self.cards)))
        _shuffle(order, rng)
        dealt = HAND_SIZE * players
        hands = [order[HAND_SIZE * p:HAND_SIZE * (p + 1)] for p in range(players)]
        if dealt < len(order):
            trump = order[dealt]
            stock = [trump] + order[:dealt:-1]  # drawn from the end: the trump card last
        else:
            trump, stock = order[dealt - 1], []
        if first is None:  # the hands as iterators: the cards are looked up only by a ruleset that decides (D1)
            cards = [map(self.cards.__getitem__, hand) for hand in hands]
            first = self.rules.first_attacker(cards, self.suits[trump])
        if first is not None and not 0 <= first < players:
            raise SetupError(f"нет игрока с номером {first + 1}")
        known = [sum(map(self.bit, hand)) for hand in hands]
        return GameState._start(self, players, trump, stock, known, [HAND_SIZE] * players, 0,
                                first or 0, names)

    def arranged(self, hands: Sequence[Sequence[Any]], stock: Sequence[Any], trump: Any = None,
                 first: int = 0, names: Sequence[str] | None = None) -> GameState:
        """A known position for examples and tests: these hands (any sizes), this stock (next card
        drawn first, the face-up trump card last) and every other card of the deck in the discard.
        ``trump`` is needed only when the stock is empty; it sets the trump suit.
        """
        players = len(hands)
        _check_player_count(players)
        placed = [self.index(c) for hand in hands for c in hand] + [self.index(c) for c in stock]
        if None in placed or len(set(placed)) != len(placed):
            raise SetupError("каждая карта раскладки должна быть из колоды и встречаться один раз")
        if trump is None and not stock:
            raise SetupError("при пустой колоде нужно указать козырь")
        t = self.index(stock[-1] if trump is None else trump)
        if t is None:
            raise SetupError(f"карты {self.rules.show(trump)} нет в этой колоде")
        known = [sum(1 << self.index(c) for c in hand) for hand in hands]
        state = GameState._start(self, players, t, [self.index(c) for c in reversed(stock)], known,
                                 [len(hand) for hand in hands], 0, first, names)
        state._discard = ((1 << len(self.cards)) - 1) & ~sum(1 << i for i in placed)
        return state

    def table_play(self, players: int, trump: Any, first: int = 0,
                   names: Sequence[str] | None = None, trump_holder: int | None = None) -> GameState:
        """A dealt game at a real table: only the face-up ``trump`` card is known (R3).

        When the hands take the whole deck (classic durak, six players) the shown trump card is the
        last card dealt and lies in a hand: ``trump_holder``'s when given, else in an unknown one.
        """
        self._check_players(players)
        t = self.index(trump)
        if t is None:
            raise SetupError(f"карты {self.rules.show(trump)} нет в этой колоде")
        for seat in (first, trump_holder):
            if seat is not None and not 0 <= seat < players:
                raise SetupError(f"нет игрока с номером {seat + 1}")
        left = len(self.cards) - HAND_SIZE * players
        known = [0] * players
        unseen = (1 << len(self.cards)) - 1
        if left:
            stock = [t] + [-1] * (left - 1)
            unseen &= ~(1 << t)
        else:
            stock = []
            if trump_holder is not None:
                known[trump_holder] = 1 << t
                unseen &= ~(1 << t)
        return GameState._start(self, players, t, stock, known, [HAND_SIZE] * players, unseen, first, names)


class GameState:
    """One game in progress. See the module docstring; all players are seat numbers."""

    __slots__ = (
        "game", "rules", "players", "names", "trump_index", "trump_suit", "_beaters", "_stock", "_count",
        "_known", "_unseen", "_att", "_def", "_open", "_table_mask", "_toss_mask", "_last_beat",
        "_discard", "attacker", "defender", "_order", "_tossers", "_limit", "phase", "_passed", "_gone", "_out",
        "_seats", "winner", "fool", "draw", "log", "hidden_hands", "_emptied", "_asked",
        "_last_end", "_links", "_partners", "_all_beaten", "_after_take",
    )

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def _start(cls, game: Game, players: int, trump: int, stock: list[int], known: list[int],
               count: list[int], unseen: int, first: int, names: Sequence[str] | None) -> GameState:
        self = object.__new__(cls)
        self.game, self.rules, self.players = game, game.rules, players
        if names is None:
            names = _SEAT_NAMES[players]
        if len(names) != players:
            raise SetupError("имён игроков должно быть столько же, сколько игроков")
        self.names = tuple(names)
        self.trump_index = trump
        self.trump_suit = game.suits[trump]
        self._beaters = game.beaters(self.trump_suit)
        # the rule tables and flags the moves read, at hand in slots (a ruleset's class attributes are
        # slower to read)
        rules = game.rules
        self._links, self._partners = game.links, game.partners  # no partners where a ruleset has no transfers
        self._all_beaten = rules.toss_needs_all_beaten
        self._after_take = rules.toss_after_take
        self._stock, self._known, self._count, self._unseen = stock, known, count, unseen
        self._att, self._def, self._open = [], [], []  # _open: the unbeaten attacking cards, in order
        self._table_mask = self._toss_mask = self._discard = self._passed = 0
        self._last_beat = -1
        self._gone = 0  # classic durak: players already announced as out (D6)
        self._out = 0 if stock else sum(1 << p for p in range(players) if not count[p])
        self._seats = game.seating(players, self._out)
        self._emptied = []
        self._asked = self._last_end = None
        self.winner = self.fool = None
        self.draw = False
        self.log = []
        self.hidden_hands = unseen != 0
        self._seat_bout(first)
        self.phase = ATTACK
        return self

    def copy(self) -> GameState:
        """An independent copy (the log's records are shared: they are immutable)."""
        other = object.__new__(GameState)
        for name in GameState.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if name in _CHANGING_LISTS else value)
        return other

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in GameState.__slots__ if name not in _NOT_STATE)

    def position(self) -> tuple:
        """A hashable summary of everything the rules look at (not the log), for states of one game:
        two with equal positions have the same future under the same choices. The stock is told by
        its size: in one game it only ever loses cards from its end."""
        return (len(self._stock), *_position_values(self), *map(tuple, _position_lists(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.game is other.game and self._key() == other._key()

    __hash__ = None  # mutable

    # --- what the table looks like ----------------------------------------------------------
    @property
    def trump(self) -> Any:
        """The face-up card under the stock; its suit (colour) is trump."""
        return self.game.cards[self.trump_index]

    @property
    def stock_count(self) -> int:
        """Cards left in the stock, the trump card included while nobody has drawn it."""
        return len(self._stock)

    def hand_count(self, player: int) -> int:
        return self._count[player]

    def known_cards(self, player: int) -> tuple[Any, ...]:
        """The cards known to be in the hand: all of it in a dealt game."""
        return tuple(self.game.cards[c] for c in card_numbers(self._known[player]))

    def possible_cards(self, player: int) -> tuple[Any, ...]:
        """The cards that may be in the hand: the known ones, then (while some of the hand is
        unknown) every card nobody has seen, each in deck order. The legal moves come from these."""
        known = self._known[player]
        cards = self.game.cards
        return tuple(cards[c] for c in card_numbers(known) + card_numbers(self._available(player) & ~known))

    def hand_known(self, player: int) -> bool:
        return self._known[player].bit_count() == self._count[player]

    @property
    def stock(self) -> tuple[Any, ...]:
        """The stock from the next card drawn to the trump card; None for cards nobody has seen."""
        return tuple(None if c < 0 else self.game.cards[c] for c in reversed(self._stock))

    @property
    def table(self) -> tuple[tuple[Any, Any], ...]:
        """(attacking card, the card that beat it or None), in the order they were played."""
        cards = self.game.cards
        return tuple((cards[a], None if d < 0 else cards[d]) for a, d in zip(self._att, self._def))

    @property
    def discard(self) -> tuple[Any, ...]:
        return tuple(self.game.cards[c] for c in card_numbers(self._discard))

    @property
    def discard_count(self) -> int:
        return self._discard.bit_count()

    @property
    def limit(self) -> int:
        """R10: how many cards may lie against the current defender in this bout."""
        return self._limit

    @property
    def last_beat(self) -> Any:
        """The card the defender played last in this bout (R9), or None."""
        return None if self._last_beat < 0 else self.game.cards[self._last_beat]

    @property
    def refill_order(self) -> tuple[int, ...]:
        """R13: the attacker, then clockwise from the defender's left, the defender last; players
        who are out are left out."""
        return tuple(p for p in self._order if self.is_active(p))

    @property
    def toss_order(self) -> tuple[int, ...]:
        """R9: who may toss in, in priority order (the refill order without the defender). Of these,
        ``to_move`` names the first who has not passed and may hold a card that links."""
        return self.refill_order[:-1]

    @property
    def passed(self) -> frozenset[int]:
        """Players who declined to toss in since the defender last beat a card (R9, D3), or were
        passed by for certainly holding nothing to add."""
        return frozenset(p for p in range(self.players) if self._passed >> p & 1)

    def may_add(self, player: int) -> bool:
        """Whether some card the player may hold links to the cards on the table (R9, D3); False for a
        player whose every card is known and none links: such a player is not asked for «пас»."""
        return bool(self._available(player) & self._toss_mask)

    def has_left(self, player: int) -> bool:
        """Classic durak: the player has been announced out (D6). That is said when the bout ends;
        until then a player without cards is passed by (``is_active``) but not yet named as gone."""
        return bool(self._gone >> player & 1)

    def is_active(self, player: int) -> bool:
        """False for a player who is out: no cards while the stock is empty (D6; in «Словарики» that
        ends the game, R16). Such a player is passed by in every turn, transfer and toss-in order."""
        return not self._out >> player & 1

    @property
    def to_move(self) -> int | None:
        """Whose action is awaited; None when the game is over.

        The attacker before the lead, the defender while unbeaten cards lie on the table, otherwise
        the first player in toss order who has not passed and may hold a card that links: a player
        whose cards are all known and none of which links is not asked. That player alone may toss in
        (R9, D3); in classic durak the one who holds that right may also add while the defender still
        answers (the attacker first, until «бито»), and after «беру» (D5).
        """
        phase = self.phase
        if phase == ATTACK:
            return self.attacker
        if phase == DEFEND:
            return self.defender
        if phase == OVER:
            return None
        return self._asked

    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        if self.phase != OVER:
            return None
        return Outcome(self.winner, self.fool, self.draw)

    def is_over(self) -> bool:
        return self.phase == OVER

    # --- legality -----------------------------------------------------------------------------
    def check(self, player: int, move: Move) -> IllegalMove | None:
        """None when ``player`` may make ``move`` now, else why not."""
        try:
            self._verify(player, move)
        except IllegalMove as illegal:
            return illegal
        return None

    def is_legal(self, player: int, move: Move) -> bool:
        return self.check(player, move) is None

    def legal_moves(self, player: int) -> list[Move]:
        """Every move ``player`` may make now. Where a hand is not fully known, any card whose
        place is unknown counts as possibly in it."""
        _, _, attacks, beats, transfers, tosses, take, may_pass = self.legal_table(player)
        game = self.game
        if attacks:
            return [game.attacks[c] for c in card_numbers(attacks)]
        moves: list[Move] = []
        for target, mask, _ in beats:
            row = game.beat_row(target)
            for c in card_numbers(mask):
                move = row[c]
                moves.append(move if move is not None else game.beat_move(c, target))
        if transfers:
            moves.extend([game.transfers[c] for c in card_numbers(transfers)])
        if tosses:
            moves.extend([game.tosses[c] for c in card_numbers(tosses)])
        if take:
            moves.append(_moves().Take())
        if may_pass:
            moves.append(_moves().Pass())
        return moves

    def step(self, choose: Callable[[Any], int], looks: bool | str = False) -> tuple[str, tuple] | None:
        """The simulator's move, in one call: the legal moves of ``to_move`` as a ``legal_table``, of
        which ``choose(count)`` (with ``looks``: ``choose(table)``; with ``looks=UNIFORM``: drawn
        uniformly by ``choose``, a random.Random's ``getrandbits``, as its ``randrange(count)`` would)
        names one by its number in ``legal_moves``; it is made unchecked, with no events and no log
        (``apply`` is the referee's way). Returns (the move's kind, as named in ``kinds``, the table); None
        when the game is over.

        The phase says who moves and which table; in a dealt game every hand is known, and the
        cards the player may play are the hand itself (no call to ``_available``)."""
        phase = self.phase
        if phase is DEFEND:  # beats target by target, then transfers, then take (the last)
            player = self.defender
            found = self._defence_moves(player, self._known[player] if not self._unseen else self._available(player))
        elif phase is ATTACK:
            player = self.attacker
            found = _lead_moves(self._known[player] if not self._unseen else self._available(player))
        elif phase is OVER:
            return None
        else:  # toss-ins, then «пас» (the last); the asked player (see _ask_tosser) holds a card that links
            player = self._asked
            found = self._toss_table(self._known[player] if not self._unseen else self._available(player), phase)
        n = found[0]
        if looks is UNIFORM:  # randrange(n) on Python 3.10 to 3.13: getrandbits(k) until below n
            k = n.bit_length()
            i = choose(k)
            while i >= n:
                i = choose(k)
        else:
            i = choose(found if looks else n)
        if phase is DEFEND:
            if i == n - 1:
                self._take(player, None)
                return TAKE, found
            for target, mask, n in found[3]:
                if i < n:
                    kind = BEAT
                    break
                i -= n
            else:
                kind, mask, target = TRANSFER, found[4], -1
                n = mask.bit_count()
        elif phase is ATTACK:
            kind, mask, target = kinds.ATTACK, found[2], -1
        else:
            n -= found[7]
            if i == n:
                self._pass(player, None)
                return PASS, found
            kind, mask, target = TOSS_IN, found[5], -1
        # The i-th of the n cards of the mask, lowest first, counted from the nearer end: each step
        # makes new ints, and the highest card is found without one.
        above = n - 1 - i
        if above <= i:
            while above:
                mask ^= 1 << mask.bit_length() - 1
                above -= 1
            card = mask.bit_length() - 1
        else:
            while i:
                mask &= mask - 1
                i -= 1
            card = (mask & -mask).bit_length() - 1
        self._play(player, kind, card, target, None)
        return kind, found

    def legal_table(self, player: int) -> tuple:
        """``legal_moves(player)`` as masks of card numbers (bit i: the deck's card i), for bots and
        statistics: (how many moves, every card in them, attacks, ((target, beating cards, how many),
        …), transfers, tosses, take, pass), in the order of ``legal_moves``."""
        phase = self.phase
        if phase == ATTACK:
            return _lead_moves(self._available(player)) if player == self.attacker else _NO_MOVES
        if phase == OVER or not 0 <= player < self.players:
            return _NO_MOVES
        if player == self.defender:
            return self._defence_moves(player, self._available(player)) if phase == DEFEND else _NO_MOVES
        return self._toss_moves(player, phase)

    def _defence_moves(self, defender: int, avail: int) -> tuple:
        """R6: the defender facing unbeaten cards (holding ``avail``) beats one (R7), transfers (R8)
        or takes (R11)."""
        beaters, unbeaten = self._beaters, self._open
        if len(unbeaten) == 1:
            target = unbeaten[0]
            cards = avail & beaters[target]
            n = cards.bit_count()
            beats = ((target, cards, n),)
            count = n + 1
        else:
            beats = []
            count, cards = 1, 0
            for target in unbeaten:
                mask = avail & beaters[target]
                n = mask.bit_count()
                beats.append((target, mask, n))
                count += n
                cards |= mask
        # R8: before any beat (no card beaten yet in this bout), with a card that may transfer the lead, if
        # the next defender can face one more card. The cards first: most defences hold none.
        if self._last_beat < 0 and (transfers := avail & self._partners[(attacks := self._att)[0]]):
            new = self._seats.left[defender]
            if new is not None and len(attacks) < MAX_TABLE and self._count[new] > len(attacks):
                return count + transfers.bit_count(), cards | transfers, 0, beats, transfers, 0, True, False
        return count, cards, 0, beats, 0, 0, True, False

    def _toss_moves(self, player: int, phase: str) -> tuple:
        """R9, D3: a player other than the defender adds a linked card while the table has room, or
        says «пас»: this is asked only of a player who may hold a card to add."""
        if not self._count[player] or (phase == DEFEND and self._all_beaten) or len(self._att) >= self._limit:
            return _NO_MOVES
        if player != self._asked:  # R9, D3: one player at a time holds the right
            return _NO_MOVES
        avail = self._available(player)
        return self._toss_table(avail, phase) if avail & self._toss_mask else _NO_MOVES

    def _toss_table(self, avail: int, phase: str) -> tuple:
        """The toss-in moves of the player asked (R9, D3), holding ``avail`` with a card that links:
        «пас» too, unless the defender still answers (D3: no «бито» before every card is beaten). The
        one asked has not passed: a pass hands the right on (see _ask_tosser)."""
        tosses = avail & self._toss_mask
        may_pass = phase is not DEFEND
        return tosses.bit_count() + may_pass, tosses, 0, (), 0, tosses, False, may_pass

    def _available(self, player: int) -> int:
        """The cards the player may hold: the known ones, plus every unplaced card if some are unknown."""
        known = self._known[player]
        return known | self._unseen if self._unseen and self._count[player] > known.bit_count() else known

    # --- verification: every rule once; returns (card, target) numbers for the change -----------
    def _name(self, player: int) -> str:
        return self.names[player]

    def _awaited(self) -> str:
        who = self.to_move
        if self.phase == ATTACK:
            return f"сейчас заходит {self._name(who)}"
        if self.phase == DEFEND:
            return f"сейчас отбивается {self._name(who)}"
        return f"сейчас подкидывает {self._name(who)}"

    def _limit_reason(self) -> str:
        """R10: why no more cards go on the table in this bout."""
        if self._limit == MAX_TABLE:
            return f"против одного отбивающегося кладут не больше {cards_genitive(MAX_TABLE)}"
        was = "было " if self._last_beat >= 0 else ""  # he has beaten some since: his hand is smaller now
        return (f"у {self._holder(self.defender, 'отбивающегося')} {was}всего {n_cards(self._limit)}, а под отбивающегося кладут "
                "не больше карт, чем было у него на руках, когда он стал отбивающимся")

    def _holder(self, player: int, role: str) -> str:
        """The player's name as it follows «у»: «Бори»; for a name not declined, the ``role``
        (genitive) and the name: «отбивающегося (игрок 2)»."""
        name = self._name(player)
        return genitive(name) or f"{role} ({name})"

    def _toss_right(self) -> str:
        """Who holds the right to toss in (R9, D3), and when it passes on."""
        who = self._asked
        if who is None:
            return self._awaited()
        name = self._name(who)
        return (f"подкинуть сейчас может только {name}; право перейдёт к следующему по часовой стрелке, "
                f"когда {name} скажет «{self.rules.pass_word}»")

    def _verify(self, player: int, move: Move) -> tuple[int, int]:
        if self.phase == OVER:
            raise IllegalMove(errors.GAME_OVER, f"{self.rules.rule['end']}: игра окончена, ходы больше не принимаются")
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise IllegalMove(errors.BAD_COMMAND, f"нет игрока с номером {player}")
        kind = getattr(type(move), "cmd", None)
        verify = _VERIFIERS.get(kind)
        if verify is None or _moves().MOVE_TYPES[kind] is not type(move):
            raise IllegalMove(errors.BAD_COMMAND, f"неизвестный ход: {move!r}")
        return verify(self, player, move)

    def _verify_attack(self, player: int, move: Attack) -> tuple[int, int]:
        rule = self.rules.rule
        if self.phase != ATTACK:
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['attack']}: заход в этом ходу уже сделан, {self._awaited()}")
        if player != self.attacker:
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['order']}: сейчас заходит {self._name(self.attacker)}")
        return self._card_in_hand(player, move.card), -1

    def _defender_turn(self, player: int, doing: str) -> None:
        """Raise unless ``player`` is the defender facing the table (not yet taking); who defends, and
        how, is the defence rule's (R6, D1), not the rule of the move (R7, R8, R11)."""
        rule = self.rules.rule
        if self.phase == ATTACK:
            if player == self.attacker:
                raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['attack']}: заходящий должен сначала положить карту")
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['order']}: заход ещё не сделан, {self._awaited()}")
        if player != self.defender:
            raise IllegalMove(errors.NOT_YOUR_TURN,
                              f"{rule['defence']}: {doing} только отбивающийся, сейчас отбивается {self._name(self.defender)}")
        if self.phase == TAKING:
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['take']}: отбивающийся уже берёт карты")

    def _verify_beat(self, player: int, move: Beat) -> tuple[int, int]:
        self._defender_turn(player, "бьёт")
        rule = self.rules.rule["beat"]
        show = self.rules.show
        unbeaten = self._open
        if move.target is not None:  # the table first: what is wrong with the named card, then the hand
            target = self.game.index(move.target)
            if target not in unbeaten:
                if target in self._att:
                    cover = self.game.cards[self._def[self._att.index(target)]]
                    raise IllegalMove(errors.CANNOT_BEAT,
                                      f"{rule}: карта {show(move.target)} уже побита картой {show(cover)}")
                raise IllegalMove(errors.CANNOT_BEAT, f"{rule}: карты {show(move.target)} нет на столе")
        elif not unbeaten:
            raise IllegalMove(errors.CANNOT_BEAT, f"{rule}: на столе нет непобитых карт")
        card = self._card_in_hand(player, move.card)
        cards = self.game.cards
        if move.target is None:
            if len(unbeaten) == 1:
                target = unbeaten[0]
            else:
                beatable = [a for a in unbeaten if self._beaters[a] >> card & 1]
                if not beatable:
                    listed = ", ".join(show(cards[a]) for a in unbeaten)
                    raise IllegalMove(errors.CANNOT_BEAT, f"{rule}: карта {show(cards[card])} не бьёт ни одной "
                                      f"из непобитых карт ({listed})")
                if len(beatable) > 1:
                    raise IllegalMove(errors.CANNOT_BEAT, f"{rule}: на столе несколько непобитых "
                                      "карт, нужно назвать, какую из них бьют")
                target = beatable[0]
        if not self._beaters[target] >> card & 1:
            raise IllegalMove(errors.CANNOT_BEAT, self.rules.beat_refusal(cards[card], cards[target], self.trump_suit))
        return card, target

    def _verify_transfer(self, player: int, move: Transfer) -> tuple[int, int]:
        rules = self.rules
        rule = rules.rule
        if not rules.transfer:
            raise IllegalMove(errors.TRANSFER_NOT_ALLOWED, rules.transfer_refusal(move.card, None))
        self._defender_turn(player, "переводит")
        if len(self._open) != len(self._att):
            raise IllegalMove(errors.TRANSFER_NOT_ALLOWED,
                              f"{rule['transfer']}: переводить можно, только пока не побита ни одна карта")
        card = self._card_in_hand(player, move.card)
        attack = self._att[0]
        if not self.game.partners[attack] >> card & 1:
            raise IllegalMove(errors.TRANSFER_NOT_ALLOWED,
                              rules.transfer_refusal(self.game.cards[card], self.game.cards[attack]))
        need = len(self._att) + 1
        if need > MAX_TABLE:
            raise IllegalMove(errors.TABLE_FULL,
                              f"{rule['limit']}: против одного отбивающегося кладут не больше {cards_genitive(MAX_TABLE)}")
        new = self._seats.left[player]
        if new is None:
            raise IllegalMove(errors.TRANSFER_NOT_ALLOWED,
                              f"{rule['transfer']}: переводить некому, у остальных игроков карт не осталось")
        if self._count[new] < need:
            raise IllegalMove(errors.TABLE_FULL,
                              f"{rule['transfer']}: у {self._holder(new, 'следующего отбивающегося')} на руках всего "
                              f"{n_cards(self._count[new])}, а непобитых карт стало бы {need}")
        return card, -1

    def _verify_toss(self, player: int, move: TossIn) -> tuple[int, int]:
        rules = self.rules
        rule = rules.rule
        if self.phase == ATTACK:
            if self._last_end is TAKEN:
                why = f"{rule['take']}: карты уже взяты, заход закончен"
            elif self._last_end is BEATEN:
                why = f"{rule['beaten']}: заход уже отбит"
            else:
                why = f"{rule['toss']}: подкидывать пока некуда, заход ещё не сделан"
            raise IllegalMove(errors.TOSS_NOT_ALLOWED, why)
        if player == self.defender:
            raise IllegalMove(errors.TOSS_NOT_ALLOWED, f"{rule['toss']}: отбивающийся не подкидывает")
        if self.phase == DEFEND and rules.toss_needs_all_beaten:
            raise IllegalMove(errors.TOSS_NOT_ALLOWED,
                              f"{rule['toss']}: подкидывать можно, только когда все карты на столе побиты")
        if not self._count[player]:
            raise IllegalMove(errors.HAND_EMPTY, "на руках не осталось карт")
        if len(self._att) >= self._limit:
            raise IllegalMove(errors.TABLE_FULL, f"{rule['limit']}: {self._limit_reason()}")
        # A player passed by for having nothing that links hears why the card does not fit (below).
        if player != self._asked and self.may_add(player):
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['toss']}: {self._toss_right()}")
        card = self._card_in_hand(player, move.card)
        if not self._toss_mask >> card & 1:
            cards = self.game.cards
            table = [cards[c] for c in card_numbers(self._table_mask)]
            code, message = rules.toss_refusal(cards[card], self.last_beat, table)
            raise IllegalMove(code, message)
        return card, -1

    def _verify_pass(self, player: int, move: Pass) -> tuple[int, int]:
        rule = self.rules.rule
        if self.phase == ATTACK:
            if player == self.attacker:
                raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['attack']}: заходящий должен положить карту")
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['order']}: {self._awaited()}")
        if player == self.defender:
            if self.phase == DEFEND:
                raise IllegalMove(errors.NOT_YOUR_TURN,
                                  f"{rule['defence']}: отбивающийся должен {self.rules.defender_options()}")
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['toss']}: {self._awaited()}")
        if self.phase == DEFEND:
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['order']}: {self._awaited()}")
        if not self._count[player]:
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['toss']}: на руках нет карт, очередь идёт дальше")
        if not self.may_add(player):
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['toss']}: подкинуть нечего, очередь идёт дальше")
        if self._passed >> player & 1:
            raise IllegalMove(errors.NOT_YOUR_TURN,
                              f"{rule['toss']}: этот игрок уже сказал «{self.rules.pass_word}»")
        if player != self._asked:
            raise IllegalMove(errors.NOT_YOUR_TURN, f"{rule['toss']}: {self._toss_right()}")
        return -1, -1

    def _verify_take(self, player: int, move: Take) -> tuple[int, int]:
        self._defender_turn(player, "берёт карты")
        if not self._open:
            raise IllegalMove(errors.NOT_YOUR_TURN,
                              f"{self.rules.rule['take']}: все карты на столе побиты, брать нечего")
        return -1, -1

    def _card_in_hand(self, player: int, card: Any) -> int:
        """The card's number if the player may hold it; else the reason why not."""
        game = self.game
        i = game.index(card)
        if i is None:
            raise IllegalMove(errors.UNKNOWN_CARD, f"карты {self.rules.show(card)} нет в этой колоде")
        if not self._count[player]:
            raise IllegalMove(errors.HAND_EMPTY, "на руках не осталось карт")
        if self._available(player) >> i & 1:
            return i
        show = self.rules.show(game.cards[i])
        bit = 1 << i
        if self._table_mask & bit:
            why = f"карта {show} уже лежит на столе"
        elif self._discard & bit:
            why = f"карта {show} уже в отбое"
        elif i == self.trump_index and self._stock and self._stock[0] == i:
            why = f"{show} — открытый козырь под колодой, его берут последним"
        else:
            owner = next((p for p in range(self.players) if p != player and self._known[p] & bit), None)
            if owner is not None and self.hidden_hands:
                why = f"карта {show} на руках у другого игрока ({self._name(owner)})"
            else:
                why = f"карты {show} нет на руках"
        raise IllegalMove(errors.CARD_NOT_AVAILABLE, why)

    # --- changes --------------------------------------------------------------------------------
    def apply(self, player: int, move: Move) -> tuple:
        """Make the move and return its events; raise :class:`IllegalMove` (changing nothing) if illegal."""
        card, target = self._verify(player, move)
        kind = move.cmd
        if kind is not PASS and kind is not TAKE:  # the log holds the deck's own move values
            game = self.game
            move = (game.beat_move(card, target) if kind is BEAT else
                    (game.attacks if kind is kinds.ATTACK else game.tosses if kind is TOSS_IN else game.transfers)[card])
        events: list = []
        if kind is PASS:
            self._pass(player, events)
        elif kind is TAKE:
            self._take(player, events)
        else:
            self._play(player, kind, card, target, events)
        record = _events().Record(player, move, tuple(events))
        self.log.append(record)
        return record.events

    # The three changes below, by kind of move, are the only ones moves make (``apply`` and ``step``
    # call them); each ends the bout when nothing more may happen in it. ``events`` None records none.
    def _play(self, player: int, kind: str, card: int, target: int, events: list | None) -> None:
        """A legal move with card number ``card`` from the player's hand: a lead, a beat on the card
        numbered ``target``, a transfer or a toss-in."""
        bit = 1 << card
        known, count = self._known, self._count
        if self._unseen and not known[player] & bit:  # a card nobody had seen (table play)
            self._unseen &= ~bit
        else:
            known[player] ^= bit
        count[player] -= 1
        self._table_mask |= bit
        links = self._links[card]
        if kind is BEAT:
            self._def[self._att.index(target)] = card
            self._open.remove(target)
            self._last_beat = card
            self._toss_mask = links if self._all_beaten else self._toss_mask | links
            self._passed = 0  # R9: after a beat the right to toss starts again with the attacker
        else:  # a new unbeaten card
            self._att.append(card)
            self._def.append(-1)
            self._open.append(card)
            if kind is kinds.ATTACK:
                self._toss_mask = links  # classic: the ranks on the table (D3)
                self.phase = DEFEND
            elif kind is TOSS_IN:
                if self.phase is not TAKING:
                    self.phase = DEFEND
                if not self._all_beaten:
                    self._toss_mask |= links  # D3: every rank on the table
            else:
                self._toss_mask |= links
                self._seat_bout(player)  # R8 (interpretation): who transferred attacks, for R9, R13
        if not count[player] and not self._stock and self._out_of_cards(player, events):
            return  # R16
        phase = self.phase
        if phase is DEFEND:
            if self._open:
                if not self._all_beaten:  # D3: the one who holds the right may add while the defender answers
                    self._ask_tosser(skip=False)
                return
            self.phase = phase = TOSS
        if not self._ask_tosser():
            self._end_bout(phase is TAKING, events)

    def _pass(self, player: int, events: list | None) -> None:
        """R9, D3: the player declines to toss in («пас», classic «бито»): the right passes on."""
        self._passed |= 1 << player
        if not self._ask_tosser():
            self._end_bout(self.phase is TAKING, events)

    def _take(self, player: int, events: list | None) -> None:
        """R11: the defender takes the table; D5: the others may still add before the pick-up."""
        if self._after_take:
            self.phase = TAKING
            self._passed = 0
            if self._ask_tosser():
                return
        self._end_bout(True, events)

    def _ask_tosser(self, skip: bool = True) -> bool:
        """R9, D3: the right to toss in is the first player's in toss order who has not passed, while
        the table has room; False (and nobody holds it) when there is none. With ``skip`` (every card
        is beaten, or the defender takes: the right is asked for) a player who certainly holds no card
        that links is passed by as if they had passed, as they would at a table; while the defender
        answers (D3) the right stays with the first who has not passed and holds cards (R9: players
        without cards are passed by)."""
        if len(self._att) < self._limit:
            passed, links = self._passed, self._toss_mask  # pairs: assigned without building a tuple
            known, unseen = self._known, self._unseen
            for p in self._tossers:
                if passed >> p & 1:
                    continue
                mask = known[p]  # the cards the player may hold, as in may_add: none when the hand is empty
                if unseen and self._count[p] > mask.bit_count():
                    mask |= unseen
                if not (mask & links if skip else mask):
                    passed |= 1 << p
                    continue
                self._passed, self._asked = passed, p
                return True
            self._passed = passed
        self._asked = None
        return False

    def _end_bout(self, taken: bool, events: list | None) -> None:
        """The bout is over. R11 (``taken``): the defender takes the table, and the player on the
        taker's left attacks next; else R12: the cards go to the discard, and the defender attacks
        next (R14). The table is cleared, everyone refills (R13), the end is checked (R16, D6) and
        the next bout is seated."""
        table, defender = self._table_mask, self.defender
        if taken:
            self._last_end = TAKEN
            if events is not None:
                cards = self.game.cards
                events.append(_events().Taken(defender, tuple(cards[c] for c in self._att + [d for d in self._def if d >= 0])))
            self._known[defender] |= table
            self._count[defender] += table.bit_count()
        else:
            self._discard |= table
            self._last_end = BEATEN
            if events is not None:
                events.append(_events().Beaten())
        self._att, self._def, self._open = [], [], []
        self._table_mask = self._toss_mask = self._passed = 0
        self._last_beat = -1
        if self._stock:
            self._refill(events)
        if not self._stock and self._after_bout(events):
            return
        attacker = self._seats.left[defender] if taken or self._out >> defender & 1 else defender
        self._seat_bout(attacker)
        self.phase = ATTACK
        if events is not None:
            events.append(_events().NextBout(attacker, self.defender))

    def _refill(self, events: list | None) -> None:
        """R13: up to 6 cards each, in refill order, from the end of the stock list."""
        stock, count = self._stock, self._count  # pairs: assigned without building a tuple
        draws = []
        for p in self._order:
            held = count[p]
            if held >= HAND_SIZE:
                continue
            got = HAND_SIZE - held
            if got > len(stock):
                got = len(stock)
            drawn = stock[-got:]  # drawn[::-1] is the order of drawing
            del stock[-got:]
            self._known[p] |= sum(map(self.game.bit, drawn))  # distinct bits: the sum is their union
            count[p] = held + got
            if events is not None:
                cards = self.game.cards
                draws.append(_events().Draw(p, got, tuple(cards[c] for c in reversed(drawn) if c >= 0)))
            if not stock:
                break
        if draws:
            events.append(_events().Refill(tuple(draws)))

    def _seat_bout(self, attacker: int) -> None:
        """``attacker`` against the next player still in the game: the refill and toss orders and the
        R10 limit follow."""
        self.attacker = attacker
        self.defender, self._order, self._tossers = self._seats.bouts[attacker]
        held = self._count[self.defender]
        self._limit = held if held < MAX_TABLE else MAX_TABLE

    def _mark_out(self, players: int) -> None:
        """The players in mask ``players`` have no cards and the stock is empty: they are out (D6)."""
        if players & ~self._out:
            self._out |= players
            self._seats = self.game.seating(self.players, self._out)

    def _out_of_cards(self, player: int, events: list | None) -> bool:
        """The player's last card with the stock empty. R16: they win at once (True: the game is
        over). Classic durak (D6) only notes who ran out, and in which order: they are announced
        when the bout ends."""
        self._mark_out(1 << player)
        if self.rules.first_out_wins:
            return self._win(player, events)
        if player not in self._emptied:
            self._emptied.append(player)
        return False

    def _after_bout(self, events: list | None) -> bool:
        """R16 / D6 after a bout and its refill with the stock empty; True when the game is over."""
        count = self._count
        out = count.count(0)
        # Nobody is out, or nobody new since the last bout (the players out hold the empty hands and
        # were announced): nothing changes. Classic durak plays most of its bouts so.
        if not out or (out == self._out.bit_count() and self._gone == self._out and not self._emptied):
            return False
        self._mark_out(sum(1 << p for p in range(self.players) if not count[p]))
        if self.rules.first_out_wins:
            out = next((p for p in self._order if not count[p]), None)
            return out is not None and self._win(out, events)
        leaving = [p for p in (*self._emptied, *self._order) if not count[p] and not self._gone >> p & 1]
        leaving = list(dict.fromkeys(leaving))
        self._emptied = []
        self._gone = self._out
        holders = [p for p in range(self.players) if count[p]]
        if not holders:  # the last players ran out together
            self.draw = True
            return self._finish(events, ("DrawnGame",))
        said = []
        for p in leaving:  # D6: each one announced; the first of the game is the winner
            if self.winner is None:
                self.winner = p
                said.append(("Winner", p))
            else:
                said.append(("Out", p))
        if len(holders) == 1:
            self.fool = holders[0]
            return self._finish(events, *said, ("Fool", holders[0]))
        if events is not None:
            events += _announced(said)
        return False

    def _win(self, player: int, events: list | None) -> bool:
        self.winner = player
        return self._finish(events, ("Winner", player))

    def _finish(self, events: list | None, *said: tuple) -> bool:
        """The game is over; ``said``: what is announced, as (event, its player) pairs."""
        self.phase = OVER
        if events is not None:
            events += _announced((*said, ("GameOver",)))
        return True


def _moves():  # noqa: ANN202 - the module
    """The Move values, imported by the first move named by value (``legal_moves``, ``check``, ``apply``:
    the referee's way): a simulation names its moves by kind and card number."""
    from slovariki.game import moves

    return moves


def _events():  # noqa: ANN202 - the module
    """The event values, imported by the first move made with events (``apply``, the referee's): the
    simulator makes none, and their frozen classes would cost each of its runs a few milliseconds."""
    from slovariki.game import events

    return events


def _announced(said: Iterable[tuple]) -> list:
    """The events of (event class name, its arguments…) tuples."""
    events = _events()
    return [getattr(events, name)(*arguments) for name, *arguments in said]


_CHANGING_LISTS = frozenset({"_stock", "_count", "_known", "_att", "_def", "_open", "_emptied", "log"})  # changed in place
_NOT_STATE = frozenset({"game", "_beaters", "_asked", "_seats", "_tossers", "_links", "_partners",
                        "_all_beaten", "_after_take"})  # derived from the rest
# _last_end: only for a message; trump_suit: the trump card's; _stock: by its size (see position)
_NOT_POSITION = _NOT_STATE | {"rules", "names", "log", "_last_end", "trump_suit", "_stock"}
# position() at every bout of a greedy game (the simulator's cycle check): two getters, made once
_position_values = attrgetter(*(n for n in GameState.__slots__ if n not in _NOT_POSITION | _CHANGING_LISTS))
_position_lists = attrgetter(*(n for n in GameState.__slots__ if n in _CHANGING_LISTS - _NOT_POSITION))

_VERIFIERS = {  # by kind
    kinds.ATTACK: GameState._verify_attack,
    BEAT: GameState._verify_beat,
    TRANSFER: GameState._verify_transfer,
    TOSS_IN: GameState._verify_toss,
    PASS: GameState._verify_pass,
    TAKE: GameState._verify_take,
}
