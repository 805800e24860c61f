"""The ways one thing is named: an initialism for its name ("AWS" for "Amazon Web
Services", "US" for "United States"), a title beside a person's name ("President
Obama", "Tesla CEO Elon Musk"), and a country's adjective for the country ("French"
for "France").

The consistency rule looks a claim's names up in the sources (judging/corpus.py); a
faithful answer that names a thing another of these ways names no new thing, and
refusing it would refuse a grounded answer.  The lists are short on purpose: a title
or a demonym the list lacks leaves a name to be found as written, as before.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words

# Words that title a person rather than name one: "President Obama" names Obama, so a
# source that says "Barack Obama" names him too.  What the title says (president or
# senator) is a word for the other rules to weigh, not a name.
TITLES = frozenset(
    """
    president vice prime minister premier chancellor secretary ambassador governor mayor
    senator sen congressman congresswoman representative rep king queen prince princess
    pope bishop archbishop cardinal rabbi imam judge justice general gen colonel col
    major captain capt lieutenant lt sergeant sgt admiral commander officer
    dr doctor professor prof mr mrs ms miss sir dame lord lady
    ceo cfo coo cto cio chairman chairwoman chair chief executive director founder
    cofounder co spokesman spokeswoman spokesperson coach manager
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Small words inside a name that its initialism skips: "Federal Bureau of
# Investigation" is "FBI".
_CONNECTORS = r"(?:of|and|for|the|on|&)"
# A run of capitalised words, small connecting words allowed between them.
_NAME_RUN = re.compile(rf"\b[A-Z][A-Za-z]+(?:(?:\s+{_CONNECTORS})*[\s-]+[A-Z][A-Za-z]+)+\b")
_CAPITALISED = re.compile(r"\b[A-Z][A-Za-z]*")
# An initialism as written: "AWS", "NYC", "U.S.", "U.K".
_INITIALISM = re.compile(r"\b(?:[A-Z]{2,6}|(?:[A-Z]\.){2,6}|(?:[A-Z]\.){1,5}[A-Z])(?![A-Za-z])")


def initials(name: str) -> str:
    """The initials of a name's capitalised words, in lower case: "Amazon Web Services"
    is "aws", "United States of America" "usa"."""
    return "".join(word[0] for word in _CAPITALISED.findall(name)).lower()


def initials_of_names(text: str) -> frozenset[str]:
    """The initials of every name of two words or more that `text` writes out, and of
    each run of two or more of its words: "The United States Congress" holds "us"
    and "usc" (a sentence's first capital is no part of the name)."""
    found: set[str] = set()
    for match in _NAME_RUN.finditer(text):
        letters = initials(match.group())
        found.update(
            letters[start:end]
            for start in range(len(letters) - 1)
            for end in range(start + 2, len(letters) + 1)
        )
    return frozenset(found)


# An abbreviation in brackets after the words it stands for: "hydrochloric acid
# (HCl)", "cardiothoracic ratio (CTR)", "International Court of Justice (ICJ)".
_BRACKETED = re.compile(r"\(([A-Za-z]{2,8})\)")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
# How far before the bracket its words are looked for: the ten words an abbreviation
# of eight letters may stand for, at sixteen characters each.  Reading all the text
# before each bracket would cost the square of its length on a text of many brackets.
_GLOSS_REACH = 160


def glossed_abbreviations(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each abbreviation `text` writes in brackets right after the
    words it stands for: at least two capitals, its letters in order in those words,
    the first letter a content word's first ("hydrochloric acid (HCl)", "Web Content
    Accessibility Guidelines (WCAG)").  It names nothing the words before it do not:
    a source that writes the words names it too.  "Apple (AAPL)" is no gloss."""
    spans: list[tuple[int, int]] = []
    for match in _BRACKETED.finditer(text):
        letters = match.group(1)
        reach = max(0, match.start() - _GLOSS_REACH)
        if sum(letter.isupper() for letter in letters) >= 2 and _glosses(
            letters.lower(), text[reach : match.start()], cut=reach > 0
        ):
            spans.append(match.span(1))
    return spans


def _glosses(letters: str, before: str, *, cut: bool) -> bool:
    """Whether `letters` are, in order, letters of the last words of `before`, the first
    of them a content word's first letter (at most two words more than it has
    letters).  Where `before` was `cut` from a longer text its first word may be a
    word's end, and is not read."""
    found = list(_WORD.finditer(before))[1 if cut else 0 :][-(len(letters) + 2) :]
    for word in found:
        written = word.group().lower()
        if written[0] != letters[0] or words.stem(written) in words.STOPWORDS:
            continue  # "a new service (AWS)" glosses nothing
        rest = before[word.start() + 1 :].lower()
        if _in_order(letters[1:], rest):
            return True
    return False


def _in_order(letters: str, text: str) -> bool:
    position = 0
    for letter in letters:
        position = text.find(letter, position) + 1
        if position == 0:
            return False
    return True


def initialisms(text: str) -> frozenset[str]:
    """Every initialism `text` writes, in lower case without dots ("u.s." is "us")."""
    return frozenset(match.group().replace(".", "").lower() for match in _INITIALISM.finditer(text))


def is_initialism(name: str) -> bool:
    """Whether a name as written is an initialism ("AWS", "U.S.")."""
    return _INITIALISM.fullmatch(name.strip()) is not None


# A country's (or a continent's) adjective, and the country it is of.
_DEMONYMS = {
    "afghan": "afghanistan",
    "african": "africa",
    "albanian": "albania",
    "algerian": "algeria",
    "american": "america",
    "argentine": "argentina",
    "argentinian": "argentina",
    "asian": "asia",
    "australian": "australia",
    "austrian": "austria",
    "bangladeshi": "bangladesh",
    "belgian": "belgium",
    "bolivian": "bolivia",
    "brazilian": "brazil",
    "british": "britain",
    "bulgarian": "bulgaria",
    "cambodian": "cambodia",
    "canadian": "canada",
    "chilean": "chile",
    "chinese": "china",
    "colombian": "colombia",
    "croatian": "croatia",
    "cuban": "cuba",
    "czech": "czechia",
    "danish": "denmark",
    "dutch": "netherlands",
    "egyptian": "egypt",
    "english": "england",
    "ethiopian": "ethiopia",
    "european": "europe",
    "filipino": "philippines",
    "finnish": "finland",
    "french": "france",
    "german": "germany",
    "ghanaian": "ghana",
    "greek": "greece",
    "hungarian": "hungary",
    "icelandic": "iceland",
    "indian": "india",
    "indonesian": "indonesia",
    "iranian": "iran",
    "iraqi": "iraq",
    "irish": "ireland",
    "israeli": "israel",
    "italian": "italy",
    "jamaican": "jamaica",
    "japanese": "japan",
    "jordanian": "jordan",
    "kenyan": "kenya",
    "korean": "korea",
    "kuwaiti": "kuwait",
    "lebanese": "lebanon",
    "libyan": "libya",
    "malaysian": "malaysia",
    "mexican": "mexico",
    "moroccan": "morocco",
    "nepalese": "nepal",
    "nigerian": "nigeria",
    "norwegian": "norway",
    "pakistani": "pakistan",
    "palestinian": "palestine",
    "peruvian": "peru",
    "polish": "poland",
    "portuguese": "portugal",
    "qatari": "qatar",
    "romanian": "romania",
    "russian": "russia",
    "saudi": "saudi",
    "scottish": "scotland",
    "serbian": "serbia",
    "singaporean": "singapore",
    "slovak": "slovakia",
    "somali": "somalia",
    "spanish": "spain",
    "sudanese": "sudan",
    "swedish": "sweden",
    "swiss": "switzerland",
    "syrian": "syria",
    "taiwanese": "taiwan",
    "thai": "thailand",
    "tunisian": "tunisia",
    "turkish": "turkey",
    "ugandan": "uganda",
    "ukrainian": "ukraine",
    "venezuelan": "venezuela",
    "vietnamese": "vietnam",
    "welsh": "wales",
    "yemeni": "yemen",
    "zimbabwean": "zimbabwe",
}
_COUNTRIES = {
    country: tuple(demonym for demonym, of in _DEMONYMS.items() if of == country)
    for country in _DEMONYMS.values()
}


# A country's other names that a demonym stands for as well ("British shops" for "UK
# stores"); "us" is left out, a pronoun far more often than a name.
_ALSO_NAMED = {"britain": ("uk",), "america": ("usa",)}


def other_names(word: str) -> tuple[str, ...]:
    """The country a demonym is of (and its other names), or a country's demonyms
    ("french": "france"; "british": "britain", "uk"; "argentina": "argentine",
    "argentinian"); none for any other word (lower case).  A demonym's plural names
    its people, of the same country ("jordanians": "jordan")."""
    country = _DEMONYMS.get(word) or _DEMONYMS.get(word.removesuffix("s"))
    if country:
        return (country, *_ALSO_NAMED.get(country, ()))
    return _COUNTRIES.get(word, ())


# The endings that make a name's adjective ("Venusian", "Canadian", "Victorian",
# "Japanese"), longest first, and the letters a name may have lost before them
# ("Canad-a", "Mexic-o").
_ADJECTIVE_ENDINGS = ("ian", "ean", "ese", "an")
_LOST_LETTERS = ("", "a", "e", "o", "y")
# The shortest name an ending is read off: "Roman" is no adjective of "Rom".
_SHORTEST_BASE = 4


def adjective_bases(word: str) -> tuple[str, ...]:
    """The names `word` may be the adjective of ("venusian": "venus", "venusa", ...),
    or none (lower case): a country's demonym in other_names, any other name's here."""
    for ending in _ADJECTIVE_ENDINGS:
        base = word.removesuffix(ending)
        if base != word:
            if len(base) < _SHORTEST_BASE:
                return ()
            return tuple(base + letter for letter in _LOST_LETTERS)
    return ()
