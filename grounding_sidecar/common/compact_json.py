"""JSON bodies the sidecar writes: compact, UTF-8, and never an encoding error.

A client may send a lone surrogate escape ("\\ud800"); Python parses it into a
string that has no UTF-8 form, so a body holding it is written as escaped ASCII
JSON instead: the same document, valid on the wire.
"""

from __future__ import annotations

import json


def compact_json(document: object) -> bytes:
    """`document` as compact JSON bytes (key order kept, UTF-8 where possible)."""
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(document, separators=(",", ":")).encode("ascii")
