"""Answer -> claims: one claim per sentence, with its exact span in the answer."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from grounding_sidecar.detection.contract import SkippedClaim, SkipReason
from grounding_sidecar.detection.text.citations import without_citations
from grounding_sidecar.detection.text.conversation import is_pleasantry
from grounding_sidecar.detection.text.details import has_checkable_detail, states_a_value
from grounding_sidecar.detection.text.sentences import BlockKind, split_sentences
from grounding_sidecar.detection.text.statements import is_statement

_WORD = re.compile(r"\w+(?:[.'’-]\w+)*")


@dataclass(frozen=True, slots=True)
class Claim:
    """`text` is `answer[start:end]`, what the report shows; `question` is the user's
    question a short answer is read with (detection/text/short_answers.py), context
    for the models, never evidence; `citation` is left out of what is read."""

    text: str
    start: int
    end: int
    question: str | None = None
    # A span of `text` no model or rule reads: an inline citation naming a source,
    # "(Source: Refund policy)" (text/source_lists.py).
    citation: tuple[int, int] | None = None

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    @property
    def reading(self) -> str:
        """The text the models and the rules read: the claim less its inline citation
        and its citation markers ("[2]", text/citations.py: a cited answer's sources
        rarely hold the marker, and its number read as a word made a faithful claim
        look less supported), after its question and a dash, so that a one-word answer
        ("Rome.") reads as a name, not a capitalised sentence start."""
        text = self.text
        if self.citation is not None:
            text = text[: self.citation[0]].rstrip() + text[self.citation[1] :]
        text = without_citations(text)
        return text if self.question is None else f"{self.question} — {text}"


@dataclass(frozen=True, slots=True)
class ClaimSplit:
    claims: tuple[Claim, ...]
    skipped: tuple[SkippedClaim, ...]
    truncated: bool  # part of the answer was not examined (a limit was hit)

    def set_aside(self, chosen: Collection[int], reason: SkipReason) -> ClaimSplit:
        """This split with the claims at the `chosen` positions moved to its skipped
        segments as `reason`, in the answer's order; itself when none is chosen."""
        if not chosen:
            return self
        kept = tuple(claim for i, claim in enumerate(self.claims) if i not in chosen)
        moved = [SkippedClaim(self.claims[i].text, self.claims[i].span, reason) for i in chosen]
        skipped = tuple(sorted((*self.skipped, *moved), key=lambda s: s.span))
        return ClaimSplit(kept, skipped, self.truncated)


def count_words(text: str) -> int:
    return len(_WORD.findall(text))


def split_claims(
    answer: str, *, min_words: int = 5, max_claims: int = 256, max_chars: int = 200_000
) -> ClaimSplit:
    """Split `answer` into gradable claims and skipped segments.

    Fenced code is skipped by kind, a table's header row unless it states a number,
    date or time (its names are column names in title case), and a preamble or closing
    that states no fact ("Let me know if you have any questions!") as `conversation`
    (conversation.py).
    A sentence (a heading, a list item and a table row are sentences too) under
    `min_words` words is skipped as too short, unless it holds a checkable detail (a
    number, date, amount, name or negation: "Refunds take 90 days.") or is a statement
    ("Delivery is free.", statements.py): either says something a source must back.
    Text past `max_chars`, and claims past `max_claims`, are not examined: the split
    says so through `truncated`, so a long answer costs a bounded amount and is never
    reported as fully checked.
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
        elif segment.kind is BlockKind.TABLE_HEADER and not states_a_value(text):
            skipped.append(SkippedClaim(text, span, SkipReason.TABLE_HEADER))
        elif count_words(text) < min_words and not _says_something(text):
            skipped.append(SkippedClaim(text, span, SkipReason.TOO_SHORT))
        elif is_pleasantry(text):
            skipped.append(SkippedClaim(text, span, SkipReason.CONVERSATION))
        elif len(claims) >= max_claims:
            skipped.append(SkippedClaim(text, span, SkipReason.OVER_LIMIT))
            truncated = True
        else:
            claims.append(Claim(text, segment.start, segment.end))
    return ClaimSplit(tuple(claims), tuple(skipped), truncated)


def _says_something(short: str) -> bool:
    """Whether a sentence under `min_words` words is a claim all the same."""
    return has_checkable_detail(short) or is_statement(short)
