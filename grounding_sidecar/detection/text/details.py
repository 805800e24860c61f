"""Details that cosine cannot see, pulled out of a text.

Numbers, amounts and currencies, percentages, units (amounts.py), dates (dates.py),
times of day (clock.py), shares written as words (shares.py), ranks and centuries
(ordinals.py), identifiers
(identifiers.py) and named entities, each normalised so that "$5.5 million" and
"5,500,000 USD" compare equal, "02:00" and "2 AM", "06/03/2026" and "3 June 2026",
"halved" and "50%".
Negation cues are negation.py's; what a source implies without stating it,
implied_details.py's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from grounding_sidecar.detection.text.amounts import (
    HALF_AMOUNT_SCAN,
    LONE_PERIOD_SCAN,
    POINT_SHARE_SCAN,
    QUANTITY_SCAN,
    SCALED_SHARE_SCAN,
    Amount,
    format_number,
    read_amount,
    read_half_amount,
    read_lone_period,
    read_point_share,
    read_scaled_share,
)
from grounding_sidecar.detection.text.bounds import Bound, bound_of
from grounding_sidecar.detection.text.clock import find_times
from grounding_sidecar.detection.text.dates import CALENDAR_WORDS, find_dates
from grounding_sidecar.detection.text.identifiers import find_identifiers, identifier_value
from grounding_sidecar.detection.text.names import glossed_abbreviations
from grounding_sidecar.detection.text.negation import negates
from grounding_sidecar.detection.text.numberless import numberless_spans
from grounding_sidecar.detection.text.ordinals import find_ordinals
from grounding_sidecar.detection.text.scans import Scan, fold_lowered
from grounding_sidecar.detection.text.sentences import ABBREVIATIONS
from grounding_sidecar.detection.text.shares import Share, find_shares
from grounding_sidecar.detection.text.symbol_names import find_symbol_names
from grounding_sidecar.detection.text.words import content_words

# A short sentence naming something or negating something is a claim from this many
# content words on (see `has_checkable_detail`).
_MIN_CONTENT_WORDS_WITH_NAME_OR_NEGATION = 3


class DetailKind(StrEnum):
    QUANTITY = "number"
    DATE = "date"
    TIME = "time"
    ENTITY = "entity"


@dataclass(frozen=True, slots=True)
class Detail:
    kind: DetailKind
    value: str  # normalised: what is compared
    unit: str  # quantities only: "%", "usd", "km", ... or ""
    surface: str  # as written, for the rationale
    initial: bool = False  # a lone capitalised first word: a name, or just a capital?
    # A quantity in another unit than it was written in ("2 years" is 24 months,
    # units.py): the number as written, "2"; empty when `value` is it.
    written: str = ""
    # How the text holds a quantity: as stated, or as a bound, an estimate or a
    # difference ("more than 1,200", "five hours longer"; bounds.py).
    bound: Bound = Bound.EXACT
    # One period named with an article ("ran for a decade"): a length only where it
    # stands against one the passage states, never a detail the sources miss.
    loose: bool = False

    @property
    def number(self) -> str:
        """The value as the text writes it, in the text's own unit."""
        return self.written or self.value


# A name's word: capitalised ("Paris"), in capitals ("NASA"), or with a capital inside
# ("YouTube", "OpenAI", "McDonald", "eBay", "iPhone").
_CAMEL = r"[A-Z][a-z]+(?:[A-Z][a-z]*)+|[A-Z][a-z]+[A-Z]{2,}|[a-z][A-Z][A-Za-z]*"
_ENTITY = re.compile(
    rf"\b(?:{_CAMEL}|[A-Z][a-z]+|[A-Z]{{2,}}[a-z]?)(?:[ -](?:{_CAMEL}|[A-Z][a-z]+|[A-Z]{{2,}}))*\b"
)
# An amount stated in words that no number can contradict or support.
_UNBOUNDED = Scan(
    re.compile(r"\b(?:unlimited|unmetered|infinite)\b", re.IGNORECASE),
    "unlimited",
    "unmetered",
    "infinite",
)
# Capitalised words that open sentences or titles without naming anything.
_NOT_NAMES = """
    dr mr mrs ms prof the a an this that these those it its he she they we you i our your
    their his her my if when while after before as at by for from in into of on to with
    and or but so yes no not however also there here then thus therefore although though
    because since overall finally first second third next please note according each every
    all some many most both either neither what which who why how where
    under over during within without across among between through throughout despite
    unlike upon via following including except beyond below above around near against
    toward towards onto inside outside until unless whether once instead additionally
    moreover furthermore meanwhile nevertheless
"""
_ENTITY_STOP = frozenset(_NOT_NAMES.split()) | CALENDAR_WORDS
WORD = re.compile(r"[a-z0-9]+")


@lru_cache(maxsize=4_096)
def extract_details(text: str) -> tuple[Detail, ...]:
    """Every detail of `text`, cached: claims and passages are looked at several times
    per check, and sources repeat across requests."""
    return tuple(_extract(text))


def _extract(text: str) -> list[Detail]:
    """Spans that hold no number set aside (citation markers, list numbering, "one" as
    a pronoun: numberless.py), then times, dates and shares (they contain numbers, and
    "AM" is no name; a share of a percentage point is an amount of points), then
    ordinals ("the 14th century", "the fifth increase":
    ordinals.py), then periods with a half ("an hour and a half") and single
    periods after a word of length ("for a decade", loose), then identifiers ("SAVE20",
    "2.4.1": identifiers.py, read as names), then quantities, then named entities
    (names with a symbol first; an abbreviation in brackets after the words it stands
    for is none of its own, names.glossed_abbreviations)."""
    details: list[Detail] = []
    lowered = text.lower()
    folded = fold_lowered(lowered)
    taken = bytearray(len(text))  # 1 where a time, date or quantity claimed the text
    for span in numberless_spans(text, folded):
        _take(taken, span)
    for time in find_times(text, folded):
        if not _overlaps(time.span, taken):
            _take(taken, time.span)
            details.append(Detail(DetailKind.TIME, time.value, "", time.surface))
    for date in find_dates(text, folded):
        if not _overlaps(date.span, taken):
            _take(taken, date.span)
            details.append(Detail(DetailKind.DATE, date.value, "", date.surface))
    for match in POINT_SHARE_SCAN.finditer(text, folded):
        if not _overlaps(match.span(), taken):
            _take(taken, match.span())
            details.append(_amount_detail(read_point_share(match), match, lowered))
    for match in SCALED_SHARE_SCAN.finditer(text, folded):
        if not _overlaps(match.span(), taken):
            _take(taken, match.span())
            details.append(_amount_detail(read_scaled_share(match), match, lowered))
    for share in find_shares(text, folded):
        if not _overlaps(share.span, taken):
            _take(taken, share.span)
            details.append(share_detail(share))
    for ordinal in find_ordinals(text):
        if not _overlaps(ordinal.span, taken):
            _take(taken, ordinal.span)
            value = str(ordinal.value)
            details.append(Detail(DetailKind.QUANTITY, value, ordinal.unit, ordinal.surface))
    for match in HALF_AMOUNT_SCAN.finditer(text, folded):
        if not _overlaps(match.span(), taken):
            _take(taken, match.span())
            details.append(_amount_detail(read_half_amount(match), match, lowered))
    for match in LONE_PERIOD_SCAN.finditer(text, folded):
        span = match.span("period")
        if not _overlaps(span, taken):
            _take(taken, span)
            details.append(_lone_period_detail(read_lone_period(match), match.group("period")))
    for match in find_identifiers(text):
        if not _overlaps(match.span(), taken):
            _take(taken, match.span())
            surface = match.group()
            details.append(Detail(DetailKind.ENTITY, identifier_value(surface), "", surface))
    for match in QUANTITY_SCAN.finditer(text):
        if _overlaps(match.span("number"), taken) or _inside_token(text, _number_token(match)):
            continue
        amount = read_amount(match)
        if amount is None:
            continue
        _take(taken, match.span())
        details.append(_amount_detail(amount, match, lowered))
    for match in _UNBOUNDED.finditer(text, folded):
        if not _overlaps(match.span(), taken):
            _take(taken, match.span())
            details.append(Detail(DetailKind.QUANTITY, "unlimited", "", match.group()))
    for match in find_symbol_names(text):
        if _overlaps(match.span(), taken):
            continue
        _take(taken, match.span())
        name = match.group()
        details.append(Detail(DetailKind.ENTITY, name.lower(), "", name))
    for span in glossed_abbreviations(text):
        _take(taken, span)  # "hydrochloric acid (HCl)": named by the words before it
    for match in _ENTITY.finditer(text):
        if _overlaps(match.span(), taken):
            continue
        words = match.group().split()
        leading = len(words)
        while words and words[0].lower() in _ENTITY_STOP:
            words.pop(0)
        if words and len(words[0]) > 1:
            phrase = " ".join(words)
            first_word = len(words) == leading  # nothing before it was a stop word
            initial = (
                first_word
                and len(words) == 1
                and not phrase.isupper()
                and _starts_sentence(text, match)
            )
            details.append(Detail(DetailKind.ENTITY, phrase.lower(), "", phrase, initial))
    return details


def _amount_detail(amount: Amount, match: re.Match[str], lowered: str) -> Detail:
    """The quantity an amount's match states, with the bound the words around it set."""
    return Detail(
        DetailKind.QUANTITY,
        amount.value,
        amount.unit,
        match.group().strip(),
        written=amount.written,
        bound=bound_of(lowered, match.start(), match.end()),
    )


def _lone_period_detail(amount: Amount, surface: str) -> Detail:
    return Detail(
        DetailKind.QUANTITY, amount.value, amount.unit, surface, written=amount.written, loose=True
    )


def share_detail(share: Share) -> Detail:
    """A share as the detail it states (in %, rounded to a tenth)."""
    value = format_number(round(share.percent, 1))
    return Detail(DetailKind.QUANTITY, value, "%", share.surface)


def states_a_value(text: str) -> bool:
    """Whether `text` states a number, a date or a time of day ("one" aside)."""
    return any(
        d.kind in (DetailKind.DATE, DetailKind.TIME)
        or (d.kind is DetailKind.QUANTITY and d.surface.lower() != "one")
        for d in extract_details(text)
    )


def has_checkable_detail(text: str) -> bool:
    """Whether a sentence, however short, states something a source must back.

    A date, a time, an amount or a number ("Refunds take 90 days.") always does.  A name or a
    negation does when the sentence also has something to say about it, three content
    words at least ("Returns are not accepted.", "Ask Contoso Support."): "No problem."
    and "Hi John." are conversation, not claims, and grading them would refuse
    grounded answers under BLOCK.  "one" alone is a pronoun as often as a number.
    """
    if states_a_value(text):
        return True
    details = extract_details(text)
    named = any(d.kind is DetailKind.ENTITY and not d.initial for d in details)
    if not (named or negates(text)):
        return False
    return len(content_words(text)) >= _MIN_CONTENT_WORDS_WITH_NAME_OR_NEGATION


def _starts_sentence(text: str, match: re.Match[str]) -> bool:
    before = text[: match.start()].rstrip(" \t\"'“‘(*_")
    if before.endswith("."):
        # "Dr. Patel": the dot of an abbreviation does not start a sentence.
        previous = before[:-1].rsplit(None, 1)[-1:] or [""]
        return previous[0].lower().rstrip(".") not in ABBREVIATIONS
    if before.endswith("|"):  # a table row's cell starts like a sentence; a byline's "|" not
        return before[before.rfind("\n") + 1 :].lstrip().startswith("|")
    return not before or before[-1] in "!?:\n-•"


def _overlaps(span: tuple[int, int], taken: bytearray) -> bool:
    return 1 in taken[span[0] : span[1]]


def _take(taken: bytearray, span: tuple[int, int]) -> None:
    taken[span[0] : span[1]] = b"\x01" * (span[1] - span[0])


def _number_token(match: re.Match[str]) -> tuple[int, int]:
    """A quantity's number with the multiplier or unit written against it ("4.5m",
    "2.5kg"): the token that must stand apart from letters around it."""
    end = match.end("number")
    attached = [match.end(g) for g in ("mult", "unit") if match.start(g) == end]
    return match.start("number"), max(attached, default=end)


def _inside_token(text: str, span: tuple[int, int]) -> bool:
    """Digits inside identifiers (v1.2, A320, 5512-B, F-16) are names, not quantities.
    A hyphen between two numbers is a range ("3-5 business days", "ages 5-12"): its
    second number is read too."""
    start, end = span
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if before == "-" and start > 1 and text[start - 2].isdigit():
        return after.isalpha() or after in "_"
    return before.isalpha() or before in "_-/." or after.isalpha() or after in "_"
