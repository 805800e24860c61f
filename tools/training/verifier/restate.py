"""Word-level restatements for the verifier's training pairs (docs/verifier.md#data).

The contradicting rules of `perturb.py` change one word and label the pair
contradicted; without as many pairs whose changed word keeps the meaning, a verifier
learns that any changed word contradicts ("2 PM" for "14:00", "stayed" for
"remained").  Each rule here changes one word or value the way a faithful answer
restates it, and the pair is entailed:

  hypernym     a noun by its WordNet hypernym, where the sentence has no word that
               reverses the direction of entailment ("coffee" -> "beverage", never
               under "no", "only", "every", ...);
  value        a value written another way: a time in 12- or 24-hour form, a share
               as a fraction ("50%" -> "half"), a small count in words, a date in
               the other order, a large number approximated ("about 1,200");
  contraction  "does not" <-> "doesn't" and the like.

Each rule takes one source sentence and returns the rewritten sentence, or None when
it does not apply.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text.clock import find_times
from tools.training.verifier.perturb import STOP, Context, Rule, case_like, rebuild

# Words that reverse or block upward entailment: "no coffee" does not entail "no
# beverage" the other way round, so a hypernym swap under them is not a restatement.
_DOWNWARD = re.compile(
    r"\b(?:not|no|never|none|nor|neither|without|only|every|all|each|any|few|fewer|less|"
    r"except|unless|if|than|most|least)\b|n't\b",
    re.IGNORECASE,
)
_LOWER_WORD = re.compile(r"(?<![\w-])[a-z]{3,}(?![\w-])")


def hypernym(sentence: str, ctx: Context) -> str | None:
    if _DOWNWARD.search(sentence):
        return None
    matches = list(_LOWER_WORD.finditer(sentence))
    ctx.rng.shuffle(matches)
    for match in matches:
        if match.group() in STOP:
            continue
        word, plural = _singular(match.group(), ctx)
        options = sorted(
            h
            for h in ctx.wordnet.hypernyms.get(word, ())
            if all(part in ctx.vocabulary for part in h.split())
        )
        if options:
            chosen = ctx.rng.choice(options)
            return _with_article(sentence, match, _plural(chosen) if plural else chosen)
    return None


def _singular(word: str, ctx: Context) -> tuple[str, bool]:
    """(lemma, whether `word` is its plural).  A plural is read as its singular's
    plural first: "minutes" is the plural of "minute", not the record of a meeting."""
    lemma = ctx.wordnet.lemma(word)
    if lemma != word:
        return lemma, True
    for suffix, replacement in (("ies", "y"), ("es", ""), ("s", "")):
        stem = word[: -len(suffix)] + replacement
        if word.endswith(suffix) and stem in ctx.wordnet.lemmas:
            return stem, True
    return word, False


def _plural(phrase: str) -> str:
    head, _, last = phrase.rpartition(" ")
    if last.endswith(("s", "x", "z", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u"):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


def _with_article(sentence: str, match: re.Match[str], replacement: str) -> str:
    """The sentence with the match replaced, "a" / "an" before it agreeing."""
    before = sentence[: match.start()]
    article = re.search(r"\b([Aa]n?) $", before)
    if article is not None:
        wanted = "an" if replacement[:1] in "aeiou" else "a"
        before = before[: article.start(1)] + case_like(article.group(1), wanted) + " "
    return before + replacement + sentence[match.end() :]


_SMALL = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_SMALL_NUMBER = re.compile(r"(?<![\w.,:$%/-])([2-9]|10)(?![\w.,:%/-]|\.\d)(?= [a-z])")
_SMALL_WORD = re.compile(r"\b(" + "|".join(_SMALL) + r")\b(?= [a-z])")
_SHARE_WORDS = {"50": "half", "25": "a quarter", "75": "three quarters"}
_PERCENT = re.compile(r"(?<![\w.,])(50|25|75)(?:%| percent| per cent) of\b")
_PERCENT_FORM = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)(%| percent| per cent)")
_LARGE = re.compile(r"(?<![\w.,$])(\d{1,3}(?:,\d{3})+|\d{4,})(?![\w%]|[.,]\d)")
_MONTH = (
    r"(?P<month>January|February|March|April|May|June|July|August|September|October|"
    r"November|December)"
)
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH} (?P<day>[1-9]|[12]\d|3[01]), (?P<year>\d{{4}})\b")
_DAY_MONTH_YEAR = re.compile(rf"\b(?P<day>[1-9]|[12]\d|3[01]) {_MONTH},? (?P<year>\d{{4}})\b")


def value(sentence: str, ctx: Context) -> str | None:
    rewrites = [
        rewrite
        for finder in (_times, _shares, _percent_forms, _counts, _dates, _approximations)
        for rewrite in finder(sentence)
    ]
    if not rewrites:
        return None
    return ctx.rng.choice(rewrites)


def _times(sentence: str) -> list[str]:
    out = []
    for time in find_times(sentence):
        if "|" in time.value:
            continue  # "2:30" leaves the half of the day open: no single other form
        hour, minute = (int(part) for part in time.value.split(":"))
        if any(c.isalpha() for c in time.surface):
            rendered = f"{hour:02d}:{minute:02d}"
        else:
            suffix = "AM" if hour < 12 else "PM"
            rendered = f"{(hour % 12) or 12}{f':{minute:02d}' if minute else ''} {suffix}"
        out.append(rebuild(sentence, *time.span, rendered))
    return out


def _shares(sentence: str) -> list[str]:
    return [
        rebuild(sentence, m.start(), m.end(), f"{_SHARE_WORDS[m.group(1)]} of")
        for m in _PERCENT.finditer(sentence)
    ]


def _percent_forms(sentence: str) -> list[str]:
    out = []
    for match in _PERCENT_FORM.finditer(sentence):
        form = " percent" if match.group(2) == "%" else "%"
        out.append(rebuild(sentence, match.start(), match.end(), match.group(1) + form))
    return out


def _counts(sentence: str) -> list[str]:
    out = [
        rebuild(sentence, m.start(), m.end(), _SMALL[int(m.group(1)) - 2])
        for m in _SMALL_NUMBER.finditer(sentence)
    ]
    out += [
        rebuild(sentence, m.start(), m.end(), str(_SMALL.index(m.group(1)) + 2))
        for m in _SMALL_WORD.finditer(sentence)
    ]
    return out


def _dates(sentence: str) -> list[str]:
    out = [
        rebuild(sentence, m.start(), m.end(), f"{m['day']} {m['month']} {m['year']}")
        for m in _MONTH_DAY_YEAR.finditer(sentence)
    ]
    out += [
        rebuild(sentence, m.start(), m.end(), f"{m['month']} {m['day']}, {m['year']}")
        for m in _DAY_MONTH_YEAR.finditer(sentence)
    ]
    return out


def _approximations(sentence: str) -> list[str]:
    """A large count as "about" its value to two significant figures, or "more than"
    the value rounded down: both true of the exact figure."""
    out = []
    for match in _LARGE.finditer(sentence):
        number = int(match.group(1).replace(",", ""))
        if number <= 2100 and "," not in match.group(1):
            continue  # a year
        step = 10 ** (len(str(number)) - 2)
        below = number // step * step
        if below == number:
            continue
        nearest = round(number / step) * step
        out.append(rebuild(sentence, match.start(), match.end(), f"about {nearest:,}"))
        out.append(rebuild(sentence, match.start(), match.end(), f"more than {below:,}"))
    return out


_CONTRACTIONS = (
    ("does not", "doesn't"),
    ("do not", "don't"),
    ("did not", "didn't"),
    ("is not", "isn't"),
    ("are not", "aren't"),
    ("was not", "wasn't"),
    ("were not", "weren't"),
    ("has not", "hasn't"),
    ("have not", "haven't"),
    ("will not", "won't"),
    ("cannot", "can't"),
    ("could not", "couldn't"),
    ("should not", "shouldn't"),
    ("it is", "it's"),
)


def contraction(sentence: str, ctx: Context) -> str | None:
    found = [
        (m, replacement)
        for full, short in _CONTRACTIONS
        for pattern, replacement in ((full, short), (short, full))
        for m in re.finditer(rf"\b{re.escape(pattern)}\b", sentence, flags=re.IGNORECASE)
    ]
    if not found:
        return None
    match, replacement = ctx.rng.choice(found)
    return rebuild(sentence, match.start(), match.end(), case_like(match.group(), replacement))


RESTATING: dict[str, Rule] = {
    "hypernym": hypernym,
    "value": value,
    "contraction": contraction,
}
