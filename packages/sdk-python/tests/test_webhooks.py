"""Standard Webhooks verification over the raw body, with the specification's test vectors."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

import bahi
from bahi import WebhookVerificationError, sign_webhook, verify_webhook, verify_webhook_signature

from .conftest import EXAMPLES, ROOT

VECTORS = json.loads(
    (ROOT / "packages/conformance/standard-webhooks-vectors.json").read_text(encoding="utf-8")
)
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"


@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=[v["name"] for v in VECTORS["vectors"]])
def test_the_standard_webhooks_vectors(vector: dict[str, Any]) -> None:
    def check() -> None:
        verify_webhook_signature(vector["body"], vector["headers"], vector["secret"], now=vector["now"])

    if vector["valid"]:
        check()
    else:
        with pytest.raises(WebhookVerificationError):
            check()


def event_body() -> str:
    return json.dumps(EXAMPLES["Event"], default=str, separators=(",", ":"))


def test_a_signed_event_verifies_and_parses_with_decimal_money() -> None:
    body = event_body()
    headers = sign_webhook(body, SECRET, msg_id="evt_01jd5a0k3m7q2r8s4t6v9w1x3z")
    event = verify_webhook(body.encode(), headers, SECRET)
    assert event.id == "evt_01jd5a0k3m7q2r8s4t6v9w1x3z" and event.type == "party.created"
    assert isinstance(event.data.object, bahi.types.Party)


def test_the_body_parsed_and_serialised_again_does_not_verify() -> None:
    body = event_body()
    headers = sign_webhook(body, SECRET, msg_id="evt_1")
    reserialised = json.dumps(json.loads(body), indent=2)
    with pytest.raises(WebhookVerificationError, match="No webhook-signature matches"):
        verify_webhook(reserialised, headers, SECRET)


def test_parsed_json_is_refused_with_advice() -> None:
    body = event_body()
    headers = sign_webhook(body, SECRET, msg_id="evt_1")
    with pytest.raises(WebhookVerificationError, match="raw request body"):
        verify_webhook(json.loads(body), headers, SECRET)


def test_headers_of_any_case_and_several_signatures() -> None:
    body = event_body()
    good = sign_webhook(body, SECRET, msg_id="evt_1")
    rotated = sign_webhook(
        body, "whsec_" + "QUJD" * 8, msg_id="evt_1", timestamp=int(good["webhook-timestamp"])
    )
    headers = {
        "Webhook-Id": "evt_1",
        "WEBHOOK-TIMESTAMP": good["webhook-timestamp"],
        "webhook-signature": f"{rotated['webhook-signature']} {good['webhook-signature']}",
    }
    verify_webhook_signature(body, headers, SECRET)
    verify_webhook_signature(body, list(headers.items()), SECRET)


def test_the_tolerance_is_five_minutes_either_way_by_default() -> None:
    body = "{}"
    headers = sign_webhook(body, SECRET, msg_id="m", timestamp=1_000_000)
    verify_webhook_signature(body, headers, SECRET, now=1_000_300)
    verify_webhook_signature(body, headers, SECRET, now=999_700)
    for now in (1_000_301, 999_699):
        with pytest.raises(WebhookVerificationError, match="tolerated"):
            verify_webhook_signature(body, headers, SECRET, now=now)
    verify_webhook_signature(body, headers, SECRET, now=1_000_900, tolerance=900)


def test_the_clock_defaults_to_now() -> None:
    headers = sign_webhook("{}", SECRET, msg_id="m", timestamp=int(time.time()) - 1000)
    with pytest.raises(WebhookVerificationError):
        verify_webhook_signature("{}", headers, SECRET)


@pytest.mark.parametrize(
    ("secret", "message"),
    [("whsec_", "no key"), ("whsec_not base64!", "not `whsec_` followed by base64")],
)
def test_a_malformed_secret(secret: str, message: str) -> None:
    headers = sign_webhook("{}", SECRET, msg_id="m")
    with pytest.raises(WebhookVerificationError, match=message):
        verify_webhook_signature("{}", headers, secret)


def test_missing_headers() -> None:
    with pytest.raises(WebhookVerificationError, match="Missing"):
        verify_webhook_signature("{}", {"webhook-id": "m"}, SECRET)


def test_a_signed_body_that_is_not_an_event() -> None:
    headers = sign_webhook("[1, 2]", SECRET, msg_id="m")
    with pytest.raises(WebhookVerificationError, match="not a Bahi event"):
        verify_webhook("[1, 2]", headers, SECRET)


def test_an_event_of_a_kind_this_sdk_does_not_know_still_parses() -> None:
    # Within /v1 new event types and objects may be added: an older SDK must not refuse them.
    event = {
        **EXAMPLES["Event"],
        "type": "stock.recounted",
        "data": {"object": {"object": "stock_count", "id": "stc_1"}},
    }
    body = json.dumps(event, default=str)
    parsed = verify_webhook(body, sign_webhook(body, SECRET, msg_id="m"), SECRET)
    assert parsed.type == "stock.recounted"
    assert parsed.data.object == {"object": "stock_count", "id": "stc_1"}


def test_every_python_block_of_the_readme_compiles() -> None:
    # The quick start also runs for real, in the conformance run against a server.
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert len(blocks) >= 5 and any("verify_webhook(raw_body, headers" in b for b in blocks)
    for index, block in enumerate(blocks):
        compile(block, f"README.md block {index}", "exec")
