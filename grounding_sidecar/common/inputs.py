"""Reading the command line's inputs: text files, source lists and labelled cases.

Every problem becomes an `InputError` whose message names the file and the fault
in one line, so the CLI can exit 2 without a traceback.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class InputError(ValueError):
    """Bad input from the user: the message is printed as is."""


@dataclass(frozen=True, slots=True)
class Case:
    """One line of a cases file (format: docs/detection.md#labelled-cases)."""

    id: str
    answer: str
    sources: list[str]
    raw: dict[str, Any]
    references: list[str] = field(default_factory=list)  # approved external passages
    question: str | None = None  # the user's question: a short answer is read with it


def read_text(path: str) -> str:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path} is not valid UTF-8 (byte {exc.start})") from None


def parse_json(text: str, where: str) -> Any:
    """`json.loads`, with every way it can fail as one InputError naming `where`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        position = (
            f"line {exc.lineno} column {exc.colno}" if exc.lineno > 1 else f"column {exc.colno}"
        )
        raise InputError(f"{where}: malformed JSON at {position}") from None
    except RecursionError:
        raise InputError(f"{where}: JSON nested too deeply to read") from None
    except ValueError as exc:  # e.g. an integer past Python's 4,300-digit limit
        raise InputError(f"{where}: unreadable JSON: {str(exc).splitlines()[0]}") from None


def read_sources_file(path: str) -> list[str]:
    return ensure_string_list(parse_json(read_text(path), path), f"{path}: sources")


def ensure_string_list(value: object, what: str) -> list[str]:
    if not isinstance(value, list):
        raise InputError(f"{what} must be a JSON list of strings, got {type(value).__name__}")
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise InputError(f"{what}: item {index} is {type(item).__name__}, not a string")
    return value


def parse_case(raw_line: bytes, line_number: int) -> Case:
    try:
        line = raw_line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"line {line_number}: not valid UTF-8 (byte {exc.start})") from None
    record = parse_json(line, f"line {line_number}")
    if not isinstance(record, dict):
        raise InputError(f"line {line_number}: a case must be a JSON object")
    answer = record.get("answer")
    if not isinstance(answer, str):
        raise InputError(f"line {line_number}: 'answer' must be a string")
    sources = ensure_string_list(record.get("sources", []), f"line {line_number}: sources")
    references = ensure_string_list(record.get("references", []), f"line {line_number}: references")
    question = record.get("question")
    if question is not None and not isinstance(question, str):
        raise InputError(f"line {line_number}: 'question' must be a string")
    case_id = record.get("id")
    name = str(case_id) if case_id is not None else f"line-{line_number}"
    return Case(name, answer, sources, record, references, question)


def read_case_lines(path: str) -> list[tuple[int, bytes]]:
    """Non-blank lines with their 1-based numbers, undecoded: a bad line fails alone."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None
    return [(n, line) for n, line in enumerate(data.split(b"\n"), start=1) if line.strip()]
