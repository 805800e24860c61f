"""Times of day as values: the same time written another way reads as one value, and
the half of the day stays open only where the text leaves it open."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.clock import (
    as_duration,
    find_times,
    stretch_lengths,
    times_agree,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("02:00", "02:00"),
        ("2 AM", "02:00"),
        ("2am", "02:00"),
        ("2 a.m.", "02:00"),
        ("14:30", "14:30"),
        ("2:30 PM", "14:30"),
        ("2:30pm", "14:30"),
        ("10.30 am", "10:30"),
        ("noon", "12:00"),
        ("12 noon", "12:00"),
        ("midnight", "00:00"),
        ("12 AM", "00:00"),
        ("12 PM", "12:00"),
        ("14:30:00", "14:30"),
        ("2:00", "02:00|14:00"),  # no AM/PM, no leading zero: either half of the day
    ],
)
def test_each_way_of_writing_a_time_is_one_value(text: str, value: str) -> None:
    (time,) = find_times(f"The job runs at {text} every day.")
    assert (time.value, time.surface) == (value, text)


@pytest.mark.parametrize(
    "text",
    ["a ratio of 3:1", "version 1.2:30", "2.30 metres", "I am here", "in the afternoon"],
)
def test_what_is_not_a_time(text: str) -> None:
    assert list(find_times(text)) == []


def test_times_agree_when_they_share_a_reading() -> None:
    assert times_agree("02:00", "02:00")
    assert times_agree("14:00", "02:00|14:00")  # "2 PM" and "2:00"
    assert times_agree("02:00|14:00", "02:00")
    assert not times_agree("02:00", "14:00")  # "02:00" and "2 PM"
    assert not times_agree("02:00|14:00", "03:00|15:00")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The race began at half past eight in the morning.", "08:30"),
        ("Doors open at a quarter to six.", "05:45|17:45"),
        ("The shop closes at seven o'clock.", "07:00|19:00"),
        ("Dinner is served at eight in the evening.", "20:00"),
        ("The bar closes at twelve at night.", "00:00"),
        ("The alarm went off at two at night.", "02:00"),
    ],
)
def test_a_time_in_words_is_a_time(text: str, value: str) -> None:
    (time,) = find_times(text)
    assert time.value == value


def test_an_hour_word_alone_is_no_time() -> None:
    assert list(find_times("Eight people came at ten past the deadline.")) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The store opens at 9 in the morning.", "09:00"),
        ("The store closes at 5 in the afternoon.", "17:00"),
        ("The train leaves at 6 in the evening.", "18:00"),
        ("The bar closes at 10 at night.", "22:00"),
        ("The bar closes at 12 at night.", "00:00"),
        ("Doors open at 7 o'clock.", "07:00|19:00"),
        ("Doors open at 7 o\u2019clock in the evening.", "19:00"),
    ],
)
def test_a_digit_hour_with_its_half_of_the_day_is_a_time(text: str, value: str) -> None:
    """ "9 in the morning" is 9 AM: a claim that writes it so restates the source's time,
    and "9 in the evening" stands against it."""
    (time,) = find_times(text)
    assert time.value == value


@pytest.mark.parametrize("text", ["We had 9 in the group.", "Seats 1 to 9 in the hall."])
def test_a_digit_hour_alone_is_no_time(text: str) -> None:
    assert list(find_times(text)) == []


@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        ("Between 09:14 and 10:02 UTC customers could not log in.", [("09:14 and 10:02", 48)]),
        ("The desk is open from 9 AM to 5 PM.", [("9 AM to 5 PM", 480)]),
        ("The shift runs from 11 PM to 1 AM.", [("11 PM to 1 AM", 120)]),  # across midnight
        ("Lessons run from 2:00 to 3:30.", [("2:00 to 3:30", 90)]),  # the shortest reading
        ("Open 9 AM - 5 PM daily.", [("9 AM - 5 PM", 480)]),
        ("Trains leave at 9 AM and 5 PM.", []),  # two times, no stretch
    ],
)
def test_a_stretch_of_the_day_has_its_length(text: str, lengths: list[tuple[str, int]]) -> None:
    assert list(stretch_lengths(text)) == lengths


@pytest.mark.parametrize(
    ("said", "found"),
    [
        ("won in 2 hours 9 minutes 56 seconds", True),
        ("in 2 hr, 9 min and 56 sec", True),
        ("in 2h 9m 56s", True),
        ("in 2 hours 19 minutes 56 seconds", False),  # another duration
        ("in 12 hours 9 minutes 56 seconds", False),
        ("in 2 hours 9 minutes", False),  # its seconds left out
    ],
)
def test_a_clock_reading_with_seconds_is_read_as_a_duration_in_words(
    said: str, found: bool
) -> None:
    duration = as_duration("2:09:56")
    assert duration is not None
    assert (duration.search(said) is not None) is found
    assert as_duration("14:30") is None  # a time of day only
