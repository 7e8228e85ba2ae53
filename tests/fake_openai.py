"""A tiny OpenAI-compatible HTTP server, so tests run the real ``openai`` client end to end.

Standard library only. It answers ``POST /v1/chat/completions`` and ``POST /v1/embeddings``
with replies the test queues, records every request body, and can be told to fail or hang
the next request. Use the ``fake_openai`` fixture::

    from tests.fake_openai import fake_openai_fixture  # noqa: F401  (registers ``fake_openai``)

    def test_something(fake_openai):
        fake_openai.reply_chat("a summary")
        provider = OpenAIProvider(base_url=fake_openai.base_url, ...)

Replies, per route:

* ``reply_chat(str)`` queues one answer whose message content is that text; a ``dict`` is sent
  as the whole JSON response, ``bytes`` as the raw body. A callable ``f(body) -> str | dict | bytes``
  answers every later request on the route that finds the queue empty.
* ``reply_embeddings(vectors)`` queues one answer (a list of vectors, one per input); a callable
  ``f(inputs) -> vectors`` answers every later request that finds the queue empty.
* A request with nothing to answer gets HTTP 500, so a missing reply fails loudly.
"""

import base64
import json
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

ChatReply = str | dict | bytes
EmbeddingReply = list[list[float]]


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: Any  # the decoded JSON body, or the raw text when it was not JSON


@dataclass
class _Route:
    queue: deque  # of (reply, reverse) pairs, answered once each
    default: Callable[[Any], Any] | None = None
    reverse: bool = False


class FakeOpenAI:
    """The server plus the knobs tests turn. Thread-safe: handlers run in server threads."""

    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self._routes = {"/v1/chat/completions": _Route(deque()), "/v1/embeddings": _Route(deque())}
        self._failures: deque[int] = deque()
        self._hangs: deque[float] = deque()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        # A short poll interval keeps shutdown (fixture teardown) fast.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-openai", daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    # -- knobs --------------------------------------------------------------------------------------

    def reply_chat(self, reply: ChatReply | Callable[[dict], ChatReply]) -> None:
        self._queue("/v1/chat/completions", reply)

    def reply_embeddings(
        self, vectors: EmbeddingReply | Callable[[list[str]], EmbeddingReply], *, reverse: bool = False
    ) -> None:
        """``reverse`` lists ``data`` last index first, as a server is free to do."""
        self._queue("/v1/embeddings", vectors, reverse=reverse)

    def fail_next(self, status: int = 500, times: int = 1) -> None:
        """The next ``times`` requests, on any route, answer ``status`` with an OpenAI-style error body."""
        with self._lock:
            self._failures.extend([status] * times)

    def hang_next(self, seconds: float) -> None:
        """The next request waits ``seconds`` (or until shutdown), then answers 504 without using a reply."""
        with self._lock:
            self._hangs.append(seconds)

    def requests_to(self, route: str) -> list[RecordedRequest]:
        """Recorded requests whose path ends with ``route`` (``"chat/completions"``, ``"embeddings"``)."""
        return [r for r in self.requests if r.path.endswith(route)]

    # -- lifecycle ----------------------------------------------------------------------------------

    def start(self) -> "FakeOpenAI":
        self._thread.start()
        return self

    def close(self) -> None:
        self._closing.set()  # wakes hanging handlers so shutdown does not wait for them
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> "FakeOpenAI":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- answering (server threads) -----------------------------------------------------------------

    def _queue(self, path: str, reply: Any, *, reverse: bool = False) -> None:
        with self._lock:
            route = self._routes[path]
            if callable(reply):
                route.default, route.reverse = reply, reverse
            else:
                route.queue.append((reply, reverse))

    def _answer(self, path: str, body: Any) -> tuple[int, bytes, dict[str, str]]:
        """Return (status, body bytes, extra headers) for one request."""
        with self._lock:
            hang = self._hangs.popleft() if self._hangs else None
            failure = self._failures.popleft() if self._failures and hang is None else None
            route = self._routes.get(path)
        if hang is not None:
            self._closing.wait(hang)
            return _error(504, "fake_openai: hung on purpose")
        if failure is not None:
            # retry-after-ms keeps the SDK's retry backoff short in tests.
            status, payload, headers = _error(failure, f"fake_openai: failing on purpose ({failure})")
            return status, payload, {**headers, "retry-after-ms": "10"}
        if route is None:
            return _error(404, f"fake_openai: no route {path}")
        with self._lock:
            queued = route.queue.popleft() if route.queue else None
            default, default_reverse = route.default, route.reverse
        if queued is not None:
            reply, reverse = queued
        elif default is not None:
            reply, reverse = (
                default(body if path.endswith("completions") else body.get("input")),
                default_reverse,
            )
        else:
            return _error(500, f"fake_openai: no reply queued for {path}")
        if path.endswith("completions"):
            return _chat_response(body, reply)
        return _embedding_response(body, reply, reverse=reverse)


def _json(status: int, payload: Any) -> tuple[int, bytes, dict[str, str]]:
    return status, json.dumps(payload).encode(), {}


def _error(status: int, message: str) -> tuple[int, bytes, dict[str, str]]:
    return _json(status, {"error": {"message": message, "type": "server_error", "param": None, "code": None}})


def _chat_response(body: dict, reply: ChatReply) -> tuple[int, bytes, dict[str, str]]:
    if isinstance(reply, bytes):
        return 200, reply, {}
    if isinstance(reply, dict):
        return _json(200, reply)
    message = {"role": "assistant", "content": reply, "refusal": None}
    return _json(
        200,
        {
            "id": f"chatcmpl-fake-{time.monotonic_ns()}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "fake"),
            "choices": [{"index": 0, "message": message, "finish_reason": "stop", "logprobs": None}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        },
    )


def _embedding_response(
    body: dict, vectors: EmbeddingReply, *, reverse: bool
) -> tuple[int, bytes, dict[str, str]]:
    as_base64 = body.get("encoding_format") == "base64"  # the SDK's default when none is given
    data = [
        {
            "object": "embedding",
            "index": i,
            "embedding": base64.b64encode(struct.pack(f"<{len(v)}f", *v)).decode() if as_base64 else v,
        }
        for i, v in enumerate(vectors)
    ]
    if reverse:
        data.reverse()
    usage = {"prompt_tokens": 0, "total_tokens": 0}
    return _json(200, {"object": "list", "data": data, "model": body.get("model", "fake"), "usage": usage})


def _handler_for(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.0: one request per connection, so no keep-alive thread outlives a test.
        protocol_version = "HTTP/1.0"
        timeout = 30

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode("utf-8", "replace")
            try:
                body: Any = json.loads(raw)
            except ValueError:
                body = raw
            with fake._lock:
                fake.requests.append(RecordedRequest("POST", self.path, dict(self.headers.items()), body))
            if not isinstance(body, dict):
                status, payload, headers = _error(400, "fake_openai: body is not a JSON object")
            else:
                try:
                    status, payload, headers = fake._answer(self.path, body)
                except Exception as exc:  # a broken canned reply should fail the test, not hang it
                    status, payload, headers = _error(500, f"fake_openai: reply raised {exc!r}")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test): nothing to tell it

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep pytest output clean

    return Handler


@pytest.fixture(name="fake_openai")
def fake_openai_fixture() -> Iterator[FakeOpenAI]:
    """A started fake server, shut down after the test.

    Registered as ``fake_openai``; import it as ``fake_openai_fixture`` so that ruff does not see
    the test's ``fake_openai`` parameter as redefining the import (F811).
    """
    with FakeOpenAI() as fake:
        yield fake


fake_openai = fake_openai_fixture  # also importable under the fixture's own name
