"""A thing of a sentence moved into another thing's place in it."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.moved import moved_into_place

WASTE = "Plastic bottles made up most of the waste, followed by shopping trolleys."
CLASS = "Mats are provided, but please bring your own towel."


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        (
            "Shopping trolleys made up most of the waste.",
            WASTE,
            ("Shopping trolleys", "Plastic bottles"),
        ),
        ("Please bring your own mat; towels are provided.", CLASS, ("mat", "towel")),
    ],
)
def test_a_thing_the_sentence_names_elsewhere_put_in_anothers_place(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert moved_into_place(claim, passage) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Plastic bottles made up most of the waste.", WASTE),  # copied
        ("Mats are provided; please bring your own towel.", CLASS),
        # Words left out, in the sentence's order.
        (
            "Ashley Graham is a US senator.",
            "Ashley Graham, a model from Nebraska, is a US senator.",
        ),
        # A list item picked out of its list.
        (
            "The collection includes sculptures from Spain.",
            "The collection includes paintings and sculptures from Spain.",
        ),
        # An apposition left out: "the company" stands for no "by Jobs".
        (
            "The company released the iPhone in 2007.",
            "Apple, the company founded by Jobs, released the iPhone in 2007.",
        ),
        # An adverb for an adverb is no thing moved.
        (
            "Sales rose primarily in the northern region this year.",
            "Sales rose largely in the northern region this year, primarily online.",
        ),
        # Clauses are read as every reading reads them (clauses.rough_clauses): "while"
        # ends one, and what is left of each copies too little to tell a move.
        (
            "The driver spun while exiting his pit box.",
            "The driver spun while exiting his put box, and a pit crew member was hit.",
        ),
        # A word the passage does not use: nothing was moved.
        ("Glass bottles made up most of the waste.", WASTE),
    ],
)
def test_no_move_where_the_clause_copies_leaves_out_or_adds(claim: str, passage: str) -> None:
    assert moved_into_place(claim, passage) is None
