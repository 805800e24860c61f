"""Source lists: the lines where a cited answer names the sources it used.

A RAG answer often ends with its sources:

    Unopened items can be returned within 30 days [1].

    Sources:
    [1] Refund policy, section 3.2

Graded as a claim, "[1] Refund policy, section 3.2" is unsupported (no passage says
it), so a grounded, cited answer was refused under BLOCK.  An entry of such a list is
set aside (`source_list`) only when it can state nothing a source must back:

- it is a link (a URL, or a Markdown link whose text passes the next test), or
- its words, less the citation marker and the locators ("section 3.2", "p. 4",
  "(2024)", "2024 edition", "v2"), are the words a line of a source starts with (its
  title, as the source gives it), at most `MAX_TITLE_WORDS` of them.  A run from the
  middle of a source's sentence does not count: "refunds take 90 days" out of "It is
  false that refunds take 90 days" is a claim, not a title.

Any other line under a "Sources:" label is graded like any sentence, so a claim
written as a source entry ("[1] Refunds take 90 days") is still checked.  A list is
recognised by its label line ("Sources:", "References", "## Citations", "**Sources**",
or "Source: <entry>" on one line) or, anywhere in the answer, by Markdown's own
definition syntax ("[^1]: …" footnotes, "[1]: https://…" link definitions).  A
segment is set aside only when every line of it is a label or such an entry.

The same test reads a claim's closing parenthesis: "… within 30 days (Source: Refund
policy, section 3.2)." cites a source inline, and the claim is read without it
(`Claim.citation`), so "3.2" is no number a passage must state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from grounding_sidecar.detection.contract import SkippedClaim, SkipReason
from grounding_sidecar.detection.text.claims import ClaimSplit

# A title longer than this is a quotation, graded like any sentence.
MAX_TITLE_WORDS = 12
# What of a source's line a title may take: twelve words of up to 24 characters.
_TITLE_CHARS = MAX_TITLE_WORDS * 25

_LABEL_WORDS = r"(?:sources?|references?|citations?|bibliography|works cited|further reading)"
_EMPHASIS = r"[*_]{0,3}"
_LABEL = rf"{_EMPHASIS}{_LABEL_WORDS}{_EMPHASIS}"
_LABEL_LINE = re.compile(
    rf"^[ \t]*(?:#{{1,6}}[ \t]+)?{_LABEL}[ \t]*:?[ \t]*{_EMPHASIS}[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_INLINE_LABEL = re.compile(
    rf"^[ \t]*{_LABEL}[ \t]*:{_EMPHASIS}[ \t]*(?=\S)", re.IGNORECASE | re.MULTILINE
)
_DEFINITION = re.compile(r"^[ \t]*\[(?:\^[\w-]{1,40}|\d{1,3})\]:[ \t]*")
_DEFINITION_LINE = re.compile(_DEFINITION.pattern, re.MULTILINE)
_MARKER = re.compile(
    r"^[ \t]*(?:[-*+•][ \t]+|\d{1,3}[.)][ \t]+|\[\d{1,3}\][ \t]*|【[^】]{0,40}】[ \t]*)"
)
_MARKDOWN_LINK = re.compile(r"\[([^\]\n]*)\]\(\s*<?\S+?>?(?:\s+\"[^\"\n]*\")?\s*\)")
_URL = re.compile(r"<?(?:https?://|www\.)\S+?>?(?=[\s)\],;]|$)", re.IGNORECASE)
_LOCATOR = re.compile(
    r"\b(?:sections?|sec\.|chapters?|ch\.|pages?|pp?\.|paragraphs?|para\.|clauses?|"
    r"articles?|art\.|parts?|appendix|annex|tables?|figures?|fig\.|items?|rules?|lines?)"
    r"\s*\d[\w.–-]*"
    r"|§+\s*\d[\w.–-]*"
    r"|\(\s*(?:19|20)\d\d\s*\)"
    r"|\b(?:19|20)\d\d\s+(?:edition|ed\.|version|revision)"
    r"|\b(?:v|version|rev\.?|revision)\s*\d[\w.]*",
    re.IGNORECASE,
)
_WORD = re.compile(r"\w+")
# A claim's closing parenthesis, before its final stop: "(Source: Refund policy)",
# "(see Refund policy, section 3.2)", "(Refund policy; Shipping times)".
_INLINE_CITATION = re.compile(
    rf"(?P<cited>\s*\((?:(?:{_LABEL_WORDS}|see|cf\.?|per|from)\s*:?\s*)?"
    r"(?P<body>[^()\n]{1,160})\))[ \t]*[.!?]?[\"'”’]*[ \t]*$",
    re.IGNORECASE,
)
_TITLE_SEPARATOR = re.compile(r";")


def source_line_words(sources: Sequence[str]) -> tuple[str, ...]:
    """The opening words of each line of the sources, lower-cased, one space apart and
    at both ends: an entry's title is looked for at the start of one (a title heads a
    source or a line of it), so only a line's first `_TITLE_CHARS` characters are read."""
    return tuple(
        _word_run(line[:_TITLE_CHARS]) for source in sources for line in source.splitlines() if line
    )


def set_aside_source_lists(
    answer: str, split: ClaimSplit, line_words: Callable[[], Sequence[str]]
) -> ClaimSplit:
    """`split` with each segment that is a source list (its label, its entries) moved
    to or marked among its skipped segments as `source_list`; `split` itself when the
    answer has none.  The sources' lines (`line_words`) are read only when the answer
    has a list label or a Markdown definition line."""
    section_start = _section_start(answer)
    if section_start is None and _DEFINITION_LINE.search(answer) is None:
        return split
    lines = line_words()

    def listed(text: str, span: tuple[int, int]) -> bool:
        in_section = section_start is not None and span[1] > section_start
        return _is_source_list(text, in_section, lines)

    relabelled = tuple(
        SkippedClaim(s.text, s.span, SkipReason.SOURCE_LIST)
        if s.reason is SkipReason.TOO_SHORT and listed(s.text, s.span)
        else s
        for s in split.skipped
    )
    chosen = {i for i, claim in enumerate(split.claims) if listed(claim.text, claim.span)}
    if relabelled != split.skipped:
        split = ClaimSplit(split.claims, relabelled, split.truncated)
    return split.set_aside(chosen, SkipReason.SOURCE_LIST)


def set_aside_inline_citations(
    split: ClaimSplit, line_words: Callable[[], Sequence[str]]
) -> ClaimSplit:
    """`split` with each claim's closing parenthesis left out of its reading when it
    names a source: "... for a full refund (Source: Refund policy, section 3.2)." reads
    as "... for a full refund.", so the title's words and the locator's numbers are
    never details a passage must state.  A parenthesis that names no source ("(about
    90 days)") stays part of the claim.  The sources' lines (`line_words`) are read
    only when a claim ends with a parenthesis."""
    closing = {
        i: match
        for i, claim in enumerate(split.claims)
        if claim.question is None and (match := _INLINE_CITATION.search(claim.text))
    }
    if not closing:
        return split
    lines = line_words()
    cited = {i: match for i, match in closing.items() if _cites_sources(match, lines)}
    if not cited:
        return split
    claims = tuple(
        replace(claim, citation=cited[i].span("cited")) if i in cited else claim
        for i, claim in enumerate(split.claims)
    )
    return ClaimSplit(claims, split.skipped, split.truncated)


def _cites_sources(match: re.Match[str], line_words: Sequence[str]) -> bool:
    """Whether a closing parenthesis names sources only, each by its title."""
    titles = [title for title in _TITLE_SEPARATOR.split(match.group("body")) if title.strip()]
    return bool(titles) and all(_names_a_source(title, line_words) for title in titles)


def _section_start(answer: str) -> int | None:
    """Where the answer's first source list label is; None when it has none."""
    labels = [m.start() for m in (_LABEL_LINE.search(answer), _INLINE_LABEL.search(answer)) if m]
    return min(labels, default=None)


def _is_source_list(text: str, in_section: bool, line_words: Sequence[str]) -> bool:
    """Whether every line of `text` is a list label or an entry that names a source;
    outside a labelled list only Markdown definitions ("[^1]: …") are entries."""
    lines = [line for line in text.splitlines() if line.strip()]
    return bool(lines) and all(
        (in_section and _LABEL_LINE.fullmatch(line))
        or _names_a_source(_entry_body(line, in_section), line_words)
        for line in lines
    )


def _entry_body(line: str, listed: bool) -> str | None:
    """The entry's text after its marker; None when the line is no entry."""
    definition = _DEFINITION.match(line)
    if definition is not None:
        return line[definition.end() :]
    if not listed:
        return None
    inline = _INLINE_LABEL.match(line)
    rest = line[inline.end() :] if inline is not None else line
    marker = _MARKER.match(rest)
    return rest[marker.end() :] if marker is not None else rest


def _names_a_source(body: str | None, line_words: Sequence[str]) -> bool:
    if body is None:
        return False
    linked = bool(_MARKDOWN_LINK.search(body) or _URL.search(body))
    title = _LOCATOR.sub(" ", _URL.sub(" ", _MARKDOWN_LINK.sub(r" \1 ", body)))
    words = _WORD.findall(title)
    if not words:
        return linked
    if len(words) > MAX_TITLE_WORDS:
        return False
    run = _word_run(title)
    return any(line.startswith(run) for line in line_words)


def _word_run(text: str) -> str:
    return " " + " ".join(word.lower() for word in _WORD.findall(text)) + " "
