"""Citation markers: where a RAG answer (or a source) points at a source.

"[3]", "[1][2]", "[1, 4]", "[2-5]", OpenAI file search's "【4:0†source】" and a Markdown
footnote reference ("[^1]", "[^source-2]") say which source backs a sentence; their
numbers are no detail a source must state.  The detail
reader (details.py) sets these spans aside before it reads any number, so a cited
answer is not refused for a marker's "3" that its sources never write.  Up to three
digits in square brackets, so that a bracketed year ("[2019]") is still read as one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_CITATION = re.compile(r"\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]|【[^】]{0,40}】|\[\^[\w-]{1,40}\]")


def citation_spans(text: str) -> Iterator[tuple[int, int]]:
    """The (start, end) of each citation marker in `text`, in order."""
    for match in _CITATION.finditer(text):
        yield match.span()


def without_citations(text: str) -> str:
    """`text` with each citation marker and the space before it removed ("land [2]."
    is "land."); the text itself when it holds none, as most do."""
    if "[" not in text and "【" not in text:
        return text
    return _MARKED.sub("", text)


_MARKED = re.compile(r"\s*(?:" + _CITATION.pattern + ")")
