"""What goes wrong: text that does not fit, missing glyphs, unwritable output, failed builds; the CLI."""

from __future__ import annotations

import errno
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.generator import handout
from slovariki.generator.build import BuildError, build_deck
from slovariki.generator.options import DeckOptions
from slovariki.generator.writer import OutputError
from slovariki.bank.wordlist import load_bank
from generator_helpers import BANK

LONG = " ".join(["Очень длинное толкование, которое никак не помещается на маленькую карточку"] * 12)


def bank_with(tmp_path: Path, definition: str) -> Path:
    folder = tmp_path / "bank"
    shutil.copytree(BANK, folder)
    text = (folder / "grade2.yaml").read_text(encoding="utf-8")
    (folder / "grade2.yaml").write_text(
        text.replace("Участок земли, где выращивают овощи.", definition), encoding="utf-8")
    return folder


def test_a_definition_too_long_for_the_card_names_the_card(tmp_path):
    deck = load_bank(bank_with(tmp_path, LONG)).deck
    with pytest.raises(BuildError) as caught:
        build_deck(deck, DeckOptions(), tmp_path / "out")
    message = str(caught.value)
    assert "grade2.yaml:6:5" in message and "«огород»" in message and "сократите" in message
    assert not (tmp_path / "out").exists()


def test_a_character_without_a_glyph_is_an_error_not_a_blank_box(tmp_path):
    deck = load_bank(bank_with(tmp_path, "Участок земли ☃ где растут овощи.")).deck
    with pytest.raises(BuildError, match=r"«огород».*«☃» \(U\+2603\)"):
        build_deck(deck, DeckOptions(), tmp_path / "out")


def test_an_output_path_that_is_a_file_is_a_clear_error(deck, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OutputError, match="не удалось создать папку"):
        build_deck(deck, DeckOptions(), blocker / "out")


def test_a_failed_build_keeps_the_old_files_and_leaves_no_temporary_ones(deck, tmp_path, monkeypatch):
    build_deck(deck, DeckOptions(), tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(handout, "render_handout", broken)
    with pytest.raises(RuntimeError):
        build_deck(deck, DeckOptions(copies=3), tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_an_empty_selection_is_refused(tmp_path):
    from slovariki.model import Deck

    with pytest.raises(BuildError, match="нет ни одной карточки"):
        build_deck(Deck.of([]), DeckOptions(), tmp_path)


# The command line


def run(*args: str):
    return CliRunner().invoke(main, ["build-deck", *args])


def test_help_lists_the_options():
    result = run("--help")
    assert result.exit_code == 0
    for option in ("--card-size", "--bleed", "--backs", "--back-offset", "--calibration", "--copies"):
        assert option in result.output
    for english in ("TEXT", "FILE", "INTEGER", " MM", "0.0", "1<=x"):  # placeholders and defaults read in Russian
        assert english not in result.output
    assert "--card-size РАЗМЕР" in result.output and "--bleed ММ" in result.output


@pytest.mark.parametrize("copies", ["0", "21"])
def test_copies_out_of_range_says_the_range_in_words(tmp_path, copies):
    result = run("--words", str(BANK), "--out", str(tmp_path), "--copies", copies)
    assert result.exit_code == 2 and "--copies: комплектов можно напечатать от 1 до 20" in result.stderr


def test_cli_builds_and_ends_with_a_one_line_summary(tmp_path):
    result = run("--words", str(BANK), "--out", str(tmp_path), "--grades", "1,2")
    assert result.exit_code == 0, result.output
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("Готово: 7 карт;") and "cards.pdf" in last and "rules.pdf" in last and str(tmp_path) in last
    assert "Раскладка: A4 книжная, карта 63×88 мм, 3×3 = 9 на листе, рубашки: на обороте, печать с двух сторон " \
           "с переворотом по длинному краю" in result.stdout
    assert {p.name for p in tmp_path.iterdir()} == {"cards.pdf", "rules.pdf", "wordlist.pdf", "dictation.pdf",
                                                     "dictation-answers.pdf", "box.pdf"}


def test_cli_report_names_paper_backs_and_copies_in_russian(tmp_path):
    result = run("--words", str(BANK), "--out", str(tmp_path), "--paper", "letter", "--backs", "fold", "--copies", "2")
    assert result.exit_code == 0, result.output
    assert "Раскладка: Letter альбомная" in result.stdout  # fold turns the sheet by itself and "рубашки: рядом с лицом, согнуть по пунктиру" in result.stdout
    assert "Готово: 13 карт, 2 комплекта; cards.pdf" in result.stdout
    assert "duplex" not in result.stdout and "компл." not in result.stdout


def test_cli_refuses_to_build_when_check_finds_errors(tmp_path):
    folder = bank_with(tmp_path, "Участок земли, где выращивают овощи.")
    text = (folder / "grade1.yaml").read_text(encoding="utf-8")
    (folder / "grade1.yaml").write_text(text.replace('"к[о]р+ова"', '"к[о]р+ова+"'), encoding="utf-8")
    result = run("--words", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "grade1.yaml:3:" in result.stderr and "Колода не собрана" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("old", "new", "said", "previewed"), [
    ('"+яг[о]да"', '"[я]г+ода"', "grade1.yaml:6:5: предупреждение: ударение: отмечено «яго́да», "
                               "в словаре «я́года»", "ягода"),
    ('"в[о]р[о]б+ей"', '"В[о]р[о]б+ей"', "grade1.yaml:9:5: предупреждение: «Воробей» — не имя "
                                       "собственное: пишется с маленькой буквы, «воробей»", "воробей"),
    ('"ч[ё]рный"', '"ч[+е]рный"', "предупреждение: пишется с ё: «чёрный»", "черный"),
])
def test_a_card_that_would_print_a_wrong_stress_or_spelling_stops_the_build_unless_forced(
        tmp_path, old, new, said, previewed):
    """A wrong stress, «е» for «ё» or a capital a common word does not have, printed on a card, teaches
    a mistake: build-deck shows it in full and builds nothing unless --force; preview names it."""
    folder = bank_with(tmp_path, "Участок земли, где выращивают овощи.")
    for path in folder.glob("grade*.yaml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(old, new), encoding="utf-8")
    result = run("--words", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert said in result.stderr
    assert "Колода не собрана: на карточках было бы ударение или написание не как в словаре" in result.stderr
    assert "--force" in result.stderr and not (tmp_path / "out").exists()  # nothing printed wrong
    forced = run("--words", str(folder), "--out", str(tmp_path / "out"), "--force")
    assert forced.exit_code == 0 and said in forced.stderr and (tmp_path / "out" / "cards.pdf").exists()
    shown = CliRunner().invoke(main, ["preview", previewed, "--words", str(folder), "--out", str(tmp_path / "я.png")])
    assert shown.exit_code == 0 and said in shown.stderr  # drawn, but not silently
    other = CliRunner().invoke(main, ["preview", "корова", "--words", str(folder), "--out", str(tmp_path / "к.png")])
    assert said not in other.stderr  # only the card previewed


def test_build_deck_counts_the_other_word_warnings(tmp_path):
    folder = bank_with(tmp_path, "Огород, где выращивают овощи.")  # the word in its own definition
    result = run("--words", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0
    assert re.search(r"^В словах \d+ предупреждени", result.stderr, re.MULTILINE)  # nothing shown before it
    assert f"slovariki check --words {folder}" in result.stderr


def test_cli_reports_a_too_long_definition_without_a_traceback(tmp_path):
    result = run("--words", str(bank_with(tmp_path, LONG)), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and "«огород»" in result.stderr and "Traceback" not in result.output


def test_cli_unwritable_out(tmp_path):
    (tmp_path / "file").write_text("x")
    result = run("--words", str(BANK), "--out", str(tmp_path / "file"))
    assert result.exit_code == 1 and f"Ошибка: {tmp_path / 'file'} — это файл, а не папка" in result.stderr
    assert "Собираю колоду" not in result.stderr  # no progress for a build that cannot start


def test_cli_full_disk_is_a_russian_message_and_leaves_no_files(tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(handout, "render_handout", full)
    result = run("--words", str(BANK), "--out", str(tmp_path))
    assert result.exit_code == 1, result.output
    assert "на диске нет места" in result.stderr and "Traceback" not in result.output + result.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("args, message", [
    (["--card-size", "huge"], "--card-size"), (["--back-offset", "1"], "--back-offset"),
    (["--bleed", "-2"], "--bleed"), (["--card-size", "200x200"], "не помещается на лист A4:"),
])
def test_cli_bad_options(tmp_path, args, message):
    result = run("--words", str(BANK), "--out", str(tmp_path), *args)
    assert result.exit_code in (1, 2) and message in result.output + result.stderr


def test_calibration_sheet(tmp_path):
    result = run("--calibration", "--out", str(tmp_path), "--back-offset", "0.5,-1")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "calibration.pdf") as pdf:
        assert len(pdf.pages) == 2
        assert '--back-offset "0,5;-1"' in pdf.pages[0].extract_text()
        assert "DX" in pdf.pages[1].extract_text() and "DY" in pdf.pages[1].extract_text()
    assert run("--calibration", "--backs", "fold", "--out", str(tmp_path)).exit_code == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_crosses_keep_below_the_instructions_on_a_landscape_page(tmp_path, paper):
    result = run("--calibration", "--out", str(tmp_path), "--paper", paper, "--landscape")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "calibration.pdf") as pdf:
        front, back = pdf.pages
        assert f"Сейчас: --paper {paper} --landscape --backs duplex-long" in front.extract_text()
        text_bottom = max(c["bottom"] for c in front.chars)
        assert len(front.lines) == 6 and all(line["top"] > text_bottom + 5 for line in front.lines)
        for obj in back.lines + back.chars:  # every scale stays on the paper
            assert 0 <= obj["x0"] and obj["x1"] <= back.width and 0 <= obj["top"] and obj["bottom"] <= back.height


def test_calibration_scales_are_large_and_the_back_says_so(tmp_path):
    assert run("--calibration", "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "calibration.pdf") as pdf:
        front, back = pdf.pages
        assert back.extract_text().splitlines()[0] == "оборот"
        numbers = [c for c in back.chars if c["text"].isdigit()]
        assert numbers and all(abs(c["size"] - 7) < 0.01 for c in numbers)
        assert {"10", "\u221210"} <= set(back.extract_text().split())  # ±10 mm, as far as --back-offset goes
        assert "-" not in back.extract_text().replace("DX, мм", "")  # a minus sign, not a hyphen
        assert min(line["linewidth"] for line in front.lines) >= 1.2  # a cross seen through the paper


def test_a_read_only_disk_is_named_as_such_not_as_missing_rights(tmp_path):
    """«нет прав на запись» sends a teacher to the folder's permissions; a read-only disk (a locked SD
    card, a CD, a mount) is another fix (QA2 #14). Needs root to mount a read-only tmpfs."""
    import os
    import subprocess

    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k,ro", "tmpfs", str(folder)],
                                           capture_output=True).returncode != 0:
        pytest.skip("cannot mount a read-only tmpfs here")
    try:
        result = run("--words", str(BANK), "--out", str(folder))
    finally:
        subprocess.run(["umount", str(folder)], check=True)
    assert result.exit_code == 1 and f"папка {folder} на диске только для чтения" in result.stderr
