// The SDK conformance scenario (packages/conformance) run with @bahi/sdk: each step of scenario.json
// carried out through the SDK's public API, without code per step. Run it under with-server.mjs:
//   node packages/conformance/with-server.mjs [--prism] -- node packages/sdk/conformance/run.mjs
import { readFileSync } from "node:fs";
import {
  AuthenticationError,
  Bahi,
  ConflictError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ValidationError,
} from "../dist/index.js";

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run under packages/conformance/with-server.mjs`);
  return value;
};

const ERROR_KINDS = {
  validation: ValidationError,
  authentication: AuthenticationError,
  permission: PermissionError,
  not_found: NotFoundError,
  conflict: ConflictError,
  rate_limit: RateLimitError,
};

class StepFailed extends Error {}

function clientsAt(baseUrl) {
  const limited = env("BAHI_CONFORMANCE_RATE_LIMITED_KEY");
  return {
    main: new Bahi({ apiKey: env("BAHI_CONFORMANCE_API_KEY"), baseUrl }),
    invalid_key: new Bahi({ apiKey: `sk_test_${"0".repeat(43)}`, baseUrl }),
    restricted: new Bahi({ apiKey: env("BAHI_CONFORMANCE_RESTRICTED_KEY"), baseUrl }),
    rate_limited_no_retries: new Bahi({ apiKey: limited, baseUrl, maxRetries: 0 }),
    rate_limited: new Bahi({ apiKey: limited, baseUrl, maxRetries: 3 }),
  };
}

const baseUrl = env("BAHI_CONFORMANCE_BASE_URL");
const clients = clientsAt(baseUrl);
// Steps marked `direct` reach the server itself, not Prism (see the scenario's README).
const directClients = clientsAt(process.env.BAHI_CONFORMANCE_DIRECT_URL || baseUrl);
const saved = { run: env("BAHI_CONFORMANCE_RUN") };

/** A dotted path into an answer (`items.0.sku`). */
function lookup(value, path) {
  return path.split(".").reduce((at, key) => (at === undefined || at === null ? undefined : at[key]), value);
}

/** `${run}` and `${name.path}`; a string that is one whole reference takes the value's own type. */
function substitute(value) {
  if (Array.isArray(value)) return value.map(substitute);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v)]));
  if (typeof value !== "string") return value;
  const reference = (ref) => {
    const [name, ...path] = ref.split(".");
    if (!(name in saved)) throw new StepFailed(`nothing saved as ${name}`);
    return path.length ? lookup(saved[name], path.join(".")) : saved[name];
  };
  const whole = /^\$\{([^}]+)\}$/.exec(value);
  if (whole) return reference(whole[1]);
  return value.replace(/\$\{([^}]+)\}/g, (_, ref) => String(reference(ref)));
}

/** Numbers compare as decimals (354 equals 354.00); JSON numbers within the spec's range are exact. */
function same(actual, expected) {
  if (typeof expected === "number") return typeof actual === "number" && Number(actual) === Number(expected);
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** `resource.method` as the SDK names it (`invoices.create`, `account.retrieve`). */
function methodOf(step) {
  const client = (step.direct ? directClients : clients)[step.client ?? "main"];
  if (!client) throw new StepFailed(`unknown client ${step.client}`);
  const [resource, verb] = step.call.split(".");
  const target = client[resource];
  if (!target || typeof target[verb] !== "function") throw new StepFailed(`the SDK has no ${step.call}`);
  return (...args) => target[verb](...args);
}

/** One call of the step, as the SDK takes it: path ids, then the body or query, then options. */
function called(step) {
  const args = substitute(step.args ?? []);
  const params = substitute(step.params);
  const options = step.idempotency_key ? { idempotencyKey: substitute(step.idempotency_key) } : undefined;
  const method = methodOf(step);
  if (step.call.endsWith(".retrieve") && params === undefined) return method(...args, options);
  return method(...args, params, options);
}

/** The call's answer; a list fetches nothing until used, so its answer is its first page. */
async function callOnce(step) {
  const result = called(step);
  return step.call.endsWith(".list") ? result.page : result;
}

function checkFields(answer, fields) {
  for (const [path, want] of Object.entries(substitute(fields))) {
    const got = lookup(answer, path);
    if (!same(got, want))
      throw new StepFailed(`${path} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
}

function checkError(error, want) {
  if (!error) throw new StepFailed(`the call succeeded, expected ${want.status}`);
  const kind = ERROR_KINDS[want.kind];
  if (kind && !(error instanceof kind))
    throw new StepFailed(`${error.name} is no ${kind.name}: ${error.message}`);
  if (error.status !== want.status) throw new StepFailed(`status ${error.status}, expected ${want.status}`);
  if (want.code && error.code !== want.code)
    throw new StepFailed(`code ${error.code}, expected ${want.code}`);
  if (want.pointer && !error.errors.some((e) => e.pointer === want.pointer))
    throw new StepFailed(`no field error at ${want.pointer}: ${JSON.stringify(error.errors)}`);
  if (want.retry_after_at_least !== undefined && !(error.retryAfter >= want.retry_after_at_least))
    throw new StepFailed(`Retry-After ${error.retryAfter}, expected at least ${want.retry_after_at_least}`);
}

/** Calls until `done` says so, `parallel` calls at a time, at most `max` in all. */
async function repeatedly(step, max, parallel, done) {
  let made = 0;
  let found;
  const worker = async () => {
    while (!found && made < max) {
      made += 1;
      const started = performance.now();
      let outcome;
      try {
        outcome = { answer: await callOnce(step) };
      } catch (error) {
        outcome = { error };
      }
      outcome.seconds = (performance.now() - started) / 1000;
      if (!found && done(outcome)) found = outcome;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return found;
}

async function runCall(step) {
  const expect = step.expect ?? {};
  if (step.until_error) {
    const failed = await repeatedly(step, step.until_error.max_calls, 16, (o) => o.error !== undefined);
    if (!failed) throw new StepFailed(`no call failed in ${step.until_error.max_calls}`);
    checkError(failed.error, expect.error);
    return;
  }
  if (step.until_slower_than) {
    const { seconds, max_calls } = step.until_slower_than;
    const slow = await repeatedly(step, max_calls, 16, (o) => o.seconds >= seconds);
    if (!slow) throw new StepFailed(`no call took ${seconds} s in ${max_calls}`);
    if (slow.error) throw new StepFailed(`the slow call failed: ${slow.error.message}`);
    if (slow.seconds > expect.elapsed_at_most_seconds)
      throw new StepFailed(
        `it took ${slow.seconds.toFixed(2)} s, more than ${expect.elapsed_at_most_seconds}`,
      );
    if (expect.fields) checkFields(slow.answer, expect.fields);
    return;
  }
  for (let i = 0; i < (step.repeat ?? 1); i++) {
    if (expect.list) {
      const list = called(step);
      const first = await list.page;
      const ids = [];
      for await (const item of list) ids.push(item.id);
      const want = expect.list;
      if (want.count !== undefined && ids.length !== want.count)
        throw new StepFailed(`${ids.length} items, expected ${want.count}`);
      if (want.first_page_count !== undefined && first.data.length !== want.first_page_count)
        throw new StepFailed(`first page of ${first.data.length}, expected ${want.first_page_count}`);
      if (want.has_more !== undefined && first.has_more !== want.has_more)
        throw new StepFailed(`has_more ${first.has_more}, expected ${want.has_more}`);
      if (want.distinct_ids && new Set(ids).size !== ids.length) throw new StepFailed("an id repeats");
      continue;
    }
    let answer;
    let error;
    try {
      answer = await callOnce(step);
    } catch (caught) {
      error = caught;
    }
    if (expect.error) {
      checkError(error, expect.error);
      continue;
    }
    if (error) throw new StepFailed(`${error.name}: ${error.message}`);
    if (expect.fields) checkFields(answer, expect.fields);
    if (step.save) saved[step.save] = answer;
  }
}

async function verifies(body, headers, secret, now) {
  try {
    await Bahi.webhooks.verify(body, headers, secret, now === undefined ? {} : { now });
    return true;
  } catch {
    return false;
  }
}

async function runWebhook(step) {
  if (step.webhook === "vectors") {
    const { vectors } = JSON.parse(readFileSync(env("BAHI_CONFORMANCE_VECTORS"), "utf8"));
    for (const v of vectors) {
      const valid = await verifies(v.body, v.headers, v.secret, v.now);
      if (valid !== v.valid)
        throw new StepFailed(`vector "${v.name}": ${valid ? "verified" : "did not verify"}`);
    }
    return;
  }
  const delivery = JSON.parse(readFileSync(env("BAHI_CONFORMANCE_WEBHOOK"), "utf8"));
  const body =
    step.webhook === "delivered_reserialised"
      ? JSON.stringify(JSON.parse(delivery.body), null, 2)
      : delivery.body;
  const valid = await verifies(body, delivery.headers, delivery.secret);
  if (valid !== step.expect.valid) throw new StepFailed(valid ? "it verified" : "it did not verify");
}

const { steps } = JSON.parse(readFileSync(env("BAHI_CONFORMANCE_SCENARIO"), "utf8"));
let failed = 0;
for (const step of steps) {
  const started = performance.now();
  try {
    await (step.webhook ? runWebhook(step) : runCall(step));
    console.log(`ok   ${step.name} (${((performance.now() - started) / 1000).toFixed(2)} s)`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${step.name}: ${error.message}`);
  }
}
console.log(
  failed === 0 ? `@bahi/sdk: all ${steps.length} steps passed` : `@bahi/sdk: ${failed} step(s) failed`,
);
process.exit(failed === 0 ? 0 : 1);
