"""When a short sentence holds a detail worth checking, and details read as values."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.details import (
    DetailKind,
    extract_details,
    has_checkable_detail,
)


@pytest.mark.parametrize(
    ("sentence", "checkable"),
    [
        ("Refunds take 90 days.", True),  # a number
        ("It takes three days.", True),  # a number word
        ("It shipped on 3 June.", True),  # a date
        ("It costs $40.", True),  # an amount
        ("Closes at noon.", True),  # a time
        ("Returns are not accepted.", True),  # a negation with something to negate
        ("Ask Contoso Support.", True),  # a name with something said of it
        ("No problem.", False),  # conversation: a negation with nothing to negate
        ("I do not know.", False),
        ("Hi John.", False),  # a name in a greeting
        ("Thanks, Maria!", False),
        ("Short one.", False),  # "one" as a pronoun
        ("Great question.", False),  # a capitalised first word is not a name
        ("Delivery is free.", False),
    ],
)
def test_a_short_sentence_is_checkable_when_it_holds_a_detail(
    sentence: str, checkable: bool
) -> None:
    assert has_checkable_detail(sentence) is checkable


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The backup runs at 02:00 UTC.", "02:00"),
        ("The backup runs at 2 AM UTC.", "02:00"),
        ("The backup runs at 2 a.m. UTC.", "02:00"),
        ("The line closes at 2:30 PM.", "14:30"),
        ("The line closes at 14:30.", "14:30"),
        ("The line closes at noon.", "12:00"),
    ],
)
def test_a_time_is_one_detail_never_a_number_or_a_name(text: str, value: str) -> None:
    details = extract_details(text)
    times = [d.value for d in details if d.kind is DetailKind.TIME]
    assert times == [value]
    assert not [d for d in details if d.kind is DetailKind.QUANTITY]
    assert {d.value for d in details if d.kind is DetailKind.ENTITY} <= {"utc"}


@pytest.mark.parametrize(
    "text",
    [
        "Refunds are issued within 30 days of the return [1].",
        "Refunds are issued within 30 days of the return [2][3].",
        "Refunds are issued within 30 days of the return [1, 4].",
        "Refunds are issued within 30 days of the return [2-5].",
        "Refunds are issued within 30 days of the return【4:0†source】.",
    ],
)
def test_a_citation_marker_is_no_number(text: str) -> None:
    # The marker points at a source: a source need not state "1" to back the claim.
    numbers = [d.number for d in extract_details(text) if d.kind is DetailKind.QUANTITY]
    assert numbers == ["30"]


def test_a_bracketed_year_or_amount_is_still_read() -> None:
    assert (DetailKind.QUANTITY, "5000") in {
        (d.kind, d.value) for d in extract_details("The fee is [5000] euros.")
    }
    assert [d.value for d in extract_details("It opened in [2019].")] == ["2019"]


def test_an_abbreviation_glossing_the_words_before_it_is_no_name_of_its_own() -> None:
    names = [d.surface for d in extract_details("The International Court of Justice (ICJ) ruled.")]
    assert names == ["International Court", "Justice"]
    names = [d.surface for d in extract_details("The ruling went to Apple (AAPL) shareholders.")]
    assert names == ["Apple", "AAPL"]


def test_a_citation_alone_is_no_checkable_detail() -> None:
    assert not has_checkable_detail("See [1].")
    assert has_checkable_detail("See page 1.")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("The SDK ships libraries for C# and Java.", ["c#", "sdk", "java"]),
        ("It supports C++ and F#.", ["c++", "f#"]),
        ("Write i++ in the loop.", ["write"]),  # code in prose is no name
        ("It supports C++17.", []),  # a version, not the name alone
    ],
)
def test_a_name_written_with_a_symbol_is_one_name(text: str, names: list[str]) -> None:
    found = [d.value for d in extract_details(text) if d.kind is DetailKind.ENTITY]
    assert found == names


@pytest.mark.parametrize(
    "text",
    [
        "Under the runbook, the old key is revoked.",
        "During the trial, patients took the drug.",
        "Unlike the rival, it has a port.",
        "Additionally, it has a port.",
    ],
)
def test_a_preposition_or_adverb_opening_a_sentence_is_no_name(text: str) -> None:
    assert [d for d in extract_details(text) if d.kind is DetailKind.ENTITY] == []


def test_a_capital_opening_a_table_cell_is_no_name_alone() -> None:
    # "| Opened | Exchange only |" is a row of a table, not a sentence naming "Exchange".
    assert not has_checkable_detail("| Opened | Exchange only |")
    assert has_checkable_detail("| Opened | Acme Exchange only |")  # two capitals: a name
    # A "|" inside a line (a byline) is no cell: the capital after it may be a name.
    details = extract_details("By Astronomy Staff | Zeeman: 4 May")
    assert [d.initial for d in details if d.surface == "Zeeman"] == [False]
    row = extract_details("| Zeeman | 4 May |")
    assert [d.initial for d in row if d.surface == "Zeeman"] == [True]


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Shipping takes 3-5 business days.", ["3", "5"]),  # a range: both bounds
        ("Children aged 5-12 ride free.", ["5", "12"]),
        ("Call 555-1234 today.", ["555", "1234"]),
    ],
)
def test_a_hyphen_between_numbers_is_a_range(text: str, numbers: list[str]) -> None:
    found = [d.number for d in extract_details(text) if d.kind is DetailKind.QUANTITY]
    assert found == numbers


def test_a_hyphen_after_letters_still_joins_a_name() -> None:
    assert [d.value for d in extract_details("The F-16 and COVID-19 reports.")][:2] == [
        "f-16",
        "covid-19",
    ]


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Version v2.5m shipped.", []),  # letters before it: a name, not 2.5 million
        ("The company has 5.68m users.", ["5680000"]),  # not "5"
        ("Winner: €4.5m.", ["4500000"]),  # not €4
        ("Dose: 5mg/ml.", ["0.005"]),
    ],
)
def test_a_unit_against_its_number_belongs_to_its_token(text: str, numbers: list[str]) -> None:
    assert [d.value for d in extract_details(text) if d.kind is DetailKind.QUANTITY] == numbers


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("He uploaded it to YouTube yesterday.", "youtube"),
        ("She paid with PayPal.", "paypal"),
        ("He sold it on eBay.", "ebay"),
        ("The new iPhone costs more.", "iphone"),
        ("The McDonald family sued.", "mcdonald"),
        ("He joined SpaceX.", "spacex"),
    ],
)
def test_a_name_with_a_capital_inside_is_a_name(text: str, name: str) -> None:
    assert [d.value for d in extract_details(text) if d.kind is DetailKind.ENTITY] == [name]


def test_a_period_with_a_half_is_one_amount() -> None:
    # Not the bare "one" the words "one and a half hours" start with.
    (detail,) = extract_details("The flight takes one and a half hours.")
    assert (detail.value, detail.unit, detail.surface) == ("5400", "s", "one and a half hours")


def test_one_period_after_a_word_of_length_is_a_loose_amount() -> None:
    (detail,) = extract_details("The pilot program ran for a decade.")
    assert (detail.value, detail.unit, detail.surface, detail.loose) == (
        "120",
        "month",
        "a decade",
        True,
    )
    (digits,) = extract_details("The pilot program ran for 10 years.")
    assert not digits.loose


def test_a_share_of_a_large_number_is_an_amount_not_a_share() -> None:
    (half,) = extract_details("The city is home to half a million people.")
    assert (half.value, half.unit, half.surface) == ("500000", "", "half a million")
    (quarter,) = extract_details("A quarter of a million fans watched the final.")
    assert (quarter.value, quarter.unit) == ("250000", "")


def test_a_share_of_a_percentage_point_is_points_and_an_ordinal_a_rank() -> None:
    details = extract_details("The bank raised its rate by a quarter of a percentage point.")
    assert [(d.value, d.unit) for d in details] == [("0.25", "pp")]
    (rank,) = extract_details("It was the fifth increase in a row.")
    assert (rank.kind, rank.value, rank.unit) == (DetailKind.QUANTITY, "5", "ordinal")
