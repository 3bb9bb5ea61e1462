"""Runs Bahi's SDK conformance scenario (packages/conformance/scenario.json) with this SDK's public API.

Started by packages/conformance/with-server.mjs, which passes the server, the keys and the files in
BAHI_CONFORMANCE_* variables (see packages/conformance/README.md). The steps are data: this runner
knows the scenario's format, not its steps. Before the scenario it runs the README's quick start, as
written, against the same server. Prints each step's name with `ok` or why it failed; exits 1 if any
failed.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import bahi
from bahi import Bahi

README = Path(__file__).resolve().parent.parent / "README.md"
WORKERS = 16  # threads of the steps that must outrun the rate limit

ERROR_KINDS: dict[str, type[bahi.APIStatusError]] = {
    "validation": bahi.ValidationError,
    "authentication": bahi.AuthenticationError,
    "permission": bahi.PermissionDeniedError,
    "not_found": bahi.NotFoundError,
    "conflict": bahi.ConflictError,
    "rate_limit": bahi.RateLimitError,
    "payment_required": bahi.PaymentRequiredError,
    "server": bahi.ServerError,
}


class StepFailed(Exception):
    pass


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise SystemExit(f"{name} is not set: run me through packages/conformance/with-server.mjs")
    return value


def load_json(path: str) -> Any:
    # Exact decimals: the scenario's amounts are compared exactly.
    return json.loads(Path(path).read_text(encoding="utf-8"), parse_float=Decimal)


def plain(value: Any) -> Any:
    """An answer as plain data (dicts, lists, Decimal): what `${name.path}` and `fields` look into."""
    if hasattr(value, "model_dump"):
        return value.model_dump(by_alias=True)
    return value


def lookup(value: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(value, list):
            value = value[int(part)]
        elif isinstance(value, dict):
            if part not in value:
                raise StepFailed(f"the answer has no {path}")
            value = value[part]
        else:
            raise StepFailed(f"the answer has no {path}")
    return value


class Runner:
    def __init__(self) -> None:
        base_url = env("BAHI_CONFORMANCE_BASE_URL")
        self.vars: dict[str, Any] = {"run": env("BAHI_CONFORMANCE_RUN")}
        # 43 characters after the prefix, as a real key has, that are no key.
        invalid = "sk_test_" + "0" * 43
        limited = env("BAHI_CONFORMANCE_RATE_LIMITED_KEY")

        def clients(url: str) -> dict[str, Bahi]:
            return {
                "main": Bahi(api_key=env("BAHI_CONFORMANCE_API_KEY"), base_url=url),
                "invalid_key": Bahi(api_key=invalid, base_url=url),
                "restricted": Bahi(api_key=env("BAHI_CONFORMANCE_RESTRICTED_KEY"), base_url=url),
                "rate_limited_no_retries": Bahi(api_key=limited, base_url=url, max_retries=0),
                "rate_limited": Bahi(api_key=limited, base_url=url, max_retries=3),
            }

        self.clients = clients(base_url)
        # Steps marked `direct` reach the server itself, not Prism (see the scenario's README).
        self.direct_clients = clients(os.environ.get("BAHI_CONFORMANCE_DIRECT_URL") or base_url)
        self.failures = 0

    # ${run} and ${name.path}; a string that is one whole reference takes the value's own type.
    def substitute(self, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: self.substitute(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.substitute(v) for v in value]
        if not isinstance(value, str):
            return value
        whole = re.fullmatch(r"\$\{([^}]+)\}", value)
        if whole:
            return self.reference(whole.group(1))
        return re.sub(r"\$\{([^}]+)\}", lambda m: str(self.reference(m.group(1))), value)

    def reference(self, ref: str) -> Any:
        name, _, path = ref.partition(".")
        if name not in self.vars:
            raise StepFailed(f"nothing saved as {name}")
        return lookup(self.vars[name], path) if path else self.vars[name]

    def method(self, step: dict[str, Any]) -> Callable[..., Any]:
        clients = self.direct_clients if step.get("direct") else self.clients
        target: Any = clients[step.get("client", "main")]
        for part in step["call"].split("."):
            target = getattr(target, part)
        return target  # type: ignore[no-any-return]

    def invoke(self, step: dict[str, Any]) -> Any:
        args = self.substitute(step.get("args", []))
        params = self.substitute(step.get("params", {}))
        if "idempotency_key" in step:
            params["idempotency_key"] = self.substitute(step["idempotency_key"])
        return self.method(step)(*args, **params)

    def run_step(self, step: dict[str, Any]) -> str | None:
        """Carries out a step; returns a note to print beside its name, if any."""
        if "webhook" in step:
            self.webhook(step)
            return None
        expect = step.get("expect", {})
        if "until_error" in step:
            self.until_error(step, expect)
        elif "until_slower_than" in step:
            self.until_slower_than(step, expect)
        elif "list" in expect:
            self.list(step, expect["list"])
        else:
            for _ in range(int(step.get("repeat", 1))):
                self.call_once(step, expect)
        return None

    def call_once(self, step: dict[str, Any], expect: dict[str, Any]) -> None:
        try:
            answer = self.invoke(step)
        except bahi.BahiError as error:
            if "error" not in expect:
                raise StepFailed(f"the call failed: {error!r}") from error
            self.check_error(error, expect["error"])
            return
        if "error" in expect:
            raise StepFailed(f"expected an error, got an answer {answer!r}")
        self.check_fields(answer, expect.get("fields", {}))
        if "save" in step:
            self.vars[step["save"]] = plain(answer)

    def check_fields(self, answer: Any, fields: dict[str, Any]) -> None:
        data = plain(answer)
        for path, want in self.substitute(fields).items():
            got = lookup(data, path)
            if isinstance(want, int | Decimal) and not isinstance(want, bool):
                if isinstance(got, float) or not isinstance(got, int | Decimal) or isinstance(got, bool):
                    raise StepFailed(f"{path} is {got!r} ({type(got).__name__}), not an exact number")
                if Decimal(got) != Decimal(want):
                    raise StepFailed(f"{path} is {got}, expected {want}")
            elif got != want:
                raise StepFailed(f"{path} is {got!r}, expected {want!r}")

    def check_error(self, error: bahi.BahiError, want: dict[str, Any]) -> None:
        kind = ERROR_KINDS[want["kind"]] if "kind" in want else bahi.APIStatusError
        if not isinstance(error, kind):
            raise StepFailed(f"expected {kind.__name__}, got {type(error).__name__}: {error}")
        assert isinstance(error, bahi.APIStatusError)
        if "status" in want and error.status != want["status"]:
            raise StepFailed(f"status {error.status}, expected {want['status']}")
        if "code" in want and error.code != want["code"]:
            raise StepFailed(f"code {error.code}, expected {want['code']}")
        if "pointer" in want and want["pointer"] not in [e.pointer for e in error.errors]:
            raise StepFailed(f"no field error at {want['pointer']}: {[e.pointer for e in error.errors]}")
        if "retry_after_at_least" in want:
            retry_after = error.retry_after if isinstance(error, bahi.RateLimitError) else None
            if retry_after is None or retry_after < want["retry_after_at_least"]:
                raise StepFailed(
                    f"Retry-After {retry_after}, expected at least {want['retry_after_at_least']}"
                )

    def list(self, step: dict[str, Any], want: dict[str, Any]) -> None:
        page = self.invoke(step)
        if "first_page_count" in want and len(page.data) != want["first_page_count"]:
            raise StepFailed(f"the first page held {len(page.data)}, expected {want['first_page_count']}")
        if "has_more" in want and page.has_more != want["has_more"]:
            raise StepFailed(f"has_more {page.has_more}, expected {want['has_more']}")
        ids = [item.id for item in page.auto_paging_iter()]
        if "count" in want and len(ids) != want["count"]:
            raise StepFailed(f"{len(ids)} items, expected {want['count']}")
        if want.get("distinct_ids") and len(set(ids)) != len(ids):
            raise StepFailed(f"an id came twice: {ids}")

    def burst(
        self, step: dict[str, Any], max_calls: int, done: Callable[[float, Any, BaseException | None], bool]
    ) -> bool:
        """Makes the step's call again and again, from WORKERS threads at once, until `done` (given each
        call's seconds, answer and error) says so or `max_calls` were made. One thread does not reach
        the per-second limit through a slower store (PostgreSQL) or a proxy; several do, as the load
        of several clients of one account would.
        """
        lock = threading.Lock()
        stop = threading.Event()
        made = 0

        def work() -> None:
            nonlocal made
            while not stop.is_set():
                with lock:
                    if made >= max_calls:
                        return
                    made += 1
                started = time.monotonic()
                answer: Any = None
                error: BaseException | None = None
                try:
                    answer = self.invoke(step)
                except bahi.BahiError as caught:
                    error = caught
                with lock:
                    if not stop.is_set() and done(time.monotonic() - started, answer, error):
                        stop.set()

        threads = [threading.Thread(target=work) for _ in range(WORKERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return stop.is_set()

    def until_error(self, step: dict[str, Any], expect: dict[str, Any]) -> None:
        failures: list[BaseException] = []

        def done(seconds: float, answer: Any, error: BaseException | None) -> bool:
            if error is not None:
                failures.append(error)
            return error is not None

        if not self.burst(step, int(step["until_error"]["max_calls"]), done):
            raise StepFailed(f"no call failed in {step['until_error']['max_calls']}")
        assert isinstance(failures[0], bahi.BahiError)
        self.check_error(failures[0], expect["error"])

    def until_slower_than(self, step: dict[str, Any], expect: dict[str, Any]) -> None:
        settings = step["until_slower_than"]
        slow: list[tuple[float, Any, BaseException | None]] = []

        def done(seconds: float, answer: Any, error: BaseException | None) -> bool:
            if error is not None or seconds >= settings["seconds"]:
                slow.append((seconds, answer, error))
                return True
            return False

        if not self.burst(step, int(settings["max_calls"]), done):
            raise StepFailed(f"no call took {settings['seconds']} s in {settings['max_calls']}")
        seconds, answer, error = slow[0]
        if error is not None:
            raise StepFailed(f"the call failed instead of waiting and retrying: {error!r}")
        limit = expect.get("elapsed_at_most_seconds")
        if limit is not None and seconds > limit:
            raise StepFailed(f"the slow call took {seconds:.2f} s, more than {limit} s")
        self.check_fields(answer, expect.get("fields", {}))

    def webhook(self, step: dict[str, Any]) -> None:
        kind = step["webhook"]
        if kind == "vectors":
            for vector in load_json(env("BAHI_CONFORMANCE_VECTORS"))["vectors"]:
                valid = self.verifies(
                    bahi.verify_webhook_signature,
                    vector["body"],
                    vector["headers"],
                    vector["secret"],
                    now=vector["now"],
                )
                if valid != vector["valid"]:
                    raise StepFailed(
                        f"vector {vector['name']!r}: verified {valid}, expected {vector['valid']}"
                    )
            return
        delivery = load_json(env("BAHI_CONFORMANCE_WEBHOOK"))
        body = delivery["body"]
        if kind == "delivered_reserialised":
            # As a web framework's parsed body would be: parsed, then serialised again, indented.
            body = json.dumps(json.loads(body), indent=2)
        elif kind != "delivered":
            raise StepFailed(f"unknown webhook step {kind}")
        valid = self.verifies(bahi.verify_webhook, body, delivery["headers"], delivery["secret"])
        if valid != step.get("expect", {}).get("valid", True):
            raise StepFailed(f"verified {valid}, expected {not valid}")

    @staticmethod
    def verifies(verify: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
        try:
            verify(*args, **kwargs)
        except bahi.WebhookVerificationError:
            return False
        return True

    def quick_start(self) -> str | None:
        """The README's quick start, as written, on the second account (whose party GSTIN is free)."""
        match = re.search(r"## Quick start.*?```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
        if not match:
            raise StepFailed("README.md has no ```python block under ## Quick start")
        os.environ["BAHI_API_KEY"] = env("BAHI_CONFORMANCE_RATE_LIMITED_KEY")
        os.environ["BAHI_BASE_URL"] = env("BAHI_CONFORMANCE_BASE_URL")
        exec(compile(match.group(1), "README.md quick start", "exec"), {"__name__": "quickstart"})
        return None

    def run(self) -> int:
        scenario = load_json(env("BAHI_CONFORMANCE_SCENARIO"))
        steps: list[tuple[str, Callable[[], str | None]]] = [
            ("the README's quick start runs as written", self.quick_start)
        ]
        steps += [(s["name"], functools.partial(self.run_step, s)) for s in scenario["steps"]]
        for name, step in steps:
            try:
                note = step()
            except StepFailed as failure:
                self.failures += 1
                print(f"FAIL {name}: {failure}", flush=True)
            except Exception as error:
                self.failures += 1
                print(f"FAIL {name}: {type(error).__name__}: {error}", flush=True)
            else:
                print(f"ok   {name}{f' ({note})' if note else ''}", flush=True)
        passed = len(steps) - self.failures
        print(f"conformance: {passed} passed, {self.failures} failed")
        return 1 if self.failures else 0


if __name__ == "__main__":
    sys.exit(Runner().run())
