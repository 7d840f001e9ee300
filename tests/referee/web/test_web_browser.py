"""The table screen in a real headless Chromium (Debian's package, driven by Playwright): a short game
played by tapping, with a word typed in another form, a typo, a card picked from the deck, a choice
of action, a refusal, an undo and a reload of the page in the middle, to the end-of-game summary.

Set SLOVARIKI_SCREENSHOTS=folder to keep screenshots of the main moments (colour and greyscale).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from slovariki.referee import session
from slovariki.referee.notation import render
from slovariki.referee.texts import summary_lines
from web.browser import browser  # noqa: F401 - the fixture

VIEWPORTS = {"phone": (360, 740), "tablet": (1024, 768)}
PORTRAIT_TABLET = (820, 1180)
# Records what the page asks the browser to read aloud, and lets it read.
SPEECH_SPY = """
window.__spoken = [];
if (window.speechSynthesis) {
  const speak = speechSynthesis.speak.bind(speechSynthesis);
  speechSynthesis.speak = (u) => { window.__spoken.push({text: u.text, lang: u.lang}); speak(u); };
}
"""


@pytest.fixture
def server(tmp_path, picture_bank):
    """`slovariki referee web` as a user starts it, on any free port; stopped with Ctrl+C."""
    path = tmp_path / "game.json"
    process = subprocess.Popen([sys.executable, "-m", "slovariki", "referee", "web", "--session", str(path),
                                "--words", str(picture_bank), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline()
    assert first.startswith("Экран судьи: http://127.0.0.1:"), first + process.stderr.read()
    try:
        yield first.split(": ", 1)[1].strip(), path
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert f"Партия сохранена в {path}" in out


class Table:
    """The page, tapped as a person at the table would."""

    def __init__(self, page, url: str, shots: Path | None, name: str) -> None:
        self.page, self.url, self.shots, self.name = page, url, shots, name
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        # A refused move is a 4xx answer, which the console reports as a failed load: not an error here.
        page.on("console", lambda msg: msg.type == "error" and "Failed to load resource" not in msg.text
                and self.errors.append(msg.text))
        page.on("response", lambda r: (r.status in (403, 404) or r.status >= 500) and self.errors.append(
            f"{r.url}: {r.status}"))
        page.on("requestfailed", lambda request: self.errors.append(f"{request.url}: {request.failure}"))

    def expect(self, selector: str):
        from playwright.sync_api import expect

        return expect(self.page.locator(selector))

    def shot(self, moment: str, as_seen: bool = False) -> None:
        """The whole page from its top; ``as_seen``: just the screen, as the player sees it now."""
        if self.shots is None:
            return
        from PIL import Image

        path = self.shots / f"{self.name}-{moment}.png"
        if not as_seen:
            self.page.evaluate("window.scrollTo(0, 0)")  # the sticky banner at the top, as a person sees it
        self.page.screenshot(path=str(path), full_page=not as_seen)
        Image.open(path).convert("L").save(self.shots / f"{self.name}-{moment}-grey.png")

    def tap(self, selector: str, api: str | None = None) -> dict | None:
        """Tap; when the tap asks the referee something, wait for its answer and return it."""
        if api is None:
            self.page.locator(selector).click()
            return None
        with self.page.expect_response(lambda r: f"/api/{api}" in r.url) as response:
            self.page.locator(selector).click()
        answer = response.value.json()
        self.page.wait_for_function("(t) => document.getElementById('banner-title').textContent === t",
                                    arg=answer["game"]["banner"]["title"] if answer.get("game") else "НОВАЯ ПАРТИЯ")
        return answer

    def type_card(self, text: str, api: str = "find") -> dict | None:
        self.page.fill("#find-text", text)
        return self.tap("#find-form button[type=submit]", api)

    def pick(self, word: str, tab: str, api: str | None = None) -> dict | None:
        """Open the deck picker, the card's tab (its colour), the card; ``api`` when that tap plays it."""
        self.tap("#pick-card", "hand")
        self.tap(f'#picker-tabs .tab[data-key="{tab}"]')
        return self.tap(f'#picker-list .card-row[data-word="{word}"]', api)

    def banner(self) -> str:
        return self.page.inner_text("#banner-title")


    def answer_in_view(self) -> dict:
        """Where the answer stands: it must be wholly on the screen, below the sticky banner."""
        box = self.page.evaluate("""() => {
            const r = document.getElementById('notice').getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, banner: document.getElementById('banner').getBoundingClientRect().bottom,
                    height: window.innerHeight, hidden: document.getElementById('notice').hidden};
        }""")
        assert not box["hidden"] and box["top"] >= box["banner"] - 1 and box["bottom"] <= box["height"] + 1, box
        return box


def _screenshots(name: str) -> Path | None:
    folder = os.environ.get("SLOVARIKI_SCREENSHOTS")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder)


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_game_played_by_tapping(browser, server, device):
    url, path = server
    width, height = VIEWPORTS[device]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="ru-RU", has_touch=True)
    context.add_init_script(SPEECH_SPY)
    page = context.new_page()
    table = Table(page, url, _screenshots(device), device)
    page.goto(url)

    # Set-up on the page: players in seating order, the trump typed in another form.
    table.expect("#banner-title").to_have_text("НОВАЯ ПАРТИЯ")
    page.wait_for_load_state("networkidle")
    table.expect("body").to_have_css("font-family", re.compile("^Roboto"))
    assert page.evaluate("document.fonts.check('700 20px Roboto')")  # the cards' font, served by the package
    names = page.locator("#setup-players input")
    names.nth(0).fill("Боря")
    names.nth(1).fill("Аня")
    page.locator('#setup-players li:nth-child(1) button[aria-label^="ниже"]').click()  # Аня sits first
    assert [names.nth(i).input_value() for i in range(2)] == ["Аня", "Боря"]
    page.fill("#setup-trump-text", "лопатой")
    table.tap("#setup-trump-find", "deck")
    table.expect("#setup-trump .trump-chosen").to_contain_text("Козырь: лопата")
    table.expect("#setup-first-question").to_have_text("Кто самый младший?")
    table.expect("#setup-holder-box").to_be_hidden()  # a stock is left: the trump card lies under it
    table.expect("#setup-first button.selected").to_have_count(0)  # nobody is chosen for the table …
    page.locator("#setup-form button[type=submit]").click()
    table.expect("#notice").to_contain_text("Скажите, кто заходит первым: нажмите на имя.")
    table.expect("#setup-first-box").to_have_class(re.compile("missing"))
    assert not path.exists()
    table.shot("setup-unanswered")
    page.locator('#setup-first button:has-text("Аня")').click()  # … the players say it
    table.expect("#notice").to_be_hidden()
    table.expect("#setup-first-box").not_to_have_class(re.compile("missing"))
    table.expect("#setup-first button.selected").to_have_text("Аня")
    table.shot("setup")
    table.tap("#setup-form button[type=submit]", "new")
    table.expect("#banner-doing").to_have_text("заходить")
    table.expect("#players .player.selected .player-name").to_have_text("Аня")  # whose move it is

    # Аня leads «корову»: one card, one action: played at once; its definition, read aloud.
    answer = table.type_card("корову", "move")
    assert answer["ok"] and answer["said"] == ["Аня: заходит с карты «корова»."]
    table.expect("#notice").to_contain_text("✓Аня: заходит с карты «корова».")
    table.expect("#banner-title").to_have_text("ХОДИТ БОРЯ")
    table.expect("#banner-doing").to_have_text("бить, переводить или брать")
    table.expect("#played .played-definition").to_have_text("Домашнее животное.")
    table.tap("#btn-read")
    assert page.evaluate("window.__spoken") == [{"text": "корова", "lang": "ru-RU"}]

    # Боря picks «ребята» from the deck (the list shows the cards' pictures): it may beat or
    # transfer, so the page asks; he transfers.
    table.tap("#pick-card", "hand")
    table.expect("#picker-title").to_have_text("Какую карту кладёт Боря?")
    table.tap('#picker-tabs .tab[data-key="green"]')
    table.expect('#picker-list .card-row[data-word="собака"] .row-picture img').to_have_attribute(
        "src", "pictures/dog.svg")
    page.wait_for_function("[...document.querySelectorAll('#picker-list img')].every(i => i.complete && i.naturalWidth)")
    table.shot("picker")
    table.tap('#picker-list .card-row[data-word="ребята"]')
    table.expect("#choice .choice-question").to_have_text("Что делает Боря?")
    assert page.locator("#choice button.action").all_inner_texts() == ["Побить карту «корова»", "Перевести"]
    table.shot("choice")
    table.tap('#choice button.action:has-text("Перевести")', "move")
    table.expect("#banner-title").to_have_text("ХОДИТ АНЯ")

    # … and takes it back.
    table.tap("#btn-undo", "undo")
    table.expect("#notice").to_contain_text("Отменён ход: Боря: переводит картой «ребята».")
    table.expect("#banner-title").to_have_text("ХОДИТ БОРЯ")
    assert len(session.load(path).state.log) == 1

    # A reload in the middle: the game is the server's, nothing is lost.
    page.reload()
    table.expect("#banner-title").to_have_text("ХОДИТ БОРЯ")
    table.expect("#table .card").to_have_count(1)
    table.expect('#table .card[data-word="корова"]').to_have_count(1)

    table.type_card("ребятами")
    table.tap('#choice button.action:has-text("Побить карту «корова»")', "move")
    table.expect("#banner-doing").to_have_text("подкидывать или сказать «пас»")

    # A refusal: the rule's number, the reason in plain words, the rule's text; nothing changes.
    before = path.read_bytes()
    answer = table.type_card("сорокой", "move")
    assert answer["ok"] is False
    table.expect("#notice .notice-head").to_have_text(
        "✗Аня не может подкинуть карту «сорока» (правило 9): у карт «сорока» и «ребята» нет общей сложной буквы "
        "(сложные буквы в слове «ребята»: е).")
    table.expect("#notice .rule-text summary").to_have_text("Правило 9. Подкидывание")
    table.expect("#notice .rule-body").to_contain_text("Право подкинуть сначала у заходящего")
    table.expect("#table .card").to_have_count(2)
    assert path.read_bytes() == before
    table.shot("refusal")

    table.type_card("петуха", "move")
    # The cards as printed: a picture in the window, or the suit drawn large; the hard letters in
    # the corner index under the stars.
    cow = '#table .card[data-word="корова"]'
    assert page.locator(f"{cow} .window img.picture").evaluate("img => img.complete && img.naturalWidth > 0")
    table.expect(f"{cow} .index.top .letters").to_have_text("о")
    table.expect('#table .card[data-word="петух"] .window svg.emblem').to_have_count(1)
    table.expect('#table .card[data-word="петух"] .index.bottom .letters').to_have_text("е")
    # A typo: the referee suggests the nearest word, one tap takes it.
    table.type_card("машну")
    table.expect("#choice .choice-message").to_have_text("Нет карты «машну». Может быть, «машина»?")
    table.tap('#choice .card-button:has([data-word="машина"])', "move")
    table.expect("#notice").to_contain_text("Боря: бьёт карту «петух» картой «машина».")
    table.tap("#btn-pass", "move")
    table.expect("#notice").to_contain_text("Бито: карты со стола уходят в отбой.")
    table.expect("#banner-title").to_have_text("ХОДИТ БОРЯ")
    table.expect("#status .count:nth-child(1) .value").to_have_text("0")  # the stock is drawn
    table.shot("bout-2")

    # Боря leads «медведь», Аня takes it: a word to review at the end.
    table.pick("медведь", "green", "move")
    table.tap("#btn-take", "move")
    table.expect("#notice").to_contain_text("Аня забирает со стола 1 карту.")

    # From here on the players play cards they hold: any legal card, tapped in the deck picker.
    moves = len(session.load(path).state.log)
    while table.banner() != "ИГРА ОКОНЧЕНА":
        mover = page.locator("#players .player.selected .player-name").inner_text()
        hand = page.request.get(f"{url}api/hand", params={"player": mover}).json()
        playable = [entry for entry in hand["cards"] if entry["actions"][0]["legal"]]
        if playable:
            entry = playable[0]
            card, actions = entry["card"], entry["actions"]
            tab = "known" if entry["known"] else card["colour"]  # a card known to be in the hand has its own tab
            if len(actions) == 1:
                answer = table.pick(card["word"], tab, "move")
            else:
                table.pick(card["word"], tab)
                answer = table.tap(f'#choice button.action:has-text("{actions[0]["label"]}")', "move")
        else:
            doing = page.inner_text("#banner-doing")
            answer = table.tap("#btn-take" if doing.endswith("брать") else "#btn-pass", "move")
        assert answer["ok"], answer
        moves += 1
        assert moves < 80, "the game did not end"

    table.expect("#summary .result").to_contain_text("Победитель — ")

    table.expect("#card-step").to_be_hidden()
    table.shot("end")
    saved = session.load(path)
    assert saved.finished() and len(saved.state.log) == moves
    lines = summary_lines(saved.summary(), saved.names, saved.state.rules)
    shown = page.locator("#summary .summary-line").all_inner_texts()
    assert [line.replace("\u00a0", " ") for line in shown] == lines
    # set as the print sets text: no line begins with a dash or ends with a number or a short word
    assert "\u00a0—" in shown[0] and shown[0].endswith("\u00a0" + lines[0].rsplit(" ", 1)[1])
    assert lines[0].startswith("Итоги партии: заходов — ")
    review = [str(card) for card, _ in saved.summary().taken]
    assert page.locator("#summary .review .card").evaluate_all("cards => cards.map(c => c.dataset.word)") == review
    # The game record, asked for when it is opened (the state does not carry it).
    record = page.locator("#summary details.record pre")
    table.expect("#summary details.record pre").to_be_hidden()
    with page.expect_response(lambda r: "/api/record" in r.url):
        page.locator("#summary details.record summary").click()
    table.expect("#summary details.record pre").to_contain_text("# Запись партии (slovariki referee)")
    assert record.evaluate("pre => pre.textContent") == render(saved)
    table.shot("record")
    assert table.errors == []
    context.close()


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_six_players_of_durak_say_who_holds_the_trump_card(browser, server, device):
    """Six share the 36 cards: the page asks, as the REPL does, who was dealt the face-up trump card,
    and who starts; neither is chosen for the players."""
    url, path = server
    width, height = VIEWPORTS[device]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="ru-RU", has_touch=True)
    page = context.new_page()
    table = Table(page, url, _screenshots(device), f"{device}-six")
    page.goto(url)
    table.expect("#banner-title").to_have_text("НОВАЯ ПАРТИЯ")
    for _ in range(4):
        page.locator("#add-player").click()
    names = ["Аня", "Боря", "Вика", "Гоша", "Даша", "Егор"]
    for i, name in enumerate(names):
        page.locator("#setup-players input").nth(i).fill(name)
    table.expect("#add-player").to_be_disabled()  # six at most
    page.locator('#setup-rules button:has-text("Подкидной дурак")').click()
    table.expect("#setup-grades-box").to_be_hidden()
    page.fill("#setup-trump-text", "7ч")
    table.tap("#setup-trump-find", "deck")
    table.expect("#setup-trump .trump-chosen").to_contain_text("Козырь: 7♥")
    table.expect("#setup-holder-question").to_have_text("Кому досталась последняя карта — открытый козырь 7♥?")
    table.expect("#setup-holder button.selected").to_have_count(0)
    page.locator("#setup-form button[type=submit]").click()
    table.expect("#notice").to_contain_text("Скажите, кому досталась последняя карта — открытый козырь")
    page.locator('#setup-holder button:has-text("Боря")').click()
    table.expect("#setup-first-question").to_have_text("У кого самый младший козырь?")
    table.expect("#setup-first-nobody").to_have_count(0)  # the holder of the trump card has one (QA2 #12)
    page.locator('#setup-first button:has-text("Даша")').click()
    table.shot("setup")
    answer = table.tap("#setup-form button[type=submit]", "new")
    assert answer["ok"], answer
    table.expect("#banner-title").to_have_text("ХОДИТ ДАША")
    table.expect("#status .trump-words .small").to_have_text("сдан последним")
    table.expect("#players .player").to_have_count(6)
    assert session.load(path).setup.trump_holder == "Боря"

    # Даша cannot play the card Боря holds; she leads another.
    answer = table.type_card("7ч", "move")
    assert answer["ok"] is False and answer["code"] == "card-not-available"
    table.expect("#notice .notice-head").to_contain_text("Даша не может зайти с карты «7♥»")
    table.type_card("6п", "move")
    table.expect("#banner-title").to_have_text("ХОДИТ ЕГОР")
    # Classic durak says «бито» where «Словарики» say «пас» (rule D3): the buttons too.
    table.expect("#btn-pass").to_have_text("бито")
    table.type_card("8п", "move")
    table.expect("#banner-title").to_have_text("ХОДИТ ДАША")
    table.expect("#banner-doing").to_have_text("подкидывать или сказать «бито»")
    table.expect("#btn-pass-all").to_have_text("все бито")
    table.shot("game")
    assert table.errors == []
    context.close()


def _open(browser, url: str, device: str, name: str, clock: bool = False):
    width, height = VIEWPORTS.get(device, PORTRAIT_TABLET)
    context = browser.new_context(viewport={"width": width, "height": height}, locale="ru-RU", has_touch=True)
    page = context.new_page()
    if clock:  # this screen's timers run only when the test says: it cannot follow the game by itself
        page.clock.install()
    table = Table(page, url, _screenshots(name), name)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    if clock:
        page.clock.pause_at(datetime.now() + timedelta(seconds=1))
    return context, page, table


@pytest.mark.parametrize("device", [*VIEWPORTS, "portrait-tablet"])
def test_the_answer_is_in_view_after_a_refusal_a_take_and_a_refill(browser, server, device):
    """Issue 21 §1: after every answer the ✓/✗ line, the reason and «Добирают из колоды» stand where
    the player looks, wholly on the screen, below the banner; «все пас» as in the REPL; the trump's
    word readable."""
    url, path = server
    context, page, table = _open(browser, url, device, f"{device}-answer")
    table.expect("#banner-title").to_have_text("НОВАЯ ПАРТИЯ")
    assert page.request.post(f"{url}api/new", data={"players": ["Аня", "Боря"], "trump": "лопата",
                                                    "first": "Аня", "rules": "slovariki"}).ok
    page.reload()
    table.expect("#banner-title").to_have_text("ХОДИТ АНЯ")
    # The trump's word is written beside its small card, large enough to read; nothing there is smaller.
    table.expect("#status .trump-word").to_have_text("лопата")
    smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('#status *')]
        .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
        .filter((e) => getComputedStyle(e).visibility === 'visible' && e.getClientRects().length)
        .map((e) => parseFloat(getComputedStyle(e).fontSize)))""")
    assert smallest >= 11

    table.type_card("корова", "move")
    table.answer_in_view()
    # A refusal: Боря may not say «пас» to a card he has not beaten.
    page.locator('#players .player:has-text("Боря")').click()
    answer = table.tap("#btn-pass", "move")
    assert answer["ok"] is False
    table.expect("#notice.refused").to_contain_text("Боря не может")
    table.answer_in_view()
    table.shot("refusal", as_seen=True)
    # A take, and the refill that follows it.
    answer = table.tap("#btn-take", "move")
    assert answer["ok"], answer
    table.expect("#notice").to_contain_text("Боря забирает со стола 1 карту.")
    table.expect("#notice").to_contain_text("Добирают из колоды: Аня 1.")
    table.answer_in_view()
    table.shot("take", as_seen=True)
    # Аня leads «сорока», Боря beats it with «ребята» (the REPL's game), then «все пас»: the bout
    # ends, Аня draws from the stock (Боря, who took, has enough).
    table.expect("#btn-pass-all").to_be_hidden()
    table.expect("#players .player.selected .player-name").to_have_text("Аня")
    table.type_card("сорока", "move")
    table.type_card("ребятами")
    table.tap('#choice button.action:has-text("Побить карту «сорока»")', "move")
    table.expect("#btn-pass-all").to_be_visible()
    table.expect("#btn-pass").to_have_text("пас")
    table.expect("#btn-pass-all").to_have_text("все пас")
    answer = table.tap("#btn-pass-all", "pass-all")
    assert answer["ok"], answer
    assert answer["said"][:2] == ["Аня: пас.", "Бито: карты со стола уходят в отбой."]
    table.expect("#notice").to_contain_text("Добирают из колоды: Аня 1.")
    table.answer_in_view()
    table.shot("refill", as_seen=True)
    table.expect("#btn-pass-all").to_be_hidden()
    assert len(session.load(path).state.log) == 5
    assert table.errors == []
    context.close()


def test_two_screens_follow_one_game_and_an_outdated_one_changes_nothing(browser, server):
    """Issue 21 §2: a tablet and a phone on one game. A move on one shows on the other within the
    follow interval; a tap on a screen that has not seen the latest move is refused in a plain
    sentence, with the game as it is now, and never applied («отмена» from a stale tab once undid the
    other's move)."""
    url, path = server
    tablet_context, tablet, first = _open(browser, url, "tablet", "two-tablet")
    assert tablet.request.post(f"{url}api/new", data={"players": ["Аня", "Боря"], "trump": "лопата", "first": "Аня",
                                                      "rules": "slovariki"}).ok
    tablet.reload()
    phone_context, phone, second = _open(browser, url, "phone", "two-phone", clock=True)
    second.expect("#banner-title").to_have_text("ХОДИТ АНЯ")

    first.type_card("корова", "move")  # on the tablet
    first.expect("#banner-title").to_have_text("ХОДИТ БОРЯ")
    # The phone has not looked yet: Аня's «собака» from there is refused, not played on the new table.
    answer = second.type_card("собака", "move")
    assert answer["ok"] is False and answer["code"] == "stale"
    second.expect("#notice.refused").to_contain_text("Пока вы выбирали, партию изменили на другом экране, и этот ход не принят.")
    second.expect("#banner-title").to_have_text("ХОДИТ БОРЯ")  # the fresh game came with the refusal
    second.expect('#table .card[data-word="корова"]').to_have_count(1)
    second.answer_in_view()
    second.shot("stale", as_seen=True)
    assert len(session.load(path).state.log) == 1

    # Боря takes on the tablet; the phone follows by itself within the interval.
    first.tap("#btn-take", "move")
    with phone.expect_response(lambda r: "/api/state?since=" in r.url):
        phone.clock.run_for(2100)
    second.expect("#banner-title").to_have_text("ХОДИТ АНЯ")
    second.expect("#notice .notice-head").to_have_text("✓На другом экране: Боря: берёт.")
    lines = [line.replace("\u00a0", " ") for line in phone.locator("#notice .line").all_inner_texts()]
    assert lines[:2] == ["Боря забирает со стола 1 карту.", "Добирают из колоды: Аня 1."]
    second.expect("#table .card").to_have_count(0)

    # The tablet leads again; an «отмена» from the phone before it follows undoes nothing.
    first.type_card("сорока", "move")
    first.expect("#banner-title").to_have_text("ХОДИТ БОРЯ")
    moves = len(session.load(path).state.log)
    answer = second.tap("#btn-undo", "undo")
    assert answer["ok"] is False and answer["code"] == "stale"
    assert len(session.load(path).state.log) == moves
    second.expect("#banner-title").to_have_text("ХОДИТ БОРЯ")
    # While nothing changes, following costs a few bytes a time.
    with phone.expect_response(lambda r: "/api/state?since=" in r.url) as polled:
        phone.clock.run_for(2100)
    assert polled.value.json() == {"ok": True, "same": True, "tag": answer["tag"]}
    assert first.errors == [] and second.errors == []
    phone_context.close()
    tablet_context.close()


def test_a_look_at_the_game_that_returns_after_this_screens_own_move_keeps_its_answer(browser, server):
    """The screen asks every few seconds whether the game changed; when that question is answered
    only after this screen's own move (a slow network, a busy machine), the answer is the game this
    screen already shows: the move's ✓ stays, not «Партию изменили на другом экране»."""
    url, path = server
    context, page, table = _open(browser, url, "phone", "own-move-race", clock=True)
    assert page.request.post(f"{url}api/new", data={"players": ["Аня", "Боря"], "trump": "лопата", "first": "Аня",
                                                    "rules": "slovariki"}).ok
    page.reload()
    table.expect("#banner-title").to_have_text("ХОДИТ АНЯ")
    held = []
    page.route("**/api/state?since=*", lambda route: held.append(route))  # the look is sent, its answer waits
    with page.expect_request(lambda r: "/api/state?since=" in r.url):
        page.clock.run_for(2100)
    for _ in range(100):  # the route's handler runs as Playwright hands out its events
        if held:
            break
        page.wait_for_timeout(20)
    assert len(held) == 1
    table.type_card("корова", "move")
    table.expect("#notice .notice-head").to_have_text("✓Аня: заходит с карты «корова».")
    with page.expect_response(lambda r: "/api/state?since=" in r.url):
        held[0].continue_()
    page.wait_for_timeout(300)
    table.expect("#notice .notice-head").to_have_text("✓Аня: заходит с карты «корова».")
    assert table.errors == []
    context.close()
