"""A change turned around: a value of a change the passage states, put at its other end
by the claim, whole ("from 20 to 200" against "from 200 to 20") or one end ("to 200",
"down from 20"); the verbs are not read, and a value the passage also writes otherwise,
or a claim stating both ends of the passage's change, is left alone."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.changes import turned_change, turned_direction

POOL = "A configuration change reduced the database connection pool from 200 to 20 connections."
REVENUE = "Revenue fell from $3.1 million to $2.4 million in the second quarter."


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        (
            "A typo increased the connection pool to 200 connections.",
            POOL,
            ("to 200", "from 200 to 20"),
        ),
        (
            "The change raised the pool from 20 to 200 connections.",
            POOL,
            ("from 20 to 200", "from 200 to 20"),
        ),
        ("The pool went down from 20 connections.", POOL, ("from 20", "from 200 to 20")),
        ("Revenue rose to $3.1 million.", REVENUE, ("to 3.1", "from $3.1 million to $2.4")),
    ],
)
def test_a_value_at_the_other_end_of_the_passages_change_is_found(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert turned_change(claim, passage) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The change cut the pool to 20 connections.", POOL),  # the end it is
        ("The change reduced the pool from 200 to 20 connections.", POOL),
        # The verbs are not read: the values say which way the change went.
        ("The pool went down from 200 to 20 connections.", POOL),
        # Both ends stated: the claim states the whole change, however worded.
        ("The pool fell to 20, down from 200.", POOL),
        # The passage states the value otherwise too.
        ("Revenue rose to $3.1 million.", REVENUE + " It had reached $3.1 million in May."),
        # No word of change before "to": a count, not the end of a change.
        ("The email went to 200 customers.", POOL),
        # The passage states no change between two numbers.
        ("Sales rose to 200 units.", "Sales reached 200 units in March."),
    ],
)
def test_a_value_where_the_passage_puts_it_or_stated_otherwise_is_left_alone(
    claim: str, passage: str
) -> None:
    assert turned_change(claim, passage) is None


def test_a_word_like_a_change_is_no_change() -> None:
    # "risk" starts like "rise", "went" is a move unless up or down.
    assert turned_change("Staff went to 200 sites.", POOL) is None
    assert turned_change("The risk to 200 connections is low.", POOL) is None


@pytest.mark.parametrize(
    ("claim", "found"),
    [
        ("Turnout in the regional election rose to 58%.", ("rose to 58", "58%, down from 64")),
        ("Turnout in the regional election fell to 58%.", None),  # the way the passage says
        ("Turnout rose from 58% to 64%.", None),  # the whole change: turned_change's to read
        ("Turnout rose to 64%.", None),  # not the change's end
    ],
)
def test_a_change_to_a_value_said_to_go_the_other_way(
    claim: str, found: tuple[str, str] | None
) -> None:
    passage = "Turnout in the regional election was 58%, down from 64% four years earlier."
    assert turned_direction(claim, passage) == found
    # "from X to Y" states the way too.
    assert turned_direction("Revenue rose to 2.4 million.", "Revenue fell from 3.1 to 2.4 million.")
