"""OpenAI-compatible chat-completion wire formats.

This layer turns HTTP bytes into the few things the decision layer needs (the
sources sent with a request, the answer text of a response) and builds the bytes
of the content-filter end of stream.  It knows nothing of Envoy or of detection.
"""

from grounding_sidecar.openai.paths import is_chat_completions_path
from grounding_sidecar.openai.request import (
    SOURCES_METADATA_KEY,
    ChatRequest,
    InvalidSources,
    MalformedRequest,
    parse_chat_request,
)
from grounding_sidecar.openai.response import (
    AnswerText,
    MalformedResponse,
    Speech,
    read_json_answer,
    with_contents,
    with_report,
)
from grounding_sidecar.openai.sse import (
    SseEvent,
    SseParser,
    StreamAnswer,
    content_filter_chunk,
    done_event,
    releasable,
    with_report_in_final_chunk,
    without_ranges,
)

__all__ = [
    "SOURCES_METADATA_KEY",
    "AnswerText",
    "ChatRequest",
    "InvalidSources",
    "MalformedRequest",
    "MalformedResponse",
    "Speech",
    "SseEvent",
    "SseParser",
    "StreamAnswer",
    "content_filter_chunk",
    "done_event",
    "is_chat_completions_path",
    "parse_chat_request",
    "read_json_answer",
    "releasable",
    "with_contents",
    "with_report",
    "with_report_in_final_chunk",
    "without_ranges",
]
