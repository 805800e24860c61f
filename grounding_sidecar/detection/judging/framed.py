"""An opposite in a copied frame: "Lumora Software lowered its full-year revenue
forecast" against "The company raised its full-year revenue forecast".  The claim
names its subject another way, so it is no one-word swap of its passage, yet the words
around the changed one are the passage's: three of them, before it, after it or both.  Where
the contrast table marks the two words as opposites (`ContrastTable.opposite`: direct
antonyms, directions, the domain list), the claim says the opposite of the passage
whatever the verifier reads (docs/detection.md#pipeline), unless the claim's word ends
a span the passage states to the claim's value ("The sale ends on May 10" against "The
sale starts on May 1 and runs until May 10": span_ends.py).
"""

from __future__ import annotations

from grounding_sidecar.detection.judging.span_ends import states_the_end
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.contrasts import contrast_table
from grounding_sidecar.detection.text.details import WORD
from grounding_sidecar.detection.text.negation import CUE_WORDS, lessened

# How many words around the changed word the claim must copy.
FRAME_WORDS = 3


def opposite_in_frame(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's word, the passage's opposite) where the claim puts a word the
    passage never uses in place of its opposite, with FRAME_WORDS words around it as the
    passage writes them and no negation before either; else None."""
    mine = WORD.findall(claim.lower())
    theirs = WORD.findall(passage.lower())
    mine_set, theirs_set = set(mine), set(theirs)
    at_word: dict[str, list[int]] = {}
    for other_at, other in enumerate(theirs):
        at_word.setdefault(other, []).append(other_at)
    table = contrast_table()
    for at, word in enumerate(mine):
        if word in theirs_set or not word.isalpha() or _function_word(word):
            continue
        for other_at in _beside_the_same_words(mine, at, at_word, len(theirs)):
            other = theirs[other_at]
            if other in mine_set or not _framed(mine, at, theirs, other_at):
                continue
            if _negated(mine, at) or _negated(theirs, other_at):
                continue
            if table.opposite(word, other) and not states_the_end(
                claim, (word, other), passage, table
            ):
                return word, other
    return None


def _beside_the_same_words(
    mine: list[str], at: int, at_word: dict[str, list[int]], length: int
) -> list[int]:
    """The passage's positions whose word before or after is the one around `at` in the
    claim: a frame starts with one of them, and a passage has few."""
    found: set[int] = set()
    if at > 0:
        found.update(i + 1 for i in at_word.get(mine[at - 1], ()))
    if at + 1 < len(mine):
        found.update(i - 1 for i in at_word.get(mine[at + 1], ()))
    return sorted(i for i in found if 0 <= i < length)


def _framed(mine: list[str], at: int, theirs: list[str], other_at: int) -> bool:
    """Whether the words around `at` in `mine` are those around `other_at` in `theirs`:
    FRAME_WORDS in all, counted outward from the changed word on both sides ("on
    orders under £40" against "on orders over £40": two before, one after).  An adverb
    of manner right beside the changed word on either side is passed over ("Sales rose
    sharply in March" against "Sales fell in March"): it says how, not which way."""
    before = _copied_run(mine, at, theirs, other_at, -1)
    after = _copied_run(mine, at, theirs, other_at, 1)
    return before + after >= FRAME_WORDS


def _copied_run(mine: list[str], at: int, theirs: list[str], other_at: int, step: int) -> int:
    """How many words, up to FRAME_WORDS, both texts write alike going from the changed
    word in `step`'s direction, an adverb of manner beside it passed over on either
    side."""
    starts = [(at + step, other_at + step)]
    if 0 <= at + step < len(mine) and _manner(mine[at + step]):
        starts.append((at + 2 * step, other_at + step))
    if 0 <= other_at + step < len(theirs) and _manner(theirs[other_at + step]):
        starts.append((at + step, other_at + 2 * step))
    return max(_run(mine, mine_at, theirs, their_at, step) for mine_at, their_at in starts)


def _run(mine: list[str], mine_at: int, theirs: list[str], their_at: int, step: int) -> int:
    count = 0
    while (
        count < FRAME_WORDS
        and 0 <= mine_at + count * step < len(mine)
        and 0 <= their_at + count * step < len(theirs)
        and mine[mine_at + count * step] == theirs[their_at + count * step]
    ):
        count += 1
    return count


def _manner(word: str) -> bool:
    """An adverb of manner or degree ("sharply", "steadily", "slightly"): a word of six
    letters or more ending in "-ly" that neither negates ("hardly"), restricts
    ("only"), tells how often ("weekly") nor is a time ("early")."""
    return len(word) > _SHORT_ADVERB and word.endswith("ly") and word not in _NOT_MANNER


_SHORT_ADVERB = 5
_NOT_MANNER = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "hardly barely scarcely nearly likely unlikely hourly weekly monthly yearly "
        "quarterly biweekly fortnightly annually family supply reply apply assembly "
        "rarely"
    ).split()
)


def _function_word(word: str) -> bool:
    """A word this rule leaves alone: one that says nothing alone ("on" and "off" in
    "15% discount on" against "15% off"), a word of five letters or more ending in
    "-er", read as a comparative (its sides may swap too: "the year is shorter than a
    day" restates "the day is longer than the year"; comparisons.py reads those; a noun
    such as "water" is left alone with them), or a verb whose opposite tells the same transfer from
    the other side ("receives" for "send")."""
    stem = words.stem(word)
    return (
        stem in words.STOPWORDS
        or word in _PARTICLES
        or (word.endswith("er") and len(word) > _SHORT_WORD)
        or stem in _CONVERSES
    )


_PARTICLES = frozenset({"on", "off", "in", "out", "more", "less", "fewer"})
_SHORT_WORD = 4
# Each names one transfer from one side or the other; stemmed (words.stem).
_CONVERSE_WORDS = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "send sends sent receive receives received buy buys bought sell sells sold give "
        "gives gave take takes took lend lends lent borrow borrows borrowed win wins won "
        "lose loses lost teach teaches taught learn learns learned import imports imported "
        "export exports exported"
    ).split()
)
_CONVERSES = frozenset(words.stem(word) for word in _CONVERSE_WORDS)


def _negated(tokens: list[str], at: int) -> bool:
    """Whether a negation word stands in the FRAME_WORDS words before `at` (the tokens
    are WORD's, which split "don't" into "don" and "t"), or "least" or "less" right
    before it ("the least expensive" restates "the cheapest")."""
    before = tokens[max(0, at - FRAME_WORDS) : at]
    return lessened(tokens, at) or any(token in CUE_WORDS or token == "t" for token in before)
