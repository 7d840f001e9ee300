"""The studio's API as the page calls it: every action goes through the library, «Сохранено» only when
the file holds it, a file changed elsewhere never overwritten, bad input a Russian refusal."""

from __future__ import annotations

import io
import math
import os
import re
import shutil
import subprocess
from importlib import resources
from urllib.parse import quote, urlencode

import pytest
from pypdf import PdfReader

from slovariki.bank import starter, wordlist
from slovariki.model import Colour
from slovariki.referee import session
from slovariki.studio.studio import Studio
from studio_helpers import TOKEN, WORD, Page, rich, workbook


STATIC = resources.files("slovariki.studio") / "static"
STUDIO_JS = (STATIC / "studio.js").read_text(encoding="utf-8")
NEW_GAME = {"players": ["Аня", "Боря"], "trump": "сорока", "rules": "slovariki"}


def cards_of(folder) -> dict[str, tuple]:
    return {c.word: (c.markup.render(), c.stars, c.definition) for c in wordlist.load_bank(folder).deck}


# --- the gate --------------------------------------------------------------------------------------------
def test_every_route_needs_the_token_and_refuses_a_foreign_host_or_origin(page):
    assert page.http.get("/api/state").status_code == 403
    assert page.http.get("/wrong/api/state").status_code == 403
    assert page.http.get(f"/{TOKEN}/api/state", headers={"Host": "evil.example:8770"}).json()["code"] == "foreign-host"
    response = page.http.post(f"/{TOKEN}/api/start", json={"folder": "/tmp/x", "how": "empty"},
                              headers={"Origin": "http://evil.example"})
    assert response.status_code == 403 and response.json()["code"] == "cross-origin"
    assert page.get("").headers["content-security-policy"].startswith("default-src 'self'")


# --- the folder ------------------------------------------------------------------------------------------
def test_the_folder_is_made_and_remembered_for_the_next_start(tmp_path):
    page = Page(Studio())
    assert page.ok("api/state")["folder"] is None
    target = tmp_path / "новая"
    said = page.ok("api/start", {"folder": str(target), "how": "empty"})["said"]
    assert said == f"Папка со словами: {target}"
    assert target.is_dir() and not list(target.iterdir())  # empty: the first word makes its grade's file
    assert Page(Studio()).ok("api/state")["folder"] == str(target)


def test_a_folder_named_at_start_that_is_not_there_yet_is_offered_not_another(tmp_path):
    """`--words` naming a new folder: the start page offers it, even when another one is remembered."""
    Page(Studio()).ok("api/start", {"folder": str(tmp_path / "прошлая"), "how": "examples"})
    wanted = tmp_path / "новая"
    page = Page(Studio(wanted))
    state = page.ok("api/state")
    assert state["folder"] is None and state["suggested"] == str(wanted)
    assert state["notice"].startswith(f"Папки {wanted} пока нет. Чтобы начать в ней, выберите ниже")
    page.ok("api/start", {"folder": state["suggested"], "how": "empty"})
    state = page.ok("api/state")
    assert state["folder"] == str(wanted) and "notice" not in state
    assert "notice" not in Page(Studio()).ok("api/state")


def test_a_relative_or_missing_folder_is_refused_in_russian(page, tmp_path):
    message = page.refused(page.post("api/start", {"folder": "слова", "how": "open"}), 400, "bad-request")
    assert message.startswith("Нужен полный путь к папке")
    message = page.refused(page.post("api/start", {"folder": str(tmp_path / "нет"), "how": "open"}), 422, "bad-folder")
    assert message.startswith("Папки ") and "нет" in message
    assert page.refused(page.get("api/bank"), 428, "no-folder").startswith("Сначала выберите папку")


# --- add, edit, undo -------------------------------------------------------------------------------------
def test_findings_come_at_the_field_they_concern(page, folder):
    found = page.ok("api/draft", {**WORD, "definition": "Пенал — коробочка для ручек."})["findings"]
    assert [(f["field"], f["code"]) for f in found] == [("definition", "definition-uses-word")]
    found = page.ok("api/draft", {**WORD, "word": "с[а]б+ака"})["findings"]
    typo = next(f for f in found if f["code"] == "unknown-word")
    assert typo["field"] == "word" and "может быть, «собака»" in typo["message"]
    found = page.ok("api/draft", {**WORD, "word": "с[о]р+ока", "grade": 1})["findings"]
    assert [f["code"] for f in found] == ["duplicate-word"]


def test_a_typed_word_gets_its_markup_stars_reasons_and_pictures(page, folder):
    answer = page.ok("api/suggest", {"word": "корова", "grade": 1})
    assert answer["suggestion"]["markup"] == "к[о]р+ова" and answer["suggestion"]["stars"] == 1
    hard = [letter for letter in answer["suggestion"]["letters"] if letter["hard"]]
    assert hard[0]["letters"] == "о" and hard[0]["reason"]
    assert "cow" in [p["name"] for p in answer["pictures"]]
    typo = page.ok("api/suggest", {"word": "сабака", "grade": 1})["suggestion"]
    assert typo["near"][0] == "собака"
    message = page.refused(page.post("api/suggest", {"word": "dog", "grade": 1}), 400, "bad-request")
    assert "латинскими" in message


def test_saving_keeps_her_comments_and_order_and_undo_takes_it_back(page, folder):
    path = folder / "grade2.yaml"
    before = path.read_text(encoding="utf-8")
    answer = page.ok("api/save", {**WORD, "versions": page.versions()})
    assert answer["said"] == "Сохранено: добавлено слово «пенал»"
    after = path.read_text(encoding="utf-8")
    assert after.startswith(before.rstrip("\n")) and after.endswith("definition: Коробочка для ручек и карандашей.\n")
    assert cards_of(folder)["пенал"] == ("п[е]н+ал", 1, "Коробочка для ручек и карандашей.")
    page.ok("api/save", {**WORD, "stars": 2, "original": "пенал", "versions": page.versions()})
    assert cards_of(folder)["пенал"][1] == 2
    assert page.ok("api/state")["undo"] == "изменено слово «пенал»"
    assert page.ok("api/undo", {})["said"] == "Отменено: изменено слово «пенал»"
    page.ok("api/undo", {})
    assert path.read_text(encoding="utf-8") == before
    assert page.refused(page.post("api/undo", {}), 409, "nothing-to-undo").startswith("Отменять нечего")


def test_a_word_moved_to_another_grade_leaves_one_file_and_joins_the_other(page, folder):
    page.ok("api/save", {**WORD, "versions": page.versions()})
    page.ok("api/save", {**WORD, "grade": 3, "original": "пенал", "versions": page.versions()})
    assert "п[е]н+ал" not in (folder / "grade2.yaml").read_text(encoding="utf-8")
    assert "п[е]н+ал" in (folder / "grade3.yaml").read_text(encoding="utf-8")
    page.ok("api/undo", {})
    assert "п[е]н+ал" in (folder / "grade2.yaml").read_text(encoding="utf-8")
    assert "п[е]н+ал" not in (folder / "grade3.yaml").read_text(encoding="utf-8")


def test_a_second_tab_with_an_old_view_never_overwrites(page, folder):
    seen = page.versions()  # both tabs read the bank
    page.ok("api/save", {**WORD, "versions": seen})  # the first tab saves
    written = (folder / "grade2.yaml").read_text(encoding="utf-8")
    message = page.refused(page.post("api/save", {**WORD, "word": "к[а]п+уста", "definition": "Овощ с листьями, из неё варят щи.",
                                                  "versions": seen}), 409, "conflict")
    assert message.startswith("Не сохранено: файл") and "изменился" in message and "обновите страницу" in message
    assert (folder / "grade2.yaml").read_text(encoding="utf-8") == written


def test_undo_refuses_when_the_file_was_edited_outside_since(page, folder):
    page.ok("api/save", {**WORD, "versions": page.versions()})
    path = folder / "grade2.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "# поправила в Блокноте\n", encoding="utf-8")
    message = page.refused(page.post("api/undo", {}), 409, "conflict")
    assert message.startswith("Не отменено") and path.read_text(encoding="utf-8").endswith("# поправила в Блокноте\n")


def test_an_entry_with_an_error_is_not_saved(page, folder):
    message = page.refused(page.post("api/save", {**WORD, "word": "п[е]н+а+л", "versions": page.versions()}),
                           422, "bad-entry")
    assert message.startswith("Не сохранено:")
    message = page.refused(page.post("api/save", {**WORD, "word": "с[а]б+ака", "versions": page.versions()}),
                           422, "bad-entry")
    assert message == "Не сохранено: слова «сабака» нет в словаре pymorphy3: проверьте написание; может быть, «собака»?"
    assert "п[е]н" not in (folder / "grade2.yaml").read_text(encoding="utf-8")
    assert "с[а]б" not in (folder / "grade2.yaml").read_text(encoding="utf-8")


@pytest.fixture
def read_only(folder):
    """Her folder on a disk that has become read-only (a locked SD card): a tmpfs remounted read-only."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a read-only tmpfs")
    saved = {p.name: p.read_bytes() for p in folder.iterdir()}
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        for name, data in saved.items():
            (folder / name).write_bytes(data)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_read_only_folder_is_said_and_nothing_claims_to_be_saved(page, read_only):
    before = (read_only / "grade2.yaml").read_bytes()
    message = page.refused(page.post("api/save", {**WORD, "versions": page.versions()}), 503, "not-saved")
    assert message.startswith("Не сохранено: не удалось записать") and "только для чтения" in message
    assert (read_only / "grade2.yaml").read_bytes() == before
    assert page.ok("api/state")["undo"] is None


# --- import ----------------------------------------------------------------------------------------------
def upload(page: Page, name: str, data: bytes):
    """As the page sends a dropped file: its bytes, its name URL-encoded in a header."""
    return page.http.post(f"/{TOKEN}/api/import", content=data, headers={"X-File-Name": quote(name)})


def test_a_spreadsheet_is_shown_row_by_row_before_anything_is_written(page, folder, tmp_path):
    """Her table as she typed it: hard letters red, a stress by a capital vowel, a word she left unmarked
    (the program proposes, to be looked over), a word already in her bank, stars that cannot be."""
    table = workbook(tmp_path / "слова.xlsx", [(rich("к{а}пуста"), 1, "Овощ с листьями, из неё варят щи."),
                                               (rich("п{е}тУх"), 1, "Домашняя птица с гребешком."),
                                               ("лопата", 2, "Ею копают землю."),
                                               (rich("к{о}р{о}ва"), 7, "Даёт молоко."),
                                               ("помидор", 2, "Красный овощ с грядки.")])
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    answer = upload(page, "слова.xlsx", table.read_bytes()).json()
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing written yet
    rows = {row["row"]: row for row in answer["rows"]}
    assert rows[2]["markup"] == "к[а]п+уста" and rows[2]["letters"] == "красным цветом" and not rows[2]["problems"]
    assert rows[3]["markup"] == "п[е]т+ух" and rows[3]["stress"] == "заглавной гласной"
    assert rows[4]["exists"]  # «лопата» is one of init's examples
    assert rows[5]["problems"] and "звёзд" in " ".join(rows[5]["problems"]).lower()
    assert rows[6]["proposed"] and rows[6]["markup"] == "п[о]м[и]д+ор"
    assert answer["ready"] == 3
    done = page.ok("api/import/accept", {"token": answer["token"]})
    assert done["said"] == "Сохранено: добавлены слова из «слова.xlsx» (3)"
    words = cards_of(folder)
    assert words["капуста"] == ("к[а]п+уста", 1, "Овощ с листьями, из неё варят щи.") and "помидор" in words
    page.ok("api/undo", {})
    assert "капуста" not in cards_of(folder)


def test_a_broken_spreadsheet_and_a_wrong_file_get_a_russian_message(page, folder):
    message = page.refused(upload(page, "слова.xlsx", b"PK\x03\x04 not really a zip"), 422, "bad-file")
    assert message.startswith("Таблица не прочитана: «слова.xlsx»")
    message = page.refused(upload(page, "фото.jpg", b"\xff\xd8\xff"), 422, "bad-file")
    assert "не таблица" in message
    message = page.refused(upload(page, "старая.xls", b"\xd0\xcf\x11\xe0"), 422, "bad-file")
    assert "сохраните таблицу как .xlsx" in message


def test_a_huge_upload_is_refused_without_reading_it_all(page, folder):
    def chunks():  # 100 MB, streamed without a declared length
        for _ in range(100):
            yield b"\0" * (1024 * 1024)

    response = page.http.post(f"/{TOKEN}/api/import", content=chunks(), headers={"X-File-Name": quote("большая.xlsx")})
    message = page.refused(response, 413, "too-large")
    assert message == "Таблица не прочитана: файл больше 5 МБ; это не похоже на список слов"


def test_an_old_preview_cannot_be_accepted(page, folder, tmp_path):
    page.refused(page.post("api/import/accept", {"token": "old"}), 409, "conflict")


# --- print -----------------------------------------------------------------------------------------------
def test_a_build_from_the_page_makes_the_deck_and_a_reprint_never_replaces_it(page, folder):
    page.ok("api/save", {**WORD, "versions": page.versions()})
    job = page.build({"grades": [1, 2, 3, 4], "backs": "duplex-long", "copies": 1})
    assert job["state"] == "done", job
    assert {"cards.pdf", "rules.pdf", "wordlist.pdf", "dictation.pdf"} <= {f["name"] for f in job["files"]}
    pdf = page.get("files/deck/cards.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "пенал" in text.replace("\u0301", "")
    full = {name: (folder / "печать" / name).read_bytes() for name in ("cards.pdf", "rules.pdf")}
    again = page.build({"grades": [2], "words": ["пенал"], "copies": 2})
    assert again["state"] == "done" and "cards-only.pdf" in [f["name"] for f in again["files"]]
    assert {name: (folder / "печать" / name).read_bytes() for name in full} == full
    reprint = PdfReader(io.BytesIO(page.get("files/deck/cards-only.pdf").content))
    assert "пенал" in reprint.pages[0].extract_text().replace("\u0301", "")
    assert page.refused(page.get("files/deck/..%2Fgrade1.yaml"), 404, "not-found")


def test_a_card_printed_wrong_stops_the_build_and_the_page_is_told_by_its_code(page, folder):
    path = folder / "grade1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("с[о]р+ока", "с[+о]рока"), encoding="utf-8")
    job = page.build({"grades": [1, 2, 3, 4]})
    assert job["state"] == "failed" and job["code"] == "printed-wrong", job  # the page offers «Собрать как есть»
    assert not (folder / "печать").exists()


def test_a_build_with_an_error_in_the_words_says_so_and_writes_nothing(page, folder):
    path = folder / "grade1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("с[о]р+ока", "с[о]р+ок+а"), encoding="utf-8")
    job = page.build({"grades": [1, 2, 3, 4]})
    assert job["state"] == "failed" and job["message"].startswith("Колода не собрана: в словах есть ошибки")
    assert not (folder / "печать").exists()


def test_wrong_print_settings_are_refused_before_any_build(page, folder):
    message = page.refused(page.post("api/build", {"copies": 50}), 400, "bad-request")
    assert message == "Комплектов можно напечатать от 1 до 20"  # the form's field, not «--copies»
    assert page.ok("api/build")["job"] is None


def test_handouts_for_chosen_words(page, folder):
    answer = page.ok("api/handouts", {"grades": [1, 2], "words": ["сорока", "лопата"]})
    assert [f["name"] for f in answer["files"]] == ["wordlist.pdf", "dictation.pdf", "dictation-answers.pdf"]
    text = PdfReader(io.BytesIO(page.get("files/handouts/wordlist.pdf").content)).pages[0].extract_text()
    assert "сорока" in text.replace("\u0301", "") and "карандаш" not in text.replace("\u0301", "")


# --- the bank and play -----------------------------------------------------------------------------------
def test_the_bank_is_found_in_any_form_and_filtered(page, folder):
    rows = lambda **q: [r["word"] for g in page.ok("api/bank", **q)["grades"] for r in g["rows"]]  # noqa: E731
    assert rows(text="сороки") == ["сорока"]
    assert rows(text="карандашом") == ["карандаш"]
    assert set(rows(stars="3")) <= set(rows()) and all(r in rows() for r in rows(letter="о"))
    assert rows(no_picture="1") == rows()  # init's examples have no pictures
    assert rows(findings="1") == []


def test_the_grades_colours_and_their_names_are_the_librarys(page, folder):
    """The page names and paints each grade from these, not from a copy of its own."""
    colours = page.ok("api/state")["colours"]
    assert colours == {str(c.grade): {"tint": c.print_tint, "strong": c.print_strong, "name": c.russian,
                                      "cards": c.russian_cards} for c in Colour}
    assert [colours[g]["cards"] for g in "1234"] == ["зелёные", "голубые", "жёлтые", "розовые"]
    assert "зелён" not in STUDIO_JS and "зелён" not in (STATIC / "index.html").read_text(encoding="utf-8")


def test_the_print_forms_choices_are_build_decks(page, folder):
    from slovariki.generator import options

    choices = page.ok("api/state")["print"]
    assert choices["card_sizes"] == {"poker": "63×88", "bridge": "57×89", "mini": "44×63"}
    assert list(choices["card_sizes"]) == list(options.CARD_SIZES) and list(options.CARD_SIZES)[0] == "poker"
    assert choices["card_mm"] == {key: list(mm) for key, mm in options.CARD_SIZES.items()}  # the previews' sizes
    assert options.DeckOptions().card_size == options.CARD_SIZES["poker"]  # the first offered is the default
    assert choices["papers"] == options.PAPER_NAMES and next(iter(options.PAPER_NAMES)) == options.DeckOptions().paper
    assert (choices["copies"], choices["bleed"]) == (options.MAX_COPIES, options.MAX_BLEED_MM)
    assert "63×88" not in (STATIC / "index.html").read_text(encoding="utf-8")


def test_the_bank_sends_only_what_the_page_reads(page, folder):
    """Every field of a grade and of its rows is read by the page's code that shows the bank (as
    ``grade.x`` and ``row.x``)."""
    shows = "".join(re.search(rf"\n(?:async )?function {name}\(.*?\n}}\n", STUDIO_JS, re.S).group()
                    for name in ("loadBank", "keepShown", "gradeTable"))
    grade = page.ok("api/bank")["grades"][0]
    assert grade["rows"]
    for name, keys in (("grade", set(grade)), ("row", set(grade["rows"][0]))):
        assert keys == {key for key in keys if re.search(rf"\b{name}\.{key}\b", shows)}, name


def test_a_card_is_drawn_as_printed(page, folder):
    png = page.get("card/1/сорока.png")
    assert png.headers["content-type"] == "image/png" and png.content.startswith(b"\x89PNG")
    from PIL import Image

    image = Image.open(io.BytesIO(png.content))
    assert image.size == (273, 382)  # 63×88 mm at 110 dpi
    assert page.refused(page.get("card/2/сорока.png"), 404, "not-found")


@pytest.mark.parametrize(("size", "pixels"), [("poker", (273, 382)), ("bridge", (247, 386)), ("mini", (191, 273))])
def test_a_card_is_drawn_at_the_card_size_chosen_for_print(page, folder, size, pixels):
    """The bank's card and the form's draft, drawn as cards.pdf prints them at that size: its millimetres
    at PREVIEW_DPI (a 44 mm card is 191 px wide, not 273)."""
    from PIL import Image

    from slovariki.generator.options import CARD_SIZES
    from slovariki.studio.studio import PREVIEW_DPI

    assert pixels == tuple(math.ceil(mm / 25.4 * PREVIEW_DPI) for mm in CARD_SIZES[size])  # pdfium rounds up
    saved = page.get("card/1/сорока.png", size=size)
    draft = page.post(f"api/preview?size={size}", WORD)
    for png in (saved, draft):
        assert png.status_code == 200 and png.headers["content-type"] == "image/png", png.text
        assert Image.open(io.BytesIO(png.content)).size == pixels
    if size == "poker":  # build-deck's default: as drawn without a size
        assert saved.content == page.get("card/1/сорока.png").content


@pytest.mark.parametrize("size", ["huge", "63x88", "", "mini "])
def test_a_card_size_not_offered_is_refused_in_russian(page, folder, size):
    for response in (page.get("card/1/сорока.png", size=size), page.post(f"api/preview?{urlencode({'size': size})}", WORD)):
        message = page.refused(response, 400, "bad-request")
        assert message.startswith(f"Карточку не нарисовать: размера карты «{size}» нет, есть 63×88, 57×89 и 44×63 мм")


def test_a_card_that_does_not_fit_the_chosen_size_says_why_as_build_deck_does(page, folder):
    """Long words that fit on a poker card but not on a mini one: at mini every card is refused with
    build-deck's own message (it measures the whole deck), with her file's line; the draft of such a
    definition too, without a line, for it is not in her file yet, and it is drawn at poker size, as
    build-deck will print it (the deck's definitions a step smaller)."""
    from slovariki.generator.build import BuildError, build_deck
    from slovariki.generator.faces import FitError
    from slovariki.generator.options import CARD_SIZES, DeckOptions

    long_words = {**WORD, "definition": "Достопримечательность, электрофотографирование, высококвалифицированный, "
                                        "переосвидетельствование."}
    drawn = page.post("api/preview?size=poker", long_words)  # the deck measured with it: all a step smaller
    assert drawn.status_code == 200 and drawn.headers["content-type"] == "image/png"
    draft = page.refused(page.post("api/preview?size=mini", long_words), 422, "bad-entry")
    assert re.fullmatch(r"Карточки 44×63 мм не напечатать: толкование слова «пенал» не помещается на карту даже "
                        r"шрифтом [\d,]+ пт: сократите его", draft)
    page.ok("api/save", {**long_words, "versions": page.versions()})
    assert page.get("card/2/пенал.png", size="poker").status_code == 200
    refused = page.refused(page.get("card/1/сорока.png", size="mini"), 422, "bad-entry")
    assert refused.startswith(f"Карточки 44×63 мм не напечатать: {folder / 'grade2.yaml'}:")
    assert "толкование слова «пенал» не помещается" in refused
    with pytest.raises((BuildError, FitError)) as built:
        build_deck(wordlist.load_bank(folder).deck, DeckOptions(card_size=CARD_SIZES["mini"]), folder / "печать")
    assert refused.removeprefix("Карточки 44×63 мм не напечатать: ") in str(built.value)


def test_a_card_is_drawn_again_when_the_decks_definition_size_changes(page, folder):
    """build-deck sets every definition of a deck in one size, chosen over the whole bank: a long
    definition saved on another word makes it smaller, and every card's preview shows that, as cards.pdf
    will; undo brings the first look back."""
    from slovariki.generator.faces import deck_type

    def size() -> float:
        return deck_type(wordlist.load_bank(folder).deck).size

    first, size_before = page.get("card/1/сорока.png").content, size()
    long = "Коробочка для ручек, карандашей, ластика, линейки и точилки; её носят в портфеле в школу каждый день."
    page.ok("api/save", {**WORD, "definition": long, "versions": page.versions()})
    assert size() < size_before
    smaller = page.get("card/1/сорока.png").content
    assert smaller != first
    assert smaller == Page(Studio()).get("card/1/сорока.png").content  # as a studio started now draws it
    page.ok("api/undo", {})
    assert page.get("card/1/сорока.png").content == first


def test_the_referees_screen_plays_on_her_bank(page, folder):
    assert "Судья «Словариков»" in page.get("play/").text
    deck = page.ok("play/api/deck", rules="slovariki", grades="1")
    assert {card["word"] for card in deck["cards"]} == set(starter.EXAMPLES[1])


def test_playing_holds_the_game_so_a_referee_or_a_second_studio_is_refused(page, folder):
    """The studio's screen takes the session's lock that `slovariki referee` and its web screen take:
    whoever comes second is told who holds the game and writes nothing."""
    game = folder / "партия.json"
    assert "Судья «Словариков»" in page.get("play/").text
    with pytest.raises(session.SessionBusy, match=r"сейчас ведёт другая программа \(студия «Словариков», процесс \d+"):
        with session.lock(game, "веб-экран судьи"):
            pass
    second = Page(Studio(folder))
    message = second.refused(second.post("play/api/new", NEW_GAME), 409, "busy")
    assert message.startswith(f"Экран судьи не открыт: партию в {game} сейчас ведёт другая программа (студия «Словариков»")
    assert message.endswith("закройте ту программу и откройте экран судьи снова")
    assert not game.exists()
    page.ok("play/api/new", NEW_GAME)  # the holder plays on
    assert game.exists()


def test_while_a_referee_holds_the_game_the_studio_writes_nothing_and_says_so(page, folder):
    game = folder / "партия.json"
    with session.lock(game, "веб-экран судьи"):
        message = page.refused(page.post("play/api/new", NEW_GAME), 409, "busy")
        assert "(веб-экран судьи, процесс" in message
        tab = page.http.get(f"/{TOKEN}/play/", headers={"Accept": "text/html,application/xhtml+xml"})  # the link's new tab
        assert tab.status_code == 409 and tab.headers["content-type"].startswith("text/html")
        assert "<h1>Экран судьи не открыт</h1>" in tab.text and "веб-экран судьи, процесс" in tab.text
        assert not game.exists()
    page.ok("play/api/new", NEW_GAME)  # the referee closed: the studio may play now
    assert game.exists()


def test_the_game_of_a_folder_left_is_let_go(page, folder, tmp_path):
    page.get("play/")
    page.ok("api/start", {"folder": str(tmp_path / "другая"), "how": "examples"})
    with session.lock(folder / "партия.json", "веб-экран судьи"):
        pass


def test_with_lan_the_play_screen_has_a_qr_code_for_the_tablet(page, folder):
    assert page.refused(page.get("play-qr.svg"), 404, "not-found").startswith("Студия запущена без --lan")
    page.studio.lan_url = "http://192.168.1.20:8770/studio-test-token/"
    assert page.ok("api/state")["play_url"] == "http://192.168.1.20:8770/studio-test-token/play/"
    svg = page.get("play-qr.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml") and b"<svg" in svg.content


def test_a_game_word_is_ticked_on_the_page_and_written_as_the_bank_writes_it(page, folder):
    page.ok("api/save", {**WORD, "game_word": True, "versions": page.versions()})
    assert "    game_word: true\n" in (folder / "grade2.yaml").read_text(encoding="utf-8")
    assert page.ok("api/entry", word="пенал")["values"]["game_word"] is True
    row = next(r for g in page.ok("api/bank")["grades"] for r in g["rows"] if r["word"] == "пенал")
    assert row["game_word"] is True
    page.ok("api/save", {**WORD, "original": "пенал", "game_word": False, "versions": page.versions()})
    assert "game_word: true" not in (folder / "grade2.yaml").read_text(encoding="utf-8")


def test_a_word_removed_is_gone_from_its_file_and_undo_brings_it_back(page, folder):
    before = (folder / "grade1.yaml").read_text(encoding="utf-8")
    assert page.ok("api/remove", {"word": "сорока", "versions": page.versions()})["said"] == "Удалено слово «сорока»"
    assert "сорока" not in cards_of(folder) and "с[о]р+ока" not in (folder / "grade1.yaml").read_text(encoding="utf-8")
    page.refused(page.post("api/remove", {"word": "сорока", "versions": page.versions()}), 409, "conflict")
    page.ok("api/undo", {})
    assert (folder / "grade1.yaml").read_text(encoding="utf-8") == before


def test_a_one_grade_deck_from_the_studio_is_the_one_build_deck_prints():
    """The deck's words follow the bank's rule (WordBank.for_deck): the school list's words only, in a
    deck of one grade, as build-deck --grades 2 prints it."""
    from slovariki.bank.wordlist import bundled_words, load_bank
    from slovariki.studio.printing import checked_deck
    from slovariki.studio.workspace import Workspace

    deck = checked_deck(Workspace(bundled_words()), (2,), force=True)
    assert [c.word for c in deck] == [c.word for c in load_bank(None).for_deck((2,)).deck]
    assert not any(c.game_word for c in deck) and any(c.game_word for c in load_bank(None).select((2,)).cards)


def test_handouts_of_a_word_not_in_the_deck_are_refused_in_her_words(page, folder):
    message = page.refused(page.post("api/handouts", {"grades": [2], "words": ["слонопотам"]}), 400, "bad-request")
    assert message.startswith("Листы не собраны: в колоде нет слова «слонопотам»") and "only" not in message
