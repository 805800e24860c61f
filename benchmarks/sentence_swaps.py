"""Sentence swaps: does the grader catch an answer that gives one fact of a sentence the
value of the other fact beside it, and pass the same answer with the right value?

A probe written for this project (docs/detection.md#misplaced-details).  Each source
sentence states two facts with values of one kind: counts of one thing, years, dates,
names, prices, shares, durations ("In 2023 the Berlin office had 120 employees and the
Munich office had 45 employees").  Each fact has a restatement with one slot; filled
with its own value it is `supported`, with the other fact's value `contradictory`: the
answer states only values the source holds, each bound to the wrong fact, the swap a
summary makes when it merges two clauses.  A second part restates periods and ratios
in words ("half a decade" for "five years", "an hour and a half" for "90 minutes",
"twice as many" for 400 against 200): `supported`, and changed: `contradictory`.  The
probe was written beside the rules that read these (rules-v20), so it guards against
regressions and is no unbiased estimate.

    python -m benchmarks.sentence_swaps [--embedder minilm|hash]

prints, per part, the swaps caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the set "sentence swaps (probe)".
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.probes import one_claim_case, probe_main
from benchmarks.restated_details import Item, kind_cases
from grounding_sidecar.evaluation.agreement import LabelledCase

# The second sentence of every source, so that the claim is graded against a passage.
_ASIDE = "The report was published in the spring."


@dataclass(frozen=True)
class TwoFacts:
    source: str  # one sentence stating both facts
    first: str  # the first fact restated, "{}" where its value goes
    second: str  # the second fact restated
    values: tuple[str, str]  # the first fact's value, the second's


SENTENCES = (
    TwoFacts(
        "In 2023 the Berlin office had 120 employees and the Munich office had 45 employees.",
        "In 2023 the Berlin office had {} employees.",
        "In 2023 the Munich office had {} employees.",
        ("120", "45"),
    ),
    TwoFacts(
        "The bridge opened in 1932 and was widened in 1958.",
        "The bridge opened in {}.",
        "The bridge was widened in {}.",
        ("1932", "1958"),
    ),
    TwoFacts(
        "Alice Chen leads the design team and Bob Ortiz leads the security team.",
        "{} leads the design team.",
        "{} leads the security team.",
        ("Alice Chen", "Bob Ortiz"),
    ),
    TwoFacts(
        "The store opened on 3 May 2021 and was renovated on 9 June 2022.",
        "The store opened on {}.",
        "The store was renovated on {}.",
        ("3 May 2021", "9 June 2022"),
    ),
    TwoFacts(
        "The basic plan costs $10 per month and the premium plan costs $25 per month.",
        "The basic plan costs {} per month.",
        "The premium plan costs {} per month.",
        ("$10", "$25"),
    ),
    TwoFacts(
        "Revenue grew 12% in Europe and 4% in Asia last year.",
        "Revenue grew {} in Europe last year.",
        "Revenue grew {} in Asia last year.",
        ("12%", "4%"),
    ),
    TwoFacts(
        "Standard shipping takes 5 business days and express shipping takes 2 business days.",
        "Standard shipping takes {}.",
        "Express shipping takes {}.",
        ("5 business days", "2 business days"),
    ),
    TwoFacts(
        "The library opens at 9 AM on weekdays and at 11 AM on Sundays.",
        "The library opens at {} on weekdays.",
        "The library opens at {} on Sundays.",
        ("9 AM", "11 AM"),
    ),
    TwoFacts(
        "The north warehouse stores 800 pallets while the south warehouse stores 300 pallets.",
        "The north warehouse stores {} pallets.",
        "The south warehouse stores {} pallets.",
        ("800", "300"),
    ),
    TwoFacts(
        "Maria Lopez founded the company in 2004 and David Kim joined it as chief engineer.",
        "{} founded the company in 2004.",
        "{} joined the company as chief engineer.",
        ("Maria Lopez", "David Kim"),
    ),
)

RESTATED = (
    Item(
        "The pilot program ran for five years before it was replaced.",
        "The pilot program ran for half a decade before it was replaced.",
        "The pilot program ran for a decade before it was replaced.",
    ),
    Item(
        "The flight from Oslo to Berlin takes 90 minutes.",
        "The flight from Oslo to Berlin takes an hour and a half.",
        "The flight from Oslo to Berlin takes two and a half hours.",
    ),
    Item(
        "The renovation took 18 months to finish.",
        "The renovation took a year and a half to finish.",
        "The renovation took two and a half years to finish.",
    ),
    Item(
        "The safety briefing lasts 30 minutes.",
        "The safety briefing lasts half an hour.",
        "The safety briefing lasts an hour and a half.",
    ),
    Item(
        "Full-time staff earn 1.5 days of paid leave every month.",
        "Full-time staff earn one and a half days of paid leave every month.",
        "Full-time staff earn two and a half days of paid leave every month.",
    ),
    Item(
        "The north warehouse holds 400 pallets, while the south warehouse holds 200 pallets.",
        "The north warehouse holds twice as many pallets as the south warehouse.",
        "The north warehouse holds three times as many pallets as the south warehouse.",
    ),
)


def sentence_cases() -> list[LabelledCase]:
    """Each fact with its own value (`supported`) and with the other's (`contradictory`)."""
    cases = []
    for number, facts in enumerate(SENTENCES):
        source = f"{facts.source} {_ASIDE}"
        for side, (template, own, other) in enumerate(
            (
                (facts.first, *facts.values),
                (facts.second, *reversed(facts.values)),
            )
        ):
            case_id = f"sentences:{number}:{side}"
            cases.append(one_claim_case(case_id, source, template.format(own), "supported"))
            swapped = template.format(other)
            cases.append(one_claim_case(f"{case_id}:x", source, swapped, "contradictory"))
    return cases


def restated_cases() -> list[LabelledCase]:
    """Each period or ratio restated in words (`supported`) and changed (`contradictory`)."""
    return kind_cases("restated", RESTATED, _ASIDE)


def sentence_swap_cases() -> list[LabelledCase]:
    return [*sentence_cases(), *restated_cases()]


def main() -> None:
    parts = (("sentences", sentence_cases()), ("restated", restated_cases()))
    probe_main(__doc__ or "", "part", parts)


if __name__ == "__main__":
    main()
