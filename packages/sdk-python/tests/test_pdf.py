"""Documents as PDF: the answer is the file's bytes exactly as sent, never text; errors stay typed."""

from __future__ import annotations

import httpx
import pytest
import respx

from bahi import AsyncBahi, Bahi, NotFoundError, _json

from .conftest import PROBLEM_HEADERS, problem

# A PDF's binary comment line and a NUL: bytes that decoding as UTF-8 text would change.
PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n\x00\xff"


@pytest.mark.parametrize(
    ("resource", "path"),
    [
        ("invoices", "/v1/invoices/inv_01/pdf"),
        ("credit_notes", "/v1/credit_notes/crn_01/pdf"),
        ("debit_notes", "/v1/debit_notes/dbn_01/pdf"),
    ],
)
def test_pdf_answers_the_bytes_and_sends_the_copy(
    client: Bahi, api: respx.MockRouter, resource: str, path: str
) -> None:
    route = api.get(path).mock(
        return_value=httpx.Response(200, content=PDF, headers={"content-type": "application/pdf"})
    )
    pdf = getattr(client, resource).pdf(path.split("/")[3], copy="duplicate")
    assert isinstance(pdf, bytes)
    assert pdf == PDF
    request = route.calls.last.request
    assert request.url.params["copy"] == "duplicate"
    assert request.headers["accept"] == "application/pdf"
    getattr(client, resource).pdf(path.split("/")[3])
    assert "copy" not in route.calls.last.request.url.params


@pytest.mark.anyio
async def test_the_async_client_answers_bytes_too(async_client: AsyncBahi, api: respx.MockRouter) -> None:
    api.get("/v1/invoices/inv_01/pdf").mock(
        return_value=httpx.Response(200, content=PDF, headers={"content-type": "application/pdf"})
    )
    assert await async_client.invoices.pdf("inv_01", copy="triplicate") == PDF


def test_a_problem_answer_raises_its_error(client: Bahi, api: respx.MockRouter) -> None:
    api.get("/v1/invoices/inv_gone/pdf").mock(
        return_value=httpx.Response(
            404, content=_json.dumps(problem(404, "not_found")), headers=PROBLEM_HEADERS
        )
    )
    with pytest.raises(NotFoundError) as raised:
        client.invoices.pdf("inv_gone")
    assert raised.value.code == "not_found"
