"""Shared fixtures: a client against a mocked Bahi (respx), and a clock that records waits instead of sleeping."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from bahi import AsyncBahi, Bahi, _core, _json

BASE_URL = "http://bahi.test"
API_KEY = "sk_test_" + "k" * 43
PACKAGE = Path(__file__).resolve().parents[1]
ROOT = PACKAGE.parent.parent
SPEC_PATH = ROOT / "packages/contract/generated/openapi.json"


def problem(status: int, code: str, **extra: Any) -> dict[str, Any]:
    return {
        "type": f"urn:bahi:problem:{code}",
        "title": code.replace("_", " "),
        "status": status,
        "code": code,
        "detail": f"detail of {code}",
        "request_id": "req_0123",
        **extra,
    }


PROBLEM_HEADERS = {"content-type": "application/problem+json"}


def load_spec() -> Any:
    return json.loads(SPEC_PATH.read_text(encoding="utf-8"), parse_float=Decimal)


EXAMPLES: dict[str, Any] = {name: e["value"] for name, e in load_spec()["components"]["examples"].items()}
ACCOUNT = EXAMPLES["Account"]
PARTY = EXAMPLES["Party"]


def answer(status: int, value: Any, **headers: str) -> httpx.Response:
    """An answer with a JSON body written exactly (its Decimals as they are)."""
    return httpx.Response(
        status, content=_json.dumps(value), headers={"content-type": "application/json", **headers}
    )


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The seconds the SDK waited between attempts, in order; nothing really sleeps."""
    recorded: list[float] = []

    async def async_sleep(seconds: float) -> None:
        recorded.append(seconds)

    monkeypatch.setattr(_core, "sleep", recorded.append)
    monkeypatch.setattr(_core, "async_sleep", async_sleep)
    return recorded


@pytest.fixture
def api() -> Iterator[respx.MockRouter]:
    with respx.mock(base_url=BASE_URL, assert_all_called=False) as router:
        yield router


@pytest.fixture
def client(waits: list[float]) -> Iterator[Bahi]:
    with Bahi(api_key=API_KEY, base_url=BASE_URL) as c:
        yield c


@pytest.fixture
def async_client(waits: list[float]) -> AsyncBahi:
    return AsyncBahi(api_key=API_KEY, base_url=BASE_URL)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
