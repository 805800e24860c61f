"""Sources -> passages of 1 to 3 sentences, after the source limits are applied."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from grounding_sidecar.detection.contract import DroppedSource, DropReason, Evidence
from grounding_sidecar.detection.text.claims import count_words
from grounding_sidecar.detection.text.sentences import split_sentences

# A sentence this short ("Yes.", "See below.") says little alone and is merged
# with its neighbours; measured: sentence passages beat whole sources and windows.
MIN_PASSAGE_WORDS = 4
MAX_PASSAGE_SENTENCES = 3


_HAS_WORD = re.compile(r"[^\W_]")


@dataclass(frozen=True, slots=True)
class SourceLimits:
    max_sources: int = 50
    max_source_length: int = 10_000


@dataclass(frozen=True, slots=True)
class Passage:
    """`text` is the passage as read (text/typography.py), `start:end` its span in
    `sources[source_index]` as sent; id `s<source>.<passage>`."""

    passage_id: str
    source_index: int
    start: int
    end: int
    text: str

    @property
    def evidence(self) -> Evidence:
        return Evidence(self.passage_id, self.source_index, self.start, self.end)


def with_neighbours(passages: Sequence[Passage], index: int) -> str:
    """Passage `index` joined with the passages before and after it in the same source:
    the verifier's premise (docs/verifier.md#reading-the-evidence)."""
    best = passages[index]
    around = [
        passages[i]
        for i in (index - 1, index, index + 1)
        if 0 <= i < len(passages) and passages[i].source_index == best.source_index
    ]
    return " ".join(p.text for p in around)


@dataclass(frozen=True, slots=True)
class SourceSelection:
    kept: tuple[tuple[int, str], ...]  # (original index, text)
    dropped: tuple[DroppedSource, ...]


def select_sources(sources: Sequence[str], limits: SourceLimits) -> SourceSelection:
    """Apply the limits; every dropped source is recorded with its reason.

    Oversized sources are dropped first, then the tail past `max_sources`, so a
    single huge source cannot push valid ones out of the window.
    """
    kept: list[tuple[int, str]] = []
    dropped: list[DroppedSource] = []
    for index, text in enumerate(sources):
        if len(text) > limits.max_source_length:
            dropped.append(DroppedSource(index, len(text), DropReason.TOO_LONG))
        elif not text.strip():
            dropped.append(DroppedSource(index, len(text), DropReason.EMPTY))
        elif len(kept) >= limits.max_sources:
            dropped.append(DroppedSource(index, len(text), DropReason.OVER_MAX_SOURCES))
        else:
            kept.append((index, text))
    return SourceSelection(tuple(kept), tuple(dropped))


def split_passages(source_index: int, source: str, *, id_prefix: str = "s") -> list[Passage]:
    """Group the source's sentences into passages of 1 to 3 sentences."""
    passages: list[Passage] = []
    sizes: list[int] = []  # sentences per passage, to keep the 1-to-3 bound when folding
    group_start: int | None = None
    group_end = 0
    group_size = 0
    group_words = 0

    def close_group() -> None:
        assert group_start is not None
        passage_id = f"{id_prefix}{source_index}.{len(passages)}"
        text = source[group_start:group_end]
        passages.append(Passage(passage_id, source_index, group_start, group_end, text))
        sizes.append(group_size)

    for segment in split_sentences(source):
        if not _HAS_WORD.search(source, segment.start, segment.end):
            continue  # punctuation or a rule line: nothing could be supported by it
        if group_start is None:
            group_start = segment.start
        group_end = segment.end
        group_size += 1
        group_words += count_words(source[segment.start : segment.end])
        if group_words >= MIN_PASSAGE_WORDS or group_size >= MAX_PASSAGE_SENTENCES:
            close_group()
            group_start, group_size, group_words = None, 0, 0
    if group_start is not None:
        # A short trailing fragment joins the previous passage when the bound allows.
        if sizes and sizes[-1] + group_size <= MAX_PASSAGE_SENTENCES:
            group_start = passages.pop().start
            group_size += sizes.pop()
        close_group()
    return passages
