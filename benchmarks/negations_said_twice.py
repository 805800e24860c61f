"""Negations said twice: does the grader read a page that says a "no" in two
sentences, in other words each time, as negating, not as a double negative?

A probe written for this project (docs/benchmarks.md, "Decimal commas and negations
said twice").  Twelve short pages as a help centre, a house rule or a product page
publish them, each stating one restriction twice: a short line and a sentence ("No
pets. The hotel doesn't allow pets in its rooms."), or a sentence and its reason.
Each page has two restatements (`supported`: the restriction in other words) and two
answers that drop the negation (`contradictory`: "The hotel allows pets in its
rooms").  Its pages alternate between a studied and a held-out half
(`probes.part_at`).  Written beside the rule it measures, so it guards against
regressions and is no unbiased estimate.

    python -m benchmarks.negations_said_twice [--embedder minilm|hash] [--part studied|held-out]

prints, per page, the flips caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the sets "negations said twice
(studied)" and "negations said twice (held out)".
"""

from __future__ import annotations

from benchmarks.probes import Page, cases_in_part, page_cases, parted_probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

PAGES = (
    Page(
        "hotel pets",
        "No pets. The hotel doesn't allow pets in its rooms, except for assistance dogs.",
        (
            "The hotel does not allow pets in its rooms, apart from assistance dogs.",
            "Pets are not permitted in the hotel's rooms, except assistance dogs.",
        ),
        (
            "The hotel allows pets in its rooms.",
            "Pets are permitted in the hotel's rooms.",
        ),
    ),
    Page(
        "smoking",
        "Smoking: no. The hotel does not permit smoking anywhere on the premises, "
        "including the balconies.",
        (
            "The hotel does not permit smoking on the premises.",
            "Smoking is not allowed on the hotel's balconies.",
        ),
        (
            "The hotel permits smoking on the premises.",
            "Smoking is allowed on the hotel's balconies.",
        ),
    ),
    Page(
        "roaming",
        "Roaming is not included. The Basic plan has no international calls either.",
        (
            "The Basic plan does not include roaming.",
            "International calls are not part of the Basic plan.",
        ),
        (
            "The Basic plan includes roaming.",
            "The Basic plan includes international calls.",
        ),
    ),
    Page(
        "refunds",
        "Sale items are final. We do not refund sale items, and they cannot be exchanged "
        "for store credit.",
        (
            "Sale items are not refunded.",
            "Sale items cannot be exchanged for store credit.",
        ),
        (
            "Sale items are refunded by the shop.",
            "Sale items can be exchanged for store credit.",
        ),
    ),
    Page(
        "parking",
        "No parking for visitors. Visitors may not park in the staff car park at any time.",
        (
            "Visitors may not park in the staff car park.",
            "The staff car park is not open to visitors' cars.",
        ),
        (
            "Visitors may park in the staff car park.",
            "Visitors can park in the staff car park at any time.",
        ),
    ),
    Page(
        "food in the library",
        "No food. Eating is not allowed in the reading rooms of the library.",
        (
            "Eating is not allowed in the library's reading rooms.",
            "You may not eat in the reading rooms of the library.",
        ),
        (
            "Eating is allowed in the library's reading rooms.",
            "You may eat in the reading rooms of the library.",
        ),
    ),
    Page(
        "cash payments",
        "Card only. The café does not accept cash, and no cheques are taken.",
        (
            "The café does not accept cash.",
            "The café does not take cheques.",
        ),
        (
            "The café accepts cash.",
            "The café takes cheques.",
        ),
    ),
    Page(
        "lifeguards",
        "No lifeguard on duty. The beach is not supervised, so swimming is at your own risk.",
        (
            "The beach is not supervised.",
            "There is no lifeguard on duty at the beach.",
        ),
        (
            "The beach is supervised.",
            "A lifeguard is on duty at the beach.",
        ),
    ),
    Page(
        "free trial",
        "No credit card needed. The free trial does not require any payment details.",
        (
            "The free trial does not require payment details.",
            "You do not need a credit card for the free trial.",
        ),
        (
            "The free trial requires payment details.",
            "You need a credit card for the free trial.",
        ),
    ),
    Page(
        "photography",
        "No flash. Visitors cannot use flash photography in the galleries.",
        (
            "Visitors cannot use flash photography in the galleries.",
            "Flash photography is not allowed in the galleries.",
        ),
        (
            "Visitors can use flash photography in the galleries.",
            "Flash photography is allowed in the galleries.",
        ),
    ),
    Page(
        "delivery",
        "Not available on islands. We don't deliver to the Scottish islands or to "
        "Northern Ireland.",
        (
            "The shop does not deliver to the Scottish islands.",
            "Delivery to Northern Ireland is not offered.",
        ),
        (
            "The shop delivers to the Scottish islands.",
            "Delivery to Northern Ireland is offered.",
        ),
    ),
    Page(
        "warranty",
        "Water damage: not covered. The warranty does not cover damage caused by liquids.",
        (
            "The warranty does not cover damage caused by liquids.",
            "Water damage is not covered by the warranty.",
        ),
        (
            "The warranty covers damage caused by liquids.",
            "Water damage is covered by the warranty.",
        ),
    ),
)


def negations_said_twice_cases(part: str) -> list[LabelledCase]:
    """The restatements (`supported`) and flips (`contradictory`) of a part's pages."""
    return cases_in_part(PAGES, part, page_cases)


def main() -> None:
    parted_probe_main(__doc__ or "", "page", PAGES, page_cases)


if __name__ == "__main__":
    main()
