"""The game a referee watches: the set-up told at the table, the engine's state, and undo.

Every rule comes from the engine (``slovariki.game``); this module only names players, finds cards
and takes moves back: ``undo`` replays the game without the last move from the start of its bout,
so it is exact and costs a bout's moves, and only a bout's start costs a copy. Every front end (the
JSON protocol, the Russian REPL, the web screen) drives a :class:`Table`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from slovariki.game import (
    HAND_SIZE, TAKING, TOSS, Beaten, Game, GameState, IllegalMove, Move, NextBout, Pass, Refill, SetupError, Taken,
    Transfer, UnknownRuleset, find_ruleset,
)
from slovariki.referee.words import CardFinder, find_player, normal
from slovariki.text.russian import plural
from slovariki.text.terminal import readable, shorten

if TYPE_CHECKING:
    from slovariki.bank.wordlist import WordBank  # loaded only when a word bank is

GRADES = (1, 2, 3, 4)
NAME_LIMIT = 40  # characters: «Анна Сергеевна» fits; a pasted paragraph would be in every answer
# How the first attacker was chosen (``Setup.first_by``), by ruleset kind: R4 the youngest player,
# D1 the lowest trump; "named" for a name given at the start, "agreed" when nobody holds a trump.
FIRST_BY = {False: ("youngest", "named"), True: ("lowest-trump", "agreed", "named")}
# Characters a name may not hold: they separate things in --players and in the game record.
_NAME_FORBIDDEN = set(",:«»")
# Words the referee reads as moves or commands (as normal() gives them): a player so named would make
# «Пас пас» or «все пас» ambiguous.
RESERVED_NAMES = frozenset({"все", "пас", "бито", "беру", "берет", "ход", "перевод", "отмена", "назад",
                            "стол", "помощь", "справка", "запись", "выход", "конец", "стоп", "правило", "правила",
                            "сохранить"})


class Rejected(Exception):
    """A command the referee refuses: a protocol ``code`` and a Russian ``message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class BankRejected(Rejected):
    """A word bank with errors: ``message`` quotes the first one, ``brief`` only names its place."""

    def __init__(self, bank: WordBank) -> None:
        super().__init__("bad-setup", bank.incomplete())
        first, n = bank.errors[0], len(bank.errors)
        self.brief = (f"в списках слов {n} {plural(n, 'ошибка', 'ошибки', 'ошибок')}, колода неполная; первая — в "
                      f"{first.file}:{first.line}:{first.column}, код {first.code}; подробности покажет «slovariki check»")


@dataclass(frozen=True)
class Setup:
    """What the players tell the referee after the deal (R3, R4)."""

    players: tuple[str, ...]
    trump: str
    first: str | None = None
    rules: str = "slovariki"
    grades: tuple[int, ...] | None = None
    words: str | None = None  # a word bank folder or file; None is the bundled bank
    first_by: str | None = None  # how ``first`` was chosen (FIRST_BY); None: not said
    # Who was dealt the face-up trump card when the hands take the whole deck (six at durak); None:
    # not said, the card is then in a hand the referee does not know.
    trump_holder: str | None = None

    def as_json(self) -> dict:
        return {"players": list(self.players), "trump": self.trump, "first": self.first, "rules": self.rules,
                "grades": None if self.grades is None else list(self.grades), "words": self.words,
                "first_by": self.first_by, "trump_holder": self.trump_holder}

    @classmethod
    def from_json(cls, data: dict) -> Setup:
        """The set-up of a protocol ``new`` command or a session file. Raises Rejected."""
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise Rejected("bad-command", "поле players должно быть списком имён")
        trump = data.get("trump")
        if not isinstance(trump, str):
            raise Rejected("bad-command", "поле trump должно быть словом открытой карты")
        first, rules, words = data.get("first"), data.get("rules", "slovariki"), data.get("words")
        first_by, trump_holder = data.get("first_by"), data.get("trump_holder")
        for key, value in (("first", first), ("words", words), ("first_by", first_by), ("trump_holder", trump_holder)):
            if value is not None and not isinstance(value, str):
                raise Rejected("bad-command", f"поле {key} должно быть текстом")
        if not isinstance(rules, str):
            raise Rejected("bad-command", "поле rules должно быть текстом: slovariki, podkidnoy или perevodnoy")
        grades = data.get("grades")
        if grades is not None:
            if not isinstance(grades, list) or not all(type(g) is int for g in grades):
                raise Rejected("bad-command", "поле grades должно быть списком номеров классов")
            grades = tuple(sorted(set(grades)))
        return cls(tuple(p.strip() for p in players), trump.strip(), first, rules, grades, words, first_by,
                   trump_holder)


@lru_cache(maxsize=8)
def _word_cards(words: str | None, grades: tuple[int, ...] | None) -> tuple[Any, ...]:
    from slovariki.bank.wordlist import WordBankError, load_bank

    try:
        bank = load_bank(words).select(grades)
    except WordBankError as exc:
        raise Rejected("bad-setup", str(exc)) from None
    if bank.errors:  # the deck would not be the printed one: build-deck refuses such a bank too
        raise BankRejected(bank)
    return tuple(bank.deck.select(grades))


def bank_cards(words: str | None) -> tuple[Any, ...]:
    """Every card of the word bank (all grades); none when the bank has errors (the set-up says so)."""
    try:
        return _word_cards(words, None)
    except Rejected:
        return ()


@lru_cache(maxsize=8)
def finder_for(game: Game, words: str | None) -> CardFinder:
    """The cards of the game, and of the whole word bank, to say when a card of another grade is named."""
    return CardFinder(game.cards, lambda: () if game.rules.classic else bank_cards(words))


@lru_cache(maxsize=8)
def _game(rules: str, words: str | None, grades: tuple[int, ...] | None) -> Game:
    ruleset = find_ruleset(rules)
    cards = None if ruleset.classic else _word_cards(words, grades)
    return Game(ruleset, cards)


@dataclass(frozen=True)
class Takes:
    """How often one player took the table's cards, and how many cards in all."""

    times: int
    cards: int


@dataclass(frozen=True)
class Summary:
    """What the table did in a game: for the end-of-game summary."""

    bouts: int
    transfers: int
    takes: tuple[tuple[int, Takes], ...]  # (seat, how often and how many) by cards taken, most first
    taken: tuple[tuple[Any, int], ...]  # each card taken from the table and how often: most often first


@dataclass(frozen=True)
class PutBack:
    """What the players put back with their hands when «отмена» takes back the end of a bout:
    ``draws`` (seat, cards) to the stock, the face-up ``trump`` card back under it (by ``trump_by``,
    who drew it), and the bout's ``cards`` back on the table, from the hand of ``taker`` or, when
    None, from the discard; the card of the move taken back, which left the table with them, goes
    back to its player (``returned``: seat, card)."""

    draws: tuple[tuple[int, int], ...] = ()
    trump: Any = None
    trump_by: int | None = None
    taker: int | None = None
    cards: tuple[Any, ...] = ()
    returned: tuple[tuple[int, Any], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.draws or self.trump is not None or self.cards)

    def as_json(self, names: Sequence[str]) -> dict:
        return {"stock": [{"player": names[p], "cards": n} for p, n in self.draws],
                "trump": None if self.trump is None else {"player": names[self.trump_by], "card": str(self.trump)},
                "table": [str(c) for c in self.cards],
                "from": None if not self.cards else "discard" if self.taker is None else names[self.taker],
                "to_hand": [{"player": names[p], "card": str(c)} for p, c in self.returned]}


@dataclass(frozen=True)
class Examples:
    """Cards of one game for the referee's examples: ``beater`` beats ``card`` (the same colour or
    suit, no trump), ``transfer`` may transfer a lead of ``card`` and ``toss`` may be tossed in
    once ``beater`` has beaten it (None when the rules or the deck have no such card)."""

    card: Any
    beater: Any
    transfer: Any | None
    toss: Any | None


def game_for(rules: str, words: str | None, grades: tuple[int, ...] | None) -> Game:
    """The engine's game for a set-up's rules and deck (also before the trump is known, to list the
    cards). Raises Rejected (``bad-setup``)."""
    if grades is not None and (not grades or not set(grades) <= set(GRADES)):
        raise Rejected("bad-setup", "классы бывают 1, 2, 3 и 4")
    try:
        ruleset = find_ruleset(rules)
        if ruleset.classic:  # one game whatever word bank is named: the word bank plays no part
            words = grades = None
        return _game(ruleset.name, words, grades)
    except (UnknownRuleset, SetupError) as exc:
        raise Rejected("bad-setup", str(exc)) from None


def whole_deck_players(game: Game) -> int | None:
    """How many players take the whole deck in the deal, the face-up trump card dealt last into a
    hand (six at durak with 36 cards); None when no number of players does."""
    players, left = divmod(len(game.cards), HAND_SIZE)
    return players if not left else None


PASSING = (TOSS, TAKING)  # every card beaten, or «беру» said: «все пас» ends the bout


def bout_numbers(log: Sequence[Any]) -> list[int]:
    """For each record of the log, the number of the bout (заход) it was made in, from 1."""
    numbers, bout = [], 1
    for record in log:
        numbers.append(bout)
        bout += _new_bouts(record.events)
    return numbers


def _new_bouts(events: Sequence[Any]) -> int:
    return sum(1 for e in events if type(e) is NextBout)


class Table:
    """One refereed game. Change it only through :meth:`play`, :meth:`pass_all` and the undos."""

    def __init__(self, setup: Setup, game: Game, state: GameState) -> None:
        self.setup = setup
        self.game = game
        self.state = state
        self.finder = finder_for(game, setup.words)
        self.bout = 1  # the number of the bout now being played
        # The game as each bout started, with its number: undo replays the moves from the last one.
        self._bout_starts: list[tuple[GameState, int]] = [(state.copy(), 1)]
        self.opening = (state.attacker, state.defender)  # the first bout's players (R4)
        # For each move of the log: was it made by the same command as the one before («все пас»)?
        # ``undo`` takes such a step back whole.
        self.with_previous: list[bool] = []
        self._examples: Examples | None = None

    @classmethod
    def start(cls, setup: Setup, word_forms: bool = False) -> Table:
        """A game after the deal. Raises Rejected (``bad-setup``) when it cannot start.

        ``word_forms`` also accepts the trump card's word in another form («лопату»); the table's
        set-up then names the card exactly."""
        _check_names(setup.players)
        game = game_for(setup.rules, setup.words, setup.grades)
        finder = finder_for(game, setup.words)
        trump = finder.named(setup.trump, word_forms)
        if trump is None:
            raise Rejected("bad-setup", f"козырь: {finder.unknown_message(setup.trump)}")
        first = 0
        if setup.first is not None:
            try:
                first = find_player(setup.players, setup.first)
            except LookupError as exc:
                raise Rejected("bad-setup", f"кто заходит первым: {exc}") from None
        holder = None
        if setup.trump_holder is not None:
            try:
                holder = find_player(setup.players, setup.trump_holder)
            except LookupError as exc:
                raise Rejected("bad-setup", f"кому сдан козырь: {exc}") from None
        if setup.first_by is not None:
            known = FIRST_BY[game.rules.classic]
            if setup.first_by not in known:
                raise Rejected("bad-setup", f"как выбран первый игрок (first_by): «{shorten(setup.first_by)}»; "
                                            f"в игре «{game.rules.title}» бывает {', '.join(known)}")
            if setup.first is None:
                raise Rejected("bad-setup", "сказано, как выбран первый игрок, но не сказано, кто он (first)")
        try:
            state = game.table_play(len(setup.players), trump, first, setup.players, holder)
        except SetupError as exc:
            raise Rejected("bad-setup", exc.message) from None
        if holder is not None and state.stock_count:
            raise Rejected("bad-setup", f"кому сдан козырь: при {len(setup.players)} игроках открытый козырь "
                                        f"«{trump}» лежит под колодой, а не на руках")
        canonical = replace(setup, trump=str(trump), rules=game.rules.name,
                            first=None if setup.first is None else setup.players[first],
                            trump_holder=None if holder is None else setup.players[holder])
        if game.rules.classic:  # the word bank plays no part
            canonical = replace(canonical, grades=None, words=None)
        return cls(canonical, game, state)

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.names

    @property
    def trump_dealt(self) -> bool:
        """The hands took the whole deck: the face-up trump card was dealt last and is in a hand
        (``setup.trump_holder``'s, if said). Six players of classic durak. The engine's deal says
        it: no stock, and hands the referee does not see (an arranged position shows every card)."""
        dealt = self._bout_starts[0][0]
        return not dealt.stock_count and dealt.hidden_hands

    @property
    def holder_unsaid(self) -> bool:
        """The face-up trump card was dealt into a hand, and nobody has said whose."""
        return self.trump_dealt and self.setup.trump_holder is None

    def examples(self) -> Examples:
        """The help's example cards, by the engine's rules for this deck and trump: ordinary cards
        of one word (a trump beats anything, which shows little), a beat with more stars or a higher
        rank when the deck has one, and a transfer and a toss-in to go with it when it can."""
        if self._examples is None:
            trump, cards = self.state.trump_suit, self.game.cards
            plain = [c for c in cards if c.suit != trump and " " not in c.word]
            # Any playable deck has a beat among all its cards: four colours, and 13 cards or more.
            self._examples = _examples(self.state.rules, trump, plain) or _examples(self.state.rules, trump, cards)
        return self._examples

    def seat(self, name: str) -> int:
        """The seat of a player named exactly (any case), for the protocol."""
        want = normal(name)
        for seat, known in enumerate(self.names):
            if normal(known) == want:
                return seat
        raise Rejected("bad-command", f"нет игрока «{shorten(name)}»: играют {', '.join(self.names)}")

    def card(self, text: str, word_forms: bool = False) -> Any:
        """The card written exactly (with ``word_forms`` also in another form: «Москвой»); Rejected
        ``unknown-card`` with the nearest words otherwise."""
        card = self.finder.named(text, word_forms)
        if card is None:
            raise Rejected("unknown-card", self.finder.unknown_message(text))
        return card

    def play(self, seat: int, move: Move, with_previous: bool = False) -> tuple:
        """Apply the move and return the engine's events; raise Rejected, changing nothing.
        ``with_previous``: the move belongs to the same step as the one before it («все пас»)."""
        try:
            events = self.state.apply(seat, move)
        except IllegalMove as exc:
            raise Rejected(exc.code, exc.message) from None
        self.with_previous.append(with_previous and len(self.state.log) > 1)
        if new := _new_bouts(events):
            self.bout += new
            self._bout_starts.append((self.state.copy(), self.bout))
        return events

    def pass_all(self) -> tuple[Any, ...]:
        """«все пас»: whoever holds the right to toss in declines, one after another, to the bout's
        end; one step, which one :meth:`undo_step` takes back. Returns the records of the passes;
        raises Rejected (``not-now`` before every card is beaten), changing nothing."""
        state = self.state
        if state.phase not in PASSING:
            raise Rejected("not-now", f"«Все {state.rules.pass_word}» — это когда все карты побиты и больше никто "
                                      "не подкидывает")
        bout, done = self.bout, len(state.log)
        try:
            while self.bout == bout and self.state.phase in PASSING:
                self.play(self.state.to_move, Pass(), with_previous=len(self.state.log) > done)
        except Rejected:
            if len(self.state.log) > done:  # all or nothing
                self.undo_step()
            raise
        return tuple(self.state.log[done:])

    @property
    def last_bout(self) -> int:
        """The number of the bout the last move was made in: the one now played, unless it ended it."""
        log = self.state.log
        return self.bout - (_new_bouts(log[-1].events) if log else 0)

    def undo(self) -> Any:
        """Take back the last accepted move and return its record."""
        return self._undo_to(len(self._log()) - 1)[0]

    def undo_step(self) -> tuple[Any, ...]:
        """Take back the last step (a move, or every move of one «все пас») and return its records."""
        keep = len(self._log()) - 1
        while keep and self.with_previous[keep]:
            keep -= 1
        return self._undo_to(keep)

    def put_back(self, records: Sequence[Any]) -> PutBack:
        """What to put back by hand after ``records`` were taken back (call it after the undo): the
        cards drawn in a refill, and the cards of a bout that was beaten or taken."""
        face_up = self.state.trump
        draws, trump, trump_by, taker, ended = [], None, None, None, False
        for record in records:
            for event in record.events:
                kind = type(event)
                if kind is Refill:
                    for draw in event.draws:  # the face-up trump card, drawn last, goes back under the stock
                        got = face_up in draw.cards
                        if got:
                            trump, trump_by = face_up, draw.player
                        if draw.count > got:
                            draws.append((draw.player, draw.count - got))
                elif kind is Taken:
                    taker, ended = event.player, True
                elif kind is Beaten:
                    ended = True
        if not ended:
            return PutBack(tuple(draws), trump, trump_by)
        cards = tuple(c for pair in self.state.table for c in pair if c is not None)
        returned = tuple((r.player, r.move.card) for r in records if hasattr(r.move, "card"))
        return PutBack(tuple(draws), trump, trump_by, taker, cards, returned)

    def _log(self) -> list:
        if not self.state.log:
            raise Rejected("nothing-to-undo", "отменять нечего: ещё не сделано ни одного хода")
        return self.state.log

    def _undo_to(self, keep: int) -> tuple[Any, ...]:
        """Keep the first ``keep`` moves: replay them from the start of the bout of the last one kept
        (no bout starts between, so the bout's number is the one it started with); the records of
        the others."""
        log, starts = self.state.log, self._bout_starts
        while len(starts[-1][0].log) > keep:  # the deal, with no moves, always stays
            starts.pop()
        start, self.bout = starts[-1]
        state = start.copy()
        for record in log[len(start.log):keep]:
            state.apply(record.player, record.move)
        self.state = state
        del self.with_previous[keep:]
        return tuple(log[keep:])

    def finished(self) -> bool:
        return self.state.is_over()

    def out(self) -> tuple[int, ...]:
        """Classic durak: the seats of the players who have left the game (D6), once the referee has
        said so. In «Словарики» the first player out of cards wins and the game ends (R16): nobody leaves."""
        state = self.state
        return () if not state.rules.classic else tuple(p for p in range(state.players) if state.has_left(p))

    def summary(self) -> Summary:
        """Bouts, transfers, who took cards from the table and which cards (the words to review)."""
        transfers = 0
        takes: dict[int, Takes] = {}
        taken: dict[Any, int] = {}
        for record in self.state.log:
            transfers += type(record.move) is Transfer
            for event in record.events:
                if type(event) is Taken:
                    before = takes.get(event.player, Takes(0, 0))
                    takes[event.player] = Takes(before.times + 1, before.cards + len(event.cards))
                    for card in event.cards:
                        taken[card] = taken.get(card, 0) + 1
        ranked = sorted(takes.items(), key=lambda item: (-item[1].cards, -item[1].times, item[0]))
        often = sorted(taken.items(), key=lambda item: -item[1])  # stable: ties stay as first taken
        return Summary(self.bout, transfers, tuple(ranked), tuple(often))


def _examples(rules: Any, trump: Any, cards: Sequence[Any]) -> Examples | None:
    """The first beat in deck order that has the most of: more stars (a higher rank), a transfer, a toss-in."""
    best, score = None, -1
    for card in cards:
        beaters = [b for b in cards if b != card and rules.beats(b, card, trump)]
        if not beaters:
            continue
        beater = next((b for b in beaters if b.rank > card.rank), beaters[0])
        transfer = next((t for t in cards if rules.transfer and t not in (card, beater) and rules.transfers(t, card)),
                        None)
        toss = next((t for t in cards if t not in (card, beater, transfer)
                     and rules.toss_keys(t) & rules.toss_keys(beater)), None)
        points = (beater.rank > card.rank) + (transfer is not None or not rules.transfer) + (toss is not None)
        if points > score:
            best, score = Examples(card, beater, transfer, toss), points
        if score == 3:
            break
    return best


def _check_names(names: Sequence[str]) -> None:
    for name in names:
        if not name:
            raise Rejected("bad-setup", "у каждого игрока должно быть имя")
        if len(name) > NAME_LIMIT:
            raise Rejected("bad-setup", f"имя «{shorten(name)}» длиннее {NAME_LIMIT} знаков")
        if not name.isprintable():
            raise Rejected("bad-setup", f"в имени «{readable(name)}» есть непечатаемые знаки")
        if normal(name) in RESERVED_NAMES:
            raise Rejected("bad-setup", f"«{name}» судья понимает как команду: назовите игрока иначе")
        bad = _NAME_FORBIDDEN & set(name)
        if bad:
            shown = " ".join(repr(c) if c.isspace() else c for c in sorted(bad))
            raise Rejected("bad-setup", f"в имени «{name.strip()}» не должно быть знаков {shown}")
    seen: dict[str, str] = {}
    for name in names:
        key = normal(name)
        if key in seen:
            raise Rejected("bad-setup", f"два игрока с одним именем: «{seen[key]}» и «{name}»")
        seen[key] = name
