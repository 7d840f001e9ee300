"""The referee's view of one game of «Битва пар»: every meld, draw, penalty and the end, checked.

The referee never sees a hand. It knows the deal, every card laid down face up, and so how many
cards each player holds and has left in the reserve. Each action has three faces: ``verify_…``
raises ``Refused`` with the reason, ``can_…`` asks, and ``play`` verifies, changes the state,
appends the move to ``log`` and returns the events. Undo is a replay of the log without its last move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from slovariki.bitva import errors as E
from slovariki.bitva.errors import Refused
from slovariki.bitva.rules import FOUR_OF_A_RANK_BONUS, OUT_BONUS, PENALTY, deal_plan
from slovariki.bitva.scoring import Score, player_score, winners
from slovariki.game.cards import FULL_RANK_NAMES, PlayingCard
from slovariki.text.russian import cards as n_cards
from slovariki.text.terminal import readable, shorten

MAX_MELD = 3
NAME_LIMIT = 40  # characters of a player's name
REASON_LIMIT = 200  # characters of a penalty's reason: it stays in the state of every later answer
# Words a player may not be called, so that a typed line always reads one way.
RESERVED_NAMES = frozenset({
    "игроки", "штраф", "добор", "конец", "отмена", "счёт", "счет", "состояние", "помощь", "выход",
    "пара", "триплет", "тройка", "одна", "одиночная", "карта",
})
RANKS_GENITIVE = {2: "двоек", 3: "троек", 4: "четвёрок", 5: "пятёрок", 6: "шестёрок", 7: "семёрок",
                  8: "восьмёрок", 9: "девяток", 10: "десяток", 11: "валетов", 12: "дам", 13: "королей",
                  14: "тузов"}


# Moves: what the referee is told. Player names are as typed; the log keeps them as the game spells them.

@dataclass(frozen=True)
class Meld:
    """``player`` lays ``cards`` down, then takes ``draw`` cards from the reserve (None: as many as
    were laid, or what the reserve still holds)."""

    player: str
    cards: tuple[PlayingCard, ...]
    draw: int | None = None


@dataclass(frozen=True)
class Draw:
    """``player`` takes ``count`` cards from the reserve (after a meld made with a smaller draw)."""

    player: str
    count: int


@dataclass(frozen=True)
class Penalty:
    """The referee records a rule break: −10 points."""

    player: str
    reason: str = ""


@dataclass(frozen=True)
class Finish:
    """The game is over: everyone who went out has been recorded."""


Move = Meld | Draw | Penalty | Finish


# Events: what happened as a result, in order.

@dataclass(frozen=True)
class Drawn:
    player: str
    count: int
    type: ClassVar[str] = "draw"

    def as_json(self) -> dict:
        return {"type": self.type, "player": self.player, "cards": self.count}


@dataclass(frozen=True)
class FourOfARank:
    player: str
    rank: int
    type: ClassVar[str] = "four"

    def as_json(self) -> dict:
        return {"type": self.type, "player": self.player, "rank": FULL_RANK_NAMES[self.rank],
                "points": FOUR_OF_A_RANK_BONUS}


@dataclass(frozen=True)
class Out:
    player: str
    type: ClassVar[str] = "out"

    def as_json(self) -> dict:
        return {"type": self.type, "player": self.player, "points": OUT_BONUS}


@dataclass(frozen=True)
class Penalized:
    player: str
    reason: str
    type: ClassVar[str] = "penalty"

    def as_json(self) -> dict:
        return {"type": self.type, "player": self.player, "points": PENALTY, "reason": self.reason}


@dataclass(frozen=True)
class Result:
    """The end: one winner or a tie between several (by points when nobody went out)."""

    winners: tuple[str, ...]

    @property
    def type(self) -> str:
        return "winner" if len(self.winners) == 1 else "tie"

    def as_json(self) -> dict:
        if len(self.winners) == 1:
            return {"type": self.type, "player": self.winners[0]}
        return {"type": self.type, "players": list(self.winners)}


@dataclass(frozen=True)
class GameOver:
    type: ClassVar[str] = "game-over"

    def as_json(self) -> dict:
        return {"type": self.type}


Event = Drawn | FourOfARank | Out | Penalized | Result | GameOver


def check_names(players: Sequence[str]) -> tuple[str, ...]:
    """The players' names, or Refused(bad-setup): 2–4 distinct one-word names."""
    names = tuple(players)
    deal_plan(len(names))
    for name in names:
        if isinstance(name, str) and len(name) > NAME_LIMIT:
            raise Refused(E.BAD_SETUP, f"имя «{shorten(name)}» длиннее {NAME_LIMIT} знаков")
        if isinstance(name, str) and name and not name.isprintable() and len(name.split()) == 1:
            raise Refused(E.BAD_SETUP, f"в имени «{readable(name)}» есть непечатаемые знаки")
        if not isinstance(name, str) or not name or len(name.split()) != 1 or "," in name or ":" in name:
            raise Refused(E.BAD_SETUP, f"имя игрока «{name}» не годится: нужно одно слово без запятых")
        if name.lower() in RESERVED_NAMES:
            raise Refused(E.BAD_SETUP, f"«{name}» — служебное слово, назовите игрока иначе")
        if _looks_like_card(name):
            raise Refused(E.BAD_SETUP, f"имя «{name}» похоже на карту, назовите игрока иначе")
    folded = [name.lower() for name in names]
    for name in names:
        if folded.count(name.lower()) > 1:
            raise Refused(E.BAD_SETUP, f"имя «{name}» встречается дважды: у игроков должны быть разные имена")
    return names


def find_player(players: Sequence[str], name: str) -> str:
    """The player's name as the game spells it; case does not matter."""
    for known in players:
        if known.lower() == name.lower():
            return known
    raise Refused(E.UNKNOWN_PLAYER, f"игрока «{shorten(name)}» в этой партии нет; играют: {', '.join(players)}")


def _looks_like_card(text: str) -> bool:
    try:
        PlayingCard.parse(text, lowest_rank=2)
    except ValueError:
        return False
    return True


class Game:
    def __init__(self, players: Sequence[str]) -> None:
        self.players = check_names(players)
        self.plan = deal_plan(len(self.players))
        self.hands = {name: self.plan.hand for name in self.players}
        self.reserves = {name: self.plan.reserve for name in self.players}
        self.melds: dict[str, list[tuple[PlayingCard, ...]]] = {name: [] for name in self.players}
        self.owner: dict[PlayingCard, str] = {}
        self.penalties: dict[str, list[str]] = {name: [] for name in self.players}
        self.out: list[str] = []  # players who got rid of every card, in order
        self.over = False
        self.log: list[Move] = []

    @classmethod
    def replay(cls, players: Sequence[str], moves: Iterable[Move]) -> Game:
        game = cls(players)
        for move in moves:
            game.play(move)
        return game

    def without_last(self) -> Game:
        """The game as it was before the last move (undo)."""
        if not self.log:
            raise Refused(E.NOTHING_TO_UNDO, "отменять нечего: ещё не было ни одного хода")
        return Game.replay(self.players, self.log[:-1])

    def player(self, name: str) -> str:
        return find_player(self.players, name)

    def laid_of_rank(self, rank: int) -> int:
        return sum(1 for card in self.owner if card.rank == rank)

    # Verification: each raises Refused with the reason and returns what the action needs.

    def _verify_open(self) -> None:
        if self.over:
            raise Refused(E.GAME_OVER, "партия уже окончена: ходы больше не принимаются")

    def _verify_cards_free(self, cards: Sequence[PlayingCard]) -> None:
        for i, card in enumerate(cards):
            if card in cards[:i]:
                raise Refused(E.CARD_NOT_AVAILABLE, f"карта {card} названа дважды")
            if card in self.owner:
                raise Refused(E.CARD_NOT_AVAILABLE,
                              f"карта {card} уже на столе: её выложили раньше ({self.owner[card]})")

    def _verify_shape(self, cards: Sequence[PlayingCard]) -> None:
        if not cards:
            raise Refused(E.NOT_A_MELD, "не названо ни одной карты")
        if len(cards) > MAX_MELD:
            raise Refused(E.ONE_MELD_AT_A_TIME,
                          f"за один раз кладут одну комбинацию — пару, триплет или одну карту, а названо "
                          f"{n_cards(len(cards))}; несколько комбинаций выкладывают по очереди "
                          "(выложить сразу несколько — нарушение, штраф −10)")
        ranks = sorted({card.rank for card in cards})
        if len(ranks) > 1:
            raise Refused(E.NOT_A_MELD, "в паре и в триплете все карты одного значения, а здесь "
                          + " и ".join(FULL_RANK_NAMES[r] for r in ranks))
        rank = ranks[0]
        if len(cards) == 1 and self.laid_of_rank(rank) < MAX_MELD:
            raise Refused(E.SINGLE_NOT_ALLOWED,
                          f"одну карту кладут, только когда три карты её значения уже на столе; "
                          f"{RANKS_GENITIVE[rank]} на столе сейчас: {self.laid_of_rank(rank)}")

    def _draw_count(self, player: str, hand_after: int, requested: int | None, laid: int) -> int:
        reserve = self.reserves[player]
        if requested is None:
            return min(laid, reserve)
        if requested < 0:
            raise Refused(E.BAD_COMMAND, "число карт из резерва не может быть отрицательным")
        if requested > reserve:
            raise Refused(E.RESERVE_TOO_SMALL,
                          f"{player} берёт из резерва {requested}, а там {n_cards(reserve)}")
        if hand_after + requested > self.plan.hand:
            raise Refused(E.HAND_LIMIT,
                          f"{player}: на руке оказалось бы {n_cards(hand_after + requested)}, а сдано "
                          f"было {self.plan.hand}: держать больше сданного нельзя (нарушение, штраф −10)")
        return requested

    def _verify_not_finishing(self, goes_out: bool) -> None:
        if self.out and not goes_out:
            raise Refused(E.FINISHING,
                          f"{self.out[0]} уже без карт; теперь принимаются только последние "
                          "ходы тех, кто закончил одновременно, и конец партии")

    def verify_meld(self, meld: Meld) -> int:
        """Raise Refused, or return how many cards the player then takes from the reserve."""
        self._verify_open()
        player = self.player(meld.player)
        cards = tuple(meld.cards)
        self._verify_cards_free(cards)
        self._verify_shape(cards)
        if player in self.out:
            raise Refused(E.NOT_ENOUGH_CARDS, f"{player} уже без карт")
        hand = self.hands[player]
        if len(cards) > hand:
            raise Refused(E.NOT_ENOUGH_CARDS,
                          f"{player} хочет выложить {n_cards(len(cards))}, а на руке {n_cards(hand)}")
        draw = self._draw_count(player, hand - len(cards), meld.draw, len(cards))
        self._verify_not_finishing(hand - len(cards) + draw == 0 and self.reserves[player] == draw)
        return draw

    def verify_draw(self, draw: Draw) -> None:
        self._verify_open()
        player = self.player(draw.player)
        if draw.count < 1:
            raise Refused(E.BAD_COMMAND, "из резерва берут хотя бы одну карту")
        self._verify_not_finishing(goes_out=False)
        self._draw_count(player, self.hands[player], draw.count, 0)

    def verify_penalty(self, penalty: Penalty) -> None:
        self._verify_open()
        self.player(penalty.player)
        if len(penalty.reason) > REASON_LIMIT:
            raise Refused(E.BAD_COMMAND, f"причина штрафа длиннее {REASON_LIMIT} знаков: скажите короче")

    def verify_finish(self) -> None:
        self._verify_open()

    def verify(self, move: Move) -> None:
        if isinstance(move, Meld):
            self.verify_meld(move)
        elif isinstance(move, Draw):
            self.verify_draw(move)
        elif isinstance(move, Penalty):
            self.verify_penalty(move)
        else:
            self.verify_finish()

    def can(self, move: Move) -> bool:
        try:
            self.verify(move)
        except Refused:
            return False
        return True

    # Actions.

    def play(self, move: Move) -> tuple[Event, ...]:
        """Verify ``move``, apply it, log it and return the events; a refused move changes nothing."""
        if isinstance(move, Meld):
            events = self._meld(move)
            move = Meld(self.player(move.player), tuple(move.cards), move.draw)
        elif isinstance(move, Draw):
            self.verify_draw(move)
            player = self.player(move.player)
            move = Draw(player, move.count)
            events = self._take(player, move.count)
        elif isinstance(move, Penalty):
            self.verify_penalty(move)
            move = Penalty(self.player(move.player), move.reason)
            self.penalties[move.player].append(move.reason)
            events = (Penalized(move.player, move.reason),)
        else:
            self.verify_finish()
            self.over = True
            events = (Result(self.winners()), GameOver())
        self.log.append(move)
        return events

    def _meld(self, meld: Meld) -> tuple[Event, ...]:
        draw = self.verify_meld(meld)
        player = self.player(meld.player)
        cards = tuple(meld.cards)
        self.hands[player] -= len(cards)
        self.melds[player].append(cards)
        for card in cards:
            self.owner[card] = player
        events = list(self._take(player, draw))
        rank = cards[0].rank
        if sum(1 for card, owner in self.owner.items() if owner == player and card.rank == rank) == 4:
            events.append(FourOfARank(player, rank))
        if self.hands[player] == 0 and self.reserves[player] == 0:
            self.out.append(player)
            events.append(Out(player))
        return tuple(events)

    def _take(self, player: str, count: int) -> tuple[Event, ...]:
        self.reserves[player] -= count
        self.hands[player] += count
        return (Drawn(player, count),) if count else ()

    # Queries.

    def score(self, player: str) -> Score:
        return player_score(self.melds[player], player in self.out, len(self.penalties[player]))

    def scores(self) -> dict[str, Score]:
        return {name: self.score(name) for name in self.players}

    def winners(self) -> tuple[str, ...]:
        return winners(self.out, {name: s.total for name, s in self.scores().items()})

    def as_json(self) -> dict:
        return {
            "players": list(self.players),
            "hand_size": self.plan.hand,
            "reserve_size": self.plan.reserve,
            "aside": self.plan.aside,
            "hands": dict(self.hands),
            "reserves": dict(self.reserves),
            "melds": {name: [[str(c) for c in meld] for meld in melds] for name, melds in self.melds.items()},
            "on_table": len(self.owner),
            "scores": {name: s.as_json() for name, s in self.scores().items()},
            "out": list(self.out),
            "over": self.over,
            "winners": list(self.winners()) if self.over else [],
        }
