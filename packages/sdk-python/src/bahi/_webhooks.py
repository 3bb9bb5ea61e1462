"""Standard Webhooks signatures: verifying Bahi's deliveries over their raw body, and signing test ones."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import time
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError as PydanticValidationError

from . import _json
from ._errors import WebhookVerificationError
from ._generated.models import Event

__all__ = ["DEFAULT_TOLERANCE", "sign_webhook", "verify_webhook", "verify_webhook_signature"]

DEFAULT_TOLERANCE = 300
"""Seconds a delivery's `webhook-timestamp` may be away from now, either way."""
SECRET_PREFIX = "whsec_"  # noqa: S105 - the prefix of every secret, not one


def _header(headers: Any, name: str) -> str | None:
    """A header from a mapping of any case (a dict, httpx, Starlette, Django, Flask headers)."""
    items = headers.items() if hasattr(headers, "items") else headers
    for key, value in items:
        if str(key).lower() == name:
            if isinstance(value, list | tuple):
                return " ".join(str(v) for v in value)
            return str(value)
    return None


def _raw(payload: Any) -> bytes:
    if isinstance(payload, str):
        return payload.encode("utf-8")
    if isinstance(payload, bytes | bytearray | memoryview):
        return bytes(payload)
    raise WebhookVerificationError(
        "Pass the raw request body (bytes or str) as it arrived, not parsed JSON: "
        "serialising it again changes the signed bytes"
    )


def _key(secret: str) -> bytes:
    encoded = secret.removeprefix(SECRET_PREFIX)
    try:
        key = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise WebhookVerificationError("The webhook secret is not `whsec_` followed by base64") from None
    if not key:
        raise WebhookVerificationError("The webhook secret has no key after `whsec_`")
    return key


def _signature(key: bytes, msg_id: str, timestamp: str, payload: bytes) -> bytes:
    return hmac.new(key, f"{msg_id}.{timestamp}.".encode() + payload, hashlib.sha256).digest()


def verify_webhook_signature(
    payload: bytes | str,
    headers: Mapping[str, Any] | Any,
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: float | None = None,
) -> None:
    """Checks a delivery's Standard Webhooks signature and timestamp; raises `WebhookVerificationError`.

    `payload` is the raw body exactly as received. `now` (Unix seconds) stands in for the clock, for
    tests. During a secret rotation a delivery carries several signatures: one match is enough.
    """
    body = _raw(payload)
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError(
            "Missing webhook-id, webhook-timestamp or webhook-signature header: not a Bahi delivery"
        )
    if not re.fullmatch(r"\d{1,15}", timestamp):
        raise WebhookVerificationError(f"webhook-timestamp {timestamp!r} is not Unix seconds")
    skew = int(time.time() if now is None else now) - int(timestamp)
    if abs(skew) > tolerance:
        direction = "old" if skew > 0 else "ahead"
        raise WebhookVerificationError(
            f"webhook-timestamp is {abs(skew)} s {direction}, more than the {tolerance} s tolerated"
        )
    expected = _signature(_key(secret), msg_id, timestamp, body)
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        if version != "v1" or not value:
            continue
        try:
            mac = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            continue
        if hmac.compare_digest(mac, expected):  # constant time, unlike ==
            return
    raise WebhookVerificationError("No webhook-signature matches the body and the secret")


def verify_webhook(
    payload: bytes | str,
    headers: Mapping[str, Any] | Any,
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: float | None = None,
) -> Event:
    """Verifies a delivery (see `verify_webhook_signature`) and returns its event, money as `Decimal`.

    Raises `WebhookVerificationError` when the signature, the timestamp or the secret is wrong, or
    when the signed body is not an event.
    """
    verify_webhook_signature(payload, headers, secret, tolerance=tolerance, now=now)
    try:
        return Event.model_validate(_json.loads(_raw(payload)))
    except (ValueError, PydanticValidationError) as error:
        raise WebhookVerificationError("The signed body is not a Bahi event") from error


def sign_webhook(
    payload: bytes | str, secret: str, *, msg_id: str, timestamp: int | None = None
) -> dict[str, str]:
    """The headers Bahi would send with this body, for testing a webhook endpoint of yours."""
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    mac = _signature(_key(secret), msg_id, stamp, _raw(payload))
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": stamp,
        "webhook-signature": f"v1,{base64.b64encode(mac).decode()}",
    }
