"""A thing the passage keeps as it was, said by the claim to have changed."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.unchanged import changed_where_kept

RESULTS = (
    "Revenue rose 8% to 4.1 billion dollars, but net profit fell 12% because of higher "
    "energy costs. The company kept its dividend unchanged."
)
RATES = "Interest rates were left unchanged at 4.5% on Thursday. The annual fee remained the same."


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        ("The company raised its dividend.", RESULTS, ("raised", "kept its dividend unchanged")),
        (
            "The bank cut interest rates to 4.5%.",
            RATES,
            ("cut", "interest rates were left unchanged"),
        ),
        ("The annual fee was doubled.", RATES, ("doubled", "the annual fee remained the same")),
    ],
)
def test_a_change_of_what_the_passage_keeps_is_found(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert changed_where_kept(claim, passage) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The company kept its dividend unchanged.", RESULTS),  # says it was kept
        ("The dividend was not changed.", RESULTS),  # a negation says so too
        ("Net profit fell 12%.", RESULTS),  # a change of something else
        ("Mortgage rates rose after the decision.", RATES),  # other rates
        ("The bank cut interest rates.", "Rates were unchanged after they were cut in May."),
        # A year is no thing kept, and "flat to up 2%" is a range.
        (
            "Earnings per share will decrease in the fourth quarter of 2020.",
            "We expect our average selling price in the fourth quarter of 2020 will be flat.",
        ),
        ("Prices will decrease next quarter.", "Prices will be flat to up 2% next quarter."),
    ],
)
def test_no_change_is_found_where_none_is_said_of_the_thing_kept(claim: str, passage: str) -> None:
    assert changed_where_kept(claim, passage) is None
