"""Texts made of given words, for the property tests of the lexical readers: each draws
its inputs from a small vocabulary of the words its reader looks for, so hypothesis
reaches the readings (and the pathological inputs) that random characters rarely would.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st


def word_texts(vocabulary: Sequence[str], max_words: int) -> st.SearchStrategy[str]:
    """Up to `max_words` words of `vocabulary`, joined by spaces."""
    return st.lists(st.sampled_from(vocabulary), max_size=max_words).map(" ".join)
