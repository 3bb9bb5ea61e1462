import { operationList } from "@bahi/contract";
import fc from "fast-check";
import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { SegmentRouter } from "../src/speed/segment-router.js";

const METHODS = ["GET", "POST", "PATCH", "DELETE", "PUT", "OPTIONS"];

/** Both routers holding what the app mounts: its two middlewares, its own paths, every operation. */
function routers() {
  const trie = new TrieRouter<string>();
  const segment = new SegmentRouter<string>();
  for (const router of [trie, segment]) {
    router.add("ALL", "*", "request id");
    router.add("ALL", "/v1/*", "authentication");
    for (const path of ["/healthz", "/readyz", "/openapi.json", "/docs"]) router.add("GET", path, path);
    for (const op of operationList) {
      router.add(op.method, op.path.replace(/\{([^}]+)\}/g, ":$1"), op.operationId);
    }
  }
  return { trie, segment };
}

/** Segments the spec's paths use, and others: paths made of them hit routes, near-misses and none. */
const segmentWords = [
  ...new Set(operationList.flatMap((op) => op.path.split("/").filter((s) => s && !s.startsWith("{")))),
  "inv_01kb0000000000000000000001",
  "prd_x",
  "x%20y",
  "",
  "healthz",
  "V1",
  "v1x",
];

describe("SegmentRouter", () => {
  it("answers every path as Hono's TrieRouter does: the same handlers, in order, with the same parameters", () => {
    const { trie, segment } = routers();
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        fc.oneof(
          fc.array(fc.constantFrom(...segmentWords), { maxLength: 6 }),
          // An operation's path with any word, the empty one included, in its parameters' place,
          // and sometimes a segment more.
          fc
            .tuple(
              fc.constantFrom(...operationList.map((op) => op.path.split("/").slice(1))),
              fc.infiniteStream(fc.constantFrom(...segmentWords)),
              fc.option(fc.constantFrom(...segmentWords)),
            )
            .map(([template, words, extra]) => [
              ...template.map((part) => (part.startsWith("{") ? (words.next().value as string) : part)),
              ...(extra === null ? [] : [extra]),
            ]),
        ),
        (method, segments) => {
          const path = `/${segments.join("/")}`;
          expect(segment.match(method, path)).toEqual(trie.match(method, path));
          // A second time: from the answers kept for literal paths.
          expect(segment.match(method, path)).toEqual(trie.match(method, path));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("answers each operation's own path, with the parameter where the spec has one", () => {
    const { trie, segment } = routers();
    for (const op of operationList) {
      for (const method of METHODS) {
        const path = op.path.replace(/\{[^}]+\}/g, "abc_123");
        expect(segment.match(method, path)).toEqual(trie.match(method, path));
      }
    }
    expect(segment.match("GET", "/v1/invoices/inv_1")).toEqual([
      [
        ["request id", {}],
        ["authentication", {}],
        ["retrieveInvoice", { id: "inv_1" }],
      ],
    ]);
  });

  it("lists both routes where two overlap, the one added first first, as Hono's routers do", () => {
    const { trie, segment } = routers();
    const path = "/v1/products/imports/stock_movements";
    expect(segment.match("GET", path)).toEqual(trie.match("GET", path));
    const [handlers] = segment.match("GET", path);
    expect(handlers.map(([name]) => name)).toEqual([
      "request id",
      "authentication",
      "listStockMovements",
      "retrieveProductImport",
    ]);
  });

  it("refuses a route added after the first match, and a path shape it does not know", () => {
    const router = new SegmentRouter<string>();
    router.add("GET", "/a/:id", "a");
    router.match("GET", "/a/1");
    expect(() => router.add("GET", "/b", "b")).toThrow(/before the first request/);
    expect(() => new SegmentRouter<string>().add("GET", "/a/:id?", "a")).toThrow(/unsupported path/);
    expect(() => new SegmentRouter<string>().add("GET", "/a/:id{[0-9]+}", "a")).toThrow(/unsupported path/);
  });
});
