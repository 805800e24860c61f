"""A grader's configuration in words: which detectors grade, and what an operator
should know of how they combine (logged by `serve`, printed by `check`)."""

from __future__ import annotations

from grounding_sidecar.detection.grading.claims import Models
from grounding_sidecar.detection.judging.consistency import RULES_VERSION
from grounding_sidecar.detection.judging.judges import CalibratedJudge
from grounding_sidecar.detection.text.language import LanguageGate


def detectors(models: Models, gate: LanguageGate | None) -> str:
    """Which detectors grade, in words."""
    judge = models.judge
    scorer = (
        f"calibrated scorer {judge.model.tag}"
        if isinstance(judge, CalibratedJudge)
        else f"cosine rule {judge.tag}"
    )
    verifier = (
        f"verifier {models.verifier.version_tag} (on claims whose verdict it can change)"
        if models.verifier is not None
        else "no verifier"
    )
    language = (
        f"language check ({', '.join(sorted(gate.languages))})"
        if gate is not None
        else "no language check"
    )
    return (
        f"embedder {models.embedder.version_tag}, {scorer}, {verifier}, "
        f"lexical rules {RULES_VERSION}, {language}"
    )


def notes(models: Models, gate: LanguageGate | None) -> list[str]:
    """What an operator should know of this configuration."""
    return [note for note in (calibration_note(models), language_note(models, gate)) if note]


def language_note(models: Models, gate: LanguageGate | None) -> str | None:
    """When the language check lets through a language the verifier does not say it
    reads."""
    verifier = models.verifier
    if verifier is None or gate is None or verifier.languages is None:
        return None
    unread = sorted(gate.languages - verifier.languages)
    if not unread:
        return None
    return (
        f"languages {', '.join(unread)} are checked, but verifier {verifier.version_tag} "
        f"declares it reads {', '.join(sorted(verifier.languages)) or 'none'} "
        "(docs/detection.md#languages)"
    )


def calibration_note(models: Models) -> str | None:
    """What to know when a verifier runs that the calibrated scorer's parameters were
    not fitted for (a team's own checker: docs/own-checker.md#calibration)."""
    judge, verifier = models.judge, models.verifier
    if verifier is None or not isinstance(judge, CalibratedJudge) or judge.model.uses_verifier:
        return None
    return (
        f"no calibration is fitted for verifier {verifier.version_tag}: the verifier-off "
        "parameters grade, and its readings act through the overrides only "
        "(docs/own-checker.md#calibration)"
    )
