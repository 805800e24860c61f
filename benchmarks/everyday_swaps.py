"""Everyday one-word swaps: does the grader catch a noun, period or colour swapped for
another of its kind, and pass the same sentence restated?

A probe written for this project (docs/verifier.md#nouns-of-one-kind): eighteen everyday
categories, one sentence each.  Every ordered pair of a category's words is a swap
(the source has the first, the answer the second: `contradictory`), and each category
has faithful restatements of the source (reordered, a synonym, a hypernym: `supported`).
The source carries a second, unrelated sentence so that the claim is graded against a
passage, not the whole source.  The contrast table's kinds were chosen looking at the
first twelve categories and the last six (professions to body parts) were added after;
the rule for a noun put in another's place was shaped looking at the misses of all
eighteen, so the probe guards against regressions and is no unbiased estimate.

    python -m benchmarks.everyday_swaps [--embedder minilm|hash]

prints, per category, the swaps caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the set "everyday swaps (probe)".
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from benchmarks.probes import one_claim_case, probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

# The second sentence of every source.
_ASIDE = "The building was renovated in 2019, and visitors sign in at the front desk."


@dataclass(frozen=True)
class Category:
    name: str
    template: str  # one "{}" where the word goes
    words: tuple[str, ...]
    restatements: tuple[str, ...]  # faithful restatements of the template with words[0]
    # Word pairs of the list that restate each other ("annual", "yearly"): no swap.
    same: frozenset[frozenset[str]] = frozenset()


CATEGORIES = (
    Category(
        "drinks",
        "After the meeting, the visitors were served {} in the lobby.",
        ("tea", "coffee", "juice", "lemonade", "milk"),
        (
            "After the meeting, the visitors were served a beverage in the lobby.",
            "In the lobby, the visitors were served tea after the meeting.",
        ),
    ),
    Category(
        "rooms",
        "The guests waited in the {} until the speech began.",
        ("kitchen", "bedroom", "bathroom", "garage", "basement"),
        (
            "The guests waited in a room until the speech began.",
            "Until the speech started, the guests stayed in the kitchen.",
        ),
    ),
    Category(
        "instruments",
        "Maria has played the {} in the city orchestra for ten years.",
        ("piano", "guitar", "violin", "flute", "trumpet"),
        (
            "Maria has played an instrument in the city orchestra for ten years.",
            "For ten years, Maria has played the piano in the city orchestra.",
        ),
    ),
    Category(
        "periods",
        "The refund window for {} plans is 30 days from the purchase date.",
        ("annual", "monthly", "weekly", "quarterly", "yearly"),
        (
            "The refund window for yearly plans is 30 days from the purchase date.",
            "For annual plans, the refund window is 30 days from the purchase date.",
        ),
        same=frozenset({frozenset({"annual", "yearly"})}),
    ),
    Category(
        "colours",
        "The company repainted its delivery vans {} last spring.",
        ("red", "blue", "green", "yellow", "white"),
        ("Last spring, the company's delivery vans were repainted red.",),
    ),
    Category(
        "weekdays",
        "The support desk is closed every {} for staff training.",
        ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday"),
        ("Every Monday the support desk closes for staff training.",),
    ),
    Category(
        "fruit",
        "The farm mainly exports {} to markets in northern Europe.",
        ("apples", "oranges", "bananas", "grapes", "pears"),
        (
            "The farm mainly exports fruit to markets in northern Europe.",
            "Markets in northern Europe receive most of the farm's apple exports.",
        ),
    ),
    Category(
        "vehicles",
        "Most employees travel to the campus by {} each morning.",
        ("bus", "car", "train", "bicycle", "ferry"),
        ("Each morning, most employees take the bus to the campus.",),
    ),
    Category(
        "meals",
        "The team discussed the budget over {} with the new director.",
        ("breakfast", "lunch", "dinner"),
        ("Over breakfast, the team and the new director discussed the budget.",),
    ),
    Category(
        "seasons",
        "The trail is usually closed in {} because of flooding.",
        ("winter", "spring", "summer", "autumn"),
        ("Flooding usually closes the trail during the winter months.",),
    ),
    Category(
        "sports",
        "Her brother coached the school {} team for three seasons.",
        ("tennis", "football", "basketball", "golf", "hockey"),
        (
            "Her brother coached a school sports team for three seasons.",
            "For three seasons, her brother was the coach of the school tennis team.",
        ),
    ),
    Category(
        "animals",
        "The shelter found a new home for the {} last week.",
        ("dog", "cat", "rabbit", "parrot", "horse"),
        (
            "Last week the shelter rehomed the dog.",
            "The shelter found a new home for the pet last week.",
        ),
    ),
    Category(
        "professions",
        "The patient was examined by a {} before the operation.",
        ("nurse", "doctor", "surgeon", "dentist", "pharmacist"),
        ("Before the operation, a nurse examined the patient.",),
    ),
    Category(
        "materials",
        "The new footbridge over the canal is made of {}.",
        ("steel", "wood", "glass", "concrete", "stone"),
        ("The canal's new footbridge is built from steel.",),
    ),
    Category(
        "furniture",
        "The old {} in the waiting room was replaced last month.",
        ("sofa", "chair", "desk", "bench", "shelf"),
        ("Last month the old couch in the waiting room was replaced.",),
    ),
    Category(
        "vegetables",
        "The restaurant grows its own {} in the garden behind the kitchen.",
        ("carrots", "potatoes", "onions", "tomatoes", "cabbages"),
        ("The restaurant grows vegetables in the garden behind the kitchen.",),
    ),
    Category(
        "weather",
        "The match was stopped after twenty minutes because of heavy {}.",
        ("rain", "snow", "fog", "hail", "wind"),
        ("Heavy rain stopped the match after twenty minutes.",),
    ),
    Category(
        "body parts",
        "The goalkeeper injured his {} during the second half.",
        ("knee", "elbow", "wrist", "ankle", "shoulder"),
        ("During the second half, the goalkeeper hurt his knee.",),
    ),
)


def everyday_cases() -> list[LabelledCase]:
    """Every category's swaps and restatements as one-claim labelled cases."""
    return [case for category in CATEGORIES for case in category_cases(category)]


def category_cases(category: Category) -> list[LabelledCase]:
    """One category's swaps (`contradictory`), then its restatements (`supported`)."""
    cases = []
    for first, second in itertools.permutations(category.words, 2):
        if frozenset({first, second}) not in category.same:
            own = f"{category.template.format(first)} {_ASIDE}"
            answer = category.template.format(second)
            swap_id = f"{category.name}:{first}->{second}"
            cases.append(one_claim_case(swap_id, own, answer, "contradictory"))
    source = f"{category.template.format(category.words[0])} {_ASIDE}"
    for number, answer in enumerate(category.restatements):
        cases.append(one_claim_case(f"{category.name}:same-{number}", source, answer, "supported"))
    return cases


def main() -> None:
    groups = ((category.name, category_cases(category)) for category in CATEGORIES)
    probe_main(__doc__ or "", "category", groups)


if __name__ == "__main__":
    main()
