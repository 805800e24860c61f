"""A restriction lifted: "only" on one side, a word for all on the other."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.quantifiers import lifted_restriction


@pytest.mark.parametrize(
    ("claim", "passage", "pair"),
    [
        (
            "Any user can delete projects.",
            "Only administrators can delete projects.",
            ("any", "only"),
        ),
        (
            "The discount applies to anything you order.",
            "It applies only to large orders.",
            ("anything", "only"),
        ),
        ("Only admins can publish.", "Anyone can publish.", ("only", "anyone")),
        ("All users can publish.", "Only admins can publish.", ("all", "only")),
        ("Every order qualifies.", "Only large orders qualify.", ("every", "only")),
        ("Refunds are solely for annual plans.", "Refunds cover any plan.", ("solely", "any")),
    ],
)
def test_a_restriction_against_a_word_for_all_is_named(
    claim: str, passage: str, pair: tuple[str, str]
) -> None:
    assert lifted_restriction(claim, passage) == pair


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Administrators can delete projects.", "Only administrators can delete projects."),
        ("Only administrators can delete projects.", "Only administrators delete projects."),
        ("Any editor can publish posts.", "Not only admins but also editors can publish posts."),
        ("Any user can export data.", "Any user can export all data."),  # no restriction
        ("Any user can export data.", "Only admins can export any data."),  # "any" on both
        ("She only worked in film.", "She spent all her life working in film."),  # not "all"
        ("All administrators can publish.", "Only administrators can publish."),
        ("Any administrator can publish.", "Only administrators can publish."),
    ],
)
def test_no_pair_without_a_restriction_on_one_side_alone(claim: str, passage: str) -> None:
    assert lifted_restriction(claim, passage) is None
