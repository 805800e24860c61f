"""Restated details: does the grader pass an amount, a name or a negation written
another way, and catch it changed?

A probe written for this project (docs/detection.md#pipeline, step 6).  Each item is a
source sentence, the same fact restated with its amount, name or negation written
another way ("€4.5m" as "€4.5 million", "a 14-day trial" as "a two-week trial",
"AWS" for "Amazon Web Services", "President Obama" for "Barack Obama", "at no extra
cost" for "free", "cannot smoke" for "smoking is banned", "36 inches" for "3 feet",
"more than 1,200" for 1,240, "from 26 cents" for a rise "by 2 cents to 28 cents",
"may not install it on more than five devices" for "on up to five devices"):
`supported`; and the restatement with its amount, name, negation or unit changed:
`contradictory`.  The source
carries a second, unrelated sentence so that the claim is graded against a passage.
The probe was written beside the rules that read these forms (rules-v12), so it
guards against regressions and is no unbiased estimate.

    python -m benchmarks.restated_details [--embedder minilm|hash]

prints, per kind, the changes caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the set "restated details (probe)".
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.probes import one_claim_case, probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

# The second sentence of every source.
_ASIDE = "The building was renovated in 2009."


@dataclass(frozen=True)
class Item:
    source: str
    restated: str  # the source's fact, its detail written another way
    changed: str  # the restatement with its detail changed


AMOUNTS = (
    Item(
        "The club raised €4.5m from ticket sales last season.",
        "The club raised €4.5 million from ticket sales last season.",
        "The club raised €5.4m from ticket sales last season.",
    ),
    Item(
        "Honeywell agreed to pay $18B for the automation unit.",
        "Honeywell agreed to pay $18 billion for the automation unit.",
        "Honeywell agreed to pay $8B for the automation unit.",
    ),
    Item(
        "The streaming app now has 5.68m paying users.",
        "The streaming app now has 5.68 million paying users.",
        "The streaming app now has 6.58m paying users.",
    ),
    Item(
        "The laptop weighs 1.3kg with its battery.",
        "The laptop weighs 1.3 kg with its battery.",
        "The laptop weighs 1.8 kg with its battery.",
    ),
    Item(
        "New users get a 14-day free trial of the plan.",
        "New users get a two-week free trial of the plan.",
        "New users get a three-week free trial of the plan.",
    ),
    Item(
        "The bridge cost twenty-five million dollars to build.",
        "The bridge cost $25 million to build.",
        "The bridge cost $35 million to build.",
    ),
    Item(
        "The museum received a hundred paintings from the estate.",
        "The museum received 100 paintings from the estate.",
        "The museum received 200 paintings from the estate.",
    ),
    Item(
        "She bought two dozen eggs at the market.",
        "She bought 24 eggs at the market.",
        "She bought 12 eggs at the market.",
    ),
    Item(
        "About 1 in 4 adults in the region smoke daily.",
        "About 25% of adults in the region smoke daily.",
        "About 40% of adults in the region smoke daily.",
    ),
    Item(
        "The new chip is 3x faster than the old one.",
        "The new chip is three times faster than the old one.",
        "The new chip is four times faster than the old one.",
    ),
    Item(
        "Temperatures reached 40 degrees Celsius in July.",
        "Temperatures reached 40°C in July.",
        "Temperatures reached 45°C in July.",
    ),
    Item(
        "Shares fell 15 cents to $4.10 on Friday.",
        "Shares fell $0.15 to $4.10 on Friday.",
        "Shares fell $0.25 to $4.10 on Friday.",
    ),
)

NAMES = (
    Item(
        "The United States imposed new tariffs on steel in March.",
        "The US imposed new tariffs on steel in March.",
        "The UK imposed new tariffs on steel in March.",
    ),
    Item(
        "The European Union fined the company in May.",
        "The EU fined the company in May.",
        "The UN fined the company in May.",
    ),
    Item(
        "Amazon Web Services suffered an outage on Monday.",
        "AWS suffered an outage on Monday.",
        "GCP suffered an outage on Monday.",
    ),
    Item(
        "AWS suffered an outage on Monday.",
        "Amazon Web Services suffered an outage on Monday.",
        "Google Cloud suffered an outage on Monday.",
    ),
    Item(
        "The company is based in New York City.",
        "The company is based in NYC.",
        "The company is based in LA.",
    ),
    Item(
        "Employees can contact Human Resources for help with leave.",
        "Employees can contact HR for help with leave.",
        "Employees can contact Payroll for help with leave.",
    ),
    Item(
        "Barack Obama signed the bill into law in 2010.",
        "President Obama signed the bill into law in 2010.",
        "President Biden signed the bill into law in 2010.",
    ),
    Item(
        "Tesla's chief executive Elon Musk announced the plan.",
        "Tesla CEO Elon Musk announced the plan.",
        "SpaceX CEO Elon Musk announced the plan.",
    ),
    Item(
        "The French government raised the pension age to 64.",
        "France's government raised the pension age to 64.",
        "The German government raised the pension age to 64.",
    ),
    Item(
        "France's government raised the pension age to 64.",
        "The French government raised the pension age to 64.",
        "The Spanish government raised the pension age to 64.",
    ),
    Item(
        "He uploaded the video to YouTube on Friday.",
        "On Friday he uploaded the video to YouTube.",
        "He uploaded the video to TikTok on Friday.",
    ),
    Item(
        "Customers can pay with PayPal at checkout.",
        "At checkout, customers can pay with PayPal.",
        "Customers can pay with Venmo at checkout.",
    ),
)

# A negation written with other words, or a phrase holding a negation word that
# negates nothing ("at no cost"); changed: the negation flipped.
WORDING = (
    Item(
        "Shipping is free on orders over $50.",
        "Orders over $50 ship at no extra cost.",
        "Orders over $50 do not ship for free.",
    ),
    Item(
        "The library lends books and films to members.",
        "The library lends not only books but also films to members.",
        "The library does not lend films to members.",
    ),
    Item(
        "The kit contains only water and salt.",
        "The kit contains nothing but water and salt.",
        "The kit does not contain salt.",
    ),
    Item(
        "Members can bring one guest for free.",
        "Members can bring one guest at no additional charge.",
        "Members cannot bring a guest.",
    ),
    Item(
        "The app works offline in every case.",
        "The app works offline no matter what.",
        "The app does not work offline.",
    ),
    Item(
        "Smoking is banned in all public buildings.",
        "You cannot smoke in any public building.",
        "You can smoke in public buildings.",
    ),
    Item(
        "The bridge is closed to trucks heavier than 10 tonnes.",
        "Trucks over 10 tonnes are not allowed on the bridge.",
        "Trucks over 10 tonnes are allowed on the bridge.",
    ),
    Item(
        "The drug should not be taken with alcohol.",
        "Avoid drinking alcohol while taking the drug.",
        "The drug can be taken with alcohol.",
    ),
    Item(
        "The account has no monthly fees.",
        "The account doesn't charge any monthly fees.",
        "The account charges monthly fees.",
    ),
    Item(
        "The museum is closed on all public holidays.",
        "The museum does not open on any public holiday.",
        "The museum opens on all public holidays.",
    ),
    Item(
        "The induction course is optional for new staff.",
        "The induction course is not required for new staff.",
        "The induction course is required for new staff.",
    ),
)

# An everyday measure written another way (`units.MEASURES`), and swapped for another
# unit on the same number: without its unit the number alone was found (rules-v22).
MEASURES = (
    Item(
        "Toss the potatoes with 3 tablespoons of olive oil.",
        "Toss the potatoes with 3 tbsp of olive oil.",
        "Toss the potatoes with 3 teaspoons of olive oil.",
    ),
    Item(
        "The shelf is 3 feet wide.",
        "The shelf is 36 inches wide.",
        "The shelf is 3 inches wide.",
    ),
    Item(
        "The tank holds 5 gallons of water.",
        "The tank holds 5 gal of water.",
        "The tank holds 5 litres of water.",
    ),
    Item(
        "The heater draws 2 kW when running.",
        "The heater draws 2 kilowatts when running.",
        "The heater draws 2 watts when running.",
    ),
    Item(
        "The plan offers download speeds of 300 Mbps.",
        "The plan offers download speeds of 300 mbps.",
        "The plan offers download speeds of 300 Gbps.",
    ),
    Item(
        "The speed limit on the road is 30 mph.",
        "The speed limit on the road is 30 miles per hour.",
        "The speed limit on the road is 30 km/h.",
    ),
)

# An amount restated as a value: a bound or an estimate of it, a change's start from
# its size and end, a difference of two amounts, the total of two; each changed to one
# no source bears out (rules-v23: before, each was a detail found nowhere).
VALUES = (
    Item(
        "The trial enrolled 1,240 adults with type 2 diabetes.",
        "The trial enrolled more than 1,200 adults with type 2 diabetes.",
        "The trial enrolled more than 1,500 adults with type 2 diabetes.",
    ),
    Item(
        "Express delivery costs £6.99 and arrives the next working day.",
        "Express delivery costs under £7 and arrives the next working day.",
        "Express delivery costs under £6 and arrives the next working day.",
    ),
    Item(
        "The survey reached 77,984 households across the region.",
        "The survey reached nearly 78,000 households across the region.",
        "The survey reached nearly 68,000 households across the region.",
    ),
    Item(
        "The planet has 9.6% of Jupiter's mass.",
        "The planet has about 10% of Jupiter's mass.",
        "The planet has about 20% of Jupiter's mass.",
    ),
    Item(
        "The board raised the quarterly dividend by 2 cents to 28 cents a share.",
        "The board lifted the quarterly dividend from 26 cents to 28 cents a share.",
        "The board lifted the quarterly dividend from 24 cents to 28 cents a share.",
    ),
    Item(
        "Bake the loaf for 30 minutes with the lid on, then 15 minutes with the lid off.",
        "Bake the loaf for 45 minutes in total, the first 30 with the lid on.",
        "Bake the loaf for 60 minutes in total, the first 30 with the lid on.",
    ),
    Item(
        "Revenue was $12.4 billion, compared with $11.8 billion a year earlier.",
        "Revenue was $12.4 billion, up by $0.6 billion from a year earlier.",
        "Revenue was $12.4 billion, up by $1.6 billion from a year earlier.",
    ),
    Item(
        "The ferry crossing takes 95 minutes each way.",
        "The ferry crossing takes just over an hour and a half each way.",
        "The ferry crossing takes just over two hours each way.",
    ),
)

# A limit written as a negated comparison on one side and as a limit on the other, and
# the bound moved past it (rules-v23, text/limits.py: before, the restatement was a
# flipped negation and "more than five" against "up to five" a detail found as written).
LIMITS = (
    Item(
        "The Licensee may install the Software on up to five devices.",
        "The Licensee may not install the Software on more than five devices.",
        "The Licensee may install the Software on more than five devices.",
    ),
    Item(
        "Customers can be charged overdraft fees of up to a maximum of £30 a month.",
        "Customers cannot be charged more than £30 in overdraft fees a month.",
        "Customers can be charged more than £30 in overdraft fees a month.",
    ),
    Item(
        "Do not take more than six tablets in any 24-hour period.",
        "You can take up to six tablets in any 24-hour period.",
        "You can take more than six tablets in any 24-hour period.",
    ),
)

KINDS = (
    ("amounts", AMOUNTS),
    ("names", NAMES),
    ("wording", WORDING),
    ("measures", MEASURES),
    ("values", VALUES),
    ("limits", LIMITS),
)


def kind_cases(name: str, items: tuple[Item, ...], aside: str = _ASIDE) -> list[LabelledCase]:
    """Each item's restatement (`supported`) and change (`contradictory`), its source
    followed by `aside`."""
    cases = []
    for number, item in enumerate(items):
        source = f"{item.source} {aside}"
        cases.append(one_claim_case(f"{name}:{number}", source, item.restated, "supported"))
        cases.append(one_claim_case(f"{name}:{number}:x", source, item.changed, "contradictory"))
    return cases


def restated_detail_cases() -> list[LabelledCase]:
    """Every item's restatement (`supported`) and change (`contradictory`)."""
    return [case for name, items in KINDS for case in kind_cases(name, items)]


def main() -> None:
    probe_main(__doc__ or "", "kind", ((name, kind_cases(name, items)) for name, items in KINDS))


if __name__ == "__main__":
    main()
