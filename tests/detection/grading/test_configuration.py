"""A grader's configuration in words: which detectors grade, and the notes an
operator gets where they combine in a way worth knowing."""

from __future__ import annotations

from grounding_sidecar.detection import Grader, GraderSettings, HashEmbedder
from grounding_sidecar.detection.contract import Scorer
from tests.support.fake_verifiers import MarkerVerifier


def test_detectors_say_which_detectors_grade() -> None:
    bare = Grader(HashEmbedder()).detectors()
    assert bare == (
        f"embedder {HashEmbedder().version_tag}, cosine rule t0.50, no verifier, "
        "lexical rules rules-v36, no language check"
    )
    verified = Grader(
        HashEmbedder(),
        GraderSettings(languages=frozenset({"en"})),
        verifier=MarkerVerifier(),
    ).detectors()
    assert "verifier ver-fake@1 (on claims whose verdict it can change)" in verified
    assert verified.endswith("language check (en)")


def _notes_on(grader: Grader, opening: str) -> list[str]:
    """The grader's notes that open with `opening`."""
    return [note for note in grader.notes() if note.startswith(opening)]


def test_the_grader_says_when_its_verifier_has_no_fitted_calibration() -> None:
    calibrated = GraderSettings(scorer=Scorer.CALIBRATED)
    own = Grader(HashEmbedder(), calibrated, verifier=MarkerVerifier())
    (note,) = _notes_on(own, "no calibration is fitted")
    assert MarkerVerifier.version_tag in note
    assert _notes_on(Grader(HashEmbedder(), calibrated), "no calibration") == []
    cosine = Grader(HashEmbedder(), GraderSettings(scorer=Scorer.COSINE), verifier=MarkerVerifier())
    assert _notes_on(cosine, "no calibration") == []  # the cosine rule has no parameters to fit


def test_the_grader_says_when_it_checks_a_language_its_verifier_does_not_read() -> None:
    both = GraderSettings(languages=frozenset({"en", "fr"}))
    (note,) = _notes_on(Grader(HashEmbedder(), both, verifier=MarkerVerifier()), "languages")
    assert "languages fr are checked" in note
    english = GraderSettings(languages=frozenset({"en"}))
    assert _notes_on(Grader(HashEmbedder(), english, verifier=MarkerVerifier()), "languages") == []
    assert _notes_on(Grader(HashEmbedder(), both), "languages") == []  # no verifier to ask
