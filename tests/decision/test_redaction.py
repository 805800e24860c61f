"""REDACT: what goes when ungrounded claims are removed, and what stays byte for byte."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from grounding_sidecar.decision import (
    Action,
    CheckOutcome,
    GroundingPolicy,
    decide,
    redact,
)
from grounding_sidecar.decision.redaction import stable_end
from grounding_sidecar.detection import Grader, HashEmbedder, ResponseVerdict
from tests.support.exchange import GROUNDED, SOURCE, UNGROUNDED

REDACT = GroundingPolicy(enabled=True, action=Action.REDACT)


def spans_of(text: str, *sentences: str) -> list[tuple[int, int]]:
    return [(text.index(s), text.index(s) + len(s)) for s in sentences]


def test_a_sentence_goes_with_the_space_that_joined_it() -> None:
    text = "Good one. Bad one. Good two."
    assert redact(text, spans_of(text, "Bad one.")).text == "Good one. Good two."
    assert redact(text, spans_of(text, "Good two.")).text == "Good one. Bad one."


def test_a_list_item_or_heading_left_empty_goes_whole() -> None:
    text = "# Bad heading here\n- Good item stays.\n- Bad item goes.\n- Bad one. Bad two.\nEnd."
    removed = spans_of(text, "Bad heading here", "Bad item goes.", "Bad one.", "Bad two.")
    assert redact(text, removed).text == "- Good item stays.\nEnd."


def test_offsets_move_with_what_was_removed() -> None:
    text = "Bad one. Good one."
    redaction = redact(text, spans_of(text, "Bad one."))
    start = text.index("Good one.")
    assert redaction.text[redaction.moved(start) :] == "Good one."


SENTENCES = ["Alpha is first.", "Beta follows it.", "Gamma ends here.", "Delta is extra."]


@given(
    picks=st.lists(st.integers(0, 3), min_size=1, max_size=8),
    joins=st.lists(st.sampled_from([" ", "\n", "\n- ", "\n\n"]), min_size=8, max_size=8),
    drop=st.lists(st.booleans(), min_size=8, max_size=8),
)
def test_what_is_kept_is_the_upstreams_text(
    picks: list[int], joins: list[str], drop: list[bool]
) -> None:
    parts, spans, kept = [], [], []
    offset = 0
    for i, pick in enumerate(picks):
        sentence = SENTENCES[pick]
        spans.append((offset, offset + len(sentence)))
        parts.append(sentence + joins[i])
        offset += len(sentence) + len(joins[i])
    text = "".join(parts)
    removed = [span for span, d in zip(spans, drop, strict=False) if d]
    redaction = redact(text, removed)
    for span in spans:
        if span in removed:
            continue
        kept.append(text[slice(*span)])
        start, end = redaction.moved(span[0]), redaction.moved(span[1])
        assert redaction.text[start:end] == text[slice(*span)]  # byte for byte, in place
    for start, end in removed:  # every removed claim lies inside a removed range
        assert any(a <= start and end <= b for a, b in redaction.removed)
    assert sum(redaction.text.count(s) for s in SENTENCES) == len(kept)


def test_redact_delivers_a_mixed_answer_and_refuses_one_with_nothing_grounded() -> None:
    grader = Grader(HashEmbedder())
    mixed = grader.check(f"{GROUNDED} {UNGROUNDED}", [SOURCE])
    decision = decide(CheckOutcome(mixed), REDACT, "t")
    assert decision.deliver and decision.verdict_header == "redacted"
    assert decision.redact == (mixed.claims[1].span,)
    ungrounded = grader.check(UNGROUNDED, [SOURCE])
    refused = decide(CheckOutcome(ungrounded), REDACT, "t")
    assert refused.refusal is not None and refused.verdict is ResponseVerdict.FAIL
    prefix = decide(CheckOutcome(mixed, truncated=True), REDACT, "t")
    assert prefix.refusal is not None  # only a prefix was checked: as BLOCK
    grounded = decide(CheckOutcome(grader.check(GROUNDED, [SOURCE])), REDACT, "t")
    assert grounded.deliver and not grounded.redact and grounded.verdict_header == "pass"


def test_an_unfinished_line_left_bare_so_far_waits() -> None:
    text = "- Good one here.\n- Bad one here. And more"
    bad = spans_of(text, "Bad one here.")
    redaction = redact(text, bad)
    line = text.index("- Bad")
    assert stable_end(text, redaction, text.index("And")) == line  # its marker may yet go
    arrived = text + ".\n"  # its newline is here, but "And more." is not yet settled
    assert stable_end(arrived, redact(arrived, bad), arrived.index("And")) == line
    settled = arrived.index(".\n", line) + 1
    assert stable_end(arrived, redact(arrived, bad), settled) == settled


def test_the_spaces_ending_a_release_wait_for_what_follows_them() -> None:
    """A later sentence removed as its line's last takes the space before it, so a
    release never ends on that space (deferred REDACT would not deliver it)."""
    text = "- Good one here. Bad one here."
    settled = text.index("Bad")
    assert stable_end(text, redact(text[:settled], []), settled) == settled - 1
    assert redact(text, spans_of(text, "Bad one here.")).text == "- Good one here."
    two_lines = "Good one here. \nBad one"
    assert stable_end(two_lines, redact(two_lines, []), two_lines.index("\n")) == 14
