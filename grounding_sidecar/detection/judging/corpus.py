"""The kept sources (and approved references), indexed for the lookups a check makes."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cached_property

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.amounts import may_be_year, written_as_year
from grounding_sidecar.detection.text.bounds import BORNE_OUT, Bound, reach, within
from grounding_sidecar.detection.text.clock import as_duration, times_agree
from grounding_sidecar.detection.text.dates import KnownDates
from grounding_sidecar.detection.text.details import (
    WORD,
    Detail,
    DetailKind,
    extract_details,
)
from grounding_sidecar.detection.text.frequencies import frequencies
from grounding_sidecar.detection.text.identifiers import is_identifier, tokens_in
from grounding_sidecar.detection.text.implied_details import (
    implied_details,
    implied_multiples,
    implied_starts,
    implied_totals,
)
from grounding_sidecar.detection.text.names import (
    TITLES,
    adjective_bases,
    initialisms,
    initials,
    initials_of_names,
    is_initialism,
    other_names,
)
from grounding_sidecar.detection.text.ordinals import (
    CENTURY_UNIT,
    RANK_UNIT,
    centuries_of_year,
    decade_centuries,
)
from grounding_sidecar.detection.text.symbol_names import is_symbol_name, symbol_names_in
from grounding_sidecar.detection.text.units import TIMES_UNIT

# A name's words as written ("Coca-Cola" is two).
_NAME_TOKEN = re.compile(r"[A-Za-z0-9]+")


class SourceCorpus:
    """Every detail of every kept source (and approved reference), for lookups."""

    def __init__(self, texts: Iterable[str]) -> None:
        texts = list(texts)
        self._lowered = "\n".join(texts).lower()
        self._words = frozenset(WORD.findall(self._lowered))
        self._details = [
            detail for text in texts for detail in (*extract_details(text), *implied_details(text))
        ]
        self._times = {d.value for d in self._details if d.kind is DetailKind.TIME}
        self._texts = texts
        self._sorted_amounts: dict[str | None, list[float]] = {}  # by unit, as asked
        self._sorted_stated: dict[str, list[float]] = {}  # by unit, as asked

    @cached_property
    def _dates(self) -> frozenset[str]:
        """Asked only when a claim states a date: most checks never build it."""
        return frozenset(date for text in self._texts for date in _dates_of(text))

    @cached_property
    def _amounts(self) -> _Amounts:
        return _Amounts(self._details)

    @cached_property
    def _multiples(self) -> _Amounts:
        """Asked only when a claim states a share or a multiple no source writes."""
        return _Amounts(d for text in self._texts for d in implied_multiples(text))

    @cached_property
    def _change_starts(self) -> _Amounts:
        """Asked only when a claim states an amount no source states otherwise."""
        return _Amounts(d for text in self._texts for d in implied_starts(text))

    @cached_property
    def _totals(self) -> _Amounts:
        """Asked only when a claim states a total no source writes."""
        return _Amounts(d for text in self._texts for d in implied_totals(text))

    @cached_property
    def _known_dates(self) -> KnownDates:
        return KnownDates(self._dates)

    @cached_property
    def content_words(self) -> frozenset[str]:
        """Stemmed content words of every text (the lexical features' vocabulary)."""
        return frozenset().union(*(words.content_words(text) for text in self._texts))

    @cached_property
    def periods(self) -> frozenset[str]:
        """Every period a source states something repeats over ("monthly": month)."""
        return frozenset(period for text in self._texts for period in frequencies(text))

    @cached_property
    def bigrams(self) -> frozenset[tuple[str, str]]:
        return frozenset().union(*(words.bigrams(text) for text in self._texts))

    def uses(self, word: str) -> bool:
        """Whether a kept source uses `word` (lower case, one WORD token)."""
        return word in self._words

    def has_word_outside(self, text: str) -> bool:
        """Whether `text` uses a word that no kept source does."""
        return any(word not in self._words for word in WORD.findall(text.lower()))

    def contains(self, detail: Detail) -> bool:
        if detail.kind is DetailKind.QUANTITY:
            return (
                self._amounts.agree_with(detail)
                or (detail.unit == CENTURY_UNIT and int(detail.value) in self._centuries)
                or (detail.unit == RANK_UNIT and self._amounts.agree_with(_as_times(detail)))
                or (may_be_year(detail.value, detail.unit) and detail.value in self._date_years)
                or (detail.bound is Bound.DIFFERENCE and self._differs_by(detail))
                or (detail.bound in BORNE_OUT and self._bears_out(detail))
                or (detail.bound is Bound.TOTAL and self._totals.agree_with(detail))
                or (detail.unit in _MULTIPLE_UNITS and self._multiples.agree_with(detail))
                or self._change_starts.agree_with(detail)
            )
        if detail.kind is DetailKind.DATE:
            # "3 June" is supported by "3 June 2024"; a bare month by any date in it.
            return self._known_dates.back(detail.value)
        if detail.kind is DetailKind.TIME:
            # "2 PM" is supported by "14:00", and by "2:00" (either half of the day); a
            # race's "2:09:56" by "2 hours 9 minutes 56 seconds".
            return any(times_agree(known, detail.value) for known in self._times) or (
                self._states_duration(detail.surface)
            )
        if is_symbol_name(detail.surface):
            return detail.value in self._symbol_names  # "c#" is not found in "C is ..."
        if is_identifier(detail.surface):
            return detail.value in self._identifier_tokens  # "save25" is not "save20"
        return self._names(detail)

    def _states_duration(self, surface: str) -> bool:
        duration = as_duration(surface)
        return duration is not None and any(duration.search(text) for text in self._texts)

    def _differs_by(self, detail: Detail) -> bool:
        """Whether two amounts the sources state, in the detail's unit, differ by it
        ("five hours longer": 14 hours and 9 hours), or two years they state do by a
        number of years ("six years before": 1971 and 1977)."""
        try:
            wanted = float(detail.value)
        except ValueError:
            return False
        return _differ_by(self._amounts_in(detail.unit), wanted)

    def _bears_out(self, detail: Detail) -> bool:
        """Whether an amount the sources state as written, in the detail's unit, bears
        out its bound or estimate ("more than 1,200" by 1,240, "under £7" by £6.99,
        "about 200 pounds" by 199.8; bounds.within).  A bare number that may be a year
        bears none out: "more than 2,000 adults" is not borne out by "in 2019"."""
        try:
            claimed = float(detail.value)
        except ValueError:
            return False
        stated = self._stated_amounts(detail.unit)
        low, high = reach(detail.bound, claimed)
        i = bisect_left(stated, low)
        while i < len(stated) and stated[i] <= high:
            if within(detail.bound, claimed, stated[i]):
                return True
            i += 1
        return False

    def _stated_amounts(self, unit: str) -> list[float]:
        """The distinct amounts the sources state as written (no bound) in `unit`, bare
        numbers ("") but years among them, sorted."""
        amounts = self._sorted_stated.get(unit)
        if amounts is None:
            amounts = self._sorted_stated[unit] = sorted(
                {
                    float(known.value)
                    for known in self._numeric_by_unit.get(unit, ())
                    if known.bound is Bound.EXACT
                    and not written_as_year(known.value, known.unit, known.surface)
                }
            )
        return amounts

    def _amounts_in(self, unit: str | None) -> list[float]:
        """The distinct amounts the sources state in `unit`, sorted; in months, every
        year they state as well (a number of years is held in months)."""
        amounts = self._sorted_amounts.get(unit)
        if amounts is None:
            # A difference is read in a unit only, never of bare numbers.
            numeric = self._numeric_by_unit.get(unit, []) if unit else []
            values = {float(known.value) for known in numeric}
            if unit == _YEARS_UNIT:
                values |= {float(year) * _MONTHS_A_YEAR for year in self._years}
            amounts = self._sorted_amounts[unit] = sorted(values)
        return amounts

    @cached_property
    def _numeric_by_unit(self) -> dict[str, list[Detail]]:
        """The sources' quantities whose value is a number, by unit ("" for bare
        numbers): one pass over the details, however many units are asked."""
        grouped: dict[str, list[Detail]] = {}
        for known in self._details:
            if known.kind is DetailKind.QUANTITY and _is_number(known.value):
                grouped.setdefault(known.unit, []).append(known)
        return grouped

    @cached_property
    def _centuries(self) -> frozenset[int]:
        """Every century the sources name by a year or a decade ("in 1450", "the
        1490s": the 15th); asked only when a claim names a century no source does."""
        named = {century for text in self._texts for century in decade_centuries(text)}
        for year in self._years:
            named |= centuries_of_year(int(float(year)))
        return frozenset(named)

    @cached_property
    def _years(self) -> frozenset[str]:
        """Every year the sources state, alone or in a date."""
        alone = {
            known.value
            for known in self._details
            if known.kind is DetailKind.QUANTITY and may_be_year(known.value, known.unit)
        }
        return frozenset(alone | set(self._date_years))

    def _names(self, detail: Detail) -> bool:
        """Whether the sources name what a name names: word by word, never inside a
        word ("EU" is not found in "neutral"), a title beside a person's name aside
        ("President Obama" is named by "Barack Obama"); a word in capitals also by what
        it stands for ("AWS" by "Amazon Web Services"), and a name of several words
        also by its initialism ("United States" by "the U.S."; names.py)."""
        tokens = _NAME_TOKEN.findall(detail.surface)
        untitled = [token for token in tokens if token.lower() not in TITLES] or tokens
        if all(self._names_token(token) for token in untitled):
            return True
        return len(untitled) > 1 and initials(detail.surface) in self._initialisms

    def _names_token(self, token: str) -> bool:
        """A name's word as written, as its singular, as initials written with dots, as
        a country's adjective for the country ("French" for "France"), any other
        name's adjective for the name ("Venusian" for "Venus"), or, in
        capitals, as the initials of a name the sources write out."""
        word = token.lower()
        return (
            word in self._words
            or _singular(word) in self._singulars
            or word in self._acronyms
            or any(other in self._words for other in other_names(word))
            or any(base in self._words for base in adjective_bases(word))
            or (is_initialism(token) and word in self._initials_of_names)
        )

    @cached_property
    def _initials_of_names(self) -> frozenset[str]:
        return frozenset().union(*(initials_of_names(text) for text in self._texts))

    @cached_property
    def _initialisms(self) -> frozenset[str]:
        return frozenset().union(*(initialisms(text) for text in self._texts))

    @cached_property
    def _singulars(self) -> frozenset[str]:
        return frozenset(_singular(word) for word in self._words)

    @cached_property
    def _acronyms(self) -> frozenset[str]:
        """Initials written with dots, without them: "US" is named by "the U.S."."""
        return frozenset(found.replace(".", "") for found in _DOTTED.findall(self._lowered))

    @cached_property
    def _identifier_tokens(self) -> frozenset[str]:
        return frozenset().union(*(tokens_in(text) for text in self._texts))

    @cached_property
    def _symbol_names(self) -> frozenset[str]:
        return symbol_names_in(self._lowered)

    @cached_property
    def _date_years(self) -> frozenset[str]:
        """The years of the sources' dates: "in 2018" is backed by "Sep 10, 2018".  A
        date with no year ("*-06-03") or a weekday ("weekday-mon") states none."""
        years = (date.split("-")[0] for date in self._dates)
        return frozenset(year for year in years if year.isdigit())


# A number of years is held in months (units.py), as "year" converts to.
_YEARS_UNIT = "month"
_MONTHS_A_YEAR = 12.0
# The window around `a - wanted` in which `_differ_by` looks for b, relative to the
# amounts' size: rounding moves b from it by about 1e-16 of that.
_DIFFERENCE_WINDOW = 1e-9
# Initials with dots ("u.s.", "u.s.a."), in lower-cased text.
_DOTTED = re.compile(r"\b(?:[a-z]\.){2,}")


def _differ_by(amounts: Sequence[float], wanted: float) -> bool:
    """Whether two of `amounts` (distinct, sorted) differ by `wanted`, as `a - b ==
    wanted` computes it.  Where it does, b lies within a few units in the last place of
    `a - wanted`, so for each a only the amounts in a narrow window around that are
    tried: n log n steps, not a step per pair (sources can state thousands of amounts
    in one unit, every year among them)."""
    for a in amounts:
        target = a - wanted
        window = _DIFFERENCE_WINDOW * max(abs(a), abs(wanted), 1.0)
        i = bisect_left(amounts, target - window)
        while i < len(amounts) and amounts[i] <= target + window:
            if a > amounts[i] and a - amounts[i] == wanted:
                return True
            i += 1
    return False


# The units of a share or a multiple ("twice as many": 100%, "three times": 3 x).
_MULTIPLE_UNITS = frozenset({"%", TIMES_UNIT})


class _Amounts:
    """The sources' amounts, for asking whether one agrees with a claim's: two amounts
    of one unit agree by value ("24 months" and "2 years" are one, units.py); a bare
    number agrees with an amount that writes it ("two-year" with "2 years").  Looked
    up, not compared with each: sources at the default limits state thousands.  (A
    claim's bound or estimate is borne out by an amount near it: `_bears_out`.)"""

    def __init__(self, details: Iterable[Detail]) -> None:
        quantities = [d for d in details if d.kind is DetailKind.QUANTITY]
        self._with_unit = frozenset((d.unit, d.value) for d in quantities if d.unit)
        self._numbers_without_unit = frozenset(d.number for d in quantities if not d.unit)
        self._numbers = frozenset(d.number for d in quantities)

    def agree_with(self, detail: Detail) -> bool:
        if detail.unit:
            return (detail.unit, detail.value) in self._with_unit or (
                detail.number in self._numbers_without_unit and not _share_in_words(detail)
            )
        return detail.number in self._numbers


def _as_times(rank: Detail) -> Detail:
    """A rank as the count of times it ends: "their fifth win" is held by "won five
    times" as by a bare "five"."""
    return replace(rank, unit=TIMES_UNIT)


def _share_in_words(detail: Detail) -> bool:
    """A share written in words ("twice as", "by half"): its number is the share's,
    never one the sources write bare ("100 pallets" states no "twice as")."""
    return detail.unit == "%" and not any(c.isdigit() for c in detail.surface)


def _is_number(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True


def _dates_of(text: str) -> set[str]:
    """The dates `text` states, and each of its dates with no year ("on April 9th")
    also under every year the same text states: "April 9, 2011" is backed by a
    source dated 2011 that says "April 9th"."""
    details = extract_details(text)
    dates = {d.value for d in details if d.kind is DetailKind.DATE}
    open_year = [date for date in dates if date.startswith("*-")]
    if not open_year:
        return dates
    stated = [date.split("-")[0] for date in dates]  # "*" and "weekday" are no year
    stated += [d.value for d in details if d.kind is DetailKind.QUANTITY and not d.unit]
    years = {year for year in stated if may_be_year(year, "")}
    return dates | {f"{year}{date[1:]}" for date in open_year for year in years}


def _singular(word: str) -> str:
    """A name's word without its plural ending: "Olympics" is named by "Olympic Games",
    "Recruiters" by "a recruiter"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word
