"""Decimal commas: does the grader read "€ 84,50" as 84.50, the way most of Europe
writes a price or a measure?

A probe written for this project (docs/benchmarks.md, "Decimal commas and negations
said twice").  Twelve short pages as a European shop, a timetable or a product sheet
publish them, each writing its values with a decimal comma ("€ 84,50", "3,5 km",
"1.249,90 €").  Each page has two restatements (`supported`: the value with a decimal
point, "€84.50", or as the page writes it) and two answers that keep only the value's
whole part ("€84", "3 km": `contradictory`), the value a reader who takes the comma
for a separator reports.  Its pages alternate between a studied and a held-out half
(`probes.part_at`).  Written beside the rule it measures, so it guards against
regressions and is no unbiased estimate.

    python -m benchmarks.decimal_commas [--embedder minilm|hash] [--part studied|held-out]

prints, per page, the changed values caught (the answer fails) and the restatements
passed.  `benchmarks.quality` grades the same cases as the sets "decimal commas
(studied)" and "decimal commas (held out)".
"""

from __future__ import annotations

from benchmarks.probes import Page, cases_in_part, page_cases, parted_probe_main
from grounding_sidecar.evaluation.agreement import LabelledCase

PAGES = (
    Page(
        "guided tour",
        "The guided tour of the old town costs € 84,50 per person and lasts two hours. "
        "Children under 12 pay € 42,25. Tours start at the cathedral steps.",
        (
            "The guided tour of the old town costs €84.50 per person.",
            "Children under 12 pay €42.25 for the tour.",
        ),
        (
            "The guided tour of the old town costs €84 per person.",
            "Children under 12 pay €42 for the tour.",
        ),
    ),
    Page(
        "hiking trail",
        "The lake trail is 12,5 km long and climbs 340 metres. Allow about 3,5 hours for "
        "the loop. Dogs must be kept on a lead.",
        (
            "The lake trail is 12.5 km long.",
            "The loop takes about 3.5 hours.",
        ),
        (
            "The lake trail is 12 km long.",
            "The loop takes about 3 hours.",
        ),
    ),
    Page(
        "laptop price",
        "The ProBook 14 costs 1.249,90 € including VAT. Delivery within Germany costs "
        "4,95 €. The battery lasts up to 11 hours.",
        (
            "The ProBook 14 costs €1,249.90 including VAT.",
            "Delivery within Germany costs €4.95.",
        ),
        (
            "The ProBook 14 costs €1,249 including VAT.",
            "Delivery within Germany costs €4.",
        ),
    ),
    Page(
        "train fare",
        "A second-class ticket from Lyon to Geneva costs 37,80 €. The journey takes 1,9 "
        "hours on the direct train. Bicycles travel free outside peak hours.",
        (
            "A second-class ticket from Lyon to Geneva costs €37.80.",
            "The direct train from Lyon to Geneva takes 1.9 hours.",
        ),
        (
            "A second-class ticket from Lyon to Geneva costs €37.",
            "The direct train from Lyon to Geneva takes 1 hour.",
        ),
    ),
    Page(
        "energy tariff",
        "The Green tariff charges 0,29 € per kWh and a standing charge of 11,90 € per "
        "month. The contract can be cancelled with one month's notice.",
        (
            "The Green tariff charges €0.29 per kWh.",
            "The standing charge on the Green tariff is €11.90 per month.",
        ),
        (
            "The Green tariff charges €0 per kWh.",
            "The standing charge on the Green tariff is €11 per month.",
        ),
    ),
    Page(
        "parcel rates",
        "Parcels up to 2 kg cost 6,99 € to send within the country. Parcels up to 31,5 kg "
        "cost 16,49 €. Tracking is included in every rate.",
        (
            "Parcels up to 2 kg cost €6.99 to send within the country.",
            "Parcels up to 31.5 kg cost €16.49.",
        ),
        (
            "Parcels up to 2 kg cost €6 to send within the country.",
            "Parcels up to 31 kg cost €16.",
        ),
    ),
    Page(
        "swimming pool",
        "The outdoor pool is 50 m long and 2,2 m deep at the diving end. The water is "
        "kept at 26,5 °C. An adult day pass costs 5,50 €.",
        (
            "The diving end of the outdoor pool is 2.2 m deep.",
            "An adult day pass to the outdoor pool costs €5.50.",
        ),
        (
            "The diving end of the outdoor pool is 2 m deep.",
            "An adult day pass to the outdoor pool costs €5.",
        ),
    ),
    Page(
        "coffee machine",
        "The Barista One has a 1,8 l water tank and a pump pressure of 15 bar. It weighs "
        "6,4 kg and costs 349,99 €.",
        (
            "The Barista One has a 1.8 l water tank.",
            "The Barista One weighs 6.4 kg.",
        ),
        (
            "The Barista One has a 1 l water tank.",
            "The Barista One weighs 6 kg.",
        ),
    ),
    Page(
        "city bikes",
        "Renting a city bike costs 1,50 € for the first 30 minutes and 2,50 € for each "
        "further hour. The day pass costs 15 €.",
        (
            "A city bike costs €1.50 for the first 30 minutes.",
            "Each further hour on a city bike costs €2.50.",
        ),
        (
            "A city bike costs €1 for the first 30 minutes.",
            "Each further hour on a city bike costs €2.",
        ),
    ),
    Page(
        "bakery",
        "A sourdough loaf weighs 0,75 kg and costs 4,20 €. The bakery opens at 7 AM and "
        "sells out most Saturdays.",
        (
            "A sourdough loaf weighs 0.75 kg.",
            "A sourdough loaf costs €4.20.",
        ),
        (
            "A sourdough loaf weighs 0 kg.",
            "A sourdough loaf costs €4.",
        ),
    ),
    Page(
        "car rental",
        "A compact car costs 39,90 € a day with 200 km included. Each further kilometre "
        "costs 0,25 €. The deposit is 300 €.",
        (
            "A compact car costs €39.90 a day.",
            "Each kilometre beyond the included 200 km costs €0.25.",
        ),
        (
            "A compact car costs €39 a day.",
            "Each kilometre beyond the included 200 km costs €0.",
        ),
    ),
    Page(
        "museum shop",
        "The exhibition catalogue costs 29,95 € and weighs 1,2 kg. Members get 10% off "
        "every purchase in the shop.",
        (
            "The exhibition catalogue costs €29.95.",
            "The exhibition catalogue weighs 1.2 kg.",
        ),
        (
            "The exhibition catalogue costs €29.",
            "The exhibition catalogue weighs 1 kg.",
        ),
    ),
)


def decimal_comma_cases(part: str) -> list[LabelledCase]:
    """The restatements (`supported`) and changed values (`contradictory`) of a part's
    pages."""
    return cases_in_part(PAGES, part, page_cases)


def main() -> None:
    parted_probe_main(__doc__ or "", "page", PAGES, page_cases)


if __name__ == "__main__":
    main()
