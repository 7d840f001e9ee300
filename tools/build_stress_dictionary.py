"""Build slovariki/dictionary/stress.txt.gz from the Wiktionary stress data of the tsnorm package.

tsnorm 1.1.2 (MIT, by Vladimir Lar'kin) ships ``tsnorm/dictionary/wordforms.dat``: every Russian word form of
the English Wiktionary with its stressed letters, its lemma and its grammatical tags, as a pickle. tsnorm
itself needs spaCy and takes seconds and a gigabyte of memory to load that file, so `slovariki check` reads
a compact copy instead. This script makes the copy, reproducibly:

    pip download --no-deps tsnorm==1.1.2 -d /tmp/tsnorm
    python tools/build_stress_dictionary.py /tmp/tsnorm/tsnorm-1.1.2-py3-none-any.whl

The pickle is read by an unpickler that refuses every global, so the file can only give back dicts, lists,
strings and numbers: no code from it runs. The wheel's SHA-256 is checked before anything is read.

Output: one line per lemma, sorted by the lemma with ё read as е (the reader looks lines up by binary
search), gzip-compressed (the gzip header carries no time stamp, so the same
input gives the same bytes):

    lemma <TAB> headword stresses <TAB> forms <TAB> related lemmas

A stressed vowel is written with «+» before it (``гор+а``). ``headword stresses`` are those of the
Wiktionary page of that title, used when no inflected form gives the lemma (indeclinable words,
adverbs); a title whose stresses are all those of inflected forms of other lemmas (горы) gets no line
of its own. ``forms`` are the lemma's inflected forms (a form that Wiktionary gives two stresses appears
twice). ``related`` are the lemmas Wiktionary links to this one as its adjective, diminutive, feminine
or masculine pair, augmentative, pejorative, adverb, abstract noun or verbal noun, in both directions
(молоко ↔ молочный). Pre-reform spellings (ѣ, і, ѳ, ѵ, a final ъ) and forms of several words are left
out.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import pickle
import re
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

WHEEL_SHA256 = "9cffa03a38f3382a362c4d14f2b0810b0feed547a8deceb3fea0f292218928d9"  # tsnorm-1.1.2-py3-none-any.whl
MEMBER = "tsnorm/dictionary/wordforms.dat"
OUTPUT = Path(__file__).resolve().parent.parent / "slovariki" / "dictionary" / "stress.txt.gz"

RELATIONS = {"adjective", "diminutive", "feminine", "masculine", "augmentative", "pejorative", "adverb",
             "abstract-noun", "noun-from-verb"}
_WORD = re.compile(r"[а-яё]+(?:-[а-яё]+)*")
_VOWELS = set("аеёиоуыэюя")


class _DataOnly(pickle.Unpickler):
    """Builds containers and scalars only: a pickle that names any class or function is refused."""

    def find_class(self, module: str, name: str):
        raise pickle.UnpicklingError(f"the stress data refers to {module}.{name}: refused")


def _marked(form: str, stresses: list[int]) -> str | None:
    """``гор+а``; None unless every stress index is a vowel of the form."""
    if not stresses or any(i >= len(form) or form[i] not in _VOWELS for i in stresses):
        return None
    out = []
    for i, ch in enumerate(form):
        if i in stresses:
            out.append("+")
        out.append(ch)
    return "".join(out)


def _modern(word: str) -> bool:
    return bool(_WORD.fullmatch(word)) and not word.endswith("ъ")


def build(wheel: Path) -> bytes:
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel}: SHA-256 {digest}, expected tsnorm 1.1.2's {WHEEL_SHA256}")
    with zipfile.ZipFile(wheel) as archive, archive.open(MEMBER) as stream:
        data = _DataOnly(stream).load()

    headwords: dict[str, set[str]] = defaultdict(set)
    forms: dict[str, set[str]] = defaultdict(set)
    related: dict[str, set[str]] = defaultdict(set)
    for entries in data.values():
        for entry in entries:
            form, lemma = entry["word_form"].lower(), entry["lemma"].lower()
            tags = set(entry["form_tags"].split())
            marked = _marked(form, entry["stress_pos"])
            if not (_modern(form) and _modern(lemma)) or marked is None:
                continue
            if tags == {"canonical"}:
                headwords[form].add(marked)
            elif tags <= RELATIONS:
                if form != lemma:
                    related[lemma].add(form)
                    related[form].add(lemma)
            else:
                forms[lemma].add(marked)
    inflected: dict[str, set[str]] = defaultdict(set)
    for marked_forms in forms.values():
        for marked in marked_forms:
            inflected[marked.replace("+", "")].add(marked)
    # A page title whose stresses its inflected forms already give (горы: го́ры, горы́) adds nothing; one
    # that adds a stress is another word spelled alike (потом: по́том of «пот», the adverb пото́м).
    lemmas = set(forms) | {h for h, marked in headwords.items() if not marked <= inflected.get(h, set())}
    lines = []
    for lemma in sorted(lemmas, key=lambda lemma: (lemma.replace("ё", "е"), lemma)):
        lines.append("\t".join((lemma, " ".join(sorted(headwords.get(lemma, ()))),
                                " ".join(sorted(forms.get(lemma, ()))), " ".join(sorted(related.get(lemma, ()))))))
    return gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), compresslevel=9, mtime=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("wheel", type=Path, help="tsnorm-1.1.2-py3-none-any.whl")
    parser.add_argument("--out", type=Path, default=OUTPUT)
    args = parser.parse_args()
    data = build(args.wheel)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"{args.out}: {len(data)} bytes, SHA-256 {hashlib.sha256(data).hexdigest()}", file=sys.stderr)


if __name__ == "__main__":
    main()
