"""The sources corpus: which words and details the kept sources hold."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.judging.corpus import SourceCorpus, _Amounts, _differ_by
from grounding_sidecar.detection.text.details import Detail, DetailKind, extract_details
from tests.support.word_texts import word_texts

CORPUS = SourceCorpus(["Order 5512 shipped on 3 June 2024 from Leeds."])


def test_words_are_looked_up_in_lower_case() -> None:
    assert not CORPUS.has_word_outside("order SHIPPED")
    assert CORPUS.has_word_outside("Order delivered")
    assert CORPUS.uses("leeds") and not CORPUS.uses("ship")  # one token, as written


@pytest.mark.parametrize(
    ("claim", "held"),
    [
        ("It shipped on 3 June.", True),  # a date without its year
        ("It shipped on 4 June.", False),
        ("It left Leeds.", True),
        ("It left York.", False),
    ],
)
def test_a_detail_is_held_when_a_source_states_it(claim: str, held: bool) -> None:
    (detail,) = extract_details(claim)
    assert CORPUS.contains(detail) is held


def test_a_number_must_be_the_same_number() -> None:
    assert [CORPUS.contains(d) for d in extract_details("Order 5513 left.")] == [False, True]


def test_a_share_in_words_is_held_only_by_a_share() -> None:
    # "twice as" is 100%: a bare "100" states no such share, "100%" and two amounts
    # of one thing, the second twice the first, do.
    (share,) = extract_details("The north site holds twice as many pallets.")
    assert not SourceCorpus(["The site holds 400 pallets and 100 trucks."]).contains(share)
    assert SourceCorpus(["Stock rose 100% this year."]).contains(share)
    assert SourceCorpus(["The north site holds 400 pallets, the south 200 pallets."]).contains(
        share
    )


def test_twice_states_the_number_two() -> None:
    corpus = SourceCorpus(["Books can be renewed twice online."])
    (two,) = extract_details("A book can be renewed online two times.")
    (three,) = extract_details("A book can be renewed online three times.")
    assert corpus.contains(two) and not corpus.contains(three)
    (bare,) = extract_details("A book can be renewed 2 more times online.")
    assert corpus.contains(bare)


def test_twice_is_no_amount_of_another_unit() -> None:
    corpus = SourceCorpus(["Books are lent for three weeks and can be renewed twice."])
    weeks = [d for d in extract_details("DVDs are lent for two weeks.") if d.unit]
    assert weeks and not any(corpus.contains(d) for d in weeks)


DATED = SourceCorpus(
    [
        "Posted on February 22, 2011. The final takes place on April 9th in Albuquerque.",
        "The Rio 2016 Olympic Games. A recruiter screens candidates.",
    ]
)


@pytest.mark.parametrize(
    ("claim", "held"),
    [
        ("The final was on April 9, 2011.", True),  # the day in one sentence, the year in another
        ("The final was on April 9, 2012.", False),  # a year the source never states
        ("The final was on April 10, 2011.", False),
        ("The Olympic Games were in 2016.", True),
        ("He led the Olympics team.", True),  # a name by its singular
        ("Recruiters screen candidates.", True),
        ("He led the Paralympics team.", False),
    ],
)
def test_a_detail_may_be_held_in_another_form(claim: str, held: bool) -> None:
    details = [d for d in extract_details(claim) if d.kind in (DetailKind.DATE, DetailKind.ENTITY)]
    found = [DATED.contains(d) for d in details]
    assert found
    assert all(found) if held else not all(found)


@pytest.mark.parametrize(
    ("claim", "held"),
    [
        ("It shipped on 06/03/2026.", True),  # month/day reads as the source's date
        ("It shipped on 03/06/2026.", True),  # and so does day/month
        ("It shipped on 3.6.2026.", True),
        ("It shipped on 06/04/2026.", False),  # neither reading is 3 June
        ("It shipped on 3 June 2026.", True),
    ],
)
def test_a_numeric_date_is_held_by_either_reading(claim: str, held: bool) -> None:
    corpus = SourceCorpus(["Order 5512 shipped on 3 June 2026.", "Billed 2026-06-03."])
    (date,) = [d for d in extract_details(claim) if d.kind is DetailKind.DATE]
    assert corpus.contains(date) is held
    numeric_source = SourceCorpus(["Shipped 06/03/2026."])  # the source may be numeric too
    assert numeric_source.contains(date) is held


def test_a_date_with_no_year_takes_only_its_own_sources_years() -> None:
    corpus = SourceCorpus(["The final is on April 9th.", "The club was founded in 2011."])
    (date,) = extract_details("The final was on April 9, 2011.")
    assert not corpus.contains(date)


NEWS = SourceCorpus(["Sep 10, 2018: a neutral fund partnered with a brand popular in the U.S."])


@pytest.mark.parametrize(
    ("claim", "held"),
    [
        ("They partnered in 2018.", True),  # a year stated only as a date's
        ("They partnered in 2019.", False),
        ("They partnered for 2018 dollars.", False),  # an amount is no year
        ("The brand is popular in the US.", True),  # initials written with dots
        ("The brand is popular in the UK.", False),
        ("The brand is popular in the EU.", False),  # never found inside a word ("neutral")
    ],
)
def test_a_year_or_initials_may_be_written_another_way(claim: str, held: bool) -> None:
    (detail,) = [d for d in extract_details(claim) if d.surface not in ("They", "The")]
    assert NEWS.contains(detail) is held


def test_a_name_with_a_symbol_is_found_only_with_its_symbol() -> None:
    corpus = SourceCorpus(["The SDK ships client libraries for c# and C."])
    found = {
        d.surface: corpus.contains(d)
        for d in extract_details("They ship libraries for C#, C++ and F# with it.")
        if d.kind is DetailKind.ENTITY
    }
    assert found == {"C#": True, "C++": False, "F#": False}


AMOUNTS = SourceCorpus(["Laptops carry a warranty of 2 years.", "Delivery takes 48 hours."])


@pytest.mark.parametrize(
    ("claim", "held"),
    [
        ("The warranty lasts 24 months.", True),  # the same amount in another unit
        ("The warranty lasts 36 months.", False),
        ("Delivery takes 2 days.", True),
        ("Delivery takes 3 days.", False),
        ("It is a two-year warranty.", True),  # a bare number: the number as written
        ("It is a 24-hour service.", False),  # "24" is written nowhere
    ],
)
def test_an_amount_is_held_in_any_unit_of_its_dimension(claim: str, held: bool) -> None:
    (amount,) = [d for d in extract_details(claim) if d.kind is DetailKind.QUANTITY]
    assert AMOUNTS.contains(amount) is held


NAMED = SourceCorpus(
    [
        "Amazon Web Services said on Monday that the United States and the French "
        "government had signed. Tesla's chief executive Elon Musk and Barack Obama spoke "
        "at the NYC event."
    ]
)


@pytest.mark.parametrize(
    ("name", "held"),
    [
        ("AWS", True),  # an initialism for a name the source writes out
        ("US", True),
        ("UK", False),
        ("New York City", True),  # a name written out, for the source's initialism
        ("New Jersey City", False),
        ("President Obama", True),  # a title beside a name the source names
        ("President Biden", False),
        ("Tesla CEO Elon Musk", True),
        ("SpaceX CEO Elon Musk", False),
        ("France", True),  # the country of the source's "French"
        ("German", False),
        ("Muskian", True),  # a name's adjective, for the source's name
        ("Teslan", True),
        ("Edisonian", False),
    ],
)
def test_a_name_is_held_when_the_sources_name_it_another_way(name: str, held: bool) -> None:
    (detail,) = [
        d
        for d in extract_details(f"They met {name} there.")
        if d.kind is DetailKind.ENTITY and d.surface != "They"
    ]
    assert NAMED.contains(detail) is held


def test_a_demonyms_plural_is_held_by_its_country() -> None:
    corpus = SourceCorpus(["The centre works with young people from all regions in Jordan."])
    claim = "The centre works with young Jordanians and Syrians."
    held = {d.surface: corpus.contains(d) for d in extract_details(claim)}
    assert held == {"Jordanians": True, "Syrians": False}


BOUNDED = SourceCorpus(
    [
        "The trial enrolled 1,240 adults. Express delivery costs £6.99. The X2 lasted 14 hours "
        "and the Pro 9 hours. She earned her doctorate in 1971 and founded the movement in 1977. "
        "The board raised the dividend by 2 cents to 28 cents. Bake for 30 minutes with the "
        "lid on, then 15 minutes with the lid off. Revenue was $12.4 billion, against $11.8 "
        "billion a year earlier. Over 500 people attended."
    ]
)


@pytest.mark.parametrize(
    ("claim", "held"),
    [
        # A bound or an estimate, borne out by an amount near it.
        ("It enrolled more than 1,200 adults.", True),
        ("It enrolled more than 1,300 adults.", False),
        ("It enrolled more than 900 adults.", False),  # far under: another amount
        ("It enrolled fewer than 1,300 adults.", True),
        ("It enrolled nearly 1,240 adults.", True),
        ("It enrolled about 1,200 adults.", True),
        ("It enrolled about 1,100 adults.", False),
        ("Delivery costs under £7.", True),
        ("Delivery costs under £6.", False),
        ("Delivery costs about £7.", True),
        # A source's own bound is matched as written: "over 500" bears out no "over 450".
        ("Over 450 people attended.", False),
        # A bare number that may be a year bears out no count.
        ("The movement has more than 1,900 members.", False),
        # A difference: two amounts differ by it.
        ("The X2 lasted five hours longer.", True),
        ("The X2 lasted four hours longer.", False),
        ("She founded it six years later.", True),
        ("She founded it seven years later.", False),
        ("Revenue rose by $0.6 billion.", True),
        ("Revenue rose by $1.6 billion.", False),
        # A change's start from its size and end.
        ("The dividend went from 26 cents to 28.", True),
        ("The dividend went from 24 cents to 28.", False),
        # A total: one sentence's amounts add up to it.
        ("It bakes for 45 minutes in total.", True),
        ("It bakes for a total of 45 minutes.", True),
        ("It bakes for 60 minutes in total.", False),
        ("It bakes for 45 minutes.", False),  # not a total: found only as written
    ],
)
def test_an_amount_held_as_a_bound_a_difference_or_a_total(claim: str, held: bool) -> None:
    # The claim's first amount is the one asked about ("28" is stated as written).
    detail = next(d for d in extract_details(claim) if d.kind is DetailKind.QUANTITY)
    assert BOUNDED.contains(detail) is held


@pytest.mark.parametrize(
    "sources",
    [
        ["The library opened on Monday. It moved in 2001."],
        ["The library opened on 3 June. It moved in 2001."],
    ],
)
def test_a_date_without_a_year_is_no_year_to_count_from(sources: list[str]) -> None:
    # A weekday ("weekday-mon") or a date with no year ("*-06-03") states no year:
    # a number of years is never counted from it, and reading it is no error.
    (detail,) = [
        d for d in extract_details("It moved six years later.") if d.kind is DetailKind.QUANTITY
    ]
    assert SourceCorpus(sources).contains(detail) is False


@settings(max_examples=300, deadline=None)
@given(
    amounts=st.lists(
        st.one_of(
            st.integers(-3000, 30000).map(float),
            st.integers(-300, 3000).map(lambda n: n / 10),
            st.floats(-1e6, 1e6, allow_nan=False),
        ),
        max_size=40,
        unique=True,
    ),
    wanted=st.one_of(
        st.integers(0, 3000).map(float),
        st.integers(0, 300).map(lambda n: n / 10),
        st.floats(0, 1e6, allow_nan=False),
    ),
)
def test_a_difference_is_found_as_every_pair_would_find_it(
    amounts: list[float], wanted: float
) -> None:
    # Looked up in a window of the sorted amounts, not pair by pair, with the same
    # float arithmetic: found exactly where a pair's difference equals it.
    every_pair = any(a - b == wanted for a in amounts for b in amounts if a > b)
    assert _differ_by(sorted(amounts), wanted) is every_pair


def test_differences_are_found_among_thousands_of_years() -> None:
    # Every year from 1000 to 2099 once, over a million pairs: a difference no two of
    # them have is not found, one they have is.
    text = " ".join(f"A wing opened in {year}." for year in range(1000, 2100))
    corpus = SourceCorpus([text])
    (half,) = extract_details("It moved 2.5 years later.")
    (six,) = extract_details("It moved six years later.")
    assert not corpus.contains(half) and corpus.contains(six)


_AMOUNT = st.builds(
    Detail,
    kind=st.sampled_from([DetailKind.QUANTITY, DetailKind.ENTITY]),
    value=st.sampled_from(["2", "24", "12"]),
    unit=st.sampled_from(["", "month", "usd"]),
    surface=st.just("-"),
    written=st.sampled_from(["", "2", "1"]),
)


def _agree_pairwise(known: Detail, claimed: Detail) -> bool:
    """The rule as written, one source amount at a time."""
    if known.kind is not DetailKind.QUANTITY:
        return False
    if known.unit and claimed.unit:
        return known.unit == claimed.unit and known.value == claimed.value
    return known.number == claimed.number


@settings(max_examples=300, deadline=None)
@given(known=st.lists(_AMOUNT, max_size=8), claimed=_AMOUNT)
def test_an_amount_is_looked_up_as_pairwise_comparison_finds_it(
    known: list[Detail], claimed: Detail
) -> None:
    expected = any(_agree_pairwise(k, claimed) for k in known)
    assert _Amounts(known).agree_with(claimed) is expected


def test_the_rest_of_a_share_and_the_length_of_a_stretch_are_held() -> None:
    corpus = SourceCorpus(
        [
            "Roughly two-thirds of the loss came from melting and the remainder from calving. "
            "Between 09:14 and 10:02 UTC customers could not log in."
        ]
    )
    third, _ = extract_details("About a third of the loss came from calving.")
    minutes, _ = extract_details("Customers could not log in for 48 minutes.")
    longer, _ = extract_details("Customers could not log in for 58 minutes.")
    assert corpus.contains(third) and corpus.contains(minutes)
    assert not corpus.contains(longer)


@pytest.mark.parametrize(
    ("source", "held"),
    [
        ("Date Fri 15 Feb 19 | Both teams took the national cup.", True),
        ("It opened in June '19 with both teams.", True),
        ("On 15 Feb 19 players took the national cup.", False),  # 19 players, no year
    ],
)
def test_a_year_written_in_two_digits_is_found(source: str, held: bool) -> None:
    (detail,) = extract_details("Both teams won the national cup in 2019.")
    assert SourceCorpus([source]).contains(detail) is held


VALUES_VOCABULARY = (
    "about more than under nearly in total a total of rose by to from $5 £6.99 0.00001 "
    "1e-05 1,240 2019 45 minutes 30 15 . , cents " + "9" * 308 + " " + "9" * 400
).split()


@settings(max_examples=200, deadline=None)
@given(
    word_texts(VALUES_VOCABULARY, max_words=20),
    word_texts(VALUES_VOCABULARY, max_words=20),
)
def test_any_amount_is_looked_up_without_error(claim: str, source: str) -> None:
    # Bounds, estimates, totals and changes read from any words: the lookups of a claim
    # raise nothing, and every amount the source states is found in it.
    corpus = SourceCorpus([source])
    for detail in extract_details(claim):
        corpus.contains(detail)
    for detail in extract_details(source):
        assert corpus.contains(detail), detail


@pytest.mark.parametrize(
    ("source", "held"),
    [
        ("The league was founded in 1450.", True),  # a year names its century
        ("Trade peaked in the 1490s.", True),  # so does a decade
        ("Trade peaked in the 1400s.", True),  # and a century's years
        ("It reached its height in the 15th century.", True),
        ("It reached its height in the fifteenth century.", True),
        ("The league was founded in 1350.", False),
        ("It reached its height in the 14th century.", False),
        ("The league had 15 members.", True),  # a bare number backs an ordinal
    ],
)
def test_a_century_is_held_by_an_ordinal_a_year_or_a_decade(source: str, held: bool) -> None:
    (detail,) = extract_details("It peaked in the 15th century.")
    assert SourceCorpus([source]).contains(detail) is held


def test_a_rank_is_held_by_its_rank_its_number_or_its_times_and_a_century_is_no_duration() -> None:
    (rank,) = extract_details("It was the fifth increase.")
    assert SourceCorpus(["It came after 5 increases."]).contains(rank)
    assert SourceCorpus(["It was the 5th increase."]).contains(rank)
    assert SourceCorpus(["They have won the title five times."]).contains(rank)
    # A number of another unit is no rank: "3 percent" holds no "third increase".
    assert not SourceCorpus(["Prices rose for 5 years."]).contains(rank)
    (century,) = extract_details("It peaked in the 15th century.")
    assert not SourceCorpus(["It lasted 15 centuries."]).contains(century)


def test_a_race_time_is_found_as_the_duration_the_sources_write_in_words() -> None:
    corpus = SourceCorpus(["She won the race in 2 hours 9 minutes 56 seconds."])
    (found,) = extract_details("She won in 2:09:56.")
    assert found.kind is DetailKind.TIME
    assert corpus.contains(found)
    (other,) = extract_details("She won in 2:19:56.")
    assert not corpus.contains(other)
