"""Short answers read with the user's question (docs/detection.md#short-answers).

"Milira.", "In 1969." or "Yes, in 1969." states a fact only together with the
question it answers, and alone it is too short to grade: the split skips it, and the
check would end `unknown` (no_checkable_claims).  When an answer yields no gradable
claim, its words become one claim read after the question, "who sings go outside in
the rain — Milira." (`Claim.reading`), the way contextual grounding checks read the query with the
response.  The claim's span and text stay the answer's; only what the models and the
rules read gains the question.  The question is never evidence: it is not a source,
so a detail it states must still be found in the sources (and one they contradict
fails the claim).

Only a split made of too-short segments (and a source list or conversation, which
stay set aside: text/source_lists.py, text/conversation.py) is read this way: an
answer of fenced code, or one cut by a limit, is not a short answer, and a gradable
claim anywhere means the answer stands on its own.
"""

from __future__ import annotations

from grounding_sidecar.detection.contract import SkipReason
from grounding_sidecar.detection.text.claims import Claim, ClaimSplit

# Names the rule in the metric definition version: results read under it never mix
# with results read without it.
SHORT_ANSWERS_VERSION = "q1"
# What an answer holds besides its words, which stays aside when the words are read
# with the question: its list of sources, its pleasantries.
_SET_ASIDE = frozenset((SkipReason.SOURCE_LIST, SkipReason.CONVERSATION))
# The question's last characters kept: a user message may paste a whole document
# before asking, and the question itself comes last.
QUESTION_MAX_CHARS = 1_000


def read_with_question(answer: str, split: ClaimSplit, question: str | None) -> ClaimSplit:
    """`split` with its too-short segments made one claim read after `question`, when
    the split has no gradable claim and only too-short segments; `split` otherwise."""
    context = _question_text(question)
    listed = [s for s in split.skipped if s.reason in _SET_ASIDE]
    short = [s for s in split.skipped if s.reason not in _SET_ASIDE]
    if context is None or split.claims or split.truncated or not short:
        return split
    if any(skipped.reason is not SkipReason.TOO_SHORT for skipped in short):
        return split
    start, end = short[0].span[0], short[-1].span[1]
    if any(start < s.span[0] < end for s in listed):
        return split  # the answer's words on both sides of what is set aside
    return ClaimSplit((Claim(answer[start:end], start, end, context),), tuple(listed), False)


def _question_text(question: str | None) -> str | None:
    """The question as read: whitespace collapsed, its last `QUESTION_MAX_CHARS`
    characters from a word's start; None when it holds no text."""
    if question is None:
        return None
    words = " ".join(question.split())
    if len(words) > QUESTION_MAX_CHARS:
        kept = words[-QUESTION_MAX_CHARS:]
        cut_in_word = words[-QUESTION_MAX_CHARS - 1] != " "
        words = kept.split(" ", 1)[-1] if cut_in_word else kept
    return words or None
