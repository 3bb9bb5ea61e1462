// The reference as a reader gets it: a real Chromium opens /docs on a real API server and uses the page.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { DOCS_BUILD_COMMAND, readDocsHtml } from "@bahi/docs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type OwnServer, startOwnServer } from "./support/bahi-server.js";
import { describeInChromium, launchChromium, leftTheMachine, offlineContext } from "./support/chromium.js";

const screenshot = fileURLToPath(new URL("../test-results/docs.png", import.meta.url));
const bundledText = readFileSync(
  new URL("../../packages/contract/generated/openapi.json", import.meta.url),
  "utf8",
);
const spec = JSON.parse(bundledText) as {
  paths: Record<string, Record<string, { operationId?: string; summary?: string; tags?: string[] }>>;
  tags: Array<{ name: string }>;
};
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => typeof op.operationId === "string")
    .map(([method, op]) => ({
      method,
      path,
      id: op.operationId as string,
      summary: op.summary ?? "",
      tags: op.tags ?? [],
    })),
);

const MENU_ITEM = '[data-component-name="Menu/MenuItem"]';
/** How long one click on a tag is given to show its entries before the tag is clicked again. */
const TAG_CLICK_WAIT_MS = 5_000;

/**
 * Opens a tag of the navigation until `entry` (one of its operations) shows. A click toggles the
 * tag, and Redoc also opens the tag of whatever section scrolls into view: while it renders the
 * page's sections lazily, the scroll lands elsewhere and may open a tag first, so that the click
 * closes it; or the menu moves under the click. So the click is repeated until the entry shows,
 * not waited on once.
 */
async function openTag(page: Page, name: string, entry: string): Promise<void> {
  const menu = page.locator('[data-component-name="Menu/Menu"]');
  const item = menu.locator(MENU_ITEM, { hasText: entry }).first();
  await expect
    .poll(
      async () => {
        if (await item.isVisible()) return true;
        // A click whose page is too busy to settle in time may still have opened the tag.
        await menu
          .getByText(name, { exact: true })
          .first()
          .click({ timeout: TAG_CLICK_WAIT_MS })
          .catch(() => {});
        return item.waitFor({ timeout: TAG_CLICK_WAIT_MS }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 60_000, interval: 0, message: `the navigation's tag ${name} never showed ${entry}` },
    )
    .toBe(true);
}

/** Redoc renders a tag's operations only once the tag is opened; open every tag, gather every entry. */
async function navigationTexts(page: Page): Promise<string[]> {
  const menu = page.locator('[data-component-name="Menu/Menu"]');
  await menu.waitFor();
  const seen = new Set<string>();
  for (const { name } of spec.tags) {
    const first = operations.find((op) => op.tags.includes(name));
    if (first) await openTag(page, name, first.summary);
    for (const text of await menu.locator(MENU_ITEM).allInnerTexts())
      seen.add(text.replace(/\s+/g, " ").trim());
  }
  return [...seen];
}

describeInChromium("/docs in Chromium", () => {
  let server: OwnServer;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    const built = readDocsHtml();
    // The server serves dist/ as built; turbo builds it before this test, a bare `vitest` may not have.
    const embedded = /const __redoc_definition = (\{.*\});$/m.exec(built)?.[1];
    expect(
      embedded !== undefined && isDeepStrictEqual(JSON.parse(embedded), spec),
      `dist/index.html is older than the spec: run ${DOCS_BUILD_COMMAND}`,
    ).toBe(true);

    server = await startOwnServer();
    browser = await launchChromium();
    const context = await offlineContext(browser, {}, requests);
    page = await context.newPage();
    await page.goto(`${server.url}/docs`, { waitUntil: "load" });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists every operation of the spec in the navigation", async () => {
    const texts = await navigationTexts(page);
    const missing = operations.filter(
      (op) => !texts.some((text) => text.includes(op.summary) || text.includes(op.id)),
    );
    expect(missing.map((op) => `${op.method.toUpperCase()} ${op.path} (${op.id}: ${op.summary})`)).toEqual(
      [],
    );
  });

  it("finds the GSTR-1 operation when searching for gstr1", async () => {
    const gstr1 = operations.find((op) => op.id === "retrieveGstr1");
    expect(gstr1).toBeDefined();
    const input = page.locator('[data-component-name="Search/SearchInput"] input').first();
    const hit = page
      .locator('[data-component-name="Search/SearchItem"]')
      .filter({ hasText: gstr1?.summary ?? "" })
      .first();
    // Redoc renders and indexes in the page after it loads, and now and then a click or typed text
    // landing meanwhile is lost and the dialog stops answering: search again, from the page loaded
    // afresh, until it answers, rather than sleep.
    await expect
      .poll(
        async () => {
          try {
            if (!(await input.isVisible()))
              await page.getByTestId("search-trigger").click({ timeout: 5_000 });
            await input.fill("gstr1", { timeout: 5_000 });
            await hit.waitFor({ timeout: 5_000 });
            return true;
          } catch {
            await page.goto(`${server.url}/docs`, { waitUntil: "load" });
            return false;
          }
        },
        { timeout: 50_000, interval: 0 },
      )
      .toBe(true);
    expect(await hit.textContent()).toContain("/v1/gstr1/{period}");
    mkdirSync(join(screenshot, ".."), { recursive: true });
    await page.screenshot({ path: screenshot });
    await page.keyboard.press("Escape");
  });

  it("shows an operation's curl sample, with the @bahi/sdk one to switch to", async () => {
    const menu = page.locator('[data-component-name="Menu/Menu"]');
    await openTag(page, "Invoices", "Create an invoice");
    await menu.locator('a[href$="/invoices/createinvoice"]').click();
    await page.getByRole("heading", { name: "Create an invoice" }).first().waitFor();
    const curl = page
      .locator('[data-component-name="CodeBlock/CodeBlock"]')
      .filter({ hasText: "curl http://127.0.0.1:8080/v1/invoices" })
      .first();
    await curl.waitFor();
    await page.getByText("curl", { exact: true }).first().click();
    await page
      .locator('[data-component-name="Dropdown/DropdownMenuItem"]')
      .filter({ hasText: "@bahi/sdk" })
      .first()
      // The menu can open past the page's edge, where Playwright will not scroll a fixed element into
      // view; the click event itself is what Redoc listens for.
      .dispatchEvent("click");
    await page
      .locator('[data-component-name="CodeBlock/CodeBlock"]')
      .filter({ hasText: "bahi.invoices.create({" })
      .first()
      .waitFor();
  });

  it("made no request that left the machine", () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(leftTheMachine(requests)).toEqual([]);
  });
});
