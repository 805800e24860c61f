"""One-word swaps with a held-out half: nouns of one kind and opposite words, in
sentences written for this probe, graded before any rule was shaped on them.

A probe written for this project (docs/benchmarks.md#one-word-swaps-with-a-held-out-half).
`everyday_swaps.py` measures the kinds of swap the contrast table was built on, so it
guards against regressions but is no estimate of swaps the project never saw.  This
probe is that estimate.  Its sentences were written in one sitting and graded once
before anything was changed for them; the groups alternate between two parts in the
order written, `studied` (the misses a rule may be shaped on) and `held out` (never
read case by case: its number is the estimate).

Two kinds of group:
- nouns of one kind (metals, trees, birds, ...): every ordered pair of the group's
  words is a swap (the source has the first, the answer the second: `contradictory`);
- opposites (rose / fell, approved / rejected, ...): the sentence with one word
  against the source with the other, both ways.
Each group has faithful restatements of its first sentence (reordered, a synonym, a
hypernym: `supported`).  The source carries a second, unrelated sentence so that the
claim is graded against a passage, not the whole source.

    python -m benchmarks.word_swaps [--embedder minilm|hash] [--part studied|held-out]

prints, per group, the swaps caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the sets "word swaps (studied)" and
"word swaps (held out)".
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from benchmarks.probes import cases_in_part, one_claim_case, part_at, parted_probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

# The second sentence of every source.
_ASIDE = "The report was shared with the board at the end of the year."


@dataclass(frozen=True)
class Group:
    name: str
    template: str  # one "{}" where the word goes
    words: tuple[str, ...]  # nouns of one kind, or two opposite words
    restatements: tuple[str, ...]  # faithful restatements of the template with words[0]


GROUPS = (
    # Nouns of one kind.
    Group(
        "metals",
        "The statue in the main square is cast in {}.",
        ("bronze", "copper", "iron", "silver", "gold"),
        (
            "In the main square, the statue is cast in bronze.",
            "The statue in the main square is made of metal.",
        ),
    ),
    Group(
        "trees",
        "The avenue leading to the castle is lined with {} trees.",
        ("oak", "maple", "birch", "pine", "willow"),
        (
            "Oak trees line the avenue leading to the castle.",
            "The avenue leading to the castle is lined with trees.",
        ),
    ),
    Group(
        "birds",
        "Volunteers counted more than forty {} near the lake on Sunday.",
        ("ducks", "geese", "swans", "herons", "gulls"),
        (
            "On Sunday, volunteers counted over forty ducks near the lake.",
            "Volunteers counted more than forty birds near the lake on Sunday.",
        ),
    ),
    Group(
        "fabrics",
        "The uniforms of the hotel staff are made of {}.",
        ("cotton", "wool", "silk", "linen", "polyester"),
        (
            "The hotel staff's uniforms are made of cotton.",
            "The uniforms of the hotel staff are made of fabric.",
        ),
    ),
    Group(
        "tools",
        "The technician fixed the cabinet door with a {}.",
        ("hammer", "screwdriver", "wrench", "drill", "saw"),
        (
            "The technician used a hammer to fix the cabinet door.",
            "The technician fixed the cabinet door with a tool.",
        ),
    ),
    Group(
        "languages",
        "The tour guide explained the exhibits in {}.",
        ("French", "German", "Spanish", "Italian", "Portuguese"),
        (
            "The exhibits were explained in French by the tour guide.",
            "The tour guide described the exhibits in French.",
        ),
    ),
    Group(
        "months",
        "The annual conference takes place in Lisbon in {}.",
        ("March", "April", "June", "September", "October"),
        (
            "In March, the annual conference takes place in Lisbon.",
            "The yearly conference is held in Lisbon in March.",
        ),
    ),
    Group(
        "shapes",
        "The new logo shows a blue {} on a white background.",
        ("circle", "square", "triangle", "star", "diamond"),
        (
            "On a white background, the new logo shows a blue circle.",
            "The new logo shows a blue shape on a white background.",
        ),
    ),
    Group(
        "flowers",
        "The gardener planted {} along the front path.",
        ("roses", "tulips", "daisies", "lilies", "sunflowers"),
        (
            "Roses were planted along the front path by the gardener.",
            "The gardener planted flowers along the front path.",
        ),
    ),
    Group(
        "shops",
        "Her first job was at a {} on the corner of Main Street.",
        ("bakery", "pharmacy", "bookstore", "bank", "cafe"),
        (
            "She had her first job at a bakery on the corner of Main Street.",
            "Her first job was at a business on the corner of Main Street.",
        ),
    ),
    Group(
        "directions",
        "The new hospital will be built on the {} side of the river.",
        ("north", "south", "east", "west"),
        (
            "On the north side of the river, the new hospital will be built.",
            "The new hospital is going to be built on the river's north side.",
        ),
    ),
    Group(
        "genres",
        "The main stage of the festival features {} bands every evening.",
        ("jazz", "rock", "folk", "reggae", "punk"),
        (
            "Every evening, jazz bands play on the main stage of the festival.",
            "The main stage of the festival features bands every evening.",
        ),
    ),
    Group(
        "containers",
        "The samples were shipped to the lab in plastic {}.",
        ("boxes", "bags", "bottles", "jars", "tubes"),
        (
            "The samples were sent to the lab in plastic boxes.",
            "In plastic boxes, the samples were shipped to the lab.",
        ),
    ),
    Group(
        "insects",
        "The greenhouse was damaged by {} during the summer.",
        ("ants", "beetles", "wasps", "moths", "locusts"),
        (
            "During the summer, the greenhouse was damaged by ants.",
            "The greenhouse was damaged by insects during the summer.",
        ),
    ),
    Group(
        "subjects",
        "The new teacher will teach {} to the final-year students.",
        ("chemistry", "physics", "biology", "history", "geography"),
        (
            "Chemistry will be taught to the final-year students by the new teacher.",
            "The final-year students will learn chemistry from the new teacher.",
        ),
    ),
    Group(
        "clothing",
        "The driver left his {} in the back of the taxi.",
        ("jacket", "scarf", "hat", "coat", "sweater"),
        (
            "In the back of the taxi, the driver left his jacket.",
            "The driver forgot his jacket in the back of the taxi.",
        ),
    ),
    Group(
        "planets",
        "The probe is expected to reach {} in 2031.",
        ("Mars", "Venus", "Jupiter", "Saturn", "Mercury"),
        (
            "In 2031, the probe is expected to reach Mars.",
            "The probe should arrive at Mars in 2031.",
        ),
    ),
    Group(
        "relatives",
        "The house was left to her {} after the funeral.",
        ("brother", "sister", "cousin", "uncle", "aunt"),
        (
            "After the funeral, the house was left to her brother.",
            "Her brother was left the house after the funeral.",
        ),
    ),
    Group(
        "utensils",
        "Stir the sauce with a wooden {} for two minutes.",
        ("spoon", "fork", "spatula", "ladle"),
        (
            "For two minutes, stir the sauce with a wooden spoon.",
            "Stir the sauce for two minutes using a wooden spoon.",
        ),
    ),
    Group(
        "currencies",
        "The rent is paid in {} at the start of each month.",
        ("euros", "dollars", "pounds", "francs", "yen"),
        (
            "At the start of each month, the rent is paid in euros.",
            "The rent is paid in euros at the beginning of every month.",
        ),
    ),
    Group(
        "waters",
        "The village lies next to a large {}.",
        ("lake", "river", "bay", "pond", "reservoir"),
        (
            "A large lake lies next to the village.",
            "The village is next to a big lake.",
        ),
    ),
    Group(
        "grains",
        "The bakery makes its bread from {} grown on nearby farms.",
        ("wheat", "rye", "barley", "oats", "corn"),
        (
            "The bread of the bakery is made from wheat grown on nearby farms.",
            "The bakery makes its bread from grain grown on nearby farms.",
        ),
    ),
    # Opposite words.
    Group(
        "prices",
        "The store's prices {} after the holidays.",
        ("rose", "fell"),
        (
            "After the holidays, the store's prices rose.",
            "The store's prices went up after the holidays.",
        ),
    ),
    Group(
        "access",
        "The bridge is {} to cyclists on weekends.",
        ("open", "closed"),
        (
            "On weekends, the bridge is open to cyclists.",
            "Cyclists can use the bridge on weekends.",
        ),
    ),
    Group(
        "permission",
        "The new office policy {} pets at work.",
        ("allows", "forbids"),
        (
            "Pets are allowed at work under the new office policy.",
            "The new office policy permits pets at work.",
        ),
    ),
    Group(
        "decisions",
        "The committee {} the proposal on Tuesday.",
        ("approved", "rejected"),
        (
            "On Tuesday, the committee approved the proposal.",
            "The proposal was approved by the committee on Tuesday.",
        ),
    ),
    Group(
        "results",
        "The home team {} the final by two points.",
        ("won", "lost"),
        (
            "The home team won the final by a two-point margin.",
            "By two points, the home team won the final.",
        ),
    ),
    Group(
        "trades",
        "The company {} its headquarters building in 2019.",
        ("bought", "sold"),
        (
            "In 2019, the company bought its headquarters building.",
            "The company purchased its headquarters building in 2019.",
        ),
    ),
    Group(
        "comparisons",
        "Sales were {} in the first quarter than in the second.",
        ("higher", "lower"),
        (
            "Sales in the first quarter were higher than in the second.",
            "The first quarter's sales were higher than the second quarter's.",
        ),
    ),
    Group(
        "order",
        "The library opens {} the museum each morning.",
        ("before", "after"),
        (
            "Each morning, the library opens before the museum.",
            "The museum opens after the library each morning.",
        ),
    ),
    Group(
        "opinions",
        "Most residents {} the new parking rules.",
        ("supported", "opposed"),
        (
            "The new parking rules were supported by most residents.",
            "Most residents backed the new parking rules.",
        ),
    ),
    Group(
        "health",
        "The patient's condition {} after the second treatment.",
        ("improved", "worsened"),
        (
            "After the second treatment, the patient's condition improved.",
            "The condition of the patient got better after the second treatment.",
        ),
    ),
    Group(
        "timing",
        "The morning train arrived {} on Monday.",
        ("early", "late"),
        (
            "On Monday, the morning train arrived early.",
            "The morning train got in early on Monday.",
        ),
    ),
    Group(
        "temperatures",
        "Temperatures {} sharply overnight in the valley.",
        ("increased", "decreased"),
        (
            "Overnight, temperatures in the valley increased sharply.",
            "In the valley, temperatures rose sharply overnight.",
        ),
    ),
    Group(
        "buildings",
        "The old factory by the harbour was {} in 2015.",
        ("demolished", "restored"),
        (
            "In 2015, the old factory by the harbour was demolished.",
            "The old harbour factory was torn down in 2015.",
        ),
    ),
    Group(
        "crowds",
        "The museum is {} in August.",
        ("busiest", "quietest"),
        (
            "In August, the museum is at its busiest.",
            "August is when the museum is busiest.",
        ),
    ),
    Group(
        "staffing",
        "The clinic {} three nurses last spring.",
        ("hired", "dismissed"),
        (
            "Last spring, the clinic hired three nurses.",
            "Three nurses were hired by the clinic last spring.",
        ),
    ),
    Group(
        "distance",
        "The new school is {} the station than the old one.",
        ("closer to", "farther from"),
        (
            "Compared with the old school, the new one is closer to the station.",
            "The new school is nearer to the station than the old one.",
        ),
    ),
)


def part_of(group: Group) -> str:
    """The part a group belongs to ("studied" or "held out"): the groups alternate in the
    order written."""
    return part_at(GROUPS.index(group))


def group_cases(group: Group) -> list[LabelledCase]:
    """One group's swaps (`contradictory`), then its restatements (`supported`)."""
    cases = []
    for first, second in itertools.permutations(group.words, 2):
        own = f"{group.template.format(first)} {_ASIDE}"
        answer = group.template.format(second)
        cases.append(
            one_claim_case(f"{group.name}:{first}->{second}", own, answer, "contradictory")
        )
    source = f"{group.template.format(group.words[0])} {_ASIDE}"
    for number, answer in enumerate(group.restatements):
        cases.append(one_claim_case(f"{group.name}:same-{number}", source, answer, "supported"))
    return cases


def word_swap_cases(part: str) -> list[LabelledCase]:
    """Every case of the groups in `part` ("studied" or "held out")."""
    return cases_in_part(GROUPS, part, group_cases)


def main() -> None:
    parted_probe_main(__doc__ or "", "group", GROUPS, group_cases)


if __name__ == "__main__":
    main()
