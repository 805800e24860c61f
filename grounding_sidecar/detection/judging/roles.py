"""Roles reversed: "GitHub acquired Microsoft in 2018" against "Microsoft acquired GitHub
in 2018"; "The tenant must pay the landlord's legal costs" against "The landlord must
pay the tenant's legal costs".  Every word of the claim is the passage's, so no detail
is missing and the cosine is near 1; the order says who did what to whom
(docs/detection.md#roles).

Read where two names or nouns stand once each in the claim and in a clause of the
passage, on either side of one word both use (the act), in the opposite order; a
passive on either side ("was acquired by", "is paid by") or a word of the act that
joins the two alike ("and", "with", "between": "met", "merged") turns nothing around.
A passive is read on its own (`reversed_voice`): the name one text gives as the
agent of an act ("was acquired by Nordvik Group") the other puts right after the same
act said actively ("Halden Foods acquired Nordvik Group").
"""

from __future__ import annotations

import itertools
import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import rough_clauses, rough_sentences
from grounding_sidecar.detection.text.contrasts import known_noun

# A passive, a cause, or a pairing that makes both sides play one role.
_EVEN = re.compile(
    r"\b(?:by|and|with|between|against|versus|vs|each\s+other|one\s+another|from|to|"
    r"because|due)\b"
    # A passive with no agent named ("The trail is usually closed in winter").
    r"|\b(?:is|are|was|were|be|been|being)\s+(?:\w+\s+)?\w+(?:ed|en)\b"
)


def reversed_roles(claim: str, passage: str) -> tuple[str, str, str] | None:
    """(the first role word, the act, the second role word) as the claim orders them,
    when a clause of the passage orders the two the other way round; else None."""
    if _EVEN.search(claim.lower()):
        return None
    mine = _TOKEN.findall(claim)
    for clause in rough_clauses(passage):
        if _EVEN.search(clause.lower()):
            continue
        found = _reversed(mine, _TOKEN.findall(clause))
        if found is not None:
            return found
    return None


_TOKEN = re.compile(r"[A-Za-z][\w'-]*")
# An act is a word of four letters or more that no preposition is ("through", "within"
# order nothing: "7,000 miles through 16 countries").
_SHORTEST_ACT = 4
# Two role words and an act between them, each a word both texts share.
_ROLES_AND_ACT = 3
_PLACES = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "about above across after along among around before behind below beneath beside "
        "beyond despite down during except inside into near onto outside over past since "
        "than then through throughout toward towards under until upon while within without"
    ).split()
)


def _reversed(mine: list[str], theirs: list[str]) -> tuple[str, str, str] | None:
    """The two role words in `mine` that `theirs` orders the other way round, with an
    act between them in both."""
    lowered_mine = [t.lower() for t in mine]
    lowered_theirs = [t.lower() for t in theirs]
    shared = _once_in_both(lowered_mine, lowered_theirs)
    if len(shared) < _ROLES_AND_ACT:
        return None
    names = _capitalised(mine) & _capitalised(theirs)
    roles = [w for w in shared if w in names or known_noun(w)]
    acts = [w for w in shared if w not in roles and _can_act(w)]
    for first, second in itertools.combinations(roles, 2):
        a, b = lowered_mine.index(first), lowered_mine.index(second)
        c, d = lowered_theirs.index(first), lowered_theirs.index(second)
        if (a < b) == (c < d):
            continue
        for act in acts:
            at_mine, at_theirs = lowered_mine.index(act), lowered_theirs.index(act)
            if min(a, b) < at_mine < max(a, b) and min(c, d) < at_theirs < max(c, d):
                return (lowered_mine[min(a, b)], act, lowered_mine[max(a, b)])
    return None


def _can_act(word: str) -> bool:
    """Whether a word may be the act: four letters or more, no preposition, no adverb
    ("usually")."""
    return len(word) >= _SHORTEST_ACT and word not in _PLACES and not word.endswith("ly")


def _capitalised(tokens: list[str]) -> set[str]:
    return {token.lower() for token in tokens if token[0].isupper()}


def _once_in_both(mine: list[str], theirs: list[str]) -> list[str]:
    """Content words each text uses exactly once, in the claim's order."""
    return [
        w
        for w in dict.fromkeys(mine)
        if words.stem(w) not in words.STOPWORDS and mine.count(w) == 1 and theirs.count(w) == 1
    ]


# "from the United States to Panama": the two ends of a move, a few words each.
_ROUTE = re.compile(
    r"\bfrom\s+(?:the\s+)?(?P<start>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}?)"
    r"\s+to\s+(?:the\s+)?(?P<end>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}?)\b"
    r"(?=\s*(?:[,.;:]|$|\s+(?:on|in|at|by|for|under|after|before|during|when|and)\b))"
)


def reversed_route(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's start, its end) when the claim moves a thing from where the passage
    moves it to, and to where the passage moves it from: "control passed from Panama to
    the United States" against "control was transferred from the United States to
    Panama"; or from the place a passage that names no start moves it to, in a sentence
    using a word the claim says before its move ("Halden Foods moved its headquarters
    from Oslo to Bergen" against "The company moved its headquarters to Oslo").
    Numbers are left to changes.py, which reads them by the values alone; else None."""
    routes = list(_ROUTE.finditer(passage))
    theirs = {_ends(match) for match in routes}
    starts = {start for start, _ in theirs}
    for match in _ROUTE.finditer(claim):
        start, end = _ends(match)
        if start == end or (start, end) in theirs:
            continue
        if (end, start) in theirs:
            return start, end
        said = words.content_words(claim[: match.start()])
        if start not in starts and start in _destinations(passage, said):
            return start, end
    return None


# "to Oslo": a named place a thing is moved to.
_DESTINATION = re.compile(r"\bto\s+(?:the\s+)?(?P<end>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})")


def _destinations(passage: str, said: frozenset[str]) -> set[str]:
    """The named places the passage's sentences that use a word of `said` move things
    to, lower case."""
    return {
        _name_only(found["end"]).lower()
        for sentence in rough_sentences(passage)
        if not said.isdisjoint(words.content_words(sentence))
        for found in _DESTINATION.finditer(sentence)
    }


def _ends(match: re.Match[str]) -> tuple[str, str]:
    """A route's two ends in lower case, a named end cut where its name ends: "from
    Boston to Denver departs at 7:45" goes to "denver", not "denver departs"."""
    return _name_only(match["start"]).lower(), _name_only(match["end"]).lower()


def _name_only(end: str) -> str:
    written = end.split()
    if not written[0][0].isupper():
        return end
    named = itertools.takewhile(lambda word: word[0].isupper(), written)
    return " ".join(named)


# A name: capitalised words, "the" before them allowed ("Nordvik Group", "the Crown").
_NAME = r"(?:the\s+)?(?P<who>[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*)*)"
# An act in the passive with its agent named: "was acquired by Nordvik Group".
_BY_AGENT = re.compile(
    rf"\b(?:is|are|was|were|been|being|be)\s+(?:[a-z]+ly\s+)?(?P<act>[a-z]{{4,}})\s+by\s+{_NAME}"
)
# An act said actively with a name right after it: "acquired Nordvik Group"; the word
# before the act is no form of "be" (a passive) nor "to" (an aim: "agreed to acquire").
_ACTIVE_ON = re.compile(rf"(?<![\w-])(?P<act>[a-z]{{4,}})\s+{_NAME}")
_BE_OR_TO = frozenset({"is", "are", "was", "were", "been", "being", "be", "to"})


def reversed_voice(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's act and name, the passage's) where one text names as the agent of
    an act, in the passive, the name the other puts right after the same act said
    actively (its object): "Halden Foods acquired Nordvik Group" against "... was
    acquired by Nordvik Group"; "Nordvik Group was acquired by Halden Foods" against
    "Nordvik Group acquired Halden Foods".  Else None."""
    if " by " not in claim and " by " not in passage:
        return None  # most pairs: no passive with an agent, at a substring test
    for agents, objects, agent_first in ((passage, claim, False), (claim, passage, True)):
        for agent in _BY_AGENT.finditer(agents):
            act = words.stem(agent["act"])
            for done_to in _ACTIVE_ON.finditer(objects):
                if (
                    words.stem(done_to["act"]) == act
                    and done_to["who"] == agent["who"]
                    and _before(objects, done_to.start()) not in _BE_OR_TO
                ):
                    pair = (agent.group(), done_to.group())
                    return pair if agent_first else (pair[1], pair[0])
    return None


def _before(text: str, at: int) -> str:
    """The word of `text` that ends before `at`, lower case ("" at the start)."""
    found = _TOKEN.findall(text[:at])
    return found[-1].lower() if found else ""
