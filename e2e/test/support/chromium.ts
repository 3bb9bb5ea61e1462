// The browser tests' Chromium: Debian's, driven by playwright-core (which downloads no browser of its
// own). .ci/run installs it; outside CI a machine without it skips the browser tests, saying so.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from "playwright-core";
import { describe } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const skipped = !existsSync(CHROMIUM) && !process.env.CI;

/** A block of browser tests: run in CI always, elsewhere only where Chromium is installed. */
export function describeInChromium(name: string, tests: () => void): void {
  if (skipped) {
    console.warn(
      `Skipping "${name}": no Chromium at ${CHROMIUM}. ` +
        "Install it (apt-get install chromium) or point CHROMIUM_PATH at one; in CI it always runs.",
    );
  }
  describe.skipIf(skipped)(name, tests);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * A browser context from which nothing leaves the machine: every request is recorded in `requests`,
 * and one for another host than the server's is refused, so that a failing run reports the leak
 * instead of performing it.
 */
export async function offlineContext(
  browser: Browser,
  options: BrowserContextOptions = {},
  requests: string[] = [],
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requests.push(url);
    return new URL(url).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient");
  });
  // Requests the router does not see (service workers', say) are recorded too.
  context.on("request", (request) => {
    if (!requests.includes(request.url())) requests.push(request.url());
  });
  return context;
}

/** The recorded requests that went (or would have gone) elsewhere than this machine. */
export function leftTheMachine(requests: readonly string[]): string[] {
  return requests.filter((url) => {
    const { protocol, hostname } = new URL(url);
    return !(protocol === "data:" || protocol === "blob:" || hostname === "127.0.0.1");
  });
}
