"""Typeset characters read as their plain spelling, one character for one.

Answers and sources from word processors, CMSs, web pages and many LLMs are typeset:
"doesn't" with a right single quotation mark (U+2019) or a modifier letter apostrophe
(U+02BC) for its apostrophe, "'90s" with an opening mark (U+2018), a minus sign
(U+2212) before a negative number, and the digits of "1 200 m" grouped by a thin, a
narrow no-break, a figure or a no-break space (the SI and many European styles);
Markdown emphasises with underscores ("does _not_ allow").  The rules are written for
the plain spelling: "n't", "'s", "June '19", "-15", "1,200", "not".  Read typeset, a
contraction or an emphasised "not" hid its negation, a minus sign was no sign ("15
degrees" passed against "-15 degrees") and "1 200 metres" read as 200.  So a check
reads every text plain.

Each mapping is one character for one, so every span found in the plain copy is the
same span in the text as written: the grader reports the answer as written
(grader.py).  A space between digit groups is read as a comma only where three digits
follow it and no digit after them; a plain space between numbers stays a space ("1 200"
may be two numbers).
"""

from __future__ import annotations

import re

# Each typeset character read as one plain character.
_PLAIN = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2212": "-"})
_TYPESET = frozenset("\u2019\u2018\u02bc\u2212")

# Markdown emphasis by underscores, "_not_": its marks are word characters, so "does
# _not_ allow" hid its "not" from every rule reading whole words.  Read as spaces; an
# underscore inside a name ("max_retries", "__init__") stays.
_UNDERSCORE_EMPHASIS = re.compile(r"(?<!\w)_(?=[^\W_])([^_\n]*?[^\W_])_(?!\w)")

# The spaces that group digits: no-break, figure, thin, narrow no-break.
_GROUP_SPACES = "\u00a0\u2007\u2009\u202f"
_DIGIT_GROUP_SPACE = re.compile(rf"(?<=\d)[{_GROUP_SPACES}](?=\d{{3}}(?!\d))")


def plain_typography(text: str) -> str:
    """`text` as the rules read it; `text` itself when nothing in it is typeset."""
    if not _TYPESET.isdisjoint(text):
        text = text.translate(_PLAIN)
    if any(space in text for space in _GROUP_SPACES):
        text = _DIGIT_GROUP_SPACE.sub(",", text)
    if "_" in text:
        text = _UNDERSCORE_EMPHASIS.sub(r" \1 ", text)
    return text
