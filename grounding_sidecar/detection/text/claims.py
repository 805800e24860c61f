"""Answer -> claims: one claim per sentence, with its exact span in the answer."""

from __future__ import annotations

import re
from dataclasses import dataclass

from grounding_sidecar.detection.contract import SkippedClaim, SkipReason
from grounding_sidecar.detection.text.sentences import BlockKind, split_sentences

_WORD = re.compile(r"\w+(?:[.'’-]\w+)*")


@dataclass(frozen=True, slots=True)
class Claim:
    text: str
    start: int
    end: int

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)


@dataclass(frozen=True, slots=True)
class ClaimSplit:
    claims: tuple[Claim, ...]
    skipped: tuple[SkippedClaim, ...]
    truncated: bool  # part of the answer was not examined (a limit was hit)


def count_words(text: str) -> int:
    return len(_WORD.findall(text))


def split_claims(
    answer: str, *, min_words: int = 5, max_claims: int = 256, max_chars: int = 200_000
) -> ClaimSplit:
    """Split `answer` into gradable claims and skipped segments.

    Headings and fenced code are skipped by kind; sentences under `min_words`
    words are skipped as too short.  Text past `max_chars`, and claims past
    `max_claims`, are not examined: the split says so through `truncated`, so a
    long answer costs a bounded amount and is never reported as fully checked.
    """
    examined = answer[:max_chars]
    truncated = len(answer) > max_chars
    claims: list[Claim] = []
    skipped: list[SkippedClaim] = []
    for segment in split_sentences(examined):
        text = answer[segment.start : segment.end]
        span = (segment.start, segment.end)
        if segment.kind is BlockKind.CODE:
            skipped.append(SkippedClaim(text, span, SkipReason.CODE))
        elif segment.kind is BlockKind.HEADING:
            skipped.append(SkippedClaim(text, span, SkipReason.HEADING))
        elif count_words(text) < min_words:
            skipped.append(SkippedClaim(text, span, SkipReason.TOO_SHORT))
        elif len(claims) >= max_claims:
            skipped.append(SkippedClaim(text, span, SkipReason.OVER_LIMIT))
            truncated = True
        else:
            claims.append(Claim(text, segment.start, segment.end))
    return ClaimSplit(tuple(claims), tuple(skipped), truncated)
