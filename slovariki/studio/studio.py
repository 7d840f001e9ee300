"""What the studio's page can ask, as plain methods over one :class:`Studio`: the word folder chosen,
then her bank, a word's proposal and check, saving, import, print and play. The web app only reads
requests and writes answers; the tests call these methods as the page does.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace
from pathlib import Path

from slovariki.bank import wordlist
from slovariki.model import Colour, Deck
from slovariki.studio import importing, printing
from slovariki.studio.workspace import (StudioError, Workspace, picture_choices, remember, remembered,
                                        start_folder)

PREVIEW_DPI = 110  # a card 63 mm wide is 273 px: sharp in the table and in the form
PREVIEW_CACHE = 600  # cards; the bundled bank has about 320


class Studio:
    def __init__(self, folder: Path | None = None) -> None:
        """The studio on ``folder`` (`--words`), else on the folder it remembers. A folder named that does
        not exist yet is offered on the start page, ready to be made, rather than another one opened."""
        self.workspace: Workspace | None = None
        self.printer: printing.Printer | None = None
        self.handout_files: tuple[Path, tuple[str, ...]] | None = None
        self._assistant = None
        self._previews: OrderedDict[tuple, bytes] = OrderedDict()
        self._preview_lock = threading.Lock()
        self._fitted: tuple = (None, {})  # (deck, {options: its DeckType or why it does not print}): see _deck_type
        self.lan_url: str | None = None  # with --lan: the address a tablet on the Wi-Fi opens
        self.play = None  # the referee's screen under «play/» (play.PlayScreen), made with the routes
        self.asked: Path | None = None  # --words naming a folder that is not there yet
        folder = folder or remembered()
        if folder is not None and folder.is_dir():
            self._open(folder)
        elif folder is not None and not folder.exists():
            self.asked = folder

    # --- the folder -----------------------------------------------------------------------------------
    def _open(self, folder: Path) -> None:
        self.workspace = Workspace(folder)
        self.printer = printing.Printer(self.workspace)
        self.handout_files = None
        if self.play is not None:
            self.play.follow()

    def ws(self) -> Workspace:
        if self.workspace is None:
            raise StudioError("no-folder", "сначала выберите папку со словами (страница «Начало»)")
        return self.workspace

    def state(self) -> dict:
        ws = self.workspace
        # What the page shows that the library defines: the grades' colours and names, the print choices.
        known = {"colours": {c.grade: {"tint": c.print_tint, "strong": c.print_strong, "name": c.russian,
                                       "cards": c.russian_cards} for c in Colour},
                 "print": printing.choices()}
        if ws is None and self.asked is not None:
            return {"folder": None, "suggested": str(self.asked), **known,
                    "notice": f"Папки {self.asked} пока нет. Чтобы начать в ней, выберите ниже: «Начать с пустых "
                              "списков», «Новая папка с примерами» или «Копия встроенного банка»."}
        if ws is None:
            return {"folder": None, "suggested": str(Path.home() / "Словарики"), **known}
        files = [{"grade": g, "path": str(ws.path(g)), "exists": ws.path(g).exists()} for g in (1, 2, 3, 4)]
        return {"folder": str(ws.folder), "files": files, "undo": ws.undo_label(), **known,
                "play_url": self.lan_url and self.lan_url + "play/", **self.printer.status()}

    def start(self, data: dict) -> dict:
        folder = data.get("folder")
        if not isinstance(folder, str) or not folder.strip() or len(folder) > 1000:
            raise StudioError("bad-request", "напишите путь к папке")
        opened = start_folder(Path(folder.strip()), str(data.get("how", "open")))
        self._open(opened)
        kept = remember(opened)
        said = f"Папка со словами: {opened}" + ("" if kept else " (запомнить её на следующий раз не удалось)")
        return {"said": said, **self.state()}

    def warm_up(self) -> None:
        """Check the bank and draw its first card once, so that the page's first answers do not wait for
        the dictionaries and the fonts to load (run in the background at start)."""
        try:
            deck = self.ws().checked().deck
            if len(deck):
                self._png(next(iter(deck)), None)
        except StudioError:  # no folder yet, or one that cannot be read: the page will say so
            pass

    # --- the bank -------------------------------------------------------------------------------------
    def bank(self, query: dict) -> dict:
        stars = query.get("stars", "")
        return self.ws().bank_view(query.get("text", "")[:80], int(stars) if stars in ("1", "2", "3") else None,
                                   query.get("letter", "")[:1], query.get("no_picture") == "1",
                                   query.get("findings") == "1")

    def entry(self, query: dict) -> dict:
        return self.ws().entry(query.get("word", "")[:80])

    def suggest(self, data: dict) -> dict:
        from slovariki.rules_check.suggest import Assistant, SuggestError

        word, grade = data.get("word"), data.get("grade")
        if not isinstance(word, str):
            raise StudioError("bad-request", "напишите слово")
        deck = self.ws().checked().deck
        with self._preview_lock:
            if self._assistant is None:
                self._assistant = Assistant()
        try:
            found = self._assistant.suggest(word, grade if grade in (1, 2, 3, 4) else None, deck,
                                            str(self.ws().folder))
        except SuggestError as exc:
            raise StudioError("bad-request", str(exc)) from None
        return {"suggestion": {**found.as_json(), "markup": found.markup.render()}, "pictures": picture_choices(found.word)}

    def draft(self, data: dict) -> dict:
        found = self.ws().findings(data)
        definition = data.get("definition") if isinstance(data.get("definition"), str) else ""
        word = found["card"]["word"] if found["card"] else ""
        return {**found, "pictures": picture_choices(word, definition) if word else []}

    # --- cards as printed -----------------------------------------------------------------------------
    def _png(self, card, size: str | None, deck=None) -> bytes:  # noqa: ANN001 - a Card, a Deck
        """The card as cards.pdf prints it at the card size the print form has chosen (a key of
        CARD_SIZES; None: build-deck's default), drawn once for all that changes its look: the card itself,
        its picture file, the print options and the deck's definition size (chosen over the whole bank,
        so a long definition saved on another card can make every card's text a step smaller; over
        ``deck`` if given, a draft's, measured for this drawing only)."""
        from slovariki.generator.build import BuildError
        from slovariki.generator.faces import FitError
        from slovariki.generator.preview import card_png

        options = printing.preview_options(size)
        mtime = card.picture.stat().st_mtime_ns if card.picture is not None and card.picture.exists() else 0
        with self._preview_lock:  # one drawing at a time: the page asks for a table's cards at once
            if deck is None:
                deck = self.ws().checked().deck
                fitted = self._deck_type(deck, options)
            else:
                fitted = _measured(deck, options)
            key = (card, str(card.picture), mtime, options, fitted.size, fitted.smaller)
            if key in self._previews:
                self._previews.move_to_end(key)
                return self._previews[key]
            try:
                png, _, _ = card_png(deck, card, options, PREVIEW_DPI, fitted=fitted)
            except (BuildError, FitError) as exc:  # FitError: a draft, not yet in the deck measured, too long
                raise _unprintable(options, exc) from None
            self._previews[key] = png
            while len(self._previews) > PREVIEW_CACHE:
                self._previews.popitem(last=False)
            return png

    def _deck_type(self, deck, options):  # noqa: ANN001, ANN202 - a Deck, DeckOptions; a DeckType
        """The deck's definition size and the step below it, as build-deck chooses them; measured once
        per card size for a deck, again when the bank changes."""
        if self._fitted[0] is not deck:
            self._fitted = (deck, {})
        known = self._fitted[1]
        if options not in known:  # a refusal is kept too: every card of the table asks
            try:
                known[options] = _measured(deck, options)
            except StudioError as exc:
                known[options] = exc
        if isinstance(known[options], StudioError):
            raise known[options]
        return known[options]

    def card_png(self, grade: int, word: str, size: str | None = None) -> bytes:
        deck = self.ws().checked().deck
        card = deck.find(word)
        if card is None or card.grade != grade:
            raise StudioError("not-found", f"слова «{word}» нет в {grade} классе")
        return self._png(card, size)

    def draft_png(self, data: dict, size: str | None = None) -> bytes:
        _, _, card, found = self.ws().draft(data)
        if card is None:
            errors = [d.message for _, d in found if d.is_error]
            raise StudioError("bad-entry", errors[0] if errors else "карточку пока не нарисовать")
        card = replace(card, source=None)  # not yet in her file: no line to name
        try:
            return self._png(card, size)
        except StudioError:
            # Longer than the saved deck's definitions allow: build-deck would measure the deck with it,
            # and may set every definition smaller. Measured so only now: it takes a while on a big bank.
            # If the saved deck itself does not print at this size, that is the answer (kept: no measuring).
            saved = self.ws().checked().deck
            with self._preview_lock:
                self._deck_type(saved, printing.preview_options(size))
            with_draft = Deck.of([c for c in saved if c.word not in (card.word, data.get("original"))] + [card])
            return self._png(card, size, with_draft)

    # --- changes --------------------------------------------------------------------------------------
    def save(self, data: dict) -> dict:
        return {**self.ws().save(data), **self.state()}

    def remove(self, data: dict) -> dict:
        return {**self.ws().remove(data), **self.state()}

    def undo(self) -> dict:
        return {**self.ws().undo(), **self.state()}

    def import_preview(self, name: str, data: bytes) -> dict:
        return importing.preview(self.ws(), name, data)

    def import_accept(self, data: dict) -> dict:
        return {**importing.accept(self.ws(), data), **self.state()}

    # --- print ----------------------------------------------------------------------------------------
    def build(self, data: dict) -> dict:
        self.ws()
        return self.printer.start(data)

    def build_status(self) -> dict:
        self.ws()
        return self.printer.status()

    def handouts(self, data: dict) -> dict:
        done = printing.handouts(self.ws(), data)
        self.handout_files = (Path(done["folder"]), tuple(f["name"] for f in done["files"]))
        return done

    def built_file(self, kind: str, name: str) -> Path:
        if kind == "deck":
            self.ws()
            return self.printer.file(name)
        if kind == "handouts" and self.handout_files and name in self.handout_files[1]:
            return self.handout_files[0] / name
        raise StudioError("not-found", "такого файла нет: соберите его снова")

    def open_folder(self) -> dict:
        from slovariki.text.console import show_folder

        job = self.printer.job if self.printer else None
        folder = job.folder if job else self.ws().folder
        if not show_folder(folder):
            raise StudioError("not-found", f"открыть папку не удалось: откройте её сами: {folder}")
        return {"said": f"Открыта папка {folder}"}

    # --- play -----------------------------------------------------------------------------------------
    def play_routes(self) -> list:
        """The referee's screen under «play/», on her word folder (see :mod:`slovariki.studio.play`)."""
        from slovariki.studio import play

        self.play = play.PlayScreen(self)
        return play.routes(self.play)

    def close(self) -> None:
        """Let go of the game the play screen holds: the studio stops."""
        if self.play is not None:
            self.play.close()

    def play_qr(self) -> bytes:
        """The QR code of the play screen's address on the Wi-Fi, as SVG (only with --lan)."""
        import io

        import segno

        if not self.lan_url:
            raise StudioError("not-found", "студия запущена без --lan: планшету её не открыть")
        svg = io.BytesIO()
        segno.make(self.lan_url + "play/", error="m").save(svg, kind="svg", scale=6, border=4)
        return svg.getvalue()

    def words_folder(self) -> str | None:
        """Her folder for the referee when it holds words, else the bundled bank."""
        ws = self.workspace
        return str(ws.folder) if ws is not None and wordlist.has_grade_files(ws.folder) else None


def _measured(deck, options):  # noqa: ANN001, ANN202 - a Deck, DeckOptions; a DeckType
    """build-deck's definition size for ``deck`` at these options; StudioError if it does not print."""
    from slovariki.generator.faces import FitError, deck_type

    try:
        return deck_type(deck, options)
    except FitError as exc:
        raise _unprintable(options, exc) from None


def _unprintable(options, exc: Exception) -> StudioError:  # noqa: ANN001 - DeckOptions
    """build-deck's message for a card it would not print, with the card size that was asked for."""
    from slovariki.generator.options import size_text

    return StudioError("bad-entry", f"карточки {size_text(options.card_size)} мм не напечатать: {exc}")
