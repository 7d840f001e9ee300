"""The studio in a real headless Chromium, as a teacher uses it: `slovariki studio` started as she
starts it, the page driven by clicks and typing, the files on disk and the PDFs read back.

Set SLOVARIKI_SCREENSHOTS=folder to keep screenshots of the main moments (colour and greyscale).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pdfplumber
import pytest
from studio_helpers import rich, workbook
from web.browser import browser  # noqa: F401 - the fixture

from slovariki.bank import wordlist

VIEWPORTS = {"laptop": (1280, 800), "tablet": (820, 1180), "phone": (390, 844)}
RED = (0.815686, 0.0, 0.0)  # #D00000 as pdfplumber reports it
WORD_SIZE = 13  # points: only the cards' words are set this large


@contextmanager
def running_studio(tmp_path: Path, *options: str):
    """`slovariki studio` on any free port, in a fresh settings folder; stopped with Ctrl+C."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "настройки")}
    process = subprocess.Popen([sys.executable, "-m", "slovariki", "studio", "--port", "0", "--no-browser", *options],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    first = process.stdout.readline()
    assert first.startswith("Студия: http://127.0.0.1:"), first + process.stderr.read()
    try:
        yield first.split()[1], process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=20)


@pytest.fixture
def studio(tmp_path):
    with running_studio(tmp_path) as running:
        yield running


class Teacher:
    """One browser tab and what a teacher does in it."""

    def __init__(self, browser, url: str, size: tuple[int, int], name: str) -> None:  # noqa: F811
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="ru-RU",
                                           accept_downloads=True)
        self.page = self.context.new_page()
        self.url = url
        self.name = name
        self.errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and "Failed to load resource" not in m.text
                     and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)

    def expect(self, selector: str):
        from playwright.sync_api import expect

        return expect(self.page.locator(selector))

    def shot(self, moment: str) -> None:
        folder = os.environ.get("SLOVARIKI_SCREENSHOTS")
        if not folder:
            return
        from PIL import Image

        Path(folder).mkdir(parents=True, exist_ok=True)
        path = Path(folder) / f"{self.name}-{moment}.png"
        self.page.evaluate("window.scrollTo(0, 0)")  # the sticky header on top, as she sees the page
        size = self.page.viewport_size
        height = self.page.evaluate("document.documentElement.scrollHeight")
        self.page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
        for _ in range(200):  # every card drawn (they load as they come into view)
            if self.page.evaluate("[...document.images].every(i => i.complete)"):
                break
            self.page.wait_for_timeout(50)
        self.page.screenshot(path=str(path))
        self.page.set_viewport_size(size)
        Image.open(path).convert("L").save(Path(folder) / f"{self.name}-{moment}-grey.png")

    def said(self, text: str) -> None:
        self.expect("#status").to_have_text(text)
        self.expect("#alert").to_have_text("")

    def refused(self, pattern: str) -> None:
        self.expect("#alert").to_have_text(re.compile(pattern))
        assert "Сохранено" not in self.page.inner_text("#status")

    def start(self, folder: Path, how: str = "Начать с пустых списков") -> None:
        self.expect("#start-title").to_be_visible()
        self.page.fill("#folder", str(folder))
        self.page.click(f"#start-form button:has-text('{how}')")
        self.expect("#bank-title").to_be_visible()

    def type_word(self, typed: str, grade: int) -> None:
        self.page.click("#add-word")
        self.expect("#edit-title").to_have_text("Новое слово")
        self.page.check(f"input[name=grade][value='{grade}']")
        self.page.fill("#e-typed", typed)

    def write_definition(self, text: str) -> None:
        self.page.fill("#e-definition", text)

    def save(self, word: str) -> None:
        self.save_only(word)
        self.expect(f"img[alt='Карточка «{word}»']").to_be_visible()

    def save_only(self, word: str) -> None:
        self.expect("#e-word").not_to_have_value("")
        self.page.click("#save")
        self.said(f"Сохранено: добавлено слово «{word}»")

    def rows(self) -> list[str]:
        return self.page.locator("#grades .word-cell .word").all_inner_texts()


def cards_pdf_words(path: Path) -> dict[str, tuple[bool, ...]]:
    """The cards' big words in cards.pdf and, per letter, whether it is printed red."""
    found = {}
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            chars = sorted((c for c in page.chars if c["size"] > WORD_SIZE and c["text"].strip()),
                           key=lambda c: (round(c["top"]), c["x0"]))
            word: list[dict] = []
            for ch in chars + [None]:
                if word and (ch is None or round(ch["top"]) != round(word[-1]["top"]) or ch["x0"] - word[-1]["x1"] > 8):
                    text = "".join(c["text"] for c in word).replace("\u0301", "")
                    found[text] = tuple(tuple(c["non_stroking_color"]) == RED for c in word if c["text"] != "\u0301")
                    word = []
                if ch is not None:
                    word.append(ch)
    return found


def teachers_workbook(path: Path) -> Path:
    """Her words in Excel: a sheet «2 класс», the usual titles, the hard letters coloured red."""
    return workbook(path, [(rich("{о}гурец"), 1, "Зелёный овощ, растёт на грядке."),
                           (rich("п{е}тух"), 1, "Домашняя птица с гребешком, будит всех утром.")])


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_teachers_whole_path(browser, studio, tmp_path, device):  # noqa: F811
    """An empty folder → five words through the suggestions (a typo taken from «может быть», a
    definition flagged and fixed) → a spreadsheet imported → «Собрать» → cards.pdf downloaded: her
    words on the cards, their hard letters red."""
    url, _ = studio
    me = Teacher(browser, url, VIEWPORTS[device], device)
    folder = tmp_path / "мои слова"
    me.shot("start")
    me.start(folder)
    me.expect("#bank-summary").to_contain_text("В банке пока нет ни одного слова")
    me.expect("#where").to_have_text(f"Ваши слова лежат в папке: {folder}")

    # 1. «корова»: the markup, stars and the picture proposed; she picks the picture.
    me.type_word("корова", 1)
    me.expect("#e-word").to_have_value("к[о]р+ова")
    me.expect("input[name=stars][value='1']").to_be_checked()
    me.expect("#e-letters").to_contain_text("о")
    me.page.click("#e-pictures button[aria-label='Картинка: корова']")
    me.expect("#e-picture").to_have_value("cow")
    me.write_definition("Большое домашнее животное с рогами, даёт молоко.")
    me.expect("#e-card").to_be_visible()
    me.shot("word-form")
    me.save("корова")

    # 2. A typo: «сабака» → «может быть, «собака»?» → taken from there.
    me.type_word("сабака", 1)
    me.expect("#e-typed-notes").to_contain_text("Может быть, «собака»?")
    me.shot("typo")
    me.page.click("#e-typed-notes button:has-text('«собака»')")
    me.expect("#e-typed").to_have_value("собака")
    me.expect("#e-word").to_have_value("с[о]б+ака")
    me.write_definition("Домашнее животное, которое лает и сторожит дом.")
    me.save("собака")

    # 3. A definition that names the word is flagged at its field, then fixed.
    me.type_word("малина", 2)
    me.expect("#e-word").to_have_value("м[а]л+ина")
    me.write_definition("Малина — красная ягода.")
    me.expect("#e-definition-notes").to_contain_text("Толкование слова «малина» называет само слово")
    me.shot("definition-flagged")
    me.write_definition("Красная сладкая ягода с колючего куста.")
    me.expect("#e-definition-notes").to_have_text("")
    me.save("малина")

    for typed, grade, definition in (("ворона", 1, "Большая серая птица, громко каркает."),
                                     ("пенал", 2, "Коробочка для ручек и карандашей.")):
        me.type_word(typed, grade)
        me.expect("#e-word").not_to_have_value("")
        me.write_definition(definition)
        me.save(typed)
    me.shot("bank")
    assert sorted(me.rows()) == ["воро́на", "коро́ва", "мали́на", "пена́л", "соба́ка"]
    # Each grade named with its cards' colour, as the program names it (model.Colour).
    me.expect("#grades section.g1 h2").to_have_text("1 класс — зелёные карточки (3)")
    me.expect("#grades section.g2 h2").to_have_text("2 класс — голубые карточки (2)")
    me.page.click("nav a[data-tab=start]")
    me.expect("#files li").to_have_text([re.compile(rf"^{g} класс \({c} карточки\): ")
                                          for g, c in ((1, "зелёные"), (2, "голубые"), (3, "жёлтые"), (4, "розовые"))])
    me.page.click("nav a[data-tab=help]")
    me.expect("#grade-colours").to_have_text("1 класс — зелёный, 2 — голубой, 3 — жёлтый, 4 — розовый")
    me.page.click("nav a[data-tab=bank]")

    # The undo button names the last change.
    me.expect("#undo").to_have_text("Отменить: добавлено слово «пенал»")

    # 4. Her spreadsheet: shown row by row before anything is written, then added.
    me.page.click("nav a[data-tab=import]")
    before = {p.name: p.read_bytes() for p in folder.glob("*.yaml")}
    me.page.set_input_files("#import-file", str(teachers_workbook(tmp_path / "мои слова.xlsx")))
    me.expect("#import-result table.import tbody tr").to_have_count(2)
    me.expect("#import-result").to_contain_text("новое слово")
    me.expect("#import-result").to_contain_text("сложные буквы красным цветом")
    assert {p.name: p.read_bytes() for p in folder.glob("*.yaml")} == before
    me.shot("import")
    me.page.click("#import-result button:has-text('Добавить новые слова (2)')")
    me.said("Сохранено: добавлены слова из «мои слова.xlsx» (2)")

    bank = {c.word: c for c in wordlist.load_bank(folder).deck}
    assert set(bank) == {"корова", "собака", "малина", "ворона", "пенал", "огурец", "петух"}
    assert str(bank["корова"].picture).endswith("cow.svg")

    # 5. «Собрать» → the progress bar → cards.pdf downloaded.
    me.page.click("nav a[data-tab=print]")
    me.expect("#p-size option").to_have_text(["63×88 мм (как игральная карта)", "57×89 мм", "44×63 мм (мини)"])
    me.expect("#p-size").to_have_value("poker")
    me.expect("#p-paper option").to_have_text(["A4", "Letter"])
    assert me.page.eval_on_selector("#p-copies", "c => [c.min, c.max]") == ["1", "20"]
    me.page.click("#build")
    me.expect("a[download='cards.pdf']").to_be_visible(timeout=60_000)
    assert me.page.eval_on_selector("#progress", "p => p.max > 1 && p.value === p.max")
    me.shot("built")
    with me.page.expect_download() as download:
        me.page.click("a[download='cards.pdf']")
    pdf = tmp_path / "скачано.pdf"
    download.value.save_as(pdf)
    printed = cards_pdf_words(pdf)
    for word, card in bank.items():
        assert [i for i, red in enumerate(printed[word]) if red] == list(card.hard_positions), word
    assert not me.errors


def test_keyboard_only(browser, studio, tmp_path):  # noqa: F811
    """Every field has a label; Tab reaches the start form, the word form and «Сохранить» in reading
    order, and Enter saves."""
    url, _ = studio
    me = Teacher(browser, url, VIEWPORTS["laptop"], "keyboard")
    page = me.page
    me.expect("#start-title").to_be_visible()
    unlabelled = page.evaluate("""() => [...document.querySelectorAll('input, select, textarea')]
        .filter(e => e.type !== 'hidden' && !e.labels.length && !e.getAttribute('aria-label')).map(e => e.id)""")
    assert unlabelled == []

    def tab_to(selector: str, limit: int = 40) -> list[str]:
        passed = []
        for _ in range(limit):
            page.keyboard.press("Tab")
            passed.append(page.evaluate("document.activeElement.id || document.activeElement.textContent.trim()"))
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                return passed
        raise AssertionError(f"Tab never reached {selector}: {passed}")

    passed = tab_to("#folder")
    assert passed[0] == "К содержимому"  # the skip link first
    page.keyboard.press("Control+A")
    page.keyboard.type(str(tmp_path / "клавиатура"))
    assert tab_to("button[data-how=empty]") == ["Открыть эту папку", "Начать с пустых списков"]
    page.keyboard.press("Enter")
    me.expect("#bank-title").to_be_visible()
    tab_to("#add-word")
    page.keyboard.press("Enter")
    me.expect("#e-typed").to_be_focused()
    page.keyboard.type("ворона")
    me.expect("#e-word").to_have_value("в[о]р+она")
    order = tab_to("#e-definition")
    assert order.index("e-word") < order.index("e-definition")
    page.keyboard.type("Большая серая птица, громко каркает.")
    tab_to("#save")
    page.keyboard.press("Enter")
    me.said("Сохранено: добавлено слово «ворона»")
    assert "в[о]р+она" in (tmp_path / "клавиатура" / "grade1.yaml").read_text(encoding="utf-8")
    assert not me.errors


def test_a_second_tab_editing_the_same_word(browser, studio, tmp_path):  # noqa: F811
    url, _ = studio
    first = Teacher(browser, url, VIEWPORTS["laptop"], "tab-one")
    first.start(tmp_path / "слова", "Новая папка с примерами")
    second = Teacher(browser, url, VIEWPORTS["laptop"], "tab-two")
    second.expect("#bank-title").to_be_visible()  # the folder is the studio's: the second tab opens it too
    for tab in (first, second):
        tab.page.click("button[aria-label='Изменить «сорока»']")
        tab.expect("#e-definition").not_to_have_value("")
    first.write_definition("Птица с длинным хвостом, белыми боками и чёрной спиной.")
    first.page.click("#save")
    first.said("Сохранено: изменено слово «сорока»")
    second.write_definition("Чёрно-белая птица, стрекочет.")
    second.page.click("#save")
    second.refused(r"^Не сохранено: файл .*grade1\.yaml изменился .* обновите страницу")
    second.shot("conflict")
    text = (tmp_path / "слова" / "grade1.yaml").read_text(encoding="utf-8")
    assert "белыми боками" in text and "Чёрно-белая птица, стрекочет." not in text


@pytest.fixture
def read_only_later(tmp_path):
    """Makes a folder's disk read-only while the studio runs (a tmpfs remounted read-only)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a read-only tmpfs")
    mounted = []

    def make(folder: Path) -> None:
        saved = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True).returncode:
            pytest.skip("cannot mount a tmpfs here")
        mounted.append(folder)
        for name, data in saved.items():
            (folder / name).write_bytes(data)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)

    yield make
    for folder in mounted:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_read_only_folder_a_broken_spreadsheet_and_a_huge_upload(browser, studio, tmp_path, read_only_later):  # noqa: F811
    url, _ = studio
    me = Teacher(browser, url, VIEWPORTS["phone"], "refusals")
    folder = tmp_path / "слова"
    me.start(folder, "Новая папка с примерами")

    me.page.click("nav a[data-tab=import]")
    broken = tmp_path / "сломанная.xlsx"
    broken.write_bytes(b"PK\x03\x04 half a file")
    me.page.set_input_files("#import-file", str(broken))
    me.refused(r"^Таблица не прочитана: «сломанная\.xlsx»")
    me.shot("broken-spreadsheet")
    me.page.evaluate("importFile(new File([new Uint8Array(100 * 1024 * 1024)], 'огромная.xlsx'))")
    me.refused(r"^Таблица не прочитана: файл больше 5 МБ")

    me.page.click("nav a[data-tab=bank]")
    me.expect("#bank-title").to_be_visible()
    read_only_later(folder)
    before = (folder / "grade2.yaml").read_bytes()
    me.type_word("пенал", 2)
    me.expect("#e-word").to_have_value("п[е]н+ал")
    me.write_definition("Коробочка для ручек и карандашей.")
    me.page.click("#save")
    me.refused(r"^Не сохранено: не удалось записать .* только для чтения")
    me.shot("read-only")
    assert (folder / "grade2.yaml").read_bytes() == before
    me.expect("#undo").to_be_hidden()
    assert not me.errors


def test_the_studio_stopped_in_the_middle_of_a_build(browser, studio, tmp_path):  # noqa: F811
    url, process = studio
    me = Teacher(browser, url, VIEWPORTS["laptop"], "stopped")
    folder = tmp_path / "слова"
    me.start(folder, "Копия встроенного банка")
    me.page.click("nav a[data-tab=print]")
    me.page.click("#build")
    me.expect("a[download='cards.pdf']").to_be_visible(timeout=120_000)
    full = (folder / "печать" / "cards.pdf").read_bytes()
    me.page.fill("#p-copies", "20")  # long enough to be stopped in the middle
    me.page.click("#build")
    me.expect("#build-progress").to_be_visible()
    while me.page.eval_on_selector("#progress", "p => p.value") == 0:  # the cards are being drawn
        me.page.wait_for_timeout(50)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    me.refused(r"^Сборка не закончена: нет связи со студией .* Прежние файлы в папке печати не тронуты")
    me.expect("#build").to_be_enabled()
    me.shot("stopped")
    assert (folder / "печать" / "cards.pdf").read_bytes() == full
    me.page.click("nav a[data-tab=bank]")
    me.page.click("#add-word")
    me.page.fill("#e-word", "м[а]л+ина")
    me.page.check("input[name=stars][value='1']")
    me.write_definition("Красная ягода.")
    me.page.click("#save")
    me.refused(r"^Нет связи со студией: .* Ничего не сохранено")


def test_the_referees_screen_opens_from_the_studio(browser, studio, tmp_path):  # noqa: F811
    url, _ = studio
    me = Teacher(browser, url, VIEWPORTS["tablet"], "play")
    me.start(tmp_path / "слова", "Новая папка с примерами")
    me.page.click("nav a[data-tab=play]")
    me.expect("#play-lan").to_contain_text("slovariki studio --lan")
    with me.context.expect_page() as opened:
        me.page.click("#play-link")
    screen = opened.value
    from playwright.sync_api import expect

    expect(screen.locator("#banner-title")).to_have_text("НОВАЯ ПАРТИЯ", timeout=60_000)  # the game's dictionaries load
    screen.fill("#setup-trump-text", "лопатой")
    screen.click("#setup-trump-find")
    expect(screen.locator("#setup-trump .trump-chosen")).to_contain_text("Козырь: лопата")  # her folder's word
    me.shot("play")


def overflowing(page) -> list[str]:
    """What in the page reaches past the window's right edge or scrolls sideways inside it."""
    return page.evaluate("""() => {
        const width = document.documentElement.clientWidth, found = [];
        if (document.documentElement.scrollWidth > width) found.push(`page ${document.documentElement.scrollWidth} > ${width}`);
        for (const e of document.querySelectorAll('#import-result *')) {
            const box = e.getBoundingClientRect();
            if (box.width && box.right > width + 0.5) found.push(`${e.tagName}.${e.className} right ${Math.round(box.right)}`);
            if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
                found.push(`${e.tagName}.${e.className} scrolls ${e.scrollWidth} > ${e.clientWidth}`);
        }
        return found.slice(0, 8);
    }""")


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_the_import_preview_reads_without_sideways_scrolling(browser, studio, tmp_path, device):  # noqa: F811
    """Every row of the preview, with its place, grade, word, stars, definition and verdict, is read
    within the window's width: on a phone each row is a block of its own, with the column names
    beside the values."""
    url, _ = studio
    me = Teacher(browser, url, VIEWPORTS[device], f"import-{device}")
    me.start(tmp_path / "слова", "Новая папка с примерами")
    me.page.click("nav a[data-tab=import]")
    sheet = workbook(tmp_path / "слова учителя.xlsx", [
        (rich("п{е}тух"), 1, "Домашняя птица с красным гребешком, громко кукарекает и будит всех по утрам."),
        (rich("с{о}р{о}ка"), 1, "Птица с длинным хвостом."),
        ("длинноеслововтаблицебезпробелов", 2, "Слово, которого нет в словаре."),
        (rich("к{а}рт{о}фель"), "много", ""),
    ])
    me.page.set_input_files("#import-file", str(sheet))
    me.expect("#import-result table.import tbody tr").to_have_count(4, timeout=60_000)  # suggest's dictionaries load
    me.expect("#import-result").to_contain_text("уже есть в банке")
    me.shot("preview")
    assert overflowing(me.page) == []
    first = me.page.locator("#import-result table.import tbody tr").first
    text = first.inner_text()
    for said in ("строка 2", "2 класс", "петух", "★", "Домашняя птица", "новое слово"):
        assert said in text, (said, text)
    if device == "phone":  # the columns' names go with the values: nothing is left to guess
        assert "Звёздочки" in text and "Толкование" in text, text
    assert not me.errors


def test_words_naming_a_folder_not_there_yet_fills_the_start_form(browser, tmp_path):  # noqa: F811
    """`slovariki studio --words ПАПКА` for a folder she has not made: the start page, her folder in its
    field and a message saying how to make it; one click makes it."""
    folder = tmp_path / "новые слова"
    with running_studio(tmp_path, "--words", str(folder)) as (url, process):
        me = Teacher(browser, url, VIEWPORTS["phone"], "words-not-there")
        me.expect("#start-title").to_be_visible()
        me.expect("#folder").to_have_value(str(folder))
        me.expect("#status").to_have_text(re.compile(f"^Папки {re.escape(str(folder))} пока нет. Чтобы начать в ней"))
        me.shot("start")
        me.page.click("#start-form button:has-text('Новая папка с примерами')")
        me.expect("#bank-title").to_be_visible()
        assert (folder / "grade1.yaml").is_file()
        assert not me.errors


def test_one_game_is_played_by_one_program_at_a_time(browser, studio, tmp_path):  # noqa: F811
    """The studio's play screen holds the game as `slovariki referee web` does: a referee started on it
    is refused, and while a referee holds it the studio's link opens a page that says so."""
    url, _ = studio
    me = Teacher(browser, url, VIEWPORTS["phone"], "held")
    folder = tmp_path / "слова"
    me.start(folder, "Новая папка с примерами")
    me.page.click("nav a[data-tab=play]")
    with me.context.expect_page() as opened:
        me.page.click("#play-link")
    from playwright.sync_api import expect

    screen = opened.value
    expect(screen.locator("#banner-title")).to_have_text("НОВАЯ ПАРТИЯ", timeout=60_000)  # the game's dictionaries load
    referee = [sys.executable, "-m", "slovariki", "referee", "web", "--session", str(folder / "партия.json"),
               "--words", str(folder), "--port", "0"]
    refused = subprocess.run(referee, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1
    assert re.match(r"Ошибка: партию в .*партия\.json сейчас ведёт другая программа \(студия «Словариков», процесс \d+",
                    refused.stderr), refused.stderr
    assert not (folder / "партия.json").exists()

    screen.close()  # else its next look at the game would take the next folder's game
    other = tmp_path / "другие слова"
    me.page.click("nav a[data-tab=start]")
    me.start(other, "Новая папка с примерами")  # the studio lets the first folder's game go
    holder = subprocess.Popen([*referee[:6], str(other / "партия.json"), "--words", str(other), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = holder.stdout.readline()
        assert first.startswith("Экран судьи: http://127.0.0.1:"), first + holder.stderr.read()
        me.page.click("nav a[data-tab=play]")
        with me.context.expect_page() as opened:
            me.page.click("#play-link")
        tab = opened.value
        expect(tab.locator("h1")).to_have_text("Экран судьи не открыт", timeout=30_000)
        expect(tab.locator("#alert")).to_contain_text("сейчас ведёт другая программа (веб-экран судьи, процесс")
        me.page = tab
        me.shot("refused")
    finally:
        holder.send_signal(signal.SIGINT)
        holder.wait(timeout=20)


def drawn(me: Teacher, selector: str) -> list:
    """The card image's width in pixels as drawn by the studio, and as wide as the page shows it."""
    me.page.wait_for_function("s => { const i = document.querySelector(s); return i && i.complete && i.naturalWidth }",
                              arg=selector)
    return me.page.eval_on_selector(selector, "i => [i.naturalWidth, i.getBoundingClientRect().width]")


@pytest.mark.parametrize("device", ["laptop", "phone"])
def test_the_cards_are_drawn_at_the_card_size_chosen_for_print(browser, studio, tmp_path, device):  # noqa: F811
    """«Размер карты» in the print form redraws the sample card there, the bank's cards and the word
    form's card at that size, each shown smaller on the page as it is on paper; a definition that does
    not fit that size is said, as build-deck says it, where its card would be."""
    url, _ = studio
    me = Teacher(browser, url, VIEWPORTS[device], f"size-{device}")
    me.start(tmp_path / "слова", "Новая папка с примерами")
    sorokas = "img[alt='Карточка «сорока»']"
    natural, shown = drawn(me, f"#grades {sorokas}")
    assert natural == 273  # 63 mm at the preview's 110 dpi: build-deck's default, not kept between visits
    me.shot("bank-poker")
    me.page.click("nav a[data-tab=print]")
    me.expect("#p-size").to_have_value("poker")
    me.expect("#p-sample-says").to_contain_text("63×88 мм")
    sample = drawn(me, "#p-sample-card img")
    assert sample[0] == 273
    me.shot("print-poker")

    me.page.select_option("#p-size", "mini")
    me.expect("#p-sample-says").to_contain_text("44×63 мм")
    me.page.wait_for_function("() => document.querySelector('#p-sample-card img')?.naturalWidth === 191")
    assert abs(drawn(me, "#p-sample-card img")[1] - sample[1] * 44 / 63) < 1
    me.shot("print-mini")
    me.page.click("nav a[data-tab=bank]")
    me.page.wait_for_function("s => document.querySelector(s)?.naturalWidth === 191", arg=f"#grades {sorokas}")
    assert abs(drawn(me, f"#grades {sorokas}")[1] - shown * 44 / 63) < 1
    me.shot("bank-mini")
    me.page.click("tr[data-word='сорока'] button:has-text('Изменить')")
    me.page.wait_for_function("() => document.querySelector('#e-card')?.naturalWidth === 191")
    me.shot("word-form-mini")
    me.page.click("#cancel-edit")

    # Long words fit a poker card, not a mini one: the draft says why, and once saved every card does.
    me.type_word("пенал", 2)
    me.expect("#e-word").not_to_have_value("")
    me.write_definition("Достопримечательность, электрофотографирование, высококвалифицированный, переосвидетельствование.")
    me.expect("#e-card-note.finding").to_have_text(
        re.compile(r"^Карточки 44×63 мм не напечатать: толкование слова «пенал» не помещается на карту"))
    me.expect("#e-card").to_be_hidden()
    me.shot("word-form-too-long")
    me.save_only("пенал")
    me.expect("tr[data-word=пенал] .card-cell").to_have_text("Не напечатать в этом размере")  # in view: drawn
    me.expect("#problems [data-size]").to_have_count(1)
    me.expect("#problems [data-size]").to_contain_text("толкование слова «пенал» не помещается на карту")
    me.shot("bank-mini-too-long")
    me.page.click("nav a[data-tab=print]")
    me.expect("#p-sample-says .finding").to_contain_text("толкование слова «пенал» не помещается на карту")
    me.shot("print-mini-too-long")
    me.page.select_option("#p-size", "poker")
    drawn(me, "#p-sample-card img")
    me.page.click("nav a[data-tab=bank]")
    me.expect("#grades .undrawn").to_have_count(0)
    me.expect("#problems [data-size]").to_have_count(0)
    assert drawn(me, f"#grades {sorokas}") == [natural, shown]
    assert not me.errors
