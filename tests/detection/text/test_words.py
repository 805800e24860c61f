"""Words as the lexical signals see them: tokens, the tiny stemmer, stopwords."""

from __future__ import annotations

from grounding_sidecar.detection.text.words import (
    content_sequence,
    content_words,
    first_content_word,
    lower_case,
    speaks_of_subject,
    stem,
    subject_words,
    words,
    written,
)


def test_plural_variants_collide() -> None:
    assert (stem("parcels"), stem("deliveries"), stem("boxes")) == ("parcel", "delivery", "box")
    assert stem("ship") == "ship"  # four letters or fewer stay as they are


def test_numbers_and_contractions_are_one_token() -> None:
    assert words("Order 1,000 parcels, don't") == ("order", "1,000", "parcel", "don't")
    assert written("Parcels shipped") == ("Parcels", "shipped")


def test_content_words_leave_out_stopwords() -> None:
    assert content_words("The parcel is in the depot") == {"parcel", "depot"}


def test_content_sequence_keeps_order_and_repeats() -> None:
    assert content_sequence("The refund and the refunds are charged") == [
        "refund",
        "refund",
        "charg",
    ]


def test_a_passage_speaks_of_the_claims_subject_when_it_uses_its_first_content_word() -> None:
    assert speaks_of_subject("Parking is free for guests.", "Parking costs $15 per night.")
    # Stemmed as every word: "Books" is "book".
    assert speaks_of_subject("The books can be renewed.", "A book is lent for three weeks.")
    assert not speaks_of_subject("Breakfast is free.", "Parking costs $15 per night.")
    assert not speaks_of_subject("It is.", "Parking costs $15 per night.")


def test_the_first_content_word_skips_function_words_and_is_stemmed() -> None:
    assert first_content_word("The books can be renewed.") == "book"
    assert first_content_word("It is.") is None


def test_lower_case_keeps_the_texts_spans() -> None:
    assert lower_case("The Tallest Volcano") == "the tallest volcano"
    # "İ" lower-cases to two characters: the text stays as written, spans its own.
    assert lower_case("İstanbul is the largest city") == "İstanbul is the largest city"


def test_the_subject_words_are_the_first_run_of_content_words() -> None:
    assert subject_words("The reset link can be used once.") == ("reset", "link")
    assert subject_words("Each password reset link works a single time.") == (
        "password",
        "reset",
        "link",
    )
    assert subject_words("Books can be renewed.") == ("book",)
    assert subject_words("It is.") == ()
