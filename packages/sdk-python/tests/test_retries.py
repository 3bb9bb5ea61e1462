"""Retries: which failures are tried again, how long the SDK waits, and the idempotency key over them."""

from __future__ import annotations

import random
import uuid

import httpx
import pytest
import respx

import bahi
from bahi import Bahi

from .conftest import ACCOUNT, EXAMPLES, PARTY, PROBLEM_HEADERS, answer, problem

DELETED = EXAMPLES["WebhookDeleted"]


def rate_limited(retry_after: str | None = "2") -> httpx.Response:
    headers = dict(PROBLEM_HEADERS)
    if retry_after is not None:
        headers["retry-after"] = retry_after
    return httpx.Response(429, headers=headers, json=problem(429, "rate_limited"))


def test_a_429_is_retried_after_retry_after(client: Bahi, api: respx.MockRouter, waits: list[float]) -> None:
    route = api.get("/v1/account").mock(side_effect=[rate_limited("2"), answer(200, ACCOUNT)])
    assert client.account.retrieve().id == ACCOUNT["id"]
    assert route.call_count == 2
    assert waits == [2.0]


def test_retry_after_as_an_http_date_is_honoured(
    client: Bahi, api: respx.MockRouter, waits: list[float]
) -> None:
    later = httpx.Response(429, headers={"retry-after": "Wed, 21 Oct 2099 07:28:00 GMT"}, json={})
    api.get("/v1/account").mock(side_effect=[later, answer(200, ACCOUNT)])
    # Decades away: longer than the SDK waits, so the caller gets the error to decide.
    with pytest.raises(bahi.RateLimitError) as caught:
        client.account.retrieve()
    assert waits == []
    assert caught.value.retry_after is not None and caught.value.retry_after > 60


def test_a_retry_after_longer_than_a_minute_is_not_slept_through(
    client: Bahi, api: respx.MockRouter, waits: list[float]
) -> None:
    route = api.get("/v1/account").mock(side_effect=[rate_limited("120"), answer(200, ACCOUNT)])
    with pytest.raises(bahi.RateLimitError) as caught:
        client.account.retrieve()
    assert route.call_count == 1 and waits == []
    assert caught.value.retry_after == 120
    assert caught.value.status == 429 and caught.value.code == "rate_limited"


def test_without_retry_after_the_backoff_is_full_jitter_and_exponential(
    client: Bahi, api: respx.MockRouter, waits: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    bounds: list[tuple[float, float]] = []

    def uniform(low: float, high: float) -> float:
        bounds.append((low, high))
        return high / 2

    monkeypatch.setattr(random, "uniform", uniform)
    failing = httpx.Response(503, headers=PROBLEM_HEADERS, json=problem(503, "unavailable"))
    api.get("/v1/account").mock(side_effect=[failing, failing, failing, answer(200, ACCOUNT)])
    client.account.retrieve(max_retries=3)
    assert bounds == [(0, 0.5), (0, 1.0), (0, 2.0)]
    assert waits == [0.25, 0.5, 1.0]


def test_the_backoff_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(random, "uniform", lambda low, high: high)
    assert bahi._core.backoff(10) == bahi._core.BACKOFF_CAP


def test_retries_stop_at_max_retries(client: Bahi, api: respx.MockRouter, waits: list[float]) -> None:
    route = api.get("/v1/account").mock(return_value=rate_limited("1"))
    with pytest.raises(bahi.RateLimitError):
        client.account.retrieve()
    assert route.call_count == 3  # the first attempt and the default two retries
    assert waits == [1.0, 1.0]


def test_max_retries_zero_turns_retries_off(api: respx.MockRouter, waits: list[float]) -> None:
    route = api.get("/v1/account").mock(return_value=rate_limited("1"))
    client = Bahi(api_key="sk_test_abcdefgh12345678", base_url="http://bahi.test", max_retries=0)
    with pytest.raises(bahi.RateLimitError):
        client.account.retrieve()
    assert route.call_count == 1 and waits == []


def test_a_post_keeps_one_idempotency_key_over_its_retries(client: Bahi, api: respx.MockRouter) -> None:
    route = api.post("/v1/parties").mock(
        side_effect=[
            httpx.Response(500, headers=PROBLEM_HEADERS, json=problem(500, "internal_error")),
            httpx.ReadTimeout("slow"),
            answer(201, PARTY),
        ]
    )
    client.parties.create(type="customer", name="Sharma Electronics")
    keys = [call.request.headers["idempotency-key"] for call in route.calls]
    assert len(keys) == 3 and len(set(keys)) == 1
    assert uuid.UUID(keys[0]).version == 4


def test_each_post_gets_a_key_of_its_own(client: Bahi, api: respx.MockRouter) -> None:
    route = api.post("/v1/parties").mock(return_value=answer(201, PARTY))
    client.parties.create(type="customer", name="A")
    client.parties.create(type="customer", name="B")
    first, second = (call.request.headers["idempotency-key"] for call in route.calls)
    assert first != second


def test_a_given_idempotency_key_is_sent_on_every_attempt(client: Bahi, api: respx.MockRouter) -> None:
    route = api.post("/v1/parties").mock(side_effect=[rate_limited("1"), answer(201, PARTY)])
    client.parties.create(type="customer", name="Sharma", idempotency_key="order-42")
    assert [c.request.headers["idempotency-key"] for c in route.calls] == ["order-42", "order-42"]


def test_a_get_never_carries_an_idempotency_key(client: Bahi, api: respx.MockRouter) -> None:
    route = api.get("/v1/account").mock(side_effect=[rate_limited("1"), answer(200, ACCOUNT)])
    client.account.retrieve()
    assert all("idempotency-key" not in call.request.headers for call in route.calls)


def test_a_patch_and_a_delete_carry_no_idempotency_key(client: Bahi, api: respx.MockRouter) -> None:
    patch = api.patch("/v1/parties/pty_1").mock(return_value=answer(200, PARTY))
    delete = api.delete("/v1/webhooks/whk_1").mock(return_value=answer(200, DELETED))
    client.parties.update("pty_1", phone="+91 22 2387 5678")
    client.webhooks.delete("whk_1")
    assert "idempotency-key" not in patch.calls.last.request.headers
    assert "idempotency-key" not in delete.calls.last.request.headers


def test_a_409_in_progress_is_retried_and_other_409s_are_not(client: Bahi, api: respx.MockRouter) -> None:
    in_progress = httpx.Response(
        409, headers=PROBLEM_HEADERS, json=problem(409, "idempotency_request_in_progress")
    )
    route = api.post("/v1/parties").mock(side_effect=[in_progress, answer(201, PARTY)])
    assert client.parties.create(type="customer", name="Sharma").id == PARTY["id"]
    assert route.call_count == 2

    api.reset()
    duplicate = httpx.Response(
        409, headers=PROBLEM_HEADERS, json=problem(409, "duplicate_gstin", existing_id="pty_0")
    )
    route = api.post("/v1/parties").mock(side_effect=[duplicate, answer(201, PARTY)])
    with pytest.raises(bahi.ConflictError) as caught:
        client.parties.create(type="customer", name="Sharma", gstin="27AAPFU0939F1ZV")
    assert route.call_count == 1
    assert caught.value.existing_id == "pty_0"


@pytest.mark.parametrize("status", [400, 401, 402, 403, 404, 413, 415, 422])
def test_client_errors_are_never_retried(client: Bahi, api: respx.MockRouter, status: int) -> None:
    route = api.post("/v1/invoices").mock(
        return_value=httpx.Response(status, headers=PROBLEM_HEADERS, json=problem(status, "nope"))
    )
    with pytest.raises(bahi.APIStatusError):
        client.invoices.create(party_id="pty_1", items=[{"sku": "PEN-01", "qty": 1, "rate": 1}])
    assert route.call_count == 1


def test_a_delete_is_not_retried_after_a_5xx_or_a_timeout(client: Bahi, api: respx.MockRouter) -> None:
    # The server may have deleted it: sent again, it would answer 404 for a delete that worked.
    route = api.delete("/v1/webhooks/whk_1").mock(
        return_value=httpx.Response(502, headers=PROBLEM_HEADERS, json=problem(502, "bad_gateway"))
    )
    with pytest.raises(bahi.ServerError):
        client.webhooks.delete("whk_1")
    assert route.call_count == 1

    api.reset()
    route = api.delete("/v1/webhooks/whk_1").mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(bahi.APITimeoutError):
        client.webhooks.delete("whk_1")
    assert route.call_count == 1


def test_a_delete_is_retried_when_the_server_cannot_have_acted(client: Bahi, api: respx.MockRouter) -> None:
    deleted = answer(200, DELETED)
    route = api.delete("/v1/webhooks/whk_1").mock(
        side_effect=[httpx.ConnectError("refused"), rate_limited("1"), deleted]
    )
    assert client.webhooks.delete("whk_1").deleted is True
    assert route.call_count == 3


def test_network_errors_of_a_get_are_retried(client: Bahi, api: respx.MockRouter) -> None:
    route = api.get("/v1/account").mock(
        side_effect=[httpx.RemoteProtocolError("reset"), answer(200, ACCOUNT)]
    )
    assert client.account.retrieve().object == "account"
    assert route.call_count == 2


def test_a_timeout_after_the_retries_is_an_api_timeout_error(client: Bahi, api: respx.MockRouter) -> None:
    route = api.post("/v1/parties").mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(bahi.APITimeoutError) as caught:
        client.parties.create(type="customer", name="Sharma", idempotency_key="k-1")
    assert route.call_count == 3
    assert isinstance(caught.value, bahi.APIConnectionError)
    assert caught.value.idempotency_key == "k-1"  # to retry the create safely later


def test_the_timeout_applies_to_each_attempt(api: respx.MockRouter) -> None:
    route = api.get("/v1/account").mock(return_value=answer(200, ACCOUNT))
    client = Bahi(api_key="sk_test_abcdefgh12345678", base_url="http://bahi.test", timeout=7.5)
    client.account.retrieve()
    client.account.retrieve(timeout=1.25)
    first, second = (call.request.extensions["timeout"] for call in route.calls)
    assert first == {"connect": 7.5, "read": 7.5, "write": 7.5, "pool": 7.5}
    assert second["read"] == 1.25


def test_a_real_timeout_raises_api_timeout_error(waits: list[float]) -> None:
    # A server that accepts the connection and never answers.
    import socket
    import threading

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    accepted: list[socket.socket] = []
    threading.Thread(target=lambda: accepted.append(listener.accept()[0]), daemon=True).start()
    port = listener.getsockname()[1]
    client = Bahi(
        api_key="sk_test_abcdefgh12345678", base_url=f"http://127.0.0.1:{port}", timeout=0.2, max_retries=0
    )
    with pytest.raises(bahi.APITimeoutError):
        client.account.retrieve()
    listener.close()


@pytest.mark.anyio
async def test_the_async_client_retries_and_keeps_the_key(
    async_client: bahi.AsyncBahi, api: respx.MockRouter, waits: list[float]
) -> None:
    route = api.post("/v1/parties").mock(side_effect=[rate_limited("3"), answer(201, PARTY)])
    party = await async_client.parties.create(type="customer", name="Sharma")
    assert party.id == PARTY["id"]
    assert waits == [3.0]
    keys = {call.request.headers["idempotency-key"] for call in route.calls}
    assert len(keys) == 1
    await async_client.close()
