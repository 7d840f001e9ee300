"""The user's folders: data kept, and a cache that may be lost, each where the system expects it."""

from __future__ import annotations

from slovariki.files import userdirs


def test_the_cache_lies_under_xdg_cache_home_or_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(userdirs, "WINDOWS", False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "кэш"))
    assert userdirs.cache_dir() == tmp_path / "кэш" / "slovariki"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "дом"))
    assert userdirs.cache_dir() == tmp_path / "дом" / ".cache" / "slovariki"


def test_a_relative_xdg_folder_is_ignored_as_the_xdg_spec_says(monkeypatch, tmp_path):
    monkeypatch.setattr(userdirs, "WINDOWS", False)
    monkeypatch.setenv("HOME", str(tmp_path / "дом"))
    monkeypatch.setenv("XDG_CACHE_HOME", "кэш")
    monkeypatch.setenv("XDG_DATA_HOME", "данные")
    assert userdirs.cache_dir() == tmp_path / "дом" / ".cache" / "slovariki"
    assert userdirs.data_dir() == tmp_path / "дом" / ".local" / "share" / "slovariki"


def test_windows_keeps_the_cache_under_localappdata_and_the_data_under_appdata(monkeypatch, tmp_path):
    monkeypatch.setattr(userdirs, "WINDOWS", True)
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    assert userdirs.cache_dir() == tmp_path / "Local" / "slovariki" / "cache"
    assert userdirs.data_dir() == tmp_path / "Roaming" / "slovariki"
