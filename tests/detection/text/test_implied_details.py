"""What a source implies without stating it: a change's size, how many times one
amount is another."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.details import Detail
from grounding_sidecar.detection.text.implied_details import implied_details, implied_multiples


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("It grew from 1.2 million to 1.5 million.", ("300000", "")),
        ("Prices rose from $5 to $7.50.", ("2.5", "usd")),
        ("Waits fell from 40 to 20 minutes.", ("1200", "s")),  # the first in the second's unit
    ],
)
def test_a_change_from_one_amount_to_another_implies_its_size(
    text: str, size: tuple[str, str]
) -> None:
    assert [(d.value, d.unit) for d in _sizes(text)] == [size]


@pytest.mark.parametrize(
    "text", ["Rates went from 2% to 3.5%.", "It went from 3 km to 5 miles.", "from 5 to 5 kg"]
)
def test_no_size_is_implied_for_points_other_units_or_no_change(text: str) -> None:
    assert _sizes(text) == []


def _sizes(text: str) -> list[Detail]:
    """The sizes of change `implied_details` reads: its shares quote the whole "from X
    to Y", its sizes only "X to Y"."""
    return [d for d in implied_details(text) if not d.surface.lower().startswith("from")]


@pytest.mark.parametrize(
    ("text", "implied"),
    [
        # Two amounts of one thing in a sentence: the multiple and both shares.
        (
            "The north site holds 400 pallets, while the south site holds 200 pallets.",
            {("2", "x"), ("100", "%"), ("50", "%")},
        ),
        (
            "The basic plan costs $10 and the premium plan $25.",
            {("2.5", "x"), ("150", "%"), ("60", "%")},
        ),
        # Not of one thing, not in one sentence, or a change (its shares have a direction).
        ("The site holds 400 pallets and 200 trucks.", set()),
        ("The north site holds 400 pallets. The south site holds 200 pallets.", set()),
        ("Prices rose from $5 to $7.50.", set()),
    ],
)
def test_two_amounts_of_one_thing_imply_how_many_times_one_is_the_other(
    text: str, implied: set[tuple[str, str]]
) -> None:
    assert {(d.value, d.unit) for d in implied_multiples(text)} == implied


def test_amounts_of_one_thing_are_compared_a_bounded_number_at_a_time() -> None:
    text = " and ".join(f"{n} pallets" for n in range(1, 200)) + "."
    multiples = [d for d in implied_multiples(text) if d.unit == "x"]
    assert len(multiples) == 12 * 11 // 2  # the first 12 amounts, pair by pair


def test_twice_is_a_count_of_times_not_a_bare_number() -> None:
    (count,) = implied_details("A loan can be renewed twice online.")
    assert (count.value, count.unit) == ("2", "x")
