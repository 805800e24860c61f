"""Negations a text states without a cue word: a word negated by its prefix
("unopened", "non-transferable"), a thing said to be off ("Retries are off by default"
for "does not retry"), and a limit the other text's negation restates ("No carriage may
carry more than two bikes" for "only two bikes per carriage", "may not install it on
more than five devices" for "on up to five devices"; limits.py).  Polarity
(judging/polarity.py) counts them beside the cues negation.py reads."""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.limits import restates_negated_limit
from grounding_sidecar.detection.text.negation import cues


def implied_negations(claim: str, passage: str) -> tuple[int, int]:
    """(the claim's negations without a cue word, the passage's): the claim's words
    negated by a prefix the passage uses without it; the passage's prefixed words the
    claim states plainly, those that restate a word the claim negates, and a most that
    the claim's negation of all restates; on either side, a limit that restates the
    other's negated comparison of the same amount, and a thing said to be off that the
    other negates."""
    return (
        prefix_negations(claim, passage)
        + restates_negated_limit(claim, passage)
        + switched_off(claim, passage),
        passage_prefix_negations(passage, claim)
        + prefix_restatements(passage, claim)
        + max(limits_restated(passage, claim), restates_negated_limit(passage, claim))
        + switched_off(passage, claim),
    )


# A word negated by its prefix ("unopened", "non-refundable") counts as a cue where
# the other text uses the word without it and never with it: only then is the prefix
# what differs.
_NEGATING_PREFIX = re.compile(r"\b(un|non-?)([a-z]{4,})\b")
# Words that open with "un" but negate nothing by it ("unless" is no "not less"), and
# "unable", a cue word of its own ("were unable to log in" restates "could not log in").
_NOT_PREFIXED = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "unless until undertake undertaken understand understood underway united universal "
        "universe university unique union unity unable"
    ).split()
)


def prefix_negations(text: str, other: str) -> int:
    """How many words of a claim (`text`) negate by a prefix a content word that its
    passage (`other`) uses only without it: "unopened" against "Opened items can be
    exchanged", "non-transferable" against "can be transferred" (`_root`).  A word the
    claim negates with a cue as well counts once, as that cue: "is not indexed ... and
    includes non-indexed websites" states one negation.  `other` is read only when
    `text` holds such a word (most texts hold none)."""
    candidates = _prefixed(text)
    if not candidates:
        return 0
    theirs = frozenset(_root(word) for word in _PLAIN_WORD.findall(other.lower()))
    prefixed = {_root(plain) for plain in _prefixed(other)}
    negated = _cue_negated_roots(text)
    return sum(
        1
        for plain in candidates
        if _root(plain) in theirs
        and _root(plain) not in prefixed
        and _bare_root(plain) not in negated
    )


def passage_prefix_negations(passage: str, claim: str) -> int:
    """The same for a passage's words against its claim, read strictly: both words
    say what something is ("The pool is unheated" against "The pool is heated", not
    "the nonfederal committee" against "federal candidates"), and the claim writes the
    word as the passage does without its prefix, or an "-able" word's root ("can be
    transferred" against "are non-transferable").  Read by root and anywhere, a
    passage's "was unchanged" (a share of drinkers) stood against "changed social
    norms"."""
    lowered = passage.lower()
    candidates = [
        match.group(2)
        for match in _prefix_matches(lowered)
        if _predicative(_PLAIN_WORD.findall(lowered[: match.start()]))
    ]
    if not candidates:
        return 0
    claim_words = _PLAIN_WORD.findall(claim.lower())
    said = [word for at, word in enumerate(claim_words) if _predicative(claim_words[:at])]
    roots = frozenset(_root(word) for word in said)
    mine = {_root(plain) for plain in _prefixed(claim)}
    return sum(
        1
        for plain in candidates
        if _root(plain) not in mine
        and (plain in said or (plain.endswith(_ABLE) and _root(plain) in roots))
    )


def prefix_restatements(passage: str, claim: str) -> int:
    """How many words of a passage negated by a prefix where they say nothing of what
    something is (those `passage_prefix_negations` reads) restate a word its claim
    negates with a cue: "keeps the firmware version unchanged" against "does not change
    its firmware version".  Each counts as the passage's negation of that word."""
    negated = _cue_negated_roots(claim)
    if not negated:
        return 0  # most claims negate nothing: the passage is not read
    lowered = passage.lower()
    candidates = [
        match.group(2)
        for match in _prefix_matches(lowered)
        if not _predicative(_PLAIN_WORD.findall(lowered[: match.start()]))
    ]
    return sum(1 for plain in candidates if _bare_root(plain) in negated)


# "No carriage may carry more than two bicycles", "No planet has a hotter surface than
# Venus", "No other bridge in Europe is as long as the Øresund Bridge": a negation of
# all before a comparison states a most, as "only two bicycles are permitted per
# carriage", "the hottest surface of any planet" and "the longest bridge in Europe" do.
_NONE_THAN = re.compile(
    r"\b(?:no|none|nothing|nobody|never)\b"
    # "no more than 23 kg" is itself a limit, a cue of its own (negation.py)
    r"(?!\s+(?:more|less|fewer|\w{2,}er)\s+than\b)[^.;!?]*?"
    r"(?:\b(?:more|less|fewer|(?!other\b|rather\b|whether\b|either\b|neither\b)\w{2,}er)"
    r"(?:\s+[\w-]+){0,2}?\s+than\b|\bas\s+[\w-]+\s+as\b)"
)
_MOST = re.compile(
    r"\b(?:only|maximum|at\s+most|up\s+to|most\s+\w+|best|worst|least|highest|lowest|"
    r"largest|smallest|hottest|coldest|biggest|longest|shortest|fastest|slowest|greatest|"
    r"oldest|youngest|newest|earliest|latest|cheapest|richest|deepest|tallest|heaviest|"
    r"strongest|closest|furthest|farthest)\b"
)


def limits_restated(passage: str, claim: str) -> int:
    """1 where the claim negates all before a comparison ("No carriage may carry more
    than two bicycles") and the passage states the most in its own words ("only two
    bicycles are permitted per carriage"), without such a negation: the claim's cue
    then restates the passage's limit and counts as the passage's too; else 0."""
    lowered = passage.lower()
    if not _NONE_THAN.search(claim.lower()) or _NONE_THAN.search(lowered):
        return 0
    return 1 if _MOST.search(lowered) else 0


# A thing said to be off: "Retries are now off by default", "Tracking is turned off",
# "The update switches off automatic retries" (the word before the verb, or after it);
# not a colour ("The paint is off-white").
_OFF = re.compile(
    r"\b([a-z]+)\s+(?:is|are|was|were|be|stays?|remains?)\s+(?:now\s+|currently\s+|still\s+)?"
    r"(?:turned\s+|switched\s+|set\s+|left\s+)?off\b(?!-)"
    r"|\b(?:turn(?:s|ed|ing)?|switch(?:es|ed|ing)?)\s+off\s+(?:the\s+|all\s+|automatic\s+)*([a-z]+)"
)


def switched_off(text: str, other: str) -> int:
    """How many things `text` says are off that `other` negates with a cue: "Retries
    are now off by default" against "version 4.2 does not retry".  Each counts as
    `text`'s negation of that word; a thing off that `other` does not negate counts
    nothing (so it never makes a flip of its own)."""
    if "off" not in text.lower():
        return 0  # most texts switch nothing off: `other` is not read
    negated = _cue_negated_roots(other)
    things = (match.group(1) or match.group(2) for match in _OFF.finditer(text.lower()))
    return sum(1 for thing in things if _bare_root(thing) in negated)


def _cue_negated_roots(text: str) -> frozenset[str]:
    """The roots of the words `text` negates after a negation cue."""
    return frozenset(_bare_root(cue.written) for cue in cues(text) if cue.written)


def _bare_root(word: str) -> str:
    """`_root` without a final "e": "change" and "changed" share it."""
    return _root(word).removesuffix("e")


# The verbs that say what something is: "is unheated", "can be transferred".
_BE = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "is are was were be been being remain remains remained stay stays stayed"
    ).split()
)


def _predicative(before: list[str]) -> bool:
    """Whether a word after the words `before` says what something is: a form of "be"
    one or two words before it ("is unheated", "is not heated", "are fully
    refundable")."""
    return not _BE.isdisjoint(before[-2:])


def _prefixed(text: str) -> list[str]:
    """The content words `text` negates by a prefix, without it."""
    return [match.group(2) for match in _prefix_matches(text.lower())]


def _prefix_matches(lowered: str) -> list[re.Match[str]]:
    """Each content word of `lowered` negated by a prefix ("unopened": the prefix is
    group 1, the word group 2)."""
    return [
        match
        for match in _NEGATING_PREFIX.finditer(lowered)
        if match.group() not in _NOT_PREFIXED and words.stem(match.group(2)) not in words.STOPWORDS
    ]


_PLAIN_WORD = re.compile(r"[a-z]+")
# What a word may be made into, so that "transferable", "transferred" and "transfer"
# share a root.
_ABLE = ("able", "ible")


def _root(word: str) -> str:
    """A word's stem without "-able" and without a doubled last letter ("transferr")."""
    for suffix in _ABLE:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    stem = words.stem(word)
    return stem[:-1] if len(stem) > 4 and stem[-1] == stem[-2] else stem
