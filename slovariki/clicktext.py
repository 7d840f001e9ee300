"""Click's own texts (usage line, help headings, usage errors) in Russian.

Click marks every text it prints for gettext and looks it up through the module-level ``_`` and
``ngettext`` names of its modules. Pointing those names at a small Russian catalogue is cheaper than
shipping compiled gettext files, and a text missing from the catalogue still prints in English.
A few texts are not marked: the names of value types (the placeholders in help, «'x' — не целое
число») and the usage line's «[OPTIONS]» and «COMMAND [ARGS]...», which :class:`Group` sets.
"""

from __future__ import annotations

import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.types

from slovariki.russian import plural

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
    "Invalid value: {message}": "Неверное значение: {message}",
    "Invalid value for {param_hint}: {message}": "Неверное значение {param_hint}: {message}",
    "Missing argument": "Не хватает аргумента",
    "Missing option": "Не хватает параметра",
    "Missing parameter": "Не хватает значения",
    "Missing {param_type}": "Не хватает: {param_type}",
    "Missing command.": "Не указана команда.",
    "Missing parameter: {param_name}": "Не хватает значения: {param_name}",
    "No such command {name!r}.": "Нет такой команды: {name!r}.",
    "No such option {name!r}.": "Нет такого параметра: {name!r}.",
    "Option {name!r} does not take a value.": "Параметру {name!r} значение не нужно.",
    "Aborted!": "Прервано.",
    "{value!r} is not a valid {number_type}.": "{value!r} — не {number_type}.",
    "{value} is not in the range {range}.": "{value} вне допустимых пределов {range}.",
    "{value!r} is not a valid boolean. Recognized values: {states}":
        "{value!r} — не «да» и не «нет». Допустимо: {states}",
    "{name} {filename!r} does not exist.": "{name} {filename!r} не найден.",
    "{name} {filename!r} is a directory.": "{name} {filename!r} — папка.",
    "{name} {filename!r} is a file.": "{name} {filename!r} — файл.",
    "{name} {filename!r} is not readable.": "{name} {filename!r} нельзя прочитать.",
    "{name} {filename!r} is not writable.": "в {name} {filename!r} нельзя писать.",
    "Could not open file {filename!r}: {message}": "Не удалось открыть файл {filename!r}: {message}",
    "file": "файл",
    "directory": "папка",
    "path": "путь",
    "default: {default}": "по умолчанию: {default}",
    "required": "обязательно",
}

PLURALS = {  # (singular, plural) → the Russian forms for 1, 2–4, 5+
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"):
        ("Лишний аргумент ({args})",) * 3,
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"):
        ("Может быть, {possibility}?", "(Может быть, одно из: {possibilities}?)",
         "(Может быть, одно из: {possibilities}?)"),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."):
        ("Параметру {name!r} нужно значение.", "Параметру {name!r} нужно {nargs} значения.",
         "Параметру {name!r} нужно {nargs} значений."),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."):
        ("{value!r} — не {choice}.", "{value!r} — не одно из: {choices}.", "{value!r} — не одно из: {choices}."),
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


def install() -> None:
    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.types):
        if hasattr(module, "_"):
            module._ = gettext
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext
    for kind, name in TYPE_NAMES.items():
        kind.name = name
