"""The star policy (docs/word-lists.md, «Что значат звёздочки») computed from the markup, and `check`'s
warning when an entry's stars differ from it."""

import pytest
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.markup import parse
from slovariki.model import Card, Source
from slovariki.rules_check.stars import check_doubles, check_stars, double_consonants, star_policy


@pytest.mark.parametrize("markup, stars, reason", [
    ("с[о]р+ока", 1, "одна сложная гласная («о»)"),
    ("ж[ё]лтый", 1, "одна сложная гласная («ё»)"),  # a stressed ё after a hissing consonant is a hard vowel
    ("к[о]р[и]д+ор", 2, "две сложные гласные («о», «и»)"),
    ("п[а]р[а]ш[+ю]т", 3, "3 сложные буквы («а», «а», «ю»)"),
    ("в[е]л[о]с[и]п+ед", 3, "3 сложные буквы («е», «о», «и»)"),
    ("кл+а[сс]", 3, "сложная согласная «сс» — это всегда 3 звёздочки"),
    ("в[о][к]з+ал", 3, "сложная согласная «к» — это всегда 3 звёздочки"),
    ("здр+а[в]ствуйте", 3, "сложная согласная «в» — это всегда 3 звёздочки"),
    ("с[е][г]+одня", 3, "сложная согласная «г» — это всегда 3 звёздочки"),
    ("пож+ал[уй]ста", 3, "сложная согласная «й» — это всегда 3 звёздочки"),
    ("а[лл]+е[я]", 3, "сложная согласная «лл» — это всегда 3 звёздочки"),
    ("[о]б[е]зь+яна", 2, "две сложные гласные («о», «е»)"),
    ("м[е]дв+ед[ь]", 2, "две сложные буквы («е», «ь»)"),
    ("м+ебел[ь]", 1, "одна сложная буква («ь»)"),  # a soft sign is a hard letter, not a consonant
])
def test_star_policy_from_the_markup(markup, stars, reason):
    policy = star_policy(parse(markup))
    assert (policy.stars, policy.reason) == (stars, reason)


def card(markup: str, stars: int) -> Card:
    return Card(parse(markup), 1, stars, "Объяснение.", Source("g.yaml", 3, 5))


def test_stars_that_follow_the_policy_pass():
    assert check_stars(card("б[е]р+ёза", 1)) == []
    assert check_stars(card("кл+а[сс]", 3)) == []


def test_stars_that_differ_from_the_policy_are_a_warning_that_says_why():
    (found,) = check_stars(card("б[е]р+ёза", 2))
    assert (found.severity.value, found.code, found.line, found.column) == ("warning", "stars-policy", 3, 5)
    assert found.message == "«берёза»: 2 звёздочки, а по правилу звёздочек — 1 звёздочка: одна сложная гласная («е»)"
    (found,) = check_stars(card("кл+а[сс]", 1))
    assert found.message == ("«класс»: 1 звёздочка, а по правилу звёздочек — 3 звёздочки: сложная согласная «сс» — "
                             "это всегда 3 звёздочки")


def test_check_reports_the_stars_warning_and_strict_fails(bank_dir):
    folder = bank_dir({"grade1.yaml": "grade: 1\nwords:\n  - word: б[е]р+ёза\n    stars: 2\n"
                                      "    definition: Дерево с белой корой.\n"})
    result = CliRunner().invoke(main, ["check", "--no-deck", "--strict", "--words", str(folder)])
    assert result.exit_code == 1
    assert f"{folder / 'grade1.yaml'}:3:5: предупреждение: «берёза»: 2 звёздочки" in result.output


def test_a_double_consonant_left_black_is_a_warning():
    (found,) = check_doubles(card("б[а]сс+ейн", 1))
    assert (found.severity.value, found.code) == ("warning", "unmarked-double")
    assert found.message == ("«бассейн»: двойная согласная «сс» не выделена, а удвоенные согласные всегда сложные: "
                             "выделите обе буквы, как в «кла[сс]»")
    assert [f.code for f in check_doubles(card("[а]лл+ея", 1))] == ["unmarked-double"]
    assert [f.code for f in check_doubles(card("Р[о]сс+ия", 1))] == ["unmarked-double"]
    assert check_doubles(card("кл+а[сс]", 3)) == [] and check_doubles(card("в+о[жж]и", 3)) == []
    assert check_doubles(card("к[о]р+ова", 1)) == []


def test_double_consonants_is_the_one_rule_of_what_a_double_is():
    assert double_consonants("бассейн") == [2] and double_consonants("Ссора") == [0]  # either case
    assert double_consonants("жжёт-ссора") == [0, 5]
    assert double_consonants("вааа") == [] and double_consonants("подъъезд") == [] and double_consonants("а--б") == []
