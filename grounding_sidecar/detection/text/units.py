"""Amounts in one unit per dimension, so that "24 months" is "2 years", "48 hours"
"2 days" and "2,000 grams" "2 kg": a faithful answer restates a source's amount in
another unit, and a changed amount in another unit ("36 months" against "2 years")
still stands against the source's.  `WRITTEN_UNITS` names each unit as a text writes
it after a number ("kilometres", "%", "3x"); amounts.py reads them.

Only exact conversions: seconds to fortnights, months to centuries, millimetres to kilometres,
milligrams to kilograms, millilitres to litres, cents to dollars, inches to yards,
teaspoons to tablespoons.  A month is no fixed number of days and a business day no
calendar day, so neither converts to days; miles and pounds convert to kilometres and
kilograms only with rounding, which would make "5 miles" "8 km" wrongly, so they keep
their own units, and so do the other measures (`MEASURES`).
"""

from __future__ import annotations

# unit -> (base unit of its dimension, how many base units one unit is)
_IN_BASE: dict[str, tuple[str, float]] = {
    "ms": ("s", 0.001),
    "s": ("s", 1.0),
    "min": ("s", 60.0),
    "h": ("s", 3_600.0),
    "day": ("s", 86_400.0),
    "week": ("s", 604_800.0),
    "fortnight": ("s", 1_209_600.0),
    "month": ("month", 1.0),
    "year": ("month", 12.0),
    "decade": ("month", 120.0),
    "century": ("month", 1_200.0),
    "mm": ("m", 0.001),
    "cm": ("m", 0.01),
    "m": ("m", 1.0),
    "km": ("m", 1_000.0),
    "mg": ("g", 0.001),
    "g": ("g", 1.0),
    "kg": ("g", 1_000.0),
    "ml": ("l", 0.001),
    "l": ("l", 1.0),
    # A cent is read as a US cent: the sources this project grades write "cents" of
    # dollars far more often than of euros.
    "cent": ("usd", 0.01),
    "inch": ("inch", 1.0),
    "ft": ("inch", 12.0),
    "yd": ("inch", 36.0),
    "tsp": ("tsp", 1.0),
    "tbsp": ("tsp", 3.0),
}

# The everyday measures of recipes, imperial lengths and volumes, power, energy, data
# rates and frequencies, as written after a number -> the unit read.  Without its unit
# "2 tablespoons" would be a bare 2 that "2 teaspoons" backs: a unit swapped on the same
# number is a changed fact.  Spellings that name something else beside a number stay
# out: "in" ("5 in 10"), "W", "V" and "A" (a street, a grade), "MW" and "mW" (read
# without case), "hp" (a brand), "MP" (a member of parliament).
MEASURES: dict[str, str] = {
    **dict.fromkeys(("teaspoons", "teaspoon", "tsp"), "tsp"),
    **dict.fromkeys(("tablespoons", "tablespoon", "tbsp"), "tbsp"),
    **dict.fromkeys(("cups", "cup"), "cup"),
    **dict.fromkeys(("fluid ounces", "fluid ounce", "fl oz"), "floz"),
    **dict.fromkeys(("ounces", "ounce", "oz"), "oz"),
    **dict.fromkeys(("pints", "pint"), "pint"),
    **dict.fromkeys(("quarts", "quart"), "quart"),
    **dict.fromkeys(("gallons", "gallon", "gal"), "gal"),
    **dict.fromkeys(("inches", "inch"), "inch"),
    **dict.fromkeys(("feet", "foot", "ft"), "ft"),
    **dict.fromkeys(("yards", "yard", "yd"), "yd"),
    **dict.fromkeys(("acres", "acre"), "acre"),
    **dict.fromkeys(("hectares", "hectare"), "hectare"),
    **dict.fromkeys(("mph", "miles per hour"), "mph"),
    **dict.fromkeys(("km/h", "kph", "kmh", "kilometres per hour", "kilometers per hour"), "kmh"),
    **dict.fromkeys(("watts", "watt"), "watt"),
    **dict.fromkeys(("kilowatts", "kilowatt", "kw"), "kw"),
    **dict.fromkeys(("megawatts", "megawatt"), "megawatt"),
    **dict.fromkeys(("kilowatt-hours", "kilowatt hours", "kwh"), "kwh"),
    **dict.fromkeys(("watt-hours", "watt hours", "wh"), "wh"),
    "mah": "mah",
    **dict.fromkeys(("volts", "volt"), "volt"),
    "horsepower": "horsepower",
    **{rate: rate for rate in ("kbps", "mbps", "gbps", "ghz", "mhz", "khz", "hz")},
    **dict.fromkeys(("decibels", "decibel", "db"), "db"),
    **dict.fromkeys(("calories", "calorie", "kcal"), "kcal"),
    **dict.fromkeys(("megapixels", "megapixel"), "megapixel"),
    **dict.fromkeys(("kilobytes", "kilobyte"), "kb"),
    **dict.fromkeys(("megabytes", "megabyte"), "mb"),
    **dict.fromkeys(("gigabytes", "gigabyte"), "gb"),
    **dict.fromkeys(("terabytes", "terabyte"), "tb"),
}


def in_base_unit(number: float, unit: str) -> tuple[float, str]:
    """`number` of `unit` as an amount of its dimension's base unit (rounded to nine
    decimals, so that 1.5 hours and 90 minutes are one value), or as it is for a unit
    that converts to no other."""
    base = _IN_BASE.get(unit)
    if base is None:
        return number, unit
    name, factor = base
    return round(number * factor, 9), name


# The unit of a count of times or a multiple: "five times", "3x", a source's "twice".
TIMES_UNIT = "x"
# Each unit as a text writes it after a number, and the unit it is ("" for none).
WRITTEN_UNITS = {
    "%": "%",
    "percent": "%",
    "per cent": "%",
    "percentage points": "pp",
    "km": "km",
    "kilometers": "km",
    "kilometres": "km",
    "kilometer": "km",
    "kilometre": "km",
    "m": "m",
    "meters": "m",
    "metres": "m",
    "meter": "m",
    "metre": "m",
    "cm": "cm",
    "centimetres": "cm",
    "centimeters": "cm",
    "mm": "mm",
    "millimetres": "mm",
    "millimeters": "mm",
    "mi": "mi",
    "miles": "mi",
    "mile": "mi",
    "kg": "kg",
    "kilograms": "kg",
    "kilogram": "kg",
    "g": "g",
    "grams": "g",
    "gram": "g",
    "mg": "mg",
    "milligrams": "mg",
    "milligram": "mg",
    "ml": "ml",
    "millilitres": "ml",
    "milliliters": "ml",
    "l": "l",
    "litres": "l",
    "liters": "l",
    "litre": "l",
    "liter": "l",
    "lb": "lb",
    "lbs": "lb",
    "pounds weight": "lb",
    "gb": "gb",
    "mb": "mb",
    "tb": "tb",
    "kb": "kb",
    "ms": "ms",
    "seconds": "s",
    "second": "s",
    "secs": "s",
    "sec": "s",
    "minutes": "min",
    "minute": "min",
    "mins": "min",
    "min": "min",
    "hours": "h",
    "hour": "h",
    "hrs": "h",
    "hr": "h",
    "days": "day",
    "day": "day",
    "business days": "day",
    "working days": "day",
    "weeks": "week",
    "week": "week",
    "months": "month",
    "month": "month",
    "years": "year",
    "year": "year",
    "yrs": "year",
    "fortnights": "fortnight",
    "fortnight": "fortnight",
    "decades": "decade",
    "decade": "decade",
    "centuries": "century",
    "century": "century",
    "°c": "degc",
    "°f": "degf",
    "degrees celsius": "degc",
    "degrees centigrade": "degc",
    "degrees fahrenheit": "degf",
    "celsius": "degc",
    "fahrenheit": "degf",
    # Degrees with no scale name none: "40 degrees" agrees with "40°C" by its number.
    "degrees": "",
    "cents": "cent",  # "15 cents a share" is "$0.15 a share" (`in_base_unit`)
    "cent": "cent",
    # A multiple: "3x faster" is "three times faster".
    "x": TIMES_UNIT,
    "×": TIMES_UNIT,
    "times": TIMES_UNIT,
    **MEASURES,
}
