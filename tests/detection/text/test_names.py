"""The ways one thing is named: initialisms, titles beside a name, demonyms."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.names import (
    TITLES,
    adjective_bases,
    glossed_abbreviations,
    initialisms,
    initials,
    initials_of_names,
    is_initialism,
    other_names,
)


@pytest.mark.parametrize(
    ("name", "letters"),
    [
        ("Amazon Web Services", "aws"),
        ("United States of America", "usa"),  # small words are skipped
        ("Federal Bureau of Investigation", "fbi"),
    ],
)
def test_a_names_initials_skip_its_small_words(name: str, letters: str) -> None:
    assert initials(name) == letters


def test_every_run_of_a_names_words_has_its_initials() -> None:
    # The sentence's "The" is no part of the name, and "US Congress" names a part.
    found = initials_of_names("The United States Congress met on Monday.")
    assert {"us", "usc", "tus"} <= found
    assert "m" not in found  # one letter is no initialism


def test_initialisms_are_read_with_or_without_dots() -> None:
    assert initialisms("Ask the U.S. office or AWS, not the Team.") == {"us", "aws"}
    assert is_initialism("NYC")
    assert not is_initialism("Paris")


@pytest.mark.parametrize(
    ("word", "names"),
    [
        ("french", ("france",)),
        ("france", ("french",)),
        ("argentina", ("argentine", "argentinian")),
        ("british", ("britain", "uk")),
        ("jordanians", ("jordan",)),
        ("americans", ("america", "usa")),
        ("table", ()),
        ("tables", ()),
    ],
)
def test_a_demonym_and_its_country_name_each_other(word: str, names: tuple[str, ...]) -> None:
    assert other_names(word) == names


def test_titles_are_no_names() -> None:
    assert {"president", "ceo", "dr"} <= TITLES
    assert not {"obama", "paris"} & TITLES


def test_a_names_adjective_is_read_back_to_the_name() -> None:
    assert "venus" in adjective_bases("venusian")
    assert "canada" in adjective_bases("canadian")
    assert "japan" in adjective_bases("japanese")
    assert adjective_bases("roman") == ()  # "rom" is too short to be a name read off
    assert adjective_bases("venus") == ()


@pytest.mark.parametrize(
    ("text", "glossed"),
    [
        ("It resists hydrochloric acid (HCl).", ["HCl"]),
        ("It uses the cardiothoracic ratio (CTR) on an X-ray.", ["CTR"]),
        ("The Food and Drug Administration (FDA) approved it.", ["FDA"]),
        ("It was sold to Apple (AAPL) today.", []),  # its letters are not Apple's
        ("A new service (AWS) launched.", []),  # no content word starts it
        ("The World Health Organization (UN) said so.", []),
        ("Take the sedative alprazolam (Valium).", []),  # a name, not an abbreviation
    ],
)
def test_an_abbreviation_in_brackets_after_its_words_is_a_gloss(
    text: str, glossed: list[str]
) -> None:
    assert [text[start:end] for start, end in glossed_abbreviations(text)] == glossed


def test_a_text_of_many_brackets_is_read_in_one_pass() -> None:
    # Each bracket reads a few words before it, not the whole text before it (which,
    # for 10,000 brackets in 520,000 characters, took over three minutes).
    text = "The hyper text transfer protocol (HTTP) runs. " * 20_000
    assert len(glossed_abbreviations(text)) == 20_000
