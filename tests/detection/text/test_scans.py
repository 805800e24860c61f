"""Scans: a text is skipped only when no match of the pattern could be in it."""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from collections.abc import Iterator

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import grounding_sidecar.detection.text as text_package
from grounding_sidecar.detection.text.scans import DIGIT, Scan, fold, word_start


def _every_scan() -> Iterator[tuple[str, Scan]]:
    """Each scan a text module holds at its top level, alone or in a tuple or list,
    once (a module that imports one holds it too)."""
    seen: set[int] = set()
    for module_info in pkgutil.iter_modules(text_package.__path__):
        module = importlib.import_module(f"{text_package.__name__}.{module_info.name}")
        for attribute, value in vars(module).items():
            items = value if isinstance(value, tuple | list) else (value,)
            for index, item in enumerate(items):
                found = next((x for x in _flattened(item) if isinstance(x, Scan)), None)
                if found is not None and id(found) not in seen:
                    seen.add(id(found))
                    yield f"{module_info.name}.{attribute}[{index}]", found


def _flattened(item: object) -> Iterator[object]:
    yield item
    if isinstance(item, tuple):
        yield from item


SCANS = dict(_every_scan())


def test_the_package_has_scans() -> None:
    assert len(SCANS) >= 20


@pytest.mark.parametrize("name", sorted(SCANS))
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_every_match_holds_what_the_scan_looks_for(name: str, data: st.DataObject) -> None:
    """Texts written from the pattern itself (any case, any character its classes
    allow): one it matches is one the scan runs it over."""
    scan = SCANS[name]
    text = data.draw(st.from_regex(scan.pattern))
    assume(scan.pattern.search(text) is not None)  # a lookaround may refuse the match
    assert scan.may_match(text), text
    assert [m.span() for m in scan.finditer(text)] == [
        m.span() for m in scan.pattern.finditer(text)
    ]


def test_a_text_without_the_words_is_not_scanned() -> None:
    scan = Scan(re.compile(r"\bhalf\b", re.IGNORECASE), "half")
    assert list(scan.finditer("a third of the way")) == []
    assert [m.group() for m in scan.finditer("cut by HALF")] == ["HALF"]


def test_a_digit_is_looked_for_with_the_engine_s_own_digits() -> None:
    scan = Scan(re.compile(r"\d+"), digit=True)
    assert scan.may_match("\u0663 items")  # an Arabic-Indic three is a \d
    assert not scan.may_match("three items")


def test_fold_keeps_every_ascii_letter_the_engine_matches() -> None:
    """Every code point `re.IGNORECASE` matches to an ASCII letter folds to hold it."""
    letters = re.compile("[a-z]", re.IGNORECASE)
    everything = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    for match in letters.finditer(everything):
        character = match.group()
        for letter in "abcdefghijklmnopqrstuvwxyz":
            if re.fullmatch(letter, character, re.IGNORECASE):
                assert letter in fold(character), hex(ord(character))


def test_a_pattern_is_tried_only_where_its_first_character_is() -> None:
    pattern = re.compile(r"\b(?:may|june) \d+", re.IGNORECASE)
    scan = Scan(pattern, "may", "jun", first=word_start(["may", "june"]))
    text = "Dismay: June 3, MAY 4 and jUNE 12, not summay 5"
    assert [m.group() for m in scan.finditer(text)] == ["June 3", "MAY 4", "jUNE 12"]
    assert [m.start() for m in word_start(["June"], ignore_case=False).finditer("june June")] == [5]


def test_a_match_found_at_a_digit_sees_the_text_before_it() -> None:
    """Lookbehinds read the characters before the digit, as a whole-text search does."""
    pattern = re.compile(r"(?<![\w.])\d+")
    scan = Scan(pattern, digit=True, first=DIGIT)
    text = "v1.2 and 30 and x40"
    assert [m.group() for m in scan.finditer(text)] == [m.group() for m in pattern.finditer(text)]
    assert [m.group() for m in scan.finditer(text)] == ["30"]


def test_a_scan_needs_something_to_look_for() -> None:
    with pytest.raises(ValueError, match="word, a digit or a first character"):
        Scan(re.compile("x"))
    with pytest.raises(ValueError, match="ASCII and lower case"):
        Scan(re.compile("x", re.IGNORECASE), "Half")
