import { operationList, toFieldErrors } from "@bahi/contract";
import { type Config, DEFAULT_PORT } from "../config.js";
import type { Executor } from "../db/client.js";
import { createLogger, LogOutput } from "../logger.js";
import { openRuntime, type Runtime } from "../runtime.js";
import {
  createAccount,
  findAccount,
  type Plan,
  setSubscriptionStatus,
  toAccount,
} from "../services/accounts/accounts.js";
import { issueApiKey, revokeApiKey } from "../services/accounts/api-keys.js";
import { ALL_SCOPES } from "../services/accounts/principal.js";
import { startRegistrationWorker } from "../services/einvoice/registrar.js";
import { ImportWorker } from "../services/imports/worker.js";
import { createMember, issueLink, SIGN_IN_LINK_LIFETIME_HOURS } from "../services/members/members.js";
import { checkGstin } from "../services/shared/gstin.js";
import { startWorker } from "../services/webhooks/worker.js";
import { ApiError } from "../values/problem.js";
import { importProducts } from "./import-products.js";

export type Values = Record<string, string | boolean | undefined>;
export interface CommandOutput {
  /** What a person reads. */
  text: string;
  /** The one object printed with --json. */
  json: unknown;
}
/** `args` are the positionals after the command's name: the FILE of `products import`. */
type Command = (values: Values, config: Config, args: readonly string[]) => Promise<CommandOutput>;
/** The commands that take positionals after their name; any other is matched whole. */
export const COMMANDS_WITH_ARGS: ReadonlySet<string> = new Set(["products import"]);

const PLANS: readonly Plan[] = ["free", "growth", "enterprise"];

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new ApiError(400, "usage", `--${name} is required.`);
  return value;
}

function optional(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

async function withRuntime<T>(
  config: Config,
  command: string,
  work: (runtime: Runtime) => Promise<T>,
): Promise<T> {
  const runtime = await openRuntime(config, `bahi ${command}`);
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

function parseScopes(raw: string): string[] {
  const scopes = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const known = new Set(operationList.flatMap((op) => op.scopes ?? []));
  const unknown = scopes.filter((s) => s !== ALL_SCOPES && !known.has(s));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new ApiError(
      400,
      "unknown_scope",
      `Unknown scopes: ${unknown.join(", ") || "(none given)"}. Known: *, ${[...known].sort().join(", ")}.`,
    );
  }
  return scopes;
}

/**
 * Checks what the flags say against the request body the API would take for the same fields, so
 * that the operator meets the contract's rules, and names the flags that break them.
 */
function checkFlags(operationId: string, body: unknown, flags: Readonly<Record<string, string>>): void {
  const validate = operationList.find((op) => op.operationId === operationId)?.validate.body;
  if (!validate) throw new Error(`the contract has no request body for ${operationId}`);
  if (validate(body)) return;
  const problems = toFieldErrors(validate.errors ?? []).map(
    (e) => `${flags[e.pointer] ? `--${flags[e.pointer]}` : e.pointer} ${e.message}`,
  );
  throw new ApiError(400, "validation_failed", `${problems.join("; ")}.`);
}

/** The flags of `accounts create`, by the field of AccountUpdate (PATCH /v1/account) they fill. */
const ACCOUNT_FLAGS = {
  "/legal_name": "legal-name",
  "/trade_name": "trade-name",
  "/address/line1": "address",
  "/address/line2": "address2",
  "/address/city": "city",
  "/address/pin": "pin",
};

/** The flags of `keys create`, by the field of ApiKeyCreate (POST /v1/api_keys) they fill. */
const KEY_FLAGS = { "/name": "name", "/scopes": "scopes", "/expires_at": "expires-at" };

function accountFlags(values: Values) {
  const plan = optional(values, "plan") ?? "free";
  if (!PLANS.includes(plan as Plan))
    throw new ApiError(400, "usage", `--plan must be one of ${PLANS.join(", ")}.`);
  const account = {
    legalName: required(values, "legal-name"),
    tradeName: optional(values, "trade-name") ?? null,
    gstin: required(values, "gstin"),
    address: {
      line1: required(values, "address"),
      line2: optional(values, "address2") ?? null,
      city: required(values, "city"),
      pin: required(values, "pin"),
    },
    plan: plan as Plan,
  };
  const { stateCode } = checkGstin(account.gstin);
  checkFlags(
    "updateAccount",
    {
      legal_name: account.legalName,
      trade_name: account.tradeName,
      address: { ...account.address, state_code: stateCode },
    },
    ACCOUNT_FLAGS,
  );
  return account;
}

function keyFlags(values: Values) {
  const mode = required(values, "mode");
  if (mode !== "test" && mode !== "live") throw new ApiError(400, "usage", "--mode must be test or live.");
  const accountId = required(values, "account");
  const name = optional(values, "name");
  const scopes = parseScopes(required(values, "scopes"));
  const expires = optional(values, "expires-at");
  checkFlags(
    "createApiKey",
    {
      scopes,
      ...(name === undefined ? {} : { name }),
      ...(expires === undefined ? {} : { expires_at: expires }),
    },
    KEY_FLAGS,
  );
  const expiresAt = expires === undefined ? null : new Date(expires);
  // A leap second passes the format but is no Date.
  if (expiresAt && !(expiresAt.getTime() > Date.now()))
    throw new ApiError(
      400,
      "validation_failed",
      `--expires-at must be in the future, as an RFC 3339 time such as ${new Date(Date.now() + 86_400_000).toISOString()}.`,
    );
  return { accountId, livemode: mode === "live", name: name ?? null, scopes, expiresAt };
}

const setStatus =
  (status: "active" | "paused"): Command =>
  (values, config) =>
    withRuntime(config, `accounts ${status === "paused" ? "pause" : "resume"}`, async ({ handle }) => {
      const account = toAccount(await setSubscriptionStatus(handle.db, required(values, "account"), status));
      return { text: `Account ${account.id} is now ${account.subscription_status}.`, json: account };
    });

/**
 * The account's first owner, with a link to set their password (once, within
 * SIGN_IN_LINK_LIFETIME_HOURS), on BAHI_PUBLIC_URL or this machine's default address.
 */
async function firstOwner(db: Executor, accountId: string, email: string) {
  const member = await createMember(db, { email, accountId, role: "owner" });
  const token = await issueLink(
    db,
    member.id,
    "password_reset",
    new Date(),
    SIGN_IN_LINK_LIFETIME_HOURS * 3_600_000,
  );
  const origin = process.env.BAHI_PUBLIC_URL || `http://127.0.0.1:${process.env.PORT || DEFAULT_PORT}`;
  return { member_id: member.id, email: member.email, link: `${origin}/app/reset-password#${token}` };
}

export const commands: Record<string, Command> = {
  "accounts create": async (values, config) => {
    const input = accountFlags(values);
    const ownerEmail = optional(values, "owner-email");
    if (ownerEmail !== undefined && !/^[^\s@]+@[^\s@]+$/.test(ownerEmail))
      throw new ApiError(400, "usage", "--owner-email must be an email address.");
    return withRuntime(config, "accounts create", async ({ handle }) => {
      const created = await handle.db.transaction(async (tx) => {
        const row = await createAccount(tx, input);
        const owner = ownerEmail ? await firstOwner(tx, row.id, ownerEmail) : null;
        return { account: toAccount(row), owner };
      });
      const { account, owner } = created;
      const made = `Created account ${account.id} (${account.legal_name}, ${account.gstin}, plan ${account.plan}).`;
      if (!owner) return { text: made, json: account };
      return {
        text: `${made}\nOwner ${owner.email}: set a password within ${SIGN_IN_LINK_LIFETIME_HOURS} hours at\n  ${owner.link}`,
        json: { ...account, owner },
      };
    });
  },
  "accounts pause": setStatus("paused"),
  "accounts resume": setStatus("active"),
  "keys create": async (values, config) => {
    const input = keyFlags(values);
    return withRuntime(config, "keys create", async ({ handle }) => {
      await findAccount(handle.db, input.accountId);
      const key = await issueApiKey(handle.db, input);
      const mode = input.livemode ? "live" : "test";
      return {
        text: `Created ${mode} key ${key.id} with scopes ${key.scopes.join(",")}.\nSecret (shown once): ${key.secret}`,
        json: key,
      };
    });
  },
  "keys revoke": (values, config) =>
    withRuntime(config, "keys revoke", async ({ handle }) => {
      const key = await revokeApiKey(handle.db, null, required(values, "key"), new Date());
      return { text: `Revoked key ${key.id} (${key.prefix}…${key.last4}).`, json: key };
    }),
  worker: (_values, config) =>
    withRuntime(config, "worker", async ({ handle }) => {
      const logs = new LogOutput();
      const logger = createLogger(config.logLevel, logs);
      const worker = await startWorker(handle, config, logger);
      const importer = new ImportWorker(handle.db, logger);
      importer.start();
      const registrations = await startRegistrationWorker(handle.db, config.secretKey, logger);
      // Listened for before the lines that say the worker runs (see main.ts).
      const stopSignal = new Promise<string>((resolve) => {
        process.once("SIGINT", () => resolve("SIGINT"));
        process.once("SIGTERM", () => resolve("SIGTERM"));
      });
      logger.info({ database: handle.driver }, "webhook worker started");
      logger.info({ database: handle.driver }, "product import worker started");
      logger.info({ database: handle.driver }, "e-invoice registration worker started");
      const signal = await stopSignal;
      logger.info({ signal }, "worker stopping: finishing the deliveries and the import batch in flight");
      await Promise.all([worker.stop(), importer.stop(), registrations.stop()]);
      await logs.close();
      return { text: "Worker stopped.", json: { stopped: true } };
    }),
  "products import": (values, config, [file]) =>
    withRuntime(config, "products import", async ({ handle }) => {
      if (file === undefined)
        throw new ApiError(400, "usage", "Name the FILE to import: products import FILE.");
      const mode = required(values, "mode");
      if (mode !== "test" && mode !== "live")
        throw new ApiError(400, "usage", "--mode must be test or live.");
      const accountId = required(values, "account");
      await findAccount(handle.db, accountId);
      return importProducts(handle.db, { accountId, livemode: mode === "live" }, file, {
        sheet: optional(values, "sheet") ?? null,
        progress: values.json !== true && process.stderr.isTTY === true,
      });
    }),
  migrate: (_values, config) =>
    withRuntime(config, "migrate", async ({ handle }) => ({
      text: `Migrations applied (${handle.driver}).`,
      json: { migrated: true, driver: handle.driver },
    })),
};
