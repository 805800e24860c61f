"""Typeset negations: does the grader read a contraction a web page or a word
processor typesets (U+2019 for the apostrophe of "doesn't") as the negation it is?

A probe written for this project (docs/benchmarks.md, "Typeset contractions read as
negations").  Sixteen short pages as a help centre, a policy or a product page
publish them, each negating with typeset contractions ("can't", "isn't", "won't"
with U+2019).  Each page has two restatements (`supported`: the negation written with
a plain apostrophe or in other words) and two answers that drop a negation
(`contradictory`: "Pets are allowed in guest rooms" against a typeset "Pets aren't
allowed in guest rooms"), the flip a summary makes when it loses a "not".  Its pages
alternate between a studied and a held-out half (`probes.part_at`).  Written beside
the rule it measures, so it guards against regressions and is no unbiased estimate.

    python -m benchmarks.typeset_negations [--embedder minilm|hash] [--part studied|held-out]

prints, per page, the flips caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the sets "typeset negations (studied)"
and "typeset negations (held out)".
"""

from __future__ import annotations

from benchmarks.probes import Page, cases_in_part, page_cases, parted_probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

PAGES = (
    Page(
        "hotel rooms",
        "Pets aren’t allowed in guest rooms, except for assistance dogs. Check-in starts at "
        "3 PM and check-out is at 11 AM. Late check-out can’t be booked online.",
        (
            "Guest rooms don't allow pets, though assistance dogs are an exception.",
            "Late check-out is not available to book online.",
        ),
        ("Pets are allowed in guest rooms.", "Late check-out can be booked online."),
    ),
    Page(
        "mobile plan",
        "The Basic plan includes 10 GB of data each month. It doesn’t include international "
        "calls or roaming. Unused data isn’t carried over to the next month.",
        (
            "International calls and roaming are not part of the Basic plan.",
            "Data you don't use does not roll over to the next month.",
        ),
        (
            "The Basic plan includes international calls and roaming.",
            "Unused data is carried over to the next month.",
        ),
    ),
    Page(
        "museum hours",
        "The museum is open from 10 AM to 6 PM, Tuesday to Sunday. It isn’t open on Mondays. "
        "Photography is welcome, but visitors can’t use a flash in the galleries.",
        (
            "The museum is closed on Mondays.",
            "Visitors may take photos, but flash is not permitted in the galleries.",
        ),
        (
            "The museum is open on Mondays.",
            "Visitors can use a flash in the galleries.",
        ),
    ),
    Page(
        "digital refunds",
        "Physical products can be returned within 30 days. We don’t refund digital "
        "purchases once they have been downloaded. Gift cards aren’t refundable.",
        (
            "Digital purchases are not refunded after they are downloaded.",
            "Gift cards cannot be refunded.",
        ),
        (
            "We refund digital purchases once they have been downloaded.",
            "Gift cards are refundable.",
        ),
    ),
    Page(
        "phone warranty",
        "The phone comes with a two-year limited warranty. The warranty won’t cover water "
        "damage or a cracked screen. Repairs by third parties aren’t covered either.",
        (
            "Water damage and cracked screens are not covered by the warranty.",
            "The warranty does not cover repairs done by third parties.",
        ),
        (
            "The warranty covers water damage and a cracked screen.",
            "Repairs by third parties are covered.",
        ),
    ),
    Page(
        "gym guests",
        "Members can bring one guest per visit. Guests under 16 aren’t permitted in the "
        "weights area. The sauna doesn’t open before 9 AM.",
        (
            "Guests younger than 16 are not allowed in the weights area.",
            "The sauna does not open until 9 AM.",
        ),
        (
            "Guests under 16 are permitted in the weights area.",
            "The sauna opens before 9 AM.",
        ),
    ),
    Page(
        "api keys",
        "Each project can create up to five API keys. A deleted key can’t be restored. "
        "Keys don’t expire, but they can be rotated at any time.",
        (
            "Once a key is deleted, it cannot be restored.",
            "API keys do not expire, although they can be rotated whenever you like.",
        ),
        (
            "A deleted key can be restored.",
            "API keys expire, but they can be rotated at any time.",
        ),
    ),
    Page(
        "train tickets",
        "Advance tickets are valid only on the train booked. They aren’t refundable, and "
        "they can’t be changed after departure. Children under five travel free.",
        (
            "Advance tickets cannot be refunded.",
            "After departure, an advance ticket cannot be changed.",
        ),
        (
            "Advance tickets are refundable.",
            "Advance tickets can be changed after departure.",
        ),
    ),
    Page(
        "library loans",
        "Books can be borrowed for three weeks. Reference books don’t leave the library. "
        "Overdue fines aren’t charged on children’s books.",
        (
            "Reference books must stay in the library.",
            "No overdue fines are charged on children's books.",
        ),
        (
            "Reference books can leave the library.",
            "Overdue fines are charged on children's books.",
        ),
    ),
    Page(
        "parking",
        "The car park is open 24 hours. Overnight parking isn’t permitted for trailers or "
        "caravans. The car park doesn’t accept cash; pay by card or app.",
        (
            "Trailers and caravans are not permitted to park overnight.",
            "Cash is not accepted at the car park.",
        ),
        (
            "Overnight parking is permitted for trailers and caravans.",
            "The car park accepts cash.",
        ),
    ),
    Page(
        "software support",
        "Version 3 receives security updates until June 2026. Version 2 isn’t supported "
        "anymore and won’t receive security fixes. Upgrades from version 2 are free.",
        (
            "Version 2 is no longer supported.",
            "Version 2 will not get security fixes.",
        ),
        (
            "Version 2 is supported.",
            "Version 2 will receive security fixes.",
        ),
    ),
    Page(
        "office visitors",
        "Visitors must sign in at reception. Visitors can’t enter the lab without an escort. "
        "The building doesn’t have public parking.",
        (
            "Visitors may not enter the lab unless they are escorted.",
            "There is no public parking at the building.",
        ),
        (
            "Visitors can enter the lab without an escort.",
            "The building has public parking.",
        ),
    ),
    Page(
        "medicine label",
        "Take one tablet every eight hours with water. This medicine isn’t suitable for "
        "children under 12. Don’t drive if it makes you drowsy.",
        (
            "The medicine is not suitable for children younger than 12.",
            "You should not drive if the medicine makes you drowsy.",
        ),
        (
            "This medicine is suitable for children under 12.",
            "You can drive if it makes you drowsy.",
        ),
    ),
    Page(
        "account closure",
        "You can close your account from the Settings page. Closed accounts can’t be "
        "reopened. Your data isn’t deleted until 30 days after closure.",
        (
            "A closed account cannot be reopened.",
            "Data is not deleted until 30 days after the account is closed.",
        ),
        (
            "Closed accounts can be reopened.",
            "Your data is deleted as soon as the account is closed.",
        ),
    ),
    Page(
        "event tickets",
        "Doors open at 7 PM and the show starts at 8 PM. Re-entry isn’t allowed once you "
        "leave the venue. Tickets can’t be transferred to another person.",
        (
            "Once you leave the venue, you cannot come back in.",
            "Tickets are not transferable to another person.",
        ),
        (
            "Re-entry is allowed once you leave the venue.",
            "Tickets can be transferred to another person.",
        ),
    ),
    Page(
        "cloud backups",
        "Backups run every night at 2 AM. A backup doesn’t include files in the Trash "
        "folder. Backups aren’t encrypted on the free plan.",
        (
            "Files in the Trash folder are not included in a backup.",
            "On the free plan, backups are not encrypted.",
        ),
        (
            "A backup includes files in the Trash folder.",
            "Backups are encrypted on the free plan.",
        ),
    ),
)


def typeset_negation_cases(part: str) -> list[LabelledCase]:
    """The restatements (`supported`) and flips (`contradictory`) of a part's pages."""
    return cases_in_part(PAGES, part, page_cases)


def main() -> None:
    parted_probe_main(__doc__ or "", "page", PAGES, page_cases)


if __name__ == "__main__":
    main()
