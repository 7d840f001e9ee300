"""Lines in the terminal and the game record break as the print and the web screen do."""

from hypothesis import given, strategies as st

from slovariki.text.russian import SHORT_WORD, wrap


def test_a_number_stays_with_its_word_at_a_line_break():
    text = "Слова, которые брали со стола: «ванна» (2 раза), «сорока» (1 раз), «берёза» (3 раза)."
    for width in range(20, 60):
        lines = wrap(text, width, initial_indent="# ", subsequent_indent="#   ")
        assert all(not SHORT_WORD.match(line.split()[-1]) for line in lines[:-1]), lines
        assert " ".join(" ".join(line.split()[1:]) for line in lines) == text  # nothing lost or changed


@given(st.lists(st.sampled_from(["и", "в", "по", "5", "слово", "карта", "—", "(2", "раза)", "Аня"]), min_size=1,
                max_size=40), st.integers(10, 60))
def test_no_line_ends_with_a_short_word_or_begins_with_a_dash(words, width):
    text = " ".join(words)
    lines = wrap(text, width)
    assert " ".join(lines).split() == text.split()
    for line in lines[:-1]:
        assert not SHORT_WORD.match(line.split()[-1]) or len(line) > width, lines
    assert all(not line.startswith(("—", "–")) for line in lines[1:]), lines
