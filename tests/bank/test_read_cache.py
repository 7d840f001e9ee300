"""The word files' cache: a file read again unchanged comes back without PyYAML, equal to a fresh read;
anything changed, damaged or foreign is read again; the cache is never needed."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slovariki.bank import read_cache, wordlist, yaml_words
from slovariki.bank.wordlist import bundled_words, load_bank

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#f00"/></svg>'
GRADE1 = """\
grade: 1
words:
  - word: к[о]р+ова
    stars: 1
    definition: Домашнее животное, даёт молоко.
  - word: с[о]б+ака
    stars: 2
    definition: Домашнее животное, сторожит дом.
    picture: собака.svg
"""


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of this test's own, empty."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "slovariki" / "words"


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.pickle")) if folder.is_dir() else []


def yaml_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("read as YAML again")

    monkeypatch.setattr(yaml_words, "read", refuse)


def with_picture(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "grade1.yaml").write_text(GRADE1, encoding="utf-8")
    (folder / "собака.svg").write_text(SVG, encoding="utf-8")
    return folder


def test_a_file_read_again_comes_back_equal_without_yaml(tmp_path, fresh_cache, monkeypatch):
    folder = with_picture(tmp_path / "words")
    first = load_bank(folder)
    assert len(entries(fresh_cache)) == 1
    yaml_refused(monkeypatch)
    again = load_bank(folder)
    assert again == first
    assert [c.source for c in again.cards] == [c.source for c in first.cards]  # not compared by ==
    assert [c.picture for c in again.cards] == [None, folder / "собака.svg"]


def test_the_bundled_bank_and_one_file_of_it_are_read_without_pyyaml_the_second_time(fresh_cache):
    script = ("import sys; from slovariki.bank.wordlist import load_bank, word_file_paths; "
              "bank = load_bank(None); load_bank(word_file_paths()[0][0]); print(len(bank.cards), 'yaml' in sys.modules)")
    env = {**os.environ, "XDG_CACHE_HOME": str(fresh_cache.parent.parent)}
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True).stdout
            for _ in range(2)]
    count = len(load_bank(None).cards)
    assert runs == [f"{count} True\n", f"{count} False\n"]


def test_a_changed_file_is_read_again(tmp_path, fresh_cache):
    folder = with_picture(tmp_path / "words")
    load_bank(folder)
    text = GRADE1.replace("с[о]б+ака", "с[о]б+ачка")
    (folder / "grade1.yaml").write_text(text, encoding="utf-8")
    assert [c.word for c in load_bank(folder).cards] == ["корова", "собачка"]
    assert len(entries(fresh_cache)) == 1  # the entry replaced


def test_the_same_bytes_in_another_folder_name_their_own_place(tmp_path, fresh_cache, monkeypatch):
    first, second = with_picture(tmp_path / "a"), with_picture(tmp_path / "b")
    load_bank(first)
    cards = load_bank(second).cards
    assert {c.source.file for c in cards} == {str(second / "grade1.yaml")}
    assert cards[1].picture == second / "собака.svg"
    assert len(entries(fresh_cache)) == 2


def test_an_own_picture_changed_or_gone_is_looked_at_again(tmp_path, fresh_cache):
    folder = with_picture(tmp_path / "words")
    load_bank(folder)
    (folder / "собака.svg").write_text("<svg", encoding="utf-8")
    assert [d.code for d in load_bank(folder).diagnostics] == ["bad-picture"]
    (folder / "собака.svg").unlink()
    assert [d.code for d in load_bank(folder).diagnostics] == ["bad-picture"]
    (folder / "собака.svg").write_text(SVG, encoding="utf-8")  # the picture came: its error goes
    assert load_bank(folder).diagnostics == ()


@pytest.mark.parametrize("damage", [b"", b"not a pickle", pickle.dumps("a string"), pickle.dumps((1, 2, 3))])
def test_a_damaged_entry_is_read_again_and_replaced(tmp_path, fresh_cache, damage):
    folder = with_picture(tmp_path / "words")
    first = load_bank(folder)
    [entry] = entries(fresh_cache)
    entry.write_bytes(damage)
    assert load_bank(folder) == first
    assert entry.read_bytes() != damage


def test_an_entry_truncated_anywhere_is_read_again(tmp_path, fresh_cache):
    folder = with_picture(tmp_path / "words")
    first = load_bank(folder)
    [entry] = entries(fresh_cache)
    body = entry.read_bytes()
    for end in range(0, len(body), max(1, len(body) // 40)):
        entry.write_bytes(body[:end])
        assert load_bank(folder) == first


class _Planted:
    def __reduce__(self):
        return (Path.touch, (Path(os.environ["PLANTED"]),))


def test_an_entry_naming_other_classes_runs_nothing(tmp_path, fresh_cache, monkeypatch):
    folder = with_picture(tmp_path / "words")
    first = load_bank(folder)
    [entry] = entries(fresh_cache)
    planted = tmp_path / "planted"
    monkeypatch.setenv("PLANTED", str(planted))
    form, key, program, source, shown, _ = pickle.loads(entry.read_bytes())
    entry.write_bytes(pickle.dumps((form, key, program, source, shown, _Planted())))
    assert load_bank(folder) == first
    assert not planted.exists()


def test_another_program_reads_again(tmp_path, fresh_cache, monkeypatch):
    folder = with_picture(tmp_path / "words")
    load_bank(folder)
    calls = []
    read = yaml_words.read
    monkeypatch.setattr(yaml_words, "read", lambda *args: calls.append(args) or read(*args))
    monkeypatch.setattr(read_cache, "_program", lambda: ("a module changed",))
    load_bank(folder)
    assert len(calls) == 1


def test_a_cache_that_cannot_be_written_is_not_needed(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    folder = with_picture(tmp_path / "words")
    assert load_bank(folder) == load_bank(folder)
    assert capsys.readouterr() == ("", "")


def test_without_a_home_folder_nothing_is_cached_where_the_command_runs(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)  # no HOME and no account: «~» stays «~»
    monkeypatch.chdir(tmp_path)
    folder = with_picture(tmp_path / "words")
    assert load_bank(folder) == load_bank(folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words"]


def test_the_oldest_entries_go_beyond_the_limit(tmp_path, fresh_cache, monkeypatch):
    monkeypatch.setattr(read_cache, "KEPT", 3)
    for n in range(6):
        load_bank(with_picture(tmp_path / f"words{n}"))
    assert len(entries(fresh_cache)) == 3


def test_a_file_whose_picture_is_missing_is_not_kept(tmp_path, fresh_cache):
    folder = with_picture(tmp_path / "words")
    (folder / "собака.svg").unlink()
    load_bank(folder)
    assert entries(fresh_cache) == []


def test_words_prints_the_same_with_the_cache_cold_and_warm(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "slovariki", "words", "--words", str(bundled_words())]
    cold, warm = (subprocess.run(command, capture_output=True, text=True, encoding="utf-8", env=env, check=True)
                  for _ in range(2))
    assert (cold.stdout, cold.stderr) == (warm.stdout, warm.stderr)
    assert len(cold.stdout.splitlines()) > 300
    assert len(entries(tmp_path / "cache" / "slovariki" / "words")) == len(list(bundled_words().glob("*.yaml")))


entry_text = st.fixed_dictionaries({
    "word": st.sampled_from(["к[о]р+ова", "с[о]б+ака", "м[о]л+око", "коро+ва", "[", "в[о]р+она"]),
    "stars": st.integers(0, 4),
    "definition": st.text(alphabet="абвгдoc .", max_size=20),
})


@given(st.lists(entry_text, max_size=5))
def test_what_the_cache_gives_is_what_a_fresh_read_gives(tmp_path_factory, words):
    folder = tmp_path_factory.mktemp("words")
    lines = ["grade: 1", "words:"] + [
        f"  - word: '{w['word']}'\n    stars: {w['stars']}\n    definition: '{w['definition']}'" for w in words]
    (folder / "grade1.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    fresh = wordlist.load_text((folder / "grade1.yaml").read_text(encoding="utf-8"), str(folder / "grade1.yaml"),
                               folder=folder)
    assert load_bank(folder).files == (fresh,)
    assert load_bank(folder).files == (fresh,)
