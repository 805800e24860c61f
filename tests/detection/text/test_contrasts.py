"""The shipped contrast table: the pairs the verifier's contradiction override needs
to name, reached from inflected forms, and rebuilt byte for byte from WordNet."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding_sidecar.detection.text.contrasts import TABLE_PATH, contrast_table


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("open", "closed"),  # WordNet antonyms
        ("rose", "fell"),  # irregular forms of rise / fall
        ("increased", "decreased"),  # the project's direction list
        ("email", "phone"),  # the project's contrast lists
        ("steel", "wood"),
        ("book", "film"),  # WordNet noun co-hyponyms
        ("second", "first"),  # ordinals
        ("approved", "rejected"),
    ],
)
def test_contrasting_words_are_found_in_any_order(first: str, second: str) -> None:
    table = contrast_table()
    assert table.contrast(first, second)
    assert table.contrast(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [("build", "create"), ("special", "specially"), ("popular", "phenomenon"), ("open", "open")],
)
def test_paraphrases_and_unrelated_words_are_not_contrasts(first: str, second: str) -> None:
    assert not contrast_table().contrast(first, second)


def test_lemmas_undo_regular_and_irregular_inflections() -> None:
    table = contrast_table()
    assert {"rise"} <= table.lemmas("rose")
    assert {"stop"} <= table.lemmas("stopped")
    assert {"decrease"} <= table.lemmas("decreased")
    assert {"city"} <= table.lemmas("cities")


WORDNET = Path("/usr/share/wordnet")


@pytest.mark.skipif(
    not (WORDNET / "data.noun").exists(), reason="WordNet (Debian wordnet-base) not installed"
)
def test_the_shipped_table_is_what_the_script_builds(tmp_path: Path) -> None:
    from tools.verifier.contrast_table import table, write

    rebuilt = write(table(WORDNET), tmp_path / "contrasts.json.gz")
    assert rebuilt == TABLE_PATH.read_bytes(), (
        "rebuild with python -m tools.verifier.contrast_table"
    )
