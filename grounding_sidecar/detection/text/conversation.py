"""Conversation: the sentences of an answer that talk to the user and state no fact.

Chat models open and close their answers in fixed phrases: "Here is a concise summary
of the passage:", "Let me know if you have any other questions!", "I hope this helps."
Graded as claims under the default `strict` policy they are unsupported (no passage
says them), so a grounded answer was refused under BLOCK for its politeness.  The
splitter (claims.py) skips such a preamble or closing as `conversation`; an abstention
("I could not find information about X in the provided documents") is set aside when
the sources bear it out (abstentions.py).

A sentence is conversation only when the whole of it is one of these templates; a
template's open slot (the topic of an abstention) takes a few plain words, no clause:
no "so", "but", "because", no "is", "are", "can", no comma, unless it is an embedded
question ("whether shipping is refunded").  So "I could not find a fee, so returns are
free." and "Feel free to return opened items." stay claims.  A preamble or closing
has no open slot at all, so none can carry a detail; an abstention whose topic holds one
(a number, a date, a name) is graded (abstentions.py).
"""

from __future__ import annotations

import re

_SOURCE = (
    r"(?:(?:the|this|that|these|those|your|my|provided|given|supplied|above|attached|"
    r"retrieved|following|available|original|shared)\s+)*"
    r"(?:passage|document|text|article|source|context|excerpt|material|search result|"
    r"result|report|content|information|page|file|knowledge base)s?"
)
_ADJECTIVES = (
    r"(?:(?:a|an|the|my)\s+)?"
    r"(?:(?:concise|brief|short|quick|detailed|clear|simple|neutral|factual|complete|"
    r"final|general)\s+)*"
)
_KINDS = (
    r"(?:summary|summaries|overview|breakdown|answer|response|rundown|recap|"
    r"(?:key|main|core|relevant|important|essential)\s+(?:points|information|details|facts|"
    r"takeaways|highlights)|information|details|highlights|takeaways)"
)
_CORE = (
    r"(?:the\s+)?(?:core|key|main|most important|essential|relevant)\s+"
    r"(?:pieces of\s+)?(?:information|points|details|facts)"
)
_FROM_SOURCE = (
    rf"(?:\s+(?:of|from|in|based on|on|about|for)\s+(?:{_CORE}\s+(?:in|from|of)\s+)?{_SOURCE})?"
)
_COVERING = (
    rf"(?:,?\s+(?:covering|capturing|including|with)\s+{_CORE}"
    rf"(?:\s+(?:described|presented|provided|mentioned|stated|(?:in|from)\s+{_SOURCE}))?)?"
)
_PREAMBLE = (
    r"(?:(?:sure|certainly|of course|absolutely)[,!.]?\s+)?"
    rf"(?:(?:based on|according to|from)\s+{_SOURCE},\s*)?"
    rf"here(?:\s+is|'s|’s|\s+are)\s+(?:{_ADJECTIVES}{_KINDS}{_FROM_SOURCE}{_COVERING}"
    rf"|what (?:i|we) (?:found|could find){_FROM_SOURCE}|what {_SOURCE} (?:says?|states?))\s*[:.]?"
)

_MORE = (
    r"(?:\s+if\s+(?:you\s+(?:have|need|want|would like)|there\s+(?:is|are))"
    r"(?:\s+(?:any|anything|some))?(?:\s+(?:other|more|further|additional|follow-up))?"
    r"(?:\s+(?:questions?|help|information|details|clarification|assistance|concerns?))?"
    r"(?:\s+else)?"
    r"|\s+if\s+(?:i|we)\s+can\s+help(?:\s+you)?(?:\s+(?:further|with anything else))?)?"
    r"(?:\s+(?:about|on|regarding)\s+(?:this|that|it|these|this topic))?"
)
_CLOSING = (
    rf"(?:please\s+)?(?:let (?:me|us) know|feel free to (?:ask|reach out|let (?:me|us) know)|"
    rf"do(?:n't| not) hesitate to (?:ask|reach out|let (?:me|us) know)){_MORE}\s*[.!]*"
    r"|(?:i\s+)?hope (?:this|that|it) helps(?:\s+you)?(?:\s+(?:a lot|further))?\s*[.!]*"
    r"|(?:i'm|i am|we're|we are)\s+(?:happy|glad) to help(?:\s+further)?\s*[.!]*"
    r"|is there anything else (?:i|we) can (?:help (?:you\s+)?with|do for you)"
    r"(?:\s+today)?\s*\?"
    r"|thank you for (?:your question|reaching out|contacting us|asking)\s*[.!]*"
    # The same offers with the condition first: "If you have any other questions, feel
    # free to ask!", "If you need further help, please let me know."
    r"|if\s+you\s+(?:have|need)(?:\s+(?:any|anything))?(?:\s+(?:other|more|further|"
    r"additional|follow-up))?(?:\s+(?:questions?|help|information|details|assistance))?"
    r"(?:\s+else)?,?\s+(?:please\s+)?(?:let (?:me|us) know|feel free to (?:ask|reach out)|"
    r"do(?:n't| not) hesitate to (?:ask|reach out))\s*[.!]*"
    r"|(?:i\s+)?hope (?:this|that|the above) (?:information\s+)?(?:helps|is helpful|was helpful)"
    r"(?:\s+to you)?\s*[.!]*"
)

# An abstention's topic: plain words, no clause (embedded questions aside).
_CLAUSE_WORDS = (
    r"so|but|because|since|therefore|thus|hence|however|although|though|yet|while|which|"
    r"who|that|is|are|was|were|be|been|will|would|can|could|must|should|may|might|has|"
    r"have|had|do|does|did|not|no|never"
)
_PLAIN_WORD = rf"(?!(?:{_CLAUSE_WORDS})\b)[\w'’-]+"
_TOPIC = (
    rf"(?:(?:whether|if|how|when|where|what|why)\s+[\w'’-]+(?:\s+[\w'’-]+){{0,11}}?"
    rf"|{_PLAIN_WORD}(?:\s+{_PLAIN_WORD}){{0,7}}?)"
)
_NOT = r"(?:\s+not|n't|n’t)"
_NOT_FOUND = re.compile(
    r"(?:(?:i'm|i am) sorry,?\s+(?:but\s+)?|unfortunately,?\s+)?"
    r"(?:(?:i|we)\s+(?:could|can|was|am|were|did)(?:\s+not|n't|n’t| unable to)|"
    r"(?:i|we)\s+(?:cannot|can not))\s+find\s+(?:any\s+)?"
    r"(?:information|details|mention|anything|data)\s+(?:about|on|regarding|related to|"
    rf"concerning)\s+(?P<topic>{_TOPIC})(?:\s+in\s+{_SOURCE})?\s*[.!]?",
    re.IGNORECASE,
)
_SILENT_SOURCES = re.compile(
    rf"(?:(?:the|these|your)\s+)?{_SOURCE}\s+(?:do|does|did){_NOT}\s+(?:say|mention|specify|"
    r"state|include|contain|cover|address|provide|discuss)"
    rf"(?:\s+(?:any\s+)?(?:information|details)\s+(?:about|on|regarding))?\s+(?P<topic>{_TOPIC})"
    r"\s*[.!]?",
    re.IGNORECASE,
)
_PLEASANTRY = re.compile(rf"(?:{_PREAMBLE}|{_CLOSING})", re.IGNORECASE)
_WRAPPING = "*_\"'“”‘’ \t\n"


def is_pleasantry(sentence: str) -> bool:
    """Whether the whole of `sentence` is a preamble or a closing in the fixed phrases
    above (emphasis and a "Note:" label aside)."""
    return _PLEASANTRY.fullmatch(_unwrapped(sentence)) is not None


def abstention_topic(sentence: str) -> str | None:
    """What an abstention ("I could not find information about X", "The documents do
    not mention X") says the sources lack: X; None when `sentence` is no abstention."""
    text = _unwrapped(sentence)
    match = _NOT_FOUND.fullmatch(text) or _SILENT_SOURCES.fullmatch(text)
    return match.group("topic") if match is not None else None


def _unwrapped(sentence: str) -> str:
    text = sentence.strip(_WRAPPING)
    if text[:5].lower() == "note:":
        text = text[5:].strip(_WRAPPING)
    return text
