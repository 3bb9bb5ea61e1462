import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema.js";
import { day, money } from "../src/pages/layout.js";
import { firstIdAt } from "../src/values/ids.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { memberOf, PASSWORD } from "./support/members.js";
import { createTenant, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;
let count = 0;

beforeAll(async () => {
  api = await startTestApi();
  tenant = await createTenant(api.database.handle.db);
});
afterAll(() => api.close());

/** Signs in through the sign-in page's form; answers the cookie header to send. */
async function signInPage(
  role: "owner" | "viewer" | "developer" | "accountant" = "owner",
  accountId = tenant.accountId,
) {
  const email = `page${++count}@acme.example`;
  await memberOf(api.database.handle.db, accountId, email, role);
  const res = await fetch(new URL("/app/sign-in", api.url), {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD }),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/app");
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { cookie, email };
}

async function csrfOf(cookie: string, path = "/app/settings/api") {
  const html = await (await fetch(new URL(path, api.url), { headers: { cookie } })).text();
  return html.match(/name="_csrf" value="([^"]+)"/)?.[1] ?? "";
}

describe("the pages", () => {
  it("send a visitor without a session to sign in", async () => {
    const res = await fetch(new URL("/app/settings/api", api.url), { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/app/sign-in");
  });

  it("carry a strict Content-Security-Policy and are never framed", async () => {
    const res = await fetch(new URL("/app/sign-in", api.url));
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(await res.text()).not.toMatch(/<script>(?!<\/script>)|<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("render every page for an owner, money in Indian grouping", async () => {
    const { cookie } = await signInPage("owner");
    for (const path of [
      "/app",
      "/app/invoices",
      "/app/credit-notes",
      "/app/payments",
      "/app/gstr1",
      "/app/products/import",
      "/app/settings/api",
      "/app/webhooks",
      "/app/members",
      "/app/audit-log",
      "/app/tokens",
    ]) {
      const res = await fetch(new URL(path, api.url), { headers: { cookie } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain("Test mode");
    }
    expect(money(123456.5)).toBe("₹1,23,456.50");
    expect(money(0)).toBe("₹0.00");
    expect(day("2026-12-06")).toBe("6 Dec 2026");
  });

  it("create a key whose secret is shown once and works; a page POST without the CSRF token is refused", async () => {
    const { cookie } = await signInPage("developer");
    const refused = await fetch(new URL("/app/settings/api", api.url), {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ action: "create", "scope:invoices:read": "on" }),
    });
    expect(refused.status).toBe(403);
    const csrf = await csrfOf(cookie);
    const created = await fetch(new URL("/app/settings/api", api.url), {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({
        _csrf: csrf,
        action: "create",
        name: "From the page",
        "scope:invoices:read": "on",
      }),
    });
    const html = await created.text();
    const secret = html.match(/sk_test_[0-9A-Za-z]{43}/)?.[0];
    expect(secret, html.match(/role="alert">[^<]*/)?.[0]).toBeDefined();
    const used = await api.call("listInvoices", { key: secret ?? "" });
    expect(used.status).toBe(200);
    // A developer cannot hand out scopes beyond the role's.
    const beyond = await fetch(new URL("/app/settings/api", api.url), {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ _csrf: csrf, action: "create", "scope:invoices:write": "on" }),
    });
    expect(await beyond.text()).toContain("cannot grant scopes");
  });

  it("refuse a viewer's key through the same /v1 scopes", async () => {
    const { cookie } = await signInPage("viewer");
    const csrf = await csrfOf(cookie);
    const res = await fetch(new URL("/app/settings/api", api.url), {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ _csrf: csrf, action: "create", "scope:invoices:read": "on" }),
    });
    const html = await res.text();
    expect(html).toContain("needs the scope keys:write");
    expect(html).not.toMatch(/sk_test_[0-9A-Za-z]{43}/);
  });

  it("make a personal access token on its page: shown once, within the role, working, revoked", async () => {
    const { cookie } = await signInPage("accountant");
    const csrf = await csrfOf(cookie, "/app/tokens");
    const post = (fields: Record<string, string>) =>
      fetch(new URL("/app/tokens", api.url), {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ _csrf: csrf, ...fields }),
      });
    const page = await (await fetch(new URL("/app/tokens", api.url), { headers: { cookie } })).text();
    // An accountant's role has no keys:write: the form does not offer it.
    expect(page).toContain('name="scope:invoices:write"');
    expect(page).not.toContain('name="scope:keys:write"');
    const tooLong = await (
      await post({ action: "create", name: "Script", days: "366", "scope:invoices:read": "on" })
    ).text();
    expect(tooLong).toContain("from 1 to 365 days");
    const created = await (
      await post({ action: "create", name: "Nightly export", days: "365", "scope:invoices:read": "on" })
    ).text();
    const secret = created.match(/bahi_pat_[0-9A-Za-z]{43}/)?.[0];
    expect(secret, created.match(/role="alert">[^<]*/)?.[0]).toBeDefined();
    expect((await api.call("listInvoices", { key: secret ?? "" })).status).toBe(200);
    expect((await api.call("listParties", { key: secret ?? "" })).status).toBe(403);
    const listed = await (await fetch(new URL("/app/tokens", api.url), { headers: { cookie } })).text();
    expect(listed).toContain("Nightly export");
    expect(listed).not.toContain(secret);
    const id = listed.match(/data-token="(pat_[0-9a-z]{26})"/)?.[1] ?? "";
    const revoked = await (await post({ action: "revoke", id })).text();
    expect(revoked).toContain("Token revoked");
    expect((await api.call("listInvoices", { key: secret ?? "" })).status).toBe(401);
  });

  it("never show another account's documents, nor its other mode's", async () => {
    const other = await createTenant(api.database.handle.db, { legalName: "Other Traders" });
    const party = await api.call("createParty", {
      key: other.testKey,
      body: {
        type: "customer",
        name: "Sharma Electronics",
        gstin: "27AAPFU0939F1ZV",
        address: { line1: "Shop 14", city: "Mumbai", state_code: "27", pin: "400007" },
      },
    });
    await api.call("createProduct", {
      key: other.testKey,
      body: {
        sku: "PEN-01",
        name: "Ballpoint pen",
        price: 99.99,
        gst_rate: 18,
        hsn_code: "96081019",
        unit: "NOS",
        opening_stock: 50,
      },
    });
    const invoice = await api.call("createInvoice", {
      key: other.testKey,
      body: { party_id: party.body.id, items: [{ sku: "PEN-01", qty: 2, rate: 99.99 }] },
    });
    expect(invoice.status).toBe(201);
    const { cookie } = await signInPage("owner");
    const page = await (
      await fetch(new URL(`/app/invoices/${invoice.body.id}`, api.url), { headers: { cookie } })
    ).text();
    expect(page).toContain("No such invoice");
    expect(page).not.toContain(invoice.body.number);
    const list = await (await fetch(new URL("/app/invoices", api.url), { headers: { cookie } })).text();
    expect(list).not.toContain(invoice.body.id);
    // A member of the other account sees it in test mode, and not in live mode.
    const email = `other${++count}@acme.example`;
    await memberOf(api.database.handle.db, other.accountId, email, "viewer");
    const res = await fetch(new URL("/app/sign-in", api.url), {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD }),
      redirect: "manual",
    });
    const otherCookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(
      await (
        await fetch(new URL(`/app/invoices/${invoice.body.id}`, api.url), {
          headers: { cookie: otherCookie },
        })
      ).text(),
    ).toContain(invoice.body.irn);
    // Its page offers the three copies as PDFs, served through /v1 with the member's scopes.
    const own = await (
      await fetch(new URL(`/app/invoices/${invoice.body.id}`, api.url), { headers: { cookie: otherCookie } })
    ).text();
    expect(own).toContain(`/app/invoices/${invoice.body.id}/pdf?copy=triplicate`);
    const pdf = await fetch(new URL(`/app/invoices/${invoice.body.id}/pdf?copy=duplicate`, api.url), {
      headers: { cookie: otherCookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("duplicate.pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const refused = await fetch(new URL(`/app/invoices/${invoice.body.id}/pdf`, api.url), {
      headers: { cookie },
    });
    expect(refused.status).toBe(404);
    const csrf = await csrfOf(otherCookie, "/app");
    await fetch(new URL("/app/mode", api.url), {
      method: "POST",
      headers: { cookie: otherCookie },
      body: new URLSearchParams({ _csrf: csrf, livemode: "true", back: "/app" }),
      redirect: "manual",
    });
    expect(
      await (
        await fetch(new URL(`/app/invoices/${invoice.body.id}`, api.url), {
          headers: { cookie: otherCookie },
        })
      ).text(),
    ).toContain("No such invoice");
  });

  it("show a credit note's and a payment's own page, linked from their lists", async () => {
    const party = await api.call("createParty", {
      key: tenant.testKey,
      body: {
        type: "customer",
        name: "Mehta Stationers",
        gstin: "27AAPFU0939F1ZV",
        address: { line1: "Shop 3", city: "Pune", state_code: "27", pin: "411001" },
      },
    });
    const product = await api.call("createProduct", {
      key: tenant.testKey,
      body: {
        sku: "NOTE-01",
        name: "Gel pen",
        price: 50,
        gst_rate: 18,
        hsn_code: "96081019",
        unit: "NOS",
        opening_stock: 100,
      },
    });
    expect(product.status).toBe(201);
    const sold = async (qty: number) => {
      const invoice = await api.call("createInvoice", {
        key: tenant.testKey,
        body: { party_id: party.body.id, items: [{ sku: "NOTE-01", qty, rate: 50 }] },
      });
      expect(invoice.status, invoice.text).toBe(201);
      return invoice.body;
    };
    const [returned, paid] = [await sold(4), await sold(10)];
    const note = await api.call("createCreditNote", {
      key: tenant.testKey,
      body: { invoice_id: returned.id, reason: "sales_return", whole: true },
    });
    expect(note.status, note.text).toBe(201);
    const payment = await api.call("createPayment", {
      key: tenant.testKey,
      body: {
        party_id: party.body.id,
        amount: 1000,
        mode: "upi",
        reference: "UPI-778899",
        allocations: [{ invoice_id: paid.id, amount: paid.total }],
      },
    });
    expect(payment.status, payment.text).toBe(201);
    const { cookie } = await signInPage("accountant");
    const get = async (path: string) => fetch(new URL(path, api.url), { headers: { cookie } });

    expect(await (await get("/app/credit-notes")).text()).toContain(
      `href="/app/credit-notes/${note.body.id}"`,
    );
    const notePage = await (await get(`/app/credit-notes/${note.body.id}`)).text();
    expect(notePage).toContain(`Credit note ${note.body.number}`);
    expect(notePage).toContain(`data-irn>${note.body.irn}<`);
    expect(notePage).toContain("data-einvoice-status>registered<");
    expect(notePage).toContain(`href="/app/invoices/${returned.id}"`);
    expect(notePage).toContain("Mehta Stationers (GSTIN 27AAPFU0939F1ZV)");
    expect(notePage).toContain(`data-total>${money(note.body.total)}<`);
    expect(notePage).toContain(`/app/credit-notes/${note.body.id}/pdf?copy=original`);
    const qr = await get(`/app/credit-notes/${note.body.id}/qr.svg`);
    expect(qr.headers.get("content-type")).toBe("image/svg+xml");
    expect(await qr.text()).toMatch(/^<svg/);

    expect(await (await get("/app/payments")).text()).toContain(`href="/app/payments/${payment.body.id}"`);
    const paymentPage = await (await get(`/app/payments/${payment.body.id}`)).text();
    expect(paymentPage).toContain(`data-amount>${money(1000)}<`);
    expect(paymentPage).toContain("UPI-778899");
    expect(paymentPage).toContain(`<a href="/app/invoices/${paid.id}">`);
    expect(paymentPage).toContain(money(payment.body.unallocated_amount));

    // Another account's documents are missing, as the API says.
    const other = await createTenant(api.database.handle.db, { legalName: "Elsewhere Traders" });
    const otherCookie = await (async () => {
      const email = `elsewhere${++count}@acme.example`;
      await memberOf(api.database.handle.db, other.accountId, email, "owner");
      const res = await fetch(new URL("/app/sign-in", api.url), {
        method: "POST",
        body: new URLSearchParams({ email, password: PASSWORD }),
        redirect: "manual",
      });
      return (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    })();
    const elsewhere = (path: string) =>
      fetch(new URL(path, api.url), { headers: { cookie: otherCookie } }).then((r) => r.text());
    expect(await elsewhere(`/app/credit-notes/${note.body.id}`)).toContain("No such credit_note");
    expect(await elsewhere(`/app/payments/${payment.body.id}`)).toContain("No such payment");
    expect(
      (
        await fetch(new URL(`/app/credit-notes/${note.body.id}/qr.svg`, api.url), {
          headers: { cookie: otherCookie },
        })
      ).status,
    ).toBe(404);
  });

  it("switch to live mode and back", async () => {
    const { cookie } = await signInPage("owner");
    const csrf = await csrfOf(cookie, "/app");
    const res = await fetch(new URL("/app/mode", api.url), {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ _csrf: csrf, livemode: "true", back: "/app/invoices" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/app/invoices");
    expect(await (await fetch(new URL("/app/invoices", api.url), { headers: { cookie } })).text()).toContain(
      "Live mode",
    );
  });
});

describe("the audit log page", () => {
  /** An entry of `action` made at `at` (its id says when, as /v1's time filters read it). */
  const entry = (accountId: string, action: string, at: string, targetId: string, n = 0) => ({
    accountId,
    id: `${firstIdAt("auditEntry", new Date(at)).slice(0, -4)}${String(n).padStart(4, "0")}`,
    actorType: "operator" as const,
    action,
    targetId,
    createdAt: new Date(at),
  });
  const targets = (html: string) =>
    [...html.matchAll(/<td><code>(key_[a-z0-9]+)<\/code><\/td>/g)].map((m) => m[1]);
  const get = async (cookie: string, query: string) => {
    const res = await fetch(new URL(`/app/audit-log${query}`, api.url), { headers: { cookie } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it("filters by action and by India days, both included, from a URL that can be shared, as /v1 does", async () => {
    const { accountId, testKey } = await createTenant(api.database.handle.db);
    await api.database.handle.db.insert(auditLog).values([
      // 23:59:59.999 on 30 November in India, then its midnight, 1 December.
      entry(accountId, "api_key.created", "2026-11-30T18:29:59.999Z", "key_nov30"),
      entry(accountId, "api_key.created", "2026-11-30T18:30:00.000Z", "key_dec01"),
      entry(accountId, "api_key.revoked", "2026-12-02T18:29:59.999Z", "key_dec02"),
      entry(accountId, "api_key.created", "2026-12-02T18:30:00.000Z", "key_dec03"),
    ]);
    const { cookie } = await signInPage("owner", accountId);

    const all = await get(cookie, "");
    for (const label of ["Action", "From", "To"])
      expect(all).toMatch(new RegExp(`<label for="f-[a-z]+">${label}</label>`));
    expect(all).toContain('<form method="get" action="/app/audit-log"');
    expect(targets(all)).toEqual(["key_dec03", "key_dec02", "key_dec01", "key_nov30"]);

    const days = await get(cookie, "?from=2026-12-01&to=2026-12-02");
    expect(targets(days)).toEqual(["key_dec02", "key_dec01"]);
    expect(days).toContain('name="from" type="date" value="2026-12-01"');
    expect(days).toContain('name="to" type="date" value="2026-12-02"');
    const created = await get(cookie, "?action=api_key.created&from=2026-12-01&to=2026-12-02");
    expect(targets(created)).toEqual(["key_dec01"]);
    expect(created).toContain('<option value="api_key.created" selected>');
    expect(targets(await get(cookie, "?action=api_key.created&to=2026-11-30"))).toEqual(["key_nov30"]);
    expect(await get(cookie, "?action=api_key.rotated")).toContain("No entries match these filters.");

    // The page shows what GET /v1/audit_entries answers for the same instants.
    const v1 = await api.call("listAuditEntries", {
      key: testKey,
      query: { created_gte: "2026-11-30T18:30:00.000Z", created_lt: "2026-12-02T18:30:00.000Z" },
    });
    expect(v1.body.data.map((e: { target_id: string }) => e.target_id)).toEqual(targets(days));
  });

  it("pages by cursor, keeping the filters", async () => {
    const { accountId } = await createTenant(api.database.handle.db);
    const rotated = Array.from({ length: 101 }, (_, n) =>
      entry(accountId, "webhook.secret_rotated", "2026-11-10T06:30:00.000Z", `key_r${n}`, n),
    );
    await api.database.handle.db
      .insert(auditLog)
      .values([...rotated, entry(accountId, "api_key.created", "2026-11-10T06:31:00.000Z", "key_other")]);
    const { cookie } = await signInPage("owner", accountId);
    const first = await get(cookie, "?action=webhook.secret_rotated&from=2026-11-10");
    expect(targets(first)).toHaveLength(100);
    expect(targets(first)[0]).toBe("key_r100");
    const next = first
      .match(/<a href="(\/app\/audit-log\?[^"]+)">Next page<\/a>/)?.[1]
      ?.replaceAll("&amp;", "&");
    expect(next).toBe(
      `/app/audit-log?action=webhook.secret_rotated&from=2026-11-10&starting_after=${rotated[1]?.id}`,
    );
    const second = await get(cookie, (next ?? "").slice("/app/audit-log".length));
    expect(targets(second)).toEqual(["key_r0"]);
    expect(second).not.toContain("Next page");
  });

  it("says what is wrong with a date that is not one, and refuses a role without audit:read", async () => {
    const { cookie } = await signInPage("owner");
    const wrong = await get(cookie, "?from=2026-02-30");
    expect(wrong).toContain("From must be a date (YYYY-MM-DD)");
    expect(wrong).toContain('value="2026-02-30"');
    expect(await get(cookie, "?action=invoice.created")).toContain("/query/action");
    const viewer = await signInPage("viewer");
    const refused = await get(viewer.cookie, "");
    expect(refused).toContain("Your role may not read the audit log.");
    expect(refused).not.toContain("<table>");
  });
});
