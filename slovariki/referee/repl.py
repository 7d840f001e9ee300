"""The Russian REPL: moves typed as people say them, the verdict and the table after each one.

    Аня сорока               заход (или подкидывание, или защита: смотря чей ход)
    Боря бьёт коридором      слово в любой форме; с опечаткой судья переспросит
    Боря бьёт сороку коридором   какую карту бьёт: по падежу (винительный — её бьют, творительный — ею)
    Боря переводит собаку / Вика подкидывает корову / Аня пас / Боря берёт
    отмена / стол / запись / помощь / выход

Every accepted move is saved to the session file before the verdict is printed, so what was
announced is never lost. The REPL only reads words: the rules are the engine's, reached through
:class:`~slovariki.referee.table.Table`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

from slovariki.game import (
    Attack, Beat, Move, Pass, PlayingCard, Take, TossIn, Transfer,
)
from slovariki.game.cards import FULL_RANK_NAMES
from slovariki.referee import session
from slovariki.referee.autosave import SAVE_ELSEWHERE, SessionAutosave
from slovariki.referee.notation import render
from slovariki.referee.table import Rejected, Table
from slovariki.referee.texts import (
    PASS_WORDS, bout_header, event_lines, other_pass_word, pass_said, quoted, record_text, refusal_text, result_text,
    summary_lines, undo_text,
)
from slovariki.referee.words import MAX_CARD_WORDS, find_player, lemmas, normal
from slovariki.text.russian import listed, sentence, wrap
from slovariki.text.spoken import inflected
from slovariki.text.terminal import prompt_text, readable, shorten, shown, stars, styled_word, typed_lines, use_colour

# What a player may say instead of a move's verb: exact words first, then dictionary forms.
_VERB_WORDS = {**dict.fromkeys((*PASS_WORDS, "пасую"), Pass), "беру": Take, "ход": Attack, "перевод": Transfer}
_VERB_LEMMAS = {
    Attack: {"заходить", "зайти", "ходить", "пойти", "сходить", "заход"},
    Beat: {"бить", "побить", "отбить", "отбивать", "отбиваться", "отбиться", "крыть", "покрыть", "покрывать"},
    Transfer: {"переводить", "перевести"},
    TossIn: {"подкидывать", "подкинуть", "подбрасывать", "подбросить", "подкидывание"},
    Pass: {"пасовать", "спасовать"},
    Take: {"брать", "взять", "забирать", "забрать"},
}
_CONNECTORS = {"на", "по"}  # «Боря бьёт коридор на орнамент»
_FROM = {"с", "со"}  # «Аня ходит с коровы»
_COMMANDS = {
    "отмена": "undo", "отменить": "undo", "отмени": "undo", "назад": "undo",
    "стол": "table", "состояние": "table",
    "помощь": "help", "справка": "help", "?": "help",
    "запись": "record", "лог": "record",
    "выход": "quit", "конец": "quit", "стоп": "quit",
}
_ALL_PASS = dict.fromkeys((*(f"все {w}" for w in PASS_WORDS), "бито все"), "pass-all")  # as normal() gives them
_SHOWING = ("table", "help", "record", "rule")  # commands that only show something
_SAVE_AS = {"сохранить", "сохрани"}  # «сохранить [в] ФАЙЛ»: go on saving the game in another file
_RULE_WORDS = ("правило", "правила")  # «правило 7», «правила D4», «правила»: the rule's text or the list
_WIDTH = 100  # a rule's text is wrapped to this many characters
_YES = {"да", "д", "ага", "верно", "yes", "y"}
_NO = {"нет", "н", "не", "no", "n"}
_DOING = {Attack: "зайти", Beat: "побить", Transfer: "перевести", TossIn: "подкинуть карту",
          Pass: None, Take: "взять карты"}  # None: in the ruleset's word (texts.pass_said)

# How cards are written, by deck (classic or not).
_HOW = {False: "слово — в любой форме",
        True: "карта — достоинство и масть: 10♥, Дп, Т♦, «дама пик», «8 треф»; масти п к б ч — пики, крести, бубны, черви"}


def said(card: Any, case: str | None = None) -> str:
    """A card as a player would type it in an example: «деревней» (``case`` "ablt"), «8п»."""
    if isinstance(card, PlayingCard):
        return f"{FULL_RANK_NAMES[card.rank]}{card.suit.letter}"
    return card.word if case is None else inflected(card.word, case)


def help_text(table: Table) -> str:
    """How to write moves, with the names at this table, cards of this game (a legal beat, transfer
    and toss-in of its deck and trump, see :meth:`Table.examples`) and its rule numbers."""
    rules, names, cards = table.state.rules, table.names, table.examples()
    first, second = names[0], names[1]
    third = names[2] if len(names) > 2 else first  # two players: the attacker tosses in
    rows = [
        (f"{first} {said(cards.card)}",
         f"{first} ходит картой {quoted(cards.card)}: заходит, отбивается или подкидывает — смотря чей ход"),
        (f"{second} бьёт {said(cards.beater, 'ablt')}", f"{second} бьёт картой {quoted(cards.beater)}"),
        (f"{second} бьёт {said(cards.card, 'accs')} {said(cards.beater, 'ablt')}",
         "какую карту бьёт, если непобитых несколько"),
    ]
    if cards.transfer is not None:
        rows.append((f"{second} переводит {said(cards.transfer, 'accs')}", f"перевод ({rules.rule['transfer']})"))
    if cards.toss is not None:
        rows.append((f"{third} подкидывает {said(cards.toss, 'accs')}", f"подкинуть ({rules.rule['toss']})"))
    word = rules.pass_word
    rows += [
        (f"{first} {word}", f"не подкидывать (можно сказать и «{other_pass_word(rules)}»)"),
        (f"все {word}", f"больше никто не подкидывает: «{word}» за каждого по очереди"),
        (f"{second} берёт", f"взять карты со стола ({rules.rule['take']})"),
    ]
    wide = max(len(text) for text, _ in rows) + 2
    return "\n".join([f"Как записывать ходы (имя можно сократить, {_HOW[rules.classic]}):",
                      *(f"  {text.ljust(wide)}{meaning}" for text, meaning in rows),
                      "Команды: отмена — отменить последний ход (или снять вопрос судьи); стол — показать стол;",
                      "  запись — запись партии; правило 7 — текст правила, правила — их список;",
                      "  сохранить ФАЙЛ — сохранять партию в другой файл; помощь — эта справка;",
                      "  выход — закончить (партия сохранена)."])


def rule_text(rules: Any, number: str) -> str:
    """«правило 7»: the rule's text from the rulebook (the one source of the docs and the rules sheet);
    «правила»: the rules of this game by number and title."""
    from slovariki.game import rulebook
    if number:
        try:
            return _wrapped(rulebook.rule(number).plain())
        except rulebook.UnknownRule as exc:
            return sentence(str(exc))
    section = next(s for s in rulebook.sections() if s.key == ("classic" if rules.classic else "slovariki"))
    intro = f" {rulebook.render(section.intro, rulebook.PLAIN)}" if section.intro else ""
    borrowed = [rulebook.rule(number) for number in section.borrows]
    return "\n".join([_wrapped(f"Правила игры «{rules.title}».{intro}"),
                      *(f"  {r.number}. {r.title}" for r in section.rules),
                      *([_wrapped("Из правил «Словариков»: " + "; ".join(f"{r.number}. {r.title}" for r in borrowed)
                                  + ".")] if borrowed else []),
                      f"Текст любого правила покажет, например, «{rules.rule['beat']}»."])


def _wrapped(text: str) -> str:
    return "\n".join(wrap(text, _WIDTH))


# The case a card takes after a verb of each kind, and the preposition before it: «бьёт сорокой»,
# «переводит сороку», «заходит с сороки».
_CARD_CASE = {Beat: ("", "ablt"), Transfer: ("", "accs"), TossIn: ("", "accs"), Attack: ("с ", "gent")}


def example(table: Table, name: str, verb: str = "", kind: type | None = None) -> str:
    """A move to show in a hint, with a card of this game: «Аня корова», «Аня 6к»; with the verb the
    player typed, the card in the case it asks for: «Боря бьёт сорокой»."""
    card = table.examples().card
    if not verb or kind not in _CARD_CASE:
        return f"{name} {said(card)}"
    before, case = _CARD_CASE[kind]
    return f"{name} {verb.lower()} {before}{said(card, case)}"


@dataclass(frozen=True)
class Draft:
    """A move as typed: who, which kind (None: whatever the phase asks for), the card phrases;
    ``ordered``: the cases of two phrases showed which is the card beaten, now the first."""

    seat: int
    kind: type | None
    phrases: tuple[str, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Question:
    """A question the referee waits to have answered: answers → what to do then. ``other`` reads any
    other answer (True when it was one); a ``required`` question is asked again until answered."""

    text: str
    answers: dict[str, Callable[[], None]]
    other: Callable[[str], bool] | None = None
    required: bool = False


class Repl:
    """One REPL over a table whose every accepted move is saved to ``path``.

    With ``ask_setup`` the table is not saved yet: the REPL first asks the players what the set-up
    does not say (who was dealt the face-up trump card, who attacks first: R4 the youngest, D1 the
    lowest trump) and starts the game again with the answers."""

    def __init__(self, table: Table, path: Path, out: IO[str], colour: bool = False, ask_setup: bool = False) -> None:
        self.table = table
        self.autosave = SessionAutosave(lambda: self.table, path, saved=not ask_setup)
        self.out = out
        self.colour = colour
        self.question: Question | None = None
        self.quitting: Question | None = None  # the question «выход» asks when the game is not saved
        self.done = False
        self.started = not ask_setup

    @property
    def path(self) -> Path:
        return self.autosave.path

    # --- the loop ---------------------------------------------------------------------------
    def run(self, lines: Iterable[str]) -> bool:
        """Handle the lines to «выход» or the end of the input; False if the game is not saved."""
        for line in lines:
            self.handle(line)
            if self.done:
                return self.autosave.ok
        return self.leave()

    def prompt(self) -> str:
        who = self.table.state.to_move
        text = "ответ › " if self.question is not None else "› " if who is None else f"{self.table.names[who]} › "
        return prompt_text(text, self.autosave.ok)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def handle(self, line: str) -> None:
        line = readable(line)
        if not line.split():
            return
        words = _words(line) or line.split()  # «?» is all punctuation
        said = normal(" ".join(words))
        command = _COMMANDS.get(said) if len(words) == 1 else _ALL_PASS.get(said)
        if said.split()[0] in _RULE_WORDS and len(words) <= 3:
            command = "rule"
        question, self.question = self.question, None
        if question is not None and self._answer(question, command, words, said):
            return
        if normal(words[0]) in _SAVE_AS:
            self.save_as(line.strip().split(None, 1)[1:])
            return
        if command == "pass-all":
            self.pass_all()
        elif command == "undo":
            self.undo()
        elif command in _SHOWING:
            self.show(command, words)
        elif command == "quit":
            self.quit(question)
        elif self.table.finished():
            self.say(self._hint())
        else:
            draft = self.parse(words)
            if draft is not None:
                self.submit(draft)

    def _answer(self, question: Question, command: str | None, words: list[str], said: str) -> bool:
        """Handle a line said while ``question`` waits; False when it is not about the question."""
        if command in _SHOWING:  # a look at the table does not drop the question
            self.show(command, words)
            self.ask_again(question)
            return True
        if command == "quit":
            return False
        if command == "undo":  # «отмена» takes back the question, not the move before it
            if question.required:
                self.say("Отменять пока нечего.")
                self.ask_again(question)
            else:
                self.say(f"Вопрос снят, ход не записан. {self._hint()}")
            return True
        action = question.answers.get(said)
        cards = self.table.finder.by_form(" ".join(words)) if action is None else []
        if len(cards) == 1:  # a card named in another form («корову»)
            action = question.answers.get(normal(str(cards[0])))
        if action is not None:
            action()
            return True
        if question.other is not None and question.other(" ".join(words)):
            return True
        if question.required:
            self.ask_again(question)
            return True
        if said in _NO:
            self.say("Хорошо, ход не записан.")
            return True
        return False

    def show(self, command: str, words: list[str]) -> None:
        if command == "table":
            self.show_state()
        elif command == "help":
            self.say(help_text(self.table))
        elif command == "rule":
            self.say(rule_text(self.table.state.rules, " ".join(words[1:])))
        elif self.started:
            self.say_record()
        else:
            self.say(f"Записи ещё нет: партия начнётся, когда будет сказано, {_unsaid_text(self.table)}.")

    def say_record(self) -> None:
        """The game record; its word folder may be a path with anything in it."""
        self.say(shown(render(self.table).rstrip("\n"), lines=True))

    def goodbye(self) -> bool:
        """What is said when the players leave: where the game is saved, after one more try if a save
        failed; or plainly that it is not, with its record (False then)."""
        if not self.started:
            self.say(f"Партия не начата: не сказано, {_unsaid_text(self.table)}. Ничего не сохранено.")
            return True
        if not self.autosave.ok:
            self.autosave.save()  # what it says is said next, whichever way it goes
        if self.autosave.ok:
            self.say(saved_text(self.path, self.table.finished()))
            return True
        self.say(self.autosave.unsaved_text())
        self.say_record()
        return False

    def quit(self, pending: Question | None) -> None:
        """«выход»: the end, unless the game is not saved; then its record, and a second «выход» leaves."""
        if pending is not None and pending is self.quitting:
            self._leave_unsaved()
        elif self.goodbye():
            self.done = True
        else:
            self.ask(f"{SAVE_ELSEWHERE}. Выйти без сохранения — ещё раз «выход».", {})
            self.quitting = self.question

    def _leave_unsaved(self) -> None:
        self.say(self.autosave.unsaved_text())
        self.done = True

    def leave(self) -> bool:
        """The last words when the input ends: as for «выход», without the question."""
        if self.question is not None and self.question is self.quitting:  # the record was just shown
            self._leave_unsaved()
            return False
        if self.goodbye():
            return True
        self.say("Выше — запись партии: скопируйте её, чтобы ходы не пропали.")
        return False

    # --- what the set-up does not say yet -----------------------------------------------------
    def ask_setup(self) -> None:
        """Ask the next thing the set-up does not say; once all is said, save the game and start it."""
        if self.table.holder_unsaid:
            self.ask_trump_holder()
        elif self.table.setup.first is None:
            self.ask_first()
        else:
            self.started = True
            self.save()
            self.say(bout_header(1, *(self.table.names[p] for p in self.table.opening)))
            self.show_state()

    def ask_trump_holder(self) -> None:
        """The hands took the whole deck: the face-up trump card, dealt last, is in someone's hand."""
        trump = self.card_text(self.table.state.trump)
        self.ask(f"Кому досталась последняя карта — открытый козырь {trump}? Напишите имя: "
                 f"{listed(self.table.names)}.", {}, self._holder_named, required=True)

    def _holder_named(self, text: str) -> bool:
        try:
            seat = _named_player(self.table.names, text)
        except LookupError as exc:
            self.say(sentence(str(exc)))
            return False
        self.table = Table.start(replace(self.table.setup, trump_holder=self.table.names[seat]))
        self.say(f"{self.table.names[seat]} держит открытый козырь {self.card_text(self.table.state.trump)}.")
        self.ask_setup()
        return True

    def ask_first(self) -> None:
        """R4: «Кто самый младший?»; D1: «У кого самый младший козырь?» (or nobody holds one)."""
        names = listed(self.table.names)
        if self.table.state.rules.classic:
            text = f"У кого самый младший козырь? Этот игрок заходит первым (правило D1). Напишите имя: {names}"
            # with the whole deck dealt, the holder of the trump card has one
            text += "." if self.table.setup.trump_holder else "; если козырей ни у кого нет — «ни у кого»."
        else:
            text = f"Кто самый младший? Первым заходит самый младший игрок (правило 4). Напишите имя: {names}."
        self.ask(text, {}, self._first_named, required=True)

    def _first_named(self, text: str) -> bool:
        classic = self.table.state.rules.classic
        if classic and _nobody(text) and not self.table.setup.trump_holder:
            self.ask(f"Тогда договоритесь, кто заходит первым, и напишите имя: {', '.join(self.table.names)}.", {},
                     lambda answer: self._first_named_as(answer, "agreed"), required=True)
            return True
        return self._first_named_as(text, "lowest-trump" if classic else "youngest")

    def _first_named_as(self, text: str, how: str) -> bool:
        try:
            seat = _named_player(self.table.names, text)
        except LookupError as exc:
            self.say(sentence(str(exc)))
            return False
        self.table = Table.start(replace(self.table.setup, first=self.table.names[seat], first_by=how))
        self.say(f"Начинает {self.table.names[seat]}.")
        self.ask_setup()
        return True

    # --- reading a move ---------------------------------------------------------------------
    def parse(self, words: list[str]) -> Draft | None:
        names, state = self.table.names, self.table.state
        try:
            seat, rest = self._player(words)
        except LookupError as exc:
            if _verb(words[0]) is None:
                self.say(f"{sentence(str(exc))} Начните ход с имени игрока, например: "
                         f"«{example(self.table, names[0])}». Справка — «помощь».")
                return None
            if state.to_move is None:
                self.say(self._hint())
                return None
            seat, rest = state.to_move, words  # «берёт», «пас», «бито»: the player whose move it is
        kind = _verb(rest[0]) if rest else None
        verb = ""
        if kind is not None:
            verb, rest = rest[0], rest[1:]
        if kind in (Pass, Take):
            if rest:
                self.say(f"После «{state.rules.pass_word if kind is Pass else 'берёт'}» карту называть не нужно.")
                return None
            return Draft(seat, kind, ())
        if not rest:
            self.say(f"Какая карта? Назовите её, например: «{example(self.table, names[seat], verb, kind)}».")
            return None
        phrases = self._phrases(rest, kind)
        roles = self._roles(phrases) if len(phrases) == 2 else None
        return Draft(seat, kind, phrases if roles is None else roles, ordered=roles is not None)

    def _player(self, words: list[str]) -> tuple[int, list[str]]:
        """The player named by the first words (a name may have several) and the words after it."""
        names = self.table.names
        longest = max(len(n.split()) for n in names)
        for size in range(min(longest, len(words)), 0, -1):
            try:
                return find_player(names, " ".join(words[:size])), words[size:]
            except LookupError as exc:
                problem = exc
        raise problem

    def _phrases(self, words: list[str], kind: type | None) -> tuple[str, ...]:
        """One card phrase, or two (the card and the one it beats) when only a split makes sense."""
        finder = self.table.finder
        whole = " ".join(words)
        if len(words) > 1 and normal(words[0]) in _FROM and not finder.by_form(whole):
            words = words[1:]  # «Аня ходит с коровы», «Аня заходит с дамы пик»
            whole = " ".join(words)
        if kind not in (None, Beat) or len(words) < 2 or len(words) > 2 * MAX_CARD_WORDS or finder.by_form(whole):
            return (whole,)
        splits = []
        for cut in range(1, len(words)):
            left, right = words[:cut], words[cut:]
            if right[0].lower() in _CONNECTORS and len(right) > 1:
                right = right[1:]
            splits.append((" ".join(left), " ".join(right)))
        for left, right in splits:
            if finder.by_form(left) and finder.by_form(right):
                return left, right
        # A card on the table and a typo beside it («бьёт коридор здраствуйте»): the question that
        # follows names the misspelt word alone, not the two joined as one card.
        on_table = {c for pair in self.table.state.table for c in pair if c is not None}
        for left, right in splits:
            for known, other in ((left, right), (right, left)):
                if set(finder.by_form(known)) & on_table and not finder.by_form(other) and finder.nearest(other):
                    return left, right
        return (whole,)

    def _roles(self, phrases: tuple[str, ...]) -> tuple[str, str] | None:
        """Two cards named with a beat, the card beaten first, when their cases tell it: the
        accusative is beaten, the instrumental beats («бьёт коридор деревней», «бьёт деревней
        машину»); None when they do not («бьёт 8п 10п», «бьёт пальто кино»)."""
        finder = self.table.finder

        def may_be(phrase: str, case: str) -> bool:
            return any(case in finder.cases(phrase, card) for card in finder.by_form(phrase))

        first, second = phrases
        forward = may_be(first, "accs") and may_be(second, "ablt")
        if forward == (may_be(second, "accs") and may_be(first, "ablt")):
            return None
        return (first, second) if forward else (second, first)

    # --- from words to a move ---------------------------------------------------------------
    def submit(self, draft: Draft) -> None:
        cards = []
        for i, phrase in enumerate(draft.phrases):
            card = self._card(draft, i, phrase)
            if card is None:
                return
            cards.append(card)
        moves = self._moves(draft, cards)
        if not moves:  # two cards where one is played: a lead, a toss-in
            name, named = self.table.names[draft.seat], " и ".join(quoted(c) for c in cards)
            self.say(f"Заходят одной картой, а названы две: {named}. Напишите одну: «{name} {said(cards[0])}»."
                     if self.table.state.phase == "attack" else
                     f"Подкидывают по одной карте, а названы две: {named}. Напишите по одной: «{name} "
                     f"{said(cards[0])}», потом «{name} {said(cards[1])}».")
            return
        if len(moves) == 1:
            self.choose_target(draft.seat, moves[0])
            return
        name, word = self.table.names[draft.seat], str(cards[0])
        self.ask(f"Картой «{word}» можно и побить, и перевести. Что делает {name}: бьёт или переводит? (б/п)",
                 {**dict.fromkeys(("б", "бьёт", "бьет", "бить", "побить"),
                                  lambda: self.choose_target(draft.seat, moves[0])),
                  **dict.fromkeys(("п", "переводит", "перевод", "переводить", "перевести"),
                                  lambda: self.play(draft.seat, moves[1]))})

    def choose_target(self, seat: int, move: Move) -> None:
        """Play the move; a beat that could cover several unbeaten cards first asks which one."""
        targets = self._targets(seat, move) if type(move) is Beat and move.target is None else []
        if len(targets) < 2:
            self.play(seat, move)
            return
        answers: dict[str, Callable[[], None]] = {}
        for n, target in enumerate(targets, 1):
            beat = Beat(move.card, target)
            answers[str(n)] = answers[normal(str(target))] = lambda beat=beat: self.play(seat, beat)
        listed = ", ".join(f"{n} — {quoted(t)}" for n, t in enumerate(targets, 1))
        self.ask(f"Какую карту {self.table.names[seat]} бьёт картой {quoted(move.card)}: {listed}? "
                 "Напишите номер.", answers)

    def _targets(self, seat: int, move: Beat) -> list[Any]:
        """The unbeaten cards that the engine lets ``move.card`` beat now."""
        state = self.table.state
        return [a for a, d in state.table if d is None and state.is_legal(seat, Beat(move.card, a))]

    def _card(self, draft: Draft, i: int, phrase: str) -> Any | None:
        finder = self.table.finder
        found = finder.by_form(phrase)
        if len(found) == 1:
            return found[0]
        other = None if found else finder.outside(phrase)
        if other is not None:  # a card of another grade: no use suggesting look-alikes
            self.say(f"{sentence(finder.outside_message(other))} {self._hint()}")
            return None
        choices = found or finder.nearest(phrase)
        if not choices:
            unknown = sentence(finder.unknown_message(phrase)) if finder.classic else \
                f"Нет такой карты: «{shorten(phrase)}»."
            self.say(f"{unknown} {self._hint()}")
            return None

        def take(card: Any) -> Callable[[], None]:
            phrases = draft.phrases[:i] + (str(card),) + draft.phrases[i + 1:]
            return lambda: self.submit(replace(draft, phrases=phrases))

        if len(choices) == 1:
            self.ask(f"Нет карты «{shorten(phrase)}». Может быть, «{choices[0]}»? (да/нет)",
                     dict.fromkeys(_YES, take(choices[0])))
            return None
        listed = ", ".join(f"{n} — «{c}»" for n, c in enumerate(choices, 1))
        if found:
            self.ask(f"«{shorten(phrase)}» — какая карта: {listed}? Напишите номер.",
                     {str(n): take(c) for n, c in enumerate(choices, 1)})
        else:
            self.ask(f"Нет карты «{shorten(phrase)}». Может быть, «{choices[0]}»? (да/нет или номер: {listed})",
                     {**dict.fromkeys(_YES, take(choices[0])), **{str(n): take(c) for n, c in enumerate(choices, 1)}})
        return None

    def _moves(self, draft: Draft, cards: list[Any]) -> list[Move]:
        """The move meant; two (beat, transfer) only when both would be legal and nothing was said."""
        state = self.table.state
        kind = draft.kind
        if kind is Beat:
            return [_beat(state, cards, draft.ordered)]
        if kind is not None:
            return [kind(*cards)]
        if draft.seat == state.defender and state.phase in ("defend", "taking"):
            candidates = [_beat(state, cards, draft.ordered)]
            if len(cards) == 1:
                candidates.append(Transfer(cards[0]))
            legal = [m for m in candidates if state.is_legal(draft.seat, m)
                     or type(m) is Beat and m.target is None and self._targets(draft.seat, m)]
            return legal or candidates[:1]
        if len(cards) > 1:  # a lead and a toss-in are one card each
            return []
        if state.phase == "attack":  # only a lead is possible: the engine says whose it is
            return [Attack(cards[0])]
        return [TossIn(cards[0])]

    def ask(self, text: str, answers: dict[str, Callable[[], None]], other: Callable[[str], bool] | None = None,
            required: bool = False) -> None:
        self.ask_again(Question(text, answers, other, required))

    def ask_again(self, question: Question) -> None:
        self.question = question
        self.say(question.text)

    # --- changing the game ------------------------------------------------------------------
    def play(self, seat: int, move: Move) -> None:
        if self._accept(seat, move):
            self.show_state()

    def _accept(self, seat: int, move: Move) -> bool:
        """Play the move, save it and say what happened; or say why it is refused."""
        table = self.table
        bout = table.bout
        try:
            table.play(seat, move)
        except Rejected as refusal:
            self._refuse(seat, move, refusal.message)
            return False
        self._accepted(table.state.log[-1:], bout)
        return True

    def _accepted(self, records: Sequence[Any], bout: int) -> None:
        """Save the moves just accepted (made in bout number ``bout``), then say each and what followed it."""
        table = self.table
        saved = self.autosave.save()  # said after the moves: it speaks of moves not yet shown
        for record in records:
            self.say(f"{self._mark('✓', '32')} {record_text(record, table.names, table.state.rules)}.")
            for line in event_lines(record.events, table.names, bout, table.state.rules.classic):
                self.say(line if line.startswith("Заход ") else f"  {line}")
        if saved is not None:
            self.say(saved)

    def _refuse(self, seat: int, move: Move, why: str) -> None:
        self.say(f"{self._mark('✗', '31')} {refusal_text(self.table.names[seat], move, why, self.table.state.rules)}")
        self.say(self._hint())

    def pass_all(self) -> None:
        """«все пас» (Table.pass_all), said move by move."""
        bout = self.table.bout
        try:
            records = self.table.pass_all()
        except Rejected as refusal:
            self.say(f"{sentence(refusal.message)} {self._hint()}")
            return
        self._accepted(records, bout)
        self.show_state()

    def undo(self) -> None:
        try:
            records = self.table.undo_step()
        except Rejected as refusal:
            self.say(sentence(refusal.message))
            return
        self.save()
        table = self.table
        self.say(f"↶ {undo_text(records, table.names, table.state.rules, table.put_back(records))}")
        self.show_state()

    def save(self) -> None:
        said = self.autosave.save()
        if said is not None:
            self.say(said)

    def save_as(self, rest: list[str]) -> None:
        target = rest[0].removeprefix("в ").strip() if rest else ""
        if not target:
            self.say("Куда сохранить? Напишите имя файла: «сохранить партия.json».")
        elif not self.started:
            self.say("Партия ещё не начата: сначала ответьте на вопрос судьи.")
        else:
            self.say(self.autosave.save_as(target))

    # --- showing ----------------------------------------------------------------------------
    def show_state(self) -> None:
        state = self.table.state
        names = state.names
        if state.table:
            self.say("На столе:")
            for attack, beaten in state.table:
                tail = f"  ← побита: {self.card_text(beaten)}" if beaten is not None else "  — не побита"
                self.say(f"  {self.card_text(attack)}{tail}")
        else:
            self.say("На столе пусто.")
        trump = state.trump
        if state.stock_count:
            under = "лежит под колодой"
        elif self.table.trump_dealt:  # six at durak share the deck
            under = "сдан последним и остался на руках"
        else:
            under = "уже взят"
        self.say(f"Козырь: {self.card_text(trump)} ({trump.suit.russian}, {under}). "
                 f"В колоде {state.stock_count}, в отбое {state.discard_count}.")
        out = self.table.out()
        playing = [p for p in range(state.players) if state.is_active(p)]
        self.say("На руках: " + ", ".join(f"{names[p]} {state.hand_count(p)}" for p in playing) + ".")
        if out:
            self.say(f"Вышли из игры (карт больше нет): {', '.join(names[p] for p in out)}.")
        # Classic durak: out of cards mid-bout, announced when the bout ends (D6). In «Словарики» the
        # first player out of cards has won (R16): nobody is left to leave.
        leaving = [names[p] for p in range(state.players) if p not in out and p not in playing]
        if leaving and not state.is_over():
            will = "выйдет" if len(leaving) == 1 else "выйдут"
            self.say(f"Без карт ({will} из игры, когда кончится заход): {', '.join(leaving)}.")
        known = [(names[p], state.known_cards(p)) for p in playing if state.known_cards(p)]
        if known:
            self.say("Известно, что на руках: " + "; ".join(
                f"{n} — {', '.join(str(c) for c in cards)}" for n, cards in known) + ".")
        if state.is_over():
            for line in summary_lines(self.table.summary(), names, state.rules):
                self.say(_wrapped(line))
        if self.started:  # before that nobody moves yet: the referee's question comes again instead
            self.say(self._hint())

    def _hint(self) -> str:
        """Whose move it is and what they may do (from the engine's legal moves)."""
        state = self.table.state
        if state.is_over():
            return f"Партия окончена. {result_text(state)} Отменить последний ход — «отмена», закончить — «выход»."
        who = state.to_move
        kinds = {type(m) for m in state.legal_moves(who)}
        doing = [text or pass_said(state.rules) for kind, text in _DOING.items() if kind in kinds]
        options = ", ".join(doing[:-1]) + f" или {doing[-1]}" if len(doing) > 1 else "".join(doing)
        # Classic durak (D3): whoever holds the right to add may do it while the defender answers.
        adders = [state.names[p] for p in range(state.players)
                  if p != who and any(type(m) is TossIn for m in state.legal_moves(p))]
        also = ""
        if adders:
            listed = adders[0] if len(adders) == 1 else f"{', '.join(adders[:-1])} и {adders[-1]}"
            also = f" Подкинуть {'может' if len(adders) == 1 else 'могут'} также {listed}."
        return f"Ходит {state.names[who]}: можно {options}.{also}"

    def _mark(self, sign: str, ansi: str) -> str:
        return f"\x1b[{ansi}m{sign}\x1b[0m" if self.colour else sign

    def card_text(self, card: Any) -> str:
        if isinstance(card, PlayingCard):
            red = card.suit.name in ("HEARTS", "DIAMONDS")
            return f"\x1b[31m{card}\x1b[0m" if self.colour and red else str(card)
        if not self.colour:
            return f"{card.word} {stars(card.stars)}"
        return f"\x1b[{card.colour.terminal}m●\x1b[0m {styled_word(card, True)} {stars(card.stars)}"

    def welcome(self, resumed: bool) -> None:
        table = self.table
        if resumed:
            moves = len(table.state.log)
            self.say(f"Продолжаем партию из {self.path}: записано ходов — {moves}.")
            if table.finished():
                self.say(f"Партия уже окончена. {result_text(table.state)}")
        else:
            self.say(f"Новая партия: {table.state.rules.title}. Играют: {', '.join(table.names)}. "
                     f"Партия сохраняется в {self.path}.")
            self.say(f"Ходы пишите словами, например «{example(table, table.names[0])}»; "
                     "справка — «помощь».")
        if not self.started:
            self.ask_setup()
            return
        if not table.finished():
            self.say(bout_header(table.bout, table.names[table.state.attacker], table.names[table.state.defender]))
        self.show_state()


_QUOTES = "«»\"„“”'"  # «Аня «корова»», as a card is quoted in the game record


def _words(line: str) -> list[str]:
    """The words of a line typed as a sentence: «Аня: корова.», «Боря, бьёт собакой», «Аня — пас!»,
    «Аня «корова»» (a card in quotes)."""
    words = (word.strip(",:;").strip(_QUOTES).strip(",:;") for word in line.strip().rstrip(".!?…").split())
    return [word for word in words if word.strip("-—–")]


def _verb(word: str) -> type | None:
    key = normal(word)
    if key in _VERB_WORDS:
        return _VERB_WORDS[key]
    forms = set(lemmas(word))
    return next((kind for kind, known in _VERB_LEMMAS.items() if forms & known), None)


def _beat(state: Any, cards: list[Any], ordered: bool) -> Beat:
    """``cards`` as typed: the card alone, or the card it beats and it. ``ordered``: the cases said
    which is which, and the card beaten is first. Otherwise the one on the table (beaten or not) is
    the card beaten, and when that does not tell either, the first named («бьёт 8п 10п»)."""
    if len(cards) == 1:
        return Beat(cards[0])
    target, card = cards
    on_table = {c for pair in state.table for c in pair if c is not None}
    if not ordered and card in on_table and target not in on_table:
        target, card = card, target
    return Beat(card, target)


def saved_text(path: Path, finished: bool = False) -> str:
    if finished:
        return f"Партия окончена и сохранена в {path}. Запись партии: {session.resume_command(path, 'log')}"
    return f"Партия сохранена в {path}. Продолжить: {session.resume_command(path)}"


def _nobody(text: str) -> bool:
    """«ни у кого», «никто», «нет козырей»: the answer that nobody holds a trump."""
    said = normal(text)
    return said.split()[0] in ("ни", "никто", "нет") or said in ("козырей нет", "козыря нет")


def _unsaid_text(table: Table) -> str:
    """What the set-up still does not say, as it follows «не сказано»."""
    return "кому сдан открытый козырь" if table.holder_unsaid else "кто заходит первым"


def _unsaid(table: Table) -> bool:
    """Does the REPL have to ask something before the game starts?"""
    return table.setup.first is None or table.holder_unsaid


def _named_player(names: Sequence[str], text: str) -> int:
    """The player an answer names: «Вика», «у Вики», «Вики» (a name in another case, through pymorphy3)."""
    words = text.split()
    if len(words) > 1 and normal(words[0]) == "у":
        words = words[1:]
    said = " ".join(words)
    try:
        return find_player(names, said)
    except LookupError as problem:
        for form in lemmas(said)[1:] if len(words) == 1 else ():
            try:
                return find_player(names, form)
            except LookupError:
                continue
        raise problem


def start(setup: Any, path: Path, force: bool) -> Table:
    """A new table for the REPL, saved at once; refuses to overwrite what must not be overwritten.
    Raises session.SessionError or Rejected with a Russian message."""
    status = session.probe(path)
    if status == "unfinished" and not force:
        raise session.SessionError(
            f"в {path} есть незаконченная партия. Продолжить её: {session.resume_command(path)}; "
            "начать новую вместо неё: добавьте --force")
    table = Table.start(setup, word_forms=True)
    if not _unsaid(table):  # otherwise saved once the REPL has asked what the set-up does not say
        session.save(table, path)
    return table


def interact(table: Table, path: Path, resumed: bool) -> bool:
    """Run the REPL on the terminal (or on piped standard input) until the input ends; False when the
    game could not be saved."""
    repl = Repl(table, path, sys.stdout, use_colour(sys.stdout), ask_setup=not resumed and _unsaid(table))
    repl.welcome(resumed)
    try:
        return repl.run(typed_lines(repl.prompt))
    except KeyboardInterrupt:  # Ctrl-C with piped input; at a terminal typed_lines() handles it
        repl.say()
        return repl.leave()
