"""Which request paths are chat completions (the only ones that are checked)."""

from __future__ import annotations

CHAT_COMPLETIONS_SUFFIX = "/chat/completions"


def is_chat_completions_path(path: str) -> bool:
    """True for `/v1/chat/completions` and provider variants ending the same way.

    Azure-style `/openai/deployments/<d>/chat/completions?api-version=...` and
    gateway prefixes such as `/llm/v1/chat/completions` are chat completions too; the
    query string and a trailing slash do not change what the endpoint is.
    """
    bare = path.split("?", 1)[0].split("#", 1)[0].rstrip("/")
    return bare.endswith(CHAT_COMPLETIONS_SUFFIX)
