"""Bodies the sidecar writes: compact UTF-8 JSON, escaped ASCII when Unicode cannot be."""

from __future__ import annotations

import json

from grounding_sidecar.common.compact_json import compact_json


def test_utf8_when_possible_and_keys_in_order() -> None:
    assert compact_json({"b": "é", "a": [1, 2]}) == '{"b":"é","a":[1,2]}'.encode()


def test_a_lone_surrogate_is_written_as_its_escape() -> None:
    raw = compact_json({"text": "x \ud800"})
    assert raw == b'{"text":"x \\ud800"}'
    assert json.loads(raw) == {"text": "x \ud800"}
