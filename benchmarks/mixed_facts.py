"""Mixed-up facts: does the grader catch an answer that gives one fact another's value,
and pass the same answer with the right value?

A probe written for this project (docs/detection.md#misplaced-details).  Each source
states three facts of one kind (three durations, three prices, three times of day).
Each fact has a restatement with one slot; filled with its own value it is
`supported`, with one of the other two facts' values `contradictory`: the answer states
only values the sources hold, bound to the wrong fact.  The probe was written beside
the rule that catches these, so it guards against regressions and is no unbiased
estimate.

    python -m benchmarks.mixed_facts [--embedder minilm|hash]

prints, per source, the swaps caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the set "mixed facts (probe)".
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from benchmarks.probes import one_claim_case, probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase


@dataclass(frozen=True)
class Fact:
    sentence: str  # as the source states it
    restatement: str  # one "{}" where the value goes
    value: str


@dataclass(frozen=True)
class Source:
    name: str
    facts: tuple[Fact, ...]

    @property
    def text(self) -> str:
        return " ".join(fact.sentence for fact in self.facts)


SOURCES = (
    Source(
        "returns",
        (
            Fact(
                "Unopened items can be returned within 30 days of delivery.",
                "You can return an unopened item within {} of delivery.",
                "30 days",
            ),
            Fact(
                "Refunds reach the original payment method within 5 business days.",
                "The refund reaches your original payment method within {}.",
                "5 business days",
            ),
            Fact(
                "Exchanges for a different size ship within 2 days.",
                "An exchange for another size ships within {}.",
                "2 days",
            ),
        ),
    ),
    Source(
        "plans",
        (
            Fact(
                "The Basic plan costs $12 per month.",
                "Basic costs {} a month.",
                "$12",
            ),
            Fact(
                "The Team plan costs $29 per month and adds shared folders.",
                "The Team plan, which adds shared folders, is {} a month.",
                "$29",
            ),
            Fact(
                "Extra storage is billed at $5 per month for each 100 GB.",
                "Each extra 100 GB of storage costs {} per month.",
                "$5",
            ),
        ),
    ),
    Source(
        "opening hours",
        (
            Fact(
                "The museum opens at 9 AM from Tuesday to Sunday.",
                "From Tuesday to Sunday the museum opens at {}.",
                "9 AM",
            ),
            Fact(
                "The last guided tour starts at 3 PM.",
                "The final guided tour begins at {}.",
                "3 PM",
            ),
            Fact(
                "The café on the ground floor closes at 5 PM.",
                "The ground-floor café closes at {}.",
                "5 PM",
            ),
        ),
    ),
    Source(
        "interest rates",
        (
            Fact(
                "The savings account pays 3.1% interest a year.",
                "Savings accounts earn {} a year in interest.",
                "3.1%",
            ),
            Fact(
                "Personal loans are charged 7.9% a year.",
                "A personal loan costs {} a year.",
                "7.9%",
            ),
            Fact(
                "Overdrafts carry a rate of 19.5% a year.",
                "The overdraft rate is {} a year.",
                "19.5%",
            ),
        ),
    ),
    Source(
        "warranty",
        (
            Fact(
                "Laptops come with a warranty of 2 years.",
                "The laptop warranty lasts {}.",
                "2 years",
            ),
            Fact(
                "Batteries are covered for 12 months.",
                "Battery coverage runs for {}.",
                "12 months",
            ),
            Fact(
                "Accidental damage cover can be added for 3 years.",
                "You can add accidental damage cover for {}.",
                "3 years",
            ),
        ),
    ),
    Source(
        "shipping",
        (
            Fact(
                "Standard shipping costs $4.99 and takes 5 days.",
                "Standard delivery is {} and takes 5 days.",
                "$4.99",
            ),
            Fact(
                "Express shipping costs $14.99 and arrives the next day.",
                "Next-day express delivery costs {}.",
                "$14.99",
            ),
            Fact(
                "Orders over $50 ship free.",
                "Shipping is free on orders over {}.",
                "$50",
            ),
        ),
    ),
    Source(
        "medication",
        (
            Fact(
                "Adults take 500 mg every 6 hours.",
                "An adult dose is {} every 6 hours.",
                "500 mg",
            ),
            Fact(
                "Children over 12 take 250 mg per dose.",
                "For children over 12 the dose is {}.",
                "250 mg",
            ),
            Fact(
                "No one should take more than 4000 mg in a day.",
                "The daily maximum is {}.",
                "4000 mg",
            ),
        ),
    ),
    Source(
        "train times",
        (
            Fact(
                "The first train to the airport leaves at 5:40 AM.",
                "The earliest airport train departs at {}.",
                "5:40 AM",
            ),
            Fact(
                "Trains run every 15 minutes during the day.",
                "During the day there is a train every {}.",
                "15 minutes",
            ),
            Fact(
                "The journey to the airport takes 35 minutes.",
                "The ride to the airport lasts {}.",
                "35 minutes",
            ),
        ),
    ),
)


def mixed_fact_cases() -> list[LabelledCase]:
    """Every source's restatements (`supported`) and mixed-up facts (`contradictory`)."""
    return [case for source in SOURCES for case in source_cases(source)]


def source_cases(source: Source) -> list[LabelledCase]:
    cases = []
    for number, fact in enumerate(source.facts):
        answer = fact.restatement.format(fact.value)
        cases.append(one_claim_case(f"{source.name}:{number}", source.text, answer, "supported"))
    for fact, other in itertools.permutations(source.facts, 2):
        if other.value != fact.value:
            answer = fact.restatement.format(other.value)
            case_id = f"{source.name}:{fact.value}->{other.value}"
            cases.append(one_claim_case(case_id, source.text, answer, "contradictory"))
    return cases


def main() -> None:
    groups = ((source.name, source_cases(source)) for source in SOURCES)
    probe_main(__doc__ or "", "source", groups)


if __name__ == "__main__":
    main()
