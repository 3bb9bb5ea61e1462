import { appOperationList } from "@bahi/contract/app";
import { appResponseProblems } from "@bahi/contract/testing";
import { expect } from "vitest";
import type { Executor } from "../../src/db/client.js";
import type { Mail, Mailer } from "../../src/mail/mailer.js";
import { createMember } from "../../src/services/members/members.js";
import type { Role } from "../../src/services/members/roles.js";
import { recordAnswer } from "./status-coverage.js";

export interface AppCallResult {
  status: number;
  headers: Headers;
  body: any;
}

/** A browser, as far as the application's API sees one: one cookie, its CSRF token, its address. */
export class Browser {
  cookie: string | null = null;
  csrf: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** Calls an operation of spec/app, sending the cookie and CSRF token, and checks the answer against the spec. */
  async call(
    operationId: string,
    options: {
      path?: Record<string, string>;
      query?: Record<string, string | number>;
      body?: unknown;
      headers?: Record<string, string>;
      csrf?: boolean;
    } = {},
  ): Promise<AppCallResult> {
    const op = appOperationList.find((o) => o.operationId === operationId);
    if (!op) throw new Error(`no operation ${operationId} in spec/app`);
    let path = op.path;
    for (const [name, value] of Object.entries(options.path ?? {})) path = path.replace(`{${name}}`, value);
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = `bahi_session=${this.cookie}`;
    if (op.method !== "GET" && this.csrf && options.csrf !== false) headers["x-csrf-token"] ??= this.csrf;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(url, {
      method: op.method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    const body =
      text && (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text;
    const result = { status: response.status, headers: response.headers, body };
    expect(
      appResponseProblems(operationId, result),
      `${operationId} answered ${result.status}: ${text}`,
    ).toEqual([]);
    recordAnswer(operationId, result.status);
    const setCookie = response.headers.get("set-cookie");
    if (setCookie?.startsWith("bahi_session=")) {
      const value = setCookie.slice("bahi_session=".length).split(";")[0] ?? "";
      this.cookie = value === "" ? null : value;
    }
    if (result.status === 200 && body?.object === "session") this.csrf = body.csrf_token;
    return result;
  }

  async signIn(email: string, password: string): Promise<AppCallResult> {
    return this.call("signIn", { body: { email, password } });
  }
}

/** Catches the application's emails, for tests to follow their links. */
export class MailCatcher implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
  /** The token of the last link sent to `to`. */
  lastToken(to: string): string {
    const mail = this.sent.filter((m) => m.to === to).at(-1);
    const token = mail?.text.match(/#([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error(`no link was sent to ${to}`);
    return token;
  }
}

export const PASSWORD = "a long passphrase of mine";

/** A member of the account with a password, made the way an accepted invitation makes one. */
export async function memberOf(
  db: Executor,
  accountId: string,
  email: string,
  role: Role,
  password = PASSWORD,
) {
  return createMember(db, { email, accountId, role, password });
}
