"""Steps put in the other order: the claim's first step is the passage's second, said
with "before" or "after"; not where the claim keeps the order in either word."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.sequence import reversed_order

SETUP = "Connect the printer to Wi-Fi before installing the driver. Setup takes ten minutes."


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        (
            "Install the driver before connecting the printer to Wi-Fi.",
            SETUP,
            ("before connecting the printer", "before installing the driver"),
        ),
        (
            "Connect the printer to Wi-Fi after installing the driver.",
            SETUP,
            ("after installing the driver", "before installing the driver"),
        ),
        (
            "Returns are accepted after the sale ends.",
            "Returns are accepted before the sale ends.",
            ("after the sale ends", "before the sale ends"),
        ),
    ],
)
def test_steps_in_the_other_order_are_named(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert reversed_order(claim, passage) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Connect the printer to Wi-Fi before installing the driver.", SETUP),  # kept
        ("Install the driver after connecting the printer to Wi-Fi.", SETUP),  # turned both
        ("Put the printer on Wi-Fi first, then install the driver.", SETUP),  # no order word
        ("Depart 20 minutes after you arrive.", "Arrive 20 minutes before departure."),
        # A step is its clause: what the claim's sentence goes on to say is no step.
        (
            "The plant caught fire after an oil leak, injuring six people at the plant.",
            "Six people at the plant were hurt after an explosion sparked a fire.",
        ),
        # Two order words: no one order to compare.
        ("Install the driver before or after connecting it.", SETUP),
    ],
)
def test_no_steps_turned_around(claim: str, passage: str) -> None:
    assert reversed_order(claim, passage) is None
