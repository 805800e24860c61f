"""An opposite in a copied frame: a word put in place of its opposite, with three of the
passage's words around it, is named; a comparative, a converse verb, a particle, a
negated word or an unframed one is not."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.framed import opposite_in_frame

FORECAST = "The company raised its full-year revenue forecast to $1.66 billion."


@pytest.mark.parametrize(
    ("claim", "passage", "words"),
    [
        (
            "Lumora Software lowered its full-year revenue forecast.",
            FORECAST,
            ("lowered", "raised"),
        ),
        (
            "It is the most expensive plan we offer.",
            "It is the cheapest plan we offer.",
            ("expensive", "cheapest"),
        ),
        # A change's direction said with another verb than the passage's.
        (
            "Ticket sales grew sharply in the third quarter.",
            "Ticket sales declined sharply in the third quarter.",
            ("grew", "declined"),
        ),
        # An adverb of manner beside the changed word, on either side.
        (
            "Ticket sales rose steadily in the third quarter.",
            "Ticket sales fell in the third quarter.",
            ("rose", "fell"),
        ),
        (
            "Ticket sales rose in the third quarter.",
            "Ticket sales fell sharply in the third quarter.",
            ("rose", "fell"),
        ),
        # "at least" is a bound: the word after it keeps its sense.
        (
            "Backups run at least weekly on every server.",
            "Backups run at least monthly on every server.",
            ("weekly", "monthly"),
        ),
        (
            "Visitors must use the west entrance of the museum.",
            "On Sundays, visitors must use the east entrance.",
            ("west", "east"),
        ),
    ],
)
def test_an_opposite_in_a_copied_frame_is_named(
    claim: str, passage: str, words: tuple[str, str]
) -> None:
    assert opposite_in_frame(claim, passage) == words


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Lumora Software did not lower its full-year revenue forecast.", FORECAST),  # negated
        # Turned around by "least": the cheapest plan is the least expensive one.
        ("It is the least expensive plan we offer.", "It is the cheapest plan we offer."),
        ("Lumora lowered the outlook for the year.", FORECAST),  # no frame
        # A comparative: its sides may swap too.
        (
            "A Venusian year is shorter than a day on Venus.",
            "A day on Venus is longer than a year.",
        ),
        # A word beside the changed one that is no adverb of manner ends the frame.
        (
            "Ticket sales rose weekly in the third quarter.",
            "Ticket sales fell in the third quarter.",
        ),
        # A particle.
        ("They give 15% off your first order.", "They give 15% on your first order."),
        # A converse verb: the same transfer from the other side.
        ("The client receives a quote by email.", "The agent will send a quote by email."),
        # The end of the span the passage states, at its own date.
        ("The sale ends on May 10.", "The sale starts on May 1 and runs until May 10."),
    ],
)
def test_no_opposite_in_a_copied_frame(claim: str, passage: str) -> None:
    assert opposite_in_frame(claim, passage) is None
