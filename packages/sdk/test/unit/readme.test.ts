import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("the README", () => {
  it("shows only code that is in examples/, which CI type-checks", () => {
    const examples = readdirSync(new URL("../../examples", import.meta.url))
      .map((file) => read(`examples/${file}`))
      .join("\n");
    const blocks = [...read("README.md").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => (m[1] ?? "").trim());
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    for (const block of blocks) expect(examples, block).toContain(block);
  });
});
