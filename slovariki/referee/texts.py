"""The referee's Russian sentences for moves and events, shared by the REPL and the game record."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from slovariki.game import (
    RULESETS, Attack, Beat, Beaten, DrawnGame, Fool, GameOver, Move, NextBout, Out, Pass, Refill, Take, Taken,
    TossIn, Transfer, Winner,
)
from slovariki.text.russian import cards as n_cards
from slovariki.text.russian import plural, sentence, times

# How a move is said, its card (if any) in quotes: «заходит с карты «корова»». A quoted word stays in
# the nominative, so the word before it («карта») carries the case the verb asks for. The second
# form follows «не может»: «Аня не может подкинуть карту «сорока»». A pass is said in the ruleset's
# own word (``pass_said``).
VERBS = {Attack: "заходит с карты", Transfer: "переводит картой", TossIn: "подкидывает карту", Take: "берёт"}
INFINITIVES = {Attack: "зайти с карты", Transfer: "перевести картой", TossIn: "подкинуть карту",
               Take: "взять карты"}
# The words a player may say to decline to toss in, whatever the ruleset: each ruleset's own (R9: «пас»,
# D3: «бито»). What the referee says uses the ruleset's ``pass_word``.
PASS_WORDS = tuple(dict.fromkeys(rules.pass_word for rules in RULESETS.values()))


# How the first attacker was chosen (``Setup.first_by``), as the game record says it after the name.
FIRST_REASONS = {"youngest": "самый младший игрок, правило 4", "lowest-trump": "самый младший козырь, правило D1",
                 "named": "назвали в начале партии", "agreed": "козырей ни у кого нет, договорились"}
# The same reasons as records written before said them: those records still replay.
EARLIER_FIRST_REASONS = {"назвали при начале партии": "named", "козыря ни у кого нет, договорились": "agreed"}


def cards_accusative(n: int) -> str:
    """«забирает 1 карту», «3 карты», «5 карт»."""
    return f"{n} {plural(n, 'карту', 'карты', 'карт')}"


def quoted(card: Any) -> str:
    return f"«{card}»"


def pass_said(rules: Any) -> str:
    """A pass as it follows «можно» or «не может»: «сказать «пас»», in classic durak «сказать «бито»»."""
    return f"сказать «{rules.pass_word}»"


def other_pass_word(rules: Any) -> str:
    """The pass word of the other rulesets, which the referee accepts too: «бито» in «Словарики»."""
    return next(word for word in PASS_WORDS if word != rules.pass_word)


def move_text(move: Move, rules: Any, infinitive: bool = False) -> str:
    """The move as written in the game record: «бьёт карту «коридор» картой «орнамент»», «пас»
    (classic durak: «бито»); or as it follows «не может»: «побить карту «коридор» картой «орнамент»»."""
    if type(move) is Pass:
        return pass_said(rules) if infinitive else rules.pass_word
    if type(move) is Beat:
        verb = "побить" if infinitive else "бьёт"
        if move.target is None:  # as typed, before the engine says which card it beats
            return f"{verb} картой {quoted(move.card)}"
        return f"{verb} карту {quoted(move.target)} картой {quoted(move.card)}"
    verb = (INFINITIVES if infinitive else VERBS)[type(move)]
    return f"{verb} {quoted(move.card)}" if type(move) in (Attack, Transfer, TossIn) else verb


# The engine's refusals start with the rule («правило 7: …»); a refused beat repeats the two cards
# («карта «вокзал» не бьёт карту «собака»: нужна …»), which the sentence before it has named already.
_RULE_FIRST = re.compile(r"^(правило \w+): (.+)$", re.DOTALL)
_BEAT_HEAD = re.compile(r"^.*? не бьёт .*?: (?=.)", re.DOTALL)


def split_rule(message: str) -> tuple[str | None, str]:
    """An engine refusal as (rule, reason): «правило 9: у карт …» → («правило 9», «у карт …»);
    (None, message) when it cites no rule."""
    found = _RULE_FIRST.match(message)
    return (found[1], found[2]) if found else (None, message)


def record_text(record: Any, names: Sequence[str], rules: Any) -> str:
    """An accepted move with its player, as the game record and the referee say it: «Аня: пас»."""
    return f"{names[record.player]}: {move_text(record.move, rules)}"


def refusal_text(name: str, move: Move, message: str, rules: Any) -> str:
    """A refused move as said at the table, the rule after what it forbids:
    «Аня не может подкинуть карту «сорока» (правило 9): у карт «сорока» и «ребята» нет общей сложной буквы.»"""
    rule, reason = split_rule(message)
    if type(move) is Beat:
        reason = _BEAT_HEAD.sub("", reason, count=1)
    cited = f" ({rule})" if rule else ""
    return f"{name} не может {move_text(move, rules, infinitive=True)}{cited}: {reason.rstrip('.')}."


def undo_text(records: Sequence[Any], names: Sequence[str], rules: Any, put_back: Any = None) -> str:
    """What «отмена» took back: «Отменён ход: Аня: пас.», «Отменены ходы: Аня: пас; Вика: пас.»; with
    ``put_back`` (a :class:`~slovariki.referee.table.PutBack`) also what to put back by hand."""
    moves = "; ".join(record_text(r, names, rules) for r in records)
    said = f"{'Отменён ход' if len(records) == 1 else 'Отменены ходы'}: {moves}."
    return " ".join([said, *put_back_lines(put_back, names)]) if put_back else said


def put_back_lines(put_back: Any, names: Sequence[str]) -> list[str]:
    """«Верните в колоду: Аня 1, Андрей 1.», «Андрей, положи карты обратно на стол: «корова», «собака».»"""
    lines = []
    if put_back.draws:
        lines.append("Верните в колоду: " + ", ".join(f"{names[p]} {n}" for p, n in put_back.draws) + ".")
    if put_back.trump is not None:
        lines.append(f"{names[put_back.trump_by]}, положи открытый козырь {quoted(put_back.trump)} обратно под колоду.")
    if put_back.cards or put_back.returned:
        cards = ", ".join(quoted(c) for c in put_back.cards)
        said = (f"Карты из отбоя верните на стол: {cards}" if put_back.taker is None
                else f"{names[put_back.taker]}, положи карты обратно на стол: {cards}")
        back = "; ".join(f"{quoted(c)} забирает {names[p]}" for p, c in put_back.returned)
        lines.append(f"{said}; {back}." if back else f"{said}.")
    return lines


def bout_header(bout: int, attacker: str, defender: str) -> str:
    """«Заход 2: заходит Аня, отбивается Боря.»: a sentence, as the referee says it and the record writes it."""
    return sentence(f"Заход {bout}: заходит {attacker}, отбивается {defender}")


def event_lines(events: Iterable[Any], names: Sequence[str], bout: int, classic: bool) -> list[str]:
    """One sentence per event; ``bout`` is the number of the bout the events happened in."""
    lines = []
    for event in events:
        kind = type(event)
        if kind is Beaten:
            lines.append("Бито: карты со стола уходят в отбой.")
        elif kind is Taken:
            lines.append(f"{names[event.player]} забирает со стола {cards_accusative(len(event.cards))}.")
        elif kind is Refill:
            lines.append("Добирают из колоды: " + ", ".join(f"{names[d.player]} {d.count}" for d in event.draws) + ".")
            for draw in event.draws:
                if draw.cards:
                    seen = ", ".join(quoted(c) for c in draw.cards)
                    lines.append(f"{names[draw.player]} берёт последнюю карту колоды — открытый козырь {seen}.")
        elif kind is NextBout:
            bout += 1
            lines.append(bout_header(bout, names[event.attacker], names[event.defender]))
        elif kind is Winner:  # no word agrees with the name: right whatever its gender
            lines.append(f"Без карт раньше всех: {names[event.player]}." if classic
                         else f"Победитель — {names[event.player]}!")
        elif kind is Out:
            lines.append(f"{names[event.player]} тоже без карт и выходит из игры.")
        elif kind is Fool:
            lines.append(f"Дурак — {names[event.player]}.")
        elif kind is DrawnGame:
            lines.append("Ничья: последние карты кончились у двоих сразу.")
        elif kind is GameOver:
            lines.append("Игра окончена.")
    return lines


# Result lines as earlier versions wrote them in game records, and as they read now: a replay
# accepts both.
_EARLIER = ((re.compile(r"^Первым без карт остался игрок (.+)\.$"), r"Без карт раньше всех: \1."),
            (re.compile(r"^Игрок (.+) тоже без карт и выходит из игры\.$"), r"\1 тоже без карт и выходит из игры."),
            (re.compile(r"^(Заход \d+: .*[^.!?])$"), r"\1."))  # a bout's header had no full stop


def current_wording(line: str) -> str:
    """A result line of a game record in today's words (see ``_EARLIER``)."""
    for earlier, now in _EARLIER:
        line = earlier.sub(now, line)
    return line


def result_text(state: Any) -> str:
    """Who won or lost, once the game is over: «Победитель — Аня!», «Дурак — Вика.», «Ничья.»."""
    names = state.names
    if state.fool is not None:
        return f"Дурак — {names[state.fool]}."
    if state.draw:
        return "Ничья."
    if state.winner is not None:
        return f"Победитель — {names[state.winner]}!"
    return ""


def summary_lines(summary: Any, names: Sequence[str], rules: Any) -> list[str]:
    """The end-of-game summary (see :class:`~slovariki.referee.table.Summary`) in sentences."""
    head = f"Итоги партии: заходов — {summary.bouts}"
    lines = [head + (f", переводов — {summary.transfers}." if rules.transfer else ".")]
    if summary.takes:
        listed = ", ".join(f"{names[p]} — {times(t.times)} ({n_cards(t.cards)})" for p, t in summary.takes)
        most = [names[p] for p, t in summary.takes if t.cards == summary.takes[0][1].cards]
        # «больше всех» only when it tells something: not of the one who took, nor of all who took alike
        ranking = f"; больше всех — {' и '.join(most)}" if len(most) < len(summary.takes) else ""
        lines.append(f"Брали карты со стола: {listed}{ranking}.")
    else:
        lines.append("Карты со стола не брал никто.")
    if summary.taken and not rules.classic:
        words = ", ".join(quoted(card) + (f" ({times(n)})" if n > 1 else "") for card, n in summary.taken)
        lines.append(f"Слова, которые брали со стола, — их стоит повторить: {words}.")
    return lines
