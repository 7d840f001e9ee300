"""A small bank, its deck, and a helper that builds it and reads the PDFs back; the bundled bank's deck
built once for the tests that read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from slovariki.generator.build import build_deck
from slovariki.generator.options import DeckOptions
from slovariki.bank.wordlist import load_bank

from generator_helpers import BANK


@pytest.fixture(scope="session")
def deck():
    bank = load_bank(BANK)
    assert not bank.diagnostics
    return bank.deck


@pytest.fixture(scope="session")
def build(deck, tmp_path_factory):
    """build(**options) → output folder; each distinct set of options is built once per session."""
    built: dict[tuple, Path] = {}

    def run(**options) -> Path:
        key = tuple(sorted(options.items()))
        if key not in built:
            out = tmp_path_factory.mktemp("out")
            build_deck(deck, DeckOptions(**options), out)
            built[key] = out
        return built[key]

    return run


@pytest.fixture(scope="session")
def bundled_build(tmp_path_factory) -> Path:
    """The output folder of the bundled bank's deck, default options: built once (a second a build), read
    by every test that only reads those PDFs."""
    out = tmp_path_factory.mktemp("bundled")
    build_deck(load_bank(None).deck, DeckOptions(), out)
    return out
