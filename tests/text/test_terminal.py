"""Text from files and people reaches the terminal with its control characters made visible."""

from slovariki.text.terminal import shown


def test_control_and_invisible_characters_are_shown_as_escapes():
    assert shown("Зверь\x1b]0;PWNED\x07") == "Зверь\\x1b]0;PWNED\\x07"
    assert shown("a\x9b2Jb") == "a\\x9b2Jb"  # C1 CSI: some terminals obey it
    assert shown("abc\u202edef") == "abc\\u202edef"  # a bidi override would reorder the line
    assert shown("\U000e0041") == "\\U000e0041"
    assert shown("строка\nвторая\u2028") == "строка\\x0aвторая\\u2028"
    assert shown("строка\nвторая\r", lines=True) == "строка\nвторая\\x0d"


def test_ordinary_text_is_unchanged():
    text = "ко́шка — «Аня» ★☆☆ ♠ 10♥, ё"
    assert shown(text) is text


def test_a_huge_piped_line_is_read_only_in_part():
    import io
    import tracemalloc

    from slovariki.text.terminal import TYPED_LIMIT, typed_lines

    from streams import Endless

    tracemalloc.start()
    lines = list(typed_lines(lambda: "› ", io.BufferedReader(Endless(100 * 1024 * 1024, "\nАня пас\n".encode()))))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [len(lines[0]), lines[1]] == [TYPED_LIMIT, "Аня пас"]
    assert peak < 4 * 1024 * 1024
