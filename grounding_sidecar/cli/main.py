"""`grounding-sidecar`: the command-line entry point.

Each subcommand lives in its own module and registers itself through
`SUBCOMMANDS`; this module only builds the parser and maps errors to exit codes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from grounding_sidecar.cli import calibrate, check, model, serve

Registrar = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]

SUBCOMMANDS: list[Registrar] = [
    check.register,
    calibrate.register,
    serve.register,
    model.register,
]


class _Parser(argparse.ArgumentParser):
    """Usage errors are one line and exit 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="grounding-sidecar",
        description="Check LLM answers against the sources sent with the request.",
    )
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser] = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser
    )
    for register in SUBCOMMANDS:
        register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `check ... | head` is not an error
        return 0


if __name__ == "__main__":
    sys.exit(main())
