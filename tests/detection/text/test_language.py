"""The language check: English passes untouched, an answer or sources confidently in
another language are named, text too short to tell is left alone."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text import language
from grounding_sidecar.detection.text.language import LanguageGate, foreign_language, gate_for

ENGLISH = "The museum opens at nine from Monday to Saturday, and it is closed on holidays."
FOREIGN = {
    "fr": "Le musée ouvre à neuf heures du lundi au samedi. Il est fermé les jours fériés.",
    "de": "Das Museum öffnet von Montag bis Samstag um neun Uhr. An Feiertagen bleibt es zu.",
    "es": "El museo abre a las nueve de lunes a sábado. Los días festivos permanece cerrado.",
    "pt": "O museu abre às nove horas de segunda a sábado. Nos feriados fica fechado.",
}
GATE = LanguageGate(frozenset({"en"}))


def test_english_is_never_foreign() -> None:
    assert foreign_language(ENGLISH, {"en"}) is None
    assert GATE.unsupported(ENGLISH, [ENGLISH, ENGLISH]) is None


@pytest.mark.parametrize("language", sorted(FOREIGN))
def test_an_answer_in_another_language_is_named(language: str) -> None:
    assert GATE.unsupported(FOREIGN[language], [ENGLISH]) == language


def test_sources_in_another_language_are_named_too() -> None:
    assert GATE.unsupported(ENGLISH, [FOREIGN["de"], FOREIGN["de"]]) == "de"


def test_a_declared_language_is_read_as_any_other() -> None:
    gate = LanguageGate(frozenset({"en", "fr"}))
    assert gate.unsupported(FOREIGN["fr"], [FOREIGN["fr"]]) is None
    assert gate.unsupported(FOREIGN["de"], [ENGLISH]) == "de"


@pytest.mark.parametrize("text", ["Oui.", "Yes, in 1969.", "Ja, 42 Euro.", "", "1889 — 330 m"])
def test_text_too_short_to_tell_is_left_alone(text: str) -> None:
    assert foreign_language(text, {"en"}) is None


def test_an_english_answer_naming_foreign_places_and_people_stays_english() -> None:
    answer = (
        "Presidents of Austria have included Karl Renner, Theodor Körner and Adolf Schärf, "
        "and the office is based in the Hofburg in Vienna."
    )
    assert foreign_language(answer, {"en"}) is None


def test_no_gate_without_languages_and_the_tag_names_them() -> None:
    assert gate_for(None) is None
    gate = gate_for(["fr", "en"])
    assert gate is not None and gate.tag == "lang-v1:en+fr"


def test_the_identifier_loads_without_writing_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """The container's root filesystem is read-only and py3langid's own loader writes a
    temporary file: the model is read in memory instead."""
    import tempfile

    def no_temporary_files(*args: object, **kwargs: object) -> None:
        raise FileNotFoundError("No usable temporary directory found")

    monkeypatch.setattr(tempfile, "TemporaryFile", no_temporary_files)
    monkeypatch.setattr(tempfile, "NamedTemporaryFile", no_temporary_files)
    monkeypatch.setattr(tempfile, "mkstemp", no_temporary_files)
    monkeypatch.setattr(language, "_loaded", [])
    assert foreign_language(FOREIGN["de"], {"en"}) == "de"
