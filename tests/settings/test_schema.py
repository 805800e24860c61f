"""The settings' schema: one spec per field, the environment variable rule, the defaults,
and every setting documented in docs/configuration.md."""

from dataclasses import fields
from pathlib import Path

from grounding_sidecar.app.wiring import policy_defaults
from grounding_sidecar.decision import Action
from grounding_sidecar.settings import SETTINGS, Settings, env_var_for, load_settings
from grounding_sidecar.settings.schema import FILE_ONLY_KEYS

REPO = Path(__file__).resolve().parents[2]


def test_env_var_mapping_is_the_documented_rule() -> None:
    assert env_var_for("similarity-threshold") == "GROUNDING_SIDECAR_SIMILARITY_THRESHOLD"
    assert env_var_for("max-source-length") == "GROUNDING_SIDECAR_MAX_SOURCE_LENGTH"
    assert env_var_for("port") == "GROUNDING_SIDECAR_PORT"


def test_every_settings_field_has_exactly_one_spec() -> None:
    spec_fields = [spec.field_name for spec in SETTINGS]
    assert len(spec_fields) == len(set(spec_fields))
    names = {f.name for f in fields(Settings)}
    assert set(spec_fields) | set(FILE_ONLY_KEYS) == names


def test_defaults_are_the_spec_defaults() -> None:
    settings = load_settings()
    policy = policy_defaults(settings)
    assert (policy.enabled, policy.action, policy.max_sources, policy.max_source_length) == (
        False,
        Action.LOG,
        50,
        10_000,
    )
    assert settings.audit_sink == "stdout" and settings.otlp_endpoint is None
    assert settings.workspace_header == "x-workspace-id" and settings.min_claim_words == 5


def test_every_setting_is_documented() -> None:
    doc = (REPO / "docs" / "configuration.md").read_text()
    for spec in SETTINGS:
        assert f"`{spec.key}`" in doc, spec.key
        assert f"`{spec.env_var}`" in doc, spec.env_var
