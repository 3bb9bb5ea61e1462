import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("../../scripts/code-samples.mjs", import.meta.url));
const generated = new URL("../generated/code-samples.ts", import.meta.url);
const spec = JSON.parse(
  readFileSync(new URL("../../../contract/generated/openapi.json", import.meta.url), "utf8"),
) as { paths: Record<string, Record<string, { operationId?: string; "x-codeSamples"?: unknown }>> };

interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const operations = Object.values(spec.paths).flatMap((item) =>
  Object.values(item).filter((op) => typeof op.operationId === "string"),
);

describe("the docs' code samples", () => {
  it("give every operation a sample in curl and in each SDK, each making its own client", () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) {
      const samples = (op["x-codeSamples"] ?? []) as CodeSample[];
      expect(
        samples.map((s) => `${s.lang}/${s.label}`),
        op.operationId,
      ).toEqual([
        "Shell/curl",
        "TypeScript/@bahi/sdk",
        "Python/bahi (Python)",
        "PHP/bahi/bahi-php",
        "Java/dev.bahi:bahi-java",
      ]);
      const made = {
        "@bahi/sdk": "new Bahi(",
        "bahi (Python)": "Bahi(",
        "bahi/bahi-php": "new \\Bahi\\Bahi(",
      };
      for (const sample of samples) {
        const construction = made[sample.label as keyof typeof made];
        if (construction) expect(sample.source, `${op.operationId} ${sample.label}`).toContain(construction);
      }
      expect(samples.find((s) => s.lang === "Java")?.source).toContain("Bahi.builder()");
    }
  });

  // tsc only checks what is in test/generated/code-samples.ts: a file older than the spec would let
  // a broken sample through.
  it("are all in the type-checked file, which is up to date with the spec", () => {
    const expected = execFileSync(process.execPath, [script, "--stdout"], { encoding: "utf8" });
    const actual = readFileSync(generated, "utf8");
    expect(actual === expected, "stale: run `pnpm --filter @bahi/sdk generate`").toBe(true);
    for (const op of operations) expect(actual).toContain(`export async function ${op.operationId}()`);
  });

  it("call the API on the local server the quick start starts, with a key in the environment", () => {
    for (const op of operations) {
      const curl = ((op["x-codeSamples"] ?? []) as CodeSample[]).find((s) => s.label === "curl");
      expect(curl?.source, op.operationId).toMatch(/^curl (?:-X [A-Z]+ )?"?http:\/\/127\.0\.0\.1:8080\/v1\//);
      // The JWKS is public; every other operation needs the key.
      if (op.operationId !== "retrieveEinvoiceJwks")
        expect(curl?.source, op.operationId).toContain('-H "Authorization: Bearer $BAHI_API_KEY"');
    }
  });
});
