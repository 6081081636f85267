"""Faults answered as clearly as refusals: every 5xx body is JSON, and none closes a connection.

A request the server cannot answer (a bug) is logged with its traceback and answered 500 with
``{"error": ...}`` like every other error; the exception goes no further, so the connection it
came on stays open for the other requests that share it (uvicorn drops a connection whose
request raised).  A store locked by another process is answered 503 with ``Retry-After`` (the
app's handler for :class:`~grapeshot.server.store.Busy`), and the page's client waits and asks
again.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("grapeshot.server")

#: seconds a client is asked to wait before it tries a write again on a locked store
RETRY_AFTER = 2


class JsonErrors:
    """ASGI middleware: an exception out of an HTTP request becomes a JSON 500 (if nothing of the
    answer was sent yet), logged, and is not raised on to the server."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception:
            log.exception("%s %s failed", scope.get("method"), scope.get("path"))
            if started:  # part of an answer is out: nothing better can be said on this connection
                raise
            body = json.dumps({"error": "the server failed to answer this request (its log says why); nothing of it was stored"}).encode()
            headers: list[Any] = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 500, "headers": headers})
            await send({"type": "http.response.body", "body": body})
