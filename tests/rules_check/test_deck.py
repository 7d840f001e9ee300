"""Deck rules checks: transfer classes, toss-in partners, beating, capacity and balance."""

from __future__ import annotations

import json

from slovariki.markup import Markup
from slovariki.model import Card, Deck, Source
from slovariki.rules_check.checker import advice_lines
from slovariki.rules_check.deck import check_deck


def made(word: str, grade: int, stars: int, hard: str, line: int = 1) -> Card:
    """A card whose hard letters are the positions of ``hard``'s letters in ``word``."""
    groups = tuple((word.index(letter), word.index(letter) + 1) for letter in hard)
    return Card(Markup(word, groups, ()), grade, stars, "слово для теста", Source(f"grade{grade}.yaml", line, 5))


def full_deck(extra=()) -> Deck:
    """Two colours, every class of three cards, each card linked to the 9 of the other colour by «о»."""
    cards = [made(f"о{'бвг'[stars - 1]}{'джз'[k]}{'кл'[grade - 1]}", grade, stars, "о")
             for grade in (1, 2) for stars in (1, 2, 3) for k in range(3)]
    return Deck.of(cards + list(extra))


def codes(report) -> list[str]:
    return sorted(d.code for d in report.diagnostics)


def test_a_sound_deck_has_no_errors_and_reports_its_figures():
    report = check_deck(full_deck())
    assert not [d for d in report.diagnostics if d.is_error]
    figures = report.figures
    assert figures["cards"] == 18 and figures["capacity"] == 2  # R2: 6 × 2 + 1 ≤ 18 < 6 × 3 + 1
    assert figures["transfer"]["failing"] == []
    assert figures["toss_in"]["min"] == 9 and figures["toss_in"]["links"] == {"green-blue": ["о"]}
    assert figures["beating"]["unbeatable"] == []
    assert figures["colours"]["green"] == {"cards": 9, "stars": {"1": 3, "2": 3, "3": 3}}
    json.dumps(figures)  # JSON-ready


def test_too_small_a_deck_is_an_error_and_capacity_follows_r2():
    report = check_deck(Deck.of(list(full_deck())[:12]))
    assert report.figures["capacity"] == 0 and "deck-too-small" in codes(report)
    report = check_deck(full_deck())
    assert "deck-too-small" not in codes(report) and "deck-capacity" in codes(report)
    assert check_deck(full_deck([made(f"о{a}{b}", 1, 1, "о") for a in "пр" for b in "стфхцч"]))\
        .figures["capacity"] == 4


def test_a_class_of_one_card_has_no_transfer_partner():
    lonely = made("ошш", 1, 3, "о", line=42)
    cards = [c for c in full_deck() if not (c.grade == 1 and c.stars == 3)] + [lonely]
    report = check_deck(Deck.of(cards))
    failing = [d for d in report.diagnostics if d.code == "deck-no-transfer-partner"]
    assert len(failing) == 1 and "«ошш»" in failing[0].message and failing[0].line == 42
    assert report.figures["transfer"]["failing"] == [{"colour": "green", "stars": 3, "cards": 1}]
    # The only green 3-star card is beaten by no other green card either (R7).
    assert report.figures["beating"]["unbeatable"] == ["ошш"]
    assert "правило 8" in failing[0].message


def test_toss_in_partners_come_from_other_colours_only():
    loner = made("эщ", 1, 1, "щ")   # no other card has щ: an error
    rare = made("эц", 1, 1, "ц")    # one blue card shares ц: a warning
    partner = made("юц", 2, 1, "ц")
    report = check_deck(full_deck([loner, rare, partner]))
    assert report.figures["toss_in"]["without"] == ["эщ"]
    assert report.figures["toss_in"]["few"] == ["эц", "юц"]
    assert codes(report).count("deck-no-toss-partner") == 1
    assert codes(report).count("deck-few-toss-partners") == 2
    assert report.figures["toss_in"]["letters"]["ц"] == {"green": 1, "blue": 1}


def test_one_colour_has_no_toss_partners_by_definition():
    report = check_deck(Deck.of(c for c in full_deck() if c.grade == 1))
    assert "deck-one-colour" in codes(report) and "deck-no-toss-partner" not in codes(report)
    tips = advice_lines(report)
    assert not any("подкидывание" in tip for tip in tips) and any(tip.startswith("все карты одного класса") for tip in tips)


def test_the_advice_names_the_cards_with_few_toss_in_partners():
    report = check_deck(full_deck([made("эщ", 1, 1, "щ"), made("эц", 1, 1, "ц"), made("юц", 2, 1, "ц")]))
    (toss,) = [tip for tip in advice_lines(report) if tip.startswith("подкидывание (правило 9)")]
    assert "у карт «эщ», «эц», «юц» мало общих сложных букв с картами других классов" in toss
    assert not [tip for tip in advice_lines(check_deck(full_deck())) if tip.startswith("подкидывание")]


def test_every_deck_has_every_figure_the_advice_reads():
    """advice_lines reads the figures directly: an empty deck and a one-card deck have them all too."""
    for deck in (Deck.of(()), Deck.of([made("эщ", 1, 1, "щ")]), full_deck()):
        report = check_deck(deck)
        assert set(report.figures) == {"cards", "capacity", "colours", "transfer", "toss_in", "beating"}
        assert {"without", "few"} <= set(report.figures["toss_in"])
        advice_lines(report)


def test_balance_warnings():
    report = check_deck(full_deck())
    assert "deck-colour-balance" not in codes(report)
    assert "deck-star-spread" in codes(report)  # classes of 3 cards are below 6
    report = check_deck(full_deck([made(f"о{a}{b}", 1, 1, "о") for a in "пр" for b in "стф"]))
    assert "deck-colour-balance" in codes(report)  # blue 9 against green 15


def test_text_summary_names_the_numbers():
    text = "\n".join(check_deck(full_deck()).as_text_lines())
    assert "Колода: 18 карт" in text and "(групп по цвету и звёздочкам: 6)" in text and "зелёный ↔ голубой: о" in text


def test_messages_name_the_card_kind_in_plain_russian():
    lonely = made("ошш", 1, 3, "о")
    report = check_deck(Deck.of([c for c in full_deck() if not (c.grade == 1 and c.stars == 3)] + [lonely]))
    messages = {d.code: d.message for d in report.diagnostics}
    assert "единственная зелёная карта с 3 звёздочками:" in messages["deck-no-transfer-partner"]
    assert "без пары остались: зелёная карта с 3 звёздочками." in "\n".join(report.as_text_lines())
    spread = [d.message for d in report.diagnostics if d.code == "deck-star-spread"]
    assert "в цвете «зелёный» карт с 3 звёздочками: 1, а нужно хотя бы 6" in spread


def test_an_empty_deck_reports_only_its_size():
    assert check_deck(Deck.of([])).as_text_lines() == ["Колода: 0 карт, не хватает даже на двух игроков (правило 2)."]


def test_check_command_reports_the_deck(tmp_path):
    from click.testing import CliRunner

    from slovariki.cli import main

    result = CliRunner().invoke(main, ["check", "--format", "json"])
    body = json.loads(result.output)
    deck = body["deck"]
    assert deck["cards"] == body["cards"] and deck["capacity"] == 6
    assert set(deck) == {"cards", "capacity", "colours", "transfer", "toss_in", "beating"}
    codes_found = {d["code"] for d in body["diagnostics"] if d["code"].startswith("deck-")}
    assert codes_found <= {"deck-no-toss-partner", "deck-few-toss-partners", "deck-star-spread",
                           "deck-colour-balance", "deck-no-transfer-partner", "deck-unbeatable"}
    text = CliRunner().invoke(main, ["check", "--grades", "1,2"]).output
    assert "хватает на 6 игроков" in text and "зелёный ↔ голубой:" in text
    plain = CliRunner().invoke(main, ["check", "--no-deck", "--format", "json"]).output
    assert json.loads(plain)["deck"] is None


def test_the_deck_checks_of_a_large_bank_need_memory_in_proportion_to_it():
    """Toss-in partners were a mask of every card per card: 100,000 words needed 1.5 GB. Cards with the
    same hard letters now share one mask: three times the cards, about three times the memory."""
    import itertools
    import tracemalloc

    letters = "бвгджзклмнпрстфхцчш"
    words = ["о" + "".join(p) for p in itertools.islice(itertools.product(letters, repeat=4), 12_000)]

    def peak(size: int) -> int:
        deck = Deck.of(made(word, 1 + i % 4, 1 + i // 4 % 3, "о" + word[1 + i % 2]) for i, word in enumerate(words[:size]))
        tracemalloc.start()
        report = check_deck(deck)
        used = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert report.figures["toss_in"]["min"] == size * 3 // 4  # every card of the other colours shares «о»
        return used

    ratio = peak(12_000) / peak(4_000)
    assert ratio < 4, f"memory grew {ratio:.1f} times for 3 times the cards"


def test_a_deck_of_thousands_of_cards_refills_hands_like_a_small_one():
    """Past 4,096 cards the engine computes a card's bit instead of looking it up in a table."""
    import itertools

    from slovariki.game import SLOVARIKI, Game, Take

    letters = "бвгджзклмнпрстфхцчш"
    words = ["о" + "".join(p) for p in itertools.islice(itertools.product(letters, repeat=3), 5_000)]
    for size in (100, 5_000):
        game = Game(SLOVARIKI, [made(w, 1 + i % 4, 1 + i // 4 % 3, "о") for i, w in enumerate(words[:size])])
        state = game.deal(2, 7, first=0)
        attack = state.legal_moves(0)[0]
        state.apply(0, attack)
        state.apply(1, Take())
        assert state.hand_count(0) == 6 and state.hand_count(1) == 7
        assert attack.card in state.known_cards(1) and len(state.known_cards(0)) == 6
