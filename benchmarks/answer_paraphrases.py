"""Answers in other words, with a held-out half: does the grader pass a source's facts
restated the way an assistant writes them, and fail the same facts with one meaning
changed?

A probe written for this project (docs/benchmarks.md#answers-in-other-words-with-a-held-out-half).
`policy_answers.py` was written beside the rules it measures, so it guards against
regressions but is no estimate of answers the project never saw.  This probe is that
estimate.  Twenty short sources (`paraphrase_sources.py`: encyclopedic and practical
pages), each with six restatements (`supported`: reworded, reordered, active for
passive, amounts and times written another way, two facts joined) and six answers that
change one meaning (`contradictory`: a number, a unit, a name, a direction, a negation,
a role).  Its answers were written in two sittings, each graded once before anything
was changed for it; the sources alternate between two parts in the order written,
`studied` (the misses a rule may be shaped on) and `held out` (never read case by case:
its number is the estimate).

    python -m benchmarks.answer_paraphrases [--embedder minilm|hash] [--part studied|held-out]

prints, per source, the flips caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the sets "answer paraphrases (studied)"
and "answer paraphrases (held out)".
"""

from __future__ import annotations

from benchmarks.paraphrase_sources import SOURCES
from benchmarks.probes import Page, cases_in_part, one_claim_case, part_at, parted_probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase


def part_of(source: Page) -> str:
    """The part a source belongs to ("studied" or "held out"): the sources alternate in the
    order written."""
    return part_at(SOURCES.index(source))


def source_cases(source: Page) -> list[LabelledCase]:
    """One source's restatements (`supported`), then its flips (`contradictory`)."""
    same = [
        one_claim_case(f"{source.name}:same-{number}", source.text, answer, "supported")
        for number, answer in enumerate(source.restatements)
    ]
    flips = [
        one_claim_case(f"{source.name}:flip-{number}", source.text, answer, "contradictory")
        for number, answer in enumerate(source.flips)
    ]
    return same + flips


def answer_paraphrase_cases(part: str) -> list[LabelledCase]:
    """Every case of the sources in `part` ("studied" or "held out")."""
    return cases_in_part(SOURCES, part, source_cases)


def main() -> None:
    parted_probe_main(__doc__ or "", "source", SOURCES, source_cases)


if __name__ == "__main__":
    main()
