import os

import pytest

from slovariki import atomic


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
