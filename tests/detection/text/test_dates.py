"""Dates as values: every way a text writes one, and when a known date backs a
claimed one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.text.dates import KnownDates, dates_agree, find_dates
from grounding_sidecar.detection.text.details import DetailKind, extract_details


def _values(text: str) -> list[str]:
    return [date.value for date in find_dates(text)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("It shipped on 3 June 2026.", "2026-06-03"),
        ("It shipped on June 3rd.", "*-06-03"),
        ("It shipped on 2026-06-03.", "2026-06-03"),
        ("It shipped on 06/03/2026.", "2026-03-06|2026-06-03"),  # either way round
        ("It shipped on 24/06/2026.", "2026-06-24"),  # only day/month reads
        ("It shipped on 06/24/2026.", "2026-06-24"),  # only month/day reads
        ("It shipped on 31.12.2009.", "2009-12-31"),
        ("It shipped on 07-24-14.", "2014-07-24"),  # two-digit years as strptime
        ("It shipped on 07-24-99.", "1999-07-24"),
        ("It shipped on Tuesday.", "weekday-tue"),
        ("It shipped in June '19.", "2019-06-*"),  # two digits after an apostrophe
        ("It shipped on 3 June ’99.", "1999-06-03"),
        ("Date Fri 15 Feb 19 | Essex", "2019-02-15"),  # a header: weekday, day, month, year
    ],
)
def test_a_date_is_read_every_way_the_calendar_allows(text: str, value: str) -> None:
    assert _values(text)[0] == value


@pytest.mark.parametrize("text", ["It costs 38/7/2035 units.", "Pi is 3.14.", "Steps 1/2/3."])
def test_numbers_no_calendar_reads_are_no_date(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize(
    ("known", "claimed", "covered"),
    [
        ("2026-06-03", "*-06-03", True),  # "3 June" backed by "3 June 2026"
        ("*-06-03", "2026-06-03", False),  # the claim states a year the source does not
        ("2026-06-03", "2026-03-06|2026-06-03", True),  # either reading
        ("2026-03-06|2026-06-03", "2026-06-03", True),  # a numeric source too
        ("2026-06-03", "2026-04-06|2026-06-04", False),
        ("weekday-tue", "weekday-tue", True),
        ("weekday-tue", "*-06-03", False),
    ],
)
def test_a_known_date_covers_what_a_claim_states(known: str, claimed: str, covered: bool) -> None:
    assert KnownDates([known]).back(claimed) is covered


_FIELDS = (st.sampled_from(["*", "1999", "2026"]), st.sampled_from(["*", "03", "06"]),
           st.sampled_from(["*", "03", "06"]))  # fmt: skip
_READING = st.one_of(
    st.tuples(*_FIELDS).map("-".join), st.sampled_from(["weekday-mon", "weekday-tue"])
)
_DATE = st.lists(_READING, min_size=1, max_size=2, unique=True).map("|".join)


def _field_by_field(known: str, claimed: str) -> bool:
    """The rule as written: a stated field matches, `*` is open; a weekday is itself."""

    def covers(theirs: str, mine: str) -> bool:
        if theirs.startswith("weekday-") or mine.startswith("weekday-"):
            return theirs == mine
        pairs = zip(mine.split("-"), theirs.split("-"), strict=True)
        return all(m in ("*", t) for m, t in pairs)

    return any(covers(t, m) for t in known.split("|") for m in claimed.split("|"))


@settings(max_examples=300, deadline=None)
@given(known=_DATE, claimed=_DATE)
def test_a_date_is_backed_by_lookup_as_field_by_field(known: str, claimed: str) -> None:
    assert KnownDates([known]).back(claimed) is _field_by_field(known, claimed)


@pytest.mark.parametrize(
    ("first", "second", "agree"),
    [
        ("2018-10-18", "*-10-18", True),  # "18 October 2018" and "18 October"
        ("2018-10-18", "*-10-19", False),
        ("2018-10-18", "2019-10-18", False),
        ("*-10-*", "2018-10-18", True),  # a month alone and a day in it
        ("2026-03-06|2026-06-03", "*-06-03", True),  # one reading of "06/03/2026" agrees
        ("2026-03-06|2026-06-03", "*-06-04", False),
        ("weekday-wed", "2026-06-03", True),  # 3 June 2026 is a Wednesday
        ("weekday-mon", "2026-06-03", False),
        ("weekday-mon", "*-06-03", True),  # no year: which weekday it is stays open
        ("weekday-mon", "2026-02-31", True),  # no such day: nothing to stand against
        ("weekday-mon", "weekday-tue", False),
    ],
)
def test_two_dates_agree_when_they_can_name_one_day(first: str, second: str, agree: bool) -> None:
    assert dates_agree(first, second) is agree
    assert dates_agree(second, first) is agree


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # Two digits with no weekday before them may be a count or a time: no year.
        ("On 15 Feb 19 people came.", ["*-02-15"]),
        ("Kick-off Fri 15 Feb 19:30.", ["*-02-15"]),
        # The header's weekday is read on its own.
        ("Friday 15 February 19", ["2019-02-15", "weekday-fri"]),
    ],
)
def test_a_two_digit_year_needs_an_apostrophe_or_a_weekday_before(
    text: str, values: list[str]
) -> None:
    assert _values_kept(text) == values


def _values_kept(text: str) -> list[str]:
    """The dates a text's details keep (overlapping readings dropped)."""
    return [d.value for d in extract_details(text) if d.kind is DetailKind.DATE]
