"""The `slovariki` command line: options in, library calls, output out. No game logic here."""

from __future__ import annotations

import sys

import click


def _grades(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        grades = tuple(sorted({int(part) for part in value.split(",") if part.strip()}))
    except ValueError:
        raise click.BadParameter("нужны номера классов через запятую, например 1,2") from None
    if not grades or not set(grades) <= {1, 2, 3, 4}:
        raise click.BadParameter("классы бывают 1, 2, 3 и 4")
    return grades


words_option = click.option(
    "--words", "words_dir", type=click.Path(), default=None,
    help="Папка со списками слов (по умолчанию встроенный банк).")
grades_option = click.option(
    "--grades", callback=_grades, default=None, metavar="1,2,3,4",
    help="Какие классы брать (по умолчанию все).")


def _load(words_dir: str | None):
    from slovariki.wordlist import WordBankError, load_bank

    try:
        return load_bank(words_dir)
    except WordBankError as exc:
        click.echo(f"Ошибка: {exc}", err=True)
        sys.exit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="slovariki")
def main() -> None:
    """«Словарики»: банк словарных слов, проверки, колода для печати и судья."""


@main.command()
@words_option
@grades_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Вид отчёта.")
@click.option("--strict", is_flag=True, help="Считать предупреждения ошибками.")
def check(words_dir: str | None, grades: tuple[int, ...] | None, fmt: str, strict: bool) -> None:
    """Проверить списки слов: разметку, словарь, толкования и колоду."""
    from slovariki.rules_check.checker import check_bank

    report = check_bank(_load(words_dir), grades)
    click.echo(report.as_json() if fmt == "json" else report.as_text())
    sys.exit(1 if report.failed(strict) else 0)


@main.command()
@words_option
@click.option("--grade", type=click.IntRange(1, 4), default=None, help="Только этот класс.")
@click.option("--stars", type=click.IntRange(1, 3), default=None, help="Только столько звёздочек.")
@click.option("--letter", default=None, help="Только слова с этой сложной буквой.")
def words(words_dir: str | None, grade: int | None, stars: int | None, letter: str | None) -> None:
    """Показать карточки банка таблицей."""
    from slovariki.terminal import word_table

    if letter is not None and len(letter) != 1:
        raise click.BadParameter("нужна одна буква", param_hint="--letter")
    bank = _load(words_dir)
    if bank.diagnostics:
        click.echo(f"В файлах есть замечания ({len(bank.diagnostics)}): подробности покажет «slovariki check».", err=True)
    deck = bank.deck.select([grade] if grade else None, stars, letter)
    click.echo(word_table(deck, colour=sys.stdout.isatty()))
