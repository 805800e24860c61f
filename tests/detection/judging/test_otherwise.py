"""A reading the best passage states otherwise, with a reading of its own: a number of
a thing, agreeing when equal.  The rule's conditions each decide a case: a thing the
passage reads otherwise, a claim that negates, the claim's own word in the passage, a
near passage that agrees, and `compared`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from grounding_sidecar.detection.judging.otherwise import stated_otherwise


@dataclass(frozen=True)
class _Number:
    """ "7 cats": 7 of cats, written "7"."""

    value: int
    thing: str

    @property
    def surface(self) -> str:
        return str(self.value)

    def of_same(self, other: _Number) -> bool:
        return self.thing == other.thing


def _read(text: str) -> Sequence[_Number]:
    return [_Number(int(n), thing) for n, thing in re.findall(r"(\d+) ([a-z]+)", text)]


def _equal(mine: _Number, other: _Number) -> bool:
    return mine.value == other.value


def _stated(claim: str, passage: str, near: Sequence[str] = ()) -> tuple[str, str] | None:
    return stated_otherwise(claim, passage, lambda: [passage, *near], _read, _equal)


def test_a_thing_the_passage_reads_otherwise_names_both_readings() -> None:
    assert _stated("She has 7 cats.", "She has 3 cats and 2 dogs.") == ("7", "3")


def test_an_agreeing_or_unread_thing_is_no_finding() -> None:
    assert _stated("She has 3 cats.", "She has 3 cats.") is None
    assert _stated("She has 7 birds.", "She has 3 cats.") is None


def test_a_negating_claim_is_no_finding() -> None:
    assert _stated("She does not have 8 cats.", "She has 3 cats.") is None


def test_the_claims_own_word_in_the_passage_is_no_finding() -> None:
    # "9" stands in the passage, of a thing it leaves out.
    assert _stated("She has 9 cats.", "She has 3 cats, and her sister 9.") is None


def test_a_near_passage_that_agrees_excuses_the_reading() -> None:
    claim, passage = "She has 8 cats.", "She has 3 cats."
    assert _stated(claim, passage, near=["Her aunt has 8 cats."]) is None
    assert _stated(claim, passage, near=["Her aunt has 8 dogs."]) == ("8", "3")


def test_compared_decides_which_readings_the_rule_compares() -> None:
    found = stated_otherwise(
        "She has 7 cats.",
        "She has 3 cats.",
        lambda: [],
        _read,
        _equal,
        compared=lambda mine, theirs: mine.value > 10,
    )
    assert found is None
