"""Words as the lexical signals see them: Unicode tokens, a tiny stemmer, stopwords.

Shared by the hash embedder and the calibrated scorer's lexical features, so
"shipped" in a claim and "ships" in a source are the same word for both.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

# Unicode words (any script), keeping 3.14, 1,000 and don't as one token.
_TOKEN = re.compile(r"[^\W_]+(?:[.,'][^\W_]+)*")

STOPWORDS = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "a an the and or but if of to in on at by for from with as is are was were be been "
        "being it its this that these those there here he she they them his her their we our "
        "you your i me my do does did has have had will would can could should may might must "
        "so than then too very just also into over about up out such which who whom what when "
        "where how all any each both more most other some"
    ).split()
)


# A vocabulary is small next to the text it fills: long sources repeat their words.
@lru_cache(maxsize=65_536)
def stem(token: str) -> str:
    """A deliberately tiny suffix stripper: plural and tense variants collide."""
    if token[0].isdigit() or len(token) <= 4:
        return token
    for suffix, replacement in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: len(token) - len(suffix)] + replacement
    return token


# Cached per text (a passage is read by several features and checks), 4,096 texts:
# about 2 KiB each, so a few MiB at most.
@lru_cache(maxsize=4_096)
def words(text: str) -> tuple[str, ...]:
    """Lower-cased, stemmed tokens in order."""
    return tuple(stem(token) for token in _TOKEN.findall(text.lower()))


def written(text: str) -> tuple[str, ...]:
    """The tokens `words` stems, as the text writes them (for rationales)."""
    return tuple(_TOKEN.findall(text))


@lru_cache(maxsize=4_096)
def content_words(text: str) -> frozenset[str]:
    return frozenset(content_sequence(text))


def lower_case(text: str) -> str:
    """`text` lower-cased, or as written where lower-casing would move its characters
    (a few letters lower-case to two): spans found in it are the text's own."""
    lowered = text.lower()
    return lowered if len(lowered) == len(text) else text


def first_content_word(text: str) -> str | None:
    """The text's first content word, stemmed: most often a claim's subject."""
    return next((word for word in words(text) if word not in STOPWORDS), None)


# How many content words in a row open a subject at most ("password reset link").
_SUBJECT_WORDS = 3


def subject_words(text: str) -> tuple[str, ...]:
    """The first run of content words of `text` (stemmed, at most three): most often a
    claim's subject, its head last ("reset link" of "The reset link can be used")."""
    run: list[str] = []
    for word in words(text):
        if word in STOPWORDS:
            if run:
                break
            continue
        run.append(word)
        if len(run) == _SUBJECT_WORDS:
            break
    return tuple(run)


def speaks_of_subject(claim: str, passage: str) -> bool:
    """Whether the passage uses the claim's first content word, most often its subject
    ("Parking is free" of "Parking costs $15 per night")."""
    subject = first_content_word(claim)
    return subject is not None and subject in words(passage)


def content_sequence(text: str) -> list[str]:
    """The content words of `text`, stemmed, in order (repeats kept): for the rules that
    read what comes first after a phrase."""
    return [word for word in words(text) if word not in STOPWORDS]


def bigrams(text: str) -> frozenset[tuple[str, str]]:
    """Adjacent word pairs, function words included: word order carries meaning."""
    return frozenset(itertools.pairwise(words(text)))
