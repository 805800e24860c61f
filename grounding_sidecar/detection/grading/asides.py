"""What an answer holds around its claims that its sources show to be no claim: its
own list of sources, an inline citation naming a source, an abstention the sources
bear out (text/source_lists.py, text/abstentions.py).  Each step makes its own cheap
test of the answer first and reads the sources' words only when it needs them."""

from __future__ import annotations

from grounding_sidecar.detection.grading.sources import SourceSide
from grounding_sidecar.detection.text.abstentions import set_aside_abstentions
from grounding_sidecar.detection.text.claims import ClaimSplit
from grounding_sidecar.detection.text.source_lists import (
    set_aside_inline_citations,
    set_aside_source_lists,
)


def set_aside_around_claims(answer: str, split: ClaimSplit, side: SourceSide) -> ClaimSplit:
    """Our own split of `answer`, less its source list and the abstentions `side`
    bears out, each claim read without an inline citation that names a source."""
    split = set_aside_source_lists(answer, split, lambda: side.line_words)
    split = set_aside_inline_citations(split, lambda: side.line_words)
    return set_aside_abstentions(split, lambda: side.content_words)
