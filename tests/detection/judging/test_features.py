"""The calibrated scorer's evidence features (`features.py`): a value the sources state
in another form counts as the sources' words; a changed value does not."""

from __future__ import annotations

import numpy as np
import pytest

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.features import (
    FEATURE_NAMES,
    claim_features,
    restated_words,
)
from grounding_sidecar.detection.text.details import extract_details
from grounding_sidecar.detection.text.passages import Passage

SOURCE = "Returns are accepted within three weeks of delivery, and the meeting starts at 14:00."


def features(claim: str) -> dict[str, float]:
    passages = [Passage("s0.0", 0, 0, len(SOURCE), SOURCE)]
    evidence = ClaimEvidence(claim, np.array([0.8], dtype=np.float32), 0, passages, corpus())
    return dict(zip(FEATURE_NAMES, claim_features(evidence), strict=True))


def corpus() -> SourceCorpus:
    return SourceCorpus([SOURCE])


@pytest.mark.parametrize(
    ("claim", "restated"),
    [
        ("Returns are accepted within 21 days of delivery.", {"21", "days"}),
        ("The meeting starts at 2 PM.", {"2", "pm"}),
        # Written as the source writes it: nothing to credit.
        ("Returns are accepted within three weeks of delivery.", set()),
        # A value no source backs stays new wording.
        ("Returns are accepted within 22 days of delivery.", set()),
        ("The meeting starts at 3 PM.", set()),
    ],
)
def test_only_a_value_the_sources_back_in_another_form_is_restated(
    claim: str, restated: set[str]
) -> None:
    assert restated_words(extract_details(claim), corpus()) == restated


def test_a_name_the_sources_back_in_another_form_is_not_restated() -> None:
    """An initialism is backed by the name it stands for, but a name is a looser match
    than a value: its words stay new wording."""
    named = SourceCorpus(["The agency was set up by the United Nations in 1950."])
    (initialism,) = extract_details("The UN set up the agency.")
    assert named.contains(initialism)
    assert restated_words((initialism,), named) == frozenset()


def test_a_restated_value_reads_as_the_sources_words_and_a_changed_one_does_not() -> None:
    restated = features("Returns are accepted within 21 days of delivery.")
    changed = features("Returns are accepted within 22 days of delivery.")
    assert restated["bigram_containment_sources"] == 1.0
    assert restated["containment_sources"] == 1.0
    assert restated["novel_words_log"] == 0.0
    assert changed["bigram_containment_sources"] < 0.6
    assert changed["containment_sources"] < 1.0
    assert changed["novel_words_log"] > 0.0
    # The changed value is still missing; the restated one never was.
    assert (restated["missing_numbers"], changed["missing_numbers"]) == (0.0, 1.0)


def test_the_passage_containment_features_read_words_as_written() -> None:
    """Only the corpus-wide features credit a restated value: the passage features
    say how much of the claim the best passage writes."""
    restated = features("Returns are accepted within 21 days of delivery.")
    literal = features("Returns are accepted within three weeks of delivery.")
    assert restated["containment_best"] < literal["containment_best"] == 1.0
