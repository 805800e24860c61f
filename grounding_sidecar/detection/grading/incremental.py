"""The steps that check an answer still arriving, into the exchange's `CheckMemo`.

A streamed answer arrives sentence by sentence, and a RAG request carries its sources
before the upstream is even called; the server (app/checks.py) runs these steps as the
text arrives, so that the final check, always the whole check of the whole answer,
finds most of its model work done (detection/memo.py).  Each step reads settled text
(a settled prefix ends where a sentence starts, so its sentences split as they will in
the whole answer), and the last sentence ahead of time once it ends like a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.detection.embedding.base import embed_checked
from grounding_sidecar.detection.grading.claims import Models
from grounding_sidecar.detection.grading.sources import SourceSide
from grounding_sidecar.detection.text.sentences import settled_prefix

# A check of some text against the exchange's sources, into its memo.
Check = Callable[[str], CheckResult]
# Text that ends like a sentence: a terminator, then closing quotes or brackets.
_ENDS_A_SENTENCE = re.compile(r"\w[^\s]*[.!?][\"'\u201d\u2019)\]]*\s*\Z")


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


def prepare_answer(check: Callable[[str], object], partial_answer: str, covered: int) -> int:
    """Check the sentences that settled since the first `covered` characters were
    checked, then the last sentence ahead of time when the text so far ends like a
    sentence; how many characters are covered now (the settled ones: the result itself
    is not kept).

    Each step reads only the text past `covered`, which starts a sentence: it is split
    and checked alone, so a step's cost does not grow with the answer (a stream of
    tokens steps once a token) and a stream's steps together cost about one check of
    the whole answer.  Split alone, the new text almost always splits as it does in
    the whole answer; where it does not, the final check computes what the memo lacks.

    The last sentence settles only when the next one starts, so without reading it
    ahead the final check would do all of its work (its embedding, verifier pair and
    judgement) after the upstream's last byte.  Read ahead, it is in the memo if the
    answer ends there; if the answer goes on ("3." then "5%"), the work is wasted,
    never wrong: the memo is keyed by text.
    """
    settled = covered + len(settled_prefix(partial_answer[covered:]))
    if settled > covered:
        if partial_answer[covered:settled].strip():
            check(partial_answer[covered:settled])
        covered = settled
    _read_ahead(check, partial_answer[covered:])
    return covered


def check_settled(check: Check, partial_answer: str) -> tuple[int, CheckResult] | None:
    """The settled part of the answer, checked from its start (so it is cut into
    sentences exactly as the whole answer will be, and each claim's grade is the one
    the whole answer's check gives it): (its length, its result), or None while
    nothing has settled.  The last sentence is read ahead as `prepare_answer` reads it;
    its grade is not part of the result (nothing is released on a guess)."""
    prefix = settled_prefix(partial_answer)
    _read_ahead(check, partial_answer[len(prefix) :])
    if not prefix.strip():
        return None
    return len(prefix), check(prefix)


def _read_ahead(check: Callable[[str], object], last: str) -> None:
    """Check the last segment of an answer still arriving when it ends like a
    sentence, into the memo: final if the answer ends there."""
    if _ENDS_A_SENTENCE.search(last):
        check(last)
