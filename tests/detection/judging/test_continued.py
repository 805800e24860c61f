"""A thing ended said to go on: "still" (or "remains", "continues to") on one side,
"has been removed" (or "was discontinued", "no longer") on the other, both said of the
claim's subject; not where the claim negates, a side says both, or the ending is of
something else."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.continued import continued_after_ending

REMOVED = "The deprecated sync_client module has been removed."
INCLUDED = "The deprecated sync_client module is still included in version 4.2."


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        (
            "The deprecated sync_client module is still included.",
            REMOVED,
            ("still", "has been removed"),
        ),
        (
            "The deprecated sync_client module has been removed.",
            INCLUDED,
            ("has been removed", "still"),
        ),
        (
            "The old plan remains available.",
            "The old plan is no longer offered.",
            ("remains", "no longer"),
        ),
        (
            "The night bus continues to run on Sundays.",
            "The night bus was discontinued in 2021.",
            ("continues to", "was discontinued"),
        ),
    ],
)
def test_a_thing_ended_said_to_go_on_names_both(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert continued_after_ending(claim, passage) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The sync_client module, which was deprecated, is gone.", REMOVED),  # restated
        ("The deprecated sync_client module is not still included.", REMOVED),  # negated
        # The passage says both: an ending for some, going on for others.
        (
            "The old plan is still available to existing customers.",
            "The old plan was discontinued for new customers but remains available to others.",
        ),
        # The ending is of another thing than the claim's subject.
        ("The library still opens at 9.", "The reading room has been closed down."),
        ("Sales still rose in March.", REMOVED),
    ],
)
def test_no_ending_said_to_go_on(claim: str, passage: str) -> None:
    assert continued_after_ending(claim, passage) is None
