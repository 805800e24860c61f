"""The official openai npm package on Node as the client, through the real Envoy and
sidecar (`make tools-node` installs Node and the package; without them these fail)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from tests.support.node import node_package_dir

from .harness import GROUNDED, SOURCE, UNGROUNDED, Stack

pytestmark = pytest.mark.envoy


@pytest.fixture(scope="module")
def results(stack: Stack) -> dict[str, Any]:
    done = subprocess.run(
        ["node", "scenarios.mjs", str(stack.envoy.port), SOURCE, GROUNDED, UNGROUNDED],
        cwd=node_package_dir("openai"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    parsed: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return parsed


def test_a_grounded_answer_carries_its_report(results: dict[str, Any]) -> None:
    assert results["grounded_json"] == {"verdict": "pass", "claim_text": GROUNDED}


def test_an_ungrounded_answer_under_block_raises_permission_denied(
    results: dict[str, Any],
) -> None:
    refused = results["refused_json"]
    assert refused["raised"] == "PermissionDeniedError"
    assert (refused["status"], refused["code"]) == (403, "hallucination_detected")


def test_a_log_stream_ends_with_its_verdict(results: dict[str, Any]) -> None:
    assert results["log_stream"] == {"text": UNGROUNDED, "finish_reason": "stop", "verdict": "fail"}


def test_a_refused_stream_is_one_content_filter_chunk_that_says_why(
    results: dict[str, Any],
) -> None:
    assert results["refused_stream"] == {
        "chunks": 1,
        "finish_reason": "content_filter",
        "refusal": "hallucination_detected",
    }


def test_redact_delivers_the_grounded_sentences(results: dict[str, Any]) -> None:
    assert results["redact_json"] == {"content": f"{GROUNDED} {GROUNDED}", "redacted": 1}


def test_a_progressive_stream_stops_before_the_ungrounded_sentence(
    results: dict[str, Any],
) -> None:
    progressive = results["progressive_stream"]
    assert UNGROUNDED not in progressive["text"]
    assert f"{GROUNDED} {UNGROUNDED} {GROUNDED}".startswith(progressive["text"])
    assert progressive["finish_reason"] == "content_filter"


def test_an_upstream_that_compresses_when_asked_is_still_checked(
    results: dict[str, Any],
) -> None:
    """The SDK asks for gzip; Envoy's chat route drops the header, so the upstream
    answers plain and the answer is checked (an unread one would be unsupported_encoding)."""
    assert results["compressing_upstream"] == {"status": 403, "code": "hallucination_detected"}
