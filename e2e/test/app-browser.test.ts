// The application as its people use it: a real Chromium walks every page of /app on a real server,
// checks each with axe (WCAG 2.1 AA), and takes a screenshot of each (docs/app/).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { Secret, TOTP } from "otpauth";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type OwnServer, outputMatch, startOwnServer } from "./support/bahi-server.js";
import { describeInChromium, launchChromium, offlineContext } from "./support/chromium.js";

// The screenshots in docs/app/ are taken again with BAHI_SCREENSHOTS=docs; otherwise a run keeps its
// own in test-results/, so that a test run leaves the tree as it was.
const shots = fileURLToPath(
  new URL(
    process.env.BAHI_SCREENSHOTS === "docs" ? "../../docs/app/" : "../test-results/app/",
    import.meta.url,
  ),
);

let server: OwnServer;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let receiver: Server;
let received = 0;

async function v1(path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const res = await fetch(new URL(path, server.url), {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { authorization: `Bearer ${init.key ?? server.testKey}`, "content-type": "application/json" },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The status curl gets for a GET with the key, as a developer would try a new key (fetch without curl). */
async function curlStatus(path: string, key: string): Promise<number> {
  const url = new URL(path, server.url).toString();
  try {
    const out = execFileSync(
      "curl",
      ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", `Authorization: Bearer ${key}`, url],
      {
        encoding: "utf8",
        timeout: 10_000,
      },
    );
    return Number(out);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return (await v1(path, { key })).status;
  }
}

/** No WCAG 2.1 A or AA violation on the page as it is now; and a screenshot of it for the docs. */
async function checkPage(p: Page, name: string) {
  const results = await new AxeBuilder({ page: p })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    name,
  ).toEqual([]);
  await p.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** A browser context of the application's own: it works offline, nothing leaves this machine. */
async function newContext() {
  const context = await offlineContext(browser, { acceptDownloads: true });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Until the webhook receiver has had more than `count` deliveries (they are sent after the answer). */
async function deliveredMoreThan(count: number): Promise<void> {
  await expect.poll(() => received, { timeout: 60_000 }).toBeGreaterThan(count);
}

describeInChromium("the application in Chromium", () => {
  beforeAll(async () => {
    server = await startOwnServer({ BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
    receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received += 1;
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    browser = await launchChromium();
    owner = await newContext();
    page = await owner.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    receiver?.close();
    await server?.stop();
  });

  it("signs the demo owner in with the link npm start printed", async () => {
    await page.goto(server.signInLink);
    await checkPage(page, "sign-in-link");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/app$/);
    await expect(page.getByRole("heading", { name: "Business profile" }).isVisible()).resolves.toBe(true);
    expect(await page.locator("[data-mode]").getAttribute("data-mode")).toBe("test");
    await checkPage(page, "business-profile");
    await page.getByLabel("Trade name").fill("Demo Traders Bengaluru");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toContain("saved");
  });

  it("creates a key, shows its secret once, the key works, and is revoked", async () => {
    await page.goto(`${server.url}/app/settings/api`);
    await page.getByLabel("Name").fill("Browser key");
    await page.getByRole("checkbox", { name: "invoices:read" }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = (await page.locator("#new-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^sk_test_\w{43}$/);
    await checkPage(page, "settings-api");
    expect(await curlStatus("/v1/invoices", secret)).toBe(200);
    // Shown once: the page read again (not the form posted again) has only its last four characters.
    await page.goto(`${server.url}/app/settings/api`);
    expect(await page.content()).not.toContain(secret);
    page.once("dialog", (dialog) => dialog.accept());
    const row = page.locator("tr", { hasText: "Browser key" });
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.waitForLoadState();
    expect(await curlStatus("/v1/invoices", secret)).toBe(401);
  });

  it("adds a webhook and sees a delivery in its log; an invoice shows its IRN and is cancelled", async () => {
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await page.goto(`${server.url}/app/webhooks`);
    await page.getByLabel("URL").fill(hook);
    await page.getByRole("checkbox", { name: "invoice.created" }).check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    expect((await page.locator("#webhook-secret").textContent())?.trim()).toMatch(/^whsec_/);

    const party = await v1("/v1/parties", {
      body: {
        type: "customer",
        name: "Sharma Electronics",
        gstin: "27AAPFU0939F1ZV",
        address: { line1: "Shop 14", city: "Mumbai", state_code: "27", pin: "400007" },
      },
    });
    await v1("/v1/products", {
      body: {
        sku: "PEN-01",
        name: "Ballpoint pen, blue",
        price: 99.99,
        gst_rate: 18,
        hsn_code: "96081019",
        unit: "NOS",
        opening_stock: 500,
      },
    });
    const invoice = await v1("/v1/invoices", {
      body: { party_id: party.body.id, items: [{ sku: "PEN-01", qty: 23, rate: 99.99 }] },
    });
    expect(invoice.status).toBe(201);
    await deliveredMoreThan(0);
    await page.goto(`${server.url}/app/webhooks`);
    await expect(page.locator("table", { hasText: "Delivery log" }).textContent()).resolves.toContain(
      "succeeded",
    );
    // Resend: the same event again, through POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend.
    const delivered = received;
    await page.getByRole("button", { name: /^Resend attempt 1 of evt_/ }).click();
    await expect(page.getByRole("status").textContent()).resolves.toMatch(/queued again as attempt 2/);
    await deliveredMoreThan(delivered);
    expect(received).toBe(delivered + 1);
    await checkPage(page, "webhooks");

    await page.goto(`${server.url}/app/invoices`);
    await expect(page.locator("tbody").textContent()).resolves.toContain("₹2,714.00");
    await checkPage(page, "invoices");
    await page.getByRole("link", { name: invoice.body.number }).click();
    expect(await page.locator("[data-irn]").textContent()).toBe(invoice.body.irn);
    await checkPage(page, "invoice");
    await page.getByLabel("Reason for cancelling").selectOption("2");
    await page.getByLabel("Remark (up to 100 characters)").fill("Wrong quantity");
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Cancel invoice" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toContain("cancelled");
    expect((await v1(`/v1/invoices/${invoice.body.id}`)).body.status).toBe("cancelled");

    // A credit note and a payment, each with a page of its own reached from its list.
    const returned = await v1("/v1/invoices", {
      body: { party_id: party.body.id, items: [{ sku: "PEN-01", qty: 10, rate: 99.99 }] },
    });
    const note = await v1("/v1/credit_notes", {
      body: { invoice_id: returned.body.id, reason: "sales_return", items: [{ sku: "PEN-01", qty: 2 }] },
    });
    expect(note.status).toBe(201);
    const payment = await v1("/v1/payments", {
      body: {
        party_id: party.body.id,
        amount: 500,
        mode: "upi",
        reference: "UPI-431122",
        allocations: [{ invoice_id: returned.body.id, amount: 500 }],
      },
    });
    expect(payment.status).toBe(201);
    await page.goto(`${server.url}/app/credit-notes`);
    await checkPage(page, "credit-notes");
    await page.getByRole("link", { name: note.body.number, exact: true }).click();
    expect(await page.locator("[data-irn]").textContent()).toBe(note.body.irn);
    expect(await page.locator("[data-einvoice-status]").textContent()).toBe("registered");
    await expect(page.getByRole("img", { name: /QR code/ }).isVisible()).resolves.toBe(true);
    await checkPage(page, "credit-note");
    await page.goto(`${server.url}/app/payments`);
    await checkPage(page, "payments");
    await page.getByRole("link", { name: new RegExp(payment.body.id) }).click();
    await expect(page.locator("[data-amount]").textContent()).resolves.toBe("₹500.00");
    await checkPage(page, "payment");
    await page.getByRole("link", { name: returned.body.id }).click();
    expect(await page.locator("[data-irn]").textContent()).toBe(returned.body.irn);
  });

  it("shows GSTR-1 and downloads the portal file", async () => {
    await page.goto(`${server.url}/app/gstr1`);
    await checkPage(page, "gstr1");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /portal file/ }).click(),
    ]);
    const file = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
    expect(file.gstin).toBe("29AABCU9603R1ZJ");
  });

  it("imports a CSV with a flagged row, fixes its HSN in place", async () => {
    const csv = join(server.dataDir, "products.csv");
    writeFileSync(
      csv,
      "SKU,Item Name,HSN/SAC,GST %,Price,Unit,Opening Stock\nNB-A5,Notebook A5,,18,45,NOS,10\nPAD-01,Writing pad,48201010,18,60,NOS,5\nBAD,Broken row,48201010,18,abc,NOS,1\n",
    );
    await page.goto(`${server.url}/app/products/import`);
    await checkPage(page, "products-import");
    await page.getByLabel(/CSV or Excel/).setInputFiles(csv);
    await page.getByRole("button", { name: "Import" }).click();
    await page.waitForURL(/\/app\/products\/import\/imp_/);
    await page
      .locator('[data-import-status="completed"], [data-import-status]:text("completed")')
      .waitFor({ timeout: 20_000 });
    const flagged = page.locator("tr", { hasText: "NB-A5" });
    await expect(flagged.textContent()).resolves.toContain("flagged");
    await expect(page.locator("tr", { hasText: "BAD" }).textContent()).resolves.toContain("rejected");
    await checkPage(page, "products-import-result");
    await flagged.getByLabel("HSN for NB-A5").fill("48201020");
    await flagged.getByRole("button", { name: "Set HSN" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toContain("48201020");
    await expect(page.locator("tr", { hasText: "NB-A5" }).textContent()).resolves.toContain("fixed");
    const [errors] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Download the flagged/ }).click(),
    ]);
    expect(readFileSync((await errors.path()) ?? "", "utf8")).toContain("BAD");
  });

  it("invites a viewer who signs in with TOTP and cannot create a key; the audit log shows it all", async () => {
    await page.goto(`${server.url}/app/members`);
    await page.getByLabel("Email").fill("viewer@demo-traders.example");
    await page.getByLabel("Role", { exact: true }).selectOption("viewer");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toContain("Invitation sent");
    await checkPage(page, "members");
    const link =
      (await outputMatch(server, /(http:\/\/\S+\/app\/accept-invitation#[A-Za-z0-9_-]{43})/))?.[1] ?? "";
    expect(link).not.toBe("");

    const viewer = await (await newContext()).newPage();
    await viewer.goto(link);
    await checkPage(viewer, "accept-invitation");
    await viewer.getByLabel("Your name").fill("Vani Viewer");
    const password = "viewer passphrase 2026";
    await viewer.getByLabel(/New password/).fill(password);
    await viewer.getByRole("button", { name: "Join" }).click();
    await viewer.waitForURL(/\/app$/);
    await viewer.goto(`${server.url}/app/settings/api`);
    await viewer.getByRole("checkbox", { name: "invoices:read" }).check();
    await viewer.getByRole("button", { name: "Create key" }).click();
    await expect(viewer.getByRole("alert").textContent()).resolves.toContain("keys:write");
    expect(await viewer.locator("#new-secret").count()).toBe(0);

    // Two-factor: set up, sign out, sign in with password and code.
    await viewer.goto(`${server.url}/app/security`);
    await viewer.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await viewer.locator("#totp-secret").textContent())?.trim() ?? "";
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await viewer.getByLabel("Code").fill(totp.generate());
    await viewer.getByRole("button", { name: "Turn on" }).click();
    await expect(viewer.locator("#recovery-codes").textContent()).resolves.toMatch(/[0-9a-z]{5}-[0-9a-z]{5}/);
    await checkPage(viewer, "security");
    await viewer.getByRole("button", { name: "Sign out", exact: true }).click();
    await viewer.waitForURL(/\/app\/sign-in$/);
    await checkPage(viewer, "sign-in");
    await viewer.getByLabel("Email").fill("viewer@demo-traders.example");
    await viewer.getByLabel("Password").fill(password);
    await viewer.getByRole("button", { name: "Sign in" }).click();
    await viewer.waitForURL(/\/app\/sign-in\/code$/);
    await checkPage(viewer, "sign-in-code");
    await viewer.getByLabel("Code from your authenticator app").fill(totp.generate());
    await viewer.getByRole("button", { name: "Continue" }).click();
    await viewer.waitForURL(/\/app$/);
    expect(await viewer.content()).toContain("(viewer)");

    await page.goto(`${server.url}/app/audit-log`);
    const log = (await page.locator("tbody").textContent()) ?? "";
    for (const action of [
      "member.signed_in",
      "api_key.created",
      "api_key.revoked",
      "member.invited",
      "member.joined",
      "member.totp_enabled",
      "account.updated",
    ]) {
      expect(log, action).toContain(action);
    }
    await checkPage(page, "audit-log");

    // The same filters as GET /v1/audit_entries, in a GET form whose URL can be shared.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await page.getByLabel("Action", { exact: true }).selectOption("api_key.created");
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To", { exact: true }).fill(today);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/\/app\/audit-log\?action=api_key\.created&from=\d{4}-\d{2}-\d{2}&to=/);
    const actions = await page.locator("tbody tr td:nth-child(2)").allTextContents();
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(["api_key.created"]));
    await checkPage(page, "audit-log-filtered");
    await page.getByLabel("From", { exact: true }).fill("2001-01-01");
    await page.getByLabel("To", { exact: true }).fill("2001-01-31");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No entries match these filters.").waitFor();
  });

  it("makes a personal access token, shown once, that works, then revokes it", async () => {
    await page.goto(`${server.url}/app/tokens`);
    await page.getByLabel("Name").fill("Nightly export");
    await page.getByRole("checkbox", { name: "invoices:read" }).check();
    await page.getByRole("button", { name: "Make token" }).click();
    const token = (await page.locator("#new-token").textContent())?.trim() ?? "";
    expect(token).toMatch(/^bahi_pat_\w{43}$/);
    await checkPage(page, "access-tokens");
    expect(await curlStatus("/v1/invoices", token)).toBe(200);
    await page.goto(`${server.url}/app/tokens`);
    expect(await page.content()).not.toContain(token);
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Revoke Nightly export" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toContain("revoked");
    expect(await curlStatus("/v1/invoices", token)).toBe(401);
  });

  it("switches to live mode and back on every page", async () => {
    await page.goto(`${server.url}/app/invoices`);
    await page.getByRole("button", { name: "Switch to live" }).click();
    await page.waitForURL(/\/app\/invoices$/);
    expect(await page.locator("[data-mode]").getAttribute("data-mode")).toBe("live");
    await checkPage(page, "invoices-live");
    await page.getByRole("button", { name: "Switch to test" }).click();
    expect(await page.locator("[data-mode]").getAttribute("data-mode")).toBe("test");
  });
});
