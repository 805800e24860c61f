"""Typeset characters read as their plain spelling.

Answers and sources from word processors, CMSs, web pages and many LLMs are typeset:
"doesn't" with a right single quotation mark (U+2019) or a modifier letter apostrophe
(U+02BC) for its apostrophe, "'90s" with an opening or a closing mark, "non-refundable"
with a hyphen or a non-breaking one (U+2010, U+2011), a minus sign (U+2212) before a
negative number, the digits of "1 200 m" grouped by a thin, a narrow no-break, a figure
or a no-break space (the SI and many European styles), Markdown's emphasis with
underscores ("does _not_ allow").  The rules are written for the plain spelling:
"n't", "non-", "June '19", "-15", "1,200", "not".  Read typeset, a page that wrote
"Pets aren't allowed" with U+2019 let "Pets are allowed" pass and refused "Guest rooms
don't allow pets" as a flipped negation, "refundable" passed against "non-refundable",
a minus sign was no sign ("15 degrees" passed against "-15 degrees") and "1 200
metres" read as 200.  So a check reads every text plain (`plain_typography`), one
character for one: every span found in the plain copy is the same span in the text as
written, and the grader reports the answer as written (grader.py).  A space between
digit groups is read as a comma only where three digits follow it and no digit after
them; a plain space between numbers stays a space ("1 200" may be two numbers).  A
decimal comma ("€ 84,50", "3,5 km", "1.234,56") is read as a decimal point
(`_COMMA_DECIMAL_NUMBER`): read as written, "€ 84,50" was 84, so "€84" passed against it
and "€84.50" was refused.

A source is read plainer still (`plain_source`): its ligatures as their letters, its
invisible characters dropped, each character remembering where it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Each typeset character read as one plain character: the minus sign, and the hyphen
# and the non-breaking hyphen of "non-refundable", whose prefix negates.
_PLAIN = {"\u2212": "-", "\u2010": "-", "\u2011": "-"}

_APOSTROPHES = "\u2019\u2018\u02bc"
# Of the typeset apostrophes the rules read a negation's ("doesn't") and an elided year's
# ("June '19", "the '90s").  A possessive's and other contractions' stay as written:
# the lexical words read a typeset "adult's" as "adult" and "s", and a plain one as a
# word of its own that no "adult" matches (docs/benchmarks.md, "A possessive read as
# its noun"), so reading every apostrophe plain passed claims whose passage had
# matched a name only through its possessive.
# Led by the apostrophe, so that re scans for it (about 7 µs a KiB of typeset text).
_READ_APOSTROPHE = re.compile(
    r"[\u2019\u2018\u02bc](?:(?<=[nN][\u2019\u02bc])(?=[tT]\b)|(?=\d\d(?!\d)))"
)

# Markdown emphasis by underscores, "_not_": its marks are word characters, so "does
# _not_ allow" hid its "not" from every rule reading whole words.  Read as Markdown's
# other emphasis, "*not*", which every rule reads; an underscore inside a name
# ("max_retries", "__init__") stays.
# The pattern opens with its literal mark, and looks behind it, so that re scans
# for "_" quickly: a long source's names hold many.
_UNDERSCORE_EMPHASIS = re.compile(r"_(?<!\w_)(?=[^\W_])([^_\n]*?[^\W_])_(?!\w)")

# The spaces that group digits: no-break, figure, thin, narrow no-break.
_GROUP_SPACES = "\u00a0\u2007\u2009\u202f"
_DIGIT_GROUP_SPACE = re.compile(rf"(?<=\d)[{_GROUP_SPACES}](?=\d{{3}}(?!\d))")


# A decimal comma: one or two digits after a comma that ends a number, where the
# digits before it stand alone ("84,50", "1234,5") or in groups of three after dots or
# commas ("1.234,56", "1,234,56"; never grouped as written in English, since three
# digits follow a grouping comma).  Read as "84.50", "1,234.56": the groups' dots as
# commas, the comma as the point.  A comma in a citation ("[1,2]"), before more digits
# ("1,2,3", "1,234") or in a chemical locant ("1,3-dipolar") stays.  A dot-grouped
# number with no decimal comma ("€ 1.500") stays as written: it is 1.5 as often as
# 1,500.  `_DECIMAL_COMMA` asks whether a text holds one, led by the comma so that re
# scans for it (the reading's pattern opens with a look-behind, tried at every place);
# `_COMMA_DECIMAL_NUMBER` reads each.
_DECIMAL_COMMA = re.compile(r",(?<=\d,)(?=\d{1,2}(?![\d\]]|[.,]\d))")
_COMMA_DECIMAL_NUMBER = re.compile(
    r"(?<![\d.,\[])(?P<whole>\d{1,3}(?:(?P<sep>[.,])\d{3})(?:(?P=sep)\d{3})*|\d+)"
    r",(?P<decimals>\d{1,2})(?![\d\]]|[.,]\d|-[^\W\d_])"
)


def plain_typography(text: str) -> str:
    """`text` as the rules read it; `text` itself when nothing in it is typeset."""
    # Each test a scan for one character: text with none typeset costs about 0.25 µs a
    # KiB (docs/benchmarks.md, "Typeset contractions read as negations").
    for typeset, plain in _PLAIN.items():
        if typeset in text:  # str.replace: str.translate is ~50x slower off ASCII
            text = text.replace(typeset, plain)
    if _holds_any(text, _APOSTROPHES):
        text = _READ_APOSTROPHE.sub("'", text)
    if _holds_any(text, _GROUP_SPACES):
        text = _DIGIT_GROUP_SPACE.sub(",", text)
    if "_" in text:
        text = _UNDERSCORE_EMPHASIS.sub(r"*\1*", text)
    if _DECIMAL_COMMA.search(text):
        text = _COMMA_DECIMAL_NUMBER.sub(_with_decimal_point, text)
    return text


def _with_decimal_point(number: re.Match[str]) -> str:
    return f"{number['whole'].replace('.', ',')}.{number['decimals']}"


# What a source may spell with characters no rule or model reads as text: the ligatures
# of PDF extraction ("ﬁve", "ofﬁce": read as their letters, or "five days" was found
# in no source and the models read a "ﬁ" token), and the invisible soft hyphen,
# zero-width spaces and joiners and byte-order mark of web pages (dropped, or
# "pro-cessing" split one word in two for the rules).  Not one character for one, so
# a source read this way keeps where each of its characters was (`PlainSource`).
_SPELLED = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
    "\ufb06": "st",
    **dict.fromkeys("\u00ad\u200b\u200c\u200d\u2060\ufeff", ""),
}
_RESPELLABLE = "".join(_SPELLED)
_RESPELLED = re.compile(f"[{_RESPELLABLE}]")


@dataclass(frozen=True, slots=True)
class PlainSource:
    """A source as the rules and models read it: `text`, and for each of its
    characters the offset of the character it was read from in the source as sent
    (`None`: the same offset, one character for one)."""

    text: str
    offsets: tuple[int, ...] | None = None

    def span_as_sent(self, start: int, end: int) -> tuple[int, int]:
        """The span of the source as sent that `text[start:end]` was read from (a
        ligature read as two letters is whole in it, a dropped character after the
        span is left out)."""
        if self.offsets is None or end <= start:
            return start, end
        return self.offsets[start], self.offsets[end - 1] + 1


def plain_source(text: str) -> PlainSource:
    """`text` read plain (`plain_typography`), its ligatures as their letters and its
    invisible characters dropped."""
    plain = plain_typography(text)
    if not _holds_any(plain, _RESPELLABLE):
        return PlainSource(plain)
    pieces: list[str] = []
    offsets: list[int] = []
    last = 0
    for found in _RESPELLED.finditer(plain):
        start = found.start()
        pieces.append(plain[last:start])
        offsets.extend(range(last, start))
        letters = _SPELLED[found[0]]
        pieces.append(letters)
        offsets.extend([start] * len(letters))
        last = found.end()
    pieces.append(plain[last:])
    offsets.extend(range(last, len(plain)))
    return PlainSource("".join(pieces), tuple(offsets))


def _holds_any(text: str, characters: str) -> bool:
    return any(character in text for character in characters)
