"""Russian text for people: the deal, the score table, the result, and what each event means."""

from __future__ import annotations

from slovariki.bitva.game import Drawn, Event, FourOfARank, Game, GameOver, Out, Penalized, Result
from slovariki.bitva.rules import DECK_SIZE, FOUR_OF_A_RANK_BONUS, OUT_BONUS, PENALTY, Deal, DealPlan
from slovariki.game.cards import PlayingCard
from slovariki.text.russian import cards as n_cards
from slovariki.text.russian import plural

RANKS_FOUR = {2: "двойки", 3: "тройки", 4: "четвёрки", 5: "пятёрки", 6: "шестёрки", 7: "семёрки",
              8: "восьмёрки", 9: "девятки", 10: "десятки", 11: "валета", 12: "дамы", 13: "короля",
              14: "туза"}


def number(n: int) -> str:
    """An integer with a real minus sign: −10."""
    return f"−{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """+5, 0, −10."""
    return f"+{n}" if n > 0 else number(n)


def players_word(n: int) -> str:
    return f"{n} {plural(n, 'игрок', 'игрока', 'игроков')}"


def deal_text(plan: DealPlan) -> str:
    rest = DECK_SIZE - plan.hand * plan.players
    lines = [
        f"«Битва пар»: {players_word(plan.players)}, колода {n_cards(DECK_SIZE)}.",
        f"На руку каждому — {n_cards(plan.hand)} (всего {plan.hand * plan.players}).",
        f"Остальные {n_cards(rest)} делятся поровну на закрытые резервы: по {n_cards(plan.reserve)} "
        f"каждому (всего {plan.reserve * plan.players}).",
    ]
    if plan.aside:
        lines.append(f"Остаток — {n_cards(plan.aside)}: её, не открывая, откладывают в сторону, "
                     "в игре она не участвует.")
    else:
        lines.append("Остатка нет.")
    return "\n".join(lines)


def _cards(cards: tuple[PlayingCard, ...]) -> str:
    return " ".join(map(str, cards))


def dealt_cards_text(deal: Deal) -> str:
    """Each player's hand (sorted) and reserve (top card first), and the card set aside."""
    lines = []
    for i, (hand, reserve) in enumerate(zip(deal.hands, deal.reserves), start=1):
        lines.append(f"Игрок {i}: на руке {_cards(tuple(sorted(hand, key=lambda c: (c.rank, c.suit.key))))}")
        lines.append(f"         резерв (сверху вниз): {_cards(reserve)}")
    if deal.aside:
        lines.append(f"В стороне: {_cards(deal.aside)}")
    return "\n".join(lines)


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    def line(row: list[str]) -> str:
        return "  ".join([row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(row[1:], widths[1:])])
    return "\n".join(line(row) for row in [header, *rows])


def score_table(game: Game) -> str:
    rows = []
    for name, s in game.scores().items():
        rows.append([name, str(s.cards), signed(s.fours_bonus), signed(s.out_bonus), signed(s.penalty_points),
                     number(s.total)])
    return _table(["Игрок", "Карты", "Четвёрки", "Выход", "Штрафы", "Итого"], rows)


def state_table(game: Game) -> str:
    rows = [[name, str(game.hands[name]), str(game.reserves[name]),
             str(sum(len(m) for m in game.melds[name])), number(game.score(name).total)] for name in game.players]
    return _table(["Игрок", "На руке", "В резерве", "Выложено", "Очки"], rows)


def points(n: int) -> str:
    return f"{number(n)} {plural(abs(n), 'очко', 'очка', 'очков')}"


def joined(items: list[str]) -> str:
    """«А», «А и Б», «А, Б и В»."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " и " + items[-1]


def result_text(game: Game) -> str:
    won = game.winners()
    totals = {name: s.total for name, s in game.scores().items()}
    if not game.out:  # stopped when nobody could lay anything more: the points decide
        if len(won) == 1:
            return f"Никто не избавился от всех карт, побеждает тот, у кого больше очков: {won[0]} ({points(totals[won[0]])})."
        return f"Никто не избавился от всех карт, очков поровну: ничья — {joined(list(won))} (по {points(totals[won[0]])})."
    if len(game.out) == 1:  # no word agrees with the name: right whatever its gender
        return f"Победитель: {won[0]} — карты кончились раньше всех."
    if len(won) == 1:
        head = f"Победитель по очкам: {won[0]}."
    else:
        head = f"Ничья по очкам: {joined(list(won))} (по {points(totals[won[0]])})."
    together = joined([f"{name} ({points(totals[name])})" for name in game.out])
    return f"{head} Одновременно закончили {together}."


def event_text(event: Event, game: Game) -> str:
    """One event as a sentence; ``game`` is the state after the move."""
    if isinstance(event, Drawn):
        return (f"Из резерва взято {event.count}: на руке {game.hands[event.player]}, "
                f"в резерве {game.reserves[event.player]}.")
    if isinstance(event, FourOfARank):
        return f"{event.player}: выложены все четыре {RANKS_FOUR[event.rank]}, {signed(FOUR_OF_A_RANK_BONUS)}."
    if isinstance(event, Out):
        return f"{event.player}: карт больше нет ни на руке, ни в резерве, {signed(OUT_BONUS)}."
    if isinstance(event, Penalized):
        count = len(game.penalties[event.player])
        return f"{event.player}: штраф {signed(PENALTY)} (всего штрафов: {count})."
    if isinstance(event, Result):
        return result_text(game)
    assert isinstance(event, GameOver)
    return "Партия окончена.\n" + score_table(game)
