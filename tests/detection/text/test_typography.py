"""Typeset characters read as their plain spelling, one character for one."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.typography import plain_typography


@pytest.mark.parametrize(
    ("typeset", "plain"),
    [
        ("doesn\u2019t", "doesn't"),
        ("doesn\u02bct", "doesn't"),
        ("the \u201890s", "the '90s"),
        ("\u221215 \u00b0C", "-15 \u00b0C"),
        ("1\u202f200 m", "1,200 m"),
        ("1\u2009200\u2009000 people", "1,200,000 people"),
        ("2\u00a0500 kg", "2,500 kg"),
        ("3\u2007000", "3,000"),
        ("does _not_ allow", "does  not  allow"),
        ("_never before 9 AM_.", " never before 9 AM ."),
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
    ],
)
def test_other_spaces_and_underscores_stay_as_they_are(text: str) -> None:
    assert plain_typography(text) == text


def test_spans_are_kept_and_quotation_marks_stay() -> None:
    text = "The hotel doesn\u2019t allow pets; it\u2019s \u201cstrict\u201d at 1\u202f200 m."
    plain = plain_typography(text)
    assert len(plain) == len(text)
    assert plain == "The hotel doesn't allow pets; it's \u201cstrict\u201d at 1,200 m."


def test_text_with_nothing_typeset_is_returned_as_it_is() -> None:
    text = "Parcels ship on Monday at 1,200 depots."
    assert plain_typography(text) is text
