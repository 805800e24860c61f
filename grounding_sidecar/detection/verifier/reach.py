"""Each text of a pair cut to what the pair's truncation can keep, before it truncates.

tokenizers truncates a pair too long for the model at a cost that grows with the
product of the two texts' token counts (measured: about 10 ns a pair of tokens; a
10,000-character passage and a 2,000-character claim of short tokens, "1-2-3-...",
took 0.6-1.6 s to encode).  Every truncation the verifier uses keeps a prefix of each
text, at most `max_tokens` long, and how long depends on the texts only through their
counts up to that and which of them is the longer (the odd token of the budget goes
to the passage only when it is strictly the longer).  So each text is first cut where
the word after its first `max_tokens + 1` tokens starts (a whole word is kept, so the
tokens before the cut are the tokens the whole text starts with), the two cuts
keeping which side is the longer, and the pair encodes to the same ids at a cost
linear in its length.

Cutting a text costs an encoding of it: a pair whose lengths multiply to at most
`WHOLE_PAIR_CHARS_SQUARED` is left whole (its truncation costs at most about 15 ms
even at a character a token; a prose passage and claim, well under 1 ms).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Pairs whose texts' lengths (characters) multiply to at most this are left whole.
WHOLE_PAIR_CHARS_SQUARED = 1_600_000


class TextReach:
    """Cuts pairs for a pair tokenizer of `max_tokens` (the tokenizer file at `path`)."""

    def __init__(
        self, path: Path, max_tokens: int, *, whole_up_to: int = WHOLE_PAIR_CHARS_SQUARED
    ) -> None:
        from tokenizers import Tokenizer

        self._tokenizer: Any = Tokenizer.from_file(str(path))
        self._tokenizer.no_truncation()
        self._tokenizer.no_padding()
        self._keep = max_tokens + 1
        self._whole_up_to = whole_up_to

    def pair(self, passage: str, claim: str) -> tuple[str, str]:
        """The pair, each text cut when the pair is long enough for it to pay.

        When both sides are longer than the model takes, the truncation gives the odd
        token of its budget to the passage only when the passage is strictly the longer
        side, so the cuts keep that order as well."""
        if len(passage) * len(claim) <= self._whole_up_to:
            return passage, claim
        first, second = self._read(passage), self._read(claim)
        if first is None or second is None:
            return passage, claim  # the pair path reports what the tokenizer refused
        first_text, first_kept = first.start(self._keep)
        second_text, second_kept = second.start(self._keep)
        if first.count > second.count and first_kept <= second_kept:
            first_text, first_kept = first.start(second_kept + 1)
        elif first.count <= second.count and first_kept > second_kept:
            second_text, second_kept = second.start(first_kept)
        return first_text, second_text

    def _read(self, text: str) -> _Tokens | None:
        try:
            encoding = self._tokenizer.encode(text, add_special_tokens=False)
        except Exception:  # tokenizers raises its own untyped errors
            return None
        return _Tokens(text, encoding.word_ids, encoding.offsets)


@dataclass(frozen=True, slots=True)
class _Tokens:
    """A text's tokens: the word each belongs to and where each starts."""

    text: str
    words: list[int | None]
    offsets: list[tuple[int, int]]

    @property
    def count(self) -> int:
        return len(self.words)

    def start(self, tokens: int) -> tuple[str, int]:
        """The text up to where the word after its first `tokens` tokens starts, and how
        many tokens that keeps (a whole word is kept, so they are the tokens the whole
        text starts with); the whole text when it has no more."""
        if self.count <= tokens:
            return self.text, self.count
        last_kept = self.words[tokens - 1]
        for index in range(tokens, self.count):
            if self.words[index] != last_kept:
                return self.text[: self.offsets[index][0]], index
        return self.text, self.count  # the last kept token's word runs to the end
