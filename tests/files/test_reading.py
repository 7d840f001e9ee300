"""The bounded reader every file read goes through: regular files only, a limit before and during
the read, and a Russian reason for each refusal."""

import os
import socket
import tracemalloc

import pytest

from slovariki.files.reading import TooLarge, read_bytes
from slovariki.text.russian import os_error


def reason(path, limit=1024) -> str:
    with pytest.raises(OSError) as caught:
        read_bytes(path, limit)
    return os_error(caught.value)


def test_a_small_file_is_read_whole(tmp_path):
    path = tmp_path / "f.txt"
    path.write_bytes(b"x" * 1024)
    assert read_bytes(path, 1024) == b"x" * 1024


def test_a_file_over_the_limit_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "big.txt"
    with path.open("wb") as stream:
        stream.truncate(200 * 1024 * 1024)  # sparse: costs no disk
    tracemalloc.start()
    with pytest.raises(TooLarge):
        read_bytes(path, 1024 * 1024)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1024 * 1024
    assert reason(path, 1024 * 1024) == "файл больше 1 МБ"
    assert reason(path, 512 * 1024) == "файл больше 512 КБ"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full", "/dev/null", "/dev/urandom"])
def test_devices_are_refused_at_once(device):
    if not os.path.exists(device):
        pytest.skip(f"{device} is not on this system")
    assert reason(device) == "это не файл, а устройство"


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert reason(fifo) == "это не файл, а канал FIFO"


def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        assert reason(path) == "это не файл, а сокет или отключённое устройство"
    finally:
        server.close()


def test_a_folder_and_a_symlink_loop_are_named(tmp_path):
    assert reason(tmp_path) == "это папка, а не файл"
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert reason(loop) == "символические ссылки зациклились"
    assert reason(tmp_path / "нет") == "нет такого файла или папки"
