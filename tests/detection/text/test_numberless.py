"""Spans that read as numbers but state none: what the detail reader sets aside."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.numberless import numberless_spans


def _set_aside(text: str) -> list[str]:
    return sorted(text[start:end] for start, end in numberless_spans(text))


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("4. Turn on the diffuser.", ["4."]),
        ("12) Press the button.", ["12)"]),
        ("- 3. Restart the router.", ["3."]),
        ("Refunds take 30 days [1].", ["[1]"]),
        ("To teach, one must hold a degree.", ["one"]),
        ("No one may enter the lab.", ["one"]),
        ("It is one of the largest firms in Israel.", ["one"]),
        ("It is one of the most cited papers.", ["one"]),
        ("1. One of the best options, one can say.", ["1.", "One", "one"]),
        ("One reason could be the strike.", ["One"]),
        ("One way to reset it is to hold the button.", ["One"]),
        ("One unique benefit of the plan is that it allows loans.", ["One"]),
        ("It rained. One possibility is that the dam failed.", ["One"]),
        ('"One major concern is cost," she said.', ["One"]),
        ("It is one of the reasons for the delay.", ["one"]),
        ("One of its key features is a timer.", ["One"]),
        ("One of the possibilities is rain.", ["One"]),
    ],
)
def test_markers_and_pronouns_hold_no_number(text: str, spans: list[str]) -> None:
    assert _set_aside(text) == spans


@pytest.mark.parametrize(
    "text",
    [
        "He scored 4. Then he left.",  # a number that ends a sentence, not a list's
        "Step 4. Restart.",
        "The fee is 2019.",
        "Only one refund is allowed per order.",  # a count
        "One of the three approvers must sign.",  # one of a counted group
        "One engineer founded the company.",
        "One study found that coffee helps.",  # studies are counted
        "There is one way to reset it.",  # inside a sentence: a count
        "One Way Airlines flies daily.",  # a name
        "Reason one is the cost.",
        "One of the three reasons is cost.",  # one of a counted group
        "One of the two main reasons is cost.",
        "One of the twenty reasons is cost.",
        "One of the thousand options is free.",
        "One of the approvers must sign.",  # approvers are counted
    ],
)
def test_numbers_that_count_stay_numbers(text: str) -> None:
    assert _set_aside(text) == []
