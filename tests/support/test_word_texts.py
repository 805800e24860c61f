"""The texts-of-words strategy draws only the vocabulary's words, at most as many as asked."""

from __future__ import annotations

from hypothesis import given

from tests.support.word_texts import word_texts


@given(word_texts(["no", "more", "than"], max_words=4))
def test_a_text_holds_only_the_vocabularys_words(text: str) -> None:
    drawn = text.split()
    assert len(drawn) <= 4
    assert set(drawn) <= {"no", "more", "than"}
