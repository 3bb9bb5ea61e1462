"""The errors of the SDK: one class per family of answer status, each carrying the problem's details."""

from __future__ import annotations

import email.utils
import re
import time
from typing import Any

import httpx

from . import _json
from ._generated.models import FieldError

__all__ = [
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "AuthenticationError",
    "BahiError",
    "ConflictError",
    "NotFoundError",
    "PaymentRequiredError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "ValidationError",
    "WebhookVerificationError",
]


class BahiError(Exception):
    """Every error this SDK raises."""


class APIConnectionError(BahiError):
    """No answer arrived (the network failed), after the SDK's retries.

    `idempotency_key` is the key a POST was sent with: send the same call again with it and Bahi
    replays the first outcome if the request did arrive, instead of acting twice.
    """

    def __init__(self, message: str, *, idempotency_key: str | None = None) -> None:
        super().__init__(message)
        self.idempotency_key = idempotency_key


class APITimeoutError(APIConnectionError):
    """No answer within the `timeout` of each attempt, after the SDK's retries."""


class APIStatusError(BahiError):
    """An error answer (`application/problem+json`). Its subclass names the status's family."""

    status: int
    """The HTTP status."""
    code: str
    """The problem's stable machine-readable code, e.g. `validation_failed`, `unknown_sku`."""
    title: str
    detail: str | None
    request_id: str | None
    """The request's id (`X-Request-Id`): quote it to support."""
    errors: list[FieldError]
    """The bad fields of a 400 or 422, each named by a JSON Pointer (`/items/0/qty`)."""
    type: str | None
    existing_id: str | None
    """For a conflict with an existing object (a duplicate GSTIN or SKU), that object's id."""
    problem: dict[str, Any] | None
    """The whole problem body (numbers as `Decimal`), with fields this class has no attribute for."""
    idempotency_key: str | None
    """The `Idempotency-Key` a POST was sent with (yours, or the one the SDK made)."""
    headers: httpx.Headers

    def __init__(self, response: httpx.Response, body: Any, *, idempotency_key: str | None) -> None:
        problem = body if isinstance(body, dict) else {}
        self.status = response.status_code
        self.code = str(problem.get("code") or f"http_{self.status}")
        self.title = str(problem.get("title") or response.reason_phrase or f"HTTP {self.status}")
        detail = problem.get("detail")
        if detail is None and isinstance(body, str) and body:
            detail = body[:500]  # a proxy's error page is still the best account of what happened
        self.detail = None if detail is None else str(detail)
        self.request_id = problem.get("request_id") or response.headers.get("x-request-id")
        self.errors = []
        for item in problem.get("errors") or []:
            try:
                self.errors.append(FieldError.model_validate(item))
            except ValueError:
                continue
        self.type = problem.get("type")
        self.existing_id = problem.get("existing_id")
        is_problem = response.headers.get("content-type", "").lower().startswith("application/problem+json")
        self.problem = problem if is_problem and problem else None
        self.idempotency_key = idempotency_key
        self.headers = response.headers
        where = " ".join(str(p) for p in (self.status, self.code, self.request_id) if p is not None)
        super().__init__(f"{self.detail or self.title} ({where})")


class ValidationError(APIStatusError):
    """400 (the request does not match the contract) or 422 (a business rule says no)."""


class AuthenticationError(APIStatusError):
    """401: the API key is missing, malformed, unknown, revoked or expired."""


class PaymentRequiredError(APIStatusError):
    """402: the subscription is paused or a plan quota is spent (live mode only)."""


class PermissionDeniedError(APIStatusError):
    """403: the key lacks the scope the operation needs (`insufficient_scope`)."""


class NotFoundError(APIStatusError):
    """404: no such object in this account and mode, or no such path."""


class ConflictError(APIStatusError):
    """409: a conflict with the current state, e.g. cancelling a cancelled invoice."""


class RateLimitError(APIStatusError):
    """429: too many requests, after the SDK's retries (or a `Retry-After` longer than it waits)."""

    retry_after: float | None
    """Seconds the server asked to wait (`Retry-After`), when it said."""

    def __init__(self, response: httpx.Response, body: Any, *, idempotency_key: str | None) -> None:
        super().__init__(response, body, idempotency_key=idempotency_key)
        self.retry_after = retry_after_seconds(response.headers.get("retry-after"))


class ServerError(APIStatusError):
    """5xx: Bahi failed, after the SDK's retries."""


class WebhookVerificationError(BahiError):
    """A webhook delivery that is not provably from Bahi, or not recent: answer 400, do not act on it."""


_CLASS_OF_STATUS: dict[int, type[APIStatusError]] = {
    400: ValidationError,
    401: AuthenticationError,
    402: PaymentRequiredError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: ValidationError,
    429: RateLimitError,
}


def retry_after_seconds(value: str | None) -> float | None:
    """`Retry-After` as seconds from now: delay-seconds, or an HTTP date."""
    if value is None:
        return None
    value = value.strip()
    if re.fullmatch(r"\d+(\.\d+)?", value):
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, at.timestamp() - time.time())


def error_from_response(response: httpx.Response, *, idempotency_key: str | None) -> APIStatusError:
    """The error of an error answer, from its problem+json body when it has one."""
    body: Any = None
    if response.content:
        try:
            body = _json.loads(response.content)
        except ValueError:
            body = response.text
    status = response.status_code
    cls = _CLASS_OF_STATUS.get(status) or (ServerError if status >= 500 else APIStatusError)
    return cls(response, body, idempotency_key=idempotency_key)
