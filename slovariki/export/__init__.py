"""Writers of the word bank in other programs' formats: spreadsheets (xlsx, ods, csv) and Anki decks.

Like ``generator``, they sit on top of the readers; their libraries are imported only when used.
"""
