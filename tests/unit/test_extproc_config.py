import argparse
from pathlib import Path

import pytest

from sidecar.decision import Action, UnknownHandling
from sidecar.extproc.config import ConfigError, build_config, load_yaml
from sidecar.extproc.serve import add_serve_parser, config_from_args


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_serve_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["serve", *argv])


def test_defaults_are_the_spec_defaults() -> None:
    config = config_from_args(parse([]))
    policy = config.policies().policy_for("anyone")
    assert (policy.enabled, policy.action, policy.max_sources, policy.max_source_length) == (
        False,
        Action.LOG,
        50,
        10_000,
    )
    assert policy.unknown is UnknownHandling.DELIVER
    assert config.limits().workspace_header == "x-workspace-id"


def test_flags_override_the_file_which_overrides_defaults(tmp_path: Path) -> None:
    path = tmp_path / "sidecar.yaml"
    path.write_text(
        "port: 6000\naction: block\nmax-sources: 7\nenabled: true\n"
        "workspaces:\n"
        "  - id: acme\n"
        "    metadata: {grounding.action: FLAG, grounding.max-sources: '3'}\n"
    )
    config = config_from_args(parse(["--config", str(path), "--port", "7000"]))
    assert config.port == 7000
    assert config.action is Action.BLOCK and config.max_sources == 7 and config.enabled
    acme = config.policies().policy_for("acme")
    assert (acme.action, acme.max_sources, acme.enabled) == (Action.FLAG, 3, True)


@pytest.mark.parametrize(
    "layer",
    [
        {"prot": 1},
        {"action": "DROP"},
        {"max_sources": 0},
        {"check_deadline": -1},
        {"similarity_threshold": 2.0},
        {"workspaces": {"acme": {}}},
    ],
)
def test_bad_settings_are_errors(layer: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        build_config(layer)


def test_a_file_that_is_not_a_mapping_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("- a\n- b\n")
    with pytest.raises(ConfigError):
        load_yaml(path)
