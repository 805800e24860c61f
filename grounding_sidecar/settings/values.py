"""Parsers for setting values, shared by the YAML file and environment variables.

A YAML file gives native values (`true`, `0.7`, `50`); an environment variable always
gives a string.  Every parser accepts both, so one setting has one rule whatever its
source.  A parser raises `ValueError`; the loader turns that into a `SettingsError`
naming the key and the accepted values.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

E = TypeVar("E", bound=StrEnum)

# Spellings that mean "not set" for optional settings (an environment variable cannot
# hold YAML's null).
_OFF = frozenset({"", "off", "none", "null", "disabled"})
_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})


def parse_bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    lowered = str(raw).strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ValueError(raw)


def parse_int(raw: Any) -> int:
    if isinstance(raw, bool):  # YAML `true` is an int subclass; never a count
        raise ValueError(raw)
    if isinstance(raw, int):
        return raw
    text = str(raw).strip()
    if not text.lstrip("-").isdigit():
        raise ValueError(raw)
    return int(text)


def parse_float(raw: Any) -> float:
    if isinstance(raw, bool):
        raise ValueError(raw)
    return float(raw)


def positive_int(raw: Any) -> int:
    value = parse_int(raw)
    if value <= 0:
        raise ValueError(raw)
    return value


def non_negative_int(raw: Any) -> int:
    value = parse_int(raw)
    if value < 0:
        raise ValueError(raw)
    return value


def positive_float(raw: Any) -> float:
    value = parse_float(raw)
    if not value > 0:  # also rejects NaN
        raise ValueError(raw)
    return value


def non_negative_float(raw: Any) -> float:
    value = parse_float(raw)
    if not value >= 0:
        raise ValueError(raw)
    return value


def port(raw: Any) -> int:
    value = parse_int(raw)
    if not 0 <= value <= 65535:
        raise ValueError(raw)
    return value


def threshold(raw: Any) -> float:
    value = parse_float(raw)
    if not 0 < value <= 1:
        raise ValueError(raw)
    return value


def text(raw: Any) -> str:
    value = str(raw).strip()
    if not value:
        raise ValueError(raw)
    return value


def language_codes(raw: Any) -> tuple[str, ...]:
    """ISO 639 codes, comma-separated or a YAML list: `en`, `en,fr`."""
    items = raw if isinstance(raw, list) else str(raw).split(",")
    codes = tuple(sorted({str(item).strip().lower() for item in items} - {""}))
    if not codes or not all(code.isalpha() and 2 <= len(code) <= 3 for code in codes):
        raise ValueError(raw)
    return codes


def optional(parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`off`, `none`, `null` or an empty string mean "not set" (None)."""

    def parse_optional(raw: Any) -> Any:
        # YAML 1.1 reads a bare `off` / `no` as False: that means "not set" too.
        if raw is None or raw is False:
            return None
        if isinstance(raw, str) and raw.strip().lower() in _OFF:
            return None
        return parse(raw)

    return parse_optional


def choice(enum: type[E], *, upper: bool = False) -> Callable[[Any], E]:
    def parse_choice(raw: Any) -> E:
        value = str(raw).strip()
        return enum(value.upper() if upper else value.lower())

    return parse_choice


def one_of(*choices: str) -> Callable[[Any], str]:
    def parse_one_of(raw: Any) -> str:
        value = str(raw).strip().lower()
        if value not in choices:
            raise ValueError(raw)
        return value

    return parse_one_of


def enum_values(enum: type[StrEnum]) -> str:
    return " | ".join(member.value for member in enum)
