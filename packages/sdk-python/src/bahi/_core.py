"""The transport under every resource: requests, retries, idempotency keys, timeouts and errors.

Retry policy (the same as `@bahi/sdk`'s): network errors, timeouts, 429, 5xx and 409
`idempotency_request_in_progress` are tried again, at most `max_retries` times, after the answer's
`Retry-After` when it has one (up to `MAX_RETRY_AFTER` seconds; a longer one is the caller's to
decide) and otherwise after a full-jitter exponential backoff. Only methods whose repeat cannot act
twice are retried after the request may have arrived: GET reads, every POST carries one
`Idempotency-Key` over all its attempts (so the server replays a repeat instead of acting again), and
the contract's PATCHes set fields to values. A DELETE is retried only when the server cannot have
acted on it: a 429, or a connection that failed before the request was sent.

With an OAuth access token and a refresh callback, a 401 whose `WWW-Authenticate` is `Bearer
error="invalid_token"` (expired, revoked) calls the callback for a new token, once however many
requests were refused together, and the request is sent once more with it (a POST under the same
`Idempotency-Key`); refused again, the 401 is the caller's: a call never refreshes twice.
"""

from __future__ import annotations

import asyncio
import inspect
import mimetypes
import os
import random
import re
import threading
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import IO, Any, TypeVar
from urllib.parse import quote

import httpx
from pydantic import TypeAdapter

from . import _json
from ._errors import APIConnectionError, APITimeoutError, BahiError, error_from_response, retry_after_seconds
from ._pagination import AsyncPage, AsyncPaginator, SyncPage
from ._types import FileContent, FileInput, NotGiven
from ._version import __version__

__all__ = ["AsyncCore", "AsyncRefresh", "Refresh", "SyncCore", "parse_as", "path_param"]

T = TypeVar("T")

Refresh = Callable[[], str]
"""Gets a new OAuth access token (typically a `refresh_token` grant at `POST /oauth/token`)."""
AsyncRefresh = Callable[[], "Awaitable[str] | str"]
"""`AsyncBahi`'s refresh callback: a coroutine function, or a plain function."""

_INVALID_TOKEN = re.compile(r'^\s*Bearer\b.*\berror\s*=\s*"?invalid_token"?', re.IGNORECASE)


def refuses_token(response: httpx.Response) -> bool:
    """RFC 6750's refusal of an expired, revoked or unknown bearer token (not of a missing scope)."""
    return response.status_code == 401 and bool(
        _INVALID_TOKEN.match(response.headers.get("www-authenticate", ""))
    )


def _new_token(token: object) -> str:
    if not isinstance(token, str) or not token:
        raise BahiError("refresh_access_token gave no access token")
    return token


DEFAULT_BASE_URL = "http://127.0.0.1:8080"
DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_RETRIES = 2
BACKOFF_BASE = 0.5
BACKOFF_CAP = 8.0
MAX_RETRY_AFTER = 60.0
USER_AGENT = f"bahi-python/{__version__}"
REPEATABLE_METHODS = frozenset({"GET", "HEAD", "POST", "PATCH"})

# Module attributes rather than direct calls, so that tests can stand in a clock that does not wait.
sleep = time.sleep
async_sleep = asyncio.sleep


def backoff(retry: int) -> float:
    """The wait before retry n (from 0): full jitter, uniform in [0, min(cap, base * 2^n))."""
    return random.uniform(0, min(BACKOFF_CAP, BACKOFF_BASE * 2**retry))  # noqa: S311 - jitter, not a secret


def path_param(value: str) -> str:
    """A path parameter, percent-encoded so that an id can never reach another path."""
    return quote(str(value), safe="")


_adapters: dict[Any, TypeAdapter[Any]] = {}


def parse_as(tp: Any, data: Any) -> Any:
    """Validates an answer against a type that is not a single model (a union of models)."""
    adapter = _adapters.get(tp)
    if adapter is None:
        adapter = _adapters[tp] = TypeAdapter(tp)
    return adapter.validate_python(data)


def _query_value(value: Any) -> str | list[str]:
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [v for item in value for v in _as_list(_query_value(item))]
    if isinstance(value, float):
        raise TypeError(f"{value!r} is a float; pass decimal.Decimal or int")
    return str(value)


def _as_list(value: str | list[str]) -> list[str]:
    return value if isinstance(value, list) else [value]


def _file_part(field: str, value: FileInput) -> tuple[str, bytes, str]:
    """A form's file as (name, bytes, media type), read once so that a retry sends the same bytes."""
    name: str | None = None
    media_type: str | None = None
    content: FileContent
    if isinstance(value, tuple):
        name, content = value[0], value[1]
        if len(value) == 3:
            media_type = value[2]
    else:
        content = value
    data: bytes
    if isinstance(content, bytes):
        data = content
    elif isinstance(content, str):
        data = content.encode("utf-8")
    elif isinstance(content, os.PathLike):
        path = os.fspath(content)
        with open(path, "rb") as handle:
            data = handle.read()
        name = name or os.path.basename(path)
    else:
        read: Any = _read(content)
        data = read.encode("utf-8") if isinstance(read, str) else bytes(read)
        file_name = getattr(content, "name", None)
        if name is None and isinstance(file_name, str):
            name = os.path.basename(file_name)
    name = name or field
    media_type = media_type or mimetypes.guess_type(name)[0] or "application/octet-stream"
    return name, data, media_type


def _read(handle: IO[bytes]) -> bytes | str:
    return handle.read()


class _BaseCore:
    """What the sync and async transports share: settings, building a request, the retry decision."""

    def __init__(
        self,
        *,
        api_key: str,
        base_url: str,
        timeout: float,
        max_retries: int,
        default_headers: Mapping[str, str] | None,
    ) -> None:
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.default_headers = dict(default_headers or {})

    @staticmethod
    def _refused_token(request: httpx.Request) -> str:
        sent: str = request.headers.get("authorization", "")
        return sent.removeprefix("Bearer ")

    def build_request(
        self,
        http: httpx.Client | httpx.AsyncClient,
        method: str,
        path: str,
        *,
        query: Mapping[str, Any] | None,
        body: Mapping[str, Any] | None,
        files: Mapping[str, Any] | None,
        form: Mapping[str, Any] | None,
        body_required: bool,
        idempotency_key: str | None,
        timeout: float | None,
        extra_headers: Mapping[str, str] | None,
        accept: str,
    ) -> httpx.Request:
        headers = {
            **self.default_headers,
            "Authorization": f"Bearer {self.api_key}",
            "User-Agent": USER_AGENT,
            "Accept": accept,
        }
        if method == "POST":
            # One key per call, kept over its retries: the server replays a repeat instead of acting twice.
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        headers.update(extra_headers or {})
        params = {
            k: _query_value(v)
            for k, v in (query or {}).items()
            if not isinstance(v, NotGiven) and v is not None
        }
        content: str | None = None
        data: dict[str, str] | None = None
        parts: dict[str, tuple[str, bytes, str]] | None = None
        if body is not None:
            given = {k: v for k, v in body.items() if not isinstance(v, NotGiven)}
            if given or body_required:
                content = _json.dumps(given)
                headers["Content-Type"] = "application/json"
        if files is not None or form is not None:
            parts = {k: _file_part(k, v) for k, v in (files or {}).items() if not isinstance(v, NotGiven)}
            data = {k: str(v) for k, v in (form or {}).items() if not isinstance(v, NotGiven)}
        request = http.build_request(
            method,
            self.base_url + path,
            params=params,
            content=content.encode("utf-8") if content is not None else None,
            data=data or None,
            files=parts or None,
            headers=headers,
            timeout=httpx.Timeout(self.timeout if timeout is None else timeout),
        )
        # The body is read into memory now (a multipart form with its boundary), so that every
        # attempt sends the same bytes.
        request.read()
        return request

    @staticmethod
    def retry_wait(response: httpx.Response, retry: int, repeatable: bool) -> float | None:
        """Seconds to wait before trying this answer's request again, or `None` when it is final."""
        status = response.status_code
        retryable = status == 429 or (
            repeatable
            and (
                status >= 500
                or (status == 409 and _problem_code(response) == "idempotency_request_in_progress")
            )
        )
        if not retryable:
            return None
        retry_after = retry_after_seconds(response.headers.get("retry-after"))
        if retry_after is None:
            return backoff(retry)
        return retry_after if retry_after <= MAX_RETRY_AFTER else None

    @staticmethod
    def connection_error(error: httpx.TransportError, request: httpx.Request) -> APIConnectionError:
        key = request.headers.get("idempotency-key")
        # The message names the kind of failure and the URL, never the headers (the key is a secret).
        where = f"{request.method} {request.url.copy_with(query=None)}"
        if isinstance(error, httpx.TimeoutException):
            return APITimeoutError(
                f"No answer in time from {where} ({type(error).__name__})", idempotency_key=key
            )
        return APIConnectionError(
            f"Could not reach {where}: {type(error).__name__}: {error}", idempotency_key=key
        )

    @staticmethod
    def decode(response: httpx.Response, accept: str) -> Any:
        if response.is_success:
            if accept.startswith("text/"):
                return response.text
            if accept != "application/json":
                # A file that is not text (a PDF): its bytes, as they came.
                return response.content
            return _json.loads(response.content) if response.content else None
        raise error_from_response(response, idempotency_key=response.request.headers.get("idempotency-key"))


def _problem_code(response: httpx.Response) -> Any:
    try:
        body = _json.loads(response.content)
    except ValueError:
        return None
    return body.get("code") if isinstance(body, dict) else None


def _certainly_not_sent(error: httpx.TransportError) -> bool:
    """Whether the connection failed before the request left, so that the server never saw it."""
    return isinstance(error, httpx.ConnectError | httpx.ConnectTimeout)


class SyncCore(_BaseCore):
    def __init__(
        self,
        *,
        http_client: httpx.Client | None = None,
        refresh_access_token: Refresh | None = None,
        **settings: Any,
    ) -> None:
        super().__init__(**settings)
        self.http = http_client or httpx.Client(follow_redirects=False)
        self.refresh_access_token = refresh_access_token
        self._refresh_lock = threading.Lock()

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
        files: Mapping[str, Any] | None = None,
        form: Mapping[str, Any] | None = None,
        body_required: bool = True,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        accept: str = "application/json",
    ) -> Any:
        request = self.build_request(
            self.http,
            method,
            path,
            query=query,
            body=body,
            files=files,
            form=form,
            body_required=body_required,
            idempotency_key=idempotency_key,
            timeout=timeout,
            extra_headers=extra_headers,
            accept=accept,
        )
        retries = self.max_retries if max_retries is None else max_retries
        response = self._send(request, retries)
        if self.refresh_access_token is not None and refuses_token(response):
            renewed = self._renew(self._refused_token(request))
            request.headers["Authorization"] = f"Bearer {renewed}"
            response = self._send(request, retries)
        return self.decode(response, accept)

    def _send(self, request: httpx.Request, retries: int) -> httpx.Response:
        repeatable = request.method in REPEATABLE_METHODS
        retry = 0
        while True:
            try:
                response = self.http.send(request)
            except httpx.TransportError as error:
                if retry >= retries or not (repeatable or _certainly_not_sent(error)):
                    raise self.connection_error(error, request) from error
                wait = backoff(retry)
            else:
                wait_or_none = self.retry_wait(response, retry, repeatable)
                if wait_or_none is None or retry >= retries:
                    return response
                wait = wait_or_none
            sleep(wait)
            retry += 1

    def _renew(self, refused: str) -> str:
        """The token to send instead of `refused`: another thread's new one, or one from the callback."""
        with self._refresh_lock:
            if self.api_key == refused and self.refresh_access_token is not None:
                self.api_key = _new_token(self.refresh_access_token())
            return self.api_key

    def paginate(self, parse: Callable[[Any], T], method: str, path: str, **options: Any) -> SyncPage[T]:
        query = dict(options.pop("query", None) or {})

        def fetch(cursor: str | None) -> SyncPage[T]:
            page_query = query if cursor is None else {**query, "starting_after": cursor}
            answer = self.request(method, path, query=page_query, **options)
            return SyncPage(
                [parse(item) for item in answer["data"]], answer["has_more"], answer["next_cursor"], fetch
            )

        return fetch(None)

    def close(self) -> None:
        self.http.close()


class AsyncCore(_BaseCore):
    def __init__(
        self,
        *,
        http_client: httpx.AsyncClient | None = None,
        refresh_access_token: AsyncRefresh | None = None,
        **settings: Any,
    ) -> None:
        super().__init__(**settings)
        self.http = http_client or httpx.AsyncClient(follow_redirects=False)
        self.refresh_access_token = refresh_access_token
        self._refresh_lock = asyncio.Lock()

    async def request(
        self,
        method: str,
        path: str,
        *,
        query: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
        files: Mapping[str, Any] | None = None,
        form: Mapping[str, Any] | None = None,
        body_required: bool = True,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        accept: str = "application/json",
    ) -> Any:
        request = self.build_request(
            self.http,
            method,
            path,
            query=query,
            body=body,
            files=files,
            form=form,
            body_required=body_required,
            idempotency_key=idempotency_key,
            timeout=timeout,
            extra_headers=extra_headers,
            accept=accept,
        )
        retries = self.max_retries if max_retries is None else max_retries
        response = await self._send(request, retries)
        if self.refresh_access_token is not None and refuses_token(response):
            renewed = await self._renew(self._refused_token(request))
            request.headers["Authorization"] = f"Bearer {renewed}"
            response = await self._send(request, retries)
        return self.decode(response, accept)

    async def _send(self, request: httpx.Request, retries: int) -> httpx.Response:
        repeatable = request.method in REPEATABLE_METHODS
        retry = 0
        while True:
            try:
                response = await self.http.send(request)
            except httpx.TransportError as error:
                if retry >= retries or not (repeatable or _certainly_not_sent(error)):
                    raise self.connection_error(error, request) from error
                wait = backoff(retry)
            else:
                wait_or_none = self.retry_wait(response, retry, repeatable)
                if wait_or_none is None or retry >= retries:
                    return response
                wait = wait_or_none
            await async_sleep(wait)
            retry += 1

    async def _renew(self, refused: str) -> str:
        """The token to send instead of `refused`: another task's new one, or one from the callback."""
        async with self._refresh_lock:
            if self.api_key == refused and self.refresh_access_token is not None:
                token = self.refresh_access_token()
                self.api_key = _new_token(await token if inspect.isawaitable(token) else token)
            return self.api_key

    def paginate(
        self, parse: Callable[[Any], T], method: str, path: str, **options: Any
    ) -> AsyncPaginator[T]:
        query = dict(options.pop("query", None) or {})

        async def fetch(cursor: str | None) -> AsyncPage[T]:
            page_query = query if cursor is None else {**query, "starting_after": cursor}
            answer = await self.request(method, path, query=page_query, **options)
            return AsyncPage(
                [parse(item) for item in answer["data"]], answer["has_more"], answer["next_cursor"], fetch
            )

        return AsyncPaginator(fetch)

    async def close(self) -> None:
        await self.http.aclose()
