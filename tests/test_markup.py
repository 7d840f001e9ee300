from hypothesis import given
from hypothesis import strategies as st

from slovariki.markup import ACUTE, Markup, MarkupError, Stress, parse


def codes(result) -> list[str]:
    assert isinstance(result, list), result
    return [e.code for e in result]


def test_hard_letters_and_stress_positions():
    m = parse("к[о]р[и]д+ор")
    assert isinstance(m, Markup)
    assert m.plain == "коридор"
    assert m.hard == (1, 3)
    assert m.stress_positions == (5,)


def test_bracket_holds_several_letters_and_stress_inside():
    m = parse("р+у[сс]кий")
    assert m.hard == (2, 3)
    m = parse("к[+о]т")
    assert m.hard == (1,) and m.stress_positions == (1,)


def test_combining_acute_marks_stress():
    m = parse(f"к[о]р[и]до{ACUTE}р")
    assert m.stress_positions == (5,)
    assert m.stresses == (Stress(5, ACUTE),)


def test_yo_and_single_vowel_need_no_stress():
    assert parse("б[е]рёза").stress_positions == ()
    assert parse("кла[сс]").hard == (3, 4)


def test_multi_word_entry_needs_a_stress_per_word():
    assert isinstance(parse("до св[и]д+ания"), Markup)
    assert codes(parse("д+о св[и]дания")) == ["markup-no-stress"]


def test_hyphen_joins_one_word():
    m = parse("к+ое-г[д]е")
    assert isinstance(m, Markup) and m.plain == "кое-где"


def test_proper_noun_keeps_capital():
    assert parse("М[о]скв+а").plain == "Москва"


def test_unclosed_bracket():
    assert "markup-unclosed-bracket" in codes(parse("к[ор+ова"))


def test_empty_bracket():
    assert "markup-empty-bracket" in codes(parse("к[]р+ова"))


def test_nested_bracket():
    assert "markup-nested-bracket" in codes(parse("к[[о]]р+ова"))


def test_stray_closing_bracket():
    assert "markup-stray-bracket" in codes(parse("ко]р+ова"))


def test_two_stresses():
    assert codes(parse("к[о]р+ов+а")) == ["markup-two-stresses"]


def test_stress_on_yo_word_elsewhere_is_two_stresses():
    assert parse("б[е]р+ёза").stress_positions == (3,)
    assert codes(parse("б[е]рёз+а")) == ["markup-two-stresses"]


def test_plus_outside_bracket_is_misplaced():
    assert codes(parse("б+[е]рёза")) == ["markup-stress-position"]
    (error,) = parse("в[о]р+[о]на")
    assert "внутри скобки: «[+о]»" in error.message


def test_stress_on_consonant():
    errors = parse("к[о]+рова")
    assert codes(errors) == ["markup-stress-consonant"]
    assert errors[0].offset == 4


def test_no_stress():
    assert codes(parse("к[о]р[о]ва")) == ["markup-no-stress"]


def test_no_hard_letter():
    assert codes(parse("кор+ова")) == ["markup-no-hard-letter"]


def test_latin_lookalike_is_named_with_position():
    errors = parse("к[o]р+ова")  # Latin o
    assert codes(errors) == ["markup-latin-letter"]
    assert errors[0].offset == 2
    assert "«o»" in errors[0].message and "3" in errors[0].message


def test_other_characters_refused():
    assert codes(parse("к[о]р+ова!")) == ["markup-bad-char"]
    assert "markup-space" in codes(parse("к[о]р+ова  дом"))


def test_every_problem_reported():
    assert len(parse("c[]р+ов+а]")) >= 3


_letters = "абвгдежзиклмнопрстуфхцчшщъыьэюя"
_vowels = "аеиоуыэюя"


@st.composite
def markups(draw) -> Markup:
    """Valid single words: random letters, some bracket groups, one stress mark."""
    plain = draw(st.text(alphabet=_letters, min_size=2, max_size=12))
    vowel_at = [i for i, ch in enumerate(plain) if ch in _vowels]
    if not vowel_at:
        plain += "а"
        vowel_at = [len(plain) - 1]
    stress = Stress(draw(st.sampled_from(vowel_at)), draw(st.sampled_from(["+", ACUTE])))
    cuts = sorted(draw(st.sets(st.integers(0, len(plain)), min_size=2, max_size=6)))
    groups = [(a, b) for a, b in zip(cuts[::2], cuts[1::2]) if a < b]
    if not groups:
        groups = [(0, 1)]
    return Markup(plain, tuple(groups), (stress,))


@given(markups())
def test_render_then_parse_round_trips(m: Markup):
    text = m.render()
    assert parse(text) == m
    assert parse(text).render() == text


@given(st.text(alphabet=_letters + "[]+ -" + ACUTE + "ao", max_size=20))
def test_parse_never_raises(text: str):
    result = parse(text)
    if isinstance(result, Markup):
        assert result.render() == text
    else:
        assert all(isinstance(e, MarkupError) for e in result)
