"""The sources and answers of `answer_paraphrases.py`: each a short source, six faithful
restatements an assistant would write and six answers that change one meaning.

Written in two sittings, each graded once before anything was changed for it: the
first twelve sources on 2026-12-06 (six encyclopedic: a bridge, honeybees, a trade
league, a lake, a scientist, a tournament; six practical: a scooter, a medicine leaflet,
database backups, a recipe, a central bank's decision, airport trains), the next eight
later that day (four encyclopedic: a volcano, a composer, a canal, a shipwreck; four
practical: a library's loans, a gym's membership, a software library's release notes, a shop's
returns).  New sources go at the end: a source's part is fixed by its place
(`probes.part_at`), so the sources written earlier keep theirs.
"""

from __future__ import annotations

from benchmarks.probes import Page

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
    Page(
        "volcano",
        "Mount Etna, on the east coast of Sicily, is the tallest active volcano in Europe. Its "
        "height changes with each eruption and was about 3,357 metres in 2021. Etna has been "
        "erupting on and off for at least 500,000 years. A 1669 eruption sent lava into the "
        "city of Catania, destroying much of its western part. In 2013 the volcano was added "
        "to the UNESCO World Heritage list.",
        (
            "Europe's tallest active volcano is Mount Etna, which stands on Sicily's east coast.",
            "Because each eruption alters it, Etna's height varies; in 2021 it was roughly "
            "3,357 m.",
            "The volcano has been intermittently active for no less than half a million years.",
            "Lava from the 1669 eruption reached Catania and destroyed much of the western part "
            "of the city.",
            "UNESCO made Etna a World Heritage Site in 2013.",
            "Etna lies in eastern Sicily and has been erupting on and off for 500,000 years or "
            "more.",
        ),
        (
            "Mount Etna, on the west coast of Sicily, is the tallest active volcano in Europe.",
            "Etna is the smallest active volcano in Europe.",
            "Its height was about 3,357 feet in 2021.",
            "A 1669 eruption sent lava into Palermo, destroying much of its western part.",
            "The 1669 lava flow spared the city of Catania.",
            "Etna was added to the UNESCO World Heritage list in 2003.",
        ),
    ),
    Page(
        "composer",
        "Antonín Dvořák was born in 1841 in a village north of Prague. He played viola in an "
        "orchestra for almost a decade before his own music became known. In 1892 he moved to "
        "New York to direct the National Conservatory of Music, a post he held for three "
        "years. His Symphony No. 9, 'From the New World', was first performed at Carnegie Hall "
        "in December 1893. He died in Prague in 1904.",
        (
            "Dvořák was born in 1841, in a village to the north of Prague.",
            "For nearly ten years he was a viola player in an orchestra, before his "
            "compositions became famous.",
            "He became director of New York's National Conservatory of Music in 1892 and stayed "
            "for three years.",
            "Carnegie Hall hosted the premiere of his Ninth Symphony, 'From the New World', in "
            "December 1893.",
            "He died in 1904 in Prague.",
            "The 'New World' Symphony premiered in New York in 1893, a year after he arrived "
            "there.",
        ),
        (
            "Dvořák was born in 1814 in a village north of Prague.",
            "He played violin in an orchestra for almost a decade.",
            "In 1892 he moved to Boston to direct the National Conservatory of Music.",
            "He directed the conservatory for thirteen years.",
            "His Symphony No. 9 was first performed in Prague in December 1893.",
            "He died in New York in 1904.",
        ),
    ),
    Page(
        "library",
        "Members can borrow up to 12 items at a time. Books are lent for three weeks and DVDs "
        "for one week. A loan can be renewed twice online, unless another member has reserved "
        "the item. Late returns cost 20 cents per item per day, up to a maximum of €5 per item. "
        "Reference books and newspapers cannot be borrowed.",
        (
            "You may have as many as 12 items on loan at once.",
            "The loan period is 21 days for books and seven days for DVDs.",
            "Online, you can renew a loan two times, as long as nobody else has reserved the item.",
            "Each late item is charged 20 cents a day, but never more than €5.",
            "Newspapers and reference books are for use in the library only.",
            "DVDs must be returned after a week, books after three weeks.",
        ),
        (
            "Members can borrow up to 20 items at a time.",
            "Books are lent for three weeks and DVDs for two weeks.",
            "A loan can be renewed online as often as you like.",
            "A reserved item can still be renewed twice online.",
            "Late returns cost 20 cents per item per week.",
            "Reference books can be borrowed for one week.",
        ),
    ),
    Page(
        "gym",
        "The standard membership costs €39 a month and includes all group classes. Members can "
        "bring one guest per month for free. The gym is open from 6 a.m. to 10 p.m. on weekdays "
        "and from 8 a.m. to 8 p.m. at weekends. Memberships can be frozen for up to three "
        "months a year for medical reasons. Cancellation requires one month's notice in "
        "writing.",
        (
            "For €39 per month, the standard membership gives you every group class.",
            "Once a month, a member may bring a guest at no charge.",
            "On weekdays the gym opens at 6 a.m. and closes at 10 p.m.",
            "At the weekend, opening hours are 8 a.m. to 8 p.m.",
            "If you have a medical reason, you can freeze your membership for as long as three "
            "months each year.",
            "To cancel, you must give a month's written notice.",
        ),
        (
            "The standard membership costs €39 a month, but group classes cost extra.",
            "Members can bring one guest per week for free.",
            "The gym is open from 6 a.m. to 10 p.m. every day, including weekends.",
            "Memberships can be frozen for up to six months a year for medical reasons.",
            "Memberships can be frozen at any time for any reason.",
            "Cancellation requires one week's notice in writing.",
        ),
    ),
    Page(
        "canal",
        "The Panama Canal connects the Atlantic Ocean with the Pacific Ocean across the "
        "Isthmus of Panama. It was opened in 1914 after ten years of construction by the "
        "United States. The canal is about 82 kilometres long. Ships are raised 26 metres "
        "above sea level by locks to cross Gatun Lake. Control of the canal passed from the "
        "United States to Panama at the end of 1999.",
        (
            "Crossing the Isthmus of Panama, the Panama Canal links the Atlantic and the Pacific.",
            "The United States built the canal over a decade, and it opened in 1914.",
            "It is roughly 82 km in length.",
            "Locks lift vessels 26 metres above sea level so they can cross Gatun Lake.",
            "Panama took over control of the canal from the United States at the end of 1999.",
            "Construction took ten years, ending when the canal opened in 1914.",
        ),
        (
            "The Panama Canal connects the Atlantic Ocean with the Indian Ocean.",
            "It was opened in 1914 after ten years of construction by France.",
            "The canal is about 82 miles long.",
            "Ships are lowered 26 metres below sea level by locks to cross Gatun Lake.",
            "Control of the canal passed from Panama to the United States at the end of 1999.",
            "It was opened in 1941.",
        ),
    ),
    Page(
        "shipwreck",
        "The Vasa was a Swedish warship that sank in Stockholm harbour on its maiden voyage in "
        "1628. It capsized after sailing less than 1,300 metres, because it was too "
        "top-heavy. About 30 people died in the sinking. The wreck was located in 1956 and "
        "raised in 1961, largely intact. Today it is displayed in the Vasa Museum, which "
        "receives over a million visitors a year.",
        (
            "On its first voyage in 1628, the Swedish warship Vasa sank in Stockholm harbour.",
            "Too heavy at the top, the ship capsized before it had sailed 1,300 metres.",
            "Around 30 people lost their lives when it sank.",
            "Found in 1956, the wreck was brought to the surface mostly intact in 1961.",
            "More than one million people a year visit the Vasa Museum, where the ship is on "
            "display.",
            "The ship was raised five years after the wreck was located.",
        ),
        (
            "The Vasa was a Danish warship that sank in Stockholm harbour in 1628.",
            "It sank on its last voyage in 1628, after years of service.",
            "It capsized after sailing more than 13 kilometres.",
            "About 300 people died in the sinking.",
            "The wreck was raised in 1956 and located in 1961.",
            "The wreck was badly broken up when it was raised.",
        ),
    ),
    Page(
        "release notes",
        "Version 4.2 drops support for Python 3.8; Python 3.9 or newer is now required. The "
        "default request timeout is raised from 30 to 60 seconds. Retries are now off by "
        "default and must be enabled with the retry option. The deprecated sync_client module "
        "has been removed. Uploads larger than 5 GB are split into parts automatically.",
        (
            "From version 4.2, you need Python 3.9 or later, as Python 3.8 is no longer supported.",
            "Requests now time out after 60 seconds by default instead of 30.",
            "By default, version 4.2 does not retry; you have to turn retries on with the retry "
            "option.",
            "The sync_client module, which was deprecated, is gone.",
            "Files over 5 GB are uploaded in parts without you having to do anything.",
            "The default timeout doubled to one minute.",
        ),
        (
            "Version 4.2 adds support for Python 3.8.",
            "The default request timeout is lowered from 60 to 30 seconds.",
            "Retries are now on by default and can be disabled with the retry option.",
            "The deprecated sync_client module is still included.",
            "Uploads larger than 5 MB are split into parts automatically.",
            "Uploads larger than 5 GB are rejected.",
        ),
    ),
    Page(
        "returns",
        "Unused items can be returned within 30 days of delivery for a full refund. Sale items "
        "can only be exchanged, not refunded. Return shipping is free for members; other "
        "customers pay €4.95. Refunds are issued to the original payment method within 5 "
        "business days of the return arriving. Earrings and swimwear cannot be returned for "
        "hygiene reasons.",
        (
            "You get your money back in full if you return an unused item within 30 days of it "
            "being delivered.",
            "Items bought in a sale can be swapped for something else but not refunded.",
            "Members send returns back free of charge, while everyone else pays €4.95.",
            "Once your return arrives, the refund reaches your original payment method within "
            "five business days.",
            "For hygiene reasons, swimwear and earrings are not returnable.",
            "Non-members are charged €4.95 for return shipping.",
        ),
        (
            "Unused items can be returned within 14 days of delivery for a full refund.",
            "Sale items can be refunded but not exchanged.",
            "Return shipping is free for all customers.",
            "Refunds are issued as store credit within 5 business days.",
            "Earrings and swimwear can be returned if unworn.",
            "Members pay €4.95 for return shipping.",
        ),
    ),
)
