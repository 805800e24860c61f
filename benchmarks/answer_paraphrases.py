"""Answers in other words, with a held-out half: does the grader pass a source's facts
restated the way an assistant writes them, and fail the same facts with one meaning
changed?

A probe written for this project (docs/benchmarks.md#answers-in-other-words-with-a-held-out-half).
`policy_answers.py` was written beside the rules it measures, so it guards against
regressions but is no estimate of answers the project never saw.  This probe is that
estimate.  Twelve short sources (six encyclopedic: a bridge, honeybees, a trade league,
a lake, a scientist, a tournament; six practical: a scooter, a medicine leaflet,
database backups, a recipe, a central bank's decision, airport trains), each with six
restatements (`supported`: reworded, reordered, active for passive, amounts and times
written another way, two facts joined) and six answers that change one meaning
(`contradictory`: a number, a unit, a name, a direction, a negation, a role).  Its
answers were written in one sitting and graded once before anything was changed for
them; the sources alternate between two parts in the order written, `studied` (the
misses a rule may be shaped on) and `held out` (never read case by case: its number is
the estimate).

    python -m benchmarks.answer_paraphrases [--embedder minilm|hash] [--part studied|held-out]

prints, per source, the flips caught (the answer fails) and the restatements passed.
`benchmarks.quality` grades the same cases as the sets "answer paraphrases (studied)"
and "answer paraphrases (held out)".
"""

from __future__ import annotations

from benchmarks.probes import Page, in_part, one_claim_case, part_at, parted_probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

SOURCES = (
    Page(
        "bridge",
        "The Øresund Bridge connects Copenhagen in Denmark with Malmö in Sweden. It opened to "
        "traffic on 1 July 2000 after four years of construction. The bridge carries a "
        "four-lane motorway above a double-track railway. At 7,845 metres, it is the longest "
        "combined road and rail bridge in Europe. Tolls are charged only for cars and lorries; "
        "trains are paid for with a ticket.",
        (
            "The bridge links Copenhagen and Malmö, joining Denmark to Sweden.",
            "It was opened on 1 July 2000, following four years of building work.",
            "A double-track railway runs beneath the bridge's four-lane motorway.",
            "No other combined road and rail bridge in Europe is as long as the Øresund Bridge.",
            "The bridge is 7,845 metres long.",
            "Cars and lorries pay a toll to cross the bridge.",
        ),
        (
            "The Øresund Bridge connects Copenhagen with Gothenburg in Sweden.",
            "It opened to traffic on 1 July 2000 after six years of construction.",
            "The bridge carries a four-lane motorway below a double-track railway.",
            "At 7,845 metres, it is the shortest combined road and rail bridge in Europe.",
            "Tolls are charged for cars, lorries and trains.",
            "The bridge opened to traffic in July 2010.",
        ),
    ),
    Page(
        "honeybees",
        "A honeybee colony is led by a single queen, who can lay up to 2,000 eggs a day. "
        "Worker bees are all female and live for about six weeks in summer. Male bees, called "
        "drones, do not sting and do not collect nectar. In winter the colony stays inside the "
        "hive and keeps warm by clustering around the queen. Bees communicate the direction of "
        "food sources through a movement known as the waggle dance.",
        (
            "Each honeybee colony has one queen, and she may lay as many as 2,000 eggs daily.",
            "All worker bees are females; in summer they live roughly six weeks.",
            "Drones are the male bees, and they neither sting nor gather nectar.",
            "During winter, the bees remain in the hive and cluster around the queen to stay warm.",
            "The waggle dance is how bees tell each other which direction food is in.",
            "A colony's queen can lay up to two thousand eggs in a single day.",
        ),
        (
            "A honeybee colony is led by several queens.",
            "Worker bees are all male and live for about six weeks in summer.",
            "Drones sting and collect nectar.",
            "In winter the colony leaves the hive and keeps warm by clustering around the queen.",
            "Bees communicate the direction of food sources through their sense of smell.",
            "Worker bees live for about six months in summer.",
        ),
    ),
    Page(
        "trade league",
        "The Hanseatic League was an alliance of merchant guilds and market towns in northern "
        "Europe. It grew from a few north German towns in the late 12th century. At its height "
        "in the 15th century it included nearly 200 towns. Lübeck served as the league's main "
        "centre and hosted most of its assemblies. The league declined after the rise of "
        "strong territorial states and the shift of trade to the Atlantic.",
        (
            "Merchant guilds and market towns in northern Europe formed an alliance called the "
            "Hanseatic League.",
            "The league began with a handful of north German towns in the late 1100s.",
            "Nearly 200 towns belonged to the league when it was at its peak in the 1400s.",
            "Most of the league's assemblies were held in Lübeck, its main centre.",
            "Its decline followed the rise of powerful territorial states and trade moving to "
            "the Atlantic.",
            "At its height, the Hanseatic League counted almost two hundred member towns.",
        ),
        (
            "The Hanseatic League was an alliance of merchant guilds and market towns in "
            "southern Europe.",
            "It grew from a few north German towns in the late 14th century.",
            "At its height in the 15th century it included nearly 2,000 towns.",
            "Hamburg served as the league's main centre and hosted most of its assemblies.",
            "The league grew stronger after the rise of territorial states.",
            "Lübeck hosted none of the league's assemblies.",
        ),
    ),
    Page(
        "scooter",
        "Nordwind released its first electric scooter, the NW-1, in March 2021. The scooter "
        "has a range of 45 kilometres and a top speed of 25 km/h. Its battery can be removed "
        "and charges fully in four hours. The NW-1 weighs 14 kilograms and folds for carrying. "
        "It sold 30,000 units in its first year, mostly in Germany and the Netherlands.",
        (
            "In March 2021, Nordwind launched the NW-1, its first electric scooter.",
            "The NW-1 can travel 45 km on a charge and reaches up to 25 km/h.",
            "The battery is removable and takes four hours to charge completely.",
            "Weighing 14 kg, the NW-1 can be folded to carry it.",
            "In its first year the scooter sold 30,000 units, most of them in Germany and the "
            "Netherlands.",
            "Nordwind's NW-1 has a top speed of 25 kilometres per hour.",
        ),
        (
            "Nordwind released its first electric scooter, the NW-1, in March 2019.",
            "The scooter has a range of 25 kilometres and a top speed of 45 km/h.",
            "Its battery is built in and charges fully in four hours.",
            "The NW-1 weighs 14 kilograms and cannot be folded.",
            "It sold 30,000 units in its first year, mostly in France.",
            "The battery charges fully in forty minutes.",
        ),
    ),
    Page(
        "lake",
        "Lake Titicaca lies on the border between Peru and Bolivia. At 3,812 metres above sea "
        "level, it is often called the highest navigable lake in the world. The lake covers "
        "about 8,300 square kilometres and is fed by more than 25 rivers. Only one river, the "
        "Desaguadero, drains it. Over 40 islands lie within the lake, several of them "
        "inhabited.",
        (
            "Lake Titicaca sits on the Peru–Bolivia border.",
            "It is frequently described as the world's highest navigable lake, at 3,812 m above "
            "sea level.",
            "More than 25 rivers flow into the lake, which has an area of roughly 8,300 square "
            "kilometres.",
            "The Desaguadero is the only river that drains Lake Titicaca.",
            "The lake contains over 40 islands, and people live on several of them.",
            "Lake Titicaca is shared by Peru and Bolivia.",
        ),
        (
            "Lake Titicaca lies on the border between Peru and Chile.",
            "At 3,812 metres above sea level, it is often called the lowest navigable lake in "
            "the world.",
            "The lake covers about 8,300 square kilometres and is fed by a single river.",
            "Several rivers, including the Desaguadero, drain the lake.",
            "None of the islands in the lake are inhabited.",
            "The lake lies 3,812 feet above sea level.",
        ),
    ),
    Page(
        "medicine",
        "Take one tablet twice a day with food. Do not take more than four tablets in 24 "
        "hours. The tablets may cause drowsiness, so avoid driving until you know how they "
        "affect you. Children under 12 should not use this medicine. Store below 25°C and keep "
        "the pack out of the sight and reach of children.",
        (
            "The dose is one tablet two times daily, taken with food.",
            "Never take over four tablets within 24 hours.",
            "Because the tablets can make you drowsy, don't drive until you know how they "
            "affect you.",
            "This medicine is not for children younger than 12.",
            "Keep the pack where children cannot see or reach it, at a temperature under 25°C.",
            "You should take the tablets with food.",
        ),
        (
            "Take one tablet twice a day on an empty stomach.",
            "Do not take more than six tablets in 24 hours.",
            "The tablets do not cause drowsiness, so driving is safe.",
            "Children under 12 can use this medicine.",
            "Store above 25°C.",
            "Take two tablets once a day with food.",
        ),
    ),
    Page(
        "scientist",
        "Marie Curie was born in Warsaw in 1867 and moved to Paris in 1891 to study physics. "
        "In 1903 she shared the Nobel Prize in Physics with her husband Pierre Curie and Henri "
        "Becquerel. She won a second Nobel Prize, in Chemistry, in 1911 for discovering "
        "polonium and radium. She was the first woman to win a Nobel Prize and remains the "
        "only person honoured in two different sciences. She died in 1934 from an illness "
        "linked to her long exposure to radiation.",
        (
            "Born in Warsaw in 1867, Marie Curie went to Paris in 1891 to study physics.",
            "Together with Pierre Curie and Henri Becquerel, she received the 1903 Nobel Prize "
            "in Physics.",
            "Her discovery of polonium and radium earned her the 1911 Nobel Prize in Chemistry.",
            "Marie Curie was the first woman to receive a Nobel Prize.",
            "No one else has won Nobel Prizes in two different sciences.",
            "Her death in 1934 was caused by an illness linked to years of radiation exposure.",
        ),
        (
            "Marie Curie was born in Krakow in 1867.",
            "In 1903 she won the Nobel Prize in Chemistry.",
            "She won a second Nobel Prize, in Physics, in 1911 for discovering polonium and "
            "radium.",
            "She was the second woman to win a Nobel Prize.",
            "She moved to Paris in 1881 to study physics.",
            "Pierre Curie won the 1911 Nobel Prize in Chemistry for discovering polonium and "
            "radium.",
        ),
    ),
    Page(
        "backups",
        "Automatic backups run every night at 02:00 UTC and are kept for 14 days. You can "
        "restore a backup to a new instance, but not over the running one. Point-in-time "
        "recovery is available on the Pro tier only. Backups are encrypted at rest with "
        "AES-256. Manual snapshots do not expire and count toward your storage quota.",
        (
            "Every night at 2 a.m. UTC an automatic backup runs, and each one is kept for two "
            "weeks.",
            "Backups can be restored only to a new instance, never over the one that is running.",
            "Only the Pro tier offers point-in-time recovery.",
            "Backups are stored encrypted using AES-256.",
            "Manual snapshots never expire, and they use up storage quota.",
            "Automatic backups are retained for 14 days.",
        ),
        (
            "Automatic backups run every night at 02:00 UTC and are kept for 30 days.",
            "You can restore a backup over the running instance.",
            "Point-in-time recovery is available on every tier.",
            "Backups are not encrypted at rest.",
            "Manual snapshots expire after 14 days.",
            "Automatic backups run every hour.",
        ),
    ),
    Page(
        "tournament",
        "The 2019 Women's World Cup was held in France from 7 June to 7 July. The United "
        "States beat the Netherlands 2–0 in the final in Lyon. It was the fourth title for the "
        "United States, more than any other nation. Megan Rapinoe won both the Golden Ball as "
        "best player and the Golden Boot as top scorer. The tournament had 24 teams, and the "
        "final was watched by nearly 58,000 spectators.",
        (
            "France hosted the 2019 Women's World Cup, which ran from 7 June to 7 July.",
            "In the final, played in Lyon, the United States defeated the Netherlands 2–0.",
            "The win gave the United States its fourth title, the most of any country.",
            "Megan Rapinoe was named best player and was also the top scorer.",
            "Twenty-four teams took part in the tournament.",
            "Nearly 58,000 people watched the final in the stadium.",
        ),
        (
            "The 2019 Women's World Cup was held in Germany.",
            "The Netherlands beat the United States 2–0 in the final in Lyon.",
            "It was the third title for the United States.",
            "Megan Rapinoe won the Golden Ball but not the Golden Boot.",
            "The tournament had 32 teams.",
            "The final was played in Paris.",
        ),
    ),
    Page(
        "recipe",
        "Preheat the oven to 180°C. Mix the flour, sugar and baking powder, then add the eggs "
        "and the melted butter. Pour the batter into a greased tin and bake for 35 minutes. The "
        "cake is done when a skewer inserted in the middle comes out clean. Let it cool for ten "
        "minutes before taking it out of the tin.",
        (
            "Heat the oven to 180°C before you start.",
            "Combine flour, sugar and baking powder, then stir in the eggs and melted butter.",
            "Bake the batter in a greased tin for 35 minutes.",
            "If a skewer pushed into the centre comes out clean, the cake is ready.",
            "Wait ten minutes for the cake to cool before removing it from the tin.",
            "The cake bakes for thirty-five minutes.",
        ),
        (
            "Preheat the oven to 220°C.",
            "Mix the flour, sugar and baking soda, then add the eggs.",
            "Pour the batter into an ungreased tin and bake for 35 minutes.",
            "Bake for 55 minutes.",
            "The cake is done when a skewer inserted in the middle comes out wet.",
            "Take the cake out of the tin immediately, without letting it cool.",
        ),
    ),
    Page(
        "central bank",
        "The central bank raised its main interest rate by 0.25 percentage points to 4.5% on "
        "Thursday. It was the fifth increase in a row. Inflation fell to 3.8% in October, down "
        "from 4.6% in September. The bank expects inflation to return to its 2% target by late "
        "2025. Two of the nine committee members voted to keep the rate unchanged.",
        (
            "On Thursday the central bank lifted its main rate by a quarter of a percentage "
            "point, to 4.5%.",
            "This was the bank's fifth consecutive rate rise.",
            "October inflation was 3.8%, lower than September's 4.6%.",
            "The bank forecasts that inflation will be back at its 2% target by late 2025.",
            "Seven of the nine committee members voted for the increase.",
            "Inflation eased from 4.6% in September to 3.8% in October.",
        ),
        (
            "The central bank cut its main interest rate by 0.25 percentage points to 4.5% on "
            "Thursday.",
            "It was the first increase in a year.",
            "Inflation rose to 4.6% in October, up from 3.8% in September.",
            "The bank expects inflation to return to its 2% target by early 2024.",
            "All nine committee members voted to raise the rate.",
            "The bank raised its main interest rate to 5.5%.",
        ),
    ),
    Page(
        "airport trains",
        "Trains to the airport leave from platform 4 every 15 minutes between 5 a.m. and "
        "midnight. The journey takes 22 minutes and a single ticket costs €8.50. Children under "
        "six travel free, and tickets for ages 6 to 15 are half price. Tickets must be "
        "validated before boarding. Bicycles are allowed on all trains except during weekday "
        "rush hours.",
        (
            "Airport trains depart from platform 4 every quarter of an hour from 5 a.m. until "
            "midnight.",
            "It takes 22 minutes to reach the airport, and a one-way ticket is €8.50.",
            "Kids younger than six ride for free.",
            "Passengers aged 6 to 15 pay half the fare.",
            "You have to validate your ticket before you get on the train.",
            "Bikes can be taken on any train, apart from during rush hours on weekdays.",
        ),
        (
            "Trains to the airport leave from platform 4 every 30 minutes.",
            "The journey takes 22 minutes and a single ticket costs €5.80.",
            "Children under six pay half price.",
            "Tickets can be validated on board after departure.",
            "Bicycles are not allowed on any train.",
            "Trains to the airport run around the clock.",
        ),
    ),
)


def part_of(source: Page) -> str:
    """The part a source belongs to ("studied" or "held out"): the sources alternate in the
    order written."""
    return part_at(SOURCES.index(source))


def source_cases(source: Page) -> list[LabelledCase]:
    """One source's restatements (`supported`), then its flips (`contradictory`)."""
    same = [
        one_claim_case(f"{source.name}:same-{number}", source.text, answer, "supported")
        for number, answer in enumerate(source.restatements)
    ]
    flips = [
        one_claim_case(f"{source.name}:flip-{number}", source.text, answer, "contradictory")
        for number, answer in enumerate(source.flips)
    ]
    return same + flips


def answer_paraphrase_cases(part: str) -> list[LabelledCase]:
    """Every case of the sources in `part` ("studied" or "held out")."""
    return [case for source in in_part(SOURCES, part) for case in source_cases(source)]


def main() -> None:
    parted_probe_main(__doc__ or "", "source", SOURCES, source_cases)


if __name__ == "__main__":
    main()
