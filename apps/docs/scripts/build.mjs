// Builds dist/index.html: the API reference as one self-contained page that makes no request to
// any other origin. `redocly build-docs --inlineBundle` does most of it; the rest is below, and the
// build fails rather than ship a page that would reach out.
//
// usage: node scripts/build.mjs [--out FILE]
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const started = performance.now();
const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const input = join(pkg, "../../packages/contract/generated/openapi.json");
const outIndex = process.argv.indexOf("--out");
const outArg = outIndex === -1 ? join(pkg, "dist/index.html") : process.argv[outIndex + 1];
if (!outArg) throw new Error("usage: node scripts/build.mjs [--out FILE]");
const out = resolve(outArg);
const cli = join(dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin/cli.js");

const TITLE = "Bahi API reference";
const HASHES_PLACEHOLDER = "__INLINE_SCRIPT_HASHES__";

// Redoc 3 (what @redocly/cli 2.77 renders) has a few outside addresses built in that no option turns
// off. Each is replaced by text that cannot start a request, and each must be found exactly `count`
// times: an upgrade of the CLI that moves them fails the build here instead of leaking.
const wordmark = (text, width) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="14" viewBox="0 0 ${width} 14"><text x="0" y="11" font-family="sans-serif" font-size="11" font-weight="600" fill="#6b6f80">${text}</text></svg>`,
  )}`;
const PATCHES = [
  {
    // The "API docs by" badge fetches its logo from Redocly's CDN after hydration (the CSP would
    // block it, with a console error); a local wordmark keeps the attribution without the request.
    find: "`https://cdn.redoc.ly/redoc/logo-mini-full.svg`",
    replace: `\`${wordmark("Redocly", 50)}\``,
    count: 1,
  },
  {
    find: "`https://cdn.redoc.ly/redoc/logo-mini.svg`",
    replace: `\`${wordmark("R", 9)}\``,
    count: 1,
  },
  {
    // Base URLs of the icon component (CSS mask images). Our page renders no such icon today; a
    // `data:,` base turns any future one into an image that fails to decode instead of a CDN fetch.
    find: "`https://cdn.redocly.com/icons/fa/7.0.0`",
    replace: "`data:,`",
    count: 1,
  },
  {
    find: "`https://cdn.redocly.com/icons/code/5.24.0`",
    replace: "`data:,`",
    count: 1,
  },
  {
    // An offline reference links nowhere outside; the badge keeps its text but loses the link.
    // Server-rendered markup and the client component must agree, or hydration would differ.
    find: ' href="https://redocly.com/redoc/"',
    replace: "",
    count: 1,
  },
  {
    find: "href:`https://redocly.com/redoc/`,",
    replace: "",
    count: 1,
  },
];

const work = mkdtempSync(join(tmpdir(), "bahi-docs-"));
try {
  const raw = join(work, "redoc.html");
  try {
    execFileSync(
      process.execPath,
      [
        cli,
        "build-docs",
        input,
        "--inlineBundle",
        "--template",
        join(pkg, "template.hbs"),
        "--config",
        join(pkg, "redocly.yaml"),
        "--title",
        TITLE,
        "--output",
        raw,
      ],
      {
        cwd: pkg,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        // The config already says `telemetry: off`; the variables also cover the CLI's own start-up
        // (usage telemetry and the npm "new version" check run before the config is read).
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: "off",
          REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
          REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
          NO_COLOR: "1",
        },
      },
    );
  } catch (error) {
    // Its banners are noise on success; on failure they are the diagnosis.
    process.stderr.write(`${error.stdout ?? ""}${error.stderr ?? ""}`);
    throw new Error("redocly build-docs failed");
  }

  let html = readFileSync(raw, "utf8");
  for (const { find, replace, count } of PATCHES) {
    const parts = html.split(find);
    if (parts.length - 1 !== count) {
      throw new Error(
        `expected ${count} occurrence(s) of ${find} in Redoc's output, found ${parts.length - 1}`,
      );
    }
    html = parts.join(replace);
  }

  // Hashes rather than 'unsafe-inline': only the scripts of this very page may run.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  if (scripts.length === 0) throw new Error("Redoc's output has no inline script");
  for (const [, attributes] of scripts) {
    if (/\bsrc\s*=/.test(attributes))
      throw new Error(`external script in Redoc's output: <script${attributes}>`);
  }
  const hashes = scripts.map(
    ([, , body]) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`,
  );
  if (html.split(HASHES_PLACEHOLDER).length !== 2)
    throw new Error(`template must hold ${HASHES_PLACEHOLDER} once`);
  html = html.replace(HASHES_PLACEHOLDER, () => [...new Set(hashes)].join(" "));

  const outside =
    html.match(/\b(?:src|href)\s*=\s*["']?\s*(?:https?:|\/\/)[^"'\s>]*/i) ??
    html.match(/cdn\.|fonts\.googleapis/i);
  if (outside) throw new Error(`page still refers to another origin: ${outside[0]}`);

  // Written whole, then renamed: the API server may read the file while we build.
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.${process.pid}.tmp`;
  writeFileSync(partial, html);
  renameSync(partial, out);

  const kib = Math.round(Buffer.byteLength(html) / 1024);
  const ms = Math.round(performance.now() - started);
  console.log(`@bahi/docs: ${relative(process.cwd(), out) || out} (${kib} KiB) in ${ms} ms`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
