import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCS_BUILD_COMMAND, docsHtmlPath, readDocsHtml } from "../src/index.js";

const pkg = fileURLToPath(new URL("..", import.meta.url));
const bundledSpec: unknown = JSON.parse(
  readFileSync(new URL("../../../packages/contract/generated/openapi.json", import.meta.url), "utf8"),
);

// Built into a scratch directory: the test must not depend on, or overwrite, whatever dist/ holds.
function build(out: string): void {
  execFileSync(process.execPath, [join(pkg, "scripts/build.mjs"), "--out", out], { cwd: pkg, stdio: "pipe" });
}

function operationIds(spec: unknown): string[] {
  const doc = spec as {
    paths?: Record<string, Record<string, unknown>>;
    webhooks?: Record<string, Record<string, unknown>>;
  };
  const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  const ids: string[] = [];
  for (const items of [doc.paths ?? {}, doc.webhooks ?? {}]) {
    for (const item of Object.values(items)) {
      for (const [method, operation] of Object.entries(item)) {
        const id = (operation as { operationId?: unknown }).operationId;
        if (methods.has(method) && typeof id === "string") ids.push(id);
      }
    }
  }
  return ids;
}

/** Redoc 3 embeds the document it renders as `const __redoc_definition = {...};` (Redoc 2 said `__redoc_state`). */
function embedded(html: string, name: "__redoc_definition" | "__redoc_options"): unknown {
  const match = new RegExp(`const ${name} = (\\{.*\\});$`, "m").exec(html);
  if (!match?.[1]) throw new Error(`${name} not found in the page`);
  return JSON.parse(match[1]);
}

/** Matches with a little context, so that a failure shows the culprit and not a 2.5 MB page. */
function find(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) =>
    text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40),
  );
}

/** The page minus what is inside its scripts: the inlined bundle quotes HTML of its own (`<Link to>`). */
function withoutScriptBodies(text: string): string {
  return text.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, "$1$2");
}

let dir: string;
let html: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bahi-docs-test-"));
  build(join(dir, "index.html"));
  html = readFileSync(join(dir, "index.html"), "utf8");
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the built page", () => {
  it("is a single file that loads nothing else", () => {
    expect(readdirSync(dir)).toEqual(["index.html"]);
    const markup = withoutScriptBodies(html);
    expect(find(markup, /<link\b[^>]*>/gi)).toEqual([]);
    expect(find(markup, /<(?:iframe|object|embed|base)\b[^>]*>/gi)).toEqual([]);
    expect(find(markup, /@import\b[^;]*/gi)).toEqual([]);
    expect(find(markup, /<script\b[^>]*\bsrc\s*=[^>]*>/gi)).toEqual([]);
    // Every src attribute in the markup is inline data.
    expect(find(markup, /\ssrc\s*=\s*["']?(?!data:)[^"'\s>]*/gi)).toEqual([]);
  });

  it("has no src or href pointing at another origin, anywhere in the file", () => {
    expect(find(html, /\b(?:src|href)\s*=\s*[`"']?\s*(?:https?:|\/\/)[^\s"'`>]*/gi)).toEqual([]);
    // The same in the inlined Redoc bundle's JSX (`src:` / `href:` props).
    expect(find(html, /\b(?:src|href)\s*:\s*[`"']\s*(?:https?:|\/\/)[^\s"'`>]*/gi)).toEqual([]);
  });

  it("names no CDN and no Google Fonts", () => {
    expect(find(html, /fonts\.googleapis|fonts\.gstatic|cdn\./gi)).toEqual([]);
  });

  it("is titled", () => {
    expect(withoutScriptBodies(html).match(/<title>[^<]*<\/title>/g)).toEqual([
      "<title>Bahi API reference</title>",
    ]);
  });

  it("carries a strict Content-Security-Policy that admits exactly its own inline scripts", () => {
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
    expect(meta).not.toBeNull();
    // A policy only governs what comes after it.
    expect(meta?.index).toBeLessThan(html.search(/<script\b/));
    expect(meta?.index).toBeLessThan(html.search(/<style\b/));

    const directives = new Map(
      (meta?.[1] ?? "").split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'none'"]);
    expect(directives.get("form-action")).toEqual(["'none'"]);
    // No origin, scheme wildcard or host anywhere: only keywords, hashes and data:.
    for (const values of directives.values()) {
      for (const value of values)
        expect(value).toMatch(/^(?:'none'|'unsafe-inline'|'sha256-[A-Za-z0-9+/]+=*'|data:)$/);
    }
    expect(directives.get("style-src")).toEqual(["'unsafe-inline'"]);

    const scriptSrc = directives.get("script-src") ?? [];
    expect(scriptSrc.every((v) => v.startsWith("'sha256-"))).toBe(true);
    const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(
      ([, body]) =>
        `'sha256-${createHash("sha256")
          .update(body ?? "", "utf8")
          .digest("base64")}'`,
    );
    expect(hashes.length).toBeGreaterThan(0);
    expect(new Set(scriptSrc)).toEqual(new Set(hashes));
  });

  it("embeds the committed bundled spec, with every operationId", () => {
    const ids = operationIds(bundledSpec);
    expect(ids.length).toBeGreaterThan(0);
    const definition = embedded(html, "__redoc_definition");
    expect(operationIds(definition).sort()).toEqual([...ids].sort());
    expect(definition).toEqual(bundledSpec);
  });

  it("is built with Redoc's telemetry disabled", () => {
    expect(embedded(html, "__redoc_options")).toMatchObject({ disableTelemetry: true });
  });

  it("is the same byte for byte when built again", () => {
    const other = mkdtempSync(join(tmpdir(), "bahi-docs-again-"));
    try {
      build(join(other, "index.html"));
      // Not toBe: a 2.5 MB diff would drown the report.
      expect(readFileSync(join(other, "index.html"), "utf8") === html).toBe(true);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("docsHtmlPath and readDocsHtml", () => {
  it("point at dist/index.html of this package", () => {
    expect(isAbsolute(docsHtmlPath())).toBe(true);
    expect(docsHtmlPath()).toBe(join(pkg, "dist", "index.html"));
  });

  it("read the built page", () => {
    expect(readDocsHtml(join(dir, "index.html"))).toBe(html);
  });

  it("say how to build the page when it is not built", () => {
    const page = readDocsHtml(join(dir, "missing", "index.html"));
    expect(page).toContain(DOCS_BUILD_COMMAND);
    expect(DOCS_BUILD_COMMAND).toBe("pnpm --filter @bahi/docs build");
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(find(page, /\b(?:src|href)\s*=/gi)).toEqual([]);
  });

  it("do not hide other read errors", () => {
    expect(() => readDocsHtml(dir)).toThrow(/EISDIR/);
  });
});
