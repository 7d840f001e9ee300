"""The rulebook: one source for the docs page, the rules sheet and the referee's rule lookup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from slovariki.game import rulebook
from slovariki.game import rulesets

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "slovariki"


def test_docs_page_is_generated_from_the_rulebook():
    page = (ROOT / "docs" / "game-rules.md").read_text(encoding="utf-8")
    assert page == rulebook.markdown(), "run: python -m slovariki.game.rulebook docs/game-rules.md"


def test_rules_are_numbered_1_to_16_and_d1_to_d6_in_order():
    assert [r.number for r in rulebook.rules("slovariki")] == [str(n) for n in range(1, 17)]
    assert [r.number for r in rulebook.rules("classic")] == [f"D{n}" for n in range(1, 7)]
    assert len(rulebook.rules()) == 22


def test_every_text_is_filled_in_and_its_markup_closed():
    for rule in rulebook.rules():
        assert rule.title and rule.text and not rule.title.endswith(".")
        plain = rule.plain()
        assert not re.search(r"[{}*=`]", plain), plain
        assert plain.startswith(f"Правило {rule.number}. {rule.title}. ")


def test_the_interpretations_are_marked():
    marked = [r.number for r in rulebook.rules() if r.clarification]
    assert marked == ["8", "11", "13", "16", "D3", "D5"]
    assert "Уточнение: кто перевёл, тот дальше считается заходящим" in rulebook.rule("8").plain()
    assert rulebook.markdown().count("*Уточнение:*") == 6


def test_d3_and_d5_say_which_order_and_which_limit_are_followed():
    d3, d5 = rulebook.rule("D3").plain(), rulebook.rule("D5").plain()
    assert "сначала у заходящего" in d3 and "«бито»" in d3 and "по часовой стрелке" in d3
    assert "шестью картами" in d5 and "когда он стал отбивающимся" in d5  # the limit kept, and why


def test_what_only_the_referee_does_is_marked_for_the_docs_and_the_referee():
    rule = rulebook.rule("9")
    assert rule.referee and "судья" not in rule.text.lower()
    assert rule.plain().endswith(f"{rulebook.REFEREE} {rule.referee}")
    assert f"*{rulebook.REFEREE}* {rule.referee}" in " ".join(rulebook.markdown().split())
    assert not any("судья" in (r.text + r.clarification).lower() for r in rulebook.rules("slovariki"))


def test_numbers_come_from_the_rules_engine():
    assert f"по {rulesets.HAND_SIZE} карт" in rulebook.rule("3").text
    assert f"не больше {rulesets.MAX_TABLE} карт" in rulebook.rule("10").text
    assert f"от {rulesets.MIN_PLAYERS} до {rulesets.MAX_PLAYERS} человек" in rulebook.rule("2").text


def test_a_number_with_its_noun_agrees_with_the_value(monkeypatch):
    monkeypatch.setitem(rulebook.VALUES, "hand", 4)
    assert rulebook.fill("по {hand:карточка,карточки,карточек}, до {hand}") == "по 4 карточки, до 4"
    monkeypatch.setitem(rulebook.VALUES, "hand", 21)
    assert rulebook.fill("{hand:карточка,карточки,карточек}") == "21 карточка"


@pytest.mark.parametrize("asked, number", [
    ("7", "7"), (" R7 ", "7"), ("правило 16", "16"), ("D4", "D4"), ("д4", "D4"), ("Д 4", "D4"), ("d1", "D1"),
])
def test_lookup_of_a_rule_as_people_write_it(asked, number):
    assert rulebook.rule(asked).number == number


@pytest.mark.parametrize("asked", ["17", "D7", "0", "", "семь"])
def test_an_unknown_rule_names_the_ones_there_are(asked):
    with pytest.raises(rulebook.UnknownRule, match="есть правила с 1 по 16 и D1–D6"):
        rulebook.rule(asked)


def test_markup_renders_per_style_and_nests_without_repeating_a_wrapping():
    text = "a **b ==c== d** *e* ==f== <g>"
    assert rulebook.render(text, rulebook.PLAIN) == "a b c d e f <g>"
    assert rulebook.render(text, rulebook.MARKDOWN) == "a **b c d** *e* **f** <g>"
    style = {"bold": ("[", "]"), "italic": ("/", "/"), "red": ("(", ")")}
    assert rulebook.render(text, style, str.upper) == "A [B (C) D] /E/ (F) <G>"


def _cited_rules() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*"):
        if path.suffix in (".py", ".j2"):
            found |= set(re.findall(r"правил[оауе] (D?\d+)\b", path.read_text(encoding="utf-8")))
    for ruleset in rulesets.RULESETS.values():
        found |= {citation.split()[-1] for citation in ruleset.rule.values()}
    return found


def test_every_rule_the_program_cites_is_in_the_rulebook():
    cited = _cited_rules()
    assert {"7", "8", "9", "D2", "D6"} <= cited
    for number in cited:
        assert rulebook.rule(number).citation == f"правило {number}"


@pytest.mark.parametrize("ruleset", rulesets.RULESETS.values(), ids=lambda r: r.name)
def test_a_game_cites_only_its_own_rules_and_those_its_section_says_it_borrows(ruleset):
    # QA2 #7: podkidnoy cited «правило 4» («Первым ходит самый младший»), which D1 contradicts
    section = next(s for s in rulebook.sections() if s.key == ("classic" if ruleset.classic else "slovariki"))
    own = {r.number for r in section.rules} | set(section.borrows)
    assert {citation.split()[-1] for citation in ruleset.rule.values()} <= own
    for number in section.borrows:  # the intro names what is borrowed, and the rule exists
        assert number in re.findall(r"\d+", section.intro) and rulebook.rule(number)
