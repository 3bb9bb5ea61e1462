"""The clients: `Bahi` (blocking) and `AsyncBahi` (asyncio), each with every resource of the API."""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import TracebackType

import httpx

from ._core import (
    DEFAULT_BASE_URL,
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    AsyncCore,
    AsyncRefresh,
    Refresh,
    SyncCore,
)
from ._errors import BahiError
from ._generated.resources import AsyncResources, SyncResources

__all__ = ["AsyncBahi", "Bahi"]


def _settings(
    api_key: str | None, access_token: str | None, refreshes: bool, base_url: str | None
) -> tuple[str, str]:
    if api_key is not None and access_token is not None:
        raise BahiError("Pass api_key or access_token, not both")
    if refreshes and not access_token:
        raise BahiError("refresh_access_token renews an access_token; an API key is not refreshed")
    key = access_token or (api_key if api_key is not None else os.environ.get("BAHI_API_KEY"))
    if not key:
        raise BahiError(
            "No API key: pass api_key=… (sk_test_… or sk_live_…) or access_token=…, or set BAHI_API_KEY"
        )
    url = base_url or os.environ.get("BAHI_BASE_URL") or DEFAULT_BASE_URL
    return key, url


def _livemode(api_key: str) -> bool | None:
    if api_key.startswith("sk_live_"):
        return True
    if api_key.startswith("sk_test_"):
        return False
    return None  # an OAuth or personal access token: its mode is the one it was issued for


def _masked(api_key: str) -> str:
    # Enough to tell keys apart in a log, never enough to use one.
    prefix = next((p for p in ("sk_test_", "sk_live_", "bahi_at_", "bahi_pat_") if api_key.startswith(p)), "")
    return f"{prefix}…{api_key[-4:]}" if len(api_key) > len(prefix) + 8 else f"{prefix}…"


class Bahi(SyncResources):
    """The Bahi API client.

    ```python
    client = Bahi(api_key=os.environ["BAHI_API_KEY"], base_url="http://127.0.0.1:8080")
    invoice = client.invoices.create(party_id=party.id, items=[{"sku": "PEN-01", "qty": 2, "rate": Decimal("99.99")}])
    ```

    `api_key` defaults to `BAHI_API_KEY`, `base_url` to `BAHI_BASE_URL`, else `http://127.0.0.1:8080`
    (a local `pnpm start`). The key's prefix selects the data: `sk_test_` test mode, `sk_live_` live.
    Instead of a key, `access_token` is an OAuth access token (`bahi_at_…`) or a personal access token
    (`bahi_pat_…`); with it, `refresh_access_token` is called (no arguments, returning the new token)
    when Bahi refuses the token as `invalid_token`, and the refused request is sent once more.
    `timeout` is the seconds each attempt may wait on the network; `max_retries` how many times a
    failed attempt is tried again (network errors, timeouts, 429, 5xx). Every call also takes
    `timeout=`, `max_retries=` and `extra_headers=`, and every POST `idempotency_key=`.
    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
        access_token: str | None = None,
        refresh_access_token: Refresh | None = None,
    ) -> None:
        key, url = _settings(api_key, access_token, refresh_access_token is not None, base_url)
        self._core = SyncCore(
            refresh_access_token=refresh_access_token,
            api_key=key,
            base_url=url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            http_client=http_client,
        )
        self._attach(self._core)

    @property
    def livemode(self) -> bool | None:
        """`True` for a live key (`sk_live_`), `False` for a test key (`sk_test_`), else `None`."""
        return _livemode(self._core.api_key)

    @property
    def base_url(self) -> str:
        return self._core.base_url

    def close(self) -> None:
        """Closes the connections (of an HTTP client the SDK made or was given)."""
        self._core.close()

    def __enter__(self) -> Bahi:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Bahi(base_url={self.base_url!r}, api_key={_masked(self._core.api_key)!r})"


class AsyncBahi(AsyncResources):
    """The Bahi API client for asyncio: the same resources as `Bahi`, each method awaitable.

    A list method returns at once; `await` it for the first page, or `async for` over every item.
    `refresh_access_token` may be a coroutine function; tasks refused together await one call of it.
    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
        access_token: str | None = None,
        refresh_access_token: AsyncRefresh | None = None,
    ) -> None:
        key, url = _settings(api_key, access_token, refresh_access_token is not None, base_url)
        self._core = AsyncCore(
            refresh_access_token=refresh_access_token,
            api_key=key,
            base_url=url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            http_client=http_client,
        )
        self._attach(self._core)

    @property
    def livemode(self) -> bool | None:
        """`True` for a live key (`sk_live_`), `False` for a test key (`sk_test_`), else `None`."""
        return _livemode(self._core.api_key)

    @property
    def base_url(self) -> str:
        return self._core.base_url

    async def close(self) -> None:
        await self._core.close()

    async def __aenter__(self) -> AsyncBahi:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()

    def __repr__(self) -> str:
        return f"AsyncBahi(base_url={self.base_url!r}, api_key={_masked(self._core.api_key)!r})"
