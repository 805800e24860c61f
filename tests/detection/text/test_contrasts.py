"""The shipped contrast table: the pairs the verifier's contradiction override needs
to name, reached from inflected forms, and rebuilt byte for byte from WordNet."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding_sidecar.detection.contract import VerifierMode
from grounding_sidecar.detection.text import contrasts
from grounding_sidecar.detection.text.contrasts import (
    TABLE_PATH,
    TABLE_SHA256,
    ContrastTableUnavailable,
    contrast_table,
    known_noun,
)
from grounding_sidecar.detection.verifier.base import VerifierUnavailable
from grounding_sidecar.detection.verifier.loading import load_verifier
from tools.training.verifier.contrast_table import table, write
from tools.training.verifier.wordnet import WORDNET_DIR


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
        ("temporary", "permanent"),  # WordNet indirect antonyms (a satellite's head)
        ("huge", "tiny"),
        ("online", "offline"),  # the project's domain list
        ("approved", "denied"),
        ("legal", "finance"),  # what tells "legal team" from "finance team"
        ("monthly", "annual"),  # the project's periods
        ("yearly", "weekly"),
        ("removes", "adds"),  # the domain list's opposite acts, in any inflection
        ("joined", "left"),
        ("gained", "lost"),
        ("banned", "allowed"),
        ("optional", "mandatory"),
    ],
)
def test_contrasting_words_are_found_in_any_order(first: str, second: str) -> None:
    table = contrast_table()
    assert table.contrast(first, second)
    assert table.contrast(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("build", "create"),
        ("special", "specially"),
        ("popular", "phenomenon"),
        ("final", "last"),
        ("large", "bigger"),
        ("open", "open"),
        ("refused", "declined"),  # one group of the domain list, but synonyms
        ("annual", "yearly"),  # one period, two words
        ("annually", "annual"),
        ("banned", "forbidden"),  # two prohibitions restate each other
    ],
)
def test_paraphrases_and_unrelated_words_are_not_contrasts(first: str, second: str) -> None:
    assert not contrast_table().contrast(first, second)


def test_the_first_pair_follows_the_order_given() -> None:
    found = contrast_table().first_pair(["cheap", "closed", "red"], ["green", "open"])
    assert found == ("closed", "open")
    assert contrast_table().first_pair(["build"], ["create", "make"]) is None


def test_lemmas_undo_regular_and_irregular_inflections() -> None:
    table = contrast_table()
    assert {"rise"} <= table.lemmas("rose")
    assert {"stop"} <= table.lemmas("stopped")
    assert {"decrease"} <= table.lemmas("decreased")
    assert {"city"} <= table.lemmas("cities")


def test_the_shipped_table_is_what_the_script_builds(tmp_path: Path) -> None:
    # `make test` installs WordNet (`make tools`): missing, this fails, never skips.
    assert (WORDNET_DIR / "data.noun").exists(), "WordNet is missing: run `make tools`"
    rebuilt = write(table(WORDNET_DIR), tmp_path / "contrasts.json.gz")
    assert rebuilt == TABLE_PATH.read_bytes(), (
        "rebuild with python -m tools.training.verifier.contrast_table"
    )


def test_a_table_that_is_not_the_pinned_one_is_refused(tmp_path: Path) -> None:
    altered = tmp_path / "contrasts.json.gz"
    packed = bytearray(TABLE_PATH.read_bytes())
    packed[len(packed) // 2] ^= 0xFF  # one byte changed
    altered.write_bytes(bytes(packed))
    with pytest.raises(ContrastTableUnavailable, match="does not match its pin"):
        contrast_table.__wrapped__(altered, TABLE_SHA256)
    with pytest.raises(ContrastTableUnavailable, match="cannot read"):
        contrast_table.__wrapped__(tmp_path / "missing.json.gz", TABLE_SHA256)


def test_the_verifier_does_not_load_without_its_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    altered = tmp_path / "contrasts.json.gz"
    altered.write_bytes(b"not the table")
    monkeypatch.setattr(contrasts, "TABLE_PATH", altered)
    monkeypatch.setattr(
        "grounding_sidecar.detection.verifier.loading.contrast_table",
        lambda: contrast_table.__wrapped__(contrasts.TABLE_PATH, TABLE_SHA256),
    )
    with pytest.raises(VerifierUnavailable, match="contrast table"):
        load_verifier(VerifierMode.ON)


def test_a_word_and_its_inflections_are_the_same_word() -> None:
    table = contrast_table()
    assert table.same_word("service", "services") and table.same_word("rose", "rise")
    assert not table.same_word("rose", "fell")
    assert not table.replaces("services", "service")  # never a noun against its own plural


def test_one_modal_verb_never_stands_against_another() -> None:
    # WordNet's nouns "a must" and "a need" are of one kind; the verbs are not opposites.
    table = contrast_table()
    assert table.first_pair(["needs"], ["must"]) is None
    assert table.first_pair(["needs", "refund"], ["must", "exchange"]) == ("refund", "exchange")


def test_synonyms_share_a_most_frequent_sense() -> None:
    table = contrast_table()
    assert table.synonyms("doctor", "physician") and table.synonyms("cars", "automobile")
    # "hour" and "minute" share only a rare sense (a short distance).
    assert not table.synonyms("hour", "minute") and not table.synonyms("adults", "children")


def test_nouns_are_known_by_their_plurals_and_verbs_are_not_nouns() -> None:
    table = contrast_table()
    assert table.is_noun("children") and table.is_noun("hours")
    assert not table.is_noun("processed") and not table.is_noun("the")


def test_a_word_used_mostly_as_a_verb_is_a_noun_only_in_a_nouns_place() -> None:
    # "drill" and "wrench" are verbs more often than nouns: no noun of the table, but
    # nouns where the sentence makes them one ("fixed it with a drill").
    table = contrast_table()
    assert not table.is_noun("drill") and not table.replaces("drill", "hammer")
    assert table.replaces_in_noun_slot("drill", "hammer")
    assert table.replaces_in_noun_slot("wrench", "drill")
    assert not table.replaces_in_noun_slot("drills", "drill")  # one word
    assert not table.replaces_in_noun_slot("tool", "drill")  # a hypernym restates


def test_pairs_that_say_opposite_things_are_told_from_things_of_a_kind() -> None:
    table = contrast_table()
    assert table.opposite("required", "optional") and table.opposite("adds", "removes")
    assert table.opposite("increased", "decreased") and table.opposite("early", "late")
    # Pairs of the table all the same: two things of a kind, and an indirect antonym
    # whose adjective clusters mix senses.
    assert table.contrast("tea", "coffee") and not table.opposite("tea", "coffee")
    assert table.contrast("utilised", "used") and not table.opposite("utilised", "used")


def test_a_changes_direction_said_with_another_verb_is_an_opposite() -> None:
    table = contrast_table()
    assert table.opposite("grew", "declined") and table.opposite("rose", "dropped")
    assert table.opposite("increased", "fell") and table.opposite("growth", "decline")
    # The same direction in other words, and a change said of who makes it.
    assert not table.contrast("rose", "increased") and not table.contrast("dropped", "cut")
    assert not table.opposite("improved", "decreased")
    # A verb whose noun is most often something else ("Turning to Slide 6").
    assert not table.contrast("increased", "slide")


def test_a_decision_turned_around_is_an_opposite() -> None:
    table = contrast_table()
    assert table.opposite("upheld", "overturned") and table.opposite("reversed", "upheld")
    assert table.opposite("granted", "denied") and table.opposite("confirms", "denies")
    assert not table.contrast("overturned", "reversed")  # the same turning around


def test_a_plural_is_a_noun_where_its_singular_is_also_a_verbs_form() -> None:
    # "rose" may be the past of "rise" and is a noun only in a noun's place; "roses"
    # can only be flowers.  "wounds" may be a verb's form: it stays as it was.
    table = contrast_table()
    assert not table.is_noun("rose") and table.is_noun("roses") and table.is_noun("doves")
    assert table.replaces("tulips", "roses") and table.replaces("roses", "tulips")
    assert not table.is_noun("wounds")


def test_a_word_listed_as_its_own_irregular_form_is_still_a_noun() -> None:
    # WordNet's adjective exceptions list "printer" as a form of itself.
    assert contrast_table().is_noun("printer")


def test_a_known_noun_is_the_shipped_table_s_answer_kept_per_word() -> None:
    words = ["printer", "children", "hours", "processed", "the", "rose", "roses", "drill"]
    assert [known_noun(w) for w in words] == [contrast_table().is_noun(w) for w in words]
    before = known_noun.cache_info().hits
    assert known_noun("children")
    assert known_noun.cache_info().hits == before + 1


def test_one_number_word_never_stands_against_another() -> None:
    # The details rules compare numbers as values; ordinals still contrast.
    table = contrast_table()
    assert table.first_pair(["two"], ["three"]) is None
    assert table.first_pair(["dozen"], ["hundred"]) is None
    assert table.first_pair(["first"], ["second"]) == ("first", "second")
