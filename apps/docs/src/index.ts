import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Where `pnpm --filter @bahi/docs build` writes the API reference page. Found through the package's
 * name rather than this file's place, because the API's build bundles this file elsewhere.
 */
export function docsHtmlPath(): string {
  const manifest = createRequire(import.meta.url).resolve("@bahi/docs/package.json");
  return join(dirname(manifest), "dist", "index.html");
}

/**
 * The API reference page, or when it has not been built a short page that says how to build it,
 * so that GET /docs answers something useful either way. The path is a parameter for tests.
 */
export function readDocsHtml(path: string = docsHtmlPath()): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    // Only "not built yet" deserves the placeholder; anything else (permissions, a directory in the
    // way) is a broken deployment and should surface.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return NOT_BUILT_HTML;
    throw error;
  }
}

export const DOCS_BUILD_COMMAND = "pnpm --filter @bahi/docs build";

// Same policy spirit as the real page: nothing from anywhere, one inline style.
const NOT_BUILT_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Bahi API reference (not built)</title>
  <style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body>
  <h1>Bahi API reference</h1>
  <p>The reference page has not been built yet. From the repository root, run:</p>
  <pre><code>${DOCS_BUILD_COMMAND}</code></pre>
  <p>then restart the server. The machine-readable contract is in <code>packages/contract/generated/openapi.json</code>.</p>
</body>
</html>
`;
