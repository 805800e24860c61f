"""What a check reads of its sources, whatever the answer.

The sources the limits keep, their passages, the references' passages (read under the
classed policy only: the strict one never lets a reference support a claim), and the
corpus of their details.  None of it depends on the answer, so an exchange's checks
read it once, through their `CheckMemo`, and the parts only some checks need (the
corpus, the lexical index) are built on first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
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
from grounding_sidecar.detection.text.typography import PlainSource, plain_source
from grounding_sidecar.detection.text.words import content_words


@dataclass
class SourceSide:
    selection: SourceSelection
    source_passages: list[Passage]
    reference_passages: list[Passage]
    # The kept sources, then the references, as read (text/typography.py).
    kept_texts: list[str]
    reference_texts: list[str]

    @staticmethod
    def read(
        sources: Sequence[str],
        limits: SourceLimits | None,
        policy: ClaimPolicy,
        references: Sequence[str],
    ) -> SourceSide:
        # The limits apply to the sources as sent; what is kept is read plain
        # (text/typography.py), and every passage reports its span as sent.
        selection = select_sources(sources, limits or SourceLimits())
        kept = [(index, plain_source(text)) for index, text in selection.kept]
        read_references = [plain_source(text) for text in references]
        source_passages = [p for index, source in kept for p in _passages(index, source)]
        reference_passages = (
            [p for i, ref in enumerate(read_references) for p in _passages(i, ref, "r")]
            if policy is ClaimPolicy.CLASSED
            else []
        )
        return SourceSide(
            selection,
            source_passages,
            reference_passages,
            [source.text for _, source in kept],
            [reference.text for reference in read_references],
        )

    @cached_property
    def passages(self) -> list[Passage]:
        """The sources' passages first, then the references': a passage's column in
        the similarity matrix tells which kind it is."""
        return [*self.source_passages, *self.reference_passages]

    @cached_property
    def corpus(self) -> SourceCorpus:
        return SourceCorpus([*self.kept_texts, *self.reference_texts])

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
        return source_line_words(self.kept_texts)


def _passages(index: int, source: PlainSource, id_prefix: str = "s") -> list[Passage]:
    """The passages of a source read plain, each with its span in the source as sent."""
    passages = split_passages(index, source.text, id_prefix=id_prefix)
    if source.offsets is None:
        return passages
    spans = (source.span_as_sent(p.start, p.end) for p in passages)
    return [replace(p, start=a, end=b) for p, (a, b) in zip(passages, spans, strict=True)]


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
