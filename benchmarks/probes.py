"""What the project's hand-written probes share (`everyday_swaps.py`, `mixed_facts.py`,
`policy_answers.py`, ...): one-claim labelled cases, a table of the swaps each group's
answers let through, and the two parts of a probe written with a held-out half
(`word_swaps.py`, `answer_paraphrases.py`).

A probe's cases are labelled `contradictory` (a swap: the answer must fail) or
`supported` (a restatement: it must pass), one claim each, graded by the shipped
default (calibrated scorer, the verifier on, strict policy).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from grounding_sidecar.common.inputs import Case
from grounding_sidecar.detection import ClaimPolicy, Grader, GraderSettings, load_embedder
from grounding_sidecar.detection.contract import Scorer, VerifierMode
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.evaluation.agreement import LabelledCase, grade_labelled, label_case


@dataclass(frozen=True)
class Page:
    """A source and the answers written from it (`policy_answers.py`,
    `answer_paraphrases.py`)."""

    name: str
    text: str
    restatements: tuple[str, ...]  # faithful: each must pass
    flips: tuple[str, ...]  # each changes one meaning: each must fail


def one_claim_case(case_id: str, source: str, answer: str, label: str) -> LabelledCase:
    """A labelled case whose whole answer is one claim labelled `label`."""
    raw = {
        "id": case_id,
        "sources": [source],
        "answer": answer,
        "label_response": "grounded" if label == "supported" else "ungrounded",
        "claims": [{"text": answer, "label": label, "span": [0, len(answer)]}],
    }
    return label_case(Case(case_id, answer, [source], raw))


def page_cases(page: Page) -> list[LabelledCase]:
    """A page's restatements (`supported`) then its flips (`contradictory`), one case
    each, numbered in that order ("<page>:<n>")."""
    labelled = [("supported", a) for a in page.restatements]
    labelled += [("contradictory", a) for a in page.flips]
    return [
        one_claim_case(f"{page.name}:{number}", page.text, answer, label)
        for number, (label, answer) in enumerate(labelled)
    ]


@dataclass
class Tally:
    swaps: int = 0
    caught: int = 0
    restatements: int = 0
    passed: int = 0

    def add(self, swap: bool, failed: bool) -> None:
        if swap:
            self.swaps += 1
            self.caught += failed
        else:
            self.restatements += 1
            self.passed += not failed

    def include(self, other: Tally) -> None:
        self.swaps += other.swaps
        self.caught += other.caught
        self.restatements += other.restatements
        self.passed += other.passed


def tally_of(grader: Grader, cases: Iterable[LabelledCase]) -> Tally:
    """The swaps among `cases` that the grader fails and the restatements it passes."""
    tally = Tally()
    for case in cases:
        swap = case.claims[0].verdict.value != "supported"
        failed = grade_labelled(grader, case, ClaimPolicy.STRICT).verdict.value == "fail"
        tally.add(swap, failed)
    return tally


def probe_grader(embedder: str) -> Grader:
    """The shipped default for `embedder`, with the verifier on."""
    return Grader(
        load_embedder(embedder),
        GraderSettings(scorer=Scorer.CALIBRATED),
        verifier=load_verifier(VerifierMode.ON),
    )


def print_probe(
    grader: Grader, groups: Iterable[tuple[str, list[LabelledCase]]], group_title: str
) -> None:
    """A Markdown table: per group, the swaps caught and the restatements passed."""
    print(f"version: {grader.version()}")
    print(f"| {group_title} | swaps caught | restatements passed |")
    print("|---|---|---|")
    total = Tally()
    for name, cases in groups:
        tally = tally_of(grader, cases)
        total.include(tally)
        print(
            f"| {name} | {tally.caught} of {tally.swaps} | {tally.passed} of {tally.restatements} |"
        )
    print(
        f"| all | {total.caught} of {total.swaps} ({100 * total.caught / total.swaps:.0f}%) | "
        f"{total.passed} of {total.restatements} "
        f"({100 * total.passed / total.restatements:.0f}%) |"
    )


def probe_main(
    description: str, group_title: str, groups: Iterable[tuple[str, list[LabelledCase]]]
) -> None:
    """A probe's command line: `--embedder minilm|hash`, then its table."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--embedder", default="minilm", choices=("minilm", "hash"))
    args = parser.parse_args()
    print_probe(probe_grader(args.embedder), groups, group_title)


# A probe with a held-out half: its groups alternate between the parts in the order
# written; the studied part's misses may shape a rule, the held-out part is never
# read case by case.
PARTS = ("studied", "held out")


def part_at(index: int) -> str:
    """The part of the group written `index`-th (from 0)."""
    return PARTS[index % 2]


class _Named(Protocol):
    @property
    def name(self) -> str: ...


Group = TypeVar("Group", bound=_Named)


def in_part(groups: Sequence[Group], part: str) -> list[Group]:
    """The groups of a probe with a held-out half that are in `part`."""
    return [group for index, group in enumerate(groups) if part_at(index) == part]


def cases_in_part(
    groups: Sequence[Group], part: str, cases_of: Callable[[Group], list[LabelledCase]]
) -> list[LabelledCase]:
    """Every case of the groups of a probe in `part` ("studied" or "held out")."""
    return [case for group in in_part(groups, part) for case in cases_of(group)]


def parted_probe_main(
    description: str,
    group_title: str,
    groups: Sequence[Group],
    cases_of: Callable[[Group], list[LabelledCase]],
) -> None:
    """A probe's command line with `--part studied|held-out` and `--embedder
    minilm|hash`, then its table of that part's groups."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--embedder", default="minilm", choices=("minilm", "hash"))
    parser.add_argument("--part", default="studied", choices=("studied", "held-out"))
    args = parser.parse_args()
    part = args.part.replace("-", " ")
    named = [(group.name, cases_of(group)) for group in in_part(groups, part)]
    print_probe(probe_grader(args.embedder), named, group_title)
