"""Loading settings: defaults < file < environment < flags, and errors that name the key,
where its value came from and what is accepted."""

from pathlib import Path

import pytest

from grounding_sidecar.app.wiring import static_policies
from grounding_sidecar.decision import Action, UnknownHandling, WorkspaceOverride
from grounding_sidecar.detection.contract import ClaimPolicy
from grounding_sidecar.detection.embedding.minilm.store import Precision
from grounding_sidecar.settings import Settings, SettingsError, load_settings


def test_file_then_env_then_flags(tmp_path: Path) -> None:
    path = tmp_path / "sidecar.yaml"
    path.write_text(
        "action: FLAG\nmax-sources: 7\nmin_claim_words: 3\nsimilarity-threshold: 0.6\n"
        "enabled: true\n"
    )
    env = {
        "GROUNDING_SIDECAR_ACTION": "block",
        "GROUNDING_SIDECAR_SIMILARITY_THRESHOLD": "0.65",
        "GROUNDING_SIDECAR_METRICS_PORT": "off",
        "GROUNDING_SIDECAR_ENABLED": "no",
        "UNRELATED": "1",
    }
    settings = load_settings(
        config_file=path, environ=env, flags={"similarity_threshold": 0.8, "port": None}
    )
    assert settings.action is Action.BLOCK  # env over file
    assert settings.max_sources == 7 and settings.min_claim_words == 3  # file over default
    assert settings.similarity_threshold == 0.8  # flag over env
    assert settings.enabled is False  # env over file, either spelling of a boolean
    assert settings.metrics_port is None
    assert settings.port == 50051  # a None flag is "not given"


def test_precision_is_auto_unless_a_graph_is_asked_for() -> None:
    assert load_settings(environ={}).precision is Precision.AUTO
    assert load_settings(environ={"GROUNDING_SIDECAR_PRECISION": "int8"}).precision is (
        Precision.INT8
    )
    settings = load_settings(environ={"GROUNDING_SIDECAR_PRECISION": "FP32"})
    assert settings.precision is Precision.FP32
    with pytest.raises(SettingsError, match="precision"):
        load_settings(environ={"GROUNDING_SIDECAR_PRECISION": "int4"})


def test_kubernetes_service_link_variables_are_ignored() -> None:
    env = {
        "GROUNDING_SIDECAR_SERVICE_HOST": "10.0.0.1",
        "GROUNDING_SIDECAR_PORT_50051_TCP": "tcp://10.0.0.1:50051",
    }
    assert load_settings(environ=env) == Settings()


def test_a_service_link_port_variable_gets_a_hint() -> None:
    with pytest.raises(SettingsError, match="enableServiceLinks"):
        load_settings(environ={"GROUNDING_SIDECAR_PORT": "tcp://10.0.0.1:50051"})


@pytest.mark.parametrize(
    ("env_var", "value", "key", "accepted"),
    [
        ("GROUNDING_SIDECAR_SIMILARITY_THRESHOLD", "1.5", "similarity-threshold", "(0, 1]"),
        ("GROUNDING_SIDECAR_ACTION", "DROP", "action", "LOG | FLAG | BLOCK"),
        ("GROUNDING_SIDECAR_MAX_SOURCES", "0", "max-sources", "integer >= 1"),
        ("GROUNDING_SIDECAR_MAX_SOURCES", "ten", "max-sources", "integer >= 1"),
        ("GROUNDING_SIDECAR_ENABLED", "maybe", "enabled", "true | false"),
        ("GROUNDING_SIDECAR_UNKNOWN", "shrug", "unknown", "deliver | block"),
        ("GROUNDING_SIDECAR_CLAIM_POLICY", "lax", "claim-policy", "strict | classed"),
        ("GROUNDING_SIDECAR_EMBEDDER", "bert", "embedder", "hash | minilm"),
        ("GROUNDING_SIDECAR_METRICS_PORT", "70000", "metrics-port", "0..65535"),
        ("GROUNDING_SIDECAR_CHECK_DEADLINE", "-1", "check-deadline", "seconds > 0"),
        ("GROUNDING_SIDECAR_CHECK_DEADLINE", "nan", "check-deadline", "seconds > 0"),
    ],
)
def test_invalid_values_name_key_origin_and_accepted_values(
    env_var: str, value: str, key: str, accepted: str
) -> None:
    with pytest.raises(SettingsError) as error:
        load_settings(environ={env_var: value})
    message = str(error.value)
    assert "\n" not in message
    assert error.value.key == key and key in message
    assert env_var in message and repr(value) in message and accepted in message


def test_a_bad_file_value_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("max-source-length: true\n")
    with pytest.raises(SettingsError, match=r"max-source-length \(from .*s\.yaml\)"):
        load_settings(config_file=path)


def test_unknown_file_key_is_rejected_with_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("similarity-treshold: 0.5\n")
    with pytest.raises(SettingsError, match="did you mean similarity-threshold"):
        load_settings(config_file=path)


@pytest.mark.parametrize(
    "text",
    ["- a\n- b\n", "key: [unclosed\n", "key: " + "[" * 5_000, b"port: \xff\xfe\n"],
    ids=["a list", "unclosed", "nested deeper than the parser", "not UTF-8"],
)
def test_unreadable_file_is_an_error(tmp_path: Path, text: str | bytes) -> None:
    path = tmp_path / "s.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    with pytest.raises(SettingsError, match="setting config"):
        load_settings(config_file=path)


def test_no_listener_left_is_an_error() -> None:
    with pytest.raises(SettingsError, match="setting port"):
        load_settings(flags={"port": "off"})


def test_policy_dir_must_exist(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="policy-dir"):
        load_settings(flags={"policy-dir": str(tmp_path / "missing")})
    assert load_settings(flags={"policy-dir": str(tmp_path)}).policy_dir == str(tmp_path)


def test_file_workspaces_become_overrides(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        "workspaces:\n"
        "  - id: acme\n"
        "    metadata: {grounding.action: BLOCK, grounding.unknown: block,"
        " grounding.claim-policy: classed, other.key: x}\n"
    )
    settings = load_settings(config_file=path)
    assert settings.workspaces == {
        "acme": WorkspaceOverride(
            action=Action.BLOCK, unknown=UnknownHandling.BLOCK, claim_policy=ClaimPolicy.CLASSED
        )
    }
    assert static_policies(settings).policy_for("acme").action is Action.BLOCK


def test_workspaces_cannot_come_from_the_environment() -> None:
    assert load_settings(environ={"GROUNDING_SIDECAR_WORKSPACES": "[]"}).workspaces == {}
