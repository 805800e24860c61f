"""Which request paths are chat completions."""

from __future__ import annotations

import pytest

from grounding_sidecar.openai import is_chat_completions_path


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/v1/chat/completions", True),
        ("/v1/chat/completions?x=1", True),
        ("/openai/deployments/gpt/chat/completions?api-version=2024", True),
        ("/v1/chat/completions/", True),
        ("/v1/completions", False),
        ("/v1/embeddings", False),
        ("/v1/chat/completionsx", False),
    ],
)
def test_chat_completion_paths(path: str, expected: bool) -> None:
    assert is_chat_completions_path(path) is expected
