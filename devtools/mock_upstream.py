"""A small OpenAI-compatible chat-completions server for tests and the demo.

Behaviour is chosen per request with headers (Envoy forwards them upstream):

- `x-mock-answer`: the assistant's text (default: a fixed sentence); for text a header
  cannot carry (newlines: markdown headings, code fences), `x-mock-answer-json`, the
  text as a JSON string.
- `x-mock-behaviour`: `normal` (default), `abort` (SSE: close the socket mid-stream),
  `truncate` (SSE: end the body cleanly without finish_reason or [DONE]),
  `malformed` (200 with a non-JSON body), `broken-sse` (events never terminated by a
  blank line), `status-500`, `pad:<bytes>` (pad the answer with that many bytes),
  `deep-json` (200 with JSON nested deeper than a parser's stack), `lone-surrogate`
  (the answer ends in a "\ud800" escape: valid JSON, not valid Unicode), `audio` (the
  answer spoken, as `modalities: ["audio"]` asks: its text only in the audio's
  `transcript`, `content` null), `audio-untranscribed` (spoken, no transcript).
- `x-mock-delay`: seconds between SSE chunks (slow mode).
- `x-mock-chunks`: how many SSE chunks to split the answer into (default: per word).
- `x-mock-encoding`: compress the body whatever the request's Accept-Encoding, as some
  upstreams do: `gzip` (an SSE stream flushed per event), or any other token, sent as
  the `content-encoding` of a body left as it is (a coding nobody decodes);
  `if-asked`: gzip when the request's Accept-Encoding names it, as OpenAI-compatible
  APIs do.

JSON or SSE follows the request's `"stream": true`.  Every request is recorded
(path, headers, raw body), so tests can check what the upstream really received.
Nagle is disabled: a stdlib server otherwise stalls ~40 ms per keep-alive response.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
import zlib
from dataclasses import dataclass
from enum import Enum
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DEFAULT_ANSWER = "The Eiffel Tower is located in Paris and was completed in 1889."


@dataclass(frozen=True, slots=True)
class ReceivedRequest:
    path: str
    headers: dict[str, str]  # lower-case names; the last copy of a repeated header
    body: bytes
    # Every header as received, in order, repeated ones included.
    header_list: tuple[tuple[str, str], ...] = ()

    def values(self, name: str) -> list[str]:
        """Every value of header `name` (lower case), in the order received."""
        return [v for k, v in self.header_list if k == name]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: MockUpstream

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: tests read the recorded requests instead

    def do_POST(self) -> None:
        try:
            self._answer_post()
        finally:
            test_id = self.headers.get("x-test-id")
            if test_id:
                self.server.mark_finished(test_id)

    def _answer_post(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else b""
        self.server.record(self._received(body))
        headers = {k.lower(): v for k, v in self.headers.items()}
        behaviour = headers.get("x-mock-behaviour", "normal")
        answer = headers.get("x-mock-answer", DEFAULT_ANSWER)
        if "x-mock-answer-json" in headers:
            answer = json.loads(headers["x-mock-answer-json"])
        if behaviour.startswith("pad:"):
            answer = answer + " " + "x" * int(behaviour[4:])
        if behaviour == "lone-surrogate":
            answer += " \ud800"  # json.dumps writes it as the escape "\ud800"
        if behaviour == "status-500":
            self._send(500, "application/json", b'{"error":{"message":"upstream failed"}}')
            return
        try:
            streaming = json.loads(body or b"{}").get("stream") is True
        except (ValueError, RecursionError, AttributeError):
            self._send(400, "application/json", b'{"error":{"message":"bad json"}}')
            return
        if behaviour == "malformed":
            self._send(200, "application/json", b"<html>not json</html>")
        elif behaviour == "deep-json":
            self._send(200, "application/json", b'{"choices":' + b"[" * 5_000)
        elif streaming:
            self._stream(answer, behaviour, headers)
        else:
            self._send(200, "application/json", completion(answer, audio=_spoken(behaviour)))

    def do_GET(self) -> None:
        self.server.record(self._received(b""))
        self._send(200, "application/json", b'{"object":"list","data":[{"id":"mock"}]}')

    def _received(self, body: bytes) -> ReceivedRequest:
        header_list = tuple((k.lower(), v) for k, v in self.headers.items())
        return ReceivedRequest(self.path, dict(header_list), body, header_list)

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        encoder = _Encoder(
            self.headers.get("x-mock-encoding"), self.headers.get("accept-encoding", "")
        )
        body = encoder.whole(body)
        self.send_response(status)
        self.send_header("content-type", content_type)
        encoder.send_header(self)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _stream(self, answer: str, behaviour: str, headers: dict[str, str]) -> None:
        delay = float(headers.get("x-mock-delay", "0"))
        pieces = split_answer(answer, int(headers.get("x-mock-chunks", "0")))
        events = [sse_chunk(piece, audio=_spoken(behaviour)) for piece in pieces]
        if behaviour not in ("abort", "truncate"):
            events += [sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]
        if behaviour == "broken-sse":
            events = [event.rstrip(b"\n") + b"\n" for event in events]
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("transfer-encoding", "chunked")
        encoder = _Encoder(headers.get("x-mock-encoding"), headers.get("accept-encoding", ""))
        encoder.send_header(self)
        self.end_headers()
        events = [encoder.part(event) for event in events]
        if events:
            events[-1] += encoder.end()
        for i, event in enumerate(events):
            if behaviour == "abort" and i == max(1, len(events) // 2):
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)  # mid-stream, no final chunk
                self.close_connection = True
                return
            self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
            self.wfile.flush()
            if delay:
                time.sleep(delay)
        test_id = headers.get("x-test-id")
        if test_id:
            # Every event is out; marked before the terminating chunk, since Envoy (and so
            # a client) can act on that chunk before this thread runs again on a busy
            # machine: a mark after it raced a held stream's release.
            self.server.mark_finished(test_id)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


class _Encoder:
    """The `x-mock-encoding` of a response: gzip, or a label on unchanged bytes."""

    def __init__(self, coding: str | None, accepted: str = "") -> None:
        if coding == "if-asked":
            coding = "gzip" if "gzip" in accepted.lower() else None
        self.coding = coding
        # gzip framing (wbits 31); each part is flushed so a stream's events arrive.
        self._gzip = zlib.compressobj(wbits=31) if coding == "gzip" else None

    def send_header(self, handler: BaseHTTPRequestHandler) -> None:
        if self.coding:
            handler.send_header("content-encoding", self.coding)

    def whole(self, body: bytes) -> bytes:
        if self._gzip is None:
            return body
        return self._gzip.compress(body) + self._gzip.flush()

    def part(self, chunk: bytes) -> bytes:
        if self._gzip is None:
            return chunk
        return self._gzip.compress(chunk) + self._gzip.flush(zlib.Z_SYNC_FLUSH)

    def end(self) -> bytes:
        """The gzip trailer after the last part."""
        return self._gzip.flush() if self._gzip is not None else b""


# A few bytes of base64 standing in for the spoken answer.
_AUDIO_DATA = "UklGRiQAAABXQVZFZm10IBAAAAABAAEA"


class Audio(Enum):
    """A spoken answer: with its words in the audio's transcript, or without."""

    TRANSCRIBED = "audio"
    UNTRANSCRIBED = "audio-untranscribed"


def _spoken(behaviour: str) -> Audio | None:
    return next((audio for audio in Audio if audio.value == behaviour), None)


def completion(answer: str, *, audio: Audio | None = None) -> bytes:
    message: dict[str, Any] = {"role": "assistant", "content": answer}
    if audio is not None:
        spoken: dict[str, Any] = {"id": "audio_mock", "expires_at": 1700003600, "data": _AUDIO_DATA}
        if audio is Audio.TRANSCRIBED:
            spoken["transcript"] = answer
        message = {"role": "assistant", "content": None, "audio": spoken}
    return json.dumps(
        {
            "id": "chatcmpl-mock",
            "object": "chat.completion",
            "created": 1700000000,
            "model": "mock-1",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }
    ).encode()


def sse_chunk(
    content: str | None, *, finish: str | None = None, audio: Audio | None = None
) -> bytes:
    delta: dict[str, Any] = {} if content is None else {"content": content}
    if audio is not None and content is not None:
        delta = {"audio": {"data": _AUDIO_DATA}}
        if audio is Audio.TRANSCRIBED:
            delta["audio"]["transcript"] = content
    payload = {
        "id": "chatcmpl-mock",
        "object": "chat.completion.chunk",
        "created": 1700000000,
        "model": "mock-1",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return b"data: " + json.dumps(payload).encode() + b"\n\n"


def split_answer(answer: str, chunks: int) -> list[str]:
    words = answer.split(" ")
    if chunks <= 0 or chunks >= len(words):
        return [w if i == 0 else " " + w for i, w in enumerate(words)]
    size = -(-len(words) // chunks)
    groups = [words[i : i + size] for i in range(0, len(words), size)]
    return [(" " if i else "") + " ".join(group) for i, group in enumerate(groups)]


class MockUpstream(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        super().__init__((host, port), _Handler)
        self._lock = threading.Lock()
        self.received: list[ReceivedRequest] = []
        # `x-test-id` of requests whose response was fully written (or aborted), and
        # when (time.monotonic(): benchmarks time what follows the upstream's last byte).
        self.finished: set[str] = set()
        self.finished_at: dict[str, float] = {}
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def record(self, request: ReceivedRequest) -> None:
        with self._lock:
            self.received.append(request)

    def mark_finished(self, test_id: str) -> None:
        now = time.monotonic()
        with self._lock:
            self.finished.add(test_id)
            self.finished_at.setdefault(test_id, now)  # the first mark: the last byte

    def is_finished(self, test_id: str) -> bool:
        with self._lock:
            return test_id in self.finished

    def requests_with(self, header: str, value: str) -> list[ReceivedRequest]:
        with self._lock:
            return [r for r in self.received if r.headers.get(header) == value]

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection Envoy reset (it does after answering a request itself, before
        the upstream's body was read) is normal here; anything else is printed."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    def start(self) -> MockUpstream:
        self._thread = threading.Thread(
            target=self.serve_forever, name="mock-upstream", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


def main() -> None:
    """`python -m devtools.mock_upstream [--port N]`: serve until interrupted."""
    import argparse

    parser = argparse.ArgumentParser(description="mock OpenAI-compatible upstream")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = MockUpstream(args.host, args.port)
    print(f"serving port={server.port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
