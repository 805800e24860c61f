"""Rule-made hypotheses for the verifier's training pairs (docs/verifier.md#data).

Each rule takes one source sentence and returns a rewritten sentence, or None when
it does not apply.  The label follows from the rule: a restatement is entailed by
the passage the sentence came from, a one-detail change contradicts it, an
invented qualifier or a sentence from elsewhere is neither.  Rules change one
thing only, so the pair teaches exactly that difference.

Over 400 lines because most of it is word lists (months, directions, ordinals,
contrasts, qualifiers) that the rules and the contrast table share; the rules
themselves are short, one function each.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

from tools.training.verifier.wordnet import WordNet, swaps


class Label(IntEnum):
    """The verifier's three classes, in the order of its output."""

    ENTAILED = 0
    CONTRADICTED = 1
    NEITHER = 2


@dataclass(frozen=True, slots=True)
class Context:
    rng: random.Random
    wordnet: WordNet
    vocabulary: frozenset[str]  # words seen in the sources: keeps swaps to common words
    document_names: tuple[str, ...]  # capitalised names in the sentence's document


Rule = Callable[[str, Context], str | None]

_WORD = re.compile(r"[A-Za-z][a-z]+")
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w]|[.,]\d)")
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_MONTH = re.compile(r"\b(" + "|".join(_MONTHS) + r")\b")
_NAME = re.compile(r"(?<!^)(?<![.!?] )\b([A-Z][a-z]+(?: [A-Z][a-z]+)*)\b")
STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "which",
        "who",
        "whom",
        "whose",
        "not",
        "no",
        "he",
        "she",
        "they",
        "we",
        "you",
        "i",
    ]
)
# Negation and modality: each pattern flipped reads as the opposite claim.
_NEGATIONS: tuple[tuple[str, str], ...] = (
    (r"\bcannot\b", "can"),
    (r"\bcan not\b", "can"),
    (r"\bcan't\b", "can"),
    (r"\bdoes not\b", "does"),
    (r"\bdid not\b", "did"),
    (r"\bis not\b", "is"),
    (r"\bare not\b", "are"),
    (r"\bwas not\b", "was"),
    (r"\bwere not\b", "were"),
    (r"\bwill not\b", "will"),
    (r"\bhas not\b", "has"),
    (r"\bhave not\b", "have"),
    (r"\bnever\b", "always"),
    (r"\bcan\b", "cannot"),
    (r"\bmust\b", "must not"),
    (r"\bshould\b", "should not"),
    (r"\bwill\b", "will not"),
    (r"\bis\b", "is not"),
    (r"\bare\b", "are not"),
    (r"\bwas\b", "was not"),
    (r"\bwere\b", "were not"),
    (r"\bhas been\b", "has not been"),
    (r"\bhave been\b", "have not been"),
)
# Direction and order words that WordNet's antonym pointers miss or rank badly.
DIRECTIONS: dict[str, str] = {
    "increased": "decreased",
    "decreased": "increased",
    "increase": "decrease",
    "decrease": "increase",
    "rose": "fell",
    "fell": "rose",
    "rise": "fall",
    "grew": "shrank",
    "higher": "lower",
    "lower": "higher",
    "more": "fewer",
    "fewer": "more",
    "less": "more",
    "before": "after",
    "after": "before",
    "above": "below",
    "below": "above",
    "gained": "lost",
    "won": "lost",
    "lost": "won",
    "larger": "smaller",
    "smaller": "larger",
    "largest": "smallest",
    "smallest": "largest",
    "earlier": "later",
    "later": "earlier",
    "first": "last",
    "last": "first",
    "maximum": "minimum",
    "minimum": "maximum",
    "allowed": "prohibited",
    "approved": "rejected",
    "rejected": "approved",
    "accepted": "refused",
    "included": "excluded",
    "inside": "outside",
    "north": "south",
    "south": "north",
    "east": "west",
    "west": "east",
    "male": "female",
    "female": "male",
    "private": "public",
    "public": "private",
    "domestic": "international",
}
ORDINALS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
]
# Everyday contrasts of the product's domain (support, policy, operations), written
# for this project: same kind, different fact.
CONTRASTS: tuple[tuple[str, ...], ...] = (
    ("email", "phone", "letter", "text message", "post"),
    ("refund", "exchange", "store credit", "replacement"),
    ("monthly", "weekly", "daily", "annually"),
    ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    ("red", "green", "blue", "yellow", "black", "white"),
    ("steel", "wood", "plastic", "glass", "aluminium", "concrete"),
    ("coffee", "tea", "juice", "water", "beer", "wine"),
    ("train", "bus", "plane", "ship", "truck"),
    ("manager", "customer", "engineer", "lawyer", "doctor"),
    ("legal team", "finance team", "support team", "board"),
    ("online", "in person", "by mail"),
    ("free", "paid"),
)
# Meaning-preserving rewrites, written for this project: a claim that says the same
# with other words must stay entailed (without these, every changed word looks like a
# contradiction to the verifier).  Each key maps to replacements of the same form.
_PARAPHRASES: dict[str, tuple[str, ...]] = {
    "increased": ("went up", "rose", "grew"),
    "decreased": ("went down", "fell", "dropped"),
    "rose": ("went up", "increased", "climbed"),
    "fell": ("dropped", "went down", "declined"),
    "grew": ("expanded", "increased"),
    "dropped": ("fell", "declined"),
    "can": ("may", "are able to"),
    "must": ("have to", "are required to"),
    "before": ("prior to", "ahead of"),
    "after": ("following",),
    "bought": ("purchased",),
    "buy": ("purchase",),
    "helped": ("assisted",),
    "help": ("assist",),
    "started": ("began",),
    "began": ("started",),
    "start": ("begin",),
    "ended": ("finished",),
    "big": ("large",),
    "large": ("big",),
    "showed": ("demonstrated",),
    "said": ("stated",),
    "about": ("approximately", "around"),
    "approximately": ("about", "roughly"),
    "around": ("about",),
    "more than": ("over",),
    "less than": ("under",),
    "quickly": ("rapidly",),
    "often": ("frequently",),
    "received": ("got",),
    "used": ("utilised",),
    "obtained": ("got",),
    "chose": ("selected",),
    "allowed": ("permitted",),
    "allow": ("permit",),
    "needed": ("required",),
    "needs": ("requires",),
    "built": ("constructed",),
    "died": ("passed away",),
    "near": ("close to",),
    "many": ("numerous",),
    "several": ("a number of",),
    "main": ("primary",),
    "known as": ("called",),
    "located in": ("situated in",),
    "currently": ("now",),
    "stays": ("remains",),
    "stayed": ("remained",),
    "free of charge": ("free", "at no cost"),
    "email": ("e-mail",),
    "phone": ("telephone",),
    "children": ("kids",),
    "film": ("movie",),
    "shop": ("store",),
    "doctor": ("physician",),
    "lawyer": ("attorney",),
    "company": ("firm",),
    "also": ("as well",),
    "however": ("but",),
    "because of": ("due to",),
    "in order to": ("to",),
}
# Phrases of time, place or manner that may move to the front (or back) unchanged.
_TRAILING_PHRASE = re.compile(
    r"^(?P<body>[A-Z].{15,}?) (?P<phrase>(?:in|on|during|after|before|since|by|at|from) "
    r"[\w'-]+(?: [\w'-]+){0,4})\.$"
)
_LEADING_PHRASE = re.compile(
    r"^(?P<phrase>(?:In|On|During|After|Before|Since|By|At|From) [^,]{3,40}), (?P<body>.{15,})\.$"
)
_VAGUE_CHANGE = re.compile(r" (?:from [^ ]+ to [^ ]+|by [^ ]+)(?= |\.|,)")
# Invented details: true of no source, so the sentence with one is not entailed.
_QUALIFIERS = (
    ", according to an internal audit",
    " after approval by the legal team",
    " for the third year in a row",
    " despite strong opposition from regulators",
    ", the first such case in the country",
    " at a cost of about 2 million dollars",
    " following a two-week delay",
    " under pressure from shareholders",
    ", a spokesperson confirmed on Tuesday",
    " as part of a pilot programme in Canada",
    " with the support of the European Commission",
    " after a complaint by a former employee",
    ", which doubled its market share",
    " because of a software error",
    " during a visit to Tokyo",
    ", sources familiar with the matter said",
)


def rebuild(sentence: str, start: int, end: int, replacement: str) -> str:
    return sentence[:start] + replacement + sentence[end:]


def case_like(original: str, replacement: str) -> str:
    if original[:1].isupper():
        return replacement[:1].upper() + replacement[1:]
    return replacement


def sub_clause(sentence: str, ctx: Context) -> str | None:
    head, sep, tail = sentence.partition(", ")
    if not sep:
        return None
    keep = tail if len(tail.split()) >= len(head.split()) else head + "."
    if len(keep.split()) < 6:
        return None
    keep = keep.rstrip(",;: ")
    return keep[:1].upper() + keep[1:] + ("" if keep.endswith((".", "!", "?")) else ".")


def _word_swap(sentence: str, ctx: Context, relation: dict[str, set[str]]) -> str | None:
    matches = [m for m in _WORD.finditer(sentence) if m.group().lower() not in STOP]
    ctx.rng.shuffle(matches)
    for match in matches:
        options = [
            o
            for o in swaps(match.group(), relation, ctx.wordnet)
            if o.lower() in ctx.vocabulary and o.lower() != match.group().lower()
        ]
        if options:
            return rebuild(sentence, match.start(), match.end(), ctx.rng.choice(options))
    return None


def paraphrase(sentence: str, ctx: Context) -> str | None:
    found = [
        (m, phrase)
        for phrase in _PARAPHRASES
        for m in re.finditer(rf"\b{re.escape(phrase)}\b", sentence, flags=re.IGNORECASE)
    ]
    if not found:
        return None
    match, phrase = ctx.rng.choice(found)
    replacement = ctx.rng.choice(_PARAPHRASES[phrase])
    return rebuild(sentence, match.start(), match.end(), case_like(match.group(), replacement))


def move_phrase(sentence: str, ctx: Context) -> str | None:
    """The same sentence with a trailing time or place phrase moved to the front, or
    a leading one moved to the back."""
    leading = _LEADING_PHRASE.match(sentence)
    if leading is not None:
        body, phrase = leading.group("body"), leading.group("phrase")
        return f"{body[:1].upper()}{body[1:]} {phrase[:1].lower()}{phrase[1:]}."
    trailing = _TRAILING_PHRASE.match(sentence)
    if trailing is None:
        return None
    body, phrase = trailing.group("body"), trailing.group("phrase")
    if body.split()[0] not in ("I",) and not _NAME.match(body):
        body = body[:1].lower() + body[1:]
    return f"{phrase[:1].upper()}{phrase[1:]}, {body}."


def vague_direction(sentence: str, ctx: Context) -> str | None:
    """A direction word flipped and its figures replaced by an adverb: "fell from 2.0%
    to 1.0%" -> "rose sharply"."""
    flipped = direction(sentence, ctx)
    if flipped is None or _VAGUE_CHANGE.search(flipped) is None:
        return None
    adverb = ctx.rng.choice(["sharply", "slightly", "significantly", "steadily"])
    return _VAGUE_CHANGE.sub(f" {adverb}", flipped, count=1)


def antonym(sentence: str, ctx: Context) -> str | None:
    return _word_swap(sentence, ctx, ctx.wordnet.antonyms)


def cohyponym(sentence: str, ctx: Context) -> str | None:
    return _word_swap(sentence, ctx, ctx.wordnet.cohyponyms)


def number(sentence: str, ctx: Context) -> str | None:
    matches = list(_NUMBER.finditer(sentence))
    if not matches:
        return None
    match = ctx.rng.choice(matches)
    text = match.group().replace(",", "")
    value = float(text)
    if "." in text:
        decimals = len(text.split(".")[1])
        new = round(value * ctx.rng.choice([0.5, 0.7, 1.4, 2.0]) + 10**-decimals, decimals)
        rendered = f"{new:.{decimals}f}"
    elif 1900 <= value <= 2100:
        rendered = str(int(value) + ctx.rng.choice([-3, -2, -1, 1, 2, 3]))
    else:
        new_int = (
            int(value) + ctx.rng.choice([1, 2, 3, 5, 10])
            if value < 20
            else int(value * ctx.rng.choice([0.5, 0.75, 1.5, 2.0]))
        )
        rendered = f"{new_int:,}" if "," in match.group() else str(new_int)
    if rendered == match.group():
        return None
    return rebuild(sentence, match.start(), match.end(), rendered)


def month(sentence: str, ctx: Context) -> str | None:
    match = _MONTH.search(sentence)
    if match is None:
        return None
    other = ctx.rng.choice([m for m in _MONTHS if m != match.group()])
    return rebuild(sentence, match.start(), match.end(), other)


def entity(sentence: str, ctx: Context) -> str | None:
    names = [m for m in _NAME.finditer(sentence) if m.group() not in _MONTHS]
    present = {m.group() for m in names}
    others = [n for n in ctx.document_names if n not in present and n not in sentence]
    if not names or not others:
        return None
    match = ctx.rng.choice(names)
    return rebuild(sentence, match.start(), match.end(), ctx.rng.choice(others))


def negation(sentence: str, ctx: Context) -> str | None:
    for pattern, replacement in _NEGATIONS:
        match = re.search(pattern, sentence, flags=re.IGNORECASE)
        if match is not None:
            return rebuild(
                sentence, match.start(), match.end(), case_like(match.group(), replacement)
            )
    return None


def direction(sentence: str, ctx: Context) -> str | None:
    matches = [m for m in _WORD.finditer(sentence) if m.group().lower() in DIRECTIONS]
    if not matches:
        return None
    match = ctx.rng.choice(matches)
    return rebuild(
        sentence,
        match.start(),
        match.end(),
        case_like(match.group(), DIRECTIONS[match.group().lower()]),
    )


def ordinal(sentence: str, ctx: Context) -> str | None:
    matches = [m for m in _WORD.finditer(sentence) if m.group().lower() in ORDINALS]
    if not matches:
        return None
    match = ctx.rng.choice(matches)
    other = ctx.rng.choice([o for o in ORDINALS[:5] if o != match.group().lower()])
    return rebuild(sentence, match.start(), match.end(), case_like(match.group(), other))


def contrast(sentence: str, ctx: Context) -> str | None:
    for group in ctx.rng.sample(CONTRASTS, len(CONTRASTS)):
        for word in group:
            match = re.search(rf"\b{re.escape(word)}\b", sentence, flags=re.IGNORECASE)
            if match is not None:
                other = ctx.rng.choice([w for w in group if w != word])
                return rebuild(
                    sentence, match.start(), match.end(), case_like(match.group(), other)
                )
    return None


def qualifier(sentence: str, ctx: Context) -> str | None:
    body = sentence.rstrip()
    if not body.endswith("."):
        return None
    return body[:-1] + ctx.rng.choice(_QUALIFIERS) + "."


# No WordNet synonym swap: its first-sense swaps were too often nonsense (the first
# verifier read only 40% of them as entailed; docs/verifier.md#data).
ENTAILING: dict[str, Rule] = {
    "sub_clause": sub_clause,
    "paraphrase": paraphrase,
    "move_phrase": move_phrase,
}
CONTRADICTING: dict[str, Rule] = {
    "number": number,
    "month": month,
    "entity": entity,
    "negation": negation,
    "antonym": antonym,
    "cohyponym": cohyponym,
    "direction": direction,
    "vague_direction": vague_direction,
    "ordinal": ordinal,
    "contrast": contrast,
}
NEITHER_RULES: dict[str, Rule] = {"qualifier": qualifier}


def document_names(text: str) -> tuple[str, ...]:
    """Capitalised names in a document (not sentence-initial), for entity swaps."""
    return tuple(sorted({m.group() for m in _NAME.finditer(text) if m.group() not in _MONTHS}))


def vocabulary(texts: list[str]) -> frozenset[str]:
    counts: dict[str, int] = {}
    for text in texts:
        for word in _WORD.findall(text):
            counts[word.lower()] = counts.get(word.lower(), 0) + 1
    return frozenset(w for w, n in counts.items() if n >= 3)
