"""Negation cues: does a text negate, and does it negate an odd number of times?

The consistency rule compares a claim's parity with its best passage's ("one side
negates, the other does not", judging/consistency.py), the calibrated scorer reads the
same parity as a feature, and a short sentence that negates something is a claim worth
checking (details.has_checkable_detail).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import clause_around

# Matched against lower-cased text.  Every contraction ("didn't", "can't", "won't", a
# split "n't") counts once through `n't\b`, so the word list stays short: this is
# about four times faster than listing the contractions under IGNORECASE, and counts
# the same (tests/detection/text/test_negation.py).
#
# Idioms that hold a cue but negate nothing are no cues: "not only ... but also" and
# "not just ... but" add, contracted too ("doesn't just affect those involved but also
# those who witness it"; a "not only" with no "but" after it negates: "is not only
# found in print"); "nothing but" says "only"; "no matter" and "no doubt" concede.
# Counted as cues, "The library lends not only books but also films" read as a flipped
# negation of "The library lends books and films".  "without you having to do
# anything" says "automatically": it negates nothing.
_ADDING = r"(?!\s+(?:only|just)\b[^.;!?]*\bbut\b)"
_UNAIDED = (
    r"(?!\s+(?:(?:you|your|the\s+user|users|anyone)\s+)?"
    r"(?:having|needing)\s+to\s+do\s+anything\b)"
)
# A word ending in "-free" negates the word it is made from ("ad-free listening" says
# "listening without ads", "a fee-free account" one with no fee): a cue whose negated
# word comes before it (`_FREE_OF`).
_FREE_OF = re.compile(r"\b([a-z]+)-free\b")
# "fail to" says "not": "airbags that may fail to deploy" restates "may not deploy",
# and "The talks reached an agreement" flips "The talks failed to reach one".
_NEGATIONS = re.compile(
    rf"\b(?:not{_ADDING}|no(?!\s+(?:matter|doubt)\b)"
    rf"|never|none|nobody|nothing(?!\s+but\b)|neither|nor|without{_UNAIDED}|cannot|unable"
    rf"|fail(?:s|ed|ing)?\s+to)\b"
    rf"|n't\b{_ADDING}|{_FREE_OF.pattern}"
)


# The words `_NEGATIONS` reads as cues, written out: a word contrast never names one
# (whether a negation differs is polarity's to say).
CUE_WORDS = frozenset(
    (
        "not",
        "no",
        "never",
        "none",
        "nobody",
        "nothing",
        "neither",
        "nor",
        "without",
        "cannot",
        "unable",
    )
)
# Words that turn the word after them around without negating it: "the least
# expensive" restates "the cheapest", "less crowded" restates "quieter".  No cue (the
# sentence still states something); the contrast rules read the word after one as
# they read a negated word (`lessened`).
LESSENING_WORDS = frozenset({"least", "less"})


def lessened(tokens: Sequence[str], at: int) -> bool:
    """Whether the word at `at` of `tokens` (lower case, in order) follows a word of
    LESSENING_WORDS, but for the bound "at least" ("at least weekly" is weekly)."""
    if at < 1 or tokens[at - 1] not in LESSENING_WORDS:
        return False
    return not (tokens[at - 1] == "least" and at >= 2 and tokens[at - 2] == "at")


def negates(text: str) -> bool:
    """Whether `text` holds a negation cue."""
    return _NEGATIONS.search(text.lower()) is not None


def first_cue(text: str) -> str | None:
    """The first negation cue of `text` as written, lower case ("cannot"), or None."""
    match = _NEGATIONS.search(text.lower())
    return None if match is None else match.group()


def negation_parity(text: str) -> int:
    """The number of negation cues in `text`, modulo 2."""
    return len(_NEGATIONS.findall(text.lower())) % 2


# How far after a cue its negated word is looked for: a few words ("has not been
# seen").
_SCOPE_CHARACTERS = 40
# Words that join a second negated word to the first: "cannot be returned or
# exchanged" negates both.
_ALTERNATIVES = frozenset({"or", "nor"})
# Verbs that deny what follows them ("may be denied boarding", "refused to model",
# "turned down offers to work", "Smoking is banned", "closed to trucks", "Avoid
# alcohol", "exempt from these penalties", "free of charge", "drops support for",
# "discontinued the plan", "are cancelled"), and the phrases
# that set an alternative aside ("in the chromosome rather than in the DNA
# sequence", "instead of", "as opposed to"): no
# negation cue, but the same reading of the word after them.  Counted by the
# consistency rule only (`denials`), never by the parity the scorer's features read.
# "declined" alone is a fall ("sales declined"), as "dropped" alone is ("sales
# dropped"), and "ban" and "bans" are nouns as often as verbs.
_FORBIDDING = (
    r"prohibit(?:s|ed|ing)?|forbid(?:s|den|ding)?|ban(?:ned|ning)|barred|closed\s+to|"
    # In the passive with its object right after it ("may be denied boarding"), not a
    # condition or an agent ("denied if filed late", "denied by the court").
    r"(?:be|is|are)\s+denied(?!\s+(?:if|when|unless|because|until|after|before|for|by|to|"
    r"in|on|at)\b)"
)
_DENIALS = re.compile(
    r"\b(?:den(?:y|ies|ied|ying)|refus(?:e|es|ed|ing)|declin(?:e|es|ed|ing)\s+to|"
    r"(?:drop(?:s|ped|ping)?|end(?:s|ed|ing)?)(?=\s+support\b)|discontinu(?:e|es|ed|ing)|"
    # "lack" as a verb ("may lack social flexibility" restates "don't have the social
    # flexibility"); "a lack of" is a noun, and denies no verb's object.
    r"lack(?:s|ed|ing)?(?!\s+of\b)|"
    # A cancelled event does not take place ("after-school activities are cancelled"
    # restates "won't take place").
    r"cancel(?:s|led|ed|ling|ing)?|called\s+off|"
    rf"turn(?:s|ed|ing)?\s+down|avoid(?:s|ed|ing)?|exempt(?:s|ed)?\s+from|free\s+of|"
    rf"rather\s+than|instead\s+of|as\s+opposed\s+to|{_FORBIDDING})\b"
)
# The denials that forbid (`prohibitions`): against a text that permits the same thing
# ("Smoking is banned in public buildings" against "You can smoke in public buildings",
# "Passengers may be denied boarding" against "... will be allowed to board") they are
# a flip of their own, where a refusal or an "avoid" is not ("Customers can avoid the
# fee" restates "Customers can skip the fee"; "He denied the claim" denies a
# statement).  Not a prohibition in the past ("were banned", "had been banned"): news
# tells of one lifted ("Israeli airlines were banned from the airspace of Oman" beside
# "Oman is allowing Israeli carriers").
_PROHIBITIONS = re.compile(rf"(?<!\bwas )(?<!\bwere )(?<!\bbeen )\b(?:{_FORBIDDING})\b")
# Words that permit: what a prohibition stands against.
_PERMISSIONS = re.compile(
    r"\b(?:allow(?:s|ed|ing)?|permit(?:s|ted|ting)?|can|may|welcome[ds]?|legal|"
    r"(?:free|open)\s+to)\b"
)
# An "any" after a cue in its clause (`negates_any`).
_NEGATED_ANY = re.compile(rf"(?:{_NEGATIONS.pattern})[^.;:!?,]*?\bany\b")
# "unless" negates a condition: "not covered unless you add the extension" says
# "covered if you add it".  Read by the consistency rule alone, as the denials are.
_CONDITIONS = re.compile(r"\bunless\b")
# What makes a clause's negation supposed rather than stated (`Cue.supposed`).
_SUPPOSING = re.compile(r"\bif\b")
# Cues that negate one word only, and only where the other text uses it (`Cue.narrow`):
# before a comparative and "than" a cue sets a limit ("no more than 23 kg", "not later
# than Friday") and negates the comparative, not the number after it; a "no" before a
# price says "free" ("at no cost", "no extra charge", "a no-cost plan"), so it negates
# nothing against a "free" and flips an "at cost"; "before" or "until" up to two words
# after a cue sets a limit in time ("is not served before 7:30" restates "is served
# from 7:30").  A verb's "not" is no price: "doesn't
# charge any monthly fees" negates "charge" as any cue does.
_NARROW = re.compile(
    r"\s*(more|less|fewer|later|earlier|longer|shorter|greater|higher|lower|sooner|"
    r"further|older|younger)\s+than\b|\s*(?:[a-z]+\s+){0,2}?(before|until)\b"
    r"|(?<=\bno)[\s-]*(?:extra\s+|additional\s+)?(cost|charge)\b"
)
# Where a cue's clause ends: punctuation that closes a clause, and the words that open
# a contrasting one ("two USB-C ports, but no HDMI port").
_CLAUSE_BREAK = re.compile(r"[;:!?]|[.,](?!\d)|\b(?:but|while|whereas|although|though)\b")
# How far a cue's clause reaches either side of it at most.  A clause ends at the next
# comma or full stop, and prose goes a few dozen words without one; text that goes
# on for pages without one (a list or a table flattened to words) would otherwise make
# each of its cues read all of it: thousands of cues, the square of its length.
_CLAUSE_REACH = 400


@dataclass(frozen=True, slots=True)
class Cue:
    """One negation cue of a text: the content words it negates (stemmed, words.py;
    the first after it, and each joined to that one by "or" or "nor"; empty when none
    follows), the other content words of its clause, and whether it negates one word
    only where the other text uses that word (`_NARROW`: "no more than", `negated`
    then holding the comparative alone as written; "at no cost", holding "cost"); and
    the first negated word as written, lower case (`written`: "required", whose stem
    "requir" no word list knows); whether an "if" before it in its clause makes it
    supposed (`supposed`); and where the cue starts in its text (`at`: which
    sentence holds it, for parity), no part of what it reads."""

    negated: tuple[str, ...]
    clause: frozenset[str]
    narrow: bool = False
    written: str = ""  # the first negated word as written, lower case ("required")
    # Whether an "if" opens the cue's clause before it: the negation is supposed, not
    # stated ("if medications aren't stored properly they may not work").
    supposed: bool = False
    at: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class CueReading:
    """What the consistency rule reads of one text's negation (`read_cues`)."""

    cues: tuple[Cue, ...]  # the negation cues `negation_parity` counts, in order
    denials: tuple[Cue, ...]  # verbs that deny the word after them ("denied boarding")
    conditions: tuple[Cue, ...]  # each "unless", negating its condition's words
    prohibitions: tuple[Cue, ...]  # the denials that forbid ("banned", "prohibited")
    permits: bool  # whether a word permits ("allowed", "can", "welcome")


# Cached per text, as details are: a passage is read against every claim it is the best
# passage of, and a long one holds dozens of cues.
@lru_cache(maxsize=4_096)
def read_cues(text: str) -> CueReading:
    """Every cue of `text`, each with its clause read once."""
    lowered = text.lower()
    breaks = [m.span() for m in _CLAUSE_BREAK.finditer(lowered)]
    return CueReading(
        _read_cues(lowered, breaks, _NEGATIONS),
        _read_cues(lowered, breaks, _DENIALS),
        _read_conditions(lowered, breaks),
        _read_cues(lowered, breaks, _PROHIBITIONS),
        _PERMISSIONS.search(lowered) is not None,
    )


def cues(text: str) -> tuple[Cue, ...]:
    """Every negation cue of `text` (the ones `negation_parity` counts), in order."""
    return read_cues(text).cues


def denials(text: str) -> tuple[Cue, ...]:
    """Every verb of `text` that denies the word after it ("denied boarding")."""
    return read_cues(text).denials


def prohibitions(text: str) -> tuple[Cue, ...]:
    """Every denial of `text` that forbids ("Smoking is banned", "closed to trucks")."""
    return read_cues(text).prohibitions


def permits(text: str) -> bool:
    """Whether `text` holds a word that permits ("allowed", "can", "may", "welcome")."""
    return read_cues(text).permits


def negates_any(text: str) -> bool:
    """Whether `text` says "any" after a negation cue in its clause ("cannot ... any",
    "doesn't ... any"): such an "any" says "none" of a thing, as "all" under a
    prohibition does ("You cannot smoke in any public building" restates "Smoking is
    banned in all public buildings"), so it stands against no "all"."""
    return _NEGATED_ANY.search(text.lower()) is not None


def conditions(text: str) -> tuple[Cue, ...]:
    """Every "unless" of `text`, as a cue that negates its condition's content words
    (to the clause's end): it turns its clause's negation around."""
    return read_cues(text).conditions


def _read_conditions(lowered: str, breaks: list[tuple[int, int]]) -> tuple[Cue, ...]:
    found = []
    for match in _CONDITIONS.finditer(lowered):
        opens, closes = _clause_of(match, breaks, len(lowered))
        condition = _content_words(lowered[match.end() : closes])
        clause = _clause_words(lowered, opens, match.start(), match.end(), closes) - condition
        found.append(Cue(tuple(sorted(condition)), frozenset(clause), at=match.start()))
    return tuple(found)


def negated_words(text: str) -> tuple[tuple[str, ...], ...]:
    """Per negation cue, the content words it negates (`Cue.negated`).  Near enough for
    the consistency rule to ask whether the other text speaks of them; no further (a
    cue's whole clause would reach the numbers and names beside it)."""
    return tuple(cue.negated for cue in cues(text))


def _read_cues(
    lowered: str, breaks: list[tuple[int, int]], pattern: re.Pattern[str]
) -> tuple[Cue, ...]:
    found = []
    for match in pattern.finditer(lowered):
        negated, written, narrow = _negated_by(match, lowered)
        opens, closes = _clause_of(match, breaks, len(lowered))
        clause = _clause_words(lowered, opens, match.start(), match.end(), closes)
        found.append(
            Cue(
                negated,
                frozenset(clause - set(negated)),
                narrow,
                written,
                supposed=_SUPPOSING.search(lowered, opens, match.start()) is not None,
                at=match.start(),
            )
        )
    return tuple(found)


def _negated_by(match: re.Match[str], lowered: str) -> tuple[tuple[str, ...], str, bool]:
    """What a cue negates (`Cue.negated`), its first word as written, and whether it
    negates narrowly (`_NARROW`)."""
    made_from = _FREE_OF.fullmatch(match.group())
    if made_from is not None:
        written = made_from.group(1)
        # Its word is as often said in the plural: "ad-free" is "without ads".
        return (
            tuple(dict.fromkeys((words.stem(written), words.stem(written + "s")))),
            written,
            False,
        )
    narrow = _NARROW.match(lowered, match.end(), match.end() + _SCOPE_CHARACTERS)
    if narrow is not None:
        word = narrow.group(1) or narrow.group(2) or narrow.group(3)
        return (word,), word, True
    # `words.written`, not the cached `words.words`: these snippets would only push whole
    # passages out of its cache.
    following = words.written(lowered[match.end() : match.end() + _SCOPE_CHARACTERS])
    stems = [words.stem(token) for token in following]
    negated = _first_and_alternatives(stems)
    return negated, following[stems.index(negated[0])] if negated else "", False


def _clause_of(match: re.Match[str], breaks: list[tuple[int, int]], length: int) -> tuple[int, int]:
    """The cue's clause, at most `_CLAUSE_REACH` characters either side of it."""
    opens, closes = clause_around(breaks, match.start(), match.end(), length)
    return max(opens, match.start() - _CLAUSE_REACH), min(closes, match.end() + _CLAUSE_REACH)


def _clause_words(lowered: str, opens: int, start: int, end: int, closes: int) -> set[str]:
    """The content words (stemmed) of the clause lowered[opens:closes] but the cue at
    lowered[start:end] and any other cue in it."""
    clause = lowered[opens:start] + " " + lowered[end:closes]
    return _content_words(_CONDITIONS.sub(" ", _NEGATIONS.sub(" ", clause)))


def _content_words(text: str) -> set[str]:
    return {w for w in map(words.stem, words.written(text)) if w not in words.STOPWORDS}


def _first_and_alternatives(stems: list[str]) -> tuple[str, ...]:
    first = next((i for i, w in enumerate(stems) if w not in words.STOPWORDS), None)
    if first is None:
        return ()
    negated = [stems[first]]
    at = first + 1
    if stems[first].endswith("ly") and at < len(stems) and stems[at] not in words.STOPWORDS:
        # An adverb negates with the word it qualifies: "not statistically significant"
        # negates "significant" too.
        negated.append(stems[at])
        at += 1
    while at + 1 < len(stems) and stems[at] in _ALTERNATIVES:
        if stems[at + 1] in words.STOPWORDS:
            break
        negated.append(stems[at + 1])
        at += 2
    return tuple(negated)
