"""Identifiers: codes, model and part numbers, versions ("SAVE20", "E1043", "A320",
"RETURN-30", "SKU-5512-B", "v2.4.1", "3.2.1").

A claim that names another code than its source ("Use promo code SAVE25" against
"SAVE20", "error E1044" against "E1043") changes what the reader does, and neither
detail reader saw it: the quantity reader sets digits inside a token aside and the
entity reader keeps only the letters, so the swap passed whenever the sentence was
otherwise copied.  An identifier is one detail, found only as the same token in a
source (in any case) and standing against the passage's other identifiers.

What counts: a token of letters and digits with a digit after a letter ("SAVE20",
"A320", "x86", "MP3"), a hyphen- or underscore-joined token holding a digit and a
capital ("RETURN-30", "5512-B", "COVID-19"), or a number with two dots or more
("2.4.1", "v2.4.1").  Not: a number with a unit or suffix glued on ("20GB", "4K",
"1990s", "21st": quantities), nor a lower-case hyphenated word ("mid-2020"), nor a
period of a year ("Q3", "H1", "FY24": "the third quarter" says the same).
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text.scans import Scan

_JOINED = r"[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+"
_IDENTIFIER = re.compile(
    r"(?<![\w.\-/])"
    r"(?!(?:Q[1-4]|H[12]|FY[0-9]{2}(?:[0-9]{2})?)(?![\w\-]))"  # Q3, H1, FY24: periods
    r"(?:(?=[A-Za-z0-9]*[A-Za-z][0-9])[A-Za-z0-9]+(?![-_][A-Za-z0-9])"  # SAVE20, A320
    rf"|(?=[\w-]*[0-9])(?=[\w-]*[A-Z]){_JOINED}"  # RETURN-30, 5512-B
    r"|v?[0-9]+(?:\.[0-9]+){2,})"  # 2.4.1, v2.4.1
    r"(?![\w\-]|\.[0-9])"
)
# Every identifier holds a digit (scans.py).
_IDENTIFIER_SCAN = Scan(_IDENTIFIER, digit=True)
# Every token a source may hold an identifier as, in any case.
_TOKEN = re.compile(r"(?<![\w.\-/])(?:v?[0-9]+(?:\.[0-9]+){2,}|[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*)")


def find_identifiers(text: str) -> list[re.Match[str]]:
    """Each identifier in `text`, in order."""
    return list(_IDENTIFIER_SCAN.finditer(text))


def is_identifier(surface: str) -> bool:
    """Whether `surface` (a detail as written) is one identifier."""
    return _IDENTIFIER.fullmatch(surface) is not None


def identifier_value(surface: str) -> str:
    """How an identifier compares: lower-cased, a version without its "v", a plural
    without its "s" ("F-16s" is "F-16")."""
    lowered = surface.lower()
    if lowered[:1] == "v" and lowered[1:2].isdigit():
        lowered = lowered[1:]
    if lowered.endswith("s") and lowered[-2:-1].isdigit():
        lowered = lowered[:-1]
    return lowered


def tokens_in(text: str) -> frozenset[str]:
    """Every token of `text` an identifier could be, as `identifier_value` gives it:
    what a source must hold for a claim's "SAVE20" to be found."""
    return frozenset(
        identifier_value(token) for token in _TOKEN.findall(text) if any(c.isdigit() for c in token)
    )
