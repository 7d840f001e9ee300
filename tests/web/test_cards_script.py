"""The shared card-drawing script (slovariki/web/static/cards.js) in a real browser."""

from __future__ import annotations

from pathlib import Path

from web.browser import browser  # noqa: F401 - the fixture


def test_the_page_binds_short_words_as_the_print_does(browser):
    """The page's typeset() and the print's bind() (generator/fit.py) agree on every definition of the
    bundled bank and on the referee's sentences: the same spaces do not break."""
    from slovariki.generator import fit
    from slovariki.bank.wordlist import load_bank

    from slovariki import web

    cards_js = Path(web.__file__).parent / "static" / "cards.js"
    texts = [card.definition for card in load_bank().deck] + [
        "Итоги партии: заходов — 8, переводов — 0.", "Брали карты со стола: Аня — 2 раза (6 карт).",
        "Первым заходит самый младший игрок (правило 4).", "Тот, кто сегодня следит за порядком в классе."]
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="ru-RU")
    page = context.new_page()
    page.add_script_tag(content=cards_js.read_text(encoding="utf-8"))
    typeset = page.evaluate("(texts) => texts.map(typeset)", texts)
    assert typeset == [" ".join(unit.replace(" ", fit.NBSP) for unit in fit.bind(text.split())) for text in texts]
    context.close()
