"""Which language an answer and its sources are in, against the languages the models
read (docs/detection.md#languages).

The shipped models read English: a French answer graded against a French source gets
a confident verdict anyway, and it is wrong (a faithful restatement is refused as
unsupported).  So a check whose answer, or whose sources taken together, are
confidently in a language the models do not read is `unknown` with the reason
`unsupported_language` instead.  Text too short or too mixed to identify keeps the
normal check: the gate only speaks when it is sure.

Identification: a text whose words are at least a tenth English function words is
English (a word lookup, microseconds: most checks stop there); any other goes to
py3langid (BSD-3-Clause, a naive Bayes model over byte n-grams, offline, from PyPI),
and is foreign when the languages the models read hold less than 1 - MIN_CONFIDENCE
of its probability together.  Only the first SAMPLE_CHARS characters of each side
are read.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

GATE_VERSION = "lang-v1"
# The shipped models' languages (the MiniLM encoder and the verifier trained from it).
SHIPPED_LANGUAGES = frozenset({"en"})
SAMPLE_CHARS = 1500
MIN_LETTERS = 40  # fewer letters than this: not identified
MIN_CONFIDENCE = 0.999  # docs/detection.md#languages: measured, not guessed
ENGLISH_FUNCTION_SHARE = 0.1
# English function words that are not also common words of the languages nearest it
# ("a", "as", "do", "no" are Portuguese and Spanish; "in", "is", "was", "over" Dutch or
# German; "of" Dutch): these mark English, and only English.
# fmt: off
_ENGLISH_FUNCTION_WORDS = frozenset({
    "the", "and", "to", "that", "this", "these", "those", "with", "from", "which", "who",
    "what", "when", "where", "were", "been", "has", "have", "their", "they", "there",
    "would", "could", "should", "than", "then", "about", "after", "before", "between",
    "into", "it", "its", "you", "your", "our", "his", "she", "not", "are", "or", "but",
    "if", "can", "will"
})
# fmt: on
_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True, slots=True)
class LanguageGate:
    """The languages the configured models read (ISO 639-1 codes)."""

    languages: frozenset[str]

    @property
    def tag(self) -> str:
        return f"{GATE_VERSION}:{'+'.join(sorted(self.languages))}"

    def unsupported(self, answer: str, sources: Sequence[str]) -> str | None:
        """The language of the answer or of the sources (together) when they are
        confidently in none the models read; None otherwise."""
        for text in (answer[:SAMPLE_CHARS], _joined_sample(sources)):
            language = foreign_language(text, self.languages)
            if language is not None:
                return language
        return None


def gate_for(languages: Collection[str] | None) -> LanguageGate | None:
    """The gate for these languages; None (no gate) for None."""
    return None if languages is None else LanguageGate(frozenset(languages))


def foreign_language(text: str, languages: Collection[str]) -> str | None:
    """The most likely language of `text` when it is confidently none of `languages`
    (their probabilities together under 1 - MIN_CONFIDENCE); None when it may be one
    of them, or cannot be told."""
    words = _WORD.findall(text.lower())
    if sum(len(word) for word in words) < MIN_LETTERS:
        return None
    english = sum(word in _ENGLISH_FUNCTION_WORDS for word in words)
    if "en" in languages and english >= ENGLISH_FUNCTION_SHARE * len(words):
        return None
    ranked = _identifier().rank(text)
    readable = sum(probability for language, probability in ranked if language in languages)
    return str(ranked[0][0]) if readable < 1.0 - MIN_CONFIDENCE else None


def _joined_sample(sources: Sequence[str]) -> str:
    sample: list[str] = []
    left = SAMPLE_CHARS
    for source in sources:
        if left <= 0:
            break
        piece = source[:left] if isinstance(source, str) else ""
        sample.append(piece)
        left -= len(piece)
    return "\n".join(sample)


_lock = threading.Lock()
_loaded: list[Any] = []  # py3langid.langid.LanguageIdentifier (untyped library)


def _identifier() -> Any:
    """The identifier, loaded on first use and kept for the process: about 0.5 s and
    80 MB resident, paid only once a text is not plainly English."""
    with _lock:
        if not _loaded:
            _loaded.append(_read_identifier())
        return _loaded[0]


def _read_identifier() -> Any:
    """py3langid's model, decompressed in memory: its own loader writes a temporary
    file, and the sidecar's root filesystem is read-only."""
    import io
    import lzma

    import numpy as np
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier
    from py3langid.modelio import _to_array

    raw = lzma.decompress((MODEL_DIR / MODEL_FILE).read_bytes())
    with np.load(io.BytesIO(raw), allow_pickle=False) as data:
        return LanguageIdentifier(
            np.asarray(data["ptc"]),
            np.asarray(data["pc"]),
            data["classes"].tolist(),
            _to_array(data["nextmove"]),
            data["out_feat"].tolist(),
            norm_probs=True,
            tk_row=_to_array(data["nextmove_row"]),
        )
