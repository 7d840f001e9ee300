"""The `slovariki` command line: options in, library calls, output out. No game logic here."""

from __future__ import annotations

import os
import sys

import click

from slovariki.text import clicktext
from slovariki.text import console
from slovariki.text.russian import os_error, plural

clicktext.install()


def _say(text: str, err: bool = False, nl: bool = True) -> None:
    """Print text that may hold what a file or a person wrote: control characters (a terminal escape
    sequence in a word file) are shown as escapes, not obeyed."""
    from slovariki.text.terminal import shown

    click.echo(shown(text, lines=True), err=err, nl=nl)


def _grades(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        grades = tuple(sorted({int(part) for part in value.split(",") if part.strip()}))
    except ValueError:
        raise click.BadParameter("нужны номера классов через запятую, например 1,2") from None
    if not grades or not set(grades) <= {1, 2, 3, 4}:
        raise click.BadParameter(f"классы бывают 1, 2, 3 и 4, а не «{value}»")
    return grades


def _letter(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    from slovariki.markup import CYRILLIC, LOOKALIKES

    if value in LOOKALIKES:
        raise click.BadParameter(f"«{value}» — латинская буква, нужна русская «{LOOKALIKES[value]}»")
    if value is not None and (len(value) != 1 or value not in CYRILLIC):
        raise click.BadParameter(f"нужна одна русская буква, а не «{value}»")
    return value


words_option = click.option(
    "--words", "words_dir", type=click.Path(), default=None, metavar="ПАПКА",
    show_default="встроенный банк", help="Папка со списками слов или таблица (.xlsx, .ods, .csv).")
format_option = click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
    help="Вид отчёта: text — для чтения, json — для программ.")
host_option = click.option(  # the web pages' (referee web, studio)
    "--host", default="127.0.0.1", show_default=True, metavar="АДРЕС",
    help="На каком адресе ждать браузер (127.0.0.1 — только этот компьютер).")
grades_option = click.option(
    "--grades", callback=_grades, default=None, metavar="1,2,3,4", show_default="все",
    help="Какие классы брать.")
game_words_option = click.option(
    "--game-words/--list-only", "game_words", default=None, show_default="в колоде двух классов и больше",
    help="Брать ли слова, которые в банке только для игры (game_word: их нет в школьном списке класса). "
         "Колода двух классов и больше берёт их (там они пары для подкидывания), колода одного класса — "
         "только слова школьного списка. В список слов и диктант они попадают только с --game-words (с пометкой).")


def _load(words_dir: str | None):
    from slovariki.bank.wordlist import WordBankError, load_bank

    try:
        bank = load_bank(words_dir)
    except WordBankError as exc:
        _say(f"Ошибка: {exc}", err=True)
        sys.exit(2)
    return bank


def _mention_remarks(bank) -> None:
    """For commands that use the bank without checking it: the problems are ``check``'s to show."""
    if bank.diagnostics:
        # No count: check also consults the dictionary, so its count would differ from this one.
        click.echo("В файлах есть замечания: их покажет «slovariki check».", err=True)


class _Main(clicktext.Group):
    """The top command: a failed file operation that no command caught, above all a failed write of the
    output (a full disk under «> отчёт.txt»), is a message, not a traceback; click handles only a
    closed pipe. Ctrl-C and SIGTERM that no command caught end every command one way: a Russian line
    and the shell's codes, 130 and 143 (click would say «Aborted!» with 1, SIGTERM kill silently)."""

    def main(self, *args, **kwargs):
        console.install()
        try:
            with console.sigterm_interrupts():
                return super().main(*args, **kwargs)
        except OSError as exc:
            what = exc.filename or "не удалось вывести результат"  # stdout has no file name
            _say(f"Ошибка: {what}: {os_error(exc)}", err=True)
            sys.stdout = open(os.devnull, "w")  # Python flushes stdout once more on the way out
            sys.exit(1)

    def invoke(self, ctx: click.Context):
        import signal

        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            terminated = isinstance(exc, console.Terminated)
            if sys.stderr.isatty():
                click.echo(err=True)  # after the «^C» the terminal shows
            click.echo("Прервано: программу попросили завершиться (SIGTERM)." if terminated
                       else "Прервано (Ctrl+C).", err=True)
            sys.exit(128 + (signal.SIGTERM if terminated else signal.SIGINT))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command's first sentence in full (wrapped), not cut off with «...»."""
        rows = [(name, command.get_short_help_str(limit=300)) for name in self.list_commands(ctx)
                if (command := self.get_command(ctx, name)) is not None and not command.hidden]
        if rows:
            with formatter.section(clicktext.gettext("Commands")):
                formatter.write_dl(rows)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
@click.version_option(package_name="slovariki")
def main() -> None:
    """«Словарики»: банк словарных слов, проверки, колода для печати и судья."""


@main.command()
@words_option
@grades_option
@format_option
@click.option("--strict", is_flag=True, help="Считать предупреждения ошибками.")
@click.option("--deck/--no-deck", "deck_rules", default=True, show_default="да",
              help="Проверять колоду по правилам игры: перевод, подкидывание, чем побить каждую карту, на сколько "
                   "игроков её хватит.")
def check(words_dir: str | None, grades: tuple[int, ...] | None, fmt: str, strict: bool, deck_rules: bool) -> None:
    """Проверить списки слов: разметку, словарь, толкования и колоду."""
    from slovariki.rules_check.checker import check_bank

    report = check_bank(_load(words_dir), grades, deck_rules=deck_rules)
    if fmt == "json":
        click.echo(report.as_json())  # JSON escapes what it must itself
    else:
        _say(report.as_text())
    fits = _definitions_fit(report.deck, said=fmt != "json")  # JSON's stdout holds the report alone
    sys.exit(1 if report.failed(strict) or not fits else 0)


def _definitions_fit(deck, said: bool = True) -> bool:  # noqa: ANN001 - a Deck
    """Say the deck's definition size and the cards printed one step smaller (``said``); False if one fits
    at no size, for the exit code of either format, and why: on stderr when stdout holds JSON alone."""
    if not len(deck):
        return True
    from slovariki.generator.faces import FitError, deck_type  # not build: its PDF writers take a fifth of a second

    try:
        found = deck_type(deck)
    except FitError as exc:
        _say("\n".join(f"Ошибка: {line}" for line in str(exc).splitlines()), err=not said)
        return False
    if said:
        _say(found.report())
    return True


@main.command()
@click.argument("word", metavar="СЛОВО")
@click.option("--grade", type=click.IntRange(1, 4), default=None, metavar="КЛАСС",
              help="Класс (1–4): цвет карты, файл для записи и пары для перевода.")
@click.option("--words", "words_dir", type=click.Path(), default=None, metavar="ПАПКА",
              help="Банк слов: с какими его картами слово переводится и на какие подкидывается.")
@format_option
def suggest(word: str, grade: int | None, words_dir: str | None, fmt: str) -> None:
    """Предложить запись нового слова: ударение, сложные буквы, звёздочки — и объяснить почему.

    Ничего не записывает: готовую запись нужно вставить в файл самому. Код выхода: 0 — запись
    предложена, 1 — слова нет в словаре pymorphy3 (разобрано ближайшее слово, если оно нашлось), это
    не начальная форма или слово написано не с той буквы, 2 — это не русское слово, сочетание
    несвязанных слов или неверные параметры.
    """
    from slovariki.files import jsonl
    from slovariki.rules_check.suggest import Assistant, SuggestError

    deck = None
    if words_dir is not None:
        bank = _load(words_dir)
        _mention_remarks(bank)
        deck = bank.deck
    try:
        result = Assistant().suggest(word, grade, deck, words_dir)
    except SuggestError as exc:
        _fail(str(exc), 2)
    if fmt == "json":
        click.echo(jsonl.dumps(result.as_json(), indent=2))
    else:
        _say(result.as_text())
    sys.exit(0 if result.ready else 1)


@main.command()
@words_option
@click.option("--grades", "--grade", "grades", callback=_grades, default=None, metavar="1,2,3,4",
              show_default="все", help="Какие классы показать (--grade 2 — то же, что --grades 2).")
@click.option("--stars", type=click.IntRange(1, 3), default=None, metavar="ЧИСЛО", help="Только столько звёздочек.")
@click.option("--letter", callback=_letter, default=None, metavar="БУКВА", help="Только слова с этой сложной буквой.")
def words(words_dir: str | None, grades: tuple[int, ...] | None, stars: int | None, letter: str | None) -> None:
    """Показать слова банка таблицей: класс, звёздочки, слово, сложные буквы, толкование."""
    import shutil

    from slovariki.text.terminal import use_colour, word_table

    bank = _load(words_dir)
    _mention_remarks(bank)
    deck = bank.select(grades).deck.select(None, stars, letter)  # as check selects: files first
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
    click.echo(word_table(deck, colour=use_colour(sys.stdout), width=width))


def _word_warnings(report, words_dir: str | None, cards=None) -> int:  # noqa: ANN001 - a CheckReport
    """Print what check found in the word entries (of ``cards`` only, when given) before anything is
    drawn: what a card would print wrong (checker.PRINTED_WRONG) in full, the other warnings as a
    count. Returns how many would print wrong."""
    from slovariki.rules_check.checker import PRINTED_WRONG

    found = report.word_warnings(cards)
    wrong = [d for d in found if d.code in PRINTED_WRONG]
    for finding in wrong:
        _say(finding.as_text(), err=True)
    others = len(found) - len(wrong)
    if others:
        where = f" --words {words_dir}" if words_dir else ""
        said = plural(others, "предупреждение", "предупреждения", "предупреждений")
        _say(f"{'Ещё в словах' if wrong else 'В словах'} {others} {said}: подробности — slovariki check{where}",
             err=True)
    return len(wrong)


def _deck_advice(report) -> None:  # noqa: ANN001 - a CheckReport
    """What the deck rules advise, said as advice after what is printed anyway."""
    from slovariki.rules_check.checker import advice_lines

    tips = advice_lines(report.deck_check) if report.deck_check else []
    if tips:
        _say("Совет по колоде (печатается и так): " + tips[0] if len(tips) == 1 else
             "Советы по колоде (печатается и так):\n" + "\n".join(f"  • {tip}" for tip in tips), err=True)


class _ProgressBar:
    """The build's progress as a click progress bar on stderr."""

    def __init__(self) -> None:
        self.bar = None

    def start(self, total: int) -> None:
        self.bar = click.progressbar(length=total, label="Собираю колоду", file=sys.stderr)
        self.bar.__enter__()

    def advance(self, steps: int) -> None:
        self.bar.update(steps)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


@main.command("build-deck")
@words_option
@grades_option
@click.option("--out", "out_dir", type=click.Path(), default="output", show_default=True, metavar="ПАПКА",
              help="Папка для PDF-файлов.")
@click.option("--card-size", default="poker", show_default=True, metavar="РАЗМЕР",
              help="poker (63×88 мм), bridge (57×89), mini (44×63) или ШxВ в мм, например 70x100.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
              help="Бумага.")
@click.option("--landscape/--portrait", default=None, show_default="книжная, для --backs fold альбомная",
              help="Ориентация листа.")
@click.option("--bleed", type=clicktext.DECIMAL, default=0, show_default=True, metavar="ММ",
              help="Вылет цвета за линию реза, мм (обычно 3).")
@click.option("--gap", type=clicktext.DECIMAL, default=0, show_default=True, metavar="ММ",
              help="Промежуток между картами, мм.")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default="есть", help="Метки реза на полях.")
@click.option("--backs", type=click.Choice(["duplex-long", "duplex-short", "fold", "none"], case_sensitive=False),
              default="duplex-long", show_default=True,
              help="Рубашки: двусторонняя печать с переворотом по длинному или короткому краю, "
                   "сгиб (лицо и рубашка рядом) или без рубашек.")
@click.option("--back-offset", default=None, show_default="0;0", metavar="DX;DY",
              help="Сдвиг рубашек в мм, чтобы исправить смещение принтера (см. --calibration): два числа через "
                   "точку с запятой, например \"1,5;-0,5\".")
@click.option("--back-offset-x", type=clicktext.DECIMAL, default=None, metavar="ММ", help="Сдвиг рубашек по DX.")
@click.option("--back-offset-y", type=clicktext.DECIMAL, default=None, metavar="ММ", help="Сдвиг рубашек по DY.")
@click.option("--copies", type=int, default=1, show_default=True, metavar="ЧИСЛО", help="Сколько комплектов, от 1 до 20.")
@click.option("--stress/--no-stress", default=True, show_default="есть", help="Знак ударения над словом.")
@click.option("--rules-template", type=click.Path(dir_okay=False), default=None, metavar="ФАЙЛ",
              help="Свой шаблон листа правил (копия slovariki/templates/rules.xml.j2).")
@click.option("--calibration", is_flag=True, help="Собрать только тестовый лист, чтобы подобрать сдвиг рубашек.")
@click.option("--open", "open_folder", is_flag=True, help="Открыть папку с готовыми файлами.")
@click.option("--cmyk", is_flag=True, help="Для типографии: цвета в CMYK, текст и метки только чёрной краской.")
@click.option("--print-shop", is_flag=True,
              help="Для типографии: каждая карта на своей странице с вылетом 3 мм (TrimBox и BleedBox), за лицом "
                   "рубашка, CMYK, текст 100 % K; и PNG каждой карты, 300 dpi, в папке png.")
@click.option("--only", "only", default=None, metavar="СЛОВО,…",
              help="Напечатать карточки только этих слов (например, взамен потерянных): в файл cards-only.pdf, "
                   "остальные файлы колоды не трогаются.")
@click.option("--stars", "only_stars", type=click.IntRange(1, 3), default=None, metavar="ЧИСЛО",
              help="Напечатать только карточки с этим числом звёздочек (тоже в cards-only.pdf).")
@click.option("--dictation-words", type=int, default=None, metavar="ЧИСЛО",
              help="Сколько слов каждого класса взять в список слов и диктант (от лёгких к трудным).")
@click.option("--grade-sheets/--no-grade-sheets", default=True, show_default="да",
              help="Каждый класс с нового листа.")
@click.option("--force", is_flag=True, help="Собрать, даже если ударение или написание слова (ё, большая буква) "
                                            "расходится со словарём.")
@game_words_option
def build_deck(words_dir: str | None, grades: tuple[int, ...] | None, out_dir: str, card_size: str, paper: str,
               landscape: bool | None, bleed: float, gap: float, crop_marks: bool, backs: str, back_offset: str | None,
               back_offset_x: float | None, back_offset_y: float | None, copies: int, stress: bool,
               rules_template: str | None, calibration: bool, open_folder: bool, cmyk: bool, print_shop: bool,
               only: str | None, only_stars: int | None, dictation_words: int | None, grade_sheets: bool,
               force: bool, game_words: bool | None) -> None:
    """Собрать PDF для печати: карточки, правила, список слов, словарный диктант и ответы к нему.

    Ударение или написание (ё, большая буква), которое расходится со словарём, останавливает сборку
    (--force — собрать всё равно)."""
    from pathlib import Path

    from slovariki.generator import build, options, writer
    from slovariki.generator.writer import OutputError
    from slovariki.rules_check.checker import check_bank

    try:
        settings = options.DeckOptions(
            card_size=options.parse_card_size(card_size), paper=paper, landscape=landscape, bleed=bleed,
            gap=gap, crop_marks=crop_marks, backs=backs,
            back_offset=options.offset(back_offset, back_offset_x, back_offset_y),
            copies=copies, stress=stress, cmyk=cmyk, print_shop=print_shop, grade_sheets=grade_sheets, stars=only_stars,
            game_words=game_words is True, dictation_words=dictation_words,
            only=tuple(w.strip() for w in (only or "").split(",") if w.strip()))
    except options.OptionsError as exc:
        raise click.UsageError(str(exc)) from None
    out = Path(out_dir)
    bar = _ProgressBar()
    try:
        if calibration:
            result = build.build_calibration(settings, out)
        else:
            report = check_bank(_load(words_dir).for_deck(grades, game_words), grades, deck_rules=True)
            if report.word_errors:
                _say(report.as_text(), err=True)
                click.echo("Колода не собрана: сначала исправьте ошибки в списках слов.", err=True)
                sys.exit(1)
            if _word_warnings(report, words_dir) and not force:  # a card printed wrong teaches a mistake
                click.echo("Колода не собрана: на карточках было бы ударение или написание не как в словаре "
                           "(см. выше). Исправьте слова (или, если вы уверены, соберите с --force).", err=True)
                sys.exit(1)
            if not (settings.only or settings.stars):  # a reprint of lost cards is not the time for advice
                _deck_advice(report)  # a small class list is still worth printing: cards, word list, dictation
            try:
                template = Path(rules_template) if rules_template else None
                result = build.build_deck(report.deck, settings, out, bar, template)
            finally:
                bar.close()
    except (build.BuildError, OutputError) as exc:
        _say(f"Ошибка: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM: what it kept, then _Main.invoke's line and exit code
        _say(writer.interrupted(exc, out), err=True)
        raise
    _say(result.layout_report(settings))
    if result.deck_type:
        _say(result.deck_type.report())
    _say("Файлы:\n" + "\n".join(f"  {file.path.resolve()}" for file in result.files))
    _say(result.summary())
    if open_folder and not console.show_folder(out.resolve()):
        click.echo(f"Открыть папку не удалось: откройте её сами: {out.resolve()}", err=True)


# --- a teacher's own words: init, import, export, anki ----------------------------------------------------
def _print_problems(problems) -> None:
    for problem in problems:
        _say(problem.as_text(), err=True)


@main.command()
@click.argument("folder", type=click.Path(), metavar="ПАПКА")
@click.option("--copy", is_flag=True, help="Скопировать в папку весь встроенный банк слов, а не примеры.")
def init(folder: str, copy: bool) -> None:
    """Начать свой список слов: grade1.yaml … grade4.yaml с описанием ключей и примерами.

    Существующие файлы не перезаписываются.
    """
    from pathlib import Path

    from slovariki.bank.starter import StarterError, start

    try:
        written = start(Path(folder), copy)
    except StarterError as exc:
        _fail(str(exc))
    click.echo("Созданы файлы:\n" + "\n".join(f"  {path.resolve()}" for path in written))
    click.echo(f"Дальше: поправьте их в текстовом редакторе и проверьте: slovariki check --words {_shown(folder)}")


def _shown(path: str) -> str:
    """A path as it is pasted into a command line."""
    return f'"{path}"' if " " in path else path


@main.command("import")
@click.argument("file", type=click.Path(dir_okay=False), metavar="ТАБЛИЦА")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), required=True, metavar="ПАПКА",
              help="Папка для файлов grade1.yaml … grade4.yaml.")
@click.option("--force", is_flag=True, help="Заменить файлы, которые уже есть в папке.")
@click.option("--suggest", is_flag=True, help="Словам без отмеченных сложных букв предложить разметку (ударение, "
                                              "сложные буквы, звёздочки): её нужно проверить.")
def import_command(file: str, out_dir: str, force: bool, suggest: bool) -> None:
    """Перенести слова из таблицы (.xlsx, .ods, .csv) в файлы со словами.

    В таблице лист на класс («1 класс», «Слова 2 класса») или столбец «Класс», в строке заголовков:
    Слово, Звёздочки, Толкование (или Значение), Картинка, Заметка. Сложные буквы — красным цветом,
    жирным шрифтом или в скобках [ ]; ударение — заглавной гласной (карандАш), знаком ´ или «+».
    Если в таблице есть ошибки, ничего не записывается.
    """
    from pathlib import Path

    from slovariki.bank.importing import ImportProblem, accepted, how_read, preview_spreadsheet, write_word_files

    try:
        found = preview_spreadsheet(Path(file), suggest)
        done = write_word_files(accepted(found, Path(file)), Path(out_dir), force)
    except ImportProblem as exc:
        _print_problems(exc.diagnostics)
        _fail(str(exc), 1 if exc.diagnostics else 2)
    _say("Записаны файлы:\n" + "\n".join(f"  {path.resolve()}" for path in done.written))
    if done.removed:
        _say("Убраны примеры из init (этих классов нет в таблице, в колоде будут только ваши слова):\n"
             + "\n".join(f"  {path.resolve()}" for path in done.removed))
    if done.left:
        _say("Оставлены как были (их слова тоже войдут в колоду):\n"
             + "\n".join(f"  {path.resolve()}" for path in done.left))
    if lines := how_read(found.rows):
        _say("Как прочитаны слова:\n" + "\n".join(lines))
    click.echo(f"Проверить слова: slovariki check --words {_shown(out_dir)}")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False), metavar="ФАЙЛ")
@words_option
@click.option("--format", "fmt", type=click.Choice(["xlsx", "ods", "csv"], case_sensitive=False), default=None,
              show_default="по расширению файла", help="Формат таблицы.")
def export(file: str, words_dir: str | None, fmt: str | None) -> None:
    """Выгрузить банк слов в таблицу (.xlsx, .ods, .csv): лист на класс, первая строка закреплена."""
    from pathlib import Path

    from slovariki.bank.spreadsheet_writer import FORMATS, export as write
    from slovariki.bank.importing import ImportProblem, bank_tables

    path = Path(file)
    fmt = (fmt or path.suffix.lstrip(".")).lower()
    if fmt not in FORMATS:
        raise click.UsageError("формат таблицы — xlsx, ods или csv: допишите расширение к имени файла "
                               "или укажите --format")
    try:
        tables = bank_tables(words_dir)
    except ImportProblem as exc:
        _print_problems(exc.diagnostics)
        _fail(str(exc), 2)
    try:
        write(tables, path, fmt)
    except OSError as exc:
        _fail(f"не удалось записать {path}: {os_error(exc)}")
    words = sum(1 for table in tables for row in table.rows if row.comment is None)
    click.echo(f"Записан файл {path.resolve()}: {words} {plural(words, 'слово', 'слова', 'слов')}.")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False), metavar="ФАЙЛ.apkg")
@words_option
@grades_option
def anki(file: str, words_dir: str | None, grades: tuple[int, ...] | None) -> None:
    """Колода для Anki (учить слова дома): на лицевой стороне толкование и слово с пропусками,
    на обороте слово целиком с красными буквами и ударением.

    Повторная выгрузка в тот же Anki обновляет карточки, а не добавляет копии.
    """
    from pathlib import Path

    from slovariki.bank.anki import SUFFIX, write
    from slovariki.rules_check.checker import check_bank

    # Refused, not mended: a suffix added quietly would write a file the teacher never named (as preview).
    if Path(file).suffix.lower() != SUFFIX:
        raise click.UsageError(f"колода для Anki сохраняется в файл {SUFFIX}: имя файла должно кончаться "
                               f"на {SUFFIX}, например словарики{SUFFIX}")
    report = check_bank(_load(words_dir), grades)
    if report.word_errors:
        _say(report.as_text(), err=True)
        _fail("колода для Anki не собрана: сначала исправьте ошибки в списках слов")
    if not len(report.deck):
        _fail("в выбранных классах нет ни одной карточки")
    path = Path(file)
    try:
        notes = write(report.deck, path)
    except OSError as exc:
        _fail(f"не удалось записать {path}: {os_error(exc)}")
    click.echo(f"Записан файл {path.resolve()}: {notes} {plural(notes, 'слово', 'слова', 'слов')}. "
               "Откройте его в Anki: «Файл → Импорт».")


@main.command()
@click.argument("word", required=False, metavar="[СЛОВО]")
def pictures(word: str | None) -> None:
    """Показать встроенные картинки для карточек: имя для ключа picture: и что нарисовано.

    Если указано СЛОВО — только картинки, в имени или описании которых оно есть (в любой форме:
    «яблоки», «мяч»).
    """
    from slovariki.bank.pictures import search, shipped

    word = (word or "").strip() or None
    names = shipped() if word is None else search(word)
    if not names:
        _say(f"Картинок со словом «{word}» нет. Все картинки: slovariki pictures", err=True)
        sys.exit(1)
    width = max(map(len, names))
    for name, shows in names.items():
        click.echo(f"{name:<{width}}  {shows}")
    count = f"{len(names)} {plural(len(names), 'картинка', 'картинки', 'картинок')}"
    found = plural(len(names), "Нашлась", "Нашлись", "Нашлось")
    click.echo(f"\n{'Всего' if word is None else found} {count}. В списке слов: picture: имя (например, "
               "picture: cow) или путь к своей картинке SVG или PNG рядом со списком.")


@main.command()
@click.argument("word", metavar="СЛОВО")
@words_option
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None, metavar="ФАЙЛ",
              show_default="СЛОВО.png в текущей папке", help="Куда сохранить PNG.")
@click.option("--dpi", type=click.IntRange(36, 1200), default=300, show_default=True, metavar="ЧИСЛО",
              help="Точек на дюйм: 300 — как при печати, 96 — для экрана.")
@click.option("--back", is_flag=True, help="Показать рядом и рубашку.")
@click.option("--card-size", default="poker", show_default=True, metavar="РАЗМЕР",
              help="poker, bridge, mini или ШxВ в мм, как у build-deck.")
@click.option("--stress/--no-stress", default=True, show_default="есть", help="Знак ударения над словом.")
@click.option("--grade", type=click.IntRange(1, 4), default=2, show_default=True, metavar="КЛАСС",
              help="Для слова, которого ещё нет в банке: класс (цвет карточки).")
@click.option("--stars", type=click.IntRange(1, 3), default=None, metavar="ЧИСЛО", show_default="по сложным буквам",
              help="Для слова, которого ещё нет в банке: звёздочки.")
@click.option("--definition", default="", metavar="ТЕКСТ", help="Для слова, которого ещё нет в банке: толкование.")
def preview(word: str, words_dir: str | None, out_file: str | None, dpi: int, back: bool, card_size: str,
            stress: bool, grade: int, stars: int | None, definition: str) -> None:
    """Нарисовать одну карточку в PNG, чтобы посмотреть новое слово до печати всей колоды.

    Слово, которого ещё нет в банке, пишется с разметкой, как в файле со словами:
    slovariki preview "к[а]л[е]нд+арь" --grade 2 --definition "…".
    """
    from pathlib import Path

    from slovariki.generator import options
    from slovariki.generator.build import BuildError
    from slovariki.generator.preview import find_card, render_preview
    from slovariki.generator.writer import OutputError

    try:
        settings = options.DeckOptions(card_size=options.parse_card_size(card_size), stress=stress)
    except options.OptionsError as exc:
        raise click.UsageError(str(exc)) from None
    from slovariki.rules_check.checker import check_bank

    bank = _load(words_dir)
    _mention_remarks(bank)
    try:
        try:
            card = find_card(bank.deck, word)
            _word_warnings(check_bank(bank), words_dir, [card])  # drawn all the same: it is for looking
        except BuildError as exc:
            card = _new_card(word, grade, stars, definition, str(exc))
        path = Path(out_file) if out_file else Path(f"{card.word}.png")
        (width, height), deck_type = render_preview(bank.deck, card, settings, path, dpi, back)
    except (BuildError, OutputError) as exc:
        _fail(str(exc))
    click.echo(f"Готово: {path.resolve()} ({width}×{height} точек, {dpi} dpi); {deck_type.of(card)}")


def _new_card(word: str, grade: int, stars: int | None, definition: str, not_found: str):
    """A card for a word not in the bank yet, from its markup, so that an editor sees it before saving."""
    from slovariki import markup
    from slovariki.generator.build import BuildError
    from slovariki.model import Card
    from slovariki.rules_check.stars import star_policy

    if not any(mark in word for mark in "[]+" + markup.ACUTE):
        end = "" if not_found.endswith("?") else "."
        raise BuildError(f"{not_found}{end} Новое слово можно посмотреть, написав его с разметкой, как в файле со "
                         "словами: slovariki preview \"к[а]л[е]нд+арь\" --grade 2 --definition \"…\"")
    parsed = markup.parse(word)
    if isinstance(parsed, list):
        raise BuildError(f"разметка «{word}»: " + "; ".join(problem.message for problem in parsed))
    # Without a definition the card shows where it will stand: «…».
    return Card(parsed, grade, stars or star_policy(parsed).stars, definition.strip() or "…")


def _bitva_players(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[str, ...] | None:
    return tuple(value.replace(",", " ").split()) if value else None


def _seed(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    if value is not None and not value.lstrip("-").isdigit():
        raise click.BadParameter(f"зерно — целое число, а не «{value}»")
    return None if value is None else int(value)


def _player_count(ctx: click.Context, param: click.Parameter, value: str) -> int:
    if value not in ("2", "3", "4"):
        raise click.BadParameter(f"в «Битву пар» играют вдвоём, втроём или вчетвером: 2, 3 или 4, а не «{value}»")
    return int(value)


@main.group("bitva-par")
def bitva_par() -> None:
    """«Битва пар»: раздача, судья и подсчёт очков (колода из 52 карт, 2–4 игрока)."""


@bitva_par.command("deal")
@click.option("--players", required=True, callback=_player_count, metavar="2..4", help="Сколько игроков.")
@click.option("--seed", callback=_seed, default=None, metavar="ЧИСЛО",
              help="Перетасовать колоду с этим зерном и показать карты каждого.")
def bitva_deal(players: int, seed: int | None) -> None:
    """Сколько карт сдать на руку и в резерв каждому и что делать с остатком."""
    from slovariki.bitva.report import deal_text, dealt_cards_text
    from slovariki.bitva.rules import deal_plan, shuffled_deal

    click.echo(deal_text(deal_plan(players)))
    if seed is not None:
        click.echo("\n" + dealt_cards_text(shuffled_deal(players, seed)))


@bitva_par.command("play")
@click.option("--players", callback=_bitva_players, default=None, metavar="Аня,Боря",
              help="Имена игроков через запятую (2–4, имя — одно слово).")
@click.option("--record", type=click.Path(dir_okay=False), default=None,
              help="Файл записи: сохраняется после каждого хода; если он уже есть, партия продолжается.")
@click.option("--jsonl", is_flag=True, help="Машинный протокол: строка JSON на входе, строка JSON на выходе.")
def bitva_play(players: tuple[str, ...] | None, record: str | None, jsonl: bool) -> None:
    """Судья «Битвы пар»: проверяет каждую выложенную комбинацию и считает очки.

    \b
    Примеры строк: «Аня 7ч 7п», «Аня пара 7♥ 7♠», «штраф Боря», «конец»; «помощь» — все команды.
    +10 получает тот, кто избавился от всех карт: выложил последние карты с руки, когда
    его резерв уже пуст (каждый из закончивших одновременно).
    """
    from pathlib import Path

    from slovariki.bitva.errors import Refused
    from slovariki.bitva.protocol import run_jsonl
    from slovariki.bitva.record import RecordError
    from slovariki.bitva.repl import run_repl
    from slovariki.text.terminal import typed_lines

    if jsonl:
        if players or record:
            raise click.UsageError("с --jsonl игроков называет команда new, а --record не используется")
        run_jsonl(sys.stdin.buffer, sys.stdout.buffer)
        return
    try:
        if not run_repl(typed_lines, _say, players, Path(record) if record else None):
            sys.exit(1)  # the record lacks moves: a script must not take it for done
    except (RecordError, Refused) as exc:
        _say(f"Ошибка: {exc.message if isinstance(exc, Refused) else exc}", err=True)
        sys.exit(2)


@bitva_par.command("score")
@click.argument("file", type=click.Path(), metavar="ФАЙЛ")
@format_option
def bitva_score(file: str, fmt: str) -> None:
    """Подсчитать очки партии по записи ФАЙЛ (текст или YAML) и напечатать таблицу.

    \b
    Очки: 2–9 — по 5, 10, В, Д, К — по 10, Т — 15; +5 тому, кто сам выложил все четыре карты
    одного значения; +10 тому, кто избавился от всех карт (выложил последние карты с руки при
    пустом резерве); −10 за каждый штраф. Побеждает первый, кто избавился от всех карт; если
    закончили одновременно — у кого больше очков; равенство — ничья.
    Код выхода: 0 — подсчитано, 1 — в записи ошибки, 2 — файл не прочитать.
    """
    from pathlib import Path

    from slovariki.files import jsonl
    from slovariki.bitva.record import RecordError, score_record
    from slovariki.bitva.report import result_text, score_table

    try:
        game = score_record(Path(file))
    except RecordError as exc:
        _say("\n".join(exc.problems), err=True)
        sys.exit(2 if exc.unreadable else 1)
    if fmt == "json":
        click.echo(jsonl.dumps(game.as_json(), indent=2))
    else:
        _say(score_table(game) + "\n\n" + result_text(game))


# --- referee ----------------------------------------------------------------------------------------
def _not_empty(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.strip():  # not the default file: an empty variable in a script
        raise click.BadParameter("путь к файлу партии пустой")
    return value


session_option = click.option(
    "--session", "session_file", type=click.Path(dir_okay=False), default=None, metavar="ФАЙЛ", callback=_not_empty,
    show_default="referee-session.json в папке данных: %APPDATA%\\slovariki в Windows, "
                 "$XDG_DATA_HOME/slovariki или ~/.local/share/slovariki в других системах",
    help="Файл партии.")


def _session_path(session_file: str | None):
    from pathlib import Path

    from slovariki.referee.session import default_path

    return Path(session_file) if session_file else default_path()


def _fail(message: str, code: int = 1) -> None:
    _say(f"Ошибка: {message}", err=True)
    sys.exit(code)


def _hold_session(path, program: str) -> None:
    """Hold the session file until the command ends: a second program writing it is refused."""
    from slovariki.referee.session import SessionError, lock

    try:
        click.get_current_context().with_resource(lock(path, program))
    except SessionError as exc:
        _fail(str(exc))


@main.group(invoke_without_command=True)
@click.option("--jsonl", is_flag=True,
              help="Машинный протокол: JSON-команда в каждой строке stdin, JSON-ответ в строке stdout.")
@click.pass_context
def referee(ctx: click.Context, jsonl: bool) -> None:
    """Судья партии за столом: можно ли так ходить, кто ходит, кто сколько добирает, кто победил."""
    if jsonl:
        if ctx.invoked_subcommand is not None:
            raise click.UsageError("--jsonl пишется без подкоманды: slovariki referee --jsonl")
        from slovariki.referee.protocol import run

        run(sys.stdin.buffer, sys.stdout.buffer)
    elif ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@referee.command("play")
@click.option("--players", required=True, metavar="Аня,Боря,Вика", help="Имена игроков по часовой стрелке (2–6).")
@click.option("--trump", required=True, metavar="СЛОВО", help="Открытая карта под колодой (козырь).")
@click.option("--first", default=None, metavar="ИМЯ",
              help="Кто заходит первым; если не сказано, судья спросит (самый младший игрок или младший козырь).")
@click.option("--trump-holder", default=None, metavar="ИМЯ",
              help="Кому досталась последняя карта — открытый козырь, когда сданы все карты (шестеро играют "
                   "в дурака колодой в 36 карт); если не сказано, судья спросит.")
@click.option("--rules", default="slovariki", show_default=True, metavar="slovariki|podkidnoy|perevodnoy",
              help="Правила: «Словарики», подкидной или переводной дурак.")
@grades_option
@words_option
@session_option
@click.option("--force", is_flag=True, help="Начать новую партию вместо незаконченной в том же файле.")
def referee_play(players: str, trump: str, first: str | None, trump_holder: str | None, rules: str,
                 grades: tuple[int, ...] | None, words_dir: str | None, session_file: str | None, force: bool) -> None:
    """Новая партия: ходы вводятся по-русски, например «Аня коридор», «Боря берёт»."""
    from slovariki.referee import repl
    from slovariki.referee.session import SessionError
    from slovariki.referee.table import Rejected, Setup

    path = _session_path(session_file)
    _hold_session(path, "судья в терминале")
    words = os.path.abspath(words_dir) if words_dir else None
    setup = Setup(tuple(p.strip() for p in players.split(",")), trump.strip(), first, rules, grades, words,
                  None if first is None else "named", trump_holder)
    try:
        table = repl.start(setup, path, force)
    except SessionError as exc:
        _fail(str(exc))
    except Rejected as exc:
        _fail(exc.message, 2)
    if not repl.interact(table, path, resumed=False):
        sys.exit(1)  # the game is not saved: a script must not take it for done


@referee.command("resume")
@session_option
def referee_resume(session_file: str | None) -> None:
    """Продолжить сохранённую партию (после сбоя или закрытой крышки)."""
    from slovariki.referee import repl
    from slovariki.referee.session import SessionError, load

    path = _session_path(session_file)
    _hold_session(path, "судья в терминале")
    try:
        table = load(path)
    except SessionError as exc:
        _fail(str(exc))
    if not repl.interact(table, path, resumed=True):
        sys.exit(1)


@referee.command("log")
@session_option
@click.option("--out", "out_file", type=click.Path(dir_okay=False), metavar="ФАЙЛ",
              help="Записать в файл (UTF-8), а не на экран: так запись всегда читается командой replay.")
@click.option("--force", is_flag=True, help="Заменить файл --out, если он уже есть.")
def referee_log(session_file: str | None, out_file: str | None, force: bool) -> None:
    """Напечатать запись партии: все ходы по заходам (её можно проверить командой replay)."""
    from pathlib import Path

    from slovariki.files import atomic
    from slovariki.referee.notation import render
    from slovariki.referee.session import SessionError, load

    try:
        table = load(_session_path(session_file))
    except SessionError as exc:
        _fail(str(exc))
    if out_file is None:
        _say(render(table), nl=False)
        return
    if os.path.lexists(out_file) and not force:  # perhaps a record written or corrected by hand
        _fail(f"файл {out_file} уже есть: выберите другое имя или добавьте --force, чтобы заменить его")
    try:
        atomic.write_text(Path(out_file), render(table))
    except OSError as exc:
        _fail(f"не удалось записать {out_file}: {os_error(exc)}")
    _say(f"Запись партии сохранена в {out_file}. Проверить её: slovariki referee replay {out_file}")


@referee.command("web")
@session_option
@words_option
@host_option
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, metavar="ПОРТ",
              help="Порт (0 — любой свободный).")
@click.option("--lan", is_flag=True,
              help="Открыть экран для телефона или планшета в той же сети Wi-Fi: адрес и QR-код появятся здесь.")
def referee_web(session_file: str | None, words_dir: str | None, host: str, port: int, lan: bool) -> None:
    """Экран судьи в браузере телефона или планшета: стол, карты, ходы нажатием. Та же партия, что у
    play и resume (но не одновременно с ними)."""
    from slovariki.referee.session import SessionError
    from slovariki.referee.web.serve import ServeError, run

    words = os.path.abspath(words_dir) if words_dir else None
    try:
        run(_session_path(session_file), words, host, port, lan, sys.stdout)
    except (SessionError, ServeError) as exc:
        _fail(str(exc))


@main.command()
@click.option("--words", "folder", type=click.Path(), default=None, metavar="ПАПКА",
              show_default="та, что открывали в прошлый раз", help="Папка со словами.")
@host_option
@click.option("--port", type=click.IntRange(0, 65535), default=8770, show_default=True, metavar="ПОРТ",
              help="Порт (0 — любой свободный).")
@click.option("--lan", is_flag=True,
              help="Открыть студию и экран судьи для планшета в той же сети Wi-Fi: адрес и QR-код появятся здесь.")
@click.option("--no-browser", is_flag=True, help="Не открывать браузер: только показать адрес.")
def studio(folder: str | None, host: str, port: int, lan: bool, no_browser: bool) -> None:
    """Студия в браузере: слова, карточки, печать и игра — без терминала."""
    from pathlib import Path

    from slovariki.studio.serve import ServeError, run

    try:
        run(Path(os.path.abspath(folder)) if folder else None, host, port, lan, not no_browser, sys.stdout)
    except ServeError as exc:
        _fail(str(exc))


@referee.command("replay")
@click.argument("file", type=click.Path(dir_okay=False), metavar="ФАЙЛ")
def referee_replay(file: str) -> None:
    """Проверить записанную партию ход за ходом и назвать первый неправильный ход."""
    from slovariki.referee.notation import check_file

    status, report = check_file(file)
    _say(report, err=status != 0)
    sys.exit(status)


@main.command()
@click.option("--games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True, metavar="ЧИСЛО",
              help="Сколько партий.")
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True, metavar="ЧИСЛО",
              help="Игроков за столом.")
@click.option("--seed", type=int, default=0, show_default=True, metavar="ЧИСЛО",
              help="Зерно случайных чисел: с тем же зерном получаются те же партии.")
@grades_option
@words_option
@click.option("--strategy", type=click.Choice(["random", "greedy", "mixed"], case_sensitive=False), default="random",
              show_default=True,
              help="Боты: random — любой разрешённый ход; greedy — переводит, бьёт и подкидывает, когда может, "
                   "самой младшей картой; mixed — то так, то так.")
@click.option("--rules", type=click.Choice(["slovariki", "perevodnoy", "podkidnoy"], case_sensitive=False),
              default="slovariki",
              show_default=True, help="Правила: «Словарики», переводной или подкидной дурак (колода из 36 карт).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, metavar="ЧИСЛО",
              show_default="все ядра, если партий 300 и больше",
              help="Сколько процессов запустить параллельно (на результат не влияет).")
@format_option
@game_words_option
def simulate(games: int, players: int, seed: int, grades: tuple[int, ...] | None, words_dir: str | None,
             strategy: str, rules: str, jobs: int | None, fmt: str, game_words: bool | None) -> None:
    """Сыграть много партий ботами и показать баланс колоды и правил.

    Код выхода 1, если какая-то партия не закончилась за разумное число ходов (это ошибка программы).
    """
    from slovariki.rules_check.simulator import SimulationError
    from slovariki.rules_check.simulator import simulate as run_simulation

    if rules == "slovariki":
        bank = _load(words_dir).for_deck(grades, game_words)
        if bank.incomplete():  # a deck short of the entries with errors would show another deck's balance
            _fail(bank.incomplete())
        _mention_remarks(bank)
        cards = list(bank.deck)
    elif words_dir is not None or grades is not None or game_words is not None:
        raise click.UsageError("--words, --grades, --game-words и --list-only нужны только для правил slovariki")
    else:
        cards = None
    bar = click.progressbar(length=games, label="Играю", file=sys.stderr) if sys.stderr.isatty() else None
    try:
        if bar is not None:
            bar.__enter__()
        report = run_simulation(cards, games, players, seed, strategy, rules, jobs, bar.update if bar else None)
    except SimulationError as exc:
        raise click.UsageError(str(exc)) from None
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if fmt == "json":
        from slovariki.files import jsonl

        click.echo(jsonl.dumps(report.as_json(), indent=2))
    else:
        click.echo(report.as_text())
    if report.unfinished:
        n = len(report.unfinished)
        games_left = f"{n} {plural(n, 'партия не закончилась', 'партии не закончились', 'партий не закончились')}"
        click.secho(f"ОШИБКА: {games_left} — это ошибка программы, сообщите о ней.", err=True, fg="red", bold=True)
        sys.exit(1)
