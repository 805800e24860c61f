"""Names written with a symbol ("C#", "C++", "F#").

The entity and word patterns (details.py, corpus.py) keep only the letter, so "C++"
where the sources say "C#" would be no other name.  A capital comes first, so that code
in prose ("i++") is no name.  Most texts hold no "#" or "++", and the pattern is slow to
run over a long source, so each function looks for those first.
"""

from __future__ import annotations

import re

_SYMBOL_NAME = re.compile(r"(?<![\w+#])[A-Z][A-Za-z0-9]*(?:#|\+\+)(?![\w+#])")
_ANY_CASE = re.compile(_SYMBOL_NAME.pattern, re.IGNORECASE)


def find_symbol_names(text: str) -> list[re.Match[str]]:
    """Each name written with a symbol in `text`, in order."""
    return list(_SYMBOL_NAME.finditer(text)) if _may_hold_one(text) else []


def is_symbol_name(surface: str) -> bool:
    """Whether `surface` (a name as written) is one name written with a symbol."""
    return _SYMBOL_NAME.fullmatch(surface) is not None


def symbol_names_in(text: str) -> frozenset[str]:
    """Every name written with a symbol in `text`, in any case, lower-cased: what a
    source must hold for a claim's "C#" to be found."""
    if not _may_hold_one(text):
        return frozenset()
    return frozenset(name.lower() for name in _ANY_CASE.findall(text))


def _may_hold_one(text: str) -> bool:
    return "#" in text or "++" in text
