"""Identifiers: which tokens are codes, part numbers and versions, and how they compare."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.identifiers import (
    find_identifiers,
    identifier_value,
    is_identifier,
    tokens_in,
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Use promo code SAVE20 at checkout.", ["SAVE20"]),
        ("Error E1043 means the card was declined.", ["E1043"]),
        ("The Airbus A320 seats 180.", ["A320"]),
        ("Use the code RETURN-30 or part 5512-B.", ["RETURN-30", "5512-B"]),
        ("COVID-19 cases rose.", ["COVID-19"]),
        ("Install version 2.4.1 (or v2.4.1); see section 3.2.1.", ["2.4.1", "v2.4.1", "3.2.1"]),
        ("It runs on x86 and plays MP3 files.", ["x86", "MP3"]),
    ],
)
def test_codes_part_numbers_and_versions_are_identifiers(text: str, found: list[str]) -> None:
    assert [match.group() for match in find_identifiers(text)] == found
    assert all(is_identifier(surface) for surface in found)


@pytest.mark.parametrize(
    "text",
    [
        "It has 20GB of storage and a 4K screen.",  # a number with its unit glued on
        "Sales peaked in the 1990s, on the 21st of May.",
        "Prices fell in mid-2020 after the 3-2 win.",  # lower-case hyphenated words
        "Pi is 3.14 and the date is 2026-06-03.",
        "See https://example.com/a1b2 for details.",  # inside a URL
        "Revenue rose in Q3 and H1, and again in FY24.",  # periods of a year
    ],
)
def test_quantities_words_and_urls_are_no_identifiers(text: str) -> None:
    assert find_identifiers(text) == []


def test_an_identifier_compares_in_any_case_and_a_version_without_its_v() -> None:
    assert identifier_value("SAVE20") == "save20"
    assert identifier_value("v2.4.1") == identifier_value("2.4.1") == "2.4.1"
    assert identifier_value("F-16s") == identifier_value("F-16") == "f-16"
    assert tokens_in("use code save20, part sku-5512-b, v2.4.1, at 10 am") == {
        "save20",
        "sku-5512-b",
        "2.4.1",
        "10",  # every token with a digit: a plain number is no identifier to look up
    }
