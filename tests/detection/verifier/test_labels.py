"""A checker's labels mapped by name to the verifier's classes."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.verifier.labels import LabelMap, UnknownLabels, label_map


@pytest.mark.parametrize(
    ("id2label", "expected"),
    [
        ({0: "entailment", 1: "contradiction", 2: "neutral"}, LabelMap(0, 2, 1)),
        ({0: "CONTRADICTION", 1: "ENTAILMENT", 2: "NEUTRAL"}, LabelMap(1, 2, 0)),
        ({0: "Entailed", 1: "Not Enough Info", 2: "Refuted"}, LabelMap(0, 1, 2)),
        ({0: "supported", 1: "unsupported"}, LabelMap(0, 1, None)),
        ({0: "hallucinated", 1: "consistent"}, LabelMap(1, 0, None)),
        ({0: "not_entailment", 1: "entailment"}, LabelMap(1, 0, None)),
    ],
)
def test_labels_map_by_name_in_any_order_and_casing(
    id2label: dict[int, str], expected: LabelMap
) -> None:
    assert label_map(id2label) == expected


@pytest.mark.parametrize(
    "id2label",
    [
        {0: "LABEL_0", 1: "LABEL_1"},  # an export that kept the default names
        {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"},
        {0: "entailment", 1: "entailment", 2: "neutral"},  # one class twice
        {0: "supported", 1: "supported"},
        {0: "entailment", 1: "contradiction", 2: "neutral", 3: "other"},
        {0: "entailment"},
    ],
)
def test_an_unknown_label_set_is_refused_naming_its_labels(id2label: dict[int, str]) -> None:
    with pytest.raises(UnknownLabels) as raised:
        label_map(id2label)
    assert all(repr(name) in str(raised.value) for name in id2label.values())


def test_labels_must_number_their_columns_from_zero() -> None:
    with pytest.raises(UnknownLabels, match=r"0\.\.n-1"):
        label_map({1: "supported", 2: "unsupported"})


def test_a_three_way_reading_keeps_each_column_in_its_class() -> None:
    reading = LabelMap(entailed=1, neither=2, contradicted=0).verification([0.1, 0.7, 0.2])
    assert (reading.entailed, reading.contradicted, reading.neither) == pytest.approx(
        (0.7, 0.1, 0.2)
    )


def test_a_two_label_reading_has_no_contradiction() -> None:
    reading = LabelMap(entailed=1, neither=0, contradicted=None).verification([0.25, 0.75])
    assert reading.contradicted is None
    assert (reading.entailed, reading.neither) == pytest.approx((0.75, 0.25))
    assert reading.to_dict()["contradicted"] is None
