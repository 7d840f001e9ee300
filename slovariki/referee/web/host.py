"""The one table the web screen serves: its session file, its word folder, and every change saved.

A change counts only once the session file holds it: when the save fails, the change is taken back
and the page is told, so the screen, the server and the file never disagree. The word folder is the
one the server was started with; a request can choose the rules and grades, never a folder.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from slovariki.bank import pictures
from slovariki.referee import session
from slovariki.referee.notation import render
from slovariki.referee.protocol import MOVES, move_command
from slovariki.referee.table import Rejected, Setup, Table, bank_cards, finder_for, game_for, whole_deck_players
from slovariki.referee.texts import bout_header, event_lines, quoted, record_text, refusal_text, undo_text
from slovariki.referee.web import view
from slovariki.web.cards import card_json, own_picture_key
from slovariki.referee.words import MAX_CARD_CHARS
from slovariki.text.russian import sentence
from slovariki.text.terminal import readable

class Refused(Rejected):
    """A move the rules refuse, said as at the table: «Аня не может подкинуть карту «сорока» (правило 9): …»."""

    def __init__(self, refusal: Rejected, sentence: str) -> None:
        super().__init__(refusal.code, refusal.message)
        self.sentence = sentence


class Host:
    """The game of one session file, changed only through these methods.

    ``tag`` names the game as it stands: a digest of its session text (the set-up and every move),
    the same after a restart, different after any change. The page sends the tag of the game it
    shows with each change (``seen``); a change from a screen that shows an older game (another tab
    or phone moved meanwhile) is refused, never applied to a game the player did not see."""

    def __init__(self, path: Path, words: str | None) -> None:
        self.path = path
        self.words = words
        self.writer = session.Writer()
        self.table: Table | None = None
        self.tag = ""
        self._view: dict | None = None  # the game's view for this tag, made once
        self.reload()

    def reload(self) -> None:
        """The game as the session file has it (none when there is no file). Raises SessionError."""
        self.table = session.load(self.path) if self.path.exists() else None
        self._changed()

    def _changed(self, text: str | None = None) -> None:
        """A new tag for the game as saved (``text``: the session's text, when it was just written)."""
        if text is None:
            text = "" if self.table is None else self.writer.text(self.table)
        self.tag = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=9).hexdigest()
        self._view = None

    def state(self) -> dict:
        if self._view is None and self.table is not None:
            self._view = view.table_view(self.table)
        return {"game": self._view, "tag": self.tag, "setup": view.setup_view(self.words)}

    def check_seen(self, data: dict) -> None:
        """Refuse a change made on a screen that showed another game than this one (``seen``, the
        tag it showed; a client that sends none, such as a script, is not checked)."""
        seen = data.get("seen")
        if seen is not None and seen != self.tag:
            raise Rejected("stale", "пока вы выбирали, партию изменили на другом экране, и этот ход не принят. "
                                    "Посмотрите, что теперь на столе, и сделайте ход снова, если он ещё нужен")

    # --- changes: each one saved before it is told --------------------------------------------
    def new(self, data: dict) -> dict:
        """A new game from the set-up form; an unfinished one is replaced only with ``force``."""
        self.check_seen(data)
        force = data.get("force", False)
        if not isinstance(force, bool):
            raise Rejected("bad-command", "поле force должно быть true или false")
        if self.table is not None and not self.table.finished() and not force:
            raise Rejected("game-in-progress", "идёт незаконченная партия: новая заменит её, только если это подтвердить (force)")
        fields = {key: value for key, value in data.items() if key not in ("words", "seen")}
        setup = replace(Setup.from_json(fields), words=self.words)
        table = Table.start(setup, word_forms=True)
        if table.holder_unsaid:  # the REPL asks it too
            raise Rejected("bad-setup", f"сданы все карты: скажите, кому досталась последняя — открытый козырь "
                                        f"{quoted(table.state.trump)} (trump_holder)")
        old, self.table = self.table, table
        self._save(lambda: setattr(self, "table", old), "Партия не начата")
        names = table.names
        return {"said": list(map(sentence, [f"Новая партия: {table.state.rules.title}. Играют: {', '.join(names)}.",
                                    bout_header(1, names[table.state.attacker], names[table.state.defender])]))}

    def move(self, data: dict) -> dict:
        table = self._game()
        self.check_seen(data)
        cmd = data.get("cmd")
        if cmd not in MOVES:
            raise Rejected("bad-command", f"нет такого хода: нужен один из {', '.join(MOVES)}")
        seat, move = move_command(table, data)
        bout = table.bout
        try:
            table.play(seat, move)
        except Rejected as refusal:
            raise Refused(refusal, refusal_text(table.names[seat], move, refusal.message, table.state.rules)) from None
        self._save(table.undo, "Ход не принят")
        return {"said": _said(table, table.state.log[-1:], bout)}

    def pass_all(self, data: dict) -> dict:
        """«все пас» (Table.pass_all): one step, taken back by one «отмена»."""
        table = self._game()
        self.check_seen(data)
        bout = table.bout
        records = table.pass_all()
        self._save(table.undo_step, f"«Все {table.state.rules.pass_word}» не принято")
        return {"said": _said(table, records, bout)}

    def undo(self, data: dict) -> dict:
        """Take back the last step: a move, or the whole of a «все пас»."""
        table = self._game()
        self.check_seen(data)
        records = table.undo_step()

        def redo() -> None:
            for i, record in enumerate(records):
                table.play(record.player, record.move, with_previous=i > 0)

        self._save(redo, "Ход не отменён")
        return {"said": [undo_text(records, table.names, table.state.rules, table.put_back(records))]}

    def _save(self, take_back: Callable[[], Any], not_done: str) -> None:
        text = None
        try:
            text = self.writer.save(self.table, self.path)
        except session.SessionError as exc:
            take_back()
            raise Rejected("not-saved", f"{exc}. {not_done}: на столе всё как было") from None
        finally:
            self._changed(text)  # after a failed save the game was taken back: its text is made anew

    # --- questions: nothing changes ----------------------------------------------------------
    def record(self) -> dict:
        """The game record (as «slovariki referee log» writes it) and the tag of the game it is of:
        the page asks for it when the record is opened, the game's state does not carry it."""
        return {"record": render(self._game()), "record_of": self.tag}

    def hand(self, player: Any) -> dict:
        """The cards that may be in the player's hand, each with what the player may do with it."""
        table = self._game()
        seat = self._seat(player)
        return {"player": table.names[seat], "cards": view.choices(table, seat, view.possible_cards(table, seat))}

    def find(self, player: Any, text: Any) -> dict:
        """The cards a typed word may name (word forms, typos), each with what the player may do with it."""
        table = self._game()
        seat = self._seat(player)
        result = view.found(table.finder, _typed(text))
        return {"player": table.names[seat], "message": result["message"],
                "cards": view.choices(table, seat, result["cards"])}

    def deck(self, rules: Any, grades: Any, text: Any = None) -> dict:
        """The set-up form's cards for the trump: the whole deck, or the ones a typed word may name."""
        game = game_for(_text_field("rules", rules), self.words, _grades(grades))
        whole = {"whole_deck": whole_deck_players(game)}  # so many players are dealt every card
        if text is None:
            return {"message": "", "cards": [card_json(c) for c in view.sorted_cards(game.cards)], **whole}
        result = view.found(finder_for(game, self.words), _typed(text))
        return {"message": result["message"], "cards": [card_json(c) for c in result["cards"]], **whole}

    def own_picture(self, key: str) -> tuple[bytes, str]:
        """An editor's picture of a card of this game or of the server's word folder, by the key its
        card carries (web.cards.own_picture_key), read and checked again; and its kind (svg or png).
        Raises LookupError for a key of no card's picture, PictureError for a picture now unusable."""
        for card in self._word_cards():
            path = card.picture
            if path is not None and card.source is not None and own_picture_key(path) == key:
                return pictures.read_own(path, Path(card.source.file).parent), path.suffix.lower()[1:]
        raise LookupError(key)

    def _word_cards(self) -> list[Any]:
        """The word cards the page may show: the game's, then the whole bank of the word folder."""
        cards = [] if self.table is None or self.table.state.rules.classic else list(self.table.game.cards)
        return cards + list(bank_cards(self.words))

    def _game(self) -> Table:
        if self.table is None:
            raise Rejected("no-game", "партия не начата: сначала скажите, кто играет и какой козырь")
        return self.table

    def _seat(self, player: Any) -> int:
        return self._game().seat(_text_field("player", player))


def _said(table: Table, records: Any, bout: int) -> list[str]:
    """Moves just accepted (in bout number ``bout``), each with what followed it, as sentences."""
    names, rules = table.names, table.state.rules
    return [sentence(line) for record in records
            for line in (record_text(record, names, rules), *event_lines(record.events, names, bout, rules.classic))]


def _text_field(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise Rejected("bad-command", f"нужно поле {name} (текст)")
    return value


def _typed(text: Any) -> str:
    """A typed card word: one line of printable text, no longer than any card."""
    text = readable(_text_field("text", text)).strip().strip(".,!?;:")
    if not text:
        raise Rejected("bad-command", "напишите слово с карты")
    if len(text) > MAX_CARD_CHARS:
        raise Rejected("bad-command", f"слишком длинное слово: на картах слова не длиннее {MAX_CARD_CHARS} букв")
    return text


def _grades(value: Any) -> tuple[int, ...] | None:
    """«1,2» from the form; nothing or an empty value means every grade."""
    if value is None or value == "":
        return None
    try:
        return tuple(sorted({int(part) for part in _text_field("grades", value).split(",") if part.strip()}))
    except ValueError:
        raise Rejected("bad-command", "классы пишутся номерами через запятую: 1,2") from None
