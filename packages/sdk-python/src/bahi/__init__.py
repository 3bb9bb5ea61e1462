"""Bahi: the Python client of the Bahi GST billing API.

```python
from bahi import Bahi, AsyncBahi
```
"""

from . import types
from ._client import AsyncBahi, Bahi
from ._errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BahiError,
    ConflictError,
    NotFoundError,
    PaymentRequiredError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ValidationError,
    WebhookVerificationError,
)
from ._pagination import AsyncPage, AsyncPaginator, SyncPage
from ._types import NOT_GIVEN, FileInput, NotGiven
from ._version import __version__
from ._webhooks import sign_webhook, verify_webhook, verify_webhook_signature

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "AsyncBahi",
    "AsyncPage",
    "AsyncPaginator",
    "AuthenticationError",
    "Bahi",
    "BahiError",
    "ConflictError",
    "FileInput",
    "NotFoundError",
    "NotGiven",
    "PaymentRequiredError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "SyncPage",
    "ValidationError",
    "WebhookVerificationError",
    "__version__",
    "sign_webhook",
    "types",
    "verify_webhook",
    "verify_webhook_signature",
]
