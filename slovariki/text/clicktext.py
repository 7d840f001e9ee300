"""Click's own texts (usage line, help headings, usage errors) in Russian.

Click marks every text it prints for gettext and looks it up through the module-level ``_`` and
``ngettext`` names of its modules. Pointing those names at a small Russian catalogue is cheaper than
shipping compiled gettext files, and a text missing from the catalogue still prints in English.
A few texts are not marked: the names of value types (the placeholders in help, «'x' — не целое
число») and the usage line's «[OPTIONS]» and «COMMAND [ARGS]...», which :class:`Group` sets.
Every message of an error follows «Ошибка: », so it starts with a small letter.
"""

from __future__ import annotations

import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.types

from slovariki.text.russian import decimal, plural

CATALOGUE = {
    "Usage:": "Использование:",
    "Options": "Параметры",
    "Commands": "Команды",
    "Positional arguments": "Аргументы",
    "Show this message and exit.": "Показать эту справку и выйти.",
    "Show the version and exit.": "Показать версию и выйти.",
    "%(prog)s, version %(version)s": "%(prog)s, версия %(version)s",
    "Error: {message}": "Ошибка: {message}",
    "Try '{command} {option}' for help.": "Справка: «{command} {option}».",
    "Invalid value: {message}": "неверное значение: {message}",
    "Invalid value for {param_hint}: {message}": "неверное значение {param_hint}: {message}",
    "Missing argument": "не хватает аргумента",
    "Missing option": "не хватает параметра",
    "Missing parameter": "не хватает значения",
    "Missing {param_type}": "не хватает: {param_type}",
    "Missing command.": "не указана команда.",
    "Missing parameter: {param_name}": "не хватает значения: {param_name}",
    "No such command {name!r}.": "нет такой команды: «{name}».",
    "No such option {name!r}.": "нет такого параметра: «{name}».",
    "Option {name!r} does not take a value.": "параметру «{name}» значение не нужно.",
    "Choose from:\n\t{choices}": "Можно:\n\t{choices}",
    "Aborted!": "Прервано.",
    "{value!r} is not a valid {number_type}.": "«{value}» — не {number_type}.",
    "{value} is not in the range {range}.": "{value} не подходит: нужно {range}.",
    "{value!r} is not a valid boolean. Recognized values: {states}":
        "«{value}» — не «да» и не «нет». Можно: {states}",
    # click gives {name} a capital («Файл»): the texts say what the path is without it.
    "{name} {filename!r} does not exist.": "«{filename}» не найден.",
    "{name} {filename!r} is a directory.": "«{filename}» — папка, а нужен файл.",
    "{name} {filename!r} is a file.": "«{filename}» — файл, а нужна папка.",
    "{name} {filename!r} is not readable.": "«{filename}» нельзя прочитать.",
    "{name} {filename!r} is not writable.": "в «{filename}» нельзя писать.",
    "Could not open file {filename!r}: {message}": "не удалось открыть файл «{filename}»: {message}",
    "file": "файл",
    "directory": "папка",
    "path": "путь",
    "default: {default}": "по умолчанию: {default}",
    "required": "обязательно",
}

PLURALS = {  # (singular, plural) → the Russian forms for 1, 2–4, 5+
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"):
        ("лишний аргумент «{args}»", "лишние аргументы: {args}", "лишние аргументы: {args}"),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."):
        ("параметру «{name}» нужно значение.", "параметру «{name}» нужно {nargs} значения.",
         "параметру «{name}» нужно {nargs} значений."),
}


TYPE_NAMES = {
    click.types.StringParamType: "текст",
    click.types.IntParamType: "целое число",
    click.types.IntRange: "целое число",
    click.types.FloatParamType: "число",
    click.types.FloatRange: "число",
}
OPTIONS_METAVAR = "[ПАРАМЕТРЫ]"


class Command(click.Command):
    """A command whose usage line reads «slovariki check [ПАРАМЕТРЫ]»."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("options_metavar", OPTIONS_METAVAR)
        super().__init__(*args, **kwargs)


class Group(click.Group):
    """A group with the Russian usage line, for itself, its commands and its subgroups."""

    command_class = Command
    group_class = type

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("options_metavar", OPTIONS_METAVAR)
        kwargs.setdefault("subcommand_metavar", "КОМАНДА [АРГУМЕНТЫ]...")
        super().__init__(*args, **kwargs)


def gettext(message: str) -> str:
    return CATALOGUE.get(message, message)


def ngettext(singular: str, plural_text: str, n: int) -> str:
    forms = PLURALS.get((singular, plural_text))
    if forms is None:
        return singular if n == 1 else plural_text
    return plural(n, *forms)


def describe_range(number_range: click.types._NumberRangeBase) -> str:
    """«от 1 до 4», «не меньше 1» instead of «1<=x<=4», in help and in errors."""
    low, high = number_range.min, number_range.max
    low_word = "больше" if number_range.min_open else "не меньше"
    high_word = "меньше" if number_range.max_open else "не больше"
    if low is not None and high is not None:
        if number_range.min_open or number_range.max_open:
            return f"{low_word} {low} и {high_word} {high}"
        return f"от {low} до {high}"
    return f"{low_word} {low}" if low is not None else f"{high_word} {high}"


def invalid_choice(choice: click.Choice, value, ctx: click.Context | None) -> str:
    """«b5» — нет такого варианта; можно: a4, letter."""
    return f"«{value}» — нет такого варианта; можно: {', '.join(map(str, choice.choices))}."


def error_hint(param: click.Parameter, ctx: click.Context | None) -> str:
    """How an error names the option: «--paper» (click writes '--paper')."""
    return " / ".join(f"«{name}»" for name in (param.opts or [param.human_readable_name]))


def argument_hint(argument: click.Argument, ctx: click.Context | None) -> str:
    """How an error names an argument: by its placeholder, «ФАЙЛ.apkg» (click writes 'ФАЙЛ.apkg')."""
    return f"«{argument.make_metavar(ctx) if ctx is not None else argument.human_readable_name}»"


def possibilities(names: list[str]) -> str:
    """«Может быть, «--format»?» after an unknown option or command."""
    quoted = ", ".join(f"«{name}»" for name in sorted(names))
    return f"Может быть, {quoted}?" if len(names) == 1 else f"Может быть, одно из: {quoted}?"


class Decimal(click.ParamType):
    """A number of millimetres written either way: «1,5» (Russian) or «1.5»."""

    name = "число"

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)):
            return float(value)
        number = decimal(value)
        if number is None:
            self.fail(f"«{value}» — не число (дробную часть можно писать через запятую: 1,5)", param, ctx)
        return number


DECIMAL = Decimal()


def help_extra(option: click.Option, ctx: click.Context) -> dict:
    """An option's «[по умолчанию: …]» from its ``show_default`` text as it is (click adds brackets)."""
    extra = _option_help_extra(option, ctx)
    if isinstance(option.show_default, str):
        extra["default"] = option.show_default
    return extra


_option_help_extra = click.core.Option.get_help_extra


def install() -> None:
    # Texts click builds without gettext: the range of a number, a wrong choice, the option's name.
    click.types._NumberRangeBase._describe_range = describe_range
    click.types.Choice.get_invalid_choice_message = invalid_choice
    click.core.Parameter.get_error_hint = error_hint
    click.core.Argument.get_error_hint = argument_hint
    click.exceptions._format_possibilities = possibilities
    click.core.Option.get_help_extra = help_extra
    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.types):
        if hasattr(module, "_"):
            module._ = gettext
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext
    for kind, name in TYPE_NAMES.items():
        kind.name = name
