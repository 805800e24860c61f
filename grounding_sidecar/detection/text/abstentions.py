"""Abstentions the sources bear out, set aside from grading.

"I could not find information about international returns in the provided documents."
is the answer a RAG system should give when its sources are silent, and it states no
fact about the world: graded as a claim it was unsupported, and BLOCK refused the one
answer that admitted it did not know.  An abstention (text/conversation.py's
templates) is set aside as `conversation` when the sources indeed lack its topic: some
content word of the topic appears in no passage.  One whose every topic word a source
uses may be false ("The documents do not mention the warranty" beside a warranty
passage): it stays a claim and is graded, and so does one whose topic holds a
checkable detail (a number, a date, a name).
"""

from __future__ import annotations

from collections.abc import Callable

from grounding_sidecar.detection.contract import SkipReason
from grounding_sidecar.detection.text.claims import ClaimSplit
from grounding_sidecar.detection.text.conversation import abstention_topic
from grounding_sidecar.detection.text.details import has_checkable_detail
from grounding_sidecar.detection.text.words import content_words

_QUESTION_WORDS = frozenset(("whether", "why"))


def set_aside_abstentions(
    split: ClaimSplit, source_words: Callable[[], frozenset[str]]
) -> ClaimSplit:
    """`split` with each abstention whose topic the sources lack (`source_words`: the
    content words of every passage, gathered only when a claim is worded as an
    abstention) moved to its skipped segments (`conversation`)."""
    topics = {i: t for i, claim in enumerate(split.claims) if (t := abstention_topic(claim.text))}
    if not topics:
        return split
    known = source_words()
    lacking = {
        i
        for i, topic in topics.items()
        if not _topic_words(topic) <= known and not has_checkable_detail(topic)
    }
    return split.set_aside(lacking, SkipReason.CONVERSATION)


def _topic_words(topic: str) -> frozenset[str]:
    """The topic's content words, less the word that opens an embedded question."""
    return content_words(topic) - _QUESTION_WORDS
