"""Statements: short sentences that say something a source must back.

A sentence under `min-claim-words` is skipped as too short unless it holds a checkable
detail (details.has_checkable_detail).  But "Delivery is free.", "Pets are allowed.",
"Helmets cost extra." and "Liverpool is in Australia." hold no number, date or
negation and are whole claims all the same: skipped, each let a meaning flip through a
BLOCK workspace unread, and a fact-checking set of short claims ended `unknown`.

A short sentence is graded as a statement when all of these hold:
- it ends as a sentence does, with "." or "!": a question, a lead-in ("Key points
  include:"), a label, a heading or a list item without a full stop names a topic
  and asserts nothing; nor does an ellipsis that trails off;
- it has at least three words, and two content words that are about the world rather
  than the conversation: "Great question.", "Good luck with your move.", "See the
  table below." and "The short answer is yes." talk to the user (`_CONVERSATION_WORDS`),
  and so does a short sentence the assistant opens with itself or a suggestion ("I'm
  sorry for the confusion.", "Let's break it down.");
- it has a predicate: an auxiliary or copula ("is", "are", "has", "can", "that's")
  or a content word written in lower case ("carry", "ended", "free"), so a run of
  names cut off by an abbreviation ("Tolkien and C.S.") is not one;
- an exclamation has an auxiliary or copula: "Pets are welcome!" is a claim, "Enjoy
  your stay!" and "Happy cooking!" are not.

Conversation in fixed phrases ("I hope this helps.") is set aside after this reading
(conversation.py): a statement can still be a pleasantry.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text.clauses import AUXILIARIES
from grounding_sidecar.detection.text.words import STOPWORDS

_MIN_WORDS = 3
_MIN_CONTENT_WORDS = 2
# Stopwords that are a verb: a sentence with one has a predicate.
_AUXILIARIES = frozenset((*AUXILIARIES, "be", "been", "being"))
# Contractions read as their parts: "that's" is "that" and "is", "isn't" "is" and "not".
_CONTRACTED = {"'s": "is", "'re": "are", "'ve": "have", "'ll": "will", "'d": "would", "'m": "am"}
_NOT = "n't"
_NEGATED = {"ca": "can", "wo": "will", "sha": "shall"}  # "can't", "won't", "shan't"
# Words of talking to the user, not of the world: a short sentence made of them is
# conversation however it is phrased.  Kept small: each word here ("good", "free" is
# not) makes some short claims about the world go unread.
_CONVERSATION_WORDS = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "yes no not sure okay ok great good happy glad hope luck thanks thank "
        "question questions answer answers help helps helpful explain know need see "
        "below above following summary details let enjoy ask asking feel sorry "
        "apologize apologise apologies confusion inconvenience follow note please"
    ).split()
)
# A short sentence the assistant opens with itself or a suggestion speaks of the
# conversation: "I'm sorry for the confusion.", "I hope this clarifies things.", "Let's
# break it down."
_SPEAKERS = frozenset({"i", "let"})
_NOT_CONTENT = STOPWORDS | _CONVERSATION_WORDS
_TOKEN = re.compile(r"[^\W_]+(?:[.'’][^\W_]+)*")
# The sentence's last mark, before closing quotes, brackets and emphasis.
_END = re.compile(r"([.!])[\"'”’)\]*_]*\s*$")


def is_statement(sentence: str) -> bool:
    """Whether a short `sentence` asserts something (the rules above)."""
    end = _END.search(sentence)
    if end is None or sentence[: end.start()].rstrip().endswith((".", "?", ":")):
        return False
    words = [part for token in _TOKEN.findall(sentence) for part in _parts(token)]
    if len(words) < _MIN_WORDS or words[0].lower() in _SPEAKERS:
        return False
    content = [word for word in words if word.lower() not in _NOT_CONTENT]
    if len(content) < _MIN_CONTENT_WORDS:
        return False
    auxiliary = any(word.lower() in _AUXILIARIES for word in words)
    if end.group(1) == "!":
        return auxiliary
    return auxiliary or any(word[0].islower() for word in content)


def _parts(token: str) -> tuple[str, ...]:
    """A token as the words it is written for ("that's" -> "that", "is")."""
    plain = token.replace("’", "'")
    lowered = plain.lower()
    if lowered.endswith(_NOT):
        base = lowered[: -len(_NOT)]
        return (_NEGATED.get(base, base), "not")
    for ending, word in _CONTRACTED.items():
        if lowered.endswith(ending):
            return (plain[: -len(ending)], word)
    return (plain,)
