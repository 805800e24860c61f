"""`serve`'s command line is generated from the one settings table, and the wiring
projects those settings onto each component."""

import argparse
from pathlib import Path

import pytest

from grounding_sidecar.app.wiring import exchange_limits, listen_config, static_policies
from grounding_sidecar.cli.main import main as cli_main
from grounding_sidecar.cli.serve import register, settings_from_args
from grounding_sidecar.decision import Action, UnknownHandling
from grounding_sidecar.settings import SETTINGS, SettingsError


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["serve", *argv])


def test_every_setting_is_a_flag() -> None:
    args = vars(parse([]))
    assert {spec.field_name for spec in SETTINGS} <= set(args)


def test_defaults_are_the_spec_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GROUNDING_SIDECAR_ACTION", raising=False)
    settings = settings_from_args(parse([]))
    policy = static_policies(settings).policy_for("anyone")
    assert (policy.enabled, policy.action, policy.max_sources, policy.max_source_length) == (
        False,
        Action.LOG,
        50,
        10_000,
    )
    assert policy.unknown is UnknownHandling.DELIVER
    assert exchange_limits(settings).workspace_header == "x-workspace-id"
    assert listen_config(settings).port == 50051


def test_flags_over_env_over_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "sidecar.yaml"
    path.write_text(
        "port: 6000\naction: block\nmax-sources: 7\nenabled: true\n"
        "workspace-header: X-Team\n"
        "workspaces:\n"
        "  - id: acme\n"
        "    metadata: {grounding.action: FLAG, grounding.max-sources: '3'}\n"
    )
    monkeypatch.setenv("GROUNDING_SIDECAR_PORT", "6500")
    monkeypatch.setenv("GROUNDING_SIDECAR_MAX_SOURCES", "8")
    settings = settings_from_args(parse(["--config", str(path), "--port", "7000", "--no-enabled"]))
    assert listen_config(settings).port == 7000  # flag over env over file
    assert settings.max_sources == 8  # env over file
    assert settings.action is Action.BLOCK and not settings.enabled
    assert exchange_limits(settings).workspace_header == "x-team"  # Envoy lower-cases names
    acme = static_policies(settings).policy_for("acme")
    assert (acme.action, acme.max_sources, acme.enabled) == (Action.FLAG, 3, False)


@pytest.mark.parametrize(
    "argv",
    [
        ["--action", "DROP"],
        ["--max-sources", "0"],
        ["--check-deadline", "-1"],
        ["--similarity-threshold", "2.0"],
        ["--embedder", "bert"],
    ],
)
def test_bad_flags_are_setting_errors(argv: list[str]) -> None:
    with pytest.raises(SettingsError, match=argv[0].removeprefix("--")):
        settings_from_args(parse(argv))


def test_a_bad_setting_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["serve", "--action", "DROP"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "setting action (from --action)" in error
