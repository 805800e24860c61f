"""Answers a support assistant writes from a policy page: does the grader pass the
faithful ones and fail the ones that flip a meaning?

A probe written for this project (docs/benchmarks.md#negation-and-swapped-things-rules-v11).
Twelve short pages (plans and prices, a leave policy, a medicine label, baggage rules,
API limits, a laptop's specification, account fees, home insurance, a gym, a library,
release notes, a hotel), each with six restatements an assistant might write
(`supported`: reworded, negations said another way, amounts in words) and six answers
that change one meaning (`contradictory`: a fact given to another plan or person, a
limit, a unit, a negation, a qualifier).  The first six pages were written to find what
the shipped default gets wrong, and the rules-v11 changes were made against them; the
other six were written after, graded once as they came (benchmarks.md), then used too.
So the probe guards against regressions and is no unbiased estimate.

    python -m benchmarks.policy_answers [--embedder minilm|hash]

prints, per page, the flips caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the set "policy answers (probe)".
"""

from __future__ import annotations

from benchmarks.probes import Page, page_cases, probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

PAGES = (
    Page(
        "team chat plans",
        (
            "The Team plan costs $12 per user per month, billed annually. "
            "The Business plan adds single sign-on and audit logs for $24 per user per month. "
            "Free workspaces keep 90 days of message history. "
            "Admins can export workspace data at any time from the Settings page. "
            "Guest accounts are not counted toward your seat total."
        ),
        (
            "Team costs $12 per user each month when billed annually.",
            (
                "Single sign-on and audit logs are included in the Business plan, which is $24 per "
                "user per month."
            ),
            "On the free plan, message history is kept for 90 days.",
            "You can export your workspace data from Settings whenever you like.",
            "Guests don't count against your seats.",
            "Guest accounts do not use up seats.",
        ),
        (
            "The Team plan costs $12 per user per month, billed monthly.",
            "The Team plan adds single sign-on and audit logs.",
            "Free workspaces keep 90 days of file history.",
            "Only the workspace owner can export workspace data.",
            "Guest accounts are counted toward your seat total.",
            "The Business plan costs $12 per user per month.",
        ),
    ),
    Page(
        "leave policy",
        (
            "Full-time employees accrue 1.5 days of paid leave per month. "
            "Unused leave of up to 10 days carries over to the next year. "
            "Parental leave is 16 weeks at full pay for the primary caregiver. "
            "Requests for leave longer than five days must be approved by your manager two weeks "
            "in advance. "
            "Contractors are not eligible for paid leave."
        ),
        (
            "Full-time staff earn one and a half days of paid leave every month.",
            "You can carry over up to 10 unused days into the following year.",
            "The primary caregiver gets 16 weeks of parental leave at full pay.",
            "Leave of more than five days needs your manager's approval two weeks ahead.",
            "Contractors do not get paid leave.",
            "Paid leave is not available to contractors.",
        ),
        (
            "Part-time employees accrue 1.5 days of paid leave per month.",
            "Unused leave of up to 10 days expires at the end of the year.",
            "Parental leave is 16 weeks at half pay for the primary caregiver.",
            "Requests for leave longer than five days must be approved by HR two weeks in advance.",
            "Contractors are eligible for paid leave.",
            "Parental leave is 16 weeks at full pay for both parents.",
        ),
    ),
    Page(
        "pain relief label",
        (
            "Adults may take 500 mg every 4 to 6 hours as needed. "
            "Do not exceed 4,000 mg in 24 hours. "
            "Children under 12 should not take this product unless directed by a doctor. "
            "Stop use and ask a doctor if pain gets worse or lasts more than 10 days. "
            "Store at room temperature away from moisture."
        ),
        (
            "Adults can take 500 mg every four to six hours if needed.",
            "The maximum is 4,000 mg per day.",
            "Don't take more than 4000 mg in a 24-hour period.",
            "Children under 12 should only use it if a doctor says so.",
            "See a doctor if the pain worsens or lasts longer than 10 days.",
            "Keep it at room temperature and away from moisture.",
        ),
        (
            "Adults may take 500 mg every 1 to 2 hours as needed.",
            "Do not exceed 4,000 mg in 12 hours.",
            "Children under 12 can safely take this product.",
            "Stop use and ask a doctor if pain lasts more than 3 days.",
            "Store it in the refrigerator.",
            "Children may take 500 mg every 4 to 6 hours.",
        ),
    ),
    Page(
        "airline baggage and check-in",
        (
            "Checked bags must weigh no more than 23 kg. "
            "Each passenger may bring one carry-on bag and one personal item. "
            "Online check-in opens 24 hours before departure and closes 90 minutes before. "
            "Passengers arriving at the gate less than 20 minutes before departure may be denied "
            "boarding. "
            "Pets under 8 kg may travel in the cabin in an approved carrier."
        ),
        (
            "A checked bag can weigh up to 23 kg.",
            "You can bring a carry-on bag and a personal item.",
            (
                "Online check-in opens 24 hours before the flight and closes 90 minutes before "
                "departure."
            ),
            (
                "If you reach the gate less than 20 minutes before departure, you may not be "
                "allowed to board."
            ),
            "Pets weighing under 8 kg can fly in the cabin in an approved carrier.",
            "Check-in online closes an hour and a half before departure.",
        ),
        (
            "Checked bags must weigh no more than 32 kg.",
            "Each passenger may bring two carry-on bags.",
            "Online check-in opens 48 hours before departure.",
            (
                "Passengers arriving at the gate less than 20 minutes before departure will "
                "still be allowed to board."
            ),
            "Pets of any size may travel in the cabin.",
            "Online check-in closes 30 minutes before departure.",
        ),
    ),
    Page(
        "API limits and tokens",
        (
            "The API allows 600 requests per minute per key. "
            "Requests over the limit receive HTTP 429 with a Retry-After header. "
            "Access tokens expire after one hour; refresh tokens are valid for 30 days. "
            "Webhooks are retried up to five times with exponential backoff. "
            "The v1 endpoints will be removed on March 31, 2027."
        ),
        (
            "Each key can make 600 requests per minute.",
            "If you go over the limit, you get an HTTP 429 response with a Retry-After header.",
            "Access tokens last one hour, and refresh tokens last 30 days.",
            "Failed webhooks are retried up to 5 times with exponential backoff.",
            "The v1 endpoints will be removed on 31 March 2027.",
            "Access tokens expire after 60 minutes.",
        ),
        (
            "The API allows 600 requests per hour per key.",
            "Requests over the limit receive HTTP 503.",
            "Refresh tokens expire after one hour.",
            "Webhooks are not retried.",
            "The v2 endpoints will be removed on March 31, 2027.",
            "Access tokens are valid for 30 days.",
        ),
    ),
    Page(
        "laptop specification",
        (
            "The battery lasts up to 18 hours of video playback. "
            "A full charge takes about 2 hours with the included 30 W adapter. "
            "The laptop weighs 1.2 kg and is 14 mm thick. "
            "It has two USB-C ports and a headphone jack, but no HDMI port. "
            "The warranty covers manufacturing defects for one year; accidental damage is not "
            "covered."
        ),
        (
            "The battery gives up to 18 hours of video playback.",
            "Charging fully takes around two hours with the 30 W adapter that comes in the box.",
            "It weighs 1.2 kg and is 14 mm thick.",
            "There is no HDMI port, but there are two USB-C ports and a headphone jack.",
            "Accidental damage isn't covered by the warranty.",
            "The one-year warranty covers manufacturing defects.",
        ),
        (
            "The battery lasts up to 18 hours of gaming.",
            "A full charge takes about 2 hours with a 65 W adapter.",
            "The laptop has an HDMI port.",
            "It has three USB-C ports.",
            "The warranty covers accidental damage for one year.",
            "The laptop weighs 1.2 kg and is 14 cm thick.",
        ),
    ),
    Page(
        "current account fees",
        (
            "The Everyday account has no monthly fee if you deposit at least $500 each "
            "month; otherwise the fee is $5. "
            "ATM withdrawals are free at our own machines and cost $2.50 at other banks' machines. "
            "International card payments carry a 2.75% foreign transaction fee. "
            "Overdraft protection is available for account holders over 18. "
            "Statements are issued monthly and can be downloaded as PDF for seven years."
        ),
        (
            (
                "There's no monthly fee on the Everyday account as long as you deposit $500 or "
                "more a month."
            ),
            "Using another bank's ATM costs $2.50 per withdrawal.",
            "Card payments abroad are charged a foreign transaction fee of 2.75%.",
            "You can download your statements as PDFs for up to seven years.",
            "Withdrawals from our own ATMs are free of charge.",
            "Only account holders older than 18 can get overdraft protection.",
        ),
        (
            "The Everyday account has no monthly fee if you deposit at least $5 each month.",
            "ATM withdrawals cost $2.50 at our own machines.",
            "International card payments carry no foreign transaction fee.",
            "Overdraft protection is available for all account holders, including minors.",
            "Statements are issued weekly.",
            "Statements can be downloaded as PDF for seven months.",
        ),
    ),
    Page(
        "home insurance",
        (
            "The home policy covers fire, theft and storm damage. "
            "Flood damage is not covered unless you add the flood extension. "
            "The standard excess is $250 per claim. "
            "Claims must be reported within 30 days of the incident. "
            "Jewellery is covered up to $2,000 per item."
        ),
        (
            "Fire, theft and storm damage are covered by the home policy.",
            "You need the flood extension for flood damage to be covered.",
            "Each claim has a standard excess of $250.",
            "You have 30 days from the incident to report a claim.",
            "Individual pieces of jewellery are insured for up to $2,000 each.",
            "Without the flood extension, floods aren't covered.",
        ),
        (
            "The home policy covers flood damage as standard.",
            "The standard excess is $500 per claim.",
            "Claims must be reported within 30 days of purchase.",
            "Jewellery is covered without any limit.",
            "The home policy does not cover theft.",
            "Claims must be reported within 60 days of the incident.",
        ),
    ),
    Page(
        "gym membership",
        (
            "Membership costs $39 a month with a 12-month contract, or $55 a month with no "
            "contract. "
            "The gym is open 24 hours on weekdays and from 7 AM to 9 PM at weekends. "
            "Members can bring one guest per month for free. "
            "Classes must be booked through the app at least two hours in advance. "
            "Cancelling a contract early costs a fee of $100."
        ),
        (
            "With a 12-month contract, membership is $39 per month.",
            "Without a contract you pay $55 a month.",
            "On weekends the gym opens at 7 AM and closes at 9 PM.",
            "You can bring one guest free of charge each month.",
            "Book classes in the app at least 2 hours before they start.",
            "There's a $100 fee if you cancel your contract early.",
        ),
        (
            "Membership costs $39 a month with no contract.",
            "The gym is open 24 hours at weekends.",
            "Members can bring one guest per week for free.",
            "Classes can be booked at the front desk without an appointment.",
            "Cancelling a contract early is free.",
            "Classes must be booked at least two days in advance.",
        ),
    ),
    Page(
        "library loans",
        (
            "Members can borrow up to 12 books at a time. "
            "Books are lent for three weeks and can be renewed twice online. "
            "DVDs are lent for one week and cannot be renewed. "
            "Late returns cost 20 cents per day per item. "
            "Children's books have no late fees."
        ),
        (
            "You can have as many as 12 books on loan at once.",
            "The loan period for books is three weeks, with two online renewals allowed.",
            "DVDs go out for a week and can't be renewed.",
            "Each late item costs 20 cents a day.",
            "There are no late fees on children's books.",
            "A book can be renewed online two times.",
        ),
        (
            "Members can borrow up to 20 books at a time.",
            "DVDs are lent for three weeks.",
            "DVDs can be renewed twice online.",
            "Late returns cost 20 cents per week per item.",
            "Children's books have late fees of 20 cents per day.",
            "Books can be renewed as often as you like.",
        ),
    ),
    Page(
        "release notes",
        (
            "Version 4.2 adds dark mode and faster search. "
            "Support for Windows 7 ends with this release. "
            "The minimum requirement is now 8 GB of RAM. "
            "Version 4.0 will receive security updates until June 2027. "
            "Plugins written for version 3 are not compatible."
        ),
        (
            "Dark mode and faster search arrive in version 4.2.",
            "This release is the last to support Windows 7.",
            "You now need at least 8 GB of RAM.",
            "Security updates for version 4.0 continue until June 2027.",
            "Version 3 plugins won't work.",
            "Plugins from version 3 are incompatible.",
        ),
        (
            "Version 4.2 removes dark mode.",
            "Support for Windows 10 ends with this release.",
            "The minimum requirement is now 16 GB of RAM.",
            "Version 4.0 will receive security updates until June 2026.",
            "Plugins written for version 3 are fully compatible.",
            "Version 3.0 will receive security updates until June 2027.",
        ),
    ),
    Page(
        "hotel booking",
        (
            "Check-in is from 3 PM and check-out is by 11 AM. "
            "Breakfast is included for guests booking directly. "
            "Free cancellation is available up to 48 hours before arrival; later "
            "cancellations are charged one night. "
            "Parking costs $15 per night. "
            "Pets are not allowed, except assistance dogs."
        ),
        (
            "You can check in from 3 PM, and check-out is by 11 AM.",
            "Breakfast comes with direct bookings.",
            "You can cancel for free until 48 hours before you arrive.",
            "If you cancel later than 48 hours before arrival, you pay for one night.",
            "It's $15 a night to park.",
            "Only assistance dogs are allowed; other pets are not.",
        ),
        (
            "Check-in is from 11 AM.",
            "Breakfast is included for all guests.",
            "Free cancellation is available up to 24 hours before arrival.",
            "Parking is free.",
            "Pets are welcome.",
            "Late cancellations are charged two nights.",
        ),
    ),
)


def policy_answer_cases() -> list[LabelledCase]:
    "''Every page's restatements (`supported`) and flips (`contradictory`).''"
    return [case for page in PAGES for case in page_cases(page)]


def main() -> None:
    groups = ((page.name, page_cases(page)) for page in PAGES)
    probe_main(__doc__ or "", "page", groups)


if __name__ == "__main__":
    main()
