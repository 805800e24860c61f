"""Pairs from sentences written for this project: everyday facts of the product's
domain (deliveries, refunds, opening hours, materials, drinks, colours, channels),
each in two phrasings that mean the same.

The source sets rarely mention tea or a courier, so the rules of `perturb.py` find
few such swaps in them; these templates supply them.  For a template, a member X
of its slot's group and another member Y: phrasing A with X is the premise;
phrasing B with X is entailed, either phrasing with Y contradicted, and phrasing B
with X plus an invented detail neither.  Every fifth template is held out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tools.training.verifier.perturb import Label

GROUPS: dict[str, tuple[str, ...]] = {
    "channel": ("email", "phone", "post", "text message", "courier"),
    "drink": ("tea", "coffee", "orange juice", "sparkling water", "red wine", "beer", "milk"),
    "colour": ("red", "green", "blue", "yellow", "black", "white", "grey"),
    "material": ("steel", "wood", "plastic", "glass", "aluminium", "concrete", "brick"),
    "transport": ("train", "bus", "plane", "ferry", "truck", "bicycle"),
    "weekday": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "team": ("legal team", "finance team", "support team", "board", "security team"),
    "payment": ("credit card", "bank transfer", "cash", "gift card"),
    "city": ("Paris", "Berlin", "Madrid", "Lisbon", "Vienna", "Oslo", "Prague"),
    "ordinal": ("first", "second", "third", "fourth", "last"),
    "state": ("open", "closed"),
    "availability": ("available", "unavailable"),
    "requirement": ("mandatory", "optional"),
    "price": ("free", "paid"),
    "direction": ("increased", "decreased"),
    "time": ("before", "after"),
}
# (group, phrasing A, phrasing B): `{}` is the slot.
TEMPLATES: tuple[tuple[str, str, str], ...] = (
    (
        "channel",
        "A one-time login code is sent to members by {}.",
        "Members receive a one-time login code by {}.",
    ),
    (
        "channel",
        "Invoices are delivered to customers by {} at the end of each month.",
        "At the end of each month, customers get their invoices by {}.",
    ),
    (
        "channel",
        "The clinic confirms every appointment by {} a day in advance.",
        "A day before each appointment, the clinic confirms it by {}.",
    ),
    (
        "drink",
        "Delegates are served {} at the opening reception.",
        "At the opening reception, delegates are served {}.",
    ),
    (
        "drink",
        "The breakfast menu includes {} at no extra cost.",
        "At no extra cost, {} is included in the breakfast menu.",
    ),
    (
        "drink",
        "The conference serves {} during the afternoon break.",
        "During the afternoon break, the conference serves {}.",
    ),
    (
        "colour",
        "The staff lockers on the second floor are painted {}.",
        "On the second floor, the staff lockers are painted {}.",
    ),
    ("colour", "The new delivery vans are painted {}.", "The fleet's new delivery vans are {}."),
    (
        "colour",
        "Visitors wear {} badges inside the factory.",
        "Inside the factory, visitors wear {} badges.",
    ),
    (
        "material",
        "The bike shelters at the station are built from {}.",
        "The station's bike shelters are made of {}.",
    ),
    (
        "material",
        "The storage shelves in the warehouse are made of {}.",
        "In the warehouse, the storage shelves are built from {}.",
    ),
    (
        "material",
        "The garden furniture is made entirely of {}.",
        "All of the garden furniture is made of {}.",
    ),
    (
        "transport",
        "The spare parts are shipped to the plant by {}.",
        "The plant receives its spare parts by {}.",
    ),
    (
        "transport",
        "Most commuters reach the campus by {}.",
        "The campus is reached by {} by most commuters.",
    ),
    ("weekday", "The recycling centre is closed on {}.", "On {}, the recycling centre is closed."),
    ("weekday", "Team meetings take place every {} morning.", "Every {} morning, the team meets."),
    ("weekday", "The new prices take effect on {}.", "On {}, the new prices take effect."),
    (
        "team",
        "The new contract template was approved by the {}.",
        "The {} approved the new contract template.",
    ),
    (
        "team",
        "Refund requests over 500 dollars are reviewed by the {}.",
        "The {} reviews refund requests over 500 dollars.",
    ),
    (
        "payment",
        "Orders from new customers can be paid by {}.",
        "New customers may pay for their orders by {}.",
    ),
    (
        "payment",
        "Deposits are refunded by {} within ten days.",
        "Within ten days, deposits are returned by {}.",
    ),
    (
        "city",
        "The company moved its headquarters to {} in 2021.",
        "In 2021, the company moved its headquarters to {}.",
    ),
    ("city", "The next summit will be held in {}.", "{} will host the next summit."),
    (
        "ordinal",
        "Room 12 is on the {} floor of the annex.",
        "The annex has room 12 on its {} floor.",
    ),
    (
        "ordinal",
        "The bug was fixed in the {} release of the year.",
        "The year's {} release fixed the bug.",
    ),
    (
        "state",
        "The car park remains {} during the road works.",
        "During the road works, the car park stays {}.",
    ),
    ("state", "The pharmacy is {} on public holidays.", "On public holidays the pharmacy is {}."),
    (
        "availability",
        "The premium plan is {} to customers in Canada.",
        "Customers in Canada find the premium plan {}.",
    ),
    (
        "requirement",
        "Two-factor authentication is {} for all administrators.",
        "For all administrators, two-factor authentication is {}.",
    ),
    (
        "requirement",
        "Attendance at the safety briefing is {} for visitors.",
        "For visitors, attending the safety briefing is {}.",
    ),
    (
        "price",
        "Parking at the hospital is {} for patients.",
        "Patients find parking at the hospital {}.",
    ),
    (
        "price",
        "Returns of unworn shoes are {} within 30 days.",
        "Within 30 days, returning unworn shoes is {}.",
    ),
    (
        "direction",
        "Website traffic {} in the second quarter.",
        "In the second quarter, traffic to the website {}.",
    ),
    (
        "direction",
        "Average delivery times {} after the new depot opened.",
        "After the new depot opened, average delivery times {}.",
    ),
    (
        "time",
        "Visitors must sign in {} the tour starts.",
        "Visitors have to sign in {} the tour starts.",
    ),
    (
        "time",
        "The payment is taken {} the order is shipped.",
        "The order is paid for {} it is shipped.",
    ),
)
_DETAILS = (
    ", according to an internal memo",
    " since last spring",
    " at the request of the regulator",
    " for the second year running",
    " under a pilot scheme",
)


@dataclass(frozen=True, slots=True)
class TemplatePair:
    premise: str
    hypothesis: str
    label: Label
    rule: str
    held_out: bool


def _fill(phrasing: str, value: str) -> str:
    text = phrasing.format(value)
    return text[:1].upper() + text[1:]


def template_pairs(rng: random.Random) -> list[TemplatePair]:
    pairs: list[TemplatePair] = []
    for index, (group, a, b) in enumerate(TEMPLATES):
        held_out = index % 5 == 4
        members = GROUPS[group]
        for value in members:
            # Each phrasing is the premise once, the other one the restatement.
            for first, second in ((a, b), (b, a)):
                premise = _fill(first, value)
                pairs.append(
                    TemplatePair(
                        premise, _fill(second, value), Label.ENTAILED, "template", held_out
                    )
                )
                others = [m for m in members if m != value]
                for other in rng.sample(others, min(2, len(others))):
                    pairs.append(
                        TemplatePair(
                            premise,
                            _fill(rng.choice((first, second)), other),
                            Label.CONTRADICTED,
                            f"template:{group}",
                            held_out,
                        )
                    )
                detailed = _fill(second, value)[:-1] + rng.choice(_DETAILS) + "."
                pairs.append(TemplatePair(premise, detailed, Label.NEITHER, "template", held_out))
    return pairs
