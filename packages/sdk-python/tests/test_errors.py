"""Error answers become the typed error of their status, with the problem's details."""

from __future__ import annotations

import httpx
import pytest
import respx

import bahi
from bahi import Bahi

from .conftest import API_KEY, PROBLEM_HEADERS, problem


@pytest.mark.parametrize(
    ("status", "cls", "code"),
    [
        (400, bahi.ValidationError, "validation_failed"),
        (401, bahi.AuthenticationError, "unauthenticated"),
        (402, bahi.PaymentRequiredError, "plan_limit_exceeded"),
        (403, bahi.PermissionDeniedError, "insufficient_scope"),
        (404, bahi.NotFoundError, "not_found"),
        (405, bahi.APIStatusError, "method_not_allowed"),
        (409, bahi.ConflictError, "invoice_cancelled"),
        (413, bahi.APIStatusError, "payload_too_large"),
        (415, bahi.APIStatusError, "unsupported_media_type"),
        (422, bahi.ValidationError, "unknown_sku"),
        (429, bahi.RateLimitError, "rate_limited"),
        (500, bahi.ServerError, "internal_error"),
        (503, bahi.ServerError, "unavailable"),
    ],
)
def test_each_status_raises_its_class(
    client: Bahi, api: respx.MockRouter, status: int, cls: type[bahi.APIStatusError], code: str
) -> None:
    api.get("/v1/invoices/inv_1").mock(
        return_value=httpx.Response(status, headers=PROBLEM_HEADERS, json=problem(status, code))
    )
    with pytest.raises(cls) as caught:
        client.invoices.retrieve("inv_1", max_retries=0)
    error = caught.value
    assert type(error) is cls
    assert isinstance(error, bahi.BahiError)
    assert (error.status, error.code, error.request_id) == (status, code, "req_0123")
    assert error.detail == f"detail of {code}"
    assert error.problem is not None and error.problem["code"] == code
    assert str(error) == f"detail of {code} ({status} {code} req_0123)"


def test_a_validation_error_lists_its_fields(client: Bahi, api: respx.MockRouter) -> None:
    body = problem(
        422,
        "unknown_sku",
        errors=[{"pointer": "/items/0/sku", "code": "unknown_sku", "message": "no product PEN-99"}],
    )
    route = api.post("/v1/invoices").mock(
        return_value=httpx.Response(422, headers=PROBLEM_HEADERS, json=body)
    )
    with pytest.raises(bahi.ValidationError) as caught:
        client.invoices.create(party_id="pty_1", items=[{"sku": "PEN-99", "qty": 1, "rate": 1}])
    error = caught.value
    assert [(e.pointer, e.code, e.message) for e in error.errors] == [
        ("/items/0/sku", "unknown_sku", "no product PEN-99")
    ]
    # The key the create was sent with, to send it again safely.
    assert error.idempotency_key == route.calls.last.request.headers["idempotency-key"]


def test_a_402_keeps_the_problems_own_fields(client: Bahi, api: respx.MockRouter) -> None:
    body = problem(402, "plan_limit_exceeded", quota="live_invoices_per_month", limit=100)
    api.post("/v1/invoices").mock(return_value=httpx.Response(402, headers=PROBLEM_HEADERS, json=body))
    with pytest.raises(bahi.PaymentRequiredError) as caught:
        client.invoices.create(party_id="pty_1", items=[])
    assert caught.value.problem is not None
    assert caught.value.problem["quota"] == "live_invoices_per_month"


def test_an_answer_that_is_not_a_problem_still_raises_by_status(client: Bahi, api: respx.MockRouter) -> None:
    api.get("/v1/account").mock(
        return_value=httpx.Response(502, text="<html>Bad gateway</html>", headers={"x-request-id": "req_9"})
    )
    with pytest.raises(bahi.ServerError) as caught:
        client.account.retrieve(max_retries=0)
    error = caught.value
    assert (error.status, error.code, error.request_id) == (502, "http_502", "req_9")
    assert error.detail == "<html>Bad gateway</html>"
    assert error.problem is None and error.errors == []


def test_errors_never_show_the_api_key(client: Bahi, api: respx.MockRouter) -> None:
    api.get("/v1/account").mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(bahi.APIConnectionError) as caught:
        client.account.retrieve(max_retries=0)
    assert API_KEY not in str(caught.value) and API_KEY not in repr(caught.value)
    assert "GET http://bahi.test/v1/account" in str(caught.value)
