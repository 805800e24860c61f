"""A pair of texts cut to what its truncation can keep encodes as the whole pair does,
whichever side the truncation cuts (the test checker's real tokenizer)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer

from grounding_sidecar.detection.verifier.model import Truncation
from grounding_sidecar.detection.verifier.reach import WHOLE_PAIR_CHARS_SQUARED, TextReach

TOKENIZER = Path(__file__).parent / "checkers" / "bert" / "tokenizer.json"
MAX_TOKENS = 24
# Words, word pieces, numbers, punctuation, accents, a CJK run, a ligature that
# normalises into two letters, and whitespace of every kind.
_PIECES = st.sampled_from(
    ["the", "refund", "unbelievably", "1", "-", "2.5", ",", ".", "é", "naïve", "东京都",
     "ﬁ", "''", " ", "  ", "\n", "\t", "x" * 120, "42nd"]
)  # fmt: skip
_TEXT = st.lists(_PIECES, max_size=80).map("".join)


def pair_tokenizer(truncation: Truncation) -> Any:
    tokenizer = Tokenizer.from_file(str(TOKENIZER))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_TOKENS, strategy=truncation.value)
    return tokenizer


def encoded(tokenizer: Any, passage: str, claim: str) -> tuple[list[int], list[int]] | str:
    try:
        encoding = tokenizer.encode(passage, claim)
    except Exception as exc:  # the claim alone overflows (only_first): raised either way
        return type(exc).__name__
    return encoding.ids, encoding.type_ids


@pytest.mark.parametrize("truncation", list(Truncation))
@settings(max_examples=300, deadline=None)
@given(passage=_TEXT, claim=_TEXT)
# Both sides past the model's length, the passage longer by its last word only: cut to
# the same length, the odd token of the budget went to the claim.
@example(passage="the" * 11 + "-", claim="the" * 11)
def test_a_cut_pair_encodes_as_the_whole_pair(
    truncation: Truncation, passage: str, claim: str
) -> None:
    reach = TextReach(TOKENIZER, MAX_TOKENS, whole_up_to=0)  # every pair cut
    tokenizer = pair_tokenizer(truncation)
    whole = encoded(tokenizer, passage, claim)
    assert encoded(tokenizer, *reach.pair(passage, claim)) == whole


def test_long_texts_are_cut_after_the_word_their_last_kept_token_is_in() -> None:
    reach = TextReach(TOKENIZER, MAX_TOKENS)
    text = "1-" * 5_000  # every character a token: the case that cost a second
    passage, claim = reach.pair(text, text)
    assert passage == claim == text[: MAX_TOKENS + 1]


def test_the_cuts_keep_which_side_is_longer() -> None:
    reach = TextReach(TOKENIZER, MAX_TOKENS)
    passage, claim = "1-" * 1_000, "2-" * 500  # 2,000 x 1,000 characters: cut
    assert len(passage) * len(claim) > WHOLE_PAIR_CHARS_SQUARED
    cut_passage, cut_claim = reach.pair(passage, claim)
    assert len(cut_claim) == MAX_TOKENS + 1
    assert len(cut_passage) == MAX_TOKENS + 2  # still the longer side
    short = "The refund arrives within 14 days."
    assert reach.pair(passage, short) == (passage, short)  # cheap to truncate whole
