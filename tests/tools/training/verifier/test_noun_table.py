"""The contrast table's nouns as the builder reads them from WordNet: kinds of thing
counted by class links, and a noun's regular plural spelled as English does.  (The
table built from all of WordNet is compared byte for byte with the shipped one in
tests/detection/text/test_contrasts.py.)"""

from __future__ import annotations

import pytest

from tools.training.verifier.noun_table import _kinds_below, _plural_nouns, _regular_plural


def test_the_nouns_below_a_noun_are_counted_by_class_links_alone() -> None:
    """ "river" (1) heads "brook" (2) by a class link, and is no kind the instance
    "danube" (3) is a case of: the instance link is not among the links counted."""
    classes = {("2", "n"): [("1", "n")], ("3", "n"): [], ("1", "n"): []}
    first = {"river": ("1", "n"), "brook": ("2", "n"), "danube": ("3", "n")}
    assert _kinds_below(first, classes) == {("1", "n"): 1}


@pytest.mark.parametrize(
    ("noun", "plural"),
    [
        ("rose", "roses"),
        ("box", "boxes"),
        ("church", "churches"),
        ("city", "cities"),
        ("day", "days"),
    ],
)
def test_a_regular_plural_is_spelled_as_english_does(noun: str, plural: str) -> None:
    assert _regular_plural(noun) == plural


def test_a_plural_is_read_for_a_noun_left_out_as_a_verbs_form_with_no_verb_of_its_own() -> None:
    tagged = {
        "rose": {"n": (1, 3), "a": (1, 1)},  # "rise" -> "rose": no verb "rose"
        "wound": {"n": (2, 4), "v": (1, 2)},  # a verb of its own: "wounds" may be one
        "kitchen": {"n": (5, 1)},  # no irregular form: a noun already
    }
    assert _plural_nouns(tagged, {"rose", "wound"}) == {"roses": "rose"}
