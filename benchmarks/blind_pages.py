"""Pages written blind: does the grader fail an answer that changes one meaning of a
page and pass one that says it in other words, on pages and answers written without
looking at the rules?

A probe written for this project (docs/benchmarks.md, "Pages written blind").  Ninety-six
short pages as a help centre, a product page, a news story or an encyclopaedia publish
them, each with two restatements an assistant might write (`supported`: other words,
another order, values written another way, two of the page's facts in one sentence) and
two answers that change one meaning (`contradictory`: a number, a time, a role, a
direction, a scope, a negation, a condition, an "only").  Written in three sittings of
sixteen studied and sixteen held-out pages, each page before anything of its sitting
was graded (the first sitting's held-out pages after its studied pages were; the
third sitting after the rules the first two shaped); the held-out half is never read
case by case.  Its pages alternate between a studied and a
held-out half (`probes.part_at`).

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
    # Sixteen pages more each half, written in a second sitting before grading.
    Page(
        "loyalty points",
        "Members earn 2 points for every dollar spent in store and 1 point per dollar "
        "online. Points expire 12 months after they are earned. Points cannot be used to "
        "buy gift cards.",
        (
            "In store, members get two points per dollar; online they get one.",
            "Gift cards can't be bought with points.",
        ),
        (
            "Members earn 2 points per dollar online and 1 point per dollar in store.",
            "Points never expire.",
        ),
    ),
    Page(
        "coworking space",
        "Day passes cost 25 dollars and include coffee and tea. Meeting rooms must be "
        "booked at least 24 hours in advance. The space is open around the clock for "
        "monthly members only.",
        (
            "A $25 day pass comes with coffee and tea.",
            "Only monthly members can use the space 24 hours a day.",
        ),
        (
            "Meeting rooms can be booked on the day without notice.",
            "The space is open around the clock for day-pass holders.",
        ),
    ),
    Page(
        "heat wave",
        "Temperatures reached 41 degrees Celsius in Seville on Sunday, the highest June "
        "reading since records began in 1951. Authorities urged residents to stay indoors "
        "during the hottest hours of the day.",
        (
            "Seville hit 41 °C on Sunday, a June record going back to 1951.",
            "Residents were told by the authorities to stay inside when it was hottest.",
        ),
        (
            "Temperatures reached 41 degrees Celsius in Seville on Sunday, the lowest June "
            "reading since records began.",
            "Authorities urged residents to go outdoors during the hottest hours of the day.",
        ),
    ),
    Page(
        "flood warning",
        "The river is expected to peak at 5.2 metres on Thursday morning, about a metre "
        "above flood level. Residents of low-lying streets have been advised to move "
        "valuables upstairs.",
        (
            "The river should crest at 5.2 m on Thursday morning, roughly a metre over "
            "flood level.",
            "People living on low-lying streets were advised to take valuables upstairs.",
        ),
        (
            "The river is expected to peak at 5.2 metres on Thursday evening.",
            "The river is expected to peak about a metre below flood level.",
        ),
    ),
    Page(
        "api rate limits",
        "Free accounts can make 100 requests per minute. Paid accounts can make 1,000 "
        "requests per minute. Requests over the limit receive a 429 error and are not "
        "retried automatically.",
        (
            "A paid account is allowed 1,000 requests a minute, ten times the free tier.",
            "If you go over the limit you get a 429 error, and the request is not retried for you.",
        ),
        (
            "Free accounts can make 1,000 requests per minute.",
            "Requests over the limit are retried automatically.",
        ),
    ),
    Page(
        "online course",
        "The course has eight modules and each ends with a quiz. Learners need a score of "
        "at least 70% on every quiz to receive the certificate. Quizzes can be retaken "
        "once.",
        (
            "Each of the eight modules finishes with a quiz.",
            "To get the certificate you must score 70% or more on all the quizzes.",
        ),
        (
            "Learners need a score of at least 70% on average across the quizzes to "
            "receive the certificate.",
            "Quizzes cannot be retaken.",
        ),
    ),
    Page(
        "marathon",
        "Kenya's Ruth Chepngetich won the women's race in 2 hours 9 minutes 56 seconds, "
        "more than three minutes ahead of the runner-up. It was her second victory in the "
        "event.",
        (
            "Ruth Chepngetich of Kenya won the women's race in 2:09:56.",
            "She finished over three minutes before the second-placed runner.",
        ),
        (
            "It was Ruth Chepngetich's first victory in the event.",
            "Ruth Chepngetich finished more than three minutes behind the winner.",
        ),
    ),
    Page(
        "smartphone launch",
        "The new phone goes on sale on 20 September, priced from 799 dollars. It has a "
        "larger battery than last year's model but drops the headphone jack.",
        (
            "Prices for the new phone start at $799, and it is available from 20 September.",
            "Compared with last year's model, the battery is bigger.",
        ),
        (
            "The new phone has a smaller battery than last year's model.",
            "The new phone adds a headphone jack.",
        ),
    ),
    Page(
        "bike rental",
        "Bikes can be rented from 7 am to 10 pm. A deposit of 50 euros is required and "
        "is returned when the bike is brought back undamaged. Helmets are included at no "
        "extra charge.",
        (
            "The 50-euro deposit is refunded if the bike comes back without damage.",
            "Helmets come free with the rental.",
        ),
        (
            "No deposit is required to rent a bike.",
            "Helmets cost extra.",
        ),
    ),
    Page(
        "mountain hut",
        "The hut is staffed from June to September and sleeps 40 people. Outside that "
        "season a winter room with 8 beds stays open but has no heating.",
        (
            "From June to September the hut has staff and room for 40.",
            "The winter room has eight beds and is unheated.",
        ),
        (
            "The hut is staffed all year round.",
            "The winter room has 40 beds and is heated.",
        ),
    ),
    Page(
        "tax deadline",
        "Individual tax returns must be filed by April 15. Taxpayers who request an "
        "extension have until October 15 to file, but any tax owed is still due by April "
        "15.",
        (
            "With an extension you can file as late as October 15.",
            "Even with an extension, tax owed must be paid by April 15.",
        ),
        (
            "With an extension, any tax owed is due by October 15.",
            "Individual tax returns must be filed by October 15.",
        ),
    ),
    Page(
        "merger",
        "Shareholders of both banks approved the merger on Tuesday. The combined bank will "
        "keep the Larsen name and its headquarters in Copenhagen, and about 1,200 jobs are "
        "expected to be cut over three years.",
        (
            "The merger got the approval of both banks' shareholders on Tuesday.",
            "Around 1,200 jobs will go over three years at the combined bank.",
        ),
        (
            "Shareholders of both banks rejected the merger on Tuesday.",
            "About 1,200 jobs are expected to be created over three years.",
        ),
    ),
    Page(
        "zoo",
        "The zoo's two giant pandas, Mei and Tian, arrived from China in 2019 on a "
        "ten-year loan. Visitors can see them in the bamboo house, which is closed every "
        "afternoon from 1 pm to 2 pm for feeding.",
        (
            "Mei and Tian came from China in 2019 on loan for ten years.",
            "Between 1 pm and 2 pm each afternoon the bamboo house closes for feeding.",
        ),
        (
            "The zoo bought its two giant pandas from China in 2019.",
            "The bamboo house is open every afternoon from 1 pm to 2 pm for feeding.",
        ),
    ),
    Page(
        "parking permit",
        "Residents can apply for one parking permit per household. Permits are valid for "
        "12 months and cost 60 pounds. Visitors may park for up to two hours without a "
        "permit.",
        (
            "Each household may apply for a single residents' permit.",
            "A permit costs £60 and lasts a year.",
        ),
        (
            "Residents can apply for up to three parking permits per household.",
            "Visitors need a permit to park for any length of time.",
        ),
    ),
    Page(
        "solar panels",
        "The panels convert about 22% of sunlight into electricity and lose roughly 0.5% "
        "of their output each year. They are guaranteed to produce at least 85% of their "
        "original output after 25 years.",
        (
            "About 22% of the sunlight reaching the panels is turned into electricity.",
            "After 25 years the panels are guaranteed to still give at least 85% of their "
            "original output.",
        ),
        (
            "The panels lose roughly 5% of their output each year.",
            "They are guaranteed to produce at most 85% of their original output after 25 years.",
        ),
    ),
    Page(
        "research grant",
        "The foundation awarded 2 million euros to a team at Leiden University to study "
        "antibiotic resistance. The grant runs for four years and funds six PhD "
        "positions.",
        (
            "A Leiden University team received €2 million from the foundation to research "
            "antibiotic resistance.",
            "The four-year grant pays for six PhD positions.",
        ),
        (
            "The foundation awarded 2 million euros to a team at Leiden University to "
            "develop new antibiotics.",
            "The grant runs for six years and funds four PhD positions.",
        ),
    ),
    Page(
        "court ruling",
        "The appeals court upheld the lower court's decision, ruling that the company had "
        "not violated consumer protection law. The plaintiffs said they would take the "
        "case to the Supreme Court.",
        (
            "The appeals court agreed with the lower court that the company had not broken "
            "consumer protection law.",
            "The plaintiffs plan to go to the Supreme Court.",
        ),
        (
            "The appeals court overturned the lower court's decision.",
            "The appeals court ruled that the company had violated consumer protection law.",
        ),
    ),
    Page(
        "ferry timetable",
        "Ferries leave the harbour every 45 minutes from 6:15 to 22:00. The crossing takes "
        "about 35 minutes. Cars must be at the terminal 20 minutes before departure.",
        (
            "A ferry departs every three quarters of an hour between 6:15 and 22:00.",
            "The crossing lasts roughly 35 minutes.",
        ),
        (
            "Ferries leave the harbour every 35 minutes.",
            "Cars must be at the terminal 45 minutes before departure.",
        ),
    ),
    Page(
        "printer setup",
        "Connect the printer to Wi-Fi before installing the driver. The driver is "
        "available for Windows and macOS; Linux is not supported. Setup takes about ten "
        "minutes.",
        (
            "Put the printer on Wi-Fi first, then install the driver.",
            "There is no Linux driver; Windows and macOS are supported.",
        ),
        (
            "Install the driver before connecting the printer to Wi-Fi.",
            "The driver is available for Windows, macOS and Linux.",
        ),
    ),
    Page(
        "data breach",
        "The company said hackers accessed the names and email addresses of about 2 "
        "million customers. No passwords or payment details were taken, according to the "
        "company.",
        (
            "Around 2 million customers' names and emails were accessed by hackers, the "
            "company said.",
            "The company says no passwords or payment details were stolen.",
        ),
        (
            "Hackers took the passwords of about 2 million customers.",
            "Payment details of about 2 million customers were taken.",
        ),
    ),
    Page(
        "school closure",
        "All primary schools in the district will close on Friday because of the storm. "
        "Secondary schools will remain open, but after-school activities are cancelled.",
        (
            "The storm will close every primary school in the district on Friday.",
            "Secondary schools stay open on Friday, though after-school activities won't "
            "take place.",
        ),
        (
            "All schools in the district will close on Friday because of the storm.",
            "After-school activities will go ahead as planned.",
        ),
    ),
    Page(
        "cooking instructions",
        "Bake the bread at 220 degrees for 25 minutes, then lower the oven to 190 degrees "
        "for another 15 minutes. Let it cool for at least an hour before slicing.",
        (
            "After 25 minutes at 220 degrees, the bread bakes 15 more minutes at 190.",
            "Wait at least an hour before cutting the bread.",
        ),
        (
            "Bake the bread at 190 degrees for 25 minutes, then raise the oven to 220 "
            "degrees for another 15 minutes.",
            "Slice the bread while it is still hot.",
        ),
    ),
    Page(
        "insurance claim",
        "Claims must be reported within 30 days of the incident. For thefts, a police "
        "report is required. Claims under 500 dollars are usually paid within five "
        "working days.",
        (
            "You have 30 days from the incident to report a claim.",
            "Theft claims need a police report.",
        ),
        (
            "Claims over 500 dollars are usually paid within five working days.",
            "A police report is optional for thefts.",
        ),
    ),
    Page(
        "volunteer program",
        "Volunteers must be at least 18 and commit to four hours a week for six months. "
        "Training is provided, and no prior experience is required.",
        (
            "You need to be 18 or over and give four hours a week for half a year.",
            "No experience is needed, since training is given.",
        ),
        (
            "Volunteers must have prior experience.",
            "Volunteers must commit to four hours a month for six months.",
        ),
    ),
    Page(
        "concert",
        "The band will play two shows at the arena on 12 and 13 July. The second show was "
        "added after the first sold out in under an hour. Tickets for 13 July go on sale "
        "on Monday.",
        (
            "Because the first show sold out in less than an hour, a second one was added.",
            "Tickets for the 13 July show go on sale Monday.",
        ),
        (
            "The first show was added after the second sold out in under an hour.",
            "Tickets for 12 July go on sale on Monday.",
        ),
    ),
    Page(
        "museum renovation",
        "The museum's east wing will close in January for a two-year renovation. The "
        "main galleries in the west wing will stay open throughout the work.",
        (
            "The east wing closes in January and will be renovated over two years.",
            "During the renovation the west wing's main galleries remain open.",
        ),
        (
            "The whole museum will close in January for a two-year renovation.",
            "The west wing will close in January for a two-year renovation.",
        ),
    ),
    Page(
        "water quality",
        "Tests found lead levels above the legal limit in 3 of the 40 schools sampled. "
        "Officials said the water in the other 37 schools was safe to drink.",
        (
            "Three of the forty schools tested had lead above the legal limit.",
            "According to officials, drinking water was safe in the remaining 37 schools.",
        ),
        (
            "Tests found lead levels above the legal limit in most of the 40 schools sampled.",
            "Officials said the water in all 40 schools was safe to drink.",
        ),
    ),
    Page(
        "vaccination campaign",
        "By the end of March, 65% of adults had received at least one dose, and 40% were "
        "fully vaccinated. The target is to fully vaccinate 70% of adults by June.",
        (
            "Forty percent of adults were fully vaccinated by the end of March.",
            "The goal is for 70% of adults to be fully vaccinated by June.",
        ),
        (
            "By the end of March, 65% of adults were fully vaccinated.",
            "The target is to fully vaccinate 70% of adults by March.",
        ),
    ),
    Page(
        "car recall",
        "The manufacturer is recalling 120,000 cars built between 2018 and 2020 because "
        "the airbags may not deploy in a crash. Owners will be contacted by letter, and "
        "repairs are free.",
        (
            "About 120,000 cars from 2018 to 2020 are being recalled over airbags that may "
            "fail to deploy.",
            "Owners will get a letter, and the repair costs them nothing.",
        ),
        (
            "The manufacturer is recalling 120,000 cars because the airbags may deploy "
            "without a crash.",
            "Owners must pay for the repairs.",
        ),
    ),
    Page(
        "streaming service",
        "Subscribers can watch on up to four screens at the same time on the Premium plan "
        "and on one screen on the Basic plan. Downloads are available on Premium only.",
        (
            "Premium allows four screens at once, Basic just one.",
            "Only Premium subscribers can download.",
        ),
        (
            "The Basic plan allows up to four screens at the same time.",
            "Downloads are available on both plans.",
        ),
    ),
    Page(
        "library wifi",
        "Free Wi-Fi is available throughout the library. Sessions are limited to two hours, "
        "after which you can log in again. Streaming video is blocked.",
        (
            "The library has free Wi-Fi everywhere in the building.",
            "After a two-hour session ends you can simply log in again.",
        ),
        (
            "Wi-Fi sessions in the library are unlimited.",
            "Streaming video is allowed on the library Wi-Fi.",
        ),
    ),
    Page(
        "hiking trail",
        "The loop trail is 12 kilometres long and climbs 600 metres. It is marked with "
        "yellow signs and takes most hikers four to five hours. Dogs must be kept on a "
        "lead.",
        (
            "Most hikers need four to five hours for the 12 km loop, which climbs 600 m.",
            "Dogs have to stay on a lead on the trail.",
        ),
        (
            "The trail is marked with red signs.",
            "Dogs can run off the lead on the trail.",
        ),
    ),
    # Sixteen pages more each half, written in a third sitting, after rules-v35, before grading.
    Page(
        "dental plan",
        "The dental plan covers two check-ups a year at no cost. Fillings are covered at "
        "80%, and crowns at 50% after a six-month waiting period. Orthodontics are not "
        "covered for adults.",
        (
            "Two yearly check-ups are free under the dental plan.",
            "Crowns are covered at half the cost once a six-month waiting period has passed.",
        ),
        (
            "Fillings are covered at 50% under the dental plan.",
            "The dental plan covers orthodontics for adults.",
        ),
    ),
    Page(
        "car insurance",
        "Drivers under 25 pay a higher premium. The policy includes breakdown cover in the "
        "UK but not abroad. A no-claims discount of up to 60% applies after five years "
        "without a claim.",
        (
            "Breakdown cover is included in the UK, but not outside it.",
            "After five claim-free years you can get a discount of up to 60%.",
        ),
        (
            "Drivers under 25 pay a lower premium.",
            "The policy includes breakdown cover abroad.",
        ),
    ),
    Page(
        "wildfire",
        "The wildfire has burned about 12,000 hectares and is 40% contained, fire officials "
        "said on Wednesday. Around 3,000 residents were evacuated, and no homes have been "
        "destroyed so far.",
        (
            "Fire officials said on Wednesday that the fire was 40% contained after burning "
            "roughly 12,000 hectares.",
            "So far no homes have been destroyed, though about 3,000 people were evacuated.",
        ),
        (
            "The wildfire is 60% contained, fire officials said on Wednesday.",
            "Dozens of homes have been destroyed by the wildfire.",
        ),
    ),
    Page(
        "coral reef",
        "Surveys found that 40% of the reef's coral was bleached last summer, the highest "
        "share since monitoring began in 1995. Scientists said some of it could recover if "
        "water temperatures fall.",
        (
            "Last summer 40% of the reef's coral was bleached, a record since 1995.",
            "Part of the bleached coral may recover if the water cools, scientists said.",
        ),
        (
            "Surveys found that 40% of the reef's coral was bleached last summer, the lowest "
            "share since monitoring began.",
            "Scientists said none of the bleached coral could recover.",
        ),
    ),
    Page(
        "password policy",
        "Passwords must be at least 12 characters long and include a number. They expire "
        "every 90 days, and the last five passwords cannot be reused.",
        (
            "A password needs 12 or more characters, including a number.",
            "You cannot reuse any of your last five passwords.",
        ),
        (
            "Passwords must be at most 12 characters long.",
            "Passwords expire every 30 days.",
        ),
    ),
    Page(
        "app update",
        "The update adds a dark mode and lets users export notes as PDF. It requires iOS "
        "16 or later and removes support for the Apple Watch app.",
        (
            "Users can now export notes as PDFs and switch to a dark mode.",
            "You need iOS 16 or a later version to install the update.",
        ),
        (
            "The update adds support for the Apple Watch app.",
            "The update requires iOS 14 or later.",
        ),
    ),
    Page(
        "bakery",
        "The bakery opened in 1998 in a former post office. It bakes all its bread on site "
        "and sells out of sourdough most days by noon. It is closed on Tuesdays.",
        (
            "Since 1998 the bakery has been in what used to be a post office.",
            "Every loaf the bakery sells is baked on the premises.",
        ),
        (
            "The bakery buys its bread from a wholesale supplier.",
            "The bakery is closed on Thursdays.",
        ),
    ),
    Page(
        "museum night",
        "On the last Friday of each month the museum stays open until 10 pm. Entry after "
        "6 pm costs 5 euros instead of the usual 15. Guided tours are not offered in the "
        "evening.",
        (
            "The museum is open until 10 pm on the last Friday of every month.",
            "After 6 pm on those nights, tickets cost 5 euros rather than 15.",
        ),
        (
            "Guided tours are offered in the evening.",
            "On the first Friday of each month the museum stays open until 10 pm.",
        ),
    ),
    Page(
        "space probe",
        "The probe was launched in 2016 and reached the asteroid in 2018. It collected a "
        "sample of about 120 grams, far more than the 60 grams the mission had aimed for, "
        "and returned it to Earth in 2023.",
        (
            "The probe collected roughly twice the 60 grams of sample the mission aimed for.",
            "Launched in 2016, the probe got to the asteroid two years later.",
        ),
        (
            "The probe collected less sample than the mission had aimed for.",
            "The probe returned the sample to Earth in 2018.",
        ),
    ),
    Page(
        "minimum wage",
        "The minimum wage will rise by 6.5% to 12.40 euros an hour from January. Workers "
        "under 18 are covered by a lower rate, which will rise by 4%.",
        (
            "From January the minimum wage goes up 6.5%, to 12.40 euros an hour.",
            "The lower rate for workers under 18 will increase by 4%.",
        ),
        (
            "The minimum wage will fall by 6.5% from January.",
            "Workers under 18 will get the same rate as adults.",
        ),
    ),
    Page(
        "train strike",
        "Train drivers will strike on Monday and Tuesday. About half of services are "
        "expected to run on Monday, but no trains will run on Tuesday. Season tickets will "
        "be valid on buses during the strike.",
        (
            "There will be no trains at all on Tuesday during the strike.",
            "Season ticket holders can use buses while the strike lasts.",
        ),
        (
            "All services are expected to run normally on Monday.",
            "About half of services are expected to run on Tuesday.",
        ),
    ),
    Page(
        "campsite",
        "The campsite has 60 pitches, 20 of them with electricity. Campfires are allowed "
        "only in the fire pits provided. Quiet hours run from 10 pm to 7 am.",
        (
            "Twenty of the campsite's 60 pitches have electricity.",
            "You may only have a campfire in one of the fire pits.",
        ),
        (
            "All 60 pitches have electricity.",
            "Campfires are allowed anywhere on the campsite.",
        ),
    ),
    Page(
        "laptop specs",
        "The laptop weighs 1.2 kg and has a 14-inch screen. Battery life is rated at up to "
        "15 hours. It has two USB-C ports but no USB-A port.",
        (
            "It's a 14-inch laptop weighing 1.2 kg.",
            "There are two USB-C ports and no USB-A port.",
        ),
        (
            "The laptop has a USB-A port.",
            "Battery life is rated at up to 15 minutes.",
        ),
    ),
    Page(
        "vaccine trial",
        "The vaccine was 91% effective at preventing severe illness in a trial of 30,000 "
        "adults. It was less effective in people over 75, and the most common side effect "
        "was a sore arm.",
        (
            "In a 30,000-adult trial the vaccine prevented severe illness with 91% effectiveness.",
            "A sore arm was the side effect reported most often.",
        ),
        (
            "The vaccine was more effective in people over 75.",
            "The vaccine was 91% effective at preventing any infection.",
        ),
    ),
    Page(
        "scholarship",
        "The scholarship is open to students from any country who have been admitted to a "
        "master's programme. It covers tuition in full but does not include living costs. "
        "Applications close on 1 March.",
        (
            "Students of any nationality admitted to a master's programme can apply.",
            "Tuition is fully paid, but living costs are not included.",
        ),
        (
            "The scholarship covers tuition and living costs.",
            "The scholarship is open only to students from the host country.",
        ),
    ),
    Page(
        "gallery loan",
        "The painting has been lent to the National Gallery for a year and will return to "
        "Madrid in May. It is insured for 50 million euros.",
        (
            "The National Gallery has the painting on a one-year loan before it goes back "
            "to Madrid in May.",
            "The painting's insurance value is 50 million euros.",
        ),
        (
            "The National Gallery has bought the painting.",
            "The painting will return to Madrid in March.",
        ),
    ),
    Page(
        "election turnout",
        "Turnout in the regional election was 58%, down from 64% four years earlier. "
        "Younger voters were the least likely to vote, with turnout of 41% among those "
        "aged 18 to 24.",
        (
            "Turnout fell from 64% to 58% compared with the election four years before.",
            "Only 41% of voters aged 18 to 24 turned out, the lowest of any age group.",
        ),
        (
            "Turnout in the regional election rose to 58%.",
            "Older voters were the least likely to vote.",
        ),
    ),
    Page(
        "meal kit",
        "Each box contains ingredients for three meals for two people. Deliveries can be "
        "paused or skipped at any time, and there is no minimum subscription period.",
        (
            "A box has everything for three meals, each serving two.",
            "You can pause or skip deliveries whenever you like.",
        ),
        (
            "Subscribers must stay for at least three months.",
            "Each box contains ingredients for two meals for three people.",
        ),
    ),
    Page(
        "return policy",
        "Items can be returned within 30 days with a receipt. Without a receipt, we offer "
        "store credit only. Personalised items cannot be returned.",
        (
            "With a receipt you have 30 days to return an item.",
            "If you have no receipt, you get store credit instead of a refund.",
        ),
        (
            "Without a receipt, we offer a full refund.",
            "Personalised items can be returned within 30 days.",
        ),
    ),
    Page(
        "glacier",
        "The glacier has lost about a third of its volume since 1990 and is retreating by "
        "roughly 40 metres a year. Researchers expect it to disappear by 2070.",
        (
            "Since 1990 the glacier has shrunk by around a third of its volume.",
            "Researchers think the glacier will be gone by 2070.",
        ),
        (
            "The glacier is advancing by roughly 40 metres a year.",
            "The glacier has lost about two-thirds of its volume since 1990.",
        ),
    ),
    Page(
        "bridge repair",
        "The bridge will be closed to cars for six weeks from 3 June while its deck is "
        "replaced. Pedestrians and cyclists can still cross using a temporary walkway.",
        (
            "From 3 June, cars will not be able to use the bridge for six weeks.",
            "A temporary walkway keeps the bridge open to people on foot and on bikes.",
        ),
        (
            "Pedestrians and cyclists will not be able to cross the bridge for six weeks.",
            "The bridge will be closed to cars for six months.",
        ),
    ),
    Page(
        "pharmacy hours",
        "The pharmacy is open Monday to Saturday from 8 am to 9 pm and on Sunday from 10 am "
        "to 4 pm. Prescriptions ordered online are ready for collection within two hours.",
        (
            "On Sundays the pharmacy opens from 10 am until 4 pm.",
            "Online prescription orders can be picked up within two hours.",
        ),
        (
            "The pharmacy is closed on Sundays.",
            "Prescriptions ordered online are ready for collection within two days.",
        ),
    ),
    Page(
        "company results",
        "Revenue rose 8% to 4.1 billion dollars, but net profit fell 12% because of higher "
        "energy costs. The company kept its dividend unchanged.",
        (
            "Revenue grew by 8% to $4.1 billion.",
            "Higher energy costs caused net profit to drop 12%.",
        ),
        (
            "Net profit rose 12% thanks to lower energy costs.",
            "The company raised its dividend.",
        ),
    ),
    Page(
        "stadium",
        "The new stadium will seat 62,000 fans, 8,000 more than the old ground. It is due "
        "to open in August 2027 and will cost about 1.1 billion pounds.",
        (
            "The stadium will hold 62,000 spectators, which is 8,000 more than before.",
            "Opening is planned for August 2027, at a cost of roughly £1.1 billion.",
        ),
        (
            "The new stadium will seat 8,000 fewer fans than the old ground.",
            "The new stadium is due to open in August 2026.",
        ),
    ),
    Page(
        "yoga class",
        "The beginners' class runs on Wednesday evenings from 7 to 8 pm. Mats are provided, "
        "but please bring your own towel. The first class is free.",
        (
            "Beginners meet on Wednesdays from 7 to 8 in the evening.",
            "You don't pay for your first class.",
        ),
        (
            "Please bring your own mat; towels are provided.",
            "The beginners' class runs on Wednesday mornings.",
        ),
    ),
    Page(
        "language app",
        "The free version includes all lessons but shows ads. The premium version, at 7 "
        "dollars a month, removes ads and adds offline mode.",
        (
            "All lessons are in the free version, which has ads.",
            "Premium costs $7 a month and has no ads, plus an offline mode.",
        ),
        (
            "The free version includes only some of the lessons.",
            "The free version includes offline mode.",
        ),
    ),
    Page(
        "river cleanup",
        "More than 300 volunteers removed about 4 tonnes of rubbish from the river on "
        "Saturday. Plastic bottles made up most of the waste, followed by shopping trolleys.",
        (
            "On Saturday over 300 volunteers pulled roughly 4 tonnes of rubbish out of the river.",
            "Most of the waste was plastic bottles.",
        ),
        (
            "Shopping trolleys made up most of the waste.",
            "About 30 volunteers removed 4 tonnes of rubbish from the river.",
        ),
    ),
    Page(
        "tunnel",
        "The tunnel is 57 kilometres long, making it the longest rail tunnel in the world. "
        "Construction took 17 years, and it opened in 2016.",
        (
            "No rail tunnel in the world is longer than this 57 km one.",
            "It took 17 years to build the tunnel, which opened in 2016.",
        ),
        (
            "Construction of the tunnel took 7 years.",
            "The tunnel opened in 2006.",
        ),
    ),
    Page(
        "hospital visiting",
        "Visiting hours are from 2 pm to 8 pm every day. Each patient may have two "
        "visitors at a time. Children under 12 must be accompanied by an adult.",
        (
            "Patients can have visitors between 2 and 8 pm daily, two at a time.",
            "A child younger than 12 has to come with an adult.",
        ),
        (
            "Each patient may have up to four visitors at a time.",
            "Children under 12 may visit on their own.",
        ),
    ),
    Page(
        "childcare",
        "Children aged three and four get 15 hours of free childcare a week. Working "
        "parents can claim a further 15 hours, up to 30 in total.",
        (
            "Three- and four-year-olds are entitled to 15 free hours of childcare weekly.",
            "Working parents can get up to 30 hours a week in total.",
        ),
        (
            "Children aged three and four get 30 hours of free childcare a week regardless "
            "of whether their parents work.",
            "Working parents can claim a further 5 hours.",
        ),
    ),
    Page(
        "ebook loans",
        "Library members can borrow up to five ebooks at a time for 21 days. Ebooks are "
        "returned automatically when the loan ends, so there are no late fees.",
        (
            "Members may have five ebooks out at once, each for 21 days.",
            "There are no late fees because ebooks go back automatically at the end of the loan.",
        ),
        (
            "Members who return ebooks late pay a fee.",
            "Library members can borrow up to five ebooks at a time for 14 days.",
        ),
    ),
    Page(
        "airline baggage",
        "Economy passengers may bring one cabin bag of up to 8 kg. A checked bag costs 35 "
        "dollars each way, and sports equipment must be booked in advance.",
        (
            "In economy you can take one cabin bag weighing no more than 8 kg.",
            "Sports equipment has to be booked ahead of time.",
        ),
        (
            "Economy passengers may bring two cabin bags.",
            "A checked bag is free for economy passengers.",
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
