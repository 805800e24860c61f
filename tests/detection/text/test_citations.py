"""Citation markers: the spans the detail reader sets aside."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.citations import citation_spans, without_citations


@pytest.mark.parametrize(
    ("text", "markers"),
    [
        ("Refunds take 30 days [1].", ["[1]"]),
        ("Refunds take 30 days [2][3].", ["[2]", "[3]"]),
        ("Refunds take 30 days [1, 4] and [2-5].", ["[1, 4]", "[2-5]"]),
        ("Refunds take 30 days【4:0†source】.", ["【4:0†source】"]),
        ("Refunds take 30 days.[^1] See [^source-2].", ["[^1]", "[^source-2]"]),
    ],
)
def test_each_marker_form_is_one_span(text: str, markers: list[str]) -> None:
    assert [text[start:end] for start, end in citation_spans(text)] == markers


@pytest.mark.parametrize(
    "text",
    [
        "It opened in [2019].",  # four digits: a year, not a citation
        "The fee is [5000] euros.",
        "See the list [a, b].",
        "The exponent is [^] here, or [^ 2].",
        "Refunds take 30 days.",
    ],
)
def test_other_brackets_are_no_marker(text: str) -> None:
    assert list(citation_spans(text)) == []


def test_without_citations_removes_each_marker_and_the_space_before_it() -> None:
    assert without_citations("Refunds take 5 days [1][2].") == "Refunds take 5 days."
    assert (
        without_citations("It applies to land[2] and houses.") == "It applies to land and houses."
    )
    assert without_citations("Founded in [2019] by Ada.") == "Founded in [2019] by Ada."
    text = "No marker here."
    assert without_citations(text) is text
