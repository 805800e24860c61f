"""The steps that check an answer still arriving, into the exchange's `CheckMemo`.

A streamed answer arrives sentence by sentence, and a RAG request carries its sources
before the upstream is even called; the server (app/checks.py) runs these steps as the
text arrives, so that the final check, always the whole check of the whole answer,
finds most of its model work done (detection/memo.py).  Each step only reads settled
text: a settled prefix ends where a sentence starts, so its sentences split as they
will in the whole answer.
"""

from __future__ import annotations

from collections.abc import Callable

from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.detection.embedding.base import embed_checked
from grounding_sidecar.detection.grading.claims import Models
from grounding_sidecar.detection.grading.sources import SourceSide
from grounding_sidecar.detection.text.sentences import settled_prefix

# A check of some text against the exchange's sources, into its memo.
Check = Callable[[str], CheckResult]


def prepare_sources(side: SourceSide, models: Models) -> None:
    """Read what a check reads of these sources (kept sources, passages, the corpus of
    their details) and embed their passages, unless they are over the first stage's
    budget: then the lexical index is built instead, and each claim embeds its own
    candidates.  `side` and `models` keep the work in the memo."""
    texts = [p.text for p in side.passages]
    _ = side.corpus
    if models.first_stage.prunes(texts):
        _ = side.index
    elif texts:
        embed_checked(models.passage_embedder, texts)


def prepare_answer(check: Check, partial_answer: str, covered: int) -> int:
    """Check the sentences that settled since the first `covered` characters were
    checked; how many characters are covered now (the result itself is not kept).

    Each step reads only the new sentences, which keeps a stream's steps together about
    as costly as one check of the whole answer.
    """
    prefix = settled_prefix(partial_answer)
    if len(prefix) <= covered:
        return covered
    if prefix[covered:].strip():
        check(prefix[covered:])
    return len(prefix)


def check_settled(check: Check, partial_answer: str) -> tuple[int, CheckResult] | None:
    """The settled part of the answer, checked from its start (so it is cut into
    sentences exactly as the whole answer will be, and each claim's grade is the one
    the whole answer's check gives it): (its length, its result), or None while
    nothing has settled."""
    prefix = settled_prefix(partial_answer)
    if not prefix.strip():
        return None
    return len(prefix), check(prefix)
