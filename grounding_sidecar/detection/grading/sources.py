"""What a check reads of its sources, whatever the answer.

The sources the limits keep, their passages, the references' passages (read under the
classed policy only: the strict one never lets a reference support a claim), and the
corpus of their details.  None of it depends on the answer, so an exchange's checks
read it once, through their `CheckMemo`, and the parts only some checks need (the
corpus, the lexical index) are built on first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from grounding_sidecar.detection.contract import ClaimPolicy
from grounding_sidecar.detection.judging.candidates import LexicalIndex
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.memo import CheckMemo
from grounding_sidecar.detection.text.passages import (
    Passage,
    SourceLimits,
    SourceSelection,
    select_sources,
    split_passages,
)
from grounding_sidecar.detection.text.source_lists import source_line_words
from grounding_sidecar.detection.text.typography import plain_typography
from grounding_sidecar.detection.text.words import content_words


@dataclass
class SourceSide:
    selection: SourceSelection
    source_passages: list[Passage]
    reference_passages: list[Passage]
    corpus_texts: list[str]

    @staticmethod
    def read(
        sources: Sequence[str],
        limits: SourceLimits | None,
        policy: ClaimPolicy,
        references: Sequence[str],
    ) -> SourceSide:
        # Read plain, as the answer is (text/typography.py): one character for one,
        # so every passage's span is its span in the source as sent.
        sources = [plain_typography(text) for text in sources]
        references = [plain_typography(text) for text in references]
        selection = select_sources(sources, limits or SourceLimits())
        source_passages = [
            passage for index, text in selection.kept for passage in split_passages(index, text)
        ]
        reference_passages = (
            [p for i, text in enumerate(references) for p in split_passages(i, text, id_prefix="r")]
            if policy is ClaimPolicy.CLASSED
            else []
        )
        corpus_texts = [text for _, text in selection.kept] + list(references)
        return SourceSide(selection, source_passages, reference_passages, corpus_texts)

    @cached_property
    def passages(self) -> list[Passage]:
        """The sources' passages first, then the references': a passage's column in
        the similarity matrix tells which kind it is."""
        return [*self.source_passages, *self.reference_passages]

    @cached_property
    def corpus(self) -> SourceCorpus:
        return SourceCorpus(self.corpus_texts)

    @cached_property
    def index(self) -> LexicalIndex:
        return LexicalIndex([p.text for p in self.passages])

    @cached_property
    def content_words(self) -> frozenset[str]:
        """Every content word of the sources' passages, what an abstention's topic is
        looked up in (text/abstentions.py).  Not `corpus.content_words`: the corpus
        also holds the workspace's reference passages, and "the documents do not
        mention X" speaks of the sources the client sent."""
        return frozenset().union(*(content_words(p.text) for p in self.source_passages))

    @cached_property
    def line_words(self) -> tuple[str, ...]:
        """The words of the kept sources' lines, what a source list's entry is matched
        against (text/source_lists.py): a reference never names a source."""
        return source_line_words([text for _, text in self.selection.kept])


def read_sources(
    sources: Sequence[str],
    limits: SourceLimits | None,
    policy: ClaimPolicy,
    references: Sequence[str],
    memo: CheckMemo | None,
) -> SourceSide:
    """The source side of a check, read once per exchange when `memo` holds it."""

    def read() -> SourceSide:
        return SourceSide.read(sources, limits, policy, references)

    if memo is None:
        return read()
    return memo.source_side((tuple(sources), limits, policy, tuple(references)), read)
