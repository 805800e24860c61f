"""A limit called unlimited: a claim that says there is no limit where its passage
states one is read as the passage's limit lifted; a limit kept, a condition, an amount,
a negated claim and a passage that lifts a limit itself are not."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.unlimited import lifted_limit

RENEWALS = "A loan can be renewed twice online, unless another member has reserved the item."
PETS = "Pets under 8 kg may travel in the cabin in an approved carrier."
BORROWING = "Members can borrow up to 12 books at a time."


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        ("A loan can be renewed online as often as you like.", RENEWALS, "twice"),
        ("Pets of any size may travel in the cabin.", PETS, "under 8 kg"),
        ("Members can borrow any number of books at a time.", BORROWING, "up to 12 books"),
        ("Members can borrow unlimited books.", BORROWING, "up to 12 books"),
        ("A loan can be renewed as many times as needed.", RENEWALS, "twice"),
    ],
)
def test_a_claim_that_lifts_its_passages_limit_names_both(
    claim: str, passage: str, found: str
) -> None:
    lifted = lifted_limit(claim, passage)
    assert lifted is not None and lifted[1] == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # The limit restated: an amount of the claim's own.
        ("A loan can be renewed online up to two times.", RENEWALS),
        # A condition and an amount written with "as ... as".
        ("A loan can be renewed as long as nobody has reserved it.", RENEWALS),
        ("As many as 12 books can be borrowed at a time.", BORROWING),
        # Negated: the claim keeps a limit.
        ("A loan cannot be renewed as often as you like.", RENEWALS),
        # The passage lifts a limit itself: "unlimited" of another thing.
        ("Members can borrow e-books without limit.", BORROWING + " E-books are unlimited."),
        # The passage states no limit, or speaks of another subject.
        ("Pets of any size are welcome.", "Pets are welcome in the cabin."),
        ("Guests can stay as long as they like.", BORROWING),
    ],
)
def test_no_limit_lifted(claim: str, passage: str) -> None:
    assert lifted_limit(claim, passage) is None


def test_a_limit_of_the_subjects_head_is_lifted() -> None:
    """The passage names the subject by its head alone ("the link")."""
    passage = "For security, the link can be used only once."
    found = lifted_limit("The reset link can be used as many times as you like.", passage)
    assert found == ("as many times as you like", "once")
