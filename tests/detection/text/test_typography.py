"""Typeset characters read as their plain spelling, one character for one."""

from __future__ import annotations

import re

import pytest

from grounding_sidecar.detection.text.typography import PlainSource, plain_source, plain_typography


@pytest.mark.parametrize(
    ("typeset", "plain"),
    [
        ("doesn\u2019t", "doesn't"),
        ("doesn\u02bct", "doesn't"),
        ("the \u201890s", "the '90s"),
        ("June \u201919", "June '19"),
        ("CAN\u2019T", "CAN'T"),
        ("non\u2011refundable", "non-refundable"),
        ("non\u2010refundable", "non-refundable"),
        ("\u221215 \u00b0C", "-15 \u00b0C"),
        ("1\u202f200 m", "1,200 m"),
        ("1\u2009200\u2009000 people", "1,200,000 people"),
        ("2\u00a0500 kg", "2,500 kg"),
        ("3\u2007000", "3,000"),
        ("does _not_ allow", "does *not* allow"),  # as Markdown's other emphasis
        ("_never before 9 AM_.", "*never before 9 AM*."),
        ("\u20ac 84,50 per person", "\u20ac 84.50 per person"),  # a decimal comma
        ("3,5 km.", "3.5 km."),
        ("1.234,56 \u20ac", "1,234.56 \u20ac"),  # groups by dots, a decimal comma
        ("1.234.567,8", "1,234,567.8"),
        ("1\u202f200,50 \u20ac", "1,200.50 \u20ac"),
        ("(8,8cm)", "(8.8cm)"),
    ],
)
def test_a_typeset_character_reads_as_its_plain_spelling(typeset: str, plain: str) -> None:
    assert plain_typography(typeset) == plain


@pytest.mark.parametrize(
    "text",
    [
        "100\u00a0GB",  # a unit after a no-break space
        "1\u00a020 of them",  # two digits after the space: no digit group
        "1\u00a02000",  # four digits: no group either
        "1 200 people",  # a plain space may stand between two numbers
        "does\u00a0not",
        "set max_retries to 5",  # an underscore inside a name
        "__init__ and _private",
        "__bold__",  # double underscores are read as they are
        "the adult\u2019s weight",  # a possessive's apostrophe is read as written
        "we\u2019re",
        "1,234 people",  # a comma that groups digits
        "1,2,3 and 4",  # a list
        "cited [1,2] and [12,13]",  # a citation
        "1,3-dipolar and 1,5-substituted",  # chemical locants
        "\u20ac1.500",  # a dot-grouped number may be 1.5 as well: read as written
        "1,234.5 m",
    ],
)
def test_other_spaces_and_underscores_stay_as_they_are(text: str) -> None:
    assert plain_typography(text) == text


def test_spans_are_kept_and_quotation_marks_stay() -> None:
    text = "The hotel doesn\u2019t allow pets; it is \u201cstrict\u201d at 1\u202f200 m."
    plain = plain_typography(text)
    assert len(plain) == len(text)
    assert plain == "The hotel doesn't allow pets; it is \u201cstrict\u201d at 1,200 m."


def test_text_with_nothing_typeset_is_returned_as_it_is() -> None:
    text = "Parcels ship on Monday at 1,200 depots."
    assert plain_typography(text) is text


def test_a_source_reads_its_ligatures_as_letters_and_drops_invisible_characters() -> None:
    sent = "The \ufb01nal o\ufb03ce fee is due in \ufb01ve days of de\u00adlivery.\u200b"
    source = plain_source(sent)
    assert source.text == "The final office fee is due in five days of delivery."
    for word in re.finditer(r"\w+", source.text):
        start, end = source.span_as_sent(word.start(), word.end())
        as_sent = sent[start:end]
        assert plain_source(as_sent).text == word[0], (word[0], as_sent)
    # The span of the whole text leaves out the zero-width space after its last dot.
    assert source.span_as_sent(0, len(source.text)) == (0, len(sent) - 1)


def test_a_source_with_nothing_to_respell_keeps_its_offsets() -> None:
    source = plain_source("The hotel is \u22125 \u00b0C.")
    assert source == PlainSource("The hotel is -5 \u00b0C.")
    assert source.span_as_sent(4, 9) == (4, 9)
