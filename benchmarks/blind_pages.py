"""Pages written blind: does the grader fail an answer that changes one meaning of a
page and pass one that says it in other words, on pages and answers written without
looking at the rules?

A probe written for this project (docs/benchmarks.md, "Pages written blind").  Thirty-two
short pages as a help centre, a product page, a news story or an encyclopaedia publish
them, each with two restatements an assistant might write (`supported`: other words,
another order, values written another way, two of the page's facts in one sentence) and
two answers that change one meaning (`contradictory`: a number, a time, a role, a
direction, a negation, a condition, an "only").  Both halves were written in one
sitting each, before anything was graded; the held-out half was written after the
studied half was graded, and is never read case by case.  Its pages alternate between
a studied and a held-out half (`probes.part_at`).

    python -m benchmarks.blind_pages [--embedder minilm|hash] [--part studied|held-out]

prints, per page, the flips caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the sets "pages written blind (studied)"
and "pages written blind (held out)".
"""

from __future__ import annotations

from benchmarks.probes import Page, cases_in_part, page_cases, parted_probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

PAGES = (
    Page(
        "battery warranty",
        "The X200 laptop battery is covered by a limited warranty for 12 months from the "
        "date of purchase. The warranty does not cover damage caused by liquids or drops. "
        "To make a claim, customers must provide the original receipt.",
        (
            "The X200's battery warranty lasts a year from purchase.",
            "You need the original receipt to claim under the "
            "warranty, and liquid damage is not covered.",
        ),
        (
            "The X200 battery warranty covers damage caused by drops.",
            "The X200 battery is covered for 24 months from the date of purchase.",
        ),
    ),
    Page(
        "gym membership",
        "Members can bring one guest per visit for a fee of 10 dollars. Guests must be at "
        "least 16 years old and must sign a waiver before entering. The pool is closed on "
        "Mondays for cleaning.",
        (
            "A guest costs $10, and members may bring one per visit.",
            "Guests have to be 16 or older and sign a waiver first.",
        ),
        (
            "Members can bring up to three guests per visit.",
            "The pool is open on Mondays.",
        ),
    ),
    Page(
        "clinic hours",
        "The Northside clinic opens at 8:00 on weekdays and closes at 18:30. On Saturdays "
        "it is open from 9:00 until noon. Walk-in patients are seen only in the morning.",
        (
            "On Saturdays the Northside clinic is open from 9 AM to 12 PM.",
            "Walk-in patients are seen in the morning only.",
        ),
        (
            "The Northside clinic closes at 8:30 PM on weekdays.",
            "Walk-in patients are seen only in the afternoon.",
        ),
    ),
    Page(
        "shipping",
        "Standard delivery takes three to five business days and is free on orders over 50 "
        "pounds. Express delivery arrives the next working day if you order before 2 pm. We "
        "do not ship to PO boxes.",
        (
            "Orders above £50 get free standard delivery, which takes 3-5 business days.",
            "Order before 2 pm and express delivery arrives the following working day.",
        ),
        (
            "Express delivery arrives the next working day if you order after 2 pm.",
            "Parcels can be shipped to PO boxes.",
        ),
    ),
    Page(
        "library fines",
        "Borrowers can renew a book up to three times, unless another reader has reserved "
        "it. Overdue books are charged 20 cents per day, up to a maximum of 5 dollars per item.",
        (
            "A book can be renewed three times at most if nobody else has reserved it.",
            "The overdue charge is capped at $5 per item.",
        ),
        (
            "Borrowers can renew a reserved book up to three times.",
            "Overdue books are charged 20 cents per hour.",
        ),
    ),
    Page(
        "bird migration",
        "Arctic terns breed in the Arctic during the northern summer and then fly to the "
        "Antarctic, where they spend the southern summer. Their round trip can exceed "
        "70,000 kilometres a year, the longest migration of any animal.",
        (
            "After breeding in the Arctic, Arctic terns fly to the "
            "Antarctic for the southern summer.",
            "No animal migrates farther than the Arctic tern, whose "
            "yearly round trip can be more than 70,000 km.",
        ),
        (
            "Arctic terns breed in the Antarctic and spend the northern summer in the Arctic.",
            "The Arctic tern's round trip is under 7,000 kilometres a year.",
        ),
    ),
    Page(
        "company history",
        "Halden Foods was founded in 1962 by two brothers, Erik and Lars Halden, in Bergen. "
        "The company moved its headquarters to Oslo in 1985 and was acquired by Nordvik "
        "Group in 2004.",
        (
            "Erik and Lars Halden founded Halden Foods in Bergen in 1962.",
            "Nordvik Group bought Halden Foods in 2004.",
        ),
        (
            "Halden Foods acquired Nordvik Group in 2004.",
            "Halden Foods moved its headquarters from Oslo to Bergen in 1985.",
        ),
    ),
    Page(
        "parental leave",
        "Birth parents are entitled to 16 weeks of fully paid leave. The second parent "
        "receives 6 weeks of paid leave, which must be taken within the first year. Leave "
        "cannot be transferred between parents.",
        (
            "The second parent gets six weeks of paid leave to use in the child's first year.",
            "Parents are not allowed to transfer leave to each other.",
        ),
        (
            "The second parent receives 16 weeks of fully paid leave.",
            "Leave can be transferred from one parent to the other.",
        ),
    ),
    Page(
        "drug dosage",
        "Adults should take one tablet every six hours as needed. Do not take more than four "
        "tablets in 24 hours. Children under 12 should not use this product.",
        (
            "The maximum for adults is four tablets within a 24-hour period.",
            "This product is not for children younger than 12.",
        ),
        (
            "Adults may take up to six tablets in 24 hours.",
            "Children under 12 can use this product.",
        ),
    ),
    Page(
        "city population",
        "Lyon had about 522,000 inhabitants in 2020, making it France's third-largest city "
        "after Paris and Marseille. Its population has grown steadily since the 1990s.",
        (
            "Only Paris and Marseille are bigger French cities than Lyon.",
            "Lyon's population has been rising steadily since the 1990s.",
        ),
        (
            "Lyon is France's second-largest city.",
            "Lyon's population has fallen since the 1990s.",
        ),
    ),
    Page(
        "study result",
        "In the trial, patients who received the new drug had a 30% lower risk of stroke than "
        "those who received a placebo. Side effects were mild and were reported by 8% of "
        "participants.",
        (
            "The new drug cut the risk of stroke by 30% compared with placebo.",
            "Only 8% of participants reported side effects, which were mild.",
        ),
        (
            "Patients on the new drug had a 30% higher risk of stroke than those on placebo.",
            "Side effects were severe and were reported by 8% of participants.",
        ),
    ),
    Page(
        "exam rules",
        "Calculators are permitted in Paper 2 but not in Paper 1. Candidates who arrive more "
        "than 30 minutes late will not be admitted. Mobile phones must be switched off and "
        "handed to the invigilator.",
        (
            "You may use a calculator in Paper 2, but not in Paper 1.",
            "A candidate more than half an hour late is not allowed in.",
        ),
        (
            "Calculators are permitted in Paper 1.",
            "Candidates who arrive more than 30 minutes late will still be admitted.",
        ),
    ),
    Page(
        "train tickets",
        "Off-peak tickets are valid on any train after 9:30 on weekdays and all day at "
        "weekends. Peak tickets cost about twice as much. Tickets bought online can be "
        "refunded up to one hour before departure.",
        (
            "At weekends, off-peak tickets can be used all day.",
            "Online tickets are refundable until an hour before the train leaves.",
        ),
        (
            "Off-peak tickets are valid on weekday trains before 9:30.",
            "Peak tickets cost about half as much as off-peak tickets.",
        ),
    ),
    Page(
        "coffee study",
        "Researchers followed 40,000 adults for ten years and found that drinking two to three "
        "cups of coffee a day was linked to a lower risk of heart disease. The study was "
        "observational, so it cannot show that coffee causes the effect.",
        (
            "Adults who drank two or three cups of coffee daily had a lower risk of heart disease.",
            "Because the study was observational, it does not prove coffee causes the lower risk.",
        ),
        (
            "Drinking two to three cups of coffee a day was linked "
            "to a higher risk of heart disease.",
            "The study proved that coffee lowers the risk of heart disease.",
        ),
    ),
    Page(
        "river facts",
        "The Danube is Europe's second-longest river, after the Volga. It flows through ten "
        "countries, more than any other river in the world, and empties into the Black Sea.",
        (
            "Only the Volga is longer than the Danube in Europe.",
            "The Danube ends in the Black Sea after passing through ten countries.",
        ),
        (
            "The Danube is the longest river in Europe.",
            "The Danube empties into the Mediterranean Sea.",
        ),
    ),
    Page(
        "phone plan",
        "The Basic plan includes 5 GB of data and unlimited calls within the country. "
        "International roaming is available for an extra 7 dollars a day. Unused data does "
        "not roll over to the next month.",
        (
            "Basic comes with 5 GB of data and unlimited domestic calls.",
            "Roaming abroad costs an additional $7 per day.",
        ),
        (
            "Unused data rolls over to the next month.",
            "International roaming is included in the Basic plan at no extra cost.",
        ),
    ),
    Page(
        "remote work policy",
        "Employees may work from home on up to two days per week with their manager's "
        "approval. Staff in their probation period must work on site full time.",
        (
            "With a manager's approval, employees can work remotely two days a week at most.",
            "People still on probation have to be in the office every day.",
        ),
        (
            "Employees may work from home on up to two days per "
            "week without their manager's approval.",
            "Staff in their probation period may work from home two days per week.",
        ),
    ),
    Page(
        "painting",
        "The Night Watch was painted by Rembrandt in 1642 and hangs in the Rijksmuseum in "
        "Amsterdam. The canvas was trimmed on all four sides in 1715 to fit a wall in the "
        "town hall.",
        (
            "Rembrandt completed The Night Watch in 1642; it is in Amsterdam's Rijksmuseum.",
            "In 1715 the painting was cut down on every side so it "
            "would fit a wall in the town hall.",
        ),
        (
            "The Night Watch was painted by Vermeer in 1642.",
            "The canvas was enlarged on all four sides in 1715.",
        ),
    ),
    Page(
        "password reset",
        "If you forget your password, select Forgot password on the sign-in page. We will "
        "email you a link that expires after 30 minutes. For security, the link can be used "
        "only once.",
        (
            "The reset link sent by email is valid for half an hour.",
            "Each password reset link works a single time.",
        ),
        (
            "The reset link expires after 30 days.",
            "The reset link can be used as many times as you like.",
        ),
    ),
    Page(
        "hotel checkout",
        "Check-in is from 3 pm and check-out is by 11 am. Late check-out until 2 pm can be "
        "requested at reception and costs 25 euros. Breakfast is included in all room rates.",
        (
            "You must check out by 11 in the morning.",
            "For 25 euros you can ask reception for late check-out until 2 pm.",
        ),
        (
            "Check-out is by 3 pm.",
            "Breakfast costs extra and is not included in the room rates.",
        ),
    ),
    Page(
        "election",
        "In the 2019 election, the Green Party won 14 seats, up from 9 in 2015. The Liberal "
        "Party lost 6 seats and finished third.",
        (
            "The Green Party went from 9 seats in 2015 to 14 in 2019.",
            "The Liberals came third in 2019 after losing six seats.",
        ),
        (
            "The Green Party won 14 seats in 2019, down from 19 in 2015.",
            "The Liberal Party gained 6 seats and finished third.",
        ),
    ),
    Page(
        "earthquake",
        "A magnitude 6.1 earthquake struck the region early on Tuesday. Officials said at "
        "least 12 people were injured but no deaths had been reported. Several roads were "
        "closed because of landslides.",
        (
            "At least 12 people were hurt in Tuesday's magnitude 6.1 quake, officials said.",
            "Landslides led to the closure of several roads.",
        ),
        (
            "Officials reported at least 12 deaths after the earthquake.",
            "The earthquake struck late on Tuesday evening.",
        ),
    ),
    Page(
        "museum tickets",
        "Entry to the permanent collection is free for everyone. Temporary exhibitions cost "
        "12 euros, with a reduced price of 8 euros for students and seniors.",
        (
            "You can see the permanent collection without paying.",
            "Students pay 8 euros for temporary exhibitions.",
        ),
        (
            "Entry to the permanent collection costs 12 euros.",
            "Students pay 12 euros for temporary exhibitions, and seniors pay 8 euros.",
        ),
    ),
    Page(
        "recycling",
        "Glass bottles and jars go in the green bin. Pizza boxes with grease on them should "
        "not be put in the paper recycling; they belong in the general waste. Batteries must "
        "be taken to a collection point.",
        (
            "Put glass bottles and jars in the green bin.",
            "Greasy pizza boxes go in general waste, not in paper recycling.",
        ),
        (
            "Greasy pizza boxes should be put in the paper recycling.",
            "Batteries can go in the green bin.",
        ),
    ),
    Page(
        "volcano",
        "Mount Aso last erupted in October 2021. Scientists warned that further eruptions "
        "were possible, but no evacuation order was issued.",
        (
            "Mount Aso's most recent eruption was in October 2021.",
            "Although scientists warned of more eruptions, nobody was ordered to evacuate.",
        ),
        (
            "An evacuation order was issued after Mount Aso erupted in October 2021.",
            "Scientists said further eruptions were impossible.",
        ),
    ),
    Page(
        "startup funding",
        "The startup raised 20 million dollars in a Series B round led by Apex Ventures, "
        "bringing its total funding to 35 million. It plans to double its engineering team "
        "by the end of next year.",
        (
            "Apex Ventures led the startup's $20 million Series B.",
            "With the new round, the startup has raised $35 million in total.",
        ),
        (
            "The startup led a 20 million dollar Series B round in Apex Ventures.",
            "The startup plans to halve its engineering team by the end of next year.",
        ),
    ),
    Page(
        "software release",
        "Version 4.2 adds support for Python 3.12 and drops support for Python 3.8. The "
        "command-line tool now runs about 40% faster on large projects.",
        (
            "Python 3.8 is no longer supported as of version 4.2.",
            "In version 4.2, the CLI is roughly 40% quicker on big projects.",
        ),
        (
            "Version 4.2 adds support for Python 3.8.",
            "The command-line tool now runs about 40% slower on large projects.",
        ),
    ),
    Page(
        "vaccine storage",
        "Unopened vials can be stored in a refrigerator at 2 to 8 degrees Celsius for up to "
        "six months. Once opened, a vial must be used within 6 hours. Do not freeze.",
        (
            "Vials that have not been opened keep for up to six months in the fridge at 2-8 °C.",
            "An opened vial has to be used within six hours.",
        ),
        (
            "Once opened, a vial can be kept for up to six months.",
            "The vials can be frozen.",
        ),
    ),
    Page(
        "bridge",
        "The Øresund Bridge, opened in 2000, connects Copenhagen in Denmark with Malmö in "
        "Sweden. It carries both a motorway and a railway and is nearly 8 kilometres long.",
        (
            "Since 2000 the Øresund Bridge has linked Copenhagen and Malmö.",
            "The bridge, almost 8 km long, has a road and a railway on it.",
        ),
        (
            "The Øresund Bridge connects Copenhagen with Oslo.",
            "The Øresund Bridge carries only a motorway.",
        ),
    ),
    Page(
        "language course",
        "The beginner course runs for ten weeks, with two 90-minute classes each week. No "
        "previous knowledge of Spanish is needed. Course materials are provided online at "
        "no cost.",
        (
            "The beginner course is ten weeks long with two "
            "classes of an hour and a half per week.",
            "You don't need to know any Spanish before starting.",
        ),
        (
            "Students must already have a basic knowledge of Spanish.",
            "Course materials cost extra and are sent by post.",
        ),
    ),
    Page(
        "subscription",
        "The Plus plan costs $9.99 per month and includes ad-free listening and offline "
        "downloads. Family members can be added for $2 each, up to five people in total.",
        (
            "For $9.99 a month, Plus gives you listening without "
            "ads and downloads for offline use.",
            "Each added family member costs $2, with at most five people on a plan.",
        ),
        (
            "The Plus plan includes ads but allows offline downloads.",
            "Family members can be added for free, up to five people in total.",
        ),
    ),
    Page(
        "airport",
        "Terminal 2 handles all international flights, while Terminal 1 serves domestic "
        "routes. A free shuttle bus runs between the terminals every 10 minutes.",
        (
            "International flights use Terminal 2 and domestic flights Terminal 1.",
            "The shuttle between the terminals is free and comes every ten minutes.",
        ),
        (
            "Terminal 1 handles all international flights.",
            "The shuttle bus between the terminals runs every 30 minutes and costs 3 dollars.",
        ),
    ),
)


def blind_page_cases(part: str) -> list[LabelledCase]:
    """The restatements (`supported`) and flips (`contradictory`) of a part's pages."""
    return cases_in_part(PAGES, part, page_cases)


def main() -> None:
    parted_probe_main(__doc__ or "", "page", PAGES, page_cases)


if __name__ == "__main__":
    main()
