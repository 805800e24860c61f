"""Setting value parsers: one rule for a YAML value and an environment string."""

from __future__ import annotations

from typing import Any

import pytest

from grounding_sidecar.settings.values import optional, parse_bool, parse_int, port, threshold


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(True, True), ("yes", True), (" ON ", True), (False, False), ("0", False), ("off", False)],
)
def test_booleans_in_either_spelling(raw: Any, expected: bool) -> None:
    assert parse_bool(raw) is expected


@pytest.mark.parametrize(
    ("parse", "raw"),
    [(parse_bool, "maybe"), (parse_int, True), (parse_int, "1.5"), (port, 65536), (threshold, 0)],
)
def test_a_value_outside_the_rule_is_refused(parse: Any, raw: Any) -> None:
    with pytest.raises(ValueError):
        parse(raw)


def test_optional_values_are_unset_by_off_none_null_or_nothing() -> None:
    optional_port = optional(port)
    assert [optional_port(raw) for raw in (None, False, "", "Off", "null")] == [None] * 5
    assert optional_port("9090") == 9090
