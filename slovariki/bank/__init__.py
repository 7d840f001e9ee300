"""The word bank's files: every reader and writer of word lists.

YAML word files (``wordlist``, ``wordtable``), spreadsheets in and out (``spreadsheet_reader``,
``spreadsheet_writer``, ``importing``), Anki decks (``anki``), a new folder (``starter``) and the
pictures a word file names (``pictures``). Spreadsheet and Anki libraries are imported only when used.
"""
