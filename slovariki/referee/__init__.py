"""The move referee for table play, on the one rules engine (``slovariki.game``).

- ``table``: the refereed game (set-up, engine state, undo), driven by both front ends;
- ``protocol``: ``slovariki referee --jsonl``, the machine protocol (shared/spec/referee-protocol.md);
- ``repl``: the Russian REPL (``slovariki referee play``/``resume``);
- ``session``: session files, saved atomically after every accepted move;
- ``notation``: the readable game record (``log``) and its replay check (``replay``);
- ``words``: cards and players found in what people type; ``texts``: the Russian sentences.
"""
