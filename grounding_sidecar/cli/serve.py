"""`grounding-sidecar serve`: its flags, generated from the settings table.

Only the parser lives here; the server itself (`grounding_sidecar.app.lifecycle`) and its
gRPC, protobuf and OpenTelemetry imports load when `serve` actually runs, so the
other subcommands start without them.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from grounding_sidecar.settings import SETTINGS, Settings, SettingsError, load_settings
from grounding_sidecar.settings.values import parse_bool

_NOT_SETTINGS = ("config", "handler", "command")


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the Envoy ext_proc server",
        description=(
            "Run the Envoy ext_proc gRPC server (plus GroundingService, health and "
            "/metrics). Every flag is also a YAML key and a GROUNDING_SIDECAR_* "
            "variable (docs/configuration.md)."
        ),
    )
    parser.add_argument("--config", type=Path, help="YAML file; env and flags override it")
    for spec in SETTINGS:
        # Values stay strings here: the settings loader parses every source by one rule.
        help_text = f"{spec.help}; {spec.accepted}".replace("%", "%%")
        if spec.parse is parse_bool:
            parser.add_argument(
                f"--{spec.key}", action=argparse.BooleanOptionalAction, default=None, help=help_text
            )
        else:
            parser.add_argument(f"--{spec.key}", metavar="VALUE", help=help_text)
    parser.set_defaults(handler=_run)


def settings_from_args(args: argparse.Namespace) -> Settings:
    flags = {k: v for k, v in vars(args).items() if k not in _NOT_SETTINGS}
    return load_settings(config_file=args.config, environ=os.environ, flags=flags)


def _run(args: argparse.Namespace) -> int:
    try:
        settings = settings_from_args(args)
    except SettingsError as exc:
        print(f"grounding-sidecar serve: error: {exc}", file=sys.stderr)
        return 2
    from grounding_sidecar.app.lifecycle import run

    return run(settings)
