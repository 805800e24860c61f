"""Ordinals: ranks and centuries read as numbers in units of their own, and the
centuries a year or a decade names."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.ordinals import (
    CENTURY_UNIT,
    RANK_UNIT,
    centuries_of_year,
    decade_centuries,
    find_ordinals,
)


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("in the late 12th century", 12, CENTURY_UNIT),
        ("a 14th-century church", 14, CENTURY_UNIT),
        ("the twenty-first century", 21, CENTURY_UNIT),
        ("It was the fifth increase in a row.", 5, RANK_UNIT),
        ("the third-largest city", 3, RANK_UNIT),
        ("on the 1st floor", 1, RANK_UNIT),
        ("its twentieth anniversary", 20, RANK_UNIT),
        ("the Twelfth Night", 12, RANK_UNIT),
        ("The third, and final, stage begins in May.", 3, RANK_UNIT),
    ],
)
def test_an_ordinal_is_its_number_in_a_rank_or_a_century(text: str, value: int, unit: str) -> None:
    [ordinal] = find_ordinals(text)
    assert (ordinal.value, ordinal.unit) == (value, unit)
    assert text[ordinal.span[0] : ordinal.span[1]] == ordinal.surface


@pytest.mark.parametrize(
    "text",
    [
        "At first, nothing changed.",
        "Wait a second.",
        "the second quarter",
        "14 days",
        "A fifth of respondents agreed.",  # a fraction
        "one tenth of the budget",
        "Third-party apps are not supported.",  # a party to a deal
        "3rd-party apps are not supported.",
        "Revenue grew in the 3rd quarter.",
        "They met on the tenth of June.",  # a day of a month: dates.py's
        "The tour began in the third quarter of 2006.",  # a part of a year
        "Third, the report recommends regular audits.",  # a list's point
        "Audits matter. Fourth: keep backups offline.",
    ],
)
def test_first_and_second_alone_and_plain_numbers_are_no_ordinals(text: str) -> None:
    assert list(find_ordinals(text)) == []


def test_a_year_names_its_century_both_ways_it_is_counted() -> None:
    assert centuries_of_year(1450) == {15}
    assert centuries_of_year(1900) == {19, 20}
    assert centuries_of_year(2001) == {21}


def test_a_decade_or_a_centurys_years_name_their_century() -> None:
    assert decade_centuries("trade grew in the 1400s and the 1490s") == {15}
    assert decade_centuries("the 1990s") == {20}
    assert decade_centuries("in 1450, and in the 90s") == frozenset()
