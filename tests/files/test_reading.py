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


def test_yaml_aliases_are_counted_as_written_out():
    from slovariki.files.reading import Expands, compose_yaml

    text = "a: &a " + "x" * 100 + "\nb: [" + ", ".join(["*a"] * 9) + "]\n"
    assert compose_yaml(text, 2_000).value[1][1].value[8].value == "x" * 100  # 1,000 characters written out
    with pytest.raises(Expands) as caught:
        compose_yaml(text, 800)
    assert (caught.value.line, caught.value.column) == (2, 5 + 4 * 6)  # the seventh alias crosses 800
    assert str(caught.value).startswith("ссылки YAML (&якорь, *ссылка) разворачиваются в текст больше ")


def test_nested_yaml_aliases_are_multiplied_out_without_building_them():
    from slovariki.files.reading import Expands, compose_yaml

    lines = ['a0: &a0 "x"'] + [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 10)]
    tracemalloc.start()
    with pytest.raises(Expands):
        compose_yaml("\n".join(lines), 1024 * 1024)  # 10⁹ values written out
    assert tracemalloc.get_traced_memory()[1] < 1024 * 1024
    tracemalloc.stop()


def test_a_path_with_a_nul_byte_is_an_unreadable_file_not_a_value_error():
    from slovariki.files.reading import Unreadable

    with pytest.raises(Unreadable) as caught:
        read_bytes("grade1\0.yaml", 1024)
    assert os_error(caught.value) == "в имени файла нулевой символ: такого файла не бывает"
