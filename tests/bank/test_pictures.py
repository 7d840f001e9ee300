"""The picture: key of word files: shipped names, the editor's own files, and every way one can be bad."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from hypothesis import given, strategies as st
from click.testing import CliRunner

from slovariki.bank import pictures
from slovariki.cli import main
from slovariki.bank.wordlist import load_bank

ENTRY = """\
grade: 1
words:
  - word: к[о]р+ова
    stars: 1
    definition: Домашнее животное с рогами.
    picture: {picture}
"""
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#f00"/></svg>'


def png(width: int, height: int) -> bytes:
    """A real PNG of one grey row repeated (small on disk, any size in pixels)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def bank_with(tmp_path, picture: str, files: dict[str, bytes | str] | None = None):
    folder = tmp_path / "words"
    folder.mkdir(parents=True)
    (folder / "grade1.yaml").write_text(ENTRY.format(picture=picture), encoding="utf-8")
    for name, content in (files or {}).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode() if isinstance(content, str) else content)
    return load_bank(folder)


def test_a_shipped_name_gives_the_shipped_file(tmp_path):
    bank = bank_with(tmp_path, "cow")
    assert not bank.diagnostics
    (card,) = bank.cards
    assert card.picture == pictures.shipped_folder() / "cow.svg" and card.picture.is_file()


def test_the_editors_own_svg_and_png_beside_the_word_file(tmp_path):
    bank = bank_with(tmp_path, "картинки/корова.svg", {"картинки/корова.svg": SVG})
    assert not bank.diagnostics and bank.cards[0].picture.name == "корова.svg"
    bank = bank_with(tmp_path / "b", "корова.png", {"корова.png": png(64, 48)})
    assert not bank.diagnostics and bank.cards[0].picture.suffix == ".png"


@pytest.mark.parametrize("picture, files, message", [
    ("cowz", {}, "встроенной картинки «cowz» нет; может быть, «cow»?"),
    ("нет.svg", {}, "«нет.svg»: картинку не прочитать: нет такого файла"),
    ("../чужая.svg", {}, "должна лежать в папке со списками слов"),
    ("/etc/passwd.svg", {}, "должна лежать в папке со списками слов"),
    ("https://example.org/cow.svg", {}, "не по ссылке"),
    ("file:cow.svg", {}, "не по ссылке"),
    ("корова.jpg", {"корова.jpg": "x"}, "в формате SVG или PNG"),
    ("плохая.svg", {"плохая.svg": "<svg><g></svg>"}, "файл SVG испорчен: это не XML (строка 1)"),
    ("html.svg", {"html.svg": "<html></html>"}, "это не картинка SVG"),
    ("бомба.svg", {"бомба.svg": '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'}, "DOCTYPE или сущности"),
    ("огромная.svg", {"огромная.svg": "<svg>" + " " * (2 * 1024 * 1024) + "</svg>"}, "слишком большая"),
    ("огромная.png", {"огромная.png": png(5000, 10)}, "картинка 5000×10 точек слишком большая"),
    ("битая.png", {"битая.png": b"\x89PNG\r\n\x1a\nxx"}, "файл PNG испорчен"),
    ("папка.svg", {"папка.svg/x": "x"}, "это не файл картинки"),
])
def test_a_bad_picture_is_an_error_at_its_line(tmp_path, picture, files, message):
    bank = bank_with(tmp_path, picture, files)
    (problem,) = bank.diagnostics
    assert problem.code == "bad-picture" and problem.is_error and message in problem.message
    assert (problem.line, problem.column) == (6, 14)  # the value of picture:


def test_a_symlink_out_of_the_folder_is_refused(tmp_path):
    outside = tmp_path / "secret.svg"
    outside.write_text(SVG)
    folder = tmp_path / "words"
    folder.mkdir()
    (folder / "link.svg").symlink_to(outside)
    (folder / "grade1.yaml").write_text(ENTRY.format(picture="link.svg"), encoding="utf-8")
    (problem,) = load_bank(folder).diagnostics
    assert "должна лежать в папке" in problem.message


def test_check_names_the_file_and_line_and_build_deck_writes_nothing(tmp_path):
    folder = tmp_path / "words"
    bank_with(tmp_path, "плохая.svg", {"плохая.svg": "<svg"})
    result = CliRunner().invoke(main, ["check", "--words", str(folder), "--no-deck"])
    assert result.exit_code == 1 and f"{folder / 'grade1.yaml'}:6:14: ошибка:" in result.output
    result = CliRunner().invoke(main, ["build-deck", "--words", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and f"{folder / 'grade1.yaml'}:6:14: ошибка:" in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_pictures_command_lists_every_shipped_picture_with_what_it_shows():
    result = CliRunner().invoke(main, ["pictures"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert any(line.split()[:2] == ["cow", "корова"] for line in lines)
    assert f"Всего {len(pictures.shipped())} картин" in result.output
    for name in pictures.shipped():  # every listed name is a shipped file that the loader accepts
        assert (pictures.shipped_folder() / f"{name}.svg").is_file()
        pictures.check_file(pictures.shipped_folder() / f"{name}.svg", name)


@pytest.mark.parametrize("word, names", [
    ("яблоки", ["red-apple"]), ("мяч", ["basketball", "soccer-ball", "volleyball"]), ("самолет", ["airplane"]),
    ("ball", ["basketball", "soccer-ball", "volleyball"]), ("Солнца", ["sun-behind-rain-cloud"]),
    ("футбольный мяч", ["soccer-ball"]), ("cow", ["cow"]),
])
def test_pictures_finds_a_word_in_the_name_or_in_what_it_shows_in_any_form(word, names):
    result = CliRunner().invoke(main, ["pictures", word])
    assert result.exit_code == 0, result.output
    assert [line.split()[0] for line in result.output.splitlines()[:-2]] == names
    found = {1: "Нашлась 1 картинка", 3: "Нашлись 3 картинки"}[len(names)]
    assert found in result.output


def test_pictures_says_when_nothing_is_found():
    result = CliRunner().invoke(main, ["pictures", "ёж"])  # not «снежинка»: a word starts where it starts
    assert result.exit_code == 1 and result.stderr.strip() == "Картинок со словом «ёж» нет. Все картинки: slovariki pictures"


def test_the_shipped_set_has_its_licence():
    text = (pictures.shipped_folder() / "LICENSE.md").read_text(encoding="utf-8")
    assert "Fluent Emoji Flat" in text and "MIT License" in text and "Microsoft" in text and "1.2.6" in text


def test_an_own_svg_reaches_no_file_outside_itself(tmp_path):
    """svglib given a path follows <image href="../…"> to any file, unread by the bounded reader; the
    build gives it the picture's bytes only, so a reference out of the file draws nothing."""
    from reportlab.graphics.shapes import Image

    from slovariki.generator import drawings

    (tmp_path / "secret.png").write_bytes(png(4, 4))
    linked = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
              '<rect width="10" height="10" fill="#0f0"/><image xlink:href="../../secret.png" width="10" height="10"/>'
              '</svg>')
    bank = bank_with(tmp_path, "sub/pic.svg", {"sub/pic.svg": linked})
    assert not bank.diagnostics
    picture = drawings.load(tmp_path / "words" / "sub" / "pic.svg")

    def images(node) -> list:
        return [node] if isinstance(node, Image) else [i for child in getattr(node, "contents", []) for i in images(child)]

    assert picture.drawing is None or not images(picture.drawing)
    assert picture.program is None or "Do" not in picture.program.split()  # no image drawn by the short path


@pytest.mark.parametrize("word, definition, named, related", [
    ("машина", "", ["oncoming-automobile"], []),
    ("человек", "", ["person-standing"], []),  # not «сердце человека»: there «человека» is not what is drawn
    ("молоко", "", ["glass-of-milk"], []),
    ("стакан", "", [], []),  # «молоко в стакане» shows milk
    ("берег", "", ["beach-with-umbrella"], []),
    ("беречь", "", [], []),  # «берег» is also its past tense, but not in the nominative
    ("коньки", "", ["ice-skate"], []),
    ("хорошо", "", ["thumbs-up"], []),
    ("лучше", "", [], []),  # a card word after «:» is matched as written, not by its lemma «хороший»
    ("посуда", "Тарелки, чашки и кастрюли, из которых едят.", [], ["fork-and-knife-with-plate", "pot-of-food"]),
    ("до свидания", "", [], []),
])
def test_fitting_finds_the_pictures_that_show_a_word_then_those_its_definition_names(word, definition, named, related):
    found = pictures.fitting(word, definition)
    assert [f.name for f in found if f.named] == named
    assert [f.name for f in found if not f.named] == related


def test_every_bank_card_has_the_picture_that_shows_its_word_and_no_other():
    """The bank and the set agree: a card has a picture exactly when a shipped one names its word, and it is
    that one; so a misleading one (a teapot for «посуда») cannot come back unnoticed."""
    for card in load_bank(None).deck:
        named = [f.name for f in pictures.fitting(card.word) if f.named]
        assert ([card.picture.stem] if card.picture else []) == named, card.word


def test_the_shipped_set_has_no_tile_and_no_removed_picture():
    """Tiles (a square background of their own) and pictures that misled a child are not shipped."""
    gone = {"cityscape", "fireworks", "man-teacher", "woman-teacher", "metro", "motorway", "national-park", "sunrise",
            "sunset", "sunrise-over-mountains", "person-swimming", "convenience-store", "satellite-antenna", "railway-car"}
    assert not gone & set(pictures.shipped())
    used = [card.picture.stem for card in load_bank(None).deck if card.picture]
    assert len(used) == len(set(used)), "one picture for two cards"


# --- bounded by what is drawn (issue 24 §1) ------------------------------------------------------------
SIZED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" {size}><rect width="3" height="3"/></svg>'


@pytest.mark.parametrize("size", ['width="1e308" height="10"', 'width="nan" height="10"', 'width="0" height="0"',
                                  'viewBox="0 0 nan 5"', 'viewBox="0 0 0 0"', 'viewBox="0 0 1e400 5"',
                                  'width="inf" height="10" viewBox="0 0 10 10"', "", 'width="50%" height="10"'])
def test_an_svg_without_a_real_size_is_refused_by_check(size, tmp_path):
    path = tmp_path / "p.svg"
    path.write_text(SIZED_SVG.format(size=size), encoding="utf-8")
    with pytest.raises(pictures.PictureError, match="размер|viewBox"):
        pictures.check_file(path, "p.svg")


def test_an_svg_with_a_size_passes(tmp_path):
    for size in ('width="10" height="20"', 'width="5mm" height="1.5e1px"', 'viewBox="0,0,10,20"',
                 'width="100%" height="100%" viewBox="-5 -5 10 10"'):
        path = tmp_path / "p.svg"
        path.write_text(SIZED_SVG.format(size=size), encoding="utf-8")
        pictures.check_file(path, "p.svg")


def test_an_svg_of_thousands_of_elements_is_refused_at_once(tmp_path):
    path = tmp_path / "p.svg"
    path.write_text(SIZED_SVG.format(size='viewBox="0 0 10 10"').replace(
        '<rect width="3" height="3"/>', '<rect width="1" height="1"/>' * 36_000), encoding="utf-8")
    assert path.stat().st_size < pictures.MAX_SVG_BYTES
    with pytest.raises(pictures.PictureError, match="больше 2000 элементов"):
        pictures.check_file(path, "p.svg")


@given(cut=st.integers(min_value=8, max_value=200))
def test_a_png_cut_short_is_refused_by_check(cut, tmp_path_factory):
    path = tmp_path_factory.mktemp("png") / "p.png"
    data = png(64, 64)
    path.write_bytes(data[:-cut])
    with pytest.raises(pictures.PictureError, match="оборван|испорчен"):
        pictures.check_file(path, "p.png")


def test_a_png_whose_bytes_changed_is_refused_by_check(tmp_path):
    data = bytearray(png(64, 64))
    data[40] ^= 0xFF  # inside the image data: its CRC no longer matches
    (tmp_path / "p.png").write_bytes(bytes(data))
    with pytest.raises(pictures.PictureError, match="контрольная сумма"):
        pictures.check_file(tmp_path / "p.png", "p.png")


def test_a_large_png_is_kept_at_the_size_it_is_printed(tmp_path):
    from PIL import Image

    from slovariki.generator import drawings

    path = tmp_path / "big.png"
    Image.linear_gradient("L").resize((2048, 1024)).convert("RGB").save(path)
    picture = drawings.load(path)
    with Image.open(io.BytesIO(picture.png)) as drawn:
        assert drawn.size == (drawings.DRAWN_SIDE, drawings.DRAWN_SIDE // 2)
    assert (picture.width, picture.height) == (2048, 1024)  # the proportions it is drawn in
    assert len(picture.png) < 2 * 1024 * 1024
