"""The client itself: settings, the User-Agent, test/live from the key, secrets kept out of sight, and
how arguments become requests (path, query, JSON, forms, CSV)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import httpx
import pytest
import respx

import bahi
from bahi import AsyncBahi, Bahi

from .conftest import ACCOUNT, BASE_URL, EXAMPLES, PACKAGE, PARTY, answer


def test_the_user_agent_names_the_sdk_and_its_version(client: Bahi, api: respx.MockRouter) -> None:
    route = api.get("/v1/account").mock(return_value=answer(200, ACCOUNT))
    client.account.retrieve()
    assert route.calls.last.request.headers["user-agent"] == f"bahi-python/{bahi.__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", bahi.__version__)


def test_the_version_is_the_packages() -> None:
    if sys.version_info < (3, 11):
        pytest.skip("tomllib is Python 3.11's")
    else:
        import tomllib

        project = tomllib.loads((PACKAGE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        assert project["version"] == bahi.__version__


@pytest.mark.parametrize(
    ("key", "livemode"),
    [("sk_test_" + "a" * 43, False), ("sk_live_" + "a" * 43, True), ("bahi_pat_" + "a" * 40, None)],
)
def test_test_or_live_mode_comes_from_the_key(key: str, livemode: bool | None) -> None:
    assert Bahi(api_key=key).livemode is livemode
    assert AsyncBahi(api_key=key).livemode is livemode


def test_the_key_and_base_url_default_to_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAHI_API_KEY", "sk_live_" + "e" * 43)
    monkeypatch.setenv("BAHI_BASE_URL", "https://api.example.in/")
    client = Bahi()
    assert client.livemode is True and client.base_url == "https://api.example.in"
    monkeypatch.delenv("BAHI_BASE_URL")
    assert Bahi().base_url == "http://127.0.0.1:8080"


def test_no_key_is_an_error_before_any_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BAHI_API_KEY", raising=False)
    with pytest.raises(bahi.BahiError, match="No API key"):
        Bahi()


def test_the_key_is_never_shown() -> None:
    key = "sk_test_" + "s3cr3t" * 7 + "wxyz"
    client = Bahi(api_key=key)
    assert key not in repr(client) and "s3cr3t" not in repr(client)
    assert repr(client) == "Bahi(base_url='http://127.0.0.1:8080', api_key='sk_test_…wxyz')"


def test_the_key_is_sent_as_a_bearer_token(client: Bahi, api: respx.MockRouter) -> None:
    route = api.get("/v1/account").mock(return_value=answer(200, ACCOUNT))
    client.account.retrieve(extra_headers={"X-Trace": "t-1"})
    headers = route.calls.last.request.headers
    assert headers["authorization"] == "Bearer sk_test_" + "k" * 43
    assert headers["accept"] == "application/json" and headers["x-trace"] == "t-1"


def test_path_parameters_are_percent_encoded(client: Bahi, api: respx.MockRouter) -> None:
    route = api.get(url__regex=r".*/v1/invoices/.*").mock(return_value=answer(200, EXAMPLES["Invoice"]))
    client.invoices.retrieve("inv_1/../../account?x=1")
    assert route.calls.last.request.url.raw_path == b"/v1/invoices/inv_1%2F..%2F..%2Faccount%3Fx%3D1"


def test_left_out_arguments_are_not_sent_and_none_is_null(client: Bahi, api: respx.MockRouter) -> None:
    route = api.patch("/v1/products/prd_1").mock(return_value=answer(200, EXAMPLES["Product"]))
    client.products.update("prd_1", name="Pen", reorder_level=None)
    assert route.calls.last.request.content == b'{"name":"Pen","reorder_level":null}'


def test_an_optional_body_left_out_sends_no_body(client: Bahi, api: respx.MockRouter) -> None:
    route = api.post("/v1/webhooks/whk_1/rotate_secret").mock(
        return_value=answer(200, EXAMPLES["WebhookWithSecret"])
    )
    client.webhooks.rotate_secret("whk_1")
    request = route.calls.last.request
    assert request.content == b"" and "content-type" not in request.headers
    client.webhooks.rotate_secret("whk_1", overlap_seconds=3600)
    assert route.calls.last.request.content == b'{"overlap_seconds":3600}'


def test_a_required_body_is_sent_even_when_empty(client: Bahi, api: respx.MockRouter) -> None:
    route = api.patch("/v1/parties/pty_1").mock(return_value=answer(200, PARTY))
    client.parties.update("pty_1")
    assert route.calls.last.request.content == b"{}"


@pytest.mark.parametrize("kind", ["path", "file", "tuple", "bytes"])
def test_an_import_uploads_a_file_as_a_form(
    client: Bahi, api: respx.MockRouter, tmp_path: Path, kind: str
) -> None:
    csv = b"SKU,Item Name\nPEN-01,Pen\n"
    path = tmp_path / "catalogue.csv"
    path.write_bytes(csv)
    route = api.post("/v1/products/imports").mock(return_value=answer(202, EXAMPLES["ProductImportQueued"]))
    uploads: dict[str, bahi.FileInput] = {
        "path": path,
        "file": io.BytesIO(csv),
        "tuple": ("catalogue.csv", csv),
        "bytes": csv,
    }
    upload = uploads[kind]
    job = client.products.imports.create(file=upload, sheet="Products")
    assert job.status == "queued"
    body = route.calls.last.request.content
    name = b"file" if kind in ("file", "bytes") else b"catalogue.csv"
    assert b'Content-Disposition: form-data; name="file"; filename="' + name + b'"' in body
    assert csv in body and b'name="sheet"\r\n\r\nProducts' in body


def test_a_workbook_is_sent_with_its_media_type(client: Bahi, api: respx.MockRouter) -> None:
    route = api.post("/v1/products/imports").mock(return_value=answer(202, EXAMPLES["ProductImportQueued"]))
    client.products.imports.create(file=("stock.xlsx", b"PK\x03\x04..."))
    assert (
        b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        in route.calls.last.request.content
    )


def test_the_import_errors_download_is_csv_text(client: Bahi, api: respx.MockRouter) -> None:
    csv = EXAMPLES["ProductImportErrors"]
    route = api.get("/v1/products/imports/imp_1/errors.csv").mock(
        return_value=httpx.Response(200, text=csv, headers={"content-type": "text/csv; charset=utf-8"})
    )
    assert client.products.imports.retrieve_errors("imp_1") == csv
    assert route.calls.last.request.headers["accept"] == "text/csv"


def test_an_answer_with_fields_newer_than_the_sdk_keeps_them(client: Bahi, api: respx.MockRouter) -> None:
    api.get("/v1/account").mock(return_value=answer(200, {**ACCOUNT, "brand_colour": "#0a7"}))
    account = client.account.retrieve()
    assert account.model_dump()["brand_colour"] == "#0a7"


def test_a_client_can_use_its_own_httpx_client(api: respx.MockRouter) -> None:
    route = api.get("/v1/account").mock(return_value=answer(200, ACCOUNT))
    with (
        httpx.Client(headers={"X-Proxy": "1"}) as http,
        Bahi(api_key="sk_test_abcdefgh12345678", base_url=BASE_URL, http_client=http) as client,
    ):
        client.account.retrieve()
    assert route.calls.last.request.headers["x-proxy"] == "1"
