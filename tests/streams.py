"""A stream for the tests of bounded reading: one huge line that is never held in memory."""

from __future__ import annotations

import io


class Endless(io.RawIOBase):
    """One line of ``size`` bytes «x», made as it is read, then ``tail``."""

    def __init__(self, size: int, tail: bytes) -> None:
        self.left, self.tail = size, tail

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.left:
            n = min(len(buffer), self.left)
            buffer[:n] = b"x" * n
            self.left -= n
            return n
        n = min(len(buffer), len(self.tail))
        buffer[:n], self.tail = self.tail[:n], self.tail[n:]
        return n
