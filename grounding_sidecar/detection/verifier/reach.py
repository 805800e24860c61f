"""Each text of a pair cut to what the pair's truncation can keep, before it truncates.

tokenizers truncates a pair too long for the model by taking tokens off one at a time
(the longer side first), at a cost that grows with the square of the tokens it takes
off: a 10,000-character passage of short tokens ("1-2-3-...") took 0.9-1.6 s to encode
with a claim.  Every truncation the verifier uses keeps a prefix of each text, at most
`max_tokens` long, and how long depends on a text's own count only up to that.  So
each text is first cut where the word after its first `max_tokens + 1` tokens starts
(a whole word is kept, so the tokens before the cut are the tokens the whole text
starts with), and the pair encodes to the same ids at a cost linear in its length.

The truncation's cost is about the product of the two texts' token counts (10 ns a
pair of tokens, measured), and cutting a text costs an encoding of it: a pair whose
lengths multiply to at most `WHOLE_PAIR_CHARS_SQUARED` is left whole (at most about
15 ms even at a character a token; a prose passage and claim, well under 1 ms).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

# Pairs whose texts' lengths (characters) multiply to at most this are left whole.
WHOLE_PAIR_CHARS_SQUARED = 1_600_000


class TextReach:
    """Cuts pairs for a pair tokenizer of `max_tokens` (the tokenizer file at `path`)."""

    def __init__(self, path: Path, max_tokens: int) -> None:
        from tokenizers import Tokenizer

        self._tokenizer: Any = Tokenizer.from_file(str(path))
        self._tokenizer.no_truncation()
        self._tokenizer.no_padding()
        self._keep = max_tokens + 1

    def pair(self, passage: str, claim: str) -> tuple[str, str]:
        """The pair, each text cut when the pair is long enough for it to pay."""
        if len(passage) * len(claim) <= WHOLE_PAIR_CHARS_SQUARED:
            return passage, claim
        return self.cut(passage), self.cut(claim)

    def cut(self, text: str) -> str:
        """`text`, or its start holding every token a pair with it can keep."""
        if len(text) <= self._keep:
            return text  # a few tokens at most: the truncation is cheap
        try:
            encoding = self._tokenizer.encode(text, add_special_tokens=False)
        except Exception:  # tokenizers raises its own untyped errors: the pair path reports
            return text
        words = encoding.word_ids
        if len(words) <= self._keep:
            return text
        last_kept = words[self._keep - 1]
        for index in range(self._keep, len(words)):
            if words[index] != last_kept:
                return text[: encoding.offsets[index][0]]
        return text  # the last kept token's word runs to the end
