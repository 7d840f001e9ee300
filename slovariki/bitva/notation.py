"""The Russian text of «Битва пар» commands: one line per command, for the REPL and game records.

    игроки: Аня, Боря, Вика      start a game
    Аня 7ч 7п                    a meld (optionally «пара», «триплет», «одна» before the cards)
    Аня триплет Д♠ Д♣ Д♦ добор 1 a meld with an explicit number of cards taken from the reserve
    добор Аня 2                  cards taken from the reserve later
    штраф Боря начал раньше      a penalty, with an optional reason
    конец                        the end of the game
    отмена, счёт, помощь, выход  REPL only

``format_move`` writes a move back as a line that parses to the same move.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from slovariki.bitva import errors as E
from slovariki.bitva.errors import Refused
from slovariki.bitva.game import Draw, Finish, Meld, Move, Penalty, find_player
from slovariki.game.cards import PlayingCard
from slovariki.text.russian import cards as n_cards
from slovariki.text.spoken import spoken_card
from slovariki.text.terminal import shorten

KIND_SIZES = {"пара": 2, "триплет": 3, "тройка": 3, "одна": 1, "одиночная": 1, "карта": 1}
KIND_NAMES = {1: "одна карта", 2: "пара", 3: "триплет"}
SESSION_WORDS = {"отмена": "undo", "отменить": "undo", "счёт": "state", "счет": "state",
                 "состояние": "state", "помощь": "help", "?": "help", "выход": "quit"}


@dataclass(frozen=True)
class NewGame:
    players: tuple[str, ...]


@dataclass(frozen=True)
class SessionCommand:
    """REPL commands that are not moves: ``undo``, ``state``, ``help``, ``quit``."""

    name: str


Command = NewGame | SessionCommand | Move

# One card in a text without spaces: a rank 2–10, В, Д, К, Т and a suit sign or letter.
_CARD = re.compile(r"(?:10|[2-9]|[вдкт])[♠♣♦♥♤♧♢♡пкбч]", re.IGNORECASE)
_CARDS = re.compile(f"(?:{_CARD.pattern})+", re.IGNORECASE)

USAGE = ("понимаю строки вида «Аня 7ч 7п», «Аня пара 7♥ 7♠», «штраф Боря», «добор Аня 2», "
         "«игроки: Аня, Боря», «конец»")


def parse_card(text: str) -> PlayingCard:
    try:
        return PlayingCard.parse(text.replace("\ufe0f", ""), lowest_rank=2)
    except ValueError as exc:
        raise Refused(E.UNKNOWN_CARD, str(exc)) from None


def _count(text: str, what: str) -> int:
    if not text.isdigit():
        raise Refused(E.BAD_COMMAND, f"{what}: нужно число, а не «{text}»")
    return int(text)


def parse_line(line: str, players: Sequence[str] | None = None) -> Command | None:
    """The command on ``line``, None for an empty line or a comment; Refused for anything else.
    With the game's ``players`` known, a line that starts with neither a command nor a player's
    name is refused as such, before its cards are read."""
    text = line.split("#", 1)[0].strip().rstrip(".!")  # «Аня 7ч 7п.» typed as a sentence
    words = text.replace(",", " ").split()
    if not words:
        return None
    head = words[0].rstrip(":").lower()
    rest = words[1:]
    if head in SESSION_WORDS and not rest:
        return SessionCommand(SESSION_WORDS[head])
    if head == "игроки":
        return NewGame(tuple(rest))
    if head == "конец" and not rest:
        return Finish()
    if head == "штраф":
        if not rest:
            raise Refused(E.BAD_COMMAND, "кого штрафовать? Например: «штраф Боря»")
        reason = text.split(None, 2)[2].strip() if len(text.split(None, 2)) == 3 else ""
        return Penalty(rest[0], reason)
    if head == "добор":
        if len(rest) != 2:
            raise Refused(E.BAD_COMMAND, "добор пишется так: «добор Аня 2»")
        return Draw(rest[0], _count(rest[1], "добор"))
    player = words[0].rstrip(":")
    if players is not None:
        try:
            find_player(players, player)
        except Refused as exc:
            if _is_card(player):
                raise Refused(exc.code, f"чьи это карты? Начните строку с имени игрока: «{players[0]} {text}»") from None
            raise Refused(exc.code, f"«{shorten(player)}» — не команда и не игрок этой партии "
                          f"(играют: {', '.join(players)})") from None
    return _parse_meld(player, rest)


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except Refused:
        return False
    return True


def _cards(words: list[str]) -> tuple[PlayingCard, ...]:
    """The cards as typed at a table: «7ч 7п», also run together («7ч7п»), with a space inside
    («10 ч 10 п») or said in words, as the durak referee reads them («дама пик дама червей»,
    «8 крести», «семёрка червей»)."""
    text = "".join(words).replace("\ufe0f", "")
    if _CARDS.fullmatch(text):
        return tuple(parse_card(word) for word in _CARD.findall(text))
    cards: list[PlayingCard] = []
    while words:
        try:
            cards.append(parse_card(words[0]))
            words = words[1:]
            continue
        except Refused as exc:
            said = spoken_card(" ".join(words[:2]), lowest_rank=2) if len(words) > 1 else None
            if said is None:
                raise Refused(exc.code, f"{exc.message}; можно и словами: «дама пик», «8 треф»") from None
        cards.append(said)
        words = words[2:]
    return tuple(cards)


def _parse_meld(player: str, words: list[str]) -> Meld:
    draw = None
    if len(words) >= 2 and words[-2].lower() == "добор":
        draw = _count(words[-1], "добор")
        words = words[:-2]
    kind = None
    # «тройка» names a triplet, but «тройка пик» is the card 3♠
    if words and words[0].lower() in KIND_SIZES and spoken_card(" ".join(words[:2]), lowest_rank=2) is None:
        kind = words[0].lower()
        words = words[1:]
    if not words:
        raise Refused(E.BAD_COMMAND, f"не вижу карт: {USAGE}")
    cards = _cards(words)
    if kind is not None and KIND_SIZES[kind] != len(cards):
        raise Refused(E.NOT_A_MELD, f"«{kind}» — это {n_cards(KIND_SIZES[kind])}, а названо {len(cards)}")
    return Meld(player, cards, draw)


def format_move(move: Move) -> str:
    if isinstance(move, Meld):
        line = f"{move.player} " + " ".join(str(card) for card in move.cards)
        return line if move.draw is None else f"{line} добор {move.draw}"
    if isinstance(move, Draw):
        return f"добор {move.player} {move.count}"
    if isinstance(move, Penalty):
        return f"штраф {move.player} {move.reason}".rstrip()
    return "конец"


def format_players(players: tuple[str, ...]) -> str:
    return "игроки: " + ", ".join(players)
