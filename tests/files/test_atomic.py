import os

import pytest

from slovariki.files import atomic
def test_write_text_replaces_the_file(tmp_path):
    target = tmp_path / "партия.txt"
    atomic.write_text(target, "первая\n")
    atomic.write_text(target, "вторая\n")
    assert target.read_text(encoding="utf-8") == "вторая\n"
    assert [p.name for p in tmp_path.iterdir()] == ["партия.txt"]
    assert target.stat().st_mode & 0o777 == atomic.FILE_MODE


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "партия.txt"
    atomic.write_text(target, "старая\n")

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        atomic.write_text(target, "новая\n")
    assert target.read_text(encoding="utf-8") == "старая\n"
    assert [p.name for p in tmp_path.iterdir()] == ["партия.txt"]


@pytest.mark.parametrize("broken", ["mkstemp", "write", "replace"])
def test_an_error_names_the_target_and_not_the_hidden_temporary_file(tmp_path, monkeypatch, broken):
    """QA: «не удалось записать …/.grade1.yaml.9vtsnyb0.part: диск только для чтения»."""
    import errno
    import tempfile

    def fail(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", str(tmp_path / ".grade1.yaml.9vtsnyb0.part"))

    target = tmp_path / "grade1.yaml"
    if broken == "mkstemp":
        monkeypatch.setattr(tempfile, "mkstemp", fail)
    elif broken == "write":
        monkeypatch.setattr(os, "fsync", fail)
    else:
        monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError) as raised:
        atomic.write_text(target, "grade: 1\n")
    assert raised.value.filename == str(target) and raised.value.filename2 is None
    assert raised.value.errno == errno.EROFS and list(tmp_path.iterdir()) == []


def test_import_into_a_read_only_folder_names_the_word_file(tmp_path, monkeypatch):
    import errno
    import tempfile

    from click.testing import CliRunner

    from slovariki.cli import main

    runner = CliRunner()
    assert runner.invoke(main, ["export", str(tmp_path / "т.csv")]).exit_code == 0

    def read_only(*args, dir=None, prefix="", **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", f"{dir}/{prefix}9vtsnyb0.part")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    result = runner.invoke(main, ["import", str(tmp_path / "т.csv"), "--out", str(tmp_path / "папка")])
    assert result.exit_code == 2
    assert result.stderr == f"Ошибка: не удалось записать {tmp_path / 'папка' / 'grade1.yaml'}: диск только для чтения\n"
