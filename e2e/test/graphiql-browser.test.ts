// GraphiQL as a developer gets it: a real Chromium opens GET /graphql on a real API server, runs a
// query and reads the answer, with every asset served by the API itself (nothing from a CDN).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type OwnServer, startOwnServer } from "./support/bahi-server.js";
import { describeInChromium, launchChromium, leftTheMachine, offlineContext } from "./support/chromium.js";

describeInChromium("GraphiQL in Chromium", () => {
  let server: OwnServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startOwnServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("runs a query and shows the answer, loading nothing from outside", async () => {
    const requests: string[] = [];
    // The key a developer types into GraphiQL's headers, sent with the page's requests.
    const context = await offlineContext(
      browser,
      { extraHTTPHeaders: { authorization: `Bearer ${server.testKey}` } },
      requests,
    );
    const page = await context.newPage();
    const query = "{ account { legalName plan } }";
    await page.goto(`${server.url}/graphql?query=${encodeURIComponent(query)}`, { waitUntil: "load" });
    const execute = page.locator(".graphiql-execute-button").first();
    const response = page.locator(".graphiql-response").first();
    // CodeMirror lays the answer out with non-breaking spaces.
    const answer = async () => ((await response.textContent()) ?? "").replace(/\s+/g, " ");
    // A click that lands while GraphiQL still loads is lost: run the query again until it answers.
    await expect
      .poll(
        async () => {
          const shown = await answer();
          if (!shown.includes("Demo Traders")) await execute.click({ timeout: 10_000 }).catch(() => {});
          return shown;
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toContain("Demo Traders Private Limited");
    expect(await answer()).toContain('"requestedQueryCost"');
    expect(leftTheMachine(requests)).toEqual([]);
    await context.close();
  });
});
