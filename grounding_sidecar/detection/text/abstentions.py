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

from grounding_sidecar.detection.contract import SkippedClaim, SkipReason
from grounding_sidecar.detection.text.claims import ClaimSplit
from grounding_sidecar.detection.text.conversation import abstention_topic
from grounding_sidecar.detection.text.details import has_checkable_detail
from grounding_sidecar.detection.text.words import content_words

_QUESTION_WORDS = frozenset(("whether", "why"))


def holds_abstention(split: ClaimSplit) -> bool:
    """Whether a claim of `split` is worded as an abstention: the cheap test before the
    sources' words are gathered."""
    return any(abstention_topic(claim.text) is not None for claim in split.claims)


def set_aside_abstentions(split: ClaimSplit, source_words: frozenset[str]) -> ClaimSplit:
    """`split` with each abstention whose topic the sources lack (`source_words`: the
    content words of every passage) moved to its skipped segments (`conversation`)."""
    kept, set_aside = [], []
    for claim in split.claims:
        topic = abstention_topic(claim.text)
        if topic is None or _topic_words(topic) <= source_words or has_checkable_detail(topic):
            kept.append(claim)
        else:
            set_aside.append(SkippedClaim(claim.text, claim.span, SkipReason.CONVERSATION))
    if not set_aside:
        return split
    skipped = sorted((*split.skipped, *set_aside), key=lambda s: s.span)
    return ClaimSplit(tuple(kept), tuple(skipped), split.truncated)


def _topic_words(topic: str) -> frozenset[str]:
    """The topic's content words, less the word that opens an embedded question."""
    return content_words(topic) - _QUESTION_WORDS
